"""Time of Seth: Conquest tiles under Ra's Pillars and in Hathor's lines.

Each test quotes the sentence of shared/rules/ it checks (manual = time-of-seth-manual.txt,
game help = game-help.txt, which wins a disagreement; FACTS = FACTS.md)."""
from __future__ import annotations

import pytest

from positions import clear_player, first_turn, legal, no_cards_in_hand, play, seat, set_dice, step_name
from tekhenu_engine import GameState, _core, data
from tekhenu_engine.notation import card_id

K = _core.SETH_CODES
SPARE = [("Th", "k", 6), ("Os", "y", 2)]
CQ = {t["id"]: i for i, t in enumerate(data.CONQUEST_TILES)}


def with_tile(g: GameState, tile: str, space: int) -> GameState:
    d = g.to_dict()
    t = CQ[tile]
    d["conquest_loc"][t] = K["CQ_TEMPLE"] + space
    d["temple_conquest"][space] = t
    return GameState._from_dict_trusted(d)


def ra_turn(tile: str, space: int = 12, players: int = 3, **stock) -> tuple[GameState, int]:
    """A Ra turn (die value 6: Ra's first display slot) with a Conquest tile on an empty space."""
    g = first_turn(players, 1, seth=True)
    p = seat(g)
    g = set_dice(g, [("Ra", "y", 6)] + SPARE)
    g = no_cards_in_hand(g)
    stock.setdefault("prod", [2, 2, 2, 2])
    stock.setdefault("res", [0, 0, 5, 5])
    g = clear_player(g, p, **stock)
    return with_tile(g, tile, space), p


def raise_pillar(g: GameState, space: int) -> GameState:
    play(g, "take:Ra:y6")
    if step_name(g) == "D_ADJUST":
        play(g, "value:6")
    if step_name(g) == "D_ACTION":
        play(g, "act:Ra")
    play(g, f"pillar:r{space // 5 + 1}c{space % 5 + 1}")
    while step_name(g) in ("D_RA_ROT", "D_PAY"):
        g.apply(g.legal_actions()[0])
    return g


def test_a_conquest_space_is_still_empty_for_ra():
    """manual Ra Changes: "Any space containing a Conquest tile is still considered empty for
    purposes of the Ra God Action." """
    g, p = ra_turn("CQ01", 12)
    play(g, "take:Ra:y6")
    while step_name(g) in ("D_ADJUST", "D_ACTION"):
        g.apply(g.legal_actions()[0])
    assert "pillar:r3c3" in legal(g)


@pytest.mark.parametrize("tile,field,idx,n", [("CQ01", "res", 0, 2), ("CQ02", "res", 1, 2), ("CQ03", "res", 2, 2),
                                              ("CQ04", "res", 3, 2), ("CQ10", "gold", None, 2),
                                              ("CQ11", "scribes", None, 2), ("CQ12", "faith", None, 3)])
def test_a_pillar_on_a_conquest_tile_gains_the_tiles_reward_instead(tile, field, idx, n):
    """manual Ra Changes: "When a Pillar is raised on top of a Conquest tile, gain the depicted
    reward."; game help "gains the tile's reward instead of the printed one". CQ01 "Gain 2
    Papyrus", CQ02 "Gain 2 Bread", CQ03 "Gain 2 Limestone", CQ04 "Gain 2 Granite", CQ10 "Gain 2 Gold", CQ11 "Gain 2 Scribes", CQ12 "Gain 3 Faith"."""
    space = 12
    g, p = ra_turn(tile, space)
    plain, _ = ra_turn(tile, space)
    plain = GameState._from_dict_trusted({**plain.to_dict(), "conquest_loc": [K["CQ_STACK"]] * 12,
                                          "temple_conquest": [-1] * 25})
    for h in (g, plain):
        raise_pillar(h, space)
    kind, amount = data.TEMPLE_REWARDS[space]
    get = (lambda h: h.to_dict()[field][p][idx]) if idx is not None else (lambda h: h.to_dict()[field][p])
    printed = {0: "res", 1: "res", 2: "res", 3: "res", 4: "gold", 5: "faith", 6: "scribes"}
    # the printed reward of the space is not gained; the tile's is
    if printed[kind] == field and (idx is None or idx == kind):
        assert get(g) - get(plain) == n - amount
    else:
        assert get(g) - get(plain) == n


def test_cq05_three_identical_resources():
    """CQ05: "Gain 3 identical resources (except Gold)." """
    g, p = ra_turn("CQ05", 12)
    before = g.to_dict()["res"][p]
    raise_pillar(g, 12)
    assert step_name(g) == "D_GAIN" and legal(g) == ["gain:P", "gain:B", "gain:L", "gain:G"]
    play(g, "gain:B")
    after = g.to_dict()["res"][p]
    assert after[1] - before[1] == 3


def test_cq06_two_technologies_keep_one():
    """CQ06: "Draw 2 Technology cards from the top of the deck. Select one to keep, and shuffle the
    other card back into the deck." """
    g, p = ra_turn("CQ06", 12)
    raise_pillar(g, 12)
    assert step_name(g) == "CH_CARD"
    a, b = (t[5:] for t in legal(g)[:2])          # two Technologies of the draw pile
    play(g, f"draw:{a}", f"draw:{b}")
    play(g, f"keep:{b}")
    loc = g.to_dict()["card_loc"]
    assert loc[card_id(b)] == 8 + p and loc[card_id(a)] == 0


def test_cq07_three_blessings_keep_one():
    """CQ07: "Draw 3 Blessing cards from the top of the deck. Select one to keep, and shuffle the
    remaining two cards back into the deck." """
    g, p = ra_turn("CQ07", 12)
    raise_pillar(g, 12)
    assert step_name(g) == "CH_CARD"
    drawn = [t[5:] for t in legal(g)[:3]]          # three Blessings of the draw pile
    assert all(n.startswith("B") for n in drawn)
    play(g, *(f"draw:{n}" for n in drawn))
    assert step_name(g) == "D_KEEP" and legal(g) == [f"keep:{n}" for n in drawn]
    play(g, f"keep:{drawn[1]}")
    loc = g.to_dict()["card_loc"]
    assert loc[card_id(drawn[1])] == 8 + p
    assert loc[card_id(drawn[0])] == loc[card_id(drawn[2])] == 0      # back into the deck


def test_cq08_a_thoth_action_of_value_1():
    """CQ08: "Perform a Thoth God action as if you took a die of value 1." (base: "Die 1-2: 1 card
    free")"""
    g, p = ra_turn("CQ08", 12, happiness=3, population=5)
    raise_pillar(g, 12)
    assert step_name(g) == "D_THOTH_CARD"
    papyrus = g.to_dict()["res"][p][0]
    card = legal(g)[0][5:]
    play(g, f"card:{card}")
    d = g.to_dict()
    assert d["card_loc"][card_id(card)] == 8 + p and d["res"][p][0] == papyrus
    assert step_name(g) != "D_THOTH_CARD"          # one card only


def test_cq09_an_osiris_action_of_value_5():
    """CQ09: "Perform an Osiris God action as if you took a die of value 5." """
    g, p = ra_turn("CQ09", 12, happiness=2, population=5)
    raise_pillar(g, 12)
    assert step_name(g) == "D_OSIRIS"
    play(g, "district:L")
    assert g.to_dict()["osiris"][4][2] == p


def test_hathor_gains_one_of_what_a_conquest_tile_shows():
    """manual Hathor Changes: "the owner of the Building receives: exactly 1 of each different
    Resource depicted on the Conquest tiles, if any. 1 card, drawn from the top of the corresponding
    deck, if applicable. no reward, if the Conquest tile shows an action."; game help "1 of each
    different thing it shows" (Scribes too)."""
    g = first_turn(3, 1, seth=True)
    p = seat(g)
    g = set_dice(g, [("Ha", "y", 3)] + SPARE)
    g = no_cards_in_hand(g)
    g = clear_player(g, p, prod=[2, 2, 2, 2], res=[0, 5, 0, 0])
    # building space W1 (left of row 1): its line is Temple row 1, spaces 0-4
    for tile, sp in (("CQ11", 0), ("CQ08", 1), ("CQ07", 2)):
        g = with_tile(g, tile, sp)
    d = g.to_dict()
    assert all(d["temple_tile"][i] == 0 for i in range(3))
    before = g.to_dict()
    play(g, "take:Ha:y3")
    while step_name(g) in ("D_ADJUST", "D_ACTION"):
        g.apply(g.legal_actions()[0])
    play(g, "build:W1")
    while step_name(g) == "D_PAY":
        g.apply(g.legal_actions()[0])
    assert step_name(g) == "CH_CARD"                      # CQ07: 1 Blessing from the top of its deck
    top = legal(g)[0][5:]                                  # a Blessing of the draw pile
    play(g, f"draw:{top}")
    after = g.to_dict()
    assert after["card_loc"][card_id(top)] == 8 + p
    assert after["scribes"][p] - before["scribes"][p] == 1   # CQ11: 1 Scribe (the printed reward is not given)
