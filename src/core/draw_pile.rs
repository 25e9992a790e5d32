//! Draw piles: resolving one (an explicit prefix, then the rest of the tile set shuffled), the
//! pile of a game in play, and counting its tiles by edge class.

use crate::core::fixed_vec::FixedVec;
use crate::core::rng::{shuffle, GameRng};
use crate::core::tileset::{CompiledTiles, VariantId, MAX_EDGE_CLASSES};

/// The complete draw pile over `tiles.land`: the tiles of `prefix` first, in order, then the
/// remaining tiles shuffled with `rng`. The error (a message) names a tile of `prefix` that the
/// pile does not hold (any more).
pub fn resolve_draw_order(
    tiles: &CompiledTiles,
    prefix: &[VariantId],
    rng: &mut GameRng,
) -> Result<Vec<VariantId>, String> {
    resolve_draw_order_of(tiles, tiles.land.clone(), prefix, rng)
}

/// Like [`resolve_draw_order`], over the land tiles `land` (a game that leaves some tiles of
/// the set out, such as a disabled expansion's).
pub fn resolve_draw_order_of(
    tiles: &CompiledTiles,
    land: Vec<VariantId>,
    prefix: &[VariantId],
    rng: &mut GameRng,
) -> Result<Vec<VariantId>, String> {
    let mut remaining = land;
    let mut order = Vec::with_capacity(remaining.len());
    for &v in prefix {
        let Some(i) = remaining.iter().position(|&r| r == v) else {
            return Err(format!(
                "tile {} of the draw order is not in this game's pile (listed twice, or \
                 its expansion is not in play)",
                tiles.variant(v).name
            ));
        };
        order.push(remaining.remove(i));
    }
    shuffle(rng, &mut remaining);
    order.extend(remaining);
    Ok(order)
}

/// A pile in play: up to `N` items (tiles, or Safari's tokens) in draw order, and how many
/// have been drawn. The unseen part is what a re-determinization may reshuffle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawPile<T: Copy, const N: usize> {
    order: FixedVec<T, N>,
    next: u8,
}

impl<T: Copy, const N: usize> Default for DrawPile<T, N> {
    fn default() -> Self {
        DrawPile {
            order: FixedVec::default(),
            next: 0,
        }
    }
}

impl<T: Copy, const N: usize> DrawPile<T, N> {
    /// Makes `order` the pile, nothing drawn yet.
    pub fn set(&mut self, order: &[T]) {
        self.order.set(order);
        self.next = 0;
    }

    /// The items not drawn yet, next first.
    #[inline]
    pub fn unseen(&self) -> &[T] {
        &self.order[self.next as usize..]
    }

    /// The items not drawn yet, to reorder.
    pub fn unseen_mut(&mut self) -> &mut [T] {
        &mut self.order[self.next as usize..]
    }

    /// Draws the next item, if any.
    #[inline]
    pub fn draw(&mut self) -> Option<T> {
        let item = *self.order.get(self.next as usize)?;
        self.next += 1;
        Some(item)
    }

    /// Shuffles the items not drawn yet.
    pub fn shuffle_unseen(&mut self, rng: &mut GameRng) {
        shuffle(rng, self.unseen_mut());
    }
}

/// How many tiles of each edge class a draw pile holds (see [`CompiledTiles::edge_class`]):
/// enough to count the tiles that fit some frontier cells in a few steps, whatever the
/// pile's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EdgeClassCounts {
    counts: [u8; MAX_EDGE_CLASSES],
    total: u8,
    /// One bit per class with a tile counted.
    present: u128,
}

impl EdgeClassCounts {
    /// No tiles.
    pub const EMPTY: EdgeClassCounts = EdgeClassCounts {
        counts: [0; MAX_EDGE_CLASSES],
        total: 0,
        present: 0,
    };

    /// The counts of the tiles of `pile`.
    pub fn of(tiles: &CompiledTiles, pile: &[VariantId]) -> EdgeClassCounts {
        let mut counts = EdgeClassCounts::EMPTY;
        for &v in pile {
            let class = tiles.edge_class[v as usize] as usize;
            counts.counts[class] += 1;
            counts.total += 1;
            counts.present |= 1 << class;
        }
        counts
    }

    /// Counts one tile `v` (which the pile holds) less.
    pub fn take(&mut self, tiles: &CompiledTiles, v: VariantId) {
        let class = tiles.edge_class[v as usize] as usize;
        self.counts[class] -= 1;
        self.total -= 1;
        if self.counts[class] == 0 {
            self.present &= !(1 << class);
        }
    }

    /// Tiles counted.
    pub fn total(&self) -> usize {
        self.total as usize
    }

    /// Tiles counted whose edge class is in `classes` (one bit per class, as
    /// [`CompiledTiles::classes_fitting`] gives them). Adds up the counts of the classes in
    /// `classes` or, when those are more than half the classes counted, takes the others'
    /// from the total: a vehicle's space often fits most classes.
    pub fn fitting(&self, classes: u128) -> usize {
        let inside = classes & self.present;
        let outside = self.present & !classes;
        if inside.count_ones() <= outside.count_ones() {
            self.sum(inside)
        } else {
            self.total as usize - self.sum(outside)
        }
    }

    /// The counts of the classes in `classes`.
    fn sum(&self, classes: u128) -> usize {
        let mut rest = classes;
        let mut n = 0;
        while rest != 0 {
            n += self.counts[rest.trailing_zeros() as usize] as usize;
            rest &= rest - 1;
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::FrontierCell;
    use crate::core::geom::Coord;
    use crate::games::safari::builtin_tiles;

    /// Either way of adding up (the classes asked for, or the total less the others) gives
    /// the plain sum over the classes asked for, for masks that ask for few or most classes,
    /// after tiles have been taken too.
    #[test]
    fn fitting_sums_the_classes_asked_for() {
        let tiles = builtin_tiles();
        let mut counts = EdgeClassCounts::of(tiles, &tiles.land);
        let plain = |c: &EdgeClassCounts, mask: u128| -> usize {
            (0..MAX_EDGE_CLASSES)
                .filter(|&k| mask & (1 << k) != 0)
                .map(|k| c.counts[k] as usize)
                .sum()
        };
        let masks = [
            0,
            u128::MAX,
            0b1011,
            u128::MAX << 3,
            0x5555_5555_5555_5555_5555_5555_5555_5555,
        ];
        for taken in 0..3 {
            for mask in masks {
                assert_eq!(counts.fitting(mask), plain(&counts, mask), "{mask:x}");
            }
            counts.take(tiles, tiles.land[taken]);
        }
    }

    /// Counting by class agrees with testing every tile of the pile.
    #[test]
    fn fitting_counts_agree_with_tile_by_tile_tests() {
        let tiles = builtin_tiles();
        let pile = &tiles.land;
        let mut counts = EdgeClassCounts::of(tiles, pile);
        assert_eq!(counts.total(), pile.len());
        // A cell that needs a path (code 1) on its west side, and one that needs bush (2)
        // north and savanna (0) east.
        let spaces = [
            FrontierCell {
                coord: Coord::new(1, 0),
                need: 1 << 6,
                mask: 0b11 << 6,
            },
            FrontierCell {
                coord: Coord::new(0, 1),
                need: 2,
                mask: 0b1111,
            },
        ];
        for n in [1, 2] {
            let by_tile = |pile: &[VariantId]| {
                pile.iter()
                    .filter(|&&v| {
                        let var = tiles.variant(v);
                        var.orientations
                            .iter()
                            .any(|o| spaces[..n].iter().any(|f| f.accepts(o.signature)))
                    })
                    .count()
            };
            let classes = spaces[..n]
                .iter()
                .fold(0, |set, f| set | tiles.classes_fitting(f));
            assert_eq!(counts.fitting(classes), by_tile(pile));
            assert!(by_tile(pile) > 0 && by_tile(pile) < pile.len());
        }
        counts.take(tiles, pile[0]);
        assert_eq!(counts.total(), pile.len() - 1);
        let rest = &pile[1..];
        let direct = rest
            .iter()
            .filter(|&&v| {
                tiles
                    .variant(v)
                    .orientations
                    .iter()
                    .any(|o| spaces.iter().any(|f| f.accepts(o.signature)))
            })
            .count();
        let classes = spaces
            .iter()
            .fold(0, |set, f| set | tiles.classes_fitting(f));
        assert_eq!(counts.fitting(classes), direct);
    }
}
