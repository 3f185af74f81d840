//! `games-cli games`: the registry's games and their parameters, or one
//! game loaded from its string (players, chance, every parameter in force,
//! the initial state).

use clap::Args;
use games_app::{GAMES, GameInfo};
use serde::Serialize;

use crate::{CliError, Format, fail, to_json};

/// `games-cli games`'s flags.
#[derive(Args, Debug)]
pub(crate) struct GamesArgs {
    /// A game string to load and describe, e.g. "kalah(pits=6,seeds=4,capture=empty)"
    /// (quote it for the shell); without one, every game is listed.
    game: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    format: Format,
}

/// A parameter in force.
#[derive(Serialize)]
struct Parameter<'a> {
    name: &'a str,
    value: &'a str,
}

/// One loaded game, as `--format json` prints it.
#[derive(Serialize)]
struct Loaded<'a> {
    /// The canonical string (every parameter, in the registry's order).
    game: String,
    players: usize,
    chance: bool,
    parameters: Vec<Parameter<'a>>,
    /// The initial state, as the game serialises it.
    initial_state: serde_json::Value,
}

pub(crate) fn run(a: &GamesArgs) -> Result<String, CliError> {
    let Some(spec) = &a.game else {
        return Ok(match a.format {
            Format::Json => to_json(&GAMES)?,
            Format::Table => list(GAMES),
        });
    };
    let g = match games_app::load(spec) {
        Ok(g) => g,
        Err(e) => return fail(format!("GAME: {e}")),
    };
    let state = g.new_initial_state();
    let initial_state: serde_json::Value =
        serde_json::from_str(&state.serialize()).map_err(|e| CliError(e.to_string()))?;
    let out = Loaded {
        game: g.to_string(),
        players: g.players(),
        chance: g.has_chance(),
        parameters: g
            .parameters()
            .iter()
            .map(|(name, v)| Parameter {
                name,
                value: v.as_str(),
            })
            .collect(),
        initial_state,
    };
    Ok(match a.format {
        Format::Json => to_json(&out)?,
        Format::Table => {
            let mut o = format!(
                "{}\n{} players, {}\n",
                out.game,
                out.players,
                if out.chance {
                    "with chance (dice or cards)"
                } else {
                    "no chance"
                }
            );
            if !out.parameters.is_empty() {
                let w = out
                    .parameters
                    .iter()
                    .map(|p| p.name.len())
                    .chain(["parameter".len()])
                    .max()
                    .unwrap_or(0);
                o.push_str(&format!("{:w$}  value\n", "parameter"));
                for p in &out.parameters {
                    o.push_str(&format!("{:w$}  {}\n", p.name, p.value));
                }
            }
            o.push_str(&format!("initial state: {}\n", state.serialize()));
            o
        }
    })
}

/// Every game with its parameters, as a table a line each.
fn list(games: &[GameInfo]) -> String {
    let mut o = String::from(
        "Games: load one by its string, such as \"kalah(pits=6,seeds=4,capture=empty)\"\n\
         (games-cli games STRING describes it; parameters not given take their default).\n",
    );
    for g in games {
        o.push_str(&format!(
            "\n{}: {}\n  players: {}; chance: {}\n",
            g.name,
            g.about,
            g.players,
            if g.chance { "yes" } else { "no" }
        ));
        if g.params.is_empty() {
            o.push_str("  no parameters\n");
            continue;
        }
        let w = |f: fn(&games_app::Param) -> &str, head: &str| {
            g.params
                .iter()
                .map(|p| f(p).len())
                .chain([head.len()])
                .max()
                .unwrap_or(0)
        };
        let (wn, wd) = (w(|p| p.name, "parameter"), w(|p| p.default, "default"));
        o.push_str(&format!(
            "  {:wn$}  {:wd$}  meaning (accepted values)\n",
            "parameter", "default"
        ));
        for p in g.params {
            o.push_str(&format!(
                "  {:wn$}  {:wd$}  {} ({})\n",
                p.name, p.default, p.about, p.accepts
            ));
        }
    }
    o
}
