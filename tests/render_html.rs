//! `render --html`: the replay viewer of every game. The page's content is checked against the
//! record it shows (always); then, where Debian's Chromium is installed (`/usr/bin/chromium`),
//! a headless browser opens each page at `#turn=N` and `#step=K` and takes screenshots, and
//! the page must show that position without a script error.

mod common;

use common::cli::{fails_with, ok, s, scratch};
use meeplelab::io::record::{Entry, Expectation, Record};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Where Debian's Chromium lives.
const CHROMIUM: &str = "/usr/bin/chromium";

/// A record of a random game of `game` with `agent` lines for its 3 seats; returns its path.
fn record_with_agents(dir: &Path, game: &str) -> PathBuf {
    let plain = dir.join(format!("{game}-plain.rec"));
    let args = [
        "random-game",
        "--game",
        game,
        "--players",
        "3",
        "--seed",
        "4",
    ];
    ok(&[&args[..], &["--out", s(&plain)]].concat());
    let text = std::fs::read_to_string(&plain).unwrap();
    let named = text.replacen(
        "\nmoves\n",
        "\nagent P0 greedy\nagent P1 human\nagent P2 mcts:iters=50\nmoves\n",
        1,
    );
    let rec = dir.join(format!("{game}.rec"));
    std::fs::write(&rec, named).unwrap();
    rec
}

/// The frames object embedded in a viewer page.
fn frames(page: &str) -> Value {
    let start = page
        .find(r#"<script type="application/json" id="frames">"#)
        .unwrap();
    let json = &page[start..];
    let json = &json[json.find('>').unwrap() + 1..json.find("</script>").unwrap()];
    serde_json::from_str(json).unwrap()
}

/// The record's decisions: `P<seat> <text>`, in order.
fn decisions(record: &Record) -> Vec<String> {
    record
        .entries
        .iter()
        .filter_map(|e| match e {
            Entry::Decision { player, text, .. } => Some(format!("P{player} {text}")),
            Entry::Expect { .. } => None,
        })
        .collect()
}

/// Writes the viewer of every game's record; returns (record, page) paths.
fn pages(dir: &Path) -> Vec<(PathBuf, PathBuf)> {
    ["safari", "carcassonne", "new-world"]
        .iter()
        .map(|game| {
            let rec = record_with_agents(dir, game);
            let html = dir.join(format!("{game}.html"));
            let said = ok(&["render", s(&rec), "--html", s(&html)]);
            assert!(said.contains("replay viewer"), "{said}");
            (rec, html)
        })
        .collect()
}

#[test]
fn the_page_shows_every_decision_of_the_record() {
    let dir = scratch("html", "content");
    for (rec, html) in pages(&dir) {
        let record = Record::load(&rec).unwrap();
        let page = std::fs::read_to_string(&html).unwrap();
        for outside in ["<script src", "<link", "https://", "@import"] {
            assert!(!page.contains(outside), "{}: {outside}", html.display());
        }
        let data = frames(&page);
        let frames = data["frames"].as_array().unwrap();
        let taken = decisions(&record);
        assert_eq!(frames.len(), taken.len() + 1, "{}", html.display());
        for (frame, decision) in frames.iter().zip(&taken) {
            assert_eq!(frame["decision"], decision.as_str());
            assert!(frame["legal"].as_u64().unwrap() >= 1);
            assert!(frame["svg"].as_str().unwrap().starts_with("<svg"));
        }
        let turns: Vec<u64> = frames.iter().map(|f| f["turn"].as_u64().unwrap()).collect();
        assert!(turns.windows(2).all(|w| w[0] <= w[1]), "turns only grow");
        let last = frames.last().unwrap();
        assert_eq!(last["decision"], "");
        let expected = record.entries.iter().rev().find_map(|e| match e {
            Entry::Expect {
                what: Expectation::Scores(scores),
                ..
            } => Some(scores.clone()),
            _ => None,
        });
        assert_eq!(last["scores"], serde_json::json!(expected.unwrap()));
        assert_eq!(
            data["seats"],
            serde_json::json!(["P0 greedy", "P1 human", "P2 mcts:iters=50"])
        );
        assert_eq!(page.matches(r#"<figure class="chart""#).count(), 3);
        assert!(frames[0]["svg"]
            .as_str()
            .unwrap()
            .contains("P2 agent: mcts:iters=50"));
    }
}

#[test]
fn bad_html_arguments_are_refused() {
    let dir = scratch("html", "bad");
    let rec = record_with_agents(&dir, "safari");
    fails_with(
        &["render", s(&rec), "--html", s(&dir.join("v.htm"))],
        &["must end in .html"],
    );
    fails_with(
        &[
            "render",
            s(&rec),
            "--html",
            s(&dir.join("v.html")),
            "--turn",
            "3",
        ],
        &["--turn"],
    );
    fails_with(&["render", s(&rec)], &["--out", "--html"]);
}

/// Opens `url` in headless Chromium: with `screenshot`, writes a PNG there; otherwise returns
/// the page's DOM after its script ran. Returns (output, log).
fn chromium(url: &str, screenshot: Option<&Path>) -> (String, String) {
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    let profile = scratch(
        "html",
        &format!("profile-{}", RUNS.fetch_add(1, Ordering::Relaxed)),
    );
    let mut cmd = Command::new(CHROMIUM);
    cmd.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--enable-logging=stderr",
        "--v=0",
        "--window-size=1500,1000",
    ]);
    cmd.arg(format!("--user-data-dir={}", profile.display()));
    match screenshot {
        Some(png) => cmd.arg(format!("--screenshot={}", png.display())),
        None => cmd.arg("--dump-dom"),
    };
    let out = cmd.arg(url).output().expect("chromium runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The `<body …>` tag of a DOM.
fn body_tag(dom: &str) -> &str {
    let start = dom.find("<body").expect("a body");
    &dom[start..start + dom[start..].find('>').unwrap() + 1]
}

#[test]
fn a_headless_browser_steps_through_every_game() {
    if !Path::new(CHROMIUM).exists() {
        println!("skipped: {CHROMIUM} is missing (apt-get install chromium to run this test)");
        return;
    }
    let dir = scratch("html", "browser");
    for (_, html) in pages(&dir) {
        let page = std::fs::read_to_string(&html).unwrap();
        let data = frames(&page);
        let frames = data["frames"].as_array().unwrap();
        let url = format!("file://{}", html.canonicalize().unwrap().display());
        let turn = frames.last().unwrap()["turn"].as_u64().unwrap() / 2;
        let step = frames
            .iter()
            .position(|f| f["turn"].as_u64().unwrap() >= turn)
            .unwrap();
        for (fragment, want_step) in [
            (format!("#turn={turn}"), step),
            (format!("#step={}", step + 1), step + 1),
            ("#step=0".to_string(), 0),
            (format!("#step={}", frames.len() + 50), frames.len() - 1),
        ] {
            let (dom, log) = chromium(&format!("{url}{fragment}"), None);
            let body = body_tag(&dom);
            let want = &frames[want_step];
            assert!(
                body.contains(&format!(r#"data-step="{want_step}""#))
                    && body.contains(&format!(r#"data-turn="{}""#, want["turn"])),
                "{}{fragment}: {body}",
                html.display()
            );
            assert!(!body.contains("data-error"), "{fragment}: {body}");
            assert!(!log.contains("Uncaught"), "{fragment}: {log}");
            let decision = want["decision"].as_str().unwrap();
            assert!(
                dom.contains(&format!("next: {decision} (chosen among")) || decision.is_empty()
            );
            assert!(dom.contains("Seats: P0 greedy · P1 human · P2 mcts:iters=50"));
        }
        let png = html.with_extension("png");
        chromium(&format!("{url}#turn={turn}"), Some(&png));
        let bytes = std::fs::read(&png).unwrap();
        assert!(
            bytes.starts_with(b"\x89PNG") && bytes.len() > 10_000,
            "{}",
            png.display()
        );
    }
}
