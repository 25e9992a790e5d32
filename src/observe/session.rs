//! [`Session`]: a game played through action ids, as the Python package drives it, behind the
//! object-safe [`DynSession`] so that one handle serves every game.

use super::tensor::{observe, ObservationSpec};
use super::{legal_ids, Observe};
use crate::agents::AgentSpec;
use crate::games::def::build_setup;
use crate::games::setup::Setup;
use crate::games::GameId;
use crate::io::record::{game_record, Entry, Record};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// How to start a game: which game, players, seed, rule options, tile set.
#[derive(Clone, Debug, Default)]
pub struct NewGame {
    /// Number of players.
    pub players: usize,
    /// The game's seed.
    pub seed: u64,
    /// Rule options as `key=value`.
    pub rules: Vec<String>,
    /// A tile-set file replacing the built-in set.
    pub tileset: Option<PathBuf>,
}

/// A game of `G` in progress with the setup it started from and every decision taken (so it
/// can be written as a record), and the legal actions of the current decision with their ids.
#[derive(Clone)]
pub struct Session<G: Observe> {
    setup: Setup<G>,
    /// How records name the tile set (`builtin` or a path).
    tileset: String,
    state: G,
    history: Vec<G::Action>,
    legal: Vec<G::Action>,
    ids: Vec<u32>,
    spec: Arc<ObservationSpec>,
}

impl<G: Observe> Session<G> {
    /// Starts the game `new` describes; errors name the bad value.
    pub fn start(new: &NewGame) -> Result<Session<G>, String> {
        let (setup, tileset) =
            build_setup::<G, _>(new.players, new.seed, new.tileset.as_deref(), &new.rules)?;
        Session::from_setup(setup, tileset)
    }

    fn from_setup(setup: Setup<G>, tileset: String) -> Result<Session<G>, String> {
        let state = G::new_game(&setup)?;
        let spec = Arc::new(ObservationSpec::of(&state));
        let mut session = Session {
            setup,
            tileset,
            state,
            history: Vec::new(),
            legal: Vec::new(),
            ids: Vec::new(),
            spec,
        };
        session.list_legal();
        Ok(session)
    }

    /// The game of a parsed record (relative tile-set paths are taken from `base`), replayed
    /// and checked line by line first.
    pub fn from_record(record: &Record, base: &Path) -> Result<Session<G>, String> {
        record
            .replay_game::<G>(base, None)
            .map_err(|e| e.to_string())?;
        let setup = record.setup::<G>(base).map_err(|e| e.to_string())?;
        let tileset = match &record.tileset.0 {
            crate::io::record::TileSource::Builtin => "builtin".to_string(),
            crate::io::record::TileSource::File(p) => base.join(p).display().to_string(),
        };
        let mut session = Session::from_setup(setup, tileset)?;
        for entry in &record.entries {
            if let Entry::Decision { text, .. } = entry {
                let action = session.state.parse_action(text)?;
                session.play(action);
            }
        }
        Ok(session)
    }

    /// The position.
    pub fn state(&self) -> &G {
        &self.state
    }

    fn list_legal(&mut self) {
        self.state.legal_actions(&mut self.legal);
        legal_ids(&self.state, &self.legal, &mut self.ids);
    }

    fn play(&mut self, action: G::Action) {
        self.history.push(action);
        self.state.apply(action);
        self.list_legal();
    }

    /// The legal action with id `id`.
    fn action_of(&self, id: usize) -> Result<G::Action, String> {
        match self.ids.iter().position(|&i| i as usize == id) {
            Some(k) => Ok(self.legal[k]),
            None if self.state.is_terminal() => Err(format!("action {id}: the game is over")),
            None if id >= G::ACTIONS.size() => Err(format!(
                "action {id} is outside {}'s action space of {} ids",
                G::NAME,
                G::ACTIONS.size()
            )),
            None => Err(format!(
                "action {id} is not legal now ({} legal actions at turn {})",
                self.ids.len(),
                self.state.turn()
            )),
        }
    }
}

/// A [`Session`] of any game.
pub trait DynSession: Send + Sync {
    /// The game.
    fn game(&self) -> GameId;
    /// Number of players.
    fn players(&self) -> usize;
    /// The seat to decide, `None` once the game is over.
    fn to_move(&self) -> Option<usize>;
    /// Completed turns.
    fn turn(&self) -> usize;
    /// Scores per seat.
    fn scores(&self) -> &[i32];
    /// Ids of the legal actions, in the game's order.
    fn legal_ids(&self) -> &[u32];
    /// Size of the game's action space.
    fn action_space(&self) -> usize;
    /// Applies the legal action `id`; an error says why it is not legal.
    fn apply_id(&mut self, id: usize) -> Result<(), String>;
    /// The legal action `id` in record notation.
    fn action_text(&self, id: usize) -> Result<String, String>;
    /// The id of the legal action written `text` in record notation.
    fn action_id_of(&self, text: &str) -> Result<usize, String>;
    /// The observation layout.
    fn spec(&self) -> &ObservationSpec;
    /// Writes the observation for `player` into `out` (`spec().size()` entries).
    fn observe(&self, player: usize, out: &mut [f32]);
    /// `(name, value)` statistics of `player`:
    /// [`Game::stat_names`](crate::core::game::Game::stat_names), then the seat facts.
    fn stats(&self, player: usize) -> Vec<(String, i64)>;
    /// The game so far as a record (`meeplelab replay` checks it).
    fn record(&self) -> Result<String, String>;
    /// The id the agent of `spec` chooses here, for the seat to move; its random stream comes
    /// from `(seed, decisions taken so far)`.
    fn choose(&self, spec: &AgentSpec, seed: u64) -> Result<usize, String>;
    /// A copy.
    fn clone_box(&self) -> Box<dyn DynSession>;
}

impl<G: Observe> DynSession for Session<G> {
    fn game(&self) -> GameId {
        GameId::from_name(G::NAME).expect("a game of the list")
    }
    fn players(&self) -> usize {
        self.state.num_players()
    }
    fn to_move(&self) -> Option<usize> {
        self.state.to_move()
    }
    fn turn(&self) -> usize {
        self.state.turn()
    }
    fn scores(&self) -> &[i32] {
        self.state.scores()
    }
    fn legal_ids(&self) -> &[u32] {
        &self.ids
    }
    fn action_space(&self) -> usize {
        G::ACTIONS.size()
    }
    fn apply_id(&mut self, id: usize) -> Result<(), String> {
        let action = self.action_of(id)?;
        self.play(action);
        Ok(())
    }
    fn action_text(&self, id: usize) -> Result<String, String> {
        Ok(self.state.format_action(&self.action_of(id)?))
    }
    fn action_id_of(&self, text: &str) -> Result<usize, String> {
        let action = self.state.parse_action(text)?;
        match self.legal.iter().position(|a| *a == action) {
            Some(k) => Ok(self.ids[k] as usize),
            None => Err(format!(
                "`{text}` is not legal now: {}",
                self.state.explain_illegal(&action)
            )),
        }
    }
    fn spec(&self) -> &ObservationSpec {
        &self.spec
    }
    fn observe(&self, player: usize, out: &mut [f32]) {
        observe(&self.state, player, &self.spec, &self.legal, out);
    }
    fn stats(&self, player: usize) -> Vec<(String, i64)> {
        let mut values = Vec::new();
        self.state.player_stats(player, &mut values);
        let mut out: Vec<(String, i64)> = (G::stat_names().iter())
            .zip(values)
            .map(|(n, v)| (n.to_string(), v))
            .collect();
        let facts = self.state.seat_facts(player);
        out.extend(facts.into_iter().map(|(n, v)| (n.to_string(), v)));
        out
    }
    fn record(&self) -> Result<String, String> {
        game_record::<G>(&self.setup, &self.tileset, &[], &[], &self.history)
    }
    fn choose(&self, spec: &AgentSpec, seed: u64) -> Result<usize, String> {
        let seat = (self.state.to_move()).ok_or("the game is over: no decision to take")?;
        spec.validate_for::<G>().map_err(|e| e.to_string())?;
        let stream = crate::core::rng::derive_seed(seed, self.history.len() as u64);
        let mut agent = spec.build::<G>(stream, seat);
        let action = agent.choose(&self.state, &self.legal);
        Ok(self.state.action_id(&action))
    }
    fn clone_box(&self) -> Box<dyn DynSession> {
        Box::new(self.clone())
    }
}

/// Starts a game of `game` (a name of [`GameId::ALL`]).
pub fn start(game: &str, new: &NewGame) -> Result<Box<dyn DynSession>, String> {
    let id = GameId::from_name(game)?;
    crate::with_game!(id, G => Ok(Box::new(Session::<G>::start(new)?) as Box<dyn DynSession>))
}

/// The game of a record's text (`origin` names it in errors; relative tile-set paths are
/// taken from `base`), checked line by line.
pub fn from_record(text: &str, origin: &str, base: &Path) -> Result<Box<dyn DynSession>, String> {
    let record = Record::parse(text, origin).map_err(|e| e.to_string())?;
    let id = record.game_id().map_err(|e| e.to_string())?;
    crate::with_game!(id, G => Ok(Box::new(Session::<G>::from_record(&record, base)?) as Box<dyn DynSession>))
}
