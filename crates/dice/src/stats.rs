//! How far a simulated share can be trusted: the 95% interval of a share,
//! whether two shares of one sample are told apart, and how many games it
//! would take to tell them apart. One meaning for every engine and every
//! output: an interval is always the 95% normal-approximation interval.
//!
//! ```
//! use dice::stats;
//!
//! // 1,000,000 games, a seat that won 20.6% of them: +/- 0.00079.
//! let half = stats::share_ci95(0.206, 1e6);
//! assert!((half - 0.000793).abs() < 1e-6);
//!
//! // Two seats of one LCR sample, 0.2063 and 0.2062: not told apart by a
//! // million games; about 170 million would be needed.
//! assert!(!stats::told_apart(0.206322, 0.206225, 1e6));
//! let needed = stats::games_to_tell_apart(0.206322, 0.206225);
//! assert!(needed > 1.5e8 && needed < 2e8);
//! ```

/// The normal quantile of a two-sided 95% interval, as every output has
/// always printed it (1.96, not 1.95996...: the bytes of older outputs stay).
pub const Z95: f64 = 1.96;

/// Half the width of the 95% interval of a share `p` of `n` games
/// (normal approximation: `1.96 * sqrt(p (1 - p) / n)`).
pub fn share_ci95(p: f64, n: f64) -> f64 {
    Z95 * (p * (1.0 - p) / n).sqrt()
}

/// The standard error of the difference of two shares `p1` and `p2` of one
/// multinomial sample of `n` games (two seats of one table cannot both win
/// a game, so their counts are negatively correlated): the variance of
/// `p1 - p2` is `(p1 + p2 - (p1 - p2)^2) / n`.
pub fn difference_se(p1: f64, p2: f64, n: f64) -> f64 {
    ((p1 + p2 - (p1 - p2).powi(2)) / n).sqrt()
}

/// Whether shares `p1` and `p2` of one sample of `n` games differ by more
/// than the 95% margin of their difference.
pub fn told_apart(p1: f64, p2: f64, n: f64) -> bool {
    (p1 - p2).abs() >= Z95 * difference_se(p1, p2, n)
}

/// About how many games it takes for a true difference between shares
/// `p1` and `p2` to reach the 95% margin (in half the runs of that size it
/// does): `1.96^2 (p1 + p2 - (p1 - p2)^2) / (p1 - p2)^2`. Infinite when
/// they are equal.
pub fn games_to_tell_apart(p1: f64, p2: f64) -> f64 {
    let d = p1 - p2;
    if d == 0.0 {
        return f64::INFINITY;
    }
    Z95 * Z95 * (p1 + p2 - d * d) / (d * d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interval_shrinks_with_the_square_root_of_the_games() {
        let a = share_ci95(0.5, 100.0);
        let b = share_ci95(0.5, 10_000.0);
        assert!((a / b - 10.0).abs() < 1e-12);
        assert!((a - 0.098).abs() < 1e-12);
    }

    #[test]
    fn told_apart_at_the_margin() {
        // p1 = 0.3, p2 = 0.2, n = 300: se = sqrt(0.49 / 300) = 0.0404,
        // margin 0.0792 < 0.1: told apart; at n = 100 the margin is 0.137.
        assert!(told_apart(0.3, 0.2, 300.0));
        assert!(!told_apart(0.3, 0.2, 100.0));
        // games_to_tell_apart is where the two meet.
        let n = games_to_tell_apart(0.3, 0.2);
        assert!(told_apart(0.3, 0.2, n * 1.001));
        assert!(!told_apart(0.3, 0.2, n * 0.999));
        assert!(games_to_tell_apart(0.25, 0.25).is_infinite());
    }
}
