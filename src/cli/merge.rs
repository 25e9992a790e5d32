//! `meeplelab merge`: join the shard folders of one tournament or experiment.

use super::CmdResult;
use meeplelab::analysis::standings::DEFAULT_RESAMPLES;
use meeplelab::arena::folder::Folder;
use meeplelab::arena::merge::{merge_tournament, Merging};
use meeplelab::experiment::ExperimentConfig;
use std::path::{Path, PathBuf};

/// Arguments of `merge`.
#[derive(clap::Args, Debug)]
#[command(after_long_help = AFTER_HELP)]
pub struct Args {
    /// New output folder: gets games.csv (sorted), run.json (shard 1/1) and, for a tournament,
    /// standings.csv.
    #[arg(value_name = "OUT")]
    pub out: PathBuf,
    /// Shard folders, or their games.csv files (each with run.json beside it).
    #[arg(required = true, value_name = "IN")]
    pub inputs: Vec<PathBuf>,
    /// Bootstrap resamples for the rating intervals (tournaments).
    #[arg(long, default_value_t = DEFAULT_RESAMPLES)]
    pub bootstrap: usize,
}

const AFTER_HELP: &str = "\
The shards of one tournament (`tournament --shard K/N`) or one experiment (`experiment SPEC
--shard K/N`) are joined row by row, in little memory however many games they hold. The
merged games.csv equals that of an unsharded run but for the run_id and wall_ms columns.
Refused, naming what is wrong: folders of different runs, a shard given twice, an unfinished
shard, duplicate rows and missing games.

An experiment's summary.csv and charts are made from the merged folder by the experiment
command: meeplelab experiment SPEC --out OUT --resume (it plays nothing when every game is
there).";

/// Merges, checks coverage, prints the standings (tournaments) or the next step (experiments).
pub fn run(args: &Args) -> CmdResult {
    let inputs: Vec<&Path> = args.inputs.iter().map(PathBuf::as_path).collect();
    let first = Folder::of_input(inputs[0]).config();
    let text = std::fs::read_to_string(&first).map_err(|e| {
        format!(
            "{}: every input needs its run.json beside games.csv: cannot read {}: {e}",
            inputs[0].display(),
            first.display()
        )
    })?;
    if is_experiment(&text) {
        let merging =
            Merging::<ExperimentConfig>::open(&args.out, &inputs).map_err(|e| e.to_string())?;
        let report = merging.run(|_| ()).map_err(|e| e.to_string())?;
        eprintln!(
            "merged {} input(s): {} games of experiment {} into {}",
            inputs.len(),
            report.games,
            report.config.experiment,
            args.out.display()
        );
        outln!(
            "summary and charts: meeplelab experiment SPEC --out {} --resume",
            args.out.display()
        );
        return Ok(());
    }
    let (report, standings) =
        merge_tournament(&args.out, &inputs, args.bootstrap).map_err(|e| e.to_string())?;
    eprintln!(
        "merged {} input(s): {} games of {} into {}",
        inputs.len(),
        report.games,
        report.config.game,
        args.out.display()
    );
    out!("{}", standings.to_table());
    Ok(())
}

/// Whether `run.json` text is an experiment's (it names the experiment); anything else is read
/// as a tournament's, whose reader then says what is wrong with it.
fn is_experiment(text: &str) -> bool {
    serde_json::from_str::<serde_json::Value>(text).is_ok_and(|v| v.get("experiment").is_some())
}
