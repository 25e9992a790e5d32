//! End-to-end tests of `meeplelab experiment`: paired variants (identical draws and seat
//! rotation across variants), output columns and files, thread independence, resume, and clear
//! errors for bad specs.

use meeplelab::core::game::Game;
use meeplelab::experiment::summary::SUMMARY_COLUMNS;
use meeplelab::io::games_csv::{comparable_text, GameRow, GamesTable};
use std::path::{Path, PathBuf};

mod common;

use common::cli::{fails, ok_output as ok, s};

/// A tiny experiment with random agents (the shard checks of `scripts/` play it too). Random
/// play does not look at scores, so the `bonus-0` variant plays exactly the baseline's games
/// and only vehicle points differ.
const SPEC: &str = include_str!("data/experiments/tiny.toml");

/// A fresh scratch folder holding `spec.toml` with `text`.
fn scratch(name: &str, text: &str) -> PathBuf {
    let dir = common::cli::scratch("experiment", name);
    std::fs::write(dir.join("spec.toml"), text).unwrap();
    dir
}

/// Runs the spec in `dir` into `dir/<out>` with extra arguments.
fn run(dir: &Path, out: &str, extra: &[&str]) -> PathBuf {
    let target = dir.join(out);
    let spec = dir.join("spec.toml");
    ok(&[&["experiment", s(&spec), "--out", s(&target)][..], extra].concat());
    target
}

/// Every file under `dir` (one level of sub-folders) with its bytes, by relative path.
fn files_in(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for sub in std::fs::read_dir(dir).unwrap() {
        let sub = sub.unwrap().path();
        for f in std::fs::read_dir(&sub).unwrap() {
            let f = f.unwrap().path();
            let name = f.strip_prefix(dir).unwrap().to_string_lossy().into_owned();
            out.push((name, std::fs::read(&f).unwrap()));
        }
    }
    out.sort();
    out
}

fn stat(table: &GamesTable, row: &GameRow, name: &str) -> i64 {
    let i = table.stat_names.iter().position(|n| n == name).unwrap();
    row.stats[i]
}

#[test]
fn variants_are_paired_and_outputs_complete() {
    let dir = scratch("paired", SPEC);
    let (rec_a, rec_b) = (dir.join("records-a"), dir.join("records-b"));
    let a = run(&dir, "a", &["--threads", "1", "--records", s(&rec_a)]);
    let b = run(&dir, "b", &["--threads", "2", "--records", s(&rec_b)]);
    let games = std::fs::read_to_string(a.join("games.csv")).unwrap();
    let header = games.lines().next().unwrap();
    assert!(
        header.starts_with("schema_version,run_id,crate_version,game,players,variant,rules,"),
        "{header}"
    );
    assert!(header.contains(",win_share,points_path,") && header.ends_with(",turns,wall_ms"));
    let table = GamesTable::read(&a.join("games.csv")).unwrap();
    assert_eq!(table.rows.len(), 3 * 4 * 2, "variants x games x seats");
    assert_eq!(
        comparable_text(&table),
        comparable_text(&GamesTable::read(&b.join("games.csv")).unwrap()),
        "thread count must not matter"
    );
    let of = |variant: &str| -> Vec<&GameRow> {
        table
            .rows
            .iter()
            .filter(|r| r.variant.as_deref() == Some(variant))
            .collect()
    };
    // One record per variant and game, replaying to the game's scores, whatever the threads.
    let records = files_in(&rec_a);
    assert_eq!(records.len(), 3 * 4);
    assert_eq!(records, files_in(&rec_b), "thread count must not matter");
    for row in &table.rows {
        let variant = row.variant.as_deref().unwrap();
        let folder = rec_a.join(variant);
        let path = folder.join(format!("game-{:06}.rec", row.game_index));
        let replay = meeplelab::io::record::Record::load(&path)
            .unwrap()
            .replay::<meeplelab::games::safari::SafariState>(&folder)
            .unwrap();
        assert_eq!(
            replay.state.scores()[row.seat] as i64,
            row.score,
            "{}",
            path.display()
        );
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(&format!(
            "variant {variant}, seed 11: game {}",
            row.game_index
        )));
    }
    let (base, bonus0, nodig) = (of("baseline"), of("bonus-0"), of("p0-no-dig"));
    for ((x, y), z) in base.iter().zip(&bonus0).zip(&nodig) {
        // Same game index, seed and seat in every variant: common random numbers.
        assert_eq!((x.game_index, x.seat), (y.game_index, y.seat));
        assert_eq!((x.game_index, x.seat), (z.game_index, z.seat));
        assert_eq!(x.game_seed, y.game_seed);
        assert_eq!(x.game_seed, z.game_seed);
        // Scores do not steer random agents: the same draws and decisions in both variants.
        assert_eq!(x.turns, y.turns);
        for name in &table.stat_names {
            if name.starts_with("actions_")
                || (name.starts_with("points_") && name != "points_vehicle")
            {
                assert_eq!(stat(&table, x, name), stat(&table, y, name), "{name}");
            }
        }
        assert_eq!(stat(&table, y, "points_vehicle"), 0);
        assert_eq!(x.score - y.score, stat(&table, x, "points_vehicle"));
        assert!(y.rules.contains("vehicle_bonus=0") && x.rules.contains("vehicle_bonus=3"));
        // Seats rotate: player 0 (the restricted agent) sits in seat (0 - g) mod 2.
        let player0_seat = (2 - z.game_index % 2) % 2;
        let want = if z.seat as u64 == player0_seat {
            "random:forbid=dig"
        } else {
            "random"
        };
        assert_eq!(z.agent, want);
        if want != "random" {
            assert_eq!(
                stat(&table, z, "actions_dig"),
                0,
                "a forbidden kind is never chosen"
            );
        }
    }
    let summary = std::fs::read_to_string(a.join("summary.csv")).unwrap();
    assert_eq!(summary.lines().next().unwrap(), SUMMARY_COLUMNS.join(","));
    let line = summary
        .lines()
        .find(|l| l.starts_with("bonus-0,2,all,,random,actions_place,"))
        .expect("all-seat line of actions_place");
    assert!(
        line.ends_with(",0.0000,0.0000,0.0000"),
        "identical play gives a zero paired difference: {line}"
    );
    assert!(summary
        .lines()
        .any(|l| l.starts_with("p0-no-dig,2,player,0,random:forbid=dig,win_rate,4,")));
    for chart in ["win_rate", "points"] {
        let svg = std::fs::read_to_string(a.join(format!("{chart}.svg"))).unwrap();
        assert!(
            svg.contains("<svg") && svg.contains("p0-no-dig"),
            "{chart}.svg"
        );
        let png = std::fs::read(a.join(format!("{chart}.png"))).unwrap();
        assert!(png.starts_with(b"\x89PNG"), "{chart}.png");
    }
    assert_eq!(
        std::fs::read_to_string(a.join("summary.csv")).unwrap(),
        std::fs::read_to_string(b.join("summary.csv")).unwrap()
    );
}

#[test]
fn an_interrupted_run_resumes_to_the_same_games() {
    let dir = scratch("resume", SPEC);
    let full = run(&dir, "full", &[]);
    let full_text = std::fs::read_to_string(full.join("games.csv")).unwrap();
    // Simulate an interruption: the header, five whole games and one seat of a sixth, then
    // half a line.
    let cut = dir.join("cut");
    std::fs::create_dir_all(&cut).unwrap();
    std::fs::copy(full.join("run.json"), cut.join("run.json")).unwrap();
    let lines: Vec<&str> = full_text.lines().collect();
    let mut text = lines[..12].join("\n");
    text.push('\n');
    text.push_str(&lines[12][..20]);
    std::fs::write(cut.join("games.csv"), text).unwrap();
    let spec = dir.join("spec.toml");
    let e = fails(&["experiment", s(&spec), "--out", s(&cut)]);
    assert!(e.contains("--resume"), "{e}");
    let e = fails(&[
        "experiment",
        s(&spec),
        "--out",
        s(&cut),
        "--resume",
        "--games",
        "3",
    ]);
    assert!(e.contains("a run can grow but not shrink"), "{e}");
    let out = ok(&["experiment", s(&spec), "--out", s(&cut), "--resume"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("finished game(s) kept"), "{err}");
    assert!(err.contains("dropped a partial last line"), "{err}");
    assert!(
        err.contains("dropped 1 game(s) with missing seats"),
        "{err}"
    );
    assert!(err.contains("5 finished game(s) kept, 7 to play"), "{err}");
    let read = |d: &Path| comparable_text(&GamesTable::read(&d.join("games.csv")).unwrap());
    assert_eq!(read(&full), read(&cut));
}

#[test]
fn shards_merge_and_runs_grow_into_the_single_run() {
    let dir = scratch("shards", SPEC);
    let full = run(&dir, "full", &[]);
    let shards: Vec<PathBuf> = (1..=3)
        .map(|k| {
            let shard = format!("{k}/3");
            run(
                &dir,
                &format!("shard{k}"),
                &["--shard", &shard, "--threads", "1"],
            )
        })
        .collect();
    let chart = std::fs::read_to_string(shards[0].join("win_rate.svg")).unwrap();
    assert!(
        chart.contains("4 games per variant, shard 1/3 plays 2"),
        "{chart}"
    );
    let read = |d: &Path| comparable_text(&GamesTable::read(&d.join("games.csv")).unwrap());
    let m0 = dir.join("m0");
    let err = fails(&["merge", s(&m0), s(&shards[0]), s(&shards[2])]);
    assert!(
        err.contains("3 of 12 games are missing (variant baseline game_index 1, variant bonus-0 game_index 1"),
        "{err}"
    );
    let merged = dir.join("merged");
    let out = ok(&[
        "merge",
        s(&merged),
        s(&shards[2]),
        s(&shards[0]),
        s(&shards[1]),
    ]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("--resume"));
    assert_eq!(read(&full), read(&merged));
    // The experiment command summarises the merged folder without playing.
    let spec = dir.join("spec.toml");
    let again = ok(&["experiment", s(&spec), "--out", s(&merged), "--resume"]);
    assert!(String::from_utf8_lossy(&again.stderr).contains("played 0 game(s)"));
    let summary = |d: &Path| std::fs::read_to_string(d.join("summary.csv")).unwrap();
    assert_eq!(summary(&full), summary(&merged));

    // A run of 2 games grown to 4 plays only the new ones and equals the run of 4.
    let grown = run(&dir, "grown", &["--games", "2"]);
    let more = ok(&["experiment", s(&spec), "--out", s(&grown), "--resume"]);
    let err = String::from_utf8_lossy(&more.stderr);
    assert!(
        err.contains("6 finished game(s) kept, 6 to play; run grown from 2 games"),
        "{err}"
    );
    assert_eq!(read(&full), read(&grown));
    assert_eq!(summary(&full), summary(&grown));
}

#[test]
fn bad_specs_are_clear_errors() {
    let cases = [
        (
            "rules = { vehicle_bonus = 0 }",
            "rules = { vehicles = 7 }",
            "spec.toml:15: variant[1].rules.vehicles: rule option vehicles",
        ),
        (
            "agents = [\"random:forbid=dig\", \"random\"]",
            "agents = [\"random:forbid=dig\"] \nforbid = [\"fly\"]",
            "variant[2].forbid: unknown action kind \"fly\"",
        ),
        (
            "agents = [\"random:forbid=dig\", \"random\"]",
            "agents = [\"random\", \"random\", \"random\"]",
            "spec.toml:19: variant[2].agents: 3 agents for 2 players",
        ),
        (
            "agents = [\"random\"]",
            "agents = [\"wizard\"]",
            "spec.toml:5: agents[0]: unknown agent `wizard`",
        ),
        (
            "bootstrap = 50",
            "bootstrap = 50\ncolour = 1",
            "unknown field `colour`",
        ),
        ("games = 4", "games = \"many\"", "line 6"),
    ];
    for (i, (from, to, want)) in cases.iter().enumerate() {
        let text = SPEC.replacen(from, to, 1);
        assert_ne!(text, SPEC, "{from}");
        let dir = scratch(&format!("bad{i}"), &text);
        let e = fails(&["experiment", s(&dir.join("spec.toml")), "--out", s(&dir)]);
        assert!(e.contains(want), "case {i}: want {want:?} in:\n{e}");
        assert!(
            !dir.join("games.csv").exists(),
            "nothing runs on a bad spec"
        );
    }
    let e = fails(&["experiment", "no/such/spec.toml"]);
    assert!(
        e.contains("cannot read experiment spec no/such/spec.toml"),
        "{e}"
    );
}
