//! Counting a tile once per feature. A road (or city) that runs through several segments of
//! one tile must count that tile once, and a union-find merge does not know which tiles two
//! features have in common. So every tile with several roads or cities gets a bit, each feature
//! keeps the bits of such tiles it touches, and two merged features share exactly the tiles of
//! their common bits.

use crate::core::tileset::Variant;

/// Hands out the bits of shared-tile masks, one per tile that needs one, in placement order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SharedTileBits {
    taken: u8,
}

impl SharedTileBits {
    /// The next unused bit of a `u32` mask (setups check that a tile set needs at most 32).
    pub fn take(&mut self) -> u32 {
        self.taken += 1;
        1 << (self.taken - 1)
    }

    /// The bit of a tile of `variant` placed now: the next unused one when it has several
    /// roads or cities (trails or towns), else 0 (it needs none).
    pub fn take_for(&mut self, variant: &Variant) -> u32 {
        if variant.has_several_roads_or_cities() {
            self.take()
        } else {
            0
        }
    }
}

/// Distinct tiles of two features joined into one: `tiles` and `shared` of each, where a tile
/// both touch (a bit in both masks) counts once.
pub fn joined_tile_count(a: (u8, u32), b: (u8, u32)) -> u8 {
    a.0 + b.0 - (a.1 & b.1).count_ones() as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_are_distinct_and_common_tiles_count_once() {
        let mut bits = SharedTileBits::default();
        let (x, y) = (bits.take(), bits.take());
        assert_eq!((x, y), (0b01, 0b10));
        // Features of 3 tiles (touching x) and 2 tiles (touching x and y): 4 distinct tiles.
        assert_eq!(joined_tile_count((3, x), (2, x | y)), 4);
        assert_eq!(joined_tile_count((3, x), (2, y)), 5);
    }
}
