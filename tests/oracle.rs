//! The incremental union-find agrees with a naive flood fill on random games (design.md).

mod common;

use common::{check_features_against_flood_fill, new_game, play_random};
use meeplelab::games::safari::{Action, Phase};

/// 1000 random games of 2–5 players; features are compared after every tile placement and
/// after every action step (completion, species, animals, birds, meeples per feature).
#[test]
fn union_find_matches_flood_fill_on_1000_random_games() {
    let mut checks = 0u64;
    for seed in 0..1000u64 {
        let players = 2 + (seed % 4) as usize;
        let mut g = new_game(players, seed);
        play_random(&mut g, seed, |s, _, a| {
            // Check positions right after a placement (before scoring returns meeples) and at
            // the start of each turn.
            if s.phase() == Phase::Action || matches!(a, Action::Place { .. }) {
                check_features_against_flood_fill(s);
                checks += 1;
            }
        });
        check_features_against_flood_fill(&g);
    }
    assert!(checks > 100_000, "only {checks} positions checked");
}
