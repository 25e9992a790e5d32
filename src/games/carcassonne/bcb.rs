//! Bridges, Castles and Bazaars (rules B-1…B-6): bridges as extra road segments over a tile,
//! placements that only a same-turn bridge makes legal, and castles built on small cities that
//! score the first feature completed in their neighbourhood.
//!
//! A bridge is one more union-find node (a road with two open ends and one tile) joined to the
//! roads or bridges its ends meet; the board's frontier learns that the tile now shows a road on
//! those sides. Fields and cities under it are untouched (B-2). A castle keeps its two cells;
//! each turn the features it may score are the turn's *events* (completed roads, cities and
//! monasteries, and castles scored this turn, B-5).

use super::action::Action;
use super::state::{CarcassonneState, Cell, Node, MAX_PLAYERS};
use super::stats::PointSource;
use crate::core::board::FrontierCell;
use crate::core::geom::{Coord, Side};
use crate::core::tileset::{FeatureKind, NO_SEGMENT};

/// B-1: bridges per player with 2–4 players (see [`bridges_and_castles`]).
pub const BRIDGES_PER_PLAYER: u8 = 3;

/// B-1: castles per player with 2–4 players (see [`bridges_and_castles`]).
pub const CASTLES_PER_PLAYER: u8 = 3;

/// Most castles on the board (an upper bound: 5 players have 2 each).
pub const MAX_CASTLES: usize = MAX_PLAYERS * CASTLES_PER_PLAYER as usize;

/// B-1: bridges and castles per player in a game of `players`: 3 and 3, or 2 and 2 with 5 or
/// more players.
pub fn bridges_and_castles(players: usize) -> (u8, u8) {
    if players >= 5 {
        (2, 2)
    } else {
        (BRIDGES_PER_PLAYER, CASTLES_PER_PLAYER)
    }
}

/// Most events of one turn: its completed roads and cities (6), monasteries (9), castles.
pub(super) const MAX_EVENTS: usize = 6 + 9 + MAX_CASTLES;

/// Terrain code of a road edge (see `Terrain::code`).
const ROAD: u8 = 1;

/// Terrain code of a field edge.
const FIELD: u8 = 0;

/// B-2: a bridge on a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bridge {
    /// Its union-find node (a road segment).
    pub node: Node,
    /// `Side::N` for a bridge running N–S, `Side::E` for E–W.
    pub axis: Side,
}

impl Bridge {
    /// Whether it ends on `side`.
    pub fn covers(&self, side: Side) -> bool {
        side == self.axis || side == self.axis.opposite()
    }
}

/// B-4: a castle built on a small city.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Castle {
    /// The two cells of the small city.
    pub tiles: [Coord; 2],
    /// The player whose meeple stands on it.
    pub owner: u8,
    /// The turn it was built in (it scores only in later turns, B-5).
    pub built_turn: u16,
    /// Whether it has scored (its meeple returned, B-5).
    pub scored: bool,
}

impl Castle {
    /// B-5: its 6 neighbourhood spaces: its 2 tiles and the 2 spaces on each side of them
    /// along the border they share.
    pub fn neighbourhood(&self) -> [Coord; 6] {
        let [a, b] = self.tiles;
        let mut out = [a; 6];
        for (i, d) in (-1..=1i8).enumerate() {
            let (da, db) = if a.x == b.x {
                (Coord::new(a.x + d, a.y), Coord::new(b.x + d, b.y))
            } else {
                (Coord::new(a.x, a.y + d), Coord::new(b.x, b.y + d))
            };
            out[2 * i] = da;
            out[2 * i + 1] = db;
        }
        out
    }
}

/// What a castle may score this turn (B-5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Target {
    /// A completed road or city, by union-find root.
    Feature(Node),
    /// A completed monastery, by its tile.
    Monastery(Coord),
    /// A castle scored this turn, by index.
    Castle(u8),
}

/// A feature completed this turn and what it is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Event {
    pub target: Target,
    pub points: u16,
}

impl Default for Event {
    fn default() -> Self {
        Event {
            target: Target::Feature(0),
            points: 0,
        }
    }
}

impl CarcassonneState {
    /// The terrain code cell `index` shows on `side`, counting its bridge and, when given, a
    /// planned bridge `(cell index, axis)`.
    fn side_terrain(&self, index: usize, side: Side, plan: Option<(usize, Side)>) -> u8 {
        let cell = &self.cells[index];
        let planned =
            plan.is_some_and(|(j, axis)| j == index && (side == axis || side == axis.opposite()));
        if planned || cell.data.bridge.is_some_and(|b| b.covers(side)) {
            return ROAD;
        }
        (self.orientation_of(cell).signature >> (2 * side.index())) & 0b11
    }

    /// The road or city node of `cell` on `side`: its segment there, or its bridge.
    pub(super) fn side_node(&self, cell: &Cell, side: Side) -> Option<Node> {
        let seg = self.orientation_of(cell).side_segment[side.index()];
        if seg != NO_SEGMENT {
            return Some(cell.first_node + seg as Node);
        }
        cell.data.bridge.filter(|b| b.covers(side)).map(|b| b.node)
    }

    /// B-2: whether a bridge may stand on cell `index` along `axis`: no bridge there yet, both
    /// feet on field edges, each end continuing a road or bridge or facing an empty space.
    fn bridge_allowed(&self, index: usize, axis: Side) -> bool {
        let cell = &self.cells[index];
        cell.data.bridge.is_none()
            && [axis, axis.opposite()].into_iter().all(|side| {
                self.side_terrain(index, side, None) == FIELD
                    && self.board.get(cell.at.step(side)).is_none_or(|j| {
                        self.side_terrain(j as usize, side.opposite(), None) == ROAD
                    })
            })
    }

    /// Whether the tile just placed matches all its neighbours, given a planned bridge.
    fn placed_tile_matches(&self, plan: Option<(usize, Side)>) -> bool {
        let t = self.cells.len() - 1;
        let at = self.cells[t].at;
        Side::ALL.into_iter().all(|side| {
            self.board.get(at.step(side)).is_none_or(|j| {
                self.side_terrain(t, side, plan)
                    == self.side_terrain(j as usize, side.opposite(), plan)
            })
        })
    }

    /// B-2: the bridge actions after the tile (none when the player has no bridge or no
    /// bridge may be built); `NoBridge` only when the placement needs no bridge.
    pub(super) fn bridge_choices(&self, mut f: impl FnMut(Action)) {
        if self.game.bridges[self.active as usize] == 0 {
            return;
        }
        let t = self.cells.len() - 1;
        let at = self.cells[t].at;
        let matches = self.placed_tile_matches(None);
        let mut any = false;
        for c in [Some(at), None, None, None, None]
            .into_iter()
            .enumerate()
            .map(|(i, c)| c.unwrap_or_else(|| at.step(Side::from_index(i - 1))))
        {
            let Some(j) = self.board.get(c) else {
                continue;
            };
            for axis in [Side::N, Side::E] {
                let plan = Some((j as usize, axis));
                if self.bridge_allowed(j as usize, axis) && self.placed_tile_matches(plan) {
                    any = true;
                    f(Action::Bridge { at: c, axis });
                }
            }
        }
        if matches && any {
            f(Action::NoBridge);
        }
    }

    /// B-2: whether a tile with edges `signature` may go on frontier cell `f` because a bridge
    /// built in the same turn fixes its road–field mismatches (the active player must have a
    /// bridge): one bridge on the tile across all of them, or one on the neighbour it faces.
    pub(super) fn bridge_fixes(&self, f: &FrontierCell, signature: u8) -> bool {
        if self.game.bridges[self.active as usize] == 0 {
            return false;
        }
        let (mut mismatched, mut tile_road) = (0u8, None);
        for side in Side::ALL {
            let shift = 2 * side.index();
            if (f.mask >> shift) & 0b11 == 0 {
                continue;
            }
            let (need, have) = ((f.need >> shift) & 0b11, (signature >> shift) & 0b11);
            if need == have {
                continue;
            }
            if need.max(have) != ROAD || need.min(have) != FIELD {
                return false;
            }
            mismatched |= side.bit();
            if have == ROAD {
                tile_road = Some(side);
            }
        }
        if mismatched == 0 {
            return false;
        }
        if let Some(side) = tile_road {
            // The tile's road meets a neighbour's field: a bridge on that neighbour.
            if mismatched != side.bit() {
                return false;
            }
            let j = self.board.get(f.coord.step(side)).expect("a neighbour") as usize;
            return self.bridge_allowed(j, side);
        }
        // The neighbours' roads meet the tile's fields: a bridge on the tile.
        [Side::N, Side::E].into_iter().any(|axis| {
            let ends = axis.bit() | axis.opposite().bit();
            mismatched & !ends == 0
                && [axis, axis.opposite()].into_iter().all(|side| {
                    let shift = 2 * side.index();
                    (signature >> shift) & 0b11 == FIELD
                        && ((f.mask >> shift) & 0b11 == 0 || (f.need >> shift) & 0b11 == ROAD)
                })
        })
    }

    /// B-2: the active player builds a bridge on the tile at `at` along `axis`.
    pub(super) fn build_bridge(&mut self, at: Coord, axis: Side) {
        let p = self.active as usize;
        self.game.bridges[p] -= 1;
        let j = self.board.get(at).expect("a placed tile") as usize;
        self.game.turn_bridge = Some(j as u8);
        let node = self.features.len() as Node;
        let cell = self.cells[j];
        let segments = self.variant_of(&cell).segment_count as Node;
        let mut shared = cell.data.shared;
        let has_road = (0..segments)
            .any(|s| self.variant_of(&cell).segments[s as usize].kind == FeatureKind::Road);
        if shared == 0 && has_road {
            // The tile now has two roads: it takes a bit so that it counts once per road.
            shared = self.game.shared_tiles.take();
            self.cells[j].data.shared = shared;
            for s in 0..segments {
                if self.variant_of(&cell).segments[s as usize].kind == FeatureKind::Road {
                    self.features.get_mut(cell.first_node + s).shared |= shared;
                }
            }
        }
        self.features.push(super::features::FeatureAgg {
            open: 2,
            tiles: 1,
            shared: if has_road { shared } else { 0 },
            ..Default::default()
        });
        self.cells[j].data.bridge = Some(Bridge { node, axis });
        for side in [axis, axis.opposite()] {
            self.board.set_side_terrain(at, side, ROAD);
            let Some(k) = self.board.get(at.step(side)) else {
                continue;
            };
            let other = self.cells[k as usize];
            let facing = self
                .side_node(&other, side.opposite())
                .expect("a bridge end continues a road");
            let root = self.features.union(node, facing);
            self.features.get_mut(root).open -= 2;
        }
    }

    /// B-4: the first completed small city of this turn whose owner still decides: a city of
    /// exactly 2 tiles (so two caps) with one player in the majority who has a castle.
    pub(super) fn castle_question(&self) -> Option<(usize, usize)> {
        (0..self.game.completed.len()).find_map(|i| {
            let (root, kind) = self.game.completed[i];
            let agg = self.features.get(root);
            let scorers = agg.scorers();
            let owner = scorers.trailing_zeros() as usize;
            (kind == FeatureKind::City
                && self.game.castle_asked & (1 << i) == 0
                && agg.tiles == 2
                && scorers.count_ones() == 1
                && self.game.castle_supply[owner] > 0)
                .then_some((i, owner))
        })
    }

    /// B-4: converts completed city `i` of this turn into a castle: the owner's meeples leave
    /// the city, one of them onto the castle.
    pub(super) fn build_castle(&mut self, i: usize, owner: usize) {
        let (root, _) = self.game.completed[i];
        self.game.castle_built |= 1 << i;
        self.game.castle_supply[owner] -= 1;
        self.game.castle_cities |= self.game.completed_city_bit[i];
        self.release_meeples(root);
        self.supply[owner] -= 1;
        let t = self.cells.len() - 1;
        let cell = self.cells[t];
        let other = Side::ALL
            .into_iter()
            .find(|&side| {
                self.side_node(&cell, side)
                    .is_some_and(|n| self.features.find(n) == root)
            })
            .map(|side| cell.at.step(side))
            .expect("a small city joins the placed tile to a neighbour");
        self.game.castles.push(Castle {
            tiles: [cell.at, other],
            owner: owner as u8,
            built_turn: self.turn,
            scored: false,
        });
    }

    /// Notes an event castles may score this turn (B-5).
    pub(super) fn add_event(&mut self, target: Target, points: i32) {
        self.game.events.push(Event {
            target,
            points: points as u16,
        });
    }

    /// B-5: whether event `e` has a tile in castle `c`'s neighbourhood.
    fn event_near(&self, e: &Event, c: usize) -> bool {
        let near = self.game.castles[c].neighbourhood();
        match e.target {
            Target::Feature(root) => near.iter().any(|&at| {
                self.cell_at(at).is_some_and(|cell| {
                    let n = self.variant_of(cell).segment_count as Node;
                    (0..n).any(|s| self.features.root(cell.first_node + s) == root)
                        || cell
                            .data
                            .bridge
                            .is_some_and(|b| self.features.root(b.node) == root)
                })
            }),
            Target::Monastery(at) => near.contains(&at),
            Target::Castle(k) => {
                k as usize != c
                    && self.game.castles[k as usize]
                        .tiles
                        .iter()
                        .any(|t| near.contains(t))
            }
        }
    }

    /// B-5: calls `f` with the distinct points of the events castle `c` may score.
    pub(super) fn castle_options(&self, c: usize, mut f: impl FnMut(u16)) {
        let events = &self.game.events[..];
        for (i, e) in events.iter().enumerate() {
            let seen = events[..i]
                .iter()
                .any(|d| d.points == e.points && self.event_near(d, c));
            if !seen && self.event_near(e, c) {
                f(e.points);
            }
        }
    }

    /// B-5: the first unscored castle built before this turn with an event in its
    /// neighbourhood.
    pub(super) fn next_castle(&self) -> Option<usize> {
        (0..self.game.castles.len()).find(|&c| {
            let castle = &self.game.castles[c];
            let mut any = false;
            if !castle.scored && castle.built_turn < self.turn {
                self.castle_options(c, |_| any = true);
            }
            any
        })
    }

    /// B-5: castle `c` scores `points` for its owner; its meeple returns; it becomes an event
    /// for overlapping castles (chain scoring).
    pub(super) fn score_castle(&mut self, c: usize, points: u16) {
        let owner = self.game.castles[c].owner as usize;
        self.game.castles[c].scored = true;
        self.supply[owner] += 1;
        self.game
            .track
            .add_scoring(owner, PointSource::Castle, points as i32);
        self.add_event(Target::Castle(c as u8), points as i32);
    }
}
