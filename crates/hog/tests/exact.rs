//! The exact dynamic program against a brute-force recursion computed
//! another way (rules restated here, dice enumerated one die at a time),
//! optimality of the best response and the minimax strategy, and sampling
//! against exact.
use std::collections::HashMap;

use hog::{GOAL, Strategy, exact, sample};

/// Brute force: the chance that the player to move wins, recursing on
/// every die. Rules restated from `shared/RULES.md`, not taken from the
/// crate.
struct Brute<'a> {
    goal: u32,
    strategies: [&'a Strategy; 2],
    memo: HashMap<(u32, u32, usize), f64>,
}

impl Brute<'_> {
    /// Chance that `who` (to move, with `mine` against `theirs`) wins.
    fn win(&mut self, mine: u32, theirs: u32, who: usize) -> f64 {
        if let Some(&v) = self.memo.get(&(mine, theirs, who)) {
            return v;
        }
        let n = self.strategies[who].rolls(mine, theirs);
        let sides = if (mine + theirs).is_multiple_of(7) {
            4
        } else {
            6
        };
        let v = if n == 0 {
            let digits = [theirs / 10, theirs % 10];
            let bacon = 1 + digits.iter().max().unwrap();
            self.after(mine, theirs, bacon, who)
        } else {
            self.dice(mine, theirs, who, n, sides, 0, false)
        };
        self.memo.insert((mine, theirs, who), v);
        v
    }

    /// Roll the remaining `left` dice one at a time.
    #[allow(clippy::too_many_arguments)]
    fn dice(
        &mut self,
        mine: u32,
        theirs: u32,
        who: usize,
        left: u32,
        sides: u32,
        sum: u32,
        one: bool,
    ) -> f64 {
        if left == 0 {
            let points = if one { 1 } else { sum };
            return self.after(mine, theirs, points, who);
        }
        (1..=sides)
            .map(|f| self.dice(mine, theirs, who, left - 1, sides, sum + f, one || f == 1))
            .sum::<f64>()
            / f64::from(sides)
    }

    fn after(&mut self, mine: u32, theirs: u32, points: u32, who: usize) -> f64 {
        let (mut a, mut b) = (mine + points, theirs);
        if a == 2 * b || b == 2 * a {
            (a, b) = (b, a);
        }
        if a >= self.goal || b >= self.goal {
            return if a > b { 1.0 } else { 0.0 };
        }
        1.0 - self.win(b, a, 1 - who)
    }
}

fn brute(a: &Strategy, b: &Strategy, goal: u32) -> (f64, f64) {
    let mut first = Brute {
        goal,
        strategies: [a, b],
        memo: HashMap::new(),
    };
    let p_first = first.win(0, 0, 0);
    let mut second = Brute {
        goal,
        strategies: [b, a],
        memo: HashMap::new(),
    };
    let p_second = 1.0 - second.win(0, 0, 0);
    (p_first, p_second)
}

#[test]
fn exact_matches_brute_force_on_goal_20() {
    let goal = 20;
    let small: Vec<Strategy> = vec![
        Strategy::Always(0),
        Strategy::Always(1),
        Strategy::Always(3),
        "bacon:6:2".parse().unwrap(),
        "swap:5:3".parse().unwrap(),
    ];
    for a in &small {
        for b in &small {
            let (f, s) = brute(a, b, goal);
            let r = exact::average_win_rate(a, b, goal);
            assert!(
                (r.first - f).abs() < 1e-12,
                "{a} vs {b}: {} vs {f}",
                r.first
            );
            assert!(
                (r.second - s).abs() < 1e-12,
                "{a} vs {b}: {} vs {s}",
                r.second
            );
        }
    }
    // The best response and minimax tables at goal 20, evaluated by brute force.
    let best = exact::best_response(&Strategy::Always(3), goal);
    let (f, s) = brute(&best.strategy, &Strategy::Always(3), goal);
    assert!((best.rate.first - f).abs() < 1e-12 && (best.rate.second - s).abs() < 1e-12);
    let opt = exact::optimal(goal);
    let (f, _) = brute(&opt.strategy, &opt.strategy, goal);
    assert!((opt.first_player_win - f).abs() < 1e-12);
}

#[test]
fn final_strategy_wins_at_least_0_59_and_nothing_beats_it() {
    let five = Strategy::Always(5);
    let best = exact::best_response(&five, GOAL);
    assert!(best.rate.average >= 0.59, "{}", best.rate.average);
    // Its rate, evaluated by the plain evaluator, is the same.
    let again = exact::average_win_rate(&best.strategy, &five, GOAL);
    assert!((again.average - best.rate.average).abs() < 1e-12);
    // No named strategy does better...
    for s in [
        "always:4", "always:6", "bacon", "swap", "swap:6:4", "optimal",
    ] {
        let s: Strategy = s.parse().unwrap();
        assert!(exact::average_win_rate(&s, &five, GOAL).average <= best.rate.average);
    }
    // ...and no change of the table at one state does either.
    let Strategy::Table { rolls, .. } = &best.strategy else {
        panic!("a table")
    };
    let mut x = 12345u64;
    for _ in 0..300 {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let state = (x >> 33) as usize % rolls.len();
        let n = (x >> 20) as u8 % 11;
        let mut changed = rolls.to_vec();
        changed[state] = n;
        let other = Strategy::table("changed", changed).unwrap();
        let r = exact::average_win_rate(&other, &five, GOAL).average;
        assert!(r <= best.rate.average + 1e-12, "state {state} n {n}: {r}");
    }
}

#[test]
fn minimax_earns_its_value_against_anyone() {
    let opt = exact::optimal(GOAL);
    let v = opt.first_player_win;
    for s in [
        "always:0", "always:3", "always:5", "always:8", "bacon", "swap", "final",
    ] {
        let s: Strategy = s.parse().unwrap();
        let r = exact::average_win_rate(&opt.strategy, &s, GOAL);
        assert!(r.first >= v - 1e-12, "{s}: first {} < {v}", r.first);
        assert!(r.second >= 1.0 - v - 1e-12, "{s}: second {}", r.second);
    }
    let r = exact::average_win_rate(&opt.strategy, &opt.strategy, GOAL);
    assert!((r.first - v).abs() < 1e-12);
}

#[test]
fn sampled_win_rates_match_exact() {
    let five = Strategy::Always(5);
    for name in ["final", "swap", "always:7"] {
        let s: Strategy = name.parse().unwrap();
        let e = exact::average_win_rate(&s, &five, GOAL).average;
        let x = sample::average_win_rate(&s, &five, 200_000, GOAL, 8, 2).unwrap();
        assert!(
            (x.average - e).abs() < 4.5 * x.standard_error,
            "{name}: sampled {} exact {e} se {}",
            x.average,
            x.standard_error
        );
    }
    let a = sample::average_win_rate(&five, &five, 30_000, GOAL, 1, 1).unwrap();
    assert_eq!(
        a,
        sample::average_win_rate(&five, &five, 30_000, GOAL, 1, 2).unwrap()
    );
}
