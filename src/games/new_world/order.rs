//! N-11: the order in which the features completed by one tile are scored.
//!
//! The tile's completed trails, towns and farms are listed in the engine's fixed order
//! (features the active player scores on first, then the others; in each group farms first,
//! then the tile's trails and towns in layout order). Scoring then runs feature by feature:
//!
//! 1. features at the head of that order with no settler on them are passed over (they score
//!    nothing and move no surveyor, N-11; under N-14 they still advance the track surveyor);
//! 2. if two or more of the rest wait with settlers on them **and the order can matter**, the
//!    active player chooses which one is scored next ([`Phase::ScoreOrder`]);
//! 3. otherwise the head of the order is scored.
//!
//! **The order can matter** when scoring the waiting features in some two orders the active
//! player could choose would end the turn differently: a different score or point source for
//! some player (surveyor bonuses, N-12), different settlers removed (N-13, which can leave a
//! feature unscored) or a different surveyor position. The engine decides this exactly, by
//! scoring every order on copies of the position, after a shortcut: when no surveyor can move
//! (both stand in the westernmost column) or enter the board (N-14) before the waiting
//! features are all scored, every order ends the same. More than [`MAX_ORDERED`] waiting
//! features are not tried (no game has come near); the choice is then always offered. When no
//! choice is offered the fixed order is kept, so such turns play exactly as before the choice
//! existed.

use super::state::{
    Completed, NewWorldState, Node, Phase, Settler, MAX_COMPLETED, MAX_PLAYERS, MAX_SETTLERS,
    TRACK_STEPS,
};
use super::stats::PointSource;
use crate::core::tileset::FeatureKind;

/// Most waiting features whose orders the engine tries one by one (N-11); with more, the
/// choice is always offered.
pub const MAX_ORDERED: usize = 6;

/// What a turn's scoring can change: the position after it, as far as the order decides.
#[derive(Clone, Copy, PartialEq, Eq)]
struct ScoringOutcome {
    scores: [i32; MAX_PLAYERS],
    points: [[i32; PointSource::COUNT]; MAX_PLAYERS],
    supply: [u8; MAX_PLAYERS],
    removed: [u16; MAX_PLAYERS],
    settlers: [Option<Settler>; MAX_SETTLERS],
    surveyors: [i8; 2],
    track_steps: u8,
    scorings: u16,
}

impl NewWorldState {
    /// N-6…N-9: lists the trails, towns and farms the tile just placed completed, in the
    /// engine's fixed order (see the module documentation). Who scores is decided before any
    /// scoring, as the order must not depend on it.
    pub(super) fn collect_completed(&mut self) {
        let (found, n) = self.completed_by_last_tile();
        let active = 1u8 << self.active;
        let leads = |s: &Self, c: &Completed| s.features.get(c.node).scorers() & active != 0;
        self.game.completed.clear();
        self.game.resolved = 0;
        for mine in [true, false] {
            for c in &found[..n] {
                if leads(self, c) == mine {
                    self.game.completed.push(*c);
                }
            }
        }
    }

    /// The trails, towns and farms the tile just placed completed (the first `n` entries),
    /// farms first, then the tile's segments in order.
    #[inline(always)]
    pub(super) fn completed_by_last_tile(&self) -> ([Completed; MAX_COMPLETED], usize) {
        let cell = *self.last_cell();
        let mut found = [Completed {
            node: 0,
            kind: FeatureKind::Road,
        }; MAX_COMPLETED];
        let mut n = 0;
        for i in 0..self.game.farms.len() {
            let (c, node) = self.game.farms[i];
            if self.surrounded_by_last_tile(c as usize) {
                found[n] = Completed {
                    node,
                    kind: FeatureKind::Farm,
                };
                n += 1;
            }
        }
        for (i, seg) in self.variant_of(&cell).segments().iter().enumerate() {
            if !matches!(seg.kind, FeatureKind::Road | FeatureKind::City) {
                continue;
            }
            let node = cell.first_node + i as Node;
            let root = self.features.root(node);
            let seen = found[..n]
                .iter()
                .any(|c| self.features.root(c.node) == root);
            if self.features.get(root).open == 0 && !seen {
                found[n] = Completed {
                    node,
                    kind: seg.kind,
                };
                n += 1;
            }
        }
        (found, n)
    }

    /// Bit mask of the completed features not yet scored or passed over.
    fn unresolved(&self) -> u16 {
        ((1u32 << self.game.completed.len()) - 1) as u16 & !self.game.resolved
    }

    /// Bit mask of the completed features that wait to be scored with settlers on them.
    pub(super) fn waiting(&self) -> u16 {
        let unresolved = self.unresolved();
        (0..self.game.completed.len())
            .filter(|&i| {
                unresolved & (1 << i) != 0
                    && self.features.get(self.game.completed[i].node).is_occupied()
            })
            .fold(0, |m, i| m | 1 << i)
    }

    /// The index of the completed feature named by `node` (see [`Completed::node`]).
    pub(super) fn completed_index(&self, node: Node) -> Option<usize> {
        (0..self.game.completed.len()).find(|&i| self.game.completed[i].node == node)
    }

    /// Whether completed feature `i` has been scored or passed over.
    pub(super) fn is_resolved(&self, i: usize) -> bool {
        self.game.resolved & (1 << i) != 0
    }

    /// Scores completed feature `i` (nothing, if it has no settler left: N-11, N-14).
    pub(super) fn resolve(&mut self, i: usize) {
        self.game.resolved |= 1 << i;
        let c = self.game.completed[i];
        self.score_completed(c.node, c.kind);
    }

    /// [`NewWorldState::pass_unoccupied_head`], for the rule tests.
    #[cfg(test)]
    pub(super) fn pass_head_for_tests(&mut self) {
        self.pass_unoccupied_head();
    }

    /// Passes over the features at the head of the fixed order that hold no settler.
    fn pass_unoccupied_head(&mut self) {
        loop {
            let unresolved = self.unresolved();
            if unresolved == 0 {
                return;
            }
            let i = unresolved.trailing_zeros() as usize;
            if self.features.get(self.game.completed[i].node).is_occupied() {
                return;
            }
            self.resolve(i);
        }
    }

    /// N-11: scores the completed features until the active player must choose the next one
    /// ([`Phase::ScoreOrder`]) or none is left; then the turn ends.
    pub(super) fn run_scoring(&mut self) {
        loop {
            self.pass_unoccupied_head();
            let waiting = self.waiting();
            if waiting == 0 {
                break;
            }
            if waiting.count_ones() > 1 && self.order_matters() {
                self.game.phase = Phase::ScoreOrder;
                return;
            }
            self.resolve(waiting.trailing_zeros() as usize);
        }
        self.game.completed.clear();
        self.game.resolved = 0;
        self.end_turn();
    }

    /// N-11: whether two orders of the waiting features the active player could choose end
    /// the turn differently (the module documentation has the definition).
    pub(super) fn order_matters(&self) -> bool {
        if !self.surveyors_may_act() {
            return false;
        }
        if self.waiting().count_ones() as usize > MAX_ORDERED {
            return true;
        }
        let mut first = None;
        self.orders_differ(&mut first)
    }

    /// Whether a surveyor may still move (N-11) or enter the board (N-14) while the
    /// unresolved features are scored. If not, the surveyors stand still: every settler's
    /// bonus is fixed and nobody is removed, so the order cannot matter.
    fn surveyors_may_act(&self) -> bool {
        if self.game.track_steps < TRACK_STEPS {
            let left = self.unresolved().count_ones() as u8;
            return self.game.track_steps + left >= TRACK_STEPS;
        }
        let [a, b] = self.game.surveyors;
        a != b || a > self.game.west
    }

    /// Scores the rest in every order the active player could choose, on copies; true as soon
    /// as one ends differently from `first` (the outcome of the first order tried, recorded
    /// here).
    fn orders_differ(&self, first: &mut Option<ScoringOutcome>) -> bool {
        let waiting = self.waiting();
        if waiting.count_ones() <= 1 {
            let mut rest = self.clone();
            while rest.unresolved() != 0 {
                rest.resolve(rest.unresolved().trailing_zeros() as usize);
            }
            let outcome = rest.scoring_outcome();
            return match first {
                Some(f) => *f != outcome,
                None => {
                    *first = Some(outcome);
                    false
                }
            };
        }
        (0..self.game.completed.len())
            .filter(|&i| waiting & (1 << i) != 0)
            .any(|i| {
                let mut next = self.clone();
                next.resolve(i);
                next.pass_unoccupied_head();
                next.orders_differ(first)
            })
    }

    /// What the turn's scoring has changed so far.
    fn scoring_outcome(&self) -> ScoringOutcome {
        let mut settlers = [None; MAX_SETTLERS];
        for (slot, s) in settlers.iter_mut().zip(self.placed_settlers()) {
            *slot = Some(*s);
        }
        ScoringOutcome {
            scores: self.sheet.scores,
            points: std::array::from_fn(|p| self.sheet.stats[p].points),
            supply: self.supply,
            removed: self.game.removed,
            settlers,
            surveyors: self.game.surveyors,
            track_steps: self.game.track_steps,
            scorings: self.game.scorings,
        }
    }
}
