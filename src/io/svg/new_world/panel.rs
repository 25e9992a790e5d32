//! The New World side panel: the options, the turn and whose decision it is, the tile to place,
//! each player's score and settlers, the surveyors' columns, and a legend.

use super::glyph::{animal, farm, flag, post, surveyor};
use super::{draw_variant, SETTLER_SCALE};
use crate::core::geom::Rotation;
use crate::games::new_world::{NewWorldState, Phase, TRACK_STEPS};
use crate::io::svg::glyph::{meeple, Pt};
use crate::io::svg::panel::{scaled, Panel};

/// Draws the panel with its top-left corner at `at`; returns the height it needs.
pub(super) fn draw_panel(out: &mut String, state: &NewWorldState, at: Pt, caption: &str) -> f64 {
    let mut p = Panel::new(out, at, "New World", caption);
    p.text("small", "reconstructed tile set (docs/new-world-tiles.md)");
    p.text("line", &format!("turns completed: {}", state.turn()));
    let decision = match state.phase() {
        Phase::GameOver => "game over: final scores below".to_string(),
        Phase::PlaceTile => format!(
            "decision: P{} — place tile {}",
            state.active_player(),
            state.tiles().variant(state.drawn_tile()).name
        ),
        Phase::Settler => format!(
            "decision: P{} — deploy a settler or not",
            state.active_player()
        ),
        Phase::ScoreOrder => format!(
            "decision: P{} — which of {} completed features to score next",
            state.active_player(),
            state.waiting_features().count()
        ),
    };
    p.text("line", &decision);
    p.text(
        "small",
        &format!(
            "tiles in the pile: {} · removed (fit nowhere): {}",
            state.pile().len(),
            state.tiles_removed()
        ),
    );
    let columns: Vec<String> = state
        .surveyor_columns()
        .iter()
        .map(|x| format!("x={x}"))
        .collect();
    p.text(
        "small",
        &format!("surveyors in columns {}", columns.join(" and ")),
    );
    if state.track_surveyor() < TRACK_STEPS {
        p.text(
            "small",
            &format!(
                "second surveyor on the score track: step {} of {TRACK_STEPS}",
                state.track_surveyor()
            ),
        );
    }
    if state.phase() == Phase::PlaceTile {
        let drawn = state.drawn_tile();
        let name = &state.tiles().variant(drawn).name;
        p.preview(name, &format!("to place: {name} (shown r0)"), |o| {
            draw_variant(o, state, drawn, Rotation::default())
        });
    } else {
        p.gap(0.3);
    }
    p.text("heading", "Players");
    for player in 0..state.players() {
        let lines = vec![
            format!("settlers in supply: {}", state.settlers_in_supply(player)),
            format!("lost to the surveyors: {}", state.settlers_removed(player)),
        ];
        let decides = state.phase() != Phase::GameOver && state.active_player() == player;
        let heading = format!(
            "P{player}   score {}",
            crate::core::game::Game::scores(state)[player]
        );
        p.player(player, &heading, decides, &lines);
    }
    p.gap(0.3);
    p.text("heading", "Legend");
    p.gap(0.1);
    p.legend("farm (a farmer stands on it)", |o, at| {
        scaled(o, at, 0.55, |o| farm(o, Pt::new(0.0, 2.0)))
    });
    p.legend("flag in a town", flag);
    p.legend("trading post on a trail", post);
    p.legend("animal symbol on the plains", animal);
    p.legend("shopkeeper (town), robber (trail)", |o, at| {
        meeple(o, at, 0, SETTLER_SCALE * 0.8, None, false)
    });
    p.legend("trapper, lying on the plains", |o, at| {
        meeple(o, at, 0, SETTLER_SCALE * 0.8, None, true)
    });
    p.legend("surveyor (white) over its column", |o, at| {
        surveyor(o, at, 1, 0)
    });
    for l in [
        "starting column x=0 on the coast, sea to the east",
        "thick outline: starting column; orange dashes: last tile",
        "tile coordinates: x grows east, y grows north",
    ] {
        p.text("small", l);
    }
    p.height()
}
