"""bench/eval_on_records.py: the learned evaluation scored on recorded games (issue 13: "Iterate:
self-play with the new search gives better training data").

The arithmetic is checked on made-up numbers; the script itself on real solo records of a fast
agent against Botankhamun, and on the inputs a user gets wrong."""
from __future__ import annotations

import numpy as np
import pytest

from bench_scripts import load, match, needs, run, script

SCRIPT = script("eval_on_records.py")
pytestmark = needs(SCRIPT)


def _module():
    return load(SCRIPT)


def _run(*args):
    return run(SCRIPT, *args)


def _records(path, players, seed, games=2):
    b = "botankhamun:hard:decree8" if players == 1 else "random"
    return match(path, "--a", "random", "--b", b, "--games", str(games), "--seed", str(seed))


def test_bias_and_r2_on_made_up_numbers():
    m = _module()
    y = np.array([10.0, 20.0, 30.0])
    assert m.bias_r2(y, y) == (0.0, 1.0)
    b, r2 = m.bias_r2(y + 5.0, y)          # a constant error: bias 5, R^2 1 - 25 / var(y)
    assert b == 5.0 and r2 == pytest.approx(1 - 25 / np.var(y))
    # seat 0 ends 100 - max(90, 95) = +5 from 50 - max(60, 40) = -10: 15 to come
    assert m.margin_to_come(np.array([[100.0, 90.0, 95.0]]), np.array([[50.0, 60.0, 40.0]]))[0] == 15.0


def test_scores_the_shipped_model_and_a_refit_on_solo_records(tmp_path):
    rec = _records(tmp_path / "a.jsonl", 1, 3)
    train = _records(tmp_path / "b.jsonl", 1, 4, games=6)
    r = _run(str(rec), "--fit-on", str(train))
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].endswith(" decisions") and int(lines[0].split()[0]) > 0
    for who in ("engine (seat 0) VP to come", "Botankhamun (seat 1) VP to come", "seat 0's margin to come"):
        assert any(line.startswith(f"shipped model: {who}: bias ") for line in lines), r.stdout
        assert any(line.startswith(f"refit: {who}: bias ") for line in lines), r.stdout


def test_user_errors_give_one_line_and_exit_2(tmp_path):
    r = _run(str(tmp_path / "missing.jsonl"))
    assert r.returncode == 2 and r.stderr.startswith("error: ") and "missing.jsonl" in r.stderr
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"seed": 1}\n')
    r = _run(str(bad))
    assert r.returncode == 2 and "bad.jsonl, line 1: not a finished game" in r.stderr
    assert "Traceback" not in r.stderr
    solo = _records(tmp_path / "solo.jsonl", 1, 3, games=1)
    two = _records(tmp_path / "two.jsonl", 2, 3)
    r = _run(str(solo), "--fit-on", str(two))
    assert r.returncode == 2 and "--fit-on has 2-player games" in r.stderr
    r = _run(str(solo), str(two))
    assert r.returncode == 2 and "a 2-player game among 1-player games" in r.stderr
    r = _run(str(solo), "--ridge", "-1")
    assert r.returncode == 2 and "--ridge must be at least 0" in r.stderr
    r = _run("--help")
    assert r.returncode == 0 and "--fit-on" in r.stdout
