//! Tuning: improving an agent spec's numbers (heuristic weights, number parameters) by
//! self-play on paired games.
//!
//! [`Space`] says which numbers vary and over which ranges; [`spsa`] is the search (SPSA: each
//! step plays two perturbed specs against each other on shared deals with the seats swapped);
//! [`Tuning`] runs it in a folder with the arena's pool, progress, lock and resumption, writing
//! every evaluation to `evaluations.csv` and the tuned spec to `best.toml`. See
//! docs/agents.md, "Tuning".

pub mod run;
pub mod space;
pub mod spsa;

pub use run::{tune_config, TuneConfig, TuneReport, Tuning, BEST_FILE, EVALUATIONS_FILE};
pub use space::{Dimension, Space};
pub use spsa::Gains;
