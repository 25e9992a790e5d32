//! Game records: a line-based text format, one decision per line, that fixes every draw so a
//! replay is exact, and that people can write by hand to set up any situation.
//! The format is documented in `docs/notation.md`.

use crate::core::game::Game;
use crate::core::species::{Species, SpeciesCounts};
use crate::core::tileset::{CompiledTiles, TileSet};
use crate::games::safari::{
    builtin_tiles, Action, Options, PointSource, ResolvedSetup, SafariState, Setup, SetupError,
};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// First line of every record.
pub const MAGIC: &str = "meeplelab-record 1";

/// A problem with a record, naming the file and line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{origin}:{line}: {message}")]
pub struct RecordError {
    /// File name.
    pub origin: String,
    /// 1-based line (0: the file as a whole).
    pub line: usize,
    /// What was wrong and what was expected.
    pub message: String,
}

/// Where a record's tile set comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TileSource {
    /// The embedded Safari set.
    Builtin,
    /// A tile-set file (relative paths are relative to the record's folder).
    File(PathBuf),
}

/// A check written in a record (`expect …`), verified during replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expectation {
    /// `expect scores 6 0`: every player's score.
    Scores(Vec<i32>),
    /// `expect points P0 path 6`: one player's points from one source.
    Points(usize, PointSource, i32),
    /// `expect hand P1 AE` (or `-`): one player's tokens.
    Hand(usize, SpeciesCounts),
    /// `expect supply P0 5`: one player's meeples in supply.
    Supply(usize, u8),
    /// `expect game-over`: the game has ended.
    GameOver,
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
    /// Bag-order prefix.
    pub tokens: Vec<Species>,
    /// Explicit starting hands: (seat, tokens, line), in file order.
    pub hands: Vec<(usize, Vec<Species>, usize)>,
    /// The moves section.
    pub entries: Vec<Entry>,
}

/// The result of replaying a record.
#[derive(Clone)]
pub struct Replay {
    /// The position after the last line.
    pub state: SafariState,
    /// Number of decisions replayed.
    pub decisions: usize,
}

impl Record {
    /// Reads and parses a record file.
    pub fn load(path: &Path) -> Result<Record, RecordError> {
        let origin = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| RecordError {
            origin: origin.clone(),
            line: 0,
            message: format!("cannot read file: {e}"),
        })?;
        Record::parse(&text, &origin)
    }

    /// Parses record text.
    pub fn parse(text: &str, origin: &str) -> Result<Record, RecordError> {
        Parser::new(origin).run(text)
    }

    /// Replays the record against the rules; `base` is the folder relative tile-set paths are
    /// taken from.
    pub fn replay(&self, base: &Path) -> Result<Replay, RecordError> {
        self.replay_to_turn(base, None)
    }

    /// Replays the record up to the position after `turn` complete turns: it stops before the
    /// first decision of turn `turn + 1` (checking the `expect` lines before it). `None`, or a
    /// turn past the end of the record, replays every line.
    pub fn replay_to_turn(&self, base: &Path, turn: Option<usize>) -> Result<Replay, RecordError> {
        let err = |line: usize, message: String| RecordError {
            origin: self.origin.clone(),
            line,
            message,
        };
        let (source, ts_line) = &self.tileset;
        let tiles = match source {
            TileSource::Builtin => builtin_tiles(),
            TileSource::File(p) => {
                let set = TileSet::load(&base.join(p))
                    .map_err(|e| err(*ts_line, format!("tile set: {e}")))?;
                Arc::new(CompiledTiles::compile(&set))
            }
        };
        if let Some((hash, line)) = self.tileset_hash {
            if hash != tiles.content_hash {
                return Err(err(
                    line,
                    format!(
                        "tile set content hash is {:016x}, the record expects {hash:016x} \
                         (the tile-set file changed)",
                        tiles.content_hash
                    ),
                ));
            }
        }
        let mut setup = Setup::with_tiles(self.players, self.seed, tiles.clone());
        let mut options = Options::default();
        for (rule, line) in &self.rules {
            options.set(rule).map_err(|e| err(*line, e.0))?;
        }
        setup.options = options;
        for (name, line) in &self.tiles {
            let v = tiles.find(name).filter(|&v| tiles.land.contains(&v));
            setup.tile_order.push(v.ok_or_else(|| {
                err(
                    *line,
                    format!("unknown tile \"{name}\" (expected a name like 07.2)"),
                )
            })?);
        }
        setup.token_order = self.tokens.clone();
        if let Some(&(_, _, first_line)) = self.hands.first() {
            let mut all = vec![None; self.players];
            for (p, hand, line) in &self.hands {
                if *p >= self.players {
                    return Err(err(
                        *line,
                        format!("P{p} does not exist in a {}-player game", self.players),
                    ));
                }
                all[*p] = Some(hand.clone());
            }
            let all = all
                .into_iter()
                .enumerate()
                .map(|(p, h)| {
                    h.ok_or_else(|| err(first_line, format!("hands are given, but none for P{p}")))
                })
                .collect::<Result<_, _>>()?;
            setup.hands = Some(all);
        }
        let mut state = SafariState::new(&setup).map_err(|e| err(0, e.0))?;
        let mut legal = Vec::new();
        let mut decisions = 0;
        for entry in &self.entries {
            match entry {
                Entry::Decision { .. } if turn.is_some_and(|n| state.turn() >= n) => break,
                Entry::Decision { line, player, text } => {
                    let Some(to_move) = state.to_move() else {
                        return Err(err(*line, "the game is already over".into()));
                    };
                    if *player != to_move {
                        return Err(err(
                            *line,
                            format!("it is P{to_move}'s decision, not P{player}'s"),
                        ));
                    }
                    let action = state.parse_action(text).map_err(|m| err(*line, m))?;
                    state.legal_actions(&mut legal);
                    if !legal.contains(&action) {
                        return Err(err(
                            *line,
                            format!("\"{text}\" is {}", state.explain_illegal(&action)),
                        ));
                    }
                    state.apply(action);
                    decisions += 1;
                }
                Entry::Expect { line, what } => {
                    check(&state, what).map_err(|m| err(*line, m))?;
                }
            }
        }
        Ok(Replay { state, decisions })
    }
}

fn check(state: &SafariState, what: &Expectation) -> Result<(), String> {
    let fail = |name: &str, want: String, got: String| {
        Err(format!("expected {name} {want}, but the game has {got}"))
    };
    match what {
        Expectation::Scores(want) => {
            if state.scores() != want.as_slice() {
                return fail("scores", join(want), join(state.scores()));
            }
        }
        Expectation::Points(p, source, want) => {
            let got = state.stats(*p).points_from(*source);
            if got != *want {
                return fail(
                    &format!("P{p} {} points", source.name()),
                    want.to_string(),
                    got.to_string(),
                );
            }
        }
        Expectation::Hand(p, want) => {
            if state.hand(*p) != want {
                return fail(
                    &format!("P{p} hand"),
                    want.to_string(),
                    state.hand(*p).to_string(),
                );
            }
        }
        Expectation::Supply(p, want) => {
            let got = state.meeples_in_supply(*p);
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
    }
    Ok(())
}

fn join<T: ToString>(items: &[T]) -> String {
    items.iter().map(T::to_string).collect::<Vec<_>>().join(" ")
}

/// Line-by-line parser state.
struct Parser {
    origin: String,
    record: Record,
    seen_magic: bool,
    in_moves: bool,
}

impl Parser {
    fn new(origin: &str) -> Parser {
        Parser {
            origin: origin.to_string(),
            record: Record {
                origin: origin.to_string(),
                players: 0,
                seed: 0,
                tileset: (TileSource::Builtin, 0),
                tileset_hash: None,
                rules: Vec::new(),
                tiles: Vec::new(),
                tokens: Vec::new(),
                hands: Vec::new(),
                entries: Vec::new(),
            },
            seen_magic: false,
            in_moves: false,
        }
    }

    fn err(&self, line: usize, message: String) -> RecordError {
        RecordError {
            origin: self.origin.clone(),
            line,
            message,
        }
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
        if self.record.players == 0 {
            return Err(self.err(0, "missing \"players <n>\" line".into()));
        }
        Ok(self.record)
    }

    fn header_line(&mut self, line: usize, words: &[&str]) -> Result<(), RecordError> {
        let arg = |n: usize| words.get(n).copied().unwrap_or("");
        match words[0] {
            "game" => {
                if arg(1) != "safari" || words.len() != 2 {
                    return Err(self.err(
                        line,
                        format!("expected \"game safari\", found \"{}\"", words.join(" ")),
                    ));
                }
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
            "tokens" => {
                for w in &words[1..] {
                    let s = species_word(w).map_err(|m| self.err(line, m))?;
                    self.record.tokens.push(s);
                }
            }
            "hand" => {
                let p = seat(arg(1)).map_err(|m| self.err(line, m))?;
                let mut hand = Vec::new();
                for w in &words[2..] {
                    if *w == "-" {
                        continue;
                    }
                    for c in w.chars() {
                        hand.push(species_word(&c.to_string()).map_err(|m| self.err(line, m))?);
                    }
                }
                if self.record.hands.iter().any(|(q, _, _)| *q == p) {
                    return Err(self.err(line, format!("a second hand for P{p}")));
                }
                self.record.hands.push((p, hand, line));
            }
            "moves" => {
                if self.record.players == 0 {
                    return Err(self.err(
                        line,
                        "the header must give \"players <n>\" before \"moves\"".into(),
                    ));
                }
                self.in_moves = true;
            }
            other => {
                return Err(self.err(
                    line,
                    format!(
                        "unknown header line \"{other}\"; expected one of: game, players, seed, \
                         tileset, tileset-hash, rule, tiles, tokens, hand, moves"
                    ),
                ))
            }
        }
        Ok(())
    }

    fn moves_line(&mut self, line: usize, words: &[&str]) -> Result<(), RecordError> {
        if words[0] == "expect" {
            let what = expectation(&words[1..]).map_err(|m| self.err(line, m))?;
            self.record.entries.push(Entry::Expect { line, what });
            return Ok(());
        }
        let player = seat(words[0]).map_err(|m| {
            self.err(
                line,
                format!("{m} (a move line starts with the deciding seat, e.g. \"P0 pass\")"),
            )
        })?;
        if player >= self.record.players {
            return Err(self.err(
                line,
                format!(
                    "P{player} does not exist in a {}-player game",
                    self.record.players
                ),
            ));
        }
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

fn seat(s: &str) -> Result<usize, String> {
    s.strip_prefix('P')
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|&n| n < 5)
        .ok_or_else(|| format!("expected a seat P0..P4, found \"{s}\""))
}

fn species_word(s: &str) -> Result<Species, String> {
    let mut c = s.chars();
    match (c.next().and_then(Species::from_letter), c.next()) {
        (Some(sp), None) => Ok(sp),
        _ => Err(format!(
            "expected a species letter A, E, G, L or Z, found \"{s}\""
        )),
    }
}

fn expectation(words: &[&str]) -> Result<Expectation, String> {
    let usage = "expected one of: \"expect scores <n> …\", \"expect points P<seat> <source> <n>\", \
                 \"expect hand P<seat> <letters|->\", \"expect supply P<seat> <n>\", \"expect game-over\"";
    let int = |s: &str| {
        s.parse::<i32>()
            .map_err(|_| format!("expected an integer, found \"{s}\""))
    };
    match words {
        ["scores", rest @ ..] if !rest.is_empty() => Ok(Expectation::Scores(
            rest.iter().map(|w| int(w)).collect::<Result<_, _>>()?,
        )),
        ["points", p, source, n] => {
            let source = PointSource::ALL
                .into_iter()
                .find(|s| s.name() == *source)
                .ok_or_else(|| {
                    let names: Vec<&str> = PointSource::ALL.iter().map(|s| s.name()).collect();
                    format!(
                        "unknown point source \"{source}\"; expected one of: {}",
                        names.join(", ")
                    )
                })?;
            Ok(Expectation::Points(seat(p)?, source, int(n)?))
        }
        ["hand", p, letters] => Ok(Expectation::Hand(
            seat(p)?,
            SpeciesCounts::parse(letters)
                .ok_or_else(|| format!("expected species letters or -, found \"{letters}\""))?,
        )),
        ["supply", p, n] => Ok(Expectation::Supply(
            seat(p)?,
            n.parse()
                .map_err(|_| format!("expected a meeple count, found \"{n}\""))?,
        )),
        ["game-over"] => Ok(Expectation::GameOver),
        _ => Err(usage.into()),
    }
}

/// Builds the text of a record while a game is played.
pub struct RecordWriter {
    text: String,
}

impl RecordWriter {
    /// Starts a record with the header of a resolved setup. `tileset` is `builtin` or a path.
    pub fn new(setup: &ResolvedSetup, tiles: &CompiledTiles, tileset: &str) -> RecordWriter {
        let mut text = String::new();
        let _ = writeln!(text, "{MAGIC}");
        let _ = writeln!(text, "game safari");
        let _ = writeln!(text, "players {}", setup.players);
        let _ = writeln!(text, "seed {}", setup.seed);
        let _ = writeln!(text, "tileset {tileset}");
        let _ = writeln!(text, "tileset-hash {:016x}", tiles.content_hash);
        for rule in setup.options.assignments() {
            let _ = writeln!(text, "rule {rule}");
        }
        for chunk in setup.tile_order.chunks(12) {
            let names: Vec<&str> = chunk
                .iter()
                .map(|&v| tiles.variant(v).name.as_str())
                .collect();
            let _ = writeln!(text, "tiles {}", names.join(" "));
        }
        for chunk in setup.token_order.chunks(25) {
            let letters: Vec<String> = chunk.iter().map(|s| s.to_string()).collect();
            let _ = writeln!(text, "tokens {}", letters.join(" "));
        }
        for (p, hand) in setup.hands.iter().enumerate() {
            let letters: String = hand.iter().map(|s| s.letter()).collect();
            let shown = if letters.is_empty() {
                "-".to_string()
            } else {
                letters
            };
            let _ = writeln!(text, "hand P{p} {shown}");
        }
        let _ = writeln!(text, "moves");
        RecordWriter { text }
    }

    /// Appends a comment line, `# text` (line breaks in `text` become spaces); replay ignores it.
    pub fn comment(&mut self, text: &str) {
        let _ = writeln!(self.text, "# {}", text.replace(['\n', '\r'], " "));
    }

    /// Appends a decision; call before applying `action` to `state`.
    pub fn decision(&mut self, state: &SafariState, action: &Action) {
        if matches!(action, Action::Place { .. }) {
            let _ = writeln!(self.text, "# turn {}", state.turn() + 1);
        }
        let p = state.to_move().expect("a decision in a running game");
        let _ = writeln!(self.text, "P{p} {}", state.format_action(action));
    }

    /// Finishes with the final scores as a checked expectation.
    pub fn finish(mut self, state: &SafariState) -> String {
        if state.is_terminal() {
            let _ = writeln!(self.text, "expect game-over");
        }
        let _ = writeln!(self.text, "expect scores {}", join(state.scores()));
        self.text
    }
}

/// The record of a game started from `setup` (its seed included) in which `decisions` were
/// taken in order, with `notes` as comment lines before the first move and the final scores as
/// a checked expectation. `tileset` is how the record names the tile set (`builtin` or a path).
pub fn game_record(
    setup: &Setup,
    tileset: &str,
    notes: &[String],
    decisions: &[Action],
) -> Result<String, SetupError> {
    let resolved = setup.resolve()?;
    let mut state = SafariState::from_resolved(setup.tiles.clone(), &resolved)?;
    let mut writer = RecordWriter::new(&resolved, &setup.tiles, tileset);
    for note in notes {
        writer.comment(note);
    }
    for action in decisions {
        writer.decision(&state, action);
        state.apply(*action);
    }
    Ok(writer.finish(&state))
}

/// Makes records of games started from `setup` with any seed, as tournaments keep them
/// (`--records`): `(game seed, notes, decisions)` → record text (see [`game_record`]). `setup`
/// must start a game (checked before games run).
pub fn record_maker(
    setup: Setup,
    tileset: String,
) -> impl Fn(u64, &[String], &[Action]) -> String + Send + Sync {
    move |seed, notes, decisions| {
        let mut s = setup.clone();
        s.seed = seed;
        game_record(&s, &tileset, notes, decisions).expect("the setup was checked before the run")
    }
}
