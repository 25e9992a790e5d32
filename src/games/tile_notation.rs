//! The notation every game of the tile core writes alike (`docs/notation.md`): `place <tile>
//! <x,y> <rN>` for the drawn tile, `pass`, and `illegal during <decision>: <reason>` for an
//! action that is not legal, with the placement's reasons ([`TileState::explain_placement`]).
//! A game's `notation.rs` writes the rest of its vocabulary ([`TileNotation`]).

use super::def::Notation;
use crate::core::game::Game;
use crate::core::notation::Words;
use crate::core::tile_game::{Evaluation, GameParts, TileRules, TileState};

/// A tile game's notation beyond the placement and `pass` that every tile game shares.
pub trait TileNotation: TileRules {
    /// The rule an illegal placement cites (`C-2`).
    const PLACEMENT_RULE: &'static str;
    /// The action `pass` stands for.
    const PASS: Self::Action;
    /// Writes an action other than a placement or `pass` (relative to this position).
    fn format_own(&self, action: &Self::Action) -> String;
    /// Parses an action text whose keyword is neither `place` nor `pass`; errors say what was
    /// expected.
    fn parse_own(&self, parsed: &Words) -> Result<Self::Action, String>;
    /// The decision awaited, as `illegal during …` names it (`tile placement`).
    fn decision_name(&self) -> &'static str;
    /// Why a well-formed action is not legal now, where the game has a reason of its own;
    /// `None` leaves it to the shared reasons (a placement's, else that the action does not
    /// belong to the decision).
    fn why_illegal(&self, action: &Self::Action) -> Option<String>;
}

impl<G: GameParts, const SIDE: usize, const FRONTIER: usize, const NODES: usize> Notation
    for TileState<G, SIDE, FRONTIER, NODES>
where
    Self: TileNotation<Parts = G> + Evaluation,
{
    fn format_action(&self, action: &<Self as Game>::Action) -> String {
        match Self::placement_of(action) {
            Some((at, rot)) => self.placement_text(at, rot),
            None if *action == Self::PASS => "pass".into(),
            None => self.format_own(action),
        }
    }

    fn parse_action(&self, text: &str) -> Result<<Self as Game>::Action, String> {
        let parsed = Words::new(text);
        match parsed.keyword() {
            "place" => self.parse_placement(&parsed),
            "pass" => parsed.arity(1, "pass").map(|()| Self::PASS),
            _ => self.parse_own(&parsed),
        }
    }

    fn explain_illegal(&self, action: &<Self as Game>::Action) -> String {
        let reason = self
            .why_illegal(action)
            .unwrap_or_else(|| match Self::placement_of(action) {
                Some((at, _)) if self.is_placing() => {
                    self.explain_placement(at, Self::PLACEMENT_RULE)
                }
                _ => "it does not belong to this decision".into(),
            });
        format!("illegal during {}: {reason}", self.decision_name())
    }
}
