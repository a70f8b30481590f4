"""The margin model of the search's mix= option (tekhenu_engine/agents/marginmodel.py, the shipped
tekhenu_engine/models/margin_v1.npz; docs/search.md "What each lever gained (twenty-sixth session)").
Issue 13: "The model ships as a small data file inside the package, produced by a documented,
reproducible command ..., and a test checks that the shipped file loads and matches its features"."""
from __future__ import annotations

import numpy as np
import pytest

from tekhenu_engine import GameState
from tekhenu_engine._search import Searcher, margin_value_of
from tekhenu_engine.agents import marginmodel
from tekhenu_engine.agents.ismcts import ISMCTSAgent
from tekhenu_engine.options import TableOptions


def test_shipped_file_loads_and_this_build_computes_its_value():
    m = marginmodel.load()
    assert m["version"] == marginmodel.FEATURE_VERSION and m["names"] == marginmodel.NAMES
    assert m["weights"].shape == (len(marginmodel.NAMES),) == (109,)
    assert "bench/fit_margin.py" in m["info"]
    # the features of the fixed position are those the file was made with
    assert marginmodel.check_value(m["weights"]) == pytest.approx(m["check_value"], abs=1e-9)
    marginmodel.install()
    g = marginmodel.check_position()
    assert marginmodel.compiled_value(g, 0) == pytest.approx(m["check_value"], abs=1e-6)


def test_the_value_reads_only_what_the_seat_sees():
    marginmodel.install()
    g = marginmodel.check_position()
    obs = g.observation(0)
    for k in range(3):      # every determinisation of the engine's view has the same value
        assert margin_value_of(obs.resample(k).to_bytes(), 0) == pytest.approx(marginmodel.compiled_value(g, 0))


def test_a_stale_or_broken_file_is_refused(tmp_path):
    m = marginmodel.load()
    bad = tmp_path / "old.npz"
    np.savez(bad, weights=m["weights"], version=np.int64(marginmodel.FEATURE_VERSION - 1),
             names=np.array(marginmodel.NAMES), check_value=np.float64(0.0))
    with pytest.raises(marginmodel.ModelError, match="refit with bench/fit_margin.py"):
        marginmodel.load(bad)
    short = tmp_path / "short.npz"
    np.savez(short, weights=m["weights"][:10], version=np.int64(marginmodel.FEATURE_VERSION),
             names=np.array(marginmodel.NAMES), check_value=np.float64(0.0))
    with pytest.raises(marginmodel.ModelError, match="weights of shape"):
        marginmodel.load(short)
    with pytest.raises(marginmodel.ModelError, match="cannot read"):
        marginmodel.load(tmp_path / "missing.npz")


def test_fit_recovers_a_linear_margin():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(2000, 108)).astype(np.float32)
    w = rng.normal(size=108)
    y = X.astype(np.float64) @ w + 4.0
    got = marginmodel.fit(X, y, ridge=0.0)
    assert np.allclose(got[:-1], w, atol=1e-6) and got[-1] == pytest.approx(4.0)
    with pytest.raises(ValueError, match="108 features"):
        marginmodel.fit(X[:, :10], y)


def test_mix_makes_the_model_the_searching_seats_margin():
    """mix=1: the engine seat's margin in the search is the model's at the leaf, whatever the playouts
    play (random playouts lose a solo game by about 90 VP; the model at the first turns says otherwise)."""
    g = GameState.new(1, 5, TableOptions(difficulty="hard", decree8=True))
    g.resolve_chance()
    raw = g.observation(0).to_bytes()
    marginmodel.install()
    model = marginmodel.compiled_value(g, 0)
    means = {}
    for mix in (0.0, 1.0):
        s = Searcher(raw, 0, seed=1, playout="random", mix=mix)
        s.run(300)
        it, _, _, msum = s.totals()
        means[mix] = msum / it
    assert means[0.0] < -40                        # random playouts: far behind Botankhamun
    assert abs(means[1.0] - model) < 15            # one decision from the root: near the model's value there


def test_mix_options_are_checked():
    raw = GameState.new(1, 5, TableOptions(difficulty="hard", decree8=True))
    raw.resolve_chance()
    obs = raw.observation(0).to_bytes()
    with pytest.raises(ValueError, match=r"mix must be in \[0, 1\]"):
        Searcher(obs, 0, mix=1.5)
    with pytest.raises(ValueError, match="mix needs the margin reward"):
        Searcher(obs, 0, mix=0.3, reward="win")
    two = GameState.new(2, 5)
    two.resolve_chance()
    seat = two.current_player()
    with pytest.raises(ValueError, match="fitted on solo games; this game has 2 players"):
        Searcher(two.observation(seat).to_bytes(), seat, mix=0.3)
    with pytest.raises(ValueError, match=r"mix must be in \[0, 1\]"):
        ISMCTSAgent(mix=-0.1)
    with pytest.raises(ValueError, match="mix needs the margin reward"):
        ISMCTSAgent(mix=0.3, reward="share")


def test_an_agent_with_mix_plays_a_legal_move_deterministically():
    g = GameState.new(1, 8, TableOptions(difficulty="hard", decree8=True))
    g.resolve_chance()
    moves = [ISMCTSAgent(iterations=300, mix=0.3, seed=4).choose(g.observation(0), 0) for _ in range(2)]
    assert moves[0] == moves[1] and moves[0] in g.legal_actions()
