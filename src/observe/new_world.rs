//! New World's action ids and observation parts.

use super::actions::{ActionSpace, Block};
use super::{Observe, TileCore};
use crate::core::geom::Coord;
use crate::core::tileset::{FeatureKind, MAX_SEGMENTS};
use crate::games::new_world::{Action, NewWorldState, MAX_NODES, SEGMENT_WORDS};

const SIDE: usize = <NewWorldState as TileCore>::SIDE;
const CELLS: usize = SIDE * SIDE;

const BLOCKS: [Block; 4] = [
    Block::placements(CELLS),
    Block::new("pass", 1, "0"),
    Block::new("settler", MAX_SEGMENTS, "segment"),
    Block::new("score", MAX_NODES, "the feature's naming node"),
];

const SPACE: ActionSpace = ActionSpace::new(&BLOCKS, SIDE);

impl Observe for NewWorldState {
    const ACTIONS: ActionSpace = SPACE;
    const FEATURE_PLANES: &'static [(&'static str, FeatureKind)] = &SEGMENT_WORDS.named_kinds();
    const OWN_PLANES: &'static [&'static str] = &["surveyor"];

    fn action_id(&self, action: &Action) -> usize {
        match *action {
            Action::Place { at, rot } => SPACE.placement(at, rot),
            Action::Pass => SPACE.offset("pass"),
            Action::Settler { segment } => SPACE.offset("settler") + segment as usize,
            Action::Score { node } => SPACE.offset("score") + node as usize,
        }
    }

    fn for_each_piece(&self, f: &mut dyn FnMut(usize, Coord)) {
        for s in self.placed_settlers() {
            f(s.player as usize, self.cell_of_node(s.node as usize));
        }
    }

    fn own_planes(&self, f: &mut dyn FnMut(usize, Coord, f32)) {
        // A surveyor stands on a column: mark the column's cells in the window's rows.
        for &column in self.surveyor_columns() {
            for y in -16..16 {
                f(0, Coord::new(column, y), 1.0);
            }
        }
    }
}
