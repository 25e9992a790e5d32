//! New World's own `expect` lines in records (`docs/notation.md`, section "New World"):
//!
//! - `expect surveyors 0 -1`: the columns of the surveyors on the board, east first (one
//!   column while the variant surveyor is still on the score track; N-11, N-14);
//! - `expect track 3`: the variant surveyor's space on the score track, 5 once it has entered
//!   the board (N-14);
//! - `expect removed P1 2`: settlers a player has lost to the surveyors (N-13);
//! - `expect settlers P0 robber 1`: a player's standing settlers of one role on the board
//!   (`shopkeeper`, `robber`, `trapper`, `farmer` or `all`; N-5);
//! - `expect settler P0 robber -1,8`: a settler of that player and role stands on the tile at
//!   `-1,8` (N-5);
//! - `expect pile 94`: tiles left in the draw pile, not counting the one drawn (N-1, N-15);
//! - `expect discarded 1`: tiles removed because they fitted nowhere (N-4);
//! - `expect winners P0 P2`: the game is over and these seats share the highest score (N-18).

use super::state::{NewWorldState, Node, Role};
use crate::core::game::Game;
use crate::core::notation::coord;
use crate::games::def::parse_seat;

/// The keywords of New World's own `expect` lines.
pub const EXPECT_KEYWORDS: [&str; 8] = [
    "surveyors",
    "track",
    "removed",
    "settlers",
    "settler",
    "pile",
    "discarded",
    "winners",
];

/// The role named `word` (`None` for `all`).
fn parse_role(word: &str) -> Result<Option<Role>, String> {
    Ok(Some(match word {
        "shopkeeper" => Role::Shopkeeper,
        "robber" => Role::Robber,
        "trapper" => Role::Trapper,
        "farmer" => Role::Farmer,
        "all" => return Ok(None),
        _ => {
            return Err(format!(
                "expected shopkeeper, robber, trapper, farmer or all, found \"{word}\""
            ))
        }
    }))
}

/// A non-negative count.
fn parse_count(word: &str) -> Result<usize, String> {
    word.parse()
        .map_err(|_| format!("expected a count, found \"{word}\""))
}

/// `Err` naming the check when `want` and `got` differ.
fn compare<T: PartialEq + std::fmt::Display>(what: &str, want: T, got: T) -> Result<(), String> {
    if want == got {
        Ok(())
    } else {
        Err(format!("expected {what} {want}, but the game has {got}"))
    }
}

impl NewWorldState {
    /// Checks one of New World's own `expect` lines (`words` after `expect`).
    pub fn check_expect_words(&self, words: &[String]) -> Result<(), String> {
        let w: Vec<&str> = words.iter().map(String::as_str).collect();
        match w.as_slice() {
            ["surveyors", cols @ ..] if !cols.is_empty() && cols.len() <= 2 => {
                let mut want = Vec::new();
                for c in cols {
                    want.push(
                        c.parse::<i8>()
                            .map_err(|_| format!("expected a column (0, -1, …), found \"{c}\""))?,
                    );
                }
                want.sort_unstable_by(|a, b| b.cmp(a));
                let mut got = self.surveyor_columns().to_vec();
                got.sort_unstable_by(|a, b| b.cmp(a));
                let text = |v: &[i8]| v.iter().map(i8::to_string).collect::<Vec<_>>().join(" ");
                compare("surveyors in columns", text(&want), text(&got))
            }
            ["track", n] => compare(
                "the track surveyor on space",
                parse_count(n)?,
                self.track_surveyor() as usize,
            ),
            ["removed", p, n] => {
                let p = parse_seat(p, self.players())?;
                compare(
                    &format!("P{p} settlers removed"),
                    parse_count(n)?,
                    self.settlers_removed(p) as usize,
                )
            }
            ["settlers", p, role, n] => {
                let p = parse_seat(p, self.players())?;
                let role = parse_role(role)?;
                let got = self
                    .placed_settlers()
                    .iter()
                    .filter(|s| s.player as usize == p && role.is_none_or(|r| s.role == r))
                    .count();
                compare(
                    &format!("P{p} {} settlers standing", w[2]),
                    parse_count(n)?,
                    got,
                )
            }
            ["settler", p, role, at] => {
                let p = parse_seat(p, self.players())?;
                let role = parse_role(role)?;
                let at = coord(at)?;
                let cell = self
                    .cell_at(at)
                    .ok_or_else(|| format!("no tile lies at {at}"))?;
                let segments =
                    cell.first_node..cell.first_node + self.variant_of(cell).segment_count as Node;
                let found = self.placed_settlers().iter().any(|s| {
                    s.player as usize == p
                        && role.is_none_or(|r| s.role == r)
                        && segments.contains(&s.node)
                });
                if found {
                    Ok(())
                } else {
                    Err(format!(
                        "expected a {} of P{p} on the tile at {at}, but there is none",
                        w[2]
                    ))
                }
            }
            ["pile", n] => compare("tiles in the pile", parse_count(n)?, self.pile().len()),
            ["discarded", n] => compare("tiles discarded", parse_count(n)?, self.tiles_removed()),
            ["winners", seats @ ..] if !seats.is_empty() => {
                let mut want = Vec::new();
                for p in seats {
                    want.push(parse_seat(p, self.players())?);
                }
                want.sort_unstable();
                if !self.is_terminal() {
                    return Err("expected the game to be over (winners), but it goes on".into());
                }
                let scores = self.scores();
                let top = scores.iter().copied().max().unwrap_or(0);
                let got: Vec<usize> = (0..scores.len()).filter(|&p| scores[p] == top).collect();
                let text = |v: &[usize]| {
                    v.iter()
                        .map(|p| format!("P{p}"))
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                compare("winners", text(&want), text(&got))
            }
            _ => Err(format!(
                "expected one of: \"expect surveyors <column> [<column>]\", \"expect track <n>\", \
                 \"expect removed P<seat> <n>\", \"expect settlers P<seat> <role|all> <n>\", \
                 \"expect settler P<seat> <role|all> <x,y>\", \"expect pile <n>\", \
                 \"expect discarded <n>\", \"expect winners P<seat> …\"; found \"expect {}\"",
                w.join(" ")
            )),
        }
    }
}
