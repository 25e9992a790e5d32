//! The `meeplelab` Python module: games driven by action ids with observation tensors and
//! legal-action masks ([`state`]), the toolkit's agents ([`agent`]), and tournaments and
//! experiments run in Rust threads with the GIL released ([`runs`]). See docs/python.md.

mod agent;
mod runs;
mod state;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// A Python `ValueError` carrying an engine error message.
fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

#[pymodule]
fn meeplelab(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add(
        "GAMES",
        engine::games::GameId::ALL.map(|g| g.name()).to_vec(),
    )?;
    m.add_class::<state::State>()?;
    m.add_class::<agent::Agent>()?;
    m.add_function(wrap_pyfunction!(state::new_game, m)?)?;
    m.add_function(wrap_pyfunction!(state::from_record, m)?)?;
    m.add_function(wrap_pyfunction!(state::load_record, m)?)?;
    m.add_function(wrap_pyfunction!(state::action_space, m)?)?;
    m.add_function(wrap_pyfunction!(runs::tournament, m)?)?;
    m.add_function(wrap_pyfunction!(runs::experiment, m)?)?;
    Ok(())
}
