//! New World through the command line (`--game new-world`): random-game → replay, rule
//! options and a tile file, a tournament whose records replay to its games.csv, match and
//! bench, perft, and the commands that refuse New World.

mod common;

use common::cli::{fails, ok, s, scratch};
use common::records::check_records_match_games;
use meeplelab::games::new_world::NewWorldState;
use meeplelab::io::games_csv::GamesTable;
use std::path::Path;

/// `random-game` with `extra` arguments; returns the record text and the printed scores.
fn random_game(rec: &Path, extra: &[&str]) -> (String, String) {
    let base = ["random-game", "--game", "new-world", "--out", s(rec)];
    let out = ok(&[&base[..], extra].concat());
    let scores = out
        .split("final scores: ")
        .nth(1)
        .unwrap()
        .trim()
        .to_string();
    (std::fs::read_to_string(rec).unwrap(), scores)
}

#[test]
fn random_game_writes_a_record_that_replays_to_its_scores() {
    let dir = scratch("new-world-cli", "random");
    let rec = dir.join("g.rec");
    let (text, scores) = random_game(&rec, &["--players", "3", "--seed", "5"]);
    assert!(text.starts_with("meeplelab-record 1\ngame new-world\nplayers 3\n"));
    assert!(text.contains("rule surveyor_start=ends\nrule surveyor_variant=false\n"));
    assert!(
        text.contains(&format!("expect scores {scores}\n")),
        "{text}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["replay", s(&rec), "--json"])).unwrap();
    assert_eq!(json["game"], "new-world");
    assert_eq!(json["finished"], true);
    let replayed: Vec<String> = json["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.to_string())
        .collect();
    assert_eq!(replayed.join(" "), scores);
    assert!(
        json["players"][0]["points"]["final_plains"].is_i64(),
        "{json}"
    );
    // The same seed writes the same record.
    let again = dir.join("again.rec");
    assert_eq!(
        random_game(&again, &["--players", "3", "--seed", "5"]).0,
        text
    );
    // `render` draws New World records (tests/render_games.rs checks the drawings); `play`
    // is still Safari-only and refuses New World clearly.
    let said = ok(&["render", s(&rec), "--out", s(&dir.join("g.svg"))]);
    assert!(
        said.contains("wrote") && said.contains("decisions"),
        "{said}"
    );
    let err = fails(&["play", "--vs", "random", "--game", "new-world"]);
    assert!(
        err.contains("play is not available for new-world yet"),
        "{err}"
    );
}

#[test]
fn a_tile_file_and_rule_options_reach_the_record() {
    let dir = scratch("new-world-cli", "tileset");
    let tiles = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/games/new_world/new-world.tiles");
    let rec = dir.join("g.rec");
    let (text, _) = random_game(
        &rec,
        &[
            "--tileset",
            s(&tiles),
            "--rule",
            "surveyor_start=any",
            "--rule",
            "surveyor_variant=true",
            "--rule",
            "surveyor_bonus=0",
        ],
    );
    assert!(
        text.contains(&format!("tileset {}\n", tiles.display())),
        "{text}"
    );
    assert!(text
        .contains("rule surveyor_start=any\nrule surveyor_variant=true\nrule surveyor_bonus=0\n"));
    assert!(ok(&["replay", s(&rec)]).starts_with("record ok:"));
    let err = fails(&[
        "random-game",
        "--game",
        "new-world",
        "--out",
        s(&rec),
        "--rule",
        "pilgrims=1",
    ]);
    assert!(
        err.contains(
            "unknown rule option \"pilgrims\"; known options: surveyor_start, \
             surveyor_variant, surveyor_bonus"
        ),
        "{err}"
    );
    let carcassonne =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("src/games/carcassonne/carcassonne.tiles");
    let err = fails(&[
        "random-game",
        "--game",
        "new-world",
        "--out",
        s(&rec),
        "--tileset",
        s(&carcassonne),
    ]);
    assert!(err.contains("expected \"game new-world\""), "{err}");
}

#[test]
fn tournament_records_replay_to_games_csv() {
    let dir = scratch("new-world-cli", "tournament");
    let (out, records) = (dir.join("run"), dir.join("records"));
    ok(&[
        "tournament",
        "--game",
        "new-world",
        "--agents",
        "random,greedy",
        "--games",
        "4",
        "--bootstrap",
        "10",
        "--threads",
        "2",
        "--out",
        s(&out),
        "--records",
        s(&records),
    ]);
    let run: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("run.json")).unwrap()).unwrap();
    assert_eq!(run["game"], "new-world");
    assert_eq!(
        run["rules"],
        "surveyor_start=ends surveyor_variant=false surveyor_bonus=4"
    );
    let table = GamesTable::read(&out.join("games.csv")).unwrap();
    assert_eq!(table.rows.len(), 8);
    assert!(table.stat_names.contains(&"points_surveyor".to_string()));
    check_records_match_games::<NewWorldState>(&records, &out.join("games.csv"));
}

#[test]
fn match_and_bench_run_new_world() {
    let out = ok(&[
        "match",
        "greedy",
        "random",
        "--game",
        "new-world",
        "--games",
        "4",
    ]);
    assert!(out.contains("4 games of new-world"), "{out}");
    assert!(out.contains("final_plains"), "{out}");
    let out = ok(&["bench", "playout", "--game", "new-world", "--games", "20"]);
    assert!(out.contains("played 20 games"), "{out}");
}

/// `meeplelab perft --game new-world` prints the count pinned in `tests/perft/new-world.perft`.
#[test]
fn perft_prints_the_pinned_count() {
    let out = ok(&[
        "perft",
        "--game",
        "new-world",
        "--seed",
        "1",
        "--depth",
        "3",
    ]);
    assert!(out.contains("perft(seed 1, depth 3) = 420 "), "{out}");
}
