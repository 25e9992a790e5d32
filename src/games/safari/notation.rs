//! Text notation of Safari actions, as used in game records (`docs/notation.md`).
//!
//! An action is written relative to the position before it, e.g. `place 07.2 1,0 r90`,
//! `meeple path E` (the path of the tile just placed that touches its east side),
//! `dig 1,0 NE Z`, `boost L`, `replace-vehicle -3,0`.

use super::action::Action;
use super::state::{Phase, SafariState};
use crate::core::geom::{Coord, Corner, Side};
use crate::core::notation::{coord, Words};
use crate::core::species::Species;
use crate::core::tileset::FeatureKind;
use crate::games::tile_notation::TileNotation;

impl TileNotation for SafariState {
    const PLACEMENT_RULE: &'static str = "S-4.1";
    const PASS: Action = Action::Pass;

    fn format_own(&self, action: &Action) -> String {
        match *action {
            Action::Place { .. } | Action::Pass => unreachable!("written by the tile core"),
            Action::Meeple { segment } => format!("meeple {}", self.describe_segment(segment)),
            Action::Baobab => "baobab".into(),
            Action::MoveVehicle { vehicle, to } => format!("move-vehicle {} {to}", vehicle + 1),
            Action::Dig {
                at,
                corner,
                species,
            } => format!("dig {at} {} {species}", corner.name()),
            Action::Extend {
                at,
                corner,
                species,
            } => format!("extend {at} {} {species}", corner.name()),
            Action::ScoreFirst { segment } => format!("score {}", self.describe_segment(segment)),
            Action::Boost { species } => format!("boost {species}"),
            Action::NoBoost => "no-boost".into(),
            Action::ReplaceVehicle { to } => format!("replace-vehicle {to}"),
        }
    }

    fn parse_own(&self, parsed: &Words) -> Result<Action, String> {
        let words = parsed.as_slice();
        let arity = |n: usize, form: &str| parsed.arity(n, form);
        match parsed.keyword() {
            "baobab" => arity(1, "baobab").map(|_| Action::Baobab),
            "no-boost" => arity(1, "no-boost").map(|_| Action::NoBoost),
            "meeple" => {
                arity(3, "meeple <path|bush> <side>")?;
                Ok(Action::Meeple {
                    segment: self.find_segment(words[1], words[2])?,
                })
            }
            "score" => {
                arity(3, "score <path|bush> <side>")?;
                Ok(Action::ScoreFirst {
                    segment: self.find_segment(words[1], words[2])?,
                })
            }
            "move-vehicle" => {
                arity(3, "move-vehicle <1|2> <x,y>")?;
                let vehicle = match words[1] {
                    "1" => 0,
                    "2" => 1,
                    v => return Err(format!("expected vehicle 1 or 2, found \"{v}\"")),
                };
                Ok(Action::MoveVehicle {
                    vehicle,
                    to: coord(words[2])?,
                })
            }
            "replace-vehicle" => {
                arity(2, "replace-vehicle <x,y>")?;
                Ok(Action::ReplaceVehicle {
                    to: coord(words[1])?,
                })
            }
            verb @ ("dig" | "extend") => {
                arity(4, &format!("{verb} <x,y> <NE|SE|SW|NW> <species>"))?;
                let at = coord(words[1])?;
                let corner = Corner::from_name(words[2]).ok_or_else(|| {
                    format!("expected a corner NE, SE, SW or NW, found \"{}\"", words[2])
                })?;
                let species = species(words[3])?;
                Ok(if verb == "dig" {
                    Action::Dig {
                        at,
                        corner,
                        species,
                    }
                } else {
                    Action::Extend {
                        at,
                        corner,
                        species,
                    }
                })
            }
            "boost" => {
                arity(2, "boost <species>")?;
                Ok(Action::Boost {
                    species: species(words[1])?,
                })
            }
            other => Err(format!(
                "unknown action \"{other}\"; expected one of: place, pass, meeple, baobab, \
                 move-vehicle, dig, extend, score, boost, no-boost, replace-vehicle"
            )),
        }
    }

    fn decision_name(&self) -> &'static str {
        match self.game.phase {
            Phase::PlaceTile => "tile placement",
            Phase::Action => "the action step",
            Phase::ScoreOrder => "choosing which completed feature to score next",
            Phase::Boost => "a boost decision",
            Phase::ReplaceVehicle => "re-placing the displaced vehicle",
            Phase::GameOver => "the end of the game",
        }
    }

    fn why_illegal(&self, action: &Action) -> Option<String> {
        let p = self.decider as usize;
        Some(match (self.game.phase, action) {
            (Phase::Action, Action::Meeple { .. } | Action::Baobab | Action::Dig { .. })
                if self.supply[p] == 0 =>
            {
                "no meeple left in supply".into()
            }
            (Phase::Action, Action::Meeple { .. }) => {
                "that feature already has a meeple (S-5.1)".into()
            }
            (Phase::Action, Action::Baobab) => "the tile just placed has no baobab".into(),
            (Phase::Action, Action::MoveVehicle { .. })
                if self.game.scoring.displaced.is_some() =>
            {
                "a vehicle was displaced this turn, so none may move (S-7.2)".into()
            }
            (Phase::Action, Action::MoveVehicle { vehicle, to }) => {
                self.explain_vehicle_target(Some(*vehicle), *to)
            }
            (Phase::Action, Action::Dig { species, .. } | Action::Extend { species, .. })
                if self.game.hands[p].get(*species) == 0 =>
            {
                format!("player {p} has no {species} token")
            }
            (Phase::Action, Action::Dig { at, corner, .. } | Action::Extend { at, corner, .. })
                if !self.slot_free(*at, *corner) =>
            {
                let c = corner.name();
                match self.cell_at(*at) {
                    None => format!("there is no tile at {at}"),
                    Some(cell) if cell.data.token(*corner).is_some() => {
                        format!("the {c} corner of {at} already holds a token (S-8.1)")
                    }
                    Some(_) => {
                        format!("the {c} corner of {at} shows bush, not open savanna (S-8.1)")
                    }
                }
            }
            (Phase::Action, Action::Dig { .. }) => {
                "a token lies next to that corner around its vertex, so a new hole cannot be \
                 dug there; extend the hole instead (S-8.2)"
                    .into()
            }
            (
                Phase::Action,
                Action::Extend {
                    at,
                    corner,
                    species,
                },
            ) => {
                let (v, k) = crate::core::geom::Vertex::of_corner(*at, *corner);
                if self.vertex_tokens(v).touches(k) {
                    format!("a {species} token is already part of that watering hole (S-8.3)")
                } else {
                    "no token lies next to that corner around its vertex, so there is no hole \
                     to extend (S-8.3)"
                        .into()
                }
            }
            (Phase::Boost, Action::Boost { species }) => format!(
                "player {p} cannot boost with {species}: no such token, or the species is \
                 already on the feature (S-6.5)"
            ),
            (Phase::ReplaceVehicle, Action::ReplaceVehicle { to }) => {
                self.explain_vehicle_target(None, *to)
            }
            (Phase::ScoreOrder, Action::ScoreFirst { .. }) => {
                "that feature is not waiting to be scored".into()
            }
            _ => return None,
        })
    }
}

impl SafariState {
    /// `path E`: the kind of a segment of the tile just placed and the first side it touches.
    fn describe_segment(&self, segment: u8) -> String {
        let cell = self.last_cell();
        let kind = self.variant_of(cell).segments[segment as usize].kind;
        let o = self.orientation_of(cell);
        let side = Side::ALL
            .into_iter()
            .find(|s| o.side_segment[s.index()] == segment)
            .expect("every segment touches a side");
        format!("{kind} {}", side.letter())
    }

    /// The segment of the tile just placed with this kind touching this side.
    fn find_segment(&self, kind: &str, side: &str) -> Result<u8, String> {
        let kind = match kind {
            "path" => FeatureKind::Path,
            "bush" => FeatureKind::Bush,
            k => return Err(format!("expected path or bush, found \"{k}\"")),
        };
        let side = Side::from_letter(side)
            .ok_or_else(|| format!("expected a side N, E, S or W, found \"{side}\""))?;
        if self.cells.is_empty() || self.game.phase == Phase::PlaceTile {
            return Err("no tile has been placed this turn".into());
        }
        let cell = self.last_cell();
        let seg = self.orientation_of(cell).side_segment[side.index()];
        let v = self.variant_of(cell);
        if seg as usize >= v.segments().len() || v.segments[seg as usize].kind != kind {
            return Err(format!(
                "tile {} at {} has no {kind} touching its {} side",
                v.name,
                cell.at,
                side.letter()
            ));
        }
        Ok(seg)
    }
}

impl SafariState {
    /// Why a vehicle (`None`: the displaced one) may not go to `to`.
    fn explain_vehicle_target(&self, vehicle: Option<u8>, to: Coord) -> String {
        if let Some(v) = vehicle {
            if self
                .game
                .vehicles
                .get(v as usize)
                .copied()
                .flatten()
                .is_none()
            {
                return format!("vehicle {} is not in play (rule option vehicles)", v + 1);
            }
        }
        if !self.board.is_empty(to) {
            format!("{to} holds a tile (S-7.1)")
        } else if self.game.vehicles.contains(&Some(to)) {
            format!("{to} already holds a vehicle (S-7.1)")
        } else {
            format!("{to} is not an empty space next to a tile (S-5.3, S-7.1)")
        }
    }
}

/// One species letter (`A`, `E`, `G`, `L`, `Z`).
pub(super) fn species(s: &str) -> Result<Species, String> {
    let mut chars = s.chars();
    match (chars.next().and_then(Species::from_letter), chars.next()) {
        (Some(sp), None) => Ok(sp),
        _ => Err(format!(
            "expected a species letter A, E, G, L or Z, found \"{s}\""
        )),
    }
}
