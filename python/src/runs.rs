//! `tournament(...)` and `experiment(...)`: the command line's runs, played by the engine's
//! arena in Rust threads with the GIL released, writing the usual folder and returning its
//! rows (docs/python.md).

use crate::value_error;
use engine::agents::AgentSpec;
use engine::analysis::standings::DEFAULT_RESAMPLES;
use engine::arena::{ProgressMode, RunOptions, Schedule, Shard, Tournament};
use engine::experiment::{write_report, Spec, Summary, SUMMARY_FILE};
use engine::games::def::{build_setup, GameDef};
use engine::games::GameId;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::path::{Path, PathBuf};

/// How a run shows progress: plain lines on stderr (a bar would fight Python's output).
fn options(threads: usize, resamples: usize) -> RunOptions {
    RunOptions {
        threads,
        progress: ProgressMode::Lines,
        resamples,
    }
}

/// What a tournament asks for, besides its game.
struct TournamentArgs {
    agents: Vec<String>,
    players: usize,
    games: Option<u64>,
    seed: u64,
    rules: Vec<String>,
    tileset: Option<PathBuf>,
    threads: usize,
    out: Option<PathBuf>,
    records: Option<PathBuf>,
    resume: bool,
}

/// Plays the tournament; returns its folder and the standings table.
fn run_tournament<G: GameDef>(a: &TournamentArgs) -> Result<(PathBuf, String), String> {
    let specs = AgentSpec::resolve_all_for::<G>(&a.agents).map_err(|e| e.to_string())?;
    if specs.len() < 2 {
        return Err(format!(
            "a tournament needs at least 2 agents, got {}",
            specs.len()
        ));
    }
    let (setup, tileset) = build_setup::<G, _>(a.players, 0, a.tileset.as_deref(), &a.rules)?;
    let schedule = Schedule::new(specs.len(), a.players).map_err(|e| e.0)?;
    let games = a.games.unwrap_or_else(|| schedule.default_games());
    let tournament = Tournament::<G>::of_setup(
        setup,
        &tileset,
        specs,
        (a.seed, games, Shard::ALL),
        a.records.as_deref(),
    )
    .map_err(|e| e.to_string())?;
    let out = (a.out.clone()).unwrap_or_else(|| tournament.config.default_out_dir());
    let prepared = tournament
        .prepare(&out, a.resume)
        .map_err(|e| e.to_string())?;
    let report = tournament
        .run(&prepared, &options(a.threads, DEFAULT_RESAMPLES))
        .map_err(|e| e.to_string())?;
    Ok((out, report.standings.to_table()))
}

/// Plays the experiment of `spec`; returns its folder.
fn run_experiment<G: GameDef>(
    spec: &Spec,
    games: Option<u64>,
    out: Option<PathBuf>,
    threads: usize,
    resume: bool,
) -> Result<PathBuf, String> {
    let games = games.unwrap_or(spec.games);
    let experiment = (spec.experiment::<G>(games, Shard::ALL, None)).map_err(|e| e.to_string())?;
    let out = out.unwrap_or_else(|| Path::new("results").join(&spec.name));
    let prepared = experiment
        .prepare(&out, resume)
        .map_err(|e| e.to_string())?;
    let report = experiment
        .run(&prepared, &options(threads, spec.bootstrap))
        .map_err(|e| e.to_string())?;
    let summary = Summary::compute(&report.table, &experiment.config, spec.bootstrap)
        .map_err(|e| e.to_string())?;
    write_report(&out, &summary, spec.plot_by).map_err(|e| e.to_string())?;
    Ok(out)
}

/// The rows of a CSV file as dicts, numbers as `int` or `float` (a list pandas takes as is).
fn csv_rows<'py>(py: Python<'py>, path: &Path) -> PyResult<Bound<'py, PyList>> {
    let mut reader = csv::Reader::from_path(path)
        .map_err(|e| value_error(format!("{}: {e}", path.display())))?;
    let header = reader
        .headers()
        .map_err(|e| value_error(format!("{}: {e}", path.display())))?
        .clone();
    let rows = PyList::empty(py);
    for record in reader.records() {
        let record = record.map_err(|e| value_error(format!("{}: {e}", path.display())))?;
        let row = PyDict::new(py);
        for (key, text) in header.iter().zip(record.iter()) {
            if let Ok(i) = text.parse::<i64>() {
                row.set_item(key, i)?;
            } else if let Ok(x) = text.parse::<f64>() {
                row.set_item(key, x)?;
            } else {
                row.set_item(key, text)?;
            }
        }
        rows.append(row)?;
    }
    Ok(rows)
}

/// Plays a tournament as `meeplelab tournament` does (same folder, same games for the same
/// arguments) and returns `{"out": folder, "rows": games.csv rows, "standings": table}`.
/// External agents (`ext:cmd=...`) play like any other. Bad agents, games, rules or folders
/// raise `ValueError`.
#[pyfunction]
#[pyo3(signature = (agents, game = "safari", players = 2, games = None, seed = 1, rules = None,
    tileset = None, threads = 0, out = None, records = None, resume = false))]
#[allow(clippy::too_many_arguments)]
pub fn tournament<'py>(
    py: Python<'py>,
    agents: Vec<String>,
    game: &str,
    players: usize,
    games: Option<u64>,
    seed: u64,
    rules: Option<&Bound<'py, PyAny>>,
    tileset: Option<PathBuf>,
    threads: usize,
    out: Option<PathBuf>,
    records: Option<PathBuf>,
    resume: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let id = GameId::from_name(game).map_err(value_error)?;
    let args = TournamentArgs {
        agents,
        players,
        games,
        seed,
        rules: crate::state::rule_list(rules)?,
        tileset,
        threads,
        out,
        records,
        resume,
    };
    let (out, standings) = py
        .detach(|| engine::with_game!(id, G => run_tournament::<G>(&args)))
        .map_err(value_error)?;
    let d = PyDict::new(py);
    d.set_item("rows", csv_rows(py, &out.join("games.csv"))?)?;
    d.set_item("standings", standings)?;
    d.set_item("out", out)?;
    Ok(d)
}

/// Plays the experiment of the spec file `spec` as `meeplelab experiment` does and returns
/// `{"out": folder, "rows": games.csv rows, "summary": summary.csv rows}`.
#[pyfunction]
#[pyo3(signature = (spec, games = None, out = None, threads = 0, resume = false))]
pub fn experiment<'py>(
    py: Python<'py>,
    spec: PathBuf,
    games: Option<u64>,
    out: Option<PathBuf>,
    threads: usize,
    resume: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let spec = Spec::load(&spec).map_err(|e| value_error(e.to_string()))?;
    let out = py
        .detach(|| {
            engine::with_game!(spec.game, G => run_experiment::<G>(&spec, games, out, threads, resume))
        })
        .map_err(value_error)?;
    let d = PyDict::new(py);
    d.set_item("rows", csv_rows(py, &out.join("games.csv"))?)?;
    d.set_item("summary", csv_rows(py, &out.join(SUMMARY_FILE))?)?;
    d.set_item("out", out)?;
    Ok(d)
}
