//! Cards, decks and shoes: ranks 2..10, J, Q, K, A; the handout's four suits;
//! a card prints as rank, space, suit (`9 ♣`, `10 ♡`).

use std::fmt;

use dice::Dice;

use crate::CasinoError;

/// The ranks in the order a fresh deck holds them.
pub const RANKS: [&str; 13] = [
    "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
];

/// The suits: U+2660 spade, U+2661 white heart, U+2662 white diamond,
/// U+2663 club, in the order a fresh deck holds them.
pub const SUITS: [char; 4] = ['\u{2660}', '\u{2661}', '\u{2662}', '\u{2663}'];

/// A playing card (the default is the first card of a fresh deck, `2 ♠`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card {
    rank: u8,
    suit: u8,
}

impl Card {
    /// The card of rank index `rank` (0 = "2" .. 12 = "A") and suit index
    /// `suit` (0..4, as [`SUITS`]).
    ///
    /// # Errors
    /// [`CasinoError::BadCard`] for an index out of range.
    pub fn new(rank: usize, suit: usize) -> Result<Card, CasinoError> {
        if rank >= RANKS.len() || suit >= SUITS.len() {
            return Err(CasinoError::BadCard(format!("rank {rank} suit {suit}")));
        }
        Ok(Card {
            rank: rank as u8,
            suit: suit as u8,
        })
    }

    /// The rank as printed: "2".."10", "J", "Q", "K", "A".
    pub fn rank(self) -> &'static str {
        RANKS[self.rank as usize]
    }

    /// The suit character.
    pub fn suit(self) -> char {
        SUITS[self.suit as usize]
    }

    /// The handout's `value`: 2..9 at face value, 10/J/Q/K count 10, A counts 1.
    pub fn value(self) -> u8 {
        match self.rank {
            0..=7 => self.rank + 2,
            12 => 1,
            _ => 10,
        }
    }

    /// The value as the baccarat rules use it: mod 10 (10/J/Q/K are 0).
    pub fn points(self) -> u8 {
        self.value() % 10
    }
}

impl fmt::Display for Card {
    /// `9 ♣`; honours width and alignment (`{:>7}`), as the transcript needs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&format!("{} {}", self.rank(), self.suit()))
    }
}

impl std::str::FromStr for Card {
    type Err = CasinoError;

    /// Read `9♣`, `9 ♣`, `10♡`, `QS`, `ad` (suits ♠♡♢♣ or S H D C, any case).
    fn from_str(s: &str) -> Result<Card, CasinoError> {
        let bad = || CasinoError::BadCard(s.to_string());
        let t: String = s.chars().filter(|c| !c.is_whitespace()).collect();
        let suit_char = t.chars().last().ok_or_else(bad)?;
        let suit = match suit_char.to_ascii_uppercase() {
            'S' | '\u{2660}' => 0,
            'H' | '\u{2661}' => 1,
            'D' | '\u{2662}' => 2,
            'C' | '\u{2663}' => 3,
            _ => return Err(bad()),
        };
        let rank_text = t[..t.len() - suit_char.len_utf8()].to_ascii_uppercase();
        let rank = RANKS.iter().position(|r| *r == rank_text).ok_or_else(bad)?;
        Card::new(rank, suit)
    }
}

impl serde::Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// The handout's `newDeck`: 52 distinct cards, suit by suit, each suit 2..A.
pub fn new_deck() -> Vec<Card> {
    (0..4)
        .flat_map(|suit| {
            (0..13).map(move |rank| Card {
                rank: rank as u8,
                suit: suit as u8,
            })
        })
        .collect()
}

/// The handout's `total`: the sum of the values mod 10.
pub fn total(hand: &[Card]) -> u8 {
    (hand.iter().map(|c| u32::from(c.value())).sum::<u32>() % 10) as u8
}

/// A shoe of one or more decks. The top of the shoe is the end of the list:
/// [`Shoe::deal`] takes the last card, as the handout's `dealCard` pops it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shoe {
    cards: Vec<Card>,
    decks: u32,
    /// Swaps made by [`Shoe::deal_random`], to put the shoe back.
    swaps: Vec<(usize, Card)>,
}

/// The most decks a shoe holds (a real shoe holds 6 or 8).
pub const MAX_DECKS: u32 = 64;

impl Shoe {
    /// A fresh, unshuffled shoe of `decks` decks (`new_deck` repeated).
    ///
    /// # Errors
    /// [`CasinoError::NoDecks`] for 0, [`CasinoError::TooManyDecks`] above
    /// [`MAX_DECKS`].
    pub fn new(decks: u32) -> Result<Shoe, CasinoError> {
        if decks == 0 {
            return Err(CasinoError::NoDecks);
        }
        if decks > MAX_DECKS {
            return Err(CasinoError::TooManyDecks(decks));
        }
        let deck = new_deck();
        Ok(Shoe {
            cards: (0..decks).flat_map(|_| deck.iter().copied()).collect(),
            decks,
            swaps: Vec::new(),
        })
    }

    /// A stacked shoe that deals `top_first` in that order. Each card may
    /// appear at most `decks` times.
    ///
    /// # Errors
    /// As [`Shoe::new`], and [`CasinoError::TooManyCopies`].
    pub fn stacked(top_first: &[Card], decks: u32) -> Result<Shoe, CasinoError> {
        let mut shoe = Shoe::new(decks)?;
        let mut counts = std::collections::HashMap::new();
        for c in top_first {
            let n = counts.entry(*c).or_insert(0u32);
            *n += 1;
            if *n > decks {
                return Err(CasinoError::TooManyCopies(c.to_string()));
            }
        }
        shoe.cards = top_first.iter().rev().copied().collect();
        Ok(shoe)
    }

    /// Decks in the shoe.
    pub fn decks(&self) -> u32 {
        self.decks
    }

    /// Cards left.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether no card is left.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The cards left, top last.
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    /// The handout's `shuffle`: Fisher-Yates from the top down, with indices
    /// from [`Dice::below`].
    ///
    /// # Errors
    /// The dice's errors.
    pub fn shuffle<D: Dice + ?Sized>(&mut self, dice: &mut D) -> Result<(), CasinoError> {
        for i in (1..self.cards.len()).rev() {
            let j = dice.below(i as u32 + 1)? as usize;
            self.cards.swap(i, j);
        }
        Ok(())
    }

    /// The handout's `dealCard`: take the top card.
    ///
    /// # Errors
    /// [`CasinoError::EmptyDeck`].
    pub fn deal(&mut self) -> Result<Card, CasinoError> {
        self.cards.pop().ok_or(CasinoError::EmptyDeck)
    }

    /// Deal the card that [`Shoe::shuffle`] then [`Shoe::deal`] would give,
    /// doing only the shuffle steps that card needs (Fisher-Yates fixes the
    /// top card first). [`Shoe::restore`] undoes these deals.
    ///
    /// # Errors
    /// [`CasinoError::EmptyDeck`], and the dice's errors.
    #[inline]
    pub fn deal_random<D: Dice + ?Sized>(&mut self, dice: &mut D) -> Result<Card, CasinoError> {
        let n = self.cards.len();
        if n == 0 {
            return Err(CasinoError::EmptyDeck);
        }
        let j = dice.below(n as u32)? as usize;
        self.cards.swap(n - 1, j);
        let card = self.cards.pop().ok_or(CasinoError::EmptyDeck)?;
        self.swaps.push((j, card));
        Ok(card)
    }

    /// Put back every card taken by [`Shoe::deal_random`] since the last
    /// restore, leaving the shoe in its order before them.
    pub fn restore(&mut self) {
        while let Some((j, card)) = self.swaps.pop() {
            self.cards.push(card);
            let n = self.cards.len();
            self.cards.swap(n - 1, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dice::SeededDice;
    use std::collections::HashSet;

    /// The lab's deck check: 52 distinct strings, each a valid rank, a
    /// space, and a valid suit as the last character.
    #[test]
    fn a_new_deck_is_valid() {
        let deck = new_deck();
        assert_eq!(deck.len(), 52);
        let texts: HashSet<String> = deck.iter().map(Card::to_string).collect();
        assert_eq!(texts.len(), 52);
        for t in &texts {
            let suit = t.chars().last().unwrap();
            assert!(SUITS.contains(&suit), "{t}");
            let rank = &t[..t.len() - suit.len_utf8() - 1];
            assert!(RANKS.contains(&rank), "{t}");
            assert_eq!(&t[rank.len()..rank.len() + 1], " ");
        }
    }

    /// The lab's total check: totals of random two-card hands are in 0..=9.
    #[test]
    fn points_are_the_value_mod_10() {
        for c in new_deck() {
            assert_eq!(c.points(), c.value() % 10, "{c}");
        }
    }

    #[test]
    fn totals_are_digits() {
        let mut dice = SeededDice::new(4, 0);
        let mut shoe = Shoe::new(1).unwrap();
        for _ in 0..1000 {
            shoe.shuffle(&mut dice).unwrap();
            let hand = [shoe.cards[51], shoe.cards[50]];
            assert!(total(&hand) <= 9);
        }
        let five_eight = ["5♠".parse().unwrap(), "8♡".parse().unwrap()];
        assert_eq!(total(&five_eight), 3);
    }

    #[test]
    fn cards_print_and_parse() {
        let c: Card = "10♡".parse().unwrap();
        assert_eq!(c.to_string(), "10 \u{2661}");
        assert_eq!(format!("{c:>7}"), "   10 \u{2661}");
        assert_eq!("qs".parse::<Card>().unwrap().to_string(), "Q \u{2660}");
        assert_eq!("9 ♣".parse::<Card>().unwrap().value(), 9);
        assert_eq!("K♣".parse::<Card>().unwrap().value(), 10);
        assert_eq!("K♣".parse::<Card>().unwrap().points(), 0);
        assert_eq!("A♢".parse::<Card>().unwrap().value(), 1);
        assert!("1♣".parse::<Card>().is_err());
        assert!("10X".parse::<Card>().is_err());
        assert!("".parse::<Card>().is_err());
    }

    #[test]
    fn lazy_dealing_is_the_shuffle_then_deal() {
        for seed in 0..50 {
            let mut a = Shoe::new(2).unwrap();
            let mut da = SeededDice::new(seed, 0);
            a.shuffle(&mut da).unwrap();
            let full: Vec<Card> = (0..6).map(|_| a.deal().unwrap()).collect();
            let mut b = Shoe::new(2).unwrap();
            let mut db = SeededDice::new(seed, 0);
            let lazy: Vec<Card> = (0..6).map(|_| b.deal_random(&mut db).unwrap()).collect();
            assert_eq!(full, lazy);
            b.restore();
            assert_eq!(b, Shoe::new(2).unwrap());
        }
    }

    #[test]
    fn empty_decks_and_bad_shoes() {
        let mut s = Shoe::stacked(&[], 1).unwrap();
        assert_eq!(s.deal(), Err(CasinoError::EmptyDeck));
        assert_eq!(Shoe::new(0), Err(CasinoError::NoDecks));
        let two = ["9♣".parse().unwrap(), "9♣".parse().unwrap()];
        assert!(matches!(
            Shoe::stacked(&two, 1),
            Err(CasinoError::TooManyCopies(_))
        ));
        assert!(Shoe::stacked(&two, 2).is_ok());
    }
}
