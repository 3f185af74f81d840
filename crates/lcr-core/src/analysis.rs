//! How far a classic study can be trusted: each seat's 95% interval,
//! whether the most common winner is told apart from the runner-up, how
//! the simulation reads beside the exact answer, and the running wins of
//! a convergence chart. The statistics are [`dice::stats`]'s, the one
//! implementation every engine uses (`lcr-variants` too).
//!
//! ```
//! use lcr_core::{StudyConfig, most_common_winner, analysis};
//!
//! let config = StudyConfig { players: 3, coins: 3, games: 20_000, seed: 1, threads: 1 };
//! let study = most_common_winner(&config).unwrap();
//! let half = analysis::win_ci95(&study);
//! assert_eq!(half.len(), 3);
//! // 20,000 games: each interval is about +/- 0.0065.
//! assert!(half.iter().all(|&h| h > 0.005 && h < 0.008));
//! // A run of 100 games plays the first 100 games of this one.
//! let first = analysis::running_wins(&config, 100, |_| {}).unwrap();
//! assert_eq!(first.iter().sum::<u64>(), 100);
//! ```

use crate::{LcrError, Study, StudyConfig, study_sums};
use dice::stats;

/// Half the width of each seat's 95% interval of its share of wins
/// (normal approximation, [`stats::share_ci95`]).
pub fn win_ci95(study: &Study) -> Vec<f64> {
    let n = study.games as f64;
    study
        .win_fraction
        .iter()
        .map(|&p| stats::share_ci95(p, n))
        .collect()
}

/// Seats by share, largest first (the lower seat first on a tie).
pub fn by_share(shares: &[f64]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..shares.len()).collect();
    order.sort_by(|&a, &b| shares[b].total_cmp(&shares[a]).then(a.cmp(&b)));
    order
}

/// The runner-up (the seat with the largest share after the most common
/// winner) when this many games do not tell it apart from the most
/// common winner: their difference is within the 95% margin of the
/// difference of two shares of one sample ([`stats::told_apart`]).
/// `None` when they are told apart, or there is no other seat.
pub fn runner_up_not_told_apart(study: &Study) -> Option<usize> {
    let best = study.most_common_winner;
    let next = *by_share(&study.win_fraction)
        .iter()
        .find(|&&seat| seat != best)?;
    let (p1, p2) = (study.win_fraction[best], study.win_fraction[next]);
    (!stats::told_apart(p1, p2, study.games as f64)).then_some(next)
}

/// The seats whose exact chance `exact[seat]` lies outside the study's
/// 95% interval of that seat's share.
pub fn outside_interval(study: &Study, exact: &[f64]) -> Vec<usize> {
    let half = win_ci95(study);
    (0..study.players)
        .filter(|&seat| (study.win_fraction[seat] - exact[seat]).abs() > half[seat])
        .collect()
}

/// The seats whose exact chances are too close to the top seat's for
/// `games` games to order ([`stats::games_to_tell_apart`] is more than
/// `games`), in order of chance: the simulation may put any of them
/// first. Each comes with the games it takes to tell it from the top.
pub fn too_close_to_top(exact: &[f64], games: u64) -> Vec<(usize, f64)> {
    let order = by_share(exact);
    let Some(&top) = order.first() else {
        return Vec::new();
    };
    order[1..]
        .iter()
        .map(|&seat| (seat, stats::games_to_tell_apart(exact[top], exact[seat])))
        .filter(|&(_, needed)| needed > games as f64)
        .collect()
}

/// Each seat's wins in the first `games` games of the study `config`
/// runs: the chunks' dice depend only on the seed and the chunk's index,
/// so a run of `games` games plays the first `games` games of any longer
/// run from that seed (a point of a convergence chart). `watch` is told
/// the games played and may stop the run, as in [`study_sums`].
///
/// # Errors
/// As [`study_sums`].
pub fn running_wins(
    config: &StudyConfig,
    games: u64,
    watch: impl dice::parallel::Watch,
) -> Result<Vec<u64>, LcrError> {
    let c = StudyConfig {
        games,
        ..config.clone()
    };
    Ok(study_sums(&c, dice::parallel::Shard::ALL, watch)?.wins)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn study(wins: Vec<u64>) -> Study {
        let games: u64 = wins.iter().sum();
        let config = StudyConfig {
            players: wins.len(),
            games,
            ..StudyConfig::default()
        };
        Study::from_sums(
            &config,
            &crate::StudySums {
                wins,
                turns: games,
                rolling: games,
            },
        )
    }

    #[test]
    fn intervals_are_1_96_standard_errors_of_each_share() {
        // 100 games, a seat with half of them: 1.96 * sqrt(0.25 / 100).
        let s = study(vec![50, 30, 20]);
        let h = win_ci95(&s);
        assert!((h[0] - 0.098).abs() < 1e-12, "{h:?}");
        assert!((h[1] - 1.96 * (0.21f64 / 100.0).sqrt()).abs() < 1e-12);
        // The exact 0.40 lies outside seat 0's 0.50 +/- 0.098 (a z of 2
        // would take it in); 0.41 lies inside.
        assert_eq!(outside_interval(&s, &[0.41, 0.25, 0.21]), [0usize; 0]);
        assert_eq!(outside_interval(&s, &[0.40, 0.25, 0.21]), [0]);
    }

    #[test]
    fn runner_up_is_told_apart_by_the_margin_of_the_difference() {
        // Shares 0.3 and 0.2 of one sample: the margin of their difference
        // is 1.96 sqrt(0.49 / n), so 189 games or more tell them apart.
        assert_eq!(
            runner_up_not_told_apart(&study(vec![90, 60, 50, 50, 50])),
            None
        );
        assert_eq!(
            runner_up_not_told_apart(&study(vec![30, 20, 17, 17, 16])),
            Some(1)
        );
        // 160 games: not told apart. A formula for two independent samples
        // (1.96 sqrt(0.37 / n)) would tell them apart from 143 games.
        assert_eq!(
            runner_up_not_told_apart(&study(vec![48, 32, 27, 27, 26])),
            Some(1)
        );
        // The runner-up is the next share, whatever its seat.
        let s = study(vec![20, 17, 30, 17, 16]);
        assert_eq!(s.most_common_winner, 2);
        assert_eq!(runner_up_not_told_apart(&s), Some(0));
    }

    #[test]
    fn seats_too_close_to_the_top_need_more_games_than_were_played() {
        let exact = [0.30, 0.20, 0.299, 0.201];
        // Seat 2 is 0.001 below the top: millions of games to tell.
        let close = too_close_to_top(&exact, 1_000_000);
        assert_eq!(close.iter().map(|c| c.0).collect::<Vec<_>>(), [2]);
        assert!(close[0].1 > 2e6 && close[0].1 < 3e6, "{close:?}");
        // 0.3 against 0.2 needs 1.96^2 * 0.49 / 0.01 = 188 games.
        let close = too_close_to_top(&exact, 100);
        assert_eq!(close.iter().map(|c| c.0).collect::<Vec<_>>(), [2, 3, 1]);
        assert!((close[2].1 - 1.96 * 1.96 * 0.49 / 0.01).abs() < 1e-9);
        assert_eq!(by_share(&[0.2, 0.3, 0.3]), [1, 2, 0]);
    }

    #[test]
    fn running_wins_are_the_first_games_of_the_longer_run() {
        let config = StudyConfig {
            players: 3,
            coins: 2,
            games: 5000,
            seed: 7,
            threads: 2,
        };
        let mut before = vec![0u64; 3];
        for games in [10, 20, 50, 100, 200, 500, 1000, 2000, 5000] {
            let wins = running_wins(&config, games, |_| {}).unwrap();
            assert_eq!(wins.iter().sum::<u64>(), games);
            // Each point counts the games of the one before, and more.
            assert!(wins.iter().zip(&before).all(|(w, b)| w >= b), "{games}");
            before = wins;
        }
        let whole = study_sums(&config, dice::parallel::Shard::ALL, |_| {}).unwrap();
        assert_eq!(before, whole.wins);
    }
}
