//! Table-driven LCR (the assignment's rules: `docs/rules.md`, "LCR
//! variants"): a distribution table says what each
//! die face does, seats start with given chips, a game stops at a round
//! limit, and a study reports how often a game ends with a winner and how
//! many chips each seat can expect.
//!
//! ```
//! use lcr_variants::{Table, Variant, EndCheck, Game, study, StudyConfig};
//! use dice::SeededDice;
//!
//! let table: Table = "0,0,0,1,2,3".parse().unwrap();
//! let variant = Variant::new("custom", table, vec![3; 4], 50, EndCheck::Round).unwrap();
//! let mut game = Game::new(&variant);
//! let result = game.play(&mut SeededDice::new(1, 0)).unwrap();
//! assert!(result.rounds <= 50);
//!
//! let named = Variant::named("standard").unwrap();
//! let s = study(&named, &StudyConfig { checkpoints: vec![100, 1000], seed: 7, threads: 1 }).unwrap();
//! assert_eq!(s.rows.len(), 2);
//! ```
//!
//! Seats: the left neighbour of seat `i` is seat `i + 1` and the right
//! neighbour seat `i - 1` (wrapping); play goes to the left, to increasing
//! index, from a starting seat drawn once per game.

use std::fmt;
use std::str::FromStr;

use dice::{Dice, DiceError, LcrFace};

pub mod step;
pub mod study;

pub use step::VariantState;
pub use study::{Row, Study, StudyConfig, study};

/// The left neighbour of `seat` in the variants: one index higher,
/// wrapping (the mirror of the classic lab's).
#[inline]
pub fn left_of(seat: usize, players: usize) -> usize {
    if seat + 1 == players { 0 } else { seat + 1 }
}

/// The right neighbour of `seat` in the variants: one index lower,
/// wrapping.
#[inline]
pub fn right_of(seat: usize, players: usize) -> usize {
    if seat == 0 { players - 1 } else { seat - 1 }
}

/// What went wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VariantError {
    /// A table code outside 0..3.
    BadCode(String),
    /// A table needs exactly 6 entries.
    BadTableLength(usize),
    /// A name that is no named game.
    UnknownGame(String),
    /// A game needs at least two seats.
    TooFewPlayers(usize),
    /// Chips as text that cannot be read.
    BadChips(String),
    /// `--chips` has a different number of seats than `--players`.
    ChipsLength {
        /// Seats in --chips.
        chips: usize,
        /// Seats asked for.
        players: usize,
    },
    /// The round limit must be at least 1.
    ZeroRounds,
    /// A checkpoint of 0 simulations, or none at all.
    BadCheckpoints,
    /// The threads could not run: zero asked for, or no pool could be
    /// built.
    Parallel(dice::parallel::ParallelError),
    /// More chips than the engine counts.
    TooManyChips,
    /// The dice failed.
    Dice(DiceError),
    /// No seat starts with a chip: there is no game.
    NoChips,
    /// A state that no game reaches (read from a file), or a move the
    /// state does not allow.
    BadState,
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantError::NoChips => {
                write!(f, "no seat starts with a chip: there is no game to play")
            }
            VariantError::BadState => write!(
                f,
                "not a position of this game (seats, chips, round or move do not fit)"
            ),
            VariantError::BadCode(c) => write!(
                f,
                "bad table code {c:?}: codes are 0 hold, 1 pass left, 2 center, 3 pass right"
            ),
            VariantError::BadTableLength(n) => {
                write!(f, "a table needs 6 entries (faces 1..6), got {n}")
            }
            VariantError::UnknownGame(g) => write!(
                f,
                "unknown game {g:?}: use standard, standard-tilted, nocenter, nocenter-tilted, nohold, nohold-tilted, all, or codes like 0,0,0,1,2,3"
            ),
            VariantError::TooFewPlayers(n) => write!(f, "a game needs at least 2 players, got {n}"),
            VariantError::BadChips(s) => write!(
                f,
                "bad chips {s:?}: give one count per seat (10,10,10) or COUNTxSEATS (10x9)"
            ),
            VariantError::ChipsLength { chips, players } => {
                write!(
                    f,
                    "the starting chips give {chips} seats but the game has {players} players"
                )
            }
            VariantError::ZeroRounds => write!(f, "the round limit must be at least 1"),
            VariantError::BadCheckpoints => {
                write!(
                    f,
                    "checkpoints must be counts of at least 1 game, e.g. 100,1000"
                )
            }
            VariantError::Parallel(e) => write!(f, "{e}"),
            VariantError::TooManyChips => write!(f, "more than 1000000 chips in all"),
            VariantError::Dice(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for VariantError {}

impl VariantError {
    /// Whether the machine failed (its worker threads could not start),
    /// not the caller's input.
    pub fn is_machine_failure(&self) -> bool {
        matches!(self, VariantError::Parallel(e) if e.is_machine_failure())
    }
}

impl From<dice::parallel::ParallelError> for VariantError {
    fn from(e: dice::parallel::ParallelError) -> Self {
        VariantError::Parallel(e)
    }
}

impl From<DiceError> for VariantError {
    fn from(e: DiceError) -> Self {
        VariantError::Dice(e)
    }
}

/// The assignment's code of what a face does: 0 hold (`LcrFace::Dot`),
/// 1 pass left, 2 center, 3 pass right. Codes exist only at the edges (flags,
/// files); the engine uses [`LcrFace`], the same faces as the classic game.
pub fn code_of(face: LcrFace) -> u8 {
    match face {
        LcrFace::Dot => 0,
        LcrFace::Left => 1,
        LcrFace::Center => 2,
        LcrFace::Right => 3,
    }
}

/// The face a code stands for.
///
/// # Errors
/// [`VariantError::BadCode`] outside 0..3.
pub fn face_of_code(c: i64) -> Result<LcrFace, VariantError> {
    Ok(match c {
        0 => LcrFace::Dot,
        1 => LcrFace::Left,
        2 => LcrFace::Center,
        3 => LcrFace::Right,
        _ => return Err(VariantError::BadCode(c.to_string())),
    })
}

/// A distribution table: what each face 1..6 does. The left neighbour of
/// seat `i` here is `i + 1` (see the crate docs): the faces are the
/// classic game's, the direction is the assignment's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Table(pub [LcrFace; 6]);

impl Table {
    /// The codes, faces 1..6.
    pub fn codes(&self) -> [u8; 6] {
        self.0.map(code_of)
    }
}

impl fmt::Display for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.codes();
        write!(f, "{},{},{},{},{},{}", c[0], c[1], c[2], c[3], c[4], c[5])
    }
}

impl FromStr for Table {
    type Err = VariantError;

    /// Six codes separated by commas, such as `0,0,0,1,2,3`.
    fn from_str(s: &str) -> Result<Table, VariantError> {
        let parts: Vec<&str> = s.split(',').map(str::trim).collect();
        if parts.len() != 6 {
            return Err(VariantError::BadTableLength(parts.len()));
        }
        let mut t = [LcrFace::Dot; 6];
        for (slot, p) in t.iter_mut().zip(&parts) {
            let code: i64 = p
                .parse()
                .map_err(|_| VariantError::BadCode(p.to_string()))?;
            *slot = face_of_code(code)?;
        }
        Ok(Table(t))
    }
}

impl serde::Serialize for Table {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Table {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Table, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// When the game checks for a single chip holder.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum EndCheck {
    /// After each whole round (the handout's rule).
    #[default]
    Round,
    /// After each turn (a common house reading).
    Turn,
}

/// A game: table, starting chips, round limit, end check.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "VariantSetup")]
pub struct Variant {
    /// Its name.
    pub name: String,
    /// The distribution table.
    pub table: Table,
    /// Chips per seat at the start.
    pub starting_chips: Vec<u32>,
    /// The round limit.
    pub max_rounds: u32,
    /// When the end is checked.
    pub end_check: EndCheck,
}

/// [`Variant`] as read, checked by [`Variant::new`].
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct VariantSetup {
    name: String,
    table: Table,
    starting_chips: Vec<u32>,
    max_rounds: u32,
    end_check: EndCheck,
}

impl TryFrom<VariantSetup> for Variant {
    type Error = VariantError;

    fn try_from(v: VariantSetup) -> Result<Variant, VariantError> {
        Variant::new(
            &v.name,
            v.table,
            v.starting_chips,
            v.max_rounds,
            v.end_check,
        )
    }
}

/// The six named games of `docs/rules.md`, "LCR variants".
pub const NAMED: [&str; 6] = [
    "standard",
    "standard-tilted",
    "nocenter",
    "nocenter-tilted",
    "nohold",
    "nohold-tilted",
];

impl Variant {
    /// A checked game.
    ///
    /// # Errors
    /// Fewer than 2 seats, a round limit of 0, too many chips.
    pub fn new(
        name: &str,
        table: Table,
        starting_chips: Vec<u32>,
        max_rounds: u32,
        end_check: EndCheck,
    ) -> Result<Variant, VariantError> {
        if starting_chips.len() < 2 {
            return Err(VariantError::TooFewPlayers(starting_chips.len()));
        }
        if max_rounds == 0 {
            return Err(VariantError::ZeroRounds);
        }
        let chips: u64 = starting_chips.iter().map(|&c| u64::from(c)).sum();
        if chips > 1_000_000 {
            return Err(VariantError::TooManyChips);
        }
        if chips == 0 {
            return Err(VariantError::NoChips);
        }
        Ok(Variant {
            name: name.to_string(),
            table,
            starting_chips,
            max_rounds,
            end_check,
        })
    }

    /// A named game as the assignment's driver ran it: 9 players, at most
    /// 100 rounds, end checked after each round.
    ///
    /// # Errors
    /// [`VariantError::UnknownGame`].
    pub fn named(name: &str) -> Result<Variant, VariantError> {
        let (table, tilted) = match name {
            "standard" => ("0,0,0,1,2,3", false),
            "standard-tilted" => ("0,0,0,1,2,3", true),
            "nocenter" => ("0,0,1,1,3,3", false),
            "nocenter-tilted" => ("0,0,1,1,3,3", true),
            "nohold" => ("1,1,2,2,3,3", false),
            "nohold-tilted" => ("1,1,2,2,3,3", true),
            _ => return Err(VariantError::UnknownGame(name.to_string())),
        };
        let chips = if tilted {
            vec![5, 5, 5, 5, 50, 5, 5, 5, 5]
        } else {
            vec![10; 9]
        };
        Variant::new(name, table.parse()?, chips, 100, EndCheck::Round)
    }
}

/// The games a study runs: `table` is a named game, `all` (the six named
/// games) or six codes such as `0,0,0,1,2,3` (a game named `custom`).
/// Starting chips are `chips` (`10,10,10` or `10x9`) when given; else a
/// named game's own, or 10 each for `players` seats (9 when not given).
/// `players`, when given with chips, must match them.
///
/// # Errors
/// [`VariantError`]: an unknown name, bad codes or chips, fewer than 2
/// seats, chips for another number of seats, a round limit of 0.
pub fn resolve(
    table: &str,
    players: Option<usize>,
    chips: Option<&str>,
    max_rounds: u32,
    end_check: EndCheck,
) -> Result<Vec<Variant>, VariantError> {
    if max_rounds == 0 {
        return Err(VariantError::ZeroRounds);
    }
    if let Some(p @ (0 | 1)) = players {
        return Err(VariantError::TooFewPlayers(p));
    }
    let names: Vec<&str> = if table == "all" {
        NAMED.to_vec()
    } else {
        vec![table]
    };
    names
        .into_iter()
        .map(|name| {
            let (label, table, default_chips) = match Variant::named(name) {
                Ok(v) => (v.name, v.table, v.starting_chips),
                Err(_) if name.contains(',') => {
                    let t: Table = name.parse()?;
                    ("custom".to_string(), t, vec![10; players.unwrap_or(9)])
                }
                Err(e) => return Err(e),
            };
            let chips = match chips {
                Some(c) => parse_chips(c)?,
                None => match players {
                    Some(p) if p != default_chips.len() => vec![10; p],
                    _ => default_chips,
                },
            };
            if let Some(p) = players
                && chips.len() != p
            {
                return Err(VariantError::ChipsLength {
                    chips: chips.len(),
                    players: p,
                });
            }
            Variant::new(&label, table, chips, max_rounds, end_check)
        })
        .collect()
}

/// Read chips: `10,10,10` or `10x9`.
///
/// # Errors
/// [`VariantError::BadChips`].
pub fn parse_chips(s: &str) -> Result<Vec<u32>, VariantError> {
    let bad = || VariantError::BadChips(s.to_string());
    if let Some((count, seats)) = s.split_once('x') {
        let count: u32 = count.trim().parse().map_err(|_| bad())?;
        let seats: usize = seats.trim().parse().map_err(|_| bad())?;
        if seats > 10_000 {
            return Err(bad());
        }
        return Ok(vec![count; seats]);
    }
    s.split(',')
        .map(|p| p.trim().parse::<u32>().map_err(|_| bad()))
        .collect()
}

/// How one game ended.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct GameResult {
    /// The winner, if exactly one seat held chips at an end check.
    pub winner: Option<usize>,
    /// Rounds played (a round cut short by a turn end check counts).
    pub rounds: u32,
    /// Final chips per seat (the winner's include the center).
    pub chips: Vec<u32>,
    /// The starting seat.
    pub start: usize,
}

/// A reusable game that owns its chip buffer (the handout's chip count array).
#[derive(Clone, Debug)]
pub struct Game<'a> {
    variant: &'a Variant,
    chips: Vec<u32>,
    /// `moves[k][code]`: the throw of the lowest `k` base-6 digits of a
    /// three-dice block code, from the table ([`lcr_core::packed_throws`]).
    moves: Box<[[u32; 216]; 4]>,
}

impl<'a> Game<'a> {
    /// A game of `variant`.
    pub fn new(variant: &'a Variant) -> Game<'a> {
        let moves = Box::new(lcr_core::packed_throws(&variant.table.0));
        Game {
            variant,
            chips: variant.starting_chips.clone(),
            moves,
        }
    }

    /// Chips per seat now.
    pub fn chips(&self) -> &[u32] {
        &self.chips
    }

    /// Set the chips (the handout's `setNumChips` for every seat).
    ///
    /// # Errors
    /// [`VariantError::ChipsLength`] for the wrong number of seats.
    pub fn set_chips(&mut self, chips: &[u32]) -> Result<(), VariantError> {
        if chips.len() != self.chips.len() {
            return Err(VariantError::ChipsLength {
                chips: chips.len(),
                players: self.chips.len(),
            });
        }
        self.chips.copy_from_slice(chips);
        Ok(())
    }

    /// Seats holding chips (the handout's `countPlayersWithChips`).
    pub fn holders(&self) -> usize {
        self.chips.iter().filter(|&&c| c > 0).count()
    }

    /// One seat's turn: it uses the first `min(chips, 3)` of its dice.
    /// Returns the chips it put in the center.
    #[inline]
    fn turn<D: Dice + ?Sized>(&mut self, seat: usize, dice: &mut D) -> Result<u32, VariantError> {
        let c = self.chips[seat];
        if c == 0 {
            return Ok(0);
        }
        let k = c.min(3);
        let code = dice.roll_block(6, k)? as usize % 216;
        let t = lcr_core::unpack(self.moves[k as usize][code]);
        // Written out, not `Throw::apply`: the fast path of the study (a
        // fifth faster on nocenter); tests/step.rs plays the same dice
        // through it and the step.
        let n = self.chips.len();
        self.chips[seat] = c - t.lost();
        self.chips[left_of(seat, n)] += t.left;
        self.chips[right_of(seat, n)] += t.right;
        Ok(t.center)
    }

    /// The handout's `playRound`: every seat once, in increasing index order
    /// from `start`. Returns the chips put in the center.
    ///
    /// # Errors
    /// The dice's errors (scripted dice running out).
    pub fn play_round<D: Dice + ?Sized>(
        &mut self,
        start: usize,
        dice: &mut D,
    ) -> Result<u32, VariantError> {
        let n = self.chips.len();
        let mut center = 0;
        for i in 0..n {
            center += self.turn((start + i) % n, dice)?;
        }
        Ok(center)
    }

    /// The handout's `playGame`: the starting seat is drawn from the dice,
    /// then rounds until the end check finds one holder (it wins the
    /// center), no holder (no winner), or the round limit (no winner, the
    /// center ignored).
    ///
    /// # Errors
    /// The dice's errors.
    pub fn play<D: Dice + ?Sized>(&mut self, dice: &mut D) -> Result<GameResult, VariantError> {
        let start = dice.below(self.chips.len() as u32)? as usize;
        self.play_from(start, dice)
    }

    /// [`Game::play`] from a given starting seat.
    ///
    /// # Errors
    /// The dice's errors.
    pub fn play_from<D: Dice + ?Sized>(
        &mut self,
        start: usize,
        dice: &mut D,
    ) -> Result<GameResult, VariantError> {
        let (winner, rounds) = self.run_from(start, dice)?;
        Ok(GameResult {
            winner,
            rounds,
            chips: self.chips.clone(),
            start,
        })
    }

    /// Play from `start` to the end; the chips stay in the game. Returns
    /// the winner and the rounds played.
    #[inline]
    pub(crate) fn run_from<D: Dice + ?Sized>(
        &mut self,
        start: usize,
        dice: &mut D,
    ) -> Result<(Option<usize>, u32), VariantError> {
        let v = self.variant;
        let n = self.chips.len();
        self.chips.copy_from_slice(&v.starting_chips);
        let mut center = 0u32;
        let mut rounds = 0;
        while rounds < v.max_rounds {
            rounds += 1;
            for i in 0..n {
                let seat = if start + i >= n {
                    start + i - n
                } else {
                    start + i
                };
                center += self.turn(seat, dice)?;
                if v.end_check == EndCheck::Turn && self.holders() <= 1 {
                    break;
                }
            }
            match self.holders() {
                0 => return Ok((None, rounds)),
                1 => {
                    let w = self.chips.iter().position(|&c| c > 0).unwrap_or(0);
                    self.chips[w] += center;
                    return Ok((Some(w), rounds));
                }
                _ => {}
            }
        }
        Ok((None, rounds))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_parse_and_refuse() {
        let t: Table = "0,0,0,1,2,3".parse().unwrap();
        assert_eq!(t.to_string(), "0,0,0,1,2,3");
        assert_eq!(
            "0,0,0,1,2,4".parse::<Table>(),
            Err(VariantError::BadCode("4".into()))
        );
        assert_eq!(
            "0,0,0,1,2".parse::<Table>(),
            Err(VariantError::BadTableLength(5))
        );
        assert_eq!(
            "0,0,0,1,2,3,0".parse::<Table>(),
            Err(VariantError::BadTableLength(7))
        );
        assert!(matches!(
            "a,0,0,1,2,3".parse::<Table>(),
            Err(VariantError::BadCode(_))
        ));
    }

    #[test]
    fn chips_parse() {
        assert_eq!(parse_chips("10x3").unwrap(), [10, 10, 10]);
        assert_eq!(parse_chips("5,50,5").unwrap(), [5, 50, 5]);
        assert!(parse_chips("5,,5").is_err());
        assert!(parse_chips("axb").is_err());
    }

    #[test]
    fn named_games() {
        for name in NAMED {
            let v = Variant::named(name).unwrap();
            assert_eq!(v.starting_chips.len(), 9);
            assert_eq!(v.max_rounds, 100);
        }
        assert_eq!(
            Variant::named("tilted").unwrap_err(),
            VariantError::UnknownGame("tilted".into())
        );
        assert_eq!(
            Variant::new(
                "x",
                "0,0,0,1,2,3".parse().unwrap(),
                vec![],
                10,
                EndCheck::Round
            )
            .unwrap_err(),
            VariantError::TooFewPlayers(0)
        );
    }

    #[test]
    fn left_is_higher_index_here() {
        // Seat 0 with 3 chips rolls 4, 4, 4 under a table whose face 4 is
        // "pass left": all three go to seat 1.
        let t: Table = "0,0,0,1,2,3".parse().unwrap();
        let v = Variant::new("t", t, vec![3, 0, 0], 1, EndCheck::Round).unwrap();
        let mut g = Game::new(&v);
        // Seat 1 then holds 3 chips and rolls 1, 1, 1 (hold).
        let mut d = dice::ScriptedDice::new(vec![4, 4, 4, 1, 1, 1]);
        let r = g.play_from(0, &mut d).unwrap();
        assert_eq!(r.chips, [0, 3, 0]);
        assert_eq!(r.winner, Some(1));
        assert!(d.all_used());
    }
}
