//! Running the `meeplelab` binary from integration tests.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_meeplelab");

/// A fresh, empty scratch folder `<prefix>-<name>` for one test.
pub fn scratch(prefix: &str, name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{prefix}-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn meeplelab(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().expect("binary runs")
}

/// Writes the record of a random game of `game` to `out` with `meeplelab random-game` and the
/// options `more` (`--players`, `--seed`, `--rule`, …); the command must succeed.
pub fn random_game(out: &Path, game: &str, more: &[&str]) {
    ok(&[&["random-game", "--game", game, "--out", s(out)], more].concat());
}

/// Runs a command that must succeed; returns what it printed (standard output and error).
pub fn ok_output(args: &[&str]) -> Output {
    let out = meeplelab(args);
    assert!(
        out.status.success(),
        "meeplelab {args:?} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// Runs a command that must succeed; returns its standard output.
pub fn ok(args: &[&str]) -> String {
    String::from_utf8_lossy(&ok_output(args).stdout).into_owned()
}

/// Runs a command that must fail; returns its standard error.
pub fn fails(args: &[&str]) -> String {
    let out = meeplelab(args);
    assert!(
        !out.status.success(),
        "meeplelab {args:?} should have failed"
    );
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Runs a command that must fail with each of `phrases` in its standard error.
pub fn fails_with(args: &[&str], phrases: &[&str]) {
    let err = fails(args);
    for phrase in phrases {
        assert!(err.contains(phrase), "meeplelab {args:?}: {err}");
    }
}

/// A path as a command-line argument.
pub fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A command line written as one string: the words of `line` (split at whitespace), then
/// `more` (paths, or words with spaces).
pub fn line<'a>(line: &'a str, more: &[&'a str]) -> Vec<&'a str> {
    line.split_whitespace()
        .chain(more.iter().copied())
        .collect()
}
