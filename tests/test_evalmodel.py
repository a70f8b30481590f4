"""The learned evaluation (issue 13): compiled features, the shipped model file, its use in the search.

Issue 13: "The model ships as a small data file inside the package, produced by a documented,
reproducible command (`tekhenu train` or a script in `bench/`), and a test checks that the shipped
file loads and matches its features."
"""
from __future__ import annotations

import json

import numpy as np
import pytest
from typer.testing import CliRunner

from tekhenu_engine import GameState, TableOptions
from tekhenu_engine._search import (EVAL_FEATURE_NAMES, EVAL_FEATURE_VERSION, EVAL_ROWS, Searcher,
                                    eval_estimate, eval_features_of, eval_selfplay)
from tekhenu_engine.agents import evalmodel
from tekhenu_engine.agents.ismcts import ISMCTSAgent
from tekhenu_engine.agents.registry import make_agent
from tekhenu_engine.cli import app


def test_shipped_model_loads_and_matches_the_features():
    """The shipped file: this build's feature version and names, one weight row per table kind."""
    assert evalmodel.DEFAULT_MODEL.is_file()
    assert evalmodel.DEFAULT_MODEL.stat().st_size < 64_000      # "a small data file"
    m = evalmodel.load()
    assert m["version"] == EVAL_FEATURE_VERSION
    assert m["names"] == tuple(EVAL_FEATURE_NAMES)
    assert m["weights"].shape == (len(EVAL_ROWS), len(EVAL_FEATURE_NAMES))
    assert np.all(np.isfinite(m["weights"])) and m["scale"] > 0


def test_fixed_position_reproduces_the_files_figures():
    """The file carries the features and values of a fixed position; this build computes the same."""
    m = evalmodel.load()
    feats, values = evalmodel.check_figures(m["weights"])
    np.testing.assert_allclose(feats, m["check_features"], rtol=0, atol=1e-12)
    np.testing.assert_allclose(values, m["check_values"], rtol=0, atol=1e-9)
    # and the compiled evaluation (what the search uses) gives the same values as numpy
    evalmodel.install()
    np.testing.assert_allclose(eval_estimate(evalmodel.check_position().to_bytes()), values, atol=1e-9)


def test_features_read_the_state():
    """A few features against the state's own fields (seat 1 of a 3-player game after some moves)."""
    g = GameState.new(3, 5)
    g.resolve_chance()
    for _ in range(30):
        g.apply(g.legal_actions()[-1])
        g.resolve_chance()
    d = g.to_dict()
    f = dict(zip(EVAL_FEATURE_NAMES, eval_features_of(g.to_bytes(), 1)))
    assert f["bias"] == 1.0
    assert f["gold"] == d["gold"][1] and f["scribes"] == d["scribes"][1]
    assert f["resources"] == sum(d["res"][1]) and f["production"] == sum(d["prod"][1])
    assert f["statues"] == d["statues"][1] and f["pillars"] == d["pillars"][1]
    assert f["time_left"] == pytest.approx((16 - d["round"]) / 16)
    assert f["vp_margin"] == d["vp"][1] - max(d["vp"][0], d["vp"][2])
    assert f["gold*time_left"] == pytest.approx(f["gold"] * f["time_left"])
    with pytest.raises(ValueError, match="no seat 3"):
        eval_features_of(g.to_bytes(), 3)


def test_features_are_the_same_in_an_observation():
    """The features read public information only: equal for the state and the seat's observation."""
    g = GameState.new(2, 9)
    g.resolve_chance()
    for _ in range(40):
        g.apply(g.legal_actions()[0])
        g.resolve_chance()
    seat = g.current_player()
    obs = g.observation(seat).to_bytes()
    assert eval_features_of(obs, seat) == eval_features_of(g.to_bytes(), seat)


def test_selfplay_records_every_seat_of_a_moment():
    """eval_selfplay: rows of one moment are consecutive, one per seat; exactly one winner each."""
    X, togo, margin, win, row, game, vp = eval_selfplay(2, 20, seed=3)
    assert X.shape[1] == len(EVAL_FEATURE_NAMES) and len(X) % 2 == 0 and len(X) > 40
    assert set(row) == {2}
    np.testing.assert_array_equal(win.reshape(-1, 2).sum(axis=1), 1.0)
    np.testing.assert_array_equal(game.reshape(-1, 2)[:, 0], game.reshape(-1, 2)[:, 1])
    Xs, *_rest, rows_solo, _g, _v = eval_selfplay(1, 10, seed=3, options=TableOptions(difficulty="hard"))
    assert set(rows_solo) == {0, 1}
    again = eval_selfplay(2, 20, seed=3)
    np.testing.assert_array_equal(again[0], X)


def test_train_writes_a_model_that_loads(tmp_path):
    """The training command is reproducible: the same seed writes the same weights."""
    a, b = tmp_path / "a.npz", tmp_path / "b.npz"
    rep = evalmodel.train(a, games=40, seed=4)
    evalmodel.train(b, games=40, seed=4)
    assert set(rep["rows"]) == set(EVAL_ROWS)
    np.testing.assert_array_equal(evalmodel.load(a)["weights"], evalmodel.load(b)["weights"])


def test_a_stale_model_is_refused(tmp_path):
    """A file of another feature version is a clear error, not a wrong evaluation."""
    m = evalmodel.load()
    bad = tmp_path / "old.npz"
    np.savez(bad, weights=m["weights"], scale=m["scale"], version=EVAL_FEATURE_VERSION + 1,
             names=np.array(EVAL_FEATURE_NAMES), rows=np.array(EVAL_ROWS))
    with pytest.raises(evalmodel.ModelError, match="retrain with 'tekhenu train'"):
        evalmodel.load(bad)
    with pytest.raises(evalmodel.ModelError, match="cannot read"):
        evalmodel.load(tmp_path / "missing.npz")


def _decision(players: int, seed: int, options=None) -> tuple[bytes, int]:
    g = GameState.new(players, seed, options)
    g.resolve_chance()
    seat = g.current_player()
    return g.observation(seat).to_bytes(), seat


def test_search_with_the_learned_evaluation_is_deterministic():
    """eval=learned with a cut-off: a legal move, the same for the same seed and budget."""
    raw, seat = _decision(2, 21)
    legal = GameState.from_bytes(raw).legal_actions()
    runs = []
    for _ in range(2):
        sr = Searcher(raw, seat, seed=5, eval="learned", cutoff=12)
        sr.run(300)
        runs.append(sr.root_stats())
    assert runs[0] == runs[1]
    assert {c["action"] for c in runs[0]} <= set(legal)
    with pytest.raises(ValueError, match="eval must be one of static, learned"):
        Searcher(raw, seat, eval="neural")


def test_agent_spec_takes_eval_and_cutoff():
    """The SPEC of tekhenu match: ismcts:eval=learned:cutoff=N plays; a bad eval is one clear error."""
    agent = make_agent("ismcts:iterations=60:eval=learned:cutoff=10")
    assert isinstance(agent, ISMCTSAgent) and agent.eval == "learned" and agent.cutoff == 10
    raw, seat = _decision(1, 3, TableOptions(difficulty="hard", decree8=True))
    g = GameState.from_bytes(raw)
    assert agent.choose(g, seat) in g.legal_actions()
    with pytest.raises(ValueError, match="eval must be one of"):
        make_agent("ismcts:eval=bogus")
    with pytest.raises(ValueError, match="cutoff must be at least 0"):
        ISMCTSAgent(cutoff=-1)


def test_train_command(tmp_path):
    """'tekhenu train': writes the model and reports the fit; a bad --out is one line."""
    out = tmp_path / "m.npz"
    r = CliRunner().invoke(app, ["train", "--games", "20", "--out", str(out), "--json"])
    assert r.exit_code == 0, r.output
    rep = json.loads(r.stdout.strip().splitlines()[-1])
    assert rep["out"] == str(out) and evalmodel.load(out)["version"] == EVAL_FEATURE_VERSION
    r = CliRunner().invoke(app, ["train", "--games", "5", "--out", str(tmp_path / "no" / "m.npz")])
    assert r.exit_code == 2 and "no folder" in r.output
    r = CliRunner().invoke(app, ["train", "--games", "5", "--out", str(tmp_path / "m.txt")])
    assert r.exit_code == 2 and ".npz" in r.output


def test_protocol_options_eval_and_cutoff():
    """The protocol's Eval and Cutoff options reach the search; a bad value is one error line."""
    from test_protocol import EngineProc

    e = EngineProc()
    try:
        lines = e.ask("uci", "uciok")
        assert "option name Eval type combo default static var static var learned" in lines
        assert "option name Cutoff type spin default 0 min 0 max 10000" in lines
        e.send("setoption name Eval value learned")
        e.send("setoption name Cutoff value 15")
        e.send("position new players 2 seed 4")
        out = e.ask("go iterations 200", "bestmove")
        assert out[-1].startswith("bestmove ")
        e.send("setoption name Eval value neural")
        assert e.line().startswith("info string error: option Eval takes one of static, learned")
    finally:
        e.close()
