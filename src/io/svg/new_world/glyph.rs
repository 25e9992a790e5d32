//! New World's pieces and printed symbols: farm, flag, trading post, animal symbol, surveyor,
//! and the waves of the sea.

use crate::io::svg::glyph::{path_at, Pt};
use crate::io::svg::TILE;
use std::fmt::Write as _;

/// A farm (a red barn with a white cross on its door) centred at `at`.
pub(super) fn farm(out: &mut String, at: Pt) {
    let _ = writeln!(
        out,
        r#"<g class="farm"><path class="barn" d="{}"/><path class="barn-door" d="{}"/></g>"#,
        path_at("M-15,14L-15,-4L0,-16L15,-4L15,14Z", at, 1.0),
        path_at("M-6,14L-6,2L6,2L6,14ZM-6,2L6,14M6,2L-6,14", at, 1.0),
    );
}

/// A town's flag on its pole; `at` is the foot of the pole's middle.
pub(super) fn flag(out: &mut String, at: Pt) {
    let _ = writeln!(
        out,
        r#"<g class="flag-mark"><path class="flag-pole" d="{}"/><path class="flag" d="{}"/></g>"#,
        path_at("M-4,10L-4,-11", at, 1.0),
        path_at("M-4,-11L9,-8L4,-5.5L-4,-3Z", at, 1.0),
    );
}

/// A trading post (a small hut) centred at `at`.
pub(super) fn post(out: &mut String, at: Pt) {
    let _ = writeln!(
        out,
        r#"<path class="post" d="{}"/>"#,
        path_at("M-7,6L-7,-2L0,-8L7,-2L7,6Z", at, 1.0)
    );
}

/// An animal symbol (a bison seen from the side) centred at `at`.
pub(super) fn animal(out: &mut String, at: Pt) {
    let _ = writeln!(
        out,
        r#"<path class="animal" d="{}"/>"#,
        path_at(
            "M-9,1Q-8,-6 0,-5L6,-6L9,-2L8,2L6,2L6,6L-6,6L-6,2Q-9,3 -9,1Z",
            at,
            1.0
        )
    );
}

/// Surveyor number `number` (1 or 2, white) at `at` over column `column`. Marker:
/// `<g class="surveyor" data-surveyor="1" data-column="-3">`.
pub(super) fn surveyor(out: &mut String, at: Pt, number: usize, column: i8) {
    let _ = writeln!(
        out,
        r#"<g class="surveyor" data-surveyor="{number}" data-column="{column}">"#
    );
    let _ = writeln!(
        out,
        r#"<path class="surveyor-body" transform="translate({}) scale(1)" d="M-3.3,-6.3a3.3,3.3 0 1,0 6.6,0a3.3,3.3 0 1,0 -6.6,0ZM-2.6,-3L2.6,-3L6,0.4L6,9.4L-6,9.4L-6,0.4Z"/>"#,
        at.xy()
    );
    out.push_str("</g>\n");
}

/// A few wave strokes across a sea cell whose top-left corner is `o`.
pub(super) fn waves(out: &mut String, o: Pt) {
    let mut d = String::new();
    for (x, y) in [(0.2, 0.25), (0.55, 0.38), (0.25, 0.72), (0.6, 0.85)] {
        let s = o + Pt::new(x * TILE, y * TILE);
        let _ = write!(d, "M{}q6,-5 12,0q6,5 12,0", s.xy());
    }
    let _ = writeln!(out, r#"<path class="wave" d="{d}"/>"#);
}
