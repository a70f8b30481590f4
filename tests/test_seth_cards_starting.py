"""Time of Seth's Starting cards SX01-SX12 (seth/starting.pxi; data.SETH_STARTING).

Manual Setup 9: "Remove the original Starting cards from the game and use the Starting cards from
Tekhenu: Time of Seth instead."; Setup 10: "the new Starting cards also provide starting numbers of
Soldiers and Priests. Mark those Soldiers and Priests on their respective tracks at the same time you
receive any other benefits from your Starting cards." Each test quotes its card."""
from __future__ import annotations

import pytest

from positions import set_player, step_name, trigger
from seth_positions import gains, table
from tekhenu_engine import GameState, data, format_action, parse_action
from tekhenu_engine.enums import GodFlag

SX = data.SETH_DECKS["Starting"]


def receive(name: str, pick=lambda toks: toks[0]):
    """Seat p receives Starting card `name` (its rewards step, as at setup); every choice by `pick`.
    Returns (p, before, after, log of (step, tokens offered, token taken))."""
    g = table(2)
    p = g.step()[1]
    g = set_player(g, p, happiness=3, population=6)
    d = g.to_dict()
    d["start_loc"] = [2 + p if i == SX.index(name) else 0 for i in range(12)]
    d["destiny"][p] = -1                         # the Destiny card is picked after (not received here)
    d["destiny_owner"] = [-1 if o == p else o for o in d["destiny_owner"]]
    g = GameState._from_dict_trusted(d)
    before = g.to_dict()
    g = trigger(g, ("A_REWARDS", p, 1), ("D_TAKE", p), ("A_END_TURN", p))
    log = []
    while step_name(g) != "D_TAKE":          # the rewards are done
        if g.is_chance():
            g.apply_chance()
            continue
        if step_name(g) == "D_ARTIFACT":
            g.apply(g.legal_actions()[0])
            continue
        toks = [format_action(a) for a in g.legal_actions()]
        tok = pick(toks)
        log.append((step_name(g), g.step(), toks, tok))
        g.apply(parse_action(tok))
    return p, before, g.to_dict(), log


@pytest.mark.parametrize("name,quote,gain", [
    ("SX05", "Gain 2 Scribes, 4 Priests, and 4 Soldiers.", {"scribes": 2, "priests": 4, "soldiers": 4}),
    ("SX08", "Gain 1 Papyrus, 1 Bread, 1 Limestone, 1 Granite, 2 Soldiers, and 2 Priests.",
     {"res0": 1, "res1": 1, "res2": 1, "res3": 1, "soldiers": 2, "priests": 2}),
    ("SX11", "Gain 3 Population, 2 Happiness and 4 Soldiers.", {"population": 3, "happiness": 2, "soldiers": 4}),
    ("SX12", "Gain 2 Gold and 4 Priests.", {"gold": 2, "priests": 4}),
])
def test_gain_cards(name, quote, gain):
    assert data.SETH_CARD_TEXT[name].endswith(quote)
    p, before, after, log = receive(name)
    assert log == []
    assert gains(before, after, p) == gain


@pytest.mark.parametrize("name,quote,first,last", [
    ("SX09", "Gain a total of 3 Limestone and Granite, in any combination. Gain a total of 3 Soldiers and "
     "Priests in any combination.", {"res2": 3, "soldiers": 3}, {"res3": 3, "priests": 3}),
    ("SX10", "Gain a total of 3 Bread and Papyrus, in any combination. Gain a total of 3 Soldiers and "
     "Priests in any combination.", {"res0": 3, "soldiers": 3}, {"res1": 3, "priests": 3}),
    ("SX04", "Gain any 5 Resources (excluding Gold). Gain 1 Soldier or 1 Priest.",
     {"res0": 5, "soldiers": 1}, {"res3": 5, "priests": 1}),
])
def test_choice_cards(name, quote, first, last):
    assert data.SETH_CARD_TEXT[name].endswith(quote)
    p, before, after, log = receive(name, lambda toks: toks[0])
    assert gains(before, after, p) == first
    assert all(not t.startswith("gain:Au") for _, _, toks, _ in log for t in toks)   # never Gold
    # the Resources first, then the Soldiers/Priests (printed order)
    taken = [tok for _, _, _, tok in log]
    track = [t in ("gain:sol", "gain:pri") for t in taken]
    assert track == sorted(track) and any(track) and not all(track)
    p, before, after, log = receive(name, lambda toks: toks[-1])
    assert gains(before, after, p) == last


@pytest.mark.parametrize("name", ["SX02", "SX03"])
def test_sx02_sx03_any_mix_of_soldiers_and_priests(name):
    """SX02/SX03: "Gain a total of 4 Soldiers and Priests in any combination." """
    assert "Gain a total of 4 Soldiers and Priests in any combination." in data.SETH_CARD_TEXT[name]
    for k in range(5):                      # k Soldiers, then Priests
        taken = []

        def pick(toks):
            if toks[-1] in ("gain:sol", "gain:pri"):
                tok = "gain:sol" if len(taken) < k and "gain:sol" in toks else "gain:pri"
                taken.append(tok)
                return tok
            return toks[0]

        p, before, after, log = receive(name, pick)
        assert (after["soldiers"][p], after["priests"][p]) == (k, 4 - k)


@pytest.mark.parametrize("name,value,flags,quote", [
    ("SX01", 5, GodFlag.NOHAP, "Perform an Osiris God Action to construct one Building as if you had taken a "
     "die with value 5. You do not suffer any loss of Happiness. Gain 2 Soldiers."),
    ("SX02", 3, GodFlag.ONLY_LG, "(Limestone or Granite Quarry only) as if you had taken a die with value 3. "
     "You must pay 1 Happiness."),
    ("SX03", 3, GodFlag.ONLY_PB, "(Papyrus or Bread Workshop only) as if you had taken a die with value 3. "
     "You must pay 1 Happiness."),
])
def test_osiris_cards(name, value, flags, quote):
    assert quote in data.SETH_CARD_TEXT[name]
    p, before, after, log = receive(name)
    osiris = [st for step, st, toks, tok in log if step == "D_OSIRIS"]
    assert len(osiris) == 1
    assert osiris[0].a == value and osiris[0].b & int(flags)
    built = [(r, d) for r, row in enumerate(after["osiris"]) for d, o in enumerate(row) if o == p]
    assert len(built) == 1
    if name == "SX02":
        assert built[0][1] in (2, 3)                                   # a Quarry
    if name == "SX03":
        assert built[0][1] in (0, 1)                                   # a Workshop
    lost = before["happiness"][p] - after["happiness"][p]
    assert lost == (0 if name == "SX01" else 1)
    extra = after["soldiers"][p] + after["priests"][p]
    assert extra == (2 if name == "SX01" else 4)


@pytest.mark.parametrize("name,deck,gain", [("SX06", (24, 48), {"priests": 3}),
                                            ("SX07", (0, 24), {"soldiers": 3})])
def test_draw_two_keep_one(name, deck, gain):
    """SX06: "Draw 2 Technology cards from the top of the deck. Select one to keep, and shuffle the other
    card back into the deck. Gain 3 Priests."; SX07 the same with 2 Blessing cards and 3 Soldiers."""
    assert "Select one to keep, and shuffle the other card back into the deck" in data.SETH_CARD_TEXT[name]
    p, before, after, log = receive(name)
    keep = [(toks, tok) for step, st, toks, tok in log if step == "D_KEEP"]
    assert len(keep) == 1 and len(keep[0][0]) == 2
    kept = parse_action(keep[0][1]) & 0xFFFFFF
    other = parse_action(keep[0][0][1]) & 0xFFFFFF
    assert deck[0] <= kept < deck[1] and after["card_loc"][kept] == 8 + p
    assert after["card_loc"][other] == 0                             # back in the pile
    got = gains(before, after, p)
    assert {k: got[k] for k in gain} == gain


def test_initiatives_are_one_to_twelve():
    """Every SX card prints "Initiative Value: k" for k = 1..12, the base cards' values, so the turn
    order rule is unchanged."""
    assert [data.SETH_STARTING[n]["initiative"] for n in SX] == list(range(1, 13))
