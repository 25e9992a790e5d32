//! The incremental union-find of the Carcassonne engine agrees with a naive flood fill on
//! random games (design.md): for roads, cities and fields, completion (open edges), distinct
//! tiles, pennants, meeples per seat and, for fields, the completed cities bordering them
//! (each city once per field). The flood fill also recomputes what every turn's scoring (C-3)
//! and the final scoring (C-4) must pay. With Bridges, Castles and Bazaars a bridge is one
//! more road segment of its tile (index = the tile's segment count) joining its two ends (B-2,
//! B-3); the random players there always score small cities instead of building castles, so
//! that every point is a road, city, monastery or field point (castles: tests/carcassonne_bcb.rs
//! and the invariants).

use meeplelab::core::game::Game;
use meeplelab::core::geom::{Coord, HalfSide, Side};
use meeplelab::core::rng::{below, derive_seed, rng_from_seed};
use meeplelab::core::tileset::{FeatureKind, NO_SEGMENT};
use meeplelab::games::carcassonne::{Action, CarcassonneState, Phase, PointSource, Setup};
use std::collections::{HashMap, HashSet};

/// One feature as the flood fill sees it.
#[derive(Debug)]
struct Feature {
    kind: FeatureKind,
    /// (cell index, segment index) of every segment in it.
    members: Vec<(usize, u8)>,
    open: u8,
    tiles: u8,
    pennants: u8,
    meeples: [u8; 5],
    /// Completed cities bordering it (fields only).
    cities: u32,
}

impl Feature {
    /// Seats with the most meeples (0 when nobody is on it).
    fn scorers(&self) -> u8 {
        let most = *self.meeples.iter().max().unwrap();
        (0..5)
            .filter(|&p| most > 0 && self.meeples[p] == most)
            .fold(0, |m, p| m | 1 << p)
    }
}

/// Segments of cell `c` in the flood fill: its tile's, then its bridge (B-2) if any.
fn members_of(s: &CarcassonneState, c: usize) -> u8 {
    let cell = &s.cells()[c];
    s.variant_of(cell).segment_count + u8::from(cell.data.bridge.is_some())
}

/// The kind of member `k` of cell `c` (a bridge is a road).
fn kind_of(s: &CarcassonneState, c: usize, k: u8) -> FeatureKind {
    let cell = &s.cells()[c];
    s.variant_of(cell)
        .segments()
        .get(k as usize)
        .map_or(FeatureKind::Road, |seg| seg.kind)
}

/// The road or city member of cell `c` on `side`: its segment, else its bridge.
fn side_member(s: &CarcassonneState, c: usize, side: Side) -> u8 {
    let cell = &s.cells()[c];
    let seg = s.orientation_of(cell).side_segment[side.index()];
    match cell.data.bridge {
        Some(b) if seg == NO_SEGMENT && b.covers(side) => s.variant_of(cell).segment_count,
        _ => seg,
    }
}

/// Every feature of the position, recomputed from the placed cells alone.
fn flood_fill(s: &CarcassonneState) -> (Vec<Feature>, HashMap<(usize, u8), usize>) {
    let cells = s.cells();
    let at: HashMap<Coord, usize> = cells.iter().enumerate().map(|(i, c)| (c.at, i)).collect();
    let mut id_of: HashMap<(usize, u8), usize> = HashMap::new();
    let mut features = Vec::new();
    for start in 0..cells.len() {
        for seg in 0..members_of(s, start) {
            if id_of.contains_key(&(start, seg)) {
                continue;
            }
            let id = features.len();
            let kind = kind_of(s, start, seg);
            let mut members = vec![(start, seg)];
            id_of.insert((start, seg), id);
            let mut next = 0;
            while next < members.len() {
                let (c, k) = members[next];
                next += 1;
                let o = s.orientation_of(&cells[c]);
                // Neighbouring segments across whole sides (roads, cities) and half sides
                // (fields).
                let mut across = Vec::new();
                for side in Side::ALL {
                    if side_member(s, c, side) == k {
                        across.push((side, None));
                    }
                }
                for half in HalfSide::ALL {
                    if o.half_segment[half.index()] == k {
                        across.push((half.side(), Some(half)));
                    }
                }
                for (side, half) in across {
                    let Some(&n) = at.get(&cells[c].at.step(side)) else {
                        continue;
                    };
                    let no = s.orientation_of(&cells[n]);
                    let other = match half {
                        None => side_member(s, n, side.opposite()),
                        Some(h) => no.half_segment[h.facing().index()],
                    };
                    assert_ne!(other, NO_SEGMENT, "edges do not match at {}", cells[n].at);
                    if let std::collections::hash_map::Entry::Vacant(e) = id_of.entry((n, other)) {
                        e.insert(id);
                        members.push((n, other));
                    }
                }
            }
            features.push(Feature {
                kind,
                members,
                open: 0,
                tiles: 0,
                pennants: 0,
                meeples: [0; 5],
                cities: 0,
            });
        }
    }
    let node_of = |(c, k): (usize, u8)| match cells[c].data.bridge {
        Some(b) if k == s.variant_of(&cells[c]).segment_count => b.node,
        _ => cells[c].first_node + k as u16,
    };
    let member_of: HashMap<u16, (usize, u8)> = id_of.keys().map(|&m| (node_of(m), m)).collect();
    for f in &mut features {
        let mut tiles = HashSet::new();
        for &(c, k) in &f.members {
            let segments = s.variant_of(&cells[c]).segments();
            f.pennants += segments.get(k as usize).map_or(0, |seg| seg.pennants);
            tiles.insert(c);
            for side in Side::ALL {
                if side_member(s, c, side) == k && !at.contains_key(&cells[c].at.step(side)) {
                    f.open += 1;
                }
            }
        }
        if f.kind != FeatureKind::Field {
            f.tiles = tiles.len() as u8;
        }
    }
    for m in s.placed_meeples() {
        let f = id_of[&member_of[&m.node]];
        features[f].meeples[m.player as usize] += 1;
    }
    for f in 0..features.len() {
        if features[f].kind != FeatureKind::Field {
            continue;
        }
        let mut cities = HashSet::new();
        for &(c, k) in &features[f].members {
            let borders = s.variant_of(&cells[c]).segments[k as usize].borders;
            for city in (0..16).filter(|b| borders & 1 << b != 0) {
                let city = id_of[&(c, city as u8)];
                if features[city].open == 0 {
                    cities.insert(city);
                }
            }
        }
        features[f].cities = cities.len() as u32;
    }
    (features, id_of)
}

/// Compares every segment's aggregate with the flood fill.
fn check_aggregates(s: &CarcassonneState, features: &[Feature]) {
    let cells = s.cells();
    for f in features {
        for &(c, k) in &f.members {
            let node = match cells[c].data.bridge {
                Some(b) if k == s.variant_of(&cells[c]).segment_count => b.node,
                _ => cells[c].first_node + k as u16,
            };
            let agg = s.feature(node);
            let got = (
                agg.open,
                agg.tiles,
                agg.pennants,
                agg.meeples,
                agg.bordering_cities(),
            );
            let want = (f.open, f.tiles, f.pennants, f.meeples, f.cities);
            assert_eq!(got, want, "{:?} at {} segment {k}", f.kind, cells[c].at);
        }
    }
}

/// Points the turn's scoring must pay after `action` in a [`Phase::Meeple`] position (C-3),
/// given the position's flood fill and the cell of this turn's bridge (B-2), if any.
fn expected_turn_points(
    s: &CarcassonneState,
    (mut features, id_of): (Vec<Feature>, HashMap<(usize, u8), usize>),
    action: Action,
    bridge: Option<usize>,
) -> [[i32; 5]; 3] {
    let last = s.cells().len() - 1;
    if let Action::Meeple { segment } = action {
        features[id_of[&(last, segment)]].meeples[s.active_player()] += 1;
    }
    let placed = s.last_cell().at;
    let mut points = [[0; 5]; 3];
    for f in &features {
        let touches_last = f.members.iter().any(|&(c, k)| {
            c == last || (Some(c) == bridge && k == s.variant_of(&s.cells()[c]).segment_count)
        });
        let (slot, value) = match f.kind {
            FeatureKind::Road if touches_last && f.open == 0 => (0, f.tiles as i32),
            FeatureKind::City if touches_last && f.open == 0 => {
                (1, 2 * (f.tiles as i32 + f.pennants as i32))
            }
            FeatureKind::Monastery => {
                let at = s.cells()[f.members[0].0].at;
                let near = (at.x - placed.x).abs() <= 1 && (at.y - placed.y).abs() <= 1;
                if !near || s.board().placed_around(at) < 8 {
                    continue;
                }
                (2, 9)
            }
            _ => continue,
        };
        for (p, points) in points[slot].iter_mut().enumerate() {
            if f.scorers() & 1 << p != 0 {
                *points += value;
            }
        }
    }
    points
}

/// Points the final scoring must pay (C-4), by road, city, monastery and field.
fn expected_final_points(s: &CarcassonneState) -> [[i32; 5]; 4] {
    let (features, _) = flood_fill(s);
    let mut points = [[0; 5]; 4];
    for f in &features {
        let (slot, value) = match f.kind {
            FeatureKind::Road => (0, f.tiles as i32),
            FeatureKind::City => (1, f.tiles as i32 + f.pennants as i32),
            FeatureKind::Monastery => {
                let at = s.cells()[f.members[0].0].at;
                (2, 1 + s.board().placed_around(at) as i32)
            }
            _ => (3, 3 * f.cities as i32),
        };
        for (p, points) in points[slot].iter_mut().enumerate() {
            if f.scorers() & 1 << p != 0 {
                *points += value;
            }
        }
    }
    points
}

fn points_by(s: &CarcassonneState, sources: &[PointSource]) -> Vec<[i32; 5]> {
    sources
        .iter()
        .map(|&src| {
            let mut row = [0; 5];
            for (p, v) in row.iter_mut().enumerate().take(s.players()) {
                *v = s.stats(p).points_from(src);
            }
            row
        })
        .collect()
}

/// 500 random games of 2–5 players, 150 more with The Robbers (R-1…R-6; robbers' thefts are
/// counted apart, so roads, cities, monasteries and final scoring must still match), 150 with
/// Bridges, Castles and Bazaars and 150 with both (B-1…B-3, small cities always scored):
/// aggregates are compared after every tile placement (before scoring returns meeples) and at
/// the end; every turn's scoring and the final scoring are recomputed from the flood fill.
#[test]
fn union_find_matches_flood_fill_on_500_random_games() {
    let turn_sources = [PointSource::Road, PointSource::City, PointSource::Monastery];
    let final_sources = [
        PointSource::FinalRoad,
        PointSource::FinalCity,
        PointSource::FinalMonastery,
        PointSource::FinalField,
    ];
    let mut checks = 0u64;
    let mut cities_bordered = 0u64;
    let mut bridges = 0;
    for seed in 0..950u64 {
        let players = 2 + (seed % 4) as usize;
        let mut setup = Setup::new(players, seed);
        setup.options.expansions.robbers = (500..650).contains(&seed) || seed >= 800;
        setup.options.expansions.bcb = seed >= 650;
        let mut bridge = None;
        let mut g = CarcassonneState::new(&setup).unwrap();
        let mut rng = rng_from_seed(derive_seed(seed, 7));
        let mut legal = Vec::new();
        while !g.is_terminal() {
            g.legal_actions(&mut legal);
            let a = legal[below(&mut rng, legal.len())];
            if g.phase() == Phase::PlaceTile {
                bridge = None;
            }
            if let Action::Bridge { at, .. } = a {
                bridge = g.cells().iter().position(|c| c.at == at);
                bridges += 1;
            }
            if g.phase() == Phase::Meeple {
                let filled = flood_fill(&g);
                check_aggregates(&g, &filled.0);
                checks += 1;
                let want = expected_turn_points(&g, filled, a, bridge);
                let before = points_by(&g, &turn_sources);
                g.apply(a);
                // the scoring's decisions (orders, victims) before the points move.
                // B-4: small cities are scored, never converted, here.
                while matches!(g.phase(), Phase::ScoreOrder | Phase::Rob | Phase::Castle) {
                    if g.phase() == Phase::Castle {
                        g.apply(Action::Castle { build: false });
                        continue;
                    }
                    g.legal_actions(&mut legal);
                    g.apply(legal[below(&mut rng, legal.len())]);
                }
                let after = points_by(&g, &turn_sources);
                for i in 0..3 {
                    for p in 0..5 {
                        assert_eq!(
                            after[i][p] - before[i][p],
                            want[i][p],
                            "seed {seed}: {:?} points of P{p} this turn",
                            turn_sources[i]
                        );
                    }
                }
            } else {
                g.apply(a);
            }
        }
        let (features, _) = flood_fill(&g);
        check_aggregates(&g, &features);
        cities_bordered += features.iter().map(|f| f.cities as u64).sum::<u64>();
        let want = expected_final_points(&g);
        assert_eq!(points_by(&g, &final_sources), want.to_vec(), "seed {seed}");
    }
    assert!(checks > 30_000, "only {checks} positions checked");
    assert!(bridges > 100, "only {bridges} bridges built");
    assert!(
        cities_bordered > 1000,
        "fields rarely border completed cities"
    );
}
