//! Small SVG building blocks every game's drawing uses: points, number formatting, escaping,
//! text, player colours and the meeple figure.

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

/// Outline of a standing meeple, about 19 units high, centred on the origin.
const MEEPLE_PATH: &str = "M-3.3,-6.3a3.3,3.3 0 1,0 6.6,0a3.3,3.3 0 1,0 -6.6,0Z\
M-2.6,-3L2.6,-3L8.6,0.4Q9.8,2.2 8,2.9L3.6,2.3L6.6,9.4L1.4,9.4L0,5.6L-1.4,9.4L-6.6,9.4\
L-3.6,2.3L-8,2.9Q-9.8,2.2 -8.6,0.4Z";

/// Appends a figure (the meeple outline) filled with `fill` at `at`, wrapped in
/// `<g class="{kind}">`: `kind` is the class with any further attributes
/// (`meeple" data-spot="road`). `lying` turns it on its side.
pub(super) fn figure(out: &mut String, at: Pt, fill: &str, scale: f64, kind: &str, lying: bool) {
    let turn = if lying { " rotate(-90)" } else { "" };
    let _ = writeln!(
        out,
        r#"<g class="{kind}"><path class="meeple-body" fill="{fill}" transform="translate({}) scale({}){turn}" d="{MEEPLE_PATH}"/></g>"#,
        at.xy(),
        num(scale),
    );
}

/// Appends a meeple of `player` (its colour, `data-player="P{player}"`) at `at`; `spot` says
/// where it stands (`data-spot`), `None` for the player's icon in a side panel
/// (`class="player-icon"`).
pub(super) fn meeple(
    out: &mut String,
    at: Pt,
    player: usize,
    scale: f64,
    spot: Option<&str>,
    lying: bool,
) {
    let kind = match spot {
        Some(spot) => format!(r#"meeple" data-spot="{spot}" data-player="P{player}"#),
        None => format!(r#"player-icon" data-player="P{player}"#),
    };
    figure(
        out,
        at,
        PLAYER_COLOURS[player % PLAYER_COLOURS.len()],
        scale,
        &kind,
        lying,
    );
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
