//! Bad records never panic: thousands of mutated records either replay or fail with an error
//! that names the file and a line (design.md "Conventions").

mod common;

use common::play_random;
use meeplelab::core::rng::{below, rng_from_seed};
use meeplelab::games::safari::{SafariState, Setup};
use meeplelab::io::record::{Record, RecordWriter};
use std::path::Path;

fn sample_record(seed: u64) -> String {
    let setup = Setup::new(3, seed);
    let resolved = setup.resolve().unwrap();
    let mut g = SafariState::from_resolved(setup.tiles, &resolved).unwrap();
    let mut w = RecordWriter::new(&resolved, setup.tiles, "builtin");
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
