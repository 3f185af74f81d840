//! `Position::play_reported` against a seed-by-seed sowing written here
//! from the rules, over random games on several boards and both capture
//! rules: the board after, where the last seed fell, extra turns,
//! captures and the end of the game.

use mancala::{CaptureRule, Move, Position};

/// One move sown a seed at a time (the rules as `docs/rules.md` has them).
fn naive(board: &[u32], m: usize, me: usize, pit: usize, rule: CaptureRule) -> (Vec<u32>, Move) {
    let mut b = board.to_vec();
    let (mine, store, theirs_store) = if me == 0 {
        (0, m, 2 * m + 1)
    } else {
        (m + 1, 2 * m + 1, m)
    };
    let start = mine + pit;
    let seeds = b[start];
    b[start] = 0;
    let mut at = start;
    for _ in 0..seeds {
        loop {
            at = (at + 1) % (2 * m + 2);
            if at != theirs_store {
                break;
            }
        }
        b[at] += 1;
    }
    let mut captured = 0;
    let own = mine..mine + m;
    if own.contains(&at) && b[at] == 1 {
        let opposite = 2 * m - at;
        if b[opposite] > 0 || rule == CaptureRule::Empty {
            captured = 1 + b[opposite];
            b[store] += captured;
            b[at] = 0;
            b[opposite] = 0;
        }
    }
    let over = b[0..m].iter().all(|&x| x == 0) || b[m + 1..2 * m + 1].iter().all(|&x| x == 0);
    if over {
        let left0: u32 = b[0..m].iter().sum();
        let left1: u32 = b[m + 1..2 * m + 1].iter().sum();
        b[m] += left0;
        b[2 * m + 1] += left1;
        for i in (0..m).chain(m + 1..2 * m + 1) {
            b[i] = 0;
        }
    }
    let report = Move {
        player: me,
        pit,
        seeds,
        last: at,
        extra_turn: at == store && !over,
        captured,
        game_over: over,
    };
    (b, report)
}

#[test]
fn reported_moves_match_seed_by_seed_sowing() {
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let mut next = |n: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n as u64) as usize
    };
    let (mut captures, mut extra, mut laps) = (0, 0, 0);
    for rule in [CaptureRule::Handout, CaptureRule::Empty] {
        for (m, n) in [(4, 3), (6, 4), (3, 9), (1, 2)] {
            for _ in 0..300 {
                let mut p = Position::kalah(m, n, rule).unwrap();
                while !p.is_over() {
                    let legal = p.legal_moves();
                    let pit = legal[next(legal.len())];
                    let (want_board, want) = naive(p.board(), m, p.to_move(), pit, rule);
                    let got = p.play_reported(pit).unwrap();
                    assert_eq!(got, want, "{m}x{n} {rule:?}");
                    assert_eq!(p.board(), &want_board[..]);
                    if !want.game_over {
                        assert_eq!(p.to_move() == want.player, want.extra_turn);
                    }
                    captures += usize::from(got.captured > 0);
                    extra += usize::from(got.extra_turn);
                    laps += usize::from(got.seeds as usize > 2 * m + 1);
                }
            }
        }
    }
    // The random games reach every case.
    assert!(
        captures > 1000 && extra > 1000 && laps > 10,
        "{captures} {extra} {laps}"
    );
    let mut p = Position::kalah(4, 3, CaptureRule::Handout).unwrap();
    assert!(p.play_reported(4).is_err());
    p.play(0).unwrap();
    assert!(p.play_reported(0).is_ok());
}
