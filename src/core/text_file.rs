//! Text files read whole (tile sets, game records) and a problem in one, named by file and line.

use std::path::Path;

/// A problem in a text file (a tile set, a game record), naming the file and line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{origin}:{line}: {message}")]
pub struct LineError {
    /// File name (or `<builtin …>` for a built-in text).
    pub origin: String,
    /// 1-based line, 0 when the problem concerns the whole file.
    pub line: usize,
    /// What was wrong and what was expected.
    pub message: String,
}

impl LineError {
    /// The problem `message` at `line` (0: the whole file) of the file named `origin`.
    pub fn new(origin: &str, line: usize, message: String) -> Self {
        LineError {
            origin: origin.to_string(),
            line,
            message,
        }
    }
}

/// Reads the text of the file at `path`; returns it with the name errors give the file.
pub fn read_text_file(path: &Path) -> Result<(String, String), LineError> {
    let origin = path.display().to_string();
    match std::fs::read_to_string(path) {
        Ok(text) => Ok((text, origin)),
        Err(e) => Err(LineError::new(&origin, 0, format!("cannot read file: {e}"))),
    }
}
