"""bench/fit_margin.py: the command that makes the margin model of mix= from recorded solo games
(issue 13: the model is "produced by a documented, reproducible command")."""
from __future__ import annotations

import numpy as np
import pytest

from bench_scripts import engine_decisions_by_hand, load, match, needs, run, script
from tekhenu_engine.agents import marginmodel

SCRIPT = script("fit_margin.py")
pytestmark = needs(SCRIPT)


def _run(*args):
    return run(SCRIPT, *args)


@pytest.fixture(scope="module")
def solo(tmp_path_factory):
    d = tmp_path_factory.mktemp("fm")
    for seed, n in ((1, 4), (2, 2)):
        match(d / f"s{seed}.jsonl", "--a", "greedy", "--b", "botankhamun:hard:decree8", "--games", str(n),
              "--seed", str(seed))
    return d


def test_positions_are_the_engines_sampled_decisions(solo):
    fm = load(SCRIPT)
    recs = fm.games([str(solo)], 1)
    assert len(recs) == 6
    X, y = fm.positions(recs[:1], 3)
    want, fin = engine_decisions_by_hand(recs[0], 3, lambda st: (marginmodel.features(st, 0),
                                                                 st.returns()[0] - st.returns()[1]))
    assert len(want) == len(y) > 5
    for i, (f, now) in enumerate(want):
        assert np.array_equal(X[i], f) and y[i] == (fin[0] - fin[1]) - now
    assert len(fm.games([str(solo)], 1, (1,))) == 2          # --exclude-seed 1 leaves the games of seed 2


def test_the_command_writes_a_model_the_search_loads(solo, tmp_path):
    out1, out2 = tmp_path / "a.npz", tmp_path / "b.npz"
    for out in (out1, out2):
        r = _run(str(solo), "--out", str(out), "--every", "2", "--ridge", "10")
        assert r.returncode == 0, r.stderr
        assert r.stdout.startswith("bench/fit_margin.py: 6 solo games, ")
    a, b = marginmodel.load(out1), marginmodel.load(out2)
    assert np.array_equal(a["weights"], b["weights"])           # reproducible
    assert a["check_value"] == pytest.approx(marginmodel.check_value(a["weights"]))
    r = _run(str(solo / "s1.jsonl"), "--out", str(tmp_path / "c.npz"), "--exclude-seed", "1")
    assert r.returncode == 2 and r.stderr.startswith("error: no finished solo game")
    assert not (tmp_path / "c.npz").exists()
    r = _run(str(tmp_path / "nothing"), "--out", str(tmp_path / "c.npz"))
    assert r.returncode == 2 and r.stderr == f"error: {tmp_path / 'nothing'}: no such file or directory\n"


def test_the_model_does_not_depend_on_where_the_games_are_kept(solo, tmp_path):
    """The same games give the same file whatever their files are called (the order of the fit is the
    games' seeds, not the files' paths), and --exclude-file leaves out one file's games."""
    moved = tmp_path / "moved"
    moved.mkdir()
    (moved / "a_seed2.jsonl").write_text((solo / "s2.jsonl").read_text())
    (moved / "b_seed1.jsonl").write_text((solo / "s1.jsonl").read_text())
    outs = []
    for i, d in enumerate((solo, moved)):
        outs.append(tmp_path / f"{i}.npz")
        r = _run(str(d), "--out", str(outs[-1]), "--every", "2")
        assert r.returncode == 0, r.stderr
    assert outs[0].read_bytes() == outs[1].read_bytes()
    fm = load(SCRIPT)
    assert [r["seed"] for r in fm.games([str(moved)], 1, by_seed=True)] == sorted(r["seed"] for r in fm.games([str(solo)], 1))
    assert [r["seed"] for r in fm.games([str(moved)], 1)][:2] == [r["seed"] for r in fm.games([str(solo / "s2.jsonl")], 1)]
    left = fm.games([str(moved)], 1, (), (str(moved / "b_seed1.jsonl"),))
    assert len(left) == 2 and left == fm.games([str(solo / "s2.jsonl")], 1)
    r = _run(str(moved), "--out", str(tmp_path / "c.npz"), "--exclude-file", str(tmp_path / "none.jsonl"))
    assert r.returncode == 2 and r.stderr == f"error: --exclude-file {tmp_path / 'none.jsonl'}: no such file\n"
    assert not (tmp_path / "c.npz").exists()
