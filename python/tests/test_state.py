"""The State API on every game: ids, notation, masks, observations, clones, statistics."""
import random

import numpy as np
import pytest

import meeplelab

GAMES = [
    ("safari", 2, {}),
    ("safari", 4, {"vehicle_bonus": 5, "baobab_tokens_first": False}),
    ("carcassonne", 3, {"expansions": "robbers,bcb"}),
    ("new-world", 2, {}),
]


def random_game(game, players, rules, seed, check):
    """Plays a random game, calling check(state) before every decision."""
    rng = random.Random(seed)
    state = meeplelab.new_game(game, players=players, seed=seed, rules=rules)
    while not state.is_terminal:
        check(state)
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game,players,rules", GAMES)
def test_mask_agrees_with_legal_actions_and_notation_round_trips(game, players, rules):
    def check(state):
        legal = state.legal_actions()
        mask = state.legal_mask()
        assert mask.shape == (state.action_space_size,) and mask.dtype == np.bool_
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(legal)
        assert len(set(legal)) == len(legal)
        texts = state.legal_action_strings()
        assert [state.string_to_action(t) for t in texts] == legal
        assert state.action_to_string(legal[0]) == texts[0]

    end = random_game(game, players, rules, 3, check)
    assert end.legal_actions() == [] and end.to_move is None
    assert sum(end.returns()) == pytest.approx(1.0)


@pytest.mark.parametrize("game,players,rules", GAMES)
def test_observations_have_the_fixed_shape_of_their_spec(game, players, rules):
    spec = meeplelab.new_game(game, players=players, rules=rules).observation_spec()
    w = spec["window"]
    assert spec["size"] == len(spec["planes"]) * w * w + len(spec["globals"])
    assert f"pieces_{players - 1}" in spec["planes"] and "score_0" in spec["globals"]

    def check(state):
        if state.turn % 9 == 0:
            obs = state.observation_tensor(0)
            assert obs.shape == (spec["size"],) and obs.dtype == np.float32
            assert np.isfinite(obs).all()
            planes = obs[: len(spec["planes"]) * w * w].reshape(len(spec["planes"]), w, w)
            assert planes[spec["planes"].index("tile")].sum() >= 1

    random_game(game, players, rules, 5, check)


def test_same_seed_same_game_and_clones_are_independent():
    a = random_game("carcassonne", 2, {}, 11, lambda s: None)
    b = random_game("carcassonne", 2, {}, 11, lambda s: None)
    assert a.scores == b.scores and a.to_record() == b.to_record()
    s = meeplelab.new_game("safari", seed=2)
    c = s.clone()
    c.apply(c.legal_actions()[0])
    assert s.turn == 0 and len(s.legal_actions()) > 0 and s.to_record() != c.to_record()


def test_statistics_name_points_actions_and_facts():
    end = random_game("safari", 2, {}, 4, lambda s: None)
    stats = end.stats(1)
    assert stats["actions_place"] == 36 and "meeples_in_supply" in stats
    assert sum(v for k, v in stats.items() if k.startswith("points_")) == end.scores[1]


def test_agents_choose_legal_actions_reproducibly():
    state = meeplelab.new_game("new-world", players=3, seed=9)
    for spec in ["random", "greedy", "mcts:iters=50"]:
        agent = meeplelab.Agent(spec, seed=4)
        choice = agent.choose(state)
        assert choice in state.legal_actions()
        assert meeplelab.Agent(spec, seed=4).choose(state) == choice
    assert meeplelab.Agent("mcts-500").name == "mcts-500"
    assert meeplelab.Agent("mcts:iters=500,c=0.5").label == "mcts:c=0.5"


@pytest.mark.parametrize(
    "call,phrase",
    [
        (lambda: meeplelab.new_game("chess"), 'unknown game "chess"'),
        (lambda: meeplelab.new_game("safari", players=7), "not 7"),
        (lambda: meeplelab.new_game("safari", rules={"vehicles": 9}), "vehicles"),
        (lambda: meeplelab.new_game("safari", rules={"colour": "red"}), "colour"),
        (lambda: meeplelab.new_game("safari", tileset="/no/such.tiles"), "/no/such.tiles"),
        (lambda: meeplelab.new_game("safari").apply(10**9), "action 1000000000"),
        (lambda: meeplelab.new_game("safari").apply("dig 0,0 NE A"), "dig 0,0 NE A"),
        (lambda: meeplelab.new_game("safari").observation_tensor(3), "player 3"),
        (lambda: meeplelab.new_game("safari").stats(2), "player 2"),
        (lambda: meeplelab.Agent("mcts:iters=lots"), "lots"),
        (lambda: meeplelab.Agent("nobody"), "nobody"),
        (lambda: meeplelab.action_space("go"), '"go"'),
        (lambda: meeplelab.from_record("not a record"), "record"),
    ],
)
def test_bad_input_raises_value_error_naming_the_value(call, phrase):
    with pytest.raises(ValueError, match=None) as info:
        call()
    assert phrase in str(info.value)


def test_action_space_blocks_tile_the_ids():
    for game in meeplelab.GAMES:
        blocks = meeplelab.action_space(game)
        assert blocks[0][0] == "place" and blocks[0][1] == 0
        for (_, start, size, _), (_, nxt, _, _) in zip(blocks, blocks[1:]):
            assert start + size == nxt
        end = blocks[-1][1] + blocks[-1][2]
        assert end == meeplelab.new_game(game).action_space_size
