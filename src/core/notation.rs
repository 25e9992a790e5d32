//! Pieces of action notation every game shares: the words of an action text with an arity
//! check, coordinates, the `place <tile> <x,y> <rN>` form of a tile placement, and a segment
//! of the tile just placed named by the side or half side it touches.

use crate::core::geom::{Coord, HalfSide, Rotation, Side};
use crate::core::tileset::{FeatureKind, Orientation, Variant};

/// The whitespace-separated words of one action text.
pub struct Words<'a> {
    text: &'a str,
    words: Vec<&'a str>,
}

impl<'a> Words<'a> {
    /// Splits `text` into words.
    pub fn new(text: &'a str) -> Words<'a> {
        Words {
            text,
            words: text.split_whitespace().collect(),
        }
    }

    /// The first word (the action's keyword), or `""` for an empty text.
    pub fn keyword(&self) -> &'a str {
        self.words.first().copied().unwrap_or("")
    }

    /// All the words.
    pub fn as_slice(&self) -> &[&'a str] {
        &self.words
    }

    /// `Ok` when the text has exactly `n` words, else an error showing the expected `form`.
    pub fn arity(&self, n: usize, form: &str) -> Result<(), String> {
        if self.words.len() == n {
            Ok(())
        } else {
            Err(format!("expected \"{form}\", found \"{}\"", self.text))
        }
    }

    /// Parses the segment of the tile just placed that an action such as `meeple road E`
    /// names: `<verb> <kind> <side or half side>` with a kind of `kinds` (words and kinds), or
    /// `<verb> <word>` for the kind `middle` that a tile holds once (monastery, farm). Returns
    /// the kind and the side or half side (`None` for `middle`), unchecked.
    pub fn segment(
        &self,
        kinds: &[(&str, FeatureKind)],
        middle: (&str, FeatureKind),
    ) -> Result<(FeatureKind, Option<&'a str>), String> {
        let verb = self.keyword();
        let w = &self.words;
        if w.get(1) == Some(&middle.0) {
            self.arity(2, &format!("{verb} {}", middle.0))?;
            return Ok((middle.1, None));
        }
        let names: Vec<&str> = kinds.iter().map(|&(name, _)| name).collect();
        self.arity(
            3,
            &format!("{verb} <{}> <side or half side>", names.join("|")),
        )?;
        match kinds.iter().find(|&&(name, _)| name == w[1]) {
            Some(&(_, kind)) => Ok((kind, Some(w[2]))),
            None => Err(format!(
                "expected {} or {}, found \"{}\"",
                names.join(", "),
                middle.0,
                w[1]
            )),
        }
    }

    /// Parses `place <tile> <x,y> <rN>` for the tile `drawn` (called `drawn.name`); the tile's
    /// name is checked only while `placing` (when a placement is the decision awaited).
    /// Returns the cell and the canonical rotation of the tile.
    pub fn placement(&self, drawn: &Variant, placing: bool) -> Result<(Coord, Rotation), String> {
        self.arity(4, "place <tile> <x,y> <r0|r90|r180|r270>")?;
        let w = &self.words;
        if placing && w[1] != drawn.name {
            return Err(format!("the tile to place is {}, not {}", drawn.name, w[1]));
        }
        let at = coord(w[2])?;
        let rot = Rotation::parse(w[3]).ok_or_else(|| {
            format!(
                "expected a rotation r0, r90, r180 or r270, found \"{}\"",
                w[3]
            )
        })?;
        Ok((at, drawn.canonical_rotation(rot)))
    }
}

/// Parses coordinates `x,y`, with an error naming the text.
pub fn coord(s: &str) -> Result<Coord, String> {
    Coord::parse(s).ok_or_else(|| format!("expected coordinates x,y (e.g. -1,2), found \"{s}\""))
}

/// Where segment `segment` of `kind`, on a tile turned as `o`, is named: the first half side it
/// meets for a field, nothing for a segment in the middle (monastery, farm), else the first side
/// it covers.
pub fn segment_place(o: &Orientation, kind: FeatureKind, segment: u8) -> Option<String> {
    match kind {
        FeatureKind::Field => HalfSide::ALL
            .into_iter()
            .find(|h| o.half_segment[h.index()] == segment)
            .map(|h| h.name().to_string()),
        FeatureKind::Monastery | FeatureKind::Farm => None,
        _ => Side::ALL
            .into_iter()
            .find(|s| o.side_segment[s.index()] == segment)
            .map(|s| s.letter().to_string()),
    }
}

/// The segment of `kind` of tile `v`, placed at `at` turned as `o`, that touches side or half
/// side (fields) `place`; with no `place`, the tile's first segment of `kind` (monastery,
/// farm). Errors name the kind as `kind_name`.
pub fn named_segment(
    v: &Variant,
    o: &Orientation,
    at: Coord,
    kind: FeatureKind,
    kind_name: &str,
    place: Option<&str>,
) -> Result<u8, String> {
    let (seg, place) = match (kind, place) {
        (FeatureKind::Field, Some(half)) => {
            let h = HalfSide::from_name(half).ok_or_else(|| {
                format!("expected a half side Nw, Ne, En, Es, Se, Sw, Ws or Wn, found \"{half}\"")
            })?;
            (o.half_segment[h.index()], format!("{} half side", h.name()))
        }
        (_, Some(side)) => {
            let s = Side::from_letter(side)
                .ok_or_else(|| format!("expected a side N, E, S or W, found \"{side}\""))?;
            (o.side_segment[s.index()], format!("{} side", s.letter()))
        }
        (_, None) => (
            v.segments()
                .iter()
                .position(|s| s.kind == kind)
                .map_or(u8::MAX, |i| i as u8),
            "middle".to_string(),
        ),
    };
    let found = v
        .segments()
        .get(seg as usize)
        .is_some_and(|s| s.kind == kind);
    if !found {
        return Err(format!(
            "tile {} at {at} has no {kind_name} at its {place}",
            v.name
        ));
    }
    Ok(seg)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arity_and_coordinates_explain_what_was_expected() {
        let w = Words::new("pass now");
        assert_eq!(w.keyword(), "pass");
        assert_eq!(
            w.arity(1, "pass").unwrap_err(),
            "expected \"pass\", found \"pass now\""
        );
        assert_eq!(Words::new("").keyword(), "");
        assert_eq!(coord("-1,2"), Ok(Coord::new(-1, 2)));
        assert!(coord("1;2").unwrap_err().contains("found \"1;2\""));
    }
}
