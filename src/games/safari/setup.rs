//! How a Safari game starts: the common setup ([`crate::games::setup`]) with Safari's options
//! and its deal of tokens ([`TokenDeal`]: explicit bag order and starting hands, or tokens
//! shuffled from the seed).

use super::options::Options;
use super::state::SafariState;
use crate::core::rng::{shuffle, GameRng};
use crate::core::species::{Species, SpeciesCounts};
use crate::core::tileset::BuiltinTileFile;
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

/// Takes a token of species `s` from `pool` (the tokens of the game not yet accounted for),
/// or says that `what` asks for more of them than the game has.
pub(super) fn take(pool: &mut SpeciesCounts, s: Species, what: &str) -> Result<(), String> {
    if pool.remove(s) {
        Ok(())
    } else {
        Err(format!(
            "{what}: more than the {TOKENS_PER_SPECIES} tokens of species {s} the game has"
        ))
    }
}

/// The built-in Safari tile-set file, embedded at compile time.
pub const BUILTIN_SAFARI: &str = include_str!("safari.tiles");

/// The built-in Safari tile set: parsed by [`BuiltinTileFile::tile_set`], compiled once per
/// process by [`BuiltinTileFile::compiled`].
pub static BUILTIN_TILES: BuiltinTileFile =
    BuiltinTileFile::new(BUILTIN_SAFARI, "<builtin safari.tiles>");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tile_sets::validate;

    /// Rule S-9 (shared/rules/safari.md): every type's copies and the animals printed on each
    /// copy, all features of the copy together; `-` = no animal.
    const S9: [(&str, &[&str]); 33] = [
        ("01", &["-", "-"]),
        ("02", &["E"]),
        ("03", &["E", "G", "G", "Z"]),
        ("04", &["A", "E", "L"]),
        ("05", &["L"]),
        ("06", &["A", "A", "E", "L"]),
        ("07", &["E", "G", "G", "L", "Z"]),
        ("08", &["AA"]),
        ("09", &["AA"]),
        ("10", &["LL", "ZZ"]),
        ("11", &["GG", "ZZ", "ZZ"]),
        ("12", &["Z"]),
        ("13", &["G", "Z"]),
        ("14", &["A", "AE", "ZZ"]),
        ("15", &["AE"]),
        ("16", &["Z"]),
        ("17", &["G"]),
        ("18", &["EL"]),
        ("19", &["EGG"]),
        ("20", &["A", "A", "G", "L", "Z"]),
        ("21", &["E", "L", "Z", "-"]),
        ("22", &["L"]),
        ("23", &["AEE"]),
        ("24", &["EEL"]),
        ("25", &["AL", "AL", "L"]),
        ("26", &["EE", "EG", "EZ", "LL", "LZ"]),
        ("27", &["AG", "AL"]),
        ("28", &["G", "Z"]),
        ("29", &["E"]),
        ("30", &["G", "G", "L", "Z"]),
        ("31", &["LZ"]),
        ("32", &["GG"]),
        ("33", &["A", "A", "G"]),
    ];

    /// All animals of one copy (or cell), whatever feature they stand on.
    fn together(entries: &[SpeciesCounts]) -> SpeciesCounts {
        let mut all = SpeciesCounts::EMPTY;
        for entry in entries {
            for (sum, n) in all.0.iter_mut().zip(entry.0) {
                *sum += n;
            }
        }
        all
    }

    #[test]
    fn builtin_safari_validates() {
        validate(&BUILTIN_TILES.tile_set()).unwrap();
    }

    #[test]
    fn builtin_safari_has_the_official_tiles_copy_by_copy() {
        // S-9: 33 types, 72 land tiles, the exact animals of every copy.
        let set = BUILTIN_TILES.tile_set();
        assert_eq!(set.types.len(), 33);
        assert_eq!(set.land_tile_count(), 72);
        for (tile, (id, copies)) in set.types.iter().zip(S9) {
            assert_eq!(tile.id, id);
            assert_eq!(tile.count, copies.len(), "tile {id}");
            for (copy, official) in tile.copies.iter().zip(copies) {
                assert_eq!(
                    together(copy),
                    SpeciesCounts::parse(official).unwrap(),
                    "{id}"
                );
            }
        }
        // S-9 `start | 1 | AEG`.
        let start: Vec<_> = set.start.iter().map(|c| together(&c.animals)).collect();
        assert_eq!(together(&start).to_string(), "AEG");
    }

    #[test]
    fn builtin_safari_has_the_dataset_totals() {
        // shared/reference/README.md: 29 tiles with a baobab (12 types), 34 birds.
        let set = BUILTIN_TILES.tile_set();
        let baobab_types: Vec<_> = set.types.iter().filter(|t| t.layout.baobab).collect();
        assert_eq!(baobab_types.len(), 12);
        assert_eq!(baobab_types.iter().map(|t| t.count).sum::<usize>(), 29);
        let birds: usize = set
            .types
            .iter()
            .flat_map(|t| t.layout.features.iter().map(|f| f.birds as usize * t.count))
            .sum();
        assert_eq!(birds, 34);
        let cells: Vec<_> = set.start.iter().map(|c| (c.x, c.y)).collect();
        assert_eq!(cells, [(-1, 0), (0, 0), (1, 0)]);
        let vehicles: Vec<_> = set.vehicles.iter().map(|v| (v.x, v.y)).collect();
        assert_eq!(vehicles, [(-2, 0), (2, 0)]);
    }
}
