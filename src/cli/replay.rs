//! `meeplelab replay`: re-check a record and report the outcome.

use super::{emit, CmdResult, GameArgs};
use meeplelab::core::game::Game;
use meeplelab::core::tileset::{CompiledTiles, TileSet};
use meeplelab::games::safari::{
    builtin_tiles, ActionKind, Options, PointSource, SafariState, Setup,
};
use meeplelab::io::record::Record;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::Arc;

/// Arguments of `replay`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The record file.
    pub file: PathBuf,
    /// Print the outcome as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Builds a setup from common game arguments; also returns how to name the tile set in a record.
pub fn build_setup(players: usize, seed: u64, game: &GameArgs) -> Result<(Setup, String), String> {
    let (tiles, name) = match &game.tileset {
        Some(path) => {
            let set = TileSet::load(path).map_err(|e| e.to_string())?;
            let abs = std::fs::canonicalize(path).unwrap_or_else(|_| path.clone());
            (
                Arc::new(CompiledTiles::compile(&set)),
                abs.display().to_string(),
            )
        }
        None => (builtin_tiles(), "builtin".to_string()),
    };
    let mut setup = Setup::with_tiles(players, seed, tiles);
    setup.options = Options::from_assignments(&game.rules).map_err(|e| e.to_string())?;
    Ok((setup, name))
}

/// Replays and prints scores and statistics.
pub fn run(args: &Args) -> CmdResult {
    let record = Record::load(&args.file).map_err(|e| e.to_string())?;
    let base = args.file.parent().map(PathBuf::from).unwrap_or_default();
    let replay = record.replay(&base).map_err(|e| e.to_string())?;
    let state = &replay.state;
    if args.json {
        emit(&format!("{}\n", to_json(state, replay.decisions)));
    } else {
        emit(&table(state, replay.decisions));
    }
    Ok(())
}

fn to_json(state: &SafariState, decisions: usize) -> String {
    let players: Vec<serde_json::Value> = (0..state.players())
        .map(|p| {
            let st = state.stats(p);
            let points: serde_json::Map<String, serde_json::Value> = PointSource::ALL
                .iter()
                .map(|s| (s.name().to_string(), st.points_from(*s).into()))
                .collect();
            let actions: serde_json::Map<String, serde_json::Value> = ActionKind::ALL
                .iter()
                .map(|k| (k.name().to_string(), st.count(*k).into()))
                .collect();
            serde_json::json!({
                "seat": p,
                "score": state.scores()[p],
                "points": points,
                "actions": actions,
                "tokens_in_hand": state.hand(p).total(),
                "meeples_in_supply": state.meeples_in_supply(p),
            })
        })
        .collect();
    serde_json::json!({
        "finished": state.is_terminal(),
        "decisions": decisions,
        "turns": state.turn(),
        "tiles_removed": state.tiles_removed(),
        "scores": state.scores(),
        "players": players,
    })
    .to_string()
}

fn table(state: &SafariState, decisions: usize) -> String {
    let status = if state.is_terminal() {
        "finished"
    } else {
        "not finished"
    };
    let mut out = format!(
        "record ok: {decisions} decisions, {} turns, game {status}, {} tile(s) removed as unplaceable\n",
        state.turn(),
        state.tiles_removed()
    );
    let mut row = |label: &str, values: Vec<String>| {
        let _ = write!(out, "{label:<16}");
        for v in values {
            let _ = write!(out, "{v:>8}");
        }
        out.push('\n');
    };
    let seats = 0..state.players();
    row("", seats.clone().map(|p| format!("P{p}")).collect());
    row(
        "score",
        seats
            .clone()
            .map(|p| state.scores()[p].to_string())
            .collect(),
    );
    for s in PointSource::ALL {
        row(
            &format!("  {}", s.name()),
            seats
                .clone()
                .map(|p| state.stats(p).points_from(s).to_string())
                .collect(),
        );
    }
    for k in ActionKind::ALL {
        row(
            &format!("# {}", k.name()),
            seats
                .clone()
                .map(|p| state.stats(p).count(k).to_string())
                .collect(),
        );
    }
    out
}
