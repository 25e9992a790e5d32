//! Carcassonne's pieces and printed symbols: monastery, pennant, bridge, castle, robber, and
//! the letter badges that mark bazaar and robber tiles.

use crate::core::geom::Side;
use crate::io::svg::glyph::{figure, meeple, num, text, Pt, PLAYER_COLOURS};
use crate::io::svg::square::mid;
use crate::io::svg::TILE;
use std::fmt::Write as _;

/// A small monastery (walls, red roof, cross) centred at `at`.
pub(super) fn monastery(out: &mut String, at: Pt) {
    let p = |x: f64, y: f64| (at + Pt::new(x, y)).xy();
    let _ = writeln!(
        out,
        r#"<g class="monastery"><path class="monastery-wall" d="M{}L{}L{}L{}Z"/><path class="monastery-roof" d="M{}L{}L{}Z"/><path class="cross" d="M{}L{}M{}L{}"/></g>"#,
        p(-14.0, 16.0),
        p(-14.0, -2.0),
        p(14.0, -2.0),
        p(14.0, 16.0),
        p(-18.0, -1.0),
        p(0.0, -16.0),
        p(18.0, -1.0),
        p(0.0, -16.0),
        p(0.0, -26.0),
        p(-4.0, -22.0),
        p(4.0, -22.0),
    );
}

/// A pennant (a blue shield with a white band) centred at `at`.
pub(super) fn pennant(out: &mut String, at: Pt) {
    let p = |x: f64, y: f64| (at + Pt::new(x, y)).xy();
    let _ = writeln!(
        out,
        r#"<g class="pennant-mark"><path class="pennant" d="M{}L{}L{}Q{} {}Q{} {}Z"/><path class="pennant-band" d="M{}L{}"/></g>"#,
        p(-7.0, -8.0),
        p(7.0, -8.0),
        p(7.0, 1.0),
        p(6.0, 7.0),
        p(0.0, 10.0),
        p(-6.0, 7.0),
        p(-7.0, 1.0),
        p(0.0, -8.0),
        p(0.0, 9.0),
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
    let p = |x: f64, y: f64| (at + Pt::new(x, y)).xy();
    let colour = PLAYER_COLOURS[player % PLAYER_COLOURS.len()];
    let _ = writeln!(
        out,
        r#"<g class="castle" data-player="P{player}" data-scored="{scored}"><path class="castle-wall" d="M{}L{}L{}L{}L{}L{}L{}L{}L{}L{}L{}L{}L{}L{}Z"/><rect x="{}" y="{}" width="28" height="5" fill="{colour}"/>"#,
        p(-20.0, 14.0),
        p(-20.0, -14.0),
        p(-13.0, -14.0),
        p(-13.0, -8.0),
        p(-7.0, -8.0),
        p(-7.0, -14.0),
        p(7.0, -14.0),
        p(7.0, -8.0),
        p(13.0, -8.0),
        p(13.0, -14.0),
        p(20.0, -14.0),
        p(20.0, 14.0),
        p(4.0, 14.0),
        p(-4.0, 14.0),
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
