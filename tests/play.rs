//! `meeplelab play` driven through standard input: a whole 2-player Safari game against
//! `random`, with input mistakes, `help`, `undo` and `save`; whole games of Carcassonne (both
//! expansions) and New World with several people and agents; `--load`. The saved records must
//! replay and name every seat's player.

use meeplelab::core::game::Game;
use meeplelab::games::carcassonne::CarcassonneState;
use meeplelab::games::new_world::NewWorldState;
use meeplelab::games::safari::{SafariState, Setup};
use meeplelab::games::{GameDef, Notation};
use meeplelab::io::record::Record;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const SEED: u64 = 11;

/// Runs `meeplelab play` with `args`, feeding `input` on standard input.
fn play(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_meeplelab"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    drop(stdin);
    child.wait_with_output().unwrap()
}

/// A fresh folder under the system's temporary folder.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("meeplelab-play-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The first legal move of the game `play --seed SEED` starts, in record notation.
fn first_move() -> (String, String) {
    let state = SafariState::new(&Setup::new(2, SEED)).unwrap();
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let tile = state.tiles().variant(state.drawn_tile()).name.clone();
    (state.format_action(&legal[0]), tile)
}

/// The game of the record at `path`, replayed.
fn replayed<G: GameDef>(path: &Path) -> G {
    let record = Record::load(path).unwrap();
    record.replay::<G>(path.parent().unwrap()).unwrap().state
}

#[test]
fn a_whole_game_through_stdin() {
    let dir = temp_dir("whole");
    let mid = dir.join("mid.rec");
    let end = dir.join("end.rec");
    let (typed, tile) = first_move();
    let mut input = vec![
        "help".to_string(),
        String::new(),
        "fly away".into(),
        "0".into(),
        "99999".into(),
        format!("place {tile} 40,40 r0"),
        "meeple path N".into(),
        "undo".into(),
        typed,
        "1".into(),
        "undo".into(),
        "save".into(),
        "1".into(),
        format!("save {}", mid.display()),
    ];
    input.extend(std::iter::repeat_n("1".to_string(), 400));
    input.push(format!("save {}", end.display()));
    input.push("quit".into());
    let out = play(
        &[
            "--game",
            "safari",
            "--vs",
            "random",
            "--seed",
            &SEED.to_string(),
        ],
        &(input.join("\n") + "\n"),
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "exit {:?}: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    for expected in [
        "At your decision, type one of:",
        "type a number, a move, or help",
        "not understood: unknown action \"fly\"",
        "there is no option 0: choose 1 to",
        "there is no option 99999",
        "is illegal during tile placement: 40,40 is not next to any placed tile",
        "no tile has been placed this turn",
        "nothing to undo",
        "took back P0's \"",
        "agent decision(s) after it",
        "save needs a file name",
        "P1 (random): ",
        "final scores: P0 (you) ",
        "The game is over",
    ] {
        assert!(
            stdout.contains(expected),
            "missing {expected:?} in:\n{stdout}"
        );
    }
    let mid_state = replayed::<SafariState>(&mid);
    assert!(!mid_state.is_terminal());
    let end_state = replayed::<SafariState>(&end);
    assert!(end_state.is_terminal(), "400 answers are enough for a game");
    let scores: Vec<String> = end_state.scores().iter().map(i32::to_string).collect();
    let line = stdout
        .lines()
        .find(|l| l.starts_with("final scores:"))
        .unwrap();
    assert_eq!(
        line.to_string(),
        format!(
            "final scores: P0 (you) {}, P1 {} · {}",
            scores[0],
            scores[1],
            line.rsplit(" · ").next().unwrap()
        )
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn end_of_input_stops_the_game_cleanly() {
    let out = play(
        &[
            "--vs",
            "random",
            "--seed",
            "4",
            "--players",
            "3",
            "--seat",
            "1",
        ],
        "1\n",
    );
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("P0 (random): place"), "{stdout}");
    assert!(stdout.contains("end of input: the game stops here."));
    assert!(stdout.contains("scores: P0 "));
}

#[test]
fn bad_arguments_are_clear_errors() {
    let out = play(&["--vs", "no-such-agent"], "");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown agent"));
    let out = play(&["--vs", "random", "--seat", "2"], "");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--seat 2 does not exist"));
    let out = play(&["--vs", "random", "--game", "chess"], "");
    assert!(!out.status.success());
}

/// Every decision of a game of `game` (with `rules`) answered with option 1 by the people in
/// `seats` against `vs`, saved at the end; returns the output and the saved record's path.
fn whole_game(game: &str, rules: &[&str], seats: &[&str], vs: &[&str]) -> (String, PathBuf) {
    let dir = temp_dir(game);
    let end = dir.join("end.rec");
    let mut args = vec!["--game", game, "--seed", "5", "--players", "3"];
    for rule in rules {
        args.extend(["--rule", rule]);
    }
    for seat in seats {
        args.extend(["--seat", seat]);
    }
    for agent in vs {
        args.extend(["--vs", agent]);
    }
    let input = "1\n".repeat(3000) + &format!("save {}\nquit\n", end.display());
    let out = play(&args, &input);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "exit {:?}: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    (stdout, end)
}

/// The agent lines of a record: `(seat, label)`.
fn agent_lines(path: &Path) -> Vec<(usize, String)> {
    let record = Record::load(path).unwrap();
    record
        .agents
        .iter()
        .map(|a| (a.seat, a.label.clone()))
        .collect()
}

#[test]
fn carcassonne_with_both_expansions_two_people_and_an_agent() {
    let (stdout, end) = whole_game(
        "carcassonne",
        &["expansions=robbers,bcb"],
        &["0", "2"],
        &["greedy"],
    );
    let expected = [
        "=== Carcassonne · turn 1 · P0 to decide ===",
        "tile to place: ",
        "Decide: place the tile ",
        "Decide: a meeple on the tile you placed",
        "P2 > ",
        "P1 (greedy): ",
        "final scores: P0 (you) ",
    ];
    let agents = ["human", "greedy", "human"];
    check_whole_game::<CarcassonneState>(&stdout, &end, &expected, agents);
}

#[test]
fn new_world_against_two_different_agents() {
    let (stdout, end) = whole_game("new-world", &[], &["1"], &["random", "greedy"]);
    let expected = [
        "=== New World · turn 2 · P1 to decide ===",
        "P0 (random): place ",
        "P2 (greedy): place ",
        "Decide: place the tile ",
        "surveyors in columns ",
    ];
    let agents = ["random", "human", "greedy"];
    check_whole_game::<NewWorldState>(&stdout, &end, &expected, agents);
}

/// Checks a game that [`whole_game`] played: its output shows every line of `expected`, the
/// saved record `end` replays as `G` to the end and names the seats' players `agents`, and
/// the points announced add up to the final scores.
fn check_whole_game<G: GameDef>(stdout: &str, end: &Path, expected: &[&str], agents: [&str; 3]) {
    for expected in expected {
        assert!(stdout.contains(expected), "missing {expected:?}");
    }
    let state = replayed::<G>(end);
    assert!(state.is_terminal());
    let named: Vec<(usize, String)> = agents.iter().map(|a| a.to_string()).enumerate().collect();
    assert_eq!(agent_lines(end), named);
    assert_scorings_announced(stdout, state.scores());
}

/// The announced points of each seat (`  P1 scores 6 (…)`, `  P1 pays 3 (…)`) add up to its
/// final score.
fn assert_scorings_announced(stdout: &str, scores: &[i32]) {
    let mut sums = vec![0; scores.len()];
    for line in stdout.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if let [seat, verb @ ("scores" | "pays"), points, why, ..] = words.as_slice() {
            if line.starts_with("  P") && why.starts_with('(') {
                let p: usize = seat[1..].parse().unwrap();
                let n: i32 = points.parse().unwrap();
                sums[p] += if *verb == "scores" { n } else { -n };
            }
        }
    }
    assert_eq!(sums, scores, "announced points and final scores differ");
}

#[test]
fn a_saved_game_is_continued_with_load() {
    let dir = temp_dir("load");
    let saved = dir.join("saved.rec");
    let more = dir.join("more.rec");
    let out = play(
        &["--game", "carcassonne", "--vs", "random", "--seed", "9"],
        &format!("1\n1\n1\n1\nsave {}\nquit\n", saved.display()),
    );
    assert!(out.status.success());
    let before = Record::load(&saved).unwrap();
    let out = play(
        &["--load", saved.to_str().unwrap()],
        &format!("1\n1\nsave {}\nquit\n", more.display()),
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("continuing: P0 you, P1 random"), "{stdout}");
    let after = Record::load(&more).unwrap();
    let decisions = |r: &Record| {
        r.entries
            .iter()
            .filter(|e| matches!(e, meeplelab::io::record::Entry::Decision { .. }))
            .count()
    };
    assert!(decisions(&after) > decisions(&before));
    assert_eq!(after.agents.len(), 2);
    let out = play(&["--load", saved.to_str().unwrap(), "--seed", "3"], "");
    assert!(!out.status.success(), "--load fixes the seed");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_record_without_agent_lines_needs_vs() {
    let dir = temp_dir("noagents");
    let rec = dir.join("r.rec");
    let status = Command::new(env!("CARGO_BIN_EXE_meeplelab"))
        .args(["random-game", "--seed", "2", "--out", rec.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(status.status.success());
    let out = play(&["--load", rec.to_str().unwrap()], "");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("names no agents"));
    let out = play(
        &["--load", rec.to_str().unwrap(), "--vs", "random"],
        "quit\n",
    );
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("final scores"));
    // A record that names some seats only needs --vs too, which then decides.
    let partial = dir.join("partial.rec");
    let text = std::fs::read_to_string(&rec).unwrap();
    std::fs::write(
        &partial,
        text.replacen("\nmoves\n", "\nagent P0 human\nmoves\n", 1),
    )
    .unwrap();
    let out = play(&["--load", partial.to_str().unwrap()], "");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("names the agents of some seats only"), "{err}");
    let out = play(
        &["--load", partial.to_str().unwrap(), "--vs", "greedy"],
        "quit\n",
    );
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("P1 greedy"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_safari_boost_names_the_feature_and_its_points() {
    // tests/scenarios/e02-path-boost.rec up to P0's boost decision, continued at the terminal.
    let dir = temp_dir("boost");
    let scenarios = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    std::fs::copy(scenarios.join("e01-e02.tiles"), dir.join("e01-e02.tiles")).unwrap();
    let text = std::fs::read_to_string(scenarios.join("e02-path-boost.rec")).unwrap();
    let before_boost: Vec<&str> = text
        .lines()
        .take_while(|l| !l.starts_with("P0 boost"))
        .collect();
    let rec = dir.join("before-boost.rec");
    std::fs::write(&rec, before_boost.join("\n") + "\n").unwrap();
    let out = play(
        &["--load", rec.to_str().unwrap(), "--vs", "random"],
        "2\nquit\n",
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    for expected in [
        // E, G and Z on the path: 3 species score 6, a boost makes 4 (S-6.4, S-6.5).
        "Decide: the completed path being scored (species EGZ; you score 6 without a boost, \
         10 with one)",
        "boost L (P0 +10)",
        "P0 (you): boost L",
        "  P0 scores 10 (path: ",
    ] {
        assert!(
            stdout.contains(expected),
            "missing {expected:?} in:\n{stdout}"
        );
    }
    let view = &stdout[stdout.find("=== Safari").unwrap()..];
    let board = &view[..view.find("\nP0 you ").unwrap()];
    assert!(
        board.contains('z'),
        "the zebra printed on straight.1 is drawn:\n{board}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_agent_that_keeps_telemetry_has_it_printed() {
    // The person plays P1 (and quits at their first decision), so the agent at P0 opens.
    let out = play(
        &[
            "--seed",
            "3",
            "--seat",
            "1",
            "--vs",
            "mcts:iters=20,telemetry=true",
        ],
        "quit\n",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("P0 (mcts:iters=20,telemetry=true): ") && text.contains("iterations=20 "),
        "{text}"
    );
}
