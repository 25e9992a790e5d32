//! New World as the tools see it ([`GameDef`]): setup from options, tile sets read with
//! [`NewWorldTiles::load`], the record notation of `notation.rs` and the `expect` lines of
//! `expect.rs`. Its records use only the common header lines.

use super::action::Action;
use super::expect::EXPECT_KEYWORDS;
use super::options::{Options, OPTION_KEYS};
use super::state::{NewWorldState, Phase, MAX_PLAYERS};
use super::tiles::{parse_new_world, NewWorldTiles, BUILTIN_NEW_WORLD};
use crate::core::draw_pile::resolve_draw_order_of;
use crate::core::rng::{derive_seed, rng_from_seed};
use crate::core::tileset::{CompiledTiles, VariantId};
use crate::games::def::{CommonHeader, GameDef, TileFileView};
use std::ops::RangeInclusive;
use std::path::Path;
use std::sync::OnceLock;

/// Everything needed to start a New World game; an unset draw order is shuffled from the seed.
#[derive(Clone, Debug)]
pub struct Setup {
    /// Number of players.
    pub players: usize,
    /// Seed of the game.
    pub seed: u64,
    /// Rule options.
    pub options: Options,
    /// The compiled tile set.
    pub tiles: &'static CompiledTiles,
    /// The first tiles of the draw pile (the rest is shuffled from the seed).
    pub tile_order: Vec<VariantId>,
}

/// A [`Setup`] with the whole draw pile fixed: what a record stores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResolvedSetup {
    /// Number of players.
    pub players: usize,
    /// Seed of the game.
    pub seed: u64,
    /// Rule options.
    pub options: Options,
    /// The complete draw pile, top first.
    pub tile_order: Vec<VariantId>,
}

impl GameDef for NewWorldState {
    const NAME: &'static str = "new-world";
    const TITLE: &'static str = "New World";
    const PLAYERS: RangeInclusive<usize> = 2..=MAX_PLAYERS;
    const OPTION_KEYS: &'static [(&'static str, &'static str)] = &OPTION_KEYS;
    const HEADER_KEYWORDS: &'static [&'static str] = &[];
    const EXPECT_KEYWORDS: &'static [&'static str] = &EXPECT_KEYWORDS;

    type Setup = Setup;
    type Resolved = ResolvedSetup;

    const BUILTIN_TILE_FILE: &'static str = BUILTIN_NEW_WORLD;

    fn builtin_tiles() -> &'static CompiledTiles {
        static TILES: OnceLock<CompiledTiles> = OnceLock::new();
        TILES.get_or_init(|| NewWorldTiles::builtin().compiled)
    }

    fn setup(players: usize, seed: u64, tiles: &'static CompiledTiles) -> Setup {
        Setup {
            players,
            seed,
            options: Options::default(),
            tiles,
            tile_order: Vec::new(),
        }
    }

    fn set_rule(setup: &mut Setup, assignment: &str) -> Result<(), String> {
        setup.options.set(assignment).map_err(|e| e.0)
    }

    fn set_seed(setup: &mut Setup, seed: u64) {
        setup.seed = seed;
    }

    fn set_tile_order(setup: &mut Setup, order: Vec<VariantId>) {
        setup.tile_order = order;
    }

    /// New World has no header lines of its own (the parser lets none through).
    fn tiles(setup: &Setup) -> &'static CompiledTiles {
        setup.tiles
    }

    fn rules_text(setup: &Setup) -> String {
        setup.options.assignments().join(" ")
    }

    fn resolve(setup: &Setup) -> Result<ResolvedSetup, String> {
        if !Self::PLAYERS.contains(&setup.players) {
            return Err(format!(
                "New World is for 2 to 5 players, not {}",
                setup.players
            ));
        }
        let mut rng = rng_from_seed(derive_seed(setup.seed, 0));
        let land = setup.tiles.land.clone();
        let tile_order = resolve_draw_order_of(setup.tiles, land, &setup.tile_order, &mut rng)?;
        Ok(ResolvedSetup {
            players: setup.players,
            seed: setup.seed,
            options: setup.options,
            tile_order,
        })
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

    fn common_header(resolved: &ResolvedSetup) -> CommonHeader<'_> {
        CommonHeader {
            players: resolved.players,
            seed: resolved.seed,
            rules: resolved.options.assignments(),
            tile_order: &resolved.tile_order,
        }
    }

    fn format_action(&self, action: &Action) -> String {
        NewWorldState::format_action(self, action)
    }

    fn parse_action(&self, text: &str) -> Result<Action, String> {
        NewWorldState::parse_action(self, text)
    }

    fn explain_illegal(&self, action: &Action) -> String {
        NewWorldState::explain_illegal(self, action)
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

    /// Counts only frontier cells west of the starting column (the others are never tried).
    fn placement_tests(&self) -> Option<u64> {
        (self.phase() == Phase::PlaceTile).then(|| {
            let v = self.tiles().variant(self.drawn_tile());
            let cells = self.board().frontier().iter().filter(|f| f.coord.x < 0);
            (cells.count() * v.rotations().len()) as u64
        })
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
