//! Helpers shared by the integration tests: random play and the flood-fill oracle.
#![allow(dead_code)]

use fast_hash::HashMap;
use meeplelab::agents::Agent;
use meeplelab::core::game::Game;
use meeplelab::core::geom::{Coord, HalfSide, Side};
use meeplelab::core::rng::{below, derive_seed, rng_from_seed};
use meeplelab::core::tileset::{Orientation, NO_SEGMENT};
use meeplelab::games::safari::{SafariState, Spot};

pub mod cli;
pub mod fast_hash;
pub mod naive;
pub mod records;
pub mod scenarios;
pub mod svg;
pub mod tile_files;

/// Plays uniformly random decisions to the end, calling `visit` before every decision.
pub fn play_random<G: Game>(
    state: &mut G,
    seed: u64,
    mut visit: impl FnMut(&G, &[G::Action], G::Action),
) {
    let mut rng = rng_from_seed(derive_seed(seed, 99));
    let mut legal = Vec::new();
    while !state.is_terminal() {
        state.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "no legal action while the game runs");
        let a = legal[below(&mut rng, legal.len())];
        visit(state, &legal, a);
        state.apply(a);
    }
}

/// Plays `state` to the end with `agents` (one a seat), checking that every choice is legal;
/// `visit` sees the position, the deciding seat, the legal actions and the choice before it is
/// applied.
pub fn play_agents<G: Game>(
    state: &mut G,
    agents: &mut [Box<dyn Agent<G>>],
    mut visit: impl FnMut(&G, usize, &[G::Action], G::Action),
) {
    let mut legal = Vec::new();
    while let Some(seat) = state.to_move() {
        state.legal_actions(&mut legal);
        let a = agents[seat].choose(state, &legal);
        assert!(legal.contains(&a), "P{seat} chose illegal {a:?}");
        visit(state, seat, &legal, a);
        state.apply(a);
    }
}

/// What the oracle computes for one feature.
#[derive(Debug, PartialEq, Eq, Clone)]
pub struct OracleFeature {
    pub open: u16,
    pub species: u8,
    pub animals: u16,
    pub birds: u16,
    pub segments: u16,
    pub meeples: [u8; 5],
}

/// Features found by flood fill: members as (cell index, segment), and each member's feature.
pub struct FloodFill {
    /// Every feature's segments.
    pub features: Vec<Vec<(usize, u8)>>,
    /// Feature index of each (cell, segment).
    pub feature_of: HashMap<(usize, u8), usize>,
}

/// Groups the members of `cells` placed cells, `(cell index, segment)` with cell `c` holding
/// `members(c)`, into features by flood fill: `across(member, out)` appends the members that
/// `member` meets across the edges of its cell (those of neighbouring cells facing it).
pub fn group_members(
    cells: usize,
    members: impl Fn(usize) -> u8,
    mut across: impl FnMut((usize, u8), &mut Vec<(usize, u8)>),
) -> FloodFill {
    let mut seen: HashMap<(usize, u8), usize> = HashMap::default();
    let mut features: Vec<Vec<(usize, u8)>> = Vec::new();
    let mut met = Vec::new();
    for start in 0..cells {
        for seg in 0..members(start) {
            if seen.contains_key(&(start, seg)) {
                continue;
            }
            let id = features.len();
            let mut group = vec![(start, seg)];
            seen.insert((start, seg), id);
            let mut next = 0;
            while next < group.len() {
                met.clear();
                across(group[next], &mut met);
                next += 1;
                for &m in &met {
                    if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(m) {
                        e.insert(id);
                        group.push(m);
                    }
                }
            }
            features.push(group);
        }
    }
    FloodFill {
        features,
        feature_of: seen,
    }
}

/// The edges that member `k` of a cell turned as `o` meets, in order: the whole sides whose
/// member (`side_member`) it is, then the half sides it covers; each as the side it lies on
/// and the half side, if one.
pub fn member_edges(
    o: &Orientation,
    side_member: impl Fn(Side) -> u8,
    k: u8,
) -> Vec<(Side, Option<HalfSide>)> {
    let sides = Side::ALL.into_iter().filter(|&side| side_member(side) == k);
    let halves = HalfSide::ALL
        .into_iter()
        .filter(|h| o.half_segment[h.index()] == k);
    (sides.map(|side| (side, None)))
        .chain(halves.map(|h| (h.side(), Some(h))))
        .collect()
}

/// Groups the members of a game whose features meet across whole sides (roads, cities) and
/// half sides (fields) into features by flood fill: cell `c`, placed at `at[c]` and turned as
/// `orientation(c)`, holds `members(c)`, with `side_member(c, side)` on each whole side; every
/// member meets the member of the neighbouring cell across each edge it has (see
/// [`member_edges`]). Panics on an edge whose neighbour has no member facing it.
pub fn group_across_edges<'a>(
    at: &[Coord],
    members: impl Fn(usize) -> u8,
    orientation: impl Fn(usize) -> &'a Orientation,
    side_member: impl Fn(usize, Side) -> u8,
) -> FloodFill {
    let index: HashMap<Coord, usize> = at.iter().enumerate().map(|(i, &c)| (c, i)).collect();
    group_members(at.len(), members, |(c, k), out| {
        for (side, half) in member_edges(orientation(c), |side| side_member(c, side), k) {
            let Some(&n) = index.get(&at[c].step(side)) else {
                continue;
            };
            let other = match half {
                None => side_member(n, side.opposite()),
                Some(h) => orientation(n).half_segment[h.facing().index()],
            };
            assert_ne!(other, NO_SEGMENT, "edges do not match at {}", at[n]);
            out.push((n, other));
        }
    })
}

/// Finds every path and bush by flood fill over the placed cells (no engine union-find).
pub fn flood_fill(state: &SafariState) -> FloodFill {
    let cells = state.cells();
    let members = |c: usize| state.variant_of(&cells[c]).segment_count;
    group_members(cells.len(), members, |(c, s), out| {
        let o = state.orientation_of(&cells[c]);
        for side in Side::ALL {
            if o.side_segment[side.index()] != s {
                continue;
            }
            let at = cells[c].at.step(side);
            let Some(nc) = cells.iter().position(|x| x.at == at) else {
                continue;
            };
            let ns = state.orientation_of(&cells[nc]).side_segment[side.opposite().index()];
            assert_ne!(ns, NO_SEGMENT, "edge mismatch at {at}");
            out.push((nc, ns));
        }
    })
}

/// Meeples per seat on each (cell, segment), from the placed-meeple list.
pub fn meeples_by_segment(state: &SafariState) -> HashMap<(usize, u8), [u8; 5]> {
    let cells = state.cells();
    let mut out: HashMap<(usize, u8), [u8; 5]> = HashMap::default();
    for m in state.placed_meeples() {
        if let Spot::Feature(n) = m.spot {
            let ci = cells.iter().rposition(|c| c.first_node <= n).unwrap();
            out.entry((ci, n - cells[ci].first_node)).or_default()[m.player as usize] += 1;
        }
    }
    out
}

/// Recomputes every feature from scratch by flood fill and compares it with the engine's
/// union-find aggregates. Panics with a description on any difference.
pub fn check_features_against_flood_fill(state: &SafariState) {
    let cells = state.cells();
    let node = |ci: usize, seg: u8| cells[ci].first_node + seg;
    let meeples = meeples_by_segment(state);
    let features = flood_fill(state).features;
    for members in &features {
        let mut f = OracleFeature {
            open: 0,
            species: 0,
            animals: 0,
            birds: 0,
            segments: 0,
            meeples: [0; 5],
        };
        for &(c, s) in members {
            let cell = &cells[c];
            let v = state.variant_of(cell);
            let seg = v.segments[s as usize];
            let o = state.orientation_of(cell);
            f.species |= seg.species;
            f.animals += seg.animals as u16;
            f.birds += seg.birds as u16;
            f.segments += 1;
            for side in Side::ALL {
                if o.side_segment[side.index()] == s && state.cell_at(cell.at.step(side)).is_none()
                {
                    f.open += 1;
                }
            }
            if let Some(m) = meeples.get(&(c, s)) {
                for (total, add) in f.meeples.iter_mut().zip(m) {
                    *total += add;
                }
            }
        }
        for &(c, s) in members {
            let agg = state.feature(node(c, s));
            let got = OracleFeature {
                open: agg.open,
                species: agg.species,
                animals: agg.animals,
                birds: agg.birds,
                segments: agg.segments.into(),
                meeples: agg.meeples,
            };
            assert_eq!(
                got, f,
                "feature of cell {} segment {s} differs from flood fill",
                cells[c].at
            );
        }
    }
}
