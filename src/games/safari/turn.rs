//! Applying decisions: tile placement (S-4), the action (S-5, S-7, S-8), scoring (S-6), the
//! end of the turn and the end of the game (S-10).

use super::action::Action;
use super::holes::{extend_points, COMPLETE_POINTS, DIG_POINTS};
use super::options::FinalScoring;
use super::state::{
    Phase, PlacedMeeple, SafariState, Scoring, Spot, Stage, MAX_MEEPLES, TOTAL_TOKENS,
};
use super::stats::PointSource;
use crate::core::geom::{Coord, Rotation, Side, Vertex};
use crate::core::rng::shuffle;
use crate::core::species::{Species, SpeciesCounts};

/// Tokens drawn for a baobab meeple and for a completed baobab (S-5.2, S-6.6).
const BAOBAB_TOKENS: usize = 2;

impl SafariState {
    /// S-4: places the drawn tile; notes the features it completed and a vehicle it displaced.
    pub(super) fn place_drawn(&mut self, at: Coord, rot: Rotation) {
        self.game.scoring = Scoring::IDLE;
        if let Some(v) = self.game.vehicles.iter().position(|&v| v == Some(at)) {
            self.game.vehicles[v] = None;
            self.game.scoring.displaced = Some(v as u8);
        }
        self.put_tile(at, self.drawn, rot);
        let beside_vehicle = (self.game.vehicles.iter().flatten())
            .any(|v| Side::ALL.iter().any(|&s| at.step(s) == *v));
        if self.game.scoring.displaced.is_some() || beside_vehicle {
            self.game.vehicle_fit = self.fresh_vehicle_fit();
        }
        let cell = *self.last_cell();
        let segments = self.tiles.variant(cell.variant).segment_count;
        for seg in 0..segments {
            let root = self.features.find(cell.first_node + seg);
            let seen =
                (0..self.game.scoring.n_completed as usize).any(|i| self.completed_root(i) == root);
            if !seen && self.features.get(root).is_complete() {
                let n = self.game.scoring.n_completed as usize;
                self.game.scoring.completed[n] = seg;
                self.game.scoring.n_completed += 1;
            }
        }
        self.game.phase = Phase::Action;
    }

    pub(super) fn take_action(&mut self, action: Action) {
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
                self.put_meeple(p, Spot::Baobab(self.cells.len() as u8 - 1));
                self.draw_tokens(p, BAOBAB_TOKENS);
            }
            Action::MoveVehicle { vehicle, to } => {
                self.game.vehicles[vehicle as usize] = Some(to);
                self.game.vehicle_fit = self.fresh_vehicle_fit();
            }
            Action::Dig {
                at,
                corner,
                species,
            }
            | Action::Extend {
                at,
                corner,
                species,
            } => {
                self.game.hands[p].remove(species);
                self.set_token(at, corner, species);
                let v = Vertex::of_corner(at, corner).0;
                if matches!(action, Action::Dig { .. }) {
                    self.put_meeple(p, Spot::Hole(v));
                    self.award(p, PointSource::HoleDig, DIG_POINTS);
                } else {
                    let n = self.vertex_tokens(v).count();
                    self.award(p, PointSource::HoleExtend, extend_points(n));
                    if n == 4 {
                        self.complete_hole(v);
                    }
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
        self.award_seats(owners, PointSource::HoleComplete, COMPLETE_POINTS);
    }

    /// Runs step 3 until a decision is needed or the turn ends.
    pub(super) fn run_scoring(&mut self) {
        loop {
            match self.game.scoring.stage {
                Stage::BaobabsFirst => {
                    if self.game.options.baobab_tokens_first {
                        self.score_baobabs();
                    }
                    self.game.scoring.stage = Stage::Features;
                }
                Stage::Features => {
                    if let Some(i) = self.game.scoring.current {
                        if let Some(p) = self.next_booster() {
                            self.game.phase = Phase::Boost;
                            self.decider = p as u8;
                            return;
                        }
                        self.score_current();
                        self.game.scoring.current = None;
                        self.game.scoring.resolved |= 1 << i;
                        continue;
                    }
                    let pending = self.pending_features();
                    if pending == 0 {
                        self.game.scoring.stage = Stage::BaobabsLast;
                    } else if pending.count_ones() > 1 && self.order_matters(pending) {
                        self.game.phase = Phase::ScoreOrder;
                        self.decider = self.active;
                        return;
                    } else {
                        self.start_feature(pending.trailing_zeros() as u8);
                    }
                }
                Stage::BaobabsLast => {
                    if !self.game.options.baobab_tokens_first {
                        self.score_baobabs();
                    }
                    self.game.scoring.stage = Stage::Vehicle;
                }
                Stage::Vehicle => {
                    self.game.scoring.stage = Stage::EndTurn;
                    if self.game.scoring.displaced.is_some() {
                        let p = self.active as usize;
                        self.award(p, PointSource::Vehicle, self.game.options.vehicle_bonus);
                        if self.replace_spaces_exist() {
                            self.game.phase = Phase::ReplaceVehicle;
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
            .root(self.last_cell().first_node + self.game.scoring.completed[i])
    }

    /// Completed entries not yet scored that have meeples on them (bit mask).
    pub(super) fn pending_features(&self) -> u8 {
        (0..self.game.scoring.n_completed as usize)
            .filter(|&i| {
                self.game.scoring.resolved & (1 << i) == 0
                    && self.features.get(self.completed_root(i)).is_occupied()
            })
            .fold(0, |m, i| m | 1 << i)
    }

    /// The order of pending features matters only if some player scores two of them and
    /// holds a token (a boost spent on one is missing on the other).
    fn order_matters(&self, pending: u8) -> bool {
        (0..self.players()).any(|p| {
            let scored_in = (0..self.game.scoring.n_completed as usize)
                .filter(|&i| pending & (1 << i) != 0)
                .filter(|&i| {
                    self.features
                        .get(self.completed_root(i))
                        .scorers(FinalScoring::Majority)
                        & (1 << p)
                        != 0
                })
                .count();
            scored_in > 1 && self.game.hands[p].total() > 0
        })
    }

    pub(super) fn start_feature(&mut self, i: u8) {
        self.game.scoring.current = Some(i);
        self.game.scoring.next_offset = 0;
        self.game.scoring.boosts = [0; 5];
    }

    /// The next scorer of the current feature, in turn order from the active player, who holds
    /// a token of a species not on it (S-6.5).
    fn next_booster(&mut self) -> Option<usize> {
        let i = self.game.scoring.current? as usize;
        let agg = *self.features.get(self.completed_root(i));
        let scorers = agg.scorers(FinalScoring::Majority);
        while (self.game.scoring.next_offset as usize) < self.players() {
            let p = (self.active + self.game.scoring.next_offset) as usize % self.players();
            self.game.scoring.next_offset += 1;
            if scorers & (1 << p) != 0 && self.game.hands[p].mask() & !agg.species != 0 {
                return Some(p);
            }
        }
        None
    }

    /// Scores the current feature (S-6.4) and returns its meeples (S-6.1).
    fn score_current(&mut self) {
        let i = self.game.scoring.current.expect("a feature being scored") as usize;
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
                let boosts = self.game.scoring.boosts[p] as u32;
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
        if self.game.on_baobabs == 0 {
            return;
        }
        let mut i = 0;
        while i < self.game.meeples.len() {
            let m = self.game.meeples[i];
            if let Spot::Baobab(c) = m.spot {
                if self.surrounded_by_last_tile(c as usize) {
                    self.remove_meeple(i);
                    self.draw_tokens(m.player as usize, BAOBAB_TOKENS);
                    continue;
                }
            }
            i += 1;
        }
    }

    fn replace_spaces_exist(&self) -> bool {
        let other = self.game.vehicles;
        self.board
            .frontier()
            .iter()
            .any(|f| !other.contains(&Some(f.coord)))
    }

    /// Draws the next tile that fits somewhere (S-4.2), or ends the game (S-10.1).
    pub(super) fn begin_turn(&mut self) {
        self.game.scoring = Scoring::IDLE;
        let drew = self.draw_fitting(|game, tiles, v| {
            game.unseen.take(tiles, v);
            game.vehicle_fit.take(tiles, v);
        });
        if drew {
            self.game.vehicle_fit.drawn = self.game.vehicle_fit.fits(self.tiles, self.drawn);
            self.game.phase = Phase::PlaceTile;
        } else {
            self.finish_game();
        }
    }

    /// S-10.2 and S-10.3: final scoring.
    fn finish_game(&mut self) {
        let mut roots = [0u8; MAX_MEEPLES];
        let mut n_roots = 0;
        for i in 0..self.game.meeples.len() {
            if let Spot::Feature(node) = self.game.meeples[i].spot {
                let r = self.features.find(node);
                if !roots[..n_roots].contains(&r) {
                    roots[n_roots] = r;
                    n_roots += 1;
                }
            }
        }
        for &r in &roots[..n_roots] {
            let agg = *self.features.get(r);
            let scorers = agg.scorers(self.game.options.final_scoring);
            self.award_seats(scorers, PointSource::FinalFeatures, agg.final_points());
        }
        for p in 0..self.players() {
            let tokens = self.game.hands[p].total() as i32;
            self.award(p, PointSource::FinalTokens, tokens);
        }
        self.game.phase = Phase::GameOver;
    }

    fn put_meeple(&mut self, p: usize, spot: Spot) {
        self.supply[p] -= 1;
        self.game.on_baobabs += matches!(spot, Spot::Baobab(_)) as u8;
        self.game.meeples.push(PlacedMeeple {
            player: p as u8,
            spot,
        });
    }

    fn remove_meeple(&mut self, i: usize) {
        let m = self.game.meeples.remove(i);
        self.supply[m.player as usize] += 1;
        self.game.on_baobabs -= matches!(m.spot, Spot::Baobab(_)) as u8;
    }

    fn remove_meeples_where(&mut self, mut pred: impl FnMut(&Self, &PlacedMeeple) -> bool) {
        let mut i = 0;
        while i < self.game.meeples.len() {
            let m = self.game.meeples[i];
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
            if self.game.bag.unseen().is_empty() {
                self.refill_bag();
            }
            let Some(t) = self.game.bag.draw() else {
                return;
            };
            self.game.hands[p].add(Species::from_index(t as usize));
        }
    }

    fn refill_bag(&mut self) {
        let mut bag = [0u8; TOTAL_TOKENS];
        let mut n = 0;
        for s in Species::ALL {
            for _ in 0..self.game.discard.get(s) {
                bag[n] = s.index() as u8;
                n += 1;
            }
        }
        let game = &mut self.game;
        game.discard = SpeciesCounts::EMPTY;
        game.bag.set(&bag[..n]);
        shuffle(&mut game.rng, game.bag.unseen_mut());
    }
}
