#!/usr/bin/env python3
"""A meeplelab bot that reads the observation tensor (docs/protocol.md, docs/python.md).

It places tiles where the board is densest: among the legal placements it picks the cell with
the most placed neighbours in the observation's `tile` plane (a compact board closes features
sooner), and takes every other decision at random. Needs NumPy.

    meeplelab match "ext:cmd=python3 examples/bots/observation_bot.py" random --games 20
"""
import random

import numpy as np

from action_ids import ActionIds
from serve import serve


class Bot:
    def __init__(self, start):
        self.rng = random.Random(start["seed"] * 10 + start["seat"])
        self.window = start["window"]
        self.ids = ActionIds(start)

    def decide(self, message):
        legal = message["legal"]
        places = [a for a in legal if self.ids.block_of(a)[1] == "place"]
        if not places:
            return self.rng.choice(legal)
        w = self.window
        tiles = np.asarray(message["observation"][: w * w], dtype=np.float32).reshape(w, w)
        padded = np.pad(tiles, 1)
        neighbours = padded[:-2, 1:-1] + padded[2:, 1:-1] + padded[1:-1, :-2] + padded[1:-1, 2:]

        def density(action):
            _, name, index = self.ids.block_of(action)
            at = self.ids.window_cell(name, index)
            return (neighbours[at] if at else 0.0) + self.rng.random() * 0.1

        return max(places, key=density)


if __name__ == "__main__":
    serve(Bot)
