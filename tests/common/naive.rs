//! A naive reference implementation of Safari legal actions: scans the bounding box, checks
//! edges side by side, finds features by flood fill and holes by looking at every slot. Slow
//! and simple, for cross-checking the incremental engine.

use super::{flood_fill, meeples_by_segment};
use meeplelab::core::game::Game;
use meeplelab::core::geom::{Coord, Corner, Rotation, Side, Vertex};
use meeplelab::core::species::Species;
use meeplelab::games::safari::{Action, Phase, SafariState};

/// Terrain code (0 savanna, 1 path, 2 bush) on `side` of an orientation signature.
fn terrain(signature: u8, side: Side) -> u8 {
    (signature >> (2 * side.index())) & 0b11
}

/// Empty cells orthogonally next to a placed cell, found by scanning the bounding box.
fn empty_neighbours(s: &SafariState) -> Vec<Coord> {
    let cells = s.cells();
    let (mut x0, mut x1, mut y0, mut y1) = (i8::MAX, i8::MIN, i8::MAX, i8::MIN);
    for c in cells {
        x0 = x0.min(c.at.x);
        x1 = x1.max(c.at.x);
        y0 = y0.min(c.at.y);
        y1 = y1.max(c.at.y);
    }
    let mut out = Vec::new();
    for y in y0 - 1..=y1 + 1 {
        for x in x0 - 1..=x1 + 1 {
            let c = Coord::new(x, y);
            if s.cell_at(c).is_none() && Side::ALL.iter().any(|d| s.cell_at(c.step(*d)).is_some()) {
                out.push(c);
            }
        }
    }
    out
}

/// Every legal action, computed naively, sorted for comparison.
pub fn legal_actions(s: &SafariState, engine_legal: &[Action]) -> Vec<Action> {
    let mut out = match s.phase() {
        Phase::PlaceTile => placements(s),
        Phase::Action => step_two(s),
        Phase::Boost => boosts(s),
        Phase::ReplaceVehicle => empty_neighbours(s)
            .into_iter()
            .filter(|c| !s.vehicles().contains(&Some(*c)))
            .map(|to| Action::ReplaceVehicle { to })
            .collect(),
        // The order decision depends on scoring bookkeeping; take the engine's list.
        Phase::ScoreOrder => engine_legal.to_vec(),
        Phase::GameOver => Vec::new(),
    };
    sort(&mut out);
    out
}

/// Sorts actions by their debug text (a total order good enough for comparisons).
pub fn sort(actions: &mut [Action]) {
    actions.sort_by_cached_key(|a| format!("{a:?}"));
}

fn placements(s: &SafariState) -> Vec<Action> {
    let v = s.tiles().variant(s.drawn_tile());
    let mut out = Vec::new();
    for at in empty_neighbours(s) {
        for rot in Rotation::ALL {
            let sig = v.orientations[rot.quarter_turns() as usize].signature;
            let fits = Side::ALL
                .iter()
                .all(|&side| match s.cell_at(at.step(side)) {
                    None => true,
                    Some(n) => {
                        terrain(s.orientation_of(n).signature, side.opposite())
                            == terrain(sig, side)
                    }
                });
            let action = Action::Place {
                at,
                rot: v.canonical_rotation(rot),
            };
            if fits && !out.contains(&action) {
                out.push(action);
            }
        }
    }
    out
}

fn step_two(s: &SafariState) -> Vec<Action> {
    let p = s.active_player();
    let mut out = vec![Action::Pass];
    let has_meeple = s.meeples_in_supply(p) > 0;
    let last = s.cells().len() - 1;
    let cell = s.last_cell();
    let variant = s.variant_of(cell);
    if has_meeple {
        let fill = flood_fill(s);
        let meeples = meeples_by_segment(s);
        let mut features_offered = Vec::new();
        for seg in 0..variant.segment_count {
            let f = fill.feature_of[&(last, seg)];
            let occupied = fill.features[f].iter().any(|m| meeples.contains_key(m));
            if !occupied && !features_offered.contains(&f) {
                features_offered.push(f);
                out.push(Action::Meeple { segment: seg });
            }
        }
        if variant.baobab {
            out.push(Action::Baobab);
        }
    }
    if s.phase() == Phase::Action && !displaced_this_turn(s) {
        for (i, v) in s.vehicles().iter().enumerate() {
            if v.is_some() {
                for to in empty_neighbours(s) {
                    if !s.vehicles().contains(&Some(to)) {
                        out.push(Action::MoveVehicle {
                            vehicle: i as u8,
                            to,
                        });
                    }
                }
            }
        }
    }
    let hand = s.hand(p);
    for c in s.cells() {
        for corner in Corner::ALL {
            let open = s.orientation_of(c).open_corners & corner.bit() != 0;
            if !open || c.data.token(corner).is_some() {
                continue;
            }
            let (v, k) = Vertex::of_corner(c.at, corner);
            let token_at = |slot: usize| {
                let (cell, cr) = v.slot(slot);
                s.cell_at(cell).and_then(|x| x.data.token(cr))
            };
            let touching = token_at(k + 1).is_some() || token_at(k + 3).is_some();
            let at_vertex: Vec<Species> = (0..4).filter_map(token_at).collect();
            for species in Species::ALL {
                if hand.get(species) == 0 {
                    continue;
                }
                if touching && !at_vertex.contains(&species) {
                    out.push(Action::Extend {
                        at: c.at,
                        corner,
                        species,
                    });
                } else if !touching && has_meeple {
                    out.push(Action::Dig {
                        at: c.at,
                        corner,
                        species,
                    });
                }
            }
        }
    }
    out
}

/// A vehicle was displaced this turn when fewer vehicles stand on the board than are in play.
fn displaced_this_turn(s: &SafariState) -> bool {
    let on_board = s.vehicles().iter().filter(|v| v.is_some()).count();
    on_board < s.options().vehicles as usize
}

fn boosts(s: &SafariState) -> Vec<Action> {
    let p = s.to_move().expect("a running game");
    let node = s.boost_target().expect("a feature being scored");
    let fill = flood_fill(s);
    let cells = s.cells();
    let ci = cells.iter().rposition(|c| c.first_node <= node).unwrap();
    let f = fill.feature_of[&(ci, node - cells[ci].first_node)];
    let mut on_feature = 0u8;
    for &(c, seg) in &fill.features[f] {
        on_feature |= s.variant_of(&cells[c]).segments[seg as usize].species;
    }
    let mut out = vec![Action::NoBoost];
    for species in Species::ALL {
        if s.hand(p).get(species) > 0 && on_feature & species.bit() == 0 {
            out.push(Action::Boost { species });
        }
    }
    out
}
