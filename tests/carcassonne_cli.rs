//! Carcassonne through the command line (`--game carcassonne`), what the other games do not
//! share: a tournament folder that refuses another game or other rules, unknown games, and the
//! errors a wrong line of a rule scenario gives (the commands every game runs are checked in
//! `tests/games_cli.rs`; the scenarios under `tests/scenarios/carcassonne/` are replayed by
//! `tests/scenarios.rs`).

mod common;

use common::cli::{fails, fails_with, line, ok, s, scratch};
use meeplelab::games::carcassonne::CarcassonneState;
use meeplelab::io::record::Record;
use std::path::{Path, PathBuf};

#[test]
fn a_tournament_folder_refuses_another_game_or_rules() {
    let dir = scratch("carcassonne-cli", "tournament");
    let (out, safari) = (dir.join("run"), dir.join("safari"));
    let base = line(
        "tournament --game carcassonne --agents random,greedy --games 4 --bootstrap 10 --out",
        &[s(&out)],
    );
    ok(&base);
    // Its games.csv and a Safari file are summarised apart; pooling them is refused.
    let cheap = "tournament --agents random,greedy --games 2 --bootstrap 10 --out";
    ok(&line(cheap, &[s(&safari)]));
    let games = [out.join("games.csv"), safari.join("games.csv")];
    let apart = ok(&["summarize", s(&games[0]), s(&games[1])]);
    assert!(
        apart.contains("Rule set 1 of 2: carcassonne") && apart.contains("Rule set 2 of 2: safari"),
        "{apart}"
    );
    let err = fails(&["summarize", s(&games[0]), s(&games[1]), "--pool"]);
    assert!(
        err.contains("games of safari") || err.contains("games of carcassonne"),
        "{err}"
    );
    // Resuming the folder as another game or with other rules is refused before any game
    // runs, and so is an unknown rule.
    let mut safari_args = base.clone();
    safari_args[2] = "safari";
    let other_game = [&safari_args[..], &["--resume"]].concat();
    fails_with(
        &other_game,
        &["different tournament", "game: carcassonne vs safari"],
    );
    let other_rules = [&base[..], &["--resume", "--rule", "meeples=3"]].concat();
    fails_with(&other_rules, &["rules: meeples=7 ", " vs meeples=3 "]);
    let unknown = "unknown rule option \"vehicles\"; known options: meeples";
    fails_with(&[&base[..], &["--rule", "vehicles=1"]].concat(), &[unknown]);
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
}

fn scenario_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/carcassonne")
}

/// Edits of scenario records: the file, the text replaced, its replacement and the phrases of
/// the error it gives. A phrase that names the record (`c.rec:`) starts the message; the others
/// appear in it.
#[rustfmt::skip]
const WRONG_LINES: &[(&str, &str, &str, &[&str])] = &[
    (ROAD, "expect scores 3 0", "expect scores 4 0", &["c.rec:16: expected scores 4 0"]),
    (ROAD, "expect scores 3 0", "expect winners P0", &["c.rec:16: expected the game to be over (winners)"]),
    (TIE, "expect winners P0 P1", "expect winners P0", &["expected winners P0, but the game has P0 P1"]),
    (TIE, "expect winners P0 P1", "expect winners P3", &["P3 does not exist in a 3-player game"]),
    (ROAD, "expect scores 3 0", "expect space P0 4", &["c.rec:16: expected P0 marker on space 4, but the game has 3"]),
    (ROAD, "expect scores 3 0", "expect robber P0 x", &["expected a number, found \"x\""]),
    (ROAD, "expect scores 3 0", "expect tokens P0 3", &["\"expect winners P<seat> …\", \"expect pile …\""]),
    (ROAD, "P1 place W.2 -1,0 r0", "P1 place W.2 0,0 r0", &["c.rec:13:", "0,0 already holds a tile (C-2)"]),
    (ROAD, "P0 meeple road W", "P0 meeple city N", &["has no city at its N side"]),
    (ROAD, "expect supply P0 6", "expect hand P0 -", &["c.rec:12: expected one of"]),
    (ROAD, "seed 1", "seed 1\ntokens Z", &["unknown header line \"tokens\""]),
];

/// The scenario of a completed road (C-3), edited by most [`WRONG_LINES`].
const ROAD: &str = "c03-road.rec";
/// The scenario of a tie that shares the victory.
const TIE: &str = "c05-tie-shares-victory.rec";

#[test]
fn a_wrong_expectation_or_move_in_a_scenario_names_its_line() {
    let read = |name: &str| std::fs::read_to_string(scenario_dir().join(name)).unwrap();
    for &(name, from, to, phrases) in WRONG_LINES {
        let text = read(name).replace(from, to);
        let e = Record::parse(&text, "c.rec")
            .and_then(|r| r.replay_game::<CarcassonneState>(&scenario_dir(), None))
            .map(|_| ())
            .unwrap_err()
            .to_string();
        for phrase in phrases {
            let shown = if phrase.starts_with("c.rec:") {
                e.starts_with(phrase)
            } else {
                e.contains(phrase)
            };
            assert!(shown, "{name}: {from} -> {to}: {e}");
        }
    }
    // The Safari replay refuses a Carcassonne record at its game line.
    let e = Record::parse(&read(ROAD), "c.rec")
        .and_then(|r| r.replay::<meeplelab::games::safari::SafariState>(&scenario_dir()))
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("c.rec:4: this is a carcassonne record"),
        "{e}"
    );
}
