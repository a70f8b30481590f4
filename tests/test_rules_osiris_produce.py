"""Osiris (workshops and quarries) and Produce Resources."""
from __future__ import annotations

import pytest

from positions import board, f, legal, play, scales, set_player, step_name, turn


def osiris_turn(value, hap=3, prod=(2, 2, 2, 2), **stock):
    """A gray die of `value` on Osiris (Shaded on the fixed table): usable only for Osiris."""
    g, p = turn([("Os", "g", value)], prod=list(prod), **stock)
    g = set_player(g, p, happiness=hap, population=max(hap, 5))
    g = board(g, osiris=[[-1] * 4 for _ in range(6)], osiris_row2_gold=1)   # an empty Osiris area
    return g, p


def test_osiris_costs_one_happiness():
    """base-rulebook Osiris: "requiring you to decrease your Happiness by exactly 1." "You cannot
    perform an Osiris God Action if your Happiness marker is already at "0"". """
    g, p = osiris_turn(1, hap=3)
    play(g, "take:Os:g1", "district:P")
    assert f(g, "happiness")[p] == 2
    g, p = osiris_turn(1, hap=0)
    assert "take:Os:g1" not in legal(g)


@pytest.mark.parametrize("value", range(1, 7))
def test_row_is_the_die_value(value):
    """base-rulebook Osiris: "The value of the die you choose determines onto which row you must
    place the Building. However, you may place the Building onto any empty space in one of the
    four districts." """
    g, p = osiris_turn(value)
    os_ = f(g, "osiris")
    os_[value - 1] = [-1, 1 - p, -1, -1]
    g = board(g, osiris=os_)
    play(g, f"take:Os:g{value}")
    assert legal(g) == ["district:P", "district:L", "district:G"]
    play(g, "district:G")
    assert f(g, "osiris")[value - 1][3] == p


def test_full_row_blocks_osiris():
    """base-rulebook Osiris: "You cannot perform an Osiris God Action ... if all eligible spaces are
    occupied." """
    g, p = osiris_turn(4)
    os_ = f(g, "osiris")
    os_[3] = [1 - p] * 4
    g = board(g, osiris=os_)
    assert "take:Os:g4" not in legal(g)


# row -> (production on the district, on the pair partner, gained, Gold)
ROWS = {1: (1, 0, 1, 0), 2: (1, 0, 1, 1), 3: (1, 1, 1, 0), 4: (1, 1, 1, 1), 5: (2, 0, 2, 0), 6: (2, 0, 2, 0)}


@pytest.mark.parametrize("row", range(1, 7))
@pytest.mark.parametrize("district", ["B", "L"])
def test_production_and_gain_per_row(row, district):
    """base-rulebook Osiris rows: "Row 1: Advance the Production marker ... by 1 for the indicated
    Resource. Also receive 1 of that Resource. Row 2: ... Additionally, if you are the first
    player to construct any Building in the second row, receive the Gold ... Row 3: ... by 1 for
    each of the indicated Resources. Also receive 1 of the depicted Resource. Row 4: ... by 1 for
    each ... receive 1 of the depicted Resource and 1 Gold. Row 5: ... by 2 ... receive 2 of that
    Resource. Row 6: ... by 2 for the indicated Resource and by 1 for any Resource ... receive 2".
    Pairs: Papyrus + Bread, Limestone + Granite (game-help)."""
    d = "PBLG".index(district)
    pair = d ^ 1
    g, p = osiris_turn(row)
    play(g, f"take:Os:g{row}", f"district:{district}")
    prod, gain, gold = ROWS[row][0], ROWS[row][2], ROWS[row][3]
    if row == 6:
        assert step_name(g) == "D_GAIN"
        assert legal(g) == ["gain:prodP", "gain:prodB", "gain:prodL", "gain:prodG"]
        play(g, "gain:prodP")
    exp = [2, 2, 2, 2]
    exp[d] += prod
    exp[pair] += ROWS[row][1]
    if row == 6:
        exp[0] += 1
    assert f(g, "prod")[p] == exp
    res = [0, 0, 0, 0]
    res[d] = gain
    assert f(g, "res")[p] == res
    assert f(g, "gold")[p] == gold
    assert f(g, "happiness")[p] == 2


def test_row2_gold_only_for_the_first_builder():
    """base-rulebook Osiris Row 2: "if you are the first player to construct any Building in the
    second row, receive the Gold that was placed here during setup." """
    g, p = osiris_turn(2)
    os_ = f(g, "osiris")
    os_[1][0] = 1 - p
    g = board(g, osiris=os_, osiris_row2_gold=0)
    play(g, "take:Os:g2", "district:L")
    assert f(g, "gold")[p] == 0
    g, p = osiris_turn(2)
    play(g, "take:Os:g2", "district:L")
    assert f(g, "gold")[p] == 1 and f(g, "osiris_row2_gold") == 0


def test_production_stops_at_6():
    """game-help Osiris: "Production markers stop at 6." (tracks 0-6, FACTS.md)."""
    g, p = osiris_turn(6, prod=(2, 2, 5, 6))
    play(g, "take:Os:g6", "district:L", "gain:prodG")
    assert f(g, "prod")[p] == [2, 2, 6, 6]


# ----------------------------------------------------------------------------- Produce
@pytest.mark.parametrize("colour,r", [("y", 0), ("b", 1), ("w", 2), ("k", 3)])
def test_produce_colour_and_value(colour, r):
    """base-rulebook Produce: "The color of the die determines the type of Resource you produce. The
    value of the die determines the quantity" (yellow Papyrus, brown Bread, white Limestone,
    black Granite); "regardless of which section ... you took the die from". Osiris is Shaded, so
    every coloured die is Pure or Tainted there."""
    g, p = turn([("Os", colour, 2)], prod=[3, 3, 3, 3])
    play(g, f"take:Os:{colour}2", "act:produce")
    res = [0, 0, 0, 0]
    res[r] = 2
    assert f(g, "res")[p] == res and f(g, "excess")[p] == 0


def test_excess_production_taints():
    """base-rulebook Produce: "Any Resources produced in excess of the position of the Production
    marker for that Resource "Taint" your soul ... Place excess Resources onto the right side of
    the scales ... (Note: You may never spend any Resources from the scales ...)" and Maat step
    1b: "Each Resource (due to excess production) is worth negative 1." """
    g, p = turn([("Ha", "y", 5)], prod=[2, 2, 2, 2], res=[0, 4, 0, 0])
    play(g, "take:Ha:y5", "act:produce")
    assert f(g, "res")[p][:2] == [2, 4]
    assert f(g, "excess")[p] == 3
    assert scales(g, p)["pure"] == [(0, 5)]


def test_gray_dice_cannot_produce():
    """base-rulebook: "Note: Gray dice cannot be used to Produce Resources." """
    g, p = turn([("Ha", "g", 5)], res=[0, 9, 0, 0])
    play(g, "take:Ha:g5")
    assert step_name(g) == "D_HATHOR"        # Hathor was the only action left: no Produce
    g, p = turn([("Ha", "y", 5)], res=[0, 9, 0, 0])
    play(g, "take:Ha:y5")
    assert legal(g) == ["act:Ha", "act:produce"]


def test_produce_in_any_section():
    """base-rulebook Produce: "you may choose to Produce Resources regardless of which section around
    the Obelisk Wheel you took the die from." A white die in Horus (Sunny, Pure)."""
    g, p = turn([("Ho", "w", 3)], prod=[2, 2, 4, 2])
    play(g, "take:Ho:w3")
    assert "act:produce" in legal(g) or step_name(g) != "D_ACTION"
    if step_name(g) == "D_ACTION":
        play(g, "act:produce")
    assert f(g, "res")[p][2] == 3 and f(g, "excess")[p] == 0
