//! Tiles whose features meet the rim in sides and half sides (Carcassonne and New World) as
//! 7×5-character pictures: the tile drawn from its compiled segments (`# city`, `| - road`,
//! `M` a monastery, `F` a farm, `.` field), a piece on a segment as its seat's digit, and the
//! tile to place in each rotation.

use super::board::{layout_picture, open_space, text_picture, tile_board, Picture, H, W};
use super::table::{place_targets, Table};
use meeplelab::core::geom::{rotate_mask, Coord, HalfSide, Rotation, Side};
use meeplelab::core::tile_game::{GameParts, TileState};
use meeplelab::core::tileset::{CompiledTiles, FeatureKind, FeatureSpec, TileLayout, VariantId};
use std::collections::BTreeSet;
use std::fmt::Write as _;

/// The picture of `variant` turned by `rot`.
fn tile_picture(tiles: &CompiledTiles, variant: VariantId, rot: Rotation) -> Picture {
    let v = tiles.variant(variant);
    let q = u32::from(rot.quarter_turns());
    let layout = TileLayout {
        features: (v.segments().iter())
            .map(|s| FeatureSpec {
                kind: s.kind,
                sides: rotate_mask(s.sides, rot),
                halves: s.halves.rotate_left(2 * q),
                birds: 0,
                pennants: s.pennants,
                line: 0,
            })
            .collect(),
        baobab: false,
        bush_corners: 0,
    };
    let mut pic = layout_picture(&layout);
    if layout.features.iter().any(|f| f.kind == FeatureKind::Farm) {
        pic[2][3] = 'F';
    }
    pic
}

/// The board of a game drawn with rim pictures ([`rim_space`]): the tiles with the `pieces`
/// (union-find node, seat) that stand on them and the open spaces next to them, each picture
/// finished by `mark` (Carcassonne draws its bridges).
pub(super) fn rim_board<P, const S: usize, const F: usize, const N: usize>(
    state: &TileState<P, S, F, N>,
    pieces: impl Iterator<Item = (u16, u8)>,
    whole: bool,
    mark: impl Fn(Coord, &mut Picture),
) -> String
where
    P: GameParts<Node = u16>,
    TileState<P, S, F, N>: Table,
{
    let targets = place_targets(state);
    let pieces: Vec<(u16, u8)> = pieces.collect();
    tile_board(state, &[], whole, |c| {
        let mut pic = rim_space(state, c, &targets, &pieces);
        mark(c, &mut pic);
        pic
    })
}

/// The space at `c`: a tile with the pieces `pieces` (union-find node, seat) that stand on
/// it, an open space next to the tiles (`fits` where the tile to place fits: `targets`), or
/// nothing.
fn rim_space<P, const S: usize, const F: usize, const N: usize>(
    state: &TileState<P, S, F, N>,
    c: Coord,
    targets: &BTreeSet<Coord>,
    pieces: &[(u16, u8)],
) -> Picture
where
    P: GameParts<Node = u16>,
{
    let Some(cell) = state.cell_at(c) else {
        return match state.board().frontier_cell(c) {
            Some(_) => open_space(c, targets.contains(&c)),
            None => text_picture(&[]),
        };
    };
    let mut pic = tile_picture(state.tiles(), cell.variant, cell.rot);
    let count = u16::from(state.variant_of(cell).segment_count);
    for &(node, seat) in pieces {
        if (cell.first_node..cell.first_node + count).contains(&node) {
            let segment = usize::from(node - cell.first_node);
            let digit = char::from(b'0' + seat);
            mark_piece(
                &mut pic,
                state.tiles(),
                (cell.variant, cell.rot),
                segment,
                digit,
            );
        }
    }
    pic
}

/// Puts `digit` (a seat) where a piece on segment `segment` of `variant` turned by `rot`
/// stands: by the first side of a road or city, the first half side of a field, beside a
/// building in the middle.
fn mark_piece(
    pic: &mut Picture,
    tiles: &CompiledTiles,
    (variant, rot): (VariantId, Rotation),
    segment: usize,
    digit: char,
) {
    let Some(s) = tiles.variant(variant).segments().get(segment) else {
        return;
    };
    let q = u32::from(rot.quarter_turns());
    let sides = rotate_mask(s.sides, rot);
    let halves = s.halves.rotate_left(2 * q);
    let side = Side::ALL.into_iter().find(|d| sides & d.bit() != 0);
    let half = HalfSide::ALL
        .into_iter()
        .find(|h| halves & (1 << h.index()) != 0);
    let (r, c) = match (s.kind, side, half) {
        (FeatureKind::City, Some(d), _) => side_pos(d, true),
        (_, Some(d), _) => side_pos(d, false),
        (FeatureKind::Field, _, Some(h)) => half_pos(h),
        _ => (2, 2),
    };
    pic[r][c] = digit;
}

/// Where a piece by `side` is drawn: on the city band at the rim, or on the road.
fn side_pos(side: Side, rim: bool) -> (usize, usize) {
    match (side, rim) {
        (Side::N, true) => (0, 3),
        (Side::E, true) => (2, 6),
        (Side::S, true) => (4, 3),
        (Side::W, true) => (2, 0),
        (Side::N, false) => (1, 3),
        (Side::E, false) => (2, 5),
        (Side::S, false) => (3, 3),
        (Side::W, false) => (2, 1),
    }
}

/// Where a farmer by half side `h` (`Nw`, `Ne`, … clockwise) is drawn.
fn half_pos(h: HalfSide) -> (usize, usize) {
    [
        (1, 1),
        (1, 5),
        (1, 5),
        (3, 5),
        (3, 5),
        (3, 1),
        (3, 1),
        (1, 1),
    ][h.index()]
}

/// `tile to place: D.2` and the tile in each rotation that gives a different result.
pub(super) fn drawn_tile(tiles: &CompiledTiles, id: VariantId, legend: &str) -> String {
    let v = tiles.variant(id);
    let pictures: Vec<Picture> = (v.rotations().iter())
        .map(|&r| tile_picture(tiles, id, r))
        .collect();
    let mut out = format!("tile to place: {} ({legend})\n", v.name);
    for line in 0..H {
        let parts: Vec<String> = pictures.iter().map(|p| p[line].iter().collect()).collect();
        let _ = writeln!(out, "  {}", parts.join("   "));
    }
    let names: Vec<String> = (v.rotations().iter())
        .map(|r| format!("{:^W$}", r.to_string()))
        .collect();
    let _ = writeln!(out, "  {}", names.join("   ").trim_end());
    out
}
