//! The side panel: turn and whose decision it is, the tile to place, each player's score,
//! meeples in supply and tokens in hand, the piles, and a legend.

use super::glyph::{badge, bird, meeple, MeepleMark};
use super::tile::{draw_tile, TILE};
use super::{variant_content, TileFaces};
use crate::core::game::Game;
use crate::core::geom::Rotation;
use crate::core::species::{Species, SpeciesCounts};
use crate::games::safari::{Phase, SafariState};
use crate::io::svg::glyph::{num, text, Pt};
use std::fmt::Write as _;

/// Vertical distance between text lines.
const LINE: f64 = 20.0;

/// Scale of the preview of the tile to place.
const PREVIEW: f64 = 0.75;

/// Draws the panel with its top-left corner at `at`; returns the height it needs.
pub(super) fn draw_panel(
    out: &mut String,
    state: &SafariState,
    faces: &TileFaces,
    at: Pt,
    caption: &str,
) -> f64 {
    let x = at.x + 12.0;
    let mut y = at.y + 36.0;
    text(out, Pt::new(x, y), "title", "Carcassonne Safari");
    y += LINE;
    for line in caption.lines() {
        text(out, Pt::new(x, y), "caption", line);
        y += LINE;
    }
    y += LINE * 0.5;
    text(
        out,
        Pt::new(x, y),
        "line",
        &format!("turns completed: {}", state.turn()),
    );
    y += LINE;
    text(out, Pt::new(x, y), "line", &decision_text(state));
    y += LINE;
    text(
        out,
        Pt::new(x, y),
        "small",
        &format!(
            "tiles in the pile: {} · removed (fit nowhere): {}",
            state.tiles_left(),
            state.tiles_removed()
        ),
    );
    y += LINE;
    if state.phase() == Phase::PlaceTile {
        y = draw_preview(out, state, faces, Pt::new(x, y));
    }
    y = draw_players(out, state, Pt::new(x, y + LINE * 0.5));
    y = draw_piles(out, state, Pt::new(x, y));
    y = draw_legend(out, Pt::new(x, y + LINE * 0.5));
    y + LINE - at.y
}

/// `decision: P1 — place tile 07.2`, or `game over`.
fn decision_text(state: &SafariState) -> String {
    let Some(p) = state.to_move() else {
        return "game over: final scores below".to_string();
    };
    let what = match state.phase() {
        Phase::PlaceTile => format!(
            "place tile {}",
            state.tiles().variant(state.drawn_tile()).name
        ),
        Phase::Action => "action (meeple, vehicle, hole or pass)".to_string(),
        Phase::ScoreOrder => "which completed feature scores first".to_string(),
        Phase::Boost => "boost the feature being scored?".to_string(),
        Phase::ReplaceVehicle => "re-place the displaced vehicle".to_string(),
        Phase::GameOver => "nothing".to_string(),
    };
    format!("decision: P{p} — {what}")
}

/// The tile to place, unrotated; returns the y below it.
fn draw_preview(out: &mut String, state: &SafariState, faces: &TileFaces, at: Pt) -> f64 {
    let drawn = state.drawn_tile();
    let content = variant_content(faces, drawn, Rotation::default());
    let _ = writeln!(
        out,
        r#"<g class="preview" data-tile="{}" transform="translate({}) scale({PREVIEW})">"#,
        state.tiles().variant(drawn).name,
        (at + Pt::new(0.0, 6.0)).xy()
    );
    draw_tile(out, &content);
    out.push_str("</g>\n");
    let size = TILE * PREVIEW;
    text(
        out,
        at + Pt::new(size + 12.0, size / 2.0 + 10.0),
        "small",
        &format!("to place: {} (shown r0)", state.tiles().variant(drawn).name),
    );
    at.y + size + 6.0 + LINE
}

/// One block per player; returns the y below them.
fn draw_players(out: &mut String, state: &SafariState, at: Pt) -> f64 {
    let mut y = at.y;
    text(out, Pt::new(at.x, y), "heading", "Players");
    y += LINE * 0.6;
    let decider = state.to_move();
    for p in 0..state.players() {
        y += LINE * 1.2;
        meeple(out, Pt::new(at.x + 10.0, y - 5.0), p, 0.9, MeepleMark::Icon);
        let marker = if decider == Some(p) {
            "  ◀ decides"
        } else {
            ""
        };
        text(
            out,
            Pt::new(at.x + 26.0, y),
            "heading",
            &format!("P{p}   score {}{marker}", state.scores()[p]),
        );
        y += LINE;
        text(
            out,
            Pt::new(at.x + 26.0, y),
            "line",
            &format!("meeples in supply: {}", state.meeples_in_supply(p)),
        );
        y += LINE;
        text(out, Pt::new(at.x + 26.0, y), "line", "tokens:");
        draw_tokens(out, state.hand(p), Pt::new(at.x + 90.0, y - 4.0));
    }
    y + LINE
}

/// A hand of tokens as badges in a row starting at `at`, or `none`.
fn draw_tokens(out: &mut String, hand: &SpeciesCounts, at: Pt) {
    if hand.total() == 0 {
        text(out, at + Pt::new(0.0, 4.0), "line", "none");
        return;
    }
    let species = Species::ALL
        .into_iter()
        .flat_map(|s| std::iter::repeat_n(s, usize::from(hand.get(s))));
    for (i, s) in species.enumerate() {
        badge(
            out,
            at + Pt::new(8.0 + 19.0 * i as f64, 0.0),
            8.5,
            s,
            "hand-token",
        );
    }
}

/// The bag and the discard pile; returns the y below.
fn draw_piles(out: &mut String, state: &SafariState, at: Pt) -> f64 {
    text(
        out,
        at,
        "line",
        &format!(
            "bag: {} tokens · discard pile: {}",
            state.bag_counts().total(),
            state.discard()
        ),
    );
    at.y + LINE
}

/// What the symbols mean; returns the y below.
fn draw_legend(out: &mut String, at: Pt) -> f64 {
    let mut y = at.y;
    text(out, Pt::new(at.x, y), "heading", "Legend");
    y += LINE * 1.1;
    let names = ["ape", "elephant", "giraffe", "lion", "zebra"];
    for (i, s) in Species::ALL.into_iter().enumerate() {
        let x = at.x + 8.0 + 100.0 * (i % 3) as f64;
        let row_y = y + LINE * (i / 3) as f64;
        badge(out, Pt::new(x, row_y - 4.0), 7.0, s, "legend-animal");
        text(out, Pt::new(x + 12.0, row_y), "small", names[i]);
    }
    y += LINE * 2.2;
    let _ = writeln!(
        out,
        r#"<rect class="bush" x="{}" y="{}" width="22" height="14"/>"#,
        num(at.x),
        num(y - 11.0)
    );
    bird(out, Pt::new(at.x + 11.0, y - 4.0));
    text(
        out,
        Pt::new(at.x + 30.0, y),
        "small",
        "bush with a bird (birds score +1 each)",
    );
    let lines = [
        "brown line: animal path; dot: its dead end",
        "tree: baobab; meeple lying on it: baobab meeple",
        "blue disc: watering hole, tokens in tile corners",
        "car in a dashed space: vehicle (1 or 2)",
        "thick outline: start tile; orange dashes: last tile",
        "tile coordinates: x grows east, y grows north",
    ];
    for l in lines {
        y += LINE;
        text(out, Pt::new(at.x, y), "small", l);
    }
    y
}
