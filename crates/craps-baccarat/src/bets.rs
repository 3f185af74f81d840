//! The house edge of every common craps bet, exactly, from the 36 equally
//! likely rolls of two dice. The handout plays only the pass line; the
//! other bets are the standard casino table's (pays as printed on most
//! layouts, `docs/rules.md` lists them).
//!
//! A bet is a rule on each roll: it wins (paying so much to 1), loses,
//! pushes, or stays up. The line bets (pass, don't pass, come, don't come)
//! have two phases: the come-out, then a point. The edge is the expected
//! loss per unit: per bet made for the line bets (don't pass counts its
//! push on 12), per bet resolved for the bets that stay up (place,
//! hardways, big 6 and 8, odds), per roll for one-roll bets.
//!
//! ```
//! use craps_baccarat::bets::{self, Edge};
//!
//! let all = bets::edges();
//! let edge = |name: &str| all.iter().find(|b| b.name == name).unwrap().house_edge.to_string();
//! assert_eq!(edge("pass"), "7/495");
//! assert_eq!(edge("don't pass"), "3/220");
//! assert_eq!(edge("place 6"), "1/66");
//! assert_eq!(edge("field"), "1/18");
//! assert_eq!(edge("odds on 4"), "0/1");
//! ```

use crate::Ratio;

/// A rational number with a sign, for expected returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Q {
    num: i128,
    den: i128,
}

impl Q {
    fn new(num: i128, den: i128) -> Q {
        let g = gcd(num.unsigned_abs(), den.unsigned_abs()).max(1) as i128;
        let s = if den < 0 { -1 } else { 1 };
        Q {
            num: s * num / g,
            den: s * den / g,
        }
    }
    fn add(self, o: Q) -> Q {
        Q::new(self.num * o.den + o.num * self.den, self.den * o.den)
    }
    fn mul(self, o: Q) -> Q {
        Q::new(self.num * o.num, self.den * o.den)
    }
    fn div(self, o: Q) -> Q {
        Q::new(self.num * o.den, self.den * o.num)
    }
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// What one roll does to a bet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Roll {
    /// The bet wins, paying `num` to `den` (7 to 6 is `(7, 6)`).
    Win(u32, u32),
    /// The bet loses its stake.
    Lose,
    /// The stake comes back.
    Push,
    /// The bet stays up.
    Stays,
    /// A line bet's come-out sets this point (the point phase follows).
    Point(u32),
}

/// How a bet resolves, roll by roll: `(first die, second die) -> Roll`.
pub type Rule = fn(u32, u32) -> Roll;

/// A point phase's rule for point `p`.
type PointRule = fn(u32) -> Box<dyn Fn(u32, u32) -> Roll>;

/// A bet and its exact house edge.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Edge {
    /// The bet's name (`pass`, `place 6`, `hard 8`, `any 7`).
    pub name: &'static str,
    /// What it pays, as on the layout (`1 to 1`, `7 to 6`).
    pub pays: &'static str,
    /// When it wins and loses, in words.
    pub rule: &'static str,
    /// Whether one roll always settles it.
    pub one_roll: bool,
    /// The expected loss per unit staked (see the module docs for per
    /// what), exactly.
    pub house_edge: Ratio,
    /// The same as a number.
    pub house_edge_percent: f64,
}

/// A single-phase bet's expected return per resolution (`Stays` rolls
/// left out).
fn per_resolution(rule: impl Fn(u32, u32) -> Roll) -> Q {
    let mut total = Q::new(0, 1);
    let mut resolved = 0i128;
    for a in 1..=6 {
        for b in 1..=6 {
            let r = match rule(a, b) {
                Roll::Win(n, d) => Q::new(i128::from(n), i128::from(d)),
                Roll::Lose => Q::new(-1, 1),
                Roll::Push => Q::new(0, 1),
                Roll::Stays | Roll::Point(_) => continue,
            };
            total = total.add(r);
            resolved += 1;
        }
    }
    total.div(Q::new(resolved, 1))
}

/// A line bet's expected return per bet made: the come-out's rolls, then
/// for each point the point phase's return per resolution.
fn per_bet_made(come_out: Rule, point: PointRule) -> Q {
    let mut total = Q::new(0, 1);
    for a in 1..=6 {
        for b in 1..=6 {
            let r = match come_out(a, b) {
                Roll::Win(n, d) => Q::new(i128::from(n), i128::from(d)),
                Roll::Lose => Q::new(-1, 1),
                Roll::Push | Roll::Stays => Q::new(0, 1),
                Roll::Point(p) => per_resolution(point(p)),
            };
            total = total.add(r.mul(Q::new(1, 36)));
        }
    }
    total
}

/// The pass line's come-out (the handout's rule).
fn pass_come_out(a: u32, b: u32) -> Roll {
    match a + b {
        7 | 11 => Roll::Win(1, 1),
        2 | 3 | 12 => Roll::Lose,
        p => Roll::Point(p),
    }
}

/// Don't pass: the reverse, with 12 a push ("bar 12").
fn dont_pass_come_out(a: u32, b: u32) -> Roll {
    match a + b {
        7 | 11 => Roll::Lose,
        2 | 3 => Roll::Win(1, 1),
        12 => Roll::Push,
        p => Roll::Point(p),
    }
}

fn pass_point(p: u32) -> Box<dyn Fn(u32, u32) -> Roll> {
    Box::new(move |a, b| match a + b {
        s if s == p => Roll::Win(1, 1),
        7 => Roll::Lose,
        _ => Roll::Stays,
    })
}

fn dont_pass_point(p: u32) -> Box<dyn Fn(u32, u32) -> Roll> {
    Box::new(move |a, b| match a + b {
        7 => Roll::Win(1, 1),
        s if s == p => Roll::Lose,
        _ => Roll::Stays,
    })
}

/// A bet on `n` before 7 paying `num` to `den`.
fn before_seven(n: u32, num: u32, den: u32) -> impl Fn(u32, u32) -> Roll {
    move |a, b| match a + b {
        s if s == n => Roll::Win(num, den),
        7 => Roll::Lose,
        _ => Roll::Stays,
    }
}

/// 7 before `n` paying `num` to `den` (laying odds against a point).
fn seven_before(n: u32, num: u32, den: u32) -> impl Fn(u32, u32) -> Roll {
    move |a, b| match a + b {
        7 => Roll::Win(num, den),
        s if s == n => Roll::Lose,
        _ => Roll::Stays,
    }
}

/// Hard `n` (both dice `n / 2`) before 7 or an easy `n`.
fn hard(n: u32, pays: u32) -> impl Fn(u32, u32) -> Roll {
    move |a, b| {
        if a + b == 7 || (a + b == n && a != b) {
            Roll::Lose
        } else if a + b == n {
            Roll::Win(pays, 1)
        } else {
            Roll::Stays
        }
    }
}

/// A one-roll bet on the sums in `wins`, each paying its own.
fn one_roll(wins: &'static [(u32, u32)]) -> impl Fn(u32, u32) -> Roll {
    move |a, b| match wins.iter().find(|(s, _)| *s == a + b) {
        Some(&(_, pays)) => Roll::Win(pays, 1),
        None => Roll::Lose,
    }
}

/// `q`, a loss, as a house edge.
fn edge(
    name: &'static str,
    pays: &'static str,
    rule: &'static str,
    one_roll: bool,
    ret: Q,
) -> Edge {
    let loss = Q::new(-ret.num, ret.den);
    let house_edge = Ratio::new(loss.num.max(0) as u128, loss.den as u128);
    Edge {
        name,
        pays,
        rule,
        one_roll,
        house_edge,
        house_edge_percent: 100.0 * house_edge.to_f64(),
    }
}

/// Every bet of [`edges`], by name.
pub const NAMES: [&str; 27] = [
    "pass",
    "don't pass",
    "come",
    "don't come",
    "odds on 4",
    "odds on 5",
    "odds on 6",
    "lay odds on 4",
    "lay odds on 5",
    "lay odds on 6",
    "place 4",
    "place 5",
    "place 6",
    "place 8",
    "place 9",
    "place 10",
    "big 6",
    "big 8",
    "hard 4",
    "hard 6",
    "hard 8",
    "hard 10",
    "field",
    "any 7",
    "any craps",
    "yo (11)",
    "twelve",
];

/// The house edge of every bet in [`NAMES`], in that order.
pub fn edges() -> Vec<Edge> {
    let pass = per_bet_made(pass_come_out, pass_point);
    let dont = per_bet_made(dont_pass_come_out, dont_pass_point);
    vec![
        edge(
            "pass",
            "1 to 1",
            "come-out: wins on 7 or 11, loses on 2, 3, 12; then the point before a 7",
            false,
            pass,
        ),
        edge(
            "don't pass",
            "1 to 1",
            "come-out: wins on 2 or 3, loses on 7 or 11, 12 pushes; then a 7 before the point",
            false,
            dont,
        ),
        edge(
            "come",
            "1 to 1",
            "as pass, made after the come-out: the next roll is its come-out",
            false,
            pass,
        ),
        edge(
            "don't come",
            "1 to 1",
            "as don't pass, made after the come-out",
            false,
            dont,
        ),
        edge(
            "odds on 4",
            "2 to 1",
            "behind pass on point 4 or 10: the point before a 7, at true odds",
            false,
            per_resolution(before_seven(4, 2, 1)),
        ),
        edge(
            "odds on 5",
            "3 to 2",
            "behind pass on point 5 or 9",
            false,
            per_resolution(before_seven(5, 3, 2)),
        ),
        edge(
            "odds on 6",
            "6 to 5",
            "behind pass on point 6 or 8",
            false,
            per_resolution(before_seven(6, 6, 5)),
        ),
        edge(
            "lay odds on 4",
            "1 to 2",
            "behind don't pass on point 4 or 10: a 7 before the point, at true odds",
            false,
            per_resolution(seven_before(4, 1, 2)),
        ),
        edge(
            "lay odds on 5",
            "2 to 3",
            "behind don't pass on point 5 or 9",
            false,
            per_resolution(seven_before(5, 2, 3)),
        ),
        edge(
            "lay odds on 6",
            "5 to 6",
            "behind don't pass on point 6 or 8",
            false,
            per_resolution(seven_before(6, 5, 6)),
        ),
        edge(
            "place 4",
            "9 to 5",
            "a 4 before a 7",
            false,
            per_resolution(before_seven(4, 9, 5)),
        ),
        edge(
            "place 5",
            "7 to 5",
            "a 5 before a 7",
            false,
            per_resolution(before_seven(5, 7, 5)),
        ),
        edge(
            "place 6",
            "7 to 6",
            "a 6 before a 7",
            false,
            per_resolution(before_seven(6, 7, 6)),
        ),
        edge(
            "place 8",
            "7 to 6",
            "an 8 before a 7",
            false,
            per_resolution(before_seven(8, 7, 6)),
        ),
        edge(
            "place 9",
            "7 to 5",
            "a 9 before a 7",
            false,
            per_resolution(before_seven(9, 7, 5)),
        ),
        edge(
            "place 10",
            "9 to 5",
            "a 10 before a 7",
            false,
            per_resolution(before_seven(10, 9, 5)),
        ),
        edge(
            "big 6",
            "1 to 1",
            "a 6 before a 7",
            false,
            per_resolution(before_seven(6, 1, 1)),
        ),
        edge(
            "big 8",
            "1 to 1",
            "an 8 before a 7",
            false,
            per_resolution(before_seven(8, 1, 1)),
        ),
        edge(
            "hard 4",
            "7 to 1",
            "2 + 2 before a 7 or an easy 4",
            false,
            per_resolution(hard(4, 7)),
        ),
        edge(
            "hard 6",
            "9 to 1",
            "3 + 3 before a 7 or an easy 6",
            false,
            per_resolution(hard(6, 9)),
        ),
        edge(
            "hard 8",
            "9 to 1",
            "4 + 4 before a 7 or an easy 8",
            false,
            per_resolution(hard(8, 9)),
        ),
        edge(
            "hard 10",
            "7 to 1",
            "5 + 5 before a 7 or an easy 10",
            false,
            per_resolution(hard(10, 7)),
        ),
        edge(
            "field",
            "1 to 1; 2 to 1 on 2 and 12",
            "one roll: wins on 2, 3, 4, 9, 10, 11, 12",
            true,
            per_resolution(one_roll(&[
                (2, 2),
                (3, 1),
                (4, 1),
                (9, 1),
                (10, 1),
                (11, 1),
                (12, 2),
            ])),
        ),
        edge(
            "any 7",
            "4 to 1",
            "one roll: a 7",
            true,
            per_resolution(one_roll(&[(7, 4)])),
        ),
        edge(
            "any craps",
            "7 to 1",
            "one roll: 2, 3 or 12",
            true,
            per_resolution(one_roll(&[(2, 7), (3, 7), (12, 7)])),
        ),
        edge(
            "yo (11)",
            "15 to 1",
            "one roll: an 11",
            true,
            per_resolution(one_roll(&[(11, 15)])),
        ),
        edge(
            "twelve",
            "30 to 1",
            "one roll: a 12",
            true,
            per_resolution(one_roll(&[(12, 30)])),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(name: &str) -> Edge {
        edges().into_iter().find(|e| e.name == name).unwrap()
    }

    /// The published edges (Wizard of Odds' craps table), each computed
    /// here from the dice: a wrong rule (12 not a push, 7 to 6 read as 7
    /// to 5, the field's 2 and 12 at even money) changes its figure.
    #[test]
    fn edges_are_the_published_ones() {
        for (name, fraction, percent) in [
            ("pass", "7/495", 1.414),
            ("don't pass", "3/220", 1.364),
            ("place 6", "1/66", 1.515),
            ("place 5", "1/25", 4.0),
            ("place 4", "1/15", 6.667),
            ("field", "1/18", 5.556),
            ("big 8", "1/11", 9.091),
            ("hard 8", "1/11", 9.091),
            ("hard 4", "1/9", 11.111),
            ("any 7", "1/6", 16.667),
            ("any craps", "1/9", 11.111),
            ("yo (11)", "1/9", 11.111),
            ("twelve", "5/36", 13.889),
        ] {
            let e = of(name);
            assert_eq!(e.house_edge.to_string(), fraction, "{name}");
            assert!(
                (e.house_edge_percent - percent).abs() < 0.001,
                "{name}: {}",
                e.house_edge_percent
            );
        }
    }

    #[test]
    fn odds_bets_are_fair_and_names_match() {
        for name in [
            "odds on 4",
            "odds on 5",
            "odds on 6",
            "lay odds on 4",
            "lay odds on 5",
            "lay odds on 6",
        ] {
            assert_eq!(of(name).house_edge, Ratio::zero(), "{name}");
        }
        let names: Vec<&str> = edges().iter().map(|e| e.name).collect();
        assert_eq!(names, NAMES);
    }

    /// The pass line's edge agrees with the handout's game solved by
    /// [`crate::craps::exact`]: 1 - 2 P(win).
    #[test]
    fn pass_agrees_with_the_exact_game() {
        let win = crate::craps::exact().win;
        let loss = 1.0 - 2.0 * win.to_f64();
        assert!((of("pass").house_edge.to_f64() - loss).abs() < 1e-15);
    }
}
