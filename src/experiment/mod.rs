//! Balance experiments: paired rule and agent ablations described by a TOML spec
//! (`docs/experiments.md`).
//!
//! A spec names a game, a player count, one agent per player, base rule options and a list of
//! variants, each changing rule options and/or agents (including forbidden action kinds); the
//! first variant is the baseline. Every variant plays the same games `0..games`: game `g` has
//! seed `derive_seed(seed, g)` (the same tile order and token bag), the same seat rotation
//! (player `i` sits in seat `(i − g) mod players`, so every player starts equally often over
//! each run of `players` games) and the same agent streams. Differences between variants are
//! therefore measured on common random numbers and reported as paired differences with
//! bootstrap intervals.
//!
//! [`spec`] reads specs, [`run`] plays them (reusing the tournament machinery), [`summary`]
//! computes `summary.csv`, and [`plot`] draws the charts.

pub mod config;
pub mod plot;
pub mod run;
pub mod spec;
pub mod summary;

pub use config::{ExperimentConfig, VariantConfig};
pub use run::{Experiment, Prepared, RunReport};
pub use spec::{Spec, SpecError};
pub use summary::{Group, Summary};

use std::path::{Path, PathBuf};

/// File name of the summary inside an experiment folder.
pub const SUMMARY_FILE: &str = "summary.csv";

/// A summary or chart file that cannot be written (the message names it).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ReportError(pub String);

/// Writes `summary.csv` and the charts (SVG and PNG, rows by `group`) into `dir`; returns the
/// paths written.
pub fn write_report(
    dir: &Path,
    summary: &Summary,
    group: Group,
) -> Result<Vec<PathBuf>, ReportError> {
    let path = dir.join(SUMMARY_FILE);
    crate::io::write_atomically(&path, &summary.to_csv())
        .map_err(|e| ReportError(e.to_string()))?;
    let mut written = vec![path];
    written.extend(plot::write_charts(dir, &summary.chart_data(group)).map_err(ReportError)?);
    Ok(written)
}
