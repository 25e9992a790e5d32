//! Parser for the tile-set text format (placeholder until written).
use super::{TileSet, TileSetError};
/// Parses a tile-set file.
pub fn parse_tileset(_text: &str, origin: &str) -> Result<TileSet, TileSetError> {
    Err(TileSetError { origin: origin.into(), line: 0, message: "not written yet".into() })
}
