"""The PettingZoo AEC env (tekhenu_engine.pettingzoo); skipped when the [rl] extra is missing."""
from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="PettingZoo not installed: pip install -e '.[rl]'")
pytest.importorskip("gymnasium", reason="Gymnasium not installed: pip install -e '.[rl]'")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import tekhenu_engine.pettingzoo as tpz  # noqa: E402  (an import error here is a failure, not a skip)
from tekhenu_engine import _core  # noqa: E402


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_api_and_seed_tests(players):
    with warnings.catch_warnings():
        # PettingZoo warns that a dict observation (tensor + action mask, its own recommended
        # form for masks, as in its chess env) is not a plain Box
        warnings.simplefilter("ignore", UserWarning)
        api_test(tpz.env(players=players, render_mode="ansi"), num_cycles=1000, verbose_progress=False)
        seed_test(lambda: tpz.env(players=players), num_cycles=300)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_api_test_with_time_of_seth(players):
    # Time of Seth through the env: the action space is the Seth table's dense index
    from tekhenu_engine import TableOptions
    seth = TableOptions(seth=True)
    e = tpz.env(players=players, options=seth, render_mode="ansi")
    assert e.action_space("player_0").n == _core.num_distinct_actions(seth)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(e, num_cycles=1000, verbose_progress=False)
        seed_test(lambda: tpz.env(players=players, options=seth), num_cycles=300)
    total = play(tpz.env(players=players, options=seth), seed=players)
    assert sorted(total) == [f"player_{i}" for i in range(players)]


def play(e, seed, policy=None):
    e.reset(seed=seed)
    total = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        total[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.any()
        e.step(int(np.flatnonzero(mask)[0]) if policy is None else policy(obs))
    return total


def test_end_rewards_are_the_win_utilities():
    e = tpz.env(players=3)
    total = play(e, seed=5)
    assert sorted(total.values()) == [0.0, 0.0, 1.0]
    e2 = tpz.env(players=2)
    assert sorted(play(e2, seed=6).values()) == [-1.0, 1.0]


def test_shaped_reward_adds_the_vp_gained():
    e = tpz.env(players=2, shaped=True)
    e.reset(seed=7)
    base = e.state_.returns()
    total = play(e, seed=7)
    g = e.state_
    w = g.winner()
    for i, a in enumerate(e.possible_agents):
        util = 1.0 if i == w else -1.0
        assert total[a] == pytest.approx(util + (g.returns()[i] - base[i]) / 100.0)


def test_observation_is_the_core_tensor_and_mask_only_for_the_mover():
    e = tpz.env(players=2)
    e.reset(seed=3)
    agent = e.agent_selection
    seat = e.possible_agents.index(agent)
    other = e.possible_agents[1 - seat]
    obs = e.observe(agent)
    assert np.array_equal(obs["observation"], e.state_.observation_tensor(seat))
    assert np.array_equal(obs["action_mask"].astype(bool), e.state_.legal_mask())
    assert not e.observe(other)["action_mask"].any()
    assert obs["observation"].shape == (_core.observation_tensor_size(),)


def test_illegal_action_is_refused_and_state_unchanged():
    e = tpz.env(players=2)
    e.reset(seed=4)
    before = e.state_.clone()
    mask = e.observe(e.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        e.step(bad)
    with pytest.raises(ValueError, match="not legal"):
        e.step(10**6)
    assert e.state_ == before


def test_render_modes():
    e = tpz.env(players=2, render_mode="ansi", seat_view=0)
    e.reset(seed=1)
    assert "round 1" in e.render()
    with pytest.raises(ValueError, match="render_mode"):
        tpz.env(players=2, render_mode="human")
    e = tpz.env(players=2, render_mode="rgb_array")
    e.reset(seed=1)
    try:
        import cairosvg  # noqa: F401
        import tekhenu_engine.svg  # noqa: F401
    except (ImportError, OSError):
        with pytest.raises(RuntimeError, match="'rgb_array' needs"):
            e.render()
    else:
        img = e.render()
        assert img.ndim == 3 and img.shape[2] == 3 and img.dtype == np.uint8


def test_training_example_runs(monkeypatch, capsys):
    # the example of docs/rl.md, at a tiny budget (its measured run is in the document)
    import runpy
    import sys
    from pathlib import Path
    script = Path(__file__).resolve().parent.parent / "examples" / "train_pettingzoo_policy.py"
    monkeypatch.setattr(sys, "argv", [str(script), "--games", "20", "--eval", "4"])
    runpy.run_path(str(script), run_name="__main__")
    out = capsys.readouterr().out
    assert "before: win rate" in out and "after 20 games: win rate" in out
