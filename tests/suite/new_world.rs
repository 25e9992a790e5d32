//! New World's hooks: its rule variants, what players see, the unseen pile, the invariants of
//! its rules (scores never fall, settlers conserved, surveyors one column apart and never east
//! of the land, N-13 removals, land west of the coast, every tile placed or removed) and a
//! flood-fill oracle.
//!
//! The oracle: the incremental union-find agrees with a naive flood fill over the placed tiles
//! on random games: for every trail, town, plains area and farm, its members, open edges (a
//! starting space's sea sides never count, N-7), distinct tiles, flags / trading posts /
//! animals and settlers per seat. The flood fill also recomputes what the end of the game pays
//! each occupied feature (N-16, N-17) and checks that no complete feature keeps its settlers
//! after a turn's scoring (N-6…N-10).

use super::hooks::{pieces_per_seat, pile_order, Hooks, Oracle, Variant, Watch};
use crate::common::fast_hash::{HashMap, HashSet};
use crate::common::{group_across_edges, member_edges};
use meeplelab::core::game::Game;
use meeplelab::core::geom::{Coord, HalfSide, Side};
use meeplelab::core::tileset::{FeatureKind, Orientation};
use meeplelab::games::new_world::{Action, NewWorldState, Role, POST_POINTS, SETTLERS};

/// New World's hooks.
pub struct NewWorldHooks;

impl Hooks<NewWorldState> for NewWorldHooks {
    /// The default rules, the surveyor variant (N-14), and surveyors starting anywhere without
    /// the bonus (N-3, N-12).
    fn variants(&self) -> &'static [Variant] {
        &[
            &[],
            &["surveyor_variant=true"],
            &["surveyor_start=any", "surveyor_bonus=0"],
        ]
    }

    /// The board, settlers, surveyors, supplies, the features waiting to be scored and the
    /// tile drawn.
    fn public_view(&self, s: &NewWorldState) -> Option<String> {
        let seats: Vec<_> = (0..s.players())
            .map(|p| (s.settlers_in_supply(p), s.settlers_removed(p)))
            .collect();
        let waiting: Vec<_> = s.waiting_features().collect();
        Some(format!(
            "{:?}",
            (
                (s.phase(), s.active_player(), s.drawn_tile()),
                (s.cells(), s.placed_settlers(), seats, waiting),
                (
                    s.surveyor_columns(),
                    s.track_surveyor(),
                    s.westernmost_column()
                ),
                (s.tiles_removed(), s.scorings(), s.options()),
            )
        ))
    }

    /// The unseen tiles in the pile's order.
    fn hidden_order(&self, s: &NewWorldState) -> Option<Vec<u32>> {
        pile_order(s.pile())
    }

    fn invariants(&self) -> Box<dyn Watch<NewWorldState>> {
        Box::new(Invariants::default())
    }

    /// 120 random games; every feature is compared after every decision.
    fn oracle(&self) -> Option<Oracle<NewWorldState>> {
        Some(Oracle::new(120, FloodFill::default()))
    }
}

/// The rules' invariants; games end within 1000 decisions; over all games, scorings and N-13
/// removals occur.
#[derive(Default)]
struct Invariants {
    steps: usize,
    scores: Vec<i32>,
    columns: Vec<i8>,
    scorings: usize,
    removed: usize,
}

impl Watch<NewWorldState> for Invariants {
    fn before(&mut self, g: &NewWorldState, _: &[Action], _: Action) {
        self.steps += 1;
        assert!(self.steps < 1000, "the game terminates");
        self.scores = g.scores().to_vec();
        self.columns = g.surveyor_columns().to_vec();
    }

    fn after(&mut self, g: &NewWorldState) {
        // Scores never decrease (no rule takes points away).
        for (a, b) in self.scores.iter().zip(g.scores()) {
            assert!(b >= a);
        }
        // Settlers conserved: supply + on the board = 5 per player.
        let seats = g.placed_settlers().iter().map(|s| s.player);
        for (p, placed) in pieces_per_seat(g.players(), seats).into_iter().enumerate() {
            assert_eq!(g.settlers_in_supply(p) as usize + placed, SETTLERS as usize);
        }
        let cols = g.surveyor_columns();
        assert!(cols.iter().all(|&c| c <= 0 && c >= g.westernmost_column()));
        if cols.len() == 2 {
            assert!(
                (cols[0] - cols[1]).abs() <= 1,
                "N-11: surveyors one column apart"
            );
            // N-13: no standing settler east of the easternmost surveyor after a move.
            let east = cols[0].max(cols[1]);
            if cols != self.columns.as_slice() {
                assert!(g
                    .placed_settlers()
                    .iter()
                    .all(|s| s.role == Role::Trapper || s.column <= east));
            }
        }
        assert!(
            g.cells().iter().skip(10).all(|c| c.at.x < 0),
            "N-4: land west of the coast"
        );
    }

    fn end(&mut self, g: &NewWorldState) {
        self.steps = 0;
        let placed: i64 = (0..g.players())
            .map(|p| {
                let mut v = Vec::new();
                g.player_stats(p, &mut v);
                assert_eq!(v[..8].iter().sum::<i64>(), g.scores()[p] as i64);
                v[8]
            })
            .sum();
        assert_eq!(
            placed as usize + g.tiles_removed(),
            95,
            "every tile placed or removed"
        );
        self.scorings += g.scorings();
        self.removed += (0..g.players())
            .map(|p| g.settlers_removed(p) as usize)
            .sum::<usize>();
    }

    fn finish(&self) {
        assert!(self.scorings > 300, "{} scorings", self.scorings);
        assert!(
            self.removed > 20,
            "{} settlers removed by surveyors (N-13)",
            self.removed
        );
    }
}

/// Every feature compared after every decision; none complete keeps its settlers after a
/// turn.
#[derive(Default)]
struct FloodFill {
    turn: usize,
    checked: usize,
}

impl Watch<NewWorldState> for FloodFill {
    fn before(&mut self, g: &NewWorldState, _: &[Action], _: Action) {
        self.turn = g.turn();
    }

    fn after(&mut self, g: &NewWorldState) {
        self.checked += check(g, g.turn() != self.turn);
    }

    fn finish(&self) {
        assert!(self.checked > 100_000, "{} features checked", self.checked);
    }
}

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
    s.variant_of(c).turned(c.rot)
}

/// The edges member `k` of cell `c` meets (see [`member_edges`]).
fn across(s: &NewWorldState, c: usize, k: u8) -> Vec<(Side, Option<HalfSide>)> {
    let o = orientation(s, c);
    member_edges(o, |side| o.side_segment[side.index()], k)
}

/// Every feature of the position, recomputed from the placed cells and settlers alone.
fn flood_fill(s: &NewWorldState) -> Vec<Feature> {
    let cells = s.cells();
    let at: HashMap<Coord, usize> = cells.iter().enumerate().map(|(i, c)| (c.at, i)).collect();
    let coords: Vec<Coord> = cells.iter().map(|c| c.at).collect();
    let fill = group_across_edges(
        &coords,
        |c| s.variant_of(&cells[c]).segment_count,
        |c| orientation(s, c),
        |c, side| orientation(s, c).side_segment[side.index()],
    );
    let seen = fill.feature_of;
    let mut features: Vec<Feature> = Vec::new();
    for members in fill.features {
        let kind = s.variant_of(&cells[members[0].0]).segments[members[0].1 as usize].kind;
        // Whole sides facing an empty space that is not sea.
        let open = (members.iter())
            .flat_map(|&(c, k)| {
                across(s, c, k)
                    .into_iter()
                    .map(move |(side, half)| (c, side, half))
            })
            .filter(|&(c, side, half)| {
                let there = cells[c].at.step(side);
                half.is_none() && !at.contains_key(&there) && !s.borders_sea(cells[c].at, side)
            })
            .count() as u8;
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
        features.push(Feature {
            kind,
            members,
            open,
            tiles: distinct.len() as u8,
            marks,
            settlers: [0; 5],
        });
    }
    for st in s.placed_settlers() {
        let c = cells.iter().rposition(|c| c.first_node <= st.node).unwrap();
        let f = seen[&(c, (st.node - cells[c].first_node) as u8)];
        features[f].settlers[st.player as usize] += 1;
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
    let mut roots = HashSet::default();
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
            FeatureKind::Farm => (Role::Farmer, 1 + around(s, cells[f.members[0].0].at)),
            _ => (Role::Trapper, f.marks as i32),
        };
        if matches!(f.kind, FeatureKind::Road | FeatureKind::City) {
            assert_eq!((agg.open, agg.tiles), (f.open, f.tiles), "{f:?}");
        }
        assert_eq!(s.final_value(root, role), naive_value, "{f:?}");
        let complete = match f.kind {
            FeatureKind::Road | FeatureKind::City => f.open == 0,
            FeatureKind::Farm => naive_value == 9,
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
