//! `games-cli hog` under another term's rules (`--rules NAME`): the general
//! engine ([`hog::term_game`]) behind the same verbs. Spring 2014, the
//! default, never comes here: it keeps the optimised path, bit for bit.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use dice::{CyclingDice, Dice, SeededDice};
use game::{Step, Turn};
use hog::term_game::{self, Policy};
use hog::{Rules, Strategy, Term, TermState};
use serde::Serialize;

use super::{
    FileKind, Scoring, TournamentFormat, file_format, format_name, read_strategy_file,
    write_strategy,
};
use crate::{CliError, Format, TableFormat, fail, seed_or_draw, to_json};

/// The most turns `play` plays before calling a game endless (Spring
/// 2022's hefty hogs can score nothing, turn after turn).
const MAX_TURNS: usize = 10_000;

/// A rule set other than Spring 2014, a goal, and the policies built for
/// them so far (`optimal` and `final` are built once a command).
pub(super) struct Under {
    pub(super) term: Term,
    pub(super) goal: u32,
    kept: Vec<Policy>,
}

/// The rules in a report: the rule set's name and the goal.
#[derive(Serialize)]
struct RulesOut {
    name: &'static str,
    goal: u32,
}

impl Under {
    pub(super) fn new(term: Term, goal: u32) -> Under {
        Under {
            term,
            goal,
            kept: Vec::new(),
        }
    }

    fn out(&self) -> RulesOut {
        RulesOut {
            name: self.term.name(),
            goal: self.goal,
        }
    }

    fn describe(&self) -> String {
        format!("rules {}, goal {}", self.term, self.goal)
    }

    /// A strategy by its command-line form: `always:N`, `final` (the best
    /// response to always_roll(5)), `optimal` (both players optimal), or
    /// `file:PATH`.
    fn policy(&mut self, spec: &str) -> Result<Policy, CliError> {
        if let Some(p) = self.kept.iter().find(|p| p.name() == spec) {
            return Ok(p.clone());
        }
        let (t, g) = (self.term, self.goal);
        let p = match spec {
            "optimal" => term_game::optimal(t, g).0,
            "final" => {
                let five = Policy::from_strategy(&Strategy::Always(5), t, g);
                term_game::best_response(&five, t, g)?.0.renamed("final")
            }
            _ => {
                let s = if let Some(path) = spec.strip_prefix("file:") {
                    read_strategy_file(Path::new(path))?
                } else if spec.starts_with("always:") {
                    Strategy::named(spec, &Rules::HANDOUT)?
                } else {
                    return fail(format!(
                        "strategy {spec:?} under --rules {t}: use always:N, final, optimal or file:PATH (bacon and swap are Spring 2014's)"
                    ));
                };
                return Ok(Policy::from_strategy(&s, t, g));
            }
        };
        self.kept.push(p.clone());
        Ok(p)
    }
}

/// `hog rules`: every rule set, its rules in words and its source.
pub(super) fn list(format: Format) -> Result<String, CliError> {
    #[derive(Serialize)]
    struct Entry {
        name: &'static str,
        default: bool,
        rules: &'static [&'static str],
        source: &'static str,
    }
    let entries: Vec<Entry> = Term::ALL
        .iter()
        .map(|&t| Entry {
            name: t.name(),
            default: t == Term::Spring2014,
            rules: t.rules_in_words(),
            source: t.source(),
        })
        .collect();
    Ok(match format {
        Format::Json => to_json(&entries)?,
        Format::Table => {
            let mut o = String::from(
                "Hog rule sets (--rules NAME on every hog verb; spring2014 is the default):\n",
            );
            for e in &entries {
                let _ = writeln!(
                    o,
                    "\n{}{}",
                    e.name,
                    if e.default { " (default)" } else { "" }
                );
                for r in e.rules {
                    let _ = writeln!(o, "  - {r}");
                }
                let _ = writeln!(o, "  source: {}", e.source);
            }
            o
        }
    })
}

#[derive(Serialize)]
struct RateOut {
    strategy: String,
    baseline: String,
    exact_win_rate: f64,
    win_rate_first: f64,
    win_rate_second: f64,
    best_possible_win_rate: f64,
    rules: RulesOut,
}

pub(super) fn rate(mut u: Under, name: &str, vs: &str, format: Format) -> Result<String, CliError> {
    let (t, g) = (u.term, u.goal);
    let b = u.policy(vs)?;
    let a = u.policy(name)?;
    let r = term_game::average_win_rate(&a, &b, t, g)?;
    let ceiling = term_game::best_response(&b, t, g)?.1.average;
    Ok(match format {
        Format::Json => to_json(&RateOut {
            strategy: a.name().to_string(),
            baseline: b.name().to_string(),
            exact_win_rate: r.average,
            win_rate_first: r.first,
            win_rate_second: r.second,
            best_possible_win_rate: ceiling,
            rules: u.out(),
        })?,
        Format::Table => format!(
            "{} against {}, exact ({}):\n  average win rate {:.6}\n  moving first     {:.6}\n  moving second    {:.6}\nthe best any strategy can do against {}: {ceiling:.6}\n",
            a.name(),
            b.name(),
            u.describe(),
            r.average,
            r.first,
            r.second,
            b.name()
        ),
    })
}

#[derive(Serialize)]
struct BestResponseOut {
    opponent: String,
    strategy: String,
    exact_win_rate: f64,
    win_rate_first: f64,
    win_rate_second: f64,
    rules: RulesOut,
    out: Option<String>,
}

pub(super) fn best_response(
    mut u: Under,
    vs: &str,
    out: Option<&PathBuf>,
    kind: Option<FileKind>,
    format: Format,
) -> Result<String, CliError> {
    let target = match out {
        Some(p) => {
            let t = crate::output::check_one("--out", p)?;
            t.not_over(&super::strategy_files(&[("--vs", vs)]))?;
            Some((t, file_format(p, kind)?))
        }
        None => None,
    };
    let b = u.policy(vs)?;
    let (best, r) = term_game::best_response(&b, u.term, u.goal)?;
    if let Some((target, f)) = &target {
        let table = best.to_strategy()?;
        if let Some(text) = write_strategy(&table, target, *f)? {
            return Ok(text);
        }
    }
    Ok(match format {
        Format::Json => to_json(&BestResponseOut {
            opponent: b.name().to_string(),
            strategy: best.name().to_string(),
            exact_win_rate: r.average,
            win_rate_first: r.first,
            win_rate_second: r.second,
            rules: u.out(),
            out: out.map(|p| p.display().to_string()),
        })?,
        Format::Table => format!(
            "the best response to {}, exact ({}):\n  average win rate {:.6}\n  moving first     {:.6}\n  moving second    {:.6}\n",
            b.name(),
            u.describe(),
            r.average,
            r.first,
            r.second
        ),
    })
}

#[derive(Serialize)]
struct ExportOut {
    strategy: String,
    out: String,
    format: &'static str,
    rules: RulesOut,
}

pub(super) fn export(
    mut u: Under,
    spec: &str,
    out: &Path,
    kind: Option<FileKind>,
    format: Format,
) -> Result<String, CliError> {
    let f = file_format(out, kind)?;
    let target = crate::output::check_one("--out", out)?;
    target.not_over(&super::strategy_files(&[("--strategy", spec)]))?;
    let p = u.policy(spec)?;
    let table = p.to_strategy()?;
    if let Some(text) = write_strategy(&table, &target, f)? {
        return Ok(text);
    }
    Ok(match format {
        Format::Json => to_json(&ExportOut {
            strategy: p.name().to_string(),
            out: out.display().to_string(),
            format: format_name(f),
            rules: u.out(),
        })?,
        Format::Table => format!(
            "wrote {} to {} ({}, 100 x 100: rolls[score][opponent]; {})\n",
            p.name(),
            out.display(),
            format_name(f),
            u.describe()
        ),
    })
}

/// The contest's ranking: how many others each strategy beats by a score
/// above 0.500001, most first (input order on a tie, which shares the
/// rank).
pub(super) fn contest_ranking(contest: &[Vec<f64>]) -> (Vec<usize>, Vec<usize>, Vec<usize>) {
    let n = contest.len();
    let wins: Vec<usize> = (0..n)
        .map(|i| {
            (0..n)
                .filter(|&j| j != i && contest[i][j] > CONTEST_MARGIN)
                .count()
        })
        .collect();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| wins[b].cmp(&wins[a]));
    let rank: Vec<usize> = (0..n)
        .map(|i| 1 + wins.iter().filter(|&&w| w > wins[i]).count())
        .collect();
    (wins, order, rank)
}

/// The contest counts a win when a pair's score passes this.
pub(super) const CONTEST_MARGIN: f64 = 0.500001;

#[derive(Serialize)]
struct ContestRankOut {
    rank: usize,
    strategy: String,
    wins: usize,
}

#[derive(Serialize)]
pub(super) struct ContestOut<R: Serialize> {
    rules: R,
    scoring: &'static str,
    strategies: Vec<String>,
    /// `matrix[i][j]`: the contest's score of i against j.
    matrix: Vec<Vec<f64>>,
    ranking: Vec<ContestRankOut>,
}

/// A contest round robin's report from its score matrix.
pub(super) fn contest_report<R: Serialize>(
    rules: R,
    described: &str,
    names: &[String],
    contest: &[Vec<f64>],
    format: TournamentFormat,
) -> Result<String, CliError> {
    let n = names.len();
    let (wins, order, rank) = contest_ranking(contest);
    Ok(match format {
        TournamentFormat::Json => to_json(&ContestOut {
            rules,
            scoring: "contest",
            strategies: names.to_vec(),
            matrix: contest.to_vec(),
            ranking: order
                .iter()
                .map(|&i| ContestRankOut {
                    rank: rank[i],
                    strategy: names[i].clone(),
                    wins: wins[i],
                })
                .collect(),
        })?,
        TournamentFormat::Csv => super::matrix_csv(names, contest, "wins", |i| wins[i].to_string()),
        TournamentFormat::Table => {
            let mut o = format!(
                "Hog contest, {n} strategies, exact ({described}):\n\nrank  wins  strategy\n"
            );
            for &i in &order {
                let _ = writeln!(o, "{:>4}  {:>4}  {}", rank[i], wins[i], names[i]);
            }
            o.push_str("\n(a pair's score: (1 + P(row wins moving first) - P(column wins moving first)) / 2; a win is a score above 0.500001)\n");
            super::matrix_text(
                &mut o,
                "contest score of the row's strategy against the column's (#k: rank k)",
                &order,
                names,
                contest,
            );
            o
        }
    })
}

#[derive(Serialize)]
struct TournamentOut {
    rules: RulesOut,
    strategies: Vec<String>,
    matrix: Vec<Vec<f64>>,
    ranking: Vec<super::RankOut>,
}

pub(super) fn tournament(
    mut u: Under,
    specs: &[String],
    threads: usize,
    format: TournamentFormat,
    scoring: Scoring,
) -> Result<String, CliError> {
    let n = specs.len();
    if !(2..=hog::exact::MAX_TOURNAMENT).contains(&n) {
        return Err(hog::HogError::TooManyStrategies(n).into());
    }
    let policies = specs
        .iter()
        .map(|s| u.policy(s))
        .collect::<Result<Vec<_>, _>>()?;
    let result = term_game::tournament(&policies, u.term, u.goal, threads)?;
    let names = &result.strategies;
    if scoring == Scoring::Contest {
        return contest_report(u.out(), &u.describe(), names, &result.contest, format);
    }
    let mean: Vec<f64> = (0..n)
        .map(|i| {
            let total: f64 = (0..n)
                .filter(|&j| j != i)
                .map(|j| result.matrix[i][j])
                .sum();
            total / (n - 1) as f64
        })
        .collect();
    let mut ranking: Vec<usize> = (0..n).collect();
    ranking.sort_by(|&a, &b| mean[b].total_cmp(&mean[a]));
    Ok(match format {
        TournamentFormat::Json => to_json(&TournamentOut {
            rules: u.out(),
            strategies: names.clone(),
            matrix: result.matrix.clone(),
            ranking: ranking
                .iter()
                .enumerate()
                .map(|(k, &i)| super::RankOut {
                    rank: k + 1,
                    strategy: names[i].clone(),
                    mean_win_rate: mean[i],
                })
                .collect(),
        })?,
        TournamentFormat::Csv | TournamentFormat::Table => super::tournament_text(
            &u.describe(),
            names,
            &result.matrix,
            &mean,
            &ranking,
            format == TournamentFormat::Csv,
        ),
    })
}

/// One turn of a game under a term, as `play` and `step` report it.
#[derive(Serialize, Clone, Debug)]
struct TurnOut {
    player: usize,
    before: [u32; 2],
    rolls: u32,
    sides: u32,
    points: u32,
    after: [u32; 2],
    extra_turn: bool,
}

/// Play one turn of `state` with `rolls` dice rolled from `dice`.
fn play_turn(state: &mut TermState, rolls: u32, dice: &mut dyn Dice) -> Result<TurnOut, CliError> {
    let player = state.player();
    let before = state.scores();
    let sides = state.sides();
    state.apply_action(&rolls)?;
    let points = if state.turn() == Turn::Chance {
        let k = hog::roll_dice(rolls, sides, dice)?;
        state.apply_outcome(&k)?;
        k
    } else {
        state.rules().zero_dice(before[player], before[1 - player])
    };
    Ok(TurnOut {
        player,
        before,
        rolls,
        sides,
        points,
        after: state.scores(),
        extra_turn: state.turn() == Turn::Player(player),
    })
}

#[derive(Serialize)]
struct PlayOut {
    strategy0: String,
    strategy1: String,
    seed: u64,
    rules: RulesOut,
    turns: Vec<TurnOut>,
    score0: u32,
    score1: u32,
    winner: usize,
}

pub(super) fn play(
    mut u: Under,
    specs: [&str; 2],
    seed: Option<u64>,
    six: Option<&Vec<u32>>,
    format: Format,
) -> Result<String, CliError> {
    let p = [u.policy(specs[0])?, u.policy(specs[1])?];
    let seed = seed_or_draw(seed);
    let mut dice: Box<dyn Dice> = match six {
        Some(v) => Box::new(CyclingDice::new(v.clone())?),
        None => Box::new(SeededDice::new(seed, 0)),
    };
    let mut state = TermState::new(u.term, u.goal)?;
    let mut turns = Vec::new();
    while let Turn::Player(m) = state.turn() {
        if turns.len() >= MAX_TURNS {
            return fail(format!(
                "hog play: the game did not end within {MAX_TURNS} turns (both strategies keep scoring nothing)"
            ));
        }
        let sc = state.scores();
        let n = p[m].rolls(sc[m], sc[1 - m], &state.memory(), m);
        turns.push(play_turn(&mut state, n, dice.as_mut())?);
    }
    let [score0, score1] = state.scores();
    let winner = state.winner().unwrap_or(0);
    Ok(match format {
        Format::Json => to_json(&PlayOut {
            strategy0: p[0].name().to_string(),
            strategy1: p[1].name().to_string(),
            seed,
            rules: u.out(),
            turns,
            score0,
            score1,
            winner,
        })?,
        Format::Table => {
            let mut o = format!(
                "{} (player 0) against {} (player 1), seed {seed}, {}\n",
                p[0].name(),
                p[1].name(),
                u.describe()
            );
            for t in &turns {
                let _ = writeln!(o, "{}", describe(t));
            }
            let _ = writeln!(o, "final score {score0} to {score1}: player {winner} wins");
            o
        }
    })
}

/// `hog turn` under a term: the points of one turn of `rolls` dice at
/// (`score`, `opponent`), the dice from the cycling test dice `dice`
/// (before the after-turn rules: swaps, piles, primes, extra turns).
pub(super) fn turn(
    u: &Under,
    rolls: i64,
    score: u32,
    opponent: u32,
    dice: &[u32],
) -> Result<u32, CliError> {
    let rolls = hog::check_rolls(rolls)?;
    for (flag, s) in [("--score", score), ("--opponent", opponent)] {
        if s >= u.goal {
            return fail(format!(
                "{flag}: {s} is not a score before the goal (0 to {})",
                u.goal - 1
            ));
        }
    }
    if rolls == 0 {
        return Ok(u.term.zero_dice(score, opponent));
    }
    let mut d = CyclingDice::new(dice.to_vec())?;
    Ok(hog::roll_dice(
        rolls,
        u.term.sides(score, opponent),
        &mut d,
    )?)
}

/// `hog play --human` under a term: you against `spec`, on `seed`'s dice
/// (or the six-sided test dice), you moving second when `second`.
pub(super) fn human(
    mut u: Under,
    spec: &str,
    seed: Option<u64>,
    six: Option<&Vec<u32>>,
    second: bool,
) -> Result<String, CliError> {
    let opponent = u.policy(spec)?;
    let seed = match six {
        Some(_) if seed.is_some() => {
            return fail("--seed: no die is seeded when --six-sided is given");
        }
        Some(_) => None,
        None => Some(seed_or_draw(seed)),
    };
    let mut dice: Box<dyn Dice> = match (six, seed) {
        (Some(v), _) => Box::new(CyclingDice::new(v.clone())?),
        (None, s) => Box::new(SeededDice::new(s.unwrap_or(0), 0)),
    };
    let me = usize::from(second);
    let mut term = crate::Terminal::new();
    term.say(&format!(
        "Hog against {} ({}, {}). First to {}. You are player {me}.\n",
        opponent.name(),
        seed.map_or("test dice".to_string(), |s| format!("seed {s}")),
        u.describe(),
        u.goal
    ))?;
    for line in u.term.rules_in_words() {
        term.say(&format!("  {line}\n"))?;
    }
    let mut state = TermState::new(u.term, u.goal)?;
    let mut turns = 0;
    while let Turn::Player(m) = state.turn() {
        turns += 1;
        if turns > MAX_TURNS {
            return fail(format!(
                "hog play: the game did not end within {MAX_TURNS} turns"
            ));
        }
        let sc = state.scores();
        let rolls = if m == me {
            term.say(&format!(
                "\nYou {} - computer {}. You roll {}-sided dice.\n",
                sc[me],
                sc[1 - me],
                state.sides()
            ))?;
            loop {
                term.say(&format!(
                    "How many dice (0-10; 0 scores {})? ",
                    u.term.zero_dice(sc[me], sc[1 - me])
                ))?;
                let line = term.ask()?;
                match line.parse::<u32>() {
                    Ok(n) if n <= hog::MAX_ROLLS => break n,
                    _ => term.say(&format!(
                        "{line:?} is not a number of dice: enter a whole number from 0 to {}.\n",
                        hog::MAX_ROLLS
                    ))?,
                }
            }
        } else {
            opponent.rolls(sc[m], sc[1 - m], &state.memory(), m)
        };
        let t = play_turn(&mut state, rolls, dice.as_mut())?;
        let who = if t.player == me {
            "you"
        } else {
            "the computer"
        };
        term.say(&format!(
            "{who} rolled {} {} ({} sides): {} {}; you {} - computer {}{}\n",
            t.rolls,
            if t.rolls == 1 { "die" } else { "dice" },
            t.sides,
            t.points,
            if t.points == 1 { "point" } else { "points" },
            t.after[me],
            t.after[1 - me],
            if t.extra_turn {
                ", and moves again"
            } else {
                ""
            }
        ))?;
    }
    term.say(&super::game_over_line(
        state.scores(),
        state.winner().unwrap_or(0),
        me,
    ))?;
    Ok(String::new())
}

fn describe(t: &TurnOut) -> String {
    format!(
        "player {} rolls {} dice ({} sides) at {}-{}: {} points, scores now {}-{}{}",
        t.player,
        t.rolls,
        t.sides,
        t.before[0],
        t.before[1],
        t.points,
        t.after[0],
        t.after[1],
        if t.extra_turn {
            ", and moves again"
        } else {
            ""
        }
    )
}

#[derive(Serialize)]
struct StepOut {
    seed: u64,
    chosen_by: String,
    turn: TurnOut,
    state: TermState,
    winner: Option<usize>,
}

/// `step` on a state of the general engine (`"rules"` is a rule set's
/// name).
pub(super) fn step(
    text: &str,
    rolls: Option<i64>,
    spec: Option<&str>,
    seed: Option<u64>,
    format: Format,
) -> Result<String, CliError> {
    let mut state: TermState =
        serde_json::from_str(text).map_err(|e| CliError(format!("--state: {e}")))?;
    let Turn::Player(m) = state.turn() else {
        return fail(
            "--state: no player chooses dice now (the game is over, or \"rolling\" is set)",
        );
    };
    let (rolls, chosen_by) = match (rolls, spec) {
        (Some(n), _) => (
            hog::check_rolls(n).map_err(|e| CliError(format!("--rolls: {e}")))?,
            "you".to_string(),
        ),
        (None, Some(spec)) => {
            let mut u = Under::new(state.rules(), state.goal());
            let p = u.policy(spec)?;
            let sc = state.scores();
            (
                p.rolls(sc[m], sc[1 - m], &state.memory(), m),
                p.name().to_string(),
            )
        }
        (None, None) => return fail("--rolls or --strategy is needed"),
    };
    let seed = seed_or_draw(seed);
    let mut dice = SeededDice::new(seed, 0);
    let turn = play_turn(&mut state, rolls, &mut dice)?;
    Ok(match format {
        Format::Json => to_json(&StepOut {
            seed,
            chosen_by,
            turn,
            winner: state.winner(),
            state,
        })?,
        Format::Table => {
            let mut o = format!("{} (seed {seed})\n", describe(&turn));
            if let Some(w) = state.winner() {
                let _ = writeln!(o, "player {w} wins");
            }
            let _ = writeln!(o, "state: {}", serde_json::to_string(&state)?);
            o
        }
    })
}

#[derive(Serialize)]
struct CoachOut {
    score: u32,
    opponent_score: u32,
    opponent: String,
    rules: RulesOut,
    choices: Vec<term_game::CoachChoice>,
    best_against_opponent: u32,
    best_under_optimal_play: u32,
    opponent_would_roll: u32,
}

/// The first choice with the highest chance (the fewest dice on a tie).
fn best_of(choices: &[term_game::CoachChoice], f: impl Fn(&term_game::CoachChoice) -> f64) -> u32 {
    let mut best = &choices[0];
    for c in choices {
        if f(c) > f(best) {
            best = c;
        }
    }
    best.rolls
}

/// `coach`'s CSV: dice, then the two exact chances, one row per choice.
pub(super) fn coach_csv(choices: impl Iterator<Item = (u32, f64, f64)>) -> String {
    let rows: Vec<Vec<String>> = choices
        .map(|(rolls, against, optimal)| {
            vec![
                rolls.to_string(),
                format!("{against:.6}"),
                format!("{optimal:.6}"),
            ]
        })
        .collect();
    crate::csv(
        &[
            "dice",
            "win_probability_against_opponent",
            "win_probability_under_optimal_play",
        ],
        &rows,
    )
}

pub(super) fn coach(
    mut u: Under,
    vs: &str,
    score: u32,
    opponent_score: u32,
    format: TableFormat,
) -> Result<String, CliError> {
    let (t, g) = (u.term, u.goal);
    for (flag, x) in [("--score", score), ("--opponent", opponent_score)] {
        if x >= g {
            return fail(format!(
                "{flag}: {}",
                hog::HogError::ScoreOutOfRange { score: x, goal: g }
            ));
        }
    }
    let p = u.policy(vs)?;
    let opponent = (vs != "optimal").then_some(&p);
    let choices = term_game::coach(opponent, t, g, score, opponent_score)?;
    let fresh = hog::terms::Memory::default();
    let answer = CoachOut {
        score,
        opponent_score,
        opponent: p.name().to_string(),
        rules: u.out(),
        best_against_opponent: best_of(&choices, |c| c.against_opponent),
        best_under_optimal_play: best_of(&choices, |c| c.under_optimal_play),
        opponent_would_roll: p.rolls(opponent_score, score, &fresh, 1),
        choices,
    };
    Ok(match format {
        TableFormat::Csv => coach_csv(
            answer
                .choices
                .iter()
                .map(|x| (x.rolls, x.against_opponent, x.under_optimal_play)),
        ),
        TableFormat::Json => to_json(&answer)?,
        TableFormat::Table => {
            let mut o = format!(
                "at {score} to {opponent_score} against {} ({}{}):\n\ndice  chance to win  chance under optimal play\n",
                answer.opponent,
                u.describe(),
                if t.has_memory() {
                    "; a fresh game's memory: turn 0, no last points"
                } else {
                    ""
                }
            );
            for x in &answer.choices {
                let _ = writeln!(
                    o,
                    "{:>4}  {:>13.6}  {:>25.6}",
                    x.rolls, x.against_opponent, x.under_optimal_play
                );
            }
            let _ = writeln!(
                o,
                "\nbest against {}: {} dice; best under optimal play: {} dice; {} would roll {}",
                answer.opponent,
                answer.best_against_opponent,
                answer.best_under_optimal_play,
                answer.opponent,
                answer.opponent_would_roll
            );
            o
        }
    })
}

#[derive(Serialize)]
struct EdgeRow {
    /// The rule switched off (`null`: every rule on).
    without: Option<&'static str>,
    first_player: f64,
    second_player: f64,
    /// The first player's chance minus the one with every rule on.
    change: f64,
}

#[derive(Serialize)]
struct EdgeOut {
    rules: RulesOut,
    rows: Vec<EdgeRow>,
}

/// `hog edge`: both players optimal with every rule, then without each.
pub(super) fn edge(name: &str, goal: u32, format: TableFormat) -> Result<String, CliError> {
    let term: Term = name
        .parse()
        .map_err(|e: hog::HogError| CliError(format!("--rules: {e}")))?;
    if !(1..=hog::GOAL).contains(&goal) {
        return fail(format!("--goal: {}", hog::HogError::GoalOutOfRange(goal)));
    }
    let e = term_game::edge(term, goal);
    let base = e[0].1[0];
    let rows: Vec<EdgeRow> = e
        .iter()
        .map(|(off, v)| EdgeRow {
            without: off.map(|r| r.name(term)),
            first_player: v[0],
            second_player: v[1],
            change: v[0] - base,
        })
        .collect();
    let u = Under::new(term, goal);
    Ok(match format {
        TableFormat::Csv => {
            let rows: Vec<Vec<String>> = rows
                .iter()
                .map(|r| {
                    vec![
                        r.without
                            .map_or("every rule".to_string(), |n| format!("without {n}")),
                        format!("{:.6}", r.first_player),
                        format!("{:.6}", r.second_player),
                        format!("{:+.6}", r.change),
                    ]
                })
                .collect();
            crate::csv(
                &[
                    "rules",
                    "first_player_win_probability",
                    "second_player_win_probability",
                    "first_player_change",
                ],
                &rows,
            )
        }
        TableFormat::Json => to_json(&EdgeOut {
            rules: u.out(),
            rows,
        })?,
        TableFormat::Table => {
            let mut o = format!(
                "both players optimal, exact ({}):\n\nrules                 first player  second player  first player's change\n",
                u.describe()
            );
            for r in &rows {
                let label = match r.without {
                    None => "every rule".to_string(),
                    Some(n) => format!("without {n}"),
                };
                let _ = writeln!(
                    o,
                    "{label:<20}  {:>12.6}  {:>13.6}  {:>+21.6}",
                    r.first_player, r.second_player, r.change
                );
            }
            o.push_str("\n(without the zero-dice rule a turn rolls 1 to 10 dice)\n");
            o
        }
    })
}

/// `choose`: the dice a strategy rolls at a score pair, with a fresh
/// game's memory (turn 0, no last points).
pub(super) fn choose(
    mut u: Under,
    spec: &str,
    score: u32,
    opponent_score: u32,
) -> Result<u32, CliError> {
    for (flag, x) in [("--score", score), ("--opponent", opponent_score)] {
        if x >= u.goal {
            return fail(format!(
                "{flag}: {}",
                hog::HogError::ScoreOutOfRange {
                    score: x,
                    goal: u.goal
                }
            ));
        }
    }
    let p = u.policy(spec)?;
    Ok(p.rolls(score, opponent_score, &hog::terms::Memory::default(), 0))
}
