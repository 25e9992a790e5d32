//! Carcassonne's hooks (with The Robbers and Bridges, Castles and Bazaars): its rule variants,
//! what players see, the unseen pile, the invariants of design.md and of the expansions'
//! rules, a flood-fill oracle of every feature and of what every scoring pays, and a
//! brute-force placement generator.
//!
//! The oracle: the incremental union-find agrees with a naive flood fill on random games
//! (design.md): for roads, cities and fields, completion (open edges), distinct tiles,
//! pennants, meeples per seat and, for fields, the completed cities bordering them (each city
//! once per field). The flood fill also recomputes what every turn's scoring (C-3) and the
//! final scoring (C-4) must pay. With Bridges, Castles and Bazaars a bridge is one more road
//! segment of its tile (index = the tile's segment count) joining its two ends (B-2, B-3); the
//! oracle's random players always score small cities instead of building castles, so that
//! every point is a road, city, monastery or field point (castles: tests/carcassonne_bcb.rs and
//! the invariants).

use super::hooks::{pieces_per_seat, pile_order, Hooks, Oracle, Variant, Watch};
use crate::common::fast_hash::{HashMap, HashSet};
use crate::common::group_across_edges;
use meeplelab::core::game::Game;
use meeplelab::core::geom::{Coord, Rotation, Side};
use meeplelab::core::tileset::{FeatureKind, NO_SEGMENT};
use meeplelab::games::carcassonne::{
    bridges_and_castles, Action, CarcassonneState, Phase, PointSource,
};

/// Carcassonne's hooks.
pub struct CarcassonneHooks;

impl Hooks<CarcassonneState> for CarcassonneHooks {
    /// The base game, each expansion and both (R-1…R-6, B-1…B-7), with the rule options.
    fn variants(&self) -> &'static [Variant] {
        &[
            &[],
            &["expansions=robbers"],
            &["expansions=bcb"],
            &["expansions=robbers,bcb", "robber_placement=all_in_order"],
            &["expansions=robbers,bcb", "bazaar=no_bidding", "meeples=4"],
        ]
    }

    /// The board (bridges included), meeples, castles, the score track with its robbers,
    /// every supply, the bazaar and the tile drawn.
    fn public_view(&self, s: &CarcassonneState) -> Option<String> {
        let seats: Vec<_> = (0..s.players())
            .map(|p| {
                (
                    s.meeples_in_supply(p),
                    s.bridges_in_supply(p),
                    s.castles_in_supply(p),
                    s.track_position(p),
                )
            })
            .collect();
        Some(format!(
            "{:?}",
            (
                (s.phase(), s.active_player(), s.decider(), s.drawn_tile()),
                (s.cells(), s.placed_meeples(), s.castles(), seats),
                (s.track(), s.bazaar(), s.completed_this_turn()),
                (
                    s.tiles_left(),
                    s.tiles_removed(),
                    s.tiles_discarded(),
                    s.options()
                ),
            )
        ))
    }

    /// The unseen tiles in the pile's order.
    fn hidden_order(&self, s: &CarcassonneState) -> Option<Vec<u32>> {
        pile_order(s.pile())
    }

    fn invariants(&self) -> Box<dyn Watch<CarcassonneState>> {
        Box::new(Invariants::default())
    }

    /// 950 random games over the variants; aggregates are compared after every tile
    /// placement (before scoring returns meeples) and at the end; every turn's scoring and the
    /// final scoring are recomputed from the flood fill.
    fn oracle(&self) -> Option<Oracle<CarcassonneState>> {
        Some(Oracle::new(950, FloodFill::default()))
    }

    /// Placements by brute force (other decisions, and placements with Bridges, Castles and
    /// Bazaars, where a bridge can make a tile fit (B-2): the engine's).
    fn naive_legal(&self, s: &CarcassonneState, engine: &[Action]) -> Option<Vec<Action>> {
        Some(
            if s.phase() == Phase::PlaceTile && !s.options().expansions.bcb {
                naive_placements(s)
            } else {
                engine.to_vec()
            },
        )
    }

    fn naive_games(&self) -> u64 {
        20
    }
}

fn check_conservation(s: &CarcassonneState) {
    let seats = s.placed_meeples().iter().map(|m| m.player);
    for (p, on_board) in pieces_per_seat(s.players(), seats).into_iter().enumerate() {
        let castles = s.castles().iter().filter(|c| c.owner as usize == p);
        let on_castles = castles.clone().filter(|c| !c.scored).count();
        assert_eq!(
            s.castles_in_supply(p) as usize + castles.count(),
            if s.options().expansions.bcb {
                bridges_and_castles(s.players()).1 as usize
            } else {
                0
            },
            "B-1: castles of P{p}"
        );
        let bridges = s.cells().iter().filter(|c| c.data.bridge.is_some()).count();
        assert!(bridges <= s.players() * bridges_and_castles(s.players()).0 as usize);
        assert_eq!(
            s.meeples_in_supply(p) as usize + on_board + on_castles,
            s.options().meeples as usize,
            "meeples of P{p} not conserved"
        );
        assert_eq!(
            s.stats(p).total_points(),
            s.scores()[p],
            "points by source ≠ score"
        );
        assert_eq!(
            s.track_position(p) as i32,
            s.scores()[p].rem_euclid(50),
            "C-6 track"
        );
    }
    // C-2: a meeple stands only where its feature's aggregate counts it.
    for m in s.placed_meeples() {
        assert!(s.feature(m.node).meeples[m.player as usize] > 0);
    }
    // a robber stands on a space with another player's marker.
    for p in 0..s.players() {
        if let Some(space) = s.track().robber(p) {
            let shared = (0..s.players()).any(|q| q != p && s.track_position(q) == space);
            assert!(shared, "robber of P{p} alone on space {space}");
        }
    }
    if !s.options().expansions.robbers {
        assert_eq!(s.stats_robbery_total(), 0);
    }
    if s.phase() != Phase::Bridge {
        check_edges(s);
    }
}

/// C-2, B-2: every placed tile's edges match its neighbours', a bridge showing a road.
fn check_edges(s: &CarcassonneState) {
    let terrain = |cell: &meeplelab::games::carcassonne::Cell, side: Side| {
        if cell.data.bridge.is_some_and(|b| b.covers(side)) {
            return 1;
        }
        (s.orientation_of(cell).signature >> (2 * side.index())) & 0b11
    };
    for cell in s.cells() {
        for side in Side::ALL {
            if let Some(other) = s.cell_at(cell.at.step(side)) {
                assert_eq!(
                    terrain(cell, side),
                    terrain(other, side.opposite()),
                    "edges of {} and {} do not match",
                    cell.at,
                    other.at
                );
            }
        }
    }
}

/// Points from robbers over all players.
trait RobberyTotal {
    fn stats_robbery_total(&self) -> i32;
}

impl RobberyTotal for CarcassonneState {
    fn stats_robbery_total(&self) -> i32 {
        (0..self.players())
            .map(|p| {
                let st = self.stats(p);
                st.points_from(PointSource::Robbery) + st.points_from(PointSource::FinalRobber)
            })
            .sum()
    }
}

/// Meeples, castles and bridges conserved, points by source add up, the track follows the
/// score, robbers stand by another marker, edges match, earned scores never fall, and every
/// decision is asked only when the rules ask it; over all games, every expansion decision
/// occurs.
#[derive(Default)]
struct Invariants {
    /// Scores without bazaar payments (B-7) at the previous decision.
    last: Vec<i32>,
    stolen: i32,
    bridges: usize,
    castles: usize,
    bazaars: usize,
    discarded: usize,
    robber_choices: usize,
}

/// Scores without bazaar payments (B-7), which are the only points ever taken away.
fn earned(s: &CarcassonneState) -> Vec<i32> {
    (0..s.players())
        .map(|p| s.scores()[p] - s.stats(p).points_from(PointSource::Bazaar))
        .collect()
}

impl Invariants {
    fn check_scores(&mut self, s: &CarcassonneState) {
        check_conservation(s);
        if self.last.len() == s.players() {
            for (p, (&now, &before)) in earned(s).iter().zip(&self.last).enumerate() {
                assert!(now >= before, "score of P{p} fell from {before} to {now}");
            }
        }
        self.last = earned(s);
    }
}

impl Watch<CarcassonneState> for Invariants {
    fn before(&mut self, s: &CarcassonneState, legal: &[Action], _: Action) {
        self.check_scores(s);
        let (robbers, bcb) = (s.options().expansions.robbers, s.options().expansions.bcb);
        assert_eq!(s.to_move(), Some(s.decider()));
        match s.phase() {
            Phase::Meeple => {
                assert!(legal.contains(&Action::Pass));
                assert_eq!(s.decider(), s.active_player());
            }
            Phase::PlaceTile => {
                assert_eq!(s.decider(), s.active_player());
                // B-2: a discard comes last, after placements that all need a bridge.
                if legal.contains(&Action::Discard) {
                    assert!(bcb && legal.len() >= 2 && legal.last() == Some(&Action::Discard));
                }
            }
            // the robber phase offers to keep the robber and at least one space.
            Phase::Robber => assert!(legal.len() >= 2 && legal[0] == Action::KeepRobber),
            // decisions come only when there is a choice.
            Phase::ScoreOrder | Phase::Rob => assert!(legal.len() >= 2),
            // B-2: a bridge decision offers at least one bridge.
            Phase::Bridge => assert!(legal.iter().any(|a| matches!(a, Action::Bridge { .. }))),
            // B-4: score or convert; B-5: a choice between different values.
            Phase::Castle | Phase::CastleScore => assert!(legal.len() >= 2),
            // B-7: bazaar decisions only with a choice; only players without a tile bid.
            Phase::BazaarOffer | Phase::BazaarBid | Phase::BazaarDeal => {
                assert!(legal.len() >= 2);
                self.bazaars += 1;
            }
            // R-5b: move back or stay, asked only with both expansions.
            Phase::RobberBack => {
                assert!(robbers && bcb && legal.len() == 2);
                self.robber_choices += 1;
            }
            Phase::GameOver => unreachable!("no decision after the end"),
        }
        if !robbers && !bcb {
            assert!(matches!(s.phase(), Phase::PlaceTile | Phase::Meeple));
        }
    }

    fn end(&mut self, g: &CarcassonneState) {
        self.check_scores(g);
        self.last.clear();
        let (robbers, bcb) = (g.options().expansions.robbers, g.options().expansions.bcb);
        self.stolen += g.stats_robbery_total();
        self.bridges += g.cells().iter().filter(|c| c.data.bridge.is_some()).count();
        self.castles += g.castles().len();
        // Every tile was placed or removed (C-2); the start tile makes 72, robber tiles 8 and
        // BCB tiles 12 more; B-2: or discarded instead of being placed with a bridge.
        let total = 72 + if robbers { 8 } else { 0 } + if bcb { 12 } else { 0 };
        let gone = g.tiles_removed() + g.tiles_discarded();
        assert_eq!(g.cells().len() + gone, total);
        self.discarded += g.tiles_discarded();
        assert_eq!(g.tiles_left(), 0);
    }

    fn finish(&self) {
        assert!(self.stolen > 0, "random robbers games never stole");
        assert!(
            self.bridges > 0
                && self.castles > 0
                && self.bazaars > 0
                && self.discarded > 0
                && self.robber_choices > 0,
            "random BCB games: {} bridges, {} castles, {} bazaar decisions, {} tiles discarded, \
             {} robber choices",
            self.bridges,
            self.castles,
            self.bazaars,
            self.discarded,
            self.robber_choices
        );
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
    // Neighbouring segments across whole sides (roads, cities) and half sides (fields).
    let coords: Vec<Coord> = cells.iter().map(|c| c.at).collect();
    let fill = group_across_edges(
        &coords,
        |c| members_of(s, c),
        |c| s.orientation_of(&cells[c]),
        |c, side| side_member(s, c, side),
    );
    let id_of = fill.feature_of;
    let mut features: Vec<Feature> = (fill.features.into_iter())
        .map(|members| Feature {
            kind: kind_of(s, members[0].0, members[0].1),
            members,
            open: 0,
            tiles: 0,
            pennants: 0,
            meeples: [0; 5],
            cities: 0,
        })
        .collect();
    let node_of = |(c, k): (usize, u8)| match cells[c].data.bridge {
        Some(b) if k == s.variant_of(&cells[c]).segment_count => b.node,
        _ => cells[c].first_node + k as u16,
    };
    let member_of: HashMap<u16, (usize, u8)> = id_of.keys().map(|&m| (node_of(m), m)).collect();
    for f in &mut features {
        let mut tiles = HashSet::default();
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
        let mut cities = HashSet::default();
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

/// Follows random games for the oracle: aggregates at every meeple decision (right after the
/// placement) and at the end; the points of every turn's scoring, compared once its decisions
/// (orders, victims; castles never built) are taken; the final scoring at the end.
#[derive(Default)]
struct FloodFill {
    checks: u64,
    cities_bordered: u64,
    bridges: u64,
    /// The cell of this turn's bridge (B-2), if any.
    bridge: Option<usize>,
    /// A turn's scoring under way: the points it must pay and the points before it.
    pending: Option<Pending>,
}

/// Points by turn source and seat a turn's scoring must pay, and the points before it.
type Pending = ([[i32; 5]; 3], Vec<[i32; 5]>);

const TURN_SOURCES: [PointSource; 3] =
    [PointSource::Road, PointSource::City, PointSource::Monastery];

impl FloodFill {
    /// Compares a finished turn's scoring with what the flood fill said it must pay.
    fn settle(&mut self, g: &CarcassonneState) {
        let Some((want, before)) = self.pending.take() else {
            return;
        };
        let after = points_by(g, &TURN_SOURCES);
        for i in 0..3 {
            for p in 0..5 {
                assert_eq!(
                    after[i][p] - before[i][p],
                    want[i][p],
                    "{:?} points of P{p} this turn",
                    TURN_SOURCES[i]
                );
            }
        }
    }
}

impl Watch<CarcassonneState> for FloodFill {
    /// B-4: small cities are scored, never converted.
    fn choose(&mut self, g: &CarcassonneState, _: &[Action]) -> Option<Action> {
        (g.phase() == Phase::Castle).then_some(Action::Castle { build: false })
    }

    fn before(&mut self, g: &CarcassonneState, _: &[Action], a: Action) {
        // the scoring's decisions (orders, victims) come before the points move.
        if !matches!(g.phase(), Phase::ScoreOrder | Phase::Rob | Phase::Castle) {
            self.settle(g);
        }
        if g.phase() == Phase::PlaceTile {
            self.bridge = None;
        }
        if let Action::Bridge { at, .. } = a {
            self.bridge = g.cells().iter().position(|c| c.at == at);
            self.bridges += 1;
        }
        if g.phase() == Phase::Meeple {
            let filled = flood_fill(g);
            check_aggregates(g, &filled.0);
            self.checks += 1;
            let want = expected_turn_points(g, filled, a, self.bridge);
            self.pending = Some((want, points_by(g, &TURN_SOURCES)));
        }
    }

    fn end(&mut self, g: &CarcassonneState) {
        self.settle(g);
        let (features, _) = flood_fill(g);
        check_aggregates(g, &features);
        self.cities_bordered += features.iter().map(|f| f.cities as u64).sum::<u64>();
        let final_sources = [
            PointSource::FinalRoad,
            PointSource::FinalCity,
            PointSource::FinalMonastery,
            PointSource::FinalField,
        ];
        let want = expected_final_points(g);
        assert_eq!(points_by(g, &final_sources), want.to_vec());
    }

    fn finish(&self) {
        assert!(
            self.checks > 30_000,
            "only {} positions checked",
            self.checks
        );
        assert!(self.bridges > 100, "only {} bridges built", self.bridges);
        assert!(
            self.cities_bordered > 1000,
            "fields rarely border completed cities"
        );
    }
}

/// The drawn tile's placements by brute force: every empty cell next to a tile, every rotation
/// (one per distinct result), every side's terrain compared with the neighbour's facing side.
fn naive_placements(g: &CarcassonneState) -> Vec<Action> {
    let v = g.tiles().variant(g.drawn_tile());
    let terrain = |sig: u8, side: Side| (sig >> (2 * side.index())) & 3;
    let mut out = Vec::new();
    for x in -30i8..=30 {
        for y in -30i8..=30 {
            let at = Coord::new(x, y);
            if g.cell_at(at).is_some() {
                continue;
            }
            let mut rots: Vec<Rotation> = Vec::new();
            for rot in Rotation::ALL {
                let sig = v.turned(rot).signature;
                let mut neighbours = 0;
                let fits = Side::ALL
                    .into_iter()
                    .all(|side| match g.cell_at(at.step(side)) {
                        None => true,
                        Some(n) => {
                            neighbours += 1;
                            let other = g.orientation_of(n).signature;
                            terrain(sig, side) == terrain(other, side.opposite())
                        }
                    });
                let canon = v.canonical_rotation(rot);
                if fits && neighbours > 0 && !rots.contains(&canon) {
                    rots.push(canon);
                }
            }
            out.extend(rots.into_iter().map(|rot| Action::Place { at, rot }));
        }
    }
    out
}
