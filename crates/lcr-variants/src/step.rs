//! LCR variants as a rules step ([`game::Step`]): no decisions; chance
//! first draws the starting seat (uniformly, as [`crate::Game::play`]
//! draws it), then one throw a turn, weighted by the number of face
//! sequences giving it under the table. After every round (or turn, with
//! [`EndCheck::Turn`]) the end is checked: one holder wins and collects the
//! center; no holder, or the round limit, ends the game with no winner.
//! [`crate::Game`] (the fast path the study runs) is tested equal to it.

use std::sync::Arc;

use dice::{Dice, DiceError};
use game::{Step, Turn};
use lcr_core::{Throw, dice_for, packed_throws, throw_weights, unpack};
use serde::{Deserialize, Serialize};

use crate::{EndCheck, Variant, VariantError, left_of, right_of};

/// A chance outcome of the variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum VariantOutcome {
    /// The starting seat of every round, drawn once per game.
    Start(usize),
    /// A turn's throw.
    Throw(Throw),
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Ended {
    /// The winner (who collected the center), if any.
    pub winner: Option<usize>,
}

/// A game's settings and its throw table, made once and shared by every
/// state of the game (a chance node clones a state per outcome).
#[derive(Debug, PartialEq, Eq, Hash)]
struct Shared {
    variant: Variant,
    throws: [[u32; 216]; 4],
}

/// A variants position: the game's settings, every seat's chips, the
/// center, the starting seat once drawn, the round being played and the
/// turns taken in it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(try_from = "VariantSetup")]
pub struct VariantState {
    shared: Arc<Shared>,
    chips: Vec<u32>,
    center: u32,
    start: Option<usize>,
    rounds: u32,
    next: usize,
    ended: Option<Ended>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VariantSetup {
    variant: Variant,
    chips: Vec<u32>,
    center: u32,
    start: Option<usize>,
    rounds: u32,
    next: usize,
    ended: Option<Ended>,
}

impl TryFrom<VariantSetup> for VariantState {
    type Error = VariantError;

    fn try_from(s: VariantSetup) -> Result<VariantState, VariantError> {
        let n = s.variant.starting_chips.len();
        if s.chips.len() != n {
            return Err(VariantError::ChipsLength {
                chips: s.chips.len(),
                players: n,
            });
        }
        let total: u64 = s.chips.iter().map(|&c| u64::from(c)).sum::<u64>() + u64::from(s.center);
        let start_total: u64 = s.variant.starting_chips.iter().map(|&c| u64::from(c)).sum();
        if total != start_total {
            return Err(VariantError::BadState);
        }
        let next_ok = s.next < n || (s.next == n && s.ended.is_some());
        if s.start.is_some_and(|x| x >= n) || !next_ok || s.rounds > s.variant.max_rounds {
            return Err(VariantError::BadState);
        }
        Ok(VariantState {
            shared: share(s.variant),
            chips: s.chips,
            center: s.center,
            start: s.start,
            rounds: s.rounds,
            next: s.next,
            ended: s.ended,
        })
    }
}

/// The settings with their throw table.
fn share(variant: Variant) -> Arc<Shared> {
    let throws = packed_throws(&variant.table.0);
    Arc::new(Shared { variant, throws })
}

/// The JSON of a state, as it always was: the settings in full, then the
/// position.
#[derive(Serialize)]
struct View<'a> {
    variant: &'a Variant,
    chips: &'a [u32],
    center: u32,
    start: Option<usize>,
    rounds: u32,
    next: usize,
    ended: Option<Ended>,
}

impl Serialize for VariantState {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        View {
            variant: &self.shared.variant,
            chips: &self.chips,
            center: self.center,
            start: self.start,
            rounds: self.rounds,
            next: self.next,
            ended: self.ended,
        }
        .serialize(s)
    }
}

impl VariantState {
    /// A new game of `variant`: starting chips, the starting seat not yet
    /// drawn.
    pub fn new(variant: &Variant) -> VariantState {
        VariantState {
            shared: share(variant.clone()),
            chips: variant.starting_chips.clone(),
            center: 0,
            start: None,
            rounds: 0,
            next: 0,
            ended: None,
        }
    }

    /// The game's settings.
    pub fn variant(&self) -> &Variant {
        &self.shared.variant
    }

    /// Chips per seat (the winner's include the center once collected).
    pub fn chips(&self) -> &[u32] {
        &self.chips
    }

    /// Chips in the center.
    pub fn center(&self) -> u32 {
        self.center
    }

    /// The starting seat, once drawn.
    pub fn start(&self) -> Option<usize> {
        self.start
    }

    /// Rounds begun.
    pub fn rounds(&self) -> u32 {
        self.rounds
    }

    /// The seat to roll next, once the start is drawn and while the game
    /// goes on.
    pub fn seat(&self) -> Option<usize> {
        match (self.start, self.ended) {
            (Some(s), None) => Some((s + self.next) % self.chips.len()),
            _ => None,
        }
    }

    /// How the game ended, once it has.
    pub fn ended(&self) -> Option<Ended> {
        self.ended
    }

    fn holders(&self) -> usize {
        self.chips.iter().filter(|&&c| c > 0).count()
    }

    /// The end check: one holder wins the center; none, or the last round,
    /// ends the game with no winner; otherwise the next round begins.
    fn end_of_round(&mut self) {
        match self.holders() {
            0 => self.ended = Some(Ended { winner: None }),
            1 => {
                let w = self.chips.iter().position(|&c| c > 0).unwrap_or(0);
                self.chips[w] += self.center;
                self.center = 0;
                self.ended = Some(Ended { winner: Some(w) });
            }
            _ if self.rounds >= self.shared.variant.max_rounds => {
                self.ended = Some(Ended { winner: None })
            }
            _ => {
                self.rounds += 1;
                self.next = 0;
            }
        }
    }
}

impl Step for VariantState {
    type Action = ();
    type Outcome = VariantOutcome;
    type Error = VariantError;

    fn players(&self) -> usize {
        self.chips.len()
    }

    fn turn(&self) -> Turn {
        if self.ended.is_some() {
            Turn::Terminal
        } else {
            Turn::Chance
        }
    }

    fn legal_actions(&self) -> Vec<()> {
        Vec::new()
    }

    fn chance_outcomes(&self) -> Vec<(VariantOutcome, u64)> {
        if self.ended.is_some() {
            return Vec::new();
        }
        match self.seat() {
            None => (0..self.chips.len())
                .map(|s| (VariantOutcome::Start(s), 1))
                .collect(),
            Some(seat) => throw_weights(&self.shared.throws, dice_for(self.chips[seat]))
                .into_iter()
                .map(|(t, w)| (VariantOutcome::Throw(t), w))
                .collect(),
        }
    }

    fn apply_action(&mut self, _: &()) -> Result<(), VariantError> {
        Err(VariantError::BadState)
    }

    fn apply_outcome(&mut self, o: &VariantOutcome) -> Result<(), VariantError> {
        if !self.chance_outcomes().iter().any(|(x, _)| x == o) {
            return Err(VariantError::BadState);
        }
        match *o {
            VariantOutcome::Start(s) => {
                self.start = Some(s);
                self.rounds = 1;
                self.next = 0;
            }
            VariantOutcome::Throw(t) => {
                let seat = self.seat().unwrap_or(0);
                let n = self.chips.len();
                self.center += t.apply(&mut self.chips, seat, left_of(seat, n), right_of(seat, n));
                self.next += 1;
                let early = self.shared.variant.end_check == EndCheck::Turn && self.holders() <= 1;
                if early || self.next == n {
                    self.end_of_round();
                }
            }
        }
        Ok(())
    }

    fn returns(&self) -> Vec<f64> {
        let w = self.ended.and_then(|e| e.winner);
        (0..self.chips.len())
            .map(|i| f64::from(u8::from(w == Some(i))))
            .collect()
    }

    /// The start as [`crate::Game::play`] draws it ([`Dice::below`]), then
    /// one block of `min(chips, 3)` dice looked up in the table; a seat
    /// with no chips rolls nothing.
    fn sample_outcome<D: Dice + ?Sized>(&self, dice: &mut D) -> Result<VariantOutcome, DiceError> {
        match self.seat() {
            None => Ok(VariantOutcome::Start(
                dice.below(self.chips.len() as u32)? as usize
            )),
            Some(seat) => {
                let k = dice_for(self.chips[seat]);
                if k == 0 {
                    return Ok(VariantOutcome::Throw(Throw::default()));
                }
                let code = dice.roll_block(6, k)? as usize % 216;
                Ok(VariantOutcome::Throw(unpack(
                    self.shared.throws[k as usize][code],
                )))
            }
        }
    }
}
