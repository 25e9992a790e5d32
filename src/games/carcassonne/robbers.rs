//! The scoring track (C-6) with the robbers of The Robbers (R-2…R-6).
//!
//! A player's score marker stands on `score mod 50` ([`space`]); a [`Track`] holds every
//! player's robber (in supply or on a space) and the turn's scorings, and moves the markers by
//! adding to the scores of a [`ScoreSheet`] (without robbers it only adds points). A turn's
//! scoring is a batch: the engine adds each player's scorings ([`Track::add_scoring`]), the
//! players take the decisions [`Track::next_decision`] asks for, then [`Track::resolve`] moves
//! the markers:
//!
//! 1. Each robber on the track looks at the markers of other players on its space that score
//!    this turn. Several such markers: its owner chooses the victim
//!    ([`TrackDecision::Rob`]); one: it must rob that one. A player with several different
//!    scorings whose marker shares a space with another player's robber first chooses which
//!    scoring comes first ([`TrackDecision::FirstScoring`]); robbers decide after that.
//! 2. Every scoring player's first scoring moves their marker; each robber steals half of its
//!    victim's first scoring, rounded up, and returns to its owner's supply (R-3; several
//!    robbers on one marker all steal, R-5).
//! 3. Thieves move by their stolen points, clockwise from the active player; stolen points
//!    trigger no robber, and robbers on a thief's space move along with it.
//! 4. Each player's further scorings follow one at a time (clockwise from the active player),
//!    each triggering the robbers on the space the marker then leaves.
//!
//! Bazaar payments (B-7) are not scorings: a paid marker carries the robbers of its space along
//! ([`Track::award_carrying`], as R-4 does with stolen points); a paying marker moves back with
//! them, and a robber whose space keeps another player's marker may stay instead (R-5b,
//! [`Track::move_back`]).
//!
//! Decisions documented in `docs/carcassonne-rules-audit.md`: only the first scoring's place
//! in the order is a decision (the rest follow in the engine's order), and final scoring
//! (C-4) triggers no theft; robbers still on the track then score 3.

use super::state::MAX_PLAYERS;
use super::stats::{PlayerStats, PointSource};
use crate::core::stats::ScoreSheet;

/// Spaces on the scoring track (C-6).
pub const TRACK_SPACES: i32 = 50;

/// points for a robber still on the track at the end.
pub const ROBBER_FINAL_POINTS: i32 = 3;

/// Most scorings one player gets in one turn: the tile's roads and cities and a bridge (at
/// most 5), the monasteries around it (at most 9) and castles (B-5, at most 15), rounded up.
pub const MAX_TURN_SCORINGS: usize = 32;

/// Robber entry of a player whose robber is in their supply.
const IN_SUPPLY: u8 = u8::MAX;

/// Victim entry of a robber whose victim is not chosen.
const NOBODY: u8 = u8::MAX;

/// Points one player scores for one feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scoring {
    /// Points (at least 1).
    pub points: u16,
    /// What they are for.
    pub source: PointSource,
}

/// A decision the turn's scoring waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrackDecision {
    /// this player chooses which of their scorings comes first.
    FirstScoring(usize),
    /// this player's robber chooses whom to rob.
    Rob(usize),
}

/// C-6: the space of a score marker for `score` points.
pub fn space(score: i32) -> u8 {
    score.rem_euclid(TRACK_SPACES) as u8
}

/// The robbers and the turn's scorings (the scores are a [`ScoreSheet`]'s).
#[derive(Clone, Copy, Debug)]
pub struct Track {
    players: u8,
    robbers: [u8; MAX_PLAYERS],
    pending: [[Scoring; MAX_TURN_SCORINGS]; MAX_PLAYERS],
    n_pending: [u8; MAX_PLAYERS],
    /// Players whose first scoring is chosen (bit per player).
    ordered: u8,
    victims: [u8; MAX_PLAYERS],
}

impl Track {
    /// A track with every robber in its owner's supply and no scorings.
    pub fn new(players: usize) -> Track {
        assert!(players <= MAX_PLAYERS);
        Track {
            players: players as u8,
            robbers: [IN_SUPPLY; MAX_PLAYERS],
            pending: [[Scoring {
                points: 0,
                source: PointSource::Road,
            }; MAX_TURN_SCORINGS]; MAX_PLAYERS],
            n_pending: [0; MAX_PLAYERS],
            ordered: 0,
            victims: [NOBODY; MAX_PLAYERS],
        }
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        self.players as usize
    }

    /// The space of `player`'s robber, or `None` while it is in their supply.
    pub fn robber(&self, player: usize) -> Option<u8> {
        (self.robbers[player] != IN_SUPPLY).then_some(self.robbers[player])
    }

    /// Calls `f` with every space `player` may put their robber on: each space holding a
    /// marker of another player (`scores`), once, in player order, except the robber's current
    /// space.
    pub fn robber_spaces(&self, player: usize, scores: &[i32], mut f: impl FnMut(u8)) {
        let others = (0..self.players()).filter(|&q| q != player);
        for q in others.clone() {
            let here = space(scores[q]);
            let seen = others.clone().take_while(|&r| r != q);
            if self.robbers[player] != here && !seen.map(|r| space(scores[r])).any(|s| s == here) {
                f(here);
            }
        }
    }

    /// puts `player`'s robber on `space` (from their supply or from another space), where
    /// another player's marker stands.
    pub fn put_robber(&mut self, player: usize, space: u8) {
        self.robbers[player] = space;
    }

    /// Notes that `player` scores `points` for `source` this turn (nothing for 0 points: the
    /// marker does not move).
    pub fn add_scoring(&mut self, player: usize, source: PointSource, points: i32) {
        if points > 0 {
            let n = self.n_pending[player] as usize;
            self.pending[player][n] = Scoring {
                points: points as u16,
                source,
            };
            self.n_pending[player] += 1;
        }
    }

    /// The scorings noted for `player` this turn, the first one first.
    pub fn pending(&self, player: usize) -> &[Scoring] {
        &self.pending[player][..self.n_pending[player] as usize]
    }

    /// Players clockwise from `active` (`active` first).
    fn clockwise(&self, active: usize) -> impl Iterator<Item = usize> {
        let n = self.players();
        (0..n).map(move |i| (active + i) % n)
    }

    /// Whether another player's robber shares `player`'s space.
    fn targeted(&self, player: usize, scores: &[i32]) -> bool {
        let here = space(scores[player]);
        (0..self.players()).any(|r| r != player && self.robbers[r] == here)
    }

    /// Calls `f` with each player `robber_owner`'s robber may rob this turn: other players on
    /// its space with a scoring noted.
    pub fn rob_candidates(&self, robber_owner: usize, scores: &[i32], mut f: impl FnMut(usize)) {
        let here = self.robbers[robber_owner];
        for (q, &score) in scores.iter().enumerate().take(self.players()) {
            if q != robber_owner && self.n_pending[q] > 0 && space(score) == here {
                f(q);
            }
        }
    }

    /// Calls `f` with each distinct points value among `player`'s scorings this turn.
    pub fn first_scoring_options(&self, player: usize, mut f: impl FnMut(u16)) {
        let list = self.pending(player);
        for (i, s) in list.iter().enumerate() {
            if !list[..i].iter().any(|t| t.points == s.points) {
                f(s.points);
            }
        }
    }

    /// The next decision of this turn's scoring, players clockwise from `active`: scoring
    /// orders first, then robbers' choices.
    pub fn next_decision(&self, active: usize, scores: &[i32]) -> Option<TrackDecision> {
        let order = self.clockwise(active).find(|&p| {
            let list = self.pending(p);
            self.ordered & (1 << p) == 0
                && list.iter().any(|s| s.points != list[0].points)
                && self.targeted(p, scores)
        });
        if let Some(p) = order {
            return Some(TrackDecision::FirstScoring(p));
        }
        self.clockwise(active)
            .find(|&o| {
                let mut candidates = 0;
                self.rob_candidates(o, scores, |_| candidates += 1);
                self.victims[o] == NOBODY && candidates > 1
            })
            .map(TrackDecision::Rob)
    }

    /// `player` scores `points` (one of their scorings this turn) first.
    pub fn choose_first(&mut self, player: usize, points: u16) {
        let n = self.n_pending[player] as usize;
        let i = self.pending[player][..n]
            .iter()
            .position(|s| s.points == points)
            .expect("a scoring of this turn");
        self.pending[player][..=i].rotate_right(1);
        self.ordered |= 1 << player;
    }

    /// `robber_owner`'s robber robs `victim`.
    pub fn choose_victim(&mut self, robber_owner: usize, victim: usize) {
        self.victims[robber_owner] = victim as u8;
    }

    /// Scores the turn (steps 1–4 of the module documentation) on `sheet` and clears it.
    pub fn resolve(&mut self, active: usize, sheet: &mut ScoreSheet<PlayerStats>) {
        let mut stolen = [0i32; MAX_PLAYERS];
        for (o, theft) in stolen.iter_mut().enumerate().take(self.players()) {
            if self.robbers[o] == IN_SUPPLY {
                continue;
            }
            let mut victim = self.victims[o] as usize;
            if self.victims[o] == NOBODY {
                self.rob_candidates(o, &sheet.scores, |q| victim = q);
            }
            if victim < MAX_PLAYERS {
                *theft = half_up(self.pending[victim][0].points);
                self.robbers[o] = IN_SUPPLY;
            }
        }
        for p in 0..self.players() {
            if self.n_pending[p] > 0 {
                let s = self.pending[p][0];
                sheet.award(p, s.source, s.points as i32);
            }
        }
        for o in self.clockwise(active) {
            if stolen[o] > 0 {
                self.award_stolen(o, stolen[o], sheet);
            }
        }
        for p in self.clockwise(active) {
            for k in 1..self.n_pending[p] as usize {
                let s = self.pending[p][k];
                let left = space(sheet.scores[p]);
                sheet.award(p, s.source, s.points as i32);
                for o in 0..self.players() {
                    if o != p && self.robbers[o] == left {
                        self.robbers[o] = IN_SUPPLY;
                        self.award_stolen(o, half_up(s.points), sheet);
                    }
                }
            }
        }
        self.n_pending = [0; MAX_PLAYERS];
        self.ordered = 0;
        self.victims = [NOBODY; MAX_PLAYERS];
    }

    /// a thief's marker moves by its stolen points; robbers on its space move along.
    fn award_stolen(&mut self, thief: usize, points: i32, sheet: &mut ScoreSheet<PlayerStats>) {
        self.award_carrying(thief, PointSource::Robbery, points, sheet);
    }

    /// Moves `player`'s marker by `points` (possibly negative) without any theft; robbers on
    /// its space move along with it (R-4; B-7 bazaar payments, which are not scorings).
    pub fn award_carrying(
        &mut self,
        player: usize,
        source: PointSource,
        points: i32,
        sheet: &mut ScoreSheet<PlayerStats>,
    ) {
        let from = space(sheet.scores[player]);
        sheet.award(player, source, points);
        let to = space(sheet.scores[player]);
        for r in 0..self.players() {
            if r != player && self.robbers[r] == from {
                self.robbers[r] = to;
            }
        }
    }

    /// Moves `player`'s marker back by `points` (a bazaar payment, B-7) without any theft.
    /// Robbers of other players on the space it leaves move back with it (R-5b), except those
    /// whose owner may choose to stay there: a robber stays only beside another player's
    /// marker, so the choice exists when a marker of a player other than the payer and
    /// the robber's owner remains on that space. Returns those owners (bit per player); their
    /// robbers stay until [`Track::put_robber`] moves them. A payment that brings the marker
    /// back to its space (a multiple of 50) moves no robber.
    pub fn move_back(
        &mut self,
        player: usize,
        source: PointSource,
        points: i32,
        sheet: &mut ScoreSheet<PlayerStats>,
    ) -> u8 {
        let from = space(sheet.scores[player]);
        sheet.award(player, source, -points);
        let to = space(sheet.scores[player]);
        if from == to {
            return 0;
        }
        let mut choosers = 0;
        for r in 0..self.players() {
            if r == player || self.robbers[r] != from {
                continue;
            }
            let others = (0..self.players())
                .any(|q| q != player && q != r && space(sheet.scores[q]) == from);
            if others {
                choosers |= 1 << r;
            } else {
                self.robbers[r] = to;
            }
        }
        choosers
    }

    /// every robber still on the track scores its owner 3 points and returns.
    pub fn finish(&mut self, sheet: &mut ScoreSheet<PlayerStats>) {
        for p in 0..self.players() {
            if self.robbers[p] != IN_SUPPLY {
                self.robbers[p] = IN_SUPPLY;
                sheet.award(p, PointSource::FinalRobber, ROBBER_FINAL_POINTS);
            }
        }
    }
}

/// half of `points`, rounded up.
fn half_up(points: u16) -> i32 {
    (points as i32 + 1) / 2
}
