//! Restrictions for ablation studies: forbidden action kinds.

use crate::core::game::Game;

/// A set of forbidden action kinds (indices into [`Game::action_kind_names`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Restriction {
    /// Bit `k` set: kind `k` is forbidden (kinds are fewer than
    /// [`MAX_ACTION_KINDS`](crate::core::game::MAX_ACTION_KINDS) = 64).
    mask: u64,
}

impl Restriction {
    /// The restriction forbidding the kinds at `indices`.
    pub(crate) fn from_indices(indices: impl IntoIterator<Item = usize>) -> Restriction {
        Restriction {
            mask: indices.into_iter().fold(0, |m, k| m | 1 << k),
        }
    }

    /// Whether nothing is forbidden.
    pub(crate) fn is_empty(&self) -> bool {
        self.mask == 0
    }

    /// Writes into `out` the actions of `legal` whose kind is allowed in `state`, or all of
    /// `legal` when that would leave nothing.
    pub(crate) fn filter<G: Game>(&self, state: &G, legal: &[G::Action], out: &mut Vec<G::Action>) {
        out.clear();
        if self.mask != 0 {
            out.extend(
                legal
                    .iter()
                    .filter(|a| self.mask & (1 << state.action_kind(a)) == 0),
            );
        }
        if out.is_empty() {
            out.extend_from_slice(legal);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::safari::{Action, ActionKind, SafariState, Setup};

    #[test]
    fn forbidden_kinds_are_removed_unless_nothing_remains() {
        let mut state = SafariState::new(&Setup::new(2, 1)).expect("default setup");
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        let place_only = Restriction::from_indices([ActionKind::Place as usize]);
        let mut out = Vec::new();
        place_only.filter(&state, &legal, &mut out);
        assert_eq!(
            out, legal,
            "a tile must be placed even when placing is forbidden"
        );
        state.apply(legal[0]);
        state.legal_actions(&mut legal);
        let no_pass = Restriction::from_indices([ActionKind::Pass as usize]);
        no_pass.filter(&state, &legal, &mut out);
        assert!(legal.contains(&Action::Pass));
        assert!(!out.contains(&Action::Pass));
        assert_eq!(out.len(), legal.len() - 1);
    }
}
