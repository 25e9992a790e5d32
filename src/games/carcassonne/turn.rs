//! Applying decisions: tile placement and the joining of features (C-2), bridges and the
//! discard of a tile that fits only with one (B-2), robbers, the meeple, scoring of
//! completed roads, cities and monasteries (C-3) with castles (B-4, B-5) and robbers' thefts
//! (R-3…R-5), the next draw (C-2) and final scoring (C-4, R-6, B-6).

use super::bcb::Target;
use super::features::MONASTERY_POINTS;
use super::options::RobberPlacement;
use super::robbers::TrackDecision;
use super::state::{CarcassonneState, Monastery, Node, Phase, PlacedMeeple};
use super::stats::PointSource;
use crate::core::geom::{Coord, Rotation};
use crate::core::tileset::{FeatureKind, VariantId};

impl CarcassonneState {
    /// C-2: places the drawn tile; B-2: asks for a bridge when one may be built.
    pub(super) fn place_drawn(&mut self, at: Coord, rot: Rotation) {
        self.put_tile(at, self.drawn, rot);
        if self.game.options.expansions.bcb {
            let mut any = false;
            self.bridge_choices(|_| any = true);
            if any {
                self.game.phase = Phase::Bridge;
                return;
            }
        }
        self.after_bridge();
    }

    /// Notes the roads and cities the tile (and this turn's bridge) completed, then moves on
    /// to the robbers or the meeple.
    pub(super) fn after_bridge(&mut self) {
        let cell = *self.last_cell();
        let tiles = self.tiles;
        self.game.completed.clear();
        let bridge = self
            .game
            .turn_bridge
            .and_then(|j| self.cells[j as usize].data.bridge)
            .map(|b| (b.node, FeatureKind::Road));
        let segments = tiles.variant(cell.variant).segments().iter().enumerate();
        let nodes = segments
            .map(|(i, seg)| (cell.first_node + i as Node, seg.kind))
            .chain(bridge);
        for (node, kind) in nodes {
            if !matches!(kind, FeatureKind::Road | FeatureKind::City) {
                continue;
            }
            let root = self.features.find(node);
            let done = self.completed_this_turn();
            if self.features.get(root).is_complete() && !done.iter().any(|&(r, _)| r == root) {
                let i = self.game.completed.len();
                self.game.completed.push((root, kind));
                if kind == FeatureKind::City {
                    self.game.completed_city_bit[i] = self.city_completed(root);
                }
            }
        }
        self.game.robber_queue = 0;
        if self.brings_robbers(cell.variant) {
            self.queue_robbers();
        }
        self.next_robber_decision();
    }

    /// whether placing a tile of `variant` brings the robber decisions (a robber tile,
    /// with The Robbers in play).
    pub(super) fn brings_robbers(&self, variant: VariantId) -> bool {
        self.game.options.expansions.robbers
            && self.tiles.variant(variant).expansion.as_deref() == Some("robbers")
    }

    /// who decides on their robber after a robber tile: the active player, then the next
    /// player clockwise whose robber is in supply (option `next_player`; the seed's example 1
    /// skips players whose robber is on the track) or every such player (`all_in_order`).
    fn queue_robbers(&mut self) {
        let (n, active) = (self.n_players as usize, self.active as usize);
        self.game.robber_queue = 1 << active;
        for i in 1..n {
            let q = (active + i) % n;
            if self.game.track.robber(q).is_none() {
                self.game.robber_queue |= 1 << q;
                if self.game.options.robber_placement == RobberPlacement::NextPlayer {
                    break;
                }
            }
        }
    }

    /// Hands the robber decision to the next queued player who has a space to choose,
    /// or moves on to the meeple decision.
    pub(super) fn next_robber_decision(&mut self) {
        let (n, active) = (self.n_players as usize, self.active as usize);
        while self.game.robber_queue != 0 {
            let q = (0..n)
                .map(|i| (active + i) % n)
                .find(|&q| self.game.robber_queue & (1 << q) != 0)
                .expect("a queued player");
            self.game.robber_queue &= !(1 << q);
            let mut spaces = 0;
            self.game
                .track
                .robber_spaces(q, &self.sheet.scores, |_| spaces += 1);
            if spaces > 0 {
                self.game.phase = Phase::Robber;
                self.decider = q as u8;
                return;
            }
        }
        self.game.phase = Phase::Meeple;
        self.decider = self.active;
    }

    /// C-2: the active player's meeple goes on `segment` of the tile just placed (B-3: on its
    /// bridge when `segment` is the tile's segment count).
    pub(super) fn put_meeple(&mut self, segment: u8) {
        self.put_meeple_for(self.active as usize, segment);
    }

    /// [`CarcassonneState::put_meeple`] for `p`, the player whose turn it is or was.
    pub(super) fn put_meeple_for(&mut self, p: usize, segment: u8) {
        let (node, kind) = self.meeple_node(segment);
        self.features.get_mut(node).meeples[p] += 1;
        self.supply[p] -= 1;
        self.game.meeples.push(PlacedMeeple {
            player: p as u8,
            node,
            kind,
        });
    }

    /// The node and feature kind of `segment` of the tile just placed (B-3: its bridge when
    /// `segment` is the tile's segment count).
    #[inline]
    pub(super) fn meeple_node(&self, segment: u8) -> (Node, FeatureKind) {
        let cell = self.last_cell();
        match self.variant_of(cell).segments().get(segment as usize) {
            Some(seg) => (cell.first_node + segment as Node, seg.kind),
            None => (cell.data.bridge.expect("a bridge").node, FeatureKind::Road),
        }
    }

    /// Whether monastery `m` is complete and next to (or on) the tile just placed: the tile
    /// completed it (C-3).
    #[inline]
    pub(super) fn completed_by_last_tile(&self, m: &Monastery) -> bool {
        self.surrounded_by_last_tile(m.cell as usize)
    }

    /// C-3: notes the scorings of what this turn's tile completed (B-4: after the castle
    /// decisions of small cities), then the castles' (B-5), then settles them.
    pub(super) fn finish_turn(&mut self) {
        if let Some((_, owner)) = self.castle_question() {
            self.game.phase = Phase::Castle;
            self.decider = owner as u8;
            return;
        }
        for i in 0..self.game.completed.len() {
            let (root, kind) = self.game.completed[i];
            let points = self.features.get(root).completion_points(kind);
            self.add_event(Target::Feature(root), points);
            if self.game.castle_built & (1 << i) != 0 {
                continue;
            }
            let source = if kind == FeatureKind::City {
                PointSource::City
            } else {
                PointSource::Road
            };
            self.score_completed(root, kind, source);
        }
        for i in 0..self.game.monasteries.len() {
            let m = self.game.monasteries[i];
            if self.completed_by_last_tile(&m) {
                let at = self.cells[m.cell as usize].at;
                self.add_event(Target::Monastery(at), MONASTERY_POINTS);
                self.score_completed(m.node, FeatureKind::Monastery, PointSource::Monastery);
            }
        }
        self.castle_scoring();
    }

    /// B-5: castles score the features completed in their neighbourhood (their owner chooses
    /// when several are worth different points), chains included; then the turn's scoring is
    /// settled.
    pub(super) fn castle_scoring(&mut self) {
        while let Some(c) = self.next_castle() {
            let (mut n, mut only) = (0, 0);
            self.castle_options(c, |points| {
                n += 1;
                only = points;
            });
            if n > 1 {
                self.game.phase = Phase::CastleScore;
                self.decider = self.game.castles[c].owner;
                return;
            }
            self.score_castle(c, only);
        }
        self.continue_scoring();
    }

    /// asks the scoring's next decision, or scores the turn and passes it on.
    pub(super) fn continue_scoring(&mut self) {
        match self
            .game
            .track
            .next_decision(self.active as usize, &self.sheet.scores)
        {
            Some(TrackDecision::FirstScoring(p)) => {
                self.game.phase = Phase::ScoreOrder;
                self.decider = p as u8;
            }
            Some(TrackDecision::Rob(p)) => {
                self.game.phase = Phase::Rob;
                self.decider = p as u8;
            }
            None => {
                self.game
                    .track
                    .resolve(self.active as usize, &mut self.sheet);
                let bazaar_player = self.active as usize;
                self.turn += 1;
                self.active = (self.active + 1) % self.n_players;
                if !self.maybe_open_bazaar(bazaar_player) {
                    self.begin_turn();
                }
            }
        }
    }

    /// C-3: the majority scores a completed feature in full (noted on the track); its meeples
    /// return.
    fn score_completed(&mut self, root: Node, kind: FeatureKind, source: PointSource) {
        let agg = *self.features.get(root);
        let scorers = agg.scorers();
        if scorers == 0 {
            return;
        }
        let points = agg.completion_points(kind);
        for p in 0..self.players() {
            if scorers & (1 << p) != 0 {
                self.game.track.add_scoring(p, source, points);
            }
        }
        self.release_meeples(root);
    }

    /// Meeples on the feature with root `root` return to their owners' supply.
    pub(super) fn release_meeples(&mut self, root: Node) {
        self.features.get_mut(root).meeples = Default::default();
        let mut i = 0;
        while i < self.game.meeples.len() {
            let m = self.game.meeples[i];
            if self.features.find(m.node) == root {
                self.supply[m.player as usize] += 1;
                self.game.meeples.remove(i);
            } else {
                i += 1;
            }
        }
    }

    /// C-2: draws the next tile that fits somewhere (tiles that fit nowhere leave the game),
    /// or ends the game when the pile is empty.
    pub(super) fn begin_turn(&mut self) {
        self.game.completed.clear();
        self.game.events.clear();
        self.game.castle_asked = 0;
        self.game.castle_built = 0;
        self.game.turn_bridge = None;
        self.game.from_bazaar = false;
        match self.bazaar_tile_for_turn() {
            Err(()) => return,
            Ok(Some(v)) if self.fits_somewhere(v) => {
                self.drawn = v;
                self.game.from_bazaar = true;
                self.game.phase = Phase::PlaceTile;
                self.decider = self.active;
                return;
            }
            Ok(Some(_)) => self.tiles_removed += 1,
            Ok(None) => {}
        }
        if self.draw_fitting(|_, _, _| {}) {
            self.game.phase = Phase::PlaceTile;
        } else {
            self.finish_game();
        }
    }

    /// C-4: every feature with meeples on it scores for its majority; meeples stay on the
    /// board so the final position can be shown.
    fn finish_game(&mut self) {
        let scored = self.features_with_pieces(&self.game.meeples, |m| m.node);
        for &(m, root) in scored.iter() {
            let agg = *self.features.get(root);
            let neighbours = match m.kind {
                FeatureKind::Monastery => self.board.placed_around(self.monastery_at(m.node)),
                _ => 0,
            };
            let source = match m.kind {
                FeatureKind::City => PointSource::FinalCity,
                FeatureKind::Monastery => PointSource::FinalMonastery,
                FeatureKind::Field => PointSource::FinalField,
                _ => PointSource::FinalRoad,
            };
            let points = match m.kind {
                FeatureKind::Field => agg.field_points(self.game.castle_cities),
                _ => agg.final_points(m.kind, neighbours),
            };
            self.award_seats(agg.scorers(), source, points);
        }
        self.game.track.finish(&mut self.sheet);
        self.game.phase = Phase::GameOver;
    }

    /// Where the monastery with union-find node `node` stands.
    pub(super) fn monastery_at(&self, node: Node) -> Coord {
        let m = self.game.monasteries[..]
            .iter()
            .find(|m| m.node == node)
            .expect("a monastery node");
        self.cells[m.cell as usize].at
    }
}
