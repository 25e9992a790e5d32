//! `meeplelab replay`: re-check a record and report the outcome.

use super::{emit, CmdResult};
use meeplelab::games::GameDef;
use meeplelab::io::record::Record;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Arguments of `replay`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The record file (of any game: its `game` line says which).
    pub file: PathBuf,
    /// Print the outcome as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Replays and prints scores and statistics.
pub fn run(args: &Args) -> CmdResult {
    let record = Record::load(&args.file).map_err(|e| e.to_string())?;
    let base = args.file.parent().map(PathBuf::from).unwrap_or_default();
    let game = record.game_id().map_err(|e| e.to_string())?;
    meeplelab::with_game!(game, G => report::<G>(&record, &base, args.json))
}

fn report<G: GameDef>(record: &Record, base: &Path, json: bool) -> CmdResult {
    let replay = record
        .replay_game::<G>(base, None)
        .map_err(|e| e.to_string())?;
    let state = &replay.state;
    let agents = record.agent_labels();
    if json {
        emit(&format!("{}\n", to_json(state, replay.decisions, &agents)));
    } else {
        emit(&table(state, replay.decisions));
        if let Some(seats) = record.agents_summary() {
            emit(&format!("agents: {seats}\n"));
        }
    }
    Ok(())
}

/// Each seat's statistics split into points by source and action counts, with the `points_`
/// and `actions_` prefixes taken off the names.
fn seat_stats<G: GameDef>(state: &G, seat: usize) -> [Vec<(&'static str, i64)>; 2] {
    let mut values = Vec::new();
    state.player_stats(seat, &mut values);
    let mut out = [Vec::new(), Vec::new()];
    for (name, v) in G::stat_names().iter().zip(values) {
        if let Some(source) = name.strip_prefix("points_") {
            out[0].push((source, v));
        } else if let Some(kind) = name.strip_prefix("actions_") {
            out[1].push((kind, v));
        }
    }
    out
}

fn to_json<G: GameDef>(state: &G, decisions: usize, agents: &[Option<&str>]) -> String {
    let players: Vec<serde_json::Value> = (0..state.num_players())
        .map(|p| {
            let [points, actions] = seat_stats(state, p);
            let map = |items: Vec<(&str, i64)>| -> serde_json::Map<String, serde_json::Value> {
                items
                    .into_iter()
                    .map(|(k, v)| (k.to_string(), v.into()))
                    .collect()
            };
            let mut seat = serde_json::json!({
                "seat": p,
                "agent": agents[p],
                "score": state.scores()[p],
                "points": map(points),
                "actions": map(actions),
            });
            for (k, v) in state.seat_facts(p) {
                seat[k] = v.into();
            }
            seat
        })
        .collect();
    serde_json::json!({
        "game": G::NAME,
        "finished": state.is_terminal(),
        "decisions": decisions,
        "turns": state.turn(),
        "tiles_removed": state.tiles_removed(),
        "scores": state.scores(),
        "players": players,
    })
    .to_string()
}

fn table<G: GameDef>(state: &G, decisions: usize) -> String {
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
    let seats = 0..state.num_players();
    row("", seats.clone().map(|p| format!("P{p}")).collect());
    row(
        "score",
        seats
            .clone()
            .map(|p| state.scores()[p].to_string())
            .collect(),
    );
    let stats: Vec<[Vec<(&str, i64)>; 2]> = seats.clone().map(|p| seat_stats(state, p)).collect();
    for (part, prefix) in [(0, "  "), (1, "# ")] {
        for (i, (name, _)) in stats[0][part].iter().enumerate() {
            row(
                &format!("{prefix}{name}"),
                stats.iter().map(|s| s[part][i].1.to_string()).collect(),
            );
        }
    }
    out
}
