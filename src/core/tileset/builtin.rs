//! A game's built-in tile file: embedded text, parsed when asked and compiled once per process.

use super::{parse_tileset, CompiledTiles, TileSet};
use std::sync::OnceLock;

/// A tile file built into the program (in the tile-set text format), with its compiled tables
/// made on first use and kept for the rest of the process.
pub struct BuiltinTileFile {
    text: &'static str,
    name: &'static str,
    compiled: OnceLock<CompiledTiles>,
}

impl BuiltinTileFile {
    /// The file `text`, named `name` in messages (e.g. `<builtin safari.tiles>`).
    pub const fn new(text: &'static str, name: &'static str) -> Self {
        BuiltinTileFile {
            text,
            name,
            compiled: OnceLock::new(),
        }
    }

    /// The file parsed. It is part of the program and each game's tests check that it parses,
    /// so a failure here is a bug: it panics naming the file and the error.
    pub fn tile_set(&self) -> TileSet {
        parse_tileset(self.text, self.name)
            .unwrap_or_else(|e| panic!("the built-in tile set {} parses: {e}", self.name))
    }

    /// The compiled tables, made on the first call.
    pub fn compiled(&self) -> &CompiledTiles {
        self.compiled
            .get_or_init(|| CompiledTiles::compile(&self.tile_set()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_are_compiled_once() {
        let safari = &crate::games::safari::BUILTIN_TILES;
        assert!(std::ptr::eq(safari.compiled(), safari.compiled()));
        assert_eq!(
            safari.compiled().content_hash,
            CompiledTiles::compile(&safari.tile_set()).content_hash
        );
    }

    #[test]
    #[should_panic(expected = "the built-in tile set <broken.tiles> parses")]
    fn a_file_that_does_not_parse_is_named() {
        BuiltinTileFile::new("no tile set here", "<broken.tiles>").tile_set();
    }
}
