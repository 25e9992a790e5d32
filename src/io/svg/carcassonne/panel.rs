//! The Carcassonne side panel: the expansions played, the turn and whose decision it is, the
//! tile to place, each player's score, track space, robber, meeples, bridges and castles in
//! supply, a bazaar in progress, and a legend.

use super::glyph::{bridge, castle, monastery, pennant, robber, tile_badge};
use super::{draw_variant, MEEPLE_SCALE};
use crate::core::game::Game;
use crate::core::geom::{Rotation, Side};
use crate::core::tileset::VariantId;
use crate::games::carcassonne::{CarcassonneState, Phase};
use crate::io::svg::glyph::{meeple, Pt};
use crate::io::svg::panel::{scaled, Panel, LINE};

/// Draws the panel with its top-left corner at `at`; returns the height it needs.
pub(super) fn draw_panel(out: &mut String, state: &CarcassonneState, at: Pt, caption: &str) -> f64 {
    let mut p = Panel::new(out, at, "Carcassonne", caption);
    let ex = state.options().expansions;
    let names: Vec<&str> = [
        (ex.robbers, "The Robbers"),
        (ex.bcb, "Bridges, Castles and Bazaars"),
    ]
    .into_iter()
    .filter_map(|(on, name)| on.then_some(name))
    .collect();
    let played = if names.is_empty() {
        "base game".to_string()
    } else {
        format!("with {}", names.join(" + "))
    };
    p.text("small", &played);
    p.text("line", &format!("turns completed: {}", state.turn()));
    p.text("line", &decision_text(state));
    let discarded = match state.tiles_discarded() {
        0 => String::new(),
        n => format!(" · discarded (B-2): {n}"),
    };
    p.text(
        "small",
        &format!(
            "tiles in the pile: {} · removed (fit nowhere): {}{discarded}",
            state.tiles_left(),
            state.tiles_removed()
        ),
    );
    if state.phase() == Phase::PlaceTile {
        let drawn = state.drawn_tile();
        let name = &state.tiles().variant(drawn).name;
        p.preview(name, &format!("to place: {name} (shown r0)"), |o| {
            draw_variant(o, state, drawn, Rotation::default(), None)
        });
    } else {
        p.gap(0.3);
    }
    draw_bazaar(&mut p, state);
    p.text("heading", "Players");
    for player in 0..state.players() {
        draw_player(&mut p, state, player);
    }
    p.gap(0.3);
    draw_legend(&mut p, state);
    p.height()
}

/// `decision: P1 — place tile D.2`, or `game over`.
fn decision_text(state: &CarcassonneState) -> String {
    let what = match state.phase() {
        Phase::GameOver => return "game over: final scores below".to_string(),
        Phase::PlaceTile => format!(
            "place tile {}{}",
            state.tiles().variant(state.drawn_tile()).name,
            if state.may_discard() {
                " with a bridge, or discard it"
            } else {
                ""
            }
        ),
        Phase::Bridge => "build a bridge or not".to_string(),
        Phase::Robber => "put or move the robber".to_string(),
        Phase::Meeple => "put a meeple on the tile or not".to_string(),
        Phase::ScoreOrder => "which scoring robbers see first".to_string(),
        Phase::Rob => "whom the robber robs".to_string(),
        Phase::Castle => "score the small city or build a castle".to_string(),
        Phase::CastleScore => "what the castle scores".to_string(),
        Phase::BazaarOffer => "offer a bazaar tile".to_string(),
        Phase::BazaarBid => "bid for the bazaar tile or pass".to_string(),
        Phase::BazaarDeal => "buy or sell the bazaar tile".to_string(),
        Phase::RobberBack => "the robber moves back with the paying marker or stays".to_string(),
    };
    format!("decision: P{} — {what}", state.decider())
}

/// The tiles of a bazaar in progress and who holds them.
fn draw_bazaar(p: &mut Panel, state: &CarcassonneState) {
    let bazaar = state.bazaar();
    if !bazaar.is_open() {
        return;
    }
    let name = |v: VariantId| state.tiles().variant(v).name.clone();
    let tiles: Vec<String> = bazaar
        .tiles()
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            let holder = bazaar.holder[i];
            if bazaar.used & (1 << i) != 0 {
                format!("{} (played)", name(v))
            } else if usize::from(holder) < state.players() {
                format!("{} (P{holder})", name(v))
            } else {
                format!("{} (open)", name(v))
            }
        })
        .collect();
    p.text("line", "bazaar:");
    p.text("small", &tiles.join(" · "));
    p.gap(0.3);
}

/// One player's block: score and track space, robber, supplies.
fn draw_player(p: &mut Panel, state: &CarcassonneState, player: usize) {
    let ex = state.options().expansions;
    let heading = format!(
        "P{player}   score {}   (track {})",
        state.scores()[player],
        state.track_position(player)
    );
    let mut lines = vec![format!(
        "meeples in supply: {}",
        state.meeples_in_supply(player)
    )];
    if ex.bcb {
        lines.push(format!(
            "bridges: {} · castles: {} in supply",
            state.bridges_in_supply(player),
            state.castles_in_supply(player)
        ));
    }
    let robber_at = ex.robbers.then(|| state.track().robber(player));
    if let Some(space) = robber_at {
        lines.push(match space {
            Some(s) => format!("robber on track space {s}"),
            None => "robber in supply".to_string(),
        });
    }
    let decides = state.phase() != Phase::GameOver && state.decider() == player;
    p.player(player, &heading, decides, &lines);
    if let Some(space) = robber_at {
        let at = p.cursor() + Pt::new(10.0, -LINE - 5.0);
        robber(p.out(), at, player, space);
    }
}

/// What the symbols mean.
fn draw_legend(p: &mut Panel, state: &CarcassonneState) {
    p.text("heading", "Legend");
    p.gap(0.1);
    p.legend("monastery", |o, at| {
        scaled(o, at, 0.5, |o| monastery(o, Pt::new(0.0, 4.0)))
    });
    p.legend("pennant in a city (counts as a tile)", pennant);
    p.legend("meeple on a road, city or monastery", |o, at| {
        meeple(o, at, 0, MEEPLE_SCALE * 0.8, None, false)
    });
    p.legend("farmer, lying on a field", |o, at| {
        meeple(o, at, 0, MEEPLE_SCALE * 0.8, None, true)
    });
    let ex = state.options().expansions;
    if ex.robbers {
        p.legend("robber pawn (on the score track)", |o, at| {
            robber(o, at, 0, None)
        });
        p.legend("R: robber tile", |o, at| {
            tile_badge(o, at, "#333", "R", "legend-badge")
        });
    }
    if ex.bcb {
        p.legend("bridge (a road across the tile)", |o, at| {
            scaled(o, at - Pt::new(15.0, 15.0), 0.25, |o| bridge(o, Side::E))
        });
        p.legend("castle on a small city (with its meeple)", |o, at| {
            scaled(o, at, 0.5, |o| castle(o, Pt::new(0.0, 0.0), 0, true))
        });
        p.legend("B: bazaar tile", |o, at| {
            tile_badge(o, at, "#e07b1a", "B", "legend-badge")
        });
    }
    for l in [
        "track: score mod 50 (the 50-space track)",
        "thick outline: start tile; orange dashes: last tile",
        "tile coordinates: x grows east, y grows north",
    ] {
        p.text("small", l);
    }
}
