//! What the generic suite asks of one game beyond [`GameDef`]: its rule variants, what its
//! players see, its hidden information, the invariants it claims, its flood-fill oracle and a
//! naive move generator. Every hook has a default, so a game added to `GameId::ALL` without
//! hooks is still under every generic check (with the generic observations only); a game's
//! hooks live in its file beside this one and are registered in [`hooks`].

use super::carcassonne::CarcassonneHooks;
use super::new_world::NewWorldHooks;
use super::safari::SafariHooks;
use super::tiny::{Tiny, TinyHooks};
use meeplelab::core::tileset::VariantId;
use meeplelab::games::carcassonne::CarcassonneState;
use meeplelab::games::new_world::NewWorldState;
use meeplelab::games::safari::SafariState;
use meeplelab::games::{GameDef, Setup};
use std::any::Any;

/// Rule options of one variant of a game, as `key=value` assignments.
pub type Variant = &'static [&'static str];

/// A checker that follows random games of `G` for one check: asked before and after every
/// decision and at the end of every game, and once after all games (to assert that the games
/// reached what the check is about).
pub trait Watch<G: GameDef> {
    /// The action to take in `state` instead of a uniformly random one (`None`: random). An
    /// oracle may steer games away from what it does not model.
    fn choose(&mut self, _state: &G, _legal: &[G::Action]) -> Option<G::Action> {
        None
    }
    /// Before `action` is applied to `state`, whose legal actions are `legal`.
    fn before(&mut self, _state: &G, _legal: &[G::Action], _action: G::Action) {}
    /// After an action was applied.
    fn after(&mut self, _state: &G) {}
    /// At the end of a game.
    fn end(&mut self, _state: &G) {}
    /// After all games.
    fn finish(&self) {}
}

/// Follows nothing.
pub struct NoWatch;

impl<G: GameDef> Watch<G> for NoWatch {}

/// A flood-fill oracle: how many random games it follows, and the checker.
pub struct Oracle<G> {
    /// Random games (suite games `0..games`).
    pub games: u64,
    /// Recomputes the features of positions from scratch and compares them with the engine.
    pub watch: Box<dyn Watch<G>>,
}

impl<G: GameDef> Oracle<G> {
    /// Follows `games` random games with the checker `watch`.
    pub fn new(games: u64, watch: impl Watch<G> + 'static) -> Oracle<G> {
        Oracle {
            games,
            watch: Box::new(watch),
        }
    }
}

/// The hidden order of a tile game's pile: its unseen tiles.
pub fn pile_order(pile: &[VariantId]) -> Option<Vec<u32>> {
    Some(pile.iter().map(|&v| v as u32).collect())
}

/// How many of the pieces on the board (each given by its seat) every one of `players` seats
/// has: what conservation invariants add to the seat's supply.
pub fn pieces_per_seat(players: usize, seats: impl IntoIterator<Item = u8>) -> Vec<usize> {
    let mut count = vec![0; players];
    for seat in seats {
        count[usize::from(seat)] += 1;
    }
    count
}

/// One game's hooks. Every method has a default: the generic observations only.
pub trait Hooks<G: GameDef>: Sync {
    /// Rule variants the suite's random games go through (game `i` plays variant
    /// `i % len`, with player counts cycling independently).
    fn variants(&self) -> &'static [Variant] {
        &[&[]]
    }

    /// Everything every seat sees in `state` (board, scores, supplies, hands, the drawn tile
    /// where it is public, the decision being asked), as text; `None`: the generic
    /// observations only (legal actions, scores, statistics, evaluation terms).
    fn public_view(&self, _state: &G) -> Option<String> {
        None
    }

    /// The hidden things of `state` (unseen tiles, tokens in the bag) in their order: what
    /// `redeterminize` may reshuffle; `None`: not observable.
    fn hidden_order(&self, _state: &G) -> Option<Vec<u32>> {
        None
    }

    /// The multiset of hidden things (sorted), which `redeterminize` must keep. The default
    /// sorts [`Hooks::hidden_order`].
    fn unseen(&self, state: &G) -> Option<Vec<u32>> {
        let mut all = self.hidden_order(state)?;
        all.sort_unstable();
        Some(all)
    }

    /// Whether `random_action` draws uniformly among the legal actions (`Game::random_action`
    /// requires it of every game, so the default is yes).
    fn uniform_sampler(&self) -> bool {
        true
    }

    /// Whether `GameDef::restart` reuses the state's memory (allocates nothing); the default
    /// `restart` builds a new game.
    fn restarts_in_place(&self) -> bool {
        false
    }

    /// The invariants the game claims, checked at every decision of the suite's random games.
    fn invariants(&self) -> Box<dyn Watch<G>> {
        Box::new(NoWatch)
    }

    /// The flood-fill oracle, if the game has one.
    fn oracle(&self) -> Option<Oracle<G>> {
        None
    }

    /// The legal actions of `state` from a slow, simple generator written for the tests (for
    /// decisions it does not model it may return `engine`, the engine's list); `None`: the game
    /// has no naive generator.
    fn naive_legal(&self, _state: &G, _engine: &[G::Action]) -> Option<Vec<G::Action>> {
        None
    }

    /// Random games on which the engine's legal actions are compared with
    /// [`Hooks::naive_legal`] at every decision.
    fn naive_games(&self) -> u64 {
        0
    }

    /// Setups beyond the suite's own that `restart`, `new_game` and `start` must agree on
    /// (fixed draw orders, dealt hands, …).
    fn special_setups(&self) -> Vec<Setup<G>> {
        Vec::new()
    }
}

/// The hooks of a game that has none.
struct NoHooks;

impl<G: GameDef> Hooks<G> for NoHooks {}

/// The hooks of every game that has them, each a `&'static dyn Hooks<ItsState>`.
fn registry() -> [&'static (dyn Any + Send + Sync); 4] {
    [
        &(&SafariHooks as &dyn Hooks<SafariState>),
        &(&CarcassonneHooks as &dyn Hooks<CarcassonneState>),
        &(&NewWorldHooks as &dyn Hooks<NewWorldState>),
        &(&TinyHooks as &dyn Hooks<Tiny>),
    ]
}

/// The hooks of `G` (no hooks: every default).
pub fn hooks<G: GameDef>() -> &'static dyn Hooks<G> {
    registry()
        .into_iter()
        .find_map(|h| h.downcast_ref::<&'static dyn Hooks<G>>().copied())
        .unwrap_or(&NoHooks)
}

/// Whether `G` has hooks of its own.
pub fn has_hooks<G: GameDef>() -> bool {
    registry()
        .into_iter()
        .any(|h| h.is::<&'static dyn Hooks<G>>())
}
