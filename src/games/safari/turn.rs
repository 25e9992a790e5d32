//! Applying decisions: tile placement (S-4), the action (S-5, S-7, S-8), scoring (S-6), the
//! end of the turn and the end of the game (S-10).

use super::action::{Action, ActionKind};
use super::features::FeatureAgg;
use super::holes::{extend_points, COMPLETE_POINTS, DIG_POINTS};
use super::options::FinalScoring;
use super::state::{Cell, Phase, PlacedMeeple, SafariState, Scoring, Spot, Stage, MAX_MEEPLES};
use super::stats::PointSource;
use crate::core::geom::{Coord, Rotation, Side, Vertex};
use crate::core::rng::shuffle;
use crate::core::species::{Species, SpeciesCounts};
use crate::core::tileset::{FeatureKind, VariantId, NO_SEGMENT};

/// Tokens drawn for a baobab meeple and for a completed baobab (S-5.2, S-6.6).
const BAOBAB_TOKENS: usize = 2;

impl SafariState {
    /// Applies a legal action of the current decision.
    pub fn apply_action(&mut self, action: Action) {
        let p = self.decider as usize;
        let kind = self.kind_of(&action);
        self.count(p, kind);
        match (self.phase, action) {
            (Phase::PlaceTile, Action::Place { at, rot }) => self.place_drawn(at, rot),
            (Phase::Action, a) => {
                self.take_action(a);
                self.scoring.stage = Stage::BaobabsFirst;
                self.run_scoring();
            }
            (Phase::ScoreOrder, Action::ScoreFirst { segment }) => {
                let root = self.features.find(self.last_cell().first_node + segment);
                let i = (0..self.scoring.n_completed as usize)
                    .find(|&i| self.completed_root(i) == root)
                    .expect("ScoreFirst names a completed feature");
                self.start_feature(i as u8);
                self.run_scoring();
            }
            (Phase::Boost, Action::Boost { species }) => {
                self.hands[p].remove(species);
                self.discard.add(species);
                self.scoring.boosts[p] = 1;
                self.run_scoring();
            }
            (Phase::Boost, Action::NoBoost) => {
                self.run_scoring();
            }
            (Phase::ReplaceVehicle, Action::ReplaceVehicle { to }) => {
                let v = self.scoring.displaced.expect("a displaced vehicle") as usize;
                self.vehicles[v] = Some(to);
                self.vehicle_fit = self.fresh_vehicle_fit();
                self.run_scoring();
            }
            (phase, a) => panic!("action {a:?} does not belong to phase {phase:?}"),
        }
    }

    /// Puts a tile on the board and joins its segments with their neighbours'.
    pub(super) fn put_tile(&mut self, at: Coord, variant: VariantId, rot: Rotation) {
        let index = self.n_cells;
        let tiles = self.tiles;
        let v = tiles.variant(variant);
        let o = &v.orientations[rot.quarter_turns() as usize];
        let first_node = self.features.len() as u8;
        for seg in v.segments() {
            self.features.push(FeatureAgg {
                open: seg.sides.count_ones() as u16,
                species: seg.species,
                bush: seg.kind == FeatureKind::Bush,
                animals: seg.animals as u16,
                birds: seg.birds as u16,
                segments: 1,
                meeples: [0; 5],
            });
        }
        self.cells[index as usize] = Cell {
            at,
            variant,
            rot,
            first_node,
            tokens: 0,
            free_corners: o.open_corners,
            open_corners: o.open_corners,
            near_token: self.corners_near_tokens(at),
        };
        self.n_cells += 1;
        self.board.place(at, index, o.signature);
        for side in Side::ALL {
            let seg = o.side_segment[side.index()];
            if seg == NO_SEGMENT {
                continue;
            }
            let Some(j) = self.board.get(at.step(side)) else {
                continue;
            };
            let other = self.cells[j as usize];
            let other_seg = tiles.variant(other.variant).orientations
                [other.rot.quarter_turns() as usize]
                .side_segment[side.opposite().index()];
            let root = self
                .features
                .union(first_node + seg, other.first_node + other_seg);
            self.features.get_mut(root).open -= 2;
        }
    }

    fn place_drawn(&mut self, at: Coord, rot: Rotation) {
        self.scoring = Scoring::IDLE;
        if let Some(v) = self.vehicles.iter().position(|&v| v == Some(at)) {
            self.vehicles[v] = None;
            self.scoring.displaced = Some(v as u8);
        }
        self.put_tile(at, self.drawn, rot);
        let beside_vehicle =
            (self.vehicles.iter().flatten()).any(|v| Side::ALL.iter().any(|&s| at.step(s) == *v));
        if self.scoring.displaced.is_some() || beside_vehicle {
            self.vehicle_fit = self.fresh_vehicle_fit();
        }
        let cell = *self.last_cell();
        let segments = self.tiles.variant(cell.variant).segment_count;
        for seg in 0..segments {
            let root = self.features.find(cell.first_node + seg);
            let seen =
                (0..self.scoring.n_completed as usize).any(|i| self.completed_root(i) == root);
            if !seen && self.features.get(root).is_complete() {
                let n = self.scoring.n_completed as usize;
                self.scoring.completed[n] = seg;
                self.scoring.n_completed += 1;
            }
        }
        self.phase = Phase::Action;
    }

    fn take_action(&mut self, action: Action) {
        let p = self.active as usize;
        let cell = *self.last_cell();
        match action {
            Action::Pass => {}
            Action::Meeple { segment } => {
                let node = cell.first_node + segment;
                self.features.get_mut(node).meeples[p] += 1;
                self.put_meeple(p, Spot::Feature(node));
            }
            Action::Baobab => {
                self.put_meeple(p, Spot::Baobab(self.n_cells - 1));
                self.draw_tokens(p, BAOBAB_TOKENS);
            }
            Action::MoveVehicle { vehicle, to } => {
                self.vehicles[vehicle as usize] = Some(to);
                self.vehicle_fit = self.fresh_vehicle_fit();
            }
            Action::Dig {
                at,
                corner,
                species,
            } => {
                self.hands[p].remove(species);
                self.set_token(at, corner, species);
                self.put_meeple(p, Spot::Hole(Vertex::of_corner(at, corner).0));
                self.award(p, PointSource::HoleDig, DIG_POINTS);
            }
            Action::Extend {
                at,
                corner,
                species,
            } => {
                self.hands[p].remove(species);
                self.set_token(at, corner, species);
                let v = Vertex::of_corner(at, corner).0;
                let n = self.vertex_tokens(v).count();
                self.award(p, PointSource::HoleExtend, extend_points(n));
                if n == 4 {
                    self.complete_hole(v);
                }
            }
            other => panic!("{other:?} is not an action of step 2"),
        }
    }

    /// S-8.4: every owner of a meeple on the hole scores once; the meeples return.
    fn complete_hole(&mut self, v: Vertex) {
        let mut owners = 0u8;
        self.remove_meeples_where(|_, m| match m.spot {
            Spot::Hole(h) if h == v => {
                owners |= 1 << m.player;
                true
            }
            _ => false,
        });
        for p in 0..self.players() {
            if owners & (1 << p) != 0 {
                self.award(p, PointSource::HoleComplete, COMPLETE_POINTS);
            }
        }
    }

    /// Runs step 3 until a decision is needed or the turn ends.
    fn run_scoring(&mut self) {
        loop {
            match self.scoring.stage {
                Stage::BaobabsFirst => {
                    if self.options.baobab_tokens_first {
                        self.score_baobabs();
                    }
                    self.scoring.stage = Stage::Features;
                }
                Stage::Features => {
                    if let Some(i) = self.scoring.current {
                        if let Some(p) = self.next_booster() {
                            self.phase = Phase::Boost;
                            self.decider = p as u8;
                            return;
                        }
                        self.score_current();
                        self.scoring.current = None;
                        self.scoring.resolved |= 1 << i;
                        continue;
                    }
                    let pending = self.pending_features();
                    if pending == 0 {
                        self.scoring.stage = Stage::BaobabsLast;
                    } else if pending.count_ones() > 1 && self.order_matters(pending) {
                        self.phase = Phase::ScoreOrder;
                        self.decider = self.active;
                        return;
                    } else {
                        self.start_feature(pending.trailing_zeros() as u8);
                    }
                }
                Stage::BaobabsLast => {
                    if !self.options.baobab_tokens_first {
                        self.score_baobabs();
                    }
                    self.scoring.stage = Stage::Vehicle;
                }
                Stage::Vehicle => {
                    self.scoring.stage = Stage::EndTurn;
                    if self.scoring.displaced.is_some() {
                        let p = self.active as usize;
                        self.award(p, PointSource::Vehicle, self.options.vehicle_bonus);
                        if self.replace_spaces_exist() {
                            self.phase = Phase::ReplaceVehicle;
                            self.decider = self.active;
                            return;
                        }
                    }
                }
                Stage::EndTurn => {
                    self.turn += 1;
                    self.active = (self.active + 1) % self.n_players;
                    self.begin_turn();
                    return;
                }
            }
        }
    }

    /// Root of completed entry `i`.
    pub(super) fn completed_root(&self, i: usize) -> u8 {
        self.features
            .root(self.last_cell().first_node + self.scoring.completed[i])
    }

    /// Completed entries not yet scored that have meeples on them (bit mask).
    pub(super) fn pending_features(&self) -> u8 {
        (0..self.scoring.n_completed as usize)
            .filter(|&i| {
                self.scoring.resolved & (1 << i) == 0
                    && self.features.get(self.completed_root(i)).is_occupied()
            })
            .fold(0, |m, i| m | 1 << i)
    }

    /// The order of pending features matters only if some player scores two of them and
    /// holds a token (a boost spent on one is missing on the other).
    fn order_matters(&self, pending: u8) -> bool {
        (0..self.players()).any(|p| {
            let scored_in = (0..self.scoring.n_completed as usize)
                .filter(|&i| pending & (1 << i) != 0)
                .filter(|&i| {
                    self.features
                        .get(self.completed_root(i))
                        .scorers(FinalScoring::Majority)
                        & (1 << p)
                        != 0
                })
                .count();
            scored_in > 1 && self.hands[p].total() > 0
        })
    }

    fn start_feature(&mut self, i: u8) {
        self.scoring.current = Some(i);
        self.scoring.next_offset = 0;
        self.scoring.boosts = [0; 5];
    }

    /// The next scorer of the current feature, in turn order from the active player, who holds
    /// a token of a species not on it (S-6.5).
    fn next_booster(&mut self) -> Option<usize> {
        let i = self.scoring.current? as usize;
        let agg = *self.features.get(self.completed_root(i));
        let scorers = agg.scorers(FinalScoring::Majority);
        while (self.scoring.next_offset as usize) < self.players() {
            let p = (self.active + self.scoring.next_offset) as usize % self.players();
            self.scoring.next_offset += 1;
            if scorers & (1 << p) != 0 && self.hands[p].mask() & !agg.species != 0 {
                return Some(p);
            }
        }
        None
    }

    /// Scores the current feature (S-6.4) and returns its meeples (S-6.1).
    fn score_current(&mut self) {
        let i = self.scoring.current.expect("a feature being scored") as usize;
        let root = self.completed_root(i);
        let agg = *self.features.get(root);
        let source = if agg.bush {
            PointSource::Bush
        } else {
            PointSource::Path
        };
        let scorers = agg.scorers(FinalScoring::Majority);
        for p in 0..self.players() {
            if scorers & (1 << p) != 0 {
                let boosts = self.scoring.boosts[p] as u32;
                self.award(p, source, agg.completion_points(boosts));
            }
        }
        self.features.get_mut(root).meeples = [0; 5];
        self.remove_meeples_where(
            |s, m| matches!(m.spot, Spot::Feature(n) if s.features.root(n) == root),
        );
    }

    /// S-6.6: every occupied baobab with all eight neighbours placed returns its meeple and
    /// gives its owner two tokens. Only baobabs on or next to this turn's tile can have been
    /// completed now (earlier completions were resolved in their own turn).
    fn score_baobabs(&mut self) {
        if self.on_baobabs == 0 {
            return;
        }
        let placed = self.last_cell().at;
        let mut i = 0;
        while i < self.n_meeples as usize {
            let m = self.meeples[i];
            if let Spot::Baobab(c) = m.spot {
                let at = self.cells[c as usize].at;
                let near = (at.x - placed.x).abs() <= 1 && (at.y - placed.y).abs() <= 1;
                if near && self.board.placed_around_cell(c) == 8 {
                    self.remove_meeple(i);
                    self.draw_tokens(m.player as usize, BAOBAB_TOKENS);
                    continue;
                }
            }
            i += 1;
        }
    }

    fn replace_spaces_exist(&self) -> bool {
        let other = self.vehicles;
        self.board
            .frontier()
            .iter()
            .any(|f| !other.contains(&Some(f.coord)))
    }

    /// Draws the next tile that fits somewhere (S-4.2), or ends the game (S-10.1).
    pub(super) fn begin_turn(&mut self) {
        self.scoring = Scoring::IDLE;
        while self.pile_next < self.pile_len {
            let v = self.pile[self.pile_next as usize];
            self.pile_next += 1;
            self.unseen.take(self.tiles, v);
            self.vehicle_fit.take(self.tiles, v);
            if self.fits_somewhere(v) {
                self.drawn = v;
                self.vehicle_fit.drawn = self.vehicle_fit.fits(self.tiles, v);
                self.phase = Phase::PlaceTile;
                self.decider = self.active;
                return;
            }
            self.tiles_removed += 1;
        }
        self.finish_game();
    }

    /// S-10.2 and S-10.3: final scoring.
    fn finish_game(&mut self) {
        let mut roots = [0u8; MAX_MEEPLES];
        let mut n_roots = 0;
        for i in 0..self.n_meeples as usize {
            if let Spot::Feature(node) = self.meeples[i].spot {
                let r = self.features.find(node);
                if !roots[..n_roots].contains(&r) {
                    roots[n_roots] = r;
                    n_roots += 1;
                }
            }
        }
        for &r in &roots[..n_roots] {
            let agg = *self.features.get(r);
            let scorers = agg.scorers(self.options.final_scoring);
            for p in 0..self.players() {
                if scorers & (1 << p) != 0 {
                    self.award(p, PointSource::FinalFeatures, agg.final_points());
                }
            }
        }
        for p in 0..self.players() {
            let tokens = self.hands[p].total() as i32;
            self.award(p, PointSource::FinalTokens, tokens);
        }
        self.phase = Phase::GameOver;
    }

    fn award(&mut self, p: usize, source: PointSource, points: i32) {
        self.scores[p] += points;
        self.stats[p].add_points(source, points);
    }

    fn count(&mut self, p: usize, kind: ActionKind) {
        self.stats[p].count_action(kind);
    }

    fn put_meeple(&mut self, p: usize, spot: Spot) {
        self.supply[p] -= 1;
        self.on_baobabs += matches!(spot, Spot::Baobab(_)) as u8;
        self.meeples[self.n_meeples as usize] = PlacedMeeple {
            player: p as u8,
            spot,
        };
        self.n_meeples += 1;
    }

    fn remove_meeple(&mut self, i: usize) {
        let n = self.n_meeples as usize;
        self.supply[self.meeples[i].player as usize] += 1;
        self.on_baobabs -= matches!(self.meeples[i].spot, Spot::Baobab(_)) as u8;
        self.meeples.copy_within(i + 1..n, i);
        self.n_meeples -= 1;
    }

    fn remove_meeples_where(&mut self, mut pred: impl FnMut(&Self, &PlacedMeeple) -> bool) {
        let mut i = 0;
        while i < self.n_meeples as usize {
            let m = self.meeples[i];
            if pred(self, &m) {
                self.remove_meeple(i);
            } else {
                i += 1;
            }
        }
    }

    /// Draws up to `n` tokens for `p`, refilling the bag from the discard pile when it runs out
    /// (seed rule; see docs/safari-rules-audit.md).
    fn draw_tokens(&mut self, p: usize, n: usize) {
        for _ in 0..n {
            if self.bag_next == self.bag_len {
                self.refill_bag();
            }
            if self.bag_next == self.bag_len {
                return;
            }
            let t = self.bag[self.bag_next as usize];
            self.bag_next += 1;
            self.hands[p].add(Species::from_index(t as usize));
        }
    }

    fn refill_bag(&mut self) {
        let mut n = 0;
        for s in Species::ALL {
            for _ in 0..self.discard.get(s) {
                self.bag[n] = s.index() as u8;
                n += 1;
            }
        }
        self.discard = SpeciesCounts::EMPTY;
        shuffle(&mut self.rng, &mut self.bag[..n]);
        self.bag_next = 0;
        self.bag_len = n as u8;
    }
}
