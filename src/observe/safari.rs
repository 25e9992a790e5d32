//! Safari's action ids and observation parts.

use super::actions::{ActionSpace, Block};
use super::{Observe, TileCore};
use crate::core::geom::Coord;
use crate::core::tileset::{FeatureKind, MAX_SEGMENTS};
use crate::games::safari::{Action, SafariState, Spot};

const SIDE: usize = <SafariState as TileCore>::SIDE;
const CELLS: usize = SIDE * SIDE;
const SPECIES: usize = 5;

const BLOCKS: [Block; 11] = [
    Block::placements(CELLS),
    Block::new("pass", 1, "0"),
    Block::new("meeple", MAX_SEGMENTS, "segment"),
    Block::new("baobab", 1, "0"),
    Block::new("move_vehicle", 2 * CELLS, "vehicle · cells + cell"),
    Block::new(
        "dig",
        CELLS * 4 * SPECIES,
        "(cell · 4 + corner) · 5 + species",
    ),
    Block::new(
        "extend",
        CELLS * 4 * SPECIES,
        "(cell · 4 + corner) · 5 + species",
    ),
    Block::new("score_first", MAX_SEGMENTS, "segment"),
    Block::new("boost", SPECIES, "species"),
    Block::new("no_boost", 1, "0"),
    Block::new("replace_vehicle", CELLS, "cell"),
];

const SPACE: ActionSpace = ActionSpace::new(&BLOCKS, SIDE);

impl Observe for SafariState {
    const ACTIONS: ActionSpace = SPACE;
    const FEATURE_PLANES: &'static [(&'static str, FeatureKind)] =
        &[("path", FeatureKind::Path), ("bush", FeatureKind::Bush)];
    const OWN_PLANES: &'static [&'static str] = &["baobab", "vehicle"];

    fn action_id(&self, action: &Action) -> usize {
        let cell = |at: Coord| SPACE.cell(at);
        let corner_species =
            |at, corner: crate::core::geom::Corner, species: crate::core::species::Species| {
                (cell(at) * 4 + corner.index()) * SPECIES + species.index()
            };
        match *action {
            Action::Place { at, rot } => SPACE.placement(at, rot),
            Action::Pass => SPACE.offset("pass"),
            Action::Meeple { segment } => SPACE.offset("meeple") + segment as usize,
            Action::Baobab => SPACE.offset("baobab"),
            Action::MoveVehicle { vehicle, to } => {
                SPACE.offset("move_vehicle") + vehicle as usize * CELLS + cell(to)
            }
            Action::Dig {
                at,
                corner,
                species,
            } => SPACE.offset("dig") + corner_species(at, corner, species),
            Action::Extend {
                at,
                corner,
                species,
            } => SPACE.offset("extend") + corner_species(at, corner, species),
            Action::ScoreFirst { segment } => SPACE.offset("score_first") + segment as usize,
            Action::Boost { species } => SPACE.offset("boost") + species.index(),
            Action::NoBoost => SPACE.offset("no_boost"),
            Action::ReplaceVehicle { to } => SPACE.offset("replace_vehicle") + cell(to),
        }
    }

    fn for_each_piece(&self, f: &mut dyn FnMut(usize, Coord)) {
        for m in self.placed_meeples() {
            let at = match m.spot {
                Spot::Feature(node) => self.cell_of_node(node as usize),
                Spot::Baobab(cell) => self.cell_at_index(cell as usize),
                // A watering hole's vertex is the SW corner of the cell of the same coordinates.
                Spot::Hole(vertex) => vertex.0,
            };
            f(m.player as usize, at);
        }
    }

    fn own_planes(&self, f: &mut dyn FnMut(usize, Coord, f32)) {
        let tiles = self.tiles();
        self.for_each_cell(&mut |at, v, _| {
            if tiles.variant(v).baobab {
                f(0, at, 1.0);
            }
        });
        for at in self.vehicles().into_iter().flatten() {
            f(1, at, 1.0);
        }
    }
}
