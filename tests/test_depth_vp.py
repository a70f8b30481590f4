"""The search's depth_vp= option (docs/search.md, "What each lever gained (twenty-eighth session)"):
each seat's reward counts `depth_vp` VP more for every decision of the seat that the playout policy
took in the iteration, so that a leaf deeper in the tree (more of the seat's decisions made by the
tree, fewer by the weaker playout policy) does not score more for that alone. What the search reports
(win chance, margin, VP) stays what the playouts played."""
from __future__ import annotations

import math

import pytest

from tekhenu_engine import GameState
from tekhenu_engine._search import Searcher, playout_decisions, reward_terms
from tekhenu_engine.agents.ismcts import ISMCTSAgent
from tekhenu_engine.agents.registry import make_agent
from tekhenu_engine.options import TableOptions


def _solo(seed: int = 5) -> GameState:
    g = GameState.new(1, seed, TableOptions(difficulty="hard", decree8=True))
    g.resolve_chance()
    return g


def _finished_solo(seed: int) -> tuple[GameState, list[int]]:
    """A solo game played to the end by the playout policy from its first decision, and the decisions
    each seat took in that playout."""
    raw, decided = playout_decisions(_solo(seed).observation(0).to_bytes(), seed=seed)
    return GameState.from_bytes(raw), decided


def test_a_playout_counts_the_decisions_of_each_seat():
    g, decided = _finished_solo(5)
    assert g.is_terminal()
    # Botankhamun never decides: his turns are automatic steps and chance steps of the rules core
    assert decided[1] == 0
    # the engine's seat takes about 60-70 decisions in a solo game (16 dice and their actions, targets,
    # payments; one recorded game of the search: 63)
    assert 40 <= decided[0] <= 100
    # deterministic for a seed, other hidden cards and futures for another
    assert playout_decisions(_solo(5).observation(0).to_bytes(), seed=5)[1] == decided
    with pytest.raises(ValueError, match="not a state"):
        playout_decisions(b"x")
    # a state from outside with an impossible field is refused before anything reads it
    raw = b"\xff" * len(_solo(5).to_bytes())
    with pytest.raises(ValueError):
        GameState.from_bytes(raw)
    with pytest.raises(ValueError):
        playout_decisions(raw)
    with pytest.raises(ValueError):
        reward_terms(raw, 0.5, [0.0, 0.0])


def test_the_bonus_is_in_the_reward_and_margin_not_in_the_win_or_vp():
    g, _ = _finished_solo(6)
    vp = g.returns()
    raw = g.to_bytes()
    deficit = vp[1] - vp[0]           # the playout policy loses a solo game against Botankhamun Hard
    assert deficit > 10
    plain = reward_terms(raw, 0.5, [0.0, 0.0])
    same = reward_terms(raw, 0.5, [0.0, 0.0], [0.0, 0.0])
    assert plain == same
    assert plain["win"] == [0.0, 1.0] and plain["est"] == [float(v) for v in vp]
    assert plain["margin"] == [-deficit, deficit]
    # half the reward is the win (0 here), half the logistic of the margin against its centre
    assert plain["reward"][0] == pytest.approx(0.5 / (1 + math.exp(deficit / 10.0)))
    # a bonus larger than the deficit: the engine's seat wins by the reward's count, by bonus - deficit
    more = reward_terms(raw, 0.5, [0.0, 0.0], [deficit + 4.0, 0.0])
    assert more["margin"][0] == pytest.approx(4.0) and more["margin"][1] == pytest.approx(-4.0)
    assert more["reward"][0] == pytest.approx(0.5 + 0.5 / (1 + math.exp(-0.4)))
    # what the search reports stays the game played
    assert more["win"] == plain["win"] and more["est"] == plain["est"]
    with pytest.raises(ValueError, match="give 2 centres and 2 bonuses"):
        reward_terms(raw, 0.5, [0.0], None)
    with pytest.raises(ValueError, match="not a state"):
        reward_terms(b"x", 0.5, [0.0, 0.0])


def test_zero_is_the_search_without_the_option():
    g = _solo(8)
    raw = g.observation(0).to_bytes()
    a = Searcher(raw, 0, seed=2)
    b = Searcher(raw, 0, seed=2, depth_vp=0.0)
    a.run(500)
    b.run(500)
    assert a.root_stats() == b.root_stats() and a.totals() == b.totals()


def test_an_agent_with_depth_vp_plays_a_legal_move_deterministically():
    g = _solo(8)
    moves = [ISMCTSAgent(iterations=300, depth_vp=0.4, seed=4).choose(g.observation(0), 0) for _ in range(2)]
    assert moves[0] == moves[1] and moves[0] in g.legal_actions()
    two = GameState.new(2, 9)
    two.resolve_chance()
    seat = two.current_player()
    move = ISMCTSAgent(iterations=200, depth_vp=0.4, seed=1).choose(two.observation(seat), seat)
    assert move in two.legal_actions()


def test_the_spec_keyword_and_bad_values():
    agent = make_agent("ismcts:iterations=100:depth_vp=0.4")
    assert agent.depth_vp == 0.4
    raw = _solo().observation(0).to_bytes()
    for bad in (-0.1, 101.0):
        with pytest.raises(ValueError, match=r"depth_vp must be in \[0, 100\]"):
            Searcher(raw, 0, depth_vp=bad)
        with pytest.raises(ValueError, match=r"depth_vp must be in \[0, 100\]"):
            ISMCTSAgent(depth_vp=bad)
    with pytest.raises(ValueError, match="depth_vp and mix cannot be combined"):
        Searcher(raw, 0, depth_vp=0.4, mix=0.3)
    with pytest.raises(ValueError, match="depth_vp and mix cannot be combined"):
        ISMCTSAgent(depth_vp=0.4, mix=0.3)
    with pytest.raises(ValueError, match="depth_vp"):
        make_agent("ismcts:depth_vp=lots")
