//! Perft pins as data files, as shakmaty keeps its perft positions: every `tests/perft/*.perft`
//! line `<game> <seed> <players> <depth> <count> [<rule>…]` says that the game of that setup
//! (built-in tiles, `key=value` rule options over the defaults) has `count` action sequences of
//! `depth` decisions from its start. Where the game has a naive move generator (a hook) and the
//! count is at most [`NAIVE_LIMIT`], the naive perft must give the same count.

use super::checks::naive_perft;
use meeplelab::core::perft::perft;
use meeplelab::games::GameDef;
use std::path::{Path, PathBuf};

/// Largest count also checked with the naive generator (deeper ones would take minutes).
pub const NAIVE_LIMIT: u64 = 200_000;

/// One pinned count.
#[derive(Clone, Debug)]
pub struct Pin {
    /// `file:line`.
    pub at: String,
    pub game: String,
    pub seed: u64,
    pub players: usize,
    pub depth: u32,
    pub count: u64,
    pub rules: Vec<String>,
}

/// The folder of the pin files.
pub fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft")
}

/// Every pin of every file; a malformed line fails with its file and line.
pub fn pins() -> Vec<Pin> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir())
        .expect("tests/perft")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "perft"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for (i, line) in text.lines().enumerate() {
            let at = format!("{}:{}", f.display(), i + 1);
            let words: Vec<&str> = line.split('#').next().unwrap().split_whitespace().collect();
            if words.is_empty() {
                continue;
            }
            let number = |k: usize| -> u64 {
                words
                    .get(k)
                    .and_then(|w| w.replace('_', "").parse().ok())
                    .unwrap_or_else(|| {
                        panic!("{at}: expected <game> <seed> <players> <depth> <count> [<rule>…]")
                    })
            };
            out.push(Pin {
                game: words[0].to_string(),
                seed: number(1),
                players: number(2) as usize,
                depth: number(3) as u32,
                count: number(4),
                rules: words[5..].iter().map(|w| w.to_string()).collect(),
                at,
            });
        }
    }
    out
}

/// The pins of game `G` hold, for the engine and (where it can) the naive generator; returns
/// how many there were.
pub fn pinned_counts_hold<G: GameDef>() -> usize {
    let mine: Vec<Pin> = pins().into_iter().filter(|p| p.game == G::NAME).collect();
    let probe = super::checks::suite_game::<G>(0);
    let mut legal = Vec::new();
    meeplelab::core::game::Game::legal_actions(&probe, &mut legal);
    let naive = super::hooks::hooks::<G>()
        .naive_legal(&probe, &legal)
        .is_some();
    for pin in &mine {
        let setup = G::setup_with_rules(pin.players, pin.seed, G::builtin_tiles(), &pin.rules)
            .unwrap_or_else(|e| panic!("{}: {e}", pin.at));
        let g = G::new_game(&setup).unwrap_or_else(|e| panic!("{}: {e}", pin.at));
        assert_eq!(perft(&g, pin.depth), pin.count, "{}: engine perft", pin.at);
        if naive && pin.count <= NAIVE_LIMIT {
            assert_eq!(
                naive_perft(&g, pin.depth),
                pin.count,
                "{}: naive perft",
                pin.at
            );
        }
    }
    mine.len()
}
