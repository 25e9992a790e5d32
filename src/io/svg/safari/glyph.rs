//! Safari's glyphs: the meeple marks, vehicle, baobab, bird and animal letter badge.

use crate::core::species::Species;
use crate::io::svg::glyph::{self, num, path_at, text, Pt};
use std::fmt::Write as _;

/// Badge fill colour of a species.
fn species_colour(s: Species) -> &'static str {
    match s {
        Species::Ape => "#c9976b",
        Species::Elephant => "#b4bac0",
        Species::Giraffe => "#f4c542",
        Species::Lion => "#ea8a45",
        Species::Zebra => "#ffffff",
    }
}

/// What a meeple glyph stands for: a meeple on the board (and where) or a player's icon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum MeepleMark {
    /// On a path or bush.
    Feature,
    /// Lying on a baobab (drawn on its side).
    Baobab,
    /// On a watering hole.
    Hole,
    /// The player's colour in the side panel.
    Icon,
}

/// Appends a meeple of `player` at `at`. Board meeples are `<g class="meeple"
/// data-spot="feature|baobab|hole">`; panel icons are `<g class="player-icon">`.
pub(super) fn meeple(out: &mut String, at: Pt, player: usize, scale: f64, mark: MeepleMark) {
    let spot = match mark {
        MeepleMark::Feature => Some("feature"),
        MeepleMark::Baobab => Some("baobab"),
        MeepleMark::Hole => Some("hole"),
        MeepleMark::Icon => None,
    };
    glyph::meeple(out, at, player, scale, spot, mark == MeepleMark::Baobab);
}

/// Appends a letter in a coloured disc: an animal on a tile or a token.
pub(super) fn badge(out: &mut String, at: Pt, r: f64, s: Species, class: &str) {
    let _ = writeln!(
        out,
        r#"<g class="{class}"><circle cx="{}" cy="{}" r="{}" fill="{}"/>"#,
        num(at.x),
        num(at.y),
        num(r),
        species_colour(s)
    );
    text(
        out,
        at + Pt::new(0.0, r * 0.42),
        "badge-letter",
        &s.to_string(),
    );
    out.push_str("</g>\n");
}

/// Appends a bird (a small white gull shape) centred at `at`.
pub(super) fn bird(out: &mut String, at: Pt) {
    let _ = writeln!(
        out,
        r#"<path class="bird" d="M{}q3,-1.5 5,2.5q2,-4 5,-2.5"/>"#,
        (at + Pt::new(-5.0, -1.0)).xy()
    );
}

/// Appends a baobab (bottle-shaped trunk under a flat, clumpy crown); `at` is the crown's
/// centre and `size` its width.
pub(super) fn baobab(out: &mut String, at: Pt, size: f64) {
    let k = size / 32.0;
    let _ = write!(
        out,
        r#"<g class="baobab"><path class="trunk" d="{}"/>"#,
        path_at("M-6,15Q-7.5,5 -3,0L3,0Q7.5,5 6,15Z", at, k)
    );
    let clumps = [
        (-8.0, -1.0, 8.0, 5.0),
        (8.0, -1.0, 8.0, 5.0),
        (0.0, -4.0, 9.5, 6.0),
    ];
    for class in ["crown-edge", "crown"] {
        for (x, y, rx, ry) in clumps {
            let c = at + Pt::new(x * k, y * k);
            let _ = write!(
                out,
                r#"<ellipse class="{class}" cx="{}" cy="{}" rx="{}" ry="{}"/>"#,
                num(c.x),
                num(c.y),
                num(rx * k),
                num(ry * k)
            );
        }
    }
    out.push_str("</g>\n");
}

/// Appends vehicle number `number` (1-based, as in `move-vehicle 1 …`) centred at `at`.
pub(super) fn vehicle(out: &mut String, at: Pt, number: usize) {
    let _ = writeln!(
        out,
        r#"<g class="vehicle" data-vehicle="{number}"><path class="car-body" d="{}"/><circle class="wheel" cx="{}" cy="{}" r="5"/><circle class="wheel" cx="{}" cy="{}" r="5"/>"#,
        path_at("M-20,8L-20,-2L-10,-4L-5,-13L12,-13L20,8Z", at, 1.0),
        num(at.x - 11.0),
        num(at.y + 9.0),
        num(at.x + 11.0),
        num(at.y + 9.0),
    );
    text(
        out,
        at + Pt::new(4.0, 3.0),
        "car-label",
        &number.to_string(),
    );
    out.push_str("</g>\n");
}
