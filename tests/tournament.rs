//! End-to-end tests of `meeplelab tournament`, `summarize` and `merge`: determinism across
//! thread counts, kill + resume, shards + merge, and clear errors before any game runs.

use meeplelab::io::games_csv::{comparable_text, GamesTable};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

mod common;

use common::cli::{fails, line, ok_output as ok, s};
use common::records::{check_records_match_games, records_in};
use meeplelab::games::safari::SafariState;

const BIN: &str = env!("CARGO_BIN_EXE_meeplelab");

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    common::cli::scratch("tournament", name)
}

/// games.csv of a folder with run id and wall time blanked.
fn comparable(dir: &Path) -> String {
    comparable_text(&GamesTable::read(&dir.join("games.csv")).unwrap())
}

/// Cheap agents: three random variants (forbidding different action kinds).
const CHEAP: &str = "random,random:forbid=dig,random:forbid=move_vehicle";

#[test]
fn one_and_three_threads_give_the_same_games() {
    let dir = scratch("threads");
    for (players, agents, games) in [("2", "random,greedy", "6"), ("3", CHEAP, "30")] {
        let (a, b) = (
            dir.join(format!("a{players}")),
            dir.join(format!("b{players}")),
        );
        let common = line(
            "tournament --players",
            &[players, "--agents", agents, "--games", games],
        );
        let one = ok(&[&common[..], &["--threads", "1", "--out", s(&a)]].concat());
        let three = ok(&[&common[..], &["--threads", "3", "--out", s(&b)]].concat());
        let table = GamesTable::read(&a.join("games.csv")).unwrap();
        assert_eq!(
            table.rows.len(),
            games.parse::<usize>().unwrap() * players.parse::<usize>().unwrap()
        );
        assert_eq!(comparable(&a), comparable(&b));
        assert_eq!(
            std::fs::read_to_string(a.join("standings.csv")).unwrap(),
            std::fs::read_to_string(b.join("standings.csv")).unwrap()
        );
        assert_eq!(one.stdout, three.stdout, "printed standings differ");
        let printed = String::from_utf8_lossy(&one.stdout);
        let model = if players == "2" {
            "Bradley-Terry"
        } else {
            "Plackett-Luce"
        };
        assert!(printed.contains(model), "{printed}");
    }
}

/// Starts `meeplelab` with `args`, a run into the folder `out` (its standard error to
/// `stderr`), and returns once the run's games file holds a finished game (its 2 rows after
/// the header), or a minute has passed.
fn start_run(args: &[String], stderr: Stdio, out: &Path) -> Child {
    let child = Command::new(BIN)
        .args(args)
        .stdout(Stdio::null())
        .stderr(stderr)
        .spawn()
        .unwrap();
    let games = out.join("games.csv");
    let start = Instant::now();
    while std::fs::read_to_string(&games).map_or(0, |t| t.lines().count()) < 3
        && start.elapsed() < Duration::from_secs(60)
    {
        std::thread::sleep(Duration::from_millis(2));
    }
    child
}

#[test]
fn killed_run_resumes_to_the_uninterrupted_result() {
    let dir = scratch("kill");
    let (full, killed) = (dir.join("full"), dir.join("killed"));
    // Two greedy seats make a game slow enough (~0.1 s) to be killed mid-run reliably.
    let args = |out: &Path, threads: &str| {
        [
            "tournament",
            "--agents",
            "greedy,greedy:opponent=0.5",
            "--games",
            "8",
            "--bootstrap",
            "20",
            "--threads",
            threads,
            "--out",
            s(out),
        ]
        .map(String::from)
        .to_vec()
    };
    ok(&args(&full, "2")
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>());

    // Kill (SIGKILL) as soon as the first game is on disk.
    let mut child = start_run(&args(&killed, "1"), Stdio::null(), &killed);
    child.kill().unwrap();
    child.wait().unwrap();
    let partial = std::fs::read_to_string(killed.join("games.csv")).unwrap();
    let rows = partial.lines().count() - 1;
    assert!(
        (2..16).contains(&rows),
        "the run should have been stopped mid-way ({rows} rows)"
    );

    let mut resume_args = args(&killed, "2");
    resume_args.push("--resume".into());
    let out = ok(&resume_args.iter().map(String::as_str).collect::<Vec<_>>());
    let log = String::from_utf8_lossy(&out.stderr);
    assert!(log.contains("finished game(s) kept"), "{log}");
    assert_eq!(comparable(&full), comparable(&killed));
    assert_eq!(
        std::fs::read_to_string(full.join("standings.csv")).unwrap(),
        std::fs::read_to_string(killed.join("standings.csv")).unwrap()
    );
}

/// Issue 21 (16 games of two greedy seats, ~0.1 s each, leave time to act mid-run): two runs
/// on one folder (a requeued job beside the running one) used to both
/// "finish" and lose games. Now the second fails at once naming the first; Ctrl-C on the first
/// says where its games are (exit status 130); a resume then takes the folder over, says so,
/// deletes a leftover temporary file and ends with the uninterrupted run's games.
#[test]
fn one_run_per_folder_and_ctrl_c_explains() {
    let dir = scratch("lock");
    let (full, shared) = (dir.join("full"), dir.join("shared"));
    let args = |out: &Path| {
        [
            "tournament",
            "--agents",
            "greedy,greedy:opponent=0.5",
            "--games",
            "16",
            "--bootstrap",
            "20",
            "--threads",
            "1",
            "--out",
            s(out),
            "--resume",
        ]
        .map(String::from)
        .to_vec()
    };
    let (full_args, shared_args) = (args(&full), args(&shared));
    let (full_args, shared_args): (Vec<&str>, Vec<&str>) = (
        full_args.iter().map(String::as_str).collect(),
        shared_args.iter().map(String::as_str).collect(),
    );
    ok(&full_args);

    let first = start_run(&args(&shared), Stdio::piped(), &shared);
    let err = fails(&shared_args);
    assert!(
        err.contains("is in use by another run") && err.contains(&first.id().to_string()),
        "{err}"
    );
    let signal = Command::new("kill")
        .args(["-INT", &first.id().to_string()])
        .status()
        .unwrap();
    assert!(signal.success());
    let out = first.wait_with_output().unwrap();
    let log = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{log}");
    let games = shared.join("games.csv");
    let kept = std::fs::read_to_string(&games).unwrap().lines().count() / 2;
    assert!(
        log.contains(&format!("interrupted: {kept} finished game(s) are kept in"))
            && log.contains("to play the rest:")
            && log.contains("tournament --agents greedy,greedy:opponent=0.5 --games 16"),
        "{log}"
    );

    let leftover = shared.join("games.csv.tmp");
    std::fs::write(&leftover, "half a write").unwrap();
    let resumed = ok(&shared_args);
    let log = String::from_utf8_lossy(&resumed.stderr);
    assert!(log.contains("stopped without finishing"), "{log}");
    assert!(!leftover.exists());
    assert_eq!(comparable(&full), comparable(&shared));
    assert_eq!(std::fs::read_to_string(shared.join(".lock")).unwrap(), "");
}

#[test]
fn resume_drops_a_partial_last_game_and_finishes() {
    let dir = scratch("partial");
    let (full, cut) = (dir.join("full"), dir.join("cut"));
    let base = line("tournament --games 24 --bootstrap 10 --agents", &[CHEAP]);
    ok(&[&base[..], &["--out", s(&full)]].concat());
    std::fs::create_dir_all(&cut).unwrap();
    std::fs::copy(full.join("run.json"), cut.join("run.json")).unwrap();
    // Keep 5 whole rows (game 2 loses seat 1) and half of the next line.
    let text = std::fs::read_to_string(full.join("games.csv")).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let truncated = format!("{}\n{}", lines[..6].join("\n"), &lines[6][..20]);
    std::fs::write(cut.join("games.csv"), truncated).unwrap();
    let out = ok(&[&base[..], &["--out", s(&cut), "--resume"]].concat());
    let log = String::from_utf8_lossy(&out.stderr);
    assert!(log.contains("2 finished game(s) kept, 22 to play"), "{log}");
    assert!(
        log.contains("partial last line") && log.contains("missing seats"),
        "{log}"
    );
    assert_eq!(comparable(&full), comparable(&cut));
    // Resuming a finished run plays nothing and reprints the standings.
    let again = ok(&[&base[..], &["--out", s(&cut), "--resume"]].concat());
    assert!(String::from_utf8_lossy(&again.stderr).contains("played 0 game(s)"));
}

#[test]
fn three_shards_merge_into_the_single_run() {
    let dir = scratch("shards");
    let shards = line("tournament --players 3 --games 20 --agents", &[CHEAP]);
    let base = [&shards[..], &["--seed", "7"]].concat();
    let single = dir.join("single");
    ok(&[&base[..], &["--out", s(&single)]].concat());
    let children: Vec<_> = (1..=3)
        .map(|k| {
            let out = dir.join(format!("shard{k}"));
            let shard = format!("{k}/3");
            Command::new(BIN)
                .args(&base)
                .args(["--shard", &shard, "--threads", "1", "--out", s(&out)])
                .output()
                .unwrap()
        })
        .collect();
    for c in &children {
        assert!(c.status.success(), "{}", String::from_utf8_lossy(&c.stderr));
    }
    let shard_rows = GamesTable::read(&dir.join("shard2/games.csv"))
        .unwrap()
        .rows;
    assert_eq!(shard_rows.len(), 7 * 3);
    assert!(shard_rows.iter().all(|r| r.game_index % 3 == 1));

    let (s1, s2, s3) = (dir.join("shard1"), dir.join("shard2"), dir.join("shard3"));
    // Missing shard: refused, naming the missing games.
    let err = fails(&["merge", s(&dir.join("m0")), s(&s1), s(&s2)]);
    assert!(err.contains("missing") && err.contains("2, 5, 8"), "{err}");
    // Same shard twice: duplicate games.
    let err = fails(&[
        "merge",
        s(&dir.join("m1")),
        s(&s1),
        s(&s1.join("games.csv")),
        s(&s2),
        s(&s3),
    ]);
    assert!(err.contains("both hold shard 1/3"), "{err}");
    // An unfinished shard (rows in completion order) is refused.
    let unfinished = dir.join("unfinished");
    std::fs::create_dir_all(&unfinished).unwrap();
    std::fs::copy(s2.join("run.json"), unfinished.join("run.json")).unwrap();
    let text = std::fs::read_to_string(s2.join("games.csv")).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines[1..].reverse();
    std::fs::write(unfinished.join("games.csv"), lines.join("\n") + "\n").unwrap();
    let err = fails(&["merge", s(&dir.join("m4")), s(&s1), s(&unfinished), s(&s3)]);
    assert!(
        err.contains("unfinished/games.csv:3: rows are not in the order of a finished run"),
        "{err}"
    );
    // A shard beside the whole run: duplicate rows, named in both files.
    let err = fails(&["merge", s(&dir.join("m3")), s(&single), s(&s2)]);
    assert!(
        err.contains("duplicate row for game_index 1 seat 0")
            && err.contains("single/games.csv:")
            && err.contains("shard2/games.csv:"),
        "{err}"
    );
    assert!(!dir.join("m3/games.csv").exists());
    // Shard of another tournament: refused by configuration.
    let other = dir.join("other");
    ok(&[
        &shards[..],
        &line("--seed 8 --shard 3/3 --out", &[s(&other)]),
    ]
    .concat());
    let err = fails(&["merge", s(&dir.join("m2")), s(&s1), s(&s2), s(&other)]);
    assert!(
        err.contains("different tournament") && err.contains("seed: 7 vs 8"),
        "{err}"
    );

    let merged = dir.join("merged");
    let out = ok(&["merge", s(&merged), s(&s3), s(&s1), s(&s2)]);
    assert_eq!(comparable(&single), comparable(&merged));
    assert_eq!(
        std::fs::read_to_string(single.join("standings.csv")).unwrap(),
        std::fs::read_to_string(merged.join("standings.csv")).unwrap()
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("Plackett-Luce"));
    // The merged folder is a complete unsharded run: resuming it plays nothing.
    let again = ok(&[&base[..], &["--out", s(&merged), "--resume"]].concat());
    assert!(String::from_utf8_lossy(&again.stderr).contains("played 0 game(s)"));
}

#[test]
fn summarize_recomputes_standings_in_any_row_order() {
    let dir = scratch("summarize");
    let run = dir.join("run");
    let out = ok(&line(
        "tournament --games 18 --agents",
        &[CHEAP, "--out", s(&run)],
    ));
    let text = std::fs::read_to_string(run.join("games.csv")).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines[1..].reverse();
    let shuffled = dir.join("shuffled.csv");
    std::fs::write(&shuffled, lines.join("\n") + "\n").unwrap();
    let standings = dir.join("standings.csv");
    let summary = ok(&["summarize", s(&shuffled), "--out", s(&standings)]);
    assert_eq!(summary.stdout, out.stdout);
    assert_eq!(
        std::fs::read_to_string(&standings).unwrap(),
        std::fs::read_to_string(run.join("standings.csv")).unwrap()
    );

    let bad = dir.join("bad.csv");
    let broken = text
        .replacen(",safari,", ",safari,x", 1)
        .replace(",2,final", ",two,final");
    std::fs::write(&bad, broken).unwrap();
    let err = fails(&["summarize", s(&bad)]);
    assert!(err.contains("bad.csv:2: column players"), "{err}");
    let err = fails(&["summarize", s(&shuffled), s(&run.join("games.csv"))]);
    assert!(err.contains("give each game once"), "{err}");
}

#[test]
fn a_run_grows_to_the_larger_run() {
    let dir = scratch("grow");
    let base = line(
        "tournament --agents",
        &[CHEAP, "--seed", "4", "--threads", "1"],
    );
    let single = dir.join("single");
    ok(&[&base[..], &["--games", "12", "--out", s(&single)]].concat());
    let grown = dir.join("grown");
    ok(&[&base[..], &["--games", "6", "--out", s(&grown)]].concat());
    let more = ok(&[
        &base[..],
        &["--games", "12", "--out", s(&grown), "--resume"],
    ]
    .concat());
    let err = String::from_utf8_lossy(&more.stderr);
    assert!(
        err.contains("6 finished game(s) kept, 6 to play; run grown from 6 games"),
        "{err}"
    );
    assert_eq!(comparable(&single), comparable(&grown));
    for file in ["standings.csv", "run.json"] {
        let read = |d: &Path| std::fs::read_to_string(d.join(file)).unwrap();
        assert_eq!(read(&single), read(&grown), "{file}");
    }
    let err = fails(&[&base[..], &["--games", "8", "--out", s(&grown), "--resume"]].concat());
    assert!(
        err.contains("12 games, and a run can grow but not shrink"),
        "{err}"
    );
}

#[test]
fn summarize_keys_games_by_run_splits_rule_sets_and_anchors() {
    let dir = scratch("pools");
    let (pool, new, rules) = (dir.join("pool"), dir.join("new"), dir.join("rules"));
    // Last week's pool and a new agent against one of it, both with the default seed.
    ok(&line(
        "tournament --games 12 --agents",
        &[CHEAP, "--out", s(&pool)],
    ));
    ok(&line(
        "tournament --games 6 --agents random:forbid=dig,greedy --out",
        &[s(&new)],
    ));
    let games = |d: &Path| s(&d.join("games.csv")).to_string();
    let both = ok(&["summarize", &games(&pool), &games(&new)]);
    let printed = String::from_utf8_lossy(&both.stdout);
    assert!(printed.starts_with("Standings: 18 games"), "{printed}");
    assert!(printed.contains("greedy") && printed.contains("random:forbid=move_vehicle"));
    let note = String::from_utf8_lossy(&both.stderr);
    assert!(note.contains("same master seed 1"), "{note}");
    let err = fails(&["summarize", &games(&new), &games(&new)]);
    assert!(err.contains("give each game once"), "{err}");

    // Anchored: random rates 100 in the table and in standings.csv.
    let anchored = dir.join("anchored.csv");
    let args = ["summarize", &games(&pool), "--anchor", "random=100"];
    ok(&[&args[..], &["--out", s(&anchored)]].concat());
    let text = std::fs::read_to_string(&anchored).unwrap();
    let random = text.lines().find(|l| l.starts_with("random,")).unwrap();
    assert_eq!(random.split(',').nth(10), Some("100.0"), "{text}");
    let err = fails(&["summarize", &games(&pool), "--anchor", "nobody=0"]);
    assert!(
        err.contains("no agent nobody") && err.contains("random:forbid=dig"),
        "{err}"
    );

    // Other rules: a table each, one table only on request.
    ok(&line(
        "tournament --games 6 --rule vehicles=0 --agents random,greedy --out",
        &[s(&rules)],
    ));
    let split = ok(&["summarize", &games(&pool), &games(&rules)]);
    let printed = String::from_utf8_lossy(&split.stdout);
    assert!(
        printed.contains("Rule set 2 of 2: safari, 2 players, rules"),
        "{printed}"
    );
    assert!(printed.contains("vehicles=0"), "{printed}");
    let out = dir.join("standings.csv");
    let err = fails(&["summarize", &games(&pool), &games(&rules), "--out", s(&out)]);
    assert!(
        err.contains("2 rule sets") && err.contains("--pool"),
        "{err}"
    );
    let pooled = ok(&["summarize", &games(&pool), &games(&rules), "--pool"]);
    assert!(String::from_utf8_lossy(&pooled.stdout).starts_with("Standings: 18 games"));
}

#[test]
fn bad_input_fails_before_any_game() {
    let dir = scratch("bad");
    let out = dir.join("out");
    let o = s(&out);
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["--agents", "random,nosuchagent"], "nosuchagent"),
        (vec!["--agents", "random"], "at least 2 agents"),
        (vec!["--agents", "random,random"], "same configuration"),
        (vec!["--rule", "vehicles=7"], "vehicles"),
        (vec!["--rule", "speed=1"], "unknown rule option"),
        (vec!["--shard", "4/3"], "shard"),
        (vec!["--shard", "two"], "shard"),
        (vec!["--players", "6"], "players"),
        (vec!["--games", "0"], "--games"),
    ];
    for (args, expected) in cases {
        let err = fails(&[&["tournament", "--out", o][..], &args[..]].concat());
        assert!(err.contains(expected), "{args:?}: {err}");
        assert!(!out.join("games.csv").exists(), "{args:?} started a run");
    }
    // An output folder that cannot be created (its parent is a file).
    let file = dir.join("file");
    std::fs::write(&file, "x").unwrap();
    let err = fails(&line(
        "tournament --agents",
        &[CHEAP, "--out", s(&file.join("sub"))],
    ));
    assert!(err.contains("cannot"), "{err}");

    // Existing output without --resume; --resume with another configuration.
    let base = ["tournament", "--agents", CHEAP, "--out", o];
    ok(&[&base[..], &["--games", "6"]].concat());
    let before = std::fs::read_to_string(out.join("games.csv")).unwrap();
    let err = fails(&[&base[..], &["--games", "6"]].concat());
    assert!(
        err.contains("already exists") && err.contains("--resume"),
        "{err}"
    );
    let err = fails(&[&base[..], &["--games", "6", "--resume", "--seed", "2"]].concat());
    assert!(
        err.contains("different tournament") && err.contains("seed: 1 vs 2"),
        "{err}"
    );
    let err = fails(
        &[
            &base[..],
            &["--games", "6", "--resume", "--rule", "vehicles=1"],
        ]
        .concat(),
    );
    assert!(err.contains("rules"), "{err}");
    let err = fails(&[&base[..], &["--resume", "--games", "4"]].concat());
    assert!(err.contains("can grow but not shrink"), "{err}");
    assert_eq!(
        std::fs::read_to_string(out.join("games.csv")).unwrap(),
        before
    );
}

#[test]
fn records_replay_to_the_games_and_do_not_depend_on_threads() {
    let dir = scratch("records");
    let base = line(
        "tournament --agents random,greedy --games 6 --bootstrap 10",
        &[],
    );
    let (one, two) = (dir.join("one"), dir.join("two"));
    let (rec1, rec2) = (one.join("records"), dir.join("records-two"));
    let out = ok(&[
        &base[..],
        &["--threads", "1", "--out", s(&one), "--records", s(&rec1)],
    ]
    .concat());
    assert!(String::from_utf8_lossy(&out.stderr).contains("records: "));
    ok(&[
        &base[..],
        &["--threads", "2", "--out", s(&two), "--records", s(&rec2)],
    ]
    .concat());
    check_records_match_games::<SafariState>(&rec1, &one.join("games.csv"));
    assert_eq!(records_in(&rec1), records_in(&rec2));

    // `render` draws a record exactly as the library draws the replayed position, with the
    // seats' agents under the record's name.
    let record = rec1.join("game-000003.rec");
    let svg = dir.join("g3-t20.svg");
    let out = ok(&["render", s(&record), "--turn", "20", "--out", s(&svg)]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("after 20 turns"));
    let parsed = meeplelab::io::record::Record::load(&record).unwrap();
    let state = parsed
        .replay_game::<SafariState>(&rec1, Some(20))
        .unwrap()
        .state;
    let set = meeplelab::io::svg::tileset_of(&parsed, &rec1).unwrap();
    let caption = meeplelab::io::svg::caption_with_agents(&parsed, "game-000003.rec");
    assert!(caption.contains("\nP0 agent: "), "{caption}");
    let want = meeplelab::io::svg::board_svg(&state, &set, &caption).unwrap();
    assert_eq!(std::fs::read_to_string(&svg).unwrap(), want);
}

#[test]
fn resume_and_shards_write_only_their_own_records() {
    let dir = scratch("records-resume");
    let base = line("tournament --games 12 --bootstrap 10 --agents", &[CHEAP]);
    let full = dir.join("full");
    let reference = dir.join("reference");
    ok(&[&base[..], &["--out", s(&full), "--records", s(&reference)]].concat());
    let want = records_in(&reference);
    assert_eq!(want.len(), 12);

    // An interrupted run: games 0..=1 whole in games.csv, game 2 missing a seat. Kept records
    // carry a marker that a rewrite would remove; the record of the unfinished game 2 is gone.
    let (cut, cut_records) = (dir.join("cut"), dir.join("cut-records"));
    std::fs::create_dir_all(&cut).unwrap();
    std::fs::create_dir_all(&cut_records).unwrap();
    std::fs::copy(full.join("run.json"), cut.join("run.json")).unwrap();
    let text = std::fs::read_to_string(full.join("games.csv")).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    std::fs::write(
        cut.join("games.csv"),
        format!("{}\n", lines[..6].join("\n")),
    )
    .unwrap();
    let marker = b"# kept from the first run\n";
    for g in 0..2 {
        let name = format!("game-{g:06}.rec");
        std::fs::write(cut_records.join(&name), [&want[&name][..], marker].concat()).unwrap();
    }
    let out = ok(&[
        &base[..],
        &["--out", s(&cut), "--records", s(&cut_records), "--resume"],
    ]
    .concat());
    let log = String::from_utf8_lossy(&out.stderr);
    assert!(log.contains("2 finished game(s) kept, 10 to play"), "{log}");
    let got = records_in(&cut_records);
    assert_eq!(got.len(), 12);
    for (name, bytes) in &want {
        if name == "game-000000.rec" || name == "game-000001.rec" {
            assert_eq!(
                got[name],
                [&bytes[..], marker].concat(),
                "{name} was rewritten"
            );
        } else {
            assert_eq!(&got[name], bytes, "{name}");
        }
    }
    assert_eq!(comparable(&full), comparable(&cut));

    // Two shards sharing one records folder write the single run's records between them.
    let shared = dir.join("shard-records");
    for k in 1..=2 {
        let shard_dir = dir.join(format!("shard{k}"));
        let shard = format!("{k}/2");
        ok(&[
            &base[..],
            &[
                "--shard",
                &shard,
                "--out",
                s(&shard_dir),
                "--records",
                s(&shared),
            ],
        ]
        .concat());
        let n = records_in(&shared).len();
        assert_eq!(n, 6 * k, "after shard {k}/2");
    }
    assert_eq!(records_in(&shared), want);
}

#[test]
fn an_unwritable_records_folder_fails_before_any_game() {
    let dir = scratch("records-bad");
    let file = dir.join("not-a-folder");
    std::fs::write(&file, "x").unwrap();
    let records = file.join("records");
    let out_dir = dir.join("out");
    let args = "tournament --agents random,greedy --games 2";
    let err = fails(&line(
        args,
        &["--out", s(&out_dir), "--records", s(&records)],
    ));
    assert!(
        err.contains("--records") && err.contains(s(&records)),
        "{err}"
    );
    assert!(!out_dir.join("games.csv").exists());
}

#[test]
fn match_writes_a_tournament_folder_with_shared_deals() {
    let dir = scratch("match");
    let base = line(
        "match random random:forbid=dig --seed 3 --threads 2 --games",
        &["6"],
    );
    let (out, records) = (dir.join("out"), dir.join("out/records"));
    let plain = ok(&base);
    let written = ok(&[&base[..], &["--out", s(&out), "--records", s(&records)]].concat());
    assert_eq!(plain.stdout, written.stdout, "--out changes the games");
    let table = GamesTable::read(&out.join("games.csv")).unwrap();
    assert_eq!(table.rows.len(), 12);
    // Games 2k and 2k+1 are one deal with the seats swapped.
    for pair in table.rows.chunks(4) {
        assert_eq!(pair[0].game_seed, pair[2].game_seed);
        assert_eq!(
            (&pair[0].agent, &pair[1].agent),
            (&pair[3].agent, &pair[2].agent)
        );
    }
    assert!(std::fs::read_to_string(out.join("standings.csv"))
        .unwrap()
        .starts_with("agent,games"));
    check_records_match_games::<SafariState>(&records, &out.join("games.csv"));
    // Grown with --resume, it equals the larger match.
    let (grown, bigger) = (dir.join("grown"), dir.join("bigger"));
    ok(&[&base[..], &["--out", s(&grown)]].concat());
    let eight = line(
        "match random random:forbid=dig --seed 3 --threads 2 --games",
        &["8"],
    );
    ok(&[&eight[..], &["--out", s(&grown), "--resume"]].concat());
    ok(&[&eight[..], &["--out", s(&bigger)]].concat());
    assert_eq!(comparable(&grown), comparable(&bigger));
    let err = fails(&line("match random greedy --games", &["7"]));
    assert!(err.contains("use a multiple of 2, such as 6 or 8"), "{err}");
}
