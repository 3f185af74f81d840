//! Baccarat with the handout's third-card rules, its transcript, a simulator
//! and exact odds by enumeration over card values.

use std::fmt;

use dice::Dice;

use crate::cards::{Card, Shoe};
use crate::{CasinoError, Ratio};

/// Who won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// The player's total is higher.
    Player,
    /// The house's total is higher.
    House,
    /// Equal totals.
    Tie,
}

/// The handout's `compareHands`, on totals.
pub fn compare_totals(player: u8, house: u8) -> Outcome {
    match player.cmp(&house) {
        std::cmp::Ordering::Greater => Outcome::Player,
        std::cmp::Ordering::Less => Outcome::House,
        std::cmp::Ordering::Equal => Outcome::Tie,
    }
}

/// The handout's `compareHands`, on hands.
pub fn compare_hands(player: &[Card], house: &[Card]) -> Outcome {
    compare_totals(crate::cards::total(player), crate::cards::total(house))
}

/// Whether either two-card total is a natural (8 or 9): the game ends at
/// once.
#[inline]
pub fn is_natural(player: u8, house: u8) -> bool {
    player >= 8 || house >= 8
}

/// Which hand a card goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Hand {
    /// The player's hand.
    Player,
    /// The house's (banker's) hand.
    House,
}

/// The tableau in one place: which hand gets the next card, given the
/// cards dealt so far in deal order (player, house, player, house, then
/// any third cards, the player's first), or `None` when the game is over.
/// The simulator, the transcript and the rules step all deal by it.
#[inline]
pub fn next_card(dealt: &[Card]) -> Option<Hand> {
    let pts = |i: usize| dealt[i].points();
    match dealt.len() {
        0 | 2 => Some(Hand::Player),
        1 | 3 => Some(Hand::House),
        n @ (4 | 5) => {
            let pt = (pts(0) + pts(2)) % 10;
            let ht = (pts(1) + pts(3)) % 10;
            if is_natural(pt, ht) {
                return None;
            }
            let player_drew = player_draws(pt);
            match (n, player_drew) {
                (4, true) => Some(Hand::Player),
                (4, false) => house_draws(ht, None).then_some(Hand::House),
                (5, true) => house_draws(ht, Some(pts(4))).then_some(Hand::House),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Whether the player draws a third card on a two-card total (no natural).
pub fn player_draws(total: u8) -> bool {
    total <= 5
}

/// Whether the house draws, given its two-card total and the player's third
/// card's points (`None` when the player stood). 10/J/Q/K count 0 here, as
/// they behave in every one of the handout's tests.
pub fn house_draws(total: u8, player_third: Option<u8>) -> bool {
    match player_third {
        None => total <= 5,
        Some(p) => match total {
            0..=2 => true,
            3 => p != 8,
            4 => (2..=7).contains(&p),
            5 => (4..=7).contains(&p),
            6 => (6..=7).contains(&p),
            _ => false,
        },
    }
}

/// The full record of one game.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct BaccaratGame {
    /// The player's first two cards.
    pub player: [Card; 2],
    /// The house's first two cards.
    pub house: [Card; 2],
    /// The player's third card, if drawn.
    pub player_third: Option<Card>,
    /// The house's third card, if drawn.
    pub house_third: Option<Card>,
    /// The player's final total.
    pub player_total: u8,
    /// The house's final total.
    pub house_total: u8,
    /// Whether either two-card hand was a natural (8 or 9).
    pub natural: bool,
    /// Who won.
    pub outcome: Outcome,
}

impl BaccaratGame {
    /// The tableau's rules as this game applied them, in words, one line a
    /// step: the two-card totals, a natural or each side's draw or stand
    /// (the house's row of the tableau named), and the result.
    pub fn rules_applied(&self) -> Vec<String> {
        let two = |c: [Card; 2]| (c[0].points() + c[1].points()) % 10;
        let (p2, h2) = (two(self.player), two(self.house));
        let mut lines = vec![format!(
            "Two cards each: the player has {p2}, the house has {h2}."
        )];
        if is_natural(p2, h2) {
            lines.push(format!(
                "A natural ({}): neither side draws.",
                if p2 >= h2 { p2 } else { h2 }
            ));
        } else {
            let third = self.player_third.map(Card::points);
            match self.player_third {
                Some(c) => lines.push(format!(
                    "The player has {p2} (0 to 5 draws): a third card, {c}, worth {}.",
                    c.points()
                )),
                None => lines.push(format!("The player has {p2} (6 or 7 stands): stands.")),
            }
            let draws = house_draws(h2, third);
            let why = match third {
                None => "the player stood, so the house draws on 0 to 5".to_string(),
                Some(t) => format!(
                    "the player's third card is worth {t}; the house with {h2} {}",
                    match h2 {
                        0..=2 => "always draws".to_string(),
                        3 => "draws unless it is 8".to_string(),
                        4 => "draws on 2 to 7".to_string(),
                        5 => "draws on 4 to 7".to_string(),
                        6 => "draws on 6 or 7".to_string(),
                        _ => "stands".to_string(),
                    }
                ),
            };
            match self.house_third {
                Some(c) if draws => lines.push(format!(
                    "The house has {h2}: {why}: a third card, {c}, worth {}.",
                    c.points()
                )),
                _ => lines.push(format!("The house has {h2}: {why}: stands.")),
            }
        }
        let (p, h) = (self.player_total, self.house_total);
        lines.push(match self.outcome {
            Outcome::Player => format!("Player {p} against house {h}: the player wins."),
            Outcome::House => format!("Player {p} against house {h}: the house wins."),
            Outcome::Tie => format!("Player {p} against house {h}: a tie."),
        });
        lines
    }
}

/// The record of a game from the cards dealt in order (a complete game by
/// [`next_card`]): the first four go player, house, player, house; a fifth
/// goes to `fifth` (where [`next_card`] sent it), and a sixth to the house.
#[inline]
fn game_of(dealt: &[Card], fifth: Option<Hand>) -> BaccaratGame {
    let (mut player_third, mut house_third) = (None, None);
    if dealt.len() >= 5 {
        match fifth {
            Some(Hand::Player) => player_third = Some(dealt[4]),
            _ => house_third = Some(dealt[4]),
        }
    }
    if dealt.len() == 6 {
        house_third = Some(dealt[5]);
    }
    let two = |a: Card, b: Card| (a.points() + b.points()) % 10;
    let (p2, h2) = (two(dealt[0], dealt[2]), two(dealt[1], dealt[3]));
    let pt = (p2 + player_third.map_or(0, Card::points)) % 10;
    let ht = (h2 + house_third.map_or(0, Card::points)) % 10;
    BaccaratGame {
        player: [dealt[0], dealt[2]],
        house: [dealt[1], dealt[3]],
        player_third,
        house_third,
        player_total: pt,
        house_total: ht,
        natural: is_natural(p2, h2),
        outcome: compare_totals(pt, ht),
    }
}

/// Play one game, dealing each card with `deal` to the hand
/// [`next_card`] names: player, house, player, house, then any third
/// cards (player's first).
///
/// # Errors
/// Whatever `deal` returns.
#[inline]
pub fn play_with<F>(mut deal: F) -> Result<BaccaratGame, CasinoError>
where
    F: FnMut() -> Result<Card, CasinoError>,
{
    let mut dealt = [Card::default(); 6];
    // The first four always go player, house, player, house.
    for c in dealt.iter_mut().take(4) {
        *c = deal()?;
    }
    let mut n = 4;
    let fifth = next_card(&dealt[..4]);
    let mut to = fifth;
    while to.is_some() {
        dealt[n] = deal()?;
        n += 1;
        to = next_card(&dealt[..n]);
    }
    Ok(game_of(&dealt[..n], fifth))
}

/// The handout's `baccarat()`: a fresh copy of `shoe`'s decks, shuffled with
/// `dice`, then one game. `shoe` is left as it was.
///
/// # Errors
/// The dice's errors.
pub fn play<D: Dice + ?Sized>(shoe: &mut Shoe, dice: &mut D) -> Result<BaccaratGame, CasinoError> {
    let game = play_with(|| shoe.deal_random(dice));
    shoe.restore();
    game
}

/// One game from a stacked shoe, dealt top first without shuffling.
///
/// # Errors
/// [`CasinoError::EmptyDeck`] when the stack runs out.
pub fn play_stacked(shoe: &mut Shoe) -> Result<BaccaratGame, CasinoError> {
    play_with(|| shoe.deal())
}

impl fmt::Display for BaccaratGame {
    /// The handout's transcript, byte for byte.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "House:{:>7}{:>7}", self.house[0], self.house[1])?;
        writeln!(f, "Player:{:>7}{:>7}", self.player[0], self.player[1])?;
        if let Some(c) = self.player_third {
            writeln!(f, "Player draws{c:>8}")?;
        }
        if let Some(c) = self.house_third {
            writeln!(f, "House draws{c:>8}")?;
        }
        writeln!(
            f,
            "{}",
            match self.outcome {
                Outcome::House => "House wins",
                Outcome::Player => "Player wins",
                Outcome::Tie => "Tie",
            }
        )
    }
}

/// Counts of outcomes over many games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Tally {
    /// Player wins.
    pub player: u64,
    /// House wins.
    pub house: u64,
    /// Ties.
    pub tie: u64,
}

/// Simulate `games` games, each from a freshly shuffled shoe of `decks`
/// decks, on seeded dice split over threads without changing the result.
///
/// # Errors
/// Zero games or threads, bad deck counts.
pub fn simulate(games: u64, decks: u32, seed: u64, threads: usize) -> Result<Tally, CasinoError> {
    simulate_shard(
        games,
        decks,
        seed,
        threads,
        dice::parallel::Shard::ALL,
        |_| {},
    )
}

/// [`simulate`] over one shard's chunks: the shards' tallies add up to
/// the whole run's. `watch` is told the games played and may stop the run.
///
/// # Errors
/// As [`simulate`]; [`CasinoError::Parallel`] with
/// [`dice::parallel::ParallelError::Stopped`] when `watch` stops it.
pub fn simulate_shard(
    games: u64,
    decks: u32,
    seed: u64,
    threads: usize,
    shard: dice::parallel::Shard,
    watch: impl dice::parallel::Watch,
) -> Result<Tally, CasinoError> {
    let template = Shoe::new(decks)?;
    if games == 0 {
        return Err(CasinoError::ZeroGames);
    }
    Ok(dice::parallel::run_shard_fold(
        games,
        seed,
        threads,
        shard,
        |d, _, n| {
            let mut shoe = template.clone();
            let mut t = Tally::default();
            for _ in 0..n {
                match play(&mut shoe, d)
                    .expect("a fresh shoe holds six cards")
                    .outcome
                {
                    Outcome::Player => t.player += 1,
                    Outcome::House => t.house += 1,
                    Outcome::Tie => t.tie += 1,
                }
            }
            t
        },
        Tally::default(),
        |a, t| Tally {
            player: a.player + t.player,
            house: a.house + t.house,
            tie: a.tie + t.tie,
        },
        watch,
    )?)
}

/// Exact odds of one game from a fresh shoe.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct BaccaratOdds {
    /// Decks in the shoe.
    pub decks: u32,
    /// The player wins.
    pub player: Ratio,
    /// The house wins.
    pub house: Ratio,
    /// A tie.
    pub tie: Ratio,
}

/// Exact odds for a fresh shoe of `decks` decks, by enumerating the deal
/// over card points (0..9; 10/J/Q/K are 16 of the 52 cards per deck at 0)
/// without replacement, counting ordered six-card deals exactly in integers.
///
/// # Errors
/// [`CasinoError::NoDecks`], [`CasinoError::TooManyDecks`].
pub fn exact_odds(decks: u32) -> Result<BaccaratOdds, CasinoError> {
    let shoe = Shoe::new(decks)?;
    let mut counts = [0u128; 10];
    for c in shoe.cards() {
        counts[c.points() as usize] += 1;
    }
    let n = shoe.len() as u128;
    // Every game is counted as ordered sequences of six cards: a game that
    // uses fewer is multiplied by the ways to fill the unused places.
    let rest4 = (n - 4) * (n - 5);
    let rest5 = n - 5;
    let mut tally = [0u128; 3]; // player, house, tie
    let add = |tally: &mut [u128; 3], pt: u8, ht: u8, w: u128| {
        tally[match compare_totals(pt, ht) {
            Outcome::Player => 0,
            Outcome::House => 1,
            Outcome::Tie => 2,
        }] += w;
    };
    let mut c = counts;
    for p1 in 0..10 {
        let w1 = c[p1];
        if w1 == 0 {
            continue;
        }
        c[p1] -= 1;
        for h1 in 0..10 {
            let w2 = w1 * c[h1];
            if w2 == 0 {
                continue;
            }
            c[h1] -= 1;
            for p2 in 0..10 {
                let w3 = w2 * c[p2];
                if w3 == 0 {
                    continue;
                }
                c[p2] -= 1;
                for h2 in 0..10 {
                    let w4 = w3 * c[h2];
                    if w4 == 0 {
                        continue;
                    }
                    c[h2] -= 1;
                    let pt = ((p1 + p2) % 10) as u8;
                    let ht = ((h1 + h2) % 10) as u8;
                    if is_natural(pt, ht) {
                        add(&mut tally, pt, ht, w4 * rest4);
                    } else if !player_draws(pt) {
                        if house_draws(ht, None) {
                            for (h3, &ways) in c.iter().enumerate() {
                                add(&mut tally, pt, (ht + h3 as u8) % 10, w4 * ways * rest5);
                            }
                        } else {
                            add(&mut tally, pt, ht, w4 * rest4);
                        }
                    } else {
                        for p3 in 0..10 {
                            let w5 = w4 * c[p3];
                            if w5 == 0 {
                                continue;
                            }
                            let pt3 = (pt + p3 as u8) % 10;
                            if house_draws(ht, Some(p3 as u8)) {
                                c[p3] -= 1;
                                for (h3, &ways) in c.iter().enumerate() {
                                    add(&mut tally, pt3, (ht + h3 as u8) % 10, w5 * ways);
                                }
                                c[p3] += 1;
                            } else {
                                add(&mut tally, pt3, ht, w5 * rest5);
                            }
                        }
                    }
                    c[h2] += 1;
                }
                c[p2] += 1;
            }
            c[h1] += 1;
        }
        c[p1] += 1;
    }
    let all = n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5);
    debug_assert_eq!(tally.iter().sum::<u128>(), all);
    Ok(BaccaratOdds {
        decks,
        player: Ratio::new(tally[0], all),
        house: Ratio::new(tally[1], all),
        tie: Ratio::new(tally[2], all),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn house_rule_table() {
        assert!(house_draws(2, Some(8)));
        assert!(!house_draws(3, Some(8)));
        assert!(house_draws(3, Some(0)));
        assert!(house_draws(4, Some(2)) && !house_draws(4, Some(1)) && !house_draws(4, Some(8)));
        assert!(house_draws(5, Some(4)) && !house_draws(5, Some(3)));
        assert!(house_draws(6, Some(7)) && !house_draws(6, Some(5)));
        assert!(!house_draws(7, Some(6)));
        assert!(house_draws(5, None) && !house_draws(6, None));
    }

    #[test]
    fn exact_odds_sum_to_one_and_match_published_eight_decks() {
        for k in 1..=8 {
            let o = exact_odds(k).unwrap();
            let s = o.player + o.house + o.tie;
            assert_eq!(s, Ratio::new(1, 1), "{k} decks");
        }
        // Published 8-deck figures, to their 6 decimals.
        let o = exact_odds(8).unwrap();
        assert!((o.house.to_f64() - 0.458597).abs() < 5e-7);
        assert!((o.player.to_f64() - 0.446247).abs() < 5e-7);
        assert!((o.tie.to_f64() - 0.095156).abs() < 5e-7);
    }
}
