//! How a game starts, for every game: players, seed, rule options, tile set and the first
//! tiles of the draw pile, plus what the game deals besides tiles ([`Deal`]: Safari's tokens
//! and hands); [`GameDef::resolve`] fixes every order into a [`ResolvedSetup`] before play.

use super::def::GameDef;
use crate::core::rng::GameRng;
use crate::core::tileset::{CompiledTiles, VariantId};
use std::fmt;

/// What a game deals besides the tiles, in a setup with options `O`: explicit orders and hands
/// to start with (unset ones come from the seed). Games that deal nothing else use `()`.
pub trait Deal<O>: Clone + fmt::Debug + Default + Send + Sync + 'static {
    /// The deal with every order fixed (what a record stores).
    type Resolved: Clone + fmt::Debug + PartialEq + Eq + Send + Sync + 'static;

    /// Fixes every order for `players` players, drawing what is unset from `rng` (after the
    /// tile order was drawn from it).
    fn resolve(
        &self,
        players: usize,
        options: &O,
        rng: &mut GameRng,
    ) -> Result<Self::Resolved, String>;
}

/// Nothing dealt besides tiles.
impl<O> Deal<O> for () {
    type Resolved = ();

    fn resolve(&self, _: usize, _: &O, _: &mut GameRng) -> Result<(), String> {
        Ok(())
    }
}

/// Everything needed to start a game of `G`. Unset orders are shuffled from `seed`.
#[derive(Clone)]
pub struct Setup<G: GameDef> {
    /// Number of players.
    pub players: usize,
    /// Seed of the game's random streams.
    pub seed: u64,
    /// Rule options.
    pub options: G::Options,
    /// Compiled tile set.
    pub tiles: &'static CompiledTiles,
    /// First tiles of the draw pile, in order; the rest follow shuffled.
    pub tile_order: Vec<VariantId>,
    /// What the game deals besides tiles.
    pub deal: G::Deal,
}

/// The resolved deal of game `G`.
pub type DealtOf<G> = <<G as GameDef>::Deal as Deal<<G as GameDef>::Options>>::Resolved;

/// A setup of `G` with every order fixed: what a game record stores.
#[derive(Clone)]
pub struct ResolvedSetup<G: GameDef> {
    /// Number of players.
    pub players: usize,
    /// Seed (also drives the game's later chance, if any).
    pub seed: u64,
    /// Rule options.
    pub options: G::Options,
    /// The complete draw pile, top first (start tiles are not in it).
    pub tile_order: Vec<VariantId>,
    /// What the game dealt besides tiles.
    pub deal: DealtOf<G>,
}

/// A setup that cannot start a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SetupError(pub String);

impl<G: GameDef> Setup<G> {
    /// A default setup: the built-in tile set, default options, everything shuffled from
    /// `seed`.
    pub fn new(players: usize, seed: u64) -> Self {
        Self::with_tiles(players, seed, G::builtin_tiles())
    }

    /// A setup over a given compiled tile set with default options.
    pub fn with_tiles(players: usize, seed: u64, tiles: &'static CompiledTiles) -> Self {
        Setup {
            players,
            seed,
            options: G::Options::default(),
            tiles,
            tile_order: Vec::new(),
            deal: G::Deal::default(),
        }
    }

    /// Fixes every order ([`GameDef::resolve`]).
    pub fn resolve(&self) -> Result<ResolvedSetup<G>, SetupError> {
        G::resolve(self).map_err(SetupError)
    }
}

impl<G: GameDef> fmt::Debug for ResolvedSetup<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ResolvedSetup")
            .field("players", &self.players)
            .field("seed", &self.seed)
            .field("options", &self.options)
            .field("tile_order", &self.tile_order)
            .field("deal", &self.deal)
            .finish()
    }
}

impl<G: GameDef> PartialEq for ResolvedSetup<G> {
    fn eq(&self, other: &Self) -> bool {
        (
            self.players,
            self.seed,
            self.options,
            &self.tile_order,
            &self.deal,
        ) == (
            other.players,
            other.seed,
            other.options,
            &other.tile_order,
            &other.deal,
        )
    }
}

impl<G: GameDef> Eq for ResolvedSetup<G> {}
