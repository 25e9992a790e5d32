//! `mcts` parameters: the accepted keys with their defaults, and the typed configuration.

use crate::agents::params::{ParamDef, Params};
use std::time::Duration;

/// Parameters of `mcts` besides the heuristic weights (used by greedy rollouts and truncated
/// rollouts).
pub(crate) const PARAMS: [ParamDef; 22] = [
    ParamDef::int("iters", 1, 100_000_000, 500),
    ParamDef::int("time_ms", 0, 3_600_000, 0),
    ParamDef::float("c", 0.0, 100.0, 0.1),
    ParamDef::flag("widening", true),
    ParamDef::float("widen_k", 0.01, 1000.0, 2.0),
    ParamDef::float("widen_alpha", 0.0, 1.0, 0.5),
    ParamDef::choice("prior", &["random", "greedy"], "greedy"),
    ParamDef::float("prior_visits", 0.0, 1e6, 3.0),
    ParamDef::choice("rollout", &["random", "greedy"], "greedy"),
    ParamDef::choice("chance", &["determinize", "explicit"], "determinize"),
    ParamDef::float("epsilon", 0.0, 1.0, 0.0),
    ParamDef::int("rollout_sample", 0, 100_000, 0),
    ParamDef::int("rollout_kind_sample", 0, 100_000, 0),
    ParamDef::int("rollout_turns", 0, 100_000, 4),
    ParamDef::choice("value", &["diff", "win"], "diff"),
    ParamDef::float("scale", 0.001, 1e6, 20.0),
    ParamDef::float("opponent", 0.0, 10.0, 1.0),
    ParamDef::int("threads", 1, 256, 1),
    ParamDef::flag("reuse", false),
    ParamDef::flag("early_stop", true),
    ParamDef::int("max_nodes", 1_000, 1_000_000_000, 1_000_000),
    ParamDef::flag("telemetry", false),
];

/// Rollout policies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rollout {
    /// Uniform over allowed actions.
    Random,
    /// Best one-ply heuristic value, or a random action with probability `epsilon`.
    Greedy,
}

/// How children are ordered for progressive widening.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Prior {
    /// Random order.
    Random,
    /// By one-ply heuristic value for the seat that chooses.
    Greedy,
}

/// How the tree treats the draws of hidden tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Chance {
    /// Open loop: each iteration's determinization decides every draw, and the nodes after a
    /// draw gather the statistics of every tile it may give.
    Determinize,
    /// Chance nodes: the tile an action draws is sampled from [`Game::chance_outcomes`], and
    /// the tree follows a child per tile drawn.
    ///
    /// [`Game::chance_outcomes`]: crate::core::game::Game::chance_outcomes
    Explicit,
}

/// How a finished (or truncated) rollout is turned into per-seat rewards in `[0, 1]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ValueMode {
    /// `0.5 + 0.5·tanh(value / scale)`, value = own total − best other total.
    Diff,
    /// 1 shared among the seats with the best total, 0 for the others.
    Win,
}

/// Typed `mcts` parameters.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Config {
    /// Iterations per decision (per tree).
    pub(super) iters: u64,
    /// Time per decision, replacing `iters` when set.
    pub(super) time: Option<Duration>,
    /// UCB exploration constant.
    pub(super) c: f64,
    /// Progressive widening `(k, alpha)`: at most `k·n^alpha` children per node.
    pub(super) widening: Option<(f64, f64)>,
    /// How children are ordered.
    pub(super) prior: Prior,
    /// Virtual visits given to priors in UCB.
    pub(super) prior_visits: f64,
    /// Rollout policy.
    pub(super) rollout: Rollout,
    /// How draws within the tree are treated.
    pub(super) chance: Chance,
    /// Chance of a random rollout step under the greedy policy.
    pub(super) epsilon: f64,
    /// Candidates the greedy rollout policy evaluates per decision (0: all).
    pub(super) rollout_sample: usize,
    /// Candidates of each action kind the greedy rollout policy evaluates per decision (0: all).
    pub(super) rollout_kind_sample: usize,
    /// Turns a rollout plays before the heuristic judges (0: to the end).
    pub(super) rollout_turns: usize,
    /// How outcomes become rewards.
    pub(super) value: ValueMode,
    /// Score difference scale of `value=diff`.
    pub(super) scale: f64,
    /// Independent trees (root parallelism).
    pub(super) threads: usize,
    /// Whether a decision that follows the agent's own previous one within the same turn
    /// starts from the subtree of the action it chose.
    pub(super) reuse: bool,
    /// Whether a search with an iteration budget ends once its choice is settled.
    pub(super) early_stop: bool,
    /// Most nodes a tree holds; a full tree stops growing (see `docs/agents.md`).
    pub(super) max_nodes: usize,
    /// Whether to describe each decision.
    pub(super) telemetry: bool,
}

impl Config {
    /// Whether a search ends as soon as its choice is settled
    /// (the most visited root action can no longer be overtaken within `iters`): with
    /// `early_stop`, an iteration budget, one tree (root parallelism sums the trees' visits)
    /// and no tree reuse (the next decision would start from a smaller subtree). The choice
    /// and every later decision are then those of the full budget.
    pub(super) fn stops_early(&self) -> bool {
        self.early_stop && self.time.is_none() && self.threads == 1 && !self.reuse
    }

    /// Reads the typed configuration from validated parameters.
    pub(crate) fn from_params(p: &Params) -> Config {
        Config {
            iters: p.int("iters"),
            time: (p.int("time_ms") > 0).then(|| Duration::from_millis(p.int("time_ms"))),
            c: p.float("c"),
            widening: p
                .flag("widening")
                .then(|| (p.float("widen_k"), p.float("widen_alpha"))),
            prior: match p.choice("prior") {
                "greedy" => Prior::Greedy,
                _ => Prior::Random,
            },
            prior_visits: p.float("prior_visits"),
            rollout: match p.choice("rollout") {
                "greedy" => Rollout::Greedy,
                _ => Rollout::Random,
            },
            chance: match p.choice("chance") {
                "explicit" => Chance::Explicit,
                _ => Chance::Determinize,
            },
            epsilon: p.float("epsilon"),
            rollout_sample: p.int("rollout_sample") as usize,
            rollout_kind_sample: p.int("rollout_kind_sample") as usize,
            rollout_turns: p.int("rollout_turns") as usize,
            value: match p.choice("value") {
                "win" => ValueMode::Win,
                _ => ValueMode::Diff,
            },
            scale: p.float("scale"),
            threads: p.int("threads") as usize,
            reuse: p.flag("reuse"),
            early_stop: p.flag("early_stop"),
            max_nodes: p.int("max_nodes") as usize,
            telemetry: p.flag("telemetry"),
        }
    }
}
