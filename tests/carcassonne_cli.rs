//! Carcassonne through the command line (`--game carcassonne`): random-game → replay, a
//! tournament with records that replay to its games.csv, resuming with another game, perft,
//! unknown games, and the errors a wrong line of a rule scenario gives (the scenarios under
//! `tests/scenarios/carcassonne/` are replayed by `tests/scenarios.rs`, perft pins checked by
//! `tests/suite/`).

mod common;

use common::cli::{fails, ok, s, scratch};
use common::records::check_records_match_games;
use meeplelab::games::carcassonne::CarcassonneState;
use meeplelab::io::games_csv::GamesTable;
use meeplelab::io::record::Record;
use std::path::{Path, PathBuf};

#[test]
fn random_game_writes_a_record_that_replays_to_its_scores() {
    let dir = scratch("carcassonne-cli", "random");
    let rec = dir.join("g.rec");
    let out = ok(&[
        "random-game",
        "--game",
        "carcassonne",
        "--players",
        "3",
        "--seed",
        "5",
        "--out",
        s(&rec),
    ]);
    let scores = out.split("final scores: ").nth(1).unwrap().trim();
    let text = std::fs::read_to_string(&rec).unwrap();
    assert!(text.starts_with("meeplelab-record 1\ngame carcassonne\nplayers 3\n"));
    assert!(
        text.contains(&format!("expect scores {scores}\n")),
        "{text}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["replay", s(&rec), "--json"])).unwrap();
    assert_eq!(json["game"], "carcassonne");
    assert_eq!(json["finished"], true);
    let replayed: Vec<String> = json["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.to_string())
        .collect();
    assert_eq!(replayed.join(" "), scores);
    assert!(
        json["players"][0]["points"]["final_field"].is_i64(),
        "{json}"
    );
    // The same seed writes the same record.
    let again = dir.join("again.rec");
    ok(&[
        "random-game",
        "--game",
        "carcassonne",
        "--players",
        "3",
        "--seed",
        "5",
        "--out",
        s(&again),
    ]);
    assert_eq!(std::fs::read_to_string(&again).unwrap(), text);
    // `render` draws Carcassonne records (tests/render_games.rs checks the drawings).
    let said = ok(&["render", s(&rec), "--out", s(&dir.join("g.svg"))]);
    assert!(
        said.contains("position after") && said.contains("decisions"),
        "{said}"
    );
}

#[test]
fn tournament_records_replay_to_games_csv_and_resume_checks_the_game() {
    let dir = scratch("carcassonne-cli", "tournament");
    let (out, records) = (dir.join("run"), dir.join("records"));
    let base = [
        "tournament",
        "--game",
        "carcassonne",
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
    ];
    ok(&[&base[..], &["--records", s(&records)]].concat());
    let run: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("run.json")).unwrap()).unwrap();
    assert_eq!(run["game"], "carcassonne");
    assert_eq!(
        run["rules"],
        "meeples=7 expansions=none robber_placement=next_player bazaar=auction"
    );
    let table = GamesTable::read(&out.join("games.csv")).unwrap();
    assert_eq!(table.rows.len(), 8);
    assert!(table.stat_names.contains(&"points_final_field".to_string()));
    check_records_match_games::<CarcassonneState>(&records, &out.join("games.csv"));
    // summarize reads the file; pooling it with a Safari file is refused.
    assert!(ok(&["summarize", s(&out.join("games.csv"))]).contains("greedy"));
    let safari = dir.join("safari");
    ok(&[
        "tournament",
        "--agents",
        "random,greedy",
        "--games",
        "2",
        "--bootstrap",
        "10",
        "--out",
        s(&safari),
    ]);
    let err = fails(&[
        "summarize",
        s(&out.join("games.csv")),
        s(&safari.join("games.csv")),
    ]);
    assert!(
        err.contains("games of safari") || err.contains("games of carcassonne"),
        "{err}"
    );
    // Resuming the folder as another game is refused before any game runs.
    let mut safari_args = base.to_vec();
    safari_args[2] = "safari";
    let err = fails(&[&safari_args[..], &["--resume"]].concat());
    assert!(
        err.contains("different tournament") && err.contains("game: carcassonne vs safari"),
        "{err}"
    );
    let err = fails(&[&base[..], &["--resume", "--rule", "meeples=3"]].concat());
    assert!(
        err.contains("rules: meeples=7 ") && err.contains(" vs meeples=3 "),
        "{err}"
    );
    let err = fails(&[&base[..], &["--rule", "vehicles=1"]].concat());
    assert!(
        err.contains("unknown rule option \"vehicles\"; known options: meeples"),
        "{err}"
    );
}

#[test]
fn unknown_games_are_named_with_the_available_ones() {
    let dir = scratch("carcassonne-cli", "chess");
    let rec = dir.join("x.rec");
    for args in [
        vec!["random-game", "--out", s(&rec)],
        vec!["perft"],
        vec!["bench"],
        vec!["match", "random", "random"],
        vec!["tournament"],
    ] {
        let err = fails(&[&args[..], &["--game", "chess"]].concat());
        assert!(
            err.contains("unknown game \"chess\"; available: safari, carcassonne"),
            "{args:?}: {err}"
        );
    }
    std::fs::write(&rec, "meeplelab-record 1\ngame chess\nplayers 2\nmoves\n").unwrap();
    let err = fails(&["replay", s(&rec)]);
    assert!(err.contains("x.rec:2: unknown game \"chess\""), "{err}");
    let err = fails(&["play", "--vs", "random", "--game", "carcassonne"]);
    assert!(
        err.contains("play is not available for carcassonne yet"),
        "{err}"
    );
}

#[test]
fn match_and_bench_run_carcassonne() {
    let out = ok(&[
        "match",
        "random",
        "greedy",
        "--game",
        "carcassonne",
        "--games",
        "4",
    ]);
    assert!(out.contains("4 games of carcassonne"), "{out}");
    assert!(out.contains("final_field"), "{out}");
    let out = ok(&["bench", "playout", "--game", "carcassonne", "--games", "20"]);
    assert!(out.contains("played 20 games"), "{out}");
}

/// `meeplelab perft --game carcassonne` prints the count pinned in
/// `tests/perft/carcassonne.perft` (checked there against brute-force placements).
#[test]
fn perft_prints_the_pinned_count() {
    let out = ok(&[
        "perft",
        "--game",
        "carcassonne",
        "--seed",
        "1",
        "--depth",
        "6",
    ]);
    assert!(out.contains("perft(seed 1, depth 6) = 10142 "), "{out}");
}

fn scenario_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/carcassonne")
}

#[test]
fn a_wrong_expectation_or_move_in_a_scenario_names_its_line() {
    let text = std::fs::read_to_string(scenario_dir().join("c03-road.rec")).unwrap();
    let replay = |text: &str| {
        Record::parse(text, "c.rec")
            .and_then(|r| r.replay_game::<CarcassonneState>(&scenario_dir(), None))
            .map(|_| ())
            .unwrap_err()
            .to_string()
    };
    let e = replay(&text.replace("expect scores 3 0", "expect scores 4 0"));
    assert!(e.starts_with("c.rec:16: expected scores 4 0"), "{e}");
    let e = replay(&text.replace("expect scores 3 0", "expect winners P0"));
    assert!(
        e.starts_with("c.rec:16: expected the game to be over (winners)"),
        "{e}"
    );
    let tie = std::fs::read_to_string(scenario_dir().join("c05-tie-shares-victory.rec")).unwrap();
    let e = replay(&tie.replace("expect winners P0 P1", "expect winners P0"));
    assert!(
        e.contains("expected winners P0, but the game has P0 P1"),
        "{e}"
    );
    let e = replay(&tie.replace("expect winners P0 P1", "expect winners P3"));
    assert!(e.contains("P3 does not exist in a 3-player game"), "{e}");
    let e = replay(&text.replace("expect scores 3 0", "expect space P0 4"));
    assert!(
        e.starts_with("c.rec:16: expected P0 marker on space 4, but the game has 3"),
        "{e}"
    );
    let e = replay(&text.replace("expect scores 3 0", "expect robber P0 x"));
    assert!(e.contains("expected a number, found \"x\""), "{e}");
    let e = replay(&text.replace("expect scores 3 0", "expect tokens P0 3"));
    assert!(
        e.contains("\"expect winners P<seat> …\", \"expect pile …\""),
        "{e}"
    );
    let e = replay(&text.replace("P1 place W.2 -1,0 r0", "P1 place W.2 0,0 r0"));
    assert!(
        e.contains("c.rec:13:") && e.contains("0,0 already holds a tile (C-2)"),
        "{e}"
    );
    let e = replay(&text.replace("P0 meeple road W", "P0 meeple city N"));
    assert!(e.contains("has no city at its N side"), "{e}");
    let e = replay(&text.replace("expect supply P0 6", "expect hand P0 -"));
    assert!(e.contains("c.rec:12: expected one of"), "{e}");
    let e = replay(&text.replace("seed 1", "seed 1\ntokens Z"));
    assert!(e.contains("unknown header line \"tokens\""), "{e}");
    // The Safari replay refuses a Carcassonne record at its game line.
    let e = Record::parse(&text, "c.rec")
        .and_then(|r| r.replay::<meeplelab::games::safari::SafariState>(&scenario_dir()))
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("c.rec:4: this is a carcassonne record"),
        "{e}"
    );
}
