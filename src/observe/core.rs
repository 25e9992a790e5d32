//! [`TileCore`]: what observations read of the tile core every game shares (placed cells, the
//! tile to place, the pile), implemented once for [`TileState`].

use crate::core::geom::{Coord, Rotation};
use crate::core::index::SmallIndex;
use crate::core::tile_game::{GameParts, TileState};
use crate::core::tileset::{CompiledTiles, VariantId};

/// The tile core of a position, as observations read it.
pub trait TileCore {
    /// Side of the board torus (cells are numbered modulo it).
    const SIDE: usize;
    /// The compiled tile set.
    fn tile_set(&self) -> &'static CompiledTiles;
    /// Calls `f(at, variant, rotation)` for every placed cell, in placement order.
    fn for_each_cell(&self, f: &mut dyn FnMut(Coord, VariantId, Rotation));
    /// Where the cell holding union-find node `node` lies.
    fn cell_of_node(&self, node: usize) -> Coord;
    /// The `index`-th placed cell.
    fn cell_at_index(&self, index: usize) -> Coord;
    /// The cell placed last.
    fn last_placed(&self) -> Coord;
    /// The tile to place (after a placement: the tile just placed).
    fn tile_in_hand(&self) -> VariantId;
    /// Tiles not drawn yet.
    fn unseen_tiles(&self) -> usize;
}

impl<G: GameParts, const SIDE: usize, const FRONTIER: usize, const NODES: usize> TileCore
    for TileState<G, SIDE, FRONTIER, NODES>
{
    const SIDE: usize = SIDE;

    fn tile_set(&self) -> &'static CompiledTiles {
        self.tiles
    }

    fn for_each_cell(&self, f: &mut dyn FnMut(Coord, VariantId, Rotation)) {
        for cell in self.cells() {
            f(cell.at, cell.variant, cell.rot);
        }
    }

    fn cell_of_node(&self, node: usize) -> Coord {
        // A cell's segments are consecutive nodes, numbered in placement order.
        let cells = self.cells();
        let after = cells.partition_point(|c| c.first_node.index() <= node);
        cells[after.saturating_sub(1)].at
    }

    fn cell_at_index(&self, index: usize) -> Coord {
        self.cells()[index].at
    }

    fn last_placed(&self) -> Coord {
        self.last_cell().at
    }

    fn tile_in_hand(&self) -> VariantId {
        self.drawn_tile()
    }

    fn unseen_tiles(&self) -> usize {
        self.pile.unseen().len()
    }
}
