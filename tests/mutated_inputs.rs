//! Issue 21: valid files of every kind the toolkit reads besides records (those are in
//! `record_errors.rs`) — tile sets of the three games, agent specs, experiment specs, a
//! tournament's `run.json` and `games.csv` — mutated at random, never panic: each mutant is
//! read, or refused with an error that names the file. The counts are in docs/reliability.md
//! (run with `--nocapture` to see them).

mod common;

use meeplelab::agents::AgentSpec;
use meeplelab::arena::TournamentConfig;
use meeplelab::core::rng::{below, rng_from_seed, GameRng};
use meeplelab::experiment::Spec;
use meeplelab::games::carcassonne::CarcassonneState;
use meeplelab::games::new_world::NewWorldState;
use meeplelab::games::safari::SafariState;
use meeplelab::games::GameDef;
use meeplelab::io::games_csv::{group_games, GamesTable};
use meeplelab::io::run_json::RunConfig;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

/// Words a mutation may put in place of another.
const JUNK: &[&str] = &[
    "",
    "-1",
    "0",
    "1e999",
    "NaN",
    "18446744073709551616",
    "\"",
    "[",
    "}",
    "=",
    ",",
    "x",
    "é",
    "\u{0}",
    "true",
    "greedy",
    "mcts",
    "07.2",
    "city",
    "N",
    "P9",
];

/// A random edit of `text`: a line deleted, doubled or swapped, a word replaced, a huge value
/// inserted, or the text cut short.
fn mutate(text: &str, rng: &mut GameRng) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    if lines.is_empty() {
        return String::new();
    }
    let i = below(rng, lines.len());
    match below(rng, 6) {
        0 => {
            lines.remove(i);
        }
        1 => {
            let copy = lines[i].clone();
            lines.insert(i, copy);
        }
        2 => {
            let j = below(rng, lines.len());
            lines.swap(i, j);
        }
        3 => {
            let mut words: Vec<String> = lines[i].split(' ').map(str::to_string).collect();
            let w = below(rng, words.len());
            words[w] = JUNK[below(rng, JUNK.len())].to_string();
            lines[i] = words.join(" ");
        }
        4 => lines[i].push_str(&"9".repeat(100_000)),
        _ => {
            let cut = below(rng, text.len().max(1));
            let cut = (0..=cut)
                .rev()
                .find(|&c| text.is_char_boundary(c))
                .unwrap_or(0);
            return text[..cut].to_string();
        }
    }
    lines.join("\n")
}

/// Reads `mutants` mutants of `original`, each written to `dir/name`, with `read`; panics name
/// the mutant, errors must name the file. Returns (read, refused).
fn mutants(
    name: &str,
    original: &str,
    count: usize,
    read: impl Fn(&Path) -> Result<(), String>,
) -> (usize, usize) {
    let dir = common::cli::scratch("mutated", &name.replace('.', "-"));
    let path = dir.join(name);
    let mut rng = rng_from_seed(21);
    let (mut read_ok, mut refused) = (0, 0);
    for k in 0..count {
        let text = mutate(original, &mut rng);
        std::fs::write(&path, &text).unwrap();
        match catch_unwind(AssertUnwindSafe(|| read(&path))) {
            Ok(Ok(())) => read_ok += 1,
            Ok(Err(e)) => {
                assert!(
                    e.contains(name),
                    "{name}, mutant {k}: the error does not name the file: {e}"
                );
                refused += 1;
            }
            Err(_) => panic!(
                "{name}, mutant {k} panicked:\n{}",
                &text[..text.len().min(2_000)]
            ),
        }
    }
    eprintln!("{name}: {count} mutants, {read_ok} read, {refused} refused with the file named");
    assert!(
        refused > count / 4,
        "{name}: only {refused} of {count} mutants refused"
    );
    (read_ok, refused)
}

fn tiles<G: GameDef>(path: &Path) -> Result<(), String> {
    G::load_tiles(path).map(|_| ())
}

#[test]
fn mutated_tile_sets_never_panic() {
    mutants(
        "safari.tiles",
        SafariState::BUILTIN_TILE_FILE,
        300,
        tiles::<SafariState>,
    );
    mutants(
        "carcassonne.tiles",
        CarcassonneState::BUILTIN_TILE_FILE,
        300,
        tiles::<CarcassonneState>,
    );
    mutants(
        "new-world.tiles",
        NewWorldState::BUILTIN_TILE_FILE,
        300,
        tiles::<NewWorldState>,
    );
}

#[test]
fn mutated_agent_and_experiment_specs_never_panic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for spec in ["greedy", "mcts-500"] {
        let text = std::fs::read_to_string(root.join(format!("agents/{spec}.toml"))).unwrap();
        mutants(&format!("{spec}.toml"), &text, 500, |p| {
            let path = p.to_str().unwrap();
            let spec = AgentSpec::resolve(path).map_err(|e| e.to_string())?;
            spec.validate_for::<SafariState>()
                .map_err(|e| format!("{path}: {e}"))
        });
    }
    for experiment in ["vehicle-vs-meeple", "carcassonne-expansions"] {
        let text =
            std::fs::read_to_string(root.join(format!("experiments/{experiment}.toml"))).unwrap();
        mutants(&format!("{experiment}.toml"), &text, 500, |p| {
            Spec::load(p).map(|_| ()).map_err(|e| e.to_string())
        });
    }
}

#[test]
fn mutated_run_folders_never_panic() {
    let dir = common::cli::scratch("mutated", "source");
    let out = dir.join("run");
    common::cli::ok(&[
        "tournament",
        "--agents",
        "random,greedy",
        "--games",
        "4",
        "--out",
        out.to_str().unwrap(),
    ]);
    let config = std::fs::read_to_string(out.join("run.json")).unwrap();
    mutants("run.json", &config, 500, |p| {
        TournamentConfig::load(p).map(|_| ())
    });
    let games = std::fs::read_to_string(out.join("games.csv")).unwrap();
    mutants("games.csv", &games, 500, |p| {
        let table = GamesTable::read(p).map_err(|e| e.to_string())?;
        group_games(std::slice::from_ref(&table))
            .map(|_| ())
            .map_err(|e| e.to_string())
    });
}
