#!/usr/bin/env python3
"""Speed of the Python package on one core (docs/python.md, "Speed"): uniformly random
2-player Safari games driven decision by decision from Python, and observation_tensor calls.
"""
import random
import time

import meeplelab


def random_games(seconds):
    rng = random.Random(0)
    games = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = meeplelab.new_game("safari", players=2, seed=games)
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, decisions / games


def observations(seconds, turn):
    rng = random.Random(1)
    state = meeplelab.new_game("safari", players=2, seed=1)
    while state.turn < turn:
        state.apply(rng.choice(state.legal_actions()))
    calls = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state.observation_tensor(0)
        calls += 1
    return calls / (time.perf_counter() - start)


if __name__ == "__main__":
    games_per_s, per_game = random_games(10.0)
    print(f"random Safari games from Python: {games_per_s:.0f} games/s ({per_game:.1f} decisions/game)")
    for turn in (10, 36, 70):
        print(f"observation_tensor at turn {turn}: {observations(3.0, turn):.0f} calls/s")
