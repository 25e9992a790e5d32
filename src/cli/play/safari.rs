//! Safari at the terminal (`play --game safari`): tiles drawn as ASCII with their watering-hole
//! tokens, meeples and vehicles, the tile to place in each rotation with its animals, each
//! seat's tokens, and the questions of Safari's decisions.

use super::board::{layout_picture, open_space, text_picture, tile_board, Picture, H, W};
use super::table::{place_targets, Look, Table};
use meeplelab::core::geom::{Coord, Corner, Rotation, Side};
use meeplelab::core::species::Species;
use meeplelab::core::tileset::{CompiledTiles, FeatureKind, VariantId};
use meeplelab::games::safari::{Phase, SafariState, Spot, BUILTIN_TILES};
use meeplelab::games::tile_sets;
use meeplelab::io::svg::TileFaces;
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;

/// Safari's board shows the animals printed on its tiles, which only the tile file holds.
impl Look for TileFaces {
    fn read(tiles: &'static CompiledTiles, file: Option<&Path>) -> Result<TileFaces, String> {
        let set = match file {
            Some(path) => tile_sets::load(path).map_err(|e| e.to_string())?,
            None => BUILTIN_TILES.tile_set(),
        };
        TileFaces::new(&set, tiles).map_err(|e| e.to_string())
    }
}

impl Table for SafariState {
    type Look = TileFaces;

    fn board(&self, faces: &TileFaces, whole: bool) -> String {
        let targets = place_targets(self);
        let vehicles: Vec<Coord> = self.vehicles().into_iter().flatten().collect();
        let mut out = tile_board(self, &vehicles, whole, |c| {
            cell_picture(self, faces, c, &targets)
        });
        out.push_str(&holes(self));
        out
    }

    fn decision_facts(&self, faces: &TileFaces) -> String {
        if self.phase() == Phase::PlaceTile {
            drawn_tile(self, faces)
        } else {
            String::new()
        }
    }

    fn supplies(&self, player: usize) -> String {
        format!(
            "meeples {}   tokens {}",
            self.meeples_in_supply(player),
            self.hand(player)
        )
    }

    fn question(&self) -> String {
        match self.phase() {
            Phase::PlaceTile => format!(
                "place the tile {} (S-4)",
                self.tiles().variant(self.drawn_tile()).name
            ),
            Phase::Action => {
                "your one action: a meeple on the tile, a vehicle move, a watering hole, or pass \
                 (S-5)"
                    .into()
            }
            Phase::ScoreOrder => "which completed feature scores first (S-6.8)".into(),
            Phase::Boost => boost_question(self),
            Phase::ReplaceVehicle => "where the displaced vehicle goes (S-7.3)".into(),
            Phase::GameOver => "nothing: the game is over".into(),
        }
    }

    fn source_reason(source: &str) -> &'static str {
        match source {
            "path" => {
                "a completed path: the most meeples score by its species, 1/3/6/10/15, plus a \
                 boost token (S-6.4, S-6.5)"
            }
            "bush" => {
                "a completed bush: the most meeples score by its species, 1/3/6/10/15, +1 per \
                 bird, plus a boost token (S-6.4, S-6.5)"
            }
            "hole_dig" => "dug a watering hole: 3 (S-8.2)",
            "hole_extend" => "extended a watering hole: 4, 5 or 6 by its tokens (S-8.3)",
            "hole_complete" => "a watering hole complete: 3 to each meeple's owner (S-8.4)",
            "vehicle" => "vehicle bonus: the tile displaced a vehicle (S-7.3)",
            "final_features" => {
                "an incomplete path or bush at the end: its majority scores 1 per animal and bird (S-10.2)"
            }
            "final_tokens" => "tokens left at the end: 1 each (S-10.3)",
            _ => "points of the game's own source",
        }
    }
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
        let mut pic = face_picture(faces, cell.variant, cell.rot);
        mark_animals(faces, cell.variant, cell.rot, &mut pic);
        for corner in Corner::ALL {
            if let Some(s) = cell.data.token(corner) {
                let (r, col) = corner_pos(corner);
                pic[r][col] = s.letter();
            }
        }
        mark_meeples(state, c, &mut pic);
        return pic;
    }
    match state.vehicles().iter().position(|v| *v == Some(c)) {
        Some(i) => text_picture(&[
            String::new(),
            " +---+".into(),
            format!(" |V{} |", i + 1),
            " +---+".into(),
            c.to_string(),
        ]),
        None if state.board().frontier_cell(c).is_some() => open_space(c, targets.contains(&c)),
        None => text_picture(&[]),
    }
}

/// The question of a boost decision: which feature is being scored, what it is worth to the
/// decider without a boost and with one.
fn boost_question(state: &SafariState) -> String {
    let Some(node) = state.boost_target() else {
        return "boost the feature being scored, or not (S-6.5)".into();
    };
    let feature = state.feature(state.feature_root(node));
    let kind = if feature.bush { "bush" } else { "path" };
    let species: String = (Species::ALL.into_iter())
        .filter(|s| feature.species & s.bit() != 0)
        .map(Species::letter)
        .collect();
    format!(
        "the completed {kind} being scored (species {}; you score {} without a boost, {} with \
         one): discard a token of a species not on it to boost it, or not (S-6.4, S-6.5)",
        if species.is_empty() { "none" } else { &species },
        feature.completion_points(0),
        feature.completion_points(1)
    )
}

/// Puts the animals printed on a placed tile (lowercase species letters) on its paths and
/// bush, where the drawing has room.
fn mark_animals(faces: &TileFaces, variant: VariantId, rot: Rotation, pic: &mut Picture) {
    let layout = faces.placed_layout(variant, rot);
    for (feature, animals) in layout.features.iter().zip(faces.animals(variant)) {
        if animals.total() == 0 {
            continue;
        }
        let spots: Vec<(usize, usize)> = (feature.side_list())
            .flat_map(|side| animal_spots(feature.kind, side))
            .collect();
        let letters = animals.to_string().to_lowercase();
        let mut free = spots.into_iter();
        for letter in letters.chars() {
            let Some((r, c)) = free.find(|&(r, c)| matches!(pic[r][c], '#' | '|' | '-' | '+'))
            else {
                break;
            };
            pic[r][c] = letter;
        }
    }
}

/// Where animals on a feature touching `side` are drawn: in the bush band beside the side's
/// middle, or on the path near the middle of the tile (its end at the side last).
fn animal_spots(kind: FeatureKind, side: Side) -> Vec<(usize, usize)> {
    let bush = kind == FeatureKind::Bush;
    match side {
        Side::N if bush => vec![(0, 2), (0, 4)],
        Side::E if bush => vec![(1, 6), (3, 6)],
        Side::S if bush => vec![(4, 2), (4, 4)],
        Side::W if bush => vec![(1, 0), (3, 0)],
        Side::N => vec![(1, 3), (0, 3)],
        Side::E => vec![(2, 5), (2, 4), (2, 6)],
        Side::S => vec![(3, 3), (4, 3)],
        Side::W => vec![(2, 1), (2, 2), (2, 0)],
    }
}

/// A variant's drawing after rotation.
fn face_picture(faces: &TileFaces, variant: VariantId, rot: Rotation) -> Picture {
    layout_picture(&faces.placed_layout(variant, rot))
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
        .map(|&r| face_picture(faces, id, r))
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
