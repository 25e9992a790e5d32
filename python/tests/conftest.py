"""Shared fixtures: the repository root and the `meeplelab` binary (built if missing)."""
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def root():
    return ROOT


@pytest.fixture(scope="session")
def meeplelab_bin():
    """The command-line tool: $MEEPLELAB_BIN, else target/debug/meeplelab built by cargo."""
    path = os.environ.get("MEEPLELAB_BIN")
    if path and os.path.exists(path):
        return path
    subprocess.run(["cargo", "build", "--quiet", "--bin", "meeplelab"], cwd=ROOT, check=True)
    return str(ROOT / "target" / "debug" / "meeplelab")
