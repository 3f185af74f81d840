//! The exact dynamic program against a brute-force recursion computed
//! another way (rules restated here, dice enumerated one die at a time),
//! optimality of the best response and the minimax strategy, and sampling
//! against exact.
use std::collections::HashMap;

use hog::{Rules, Strategy, exact, sample};

/// Brute force: the chance that the player to move wins, recursing on
/// every die. Rules restated from `docs/rules.md`, not taken from the
/// crate, with each special rule as a switch.
struct Brute<'a> {
    goal: u32,
    free_bacon: bool,
    hog_wild: bool,
    swine_swap: bool,
    strategies: [&'a Strategy; 2],
    memo: HashMap<(u32, u32, usize), f64>,
    rolls: HashMap<(u32, u32), Vec<(u32, f64)>>,
}

impl Brute<'_> {
    /// Chance that `who` (to move, with `mine` against `theirs`) wins.
    fn win(&mut self, mine: u32, theirs: u32, who: usize) -> f64 {
        if let Some(&v) = self.memo.get(&(mine, theirs, who)) {
            return v;
        }
        let n = self.strategies[who].rolls(mine, theirs);
        let sides = if self.hog_wild && (mine + theirs).is_multiple_of(7) {
            4
        } else {
            6
        };
        assert!(n > 0 || self.free_bacon, "0 dice without free bacon");
        let v = if n == 0 {
            let digits = [theirs / 10, theirs % 10];
            let bacon = 1 + digits.iter().max().unwrap();
            self.after(mine, theirs, bacon, who)
        } else {
            self.dice(mine, theirs, who, n, sides)
        };
        self.memo.insert((mine, theirs, who), v);
        v
    }

    /// Roll `n` dice: every sequence of faces, counted one die at a time
    /// as (sum, any 1 seen) states, then scored; exact rational chances.
    fn dice(&mut self, mine: u32, theirs: u32, who: usize, n: u32, sides: u32) -> f64 {
        let dist = self
            .rolls
            .entry((n, sides))
            .or_insert_with(|| {
                let mut states: HashMap<(u32, bool), u64> = HashMap::from([((0, false), 1)]);
                for _ in 0..n {
                    let mut next = HashMap::new();
                    for (&(sum, one), &ways) in &states {
                        for f in 1..=sides {
                            *next.entry((sum + f, one || f == 1)).or_insert(0) += ways;
                        }
                    }
                    states = next;
                }
                let mut points: HashMap<u32, u64> = HashMap::new();
                for ((sum, one), ways) in states {
                    *points.entry(if one { 1 } else { sum }).or_insert(0) += ways;
                }
                let all = u64::from(sides).pow(n) as f64;
                let mut v: Vec<(u32, f64)> = points
                    .into_iter()
                    .map(|(p, w)| (p, w as f64 / all))
                    .collect();
                v.sort_by_key(|x| x.0);
                v
            })
            .clone();
        dist.iter()
            .map(|&(points, chance)| chance * self.after(mine, theirs, points, who))
            .sum()
    }

    fn after(&mut self, mine: u32, theirs: u32, points: u32, who: usize) -> f64 {
        let (mut a, mut b) = (mine + points, theirs);
        if self.swine_swap && (a == 2 * b || b == 2 * a) {
            (a, b) = (b, a);
        }
        if a >= self.goal || b >= self.goal {
            return if a > b { 1.0 } else { 0.0 };
        }
        1.0 - self.win(b, a, 1 - who)
    }
}

impl<'a> Brute<'a> {
    fn new(rules: &Rules, strategies: [&'a Strategy; 2]) -> Brute<'a> {
        Brute {
            goal: rules.goal(),
            free_bacon: rules.free_bacon(),
            hog_wild: rules.hog_wild(),
            swine_swap: rules.swine_swap(),
            strategies,
            memo: HashMap::new(),
            rolls: HashMap::new(),
        }
    }
}

fn brute(a: &Strategy, b: &Strategy, rules: &Rules) -> (f64, f64) {
    let make = |strategies| Brute::new(rules, strategies);
    let mut first = make([a, b]);
    let p_first = first.win(0, 0, 0);
    let mut second = make([b, a]);
    let p_second = 1.0 - second.win(0, 0, 0);
    (p_first, p_second)
}

/// Every combination of the three switches at goal 20.
fn all_rules(goal: u32) -> Vec<Rules> {
    let mut out = Vec::new();
    for bits in 0..8 {
        out.push(Rules::new(goal, bits & 1 == 0, bits & 2 == 0, bits & 4 == 0).unwrap());
    }
    out
}

#[test]
fn exact_matches_brute_force_on_goal_20() {
    let rules = Rules::with_goal(20).unwrap();
    let small: Vec<Strategy> = vec![
        Strategy::Always(0),
        Strategy::Always(1),
        Strategy::Always(3),
        "bacon:6:2".parse().unwrap(),
        "swap:5:3".parse().unwrap(),
    ];
    for a in &small {
        for b in &small {
            let (f, s) = brute(a, b, &rules);
            let r = exact::average_win_rate(a, b, &rules).unwrap();
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
    let best = exact::best_response(&Strategy::Always(3), &rules).unwrap();
    let (f, s) = brute(&best.strategy, &Strategy::Always(3), &rules);
    assert!((best.rate.first - f).abs() < 1e-12 && (best.rate.second - s).abs() < 1e-12);
    let opt = exact::optimal(&rules);
    let (f, _) = brute(&opt.strategy, &opt.strategy, &rules);
    assert!((opt.first_player_win - f).abs() < 1e-12);
}

/// Each switch, and every combination of them, against the brute force
/// that restates the rules: evaluation, best response and minimax. A rule
/// wired to the wrong switch (or not at all) changes these values.
#[test]
fn rules_switches_match_brute_force_on_goal_20() {
    let rolling: Vec<Strategy> = vec![
        Strategy::Always(1),
        Strategy::Always(3),
        Strategy::Always(6),
    ];
    let mut seen = Vec::new();
    for rules in all_rules(20) {
        for a in &rolling {
            for b in &rolling {
                let (f, s) = brute(a, b, &rules);
                let r = exact::average_win_rate(a, b, &rules).unwrap();
                assert!(
                    (r.first - f).abs() < 1e-12 && (r.second - s).abs() < 1e-12,
                    "{} {a} vs {b}: {r:?} vs ({f}, {s})",
                    rules.describe()
                );
            }
        }
        let best = exact::best_response(&Strategy::Always(3), &rules).unwrap();
        let (f, s) = brute(&best.strategy, &Strategy::Always(3), &rules);
        assert!(
            (best.rate.first - f).abs() < 1e-12 && (best.rate.second - s).abs() < 1e-12,
            "{}",
            rules.describe()
        );
        let opt = exact::optimal(&rules);
        let (f, _) = brute(&opt.strategy, &opt.strategy, &rules);
        assert!(
            (opt.first_player_win - f).abs() < 1e-12,
            "{}",
            rules.describe()
        );
        if !rules.free_bacon() {
            assert!(
                opt.strategy.map()[..20]
                    .iter()
                    .all(|row| row[..20].iter().all(|&n| n > 0)),
                "no 0 without free bacon"
            );
            assert!(
                exact::average_win_rate(&Strategy::Always(0), &Strategy::Always(3), &rules)
                    .is_err()
            );
        }
        seen.push(opt.first_player_win);
    }
    // Every switch matters at goal 20: eight different game values.
    seen.sort_by(f64::total_cmp);
    seen.dedup_by(|a, b| (*a - *b).abs() < 1e-12);
    assert_eq!(seen.len(), 8, "{seen:?}");
}

/// Sampled games under switched rules agree with the exact rates.
#[test]
fn sampled_switched_rules_match_exact() {
    let (a, b) = (Strategy::Always(4), Strategy::Always(6));
    for rules in [
        Rules::new(100, false, false, false).unwrap(),
        Rules::new(60, true, false, true).unwrap(),
        Rules::new(100, true, true, false).unwrap(),
    ] {
        let e = exact::average_win_rate(&a, &b, &rules).unwrap();
        let x = sample::average_win_rate(&a, &b, 100_000, &rules, 5, 2).unwrap();
        assert!(
            (x.average - e.average).abs() < 4.5 * x.standard_error,
            "{}: sampled {} exact {}",
            rules.describe(),
            x.average,
            e.average
        );
    }
}

/// A tournament's matrix is the pairwise rates, each pair summing to 1.
#[test]
fn tournament_equals_pairwise_rates() {
    let rules = Rules::HANDOUT;
    let names = ["always:5", "swap", "final", "bacon:6:4"];
    let strategies: Vec<Strategy> = names.iter().map(|n| n.parse().unwrap()).collect();
    let t = exact::tournament(&strategies, &rules, 2).unwrap();
    assert_eq!(t, exact::tournament(&strategies, &rules, 1).unwrap());
    for i in 0..4 {
        assert_eq!(t.matrix[i][i], 0.5);
        for j in 0..4 {
            if i != j {
                let r = exact::average_win_rate(&strategies[i], &strategies[j], &rules).unwrap();
                assert!((t.matrix[i][j] - r.average).abs() < 1e-12);
                assert!((t.matrix[i][j] + t.matrix[j][i] - 1.0).abs() < 1e-12);
            }
        }
    }
    // final beats everyone here on average; always:5 is last.
    assert_eq!(t.strategies[t.ranking[0]], "final");
    assert_eq!(t.strategies[t.ranking[3]], "always:5");
    assert!(exact::tournament(&strategies[..1], &rules, 1).is_err());
}

#[test]
fn final_strategy_wins_at_least_0_59_and_nothing_beats_it() {
    let five = Strategy::Always(5);
    let rules = Rules::HANDOUT;
    let best = exact::best_response(&five, &rules).unwrap();
    assert!(best.rate.average >= 0.59, "{}", best.rate.average);
    // Its rate, evaluated by the plain evaluator, is the same.
    let again = exact::average_win_rate(&best.strategy, &five, &rules).unwrap();
    assert!((again.average - best.rate.average).abs() < 1e-12);
    // No named strategy does better...
    for s in [
        "always:4", "always:6", "bacon", "swap", "swap:6:4", "optimal",
    ] {
        let s: Strategy = s.parse().unwrap();
        assert!(exact::average_win_rate(&s, &five, &rules).unwrap().average <= best.rate.average);
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
        let r = exact::average_win_rate(&other, &five, &rules)
            .unwrap()
            .average;
        assert!(r <= best.rate.average + 1e-12, "state {state} n {n}: {r}");
    }
}

#[test]
fn minimax_earns_its_value_against_anyone() {
    let rules = Rules::HANDOUT;
    let opt = exact::optimal(&rules);
    let v = opt.first_player_win;
    for s in [
        "always:0", "always:3", "always:5", "always:8", "bacon", "swap", "final",
    ] {
        let s: Strategy = s.parse().unwrap();
        let r = exact::average_win_rate(&opt.strategy, &s, &rules).unwrap();
        assert!(r.first >= v - 1e-12, "{s}: first {} < {v}", r.first);
        assert!(r.second >= 1.0 - v - 1e-12, "{s}: second {}", r.second);
    }
    let r = exact::average_win_rate(&opt.strategy, &opt.strategy, &rules).unwrap();
    assert!((r.first - v).abs() < 1e-12);
}

#[test]
fn sampled_win_rates_match_exact() {
    let five = Strategy::Always(5);
    for name in ["final", "swap", "always:7"] {
        let s: Strategy = name.parse().unwrap();
        let e = exact::average_win_rate(&s, &five, &Rules::HANDOUT)
            .unwrap()
            .average;
        let x = sample::average_win_rate(&s, &five, 200_000, &Rules::HANDOUT, 8, 2).unwrap();
        assert!(
            (x.average - e).abs() < 4.5 * x.standard_error,
            "{name}: sampled {} exact {e} se {}",
            x.average,
            x.standard_error
        );
    }
    let a = sample::average_win_rate(&five, &five, 30_000, &Rules::HANDOUT, 1, 1).unwrap();
    assert_eq!(
        a,
        sample::average_win_rate(&five, &five, 30_000, &Rules::HANDOUT, 1, 2).unwrap()
    );
}

/// The coach's chance for each choice is the brute-force chance of a
/// strategy that makes that choice at the state and plays the best
/// response (against the opponent) or the minimax strategy (under optimal
/// play) everywhere else; its best choices are those strategies' own.
#[test]
fn coach_values_are_brute_force_values_of_each_choice() {
    let opponent = Strategy::Always(4);
    for rules in all_rules(24) {
        let br = exact::best_response(&opponent, &rules).unwrap().strategy;
        let opt = exact::optimal(&rules).strategy;
        for (s, o) in [(0, 0), (7, 19), (20, 3)] {
            let c = exact::coach(&opponent, &rules, s, o).unwrap();
            assert_eq!(c.choices.len() as u32, 11 - rules.min_rolls());
            assert_eq!(c.best_against_opponent, br.rolls(s, o), "{rules:?} {s} {o}");
            assert_eq!(
                c.best_under_optimal_play,
                opt.rolls(s, o),
                "{rules:?} {s} {o}"
            );
            assert_eq!(c.opponent_would_roll, 4);
            for choice in &c.choices {
                let with = |base: &Strategy| {
                    let mut t = vec![0u8; 100 * 100];
                    for a in 0..100 {
                        for b in 0..100 {
                            t[a * 100 + b] = base.rolls(a as u32, b as u32) as u8;
                        }
                    }
                    t[s as usize * 100 + o as usize] = choice.rolls as u8;
                    Strategy::table("coached", t).unwrap()
                };
                let mover = with(&br);
                let mut b = Brute::new(&rules, [&mover, &opponent]);
                let want = b.win(s, o, 0);
                assert!(
                    (choice.against_opponent - want).abs() < 1e-12,
                    "{rules:?} {s} {o} {choice:?} {want}"
                );
                let mover = with(&opt);
                let mut b = Brute::new(&rules, [&mover, &opt]);
                let want = b.win(s, o, 0);
                assert!(
                    (choice.under_optimal_play - want).abs() < 1e-12,
                    "{rules:?} {s} {o} {choice:?} {want}"
                );
            }
        }
    }
    assert!(exact::coach(&opponent, &Rules::default(), 100, 0).is_err());
}

/// Where the game is already decided every choice is worth exactly 1 (or
/// exactly 0): values are sums of whole weights (sequences of faces) times
/// chances, divided once, so rounding cannot make one sure win look better
/// than another, and the fewest dice are taken. (Sums of rounded chances
/// gave 1.0000000000000004 and -4.4e-16 there, and chose 9 dice at a sure
/// win.)
#[test]
fn decided_states_are_exact_and_take_the_fewest_dice() {
    let rules = Rules::default();
    let five = Strategy::Always(5);
    let fin = exact::final_strategy(&rules);
    let opt = exact::optimal(&rules).strategy;
    // 99 against 20: every roll reaches 100, which is not double 20.
    let c = exact::coach(&five, &rules, 99, 20).unwrap();
    assert!(
        c.choices
            .iter()
            .all(|x| x.against_opponent == 1.0 && x.under_optimal_play == 1.0),
        "{c:?}"
    );
    assert_eq!((c.best_against_opponent, c.best_under_optimal_play), (0, 0));
    assert_eq!((fin.rolls(99, 20), opt.rolls(99, 20)), (0, 0));
    // 0 against 99: no turn from 0 reaches 100 or a swap with 99, and the
    // other then wins with free bacon (99 + 10, never double anything).
    let c = exact::coach(&five, &rules, 0, 99).unwrap();
    assert!(
        c.choices.iter().all(|x| x.under_optimal_play == 0.0),
        "{c:?}"
    );
    assert_eq!((c.best_under_optimal_play, opt.rolls(0, 99)), (0, 0));
    // Every state of every rule set at goal 20: chances stay in [0, 1],
    // those within rounding of certainty are certain, and the coach's best
    // choices are the strategies' own.
    let opponent = Strategy::Always(3);
    for rules in all_rules(20) {
        let br = exact::best_response(&opponent, &rules).unwrap().strategy;
        let opt = exact::optimal(&rules).strategy;
        let mut decided = 0;
        for s in 0..20 {
            for o in 0..20 {
                let c = exact::coach(&opponent, &rules, s, o).unwrap();
                assert_eq!(c.best_against_opponent, br.rolls(s, o), "{rules:?} {s} {o}");
                assert_eq!(
                    c.best_under_optimal_play,
                    opt.rolls(s, o),
                    "{rules:?} {s} {o}"
                );
                for x in &c.choices {
                    for v in [x.against_opponent, x.under_optimal_play] {
                        assert!((0.0..=1.0).contains(&v), "{rules:?} {s} {o} {x:?}");
                        if v > 1.0 - 1e-15 {
                            assert_eq!(v, 1.0, "{rules:?} {s} {o} {x:?}");
                        }
                        if v < 1e-15 {
                            assert_eq!(v, 0.0, "{rules:?} {s} {o} {x:?}");
                        }
                    }
                }
                let first = &c.choices[0];
                if c.choices
                    .iter()
                    .all(|x| x.under_optimal_play == first.under_optimal_play)
                {
                    decided += 1;
                    assert_eq!(opt.rolls(s, o), rules.min_rolls(), "{rules:?} {s} {o}");
                }
            }
        }
        assert!(decided > 0, "{rules:?}");
    }
}

/// The coach against the minimax strategy, built once, is the coach given
/// that strategy: every rule set, several states; and it refuses what the
/// coach refuses.
#[test]
fn coach_vs_optimal_is_the_coach_against_the_minimax_strategy() {
    for rules in all_rules(24) {
        let opt = exact::optimal(&rules).strategy;
        for (s, o) in [(0, 0), (7, 19), (20, 3), (23, 23), (11, 22)] {
            assert_eq!(
                exact::coach_vs_optimal(&rules, s, o).unwrap(),
                exact::coach(&opt, &rules, s, o).unwrap(),
                "{rules:?} {s} {o}"
            );
        }
        assert!(exact::coach_vs_optimal(&rules, 24, 0).is_err());
    }
}
