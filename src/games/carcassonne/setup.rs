//! How a Carcassonne game starts: the common setup ([`crate::games::setup`]) with
//! Carcassonne's options; the draw pile holds the base game's tiles and those of the
//! expansions switched on.

use super::state::CarcassonneState;
use crate::core::tileset::BuiltinTileFile;

pub use crate::games::setup::SetupError;

/// Everything needed to start a Carcassonne game.
pub type Setup = crate::games::setup::Setup<CarcassonneState>;
/// A Carcassonne setup with the draw order fixed.
pub type ResolvedSetup = crate::games::setup::ResolvedSetup<CarcassonneState>;

/// Fewest and most players (C-2 for 2–5 players).
pub const PLAYER_RANGE: std::ops::RangeInclusive<usize> = 2..=5;

/// The built-in Carcassonne tile-set file, embedded at compile time.
pub const BUILTIN_CARCASSONNE: &str = include_str!("carcassonne.tiles");

/// The built-in Carcassonne tile set (base game and the expansions' tiles, which a game uses only
/// when its options switch them on): parsed by [`BuiltinTileFile::tile_set`], compiled once per
/// process by [`BuiltinTileFile::compiled`].
pub static BUILTIN_TILES: BuiltinTileFile =
    BuiltinTileFile::new(BUILTIN_CARCASSONNE, "<builtin carcassonne.tiles>");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::tileset::FeatureKind;
    use crate::games::tile_sets::validate;

    /// Rule C-1: the types and their counts.
    const C1: [(&str, usize); 24] = [
        ("A", 2),
        ("B", 4),
        ("C", 1),
        ("D", 4),
        ("E", 5),
        ("F", 2),
        ("G", 1),
        ("H", 3),
        ("I", 2),
        ("J", 3),
        ("K", 3),
        ("L", 3),
        ("M", 2),
        ("N", 3),
        ("O", 2),
        ("P", 3),
        ("Q", 1),
        ("R", 3),
        ("S", 2),
        ("T", 1),
        ("U", 8),
        ("V", 9),
        ("W", 4),
        ("X", 1),
    ];

    #[test]
    fn c_1_the_builtin_set_has_the_official_types_and_counts() {
        let set = BUILTIN_TILES.tile_set();
        validate(&set).unwrap();
        assert_eq!(set.game, "carcassonne");
        let base = || set.types.iter().filter(|t| t.expansion.is_none());
        let counts: Vec<(&str, usize)> = base().map(|t| (t.id.as_str(), t.count)).collect();
        assert_eq!(counts, C1);
        assert_eq!(base().map(|t| t.count).sum::<usize>(), 72);
        assert_eq!(set.start_type.as_ref().unwrap().id, "D");
        assert!(set.source.iter().any(|s| s.contains("JCloisterZone")));
        let tiles = BUILTIN_TILES.compiled();
        let base_land = tiles
            .land
            .iter()
            .filter(|&&v| tiles.variant(v).expansion.is_none());
        assert_eq!(base_land.count(), 71);
        assert_eq!(Setup::new(2, 1).resolve().unwrap().tile_order.len(), 71);
        let (at, start) = tiles.start[0];
        assert_eq!((at.x, at.y, tiles.variant(start).type_index), (0, 0, 3));
    }

    #[test]
    fn c_1_pennants_monasteries_and_segments() {
        let tiles = BUILTIN_TILES.compiled();
        let all = |expansion: Option<&str>| {
            let expansion = expansion.map(str::to_string);
            tiles
                .land
                .iter()
                .chain(tiles.start.iter().map(|(_, v)| v))
                .filter(|&&v| tiles.variant(v).expansion == expansion)
                .flat_map(|&v| tiles.variant(v).segments().to_vec())
                .collect::<Vec<_>>()
        };
        let base = all(None);
        let pennants: u32 = base.iter().map(|s| s.pennants as u32).sum();
        let monasteries = base
            .iter()
            .filter(|s| s.kind == FeatureKind::Monastery)
            .count();
        assert_eq!((pennants, monasteries, base.len()), (10, 6, 243));
        // R-1 with the layouts of shared/reference: no pennant, no monastery, 27 segments.
        let robbers = all(Some("robbers"));
        assert!(robbers
            .iter()
            .all(|s| s.pennants == 0 && s.kind != FeatureKind::Monastery));
        assert_eq!(robbers.len(), 27);
        // B-1: two abbeys, no pennant, 33 segments.
        let bcb = all(Some("bcb"));
        let abbeys = bcb.iter().filter(|s| s.kind == FeatureKind::Monastery);
        assert_eq!(abbeys.count(), 2);
        assert!(bcb.iter().all(|s| s.pennants == 0));
        assert_eq!(bcb.len(), 33);
        assert_eq!(tiles.total_segments(), 243 + 27 + 33);
    }

    /// Rule R-1: 8 robber tiles, C2 letters A2 C1 D1 E1 F2 H1, in the pile only when the
    /// expansion is on.
    #[test]
    fn r_1_robber_tiles_join_the_pile_when_switched_on() {
        let set = BUILTIN_TILES.tile_set();
        let robbers: Vec<(&str, usize)> = set
            .types
            .iter()
            .filter(|t| t.expansion.as_deref() == Some("robbers"))
            .map(|t| (t.id.as_str(), t.count))
            .collect();
        let r1 = [
            ("RA", 2),
            ("RC", 1),
            ("RD", 1),
            ("RE", 1),
            ("RF", 2),
            ("RH", 1),
        ];
        assert_eq!(robbers, r1);
        let mut setup = Setup::new(3, 5);
        setup.options.expansions.robbers = true;
        let order = setup.resolve().unwrap().tile_order;
        assert_eq!(order.len(), 79);
        let tiles = BUILTIN_TILES.compiled();
        let of_robbers = order
            .iter()
            .filter(|&&v| tiles.variant(v).expansion.is_some());
        assert_eq!(of_robbers.count(), 8);
    }

    #[test]
    fn the_draw_order_starts_with_the_prefix_and_repeats_with_the_seed() {
        let tiles = BUILTIN_TILES.compiled();
        let mut setup = Setup::new(3, 9);
        let x = tiles.find("X.1").unwrap();
        setup.tile_order = vec![x];
        let a = setup.resolve().unwrap();
        assert_eq!(a.tile_order[0], x);
        assert_eq!(a.tile_order.len(), 71);
        assert_eq!(setup.resolve().unwrap(), a);
        setup.tile_order = vec![x, x];
        let e = setup.resolve().unwrap_err().0;
        assert!(
            e.contains("tile X.1 of the draw order is not in this game's pile"),
            "{e}"
        );
    }

    #[test]
    fn c_2_two_to_five_players() {
        for n in [1, 6] {
            let e = Setup::new(n, 1).resolve().unwrap_err();
            assert!(e.0.contains("2 to 5 players"), "{e}");
        }
    }
}
