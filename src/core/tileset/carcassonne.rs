//! Validation of Carcassonne tile sets: every side of a tile is a road, a city or field, fields
//! meet the rim in half sides and are split only by roads and cities, at most one monastery, no
//! copy lines, and a `start-tile` line naming the start tile's type (rule C-1).

use super::parse::{count_noun, halves_summary};
use super::validate::{
    check_total, check_type_header, no_types, Problem, MAX_CELLS, MAX_TOTAL_SEGMENTS,
};
use super::{FeatureKind, TileLayout, TileSet, TileType};
use crate::core::geom::{HalfSide, Side};
use std::collections::HashMap;

/// Checks a tile set whose game is `carcassonne`.
pub(super) fn check(set: &TileSet) -> Result<(), Problem> {
    check_types(set)?;
    check_start(set)?;
    check_limits(set)
}

fn check_types(set: &TileSet) -> Result<(), Problem> {
    if set.types.is_empty() {
        return Err(no_types());
    }
    let mut first_line = HashMap::new();
    for tile in &set.types {
        check_type_header(tile, &mut first_line)?;
        let owner = format!("tile {}", tile.id);
        if !tile.copies.is_empty() {
            return Err((
                tile.line,
                format!(
                    "{owner} has {}; carcassonne copies carry nothing of their own, so the count \
                     alone gives them",
                    count_noun(tile.copies.len(), "copy line", "copy lines")
                ),
            ));
        }
        check_layout(&tile.layout, &owner, tile.line)?;
    }
    Ok(())
}

/// The rules of one layout (see the module documentation); `tile_line` is where its tile
/// block starts.
fn check_layout(layout: &TileLayout, owner: &str, tile_line: usize) -> Result<(), Problem> {
    let mut side_line: [Option<usize>; 4] = [None; 4];
    let mut half_field: [Option<usize>; 8] = [None; 8];
    let mut monastery: Option<usize> = None;
    for (i, feature) in layout.features.iter().enumerate() {
        let line = feature.line;
        let at = |message: String| Err((line, message));
        if feature.kind.game() != "carcassonne" {
            return at(format!(
                "{owner} has a {}, a safari feature; carcassonne tiles have road, city, field \
                 and monastery",
                feature.kind
            ));
        }
        if feature.birds > 0 {
            return at(format!(
                "{owner} has birds on a {}; birds belong to safari bush",
                feature.kind
            ));
        }
        if feature.pennants > 0 && feature.kind != FeatureKind::City {
            return at(format!(
                "{owner} has pennants on a {}; only cities hold pennants",
                feature.kind
            ));
        }
        let sided = matches!(feature.kind, FeatureKind::Road | FeatureKind::City);
        if sided != (feature.sides & 0xF != 0) || feature.sides & !0xF != 0 {
            return at(if sided {
                format!("a {} of {owner} touches no side", feature.kind)
            } else {
                format!("a {} of {owner} cannot cover whole sides", feature.kind)
            });
        }
        if (feature.kind == FeatureKind::Field) != (feature.halves != 0) {
            return at(if feature.kind == FeatureKind::Field {
                format!("a field of {owner} meets no side")
            } else {
                format!("a {} of {owner} cannot meet half sides", feature.kind)
            });
        }
        if feature.kind == FeatureKind::Monastery {
            if let Some(first) = monastery.replace(line) {
                return at(format!(
                    "{owner} has two monasteries (lines {first} and {line}); a tile has at most one"
                ));
            }
        }
        for side in feature.side_list() {
            if let Some(other) = side_line[side.index()].replace(line) {
                return at(format!(
                    "side {} of {owner} is touched by two features (lines {other} and {line})",
                    side.letter()
                ));
            }
        }
        for half in feature.half_list() {
            if let Some(other) = half_field[half.index()].replace(i) {
                let other = layout.features[other].line;
                return at(format!(
                    "half side {} of {owner} is in two fields (lines {other} and {line})",
                    half.name()
                ));
            }
        }
    }
    check_rim(layout, owner, tile_line, &half_field)
}

/// Each side is a road with a field on either half, a city with no field, or field on both
/// halves; fields change only where a road or city lies between them.
fn check_rim(
    layout: &TileLayout,
    owner: &str,
    tile_line: usize,
    half_field: &[Option<usize>; 8],
) -> Result<(), Problem> {
    let line_of = |f: usize| layout.features[f].line;
    for side in Side::ALL {
        let covering = layout.features.iter().find(|f| f.sides & side.bit() != 0);
        let [a, b] = HalfSide::of_side(side).map(|h| half_field[h.index()]);
        let halves = || halves_summary(HalfSide::of_side(side).map(HalfSide::bit).iter().sum());
        match (covering.map(|f| (f.kind, f.line)), a, b) {
            (Some((FeatureKind::City, _)), None, None) => {}
            (Some((FeatureKind::City, _)), Some(f), _) | (Some((FeatureKind::City, _)), _, Some(f)) => {
                return Err((
                    line_of(f),
                    format!(
                        "side {} of {owner} is city, but the field of line {} meets it",
                        side.letter(),
                        line_of(f)
                    ),
                ))
            }
            (Some((_, line)), None, _) | (Some((_, line)), _, None) => {
                return Err((
                    line,
                    format!(
                        "the road on side {} of {owner} needs a field on each half ({})",
                        side.letter(),
                        halves().join(" and ")
                    ),
                ))
            }
            (Some(_), Some(_), Some(_)) => {}
            (None, Some(x), None) | (None, None, Some(x)) => {
                return Err((
                    line_of(x),
                    format!(
                        "only one half of side {} of {owner} lies in a field; without a road \
                         both halves of a side lie in one field",
                        side.letter()
                    ),
                ))
            }
            (None, Some(x), Some(y)) if x == y => {}
            (None, Some(x), Some(y)) => {
                return Err((
                    line_of(y),
                    format!(
                        "the halves of side {} of {owner} lie in different fields (lines {} and \
                         {}) but no road separates them",
                        side.letter(),
                        line_of(x),
                        line_of(y)
                    ),
                ))
            }
            (None, None, None) => {
                return Err((
                    tile_line,
                    format!(
                        "side {} of {owner} shows nothing: give it a road, a city or a field",
                        side.letter()
                    ),
                ))
            }
        }
    }
    for i in 0..4 {
        // The last half of side i and the first of the next side meet at a corner.
        let (h, k) = (HalfSide::from_index(2 * i + 1), HalfSide::from_index(2 * i + 2));
        if let (Some(x), Some(y)) = (half_field[h.index()], half_field[k.index()]) {
            if x != y {
                return Err((
                    line_of(y),
                    format!(
                        "half sides {} and {} of {owner} meet at a corner but lie in different \
                         fields (lines {} and {})",
                        h.name(),
                        k.name(),
                        line_of(x),
                        line_of(y)
                    ),
                ));
            }
        }
    }
    Ok(())
}

fn check_start(set: &TileSet) -> Result<(), Problem> {
    if let Some(cell) = set.start.first() {
        return Err((
            cell.line,
            "a carcassonne tile set has no start cells: name the start tile's type with \
             \"start-tile <id>\""
                .to_string(),
        ));
    }
    if let Some(vehicle) = set.vehicles.first() {
        return Err((
            vehicle.line,
            "vehicles belong to safari tile sets".to_string(),
        ));
    }
    let Some(start) = &set.start_type else {
        return Err((
            0,
            "no start tile: add a \"start-tile <id>\" line naming the start tile's type"
                .to_string(),
        ));
    };
    if !set.types.iter().any(|t| t.id == start.id) {
        return Err((
            start.line,
            format!(
                "\"start-tile\" names tile {:?}, which the file does not declare",
                start.id
            ),
        ));
    }
    Ok(())
}

/// Board and feature-tracker capacity (the start tile is one of the copies).
fn check_limits(set: &TileSet) -> Result<(), Problem> {
    let copies = |t: &TileType| t.count;
    check_total(
        set,
        |_| 0,
        copies,
        MAX_CELLS,
        |total| format!("too many tiles: {total} but the board holds at most {MAX_CELLS}"),
    )?;
    check_total(
        set,
        |_| 0,
        |t| t.count.saturating_mul(t.layout.features.len()),
        MAX_TOTAL_SEGMENTS,
        |total| {
            format!(
                "too many features: {total} segments (features over all tile copies) but the \
                 feature tracker holds at most {MAX_TOTAL_SEGMENTS}"
            )
        },
    )
}
