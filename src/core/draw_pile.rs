//! Draw piles: resolving one (an explicit prefix, then the rest of the tile set shuffled), the
//! pile of a game in play, and counting its tiles by edge class.

use crate::core::fixed_vec::FixedVec;
use crate::core::game::ChanceOutcome;
use crate::core::rng::{below, shuffle, GameRng};
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

    /// How many items have been drawn.
    pub fn drawn_count(&self) -> usize {
        self.next as usize
    }

    /// Makes a copy of `item` the next draw: one of its unseen copies, chosen uniformly with
    /// `rng`, swaps places with the next item. When the unseen items were a uniform shuffle,
    /// they stay one among the orders that draw `item` next. Nothing changes when no unseen
    /// item is `item`.
    pub fn put_next(&mut self, item: T, rng: &mut GameRng)
    where
        T: PartialEq,
    {
        let unseen = self.unseen_mut();
        let copies = unseen.iter().filter(|&&u| u == item).count();
        if copies == 0 {
            return;
        }
        let chosen = below(rng, copies);
        let (at, _) = (unseen.iter().enumerate())
            .filter(|&(_, &u)| u == item)
            .nth(chosen)
            .expect("a copy counted");
        unseen.swap(0, at);
    }
}

impl<const N: usize> DrawPile<VariantId, N> {
    /// The chance outcomes of the next draw of tiles ([`Game::chance_outcomes`]): each tile
    /// type of the unseen tiles, as likely as its share of them, written into `out`.
    ///
    /// [`Game::chance_outcomes`]: crate::core::game::Game::chance_outcomes
    pub fn next_draw_outcomes(&self, out: &mut Vec<ChanceOutcome>) {
        out.clear();
        let unseen = self.unseen();
        let mut copies = [0u16; 1 << VariantId::BITS];
        for &v in unseen {
            copies[v as usize] += 1;
        }
        let total = unseen.len() as f64;
        let outcome = |(v, &n): (usize, &u16)| ChanceOutcome {
            id: v as u32,
            probability: n as f64 / total,
        };
        out.extend(
            copies
                .iter()
                .enumerate()
                .filter(|(_, &n)| n > 0)
                .map(outcome),
        );
    }

    /// Makes a tile of type `id` the next draw ([`Game::fix_chance`], see
    /// [`DrawPile::put_next`]); nothing changes for an id that is no unseen tile's.
    ///
    /// [`Game::fix_chance`]: crate::core::game::Game::fix_chance
    pub fn fix_next_draw(&mut self, id: u32, rng: &mut GameRng) {
        if let Ok(tile) = VariantId::try_from(id) {
            self.put_next(tile, rng);
        }
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
    use crate::core::rng::rng_from_seed;
    use crate::games::safari::BUILTIN_TILES;

    /// A uniformly shuffled pile with a copy of `item` put next stays a uniform shuffle of
    /// the orders that draw `item` first: over 60,000 shuffles of `a a b c`, each of the six
    /// orders of the other three comes within 5% of a sixth; and the outcomes of the next
    /// draw are each tile's share.
    #[test]
    fn putting_an_item_next_keeps_the_rest_uniform() {
        let mut rng = rng_from_seed(3);
        let mut pile = DrawPile::<VariantId, 8>::default();
        let mut seen = std::collections::HashMap::new();
        let trials = 60_000;
        for _ in 0..trials {
            pile.set(&[0, 0, 1, 2]);
            pile.shuffle_unseen(&mut rng);
            pile.put_next(0, &mut rng);
            assert_eq!(pile.unseen()[0], 0);
            *seen.entry(pile.unseen()[1..].to_vec()).or_insert(0) += 1;
        }
        assert_eq!(seen.len(), 6, "{seen:?}");
        for (order, &n) in &seen {
            let share = n as f64 * 6.0 / trials as f64;
            assert!((share - 1.0).abs() < 0.05, "{order:?}: {n} of {trials}");
        }
        pile.set(&[0, 0, 1, 2]);
        pile.draw();
        let mut outcomes = Vec::new();
        pile.next_draw_outcomes(&mut outcomes);
        let ids: Vec<(u32, f64)> = outcomes.iter().map(|o| (o.id, o.probability)).collect();
        assert_eq!(ids, [(0, 1.0 / 3.0), (1, 1.0 / 3.0), (2, 1.0 / 3.0)]);
        pile.fix_next_draw(7, &mut rng);
        assert_eq!(
            pile.unseen(),
            &[0, 1, 2],
            "an id no unseen tile has changes nothing"
        );
    }

    /// Either way of adding up (the classes asked for, or the total less the others) gives
    /// the plain sum over the classes asked for, for masks that ask for few or most classes,
    /// after tiles have been taken too.
    #[test]
    fn fitting_sums_the_classes_asked_for() {
        let tiles = BUILTIN_TILES.compiled();
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
        let tiles = BUILTIN_TILES.compiled();
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
