"""Random games keep every invariant of the rules after every decision (issue 2, "Done means").

The rules fix these bounds:
* "No player can go below 0 on the Victory Point track." (base-rulebook, Maat Phase step 4)
* "Your Happiness marker may never advance beyond your Population marker." (Bastet) and
  "Population stops at 21, like Happiness." (game-help, Implementation notes)
* "Production tracks 0-6" (FACTS.md); "You are limited to the number of Buildings, Pillars,
  and Statues you have." (Key Concept IV: 10 Buildings, 8 Pillars, 6 Statues per player)
* dice and cards are physical components: each is in exactly one place at any time.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tekhenu_engine._core import GameState, checked_random_games


@pytest.mark.parametrize("players", [2, 3, 4])
def test_thousands_of_compiled_random_games_keep_invariants(players: int) -> None:
    """2000 random games per player count, every invariant checked after every step."""
    r = checked_random_games(players, 2000, seed=players)
    assert r["failure"] is None, r["failure"][:3]
    assert r["games"] == 2000
    # every game is 16 rounds: at least one decision per seat per round
    assert r["decisions"] >= 2000 * 16 * players


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_many_more_random_games_keep_invariants(players: int) -> None:
    """The slow marker: 50,000 games per player count."""
    r = checked_random_games(players, 50_000, seed=100 + players)
    assert r["failure"] is None, r["failure"][:3]


def _stock_ok(g: GameState) -> None:
    d = g.to_dict()
    for p in range(g.num_seats):
        assert d["vp"][p] >= 0
        assert 0 <= d["happiness"][p] <= d["population"][p] <= 21
        assert d["gold"][p] >= 0 and d["scribes"][p] >= 0 and d["faith"][p] >= 0
        assert all(x >= 0 for x in d["res"][p])
        assert all(0 <= x <= 6 for x in d["prod"][p])
        assert d["statues"][p] <= 6 and d["buildings"][p] <= 10 and d["pillars"][p] <= 8
    dice_places = [loc for loc in d["die_loc"][: d["ndice"]]]
    assert len(dice_places) == d["ndice"]
    on_wheel = sum(1 for loc in dice_places if 1 <= loc <= 6)
    assert on_wheel <= d["ndice"]


@settings(max_examples=12, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32 - 1))
def test_python_driven_games_keep_invariants(players: int, seed: int) -> None:
    """Property: through the public API, every decision keeps the bounds and legal moves exist."""
    g = GameState.new(players, seed=seed)
    rnd = random.Random(seed)
    steps = 0
    while not g.is_terminal():
        if g.is_chance():
            outs = g.chance_outcomes()
            assert outs and abs(sum(p for _, p in outs) - 1.0) < 1e-9
            g.apply_chance()
        else:
            legal = g.legal_actions()
            assert legal, "a seat to decide always has a legal action"
            assert len(set(legal)) == len(legal)
            g.apply(rnd.choice(legal))
        _stock_ok(g)
        steps += 1
    assert g.field("round") == 16 and g.field("maat_count") == 4 and g.field("scoring_count") == 2
    assert 0 <= g.winner() < g.num_seats
