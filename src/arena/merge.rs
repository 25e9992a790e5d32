//! `merge`: joins the shard folders of one tournament or experiment into one folder.
//!
//! Every shard's finished `games.csv` is sorted (variant in run order, game index, seat), so
//! the shards are merged row by row like sorted lists and the result is written as it goes:
//! memory does not grow with the number of games. Folders of different runs are refused
//! (naming the settings that differ), and every game must be there exactly once: missing games
//! and duplicate rows are named.

use super::error::ArenaError;
use super::folder::{check_row_in_shard, Folder};
use super::indexed::IndexedRun;
use super::lock::FolderLock;
use super::schedule::Schedule;
use super::shard::Shard;
use super::TournamentConfig;
use crate::analysis::standings::Standings;
use crate::analysis::tally::Tally;
use crate::io::games_csv::{check_outcome, GameRow, GamesReader, GamesWriter};
use crate::io::write_atomically;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};

/// Where a row goes in the finished order: part (variant), game index, seat.
type Order = (usize, u64, usize);

/// Most missing games a message lists.
const LISTED: usize = 8;

/// One shard folder being read.
struct Input {
    reader: GamesReader<BufReader<File>>,
    shard: Shard,
    /// The next row, with its place in the finished order.
    next: Option<(Order, GameRow)>,
    /// The place of the row read last.
    last: Option<Order>,
}

/// The rows of the game being merged: input and part (variant) of each.
type GameRows = Vec<(usize, usize, GameRow)>;

/// How far a merge has come: the next game expected, the games written and those missing.
#[derive(Default)]
struct Coverage {
    next: (usize, u64),
    written: u64,
    missing: Missing,
}

/// Shard folders checked against each other and opened, ready to merge ([`Merging::run`]).
pub struct Merging<C: IndexedRun> {
    /// The merged run's configuration (shard `1/1`).
    pub config: C,
    /// The statistics columns of the games.
    pub stat_names: Vec<String>,
    target: Folder,
    parts: Vec<(Option<String>, TournamentConfig, Schedule)>,
    inputs: Vec<Input>,
}

/// Result of a merge.
#[derive(Debug)]
pub struct MergeReport<C> {
    /// The merged configuration (shard `1/1`).
    pub config: C,
    /// Games in the merged file (all variants together).
    pub games: u64,
}

impl<C: IndexedRun> Merging<C> {
    /// Checks the inputs — shard folders, or their `games.csv` with `run.json` beside it — and
    /// opens them: their configurations must agree but for the shard, no shard may come twice,
    /// and their statistics columns must agree. Refuses an `out` that already has a
    /// `games.csv`.
    pub fn open(out: &Path, inputs: &[&Path]) -> Result<Merging<C>, ArenaError> {
        if inputs.is_empty() {
            return Err(ArenaError::Config("merge needs at least one input".into()));
        }
        let target = Folder::new(out);
        if target.games().exists() {
            return Err(ArenaError::Conflict(format!(
                "{} already exists; merge into a new folder",
                target.games().display()
            )));
        }
        let mut first: Option<(C, PathBuf)> = None;
        let mut opened: Vec<(Input, PathBuf)> = Vec::new();
        for input in inputs {
            let folder = Folder::of_input(input);
            let c = C::load(&folder.config()).map_err(|e| {
                ArenaError::Conflict(format!(
                    "{}: every input needs its run.json beside games.csv: {e}",
                    input.display()
                ))
            })?;
            match &first {
                None => first = Some((c.clone(), folder.config())),
                Some((f, path)) => {
                    let diffs = f.differences(&c, &["shard"]);
                    if !diffs.is_empty() {
                        return Err(ArenaError::Conflict(format!(
                            "{} is from a different {} than {}:\n  {}",
                            folder.config().display(),
                            C::KIND,
                            path.display(),
                            diffs.join("\n  ")
                        )));
                    }
                }
            }
            let shard = c.shard().map_err(ArenaError::Config)?;
            if let Some((_, other)) = opened.iter().find(|(i, _)| i.shard == shard) {
                return Err(ArenaError::Conflict(format!(
                    "{} and {} both hold shard {shard}; give each shard once",
                    folder.dir.display(),
                    other.display()
                )));
            }
            let reader = GamesReader::open(&folder.games(), None)?;
            let input = Input {
                reader,
                shard,
                next: None,
                last: None,
            };
            opened.push((input, folder.dir));
        }
        let (config, _) = first.expect("at least one input");
        let inputs: Vec<Input> = opened.into_iter().map(|(i, _)| i).collect();
        let stat_names = inputs[0].reader.stat_names.clone();
        let parts: Vec<(Option<String>, TournamentConfig, Schedule)> = config
            .parts()
            .into_iter()
            .map(|(variant, tc)| {
                let schedule = Schedule::new(tc.agents.len(), tc.players)
                    .map_err(|e| ArenaError::Config(e.0))?;
                Ok((variant, tc, schedule))
            })
            .collect::<Result<_, ArenaError>>()?;
        for input in &inputs {
            if input.reader.stat_names != stat_names {
                return Err(ArenaError::Conflict(format!(
                    "{}: its statistics columns differ from those of {}",
                    input.reader.name, inputs[0].reader.name
                )));
            }
        }
        Ok(Merging {
            config: config.with_shard(Shard::ALL),
            stat_names,
            target,
            parts,
            inputs,
        })
    }

    /// Merges the opened inputs into the target folder — `games.csv` in the finished order,
    /// `run.json` with shard `1/1` — calling `on_game` with the rows (by seat) of every game in
    /// that order. Each game is checked as when a run resumes (seeds, seatings, shard,
    /// outcome); rows out of order (an unfinished shard), duplicate rows and missing games are
    /// refused and leave no `games.csv`.
    pub fn run(
        mut self,
        mut on_game: impl FnMut(&[GameRow]),
    ) -> Result<MergeReport<C>, ArenaError> {
        let _lock = FolderLock::acquire(&self.target.dir)?;
        self.target.remove_leftovers()?;
        let games_path = self.target.games();
        let mut tmp = games_path.clone().into_os_string();
        tmp.push(".tmp");
        let tmp = PathBuf::from(tmp);
        let result = self.write(&tmp, &mut on_game);
        let games = match result {
            Ok(games) => games,
            Err(e) => {
                let _ = std::fs::remove_file(&tmp);
                return Err(e);
            }
        };
        write_atomically(&self.target.config(), &self.config.to_json())?;
        std::fs::rename(&tmp, &games_path).map_err(|e| {
            ArenaError::Io(format!("cannot rename {} into place: {e}", tmp.display()))
        })?;
        Ok(MergeReport {
            config: self.config,
            games,
        })
    }

    /// Writes the merged rows to `path`; returns the number of games.
    fn write(
        &mut self,
        path: &Path,
        on_game: &mut impl FnMut(&[GameRow]),
    ) -> Result<u64, ArenaError> {
        let variant_column = self.parts[0].0.is_some();
        let mut writer = GamesWriter::create(path, &self.stat_names, variant_column)?;
        let mut heap = BinaryHeap::new();
        for i in 0..self.inputs.len() {
            if let Some(order) = self.advance(i)? {
                heap.push(Reverse((order, i)));
            }
        }
        let mut game: GameRows = Vec::new();
        let mut cover = Coverage::default();
        while let Some(Reverse((order, i))) = heap.pop() {
            let (_, row) = self.inputs[i]
                .next
                .take()
                .expect("a queued input has a row");
            if let Some(next) = self.advance(i)? {
                heap.push(Reverse((next, i)));
            }
            if let Some((j, part, last)) = game.last() {
                if (*part, last.game_index, last.seat) == order {
                    return Err(ArenaError::Conflict(format!(
                        "duplicate row for {}: {}:{} and {}:{}",
                        self.describe(order.0, row.game_index, Some(row.seat)),
                        self.inputs[*j].reader.name,
                        last.line,
                        self.inputs[i].reader.name,
                        row.line
                    )));
                }
                if (*part, last.game_index) != (order.0, order.1) {
                    self.close_game(&mut game, &mut writer, on_game, &mut cover)?;
                }
            }
            game.push((i, order.0, row));
        }
        if !game.is_empty() {
            self.close_game(&mut game, &mut writer, on_game, &mut cover)?;
        }
        let (next, mut missing) = (cover.next, cover.missing);
        missing.skip(self, next, (self.parts.len(), 0));
        if missing.count > 0 {
            let total = self.config.games() * self.parts.len() as u64;
            let tournament = self.parts[0].0.is_none();
            return Err(ArenaError::Incomplete(format!(
                "{} of {total} games are missing ({}{}{}); is a shard missing or unfinished?",
                missing.count,
                if tournament { "game_index " } else { "" },
                missing.listed.join(", "),
                if missing.count > LISTED as u64 {
                    ", …"
                } else {
                    ""
                }
            )));
        }
        Ok(cover.written)
    }

    /// Reads input `i`'s next row, checks it (it belongs to the run and the input's shard, and
    /// comes after the row before it) and keeps it; returns its place in the finished order.
    fn advance(&mut self, i: usize) -> Result<Option<Order>, ArenaError> {
        let input = &mut self.inputs[i];
        let Some(row) = input.reader.next().transpose()? else {
            return Ok(None);
        };
        let at =
            |m: String| ArenaError::Conflict(format!("{}:{}: {m}", input.reader.name, row.line));
        let part = self
            .parts
            .iter()
            .position(|(v, _, _)| *v == row.variant)
            .ok_or_else(|| {
                at(format!(
                    "row does not belong to this run: variant {} is not one of its variants",
                    row.variant.as_deref().unwrap_or("(none)")
                ))
            })?;
        let (_, tc, schedule) = &self.parts[part];
        check_row_in_shard(tc, schedule, input.shard, &row).map_err(at)?;
        let order = (part, row.game_index, row.seat);
        if input.last.is_some_and(|last| order <= last) {
            return Err(at(
                "rows are not in the order of a finished run (variant, game_index, seat): is \
                 this shard still running, or was it interrupted? Finish it with --resume, \
                 then merge"
                    .into(),
            ));
        }
        input.last = Some(order);
        input.next = Some((order, row));
        Ok(Some(order))
    }

    /// Checks the rows of one game (all seats, each once, fitting each other), writes them,
    /// hands them to `on_game` and counts the games skipped since the last one as missing;
    /// empties `game`.
    fn close_game(
        &self,
        game: &mut GameRows,
        writer: &mut GamesWriter,
        on_game: &mut impl FnMut(&[GameRow]),
        cover: &mut Coverage,
    ) -> Result<(), ArenaError> {
        let (input, part, first) = &game[0];
        if game.len() != first.players {
            let seats: Vec<String> = game.iter().map(|(_, _, r)| r.seat.to_string()).collect();
            return Err(ArenaError::Incomplete(format!(
                "{}:{}: {} of a {}-player game has rows only for seat(s) {}",
                self.inputs[*input].reader.name,
                first.line,
                self.describe(*part, first.game_index, None),
                first.players,
                seats.join(", ")
            )));
        }
        let id = (*part, first.game_index);
        let located: Vec<(&str, &GameRow)> = game
            .iter()
            .map(|(i, _, r)| (self.inputs[*i].reader.name.as_str(), r))
            .collect();
        check_outcome(&located, &|src: &str, r: &GameRow| {
            format!("{src}:{}", r.line)
        })?;
        let rows: Vec<GameRow> = game.drain(..).map(|(_, _, r)| r).collect();
        writer.write_game(&rows)?;
        on_game(&rows);
        cover.missing.skip(self, cover.next, id);
        cover.next = (id.0, id.1 + 1);
        cover.written += 1;
        Ok(())
    }

    /// `game_index G` (with `variant V` in experiments, and `seat S` if given).
    fn describe(&self, part: usize, game_index: u64, seat: Option<usize>) -> String {
        let mut text = match &self.parts.get(part).and_then(|p| p.0.as_ref()) {
            Some(v) => format!("variant {v} game_index {game_index}"),
            None => format!("game_index {game_index}"),
        };
        if let Some(s) = seat {
            text.push_str(&format!(" seat {s}"));
        }
        text
    }
}

/// The games a merge did not find: how many, and the first few (game indices, with their
/// variant in experiments).
#[derive(Default)]
struct Missing {
    count: u64,
    listed: Vec<String>,
}

impl Missing {
    /// Counts the games from `from` up to (not including) `to`, as (part, game index), as
    /// missing (a game index past the last stands for the next part's first game).
    fn skip<C: IndexedRun>(&mut self, merging: &Merging<C>, from: (usize, u64), to: (usize, u64)) {
        // Places in the finished order, in u128 so no game count in a run.json overflows.
        let games = u128::from(merging.config.games());
        if games == 0 {
            return;
        }
        let place = |(part, g): (usize, u64)| part as u128 * games + u128::from(g);
        let (start, end) = (place(from), place(to));
        let room = (LISTED - self.listed.len().min(LISTED)) as u128;
        for k in start..end.min(start + room) {
            let (part, g) = ((k / games) as usize, (k % games) as u64);
            self.listed.push(match &merging.parts[part].0 {
                Some(v) => format!("variant {v} game_index {g}"),
                None => g.to_string(),
            });
        }
        let skipped = u64::try_from(end.saturating_sub(start)).unwrap_or(u64::MAX);
        self.count = self.count.saturating_add(skipped);
    }
}

/// Merges tournament shard folders into `out` (see [`Merging`]) and writes `standings.csv`
/// from running totals of the games (`resamples` bootstrap resamples).
pub fn merge_tournament(
    out: &Path,
    inputs: &[&Path],
    resamples: usize,
) -> Result<(MergeReport<TournamentConfig>, Standings), ArenaError> {
    let merging = Merging::<TournamentConfig>::open(out, inputs)?;
    let mut tally = Tally::new(&merging.stat_names);
    let report = merging.run(|rows| tally.add(&rows.iter().collect::<Vec<_>>()))?;
    let standings = tally
        .standings(resamples, None)
        .map_err(|e| ArenaError::Incomplete(format!("{}: {e}", out.display())))?;
    write_atomically(&Folder::new(out).standings(), &standings.to_csv())?;
    Ok((report, standings))
}
