//! Tournament records folders: one record per game, checked against `games.csv`.

use meeplelab::games::def::GameDef;
use meeplelab::io::games_csv::GamesTable;
use meeplelab::io::record::Record;
use std::path::Path;

/// The record files of a records folder, by name.
pub fn records_in(dir: &Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let path = e.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&path).unwrap())
        })
        .collect()
}

/// Checks that `records` holds exactly one record per game of `games_csv`, all of game `G`,
/// and that each replays to the end of that game, to its final scores, and names the agent of
/// every seat.
pub fn check_records_match_games<G: GameDef>(records: &Path, games_csv: &Path) {
    let table = GamesTable::read_game(games_csv, Some(G::NAME)).unwrap();
    let mut games = std::collections::BTreeMap::<u64, Vec<(usize, i64, String)>>::new();
    for r in &table.rows {
        assert_eq!(r.game, G::NAME, "{}", games_csv.display());
        games
            .entry(r.game_index)
            .or_default()
            .push((r.seat, r.score, r.agent.clone()));
    }
    let names: Vec<String> = games.keys().map(|g| format!("game-{g:06}.rec")).collect();
    assert_eq!(
        records_in(records).into_keys().collect::<Vec<_>>(),
        names,
        "one record per game of {}",
        games_csv.display()
    );
    for (g, mut seats) in games {
        seats.sort();
        let path = records.join(format!("game-{g:06}.rec"));
        let text = std::fs::read_to_string(&path).unwrap();
        let replay = Record::load_as::<G>(&path)
            .unwrap()
            .replay_game::<G>(records, None)
            .unwrap();
        assert!(replay.state.is_terminal(), "{}", path.display());
        let scores: Vec<i64> = replay.state.scores().iter().map(|&x| x as i64).collect();
        assert_eq!(
            scores,
            seats.iter().map(|(_, score, _)| *score).collect::<Vec<_>>(),
            "{}",
            path.display()
        );
        for (seat, _, agent) in &seats {
            let line = format!("\nagent P{seat} {agent}\n");
            assert!(text.contains(&line), "{} lacks {line}", path.display());
        }
    }
}
