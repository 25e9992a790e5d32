//! Uniformly random playouts, the unit of the engine benchmarks.

use crate::core::game::Game;
use crate::core::rng::{below, GameRng};

/// Counts from random playouts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayoutCounts {
    /// Games played to the end.
    pub games: u64,
    /// Decisions taken.
    pub decisions: u64,
    /// Legal actions listed over all decisions (only [`random_playout_listing`] lists them;
    /// [`random_playout`] leaves this 0).
    pub actions_generated: u64,
}

impl PlayoutCounts {
    /// Adds another count.
    pub fn add(&mut self, other: PlayoutCounts) {
        self.games += other.games;
        self.decisions += other.decisions;
        self.actions_generated += other.actions_generated;
    }
}

/// Plays `state` to the end choosing uniformly among legal actions with
/// [`Game::random_action`] (which need not list them); `scratch` is a reusable buffer.
pub fn random_playout<G: Game>(
    state: &mut G,
    rng: &mut GameRng,
    scratch: &mut Vec<G::Action>,
) -> PlayoutCounts {
    play_to_end(state, |state, _| state.random_action(rng, scratch))
}

/// Like [`random_playout`], but lists every decision's legal actions with
/// [`Game::legal_actions`] and picks one of them (measures full move generation and counts
/// the actions); `legal` is a reusable buffer.
pub fn random_playout_listing<G: Game>(
    state: &mut G,
    rng: &mut GameRng,
    legal: &mut Vec<G::Action>,
) -> PlayoutCounts {
    play_to_end(state, |state, counts| {
        state.legal_actions(legal);
        counts.actions_generated += legal.len() as u64;
        legal[below(rng, legal.len())]
    })
}

/// Plays `state` to the end, one game, applying at each decision the action that `choose`
/// picks (which may add to the counts), and counts the decisions.
fn play_to_end<G: Game>(
    state: &mut G,
    mut choose: impl FnMut(&G, &mut PlayoutCounts) -> G::Action,
) -> PlayoutCounts {
    let mut counts = PlayoutCounts {
        games: 1,
        ..Default::default()
    };
    while !state.is_terminal() {
        counts.decisions += 1;
        let action = choose(state, &mut counts);
        state.apply(action);
    }
    counts
}
