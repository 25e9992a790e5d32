//! Redoing an action as a sibling of its kind ([`SearchHooks::redo_as`]), or judging it from the
//! sibling's terms without making it ([`SearchHooks::sibling_terms`]): the step-two actions that
//! agents judge by the dozen — vehicle moves and digs — change a few fields that the rest of
//! the turn (scoring, the next draw) does not read, so the result of one is turned into the
//! result of another by rewriting those fields from the position before, and its heuristic
//! terms differ from the other's in one term. In the last turn, such siblings have the same
//! final scores.

use super::action::Action;
use super::eval::OPEN_HOLES;
use super::options::FinalScoring;
use super::state::{Phase, PlacedMeeple, SafariState, Spot};
use super::ActionKind;
use crate::core::fixed_vec::FixedVec;
use crate::core::game::{SeatTerms, SiblingTerms, TermChange};
use crate::core::geom::{Coord, Corner, Vertex};
#[cfg(doc)]
use crate::core::search_hooks::SearchHooks;
use crate::core::species::Species;
use crate::core::stats::StatKey;

/// Where a dig puts which token: the tile, its corner, the species.
type Slot = (Coord, Corner, Species);

/// The slots of `done` and `instead` when both are digs.
#[inline(always)]
fn dig_slots(done: &Action, instead: &Action) -> Option<(Slot, Slot)> {
    match (*done, *instead) {
        (
            Action::Dig {
                at,
                corner,
                species,
            },
            Action::Dig {
                at: new_at,
                corner: new_corner,
                species: new_species,
            },
        ) => Some(((at, corner, species), (new_at, new_corner, new_species))),
        _ => None,
    }
}

/// What decides whether the active player is asked to boost in this turn's scoring (S-6.5),
/// seen before step two's action.
enum Asks {
    /// No completed feature awaits scoring: nobody is asked.
    None,
    /// The hand is asked with tokens not known yet (the player's baobab completes first).
    Unknown,
    /// The species on each pending feature the active player scores (asked while holding a
    /// species not on it).
    Features(FixedVec<u8, 4>),
}

/// What a batch of siblings learns once about the course of the turn after a dig that spends
/// another species than the dig made ([`SafariState::same_boosts_after_digs`]).
#[derive(Default)]
struct DigCourses {
    /// What decides whether the active player is asked to boost.
    asks: Option<Asks>,
    /// Per species spent instead, whether the turn takes the same course.
    same: [Option<bool>; Species::ALL.len()],
}

/// The `open_holes` counts of the holes a batch's digs would make, kept by vertex: digs come
/// species by species, each visiting the same slots ([`SafariState::judging_batch`]).
struct HolesSeen([(Vertex, i32); HolesSeen::SIZE]);

impl HolesSeen {
    /// Entries (a power of two): vertices go to `x mod 16 + 16·(y mod 8)`.
    const SIZE: usize = 128;

    /// Nothing seen (the key of an empty entry is a vertex no board has).
    fn new() -> Self {
        HolesSeen([(Vertex(Coord::new(i8::MIN, i8::MIN)), 0); Self::SIZE])
    }

    /// [`SafariState::slot_hole`] of `slot` in `state`, worked out once per vertex (while no
    /// other vertex takes its entry).
    fn hole(&mut self, state: &SafariState, slot: Slot) -> i32 {
        let (v, _) = Vertex::of_corner(slot.0, slot.1);
        let at = (v.0.x as usize & 15) | (v.0.y as usize & 7) << 4;
        let entry = &mut self.0[at];
        if entry.0 != v {
            *entry = (v, state.open_hole(v));
        }
        entry.1
    }
}

/// The `next_vehicle_points` terms of the edge-class sets a batch's vehicle moves have met,
/// kept by set: the spaces of a batch's moves often fit the same classes
/// ([`SafariState::vehicle_points_in`]).
struct FitsSeen([Option<(u128, TermChange)>; FitsSeen::SIZE]);

impl FitsSeen {
    /// Entries (a power of two): a set goes to the entry its hash names, in place of another.
    const SIZE: usize = 32;

    /// Nothing seen.
    fn new() -> Self {
        FitsSeen([None; Self::SIZE])
    }

    /// The entry of `classes`.
    fn entry(&mut self, classes: u128) -> &mut Option<(u128, TermChange)> {
        let folded = (classes as u64 ^ (classes >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        &mut self.0[(folded >> (64 - Self::SIZE.trailing_zeros())) as usize]
    }
}

/// How one action of a decision stands to another that the rest of the turn treats alike.
enum Sibling {
    /// Both move a vehicle (or both put back the displaced one): `vehicle` goes to `to`
    /// instead.
    Vehicle { vehicle: u8, to: Coord },
    /// Both dig, after which the turn takes the same course: at `instead` instead of `done`.
    Dig { done: Slot, instead: Slot },
}

impl SafariState {
    /// The batch in which agents judge `action` ([`SearchHooks::sibling_batch`]). Vehicle moves go
    /// with the pass, listed first, from whose result they are judged (a move changes only
    /// where the vehicles stand). Digs go one batch per species spent, after every kind: digs
    /// that spend one species are siblings, while one that spends another may change the
    /// course of the turn ([`SafariState::same_boosts_after_digs`]), and in the order they
    /// are listed (slot by slot, each species in turn) such digs would alternate, each to be
    /// made. Every other action goes with its kind.
    pub(super) fn judging_batch(&self, action: &Action) -> usize {
        match action {
            Action::MoveVehicle { .. } => ActionKind::Pass.index(),
            Action::Dig { species, .. } => ActionKind::COUNT + species.index(),
            _ => crate::core::tile_game::TileRules::kind_of(self, action).index(),
        }
    }

    /// How `instead` stands to `done`, two actions of the decision pending here, when the
    /// rest of the turn treats them alike (see [`Sibling`]). `courses` keeps what decides
    /// whether a dig's token changes the course, for the siblings of one `done`.
    #[inline(always)]
    fn sibling(
        &self,
        done: &Action,
        instead: &Action,
        courses: &mut DigCourses,
    ) -> Option<Sibling> {
        match (*done, *instead) {
            (Action::MoveVehicle { .. }, Action::MoveVehicle { vehicle, to }) => {
                Some(Sibling::Vehicle { vehicle, to })
            }
            (Action::ReplaceVehicle { .. }, Action::ReplaceVehicle { to }) => {
                let vehicle = self.game.scoring.displaced.expect("a displaced vehicle");
                Some(Sibling::Vehicle { vehicle, to })
            }
            _ => {
                let (done, instead) = dig_slots(done, instead)?;
                (self.same_boosts_after_digs(done.2, instead.2, courses))
                    .then_some(Sibling::Dig { done, instead })
            }
        }
    }

    /// How `instead` stands to `done` when judged from `done`'s result: as
    /// [`SafariState::sibling`], and a vehicle move after a pass, whose result it changes
    /// only where the vehicles stand (S-5.3; judged from it, not redone: the counts of action
    /// kinds differ too).
    #[inline(always)]
    fn judged_sibling(
        &self,
        done: &Action,
        instead: &Action,
        courses: &mut DigCourses,
    ) -> Option<Sibling> {
        match (done, instead) {
            (Action::Pass, &Action::MoveVehicle { vehicle, to }) => {
                Some(Sibling::Vehicle { vehicle, to })
            }
            _ => self.sibling(done, instead, courses),
        }
    }

    /// `self` is `from` after `done`; turns it into `from` after `instead` when the two are
    /// siblings ([`SafariState::sibling`]), and says whether it did. Not once the game is
    /// over: final scoring and the vehicle fit left by the last draw are not redone.
    pub(super) fn redo_sibling(&mut self, from: &Self, done: &Action, instead: &Action) -> bool {
        if self.game.phase == Phase::GameOver {
            return false;
        }
        match from.sibling(done, instead, &mut DigCourses::default()) {
            Some(Sibling::Vehicle { vehicle, to }) => self.redo_vehicle_move(from, vehicle, to),
            Some(Sibling::Dig { done, instead }) => {
                let p = from.active as usize;
                self.undo_dig(from, p, done);
                self.redo_dig(p, instead);
            }
            None => return false,
        }
        true
    }

    /// The heuristic terms after [`SafariState::redo_sibling`] redid `done` as `instead`,
    /// from `terms`, those after `done`: a vehicle move changes only `next_vehicle_points`, a
    /// dig only its owner's `open_holes` ([`SafariState::moved_dig_term`]).
    pub(super) fn redo_sibling_terms(
        &self,
        done: &Action,
        instead: &Action,
        terms: &mut SeatTerms,
    ) -> bool {
        match (*done, *instead) {
            (Action::MoveVehicle { .. }, Action::MoveVehicle { .. })
            | (Action::ReplaceVehicle { .. }, Action::ReplaceVehicle { .. }) => {
                self.set_next_vehicle_points(terms);
                true
            }
            _ => {
                let Some((done, instead)) = dig_slots(done, instead) else {
                    return false;
                };
                let change =
                    self.moved_dig_term(self.slot_hole(done), self.slot_hole(instead), terms);
                terms[change.seat][change.term] = change.value;
                true
            }
        }
    }

    /// `self` is `from` after `done` (no placement), whose heuristic terms are `terms`; pushes
    /// onto `out` the one term in which the result of each action of `instead` differs, judged
    /// without making it, while they are siblings of `done` ([`SafariState::sibling`]; their
    /// scores, the seat to move and the phase are the same), and vehicle moves after a pass.
    /// What the batch shares is worked out once: whether a completed feature awaits scoring,
    /// the hole of `done` and of each slot seen, the edge classes fitting each vehicle's space.
    /// Once `done` ended the game, the siblings are judged by the final scores they share.
    ///
    /// It takes the parts of a [`Siblings`] as arguments, not the struct: the compiler then
    /// knows that pushing onto `out` changes none of them, and reads `done` and `from` once,
    /// not again for every action.
    pub(super) fn judge_siblings(
        &self,
        from: &Self,
        done: &Action,
        instead: &[Action],
        terms: &SeatTerms,
        out: &mut SiblingTerms,
    ) {
        out.clear();
        let mut courses = DigCourses::default();
        if self.game.phase == Phase::GameOver {
            // `done` ended the game (the last turn): a value reads only the final scores,
            // which a sibling shares. Vehicles score nothing at the end (S-10), and a dig
            // scores 3 wherever it is and leaves one token fewer whichever it spends (S-10.3:
            // tokens count 1 each). So no term differs.
            for action in instead {
                if from.judged_sibling(done, action, &mut courses).is_none() {
                    return;
                }
                out.push([]);
            }
            return;
        }
        let mut done_hole = None;
        let mut vehicle_classes = None;
        let mut fits = None;
        let mut holes = None;
        for action in instead {
            let change = match from.judged_sibling(done, action, &mut courses) {
                None => return,
                Some(Sibling::Vehicle { vehicle, to }) => {
                    let classes = *vehicle_classes.get_or_insert_with(|| {
                        (from.game.vehicles).map(|at| at.map_or(0, |at| self.vehicle_classes(at)))
                    });
                    let classes = classes[1 - vehicle as usize] | self.vehicle_classes(to);
                    self.vehicle_points_in(classes, fits.get_or_insert_with(FitsSeen::new))
                }
                Some(Sibling::Dig { done, instead }) => {
                    let done_hole = *done_hole.get_or_insert_with(|| self.slot_hole(done));
                    let hole = holes.get_or_insert_with(HolesSeen::new).hole(self, instead);
                    self.moved_dig_term(done_hole, hole, terms)
                }
            };
            out.push([change]);
        }
    }

    /// The `next_vehicle_points` term when the vehicles' spaces take the edge classes
    /// `classes`, looked up in `seen` first and kept there.
    fn vehicle_points_in(&self, classes: u128, seen: &mut FitsSeen) -> TermChange {
        let entry = seen.entry(classes);
        match *entry {
            Some((kept, change)) if kept == classes => change,
            _ => {
                let change = self.next_vehicle_points(self.fit_of_classes(classes));
                *entry = Some((classes, change));
                change
            }
        }
    }

    /// The `open_holes` count of the hole a dig at `slot` makes ([`SafariState::open_hole`]).
    fn slot_hole(&self, (at, corner, _): Slot) -> i32 {
        self.open_hole(Vertex::of_corner(at, corner).0)
    }

    /// The one heuristic term in which a dig's result, whose terms are `terms`, differs from
    /// that of another dig if it was made instead: the dig's owner's `open_holes`, which
    /// counts `done_hole` for the dig made and `instead_hole` for the other. Every hole meeple
    /// counts 1 unless blocked, and whether a hole is blocked depends on the tiles around it
    /// only, so the integer-valued sum stays exact and either dig's position may answer.
    fn moved_dig_term(&self, done_hole: i32, instead_hole: i32, terms: &SeatTerms) -> TermChange {
        let seat = self.game.meeples.last().expect("the dig's meeple").player as usize;
        TermChange {
            seat,
            term: OPEN_HOLES,
            value: terms[seat][OPEN_HOLES] + (instead_hole - done_hole) as f64,
        }
    }

    /// Whether the rest of the turn takes the same course after the active player digs with
    /// a token of `a` as with one of `b`. Only boosts read the hand (S-6.5: a scorer is asked
    /// while holding a species not on the feature; whether the order of the features is asked,
    /// S-6.8, reads only how many tokens a hand holds), so it does when the hand is asked the
    /// same way either way: the same species, or no completed feature pending, or for every
    /// pending feature the active player scores, a species not on it left either way or
    /// neither. Not when the active player's baobab completes this turn and its tokens come
    /// first (S-6.7: they join the hand before the boosts).
    fn same_boosts_after_digs(&self, a: Species, b: Species, courses: &mut DigCourses) -> bool {
        if a == b {
            return true;
        }
        if let Some(same) = courses.same[b.index()] {
            return same;
        }
        let asks = (courses.asks).get_or_insert_with(|| self.boost_asks());
        let hand = self.game.hands[self.active as usize];
        let left = |spent: Species| {
            let mut h = hand;
            h.remove(spent);
            h.mask()
        };
        let (left_a, left_b) = (left(a), left(b));
        let same = match asks {
            Asks::None => true,
            Asks::Unknown => left_a == left_b,
            Asks::Features(species) => {
                (species.iter()).all(|&on| (left_a & !on != 0) == (left_b & !on != 0))
            }
        };
        courses.same[b.index()] = Some(same);
        same
    }

    /// What decides whether the active player is asked to boost in this turn's scoring.
    fn boost_asks(&self) -> Asks {
        let pending = self.pending_features();
        if pending == 0 {
            return Asks::None;
        }
        let active = self.active as usize;
        let baobab_completes = self.placed_meeples().iter().any(|m| match m.spot {
            Spot::Baobab(c) => {
                m.player as usize == active && self.surrounded_by_last_tile(c as usize)
            }
            _ => false,
        });
        if baobab_completes && self.game.options.baobab_tokens_first {
            return Asks::Unknown;
        }
        let mut species = FixedVec::default();
        for i in (0..self.game.scoring.n_completed as usize).filter(|&i| pending & (1 << i) != 0) {
            let f = self.features.get(self.completed_root(i));
            if f.scorers(FinalScoring::Majority) & (1 << active) != 0 {
                species.push(f.species);
            }
        }
        Asks::Features(species)
    }

    /// S-5.3, S-7.3: a vehicle moves in step two only when no tile of this turn displaced one
    /// (so no replacement follows), and a displaced one is put back after the turn's scoring;
    /// nothing else in the turn reads where vehicles stand, so only the vehicles and the fit
    /// kept for them change.
    fn redo_vehicle_move(&mut self, from: &Self, vehicle: u8, to: Coord) {
        self.game.vehicles = from.game.vehicles;
        self.game.vehicles[vehicle as usize] = Some(to);
        self.game.vehicle_fit = self.fresh_vehicle_fit();
    }

    /// S-8.2: player `p`'s dig undone, where the rest of the turn took the course it takes
    /// after the dig redone ([`SafariState::same_boosts_after_digs`]): the dig's token, its
    /// slot's marks and its meeple (the last one put, which scoring does not reorder) go back
    /// to how they were. Its points and count stay: every dig scores and counts alike.
    fn undo_dig(&mut self, from: &Self, p: usize, (at, corner, species): Slot) {
        self.game.hands[p].add(species);
        self.game.tokens_placed -= 1;
        let (v, _) = Vertex::of_corner(at, corner);
        for k in 0..4 {
            let (cell, _) = v.slot(k);
            if let Some(j) = self.board.get(cell) {
                self.cells[j as usize].data = from.cells[j as usize].data;
            }
        }
        debug_assert_eq!(
            self.game.meeples.last().map(|m| m.spot),
            Some(Spot::Hole(v)),
            "the dig's meeple is the last one put"
        );
        self.game.meeples.pop();
    }

    /// Player `p`'s dig: its own changes, as [`SafariState::take_action`] makes them, without its points
    /// and count (see [`SafariState::undo_dig`]).
    fn redo_dig(&mut self, p: usize, (at, corner, species): Slot) {
        self.game.hands[p].remove(species);
        self.set_token(at, corner, species);
        let (v, _) = Vertex::of_corner(at, corner);
        self.game.meeples.push(PlacedMeeple {
            player: p as u8,
            spot: Spot::Hole(v),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::game::{Game, Siblings, EVAL_TERMS};
    use crate::core::rng::{below, rng_from_seed};
    use crate::core::search_hooks::SearchHooks;
    use crate::games::GameDef;

    /// What a redone result and an applied one must agree on here (besides the suite's
    /// generic comparison): whose decision, the phase, scores, hands, meeples, cells.
    fn view(s: &SafariState) -> String {
        let hands: Vec<_> = (0..s.players()).map(|p| *s.hand(p)).collect();
        format!(
            "{:?}",
            (
                s.to_move(),
                s.phase(),
                s.scores(),
                hands,
                s.placed_meeples(),
                s.cells()
            )
        )
    }

    /// S-10: in the last turn, the step-two siblings of a result that ends the game — the
    /// vehicle moves after the pass or another move, the digs after a dig of the same species,
    /// every one of its batch — are judged with no change of terms, and each has the final
    /// scores of the applied sibling (and ends the game too); other actions are not judged.
    #[test]
    fn siblings_that_end_the_game_are_judged_by_its_final_scores() {
        let mut judged = 0;
        let mut legal = Vec::new();
        let mut out = SiblingTerms::default();
        for seed in 0..60 {
            let setup = SafariState::setup_with_rules(
                2,
                seed,
                SafariState::builtin_tiles(),
                &[] as &[&str],
            )
            .expect("a valid setup");
            let mut g = SafariState::new_game(&setup).expect("a game");
            let mut rng = rng_from_seed(seed);
            while !g.is_terminal() {
                g.legal_actions(&mut legal);
                legal.sort_by_key(|a| g.judging_batch(a));
                for (k, done) in legal.iter().enumerate() {
                    let mut held = g.clone();
                    held.apply(*done);
                    if !held.is_terminal() {
                        continue;
                    }
                    let rest = &legal[k + 1..];
                    let terms = [[0.0; EVAL_TERMS]; 2];
                    let siblings = Siblings {
                        from: &g,
                        done,
                        instead: rest,
                        terms: &terms,
                    };
                    held.sibling_terms(siblings, &mut out);
                    for (changes, sibling) in out.iter().zip(rest) {
                        assert!(changes.is_empty(), "{sibling:?} from {done:?}: {changes:?}");
                        let mut applied = g.clone();
                        applied.apply(*sibling);
                        assert!(applied.is_terminal(), "{sibling:?} from {done:?}");
                        assert_eq!(applied.scores(), held.scores(), "{sibling:?} from {done:?}");
                        judged += 1;
                    }
                    let batch = g.judging_batch(done);
                    let siblings = match done {
                        Action::Pass
                        | Action::MoveVehicle { .. }
                        | Action::ReplaceVehicle { .. }
                        | Action::Dig { .. } => rest
                            .iter()
                            .take_while(|a| g.judging_batch(a) == batch)
                            .count(),
                        _ => 0,
                    };
                    assert_eq!(out.len(), siblings, "siblings judged after {done:?}");
                }
                g.apply(legal[below(&mut rng, legal.len())]);
            }
        }
        assert!(judged > 1_000, "{judged} judged");
    }

    /// S-6.5: with a completed feature pending, the token a dig spends can decide whether its
    /// player is asked to boost. Random games meet such pairs of digs (their applied results
    /// differ in whose decision comes next), and those are never redone; the pairs that are
    /// redone then equal the applied result, including pairs that leave different species in
    /// the hand (asked the same way either way).
    #[test]
    fn digs_while_a_feature_awaits_scoring() {
        // Redone pairs whose tokens leave different species in the hand: the hand is asked
        // the same way either way (or not at all) though it differs.
        let (mut refused, mut redone, mut different_hands) = (0, 0, 0);
        let mut legal = Vec::new();
        for seed in 0..400 {
            let rules = ["vehicles=1", "final_scoring=all", "vehicle_bonus=5"];
            let setup =
                SafariState::setup_with_rules(5, seed, SafariState::builtin_tiles(), &rules)
                    .expect("a valid setup");
            let mut g = SafariState::new_game(&setup).expect("a game");
            let mut rng = rng_from_seed(seed);
            while !g.is_terminal() {
                g.legal_actions(&mut legal);
                if g.pending_features() != 0 {
                    let digs: Vec<Action> = (legal.iter())
                        .filter(|a| matches!(a, Action::Dig { .. }))
                        .copied()
                        .collect();
                    let applied = |a: Action| {
                        let mut t = g.clone();
                        t.apply(a);
                        t
                    };
                    for pair in digs.windows(2) {
                        let (first, second) = (applied(pair[0]), applied(pair[1]));
                        let mut state = first.clone();
                        if state.redo_as(&g, &pair[0], &pair[1]) {
                            assert_eq!(view(&state), view(&second), "{pair:?}");
                            redone += 1;
                            let hand = |s: &SafariState| s.hand(g.active_player()).mask();
                            different_hands += usize::from(hand(&first) != hand(&second));
                        } else if (first.to_move(), first.phase())
                            != (second.to_move(), second.phase())
                        {
                            refused += 1;
                        }
                        assert!(
                            (first.to_move(), first.phase()) == (second.to_move(), second.phase())
                                || view(&state) == view(&first),
                            "{pair:?} redone although the turn takes another course"
                        );
                    }
                }
                g.apply(legal[below(&mut rng, legal.len())]);
            }
        }
        assert!(
            refused > 0 && redone > 0 && different_hands > 0,
            "{refused} refused, {redone} redone ({different_hands} with different hands)"
        );
    }
}
