//! Kalah as a rules step ([`game::Step`]): a position, the mover's legal
//! pits, and sowing by [`Position::play`]; no chance. `sow_game` (the
//! handout's function on the absolute layout), the packed sowing of the
//! solver and the endgame tables, and their one child expansion are tested
//! equal to it.

use game::{Step, Turn};

use crate::{MancalaError, Position};

impl Step for Position {
    type Action = usize;
    type Outcome = ();
    type Error = MancalaError;

    fn players(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        if self.is_over() {
            Turn::Terminal
        } else {
            Turn::Player(self.to_move())
        }
    }

    fn legal_actions(&self) -> Vec<usize> {
        self.legal_moves()
    }

    fn chance_outcomes(&self) -> Vec<((), u64)> {
        Vec::new()
    }

    fn apply_action(&mut self, &pit: &usize) -> Result<(), MancalaError> {
        self.play(pit)
    }

    fn apply_outcome(&mut self, _: &()) -> Result<(), MancalaError> {
        Err(MancalaError::NoChance)
    }

    /// Store 0 minus store 1 at the end for player 0, the opposite for
    /// player 1 (the value the solver reports is player 0's).
    fn returns(&self) -> Vec<f64> {
        match self.final_scores() {
            Some([a, b]) => {
                let d = f64::from(a) - f64::from(b);
                vec![d, -d]
            }
            None => vec![0.0, 0.0],
        }
    }
}
