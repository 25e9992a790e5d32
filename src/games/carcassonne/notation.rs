//! Text notation of Carcassonne actions, as used in game records (`docs/notation.md`,
//! section "Carcassonne").
//!
//! An action is written relative to the position before it: `place D.2 1,0 r90`, `pass`,
//! `meeple road E` (the road of the tile just placed that touches its east side), `meeple city
//! N`, `meeple field Nw` (the field meeting the west half of the north side), `meeple
//! monastery`. Sides and half sides name the tile as placed (after rotation).

use super::action::Action;
use super::state::{CarcassonneState, Phase};
use crate::core::geom::{Coord, HalfSide, Rotation, Side};
use crate::core::tileset::FeatureKind;

impl CarcassonneState {
    /// Writes `action` in record notation (relative to this position).
    pub fn format_action(&self, action: &Action) -> String {
        match *action {
            Action::Place { at, rot } => {
                format!("place {} {at} {rot}", self.tiles.variant(self.drawn).name)
            }
            Action::Pass => "pass".into(),
            Action::Meeple { segment } => format!("meeple {}", self.describe_segment(segment)),
        }
    }

    /// `road E`, `city N`, `field Nw`, `monastery`: a segment of the tile just placed by its
    /// kind and the first side (half side for a field) it touches.
    fn describe_segment(&self, segment: u8) -> String {
        let cell = self.last_cell();
        let kind = self.variant_of(cell).segments[segment as usize].kind;
        let o = self.orientation_of(cell);
        let place = match kind {
            FeatureKind::Monastery => None,
            FeatureKind::Field => HalfSide::ALL
                .into_iter()
                .find(|h| o.half_segment[h.index()] == segment)
                .map(|h| h.name().to_string()),
            _ => Side::ALL
                .into_iter()
                .find(|s| o.side_segment[s.index()] == segment)
                .map(|s| s.letter().to_string()),
        };
        match place {
            Some(p) => format!("{} {p}", kind.keyword()),
            None => kind.keyword().to_string(),
        }
    }

    /// Parses record notation into an action for this position. The action is not checked for
    /// legality; errors say what was expected.
    pub fn parse_action(&self, text: &str) -> Result<Action, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let arity = |n: usize, form: &str| {
            if words.len() == n {
                Ok(())
            } else {
                Err(format!("expected \"{form}\", found \"{text}\""))
            }
        };
        match words.first().copied().unwrap_or("") {
            "place" => {
                arity(4, "place <tile> <x,y> <r0|r90|r180|r270>")?;
                let want = &self.tiles.variant(self.drawn).name;
                if self.phase == Phase::PlaceTile && words[1] != want {
                    return Err(format!("the tile to place is {want}, not {}", words[1]));
                }
                let at = Coord::parse(words[2]).ok_or_else(|| {
                    format!(
                        "expected coordinates x,y (e.g. -1,2), found \"{}\"",
                        words[2]
                    )
                })?;
                let rot = Rotation::parse(words[3]).ok_or_else(|| {
                    format!(
                        "expected a rotation r0, r90, r180 or r270, found \"{}\"",
                        words[3]
                    )
                })?;
                Ok(Action::Place {
                    at,
                    rot: self.tiles.variant(self.drawn).canonical_rotation(rot),
                })
            }
            "pass" => arity(1, "pass").map(|_| Action::Pass),
            "meeple" => Ok(Action::Meeple {
                segment: self.find_segment(&words[1..], text)?,
            }),
            other => Err(format!(
                "unknown action \"{other}\"; expected one of: place, pass, meeple"
            )),
        }
    }

    /// The segment of the tile just placed named by `road E`, `city N`, `field Nw` or
    /// `monastery`.
    fn find_segment(&self, words: &[&str], text: &str) -> Result<u8, String> {
        let usage = || {
            format!(
                "expected \"meeple road|city <N|E|S|W>\", \"meeple field <Nw|Ne|En|Es|Se|Sw|Ws|Wn>\" \
                 or \"meeple monastery\", found \"{text}\""
            )
        };
        if self.n_cells == 0 || self.phase == Phase::PlaceTile {
            return Err("no tile has been placed this turn".into());
        }
        let cell = self.last_cell();
        let o = self.orientation_of(cell);
        let v = self.variant_of(cell);
        let (kind, seg, place) = match words {
            ["monastery"] => {
                let seg = v
                    .segments()
                    .iter()
                    .position(|s| s.kind == FeatureKind::Monastery);
                (FeatureKind::Monastery, seg.map(|s| s as u8), String::new())
            }
            [kind @ ("road" | "city"), side] => {
                let side = Side::from_letter(side)
                    .ok_or_else(|| format!("expected a side N, E, S or W, found \"{side}\""))?;
                let kind = if *kind == "road" {
                    FeatureKind::Road
                } else {
                    FeatureKind::City
                };
                let seg = o.side_segment[side.index()];
                (
                    kind,
                    Some(seg),
                    format!(" touching its {} side", side.letter()),
                )
            }
            ["field", half] => {
                let half = HalfSide::from_name(half).ok_or_else(|| {
                    format!(
                        "expected a half side Nw, Ne, En, Es, Se, Sw, Ws or Wn, found \"{half}\""
                    )
                })?;
                let seg = o.half_segment[half.index()];
                (
                    FeatureKind::Field,
                    Some(seg),
                    format!(" meeting its {} half side", half.name()),
                )
            }
            _ => return Err(usage()),
        };
        match seg {
            Some(s) if (s as usize) < v.segments().len() && v.segments[s as usize].kind == kind => {
                Ok(s)
            }
            _ => Err(format!(
                "tile {} at {} has no {kind}{place}",
                v.name, cell.at
            )),
        }
    }

    /// Says why a well-formed action is not legal now (for record errors).
    pub fn explain_illegal(&self, action: &Action) -> String {
        let phase_name = match self.phase {
            Phase::PlaceTile => "tile placement",
            Phase::Meeple => "the meeple step",
            Phase::GameOver => "the end of the game",
        };
        let reason = match (self.phase, action) {
            (Phase::PlaceTile, Action::Place { at, .. }) => {
                if !self.board.is_empty(*at) {
                    format!("{at} already holds a tile (C-2)")
                } else if self.board.frontier_cell(*at).is_none() {
                    format!("{at} is not next to any placed tile (C-2)")
                } else {
                    format!("the tile's edges do not match its neighbours at {at} (C-2)")
                }
            }
            (Phase::Meeple, Action::Meeple { .. }) if self.supply[self.active as usize] == 0 => {
                "no meeple left in supply (C-2)".into()
            }
            (Phase::Meeple, Action::Meeple { .. }) => {
                "that feature already has a meeple (C-2)".into()
            }
            _ => "it does not belong to this decision".into(),
        };
        format!("illegal during {phase_name}: {reason}")
    }
}

#[cfg(test)]
mod tests {
    use super::super::setup::Setup;
    use super::*;
    use crate::core::game::Game;
    use crate::core::rng::{below, rng_from_seed};

    /// Every legal action of random games is written and read back as itself, and no two
    /// legal actions of a decision share a text.
    #[test]
    fn notation_round_trips_over_random_games() {
        let mut legal = Vec::new();
        let mut checked = 0;
        for seed in 0..40u64 {
            let mut g = CarcassonneState::new(&Setup::new(2 + seed as usize % 4, seed)).unwrap();
            let mut rng = rng_from_seed(seed);
            while !g.is_terminal() {
                g.legal_actions(&mut legal);
                let texts: Vec<String> = legal.iter().map(|a| g.format_action(a)).collect();
                for (a, t) in legal.iter().zip(&texts) {
                    assert_eq!(g.parse_action(t).as_ref(), Ok(a), "{t}");
                    assert_eq!(texts.iter().filter(|u| *u == t).count(), 1, "{t}");
                    checked += 1;
                }
                g.apply(legal[below(&mut rng, legal.len())]);
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    fn bad_text_says_what_was_expected() {
        let g = CarcassonneState::new(&Setup::new(2, 1)).unwrap();
        let tile = g.tiles().variant(g.drawn_tile()).name.clone();
        let cases = [
            ("jump", "unknown action \"jump\""),
            ("place", "expected \"place <tile>"),
            ("place X.9 1,0 r0", "the tile to place is"),
            (&format!("place {tile} 1;0 r0"), "expected coordinates"),
            (&format!("place {tile} 1,0 r45"), "expected a rotation"),
            ("meeple road E", "no tile has been placed"),
            ("pass now", "expected \"pass\""),
        ];
        for (text, want) in cases {
            let e = g.parse_action(text).unwrap_err();
            assert!(e.contains(want), "{text}: {e}");
        }
        let mut g = g;
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        g.apply(legal[0]);
        for (text, want) in [
            ("meeple road Q", "expected a side"),
            ("meeple field N", "expected a half side"),
            ("meeple castle N", "expected \"meeple road|city"),
        ] {
            let e = g.parse_action(text).unwrap_err();
            assert!(e.contains(want), "{text}: {e}");
        }
    }
}
