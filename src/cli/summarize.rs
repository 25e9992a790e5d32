//! `meeplelab summarize`: standings recomputed from games files.

use super::CmdResult;
use meeplelab::analysis::standings::{Standings, DEFAULT_RESAMPLES};
use meeplelab::io::games_csv::GamesTable;
use meeplelab::io::write_atomically;
use std::path::PathBuf;

/// Arguments of `summarize`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// games.csv files (rows in any order; several files are pooled).
    #[arg(required = true, value_name = "GAMES_CSV")]
    pub files: Vec<PathBuf>,
    /// Also write the standings as CSV to this file.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Bootstrap resamples for the rating intervals.
    #[arg(long, default_value_t = DEFAULT_RESAMPLES)]
    pub bootstrap: usize,
}

/// Reads the files, prints the standings, optionally writes standings CSV.
pub fn run(args: &Args) -> CmdResult {
    let tables = args
        .files
        .iter()
        .map(|f| GamesTable::read(f))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())?;
    let standings = Standings::compute(&tables, args.bootstrap).map_err(|e| e.to_string())?;
    if let Some(out) = &args.out {
        write_atomically(out, &standings.to_csv()).map_err(|e| e.to_string())?;
        eprintln!("wrote {}", out.display());
    }
    out!("{}", standings.to_table());
    Ok(())
}
