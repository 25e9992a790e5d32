//! Compiled tile tables: one [`Variant`] per tile copy with, per rotation, its packed edge
//! signature, which segment touches each side and each half side, and which corners are open.

use super::{FeatureKind, TileLayout, TileSet};
use crate::core::board::FrontierCell;
use crate::core::geom::{rotate_mask, Coord, HalfSide, Rotation, Side};
use crate::core::species::SpeciesCounts;

/// Index of a tile variant in [`CompiledTiles::variants`].
pub type VariantId = u8;

/// Marker for "no segment touches this side".
pub const NO_SEGMENT: u8 = 0xFF;

/// Most features a tile can have: a Safari tile at most 4 (one side each); a Carcassonne tile
/// 4 roads or cities (one side each), 4 fields (split only by roads and cities) and a monastery.
pub const MAX_SEGMENTS: usize = 9;

/// One feature piece of a variant (a path, bush, road, city, field or monastery on one tile).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Segment {
    /// What it is.
    pub kind: FeatureKind,
    /// Sides touched before rotation (4-bit mask).
    pub sides: u8,
    /// Half sides met before rotation (8-bit mask; fields).
    pub halves: u8,
    /// Species present (5-bit mask).
    pub species: u8,
    /// Number of animals printed on it.
    pub animals: u8,
    /// Number of birds printed on it.
    pub birds: u8,
    /// Number of pennants printed on it (cities).
    pub pennants: u8,
    /// For a field, the cities it borders on its tile: a mask of segment indices.
    pub borders: u16,
}

/// A variant as seen after one rotation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Orientation {
    /// Edge terrains packed 2 bits per side (side `i` at bits `2i..2i+2`).
    pub signature: u8,
    /// Which segment covers each side: path, bush, road or city ([`NO_SEGMENT`] for savanna
    /// or field).
    pub side_segment: [u8; 4],
    /// Which field segment meets each half side ([`NO_SEGMENT`] where none does).
    pub half_segment: [u8; 8],
    /// Open corners (4-bit mask, bit `Corner::index`).
    pub open_corners: u8,
}

/// One tile copy, compiled.
#[derive(Clone, Debug)]
pub struct Variant {
    /// Display name: `<type>.<copy>` (1-based copy), or `start.<cell>`.
    pub name: String,
    /// Index of its type in the tile set (`usize::MAX` for start cells).
    pub type_index: usize,
    /// The expansion its type belongs to (`None`: the base game; always `None` for start
    /// cells).
    pub expansion: Option<String>,
    /// Segments (only the first `segment_count` are used).
    pub segments: [Segment; MAX_SEGMENTS],
    /// Number of segments.
    pub segment_count: u8,
    /// Whether it has a baobab.
    pub baobab: bool,
    /// The four orientations, indexed by rotation.
    pub orientations: [Orientation; 4],
    /// The rotations that give distinct results (duplicates from symmetry removed).
    pub distinct_rotations: [Rotation; 4],
    /// Number of entries of `distinct_rotations` in use.
    pub distinct_count: u8,
    /// For each rotation, the distinct rotation that gives the same result.
    pub canonical: [Rotation; 4],
}

impl Variant {
    /// The segments in use.
    pub fn segments(&self) -> &[Segment] {
        &self.segments[..self.segment_count as usize]
    }

    /// The orientation of this tile turned by `rot`.
    #[inline]
    pub fn turned(&self, rot: Rotation) -> &Orientation {
        &self.orientations[rot.quarter_turns() as usize]
    }

    /// The rotations worth trying.
    pub fn rotations(&self) -> &[Rotation] {
        &self.distinct_rotations[..self.distinct_count as usize]
    }

    /// The rotation among [`Variant::rotations`] equivalent to `rot` (symmetric tiles look the
    /// same turned by 90° or 180°, so legal actions list only one of them).
    pub fn canonical_rotation(&self, rot: Rotation) -> Rotation {
        self.canonical[rot.quarter_turns() as usize]
    }

    /// Whether the tile has two or more roads or two or more cities: such a tile must count
    /// once when two of its roads (or cities) end up in one feature, so engines give it a bit
    /// of their features' shared-tile masks.
    pub fn has_several_roads_or_cities(&self) -> bool {
        let of = |kind| self.segments().iter().filter(|s| s.kind == kind).count();
        of(FeatureKind::Road) > 1 || of(FeatureKind::City) > 1
    }
}

impl Orientation {
    /// The field segments that meet across `side`, half side by half side: pairs of (this
    /// orientation's segment, the segment of `neighbour`, the orientation across `side`).
    pub fn facing_fields<'a>(
        &'a self,
        neighbour: &'a Orientation,
        side: Side,
    ) -> impl Iterator<Item = (u8, u8)> + 'a {
        HalfSide::of_side(side).into_iter().filter_map(move |half| {
            let field = self.half_segment[half.index()];
            (field != NO_SEGMENT).then(|| (field, neighbour.half_segment[half.facing().index()]))
        })
    }
}

/// The compiled form of a [`TileSet`] that engines index into. States refer to it as
/// `&'static CompiledTiles`: built-in sets are compiled once per process, and a set loaded from
/// a file lives for the rest of the process ([`CompiledTiles::leak`]).
#[derive(Debug)]
pub struct CompiledTiles {
    /// All variants: land tiles first, then start cells (a start tile named by `start-tile`
    /// comes just before the copies of its type).
    pub variants: Vec<Variant>,
    /// Variant of every land tile copy (the draw pile's contents).
    pub land: Vec<VariantId>,
    /// Start cells: position and variant.
    pub start: Vec<(Coord, VariantId)>,
    /// Vehicle start spaces.
    pub vehicles: Vec<Coord>,
    /// Tile-set name.
    pub name: String,
    /// Stable 64-bit hash of the tile set's content (FNV-1a over a canonical dump).
    pub content_hash: u64,
    /// Edge class of every variant (indexed by [`VariantId`]): an index into
    /// [`CompiledTiles::edge_classes`]. Two variants fit exactly the same frontier cells when
    /// their classes are equal.
    pub edge_class: Vec<u8>,
    /// Per edge class, its four rotated signatures, smallest first (at most
    /// [`MAX_EDGE_CLASSES`] classes: four terrains around four sides up to rotation).
    pub edge_classes: Vec<[u8; 4]>,
    /// For every frontier requirement (see [`CompiledTiles::classes_fitting`]), the edge
    /// classes that fit it in some rotation, one bit per class.
    fitting_classes: Vec<u128>,
}

/// Most edge classes a tile set can have: necklaces of four sides over four terrain codes,
/// counted up to rotation.
pub const MAX_EDGE_CLASSES: usize = 70;

/// A frontier cell's requirement as a table index: which sides are constrained (4 bits, from
/// the 2-bit-per-side mask) and the terrains required there (8 bits).
#[inline]
fn requirement_key(cell: &FrontierCell) -> usize {
    let m = cell.mask & 0x55;
    let m = (m | m >> 1) & 0x33;
    let sides = (m | m >> 2) & 0x0F;
    (sides as usize) << 8 | cell.need as usize
}

/// The requirement that [`requirement_key`] turns into `key`.
fn requirement_of_key(key: usize) -> FrontierCell {
    let sides = (key >> 8) as u8;
    let mask = (0..4)
        .filter(|i| sides & 1 << i != 0)
        .fold(0u8, |m, i| m | 0b11 << (2 * i));
    FrontierCell {
        need: key as u8 & mask,
        mask,
        ..FrontierCell::default()
    }
}

/// The four rotations of an edge signature (2 bits per side), in quarter turns.
pub fn rotated_signatures(signature: u8) -> [u8; 4] {
    [0, 1, 2, 3].map(|r| signature.rotate_left(2 * r))
}

impl CompiledTiles {
    /// Keeps this set for the rest of the process, so that states can share it by a plain
    /// reference (no reference count to update on every copy of a state, on any thread).
    /// Meant for the few sets a process loads.
    pub fn leak(self) -> &'static CompiledTiles {
        Box::leak(Box::new(self))
    }

    /// Compiles a validated tile set.
    pub fn compile(set: &TileSet) -> CompiledTiles {
        let mut variants = Vec::new();
        let mut land = Vec::new();
        let mut start = Vec::new();
        for (ti, t) in set.types.iter().enumerate() {
            let mut copies = t.copy_count();
            if set.start_type.as_ref().is_some_and(|s| s.id == t.id) {
                start.push((Coord::new(0, 0), variants.len() as VariantId));
                variants.push(compile_variant("start.1".to_string(), ti, &t.layout, &[]));
                debug_assert!(
                    t.expansion.is_none(),
                    "validated: the start tile is a base tile"
                );
                copies = copies.saturating_sub(1);
            }
            for ci in 0..copies {
                let animals = t.copies.get(ci).map_or(&[][..], Vec::as_slice);
                land.push(variants.len() as VariantId);
                let mut v = compile_variant(format!("{}.{}", t.id, ci + 1), ti, &t.layout, animals);
                v.expansion.clone_from(&t.expansion);
                variants.push(v);
            }
        }
        for (i, cell) in set.start.iter().enumerate() {
            start.push((Coord::new(cell.x, cell.y), variants.len() as VariantId));
            variants.push(compile_variant(
                format!("start.{}", i + 1),
                usize::MAX,
                &cell.layout,
                &cell.animals,
            ));
        }
        let mut edge_classes: Vec<[u8; 4]> = Vec::new();
        let edge_class = variants
            .iter()
            .map(|v| {
                let smallest = rotated_signatures(v.orientations[0].signature)
                    .into_iter()
                    .min()
                    .unwrap_or(0);
                let key = rotated_signatures(smallest);
                let class = edge_classes
                    .iter()
                    .position(|&k| k == key)
                    .unwrap_or_else(|| {
                        edge_classes.push(key);
                        edge_classes.len() - 1
                    });
                class as u8
            })
            .collect();
        debug_assert!(edge_classes.len() <= MAX_EDGE_CLASSES);
        let fitting_classes = (0..1 << 12)
            .map(|key: usize| {
                let cell = requirement_of_key(key);
                edge_classes
                    .iter()
                    .enumerate()
                    .filter(|(_, rotations)| rotations.iter().any(|&s| cell.accepts(s)))
                    .fold(0u128, |set, (class, _)| set | 1 << class)
            })
            .collect();
        CompiledTiles {
            fitting_classes,
            edge_class,
            edge_classes,
            variants,
            land,
            start,
            vehicles: set.vehicles.iter().map(|v| Coord::new(v.x, v.y)).collect(),
            name: set.name.clone(),
            content_hash: content_hash(set),
        }
    }

    /// The edge classes that fit the frontier cell `cell` in some rotation, one bit per class
    /// (a table lookup).
    #[inline]
    pub fn classes_fitting(&self, cell: &FrontierCell) -> u128 {
        self.fitting_classes[requirement_key(cell)]
    }

    /// The variant with id `id`.
    pub fn variant(&self, id: VariantId) -> &Variant {
        &self.variants[id as usize]
    }

    /// Finds a variant by its display name (`07.2`).
    pub fn find(&self, name: &str) -> Option<VariantId> {
        self.variants
            .iter()
            .position(|v| v.name == name)
            .map(|i| i as VariantId)
    }

    /// Total segments over the land tiles and start cells (union-find capacity needed).
    pub fn total_segments(&self) -> usize {
        self.land
            .iter()
            .chain(self.start.iter().map(|(_, v)| v))
            .map(|&v| self.variant(v).segment_count as usize)
            .sum()
    }
}

fn compile_variant(
    name: String,
    type_index: usize,
    layout: &TileLayout,
    animals: &[SpeciesCounts],
) -> Variant {
    let mut segments = [Segment {
        kind: FeatureKind::Path,
        sides: 0,
        halves: 0,
        species: 0,
        animals: 0,
        birds: 0,
        pennants: 0,
        borders: 0,
    }; MAX_SEGMENTS];
    for (i, f) in layout.features.iter().enumerate() {
        let a = animals.get(i).copied().unwrap_or_default();
        segments[i] = Segment {
            kind: f.kind,
            sides: f.sides,
            halves: f.halves,
            species: a.mask(),
            animals: a.total() as u8,
            birds: f.birds,
            pennants: f.pennants,
            borders: if f.kind == FeatureKind::Field {
                layout.field_borders(i)
            } else {
                0
            },
        };
    }
    let open = layout.open_corners();
    let mut orientations = [Orientation::default(); 4];
    for rot in Rotation::ALL {
        let o = &mut orientations[rot.quarter_turns() as usize];
        o.side_segment = [NO_SEGMENT; 4];
        o.half_segment = [NO_SEGMENT; 8];
        for (i, f) in layout.features.iter().enumerate() {
            for side in f.side_list() {
                let s = side.rotated(rot);
                o.side_segment[s.index()] = i as u8;
                let code = f.kind.edge_terrain().map_or(0, |t| t.code());
                o.signature |= code << (2 * s.index());
            }
            for half in f.half_list() {
                o.half_segment[half.rotated(rot).index()] = i as u8;
            }
        }
        o.open_corners = rotate_mask(open, rot);
    }
    let mut distinct_rotations = [Rotation::default(); 4];
    let mut distinct_count = 0;
    let mut canonical = Rotation::ALL;
    for rot in Rotation::ALL {
        let o = orientations[rot.quarter_turns() as usize];
        let same = distinct_rotations[..distinct_count]
            .iter()
            .find(|r| same_result(&segments, &orientations[r.quarter_turns() as usize], &o));
        match same {
            Some(&r) => canonical[rot.quarter_turns() as usize] = r,
            None => {
                distinct_rotations[distinct_count] = rot;
                distinct_count += 1;
            }
        }
    }
    Variant {
        name,
        type_index,
        expansion: None,
        segments,
        segment_count: layout.features.len() as u8,
        baobab: layout.baobab,
        orientations,
        distinct_rotations,
        distinct_count: distinct_count as u8,
        canonical,
    }
}

/// Two orientations place identical content on every side, half side and corner.
fn same_result(segments: &[Segment], a: &Orientation, b: &Orientation) -> bool {
    let alike = |x: u8, y: u8| {
        x == y
            || (x != NO_SEGMENT && y != NO_SEGMENT && {
                let key = |s: Segment| {
                    let extent = (s.sides.count_ones(), s.halves.count_ones());
                    (s.kind, s.species, s.animals, s.birds, s.pennants, extent)
                };
                key(segments[x as usize]) == key(segments[y as usize])
            })
    };
    a.signature == b.signature
        && a.open_corners == b.open_corners
        && Side::ALL
            .iter()
            .all(|s| alike(a.side_segment[s.index()], b.side_segment[s.index()]))
        && HalfSide::ALL
            .iter()
            .all(|h| alike(a.half_segment[h.index()], b.half_segment[h.index()]))
        && segment_partition(&a.side_segment) == segment_partition(&b.side_segment)
        && segment_partition(&a.half_segment) == segment_partition(&b.half_segment)
}

/// For each side (or half side), the set of places sharing its segment: the connectivity
/// pattern.
fn segment_partition<const N: usize>(by_place: &[u8; N]) -> [u16; N] {
    by_place.map(|seg| {
        if seg == NO_SEGMENT {
            return 0;
        }
        (0..N)
            .filter(|&t| by_place[t] == seg)
            .fold(0, |m, t| m | 1 << t)
    })
}

/// FNV-1a over a canonical text dump of the set (stable across runs, platforms and file
/// formatting: comments, blank lines and line numbers do not matter). A farm is written as a
/// monastery, as New World sets were compiled before farms had a kind of their own, so that
/// the `tileset-hash` of existing records still matches.
fn content_hash(set: &TileSet) -> u64 {
    let mut text = String::new();
    let layout = |text: &mut String, id: &str, l: &TileLayout, animals: &[Vec<SpeciesCounts>]| {
        text.push_str(id);
        text.push('=');
        for f in &l.features {
            let kind = match f.kind {
                FeatureKind::Farm => FeatureKind::Monastery,
                kind => kind,
            };
            text.push_str(&format!("{kind}:{}:{}", f.sides, f.birds));
            if f.halves != 0 || f.pennants != 0 {
                text.push_str(&format!(":h{}p{}", f.halves, f.pennants));
            }
            text.push(';');
        }
        text.push_str(&format!("b{}c{};", l.baobab, l.bush_corners));
        for copy in animals {
            for a in copy {
                text.push_str(&format!("{a},"));
            }
            text.push('|');
        }
    };
    for t in &set.types {
        layout(&mut text, &t.id, &t.layout, &t.copies);
        if t.copies.is_empty() {
            text.push_str(&format!("n{};", t.count));
        }
        if let Some(e) = &t.expansion {
            text.push_str(&format!("x{e};"));
        }
    }
    if let Some(start) = &set.start_type {
        text.push_str(&format!("start-tile {};", start.id));
    }
    for c in &set.start {
        layout(
            &mut text,
            "start",
            &c.layout,
            std::slice::from_ref(&c.animals),
        );
    }
    for c in &set.start {
        text.push_str(&format!("s{},{};", c.x, c.y));
    }
    for v in &set.vehicles {
        text.push_str(&format!("v{},{};", v.x, v.y));
    }
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}
