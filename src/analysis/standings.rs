//! Standings: per-agent results and ratings from a games table (`standings.csv`, the printed
//! table; columns in `docs/csv.md`).

use super::ratings::RatingModel;
use super::tally::Tally;
use crate::io::games_csv::{group_games, GamesCsvError, GamesTable};
use std::fmt::Write as _;

/// Widest agent column of the standings table; longer labels overflow it.
const MAX_LABEL_COLUMN: usize = 60;

/// Default number of bootstrap resamples for rating intervals.
pub const DEFAULT_RESAMPLES: usize = 200;

/// Seed of the bootstrap resamples (fixed, so standings are reproducible).
pub const BOOTSTRAP_SEED: u64 = 0x5ca1_ab1e;

/// Prefix of the statistics columns that hold points by source.
pub const POINTS_PREFIX: &str = "points_";

/// One agent's line of the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct AgentStanding {
    /// Agent spec label.
    pub agent: String,
    /// Seats played (an agent holding two seats of one game counts twice).
    pub games: usize,
    /// Sum of win shares (a tie for first between k seats gives each 1/k).
    pub wins: f64,
    /// `wins / games`.
    pub win_rate: f64,
    /// Wilson 95% interval of the win rate.
    pub win_rate_ci: (f64, f64),
    /// Mean final score.
    pub mean_score: f64,
    /// Half-width of the 95% interval of the mean score (NaN with one game).
    pub score_ci: f64,
    /// Mean competition rank (1 = first).
    pub mean_rank: f64,
    /// Mean points per source, in [`Standings::point_sources`] order.
    pub mean_points: Vec<f64>,
    /// Rating on the Elo scale (mean of all agents = 0).
    pub rating: f64,
    /// Percentile bootstrap 95% interval of the rating; an end is infinite where the games
    /// set no bound ([`unbounded`](crate::analysis::ratings::unbounded): the agent beat, or
    /// lost to, every other agent every time).
    pub rating_ci: (f64, f64),
}

/// Standings of all agents, best rating first.
#[derive(Clone, Debug, PartialEq)]
pub struct Standings {
    /// Number of games.
    pub games: usize,
    /// Seat counts of the games (usually one value).
    pub players: Vec<usize>,
    /// The rating model used.
    pub model: RatingModel,
    /// Bootstrap resamples behind the rating intervals.
    pub resamples: usize,
    /// Point sources (statistics columns named `points_<source>`, without the prefix).
    pub point_sources: Vec<String>,
    /// One line per agent, best rating first (ties by label).
    pub agents: Vec<AgentStanding>,
}

impl Standings {
    /// Computes standings from one or more games tables (rows in any order), every game
    /// checked ([`group_games`]).
    pub fn compute(tables: &[GamesTable], resamples: usize) -> Result<Standings, GamesCsvError> {
        let groups = group_games(tables)?;
        let source = tables.first().map_or("", |t| t.source.as_str());
        let mut tally = Tally::new(tables.first().map_or(&[], |t| &t.stat_names));
        for g in &groups {
            tally.add(&g.seats);
        }
        tally
            .standings(resamples, None)
            .map_err(|message| GamesCsvError {
                location: source.to_string(),
                message,
            })
    }

    /// `standings.csv` text: one row per agent, best first.
    pub fn to_csv(&self) -> String {
        let mut head: Vec<String> = [
            "agent",
            "games",
            "wins",
            "win_rate",
            "win_rate_lo",
            "win_rate_hi",
            "mean_score",
            "mean_score_lo",
            "mean_score_hi",
            "mean_rank",
            "rating",
            "rating_lo",
            "rating_hi",
            "rating_model",
        ]
        .map(String::from)
        .to_vec();
        head.extend(
            self.point_sources
                .iter()
                .map(|s| format!("mean_points_{s}")),
        );
        let mut w = csv::WriterBuilder::new()
            .terminator(csv::Terminator::Any(b'\n'))
            .from_writer(Vec::new());
        w.write_record(&head).expect("in-memory CSV");
        for a in &self.agents {
            let mut rec = vec![
                a.agent.clone(),
                a.games.to_string(),
                num(a.wins, 2),
                num(a.win_rate, 4),
                num(a.win_rate_ci.0, 4),
                num(a.win_rate_ci.1, 4),
                num(a.mean_score, 3),
                num(a.mean_score - a.score_ci, 3),
                num(a.mean_score + a.score_ci, 3),
                num(a.mean_rank, 3),
                num(a.rating, 1),
                num(a.rating_ci.0, 1),
                num(a.rating_ci.1, 1),
                self.model.name().to_string(),
            ];
            rec.extend(a.mean_points.iter().map(|p| num(*p, 3)));
            w.write_record(&rec).expect("in-memory CSV");
        }
        String::from_utf8(w.into_inner().expect("in-memory CSV")).expect("UTF-8 CSV")
    }

    /// The printed standings: results and ratings, then mean points by source.
    pub fn to_table(&self) -> String {
        let mut out = String::new();
        let players: Vec<String> = self.players.iter().map(|p| p.to_string()).collect();
        let _ = writeln!(
            out,
            "Standings: {} games, {} players; rating: {} (Elo scale, 95% CI from {} bootstrap resamples)",
            self.games,
            players.join("/"),
            self.model.name(),
            self.resamples
        );
        // Longer labels are printed whole, past the column (a width beyond 65,535 would not
        // even format).
        let width = self
            .agents
            .iter()
            .map(|a| a.agent.chars().count())
            .chain([5])
            .max()
            .unwrap_or(5)
            .min(MAX_LABEL_COLUMN);
        let _ = writeln!(
            out,
            "{:<width$}  {:>6}  {:>6}  {:>21}  {:>15}  {:>5}  {:>21}",
            "agent",
            "games",
            "wins",
            "win rate [95% CI]",
            "score ± 95% CI",
            "rank",
            "rating [95% CI]"
        );
        for a in &self.agents {
            let win = format!(
                "{:.1}% [{:.1}, {:.1}]",
                100.0 * a.win_rate,
                100.0 * a.win_rate_ci.0,
                100.0 * a.win_rate_ci.1
            );
            let score = if a.score_ci.is_nan() {
                format!("{:.1}", a.mean_score)
            } else {
                format!("{:.1} ± {:.1}", a.mean_score, a.score_ci)
            };
            let rating = if a.rating_ci.0.is_nan() {
                format!("{:+.0}", a.rating)
            } else {
                format!(
                    "{:+.0} [{:+.0}, {:+.0}]",
                    a.rating, a.rating_ci.0, a.rating_ci.1
                )
            };
            let _ = writeln!(
                out,
                "{:<width$}  {:>6}  {:>6}  {:>21}  {:>15}  {:>5.2}  {:>21}",
                a.agent,
                a.games,
                trim_num(a.wins),
                win,
                score,
                a.mean_rank,
                rating
            );
        }
        if !self.point_sources.is_empty() {
            let _ = writeln!(out, "\nMean points by source:");
            let cols: Vec<usize> = self.point_sources.iter().map(|s| s.len().max(6)).collect();
            let _ = write!(out, "{:<width$}", "agent");
            for (s, w) in self.point_sources.iter().zip(&cols) {
                let _ = write!(out, "  {s:>w$}");
            }
            out.push('\n');
            for a in &self.agents {
                let _ = write!(out, "{:<width$}", a.agent);
                for (p, w) in a.mean_points.iter().zip(&cols) {
                    let _ = write!(out, "  {p:>w$.2}");
                }
                out.push('\n');
            }
        }
        out
    }
}

/// Fixed-precision number for CSV; empty for NaN (pandas reads it as missing).
fn num(v: f64, decimals: usize) -> String {
    if v.is_nan() {
        String::new()
    } else {
        format!("{v:.decimals$}")
    }
}

/// A win count without a trailing `.0` when whole.
fn trim_num(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v:.2}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::games_csv::GameRow;

    fn row(game_index: u64, seat: usize, agent: &str, score: i64, win_share: f64) -> GameRow {
        let rank = if win_share > 0.0 { 1 } else { 2 };
        GameRow::sample(game_index, seat, agent, score, rank, win_share)
    }

    fn table(rows: Vec<GameRow>) -> GamesTable {
        GamesTable {
            source: "g.csv".into(),
            stat_names: vec!["points_path".into(), "actions_place".into()],
            variant_column: false,
            rows,
        }
    }

    fn sample() -> Vec<GameRow> {
        let mut rows = Vec::new();
        for g in 0..10u64 {
            let (a, b) = if g % 2 == 0 {
                ("strong", "weak")
            } else {
                ("weak", "strong")
            };
            let strong_wins = g != 3;
            let (sa, sb) = if (a == "strong") == strong_wins {
                (20, 10)
            } else {
                (10, 20)
            };
            rows.push(row(g, 0, a, sa, if sa > sb { 1.0 } else { 0.0 }));
            rows.push(row(g, 1, b, sb, if sb > sa { 1.0 } else { 0.0 }));
        }
        rows
    }

    #[test]
    fn standings_count_wins_scores_and_points() {
        let s = Standings::compute(&[table(sample())], 20).unwrap();
        assert_eq!(s.games, 10);
        assert_eq!(s.model, RatingModel::BradleyTerry);
        assert_eq!(s.point_sources, vec!["path".to_string()]);
        let top = &s.agents[0];
        assert_eq!(top.agent, "strong");
        assert_eq!((top.games, top.wins), (10, 9.0));
        assert!((top.mean_score - 19.0).abs() < 1e-12);
        assert_eq!(top.mean_points, vec![19.0]);
        assert!(top.rating > 0.0 && s.agents[1].rating < 0.0);
        let text = s.to_table();
        assert!(
            text.contains("strong") && text.contains("Bradley-Terry"),
            "{text}"
        );
        let csv = s.to_csv();
        assert!(csv.starts_with("agent,games,wins,win_rate,"), "{csv}");
        assert!(csv.lines().next().unwrap().ends_with("mean_points_path"));
    }

    /// Issue 20: an agent that wins every game has no upper bound on its rating, and the
    /// other none below; the bootstrap alone would report a point (`+323 [+323, +323]`).
    #[test]
    fn sweeps_have_open_rating_intervals() {
        let rows = (sample().into_iter())
            .map(|mut r| {
                let strong = r.agent == "strong";
                (r.score, r.rank, r.win_share) = if strong { (20, 1, 1.0) } else { (10, 2, 0.0) };
                r
            })
            .collect();
        let s = Standings::compute(&[table(rows)], 20).unwrap();
        let (top, bottom) = (&s.agents[0], &s.agents[1]);
        assert_eq!(top.agent, "strong");
        assert!(top.rating.is_finite() && top.rating > 0.0);
        assert_eq!(top.rating_ci.1, f64::INFINITY);
        assert!(top.rating_ci.0.is_finite());
        assert_eq!(bottom.rating_ci.0, f64::NEG_INFINITY);
        let text = s.to_table();
        assert!(
            text.contains(", +inf]") && text.contains("[-inf, "),
            "{text}"
        );
        assert!(s.to_csv().contains(",inf,"), "{}", s.to_csv());
        // 9 of 10 (sample()) leaves both ends finite.
        let s = Standings::compute(&[table(sample())], 20).unwrap();
        assert!(s
            .agents
            .iter()
            .all(|a| a.rating_ci.0.is_finite() && a.rating_ci.1.is_finite()));
    }

    /// Issue 21: a label of 65,536 characters or more used to panic the table ("Formatting
    /// argument out of range"); it is printed whole, past a column of bounded width.
    #[test]
    fn huge_labels_print_whole() {
        let huge = "x".repeat(70_000);
        let rows = (sample().into_iter())
            .map(|mut r| {
                if r.agent == "weak" {
                    r.agent = huge.clone();
                }
                r
            })
            .collect();
        let text = Standings::compute(&[table(rows)], 5).unwrap().to_table();
        assert!(text.contains(&huge));
        let strong = text.lines().find(|l| l.starts_with("strong")).unwrap();
        assert!(strong.len() < 300, "{strong}");
    }

    #[test]
    fn row_order_does_not_matter() {
        let mut rows = sample();
        let a = Standings::compute(&[table(rows.clone())], 20).unwrap();
        rows.reverse();
        let b = Standings::compute(&[table(rows)], 20).unwrap();
        assert_eq!(a, b);
    }
}
