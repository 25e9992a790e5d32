//! The decisions of a Safari turn (S-4…S-7): what is legal at each and applying them, and
//! where a Safari tile differs from plain tile laying (its cells' corner slots, its features'
//! summaries, the token bag among the hidden information); and the search hooks by which agents
//! judge its actions without making them.

use super::action::Action;
use super::features::FeatureAgg;
use super::placement_terms::PlacementsBefore;
use super::state::{Corners, Phase, SafariState, Stage};
use super::stats::ActionKind;
use crate::core::game::{SeatTerms, SiblingTerms, Siblings};
use crate::core::geom::Coord;
use crate::core::rng::{rng_from_seed, GameRng};
use crate::core::search_hooks::SearchHooks;
use crate::core::species::Species;
use crate::core::tile_game::{
    judge_placements, tile_rules_by_phase, NewCell, PlacementJudge, TileRules,
};
use crate::core::tileset::{FeatureKind, Orientation, Segment, Variant};
use rand_core::RngCore;

impl TileRules for SafariState {
    type Parts = super::state::Safari;
    tile_rules_by_phase!(Action, Phase);

    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        match self.game.phase {
            Phase::PlaceTile => {
                self.list_placements(out);
            }
            Phase::Action => self.step_two_actions(out),
            Phase::ScoreOrder => {
                let pending = self.pending_features();
                for i in 0..self.game.scoring.n_completed as usize {
                    if pending & (1 << i) != 0 {
                        out.push(Action::ScoreFirst {
                            segment: self.game.scoring.completed[i],
                        });
                    }
                }
            }
            Phase::Boost => {
                out.push(Action::NoBoost);
                let node = self.boost_target().expect("a feature being scored");
                let on_feature = self.feature(node).species;
                let hand = self.game.hands[self.decider as usize];
                for s in Species::ALL {
                    if hand.get(s) > 0 && on_feature & s.bit() == 0 {
                        out.push(Action::Boost { species: s });
                    }
                }
            }
            Phase::ReplaceVehicle => {
                for f in self.board.frontier() {
                    if !self.game.vehicles.contains(&Some(f.coord)) {
                        out.push(Action::ReplaceVehicle { to: f.coord });
                    }
                }
            }
            Phase::GameOver => {}
        }
    }

    fn apply_action(&mut self, action: Action) {
        let p = self.decider as usize;
        match (self.game.phase, action) {
            (Phase::PlaceTile, Action::Place { at, rot }) => self.place_drawn(at, rot),
            (Phase::Action, a) => {
                self.take_action(a);
                self.game.scoring.stage = Stage::BaobabsFirst;
                self.run_scoring();
            }
            (Phase::ScoreOrder, Action::ScoreFirst { segment }) => {
                let root = self.features.find(self.last_cell().first_node + segment);
                let i = (0..self.game.scoring.n_completed as usize)
                    .find(|&i| self.completed_root(i) == root)
                    .expect("ScoreFirst names a completed feature");
                self.start_feature(i as u8);
                self.run_scoring();
            }
            (Phase::Boost, Action::Boost { species }) => {
                self.game.hands[p].remove(species);
                self.game.discard.add(species);
                self.game.scoring.boosts[p] = 1;
                self.run_scoring();
            }
            (Phase::Boost, Action::NoBoost) => {
                self.run_scoring();
            }
            (Phase::ReplaceVehicle, Action::ReplaceVehicle { to }) => {
                let v = self.game.scoring.displaced.expect("a displaced vehicle") as usize;
                self.game.vehicles[v] = Some(to);
                self.game.vehicle_fit = self.fresh_vehicle_fit();
                self.run_scoring();
            }
            (phase, a) => panic!("action {a:?} does not belong to phase {phase:?}"),
        }
    }

    fn kind_of(&self, action: &Action) -> ActionKind {
        match action {
            Action::Place { .. } => ActionKind::Place,
            Action::Pass => ActionKind::Pass,
            Action::Meeple { segment } => {
                let cell = self.last_cell();
                // A validated Safari tile has only paths and bushes.
                match self.variant_of(cell).segments[*segment as usize].kind {
                    FeatureKind::Bush => ActionKind::MeepleBush,
                    _ => ActionKind::MeeplePath,
                }
            }
            Action::Baobab => ActionKind::MeepleBaobab,
            Action::MoveVehicle { .. } => ActionKind::MoveVehicle,
            Action::Dig { .. } => ActionKind::Dig,
            Action::Extend { .. } => ActionKind::Extend,
            Action::ScoreFirst { .. } => ActionKind::ScoreOrder,
            Action::Boost { .. } => ActionKind::Boost,
            Action::NoBoost => ActionKind::NoBoost,
            Action::ReplaceVehicle { .. } => ActionKind::ReplaceVehicle,
        }
    }

    /// S-8.1: the corners open for holes; tokens already around them.
    #[inline]
    fn new_cell_data(
        &mut self,
        at: Coord,
        _variant: &Variant,
        orientation: &Orientation,
    ) -> Corners {
        Corners {
            tokens: 0,
            free_corners: orientation.open_corners,
            open_corners: orientation.open_corners,
            near_token: self.corners_near_tokens(at),
        }
    }

    #[inline]
    fn new_feature(
        &mut self,
        _cell: &NewCell<'_, u8, Corners>,
        _index: usize,
        seg: &Segment,
    ) -> FeatureAgg {
        FeatureAgg::of_segment(seg)
    }

    /// S-5: the action step is sampled too (`sample.rs`).
    fn sample_action(&self, rng: &mut GameRng) -> Option<Action> {
        if self.game.phase == Phase::Action {
            self.sample_step_two(rng)
        } else {
            None
        }
    }

    /// Placements judged from the position before them (`placement_terms.rs`).
    fn placement_judge<'a>(
        &'a self,
        held: &'a Self,
        held_terms: &'a SeatTerms,
    ) -> Option<impl PlacementJudge<SiblingTerms> + 'a> {
        Some(PlacementsBefore::of(self, held, held_terms))
    }

    /// The bag's order, and the stream that reshuffles it later (S-1.4).
    fn redeterminize_hidden(&mut self, rng: &mut GameRng) {
        self.game.bag.shuffle_unseen(rng);
        self.game.rng = rng_from_seed(rng.next_u64());
    }
}

/// Safari's vehicle moves and digs redone and judged from a sibling (`redo.rs`), and its
/// placements judged by the tile core.
impl SearchHooks<Action> for SafariState {
    const REDOES: bool = true;

    /// Vehicle moves with the pass, digs by the species they spend (`redo.rs`).
    fn sibling_batch(&self, action: &Action) -> usize {
        self.judging_batch(action)
    }

    /// Vehicle moves and digs redone as others of their kind (`redo.rs`).
    fn redo_as(&mut self, from: &Self, done: &Action, instead: &Action) -> bool {
        self.redo_sibling(from, done, instead)
    }

    /// The heuristic terms after such a redo (`redo.rs`).
    fn redo_terms(&self, done: &Action, instead: &Action, terms: &mut SeatTerms) -> bool {
        self.redo_sibling_terms(done, instead, terms)
    }

    const JUDGES_SIBLINGS: bool = true;

    /// Placements judged by the tile core (`placement_judge`), vehicle moves and digs from the
    /// terms of a sibling (`redo.rs`).
    fn sibling_terms(&self, siblings: Siblings<'_, Self, Action>, out: &mut SiblingTerms) {
        match siblings {
            Siblings {
                done: Action::Place { .. },
                ..
            } => judge_placements(self, siblings, out),
            Siblings {
                from,
                done,
                instead,
                terms,
            } => self.judge_siblings(from, done, instead, terms, out),
        }
    }
}
