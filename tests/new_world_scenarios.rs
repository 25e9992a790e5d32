//! New World rule scenarios: hand-written records under `tests/scenarios/new-world/`.
//!
//! - Every `*.rec` there replays cleanly with its `expect` lines (worked out by hand from
//!   `rules/new-world.md`, see the comments in each record) and checks scores.
//! - Every `illegal/*.rec` fails at the line and with the phrase of its `# expect-error`
//!   comment.
//! - The README lists every record, and together the records name every rule id N-1…N-18.
//! - Every `.tiles` file there loads as a New World tile set.

mod common;

use common::scenarios::{files_with_ext, illegal_failures, unlisted_records};
use meeplelab::games::def::GameDef;
use meeplelab::games::new_world::NewWorldState;
use meeplelab::io::record::{Record, RecordError};
use std::path::{Path, PathBuf};

fn scenario_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/new-world")
}

/// Loads and replays one New World record; tile files are taken from its folder.
fn replay(path: &Path) -> Result<(), RecordError> {
    let base = path.parent().expect("a record lies in a folder");
    Record::load(path)?
        .replay_game::<NewWorldState>(base, None)
        .map(|_| ())
}

#[test]
fn every_new_world_scenario_replays_with_its_expectations() {
    let files = files_with_ext(&scenario_dir(), "rec");
    assert!(files.len() >= 15, "{files:?}");
    let mut failures = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        if !text.contains("expect scores") {
            failures.push(format!("{}: checks no scores", f.display()));
        }
        if let Err(e) = replay(f) {
            failures.push(e.to_string());
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_illegal_new_world_record_fails_at_the_named_line() {
    let files = files_with_ext(&scenario_dir().join("illegal"), "rec");
    assert!(files.len() >= 5, "{files:?}");
    let failures = illegal_failures(&files, replay);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn readme_lists_every_record_and_the_records_cover_every_rule() {
    let missing = unlisted_records(&scenario_dir());
    assert!(missing.is_empty(), "README.md does not list: {missing:?}");
    let mut text = String::new();
    for dir in [scenario_dir(), scenario_dir().join("illegal")] {
        for f in files_with_ext(&dir, "rec") {
            text += &std::fs::read_to_string(f).unwrap();
        }
    }
    let uncovered: Vec<String> = (1..=18)
        .map(|n| format!("N-{n}"))
        .filter(|id| {
            !text
                .match_indices(id.as_str())
                .any(|(i, _)| !text[i + id.len()..].starts_with(|c: char| c.is_ascii_digit()))
        })
        .collect();
    assert!(uncovered.is_empty(), "no record names {uncovered:?}");
}

#[test]
fn every_new_world_scenario_tile_set_loads() {
    let files = files_with_ext(&scenario_dir(), "tiles");
    assert!(!files.is_empty());
    for f in files {
        NewWorldState::load_tiles(&f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
    }
}
