//! Errors of tournaments, resumption and merging.

use crate::io::games_csv::GamesCsvError;

/// Why a tournament, resume or merge cannot proceed. Messages name the file involved.
#[derive(Debug, thiserror::Error)]
pub enum ArenaError {
    /// A bad tournament definition (agents, players, games).
    #[error("{0}")]
    Config(String),
    /// A file or folder that cannot be read or written.
    #[error("{0}")]
    Io(String),
    /// A malformed games file.
    #[error(transparent)]
    Csv(#[from] GamesCsvError),
    /// Existing output that belongs to a different tournament, or that would be overwritten.
    #[error("{0}")]
    Conflict(String),
    /// Games missing from a merge.
    #[error("{0}")]
    Incomplete(String),
}

impl From<std::io::Error> for ArenaError {
    fn from(e: std::io::Error) -> ArenaError {
        ArenaError::Io(e.to_string())
    }
}
