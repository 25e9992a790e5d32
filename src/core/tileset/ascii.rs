//! ASCII drawings of tile layouts, and the text of `meeplelab tiles show`.
//!
//! A drawing is 7 characters wide and 5 lines high, north up:
//!
//! ```text
//! ...|..#    path N S with a baobab (T) beside it,
//! ..T|.v#    a bush on the east side holding 1 bird (v);
//! ...|.##    the two eastern corners are bush (#),
//! ...|.##    the two western corners open savanna (.)
//! ...|..#
//! ```
//!
//! Carcassonne tiles use the same grid: `#` city (`*` a pennant), `| - +` roads, `o` where
//! roads end (a junction, a village, a city gate), `M` a monastery, `.` field; the notes
//! beside a drawing list each field's half sides and the cities it borders.

use super::parse::{count_noun, feature_summary};
use super::{CopyAnimals, FeatureKind, FeatureSpec, TileLayout, TileSet, TileType};
use crate::core::geom::{Corner, Side};
use crate::core::species::{Species, SpeciesCounts};

/// Width of a drawing in characters.
const WIDTH: usize = 7;
/// Height of a drawing in lines.
const HEIGHT: usize = 5;

/// One line explaining the Carcassonne drawings.
const CARCASSONNE_LEGEND: &str = "legend: # city, * pennant, | - road, + road curve, o where \
                                  roads end (junction, village, city gate), M monastery, . field; \
                                  half sides Nw Ne En Es Se Sw Ws Wn are named by side and end";

/// One line explaining the drawings.
const LEGEND: &str = "legend: | - path, + path junction or curve, o dead end (the path dies out \
                      in a clearing), # bush, v bird, . savanna, T baobab; a corner shows # when \
                      it is bush, . when it is open savanna";

/// A character position in a drawing: (row from the top, column from the left).
type Pos = (usize, usize);

/// The middle of the drawing, where features meet.
const CENTRE: Pos = (2, 3);

/// Where a baobab may stand, in order of preference: the centre, then the quadrants (a path
/// through the centre leaves at most one quadrant filled, so one spot is always free).
const BAOBAB_SPOTS: [Pos; 5] = [
    CENTRE,
    quadrant(Corner::NW),
    quadrant(Corner::NE),
    quadrant(Corner::SW),
    quadrant(Corner::SE),
];

/// A 7x5 character grid.
type Grid = [[char; WIDTH]; HEIGHT];

/// Draws a layout as 5 lines of 7 characters (see the module documentation).
pub fn draw_layout(layout: &TileLayout) -> Vec<String> {
    let mut grid: Grid = [['.'; WIDTH]; HEIGHT];
    let of_kind = |kind| layout.features.iter().filter(move |f| f.kind == kind);
    for bush in of_kind(FeatureKind::Bush) {
        draw_area(&mut grid, bush, bush.birds, 'v');
    }
    for city in of_kind(FeatureKind::City) {
        draw_area(&mut grid, city, city.pennants, '*');
        if city.sides.count_ones() >= 3 {
            grid[CENTRE.0][CENTRE.1] = '#';
        }
    }
    for path in of_kind(FeatureKind::Path) {
        draw_path(&mut grid, path);
    }
    for road in of_kind(FeatureKind::Road) {
        draw_road(&mut grid, road);
    }
    if layout.features.iter().any(|f| f.kind.is_central()) {
        grid[CENTRE.0][CENTRE.1] = 'M';
    }
    let open = layout.open_corners();
    for corner in Corner::ALL {
        let (r, c) = corner_pos(corner);
        grid[r][c] = if open & corner.bit() != 0 || separate_cities_meet(layout, corner) {
            '.'
        } else {
            '#'
        };
    }
    if layout.baobab {
        if let Some(&(r, c)) = BAOBAB_SPOTS.iter().find(|(r, c)| grid[*r][*c] == '.') {
            grid[r][c] = 'T';
        }
    }
    grid.iter().map(|row| row.iter().collect()).collect()
}

/// The complete text of `meeplelab tiles show`: header and totals, every tile type with its
/// drawing and copies, then the start tile and the vehicle spaces (Safari) or the start tile's
/// type (Carcassonne).
pub fn render_tileset(set: &TileSet) -> String {
    if set.game == "carcassonne" {
        return render_carcassonne(set);
    }
    let mut lines = header(set);
    for tile in &set.types {
        lines.push(String::new());
        lines.extend(tile_type(tile));
    }
    lines.push(String::new());
    lines.extend(start_tile(set));
    lines.push(String::new());
    lines.join("\n")
}

/// The bush band along `side`: (first row, last row, first column, last column).
fn band(side: Side) -> (usize, usize, usize, usize) {
    match side {
        Side::N => (0, 0, 1, 5),
        Side::E => (1, 3, 5, 6),
        Side::S => (4, 4, 1, 5),
        Side::W => (1, 3, 0, 1),
    }
}

/// The cell between a side's band and the centre: it joins the sides of one feature, and a
/// path with a single side ends there.
fn spoke(side: Side) -> Pos {
    match side {
        Side::N => (1, 3),
        Side::E => (2, 4),
        Side::S => (3, 3),
        Side::W => (2, 2),
    }
}

/// The cells a path runs through from `side` towards the centre (its spoke last).
fn stem(side: Side) -> &'static [Pos] {
    match side {
        Side::N => &[(0, 3), (1, 3)],
        Side::E => &[(2, 6), (2, 5), (2, 4)],
        Side::S => &[(4, 3), (3, 3)],
        Side::W => &[(2, 0), (2, 1), (2, 2)],
    }
}

/// The inner cell towards `corner`, between the spokes of the two sides meeting there.
const fn quadrant(corner: Corner) -> Pos {
    match corner {
        Corner::NE => (1, 4),
        Corner::SE => (3, 4),
        Corner::SW => (3, 2),
        Corner::NW => (1, 2),
    }
}

fn corner_pos(corner: Corner) -> Pos {
    match corner {
        Corner::NE => (0, WIDTH - 1),
        Corner::SE => (HEIGHT - 1, WIDTH - 1),
        Corner::SW => (HEIGHT - 1, 0),
        Corner::NW => (0, 0),
    }
}

/// Fills the bands of an area's sides (bush or city) with `#` and shows `marks` of them (birds,
/// pennants) as `mark`. Sides of one area are joined: two adjacent sides through the quadrant
/// between them, two opposite sides alone through the centre; separate areas are never joined,
/// so they stay apart in the drawing.
fn draw_area(grid: &mut Grid, area: &FeatureSpec, marks: u8, mark: char) {
    let sides: Vec<Side> = area.side_list().collect();
    let cells: Vec<Pos> = sides
        .iter()
        .flat_map(|&side| {
            let (r0, r1, c0, c1) = band(side);
            (r0..=r1).flat_map(move |r| (c0..=c1).map(move |c| (r, c)))
        })
        .collect();
    let quadrants: Vec<Corner> = Corner::ALL
        .into_iter()
        .filter(|c| c.sides().iter().all(|s| area.sides & s.bit() != 0))
        .collect();
    let joins: Vec<Pos> = match (sides.len(), quadrants.is_empty()) {
        (0 | 1, _) => Vec::new(),
        (_, true) => sides.iter().map(|&s| spoke(s)).chain([CENTRE]).collect(),
        (_, false) => quadrants
            .iter()
            .flat_map(|&c| c.sides().map(spoke).into_iter().chain([quadrant(c)]))
            .collect(),
    };
    for &(r, c) in cells.iter().chain(&joins) {
        grid[r][c] = '#';
    }
    for &(r, c) in cells.iter().take(usize::from(marks)) {
        grid[r][c] = mark;
    }
}

/// Draws the stem from `side` towards the centre: `|` from north or south, `-` from east or
/// west.
fn draw_stem(grid: &mut Grid, side: Side) {
    let line = if matches!(side, Side::N | Side::S) {
        '|'
    } else {
        '-'
    };
    for &(r, c) in stem(side) {
        grid[r][c] = line;
    }
}

/// Draws a path's stems; one side ends in a dead end `o`, several meet in the centre.
fn draw_path(grid: &mut Grid, path: &FeatureSpec) {
    let sides: Vec<Side> = path.side_list().collect();
    for &side in &sides {
        draw_stem(grid, side);
    }
    let both = |a: Side, b: Side| a.bit() | b.bit();
    let ((r, c), mark) = match sides.as_slice() {
        [] => return,
        [only] => (spoke(*only), 'o'),
        _ if path.sides == both(Side::N, Side::S) => (CENTRE, '|'),
        _ if path.sides == both(Side::E, Side::W) => (CENTRE, '-'),
        _ => (CENTRE, '+'),
    };
    grid[r][c] = mark;
}

/// Draws a road's stems; a road with one side runs to the centre and ends there (`o`), where
/// a junction, a village, a city gate or a monastery stops it.
fn draw_road(grid: &mut Grid, road: &FeatureSpec) {
    if road.sides.count_ones() > 1 {
        draw_path(grid, road);
        return;
    }
    for side in road.side_list() {
        draw_stem(grid, side);
        grid[CENTRE.0][CENTRE.1] = 'o';
    }
}

/// Whether the two sides meeting at `corner` belong to two different cities (the corner stays
/// clear so that the caps look apart).
fn separate_cities_meet(layout: &TileLayout, corner: Corner) -> bool {
    let city_at = |side: Side| {
        layout
            .features
            .iter()
            .position(|f| f.kind == FeatureKind::City && f.sides & side.bit() != 0)
    };
    let [a, b] = corner.sides().map(city_at);
    matches!((a, b), (Some(x), Some(y)) if x != y)
}

/// The text of `tiles show` for a Carcassonne set: header, then every type with its drawing.
fn render_carcassonne(set: &TileSet) -> String {
    let sum = |per: &dyn Fn(&TileType) -> usize| {
        set.types.iter().fold(0usize, |n, t| {
            n.saturating_add(t.copy_count().saturating_mul(per(t)))
        })
    };
    let of_kind = |kind: FeatureKind| {
        move |t: &TileType| t.layout.features.iter().filter(|f| f.kind == kind).count()
    };
    let pennants = sum(&|t| {
        let p = t.layout.features.iter().map(|f| usize::from(f.pennants));
        p.sum()
    });
    let mut lines = vec![format!("tile set {} (game {})", set.name, set.game)];
    lines.extend(set.source.iter().map(|s| format!("source {s}")));
    lines.push(format!(
        "totals: {}, {} ({} and the start tile), {}, {}",
        count_noun(set.types.len(), "tile type", "tile types"),
        count_noun(sum(&|_| 1), "tile", "tiles"),
        count_noun(set.land_tile_count(), "land tile", "land tiles"),
        count_noun(pennants, "pennant", "pennants"),
        count_noun(
            sum(&of_kind(FeatureKind::Monastery)),
            "monastery",
            "monasteries"
        ),
    ));
    lines.push(match &set.start_type {
        Some(start) => format!("start tile: one copy of {}, at 0 0 as drawn", start.id),
        None => "start tile: none".to_string(),
    });
    lines.push(CARCASSONNE_LEGEND.to_string());
    for tile in &set.types {
        lines.push(String::new());
        let expansion = tile.expansion.as_ref();
        lines.push(format!(
            "tile {} ({}{})",
            tile.id,
            count_noun(tile.count, "copy", "copies"),
            expansion.map_or(String::new(), |e| format!(", expansion {e}"))
        ));
        lines.extend(beside(
            &draw_layout(&tile.layout),
            &carcassonne_notes(&tile.layout),
        ));
    }
    lines.push(String::new());
    lines.join("\n")
}

/// One line per feature: `city N W, pennant`, `field E S, borders city N W`.
fn carcassonne_notes(layout: &TileLayout) -> Vec<String> {
    let features = &layout.features;
    let mut notes: Vec<String> = features
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let mut note = feature_summary(f);
            if f.pennants > 0 {
                note.push_str(&format!(
                    ", {}",
                    count_noun(f.pennants.into(), "pennant", "pennants")
                ));
            }
            if f.kind == FeatureKind::Field {
                let mask = layout.field_borders(i);
                let borders: Vec<String> = (0..features.len().min(16))
                    .filter(|c| mask & 1 << c != 0)
                    .map(|c| feature_summary(&features[c]))
                    .collect();
                if !borders.is_empty() {
                    note.push_str(&format!(", borders {}", borders.join(" and ")));
                }
            }
            note
        })
        .collect();
    if notes.is_empty() {
        notes.push("no feature".to_string());
    }
    notes
}

fn header(set: &TileSet) -> Vec<String> {
    let baobab_tiles: usize = set
        .types
        .iter()
        .filter(|t| t.layout.baobab)
        .map(|t| t.copies.len())
        .sum();
    let birds: usize = set
        .types
        .iter()
        .map(|t| t.copies.len() * layout_birds(&t.layout))
        .sum();
    let animals = species_totals(set.types.iter().flat_map(|t| t.copies.iter().flatten()));
    let start_animals = species_totals(set.start.iter().flat_map(|c| c.animals.iter()));
    let mut lines = vec![format!("tile set {} (game {})", set.name, set.game)];
    lines.extend(set.source.iter().map(|s| format!("source {s}")));
    lines.push(format!(
        "totals: {}, {}, {} with a baobab, {}",
        count_noun(set.types.len(), "tile type", "tile types"),
        count_noun(set.land_tile_count(), "land tile", "land tiles"),
        baobab_tiles,
        count_noun(birds, "bird", "birds")
    ));
    lines.push(format!("animals on land tiles: {}", species_line(&animals)));
    lines.push(format!(
        "start tile: {}, animals {}, {}",
        count_noun(set.start.len(), "cell", "cells"),
        letters(&start_animals),
        count_noun(set.vehicles.len(), "vehicle space", "vehicle spaces")
    ));
    lines.push(LEGEND.to_string());
    lines
}

fn layout_birds(layout: &TileLayout) -> usize {
    layout.features.iter().map(|f| usize::from(f.birds)).sum()
}

/// Sums animal entries per species (in `u32`, so large sets cannot overflow).
fn species_totals<'a>(entries: impl Iterator<Item = &'a SpeciesCounts>) -> [u32; 5] {
    let mut totals = [0u32; 5];
    for entry in entries {
        for species in Species::ALL {
            totals[species.index()] += u32::from(entry.get(species));
        }
    }
    totals
}

/// `A 10, E 17, … (70 in all)`.
fn species_line(totals: &[u32; 5]) -> String {
    let parts: Vec<String> = Species::ALL
        .iter()
        .map(|s| format!("{} {}", s.letter(), totals[s.index()]))
        .collect();
    let all: u32 = totals.iter().sum();
    format!("{} ({all} in all)", parts.join(", "))
}

/// The animals as letters in species order (`AEG`), or `-` for none.
fn letters(totals: &[u32; 5]) -> String {
    let text: String = Species::ALL
        .iter()
        .flat_map(|s| std::iter::repeat_n(s.letter(), totals[s.index()] as usize))
        .collect();
    if text.is_empty() {
        "-".to_string()
    } else {
        text
    }
}

fn tile_type(tile: &TileType) -> Vec<String> {
    let copies: Vec<String> = tile.copies.iter().map(copy_text).collect();
    let mut notes = layout_notes(&tile.layout);
    notes.push(format!("copies: {}", copies.join(" ")));
    let mut lines = vec![format!(
        "tile {} ({})",
        tile.id,
        count_noun(tile.count, "copy", "copies")
    )];
    lines.extend(beside(&draw_layout(&tile.layout), &notes));
    lines
}

/// One line per feature (`bush N E, 2 birds`), then the baobab and marked bush corners.
fn layout_notes(layout: &TileLayout) -> Vec<String> {
    let mut notes: Vec<String> = layout
        .features
        .iter()
        .map(|f| match f.birds {
            0 => feature_summary(f),
            n => format!(
                "{}, {}",
                feature_summary(f),
                count_noun(n.into(), "bird", "birds")
            ),
        })
        .collect();
    if notes.is_empty() {
        notes.push("no path or bush".to_string());
    }
    if layout.baobab {
        notes.push("baobab".to_string());
    }
    let marked: Vec<&str> = Corner::ALL
        .into_iter()
        .filter(|c| layout.bush_corners & c.bit() != 0)
        .map(Corner::name)
        .collect();
    if !marked.is_empty() {
        notes.push(format!("bush corners {}", marked.join(" ")));
    }
    notes
}

/// The animals of one copy, one entry per feature: `[Z -]`.
fn copy_text(copy: &CopyAnimals) -> String {
    let entries: Vec<String> = copy.iter().map(ToString::to_string).collect();
    format!("[{}]", entries.join(" "))
}

/// Puts a drawing on the left and notes on the right, line by line.
/// The drawing of `layout` with `notes` beside it, one note per line (as `tiles show` prints
/// a tile type).
pub fn drawing_with_notes(layout: &TileLayout, notes: &[String]) -> Vec<String> {
    beside(&draw_layout(layout), notes)
}

fn beside(drawing: &[String], notes: &[String]) -> Vec<String> {
    (0..drawing.len().max(notes.len()))
        .map(|i| {
            let left = drawing.get(i).map_or("", String::as_str);
            let right = notes.get(i).map_or("", String::as_str);
            format!("  {left:<WIDTH$}   {right}").trim_end().to_string()
        })
        .collect()
}

fn start_tile(set: &TileSet) -> Vec<String> {
    let vehicles: Vec<String> = set
        .vehicles
        .iter()
        .map(|v| format!("{} {}", v.x, v.y))
        .collect();
    let mut lines = vec![format!(
        "start tile ({}; vehicles start at: {})",
        count_noun(set.start.len(), "cell", "cells"),
        if vehicles.is_empty() {
            "none".to_string()
        } else {
            vehicles.join(", ")
        }
    )];
    lines.extend(start_map(set));
    for cell in &set.start {
        let mut notes = layout_notes(&cell.layout);
        notes.push(format!("animals: {}", copy_text(&cell.animals)));
        lines.push(format!("cell {} {}: {}", cell.x, cell.y, notes.join("; ")));
    }
    lines
}

/// The start cells and vehicle spaces drawn in place, north up, with x labels on top.
fn start_map(set: &TileSet) -> Vec<String> {
    let positions: Vec<(i16, i16)> = set
        .start
        .iter()
        .map(|c| (c.x, c.y))
        .chain(set.vehicles.iter().map(|v| (v.x, v.y)))
        .map(|(x, y)| (i16::from(x), i16::from(y)))
        .collect();
    let (Some((x0, x1)), Some((y0, y1))) = (
        span(positions.iter().map(|p| p.0)),
        span(positions.iter().map(|p| p.1)),
    ) else {
        return Vec::new();
    };
    let labels: Vec<String> = (x0..=x1)
        .map(|x| format!("{:^WIDTH$}", format!("x={x}")))
        .collect();
    let mut lines = vec![format!("        {}", labels.join(" "))
        .trim_end()
        .to_string()];
    for y in (y0..=y1).rev() {
        let row: Vec<Vec<String>> = (x0..=x1).map(|x| map_cell(set, x, y)).collect();
        for i in 0..HEIGHT {
            let label = if i == HEIGHT / 2 {
                format!("y={y}")
            } else {
                String::new()
            };
            let parts: Vec<&str> = row.iter().map(|cell| cell[i].as_str()).collect();
            lines.push(
                format!("  {label:<6}{}", parts.join(" "))
                    .trim_end()
                    .to_string(),
            );
        }
    }
    lines
}

/// The smallest and largest value, if any.
fn span(values: impl Iterator<Item = i16> + Clone) -> Option<(i16, i16)> {
    Some((values.clone().min()?, values.max()?))
}

/// What the start map shows at `(x, y)`: a start cell, a vehicle space or nothing.
fn map_cell(set: &TileSet, x: i16, y: i16) -> Vec<String> {
    let at = |cx: i8, cy: i8| (i16::from(cx), i16::from(cy)) == (x, y);
    if let Some(cell) = set.start.iter().find(|c| at(c.x, c.y)) {
        return draw_layout(&cell.layout);
    }
    let picture: [&str; HEIGHT] = if set.vehicles.iter().any(|v| at(v.x, v.y)) {
        ["", " +---+", " |car|", " +---+", ""]
    } else {
        [""; HEIGHT]
    };
    picture.iter().map(|s| format!("{s:<WIDTH$}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::tileset::parse_tileset;

    /// The layout of a one-tile file whose tile block holds `text`.
    fn layout(text: &str) -> TileLayout {
        let features = text
            .lines()
            .filter(|l| l.starts_with("path ") || l.starts_with("bush "))
            .count();
        let copy = format!("copy{}", " -".repeat(features));
        let file = format!("tileset t\ngame safari\ntile x count 1\n{text}\n{copy}\n");
        parse_tileset(&file, "t").unwrap().types.remove(0).layout
    }

    #[test]
    fn draws_paths_bushes_birds_baobab_and_corners() {
        for (text, drawing) in [
            (
                "path N S\nbush E birds 1\nbaobab",
                ["...|..#", "..T|.v#", "...|.##", "...|.##", "...|..#"],
            ),
            (
                "path W N\npath S\nbush E",
                ["...|..#", "...|.##", "---+.##", "...o.##", "...|..#"],
            ),
            (
                "bush N E birds 2",
                ["#vv####", "...####", "....###", ".....##", "......#"],
            ),
            (
                "bush-corners SW\nbaobab",
                [".......", ".......", "...T...", ".......", "#......"],
            ),
        ] {
            assert_eq!(draw_layout(&layout(text)), drawing, "{text}");
        }
    }

    #[test]
    fn one_bush_is_joined_and_separate_bushes_stay_apart() {
        assert_eq!(draw_layout(&layout("bush N\nbush E"))[1], ".....##");
        assert_eq!(draw_layout(&layout("bush N E"))[1], "...####");
        assert_eq!(draw_layout(&layout("bush W E"))[2], "#######");
        assert_eq!(draw_layout(&layout("bush W\nbush E"))[2], "##...##");
    }

    #[test]
    fn every_drawing_is_seven_by_five() {
        for tile in &crate::games::safari::BUILTIN_TILES.tile_set().types {
            let drawing = draw_layout(&tile.layout);
            assert_eq!(drawing.len(), HEIGHT, "{}", tile.id);
            assert!(
                drawing.iter().all(|l| l.chars().count() == WIDTH),
                "{}",
                tile.id
            );
        }
    }

    #[test]
    fn render_shows_totals_types_and_start() {
        let text = render_tileset(&crate::games::safari::BUILTIN_TILES.tile_set());
        assert!(text.contains("totals: 33 tile types, 72 land tiles, 29 with a baobab, 34 birds"));
        assert!(text.contains("start tile: 3 cells, animals AEG, 2 vehicle spaces"));
        assert!(text.contains("tile 26 (5 copies)"));
        assert!(text.contains("copies: [E E] [E G] [E Z] [L L] [L Z]"));
        assert!(text.contains("start tile (3 cells; vehicles start at: -2 0, 2 0)"));
        assert!(text.contains("|car|"));
        assert!(text.contains("cell 1 0: path E; bush N, 1 bird; animals: [A -]"));
    }
}
