//! Scenario folders shared by the games' scenario tests: listing records, the
//! `# expect-error: <line>: <phrase>` comments of illegal records, and the README check.

use meeplelab::io::record::RecordError;
use std::path::{Path, PathBuf};

/// The files in `dir` whose name ends with `.ext`, sorted (none when `dir` does not exist).
pub fn files_with_ext(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<PathBuf> = entries
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == ext))
        .collect();
    out.sort();
    out
}

/// `(line, phrase)` from a `# expect-error: <line>: <phrase>` comment.
pub fn expected_error(path: &Path) -> Result<(usize, String), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read: {e}"))?;
    let spec = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("# expect-error:"))
        .ok_or("no \"# expect-error: <line>: <phrase>\" comment")?;
    let (line, phrase) = spec
        .split_once(':')
        .ok_or("expect-error comment needs \"<line>: <phrase>\"")?;
    let line = line
        .trim()
        .parse::<usize>()
        .map_err(|_| format!("expect-error line \"{}\" is not a number", line.trim()))?;
    let phrase = phrase.trim();
    if phrase.is_empty() {
        return Err("expect-error comment has an empty phrase".into());
    }
    Ok((line, phrase.to_string()))
}

/// Replays every illegal record of `files` with `replay`; returns what misbehaved: a record
/// without a usable `expect-error` comment, one that replays cleanly, or one that fails at
/// another line or without the phrase.
pub fn illegal_record_failures(
    files: &[PathBuf],
    replay: impl Fn(&Path) -> Result<(), RecordError>,
) -> Vec<String> {
    let mut failures = Vec::new();
    for f in files {
        let name = f.display();
        let (line, phrase) = match expected_error(f) {
            Ok(x) => x,
            Err(m) => {
                failures.push(format!("{name}: {m}"));
                continue;
            }
        };
        match replay(f) {
            Ok(()) => failures.push(format!(
                "{name}: replayed without error; expected line {line}: {phrase}"
            )),
            Err(e) => {
                if e.line != line || !e.message.contains(&phrase) {
                    failures.push(format!(
                        "{name}: expected an error at line {line} containing \"{phrase}\", got: {e}"
                    ));
                }
            }
        }
    }
    failures
}

/// The records of `dir` and of `dir/illegal` (as `illegal/<name>`) that `dir/README.md` does
/// not name.
pub fn records_missing_from_readme(dir: &Path) -> Vec<String> {
    let readme = std::fs::read_to_string(dir.join("README.md"))
        .unwrap_or_else(|e| panic!("{}/README.md: {e}", dir.display()));
    let mut missing = Vec::new();
    for (sub, prefix) in [(dir.to_path_buf(), ""), (dir.join("illegal"), "illegal/")] {
        for f in files_with_ext(&sub, "rec") {
            let name = format!("{prefix}{}", f.file_name().unwrap().to_string_lossy());
            if !readme.contains(&name) {
                missing.push(name);
            }
        }
    }
    missing
}
