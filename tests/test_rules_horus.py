"""Horus: Statues in honour of a god or for the people, and the Horus bonuses per player count."""
from __future__ import annotations

import pytest

from positions import board, f, legal, play, set_player, step_name, step_seat, turn
from tekhenu_engine import data

GOD_ABBR = ("Ho", "Ra", "Ha", "Ba", "Th", "Os")


@pytest.mark.parametrize("built,cost", list(enumerate(data.STATUE_COSTS)))
def test_statue_cost_leftmost_unbuilt(built, cost):
    """game-help Horus: "Pay the Granite under your leftmost unbuilt statue (4 / 3 / 2 / 2 / 3 /
    4)"; base-rulebook: "Statues must be built from left to right." A gray die can only be
    used for the God action, so it is takeable exactly when the Statue is affordable."""
    g, p = turn([("Ho", "g", 1)], res=[0, 0, 0, cost])
    g = set_player(g, p, statues=built)
    assert "take:Ho:g1" in legal(g)
    play(g, "take:Ho:g1")               # Horus is the gray die's only use: chosen at once
    play(g, "statue:god")
    assert f(g, "res")[p][3] == 0 and f(g, "statues")[p] == built + 1
    g, p = turn([("Ho", "g", 1)], res=[0, 0, 0, cost - 1])
    g = set_player(g, p, statues=built)
    assert "take:Ho:g1" not in legal(g)


@pytest.mark.parametrize("value", range(1, 7))
def test_die_value_picks_horus_slot_and_god(value):
    """base-rulebook Horus: "The value of the die you choose matches the value of a corresponding
    Horus Bonus tile. This indicates which god you may honor with your Statue ... place it onto
    an empty Statue space in that area." (random tiles: slot -> god as dealt)."""
    g, p = turn([("Ho", "w", value)], res=[0, 0, 0, 4])
    tiles = [3, 5, 0, 1, 4, 2]          # slot k shows god tiles[k]
    g = board(g, horus_slot_god=tiles)
    play(g, f"take:Ho:w{value}", "act:Ho", "statue:god")
    god = tiles[value - 1]
    assert f(g, "statue_god")[god][0] == p
    assert sum(row[:1].count(p) for row in f(g, "statue_god")) == 1


def test_statue_for_the_people_gold_and_any_die():
    """base-rulebook Horus: "You can build a Statue onto any of these spaces. In this case, the
    value of the die ... does not matter." "place it onto an empty Statue space, gaining the
    Gold that was placed here during setup." """
    g, p = turn([("Ho", "w", 2)], res=[0, 0, 0, 4])
    q = 1 - p
    sg = f(g, "statue_god")
    sg[1][0] = q                       # the god of slot 2 (Ra) is taken: only the people remain
    g = board(g, statue_god=sg)
    play(g, "take:Ho:w2", "act:Ho")
    assert legal(g) == ["statue:T-row3", "statue:T-col3", "statue:workshops", "statue:quarries"]
    play(g, "statue:quarries")
    assert f(g, "people")[3] == p and f(g, "people_gold")[3] == 0
    assert f(g, "gold")[p] == 1
    assert f(g, "statues")[p] == 1


@pytest.mark.parametrize("space,vp", [("T-row3", 6), ("T-col3", 9)])
def test_temple_statue_scores_3_per_own_pillar_in_line(space, vp):
    """base-rulebook Horus: "if building a Statue at the Temple Complex, score 3 Victory Points
    for each of your Pillars in the same row or column." The Statue spaces sit right of row 3
    and above column 3 (FACTS.md)."""
    g, p = turn([("Ho", "w", 2)], res=[0, 0, 0, 4])
    q = 1 - p
    tile, owner = f(g, "temple_tile"), f(g, "temple_owner")
    for sp, who in ((10, p), (12, p), (14, q), (2, p), (22, p), (17, q)):
        tile[sp], owner[sp] = 22 + len([1 for t in tile if t]), who
    g = board(g, temple_tile=tile, temple_owner=owner)
    vp0 = f(g, "vp")[p]
    play(g, "take:Ho:w2", "act:Ho", f"statue:{space}")
    # row 3 (spaces 10-14): own at 10 and 12; column 3 (2, 7, 12, 17, 22): own at 2, 12, 22
    assert f(g, "vp")[p] == vp0 + vp
    assert f(g, "gold")[p] == 1


def test_no_horus_without_a_free_space():
    """base-rulebook Horus: the Statue goes "onto an empty Statue space" of the honoured god, or
    onto one of the four spaces for the people; with none free the action is impossible."""
    g, p = turn([("Ho", "g", 2)], res=[0, 0, 0, 4])
    q = 1 - p
    sg = f(g, "statue_god")
    sg[1][0] = q
    g = board(g, statue_god=sg, people=[q, q, q, q])
    assert "take:Ho:g2" not in legal(g)


def statue_for(g, q, god, k=0):
    sg = f(g, "statue_god")
    sg[god][k] = q
    return board(g, statue_god=sg)


def do_god(g, p, god):
    """p performs `god` with an Anubis die of value 2 (first choice at each of its steps)."""
    play(g, "anubis:Ho:w2", f"act:{GOD_ABBR[god]}")
    while g.is_chance() or (step_seat(g) == p and step_name(g) != "D_TAKE"):
        if g.is_chance():
            g.apply_chance()
        else:
            play(g, legal(g)[0])


EXPECTED_BONUS = {
    0: ["gain:2pop", "gain:3faith"],     # slot 1: 2 Population / 3 Faith (a choice)
    1: ["gain:P", "gain:B"],            # slot 2: 1 Papyrus / 1 Bread
    2: ["gain:L", "gain:G"],            # slot 3: 1 Limestone / 1 Granite
    3: ("gold", 1),                     # slot 4: 1 Gold
    4: ("scribes", 1),                  # slot 5: 1 Scribe
    5: ("vp", 2),                       # slot 6: 2 VP
}


@pytest.mark.parametrize("god", range(6))
def test_horus_bonus_when_another_player_performs_the_god_action(god):
    """base-rulebook Horus: "every time another player performs this God Action you will receive
    the bonus depicted next to the corresponding Horus Bonus tile." FACTS.md Horus slots:
    "1: 2 Population / 3 Faith; 2: 1 P / 1 B; 3: 1 L / 1 G; 4: 1 Au; 5: 1 S; 6: 2 VP"; game-help:
    "Horus slot 1 ("2 Population / 3 Faith") is a choice, like every "/" on the board"."""
    g, p = turn([("Ho", "w", 2)], res=[9, 9, 9, 9], gold=2, scribes=2)
    g = set_player(g, p, happiness=5, population=9)
    q = 1 - p
    g = statue_for(g, q, god)
    before = {k: f(g, k)[q] for k in ("gold", "scribes", "vp")}
    do_god(g, p, god)
    exp = EXPECTED_BONUS[god]
    if isinstance(exp, list):
        assert step_name(g) == "D_GAIN" and step_seat(g) == q
        assert legal(g) == exp
    else:
        assert f(g, exp[0])[q] == before[exp[0]] + exp[1]


def test_slot1_bonus_choice_applies():
    """FACTS.md / game-help: Horus slot 1 "2 Population / 3 Faith" (a choice): each option gives what it shows."""
    for tok, field, delta in (("gain:2pop", "population", 2), ("gain:3faith", "faith", 3)):
        g, p = turn([("Ho", "w", 2)], res=[0, 0, 0, 9], scribes=2)
        q = 1 - p
        g = statue_for(g, q, 0)
        before = f(g, field)[q]
        do_god(g, p, 0)
        play(g, tok)
        assert f(g, field)[q] == before + delta


def test_two_players_bonus_on_own_action_not_on_build():
    """game-help Player-count table, 2p: "Horus bonus also when you take that god's action: yes";
    base-rulebook: "In a 2-player game, also receive the Statue bonus when you perform the God
    Action yourself (but not immediately after building it)." Slot 4 (Bastet) pays 1 Gold."""
    g, p = turn([("Ho", "w", 4)], res=[9, 9, 9, 9])
    play(g, "take:Ho:w4", "act:Ho", "statue:god")      # honour Bastet: no bonus now
    assert f(g, "statue_god")[3][0] == p
    assert f(g, "gold")[p] == 0
    g, p = turn([("Ho", "w", 2)], res=[9, 9, 9, 9], scribes=2)
    g = statue_for(g, p, 3)
    do_god(g, p, 3)                                    # own Bastet action pays
    assert f(g, "gold")[p] == 1


def test_three_players_bonus_on_build_not_on_own_action():
    """game-help Player-count table, 3p: "Horus bonus immediately when you build: yes", own
    action "—"; base-rulebook: "In a 3-player game, also receive the Statue bonus immediately
    after building it." """
    g, p = turn([("Ho", "w", 4)], players=3, res=[9, 9, 9, 9])
    play(g, "take:Ho:w4", "act:Ho", "statue:god")
    assert f(g, "gold")[p] == 1
    g, p = turn([("Ho", "w", 2)], players=3, res=[9, 9, 9, 9], scribes=2)
    g = statue_for(g, p, 3)
    do_god(g, p, 3)
    assert f(g, "gold")[p] == 0


def test_four_players_bonus_only_from_others():
    """game-help Player-count table, 4p: neither extra trigger; only "whenever another player
    performs that god's action"."""
    g, p = turn([("Ho", "w", 4)], players=4, res=[9, 9, 9, 9])
    play(g, "take:Ho:w4", "act:Ho", "statue:god")
    assert f(g, "gold")[p] == 0
    g, p = turn([("Ho", "w", 2)], players=4, res=[9, 9, 9, 9], scribes=2)
    g = statue_for(g, p, 3)
    do_god(g, p, 3)
    assert f(g, "gold")[p] == 0


def test_second_statue_to_same_god_no_extra_bonus():
    """base-rulebook Horus: "Building a second Statue to the same god does not provide any
    additional reward." (4 players: 3 Statue spaces per god)."""
    g, p = turn([("Ho", "w", 2)], players=4, res=[9, 9, 9, 9], scribes=2)
    q = (p + 1) % 4
    g = statue_for(g, q, 3, 0)
    g = statue_for(g, q, 3, 1)
    g = set_player(g, q, gold=0)
    do_god(g, p, 3)
    assert f(g, "gold")[q] == 1


@pytest.mark.parametrize("players,spaces", [(2, 1), (3, 2), (4, 3)])
def test_statue_spaces_per_god(players, spaces):
    """game-help Player-count table: "Statue spaces per god 1 / 2 / 3" at 2 / 3 / 4 players."""
    g, p = turn([("Ho", "w", 4)], players=players, res=[0, 0, 0, 4])
    others = [q for q in range(players) if q != p]
    for k in range(spaces - 1):
        g = statue_for(g, others[k % len(others)], 3, k)
    play(g, "take:Ho:w4", "act:Ho")
    assert "statue:god" in legal(g)
    play(g, "statue:god")
    assert f(g, "statue_god")[3][spaces - 1] == p


def test_three_players_second_statue_to_same_god_no_immediate_bonus():
    """base-rulebook Horus: "In a 3-player game, also receive the Statue bonus immediately after
    building it." ... "Note: Building a second Statue to the same god does not provide any
    additional reward." (docs/rules-notes.md, Horus): the second Statue pays nothing at once."""
    g, p = turn([("Ho", "w", 4)], players=3, res=[0, 0, 0, 9])
    g = statue_for(g, p, 3, 0)                 # p already honours Bastet (slot 4: 1 Gold)
    play(g, "take:Ho:w4", "act:Ho", "statue:god")
    assert f(g, "statue_god")[3][:2] == [p, p]
    assert f(g, "gold")[p] == 0


def test_two_players_no_bonus_for_the_horus_action_that_builds_it():
    """base-rulebook Horus, 2 players: "also receive the Statue bonus when you perform the God Action
    yourself (but not immediately after building it)": a Statue to Horus built by a Horus action
    does not pay for that very action (slot 1: a 2 Population / 3 Faith choice)."""
    g, p = turn([("Ho", "w", 1)], res=[0, 0, 0, 4])
    play(g, "take:Ho:w1", "act:Ho", "statue:god")
    assert f(g, "statue_god")[0][0] == p
    assert step_name(g) != "D_GAIN" and f(g, "faith")[p] == 0
