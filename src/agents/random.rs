//! The `random` agent: uniform over the legal actions (after restrictions).

use super::restrict::Restriction;
use super::Agent;
use crate::core::game::Game;
use crate::core::rng::{below, GameRng};

/// Picks uniformly among the allowed legal actions.
pub(crate) struct RandomAgent<G: Game> {
    rng: GameRng,
    restriction: Restriction,
    allowed: Vec<G::Action>,
}

impl<G: Game> RandomAgent<G> {
    /// A random agent drawing from `rng`.
    pub(crate) fn new(rng: GameRng, restriction: Restriction) -> Self {
        RandomAgent {
            rng,
            restriction,
            allowed: Vec::new(),
        }
    }
}

impl<G: Game> Agent<G> for RandomAgent<G> {
    fn choose(&mut self, state: &G, legal: &[G::Action]) -> G::Action {
        self.restriction.filter(state, legal, &mut self.allowed);
        self.allowed[below(&mut self.rng, self.allowed.len())]
    }
}
