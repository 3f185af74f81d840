//! Craps and baccarat as rules steps ([`game::Step`]). Neither has a
//! decision: craps is one chance node a roll (the two dice, 36 equally
//! likely pairs), baccarat one a card (every card left in the shoe, weighted
//! by its copies). The simulators, the homework's functions and the
//! transcript use the same rules core ([`Phase::after`],
//! [`baccarat::next_card`]); the exact odds are tested equal to the generic
//! evaluator over these steps.

use dice::{Dice, DiceError};
use game::{Step, Turn};
use serde::{Deserialize, Serialize};

use crate::CasinoError;
use crate::baccarat::{self, Outcome, next_card};
use crate::cards::{Card, new_deck};
use crate::craps::{CrapsRoll, Phase, rule_applied};

/// A game of craps: where it stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CrapsState {
    /// The phase: come-out, rolling for a point, won or lost.
    pub phase: Phase,
}

impl Step for CrapsState {
    type Action = ();
    type Outcome = [u32; 2];
    type Error = CasinoError;

    fn players(&self) -> usize {
        1
    }

    fn turn(&self) -> Turn {
        if self.phase.result().is_some() {
            Turn::Terminal
        } else {
            Turn::Chance
        }
    }

    fn legal_actions(&self) -> Vec<()> {
        Vec::new()
    }

    fn chance_outcomes(&self) -> Vec<([u32; 2], u64)> {
        if self.phase.result().is_some() {
            return Vec::new();
        }
        (1..=6)
            .flat_map(|a| (1..=6).map(move |b| ([a, b], 1)))
            .collect()
    }

    fn apply_action(&mut self, _: &()) -> Result<(), CasinoError> {
        Err(CasinoError::NoDecisions)
    }

    fn apply_outcome(&mut self, &[a, b]: &[u32; 2]) -> Result<(), CasinoError> {
        if self.phase.result().is_some() || !(1..=6).contains(&a) || !(1..=6).contains(&b) {
            return Err(CasinoError::NotAnOutcome(format!("dice {a} and {b}")));
        }
        self.phase = self.phase.after(a + b);
        Ok(())
    }

    fn returns(&self) -> Vec<f64> {
        vec![f64::from(u8::from(self.phase.result() == Some(true)))]
    }

    /// One two-dice block, as the simulator rolls
    /// ([`crate::craps::roll_pair`]).
    fn sample_outcome<D: Dice + ?Sized>(&self, dice: &mut D) -> Result<[u32; 2], DiceError> {
        let code = dice.roll_block(6, 2)?;
        Ok([code % 6 + 1, code / 6 % 6 + 1])
    }
}

impl CrapsState {
    /// The game from this state on, played on the rules step and recorded
    /// roll by roll: each roll is the step's sampled outcome (one
    /// two-dice block, as the simulator rolls), its faces, sum and the rule
    /// it applied; then whether the player won.
    ///
    /// # Errors
    /// The dice's errors.
    pub fn transcript<D: Dice + ?Sized>(
        mut self,
        dice: &mut D,
    ) -> Result<(Vec<CrapsRoll>, bool), CasinoError> {
        let mut rolls = Vec::new();
        while self.turn() == Turn::Chance {
            let before = self.phase;
            let faces = self.sample_outcome(dice)?;
            self.apply_outcome(&faces)?;
            let sum = faces[0] + faces[1];
            rolls.push(CrapsRoll {
                dice: faces,
                sum,
                before,
                after: self.phase,
                rule: rule_applied(before, sum),
            });
        }
        Ok((rolls, self.phase.result() == Some(true)))
    }
}

/// A game of baccarat from a fresh shoe of `decks` decks: the cards dealt
/// so far, in deal order. Which hand each card goes to, and when the game
/// ends, follow from [`next_card`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "BaccaratSetup")]
pub struct BaccaratState {
    decks: u32,
    dealt: Vec<Card>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BaccaratSetup {
    decks: u32,
    dealt: Vec<Card>,
}

impl TryFrom<BaccaratSetup> for BaccaratState {
    type Error = CasinoError;

    fn try_from(s: BaccaratSetup) -> Result<BaccaratState, CasinoError> {
        let mut state = BaccaratState::new(s.decks)?;
        for c in s.dealt {
            state.apply_outcome(&c)?;
        }
        Ok(state)
    }
}

impl BaccaratState {
    /// A new game from a fresh shoe of `decks` decks.
    ///
    /// # Errors
    /// [`CasinoError::NoDecks`], [`CasinoError::TooManyDecks`].
    pub fn new(decks: u32) -> Result<BaccaratState, CasinoError> {
        crate::cards::Shoe::new(decks)?;
        Ok(BaccaratState {
            decks,
            dealt: Vec::new(),
        })
    }

    /// Decks in the shoe.
    pub fn decks(&self) -> u32 {
        self.decks
    }

    /// The cards dealt, in deal order.
    pub fn dealt(&self) -> &[Card] {
        &self.dealt
    }

    /// The hand the next card goes to, while the game goes on.
    pub fn next_hand(&self) -> Option<baccarat::Hand> {
        next_card(&self.dealt)
    }

    /// The whole game's record once it is over.
    pub fn game(&self) -> Option<baccarat::BaccaratGame> {
        if next_card(&self.dealt).is_some() {
            return None;
        }
        let mut cards = self.dealt.iter().copied();
        baccarat::play_with(|| cards.next().ok_or(CasinoError::EmptyDeck)).ok()
    }

    /// The game from this state on, played on the rules step: `deal` gives
    /// each next card (from a shuffled or a stacked shoe) and the step
    /// decides which hand it goes to and when the game ends; then the
    /// whole game's record.
    ///
    /// # Errors
    /// Whatever `deal` returns; [`CasinoError::NotAnOutcome`] for a card
    /// of which no copy is left in this state's shoe.
    pub fn deal_with<F>(mut self, mut deal: F) -> Result<baccarat::BaccaratGame, CasinoError>
    where
        F: FnMut() -> Result<Card, CasinoError>,
    {
        while self.turn() == Turn::Chance {
            let card = deal()?;
            self.apply_outcome(&card)?;
        }
        // Over: the record of the cards dealt exists.
        self.game().ok_or(CasinoError::EmptyDeck)
    }

    fn copies_left(&self, card: Card) -> u64 {
        let used = self.dealt.iter().filter(|&&c| c == card).count() as u64;
        u64::from(self.decks).saturating_sub(used)
    }
}

impl Step for BaccaratState {
    type Action = ();
    type Outcome = Card;
    type Error = CasinoError;

    /// Two sides that can win: the player (0) and the house (1).
    fn players(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        if next_card(&self.dealt).is_some() {
            Turn::Chance
        } else {
            Turn::Terminal
        }
    }

    fn legal_actions(&self) -> Vec<()> {
        Vec::new()
    }

    fn chance_outcomes(&self) -> Vec<(Card, u64)> {
        if next_card(&self.dealt).is_none() {
            return Vec::new();
        }
        new_deck()
            .into_iter()
            .map(|c| (c, self.copies_left(c)))
            .filter(|&(_, w)| w > 0)
            .collect()
    }

    fn apply_action(&mut self, _: &()) -> Result<(), CasinoError> {
        Err(CasinoError::NoDecisions)
    }

    fn apply_outcome(&mut self, &card: &Card) -> Result<(), CasinoError> {
        if next_card(&self.dealt).is_none() || self.copies_left(card) == 0 {
            return Err(CasinoError::NotAnOutcome(format!("card {card}")));
        }
        self.dealt.push(card);
        Ok(())
    }

    fn returns(&self) -> Vec<f64> {
        match self.game().map(|g| g.outcome) {
            Some(Outcome::Player) => vec![1.0, 0.0],
            Some(Outcome::House) => vec![0.0, 1.0],
            _ => vec![0.0, 0.0],
        }
    }
}
