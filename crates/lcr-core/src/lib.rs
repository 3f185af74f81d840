//! Classic Left-Center-Right, as the lab states it (`docs/rules.md`,
//! "LCR, classic"): the lab's functions, a fast simulator, the
//! most-common-winner study, and an exact Markov-chain solver ([`exact`]).
//!
//! ```
//! use dice::ScriptedDice;
//! use lcr_core::{play_game, most_common_winner, StudyConfig};
//!
//! // The lab's example: 2 players, dice "LCR": seat 1 wins after 1 turn.
//! let mut dice = ScriptedDice::from_lcr("LCR").unwrap();
//! let game = play_game(2, 3, &mut dice).unwrap();
//! assert_eq!((game.winner, game.turns), (1, 1));
//! assert_eq!(game.coins, [0, 5]);
//! assert_eq!(game.center, 1);
//! assert!(dice.all_used());
//!
//! // The most-common-winner study, reproducible from its seed.
//! let study = most_common_winner(&StudyConfig { players: 2, games: 2000, seed: 1, ..StudyConfig::default() }).unwrap();
//! assert_eq!(study.most_common_winner, 1);
//! assert!((study.most_common_fraction - 0.62).abs() < 0.04);
//! ```
//!
//! Seats: "left" of seat `i` is `i - 1` and "right" is `i + 1` (wrapping);
//! seat 0 moves first and play goes to increasing index. A seat with `c`
//! coins rolls `min(c, 3)` dice; a seat with none still uses up its turn. The
//! game is over when exactly one seat holds coins, checked before each turn.

use std::fmt;

use dice::{Dice, DiceError, LCR_FACES, LcrFace};

pub mod analysis;
pub mod exact;
pub mod step;

pub use step::ClassicState;

/// What went wrong, with the offending value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LcrError {
    /// The game needs at least two players.
    TooFewPlayers(usize),
    /// Every player must start with at least one coin.
    NoStartingCoins,
    /// More seats or coins than the engine holds.
    TooBig {
        /// Seats asked for.
        players: usize,
        /// Coins each.
        coins: u32,
    },
    /// A seat index at or past the number of seats.
    SeatOutOfRange {
        /// The seat asked for.
        seat: usize,
        /// The number of seats.
        players: usize,
    },
    /// The seat has no coin to give.
    NoCoins {
        /// The seat asked for.
        seat: usize,
    },
    /// A study of zero games.
    ZeroGames,
    /// The threads could not run: zero asked for, or no pool could be
    /// built.
    Parallel(dice::parallel::ParallelError),
    /// The dice failed (for scripted dice: the script ran out).
    Dice(DiceError),
    /// The game ended with scripted rolls left over.
    UnusedRolls {
        /// Rolls never played.
        remaining: usize,
    },
    /// Classic LCR has no decisions: every step is chance.
    NoDecisions,
    /// A throw that the seat's dice cannot show (or the game is over).
    NotAThrow {
        /// The seat to roll.
        seat: usize,
        /// Its coins.
        coins: u32,
    },
    /// A recorded game ran past this many throws.
    TooLong(usize),
    /// The exact solver's state space is too large for memory.
    TooLarge {
        /// States the solver would store.
        states: u64,
        /// Bytes it would need.
        bytes: u64,
        /// The most it will use.
        limit: u64,
    },
}

impl fmt::Display for LcrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LcrError::TooFewPlayers(n) => write!(f, "LCR needs at least 2 players, got {n}"),
            LcrError::NoStartingCoins => write!(f, "every player must start with at least 1 coin"),
            LcrError::TooLong(n) => write!(
                f,
                "the game ran past {n} throws, the most a transcript records"
            ),
            LcrError::TooBig { players, coins } => write!(
                f,
                "{players} players with {coins} coins each is too large: at most {MAX_PLAYERS} players and {} coins in all",
                u32::MAX
            ),
            LcrError::SeatOutOfRange { seat, players } => {
                write!(f, "seat {seat} is out of range for {players} players")
            }
            LcrError::NoCoins { seat } => write!(f, "seat {seat} has no coins to give"),
            LcrError::ZeroGames => write!(f, "the number of games must be at least 1"),
            LcrError::Parallel(e) => write!(f, "{e}"),
            LcrError::Dice(DiceError::ScriptExhausted { rolls }) => write!(
                f,
                "the script ran out after {rolls} rolls before the game ended"
            ),
            LcrError::Dice(e) => write!(f, "{e}"),
            LcrError::UnusedRolls { remaining } => write!(
                f,
                "the game ended with {remaining} scripted rolls left over"
            ),
            LcrError::NoDecisions => {
                write!(f, "classic LCR has no decisions: every turn is a throw")
            }
            LcrError::NotAThrow { seat, coins } => write!(
                f,
                "that throw is not one seat {seat}'s dice can show with {coins} coins (or the game is over)"
            ),
            LcrError::TooLarge { states, limit, .. } if *states == u64::MAX => write!(
                f,
                "the exact solver would store more than 10^19 states, far over the {:.1} GiB limit",
                *limit as f64 / (1u64 << 30) as f64
            ),
            LcrError::TooLarge {
                states,
                bytes,
                limit,
            } => write!(
                f,
                "the exact solver would store {states} states in {:.1} GiB, over the {:.1} GiB limit",
                *bytes as f64 / (1u64 << 30) as f64,
                *limit as f64 / (1u64 << 30) as f64
            ),
        }
    }
}

impl std::error::Error for LcrError {}

impl LcrError {
    /// Whether the machine failed (its worker threads could not start),
    /// not the caller's input.
    pub fn is_machine_failure(&self) -> bool {
        matches!(self, LcrError::Parallel(e) if e.is_machine_failure())
    }
}

impl From<dice::parallel::ParallelError> for LcrError {
    fn from(e: dice::parallel::ParallelError) -> Self {
        LcrError::Parallel(e)
    }
}

impl From<DiceError> for LcrError {
    fn from(e: DiceError) -> Self {
        LcrError::Dice(e)
    }
}

/// The most seats a game takes.
pub const MAX_PLAYERS: usize = 1_000_000;

/// True when exactly one seat holds coins (the lab's `game_over`).
pub fn game_over(coins: &[u32]) -> bool {
    coins.iter().filter(|&&c| c > 0).count() == 1
}

/// The seat holding coins when the game is over (the lab's `winner`);
/// `None` while two or more seats (or none) hold coins.
pub fn winner(coins: &[u32]) -> Option<usize> {
    if game_over(coins) {
        coins.iter().position(|&c| c > 0)
    } else {
        None
    }
}

/// The seat to the left of `seat`: one index lower, wrapping.
pub fn left_of(seat: usize, players: usize) -> usize {
    if seat == 0 { players - 1 } else { seat - 1 }
}

/// The seat to the right of `seat`: one index higher, wrapping.
pub fn right_of(seat: usize, players: usize) -> usize {
    if seat + 1 == players { 0 } else { seat + 1 }
}

fn take_coin(coins: &mut [u32], seat: usize) -> Result<(), LcrError> {
    let players = coins.len();
    let c = coins
        .get_mut(seat)
        .ok_or(LcrError::SeatOutOfRange { seat, players })?;
    if *c == 0 {
        return Err(LcrError::NoCoins { seat });
    }
    *c -= 1;
    Ok(())
}

/// Seat `seat` passes one coin to its left neighbour (the lab's `left`).
///
/// # Errors
/// [`LcrError::SeatOutOfRange`] or [`LcrError::NoCoins`]; `coins` is then
/// unchanged.
pub fn left(coins: &mut [u32], seat: usize) -> Result<(), LcrError> {
    take_coin(coins, seat)?;
    let to = left_of(seat, coins.len());
    coins[to] += 1;
    Ok(())
}

/// Seat `seat` passes one coin to its right neighbour (the lab's `right`).
///
/// # Errors
/// As [`left`].
pub fn right(coins: &mut [u32], seat: usize) -> Result<(), LcrError> {
    take_coin(coins, seat)?;
    let to = right_of(seat, coins.len());
    coins[to] += 1;
    Ok(())
}

/// Seat `seat` puts one coin in the center (the lab's `center`).
///
/// # Errors
/// As [`left`].
pub fn center(coins: &mut [u32], seat: usize) -> Result<(), LcrError> {
    take_coin(coins, seat)
}

/// What one turn's dice say: how many coins go left, to the center, right.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct Throw {
    /// Coins passed to the left neighbour.
    pub left: u32,
    /// Coins put in the center.
    pub center: u32,
    /// Coins passed to the right neighbour.
    pub right: u32,
}

impl Throw {
    /// Add one die's face.
    #[inline]
    pub fn add(&mut self, face: LcrFace) {
        match face {
            LcrFace::Dot => {}
            LcrFace::Left => self.left += 1,
            LcrFace::Center => self.center += 1,
            LcrFace::Right => self.right += 1,
        }
    }

    /// Coins that leave the roller.
    pub fn lost(self) -> u32 {
        self.left + self.center + self.right
    }

    /// Move the coins of this throw: `seat` loses them, seat `left` and
    /// seat `right` receive theirs; returns the coins for the center. The
    /// rules steps of the classic game and the variants apply throws here,
    /// each naming its own neighbours (the simulators' fast paths are
    /// tested equal to them).
    #[inline]
    pub fn apply(self, coins: &mut [u32], seat: usize, left: usize, right: usize) -> u32 {
        coins[seat] -= self.lost();
        coins[left] += self.left;
        coins[right] += self.right;
        self.center
    }
}

/// Dice rolled by a seat holding `coins`: `min(coins, 3)`.
#[inline]
pub fn dice_for(coins: u32) -> u32 {
    coins.min(3)
}

/// The exact distribution of a throw of `k` classic LCR dice, from
/// [`THROWS`]: the one dice model that the simulator, the rules step and
/// the exact solver share. Returns each distinct throw with its
/// probability.
pub fn throw_distribution(k: u32) -> Vec<(Throw, f64)> {
    let total = 6u64.pow(k.min(3)) as f64;
    throw_weights(&THROWS, k)
        .into_iter()
        .map(|(t, n)| (t, n as f64 / total))
        .collect()
}

/// The result of one game.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct GameResult {
    /// The winning seat.
    pub winner: usize,
    /// Turns played, every seat's turn counted (with or without coins).
    pub turns: u64,
    /// Turns in which the seat held coins and rolled.
    pub rolling_turns: u64,
    /// Final coins per seat.
    pub coins: Vec<u32>,
    /// Coins in the center.
    pub center: u32,
}

/// Packed throws of up to three dice for a face table (what each of faces
/// 1..6 does): `packed_throws(faces)[k][code]` holds the left, center and
/// right counts of the lowest `k` base-6 digits of a block `code` (see
/// [`Dice::roll_block`]) in bits 0..8, 8..16 and 16..24. The one table of
/// throws: the classic game, the variants, the simulators and the rules
/// steps all look throws up here.
pub const fn packed_throws(faces: &[LcrFace; 6]) -> [[u32; 216]; 4] {
    let mut t = [[0u32; 216]; 4];
    let mut k = 0;
    while k < 4 {
        let mut code = 0;
        while code < 216 {
            let mut sum = 0;
            let mut i = 0;
            let mut c = code;
            while i < k {
                sum += match faces[c % 6] {
                    LcrFace::Dot => 0,
                    LcrFace::Left => 1,
                    LcrFace::Center => 1 << 8,
                    LcrFace::Right => 1 << 16,
                };
                c /= 6;
                i += 1;
            }
            t[k][code] = sum;
            code += 1;
        }
        k += 1;
    }
    t
}

/// The counts of a packed throw (see [`packed_throws`]).
#[inline]
pub const fn unpack(packed: u32) -> Throw {
    Throw {
        left: packed & 0xff,
        center: (packed >> 8) & 0xff,
        right: packed >> 16,
    }
}

/// Every throw of `k` dice (0 to 3) under a face table, with the number of
/// face sequences (out of `6^k`) that give it, from [`packed_throws`].
pub fn throw_weights(table: &[[u32; 216]; 4], k: u32) -> Vec<(Throw, u64)> {
    let k = k.min(3) as usize;
    let mut out: Vec<(Throw, u64)> = Vec::new();
    for &packed in &table[k][..6usize.pow(k as u32)] {
        let t = unpack(packed);
        match out.iter_mut().find(|(x, _)| *x == t) {
            Some((_, n)) => *n += 1,
            None => out.push((t, 1)),
        }
    }
    out
}

/// The classic game's throws: faces `.` `.` `.` `L` `C` `R`.
pub const THROWS: [[u32; 216]; 4] = packed_throws(&LCR_FACES);

/// A reusable game: owns the coin buffer so a study allocates nothing per
/// game.
#[derive(Clone, Debug)]
pub struct Game {
    coins: Vec<u32>,
    start: u32,
    center: u32,
}

/// The short result of [`Game::play`] (the coins stay in the game).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winning seat.
    pub winner: usize,
    /// Turns played.
    pub turns: u64,
    /// Turns in which a seat rolled.
    pub rolling_turns: u64,
}

impl Game {
    /// A game of `players` seats with `coins` each.
    ///
    /// # Errors
    /// [`LcrError::TooFewPlayers`] below 2 players,
    /// [`LcrError::NoStartingCoins`] for 0 coins.
    pub fn new(players: usize, coins: u32) -> Result<Game, LcrError> {
        if players < 2 {
            return Err(LcrError::TooFewPlayers(players));
        }
        if coins == 0 {
            return Err(LcrError::NoStartingCoins);
        }
        if players > MAX_PLAYERS || (players as u64) * u64::from(coins) > u64::from(u32::MAX) {
            return Err(LcrError::TooBig { players, coins });
        }
        Ok(Game {
            coins: vec![coins; players],
            start: coins,
            center: 0,
        })
    }

    /// Coins per seat now.
    pub fn coins(&self) -> &[u32] {
        &self.coins
    }

    /// Coins in the center now.
    pub fn center(&self) -> u32 {
        self.center
    }

    /// Play one game from the start to the end, on any dice.
    ///
    /// # Errors
    /// Only the dice's own errors (scripted dice running out).
    #[inline]
    pub fn play<D: Dice + ?Sized>(&mut self, dice: &mut D) -> Result<Outcome, LcrError> {
        let n = self.coins.len();
        self.coins.fill(self.start);
        self.center = 0;
        let coins = &mut self.coins[..];
        let mut holders = n;
        let mut seat = 0usize;
        let mut turns = 0u64;
        let mut rolling = 0u64;
        let mut center = 0u32;
        while holders > 1 {
            turns += 1;
            let c = coins[seat];
            if c > 0 {
                rolling += 1;
                let k = dice_for(c);
                let packed = THROWS[k as usize][dice.roll_block(6, k)? as usize % 216];
                // Branch-free: the outcome is random, so branches on it
                // would be mispredicted about half the time.
                let Throw {
                    left: l,
                    center: ce,
                    right: r,
                } = unpack(packed);
                let rest = c - l - ce - r;
                coins[seat] = rest;
                holders -= usize::from(rest == 0);
                center += ce;
                let to = left_of(seat, n);
                holders += usize::from((coins[to] == 0) & (l > 0));
                coins[to] += l;
                let to = right_of(seat, n);
                holders += usize::from((coins[to] == 0) & (r > 0));
                coins[to] += r;
            }
            seat = right_of(seat, n);
        }
        self.center = center;
        let winner = coins.iter().position(|&c| c > 0).unwrap_or(0);
        Ok(Outcome {
            winner,
            turns,
            rolling_turns: rolling,
        })
    }
}

/// Play one game (the lab's `lcr_game`): `players` seats with `coins` each,
/// seat 0 first, on any dice.
///
/// # Errors
/// As [`Game::new`], and the dice's errors.
pub fn play_game<D: Dice + ?Sized>(
    players: usize,
    coins: u32,
    dice: &mut D,
) -> Result<GameResult, LcrError> {
    let mut game = Game::new(players, coins)?;
    let o = game.play(dice)?;
    Ok(GameResult {
        winner: o.winner,
        turns: o.turns,
        rolling_turns: o.rolling_turns,
        coins: game.coins,
        center: game.center,
    })
}

/// One seat's throw in a recorded game (see [`play_transcript`]).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ThrowRecord {
    /// The turn (1 for the first), counting seats without coins.
    pub turn: u64,
    /// The seat that threw.
    pub seat: usize,
    /// The dice, one letter a die: `.` `L` `C` `R`.
    pub faces: String,
    /// What they did.
    pub throw: Throw,
    /// Every seat's coins after the throw.
    pub coins: Vec<u32>,
    /// The center after the throw.
    pub center: u32,
}

/// A game recorded throw by throw.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Transcript {
    /// Every throw, in order (seats without coins do not throw).
    pub throws: Vec<ThrowRecord>,
    /// The game's result, as [`play_game`] gives it.
    #[serde(flatten)]
    pub result: GameResult,
    /// The dice as a script for `lcr replay --script`: the same game.
    pub script: String,
}

/// One game recorded throw by throw: the same dice draws, turn order and
/// throw table as [`Game::play`] (tested equal), with each die's face.
/// Refuses a game that runs past `max_throws` throws.
///
/// # Errors
/// As [`Game::new`]; [`LcrError::TooLong`] past `max_throws`; the dice's
/// errors.
pub fn play_transcript<D: Dice + ?Sized>(
    players: usize,
    coins: u32,
    dice: &mut D,
    max_throws: usize,
) -> Result<Transcript, LcrError> {
    transcript_from(ClassicState::new(players, coins)?, dice, max_throws)
}

/// The game from `state` on, recorded throw by throw and played on the
/// rules step ([`ClassicState`]): each turn's throw is rolled as
/// [`Game::play`] rolls it (one block of `min(coins, 3)` dice, each die's
/// face kept) and applied as the step's chance outcome, so the step
/// decides whose turn it is, what the throw does and when the game ends.
/// Turns count on from the state's.
///
/// # Errors
/// [`LcrError::TooLong`] past `max_throws` throws; the dice's errors.
pub fn transcript_from<D: Dice + ?Sized>(
    mut state: ClassicState,
    dice: &mut D,
    max_throws: usize,
) -> Result<Transcript, LcrError> {
    use game::{Step, Turn};
    let (mut rolling, mut throws, mut script) = (0u64, Vec::new(), String::new());
    while state.turn() == Turn::Chance {
        let seat = state.seat();
        let k = dice_for(state.coins()[seat]);
        if k == 0 {
            // A seat with no coins: its turn passes, no dice.
            state.apply_outcome(&Throw::default())?;
            continue;
        }
        if throws.len() == max_throws {
            return Err(LcrError::TooLong(max_throws));
        }
        rolling += 1;
        let code = dice.roll_block(6, k)?;
        let mut faces = String::new();
        let mut digits = code;
        for _ in 0..k {
            faces.push(LcrFace::from_face(digits % 6 + 1).letter());
            digits /= 6;
        }
        let throw = unpack(THROWS[k as usize][code as usize % 216]);
        state.apply_outcome(&throw)?;
        script.push_str(&faces);
        throws.push(ThrowRecord {
            turn: state.turns(),
            seat,
            faces,
            throw,
            coins: state.coins().to_vec(),
            center: state.center(),
        });
    }
    Ok(Transcript {
        throws,
        result: GameResult {
            winner: state.winner().unwrap_or(0),
            turns: state.turns(),
            rolling_turns: rolling,
            coins: state.coins().to_vec(),
            center: state.center(),
        },
        script,
    })
}

/// Play one game on a script of LCR dice such as `"LCR"`, strictly: the
/// script must last the game and be used up by it.
///
/// # Errors
/// A bad letter, a script that runs out, or rolls left over.
pub fn play_scripted(players: usize, coins: u32, script: &str) -> Result<GameResult, LcrError> {
    let mut dice = dice::ScriptedDice::from_lcr(script)?;
    let game = play_game(players, coins, &mut dice)?;
    if !dice.all_used() {
        return Err(LcrError::UnusedRolls {
            remaining: dice.remaining(),
        });
    }
    Ok(game)
}

/// A most-common-winner study.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StudyConfig {
    /// Seats.
    pub players: usize,
    /// Coins each seat starts with.
    pub coins: u32,
    /// Games to play.
    pub games: u64,
    /// The seed of the dice.
    pub seed: u64,
    /// Worker threads (the result does not depend on it).
    pub threads: usize,
}

impl Default for StudyConfig {
    fn default() -> Self {
        StudyConfig {
            players: 3,
            coins: 3,
            games: 2000,
            seed: 0,
            threads: 1,
        }
    }
}

/// What a study found.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Study {
    /// Seats.
    pub players: usize,
    /// Coins each seat started with.
    pub coins: u32,
    /// Games played.
    pub games: u64,
    /// The seed.
    pub seed: u64,
    /// Wins per seat.
    pub wins: Vec<u64>,
    /// Wins per seat over games.
    pub win_fraction: Vec<f64>,
    /// The seat that won most often (lowest index on a tie).
    pub most_common_winner: usize,
    /// Its share of the games.
    pub most_common_fraction: f64,
    /// Mean turns per game.
    pub mean_turns: f64,
    /// Mean turns per game in which someone rolled.
    pub mean_rolling_turns: f64,
}

/// The lab's `most_common_winner`, for any number of games, on seeded
/// dice, split over threads without changing the result.
///
/// # Errors
/// Bad sizes ([`Game::new`]), zero games or zero threads.
pub fn most_common_winner(config: &StudyConfig) -> Result<Study, LcrError> {
    most_common_winner_with_progress(config, |_| {})
}

/// [`most_common_winner`], calling `progress(games_done)` as chunks finish.
///
/// # Errors
/// As [`most_common_winner`].
pub fn most_common_winner_with_progress(
    config: &StudyConfig,
    progress: impl Fn(u64) + Sync,
) -> Result<Study, LcrError> {
    let sums = study_sums(config, dice::parallel::Shard::ALL, progress)?;
    Ok(Study::from_sums(config, &sums))
}

/// A study's sums, exact in integers: what shards of a study add up.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct StudySums {
    /// Wins per seat.
    pub wins: Vec<u64>,
    /// Turns over all games.
    pub turns: u64,
    /// Turns in which someone rolled, over all games.
    pub rolling: u64,
}

/// The sums of [`most_common_winner`] over one shard's chunks: the shards'
/// sums add up to the whole study's. `progress` is told the games played
/// and may stop the run (any `Fn(u64)` never does).
///
/// # Errors
/// As [`most_common_winner`]; [`LcrError::Parallel`] with
/// [`dice::parallel::ParallelError::Stopped`] when `progress` stops it.
pub fn study_sums(
    config: &StudyConfig,
    shard: dice::parallel::Shard,
    progress: impl dice::parallel::Watch,
) -> Result<StudySums, LcrError> {
    let template = Game::new(config.players, config.coins)?;
    if config.games == 0 {
        return Err(LcrError::ZeroGames);
    }
    let lent = dice::parallel::Lent::new(&progress);
    let (wins, turns, rolling) = dice::parallel::run_shard_fold(
        config.games,
        config.seed,
        config.threads,
        shard,
        |dice, _, games| {
            let mut game = template.clone();
            let mut wins = vec![0u64; config.players];
            let (mut turns, mut rolling) = (0u64, 0u64);
            for g in 0..games {
                // A chunk of a large table's games takes seconds: a stop is
                // heard between games (the run then drops the chunk).
                if lent.stop_after(g) {
                    break;
                }
                let o = game.play(dice).expect("seeded dice never fail");
                wins[o.winner] += 1;
                turns += o.turns;
                rolling += o.rolling_turns;
            }
            (wins, turns, rolling)
        },
        (vec![0u64; config.players], 0u64, 0u64),
        |(mut wins, turns, rolling), (w, t, r)| {
            wins.iter_mut().zip(w).for_each(|(a, b)| *a += b);
            (wins, turns + t, rolling + r)
        },
        &lent,
    )?;
    Ok(StudySums {
        wins,
        turns,
        rolling,
    })
}

impl Study {
    /// The study from its sums (see [`study_sums`]).
    pub fn from_sums(config: &StudyConfig, sums: &StudySums) -> Study {
        let StudySums {
            wins,
            turns,
            rolling,
        } = sums.clone();
        Study::finish(config, wins, turns, rolling)
    }

    fn finish(config: &StudyConfig, wins: Vec<u64>, turns: u64, rolling: u64) -> Study {
        let games = config.games as f64;
        let mut best = 0;
        for (seat, &w) in wins.iter().enumerate() {
            if w > wins[best] {
                best = seat;
            }
        }
        Study {
            players: config.players,
            coins: config.coins,
            games: config.games,
            seed: config.seed,
            win_fraction: wins.iter().map(|&w| w as f64 / games).collect(),
            most_common_winner: best,
            most_common_fraction: wins[best] as f64 / games,
            wins,
            mean_turns: turns as f64 / games,
            mean_rolling_turns: rolling as f64 / games,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A study of one chunk hears a stop between its games, not only
    /// before and after the chunk (a chunk of a hundred seats' games takes
    /// seconds).
    #[test]
    fn a_study_hears_a_stop_between_games() {
        use std::sync::atomic::{AtomicU64, Ordering};
        struct Asked(AtomicU64);
        impl dice::parallel::Watch for &Asked {
            fn done(&self, _: u64) {}
            fn stop(&self) -> bool {
                self.0.fetch_add(1, Ordering::Relaxed) >= 2
            }
        }
        let config = StudyConfig {
            players: 3,
            coins: 3,
            games: dice::parallel::CHUNK,
            seed: 1,
            threads: 1,
        };
        let asked = Asked(AtomicU64::new(0));
        let r = study_sums(&config, dice::parallel::Shard::ALL, &asked);
        assert!(
            matches!(
                r,
                Err(LcrError::Parallel(dice::parallel::ParallelError::Stopped))
            ),
            "{:?}",
            r.map(|s| s.wins)
        );
        // Once before the chunk, then at its 64th and 128th games.
        assert_eq!(asked.0.load(Ordering::Relaxed), 3);
        // Never stopped, the same sums on one thread as on two (over two
        // chunks), every game counted.
        let config = StudyConfig {
            games: 2 * dice::parallel::CHUNK,
            ..config
        };
        let one = study_sums(&config, dice::parallel::Shard::ALL, |_| {}).unwrap();
        let two = study_sums(
            &StudyConfig {
                threads: 2,
                ..config.clone()
            },
            dice::parallel::Shard::ALL,
            |_| {},
        )
        .unwrap();
        assert_eq!(
            (&one.wins, one.turns, one.rolling),
            (&two.wins, two.turns, two.rolling)
        );
        assert_eq!(one.wins.iter().sum::<u64>(), 2 * dice::parallel::CHUNK);
    }

    #[test]
    fn over_and_winner() {
        assert!(game_over(&[0, 0, 4]));
        assert!(!game_over(&[1, 0, 4]));
        assert!(!game_over(&[0, 0, 0]));
        assert_eq!(winner(&[0, 0, 4]), Some(2));
        assert_eq!(winner(&[3, 3]), None);
    }

    #[test]
    fn left_is_lower_index_wrapping() {
        let mut c = vec![3, 3, 3];
        left(&mut c, 0).unwrap();
        assert_eq!(c, [2, 3, 4]);
        right(&mut c, 2).unwrap();
        assert_eq!(c, [3, 3, 3]);
        left(&mut c, 1).unwrap();
        assert_eq!(c, [4, 2, 3]);
        center(&mut c, 1).unwrap();
        assert_eq!(c, [4, 1, 3]);
    }

    #[test]
    fn typed_errors_leave_coins_alone() {
        let mut c = vec![0, 2];
        assert_eq!(left(&mut c, 0), Err(LcrError::NoCoins { seat: 0 }));
        assert_eq!(
            right(&mut c, 2),
            Err(LcrError::SeatOutOfRange {
                seat: 2,
                players: 2
            })
        );
        assert_eq!(c, [0, 2]);
        assert_eq!(Game::new(1, 3).unwrap_err(), LcrError::TooFewPlayers(1));
        assert_eq!(Game::new(3, 0).unwrap_err(), LcrError::NoStartingCoins);
    }

    #[test]
    fn lab_example() {
        let g = play_scripted(2, 3, "LCR").unwrap();
        assert_eq!((g.winner, g.turns, g.center), (1, 1, 1));
    }

    #[test]
    fn scripts_must_fit_the_game() {
        assert_eq!(
            play_scripted(2, 3, "LC"),
            Err(LcrError::Dice(DiceError::ScriptExhausted { rolls: 2 }))
        );
        assert_eq!(
            play_scripted(2, 3, "LCRR"),
            Err(LcrError::UnusedRolls { remaining: 1 })
        );
    }

    #[test]
    fn the_fast_path_matches_the_rule_functions() {
        // Replay seeded games die by die with the lab's functions.
        for seed in 0..200 {
            let mut fast_dice = dice::SeededDice::new(seed, 0);
            let fast = play_game(4, 3, &mut fast_dice).unwrap();
            let mut d = dice::SeededDice::new(seed, 0);
            let mut coins = vec![3u32; 4];
            let (mut seat, mut turns, mut center_coins) = (0, 0, 0);
            while !game_over(&coins) {
                turns += 1;
                let k = dice_for(coins[seat]);
                let mut code = d.roll_block(6, k).unwrap();
                for _ in 0..k {
                    let face = code % 6 + 1;
                    code /= 6;
                    match LcrFace::from_face(face) {
                        LcrFace::Dot => {}
                        LcrFace::Left => left(&mut coins, seat).unwrap(),
                        LcrFace::Right => right(&mut coins, seat).unwrap(),
                        LcrFace::Center => {
                            center(&mut coins, seat).unwrap();
                            center_coins += 1;
                        }
                    }
                }
                seat = (seat + 1) % 4;
            }
            assert_eq!(fast.coins, coins, "seed {seed}");
            assert_eq!(fast.turns, turns);
            assert_eq!(fast.center, center_coins);
            assert_eq!(Some(fast.winner), winner(&coins));
        }
    }

    #[test]
    fn throw_distribution_sums_to_one() {
        for k in 0..=3 {
            let d = throw_distribution(k);
            let s: f64 = d.iter().map(|x| x.1).sum();
            assert!((s - 1.0).abs() < 1e-15);
        }
        let d = throw_distribution(3);
        let p_all_dots = d.iter().find(|(t, _)| t.lost() == 0).unwrap().1;
        assert!((p_all_dots - 0.125).abs() < 1e-15);
    }

    #[test]
    fn study_is_the_same_at_any_thread_count() {
        let cfg = |threads| StudyConfig {
            players: 5,
            coins: 3,
            games: 50_000,
            seed: 3,
            threads,
        };
        let a = most_common_winner(&cfg(1)).unwrap();
        assert_eq!(a, most_common_winner(&cfg(2)).unwrap());
        assert_eq!(a.wins.iter().sum::<u64>(), 50_000);
    }
}
