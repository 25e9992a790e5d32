//! Checks of Safari tile sets: tiles of path and bush with one copy line each (their
//! animals), at most four features a tile, no expansions, a start block of connected cells
//! whose facing sides match, up to two vehicle spaces next to it, and what the board and the
//! feature tracker hold.

use crate::core::tileset::validate::{
    cell_name, check_each_type, check_total, side_towards, TileProblem,
};
use crate::core::tileset::{
    check_entry_count, count_noun, feature_summary, FeatureKind, StartCell, TileLayout, TileSet,
};

/// Most features on one Safari tile (each needs a side of its own).
const SAFARI_MAX_FEATURES: usize = 4;

/// Most cells (land tiles plus start cells) a Safari board holds.
const MAX_CELLS: usize = 78;

/// Most segments (features over all tile copies and start cells) Safari's feature tracker holds.
const MAX_TOTAL_SEGMENTS: usize = 255;

/// Most vehicle start spaces.
const MAX_VEHICLES: usize = 2;

/// Largest `|x|` or `|y|` of a start cell: from there, a straight line of every other cell
/// still fits the 8-bit board coordinates.
const MAX_START_COORDINATE: i16 = i8::MAX as i16 - MAX_CELLS as i16;

/// Checks a tile set whose game is `safari`.
pub(crate) fn check(set: &TileSet) -> Result<(), TileProblem> {
    check_types(set)?;
    check_start(set)?;
    check_vehicles(set)?;
    check_limits(set)
}

fn check_types(set: &TileSet) -> Result<(), TileProblem> {
    check_each_type(set, |tile, owner| {
        if tile.expansion.is_some() {
            return Err((
                tile.line,
                format!("{owner} names an expansion; only carcassonne tile sets have expansions"),
            ));
        }
        if tile.count != tile.copies.len() {
            return Err((
                tile.line,
                format!(
                    "{owner} has count {} but {}",
                    tile.count,
                    count_noun(tile.copies.len(), "copy line", "copy lines")
                ),
            ));
        }
        check_layout(&tile.layout, owner)?;
        for (i, copy) in tile.copies.iter().enumerate() {
            check_entry_count(copy.len(), &tile.layout, owner)
                .map_err(|m| (tile.line, format!("copy {} of {owner}: {m}", i + 1)))?;
        }
        Ok(())
    })
}

/// Safari feature rules shared by tile types and start cells.
fn check_layout(layout: &TileLayout, owner: &str) -> Result<(), TileProblem> {
    if let Some(extra) = layout.features.get(SAFARI_MAX_FEATURES) {
        return Err((
            extra.line,
            format!(
                "{owner} declares {} features; a tile has at most {SAFARI_MAX_FEATURES} (each \
                 needs a side of its own)",
                layout.features.len()
            ),
        ));
    }
    let mut side_line: [Option<usize>; 4] = [None; 4];
    for feature in &layout.features {
        if feature.kind.game() != "safari" {
            return Err((
                feature.line,
                format!(
                    "{owner} has a {}, a carcassonne feature; safari tiles have path and bush",
                    feature.kind
                ),
            ));
        }
        if feature.sides & 0xF == 0 {
            return Err((
                feature.line,
                format!("a {} of {owner} touches no side", feature.kind),
            ));
        }
        if feature.kind == FeatureKind::Path && feature.birds > 0 {
            return Err((
                feature.line,
                format!(
                    "{owner} has birds on a path ({}); only bush can hold birds",
                    feature_summary(feature)
                ),
            ));
        }
        for side in feature.side_list() {
            if let Some(other) = side_line[side.index()].replace(feature.line) {
                return Err((
                    feature.line,
                    format!(
                        "side {} of {owner} is touched by two features (lines {other} and {})",
                        side.letter(),
                        feature.line
                    ),
                ));
            }
        }
    }
    Ok(())
}

fn check_start(set: &TileSet) -> Result<(), TileProblem> {
    if let Some(start) = &set.start_type {
        return Err((
            start.line,
            "\"start-tile\" is for carcassonne tile sets; a safari start tile is a \"start\" \
             block of cells"
                .to_string(),
        ));
    }
    if set.start.is_empty() {
        return Err((
            0,
            "no start tile: add a \"start\" block with at least one \"cell <x> <y>\"".to_string(),
        ));
    }
    for (i, cell) in set.start.iter().enumerate() {
        let owner = format!("start cell {}", cell_name(cell.x, cell.y));
        if [cell.x, cell.y]
            .iter()
            .any(|c| i16::from(*c).abs() > MAX_START_COORDINATE)
        {
            return Err((
                cell.line,
                format!(
                    "{owner} is too far out: start cells lie within \
                     -{MAX_START_COORDINATE}..={MAX_START_COORDINATE} so that a line of every \
                     tile fits the board"
                ),
            ));
        }
        let earlier = &set.start[..i];
        if let Some(first) = earlier.iter().find(|c| (c.x, c.y) == (cell.x, cell.y)) {
            return Err((
                cell.line,
                format!("{owner} is declared twice (first at line {})", first.line),
            ));
        }
        check_layout(&cell.layout, &owner)?;
        check_entry_count(cell.animals.len(), &cell.layout, &owner).map_err(|m| (cell.line, m))?;
        for other in earlier {
            check_facing(other, cell)?;
        }
    }
    check_connected(&set.start)
}

/// Where two start cells touch, the sides facing each other must show the same terrain.
fn check_facing(a: &StartCell, b: &StartCell) -> Result<(), TileProblem> {
    let Some(side) = side_towards((a.x, a.y), (b.x, b.y)) else {
        return Ok(());
    };
    let (ta, tb) = (a.layout.terrain(side), b.layout.terrain(side.opposite()));
    if ta == tb {
        return Ok(());
    }
    Err((
        b.line,
        format!(
            "start cells {a_name} and {b_name} do not match: the {} side of {a_name} shows {} \
             but the {} side of {b_name} shows {}",
            side.letter(),
            ta.name(),
            side.opposite().letter(),
            tb.name(),
            a_name = cell_name(a.x, a.y),
            b_name = cell_name(b.x, b.y),
        ),
    ))
}

/// The start cells must form one piece joined by edges.
fn check_connected(cells: &[StartCell]) -> Result<(), TileProblem> {
    let mut reached = vec![false; cells.len()];
    let mut queue = vec![0];
    reached[0] = true;
    while let Some(i) = queue.pop() {
        for (j, cell) in cells.iter().enumerate() {
            if !reached[j] && side_towards((cells[i].x, cells[i].y), (cell.x, cell.y)).is_some() {
                reached[j] = true;
                queue.push(j);
            }
        }
    }
    match cells.iter().zip(&reached).find(|(_, r)| !**r) {
        Some((cell, _)) => Err((
            cell.line,
            format!(
                "start cell {} is not connected to start cell {}: start cells must form one \
                 piece joined by edges",
                cell_name(cell.x, cell.y),
                cell_name(cells[0].x, cells[0].y)
            ),
        )),
        None => Ok(()),
    }
}

fn check_vehicles(set: &TileSet) -> Result<(), TileProblem> {
    if let Some(extra) = set.vehicles.get(MAX_VEHICLES) {
        return Err((
            extra.line,
            format!(
                "{} vehicle spaces; a tile set has at most {MAX_VEHICLES}",
                set.vehicles.len()
            ),
        ));
    }
    for (i, v) in set.vehicles.iter().enumerate() {
        let at = (v.x, v.y);
        let space = format!("vehicle space {}", cell_name(v.x, v.y));
        if let Some(first) = set.vehicles[..i].iter().find(|w| (w.x, w.y) == at) {
            return Err((
                v.line,
                format!("{space} is declared twice (first at line {})", first.line),
            ));
        }
        if let Some(cell) = set.start.iter().find(|c| (c.x, c.y) == at) {
            return Err((
                v.line,
                format!(
                    "{space} is on the start cell of line {}; vehicles start on empty spaces \
                     next to the start tile",
                    cell.line
                ),
            ));
        }
        if !set
            .start
            .iter()
            .any(|c| side_towards((c.x, c.y), at).is_some())
        {
            return Err((
                v.line,
                format!(
                    "{space} is not next to any start cell; vehicles start on empty spaces \
                     orthogonally adjacent to the start tile"
                ),
            ));
        }
    }
    Ok(())
}

/// Board and feature-tracker capacity.
fn check_limits(set: &TileSet) -> Result<(), TileProblem> {
    check_total(
        set,
        |_| 1,
        |t| t.copies.len(),
        MAX_CELLS,
        |total| {
            format!(
                "too many tiles: {total} cells (land tiles + start cells) but the board holds at \
             most {MAX_CELLS}"
            )
        },
    )?;
    check_total(
        set,
        |c| c.layout.features.len(),
        |t| t.copies.len() * t.layout.features.len(),
        MAX_TOTAL_SEGMENTS,
        |total| {
            format!(
                "too many features: {total} segments (paths and bushes over all tile copies \
                 and start cells) but the feature tracker holds at most {MAX_TOTAL_SEGMENTS}"
            )
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::tileset::{parse_tileset, TileSetError};
    use crate::games::tile_sets::{assert_problems, validate};

    fn set(text: &str) -> TileSet {
        parse_tileset(text, "test.tiles").expect("test text parses")
    }

    fn problem(text: &str) -> TileSetError {
        validate(&set(text)).expect_err("the set should be invalid")
    }

    /// A small valid set, which the cases of `CASES` edit.
    const SMALL: &str = include_str!("../../../tests/data/tile-checks/safari.tiles");

    /// The rules' cases: edits of `SMALL` and the line and error each gives.
    const CASES: &str = include_str!("../../../tests/data/tile-checks/safari.txt");

    #[test]
    fn a_small_set_validates() {
        validate(&set(SMALL)).unwrap();
    }

    #[test]
    fn each_rule_reports_its_line() {
        assert_problems(SMALL, CASES);
    }

    #[test]
    fn capacity_limits_name_the_tile_where_they_are_passed() {
        let body = |count: usize, layout: &str, copy: &str| {
            let copies = format!("{copy}\n").repeat(count);
            SMALL.replace(
                "count 1\npath N S\ncopy Z",
                &format!("count {count}\n{layout}{copies}"),
            )
        };
        let e = problem(&body(77, "", "copy"));
        assert_eq!(e.line, 3);
        assert!(e.message.contains("too many tiles: 79 cells"), "{e}");
        assert!(e.message.contains("the board holds at most 78"), "{e}");
        let four = "path N\npath E\npath S\npath W\n";
        let e = problem(&body(64, four, "copy - - - -"));
        assert_eq!(e.line, 3);
        assert!(e.message.contains("too many features: 258 segments"), "{e}");
        validate(&set(&body(76, "", "copy"))).unwrap();
    }

    /// An edit of a parsed tile set.
    type Edit = fn(&mut TileSet);

    #[test]
    fn programmatic_sets_are_checked_too() {
        // How the error begins, and the edit of `SMALL` (made on the set, not its text).
        let edits: [(&str, Edit); 5] = [
            ("tile 1 has birds on a path (path N S)", |s| {
                s.types[0].layout.features[0].birds = 3
            }),
            ("a path of tile 1 touches no side", |s| {
                s.types[0].layout.features[0].sides = 0
            }),
            ("tile 1 declares 5 features", |s| {
                let extra = s.types[0].layout.features[0].clone();
                let features = &mut s.types[0].layout.features;
                features.extend(std::iter::repeat_n(extra, 4));
            }),
            ("copy 1 of tile 1: copy line has 0", |s| {
                s.types[0].copies[0].clear()
            }),
            ("no land tile types", |s| s.types.clear()),
        ];
        for (expected, edit) in edits {
            let mut s = set(SMALL);
            edit(&mut s);
            let message = validate(&s).expect_err(expected).message;
            assert!(message.starts_with(expected), "{message}");
        }
    }
}
