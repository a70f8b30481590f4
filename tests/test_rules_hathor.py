"""Hathor: build around the Temple - Bread cost, per-line rewards, own Pillars, Population."""
from __future__ import annotations

import pytest

from positions import board, f, legal, play, set_player, step_name, turn
from tekhenu_engine import data

NAMES = [b[0] for b in data.BUILDING_SPACES]


def hathor_turn(value=2, players=2, tiles=None, **stock):
    """A gray die of `value` on Hathor (Shaded): usable only for Hathor."""
    stock.setdefault("res", [0, 9, 0, 0])
    g, p = turn([("Ha", "g", value)], players=players, **stock)
    tile, owner, loc = f(g, "temple_tile"), f(g, "temple_owner"), f(g, "pillar_loc")
    for sp, (t, who) in (tiles or {}).items():
        tile[sp], owner[sp] = t, (p if who == "p" else (p + 1) % players)
        loc[t] = 2
    g = board(g, temple_tile=tile, temple_owner=owner, pillar_loc=loc)
    return g, p


@pytest.mark.parametrize("space,cost", [("W1", 2), ("W2", 3), ("W3", 4), ("S4", 3), ("S5", 2)])
def test_bread_cost_of_the_space(space, cost):
    """base-rulebook Hathor: "The cost of this Building is 2-4 Bread, depending on the space you
    choose." FACTS.md: "the 10 base spaces cost 2 on lines 1 and 5, 3 on lines 2 and 4, 4 on
    line 3"."""
    g, p = hathor_turn(res=[0, 5, 0, 0])
    play(g, "take:Ha:g2", f"build:{space}")
    bread_from_line = 0   # Bread gained from the empty Bread spaces of the line
    line = int(space[1])
    axis = 0 if space[0] == "W" else 1
    for i in range(5):
        sp = (line - 1) * 5 + i if axis == 0 else i * 5 + line - 1
        if data.TEMPLE_REWARDS[sp][0] == data.R_B:
            bread_from_line += 1
    assert f(g, "res")[p][1] == 5 - cost + bread_from_line


def test_unaffordable_spaces_not_offered():
    """base-rulebook Key Concept III: an action whose cost you cannot pay cannot be taken: with 3 Bread the
    line-3 spaces (4 Bread) are not offered."""
    g, p = hathor_turn(res=[0, 3, 0, 0])
    play(g, "take:Ha:g2")
    spaces = legal(g)
    assert "build:W3" not in spaces and "build:S3" not in spaces
    assert {"build:W1", "build:W2", "build:W4", "build:W5"} <= set(spaces)


def test_die_does_not_restrict_the_space():
    """base-rulebook Hathor: "The value of the die you use ... does not restrict where you may
    construct your Building". 2 players: the 10 base spaces (game-help: 10/14/18)."""
    for value in (1, 6):
        g, p = hathor_turn(value=value, res=[0, 9, 0, 0])
        play(g, f"take:Ha:g{value}")
        assert legal(g) == [f"build:{n}" for n in NAMES[:10]]


@pytest.mark.parametrize("players,n", [(2, 10), (3, 14), (4, 18)])
def test_building_spaces_per_player_count(players, n):
    """game-help Player-count table: "Temple building spaces 10 / 14 / 18"."""
    g, p = hathor_turn(players=players, res=[0, 9, 0, 0])
    play(g, "take:Ha:g2")
    assert legal(g) == [f"build:{name}" for name in NAMES[:n]]


def test_line_rewards_own_pillar_and_others():
    """base-rulebook Hathor: "For each space within the Temple Complex in the same row or column
    as your constructed Building: 1. If the space contains one of your Pillars, score 3 Victory
    Points. 2. If the space is empty, receive exactly 1 of any depicted Resource or Faith. (If the
    space depicts 2 Granite, receive 1 Granite. If the space depicts 3 Faith, receive 1 Faith.)"
    game-help: "another player's Pillar gives nothing". Row 1 shows 1F 1L 2G 1L 1F."""
    g, p = hathor_turn(res=[0, 2, 0, 0], tiles={1: (22, "p"), 3: (23, "q")})
    vp0, b0 = f(g, "vp")[p], f(g, "buildings")[p]
    play(g, "take:Ha:g2", "build:W1")
    assert f(g, "vp")[p] == vp0 + 3
    assert f(g, "faith")[p] == 2                 # r1c1 and r1c5
    assert f(g, "res")[p] == [0, 0, 0, 1]        # r1c3 (2 Granite) gives 1; r1c2/r1c4 covered
    assert f(g, "bspace")[0] == p and f(g, "buildings")[p] == b0 + 1


def test_column_line_gold_and_scribe_spaces():
    """Hathor gains 1 of a Resource or Faith shown; Gold is a Resource (Key Concept III), a Scribe
    space gives nothing (FACTS.md: "a Scribe space gives Hathor nothing"). Column 2 shows
    1L 2B 1Au 2P 1G."""
    g, p = hathor_turn(res=[0, 3, 0, 0])
    play(g, "take:Ha:g2", "build:S2")
    assert f(g, "res")[p] == [1, 1, 1, 1] and f(g, "gold")[p] == 1
    g, p = hathor_turn(res=[0, 4, 0, 0])
    play(g, "take:Ha:g2", "build:S3")            # column 3: 2G 1S 3F 1S 2L
    assert f(g, "res")[p] == [0, 0, 1, 1] and f(g, "faith")[p] == 1 and f(g, "scribes")[p] == 0


@pytest.mark.parametrize("value", [1, 4, 6])
def test_population_by_die_value(value):
    """base-rulebook Hathor step 3: "Advance your Population marker a number of spaces equal to the
    value of the die used"."""
    g, p = hathor_turn(value=value)
    pop = f(g, "population")[p]
    play(g, f"take:Ha:g{value}", "build:W1")
    assert f(g, "population")[p] == pop + value


def test_population_stops_at_21():
    """game-help Implementation notes: "Population stops at 21, like Happiness." """
    g, p = hathor_turn(value=6)
    g = set_player(g, p, population=18)
    play(g, "take:Ha:g6", "build:W1")
    assert f(g, "population")[p] == 21


def test_taken_space_not_offered():
    """base-rulebook Hathor: the Building goes on "the selected space" - an empty one."""
    g, p = hathor_turn()
    bs = f(g, "bspace")
    bs[0] = 1 - p
    g = board(g, bspace=bs)
    play(g, "take:Ha:g2")
    assert "build:W1" not in legal(g) and step_name(g) == "D_HATHOR"


@pytest.mark.parametrize("space,cost,line", [("E1", 3, ("row", 1)), ("N5", 3, ("col", 5)),
                                             ("E2", 4, ("row", 2)), ("N4", 4, ("col", 4))])
def test_extra_spaces_at_four_players(space, cost, line):
    """FACTS.md Temple Complex: "3-4 players add right of rows 1 and 5 and above columns 1 and 5; 4
    players also add right of rows 2 and 4 and above columns 2 and 4 ... the extra spaces cost 3 on
    lines 1 and 5, 4 on lines 2 and 4." Hathor: "For each space within the Temple Complex in the
    same row or column as your constructed Building"."""
    g, p = hathor_turn(players=4, res=[0, 6, 0, 0])
    play(g, "take:Ha:g2", f"build:{space}")
    kind, n = line
    spaces = [(n - 1) * 5 + i for i in range(5)] if kind == "row" else [i * 5 + n - 1 for i in range(5)]
    bread = sum(1 for sp in spaces if data.TEMPLE_REWARDS[sp][0] == data.R_B)
    assert f(g, "res")[p][1] == 6 - cost + bread
    assert f(g, "bspace")[NAMES.index(space)] == p
