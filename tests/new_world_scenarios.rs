//! New World's rule scenarios (`tests/scenarios/new-world/`, replayed with every other game's
//! by `tests/scenarios.rs`) together name every rule id N-1…N-18.

mod common;

use common::scenarios::files_with_ext;
use std::path::{Path, PathBuf};

fn scenario_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/new-world")
}

#[test]
fn the_records_cover_every_rule() {
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
