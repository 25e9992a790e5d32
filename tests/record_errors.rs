//! Bad records never panic: thousands of mutated records either replay or fail with an error
//! that names the file and a line (design.md "Conventions").

mod common;

use common::play_random;
use meeplelab::core::rng::{below, rng_from_seed};
use meeplelab::games::safari::{SafariState, Setup};
use meeplelab::io::record::{Record, RecordError, RecordWriter};
use std::path::Path;

fn sample_record(seed: u64) -> String {
    let setup = Setup::new(3, seed);
    let resolved = setup.resolve().unwrap();
    let mut g = SafariState::from_resolved(setup.tiles, &resolved).unwrap();
    let mut w = RecordWriter::new(&resolved, setup.tiles, "builtin", &[]);
    play_random(&mut g, seed, |s, _, a| w.decision(s, &a));
    w.finish(&g)
}

const JUNK: &[&str] = &[
    "", "P9", "P1", "place", "99,99", "-128,127", "r45", "NE", "Q", "boost", "tiles", "07.99",
    "meeple", "path", "X", "—", "ü", "expect", "scores", "1", "moves", "hand", "P0", "AEZ",
];

#[test]
fn mutated_records_fail_cleanly_or_replay() {
    let original = sample_record(11);
    let lines: Vec<&str> = original.lines().collect();
    let mut rng = rng_from_seed(5);
    let (mut ok, mut failed) = (0, 0);
    for _ in 0..3000 {
        let mut mutated: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        let i = below(&mut rng, mutated.len());
        match below(&mut rng, 4) {
            0 => {
                mutated.remove(i);
            }
            1 => {
                let j = below(&mut rng, mutated.len());
                mutated.swap(i, j);
            }
            2 => {
                let mut words: Vec<String> = mutated[i].split(' ').map(str::to_string).collect();
                let w = below(&mut rng, words.len());
                words[w] = JUNK[below(&mut rng, JUNK.len())].to_string();
                mutated[i] = words.join(" ");
            }
            _ => mutated.truncate(i),
        }
        let text = mutated.join("\n");
        match Record::parse(&text, "m.rec").and_then(|r| r.replay::<SafariState>(Path::new("."))) {
            Ok(_) => ok += 1,
            Err(e) => {
                failed += 1;
                let shown = e.to_string();
                assert!(
                    shown.starts_with("m.rec:"),
                    "error without file name: {shown}"
                );
                assert!(!e.message.is_empty());
            }
        }
    }
    eprintln!("m.rec: 3000 mutants, {ok} replayed, {failed} refused with the file named");
    assert!(
        failed > 1000,
        "only {failed} mutations were rejected ({ok} replayed)"
    );
}

#[test]
fn specific_mistakes_name_line_and_expectation() {
    let original = sample_record(12);
    let find = |prefix: &str| {
        original
            .lines()
            .position(|l| l.starts_with(prefix))
            .expect("line present")
    };
    let replace = |n: usize, with: &str| {
        let mut v: Vec<&str> = original.lines().collect();
        v[n] = with;
        let err = Record::parse(&v.join("\n"), "r.rec")
            .and_then(|r| r.replay::<SafariState>(Path::new(".")))
            .err()
            .expect("the changed record is rejected");
        (err.line, err.message)
    };
    let players = find("players");
    let (line, msg) = replace(players, "players 7");
    assert_eq!(line, players + 1);
    assert!(msg.contains("2..5"), "{msg}");

    let rule = find("rule vehicles");
    let (line, msg) = replace(rule, "rule vehicles=9");
    assert_eq!(line, rule + 1);
    assert!(msg.contains("vehicles") && msg.contains("\"9\""), "{msg}");

    let first_move = find("P0 place");
    let (line, msg) = replace(first_move, "P1 pass");
    assert_eq!(line, first_move + 1);
    assert!(msg.contains("not P1's"), "{msg}");

    let (_, msg) = replace(first_move, "P0 place 01.1 0,5 r0");
    assert!(msg.contains("the tile to place is"), "{msg}");

    let scores = find("expect scores");
    let (line, msg) = replace(scores, "expect scores 0 0 0");
    assert_eq!(line, scores + 1);
    assert!(msg.contains("expected scores 0 0 0"), "{msg}");
}

/// Issue 21: a header line that may appear once, given again — even with the same value — is
/// refused on its own line, naming the first; so is a second `rule` for one option. (A second
/// `seed` line used to replay as "record ok" with the last one winning.)
#[test]
fn repeated_header_lines_are_refused() {
    let original = sample_record(13);
    let lines: Vec<&str> = original.lines().collect();
    for key in [
        "game",
        "players",
        "seed",
        "tileset",
        "tileset-hash",
        "rule vehicles",
    ] {
        let at = (lines.iter())
            .position(|l| l.starts_with(key))
            .unwrap_or_else(|| panic!("the record has a \"{key}\" line"));
        let mut v = lines.clone();
        let again = match key {
            "seed" => "seed 99999",
            "rule vehicles" => "rule vehicles=1",
            _ => lines[at],
        };
        v.insert(at + 1, again);
        let err = Record::parse(&v.join("\n"), "r.rec").expect_err(key);
        assert_eq!(err.line, at + 2, "{key}: {}", err.message);
        assert!(
            err.message
                .contains(&format!("the first is on line {}", at + 1)),
            "{key}: {}",
            err.message
        );
    }
}

/// Replays the sample record of `seed` with the `extra` header lines inserted after its `seed`
/// line; returns the error, which must come, and the 1-based line of the first extra line.
fn error_with_extra_lines(seed: u64, extra: &[&str]) -> (RecordError, usize) {
    let original = sample_record(seed);
    let mut lines: Vec<&str> = original.lines().collect();
    let after = lines.iter().position(|l| l.starts_with("seed")).unwrap() + 1;
    for (k, line) in extra.iter().enumerate() {
        lines.insert(after + k, line);
    }
    let err = Record::parse(&lines.join("\n"), "t.rec")
        .and_then(|r| r.replay::<SafariState>(Path::new(".")))
        .err()
        .expect("the extra lines are wrong");
    (err, after + 1)
}

/// Issue 21: one token of a species too many, in a `tokens` or `hand` line, is blamed on that
/// line (it used to be reported on line 0, as "the token order use more than …").
#[test]
fn too_many_tokens_are_blamed_on_their_line() {
    for (extra, bad) in [
        (&["tokens Z Z Z Z Z Z Z Z Z Z Z"][..], 0),
        (
            &[
                "tokens Z Z Z Z Z Z",
                "hand P0 ZZZZZ",
                "hand P1 -",
                "hand P2 -",
            ],
            1,
        ),
    ] {
        let (err, first) = error_with_extra_lines(14, extra);
        assert_eq!(err.line, first + bad, "{}", err.message);
        assert!(
            err.message.contains("more than the 10 tokens of species"),
            "{}",
            err.message
        );
    }
}

/// Issue 21: a record whose `game` line names the wrong game used to be blamed on "the tile
/// set changed"; the error now names the game the record is of, by its tiles or by a header
/// line of that game (every game's record relabelled as every other game).
#[test]
fn a_wrong_game_line_is_named() {
    use meeplelab::games::{GameDef, GameId};
    use meeplelab::io::record::random_game_record;
    for written in GameId::ALL {
        let text = meeplelab::with_game!(written, G => {
            random_game_record::<G>(&G::setup(2, 3, G::builtin_tiles()), "builtin")
                .expect("a record")
                .1
        });
        for named in GameId::ALL.into_iter().filter(|&g| g != written) {
            let wrong = if text.contains(&format!("game {written}")) {
                text.replacen(&format!("game {written}"), &format!("game {named}"), 1)
            } else {
                text.replacen("players", &format!("game {named}\nplayers"), 1)
            };
            let err = meeplelab::with_game!(named, G => {
                Record::parse(&wrong, "w.rec")
                    .and_then(|r| r.replay::<G>(Path::new(".")))
                    .err()
                    .expect("tiles of another game")
            });
            // Either the tile set or a header line of the other game gives it away.
            let told = err
                .message
                .contains(&format!("the built-in tile set of {written}"))
                || err
                    .message
                    .contains(&format!("a header line of {written} records"));
            assert!(
                told && err.message.contains(&format!("\"game {named}\"")),
                "{written} as {named}: line {}: {}",
                err.line,
                err.message
            );
        }
    }
}

/// Issue 21: a tile listed twice in the draw order is blamed on its second line (it used to
/// be reported on line 0).
#[test]
fn a_tile_listed_twice_is_blamed_on_its_line() {
    let (err, first) = error_with_extra_lines(15, &["tiles 07.2 13.1", "tiles 07.2"]);
    assert_eq!(err.line, first + 1, "{}", err.message);
    assert!(
        err.message.contains("already in the draw order (line"),
        "{}",
        err.message
    );
}

/// A record whose tile-set file cannot be loaded is refused at its `tileset` line, by replay
/// and by the board drawing alike.
#[test]
fn a_tile_set_file_that_does_not_load_is_named_at_the_tileset_line() {
    let original = sample_record(17);
    let at = (original.lines())
        .position(|l| l.starts_with("tileset "))
        .expect("a tileset line");
    let text = (original.lines().enumerate())
        .map(|(i, l)| {
            if i == at {
                "tileset no-such-file.tiles"
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let record = Record::parse(&text, "t.rec").unwrap();
    let base = Path::new("tests/data");
    let replayed = record.replay::<SafariState>(base).err().expect("refused");
    let drawn = meeplelab::io::svg::tileset_of(&record, base).expect_err("refused");
    for err in [replayed, drawn] {
        assert_eq!((err.origin.as_str(), err.line), ("t.rec", at + 1));
        assert!(err.message.starts_with("tile set: "), "{}", err.message);
        assert!(
            err.message.contains("no-such-file.tiles"),
            "{}",
            err.message
        );
    }
}
