"""Progressive widening below the root, the search's widen= option (docs/search.md, "What each lever
gained (thirty-ninth session)"): "a decision node other than the root adds a child only while it has
fewer than ceil(widen x sqrt(visits + 1)) children available in the iteration's determinisation, and
otherwise selects among those by UCT ... The root keeps every action." Measured level at 2 players,
so it is off by default (widen=0)."""
from __future__ import annotations

import math
import random

import pytest
from positions import first_turn, random_walk

from tekhenu_engine import GameState
from tekhenu_engine._search import WIDEN_MAX, Searcher
from tekhenu_engine.agents.ismcts import ISMCTSAgent
from tekhenu_engine.agents.registry import make_agent


def _wide_decision(players: int) -> GameState:
    """A full game state where a seat chooses among many actions: the first die choice of a game on the
    fixed table (solo: Botankhamun Hard, 8 VP Decrees)."""
    opts = {"difficulty": "hard", "decree8": True} if players == 1 else {}
    g = first_turn(players, 7, **opts)
    assert g.current_player() >= 0 and len(g.legal_actions()) >= 6
    return g


def _run(raw: bytes, seat: int, iterations: int = 1500, **kw) -> Searcher:
    sr = Searcher(raw, seat, seed=4, **kw)
    sr.run(iterations)
    return sr


@pytest.mark.parametrize("widen", [0.5, 1.0, 2.0])
def test_no_node_below_the_root_is_wider_than_its_bound(widen):
    """Searched with the game's own future (oracle="all", a measurement switch) in a solo game, where
    no seat's choice is hidden from the player (`decision_visible`: only another seat's choice of a
    Decree to keep is, and Botankhamun's turns are automatic), every path leads to one state, so a
    node's legal actions are the same at every visit and its children are exactly the ones the bound
    let in: at most ceil(widen x sqrt(visits)) (the last child was added at a visit v with fewer than
    ceil(widen x sqrt(v + 1)) children, and the node has had v + 1 visits since). With hidden choices
    (2-4 players) the bound counts the children available in an iteration, which the tree does not
    keep."""
    g = _wide_decision(1)
    seat = g.current_player()
    shape = _run(g.to_bytes(), seat, oracle="all", widen=widen).tree_shape()
    below = [(v, k) for v, k, decision in shape[1:] if decision]
    assert below, "the tree has decisions below the root"
    assert all(k <= math.ceil(widen * math.sqrt(v)) for v, k in below)
    assert any(k > 1 for v, k in below), "nodes do widen as their visits grow"


@pytest.mark.parametrize("players", [1, 2])
def test_the_root_keeps_every_action(players):
    """"The root keeps every action": with widening as narrow as it gets, each legal action of the
    root is tried, as without it."""
    g = _wide_decision(players)
    seat = g.current_player()
    obs = g.observation(seat).to_bytes()
    n = len(g.legal_actions())
    assert n > math.ceil(0.1 * math.sqrt(1500))
    for widen in (0.0, 0.1):
        assert len(_run(obs, seat, widen=widen).root_stats()) == n


def test_off_by_default_and_deterministic():
    """widen=0 is the search without it (the same tree), and a search with it is deterministic for a
    seed and changes the tree below the root."""
    g = _wide_decision(2)
    seat = g.current_player()
    obs = g.observation(seat).to_bytes()
    assert ISMCTSAgent().widen == 0.0
    off = _run(obs, seat)
    assert off.tree_shape() == _run(obs, seat, widen=0.0).tree_shape()
    on = _run(obs, seat, widen=1.0)
    assert on.tree_shape() == _run(obs, seat, widen=1.0).tree_shape()
    assert on.tree_shape() != off.tree_shape()


def test_the_flat_search_ignores_it():
    """Flat Monte Carlo has no tree below its root actions: "The flat search ignores it"."""
    g = _wide_decision(2)
    seat = g.current_player()
    obs = g.observation(seat).to_bytes()
    assert (_run(obs, seat, flat=True, widen=1.0).root_stats()
            == _run(obs, seat, flat=True).root_stats())


def test_an_agent_with_widening_plays_legal_moves_through_a_game_deterministically():
    """Through random positions of a 2-player game (tree reuse on, the agent's default), the widened
    search answers a legal move, the same one twice."""
    g = GameState.new(2, 12)
    rng = random.Random(3)
    for _ in range(4):
        random_walk(g, rng, 25)
        g.resolve_chance()
        if g.is_terminal():
            break
        seat = g.current_player()
        moves = [ISMCTSAgent(iterations=400, widen=1.5, seed=2).choose(g.observation(seat), seat)
                 for _ in range(2)]
        assert moves[0] == moves[1] and moves[0] in g.legal_actions()


def test_bad_values_are_refused_everywhere():
    g = _wide_decision(2)
    seat = g.current_player()
    obs = g.observation(seat).to_bytes()
    for bad in (-0.5, WIDEN_MAX + 1, float("nan"), float("inf")):
        with pytest.raises(ValueError, match=r"widen must be in \[0, 100\]"):
            Searcher(obs, seat, widen=bad)
        with pytest.raises(ValueError, match=r"widen must be in \[0, 100\]"):
            ISMCTSAgent(widen=bad)
    assert make_agent("ismcts:iterations=10:widen=2").widen == 2.0
    for spec in ("ismcts:widen=-1", "ismcts:widen=lots", "ismcts:widen=101"):
        with pytest.raises(ValueError, match="widen"):
            make_agent(spec)
