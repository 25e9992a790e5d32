//! New World as the tools see it ([`GameDef`]): setup from options, tile sets read with
//! [`NewWorldTiles::load`], the record notation of `notation.rs` and the `expect` lines of
//! `expect.rs`. Its records use only the common header lines.

use super::action::Action;
use super::expect::EXPECT_KEYWORDS;
use super::options::Options;
use super::setup::{ResolvedSetup, Setup};
use super::state::{NewWorldState, MAX_PLAYERS};
use super::tiles::{parse_new_world, NewWorldTiles, BUILTIN_NEW_WORLD};
use crate::core::tileset::CompiledTiles;
use crate::games::def::{GameDef, TileChecks, TileFileView};
use std::ops::RangeInclusive;
use std::path::Path;
use std::sync::OnceLock;

impl GameDef for NewWorldState {
    const NAME: &'static str = "new-world";
    const TITLE: &'static str = "New World";
    const PLAYERS: RangeInclusive<usize> = 2..=MAX_PLAYERS;
    const HEADER_KEYWORDS: &'static [&'static str] = &[];
    const EXPECT_KEYWORDS: &'static [&'static str] = &EXPECT_KEYWORDS;

    type Options = Options;
    type Deal = ();

    const BUILTIN_TILE_FILE: &'static str = BUILTIN_NEW_WORLD;

    /// New World's tile file has a format of its own (docs/new-world-tiles.md).
    const TILE_CHECKS: Option<TileChecks> = None;

    fn builtin_tiles() -> &'static CompiledTiles {
        static TILES: OnceLock<CompiledTiles> = OnceLock::new();
        TILES.get_or_init(|| NewWorldTiles::builtin().compiled)
    }

    fn start(tiles: &'static CompiledTiles, resolved: &ResolvedSetup) -> Result<Self, String> {
        NewWorldState::with_order(
            tiles,
            resolved.players,
            &resolved.tile_order,
            resolved.options,
        )
        .map_err(|e| e.0)
    }

    fn restart(&mut self, setup: &Setup) -> Result<(), String> {
        let resolved = <Self as GameDef>::resolve(setup)?;
        let order = &resolved.tile_order;
        self.restart_with_order(setup.tiles, resolved.players, order, resolved.options)
            .map_err(|e| e.0)
    }

    fn starts_turn(action: &Action) -> bool {
        matches!(action, Action::Place { .. })
    }

    fn meeples_in_supply(&self, player: usize) -> u8 {
        self.settlers_in_supply(player)
    }

    /// `expect surveyors …`, `track`, `removed`, `settlers`, `settler`, `pile`, `discarded`
    /// (`expect.rs`).
    fn check_expectation(&self, words: &[String]) -> Result<(), String> {
        self.check_expect_words(words)
    }

    fn tiles_removed(&self) -> usize {
        NewWorldState::tiles_removed(self)
    }

    fn seat_facts(&self, player: usize) -> Vec<(&'static str, i64)> {
        vec![
            ("settlers_in_supply", self.settlers_in_supply(player) as i64),
            ("settlers_removed", self.settlers_removed(player) as i64),
        ]
    }

    fn placement_tests(&self) -> Option<u64> {
        NewWorldState::placement_tests(self)
    }

    /// Reads a New World tile file (with its farms, flags, posts, animals and coast).
    fn load_tiles(path: &Path) -> Result<&'static CompiledTiles, String> {
        NewWorldTiles::load(path)
            .map(|t| t.compiled.leak())
            .map_err(|e| e.to_string())
    }

    /// Reads a New World tile file (docs/new-world-tiles.md) for `meeplelab tiles`.
    fn view_tile_file(text: &str, origin: &str) -> Result<TileFileView, String> {
        let tiles = parse_new_world(text, origin).map_err(|e| e.to_string())?;
        Ok(TileFileView {
            summary: tiles.summary(),
            drawing: tiles.render(),
        })
    }
}
