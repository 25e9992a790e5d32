//! Watering holes (rules S-8): corner slots around grid vertices.

use super::state::SafariState;
use crate::core::geom::{Coord, Corner, Vertex};
use crate::core::species::Species;

/// What lies at the four slots around one vertex.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct VertexTokens {
    /// Slots holding a token (bit `k` for slot `k`).
    pub occupied: u8,
    /// Species of those tokens (5-bit mask).
    pub species: u8,
}

impl VertexTokens {
    /// Number of tokens at the vertex.
    pub fn count(&self) -> u32 {
        self.occupied.count_ones()
    }

    /// Whether a slot next to slot `k` (around the vertex) holds a token.
    pub fn touches(&self, k: usize) -> bool {
        let next = 1 << ((k + 1) % 4);
        let prev = 1 << ((k + 3) % 4);
        self.occupied & (next | prev) != 0
    }
}

/// Points for extending a hole by the token count after placing (S-8.3).
pub fn extend_points(tokens_after: u32) -> i32 {
    match tokens_after {
        2 => 4,
        3 => 5,
        4 => 6,
        _ => 0,
    }
}

/// Points for digging a hole (S-8.2) and for owning a completed one (S-8.4).
pub const DIG_POINTS: i32 = 3;
/// See [`DIG_POINTS`].
pub const COMPLETE_POINTS: i32 = 3;

impl SafariState {
    /// The token on `corner` of the tile at `at`, if any.
    pub fn token_at(&self, at: Coord, corner: Corner) -> Option<Species> {
        self.cell_at(at)?.data.token(corner)
    }

    /// The vertices of the watering holes, each once, in the order of their first token
    /// (placed cells in order, then corners in [`Corner::ALL`] order).
    pub fn hole_vertices(&self) -> Vec<Vertex> {
        let mut vertices: Vec<Vertex> = Vec::new();
        for cell in self.cells() {
            for corner in Corner::ALL {
                let (v, _) = Vertex::of_corner(cell.at, corner);
                if cell.data.token(corner).is_some() && !vertices.contains(&v) {
                    vertices.push(v);
                }
            }
        }
        vertices
    }

    /// Tokens around vertex `v`.
    pub fn vertex_tokens(&self, v: Vertex) -> VertexTokens {
        let mut out = VertexTokens::default();
        for k in 0..4 {
            let (cell, corner) = v.slot(k);
            if let Some(s) = self.token_at(cell, corner) {
                out.occupied |= 1 << k;
                out.species |= s.bit();
            }
        }
        out
    }

    /// Whether the slot at `corner` of the tile at `at` is open savanna and free (S-8.1).
    pub fn slot_free(&self, at: Coord, corner: Corner) -> bool {
        self.cell_at(at).is_some_and(|cell| {
            self.orientation_of(cell).open_corners & corner.bit() != 0
                && cell.data.token(corner).is_none()
        })
    }

    /// Whether a hole may be dug at this slot (S-8.2), ignoring the player's supply.
    pub fn can_dig_at(&self, at: Coord, corner: Corner) -> bool {
        if !self.slot_free(at, corner) {
            return false;
        }
        let (v, k) = Vertex::of_corner(at, corner);
        !self.vertex_tokens(v).touches(k)
    }

    /// Whether a token of `species` may extend a hole at this slot (S-8.3), ignoring supply.
    pub fn can_extend_at(&self, at: Coord, corner: Corner, species: Species) -> bool {
        if !self.slot_free(at, corner) {
            return false;
        }
        let (v, k) = Vertex::of_corner(at, corner);
        let t = self.vertex_tokens(v);
        t.touches(k) && t.species & species.bit() == 0
    }

    /// Puts a token on a slot (no checks) and marks the vertex's slots as next to a token.
    pub(super) fn set_token(&mut self, at: Coord, corner: Corner, species: Species) {
        let i = self.board.get(at).expect("token on a placed tile") as usize;
        let corners = &mut self.cells[i].data;
        corners.tokens |= (species.index() as u16 + 1) << (4 * corner.index());
        corners.free_corners &= !corner.bit();
        self.game.tokens_placed += 1;
        let (v, _) = Vertex::of_corner(at, corner);
        for k in 0..4 {
            let (cell, c) = v.slot(k);
            if let Some(j) = self.board.get(cell) {
                self.cells[j as usize].data.near_token |= c.bit();
            }
        }
    }

    /// Corners of a tile placed at `at` whose vertex already holds a token. Every placed cell
    /// around a vertex has that vertex's corner marked once a token lies there, so asking the
    /// neighbours' marks is enough (no token lookups).
    #[inline]
    pub(super) fn corners_near_tokens(&self, at: Coord) -> u8 {
        if self.game.tokens_placed == 0 {
            return 0;
        }
        let mut near = 0;
        for corner in Corner::ALL {
            let (v, k) = Vertex::of_corner(at, corner);
            let marked = (1..4).any(|d| {
                let (cell, c) = v.slot(k + d);
                self.cell_at(cell)
                    .is_some_and(|n| n.data.near_token & c.bit() != 0)
            });
            if marked {
                near |= corner.bit();
            }
        }
        near
    }
}
