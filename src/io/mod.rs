//! Input and output: game records and safe file writing.

pub mod game_stream;
pub mod games_csv;
pub mod html;
pub mod record;
pub mod run_json;
pub mod spec_toml;
pub mod svg;

use std::io;
use std::path::Path;

/// Writes `text` to a temporary file beside `path` and renames it into place, so readers never
/// see a half-written file; the temporary file is removed when either step fails. Creates
/// missing parent folders.
pub fn write_atomically(path: &Path, text: &str) -> io::Result<()> {
    let annotate = |what: &str, p: &Path, e: io::Error| {
        io::Error::new(e.kind(), format!("cannot {what} {}: {e}", p.display()))
    };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| annotate("create folder", dir, e))?;
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = std::path::PathBuf::from(tmp);
    let written = std::fs::write(&tmp, text)
        .map_err(|e| annotate("write", &tmp, e))
        .and_then(|()| std::fs::rename(&tmp, path).map_err(|e| annotate("write", path, e)));
    if written.is_err() {
        // Leave nothing half-written behind (a full disk, say).
        let _ = std::fs::remove_file(&tmp);
    }
    written
}
