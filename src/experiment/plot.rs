//! Experiment charts drawn with plotters, each as SVG and PNG: win rate per variant with 95%
//! intervals (`win_rate.*`), and mean points by source stacked per variant (`points.*`).
//!
//! Both are horizontal: one row per member (player or seat) of each variant, grouped under the
//! variant's name, with the figures and the paired difference against the baseline written at
//! the right. PNG text is drawn with an embedded subset of DejaVu Sans, so no system font
//! library is needed.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::{Path, PathBuf};
use std::sync::Once;

/// Subset of DejaVu Sans (Latin-1 and a few symbols; licence in `assets/fonts/`).
const FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-subset.ttf");

/// Font family name used for every text.
const FAMILY: &str = "sans-serif";

/// Chart width in pixels.
const WIDTH: u32 = 1100;

/// Height of one row in pixels.
const ROW_PX: f64 = 24.0;

/// Vertical space of a variant heading, in rows.
const HEADING: f64 = 1.0;

/// Vertical gap after a variant's group of rows, in rows.
const GAP: f64 = 0.3;

/// Space between the figures at the right of a row: no-break spaces, which SVG keeps.
const SEP: &str = "\u{a0}\u{a0}\u{a0}";

/// Tableau 20 colours (the ten strong ones first): members (win rate) and point sources
/// (points).
const PALETTE: [RGBColor; 20] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
    RGBColor(188, 189, 34),
    RGBColor(23, 190, 207),
    RGBColor(174, 199, 232),
    RGBColor(255, 187, 120),
    RGBColor(152, 223, 138),
    RGBColor(255, 152, 150),
    RGBColor(197, 176, 213),
    RGBColor(196, 156, 148),
    RGBColor(247, 182, 210),
    RGBColor(199, 199, 199),
    RGBColor(219, 219, 141),
    RGBColor(158, 218, 229),
];

/// An estimate with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// Point estimate.
    pub mean: f64,
    /// Lower end of the interval (NaN when unknown).
    pub lo: f64,
    /// Upper end of the interval (NaN when unknown).
    pub hi: f64,
}

/// One row of a chart: one member (player or seat) of one variant.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartRow {
    /// Variant name; consecutive rows of one variant form a group.
    pub variant: String,
    /// Row label, e.g. `seat 0` or `player 1 (greedy:forbid=dig)`.
    pub label: String,
    /// Member index (picks the colour).
    pub member: usize,
    /// Fair share of wins, `1 / players` (drawn as a reference line).
    pub fair: f64,
    /// Win rate.
    pub win_rate: Estimate,
    /// Paired difference of the win rate against the baseline.
    pub win_rate_diff: Option<Estimate>,
    /// Mean score.
    pub score: Estimate,
    /// Paired difference of the mean score against the baseline.
    pub score_diff: Option<Estimate>,
    /// Mean points per source, in [`ChartData::sources`] order.
    pub points: Vec<f64>,
}

/// What both charts show.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartData {
    /// Title after `Win rate: ` or `Points by source: ` (experiment, agents, games).
    pub title: String,
    /// Point sources, in stacking order.
    pub sources: Vec<String>,
    /// The rows, top to bottom.
    pub rows: Vec<ChartRow>,
}

/// The two charts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    WinRate,
    Points,
}

impl Kind {
    fn file_stem(self) -> &'static str {
        match self {
            Kind::WinRate => "win_rate",
            Kind::Points => "points",
        }
    }

    fn title(self) -> &'static str {
        match self {
            Kind::WinRate => "Win rate",
            Kind::Points => "Points by source",
        }
    }
}

/// Writes `win_rate.svg`, `win_rate.png`, `points.svg` and `points.png` into `dir` (each via a
/// temporary file and a rename); returns their paths.
pub fn write_charts(dir: &Path, data: &ChartData) -> Result<Vec<PathBuf>, String> {
    static FONT_ONCE: Once = Once::new();
    FONT_ONCE.call_once(|| {
        if plotters::style::register_font(FAMILY, FontStyle::Normal, FONT).is_err() {
            unreachable!("the embedded font is a valid TrueType file");
        }
    });
    let layout = Layout::new(&data.rows);
    let mut written = Vec::new();
    for kind in [Kind::WinRate, Kind::Points] {
        let extra = if kind == Kind::Points { 40.0 } else { 0.0 };
        let height = (110.0 + extra + layout.total * ROW_PX).ceil() as u32;
        let size = (WIDTH, height);
        let stem = kind.file_stem();
        let fail = |path: &Path, e: String| format!("cannot draw {}: {e}", path.display());

        let svg_path = dir.join(format!("{stem}.svg"));
        let mut svg = String::new();
        draw(
            SVGBackend::with_string(&mut svg, size).into_drawing_area(),
            data,
            &layout,
            kind,
        )
        .map_err(|e| fail(&svg_path, e))?;
        crate::io::write_atomically(&svg_path, &svg).map_err(|e| e.to_string())?;
        written.push(svg_path);

        let png_path = dir.join(format!("{stem}.png"));
        let tmp = dir.join(format!("{stem}.tmp.png"));
        draw(
            BitMapBackend::new(&tmp, size).into_drawing_area(),
            data,
            &layout,
            kind,
        )
        .map_err(|e| fail(&png_path, e))?;
        std::fs::rename(&tmp, &png_path)
            .map_err(|e| format!("cannot write {}: {e}", png_path.display()))?;
        written.push(png_path);
    }
    Ok(written)
}

/// Vertical positions, in rows from the top: variant headings and row centres.
struct Layout {
    total: f64,
    headings: Vec<(String, f64)>,
    centres: Vec<f64>,
    /// `(first row, last row)` of each variant group.
    groups: Vec<(usize, usize)>,
}

impl Layout {
    fn new(rows: &[ChartRow]) -> Layout {
        let (mut y, mut headings, mut centres, mut groups) = (0.0, Vec::new(), Vec::new(), vec![]);
        for (i, r) in rows.iter().enumerate() {
            if i == 0 || rows[i - 1].variant != r.variant {
                if i > 0 {
                    y += GAP;
                }
                headings.push((r.variant.clone(), y + HEADING * 0.6));
                y += HEADING;
                groups.push((i, i));
            }
            if let Some(g) = groups.last_mut() {
                g.1 = i;
            }
            centres.push(y + 0.5);
            y += 1.0;
        }
        Layout {
            total: y + GAP,
            headings,
            centres,
            groups,
        }
    }

    /// Chart coordinate (bottom up) of a position `y` rows from the top.
    fn at(&self, y: f64) -> f64 {
        self.total - y
    }
}

/// `52.3%`.
fn pct(v: f64) -> String {
    format!("{:.1}%", 100.0 * v)
}

/// A signed number with a real minus sign: `+3.1`, `−1.2`.
fn signed(v: f64, decimals: usize) -> String {
    let s = format!("{:+.*}", decimals, v);
    s.replacen('-', "\u{2212}", 1)
}

/// `[47.4, 57.2]` (empty when the interval is unknown).
fn interval(e: &Estimate, scale: f64, decimals: usize, sign: bool) -> String {
    if e.lo.is_nan() || e.hi.is_nan() {
        return String::new();
    }
    let f = |v: f64| {
        if sign {
            signed(v * scale, decimals)
        } else {
            format!("{:.*}", decimals, v * scale)
        }
    };
    format!(" [{}, {}]", f(e.lo), f(e.hi))
}

/// The figures written at the right of a row.
fn right_text(row: &ChartRow, kind: Kind) -> String {
    match kind {
        Kind::WinRate => {
            let mut s = format!(
                "{}{}",
                pct(row.win_rate.mean),
                interval(&row.win_rate, 100.0, 1, false)
            );
            if let Some(d) = &row.win_rate_diff {
                s.push_str(&format!(
                    "{SEP}\u{394} {} pp{}",
                    signed(100.0 * d.mean, 1),
                    interval(d, 100.0, 1, true)
                ));
            }
            s
        }
        Kind::Points => {
            let mut s = format!("score {:.1}", row.score.mean);
            if !row.score.lo.is_nan() {
                s.push_str(&format!(" \u{b1} {:.1}", row.score.mean - row.score.lo));
            }
            if let Some(d) = &row.score_diff {
                s.push_str(&format!(
                    "{SEP}\u{394} {}{}",
                    signed(d.mean, 1),
                    interval(d, 1.0, 1, true)
                ));
            }
            s
        }
    }
}

/// X range of a chart.
fn x_range(data: &ChartData, kind: Kind) -> (f64, f64) {
    match kind {
        Kind::WinRate => {
            let finite = |v: f64, d: f64| if v.is_nan() { d } else { v };
            let lo = data
                .rows
                .iter()
                .map(|r| finite(r.win_rate.lo, r.win_rate.mean).min(r.fair))
                .fold(1.0, f64::min);
            let hi = data
                .rows
                .iter()
                .map(|r| finite(r.win_rate.hi, r.win_rate.mean).max(r.fair))
                .fold(0.0, f64::max);
            ((lo - 0.05).max(0.0), (hi + 0.05).min(1.0))
        }
        Kind::Points => {
            let top = data
                .rows
                .iter()
                .map(|r| r.points.iter().map(|p| p.max(0.0)).sum::<f64>())
                .fold(1.0, f64::max);
            (0.0, top * 1.05)
        }
    }
}

type DrawResult<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

/// Draws one chart on `root`.
fn draw<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    data: &ChartData,
    layout: &Layout,
    kind: Kind,
) -> Result<(), String> {
    draw_inner(&root, data, layout, kind).map_err(|e| e.to_string())?;
    root.present().map_err(|e| e.to_string())
}

fn draw_inner<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    data: &ChartData,
    layout: &Layout,
    kind: Kind,
) -> DrawResult<DB> {
    root.fill(&WHITE)?;
    let text = TextStyle::from((FAMILY, 14).into_font());
    let heading = TextStyle::from((FAMILY, 15).into_font());
    let width_of = |s: &str, style: &TextStyle| root.estimate_text_size(s, style).map(|(w, _)| w);
    let mut left = 0;
    for r in &data.rows {
        left = left.max(width_of(&r.label, &text)? + 30);
    }
    for (h, _) in &layout.headings {
        left = left.max(width_of(h, &heading)? + 10);
    }
    let mut right = 0;
    for r in &data.rows {
        right = right.max(width_of(&right_text(r, kind), &text)? + 20);
    }
    let (x_lo, x_hi) = x_range(data, kind);
    let bottom = if kind == Kind::Points { 80 } else { 45 };
    let mut chart = ChartBuilder::on(root)
        .margin(12)
        .caption(format!("{}: {}", kind.title(), data.title), (FAMILY, 20))
        .x_label_area_size(bottom)
        .y_label_area_size(left)
        .right_y_label_area_size(right)
        .build_cartesian_2d(x_lo..x_hi, 0.0..layout.total)?;
    let desc = match kind {
        Kind::WinRate => {
            "win rate (share of games won), 95% Wilson interval; grey line: 1 / players; \
             \u{394}: paired difference to the baseline, 95% bootstrap interval"
        }
        Kind::Points => {
            "mean points per game by source; \u{394}: paired score difference to the baseline"
        }
    };
    let percent = |v: &f64| format!("{:.0}%", 100.0 * v);
    let plain = |v: &f64| format!("{v:.0}");
    let mut mesh = chart.configure_mesh();
    mesh.disable_y_mesh()
        .max_light_lines(1)
        .bold_line_style(RGBColor(200, 200, 200))
        .light_line_style(RGBColor(235, 235, 235))
        .y_labels(0)
        .x_desc(desc)
        .label_style(text.clone())
        .axis_desc_style(text.clone());
    if kind == Kind::WinRate {
        mesh.x_label_formatter(&percent);
    } else {
        mesh.x_label_formatter(&plain);
    }
    mesh.draw()?;

    let px = |chart: &ChartContext<DB, _>, x: f64, y: f64| chart.backend_coord(&(x, layout.at(y)));
    for (name, y) in &layout.headings {
        let (_, py) = px(&chart, x_lo, *y);
        let x0 = root.get_pixel_range().0.start + 12;
        root.draw(&Text::new(
            name.clone(),
            (x0, py),
            heading.pos(Pos::new(HPos::Left, VPos::Center)),
        ))?;
    }
    for (r, &y) in data.rows.iter().zip(&layout.centres) {
        let (x_left, py) = px(&chart, x_lo, y);
        root.draw(&Text::new(
            r.label.clone(),
            (x_left - 8, py),
            text.pos(Pos::new(HPos::Right, VPos::Center)),
        ))?;
        let (x_right, _) = px(&chart, x_hi, y);
        root.draw(&Text::new(
            right_text(r, kind),
            (x_right + 10, py),
            text.pos(Pos::new(HPos::Left, VPos::Center)),
        ))?;
    }
    let y = |row: f64| layout.at(row);
    match kind {
        Kind::WinRate => {
            for &(first, last) in &layout.groups {
                let fair = data.rows[first].fair;
                let top = y(layout.centres[first] - 0.5);
                let bottom = y(layout.centres[last] + 0.5);
                chart.draw_series(std::iter::once(PathElement::new(
                    vec![(fair, top), (fair, bottom)],
                    RGBColor(90, 90, 90).stroke_width(1),
                )))?;
            }
            for (r, &c) in data.rows.iter().zip(&layout.centres) {
                let colour = PALETTE[r.member % PALETTE.len()];
                let e = &r.win_rate;
                let yc = y(c);
                if !e.lo.is_nan() {
                    chart.draw_series(
                        [
                            vec![(e.lo, yc), (e.hi, yc)],
                            vec![(e.lo, yc - 0.22), (e.lo, yc + 0.22)],
                            vec![(e.hi, yc - 0.22), (e.hi, yc + 0.22)],
                        ]
                        .into_iter()
                        .map(|p| PathElement::new(p, colour.stroke_width(2))),
                    )?;
                }
                chart.draw_series(std::iter::once(Circle::new(
                    (e.mean, yc),
                    5,
                    colour.filled(),
                )))?;
            }
        }
        Kind::Points => {
            for (r, &c) in data.rows.iter().zip(&layout.centres) {
                let yc = y(c);
                let mut x0 = 0.0;
                for (k, &p) in r.points.iter().enumerate() {
                    if p <= 0.0 {
                        continue;
                    }
                    let colour = PALETTE[k % PALETTE.len()];
                    chart.draw_series(std::iter::once(Rectangle::new(
                        [(x0, yc - 0.36), (x0 + p, yc + 0.36)],
                        colour.filled(),
                    )))?;
                    x0 += p;
                }
            }
            let labels: Vec<String> = data
                .sources
                .iter()
                .enumerate()
                .map(|(k, s)| {
                    if data.rows.iter().any(|r| r.points[k] < 0.0) {
                        format!("{s} (< 0, not drawn)")
                    } else {
                        s.clone()
                    }
                })
                .collect();
            draw_legend(root, &labels, &text)?;
        }
    }
    Ok(())
}

/// A row of coloured squares with source names along the bottom of the points chart.
fn draw_legend<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    sources: &[String],
    text: &TextStyle,
) -> DrawResult<DB> {
    let (xs, ys) = root.get_pixel_range();
    let mut x = xs.start + 20;
    let mut y = ys.end - 42;
    for (k, s) in sources.iter().enumerate() {
        let w = root.estimate_text_size(s, text)?.0 as i32;
        if x + 22 + w > xs.end - 20 {
            x = xs.start + 20;
            y += 20;
        }
        let colour = PALETTE[k % PALETTE.len()];
        root.draw(&Rectangle::new(
            [(x, y - 6), (x + 12, y + 6)],
            colour.filled(),
        ))?;
        root.draw(&Text::new(
            s.clone(),
            (x + 18, y),
            text.pos(Pos::new(HPos::Left, VPos::Center)),
        ))?;
        x += 18 + w + 22;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_use_real_minus_signs() {
        assert_eq!(signed(-1.25, 1), "\u{2212}1.2");
        assert_eq!(signed(3.0, 1), "+3.0");
        let e = Estimate {
            mean: 0.5,
            lo: 0.4,
            hi: 0.6,
        };
        assert_eq!(interval(&e, 100.0, 1, false), " [40.0, 60.0]");
    }

    #[test]
    fn layout_groups_rows_by_variant() {
        let row = |v: &str, m: usize| ChartRow {
            variant: v.into(),
            label: format!("seat {m}"),
            member: m,
            fair: 0.5,
            win_rate: Estimate {
                mean: 0.5,
                lo: 0.4,
                hi: 0.6,
            },
            win_rate_diff: None,
            score: Estimate {
                mean: 1.0,
                lo: f64::NAN,
                hi: f64::NAN,
            },
            score_diff: None,
            points: vec![1.0],
        };
        let l = Layout::new(&[row("a", 0), row("a", 1), row("b", 0)]);
        assert_eq!(l.groups, vec![(0, 1), (2, 2)]);
        assert_eq!(l.headings.len(), 2);
        assert!(l.centres[2] > l.centres[1] + 1.0);
        assert!(l.at(l.centres[0]) > l.at(l.centres[2]));
    }
}
