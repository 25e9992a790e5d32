//! `meeplelab merge`: join the shard folders of one tournament.

use super::CmdResult;
use meeplelab::analysis::standings::DEFAULT_RESAMPLES;
use meeplelab::arena::merge::merge;
use std::path::{Path, PathBuf};

/// Arguments of `merge`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// New output folder: gets games.csv (sorted), run.json (shard 1/1) and standings.csv.
    #[arg(value_name = "OUT")]
    pub out: PathBuf,
    /// Shard folders, or their games.csv files (each with run.json beside it).
    #[arg(required = true, value_name = "IN")]
    pub inputs: Vec<PathBuf>,
    /// Bootstrap resamples for the rating intervals.
    #[arg(long, default_value_t = DEFAULT_RESAMPLES)]
    pub bootstrap: usize,
}

/// Merges, checks coverage, prints the standings.
pub fn run(args: &Args) -> CmdResult {
    let inputs: Vec<&Path> = args.inputs.iter().map(PathBuf::as_path).collect();
    let report = merge(&args.out, &inputs, args.bootstrap).map_err(|e| e.to_string())?;
    eprintln!(
        "merged {} input(s): {} games of {} into {}",
        inputs.len(),
        report.games,
        report.config.game,
        args.out.display()
    );
    out!("{}", report.standings.to_table());
    Ok(())
}
