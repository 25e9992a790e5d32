//! The `mcts` agent: determinized open-loop UCT.
//!
//! Every iteration clones the root, re-determinizes what the deciding seat cannot see, and
//! walks the tree by action sequences: a node's children are keyed by action, and only the
//! children legal in the current determinization are eligible; UCB uses each child's
//! *availability* count (how often it was legal when its parent was visited) in place of the
//! parent's visits. One node is expanded per iteration (respecting progressive widening), a
//! rollout finishes the game (or a number of turns, then the heuristic judges), and every node
//! on the path gains the reward of the seat that chose its action. The most visited root
//! action is played.

use super::greedy::{best_one_ply, TurnLookahead};
use super::params::{ParamDef, ParamType, ParamValue, Params};
use super::restrict::Restriction;
use super::value::Evaluator;
use super::Agent;
use crate::core::game::Game;
use crate::core::rng::{below, rng_from_seed, GameRng};
use rand_core::RngCore;
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// Parameters of `mcts` besides the heuristic weights (used by greedy rollouts and truncated
/// rollouts).
pub(crate) const PARAMS: [ParamDef; 16] = [
    ParamDef {
        name: "iters",
        ty: ParamType::Int {
            min: 1,
            max: 100_000_000,
        },
        default: ParamValue::Int(500),
    },
    ParamDef {
        name: "time_ms",
        ty: ParamType::Int {
            min: 0,
            max: 3_600_000,
        },
        default: ParamValue::Int(0),
    },
    ParamDef {
        name: "c",
        ty: ParamType::Float { min: 0.0, max: 100.0 },
        default: ParamValue::Float(0.7),
    },
    ParamDef {
        name: "widening",
        ty: ParamType::Bool,
        default: ParamValue::Bool(false),
    },
    ParamDef {
        name: "widen_k",
        ty: ParamType::Float {
            min: 0.01,
            max: 1000.0,
        },
        default: ParamValue::Float(2.0),
    },
    ParamDef {
        name: "widen_alpha",
        ty: ParamType::Float { min: 0.0, max: 1.0 },
        default: ParamValue::Float(0.5),
    },
    ParamDef {
        name: "prior",
        ty: ParamType::Choice(&["random", "greedy"]),
        default: ParamValue::Choice("greedy"),
    },
    ParamDef {
        name: "prior_visits",
        ty: ParamType::Float {
            min: 0.0,
            max: 1e6,
        },
        default: ParamValue::Float(0.0),
    },
    ParamDef {
        name: "rollout",
        ty: ParamType::Choice(&["random", "greedy"]),
        default: ParamValue::Choice("random"),
    },
    ParamDef {
        name: "epsilon",
        ty: ParamType::Float { min: 0.0, max: 1.0 },
        default: ParamValue::Float(0.1),
    },
    ParamDef {
        name: "rollout_turns",
        ty: ParamType::Int { min: 0, max: 100_000 },
        default: ParamValue::Int(0),
    },
    ParamDef {
        name: "value",
        ty: ParamType::Choice(&["diff", "win"]),
        default: ParamValue::Choice("diff"),
    },
    ParamDef {
        name: "scale",
        ty: ParamType::Float {
            min: 0.001,
            max: 1e6,
        },
        default: ParamValue::Float(20.0),
    },
    ParamDef {
        name: "opponent",
        ty: ParamType::Float { min: 0.0, max: 10.0 },
        default: ParamValue::Float(1.0),
    },
    ParamDef {
        name: "threads",
        ty: ParamType::Int { min: 1, max: 256 },
        default: ParamValue::Int(1),
    },
    ParamDef {
        name: "telemetry",
        ty: ParamType::Bool,
        default: ParamValue::Bool(false),
    },
];

/// Rollout policies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rollout {
    /// Uniform over allowed actions.
    Random,
    /// Best one-ply heuristic value, or a random action with probability `epsilon`.
    Greedy,
}

/// How children are ordered for progressive widening.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Prior {
    /// Random order.
    Random,
    /// By one-ply heuristic value for the seat that chooses.
    Greedy,
}

/// How a finished (or truncated) rollout is turned into per-seat rewards in `[0, 1]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ValueMode {
    /// `0.5 + 0.5·tanh(value / scale)`, value = own total − best other total.
    Diff,
    /// 1 shared among the seats with the best total, 0 for the others.
    Win,
}

/// Typed `mcts` parameters.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Config {
    iters: u64,
    time: Option<Duration>,
    c: f64,
    widening: Option<(f64, f64)>,
    prior: Prior,
    prior_visits: f64,
    rollout: Rollout,
    epsilon: f64,
    rollout_turns: usize,
    value: ValueMode,
    scale: f64,
    threads: usize,
    telemetry: bool,
}

impl Config {
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
            epsilon: p.float("epsilon"),
            rollout_turns: p.int("rollout_turns") as usize,
            value: match p.choice("value") {
                "win" => ValueMode::Win,
                _ => ValueMode::Diff,
            },
            scale: p.float("scale"),
            threads: p.int("threads") as usize,
            telemetry: p.flag("telemetry"),
        }
    }
}

/// No node (end of a child list).
const NONE: u32 = u32::MAX;

/// A tree node: the action that leads to it from its parent, and statistics for the seat
/// that chose that action.
#[derive(Clone, Copy, Debug)]
struct Node<A> {
    action: Option<A>,
    mover: u32,
    first_child: u32,
    next_sibling: u32,
    visits: u32,
    avail: u32,
    reward: f64,
    prior: f64,
}

impl<A> Node<A> {
    fn new(action: Option<A>, mover: usize, next_sibling: u32, prior: f64) -> Self {
        Node {
            action,
            mover: mover as u32,
            first_child: NONE,
            next_sibling,
            visits: 0,
            avail: 0,
            reward: 0.0,
            prior,
        }
    }
}

/// What the agent shares with every tree of a decision.
struct Shared<'a, G: Game> {
    root: &'a G,
    me: usize,
    restriction: Restriction,
    eval: Evaluator,
    cfg: Config,
}

/// One search tree with its reusable buffers.
struct Tree<G: Game> {
    nodes: Vec<Node<G::Action>>,
    rng: GameRng,
    path: Vec<u32>,
    legal: Vec<G::Action>,
    allowed: Vec<G::Action>,
    kids: Vec<(u32, usize)>,
    has_child: Vec<bool>,
    ties: Vec<usize>,
    values: Vec<f64>,
    lookahead: TurnLookahead<G>,
    iterations: u64,
    max_depth: usize,
}

impl<G: Game> Tree<G> {
    fn new() -> Self {
        Tree {
            nodes: Vec::new(),
            rng: rng_from_seed(0),
            path: Vec::new(),
            legal: Vec::new(),
            allowed: Vec::new(),
            kids: Vec::new(),
            has_child: Vec::new(),
            ties: Vec::new(),
            values: Vec::new(),
            lookahead: TurnLookahead::new(),
            iterations: 0,
            max_depth: 0,
        }
    }

    /// Searches from `sh.root` until the budget is spent.
    fn search(&mut self, sh: &Shared<'_, G>, seed: u64) {
        self.nodes.clear();
        self.nodes.push(Node::new(None, sh.me, NONE, 0.0));
        self.rng = rng_from_seed(seed);
        self.iterations = 0;
        self.max_depth = 0;
        let deadline = sh.cfg.time.map(|t| Instant::now() + t);
        loop {
            let done = match deadline {
                Some(d) => Instant::now() >= d && self.iterations > 0,
                None => self.iterations >= sh.cfg.iters,
            };
            if done {
                break;
            }
            self.iterate(sh);
            self.iterations += 1;
        }
    }

    /// Writes into `self.allowed` the candidates of the decision in `state` for `seat`.
    fn candidates(&mut self, sh: &Shared<'_, G>, state: &G, seat: usize) {
        state.legal_actions(&mut self.legal);
        if seat == sh.me {
            sh.restriction.filter(state, &self.legal, &mut self.allowed);
        } else {
            std::mem::swap(&mut self.legal, &mut self.allowed);
        }
    }

    /// One iteration: determinize, select, expand, roll out, back up.
    fn iterate(&mut self, sh: &Shared<'_, G>) {
        let mut state = sh.root.clone();
        state.redeterminize(&mut self.rng);
        self.path.clear();
        self.path.push(0);
        let mut node = 0usize;
        while let Some(seat) = state.to_move() {
            self.candidates(sh, &state, seat);
            self.eligible_children(sh, &state, node, seat);
            let unvisited = self
                .kids
                .iter()
                .find(|(id, _)| self.nodes[*id as usize].visits == 0);
            let (child, i) = match unvisited {
                Some(&first) if sh.cfg.prior_visits == 0.0 => first,
                _ => self.select(sh.cfg.c, sh.cfg.prior_visits),
            };
            state.apply(self.allowed[i]);
            self.path.push(child);
            node = child as usize;
            if self.nodes[node].visits == 0 {
                break;
            }
        }
        self.max_depth = self.max_depth.max(self.path.len() - 1);
        self.rollout(sh, &mut state);
        self.rewards(sh, &state);
        for &id in &self.path {
            let n = &mut self.nodes[id as usize];
            n.visits += 1;
            if id != 0 {
                n.reward += self.values[n.mover as usize];
            }
        }
    }

    /// Fills `self.kids` with the children of `node` that may be chosen now, in prior order:
    /// creates children (with their priors) for candidates that have none, counts one
    /// availability for every legal child, and keeps the first `k·n^alpha` of them under
    /// progressive widening.
    fn eligible_children(&mut self, sh: &Shared<'_, G>, state: &G, node: usize, seat: usize) {
        self.has_child.clear();
        self.has_child.resize(self.allowed.len(), false);
        let mut child = self.nodes[node].first_child;
        while child != NONE {
            let n = &self.nodes[child as usize];
            if let Some(i) = self.allowed.iter().position(|a| Some(*a) == n.action) {
                self.has_child[i] = true;
            }
            child = n.next_sibling;
        }
        for i in 0..self.allowed.len() {
            if !self.has_child[i] {
                let prior = self.prior(sh, state, seat, self.allowed[i]);
                self.insert_child(node, self.allowed[i], seat, prior);
            }
        }
        let limit = match sh.cfg.widening {
            Some((k, alpha)) => {
                let n = (self.nodes[node].visits + 1) as f64;
                ((k * n.powf(alpha)).ceil() as usize).max(1)
            }
            None => usize::MAX,
        };
        self.kids.clear();
        let mut child = self.nodes[node].first_child;
        while child != NONE && self.kids.len() < limit {
            let n = &mut self.nodes[child as usize];
            if let Some(i) = self.allowed.iter().position(|a| Some(*a) == n.action) {
                n.avail += 1;
                self.kids.push((child, i));
            }
            child = n.next_sibling;
        }
    }

    /// The prior reward of `action` for `seat`: the reward of its heuristic value (with the
    /// rest of the turn played greedily during the root's turn, one-ply later), or a random
    /// number.
    fn prior(&mut self, sh: &Shared<'_, G>, state: &G, seat: usize, action: G::Action) -> f64 {
        let value = match sh.cfg.prior {
            Prior::Random => return unit(&mut self.rng),
            Prior::Greedy if state.turn() == sh.root.turn() => self.lookahead.turn_value(
                state,
                action,
                seat,
                (sh.me, sh.restriction),
                &sh.eval,
                &mut self.rng,
            ),
            Prior::Greedy => {
                let mut next = state.clone();
                next.apply(action);
                sh.eval.value(&next, seat)
            }
        };
        diff_reward(value, sh.cfg.scale)
    }

    /// Adds a child of `node` for `action`, keeping children sorted by decreasing prior.
    fn insert_child(&mut self, node: usize, action: G::Action, seat: usize, prior: f64) {
        let id = self.nodes.len() as u32;
        let mut prev = NONE;
        let mut next = self.nodes[node].first_child;
        while next != NONE && self.nodes[next as usize].prior >= prior {
            prev = next;
            next = self.nodes[next as usize].next_sibling;
        }
        self.nodes.push(Node::new(Some(action), seat, next, prior));
        if prev == NONE {
            self.nodes[node].first_child = id;
        } else {
            self.nodes[prev as usize].next_sibling = id;
        }
    }

    /// The eligible child (from `self.kids`) with the best UCB score, and its candidate index.
    /// UCB counts a child's availability in place of its parent's visits. With
    /// `prior_visits > 0`, a child's prior counts as that many extra visits worth the mean
    /// reward of its visited siblings plus its prior's shortfall from the best prior, so that
    /// priors only rank siblings and never compete with rollout values on their own scale
    /// (with `prior_visits == 0`, every child is visited once first).
    fn select(&self, c: f64, prior_visits: f64) -> (u32, usize) {
        let (mut reward, mut visits, mut top_prior) = (0.0, 0u64, f64::NEG_INFINITY);
        for &(id, _) in &self.kids {
            let n = &self.nodes[id as usize];
            reward += n.reward;
            visits += n.visits as u64;
            top_prior = top_prior.max(n.prior);
        }
        let anchor = if visits > 0 {
            reward / visits as f64
        } else {
            0.5
        };
        let mut best = self.kids[0];
        let mut best_score = f64::NEG_INFINITY;
        for &(id, i) in &self.kids {
            let n = &self.nodes[id as usize];
            let visits = n.visits as f64 + prior_visits;
            let virtual_mean = anchor + n.prior - top_prior;
            let mean = (n.reward + prior_visits * virtual_mean) / visits;
            let score = mean + c * ((n.avail as f64).ln() / visits).sqrt();
            if score > best_score {
                best_score = score;
                best = (id, i);
            }
        }
        best
    }

    /// Plays on from `state` with the rollout policy, for `rollout_turns` turns or to the end.
    fn rollout(&mut self, sh: &Shared<'_, G>, state: &mut G) {
        let stop = match sh.cfg.rollout_turns {
            0 => usize::MAX,
            t => state.turn() + t,
        };
        while let Some(seat) = state.to_move() {
            if state.turn() >= stop {
                break;
            }
            self.candidates(sh, state, seat);
            let greedy = sh.cfg.rollout == Rollout::Greedy
                && (sh.cfg.epsilon == 0.0 || unit(&mut self.rng) >= sh.cfg.epsilon);
            let action = if greedy {
                best_one_ply(
                    state,
                    &self.allowed,
                    seat,
                    &sh.eval,
                    &mut self.rng,
                    &mut self.ties,
                )
            } else {
                self.allowed[below(&mut self.rng, self.allowed.len())]
            };
            state.apply(action);
        }
    }

    /// Writes the reward of every seat for the rollout's final `state` into `self.values`.
    fn rewards(&mut self, sh: &Shared<'_, G>, state: &G) {
        sh.eval.values(state, &mut self.values);
        match sh.cfg.value {
            ValueMode::Diff => {
                for v in &mut self.values {
                    *v = diff_reward(*v, sh.cfg.scale);
                }
            }
            ValueMode::Win => {
                let winners = self.values.iter().filter(|v| **v >= -1e-9).count().max(1);
                for v in &mut self.values {
                    *v = if *v >= -1e-9 {
                        1.0 / winners as f64
                    } else {
                        0.0
                    };
                }
            }
        }
    }
}

/// The reward in `[0, 1]` of a value (own total − best other total): `0.5 + 0.5·tanh(v / scale)`.
fn diff_reward(value: f64, scale: f64) -> f64 {
    0.5 + 0.5 * (value / scale).tanh()
}

/// A uniform number in `[0, 1)`.
fn unit(rng: &mut GameRng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// Root statistics of one candidate, summed over trees.
#[derive(Clone, Copy, Debug, Default)]
struct RootStat {
    visits: u64,
    reward: f64,
    prior: f64,
}

/// Determinized open-loop UCT with optional root parallelism.
pub(crate) struct MctsAgent<G: Game> {
    rng: GameRng,
    restriction: Restriction,
    eval: Evaluator,
    cfg: Config,
    trees: Vec<Tree<G>>,
    allowed: Vec<G::Action>,
    root: Vec<RootStat>,
    telemetry: Option<String>,
}

impl<G: Game> MctsAgent<G> {
    /// An MCTS agent with configuration `cfg`; `eval` judges greedy rollout steps and
    /// truncated rollouts.
    pub(crate) fn new(
        rng: GameRng,
        restriction: Restriction,
        eval: Evaluator,
        cfg: Config,
    ) -> Self {
        MctsAgent {
            rng,
            restriction,
            eval,
            cfg,
            trees: (0..cfg.threads).map(|_| Tree::new()).collect(),
            allowed: Vec::new(),
            root: Vec::new(),
            telemetry: None,
        }
    }
}

impl<G: Game> Agent<G> for MctsAgent<G> {
    fn choose(&mut self, state: &G, legal: &[G::Action]) -> G::Action {
        let me = state.to_move().expect("a decision is pending");
        self.restriction.filter(state, legal, &mut self.allowed);
        if self.allowed.len() == 1 {
            self.telemetry = self.cfg.telemetry.then(|| "forced".to_string());
            return self.allowed[0];
        }
        let shared = Shared {
            root: state,
            me,
            restriction: self.restriction,
            eval: self.eval,
            cfg: self.cfg,
        };
        let seeds: Vec<u64> = self.trees.iter().map(|_| self.rng.next_u64()).collect();
        if self.trees.len() == 1 {
            self.trees[0].search(&shared, seeds[0]);
        } else {
            self.trees
                .par_iter_mut()
                .zip(seeds)
                .for_each(|(tree, seed)| tree.search(&shared, seed));
        }
        self.root.clear();
        self.root.resize(self.allowed.len(), RootStat::default());
        for tree in &self.trees {
            let mut child = tree.nodes[0].first_child;
            while child != NONE {
                let n = &tree.nodes[child as usize];
                if let Some(i) = self.allowed.iter().position(|a| Some(*a) == n.action) {
                    let r = &mut self.root[i];
                    r.visits += n.visits as u64;
                    r.reward += n.reward;
                    r.prior = n.prior;
                }
                child = n.next_sibling;
            }
        }
        let best = (0..self.root.len())
            .max_by_key(|&i| (self.root[i].visits, std::cmp::Reverse(i)))
            .expect("at least two candidates");
        if self.cfg.telemetry {
            self.telemetry = Some(self.describe(best));
        }
        self.allowed[best]
    }

    fn telemetry(&self) -> Option<String> {
        self.telemetry.clone()
    }
}

impl<G: Game> MctsAgent<G> {
    /// Telemetry of the decision just searched, `best` being the chosen candidate: iterations,
    /// deepest path, visit share of the choice, and the three most visited root actions with
    /// visits, mean reward and prior.
    fn describe(&self, best: usize) -> String {
        let iterations: u64 = self.trees.iter().map(|t| t.iterations).sum();
        let depth = self.trees.iter().map(|t| t.max_depth).max().unwrap_or(0);
        let total: u64 = self.root.iter().map(|r| r.visits).sum();
        let mut order: Vec<usize> = (0..self.root.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(self.root[i].visits));
        let top: Vec<String> = order
            .iter()
            .take(3)
            .map(|&i| {
                let r = &self.root[i];
                format!(
                    "{:?} n={} q={:.3} prior={:.3}",
                    self.allowed[i],
                    r.visits,
                    r.reward / r.visits.max(1) as f64,
                    r.prior
                )
            })
            .collect();
        format!(
            "iterations={iterations} max_depth={depth} visit_share={:.3} candidates={} top: {}",
            self.root[best].visits as f64 / total.max(1) as f64,
            self.allowed.len(),
            top.join("; ")
        )
    }
}
