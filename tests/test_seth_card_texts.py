"""The expansion's cards and tiles with their printed texts in the pictures (issue 11): the SVG's
tooltips and labels, the text board's legend, the choices' descriptions and the page's card list,
every text read from ``data.SETH_CARD_TEXT`` (the manual's Appendix), as the base cards' from
``data.CARD_TEXT``; and a seat still sees only its own view."""
from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from positions import random_walk
from tekhenu_engine import GameState, TableOptions, data, format_action
from tekhenu_engine.notation import (CARD_LOC, card_brief, card_id, card_name, describe_action, seth_card_effect)
from tekhenu_engine.render import render, seth_cards_of, seth_lines
from tekhenu_engine.svg import board_svg
from tekhenu_engine.terminal import board_text

NS = "{http://www.w3.org/2000/svg}"
SETH = TableOptions(seth=True)
SP_DISPLAY, SP_SEAT = 1, 10
CQ_FACEUP = 2
SETH_DECK_CARDS = data.SETH_DECKS["Blessing"] + data.SETH_DECKS["Technology"] + data.SETH_DECKS["Decree"]


def game(players: int, seed: int, steps: int) -> GameState:
    return random_walk(GameState.new(players, seed=seed, options=SETH), random.Random(seed), steps)


def titles(svg: str) -> dict[str, str]:
    root = ET.fromstring(svg)
    return {e.get("id"): e.findtext(NS + "title") or "" for e in root.iter(NS + "g") if e.get("id")}


def texts(svg: str) -> list[str]:
    return [(e.text or "") for e in ET.fromstring(svg).iter(NS + "text")]


@pytest.mark.parametrize("players", [1, 2, 4])
def test_svg_conquest_tiles_cultists_and_artifacts_carry_their_printed_text(players):
    """manual Appendix: every Conquest tile, Cultist Power and Artifact has its text; the picture
    gives it as the tooltip of the piece (and the Artifacts' effect on the card, the owned Cultist
    Power's on its seat's strip)."""
    seen = {"conquest": 0, "cultist": 0, "artifact": 0, "owned": 0}
    for seed in range(3):
        g = game(players, seed, 150 + 60 * seed)
        d = g.to_dict()
        svg = board_svg(g, seat=0)
        tips = titles(svg)
        words = " ".join(texts(svg))
        for k, loc in enumerate(d["conquest_loc"]):
            t = data.CONQUEST_TILES[k]["id"]
            if loc == CQ_FACEUP or k in d["temple_conquest"]:
                assert data.SETH_CARD_TEXT[t] in tips[f"conquest-{t}"]
                seen["conquest"] += 1
        for kind, field in (("cultist", "cult_loc"), ("artifact", "art_loc")):
            for k, loc in enumerate(d[field]):
                name = data.SETH_DECKS[kind.capitalize()][k]
                if loc == SP_DISPLAY or loc >= SP_SEAT:
                    assert tips[f"{kind}-{name}"] == f"{name}: {data.SETH_CARD_TEXT[name]}"
                    seen[kind] += 1
                if kind == "cultist" and loc >= SP_SEAT:        # on its owner's strip
                    assert f"Cultist {name}: " + data.SETH_CARD_TEXT[name][:20] in words
                    seen["owned"] += 1
                if kind == "artifact" and loc == SP_DISPLAY:    # its effect on the card
                    assert seth_card_effect(name).split()[0] in words
    assert all(seen.values()), seen


def test_artifact_effect_is_its_printed_text_without_the_common_part():
    """Art06: "Cost: 4 Priests. Ankh value: 2. Remove this card from the game and pay 1 Scribe to
    immediately gain 5 Happiness." -> its effect "pay 1 Scribe, gain 5 Happiness."; a Cultist's and a
    Conquest tile's effect is their whole text."""
    assert seth_card_effect("Art06") == "pay 1 Scribe, gain 5 Happiness."
    assert seth_card_effect("Art08") == "gain 2 Gold."
    for name in data.SETH_DECKS["Artifact"]:
        assert seth_card_effect(name).removeprefix("pay 1 Scribe, ") in data.SETH_CARD_TEXT[name]
    assert seth_card_effect("Cult04") == data.SETH_CARD_TEXT["Cult04"]
    assert seth_card_effect("CQ12") == "Gain 3 Faith."


def test_the_expansions_deck_cards_have_their_text_in_the_choices():
    """The BX, TX and DX cards join the base decks (manual Setup Changes 7): a choice naming one
    describes it with its printed text, as a base card (``card_brief``)."""
    for name in SETH_DECK_CARDS:
        brief = card_brief(card_id(name), 1000)
        assert brief and brief in data.SETH_CARD_TEXT[name]
    described = 0
    for seed in range(8):
        g = game(2, seed, 10)
        r = random.Random(seed)
        for _ in range(400):
            if g.is_terminal():
                break
            if g.is_chance():
                g.apply_chance()
                continue
            for a in g.legal_actions():
                tok = format_action(a)
                if any(n in tok for n in SETH_DECK_CARDS) and tok.startswith(("keep:", "take:", "bless:")):
                    name = next(n for n in SETH_DECK_CARDS if n in tok)
                    if tok.startswith(("bless:BX03/", "bless:BX04/")):   # a move: the choice describes it
                        assert f"Play {name}: move your Building" in describe_action(g, a)
                    else:
                        assert card_brief(card_id(name)) in describe_action(g, a)
                    described += 1
            g.apply(r.choice(g.legal_actions()))
    assert described > 0


@pytest.mark.parametrize("players", [1, 3])
def test_text_board_legend_names_the_public_pieces_with_their_text(players):
    """The terminal board and `show`: a legend line per face-up or placed Conquest tile, displayed or
    owned Cultist Power and displayed or held Artifact, with its printed text, within 80 columns;
    nothing of the face-down stack."""
    g = game(players, 5, 200)
    d = g.to_dict()
    lines = seth_lines(d)
    legend = {line.split(":")[0].strip(): line for line in lines if line.startswith("  ") and ":" in line
              and line.split(":")[0].strip()[:2] in ("CQ", "Cu", "Ar")}
    for k, loc in enumerate(d["cult_loc"]):
        name = data.SETH_DECKS["Cultist"][k]
        assert (name in legend) == (loc == SP_DISPLAY or loc >= SP_SEAT)
        if name in legend:
            assert data.SETH_CARD_TEXT[name][:40] in legend[name]
    for k, loc in enumerate(d["art_loc"]):
        name = data.SETH_DECKS["Artifact"][k]
        assert (name in legend) == (loc == SP_DISPLAY or loc >= SP_SEAT)
        if name in legend:
            a = data.ARTIFACTS[name]
            assert legend[name].startswith(f"  {name}: {a['priests']} Priests, Ankh {a['ankh']}: ")
    for k, loc in enumerate(d["conquest_loc"]):
        t = data.CONQUEST_TILES[k]["id"]
        assert (t in legend) == (loc == CQ_FACEUP or k in d["temple_conquest"])
    assert legend
    text = board_text(g, seat=0)
    assert all(len(line) <= 80 for line in text.splitlines())
    assert lines[-1] in render(g)


def test_terminal_shows_a_seat_only_its_own_view_with_seth_cards():
    """Hidden cards stay hidden: another seat's Decree (here DX02) appears on seat 0's terminal board
    as a count, never by name or text; seat 1 sees it. Technologies are played face up (TX04 is seen
    by everyone, as a base Technology)."""
    g = game(2, 3, 120)
    d = g.to_dict()
    for c, loc in enumerate(d["card_loc"]):
        if loc == CARD_LOC["hand"] + 1:
            d["card_loc"][c] = CARD_LOC["pile"]
    for name in ("TX04", "DX02"):
        d["card_loc"][card_id(name)] = CARD_LOC["hand"] + 1
    g = GameState._from_dict_trusted(d)      # the hands edited: the deck counts are not the game's
    mine = board_text(g, seat=0)
    theirs = board_text(g, seat=1)
    assert "DX02" not in mine and data.SETH_CARD_TEXT["DX02"][:30] not in mine
    assert "DX02" in theirs and "1 Decree face down" in mine
    assert "DX02" not in render(g.observation(0), legal=False) and "DX02" in render(g, legal=False)
    assert "TX04" in mine and "TX04" in theirs


def test_page_lists_the_seats_cultist_and_artifacts_with_their_text():
    """The page's "Your cards" holds the human seat's Cultist Power and Artifacts (public, with
    their printed text) beside its hand."""
    pytest.importorskip("flask", reason="the page needs Flask (pip install flask)")
    from tekhenu_engine.web.server import Session
    s = Session(2, 0, 3, SETH, 8)
    for seed in range(10):
        g = game(2, seed, 150)
        if seth_cards_of(g.to_dict(), 0):
            break
    s.state, s.last_action = g, None
    cards = {c["name"]: c["text"] for c in s.view()["cards"]}
    names = seth_cards_of(g.to_dict(), 0)
    assert names
    for name in names:
        assert cards[name].endswith(data.SETH_CARD_TEXT[name])
    hidden = [card_name(c) for c, loc in enumerate(g.observation(0).field("card_loc")) if loc == CARD_LOC["unknown"]]
    assert not set(hidden) & set(cards)
