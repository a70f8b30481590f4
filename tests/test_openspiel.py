"""The OpenSpiel game (tekhenu_engine.openspiel); skipped when the [openspiel] extra is missing."""
from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel not installed: pip install -e '.[openspiel]'")
import tekhenu_engine.openspiel as tos  # noqa: E402  (an import error here is a failure, not a skip)
from tekhenu_engine import _core  # noqa: E402


def chance_to_decision(state, rng):
    while state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes())
        state.apply_action(int(rng.choice(actions, p=probs)))


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_sim_test(players):
    game = pyspiel.load_game("tekhenu", {"players": players})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_sim_test_with_time_of_seth(players):
    # the dense index covers every Time of Seth decision and outcome (issue 11): OpenSpiel's
    # random simulation plays whole expansion games through it
    game = pyspiel.load_game("tekhenu", {"players": players, "seth": True})
    from tekhenu_engine import TableOptions
    assert game.num_distinct_actions() == _core.num_distinct_actions(TableOptions(seth=True))
    assert game.max_chance_outcomes() == _core.num_chance_outcomes(TableOptions(seth=True))
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_game_type_and_info():
    for players, utility in ((1, "GENERAL_SUM"), (2, "ZERO_SUM"), (3, "GENERAL_SUM"), (4, "GENERAL_SUM")):
        game = tos.load(players)
        t = game.get_type()
        assert t.utility == getattr(pyspiel.GameType.Utility, utility)
        assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert game.num_players() == players
        assert game.num_distinct_actions() == _core.num_distinct_actions()
        assert game.max_chance_outcomes() == _core.num_chance_outcomes()
        assert game.observation_tensor_shape() == [_core.observation_tensor_size()]
        assert game.information_state_tensor_shape() == [_core.observation_tensor_size()]


def test_table_option_parameters_reach_the_core():
    game = pyspiel.load_game("tekhenu", {"players": 1, "difficulty": "hard", "random_start": True})
    s = game.new_initial_state()
    assert s.gs.table_options().difficulty == "hard" and s.gs.table_options().random_start
    with pytest.raises(Exception, match="difficulty"):
        pyspiel.load_game("tekhenu", {"players": 2, "difficulty": "brutal"})


def test_game_length_bound_and_utilities():
    rng = np.random.default_rng(0)
    for players in (1, 2, 3, 4):
        game = tos.load(players)
        for _ in range(3):
            s = game.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    chance_to_decision(s, rng)
                else:
                    s.apply_action(int(rng.choice(s.legal_actions())))
            assert len(s.history()) < tos.MAX_GAME_LENGTH
            r = s.returns()
            w = s.gs.winner()
            # the engine's winner gets +1; the others -1 (solo, 2 players) or 0 (3-4 players)
            if players == 1:
                assert r == [1.0 if w == 0 else -1.0]
            else:
                assert r[w] == 1.0 and all(x == (-1.0 if players == 2 else 0.0) for i, x in enumerate(r) if i != w)


def test_resample_from_infostate_keeps_the_information_state():
    rng = np.random.default_rng(1)
    game = tos.load(3)
    s = game.new_initial_state()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(40):
        chance_to_decision(s, rng)
        p = s.current_player()
        for _ in range(3):
            r = s.resample_from_infostate(p, sampler)
            assert r.information_state_string(p) == s.information_state_string(p)
            assert np.array_equal(r.information_state_tensor(p), s.information_state_tensor(p))
            assert sorted(r.legal_actions()) == s.legal_actions()
        s.apply_action(int(rng.choice(s.legal_actions())))


def test_strings_and_tensors_come_from_the_core():
    rng = np.random.default_rng(2)
    s = tos.load(2).new_initial_state()
    chance_to_decision(s, rng)
    assert np.array_equal(np.asarray(s.observation_tensor(0), np.float32), s.gs.observation_tensor(0))
    assert np.array_equal(np.asarray(s.information_state_tensor(1), np.float32),
                          s.gs.information_state_tensor(1))
    assert "round 1" in s.observation_string(0)
    assert s.information_state_string(0) != s.information_state_string(1)
    a = s.legal_actions()[0]
    assert s.action_to_string(a) == tos.format_action(s.gs.index_action(a))


def test_python_ismcts_and_mcts_bots_play():
    from open_spiel.python.algorithms import ismcts, mcts
    rng = np.random.RandomState(3)
    game = tos.load(2)
    s = game.new_initial_state()
    chance_to_decision(s, rng)
    ev = mcts.RandomRolloutEvaluator(1, rng)
    bots = [ismcts.ISMCTSBot(game, ev, uct_c=2.0, max_simulations=8, random_state=rng),
            mcts.MCTSBot(game, 2.0, 8, ev, random_state=rng)]
    for bot in bots:
        a = bot.step(s)
        assert a in s.legal_actions()
        s.apply_action(a)
        chance_to_decision(s, rng)


def test_example_script_plays_against_the_engine(monkeypatch, capsys):
    # examples/openspiel_vs_engine.py at a tiny budget (docs/rl.md has a real run)
    import runpy
    import sys
    from pathlib import Path
    script = Path(__file__).resolve().parent.parent / "examples" / "openspiel_vs_engine.py"
    monkeypatch.setattr(sys, "argv", [str(script), "--games", "1", "--sims", "2", "--engine-iterations", "10"])
    runpy.run_path(str(script), run_name="__main__")
    out = capsys.readouterr().out
    assert "game 1: OpenSpiel ismcts in seat 0:" in out and "won" in out.splitlines()[-1]
