//! Where the drawn tile may go: whether a tile fits anywhere, listing its placements,
//! drawing one uniformly without listing them, saying why a placement is not legal, and a
//! placement in notation (`place <tile> <x,y> <rN>`).
//!
//! A placement is a frontier cell (where the game allows tiles, [`TileRules::placeable`]) and a
//! distinct rotation of the tile whose edges match the cell's neighbours (or that the game
//! accepts otherwise, [`TileRules::fits_otherwise`]). The sampler draws (cell, rotation) pairs
//! uniformly from every frontier cell × every distinct rotation and keeps the first legal one
//! (rejection sampling): each attempt is uniform over that superset and the test is the
//! listing's, so an accepted draw is uniform over exactly the legal placements. Most random
//! games spend their time here, and a draw takes a few attempts where the listing tests
//! every pair.

use super::parts::GameParts;
use super::rules::TileRules;
use super::state::TileState;
use crate::core::board::FrontierCell;
use crate::core::geom::{Coord, Rotation};
use crate::core::notation::Words;
use crate::core::rng::{below, GameRng};
use crate::core::tileset::{Variant, VariantId};
use std::mem::MaybeUninit;

/// Rejected draws before the sampler gives up (the caller then lists the legal actions).
const MAX_TRIES: usize = 32;

/// Appends at most `max` values to `out` through `fill`, which writes them into reserved spare
/// capacity and returns how many it wrote. This keeps the per-value cost of the hot action
/// generators to one store (no capacity check or length update per push).
pub(crate) fn append<T>(
    out: &mut Vec<T>,
    max: usize,
    fill: impl FnOnce(&mut [MaybeUninit<T>]) -> usize,
) {
    out.reserve(max);
    let len = out.len();
    let written = fill(&mut out.spare_capacity_mut()[..max]);
    assert!(written <= max);
    // SAFETY: `fill` initialised the first `written` slots of the spare capacity (each write is
    // a bounds-checked `MaybeUninit::write` into the slice it was given), and `written <= max`
    // fits the capacity reserved above.
    unsafe { out.set_len(len + written) };
}

impl<G: GameParts, const SIDE: usize, const FRONTIER: usize, const NODES: usize>
    TileState<G, SIDE, FRONTIER, NODES>
where
    Self: TileRules<Parts = G>,
{
    /// Whether a tile with edge `signature` may go on frontier cell `f`.
    #[inline]
    fn fits(&self, f: &FrontierCell, signature: u8) -> bool {
        f.accepts(signature) || self.fits_otherwise(f, signature)
    }

    /// Whether tile `v` fits on frontier cell `f` in some rotation.
    #[inline]
    pub(super) fn fits_on(&self, f: &FrontierCell, v: &Variant) -> bool {
        self.placeable(f.coord)
            && (v.rotations().iter()).any(|r| self.fits(f, v.turned(*r).signature))
    }

    /// Whether tile `variant` fits anywhere on the board.
    pub fn fits_somewhere(&self, variant: VariantId) -> bool {
        let v = self.tiles.variant(variant);
        self.board.frontier().iter().any(|f| self.fits_on(f, v))
    }

    /// In a tile-placement decision, the fit tests that listing its placements takes: frontier
    /// cells where the game allows tiles ([`TileRules::placeable`]) times distinct rotations
    /// of the drawn tile; `None` at other decisions.
    pub fn placement_tests(&self) -> Option<u64> {
        self.is_placing().then(|| {
            let v = self.tiles.variant(self.drawn);
            let frontier = self.board.frontier().iter();
            let cells = frontier.filter(|f| self.placeable(f.coord)).count();
            (cells * v.rotations().len()) as u64
        })
    }

    /// The placement of the drawn tile at `at` turned by `rot` in notation:
    /// `place <tile> <x,y> <rN>` (`docs/notation.md`).
    pub(crate) fn placement_text(&self, at: Coord, rot: Rotation) -> String {
        format!("place {} {at} {rot}", self.tiles.variant(self.drawn).name)
    }

    /// Parses `words`, `place <tile> <x,y> <rN>`, into a placement of the drawn tile (its name
    /// is checked only while a placement is the decision awaited).
    pub(crate) fn parse_placement(
        &self,
        words: &Words,
    ) -> Result<<Self as TileRules>::Action, String> {
        let (at, rot) = words.placement(self.tiles.variant(self.drawn), self.is_placing())?;
        Ok(Self::place_action(at, rot))
    }

    /// Why the drawn tile may not go at `at` (for record errors): the space holds a tile, is
    /// not next to one, or the tile's edges do not match there; each reason cites `rule`.
    pub(crate) fn explain_placement(&self, at: Coord, rule: &str) -> String {
        if !self.board.is_empty(at) {
            format!("{at} already holds a tile ({rule})")
        } else if self.board.frontier_cell(at).is_none() {
            format!("{at} is not next to any placed tile ({rule})")
        } else {
            format!("the tile's edges do not match its neighbours at {at} ({rule})")
        }
    }

    /// Appends every placement of the drawn tile to `out`, frontier cell by cell, rotations in
    /// their order. Returns whether one of them fits without [`TileRules::fits_otherwise`].
    pub(crate) fn list_placements(&self, out: &mut Vec<<Self as TileRules>::Action>) -> bool {
        let v = self.tiles.variant(self.drawn);
        let mut sigs = [(Rotation::default(), 0u8); 4];
        for (slot, &rot) in sigs.iter_mut().zip(v.rotations()) {
            *slot = (rot, v.turned(rot).signature);
        }
        let sigs = &sigs[..v.rotations().len()];
        let frontier = self.board.frontier();
        let mut plain = false;
        append(out, frontier.len() * sigs.len(), |slots| {
            let mut n = 0;
            for f in frontier.iter().filter(|f| self.placeable(f.coord)) {
                for &(rot, sig) in sigs {
                    let matches = f.accepts(sig);
                    plain |= matches;
                    if matches || self.fits_otherwise(f, sig) {
                        slots[n].write(Self::place_action(f.coord, rot));
                        n += 1;
                    }
                }
            }
            n
        });
        plain
    }

    /// A uniform placement of the drawn tile, or `None` when the sampler gives up (or the
    /// tile's distinct rotations are not 1, 2 or 4, which never happens for square tiles).
    pub(crate) fn sample_placement(
        &self,
        rng: &mut GameRng,
    ) -> Option<<Self as TileRules>::Action> {
        let v = self.tiles.variant(self.drawn);
        let rots = v.rotations();
        let frontier = self.board.frontier();
        let n_rots = rots.len();
        // A draw splits into cell and rotation with a shift.
        if !n_rots.is_power_of_two() || frontier.is_empty() {
            return None;
        }
        let shift = n_rots.trailing_zeros();
        let n = frontier.len() << shift;
        for _ in 0..MAX_TRIES {
            let r = below(rng, n);
            let f = &frontier[r >> shift];
            let rot = rots[r & (n_rots - 1)];
            if self.placeable(f.coord) && self.fits(f, v.turned(rot).signature) {
                return Some(Self::place_action(f.coord, rot));
            }
        }
        None
    }
}
