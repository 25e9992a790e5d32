//! Text notation of New World actions, in the spirit of Carcassonne's (`docs/notation.md`).
//!
//! An action is written relative to the position before it:
//!
//! - `place F.2 -1,0 r90`: the drawn tile, its cell and rotation (N-4);
//! - `pass`: no settler (N-5);
//! - `settler trail E`, `settler town N`, `settler plains Wn`, `settler farm`: a settler on the
//!   feature of the tile just placed that touches this side (trails, towns) or half side
//!   (plains), as placed (N-5);
//! - `score trail E`, `score town N`, `score farm -1,4`: of the features the tile completed,
//!   score next the trail or town touching this side of the tile just placed, or the farm on
//!   the tile at `-1,4` (N-11).

use super::action::Action;
use super::state::{NewWorldState, Node, Phase};
use crate::core::geom::{Coord, Side};
use crate::core::notation::{coord, Words};
use crate::core::tileset::{FeatureKind, NO_SEGMENT};
use crate::games::tile_notation::{SegmentWords, TileNotation};

/// How a settler's segment of the tile just placed is named (N-5), and the feature planes of
/// an observation.
pub(crate) const SEGMENT_WORDS: SegmentWords = SegmentWords {
    sided: ["trail", "town", "plains"],
    middle: ("farm", FeatureKind::Farm),
};

impl TileNotation for NewWorldState {
    const PLACEMENT_RULE: &'static str = "N-4";
    const PASS: Action = Action::Pass;

    fn format_own(&self, action: &Action) -> String {
        match *action {
            Action::Place { .. } | Action::Pass => unreachable!("written by the tile core"),
            Action::Settler { segment } => {
                format!("settler {}", self.segment_text(&SEGMENT_WORDS, segment))
            }
            Action::Score { node } => format!("score {}", self.describe_completed(node)),
        }
    }

    fn parse_own(&self, parsed: &Words) -> Result<Action, String> {
        let words = parsed.as_slice();
        let arity = |n: usize, form: &str| parsed.arity(n, form);
        match parsed.keyword() {
            "settler" => Ok(Action::Settler {
                segment: self.parse_segment(parsed, &SEGMENT_WORDS)?,
            }),
            "score" => match words.get(1).copied() {
                Some("farm") => {
                    arity(3, "score farm <x,y>")?;
                    self.find_farm(words[2])
                }
                _ => {
                    arity(3, "score <trail|town> <side> or score farm <x,y>")?;
                    let kind = match words[1] {
                        "trail" => FeatureKind::Road,
                        "town" => FeatureKind::City,
                        k => {
                            return Err(format!(
                                "expected trail, town or farm after \"score\", found \"{k}\" \
                                 (N-11)"
                            ))
                        }
                    };
                    let seg = self
                        .placed_segment(&SEGMENT_WORDS, kind, Some(words[2]))
                        .map_err(|e| format!("{e} (N-11)"))?;
                    // The feature is named by its first segment on the tile (layout order).
                    let cell = self.last_cell();
                    let root = self.features.root(cell.first_node + seg as Node);
                    let first = (0..seg as Node)
                        .map(|s| cell.first_node + s)
                        .find(|&n| self.features.root(n) == root)
                        .unwrap_or(cell.first_node + seg as Node);
                    Ok(Action::Score { node: first })
                }
            },
            other => Err(format!(
                "unknown action \"{other}\"; expected one of: place, pass, settler, score"
            )),
        }
    }

    fn decision_name(&self) -> &'static str {
        match self.game.phase {
            Phase::PlaceTile => "tile placement",
            Phase::Settler => "the settler decision",
            Phase::ScoreOrder => "the choice of scoring order",
            Phase::GameOver => "the end of the game",
        }
    }

    fn why_illegal(&self, action: &Action) -> Option<String> {
        let p = self.active as usize;
        Some(match (self.game.phase, action) {
            (Phase::PlaceTile, Action::Place { at, .. }) if at.x >= 0 => {
                format!("{at} is not west of the starting column (N-4)")
            }
            (Phase::Settler, Action::Settler { .. }) if self.supply[p] == 0 => {
                format!("player {p} has no settler left in supply (N-5)")
            }
            (Phase::Settler, Action::Settler { .. }) => {
                "that feature already has a settler, or the tile has no such segment (N-5)".into()
            }
            (Phase::ScoreOrder, Action::Score { node }) => {
                let what = match self.farm_with_node(*node) {
                    Some(_) => "that farm",
                    None => match self.features_kind(*node) {
                        FeatureKind::City => "that town",
                        _ => "that trail",
                    },
                };
                match self.completed_index(*node) {
                    None => format!("{what} was not completed by the tile just placed (N-11)"),
                    Some(i) if self.is_resolved(i) => {
                        format!("{what} has already been scored (N-11)")
                    }
                    Some(_) => format!("{what} holds no settler, so it is not scored (N-11)"),
                }
            }
            (_, Action::Score { .. }) => "no scoring order is to be chosen now: the active \
                player chooses only when the tile just placed completed several features with \
                settlers whose order can matter (N-11)"
                .into(),
            _ => return None,
        })
    }
}

impl NewWorldState {
    /// The farm with node `node`: where it lies.
    fn farm_with_node(&self, node: Node) -> Option<Coord> {
        self.game.farms[..]
            .iter()
            .find(|&&(_, n)| n == node)
            .map(|&(c, _)| self.cells[c as usize].at)
    }

    /// `trail E`, `town N`, `farm -1,4`: a feature completed by the tile just placed, named by
    /// the first side (N, E, S, W) of that tile it touches, or a farm by its tile.
    fn describe_completed(&self, node: Node) -> String {
        if let Some(at) = self.farm_with_node(node) {
            return format!("farm {at}");
        }
        let cell = self.last_cell();
        let o = self.orientation_of(cell);
        let root = self.features.root(node);
        let kind = self.features_kind(node);
        let side = Side::ALL.into_iter().find(|s| {
            let seg = o.side_segment[s.index()];
            seg != NO_SEGMENT && self.features.root(cell.first_node + seg as Node) == root
        });
        match side {
            Some(side) => format!("{} {}", SEGMENT_WORDS.word(kind), side.letter()),
            None => format!("{} ?", SEGMENT_WORDS.word(kind)),
        }
    }

    /// The kind of the segment with node `node` of the tile just placed (a trail or town).
    fn features_kind(&self, node: Node) -> FeatureKind {
        let cell = self.last_cell();
        let segments = self.variant_of(cell).segments();
        node.checked_sub(cell.first_node)
            .and_then(|seg| segments.get(seg as usize))
            .map_or(FeatureKind::Road, |s| s.kind)
    }

    /// `score farm <x,y>`: the farm on the tile at `x,y` (N-11).
    fn find_farm(&self, at: &str) -> Result<Action, String> {
        let at = coord(at).map_err(|e| format!("{e} (N-11)"))?;
        let cell = self
            .cell_at(at)
            .ok_or_else(|| format!("no tile lies at {at} (N-11)"))?;
        let v = self.variant_of(cell);
        let seg = v
            .segments()
            .iter()
            .position(|s| s.kind == FeatureKind::Farm)
            .ok_or_else(|| format!("tile {} at {at} has no farm (N-11)", v.name))?;
        Ok(Action::Score {
            node: cell.first_node + seg as Node,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::{ActionKind, Options};
    use super::*;
    use crate::core::geom::{Coord, Rotation};
    use crate::games::notation_checks::*;
    use crate::games::Notation;

    /// Every legal action of random games formats to text that parses back to the action (so
    /// no two actions of a decision share a text); every action kind occurs.
    #[test]
    fn every_legal_action_round_trips_on_random_games() {
        let seen = round_trip_games(0..150, |seed| {
            let options = Options {
                surveyor_variant: seed % 2 == 1,
                ..Options::default()
            };
            NewWorldState::new(2 + (seed % 4) as usize, seed, options).unwrap()
        });
        assert_eq!(seen, [true; ActionKind::COUNT]);
    }

    #[test]
    fn bad_text_and_illegal_actions_say_why() {
        let mut g = NewWorldState::new(2, 3, Options::default()).unwrap();
        let cases = [
            ("jump", "unknown action \"jump\""),
            ("place zz.1 -1,0 r0", "the tile to place is"),
            ("place x -1,0", "expected \"place <tile>"),
            ("settler trail", "expected \"settler <trail|town|plains>"),
            ("settler trail N", "no tile has been placed this turn"),
            ("settler road N", "expected trail, town, plains or farm"),
        ];
        assert_parse_errors(&g, &cases);
        assert_placements_explained(
            &g,
            &[
                ((1, 0), "1,0 is not west of the starting column (N-4)"),
                ((-5, 5), "not next to any placed tile (N-4)"),
            ],
        );
        play_first(&mut g);
        let placed = g.tiles().variant(g.drawn_tile());
        let farm = FeatureKind::Farm;
        assert_middle_segment(&g, placed, "settler farm", farm, |segment| {
            Action::Settler { segment }
        });
        assert!(g
            .explain_illegal(&Action::Place {
                at: Coord::new(-1, 0),
                rot: Rotation::default(),
            })
            .starts_with("illegal during the settler decision: it does not belong"));
    }
}
