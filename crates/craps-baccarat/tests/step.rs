//! The craps and baccarat rules steps: random playouts, the same games
//! through the steps and through the homework's functions, the simulator
//! and the transcript, and the generic exact evaluator against the exact
//! odds.
use craps_baccarat::baccarat::{self, Outcome};
use craps_baccarat::cards::Shoe;
use craps_baccarat::craps::{self, Phase};
use craps_baccarat::step::{BaccaratState, CrapsState};
use dice::SeededDice;
use game::{check, exact as generic};

#[test]
fn craps_random_playouts() {
    check::random_playouts(&CrapsState::default(), 3000, 4, 100_000, |a, b| {
        // Once a point is set it stays until the game ends.
        match (a.phase, b.phase) {
            (Phase::Point(p), Phase::Point(q)) if p != q => Err(format!("point {p} became {q}")),
            (Phase::Won | Phase::Lost, _) => Err("a finished game moved".into()),
            _ => Ok(()),
        }
    })
    .unwrap();
}

#[test]
fn craps_step_and_play_agree_on_the_same_dice() {
    for seed in 0..3000 {
        let g = craps::play(&mut SeededDice::new(seed, 0)).unwrap();
        let mut rolls = Vec::new();
        let mut d = SeededDice::new(seed, 0);
        let mut state = CrapsState::default();
        while state.phase.result().is_none() {
            let o = game::Step::sample_outcome(&state, &mut d).unwrap();
            rolls.push(o[0] + o[1]);
            game::Step::apply_outcome(&mut state, &o).unwrap();
        }
        assert_eq!(rolls, g.rolls, "seed {seed}");
        assert_eq!(state.phase.result(), Some(g.won));
    }
    // for_point(p) is the step from Phase::Point(p).
    for p in 2..=12 {
        for seed in 0..200 {
            let (won, rolls) = craps::for_point(p, &mut SeededDice::new(seed, 9)).unwrap();
            let mut phase = Phase::Point(p);
            for &s in &rolls {
                assert!(phase.result().is_none());
                phase = phase.after(s);
            }
            assert_eq!(phase.result(), Some(won));
        }
    }
}

#[test]
fn craps_generic_exact_is_244_over_495() {
    let v = generic::evaluate(&CrapsState::default(), |s| *s, game::Step::returns, 100).unwrap();
    let odds = craps::exact();
    assert!(
        (v[0] - odds.win.to_f64()).abs() < 1e-13,
        "{} vs {}",
        v[0],
        odds.win.to_f64()
    );
    assert!((v[0] - 244.0 / 495.0).abs() < 1e-13);
}

#[test]
fn baccarat_random_playouts() {
    for decks in [1, 2, 8] {
        check::random_playouts(&BaccaratState::new(decks).unwrap(), 2000, 6, 10, |a, b| {
            if b.dealt().len() != a.dealt().len() + 1 || b.dealt()[..a.dealt().len()] != *a.dealt()
            {
                return Err("cards dealt are not kept in order".into());
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{decks} decks: {e}"));
    }
}

/// The simulator's games and the stacked-deck transcripts, replayed card by
/// card through the step, end the same way.
#[test]
fn baccarat_simulator_and_transcript_agree_with_the_step() {
    let replay = |decks: u32, g: &baccarat::BaccaratGame| {
        let mut cards = vec![g.player[0], g.house[0], g.player[1], g.house[1]];
        cards.extend(g.player_third);
        cards.extend(g.house_third);
        let mut s = BaccaratState::new(decks).unwrap();
        for c in &cards {
            game::Step::apply_outcome(&mut s, c).unwrap();
        }
        assert_eq!(game::Step::turn(&s), game::Turn::Terminal, "{g:?}");
        assert_eq!(s.game().as_ref(), Some(g));
    };
    for decks in [1, 6] {
        let mut shoe = Shoe::new(decks).unwrap();
        let mut d = SeededDice::new(77, 0);
        for _ in 0..2500 {
            let g = baccarat::play(&mut shoe, &mut d).unwrap();
            replay(decks, &g);
        }
    }
    for entry in std::fs::read_dir(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/craps-baccarat"
    ))
    .unwrap()
    {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        let case: serde_json::Value = serde_json::from_str(&text).unwrap();
        if case["game"] != "baccarat" {
            continue;
        }
        // Fixtures of bad cards are about the parser, not the rules.
        let Ok(cards) = case["cards"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap().parse())
            .collect::<Result<Vec<_>, _>>()
        else {
            continue;
        };
        let decks = case["decks"].as_u64().unwrap_or(1) as u32;
        if let Ok(mut shoe) = Shoe::stacked(&cards, decks)
            && let Ok(g) = baccarat::play_stacked(&mut shoe)
        {
            replay(decks, &g);
        }
    }
}

#[test]
fn baccarat_generic_exact_equals_the_exact_odds() {
    let root = BaccaratState::new(1).unwrap();
    // Suits never matter: states with the same points in the same order are
    // one position.
    let key = |s: &BaccaratState| s.dealt().iter().map(|c| c.points()).collect::<Vec<u8>>();
    let v = generic::evaluate(
        &root,
        key,
        |s| {
            let mut r = game::Step::returns(s);
            r.push(f64::from(u8::from(
                s.game().is_some_and(|g| g.outcome == Outcome::Tie),
            )));
            r
        },
        2_000_000,
    )
    .unwrap();
    let odds = baccarat::exact_odds(1).unwrap();
    for (got, want) in v
        .iter()
        .zip([odds.player.to_f64(), odds.house.to_f64(), odds.tie.to_f64()])
    {
        assert!((got - want).abs() < 1e-12, "{v:?} vs {odds:?}");
    }
}

#[test]
fn craps_transcript_is_the_game_with_faces() {
    let mut named = std::collections::HashSet::new();
    for seed in 0..3000 {
        let g = craps::play(&mut SeededDice::new(seed, 0)).unwrap();
        let (rolls, won) = CrapsState::default()
            .transcript(&mut SeededDice::new(seed, 0))
            .unwrap();
        let sums: Vec<u32> = rolls.iter().map(|r| r.sum).collect();
        assert_eq!(sums, g.rolls, "seed {seed}");
        assert_eq!(won, g.won);
        for r in &rolls {
            assert!(r.dice.iter().all(|f| (1..=6).contains(f)));
            assert_eq!(r.dice[0] + r.dice[1], r.sum);
            assert_eq!(r.before.after(r.sum), r.after);
            named.insert(
                r.rule
                    .split(':')
                    .nth(1)
                    .unwrap_or("")
                    .split(',')
                    .next()
                    .unwrap()
                    .trim()
                    .to_string(),
            );
        }
    }
    // Naturals, craps, points set, seven outs, points made, and rolls again.
    assert!(named.len() >= 6, "{named:?}");
}

#[test]
fn baccarat_rules_applied_tell_the_game_recorded() {
    let mut shoe = Shoe::new(1).unwrap();
    let mut seen = [0usize; 3];
    for seed in 0..5000 {
        let g = baccarat::play(&mut shoe, &mut SeededDice::new(seed, 0)).unwrap();
        let lines = g.rules_applied();
        assert_eq!(lines.len(), if g.natural { 3 } else { 4 }, "{lines:?}");
        if !g.natural {
            assert_eq!(
                lines[1].contains("a third card"),
                g.player_third.is_some(),
                "{lines:?}"
            );
            assert_eq!(
                lines[2].contains("a third card"),
                g.house_third.is_some(),
                "{lines:?}"
            );
        }
        let last = lines.last().unwrap();
        let want = match g.outcome {
            Outcome::Player => "the player wins",
            Outcome::House => "the house wins",
            Outcome::Tie => "a tie",
        };
        assert!(last.contains(want), "{last}");
        seen[usize::from(g.player_third.is_some()) + usize::from(g.house_third.is_some())] += 1;
    }
    assert!(seen.iter().all(|&n| n > 100), "{seen:?}");
}

/// A game dealt on the rules step from a shuffled or a stacked shoe is the
/// fast game (`baccarat::play_with`) on the same cards.
#[test]
fn baccarat_dealt_on_the_step_is_the_fast_game() {
    let mut thirds = 0;
    for decks in [1, 8] {
        for seed in 0..2000 {
            let mut shoe = Shoe::new(decks).unwrap();
            let fast = baccarat::play(&mut shoe, &mut SeededDice::new(seed, 0)).unwrap();
            let mut dice = SeededDice::new(seed, 0);
            let stepped = BaccaratState::new(decks)
                .unwrap()
                .deal_with(|| shoe.deal_random(&mut dice))
                .unwrap();
            assert_eq!(stepped, fast, "{decks} decks, seed {seed}");
            thirds += usize::from(fast.player_third.is_some());
            // The same cards stacked, top first.
            let mut cards = vec![fast.player[0], fast.house[0], fast.player[1], fast.house[1]];
            cards.extend(fast.player_third);
            cards.extend(fast.house_third);
            let mut stacked = Shoe::stacked(&cards, decks).unwrap();
            let on_step = BaccaratState::new(decks)
                .unwrap()
                .deal_with(|| stacked.deal())
                .unwrap();
            assert_eq!(on_step, fast);
        }
    }
    assert!(thirds > 100, "{thirds}");
}
