//! New World positions: the starting column on the coast (its towns named, the sea east of
//! it), every placed tile drawn from its tile data (plains, trails, crossings, towns with
//! flags, farms, trading posts, animal symbols), settlers in player colours in their four
//! roles (the trapper lying on the plains), the two surveyors (white) over their columns, and a
//! side panel with scores, settlers and the turn.

mod glyph;
mod panel;

use self::glyph::{animal, farm, flag, post, surveyor, waves};
use super::glyph::{meeple, num, text, Pt};
use super::rim::RimTile;
use super::square::centre;
use super::{board_and_panel, tile_group, Grid, COMMON_STYLE, TILE};
use crate::core::geom::{Coord, Rotation};
use crate::core::tileset::{FeatureKind, VariantId};
use crate::games::new_world::{NewWorldState, NewWorldTiles, Role, Settler};
use crate::io::record::{Record, RecordError, TileSource};
use std::fmt::Write as _;
use std::path::Path;

/// Look of a New World drawing (after the classes every game shares).
const STYLE: &str = ".field{fill:#cfdc8e}
.city{fill:#d8b48a}
.wall{fill:none;stroke:#6b4a2a;stroke-width:3;stroke-dasharray:7 2}
.road-edge{fill:none;stroke:#7b5230;stroke-width:10;stroke-linecap:butt;stroke-linejoin:round}
.road-core{fill:none;stroke:#c99a5e;stroke-width:6;stroke-linecap:butt;stroke-linejoin:round;stroke-dasharray:9 3}
.road-end{fill:#7b5230;stroke:#3d2814;stroke-width:1.5}
.tile-edge{fill:none;stroke:#8a9a5a;stroke-width:0.8}
.sea{fill:#7fb6dd}
.wave{fill:none;stroke:#e8f4fb;stroke-width:1.5;stroke-linecap:round}
.coast-name{font-size:12px;font-weight:bold;text-anchor:middle;fill:#0f3b5c}
.survey-column{fill:#ffffff;fill-opacity:0.18;stroke:#ffffff;stroke-width:2;stroke-dasharray:8 6}
.surveyor-body{fill:#fff;stroke:#222;stroke-width:1.2;stroke-linejoin:round}
.barn{fill:#b23a2a;stroke:#5a1a12;stroke-width:1.5;stroke-linejoin:round}
.barn-door{fill:none;stroke:#fff;stroke-width:1.5}
.flag-pole{stroke:#3d2814;stroke-width:1.6}
.flag{fill:#c62828;stroke:#fff;stroke-width:0.8}
.post{fill:#8b5a2b;stroke:#3d2814;stroke-width:1.2;stroke-linejoin:round}
.animal{fill:#5a3a22;stroke:#2a1a0e;stroke-width:0.8}";

/// Scale of a settler on a tile.
const SETTLER_SCALE: f64 = 1.1;

/// The names of the coastal spaces of the tile set a New World record names (relative paths
/// from `base`), row by row.
pub fn coast_names_of(record: &Record, base: &Path) -> Result<Vec<(i8, String)>, RecordError> {
    match &record.tileset.0 {
        TileSource::Builtin => Ok(NewWorldTiles::builtin().coast_names),
        TileSource::File(p) => NewWorldTiles::load(&base.join(p))
            .map(|t| t.coast_names)
            .map_err(|e| record.tile_set_error(e)),
    }
}

/// Draws `state` as a complete SVG document; `coast` names starting spaces by row, `caption`
/// is shown under the panel's title.
pub fn new_world_svg(state: &NewWorldState, coast: &[(i8, String)], caption: &str) -> String {
    let start: Vec<Coord> = state.tiles().start.iter().map(|(c, _)| *c).collect();
    let sea: Vec<Coord> = start.iter().map(|c| Coord::new(c.x + 1, c.y)).collect();
    let grid = Grid::new(
        state
            .cells()
            .iter()
            .map(|c| c.at)
            .chain(sea.iter().copied()),
    );
    let mut board = String::new();
    draw_sea(&mut board, &grid, &sea, coast);
    for (ci, cell) in state.cells().iter().enumerate() {
        let name = &state.variant_of(cell).name;
        tile_group(&mut board, &grid, cell.at, name, cell.rot, |out| {
            draw_cell(out, state, ci)
        });
    }
    let (placed, last) = (state.cells().len(), state.last_cell().at);
    grid.outline_start_and_last(&mut board, &start, placed, last);
    draw_surveyors(&mut board, state, &grid);
    grid.draw_axes(&mut board);
    let style = format!("{COMMON_STYLE}\n{STYLE}");
    board_and_panel(&style, &grid, &board, |out, at| {
        panel::draw_panel(out, state, at, caption)
    })
}

/// The sea east of the starting column, with the coastal towns' names.
fn draw_sea(out: &mut String, grid: &Grid, sea: &[Coord], coast: &[(i8, String)]) {
    for &c in sea {
        let o = grid.cell_square(out, "sea", c);
        waves(out, o);
        if let Some((_, name)) = coast.iter().find(|(y, _)| *y == c.y) {
            text(
                out,
                o + Pt::new(TILE / 2.0, TILE / 2.0 + 4.0),
                "coast-name",
                &name.replace('-', " "),
            );
        }
    }
}

/// A tile variant turned by `rot` with its printed symbols (farm, flags, trading posts, animal
/// symbols), before settlers.
fn draw_variant(out: &mut String, state: &NewWorldState, variant: VariantId, rot: Rotation) {
    let v = state.tiles().variant(variant);
    let tile = RimTile::new(v.segments(), rot);
    tile.draw_land(out);
    if tile.has_building() {
        farm(out, centre());
    }
    for (i, s) in v.segments().iter().enumerate() {
        let (n, draw): (u8, fn(&mut String, Pt)) = match s.kind {
            FeatureKind::City => (s.pennants, flag),
            FeatureKind::Road => (s.pennants, post),
            FeatureKind::Field => (s.birds, animal),
            _ => (0, flag),
        };
        for k in 0..usize::from(n) {
            draw(out, tile.mark_spot(i, k));
        }
    }
}

/// Draws placed cell `ci` (local coordinates): its land, symbols and settlers.
fn draw_cell(out: &mut String, state: &NewWorldState, ci: usize) {
    let cell = &state.cells()[ci];
    draw_variant(out, state, cell.variant, cell.rot);
    let _ = writeln!(
        out,
        r#"<rect class="tile-edge" width="{TILE}" height="{TILE}"/>"#
    );
    let v = state.variant_of(cell);
    let tile = RimTile::new(v.segments(), cell.rot);
    let segments = u16::from(v.segment_count);
    for s in state.placed_settlers() {
        if s.node >= cell.first_node && s.node < cell.first_node + segments {
            let at = tile.meeple_spot(usize::from(s.node - cell.first_node));
            draw_settler(out, s, at);
        }
    }
}

/// A settler in its role: shopkeeper (town), robber (trail), farmer (farm) standing, trapper
/// lying on the plains.
fn draw_settler(out: &mut String, s: &Settler, at: Pt) {
    let (spot, lying) = match s.role {
        Role::Shopkeeper => ("shopkeeper", false),
        Role::Robber => ("robber", false),
        Role::Trapper => ("trapper", true),
        Role::Farmer => ("farmer", false),
    };
    meeple(
        out,
        at,
        usize::from(s.player),
        SETTLER_SCALE,
        Some(spot),
        lying,
    );
}

/// The surveyors: a light band over each surveyor's column and a white figure above it, in
/// the margin beside the column's number.
fn draw_surveyors(out: &mut String, state: &NewWorldState, grid: &Grid) {
    let columns = state.surveyor_columns();
    for (k, &x) in columns.iter().enumerate() {
        let (o, height) = grid.column(x);
        if !columns[..k].contains(&x) {
            let _ = writeln!(
                out,
                r#"<rect class="survey-column" x="{}" y="{}" width="{}" height="{}"/>"#,
                num(o.x + 3.0),
                num(o.y + 3.0),
                num(TILE - 6.0),
                num(height - 6.0)
            );
        }
        let dx = if k == 0 { 0.8 } else { 0.2 };
        surveyor(out, o + Pt::new(dx * TILE, -16.0), k + 1, x);
    }
}
