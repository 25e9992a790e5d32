//! Tile sets as data: the source model ([`TileSet`]), the text format parser, the validator,
//! ASCII drawings, and the compiled lookup tables the engines use ([`CompiledTiles`]).
//!
//! The text format is documented in `docs/tileset-format.md`.

mod ascii;
mod compiled;
mod parse;
mod validate;

pub use ascii::{draw_layout, render_tileset};
pub use compiled::{CompiledTiles, Orientation, Segment, Variant, VariantId, NO_SEGMENT};
pub use parse::parse_tileset;
pub use validate::validate;

use crate::core::geom::{Corner, Side};
use crate::core::species::SpeciesCounts;
use std::fmt;

/// What a tile edge shows in the middle of one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Terrain {
    /// Open savanna (also: nothing special).
    Savanna = 0,
    /// An animal path reaches this side.
    Path = 1,
    /// Bush covers this side.
    Bush = 2,
}

/// The kind of a scored feature on a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FeatureKind {
    /// An animal path (road-like).
    Path,
    /// A bush area (city-like, may hold birds).
    Bush,
}

impl FeatureKind {
    /// The edge terrain this feature shows on the sides it touches.
    pub fn terrain(self) -> Terrain {
        match self {
            FeatureKind::Path => Terrain::Path,
            FeatureKind::Bush => Terrain::Bush,
        }
    }

    /// The keyword used in files and records.
    pub fn keyword(self) -> &'static str {
        match self {
            FeatureKind::Path => "path",
            FeatureKind::Bush => "bush",
        }
    }
}

impl fmt::Display for FeatureKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.keyword())
    }
}

/// One feature of a tile layout: a path or bush touching some sides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeatureSpec {
    /// Path or bush.
    pub kind: FeatureKind,
    /// The sides it touches, as a 4-bit mask (bit `Side::index`). A path with one side is a
    /// dead end on the tile.
    pub sides: u8,
    /// Birds printed in it (bush only).
    pub birds: u8,
    /// Line of the file it was declared on (1-based; 0 for built-in code).
    pub line: usize,
}

impl FeatureSpec {
    /// The sides touched, clockwise from north.
    pub fn side_list(&self) -> impl Iterator<Item = Side> + '_ {
        Side::ALL.into_iter().filter(|s| self.sides & s.bit() != 0)
    }
}

/// The geometry shared by every copy of a tile type.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TileLayout {
    /// Paths and bushes, in declaration order (animal lists follow this order).
    pub features: Vec<FeatureSpec>,
    /// Whether a baobab stands on the tile.
    pub baobab: bool,
    /// Corners marked as bush by the data even though neither adjacent side is bush
    /// (4-bit mask, bit `Corner::index`).
    pub bush_corners: u8,
}

impl TileLayout {
    /// The terrain shown on `side`.
    pub fn terrain(&self, side: Side) -> Terrain {
        self.features
            .iter()
            .find(|f| f.sides & side.bit() != 0)
            .map_or(Terrain::Savanna, |f| f.kind.terrain())
    }

    /// Mask of corners that are open savanna (rule S-8.1): not bush by data and not next to a
    /// bush side.
    pub fn open_corners(&self) -> u8 {
        Corner::ALL
            .into_iter()
            .filter(|c| {
                self.bush_corners & c.bit() == 0
                    && c.sides().iter().all(|s| self.terrain(*s) != Terrain::Bush)
            })
            .fold(0, |m, c| m | c.bit())
    }
}

/// One copy of a tile: its animals per feature, in the layout's feature order.
pub type CopyAnimals = Vec<SpeciesCounts>;

/// A tile type: one layout, several copies that differ only in their animals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileType {
    /// Identifier, e.g. `07`.
    pub id: String,
    /// Declared copy count.
    pub count: usize,
    /// Shared geometry.
    pub layout: TileLayout,
    /// One entry per copy.
    pub copies: Vec<CopyAnimals>,
    /// Line of the `tile` header (1-based).
    pub line: usize,
}

/// One cell of the multi-cell start tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartCell {
    /// Cell position relative to the origin of the play area.
    pub x: i8,
    /// Cell row relative to the origin (north positive).
    pub y: i8,
    /// Geometry of this cell (never rotated).
    pub layout: TileLayout,
    /// Animals per feature.
    pub animals: CopyAnimals,
    /// Line of the `cell` header.
    pub line: usize,
}

/// A start space for a neutral vehicle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VehicleStart {
    /// Column.
    pub x: i8,
    /// Row.
    pub y: i8,
    /// Line it was declared on.
    pub line: usize,
}

/// A complete tile set as written in a tile-set file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TileSet {
    /// Name from the `tileset` line.
    pub name: String,
    /// Game from the `game` line (e.g. `safari`).
    pub game: String,
    /// `source` lines, in order: provenance and decisions.
    pub source: Vec<String>,
    /// Land tile types (the draw pile).
    pub types: Vec<TileType>,
    /// Cells of the start tile.
    pub start: Vec<StartCell>,
    /// Vehicle start spaces.
    pub vehicles: Vec<VehicleStart>,
    /// File name used in messages.
    pub origin: String,
}

impl TileSet {
    /// Number of land tiles in the draw pile.
    pub fn land_tile_count(&self) -> usize {
        self.types.iter().map(|t| t.copies.len()).sum()
    }

    /// The built-in Carcassonne Safari tile set.
    pub fn builtin_safari() -> TileSet {
        parse_tileset(BUILTIN_SAFARI, "<builtin safari.tiles>")
            .expect("the built-in Safari tile set parses")
    }

    /// Loads and validates a tile set from `path`.
    pub fn load(path: &std::path::Path) -> Result<TileSet, TileSetError> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| TileSetError {
            origin: name.clone(),
            line: 0,
            message: format!("cannot read file: {e}"),
        })?;
        let set = parse_tileset(&text, &name)?;
        validate(&set)?;
        Ok(set)
    }
}

/// The built-in Safari tile-set file, embedded at compile time.
pub const BUILTIN_SAFARI: &str = include_str!("../../games/safari/safari.tiles");

/// A parse or validation error in a tile-set file, naming file and line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{origin}:{line}: {message}")]
pub struct TileSetError {
    /// File name (or `<builtin …>`).
    pub origin: String,
    /// 1-based line, 0 when the problem concerns the whole file.
    pub line: usize,
    /// What was wrong and what was expected.
    pub message: String,
}
