//! Parser for the tile-set text format described in `docs/tileset-format.md`.
//!
//! [`parse_tileset`] checks the syntax and the block structure of a file and builds a
//! [`TileSet`]. It never calls [`validate`](super::validate), which checks what the statements
//! mean (counts, sides, the start tile, board limits).

use super::{
    FeatureKind, FeatureSpec, StartCell, StartType, TileLayout, TileSet, TileSetError, TileType,
    VehicleStart,
};
use crate::core::geom::{halves_of_sides, Corner, HalfSide, Side};
use crate::core::species::SpeciesCounts;

/// Every keyword of the format, as listed in "unknown keyword" messages.
const KEYWORDS: &str = "tileset, game, source, tile, path, bush, baobab, bush-corners, copy, \
                        start, cell, vehicle, road, city, field, monastery, start-tile";

/// Most letters in one animal entry of a `copy` line (keeps every count within a byte).
const MAX_ENTRY_LETTERS: usize = u8::MAX as usize;

/// Parses the text of a tile-set file; `origin` names the file in error messages.
///
/// Only syntax and block structure are checked here; [`validate`](super::validate) checks
/// the rest. Never panics, whatever the input.
pub fn parse_tileset(text: &str, origin: &str) -> Result<TileSet, TileSetError> {
    let mut parser = Parser::new(origin);
    for (index, raw) in text.lines().enumerate() {
        let code = raw.split_once('#').map_or(raw, |(code, _comment)| code);
        let words: Vec<&str> = code.split_whitespace().collect();
        if let Some((keyword, args)) = words.split_first() {
            parser.line = index + 1;
            parser.statement(keyword, args)?;
        }
    }
    parser.finish()
}

/// The game a tile file declares: the 1-based line of its first `game` statement and the
/// word after it (`None` when there is no such line). Every game's tile format requires one,
/// so `meeplelab tiles` reads a file as the game it names (docs/tileset-format.md).
pub fn declared_game(text: &str) -> Option<(usize, String)> {
    text.lines().enumerate().find_map(|(index, raw)| {
        let code = raw.split_once('#').map_or(raw, |(code, _comment)| code);
        let mut words = code.split_whitespace();
        (words.next() == Some("game")).then(|| (index + 1, words.next().unwrap_or("").to_string()))
    })
}

/// A feature in file syntax without its birds or pennants, e.g. `path N S`, `bush E`,
/// `field N En` or `monastery`.
pub(crate) fn feature_summary(feature: &FeatureSpec) -> String {
    let mut words = vec![feature.kind.keyword().to_string()];
    words.extend(rim_words(feature));
    words.join(" ")
}

/// Where a feature meets the tile's rim, in file syntax: its sides clockwise from north, then
/// its half sides (a side's letter where both halves are in it), e.g. `N S` or `N En`.
pub fn rim_words(feature: &FeatureSpec) -> Vec<String> {
    let mut words: Vec<String> = feature
        .side_list()
        .map(|s| s.letter().to_string())
        .collect();
    words.extend(halves_summary(feature.halves));
    words
}

/// The halves of an 8-bit mask as file words, clockwise: a side's letter where both of its
/// halves are in the mask, else the half names (`N En`).
fn halves_summary(halves: u8) -> Vec<String> {
    let mut words = Vec::new();
    for side in Side::ALL {
        let both = halves_of_sides(side.bit());
        if halves & both == both {
            words.push(side.letter().to_string());
        } else {
            words.extend(
                HalfSide::of_side(side)
                    .into_iter()
                    .filter(|h| halves & h.bit() != 0)
                    .map(|h| h.name().to_string()),
            );
        }
    }
    words
}

/// Checks that a copy line with `entries` animal entries fits `layout` (one entry per
/// feature); `owner` names the tile or cell in the message.
pub(crate) fn check_entry_count(
    entries: usize,
    layout: &TileLayout,
    owner: &str,
) -> Result<(), String> {
    let animal_features: Vec<&FeatureSpec> = layout
        .features
        .iter()
        .filter(|f| f.kind.holds_animals())
        .collect();
    let features = animal_features.len();
    if entries == features {
        return Ok(());
    }
    let found = count_noun(entries, "entry", "entries");
    if features == 0 {
        return Err(format!(
            "copy line has {found} but {owner} declares no path or bush (write a bare \"copy\")"
        ));
    }
    let list: Vec<String> = animal_features.into_iter().map(feature_summary).collect();
    Err(format!(
        "copy line has {found} but {owner} declares {} ({})",
        count_noun(features, "feature", "features"),
        list.join(", ")
    ))
}

/// `1 entry`, `2 entries`.
pub(crate) fn count_noun(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Whether `id` is a valid tile id: `[A-Za-z0-9_-]+`.
fn is_valid_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// The block the parser is in; the item being built lives here until its block ends.
enum Block {
    /// Outside any block: the header, before the first `tile` or `start` line.
    Header,
    /// Inside `tile <id> count <n>`.
    Tile(TileType),
    /// After `start`, before its first `cell`.
    Start,
    /// Inside `cell <x> <y>`; the flag says whether its `copy` line was seen.
    Cell(StartCell, bool),
}

/// Parsing state: the set built so far, the open block and the current line.
struct Parser {
    set: TileSet,
    block: Block,
    line: usize,
    game_line: Option<usize>,
    start_line: Option<usize>,
    monastery_seen: bool,
}

impl Parser {
    fn new(origin: &str) -> Parser {
        Parser {
            set: TileSet {
                origin: origin.to_string(),
                ..TileSet::default()
            },
            block: Block::Header,
            line: 0,
            game_line: None,
            start_line: None,
            monastery_seen: false,
        }
    }

    fn error(&self, message: String) -> TileSetError {
        TileSetError::new(&self.set.origin, self.line, message)
    }

    /// The error for a statement of the wrong shape: shows the expected form and the line.
    fn usage(&self, form: &str, keyword: &str, args: &[&str]) -> TileSetError {
        let found = std::iter::once(keyword)
            .chain(args.iter().copied())
            .collect::<Vec<_>>()
            .join(" ");
        self.error(format!("expected \"{form}\", found {found:?}"))
    }

    fn statement(&mut self, keyword: &str, args: &[&str]) -> Result<(), TileSetError> {
        if self.set.name.is_empty() && keyword != "tileset" {
            return Err(self.error(format!(
                "expected \"tileset <name>\" as the first line, found {keyword:?}"
            )));
        }
        match keyword {
            "tileset" => self.tileset(args),
            "game" => self.game(args),
            "source" => self.source(args),
            "tile" => self.tile(args),
            "path" => self.feature(FeatureKind::Path, args),
            "bush" => self.feature(FeatureKind::Bush, args),
            "baobab" => self.baobab(args),
            "bush-corners" => self.bush_corners(args),
            "copy" => self.copy(args),
            "start" => self.start(args),
            "cell" => self.cell(args),
            "vehicle" => self.vehicle(args),
            "road" => self.feature(FeatureKind::Road, args),
            "city" => self.city(args),
            "field" => self.field(args),
            "monastery" => self.monastery(args),
            "start-tile" => self.start_type(args),
            _ => Err(self.error(format!(
                "unknown keyword {keyword:?}; expected one of: {KEYWORDS}"
            ))),
        }
    }

    fn tileset(&mut self, args: &[&str]) -> Result<(), TileSetError> {
        if !self.set.name.is_empty() {
            return Err(self.error(
                "a second \"tileset\" line; a file holds exactly one tile set".to_string(),
            ));
        }
        let [name] = args else {
            return Err(self.usage("tileset <name>", "tileset", args));
        };
        self.set.name = name.to_string();
        Ok(())
    }

    fn game(&mut self, args: &[&str]) -> Result<(), TileSetError> {
        if let Some(first) = self.game_line {
            return Err(self.error(format!(
                "a second \"game\" line (the first is at line {first})"
            )));
        }
        let [game] = args else {
            return Err(self.usage("game <name>", "game", args));
        };
        self.set.game = game.to_string();
        self.game_line = Some(self.line);
        Ok(())
    }

    fn source(&mut self, args: &[&str]) -> Result<(), TileSetError> {
        if args.is_empty() {
            return Err(self.usage("source <free text>", "source", args));
        }
        self.set.source.push(args.join(" "));
        Ok(())
    }

    fn tile(&mut self, args: &[&str]) -> Result<(), TileSetError> {
        let (id, count, expansion) = match args {
            [id, "count", count] => (id, count, None),
            [id, "count", count, "expansion", name] if is_valid_id(name) => {
                (id, count, Some(name.to_string()))
            }
            _ => return Err(self.usage("tile <id> count <n> [expansion <name>]", "tile", args)),
        };
        if !is_valid_id(id) {
            return Err(self.error(format!(
                "expected a tile id of letters, digits, \"_\" or \"-\", found {id:?}"
            )));
        }
        let count = count.parse().map_err(|_| {
            self.error(format!(
                "expected a copy count (a whole number), found {count:?}"
            ))
        })?;
        self.close_block()?;
        self.block = Block::Tile(TileType {
            id: id.to_string(),
            count,
            layout: TileLayout::default(),
            copies: Vec::new(),
            expansion,
            line: self.line,
        });
        Ok(())
    }

    fn feature(&mut self, kind: FeatureKind, args: &[&str]) -> Result<(), TileSetError> {
        let (side_words, birds) = self.split_birds(kind, args)?;
        let sides = self.mask(
            side_words,
            kind.keyword(),
            "side letter N, E, S or W",
            |w| Side::from_letter(w).map(Side::bit),
        )?;
        self.push_feature(FeatureSpec {
            kind,
            sides,
            halves: 0,
            birds,
            pennants: 0,
            line: self.line,
        })
    }

    /// Adds a feature to the layout of the open tile or cell block.
    fn push_feature(&mut self, feature: FeatureSpec) -> Result<(), TileSetError> {
        self.layout(feature.kind.keyword())?.features.push(feature);
        Ok(())
    }

    /// `city <side> ... [pennant]`.
    fn city(&mut self, args: &[&str]) -> Result<(), TileSetError> {
        let (side_words, pennants) = match args.split_last() {
            Some((&"pennant", rest)) => (rest, 1),
            _ => (args, 0),
        };
        if side_words.contains(&"pennant") {
            return Err(
                self.error("expected \"pennant\" once, at the end of the city line".to_string())
            );
        }
        let sides = self.mask(side_words, "city", "side letter N, E, S or W", |w| {
            Side::from_letter(w).map(Side::bit)
        })?;
        self.push_feature(FeatureSpec {
            kind: FeatureKind::City,
            sides,
            halves: 0,
            birds: 0,
            pennants,
            line: self.line,
        })
    }

    /// `field <side or half> ...`: a side letter stands for both of its halves.
    fn field(&mut self, args: &[&str]) -> Result<(), TileSetError> {
        let expected = "side letter N, E, S or W or half side Nw, Ne, En, Es, Se, Sw, Ws or Wn";
        let halves = self.mask(args, "field", expected, |w| {
            Side::from_letter(w)
                .map(|s| halves_of_sides(s.bit()))
                .or_else(|| HalfSide::from_name(w).map(HalfSide::bit))
        })?;
        self.push_feature(FeatureSpec {
            kind: FeatureKind::Field,
            sides: 0,
            halves,
            birds: 0,
            pennants: 0,
            line: self.line,
        })
    }

    fn monastery(&mut self, args: &[&str]) -> Result<(), TileSetError> {
        if !args.is_empty() {
            return Err(self.usage("monastery", "monastery", args));
        }
        self.push_feature(FeatureSpec {
            kind: FeatureKind::Monastery,
            sides: 0,
            halves: 0,
            birds: 0,
            pennants: 0,
            line: self.line,
        })?;
        if std::mem::replace(&mut self.monastery_seen, true) {
            return Err(self.error("a second \"monastery\" line in this block".to_string()));
        }
        Ok(())
    }

    fn start_type(&mut self, args: &[&str]) -> Result<(), TileSetError> {
        if let Some(first) = &self.set.start_type {
            return Err(self.error(format!(
                "a second \"start-tile\" line (the first is at line {})",
                first.line
            )));
        }
        let [id] = args else {
            return Err(self.usage("start-tile <tile id>", "start-tile", args));
        };
        self.set.start_type = Some(StartType {
            id: id.to_string(),
            line: self.line,
        });
        Ok(())
    }

    /// Splits a trailing `birds <n>` off a feature line.
    fn split_birds<'a>(
        &self,
        kind: FeatureKind,
        args: &'a [&'a str],
    ) -> Result<(&'a [&'a str], u8), TileSetError> {
        let Some(at) = args.iter().position(|w| *w == "birds") else {
            return Ok((args, 0));
        };
        if kind != FeatureKind::Bush {
            return Err(self.error(format!(
                "birds are only allowed on bush; a {kind} line cannot have \"birds\""
            )));
        }
        let [count] = &args[at + 1..] else {
            return Err(
                self.error("expected \"birds <n>\" at the end of the bush line".to_string())
            );
        };
        let birds = count.parse().map_err(|_| {
            self.error(format!(
                "expected a bird count 0..=255 after \"birds\", found {count:?}"
            ))
        })?;
        Ok((&args[..at], birds))
    }

    /// Parses a non-empty list of distinct side letters, corner names or half sides into a bit
    /// mask (a word may stand for several bits; words may not overlap).
    fn mask(
        &self,
        words: &[&str],
        keyword: &str,
        expected: &str,
        bit: impl Fn(&str) -> Option<u8>,
    ) -> Result<u8, TileSetError> {
        if words.is_empty() {
            return Err(self.error(format!(
                "expected at least one {expected} after \"{keyword}\""
            )));
        }
        words.iter().enumerate().try_fold(0, |mask, (i, word)| {
            let b = bit(word)
                .ok_or_else(|| self.error(format!("expected a {expected}, found {word:?}")))?;
            if words[..i].contains(word) {
                return Err(self.error(format!("{word:?} is listed twice on this line")));
            }
            if mask & b != 0 {
                return Err(self.error(format!("{word:?} overlaps an earlier word on this line")));
            }
            Ok(mask | b)
        })
    }

    /// The layout of the open tile or cell block, if it may still receive layout lines.
    fn layout(&mut self, keyword: &str) -> Result<&mut TileLayout, TileSetError> {
        let message = match &mut self.block {
            Block::Tile(tile) if tile.copies.is_empty() => return Ok(&mut tile.layout),
            Block::Cell(cell, false) => return Ok(&mut cell.layout),
            Block::Tile(_) | Block::Cell(_, true) => format!(
                "{keyword:?} after a copy line; declare path, bush, baobab and bush-corners \
                 before the copy lines"
            ),
            Block::Start => {
                format!("{keyword:?} in the start block must follow a \"cell <x> <y>\" line")
            }
            Block::Header => format!(
                "{keyword:?} outside a block; it belongs after a \"tile <id> count <n>\" or \
                 \"cell <x> <y>\" line"
            ),
        };
        Err(TileSetError::new(&self.set.origin, self.line, message))
    }

    fn baobab(&mut self, args: &[&str]) -> Result<(), TileSetError> {
        if !args.is_empty() {
            return Err(self.usage("baobab", "baobab", args));
        }
        let layout = self.layout("baobab")?;
        if std::mem::replace(&mut layout.baobab, true) {
            return Err(self.error("a second \"baobab\" line in this block".to_string()));
        }
        Ok(())
    }

    fn bush_corners(&mut self, args: &[&str]) -> Result<(), TileSetError> {
        let corners = self.mask(args, "bush-corners", "corner NE, SE, SW or NW", |w| {
            Corner::from_name(w).map(Corner::bit)
        })?;
        let layout = self.layout("bush-corners")?;
        let repeated = layout.bush_corners & corners;
        layout.bush_corners |= corners;
        if repeated != 0 {
            return Err(self.error(
                "a corner on this line is already marked by an earlier bush-corners line"
                    .to_string(),
            ));
        }
        Ok(())
    }

    fn copy(&mut self, args: &[&str]) -> Result<(), TileSetError> {
        let animals = args
            .iter()
            .map(|word| self.animals(word))
            .collect::<Result<Vec<_>, _>>()?;
        let (origin, line) = (&self.set.origin, self.line);
        let fail = |message: String| TileSetError::new(origin, line, message);
        match &mut self.block {
            Block::Tile(tile) => {
                check_entry_count(animals.len(), &tile.layout, &format!("tile {}", tile.id))
                    .map_err(fail)?;
                tile.copies.push(animals);
            }
            Block::Cell(cell, seen) => {
                if *seen {
                    return Err(fail(format!(
                        "a second copy line for start cell {} {}; a cell has exactly one",
                        cell.x, cell.y
                    )));
                }
                let owner = format!("start cell {} {}", cell.x, cell.y);
                check_entry_count(animals.len(), &cell.layout, &owner).map_err(fail)?;
                cell.animals = animals;
                *seen = true;
            }
            Block::Start => {
                return Err(fail(
                    "\"copy\" in the start block must follow a \"cell <x> <y>\" line".to_string(),
                ))
            }
            Block::Header => {
                return Err(fail(
                    "\"copy\" outside a block; it belongs after a \"tile <id> count <n>\" line"
                        .to_string(),
                ))
            }
        }
        Ok(())
    }

    /// One animal entry of a copy line: species letters, or `-` for none.
    fn animals(&self, word: &str) -> Result<SpeciesCounts, TileSetError> {
        if word.len() > MAX_ENTRY_LETTERS {
            return Err(self.error(format!(
                "too many animals in one entry ({} letters); at most {MAX_ENTRY_LETTERS}",
                word.len()
            )));
        }
        SpeciesCounts::parse(word).ok_or_else(|| {
            self.error(format!(
                "expected animals as species letters A, E, G, L, Z (e.g. Z or AE) or - for \
                 none, found {word:?}"
            ))
        })
    }

    fn start(&mut self, args: &[&str]) -> Result<(), TileSetError> {
        if !args.is_empty() {
            return Err(self.usage("start", "start", args));
        }
        if let Some(first) = self.start_line {
            return Err(self.error(format!(
                "a second start block (the first is at line {first}); there is one start tile"
            )));
        }
        self.close_block()?;
        self.block = Block::Start;
        self.start_line = Some(self.line);
        Ok(())
    }

    fn cell(&mut self, args: &[&str]) -> Result<(), TileSetError> {
        self.expect_start_block("cell")?;
        let (x, y) = self.coordinates("cell <x> <y>", "cell", args)?;
        self.close_block()?;
        let cell = StartCell {
            x,
            y,
            layout: TileLayout::default(),
            animals: Vec::new(),
            line: self.line,
        };
        self.block = Block::Cell(cell, false);
        Ok(())
    }

    fn vehicle(&mut self, args: &[&str]) -> Result<(), TileSetError> {
        self.expect_start_block("vehicle")?;
        let (x, y) = self.coordinates("vehicle <x> <y>", "vehicle", args)?;
        self.set.vehicles.push(VehicleStart {
            x,
            y,
            line: self.line,
        });
        Ok(())
    }

    fn expect_start_block(&self, keyword: &str) -> Result<(), TileSetError> {
        if matches!(self.block, Block::Start | Block::Cell(..)) {
            return Ok(());
        }
        Err(self.error(format!(
            "{keyword:?} must be inside the start block (after a \"start\" line)"
        )))
    }

    fn coordinates(
        &self,
        form: &str,
        keyword: &str,
        args: &[&str],
    ) -> Result<(i8, i8), TileSetError> {
        let [x, y] = args else {
            return Err(self.usage(form, keyword, args));
        };
        let coordinate = |word: &str| {
            word.parse::<i8>().map_err(|_| {
                self.error(format!(
                    "expected a cell coordinate (a whole number -128..=127), found {word:?}"
                ))
            })
        };
        Ok((coordinate(x)?, coordinate(y)?))
    }

    /// Ends the open block, moving the item it built into the set.
    fn close_block(&mut self) -> Result<(), TileSetError> {
        self.monastery_seen = false;
        match std::mem::replace(&mut self.block, Block::Header) {
            Block::Tile(tile) => self.set.types.push(tile),
            Block::Cell(cell, true) => self.set.start.push(cell),
            Block::Cell(cell, false) => {
                return Err(TileSetError::new(
                    &self.set.origin,
                    cell.line,
                    format!(
                        "start cell {} {} has no copy line; a cell needs exactly one (a bare \
                         \"copy\" when it has no path or bush)",
                        cell.x, cell.y
                    ),
                ))
            }
            Block::Header | Block::Start => {}
        }
        Ok(())
    }

    fn finish(mut self) -> Result<TileSet, TileSetError> {
        self.close_block()?;
        self.line = 0;
        if self.set.name.is_empty() {
            return Err(
                self.error("no \"tileset <name>\" line: the file holds no statement".to_string())
            );
        }
        if self.game_line.is_none() {
            return Err(
                self.error("missing \"game <name>\" line (e.g. \"game safari\")".to_string())
            );
        }
        Ok(self.set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::species::Species;

    const HEADER: &str = "tileset t\ngame safari\n";

    fn parse(body: &str) -> Result<TileSet, TileSetError> {
        parse_tileset(&format!("{HEADER}{body}"), "test.tiles")
    }

    fn error(body: &str) -> TileSetError {
        parse(body).expect_err("the text should not parse")
    }

    #[test]
    fn parses_blocks_features_and_copies() {
        let set = parse(
            "source first # a comment\n\
             \n\
             tile a-1 count 2\n\
             \x20 path N S\n\
             \x20 bush E birds 2\n\
             \x20 baobab\n\
             \x20 bush-corners SW\n\
             \x20 copy Z -\n\
             \x20 copy AE G\n\
             start\n\
             \x20 vehicle 1 0\n\
             \x20 cell 0 0\n\
             \x20   copy\n",
        )
        .unwrap();
        assert_eq!(set.name, "t");
        assert_eq!(set.game, "safari");
        assert_eq!(set.source, ["first"]);
        assert_eq!(set.origin, "test.tiles");
        let tile = &set.types[0];
        assert_eq!((tile.id.as_str(), tile.count, tile.line), ("a-1", 2, 5));
        assert_eq!(tile.layout.features.len(), 2);
        let bush = &tile.layout.features[1];
        assert_eq!(
            (bush.kind, bush.sides, bush.birds, bush.line),
            (FeatureKind::Bush, Side::E.bit(), 2, 7)
        );
        assert!(tile.layout.baobab);
        assert_eq!(tile.layout.bush_corners, Corner::SW.bit());
        assert_eq!(tile.copies[1][0].get(Species::Ape), 1);
        assert_eq!(tile.copies[1][1].to_string(), "G");
        assert_eq!(set.start.len(), 1);
        assert!(set.start[0].animals.is_empty());
        assert_eq!((set.vehicles[0].x, set.vehicles[0].line), (1, 13));
    }

    #[test]
    fn copy_entry_mismatch_names_the_features() {
        let e = error("tile 12 count 1\npath N S\nbush E birds 1\ncopy Z\n");
        assert_eq!(e.line, 6);
        assert_eq!(
            e.message,
            "copy line has 1 entry but tile 12 declares 2 features (path N S, bush E)"
        );
    }

    #[test]
    fn unknown_keyword_lists_the_keywords() {
        let e = error("tile 1 count 1\npaht N\n");
        assert_eq!(e.line, 4);
        assert!(e
            .message
            .starts_with("unknown keyword \"paht\"; expected one of: tileset"));
        assert_eq!(e.to_string(), format!("test.tiles:4: {}", e.message));
    }

    #[test]
    fn bad_words_are_reported_with_what_was_expected() {
        let cases = [
            (
                "tile 1 count 1\npath X\n",
                "expected a side letter N, E, S or W, found \"X\"",
            ),
            (
                "tile 1 count 1\npath\n",
                "expected at least one side letter",
            ),
            ("tile 1 count 1\npath N N\n", "\"N\" is listed twice"),
            (
                "tile 1 count 1\npath N birds 1\n",
                "birds are only allowed on bush",
            ),
            (
                "tile 1 count 1\nbush N birds\n",
                "expected \"birds <n>\" at the end",
            ),
            (
                "tile 1 count 1\nbush N birds 256\n",
                "expected a bird count 0..=255",
            ),
            (
                "tile 1 count -1\n",
                "expected a copy count (a whole number), found \"-1\"",
            ),
            (
                "tile 1 count 99999999999999999999999\n",
                "expected a copy count",
            ),
            (
                "tile 1 2\n",
                "expected \"tile <id> count <n> [expansion <name>]\", found \"tile 1 2\"",
            ),
            ("tile a.b count 1\n", "expected a tile id"),
            (
                "tile 1 count 1\nbush-corners N\n",
                "expected a corner NE, SE, SW or NW",
            ),
            ("tile 1 count 1\nbaobab\nbaobab\n", "a second \"baobab\""),
            (
                "tile 1 count 1\npath N\ncopy M\n",
                "expected animals as species letters",
            ),
            (
                "tile 1 count 1\ncopy\npath N\n",
                "\"path\" after a copy line",
            ),
            ("path N\n", "\"path\" outside a block"),
            ("copy\n", "\"copy\" outside a block"),
            ("start\npath N\n", "must follow a \"cell <x> <y>\" line"),
            ("cell 0 0\n", "\"cell\" must be inside the start block"),
            (
                "start\ncell 128 0\n",
                "expected a cell coordinate (a whole number -128..=127)",
            ),
            ("start\ncell 0\n", "expected \"cell <x> <y>\""),
            (
                "start\nstart\n",
                "a second start block (the first is at line 3)",
            ),
            (
                "start\ncell 0 0\ncopy\ncopy\n",
                "a second copy line for start cell 0 0",
            ),
            (
                "game safari\n",
                "a second \"game\" line (the first is at line 2)",
            ),
            ("tileset u\n", "a second \"tileset\" line"),
        ];
        for (body, phrase) in cases {
            let e = error(body);
            assert!(e.message.contains(phrase), "{body:?}: {e}");
            assert!(e.line > HEADER.lines().count(), "{body:?}: {e}");
        }
    }

    #[test]
    fn structural_omissions_are_reported() {
        assert_eq!(parse_tileset("", "x").unwrap_err().line, 0);
        let e = parse_tileset("\n# only a comment\ngame safari\n", "x").unwrap_err();
        assert_eq!(e.line, 3);
        assert!(e
            .message
            .contains("expected \"tileset <name>\" as the first line"));
        let e = parse_tileset("tileset t\n", "x").unwrap_err();
        assert!(e.message.contains("missing \"game <name>\" line"));
        let e = error("start\ncell 0 0\npath N\ncell 1 0\ncopy\n");
        assert_eq!(e.line, 4);
        assert!(e.message.contains("start cell 0 0 has no copy line"));
    }

    #[test]
    fn copy_for_a_featureless_tile_is_bare() {
        let e = error("tile 1 count 1\ncopy -\n");
        assert!(e
            .message
            .contains("declares no path or bush (write a bare \"copy\")"));
        assert!(parse("tile 1 count 1\ncopy\n").is_ok());
    }

    #[test]
    fn oversized_animal_entries_are_refused_without_overflow() {
        let e = error(&format!(
            "tile 1 count 1\npath N\ncopy {}\n",
            "A".repeat(300)
        ));
        assert!(e
            .message
            .contains("too many animals in one entry (300 letters)"));
        assert!(parse(&format!(
            "tile 1 count 1\npath N\ncopy {}\n",
            "A".repeat(255)
        ))
        .is_ok());
    }
}
