//! Carcassonne's own `expect` lines in game records (`docs/notation.md`, section
//! "Carcassonne"): what the common checks (scores, points, supply, game over, winners) cannot
//! see — the draw pile, the scoring track's spaces and robbers, bridges and castles.
//!
//! - `expect pile 71`: tiles left in the draw pile (C-1, R-1, B-1);
//! - `expect space P0 2`: the space of a score marker on the 50-space track (C-6);
//! - `expect robber P1 17`, `expect robber P1 supply`: where a robber stands (R-2…R-6);
//! - `expect bridges P0 2`, `expect castles P0 2`: bridges and castle tokens in supply (B-1);
//! - `expect castle 0,1 open`, `scored` or `none`: the castle on that tile (B-4…B-6);
//! - `expect discarded 1`: tiles discarded instead of being placed with a bridge (B-2).

use super::state::CarcassonneState;
use crate::core::notation::coord;
use crate::games::def::parse_seat;

/// The `expect` keywords [`CarcassonneState::check_expectation`] reads.
pub const EXPECT_KEYWORDS: &[&str] = &[
    "pile",
    "space",
    "robber",
    "bridges",
    "castles",
    "castle",
    "discarded",
];

impl CarcassonneState {
    /// Checks one of Carcassonne's own `expect` lines (`words` start with one of
    /// `EXPECT_KEYWORDS`); the error says what was expected and what the game has.
    pub fn check_expectation(&self, words: &[String]) -> Result<(), String> {
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let number = |w: &str| {
            w.parse::<i64>()
                .map_err(|_| format!("expected a number, found \"{w}\""))
        };
        let seat = |w: &str| parse_seat(w, self.players());
        let (what, want, got) = match words.as_slice() {
            ["pile", n] => (
                "tiles in the pile".to_string(),
                number(n)?.to_string(),
                self.tiles_left().to_string(),
            ),
            ["discarded", n] => (
                "tiles discarded".to_string(),
                number(n)?.to_string(),
                self.tiles_discarded().to_string(),
            ),
            ["space", p, n] => {
                let p = seat(p)?;
                let got = self.track_position(p).to_string();
                (format!("P{p} marker on space"), number(n)?.to_string(), got)
            }
            ["robber", p, at] => {
                let p = seat(p)?;
                let want = match *at {
                    "supply" => "supply".to_string(),
                    n => number(n)?.to_string(),
                };
                let got = self
                    .track()
                    .robber(p)
                    .map_or("supply".to_string(), |s| s.to_string());
                (format!("P{p} robber on"), want, got)
            }
            [pieces @ ("bridges" | "castles"), p, n] => {
                let p = seat(p)?;
                let got = if *pieces == "bridges" {
                    self.bridges_in_supply(p)
                } else {
                    self.castles_in_supply(p)
                };
                (
                    format!("P{p} {pieces} in supply"),
                    number(n)?.to_string(),
                    got.to_string(),
                )
            }
            ["castle", at, state] => {
                let at = coord(at)?;
                if !matches!(*state, "open" | "scored" | "none") {
                    return Err(format!(
                        "expected open, scored or none after the tile, found \"{state}\""
                    ));
                }
                let got = match self.castles().iter().find(|c| c.tiles.contains(&at)) {
                    None => "none".to_string(),
                    Some(c) if c.scored => format!("scored (P{})", c.owner),
                    Some(c) => format!("open (P{})", c.owner),
                };
                if got.split(' ').next() == Some(*state) {
                    return Ok(());
                }
                (format!("castle at {at}"), state.to_string(), got)
            }
            _ => {
                return Err(format!(
                    "expected \"expect pile <n>\", \"expect space P<seat> <0..49>\", \
                     \"expect robber P<seat> <space|supply>\", \"expect bridges P<seat> <n>\", \
                     \"expect castles P<seat> <n>\", \"expect castle <x,y> \
                     <open|scored|none>\" or \"expect discarded <n>\", found \"expect {}\"",
                    words.join(" ")
                ))
            }
        };
        if want == got {
            Ok(())
        } else {
            Err(format!("expected {what} {want}, but the game has {got}"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Setup;
    use super::*;

    fn check(g: &CarcassonneState, line: &str) -> Result<(), String> {
        let words: Vec<String> = line.split_whitespace().map(String::from).collect();
        g.check_expectation(&words)
    }

    #[test]
    fn checks_read_the_pile_track_and_supplies_and_explain_mismatches() {
        // 72 + 12 tiles (C-1, B-1) - the start tile - the first tile drawn = 82 in the pile.
        let mut setup = Setup::new(2, 1);
        setup.options.expansions.bcb = true;
        let g = CarcassonneState::new(&setup).unwrap();
        for ok in [
            "pile 82",
            "space P1 0",
            "robber P0 supply",
            "bridges P0 3",
            "castles P1 3",
            "castle 0,0 none",
            "discarded 0",
        ] {
            assert_eq!(check(&g, ok), Ok(()), "{ok}");
        }
        for (bad, phrase) in [
            (
                "pile 71",
                "expected tiles in the pile 71, but the game has 82",
            ),
            (
                "space P1 7",
                "expected P1 marker on space 7, but the game has 0",
            ),
            (
                "robber P0 3",
                "expected P0 robber on 3, but the game has supply",
            ),
            ("castles P1 2", "P1 castles in supply 2, but the game has 3"),
            (
                "castle 0,0 open",
                "castle at 0,0 open, but the game has none",
            ),
            ("castle 0,0 built", "expected open, scored or none"),
            ("bridges P2 3", "P2 does not exist"),
            ("pile x", "expected a number, found \"x\""),
            ("castle x open", "expected coordinates"),
            ("robber P0", "expected \"expect pile <n>\""),
        ] {
            let e = check(&g, bad).unwrap_err();
            assert!(e.contains(phrase), "{bad}: {e}");
        }
    }
}
