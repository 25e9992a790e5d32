//! Issue 21: bad command-line values get an error that names the option and what it takes.

mod common;

use common::cli::fails;

/// A negative number given to a numeric option is that option's invalid value, not an unknown
/// argument (clap's default would say only "unexpected argument '-1' found").
#[test]
fn negative_numbers_are_named_as_the_option_s_value() {
    let cases: [&[&str]; 8] = [
        &["tournament", "--games", "-1"],
        &["tournament", "--threads", "-2"],
        &["tournament", "--seed", "-3"],
        &["tournament", "--players", "-4"],
        &["tournament", "--shard", "-1"],
        &["match", "random", "greedy", "--games", "-5"],
        &["summarize", "--bootstrap", "-6", "x.csv"],
        &["render", "x.rec", "--turn", "-7"],
    ];
    for args in cases {
        let err = fails(args);
        let option = args.iter().find(|a| a.starts_with("--")).unwrap();
        let value = args
            .iter()
            .find(|a| a.starts_with('-') && !a.starts_with("--"))
            .unwrap();
        assert!(
            err.contains(&format!("invalid value '{value}' for '{option}")),
            "meeplelab {args:?}: {err}"
        );
    }
}

/// `bench playout --games 0` used to play one game and exit 0.
#[test]
fn bench_needs_at_least_one_game() {
    let err = fails(&["bench", "playout", "--games", "0"]);
    assert!(err.contains("--games"), "{err}");
}

/// Issue 21: an error used to echo the whole offending input (a 1 MB line gave a 1 MB error);
/// long values are cut, with their length, and the error still names the file and line.
#[test]
fn long_values_are_shortened_in_errors() {
    let dir = std::env::temp_dir().join(format!("meeplelab-cli-values-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("long.rec");
    let path_text = path.to_str().unwrap();
    common::cli::ok(&["random-game", "--seed", "3", "--out", path_text]);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let players = lines.iter().position(|l| l.starts_with("players")).unwrap();
    lines[players] = format!("players {}", "x".repeat(1_000_000));
    let line = players + 1;
    std::fs::write(&path, lines.join("\n")).unwrap();
    let err = fails(&["replay", path_text]);
    assert!(err.len() < 2_000, "{} bytes: {}", err.len(), &err[..300]);
    assert!(err.contains(&format!("long.rec:{line}")), "{err}");
    assert!(err.contains("… (1000001 characters)"), "{err}"); // the value and its closing quote
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 19: an odd `match --games` used to leave a deal without its seat-swapped twin,
/// silently; a count that is not a whole number of deals is refused, naming the nearest ones.
#[test]
fn match_plays_whole_deals() {
    let err = fails(&["match", "random", "random", "--games", "3"]);
    assert!(err.contains("use a multiple of 2, such as 2 or 4"), "{err}");
    let err = fails(&[
        "match",
        "random",
        "random",
        "--games",
        "4",
        "--players",
        "3",
    ]);
    assert!(err.contains("use a multiple of 6, such as 6"), "{err}");
}
