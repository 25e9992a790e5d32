"""Features of a (Safari observation, action id) pair, shared by the trainer and the bot.

The observation layout comes from `observation_spec()` (Python) or the protocol's start
message; both give the same plane and global names. An action adds: its block (one-hot), the
rotation of a placement, and the 3x3 patch of every plane around the cell it acts on.
"""
import numpy as np

# How each Safari block's index gives its cell (index // divisor % cells), from docs/python.md.
CELL_DIVISOR = {"place": 4, "move_vehicle": 1, "dig": 20, "extend": 20, "replace_vehicle": 1}


class Featurizer:
    def __init__(self, planes, n_globals, window, blocks, side):
        self.n_planes = len(planes)
        self.n_globals = n_globals
        self.window = window
        self.blocks = [(name, start, size) for name, start, size in blocks]
        self.side = side
        self.size = n_globals + len(self.blocks) + 4 + self.n_planes * 9

    def block_of(self, action):
        for k, (name, start, size) in enumerate(self.blocks):
            if start <= action < start + size:
                return k, name, action - start
        raise ValueError(f"action {action} outside the action space")

    def cell(self, name, index):
        """The window (row, column) an action acts on, or None."""
        if name not in CELL_DIVISOR:
            return None
        cells = self.side * self.side
        x, y = divmod(index // CELL_DIVISOR[name] % cells, self.side)
        half = self.window // 2
        x = x - self.side if x >= self.side // 2 else x
        y = y - self.side if y >= self.side // 2 else y
        if -half <= x < half and -half <= y < half:
            return y + half, x + half
        return None

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
            k, name, index = self.block_of(action)
            rows[r, base + k] = 1.0
            if name == "place":
                rows[r, base + len(self.blocks) + index % 4] = 1.0
            at = self.cell(name, index)
            if at is not None:
                y, x = at
                patch = padded[:, y : y + 3, x : x + 3].reshape(-1)
                rows[r, base + len(self.blocks) + 4 :] = patch
        return rows
