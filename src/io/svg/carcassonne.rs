//! Carcassonne positions: every placed tile drawn from its tile data (fields, roads, cities
//! with pennants, monasteries), meeples in player colours on their features (farmers lying on
//! fields), and the expansions the game plays with: bridges over their tiles, castles between
//! the two tiles of their small city, bazaar and robber tiles marked; a side panel with scores,
//! track spaces, robbers, supplies and the turn.

mod glyph;
mod panel;

use self::glyph::{bridge, castle, monastery, pennant, tile_badge};
use super::glyph::{meeple, Pt};
use super::rim::RimTile;
use super::square::{centre, outward};
use super::{board_and_panel, tile_group, Grid, COMMON_STYLE, TILE};
use crate::core::geom::{Coord, Rotation, Side};
use crate::core::tileset::{FeatureKind, VariantId};
use crate::games::carcassonne::{CarcassonneState, PlacedMeeple};
use std::fmt::Write as _;

/// Look of a Carcassonne drawing (after the classes every game shares).
const STYLE: &str = ".field{fill:#9cc46a}
.city{fill:#d9b878}
.wall{fill:none;stroke:#7a5230;stroke-width:3;stroke-linecap:round}
.road-edge{fill:none;stroke:#6e6658;stroke-width:12;stroke-linecap:butt;stroke-linejoin:round}
.road-core{fill:none;stroke:#f4efe2;stroke-width:7;stroke-linecap:butt;stroke-linejoin:round}
.road-end{fill:#8a6d4b;stroke:#4a3826;stroke-width:1.5}
.tile-edge{fill:none;stroke:#5f7f3f;stroke-width:0.8}
.monastery-wall{fill:#f1e6cf;stroke:#6b5a43;stroke-width:1.5}
.monastery-roof{fill:#b5452f;stroke:#6b2a1c;stroke-width:1.5;stroke-linejoin:round}
.cross{stroke:#6b2a1c;stroke-width:2}
.pennant{fill:#1f4fa0;stroke:#fff;stroke-width:1.5}
.pennant-band{stroke:#fff;stroke-width:2}
.badge{stroke:#222;stroke-width:1}
.badge-letter{font-size:10px;font-weight:bold;text-anchor:middle;fill:#fff}
.bridge-deck{fill:#b07a43;stroke:#5b3a1c;stroke-width:1.5}
.bridge-rail{stroke:#5b3a1c;stroke-width:2}
.castle-wall{fill:#a9a39a;stroke:#3d3a36;stroke-width:1.5;stroke-linejoin:round}
.robber-body{stroke:#fff;stroke-width:1}
.track{fill:none;stroke:#bbb;stroke-width:1}";

/// Scale of a meeple on a tile.
const MEEPLE_SCALE: f64 = 1.1;

/// Scale of a farmer (lying on a field).
const FARMER_SCALE: f64 = 0.95;

/// Draws `state` as a complete SVG document; `caption` is shown under the panel's title.
pub fn carcassonne_svg(state: &CarcassonneState, caption: &str) -> String {
    let grid = Grid::new(state.cells().iter().map(|c| c.at));
    let mut board = String::new();
    for (ci, cell) in state.cells().iter().enumerate() {
        let name = &state.variant_of(cell).name;
        tile_group(&mut board, &grid, cell.at, name, cell.rot, |out| {
            draw_cell(out, state, ci)
        });
    }
    let start: Vec<Coord> = state.tiles().start.iter().map(|(c, _)| *c).collect();
    let (placed, last) = (state.cells().len(), state.last_cell().at);
    grid.outline_start_and_last(&mut board, &start, placed, last);
    for c in state.castles() {
        let at = (grid.cell_centre(c.tiles[0]) + grid.cell_centre(c.tiles[1])) * 0.5;
        castle(&mut board, at, usize::from(c.owner), c.scored);
    }
    grid.draw_axes(&mut board);
    let style = format!("{COMMON_STYLE}\n{STYLE}");
    board_and_panel(&style, &grid, &board, |out, at| {
        panel::draw_panel(out, state, at, caption)
    })
}

/// A tile variant turned by `rot` with its printed symbols (pennants, monastery, the bazaar
/// and robber marks) and the bridge built on it along `bridge_axis`, before meeples.
fn draw_variant(
    out: &mut String,
    state: &CarcassonneState,
    variant: VariantId,
    rot: Rotation,
    bridge_axis: Option<Side>,
) {
    let v = state.tiles().variant(variant);
    let tile = RimTile::new(v.segments(), rot);
    tile.draw_land(out);
    let _ = writeln!(
        out,
        r#"<rect class="tile-edge" width="{TILE}" height="{TILE}"/>"#
    );
    if let Some(axis) = bridge_axis {
        bridge(out, axis);
    }
    if tile.has_building() {
        monastery(out, centre());
    }
    for (i, s) in v.segments().iter().enumerate() {
        if s.kind == FeatureKind::City {
            for k in 0..usize::from(s.pennants) {
                pennant(out, tile.mark_spot(i, k));
            }
        }
    }
    if state.is_bazaar_tile(variant) {
        tile_badge(
            out,
            Pt::new(0.1 * TILE, 0.9 * TILE),
            "#e07b1a",
            "B",
            "bazaar",
        );
    }
    if v.expansion.as_deref() == Some("robbers") {
        tile_badge(
            out,
            Pt::new(0.9 * TILE, 0.9 * TILE),
            "#333",
            "R",
            "robber-tile",
        );
    }
}

/// Draws placed cell `ci` (local coordinates): its land, bridge and symbols, its meeples.
fn draw_cell(out: &mut String, state: &CarcassonneState, ci: usize) {
    let cell = &state.cells()[ci];
    draw_variant(
        out,
        state,
        cell.variant,
        cell.rot,
        cell.data.bridge.map(|b| b.axis),
    );
    let v = state.variant_of(cell);
    let tile = RimTile::new(v.segments(), cell.rot);
    let segments = v.segment_count as u16;
    for m in state.placed_meeples() {
        let on = |node: u16| node >= cell.first_node && node < cell.first_node + segments;
        if on(m.node) {
            let i = usize::from(m.node - cell.first_node);
            draw_meeple(out, m, tile.meeple_spot(i));
        } else if let Some(b) = cell.data.bridge.filter(|b| b.node == m.node) {
            let at = centre() + outward(b.axis) * (0.3 * TILE);
            meeple(
                out,
                at,
                usize::from(m.player),
                MEEPLE_SCALE,
                Some("bridge"),
                false,
            );
        }
    }
}

/// A meeple standing on its road, city or monastery, or a farmer lying on its field.
fn draw_meeple(out: &mut String, m: &PlacedMeeple, at: Pt) {
    let (spot, lying, scale) = match m.kind {
        FeatureKind::Field => ("field", true, FARMER_SCALE),
        FeatureKind::City => ("city", false, MEEPLE_SCALE),
        FeatureKind::Monastery => ("monastery", false, MEEPLE_SCALE),
        _ => ("road", false, MEEPLE_SCALE),
    };
    meeple(out, at, usize::from(m.player), scale, Some(spot), lying);
}
