//! The incremental union-find of the New World engine agrees with a naive flood fill over the
//! placed tiles on random games: for every trail, town, plains area and farm, its members,
//! open edges (a starting space's sea sides never count, N-7), distinct tiles, flags / trading posts / animals and
//! settlers per seat. The flood fill also recomputes what the end of the game pays each
//! occupied feature (N-16, N-17) and checks that no complete feature keeps its settlers after
//! a turn's scoring (N-6…N-10).

use meeplelab::core::game::Game;
use meeplelab::core::geom::{Coord, HalfSide, Side};
use meeplelab::core::rng::{below, rng_from_seed};
use meeplelab::core::tileset::{FeatureKind, Orientation, NO_SEGMENT};
use meeplelab::games::new_world::{NewWorldState, Options, Role, POST_POINTS, SETTLERS};
use std::collections::{HashMap, HashSet};

/// One feature as the flood fill sees it.
#[derive(Debug)]
struct Feature {
    kind: FeatureKind,
    /// (cell index, segment index) of every segment in it.
    members: Vec<(usize, u8)>,
    open: u8,
    tiles: u8,
    marks: u8,
    settlers: [u8; 5],
}

/// The orientation tables of placed cell `cell`.
fn orientation(s: &NewWorldState, cell: usize) -> &Orientation {
    let c = &s.cells()[cell];
    &s.variant_of(c).orientations[c.rot.quarter_turns() as usize]
}

/// Every feature of the position, recomputed from the placed cells and settlers alone.
fn flood_fill(s: &NewWorldState) -> Vec<Feature> {
    let cells = s.cells();
    let at: HashMap<Coord, usize> = cells.iter().enumerate().map(|(i, c)| (c.at, i)).collect();
    let mut seen: HashSet<(usize, u8)> = HashSet::new();
    let mut features = Vec::new();
    for start in 0..cells.len() {
        for seg in 0..s.variant_of(&cells[start]).segment_count {
            if !seen.insert((start, seg)) {
                continue;
            }
            let kind = s.variant_of(&cells[start]).segments[seg as usize].kind;
            let mut members = vec![(start, seg)];
            let mut open = 0;
            let mut next = 0;
            while next < members.len() {
                let (c, k) = members[next];
                next += 1;
                let o = orientation(s, c);
                let mut across = Vec::new();
                for side in Side::ALL {
                    if o.side_segment[side.index()] == k {
                        across.push((side, None));
                    }
                }
                for half in HalfSide::ALL {
                    if o.half_segment[half.index()] == k {
                        across.push((half.side(), Some(half)));
                    }
                }
                for (side, half) in across {
                    let there = cells[c].at.step(side);
                    let Some(&n) = at.get(&there) else {
                        if half.is_none() && !s.borders_sea(cells[c].at, side) {
                            open += 1;
                        }
                        continue;
                    };
                    let no = orientation(s, n);
                    let other = match half {
                        None => no.side_segment[side.opposite().index()],
                        Some(h) => no.half_segment[h.facing().index()],
                    };
                    assert_ne!(other, NO_SEGMENT, "edges do not match at {}", cells[n].at);
                    if seen.insert((n, other)) {
                        members.push((n, other));
                    }
                }
            }
            let distinct: HashSet<usize> = members.iter().map(|&(c, _)| c).collect();
            let marks = members
                .iter()
                .map(|&(c, k)| {
                    let sg = &s.variant_of(&cells[c]).segments[k as usize];
                    if kind == FeatureKind::Field {
                        sg.birds
                    } else {
                        sg.pennants
                    }
                })
                .sum();
            let mut settlers = [0u8; 5];
            for st in s.placed_settlers() {
                let c = cells.iter().rposition(|c| c.first_node <= st.node).unwrap();
                if members.contains(&(c, (st.node - cells[c].first_node) as u8)) {
                    settlers[st.player as usize] += 1;
                }
            }
            features.push(Feature {
                kind,
                members,
                open,
                tiles: distinct.len() as u8,
                marks,
                settlers,
            });
        }
    }
    features
}

/// Placed cells among the eight around `c`, counted from the cell list.
fn around(s: &NewWorldState, c: Coord) -> i32 {
    let at: HashSet<Coord> = s.cells().iter().map(|c| c.at).collect();
    let mut n = 0;
    for dx in -1..=1 {
        for dy in -1..=1 {
            n += i32::from((dx, dy) != (0, 0) && at.contains(&Coord::new(c.x + dx, c.y + dy)));
        }
    }
    n
}

/// Compares every flood-filled feature with the engine's aggregate.
fn check(s: &NewWorldState, after_turn: bool) -> usize {
    let features = flood_fill(s);
    let cells = s.cells();
    let node = |(c, k): (usize, u8)| cells[c].first_node + k as u16;
    let mut roots = HashSet::new();
    for f in &features {
        let root = s.feature_root(node(f.members[0]));
        assert!(roots.insert(root), "two features share root {root}");
        for &m in &f.members {
            assert_eq!(s.feature_root(node(m)), root, "{f:?}");
        }
        let agg = s.feature(root);
        assert_eq!(agg.settlers[..], f.settlers[..], "{f:?}");
        assert_eq!(agg.marks, f.marks, "{f:?}");
        let (role, naive_value) = match f.kind {
            FeatureKind::Road => (Role::Robber, f.tiles as i32 + POST_POINTS * f.marks as i32),
            FeatureKind::City => (Role::Shopkeeper, (f.tiles + f.marks) as i32),
            FeatureKind::Monastery => (Role::Farmer, 1 + around(s, cells[f.members[0].0].at)),
            _ => (Role::Trapper, f.marks as i32),
        };
        if matches!(f.kind, FeatureKind::Road | FeatureKind::City) {
            assert_eq!((agg.open, agg.tiles), (f.open, f.tiles), "{f:?}");
        }
        assert_eq!(s.final_value(root, role), naive_value, "{f:?}");
        let complete = match f.kind {
            FeatureKind::Road | FeatureKind::City => f.open == 0,
            FeatureKind::Monastery => naive_value == 9,
            _ => false,
        };
        if after_turn && complete {
            assert_eq!(
                f.settlers, [0; 5],
                "a complete feature kept its settlers: {f:?}"
            );
        }
    }
    let on_board: usize = features
        .iter()
        .map(|f| f.settlers.iter().sum::<u8>() as usize)
        .sum();
    assert_eq!(on_board, s.placed_settlers().len());
    let supply: usize = (0..s.players())
        .map(|p| s.settlers_in_supply(p) as usize)
        .sum();
    assert_eq!(on_board + supply, s.players() * SETTLERS as usize);
    features.len()
}

#[test]
fn the_union_find_matches_a_flood_fill_on_random_games() {
    let mut legal = Vec::new();
    let mut checked = 0;
    for seed in 0..120u64 {
        let options = Options {
            surveyor_variant: seed % 3 == 0,
            ..Options::default()
        };
        let mut g = NewWorldState::new(2 + (seed % 4) as usize, seed, options).unwrap();
        let mut rng = rng_from_seed(seed);
        while !g.is_terminal() {
            g.legal_actions(&mut legal);
            let a = legal[below(&mut rng, legal.len())];
            let placing = g.turn();
            g.apply(a);
            checked += check(&g, g.turn() != placing);
        }
    }
    assert!(checked > 100_000, "{checked} features checked");
}
