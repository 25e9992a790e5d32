//! Agents: game-agnostic decision makers behind one [`Agent`] trait.
//!
//! Agents see a game only through [`Game`], so they work unchanged on every game the toolkit
//! adds. An [`AgentSpec`] names an agent configuration (a spec file in `agents/`, a built-in
//! copy of it, or an inline form such as `mcts:iters=2000,c=0.8`) and builds fresh agents
//! seeded from (game seed, seat). See `docs/agents.md`.

mod external;
mod greedy;
mod mcts;
mod params;
mod random;
mod restrict;
mod scratch;
mod spec;
mod value;

pub use mcts::node_bytes as mcts_node_bytes;
pub use spec::{AgentError, AgentKind, AgentSpec, SpecNumber, BUILTIN_SPECS};

use crate::core::game::Game;

/// A decision maker for game `G`.
pub trait Agent<G: Game>: Send {
    /// Chooses one of `legal` (never empty) for the decision in `state`.
    fn choose(&mut self, state: &G, legal: &[G::Action]) -> G::Action;

    /// Telemetry of the last decision (iterations, depth, visit share …), if enabled.
    fn telemetry(&self) -> Option<String> {
        None
    }

    /// Why this agent forfeited the game, if it did (an external bot that failed; see
    /// docs/protocol.md). Its seat is then recorded below every seat that did not forfeit.
    fn forfeit(&self) -> Option<&str> {
        None
    }
}

/// Plays `state` to the end, each decision taken by the agent of the deciding seat
/// (`agents[seat]`).
pub fn play_out<G: Game>(state: &mut G, agents: &mut [Box<dyn Agent<G>>]) {
    let mut legal = Vec::new();
    while let Some(seat) = state.to_move() {
        state.legal_actions(&mut legal);
        let action = agents[seat].choose(state, &legal);
        state.apply(action);
    }
}
