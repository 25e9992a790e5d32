//! New World's pieces and printed symbols: farm, flag, trading post, animal symbol, surveyor,
//! and the waves of the sea.

use crate::io::svg::glyph::Pt;
use crate::io::svg::TILE;
use std::fmt::Write as _;

/// A farm (a red barn with a white cross on its door) centred at `at`.
pub(super) fn farm(out: &mut String, at: Pt) {
    let p = |x: f64, y: f64| (at + Pt::new(x, y)).xy();
    let _ = writeln!(
        out,
        r#"<g class="farm"><path class="barn" d="M{}L{}L{}L{}L{}Z"/><path class="barn-door" d="M{}L{}L{}L{}ZM{}L{}M{}L{}"/></g>"#,
        p(-15.0, 14.0),
        p(-15.0, -4.0),
        p(0.0, -16.0),
        p(15.0, -4.0),
        p(15.0, 14.0),
        p(-6.0, 14.0),
        p(-6.0, 2.0),
        p(6.0, 2.0),
        p(6.0, 14.0),
        p(-6.0, 2.0),
        p(6.0, 14.0),
        p(6.0, 2.0),
        p(-6.0, 14.0),
    );
}

/// A town's flag on its pole; `at` is the foot of the pole's middle.
pub(super) fn flag(out: &mut String, at: Pt) {
    let p = |x: f64, y: f64| (at + Pt::new(x, y)).xy();
    let _ = writeln!(
        out,
        r#"<g class="flag-mark"><path class="flag-pole" d="M{}L{}"/><path class="flag" d="M{}L{}L{}L{}Z"/></g>"#,
        p(-4.0, 10.0),
        p(-4.0, -11.0),
        p(-4.0, -11.0),
        p(9.0, -8.0),
        p(4.0, -5.5),
        p(-4.0, -3.0),
    );
}

/// A trading post (a small hut) centred at `at`.
pub(super) fn post(out: &mut String, at: Pt) {
    let p = |x: f64, y: f64| (at + Pt::new(x, y)).xy();
    let _ = writeln!(
        out,
        r#"<path class="post" d="M{}L{}L{}L{}L{}Z"/>"#,
        p(-7.0, 6.0),
        p(-7.0, -2.0),
        p(0.0, -8.0),
        p(7.0, -2.0),
        p(7.0, 6.0),
    );
}

/// An animal symbol (a bison seen from the side) centred at `at`.
pub(super) fn animal(out: &mut String, at: Pt) {
    let p = |x: f64, y: f64| (at + Pt::new(x, y)).xy();
    let _ = writeln!(
        out,
        r#"<path class="animal" d="M{}Q{} {}L{}L{}L{}L{}L{}L{}L{}Q{} {}Z"/>"#,
        p(-9.0, 1.0),
        p(-8.0, -6.0),
        p(0.0, -5.0),
        p(6.0, -6.0),
        p(9.0, -2.0),
        p(8.0, 2.0),
        p(6.0, 2.0),
        p(6.0, 6.0),
        p(-6.0, 6.0),
        p(-6.0, 2.0),
        p(-9.0, 3.0),
        p(-9.0, 1.0),
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
