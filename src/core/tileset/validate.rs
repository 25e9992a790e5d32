//! What checking a parsed [`TileSet`] shares between games: the error with its file and line,
//! tile type headers, totals against a capacity, cell positions. Each game checks what its sets
//! may hold (`games::<game>::tile_checks`), and `games::tile_sets` picks the game's checks by
//! the set's `game` line. Every error names the line of the offending item (0 when it concerns
//! the whole file).

use super::{StartCell, TileSet, TileSetError, TileType};
use crate::core::geom::Side;
use std::collections::HashMap;

/// A problem found in a tile set: the line it concerns and what is wrong.
pub type TileProblem = (usize, String);

/// Runs a game's `checks` on `set`; the first problem found is returned as an error naming
/// the set's file and the line.
pub fn validate_with(
    set: &TileSet,
    checks: impl FnOnce(&TileSet) -> Result<(), TileProblem>,
) -> Result<(), TileSetError> {
    checks(set).map_err(|(line, message)| TileSetError::new(&set.origin, line, message))
}

/// Checks every tile type of `set` in file order: first what every game asks of a type (see
/// [`check_type_header`]; a set needs at least one), then the game's own `check`, which gets
/// the type and its name in messages (`tile <id>`).
pub(crate) fn check_each_type(
    set: &TileSet,
    mut check: impl FnMut(&TileType, &str) -> Result<(), TileProblem>,
) -> Result<(), TileProblem> {
    if set.types.is_empty() {
        return Err(no_types());
    }
    let mut first_line = HashMap::new();
    for tile in &set.types {
        check_type_header(tile, &mut first_line)?;
        check(tile, &format!("tile {}", tile.id))?;
    }
    Ok(())
}

/// The error for a set without tile types.
fn no_types() -> TileProblem {
    (
        0,
        "no land tile types: a tile set needs at least one \"tile <id> count <n>\" block"
            .to_string(),
    )
}

/// Checks what every game's tile types share: a unique id (`first_line` records the ids seen
/// so far) and a count of at least one.
fn check_type_header<'a>(
    tile: &'a TileType,
    first_line: &mut HashMap<&'a str, usize>,
) -> Result<(), TileProblem> {
    if let Some(first) = first_line.insert(tile.id.as_str(), tile.line) {
        return Err((
            tile.line,
            format!(
                "duplicate tile id {:?} (first declared at line {first})",
                tile.id
            ),
        ));
    }
    if tile.count == 0 {
        return Err((
            tile.line,
            format!(
                "tile {} has count 0; a tile type needs at least one copy",
                tile.id
            ),
        ));
    }
    Ok(())
}

/// Sums an amount over the start cells, then the tile types; over `limit`, reports the line
/// of the item where the limit was passed.
pub(crate) fn check_total(
    set: &TileSet,
    per_cell: impl Fn(&StartCell) -> usize,
    per_type: impl Fn(&TileType) -> usize,
    limit: usize,
    message: impl Fn(usize) -> String,
) -> Result<(), TileProblem> {
    let cells = set.start.iter().map(|c| {
        let name = format!("start cell {}", cell_name(c.x, c.y));
        (c.line, per_cell(c), name)
    });
    let types = set
        .types
        .iter()
        .map(|t| (t.line, per_type(t), format!("tile {}", t.id)));
    let mut total = 0usize;
    let mut passed_at = None;
    for (line, amount, item) in cells.chain(types) {
        total = total.saturating_add(amount);
        if total > limit && passed_at.is_none() {
            passed_at = Some((line, item));
        }
    }
    passed_at.map_or(Ok(()), |(line, item)| {
        Err((
            line,
            format!("{} (the limit is passed at {item})", message(total)),
        ))
    })
}

/// The side of cell `from` that faces cell `to`, if they share an edge.
pub(crate) fn side_towards(from: (i8, i8), to: (i8, i8)) -> Option<Side> {
    Side::ALL.into_iter().find(|side| {
        let (dx, dy) = side.offset();
        i16::from(from.0) + i16::from(dx) == i16::from(to.0)
            && i16::from(from.1) + i16::from(dy) == i16::from(to.1)
    })
}

/// A cell position as written in files: `x y`.
pub(crate) fn cell_name(x: i8, y: i8) -> String {
    format!("{x} {y}")
}
