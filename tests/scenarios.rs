//! Rule scenario tests: hand-written game records under `tests/scenarios/`.
//!
//! - Every `tests/scenarios/*.rec` must replay cleanly, including its `expect` lines (all
//!   failures are listed, not just the first).
//! - Every `tests/scenarios/illegal/*.rec` must fail, at the line and with the phrase named by
//!   its `# expect-error: <line>: <phrase>` comment.
//! - The built binary replays a scenario with `--json`.
//!
//! The expected numbers in the records are worked out by hand from `rules/safari.md`; see the
//! comments next to each `expect` line and `tests/scenarios/README.md`.

mod common;

use common::scenarios::{expected_error, files_with_ext, illegal_failures, unlisted_records};
use meeplelab::core::tileset::TileSet;
use meeplelab::io::record::{Record, RecordError};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Fewest scenario records the suite expects to find (E1–E11 plus the rule groups).
const MIN_SCENARIOS: usize = 25;

/// Fewest illegal-move records.
const MIN_ILLEGAL: usize = 10;

fn scenario_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios")
}

/// Loads and replays one record; relative tile-set paths are taken from its folder.
fn replay(path: &Path) -> Result<(), RecordError> {
    let record = Record::load(path)?;
    let base = path.parent().expect("a record lies in a folder");
    record
        .replay::<meeplelab::games::safari::SafariState>(base)
        .map(|_| ())
}

#[test]
fn every_scenario_replays_with_its_expectations() {
    let files = files_with_ext(&scenario_dir(), "rec");
    assert!(
        files.len() >= MIN_SCENARIOS,
        "expected at least {MIN_SCENARIOS} scenario records in {}, found {}",
        scenario_dir().display(),
        files.len()
    );
    let failures: Vec<String> = files
        .iter()
        .filter_map(|f| replay(f).err().map(|e| e.to_string()))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} scenario records failed:\n  {}",
        failures.len(),
        files.len(),
        failures.join("\n  ")
    );
}

#[test]
fn every_illegal_record_fails_at_the_named_line() {
    let dir = scenario_dir().join("illegal");
    let files = files_with_ext(&dir, "rec");
    assert!(
        files.len() >= MIN_ILLEGAL,
        "expected at least {MIN_ILLEGAL} illegal records in {}, found {}",
        dir.display(),
        files.len()
    );
    let failures = illegal_failures(&files, replay);
    assert!(
        failures.is_empty(),
        "{} of {} illegal records misbehaved:\n  {}",
        failures.len(),
        files.len(),
        failures.join("\n  ")
    );
}

#[test]
fn every_scenario_tile_set_is_valid() {
    let files = files_with_ext(&scenario_dir(), "tiles");
    assert!(!files.is_empty(), "no tile sets in tests/scenarios");
    let failures: Vec<String> = files
        .iter()
        .filter_map(|f| TileSet::load(f).err().map(|e| e.to_string()))
        .collect();
    assert!(
        failures.is_empty(),
        "invalid tile sets:\n  {}",
        failures.join("\n  ")
    );
}

#[test]
fn readme_lists_every_scenario_file() {
    let missing = unlisted_records(&scenario_dir());
    assert!(
        missing.is_empty(),
        "README.md does not list: {}",
        missing.join(", ")
    );
}

/// Runs the built binary: `meeplelab replay FILE --json`, returning the parsed JSON.
fn binary_replay_json(file: &Path) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_meeplelab"))
        .arg("replay")
        .arg(file)
        .arg("--json")
        .output()
        .expect("run meeplelab");
    assert!(
        out.status.success(),
        "meeplelab replay {} --json failed: {}",
        file.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "output of replay --json is not JSON ({e}): {}",
            String::from_utf8_lossy(&out.stdout)
        )
    })
}

#[test]
fn binary_replays_a_scenario_as_json() {
    // S-11 E4: Red 15 (4 species + zebra boost), Blue 10 (tie, 4 species).
    let v = binary_replay_json(&scenario_dir().join("e04-joined-paths-tie.rec"));
    assert_eq!(v["scores"], serde_json::json!([15, 10]), "{v}");
    assert_eq!(v["players"][0]["points"]["path"], 15, "{v}");
    assert_eq!(v["players"][1]["points"]["path"], 10, "{v}");
    assert_eq!(v["players"][0]["actions"]["boost"], 1, "{v}");
    assert_eq!(v["finished"], false, "{v}");

    // S-4.2: both allbush tiles fit nowhere and go back to the box; the game ends (S-10.1).
    let v = binary_replay_json(&scenario_dir().join("s04-2-unplaceable-tile.rec"));
    assert_eq!(v["tiles_removed"], 2, "{v}");
    assert_eq!(v["turns"], 2, "{v}");
    assert_eq!(v["finished"], true, "{v}");
    assert_eq!(v["scores"], serde_json::json!([1, 0]), "{v}");
}

#[test]
fn binary_reports_an_illegal_line_with_file_and_line() {
    let file = scenario_dir().join("illegal/meeple-occupied.rec");
    let (line, phrase) = expected_error(&file).expect("expect-error comment");
    let out = Command::new(env!("CARGO_BIN_EXE_meeplelab"))
        .arg("replay")
        .arg(&file)
        .output()
        .expect("run meeplelab");
    assert!(!out.status.success(), "an illegal record must fail");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("meeple-occupied.rec:{line}:")) && err.contains(&phrase),
        "stderr: {err}"
    );
}
