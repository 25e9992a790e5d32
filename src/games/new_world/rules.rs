//! The decisions of a New World turn (N-4, N-5, N-11): what is legal at each and applying
//! them, and where New World departs from plain tile laying (tiles only west of the starting
//! column, features that the sea closes, farms).

use super::action::Action;
use super::placement_terms::PlacementsBefore;
use super::state::{FeatureAgg, NewWorld, NewWorldState, Node, Phase, Role};
use super::stats::ActionKind;
use super::turn_ends::TurnsBefore;
use crate::core::game::{SeatTerms, SiblingTerms, TurnEndings};
use crate::core::geom::{Coord, Side};
use crate::core::search_hooks::SearchHooks;
use crate::core::tile_game::{tile_rules_by_phase, NewCell, PlacementJudge, TileRules};
use crate::core::tileset::{FeatureKind, Orientation, Segment, Variant};

impl TileRules for NewWorldState {
    type Parts = NewWorld;
    tile_rules_by_phase!(Action, Phase);

    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        match self.game.phase {
            Phase::PlaceTile => {
                self.list_placements(out);
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

    fn apply_action(&mut self, action: Action) {
        match (self.game.phase, action) {
            (Phase::PlaceTile, Action::Place { at, rot }) => {
                self.put_tile(at, self.drawn, rot);
                self.game.west = self.game.west.min(at.x);
                self.game.phase = Phase::Settler;
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

    fn kind_of(&self, action: &Action) -> ActionKind {
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

    /// Placements judged from the position before them (`placement_terms.rs`).
    fn placement_judge<'a>(
        &'a self,
        _held: &'a Self,
        held_terms: &'a SeatTerms,
    ) -> Option<impl PlacementJudge<SiblingTerms> + 'a> {
        Some(PlacementsBefore::of(self, held_terms))
    }

    /// Placements judged from the position before them (`placement_terms.rs`).
    fn placement_judge_here<'a>(
        &'a self,
        terms: &'a SeatTerms,
    ) -> Option<impl PlacementJudge<SiblingTerms> + 'a> {
        Some(PlacementsBefore::with_terms(self, terms, terms))
    }

    /// The turns of placements judged from the position before them (`turn_ends.rs`).
    fn turn_judge<'a>(
        &'a self,
        terms: &'a SeatTerms,
    ) -> Option<impl PlacementJudge<TurnEndings> + 'a> {
        Some(TurnsBefore::of(self, terms))
    }

    /// The tile's bit among the tiles with several trails or towns (0 for the others).
    fn new_cell_data(&mut self, _at: Coord, variant: &Variant, _orientation: &Orientation) -> u32 {
        self.game.shared_tiles.take_for(variant)
    }

    /// Trails and towns count their open edges (not those the sea closes, N-7, N-8), tiles
    /// and marks; farms are noted; plains count their animals.
    fn new_feature(
        &mut self,
        cell: &NewCell<'_, Node, u32>,
        index: usize,
        seg: &Segment,
    ) -> FeatureAgg {
        let open = match seg.kind {
            FeatureKind::Road | FeatureKind::City => Side::ALL
                .into_iter()
                .filter(|&s| cell.orientation.side_segment[s.index()] == index as u8)
                .filter(|&s| !self.borders_sea(cell.at, s))
                .count() as u8,
            _ => 0,
        };
        if seg.kind == FeatureKind::Farm {
            let node = cell.first_node + index as Node;
            self.game.farms.push((cell.index as u8, node));
        }
        FeatureAgg::of_segment(seg, open, cell.data)
    }

    /// N-4: only west of the starting column.
    fn placeable(&self, at: Coord) -> bool {
        at.x < 0
    }
}

/// New World's piece decisions redone and judged, and its placements judged by the tile core
/// (`piece_decision_hooks!`, `core/tile_game/piece.rs`).
impl SearchHooks<Action> for NewWorldState {
    crate::core::tile_game::piece_decision_hooks!(Action);

    /// Placements (`placement_terms.rs`).
    fn may_judge_siblings(&self) -> bool {
        self.game.phase == Phase::PlaceTile
    }

    /// Placements (`placement_terms.rs`) and settler decisions.
    fn may_judge_candidates(&self) -> bool {
        matches!(self.game.phase, Phase::PlaceTile | Phase::Settler)
    }

    /// Placements (`turn_ends.rs`).
    fn may_judge_turns(&self) -> bool {
        self.game.phase == Phase::PlaceTile
    }
}
