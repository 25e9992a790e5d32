//! Ratings from game results: Bradley–Terry (2-player games) and Plackett–Luce (n-player
//! games), fitted with Hunter's MM algorithm on `ndarray` arrays, with bootstrap intervals.
//!
//! Both models give agent `i` a strength `γᵢ > 0`. Bradley–Terry: `P(i beats j) = γᵢ/(γᵢ+γⱼ)`.
//! Plackett–Luce: a finishing order is drawn best first, each place going to a remaining seat
//! with probability proportional to its strength. A tie is counted as every order of the tied
//! seats with equal weight (a 2-player draw is half a win each). Both fits add one virtual
//! draw between every pair of agents, which keeps strengths finite when an agent never wins
//! and ties agents that never met to each other. On 2-player games the two models coincide.
//!
//! Ratings are reported on the Elo scale, `400 · log10 γ`, centred on the agents' mean, so a
//! 200-point gap means the stronger agent wins a 2-player game with probability ≈ 0.76.

use crate::core::rng::{below, derive_seed, rng_from_seed};
use ndarray::{Array1, Array2};
use rayon::prelude::*;

/// Weight of the virtual draw added between every pair of agents.
pub const PRIOR_DRAWS: f64 = 1.0;

/// Largest number of MM iterations.
const MAX_ITERATIONS: usize = 100_000;

/// Convergence threshold on the largest change of a log-strength.
const TOLERANCE: f64 = 1e-10;

/// Games as the rating models see them: agent index and score per seat, and how many games
/// had this seating and outcome. The models use only the order of the scores, so games that
/// differ only in their scores' values can share one entry (the sufficient statistics of a
/// games file: a few entries however many games it holds).
#[derive(Clone, Debug, PartialEq)]
pub struct RatedGame {
    /// Agent index of each seat (an agent may hold several seats).
    pub agents: Vec<usize>,
    /// Final score of each seat.
    pub scores: Vec<f64>,
    /// Number of games this entry stands for.
    pub count: u64,
}

/// Which model a fit used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RatingModel {
    /// Pairwise model for 2-player games.
    BradleyTerry,
    /// Ranking model for games with more seats.
    PlackettLuce,
}

impl RatingModel {
    /// Bradley–Terry when every game has exactly two seats, otherwise Plackett–Luce.
    pub fn for_games(games: &[RatedGame]) -> RatingModel {
        if games.iter().all(|g| g.agents.len() == 2) {
            RatingModel::BradleyTerry
        } else {
            RatingModel::PlackettLuce
        }
    }

    /// Human-readable name.
    pub fn name(self) -> &'static str {
        match self {
            RatingModel::BradleyTerry => "Bradley-Terry",
            RatingModel::PlackettLuce => "Plackett-Luce",
        }
    }

    /// Fits the model; returns Elo-scale ratings, one per agent, centred on 0.
    pub fn fit(self, games: &[RatedGame], agents: usize) -> Array1<f64> {
        let log_strength = match self {
            RatingModel::BradleyTerry => bradley_terry(&win_matrix(games, agents)),
            RatingModel::PlackettLuce => plackett_luce(&rankings(games, agents), agents),
        };
        to_elo(&log_strength)
    }
}

/// Elo-scale ratings `400 · log10 γ`, centred on their mean, from natural log-strengths.
pub fn to_elo(log_strength: &Array1<f64>) -> Array1<f64> {
    let mean = log_strength.mean().unwrap_or(0.0);
    log_strength.mapv(|t| (t - mean) * 400.0 / std::f64::consts::LN_10)
}

/// `wins[[i, j]]`: wins of agent `i` over agent `j` in 2-player games (draws count ½ each),
/// plus the prior's virtual draws.
pub fn win_matrix(games: &[RatedGame], agents: usize) -> Array2<f64> {
    let mut w = Array2::from_elem((agents, agents), PRIOR_DRAWS / 2.0);
    w.diag_mut().fill(0.0);
    for g in games.iter().filter(|g| g.agents.len() == 2) {
        let (a, b) = (g.agents[0], g.agents[1]);
        if a == b {
            continue;
        }
        let (sa, sb) = (g.scores[0], g.scores[1]);
        let share = if sa > sb {
            1.0
        } else if sa < sb {
            0.0
        } else {
            0.5
        };
        let n = g.count as f64;
        w[[a, b]] += share * n;
        w[[b, a]] += (1.0 - share) * n;
    }
    w
}

/// Fits Bradley–Terry strengths to a win matrix by MM; returns natural log-strengths with
/// mean 0.
pub fn bradley_terry(wins: &Array2<f64>) -> Array1<f64> {
    let n = wins.nrows();
    let played = wins + &wins.t();
    let total_wins = wins.sum_axis(ndarray::Axis(1));
    let mut gamma = Array1::<f64>::ones(n);
    for _ in 0..MAX_ITERATIONS {
        let mut next = Array1::<f64>::zeros(n);
        for i in 0..n {
            let denom: f64 = (0..n)
                .filter(|&j| j != i && played[[i, j]] > 0.0)
                .map(|j| played[[i, j]] / (gamma[i] + gamma[j]))
                .sum();
            next[i] = if denom > 0.0 {
                total_wins[i] / denom
            } else {
                gamma[i]
            };
        }
        if normalise_and_converged(&mut gamma, next) {
            break;
        }
    }
    gamma.mapv(f64::ln)
}

/// One finishing order, best first, as agent indices, with a weight.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranking {
    /// Agent indices from first place to last.
    pub order: Vec<usize>,
    /// Weight (ties spread one game over several orders).
    pub weight: f64,
}

/// Finishing orders of the games (ties expanded into every order of the tied seats) plus the
/// prior's virtual draws.
pub fn rankings(games: &[RatedGame], agents: usize) -> Vec<Ranking> {
    let mut out = Vec::new();
    for i in 0..agents {
        for j in i + 1..agents {
            for order in [vec![i, j], vec![j, i]] {
                out.push(Ranking {
                    order,
                    weight: PRIOR_DRAWS / 2.0,
                });
            }
        }
    }
    for g in games {
        let mut seats: Vec<usize> = (0..g.agents.len()).collect();
        seats.sort_by(|&a, &b| g.scores[b].total_cmp(&g.scores[a]).then(a.cmp(&b)));
        let mut groups: Vec<Vec<usize>> = Vec::new();
        let mut last_score = None;
        for s in seats {
            match groups.last_mut() {
                Some(grp) if last_score == Some(g.scores[s]) => grp.push(g.agents[s]),
                _ => groups.push(vec![g.agents[s]]),
            }
            last_score = Some(g.scores[s]);
        }
        let orders = expand_ties(&groups);
        let weight = g.count as f64 / orders.len() as f64;
        out.extend(orders.into_iter().map(|order| Ranking { order, weight }));
    }
    out
}

/// Every order consistent with the tie groups (groups in order, members in any order).
fn expand_ties(groups: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let mut orders = vec![Vec::new()];
    for group in groups {
        let perms = permutations(group);
        orders = orders
            .iter()
            .flat_map(|prefix| {
                perms.iter().map(move |p| {
                    let mut o: Vec<usize> = prefix.clone();
                    o.extend(p);
                    o
                })
            })
            .collect();
    }
    orders
}

fn permutations(items: &[usize]) -> Vec<Vec<usize>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut out = Vec::new();
    for i in 0..items.len() {
        let mut rest = items.to_vec();
        let first = rest.remove(i);
        for mut p in permutations(&rest) {
            p.insert(0, first);
            out.push(p);
        }
    }
    out
}

/// Fits Plackett–Luce strengths to finishing orders by MM (Hunter 2004); returns natural
/// log-strengths with mean 0. An agent may appear several times in one order.
pub fn plackett_luce(rankings: &[Ranking], agents: usize) -> Array1<f64> {
    // Wins: weighted number of stages (all places but the last) each agent takes.
    let mut stage_wins = Array1::<f64>::zeros(agents);
    for r in rankings {
        for &a in &r.order[..r.order.len().saturating_sub(1)] {
            stage_wins[a] += r.weight;
        }
    }
    let mut gamma = Array1::<f64>::ones(agents);
    let mut suffix = Vec::new();
    for _ in 0..MAX_ITERATIONS {
        let mut denom = Array1::<f64>::zeros(agents);
        for r in rankings {
            let m = r.order.len();
            suffix.clear();
            suffix.resize(m + 1, 0.0);
            for i in (0..m).rev() {
                suffix[i] = suffix[i + 1] + gamma[r.order[i]];
            }
            // Agent at place s is still in the running at stages 0..=min(s, m - 2).
            let mut running = 0.0;
            for s in 0..m {
                if s + 1 < m {
                    running += r.weight / suffix[s];
                }
                denom[r.order[s]] += running;
            }
        }
        let next = Array1::from_iter((0..agents).map(|a| {
            if denom[a] > 0.0 {
                stage_wins[a] / denom[a]
            } else {
                gamma[a]
            }
        }));
        if normalise_and_converged(&mut gamma, next) {
            break;
        }
    }
    gamma.mapv(f64::ln)
}

/// Rescales `next` to geometric mean 1, stores it in `gamma`, and says whether no
/// log-strength moved by more than the tolerance.
fn normalise_and_converged(gamma: &mut Array1<f64>, mut next: Array1<f64>) -> bool {
    next.mapv_inplace(|g| g.max(1e-300));
    let log_mean = next.mapv(f64::ln).mean().unwrap_or(0.0);
    next.mapv_inplace(|g| g / log_mean.exp());
    let change = next
        .iter()
        .zip(gamma.iter())
        .map(|(a, b)| (a.ln() - b.ln()).abs())
        .fold(0.0, f64::max);
    *gamma = next;
    change < TOLERANCE
}

/// Percentile bootstrap 95% intervals of the ratings: `resamples` refits on games drawn with
/// replacement (as many as the entries' counts add up to, each entry drawn in proportion to
/// its count), resample `b` seeded with `derive_seed(seed, b)` (so results are reproducible
/// and independent of thread count). Each refit is placed on the scale by `anchor` (see
/// [`anchored`]). Returns `(low, high)` per agent.
pub fn bootstrap_intervals(
    model: RatingModel,
    games: &[RatedGame],
    agents: usize,
    (resamples, seed): (usize, u64),
    anchor: Option<(usize, f64)>,
) -> Vec<(f64, f64)> {
    let total: u64 = games.iter().map(|g| g.count).sum();
    if resamples == 0 || total == 0 {
        return vec![(f64::NAN, f64::NAN); agents];
    }
    // Cumulative counts: draw d (0..total) falls on the first entry whose end exceeds it.
    let ends: Vec<u64> = games
        .iter()
        .scan(0, |end, g| {
            *end += g.count;
            Some(*end)
        })
        .collect();
    let fits: Vec<Array1<f64>> = (0..resamples as u64)
        .into_par_iter()
        .map(|b| {
            let mut rng = rng_from_seed(derive_seed(seed, b));
            let mut counts = vec![0u64; games.len()];
            for _ in 0..total {
                let d = below(&mut rng, total as usize) as u64;
                counts[ends.partition_point(|&end| end <= d)] += 1;
            }
            let sample: Vec<RatedGame> = games
                .iter()
                .zip(counts)
                .filter(|(_, c)| *c > 0)
                .map(|(g, count)| RatedGame { count, ..g.clone() })
                .collect();
            anchored(model.fit(&sample, agents), anchor)
        })
        .collect();
    (0..agents)
        .map(|a| {
            let mut v: Vec<f64> = fits.iter().map(|f| f[a]).collect();
            v.sort_by(f64::total_cmp);
            (quantile(&v, 0.025), quantile(&v, 0.975))
        })
        .collect()
}

/// Ratings moved so that agent `a` rates `value` (`anchor = Some((a, value))`), e.g. random at
/// 0 so that ladders of different runs share a scale; unchanged (centred on the agents' mean)
/// without an anchor.
pub fn anchored(ratings: Array1<f64>, anchor: Option<(usize, f64)>) -> Array1<f64> {
    match anchor {
        Some((a, value)) => {
            let shift = value - ratings[a];
            ratings.mapv(|r| r + shift)
        }
        None => ratings,
    }
}

/// Per agent, whether the games leave its rating without a bound: `(no_lower, no_upper)`.
/// An agent whose seats scored strictly more than every other agent's seat in every game it
/// played against another agent has no upper bound (the likelihood grows without end as its
/// strength does; only the prior's virtual draws keep the fit finite, so every bootstrap
/// resample returns the same number), and one that always scored strictly less has no lower
/// bound. Agents that never met another agent have neither.
pub fn unbounded(games: &[RatedGame], agents: usize) -> Vec<(bool, bool)> {
    // (met another agent, ever not above, ever not below)
    let mut seen = vec![(false, false, false); agents];
    for g in games {
        for (i, &a) in g.agents.iter().enumerate() {
            for (j, &b) in g.agents.iter().enumerate() {
                if a == b || i == j {
                    continue;
                }
                let entry = &mut seen[a];
                entry.0 = true;
                entry.1 |= g.scores[i] <= g.scores[j];
                entry.2 |= g.scores[i] >= g.scores[j];
            }
        }
    }
    (seen.into_iter())
        .map(|(met, not_above, not_below)| (met && !not_below, met && !not_above))
        .collect()
}

/// Linear-interpolation quantile of sorted values (not empty).
pub fn quantile(sorted: &[f64], q: f64) -> f64 {
    let pos = q * (sorted.len() - 1) as f64;
    let (lo, hi) = (pos.floor() as usize, pos.ceil() as usize);
    sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(agents: &[usize], scores: &[f64]) -> RatedGame {
        RatedGame {
            agents: agents.to_vec(),
            scores: scores.to_vec(),
            count: 1,
        }
    }

    #[test]
    fn bradley_terry_satisfies_the_likelihood_equations() {
        // Agent 0 beats 1 in 7 of 10, 1 beats 2 in 6 of 10, 0 beats 2 in 8 of 10.
        let mut games = Vec::new();
        for (a, b, wins) in [(0, 1, 7), (1, 2, 6), (0, 2, 8)] {
            for k in 0..10 {
                let s = if k < wins { [1.0, 0.0] } else { [0.0, 1.0] };
                games.push(game(&[a, b], &s));
            }
        }
        let w = win_matrix(&games, 3);
        let theta = bradley_terry(&w);
        let g = theta.mapv(f64::exp);
        // At the optimum each agent's expected wins equal its observed wins.
        for i in 0..3 {
            let expected: f64 = (0..3)
                .filter(|&j| j != i)
                .map(|j| (w[[i, j]] + w[[j, i]]) * g[i] / (g[i] + g[j]))
                .sum();
            let observed: f64 = w.row(i).sum();
            assert!(
                (expected - observed).abs() < 1e-6,
                "{i}: {expected} vs {observed}"
            );
        }
        assert!(theta[0] > theta[1] && theta[1] > theta[2]);
        assert!(theta.sum().abs() < 1e-9);
    }

    #[test]
    fn plackett_luce_on_two_player_games_equals_bradley_terry() {
        let games = vec![
            game(&[0, 1], &[10.0, 5.0]),
            game(&[1, 0], &[7.0, 7.0]),
            game(&[2, 0], &[9.0, 3.0]),
            game(&[1, 2], &[1.0, 2.0]),
            game(&[0, 2], &[4.0, 8.0]),
        ];
        let bt = bradley_terry(&win_matrix(&games, 3));
        let pl = plackett_luce(&rankings(&games, 3), 3);
        for i in 0..3 {
            assert!((bt[i] - pl[i]).abs() < 1e-7, "{bt} vs {pl}");
        }
    }

    #[test]
    fn plackett_luce_orders_a_consistent_field() {
        // Agent 0 always first, 1 second, 2 third, 3 last.
        let games: Vec<RatedGame> = (0..20)
            .map(|k| {
                let seats = [k % 4, (k + 1) % 4, (k + 2) % 4, (k + 3) % 4];
                let scores: Vec<f64> = seats.iter().map(|&a| 10.0 - a as f64).collect();
                game(&seats, &scores)
            })
            .collect();
        let model = RatingModel::for_games(&games);
        assert_eq!(model, RatingModel::PlackettLuce);
        let r = model.fit(&games, 4);
        assert!(r[0] > r[1] && r[1] > r[2] && r[2] > r[3], "{r}");
        assert!(r.sum().abs() < 1e-6);
    }

    #[test]
    fn agent_that_never_wins_gets_a_finite_rating() {
        let games: Vec<RatedGame> = (0..10).map(|_| game(&[0, 1], &[5.0, 1.0])).collect();
        let r = RatingModel::BradleyTerry.fit(&games, 2);
        assert!(r.iter().all(|x| x.is_finite()));
        // 10.5 : 0.5 wins → γ ratio 21 → Elo gap 400·log10(21).
        assert!((r[0] - r[1] - 400.0 * 21f64.log10()).abs() < 1e-6, "{r}");
    }

    #[test]
    fn ties_expand_into_equal_weight_orders() {
        let r = rankings(&[game(&[0, 1, 2], &[5.0, 5.0, 1.0])], 0);
        assert_eq!(r.len(), 2);
        assert_eq!(r[0].order, vec![0, 1, 2]);
        assert_eq!(r[1].order, vec![1, 0, 2]);
        assert_eq!(r[0].weight, 0.5);
    }

    #[test]
    fn bootstrap_is_reproducible_and_brackets_the_fit() {
        let games: Vec<RatedGame> = (0..40)
            .map(|k| {
                let s = if k % 3 == 0 { [0.0, 1.0] } else { [1.0, 0.0] };
                game(&[(k % 2) as usize, 1 - (k % 2) as usize], &s)
            })
            .collect();
        let a = bootstrap_intervals(RatingModel::BradleyTerry, &games, 2, (50, 7), None);
        let b = bootstrap_intervals(RatingModel::BradleyTerry, &games, 2, (50, 7), None);
        assert_eq!(a, b);
        let fit = RatingModel::BradleyTerry.fit(&games, 2);
        for i in 0..2 {
            assert!(a[i].0 <= fit[i] && fit[i] <= a[i].1, "{a:?} {fit}");
        }
    }

    #[test]
    fn counted_entries_fit_like_repeated_games() {
        // Three seatings of a 3-player field, repeated 1, 4 and 2 times.
        let entries = [
            game(&[0, 1, 2], &[9.0, 4.0, 4.0]),
            game(&[1, 2, 0], &[3.0, 8.0, 1.0]),
            game(&[2, 0, 1], &[2.0, 7.0, 5.0]),
        ];
        let repeats = [1, 4, 2];
        let mut repeated = Vec::new();
        let mut counted = Vec::new();
        for (g, n) in entries.iter().zip(repeats) {
            repeated.extend(std::iter::repeat_n(g.clone(), n as usize));
            counted.push(RatedGame {
                count: n,
                ..g.clone()
            });
        }
        let model = RatingModel::PlackettLuce;
        let (a, b) = (model.fit(&repeated, 3), model.fit(&counted, 3));
        for i in 0..3 {
            assert!((a[i] - b[i]).abs() < 1e-9, "{a} vs {b}");
        }
    }

    #[test]
    fn an_anchor_moves_the_fit_and_every_resample() {
        let games: Vec<RatedGame> = (0..30)
            .map(|k| game(&[k % 3, (k + 1) % 3], &[(k % 4) as f64, 1.5]))
            .collect();
        let model = RatingModel::BradleyTerry;
        let fit = anchored(model.fit(&games, 3), Some((2, 100.0)));
        assert!((fit[2] - 100.0).abs() < 1e-9, "{fit}");
        let free = model.fit(&games, 3);
        assert!(((fit[0] - fit[1]) - (free[0] - free[1])).abs() < 1e-9);
        let cis = bootstrap_intervals(model, &games, 3, (20, 1), Some((2, 100.0)));
        assert!((cis[2].0 - 100.0).abs() < 1e-9 && (cis[2].1 - 100.0).abs() < 1e-9);
    }
}
