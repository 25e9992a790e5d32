//! Pieces of action notation every game shares: the words of an action text with an arity
//! check, coordinates, and the `place <tile> <x,y> <rN>` form of a tile placement.

use crate::core::geom::{Coord, Rotation};
use crate::core::tileset::Variant;

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
