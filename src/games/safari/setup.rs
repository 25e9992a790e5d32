//! How a Safari game starts: the common setup ([`crate::games::setup`]) with Safari's options
//! and its deal of tokens ([`TokenDeal`]: explicit bag order and starting hands, or tokens
//! shuffled from the seed).

use super::options::Options;
use super::state::SafariState;
use crate::core::rng::{shuffle, GameRng};
use crate::core::species::{Species, SpeciesCounts};
use crate::core::tileset::{CompiledTiles, TileSet};
use crate::games::def::check_players;
use crate::games::setup::Deal;

pub use crate::games::setup::SetupError;

/// Tokens of each species in the game (S-1.4).
pub const TOKENS_PER_SPECIES: u8 = 10;

/// Fewest and most players (S-1.5).
pub const PLAYER_RANGE: std::ops::RangeInclusive<usize> = 2..=5;

/// Everything needed to start a Safari game.
pub type Setup = crate::games::setup::Setup<SafariState>;
/// A Safari setup with every order fixed.
pub type ResolvedSetup = crate::games::setup::ResolvedSetup<SafariState>;

/// What Safari deals besides tiles: explicit token orders and hands (unset ones come from the
/// seed).
#[derive(Clone, Debug, Default)]
pub struct TokenDeal {
    /// First tokens of the bag, in order; the rest follow shuffled.
    pub token_order: Vec<Species>,
    /// Explicit starting hands (one per player) instead of dealing `start_tokens` from the bag.
    pub hands: Option<Vec<Vec<Species>>>,
}

/// The tokens as dealt: the complete bag and the starting hands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealtTokens {
    /// The complete bag after dealing, top first.
    pub token_order: Vec<Species>,
    /// Starting hands.
    pub hands: Vec<Vec<Species>>,
}

/// Whether no draw order or hand is given, so that everything comes from the seed.
pub(super) fn leaves_everything_to_the_seed(setup: &Setup) -> bool {
    setup.tile_order.is_empty() && setup.deal.token_order.is_empty() && setup.deal.hands.is_none()
}

impl Deal<Options> for TokenDeal {
    type Resolved = DealtTokens;

    /// Explicit hands and bag top first, the other tokens shuffled; without explicit hands,
    /// `start_tokens` are dealt to each player from the top of the bag.
    fn resolve(
        &self,
        players: usize,
        options: &Options,
        rng: &mut GameRng,
    ) -> Result<DealtTokens, String> {
        let mut pool = SpeciesCounts([TOKENS_PER_SPECIES; 5]);
        let mut hands = match &self.hands {
            Some(h) => {
                if h.len() != players {
                    return Err(format!(
                        "{} starting hands given for {players} players",
                        h.len()
                    ));
                }
                for t in h.iter().flatten() {
                    take(&mut pool, *t, "starting hands")?;
                }
                h.clone()
            }
            None => vec![Vec::new(); players],
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
        shuffle(rng, &mut rest);
        bag.extend(rest);
        if self.hands.is_none() {
            let deal = options.start_tokens as usize;
            for hand in hands.iter_mut() {
                let n = deal.min(bag.len());
                hand.extend(bag.drain(..n));
            }
        }
        Ok(DealtTokens {
            token_order: bag,
            hands,
        })
    }
}

/// Checks the player count and the vehicles against the tile set.
pub(super) fn check(setup: &Setup) -> Result<(), String> {
    check_players::<SafariState>(setup.players)?;
    let available = setup.tiles.vehicles.len();
    if setup.options.vehicles as usize > available {
        return Err(format!(
            "rule option vehicles={} but the tile set has only {available} vehicle start space(s)",
            setup.options.vehicles
        ));
    }
    Ok(())
}

fn take(pool: &mut SpeciesCounts, s: Species, what: &str) -> Result<(), String> {
    if pool.remove(s) {
        Ok(())
    } else {
        Err(format!(
            "{what} use more than {TOKENS_PER_SPECIES} tokens of species {s}"
        ))
    }
}

/// The built-in Safari tile set, compiled once per process.
pub fn builtin_tiles() -> &'static CompiledTiles {
    static TILES: std::sync::OnceLock<CompiledTiles> = std::sync::OnceLock::new();
    TILES.get_or_init(|| CompiledTiles::compile(&TileSet::builtin_safari()))
}
