//! The replay viewer: one self-contained HTML file (`meeplelab render REC --html OUT.html`)
//! that shows a record's board at every decision (inline SVG, the drawings of [`super::svg`]),
//! with a slider and next/previous keys, the decision taken there with the number of legal
//! alternatives, each seat's points by source over the game (a small inline chart per seat)
//! and the seats' agents. No network, no external script: the page's script and style are
//! embedded, and the frames are a JSON object in the page. See `docs/rendering.md`.
//!
//! The page honours `#turn=N` (the position after `N` complete turns, as `render --turn N`)
//! and `#step=K` (after `K` decisions) in its address, and keeps the address in step as it
//! moves. Markers a program can rely on: `<body data-step="K" data-turn="N">`, the current
//! decision in `#decision`, the board in `#board`, and `data-error` on the body when the
//! script failed.

mod chart;

use crate::io::record::{Entry, Record};
use crate::io::svg::{caption_with_agents, Drawable};
use serde::Serialize;
use std::fmt::Write as _;
use std::path::Path;

/// The page's style sheet.
const STYLE: &str = include_str!("html/viewer.css");

/// The page's script.
const SCRIPT: &str = include_str!("html/viewer.js");

/// One position of the game, as the page shows it.
#[derive(Serialize)]
struct Frame {
    /// The board, an SVG document.
    svg: String,
    /// Complete turns before this position.
    turn: usize,
    /// The decision taken here (`P1 place V.2 1,0 r0`); empty at the end.
    decision: String,
    /// Legal options of that decision (0 at the end).
    legal: usize,
    /// Each seat's score.
    scores: Vec<i32>,
}

/// Everything the page's script reads.
#[derive(Serialize)]
struct Viewer {
    /// The frames, one per decision and one for the last position.
    frames: Vec<Frame>,
    /// `P0 greedy` per seat (`P0` alone when the record names no agent).
    seats: Vec<String>,
}

/// The viewer page of `record` (any game); `base` is the folder relative tile-set paths are
/// taken from, `title` names the game in the page (the record's file name). Errors are
/// messages with the record's file and line.
pub fn record_html(record: &Record, base: &Path, title: &str) -> Result<String, String> {
    let game = record.game_id().map_err(|e| e.to_string())?;
    crate::with_game!(game, G => page::<G>(record, base, title))
}

/// [`record_html`] for a record of game `G`.
fn page<G: Drawable>(record: &Record, base: &Path, title: &str) -> Result<String, String> {
    // The whole record is checked first, so that a bad line is reported as `replay` does.
    record
        .replay_game::<G>(base, None)
        .map_err(|e| e.to_string())?;
    let look = G::look(record, base)?;
    let caption = caption_with_agents(record, title);
    let frame = |state: &G, decision: String, legal: usize| -> Result<Frame, String> {
        Ok(Frame {
            svg: state.svg(&look, &caption)?,
            turn: state.turn(),
            decision,
            legal,
            scores: state.scores().to_vec(),
        })
    };
    let setup = record.setup::<G>(base).map_err(|e| e.to_string())?;
    let mut state = G::new_game(&setup)?;
    let mut frames = Vec::new();
    let mut points = vec![chart::points(&state)];
    let mut legal = Vec::new();
    for entry in &record.entries {
        let Entry::Decision { line, player, text } = entry else {
            continue;
        };
        let action =
            (state.parse_action(text)).map_err(|m| format!("{}:{line}: {m}", record.origin))?;
        state.legal_actions(&mut legal);
        let decision = format!("P{player} {}", state.format_action(&action));
        frames.push(frame(&state, decision, legal.len())?);
        state.apply(action);
        points.push(chart::points(&state));
    }
    frames.push(frame(&state, String::new(), 0)?);
    let seats = (record.agent_labels().iter().enumerate())
        .map(|(p, label)| label.map_or_else(|| format!("P{p}"), |l| format!("P{p} {l}")))
        .collect();
    let charts = chart::charts::<G>(&points);
    Ok(document(
        title,
        G::TITLE,
        &Viewer { frames, seats },
        &charts,
    ))
}

/// The page: the frames as JSON (with `</` escaped, so that no frame ends the script early),
/// the charts, the style and the script.
fn document(title: &str, game: &str, viewer: &Viewer, charts: &str) -> String {
    let data = serde_json::to_string(viewer)
        .expect("frames serialise")
        .replace("</", "<\\/");
    let title = escape(title);
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title} · {game} · meeplelab</title>
<style>
{STYLE}</style>
</head>
<body data-step="0" data-turn="0">
<header>
<h1>{title} <span class="game">{game}</span></h1>
<p id="seats"></p>
</header>
<nav>
<button id="prev" title="previous decision (left arrow)">&#9664;</button>
<input id="slider" type="range" min="0" max="0" value="0" aria-label="decision">
<button id="next" title="next decision (right arrow)">&#9654;</button>
<span id="status"></span>
</nav>
<p id="decision"></p>
<main>
<div id="board"></div>
<aside>
<h2>Points by source</h2>
<p class="hint">one chart per seat; the grey line is the position shown</p>
{charts}</aside>
</main>
<script type="application/json" id="frames">{data}</script>
<script>
{SCRIPT}</script>
</body>
</html>
"#
    );
    out
}

/// `text` with the characters HTML gives a meaning escaped.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
