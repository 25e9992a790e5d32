//! The messages of the external-agent protocol (docs/protocol.md): one JSON object per line
//! from the toolkit to a bot, one back per decision.
//!
//! The protocol's agent is generic over any [`Game`](crate::core::game::Game), so it sees
//! positions as [`Any`] and finds the game among [`GameId::ALL`] here.

use super::tensor::{observe, ObservationSpec, WINDOW};
use super::{legal_ids, Observe};
use crate::games::GameId;
use serde::Deserialize;
use serde_json::{json, Value};
use std::any::Any;

/// What a bot needs to answer one decision.
#[derive(Clone, Debug)]
pub struct Decision {
    /// The `start` message, when asked for (before the first decision of a game).
    pub start: Option<Value>,
    /// The `decide` message.
    pub decide: Value,
    /// Ids of the legal actions, in the game's order (the agent's `legal` slice).
    pub ids: Vec<u32>,
}

/// What the messages of a decision hold besides the position.
#[derive(Clone, Copy, Debug)]
pub struct Asked {
    /// The deciding seat.
    pub seat: usize,
    /// The game's seed (start message).
    pub game_seed: u64,
    /// The time limit per decision (start message).
    pub time_ms: u64,
    /// Whether to build the start message.
    pub start: bool,
    /// Whether the decide message carries the observation.
    pub observation: bool,
}

/// The messages for the decision `asked` in `state`, a position of one of the games of
/// [`GameId::ALL`] (`None` for any other type).
pub fn decision(state: &dyn Any, asked: Asked) -> Option<Decision> {
    GameId::ALL.into_iter().find_map(
        |id| crate::with_game!(id, G => state.downcast_ref::<G>().map(|s| decision_of(s, asked))),
    )
}

fn decision_of<G: Observe>(state: &G, asked: Asked) -> Decision {
    let seat = asked.seat;
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let mut ids = Vec::new();
    legal_ids(state, &legal, &mut ids);
    let spec = ObservationSpec::of(state);
    let start = asked.start.then(|| {
        json!({
            "type": "start",
            "game": G::NAME,
            "players": state.num_players(),
            "seat": seat,
            "seed": asked.game_seed,
            "time_ms": asked.time_ms,
            "action_space": G::ACTIONS.size(),
            "action_blocks": action_blocks(&G::ACTIONS),
            "board_side": G::ACTIONS.side,
            "window": WINDOW,
            "planes": spec.planes,
            "globals": spec.globals,
        })
    });
    let mut decide = json!({
        "type": "decide",
        "seat": seat,
        "turn": state.turn(),
        "scores": state.scores(),
        "legal": ids,
        "legal_text": legal.iter().map(|a| state.format_action(a)).collect::<Vec<_>>(),
    });
    if asked.observation {
        let mut obs = vec![0.0; spec.size()];
        observe(state, seat, &spec, &legal, &mut obs);
        decide["observation"] = json!(obs);
    }
    Decision { start, decide, ids }
}

/// `[name, first id, size]` of every block of `space`, in id order.
fn action_blocks(space: &super::ActionSpace) -> Vec<(&'static str, usize, usize)> {
    let mut start = 0;
    (space.blocks.iter())
        .map(|b| {
            start += b.size;
            (b.name, start - b.size, b.size)
        })
        .collect()
}

/// A bot's answer: `{"action": ID}` (other keys are ignored).
#[derive(Deserialize)]
struct Answer {
    action: u64,
}

/// The index in `ids` of the action a bot's answer `line` names, or why the line is not a
/// legal answer.
pub fn read_answer(line: &str, ids: &[u32]) -> Result<usize, String> {
    let answer: Answer = serde_json::from_str(line.trim())
        .map_err(|e| format!("not an answer {{\"action\": ID}} ({e})"))?;
    ids.iter()
        .position(|&id| u64::from(id) == answer.action)
        .ok_or_else(|| {
            format!(
                "action {} is not one of the {} legal ids",
                answer.action,
                ids.len()
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::def::GameDef;
    use crate::games::safari::SafariState;

    #[test]
    fn messages_carry_the_legal_ids_and_answers_are_checked() {
        let setup = SafariState::setup(2, 3, SafariState::builtin_tiles());
        let state = SafariState::new_game(&setup).unwrap();
        let asked = Asked {
            seat: 0,
            game_seed: 3,
            time_ms: 500,
            start: true,
            observation: true,
        };
        let d = decision(&state, asked).expect("a Safari position");
        assert_eq!(d.start.expect("asked for")["game"], "safari");
        assert_eq!(d.decide["legal"].as_array().unwrap().len(), d.ids.len());
        let obs = d.decide["observation"].as_array().unwrap().len();
        assert_eq!(obs, ObservationSpec::of(&state).size());
        let first = format!("{{\"action\": {}}}", d.ids[0]);
        assert_eq!(read_answer(&first, &d.ids), Ok(0));
        assert!(read_answer("{\"action\": 99999999}", &d.ids)
            .unwrap_err()
            .contains("not one of the"));
        assert!(read_answer("hello", &d.ids)
            .unwrap_err()
            .contains("not an answer"));
        assert!(decision(&42u8, asked).is_none());
    }
}
