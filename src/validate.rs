//! Validator (placeholder until written).
use super::{TileSet, TileSetError};
/// Validates a parsed tile set.
pub fn validate(_set: &TileSet) -> Result<(), TileSetError> { Ok(()) }
