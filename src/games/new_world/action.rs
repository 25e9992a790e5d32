//! New World decisions: the [`Action`] type (its kinds are in `stats.rs`).

use super::state::Node;
use crate::core::geom::{Coord, Rotation};

/// One choice at one decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// N-4: put the drawn tile at `at`, turned by `rot`.
    Place {
        /// Where.
        at: Coord,
        /// How it is turned.
        rot: Rotation,
    },
    /// N-5: deploy no settler.
    Pass,
    /// N-5: deploy a settler on segment `segment` of the tile just placed.
    Settler {
        /// Segment index in the tile's layout.
        segment: u8,
    },
    /// N-11: of the features the tile completed, score the one named by `node` next (see
    /// [`Completed::node`](super::Completed::node)).
    Score {
        /// The feature's naming node.
        node: Node,
    },
}
