//! Perft: counting the action sequences of a given depth from a position, like chess perft.
//! Chance is fixed by the position's draw orders, so counts are exact and repeatable; they
//! pin move generation down in tests.

use crate::core::game::Game;

/// Number of distinct action sequences of length `depth` from `state` (sequences that end the
/// game early count once at the point where the game ends).
pub fn perft<G: Game>(state: &G, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<G::Action>> = (0..depth).map(|_| Vec::new()).collect();
    perft_with(state, depth, &mut buffers)
}

fn perft_with<G: Game>(state: &G, depth: u32, buffers: &mut [Vec<G::Action>]) -> u64 {
    if depth == 0 || state.is_terminal() {
        return 1;
    }
    let (legal, rest) = buffers.split_first_mut().expect("one buffer per level");
    state.legal_actions(legal);
    if depth == 1 {
        return legal.len() as u64;
    }
    let mut total = 0;
    for &a in legal.iter() {
        let mut next = state.clone();
        next.apply(a);
        total += perft_with(&next, depth - 1, rest);
    }
    total
}

/// Perft split by first action: `(action, count)` for every legal action, like `perft divide`.
pub fn perft_divide<G: Game>(state: &G, depth: u32) -> Vec<(G::Action, u64)> {
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    legal
        .into_iter()
        .map(|a| {
            let mut next = state.clone();
            next.apply(a);
            (a, perft(&next, depth.saturating_sub(1)))
        })
        .collect()
}
