//! Who sits where: the balanced seatings of a tournament and how game indices map onto them.
//!
//! A *seating* lists, seat by seat, the index of the agent playing that seat. The seatings of
//! one *block* are built in three steps:
//!
//! 1. **Groups** (which agents meet). With at least as many agents as seats, every `players`-
//!    subset of the agent list in lexicographic order (for 2 players: every pair — a round
//!    robin). With fewer agents than seats, the agent list repeated cyclically to fill the
//!    seats, once from each starting agent (so every agent gets the same number of copies).
//! 2. **Rotations**: each group is played in all of its cyclic rotations, one after another, so
//!    each agent of a group plays each seat once per group.
//! 3. Seatings that repeat an earlier one are dropped (only possible with fewer agents than
//!    seats); the set stays closed under rotation, so seats stay balanced.
//!
//! Game `g` of a tournament plays seating `g mod block_len`. A whole number of blocks gives
//! every agent every seat equally often and every group equally many games; rotations of one
//! group are adjacent, so any prefix stops at most one group short of balance.

use std::fmt;

/// Largest block a tournament may have (keeps `C(agents, players) · players` in check).
pub const MAX_BLOCK: usize = 1_000_000;

/// Default number of blocks when `--games` is not given.
pub const DEFAULT_BLOCKS: u64 = 10;

/// A schedule that cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ScheduleError(pub String);

/// The balanced seatings of `agents` agents in games of `players` seats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    agents: usize,
    players: usize,
    seatings: Vec<Vec<usize>>,
}

impl Schedule {
    /// Builds the block of seatings; needs at least 2 agents and 2 seats.
    pub fn new(agents: usize, players: usize) -> Result<Schedule, ScheduleError> {
        if agents < 2 {
            return Err(ScheduleError(format!(
                "a tournament needs at least 2 agents, got {agents}"
            )));
        }
        if players < 2 {
            return Err(ScheduleError(format!(
                "a game needs at least 2 players, got {players}"
            )));
        }
        let groups = if agents >= players {
            if binomial(agents, players).saturating_mul(players) > MAX_BLOCK {
                return Err(ScheduleError(format!(
                    "{agents} agents in {players}-player games need more than {MAX_BLOCK} seatings per block; use fewer agents"
                )));
            }
            combinations(agents, players)
        } else {
            (0..agents)
                .map(|start| (0..players).map(|s| (start + s) % agents).collect())
                .collect()
        };
        let mut seatings: Vec<Vec<usize>> = Vec::new();
        for group in groups {
            for r in 0..players {
                let seating: Vec<usize> = (0..players).map(|s| group[(s + r) % players]).collect();
                if !seatings.contains(&seating) {
                    seatings.push(seating);
                }
            }
        }
        Ok(Schedule {
            agents,
            players,
            seatings,
        })
    }

    /// Number of agents.
    pub fn agents(&self) -> usize {
        self.agents
    }

    /// Number of seats per game.
    pub fn players(&self) -> usize {
        self.players
    }

    /// The seatings of one block, in play order.
    pub fn seatings(&self) -> &[Vec<usize>] {
        &self.seatings
    }

    /// Number of games in one block.
    pub fn block_len(&self) -> usize {
        self.seatings.len()
    }

    /// The seating of game `game_index`: agent index per seat.
    pub fn seating(&self, game_index: u64) -> &[usize] {
        &self.seatings[(game_index % self.seatings.len() as u64) as usize]
    }

    /// The default game count: [`DEFAULT_BLOCKS`] whole blocks.
    pub fn default_games(&self) -> u64 {
        DEFAULT_BLOCKS * self.block_len() as u64
    }

    /// Whether `games` games are an exact number of blocks (perfect seat balance).
    pub fn is_balanced(&self, games: u64) -> bool {
        games.is_multiple_of(self.block_len() as u64)
    }
}

impl fmt::Display for Schedule {
    /// One line: block length and what it is made of.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} seatings per block ({} agents, {} seats, every group in every rotation)",
            self.block_len(),
            self.agents,
            self.players
        )
    }
}

fn binomial(n: usize, k: usize) -> usize {
    (0..k).fold(1usize, |acc, i| acc.saturating_mul(n - i) / (i + 1))
}

/// All `k`-subsets of `0..n`, each ascending, in lexicographic order.
fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut c: Vec<usize> = (0..k).collect();
    loop {
        out.push(c.clone());
        let Some(i) = (0..k).rev().find(|&i| c[i] < n - k + i) else {
            return out;
        };
        c[i] += 1;
        for j in i + 1..k {
            c[j] = c[j - 1] + 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts (agent, seat) occurrences over one block.
    fn seat_counts(s: &Schedule) -> Vec<Vec<usize>> {
        let mut counts = vec![vec![0; s.players()]; s.agents()];
        for seating in s.seatings() {
            for (seat, &a) in seating.iter().enumerate() {
                counts[a][seat] += 1;
            }
        }
        counts
    }

    #[test]
    fn two_players_is_a_double_round_robin() {
        let s = Schedule::new(3, 2).unwrap();
        assert_eq!(
            s.seatings(),
            &[
                vec![0, 1],
                vec![1, 0],
                vec![0, 2],
                vec![2, 0],
                vec![1, 2],
                vec![2, 1]
            ]
        );
        assert_eq!(s.seating(7), &[1, 0]);
        assert_eq!(s.default_games(), 60);
        assert!(s.is_balanced(12) && !s.is_balanced(13));
    }

    #[test]
    fn every_agent_plays_every_seat_equally() {
        for agents in 2..=7 {
            for players in 2..=5 {
                let s = Schedule::new(agents, players).unwrap();
                let counts = seat_counts(&s);
                let first = counts[0][0];
                assert!(first > 0, "{agents} agents, {players} players");
                assert!(
                    counts.iter().flatten().all(|&c| c == first),
                    "{agents} agents, {players} players: {counts:?}"
                );
            }
        }
    }

    #[test]
    fn subsets_cover_every_group_once() {
        let s = Schedule::new(5, 3).unwrap();
        assert_eq!(s.block_len(), 10 * 3);
        assert_eq!(combinations(5, 3).len(), binomial(5, 3));
        assert_eq!(
            s.seatings()[..3],
            [vec![0, 1, 2], vec![1, 2, 0], vec![2, 0, 1]]
        );
    }

    #[test]
    fn fewer_agents_than_seats_fill_cyclically_without_duplicates() {
        let s = Schedule::new(2, 4).unwrap();
        assert_eq!(s.seatings(), &[vec![0, 1, 0, 1], vec![1, 0, 1, 0]]);
        let s = Schedule::new(2, 3).unwrap();
        assert_eq!(s.block_len(), 6);
    }

    #[test]
    fn rejects_degenerate_tournaments() {
        assert!(Schedule::new(1, 2).is_err());
        assert!(Schedule::new(3, 1).is_err());
        assert!(Schedule::new(200, 5).is_err());
    }
}
