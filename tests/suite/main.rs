//! The generic test suite (issue 16; OpenSpiel's random simulation test in spirit): every game
//! of `GameId::ALL` goes through every check of `checks.rs` — invariants, clone
//! equality, record → replay, `redeterminize`, `random_action`, restarts, no allocation per
//! decision, results derived in place (`redo_as`) against applied ones, the flood-fill oracle
//! and the naive move generator of its hooks — and its perft
//! pins in `tests/perft/`. Adding a game to `GameId::ALL` puts it under all of them; its
//! hooks (`<game>.rs` here, registered in `hooks.rs`) add what only it can say: what its
//! players see, its invariants and its oracle.
//!
//! `tiny.rs` is a test-only fourth game that goes through the same checks, records and
//! replays through the library functions behind `meeplelab random-game` and `replay`, and plays
//! a tournament through the library's arena.
//!
//! Every game's rule scenarios are replayed by `tests/scenarios.rs`.

#[path = "../common/mod.rs"]
mod common;
#[path = "../common/counting_alloc.rs"]
mod counting_alloc;

mod carcassonne;
mod checks;
mod hooks;
mod new_world;
mod perft;
mod safari;
mod tiny;

use counting_alloc::{allocations, start_counting, stop_counting, Counting};
use meeplelab::core::game::Game;
use meeplelab::games::{GameDef, GameId};
use tiny::Tiny;

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Runs `checks::$check` for every game of the list, each game on a thread of its own (the
/// allocation counter counts per thread).
macro_rules! for_every_game {
    ($check:ident) => {
        std::thread::scope(|scope| {
            for id in GameId::ALL {
                std::thread::Builder::new()
                    .name(format!("{}: {id}", stringify!($check)))
                    .spawn_scoped(scope, move || {
                        meeplelab::with_game!(id, G => {
                            checks::note_hooks::<G>();
                            checks::$check::<G>();
                        })
                    })
                    .expect("a thread");
            }
        })
    };
}

#[test]
fn random_games_keep_the_invariants() {
    for_every_game!(random_games_keep_the_invariants);
}

#[test]
fn the_same_seed_gives_the_same_game() {
    for_every_game!(the_same_seed_gives_the_same_game);
}

#[test]
fn records_replay_to_the_same_game() {
    for_every_game!(records_replay_to_the_same_game);
}

#[test]
fn clones_behave_like_the_original() {
    for_every_game!(clones_behave_like_the_original);
}

#[test]
fn redeterminize_keeps_what_is_public() {
    for_every_game!(redeterminize_keeps_what_is_public);
}

#[test]
fn chance_fixes_the_next_draw() {
    for_every_game!(chance_fixes_the_next_draw);
}

#[test]
fn random_actions_are_legal_and_uniform() {
    for_every_game!(random_actions_are_legal_and_uniform);
}

#[test]
fn restart_new_game_and_start_agree() {
    for_every_game!(restart_new_game_and_start_agree);
}

#[test]
fn decisions_do_not_allocate() {
    for_every_game!(decisions_do_not_allocate);
}

#[test]
fn agents_do_not_allocate_once_warm() {
    for_every_game!(agents_do_not_allocate_once_warm);
}

#[test]
fn redone_actions_equal_applied() {
    for_every_game!(redone_actions_equal_applied);
}

#[test]
fn flood_fill_oracles_agree() {
    for_every_game!(flood_fill_oracle_agrees);
}

#[test]
fn naive_legal_actions_agree() {
    for_every_game!(naive_legal_actions_agree);
}

#[test]
fn perft_pins_hold() {
    let mut known: Vec<&str> = GameId::ALL.iter().map(|g| g.name()).collect();
    known.push(Tiny::NAME);
    for pin in perft::pins() {
        assert!(
            known.contains(&pin.game.as_str()),
            "{}: unknown game",
            pin.at
        );
    }
    for id in GameId::ALL {
        let pinned = meeplelab::with_game!(id, G => perft::pinned_counts_hold::<G>());
        assert!(
            pinned > 0,
            "{id}: no perft pins in {}",
            perft::dir().display()
        );
    }
    assert!(perft::pinned_counts_hold::<Tiny>() > 0);
}

#[test]
fn the_counter_sees_an_allocation() {
    let before = allocations();
    start_counting();
    let boxed = std::hint::black_box(Box::new(7u64));
    stop_counting();
    assert_eq!(*boxed, 7);
    assert_eq!(allocations() - before, 1);
}

#[test]
fn tiny_goes_through_every_check() {
    checks::run_all::<Tiny>();
}

/// What `meeplelab random-game` and `replay` do, for a game outside the list: the record of a
/// random game, written to a file, read back and replayed to its scores; a wrong expectation
/// names its line.
#[test]
fn tiny_random_game_writes_a_record_that_replays() {
    use meeplelab::io::record::{random_game_record, Record};
    let dir = common::cli::scratch("suite", "tiny-random-game");
    let path = dir.join("g.rec");
    let setup = Tiny::setup_with_rules(3, 5, Tiny::builtin_tiles(), &["marks=1"]).unwrap();
    let (state, text) = random_game_record::<Tiny>(&setup, "builtin").unwrap();
    assert!(
        text.starts_with("meeplelab-record 1\ngame tiny\nplayers 3\nseed 5\n"),
        "{text}"
    );
    assert!(text.contains("rule marks=1\n"), "{text}");
    meeplelab::io::write_atomically(&path, &text).unwrap();
    let record = Record::load_as::<Tiny>(&path).unwrap();
    assert!(record.game_id().is_err(), "tiny is not in the game list");
    let replay = record.replay_game::<Tiny>(&dir, None).unwrap();
    assert!(replay.state.is_terminal());
    assert_eq!(replay.state.scores(), state.scores());
    // Records of the listed games still refuse it, naming the line.
    let e = Record::load(&path).unwrap_err();
    assert_eq!(e.line, 2, "{e}");
    assert!(e.message.contains("unknown game \"tiny\""), "{e}");
    let bad = text.replacen("moves\n", "moves\nexpect marks P0 0\n", 1);
    let e = Record::parse_as::<Tiny>(&bad, "bad.rec")
        .and_then(|r| r.replay_game::<Tiny>(&dir, None))
        .map(|_| ())
        .unwrap_err();
    assert!(
        e.to_string()
            .contains("expected P0 marks 0, but the game has 1"),
        "{e}"
    );
}

/// A tournament of Tiny through the library's arena, as `meeplelab tournament` runs one
/// (`Tournament::of_setup`): its records replay to its games.csv.
#[test]
fn tiny_plays_a_tournament() {
    use meeplelab::agents::AgentSpec;
    use meeplelab::arena::{ProgressMode, RunOptions, Shard, Tournament};
    use meeplelab::io::games_csv::GamesTable;
    let dir = common::cli::scratch("suite", "tiny-tournament");
    let (out, records) = (dir.join("run"), dir.join("records"));
    let specs: Vec<AgentSpec> = ["random", "greedy", "mcts:iters=20"]
        .iter()
        .map(|t| {
            let s = AgentSpec::resolve(t).unwrap();
            s.validate_for::<Tiny>().unwrap();
            s
        })
        .collect();
    let setup = Tiny::setup(2, 0, Tiny::builtin_tiles());
    let tournament =
        Tournament::<Tiny>::of_setup(setup, "builtin", specs, (1, 12, Shard::ALL), Some(&records))
            .unwrap();
    assert_eq!(tournament.config.game, "tiny");
    assert_eq!(tournament.config.rules, "marks=2");
    let prepared = tournament.prepare(&out, false).unwrap();
    let options = RunOptions {
        threads: 2,
        progress: ProgressMode::Silent,
        resamples: 10,
    };
    let report = tournament.run(&prepared, &options).unwrap();
    assert_eq!((report.played, report.total), (12, 12));
    let table = GamesTable::read_game(&out.join("games.csv"), Some(Tiny::NAME)).unwrap();
    assert_eq!(table.rows.len(), 24);
    assert!(table.stat_names.contains(&"points_match".to_string()));
    common::records::check_records_match_games::<Tiny>(&records, &out.join("games.csv"));
}
