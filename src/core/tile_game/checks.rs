//! Test support: random games that check what a tile game judges without playing it
//! (placements from a sibling, `joined.rs`; candidates from the position, `piece.rs` and
//! `joined.rs`; whole turns, `turn_ends.rs`) against what play makes, bit for bit.

use super::parts::GameParts;
use super::rules::{Evaluation, TileRules};
use super::state::TileState;
use crate::core::game::{
    Game, SeatTerms, SiblingTerms, Siblings, TermChange, TurnEndings, EVAL_TERMS,
};
use crate::core::rng::{below, rng_from_seed};
use crate::core::search_hooks::SearchHooks;
use std::ops::Range;

/// Every seat's heuristic terms of `s`.
fn terms_of<G: Game>(s: &G) -> Vec<[f64; EVAL_TERMS]> {
    let mut t = vec![[0.0; EVAL_TERMS]; s.num_players()];
    s.eval_terms_all(&mut t);
    t
}

/// The bits of every seat's `terms`, to compare them exactly.
fn bits(terms: &SeatTerms) -> Vec<[u64; EVAL_TERMS]> {
    terms.iter().map(|t| t.map(f64::to_bits)).collect()
}

/// `terms` with `changes` made.
fn changed<'a>(
    terms: &SeatTerms,
    changes: impl IntoIterator<Item = &'a TermChange>,
) -> Vec<[f64; EVAL_TERMS]> {
    let mut terms = terms.to_vec();
    for c in changes {
        terms[c.seat][c.term] = c.value;
    }
    terms
}

/// Checks that `after`, a judged result from `from`, goes on with `from`'s scores and the
/// terms whose bits are `expected`; `context` names it.
fn assert_goes_on_as<G: Game>(from: &G, after: &G, expected: &[[u64; EVAL_TERMS]], context: &str) {
    assert!(!after.is_terminal(), "{context}: the game ended");
    assert_eq!(after.scores(), from.scores(), "{context}: scores");
    assert_eq!(bits(&terms_of(after)), expected, "{context}: terms");
}

/// `s` after `action`.
fn after<G: Game>(s: &G, action: G::Action) -> G {
    let mut s = s.clone();
    s.apply(action);
    s
}

impl<G: GameParts, const SIDE: usize, const FRONTIER: usize, const NODES: usize>
    TileState<G, SIDE, FRONTIER, NODES>
where
    Self: TileRules<Parts = G> + Evaluation + SearchHooks<<Self as TileRules>::Action>,
{
    /// Plays this game to its end with random actions drawn from `seed`, handing `check` every
    /// position before a decision for which `checked` holds, with the decision's legal actions.
    fn play_checking(
        mut self,
        seed: u64,
        checked: impl Fn(&Self) -> bool,
        mut check: impl FnMut(&Self, &[<Self as TileRules>::Action]),
    ) {
        let mut legal = Vec::new();
        let mut rng = rng_from_seed(seed);
        while !self.is_terminal() {
            Game::legal_actions(&self, &mut legal);
            if checked(&self) {
                check(&self, &legal);
            }
            let action = legal[below(&mut rng, legal.len())];
            Game::apply(&mut self, action);
        }
    }

    /// Plays this game to its end with random actions drawn from `seed`. At each decision
    /// between placements it lays the first, judges the others from that result
    /// ([`SearchHooks::sibling_terms`]: all of them where [`SearchHooks::may_judge_siblings`], else
    /// none) and checks each one's terms against the laid placement's, bit for bit; `seen` is told
    /// of each judged placement: the position before it, the laid result and the placement.
    pub(crate) fn check_judged_placements(
        self,
        seed: u64,
        mut seen: impl FnMut(&Self, &Self, <Self as TileRules>::Action),
    ) {
        let mut judged = SiblingTerms::default();
        self.play_checking(
            seed,
            |_| true,
            |from, legal| {
                if Self::placement_of(&legal[0]).is_none() || legal.len() == 1 {
                    return;
                }
                let held = after(from, legal[0]);
                let held_terms = terms_of(&held);
                let siblings = Siblings {
                    from,
                    done: &legal[0],
                    instead: &legal[1..],
                    terms: &held_terms,
                };
                SearchHooks::sibling_terms(&held, siblings, &mut judged);
                let expected = if SearchHooks::may_judge_siblings(from) {
                    legal.len() - 1
                } else {
                    0
                };
                assert_eq!(judged.len(), expected, "seed {seed}: judged placements");
                for (changes, &action) in judged.iter().zip(&legal[1..]) {
                    let terms = changed(&held_terms, changes);
                    let after = after(from, action);
                    assert_eq!(
                        bits(&terms),
                        bits(&terms_of(&after)),
                        "seed {seed}: {action:?}"
                    );
                    seen(from, &after, action);
                }
            },
        );
    }

    /// Plays this game to its end with random actions drawn from `seed`. At each decision
    /// whose candidates the game judges from the position ([`SearchHooks::candidate_terms`]), it
    /// judges them all and checks each judged one against play: its result has the judged
    /// terms bit for bit, the scores of the position, and the game is not over. Returns how
    /// many placements and how many other candidates were judged.
    pub(crate) fn check_candidate_terms(self, seed: u64) -> (usize, usize) {
        let mut judged = SiblingTerms::default();
        let (mut placements, mut others) = (0, 0);
        self.play_checking(seed, SearchHooks::may_judge_candidates, |from, legal| {
            let before = terms_of(from);
            SearchHooks::candidate_terms(from, legal, &before, &mut judged);
            for (changes, &action) in judged.iter().zip(legal) {
                let terms = changed(&before, changes);
                let after = after(from, action);
                assert_goes_on_as(
                    from,
                    &after,
                    &bits(&terms),
                    &format!("seed {seed}: {action:?}"),
                );
                match Self::placement_of(&action) {
                    Some(_) => placements += 1,
                    None => others += 1,
                }
            }
        });
        (placements, others)
    }

    /// Plays this game to its end with random actions drawn from `seed`. At each decision
    /// whose turns the game judges ([`SearchHooks::may_judge_turns`]), it judges every candidate's
    /// turn ([`SearchHooks::turn_endings`]) and checks each judged one against play: the candidate
    /// played, the next decision is the same seat's, with as many choices as endings, and
    /// each choice played ends the turn with the game going on, the scores unchanged and the
    /// ending's terms, bit for bit; `seen` is told of each choice checked: the position
    /// before, the result and the candidate. Returns how many candidates were judged and how
    /// many were not.
    pub(crate) fn check_judged_turns(
        self,
        seed: u64,
        mut seen: impl FnMut(&Self, &Self, <Self as TileRules>::Action),
    ) -> (usize, usize) {
        let (mut choices, mut endings) = (Vec::new(), TurnEndings::default());
        let (mut judged, mut not_judged) = (0, 0);
        self.play_checking(seed, SearchHooks::may_judge_turns, |from, legal| {
            let before = terms_of(from);
            SearchHooks::turn_endings(from, legal, &before, &mut endings);
            assert_eq!(endings.len(), legal.len(), "seed {seed}: one per candidate");
            for (i, &action) in legal.iter().enumerate() {
                let mut expected = Vec::new();
                let is_judged = endings.for_each_ending_mut(i, |changes| {
                    expected.push(bits(&changed(&before, changes.iter())));
                });
                if !is_judged {
                    not_judged += 1;
                    continue;
                }
                judged += 1;
                let placed = after(from, action);
                assert_eq!(placed.to_move(), from.to_move(), "seed {seed}: {action:?}");
                Game::legal_actions(&placed, &mut choices);
                assert_eq!(choices.len(), expected.len(), "seed {seed}: {action:?}");
                for (&choice, expected) in choices.iter().zip(&expected) {
                    let after = after(&placed, choice);
                    let context = format!("seed {seed}: {action:?} then {choice:?}");
                    assert_ne!(after.turn(), from.turn(), "{context}: the turn goes on");
                    assert_goes_on_as(from, &after, expected, &context);
                    seen(from, &after, action);
                }
            }
        });
        (judged, not_judged)
    }

    /// Runs [`TileState::check_judged_turns`] on the games `game` makes of seeds 0 to 59, and
    /// checks that every ending of `cases` occurs (`case` says which one a checked choice's
    /// result, from the position before it, meets) and that most candidates are judged.
    pub(crate) fn assert_judged_turns_cover(
        cases: &[&str],
        game: impl Fn(u64) -> Self,
        case: impl Fn(&Self, &Self) -> usize,
    ) {
        let mut seen = vec![0usize; cases.len()];
        let (mut judged, mut not_judged) = (0, 0);
        for seed in 0..60 {
            let (j, n) = game(seed).check_judged_turns(seed, |before, after, _| {
                seen[case(before, after)] += 1;
            });
            judged += j;
            not_judged += n;
        }
        eprintln!("{cases:?}: {seen:?}; turns judged {judged}, not judged {not_judged}");
        for (case, count) in cases.iter().zip(seen) {
            assert!(count > 0, "no ending with {case}");
        }
        assert!(judged > 2 * not_judged, "judged {judged}, not {not_judged}");
    }

    /// Runs [`TileState::check_judged_placements`] on the games `game` makes of each seed of
    /// `seeds`, and checks that every situation of `cases` occurs (`situations` says which
    /// ones a judged placement meets, from the position before it, the laid result and the
    /// placement).
    pub(crate) fn assert_judged_placements_cover<const N: usize>(
        cases: &[&str; N],
        seeds: Range<u64>,
        game: impl Fn(u64) -> Self,
        mut situations: impl FnMut(&Self, &Self, <Self as TileRules>::Action) -> [bool; N],
    ) {
        let mut seen = [0usize; N];
        for seed in seeds {
            game(seed).check_judged_placements(seed, |before, after, action| {
                for (count, case) in seen.iter_mut().zip(situations(before, after, action)) {
                    *count += usize::from(case);
                }
            });
        }
        for (case, count) in cases.iter().zip(seen) {
            assert!(count > 0, "no placement that {case}");
        }
        eprintln!("{cases:?}: {seen:?}");
    }

    /// Runs [`TileState::check_candidate_terms`] on the games `game` makes of seeds 0 to 39,
    /// and checks that both placements and other candidates (`others` names them) are judged.
    pub(crate) fn assert_candidates_judged(others: &str, game: impl Fn(u64) -> Self) {
        let (mut placements, mut other) = (0, 0);
        for seed in 0..40 {
            let (p, o) = game(seed).check_candidate_terms(seed);
            placements += p;
            other += o;
        }
        eprintln!("judged placements {placements}, {others} {other}");
        assert!(placements > 0 && other > 0, "{placements} and {other}");
    }
}
