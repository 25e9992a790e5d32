//! The New World tile file: the shared Carcassonne statements (docs/tileset-format.md) read
//! as New World features, plus the additions documented in docs/new-world-tiles.md:
//!
//! - `game new-world`; `road` is a trail, `city` a town, `field` a plains segment;
//! - `farm` (a farm in the middle of the tile, like a monastery);
//! - a trailing `flag` on a town, `post` on a trail (a trading post) and `animals <n>` on a
//!   plains segment;
//! - `coast <y> [name]` blocks: the starting spaces of the board, in column `x = 0`.
//!
//! The file is turned into a core [`TileSet`] and compiled with [`CompiledTiles::compile`]:
//! a segment's `pennants` holds its flags (town) or trading posts (trail), and `birds` its
//! animal symbols (plains).

use crate::core::geom::{halves_of_sides, HalfSide, Side};
use crate::core::tileset::{
    drawing_with_notes, read_tile_file, rim_words, CompiledTiles, FeatureKind, FeatureSpec,
    StartCell, TileLayout, TileSet, TileSetError, TileType,
};

/// The built-in (reconstructed) tile set, embedded in the binary.
pub const BUILTIN_NEW_WORLD: &str = include_str!("new-world.tiles");

/// A parsed New World tile set: the core tile set, its compiled tables and the names of the
/// coastal spaces.
#[derive(Debug)]
pub struct NewWorldTiles {
    /// The tile set in core form (layouts and counts).
    pub set: TileSet,
    /// Compiled per-rotation tables.
    pub compiled: CompiledTiles,
    /// Name of every coast space that has one (row, name).
    pub coast_names: Vec<(i8, String)>,
}

impl NewWorldTiles {
    /// The built-in tile set.
    pub fn builtin() -> NewWorldTiles {
        parse_new_world(BUILTIN_NEW_WORLD, "new-world.tiles").expect("built-in tile set is valid")
    }

    /// Reads and parses a tile file.
    pub fn load(path: &std::path::Path) -> Result<NewWorldTiles, TileSetError> {
        let (text, origin) = read_tile_file(path)?;
        parse_new_world(&text, &origin)
    }
}

/// One line explaining the drawings of `tiles show`.
const LEGEND: &str = "legend: # town, * flag, | - trail, + trail curve, o where trails end \
                      (crossing, town, farm), M farm, . plains; half sides Nw Ne En Es Se Sw Ws \
                      Wn are named by side and end; notes list each feature in file order";

/// `n` and the noun, singular for one.
fn count_noun(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// One note per feature: `trail S, 1 trading post`, `town N E, 1 flag`, `plains N E S W, 2
/// animals`, `farm`.
fn feature_notes(layout: &TileLayout) -> Vec<String> {
    layout
        .features
        .iter()
        .map(|f| {
            let (word, mark) = match f.kind {
                FeatureKind::Road => (
                    "trail",
                    count_noun(f.pennants.into(), "trading post", "trading posts"),
                ),
                FeatureKind::City => ("town", count_noun(f.pennants.into(), "flag", "flags")),
                FeatureKind::Farm => ("farm", String::new()),
                _ => ("plains", count_noun(f.birds.into(), "animal", "animals")),
            };
            let mut note = std::iter::once(word.to_string())
                .chain(rim_words(f))
                .collect::<Vec<_>>()
                .join(" ");
            let has_mark = match f.kind {
                FeatureKind::Field => f.birds > 0,
                _ => f.pennants > 0,
            };
            if has_mark {
                note.push_str(&format!(", {mark}"));
            }
            note
        })
        .collect()
}

impl NewWorldTiles {
    /// Summed over every copy: (flags, trading posts, animal symbols, farms).
    fn symbol_totals(&self) -> (usize, usize, usize, usize) {
        let mut t = (0, 0, 0, 0);
        for ty in &self.set.types {
            for f in &ty.layout.features {
                let n = ty.count;
                match f.kind {
                    FeatureKind::City => t.0 += n * f.pennants as usize,
                    FeatureKind::Road => t.1 += n * f.pennants as usize,
                    FeatureKind::Farm => t.3 += n,
                    _ => t.2 += n * f.birds as usize,
                }
            }
        }
        t
    }

    /// One line for `meeplelab tiles check`: name, game and sizes.
    pub fn summary(&self) -> String {
        format!(
            "tile set \"{}\" for new-world: {} types, {} land tiles, {} starting spaces",
            self.set.name,
            self.set.types.len(),
            self.compiled.land.len(),
            self.set.start.len()
        )
    }

    /// What `meeplelab tiles show` prints: header and totals, every tile type drawn with its
    /// features, then the starting column north to south.
    pub fn render(&self) -> String {
        let (flags, posts, animals, farms) = self.symbol_totals();
        let mut lines = vec![format!("tile set {} (game new-world)", self.set.name)];
        lines.extend(self.set.source.iter().map(|s| format!("source {s}")));
        lines.push(format!(
            "totals: {}, {}, {}; {}, {}, {}, {}",
            count_noun(self.set.types.len(), "tile type", "tile types"),
            count_noun(self.compiled.land.len(), "land tile", "land tiles"),
            count_noun(self.set.start.len(), "starting space", "starting spaces"),
            count_noun(flags, "flag", "flags"),
            count_noun(posts, "trading post", "trading posts"),
            count_noun(animals, "animal symbol", "animal symbols"),
            count_noun(farms, "farm", "farms"),
        ));
        lines.push(LEGEND.to_string());
        for ty in &self.set.types {
            lines.push(String::new());
            lines.push(format!(
                "tile {} ({})",
                ty.id,
                count_noun(ty.count, "copy", "copies")
            ));
            lines.extend(drawing_with_notes(&ty.layout, &feature_notes(&ty.layout)));
        }
        lines.push(String::new());
        lines.push(
            "starting column (x = 0), north to south; the sea lies east of it and closes what \
             reaches it (N-7, N-8)"
                .to_string(),
        );
        let mut coast: Vec<&StartCell> = self.set.start.iter().collect();
        coast.sort_by_key(|c| std::cmp::Reverse(c.y));
        for c in coast {
            let name = self
                .coast_names
                .iter()
                .find(|(y, _)| *y == c.y)
                .map_or(String::new(), |(_, n)| format!(" {n}"));
            lines.push(format!("coast {}{name}", c.y));
            lines.extend(drawing_with_notes(&c.layout, &feature_notes(&c.layout)));
        }
        lines.push(String::new());
        lines.join("\n")
    }
}

/// Parses and checks a New World tile file (`origin` names it in errors).
pub fn parse_new_world(text: &str, origin: &str) -> Result<NewWorldTiles, TileSetError> {
    let err = |line: usize, message: String| TileSetError::new(origin, line, message);
    let mut set = TileSet {
        origin: origin.to_string(),
        ..TileSet::default()
    };
    let mut coast_names = Vec::new();
    // Which layout the feature lines go to: a tile type (false) or a coast cell (true).
    let mut in_coast = None::<bool>;
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let code = raw.split_once('#').map_or(raw, |(c, _)| c);
        let words: Vec<&str> = code.split_whitespace().collect();
        let Some((&keyword, args)) = words.split_first() else {
            continue;
        };
        let layout = match (keyword, in_coast) {
            ("tileset", _) => {
                set.name = args.join(" ");
                continue;
            }
            ("game", _) => {
                if args != ["new-world"] {
                    return Err(err(
                        line,
                        format!("expected \"game new-world\", found {args:?}"),
                    ));
                }
                set.game = "new-world".to_string();
                continue;
            }
            ("source", _) => {
                set.source.push(args.join(" "));
                continue;
            }
            ("tile", _) => {
                let count = match args {
                    [id, "count", n] => {
                        n.parse::<usize>().ok().filter(|&n| n >= 1).map(|n| (id, n))
                    }
                    _ => None,
                };
                let Some((id, count)) = count else {
                    return Err(err(
                        line,
                        "expected \"tile <id> count <n>\" (n >= 1)".into(),
                    ));
                };
                if set.types.iter().any(|t| t.id == *id) {
                    return Err(err(line, format!("duplicate tile id {id:?}")));
                }
                set.types.push(TileType {
                    id: id.to_string(),
                    count,
                    layout: TileLayout::default(),
                    copies: Vec::new(),
                    expansion: None,
                    line,
                });
                in_coast = Some(false);
                continue;
            }
            ("coast", _) => {
                let Some(y) = args.first().and_then(|y| y.parse::<i8>().ok()) else {
                    return Err(err(line, "expected \"coast <row> [name]\"".into()));
                };
                if set.start.iter().any(|c| c.y == y) {
                    return Err(err(line, format!("a second coast space in row {y}")));
                }
                if let Some(name) = args.get(1) {
                    coast_names.push((y, name.to_string()));
                }
                set.start.push(StartCell {
                    x: 0,
                    y,
                    layout: TileLayout::default(),
                    animals: Vec::new(),
                    line,
                });
                in_coast = Some(true);
                continue;
            }
            (_, Some(false)) => &mut set.types.last_mut().expect("a tile block").layout,
            (_, Some(true)) => &mut set.start.last_mut().expect("a coast block").layout,
            (_, None) => {
                return Err(err(
                    line,
                    format!("{keyword:?} outside a tile or coast block"),
                ))
            }
        };
        let feature = feature(keyword, args, line).map_err(|m| err(line, m))?;
        layout.features.push(feature);
    }
    if set.game != "new-world" {
        return Err(err(0, "missing \"game new-world\" line".into()));
    }
    if set.types.is_empty() || set.start.is_empty() {
        return Err(err(
            0,
            "a New World set needs tile types and coast spaces".into(),
        ));
    }
    for t in &set.types {
        check_rim(&t.layout).map_err(|m| err(t.line, format!("tile {}: {m}", t.id)))?;
    }
    for c in &set.start {
        check_rim(&c.layout).map_err(|m| err(c.line, format!("coast {}: {m}", c.y)))?;
    }
    let compiled = CompiledTiles::compile(&set);
    Ok(NewWorldTiles {
        set,
        compiled,
        coast_names,
    })
}

/// One feature line: `road|city|field <parts> [post|flag|animals n]` or `farm`.
fn feature(keyword: &str, args: &[&str], line: usize) -> Result<FeatureSpec, String> {
    let (kind, mark) = match keyword {
        "road" => (FeatureKind::Road, "post"),
        "city" => (FeatureKind::City, "flag"),
        "field" => (FeatureKind::Field, "animals"),
        "farm" if args.is_empty() => (FeatureKind::Farm, ""),
        _ => return Err(format!("unknown statement {keyword:?} {args:?}")),
    };
    let mut spec = FeatureSpec {
        kind,
        sides: 0,
        halves: 0,
        birds: 0,
        pennants: 0,
        line,
    };
    let mut words = args.iter();
    while let Some(&w) = words.next() {
        if w == mark && kind == FeatureKind::Field {
            let n = words.next().and_then(|n| n.parse::<u8>().ok());
            spec.birds = n.ok_or_else(|| "expected a number after \"animals\"".to_string())?;
        } else if w == mark {
            spec.pennants += 1;
        } else if let Some(side) = Side::from_letter(w) {
            spec.sides |= side.bit();
        } else if let (Some(h), FeatureKind::Field) = (HalfSide::from_name(w), kind) {
            spec.halves |= h.bit();
        } else {
            return Err(format!("unexpected word {w:?} in a {keyword} line"));
        }
    }
    if kind == FeatureKind::Field {
        spec.halves |= halves_of_sides(spec.sides);
        spec.sides = 0;
    }
    Ok(spec)
}

/// Each side shows exactly one thing: a town, a trail (with plains on both halves) or plains
/// (both halves in one plains segment); each half side lies in at most one plains segment.
fn check_rim(layout: &TileLayout) -> Result<(), String> {
    let mut covered = 0u8;
    let mut halves = 0u8;
    for f in &layout.features {
        if covered & f.sides != 0 || halves & f.halves != 0 {
            return Err(format!(
                "line {}: a side or half side is used twice",
                f.line
            ));
        }
        covered |= f.sides;
        halves |= f.halves;
    }
    for side in Side::ALL {
        let city = layout
            .features
            .iter()
            .any(|f| f.kind == FeatureKind::City && f.sides & side.bit() != 0);
        let both = halves_of_sides(side.bit());
        let fields = halves & both;
        if city && fields != 0 || !city && fields != both {
            return Err(format!(
                "side {} is neither town nor plains on both halves",
                side.letter()
            ));
        }
        let road = covered & side.bit() != 0 && !city;
        let split = layout.features.iter().any(|f| f.halves & both == both);
        if !road && !city && !split {
            return Err(format!(
                "the halves of side {} lie in different plains",
                side.letter()
            ));
        }
    }
    Ok(())
}
