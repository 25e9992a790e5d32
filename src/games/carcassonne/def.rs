//! Carcassonne as the tools see it ([`GameDef`]): setup from options and the record
//! notation of `notation.rs` and the checks of `checks.rs`. Its records use only the common
//! header lines.

use super::action::Action;
use super::options::OPTION_KEYS;
use super::setup::{builtin_tiles, ResolvedSetup, Setup, PLAYER_RANGE};
use super::state::{CarcassonneState, Phase};
use crate::core::tileset::{CompiledTiles, VariantId};
use crate::games::def::{CommonHeader, GameDef};
use std::ops::RangeInclusive;

impl GameDef for CarcassonneState {
    const NAME: &'static str = "carcassonne";
    const TITLE: &'static str = "Carcassonne";
    const PLAYERS: RangeInclusive<usize> = PLAYER_RANGE;
    const OPTION_KEYS: &'static [(&'static str, &'static str)] = OPTION_KEYS;
    const HEADER_KEYWORDS: &'static [&'static str] = &[];
    const EXPECT_KEYWORDS: &'static [&'static str] = super::checks::EXPECT_KEYWORDS;

    type Setup = Setup;
    type Resolved = ResolvedSetup;

    fn builtin_tiles() -> &'static CompiledTiles {
        builtin_tiles()
    }

    const BUILTIN_TILE_FILE: &'static str = crate::core::tileset::BUILTIN_CARCASSONNE;

    fn setup(players: usize, seed: u64, tiles: &'static CompiledTiles) -> Setup {
        Setup::with_tiles(players, seed, tiles)
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

    /// Carcassonne has no header lines of its own (the parser lets none through).
    fn tiles(setup: &Setup) -> &'static CompiledTiles {
        setup.tiles
    }

    fn rules_text(setup: &Setup) -> String {
        setup.options.to_string()
    }

    fn resolve(setup: &Setup) -> Result<ResolvedSetup, String> {
        setup.resolve().map_err(|e| e.0)
    }

    fn start(tiles: &'static CompiledTiles, resolved: &ResolvedSetup) -> Result<Self, String> {
        CarcassonneState::from_resolved(tiles, resolved).map_err(|e| e.0)
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
        CarcassonneState::format_action(self, action)
    }

    fn parse_action(&self, text: &str) -> Result<Action, String> {
        CarcassonneState::parse_action(self, text)
    }

    fn explain_illegal(&self, action: &Action) -> String {
        CarcassonneState::explain_illegal(self, action)
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
        (self.phase() == Phase::PlaceTile).then(|| {
            let v = self.tiles().variant(self.drawn_tile());
            (self.board().frontier().len() * v.rotations().len()) as u64
        })
    }
}
