//! Issue 18: external agents (`ext:cmd=…`, docs/protocol.md) in tournaments, and bots that
//! fail — crash, hang, print garbage, answer with an illegal action, cannot start: each is
//! reported (bot, seat, game seed, turn, and the line for a bad line), forfeits its games by
//! the documented rule, and the tournament finishes with every game recorded.

use std::path::Path;
use std::process::Command;

mod common;

const BIN: &str = env!("CARGO_BIN_EXE_meeplelab");

/// Runs `meeplelab match BOT random` for 2 games of `game` into a fresh folder; returns
/// (stdout, stderr, games.csv).
fn match_against_random(name: &str, bot: &str, game: &str) -> (String, String, String) {
    let out = common::cli::scratch("external-agents", name);
    let run = Command::new(BIN)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["match", bot, "random", "--games", "2", "--seed", "3"])
        .args(["--game", game, "--threads", "2", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout).to_string();
    let stderr = String::from_utf8_lossy(&run.stderr).to_string();
    assert!(run.status.success(), "{bot}: {stderr}");
    let games = std::fs::read_to_string(Path::new(&out).join("games.csv")).unwrap();
    (stdout, stderr, games)
}

/// Rows of games.csv (after the header).
fn rows(games: &str) -> usize {
    games.lines().skip(1).filter(|l| !l.is_empty()).count()
}

#[test]
fn a_python_bot_plays_every_game() {
    let bot = "ext:cmd=python3 examples/bots/random_bot.py,observation=false";
    for game in ["safari", "carcassonne", "new-world"] {
        let (stdout, stderr, games) = match_against_random(game, bot, game);
        assert!(!stderr.contains("forfeits"), "{game}: {stderr}");
        assert_eq!(rows(&games), 4, "{game}: two games of two seats");
        assert!(stdout.contains("wins"), "{stdout}");
    }
}

#[test]
fn failing_bots_forfeit_and_the_tournament_goes_on() {
    let cases = [
        ("crash", "ext:cmd=exit 3", "exited with exit status: 3"),
        (
            "hang",
            "ext:cmd=sleep 60,time_ms=300,start_ms=200",
            "no answer within 500 ms",
        ),
        (
            "garbage",
            "ext:cmd=while read l; do echo hello; done",
            "output line 1 `hello` is refused: not an answer",
        ),
        (
            "illegal",
            "ext:cmd=while read l; do echo '{\"action\": 999999999}'; done",
            "action 999999999 is not one of the",
        ),
        (
            "missing",
            "ext:cmd=./no-such-bot-here",
            "it forfeits the game",
        ),
    ];
    for (name, bot, reason) in cases {
        let (stdout, stderr, games) = match_against_random(name, bot, "safari");
        assert!(stderr.contains(reason), "{name}: {stderr}");
        let cmd = bot
            .trim_start_matches("ext:cmd=")
            .split(",time_ms")
            .next()
            .unwrap();
        assert!(
            stderr.contains(&format!("external agent `{cmd}` (seat P")),
            "{name}: the report names the bot: {stderr}"
        );
        assert!(
            stderr.contains("game seed") && stderr.contains("turn 1"),
            "{stderr}"
        );
        assert_eq!(rows(&games), 4, "{name}: both games recorded");
        assert!(
            stdout.contains("wins 0 of 2"),
            "{name}: forfeits lose: {stdout}"
        );
    }
}

#[test]
fn ext_specs_need_a_command_and_take_no_forbid() {
    for (spec, phrase) in [
        ("ext", "agent kind ext needs the bot's command"),
        (
            "ext:cmd=true,forbid=dig",
            "an ext agent cannot forbid `dig`",
        ),
        (
            "ext:cmd=true,time_ms=0",
            "parameter `time_ms` of ext must be",
        ),
        ("ext:cmd=true,c=1", "unknown parameter `c` of ext"),
    ] {
        let run = Command::new(BIN)
            .args(["match", spec, "random", "--games", "2"])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(1), "{spec}: {stderr}");
        assert!(stderr.contains(phrase), "{spec}: {stderr}");
    }
}
