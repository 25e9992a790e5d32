//! The summary of an experiment: for every variant and every player, seat, and all seats
//! together, the mean of each metric (win rate, score, rank, points by source, action counts)
//! with its 95% interval, and the paired difference against the baseline variant with a
//! bootstrap interval. Written as `summary.csv` (long format, columns in
//! `docs/experiments.md`), printed as a table, and turned into chart data.

use super::config::{ExperimentConfig, VariantConfig};
use super::plot::{ChartData, ChartRow, Estimate};
use crate::analysis::paired::{PairedDiff, Resamples};
use crate::analysis::standings::{BOOTSTRAP_SEED, POINTS_PREFIX};
use crate::analysis::wilson::{mean_with_ci, wilson_interval, Z95};
use crate::arena::{IndexedRun, Schedule};
use crate::io::games_csv::{group_games, GamesCsvError, GamesTable};
use ndarray::Array3;
use std::fmt::Write as _;

/// Metrics every game has, before the game's statistics columns.
pub const GAME_METRICS: [&str; 3] = ["win_rate", "score", "rank"];

/// Columns of `summary.csv`.
pub const SUMMARY_COLUMNS: [&str; 13] = [
    "variant", "players", "group", "member", "agent", "metric", "n", "mean", "lo", "hi", "diff",
    "diff_lo", "diff_hi",
];

/// Whose results a summary line describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// Every seat of a game together (the per-game mean over seats).
    All,
    /// Player `i` of the spec's agent list, whatever seat rotation gave it.
    Player,
    /// Seat `s` (seat 0 moves first), whoever sits there.
    Seat,
}

impl Group {
    /// The name used in specs and `summary.csv`.
    pub fn name(self) -> &'static str {
        match self {
            Group::All => "all",
            Group::Player => "player",
            Group::Seat => "seat",
        }
    }

    /// The group called `name`.
    pub fn from_name(name: &str) -> Option<Group> {
        [Group::All, Group::Player, Group::Seat]
            .into_iter()
            .find(|g| g.name() == name)
    }
}

/// One line of the summary: one metric of one member of one variant.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// Variant name.
    pub variant: String,
    /// Seats per game in the variant.
    pub players: usize,
    /// Player, seat or all seats.
    pub group: Group,
    /// Player or seat index (`None` for [`Group::All`]).
    pub member: Option<usize>,
    /// Agent label of the member (for seats and all seats: the agent when every player has the
    /// same one, else empty).
    pub agent: String,
    /// Metric name: `win_rate`, `score`, `rank` or a statistics column.
    pub metric: String,
    /// Games behind the mean.
    pub n: usize,
    /// Mean per game.
    pub mean: f64,
    /// 95% interval: Wilson for `win_rate`, `mean ± 1.96·sd/√n` otherwise (NaN below 2 games).
    pub lo: f64,
    /// Upper end of the 95% interval.
    pub hi: f64,
    /// Paired difference against the same member of the baseline (`None` for the baseline and
    /// for members the baseline lacks).
    pub diff: Option<PairedDiff>,
}

/// The summary of a finished experiment.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// The experiment's configuration.
    pub config: ExperimentConfig,
    /// Bootstrap resamples behind the paired intervals.
    pub resamples: usize,
    /// Statistics columns of the game (points by source, action counts).
    pub stat_names: Vec<String>,
    /// The lines: by variant (baseline first), then all seats, players, seats; then metric.
    pub lines: Vec<Line>,
}

/// The games of one variant: values per game, seat and metric.
struct VariantData {
    players: usize,
    games: Vec<u64>,
    /// `seat_of[i][p]`: the seat of player `p` in the `i`-th game.
    seat_of: Vec<Vec<usize>>,
    values: Array3<f64>,
}

impl VariantData {
    /// Values of one member over the variant's games.
    fn series(&self, group: Group, member: usize, metric: usize) -> Vec<f64> {
        let n = self.players;
        (0..self.games.len())
            .map(|i| match group {
                Group::Seat => self.values[[i, member, metric]],
                Group::Player => self.values[[i, self.seat_of[i][member], metric]],
                Group::All => (0..n).map(|s| self.values[[i, s, metric]]).sum::<f64>() / n as f64,
            })
            .collect()
    }
}

/// Positions in `a` and `b` of the game indices both contain (both ascending).
fn pair(a: &[u64], b: &[u64]) -> (Vec<usize>, Vec<usize>) {
    let (mut ia, mut ib) = (Vec::new(), Vec::new());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                ia.push(i);
                ib.push(j);
                i += 1;
                j += 1;
            }
        }
    }
    (ia, ib)
}

/// The agent of a member, or the common agent of a variant.
fn agent_of(var: &VariantConfig, group: Group, member: Option<usize>) -> String {
    match (group, member) {
        (Group::Player, Some(p)) => var.agents[p].clone(),
        _ if var.agents.iter().all(|a| *a == var.agents[0]) => var.agents[0].clone(),
        _ => String::new(),
    }
}

impl Summary {
    /// Summarises a finished experiment's games table.
    pub fn compute(
        table: &GamesTable,
        config: &ExperimentConfig,
        resamples: usize,
    ) -> Result<Summary, GamesCsvError> {
        let metrics: Vec<&str> = GAME_METRICS
            .iter()
            .copied()
            .chain(table.stat_names.iter().map(String::as_str))
            .collect();
        let mut games: Vec<Vec<u64>> = vec![Vec::new(); config.variants.len()];
        let mut flat: Vec<Vec<f64>> = vec![Vec::new(); config.variants.len()];
        for g in group_games(std::slice::from_ref(table))? {
            let first = g.seats[0];
            let v = first
                .variant
                .as_deref()
                .and_then(|name| config.variant_index(name))
                .filter(|&v| config.variants[v].players == g.seats.len())
                .ok_or_else(|| GamesCsvError {
                    location: g.location.clone(),
                    message: format!(
                        "a {}-player game of variant {} is not part of experiment {}",
                        g.seats.len(),
                        first.variant.as_deref().unwrap_or("(none)"),
                        config.experiment
                    ),
                })?;
            games[v].push(first.game_index);
            for r in &g.seats {
                flat[v].extend([r.win_share, r.score as f64, r.rank as f64]);
                flat[v].extend(r.stats.iter().map(|&x| x as f64));
            }
        }
        let data: Vec<VariantData> = config
            .variants
            .iter()
            .zip(games.into_iter().zip(flat))
            .map(|(var, (games, flat))| {
                let n = var.players;
                let schedule = Schedule::new(n, n).expect("2 to 5 players");
                let seat_of = games
                    .iter()
                    .map(|&g| {
                        let seating = schedule.seating(g);
                        (0..n)
                            .map(|p| seating.iter().position(|&a| a == p).expect("rotation"))
                            .collect()
                    })
                    .collect();
                let shape = (games.len(), n, metrics.len());
                VariantData {
                    players: n,
                    seat_of,
                    values: Array3::from_shape_vec(shape, flat).expect("whole games"),
                    games,
                }
            })
            .collect();
        let mut lines = Vec::new();
        for (v, d) in data.iter().enumerate() {
            let var = &config.variants[v];
            let base = &data[0];
            let (iv, ib) = pair(&d.games, &base.games);
            let boot = (v > 0).then(|| Resamples::new(iv.len(), resamples, BOOTSTRAP_SEED));
            let members = std::iter::once((Group::All, None))
                .chain((0..d.players).map(|p| (Group::Player, Some(p))))
                .chain((0..d.players).map(|s| (Group::Seat, Some(s))));
            for (group, member) in members {
                let k = member.unwrap_or(0);
                for (m, &metric) in metrics.iter().enumerate() {
                    if group == Group::All && matches!(metric, "win_rate" | "rank") {
                        continue;
                    }
                    let x = d.series(group, k, m);
                    let n = x.len();
                    let (mean, lo, hi) = if metric == "win_rate" {
                        let wins: f64 = x.iter().sum();
                        let (lo, hi) = wilson_interval(wins, n as f64, Z95);
                        (wins / n as f64, lo, hi)
                    } else {
                        let (mean, half) = mean_with_ci(&x);
                        (mean, mean - half, mean + half)
                    };
                    let diff = boot.as_ref().filter(|_| k < base.players).map(|r| {
                        let b = base.series(group, k, m);
                        let a: Vec<f64> = iv.iter().map(|&i| x[i]).collect();
                        let b: Vec<f64> = ib.iter().map(|&i| b[i]).collect();
                        r.paired_diff(&a, &b)
                    });
                    lines.push(Line {
                        variant: var.name.clone(),
                        players: d.players,
                        group,
                        member,
                        agent: agent_of(var, group, member),
                        metric: metric.to_string(),
                        n,
                        mean,
                        lo,
                        hi,
                        diff,
                    });
                }
            }
        }
        Ok(Summary {
            config: config.clone(),
            resamples,
            stat_names: table.stat_names.clone(),
            lines,
        })
    }

    /// The line of `metric` for `member` of `group` in `variant`.
    pub fn line(
        &self,
        variant: &str,
        group: Group,
        member: Option<usize>,
        metric: &str,
    ) -> Option<&Line> {
        self.lines.iter().find(|l| {
            l.variant == variant && l.group == group && l.member == member && l.metric == metric
        })
    }

    /// `summary.csv` text.
    pub fn to_csv(&self) -> String {
        let mut w = csv::WriterBuilder::new()
            .terminator(csv::Terminator::Any(b'\n'))
            .from_writer(Vec::new());
        w.write_record(SUMMARY_COLUMNS).expect("in-memory CSV");
        for l in &self.lines {
            let d = l.diff.unwrap_or(PairedDiff {
                mean: f64::NAN,
                lo: f64::NAN,
                hi: f64::NAN,
            });
            w.write_record([
                l.variant.clone(),
                l.players.to_string(),
                l.group.name().to_string(),
                l.member.map_or(String::new(), |m| m.to_string()),
                l.agent.clone(),
                l.metric.clone(),
                l.n.to_string(),
                num(l.mean),
                num(l.lo),
                num(l.hi),
                num(d.mean),
                num(d.lo),
                num(d.hi),
            ])
            .expect("in-memory CSV");
        }
        String::from_utf8(w.into_inner().expect("in-memory CSV")).expect("UTF-8 CSV")
    }

    /// Whether every player of every variant has the same agent.
    fn single_agent(&self) -> Option<&str> {
        let first = self.config.variants[0].agents[0].as_str();
        self.config
            .variants
            .iter()
            .all(|v| v.agents.iter().all(|a| a == first))
            .then_some(first)
    }

    /// The label of a member row: `seat 1`, `player 0`, or `player 0 (agent)` when agents
    /// differ somewhere in the experiment.
    fn member_label(&self, v: usize, group: Group, member: usize) -> String {
        let mut s = format!("{} {member}", group.name());
        if group == Group::Player && self.single_agent().is_none() {
            s.push_str(&format!(" ({})", self.config.variants[v].agents[member]));
        }
        s
    }

    /// `(variant index, member)` of every player (or seat) row, baseline first.
    fn rows(&self) -> Vec<(usize, usize)> {
        self.config
            .variants
            .iter()
            .enumerate()
            .flat_map(|(v, var)| (0..var.players).map(move |m| (v, m)))
            .collect()
    }

    /// The printed summary: win rate and score per member of `group` with differences against
    /// the baseline, then mean points by source.
    pub fn to_table(&self, group: Group) -> String {
        let mut table: Vec<[String; 6]> = vec![[
            "variant".into(),
            "member".into(),
            "win rate [95% CI]".into(),
            "Δ win rate, pp [95% CI]".into(),
            "score ± 95% CI".into(),
            "Δ score [95% CI]".into(),
        ]];
        for (v, m) in self.rows() {
            let name = &self.config.variants[v].name;
            let (Some(w), Some(s)) = (
                self.line(name, group, Some(m), "win_rate"),
                self.line(name, group, Some(m), "score"),
            ) else {
                continue;
            };
            let diff = |l: &Line, scale: f64| {
                l.diff.map_or(String::new(), |d| {
                    let mut t = format!("{:+.1}", scale * d.mean);
                    if !d.lo.is_nan() {
                        t.push_str(&format!(" [{:+.1}, {:+.1}]", scale * d.lo, scale * d.hi));
                    }
                    t
                })
            };
            let score = if s.lo.is_nan() {
                format!("{:.1}", s.mean)
            } else {
                format!("{:.1} ± {:.1}", s.mean, s.mean - s.lo)
            };
            table.push([
                name.clone(),
                self.member_label(v, group, m),
                format!(
                    "{:.1}% [{:.1}, {:.1}]",
                    100.0 * w.mean,
                    100.0 * w.lo,
                    100.0 * w.hi
                ),
                diff(w, 100.0),
                score,
                diff(s, 1.0),
            ]);
        }
        let mut out = String::new();
        write_aligned(&mut out, &table);
        let sources: Vec<&String> = self
            .stat_names
            .iter()
            .filter(|s| s.starts_with(POINTS_PREFIX))
            .collect();
        if !sources.is_empty() {
            let _ = writeln!(out, "\nMean points by source:");
            let mut t: Vec<Vec<String>> = vec![["variant", "member"]
                .iter()
                .map(|s| s.to_string())
                .chain(sources.iter().map(|s| s[POINTS_PREFIX.len()..].to_string()))
                .collect()];
            for (v, m) in self.rows() {
                let name = &self.config.variants[v].name;
                let mut row = vec![name.clone(), format!("{} {m}", group.name())];
                for src in &sources {
                    let l = self.line(name, group, Some(m), src);
                    row.push(l.map_or(String::new(), |l| format!("{:.2}", l.mean)));
                }
                t.push(row);
            }
            write_aligned(&mut out, &t);
        }
        out
    }

    /// What the charts show: one row per member of `group` in every variant.
    pub fn chart_data(&self, group: Group) -> ChartData {
        let sources: Vec<&String> = self
            .stat_names
            .iter()
            .filter(|s| s.starts_with(POINTS_PREFIX))
            .collect();
        let est = |l: Option<&Line>| {
            l.map_or(
                Estimate {
                    mean: f64::NAN,
                    lo: f64::NAN,
                    hi: f64::NAN,
                },
                |l| Estimate {
                    mean: l.mean,
                    lo: l.lo,
                    hi: l.hi,
                },
            )
        };
        let diff = |l: Option<&Line>| {
            l.and_then(|l| l.diff).map(|d| Estimate {
                mean: d.mean,
                lo: d.lo,
                hi: d.hi,
            })
        };
        let rows = self
            .rows()
            .into_iter()
            .map(|(v, m)| {
                let var = &self.config.variants[v];
                let line = |metric: &str| self.line(&var.name, group, Some(m), metric);
                ChartRow {
                    variant: var.name.clone(),
                    label: self.member_label(v, group, m),
                    member: m,
                    fair: 1.0 / var.players as f64,
                    win_rate: est(line("win_rate")),
                    win_rate_diff: diff(line("win_rate")),
                    score: est(line("score")),
                    score_diff: diff(line("score")),
                    points: sources
                        .iter()
                        .map(|s| line(s).map_or(0.0, |l| l.mean))
                        .collect(),
                }
            })
            .collect();
        let agents = match self.single_agent() {
            Some(a) => format!("{a} in every seat, "),
            None => String::new(),
        };
        let shard = match self.config.shard() {
            Ok(s) if !s.is_all() => format!(", shard {s} plays {}", s.len(self.config.games)),
            _ => String::new(),
        };
        ChartData {
            title: format!(
                "{} ({agents}{} games per variant{shard})",
                self.config.experiment, self.config.games
            ),
            sources: sources
                .iter()
                .map(|s| s[POINTS_PREFIX.len()..].to_string())
                .collect(),
            rows,
        }
    }
}

/// Fixed-precision number for CSV; empty for NaN.
fn num(v: f64) -> String {
    if v.is_nan() {
        String::new()
    } else {
        format!("{v:.4}")
    }
}

/// Writes rows as columns padded to equal width (first column left-aligned, others right).
fn write_aligned<R: AsRef<[String]>>(out: &mut String, rows: &[R]) {
    let cols = rows.first().map_or(0, |r| r.as_ref().len());
    let width: Vec<usize> = (0..cols)
        .map(|c| {
            rows.iter()
                .map(|r| r.as_ref()[c].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    for r in rows {
        let mut line = String::new();
        for (c, cell) in r.as_ref().iter().enumerate() {
            let pad = width[c] - cell.chars().count();
            if c < 2 {
                line.push_str(cell);
                line.push_str(&" ".repeat(pad + 2));
            } else {
                line.push_str(&" ".repeat(pad));
                line.push_str(cell);
                line.push_str("  ");
            }
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::games_csv::{GameRow, SCHEMA_VERSION};

    fn config() -> ExperimentConfig {
        let variant = |name: &str| VariantConfig {
            name: name.into(),
            players: 2,
            agents: vec!["a".into(), "b".into()],
            rules: String::new(),
        };
        ExperimentConfig {
            schema_version: SCHEMA_VERSION,
            crate_version: "0".into(),
            experiment: "e".into(),
            game: "safari".into(),
            tileset_hash: "0".into(),
            seed: 1,
            games: 4,
            shard: "1/1".into(),
            variants: vec![variant("base"), variant("more")],
        }
    }

    /// Game `g`: player 0 scores `10 + g + bonus`, player 1 scores 12 (seats rotate).
    fn rows(variant: &str, bonus: i64) -> Vec<GameRow> {
        let schedule = Schedule::new(2, 2).unwrap();
        let mut out = Vec::new();
        for g in 0..4u64 {
            let seating = schedule.seating(g);
            let scores: Vec<i64> = seating
                .iter()
                .map(|&p| if p == 0 { 10 + g as i64 + bonus } else { 12 })
                .collect();
            let best = *scores.iter().max().unwrap();
            let winners = scores.iter().filter(|&&s| s == best).count() as f64;
            for seat in 0..2 {
                out.push(GameRow {
                    run_id: "r".into(),
                    crate_version: "0".into(),
                    game: "safari".into(),
                    players: 2,
                    variant: Some(variant.into()),
                    rules: String::new(),
                    tileset_hash: "0".into(),
                    master_seed: 1,
                    game_index: g,
                    game_seed: g,
                    seat,
                    agent: ["a", "b"][seating[seat]].into(),
                    score: scores[seat],
                    rank: if scores[seat] == best { 1 } else { 2 },
                    win_share: if scores[seat] == best {
                        1.0 / winners
                    } else {
                        0.0
                    },
                    stats: vec![scores[seat]],
                    turns: 1,
                    wall_ms: 0.0,
                    line: 0,
                });
            }
        }
        out
    }

    #[test]
    fn players_follow_rotation_and_differences_are_paired() {
        let table = GamesTable {
            source: "g.csv".into(),
            stat_names: vec!["points_path".into()],
            variant_column: true,
            rows: [rows("base", 0), rows("more", 5)].concat(),
        };
        let s = Summary::compute(&table, &config(), 100).unwrap();
        let p0 = s.line("base", Group::Player, Some(0), "score").unwrap();
        assert_eq!((p0.mean, p0.agent.as_str()), (11.5, "a"));
        assert!(p0.diff.is_none());
        let p0 = s.line("more", Group::Player, Some(0), "score").unwrap();
        let d = p0.diff.unwrap();
        assert_eq!((p0.mean, d.mean, d.lo, d.hi), (16.5, 5.0, 5.0, 5.0));
        let w = s.line("more", Group::Player, Some(0), "win_rate").unwrap();
        assert_eq!(w.mean, 1.0);
        assert!((w.diff.unwrap().mean - 0.625).abs() < 1e-12, "{w:?}");
        let all = s.line("more", Group::All, None, "points_path").unwrap();
        assert_eq!(all.diff.unwrap().mean, 2.5);
        assert!(s.line("base", Group::All, None, "win_rate").is_none());
        let seat = s.line("base", Group::Seat, Some(0), "score").unwrap();
        assert_eq!(seat.agent, "");
        let csv = s.to_csv();
        assert!(csv.starts_with(&SUMMARY_COLUMNS.join(",")), "{csv}");
        assert!(s.to_table(Group::Player).contains("player 0 (a)"));
        let chart = s.chart_data(Group::Seat);
        assert_eq!(chart.rows.len(), 4);
        assert_eq!(chart.sources, vec!["path"]);
    }

    #[test]
    fn pairing_keeps_common_games() {
        assert_eq!(pair(&[0, 1, 3, 4], &[1, 2, 3]), (vec![1, 2], vec![0, 2]));
    }
}
