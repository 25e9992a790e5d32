//! Observations for learning agents, shared by the Python package and the external-agent
//! protocol (docs/python.md, docs/protocol.md): a fixed action space per game (stable integer
//! ids, legal-action masks; [`actions`]) and an observation tensor of fixed shape per game and
//! number of players ([`tensor`]).
//!
//! Each game implements [`Observe`]: its action ids, which feature kinds its board planes
//! show, where its pieces stand and its own planes. Everything else is generic.

pub mod actions;
mod carcassonne;
mod core;
mod new_world;
pub mod protocol;
mod safari;
pub mod session;
pub mod tensor;

pub use self::core::TileCore;
pub use actions::{ActionSpace, Block};
pub use tensor::{ObservationSpec, WINDOW};

use crate::core::geom::Coord;
use crate::core::tileset::FeatureKind;
use crate::games::def::GameDef;

/// What observations and action ids need of a game beyond [`GameDef`].
pub trait Observe: GameDef + TileCore {
    /// The game's action space.
    const ACTIONS: ActionSpace;
    /// The feature planes of the board: name and the feature kind each shows.
    const FEATURE_PLANES: &'static [(&'static str, FeatureKind)];
    /// Names of the game's own planes ([`Observe::own_planes`] marks them).
    const OWN_PLANES: &'static [&'static str];

    /// The id of `action`, an action of this position (docs/python.md, "Action ids").
    fn action_id(&self, action: &Self::Action) -> usize;

    /// Calls `f(seat, at)` for every piece on the board (meeple, settler), `at` the cell it
    /// stands on.
    fn for_each_piece(&self, f: &mut dyn FnMut(usize, Coord));

    /// Calls `f(plane, at, value)` to add `value` to plane `plane` of
    /// [`Observe::OWN_PLANES`] at `at`.
    fn own_planes(&self, f: &mut dyn FnMut(usize, Coord, f32));
}

/// The legal actions of `state` with their ids, in [`Game::legal_actions`] order.
///
/// [`Game::legal_actions`]: crate::core::game::Game::legal_actions
pub fn legal_ids<G: Observe>(state: &G, legal: &[G::Action], out: &mut Vec<u32>) {
    out.clear();
    out.extend(legal.iter().map(|a| state.action_id(a) as u32));
}

#[cfg(test)]
mod tests;
