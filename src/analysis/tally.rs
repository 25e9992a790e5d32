//! Standings from a stream of games in memory that does not grow with their number: per agent
//! the sums behind every standings column, and the rating models' sufficient statistics — how
//! many games had each seating and finishing order — so that a million games cost what a
//! hundred do and the ratings are exactly those of the whole file.

use super::ratings::{anchored, bootstrap_intervals, unbounded, RatedGame, RatingModel};
use super::standings::{AgentStanding, Standings, BOOTSTRAP_SEED, POINTS_PREFIX};
use super::wilson::{wilson_interval, Z95};
use crate::io::games_csv::GameRow;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::str::FromStr;

/// `--anchor AGENT=RATING`: the agent whose rating is fixed, so ladders of different runs that
/// share it compare (e.g. `random=0`).
#[derive(Clone, Debug, PartialEq)]
pub struct Anchor {
    /// Agent label.
    pub agent: String,
    /// Its rating on the Elo scale.
    pub rating: f64,
}

impl FromStr for Anchor {
    type Err = String;

    /// Parses `AGENT=RATING`; the label may itself hold `=` (the last one separates).
    fn from_str(text: &str) -> Result<Anchor, String> {
        let (agent, rating) = text.rsplit_once('=').ok_or_else(|| {
            format!("bad anchor \"{text}\": expected AGENT=RATING, e.g. random=0")
        })?;
        let rating: f64 = rating
            .trim()
            .parse()
            .ok()
            .filter(|r: &f64| r.is_finite())
            .ok_or_else(|| format!("bad anchor \"{text}\": rating \"{rating}\" is not a number"))?;
        if agent.is_empty() {
            return Err(format!("bad anchor \"{text}\": the agent label is empty"));
        }
        Ok(Anchor {
            agent: agent.to_string(),
            rating,
        })
    }
}

/// One agent's sums over its seats.
#[derive(Clone, Debug, Default)]
struct Sums {
    seats: u64,
    wins: f64,
    score: i128,
    /// Sum of squared scores; `None` once it no longer fits (scores near the `i64` limits,
    /// found only in broken files), which leaves the score interval undefined.
    score_squares: Option<i128>,
    ranks: u64,
    points: Vec<i64>,
}

/// The running totals of a stream of games (see the module documentation).
#[derive(Clone, Debug)]
pub struct Tally {
    /// Statistics columns of the games.
    stat_names: Vec<String>,
    /// Positions of the `points_*` columns among them.
    point_cols: Vec<usize>,
    /// Agent labels, by first appearance.
    labels: HashMap<String, usize>,
    /// Sums per agent, by first appearance.
    sums: Vec<Sums>,
    /// Games per (agent of each seat, competition rank of each seat).
    outcomes: HashMap<(Vec<usize>, Vec<usize>), u64>,
    /// Seat counts seen.
    players: BTreeSet<usize>,
    /// Games added.
    games: u64,
}

impl Tally {
    /// An empty tally of games with these statistics columns.
    pub fn new(stat_names: &[String]) -> Tally {
        Tally {
            stat_names: stat_names.to_vec(),
            point_cols: (0..stat_names.len())
                .filter(|&i| stat_names[i].starts_with(POINTS_PREFIX))
                .collect(),
            labels: HashMap::new(),
            sums: Vec::new(),
            outcomes: HashMap::new(),
            players: BTreeSet::new(),
            games: 0,
        }
    }

    /// Adds one game: its rows, one per seat, seat 0 first, already checked to fit each other.
    pub fn add(&mut self, seats: &[&GameRow]) {
        let mut agents = Vec::with_capacity(seats.len());
        for r in seats {
            let next = self.labels.len();
            let a = *self.labels.entry(r.agent.clone()).or_insert(next);
            if a == self.sums.len() {
                self.sums.push(Sums {
                    points: vec![0; self.point_cols.len()],
                    score_squares: Some(0),
                    ..Sums::default()
                });
            }
            let s = &mut self.sums[a];
            s.seats += 1;
            s.wins += r.win_share;
            s.score += i128::from(r.score);
            let square = i128::from(r.score).checked_mul(i128::from(r.score));
            s.score_squares = s
                .score_squares
                .zip(square)
                .and_then(|(sum, sq)| sum.checked_add(sq));
            s.ranks += r.rank as u64;
            for (p, &c) in s.points.iter_mut().zip(&self.point_cols) {
                *p += r.stats[c];
            }
            agents.push(a);
        }
        let ranks = seats.iter().map(|r| r.rank).collect();
        *self.outcomes.entry((agents, ranks)).or_insert(0) += 1;
        self.players.insert(seats.len());
        self.games += 1;
    }

    /// The statistics columns of the games.
    pub fn stat_names(&self) -> &[String] {
        &self.stat_names
    }

    /// The standings of the games added: ratings fitted to the counted outcomes, intervals from
    /// `resamples` bootstrap resamples, placed on the scale by `anchor` (else centred on the
    /// agents' mean). Errors when there are no games or the anchor's agent did not play.
    pub fn standings(
        &self,
        resamples: usize,
        anchor: Option<&Anchor>,
    ) -> Result<Standings, String> {
        if self.games == 0 {
            return Err("no games to summarise".into());
        }
        // Agents in label order, so the result does not depend on the order of the games.
        let by_label: BTreeMap<&str, usize> =
            self.labels.iter().map(|(l, &a)| (l.as_str(), a)).collect();
        let mut index = vec![0; self.sums.len()];
        for (i, &a) in by_label.values().enumerate() {
            index[a] = i;
        }
        let n = by_label.len();
        let anchor = match anchor {
            None => None,
            Some(an) => {
                let a = self.labels.get(&an.agent).ok_or_else(|| {
                    let names: Vec<&str> = by_label.keys().copied().collect();
                    format!(
                        "--anchor {}: no agent {} in these games (agents: {})",
                        an.agent,
                        an.agent,
                        names.join(", ")
                    )
                })?;
                Some((index[*a], an.rating))
            }
        };
        let rated: Vec<RatedGame> = self
            .outcomes
            .iter()
            .map(|((agents, ranks), &count)| RatedGame {
                agents: agents.iter().map(|&a| index[a]).collect(),
                // The models use only the order of the scores: rank 1 scores highest.
                scores: ranks.iter().map(|&r| -(r as f64)).collect(),
                count,
            })
            .collect::<Vec<_>>();
        let mut rated = rated;
        rated.sort_by(|x, y| {
            (&x.agents, &x.scores)
                .partial_cmp(&(&y.agents, &y.scores))
                .expect("ranks are finite")
        });
        let model = RatingModel::for_games(&rated);
        let ratings = anchored(model.fit(&rated, n), anchor);
        let mut cis = bootstrap_intervals(model, &rated, n, (resamples, BOOTSTRAP_SEED), anchor);
        for (ci, (no_lower, no_upper)) in cis.iter_mut().zip(unbounded(&rated, n)) {
            if no_lower {
                ci.0 = f64::NEG_INFINITY;
            }
            if no_upper {
                ci.1 = f64::INFINITY;
            }
        }
        let mut agents: Vec<AgentStanding> = by_label
            .iter()
            .enumerate()
            .map(|(i, (&label, &a))| {
                let s = &self.sums[a];
                let g = s.seats as f64;
                AgentStanding {
                    agent: label.to_string(),
                    games: s.seats as usize,
                    wins: s.wins,
                    win_rate: s.wins / g,
                    win_rate_ci: wilson_interval(s.wins, g, Z95),
                    mean_score: s.score as f64 / g,
                    score_ci: score_half_width(s),
                    mean_rank: s.ranks as f64 / g,
                    mean_points: s.points.iter().map(|&p| p as f64 / g).collect(),
                    rating: ratings[i],
                    rating_ci: cis[i],
                }
            })
            .collect();
        agents.sort_by(|x, y| y.rating.total_cmp(&x.rating).then(x.agent.cmp(&y.agent)));
        Ok(Standings {
            games: self.games as usize,
            players: self.players.iter().copied().collect(),
            model,
            resamples,
            point_sources: self
                .point_cols
                .iter()
                .map(|&c| self.stat_names[c][POINTS_PREFIX.len()..].to_string())
                .collect(),
            agents,
        })
    }
}

/// Half-width of the 95% interval of the mean score, `1.96·sd/√n`, from exact integer sums
/// (NaN below two seats, or where the sums no longer fit).
fn score_half_width(s: &Sums) -> f64 {
    let n = i128::from(s.seats);
    // n·Σx² − (Σx)² = n·(n − 1)·variance, exact in integers.
    let spread = s.score_squares.and_then(|squares| {
        n.checked_mul(squares)?
            .checked_sub(s.score.checked_mul(s.score)?)
    });
    match spread {
        Some(spread) if s.seats >= 2 => {
            let variance = spread as f64 / (n * (n - 1)) as f64;
            Z95 * (variance / n as f64).sqrt()
        }
        _ => f64::NAN,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extreme_scores_leave_the_interval_undefined_without_panicking() {
        let row = |seat: usize, score: i64, rank: usize, share: f64| {
            GameRow::sample(0, seat, &format!("a{seat}"), score, rank, share)
        };
        let mut tally = Tally::new(&[]);
        let game = [row(0, i64::MAX, 1, 1.0), row(1, i64::MIN, 2, 0.0)];
        for _ in 0..3 {
            tally.add(&game.iter().collect::<Vec<_>>());
        }
        let standings = tally.standings(5, None).unwrap();
        assert!(standings.agents.iter().all(|a| a.score_ci.is_nan()));
        let mut small = Tally::new(&[]);
        let game = [row(0, 7, 1, 1.0), row(1, 3, 2, 0.0)];
        small.add(&game.iter().collect::<Vec<_>>());
        small.add(&game.iter().collect::<Vec<_>>());
        let a0 = &small.standings(5, None).unwrap().agents[0];
        assert_eq!((a0.mean_score, a0.score_ci), (7.0, 0.0));
    }

    #[test]
    fn anchors_parse_and_refuse_junk() {
        let a: Anchor = "random=0".parse().unwrap();
        assert_eq!((a.agent.as_str(), a.rating), ("random", 0.0));
        let b: Anchor = "mcts:iters=200=-150.5".parse().unwrap();
        assert_eq!((b.agent.as_str(), b.rating), ("mcts:iters=200", -150.5));
        for bad in ["random", "=3", "random=x", "random=NaN", "random=inf"] {
            assert!(bad.parse::<Anchor>().is_err(), "{bad}");
        }
    }
}
