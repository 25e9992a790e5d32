//! `meeplelab bench` measures the agents as shipped, for every game, with `--rule`.

mod common;

use common::cli::{fails, ok};

/// The number at `key` of a JSON object (or a panic naming it).
fn number(v: &serde_json::Value, key: &str) -> f64 {
    v[key]
        .as_f64()
        .unwrap_or_else(|| panic!("no number {key} in {v}"))
}

#[test]
fn bench_reports_the_shipped_agents_for_every_game() {
    for (game, rule) in [
        ("safari", "vehicle_bonus=5"),
        ("carcassonne", "expansions=robbers,bcb"),
        ("new-world", "surveyor_variant=true"),
    ] {
        let out = ok(&[
            "bench",
            "--game",
            game,
            "--rule",
            rule,
            "--games",
            "20",
            "--searches",
            "1",
            "--agent-games",
            "0",
            "--mcts",
            "mcts:iters=20,rollout=random,prior=random",
            "--json",
        ]);
        let r: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
        assert_eq!(r["game"], game);
        assert!(r["rules"].as_str().unwrap().contains(rule), "{r}");
        let a = &r["agents"];
        assert_eq!(a["mcts_spec"], "mcts-500", "{a}");
        assert_eq!(a["greedy_spec"], "greedy", "{a}");
        assert_eq!(number(a, "iterations_per_search"), 500.0);
        assert_eq!(a["simulations_spec"], "mcts:early_stop=false", "{a}");
        for key in [
            "first_decision_simulations_per_s",
            "mid_game_simulations_per_s",
            "first_decision_search_ms",
            "mid_game_search_ms",
            "greedy_decisions_per_s",
            "tree_node_bytes",
        ] {
            assert!(number(a, key) > 0.0, "{game}: {key} in {a}");
        }
        assert!(number(&a["random_rollouts"], "one_thread_simulations_per_s") > 0.0);
        // `--agent-games 0` skips the whole games (the text test below plays one).
        assert!(a["seconds_per_game"].is_null(), "{a}");
        assert!(number(&r, "state_bytes") > 0.0);
    }
}

#[test]
fn bench_text_names_what_it_measured_and_refuses_bad_rules() {
    let out = ok(&[
        "bench",
        "--games",
        "20",
        "--searches",
        "1",
        "--agent-games",
        "1",
        "--mcts",
        "mcts:iters=20,rollout=random,prior=random",
    ]);
    for needle in [
        "mcts-500: ",
        "ms a search at the first decision",
        "simulations/s at the first decision",
        "over whole budgets (mcts:early_stop=false)",
        "mid-game",
        "greedy: ",
        "decisions/s",
        "mcts-500 vs greedy: ",
        "per 2-seat game",
        "cheaper stand-in",
    ] {
        assert!(out.contains(needle), "missing {needle:?} in:\n{out}");
    }
    let e = fails(&["bench", "--rule", "vehicle_bonus=500"]);
    assert!(e.contains("vehicle_bonus"), "{e}");
    let e = fails(&["bench", "--mcts", "greedy"]);
    assert!(e.contains("fixed iteration budget"), "{e}");
}
