//! The generic checks, each a function over any game `G: GameDef` (OpenSpiel's random
//! simulation test, in spirit): random games of every player count and rule variant the game's
//! hooks name, with fixed seeds. `main.rs` runs each for every game of `GameId::ALL`;
//! [`run_all`] runs them all for one game (the test-only game of `tiny.rs`).

use super::hooks::{has_hooks, hooks, Watch};
use crate::common::fast_hash::{HashMap, HashSet};
use crate::counting_alloc::{allocations, start_counting, stop_counting};
use meeplelab::agents::{Agent, AgentSpec};
use meeplelab::core::game::{SiblingTerms, Siblings, EVAL_TERMS, MAX_ACTION_KINDS};
use meeplelab::core::perft::perft;
use meeplelab::core::playout::random_playout;
use meeplelab::core::rng::{below, derive_seed, rng_from_seed};
use meeplelab::games::{GameDef, Setup};
use meeplelab::io::record::{game_record, random_game_record, Record, RecordWriter};
use std::path::Path;

/// Every check, in turn, for game `G`.
pub fn run_all<G: GameDef>() {
    random_games_keep_the_invariants::<G>();
    the_same_seed_gives_the_same_game::<G>();
    records_replay_to_the_same_game::<G>();
    clones_behave_like_the_original::<G>();
    redeterminize_keeps_what_is_public::<G>();
    chance_fixes_the_next_draw::<G>();
    random_actions_are_legal_and_uniform::<G>();
    restart_new_game_and_start_agree::<G>();
    decisions_do_not_allocate::<G>();
    agents_do_not_allocate_once_warm::<G>();
    redone_actions_equal_applied::<G>();
    flood_fill_oracle_agrees::<G>();
    naive_legal_actions_agree::<G>();
    super::perft::pinned_counts_hold::<G>();
}

/// The setup of the suite's game `index` (also its seed): player counts go through
/// `G::PLAYERS` and the hooks' rule variants cycle independently, so every pair occurs.
pub fn suite_setup<G: GameDef>(index: u64) -> Setup<G> {
    let variants = hooks::<G>().variants();
    let nv = variants.len() as u64;
    let np = G::PLAYERS.count() as u64;
    let players = *G::PLAYERS.start() + ((index / nv) % np) as usize;
    let rules = variants[(index % nv) as usize];
    G::setup_with_rules(players, index, G::builtin_tiles(), rules)
        .unwrap_or_else(|e| panic!("{}: rules {rules:?}: {e}", G::NAME))
}

/// The start of the suite's game `index`.
pub fn suite_game<G: GameDef>(index: u64) -> G {
    let setup = suite_setup::<G>(index);
    G::new_game(&setup).unwrap_or_else(|e| panic!("{}: game {index}: {e}", G::NAME))
}

/// Plays the suite's games `0..games` with uniformly random decisions (unless `watch` chooses),
/// telling `watch` about every decision, then calls `watch.finish()`. Returns the decisions
/// played.
pub fn play_games<G: GameDef>(games: u64, watch: &mut dyn Watch<G>) -> u64 {
    let mut legal = Vec::new();
    let mut decisions = 0;
    for index in 0..games {
        let mut g = suite_game::<G>(index);
        let mut rng = rng_from_seed(derive_seed(index, 99));
        while !g.is_terminal() {
            g.legal_actions(&mut legal);
            assert!(
                !legal.is_empty(),
                "{}: no legal action in game {index}",
                G::NAME
            );
            let a = match watch.choose(&g, &legal) {
                Some(a) => a,
                None => legal[below(&mut rng, legal.len())],
            };
            watch.before(&g, &legal, a);
            g.apply(a);
            watch.after(&g);
            decisions += 1;
        }
        watch.end(&g);
    }
    watch.finish();
    decisions
}

/// Plays `g` to its end with uniformly random decisions from `seed`.
pub fn play_out<G: GameDef>(mut g: G, seed: u64) -> G {
    let mut rng = rng_from_seed(seed);
    let mut legal = Vec::new();
    while !g.is_terminal() {
        g.legal_actions(&mut legal);
        g.apply(legal[below(&mut rng, legal.len())]);
    }
    g
}

/// What the suite observes of a position: the generic parts every game has, and what the
/// game's hooks show (public view, hidden order).
#[derive(Debug, PartialEq)]
pub struct Observation<A> {
    to_move: Option<usize>,
    turn: usize,
    scores: Vec<i32>,
    stats: Vec<Vec<i64>>,
    /// Every seat's evaluation terms, as bits (so that equal means identical).
    eval: Vec<[u64; EVAL_TERMS]>,
    legal: Vec<A>,
    public: Option<String>,
    hidden: Option<Vec<u32>>,
}

/// Observes `g`; its hidden order only `with_hidden`.
pub fn observe<G: GameDef>(g: &G, with_hidden: bool) -> Observation<G::Action> {
    let h = hooks::<G>();
    let seats = 0..g.num_players();
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    let mut terms = vec![[0.0; EVAL_TERMS]; g.num_players()];
    g.eval_terms_all(&mut terms);
    Observation {
        to_move: g.to_move(),
        turn: g.turn(),
        scores: g.scores().to_vec(),
        stats: seats.clone().map(|p| stats(g, p)).collect(),
        eval: terms.iter().map(|t| t.map(f64::to_bits)).collect(),
        legal,
        public: h.public_view(g),
        hidden: if with_hidden { h.hidden_order(g) } else { None },
    }
}

/// `player`'s statistics.
pub fn stats<G: GameDef>(g: &G, player: usize) -> Vec<i64> {
    let mut out = Vec::new();
    g.player_stats(player, &mut out);
    out
}

/// Observations of `g` and of every position of a random continuation from `seed` to the end
/// (with the actions as the record writes them): two states behave alike when these agree.
pub fn continuation<G: GameDef>(mut g: G, seed: u64) -> Vec<(Observation<G::Action>, String)> {
    let mut rng = rng_from_seed(seed);
    let mut out = Vec::new();
    let mut scratch = Vec::new();
    loop {
        let o = observe(&g, true);
        if g.is_terminal() {
            out.push((o, String::new()));
            return out;
        }
        let a = g.random_action(&mut rng, &mut scratch);
        out.push((o, g.format_action(&a)));
        g.apply(a);
    }
}

/// The generic invariants of every game, checked before every decision and at every end.
struct GenericInvariants<G: GameDef> {
    /// The turn of the previous decision in this game.
    last_turn: Option<usize>,
    /// Seats that decided in this game.
    movers: Vec<bool>,
    /// Decisions of this game by seat and action kind.
    kinds: Vec<Vec<i64>>,
    /// Decisions in this game.
    steps: u64,
    /// Player counts with a game where someone scored.
    scored: HashSet<usize>,
    /// Player counts played.
    played: HashSet<usize>,
    /// Statistics indices `actions_<kind>` of each action kind, where the game has one.
    kind_stats: Vec<Option<usize>>,
    /// Statistics indices of the points by source.
    point_stats: Vec<usize>,
    seen: HashSet<G::Action>,
}

impl<G: GameDef> GenericInvariants<G> {
    fn new() -> Self {
        let names = G::stat_names();
        GenericInvariants {
            last_turn: None,
            movers: Vec::new(),
            kinds: Vec::new(),
            steps: 0,
            scored: HashSet::default(),
            played: HashSet::default(),
            kind_stats: G::action_kind_names()
                .iter()
                .map(|k| names.iter().position(|n| *n == format!("actions_{k}")))
                .collect(),
            point_stats: (0..names.len())
                .filter(|&i| names[i].starts_with("points_"))
                .collect(),
            seen: HashSet::default(),
        }
    }

    /// Scores, statistics and points by source of every seat.
    fn check_scores(&self, s: &G) {
        let name = G::NAME;
        assert_eq!(
            s.scores().len(),
            s.num_players(),
            "{name}: one score per seat"
        );
        for p in 0..s.num_players() {
            let v = stats(s, p);
            assert_eq!(v.len(), G::stat_names().len(), "{name}: statistics of P{p}");
            let points: i64 = self.point_stats.iter().map(|&i| v[i]).sum();
            assert_eq!(
                points,
                s.scores()[p] as i64,
                "{name}: P{p}'s points by source do not add up to the score"
            );
        }
    }
}

impl<G: GameDef> Watch<G> for GenericInvariants<G> {
    fn before(&mut self, s: &G, legal: &[G::Action], action: G::Action) {
        let name = G::NAME;
        let n = s.num_players();
        if self.last_turn.is_none() {
            self.movers = vec![false; n];
            self.kinds = vec![vec![0; G::action_kind_names().len()]; n];
            self.played.insert(n);
        }
        let p = s.to_move().expect("a decision while the game runs");
        assert!(p < n, "{name}: seat P{p} decides in a {n}-player game");
        assert!(!s.is_terminal(), "{name}: terminal with a seat to move");
        assert!(
            !legal.is_empty(),
            "{name}: no legal action while the game runs"
        );
        assert!(legal.contains(&action));
        // Turns count up one at a time.
        let turn = s.turn();
        if let Some(last) = self.last_turn {
            assert!(
                turn == last || turn == last + 1,
                "{name}: turn went from {last} to {turn}"
            );
        }
        self.last_turn = Some(turn);
        // Every listed action is distinct, accepted by `is_legal` and of a known kind.
        self.seen.clear();
        for a in legal {
            assert!(self.seen.insert(*a), "{name}: {a:?} listed twice");
            assert!(s.is_legal(a, legal), "{name}: listed {a:?} is not is_legal");
            assert!(s.action_kind(a) < G::action_kind_names().len());
        }
        self.check_scores(s);
        self.movers[p] = true;
        self.kinds[p][s.action_kind(&action)] += 1;
        self.steps += 1;
        assert!(self.steps < 100_000, "{name}: the game does not end");
        if self.steps % 4 != 1 {
            return;
        }
        // At every fourth decision: every listed action is written in notation that reads
        // back as itself (records depend on it), and eval_terms_all (one pass over all seats)
        // agrees with eval_terms seat by seat.
        for a in legal {
            let text = s.format_action(a);
            assert_eq!(
                s.parse_action(&text).as_ref(),
                Ok(a),
                "{name}: \"{text}\" does not read back as {a:?}"
            );
        }
        let mut all = vec![[0.0; EVAL_TERMS]; n];
        s.eval_terms_all(&mut all);
        for (q, terms) in all.iter().enumerate() {
            let one = s.eval_terms(q);
            assert!(one.iter().all(|t| t.is_finite()), "{name}: {one:?}");
            assert_eq!(
                terms.map(f64::to_bits),
                one.map(f64::to_bits),
                "{name}: eval_terms_all differs from eval_terms for P{q}"
            );
        }
    }

    fn end(&mut self, s: &G) {
        let name = G::NAME;
        assert!(
            s.is_terminal() && s.to_move().is_none(),
            "{name}: game over"
        );
        let mut legal = Vec::new();
        s.legal_actions(&mut legal);
        assert!(legal.is_empty(), "{name}: legal actions after the end");
        self.check_scores(s);
        assert!(
            self.movers.iter().all(|&m| m),
            "{name}: a seat never decided in a {}-player game",
            s.num_players()
        );
        // Action counts by kind: the statistics count each seat's decisions.
        for p in 0..s.num_players() {
            let v = stats(s, p);
            for (k, i) in self.kind_stats.iter().enumerate() {
                if let Some(i) = *i {
                    assert_eq!(
                        v[i],
                        self.kinds[p][k],
                        "{name}: P{p}'s {} statistic",
                        G::stat_names()[i]
                    );
                }
            }
        }
        if s.scores().iter().any(|&x| x > 0) {
            self.scored.insert(s.num_players());
        }
        self.last_turn = None;
        self.steps = 0;
    }

    fn finish(&self) {
        let all: HashSet<usize> = G::PLAYERS.collect();
        assert_eq!(self.played, all, "{}: every player count played", G::NAME);
        assert_eq!(
            self.scored,
            all,
            "{}: someone scores in games of every player count",
            G::NAME
        );
    }
}

/// Two checkers as one.
struct Both<'a, G>(&'a mut dyn Watch<G>, &'a mut dyn Watch<G>);

impl<G: GameDef> Watch<G> for Both<'_, G> {
    fn choose(&mut self, s: &G, legal: &[G::Action]) -> Option<G::Action> {
        self.0.choose(s, legal).or_else(|| self.1.choose(s, legal))
    }
    fn before(&mut self, s: &G, legal: &[G::Action], a: G::Action) {
        self.0.before(s, legal, a);
        self.1.before(s, legal, a);
    }
    fn after(&mut self, s: &G) {
        self.0.after(s);
        self.1.after(s);
    }
    fn end(&mut self, s: &G) {
        self.0.end(s);
        self.1.end(s);
    }
    fn finish(&self) {
        self.0.finish();
        self.1.finish();
    }
}

/// Random games of every player count and variant keep the generic invariants (a seat to move
/// exactly while the game runs, legal actions never empty then and empty after, distinct,
/// accepted by `is_legal` and written in notation that reads back; turns count up by one;
/// points by source add up to the score; action statistics count the decisions;
/// `eval_terms_all` agrees with `eval_terms`; every seat decides; the game ends) and the
/// invariants the game's hooks claim, over 20 games of every player count and variant (at
/// least 200).
pub fn random_games_keep_the_invariants<G: GameDef>() {
    assert!(!G::action_kind_names().is_empty());
    assert!(G::action_kind_names().len() <= MAX_ACTION_KINDS);
    assert_eq!(G::eval_term_names().len(), G::default_eval_weights().len());
    assert!(G::eval_term_names().len() <= EVAL_TERMS);
    let mut generic = GenericInvariants::<G>::new();
    let mut game = hooks::<G>().invariants();
    let games = 20 * G::PLAYERS.count() as u64 * hooks::<G>().variants().len() as u64;
    let decisions = play_games(games.max(200), &mut Both(&mut generic, game.as_mut()));
    assert!(decisions > 1000, "{}: {decisions} decisions", G::NAME);
}

/// The same setup and seed give the same game; other seeds other games.
pub fn the_same_seed_gives_the_same_game<G: GameDef>() {
    let run = |index: u64| {
        let mut g = suite_game::<G>(index);
        let mut rng = rng_from_seed(index);
        let mut legal = Vec::new();
        let mut actions = Vec::new();
        while !g.is_terminal() {
            g.legal_actions(&mut legal);
            let a = legal[below(&mut rng, legal.len())];
            actions.push(g.format_action(&a));
            g.apply(a);
        }
        (actions, observe(&g, true))
    };
    for index in [0, 7, 13] {
        assert_eq!(run(index), run(index), "{}: game {index}", G::NAME);
    }
    // Games 0, 4, 8, … have the same players and variant and differ only by seed.
    let nv = hooks::<G>().variants().len() as u64;
    let np = G::PLAYERS.count() as u64;
    let same_kind: Vec<_> = (0..4).map(|k| run(k * nv * np).0).collect();
    assert!(
        same_kind.windows(2).any(|w| w[0] != w[1]),
        "{}: different seeds play the same game",
        G::NAME
    );
}

/// Records of random games replay to the same game: the same number of decisions and final
/// position (observations, public view, hidden order), and `replay_game` to a turn in the
/// middle gives a position that goes on like the original. `game_record` (what tournaments
/// write) writes the same text as `RecordWriter`, and the records of `random_game_record` (what
/// `meeplelab random-game` writes) replay to their game.
pub fn records_replay_to_the_same_game<G: GameDef>() {
    let name = G::NAME;
    let here = Path::new(".");
    let mut middles = 0;
    for index in 0..40u64 {
        let setup = suite_setup::<G>(index);
        let resolved = G::resolve(&setup).unwrap();
        let mut g = G::start(G::tiles(&setup), &resolved).unwrap();
        let mut writer = RecordWriter::<G>::new(&resolved, G::tiles(&setup), "builtin", &[]);
        let mut rng = rng_from_seed(derive_seed(index, 98));
        let mut legal = Vec::new();
        let mut decisions = Vec::new();
        let middle_turn = 1 + index as usize % 12;
        let mut middle = None;
        while !g.is_terminal() {
            if middle.is_none() && g.turn() >= middle_turn {
                middle = Some(g.clone());
            }
            g.legal_actions(&mut legal);
            let a = legal[below(&mut rng, legal.len())];
            writer.decision(&g, &a);
            decisions.push(a);
            g.apply(a);
        }
        let text = writer.finish(&g);
        let made = game_record::<G>(&setup, "builtin", &[], &[], &decisions).unwrap();
        assert_eq!(made, text, "{name}: game_record and RecordWriter differ");
        let record = Record::parse_as::<G>(&text, "generated")
            .unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
        assert_eq!(record.game.0, name);
        let replay = record
            .replay_game::<G>(here, None)
            .unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
        assert_eq!(replay.decisions, decisions.len(), "{name}: game {index}");
        assert_eq!(
            observe(&replay.state, true),
            observe(&g, true),
            "{name}: {index}"
        );
        if let Some(middle) = middle {
            let replay = record.replay_game::<G>(here, Some(middle_turn)).unwrap();
            assert_eq!(
                continuation(replay.state, index),
                continuation(middle, index),
                "{name}: game {index} replayed to turn {middle_turn}"
            );
            middles += 1;
        }
    }
    assert!(
        middles > 20,
        "{name}: only {middles} games reached their middle turn"
    );
    for index in 0..5 {
        let (state, text) = random_game_record::<G>(&suite_setup::<G>(index), "builtin").unwrap();
        let replay = Record::parse_as::<G>(&text, "random")
            .and_then(|r| r.replay_game::<G>(here, None))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(replay.state.is_terminal());
        assert_eq!(observe(&replay.state, true), observe(&state, true));
    }
}

/// A clone, and a state refreshed with `clone_from` from a state of another game (one played
/// to its end, or one just started: more and less memory in use), behave like the original:
/// identical observations (all of them at every third decision, whose decision and the scores
/// at the others) and random actions at every step of the rest of the game. Copies are taken
/// at the start and after 7, 25, 60 and 110 decisions, and each follows the original to the
/// end, so a field left uncopied shows whenever it matters later.
pub fn clones_behave_like_the_original<G: GameDef>() {
    let name = G::NAME;
    let mut far = play_out(suite_game::<G>(1001), 1);
    let near = suite_game::<G>(1002);
    let mut scratch = Vec::new();
    let mut copies = 0;
    for index in 0..40u64 {
        let mut s = suite_game::<G>(index);
        // (what, copy, decision it was taken at)
        let mut live: Vec<(&str, G, u64)> = Vec::new();
        let mut step = 0u64;
        loop {
            if [0, 7, 25, 60, 110].contains(&step) && !s.is_terminal() {
                let dirty = if live.len().is_multiple_of(4) {
                    &far
                } else {
                    &near
                };
                let mut d = dirty.clone();
                d.clone_from(&s);
                live.push(("clone", s.clone(), step));
                live.push(("clone_from", d, step));
                copies += 1;
            }
            // Everything at every third decision and at the end; the rest of the time whose
            // decision, the scores and the random action (below).
            let full = step.is_multiple_of(3) || s.is_terminal();
            let o = full.then(|| observe(&s, true));
            for (what, t, at) in &live {
                let at = format!("{what} taken at decision {at}, game {index}, decision {step}");
                match &o {
                    Some(o) => assert_eq!(&observe(t, true), o, "{name}: {at}"),
                    None => {
                        assert_eq!(t.to_move(), s.to_move(), "{name}: {at}");
                        assert_eq!(t.scores(), s.scores(), "{name}: {at}");
                    }
                }
            }
            if s.is_terminal() {
                break;
            }
            let seed = derive_seed(index, step);
            let a = s.random_action(&mut rng_from_seed(seed), &mut scratch);
            for (what, t, at) in &mut live {
                assert_eq!(
                    t.random_action(&mut rng_from_seed(seed), &mut scratch),
                    a,
                    "{name}: {what} taken at decision {at}"
                );
                assert_eq!(t.format_action(&a), s.format_action(&a));
                t.apply(a);
            }
            s.apply(a);
            step += 1;
        }
        far = s;
    }
    assert!(copies > 40, "{name}: {copies} copies followed");
}

/// After `redeterminize` everything public is unchanged (whose decision, turn, scores,
/// statistics, evaluation terms, the legal actions, the hooks' public view) and so is the
/// multiset of hidden things; their order changes in most positions; the state plays on to a
/// legal end.
pub fn redeterminize_keeps_what_is_public<G: GameDef>() {
    let name = G::NAME;
    let h = hooks::<G>();
    let mut rng = rng_from_seed(5);
    let (mut checked, mut shuffled, mut could_shuffle) = (0, 0, 0);
    let mut positions = Vec::new();
    for index in 0..30u64 {
        let mut g = suite_game::<G>(index);
        let mut legal_rng = rng_from_seed(index);
        let mut legal = Vec::new();
        let mut step = 0;
        while !g.is_terminal() {
            if step % 7 == 3 {
                positions.push(g.clone());
            }
            g.legal_actions(&mut legal);
            g.apply(legal[below(&mut legal_rng, legal.len())]);
            step += 1;
        }
    }
    for (i, s) in positions.iter().enumerate() {
        let mut r = s.clone();
        r.redeterminize(&mut rng);
        assert_eq!(
            observe(&r, false),
            observe(s, false),
            "{name}: position {i}"
        );
        assert_eq!(
            h.unseen(&r),
            h.unseen(s),
            "{name}: the unseen multiset changed"
        );
        if let (Some(before), Some(after)) = (h.hidden_order(s), h.hidden_order(&r)) {
            if before.iter().any(|x| *x != before[0]) {
                could_shuffle += 1;
                shuffled += usize::from(before != after);
            }
        }
        if i % 5 == 0 {
            let end = play_out(r, i as u64);
            assert!(end.is_terminal());
        }
        checked += 1;
    }
    assert!(checked >= 60, "{name}: {checked} positions");
    if h.hidden_order(&positions[0]).is_some() {
        assert!(
            shuffled * 4 > could_shuffle * 3,
            "{name}: the hidden order changed in only {shuffled} of {could_shuffle} positions"
        );
    }
}

/// `chance_outcomes` lists the next hidden draw: distinct outcomes whose probabilities sum
/// to 1, each its share of the hidden order where the hooks show it (empty exactly when
/// nothing is hidden); `fix_chance` makes the chosen outcome the next item of the hidden order
/// and changes nothing public nor the unseen multiset; `chance_events` grows by exactly the
/// items an action takes from the hidden order.
pub fn chance_fixes_the_next_draw<G: GameDef>() {
    let name = G::NAME;
    let h = hooks::<G>();
    let mut rng = rng_from_seed(9);
    let (mut outcomes, mut legal) = (Vec::new(), Vec::new());
    let (mut fixed, mut draws) = (0, 0);
    for index in 0..20u64 {
        let mut g = suite_game::<G>(index);
        while !g.is_terminal() {
            g.chance_outcomes(&mut outcomes);
            let total: f64 = outcomes.iter().map(|o| o.probability).sum();
            assert!(
                outcomes.is_empty() || (total - 1.0).abs() < 1e-9,
                "{name}: probabilities sum to {total}"
            );
            let mut ids: Vec<u32> = outcomes.iter().map(|o| o.id).collect();
            ids.sort_unstable();
            ids.dedup();
            assert_eq!(ids.len(), outcomes.len(), "{name}: repeated outcomes");
            let hidden = h.hidden_order(&g);
            if let Some(order) = &hidden {
                assert_eq!(outcomes.is_empty(), order.is_empty(), "{name}: {order:?}");
                for o in &outcomes {
                    let share = order.iter().filter(|&&x| x == o.id).count() as f64;
                    let expected = share / order.len() as f64;
                    assert!(
                        (o.probability - expected).abs() < 1e-12,
                        "{name}: outcome {} has probability {}, its share is {expected}",
                        o.id,
                        o.probability
                    );
                }
            }
            if !outcomes.is_empty() {
                let pick = outcomes[below(&mut rng, outcomes.len())].id;
                let before = g.clone();
                g.fix_chance(pick, &mut rng);
                assert_eq!(observe(&g, false), observe(&before, false), "{name}");
                assert_eq!(h.unseen(&g), h.unseen(&before), "{name}: unseen changed");
                if let Some(order) = h.hidden_order(&g) {
                    assert_eq!(order[0], pick, "{name}: the fixed outcome is not next");
                }
                fixed += 1;
            }
            let events = g.chance_events();
            g.legal_actions(&mut legal);
            g.apply(legal[below(&mut rng, legal.len())]);
            let drawn = g.chance_events() - events;
            if let (Some(before), Some(after)) = (hidden, h.hidden_order(&g)) {
                assert_eq!(
                    drawn,
                    before.len() - after.len(),
                    "{name}: chance events must count the draws"
                );
            }
            draws += drawn;
        }
    }
    assert!(
        fixed > 100 && draws > 100,
        "{name}: {fixed} draws fixed, {draws} draws"
    );
}

/// `random_action` returns a legal action at every decision of random games played with it,
/// the same one for the same random stream, and (where the hooks say it is uniform) every
/// legal action and nothing else, uniformly (chi-square, fixed seeds): over positions taken
/// every third decision and at every decision whose mix of action kinds is still rare.
pub fn random_actions_are_legal_and_uniform<G: GameDef>() {
    let name = G::NAME;
    let mut scratch = Vec::new();
    let mut legal = Vec::new();
    let mut positions = Vec::new();
    let mut mixes: HashMap<u64, usize> = HashMap::default();
    for index in 0..40u64 {
        let mut g = suite_game::<G>(index);
        let mut rng = rng_from_seed(derive_seed(index, 97));
        let mut step = 0;
        while !g.is_terminal() {
            g.legal_actions(&mut legal);
            let mix = legal
                .iter()
                .fold(0u64, |m, a| m | 1 << (g.action_kind(a) % 64));
            let seen = mixes.entry(mix).or_insert(0);
            *seen += 1;
            if step % 3 == 0 || *seen <= 30 {
                positions.push(g.clone());
            }
            let mut again = rng.clone();
            let a = g.random_action(&mut rng, &mut scratch);
            assert!(
                legal.contains(&a),
                "{name}: random_action gave {a:?}, not legal"
            );
            assert_eq!(g.random_action(&mut again, &mut scratch), a);
            g.apply(a);
            step += 1;
        }
    }
    let play = |seed: u64| {
        let mut g = suite_game::<G>(seed);
        random_playout(&mut g, &mut rng_from_seed(seed), &mut Vec::new());
        (g.scores().to_vec(), g.turn())
    };
    assert_eq!(play(5), play(5), "{name}: random playouts from one seed");
    if !hooks::<G>().uniform_sampler() {
        return;
    }
    let mut rng = rng_from_seed(7);
    let draw_counts = |g: &G, draws: usize, rng: &mut _, scratch: &mut Vec<_>| {
        let mut counts: HashMap<G::Action, usize> = HashMap::default();
        for _ in 0..draws {
            *counts.entry(g.random_action(rng, scratch)).or_insert(0) += 1;
        }
        counts
    };
    let mut chi_tested: HashMap<u64, usize> = HashMap::default();
    let (mut supported, mut uniform, mut wide) = (0, 0, 0);
    for g in &positions {
        g.legal_actions(&mut legal);
        // 40 draws per action: a legal action is missed with probability about e^-40.
        let counts = draw_counts(g, 40 * legal.len(), &mut rng, &mut scratch);
        for a in &legal {
            assert!(counts.contains_key(a), "{name}: legal {a:?} never sampled");
        }
        assert_eq!(
            counts.len(),
            legal.len(),
            "{name}: sampled an action not listed"
        );
        supported += 1;
        // Chi-square on positions with many actions, at most 3 of each mix of kinds.
        let mix = legal
            .iter()
            .fold(0u64, |m, a| m | 1 << (g.action_kind(a) % 64));
        let tested = chi_tested.entry(mix).or_insert(0);
        wide += usize::from(legal.len() >= 8);
        if legal.len() < 8 || *tested >= 3 {
            continue;
        }
        *tested += 1;
        let per_action = 400;
        let counts = draw_counts(g, per_action * legal.len(), &mut rng, &mut scratch);
        let expected = per_action as f64;
        let chi2: f64 = legal
            .iter()
            .map(|a| (*counts.get(a).unwrap_or(&0) as f64 - expected).powi(2) / expected)
            .sum();
        let df = (legal.len() - 1) as f64;
        // Mean df, standard deviation sqrt(2 df): allow five standard deviations.
        let limit = df + 5.0 * (2.0 * df).sqrt();
        assert!(
            chi2 < limit,
            "{name}: chi-square {chi2:.1} over {} actions (limit {limit:.1})",
            legal.len()
        );
        uniform += 1;
    }
    assert!(
        supported > 200,
        "{name}: support checked at {supported} positions"
    );
    assert!(
        uniform >= wide.min(3),
        "{name}: uniformity tested at {uniform} positions"
    );
}

/// Every decision's legal actions, the final scores and every seat's statistics.
type Trace<A> = (Vec<Vec<A>>, Vec<i32>, Vec<Vec<i64>>);

/// Random decisions from `g` to the end (to compare two starts of the same game).
fn trace<G: GameDef>(g: G, seed: u64) -> Trace<G::Action> {
    let mut g = g;
    let mut rng = rng_from_seed(seed);
    let mut legal = Vec::new();
    let mut seen = Vec::new();
    while !g.is_terminal() {
        g.legal_actions(&mut legal);
        seen.push(legal.clone());
        g.apply(legal[below(&mut rng, legal.len())]);
    }
    let st = (0..g.num_players()).map(|p| stats(&g, p)).collect();
    (seen, g.scores().to_vec(), st)
}

/// `restart` on a used state, `new_game` and `start(resolve(setup))` start the same game, for
/// the suite's setups, setups with the first tiles of the pile fixed and the hooks' special
/// setups; a setup with too many players is refused by `restart`, which keeps the state.
pub fn restart_new_game_and_start_agree<G: GameDef>() {
    let name = G::NAME;
    let mut setups: Vec<Setup<G>> = (0..12).map(|i| suite_setup::<G>(500 + i)).collect();
    // Every third setup with its first three tiles fixed: the last three it would draw.
    for setup in setups.iter_mut().skip(1).step_by(3) {
        let resolved = G::resolve(setup).unwrap();
        let mut order = G::common_header(&resolved).tile_order.to_vec();
        order.reverse();
        order.truncate(3);
        G::set_tile_order(setup, order);
    }
    setups.extend(hooks::<G>().special_setups());
    let mut reused = play_out(suite_game::<G>(99), 4);
    for (i, setup) in setups.iter().enumerate() {
        let seed = i as u64;
        let fresh = G::new_game(setup).unwrap_or_else(|e| panic!("{name}: setup {i}: {e}"));
        let tiles = G::tiles(setup);
        let started = G::start(tiles, &G::resolve(setup).unwrap()).unwrap();
        reused.restart(setup).unwrap();
        let expected = trace(fresh, seed);
        assert_eq!(trace(started, seed), expected, "{name}: setup {i}: start");
        assert_eq!(
            trace(reused.clone(), seed),
            expected,
            "{name}: setup {i}: restart"
        );
        reused = play_out(reused, seed);
    }
    let before = trace(reused.clone(), 8);
    let too_many = G::PLAYERS.end() + 1;
    let bad = G::setup(too_many, 1, G::builtin_tiles());
    assert!(reused.restart(&bad).is_err(), "{name}: {too_many} players");
    assert_eq!(
        trace(reused, 8),
        before,
        "{name}: a refused restart changed the state"
    );
}

/// No allocation per decision (design.md): once the action buffers have their capacity,
/// listing legal actions, `random_action`, `apply` and the evaluation terms allocate nothing in
/// 100 random games; neither does `restart` where the hooks say it works in place.
pub fn decisions_do_not_allocate<G: GameDef>() {
    let name = G::NAME;
    let in_place = hooks::<G>().restarts_in_place();
    let mut legal = Vec::with_capacity(4096);
    let mut scratch = Vec::with_capacity(4096);
    let mut terms = [[0.0; EVAL_TERMS]; 8];
    let mut decisions = 0u64;
    let mut g = suite_game::<G>(0);
    let before = allocations();
    for index in 0..100 {
        let setup = suite_setup::<G>(index);
        if in_place {
            start_counting();
            g.restart(&setup).unwrap();
            stop_counting();
        } else {
            g = G::new_game(&setup).unwrap();
        }
        let mut rng = rng_from_seed(index);
        start_counting();
        while !g.is_terminal() {
            g.legal_actions(&mut legal);
            let a = if decisions.is_multiple_of(2) {
                legal[below(&mut rng, legal.len())]
            } else {
                g.random_action(&mut rng, &mut scratch)
            };
            g.apply(a);
            std::hint::black_box(g.eval_terms(0));
            g.eval_terms_all(&mut terms[..g.num_players()]);
            std::hint::black_box(&terms);
            decisions += 1;
        }
        stop_counting();
    }
    assert!(
        decisions > 1000,
        "{name}: only {decisions} decisions played"
    );
    assert_eq!(
        allocations() - before,
        0,
        "{name}: allocations while playing"
    );
}

/// The decisions of a random 2-player game of `G` (positions and their legal actions).
fn random_decisions<G: GameDef>(seed: u64) -> Vec<(G, Vec<G::Action>)> {
    let players = 2.max(*G::PLAYERS.start());
    let mut g = G::new_game(&G::setup(players, seed, G::builtin_tiles())).expect("setup");
    let mut rng = rng_from_seed(seed);
    let mut out = Vec::new();
    let mut legal = Vec::new();
    while !g.is_terminal() {
        g.legal_actions(&mut legal);
        out.push((g.clone(), legal.clone()));
        g.apply(legal[below(&mut rng, legal.len())]);
    }
    out
}

/// Lets one `spec` agent decide every decision of a random game three times (the first two
/// passes let its buffers grow to what these decisions need) and returns the decisions and
/// the allocations counted in the third pass.
fn agent_allocations<G: GameDef>(spec: &str) -> (usize, usize) {
    let decisions = random_decisions::<G>(3);
    let spec = AgentSpec::resolve(spec).expect("valid spec");
    let mut agent: Box<dyn Agent<G>> = spec.build::<G>(3, 0);
    let mut counted = 0;
    // Three passes to warm up, the fourth counted.
    for pass in 0..4 {
        let before = allocations();
        start_counting();
        for (state, legal) in &decisions {
            std::hint::black_box(agent.choose(state, legal));
        }
        stop_counting();
        if pass == 3 {
            counted = allocations() - before;
        }
    }
    (decisions.len(), counted)
}

/// Agents' decisions allocate nothing per simulation or candidate once their buffers have
/// grown: greedy nothing at all, MCTS (30 simulations a decision, with and without chance
/// nodes) at most twice in a game.
pub fn agents_do_not_allocate_once_warm<G: GameDef>() {
    let name = G::NAME;
    // Greedy sees only these positions, whose needs the warm-up passes met: nothing.
    let (decisions, greedy) = agent_allocations::<G>("greedy");
    assert!(decisions > 10, "{name}: {decisions} decisions");
    assert_eq!(
        greedy, 0,
        "{name}: greedy allocated {greedy} times in {decisions} decisions"
    );
    // A search also meets positions of its own (random determinizations), so a buffer may
    // still grow once in a while past its largest size so far; never per simulation.
    for spec in ["mcts:iters=30", "mcts:iters=30,chance=explicit"] {
        let (decisions, mcts) = agent_allocations::<G>(spec);
        assert!(
            mcts <= 2,
            "{name}: {spec} allocated {mcts} times in {decisions} decisions of 30 simulations"
        );
    }
}

/// Results derived with `redo_as` and `redo_terms`, and terms judged with `sibling_terms`,
/// are those of the applied results (what agents rely on when they judge every action of a
/// decision, `agents/scratch.rs`): at every third decision of random games, the legal actions
/// are walked kind by kind, each derived from the previous result where the game can, and
/// random pairs besides; every derived result must observe as the action applied to a copy
/// (hidden order, evaluation terms bit for bit, and the terms `redo_terms` kept), and every
/// tenth one must play on to the same end; every judged sibling's terms must be the applied
/// result's bit for bit, with the same scores, seat to move and end of game.
pub fn redone_actions_equal_applied<G: GameDef>() {
    let name = G::NAME;
    let terms_of = |g: &G| {
        let mut t = vec![[0.0; EVAL_TERMS]; g.num_players()];
        if !g.is_terminal() {
            g.eval_terms_all(&mut t);
        }
        t
    };
    let applied = |g: &G, a: G::Action| {
        let mut t = g.clone();
        t.apply(a);
        t
    };
    let bits = |t: &[[f64; EVAL_TERMS]]| t.iter().map(|t| t.map(f64::to_bits)).collect::<Vec<_>>();
    let (mut redone, mut kept_terms, mut followed, mut judged) = (0, 0, 0, 0);
    // `state` is `from` after `done`, `terms` its terms; the actions of `rest` are judged
    // from it as a batch, and the first is then redone from it.
    let mut check = |from: &G,
                     done: G::Action,
                     rest: &[G::Action],
                     state: &mut G,
                     terms: &mut Vec<[f64; EVAL_TERMS]>| {
        let mut judged_terms = SiblingTerms::default();
        let siblings = Siblings {
            from,
            done: &done,
            instead: rest,
            terms,
        };
        state.sibling_terms(siblings, &mut judged_terms);
        for (changes, &sibling) in judged_terms.iter().zip(rest) {
            let expected = applied(from, sibling);
            let at = format!("{name}: {sibling:?} judged from {done:?}");
            let view = |g: &G| (g.scores().to_vec(), g.to_move(), g.is_terminal());
            assert_eq!(view(state), view(&expected), "{at}");
            let mut sibling_terms = terms.clone();
            for change in changes {
                sibling_terms[change.seat][change.term] = change.value;
            }
            assert_eq!(
                bits(&sibling_terms),
                bits(&terms_of(&expected)),
                "{at}: terms"
            );
            judged += 1;
        }
        let instead = rest[0];
        if !state.redo_as(from, &done, &instead) {
            *state = applied(from, instead);
            *terms = terms_of(state);
            return;
        }
        let expected = applied(from, instead);
        let at = format!("{name}: {done:?} redone as {instead:?}");
        assert_eq!(observe(state, true), observe(&expected, true), "{at}");
        if state.redo_terms(&done, &instead, terms) {
            assert_eq!(bits(terms), bits(&terms_of(&expected)), "{at}: terms");
            kept_terms += 1;
        } else {
            *terms = terms_of(state);
        }
        redone += 1;
        if redone % 10 == 1 {
            let (mut a, mut b) = (state.clone(), expected);
            let mut scratch = Vec::new();
            let mut step = 0;
            while !b.is_terminal() {
                let seed = derive_seed(redone, step);
                let action = b.random_action(&mut rng_from_seed(seed), &mut scratch);
                assert_eq!(
                    a.random_action(&mut rng_from_seed(seed), &mut scratch),
                    action,
                    "{at}"
                );
                a.apply(action);
                b.apply(action);
                step += 1;
            }
            assert_eq!(observe(&a, true), observe(&b, true), "{at}: played on");
            followed += 1;
        }
    };
    let mut legal = Vec::new();
    for index in 0..10u64 {
        let mut g = suite_game::<G>(index);
        let mut rng = rng_from_seed(derive_seed(index, 17));
        let mut step = 0;
        while !g.is_terminal() {
            g.legal_actions(&mut legal);
            if step % 3 == 0 && legal.len() > 1 {
                // In the agents' order (`SearchHooks::sibling_batch`).
                for a in &legal {
                    assert!(
                        g.sibling_batch(a) < MAX_ACTION_KINDS,
                        "{name}: batch of {a:?}"
                    );
                }
                let mut batched = legal.clone();
                batched.sort_by_key(|a| g.sibling_batch(a));
                let mut state = applied(&g, batched[0]);
                let mut terms = terms_of(&state);
                for k in 0..batched.len() - 1 {
                    // The whole rest where a batch begins, one action elsewhere.
                    let first_of_batch =
                        k == 0 || g.sibling_batch(&batched[k]) != g.sibling_batch(&batched[k - 1]);
                    let end = if first_of_batch { batched.len() } else { k + 2 };
                    check(&g, batched[k], &batched[k + 1..end], &mut state, &mut terms);
                }
                for _ in 0..legal.len().min(20) {
                    let done = legal[below(&mut rng, legal.len())];
                    let instead = legal[below(&mut rng, legal.len())];
                    let mut state = applied(&g, done);
                    let mut terms = terms_of(&state);
                    check(&g, done, &[instead], &mut state, &mut terms);
                }
            }
            g.apply(legal[below(&mut rng, legal.len())]);
            step += 1;
        }
    }
    eprintln!(
        "{name}: {redone} redone results ({kept_terms} with kept terms, {followed} played on), {judged} judged siblings"
    );
    // What the game claims is done often; what it does not, never.
    for (claimed, count, what) in [
        (G::REDOES, redone, "redone results"),
        (G::REDOES, kept_terms, "redone terms"),
        (G::JUDGES_SIBLINGS, judged, "judged siblings"),
    ] {
        if claimed {
            assert!(count > 100, "{name}: too few {what}");
        } else {
            assert_eq!(count, 0, "{name}: {what}, but it does not say so");
        }
    }
}

/// The game's flood-fill oracle (a hook) agrees with the engine on its random games.
pub fn flood_fill_oracle_agrees<G: GameDef>() {
    match hooks::<G>().oracle() {
        Some(mut oracle) => {
            play_games(oracle.games, oracle.watch.as_mut());
        }
        None => eprintln!("{}: no flood-fill oracle", G::NAME),
    }
}

/// Actions sorted by their debug text (an order good enough for comparisons).
pub fn sorted<A: std::fmt::Debug + Copy>(actions: &[A]) -> Vec<A> {
    let mut v = actions.to_vec();
    v.sort_by_cached_key(|a| format!("{a:?}"));
    v
}

/// Perft with the legal actions of the game's naive generator (a hook) wherever it gives them.
pub fn naive_perft<G: GameDef>(state: &G, depth: u32) -> u64 {
    if depth == 0 || state.is_terminal() {
        return 1;
    }
    let mut engine = Vec::new();
    state.legal_actions(&mut engine);
    let legal = hooks::<G>().naive_legal(state, &engine).unwrap_or(engine);
    if depth == 1 {
        return legal.len() as u64;
    }
    legal
        .iter()
        .map(|&a| {
            let mut next = state.clone();
            next.apply(a);
            naive_perft(&next, depth - 1)
        })
        .sum()
}

/// The engine's legal actions equal the naive generator's (a hook) at every decision of its
/// random games, and perft agrees with the naive perft deeper in games.
pub fn naive_legal_actions_agree<G: GameDef>() {
    let name = G::NAME;
    let h = hooks::<G>();
    let probe = suite_game::<G>(0);
    let mut legal = Vec::new();
    probe.legal_actions(&mut legal);
    if h.naive_legal(&probe, &legal).is_none() {
        eprintln!("{name}: no naive move generator");
        return;
    }
    let mut decisions = 0;
    for index in 0..h.naive_games() {
        let mut g = suite_game::<G>(index);
        let mut rng = rng_from_seed(derive_seed(index, 99));
        while !g.is_terminal() {
            g.legal_actions(&mut legal);
            let naive = h.naive_legal(&g, &legal).expect("a naive list");
            assert_eq!(sorted(&legal), sorted(&naive), "{name}: game {index}");
            g.apply(legal[below(&mut rng, legal.len())]);
            decisions += 1;
        }
    }
    assert!(
        decisions >= 100 * h.naive_games(),
        "{name}: {decisions} decisions compared"
    );
    // Positions later in games have more of everything in play.
    for seed in [3u64, 4, 5] {
        let players = (*G::PLAYERS.start()).max(3).min(*G::PLAYERS.end());
        let mut g = G::new_game(&G::setup(players, seed, G::builtin_tiles())).unwrap();
        for _ in 0..40 {
            if g.is_terminal() {
                break;
            }
            g.legal_actions(&mut legal);
            g.apply(legal[legal.len() / 3]);
        }
        assert_eq!(perft(&g, 3), naive_perft(&g, 3), "{name}: seed {seed}");
    }
}

/// Whether the game has hooks (the suite notes games without them).
pub fn note_hooks<G: GameDef>() {
    if !has_hooks::<G>() {
        eprintln!("{}: no test hooks; generic observations only", G::NAME);
    }
}
