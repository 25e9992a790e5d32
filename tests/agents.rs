//! Agents: legal play, restrictions, reproducibility, strength and spec errors (fixed seeds).

mod common;

use common::play_agents;
use meeplelab::agents::{play_out, Agent, AgentSpec};
use meeplelab::core::game::Game;
use meeplelab::core::rng::derive_seed;
use meeplelab::games::carcassonne::{self, CarcassonneState};
use meeplelab::games::safari::{SafariState, Setup};

fn new_game(players: usize, seed: u64) -> SafariState {
    SafariState::new(&Setup::new(players, seed)).expect("default setup starts")
}

/// A Safari game of `specs` (one a seat) played to the end from `seed`.
fn played(specs: &[&AgentSpec], seed: u64) -> SafariState {
    let mut state = new_game(specs.len(), seed);
    play_out(&mut state, &mut build(specs, seed));
    state
}

fn spec(text: &str) -> AgentSpec {
    let s = AgentSpec::resolve(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    s.validate_for::<SafariState>()
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    s
}

fn build<G: Game + 'static>(specs: &[&AgentSpec], seed: u64) -> Vec<Box<dyn Agent<G>>> {
    specs
        .iter()
        .enumerate()
        .map(|(seat, s)| s.build::<G>(seed, seat))
        .collect()
}

/// Plays a game, checking every choice is legal; returns the final state and the choices.
fn play_checked<G: Game + 'static>(state: &mut G, agents: &mut [Box<dyn Agent<G>>]) -> Vec<String> {
    let mut choices = Vec::new();
    play_agents(state, agents, |_, _, _, a| choices.push(format!("{a:?}")));
    choices
}

/// The statistic `name` of `player`.
fn stat(state: &SafariState, player: usize, name: &str) -> i64 {
    let i = SafariState::stat_names()
        .iter()
        .position(|n| *n == name)
        .expect("known statistic");
    let mut out = Vec::new();
    state.player_stats(player, &mut out);
    out[i]
}

#[test]
fn every_agent_completes_legal_games() {
    let texts = [
        "random",
        "greedy",
        "mcts:iters=20",
        "greedy:forbid=move_vehicle+dig",
    ];
    for players in [2, 4] {
        let specs: Vec<AgentSpec> = (0..players).map(|i| spec(texts[i % 4])).collect();
        let refs: Vec<&AgentSpec> = specs.iter().collect();
        let seed = derive_seed(5, players as u64);
        let mut state = new_game(players, seed);
        let mut agents = build(&refs, seed);
        play_checked(&mut state, &mut agents);
        assert!(state.is_terminal());
        assert!(state.turn() > 30, "the game ran its course");
    }
}

#[test]
fn agents_play_carcassonne_unchanged() {
    let specs: Vec<AgentSpec> = ["mcts:iters=20", "greedy", "random"]
        .iter()
        .map(|t| {
            let s = AgentSpec::resolve(t).expect("valid spec");
            s.validate_for::<CarcassonneState>()
                .expect("valid for Carcassonne");
            s
        })
        .collect();
    let refs: Vec<&AgentSpec> = specs.iter().collect();
    let seed = derive_seed(9, 3);
    let mut state =
        CarcassonneState::new(&carcassonne::Setup::new(3, seed)).expect("default setup starts");
    let mut agents = build(&refs, seed);
    play_checked(&mut state, &mut agents);
    assert!(state.is_terminal());
    assert_eq!(state.turn(), 71, "every land tile was placed");
}

#[test]
fn every_game_has_a_default_weight_per_heuristic_term() {
    assert_eq!(
        SafariState::default_eval_weights().len(),
        SafariState::eval_term_names().len()
    );
    assert_eq!(
        CarcassonneState::default_eval_weights().len(),
        CarcassonneState::eval_term_names().len()
    );
}

#[test]
fn forbidden_kinds_are_never_chosen() {
    let restricted = spec("greedy:forbid=move_vehicle+meeple_baobab");
    let free = spec("greedy");
    let mut free_moves = 0;
    for g in 0..2u64 {
        let seed = derive_seed(21, g);
        let state = played(&[&restricted, &free], seed);
        assert_eq!(stat(&state, 0, "actions_move_vehicle"), 0);
        assert_eq!(stat(&state, 0, "actions_meeple_baobab"), 0);
        free_moves += stat(&state, 1, "actions_move_vehicle");
    }
    assert!(free_moves > 0, "the unrestricted greedy does move vehicles");

    let restricted = spec("mcts:iters=20,forbid=move_vehicle");
    let random = spec("random:forbid=dig+extend");
    let seed = derive_seed(22, 0);
    let state = played(&[&restricted, &random], seed);
    assert_eq!(stat(&state, 0, "actions_move_vehicle"), 0);
    assert_eq!(stat(&state, 1, "actions_dig"), 0);
    assert_eq!(stat(&state, 1, "actions_extend"), 0);
}

#[test]
fn same_seed_gives_same_choices() {
    for texts in [
        ["random", "greedy"],
        [
            "mcts:iters=30,threads=2",
            "mcts:iters=30,rollout=random,prior=random",
        ],
        [
            "mcts:iters=30,reuse=true",
            "mcts:iters=30,reuse=true,threads=2",
        ],
        [
            "mcts:iters=30,chance=explicit",
            "mcts:iters=30,chance=explicit,reuse=true,threads=2",
        ],
    ] {
        let specs = [spec(texts[0]), spec(texts[1])];
        let run = |seed| {
            let mut state = new_game(2, seed);
            let mut agents = build(&[&specs[0], &specs[1]], seed);
            (
                play_checked(&mut state, &mut agents),
                state.scores().to_vec(),
            )
        };
        let a = run(3);
        assert_eq!(a, run(3), "{texts:?} repeat with the same seed");
        assert_ne!(a.0, run(4).0, "{texts:?} differ with another seed");
    }
}

#[test]
fn mcts_beats_random_with_seats_swapped() {
    let mcts = spec("mcts:iters=200,rollout_turns=1");
    let random = spec("random");
    let mut mcts_wins = 0;
    for g in 0..4u64 {
        let seats = if g % 2 == 0 {
            [&mcts, &random]
        } else {
            [&random, &mcts]
        };
        let state = played(&seats, derive_seed(77, g / 2));
        let m = (g % 2) as usize;
        if state.scores()[m] > state.scores()[1 - m] {
            mcts_wins += 1;
        }
    }
    assert_eq!(mcts_wins, 4);
}

#[test]
fn mcts_reports_telemetry_on_request() {
    let seed = 9;
    let state = new_game(2, seed);
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let mut quiet = spec("mcts:iters=10").build::<SafariState>(seed, 0);
    quiet.choose(&state, &legal);
    assert_eq!(quiet.telemetry(), None);
    let text = "mcts:iters=10,telemetry=true,early_stop=false";
    let mut loud = spec(text).build::<SafariState>(seed, 0);
    loud.choose(&state, &legal);
    let t = loud.telemetry().expect("telemetry enabled");
    assert!(t.contains("iterations=10"), "{t}");
    assert!(t.contains("visit_share="), "{t}");
}

/// The number after `key=` in a telemetry line.
fn telemetry_number(t: &str, key: &str) -> u64 {
    let rest = &t[t
        .find(&format!("{key}="))
        .unwrap_or_else(|| panic!("{key} in {t}"))
        + key.len()
        + 1..];
    rest.split(' ').next().unwrap().parse().expect("a number")
}

#[test]
fn a_full_tree_stops_growing_and_the_search_goes_on() {
    let seed = 4;
    let state = new_game(2, seed);
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let text = "mcts:iters=600,prior=random,rollout=random,telemetry=true,early_stop=false";
    let mut free = spec(text).build::<SafariState>(seed, 0);
    free.choose(&state, &legal);
    let grown = telemetry_number(&free.telemetry().unwrap(), "nodes");
    assert!(
        grown > 2_000,
        "an uncapped tree of 600 iterations grows past the cap: {grown}"
    );
    let mut capped = spec(&format!("{text},max_nodes=1000")).build::<SafariState>(seed, 0);
    let choice = capped.choose(&state, &legal);
    assert!(legal.contains(&choice));
    let t = capped.telemetry().unwrap();
    assert_eq!(telemetry_number(&t, "nodes"), 1_000, "{t}");
    assert_eq!(telemetry_number(&t, "iterations"), 600, "{t}");
}

/// A seeded game of `text` (seat 0, with telemetry) against greedy: every choice made, and
/// the telemetry number `key` of each decision seat 0 searched.
fn searched(text: &str, key: &str) -> (Vec<String>, Vec<u64>) {
    let mut agents = build(&[&spec(text), &spec("greedy")], 17);
    let mut state = new_game(2, 17);
    let (mut choices, mut numbers) = (Vec::new(), Vec::new());
    let mut legal = Vec::new();
    while let Some(seat) = state.to_move() {
        state.legal_actions(&mut legal);
        let action = agents[seat].choose(&state, &legal);
        if let Some(t) = agents[seat]
            .telemetry()
            .filter(|t| seat == 0 && t != "forced")
        {
            numbers.push(telemetry_number(&t, key));
        }
        choices.push(format!("{action:?}"));
        state.apply(action);
    }
    (choices, numbers)
}

#[test]
fn tree_reuse_carries_visits_to_the_next_decision_of_the_turn() {
    let (_, fresh) = searched("mcts:iters=40,telemetry=true", "reused");
    assert!(fresh.len() > 30, "every searched decision reports");
    assert!(fresh.iter().all(|&n| n == 0), "{fresh:?}");
    let (_, kept) = searched("mcts:iters=40,telemetry=true,reuse=true", "reused");
    let warm = kept.iter().filter(|&&n| n > 0).count();
    assert!(warm > 5, "later decisions of a turn start warm: {kept:?}");
    assert!(kept[0] == 0, "the first decision starts cold");
}

/// `early_stop` (the default) ends a search once no other root action can overtake the most
/// visited one within the budget: a seeded game is the same move for move as with the full
/// budget, in fewer iterations. Root parallelism and tree reuse always spend the budget.
#[test]
fn early_stop_keeps_every_choice_of_the_full_budget() {
    let (full, full_iterations) = searched(
        "mcts:iters=60,telemetry=true,early_stop=false",
        "iterations",
    );
    assert!(
        full_iterations.iter().all(|&n| n == 60),
        "{full_iterations:?}"
    );
    let (early, iterations) = searched("mcts:iters=60,telemetry=true", "iterations");
    assert_eq!(early, full, "the same choices");
    assert!(iterations.iter().all(|&n| n <= 60), "{iterations:?}");
    let stopped = iterations.iter().filter(|&&n| n < 60).count();
    assert!(
        stopped * 2 > iterations.len(),
        "most searches settle early: {iterations:?}"
    );
    for (param, spent) in [("threads=2", 120), ("reuse=true", 60)] {
        let text = format!("mcts:iters=60,telemetry=true,{param}");
        let (_, iterations) = searched(&text, "iterations");
        assert!(
            iterations.iter().all(|&n| n == spent),
            "{text}: {iterations:?}"
        );
    }
}

/// The error of a spec (inline, a name or a file) that Safari must reject.
fn error_of(text: &str) -> String {
    match AgentSpec::resolve(text).and_then(|s| s.validate_for::<SafariState>()) {
        Ok(()) => panic!("{text} should be rejected"),
        Err(e) => e.to_string(),
    }
}

/// Checks that each spec is rejected with every one of its phrases in the message.
fn assert_rejected<'a>(cases: impl IntoIterator<Item = (String, &'a [&'a str])>) {
    for (spec, phrases) in cases {
        let e = error_of(&spec);
        for phrase in phrases {
            assert!(e.contains(phrase), "{spec}: {e}");
        }
    }
}

/// Inline specs that do not resolve for Safari, and phrases of their error.
#[rustfmt::skip]
const BAD_SPECS: &[(&str, &[&str])] = &[
    ("alphazero:iters=3", &["alphazero", "random, greedy, mcts"]),
    ("mcts:iterz=3", &["`iterz`", "iters", "time_ms"]),
    ("mcts:iters=lots", &["`iters`", "integer", "lots"]),
    ("mcts:rollout=smart", &["random|greedy"]),
    ("greedy:forbid=teleport", &["`teleport`", "move_vehicle"]),
    ("greedy:bananas=2", &["`bananas`", "tokens_in_hand"]),
    ("random:c=1", &["`c`"]),
];

#[test]
fn spec_errors_are_clear() {
    assert_rejected(
        BAD_SPECS
            .iter()
            .map(|&(spec, phrases)| (spec.to_string(), phrases)),
    );
}

/// Spec files that do not resolve (name and text), and phrases of their error.
#[rustfmt::skip]
const BAD_SPEC_FILES: &[(&str, &str, &[&str])] = &[
    ("bad-param.toml", "name = \"x\"\nkind = \"mcts\"\n\n[params]\niters = 10\nwidth = 3\n", &["bad-param.toml:6", "`width`"]),
    ("bad-kind.toml", "name = \"x\"\nkind = \"minimax\"\n", &["bad-kind.toml:2", "minimax"]),
    ("bad-forbid.toml", "name = \"x\"\nkind = \"greedy\"\nforbid = [\"dig\", \"fly\"]\n", &["bad-forbid.toml:3", "`fly`"]),
    ("bad-key.toml", "name = \"x\"\nkind = \"greedy\"\nforbidden = []\n", &["bad-key.toml", "forbidden"]),
    ("bad-params-forbid.toml", "name = \"x\"\nkind = \"greedy\"\n[params]\nforbid = [\"fly\"]\n", &["bad-params-forbid.toml:4", "`fly`"]),
    ("bad-forbid-value.toml", "name = \"x\"\nkind = \"greedy\"\n[params]\nforbid = 3\n", &["bad-forbid-value.toml:4", "list of action kinds"]),
];

/// Issue 21: `forbid` where docs/agents.md writes it — after `[params]`, so inside that table —
/// forbids like the top-level key (it used to be refused as "not a parameter of greedy").
#[test]
fn forbid_under_params_is_read() {
    let dir = std::env::temp_dir().join(format!("meeplelab-forbid-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("no-vehicles.toml");
    let body = "name = \"no-vehicles\"\nkind = \"greedy\"\n\n[params]\nopponent = 0.5\n\nforbid = [\"move_vehicle\"]\n";
    std::fs::write(&path, body).expect("write spec");
    let s = spec(path.to_str().unwrap());
    assert_eq!(s.label(), "greedy:opponent=0.5,forbid=move_vehicle");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn spec_file_errors_name_file_line_and_key() {
    let dir = std::env::temp_dir().join(format!("meeplelab-agents-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    assert_rejected(BAD_SPEC_FILES.iter().map(|&(name, body, phrases)| {
        let path = dir.join(name);
        std::fs::write(&path, body).expect("write spec");
        (path.display().to_string(), phrases)
    }));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn labels_are_canonical_inline_specs() {
    let s = spec("mcts:c=0.8,iters=2000,forbid=move_vehicle+dig");
    assert_eq!(s.label(), "mcts:iters=2000,c=0.8,forbid=dig+move_vehicle");
    assert_eq!(spec(&s.label()).label(), s.label());
    assert_eq!(spec("random").label(), "random");
    assert_eq!(spec("mcts-500").name(), "mcts-500");
    assert_eq!(spec("greedy:opponent=1").label(), "greedy");
    assert_eq!(
        spec("greedy:tokens_in_hand=2,open_holes=1").label(),
        "greedy:open_holes=1,tokens_in_hand=2"
    );
    for (name, _) in meeplelab::agents::BUILTIN_SPECS {
        assert_eq!(spec(name).name(), name);
    }
}

#[test]
fn a_parameter_set_on_a_spec_reads_as_inline() {
    let shipped = spec("mcts-500");
    let full = shipped.with_param("early_stop", "false").expect("a flag");
    assert_eq!(full.label(), "mcts:early_stop=false");
    assert_eq!(full.name(), "mcts-500");
    let e = shipped
        .with_param("early_stop", "maybe")
        .unwrap_err()
        .to_string();
    assert!(e.contains("early_stop") && e.contains("maybe"), "{e}");
    let e = spec("random")
        .with_param("iters", "5")
        .unwrap_err()
        .to_string();
    assert!(e.contains("unknown parameter `iters`"), "{e}");
}
