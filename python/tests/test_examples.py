"""The learning example end to end on a few games: data, model, and the model's bot playing a
tournament without forfeiting (examples/learning/train.py, docs/python.md)."""
import csv
import subprocess
import sys

import numpy as np


def test_the_learning_example_trains_and_plays(root, tmp_path):
    out = tmp_path / "learning"
    run = subprocess.run(
        [sys.executable, str(root / "examples" / "learning" / "train.py"),
         "--games", "4", "--eval-games", "2", "--out", str(out)],
        capture_output=True, text=True, timeout=600,
    )
    assert run.returncode == 0, run.stderr
    assert "forfeits" not in run.stderr, run.stderr
    data = np.load(out / "selfplay.npz")
    n = len(data["actions"])
    assert n > 0 and data["observations"].shape[0] == n and data["returns"].shape == (n,)
    assert data["legal_masks"].shape[0] == n and data["final_scores"].shape == (4, 2)
    for opponent in ("greedy", "random"):
        with open(out / f"vs-{opponent}" / "games.csv") as f:
            rows = list(csv.DictReader(f))
        assert len(rows) == 4 and any(r["agent"].startswith("ext:") for r in rows)
    assert "q_bot against greedy" in run.stdout
