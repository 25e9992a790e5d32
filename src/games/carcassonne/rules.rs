//! The decisions of a Carcassonne turn (C-2, R-2, R-5, B-2…B-7): what is legal at each and
//! applying them, and where Carcassonne departs from plain tile laying (bridges that make a
//! placement fit or offer a road across a field, the feature tables its scoring reads).

use super::action::Action;
use super::features::FeatureAgg;
use super::placement_terms::PlacementsBefore;
use super::state::{Carcassonne, CarcassonneState, Cell, CellInfo, Monastery, Node, Phase};
use super::stats::ActionKind;
use super::turn_ends::TurnsBefore;
use crate::core::board::FrontierCell;
use crate::core::game::{SeatTerms, SiblingTerms, TurnEndings};
use crate::core::geom::{Coord, Side};
use crate::core::search_hooks::SearchHooks;
use crate::core::tile_game::{tile_rules_by_phase, NewCell, PlacementJudge, TileRules};
use crate::core::tileset::{FeatureKind, Orientation, Segment, Variant};

impl TileRules for CarcassonneState {
    type Parts = Carcassonne;
    tile_rules_by_phase!(Action, Phase);

    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        match self.game.phase {
            Phase::PlaceTile => self.placements(out),
            Phase::Bridge => self.bridge_choices(|a| out.push(a)),
            Phase::BazaarOffer | Phase::BazaarBid | Phase::BazaarDeal | Phase::RobberBack => {
                self.bazaar_actions(|a| out.push(a))
            }
            Phase::Castle => out.extend([
                Action::Castle { build: false },
                Action::Castle { build: true },
            ]),
            Phase::CastleScore => {
                let c = self.next_castle().expect("a castle to score");
                self.castle_options(c, |points| out.push(Action::CastleScore { points }));
            }
            Phase::Robber => {
                out.push(Action::KeepRobber);
                let p = self.decider as usize;
                self.game
                    .track
                    .robber_spaces(p, &self.sheet.scores, |space| {
                        out.push(Action::Robber { space })
                    });
            }
            Phase::Meeple => self.meeple_choices(out),
            Phase::ScoreOrder => {
                let p = self.decider as usize;
                self.game
                    .track
                    .first_scoring_options(p, |points| out.push(Action::ScoreFirst { points }));
            }
            Phase::Rob => {
                let p = self.decider as usize;
                self.game.track.rob_candidates(p, &self.sheet.scores, |q| {
                    out.push(Action::Rob { player: q as u8 })
                });
            }
            Phase::GameOver => {}
        }
    }

    fn apply_action(&mut self, action: Action) {
        let p = self.decider as usize;
        match (self.game.phase, action) {
            (Phase::PlaceTile, Action::Place { at, rot }) => self.place_drawn(at, rot),
            (Phase::PlaceTile, Action::Discard) => {
                // B-2: the tile leaves the game; the same player draws again (C-2).
                self.game.tiles_discarded += 1;
                self.begin_turn();
            }
            (Phase::Bridge, Action::Bridge { at, axis }) => {
                self.build_bridge(at, axis);
                self.after_bridge();
            }
            (Phase::Bridge, Action::NoBridge) => self.after_bridge(),
            (Phase::Castle, Action::Castle { build }) => {
                let (i, owner) = self.castle_question().expect("a castle decision");
                self.game.castle_asked |= 1 << i;
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
                self.game.track.put_robber(p, space);
                self.next_robber_decision();
            }
            (Phase::Robber, Action::KeepRobber) => self.next_robber_decision(),
            (Phase::Meeple, Action::Pass) => self.finish_turn(),
            (Phase::Meeple, Action::Meeple { segment }) => {
                self.put_meeple(segment);
                self.finish_turn();
            }
            (Phase::ScoreOrder, Action::ScoreFirst { points }) => {
                self.game.track.choose_first(p, points);
                self.continue_scoring();
            }
            (Phase::Rob, Action::Rob { player }) => {
                self.game.track.choose_victim(p, player as usize);
                self.continue_scoring();
            }
            (Phase::BazaarOffer | Phase::BazaarBid | Phase::BazaarDeal | Phase::RobberBack, a) => {
                self.apply_bazaar(a)
            }
            (phase, a) => panic!("action {a:?} does not belong to phase {phase:?}"),
        }
    }

    fn kind_of(&self, action: &Action) -> ActionKind {
        match action {
            Action::Place { .. } => ActionKind::Place,
            Action::Pass => ActionKind::Pass,
            Action::Meeple { segment } => ActionKind::meeple_on(
                self.variant_of(self.last_cell())
                    .segments()
                    .get(*segment as usize)
                    .map_or(FeatureKind::Road, |s| s.kind),
            ),
            Action::Robber { .. } if self.game.track.robber(self.decider as usize).is_none() => {
                ActionKind::RobberPlace
            }
            Action::Robber { .. } => ActionKind::RobberMove,
            Action::KeepRobber => ActionKind::RobberKeep,
            Action::ScoreFirst { .. } => ActionKind::ScoreFirst,
            Action::Rob { .. } => ActionKind::Rob,
            Action::Bridge { .. } => ActionKind::Bridge,
            Action::NoBridge => ActionKind::BridgeSkip,
            Action::Castle { build: true } => ActionKind::CastleBuild,
            Action::Castle { build: false } => ActionKind::CastleDecline,
            Action::CastleScore { .. } => ActionKind::CastleScore,
            Action::BazaarOffer { .. } => ActionKind::BazaarOffer,
            Action::BazaarBid { .. } => ActionKind::BazaarBid,
            Action::BazaarPass => ActionKind::BazaarPass,
            Action::BazaarDeal { buy: true } => ActionKind::BazaarBuy,
            Action::BazaarDeal { buy: false } => ActionKind::BazaarSell,
            Action::Discard => ActionKind::Discard,
            Action::RobberBack { follow: true } => ActionKind::RobberBack,
            Action::RobberBack { follow: false } => ActionKind::RobberStay,
        }
    }

    /// Placements judged from the position before them (`placement_terms.rs`).
    fn placement_judge<'a>(
        &'a self,
        _held: &'a Self,
        held_terms: &'a SeatTerms,
    ) -> Option<impl PlacementJudge<SiblingTerms> + 'a> {
        self.judges_placements()
            .then(|| PlacementsBefore::of(self, held_terms))
    }

    /// Placements judged from the position before them (`placement_terms.rs`).
    fn placement_judge_here<'a>(
        &'a self,
        terms: &'a SeatTerms,
    ) -> Option<impl PlacementJudge<SiblingTerms> + 'a> {
        self.judges_placements()
            .then(|| PlacementsBefore::with_terms(self, terms, terms))
    }

    /// The turns of placements judged from the position before them (`turn_ends.rs`).
    fn turn_judge<'a>(
        &'a self,
        terms: &'a SeatTerms,
    ) -> Option<impl PlacementJudge<TurnEndings> + 'a> {
        self.judges_placements()
            .then(|| TurnsBefore::of(self, terms))
    }

    /// The tile's bit among the tiles with several roads or cities (0 for the others); no
    /// bridge yet.
    fn new_cell_data(
        &mut self,
        _at: Coord,
        variant: &Variant,
        _orientation: &Orientation,
    ) -> CellInfo {
        CellInfo {
            bridge: None,
            shared: self.game.shared_tiles.take_for(variant),
        }
    }

    /// Roads and cities count their open edges, tiles and pennants; monasteries and the
    /// field–city borders of the tile are noted for the scoring.
    fn new_feature(
        &mut self,
        cell: &NewCell<'_, Node, CellInfo>,
        index: usize,
        seg: &Segment,
    ) -> FeatureAgg {
        let node = cell.first_node + index as Node;
        let mut cities = seg.borders;
        while cities != 0 {
            let city = cities.trailing_zeros() as Node;
            cities &= cities - 1;
            self.game.borders.push((node, cell.first_node + city));
        }
        if seg.kind == FeatureKind::Monastery {
            self.game.monasteries.push(Monastery {
                cell: cell.index as u8,
                node,
            });
        }
        FeatureAgg::of_segment(seg, cell.data.shared)
    }

    /// B-2: a placement that a bridge of the active player would make fit.
    #[inline]
    fn fits_otherwise(&self, cell: &FrontierCell, signature: u8) -> bool {
        self.game.options.expansions.bcb && self.bridge_fixes(cell, signature)
    }

    /// With bridges, placements include those needing one and the discard: listed.
    fn samples_placements(&self) -> bool {
        !self.game.options.expansions.bcb
    }

    /// B-2: a discarded tile is followed by a draw from the unseen pile within the turn.
    fn draws_unseen(&self, action: &Action) -> bool {
        *action == Action::Discard
    }

    /// B-2: a bridge's road crosses the field edges it covers.
    fn bridge_node(&self, cell: &Cell, side: Side) -> Option<Node> {
        cell.data.bridge.filter(|b| b.covers(side)).map(|b| b.node)
    }
}

/// Carcassonne's piece decisions redone and judged, and its placements judged by the tile core
/// (`piece_decision_hooks!`, `core/tile_game/piece.rs`).
impl SearchHooks<Action> for CarcassonneState {
    crate::core::tile_game::piece_decision_hooks!(Action);

    /// Placements, where they are judged (`placement_terms.rs`).
    fn may_judge_siblings(&self) -> bool {
        self.judges_placements()
    }

    /// Placements, where they are judged (`placement_terms.rs`), and meeple decisions
    /// without Bridges, Castles and Bazaars (whose bazaar may follow the turn).
    fn may_judge_candidates(&self) -> bool {
        self.judges_placements()
            || (self.game.phase == Phase::Meeple && !self.game.options.expansions.bcb)
    }

    /// Placements, where they are judged (`turn_ends.rs`).
    fn may_judge_turns(&self) -> bool {
        self.judges_placements()
    }
}
