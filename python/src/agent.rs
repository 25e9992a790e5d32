//! `Agent`: the toolkit's agents, named as on the command line (docs/agents.md).

use crate::state::State;
use crate::value_error;
use engine::agents::AgentSpec;
use pyo3::prelude::*;

/// An agent spec: a shipped name (`"mcts-500"`), a `.toml` path or an inline form
/// (`"greedy:opponent=0.5"`). `choose` releases the GIL while the agent thinks.
#[pyclass(module = "meeplelab")]
pub struct Agent {
    spec: AgentSpec,
    seed: u64,
}

#[pymethods]
impl Agent {
    /// The agent `spec`; its random stream at each decision comes from `seed` and the number of
    /// decisions taken in the game, so the same game and seed give the same choices.
    #[new]
    #[pyo3(signature = (spec, seed = 0))]
    fn new(spec: &str, seed: u64) -> PyResult<Agent> {
        let spec = AgentSpec::resolve(spec).map_err(|e| value_error(e.to_string()))?;
        Ok(Agent { spec, seed })
    }

    /// The spec's display name.
    #[getter]
    fn name(&self) -> &str {
        self.spec.name()
    }

    /// The spec's canonical inline form.
    #[getter]
    fn label(&self) -> String {
        self.spec.label()
    }

    /// The id of the action this agent takes for the seat to move in `state`.
    fn choose(&self, py: Python<'_>, state: PyRef<'_, State>) -> PyResult<usize> {
        let session = &*state.inner;
        let (spec, seed) = (&self.spec, self.seed);
        py.detach(|| session.choose(spec, seed))
            .map_err(value_error)
    }

    fn __repr__(&self) -> String {
        format!("<meeplelab.Agent {}>", self.spec.label())
    }
}
