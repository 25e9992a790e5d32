"""Reading action ids (docs/python.md, "Action ids") from a protocol start message, for the
example bots: which block an id falls in, and the observation-window cell an action acts on.
"""

# How a block's index gives its cell: index // divisor % cells. Placements are alike in every
# game; the others are Safari's.
CELL_DIVISOR = {"place": 4, "move_vehicle": 1, "dig": 20, "extend": 20, "replace_vehicle": 1}


class ActionIds:
    def __init__(self, start):
        self.blocks = [tuple(b) for b in start["action_blocks"]]
        self.side = start["board_side"]
        self.window = start["window"]

    def block_of(self, action):
        """(block number, block name, index in the block) of an id."""
        for k, (name, first, size) in enumerate(self.blocks):
            if first <= action < first + size:
                return k, name, action - first
        raise ValueError(f"action {action} outside the action space")

    def window_cell(self, name, index):
        """The (row, column) in the observation window of the cell an action acts on, or None
        (no cell, or outside the window)."""
        if name not in CELL_DIVISOR:
            return None
        x, y = divmod(index // CELL_DIVISOR[name] % (self.side * self.side), self.side)
        half = self.window // 2
        x = x - self.side if x >= self.side // 2 else x
        y = y - self.side if y >= self.side // 2 else y
        if -half <= x < half and -half <= y < half:
            return y + half, x + half
        return None
