//! `render --html`: the replay viewer of every game. The page's content is checked against the
//! record it shows (always); then, where Debian's Chromium is installed (`/usr/bin/chromium`),
//! a headless browser opens each page at `#turn=N` and `#step=K` and takes screenshots, and
//! the page must show that position without a script error.

mod common;

use common::cli::{fails_with, ok, random_game, s, scratch};
use meeplelab::io::record::{Entry, Expectation, Record};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Where Debian's Chromium lives.
const CHROMIUM: &str = "/usr/bin/chromium";

/// Headless Chromium on a machine without network (no first-run page, no background
/// connections that this machine would refuse).
const HEADLESS: [&str; 8] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
];

/// A record of a random game of `game` with `agent` lines for its 3 seats; returns its path.
fn record_with_agents(dir: &Path, game: &str) -> PathBuf {
    let plain = dir.join(format!("{game}-plain.rec"));
    random_game(&plain, game, &["--players", "3", "--seed", "4"]);
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
    cmd.args(HEADLESS).args([
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

/// Debian's ChromeDriver (package chromium-driver), for the keyboard test.
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// A WebDriver session of a ChromeDriver this test started (W3C WebDriver over plain HTTP).
struct Driver {
    /// The ChromeDriver process.
    process: std::process::Child,
    /// Its address, `127.0.0.1:PORT`.
    address: String,
    /// The session's path, `/session/<id>`.
    session: String,
}

impl Driver {
    /// Starts ChromeDriver on a free port and opens a headless Chromium session.
    fn start() -> Driver {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let process = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("chromedriver runs");
        let mut driver = Driver {
            process,
            address: format!("127.0.0.1:{port}"),
            session: String::new(),
        };
        let ready = (0..100).any(|_| {
            std::thread::sleep(std::time::Duration::from_millis(100));
            std::net::TcpStream::connect(&driver.address).is_ok()
        });
        assert!(ready, "chromedriver did not start");
        let options = serde_json::json!({"binary": CHROMIUM, "args": HEADLESS});
        let caps =
            serde_json::json!({"capabilities": {"alwaysMatch": {"goog:chromeOptions": options}}});
        let reply = driver.call("POST", "/session", &caps);
        driver.session = format!("/session/{}", reply["sessionId"].as_str().unwrap());
        driver
    }

    /// One WebDriver command: `method path` with a JSON body; returns the reply's `value`.
    fn call(&self, method: &str, path: &str, body: &Value) -> Value {
        use std::io::{BufRead, Read, Write};
        let body = body.to_string();
        let mut stream = std::net::TcpStream::connect(&self.address).unwrap();
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.address,
            body.len()
        )
        .unwrap();
        // ChromeDriver keeps the connection open: read the headers, then Content-Length bytes.
        let mut reader = std::io::BufReader::new(stream);
        let mut length = 0;
        loop {
            let mut line = String::new();
            reader.read_line(&mut line).unwrap();
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some((name, value)) = line.split_once(':') {
                if name.eq_ignore_ascii_case("content-length") {
                    length = value.trim().parse().unwrap();
                }
            }
        }
        let mut bytes = vec![0; length];
        reader.read_exact(&mut bytes).unwrap();
        let json = String::from_utf8(bytes).unwrap();
        let value: Value = serde_json::from_str(&json).unwrap();
        assert!(
            value["value"]["error"].is_null(),
            "{method} {path}: {value}"
        );
        value["value"].clone()
    }

    /// A session command (`/session/<id>` + `path`).
    fn session_call(&self, method: &str, path: &str, body: &Value) -> Value {
        self.call(method, &format!("{}{path}", self.session), body)
    }

    /// Presses and releases `key` (a WebDriver key code) `times` times.
    fn press(&self, key: char, times: usize) {
        let strokes: Vec<Value> = (0..times)
            .flat_map(|_| {
                [
                    serde_json::json!({"type": "keyDown", "value": key.to_string()}),
                    serde_json::json!({"type": "keyUp", "value": key.to_string()}),
                ]
            })
            .collect();
        let actions =
            serde_json::json!({"actions": [{"type": "key", "id": "keyboard", "actions": strokes}]});
        self.session_call("POST", "/actions", &actions);
    }

    /// The page's position: `(data-step, data-turn, address fragment, data-error)`.
    fn position(&self) -> Value {
        let script = "return [document.body.dataset.step, document.body.dataset.turn, \
                      location.hash, document.body.dataset.error || null]";
        self.session_call(
            "POST",
            "/execute/sync",
            &serde_json::json!({"script": script, "args": []}),
        )
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                self.call("DELETE", &self.session, &serde_json::json!({}))
            }));
        }
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

/// WebDriver key codes.
const ARROW_LEFT: char = '\u{E012}';
const ARROW_RIGHT: char = '\u{E014}';
const END: char = '\u{E010}';
const HOME: char = '\u{E011}';

#[test]
fn arrow_keys_step_through_every_game_in_a_driven_browser() {
    if !Path::new(CHROMEDRIVER).exists() || !Path::new(CHROMIUM).exists() {
        println!("skipped: {CHROMEDRIVER} or {CHROMIUM} is missing (apt-get install chromium chromium-driver)");
        return;
    }
    let dir = scratch("html", "keys");
    let driver = Driver::start();
    for (_, html) in pages(&dir) {
        let data = frames(&std::fs::read_to_string(&html).unwrap());
        let frames = data["frames"].as_array().unwrap();
        let turn_of = |k: usize| frames[k]["turn"].to_string();
        let url = format!("file://{}#step=3", html.canonicalize().unwrap().display());
        driver.session_call("POST", "/url", &serde_json::json!({ "url": url }));
        let at =
            |k: usize| serde_json::json!([k.to_string(), turn_of(k), format!("#step={k}"), null]);
        assert_eq!(driver.position(), at(3), "{}", html.display());
        driver.press(ARROW_RIGHT, 4);
        assert_eq!(driver.position(), at(7), "{}: 4 × right", html.display());
        driver.press(ARROW_LEFT, 2);
        assert_eq!(driver.position(), at(5), "{}: 2 × left", html.display());
        driver.press(END, 1);
        let last = frames.len() - 1;
        assert_eq!(driver.position(), at(last), "{}: End", html.display());
        driver.press(ARROW_RIGHT, 1);
        assert_eq!(
            driver.position(),
            at(last),
            "{}: right at the end",
            html.display()
        );
        driver.press(HOME, 1);
        assert_eq!(driver.position(), at(0), "{}: Home", html.display());
    }
}
