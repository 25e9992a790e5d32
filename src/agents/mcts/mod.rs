//! The `mcts` agent: determinized open-loop UCT.
//!
//! Every iteration clones the root, re-determinizes what the deciding seat cannot see, and
//! walks the tree by action sequences: a node's children are keyed by action, and only the
//! children legal in the current determinization are eligible; UCB uses each child's
//! *availability* count (how often it was eligible when its parent was visited) in place of
//! the parent's visits. Children carry heuristic priors that order them for progressive
//! widening and count as virtual visits. The walk stops at the first unvisited child; a
//! rollout plays a few turns (or to the end), the heuristic judges the result, and every
//! node on the path gains the reward of the seat that chose its action. The most visited
//! root action is played. With `chance=explicit` the tree also has chance nodes: the next
//! draw's outcome is sampled and fixed before each action of the walk, and an action that
//! draws leads on through its child for the tile drawn. `docs/agents.md` describes every
//! parameter.

mod config;
mod index;
mod tree;

pub(crate) use config::{Config, PARAMS};

use super::restrict::Restriction;
use super::value::Evaluator;
use super::Agent;
use crate::core::game::Game;
use crate::core::rng::GameRng;
use rand_core::RngCore;
use rayon::prelude::*;
use tree::{Shared, Tree, NONE};

/// Bytes of one search-tree node for game `G` (reported by `bench`).
pub fn node_bytes<G: Game>() -> usize {
    std::mem::size_of::<tree::Node<G::Action>>()
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
    baseline: Vec<f64>,
    /// Each tree's seed for the search at hand.
    seeds: Vec<u64>,
    /// The turn of the agent's last searched decision and the action it chose there.
    last: Option<(usize, G::Action)>,
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
            baseline: Vec::new(),
            seeds: Vec::new(),
            last: None,
            telemetry: None,
        }
    }
}

impl<G: Game> Agent<G> for MctsAgent<G> {
    fn choose(&mut self, state: &G, legal: &[G::Action]) -> G::Action {
        let me = state.to_move().expect("a decision is pending");
        self.restriction.filter(state, legal, &mut self.allowed);
        if self.allowed.len() == 1 {
            self.last = None;
            self.telemetry = self.cfg.telemetry.then(|| "forced".to_string());
            return self.allowed[0];
        }
        // Tree reuse within a turn keeps the turn's first baseline, so that the rewards
        // already in the kept subtree and the new ones are measured alike.
        let keep = match self.last.take() {
            Some((turn, action)) if self.cfg.reuse && turn == state.turn() => Some(action),
            _ => None,
        };
        if keep.is_none() {
            self.eval.values(state, &mut self.baseline);
        }
        let baseline = std::mem::take(&mut self.baseline);
        let shared = Shared {
            root: state,
            me,
            restriction: self.restriction,
            eval: self.eval,
            cfg: self.cfg,
            baseline,
        };
        self.seeds.clear();
        for _ in 0..self.trees.len() {
            self.seeds.push(self.rng.next_u64());
        }
        if self.trees.len() == 1 {
            self.trees[0].search(&shared, self.seeds[0], keep);
        } else {
            self.trees
                .par_iter_mut()
                .zip(&self.seeds)
                .for_each(|(tree, &seed)| tree.search(&shared, seed, keep));
        }
        self.baseline = shared.baseline;
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
        self.last = Some((state.turn(), self.allowed[best]));
        self.allowed[best]
    }

    fn telemetry(&self) -> Option<String> {
        self.telemetry.clone()
    }
}

impl<G: Game> MctsAgent<G> {
    /// Telemetry of the decision just searched, `best` being the chosen candidate: iterations,
    /// root visits inherited by tree reuse, deepest path, visit share of the choice, and the three most visited root actions with
    /// visits, mean reward and prior.
    fn describe(&self, best: usize) -> String {
        let iterations: u64 = self.trees.iter().map(|t| t.iterations).sum();
        let reused: u64 = self.trees.iter().map(|t| t.reused).sum();
        let depth = self.trees.iter().map(|t| t.max_depth).max().unwrap_or(0);
        let nodes: usize = self.trees.iter().map(|t| t.nodes.len()).sum();
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
            "iterations={iterations} reused={reused} nodes={nodes} max_depth={depth} visit_share={:.3} candidates={} top: {}",
            self.root[best].visits as f64 / total.max(1) as f64,
            self.allowed.len(),
            top.join("; ")
        )
    }
}
