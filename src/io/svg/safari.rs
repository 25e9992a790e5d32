//! Safari positions: every placed tile drawn from its tile data (savanna, bush, paths, baobab,
//! animals, birds), meeples in player colours, vehicles, watering holes, and a side panel with
//! scores, supplies and the turn.

mod glyph;
mod panel;
mod tile;

use self::glyph::{badge, meeple, MeepleMark};
use self::tile::{draw_tile, PlacedFeature, TileContent};
use super::glyph::{num, text, Pt};
use super::{board_and_panel, frame_style, tile_group, Grid, SvgError, TILE};
use crate::core::geom::{rotate_mask, Coord, Corner, Rotation, Vertex};
use crate::core::species::SpeciesCounts;
use crate::core::tileset::{
    CompiledTiles, CopyAnimals, FeatureSpec, TileLayout, TileSet, VariantId,
};
use crate::games::safari::{SafariState, Spot};
use crate::games::tile_sets;
use crate::io::record::{Record, RecordError, TileSource};
use std::fmt::Write as _;
use std::path::Path;

/// Look of a Safari drawing.
const STYLE: &str = concat!(
    "text{font-family:'DejaVu Sans',Arial,sans-serif}
.background{fill:#f6f2e4}
.savanna{fill:#eadc9f;stroke:#bda868;stroke-width:1}
.bush{fill:#5e9140;stroke:#2f5c1f;stroke-width:1.5;stroke-linejoin:round}
.path-edge{fill:none;stroke:#6b4628;stroke-width:10;stroke-linecap:round;stroke-linejoin:round}
.path-core{fill:none;stroke:#d2a96c;stroke-width:5;stroke-linecap:round;stroke-linejoin:round}
.dead-end{fill:#6b4628}
.trunk{fill:#9a7650;stroke:#4d3a28;stroke-width:1}
.crown-edge{fill:#6f8f2a;stroke:#34420f;stroke-width:2}
.crown{fill:#6f8f2a}
.animal circle{stroke:#333;stroke-width:1}
.token circle{stroke:#15527a;stroke-width:1.8}
.badge-letter{font-size:10px;font-weight:bold;text-anchor:middle;fill:#111}
.bird{fill:none;stroke:#fff;stroke-width:1.8;stroke-linecap:round;stroke-linejoin:round}
.meeple-body{stroke:#fff;stroke-width:1.1;stroke-linejoin:round}
.water{fill:#8fcdea;stroke:#2a7fb0;stroke-width:1.5;fill-opacity:0.85}
.vehicle-space{fill:none;stroke:#9a8f6a;stroke-width:1.5;stroke-dasharray:6 4}
.car-body{fill:#3f5f2f;stroke:#1a2a12;stroke-width:1.2;stroke-linejoin:round}
.wheel{fill:#222}
.car-label{font-size:12px;font-weight:bold;text-anchor:middle;fill:#fff}
",
    frame_style!()
);

/// Loads the tile set a record names (relative paths from `base`), as its replay does.
pub fn tileset_of(record: &Record, base: &Path) -> Result<TileSet, RecordError> {
    match &record.tileset.0 {
        TileSource::Builtin => Ok(crate::games::safari::BUILTIN_TILES.tile_set()),
        TileSource::File(p) => tile_sets::load(&base.join(p)).map_err(|e| record.tile_set_error(e)),
    }
}

/// Draws `state` as a complete SVG document. `set` is the tile set the game uses (for the
/// animals on each copy); `caption` is shown under the panel's title (e.g. the record's name).
pub fn board_svg(state: &SafariState, set: &TileSet, caption: &str) -> Result<String, SvgError> {
    let faces = TileFaces::new(set, state.tiles())?;
    let frame = frame(state);
    let mut board = String::new();
    for ci in 0..state.cells().len() {
        draw_cell(&mut board, state, ci, &faces, &frame);
    }
    draw_outlines(&mut board, state, &frame);
    draw_holes(&mut board, state, &frame);
    draw_vehicles(&mut board, state, &frame);
    frame.draw_axes(&mut board);
    Ok(board_and_panel(STYLE, &frame, &board, |side, at| {
        panel::draw_panel(side, state, &faces, at, caption)
    }))
}

/// What a tile set prints on each compiled variant (layout and animals), indexed like
/// [`CompiledTiles::variants`]: land copies in file order, then the start cells.
pub struct TileFaces {
    /// Layout (unturned) and animals of each variant.
    faces: Vec<(TileLayout, CopyAnimals)>,
}

impl TileFaces {
    /// Pairs `set` with its compiled form `tiles`; fails when they are not the same set.
    pub fn new(set: &TileSet, tiles: &CompiledTiles) -> Result<TileFaces, SvgError> {
        let faces: Vec<(TileLayout, CopyAnimals)> = set
            .types
            .iter()
            .flat_map(|t| t.copies.iter().map(|c| (t.layout.clone(), c.clone())))
            .chain(
                set.start
                    .iter()
                    .map(|c| (c.layout.clone(), c.animals.clone())),
            )
            .collect();
        if CompiledTiles::compile(set).content_hash != tiles.content_hash
            || faces.len() != tiles.variants.len()
        {
            return Err(SvgError(format!(
                "tile set {} is not the one the game was played with",
                set.origin
            )));
        }
        Ok(TileFaces { faces })
    }

    /// The layout of `variant` as it lies on the board turned by `rot` (sides and bush
    /// corners rotated).
    pub fn placed_layout(&self, variant: VariantId, rot: Rotation) -> TileLayout {
        let layout = &self.faces[usize::from(variant)].0;
        TileLayout {
            features: layout
                .features
                .iter()
                .map(|f| FeatureSpec {
                    sides: rotate_mask(f.sides, rot),
                    ..f.clone()
                })
                .collect(),
            bush_corners: rotate_mask(layout.bush_corners, rot),
            ..layout.clone()
        }
    }

    /// The animals of `variant`, one entry per feature.
    pub fn animals(&self, variant: VariantId) -> &[SpeciesCounts] {
        &self.faces[usize::from(variant)].1
    }
}

/// What a tile variant shows when turned by `rot`, before meeples.
fn variant_content(faces: &TileFaces, variant: VariantId, rot: Rotation) -> TileContent {
    let layout = faces.placed_layout(variant, rot);
    let animals = faces.animals(variant);
    TileContent {
        features: layout
            .features
            .iter()
            .enumerate()
            .map(|(i, f)| PlacedFeature {
                kind: f.kind,
                sides: f.sides,
                animals: animals.get(i).copied().unwrap_or_default(),
                birds: f.birds,
                meeples: Vec::new(),
            })
            .collect(),
        baobab: layout.baobab,
        baobab_meeples: Vec::new(),
        bush_corners: layout.bush_corners,
    }
}

/// Draws placed cell `ci` with the meeples on its features and baobab.
fn draw_cell(out: &mut String, state: &SafariState, ci: usize, faces: &TileFaces, frame: &Grid) {
    let cell = &state.cells()[ci];
    let mut content = variant_content(faces, cell.variant, cell.rot);
    for m in state.placed_meeples() {
        match m.spot {
            Spot::Feature(node) if node >= cell.first_node => {
                if let Some(f) = content
                    .features
                    .get_mut(usize::from(node - cell.first_node))
                {
                    f.meeples.push(usize::from(m.player));
                }
            }
            Spot::Baobab(c) if usize::from(c) == ci => {
                content.baobab_meeples.push(usize::from(m.player))
            }
            _ => {}
        }
    }
    let name = &state.variant_of(cell).name;
    tile_group(out, frame, cell.at, name, cell.rot, |out| {
        draw_tile(out, &content)
    });
}

/// Outlines the start tile (thick) and the tile placed last (dashed).
fn draw_outlines(out: &mut String, state: &SafariState, frame: &Grid) {
    let start: Vec<Coord> = state.tiles().start.iter().map(|(c, _)| *c).collect();
    let (placed, last) = (state.cells().len(), state.last_cell().at);
    frame.outline_start_and_last(out, &start, placed, last);
}

/// Draws each watering hole: water at the vertex, its tokens in their tile corners, and the
/// meeples on it at the vertex.
fn draw_holes(out: &mut String, state: &SafariState, frame: &Grid) {
    let vertices = state.hole_vertices();
    for &v in &vertices {
        let at = vertex_pt(frame, v);
        let _ = writeln!(
            out,
            r#"<circle class="water" data-vertex="{}" cx="{}" cy="{}" r="{}"/>"#,
            v.0,
            num(at.x),
            num(at.y),
            num(0.22 * TILE)
        );
        for k in 0..4 {
            let (c, corner) = v.slot(k);
            if let Some(s) = state.cell_at(c).and_then(|cell| cell.data.token(corner)) {
                badge(
                    out,
                    at + into_cell(corner) * (0.12 * TILE),
                    0.072 * TILE,
                    s,
                    "token",
                );
            }
        }
    }
    for &v in &vertices {
        let owners: Vec<usize> = state
            .placed_meeples()
            .iter()
            .filter(|m| m.spot == Spot::Hole(v))
            .map(|m| usize::from(m.player))
            .collect();
        let at = vertex_pt(frame, v);
        for (k, &p) in owners.iter().enumerate() {
            let dx = (k as f64 - (owners.len() as f64 - 1.0) / 2.0) * 16.0;
            meeple(out, at + Pt::new(dx, 0.0), p, 1.0, MeepleMark::Hole);
        }
    }
}

/// Direction from a tile's `corner` into the tile (one unit on each axis).
fn into_cell(corner: Corner) -> Pt {
    match corner {
        Corner::NE => Pt::new(-1.0, 1.0),
        Corner::SE => Pt::new(-1.0, -1.0),
        Corner::SW => Pt::new(1.0, -1.0),
        Corner::NW => Pt::new(1.0, 1.0),
    }
}

/// Draws the vehicles on their empty spaces.
fn draw_vehicles(out: &mut String, state: &SafariState, frame: &Grid) {
    for (i, c) in state.vehicles().iter().enumerate() {
        let Some(c) = c else { continue };
        let o = frame.cell_origin(*c);
        let _ = writeln!(
            out,
            r#"<rect class="vehicle-space" x="{}" y="{}" width="{}" height="{}" rx="8"/>"#,
            num(o.x + 4.0),
            num(o.y + 4.0),
            num(TILE - 8.0),
            num(TILE - 8.0)
        );
        glyph::vehicle(out, o + Pt::new(TILE / 2.0, TILE / 2.0), i + 1);
        text(
            out,
            o + Pt::new(TILE / 2.0, TILE - 14.0),
            "label",
            &format!("vehicle {}", i + 1),
        );
    }
}

/// The grid around every placed cell and vehicle of `state`.
fn frame(state: &SafariState) -> Grid {
    let cells = state.cells().iter().map(|c| c.at);
    Grid::new(cells.chain(state.vehicles().into_iter().flatten()))
}

/// A grid vertex (the south-west corner of its cell).
fn vertex_pt(frame: &Grid, v: Vertex) -> Pt {
    frame.cell_origin(v.0) + Pt::new(0.0, TILE)
}
