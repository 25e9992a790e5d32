//! Action ids and observations on random games of every game.

use super::tensor::{observe, ObservationSpec};
use super::{legal_ids, Observe};
use crate::core::rng::{below, rng_from_seed};
use crate::games::def::GameDef;
use crate::games::GameId;
use std::collections::HashSet;

/// Plays `games` random games of `G` with `rules`, checking at every decision that ids are
/// distinct and inside the space, and that the observation has its spec's size and finite
/// values.
fn check_random_games<G: Observe>(players: usize, rules: &[&str], games: u64) {
    let size = G::ACTIONS.size();
    let mut legal = Vec::new();
    let mut ids = Vec::new();
    for seed in 0..games {
        let setup = G::setup_with_rules(players, seed, G::builtin_tiles(), rules).unwrap();
        let mut state = G::new_game(&setup).unwrap();
        let spec = ObservationSpec::of(&state);
        let mut obs = vec![0.0; spec.size()];
        let mut rng = rng_from_seed(seed);
        while let Some(seat) = state.to_move() {
            state.legal_actions(&mut legal);
            legal_ids(&state, &legal, &mut ids);
            let distinct: HashSet<u32> = ids.iter().copied().collect();
            assert_eq!(
                distinct.len(),
                ids.len(),
                "{} ids collide: {legal:?}",
                G::NAME
            );
            assert!(ids.iter().all(|&id| (id as usize) < size));
            if state.turn() % 7 == 0 {
                observe(&state, (seat + 1) % players, &spec, &legal, &mut obs);
                assert!(obs.iter().all(|v| v.is_finite()));
                assert!(obs[..super::WINDOW * super::WINDOW].iter().sum::<f32>() > 0.0);
            }
            state.apply(legal[below(&mut rng, legal.len())]);
        }
    }
}

#[test]
fn safari_ids_are_distinct_and_observations_finite() {
    check_random_games::<crate::games::safari::SafariState>(2, &[], 12);
    check_random_games::<crate::games::safari::SafariState>(4, &[], 4);
}

#[test]
fn carcassonne_ids_are_distinct_and_observations_finite() {
    type C = crate::games::carcassonne::CarcassonneState;
    check_random_games::<C>(2, &[], 8);
    check_random_games::<C>(3, &["expansions=robbers,bcb"], 8);
}

#[test]
fn new_world_ids_are_distinct_and_observations_finite() {
    check_random_games::<crate::games::new_world::NewWorldState>(3, &[], 8);
}

#[test]
fn block_names_are_unique_and_spaces_start_with_placements() {
    for game in GameId::ALL {
        crate::with_game!(game, G => {
            let names: HashSet<&str> = G::ACTIONS.blocks.iter().map(|b| b.name).collect();
            assert_eq!(names.len(), G::ACTIONS.blocks.len(), "{}", G::NAME);
            assert_eq!(G::ACTIONS.blocks[0].name, "place");
        })
    }
}

#[test]
fn the_spec_names_every_value_of_the_tensor_once() {
    let state =
        crate::games::safari::SafariState::new_game(&crate::games::safari::SafariState::setup(
            3,
            1,
            crate::games::safari::SafariState::builtin_tiles(),
        ))
        .unwrap();
    let spec = ObservationSpec::of(&state);
    let mut names: Vec<&String> = spec.planes.iter().chain(&spec.globals).collect();
    let before = names.len();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), before);
    assert!(spec.planes.contains(&"pieces_2".to_string()));
    assert!(spec.globals.contains(&"score_0".to_string()));
}
