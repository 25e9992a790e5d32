//! The pieces on the board (meeples, settlers) by the features they stand on, for the final
//! scoring of the games that have them.

use super::parts::GameParts;
use super::state::TileState;
use crate::core::fixed_vec::FixedVec;

impl<G: GameParts, const SIDE: usize, const FRONTIER: usize, const NODES: usize>
    TileState<G, SIDE, FRONTIER, NODES>
{
    /// The features with pieces on them, each once, as the first of `pieces` (those on the
    /// board, in the order they were put; `node` gives the node a piece was put on) on it
    /// and its root: what the final scoring scores.
    pub(crate) fn features_with_pieces<P: Copy, const N: usize>(
        &self,
        pieces: &FixedVec<P, N>,
        node: impl Fn(&P) -> G::Node,
    ) -> FixedVec<(P, G::Node), N> {
        let mut firsts = FixedVec::<(P, G::Node), N>::default();
        for piece in pieces.iter() {
            let root = self.feature_root(node(piece));
            if !firsts.iter().any(|&(_, r)| r == root) {
                firsts.push((*piece, root));
            }
        }
        firsts
    }
}
