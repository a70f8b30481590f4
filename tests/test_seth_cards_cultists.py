"""Time of Seth's Cultist Powers Cult01-Cult07 (seth/cultists.pxi; data.CULTISTS).

Manual, Key Concepts: "Each Cultist Power lists a condition. Whenever you meet that condition, gain the
reward listed in the middle of the card. Afterwards, all other players gain the reward depicted at the
bottom of the card. Your Cultist Power is never discarded. It can be triggered several times during the
game." Game help: once per turn ("Cultist Powers ... pays at most once in that player's turn"). Each test
quotes its card (data.SETH_CARD_TEXT)."""
from __future__ import annotations

import pytest

from positions import f, set_player, step_name, trigger
from seth_positions import CULTS, gains, holding_cultist, table
from tekhenu_engine import GameState, _core, data, format_action, parse_action
from tekhenu_engine.enums import GodFlag

G_HAP1 = _core.GAIN_ITEMS["G_HAP1"]
EXTRA = int(GodFlag.EXTRA)


def text(name: str) -> str:
    return data.SETH_CARD_TEXT[name]


def seated(name: str, players: int = 3, **stock) -> tuple[GameState, int]:
    g = table(players)
    p = g.step()[1]
    g = holding_cultist(g, p, name)
    if stock:
        g = set_player(g, p, **stock)
    return g, p


def others(g: GameState, p: int) -> list[int]:
    n = f(g, "nseats")
    return [(p + k) % n for k in range(1, n)]


def test_cult01_statue_for_the_people():
    """Cult01: "Whenever you place a Statue for the people, you gain 1 Scribe and every other player
    gains 1 Priest." """
    assert text("Cult01").startswith("Whenever you place a Statue for the people")
    g, p = seated("Cult01")
    before = g.to_dict()
    g = trigger(g, ("A_HORUS_RES", p, 1, 3))          # the Statue for the people beside Temple row 3
    after = g.to_dict()
    assert after["scribes"][p] - before["scribes"][p] == 1
    for q in others(g, p):
        assert gains(before, after, q) == {"priests": 1}


def test_cult02_statue_for_the_gods():
    """Cult02: "Whenever you place a Statue for the Gods, you gain 2 Happiness and every other player
    gains 1 Population." """
    assert "Statue for the Gods, you gain 2 Happiness" in text("Cult02")
    g, p = seated("Cult02", players=4, happiness=2, population=8)
    before = g.to_dict()
    g = trigger(g, ("A_HORUS_RES", p, 0, 3))          # in honour of the god of Horus slot 3
    after = g.to_dict()
    assert after["happiness"][p] - before["happiness"][p] == 2
    for q in others(g, p):
        assert gains(before, after, q) == {"population": 1}
    # a Statue for the people does not meet the condition
    g, p = seated("Cult02", players=4)
    before = g.to_dict()
    g = trigger(g, ("A_HORUS_RES", p, 1, 3))
    assert all("population" not in gains(before, g.to_dict(), q) for q in others(g, p))


def test_cult03_happiness_reaches_a_space_for_the_first_time():
    """Cult03: "Whenever your Happiness marker reaches a space for the first time, you gain 1 Gold and
    every other player gains 1 Soldier." (the reward spaces 16 / 19 / 21, rules-notes)"""
    assert "reaches a space for the first time, you gain 1 Gold" in text("Cult03")
    g, p = seated("Cult03", happiness=15, population=20)
    before = g.to_dict()
    g = trigger(g, ("D_GAIN", p, 1 << G_HAP1, 1, 0))
    after = g.to_dict()
    assert after["happiness"][p] == 16
    assert after["gold"][p] - before["gold"][p] == 1 + 1          # the base 16 reward and Cult03
    for q in others(g, p):
        assert gains(before, after, q) == {"soldiers": 1}
    # up to 15 again and back to 16 in a later turn: not the first time, nothing
    d = g.to_dict()
    d["happiness"][p] = 15
    d["seth_gate"] = [0] * 4
    g = GameState._from_dict_trusted(d)
    before = g.to_dict()
    g = trigger(g, ("D_GAIN", p, 1 << G_HAP1, 1, 0))
    assert gains(before, g.to_dict(), p) == {"happiness": 1}


def test_cult04_building_on_the_seth_board():
    """Cult04: "Whenever you place a Building on the Seth board, you gain 2 Population and every other
    player gains 1 Bread." (the Seth God action's Building, seth_resolve)"""
    assert "place a Building on the Seth board, you gain 2 Population" in text("Cult04")
    from test_seth_action import seth_take, seth_turn

    g, p = seth_turn(board=(2,), soldiers=4)                  # a gray 2 on the Seth board: Punt
    g = holding_cultist(g, p, "Cult04")
    before = g.to_dict()
    seth_take(g, "g2")
    after = g.to_dict()
    assert after["seth_build"][2] == p
    assert after["population"][p] - before["population"][p] == 2
    for q in others(g, p):
        assert gains(before, after, q) == {"res1": 1}
    # through the event directly, too
    g, p = seated("Cult04")
    before = g.to_dict()
    _core._seth_cultist(g, p, "seth_building_placed")
    assert gains(before, g.to_dict(), p) == {"population": 2}


def ra_position(name: str, own_pillars=(), players: int = 3, **stock):
    g, p = seated(name, players, **stock)
    d = g.to_dict()
    for sp in own_pillars:
        d["temple_tile"][sp] = 27
        d["temple_owner"][sp] = p
    d["ra"] = [5, 6, 7]
    return GameState._from_dict_trusted(d), p


def test_cult05_lone_pillar_and_the_others_may_convert():
    """Cult05: "Whenever you build a Pillar in a way that there is no other Pillar of yours in its row
    OR its column you gain 3 Priests and every other player may convert any 1 Resource into 1 Gold."
    (rules-notes: none of the owner's other Pillars in the row and none in the column; the conversion
    is each other seat's decision, clockwise from the owner)"""
    assert "may convert any 1 Resource into 1 Gold" in text("Cult05")
    g, p = ra_position("Cult05", own_pillars=(24,))          # r5c5: neither row 1 nor column 1
    d = g.to_dict()
    for q in others(g, p):
        d["res"][q] = [1, 0, 0, 2]
    g = GameState._from_dict_trusted(d)
    before = g.to_dict()
    g = trigger(g, ("A_RA_RES", p, 0, 0, 0))                 # a Pillar on r1c1
    assert gains(before, g.to_dict(), p).get("priests") == 3
    seats = []
    while step_name(g) == "D_SETH_CONVERT":
        seats.append(g.step()[1])
        toks = [format_action(a) for a in g.legal_actions()]
        assert toks == ["convert:none", "convert:P", "convert:G"]
        g.apply(parse_action("convert:G" if len(seats) == 1 else "convert:none"))
    assert seats == others(g, p)
    after = g.to_dict()
    q1, q2 = seats
    assert gains(before, after, q1) == {"res3": -1, "gold": 1}
    assert gains(before, after, q2) == {}
    # another own Pillar in the row: no trigger
    g, p = ra_position("Cult05", own_pillars=(3,))
    before = g.to_dict()
    g = trigger(g, ("A_RA_RES", p, 0, 0, 0))
    assert "priests" not in gains(before, g.to_dict(), p)


def test_cult06_quarry_or_workshop():
    """Cult06: "Whenever you build a Quarry or a Workshop, you gain 3 Soldiers and every other player
    gains 2 Faith tokens." Once per turn: a second Building in the same turn pays nothing."""
    assert "build a Quarry or a Workshop, you gain 3 Soldiers" in text("Cult06")
    g, p = seated("Cult06", happiness=4)
    before = g.to_dict()
    g = trigger(g, ("A_OSIRIS_RES", p, 1, 0, 0), ("A_OSIRIS_RES", p, 2, 1, 0))
    after = g.to_dict()
    assert after["soldiers"][p] - before["soldiers"][p] == 3
    for q in others(g, p):
        assert gains(before, after, q) == {"faith": 2}


def test_cult07_edge_pillar_resource_of_choice_and_scribe_conversion():
    """Cult07: "Whenever you build a Pillar adjacent to an edge of the Temple Complex, you gain 1
    Resource of your choice (except Gold) and every other player may convert any 1 Resource into 1
    Scribe." (Gold counts as a Resource to convert, rules-notes)"""
    assert "adjacent to an edge of the Temple Complex" in text("Cult07")
    g, p = ra_position("Cult07", players=2)
    d = g.to_dict()
    q = 1 - p
    d["gold"][q] = 1
    d["res"][q] = [0, 0, 0, 0]
    g = GameState._from_dict_trusted(d)
    before = g.to_dict()
    g = trigger(g, ("A_RA_RES", p, 0, 2, 0))                 # r1c3, on the top edge
    # the owner's choice comes first: 1 Resource, not Gold
    assert step_name(g) == "D_GAIN" and g.step()[1] == p
    assert [format_action(a) for a in g.legal_actions()] == ["gain:P", "gain:B", "gain:L", "gain:G"]
    g.apply(parse_action("gain:L"))
    while step_name(g) == "D_GAIN" and g.step()[1] == p:     # the space's own reward, if a choice
        g.apply(g.legal_actions()[0])
    assert step_name(g) == "D_SETH_CONVERT" and g.step()[1] == q
    assert [format_action(a) for a in g.legal_actions()] == ["convert:none", "convert:Au"]
    g.apply(parse_action("convert:Au"))
    after = g.to_dict()
    assert gains(before, after, q) == {"gold": -1, "scribes": 1}
    assert after["res"][p][2] - before["res"][p][2] >= 1
    # the centre space is on no edge
    g, p = ra_position("Cult07", players=2)
    before = g.to_dict()
    g = trigger(g, ("A_RA_RES", p, 0, 12, 0))
    assert step_name(g) != "D_SETH_CONVERT"


def test_no_cultist_without_the_option_and_never_for_others():
    """Only the owner's condition triggers its card; nothing without the expansion."""
    g, p = seated("Cult06", happiness=4)
    q = (p + 1) % 3
    before = g.to_dict()
    g = trigger(g, ("A_OSIRIS_RES", q, 1, 0, 0))             # another seat builds
    assert "soldiers" not in gains(before, g.to_dict(), p)
    g = table(3, seth=False)
    p = g.step()[1]
    before = g.to_dict()
    g = trigger(g, ("A_OSIRIS_RES", p, 1, 0, 0))
    assert all(not gains(before, g.to_dict(), q).get("faith") for q in range(3))


@pytest.mark.parametrize("name", CULTS)
def test_every_cultist_has_its_row(name):
    """Every Cultist Power is a row of data.CULTISTS with an event of data.CULTIST_EVENTS."""
    assert data.CULTISTS[name]["trigger"]["event"] in data.CULTIST_EVENTS
    assert text(name).startswith("Whenever you")
