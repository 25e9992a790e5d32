//! Small SVG building blocks: points, number formatting, escaping, and the glyphs (meeple,
//! vehicle, baobab, bird, letter badge) shared by the board and the side panel.

use crate::core::species::Species;
use std::fmt::Write as _;
use std::ops::{Add, Mul, Sub};

/// A point in SVG user units (x right, y down).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Pt {
    /// Horizontal position.
    pub x: f64,
    /// Vertical position (down).
    pub y: f64,
}

impl Pt {
    /// The point `(x, y)`.
    pub const fn new(x: f64, y: f64) -> Pt {
        Pt { x, y }
    }

    /// Length of the vector from the origin.
    pub fn len(self) -> f64 {
        self.x.hypot(self.y)
    }

    /// The vector scaled to length 1 (the zero vector stays zero).
    pub fn unit(self) -> Pt {
        let l = self.len();
        if l == 0.0 {
            self
        } else {
            self * (1.0 / l)
        }
    }

    /// The vector turned a quarter turn clockwise on screen.
    pub fn perp(self) -> Pt {
        Pt::new(-self.y, self.x)
    }

    /// `x,y` for path data and polygons.
    pub fn xy(self) -> String {
        format!("{},{}", num(self.x), num(self.y))
    }
}

impl Add for Pt {
    type Output = Pt;
    fn add(self, o: Pt) -> Pt {
        Pt::new(self.x + o.x, self.y + o.y)
    }
}

impl Sub for Pt {
    type Output = Pt;
    fn sub(self, o: Pt) -> Pt {
        Pt::new(self.x - o.x, self.y - o.y)
    }
}

impl Mul<f64> for Pt {
    type Output = Pt;
    fn mul(self, k: f64) -> Pt {
        Pt::new(self.x * k, self.y * k)
    }
}

/// A number with at most one decimal, without a trailing `.0`.
pub(super) fn num(v: f64) -> String {
    let s = format!("{v:.1}");
    match s.strip_suffix(".0") {
        Some("-0") => "0".to_string(),
        Some(int) => int.to_string(),
        None => s,
    }
}

/// Escapes text for SVG content and attribute values.
pub(super) fn esc(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Appends a `<text>` element centred on `at`.
pub(super) fn text(out: &mut String, at: Pt, class: &str, content: &str) {
    let _ = writeln!(
        out,
        r#"<text class="{class}" x="{}" y="{}">{}</text>"#,
        num(at.x),
        num(at.y),
        esc(content)
    );
}

/// Fill colours of the players' meeples, seat 0 first.
pub(super) const PLAYER_COLOURS: [&str; 5] =
    ["#d62728", "#1f6fd1", "#f2c318", "#8e44ad", "#2b2b2b"];

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

/// Outline of a standing meeple, about 19 units high, centred on the origin.
const MEEPLE_PATH: &str = "M-3.3,-6.3a3.3,3.3 0 1,0 6.6,0a3.3,3.3 0 1,0 -6.6,0Z\
M-2.6,-3L2.6,-3L8.6,0.4Q9.8,2.2 8,2.9L3.6,2.3L6.6,9.4L1.4,9.4L0,5.6L-1.4,9.4L-6.6,9.4\
L-3.6,2.3L-8,2.9Q-9.8,2.2 -8.6,0.4Z";

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
    let turn = if mark == MeepleMark::Baobab {
        " rotate(-90)"
    } else {
        ""
    };
    let kind = match mark {
        MeepleMark::Feature => r#"meeple" data-spot="feature"#,
        MeepleMark::Baobab => r#"meeple" data-spot="baobab"#,
        MeepleMark::Hole => r#"meeple" data-spot="hole"#,
        MeepleMark::Icon => "player-icon",
    };
    let _ = writeln!(
        out,
        r#"<g class="{kind}" data-player="P{player}"><path class="meeple-body" fill="{}" transform="translate({}) scale({}){turn}" d="{MEEPLE_PATH}"/></g>"#,
        PLAYER_COLOURS[player % PLAYER_COLOURS.len()],
        at.xy(),
        num(scale),
    );
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
    let p = |x: f64, y: f64| (at + Pt::new(x * k, y * k)).xy();
    let _ = write!(
        out,
        r#"<g class="baobab"><path class="trunk" d="M{}Q{} {}L{}Q{} {}Z"/>"#,
        p(-6.0, 15.0),
        p(-7.5, 5.0),
        p(-3.0, 0.0),
        p(3.0, 0.0),
        p(7.5, 5.0),
        p(6.0, 15.0),
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
    let p = |x: f64, y: f64| (at + Pt::new(x, y)).xy();
    let _ = writeln!(
        out,
        r#"<g class="vehicle" data-vehicle="{number}"><path class="car-body" d="M{}L{}L{}L{}L{}L{}Z"/><circle class="wheel" cx="{}" cy="{}" r="5"/><circle class="wheel" cx="{}" cy="{}" r="5"/>"#,
        p(-20.0, 8.0),
        p(-20.0, -2.0),
        p(-10.0, -4.0),
        p(-5.0, -13.0),
        p(12.0, -13.0),
        p(20.0, 8.0),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_text_is_escaped() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(-0.04), "0");
        assert_eq!(num(3.25), "3.2");
        assert_eq!(esc("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }
}
