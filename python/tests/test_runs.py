"""Tournaments and experiments from Python, external bots among them, and failing bots."""
import sys

import pytest

import meeplelab


def bot(root, name, *args):
    return f"ext:cmd={sys.executable} {root / 'examples' / 'bots' / name} {' '.join(args)}".strip()


def test_a_tournament_returns_its_rows_and_writes_its_folder(tmp_path):
    result = meeplelab.tournament(
        ["random", "greedy"], game="carcassonne", games=4, seed=3, out=tmp_path / "t", threads=2
    )
    rows = result["rows"]
    assert len(rows) == 8 and {r["agent"] for r in rows} == {"random", "greedy"}
    assert (tmp_path / "t" / "standings.csv").exists() and "greedy" in result["standings"]
    again = meeplelab.tournament(
        ["random", "greedy"], game="carcassonne", games=4, seed=3, out=tmp_path / "u", threads=1
    )
    assert [r["score"] for r in again["rows"]] == [r["score"] for r in rows]


def test_python_bots_play_in_a_tournament(root, tmp_path, capfd):
    agents = [bot(root, "random_bot.py"), bot(root, "observation_bot.py")]
    result = meeplelab.tournament(agents, games=2, seed=5, out=tmp_path / "bots")
    assert len(result["rows"]) == 4
    assert "forfeits" not in capfd.readouterr().err


@pytest.mark.parametrize(
    "mode,phrase",
    [
        ("crash", "exited with exit status: 7"),
        ("hang", "no answer within 500 ms"),
        ("garbage", "output line 1 `this is not json` is refused"),
        ("illegal", "is not one of the"),
    ],
)
def test_a_failing_bot_forfeits_and_the_tournament_goes_on(root, tmp_path, capfd, mode, phrase):
    bad = f"ext:cmd={sys.executable} {root / 'python' / 'tests' / 'bad_bot.py'} {mode},time_ms=300,start_ms=200"
    result = meeplelab.tournament([bad, "random"], games=2, seed=1, out=tmp_path / mode)
    err = capfd.readouterr().err
    assert phrase in err and "bad_bot.py" in err and "it forfeits the game" in err
    rows = result["rows"]
    assert len(rows) == 4
    for game in (0, 1):
        seats = {r["agent"].startswith("ext"): r for r in rows if r["game_index"] == game}
        assert seats[True]["score"] < seats[False]["score"]


def test_bad_tournament_arguments_raise(tmp_path):
    with pytest.raises(ValueError, match="at least 2 agents"):
        meeplelab.tournament(["random"], out=tmp_path / "a")
    with pytest.raises(ValueError, match="ext needs the bot's command"):
        meeplelab.tournament(["ext", "random"], out=tmp_path / "b")
    with pytest.raises(ValueError, match="unknown game"):
        meeplelab.tournament(["random", "greedy"], game="tetris")


def test_an_experiment_returns_its_summary(root, tmp_path):
    spec = tmp_path / "e.toml"
    spec.write_text(
        'name = "py-exp"\ngame = "safari"\nplayers = 2\nagents = ["random"]\n'
        'games = 4\nseed = 2\n[[variant]]\nname = "base"\n'
        '[[variant]]\nname = "bonus"\nrules = { vehicle_bonus = 6 }\n'
    )
    result = meeplelab.experiment(spec, out=tmp_path / "exp")
    assert len(result["rows"]) == 16 and len(result["summary"]) >= 2
