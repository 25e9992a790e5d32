//! Checks of Carcassonne tile sets: every side of a tile is a road, a city or field, fields
//! meet the rim in half sides and are split only by roads and cities, at most one monastery, no
//! copy lines, and a `start-tile` line naming the start tile's type (rule C-1).

use super::state::{MAX_CELLS, MAX_TOTAL_SEGMENTS};
use crate::core::geom::{HalfSide, Side};
use crate::core::tileset::validate::{check_each_type, check_total, TileProblem};
use crate::core::tileset::{count_noun, FeatureKind, TileLayout, TileSet, TileType};

/// Checks a tile set whose game is `carcassonne`.
pub(crate) fn check(set: &TileSet) -> Result<(), TileProblem> {
    check_types(set)?;
    check_start(set)?;
    check_limits(set)
}

fn check_types(set: &TileSet) -> Result<(), TileProblem> {
    check_each_type(set, |tile, owner| {
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
        check_layout(&tile.layout, owner, tile.line)
    })
}

/// The rules of one layout (see the module documentation); `tile_line` is where its tile
/// block starts.
fn check_layout(layout: &TileLayout, owner: &str, tile_line: usize) -> Result<(), TileProblem> {
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
) -> Result<(), TileProblem> {
    let line_of = |f: usize| layout.features[f].line;
    for side in Side::ALL {
        let covering = layout.features.iter().find(|f| f.sides & side.bit() != 0);
        let [a, b] = HalfSide::of_side(side).map(|h| half_field[h.index()]);
        let [h0, h1] = HalfSide::of_side(side).map(HalfSide::name);
        match (covering.map(|f| (f.kind, f.line)), a, b) {
            (Some((FeatureKind::City, _)), None, None) => {}
            (Some((FeatureKind::City, _)), Some(f), _)
            | (Some((FeatureKind::City, _)), _, Some(f)) => {
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
                        "the road on side {} of {owner} needs a field on each half ({h0} and {h1})",
                        side.letter(),
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
        let (h, k) = (
            HalfSide::from_index(2 * i + 1),
            HalfSide::from_index(2 * i + 2),
        );
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

fn check_start(set: &TileSet) -> Result<(), TileProblem> {
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
    if let Some(t) = set.types.iter().find(|t| t.id == start.id) {
        if t.expansion.is_some() {
            return Err((
                start.line,
                format!("the start tile {:?} belongs to an expansion", start.id),
            ));
        }
    } else {
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
fn check_limits(set: &TileSet) -> Result<(), TileProblem> {
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

#[cfg(test)]
mod tests {
    use crate::core::geom::{HalfSide, Rotation, Side};
    use crate::core::tileset::{
        draw_layout, parse_tileset, CompiledTiles, FeatureKind, TileSet, TileSetError, NO_SEGMENT,
    };
    use crate::games::tile_sets::{assert_problems, validate};

    /// A small valid set, which the cases of `CASES` edit.
    const SMALL: &str = include_str!("../../../tests/data/tile-checks/carcassonne.tiles");

    /// The rules' cases: edits of `SMALL` and the line and error each gives.
    const CASES: &str = include_str!("../../../tests/data/tile-checks/carcassonne.txt");

    fn set(text: &str) -> Result<TileSet, TileSetError> {
        parse_tileset(text, "c.tiles")
    }

    #[test]
    fn the_small_set_and_the_builtin_set_validate() {
        validate(&set(SMALL).unwrap()).unwrap();
        let builtin = crate::games::carcassonne::BUILTIN_TILES.tile_set();
        validate(&builtin).unwrap();
        // 71 base land tiles (one D is the start tile), 8 of The Robbers and 12 of
        // Bridges, Castles and Bazaars (B-1).
        assert_eq!(builtin.land_tile_count(), 91);
    }

    #[test]
    fn each_rule_reports_its_line() {
        assert_problems(SMALL, CASES);
    }

    #[test]
    fn programmatic_sets_are_checked_too() {
        let broken = |edit: fn(&mut TileSet)| {
            let mut s = set(SMALL).unwrap();
            edit(&mut s);
            validate(&s).unwrap_err().message
        };
        let m = broken(|s| s.types[0].layout.features[1].pennants = 1);
        assert!(m.contains("pennants on a road"), "{m}");
        let m = broken(|s| s.types[0].layout.features[0].birds = 1);
        assert!(m.contains("birds on a city"), "{m}");
        let m = broken(|s| {
            let monastery = crate::core::tileset::FeatureSpec {
                kind: FeatureKind::Monastery,
                sides: 0,
                halves: 0,
                birds: 0,
                pennants: 0,
                line: 20,
            };
            s.types[1].layout.features.push(monastery.clone());
            s.types[1].layout.features.push(monastery);
        });
        assert!(m.contains("two monasteries (lines 20 and 20)"), "{m}");
        let m = broken(|s| s.types[0].layout.features[2].halves = 0);
        assert!(m.contains("a field of tile D meets no side"), "{m}");
    }

    #[test]
    fn carcassonne_syntax_errors_name_what_was_expected() {
        let header = "tileset t\ngame carcassonne\ntile x count 1\n";
        let cases = [
            (
                "city pennant N\n",
                "expected \"pennant\" once, at the end of the city line",
            ),
            ("city N pennant pennant\n", "expected \"pennant\" once"),
            (
                "field N Nw\n",
                "\"Nw\" overlaps an earlier word on this line",
            ),
            ("field Nw Nw\n", "\"Nw\" is listed twice"),
            (
                "field Xy\n",
                "expected a side letter N, E, S or W or half side Nw",
            ),
            (
                "monastery\nmonastery\n",
                "a second \"monastery\" line in this block",
            ),
            (
                "monastery N\n",
                "expected \"monastery\", found \"monastery N\"",
            ),
            (
                "road N birds 1\n",
                "birds are only allowed on bush; a road line",
            ),
            ("start-tile\n", "expected \"start-tile <tile id>\""),
            (
                "start-tile x\nstart-tile x\n",
                "a second \"start-tile\" line (the first is at line 4)",
            ),
        ];
        for (body, phrase) in cases {
            let e = set(&format!("{header}{body}")).expect_err(body);
            assert!(e.message.contains(phrase), "{body:?}: {e}");
        }
        let t = set(&format!("{header}city N W pennant\nfield E S\nmonastery\n")).unwrap();
        let f = &t.types[0].layout.features;
        assert_eq!(
            (f[0].kind, f[0].sides, f[0].pennants),
            (FeatureKind::City, 0b1001, 1)
        );
        assert_eq!((f[1].kind, f[1].halves), (FeatureKind::Field, 0b0011_1100));
        assert_eq!(f[2].kind, FeatureKind::Monastery);
    }

    #[test]
    fn safari_sets_refuse_carcassonne_features() {
        let safari = "tileset t\ngame safari\ntile 1 count 1\nroad N\ncopy\n\
                      start\ncell 0 0\ncopy\n";
        let e = validate(&set(safari).unwrap()).unwrap_err();
        assert!(
            e.message
                .contains("tile 1 has a road, a carcassonne feature"),
            "{e}"
        );
        let e = validate(&set(&safari.replace("road N\n", "start-tile 1\n")).unwrap()).unwrap_err();
        assert!(
            e.message
                .contains("\"start-tile\" is for carcassonne tile sets"),
            "{e}"
        );
    }

    #[test]
    fn compiled_tables_rotate_fields_and_drop_symmetric_rotations() {
        let tiles = CompiledTiles::compile(&crate::games::carcassonne::BUILTIN_TILES.tile_set());
        let first = |id: &str| tiles.variant(tiles.find(&format!("{id}.1")).unwrap());
        let distinct = |id: &str| first(id).rotations().len();
        // Monastery, four-sided city, crossroads: 1; straight road, band, opposite caps: 2.
        let counts: Vec<usize> = ["B", "C", "X", "U", "F", "H", "V", "L"]
            .iter()
            .map(|id| distinct(id))
            .collect();
        assert_eq!(counts, [1, 1, 1, 2, 2, 2, 4, 4]);
        // U turned a quarter: the road runs N-S; its first field (N En Wn) meets E Ne Ss.
        let u = first("U");
        let o = u.turned(Rotation::new(1));
        assert_eq!(o.side_segment[Side::N.index()], 0);
        assert_eq!(o.side_segment[Side::E.index()], NO_SEGMENT);
        let field_at = |name: &str| o.half_segment[HalfSide::from_name(name).unwrap().index()];
        assert_eq!(
            [
                field_at("En"),
                field_at("Es"),
                field_at("Ne"),
                field_at("Se")
            ],
            [1; 4]
        );
        assert_eq!(
            [
                field_at("Ws"),
                field_at("Wn"),
                field_at("Nw"),
                field_at("Sw")
            ],
            [2; 4]
        );
        // Edge codes: road 1, city 2, field 0 (D: city N, road E W).
        assert_eq!(first("D").orientations[0].signature, 0b01_00_01_10);
        // Borders: D's north field borders its city (segment 0); the south field nothing.
        let d = first("D").segments();
        assert_eq!((d[2].borders, d[3].borders), (0b1, 0));
        assert_eq!(tiles.variant(tiles.start[0].1).name, "start.1");
    }

    #[test]
    fn drawings_show_roads_cities_pennants_and_monasteries() {
        let set = crate::games::carcassonne::BUILTIN_TILES.tile_set();
        let draw = |id: &str| draw_layout(&set.types.iter().find(|t| t.id == id).unwrap().layout);
        assert_eq!(
            draw("A"),
            [".......", ".......", "...M...", "...|...", "...|..."]
        );
        assert_eq!(
            draw("D"),
            ["#######", ".......", "-------", ".......", "......."]
        );
        assert_eq!(draw("C")[2], "#######");
        // Separate caps stay apart at the corner where they meet; a joined city does not.
        assert_eq!(draw("I")[0], ".######");
        assert_eq!(draw("M")[..2], ["#*#####", "####..."]);
        assert_eq!(draw("S")[2..], ["###o###", "##.|.##", "#..|..#"]);
    }
}
