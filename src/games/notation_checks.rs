//! Test support for the games' notation tests: random games whose every listed action must
//! read back from the text it is written as, and bad texts and illegal actions whose errors
//! must say why.

use super::def::GameDef;
use crate::core::rng::{below, rng_from_seed};
use crate::core::tileset::{FeatureKind, Variant};

/// Plays `g` to the end with random decisions drawn from `seed`, checking at every decision
/// that each legal action formats to text that parses back to it, and marks in `seen` the
/// kind of every action listed.
pub(crate) fn round_trip_game<G: GameDef>(mut g: G, seed: u64, seen: &mut [bool]) {
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
