"""Thoth: cards by die value, Papyrus cost, sections by Happiness, refresh, refill, reshuffle,
and the opening of Market sections 3 and 4."""
from __future__ import annotations

import pytest

from positions import (CL_DISCARD, CL_HAND, CL_MARKET, CL_PILE, board, card, f, hand, legal,
                       play, set_player, step_name, turn)
from tekhenu_engine import notation as N


def thoth_turn(value, hap=5, **stock):
    """A gray die of `value` on Thoth (Dark on the fixed table): usable only for Thoth."""
    stock.setdefault("res", [3, 0, 0, 0])
    g, p = turn([("Th", "g", value)], **stock)
    g = set_player(g, p, happiness=hap, population=max(hap, 5))
    return g, p


def section_cards(g, sec):
    first = (0, 3, 7, 11)[sec]
    n = (3, 4, 4, 4)[sec]
    return [c for c in f(g, "market")[first:first + n] if c >= 0]


@pytest.mark.parametrize("value,n,cost", [(1, 1, 0), (2, 1, 0), (3, 2, 2), (4, 2, 2), (5, 3, 3), (6, 3, 3)])
def test_cards_and_papyrus_by_die(value, n, cost):
    """base-rulebook Thoth: "die value of 1 or 2: take 1 card for free ... 3 or 4: pay 2 Papyrus and
    take 2 cards ... 5 or 6: pay 3 Papyrus and take 3 cards." "You must pay all of the required
    Papyrus and take all required cards, and all cards must come from the same section!" """
    g, p = thoth_turn(value, res=[3, 0, 0, 0])
    play(g, f"take:Th:g{value}", "section:2")
    assert f(g, "res")[p][0] == 3 - cost
    sec2 = section_cards(g, 1)
    taken = []
    while step_name(g) == "D_THOTH_CARD":
        opts = legal(g)
        assert all(N.parse_action(t) & 0xFFFFFF in sec2 for t in opts)
        taken.append(opts[0])
        play(g, opts[0])
    assert len(taken) == n
    assert len(hand(g, p)) >= n
    for t in taken:
        assert f(g, "card_loc")[card(t[5:])] == CL_HAND + p


@pytest.mark.parametrize("hap,sections", [(1, [1]), (4, [1]), (5, [1, 2]), (8, [1, 2]),
                                          (9, [1, 2, 3]), (12, [1, 2, 3]), (13, [1, 2, 3, 4])])
def test_sections_by_happiness(hap, sections):
    """base-rulebook Thoth table: Happiness "1-4 First section only. 5-8 First or second section.
    9-12 First, second, or third section. 13+ Any one section." (sections 3 and 4 open here)."""
    g, p = thoth_turn(1, hap=hap, res=[0, 0, 0, 0])
    g = board(g, market_open=[1, 1, 1, 1])
    mk, loc = f(g, "market"), f(g, "card_loc")
    # fill sections 3 and 4 with cards from the pile
    pile = {0: [c for c in range(0, 24) if loc[c] == CL_PILE], 1: [c for c in range(24, 48) if loc[c] == CL_PILE],
            2: [c for c in range(48, 72) if loc[c] == CL_PILE]}
    for slot, ty in zip(range(7, 15), (0, 1, 1, 2, 0, 1, 2, 2)):
        c = pile[ty].pop()
        mk[slot], loc[c] = c, CL_MARKET
    g = board(g, market=mk, card_loc=loc)
    play(g, "take:Th:g1")
    if len(sections) == 1:
        # a single choice is applied at once: the player is already picking in section 1
        assert step_name(g) == "D_THOTH_CARD" and g.step()[2] == 0
    else:
        assert sorted(int(t[8:]) for t in legal(g) if t.startswith("section:")) == sections


def test_no_cards_at_happiness_zero():
    """base-rulebook Thoth table: "0 You cannot take any cards." """
    g, p = thoth_turn(1, hap=0)
    assert "take:Th:g1" not in legal(g)


def test_three_cards_need_a_section_holding_three():
    """base-rulebook Thoth: "You must ... take all required cards, and all cards must come from the same
    section": with Happiness 1-4 only section 1 (3 cards) is open; with one card gone from it a
    value 5 cannot take 3 cards."""
    g, p = thoth_turn(5, hap=3)
    assert "take:Th:g5" in legal(g)
    mk, loc = f(g, "market"), f(g, "card_loc")
    loc[mk[0]] = CL_DISCARD
    mk[0] = -1
    g = board(g, market=mk, card_loc=loc)
    assert "take:Th:g5" not in legal(g)


def test_refresh_a_section_for_one_papyrus():
    """base-rulebook Thoth: "Before selecting cards you take, you may pay 1 Papyrus to discard all
    cards in one section and immediately refill them. You may do this once per section per Thoth
    God Action." """
    g, p = thoth_turn(1, hap=5, res=[2, 0, 0, 0])
    old = section_cards(g, 0)
    play(g, "take:Th:g1")
    assert "refresh:1" in legal(g) and "refresh:2" in legal(g)
    play(g, "refresh:1")
    assert f(g, "res")[p][0] == 1
    for c in old:
        assert f(g, "card_loc")[c] == CL_DISCARD
    # three draws refill the section with its slot types (B, B, T)
    types = []
    while g.is_chance():
        a = g.apply_chance()
        types.append(N.format_action(a)[5])
    assert sorted(types) == ["B", "B", "T"]
    assert step_name(g) == "D_THOTH_REFRESH"
    assert "refresh:1" not in legal(g) and "refresh:2" in legal(g)
    assert len(section_cards(g, 0)) == 3


def test_refresh_needs_the_papyrus_of_the_cards_too():
    """base-rulebook Thoth: a refresh costs 1 Papyrus on top of the action's own Papyrus: with exactly 2 Papyrus a
    value-3 action (2 Papyrus) cannot also refresh."""
    g, p = thoth_turn(3, hap=5, res=[2, 0, 0, 0])
    play(g, "take:Th:g3")
    assert not any(t.startswith("refresh:") for t in legal(g))


def test_refill_at_end_of_turn_with_same_type():
    """base-rulebook Thoth: "At the end of your turn, refill any empty spaces in the Card Market
    with the same types of cards as those taken." """
    g, p = thoth_turn(1, hap=3, res=[0, 0, 0, 0])
    play(g, "take:Th:g1")
    mk = f(g, "market")
    opts = legal(g)
    tech = [t for t in opts if t.startswith("card:T")][0]
    slot = mk.index(card(tech[5:]))
    play(g, tech)
    assert step_name(g) == "CH_CARD"
    assert all(t.startswith("draw:T") for t in legal(g))
    g.apply_chance()
    assert f(g, "market")[slot] >= 24 and f(g, "market")[slot] < 48


def test_reshuffle_discards_when_deck_runs_out():
    """base-rulebook Thoth: "Should one of the decks run out, reshuffle its discard pile to form a new
    deck." All Technologies not in the Market or a hand are in the discard pile."""
    g, p = thoth_turn(1, hap=3, res=[0, 0, 0, 0])
    loc = f(g, "card_loc")
    for c in range(24, 48):
        if loc[c] == CL_PILE:
            loc[c] = CL_DISCARD
    g = board(g, card_loc=loc)
    discards = {c for c in range(24, 48) if loc[c] == CL_DISCARD}
    play(g, "take:Th:g1")
    tech = [t for t in legal(g) if t.startswith("card:T")][0]
    play(g, tech)
    assert step_name(g) == "CH_CARD"
    assert {card(t[5:]) for t in legal(g)} == discards


@pytest.mark.parametrize("pop,opened", [(8, [1, 1, 0, 0]), (9, [1, 1, 1, 0]), (13, [1, 1, 1, 1])])
def test_market_sections_3_and_4_open(pop, opened):
    """base-rulebook Empty Sections: "The first time any Population marker reaches "9" (by any
    means), add ... to the third section ...: 1 Blessing card, 2 Technology cards, and 1 Decree
    card. ... reaches "13" ..., add ... to the fourth section ...: 1 Blessing card, 1 Technology
    card, and 2 Decree cards." Hathor raises Population by the die value."""
    g, p = turn([("Ha", "g", 6)], res=[0, 2, 0, 0])
    g = set_player(g, p, population=pop - 6)
    play(g, "take:Ha:g6", "build:W1")
    assert f(g, "population")[p] == pop
    assert f(g, "market_open") == opened
    while g.is_chance():
        g.apply_chance()
    kinds = ["BTD"[c // 24] if c >= 0 else "-" for c in f(g, "market")]
    assert sorted(kinds[7:11]) == (["B", "D", "T", "T"] if opened[2] else ["-"] * 4)
    assert sorted(kinds[11:15]) == (["B", "D", "D", "T"] if opened[3] else ["-"] * 4)
