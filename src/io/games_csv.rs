//! `games.csv`: one row per game and seat (schema in `docs/csv.md`).
//!
//! Experiments add one column, `variant`, right after `players`; the rest of the layout is the
//! tournament's. Tables record whether they have it ([`GamesTable::variant_column`]).
//!
//! Rows are written one game at a time — all seats of a game in a single write — so an
//! interrupted run leaves only whole games, apart from at most one partial last line. The
//! reader checks the header and every field and names `file:line` in its errors.

use crate::games::GameId;
use std::fmt::Write as _;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Version of the column layout; bumped whenever a column is added, removed or changes meaning.
pub const SCHEMA_VERSION: u32 = 1;

/// Columns before the game's statistics columns, in order.
pub const LEADING_COLUMNS: [&str; 15] = [
    "schema_version",
    "run_id",
    "crate_version",
    "game",
    "players",
    "rules",
    "tileset_hash",
    "master_seed",
    "game_index",
    "game_seed",
    "seat",
    "agent",
    "score",
    "rank",
    "win_share",
];

/// Columns after the game's statistics columns, in order.
pub const TRAILING_COLUMNS: [&str; 2] = ["turns", "wall_ms"];

/// Name of the optional experiment column, placed right after `players`.
pub const VARIANT_COLUMN: &str = "variant";

/// Position of the optional [`VARIANT_COLUMN`] in a header (right after `players`).
pub const VARIANT_POSITION: usize = 5;

/// Columns excluded when comparing runs: they differ between otherwise identical runs.
pub const VOLATILE_COLUMNS: [&str; 2] = ["run_id", "wall_ms"];

/// One seat of one game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    /// Identifier of the process run that played the game.
    pub run_id: String,
    /// Version of meeplelab that played the game.
    pub crate_version: String,
    /// Game name, e.g. `safari`.
    pub game: String,
    /// Seats in the game.
    pub players: usize,
    /// Experiment variant the game belongs to; `None` in files without a `variant` column
    /// (tournaments).
    pub variant: Option<String>,
    /// Every rule option as space-separated `key=value`.
    pub rules: String,
    /// Content hash of the compiled tile set, 16 hex digits.
    pub tileset_hash: String,
    /// Master seed of the tournament.
    pub master_seed: u64,
    /// Index of the game in the tournament (0-based).
    pub game_index: u64,
    /// Seed of this game, derived from (master seed, game index).
    pub game_seed: u64,
    /// Seat, 0-based in turn order.
    pub seat: usize,
    /// Canonical label of the agent spec in this seat.
    pub agent: String,
    /// Final score.
    pub score: i64,
    /// Competition rank (1 = best; tied seats share the better rank).
    pub rank: usize,
    /// Share of the win: 1 for a sole winner, 1/k for each of k tied winners, else 0.
    pub win_share: f64,
    /// Statistics values, one per [`GamesTable::stat_names`] column.
    pub stats: Vec<i64>,
    /// Completed turns when the game ended.
    pub turns: u64,
    /// Wall-clock time of the whole game in milliseconds.
    pub wall_ms: f64,
    /// Line of the row in the file it was read from (0 for rows built in memory).
    pub line: u64,
}

impl GameRow {
    /// For tests: seat `seat` of game `game_index` (seed `game_index`) of a 2-player Safari run,
    /// played by `agent`, with its `score`, `rank` and `win_share`, statistics `points_path`
    /// = `score` and `actions_place` = 1, and 10 turns.
    #[cfg(test)]
    pub(crate) fn sample(
        game_index: u64,
        seat: usize,
        agent: &str,
        score: i64,
        rank: usize,
        win_share: f64,
    ) -> GameRow {
        GameRow {
            run_id: "r".into(),
            crate_version: "0".into(),
            game: "safari".into(),
            players: 2,
            variant: None,
            rules: String::new(),
            tileset_hash: "0".into(),
            master_seed: 1,
            game_index,
            game_seed: game_index,
            seat,
            agent: agent.into(),
            score,
            rank,
            win_share,
            stats: vec![score, 1],
            turns: 10,
            wall_ms: 1.0,
            line: 0,
        }
    }

    /// Identity of the game this row belongs to (the columns every seat of a game shares).
    pub fn game_key(&self) -> GameKey<'_> {
        (
            &self.game,
            self.players,
            self.variant.as_deref(),
            &self.rules,
            &self.tileset_hash,
            self.master_seed,
            self.game_index,
        )
    }

    fn fields(&self) -> Vec<String> {
        let mut f = vec![
            SCHEMA_VERSION.to_string(),
            self.run_id.clone(),
            self.crate_version.clone(),
            self.game.clone(),
            self.players.to_string(),
            self.rules.clone(),
            self.tileset_hash.clone(),
            self.master_seed.to_string(),
            self.game_index.to_string(),
            self.game_seed.to_string(),
            self.seat.to_string(),
            self.agent.clone(),
            self.score.to_string(),
            self.rank.to_string(),
            format!("{:?}", self.win_share),
        ];
        f.extend(self.stats.iter().map(|v| v.to_string()));
        f.push(self.turns.to_string());
        f.push(format!("{:.3}", self.wall_ms));
        if let Some(v) = &self.variant {
            f.insert(VARIANT_POSITION, v.clone());
        }
        f
    }
}

/// Identity of a game: game, players, variant, rules, tile set, master seed, game index.
pub type GameKey<'a> = (&'a str, usize, Option<&'a str>, &'a str, &'a str, u64, u64);

/// A malformed games file: where and what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{location}: {message}")]
pub struct GamesCsvError {
    /// `file` or `file:line`.
    pub location: String,
    /// What is wrong.
    pub message: String,
}

impl GamesCsvError {
    fn at(path: &str, line: u64, message: impl Into<String>) -> GamesCsvError {
        let location = if line == 0 {
            path.to_string()
        } else {
            format!("{path}:{line}")
        };
        GamesCsvError {
            location,
            message: message.into(),
        }
    }
}

/// The header row for a game with these statistics columns, with or without the experiment
/// `variant` column.
pub fn header(stat_names: &[String], variant_column: bool) -> Vec<String> {
    let mut h: Vec<String> = LEADING_COLUMNS
        .iter()
        .map(|s| s.to_string())
        .chain(stat_names.iter().cloned())
        .chain(TRAILING_COLUMNS.iter().map(|s| s.to_string()))
        .collect();
    if variant_column {
        h.insert(VARIANT_POSITION, VARIANT_COLUMN.to_string());
    }
    h
}

fn csv_text<I: IntoIterator<Item = Vec<String>>>(records: I) -> String {
    let mut w = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new());
    for r in records {
        w.write_record(&r)
            .expect("writing CSV to memory cannot fail");
    }
    String::from_utf8(w.into_inner().expect("in-memory CSV")).expect("CSV of UTF-8 fields")
}

/// The rows of a games file, with its statistics column names.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GamesTable {
    /// Where the rows came from (file path, for messages); empty for tables built in memory.
    pub source: String,
    /// Names of the statistics columns (between `win_share` and `turns`).
    pub stat_names: Vec<String>,
    /// Whether the file has the experiment `variant` column (every row then has a variant).
    pub variant_column: bool,
    /// The rows, in file order unless sorted.
    pub rows: Vec<GameRow>,
}

impl GamesTable {
    /// Reads and checks a games file.
    pub fn read(path: &Path) -> Result<GamesTable, GamesCsvError> {
        GamesTable::read_game(path, None)
    }

    /// [`GamesTable::read`] that also takes rows of `game` (a game outside
    /// [`GameId::ALL`]: one being written, or a test's game); an arena reads back what it
    /// wrote with the name of the game it plays.
    pub fn read_game(path: &Path, game: Option<&str>) -> Result<GamesTable, GamesCsvError> {
        GamesTable::collect(GamesReader::open(path, game)?)
    }

    /// Parses games-file text; `name` is used in error messages.
    pub fn parse(text: &str, name: &str) -> Result<GamesTable, GamesCsvError> {
        GamesTable::parse_game(text, name, None)
    }

    /// [`GamesTable::parse`] that also takes rows of `game` (see [`GamesTable::read_game`]).
    pub fn parse_game(
        text: &str,
        name: &str,
        game: Option<&str>,
    ) -> Result<GamesTable, GamesCsvError> {
        GamesTable::collect(GamesReader::new(text.as_bytes(), name, game)?)
    }

    /// Every row of a reader, in file order.
    fn collect<R: std::io::Read>(reader: GamesReader<R>) -> Result<GamesTable, GamesCsvError> {
        Ok(GamesTable {
            source: reader.name.clone(),
            stat_names: reader.stat_names.clone(),
            variant_column: reader.variant_column,
            rows: reader.collect::<Result<_, _>>()?,
        })
    }

    /// Sorts rows by game identity, then game index, then seat.
    pub fn sort(&mut self) {
        self.rows
            .sort_by(|a, b| (a.game_key(), a.seat).cmp(&(b.game_key(), b.seat)));
    }

    /// The whole table as CSV text, header first.
    pub fn to_csv(&self) -> String {
        csv_text(
            std::iter::once(header(&self.stat_names, self.variant_column))
                .chain(self.rows.iter().map(GameRow::fields)),
        )
    }

    /// Writes the table to `path` atomically (temporary file, then rename).
    pub fn write_atomically(&self, path: &Path) -> std::io::Result<()> {
        super::write_atomically(path, &self.to_csv())
    }
}

/// Reads a games file one row at a time (so files of any size are read in little memory),
/// checking the header and every field like [`GamesTable::read`]; errors name `file:line`.
pub struct GamesReader<R: std::io::Read> {
    records: csv::StringRecordsIntoIter<R>,
    /// The file name used in messages.
    pub name: String,
    /// Names of the statistics columns (between `win_share` and `turns`).
    pub stat_names: Vec<String>,
    /// Whether the file has the experiment `variant` column.
    pub variant_column: bool,
    head: Vec<String>,
    game: Option<String>,
    /// Game name and line of the first row (a file holds one game).
    first: Option<(String, u64)>,
}

impl GamesReader<std::io::BufReader<File>> {
    /// Opens a games file and reads its header; `game` as in [`GamesTable::read_game`].
    pub fn open(path: &Path, game: Option<&str>) -> Result<Self, GamesCsvError> {
        let name = path.display().to_string();
        let file = File::open(path)
            .map_err(|e| GamesCsvError::at(&name, 0, format!("cannot read: {e}")))?;
        GamesReader::new(std::io::BufReader::new(file), &name, game)
    }
}

impl<R: std::io::Read> GamesReader<R> {
    /// Reads the header from `reader`; `name` is used in error messages.
    pub fn new(reader: R, name: &str, game: Option<&str>) -> Result<Self, GamesCsvError> {
        let mut records = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .from_reader(reader)
            .into_records();
        let head = match records.next() {
            None => {
                return Err(GamesCsvError::at(
                    name,
                    0,
                    "empty file, expected a header row",
                ))
            }
            Some(r) => r.map_err(|e| GamesCsvError::at(name, 1, e.to_string()))?,
        };
        let mut head: Vec<String> = head.iter().map(|s| s.to_string()).collect();
        let variant_column = head.get(VARIANT_POSITION).map(String::as_str) == Some(VARIANT_COLUMN);
        if variant_column {
            head.remove(VARIANT_POSITION);
        }
        let stat_names = check_header(&head, name)?;
        Ok(GamesReader {
            records,
            name: name.to_string(),
            stat_names,
            variant_column,
            head,
            game: game.map(str::to_string),
            first: None,
        })
    }

    /// Parses one CSV record into a row, or `None` for a blank line.
    fn row(&mut self, record: csv::StringRecord) -> Result<Option<GameRow>, GamesCsvError> {
        let name = self.name.as_str();
        let line = record.position().map_or(0, |p| p.line());
        if record.len() == 1 && record[0].trim().is_empty() {
            return Ok(None);
        }
        let width = self.head.len() + usize::from(self.variant_column);
        if record.len() != width {
            return Err(GamesCsvError::at(
                name,
                line,
                format!(
                    "expected {width} fields like the header, found {}",
                    record.len()
                ),
            ));
        }
        let mut fields: Vec<&str> = record.iter().collect();
        let variant = self
            .variant_column
            .then(|| fields.remove(VARIANT_POSITION).to_string());
        if variant.as_deref() == Some("") {
            return Err(GamesCsvError::at(name, line, "column variant is empty"));
        }
        let mut row = parse_row(&fields, &self.head, self.stat_names.len(), name, line)?;
        row.variant = variant;
        let first = self.first.as_ref().map(|(g, l)| (g.as_str(), *l));
        check_game(&row, first, name, self.game.as_deref())?;
        if self.first.is_none() {
            self.first = Some((row.game.clone(), row.line));
        }
        Ok(Some(row))
    }
}

impl<R: std::io::Read> Iterator for GamesReader<R> {
    type Item = Result<GameRow, GamesCsvError>;

    /// The next row, or the first error (after which the file should not be read on).
    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let record = match self.records.next()? {
                Ok(r) => r,
                Err(e) => {
                    let line = e.position().map_or(0, |p| p.line());
                    return Some(Err(GamesCsvError::at(&self.name, line, e.to_string())));
                }
            };
            match self.row(record) {
                Ok(None) => continue,
                Ok(Some(row)) => return Some(Ok(row)),
                Err(e) => return Some(Err(e)),
            }
        }
    }
}

/// Checks that `row` names a known game (one of the list, or `game`), the same as `first` (a
/// file holds one game).
fn check_game(
    row: &GameRow,
    first: Option<(&str, u64)>,
    name: &str,
    game: Option<&str>,
) -> Result<(), GamesCsvError> {
    let fail = |m: String| GamesCsvError::at(name, row.line, format!("column game: {m}"));
    if game != Some(row.game.as_str()) {
        GameId::from_name(&row.game).map_err(fail)?;
    }
    match first {
        Some((first_game, first_line)) if first_game != row.game => Err(fail(format!(
            "\"{}\" differs from \"{first_game}\" on line {first_line}; a games file holds \
             one game",
            row.game
        ))),
        _ => Ok(()),
    }
}

fn check_header(head: &[String], name: &str) -> Result<Vec<String>, GamesCsvError> {
    let n_lead = LEADING_COLUMNS.len();
    let n_trail = TRAILING_COLUMNS.len();
    let expected_start = LEADING_COLUMNS.join(",");
    if head.len() < n_lead + n_trail
        || head[..n_lead]
            .iter()
            .zip(LEADING_COLUMNS)
            .any(|(a, b)| a != b)
        || head[head.len() - n_trail..]
            .iter()
            .zip(TRAILING_COLUMNS)
            .any(|(a, b)| a != b)
    {
        return Err(GamesCsvError::at(
            name,
            1,
            format!(
                "not a meeplelab games file: the header must start with {expected_start} and end with {}",
                TRAILING_COLUMNS.join(",")
            ),
        ));
    }
    Ok(head[n_lead..head.len() - n_trail].to_vec())
}

/// Parses the fields of one row in the tournament layout (any `variant` field removed).
fn parse_row(
    record: &[&str],
    head: &[String],
    n_stats: usize,
    name: &str,
    line: u64,
) -> Result<GameRow, GamesCsvError> {
    let field = |i: usize| record[i];
    fn num<T: std::str::FromStr>(
        v: &str,
        col: &str,
        what: &str,
        name: &str,
        line: u64,
    ) -> Result<T, GamesCsvError> {
        v.trim().parse::<T>().map_err(|_| {
            GamesCsvError::at(
                name,
                line,
                format!("column {col}: expected {what}, found \"{v}\""),
            )
        })
    }
    let int = |i: usize| num::<i64>(field(i), &head[i], "an integer", name, line);
    let nat = |i: usize| num::<u64>(field(i), &head[i], "a whole number", name, line);
    let version = nat(0)?;
    if version != SCHEMA_VERSION as u64 {
        return Err(GamesCsvError::at(
            name,
            line,
            format!(
                "schema_version {version} is not supported (this meeplelab reads version {SCHEMA_VERSION})"
            ),
        ));
    }
    let n_lead = LEADING_COLUMNS.len();
    let win_share = num::<f64>(field(14), &head[14], "a number from 0 to 1", name, line)?;
    if !(0.0..=1.0).contains(&win_share) {
        return Err(GamesCsvError::at(
            name,
            line,
            format!(
                "column win_share: expected a number from 0 to 1, found \"{}\"",
                field(14)
            ),
        ));
    }
    let row = GameRow {
        run_id: field(1).to_string(),
        crate_version: field(2).to_string(),
        game: field(3).to_string(),
        players: nat(4)? as usize,
        variant: None,
        rules: field(5).to_string(),
        tileset_hash: field(6).to_string(),
        master_seed: nat(7)?,
        game_index: nat(8)?,
        game_seed: nat(9)?,
        seat: nat(10)? as usize,
        agent: field(11).to_string(),
        score: int(12)?,
        rank: nat(13)? as usize,
        win_share,
        stats: (n_lead..n_lead + n_stats)
            .map(int)
            .collect::<Result<_, _>>()?,
        turns: nat(n_lead + n_stats)?,
        wall_ms: num::<f64>(
            field(n_lead + n_stats + 1),
            &head[n_lead + n_stats + 1],
            "a number",
            name,
            line,
        )?,
        line,
    };
    if row.players < 2 || row.seat >= row.players {
        return Err(GamesCsvError::at(
            name,
            line,
            format!(
                "seat {} does not exist in a {}-player game",
                row.seat, row.players
            ),
        ));
    }
    if row.agent.is_empty() {
        return Err(GamesCsvError::at(name, line, "column agent is empty"));
    }
    Ok(row)
}

/// The rows of one game, by seat.
#[derive(Clone, Debug)]
pub struct GameGroup<'a> {
    /// Where the game's first row came from (`file:line`).
    pub location: String,
    /// One row per seat, seat 0 first.
    pub seats: Vec<&'a GameRow>,
}

/// How far a win share may be from the exact one (they are written with every digit, so
/// shares like 1/3 match within rounding).
const WIN_SHARE_TOLERANCE: f64 = 1e-9;

/// Groups the rows of one or more tables into games, ordered by game identity and index
/// whatever the row order. Errors (naming `file:line`) on differing statistics columns,
/// duplicate seats, seats missing from a game, seats of one game that disagree on its seed,
/// or ranks, win shares and turns that do not fit the game's scores (`check_outcome`).
pub fn group_games(tables: &[GamesTable]) -> Result<Vec<GameGroup<'_>>, GamesCsvError> {
    use std::collections::BTreeMap;
    let mut games: BTreeMap<GameKey<'_>, Vec<(&str, &GameRow)>> = BTreeMap::new();
    let loc = |src: &str, r: &GameRow| {
        if r.line == 0 {
            src.to_string()
        } else {
            format!("{src}:{}", r.line)
        }
    };
    let game_of = |t: &GamesTable| t.rows.first().map(|r| r.game.clone());
    for t in tables {
        if let (Some(a), Some(b)) = (game_of(t), game_of(&tables[0])) {
            if a != b {
                return Err(GamesCsvError::at(
                    &t.source,
                    t.rows[0].line,
                    format!(
                        "it holds games of {a}, but {} holds games of {b}; pool files of one \
                         game only",
                        tables[0].source
                    ),
                ));
            }
        }
        if t.stat_names != tables[0].stat_names {
            return Err(GamesCsvError::at(
                &t.source,
                1,
                format!(
                    "its statistics columns differ from those of {}; these files hold different games",
                    tables[0].source
                ),
            ));
        }
        for r in &t.rows {
            let seats = games.entry(r.game_key()).or_default();
            if let Some((src, other)) = seats.iter().find(|(_, o)| o.seat == r.seat) {
                return Err(GamesCsvError::at(
                    &t.source,
                    r.line,
                    format!(
                        "duplicate row for game_index {} seat {} (first at {})",
                        r.game_index,
                        r.seat,
                        loc(src, other)
                    ),
                ));
            }
            if let Some((src, other)) = seats.first() {
                if other.game_seed != r.game_seed {
                    return Err(GamesCsvError::at(
                        &t.source,
                        r.line,
                        format!(
                            "game_seed {} differs from {} at {} for the same game",
                            r.game_seed,
                            other.game_seed,
                            loc(src, other)
                        ),
                    ));
                }
            }
            seats.push((&t.source, r));
        }
    }
    games
        .into_values()
        .map(|mut seats| {
            seats.sort_by_key(|(_, r)| r.seat);
            let (src, first) = seats[0];
            let location = loc(src, first);
            if seats.len() != first.players {
                let have: Vec<String> = seats.iter().map(|(_, r)| r.seat.to_string()).collect();
                return Err(GamesCsvError {
                    location,
                    message: format!(
                        "game_index {} of a {}-player game has rows only for seat(s) {}",
                        first.game_index,
                        first.players,
                        have.join(", ")
                    ),
                });
            }
            check_outcome(&seats, &loc)?;
            Ok(GameGroup {
                location,
                seats: seats.into_iter().map(|(_, r)| r).collect(),
            })
        })
        .collect()
}

/// Checks that the seats of one game (all of them, by seat) agree with each other: every
/// `rank` is 1 + the number of seats with a higher score, the seats with the top score share
/// a `win_share` of 1 and the others have 0, and all played the same number of `turns`. The
/// error names the first row that does not fit.
pub(crate) fn check_outcome(
    seats: &[(&str, &GameRow)],
    loc: &dyn Fn(&str, &GameRow) -> String,
) -> Result<(), GamesCsvError> {
    let first = seats[0].1;
    let scores: Vec<i64> = seats.iter().map(|(_, r)| r.score).collect();
    let best = scores.iter().copied().max().unwrap_or(0);
    let winners = scores.iter().filter(|&&s| s == best).count();
    let listed = || {
        (scores.iter().map(i64::to_string))
            .collect::<Vec<_>>()
            .join(", ")
    };
    for &(src, r) in seats {
        let rank = 1 + scores.iter().filter(|&&s| s > r.score).count();
        let share = if r.score == best {
            1.0 / winners as f64
        } else {
            0.0
        };
        let problem = if r.rank != rank {
            Some(format!("rank {} (expected {rank})", r.rank))
        } else if (r.win_share - share).abs() > WIN_SHARE_TOLERANCE {
            Some(format!(
                "win_share {} (expected {share}: the seats with the top score share 1)",
                r.win_share
            ))
        } else if r.turns != first.turns {
            Some(format!(
                "turns {} (seat {} has {})",
                r.turns, first.seat, first.turns
            ))
        } else {
            None
        };
        if let Some(problem) = problem {
            return Err(GamesCsvError {
                location: loc(src, r),
                message: format!(
                    "game_index {} seat {}: {problem}, which does not fit the game's scores ({})",
                    r.game_index,
                    r.seat,
                    listed()
                ),
            });
        }
    }
    Ok(())
}

/// Splits `text` into its complete lines and a partial last line (text after the last newline).
pub fn split_partial_line(text: &str) -> (&str, &str) {
    match text.rfind('\n') {
        Some(i) => text.split_at(i + 1),
        None => ("", text),
    }
}

/// Appends games to a games file, one whole game per write, flushed at once.
#[derive(Debug)]
pub struct GamesWriter {
    file: File,
    path: PathBuf,
}

impl GamesWriter {
    /// Creates (or truncates) `path` and writes the header (with the experiment `variant`
    /// column if `variant_column`).
    pub fn create(
        path: &Path,
        stat_names: &[String],
        variant_column: bool,
    ) -> std::io::Result<GamesWriter> {
        let mut file = File::create(path).map_err(|e| annotate(path, e))?;
        file.write_all(csv_text([header(stat_names, variant_column)]).as_bytes())
            .map_err(|e| annotate(path, e))?;
        Ok(GamesWriter {
            file,
            path: path.to_path_buf(),
        })
    }

    /// Opens an existing games file (header already written) for appending.
    pub fn append(path: &Path) -> std::io::Result<GamesWriter> {
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|e| annotate(path, e))?;
        Ok(GamesWriter {
            file,
            path: path.to_path_buf(),
        })
    }

    /// Writes the rows of one game in a single write and flushes them.
    pub fn write_game(&mut self, rows: &[GameRow]) -> std::io::Result<()> {
        let text = csv_text(rows.iter().map(GameRow::fields));
        self.file
            .write_all(text.as_bytes())
            .and_then(|()| self.file.flush())
            .map_err(|e| annotate(&self.path, e))
    }
}

fn annotate(path: &Path, e: std::io::Error) -> std::io::Error {
    std::io::Error::new(e.kind(), format!("cannot write {}: {e}", path.display()))
}

/// The CSV text of `table` with the [`VOLATILE_COLUMNS`] blanked: equal for runs that played
/// the same games, whatever their threads, interruptions or shards.
pub fn comparable_text(table: &GamesTable) -> String {
    let mut out = String::new();
    for r in &table.rows {
        let mut r = r.clone();
        r.run_id.clear();
        r.wall_ms = 0.0;
        r.line = 0;
        let _ = writeln!(out, "{}", r.fields().join("\u{1f}"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(game_index: u64, seat: usize) -> GameRow {
        GameRow {
            run_id: "r1".into(),
            crate_version: "0.1.0".into(),
            game: "safari".into(),
            players: 2,
            variant: None,
            rules: "vehicles=2 meeples=6".into(),
            tileset_hash: "00ff00ff00ff00ff".into(),
            master_seed: 1,
            game_index,
            game_seed: 99,
            seat,
            agent: "mcts:iters=10,c=0.8".into(),
            score: 40 + seat as i64,
            rank: 2 - seat,
            win_share: seat as f64,
            stats: vec![3, -1],
            turns: 42,
            wall_ms: 1.25,
            line: 0,
        }
    }

    fn stats() -> Vec<String> {
        vec!["points_path".into(), "actions_place".into()]
    }

    #[test]
    fn round_trips_with_line_numbers() {
        let t = GamesTable {
            source: String::new(),
            stat_names: stats(),
            variant_column: false,
            rows: vec![row(0, 0), row(0, 1)],
        };
        let text = t.to_csv();
        assert!(text.contains("\"mcts:iters=10,c=0.8\""), "{text}");
        let back = GamesTable::parse(&text, "g.csv").unwrap();
        assert_eq!(back.stat_names, t.stat_names);
        assert_eq!(back.rows[1].line, 3);
        assert_eq!(back.to_csv(), text);
        assert_eq!(comparable_text(&back), comparable_text(&t));
    }

    #[test]
    fn errors_name_file_line_and_column() {
        let t = GamesTable {
            source: String::new(),
            stat_names: stats(),
            variant_column: false,
            rows: vec![row(0, 0)],
        };
        let text = t.to_csv().replace(",42,", ",forty,");
        let e = GamesTable::parse(&text, "g.csv").unwrap_err();
        assert_eq!(e.location, "g.csv:2");
        assert!(
            e.message.contains("turns") && e.message.contains("forty"),
            "{e}"
        );
        let short = format!("{}1,r1,0.1.0\n", t.to_csv());
        let e = GamesTable::parse(&short, "g.csv").unwrap_err();
        assert_eq!(e.location, "g.csv:3");
        let e = GamesTable::parse("a,b\n", "x.csv").unwrap_err();
        assert!(e.message.contains("not a meeplelab games file"), "{e}");
        let v2 = t.to_csv().replace("\n1,", "\n2,");
        assert!(GamesTable::parse(&v2, "g.csv")
            .unwrap_err()
            .message
            .contains("schema_version"));
    }

    #[test]
    fn the_game_column_must_name_one_known_game() {
        let mut other = row(0, 1);
        other.game = "carcassonne".into();
        let t = GamesTable {
            source: String::new(),
            stat_names: stats(),
            variant_column: false,
            rows: vec![row(0, 0), other],
        };
        let e = GamesTable::parse(&t.to_csv(), "g.csv").unwrap_err();
        assert_eq!(e.location, "g.csv:3");
        assert!(
            e.message.contains("column game: \"carcassonne\" differs"),
            "{e}"
        );
        let chess = t.to_csv().replace(",carcassonne,", ",chess,");
        let e = GamesTable::parse(&chess, "g.csv").unwrap_err();
        assert!(e.message.contains("unknown game \"chess\""), "{e}");
        // A reader told the game (an arena playing a game outside the list) takes its rows.
        let only_chess = GamesTable {
            rows: vec![row(0, 0), row(0, 1)],
            ..t.clone()
        }
        .to_csv()
        .replace(",safari,", ",chess,");
        assert_eq!(
            GamesTable::parse_game(&only_chess, "g.csv", Some("chess"))
                .unwrap()
                .rows
                .len(),
            2
        );
        let e = GamesTable::parse_game(&chess, "g.csv", Some("chess")).unwrap_err();
        assert!(e.message.contains("differs"), "{e}");
        let safari = GamesTable {
            rows: vec![row(0, 0), row(0, 1)],
            ..t.clone()
        };
        let carcassonne = GamesTable {
            source: "c.csv".into(),
            rows: t
                .rows
                .iter()
                .cloned()
                .map(|mut r| {
                    r.game = "carcassonne".into();
                    r
                })
                .collect(),
            ..t
        };
        let e = group_games(&[safari, carcassonne]).unwrap_err();
        assert!(e.message.contains("games of carcassonne"), "{e}");
    }

    #[test]
    fn variant_column_round_trips_after_players() {
        let mut r = row(0, 0);
        r.variant = Some("bonus-0".into());
        let t = GamesTable {
            source: String::new(),
            stat_names: stats(),
            variant_column: true,
            rows: vec![r],
        };
        let text = t.to_csv();
        assert!(
            text.starts_with("schema_version,run_id,crate_version,game,players,variant,rules,"),
            "{text}"
        );
        let back = GamesTable::parse(&text, "g.csv").unwrap();
        assert!(back.variant_column);
        assert_eq!(back.rows[0].variant.as_deref(), Some("bonus-0"));
        assert_eq!(back.to_csv(), text);
        let e = GamesTable::parse(&text.replace(",bonus-0,", ",,"), "g.csv").unwrap_err();
        assert!(e.message.contains("variant"), "{e}");
    }

    #[test]
    fn sorting_orders_games_then_seats() {
        let mut t = GamesTable {
            source: String::new(),
            stat_names: stats(),
            variant_column: false,
            rows: vec![row(3, 1), row(1, 0), row(3, 0), row(1, 1)],
        };
        t.sort();
        let order: Vec<(u64, usize)> = t.rows.iter().map(|r| (r.game_index, r.seat)).collect();
        assert_eq!(order, vec![(1, 0), (1, 1), (3, 0), (3, 1)]);
    }

    #[test]
    fn grouping_checks_duplicates_and_missing_seats() {
        let t = |rows: Vec<GameRow>| GamesTable {
            source: "g.csv".into(),
            stat_names: stats(),
            variant_column: false,
            rows,
        };
        let tables = [t(vec![row(2, 1), row(1, 0), row(2, 0), row(1, 1)])];
        let games = group_games(&tables).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].seats[0].game_index, 1);
        assert_eq!(games[1].seats[1].seat, 1);
        let mut dup = row(1, 0);
        dup.line = 7;
        let e = group_games(&[t(vec![row(1, 0), row(1, 1), dup])]).unwrap_err();
        assert_eq!(e.location, "g.csv:7");
        assert!(e.message.contains("duplicate"), "{e}");
        let e = group_games(&[t(vec![row(1, 0), row(1, 1), row(2, 1)])]).unwrap_err();
        assert!(e.message.contains("only for seat(s) 1"), "{e}");
    }

    /// Issue 21: both seats of one game given win_share 1.0 used to be summarized as valid;
    /// ranks, win shares and turns must fit the game's scores, and the row is named.
    #[test]
    fn grouping_checks_each_seat_against_the_game_s_scores() {
        let t = |rows: Vec<GameRow>| GamesTable {
            source: "g.csv".into(),
            stat_names: stats(),
            variant_column: false,
            rows,
        };
        let at = |mut r: GameRow, line| {
            r.line = line;
            r
        };
        let check = |changed: GameRow, phrase: &str| {
            let other = row(4, 1 - changed.seat);
            let e =
                group_games(&[t(vec![row(3, 0), row(3, 1), at(changed, 9), other])]).unwrap_err();
            assert_eq!(e.location, "g.csv:9", "{e}");
            assert!(e.message.contains(phrase), "{e}");
        };
        let mut both = row(4, 0);
        both.win_share = 1.0;
        check(both, "game_index 4 seat 0: win_share 1 (expected 0");
        let mut rank = row(4, 0);
        rank.rank = 1;
        check(rank, "rank 1 (expected 2)");
        let mut turns = row(4, 1);
        turns.turns = 41;
        check(turns, "game_index 4 seat 1: turns 41 (seat 0 has 42)");
        let mut tied = [row(5, 0), row(5, 1)];
        for r in &mut tied {
            (r.score, r.rank, r.win_share) = (40, 1, 0.5);
        }
        assert!(group_games(&[t(tied.to_vec())]).is_ok());
    }

    #[test]
    fn partial_last_line_is_split_off() {
        assert_eq!(split_partial_line("a\nb\nc"), ("a\nb\n", "c"));
        assert_eq!(split_partial_line("a\n"), ("a\n", ""));
        assert_eq!(split_partial_line("abc"), ("", "abc"));
    }
}
