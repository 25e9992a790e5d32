//! Heuristic terms of a Safari position (for greedy agents, rollout policies and search leaves).
//! Each term is documented in `docs/agents.md`; agents weight them.

use super::features::{FeatureAgg, SPECIES_POINTS};
use super::options::FinalScoring;
use super::state::{Phase, SafariState, Spot, Stage, VehicleFit, MAX_NODES, MAX_PLAYERS};
use crate::core::game::{SeatTerms, TermChange, EVAL_TERMS};
use crate::core::geom::{Coord, Vertex};
use crate::core::index_set::{words_for, IndexSet};
use crate::core::species::species_in_mask;
use crate::core::tile_game::Evaluation;

/// Runs `add` on every seat of the bit mask `seats`.
fn for_seats(seats: u8, mut add: impl FnMut(usize)) {
    let mut rest = seats;
    while rest != 0 {
        add(rest.trailing_zeros() as usize);
        rest &= rest - 1;
    }
}

/// Index of `open_holes` among Safari's terms ([`Evaluation::EVAL_TERM_NAMES`]).
pub(super) const OPEN_HOLES: usize = 4;
/// Index of `next_vehicle_points` among Safari's terms.
const NEXT_VEHICLE_POINTS: usize = 6;
/// Index of `pending_points` among Safari's terms.
pub(super) const PENDING_POINTS: usize = 7;

impl Evaluation for SafariState {
    /// The terms of [`Evaluation::heuristic_terms_all`], in order.
    const EVAL_TERM_NAMES: &'static [&'static str] = &[
        "lead_species_points",
        "lead_final_points",
        "tokens_in_hand",
        "meeples_in_supply",
        "open_holes",
        "baobab_progress",
        "next_vehicle_points",
        "pending_points",
    ];
    /// Tuned with greedy self-play matches (`docs/agents.md`).
    const DEFAULT_EVAL_WEIGHTS: &'static [f64] = &[0.6, 0.4, 1.5, 1.0, 1.5, 2.0, 1.0, 1.0];

    /// Heuristic terms of each seat `player` (`out[player]`, see
    /// [`Evaluation::EVAL_TERM_NAMES`]), in one pass over the meeples; all 0 once the game is
    /// over:
    /// - `lead_species_points`: species-table points (plus birds in bush) of every incomplete
    ///   path and bush where `player` holds a majority — what completing them would pay now;
    /// - `lead_final_points`: animals plus birds on those features (every feature the player
    ///   is on under `final_scoring=all`) — what they pay at the end;
    /// - `tokens_in_hand`, `meeples_in_supply`: the player's supplies;
    /// - `open_holes`: incomplete, unblocked watering holes holding the player's meeple (3
    ///   points each on completion);
    /// - `baobab_progress`: over the player's baobab meeples, the fraction of the 8 neighbours
    ///   already placed (each completion returns the meeple with 2 tokens);
    /// - `next_vehicle_points`: for the seat that places the next tile only, the vehicle bonus
    ///   times the share of the tiles that seat may get (unseen tiles, and the drawn tile
    ///   while its placement is pending) that fit a vehicle's space; the drawn tile itself is
    ///   not used, so a heuristic judging the end of a turn cannot peek at the next draw;
    /// - `pending_points`: points step 3 of the turn in progress will pay the player without
    ///   further decisions (completed features it holds a majority on, before boosts, and the
    ///   active player's vehicle bonus).
    fn heuristic_terms_all(&self, out: &mut SeatTerms) {
        out.fill([0.0; EVAL_TERMS]);
        if self.game.phase == Phase::GameOver {
            return;
        }
        self.meeple_terms().write(out);
        for (p, t) in out.iter_mut().enumerate() {
            t[2] = self.game.hands[p].total() as f64;
            t[3] = self.supply[p] as f64;
        }
        self.set_next_vehicle_points(out);
        if self.game.scoring.displaced.is_some() && self.game.scoring.stage != Stage::EndTurn {
            out[self.active as usize][PENDING_POINTS] += self.game.options.vehicle_bonus as f64;
        }
    }
}

/// The heuristic terms that the meeples on the board give, per seat, as the integers they
/// count (so that they can be changed exactly: [`MeepleTerms::add_feature`]).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct MeepleTerms {
    lead_species_points: [i32; MAX_PLAYERS],
    lead_final_points: [i32; MAX_PLAYERS],
    /// Points of completed features (`pending_points` but the vehicle bonus).
    completed_points: [i32; MAX_PLAYERS],
    open_holes: [i32; MAX_PLAYERS],
    /// Placed cells around the seat's baobab meeples (`baobab_progress` times 8).
    around_baobabs: [i32; MAX_PLAYERS],
}

impl MeepleTerms {
    /// Adds (`sign` 1) or takes away (`sign` -1) what feature `f` gives the seats that have
    /// meeples on it, when `rule` scores incomplete features at the end.
    #[inline]
    pub(super) fn add_feature(&mut self, f: &FeatureAgg, rule: FinalScoring, sign: i32) {
        let majority = f.scorers(FinalScoring::Majority);
        if f.is_complete() {
            let points = sign * f.completion_points(0);
            for_seats(majority, |p| self.completed_points[p] += points);
            return;
        }
        let birds = if f.bush { f.birds as i32 } else { 0 };
        let lead = sign * (SPECIES_POINTS[species_in_mask(f.species) as usize] + birds);
        for_seats(majority, |p| self.lead_species_points[p] += lead);
        let final_points = sign * f.final_points();
        for_seats(f.scorers(rule), |p| {
            self.lead_final_points[p] += final_points
        });
    }

    /// Adds `n` open holes of `seat`'s meeples.
    pub(super) fn add_open_holes(&mut self, seat: usize, n: i32) {
        self.open_holes[seat] += n;
    }

    /// Adds `n` placed cells around `seat`'s baobab meeples.
    pub(super) fn add_around_baobabs(&mut self, seat: usize, n: i32) {
        self.around_baobabs[seat] += n;
    }

    /// The terms it sets of seat `p` (those of [`MEEPLE_TERMS`]), in that order.
    pub(super) fn values(&self, p: usize) -> [f64; MEEPLE_TERMS.len()] {
        [
            self.lead_species_points[p] as f64,
            self.lead_final_points[p] as f64,
            self.open_holes[p] as f64,
            self.around_baobabs[p] as f64 / 8.0,
            self.completed_points[p] as f64,
        ]
    }

    /// Writes the terms of [`MEEPLE_TERMS`] of every seat of `out`.
    fn write(&self, out: &mut SeatTerms) {
        for (p, t) in out.iter_mut().enumerate() {
            for (term, value) in MEEPLE_TERMS.into_iter().zip(self.values(p)) {
                t[term] = value;
            }
        }
    }
}

/// The terms that [`MeepleTerms`] counts, in the order of [`MeepleTerms::values`].
pub(super) const MEEPLE_TERMS: [usize; 5] = [0, 1, OPEN_HOLES, 5, PENDING_POINTS];

impl SafariState {
    /// The terms the meeples give, in one pass over them.
    pub(super) fn meeple_terms(&self) -> MeepleTerms {
        let mut terms = MeepleTerms::default();
        let mut seen = IndexSet::<{ words_for(MAX_NODES) }>::default();
        let rule = self.game.options.final_scoring;
        for m in self.placed_meeples() {
            let owner = m.player as usize;
            match m.spot {
                Spot::Feature(node) => {
                    let root = self.feature_root(node);
                    if seen.insert_new(root as usize) {
                        terms.add_feature(self.feature(root), rule, 1);
                    }
                }
                // A hole's meeples leave when it completes, so every hole here is open.
                Spot::Hole(v) => terms.add_open_holes(owner, self.open_hole(v)),
                Spot::Baobab(c) => {
                    terms.add_around_baobabs(owner, self.board.placed_around_cell(c) as i32)
                }
            }
        }
        terms
    }

    /// Writes the `next_vehicle_points` term (of the seat that places the next tile).
    pub(super) fn set_next_vehicle_points(&self, out: &mut SeatTerms) {
        debug_assert_eq!(
            self.game.vehicle_fit,
            self.fresh_vehicle_fit(),
            "the vehicle fit kept by the turn logic is stale"
        );
        let change = self.next_vehicle_points(self.game.vehicle_fit);
        out[change.seat][change.term] = change.value;
    }

    /// The `next_vehicle_points` term the position would have with the vehicles' spaces
    /// fitting as `fit` says.
    pub(super) fn next_vehicle_points(&self, fit: VehicleFit) -> TermChange {
        TermChange {
            seat: self.next_placer(),
            term: NEXT_VEHICLE_POINTS,
            value: self.vehicle_chance(fit) * self.game.options.vehicle_bonus as f64,
        }
    }

    /// The `open_holes` count of a hole meeple at `v`: 1 unless the hole is blocked.
    pub(super) fn open_hole(&self, v: Vertex) -> i32 {
        i32::from(!self.hole_blocked(v))
    }

    /// The seat that places the next tile: the active player while its placement is pending,
    /// else the next seat.
    fn next_placer(&self) -> usize {
        let active = self.active as usize;
        if self.game.phase == Phase::PlaceTile {
            active
        } else {
            (active + 1) % self.players()
        }
    }

    /// Chance that the next tile can go on a vehicle's space (see `next_vehicle_points`),
    /// with the spaces fitting as `fit` says.
    fn vehicle_chance(&self, fit: VehicleFit) -> f64 {
        // Between turns the next tile is already drawn, but the player who just finished —
        // whose choices a heuristic usually judges here — has not seen it: count it as unseen.
        let drawn = self.game.phase == Phase::PlaceTile;
        let total = self.game.unseen.total() + usize::from(drawn);
        if total == 0 {
            return 0.0;
        }
        let fitting = fit.unseen as usize + usize::from(drawn && fit.drawn);
        fitting as f64 / total as f64
    }

    /// Which of the unseen tiles, and whether the drawn tile, fit a vehicle's space now.
    pub(super) fn fresh_vehicle_fit(&self) -> VehicleFit {
        let vehicles = self.game.vehicles.iter().flatten();
        self.fit_of_classes(vehicles.fold(0, |set, &at| set | self.vehicle_classes(at)))
    }

    /// The edge classes of the tiles that fit a vehicle's space at `at` (none unless it is an
    /// empty cell next to the tiles).
    pub(super) fn vehicle_classes(&self, at: Coord) -> u128 {
        (self.board.frontier_cell(at)).map_or(0, |f| self.tiles.classes_fitting(f))
    }

    /// Which of the unseen tiles, and whether the drawn tile, fit when the vehicles' spaces
    /// take the edge classes `classes`.
    pub(super) fn fit_of_classes(&self, classes: u128) -> VehicleFit {
        let drawn = self.tiles.edge_class[self.drawn as usize];
        VehicleFit {
            classes,
            unseen: self.game.unseen.fitting(classes) as u8,
            drawn: classes & 1 << drawn != 0,
        }
    }

    /// Whether some placed tile around `v` shows bush at the hole's corner (S-8.5).
    fn hole_blocked(&self, v: Vertex) -> bool {
        (0..4).any(|k| {
            let (cell, corner) = v.slot(k);
            self.cell_at(cell)
                .is_some_and(|c| c.data.open_corners & corner.bit() == 0)
        })
    }
}
