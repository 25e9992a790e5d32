//! SVG pictures of positions: every placed tile drawn from its tile data, meeples in player
//! colours on their features, each game's own pieces, and a side panel with scores, supplies
//! and the turn. Written as plain text (no SVG crate). See `docs/rendering.md`.
//!
//! This module holds what every game's drawing shares (the board grid with its coordinate
//! labels, the document frame, outlines, the record dispatch); `glyph` the small building
//! blocks (points, numbers, text, the meeple figure); `square` the geometry of a tile square;
//! `rim` tiles whose features meet the rim in sides and half sides (roads, cities, fields,
//! monasteries: the tile format Carcassonne and New World share). Each game draws itself in
//! its own module: `safari`, `carcassonne`, `new_world`.
//!
//! Markers a program can rely on, in every game: each placed tile is one
//! `<g class="tile" data-cell="x,y">`; each meeple on the board is a
//! `<g class="meeple" data-spot="…" data-player="P0">` (the spots each game uses are listed in
//! `docs/rendering.md`); each player's entry in the panel has one `<g class="player-icon">`.
//! Safari adds `<g class="vehicle" data-vehicle="1">` and `<g class="token">` (a token on a
//! watering hole); Carcassonne `<g class="bridge">`, `<g class="castle">`, `<g class="robber">`;
//! New World `<g class="surveyor">`.

mod carcassonne;
mod glyph;
mod new_world;
mod panel;
mod rim;
mod safari;
mod square;

pub use self::carcassonne::carcassonne_svg;
pub use self::new_world::{coast_names_of, new_world_svg};
pub use self::safari::{board_svg, tileset_of, TileFaces};

use self::glyph::{num, text, Pt};
use crate::core::geom::{Coord, Side};
use crate::core::tileset::TileSet;
use crate::games::carcassonne::CarcassonneState;
use crate::games::new_world::NewWorldState;
use crate::games::safari::SafariState;
use crate::games::GameDef;
use crate::io::record::Record;
use std::fmt::Write as _;
use std::path::Path;

/// Side length of a tile in SVG units (every game).
const TILE: f64 = 120.0;

/// Room around the board for the coordinate labels.
const MARGIN: f64 = 40.0;

/// Width of the side panel.
const PANEL_WIDTH: f64 = 330.0;

/// The style rules every game's sheet ends with: start edges, the last tile, axes, titles and
/// panel text. A macro, so that a sheet can be joined to it with `concat!`.
macro_rules! frame_style {
    () => {
        ".start-edge{stroke:#5a3a1a;stroke-width:4;stroke-linecap:square}
.last{fill:none;stroke:#ff7f0e;stroke-width:4;stroke-dasharray:10 5}
.axis{font-size:13px;text-anchor:middle;fill:#6b6250}
.title{font-size:20px;font-weight:bold;fill:#222}
.caption{font-size:12px;fill:#666}
.heading{font-size:14px;font-weight:bold;fill:#333}
.line{font-size:13px;fill:#222}
.small{font-size:11px;fill:#555}
.label{font-size:11px;fill:#555;text-anchor:middle}"
    };
}
use frame_style;

/// Classes every game's style sheet defines the same way (the Safari sheet, older, orders
/// them its own way but ends with the same [`frame_style!`]).
const COMMON_STYLE: &str = concat!(
    "text{font-family:'DejaVu Sans',Arial,sans-serif}
.background{fill:#f6f2e4}
.meeple-body{stroke:#fff;stroke-width:1.1;stroke-linejoin:round}
",
    frame_style!()
);

/// The tile set no longer matches the game (its animals cannot be looked up).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SvgError(pub String);

/// A record drawn at one of its positions.
#[derive(Clone, Debug)]
pub struct Drawing {
    /// The SVG document.
    pub svg: String,
    /// Turns completed in the position drawn.
    pub turn: usize,
    /// Decisions replayed to reach it.
    pub decisions: usize,
}

/// A game `render` draws: what its drawing needs from a record besides the position (Safari:
/// the tile set's animals; New World: the coast's names), and the drawing itself.
pub trait Drawable: GameDef {
    /// What the drawing needs besides the position.
    type Look;
    /// The look of the tile set `record` names (relative paths from `base`).
    fn look(record: &Record, base: &Path) -> Result<Self::Look, String>;
    /// The position as a complete SVG document, with `caption` under the panel's title.
    fn svg(&self, look: &Self::Look, caption: &str) -> Result<String, String>;
}

impl Drawable for SafariState {
    type Look = TileSet;

    fn look(record: &Record, base: &Path) -> Result<TileSet, String> {
        tileset_of(record, base).map_err(|e| e.to_string())
    }

    fn svg(&self, set: &TileSet, caption: &str) -> Result<String, String> {
        board_svg(self, set, caption).map_err(|e| e.to_string())
    }
}

impl Drawable for CarcassonneState {
    type Look = ();

    fn look(_: &Record, _: &Path) -> Result<(), String> {
        Ok(())
    }

    fn svg(&self, _: &(), caption: &str) -> Result<String, String> {
        Ok(carcassonne_svg(self, caption))
    }
}

impl Drawable for NewWorldState {
    type Look = Vec<(i8, String)>;

    fn look(record: &Record, base: &Path) -> Result<Vec<(i8, String)>, String> {
        coast_names_of(record, base).map_err(|e| e.to_string())
    }

    fn svg(&self, names: &Vec<(i8, String)>, caption: &str) -> Result<String, String> {
        Ok(new_world_svg(self, names, caption))
    }
}

/// `caption`, then one line per seat's agent (`P0 agent: greedy`) when `record` names them.
pub fn caption_with_agents(record: &Record, caption: &str) -> String {
    let mut out = caption.to_string();
    for (p, label) in record.agent_labels().iter().enumerate() {
        if let Some(label) = label {
            let _ = write!(out, "\nP{p} agent: {label}");
        }
    }
    out
}

/// Replays `record` (any game) to the position after `turn` complete turns (`None` or past
/// the end: its last position) and draws it; `base` is the folder relative tile-set paths are
/// taken from, `caption` is shown under the panel's title, followed by one line per seat's
/// agent when the record names them ([`caption_with_agents`]). Errors are messages with the
/// record's file and line.
pub fn record_svg(
    record: &Record,
    base: &Path,
    turn: Option<usize>,
    caption: &str,
) -> Result<Drawing, String> {
    let game = record.game_id().map_err(|e| e.to_string())?;
    crate::with_game!(game, G => draw::<G>(record, base, turn, caption))
}

/// [`record_svg`] for a record of game `G`.
fn draw<G: Drawable>(
    record: &Record,
    base: &Path,
    turn: Option<usize>,
    caption: &str,
) -> Result<Drawing, String> {
    let replay = record
        .replay_game::<G>(base, turn)
        .map_err(|e| e.to_string())?;
    let look = G::look(record, base)?;
    Ok(Drawing {
        svg: replay
            .state
            .svg(&look, &caption_with_agents(record, caption))?,
        turn: replay.state.turn(),
        decisions: replay.decisions,
    })
}

/// The complete document: the board, then the panel, on a background of `width × height`.
fn document(style: &str, width: f64, height: f64, board: &str, side: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#,
        w = num(width),
        h = num(height)
    );
    let _ = writeln!(out, "<style>\n{style}\n</style>");
    let _ = writeln!(
        out,
        r#"<rect class="background" width="{}" height="{}"/>"#,
        num(width),
        num(height)
    );
    out.push_str(board);
    out.push_str(side);
    out.push_str("</svg>\n");
    out
}

/// The board with its side panel: lays them out and wraps them in the document.
fn board_and_panel(
    style: &str,
    grid: &Grid,
    board: &str,
    draw_panel: impl FnOnce(&mut String, Pt) -> f64,
) -> String {
    let panel_at = Pt::new(grid.width() + 10.0, 0.0);
    let mut side = String::new();
    let panel_height = draw_panel(&mut side, panel_at);
    let width = panel_at.x + PANEL_WIDTH;
    let height = grid.height().max(panel_height);
    document(style, width, height, board, &side)
}

/// Where the board lies in the drawing: the smallest rectangle of cells holding given cells,
/// north up.
struct Grid {
    /// Westmost column.
    x0: i32,
    /// Northmost row.
    y1: i32,
    /// Number of columns.
    cols: i32,
    /// Number of rows.
    rows: i32,
}

impl Grid {
    /// The grid around `coords` (one cell at `0,0` when there are none).
    fn new(coords: impl IntoIterator<Item = Coord>) -> Grid {
        let coords: Vec<Coord> = coords.into_iter().collect();
        let xs = coords.iter().map(|c| i32::from(c.x));
        let ys = coords.iter().map(|c| i32::from(c.y));
        let (x0, x1) = (xs.clone().min().unwrap_or(0), xs.max().unwrap_or(0));
        let (y0, y1) = (ys.clone().min().unwrap_or(0), ys.max().unwrap_or(0));
        Grid {
            x0,
            y1,
            cols: x1 - x0 + 1,
            rows: y1 - y0 + 1,
        }
    }

    /// Width of the board with its margins.
    fn width(&self) -> f64 {
        2.0 * MARGIN + f64::from(self.cols) * TILE
    }

    /// Height of the board with its margins.
    fn height(&self) -> f64 {
        2.0 * MARGIN + f64::from(self.rows) * TILE
    }

    /// Top-left (north-west) corner of cell `c`.
    fn cell_origin(&self, c: Coord) -> Pt {
        Pt::new(
            MARGIN + f64::from(i32::from(c.x) - self.x0) * TILE,
            MARGIN + f64::from(self.y1 - i32::from(c.y)) * TILE,
        )
    }

    /// The centre of cell `c`.
    fn cell_centre(&self, c: Coord) -> Pt {
        self.cell_origin(c) + Pt::new(TILE / 2.0, TILE / 2.0)
    }

    /// The top-left corner and the height of column `x` of the board (margins excluded).
    fn column(&self, x: i8) -> (Pt, f64) {
        let top = self.cell_origin(Coord::new(x, 0));
        (Pt::new(top.x, MARGIN), f64::from(self.rows) * TILE)
    }

    /// Column numbers above and below the board, row numbers left and right of it.
    fn draw_axes(&self, out: &mut String) {
        for col in 0..self.cols {
            let x = self.x0 + col;
            let cx = MARGIN + (f64::from(col) + 0.5) * TILE;
            for y in [MARGIN - 12.0, self.height() - 16.0] {
                text(out, Pt::new(cx, y), "axis", &format!("x={x}"));
            }
        }
        for row in 0..self.rows {
            let y = self.y1 - row;
            let cy = MARGIN + (f64::from(row) + 0.5) * TILE + 4.0;
            for x in [MARGIN / 2.0, self.width() - MARGIN / 2.0] {
                text(out, Pt::new(x, cy), "axis", &format!("y={y}"));
            }
        }
    }

    /// Outlines the region made of `cells` (class `start-edge`): the sides no other cell of
    /// it shares.
    fn outline(&self, out: &mut String, cells: &[Coord]) {
        for &c in cells {
            let o = self.cell_origin(c);
            for side in Side::ALL
                .into_iter()
                .filter(|s| !cells.contains(&c.step(*s)))
            {
                let (a, b) = edge(side);
                let _ = writeln!(
                    out,
                    r#"<path class="start-edge" d="M{}L{}"/>"#,
                    (o + a).xy(),
                    (o + b).xy()
                );
            }
        }
    }

    /// Outlines the start cells (thick) and, once a tile has been placed, the cell placed
    /// last (dashed): `last` is the last placed cell, `placed` the number of placed cells.
    fn outline_start_and_last(
        &self,
        out: &mut String,
        start: &[Coord],
        placed: usize,
        last: Coord,
    ) {
        self.outline(out, start);
        if placed > start.len() {
            self.mark_last(out, last);
        }
    }

    /// Marks cell `c` as the tile placed last (class `last`, dashed).
    fn mark_last(&self, out: &mut String, c: Coord) {
        self.cell_square(out, "last", c);
    }

    /// Draws the square of cell `c` with style class `class`; returns its top-left corner.
    fn cell_square(&self, out: &mut String, class: &str, c: Coord) -> Pt {
        let o = self.cell_origin(c);
        let _ = writeln!(
            out,
            r#"<rect class="{class}" x="{}" y="{}" width="{TILE}" height="{TILE}"/>"#,
            num(o.x),
            num(o.y)
        );
        o
    }
}

/// The two ends of a side of a tile square, in local coordinates.
fn edge(side: Side) -> (Pt, Pt) {
    let (t, z) = (TILE, 0.0);
    match side {
        Side::N => (Pt::new(z, z), Pt::new(t, z)),
        Side::E => (Pt::new(t, z), Pt::new(t, t)),
        Side::S => (Pt::new(t, t), Pt::new(z, t)),
        Side::W => (Pt::new(z, t), Pt::new(z, z)),
    }
}

/// Appends one placed tile as `<g class="tile" data-cell="x,y" …>` with a tooltip, at its
/// place on `grid`; `draw` draws the tile's content in tile coordinates.
fn tile_group(
    out: &mut String,
    grid: &Grid,
    cell: Coord,
    name: &str,
    rot: impl std::fmt::Display,
    draw: impl FnOnce(&mut String),
) {
    let _ = writeln!(
        out,
        r#"<g class="tile" data-cell="{cell}" data-tile="{name}" data-rot="{rot}" transform="translate({})"><title>{name} at {cell} {rot}</title>"#,
        grid.cell_origin(cell).xy(),
    );
    draw(out);
    out.push_str("</g>\n");
}
