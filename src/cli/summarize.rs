//! `meeplelab summarize`: standings recomputed from games files, one table per rule set.

use super::CmdResult;
use meeplelab::analysis::rule_sets::tally_files;
use meeplelab::analysis::standings::DEFAULT_RESAMPLES;
use meeplelab::analysis::tally::Anchor;
use meeplelab::io::write_atomically;
use std::path::{Path, PathBuf};

/// Arguments of `summarize`.
#[derive(clap::Args, Debug)]
#[command(after_long_help = AFTER_HELP)]
pub struct Args {
    /// games.csv files of tournaments or experiments (several files are pooled, each game
    /// keyed by the run that played it).
    #[arg(required = true, value_name = "GAMES_CSV")]
    pub files: Vec<PathBuf>,
    /// Also write the standings as CSV to this file (needs games of one rule set, or --pool).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Bootstrap resamples for the rating intervals.
    #[arg(long, default_value_t = DEFAULT_RESAMPLES)]
    pub bootstrap: usize,
    /// Rate games of different rule sets (rules, players, experiment variants, tile sets) in
    /// one table instead of one table each. Games of different games are never pooled.
    #[arg(long)]
    pub pool: bool,
    /// Fix one agent's rating, e.g. `random=0`, instead of centring the ratings on their mean,
    /// so that ladders from different runs that share the agent compare.
    #[arg(long, value_name = "AGENT=RATING")]
    pub anchor: Option<Anchor>,
}

const AFTER_HELP: &str = "\
Each rule set (game, players, experiment variant, rule options, tile set) gets its own table;
--pool rates them together. Files may come from different runs, even with the same --seed:
every game is keyed by the run that played it (the run_id column). A run's games found in two
files (a shard and the file merged from it, or one file given twice) are refused.

Memory does not grow with the number of games when each game's rows are adjacent, as in every
file meeplelab writes: the ratings are fitted to the number of games with each seating and
finishing order, which gives exactly the ratings of all rows.";

/// Reads the files, prints the standings of each rule set, optionally writes standings CSV.
pub fn run(args: &Args) -> CmdResult {
    let files: Vec<&Path> = args.files.iter().map(PathBuf::as_path).collect();
    let tallied = tally_files(&files, args.pool)?;
    for note in &tallied.notes {
        eprintln!("{note}");
    }
    let several = tallied.tallies.len() > 1;
    if let (Some(out), true) = (&args.out, several) {
        let sets: Vec<String> = tallied
            .tallies
            .iter()
            .filter_map(|(set, _)| set.as_ref().map(|s| format!("  {s}")))
            .collect();
        return Err(format!(
            "--out {}: these files hold games of {} rule sets:\n{}\nsummarize each rule set's \
             files separately, or add --pool to rate them in one table",
            out.display(),
            sets.len(),
            sets.join("\n")
        ));
    }
    for (i, (set, tally)) in tallied.tallies.iter().enumerate() {
        let standings = tally.standings(args.bootstrap, args.anchor.as_ref())?;
        if let Some(out) = &args.out {
            write_atomically(out, &standings.to_csv()).map_err(|e| e.to_string())?;
            eprintln!("wrote {}", out.display());
        }
        if several {
            if i > 0 {
                outln!();
            }
            outln!(
                "Rule set {} of {}: {}",
                i + 1,
                tallied.tallies.len(),
                set.as_ref().expect("unpooled")
            );
        }
        out!("{}", standings.to_table());
    }
    Ok(())
}
