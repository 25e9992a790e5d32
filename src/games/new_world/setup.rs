//! How a New World game starts: the common setup ([`crate::games::setup`]) with New World's
//! options; the draw pile holds every land tile.

use super::state::NewWorldState;

pub use crate::games::setup::SetupError;

/// Everything needed to start a New World game.
pub type Setup = crate::games::setup::Setup<NewWorldState>;
/// A New World setup with the draw order fixed.
pub type ResolvedSetup = crate::games::setup::ResolvedSetup<NewWorldState>;
