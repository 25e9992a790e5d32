#!/usr/bin/env python3
"""Learning example (docs/python.md, "Learning example"): self-play data from greedy Safari
games, a small action-value model fitted with scikit-learn, then played as an external agent
against greedy.

1. Plays `--games` 2-player Safari games of greedy against greedy; at each decision, with
   probability `--explore`, the mover takes a uniformly random legal action instead (so the
   data holds bad actions too). Saves observations, packed legal masks, chosen actions and
   final returns of a sample of the decisions to DATA/selfplay.npz.
2. Fits Q(observation, action) ~ the mover's final score lead (points / 100) with a
   HistGradientBoostingRegressor on every decision's features (features.py).
3. Writes DATA/q_model.pkl; `examples/bots/q_bot.py` plays it (argmax Q over the legal
   actions), and the script runs a tournament of it against greedy and prints the standings.

    python examples/learning/train.py --games 30 --eval-games 10
"""
import argparse
import os
import pathlib
import pickle
import random
import sys
import time

import numpy as np
from sklearn.ensemble import HistGradientBoostingRegressor

import meeplelab

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from features import Featurizer  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]


def featurizer_for(state):
    """The featurizer of the bot, from the same keys its start message has."""
    spec = state.observation_spec()
    blocks = [(name, first, size) for name, first, size, _ in meeplelab.action_space(state.game)]
    # Safari's board side (docs/python.md, "Action ids").
    start = dict(spec, action_blocks=blocks, board_side=80)
    return Featurizer(start)


def self_play(games, explore, seed, keep):
    """Feature rows, targets and a sample of raw decisions (obs, mask bits, action, return)."""
    rng = random.Random(seed)
    greedy = meeplelab.Agent("greedy", seed=seed)
    feats, movers, game_of = [], [], []
    sample = {"observation": [], "mask": [], "action": [], "player": [], "game": []}
    returns = []
    featurize = None
    for g in range(games):
        state = meeplelab.new_game("safari", players=2, seed=seed * 1000 + g)
        featurize = featurize or featurizer_for(state)
        while not state.is_terminal:
            player = state.to_move
            legal = state.legal_actions()
            if len(legal) > 1 and rng.random() < explore:
                action = rng.choice(legal)
            else:
                action = greedy.choose(state)
            obs = state.observation_tensor(player)
            feats.append(featurize(obs, [action])[0])
            movers.append(player)
            game_of.append(g)
            if rng.random() < keep:
                sample["observation"].append(obs)
                sample["mask"].append(np.packbits(state.legal_mask()))
                sample["action"].append(action)
                sample["player"].append(player)
                sample["game"].append(g)
            state.apply(action)
        returns.append(state.scores)
    returns = np.asarray(returns, dtype=np.float32)
    lead = lambda g, p: (returns[g, p] - returns[g, 1 - p]) / 100.0  # noqa: E731
    y = np.asarray([lead(g, p) for g, p in zip(game_of, movers)], dtype=np.float32)
    sample["return"] = [lead(g, p) for g, p in zip(sample["game"], sample["player"])]
    return np.asarray(feats), y, np.asarray(game_of), sample, returns


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=30, help="self-play games")
    ap.add_argument("--explore", type=float, default=0.3, help="share of random decisions")
    ap.add_argument("--eval-games", type=int, default=10, help="games against greedy")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default=str(ROOT / "results" / "learning"))
    args = ap.parse_args()
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    t = time.time()
    x, y, games, sample, returns = self_play(args.games, args.explore, args.seed, keep=0.1)
    np.savez_compressed(
        out / "selfplay.npz",
        observations=np.asarray(sample["observation"], dtype=np.float32),
        legal_masks=np.asarray(sample["mask"]),
        actions=np.asarray(sample["action"]),
        players=np.asarray(sample["player"]),
        returns=np.asarray(sample["return"], dtype=np.float32),
        final_scores=returns,
    )
    print(f"self-play: {args.games} games, {len(y)} decisions in {time.time() - t:.1f} s; "
          f"kept {len(sample['action'])} decisions in {out / 'selfplay.npz'}")

    held_out = games >= int(args.games * 0.8)
    model = HistGradientBoostingRegressor(max_iter=200, learning_rate=0.1, random_state=0)
    model.fit(x[~held_out], y[~held_out])
    baseline = np.mean((y[held_out] - y[~held_out].mean()) ** 2)
    error = np.mean((model.predict(x[held_out]) - y[held_out]) ** 2)
    print(f"Q model: held-out games' squared error {error:.4f} (predicting the mean: {baseline:.4f})")
    model.fit(x, y)
    with open(out / "q_model.pkl", "wb") as f:
        pickle.dump(model, f)

    bot = f"ext:cmd={sys.executable} {ROOT / 'examples' / 'bots' / 'q_bot.py'} {out / 'q_model.pkl'}"
    for opponent in ["greedy", "random"]:
        result = meeplelab.tournament(
            [bot, opponent], games=args.eval_games, seed=args.seed + 100,
            out=out / f"vs-{opponent}", threads=1,
        )
        print(f"\nq_bot against {opponent}, {args.eval_games} games:")
        print(result["standings"])


if __name__ == "__main__":
    main()
