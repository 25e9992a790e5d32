//! Whole games from the rows of a games file read one at a time ([`GameStream`]), checked as
//! [`group_games`](super::games_csv::group_games) checks a table, in memory that does not grow
//! with the file when each game's rows are adjacent (as in every file meeplelab writes).

use super::games_csv::{check_outcome, GameRow, GamesCsvError};
use std::collections::{BTreeMap, HashMap};

/// Identity of a game, owned: game, players, variant, rules, tile set, master seed, index.
type Key = (String, usize, Option<String>, String, String, u64, u64);

/// A game's identity without its index: the series its indices count.
type Series = (String, usize, Option<String>, String, String, u64);

/// Assembles the rows of one file into whole games (see the module documentation).
#[derive(Debug, Default)]
pub struct GameStream {
    /// The file, for messages.
    source: String,
    /// Games with some of their seats read.
    open: HashMap<Key, Vec<GameRow>>,
    /// Per series, one bit per game index already complete, in words of 64 indices that exist
    /// only where a game does (so a huge index in a broken file costs one word), so that a
    /// game given twice is refused.
    done: HashMap<Series, BTreeMap<u64, u64>>,
}

impl GameStream {
    /// A stream over the rows of `source` (the name used in messages).
    pub fn new(source: &str) -> GameStream {
        GameStream {
            source: source.to_string(),
            ..GameStream::default()
        }
    }

    /// Adds a row; returns the game's rows (by seat) once all its seats are in, checked to fit
    /// each other. Errors (naming `file:line`) on a duplicate seat or game, seats disagreeing
    /// on the game's seed, and ranks, win shares or turns that do not fit the scores.
    pub fn push(&mut self, row: GameRow) -> Result<Option<Vec<GameRow>>, GamesCsvError> {
        let key: Key = (
            row.game.clone(),
            row.players,
            row.variant.clone(),
            row.rules.clone(),
            row.tileset_hash.clone(),
            row.master_seed,
            row.game_index,
        );
        let at = |r: &GameRow| format!("{}:{}", self.source, r.line);
        let seats = self.open.entry(key.clone()).or_default();
        let refused = |message: String| GamesCsvError {
            location: at(&row),
            message,
        };
        if let Some(first) = seats.iter().find(|o| o.seat == row.seat) {
            return Err(refused(format!(
                "duplicate row for game_index {} seat {} (first at {})",
                row.game_index,
                row.seat,
                at(first)
            )));
        }
        if let Some(first) = seats.first() {
            if first.game_seed != row.game_seed {
                return Err(refused(format!(
                    "game_seed {} differs from {} at {} for the same game",
                    row.game_seed,
                    first.game_seed,
                    at(first)
                )));
            }
        }
        seats.push(row);
        if seats.len() < seats[0].players {
            return Ok(None);
        }
        let mut seats = self.open.remove(&key).expect("the game is open");
        seats.sort_by_key(|r| r.seat);
        let located: Vec<(&str, &GameRow)> =
            seats.iter().map(|r| (self.source.as_str(), r)).collect();
        let loc = |src: &str, r: &GameRow| format!("{src}:{}", r.line);
        check_outcome(&located, &loc)?;
        let (game, players, variant, rules, tileset, seed, index) = key;
        let bits = self
            .done
            .entry((game, players, variant, rules, tileset, seed))
            .or_default();
        let word = bits.entry(index / 64).or_insert(0);
        let bit = 1 << (index % 64);
        if *word & bit != 0 {
            return Err(GamesCsvError {
                location: at(&seats[0]),
                message: format!(
                    "game_index {index} appears a second time (every seat of it again); give \
                     each game once"
                ),
            });
        }
        *word |= bit;
        Ok(Some(seats))
    }

    /// Ends the file: errors on a game some of whose seats never came (naming its first row).
    pub fn finish(self) -> Result<(), GamesCsvError> {
        let first_open = self
            .open
            .into_values()
            .min_by_key(|seats| seats.iter().map(|r| r.line).min());
        match first_open {
            None => Ok(()),
            Some(mut seats) => {
                seats.sort_by_key(|r| r.seat);
                let have: Vec<String> = seats.iter().map(|r| r.seat.to_string()).collect();
                let first = seats
                    .iter()
                    .min_by_key(|r| r.line)
                    .expect("open games have rows");
                Err(GamesCsvError {
                    location: format!("{}:{}", self.source, first.line),
                    message: format!(
                        "game_index {} of a {}-player game has rows only for seat(s) {}",
                        first.game_index,
                        first.players,
                        have.join(", ")
                    ),
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::games_csv::GamesTable;

    const HEAD: &str = "schema_version,run_id,crate_version,game,players,rules,tileset_hash,\
        master_seed,game_index,game_seed,seat,agent,score,rank,win_share,turns,wall_ms\n";

    /// The games (as `(game_index, seat)` lists) or the first error of a file's rows.
    fn games(body: &str) -> Result<Vec<Vec<(u64, usize)>>, String> {
        let table = GamesTable::parse(&format!("{HEAD}{body}"), "g.csv").unwrap();
        let mut stream = GameStream::new("g.csv");
        let mut out = Vec::new();
        for row in table.rows {
            if let Some(game) = stream.push(row).map_err(|e| e.to_string())? {
                out.push(game.iter().map(|r| (r.game_index, r.seat)).collect());
            }
        }
        stream.finish().map_err(|e| e.to_string())?;
        Ok(out)
    }

    fn row(g: u64, seat: usize, score: i64, rank: usize, share: f64) -> String {
        format!(
            "1,r,0.1.0,safari,2,x=1,h,1,{g},{},{seat},a{seat},{score},{rank},{share},9,1.0\n",
            7 + g
        )
    }

    #[test]
    fn games_come_out_whole_and_checked() {
        let ok = [
            row(0, 1, 3, 2, 0.0),
            row(0, 0, 5, 1, 1.0),
            row(1, 0, 2, 1, 0.5),
            row(1, 1, 2, 1, 0.5),
        ];
        let whole = vec![vec![(0, 0), (0, 1)], vec![(1, 0), (1, 1)]];
        assert_eq!(games(&ok.concat()).unwrap(), whole);
        let seat_twice = [&ok[..1], &ok[..1]].concat().concat();
        let e = games(&seat_twice).unwrap_err();
        let want = "g.csv:3: duplicate row for game_index 0 seat 1 (first at g.csv:2)";
        assert!(e.contains(want), "{e}");
        let game_twice = [&ok[..2], &ok[..2]].concat().concat();
        let e = games(&game_twice).unwrap_err();
        assert!(
            e.contains("g.csv:5: game_index 0 appears a second time"),
            "{e}"
        );
        // A huge index (a broken file) costs one word, not a bit array up to it.
        let huge = u64::MAX / 2;
        let far = [row(huge, 0, 5, 1, 1.0), row(huge, 1, 3, 2, 0.0)].concat();
        assert_eq!(games(&far).unwrap().len(), 1);
        let bad_rank = [row(0, 0, 5, 2, 1.0), row(0, 1, 3, 2, 0.0)].concat();
        assert!(games(&bad_rank)
            .unwrap_err()
            .contains("rank 2 (expected 1)"));
        let cut = [&ok[..3]].concat().concat();
        assert!(games(&cut)
            .unwrap_err()
            .contains("g.csv:4: game_index 1 of a 2-player game has rows only for seat(s) 0"));
    }
}
