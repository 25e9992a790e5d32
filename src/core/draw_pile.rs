//! Resolving a game's draw pile: an explicit prefix, then the rest of the tile set shuffled.

use crate::core::rng::{shuffle, GameRng};
use crate::core::tileset::{CompiledTiles, VariantId};

/// The complete draw pile over `tiles.land`: the tiles of `prefix` first, in order, then the
/// remaining tiles shuffled with `rng`. The error (a message) names a tile that `prefix` holds
/// more often than the tile set has it.
pub fn resolve_draw_order(
    tiles: &CompiledTiles,
    prefix: &[VariantId],
    rng: &mut GameRng,
) -> Result<Vec<VariantId>, String> {
    resolve_draw_order_of(tiles, tiles.land.clone(), prefix, rng)
}

/// Like [`resolve_draw_order`], over the land tiles `land` (a game that leaves some tiles of
/// the set out, such as a disabled expansion's).
pub fn resolve_draw_order_of(
    tiles: &CompiledTiles,
    land: Vec<VariantId>,
    prefix: &[VariantId],
    rng: &mut GameRng,
) -> Result<Vec<VariantId>, String> {
    let mut remaining = land;
    let mut order = Vec::with_capacity(remaining.len());
    for &v in prefix {
        let Some(i) = remaining.iter().position(|&r| r == v) else {
            return Err(format!(
                "tile {} appears in the draw order more often than the tile set has it",
                tiles.variant(v).name
            ));
        };
        order.push(remaining.remove(i));
    }
    shuffle(rng, &mut remaining);
    order.extend(remaining);
    Ok(order)
}
