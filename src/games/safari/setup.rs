//! How a Safari game starts: players, seed, options, tile set, and (optionally) explicit draw
//! orders and starting hands, resolved into complete orders before play.

use super::options::Options;
use crate::core::draw_pile::resolve_draw_order;
use crate::core::rng::{derive_seed, rng_from_seed, shuffle};
use crate::core::species::{Species, SpeciesCounts};
use crate::core::tileset::{CompiledTiles, TileSet, VariantId};

/// Tokens of each species in the game (S-1.4).
pub const TOKENS_PER_SPECIES: u8 = 10;

/// Fewest and most players (S-1.5).
pub const PLAYER_RANGE: std::ops::RangeInclusive<usize> = 2..=5;

/// Everything needed to start a game. Unset orders are shuffled from `seed`.
#[derive(Clone, Debug)]
pub struct Setup {
    /// Number of players, 2..=5.
    pub players: usize,
    /// Seed of the game's random stream.
    pub seed: u64,
    /// Rule options.
    pub options: Options,
    /// Compiled tile set.
    pub tiles: &'static CompiledTiles,
    /// First tiles of the draw pile, in order; the rest follow shuffled.
    pub tile_order: Vec<VariantId>,
    /// First tokens of the bag, in order; the rest follow shuffled.
    pub token_order: Vec<Species>,
    /// Explicit starting hands (one per player) instead of dealing `start_tokens` from the bag.
    pub hands: Option<Vec<Vec<Species>>>,
}

/// A setup with every order fixed: what a game record stores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResolvedSetup {
    /// Number of players.
    pub players: usize,
    /// Seed (also drives later reshuffles of discarded tokens).
    pub seed: u64,
    /// Rule options.
    pub options: Options,
    /// The complete draw pile, top first.
    pub tile_order: Vec<VariantId>,
    /// The complete bag after dealing, top first.
    pub token_order: Vec<Species>,
    /// Starting hands.
    pub hands: Vec<Vec<Species>>,
}

/// A setup that cannot start a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SetupError(pub String);

impl Setup {
    /// A default setup: built-in tile set, default options, everything shuffled from `seed`.
    pub fn new(players: usize, seed: u64) -> Setup {
        Setup::with_tiles(players, seed, builtin_tiles())
    }

    /// A setup over a given compiled tile set with default options.
    pub fn with_tiles(players: usize, seed: u64, tiles: &'static CompiledTiles) -> Setup {
        Setup {
            players,
            seed,
            options: Options::default(),
            tiles,
            tile_order: Vec::new(),
            token_order: Vec::new(),
            hands: None,
        }
    }

    /// Whether no draw order or hand is given, so that everything comes from the seed.
    pub(super) fn leaves_everything_to_the_seed(&self) -> bool {
        self.tile_order.is_empty() && self.token_order.is_empty() && self.hands.is_none()
    }

    /// Checks the player count and the vehicles against the tile set.
    pub(super) fn check(&self) -> Result<(), SetupError> {
        if !PLAYER_RANGE.contains(&self.players) {
            return Err(SetupError(format!(
                "Safari is played by 2 to 5 players, not {}",
                self.players
            )));
        }
        let available = self.tiles.vehicles.len();
        if self.options.vehicles as usize > available {
            return Err(SetupError(format!(
                "rule option vehicles={} but the tile set has only {available} vehicle start space(s)",
                self.options.vehicles
            )));
        }
        Ok(())
    }

    /// Fixes every order: explicit prefixes first, the rest shuffled from the seed.
    pub fn resolve(&self) -> Result<ResolvedSetup, SetupError> {
        self.check()?;
        let mut rng = rng_from_seed(derive_seed(self.seed, 0));
        let tile_order =
            resolve_draw_order(self.tiles, &self.tile_order, &mut rng).map_err(SetupError)?;
        let mut pool = SpeciesCounts([TOKENS_PER_SPECIES; 5]);
        let explicit_hands = self.hands.is_some();
        let mut hands = match &self.hands {
            Some(h) => {
                if h.len() != self.players {
                    return Err(SetupError(format!(
                        "{} starting hands given for {} players",
                        h.len(),
                        self.players
                    )));
                }
                for t in h.iter().flatten() {
                    take(&mut pool, *t, "starting hands")?;
                }
                h.clone()
            }
            None => vec![Vec::new(); self.players],
        };
        let mut bag = Vec::with_capacity(50);
        for t in &self.token_order {
            take(&mut pool, *t, "the token order")?;
            bag.push(*t);
        }
        let mut rest: Vec<Species> = Species::ALL
            .into_iter()
            .flat_map(|s| std::iter::repeat_n(s, pool.get(s) as usize))
            .collect();
        shuffle(&mut rng, &mut rest);
        bag.extend(rest);
        if !explicit_hands {
            let deal = self.options.start_tokens as usize;
            for hand in hands.iter_mut() {
                let n = deal.min(bag.len());
                hand.extend(bag.drain(..n));
            }
        }
        Ok(ResolvedSetup {
            players: self.players,
            seed: self.seed,
            options: self.options,
            tile_order,
            token_order: bag,
            hands,
        })
    }
}

fn take(pool: &mut SpeciesCounts, s: Species, what: &str) -> Result<(), SetupError> {
    if pool.remove(s) {
        Ok(())
    } else {
        Err(SetupError(format!(
            "{what} use more than {TOKENS_PER_SPECIES} tokens of species {s}"
        )))
    }
}

/// The built-in Safari tile set, compiled once per process.
pub fn builtin_tiles() -> &'static CompiledTiles {
    static TILES: std::sync::OnceLock<CompiledTiles> = std::sync::OnceLock::new();
    TILES.get_or_init(|| CompiledTiles::compile(&TileSet::builtin_safari()))
}
