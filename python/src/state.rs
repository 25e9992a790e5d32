//! `State`: one game of any kind, driven by action ids (docs/python.md).

use crate::value_error;
use engine::games::GameId;
use engine::observe::session::{self, DynSession, NewGame};
use engine::observe::WINDOW;
use numpy::{IntoPyArray, PyArray1};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::path::{Path, PathBuf};

/// A game in progress. Actions are integer ids of the game's fixed action space
/// (`action_space_size`), or their record notation.
#[pyclass(module = "meeplelab")]
pub struct State {
    pub(crate) inner: Box<dyn DynSession>,
}

/// Rule options from a dict (`{"vehicle_bonus": 5}`) or a list of `"key=value"` strings.
pub(crate) fn rule_list(rules: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let Some(rules) = rules else {
        return Ok(Vec::new());
    };
    if let Ok(dict) = rules.cast::<PyDict>() {
        let mut out = Vec::new();
        for (key, value) in dict.iter() {
            let value = match value.extract::<bool>() {
                Ok(b) if value.is_instance_of::<pyo3::types::PyBool>() => b.to_string(),
                _ => value.str()?.to_string(),
            };
            out.push(format!("{}={value}", key.str()?));
        }
        return Ok(out);
    }
    rules.extract::<Vec<String>>().map_err(|_| {
        value_error("rules must be a dict {\"key\": value} or a list of \"key=value\" strings")
    })
}

/// Starts a game: `new_game("safari", players=2, seed=7, rules={"vehicle_bonus": 5})`.
/// Unknown games, bad player counts, rule options and tile files raise `ValueError`.
#[pyfunction]
#[pyo3(signature = (game, players = 2, seed = 0, rules = None, tileset = None))]
pub fn new_game(
    game: &str,
    players: usize,
    seed: u64,
    rules: Option<&Bound<'_, PyAny>>,
    tileset: Option<PathBuf>,
) -> PyResult<State> {
    let new = NewGame {
        players,
        seed,
        rules: rule_list(rules)?,
        tileset,
    };
    let inner = session::start(game, &new).map_err(value_error)?;
    Ok(State { inner })
}

/// The game of a record's text, replayed and checked line by line (`ValueError` naming the
/// line otherwise). Relative tile-set paths are taken from `base` (default: the current
/// folder).
#[pyfunction]
#[pyo3(signature = (text, base = None))]
pub fn from_record(text: &str, base: Option<PathBuf>) -> PyResult<State> {
    let base = base.unwrap_or_else(|| PathBuf::from("."));
    let inner = session::from_record(text, "<record>", &base).map_err(value_error)?;
    Ok(State { inner })
}

/// The game of a record file (as `meeplelab replay` reads it).
#[pyfunction]
pub fn load_record(path: PathBuf) -> PyResult<State> {
    let text = std::fs::read_to_string(&path)
        .map_err(|e| value_error(format!("{}: cannot read file: {e}", path.display())))?;
    let base = path.parent().unwrap_or(Path::new("."));
    let origin = path.display().to_string();
    let inner = session::from_record(&text, &origin, base).map_err(value_error)?;
    Ok(State { inner })
}

/// The action space of `game`: a list of `(block, first id, size, index)` in id order, where
/// `index` says how an action of the block becomes its index (docs/python.md).
#[pyfunction]
pub fn action_space(game: &str) -> PyResult<Vec<(String, usize, usize, String)>> {
    let id = GameId::from_name(game).map_err(value_error)?;
    let space = engine::with_game!(id, G => <G as engine::observe::Observe>::ACTIONS);
    let mut start = 0;
    Ok(space
        .blocks
        .iter()
        .map(|b| {
            start += b.size;
            (
                b.name.to_string(),
                start - b.size,
                b.size,
                b.index.to_string(),
            )
        })
        .collect())
}

impl State {
    fn check_player(&self, player: usize) -> PyResult<()> {
        let n = self.inner.players();
        if player >= n {
            return Err(value_error(format!(
                "player {player} does not exist in a {n}-player game"
            )));
        }
        Ok(())
    }

    /// The id of an action given as an id or as notation.
    fn action_id(&self, action: &Bound<'_, PyAny>) -> PyResult<usize> {
        if let Ok(text) = action.extract::<String>() {
            return self.inner.action_id_of(&text).map_err(value_error);
        }
        action
            .extract::<usize>()
            .map_err(|_| value_error(format!("an action is an id or notation, not {action}")))
    }
}

#[pymethods]
impl State {
    /// The game's name.
    #[getter]
    fn game(&self) -> &'static str {
        self.inner.game().name()
    }

    /// Number of players.
    #[getter]
    fn players(&self) -> usize {
        self.inner.players()
    }

    /// The seat to decide, `None` once the game is over.
    #[getter]
    fn to_move(&self) -> Option<usize> {
        self.inner.to_move()
    }

    /// Whether the game is over.
    #[getter]
    fn is_terminal(&self) -> bool {
        self.inner.to_move().is_none()
    }

    /// Completed turns.
    #[getter]
    fn turn(&self) -> usize {
        self.inner.turn()
    }

    /// Scores, one per seat.
    #[getter]
    fn scores(&self) -> Vec<i32> {
        self.inner.scores().to_vec()
    }

    /// Win shares once the game is over (the seats with the best score share 1), zeros before.
    fn returns(&self) -> Vec<f64> {
        let scores = self.inner.scores();
        match self.inner.to_move() {
            None => engine::arena::outcome::win_shares(scores),
            Some(_) => vec![0.0; scores.len()],
        }
    }

    /// Number of action ids of this game (the length of `legal_mask()`).
    #[getter]
    fn action_space_size(&self) -> usize {
        self.inner.action_space()
    }

    /// Ids of the legal actions, in the game's order (empty once the game is over).
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.inner.legal_ids())
    }

    /// The legal actions in record notation, in `legal_actions()` order.
    fn legal_action_strings(&self) -> PyResult<Vec<String>> {
        (self.inner.legal_ids().iter())
            .map(|&id| self.inner.action_text(id as usize).map_err(value_error))
            .collect()
    }

    /// A boolean mask over the action space: `True` at the legal ids.
    fn legal_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        let mut mask = vec![false; self.inner.action_space()];
        for &id in self.inner.legal_ids() {
            mask[id as usize] = true;
        }
        mask.into_pyarray(py)
    }

    /// Applies a legal action, given as an id or as notation; `ValueError` if it is not legal.
    fn apply(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let id = self.action_id(action)?;
        self.inner.apply_id(id).map_err(value_error)
    }

    /// The legal action `action` in record notation.
    fn action_to_string(&self, action: usize) -> PyResult<String> {
        self.inner.action_text(action).map_err(value_error)
    }

    /// The id of the legal action written `text` in record notation.
    fn string_to_action(&self, text: &str) -> PyResult<usize> {
        self.inner.action_id_of(text).map_err(value_error)
    }

    /// An independent copy.
    fn clone(&self) -> State {
        State {
            inner: self.inner.clone_box(),
        }
    }

    fn __copy__(&self) -> State {
        self.clone()
    }

    /// The observation of `player` (default: the seat to move, else 0) as a flat float32
    /// array of `observation_spec()["size"]` values: planes, then globals (docs/python.md).
    #[pyo3(signature = (player = None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<usize>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let player = player.or(self.inner.to_move()).unwrap_or(0);
        self.check_player(player)?;
        let mut out = vec![0.0f32; self.inner.spec().size()];
        self.inner.observe(player, &mut out);
        Ok(out.into_pyarray(py))
    }

    /// The layout of `observation_tensor()`: plane names, global names, window side, size.
    fn observation_spec<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let spec = self.inner.spec();
        let d = PyDict::new(py);
        d.set_item("planes", spec.planes.clone())?;
        d.set_item("globals", spec.globals.clone())?;
        d.set_item("window", WINDOW)?;
        d.set_item("size", spec.size())?;
        Ok(d)
    }

    /// Statistics of `player`: points by source, actions by kind, and the seat's facts.
    fn stats<'py>(&self, py: Python<'py>, player: usize) -> PyResult<Bound<'py, PyDict>> {
        self.check_player(player)?;
        let d = PyDict::new(py);
        for (name, value) in self.inner.stats(player) {
            d.set_item(name, value)?;
        }
        Ok(d)
    }

    /// The game so far as record text, which `meeplelab replay` checks.
    fn to_record(&self) -> PyResult<String> {
        self.inner.record().map_err(value_error)
    }

    fn __repr__(&self) -> String {
        format!(
            "<meeplelab.State {} {}p turn {} scores {:?}{}>",
            self.game(),
            self.players(),
            self.turn(),
            self.inner.scores(),
            match self.inner.to_move() {
                Some(p) => format!(" P{p} to move"),
                None => " over".into(),
            }
        )
    }
}
