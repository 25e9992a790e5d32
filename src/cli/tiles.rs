//! `meeplelab tiles show|check`.

use super::{emit, CmdResult};
use meeplelab::core::tileset::{render_tileset, TileSet};
use std::path::Path;

/// Prints the built-in set or a file's set.
pub fn show(file: Option<&Path>) -> CmdResult {
    let set = match file {
        Some(f) => TileSet::load(f).map_err(|e| e.to_string())?,
        None => TileSet::builtin_safari(),
    };
    emit(&render_tileset(&set));
    Ok(())
}

/// Validates a file and prints a one-line summary.
pub fn check(file: &Path) -> CmdResult {
    let set = TileSet::load(file).map_err(|e| e.to_string())?;
    println!(
        "{}: ok — tile set \"{}\" for {}: {} types, {} land tiles, {} start cells, {} vehicle spaces",
        file.display(),
        set.name,
        set.game,
        set.types.len(),
        set.land_tile_count(),
        set.start.len(),
        set.vehicles.len()
    );
    Ok(())
}
