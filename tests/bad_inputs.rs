//! Issue 21: the corpus of broken inputs under `tests/data/bad/` — records, tile sets of the
//! three games, agent and experiment specs, games files and `run.json` — each run through the
//! command that reads it (the list and the phrases each error must hold: `cases.txt` there).
//! Every one must fail cleanly: status 1 (a panic exits with 101), a short error that names the
//! file, the line where there is one, and what was expected.

use std::path::Path;
use std::process::Command;

mod common;

const BIN: &str = env!("CARGO_BIN_EXE_meeplelab");

#[test]
fn every_broken_input_fails_cleanly() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/bad");
    let cases = std::fs::read_to_string(dir.join("cases.txt")).unwrap();
    let scratch = common::cli::scratch("bad-inputs", "out");
    let mut listed = Vec::new();
    for (n, line) in cases.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let parts: Vec<&str> = line.split(" | ").collect();
        assert_eq!(
            parts.len(),
            3,
            "cases.txt:{}: command | file | phrases",
            n + 1
        );
        let (command, file, phrases) = (parts[0], parts[1], parts[2]);
        listed.push(file.to_string());
        let out = scratch.join(format!("case-{}", n + 1));
        let args: Vec<String> = command
            .split_whitespace()
            .map(|w| {
                w.replace("{}", file)
                    .replace("{out}", out.to_str().unwrap())
            })
            .collect();
        let run = Command::new(BIN)
            .args(&args)
            .current_dir(&dir)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&run.stderr);
        let at = format!("cases.txt:{}: meeplelab {}", n + 1, args.join(" "));
        assert_eq!(run.status.code(), Some(1), "{at}: {err}");
        assert!(err.len() < 3_000, "{at}: {} bytes of error", err.len());
        for phrase in phrases.split(" && ") {
            assert!(err.contains(phrase), "{at}: no \"{phrase}\" in: {err}");
        }
    }
    // Every file of the corpus has its case.
    for kind in ["records", "tiles", "agents", "experiments", "runs"] {
        for entry in std::fs::read_dir(dir.join(kind)).unwrap() {
            let name = format!("{kind}/{}", entry.unwrap().file_name().to_string_lossy());
            assert!(listed.contains(&name), "{name} has no line in cases.txt");
        }
    }
    assert!(listed.len() >= 60, "{} cases", listed.len());
}
