"""Bastet: festival - 2 Papyrus, Happiness capped by Population, Scribes by die, 16/19/21."""
from __future__ import annotations

import pytest

from positions import board, f, legal, play, set_player, step_name, step_seat, turn


def bastet_turn(value, hap=2, pop=5, flags=0, **stock):
    """A gray die of `value` on Bastet (Dark on the fixed table): usable only for Bastet."""
    stock.setdefault("res", [2, 0, 0, 0])
    g, p = turn([("Ba", "g", value)], **stock)
    g = set_player(g, p, happiness=hap, population=pop, hap_flags=flags)
    return g, p


def test_costs_two_papyrus():
    """base-rulebook Bastet: "Pay 2 Papyrus, and advance your Happiness marker"."""
    g, p = bastet_turn(5, res=[3, 0, 0, 0])
    play(g, "take:Ba:g5")
    assert f(g, "res")[p][0] == 1
    g, p = bastet_turn(5, res=[1, 0, 0, 0])
    assert "take:Ba:g5" not in legal(g)


@pytest.mark.parametrize("value,scribes", [(1, 2), (2, 2), (3, 1), (4, 1), (5, 0), (6, 0)])
def test_happiness_and_scribes_by_die(value, scribes):
    """base-rulebook Bastet: "advance your Happiness marker a number of spaces equal to the value of
    your chosen die." "using a die value of 1 or 2, receive 2 Scribes ... 3 or 4, receive 1
    Scribe." """
    g, p = bastet_turn(value, hap=2, pop=10)
    play(g, f"take:Ba:g{value}")
    assert f(g, "happiness")[p] == 2 + value
    assert f(g, "scribes")[p] == scribes


def test_happiness_never_above_population():
    """base-rulebook Bastet: "Your Happiness marker may never advance beyond your Population marker.
    Any excess Happiness gained is simply ignored." """
    g, p = bastet_turn(6, hap=4, pop=7)
    play(g, "take:Ba:g6")
    assert f(g, "happiness")[p] == 7 and f(g, "population")[p] == 7


def test_16_19_21_rewards_at_once():
    """base-rulebook Bastet: "The first time your Happiness marker reaches space "16" ... receive 1
    Gold. ... "19" ... receive 1 Scribe. ... "21" ..., as an extra action, immediately perform
    any one action as if it had any die value without taking a die." """
    g, p = bastet_turn(6, hap=15, pop=21)
    play(g, "take:Ba:g6")
    assert f(g, "happiness")[p] == 21
    assert f(g, "gold")[p] == 1 and f(g, "scribes")[p] == 1
    assert step_name(g) == "D_EXTRA" and step_seat(g) == p
    opts = legal(g)
    # any action with any value: e.g. Produce of every Resource with 1..6
    for r in "PBLG":
        for v in range(1, 7):
            assert f"extra:produce-{r}{v}" in opts
    assert "extra:Ba6" not in opts        # Bastet needs 2 Papyrus, which the player lacks
    play(g, "extra:produce-G6")
    assert f(g, "res")[p][3] == 2 and f(g, "excess")[p] == 4
    assert f(g, "ndice_board")[p] == 1    # the extra action takes no die


def test_rewards_only_the_first_time():
    """base-rulebook Bastet: "The first time your Happiness marker reaches space "16"": a marker that
    drops and climbs again gains nothing more."""
    g, p = bastet_turn(3, hap=14, pop=21, flags=1)
    play(g, "take:Ba:g3")
    assert f(g, "happiness")[p] == 17 and f(g, "gold")[p] == 0


def test_rewards_however_reached():
    """game-help Implementation notes: "Happiness 16 / 19 / 21 bonuses trigger however your
    Happiness gets there, not only from Bastet." P03 (Shaded): "Gain 2 Happiness"; with the arrow
    on Osiris the Ra section is Shaded."""
    g, p = turn([("Ra", "g", 6)], res=[0, 0, 9, 9])
    g = set_player(g, p, happiness=15, population=20)
    loc = f(g, "pillar_loc")
    for t in f(g, "ra"):
        loc[t] = 0
    loc[3] = loc[25] = loc[26] = 1
    g = board(g, ra=[3, 25, 26], pillar_loc=loc, arrow=5)
    play(g, "take:Ra:g6", "pillar:r3c3", "rot:0")
    assert f(g, "happiness")[p] == 17
    assert f(g, "gold")[p] == 1


def test_happiness_stops_at_21():
    """game-help Implementation notes: "Population stops at 21, like Happiness."; FACTS.md: "Populace
    track 0-21"."""
    g, p = bastet_turn(6, hap=20, pop=21, flags=7)
    play(g, "take:Ba:g6")
    assert f(g, "happiness")[p] == 21 and f(g, "population")[p] == 21
