//! The scoring track (C-6) with the robbers of The Robbers (R-2…R-6).
//!
//! A [`Track`] holds every player's score (its marker stands on `score mod 50`) and every
//! player's robber (in supply or on a space). Without robbers it only adds points. A turn's
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
use crate::core::stats::Tally;

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

/// Scores, score markers and robbers.
#[derive(Clone, Copy, Debug)]
pub struct Track {
    players: u8,
    scores: [i32; MAX_PLAYERS],
    robbers: [u8; MAX_PLAYERS],
    pending: [[Scoring; MAX_TURN_SCORINGS]; MAX_PLAYERS],
    n_pending: [u8; MAX_PLAYERS],
    /// Players whose first scoring is chosen (bit per player).
    ordered: u8,
    victims: [u8; MAX_PLAYERS],
}

impl Track {
    /// A track with every score 0 and every robber in its owner's supply.
    pub fn new(players: usize) -> Track {
        assert!(players <= MAX_PLAYERS);
        Track {
            players: players as u8,
            scores: [0; MAX_PLAYERS],
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

    /// Every player's score.
    pub fn scores(&self) -> &[i32] {
        &self.scores[..self.players()]
    }

    /// Sets a score (to set up positions such as the rules' examples).
    pub fn set_score(&mut self, player: usize, score: i32) {
        self.scores[player] = score;
    }

    /// C-6: the space of `player`'s score marker.
    pub fn position(&self, player: usize) -> u8 {
        self.scores[player].rem_euclid(TRACK_SPACES) as u8
    }

    /// The space of `player`'s robber, or `None` while it is in their supply.
    pub fn robber(&self, player: usize) -> Option<u8> {
        (self.robbers[player] != IN_SUPPLY).then_some(self.robbers[player])
    }

    /// Calls `f` with every space `player` may put their robber on: each space holding a
    /// marker of another player, once, in player order, except the robber's current space.
    pub fn robber_spaces(&self, player: usize, mut f: impl FnMut(u8)) {
        let others = (0..self.players()).filter(|&q| q != player);
        for q in others.clone() {
            let space = self.position(q);
            let seen = others.clone().take_while(|&r| r != q);
            if self.robbers[player] != space && !seen.map(|r| self.position(r)).any(|s| s == space)
            {
                f(space);
            }
        }
    }

    /// puts `player`'s robber on `space` (from their supply or from another space).
    pub fn put_robber(&mut self, player: usize, space: u8) {
        debug_assert!((0..self.players()).any(|q| q != player && self.position(q) == space));
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
    fn targeted(&self, player: usize) -> bool {
        let space = self.position(player);
        (0..self.players()).any(|r| r != player && self.robbers[r] == space)
    }

    /// Calls `f` with each player `robber_owner`'s robber may rob this turn: other players on
    /// its space with a scoring noted.
    pub fn rob_candidates(&self, robber_owner: usize, mut f: impl FnMut(usize)) {
        let space = self.robbers[robber_owner];
        for q in 0..self.players() {
            if q != robber_owner && self.n_pending[q] > 0 && self.position(q) == space {
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
    pub fn next_decision(&self, active: usize) -> Option<TrackDecision> {
        let order = self.clockwise(active).find(|&p| {
            let list = self.pending(p);
            self.ordered & (1 << p) == 0
                && list.iter().any(|s| s.points != list[0].points)
                && self.targeted(p)
        });
        if let Some(p) = order {
            return Some(TrackDecision::FirstScoring(p));
        }
        self.clockwise(active)
            .find(|&o| {
                let mut candidates = 0;
                self.rob_candidates(o, |_| candidates += 1);
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

    /// Scores the turn (steps 1–4 of the module documentation) and clears it.
    pub fn resolve(&mut self, active: usize, stats: &mut [PlayerStats; MAX_PLAYERS]) {
        let mut stolen = [0i32; MAX_PLAYERS];
        for (o, theft) in stolen.iter_mut().enumerate().take(self.players()) {
            if self.robbers[o] == IN_SUPPLY {
                continue;
            }
            let mut victim = self.victims[o] as usize;
            if self.victims[o] == NOBODY {
                self.rob_candidates(o, |q| victim = q);
            }
            if victim < MAX_PLAYERS {
                *theft = half_up(self.pending[victim][0].points);
                self.robbers[o] = IN_SUPPLY;
            }
        }
        for p in 0..self.players() {
            if self.n_pending[p] > 0 {
                let s = self.pending[p][0];
                self.award(p, s.source, s.points as i32, stats);
            }
        }
        for o in self.clockwise(active) {
            if stolen[o] > 0 {
                self.award_stolen(o, stolen[o], stats);
            }
        }
        for p in self.clockwise(active) {
            for k in 1..self.n_pending[p] as usize {
                let s = self.pending[p][k];
                let space = self.position(p);
                self.award(p, s.source, s.points as i32, stats);
                for o in 0..self.players() {
                    if o != p && self.robbers[o] == space {
                        self.robbers[o] = IN_SUPPLY;
                        self.award_stolen(o, half_up(s.points), stats);
                    }
                }
            }
        }
        self.n_pending = [0; MAX_PLAYERS];
        self.ordered = 0;
        self.victims = [NOBODY; MAX_PLAYERS];
    }

    /// Adds points that no robber watches (final scoring, C-4).
    pub fn award(
        &mut self,
        player: usize,
        source: PointSource,
        points: i32,
        stats: &mut [PlayerStats; MAX_PLAYERS],
    ) {
        self.scores[player] += points;
        stats[player].add_points(source, points);
    }

    /// a thief's marker moves by its stolen points; robbers on its space move along.
    fn award_stolen(&mut self, thief: usize, points: i32, stats: &mut [PlayerStats; MAX_PLAYERS]) {
        self.award_carrying(thief, PointSource::Robbery, points, stats);
    }

    /// Moves `player`'s marker by `points` (possibly negative) without any theft; robbers on
    /// its space move along with it (R-4; B-7 bazaar payments, which are not scorings).
    pub fn award_carrying(
        &mut self,
        player: usize,
        source: PointSource,
        points: i32,
        stats: &mut [PlayerStats; MAX_PLAYERS],
    ) {
        let from = self.position(player);
        self.award(player, source, points, stats);
        let to = self.position(player);
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
        stats: &mut [PlayerStats; MAX_PLAYERS],
    ) -> u8 {
        let from = self.position(player);
        self.award(player, source, -points, stats);
        let to = self.position(player);
        if from == to {
            return 0;
        }
        let mut choosers = 0;
        for r in 0..self.players() {
            if r == player || self.robbers[r] != from {
                continue;
            }
            let others =
                (0..self.players()).any(|q| q != player && q != r && self.position(q) == from);
            if others {
                choosers |= 1 << r;
            } else {
                self.robbers[r] = to;
            }
        }
        choosers
    }

    /// every robber still on the track scores its owner 3 points and returns.
    pub fn finish(&mut self, stats: &mut [PlayerStats; MAX_PLAYERS]) {
        for p in 0..self.players() {
            if self.robbers[p] != IN_SUPPLY {
                self.robbers[p] = IN_SUPPLY;
                self.award(p, PointSource::FinalRobber, ROBBER_FINAL_POINTS, stats);
            }
        }
    }
}

/// half of `points`, rounded up.
fn half_up(points: u16) -> i32 {
    (points as i32 + 1) / 2
}
