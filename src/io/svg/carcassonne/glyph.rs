//! Carcassonne's pieces and printed symbols: monastery, pennant, bridge, castle, robber, and
//! the letter badges that mark bazaar and robber tiles.

use crate::core::geom::Side;
use crate::io::svg::glyph::{figure, meeple, num, path_at, text, Pt, PLAYER_COLOURS};
use crate::io::svg::square::mid;
use crate::io::svg::TILE;
use std::fmt::Write as _;

/// A small monastery (walls, red roof, cross) centred at `at`.
pub(super) fn monastery(out: &mut String, at: Pt) {
    let _ = writeln!(
        out,
        r#"<g class="monastery"><path class="monastery-wall" d="{}"/><path class="monastery-roof" d="{}"/><path class="cross" d="{}"/></g>"#,
        path_at("M-14,16L-14,-2L14,-2L14,16Z", at, 1.0),
        path_at("M-18,-1L0,-16L18,-1Z", at, 1.0),
        path_at("M0,-16L0,-26M-4,-22L4,-22", at, 1.0),
    );
}

/// A pennant (a blue shield with a white band) centred at `at`.
pub(super) fn pennant(out: &mut String, at: Pt) {
    let _ = writeln!(
        out,
        r#"<g class="pennant-mark"><path class="pennant" d="{}"/><path class="pennant-band" d="{}"/></g>"#,
        path_at("M-7,-8L7,-8L7,1Q6,7 0,10Q-6,7 -7,1Z", at, 1.0),
        path_at("M0,-8L0,9", at, 1.0),
    );
}

/// A letter in a small disc of colour `fill`, marking a tile (class `class`).
pub(super) fn tile_badge(out: &mut String, at: Pt, fill: &str, letter: &str, class: &str) {
    let _ = writeln!(
        out,
        r#"<g class="{class}"><circle class="badge" cx="{}" cy="{}" r="7.5" fill="{fill}"/>"#,
        num(at.x),
        num(at.y),
    );
    text(out, at + Pt::new(0.0, 3.5), "badge-letter", letter);
    out.push_str("</g>\n");
}

/// A bridge over the tile along `axis` (`N`: north–south, `E`: east–west), drawn in tile
/// coordinates over the land.
pub(super) fn bridge(out: &mut String, axis: Side) {
    let (a, b) = (mid(axis), mid(axis.opposite()));
    let across = (b - a).unit().perp() * (0.085 * TILE);
    let inset = (b - a).unit() * 4.0;
    let (a, b) = (a + inset, b - inset);
    let name = match axis {
        Side::N | Side::S => "N-S",
        Side::E | Side::W => "E-W",
    };
    let _ = writeln!(
        out,
        r#"<g class="bridge" data-axis="{name}"><path class="bridge-deck" d="M{}L{}L{}L{}Z"/><path class="bridge-rail" d="M{}L{}M{}L{}"/></g>"#,
        (a + across).xy(),
        (b + across).xy(),
        (b - across).xy(),
        (a - across).xy(),
        (a + across * 0.8).xy(),
        (b + across * 0.8).xy(),
        (a - across * 0.8).xy(),
        (b - across * 0.8).xy(),
    );
}

/// A castle of `player` centred at `at` (board coordinates) with its meeple on it until it has
/// scored (B-5). Marker: `<g class="castle" data-player="P1" data-scored="false">`.
pub(super) fn castle(out: &mut String, at: Pt, player: usize, scored: bool) {
    let colour = PLAYER_COLOURS[player % PLAYER_COLOURS.len()];
    let _ = writeln!(
        out,
        r#"<g class="castle" data-player="P{player}" data-scored="{scored}"><path class="castle-wall" d="{}"/><rect x="{}" y="{}" width="28" height="5" fill="{colour}"/>"#,
        path_at(
            "M-20,14L-20,-14L-13,-14L-13,-8L-7,-8L-7,-14L7,-14L7,-8L13,-8L13,-14L20,-14L20,14L4,14L-4,14Z",
            at,
            1.0
        ),
        num(at.x - 14.0),
        num(at.y + 2.0),
    );
    if !scored {
        meeple(
            out,
            at + Pt::new(0.0, -6.0),
            player,
            0.9,
            Some("castle"),
            false,
        );
    }
    out.push_str("</g>\n");
}

/// A robber pawn of `player` (a dark figure with a disc in their colour) at `at`; `space` is its
/// space on the score track (`None`: in the supply). Marker:
/// `<g class="robber" data-player="P0" data-space="12|supply">`.
pub(super) fn robber(out: &mut String, at: Pt, player: usize, space: Option<u8>) {
    let space = space.map_or_else(|| "supply".to_string(), |s| s.to_string());
    let colour = PLAYER_COLOURS[player % PLAYER_COLOURS.len()];
    let _ = writeln!(
        out,
        r#"<g class="robber" data-player="P{player}" data-space="{space}">"#
    );
    figure(out, at, "#222", 0.75, "robber-figure", false);
    let _ = writeln!(
        out,
        r#"<circle cx="{}" cy="{}" r="2.6" fill="{colour}"/></g>"#,
        num(at.x),
        num(at.y + 1.0)
    );
}
