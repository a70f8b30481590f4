"""Time of Seth's Blessings, Technologies and Decrees in their decks (seth/cards.pxi).

Manual Setup Changes 7: "Shuffle all Blessings, Technologies, and Decrees from Tekhenu: Time of Seth
into their corresponding base game decks." Each test quotes its card (data.SETH_CARD_TEXT)."""
from __future__ import annotations

from positions import auto, f, set_player, step_name, trigger
from seth_positions import gains, table
from tekhenu_engine import GameState, TableOptions, _core, data, format_action, parse_action
from tekhenu_engine.notation import card_id

CL_PILE, CL_BOX, CL_HAND = 0, 2, 8
SETH_CARDS = data.SETH_DECKS["Blessing"] + data.SETH_DECKS["Technology"] + data.SETH_DECKS["Decree"]


def text(name: str) -> str:
    return data.SETH_CARD_TEXT[name]


def test_in_their_decks_with_the_option_and_in_the_box_without():
    """Setup Changes 7: "Shuffle all Blessings, Technologies, and Decrees from Tekhenu: Time of Seth
    into their corresponding base game decks"; without the expansion they are out. Every one of
    them is in its deck with the option (none is kept in the box)."""
    on = GameState.new(3, seed=2, options=TableOptions(seth=True)).field("card_loc")
    off = GameState.new(3, seed=2).field("card_loc")
    for name in SETH_CARDS:
        c = card_id(name)
        assert off[c] == CL_BOX
        assert on[c] == CL_PILE
        assert c in data.DECK_IDS[data.CARD_TYPES.index(
            "Blessing" if name[0] == "B" else "Technology" if name[0] == "T" else "Decree")]


def holding(name: str, **stock) -> tuple[GameState, int]:
    g = table(2)
    p = g.step()[1]
    d = g.to_dict()
    d["card_loc"][card_id(name)] = CL_HAND + p
    g = GameState._from_dict_trusted(d)
    if stock:
        g = set_player(g, p, **stock)
    return g, p


def test_bx01_bx02_five_priests_and_soldiers():
    """BX01/BX02: "Gain a total of 5 Priests and Soldiers, in any combination." (played between
    actions of the owner's turn, then discarded)"""
    for name in ("BX01", "BX02"):
        assert text(name) == "Gain a total of 5 Priests and Soldiers, in any combination."
        g, p = holding(name)
        g = trigger(g, ("D_ARTIFACT", p, 0), ("D_TAKE", p), ("A_END_TURN", p))
        toks = [format_action(a) for a in g.legal_actions()]
        assert toks == ["pass", f"bless:{name}"]
        g.apply(parse_action(f"bless:{name}"))
        picks = ["gain:sol", "gain:sol", "gain:pri", "gain:pri", "gain:pri"]
        while step_name(g) == "D_GAIN":
            toks = [format_action(a) for a in g.legal_actions()]
            g.apply(parse_action(picks.pop(0) if picks[0] in toks else toks[-1]))
        after = g.to_dict()
        assert (after["soldiers"][p], after["priests"][p]) == (2, 3)
        assert after["card_loc"][card_id(name)] == 1          # discarded


def test_tx01_on_a_seth_action():
    """TX01: "Whenever you perform a Seth God Action: Score 2 Victory Points and gain 2 Priests." (a row
    of the trigger layer on the seth_action event; once per turn)"""
    assert "Whenever you perform a Seth God Action: Score 2 Victory Points and gain 2 Priests." == text("TX01")
    g, p = holding("TX01")
    before = g.to_dict()
    _core._fire(g, p, "seth_action", -1, 3)
    _core._fire(g, p, "seth_action", -1, 3)                   # a second one in the same turn
    assert gains(before, g.to_dict(), p) == {"vp": 2, "priests": 2}


def test_tx04_vp_per_blood_and_tx03_no_taint_penalty_at_maat():
    """TX04: "During the Maat phase: You gain 1 Victory Point for each Blood token on your player
    board."; TX03: "During the Maat phase: You do not lose any Victory Points for excess Taint." """
    assert text("TX04").startswith("During the Maat phase: You gain 1 Victory Point for each Blood")
    assert text("TX03") == "During the Maat phase: You do not lose any Victory Points for excess Taint."

    def maat_vp(card: str, blood: int) -> int:
        """The VP the holder of `card` with `blood` Blood tokens gains at a Maat phase."""
        g, p = holding(card)
        d = g.to_dict()
        d["blood"][p] = blood
        g = GameState._from_dict_trusted(d)
        vp = f(g, "vp")[p]
        return trigger(g, ("A_MAAT",)).to_dict()["vp"][p] - vp

    # +3 for the Blood, minus the penalty of a balance of -3 (3 Blood are 3 Taint): 3 - 1
    assert maat_vp("TX04", 3) == 3 - dict(data.MAAT_PENALTY)[-3]
    assert maat_vp("TX03", 6) == 0                             # a balance of -6 costs nothing


def test_dx01_dx04_final_scoring():
    """DX01 "Score 2 Victory Points per pair of leftover Priest and Soldier."; DX02 "Score 3 Victory
    Points per Building on the Seth board."; DX03 "Score 2 Victory Points per Statue and 2 Victory
    Points per Building on the Seth board."; DX04 "Score 4 Victory Points per Production marker at 5
    or 6." """
    g, p = holding("DX01")
    d = g.to_dict()
    d["priests"][p], d["soldiers"][p] = 3, 5
    sb = [-1] * 12
    sb[0], sb[4], sb[7] = p, p, p
    d["seth_build"] = sb
    d["statues"][p] = 2
    d["prod"][p] = [5, 6, 2, 4]
    g = GameState._from_dict_trusted(d)
    ids = {n: card_id(n) for n in ("DX01", "DX02", "DX03", "DX04")}
    want = {"DX01": 2 * 3, "DX02": 3 * 3, "DX03": 2 * 2 + 2 * 3, "DX04": 4 * 2}
    for n, c in ids.items():
        assert _core._set_vp(g, p, (c + 1)) == want[n], n


def test_tx02_faith_may_pay_for_soldiers():
    """TX02: "Anytime you must spend a Soldier, you may spend a Faith token instead (it is allowed to
    pay the cost in Soldiers partially or completely with Faith)." (the Seth action's 4 Soldiers)"""
    from test_seth_action import seth_turn
    from positions import give_cards, legal, play
    assert text("TX02").startswith("Anytime you must spend a Soldier, you may spend a Faith token instead")
    g, p = seth_turn(board=(3,), soldiers=2, faith=3)
    assert "take:Se:g3" not in legal(g)                  # without TX02: 2 Soldiers are not 4
    g = give_cards(g, p, "TX02")
    play(g, "take:Se:g3")
    if step_name(g) == "D_ADJUST":
        play(g, "value:3")
    assert step_name(g) == "D_PAY" and legal(g) == ["pay:F2", "pay:F3"]   # partially or completely
    play(g, "pay:F3")
    d = g.to_dict()
    assert (d["soldiers"][p], d["faith"][p]) == (1, 0) and d["seth_build"][4] == p
    g, p = seth_turn(board=(3,), soldiers=0, faith=4)
    g = give_cards(g, p, "TX02")
    play(g, "take:Se:g3")
    if step_name(g) == "D_ADJUST":
        play(g, "value:3")
    assert g.to_dict()["faith"][p] == 0 and g.to_dict()["seth_build"][4] == p   # one way: all Faith


def test_tx02_unused_faith_becomes_priests_at_maat():
    """TX02: "During the Maat phase: You may convert unused Faith tokens into Priests instead of
    returning them to the supply." (3 Faith, 1 used to move the balance: 2 Priests)"""
    g, p = holding("TX02")
    g = set_player(g, p, faith=3, priests=1)
    g = trigger(g, ("A_MAAT",))
    g = auto(g, "D_FAITH", seat=p)
    g.apply(parse_action("faith:+1"))
    assert f(g, "priests")[p] == 1 + 2 and f(g, "faith")[p] == 0
    g, p = holding("TX01")                                 # without TX02 the Faith goes back
    g = set_player(g, p, faith=3, priests=1)
    g = trigger(g, ("A_MAAT",))
    g = auto(g, "D_FAITH", seat=p)
    g.apply(parse_action("faith:+1"))
    assert f(g, "priests")[p] == 1


def test_every_expansion_card_has_its_text_and_a_name_that_reads_back():
    """Each card of the expansion is a card of its deck: its name reads back to its id and its
    printed text is the card's text (data.CARD_TEXT)."""
    from tekhenu_engine.notation import card_name, card_text
    for name in SETH_CARDS:
        c = card_id(name)
        assert card_name(c) == name and card_text(name).endswith(data.SETH_CARD_TEXT[name])
