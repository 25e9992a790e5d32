//! The terminal view of `meeplelab play`: the board as ASCII tiles around the last tile placed,
//! the tile to place in each rotation, scores and hands, and the numbered options.

use meeplelab::core::game::Game;
use meeplelab::core::geom::{Coord, Corner, Rotation, Side};
use meeplelab::core::tileset::{draw_layout, FeatureKind, VariantId};
use meeplelab::games::safari::{Action, Phase, SafariState, Spot};
use meeplelab::io::svg::TileFaces;
use std::collections::BTreeSet;
use std::fmt::Write as _;

/// Width of one tile drawing in characters.
const W: usize = 7;

/// Height of one tile drawing in lines.
const H: usize = 5;

/// Most columns and rows of cells shown around the last tile (unless the whole board is asked).
const WINDOW: (i32, i32) = (11, 7);

/// Width the option list may take.
const LIST_WIDTH: usize = 96;

/// A tile drawing: `H` rows of `W` characters.
type Picture = Vec<Vec<char>>;

/// Everything shown at one of the person's decisions.
pub(super) fn decision_view(
    state: &SafariState,
    faces: &TileFaces,
    human: usize,
    whole: bool,
) -> String {
    let mut out = format!(
        "\n=== turn {} · P{} to move · {} tiles left ===\n",
        state.turn() + 1,
        state.active_player(),
        state.tiles_left()
    );
    out.push_str(&board_text(state, faces, whole));
    if state.phase() == Phase::PlaceTile {
        out.push_str(&drawn_tile(state, faces));
    }
    out.push_str(&players(state, human));
    out.push_str(&options(state));
    out
}

/// `final scores: P0 (you) 28, P1 23 · P0 wins`.
pub(super) fn scores_line(state: &SafariState, human: usize, label: &str) -> String {
    let scores = state.scores();
    let parts: Vec<String> = scores
        .iter()
        .enumerate()
        .map(|(p, s)| format!("P{p}{} {s}", you(p, human)))
        .collect();
    let best = scores.iter().copied().max().unwrap_or(0);
    let leaders: Vec<String> = (0..scores.len())
        .filter(|&p| scores[p] == best)
        .map(|p| format!("P{p}"))
        .collect();
    let verb = if state.is_terminal() { "wins" } else { "leads" };
    let verb = if leaders.len() > 1 {
        format!(
            "share the {}",
            if state.is_terminal() { "win" } else { "lead" }
        )
    } else {
        verb.to_string()
    };
    format!(
        "{label}: {} · {} {verb}\n",
        parts.join(", "),
        leaders.join(" and ")
    )
}

/// ` (you)` after the person's seat.
fn you(p: usize, human: usize) -> &'static str {
    if p == human {
        " (you)"
    } else {
        ""
    }
}

/// The board as ASCII tiles, north up, with coordinates; the tile placed last in `[ ]`.
pub(super) fn board_text(state: &SafariState, faces: &TileFaces, whole: bool) -> String {
    let (xs, ys) = window(state, whole);
    let last = last_placed(state);
    let targets = place_targets(state);
    let labels: Vec<String> = xs
        .clone()
        .map(|x| format!("{:^W$}", format!("x={x}")))
        .collect();
    let mut out = format!("       {}\n", labels.join(" ").trim_end());
    for y in ys.clone().rev() {
        let row: Vec<Picture> = xs
            .clone()
            .map(|x| cell_picture(state, faces, coord(x, y), &targets))
            .collect();
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
    out.push_str(&holes(state));
    if (xs, ys) != window(state, true) {
        out.push_str("(only the part around the last tile is shown; type board for all of it)\n");
    }
    out
}

/// The coordinate `(x, y)` (the board spans far less than `i8`).
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

/// The tile placed last by a player (not a start cell).
fn last_placed(state: &SafariState) -> Option<Coord> {
    (state.cells().len() > state.tiles().start.len()).then(|| state.last_cell().at)
}

/// Where the drawn tile fits (only while it is to be placed).
fn place_targets(state: &SafariState) -> BTreeSet<Coord> {
    if state.phase() != Phase::PlaceTile {
        return BTreeSet::new();
    }
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    legal
        .iter()
        .filter_map(|a| match a {
            Action::Place { at, .. } => Some(*at),
            _ => None,
        })
        .collect()
}

/// The columns and rows shown: everything, or a window around the last tile.
fn window(
    state: &SafariState,
    whole: bool,
) -> (std::ops::RangeInclusive<i32>, std::ops::RangeInclusive<i32>) {
    let coords: Vec<Coord> = state
        .cells()
        .iter()
        .map(|c| c.at)
        .chain(state.vehicles().into_iter().flatten())
        .chain(state.board().frontier().iter().map(|f| f.coord))
        .collect();
    let span = |v: Vec<i32>| (v.iter().copied().min(), v.iter().copied().max());
    let (Some(x0), Some(x1)) = span(coords.iter().map(|c| i32::from(c.x)).collect()) else {
        return (0..=0, 0..=0);
    };
    let (Some(y0), Some(y1)) = span(coords.iter().map(|c| i32::from(c.y)).collect()) else {
        return (0..=0, 0..=0);
    };
    if whole {
        return (x0..=x1, y0..=y1);
    }
    let focus = last_placed(state).unwrap_or_default();
    (
        clip(x0, x1, i32::from(focus.x), WINDOW.0),
        clip(y0, y1, i32::from(focus.y), WINDOW.1),
    )
}

/// At most `size` values of `lo..=hi`, centred on `focus` where possible.
fn clip(lo: i32, hi: i32, focus: i32, size: i32) -> std::ops::RangeInclusive<i32> {
    if hi - lo < size {
        return lo..=hi;
    }
    let start = (focus - size / 2).clamp(lo, hi - size + 1);
    start..=start + size - 1
}

/// The picture of the space at `c`: a tile with its meeples and tokens, a vehicle, an empty
/// space next to the tiles (with its coordinates), or nothing.
fn cell_picture(
    state: &SafariState,
    faces: &TileFaces,
    c: Coord,
    targets: &BTreeSet<Coord>,
) -> Picture {
    if let Some(cell) = state.cell_at(c) {
        let mut pic = layout_picture(faces, cell.variant, cell.rot);
        for corner in Corner::ALL {
            if let Some(s) = cell.data.token(corner) {
                let (r, col) = corner_pos(corner);
                pic[r][col] = s.letter();
            }
        }
        mark_meeples(state, c, &mut pic);
        return pic;
    }
    let lines: [String; H] = match state.vehicles().iter().position(|v| *v == Some(c)) {
        Some(i) => [
            String::new(),
            " +---+".into(),
            format!(" |V{} |", i + 1),
            " +---+".into(),
            c.to_string(),
        ],
        None if state.board().frontier_cell(c).is_some() => [
            String::new(),
            String::new(),
            c.to_string(),
            if targets.contains(&c) { "fits" } else { "" }.into(),
            String::new(),
        ],
        None => Default::default(),
    };
    lines
        .iter()
        .map(|l| format!("{l:^W$}").chars().take(W).collect())
        .collect()
}

/// A variant's drawing after rotation.
fn layout_picture(faces: &TileFaces, variant: VariantId, rot: Rotation) -> Picture {
    draw_layout(&faces.placed_layout(variant, rot))
        .iter()
        .map(|l| l.chars().collect())
        .collect()
}

/// The character of a drawing at `corner` (where a token is shown).
fn corner_pos(corner: Corner) -> (usize, usize) {
    match corner {
        Corner::NE => (0, W - 1),
        Corner::SE => (H - 1, W - 1),
        Corner::SW => (H - 1, 0),
        Corner::NW => (0, 0),
    }
}

/// Puts the seat digit of each meeple on a tile's feature or baobab into its picture.
fn mark_meeples(state: &SafariState, c: Coord, pic: &mut Picture) {
    let Some(ci) = state.cells().iter().position(|cell| cell.at == c) else {
        return;
    };
    let cell = &state.cells()[ci];
    let v = state.variant_of(cell);
    let o = state.orientation_of(cell);
    for m in state.placed_meeples() {
        let digit = char::from(b'0' + m.player);
        let pos = match m.spot {
            Spot::Feature(node)
                if (cell.first_node..cell.first_node + v.segment_count).contains(&node) =>
            {
                let seg = node - cell.first_node;
                Side::ALL
                    .into_iter()
                    .find(|s| o.side_segment[s.index()] == seg)
                    .map(|s| feature_pos(v.segments[usize::from(seg)].kind, s))
            }
            Spot::Baobab(i) if usize::from(i) == ci => find_char(pic, 'T'),
            _ => None,
        };
        if let Some((r, col)) = pos {
            pic[r][col] = digit;
        }
    }
}

/// Where a meeple on a feature touching `side` is drawn: on the bush band, or on the path.
fn feature_pos(kind: FeatureKind, side: Side) -> (usize, usize) {
    let bush = kind == FeatureKind::Bush;
    match side {
        Side::N if bush => (0, 3),
        Side::E if bush => (2, 6),
        Side::S if bush => (4, 3),
        Side::W if bush => (2, 0),
        Side::N => (1, 3),
        Side::E => (2, 5),
        Side::S => (3, 3),
        Side::W => (2, 1),
    }
}

/// Where `ch` first appears in a drawing.
fn find_char(pic: &Picture, ch: char) -> Option<(usize, usize)> {
    pic.iter()
        .enumerate()
        .find_map(|(r, row)| row.iter().position(|&x| x == ch).map(|c| (r, c)))
}

/// One line per watering hole: its tokens (tile and corner) and the meeples on it.
fn holes(state: &SafariState) -> String {
    let vertices = state.hole_vertices();
    let mut out = String::new();
    for v in vertices {
        let tokens: Vec<String> = (0..4)
            .filter_map(|k| {
                let (c, corner) = v.slot(k);
                let s = state.cell_at(c)?.data.token(corner)?;
                Some(format!("{s} at {c} {}", corner.name()))
            })
            .collect();
        let meeples: Vec<String> = state
            .placed_meeples()
            .iter()
            .filter(|m| m.spot == Spot::Hole(v))
            .map(|m| format!("P{}", m.player))
            .collect();
        let _ = writeln!(
            out,
            "watering hole: {}; meeples: {}",
            tokens.join(", "),
            if meeples.is_empty() {
                "none".to_string()
            } else {
                meeples.join(" ")
            }
        );
    }
    out
}

/// The tile to place in each rotation that gives a different result, with its animals.
fn drawn_tile(state: &SafariState, faces: &TileFaces) -> String {
    let id = state.drawn_tile();
    let v = state.tiles().variant(id);
    let pictures: Vec<Picture> = v
        .rotations()
        .iter()
        .map(|&r| layout_picture(faces, id, r))
        .collect();
    let mut out = format!("tile to place: {} ({})\n", v.name, tile_contents(faces, id));
    for line in 0..H {
        let parts: Vec<String> = pictures.iter().map(|p| p[line].iter().collect()).collect();
        let _ = writeln!(out, "  {}", parts.join("   "));
    }
    let names: Vec<String> = v
        .rotations()
        .iter()
        .map(|r| format!("{:^W$}", r.to_string()))
        .collect();
    let _ = writeln!(out, "  {}", names.join("   ").trim_end());
    out
}

/// `path W S: E; bush N E: EG, 2 birds; baobab` (sides as printed on the unturned tile).
fn tile_contents(faces: &TileFaces, id: VariantId) -> String {
    let layout = faces.placed_layout(id, Rotation::default());
    let animals = faces.animals(id);
    let mut parts: Vec<String> = layout
        .features
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let sides: Vec<String> = f.side_list().map(|s| s.letter().to_string()).collect();
            let found = animals.get(i).copied().unwrap_or_default();
            let mut text = format!("{} {}: {found}", f.kind, sides.join(" "));
            if f.birds > 0 {
                let _ = write!(text, ", {} bird(s)", f.birds);
            }
            text
        })
        .collect();
    if layout.baobab {
        parts.push("baobab".into());
    }
    if parts.is_empty() {
        "savanna only".into()
    } else {
        parts.join("; ")
    }
}

/// Scores, meeples and tokens of every player.
fn players(state: &SafariState, human: usize) -> String {
    let mut out = String::new();
    for p in 0..state.players() {
        let _ = writeln!(
            out,
            "P{p}{:<6}  score {:>3}   meeples {}   tokens {}",
            you(p, human),
            state.scores()[p],
            state.meeples_in_supply(p),
            state.hand(p)
        );
    }
    out
}

/// The legal actions in the order they are numbered: tile placements in reading order of the
/// board (north to south, west to east, then rotation), other actions as the engine lists them.
pub(super) fn numbered_options(state: &SafariState) -> Vec<Action> {
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    legal.sort_by_key(|a| match a {
        Action::Place { at, rot } => (-i32::from(at.y), i32::from(at.x), rot.quarter_turns()),
        _ => (0, 0, 0),
    });
    legal
}

/// What is being decided and the numbered legal options, in columns.
fn options(state: &SafariState) -> String {
    let legal = numbered_options(state);
    let what = match state.phase() {
        Phase::PlaceTile => "place the tile",
        Phase::Action => "your action (meeple, vehicle, watering hole or pass)",
        Phase::ScoreOrder => "which completed feature scores first",
        Phase::Boost => "boost the feature being scored?",
        Phase::ReplaceVehicle => "where the displaced vehicle goes",
        Phase::GameOver => "nothing: the game is over",
    };
    let entries: Vec<String> = legal
        .iter()
        .enumerate()
        .map(|(i, a)| format!("{:>3}. {}", i + 1, state.format_action(a)))
        .collect();
    let width = entries.iter().map(String::len).max().unwrap_or(0) + 2;
    let cols = if entries.len() <= 10 {
        1
    } else {
        (LIST_WIDTH / width).clamp(1, 4)
    };
    let rows = entries.len().div_ceil(cols);
    let mut out = format!("Your decision: {what}. Options:\n");
    for r in 0..rows {
        let line: String = (0..cols)
            .filter_map(|c| entries.get(c * rows + r))
            .map(|e| format!("{e:<width$}"))
            .collect();
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out.push_str("Type a number, a move (e.g. pass), board, undo, save FILE, help or quit.\n");
    out
}
