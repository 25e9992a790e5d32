"""Records exported from Python are accepted by `meeplelab replay` and read back."""
import random
import subprocess

import pytest

import meeplelab


@pytest.mark.parametrize("game", ["safari", "carcassonne", "new-world"])
def test_exported_records_replay_with_the_cli_and_load_back(game, tmp_path, meeplelab_bin):
    rng = random.Random(1)
    state = meeplelab.new_game(game, players=3, seed=8)
    for _ in range(60):
        state.apply(rng.choice(state.legal_actions()))
    path = tmp_path / f"{game}.rec"
    path.write_text(state.to_record())
    run = subprocess.run([meeplelab_bin, "replay", str(path)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    back = meeplelab.load_record(path)
    assert back.scores == state.scores and back.turn == state.turn
    assert back.legal_actions() == state.legal_actions()
    back.apply(back.legal_actions()[0])


def test_a_record_with_a_wrong_line_is_refused_naming_it(tmp_path):
    text = meeplelab.new_game("safari", seed=1).to_record().replace("moves\n", "moves\nP0 pass\n")
    with pytest.raises(ValueError) as info:
        meeplelab.from_record(text)
    assert ":" in str(info.value) and "pass" in str(info.value)
