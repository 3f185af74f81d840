//! Hog under another term's rules (`--rules NAME`): the general engine
//! ([`hog::term_game`]) behind the same verbs. Spring 2014, the default,
//! never comes here: it keeps the optimised path, bit for bit.
//!
//! ```
//! use games_app::{Context, Verb, hog};
//!
//! let rules = hog::RuleFlags { rules: Some("fall2021".into()), goal: 30, ..Default::default() };
//! let req = hog::Rate { strategy: Some("optimal".into()), rules, ..Default::default() };
//! let r = req.run(&Context::new()).unwrap();
//! // Optimal play does at least as well as the best response's ceiling allows.
//! assert!(r.exact_win_rate <= r.best_possible_win_rate + 1e-12);
//! assert!(r.exact_win_rate > 0.5);
//! ```

use std::fmt::Write as _;
use std::path::Path;

use dice::{CyclingDice, Dice, SeededDice};
use game::{Step, Turn};
use hog::term_game::{self, Policy};
use hog::{Rules, Strategy, Term, TermState};
use serde::Serialize;

use super::{
    BestResponse, BestResponseReport, Export, ExportReport, Play, RateReport, RulesOut, Table,
    Tournament, TournamentReport, file_format, format_name, read_strategy_file,
};
use crate::context::{AppError, Context, bad, seed_or_draw};
use crate::verb::{Report, csv};

/// The most turns `play` plays before calling a game endless (Spring
/// 2022's hefty hogs can score nothing, turn after turn).
pub const MAX_TURNS: usize = 10_000;

/// A rule set other than Spring 2014, a goal, and the policies built for
/// them so far in this run (`optimal` and `final` are built once a
/// request).
#[derive(Debug)]
pub struct Under {
    /// The rule set.
    pub term: Term,
    /// The goal.
    pub goal: u32,
    kept: Vec<Policy>,
}

impl Under {
    /// The rule set `term` to `goal`, nothing built yet.
    pub fn new(term: Term, goal: u32) -> Under {
        Under {
            term,
            goal,
            kept: Vec::new(),
        }
    }

    /// The rules as a report shows them.
    pub fn out(&self) -> RulesOut {
        RulesOut::Term {
            name: self.term.name(),
            goal: self.goal,
        }
    }

    /// The rules in words.
    pub fn describe(&self) -> String {
        format!("rules {}, goal {}", self.term, self.goal)
    }

    /// A strategy by its command-line form: `always:N`, `final` (the best
    /// response to always_roll(5)), `optimal` (both players optimal), or
    /// `file:PATH`.
    ///
    /// # Errors
    /// Bad input: a form the term does not take, a file that is not a
    /// strategy.
    pub fn policy(&mut self, spec: &str) -> Result<Policy, AppError> {
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
                    return bad(format!(
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

/// `rate` under a term.
pub(super) fn rate(
    mut u: Under,
    name: &str,
    vs: &str,
    ctx: &Context,
) -> Result<RateReport, AppError> {
    let (t, g) = (u.term, u.goal);
    let b = u.policy(vs)?;
    let a = u.policy(name)?;
    ctx.check()?;
    let r = term_game::average_win_rate(&a, &b, t, g)?;
    ctx.check()?;
    let ceiling = term_game::best_response(&b, t, g)?.1.average;
    Ok(RateReport {
        strategy: a.name().to_string(),
        baseline: b.name().to_string(),
        exact_win_rate: r.average,
        win_rate_first: r.first,
        win_rate_second: r.second,
        best_possible_win_rate: ceiling,
        rules: u.out(),
        sampled: None,
        described: u.describe(),
        table: None,
    })
}

/// `best-response` under a term.
pub(super) fn best_response(
    mut u: Under,
    req: &BestResponse,
    ctx: &Context,
) -> Result<BestResponseReport, AppError> {
    let format = match &req.out {
        Some(p) => Some(file_format(Path::new(p), req.file_kind)?),
        None => None,
    };
    let b = u.policy(&req.vs)?;
    ctx.check()?;
    let (best, r) = term_game::best_response(&b, u.term, u.goal)?;
    let table = match (&req.out, format) {
        (Some(out), Some(f)) => Some(Table {
            out: out.clone(),
            text: hog::file::write(&best.to_strategy()?, f),
        }),
        _ => None,
    };
    Ok(BestResponseReport {
        opponent: b.name().to_string(),
        strategy: best.name().to_string(),
        exact_win_rate: r.average,
        win_rate_first: r.first,
        win_rate_second: r.second,
        rules: u.out(),
        out: req.out.clone(),
        described: u.describe(),
        spring: false,
        table,
    })
}

/// `export` under a term.
pub(super) fn export(mut u: Under, req: &Export, ctx: &Context) -> Result<ExportReport, AppError> {
    let f = file_format(Path::new(&req.out), req.file_kind)?;
    let p = u.policy(&req.strategy)?;
    ctx.check()?;
    let table = p.to_strategy()?;
    Ok(ExportReport {
        strategy: p.name().to_string(),
        out: req.out.clone(),
        format: format_name(f),
        rules: u.out(),
        term: Some(u.describe()),
        table: Table {
            out: req.out.clone(),
            text: hog::file::write(&table, f),
        },
    })
}

/// `tournament` under a term.
pub(super) fn tournament(
    mut u: Under,
    req: &Tournament,
    threads: usize,
    ctx: &Context,
) -> Result<TournamentReport, AppError> {
    let n = req.strategies.len();
    if !(2..=hog::exact::MAX_TOURNAMENT).contains(&n) {
        return Err(hog::HogError::TooManyStrategies(n).into());
    }
    let mut policies = Vec::with_capacity(n);
    for s in &req.strategies {
        ctx.check()?;
        policies.push(u.policy(s)?);
    }
    let result = term_game::tournament(&policies, u.term, u.goal, threads)?;
    let names = result.strategies;
    if req.scoring == super::Scoring::Contest {
        return Ok(TournamentReport::contest(
            u.out(),
            u.describe(),
            names,
            result.contest,
        ));
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
    Ok(TournamentReport::average(
        u.out(),
        u.describe(),
        names,
        result.matrix,
        mean,
        ranking,
    ))
}

/// One turn of a game under a term, as `play` and `step` report it.
#[derive(Serialize, Clone, Debug)]
pub struct TurnOut {
    /// Who moved.
    pub player: usize,
    /// The scores before.
    pub before: [u32; 2],
    /// Dice rolled.
    pub rolls: u32,
    /// Their sides.
    pub sides: u32,
    /// The faces rolled, in order (none for zero dice).
    pub outcomes: Vec<u32>,
    /// Points scored.
    pub points: u32,
    /// Whether a die showed 1 (pig out, or sow sad), which scored 1.
    pub pig_out: bool,
    /// The scores after.
    pub after: [u32; 2],
    /// Whether the mover moves again.
    pub extra_turn: bool,
    /// Each special rule that acted, in the term's words: the zero-dice
    /// rule, pig out, and those after the points (the swap, a bonus, an
    /// extra turn), e.g. "sus fuss: 55 rises to 59".
    pub rules_applied: Vec<String>,
}

/// Play one turn of `state` with `rolls` dice rolled from `dice`.
///
/// # Errors
/// Bad input: dice the state does not take.
pub fn play_turn(
    state: &mut TermState,
    rolls: u32,
    dice: &mut dyn Dice,
) -> Result<TurnOut, AppError> {
    let player = state.player();
    let before = state.scores();
    let sides = state.sides();
    let (term, memory) = (state.rules(), state.memory());
    state.apply_action(&rolls)?;
    let mut outcomes = Vec::new();
    let points = if state.turn() == Turn::Chance {
        let k = hog::roll_dice_seen(rolls, sides, dice, |f| outcomes.push(f))?;
        state.apply_outcome(&k)?;
        k
    } else {
        term.zero_dice(before[player], before[1 - player])
    };
    let pig_out = outcomes.contains(&1);
    // The rules that acted, named from what the engine's after-turn rules
    // made of the turn (the state applied the same).
    let after = hog::terms::after_turn(term, before, player, rolls, points, memory);
    debug_assert_eq!(after.scores, state.scores());
    let mut rules_applied = Vec::new();
    if rolls == 0 {
        let unit = if points == 1 { "point" } else { "points" };
        rules_applied.push(format!(
            "{}: {points} {unit}",
            hog::terms::Special::ZeroDice.name(term)
        ));
    }
    if pig_out {
        rules_applied.push(format!("{}: a die showed 1", term.pig_out_name()));
    }
    // A turn that ends the game gives no extra turn (the after-turn
    // rules do not look at the goal; the state does).
    let extra_turn = state.turn() == Turn::Player(player);
    for rule in term.specials_acted(player, &after) {
        let name = rule.name(term);
        if rule.gives_turn() && !extra_turn {
            continue;
        }
        let mine = before[player] + points;
        rules_applied.push(match rule {
            hog::terms::Special::SusFuss => {
                format!("{name}: {mine} rises to {}", mine + after.bonus)
            }
            hog::terms::Special::SwineSwap => format!("{name}: the scores swap"),
            _ if rule.gives_turn() => format!("{name}: the mover moves again"),
            _ => format!("{name}: {} more points", after.bonus),
        });
    }
    Ok(TurnOut {
        player,
        before,
        rolls,
        sides,
        outcomes,
        points,
        pig_out,
        after: state.scores(),
        extra_turn,
        rules_applied,
    })
}

/// A game under a term.
#[derive(Clone, Debug, Serialize)]
pub struct PlayOut {
    /// Player 0's strategy.
    pub strategy0: String,
    /// Player 1's strategy.
    pub strategy1: String,
    /// The seed of the dice.
    pub seed: u64,
    /// The rules.
    pub rules: RulesOut,
    /// Every turn.
    pub turns: Vec<TurnOut>,
    /// Player 0's final score.
    pub score0: u32,
    /// Player 1's final score.
    pub score1: u32,
    /// The winner.
    pub winner: usize,
    #[serde(skip)]
    described: String,
}

impl PlayOut {
    pub(super) fn text(&self) -> String {
        let mut o = format!(
            "{} (player 0) against {} (player 1), seed {}, {}\n",
            self.strategy0, self.strategy1, self.seed, self.described
        );
        for t in &self.turns {
            let _ = writeln!(o, "{}", describe(t));
        }
        let _ = writeln!(
            o,
            "final score {} to {}: player {} wins",
            self.score0, self.score1, self.winner
        );
        o
    }
}

/// The dice of a term's game: the six-sided test dice, or `seed`'s.
///
/// # Errors
/// Bad input: test dice that are not faces.
pub fn six_sided_dice(seed: u64, six: Option<&Vec<u32>>) -> Result<Box<dyn Dice>, AppError> {
    Ok(match six {
        Some(v) => Box::new(CyclingDice::new(v.clone())?),
        None => Box::new(SeededDice::new(seed, 0)),
    })
}

/// `play` under a term.
pub(super) fn play(mut u: Under, req: &Play, ctx: &Context) -> Result<PlayOut, AppError> {
    let p = [u.policy(&req.strategy0)?, u.policy(&req.strategy1)?];
    let seed = seed_or_draw(req.seed);
    let mut dice = six_sided_dice(seed, req.six_sided.as_ref())?;
    let mut state = TermState::new(u.term, u.goal)?;
    let mut turns = Vec::new();
    while let Turn::Player(m) = state.turn() {
        if turns.len() >= MAX_TURNS {
            return bad(format!(
                "hog play: the game did not end within {MAX_TURNS} turns (both strategies keep scoring nothing)"
            ));
        }
        if turns.len() % 1000 == 999 {
            ctx.check()?;
        }
        let sc = state.scores();
        let n = p[m].rolls(sc[m], sc[1 - m], &state.memory(), m);
        turns.push(play_turn(&mut state, n, dice.as_mut())?);
    }
    let [score0, score1] = state.scores();
    Ok(PlayOut {
        strategy0: p[0].name().to_string(),
        strategy1: p[1].name().to_string(),
        seed,
        rules: u.out(),
        turns,
        score0,
        score1,
        winner: state.winner().unwrap_or(0),
        described: u.describe(),
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
) -> Result<u32, AppError> {
    let rolls = hog::check_rolls(rolls).map_err(crate::context::of_flag("--rolls"))?;
    for (flag, s) in [("--score", score), ("--opponent", opponent)] {
        if s >= u.goal {
            return bad(format!(
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

/// A turn of a term's game in words.
pub fn describe(t: &TurnOut) -> String {
    let faces: Vec<String> = t.outcomes.iter().map(u32::to_string).collect();
    let mut o = format!(
        "player {} rolls {} dice ({} sides) at {}-{}: ",
        t.player, t.rolls, t.sides, t.before[0], t.before[1]
    );
    if !faces.is_empty() {
        let _ = write!(o, "{} -> ", faces.join(" "));
    }
    let unit = if t.points == 1 { "point" } else { "points" };
    let _ = write!(o, "{} {unit}", t.points);
    if !t.rules_applied.is_empty() {
        let _ = write!(o, " ({})", t.rules_applied.join("; "));
    }
    let _ = write!(o, ", scores now {}-{}", t.after[0], t.after[1]);
    if t.extra_turn {
        o.push_str(", and moves again");
    }
    o
}

/// A step under a term.
#[derive(Clone, Debug, Serialize)]
pub struct StepOut {
    /// The seed of the dice.
    pub seed: u64,
    /// Who chose the dice.
    pub chosen_by: String,
    /// The turn.
    pub turn: TurnOut,
    /// The state after it.
    pub state: TermState,
    /// The winner, once the game is over.
    pub winner: Option<usize>,
}

impl StepOut {
    pub(super) fn text(&self) -> String {
        let mut o = format!("{} (seed {})\n", describe(&self.turn), self.seed);
        if let Some(w) = self.winner {
            let _ = writeln!(o, "player {w} wins");
        }
        let _ = writeln!(
            o,
            "state: {}",
            serde_json::to_string(&self.state).unwrap_or_default()
        );
        o
    }
}

/// `step` on a state of the general engine (`"rules"` is a rule set's
/// name).
pub(super) fn step(
    text: &str,
    rolls: Option<i64>,
    spec: Option<&str>,
    seed: Option<u64>,
) -> Result<StepOut, AppError> {
    let mut state: TermState = crate::verb::state_from_str("--state", text)?;
    let Turn::Player(m) = state.turn() else {
        return bad(
            "--state: no player chooses dice now (the game is over, or \"rolling\" is set)",
        );
    };
    let (rolls, chosen_by) = match (rolls, spec) {
        (Some(n), _) => (
            hog::check_rolls(n).map_err(|e| AppError::BadInput(format!("--rolls: {e}")))?,
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
        (None, None) => return bad("--rolls or --strategy is needed"),
    };
    let seed = seed_or_draw(seed);
    let mut dice = SeededDice::new(seed, 0);
    let turn = play_turn(&mut state, rolls, &mut dice)?;
    Ok(StepOut {
        seed,
        chosen_by,
        turn,
        winner: state.winner(),
        state,
    })
}

/// The coach under a term.
#[derive(Clone, Debug, Serialize)]
pub struct CoachOut {
    /// The mover's score.
    pub score: u32,
    /// The opponent's score.
    pub opponent_score: u32,
    /// The opponent's strategy.
    pub opponent: String,
    /// The rules.
    pub rules: RulesOut,
    /// Every choice of dice.
    pub choices: Vec<term_game::CoachChoice>,
    /// The best choice against the opponent.
    pub best_against_opponent: u32,
    /// The best under optimal play.
    pub best_under_optimal_play: u32,
    /// What the opponent would roll here.
    pub opponent_would_roll: u32,
    #[serde(skip)]
    described: String,
}

impl CoachOut {
    pub(super) fn text(&self) -> String {
        let mut o = format!(
            "at {} to {} against {} ({}):\n\ndice  chance to win  chance under optimal play\n",
            self.score, self.opponent_score, self.opponent, self.described
        );
        for x in &self.choices {
            let _ = writeln!(
                o,
                "{:>4}  {:>13.6}  {:>25.6}",
                x.rolls, x.against_opponent, x.under_optimal_play
            );
        }
        let _ = writeln!(
            o,
            "\nbest against {}: {} dice; best under optimal play: {} dice; {} would roll {}",
            self.opponent,
            self.best_against_opponent,
            self.best_under_optimal_play,
            self.opponent,
            self.opponent_would_roll
        );
        o
    }
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

/// `coach` under a term.
pub(super) fn coach(
    mut u: Under,
    vs: &str,
    score: u32,
    opponent_score: u32,
    ctx: &Context,
) -> Result<CoachOut, AppError> {
    let (t, g) = (u.term, u.goal);
    for (flag, x) in [("--score", score), ("--opponent", opponent_score)] {
        if x >= g {
            return bad(format!(
                "{flag}: {}",
                hog::HogError::ScoreOutOfRange { score: x, goal: g }
            ));
        }
    }
    let p = u.policy(vs)?;
    ctx.check()?;
    let opponent = (vs != "optimal").then_some(&p);
    let choices = term_game::coach(opponent, t, g, score, opponent_score)?;
    let fresh = hog::terms::Memory::default();
    Ok(CoachOut {
        score,
        opponent_score,
        opponent: p.name().to_string(),
        rules: u.out(),
        best_against_opponent: best_of(&choices, |c| c.against_opponent),
        best_under_optimal_play: best_of(&choices, |c| c.under_optimal_play),
        opponent_would_roll: p.rolls(opponent_score, score, &fresh, 1),
        choices,
        described: format!(
            "{}{}",
            u.describe(),
            if t.has_memory() {
                "; a fresh game's memory: turn 0, no last points"
            } else {
                ""
            }
        ),
    })
}

/// One row of `edge`.
#[derive(Clone, Debug, Serialize)]
pub struct EdgeRow {
    /// The rule switched off (`null`: every rule on).
    pub without: Option<&'static str>,
    /// The first player's chance.
    pub first_player: f64,
    /// The second player's.
    pub second_player: f64,
    /// The first player's chance minus the one with every rule on.
    pub change: f64,
}

/// `hog edge`'s report.
#[derive(Clone, Debug, Serialize)]
pub struct EdgeOut {
    /// The rules.
    pub rules: RulesOut,
    /// Every rule on, then each switched off.
    pub rows: Vec<EdgeRow>,
    #[serde(skip)]
    described: String,
}

/// `hog edge`: both players optimal with every rule, then without each.
pub(super) fn edge(name: &str, goal: u32, ctx: &Context) -> Result<EdgeOut, AppError> {
    let term: Term = name
        .parse()
        .map_err(|e: hog::HogError| AppError::BadInput(format!("--rules: {e}")))?;
    if !(1..=hog::GOAL).contains(&goal) {
        return bad(format!("--goal: {}", hog::HogError::GoalOutOfRange(goal)));
    }
    ctx.check()?;
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
    Ok(EdgeOut {
        rules: u.out(),
        rows,
        described: u.describe(),
    })
}

impl Report for EdgeOut {
    fn text(&self) -> String {
        let mut o = format!(
            "both players optimal, exact ({}):\n\nrules                 first player  second player  first player's change\n",
            self.described
        );
        for r in &self.rows {
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
    fn csv(&self) -> Option<String> {
        let rows: Vec<Vec<String>> = self
            .rows
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
        Some(csv(
            &[
                "rules",
                "first_player_win_probability",
                "second_player_win_probability",
                "first_player_change",
            ],
            &rows,
        ))
    }
}

/// `choose`: the dice a strategy rolls at a score pair, with a fresh
/// game's memory (turn 0, no last points).
pub(super) fn choose(
    mut u: Under,
    spec: &str,
    score: u32,
    opponent_score: u32,
) -> Result<u32, AppError> {
    for (flag, x) in [("--score", score), ("--opponent", opponent_score)] {
        if x >= u.goal {
            return bad(format!(
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
