//! The viewer's charts: one small inline SVG per seat with that seat's points from each source
//! (the game's `points_<source>` statistics) after every decision, its total as a thick line,
//! and a cursor line (`class="cursor"`) that the page's script moves to the position shown.

use crate::games::GameDef;
use std::fmt::Write as _;

/// Width of a chart.
const WIDTH: f64 = 320.0;

/// Height of the plot area.
const HEIGHT: f64 = 120.0;

/// Room left of the plot for the axis labels.
const LEFT: f64 = 34.0;

/// Room above and below the plot.
const PAD: f64 = 8.0;

/// Colours of the sources, in the game's order (repeated past the tenth).
const COLOURS: [&str; 10] = [
    "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
    "#bcbd22", "#17becf",
];

/// Each seat's points by source in `state`: `[seat][source]`, sources in the game's order.
pub(super) fn points<G: GameDef>(state: &G) -> Vec<Vec<i64>> {
    let mut values = Vec::new();
    (0..state.num_players())
        .map(|p| {
            state.player_stats(p, &mut values);
            (G::stat_names().iter().zip(&values))
                .filter(|(name, _)| name.starts_with("points_"))
                .map(|(_, &v)| v)
                .collect()
        })
        .collect()
}

/// The charts of every seat; `points[k]` are the points after `k` decisions ([`points`]).
pub(super) fn charts<G: GameDef>(points: &[Vec<Vec<i64>>]) -> String {
    let sources: Vec<&str> = (G::stat_names().iter())
        .filter_map(|n| n.strip_prefix("points_"))
        .collect();
    let seats = points.first().map_or(0, Vec::len);
    let totals = |k: usize, p: usize| points[k][p].iter().sum::<i64>();
    let all = (0..points.len()).flat_map(|k| {
        (0..seats).flat_map(move |p| points[k][p].iter().copied().chain([totals(k, p)]))
    });
    let (lo, hi) = all.fold((0, 1), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let scale = Scale {
        steps: points.len().saturating_sub(1).max(1),
        lo,
        hi,
    };
    let mut out = String::new();
    for p in 0..seats {
        let series: Vec<(String, &str, Vec<i64>)> = (sources.iter().enumerate())
            .map(|(s, name)| {
                let colour = COLOURS[s % COLOURS.len()];
                (
                    name.to_string(),
                    colour,
                    points.iter().map(|f| f[p][s]).collect(),
                )
            })
            .filter(|(_, _, v): &(String, &str, Vec<i64>)| v.iter().any(|&x| x != 0))
            .collect();
        let total: Vec<i64> = (0..points.len()).map(|k| totals(k, p)).collect();
        seat_chart(&mut out, p, &scale, &series, &total);
    }
    out
}

/// How values map to the plot: `steps` decisions across, `lo..=hi` points up.
struct Scale {
    steps: usize,
    lo: i64,
    hi: i64,
}

impl Scale {
    /// The x of decision `k`.
    fn x(&self, k: usize) -> f64 {
        LEFT + (WIDTH - LEFT - PAD) * k as f64 / self.steps as f64
    }

    /// The y of `v` points.
    fn y(&self, v: i64) -> f64 {
        PAD + HEIGHT * (self.hi - v) as f64 / (self.hi - self.lo) as f64
    }

    /// The polyline points of `values`.
    fn line(&self, values: &[i64]) -> String {
        let pts: Vec<String> = (values.iter().enumerate())
            .map(|(k, &v)| format!("{:.1},{:.1}", self.x(k), self.y(v)))
            .collect();
        pts.join(" ")
    }
}

/// Seat `p`'s chart: a line per source in `series` (name, colour, values), the total, the
/// axis and the cursor, then the legend.
fn seat_chart(
    out: &mut String,
    p: usize,
    scale: &Scale,
    series: &[(String, &str, Vec<i64>)],
    total: &[i64],
) {
    let height = HEIGHT + 2.0 * PAD + 14.0;
    let _ = writeln!(
        out,
        r#"<figure class="chart" data-seat="P{p}"><figcaption>P{p}</figcaption>
<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" data-x0="{:.3}" data-dx="{:.5}">"#,
        scale.x(0),
        scale.x(1) - scale.x(0)
    );
    let (y0, yhi, ylo) = (scale.y(0), scale.y(scale.hi), scale.y(scale.lo));
    let _ = writeln!(
        out,
        r##"<line x1="{LEFT}" y1="{y0:.1}" x2="{:.1}" y2="{y0:.1}" stroke="#999"/>
<text x="{:.1}" y="{:.1}" class="tick">{}</text><text x="{:.1}" y="{:.1}" class="tick">{}</text>"##,
        WIDTH - PAD,
        LEFT - 4.0,
        yhi + 4.0,
        scale.hi,
        LEFT - 4.0,
        ylo + 4.0,
        scale.lo
    );
    for (name, colour, values) in series {
        let _ = writeln!(
            out,
            r#"<polyline fill="none" stroke="{colour}" stroke-width="1.5" points="{}"><title>{name}</title></polyline>"#,
            scale.line(values)
        );
    }
    let _ = writeln!(
        out,
        r##"<polyline fill="none" stroke="#222" stroke-width="2.5" points="{}"><title>total</title></polyline>
<line class="cursor" x1="{x:.1}" y1="{PAD}" x2="{x:.1}" y2="{:.1}" stroke="#888" stroke-dasharray="3 2"/>
</svg>"##,
        scale.line(total),
        PAD + HEIGHT,
        x = scale.x(0)
    );
    out.push_str(r#"<p class="legend"><span style="color:#222">&#9644; total</span>"#);
    for (name, colour, _) in series {
        let _ = write!(
            out,
            r#" <span style="color:{colour}">&#9644; {name}</span>"#
        );
    }
    out.push_str("</p></figure>\n");
}
