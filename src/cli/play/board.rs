//! The board as text, for every game: 7×5-character tile pictures in a grid, north up, with
//! `x=`/`y=` coordinates, the tile placed last between `[ ]`, and a window around it unless the
//! whole board is asked for. What each space shows is the game's.

use meeplelab::core::geom::Coord;
use meeplelab::core::tile_game::{GameParts, TileState};
use meeplelab::core::tileset::{draw_layout, TileLayout};
use std::ops::RangeInclusive;

/// Width of one tile picture in characters.
pub(super) const W: usize = 7;

/// Height of one tile picture in lines.
pub(super) const H: usize = 5;

/// Most columns and rows shown around the last tile (unless the whole board is asked).
const WINDOW: (i32, i32) = (11, 7);

/// A tile picture: `H` rows of `W` characters.
pub(super) type Picture = Vec<Vec<char>>;

/// The drawing of a layout as a picture.
pub(super) fn layout_picture(layout: &TileLayout) -> Picture {
    draw_layout(layout)
        .iter()
        .map(|l| l.chars().collect())
        .collect()
}

/// A picture of up to `H` centred text lines (an empty space, a vehicle).
pub(super) fn text_picture(lines: &[String]) -> Picture {
    (0..H)
        .map(|i| {
            let line = lines.get(i).map_or("", String::as_str);
            format!("{line:^W$}").chars().take(W).collect()
        })
        .collect()
}

/// An empty space next to the tiles: its coordinates, and `fits` when the tile to place fits
/// there.
pub(super) fn open_space(c: Coord, fits: bool) -> Picture {
    let note = if fits { "fits" } else { "" };
    text_picture(&[String::new(), String::new(), c.to_string(), note.into()])
}

/// The board of a tile game: its placed cells, the open spaces next to them and `extra`
/// spaces (pieces off the tiles), each drawn by `picture`, with the tile placed last marked.
pub(super) fn tile_board<P: GameParts, const S: usize, const F: usize, const N: usize>(
    state: &TileState<P, S, F, N>,
    extra: &[Coord],
    whole: bool,
    picture: impl Fn(Coord) -> Picture,
) -> String {
    let spaces: Vec<Coord> = (state.cells().iter().map(|c| c.at))
        .chain(state.board().frontier().iter().map(|f| f.coord))
        .chain(extra.iter().copied())
        .collect();
    let last = (state.cells().len() > state.tiles().start.len()).then(|| state.last_cell().at);
    board_text(&spaces, last, whole, picture)
}

/// The board over the spaces `spaces` (tiles, open spaces, pieces): each space drawn by
/// `picture`, the tile placed last (`last`) between `[ ]`; around `last` only, unless `whole`.
fn board_text(
    spaces: &[Coord],
    last: Option<Coord>,
    whole: bool,
    picture: impl Fn(Coord) -> Picture,
) -> String {
    let (xs, ys) = window(spaces, last, whole);
    let labels: Vec<String> = xs
        .clone()
        .map(|x| format!("{:^W$}", format!("x={x}")))
        .collect();
    let mut out = format!("       {}\n", labels.join(" ").trim_end());
    for y in ys.clone().rev() {
        let row: Vec<Picture> = xs.clone().map(|x| picture(coord(x, y))).collect();
        for line in 0..H {
            let label = if line == H / 2 {
                format!("y={y}")
            } else {
                String::new()
            };
            let mut text = format!("{label:<6}");
            for (x, picture) in xs.clone().zip(&row) {
                text.push(separator(last, coord(x - 1, y), coord(x, y)));
                text.extend(&picture[line]);
            }
            text.push(separator(last, coord(*xs.end(), y), coord(xs.end() + 1, y)));
            out.push_str(text.trim_end());
            out.push('\n');
        }
    }
    if (xs, ys) != window(spaces, last, true) {
        out.push_str("(only the part around the last tile is shown; type board for all of it)\n");
    }
    out
}

/// The coordinate `(x, y)` (boards span far less than `i8`).
fn coord(x: i32, y: i32) -> Coord {
    Coord::new(x as i8, y as i8)
}

/// `[` before and `]` after the tile placed last, else a space.
fn separator(last: Option<Coord>, left: Coord, right: Coord) -> char {
    match last {
        Some(c) if c == right => '[',
        Some(c) if c == left => ']',
        _ => ' ',
    }
}

/// The columns and rows shown: every space, or a window around `last`.
fn window(
    spaces: &[Coord],
    last: Option<Coord>,
    whole: bool,
) -> (RangeInclusive<i32>, RangeInclusive<i32>) {
    let span = |v: Vec<i32>| (v.iter().copied().min(), v.iter().copied().max());
    let (Some(x0), Some(x1)) = span(spaces.iter().map(|c| i32::from(c.x)).collect()) else {
        return (0..=0, 0..=0);
    };
    let (Some(y0), Some(y1)) = span(spaces.iter().map(|c| i32::from(c.y)).collect()) else {
        return (0..=0, 0..=0);
    };
    if whole {
        return (x0..=x1, y0..=y1);
    }
    let focus = last.unwrap_or_default();
    (
        clip(x0, x1, i32::from(focus.x), WINDOW.0),
        clip(y0, y1, i32::from(focus.y), WINDOW.1),
    )
}

/// At most `size` values of `lo..=hi`, centred on `focus` where possible.
fn clip(lo: i32, hi: i32, focus: i32, size: i32) -> RangeInclusive<i32> {
    if hi - lo < size {
        return lo..=hi;
    }
    let start = (focus - size / 2).clamp(lo, hi - size + 1);
    start..=start + size - 1
}
