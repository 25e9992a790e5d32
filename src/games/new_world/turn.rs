//! Legal actions and their application: tile placement (N-4), settlers (N-5), scoring in
//! play (N-6…N-10), surveyors (N-11…N-14) and the end of the game (N-15…N-17).

use super::state::{FeatureAgg, NewWorldState, Node, Phase, Role, Settler, TRACK_STEPS};
use super::stats::PointSource;
use crate::core::geom::Coord;
use crate::core::tileset::FeatureKind;

/// N-7: points per trading post.
pub const POST_POINTS: i32 = 2;
/// N-8: points per town tile and per flag of a completed town.
pub const TOWN_POINTS: i32 = 2;
/// N-9: points for a completed farm.
pub const FARM_POINTS: i32 = 9;

impl NewWorldState {
    /// N-5: the active player's settler goes on `segment` of the tile just placed.
    pub(super) fn put_settler(&mut self, segment: u8) {
        self.put_settler_for(self.active as usize, segment);
    }

    /// [`NewWorldState::put_settler`] for `p`, the player whose turn it is or was.
    pub(super) fn put_settler_for(&mut self, p: usize, segment: u8) {
        let settler = self.settler_on(p, segment);
        self.features.get_mut(settler.node).settlers[p] += 1;
        self.supply[p] -= 1;
        self.game.settlers.push(settler);
    }

    /// `p`'s settler on `segment` of the tile just placed (whether it stands there or not).
    #[inline]
    pub(super) fn settler_on(&self, p: usize, segment: u8) -> Settler {
        let cell = self.last_cell();
        Settler {
            player: p as u8,
            node: cell.first_node + segment as Node,
            role: Role::of(self.variant_of(cell).segments[segment as usize].kind),
            column: cell.at.x,
        }
    }

    /// N-6: scores what the tile completed, in the order of `order.rs` (N-11), then the next
    /// turn begins.
    pub(super) fn finish_turn(&mut self) {
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
            if self.game.track_steps < TRACK_STEPS {
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
        self.award_seats(scorers, source, points);
        let mut i = 0;
        while i < self.game.settlers.len() {
            let s = self.game.settlers[i];
            if self.features.find(s.node) == root {
                if scorers & (1 << s.player) != 0 {
                    let bonus = self.game.options.surveyor_bonus * self.surveyors_in(s.column);
                    if bonus > 0 {
                        self.award(s.player as usize, PointSource::Surveyor, bonus);
                    }
                }
                self.take_back(i);
            } else {
                i += 1;
            }
        }
        self.game.scorings += 1;
        self.move_surveyor();
    }

    /// Returns settler `i` to its owner's supply.
    pub(super) fn take_back(&mut self, i: usize) {
        let s = self.game.settlers.remove(i);
        self.features.get_mut(s.node).settlers[s.player as usize] -= 1;
        self.supply[s.player as usize] += 1;
    }

    /// N-11, N-13, N-14: one surveyor moves one column west (the eastern one if they
    /// differ; none if both stand in the westernmost column); standing settlers east of the
    /// easternmost surveyor return without scoring. Under N-14 the track surveyor advances
    /// instead until it enters the starting column.
    fn move_surveyor(&mut self) {
        if self.game.track_steps < TRACK_STEPS {
            self.advance_track_surveyor();
            return;
        }
        let [a, b] = self.game.surveyors;
        if a != b {
            self.game.surveyors[usize::from(b > a)] -= 1;
        } else if a > self.game.west {
            self.game.surveyors[0] -= 1;
        } else {
            return;
        }
        let east = self.game.surveyors[0].max(self.game.surveyors[1]);
        let mut i = 0;
        while i < self.game.settlers.len() {
            let s = self.game.settlers[i];
            if s.role != Role::Trapper && s.column > east {
                self.game.removed[s.player as usize] += 1;
                self.take_back(i);
            } else {
                i += 1;
            }
        }
    }

    /// N-14: the variant surveyor advances one space on the score track; from space 5 it
    /// stands on the board, in the starting column.
    fn advance_track_surveyor(&mut self) {
        self.game.track_steps += 1;
        self.game.surveyors[1] = 0;
    }

    /// N-4, N-15: draws the next tile that fits (others leave the game), or ends the game.
    pub(super) fn begin_turn(&mut self) {
        if self.draw_fitting(|_, _, _| {}) {
            self.game.phase = Phase::PlaceTile;
        } else {
            self.finish_game();
        }
    }

    /// N-16, N-17: the value of the feature with root `root` for its majority at the end.
    pub fn final_value(&self, root: Node, role: Role) -> i32 {
        self.final_value_of(self.features.get(root), root, role)
    }

    /// [`NewWorldState::final_value`] of a feature whose summary is `agg`.
    pub(super) fn final_value_of(&self, agg: &FeatureAgg, root: Node, role: Role) -> i32 {
        let neighbours = match role {
            Role::Farmer => self.board.placed_around(self.farm_at(root)),
            _ => 0,
        };
        final_value_with(agg, role, neighbours)
    }

    /// Where the farm with node `node` is.
    fn farm_at(&self, node: Node) -> Coord {
        let (c, _) = *self.game.farms[..]
            .iter()
            .find(|&&(_, n)| n == node)
            .expect("a farm node");
        self.cells[c as usize].at
    }

    /// N-16…N-18: every feature with settlers scores for its majority; settlers stay.
    fn finish_game(&mut self) {
        let scored = self.features_with_pieces(&self.game.settlers, |s| s.node);
        for &(s, root) in scored.iter() {
            let points = self.final_value(root, s.role);
            let source = match s.role {
                Role::Robber => PointSource::FinalTrail,
                Role::Shopkeeper => PointSource::FinalTown,
                Role::Farmer => PointSource::FinalFarm,
                Role::Trapper => PointSource::FinalPlains,
            };
            self.award_seats(self.features.get(root).scorers(), source, points);
        }
        self.game.phase = Phase::GameOver;
    }
}

/// N-16, N-17: the value at the end of a feature whose summary is `agg` for settlers in
/// `role`, with `neighbours` of its 8 neighbours placed when it is a farm.
pub(super) fn final_value_with(agg: &FeatureAgg, role: Role, neighbours: u8) -> i32 {
    match role {
        Role::Robber => agg.tiles as i32 + POST_POINTS * agg.marks as i32,
        Role::Shopkeeper => agg.tiles as i32 + agg.marks as i32,
        Role::Farmer => 1 + neighbours as i32,
        Role::Trapper => agg.marks as i32,
    }
}
