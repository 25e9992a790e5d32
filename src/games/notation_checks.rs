//! Test support for the games' notation tests: random games whose every listed action must
//! read back from the text it is written as, and bad texts and illegal actions whose errors
//! must say why.

use super::def::GameDef;
use crate::core::game::Game;
use crate::core::geom::{Coord, Rotation};
use crate::core::rng::{below, rng_from_seed};
use crate::core::tile_game::TileRules;
use crate::core::tileset::{FeatureKind, Variant};
use std::ops::Range;

/// Plays the game `game` makes of each seed of `seeds` with [`round_trip_game`], and returns
/// which action kinds were listed, by index.
pub(crate) fn round_trip_games<G: GameDef>(
    seeds: Range<u64>,
    game: impl Fn(u64) -> G,
) -> Vec<bool> {
    let mut seen = vec![false; G::action_kind_names().len()];
    for seed in seeds {
        round_trip_game(game(seed), seed, &mut seen);
    }
    seen
}

/// Plays `g` to the end with random decisions drawn from `seed`, checking at every decision
/// that each legal action formats to text that parses back to it, and marks in `seen` the
/// kind of every action listed.
fn round_trip_game<G: GameDef>(mut g: G, seed: u64, seen: &mut [bool]) {
    let mut legal = Vec::new();
    let mut rng = rng_from_seed(seed);
    while !g.is_terminal() {
        g.legal_actions(&mut legal);
        for a in &legal {
            let text = g.format_action(a);
            assert_eq!(g.parse_action(&text), Ok(*a), "{text}");
            seen[g.action_kind(a)] = true;
        }
        g.apply(legal[below(&mut rng, legal.len())]);
    }
}

/// Checks that every `(text, phrase)` of `cases` fails to parse with an error naming `phrase`.
pub(crate) fn assert_parse_errors<G: GameDef>(g: &G, cases: &[(&str, &str)]) {
    for (text, phrase) in cases {
        let e = g.parse_action(text).unwrap_err();
        assert!(e.contains(phrase), "{text}: {e}");
    }
}

/// Checks that `g` explains why each action of `cases` is illegal with a text naming its
/// phrase.
pub(crate) fn assert_explained<G: GameDef>(g: &G, cases: &[(G::Action, &str)]) {
    for (action, phrase) in cases {
        let e = g.explain_illegal(action);
        assert!(e.contains(phrase), "{action:?}: {e}");
    }
}

/// Checks that `g`, at a placement, explains why placing the drawn tile unturned at each cell
/// `(x, y)` of `cases` is illegal with a text naming its phrase.
pub(crate) fn assert_placements_explained<G>(g: &G, cases: &[((i8, i8), &str)])
where
    G: GameDef + TileRules<Action = <G as Game>::Action>,
{
    for &((x, y), phrase) in cases {
        let place = G::place_action(Coord::new(x, y), Rotation::default());
        assert_explained(g, &[(place, phrase)]);
    }
}

/// Plays the first legal action of `g`.
pub(crate) fn play_first<G: GameDef>(g: &mut G) {
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    g.apply(legal[0]);
}

/// Checks that `text`, which names the segment of `kind` in the middle of the tile just placed
/// (a monastery, a farm: `meeple monastery`), reads as `put` of that segment when the tile,
/// `placed`, has one, and otherwise fails saying the tile has no `kind` there.
pub(crate) fn assert_middle_segment<G: GameDef>(
    g: &G,
    placed: &Variant,
    text: &str,
    kind: FeatureKind,
    put: impl Fn(u8) -> G::Action,
) {
    match placed.segments().iter().position(|s| s.kind == kind) {
        Some(segment) => assert_eq!(g.parse_action(text), Ok(put(segment as u8)), "{text}"),
        None => {
            let e = g.parse_action(text).unwrap_err();
            assert!(e.contains(&format!("has no {kind} at its middle")), "{e}");
        }
    }
}
