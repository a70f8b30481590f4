"""bench/value_capacity.py: how much of a game's margin still to come a learned value and the search's
playouts predict (issue 13, docs/search.md "What each lever gained (twenty-sixth session)"). The tensor
read is the deciding seat's information state (docs/rl.md: "the state with every card the seat cannot
see masked, so no hidden information can reach a tensor")."""
from __future__ import annotations

import json
import os

import numpy as np
import pytest

from bench_scripts import load, match, needs, run, script
from tekhenu_engine.match import finished_games, new_state
from tekhenu_engine.notation import parse_action

SCRIPT = script("value_capacity.py")
pytestmark = needs(SCRIPT)


def _run(*args):
    return run(SCRIPT, *args)


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    d = tmp_path_factory.mktemp("vc")
    return match(d / "g.jsonl", "--a", "greedy", "--b", "random", "--games", "16", "--seed", "1")


def test_positions_are_the_deciding_seats_view_and_the_real_game(records):
    vc = load(SCRIPT)
    vc._init()
    games = [r for _, r in finished_games(str(records))]
    d = vc.game_rows((games[0], 3, 8, 1, (16,), 2))
    # replay the same game: the sampled decisions, their seat's tensor and the real margin to come
    st = new_state(games[0]["table"], games[0]["seed"])
    seen, k = [], 0
    for tok in games[0]["moves"]:
        if not st.is_chance() and not st.is_terminal():
            if k % 3 == games[0]["seed"] % 3:
                p = st.current_player()
                vp = st.returns()
                seen.append((p, vp[p] - vp[1 - p], np.asarray(st.information_state_tensor(p), np.float16)))
            k += 1
        st.apply(parse_action(tok))
    fin = st.returns()
    assert len(seen) == len(d["y"]) > 5
    for i, (p, now, x) in enumerate(seen):
        assert d["now"][i] == now
        assert d["y"][i] == (fin[p] - fin[1 - p]) - now
        assert np.array_equal(d["x"][i], x)
    assert d["f"].shape == (len(seen), 108) and np.isfinite(d["one"]).all() and np.isfinite(d["many"]).all()
    part = vc.game_part(games[0]["seed"])
    assert (d["part"] == part).all()
    # the longer searches run on test games only, on one sampled position in 2
    assert np.isnan(d["deep"]).all() if part != 2 else (~np.isnan(d["deep"][::2])).all()


def test_report_and_cache(records, tmp_path):
    cache = tmp_path / "c.npz"
    args = [str(records), "--table", "2", "--cache", str(cache), "--every", "2", "--playouts", "4",
            "--epochs", "2", "--hidden", "8", "--jobs", "1", "--json"]
    r = _run(*args)
    assert r.returncode == 0, r.stderr
    res = json.loads(r.stdout)
    names = [row["predictor"] for row in res["rows"]]
    assert names[:3] == ["constant (training mean)", "one playout", "mean of 4 search iterations"]
    assert len(names) == 9 and all(np.isfinite(row["r2"]) for row in res["rows"])
    assert sum(res["positions"].values()) > 100
    stamp = os.stat(cache).st_mtime_ns
    again = _run(*args)
    assert again.returncode == 0 and json.loads(again.stdout)["rows"] == res["rows"]   # deterministic
    assert os.stat(cache).st_mtime_ns == stamp                                          # read, not rebuilt
    other = _run(*[a if a != "4" else "5" for a in args])
    assert other.returncode == 2 and "holds positions of other arguments" in other.stderr
    # the learning curve: the same fits on shares of the training seeds, the whole share equal to the table's
    curve = _run(*args, "--fractions", "0.5,1")
    assert curve.returncode == 0, curve.stderr
    lc = json.loads(curve.stdout)["learning_curve"]
    assert [r["share"] for r in lc] == [0.5, 1.0] and lc[0]["positions"] < lc[1]["positions"]
    assert lc[1]["positions"] == res["positions"]["train"]
    assert lc[1]["ridge"] == next(r["r2"] for r in res["rows"] if r["predictor"] == "ridge on the 54+54 features")


def test_errors_are_one_line(records, tmp_path):
    r = _run(str(records), "--table", "3", "--cache", str(tmp_path / "x.npz"))
    assert r.returncode == 2 and r.stderr == f"error: no finished 3-player game in {records}\n"
    r = _run(str(records), "--table", "2", "--cache", str(tmp_path / "x.npz"), "--deep", "10,x")
    assert r.returncode == 2 and "--deep must be iteration counts" in r.stderr
    r = _run(str(records), "--table", "2", "--cache", str(tmp_path / "x.npz"), "--fractions", "0.5,2")
    assert r.returncode == 2 and "--fractions: every share must be in (0, 1]" in r.stderr
    r = _run(str(records), "--table", "2", "--cache", str(tmp_path / "x.npz"), "--every", "0")
    assert r.returncode == 2 and "--every must be at least 1" in r.stderr
    few = tmp_path / "few.jsonl"       # the first two seeds of --seed 1: a training and a test seed
    few.write_text("".join(open(records).readlines()[:4]))
    r = _run(str(few), "--table", "2", "--cache", str(tmp_path / "few.npz"), "--playouts", "2")
    assert r.returncode == 2 and r.stderr == ("error: the games of 2 seeds give 0 validation positions "
                                              "(the seeds are split 80 / 10 / 10 %); give more games\n")
    assert not (tmp_path / "x.npz").exists()
