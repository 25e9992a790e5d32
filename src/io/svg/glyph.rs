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

/// Path data `d` drawn around the origin (absolute commands with `x,y` pairs:
/// `M-7,-8L7,-8Q6,7 0,10Z`),
/// scaled by `scale` and moved to `at`: each pair becomes the point `at + scale·(x, y)` as
/// [`Pt::xy`] writes it; commands and spaces stay as they are.
pub(super) fn path_at(d: &str, at: Pt, scale: f64) -> String {
    let point = |pair: &str| {
        let (x, y) = pair.split_once(',').expect("path data holds x,y pairs");
        let coordinate = |v: &str| v.parse::<f64>().expect("path data holds numbers") * scale;
        (at + Pt::new(coordinate(x), coordinate(y))).xy()
    };
    let mut out = String::with_capacity(2 * d.len());
    let mut pair = String::new();
    for c in d.chars() {
        if c.is_ascii_alphabetic() || c == ' ' {
            debug_assert!(
                c.is_ascii_uppercase() || c == ' ',
                "relative command in {d}"
            );
            if !pair.is_empty() {
                out.push_str(&point(&pair));
                pair.clear();
            }
            out.push(c);
        } else {
            pair.push(c);
        }
    }
    if !pair.is_empty() {
        out.push_str(&point(&pair));
    }
    out
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

    #[test]
    fn path_data_is_scaled_and_moved() {
        let at = Pt::new(100.0, 50.5);
        assert_eq!(
            path_at("M-7,-8L7,1Q6,7 0,10Z", at, 1.0),
            "M93,42.5L107,51.5Q106,57.5 100,60.5Z"
        );
        assert_eq!(path_at("M1,-2L3,4", at, 2.0), "M102,46.5L106,58.5");
    }
}
