//! Game records: a line-based text format, one decision per line, that fixes every draw so a
//! replay is exact, and that people can write by hand to set up any situation.
//! The format is documented in `docs/notation.md`.

use crate::core::rng::{below, derive_seed, rng_from_seed};
use crate::core::text_file::read_text_file;
use crate::core::tileset::CompiledTiles;
use crate::games::def::{parse_seat, GameDef, GameId, HeaderItem};
use crate::games::{ResolvedSetup, Setup};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// First line of every record.
pub const MAGIC: &str = "meeplelab-record 1";

/// Header keywords every game's records have, in the order records write them.
const COMMON_KEYWORDS: [&str; 8] = [
    "game",
    "players",
    "seed",
    "tileset",
    "tileset-hash",
    "rule",
    "tiles",
    "agent",
];

/// The label an `agent` line gives a seat played by a person at the terminal (`meeplelab play`).
pub const HUMAN: &str = "human";

/// A problem with a record, naming the file and line.
pub type RecordError = crate::core::text_file::LineError;

/// Where a record's tile set comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TileSource {
    /// The game's embedded set.
    Builtin,
    /// A tile-set file (relative paths are relative to the record's folder).
    File(PathBuf),
}

/// A check written in a record (`expect …`), verified during replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expectation {
    /// `expect scores 6 0`: every player's score.
    Scores(Vec<i32>),
    /// `expect points P0 path 6`: one player's points from one source (a `points_<source>`
    /// statistic of the game).
    Points(usize, String, i32),
    /// `expect supply P0 5`: one player's meeples in supply.
    Supply(usize, u8),
    /// `expect game-over`: the game has ended.
    GameOver,
    /// `expect winners P0 P1`: the game has ended and exactly these seats share the highest
    /// score (ties share the victory).
    Winners(Vec<usize>),
    /// A check of the game's own (`expect hand P1 AE` in Safari): its words after `expect`.
    Game(Vec<String>),
}

/// An `agent P1 mcts:iters=400` header line: who decided for a seat (an agent's label, or
/// [`HUMAN`]). Optional: records without it name no agents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatAgent {
    /// The seat.
    pub seat: usize,
    /// The agent's label (the rest of the line).
    pub label: String,
    /// Line number.
    pub line: usize,
}

/// One line of the moves section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// `P0 place 07.2 1,0 r90`: a decision by a seat.
    Decision {
        /// Line number.
        line: usize,
        /// Seat that decides.
        player: usize,
        /// The action in notation.
        text: String,
    },
    /// An `expect` line.
    Expect {
        /// Line number.
        line: usize,
        /// What must hold.
        what: Expectation,
    },
}

/// A parsed record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// File name for messages.
    pub origin: String,
    /// The game's [`GameDef::NAME`] (`game …` line; `safari` when there is none) and its line
    /// (0: none). [`Record::game_id`] gives the game of the list.
    pub game: (&'static str, usize),
    /// Number of players.
    pub players: usize,
    /// Seed.
    pub seed: u64,
    /// Tile set and the line it was named on.
    pub tileset: (TileSource, usize),
    /// Expected tile-set content hash, if written.
    pub tileset_hash: Option<(u64, usize)>,
    /// `rule` assignments with their lines.
    pub rules: Vec<(String, usize)>,
    /// Draw-order prefix: tile names with their lines.
    pub tiles: Vec<(String, usize)>,
    /// The game's own header lines (Safari: `tokens`, `hand`), in file order.
    pub items: Vec<HeaderItem>,
    /// The `agent` lines, in file order (each seat at most once).
    pub agents: Vec<SeatAgent>,
    /// The moves section.
    pub entries: Vec<Entry>,
}

/// The result of replaying a record of game `G`.
#[derive(Clone)]
pub struct Replay<G> {
    /// The position after the last line.
    pub state: G,
    /// Number of decisions replayed.
    pub decisions: usize,
}

impl Record {
    /// Reads and parses a record file.
    pub fn load(path: &Path) -> Result<Record, RecordError> {
        let (text, origin) = read_text_file(path)?;
        Record::parse(&text, &origin)
    }

    /// Parses record text (of any game of [`GameId::ALL`]).
    pub fn parse(text: &str, origin: &str) -> Result<Record, RecordError> {
        Parser::new(origin, None).run(text)
    }

    /// Parses record text that may also be of game `G`, which need not be one of
    /// [`GameId::ALL`] (a game being written, or a test's game): its `game` line names `G` or a
    /// listed game.
    pub fn parse_as<G: GameDef>(text: &str, origin: &str) -> Result<Record, RecordError> {
        let game = RecordGame {
            name: G::NAME,
            header: G::HEADER_KEYWORDS,
            expect: G::EXPECT_KEYWORDS,
        };
        Parser::new(origin, Some(game)).run(text)
    }

    /// Reads and parses a record file that may also be of game `G` (see [`Record::parse_as`]).
    pub fn load_as<G: GameDef>(path: &Path) -> Result<Record, RecordError> {
        let (text, origin) = read_text_file(path)?;
        Record::parse_as::<G>(&text, &origin)
    }

    /// The label of each seat's agent (`None` for a seat no `agent` line names).
    pub fn agent_labels(&self) -> Vec<Option<&str>> {
        (0..self.players)
            .map(|p| {
                let named = self.agents.iter().find(|a| a.seat == p);
                named.map(|a| a.label.as_str())
            })
            .collect()
    }

    /// `P0 greedy, P1 random` (`?` for a seat no `agent` line names); `None` when the record
    /// names no agents.
    pub fn agents_summary(&self) -> Option<String> {
        let labels = self.agent_labels();
        if labels.iter().all(Option::is_none) {
            return None;
        }
        let seats: Vec<String> = (labels.iter().enumerate())
            .map(|(p, a)| format!("P{p} {}", a.unwrap_or("?")))
            .collect();
        Some(seats.join(", "))
    }

    /// The game of the list this record is of; an error at the `game` line for a game outside
    /// [`GameId::ALL`] (one read by [`Record::parse_as`]).
    pub fn game_id(&self) -> Result<GameId, RecordError> {
        GameId::from_name(self.game.0).map_err(|e| self.err(self.game.1, e))
    }

    /// Replays the whole record as a game of `G` (an error if it is of another game); `base`
    /// is the folder relative tile-set paths are taken from. To stop at a turn:
    /// [`Record::replay_game`].
    pub fn replay<G: GameDef>(&self, base: &Path) -> Result<Replay<G>, RecordError> {
        self.replay_game(base, None)
    }

    fn err(&self, line: usize, message: String) -> RecordError {
        RecordError::new(&self.origin, line, message)
    }

    /// The error for the tile-set file the record names, which did not load (`e`), at the
    /// record's `tileset` line.
    pub(crate) fn tile_set_error(&self, e: impl std::fmt::Display) -> RecordError {
        self.err(self.tileset.1, format!("tile set: {e}"))
    }

    /// The setup the header describes, for game `G` (an error if the record is of another
    /// game).
    pub fn setup<G: GameDef>(&self, base: &Path) -> Result<Setup<G>, RecordError> {
        let (game, game_line) = self.game;
        if game != G::NAME {
            return Err(self.err(
                game_line,
                format!("this is a {game} record, not a {} record", G::NAME),
            ));
        }
        let tiles = match &self.tileset.0 {
            TileSource::Builtin => G::builtin_tiles(),
            TileSource::File(p) => {
                G::load_tiles(&base.join(p)).map_err(|e| self.tile_set_error(e))?
            }
        };
        if let Some((hash, line)) = self.tileset_hash {
            if hash != tiles.content_hash {
                let builtin_of = (GameId::ALL.into_iter()).find(|&id| {
                    crate::with_game!(id, H => H::builtin_tiles().content_hash) == hash
                });
                let why = match builtin_of {
                    Some(other) if other.name() != game => format!(
                        "the built-in tile set of {other}: is the record's \"game {game}\" \
                         line (line {game_line}) right?"
                    ),
                    _ => "the tile-set file changed".to_string(),
                };
                return Err(self.err(
                    line,
                    format!(
                        "tile set content hash is {:016x}, the record expects {hash:016x} \
                         ({why})",
                        tiles.content_hash
                    ),
                ));
            }
        }
        let mut setup = G::setup(self.players, self.seed, tiles);
        for (rule, line) in &self.rules {
            G::set_rule(&mut setup, rule).map_err(|e| self.err(*line, e))?;
        }
        let mut order = Vec::with_capacity(self.tiles.len());
        for (i, (name, line)) in self.tiles.iter().enumerate() {
            if let Some((_, first)) = self.tiles[..i].iter().find(|(n, _)| n == name) {
                return Err(self.err(
                    *line,
                    format!(
                        "tile {name} is already in the draw order (line {first}); each copy \
                         is drawn once"
                    ),
                ));
            }
            let v = tiles.find(name).filter(|&v| tiles.land.contains(&v));
            order.push(v.ok_or_else(|| {
                let example = tiles.land.first().map_or("", |&v| &tiles.variant(v).name);
                self.err(
                    *line,
                    format!("unknown tile \"{name}\" (expected a name like {example})"),
                )
            })?);
        }
        G::set_tile_order(&mut setup, order);
        G::read_header_items(&mut setup, &self.items).map_err(|(line, m)| self.err(line, m))?;
        Ok(setup)
    }

    /// The header line a setup error found when the game starts is about (0 when none): the
    /// `tiles` line of a tile it names, or the `rule` line of an option it names.
    fn blame(&self, message: &str) -> usize {
        let tile = (self.tiles.iter()).find(|(name, _)| message.contains(&format!("tile {name} ")));
        let rule = (self.rules.iter()).find(|(rule, _)| {
            let key = rule.split('=').next().unwrap_or(rule);
            message.contains(&format!("option {key}")) || message.contains(&format!("{key}="))
        });
        tile.or(rule).map_or(0, |&(_, line)| line)
    }

    /// Replays the record as a game of `G` (an error if it is of another game) up to the
    /// position after `turn` complete turns: it stops before the first decision of turn
    /// `turn + 1` (checking the `expect` lines before it). `None`, or a turn past the end of
    /// the record, replays every line. `base` is the folder relative tile-set paths are taken
    /// from.
    pub fn replay_game<G: GameDef>(
        &self,
        base: &Path,
        turn: Option<usize>,
    ) -> Result<Replay<G>, RecordError> {
        let setup = self.setup::<G>(base)?;
        let mut state = G::new_game(&setup).map_err(|e| self.err(self.blame(&e), e))?;
        let mut legal = Vec::new();
        let mut decisions = 0;
        for entry in &self.entries {
            match entry {
                Entry::Decision { .. } if turn.is_some_and(|n| state.turn() >= n) => break,
                Entry::Decision { line, player, text } => {
                    let Some(to_move) = state.to_move() else {
                        return Err(self.err(*line, "the game is already over".into()));
                    };
                    if *player != to_move {
                        return Err(self.err(
                            *line,
                            format!("it is P{to_move}'s decision, not P{player}'s"),
                        ));
                    }
                    let action = state.parse_action(text).map_err(|m| self.err(*line, m))?;
                    state.legal_actions(&mut legal);
                    if !state.is_legal(&action, &legal) {
                        return Err(self.err(
                            *line,
                            format!("\"{text}\" is {}", state.explain_illegal(&action)),
                        ));
                    }
                    state.apply(action);
                    decisions += 1;
                }
                Entry::Expect { line, what } => {
                    check(&state, what).map_err(|m| self.err(*line, m))?;
                }
            }
        }
        Ok(Replay { state, decisions })
    }
}

fn check<G: GameDef>(state: &G, what: &Expectation) -> Result<(), String> {
    let fail = |name: &str, want: String, got: String| {
        Err(format!("expected {name} {want}, but the game has {got}"))
    };
    let seat = |p: usize| {
        if p < state.num_players() {
            Ok(p)
        } else {
            Err(format!(
                "P{p} does not exist in a {}-player game",
                state.num_players()
            ))
        }
    };
    match what {
        Expectation::Scores(want) => {
            if state.scores() != want.as_slice() {
                return fail("scores", join(want), join(state.scores()));
            }
        }
        Expectation::Points(p, source, want) => {
            let names = G::stat_names();
            let Some(i) = names
                .iter()
                .position(|n| n.strip_prefix("points_") == Some(source))
            else {
                let sources: Vec<&str> = names
                    .iter()
                    .filter_map(|n| n.strip_prefix("points_"))
                    .collect();
                return Err(format!(
                    "unknown point source \"{source}\"; expected one of: {}",
                    sources.join(", ")
                ));
            };
            let mut stats = Vec::new();
            state.player_stats(seat(*p)?, &mut stats);
            let got = stats[i] as i32;
            if got != *want {
                return fail(
                    &format!("P{p} {source} points"),
                    want.to_string(),
                    got.to_string(),
                );
            }
        }
        Expectation::Supply(p, want) => {
            let got = state.meeples_in_supply(seat(*p)?);
            if got != *want {
                return fail(
                    &format!("P{p} meeples in supply"),
                    want.to_string(),
                    got.to_string(),
                );
            }
        }
        Expectation::GameOver => {
            if !state.is_terminal() {
                return Err("expected the game to be over, but it goes on".into());
            }
        }
        Expectation::Winners(want) => {
            if !state.is_terminal() {
                return Err("expected the game to be over (winners), but it goes on".into());
            }
            let best = state.scores().iter().copied().max();
            let got: Vec<usize> = (0..state.num_players())
                .filter(|&p| Some(state.scores()[p]) == best)
                .collect();
            if got != *want {
                let seats = |s: &[usize]| {
                    s.iter()
                        .map(|p| format!("P{p}"))
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                return fail("winners", seats(want), seats(&got));
            }
        }
        Expectation::Game(words) => state.check_expectation(words)?,
    }
    Ok(())
}

fn join<T: ToString>(items: &[T]) -> String {
    items.iter().map(T::to_string).collect::<Vec<_>>().join(" ")
}

/// What the parser needs to know about a game: its name and record keywords.
#[derive(Clone, Copy)]
struct RecordGame {
    name: &'static str,
    header: &'static [&'static str],
    expect: &'static [&'static str],
}

impl RecordGame {
    fn of(id: GameId) -> RecordGame {
        crate::with_game!(id, G => RecordGame {
            name: G::NAME,
            header: G::HEADER_KEYWORDS,
            expect: G::EXPECT_KEYWORDS,
        })
    }
}

/// Line-by-line parser state.
struct Parser {
    origin: String,
    record: Record,
    /// The record's game (Safari until a `game` line says otherwise).
    game: RecordGame,
    /// A game outside the list that records may also be of ([`Record::parse_as`]).
    extra: Option<RecordGame>,
    seen_magic: bool,
    in_moves: bool,
    /// The header lines that may appear once, with the line each was given on.
    given: Vec<(&'static str, usize)>,
}

/// Header lines a record gives at most once (`rule` lines may repeat, each key once).
const ONCE: [&str; 5] = ["game", "players", "seed", "tileset", "tileset-hash"];

impl Parser {
    fn new(origin: &str, extra: Option<RecordGame>) -> Parser {
        let game = RecordGame::of(GameId::Safari);
        Parser {
            origin: origin.to_string(),
            game,
            extra,
            record: Record {
                origin: origin.to_string(),
                game: (game.name, 0),
                players: 0,
                seed: 0,
                tileset: (TileSource::Builtin, 0),
                tileset_hash: None,
                rules: Vec::new(),
                tiles: Vec::new(),
                items: Vec::new(),
                agents: Vec::new(),
                entries: Vec::new(),
            },
            seen_magic: false,
            in_moves: false,
            given: Vec::new(),
        }
    }

    /// Refuses a second `key` line (one of [`ONCE`]) or a second `rule` for one option.
    fn refuse_repeats(&mut self, line: usize, words: &[&str]) -> Result<(), RecordError> {
        let key = match ONCE.iter().find(|&&k| k == words[0]) {
            Some(&k) => k,
            None if words[0] == "rule" && words.len() == 2 => {
                let option = words[1].split('=').next().unwrap_or("");
                let earlier =
                    (self.record.rules.iter()).find(|(r, _)| r.split('=').next() == Some(option));
                return match earlier {
                    Some((_, first)) => Err(self.err(
                        line,
                        format!(
                            "a second \"rule {option}=…\" line (the first is on line {first}); \
                             a record sets each rule option once"
                        ),
                    )),
                    None => Ok(()),
                };
            }
            None => return Ok(()),
        };
        match self.given.iter().find(|(k, _)| *k == key) {
            Some(&(_, first)) => Err(self.err(
                line,
                format!(
                    "a second \"{key}\" line (the first is on line {first}); a record's header \
                     gives it once"
                ),
            )),
            None => {
                self.given.push((key, line));
                Ok(())
            }
        }
    }

    fn err(&self, line: usize, message: String) -> RecordError {
        RecordError::new(&self.origin, line, message)
    }

    fn run(mut self, text: &str) -> Result<Record, RecordError> {
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let content = raw.split('#').next().unwrap_or("").trim();
            if content.is_empty() {
                continue;
            }
            if !self.seen_magic {
                if content != MAGIC {
                    return Err(self.err(line, format!("expected \"{MAGIC}\" as the first line")));
                }
                self.seen_magic = true;
                continue;
            }
            let words: Vec<&str> = content.split_whitespace().collect();
            if self.in_moves {
                self.moves_line(line, &words)?;
            } else {
                self.header_line(line, &words)?;
            }
        }
        if !self.seen_magic {
            return Err(self.err(0, format!("empty record; expected \"{MAGIC}\"")));
        }
        self.check_header_items()?;
        self.check_game_expectations()?;
        if self.record.players == 0 {
            return Err(self.err(0, "missing \"players <n>\" line".into()));
        }
        self.check_agents()?;
        Ok(self.record)
    }

    /// Checks the header lines that belong to the game (called at `moves`, when the game is
    /// known, and at the end of a record without moves).
    fn check_header_items(&self) -> Result<(), RecordError> {
        let headers = self.game.header;
        match self
            .record
            .items
            .iter()
            .find(|i| !headers.contains(&i.key.as_str()))
        {
            None => Ok(()),
            Some(item) => {
                let known: Vec<&str> = COMMON_KEYWORDS
                    .iter()
                    .chain(headers)
                    .chain(&["moves"])
                    .copied()
                    .collect();
                let other = (GameId::ALL.into_iter()).find(|&id| {
                    crate::with_game!(id, H => H::HEADER_KEYWORDS).contains(&item.key.as_str())
                });
                let hint = match other {
                    Some(id) => format!(
                        " (\"{}\" is a header line of {id} records: is the \"game {}\" line \
                         right?)",
                        item.key, self.game.name
                    ),
                    None => String::new(),
                };
                Err(self.err(
                    item.line,
                    format!(
                        "unknown header line \"{}\"; expected one of: {}{hint}",
                        item.key,
                        known.join(", ")
                    ),
                ))
            }
        }
    }

    /// Checks that every `agent` line names a seat of the game.
    fn check_agents(&self) -> Result<(), RecordError> {
        let players = self.record.players;
        match self.record.agents.iter().find(|a| a.seat >= players) {
            Some(a) => Err(self.err(
                a.line,
                format!(
                    "agent line for P{}, which does not exist in a {players}-player game",
                    a.seat
                ),
            )),
            None => Ok(()),
        }
    }

    /// Reads `agent P<seat> <label>`; a seat named twice is an error naming the first line.
    fn agent_line(&mut self, line: usize, words: &[&str]) -> Result<(), RecordError> {
        let usage = || {
            format!(
                "expected \"agent P<seat> <agent label>\" (e.g. \"agent P1 greedy\"), found \"{}\"",
                words.join(" ")
            )
        };
        let [_, seat, label @ ..] = words else {
            return Err(self.err(line, usage()));
        };
        if label.is_empty() {
            return Err(self.err(line, usage()));
        }
        let seat = parse_seat(seat, 5).map_err(|m| self.err(line, format!("{m}: {}", usage())))?;
        if let Some(first) = self.record.agents.iter().find(|a| a.seat == seat) {
            return Err(self.err(
                line,
                format!(
                    "a second \"agent P{seat}\" line (the first is on line {}); a record names \
                     each seat's agent once",
                    first.line
                ),
            ));
        }
        self.record.agents.push(SeatAgent {
            seat,
            label: label.join(" "),
            line,
        });
        Ok(())
    }

    /// Checks the `expect` lines that belong to the game.
    fn check_game_expectations(&self) -> Result<(), RecordError> {
        let expects = self.game.expect;
        for entry in &self.record.entries {
            if let Entry::Expect {
                line,
                what: Expectation::Game(words),
            } = entry
            {
                if !expects.contains(&words[0].as_str()) {
                    return Err(self.err(*line, expectation_usage(expects)));
                }
            }
        }
        Ok(())
    }

    fn header_line(&mut self, line: usize, words: &[&str]) -> Result<(), RecordError> {
        self.refuse_repeats(line, words)?;
        let arg = |n: usize| words.get(n).copied().unwrap_or("");
        match words[0] {
            "game" => {
                let extra = self.extra.filter(|g| g.name == arg(1));
                let game =
                    match extra.map_or_else(|| GameId::from_name(arg(1)).map(RecordGame::of), Ok) {
                        Ok(g) if words.len() == 2 => g,
                        Ok(_) => {
                            return Err(self.err(
                                line,
                                format!("expected \"game <name>\", found \"{}\"", words.join(" ")),
                            ))
                        }
                        Err(e) => return Err(self.err(line, e)),
                    };
                self.game = game;
                self.record.game = (game.name, line);
            }
            "players" => {
                self.record.players = match arg(1).parse::<usize>() {
                    Ok(n) if (2..=5).contains(&n) && words.len() == 2 => n,
                    _ => {
                        return Err(self.err(
                            line,
                            format!("expected \"players <2..5>\", found \"{}\"", words.join(" ")),
                        ))
                    }
                }
            }
            "seed" => {
                self.record.seed = match arg(1).parse::<u64>() {
                    Ok(s) if words.len() == 2 => s,
                    _ => {
                        return Err(self.err(
                            line,
                            format!(
                                "expected \"seed <non-negative integer>\", found \"{}\"",
                                words.join(" ")
                            ),
                        ))
                    }
                }
            }
            "tileset" => {
                if words.len() != 2 {
                    return Err(self.err(
                        line,
                        "expected \"tileset builtin\" or \"tileset <file>\"".into(),
                    ));
                }
                let src = match arg(1) {
                    "builtin" => TileSource::Builtin,
                    p => TileSource::File(PathBuf::from(p)),
                };
                self.record.tileset = (src, line);
            }
            "tileset-hash" => {
                let h = u64::from_str_radix(arg(1), 16).map_err(|_| {
                    self.err(
                        line,
                        format!(
                            "expected \"tileset-hash <16 hex digits>\", found \"{}\"",
                            arg(1)
                        ),
                    )
                })?;
                self.record.tileset_hash = Some((h, line));
            }
            "rule" => {
                if words.len() != 2 {
                    return Err(self.err(line, "expected \"rule <key>=<value>\"".into()));
                }
                self.record.rules.push((arg(1).to_string(), line));
            }
            "tiles" => self
                .record
                .tiles
                .extend(words[1..].iter().map(|w| (w.to_string(), line))),
            "agent" => self.agent_line(line, words)?,
            "moves" => {
                self.check_header_items()?;
                if self.record.players == 0 {
                    return Err(self.err(
                        line,
                        "the header must give \"players <n>\" before \"moves\"".into(),
                    ));
                }
                self.in_moves = true;
            }
            other => self.record.items.push(HeaderItem {
                line,
                key: other.to_string(),
                args: words[1..].iter().map(|w| w.to_string()).collect(),
            }),
        }
        Ok(())
    }

    fn moves_line(&mut self, line: usize, words: &[&str]) -> Result<(), RecordError> {
        if words[0] == "expect" {
            let what =
                expectation(&words[1..], self.record.players).map_err(|m| self.err(line, m))?;
            self.record.entries.push(Entry::Expect { line, what });
            return Ok(());
        }
        let player = parse_seat(words[0], self.record.players).map_err(|m| {
            self.err(
                line,
                format!("{m} (a move line starts with the deciding seat, e.g. \"P0 pass\")"),
            )
        })?;
        if words.len() < 2 {
            return Err(self.err(line, "a move line needs an action after the seat".into()));
        }
        self.record.entries.push(Entry::Decision {
            line,
            player,
            text: words[1..].join(" "),
        });
        Ok(())
    }
}

/// What `expect` lines may say, with the game's own `expects` keywords.
fn expectation_usage(expects: &[&str]) -> String {
    let mut forms = vec![
        "\"expect scores <n> …\"".to_string(),
        "\"expect points P<seat> <source> <n>\"".to_string(),
        "\"expect supply P<seat> <n>\"".to_string(),
        "\"expect game-over\"".to_string(),
        "\"expect winners P<seat> …\"".to_string(),
    ];
    forms.extend(expects.iter().map(|k| format!("\"expect {k} …\"")));
    format!("expected one of: {}", forms.join(", "))
}

fn expectation(words: &[&str], players: usize) -> Result<Expectation, String> {
    let int = |s: &str| {
        s.parse::<i32>()
            .map_err(|_| format!("expected an integer, found \"{s}\""))
    };
    match words {
        ["scores", rest @ ..] if !rest.is_empty() => Ok(Expectation::Scores(
            rest.iter().map(|w| int(w)).collect::<Result<_, _>>()?,
        )),
        ["points", p, source, n] => Ok(Expectation::Points(
            parse_seat(p, players)?,
            source.to_string(),
            int(n)?,
        )),
        ["supply", p, n] => Ok(Expectation::Supply(
            parse_seat(p, players)?,
            n.parse()
                .map_err(|_| format!("expected a meeple count, found \"{n}\""))?,
        )),
        ["game-over"] => Ok(Expectation::GameOver),
        ["winners", rest @ ..] if !rest.is_empty() => {
            let mut seats = rest
                .iter()
                .map(|w| parse_seat(w, players))
                .collect::<Result<Vec<_>, _>>()?;
            seats.sort_unstable();
            seats.dedup();
            Ok(Expectation::Winners(seats))
        }
        [first, ..]
            if !matches!(
                *first,
                "scores" | "points" | "supply" | "game-over" | "winners"
            ) =>
        {
            Ok(Expectation::Game(
                words.iter().map(|w| w.to_string()).collect(),
            ))
        }
        _ => Err(expectation_usage(&[])),
    }
}

/// Builds the text of a record of game `G` while it is played.
pub struct RecordWriter<G: GameDef> {
    text: String,
    /// The turn of the last `# turn N` label (a turn may start with several decisions that
    /// [`GameDef::starts_turn`] marks, such as a Carcassonne discard and the placement after it).
    labelled: Option<usize>,
    game: std::marker::PhantomData<fn(&G)>,
}

impl<G: GameDef> RecordWriter<G> {
    /// Starts a record with the header of a resolved setup. `tileset` is `builtin` or a path;
    /// `agents` are the seats' agent labels in seat order, written as `agent P<seat> <label>`
    /// lines (none when empty).
    pub fn new(
        setup: &ResolvedSetup<G>,
        tiles: &CompiledTiles,
        tileset: &str,
        agents: &[String],
    ) -> RecordWriter<G> {
        let head = G::common_header(setup);
        let mut text = String::new();
        let _ = writeln!(text, "{MAGIC}");
        let _ = writeln!(text, "game {}", G::NAME);
        let _ = writeln!(text, "players {}", head.players);
        let _ = writeln!(text, "seed {}", head.seed);
        let _ = writeln!(text, "tileset {tileset}");
        let _ = writeln!(text, "tileset-hash {:016x}", tiles.content_hash);
        for rule in &head.rules {
            let _ = writeln!(text, "rule {rule}");
        }
        for chunk in head.tile_order.chunks(12) {
            let names: Vec<&str> = chunk
                .iter()
                .map(|&v| tiles.variant(v).name.as_str())
                .collect();
            let _ = writeln!(text, "tiles {}", names.join(" "));
        }
        G::write_header_items(setup, &mut text);
        for (seat, label) in agents.iter().enumerate() {
            let _ = writeln!(text, "agent P{seat} {label}");
        }
        let _ = writeln!(text, "moves");
        RecordWriter {
            text,
            labelled: None,
            game: std::marker::PhantomData,
        }
    }

    /// Appends a comment line, `# text` (line breaks in `text` become spaces); replay ignores it.
    pub fn comment(&mut self, text: &str) {
        let _ = writeln!(self.text, "# {}", text.replace(['\n', '\r'], " "));
    }

    /// Appends a decision; call before applying `action` to `state`.
    pub fn decision(&mut self, state: &G, action: &G::Action) {
        if G::starts_turn(action) && self.labelled != Some(state.turn()) {
            self.labelled = Some(state.turn());
            let _ = writeln!(self.text, "# turn {}", state.turn() + 1);
        }
        let p = state.to_move().expect("a decision in a running game");
        let _ = writeln!(self.text, "P{p} {}", state.format_action(action));
    }

    /// Finishes with the final scores as a checked expectation.
    pub fn finish(mut self, state: &G) -> String {
        if state.is_terminal() {
            let _ = writeln!(self.text, "expect game-over");
        }
        let _ = writeln!(self.text, "expect scores {}", join(state.scores()));
        self.text
    }
}

/// The record of a game of `G` started from `setup` (its seed included) in which `decisions`
/// were taken in order, with the seats' `agents` (labels, in seat order; none when empty) in
/// the header, `notes` as comment lines before the first move and the final scores as a
/// checked expectation. `tileset` is how the record names the tile set (`builtin` or a path).
pub fn game_record<G: GameDef>(
    setup: &Setup<G>,
    tileset: &str,
    agents: &[String],
    notes: &[String],
    decisions: &[G::Action],
) -> Result<String, String> {
    let resolved = G::resolve(setup)?;
    let tiles = G::tiles(setup);
    let mut state = G::start(tiles, &resolved)?;
    let mut writer = RecordWriter::<G>::new(&resolved, tiles, tileset, agents);
    for note in notes {
        writer.comment(note);
    }
    for action in decisions {
        writer.decision(&state, action);
        state.apply(*action);
    }
    Ok(writer.finish(&state))
}

/// A game of uniformly random decisions started from `setup`, as `meeplelab random-game`
/// plays it: the decisions come from the stream `derive_seed(seed, 2)` of the setup's seed.
/// Returns the final position and the game's record (see [`game_record`]; no notes).
pub fn random_game_record<G: GameDef>(
    setup: &Setup<G>,
    tileset: &str,
) -> Result<(G, String), String> {
    let resolved = G::resolve(setup)?;
    let tiles = G::tiles(setup);
    let mut rng = rng_from_seed(derive_seed(G::common_header(&resolved).seed, 2));
    let mut state = G::start(tiles, &resolved)?;
    let mut writer = RecordWriter::<G>::new(&resolved, tiles, tileset, &[]);
    let mut legal = Vec::new();
    while !state.is_terminal() {
        state.legal_actions(&mut legal);
        let action = legal[below(&mut rng, legal.len())];
        writer.decision(&state, &action);
        state.apply(action);
    }
    let text = writer.finish(&state);
    Ok((state, text))
}

/// Makes records of games of `G` started from `setup` with any seed, as tournaments keep them
/// (`--records`): `(game seed, agents, notes, decisions)` → record text (see [`game_record`]).
/// `setup` must start a game (checked before games run).
pub fn record_maker<G: GameDef>(
    setup: Setup<G>,
    tileset: String,
) -> impl Fn(u64, &[String], &[String], &[G::Action]) -> String + Send + Sync {
    move |seed, agents, notes, decisions| {
        let mut s = setup.clone();
        G::set_seed(&mut s, seed);
        game_record::<G>(&s, &tileset, agents, notes, decisions)
            .expect("the setup was checked before the run")
    }
}
