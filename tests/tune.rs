//! `meeplelab tune` through the command line: the same seed gives the same run at any thread
//! count, an interrupted run resumes to the same result, the tuned spec loads in every command,
//! and bad input is refused, naming the value, before any game is played.

mod common;

use common::cli::{fails, fails_with, line, ok, s, scratch};
use std::path::Path;

/// The arguments of a small Carcassonne tuning run (greedy games are cheap) into `out`,
/// followed by `more`.
fn tune_args(out: &Path, more: &str) -> Vec<String> {
    let base = "tune greedy --game carcassonne --games 4 --param opponent=0.5..1.5 \
                --param meeples_in_supply --param farmers=-2..0 --out";
    (base.split_whitespace().map(String::from))
        .chain([s(out).to_string()])
        .chain(more.split_whitespace().map(String::from))
        .collect()
}

/// `args` as the helpers take them.
fn strs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

fn read(dir: &Path, file: &str) -> String {
    std::fs::read_to_string(dir.join(file)).unwrap()
}

#[test]
fn a_seed_gives_the_same_run_at_any_thread_count() {
    let dir = scratch("tune", "threads");
    let (one, three) = (dir.join("one"), dir.join("three"));
    ok(&strs(&tune_args(&one, "--iterations 3 --threads 1")));
    let printed = ok(&strs(&tune_args(&three, "--iterations 3 --threads 3")));
    for file in ["evaluations.csv", "best.toml"] {
        assert_eq!(read(&one, file), read(&three, file), "{file}");
    }
    let csv = read(&one, "evaluations.csv");
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(rows.len(), 4, "header and one row per step:\n{csv}");
    assert!(rows[0].starts_with("iteration,games,perturbation,step,plus_wins,minus_wins"));
    assert!(rows[0].ends_with("farmers_plus,farmers_minus,farmers_next"));
    // Each point's wins against the opponent are out of the step's games, and the result is
    // their difference per game.
    for row in &rows[1..] {
        let cols: Vec<f64> = row.split(',').map(|c| c.parse().unwrap()).collect();
        assert_eq!(cols[1], 4.0);
        assert!(
            (0.0..=4.0).contains(&cols[4]) && (0.0..=4.0).contains(&cols[5]),
            "{row}"
        );
        assert_eq!(cols[8], (cols[4] - cols[5]) / 4.0, "{row}");
    }
    assert!(printed.contains("tuned spec:") && printed.contains("meeples_in_supply"));
    // Another seed plays other deals and signs.
    let other = dir.join("other");
    ok(&strs(&tune_args(&other, "--iterations 3 --seed 4")));
    assert_ne!(
        read(&one, "evaluations.csv"),
        read(&other, "evaluations.csv")
    );
}

#[test]
fn an_interrupted_run_resumes_to_the_same_result() {
    let dir = scratch("tune", "resume");
    let (whole, parts) = (dir.join("whole"), dir.join("parts"));
    ok(&strs(&tune_args(&whole, "--iterations 4")));
    ok(&strs(&tune_args(&parts, "--iterations 2")));
    // A run killed while writing its third row leaves a partial line; --resume drops it.
    let csv = parts.join("evaluations.csv");
    let third: String = read(&whole, "evaluations.csv").lines().nth(3).unwrap()[..10].into();
    std::fs::write(&csv, read(&parts, "evaluations.csv") + &third).unwrap();
    let again = common::cli::ok_output(&strs(&tune_args(&parts, "--iterations 4 --resume")));
    let err = String::from_utf8_lossy(&again.stderr);
    assert!(
        err.contains("resuming: 2 of 4 steps done; dropped a partial last row"),
        "{err}"
    );
    for file in ["evaluations.csv", "best.toml"] {
        assert_eq!(read(&whole, file), read(&parts, file), "{file}");
    }
    // Without --resume the folder is refused; a resumed run may not shrink, change its
    // settings, or continue rows that do not follow from its configuration.
    fails_with(
        &strs(&tune_args(&parts, "--iterations 4")),
        &["already exists", "--resume"],
    );
    fails_with(
        &strs(&tune_args(&parts, "--iterations 3 --resume")),
        &["can grow but not shrink", "--iterations 4"],
    );
    fails_with(
        &strs(&tune_args(&parts, "--iterations 4 --resume --step 0.3")),
        &["different tuning run", "step: 0.05 vs 0.3"],
    );
    fails_with(
        &strs(&tune_args(
            &parts,
            "--iterations 4 --resume --opponent random",
        )),
        &["different tuning run", "opponent: greedy vs random"],
    );
    let text = read(&parts, "evaluations.csv");
    let forged = text.replacen("\n1,4,", "\n1,4,9", 1);
    std::fs::write(&csv, forged).unwrap();
    fails_with(
        &strs(&tune_args(&parts, "--iterations 4 --resume")),
        &["evaluations.csv:3", "does not follow"],
    );
}

#[test]
fn the_tuned_spec_loads_in_every_command() {
    let dir = scratch("tune", "spec");
    let out = dir.join("run");
    ok(&strs(&tune_args(&out, "--iterations 2 --name my-greedy")));
    let best = out.join("best.toml");
    let text = read(&out, "best.toml");
    assert!(text.starts_with("# Tuned by `meeplelab tune`"), "{text}");
    assert!(
        text.contains("name = \"my-greedy\"\nkind = \"greedy\""),
        "{text}"
    );
    let played = ok(&line(
        "match greedy --game carcassonne --games 2 --threads 1",
        &[s(&best)],
    ));
    assert!(played.contains("B my-greedy [greedy:opponent="), "{played}");
    let table = dir.join("tournament");
    ok(&line(
        "tournament --game carcassonne --games 2 --bootstrap 10 --agents",
        &[&format!("random,{}", s(&best)), "--out", s(&table)],
    ));
}

#[test]
fn bad_input_is_refused_before_any_game() {
    let dir = scratch("tune", "bad");
    let out = dir.join("never");
    let base = "tune --game carcassonne --iterations 2 --games 4 --out";
    let cases: [(&str, &[&str]); 11] = [
        (
            "greedy --param lead_species_points",
            &[
                "`lead_species_points` is not a number",
                "tunable: opponent, final_feature_points",
            ],
        ),
        (
            "mcts-500 --param iters=1..9",
            &["`iters` is not a number of agent `mcts-500`"],
        ),
        (
            "greedy --param farmers=2..1",
            &["--param `farmers=2..1`", "the range 2..1 is empty"],
        ),
        (
            "greedy --param farmers=x..1",
            &["the range `x..1` is not LO..HI"],
        ),
        (
            "greedy --param opponent=0..50",
            &["goes beyond the values `opponent` takes, 0..=10"],
        ),
        (
            "greedy --param farmers=0..1",
            &["farmers = -1, which is outside 0..1"],
        ),
        (
            "random",
            &["agent `random` (random) has no numbers to tune"],
        ),
        (
            "no-such-dir/absent.toml",
            &["cannot read agent spec no-such-dir/absent.toml"],
        ),
        (
            "greedy --perturbation 0.9",
            &["--perturbation 0.9 must be in (0, 0.5]"],
        ),
        (
            "greedy --opponent absent.toml",
            &["cannot read agent spec absent.toml"],
        ),
        (
            "greedy --opponent greedy:forbid=fly",
            &["cannot forbid unknown action kind `fly`"],
        ),
    ];
    for (more, phrases) in cases {
        let args: Vec<&str> = line(base, &[s(&out)])
            .into_iter()
            .chain(more.split_whitespace())
            .collect();
        fails_with(&args, phrases);
        assert!(
            !out.exists(),
            "{more}: nothing is written before the checks pass"
        );
    }
    let odd = line("tune greedy --games 3 --out", &[s(&out)]);
    fails_with(
        &odd,
        &["--games 3 per step must be a positive multiple of 2"],
    );
    let rule = line("tune greedy --rule meeples=99 --out", &[s(&out)]);
    let err = fails(&rule);
    assert!(err.contains("meeples"), "{err}");
    assert!(!out.exists());
}
