//! A reusable position for trying actions: refreshed with [`Clone::clone_from`], which states
//! implement by copying only the parts in use, so agents neither allocate nor copy whole
//! states per candidate.

use crate::core::game::Game;

/// A heap-held position that agents overwrite instead of cloning a new one (moving the box
/// moves a pointer, not the state).
pub(crate) struct Scratch<G: Game> {
    state: Option<Box<G>>,
}

impl<G: Game> Scratch<G> {
    /// An empty scratch (it allocates on first use).
    pub(crate) fn new() -> Self {
        Scratch { state: None }
    }

    /// The scratch position, made a copy of `from`.
    pub(crate) fn copy_of(&mut self, from: &G) -> &mut G {
        match &mut self.state {
            Some(state) => G::clone_from(state, from),
            None => self.state = Some(Box::new(from.clone())),
        }
        self.state.as_mut().expect("just filled")
    }

    /// Takes the position out as a copy of `from` (to use while `self`'s owner is borrowed);
    /// give it back with [`Scratch::put`].
    pub(crate) fn take_copy_of(&mut self, from: &G) -> Box<G> {
        match self.state.take() {
            Some(mut state) => {
                G::clone_from(&mut state, from);
                state
            }
            None => Box::new(from.clone()),
        }
    }

    /// Returns a position taken with [`Scratch::take_copy_of`].
    pub(crate) fn put(&mut self, state: Box<G>) {
        self.state = Some(state);
    }
}
