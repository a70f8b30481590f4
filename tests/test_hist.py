"""Progressive history, the search's hist= option (docs/search.md, "Progressive history"): the move
averages of move-average sampling (the mean reward of the iterations in which a seat took an action)
read in the tree. "an untried action is expanded in the order of its move average ..., and a child's
score gets hist x (that average - the seat's mean reward) / (visits + 1)". It won a paired 2-player
match at 2,000 iterations and measured level in solo games, so the default is 10 at 2 players and off
otherwise."""
from __future__ import annotations

import pytest
from test_search import _first_decision as _new_game_decision

from tekhenu_engine import GameState
from tekhenu_engine._search import HIST_MAX, HIST_WEIGHTS, Searcher
from tekhenu_engine.agents.ismcts import ISMCTSAgent
from tekhenu_engine.agents.registry import make_agent


def _first_decision(players: int) -> tuple[bytes, int]:
    """test_search's first decision, seed 11; solo games against Botankhamun Hard, 8 VP Decrees."""
    options = {"difficulty": "hard", "decree8": True} if players == 1 else {}
    return _new_game_decision(players, 11, **options)


def _stats(raw: bytes, seat: int, iterations: int = 300, **kw) -> tuple:
    sr = Searcher(raw, seat, seed=2, **kw)
    sr.run(iterations)
    return sr.root_stats(), sr.totals()


def test_the_default_by_players():
    """HIST_WEIGHTS: 10 at 2 players, off in solo games and at 3-4 players; hist=None takes the
    table's weight, and at 2 players the option changes the search (10 against 0)."""
    assert HIST_WEIGHTS == {1: 0.0, 2: 10.0, 3: 0.0, 4: 0.0}
    assert ISMCTSAgent().hist is None
    for players in (1, 2, 3, 4):
        raw, seat = _first_decision(players)
        assert _stats(raw, seat) == _stats(raw, seat, hist=HIST_WEIGHTS[players])
    raw, seat = _first_decision(2)
    assert _stats(raw, seat, hist=10.0) != _stats(raw, seat, hist=0.0)


def test_it_changes_the_tree_in_solo_games_too_where_the_playouts_stay_unbiased():
    """In a solo game mast= is 0 by default: the move averages are kept for the tree alone. The
    search with hist differs from the one without, and both are deterministic for a seed."""
    raw, seat = _first_decision(1)
    on = _stats(raw, seat, hist=20.0)
    assert on == _stats(raw, seat, hist=20.0)
    assert on != _stats(raw, seat, hist=0.0)


def test_the_flat_search_ignores_it():
    """Flat Monte Carlo has no tree below its root actions: "The flat search ignores it"."""
    raw, seat = _first_decision(2)
    assert _stats(raw, seat, flat=True, hist=50.0) == _stats(raw, seat, flat=True, hist=0.0)


def test_an_agent_with_hist_plays_a_legal_move_deterministically():
    g = GameState.new(2, 9)
    g.resolve_chance()
    seat = g.current_player()
    moves = [ISMCTSAgent(iterations=300, hist=10.0, seed=4).choose(g.observation(seat), seat)
             for _ in range(2)]
    assert moves[0] == moves[1] and moves[0] in g.legal_actions()


def test_bad_values_are_refused_everywhere():
    raw, seat = _first_decision(2)
    for bad in (-1.0, HIST_MAX + 1, float("nan")):
        with pytest.raises(ValueError, match=r"hist must be in \[0, 100\]"):
            Searcher(raw, seat, hist=bad)
        with pytest.raises(ValueError, match=r"hist must be in \[0, 100\]"):
            ISMCTSAgent(hist=bad)
    assert make_agent("ismcts:iterations=10:hist=3").hist == 3.0
    with pytest.raises(ValueError, match="hist"):
        make_agent("ismcts:hist=-3")
    with pytest.raises(ValueError, match="hist"):
        make_agent("ismcts:hist=lots")
