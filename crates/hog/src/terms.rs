//! The special rules of other semesters of CS 61A's Hog, as values: each
//! [`Term`] names its zero-dice rule, its dice, its after-turn rules and its
//! extra-turn rule. Spring 2014 (the handout's game) is one of them, so the
//! general engine ([`crate::term_game`]) can be checked against the
//! optimised one; the CLI keeps the optimised path for it.
//!
//! Every rule function here is written from the source named by
//! [`Term::source`] (see `docs/hog.md`, "Other semesters") and tested
//! against that source's own doctests and test cases.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::HogError;

/// A published rule set of CS 61A's Hog, by the term its source labels it
/// with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Term {
    /// The handout's game: free bacon, hog wild, swine swap (doubles).
    Spring2014,
    /// Free bacon, swine swap on multiples, time trot.
    Fall2017,
    /// Free bacon = 10 - smaller digit, feral hogs, swine swap on digit
    /// products.
    Fall2019,
    /// Free bacon from the digits of pi; pig pass and swine align extra
    /// turns.
    Fall2020,
    /// Picky piggy (digits of 1/7), hog pile (equal scores double).
    Fall2021,
    /// Hefty hogs (digit functions), hog pile (equal ones digits).
    Spring2022,
    /// Boar brawl, sus fuss (also Summer 2023 and Spring 2024).
    Fall2023,
}

/// A special rule that can be switched off to measure what it does (see
/// [`crate::term_game::edge`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Special {
    /// The zero-dice rule (free bacon, picky piggy, hefty hogs, boar
    /// brawl): off, a turn rolls 1 to 10 dice.
    ZeroDice,
    /// Spring 2014's hog wild.
    HogWild,
    /// The swine swap of Spring 2014, Fall 2017 or Fall 2019.
    SwineSwap,
    /// Fall 2017's time trot.
    TimeTrot,
    /// Fall 2019's feral hogs.
    FeralHogs,
    /// Fall 2020's pig pass.
    PigPass,
    /// Fall 2020's swine align.
    SwineAlign,
    /// Fall 2021's or Spring 2022's hog pile.
    HogPile,
    /// Fall 2023's sus fuss.
    SusFuss,
}

impl Special {
    /// Whether the rule gives the mover another turn (time trot, pig
    /// pass, swine align).
    pub fn gives_turn(self) -> bool {
        matches!(
            self,
            Special::TimeTrot | Special::PigPass | Special::SwineAlign
        )
    }

    /// The rule's name in the term's words.
    pub fn name(self, term: Term) -> &'static str {
        match (self, term) {
            (Special::ZeroDice, Term::Fall2021) => "picky piggy",
            (Special::ZeroDice, Term::Spring2022) => "hefty hogs",
            (Special::ZeroDice, Term::Fall2023) => "boar brawl",
            (Special::ZeroDice, _) => "free bacon",
            (Special::HogWild, _) => "hog wild",
            (Special::SwineSwap, _) => "swine swap",
            (Special::TimeTrot, _) => "time trot",
            (Special::FeralHogs, _) => "feral hogs",
            (Special::PigPass, _) => "pig pass",
            (Special::SwineAlign, _) => "swine align",
            (Special::HogPile, _) => "hog pile",
            (Special::SusFuss, _) => "sus fuss",
        }
    }
}

/// What a turn's dice count and points leave behind for later turns, beyond
/// the scores: the extended state some rule sets need.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Memory {
    /// Fall 2019 (feral hogs): the points each player scored on their own
    /// previous turn (player 0's first; 0 before a player's first turn).
    pub last_points: [u32; 2],
    /// Fall 2017 (time trot): the turn number, counting every turn from 0,
    /// extra turns included.
    pub turn: u32,
    /// Fall 2017 (time trot): whether the turn just played was itself a
    /// time-trot extra turn (no two in a row).
    pub trotted: bool,
}

/// The digits of pi that Fall 2020's free bacon reads (the source's
/// `FIRST_101_DIGITS_OF_PI`, 3 first).
const PI: &[u8; 101] = b"31415926535897932384626433832795028841971693993751058209749445923078164062862089986280348253421170679";

impl Term {
    /// Every rule set, oldest first.
    pub const ALL: [Term; 7] = [
        Term::Spring2014,
        Term::Fall2017,
        Term::Fall2019,
        Term::Fall2020,
        Term::Fall2021,
        Term::Spring2022,
        Term::Fall2023,
    ];

    /// The name `--rules` takes.
    pub fn name(self) -> &'static str {
        match self {
            Term::Spring2014 => "spring2014",
            Term::Fall2017 => "fall2017",
            Term::Fall2019 => "fall2019",
            Term::Fall2020 => "fall2020",
            Term::Fall2021 => "fall2021",
            Term::Spring2022 => "spring2022",
            Term::Fall2023 => "fall2023",
        }
    }

    /// The rules in words, one line each.
    pub fn rules_in_words(self) -> &'static [&'static str] {
        match self {
            Term::Spring2014 => &[
                "pig out: any die showing 1 scores 1 for the turn",
                "free bacon: zero dice score 1 + the larger digit of the opponent's score",
                "hog wild: when the sum of both scores at the start of the turn is a multiple of 7 (0 included), the dice are four-sided",
                "swine swap: after every turn (the winning one too), if one score is exactly double the other, they swap",
            ],
            Term::Fall2017 => &[
                "pig out: any die showing 1 scores 1 for the turn",
                "free bacon: zero dice score 1 + the largest digit of the opponent's score",
                "swine swap: after the turn, if both scores are above 1 and one divides the other, they swap",
                "time trot: rolling as many dice as the turn number mod 8 (turns count from 0, extra turns included) gives an extra turn, never two in a row",
            ],
            Term::Fall2019 => &[
                "pig out: any die showing 1 scores 1 for the turn",
                "free bacon: zero dice score 10 - the smaller of the opponent's tens and ones digits",
                "feral hogs: rolling a number of dice exactly 2 away from the points the mover scored on their own previous turn (0 before their first; bonuses not counted) adds 3",
                "swine swap: after the turn, if first digit x last digit of both scores are equal (a one-digit score counts its digit twice), they swap",
            ],
            Term::Fall2020 => &[
                "pig out: any die showing 1 scores 1 for the turn",
                "free bacon: zero dice score 3 + the digit of pi at the opponent's score (3.14159...: 0 gives 3 + 3)",
                "pig pass: after the turn, a mover behind by 1 or 2 points moves again",
                "swine align: after the turn, a mover whose score and the opponent's (both above 0) have a common divisor of at least 10 moves again",
            ],
            Term::Fall2021 => &[
                "sow sad: any die showing 1 scores 1 for the turn",
                "picky piggy: zero dice score the opponent's-score-th digit of 1/7 = 0.142857... (7 at 0)",
                "hog pile: after the turn, if the scores are equal, the mover's score doubles",
            ],
            Term::Spring2022 => &[
                "sow sad: any die showing 1 scores 1 for the turn",
                "hefty hogs: zero dice score f(mover's score) mod 30, f composing one function per digit of the opponent's score from the ones digit up (1 when the opponent has 0); it can score 0",
                "hog pile: after the turn, if both scores end in the same digit, the mover gains that digit",
            ],
            Term::Fall2023 => &[
                "sow sad: any die showing 1 scores 1 for the turn",
                "boar brawl: zero dice score max(1, 3 x |opponent's tens digit - mover's ones digit|)",
                "sus fuss: after the turn, a mover's score with exactly 3 or 4 factors rises to the next prime",
            ],
        }
    }

    /// The public source each rule set was read from: repository, path
    /// and commit.
    pub fn source(self) -> &'static str {
        match self {
            Term::Spring2014 => "the handout (docs/rules.md)",
            Term::Fall2017 => {
                "github.com/sxyu/bacon hog.cpp @ 241dce4080b63fcd73c8dbd1634aa8f4d7a9ba7d"
            }
            Term::Fall2019 => {
                "github.com/yuzhoumo/cs61a-fa2019 projects/hog/hog.py @ 7d12cf8d4361e676dd95dda4d1f6d76c322aab82; github.com/sxyu/bacon2 config.cpp @ 26b2a16e57c522f014f799d5697bc7b5c3cc4b6a"
            }
            Term::Fall2020 => {
                "github.com/half-dreamer/CS61A-20fa \"CS61A 2020 FALL all-solution/hog/hog.py\" and tests/02.py @ 8d43a1117dc791f9b7f84713c838801b60e1e7ec"
            }
            Term::Fall2021 => {
                "github.com/y1cunhui/cs61A-2021Fall proj01-hog/hog.py and tests/02.py @ 9cdea1550621c8543888adf0c941bc1fad3b3e16"
            }
            Term::Spring2022 => {
                "github.com/caiscoding/CS61A-Spring2022 projects/project1/hog/hog.py @ 7fc21a68ae1cb754a5839d2081d72da28a5978c4"
            }
            Term::Fall2023 => {
                "github.com/shuo-liu16/CS61A proj/hog/hog.py, tests/02.py and tests/04.py @ 26e7495a3de2762596e4302e1a4f890d67965496"
            }
        }
    }

    /// The sides of the mover's dice at (mover's score, opponent's).
    #[inline]
    pub fn sides(self, score: u32, opponent: u32) -> u32 {
        match self {
            Term::Spring2014 => crate::select_dice(score, opponent),
            _ => 6,
        }
    }

    /// The points of a zero-dice turn at (mover's score, opponent's).
    #[inline]
    pub fn zero_dice(self, score: u32, opponent: u32) -> u32 {
        match self {
            Term::Spring2014 | Term::Fall2017 => crate::free_bacon(opponent),
            Term::Fall2019 => free_bacon_fall2019(opponent),
            Term::Fall2020 => free_bacon_fall2020(opponent),
            Term::Fall2021 => picky_piggy(opponent),
            Term::Spring2022 => hefty_hogs(score, opponent),
            Term::Fall2023 => boar_brawl(score, opponent),
        }
    }

    /// The special rules of this rule set that can be switched off.
    pub fn specials(self) -> &'static [Special] {
        match self {
            Term::Spring2014 => &[Special::ZeroDice, Special::HogWild, Special::SwineSwap],
            Term::Fall2017 => &[Special::ZeroDice, Special::SwineSwap, Special::TimeTrot],
            Term::Fall2019 => &[Special::ZeroDice, Special::FeralHogs, Special::SwineSwap],
            Term::Fall2020 => &[Special::ZeroDice, Special::PigPass, Special::SwineAlign],
            Term::Fall2021 | Term::Spring2022 => &[Special::ZeroDice, Special::HogPile],
            Term::Fall2023 => &[Special::ZeroDice, Special::SusFuss],
        }
    }

    /// Whether [`Memory`] matters under these rules (the state is more
    /// than the scores and the mover).
    pub fn has_memory(self) -> bool {
        matches!(self, Term::Fall2017 | Term::Fall2019)
    }

    /// The name the term gives the rule that a die showing 1 scores 1 for
    /// the turn.
    pub fn pig_out_name(self) -> &'static str {
        match self {
            Term::Fall2021 | Term::Spring2022 | Term::Fall2023 => "sow sad",
            _ => "pig out",
        }
    }

    /// The special rules after a turn's points that acted in it, given
    /// what [`after_turn`] made of it (`player` moved): the one that
    /// added points (feral hogs, hog pile, sus fuss), the swap, and the
    /// one that gave the extra turn.
    pub fn specials_acted(self, player: usize, after: &AfterTurn) -> Vec<Special> {
        let mut out = Vec::new();
        if after.bonus > 0 {
            out.push(match self {
                Term::Fall2019 => Special::FeralHogs,
                Term::Fall2023 => Special::SusFuss,
                _ => Special::HogPile,
            });
        }
        if after.swapped {
            out.push(Special::SwineSwap);
        }
        if after.extra_turn {
            let (me, opp) = (after.scores[player], after.scores[1 - player]);
            out.push(match self {
                Term::Fall2017 => Special::TimeTrot,
                _ if pig_pass(me, opp) => Special::PigPass,
                _ => Special::SwineAlign,
            });
        }
        out
    }
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Term {
    type Err = HogError;

    fn from_str(s: &str) -> Result<Term, HogError> {
        Term::ALL
            .into_iter()
            .find(|t| t.name() == s)
            .ok_or_else(|| HogError::UnknownRules(s.to_string()))
    }
}

/// What one turn did, after its points: the scores (player 0's first),
/// who moves next and the memory after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AfterTurn {
    /// Both scores after every after-turn rule.
    pub scores: [u32; 2],
    /// The player who moves next (the mover again on an extra turn).
    pub next: usize,
    /// The memory after the turn.
    pub memory: Memory,
    /// Extra points from feral hogs, hog pile or sus fuss.
    pub bonus: u32,
    /// Whether the scores swapped.
    pub swapped: bool,
    /// Whether the mover moves again.
    pub extra_turn: bool,
}

/// Apply the after-turn rules of `term`: `player` rolled `rolls` dice and
/// scored `points` at `scores` with `memory`.
pub fn after_turn(
    term: Term,
    scores: [u32; 2],
    player: usize,
    rolls: u32,
    points: u32,
    memory: Memory,
) -> AfterTurn {
    after_turn_without(term, None, scores, player, rolls, points, memory)
}

/// [`after_turn`] with one special rule switched off.
pub fn after_turn_without(
    term: Term,
    off: Option<Special>,
    scores: [u32; 2],
    player: usize,
    rolls: u32,
    points: u32,
    memory: Memory,
) -> AfterTurn {
    let on = |r: Special| off != Some(r);
    let other = 1 - player;
    let mut me = scores[player] + points;
    let opp = scores[other];
    let mut memory = memory;
    let before = me;
    match term {
        Term::Fall2019 => {
            if on(Special::FeralHogs) && rolls.abs_diff(memory.last_points[player]) == 2 {
                me += 3;
            }
            memory.last_points[player] = points;
        }
        Term::Fall2021 if on(Special::HogPile) => me += hog_pile_fall2021(me, opp),
        Term::Spring2022 if on(Special::HogPile) => me += hog_pile_spring2022(me, opp),
        Term::Fall2023 if on(Special::SusFuss) => me = sus_points_fast(me),
        _ => {}
    }
    let bonus = me - before;
    let swapped = on(Special::SwineSwap)
        && match term {
            Term::Spring2014 => crate::swine_swap(me, opp),
            Term::Fall2017 => swine_swap_fall2017(me, opp),
            Term::Fall2019 => swine_swap_fall2019(me, opp),
            _ => false,
        };
    let (mine, theirs) = if swapped { (opp, me) } else { (me, opp) };
    let mut after = [0; 2];
    after[player] = mine;
    after[other] = theirs;
    let extra_turn = match term {
        Term::Fall2017 => {
            let trot = on(Special::TimeTrot) && memory.turn % 8 == rolls && !memory.trotted;
            memory.trotted = trot;
            memory.turn = (memory.turn + 1) % 8;
            trot
        }
        Term::Fall2020 => {
            (on(Special::PigPass) && pig_pass(mine, theirs))
                || (on(Special::SwineAlign) && swine_align(mine, theirs))
        }
        _ => false,
    };
    AfterTurn {
        scores: after,
        next: if extra_turn { player } else { other },
        memory,
        bonus,
        swapped,
        extra_turn,
    }
}

/// Fall 2019's free bacon: 10 minus the smaller of the opponent's tens and
/// ones digits.
pub fn free_bacon_fall2019(opponent: u32) -> u32 {
    10 - (opponent % 10).min(opponent / 10 % 10)
}

/// Fall 2019's swine swap value: first digit times last digit (a one-digit
/// score is its own first and last digit).
pub fn swap_value_fall2019(score: u32) -> u32 {
    let mut first = score;
    while first > 9 {
        first /= 10;
    }
    first * (score % 10)
}

/// Fall 2019's swine swap: both scores have the same swap value.
pub fn swine_swap_fall2019(score: u32, opponent: u32) -> bool {
    swap_value_fall2019(score) == swap_value_fall2019(opponent)
}

/// Fall 2017's swine swap: both above 1 and one a multiple of the other.
pub fn swine_swap_fall2017(score: u32, opponent: u32) -> bool {
    score > 1 && opponent > 1 && (score.is_multiple_of(opponent) || opponent.is_multiple_of(score))
}

/// Fall 2020's free bacon: 3 + the digit of pi at the opponent's score
/// (index 0 is the leading 3). Scores above 100 read no digit and give 3.
pub fn free_bacon_fall2020(opponent: u32) -> u32 {
    PI.get(opponent as usize)
        .map_or(3, |&d| u32::from(d - b'0') + 3)
}

/// Fall 2020's pig pass: the mover is behind by 1 or 2.
pub fn pig_pass(score: u32, opponent: u32) -> bool {
    score < opponent && opponent - score < 3
}

/// Fall 2020's swine align: both above 0 with a common divisor of at least
/// 10.
pub fn swine_align(score: u32, opponent: u32) -> bool {
    score > 0 && opponent > 0 && gcd(score, opponent) >= 10
}

/// Fall 2020's extra turn: pig pass or swine align.
pub fn extra_turn_fall2020(score: u32, opponent: u32) -> bool {
    pig_pass(score, opponent) || swine_align(score, opponent)
}

fn gcd(mut a: u32, mut b: u32) -> u32 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Fall 2021's picky piggy: the opponent's-score-th digit after the point
/// of 1/7 = 0.142857..., 7 for 0.
pub fn picky_piggy(opponent: u32) -> u32 {
    [7, 1, 4, 2, 8, 5][(opponent % 6) as usize]
}

/// Fall 2021's hog pile: the points the mover gains when the scores are
/// equal (its score again).
pub fn hog_pile_fall2021(score: u32, opponent: u32) -> u32 {
    if score == opponent { score } else { 0 }
}

/// Spring 2022's hog pile: the ones digit, when both ones digits are equal.
pub fn hog_pile_spring2022(score: u32, opponent: u32) -> u32 {
    if score % 10 == opponent % 10 {
        score % 10
    } else {
        0
    }
}

/// Spring 2022's digit function: `digit_fn(d)(value)`, with Python's
/// floor division, non-negative remainder and float truncation.
pub fn digit_fn(digit: u32, value: i64) -> i64 {
    match digit {
        0 => value + 1,
        1 => value * value,
        2 => value * 3,
        3 => value.div_euclid(4),
        4 => value - 5,
        5 => value.rem_euclid(6),
        6 => value.rem_euclid(7) * 8,
        7 => (value as f64 * 8.8) as i64,
        8 => (value as f64 / 99.0 * 15.0) as i64 + 10,
        _ => value,
    }
}

/// Spring 2022's hefty hogs: the mover's score through the digit function
/// of each of the opponent's digits, ones digit first, mod 30; 1 when the
/// opponent has 0.
pub fn hefty_hogs(score: u32, opponent: u32) -> u32 {
    if opponent == 0 {
        return 1;
    }
    let mut value = i64::from(score);
    let mut rest = opponent;
    while rest > 0 {
        value = digit_fn(rest % 10, value);
        rest /= 10;
    }
    value.rem_euclid(30) as u32
}

/// Fall 2023's boar brawl: three times the difference of the opponent's
/// tens digit and the mover's ones digit, at least 1.
pub fn boar_brawl(score: u32, opponent: u32) -> u32 {
    (3 * (opponent / 10 % 10).abs_diff(score % 10)).max(1)
}

/// The number of factors of `n`, 1 and `n` included.
pub fn num_factors(n: u32) -> u32 {
    (1..=n).filter(|&d| n.is_multiple_of(d)).count() as u32
}

fn is_prime(n: u32) -> bool {
    n > 1
        && (2..n)
            .take_while(|d| d * d <= n)
            .all(|d| !n.is_multiple_of(d))
}

/// Fall 2023's sus fuss: a score with exactly 3 or 4 factors rises to the
/// next prime; any other score stays.
pub fn sus_points(score: u32) -> u32 {
    if matches!(num_factors(score), 3 | 4) {
        let mut p = score + 1;
        while !is_prime(p) {
            p += 1;
        }
        p
    } else {
        score
    }
}

/// The largest score sus fuss is asked about: a score below the goal plus
/// the most one turn scores.
const SUS_MAX: usize = (crate::GOAL + 6 * crate::MAX_ROLLS) as usize;

/// [`sus_points`] from a table built once (the dynamic programs ask it
/// millions of times).
fn sus_points_fast(score: u32) -> u32 {
    static TABLE: std::sync::OnceLock<Vec<u32>> = std::sync::OnceLock::new();
    let t = TABLE.get_or_init(|| (0..=SUS_MAX as u32).map(sus_points).collect());
    t.get(score as usize)
        .copied()
        .unwrap_or_else(|| sus_points(score))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_sus_table_is_sus_points() {
        for s in 0..=super::SUS_MAX as u32 + 5 {
            assert_eq!(super::sus_points_fast(s), super::sus_points(s));
        }
    }

    use super::*;

    /// The rules a turn sets off are named from what `after_turn` did:
    /// Fall 2023's sus fuss (36 + 19 = 55 = 5 x 11 has 4 factors, and
    /// rises to 59), Fall 2019's feral hogs and swap, Fall 2020's two
    /// extra turns, Fall 2017's time trot; none when no rule acted.
    #[test]
    fn the_rules_a_turn_sets_off_are_named() {
        let acted = |term: Term,
                     scores: [u32; 2],
                     player: usize,
                     rolls: u32,
                     points: u32,
                     memory: Memory| {
            let a = after_turn(term, scores, player, rolls, points, memory);
            (a.scores, term.specials_acted(player, &a))
        };
        let m = Memory::default();
        assert_eq!(
            acted(Term::Fall2023, [36, 37], 0, 3, 19, m),
            ([59, 37], vec![Special::SusFuss])
        );
        assert_eq!(
            acted(Term::Fall2023, [36, 37], 0, 3, 17, m),
            ([53, 37], vec![])
        );
        // Feral hogs: 2 dice, 2 away from 0 points last turn: +3.
        assert_eq!(
            acted(Term::Fall2019, [0, 0], 1, 2, 5, m),
            ([0, 8], vec![Special::FeralHogs])
        );
        // Fall 2019's swap: 6 (36) and 94 (36).
        assert_eq!(
            acted(Term::Fall2019, [1, 94], 0, 1, 5, m),
            ([94, 6], vec![Special::SwineSwap])
        );
        // Pig pass: behind by 1 after the turn; swine align: 20 and 30.
        assert_eq!(
            acted(Term::Fall2020, [10, 20], 0, 1, 9, m),
            ([19, 20], vec![Special::PigPass])
        );
        assert_eq!(
            acted(Term::Fall2020, [10, 30], 0, 1, 10, m),
            ([20, 30], vec![Special::SwineAlign])
        );
        // Time trot: turn 0 of the cycle, and 0 dice rolled.
        assert_eq!(
            acted(Term::Fall2017, [0, 0], 0, 0, 1, m).1,
            vec![Special::TimeTrot]
        );
        assert_eq!(Term::Fall2023.pig_out_name(), "sow sad");
        assert_eq!(Term::Spring2014.pig_out_name(), "pig out");
    }

    /// Fall 2019: yuzhoumo/cs61a-fa2019's `free_bacon` and `is_swap`
    /// (sxyu/bacon2's config.cpp gives the same).
    #[test]
    fn fall2019_rules() {
        assert_eq!(free_bacon_fall2019(0), 10);
        assert_eq!(free_bacon_fall2019(35), 7);
        assert_eq!(free_bacon_fall2019(71), 9);
        assert_eq!(free_bacon_fall2019(99), 1);
        assert_eq!(swap_value_fall2019(7), 49);
        assert_eq!(swap_value_fall2019(46), 24);
        assert_eq!(swap_value_fall2019(100), 0);
        assert!(swine_swap_fall2019(46, 83)); // 24 == 24
        assert!(swine_swap_fall2019(6, 94)); // 36 == 36
        assert!(!swine_swap_fall2019(46, 47));
        assert!(swine_swap_fall2019(10, 20)); // 0 == 0
    }

    /// Fall 2020: half-dreamer/CS61A-20fa's hog.py doctests and tests/02.py.
    #[test]
    fn fall2020_rules() {
        for (o, p) in [
            (0, 6),
            (1, 4),
            (2, 7),
            (3, 4),
            (4, 8),
            (13, 10),
            (44, 12),
            (37, 4),
            (40, 4),
            (24, 6),
            (46, 6),
            (99, 10),
            (10, 8),
            (47, 10),
            (67, 11),
            (92, 7),
            (9, 6),
            (25, 6),
            (75, 9),
            (82, 9),
            (88, 11),
            (72, 9),
            (41, 9),
            (15, 6),
            (42, 12),
            (93, 5),
            (73, 5),
            (83, 5),
            (34, 11),
            (53, 5),
            (19, 7),
            (85, 3),
        ] {
            assert_eq!(free_bacon_fall2020(o), p, "free_bacon({o})");
        }
        assert!(swine_align(30, 45));
        assert!(!swine_align(35, 45));
        assert!(!swine_align(0, 20));
        assert!(!pig_pass(9, 12));
        assert!(pig_pass(10, 12));
        assert!(pig_pass(11, 12));
        assert!(!pig_pass(12, 12));
        assert!(!pig_pass(13, 12));
    }

    /// Fall 2021: y1cunhui/cs61A-2021Fall's tests/02.py.
    #[test]
    fn fall2021_rules() {
        for (o, p) in [
            (0, 7),
            (1, 1),
            (2, 4),
            (5, 5),
            (24, 7),
            (3, 2),
            (64, 8),
            (12, 7),
            (72, 7),
            (439, 1),
            (61, 1),
            (99, 2),
            (25, 1),
            (54, 7),
            (15, 2),
            (80, 4),
            (6, 7),
            (74, 4),
            (69, 2),
            (98, 4),
            (56, 4),
            (44, 4),
            (40, 8),
            (192, 7),
            (90, 7),
            (34, 8),
        ] {
            assert_eq!(picky_piggy(o), p, "picky_piggy({o})");
        }
        assert_eq!(hog_pile_fall2021(12, 12), 12);
        assert_eq!(hog_pile_fall2021(12, 13), 0);
    }

    /// Spring 2022: the course's tests/02.py cases (as unlocked in public
    /// copies) for hefty hogs.
    #[test]
    fn spring2022_rules() {
        assert_eq!(hefty_hogs(5, 123), 9);
        assert_eq!(hefty_hogs(5, 456), 29);
        assert_eq!(hefty_hogs(3, 12345), 9);
        assert_eq!(hefty_hogs(40, 0), 1);
        assert_eq!(hog_pile_spring2022(23, 43), 3);
        assert_eq!(hog_pile_spring2022(20, 40), 0);
        assert_eq!(hog_pile_spring2022(23, 44), 0);
        // Hefty hogs can score nothing: 6 -> f5 (6 % 6) = 0.
        assert_eq!(hefty_hogs(6, 5), 0);
        assert_eq!(digit_fn(4, 2), -3);
        assert_eq!(digit_fn(3, -3), -1);
        assert_eq!(digit_fn(7, -3), -26);
    }

    /// Fall 2023: shuo-liu16/CS61A's tests/02.py (boar brawl) and
    /// tests/04.py (sus fuss).
    #[test]
    fn fall2023_rules() {
        for (n, f) in [(28, 6), (64, 7), (72, 12), (97, 2), (99, 6), (21, 4)] {
            assert_eq!(num_factors(n), f, "num_factors({n})");
        }
        for (s, p) in [
            (1, 1),
            (21, 23),
            (25, 29),
            (62, 67),
            (64, 64),
            (67, 67),
            (75, 75),
            (86, 89),
            (100, 100),
            (11, 11),
        ] {
            assert_eq!(sus_points(s), p, "sus_points({s})");
        }
        for (me, opp, p) in [
            (21, 46, 9),
            (52, 79, 15),
            (0, 0, 1),
            (0, 5, 1),
            (2, 5, 6),
            (7, 2, 21),
            (6, 10, 15),
            (16, 27, 12),
            (39, 71, 6),
            (72, 29, 1),
            (82, 115, 3),
            (99, 121, 21),
            (42, 61, 12),
            (727, 939, 12),
            (45, 52, 1),
        ] {
            assert_eq!(boar_brawl(me, opp), p, "boar_brawl({me}, {opp})");
        }
        // sus_update(0, 15, 37) = 23: boar brawl 3 x |3 - 5| = 6, 21 -> 23.
        let after = |rolls, s, o, points| {
            after_turn(Term::Fall2023, [s, o], 0, rolls, points, Memory::default()).scores[0]
        };
        assert_eq!(after(0, 15, 37, boar_brawl(15, 37)), 23);
        assert_eq!(after(2, 5, 7, 6), 11); // make_test_dice(2, 4)
        assert_eq!(after(3, 11, 12, 15), 29); // 4 + 5 + 6: 26 -> 29
        assert_eq!(after(2, 29, 17, 1), 30); // sow sad
        assert_eq!(after(0, 41, 42, boar_brawl(41, 42)), 50);
        assert_eq!(after(0, 40, 22, boar_brawl(40, 22)), 47);
        assert_eq!(after(2, 56, 56, 8), 64);
    }

    /// Fall 2017: sxyu/bacon's hog.cpp at the Fall 2017 contest.
    #[test]
    fn fall2017_rules() {
        assert!(swine_swap_fall2017(10, 30));
        assert!(swine_swap_fall2017(7, 7));
        assert!(!swine_swap_fall2017(1, 30));
        assert!(!swine_swap_fall2017(0, 30));
        assert!(!swine_swap_fall2017(10, 25));
        // Turn 3, three dice: an extra turn; not twice running.
        let m = Memory {
            turn: 3,
            ..Memory::default()
        };
        let a = after_turn(Term::Fall2017, [10, 25], 1, 3, 8, m);
        assert!(a.extra_turn && a.next == 1 && a.memory.turn == 4 && a.memory.trotted);
        let b = after_turn(Term::Fall2017, a.scores, 1, 4, 9, a.memory);
        assert!(!b.extra_turn && b.next == 0 && !b.memory.trotted && b.memory.turn == 5);
        // Turn 8 counts as 0: zero dice is a time trot.
        let m = Memory {
            turn: 0,
            ..Memory::default()
        };
        assert!(after_turn(Term::Fall2017, [3, 5], 0, 0, 6, m).extra_turn);
        // 10 + 10 = 20 against 40: a multiple, the scores swap.
        let s = after_turn(Term::Fall2017, [10, 40], 0, 2, 10, Memory::default());
        assert!(s.swapped && s.scores == [40, 20]);
    }

    #[test]
    fn fall2019_feral_hogs_uses_the_movers_own_last_points() {
        let m = Memory {
            last_points: [4, 9],
            ..Memory::default()
        };
        // Player 0 rolls 2 dice, 4 - 2 = 2: 3 more points.
        let a = after_turn(Term::Fall2019, [20, 31], 0, 2, 7, m);
        assert_eq!(a.bonus, 3);
        assert_eq!(a.memory.last_points, [7, 9]);
        // Player 1 rolls 2: 9 - 2 = 7, no bonus.
        assert_eq!(after_turn(Term::Fall2019, [20, 31], 1, 2, 7, m).bonus, 0);
    }

    #[test]
    fn names_round_trip() {
        for t in Term::ALL {
            assert_eq!(t.name().parse::<Term>().unwrap(), t);
            assert!(!t.rules_in_words().is_empty() && !t.source().is_empty());
        }
        assert!("fall2018".parse::<Term>().is_err());
    }
}
