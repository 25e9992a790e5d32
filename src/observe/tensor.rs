//! The observation tensor: planes over a window of the board, then global features, as one
//! flat `f32` vector (docs/python.md, "Observation tensor").
//!
//! Seats are relative to the observer: seat offset `k` is player `(observer + k) mod n`, so the
//! observer is always `_0`.

use super::Observe;
use crate::core::geom::Coord;
use crate::core::tileset::{FeatureKind, NO_SEGMENT};

/// Side of the board window the planes show: cells with `-16 ≤ x, y < 16`, at
/// `[plane][y + 16][x + 16]`. Cells outside are not drawn (the `cells_outside` global counts
/// them).
pub const WINDOW: usize = 32;
const HALF: i32 = WINDOW as i32 / 2;

/// Scores and other points are divided by this in the globals.
const POINTS_SCALE: f32 = 100.0;

/// The layout of a game's observation for a number of players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObservationSpec {
    /// Plane names, in order; each plane is `WINDOW × WINDOW`.
    pub planes: Vec<String>,
    /// Global feature names, in order, after the planes.
    pub globals: Vec<String>,
}

impl ObservationSpec {
    /// The layout for a game of `G` like `state` (the number of players and the tile set's
    /// tile types decide it; rule options do not).
    pub fn of<G: Observe>(state: &G) -> ObservationSpec {
        let n = state.num_players();
        let seats = |name: &str| -> Vec<String> { (0..n).map(|k| format!("{name}_{k}")).collect() };
        let mut planes = vec!["tile".to_string()];
        planes.extend(G::FEATURE_PLANES.iter().map(|(name, _)| name.to_string()));
        planes.extend(["last_placed", "placeable"].map(String::from));
        planes.extend(G::OWN_PLANES.iter().map(|s| s.to_string()));
        planes.extend(seats("pieces"));
        let mut globals = seats("to_move");
        globals.extend(seats("score"));
        for (fact, _) in state.seat_facts(0) {
            globals.extend(seats(&format!("fact_{fact}")));
        }
        for term in G::eval_term_names() {
            globals.extend(seats(&format!("eval_{term}")));
        }
        globals.extend(["turn", "unseen_tiles", "cells_outside"].map(String::from));
        globals.extend(G::action_kind_names().iter().map(|k| format!("legal_{k}")));
        globals.extend((0..tile_types(state)).map(|t| format!("tile_type_{t}")));
        ObservationSpec { planes, globals }
    }

    /// Length of the flat tensor.
    pub fn size(&self) -> usize {
        self.planes.len() * WINDOW * WINDOW + self.globals.len()
    }
}

/// Number of tile types of the tile set (start cells excluded).
fn tile_types<G: Observe>(state: &G) -> usize {
    let tiles = state.tile_set();
    (tiles.land.iter())
        .map(|&v| tiles.variant(v).type_index + 1)
        .max()
        .unwrap_or(0)
}

/// Offset of `at` inside a plane, if it lies in the window.
fn window_index(at: Coord) -> Option<usize> {
    let (x, y) = (at.x as i32 + HALF, at.y as i32 + HALF);
    let w = WINDOW as i32;
    ((0..w).contains(&x) && (0..w).contains(&y)).then(|| (y * w + x) as usize)
}

/// Writes the observation of `state` for `player` into `out` (of `spec.size()` entries,
/// `spec` = [`ObservationSpec::of`] this game); `legal` are the legal actions of `state`.
pub fn observe<G: Observe>(
    state: &G,
    player: usize,
    spec: &ObservationSpec,
    legal: &[G::Action],
    out: &mut [f32],
) {
    assert_eq!(
        out.len(),
        spec.size(),
        "observation buffer of the wrong size"
    );
    out.fill(0.0);
    let n = state.num_players();
    let relative = |seat: usize| (seat + n - player) % n;
    let plane_len = WINDOW * WINDOW;
    let (planes, globals) = out.split_at_mut(spec.planes.len() * plane_len);
    let mut put = |plane: usize, at: Coord, value: f32| match window_index(at) {
        Some(i) => {
            planes[plane * plane_len + i] += value;
            true
        }
        None => false,
    };

    // Board planes: tile, feature kinds, last placed, placeable, the game's own, pieces.
    let tiles = state.tile_set();
    let kinds = G::FEATURE_PLANES;
    let mut outside = 0;
    state.for_each_cell(&mut |at, v, rot| {
        if !put(0, at, 1.0) {
            outside += 1;
            return;
        }
        let variant = tiles.variant(v);
        let o = &variant.orientations[rot.quarter_turns() as usize];
        let kind_of = |s: u8| (s != NO_SEGMENT).then(|| variant.segments[s as usize].kind);
        for (k, (_, kind)) in kinds.iter().enumerate() {
            let value = match kind {
                FeatureKind::Field => {
                    o.half_segment
                        .iter()
                        .filter(|&&s| kind_of(s) == Some(*kind))
                        .count() as f32
                        / 8.0
                }
                FeatureKind::Monastery | FeatureKind::Farm => {
                    let segs = variant.segments();
                    segs.iter().filter(|s| s.kind == *kind).count() as f32
                }
                _ => {
                    o.side_segment
                        .iter()
                        .filter(|&&s| kind_of(s) == Some(*kind))
                        .count() as f32
                        / 4.0
                }
            };
            put(1 + k, at, value);
        }
    });
    let last_plane = 1 + kinds.len();
    put(last_plane, state.last_placed(), 1.0);
    let mut kinds_legal = [false; crate::core::game::MAX_ACTION_KINDS];
    for action in legal {
        kinds_legal[state.action_kind(action)] = true;
        if let Some(at) = placement_cell::<G>(state, action) {
            put(last_plane + 1, at, 0.25);
        }
    }
    let own = last_plane + 2;
    state.own_planes(&mut |plane, at, value| {
        put(own + plane, at, value);
    });
    let pieces = own + G::OWN_PLANES.len();
    state.for_each_piece(&mut |seat, at| {
        put(pieces + relative(seat), at, 1.0);
    });

    // Globals, in ObservationSpec::of order.
    let mut g = globals.iter_mut();
    let mut push = |value: f32| *g.next().expect("globals as the spec lists them") = value;
    let seat_order = (0..n).map(|k| (player + k) % n);
    for seat in seat_order.clone() {
        push(f32::from(state.to_move() == Some(seat)));
    }
    for seat in seat_order.clone() {
        push(state.scores()[seat] as f32 / POINTS_SCALE);
    }
    let facts: Vec<_> = seat_order.clone().map(|s| state.seat_facts(s)).collect();
    for f in 0..facts[0].len() {
        for seat_facts in &facts {
            push(seat_facts[f].1 as f32);
        }
    }
    let terms: Vec<_> = seat_order.map(|s| state.eval_terms(s)).collect();
    for t in 0..G::eval_term_names().len() {
        for seat_terms in &terms {
            push(seat_terms[t] as f32);
        }
    }
    let land = tiles.land.len().max(1) as f32;
    push(state.turn() as f32 / land);
    push(state.unseen_tiles() as f32 / land);
    push(outside as f32);
    for legal_kind in &kinds_legal[..G::action_kind_names().len()] {
        push(f32::from(*legal_kind));
    }
    let in_hand = tiles.variant(state.tile_in_hand()).type_index;
    for t in 0..tile_types(state) {
        push(f32::from(t == in_hand));
    }
}

/// The cell of a tile placement, `None` for other actions: read back from the action's id.
fn placement_cell<G: Observe>(state: &G, action: &G::Action) -> Option<Coord> {
    let space = G::ACTIONS;
    let (block, index) = space.locate(state.action_id(action))?;
    (block.name == "place").then(|| {
        let cell = index / 4;
        let side = space.side as i32;
        let wrap = |c: i32| (if c >= side / 2 { c - side } else { c }) as i8;
        Coord::new(wrap(cell as i32 / side), wrap(cell as i32 % side))
    })
}
