//! SVG boards (`meeplelab render`, `meeplelab::io::svg`): random games and scenario records are
//! drawn at several turns; every drawing must be well-formed and show every placed tile once
//! (`data-cell="x,y"`), every meeple, vehicle and watering-hole token of the position.

use meeplelab::core::game::Game;
use meeplelab::games::safari::{Phase, SafariState, Setup, Spot};
use meeplelab::io::record::{random_game_record, Record};
use meeplelab::io::svg::{board_svg, tileset_of};
use std::path::{Path, PathBuf};
use std::process::Command;

mod common;
use common::svg::assert_well_formed;

/// The record of a game of uniformly random decisions, as `meeplelab random-game` plays it.
fn random_record(players: usize, seed: u64) -> String {
    let setup = Setup::new(players, seed);
    random_game_record::<SafariState>(&setup, "builtin")
        .unwrap()
        .1
}

/// Renders `record` after `turn` turns and checks the drawing against the position.
fn check_render(record: &Record, base: &Path, turn: Option<usize>) -> SafariState {
    let replay = record.replay_game::<SafariState>(base, turn).unwrap();
    let state = replay.state;
    let set = tileset_of(record, base).unwrap();
    let svg = board_svg(&state, &set, "test").unwrap();
    assert_well_formed(&svg);
    let what = format!("{} at turn {turn:?}", record.origin);
    assert_eq!(
        svg.matches(r#"class="tile" data-cell=""#).count(),
        state.cells().len(),
        "{what}: one tile group per placed cell"
    );
    for cell in state.cells() {
        let marker = format!(r#"data-cell="{}""#, cell.at);
        assert_eq!(svg.matches(&marker).count(), 1, "{what}: {marker}");
    }
    let meeples = state.placed_meeples();
    for (spot, name) in [(0, "feature"), (1, "baobab"), (2, "hole")] {
        let want = meeples
            .iter()
            .filter(|m| match m.spot {
                Spot::Feature(_) => spot == 0,
                Spot::Baobab(_) => spot == 1,
                Spot::Hole(_) => spot == 2,
            })
            .count();
        let marker = format!(r#"class="meeple" data-spot="{name}""#);
        assert_eq!(svg.matches(&marker).count(), want, "{what}: {name} meeples");
    }
    let vehicles = state.vehicles().iter().flatten().count();
    assert_eq!(
        svg.matches(r#"class="vehicle""#).count(),
        vehicles,
        "{what}"
    );
    assert_eq!(
        svg.matches(r#"class="token""#).count() as u32,
        state.tokens_on_board().total(),
        "{what}: watering-hole tokens"
    );
    assert_eq!(
        svg.matches(r#"class="player-icon""#).count(),
        state.players(),
        "{what}: one panel entry per player"
    );
    state
}

#[test]
fn random_games_render_at_every_stage() {
    for (players, seed) in [(2, 1), (3, 22), (5, 333)] {
        let record = Record::parse(&random_record(players, seed), "random.rec").unwrap();
        let end = record.replay::<SafariState>(Path::new(".")).unwrap().state;
        let total = end.turn();
        for turn in [
            Some(0),
            Some(1),
            Some(7),
            Some(total / 2),
            Some(total),
            None,
        ] {
            let state = check_render(&record, Path::new("."), turn);
            let want = turn.unwrap_or(total).min(total);
            assert_eq!(state.turn(), want, "seed {seed}");
        }
    }
}

#[test]
fn a_turn_past_the_end_shows_the_final_position() {
    let record = Record::parse(&random_record(2, 5), "random.rec").unwrap();
    let state = check_render(&record, Path::new("."), Some(10_000));
    assert!(state.is_terminal());
    assert_eq!(state.phase(), Phase::GameOver);
}

#[test]
fn replay_to_turn_stops_before_the_next_tile() {
    let record = Record::parse(&random_record(2, 9), "random.rec").unwrap();
    let start = record
        .replay_game::<SafariState>(Path::new("."), Some(0))
        .unwrap();
    assert_eq!(start.decisions, 0);
    assert_eq!(start.state.cells().len(), start.state.tiles().start.len());
    for n in [1, 4, 12] {
        let replay = record
            .replay_game::<SafariState>(Path::new("."), Some(n))
            .unwrap();
        assert_eq!(replay.state.turn(), n);
        assert_eq!(replay.state.phase(), Phase::PlaceTile);
        assert_eq!(
            replay.state.cells().len(),
            replay.state.tiles().start.len() + n,
            "one tile per turn (no tile of this game was removed so early)"
        );
    }
}

/// Scenario records with holes, baobab meeples, displaced vehicles and custom tile sets.
const SCENARIOS: [&str; 8] = [
    "e06-dig.rec",
    "e08-complete-hole.rec",
    "e09-diagonal-dig.rec",
    "e05-joined-bushes-majority.rec",
    "e11-vehicle-displaced.rec",
    "s05-2-baobab-meeple.rec",
    "s06-8-score-order.rec",
    "s07-4-no-vehicles.rec",
];

fn scenario_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios")
}

#[test]
fn scenario_records_render_at_several_turns() {
    let dir = scenario_dir();
    for name in SCENARIOS {
        let record = Record::load(&dir.join(name)).unwrap();
        for turn in [Some(0), Some(1), Some(2), None] {
            check_render(&record, &dir, turn);
        }
    }
}

#[test]
fn holes_and_baobab_meeples_are_drawn() {
    let dir = scenario_dir();
    let record = Record::load(&dir.join("e09-diagonal-dig.rec")).unwrap();
    let state = check_render(&record, &dir, None);
    assert!(state.tokens_on_board().total() >= 2);
    let record = Record::load(&dir.join("s05-2-baobab-meeple.rec")).unwrap();
    let state = check_render(&record, &dir, None);
    let baobabs = state
        .placed_meeples()
        .iter()
        .filter(|m| matches!(m.spot, Spot::Baobab(_)))
        .count();
    assert!(baobabs >= 1, "the scenario leaves a meeple on a baobab");
}

#[test]
fn a_different_tile_set_is_refused() {
    let dir = scenario_dir();
    let record = Record::load(&dir.join("e06-dig.rec")).unwrap();
    let state = record.replay::<SafariState>(&dir).unwrap().state;
    let builtin = meeplelab::games::safari::BUILTIN_TILES.tile_set();
    let err = board_svg(&state, &builtin, "x").unwrap_err();
    assert!(err
        .to_string()
        .contains("not the one the game was played with"));
}

fn meeplelab() -> Command {
    Command::new(env!("CARGO_BIN_EXE_meeplelab"))
}

/// A fresh folder under the system's temporary folder.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("meeplelab-render-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn render_command_writes_svg_and_reports_errors() {
    let dir = temp_dir("cli");
    let rec = dir.join("g.rec");
    std::fs::write(&rec, random_record(2, 3)).unwrap();
    let out = dir.join("board.svg");
    let run = meeplelab()
        .args(["render", rec.to_str().unwrap(), "--turn", "6", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(stdout.contains("position after 6 turns"), "{stdout}");
    let svg = std::fs::read_to_string(&out).unwrap();
    assert_well_formed(&svg);
    assert_eq!(svg.matches(r#"class="tile" data-cell=""#).count(), 3 + 6);

    let past = meeplelab()
        .args(["render", rec.to_str().unwrap(), "--turn", "500", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(past.status.success());
    assert!(String::from_utf8_lossy(&past.stdout).contains("its last position"));

    let bad_turn = meeplelab()
        .args(["render", rec.to_str().unwrap(), "--turn", "-3", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(!bad_turn.status.success());

    let broken = dir.join("broken.rec");
    std::fs::write(
        &broken,
        "meeplelab-record 1\ngame safari\nplayers 2\nmoves\nP0 fly\n",
    )
    .unwrap();
    // Rendering `record` into `file` fails with an error naming `phrase` and writes nothing.
    let refused = |record: &Path, file: &str, phrase: &str| {
        let out = meeplelab()
            .args(["render", record.to_str().unwrap(), "--out"])
            .arg(dir.join(file))
            .output()
            .unwrap();
        assert!(!out.status.success());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(phrase), "{stderr}");
        assert!(!dir.join(file).exists());
    };
    refused(&broken, "never.svg", "broken.rec:5");
    // Issue 20: render writes SVG only; any other file name is refused (it used to get SVG
    // text in a .png file).
    refused(&rec, "board.png", "must end in .svg");
    let _ = std::fs::remove_dir_all(&dir);
}
