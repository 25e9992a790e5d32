//! The generic test suite (issue 16; OpenSpiel's random simulation test in spirit): every game
//! of `GameId::ALL` goes through every check of `checks.rs` — invariants, clone
//! equality, record → replay, `redeterminize`, `random_action`, restarts, no allocation per
//! decision, the flood-fill oracle and the naive move generator of its hooks — and its perft
//! pins in `tests/perft/`. Adding a game to `GameId::ALL` puts it under all of them; its
//! hooks (`<game>.rs` here, registered in `hooks.rs`) add what only it can say: what its
//! players see, its invariants and its oracle.
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

use counting_alloc::{allocations, start_counting, stop_counting, Counting};
use meeplelab::games::GameId;

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Runs `checks::$check` for every game of the list.
macro_rules! for_every_game {
    ($check:ident) => {
        for id in GameId::ALL {
            meeplelab::with_game!(id, G => {
                checks::note_hooks::<G>();
                checks::$check::<G>();
            })
        }
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
fn flood_fill_oracles_agree() {
    for_every_game!(flood_fill_oracle_agrees);
}

#[test]
fn naive_legal_actions_agree() {
    for_every_game!(naive_legal_actions_agree);
}

#[test]
fn perft_pins_hold() {
    let known: Vec<&str> = GameId::ALL.iter().map(|g| g.name()).collect();
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
