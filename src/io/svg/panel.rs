//! A side panel written top to bottom: title, text lines, a preview of the tile to place, one
//! block per player (icon, heading, lines) and a legend. Games fill it with their own facts.

use super::glyph::{meeple, text, Pt};
use super::TILE;
use std::fmt::Write as _;

/// Vertical distance between text lines.
pub(super) const LINE: f64 = 20.0;

/// Scale of the preview of the tile to place.
const PREVIEW: f64 = 0.75;

/// The panel being written: where the next line goes.
pub(super) struct Panel<'a> {
    out: &'a mut String,
    /// Left edge of the text.
    x: f64,
    /// Baseline of the next line.
    y: f64,
    /// Top of the panel.
    top: f64,
}

impl<'a> Panel<'a> {
    /// A panel with its top-left corner at `at`, starting with `title` and `caption` (one
    /// text line per line of it).
    pub fn new(out: &'a mut String, at: Pt, title: &str, caption: &str) -> Panel<'a> {
        let mut p = Panel {
            out,
            x: at.x + 12.0,
            y: at.y + 36.0,
            top: at.y,
        };
        p.text("title", title);
        for line in caption.lines() {
            p.text("caption", line);
        }
        p.gap(0.5);
        p
    }

    /// A line of text in `class`.
    pub fn text(&mut self, class: &str, content: &str) {
        text(self.out, Pt::new(self.x, self.y), class, content);
        self.y += LINE;
    }

    /// Empty space of `lines` lines.
    pub fn gap(&mut self, lines: f64) {
        self.y += LINE * lines;
    }

    /// The tile to place, drawn by `draw` in tile coordinates, with `label` beside it.
    pub fn preview(&mut self, name: &str, label: &str, draw: impl FnOnce(&mut String)) {
        let at = Pt::new(self.x, self.y - LINE * 0.5);
        let _ = writeln!(
            self.out,
            r#"<g class="preview" data-tile="{name}" transform="translate({}) scale({PREVIEW})">"#,
            at.xy()
        );
        draw(self.out);
        self.out.push_str("</g>\n");
        let size = TILE * PREVIEW;
        text(
            self.out,
            at + Pt::new(size + 12.0, size / 2.0 + 4.0),
            "small",
            label,
        );
        self.y = at.y + size + LINE * 1.2;
    }

    /// A player's block: their meeple icon, a heading (`◀ decides` when `decides`), and lines.
    pub fn player(&mut self, player: usize, heading: &str, decides: bool, lines: &[String]) {
        self.y += LINE * 0.2;
        meeple(
            self.out,
            Pt::new(self.x + 10.0, self.y - 5.0),
            player,
            0.9,
            None,
            false,
        );
        let marker = if decides { "  ◀ decides" } else { "" };
        text(
            self.out,
            Pt::new(self.x + 26.0, self.y),
            "heading",
            &format!("{heading}{marker}"),
        );
        self.y += LINE;
        for l in lines {
            text(self.out, Pt::new(self.x + 26.0, self.y), "line", l);
            self.y += LINE;
        }
    }

    /// A legend entry: a symbol drawn by `draw` around the given point, then its meaning. The
    /// symbol's groups get the class `legend` first, so that they never count as pieces on the
    /// board (`class="legend castle"` is not `class="castle"`).
    pub fn legend(&mut self, meaning: &str, draw: impl FnOnce(&mut String, Pt)) {
        let mut symbol = String::new();
        draw(&mut symbol, Pt::new(self.x + 11.0, self.y - 4.0));
        self.out
            .push_str(&symbol.replace(r#"<g class=""#, r#"<g class="legend "#));
        text(self.out, Pt::new(self.x + 30.0, self.y), "small", meaning);
        self.y += LINE * 1.1;
    }

    /// The appended output, for drawing beside the current line (e.g. token rows).
    pub fn out(&mut self) -> &mut String {
        self.out
    }

    /// The current line's left edge and baseline.
    pub fn cursor(&self) -> Pt {
        Pt::new(self.x, self.y)
    }

    /// The panel's height so far.
    pub fn height(&self) -> f64 {
        self.y - self.top
    }
}

/// Draws `draw` (around the origin) moved to `at` and scaled by `k`: a legend symbol at a
/// smaller size. The group is `<g class="scaled">`.
pub(super) fn scaled(out: &mut String, at: Pt, k: f64, draw: impl FnOnce(&mut String)) {
    let _ = writeln!(
        out,
        r#"<g class="scaled" transform="translate({}) scale({})">"#,
        at.xy(),
        super::glyph::num(k)
    );
    draw(out);
    out.push_str("</g>\n");
}
