//! `meeplelab play` driven through standard input: a whole 2-player game against `random`,
//! with input mistakes, `help`, `undo` and `save`; the saved records must replay.

use meeplelab::core::game::Game;
use meeplelab::games::safari::{SafariState, Setup};
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

fn replayed(path: &Path) -> SafariState {
    let record = Record::load(path).unwrap();
    record
        .replay::<SafariState>(path.parent().unwrap())
        .unwrap()
        .state
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
        "took back your \"",
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
    let mid_state = replayed(&mid);
    assert!(!mid_state.is_terminal());
    let end_state = replayed(&end);
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
