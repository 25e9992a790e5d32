//! Safari decisions: the [`Action`] type (its kinds are in `stats.rs`).

use crate::core::geom::{Coord, Corner, Rotation};
use crate::core::species::Species;
use std::hash::{Hash, Hasher};

/// One choice at one Safari decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// S-4: place the drawn tile at `at` with rotation `rot`.
    Place {
        /// Target cell (on the frontier).
        at: Coord,
        /// Clockwise rotation.
        rot: Rotation,
    },
    /// S-5: take no action this turn.
    Pass,
    /// S-5.1: put a meeple on segment `segment` of the tile just placed.
    Meeple {
        /// Segment index within the tile's variant.
        segment: u8,
    },
    /// S-5.2: lay a meeple on the baobab of the tile just placed (draws 2 tokens).
    Baobab,
    /// S-5.3: move vehicle `vehicle` to `to`.
    MoveVehicle {
        /// Vehicle index (0 or 1).
        vehicle: u8,
        /// Destination space.
        to: Coord,
    },
    /// S-8.2: dig a watering hole with a token of `species` at a corner of the tile at `at`.
    Dig {
        /// Tile whose corner slot is used.
        at: Coord,
        /// The corner.
        corner: Corner,
        /// Species of the token played.
        species: Species,
    },
    /// S-8.3: extend a watering hole with a token of `species`.
    Extend {
        /// Tile whose corner slot is used.
        at: Coord,
        /// The corner.
        corner: Corner,
        /// Species of the token played.
        species: Species,
    },
    /// S-6.8: resolve next the completed feature containing `segment` of the tile just placed.
    ScoreFirst {
        /// Segment index within the tile's variant.
        segment: u8,
    },
    /// S-6.5: boost the feature being scored with a token of `species`.
    Boost {
        /// Species of the discarded token.
        species: Species,
    },
    /// S-6.5: decline to boost.
    NoBoost,
    /// S-7.3: put the displaced vehicle on `to`.
    ReplaceVehicle {
        /// Destination space.
        to: Coord,
    },
}

impl Action {
    /// The action as one number: its kind and fields packed, distinct for distinct actions.
    fn packed(&self) -> u64 {
        let coord = |c: Coord| u64::from(c.x as u8) | u64::from(c.y as u8) << 8;
        let slot = |at: Coord, corner: Corner, species: Species| {
            coord(at) | (corner.index() as u64) << 16 | (species.index() as u64) << 24
        };
        let (kind, fields) = match *self {
            Action::Place { at, rot } => (0, coord(at) | u64::from(rot.quarter_turns()) << 16),
            Action::Pass => (1, 0),
            Action::Meeple { segment } => (2, u64::from(segment)),
            Action::Baobab => (3, 0),
            Action::MoveVehicle { vehicle, to } => (4, coord(to) | u64::from(vehicle) << 16),
            Action::Dig {
                at,
                corner,
                species,
            } => (5, slot(at, corner, species)),
            Action::Extend {
                at,
                corner,
                species,
            } => (6, slot(at, corner, species)),
            Action::ScoreFirst { segment } => (7, u64::from(segment)),
            Action::Boost { species } => (8, species.index() as u64),
            Action::NoBoost => (9, 0),
            Action::ReplaceVehicle { to } => (10, coord(to)),
        };
        kind << 32 | fields
    }
}

/// One word per action (`Action::packed`): search trees hash actions at every node they
/// walk through, and hashing the derived way costs a step per field.
impl Hash for Action {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.packed());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::game::Game;
    use crate::core::rng::{below, rng_from_seed};
    use crate::games::safari::SafariState;
    use crate::games::GameDef;
    use std::collections::HashSet;

    #[test]
    fn packed_actions_are_distinct() {
        let (mut legal, mut decisions) = (Vec::new(), 0);
        for seed in 0..20 {
            let setup =
                SafariState::setup(2 + seed as usize % 4, seed, SafariState::builtin_tiles());
            let mut g = SafariState::new_game(&setup).expect("a game");
            let mut rng = rng_from_seed(seed);
            while !g.is_terminal() {
                g.legal_actions(&mut legal);
                let packed: HashSet<u64> = legal.iter().map(Action::packed).collect();
                assert_eq!(packed.len(), legal.len(), "{legal:?}");
                decisions += 1;
                g.apply(legal[below(&mut rng, legal.len())]);
            }
        }
        assert!(decisions > 1000);
    }
}
