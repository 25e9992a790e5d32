//! The notation every game of the tile core writes alike (`docs/notation.md`): `place <tile>
//! <x,y> <rN>` for the drawn tile, `pass`, and `illegal during <decision>: <reason>` for an
//! action that is not legal, with the placement's reasons (`TileState::explain_placement`);
//! and, for a game whose pieces go on the features of the tile just placed, how those segments
//! are named in the game's words ([`SegmentWords`]). A game's `notation.rs` writes the rest of
//! its vocabulary ([`TileNotation`]).

use super::def::Notation;
use crate::core::game::Game;
use crate::core::notation::{named_segment, segment_place, Words};
use crate::core::search_hooks::SearchHooks;
use crate::core::tile_game::{Evaluation, GameParts, TileRules, TileState};
use crate::core::tileset::FeatureKind;

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
    Self: TileNotation<Parts = G> + Evaluation + SearchHooks<<Self as TileRules>::Action>,
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

/// The kinds named with the side, or for fields the half side, they touch: roads, cities and
/// fields, in the order of [`SegmentWords::sided`].
const SIDED_KINDS: [FeatureKind; 3] = [FeatureKind::Road, FeatureKind::City, FeatureKind::Field];

/// The words a game's notation names the segments of the tile just placed by (`meeple road E`,
/// `settler farm`): roads, cities and fields are named with the side, or for fields the half
/// side, that they touch first as placed, and the kind a tile holds at most once, in its
/// middle, is named alone.
pub struct SegmentWords {
    /// The words for roads, cities and fields.
    pub sided: [&'static str; 3],
    /// The kind named alone, with its word.
    pub middle: (&'static str, FeatureKind),
}

impl SegmentWords {
    /// The word for `kind`, one of the game's segment kinds.
    pub fn word(&self, kind: FeatureKind) -> &'static str {
        match SIDED_KINDS.iter().position(|&k| k == kind) {
            Some(i) => self.sided[i],
            None if kind == self.middle.1 => self.middle.0,
            None => panic!("{kind} is not a segment kind of the game"),
        }
    }

    /// Every kind of segment with its word: roads, cities and fields, then the middle kind
    /// (also the names of the feature planes of the game's observations).
    pub const fn named_kinds(&self) -> [(&'static str, FeatureKind); 4] {
        let [road, city, field] = self.sided;
        let [road_kind, city_kind, field_kind] = SIDED_KINDS;
        [
            (road, road_kind),
            (city, city_kind),
            (field, field_kind),
            self.middle,
        ]
    }

    /// The words and kinds named with a side or half side.
    fn sided_kinds(&self) -> [(&'static str, FeatureKind); 3] {
        std::array::from_fn(|i| (self.sided[i], SIDED_KINDS[i]))
    }
}

impl<G: GameParts, const SIDE: usize, const FRONTIER: usize, const NODES: usize>
    TileState<G, SIDE, FRONTIER, NODES>
where
    Self: TileRules<Parts = G>,
{
    /// `road E`, `field Wn`, `monastery`: segment `segment` of the tile just placed in `words`,
    /// with the first side or half side it touches as placed (none for the middle kind).
    pub(crate) fn segment_text(&self, words: &SegmentWords, segment: u8) -> String {
        let cell = self.last_cell();
        let kind = self.variant_of(cell).segments[segment as usize].kind;
        let word = words.word(kind);
        match segment_place(self.orientation_of(cell), kind, segment) {
            Some(place) => format!("{word} {place}"),
            None => word.to_string(),
        }
    }

    /// Parses the segment of the tile just placed that an action such as `meeple road E` names
    /// in `words` ([`Words::segment`]).
    pub(crate) fn parse_segment(&self, parsed: &Words, words: &SegmentWords) -> Result<u8, String> {
        let (kind, place) = parsed.segment(&words.sided_kinds(), words.middle)?;
        self.placed_segment(words, kind, place)
    }

    /// The segment of the tile just placed of `kind` touching side or half side `place`
    /// (`None` for the middle kind); errors name the kind in `words`.
    pub(crate) fn placed_segment(
        &self,
        words: &SegmentWords,
        kind: FeatureKind,
        place: Option<&str>,
    ) -> Result<u8, String> {
        if self.is_placing() || self.is_over() {
            return Err("no tile has been placed this turn".into());
        }
        let cell = self.last_cell();
        let (v, o) = (self.variant_of(cell), self.orientation_of(cell));
        named_segment(v, o, cell.at, kind, words.word(kind), place)
    }
}
