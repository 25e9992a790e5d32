//! Tile sets as data: the source model ([`TileSet`]), the text format parser, what checking a
//! set shares between games (each game checks its own, `games::tile_sets`),
//! ASCII drawings, and the compiled lookup tables the engines use ([`CompiledTiles`]).
//!
//! The text format is documented in `docs/tileset-format.md`.

mod ascii;
mod builtin;
mod compiled;
mod parse;
pub mod validate;

pub use ascii::{draw_layout, drawing_with_notes, render_tileset};
pub use builtin::BuiltinTileFile;
pub use compiled::{
    rotated_signatures, CompiledTiles, Orientation, Segment, Variant, VariantId, MAX_EDGE_CLASSES,
    MAX_SEGMENTS, NO_SEGMENT,
};
pub(crate) use parse::{check_entry_count, count_noun, feature_summary};
pub use parse::{declared_game, parse_tileset, rim_words};

use crate::core::geom::{halves_of_sides, Corner, HalfSide, Side};
use crate::core::species::SpeciesCounts;
use std::fmt;

/// What a tile edge shows in the middle of one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Terrain {
    /// Open savanna (Safari; also: nothing special).
    Savanna,
    /// An animal path reaches this side (Safari).
    Path,
    /// Bush covers this side (Safari).
    Bush,
    /// Field on both halves of the side (Carcassonne).
    Field,
    /// A road reaches the middle of this side (Carcassonne).
    Road,
    /// City covers this side (Carcassonne).
    City,
}

impl Terrain {
    /// The 2-bit code edges are matched by (packed into signatures): 0 open land (savanna,
    /// field), 1 a line feature (path, road), 2 an area feature (bush, city).
    pub fn code(self) -> u8 {
        match self {
            Terrain::Savanna | Terrain::Field => 0,
            Terrain::Path | Terrain::Road => 1,
            Terrain::Bush | Terrain::City => 2,
        }
    }

    /// The name used in messages.
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Savanna => "savanna",
            Terrain::Path => "path",
            Terrain::Bush => "bush",
            Terrain::Field => "field",
            Terrain::Road => "road",
            Terrain::City => "city",
        }
    }
}

/// The kind of a feature on a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FeatureKind {
    /// An animal path (road-like; Safari).
    Path,
    /// A bush area (city-like, may hold birds; Safari).
    Bush,
    /// A road (Carcassonne).
    Road,
    /// A city, possibly with pennants (Carcassonne).
    City,
    /// A field, meeting the edges in half sides (Carcassonne).
    Field,
    /// A monastery in the middle of the tile (Carcassonne).
    Monastery,
    /// A farm in the middle of the tile (New World): like a monastery it touches no edge, and
    /// it is complete when the eight spaces around its tile hold tiles.
    Farm,
}

impl FeatureKind {
    /// The terrain this feature shows on every side in its `sides` mask; `None` for fields
    /// (which meet edges in half sides), monasteries and farms (which touch no edge).
    pub fn edge_terrain(self) -> Option<Terrain> {
        match self {
            FeatureKind::Path => Some(Terrain::Path),
            FeatureKind::Bush => Some(Terrain::Bush),
            FeatureKind::Road => Some(Terrain::Road),
            FeatureKind::City => Some(Terrain::City),
            FeatureKind::Field | FeatureKind::Monastery | FeatureKind::Farm => None,
        }
    }

    /// The keyword used in files and records.
    pub fn keyword(self) -> &'static str {
        match self {
            FeatureKind::Path => "path",
            FeatureKind::Bush => "bush",
            FeatureKind::Road => "road",
            FeatureKind::City => "city",
            FeatureKind::Field => "field",
            FeatureKind::Monastery => "monastery",
            FeatureKind::Farm => "farm",
        }
    }

    /// The game whose tile sets use this kind (`safari`, `carcassonne` or `new-world`; New
    /// World's tiles also use roads, cities and fields, as trails, towns and plains).
    pub fn game(self) -> &'static str {
        match self {
            FeatureKind::Path | FeatureKind::Bush => "safari",
            FeatureKind::Farm => "new-world",
            _ => "carcassonne",
        }
    }

    /// Whether the feature stands in the middle of its tile, touching no edge (a monastery or
    /// a farm).
    pub fn is_central(self) -> bool {
        matches!(self, FeatureKind::Monastery | FeatureKind::Farm)
    }

    /// Whether `copy` lines list animals for features of this kind (Safari paths and bush).
    pub fn holds_animals(self) -> bool {
        self.game() == "safari"
    }
}

impl fmt::Display for FeatureKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.keyword())
    }
}

/// One feature of a tile layout: a path, bush, road, city, field or monastery.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeatureSpec {
    /// What it is.
    pub kind: FeatureKind,
    /// The sides it covers, as a 4-bit mask (bit `Side::index`); 0 for fields and
    /// monasteries. A path or road with one side ends on the tile.
    pub sides: u8,
    /// The half sides a field meets, as an 8-bit mask (bit `HalfSide::index`); 0 otherwise.
    pub halves: u8,
    /// Birds printed in it (Safari bush only).
    pub birds: u8,
    /// Pennants printed in it (Carcassonne city only).
    pub pennants: u8,
    /// Line of the file it was declared on (1-based; 0 for built-in code).
    pub line: usize,
}

impl FeatureSpec {
    /// The sides touched, clockwise from north.
    pub fn side_list(&self) -> impl Iterator<Item = Side> + '_ {
        Side::ALL.into_iter().filter(|s| self.sides & s.bit() != 0)
    }

    /// The half sides met (fields), clockwise from `Nw`.
    pub fn half_list(&self) -> impl Iterator<Item = HalfSide> + '_ {
        HalfSide::ALL
            .into_iter()
            .filter(|h| self.halves & h.bit() != 0)
    }
}

/// The geometry shared by every copy of a tile type.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TileLayout {
    /// The features, in declaration order (Safari animal lists follow this order).
    pub features: Vec<FeatureSpec>,
    /// Whether a baobab stands on the tile (Safari).
    pub baobab: bool,
    /// Corners marked as bush by the data even though neither adjacent side is bush
    /// (4-bit mask, bit `Corner::index`; Safari).
    pub bush_corners: u8,
}

impl TileLayout {
    /// The terrain shown on `side`: the path, bush, road or city covering it, else field when
    /// a field meets it, else savanna.
    pub fn terrain(&self, side: Side) -> Terrain {
        let halves = halves_of_sides(side.bit());
        self.features
            .iter()
            .find(|f| f.sides & side.bit() != 0)
            .and_then(|f| f.kind.edge_terrain())
            .or_else(|| {
                self.features
                    .iter()
                    .any(|f| f.halves & halves != 0)
                    .then_some(Terrain::Field)
            })
            .unwrap_or(Terrain::Savanna)
    }

    /// Mask of corners that are open land (rule S-8.1): not bush by data and not next to a
    /// bush (or city) side.
    pub fn open_corners(&self) -> u8 {
        Corner::ALL
            .into_iter()
            .filter(|c| {
                self.bush_corners & c.bit() == 0
                    && c.sides()
                        .iter()
                        .all(|s| !matches!(self.terrain(*s), Terrain::Bush | Terrain::City))
            })
            .fold(0, |m, c| m | c.bit())
    }

    /// The cities (mask of indices into `features`) that the field `features[field]` borders:
    /// those with a side that one of the field's half sides meets at a corner. A field's
    /// halves run between the roads and cities on the tile's rim, so this is where it touches
    /// a city wall (rule C-4 counts completed cities bordering a field). Only the first 16
    /// features can be named (a valid layout has at most 9).
    pub fn field_borders(&self, field: usize) -> u16 {
        let halves = self.features[field].halves;
        // Each half's two neighbours around the rim: rotate the mask by one either way.
        let next_to = halves.rotate_left(1) | halves.rotate_right(1);
        self.features
            .iter()
            .enumerate()
            .filter(|(_, f)| f.kind == FeatureKind::City && halves_of_sides(f.sides) & next_to != 0)
            .fold(0, |m, (i, _)| m | 1u16.checked_shl(i as u32).unwrap_or(0))
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
    /// One entry per `copy` line: the animals of each copy (Safari). Carcassonne copies carry
    /// nothing of their own, so its tile types have no copy lines and `count` gives the copies.
    pub copies: Vec<CopyAnimals>,
    /// The expansion the type belongs to (`expansion <name>` on its header; Carcassonne), or
    /// `None` for the base game. A game leaves an expansion's tiles out unless it is enabled.
    pub expansion: Option<String>,
    /// Line of the `tile` header (1-based).
    pub line: usize,
}

impl TileType {
    /// Number of copies: one per `copy` line (Safari), or `count` when the type has no copy
    /// lines (Carcassonne).
    pub fn copy_count(&self) -> usize {
        if self.copies.is_empty() {
            self.count
        } else {
            self.copies.len()
        }
    }
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

/// The land tile type whose first copy is the start tile (Carcassonne: `start-tile <id>`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartType {
    /// Id of the tile type.
    pub id: String,
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
    /// Cells of the start tile (Safari's `start` block).
    pub start: Vec<StartCell>,
    /// The type one copy of which is the start tile, placed unrotated at `0 0`
    /// (Carcassonne's `start-tile` line).
    pub start_type: Option<StartType>,
    /// Vehicle start spaces.
    pub vehicles: Vec<VehicleStart>,
    /// File name used in messages.
    pub origin: String,
}

impl TileSet {
    /// Number of land tiles in the draw pile (for a validated set: every copy, less the one
    /// that is the start tile when a `start-tile` line names one).
    pub fn land_tile_count(&self) -> usize {
        let copies = self
            .types
            .iter()
            .fold(0usize, |n, t| n.saturating_add(t.copy_count()));
        copies.saturating_sub(usize::from(self.start_type.is_some()))
    }
}

/// Reads the text of the tile file at `path`; returns it with the name errors give the file.
pub use crate::core::text_file::read_text_file as read_tile_file;

/// A parse or validation error in a tile-set file, naming file and line.
pub type TileSetError = crate::core::text_file::LineError;
