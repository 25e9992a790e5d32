//! Carcassonne as the tools see it ([`GameDef`]): setup from options and the record
//! notation of `notation.rs` and the checks of `expect.rs`. Its records use only the common
//! header lines.

use super::action::Action;
use super::options::Options;
use super::setup::{ResolvedSetup, Setup, BUILTIN_TILES, PLAYER_RANGE};
use super::state::CarcassonneState;
use crate::core::tileset::{CompiledTiles, VariantId};
use crate::games::def::{GameDef, TileChecks};
use std::ops::RangeInclusive;

impl GameDef for CarcassonneState {
    const NAME: &'static str = "carcassonne";
    const TITLE: &'static str = "Carcassonne";
    const PLAYERS: RangeInclusive<usize> = PLAYER_RANGE;
    const HEADER_KEYWORDS: &'static [&'static str] = &[];
    const EXPECT_KEYWORDS: &'static [&'static str] = super::expect::EXPECT_KEYWORDS;

    type Options = Options;
    type Deal = ();

    fn builtin_tiles() -> &'static CompiledTiles {
        BUILTIN_TILES.compiled()
    }

    const TILE_CHECKS: Option<TileChecks> = Some(super::tile_checks::check);

    const BUILTIN_TILE_FILE: &'static str = super::setup::BUILTIN_CARCASSONNE;

    /// The base game's tiles and those of the expansions switched on.
    fn pile_tiles(setup: &Setup) -> Vec<VariantId> {
        let expansions = setup.options.expansions;
        let land = setup.tiles.land.iter().copied();
        land.filter(|&v| expansions.includes(setup.tiles.variant(v).expansion.as_deref()))
            .collect()
    }

    fn start(tiles: &'static CompiledTiles, resolved: &ResolvedSetup) -> Result<Self, String> {
        CarcassonneState::from_resolved(tiles, resolved).map_err(|e| e.0)
    }

    fn restart(&mut self, setup: &Setup) -> Result<(), String> {
        let resolved = Self::resolve(setup)?;
        self.restart_resolved(setup.tiles, &resolved)
            .map_err(|e| e.0)
    }

    /// The listed actions, and any whole bid the bid ladder does not list (B-7).
    fn is_legal(&self, action: &Action, legal: &[Action]) -> bool {
        legal.contains(action) || self.is_unlisted_legal_bid(action)
    }

    /// A placement, or a discard (B-2) before the placement of the same turn.
    fn starts_turn(action: &Action) -> bool {
        matches!(action, Action::Place { .. } | Action::Discard)
    }

    fn meeples_in_supply(&self, player: usize) -> u8 {
        CarcassonneState::meeples_in_supply(self, player)
    }

    fn check_expectation(&self, words: &[String]) -> Result<(), String> {
        CarcassonneState::check_expectation(self, words)
    }

    fn tiles_removed(&self) -> usize {
        CarcassonneState::tiles_removed(self)
    }

    fn seat_facts(&self, player: usize) -> Vec<(&'static str, i64)> {
        vec![("meeples_in_supply", self.meeples_in_supply(player) as i64)]
    }

    fn placement_tests(&self) -> Option<u64> {
        CarcassonneState::placement_tests(self)
    }
}
