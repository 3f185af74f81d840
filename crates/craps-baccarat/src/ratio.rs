//! Exact non-negative fractions, enough for the odds of craps and baccarat.

use std::fmt;

/// A fraction `num / den` in lowest terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ratio {
    num: u128,
    den: u128,
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Ratio {
    /// `num / den` reduced.
    ///
    /// # Panics
    /// If `den` is zero (a bug in the caller: every denominator here is a
    /// count of equally likely outcomes).
    pub fn new(num: u128, den: u128) -> Ratio {
        assert!(den != 0, "zero denominator");
        let g = gcd(num, den).max(1);
        Ratio {
            num: num / g,
            den: den / g,
        }
    }

    /// Zero.
    pub fn zero() -> Ratio {
        Ratio { num: 0, den: 1 }
    }

    /// The numerator in lowest terms.
    pub fn numer(self) -> u128 {
        self.num
    }

    /// The denominator in lowest terms.
    pub fn denom(self) -> u128 {
        self.den
    }

    /// The nearest `f64`.
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

impl std::ops::Add for Ratio {
    type Output = Ratio;
    fn add(self, o: Ratio) -> Ratio {
        let g = gcd(self.den, o.den);
        let den = self.den / g * o.den;
        Ratio::new(self.num * (o.den / g) + o.num * (self.den / g), den)
    }
}

impl std::ops::Mul for Ratio {
    type Output = Ratio;
    fn mul(self, o: Ratio) -> Ratio {
        let a = Ratio::new(self.num, o.den);
        let b = Ratio::new(o.num, self.den);
        Ratio::new(a.num * b.num, a.den * b.den)
    }
}

impl fmt::Display for Ratio {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.num, self.den)
    }
}

impl serde::Serialize for Ratio {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_in_lowest_terms() {
        let a = Ratio::new(2, 4);
        assert_eq!(a.to_string(), "1/2");
        assert_eq!((a + Ratio::new(1, 3)).to_string(), "5/6");
        assert_eq!((a * Ratio::new(2, 3)).to_string(), "1/3");
        assert_eq!(Ratio::zero() + a, a);
    }
}
