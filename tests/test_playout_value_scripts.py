"""bench/fit_playout_value.py, bench/fit_playout_selfplay.py and bench/chance_share.py: the playouts
judged as a *value* of the search's positions, a row refitted against the tuned policy itself, and the
share of the rest of a game no evaluation can predict (issue 13: "Iterate: self-play with the new
search gives better training data"; "Every variant is judged by a paired match ... and kept only when
it wins"; docs/search.md, "What each lever gained (twenty-seventh session)")."""
from __future__ import annotations

import json

import numpy as np
import pytest

from bench_scripts import engine_decisions_by_hand, load, match, needs, run, script
from tekhenu_engine._search import playout_margins
from tekhenu_engine.agents import playoutmodel

VALUE = script("fit_playout_value.py")
SELFPLAY = script("fit_playout_selfplay.py")
CHANCE = script("chance_share.py")
pytestmark = needs(VALUE)


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    d = tmp_path_factory.mktemp("pv")
    match(d / "solo.jsonl", "--a", "ismcts:iterations=30", "--b", "botankhamun:hard:decree8", "--games", "4",
          "--seed", "5")
    match(d / "greedy.jsonl", "--a", "greedy", "--b", "botankhamun:hard:decree8", "--games", "1", "--seed", "6")
    match(d / "p2.jsonl", "--a", "ismcts:iterations=20", "--b", "ismcts:iterations=20", "--players", "2",
          "--games", "2", "--seed", "7")
    return d


def test_positions_are_the_search_games_decisions_with_their_real_outcome(records):
    """The search's solo games only (the greedy game is left out); at each sampled decision the
    seat's observation, its margin now, the real margin still to come and the round."""
    pv = load(VALUE)
    recs = pv.search_games([str(records)], ())
    assert len(recs) == 4 and all(r["a"].startswith("ismcts") for r in recs)
    assert len(pv.search_games([str(records)], (), 2)) == 2
    obs, now, y, rnd, seats = pv.positions(recs[:1], 3)
    want, fin = engine_decisions_by_hand(recs[0], 3, lambda st: (st.observation(0).to_bytes(),
                                                                 st.returns()[0] - st.returns()[1],
                                                                 int(st.field("round"))))
    assert len(want) == len(obs) > 5 and set(seats) == {0}
    for i, (o, m, r) in enumerate(want):
        assert obs[i] == o and now[i] == m and rnd[i] == r and y[i] == (fin[0] - fin[1]) - m
    c = pv.within_round(np.array([1.0, 3.0, 10.0, 20.0]), np.array([1, 1, 2, 2]))
    assert c.tolist() == [-1.0, 1.0, -5.0, 5.0]


def test_explained_share_is_the_playouts_correlation_over_their_reliability(records):
    pv = load(VALUE)
    data = pv.positions(pv.search_games([str(records)], ()), 1)
    w = playoutmodel.load()["weights"]
    e = pv.explained(w, data, 4, 3)
    assert 0.0 <= e["share"] <= 1.0 and 0.0 < e["reliability"] <= 1.0
    assert e == pv.explained(w, data, 4, 3)                       # seeded
    obs, now, y, rnd, seats = data
    a = pv.within_round(playout_margins(obs, seats, 2, seed=3) - now, rnd)
    b = pv.within_round(playout_margins(obs, seats, 2, seed=4) - now, rnd)
    r = np.corrcoef((a + b) / 2, pv.within_round(y, rnd))[0, 1]
    assert e["r2"] == pytest.approx(r * abs(r))
    playoutmodel.install()


def test_fit_playout_value_writes_the_start_with_a_new_solo_row(records, tmp_path):
    out = tmp_path / "v.npz"
    args = (str(records), "--out", str(out), "--positions", "40", "--playouts", "2", "--generations", "1",
            "--population", "3", "--elite", "2", "--json")
    r = run(VALUE, *args)
    assert r.returncode == 0, r.stderr
    rep = json.loads(r.stdout)
    assert rep["games"] == 4 and set(rep) >= {"start", "fitted", "generations"}
    w, ship = playoutmodel.load(out)["weights"], playoutmodel.load()["weights"]
    assert np.array_equal(w[1:], ship[1:]) and not np.array_equal(w[0], ship[0])
    assert "fit_playout_value.py" in playoutmodel.load(out)["info"]
    again = tmp_path / "v2.npz"
    assert run(VALUE, *args[:2], str(again), *args[3:]).returncode == 0
    assert np.array_equal(playoutmodel.load(again)["weights"], w)      # reproducible
    r = run(VALUE, str(records / "greedy.jsonl"), "--out", str(tmp_path / "x.npz"))
    assert r.returncode == 2 and r.stderr.startswith("error: need finished solo games of the search")
    r = run(VALUE, str(records), "--out", str(tmp_path / "x.txt"))
    assert r.returncode == 2 and ".npz" in r.stderr


def test_compare_reports_the_playouts_and_the_margin_model_pooled_and_within_rounds(records, tmp_path):
    r = run(VALUE, str(records), "--compare", "--every", "1", "--json")
    assert r.returncode == 0, r.stderr
    rep = json.loads(r.stdout)
    assert set(rep) == {"pooled", "within_round"}
    for d in rep.values():
        assert set(d) == {"playouts", "margin_model", "both", "mix_0.3"}
        assert all(0.0 <= v <= 1.0 for v in d.values())
        assert d["both"] >= max(d["playouts"], d["margin_model"]) - 1e-9     # least squares on the same positions
    assert not list(tmp_path.iterdir())
    r = run(VALUE, str(records), "--compare", "--positions", "3")
    assert r.returncode == 2 and r.stderr.startswith("error: too few positions to compare")


def test_fit_playout_selfplay_refits_one_row_against_itself(tmp_path):
    out = tmp_path / "s.npz"
    args = ("--out", str(out), "--generations", "1", "--games", "20", "--held-out", "50", "--json")
    r = run(SELFPLAY, *args)
    assert r.returncode == 0, r.stderr
    rep = json.loads(r.stdout)
    assert rep["row"] == "players2" and rep["rounds"][0]["round"] == 1
    w, ship = playoutmodel.load(out)["weights"], playoutmodel.load()["weights"]
    k = playoutmodel.ROWS.index("players2")
    assert np.array_equal(np.delete(w, k, 0), np.delete(ship, k, 0)) and not np.array_equal(w[k], ship[k])
    again = tmp_path / "s2.npz"
    assert run(SELFPLAY, "--out", str(again), *args[2:]).returncode == 0
    assert np.array_equal(playoutmodel.load(again)["weights"], w)
    r = run(SELFPLAY, "--out", str(tmp_path / "x.npz"), "--row", "solo")
    assert r.returncode == 2 and r.stderr.startswith("error: row must be one of players2")


def test_chance_share_plays_continuations_and_reports_the_ceiling(records):
    r = run(CHANCE, str(records / "solo.jsonl"), "--positions", "8", "--continuations", "2", "--iterations",
            "10", "--playouts", "4", "--jobs", "1", "--json")
    assert r.returncode == 0, r.stderr
    rep = json.loads(r.stdout)
    assert rep["positions"] == 8 and rep["continuations"] == 2 and rep["games"] == 4
    assert rep["ceiling"] <= 1.0 and rep["sd_within_position"] >= 0
    assert len(rep["data"]["continuation_finals"]) == 8 and all(len(f) == 2 for f in rep["data"]["continuation_finals"])
    r2 = run(CHANCE, str(records / "p2.jsonl"), "--players", "2", "--positions", "4", "--continuations", "2",
             "--iterations", "10", "--playouts", "2", "--jobs", "1", "--json")
    assert r2.returncode == 0, r2.stderr
    assert json.loads(r2.stdout)["positions"] == 4
    r3 = run(CHANCE, str(records / "greedy.jsonl"))
    assert r3.returncode == 2 and r3.stderr.startswith("error: no finished solo game of the search")
    # one position is alone in its round: nothing varies within a round (it was a ZeroDivisionError)
    r4 = run(CHANCE, str(records / "solo.jsonl"), "--positions", "1", "--continuations", "2", "--iterations",
             "10", "--playouts", "2", "--jobs", "1")
    assert r4.returncode == 2 and "alone in their round" in r4.stderr and "Traceback" not in r4.stderr
