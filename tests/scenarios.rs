//! Rule scenario tests: hand-written game records under `tests/scenarios/` and its subfolders
//! (Safari at the top, `carcassonne/`, `new-world/`), each replayed as the game its `game`
//! line names, so a new game's folder needs no runner of its own.
//!
//! - Every `*.rec` outside an `illegal/` folder replays cleanly, including its `expect` lines,
//!   and checks scores (all failures are listed, not just the first).
//! - Every `illegal/*.rec` fails, at the line and with the phrase named by its
//!   `# expect-error: <line>: <phrase>` comment.
//! - Every folder's README.md names each of its records, and every `*.tiles` file loads as the
//!   game its `game` line names.
//! - The built binary replays a scenario with `--json` and reports an illegal line.
//!
//! The expected numbers in the records are worked out by hand from the rules (`rules/…`); see
//! the comments next to each `expect` line and each folder's README.md.

mod common;

use common::scenarios::{expected_error, files_with_ext, illegal_failures, unlisted_records};
use meeplelab::core::tileset::declared_game;
use meeplelab::games::{GameDef, GameId};
use meeplelab::io::record::{Record, RecordError};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Fewest scenario and illegal records of the folders that have them (folder relative to
/// `tests/scenarios`): E1–E11 and the rule groups of each game.
const MINIMUM: [(&str, usize, usize); 3] =
    [("", 25, 10), ("carcassonne", 25, 4), ("new-world", 15, 5)];

fn scenario_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios")
}

/// `tests/scenarios` and every folder below it except `illegal/` ones.
fn folders() -> Vec<PathBuf> {
    let mut out = vec![scenario_dir()];
    let mut i = 0;
    while i < out.len() {
        let mut subs: Vec<PathBuf> = std::fs::read_dir(&out[i])
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_dir() && p.file_name().is_some_and(|n| n != "illegal"))
            .collect();
        subs.sort();
        out.extend(subs);
        i += 1;
    }
    out
}

/// Loads and replays one record as the game its header names; relative tile-set paths are
/// taken from its folder.
fn replay(path: &Path) -> Result<(), RecordError> {
    let record = Record::load(path)?;
    let base = path.parent().expect("a record lies in a folder");
    let game = record.game_id()?;
    meeplelab::with_game!(game, G => record.replay_game::<G>(base, None).map(|_| ()))
}

/// The fewest scenario and illegal records [`MINIMUM`] names for `dir`, if it names the folder.
fn minimum(dir: &Path) -> Option<(usize, usize)> {
    let rel = dir.strip_prefix(scenario_dir()).unwrap();
    let rel = rel.display().to_string();
    MINIMUM.iter().find(|m| m.0 == rel).map(|m| (m.1, m.2))
}

/// Checks that `files` holds at least `minimum` records (`what` they are, for the message).
fn assert_at_least(files: &[PathBuf], minimum: usize, what: &str) {
    assert!(
        files.len() >= minimum,
        "expected at least {minimum} {what}, found {}",
        files.len()
    );
}

#[test]
fn every_scenario_replays_with_its_expectations() {
    let mut failures = Vec::new();
    let mut games = Vec::new();
    for dir in folders() {
        let files = files_with_ext(&dir, "rec");
        let what = format!("scenario records in {}", dir.display());
        assert_at_least(&files, minimum(&dir).map_or(0, |m| m.0), &what);
        for f in &files {
            let text = std::fs::read_to_string(f).unwrap();
            if !text.contains("expect scores") {
                failures.push(format!("{}: checks no scores", f.display()));
            }
            if let Ok(r) = Record::parse(&text, "") {
                games.push(r.game.0);
            }
            if let Err(e) = replay(f) {
                failures.push(e.to_string());
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} scenario records failed:\n  {}",
        failures.len(),
        failures.join("\n  ")
    );
    for g in GameId::ALL {
        assert!(games.contains(&g.name()), "no scenario record of {g}");
    }
}

#[test]
fn every_illegal_record_fails_at_the_named_line() {
    for dir in folders() {
        let files = files_with_ext(&dir.join("illegal"), "rec");
        if !dir.join("illegal").is_dir() {
            continue;
        }
        let what = format!("illegal records in {}/illegal", dir.display());
        assert_at_least(&files, minimum(&dir).map_or(1, |m| m.1), &what);
        let failures = illegal_failures(&files, replay);
        assert!(
            failures.is_empty(),
            "{} of {} illegal records misbehaved:\n  {}",
            failures.len(),
            files.len(),
            failures.join("\n  ")
        );
    }
}

#[test]
fn every_scenario_tile_set_loads_as_its_game() {
    let mut failures = Vec::new();
    let mut count = 0;
    for dir in folders() {
        for f in files_with_ext(&dir, "tiles") {
            let text = std::fs::read_to_string(&f).unwrap();
            let Some((_, name)) = declared_game(&text) else {
                failures.push(format!("{}: no game line", f.display()));
                continue;
            };
            let loaded = GameId::from_name(&name)
                .and_then(|g| meeplelab::with_game!(g, G => G::load_tiles(&f).map(|_| ())));
            if let Err(e) = loaded {
                failures.push(format!("{}: {e}", f.display()));
            }
            count += 1;
        }
    }
    assert!(count >= 20, "only {count} scenario tile sets");
    assert!(
        failures.is_empty(),
        "invalid tile sets:\n  {}",
        failures.join("\n  ")
    );
}

#[test]
fn every_readme_lists_every_scenario_file() {
    for dir in folders() {
        if files_with_ext(&dir, "rec").is_empty() && !dir.join("illegal").is_dir() {
            continue;
        }
        let missing = unlisted_records(&dir);
        assert!(
            missing.is_empty(),
            "{}/README.md does not list: {}",
            dir.display(),
            missing.join(", ")
        );
    }
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
    for file in [
        scenario_dir().join("illegal/meeple-occupied.rec"),
        scenario_dir().join("carcassonne/illegal/b07-bid-must-rise.rec"),
        scenario_dir().join("new-world/illegal/n05-occupied-trail.rec"),
    ] {
        let (line, phrase) = expected_error(&file).expect("expect-error comment");
        let out = Command::new(env!("CARGO_BIN_EXE_meeplelab"))
            .arg("replay")
            .arg(&file)
            .output()
            .expect("run meeplelab");
        assert!(!out.status.success(), "an illegal record must fail");
        let err = String::from_utf8_lossy(&out.stderr);
        let name = file.file_name().unwrap().to_string_lossy();
        assert!(
            err.contains(&format!("{name}:{line}:")) && err.contains(&phrase),
            "stderr: {err}"
        );
    }
}
