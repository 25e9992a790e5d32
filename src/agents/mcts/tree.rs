//! One determinized open-loop UCT search tree: selection, expansion, rollout and backup, with
//! chance nodes for draws under `chance=explicit`.

use super::config::{Chance, Config, Prior, Rollout, ValueMode};
use super::index::ActionIndex;
use crate::agents::greedy::{OnePly, TurnLookahead};
use crate::agents::restrict::Restriction;
use crate::agents::scratch::Scratch;
use crate::agents::value::Evaluator;
use crate::core::game::{ChanceOutcome, Game, MAX_ACTION_KINDS};
use crate::core::rng::{below, rng_from_seed, GameRng};
use rand_core::RngCore;
use std::cmp::Ordering;
use std::time::Instant;

/// No node (end of a child list).
pub(super) const NONE: u32 = u32::MAX;

/// The `outcome` of a node that is no chance outcome.
const NO_OUTCOME: u16 = u16::MAX;

/// A tree node: the action that leads to it from its parent, and statistics for the seat
/// that chose that action; or, under `chance=explicit`, the outcome of the draw its parent's
/// action made.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node<A> {
    /// The action from the parent (`None` at the root and at chance outcomes).
    pub(super) action: Option<A>,
    /// The draw's outcome ([`ChanceOutcome::id`]) of a chance outcome node, else
    /// `NO_OUTCOME` (16 bits, so that a node stays as small as without chance nodes).
    outcome: u16,
    /// The seat that chose `action` (at a chance outcome: its parent's).
    mover: u16,
    /// First child, in decreasing prior order.
    pub(super) first_child: u32,
    /// Next sibling.
    pub(super) next_sibling: u32,
    /// Iterations through this node.
    pub(super) visits: u32,
    /// Visits of the parent in which `action` was legal (and within the widening limit).
    avail: u32,
    /// Where `action` stood among the candidates when last matched to them: the candidate
    /// lists of a decision are often the same from one iteration to the next (always within
    /// the root's turn), so matching tries this position before the index.
    hint: u32,
    /// Sum of `mover`'s rewards over the visits.
    pub(super) reward: f64,
    /// Prior reward of `action` (ordering and virtual visits).
    pub(super) prior: f64,
}

impl<A> Node<A> {
    fn new(action: Option<A>, mover: usize, next_sibling: u32, prior: f64) -> Self {
        Node {
            action,
            outcome: NO_OUTCOME,
            mover: mover as u16,
            first_child: NONE,
            next_sibling,
            visits: 0,
            avail: 0,
            hint: 0,
            reward: 0.0,
            prior,
        }
    }
}

/// What the agent shares with every tree of a decision.
pub(super) struct Shared<'a, G: Game> {
    /// The position to decide in.
    pub(super) root: &'a G,
    /// The deciding seat (the agent's).
    pub(super) me: usize,
    /// The agent's restriction (applies to `me`'s decisions only).
    pub(super) restriction: Restriction,
    /// Heuristic for priors, greedy rollouts and truncated rollouts.
    pub(super) eval: Evaluator,
    /// Search parameters.
    pub(super) cfg: Config,
    /// Each seat's value of the root position.
    pub(super) baseline: Vec<f64>,
}

impl<G: Game> Shared<'_, G> {
    /// The `value=diff` reward in `[0, 1]` of `value` for `seat`: what it gains over its
    /// value at the root, `0.5 + 0.5·tanh((value − baseline) / scale)`. Measuring from the
    /// root keeps the search sensitive when one seat is far ahead.
    fn reward(&self, seat: usize, value: f64) -> f64 {
        0.5 + 0.5 * ((value - self.baseline[seat]) / self.cfg.scale).tanh()
    }
}

/// One search tree with its reusable buffers.
pub(super) struct Tree<G: Game> {
    /// Node arena; the root is node 0.
    pub(super) nodes: Vec<Node<G::Action>>,
    /// Second arena that re-rooting copies into (kept to reuse its allocation).
    spare: Vec<Node<G::Action>>,
    /// Work list of re-rooting: (old node, its copy).
    stack: Vec<(u32, u32)>,
    rng: GameRng,
    /// Nodes of the current iteration's path, root first.
    path: Vec<u32>,
    legal: Vec<G::Action>,
    /// Candidates of the decision at hand (legal, after the restriction for `me`).
    allowed: Vec<G::Action>,
    /// Eligible children of the node at hand: (node, index into `allowed`).
    kids: Vec<(u32, usize)>,
    /// Index into `allowed` of each candidate action, built when a child's hint misses.
    index: ActionIndex<G::Action>,
    /// Whether `index` is built for the candidates in `allowed`.
    indexed: bool,
    has_child: Vec<bool>,
    /// Candidates that get a child in the expansion at hand.
    fresh: Vec<G::Action>,
    /// The children made in the expansion at hand, in the order they are linked.
    linked: Vec<u32>,
    /// Per-seat rewards of the current iteration.
    values: Vec<f64>,
    /// Outcomes of the draw at hand (`chance=explicit`).
    outcomes: Vec<ChanceOutcome>,
    lookahead: TurnLookahead<G>,
    one_ply: OnePly<G>,
    /// The position each iteration plays in.
    sim: Scratch<G>,
    /// Iterations of the last search.
    pub(super) iterations: u64,
    /// Root visits the last search inherited from the previous decision's tree (tree reuse).
    pub(super) reused: u64,
    /// Deepest path of the last search.
    pub(super) max_depth: usize,
}

impl<G: Game> Tree<G> {
    /// An empty tree.
    pub(super) fn new() -> Self {
        Tree {
            nodes: Vec::new(),
            spare: Vec::new(),
            stack: Vec::new(),
            rng: rng_from_seed(0),
            path: Vec::new(),
            legal: Vec::new(),
            allowed: Vec::new(),
            kids: Vec::new(),
            index: ActionIndex::new(),
            indexed: false,
            has_child: Vec::new(),
            fresh: Vec::new(),
            linked: Vec::new(),
            values: Vec::new(),
            outcomes: Vec::new(),
            lookahead: TurnLookahead::new(),
            one_ply: OnePly::new(),
            sim: Scratch::new(),
            iterations: 0,
            reused: 0,
            max_depth: 0,
        }
    }

    /// Searches from `sh.root` until the budget is spent. With `keep = Some(a)` the search
    /// starts from the subtree below the root's child for `a` (see [`Tree::reroot`]) when
    /// there is one, else from an empty tree.
    pub(super) fn search(&mut self, sh: &Shared<'_, G>, seed: u64, keep: Option<G::Action>) {
        if !keep.is_some_and(|a| self.reroot(a, sh.me)) {
            self.nodes.clear();
            self.nodes.push(Node::new(None, sh.me, NONE, 0.0));
        }
        self.reused = self.nodes[0].visits as u64;
        self.rng = rng_from_seed(seed);
        self.iterations = 0;
        self.max_depth = 0;
        let deadline = sh.cfg.time.map(|t| Instant::now() + t);
        loop {
            let done = match deadline {
                Some(d) => Instant::now() >= d && self.iterations > 0,
                None => {
                    self.iterations >= sh.cfg.iters
                        || (sh.cfg.stops_early() && self.choice_settled(sh.cfg.iters))
                }
            };
            if done {
                break;
            }
            self.iterate(sh);
            self.iterations += 1;
        }
    }

    /// Whether the most visited root child stays the most visited whatever the rest of a
    /// budget of `iters` iterations does: each iteration adds at most one visit to one root
    /// child, so no other child (nor a candidate without one, at no visits) can reach it
    /// when it leads the next by more than the iterations left. The choice is then the one
    /// the full budget makes.
    fn choice_settled(&self, iters: u64) -> bool {
        let left = iters.saturating_sub(self.iterations);
        let root = &self.nodes[0];
        // The leader's visits are at most the root's.
        if u64::from(root.visits) <= left {
            return false;
        }
        let (mut first, mut second) = (0u64, 0u64);
        let mut child = root.first_child;
        while child != NONE {
            let n = &self.nodes[child as usize];
            let visits = u64::from(n.visits);
            if visits > first {
                second = first;
                first = visits;
            } else if visits > second {
                second = visits;
            }
            child = n.next_sibling;
        }
        first > second + left
    }

    /// Makes the root's child for `action` the new root, keeping only the part of its subtree
    /// in which `me` decides next (the open-loop tree may hold other seats' interjections
    /// there, such as a co-owner's boost, seen in some determinizations). Returns false, and
    /// changes nothing, when the root has no such child. Sibling order (by prior) and every
    /// statistic are preserved; nodes are copied into the spare arena, which is then swapped in.
    fn reroot(&mut self, action: G::Action, me: usize) -> bool {
        let mut child = self.nodes.first().map_or(NONE, |root| root.first_child);
        while child != NONE && self.nodes[child as usize].action != Some(action) {
            child = self.nodes[child as usize].next_sibling;
        }
        if child == NONE {
            return false;
        }
        let old = &self.nodes;
        let new = &mut self.spare;
        new.clear();
        let mut root = Node::new(None, me, NONE, 0.0);
        root.visits = old[child as usize].visits;
        new.push(root);
        // (node in `old` whose children to copy, its copy in `new`)
        self.stack.clear();
        self.stack.push((child, 0));
        while let Some((from, to)) = self.stack.pop() {
            let mut last = NONE;
            let mut c = old[from as usize].first_child;
            while c != NONE {
                let node = old[c as usize];
                if from != child || (node.mover as usize == me && node.outcome == NO_OUTCOME) {
                    let id = new.len() as u32;
                    new.push(Node {
                        first_child: NONE,
                        next_sibling: NONE,
                        ..node
                    });
                    match last {
                        NONE => new[to as usize].first_child = id,
                        prev => new[prev as usize].next_sibling = id,
                    }
                    last = id;
                    self.stack.push((c, id));
                }
                c = node.next_sibling;
            }
        }
        std::mem::swap(&mut self.nodes, &mut self.spare);
        true
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
        let mut state = self.sim.take_copy_of(sh.root);
        state.redeterminize(&mut self.rng);
        self.path.clear();
        self.path.push(0);
        let mut node = 0usize;
        while let Some(seat) = state.to_move() {
            self.candidates(sh, &state, seat);
            self.eligible_children(sh, &state, node, seat);
            if self.kids.is_empty() {
                // The tree is full (`max_nodes`) and holds no child legal here: roll out.
                break;
            }
            let unvisited = self
                .kids
                .iter()
                .find(|(id, _)| self.nodes[*id as usize].visits == 0);
            let (child, i) = match unvisited {
                Some(&first) if sh.cfg.prior_visits == 0.0 => first,
                _ => self.select(sh.cfg.c, sh.cfg.prior_visits),
            };
            let draw = (sh.cfg.chance == Chance::Explicit).then(|| self.fix_draw(&mut state));
            state.apply(self.allowed[i]);
            self.path.push(child);
            node = child as usize;
            if self.nodes[node].visits == 0 {
                break;
            }
            if let Some(Some((drawn_before, outcome))) = draw {
                if state.chance_events() > drawn_before {
                    match self.outcome_child(sh, node, outcome) {
                        Some(id) => {
                            self.path.push(id);
                            node = id as usize;
                            if self.nodes[node].visits == 0 {
                                break;
                            }
                        }
                        // The tree is full and has no node for this draw: roll out.
                        None => break,
                    }
                }
            }
        }
        self.max_depth = self.max_depth.max(self.path.len() - 1);
        let known = self.rollout(sh, &mut state);
        self.rewards(sh, &state, known);
        self.sim.put(state);
        for &id in &self.path {
            let n = &mut self.nodes[id as usize];
            n.visits += 1;
            if id != 0 {
                n.reward += self.values[n.mover as usize];
            }
        }
    }

    /// Samples the outcome of the next draw from [`Game::chance_outcomes`] and fixes it in
    /// `state`; returns the draws made so far and the outcome, or `None` when nothing is left
    /// to draw.
    fn fix_draw(&mut self, state: &mut G) -> Option<(usize, u32)> {
        state.chance_outcomes(&mut self.outcomes);
        let mut rest = unit(&mut self.rng);
        let last = *self.outcomes.last()?;
        let outcome = (self.outcomes.iter())
            .find(|o| {
                rest -= o.probability;
                rest < 0.0
            })
            .unwrap_or(&last)
            .id;
        state.fix_chance(outcome, &mut self.rng);
        Some((state.chance_events(), outcome))
    }

    /// The child of `node` for draw `outcome`, created when missing while the tree holds fewer
    /// than `max_nodes` nodes (`None` otherwise, and for an id of 16 bits or more, which the
    /// tree does not keep: the tile games' ids are tile types, below 256).
    fn outcome_child(&mut self, sh: &Shared<'_, G>, node: usize, outcome: u32) -> Option<u32> {
        let outcome = u16::try_from(outcome).ok().filter(|&o| o != NO_OUTCOME)?;
        let mut child = self.nodes[node].first_child;
        while child != NONE {
            let n = &self.nodes[child as usize];
            if n.outcome == outcome {
                return Some(child);
            }
            child = n.next_sibling;
        }
        if self.nodes.len() >= sh.cfg.max_nodes {
            return None;
        }
        // First among the siblings, with an infinite prior so that action children inserted
        // later keep their decreasing prior order behind it.
        let id = self.nodes.len() as u32;
        let parent = &self.nodes[node];
        let mut chance = Node::new(
            None,
            parent.mover as usize,
            parent.first_child,
            f64::INFINITY,
        );
        chance.outcome = outcome;
        self.nodes.push(chance);
        self.nodes[node].first_child = id;
        Some(id)
    }

    /// Fills `self.kids` with the children of `node` that may be chosen now, in prior order:
    /// creates children (with their priors) for candidates that have none while the tree holds
    /// fewer than `max_nodes` nodes, counts one availability for every legal child, and keeps
    /// the first `k·n^alpha` of them under progressive widening.
    fn eligible_children(&mut self, sh: &Shared<'_, G>, state: &G, node: usize, seat: usize) {
        self.indexed = false;
        self.legal_children(node);
        if self.kids.len() < self.allowed.len() && self.nodes.len() < sh.cfg.max_nodes {
            self.has_child.clear();
            self.has_child.resize(self.allowed.len(), false);
            for &(_, i) in &self.kids {
                self.has_child[i] = true;
            }
            let room = sh.cfg.max_nodes - self.nodes.len();
            let new = (0..self.allowed.len()).filter(|&i| !self.has_child[i]);
            self.fresh.clear();
            (self.fresh).extend(new.take(room).map(|i| self.allowed[i]));
            let first = self.nodes.len();
            self.add_children(sh, state, node, seat);
            // The new children's candidates, in the order made: their first hints.
            let new = (0..self.allowed.len()).filter(|&i| !self.has_child[i]);
            for (child, i) in self.nodes[first..].iter_mut().zip(new) {
                child.hint = i as u32;
            }
            self.legal_children(node);
        }
        if let Some((k, alpha)) = sh.cfg.widening {
            let n = (self.nodes[node].visits + 1) as f64;
            let limit = ((k * n.powf(alpha)).ceil() as usize).max(1);
            self.kids.truncate(limit);
        }
        for &(id, _) in &self.kids {
            self.nodes[id as usize].avail += 1;
        }
    }

    /// Fills `self.kids` with the children of `node` whose action is among the candidates, in
    /// prior order (chance outcomes are not candidates). A child is matched at its hint when
    /// the candidate there is its action, else through the index (built on the first miss),
    /// and its hint then moves to where it was found.
    fn legal_children(&mut self, node: usize) {
        self.kids.clear();
        let mut child = self.nodes[node].first_child;
        // Children have distinct actions: once every candidate has its child, stop.
        while child != NONE && self.kids.len() < self.allowed.len() {
            let Node {
                action,
                hint,
                next_sibling,
                ..
            } = self.nodes[child as usize];
            if let Some(action) = action {
                let found = if self.allowed.get(hint as usize) == Some(&action) {
                    Some(hint as usize)
                } else {
                    if !self.indexed {
                        self.index.rebuild(&self.allowed);
                        self.indexed = true;
                    }
                    let found = self.index.get(&action);
                    if let Some(i) = found {
                        self.nodes[child as usize].hint = i as u32;
                    }
                    found
                };
                if let Some(i) = found {
                    self.kids.push((child, i));
                }
            }
            child = next_sibling;
        }
    }

    /// Adds a child of `node` for every action of `self.fresh`, with its prior reward for
    /// `seat`: the reward of its heuristic value (with the rest of the turn played greedily
    /// during the root's turn, one-ply later), or a random number.
    fn add_children(&mut self, sh: &Shared<'_, G>, state: &G, node: usize, seat: usize) {
        let values = match sh.cfg.prior {
            Prior::Random => {
                let first = self.nodes.len();
                for &action in &self.fresh {
                    let prior = unit(&mut self.rng);
                    self.nodes.push(Node::new(Some(action), seat, NONE, prior));
                }
                link_children(&mut self.nodes, node, first, &mut self.linked);
                return;
            }
            Prior::Greedy if state.turn() == sh.root.turn() => self.lookahead.turn_values(
                state,
                &self.fresh,
                seat,
                (sh.me, sh.restriction),
                &sh.eval,
                &mut self.rng,
            ),
            Prior::Greedy => self
                .one_ply
                .values_after(state, &self.fresh, seat, &sh.eval),
        };
        let first = self.nodes.len();
        for (&action, &value) in self.fresh.iter().zip(values) {
            let prior = sh.reward(seat, value);
            self.nodes.push(Node::new(Some(action), seat, NONE, prior));
        }
        link_children(&mut self.nodes, node, first, &mut self.linked);
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
    /// Returns whether the heuristic terms of the final position are known (the greedy
    /// policy's, [`OnePly::played_terms`]).
    fn rollout(&mut self, sh: &Shared<'_, G>, state: &mut Box<G>) -> bool {
        let stop = match sh.cfg.rollout_turns {
            0 => usize::MAX,
            t => state.turn() + t,
        };
        let mut known = false;
        while let Some(seat) = state.to_move() {
            if state.turn() >= stop {
                break;
            }
            let was_known = std::mem::take(&mut known);
            let greedy = sh.cfg.rollout == Rollout::Greedy
                && (sh.cfg.epsilon == 0.0 || unit(&mut self.rng) >= sh.cfg.epsilon);
            if !greedy && (seat != sh.me || sh.restriction.is_empty()) {
                // Uniform over all legal actions: draw one without listing them.
                let action = state.random_action(&mut self.rng, &mut self.legal);
                state.apply(action);
                continue;
            }
            self.candidates(sh, state, seat);
            if greedy {
                let n = self.allowed.len();
                let k = match sh.cfg.rollout_sample {
                    0 => n,
                    k => k.min(n),
                };
                // A sample of k goes to the front; a whole list keeps the game's order, which
                // keeps siblings in a row for the greedy step.
                if k < n {
                    for i in 0..k {
                        let j = i + below(&mut self.rng, n - i);
                        self.allowed.swap(i, j);
                    }
                }
                let k = match sh.cfg.rollout_kind_sample {
                    0 => k,
                    per_kind => self.keep_per_kind(state, k, per_kind),
                };
                let candidates = &self.allowed[..k];
                let chosen = (self.one_ply).choose(
                    state,
                    candidates,
                    seat,
                    &sh.eval,
                    &mut self.rng,
                    was_known,
                );
                known = self
                    .one_ply
                    .play_chosen(state, candidates, chosen)
                    .is_some();
            } else {
                state.apply(self.allowed[below(&mut self.rng, self.allowed.len())]);
            }
        }
        known
    }

    /// Moves to the front of `self.allowed[..n]` a random `per_kind` of its candidates of each
    /// action kind (all of a kind that has fewer) and returns how many were kept.
    fn keep_per_kind(&mut self, state: &G, n: usize, per_kind: usize) -> usize {
        let candidates = &mut self.allowed[..n];
        for i in 0..n.saturating_sub(1) {
            let j = i + below(&mut self.rng, n - i);
            candidates.swap(i, j);
        }
        let mut taken = [0usize; MAX_ACTION_KINDS];
        let mut kept = 0;
        for i in 0..n {
            let kind = state.action_kind(&candidates[i]);
            if taken[kind] < per_kind {
                taken[kind] += 1;
                candidates.swap(kept, i);
                kept += 1;
            }
        }
        kept
    }

    /// Writes the reward of every seat for the rollout's final `state` into `self.values`.
    /// With `known`, the greedy rollout policy knows the position's heuristic terms.
    fn rewards(&mut self, sh: &Shared<'_, G>, state: &G, known: bool) {
        let terms = if known {
            self.one_ply.played_terms()
        } else {
            None
        };
        let totals = sh.eval.totals_known(state, terms);
        match sh.cfg.value {
            ValueMode::Diff => {
                sh.eval.values_of(&totals, &mut self.values);
                for (seat, v) in self.values.iter_mut().enumerate() {
                    *v = sh.reward(seat, *v);
                }
            }
            ValueMode::Win => win_shares(totals.as_slice(), &mut self.values),
        }
    }
}

/// Writes into `out` each seat's share of the win judged by `totals`: 1 shared among the
/// seats with the best total (within 1e-9), 0 for the others.
fn win_shares(totals: &[f64], out: &mut Vec<f64>) {
    let best = totals.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let is_winner = |t: f64| t >= best - 1e-9;
    let winners = totals.iter().filter(|&&t| is_winner(t)).count();
    out.clear();
    out.extend(totals.iter().map(|&t| {
        if is_winner(t) {
            1.0 / winners as f64
        } else {
            0.0
        }
    }));
}

/// A uniform number in `[0, 1)`.
fn unit(rng: &mut GameRng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// Links the nodes from `first` on, new children of `node`, into its children, keeping them
/// sorted by decreasing prior: each goes after the children whose prior is at least its own,
/// so equal priors keep the order they were made in (the order inserting them one by one
/// would give). The new children are sorted once and merged in one walk; `linked` is a
/// buffer.
fn link_children<A>(nodes: &mut [Node<A>], node: usize, first: usize, linked: &mut Vec<u32>) {
    linked.clear();
    linked.extend(first as u32..nodes.len() as u32);
    // Decreasing prior, then increasing id: the stable order, without a stable sort's buffer.
    linked.sort_unstable_by(|&a, &b| {
        let (pa, pb) = (nodes[a as usize].prior, nodes[b as usize].prior);
        pb.partial_cmp(&pa)
            .unwrap_or(Ordering::Equal)
            .then(a.cmp(&b))
    });
    let mut prev = NONE;
    let mut next = nodes[node].first_child;
    for &id in linked.iter() {
        let prior = nodes[id as usize].prior;
        while next != NONE && nodes[next as usize].prior >= prior {
            prev = next;
            next = nodes[next as usize].next_sibling;
        }
        nodes[id as usize].next_sibling = next;
        if prev == NONE {
            nodes[node].first_child = id;
        } else {
            nodes[prev as usize].next_sibling = id;
        }
        prev = id;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::geom::{Coord, Rotation};
    use crate::games::safari::{Action, SafariState};

    /// Children are matched to the candidates at hand as a plain scan of the candidates would
    /// match them, whether their hints still point at their actions (the same list), at other
    /// actions (a reordered list, one with candidates gone and new ones) or past the end.
    #[test]
    fn children_match_their_candidates_whatever_their_hints() {
        let place = |i: i8| Action::Place {
            at: Coord::new(i / 4, 0),
            rot: Rotation::new((i % 4) as u8),
        };
        let mut tree = Tree::<SafariState>::new();
        tree.nodes.push(Node::new(None, 0, NONE, 0.0));
        let first: Vec<Action> = (0..12).map(place).collect();
        for (i, &action) in first.iter().enumerate() {
            let mut child = Node::new(Some(action), 0, NONE, (i % 5) as f64);
            child.hint = i as u32;
            tree.nodes.push(child);
        }
        link_children(&mut tree.nodes, 0, 1, &mut tree.linked);
        let reversed: Vec<Action> = first.iter().rev().copied().collect();
        let changed: Vec<Action> = (6..16).map(place).collect();
        let short: Vec<Action> = (10..13).map(place).collect();
        for allowed in [&first, &reversed, &changed, &short, &first] {
            tree.allowed = allowed.clone();
            let mut expected = Vec::new();
            let mut child = tree.nodes[0].first_child;
            while child != NONE {
                let action = tree.nodes[child as usize].action.expect("an action child");
                if let Some(i) = allowed.iter().position(|&a| a == action) {
                    expected.push((child, i));
                }
                child = tree.nodes[child as usize].next_sibling;
            }
            // Twice: the first call moves the hints that missed.
            for _ in 0..2 {
                tree.indexed = false;
                tree.legal_children(0);
                assert_eq!(tree.kids, expected, "{allowed:?}");
            }
        }
    }
}
