"""Taking a die: purity, Scribes, Anubis, the scales, paying with Gold, component limits."""
from __future__ import annotations

import pytest

from positions import f, legal, play, scales, set_dice, set_player, step_name, turn
from tekhenu_engine import data

RICH = dict(res=[9, 9, 9, 9], gold=3)


# Fixed table: Horus and Ra Sunny, Hathor and Osiris Shaded, Bastet and Thoth Dark.
SECTION_OF_LIGHT = {0: "Ra", 1: "Ha", 2: "Ba"}


@pytest.mark.parametrize("light", [0, 1, 2])
@pytest.mark.parametrize("colour", range(5))
def test_purity_table_decides_take_and_scales(light, colour):
    """base-rulebook Key Concept I (table): Sunny: white Pure, yellow Tainted, black and brown
    Forbidden, gray Tainted; Shaded: yellow and brown Pure, white, black, gray Tainted; Dark:
    black Pure, brown and gray Tainted, white and yellow Forbidden. "you may only choose a Pure
    or Tainted die, not a Forbidden die" and "Pure dice go on the left side while Tainted dice
    go on the right side"."""
    sec = SECTION_OF_LIGHT[light]
    col = data.DIE_LETTERS[colour]
    g, p = turn([(sec, col, 2)], **RICH, scribes=0)
    g = set_player(g, p, happiness=5)
    purity = data.PURITY[light][colour]
    tok = f"take:{sec}:{col}2"
    if purity == 2:
        assert tok not in legal(g)
        return
    assert tok in legal(g)
    play(g, tok)
    play(g, legal(g)[0])
    side = scales(g, p)
    if purity == 0:
        assert side["pure"] == [(colour, 2)] and f(g, "pure_sum")[p] == 2
    else:
        assert side["tainted"] == [(colour, 2)] and f(g, "taint_sum")[p] == 2


def test_forbidden_dice_only_with_anubis():
    """base-rulebook Anubis: "you may take any die from around the Obelisk Wheel (yes, any die,
    from anywhere, including a Forbidden die)"; without Anubis Forbidden dice cannot be taken."""
    g, p = turn([("Ho", "k", 4), ("Ha", "y", 3)], scribes=2)
    assert "take:Ho:k4" not in legal(g)
    assert "anubis:Ho:k4" in legal(g)
    g, p = turn([("Ho", "k", 4), ("Ha", "y", 3)], scribes=1)
    assert not any(t.startswith("anubis:") for t in legal(g))


@pytest.mark.parametrize("value,scribes,expect", [
    (3, 1, [1, 2, 3, 4, 5]),
    (3, 2, [1, 2, 3, 4, 5, 6]),
    (6, 1, [4, 5, 6]),
    (1, 1, [1, 2, 3]),
    (2, 0, [2]),
])
def test_scribes_change_value_no_wrap(value, scribes, expect):
    """base-rulebook Key Concept II: "Each Scribe spent this way allows you to adjust the value of
    the die up or down by 1 or 2." "The value of a die can never go below 1 or above 6, nor does
    the value wrap around." """
    g, p = turn([("Ha", "y", value)], scribes=scribes, **RICH)
    play(g, f"take:Ha:y{value}")
    if scribes == 0:
        assert step_name(g) == "D_ACTION"
        return
    assert step_name(g) == "D_ADJUST"
    assert sorted(int(t[6:]) for t in legal(g)) == expect


@pytest.mark.parametrize("to,cost", [(3, 0), (4, 1), (5, 1), (6, 2), (1, 1)])
def test_scribes_stack_cost_per_two_steps(to, cost):
    """Key Concept II: Scribes stack, each one +/-1 or 2: from 3, reaching 6 takes 2 Scribes, 5 or
    4 or 1 takes 1; the die goes onto the scales at its new value (game-help: "at its new
    value")."""
    g, p = turn([("Ha", "y", 3)], scribes=3, **RICH)
    play(g, "take:Ha:y3", f"value:{to}")
    assert f(g, "scribes")[p] == 3 - cost
    play(g, "act:produce")
    assert scales(g, p)["pure"] == [(0, to)]


def test_anubis_any_action_die_below_scales():
    """base-rulebook Anubis: "Spend exactly 2 Scribes ... use this die to perform any action (yes,
    any action, including any God Action or any action to Produce Resources), regardless from
    which section you took the die or its color. Only the value of the die is relevant ...
    place the die below the scales ... This die does not count towards the balance"."""
    g, p = turn([("Ho", "g", 5)], scribes=2, **RICH)
    g = set_player(g, p, happiness=5)
    play(g, "anubis:Ho:g5")
    assert f(g, "scribes")[p] == 0
    assert step_name(g) == "D_ACTION"
    acts = legal(g)
    # every god action the player can afford with a 5, and Produce of any Resource (gray die)
    for tok in ("act:Ho", "act:Ra", "act:Ha", "act:Ba", "act:Th", "act:Os",
                "act:produce-P", "act:produce-B", "act:produce-L", "act:produce-G"):
        assert tok in acts
    play(g, "act:produce-L")
    assert scales(g, p) == {"pure": [], "tainted": [], "anubis": [(4, 5)]}
    assert f(g, "pure_sum")[p] == 0 and f(g, "taint_sum")[p] == 0
    assert f(g, "ndice_board")[p] == 1
    assert f(g, "res")[p][2] == 9 + 2 and f(g, "excess")[p] == 3   # production marker at 2


def test_anubis_with_value_change():
    """base-rulebook Key Concept II: "you might spend 3 Scribes to take an Anubis Action and adjust the value of
    the die up or down." """
    g, p = turn([("Ba", "w", 2)], scribes=3)
    play(g, "anubis:Ba:w2")
    assert step_name(g) == "D_ADJUST"
    assert sorted(int(t[6:]) for t in legal(g)) == [1, 2, 3, 4]
    play(g, "value:4")
    assert f(g, "scribes")[p] == 0


def test_anubis_god_action_pays_horus_bonus_of_that_god():
    """base-rulebook Anubis: "use this die to perform any action": the God action performed is the one chosen,
    so a Statue honouring that god pays its bonus (Horus: "every time another player performs
    this God Action")."""
    g, p = turn([("Ho", "y", 1)], scribes=2, res=[2, 0, 0, 0])
    q = 1 - p
    st = f(g, "statue_god")
    st[3][0] = q                           # q honours Bastet (slot 4: 1 Gold)
    g = set_player(g, q, gold=0)
    from positions import edit
    g = edit(g, statue_god=st)
    play(g, "anubis:Ho:y1", "act:Ba")
    assert f(g, "gold")[q] == 1


def test_gold_is_a_wild_resource():
    """base-rulebook Key Concept III: "Gold is a "wild" Resource and can be used in place of any
    other Resource"; game-help: "When a cost can be paid more than one way ... the game asks
    how you want to pay". Bastet costs 2 Papyrus."""
    g, p = turn([("Ba", "k", 5)], res=[1, 0, 0, 0], gold=2)
    play(g, "take:Ba:k5", "act:Ba")
    assert step_name(g) == "D_PAY"
    assert sorted(legal(g)) == sorted(["pay:P1Au1", "pay:Au2"])
    play(g, "pay:Au2")
    assert f(g, "gold")[p] == 0 and f(g, "res")[p][0] == 1


def test_cost_paid_one_way_is_automatic():
    """game-help: the game asks "When a cost can be paid more than one way"; with exactly 2
    Papyrus and no Gold the payment is forced."""
    g, p = turn([("Ba", "k", 5)], res=[2, 0, 0, 0], gold=0)
    play(g, "take:Ba:k5", "act:Ba")
    assert f(g, "res")[p][0] == 0 and f(g, "happiness")[p] == 5


def test_scribes_and_faith_are_not_resources():
    """base-rulebook Key Concept III: "Scribes and Faith tokens are not Resources." "You cannot
    perform an action that requires the spending of Resources you do not have." """
    g, p = turn([("Ba", "g", 5)], res=[1, 0, 0, 0], gold=0, scribes=5, faith=5)
    g = set_player(g, p, happiness=5)
    # the gray die can only be used for Bastet, which costs 2 Papyrus: not takeable
    # except with Anubis (for another action)
    assert "take:Ba:g5" not in legal(g)
    assert "anubis:Ba:g5" in legal(g)


@pytest.mark.parametrize("field,limit,god", [("statues", 6, "Ho"), ("pillars", 8, "Ra"),
                                             ("buildings", 10, "Ha"), ("buildings", 10, "Os")])
def test_component_limits(field, limit, god):
    """base-rulebook Key Concept IV: "You are limited to the number of Buildings, Pillars, and
    Statues you have. Once you have built all available pieces of a given type, no more can
    be built of that type." (10 Buildings, 8 Pillars, 6 Statues per player)."""
    value = {"Ho": 1, "Ra": 6, "Ha": 2, "Os": 1}[god]
    g, p = turn([(god, "g", value)], res=[9, 9, 9, 9], gold=5)
    g = set_player(g, p, happiness=5)
    assert f"take:{god}:g{value}" in legal(g)
    g = set_player(g, p, **{field: limit})
    assert f"take:{god}:g{value}" not in legal(g)


def test_die_without_any_action_is_still_taken():
    """base-rulebook One Round: "On your turn, you must take exactly one die ... you may only choose
    a Pure or Tainted die". When no die allows an action (docs/rules-notes.md, Taking a die), a
    Pure or Tainted die is taken without an action and goes on the scales."""
    g, p = turn([("Ha", "g", 3)], spare=False)     # Hathor unaffordable, gray cannot Produce
    g = set_dice(g, [("Ha", "g", 3), ("Ho", "k", 2)])   # and a Forbidden black die in Horus
    assert legal(g) == ["takeonly:Ha:g3"]
    play(g, "takeonly:Ha:g3")
    assert scales(g, p)["tainted"] == [(4, 3)] and f(g, "taint_sum")[p] == 3


def test_no_pure_or_tainted_die_passes():
    """base-rulebook One Round of Play: "you may only choose a Pure or Tainted die, not a Forbidden die." With only
    Forbidden dice and no Scribes for Anubis the turn passes (docs/rules-notes.md)."""
    g, p = turn([("Ho", "k", 2), ("Ba", "w", 5)], spare=False)
    assert legal(g) == ["pass"]
