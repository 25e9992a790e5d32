//! Carcassonne and New World through the command line, one table-driven test per command:
//! random-game → replay → render, a tournament whose records replay to its games.csv, match
//! and bench, and perft. What only one game has (its rule options, tile files, errors) is
//! checked in `tests/carcassonne_cli.rs` and `tests/new_world_cli.rs`.

mod common;

use common::cli::{line, ok, s, scratch};
use common::records::check_records_match_games;
use meeplelab::games::GameId;
use meeplelab::io::games_csv::GamesTable;
use std::path::Path;

/// What the command line shows of one game.
struct Case {
    /// The game's `--game` name.
    game: &'static str,
    /// Its default rule options, as run.json writes them.
    rules: &'static str,
    /// A point source of the final scoring, named by `replay --json` and `match`.
    final_points: &'static str,
    /// A statistics column of its games.csv.
    stat_column: &'static str,
    /// The agents of the `match` run.
    match_agents: [&'static str; 2],
    /// `perft --seed 1`: the depth and the count pinned in `tests/perft/<game>.perft`.
    perft: (&'static str, &'static str),
}

/// The games every test here runs, a few fields a line.
#[rustfmt::skip]
const CASES: [Case; 2] = [
    Case {
        game: "carcassonne",
        rules: "meeples=7 expansions=none robber_placement=next_player bazaar=auction",
        final_points: "final_field", stat_column: "points_final_field",
        match_agents: ["random", "greedy"], perft: ("6", "10142"),
    },
    Case {
        game: "new-world",
        rules: "surveyor_start=ends surveyor_variant=false surveyor_bonus=4",
        final_points: "final_plains", stat_column: "points_surveyor",
        match_agents: ["greedy", "random"], perft: ("3", "420"),
    },
];

/// `random-game --game <game> --players 3 --seed 5 --out <rec>`; returns the record text and
/// the final scores it printed.
fn random_game(game: &str, rec: &Path) -> (String, String) {
    let args = line(
        "random-game --players 3 --seed 5 --out",
        &[s(rec), "--game", game],
    );
    let out = ok(&args);
    let scores = out.split("final scores: ").nth(1).unwrap().trim();
    (std::fs::read_to_string(rec).unwrap(), scores.to_string())
}

#[test]
fn random_game_writes_a_record_that_replays_to_its_scores() {
    for case in &CASES {
        let game = case.game;
        let dir = scratch("games-cli", &format!("random-{game}"));
        let rec = dir.join("g.rec");
        let (text, scores) = random_game(game, &rec);
        let header = format!("meeplelab-record 1\ngame {game}\nplayers 3\n");
        assert!(text.starts_with(&header), "{text}");
        let rule_lines: String = case
            .rules
            .split(' ')
            .map(|r| format!("rule {r}\n"))
            .collect();
        assert!(text.contains(&rule_lines), "{text}");
        assert!(
            text.contains(&format!("expect scores {scores}\n")),
            "{text}"
        );
        let json: serde_json::Value =
            serde_json::from_str(&ok(&["replay", s(&rec), "--json"])).unwrap();
        assert_eq!(json["game"], game);
        assert_eq!(json["finished"], true);
        let replayed: Vec<String> = json["scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.to_string())
            .collect();
        assert_eq!(replayed.join(" "), scores);
        assert!(
            json["players"][0]["points"][case.final_points].is_i64(),
            "{json}"
        );
        // The same seed writes the same record.
        assert_eq!(random_game(game, &dir.join("again.rec")).0, text);
        // `render` draws the record (tests/render_games.rs checks the drawings; tests/play.rs
        // plays every game).
        let said = ok(&["render", s(&rec), "--out", s(&dir.join("g.svg"))]);
        assert!(
            said.contains("wrote") && said.contains("position after") && said.contains("decisions"),
            "{said}"
        );
    }
}

#[test]
fn tournament_records_replay_to_games_csv() {
    for case in &CASES {
        let game = case.game;
        let dir = scratch("games-cli", &format!("tournament-{game}"));
        let (out, records) = (dir.join("run"), dir.join("records"));
        let args = "tournament --agents random,greedy --games 4 --bootstrap 10 --threads 2";
        ok(&line(
            args,
            &["--game", game, "--out", s(&out), "--records", s(&records)],
        ));
        let run: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(out.join("run.json")).unwrap()).unwrap();
        assert_eq!(run["game"], game);
        assert_eq!(run["rules"], case.rules);
        let games_csv = out.join("games.csv");
        let table = GamesTable::read(&games_csv).unwrap();
        assert_eq!(table.rows.len(), 8);
        assert!(table.stat_names.contains(&case.stat_column.to_string()));
        let id = GameId::from_name(game).unwrap();
        meeplelab::with_game!(id, G => check_records_match_games::<G>(&records, &games_csv));
        // summarize reads the file.
        assert!(ok(&["summarize", s(&games_csv)]).contains("greedy"));
    }
}

#[test]
fn match_and_bench_run_every_game() {
    for case in &CASES {
        let game = case.game;
        let [a, b] = case.match_agents;
        let out = ok(&["match", a, b, "--game", game, "--games", "4"]);
        assert!(out.contains(&format!("4 games of {game}")), "{out}");
        assert!(out.contains(case.final_points), "{out}");
        let out = ok(&["bench", "playout", "--game", game, "--games", "20"]);
        assert!(out.contains("played 20 games"), "{out}");
    }
}

/// `meeplelab perft --game <game>` prints the count pinned in `tests/perft/<game>.perft`
/// (checked there against brute-force placements).
#[test]
fn perft_prints_the_pinned_count() {
    for case in &CASES {
        let (depth, count) = case.perft;
        let out = ok(&[
            "perft", "--game", case.game, "--seed", "1", "--depth", depth,
        ]);
        let pinned = format!("perft(seed 1, depth {depth}) = {count} ");
        assert!(out.contains(&pinned), "{}: {out}", case.game);
    }
}
