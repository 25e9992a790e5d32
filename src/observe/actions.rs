//! Fixed action spaces: every action of a game gets a stable integer id, so that learning
//! code can use a legal-action mask of one size per game (docs/python.md, "Action ids").
//!
//! A space is a list of [`Block`]s, one per action variant; an action's id is its block's
//! offset plus its index inside the block. Board coordinates enter ids as a cell of the game's
//! torus (`x mod side`, `y mod side`), which tells apart every two cells that can hold tiles
//! in one game, so ids never collide, however far the board grows.

use crate::core::geom::{Coord, Rotation};

/// One variant of a game's actions and how many ids it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block {
    /// The variant's name (as docs/python.md lists it).
    pub name: &'static str,
    /// Ids it takes.
    pub size: usize,
    /// How an action of this block becomes its index, for people (docs/python.md).
    pub index: &'static str,
}

impl Block {
    /// A block of `size` ids whose index is computed as `index` says.
    pub const fn new(name: &'static str, size: usize, index: &'static str) -> Block {
        Block { name, size, index }
    }

    /// The `place` block of a board of `cells` cells, which every tile game's space opens
    /// with (see [`ActionSpace::placement`]).
    pub const fn placements(cells: usize) -> Block {
        Block::new("place", cells * 4, "cell · 4 + rotation")
    }
}

/// A game's action space: its blocks in id order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActionSpace {
    /// The blocks in id order.
    pub blocks: &'static [Block],
    /// Side of the torus that numbers cells (the game's board side).
    pub side: usize,
}

impl ActionSpace {
    /// The space of `blocks`, numbering cells on a torus of side `side`.
    pub const fn new(blocks: &'static [Block], side: usize) -> ActionSpace {
        ActionSpace { blocks, side }
    }

    /// Id of placing the drawn tile at `at` turned by `rot`: in the `place` block
    /// ([`Block::placements`]), cell · 4 + rotation.
    pub fn placement(&self, at: Coord, rot: Rotation) -> usize {
        self.offset("place") + self.cell(at) * 4 + rot.quarter_turns() as usize
    }

    /// Number of ids (the length of a legal-action mask).
    pub const fn size(&self) -> usize {
        let mut total = 0;
        let mut i = 0;
        while i < self.blocks.len() {
            total += self.blocks[i].size;
            i += 1;
        }
        total
    }

    /// Id of the first action of block `name` (a logic error if there is none).
    pub const fn offset(&self, name: &str) -> usize {
        let mut total = 0;
        let mut i = 0;
        while i < self.blocks.len() {
            if const_eq(self.blocks[i].name, name) {
                return total;
            }
            total += self.blocks[i].size;
            i += 1;
        }
        panic!("no such action block");
    }

    /// The cell number of `at` on this space's torus: `(x mod side) · side + (y mod side)`.
    pub fn cell(&self, at: Coord) -> usize {
        let s = self.side as i32;
        (at.x as i32).rem_euclid(s) as usize * self.side + (at.y as i32).rem_euclid(s) as usize
    }

    /// The block holding `id` and the index inside it; `None` past the end.
    pub fn locate(&self, id: usize) -> Option<(&'static Block, usize)> {
        let mut start = 0;
        for block in self.blocks {
            if id < start + block.size {
                return Some((block, id - start));
            }
            start += block.size;
        }
        None
    }
}

/// `a == b` for string constants (`==` on `str` is not `const`).
const fn const_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    const BLOCKS: [Block; 3] = [
        Block::placements(3 * 3),
        Block::new("pass", 1, "0"),
        Block::new("move", 2 * 9, "vehicle · cells + cell"),
    ];
    const SPACE: ActionSpace = ActionSpace::new(&BLOCKS, 3);

    #[test]
    fn offsets_sizes_and_locations_agree() {
        assert_eq!(SPACE.size(), 36 + 1 + 18);
        assert_eq!(SPACE.offset("pass"), 36);
        assert_eq!(SPACE.offset("move"), 37);
        assert_eq!(
            SPACE.locate(36).map(|(b, i)| (b.name, i)),
            Some(("pass", 0))
        );
        assert_eq!(
            SPACE.locate(40).map(|(b, i)| (b.name, i)),
            Some(("move", 3))
        );
        assert_eq!(SPACE.locate(55), None);
    }

    #[test]
    fn cells_wrap_around_the_torus() {
        assert_eq!(SPACE.cell(Coord::new(0, 0)), 0);
        assert_eq!(SPACE.cell(Coord::new(-1, 0)), 6);
        assert_eq!(SPACE.cell(Coord::new(4, -1)), 3 + 2);
    }
}
