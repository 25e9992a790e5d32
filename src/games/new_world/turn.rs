//! Legal actions and their application: tile placement (N-4), settlers (N-5), scoring in
//! play (N-6…N-10), surveyors (N-11…N-14) and the end of the game (N-15…N-17).

use super::state::{
    Cell, FeatureAgg, NewWorldState, Node, Phase, Role, Settler, MAX_SETTLERS, TRACK_STEPS,
};
use super::stats::{Action, ActionKind, PointSource};
use crate::core::geom::{Coord, Rotation, Side};
use crate::core::stats::Tally;
use crate::core::tileset::{FeatureKind, VariantId, NO_SEGMENT};

/// N-7: points per trading post.
pub const POST_POINTS: i32 = 2;
/// N-8: points per town tile and per flag of a completed town.
pub const TOWN_POINTS: i32 = 2;
/// N-9: points for a completed farm.
pub const FARM_POINTS: i32 = 9;

impl NewWorldState {
    /// N-4: whether a tile may go at `c` at all (west of the starting column).
    fn placeable(c: Coord) -> bool {
        c.x < 0
    }

    /// N-4: whether tile `variant` fits anywhere.
    pub fn fits_somewhere(&self, variant: VariantId) -> bool {
        let v = self.tiles.variant(variant);
        self.board.frontier().iter().any(|f| {
            Self::placeable(f.coord)
                && v.rotations()
                    .iter()
                    .any(|r| f.accepts(v.orientations[r.quarter_turns() as usize].signature))
        })
    }

    /// Clears `out` and writes the legal actions of the current decision.
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::PlaceTile => {
                let v = self.tiles.variant(self.drawn);
                for f in self.board.frontier() {
                    if !Self::placeable(f.coord) {
                        continue;
                    }
                    for &rot in v.rotations() {
                        if f.accepts(v.orientations[rot.quarter_turns() as usize].signature) {
                            out.push(Action::Place { at: f.coord, rot });
                        }
                    }
                }
            }
            Phase::Settler => {
                out.push(Action::Pass);
                if self.supply[self.active as usize] == 0 {
                    return;
                }
                let cell = self.last_cell();
                for seg in 0..self.variant_of(cell).segment_count {
                    let root = self.features.root(cell.first_node + seg as Node);
                    let dup =
                        (0..seg).any(|s| self.features.root(cell.first_node + s as Node) == root);
                    // N-5: not onto a feature that already holds a settler.
                    if !dup && !self.features.get(root).is_occupied() {
                        out.push(Action::Settler { segment: seg });
                    }
                }
            }
            Phase::ScoreOrder => {
                out.extend(
                    self.waiting_features()
                        .map(|c| Action::Score { node: c.node }),
                );
            }
            Phase::GameOver => {}
        }
    }

    /// The kind of `action` in this position.
    pub fn kind_of(&self, action: &Action) -> ActionKind {
        match *action {
            Action::Place { .. } => ActionKind::Place,
            Action::Pass => ActionKind::Pass,
            Action::Settler { segment } => {
                match Role::of(self.variant_of(self.last_cell()).segments[segment as usize].kind) {
                    Role::Shopkeeper => ActionKind::Shopkeeper,
                    Role::Robber => ActionKind::Robber,
                    Role::Trapper => ActionKind::Trapper,
                    Role::Farmer => ActionKind::Farmer,
                }
            }
            Action::Score { .. } => ActionKind::ScoreOrder,
        }
    }

    /// Applies a legal action.
    pub fn apply_action(&mut self, action: Action) {
        let kind = self.kind_of(&action);
        self.stats[self.active as usize].count_action(kind);
        match (self.phase, action) {
            (Phase::PlaceTile, Action::Place { at, rot }) => {
                self.put_tile(at, self.drawn, rot);
                self.phase = Phase::Settler;
            }
            (Phase::Settler, Action::Pass) => self.finish_turn(),
            (Phase::Settler, Action::Settler { segment }) => {
                self.put_settler(segment);
                self.finish_turn();
            }
            (Phase::ScoreOrder, Action::Score { node }) => {
                let i = self
                    .completed_index(node)
                    .expect("Score names a completed feature");
                self.resolve(i);
                self.run_scoring();
            }
            (phase, a) => panic!("action {a:?} does not belong to phase {phase:?}"),
        }
    }

    /// Puts a tile (or starting space) on the board and joins its features with its
    /// neighbours'.
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
                FeatureKind::Road | FeatureKind::City => {
                    let open = Side::ALL
                        .into_iter()
                        .filter(|&s| o.side_segment[s.index()] == i as u8)
                        .filter(|&s| !self.borders_sea(at, s))
                        .count();
                    FeatureAgg {
                        open: open as u8,
                        tiles: 1,
                        marks: seg.pennants,
                        shared,
                        ..FeatureAgg::default()
                    }
                }
                FeatureKind::Monastery => {
                    self.farms[self.n_farms as usize] = (index, node);
                    self.n_farms += 1;
                    FeatureAgg {
                        tiles: 1,
                        ..FeatureAgg::default()
                    }
                }
                _ => FeatureAgg {
                    marks: seg.birds,
                    ..FeatureAgg::default()
                },
            };
            self.features.push(agg);
        }
        self.cells[index as usize] = Cell {
            at,
            variant,
            rot,
            first_node: first,
        };
        self.n_cells += 1;
        self.west = self.west.min(at.x);
        self.board.place(at, index as u16, o.signature);
        for side in Side::ALL {
            let Some(j) = self.board.get(at.step(side)) else {
                continue;
            };
            let other = self.cells[j as usize];
            let oo = &tiles.variant(other.variant).orientations[other.rot.quarter_turns() as usize];
            let seg = o.side_segment[side.index()];
            if seg != NO_SEGMENT {
                let facing = oo.side_segment[side.opposite().index()];
                let root = self
                    .features
                    .union(first + seg as Node, other.first_node + facing as Node);
                self.features.get_mut(root).open -= 2;
            }
            for (field, facing) in o.facing_fields(oo, side) {
                self.features
                    .union(first + field as Node, other.first_node + facing as Node);
            }
        }
    }

    /// N-5: the active player's settler goes on `segment` of the tile just placed.
    pub(super) fn put_settler(&mut self, segment: u8) {
        let p = self.active as usize;
        let cell = *self.last_cell();
        let node = cell.first_node + segment as Node;
        let role = Role::of(self.variant_of(&cell).segments[segment as usize].kind);
        self.features.get_mut(node).settlers[p] += 1;
        self.supply[p] -= 1;
        self.settlers[self.n_settlers as usize] = Settler {
            player: p as u8,
            node,
            role,
            column: cell.at.x,
        };
        self.n_settlers += 1;
    }

    /// N-6: scores what the tile completed, in the order of `order.rs` (N-11), then the next
    /// turn begins.
    fn finish_turn(&mut self) {
        self.collect_completed();
        self.run_scoring();
    }

    /// Ends the turn once its scoring is done: the next player draws (N-4) or the game ends.
    pub(super) fn end_turn(&mut self) {
        self.turn += 1;
        self.active = (self.active + 1) % self.n_players;
        self.begin_turn();
    }

    /// Surveyors (on the board) standing in column `column`.
    pub fn surveyors_in(&self, column: i8) -> i32 {
        self.surveyor_columns()
            .iter()
            .filter(|&&c| c == column)
            .count() as i32
    }

    /// N-7…N-10, N-12: the majority scores a completed feature (plus the surveyor bonus of
    /// each of its settlers); the settlers return; a surveyor moves (N-11). A feature with no
    /// settler left is not scored and moves no surveyor on the board (N-11), but it still
    /// advances the variant surveyor on the score track (N-14: one space per *completed*
    /// feature).
    pub(super) fn score_completed(&mut self, root: Node, kind: FeatureKind) {
        let root = self.features.find(root);
        let agg = *self.features.get(root);
        let scorers = agg.scorers();
        if scorers == 0 {
            if self.track_steps < TRACK_STEPS {
                self.advance_track_surveyor();
            }
            return;
        }
        let (points, source) = match kind {
            FeatureKind::Road => (
                agg.tiles as i32 + POST_POINTS * agg.marks as i32,
                PointSource::Trail,
            ),
            FeatureKind::City => (
                TOWN_POINTS * (agg.tiles as i32 + agg.marks as i32),
                PointSource::Town,
            ),
            _ => (FARM_POINTS, PointSource::Farm),
        };
        for p in 0..self.players() {
            if scorers & (1 << p) != 0 {
                self.award(p, source, points);
            }
        }
        let mut i = 0;
        while i < self.n_settlers as usize {
            let s = self.settlers[i];
            if self.features.find(s.node) == root {
                if scorers & (1 << s.player) != 0 {
                    let bonus = self.options.surveyor_bonus * self.surveyors_in(s.column);
                    if bonus > 0 {
                        self.award(s.player as usize, PointSource::Surveyor, bonus);
                    }
                }
                self.take_back(i);
            } else {
                i += 1;
            }
        }
        self.scorings += 1;
        self.move_surveyor();
    }

    fn award(&mut self, p: usize, source: PointSource, points: i32) {
        self.scores[p] += points;
        self.stats[p].add_points(source, points);
    }

    /// Returns settler `i` to its owner's supply.
    fn take_back(&mut self, i: usize) {
        let s = self.settlers[i];
        self.features.get_mut(s.node).settlers[s.player as usize] -= 1;
        self.supply[s.player as usize] += 1;
        self.settlers
            .copy_within(i + 1..self.n_settlers as usize, i);
        self.n_settlers -= 1;
    }

    /// N-11, N-13, N-14: one surveyor moves one column west (the eastern one if they
    /// differ; none if both stand in the westernmost column); standing settlers east of the
    /// easternmost surveyor return without scoring. Under N-14 the track surveyor advances
    /// instead until it enters the starting column.
    fn move_surveyor(&mut self) {
        if self.track_steps < TRACK_STEPS {
            self.advance_track_surveyor();
            return;
        }
        let [a, b] = self.surveyors;
        if a != b {
            self.surveyors[usize::from(b > a)] -= 1;
        } else if a > self.west {
            self.surveyors[0] -= 1;
        } else {
            return;
        }
        let east = self.surveyors[0].max(self.surveyors[1]);
        let mut i = 0;
        while i < self.n_settlers as usize {
            let s = self.settlers[i];
            if s.role != Role::Trapper && s.column > east {
                self.removed[s.player as usize] += 1;
                self.take_back(i);
            } else {
                i += 1;
            }
        }
    }

    /// N-14: the variant surveyor advances one space on the score track; from space 5 it
    /// stands on the board, in the starting column.
    fn advance_track_surveyor(&mut self) {
        self.track_steps += 1;
        self.surveyors[1] = 0;
    }

    /// N-4, N-15: draws the next tile that fits (others leave the game), or ends the game.
    pub(super) fn begin_turn(&mut self) {
        while self.pile_next < self.pile_len {
            let v = self.pile[self.pile_next as usize];
            self.pile_next += 1;
            if self.fits_somewhere(v) {
                self.drawn = v;
                self.phase = Phase::PlaceTile;
                return;
            }
            self.tiles_removed += 1;
        }
        self.finish_game();
    }

    /// N-16, N-17: the value of the feature with root `root` for its majority at the end.
    pub fn final_value(&self, root: Node, role: Role) -> i32 {
        let agg = self.features.get(root);
        match role {
            Role::Robber => agg.tiles as i32 + POST_POINTS * agg.marks as i32,
            Role::Shopkeeper => agg.tiles as i32 + agg.marks as i32,
            Role::Farmer => 1 + self.board.placed_around(self.farm_at(root)) as i32,
            Role::Trapper => agg.marks as i32,
        }
    }

    /// Where the farm with node `node` is.
    fn farm_at(&self, node: Node) -> Coord {
        let (c, _) = *self.farms[..self.n_farms as usize]
            .iter()
            .find(|&&(_, n)| n == node)
            .expect("a farm node");
        self.cells[c as usize].at
    }

    /// N-16…N-18: every feature with settlers scores for its majority; settlers stay.
    fn finish_game(&mut self) {
        let mut seen = [0 as Node; MAX_SETTLERS];
        let mut n_seen = 0;
        for i in 0..self.n_settlers as usize {
            let s = self.settlers[i];
            let root = self.features.find(s.node);
            if seen[..n_seen].contains(&root) {
                continue;
            }
            seen[n_seen] = root;
            n_seen += 1;
            let points = self.final_value(root, s.role);
            let source = match s.role {
                Role::Robber => PointSource::FinalTrail,
                Role::Shopkeeper => PointSource::FinalTown,
                Role::Farmer => PointSource::FinalFarm,
                Role::Trapper => PointSource::FinalPlains,
            };
            let scorers = self.features.get(root).scorers();
            for p in 0..self.players() {
                if scorers & (1 << p) != 0 {
                    self.award(p, source, points);
                }
            }
        }
        self.phase = Phase::GameOver;
    }
}
