"""Features of a (Safari observation, action id) pair, shared by the trainer and the bot.

`start` is the protocol's start message (or the same keys built from `observation_spec()` and
`action_space()` in Python). An action adds to the observation's globals: its block (one-hot),
the rotation of a placement, and the 3x3 patch of every plane around the cell it acts on.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bots"))
from action_ids import ActionIds  # noqa: E402


class Featurizer:
    def __init__(self, start):
        self.ids = ActionIds(start)
        self.n_planes = len(start["planes"])
        self.n_globals = len(start["globals"])
        self.window = start["window"]
        self.n_blocks = len(self.ids.blocks)
        self.size = self.n_globals + self.n_blocks + 4 + self.n_planes * 9

    def __call__(self, observation, actions):
        """One feature row per action of `actions`, for one observation."""
        w = self.window
        planes = observation[: self.n_planes * w * w].reshape(self.n_planes, w, w)
        padded = np.pad(planes, ((0, 0), (1, 1), (1, 1)))
        glob = observation[self.n_planes * w * w :]
        rows = np.zeros((len(actions), self.size), dtype=np.float32)
        rows[:, : self.n_globals] = glob
        base = self.n_globals
        for r, action in enumerate(actions):
            k, name, index = self.ids.block_of(action)
            rows[r, base + k] = 1.0
            if name == "place":
                rows[r, base + self.n_blocks + index % 4] = 1.0
            at = self.ids.window_cell(name, index)
            if at is not None:
                y, x = at
                patch = padded[:, y : y + 3, x : x + 3].reshape(-1)
                rows[r, base + self.n_blocks + 4 :] = patch
        return rows
