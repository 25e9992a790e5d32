//! Applying decisions: tile placement and the joining of features (C-2), bridges and the
//! discard of a tile that fits only with one (B-2), robbers, the meeple, scoring of
//! completed roads, cities and monasteries (C-3) with castles (B-4, B-5) and robbers' thefts
//! (R-3…R-5), the next draw (C-2) and final scoring (C-4, R-6, B-6).

use super::action::Action;
use super::bcb::Target;
use super::features::{FeatureAgg, MONASTERY_POINTS};
use super::options::RobberPlacement;
use super::robbers::TrackDecision;
use super::state::{CarcassonneState, Cell, Monastery, Node, Phase, PlacedMeeple, MAX_MEEPLES};
use super::stats::PointSource;
use crate::core::geom::{Coord, Rotation, Side};
use crate::core::stats::Tally;
use crate::core::tileset::{FeatureKind, VariantId, NO_SEGMENT};

impl CarcassonneState {
    /// Applies a legal action of the current decision.
    pub fn apply_action(&mut self, action: Action) {
        let p = self.decider as usize;
        let kind = self.kind_of(&action);
        self.stats[p].count_action(kind);
        match (self.phase, action) {
            (Phase::PlaceTile, Action::Place { at, rot }) => self.place_drawn(at, rot),
            (Phase::PlaceTile, Action::Discard) => {
                // B-2: the tile leaves the game; the same player draws again (C-2).
                self.tiles_discarded += 1;
                self.begin_turn();
            }
            (Phase::Bridge, Action::Bridge { at, axis }) => {
                self.build_bridge(at, axis);
                self.after_bridge();
            }
            (Phase::Bridge, Action::NoBridge) => self.after_bridge(),
            (Phase::Castle, Action::Castle { build }) => {
                let (i, owner) = self.castle_question().expect("a castle decision");
                self.castle_asked |= 1 << i;
                if build {
                    self.build_castle(i, owner);
                }
                self.finish_turn();
            }
            (Phase::CastleScore, Action::CastleScore { points }) => {
                let c = self.next_castle().expect("a castle to score");
                self.score_castle(c, points);
                self.castle_scoring();
            }
            (Phase::Robber, Action::Robber { space }) => {
                self.track.put_robber(p, space);
                self.next_robber_decision();
            }
            (Phase::Robber, Action::KeepRobber) => self.next_robber_decision(),
            (Phase::Meeple, Action::Pass) => self.finish_turn(),
            (Phase::Meeple, Action::Meeple { segment }) => {
                self.put_meeple(segment);
                self.finish_turn();
            }
            (Phase::ScoreOrder, Action::ScoreFirst { points }) => {
                self.track.choose_first(p, points);
                self.continue_scoring();
            }
            (Phase::Rob, Action::Rob { player }) => {
                self.track.choose_victim(p, player as usize);
                self.continue_scoring();
            }
            (Phase::BazaarOffer | Phase::BazaarBid | Phase::BazaarDeal | Phase::RobberBack, a) => {
                self.apply_bazaar(a)
            }
            (phase, a) => panic!("action {a:?} does not belong to phase {phase:?}"),
        }
    }

    /// Puts a tile on the board and joins its roads, cities and fields with its neighbours'.
    pub(super) fn put_tile(&mut self, at: Coord, variant: VariantId, rot: Rotation) {
        let index = self.n_cells;
        let tiles = self.tiles;
        let v = tiles.variant(variant);
        let o = &v.orientations[rot.quarter_turns() as usize];
        let first = self.features.len() as Node;
        let segments = v.segments();
        let shared = if v.has_several_roads_or_cities() {
            self.shared_tiles.take()
        } else {
            0
        };
        for (i, seg) in segments.iter().enumerate() {
            let node = first + i as Node;
            let agg = match seg.kind {
                FeatureKind::Road | FeatureKind::City => FeatureAgg {
                    open: seg.sides.count_ones() as u8,
                    tiles: 1,
                    pennants: seg.pennants,
                    shared,
                    ..FeatureAgg::default()
                },
                FeatureKind::Monastery => {
                    self.monasteries[self.n_monasteries as usize] = Monastery { cell: index, node };
                    self.n_monasteries += 1;
                    FeatureAgg {
                        tiles: 1,
                        ..FeatureAgg::default()
                    }
                }
                _ => FeatureAgg::default(),
            };
            self.features.push(agg);
            let mut cities = seg.borders;
            while cities != 0 {
                let city = cities.trailing_zeros() as u8;
                cities &= cities - 1;
                self.borders[self.n_borders as usize] = (node, first + city as Node);
                self.n_borders += 1;
            }
        }
        self.cells[index as usize] = Cell {
            at,
            variant,
            rot,
            first_node: first,
            bridge: None,
            shared,
        };
        self.n_cells += 1;
        self.board.place(at, index as u16, o.signature);
        for side in Side::ALL {
            let Some(j) = self.board.get(at.step(side)) else {
                continue;
            };
            let other = self.cells[j as usize];
            let oo = &tiles.variant(other.variant).orientations[other.rot.quarter_turns() as usize];
            let seg = o.side_segment[side.index()];
            // A road may meet a field here when a bridge of this turn is to join it (B-2).
            if let (true, Some(facing)) =
                (seg != NO_SEGMENT, self.side_node(&other, side.opposite()))
            {
                let root = self.features.union(first + seg as Node, facing);
                self.features.get_mut(root).open -= 2;
            }
            for (field, facing) in o.facing_fields(oo, side) {
                self.features
                    .union(first + field as Node, other.first_node + facing as Node);
            }
        }
    }

    /// C-2: places the drawn tile; B-2: asks for a bridge when one may be built.
    fn place_drawn(&mut self, at: Coord, rot: Rotation) {
        self.put_tile(at, self.drawn, rot);
        if self.options.expansions.bcb {
            let mut any = false;
            self.bridge_choices(|_| any = true);
            if any {
                self.phase = Phase::Bridge;
                return;
            }
        }
        self.after_bridge();
    }

    /// Notes the roads and cities the tile (and this turn's bridge) completed, then moves on
    /// to the robbers or the meeple.
    fn after_bridge(&mut self) {
        let cell = *self.last_cell();
        let tiles = self.tiles;
        self.n_completed = 0;
        let bridge = self
            .turn_bridge
            .and_then(|j| self.cells[j as usize].bridge)
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
                let i = self.n_completed as usize;
                self.completed[i] = (root, kind);
                self.n_completed += 1;
                if kind == FeatureKind::City {
                    self.completed_city_bit[i] = self.city_completed(root);
                }
            }
        }
        self.robber_queue = 0;
        if self.options.expansions.robbers
            && tiles.variant(cell.variant).expansion.as_deref() == Some("robbers")
        {
            self.queue_robbers();
        }
        self.next_robber_decision();
    }

    /// who decides on their robber after a robber tile: the active player, then the next
    /// player clockwise whose robber is in supply (option `next_player`; the seed's example 1
    /// skips players whose robber is on the track) or every such player (`all_in_order`).
    fn queue_robbers(&mut self) {
        let (n, active) = (self.n_players as usize, self.active as usize);
        self.robber_queue = 1 << active;
        for i in 1..n {
            let q = (active + i) % n;
            if self.track.robber(q).is_none() {
                self.robber_queue |= 1 << q;
                if self.options.robber_placement == RobberPlacement::NextPlayer {
                    break;
                }
            }
        }
    }

    /// Hands the robber decision to the next queued player who has a space to choose,
    /// or moves on to the meeple decision.
    fn next_robber_decision(&mut self) {
        let (n, active) = (self.n_players as usize, self.active as usize);
        while self.robber_queue != 0 {
            let q = (0..n)
                .map(|i| (active + i) % n)
                .find(|&q| self.robber_queue & (1 << q) != 0)
                .expect("a queued player");
            self.robber_queue &= !(1 << q);
            let mut spaces = 0;
            self.track.robber_spaces(q, |_| spaces += 1);
            if spaces > 0 {
                self.phase = Phase::Robber;
                self.decider = q as u8;
                return;
            }
        }
        self.phase = Phase::Meeple;
        self.decider = self.active;
    }

    /// C-2: the active player's meeple goes on `segment` of the tile just placed (B-3: on its
    /// bridge when `segment` is the tile's segment count).
    fn put_meeple(&mut self, segment: u8) {
        let p = self.active as usize;
        let cell = *self.last_cell();
        let (node, kind) = match self.variant_of(&cell).segments().get(segment as usize) {
            Some(seg) => (cell.first_node + segment as Node, seg.kind),
            None => (cell.bridge.expect("a bridge").node, FeatureKind::Road),
        };
        self.features.get_mut(node).meeples[p] += 1;
        self.supply[p] -= 1;
        self.meeples[self.n_meeples as usize] = PlacedMeeple {
            player: p as u8,
            node,
            kind,
        };
        self.n_meeples += 1;
    }

    /// C-3: notes the scorings of what this turn's tile completed (B-4: after the castle
    /// decisions of small cities), then the castles' (B-5), then settles them.
    fn finish_turn(&mut self) {
        if let Some((_, owner)) = self.castle_question() {
            self.phase = Phase::Castle;
            self.decider = owner as u8;
            return;
        }
        for i in 0..self.n_completed as usize {
            let (root, kind) = self.completed[i];
            let points = self.features.get(root).completion_points(kind);
            self.add_event(Target::Feature(root), points);
            if self.castle_built & (1 << i) != 0 {
                continue;
            }
            let source = if kind == FeatureKind::City {
                PointSource::City
            } else {
                PointSource::Road
            };
            self.score_completed(root, kind, source);
        }
        let placed = self.last_cell().at;
        for i in 0..self.n_monasteries as usize {
            let m = self.monasteries[i];
            let at = self.cells[m.cell as usize].at;
            let near = (at.x - placed.x).abs() <= 1 && (at.y - placed.y).abs() <= 1;
            if near && self.board.placed_around(at) == 8 {
                self.add_event(Target::Monastery(at), MONASTERY_POINTS);
                self.score_completed(m.node, FeatureKind::Monastery, PointSource::Monastery);
            }
        }
        self.castle_scoring();
    }

    /// B-5: castles score the features completed in their neighbourhood (their owner chooses
    /// when several are worth different points), chains included; then the turn's scoring is
    /// settled.
    fn castle_scoring(&mut self) {
        while let Some(c) = self.next_castle() {
            let (mut n, mut only) = (0, 0);
            self.castle_options(c, |points| {
                n += 1;
                only = points;
            });
            if n > 1 {
                self.phase = Phase::CastleScore;
                self.decider = self.castles[c].owner;
                return;
            }
            self.score_castle(c, only);
        }
        self.continue_scoring();
    }

    /// asks the scoring's next decision, or scores the turn and passes it on.
    fn continue_scoring(&mut self) {
        match self.track.next_decision(self.active as usize) {
            Some(TrackDecision::FirstScoring(p)) => {
                self.phase = Phase::ScoreOrder;
                self.decider = p as u8;
            }
            Some(TrackDecision::Rob(p)) => {
                self.phase = Phase::Rob;
                self.decider = p as u8;
            }
            None => {
                self.track.resolve(self.active as usize, &mut self.stats);
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
                self.track.add_scoring(p, source, points);
            }
        }
        self.release_meeples(root);
    }

    /// Meeples on the feature with root `root` return to their owners' supply.
    pub(super) fn release_meeples(&mut self, root: Node) {
        self.features.get_mut(root).meeples = Default::default();
        let mut i = 0;
        while i < self.n_meeples as usize {
            let m = self.meeples[i];
            if self.features.find(m.node) == root {
                self.supply[m.player as usize] += 1;
                self.meeples.copy_within(i + 1..self.n_meeples as usize, i);
                self.n_meeples -= 1;
            } else {
                i += 1;
            }
        }
    }

    /// C-2: draws the next tile that fits somewhere (tiles that fit nowhere leave the game),
    /// or ends the game when the pile is empty.
    pub(super) fn begin_turn(&mut self) {
        self.n_completed = 0;
        self.n_events = 0;
        self.castle_asked = 0;
        self.castle_built = 0;
        self.turn_bridge = None;
        self.from_bazaar = false;
        match self.bazaar_tile_for_turn() {
            Err(()) => return,
            Ok(Some(v)) if self.fits_somewhere(v) => {
                self.drawn = v;
                self.from_bazaar = true;
                self.phase = Phase::PlaceTile;
                self.decider = self.active;
                return;
            }
            Ok(Some(_)) => self.tiles_removed += 1,
            Ok(None) => {}
        }
        while self.pile_next < self.pile_len {
            let v = self.pile[self.pile_next as usize];
            self.pile_next += 1;
            if self.fits_somewhere(v) {
                self.drawn = v;
                self.phase = Phase::PlaceTile;
                self.decider = self.active;
                return;
            }
            self.tiles_removed += 1;
        }
        self.finish_game();
    }

    /// C-4: every feature with meeples on it scores for its majority; meeples stay on the
    /// board so the final position can be shown.
    fn finish_game(&mut self) {
        let mut seen = [0 as Node; MAX_MEEPLES];
        let mut n_seen = 0;
        for i in 0..self.n_meeples as usize {
            let m = self.meeples[i];
            let root = self.features.find(m.node);
            if seen[..n_seen].contains(&root) {
                continue;
            }
            seen[n_seen] = root;
            n_seen += 1;
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
                FeatureKind::Field => agg.field_points(self.castle_cities),
                _ => agg.final_points(m.kind, neighbours),
            };
            let scorers = agg.scorers();
            for p in 0..self.players() {
                if scorers & (1 << p) != 0 {
                    self.track.award(p, source, points, &mut self.stats);
                }
            }
        }
        self.track.finish(&mut self.stats);
        self.phase = Phase::GameOver;
    }

    /// Where the monastery with union-find node `node` stands.
    pub(super) fn monastery_at(&self, node: Node) -> Coord {
        let m = self.monasteries[..self.n_monasteries as usize]
            .iter()
            .find(|m| m.node == node)
            .expect("a monastery node");
        self.cells[m.cell as usize].at
    }
}
