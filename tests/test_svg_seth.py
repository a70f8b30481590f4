"""The board picture with Time of Seth (issue 11, part D; tekhenu_engine/svg.py): the Seth board, its
Buildings, Statues and dice, the Conquest tiles, Cultists and Artifacts, each seat's Soldiers,
Priests and Blood, and only the viewing seat's view. Each test quotes the manual sentence of the
piece it looks for (time-of-seth-manual.txt)."""
from __future__ import annotations

import random
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest

from tekhenu_engine import GameState, TableOptions, data, parse_action
from tekhenu_engine.notation import CARD_LOC, DIE_LOC, card_name
from tekhenu_engine.svg import action_target, board_svg

NS = "{http://www.w3.org/2000/svg}"
SETH = TableOptions(seth=True)
SP_DISPLAY, SP_SEAT = 1, 10
CQ_STACK, CQ_FACEUP = 1, 2


def seth_positions(players: int, seed: int) -> list[GameState]:
    """Every 40th state of a random Time of Seth game, and its end."""
    out = []
    g = GameState.new(players, seed=seed, options=SETH)
    r = random.Random(seed)
    k = 0
    while not g.is_terminal():
        if k % 40 == 0:
            out.append(g.clone())
        k += 1
        if g.is_chance():
            g.apply_chance()
        else:
            g.apply(r.choice(g.legal_actions()))
    out.append(g)
    return out


def with_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def ids(root: ET.Element) -> set[str]:
    return {e.get("id") for e in root.iter() if e.get("id")}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seth_pieces_are_drawn(players):
    """"place a Building from your player board on the corresponding region of the Seth board",
    the Statue spaces for the people and in honour of Seth, "Take the top Conquest tile and place it
    on any empty space of the Temple Complex. Turn the next Conquest tile in the stack face up", the
    Soldier and Priest tracks, the Blood tokens, the Cultist Powers and Artifacts"""
    built_seen = tiles_seen = 0
    for g in seth_positions(players, seed=players):
        d = g.to_dict()
        root = ET.fromstring(board_svg(g, seat=0))
        got = ids(root)
        assert {"seth-board", "seth-conquest", "seth-god", "seth-people-0", "seth-people-1"} <= got
        assert {f"seth-region-{r['name']}" for r in data.SETH_REGIONS} <= got
        owners = [o for o in d["seth_build"] if o >= 0]
        assert sorted(int(e.get("data-seat")) for e in with_class(root, "seth-building")) == sorted(owners)
        built_seen += len(owners)
        statues = (sum(1 for row in d["statue_god"] for o in row if o >= 0) + sum(1 for o in d["people"] if o >= 0)
                   + sum(1 for o in d["seth_people"] + d["seth_god"] if o >= 0))
        assert len(with_class(root, "statue")) == statues
        # every die on the wheel, on the Seth board and on the scales, in its colour
        places = [DIE_LOC["wheel"] + k for k in range(6)] + [DIE_LOC["seth"]] + [
            base + p for base in (DIE_LOC["pure"], DIE_LOC["tainted"], DIE_LOC["below"]) for p in range(players)]
        shown = [i for i in range(d["ndice"]) if d["die_loc"][i] in places]
        assert sorted((e.get("data-colour"), int(e.get("data-value"))) for e in with_class(root, "die")) == sorted(
            (data.DIE_COLOURS[d["die_colour"][i]], d["die_value"][i]) for i in shown)
        # Conquest tiles: on the Temple spaces (a tile or a tag under a Pillar) and the face-up one
        on_temple = [(sp, k) for sp, k in enumerate(d["temple_conquest"]) if k >= 0]
        tiles_seen += len(on_temple)
        free = sum(1 for sp, _ in on_temple if not d["temple_tile"][sp])
        faceup = sum(1 for loc in d["conquest_loc"] if loc == CQ_FACEUP)
        assert len(with_class(root, "conquest-tile")) == free + faceup
        assert len(with_class(root, "conquest-tag")) == len(on_temple) - free
        # Soldiers, Priests, Blood per seat; owned Cultists and held Artifacts on their seat
        for key in ("soldiers", "priests", "blood"):
            vals = {int(e.get("data-seat")): e.text for e in with_class(root, key)}
            assert all(vals[p].endswith(f" {d[key][p]}") for p in range(players)), key
        lines = {int(e.get("data-seat")): e.text for e in with_class(root, "seth-cards")}
        for k, loc in enumerate(d["cult_loc"]):
            if loc >= SP_SEAT:
                assert data.SETH_DECKS["Cultist"][k] in lines[loc - SP_SEAT]
            if loc == SP_DISPLAY:
                assert f"cultist-{data.SETH_DECKS['Cultist'][k]}" in got
        for k, loc in enumerate(d["art_loc"]):
            name = data.SETH_DECKS["Artifact"][k]
            if loc >= SP_SEAT:
                assert name in lines[loc - SP_SEAT]
            if loc >= SP_SEAT or loc == SP_DISPLAY:
                assert f"artifact-{name}" in got
    assert built_seen and tiles_seen


def test_the_conquest_stack_stays_face_down():
    """"Shuffle all Conquest tiles and place them in a stack ... Turn the top tile of the stack face
    up": only the face-up tile and those on the Temple are named, the stack is a count"""
    for g in seth_positions(3, seed=8)[:6]:
        d = g.to_dict()
        svg = board_svg(g, seat=1)
        root = ET.fromstring(svg)
        below = [data.CONQUEST_TILES[k]["id"] for k, loc in enumerate(d["conquest_loc"]) if loc == CQ_STACK]
        assert not any(f"conquest-{name}" in ids(root) for name in below)
        count = next(e for e in root.iter() if e.get("id") == "conquest-count")
        assert count.text.startswith(f"{len(below)} face down")


def test_other_seats_dealt_decrees_are_face_down():
    """"Deal 3 random Decrees to each player ... players must discard 2 of the 3 Decrees given to
    them ... this selection happens after the rest of setup": the viewer sees its own 3, the other
    seats' as card backs"""
    for g in seth_positions(3, seed=4)[:4]:
        d = g.to_dict()
        pending = {p: [c for c in range(len(d["card_loc"])) if d["card_loc"][c] == CARD_LOC["pending"] + p]
                   for p in range(3)}
        if not pending[1]:
            continue
        mine = board_svg(g, seat=0)
        for c in pending[1] + pending[2]:
            assert f"card-{card_name(c)}" not in mine
        for c in pending[0]:
            assert f"card-{card_name(c)}" in mine
        assert len(with_class(ET.fromstring(mine), "facedown")) >= len(pending[1]) + len(pending[2])
        return
    pytest.fail("no position with the three dealt Decrees pending")


def test_seth_moves_have_places_on_the_board():
    """take:Se and act:Se point at the Seth board, conquest: at its Temple space, use: at the
    Artifact; the highlight and the arrow find them"""
    assert action_target(parse_action("take:Se:g4")) == "seth-board"
    assert action_target(parse_action("act:Se")) == "seth-board"
    assert action_target(parse_action("conquest:r2c3")) == "temple-r2c3"
    assert action_target(parse_action("use:Art02")) == "artifact-Art02"
    assert action_target(parse_action("statue:Se-left")) == "seth-people-0"
    assert action_target(parse_action("statue:Se-right")) == "seth-people-1"
    assert action_target(parse_action("statue:Se")) == "seth-god"
    g = seth_positions(2, seed=2)[3]
    root = ET.fromstring(board_svg(g, seat=0, lastmove=parse_action("take:Se:g4"),
                                   arrow=parse_action("conquest:r2c3")))
    assert {"lastmove", "suggestion"} <= ids(root)
    root = ET.fromstring(board_svg(g, seat=0, lastmove=parse_action("statue:Se-right"),
                                   arrow=parse_action("statue:Se")))
    assert {"lastmove", "suggestion", "seth-people-1", "seth-god"} <= ids(root)


def test_base_game_has_no_seth_board():
    g = GameState.new(2, seed=1)
    root = ET.fromstring(board_svg(g, seat=0))
    assert not {"seth-board", "seth-conquest"} & ids(root)
    assert "Soldiers" not in board_svg(g, seat=0)


@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="no rsvg-convert (Debian librsvg2-bin)")
def test_seth_board_renders_to_png(tmp_path):
    g = seth_positions(4, seed=3)[-1]
    svg_file, png = tmp_path / "seth.svg", tmp_path / "seth.png"
    svg_file.write_text(board_svg(g, seat=0), encoding="utf-8")
    subprocess.run(["rsvg-convert", "-w", "1280", str(svg_file), "-o", str(png)], check=True, timeout=60)
    raw = png.read_bytes()
    assert raw[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(raw[20:24], "big") > 1400     # the Seth band and the taller seats


def test_the_expansions_market_cards_carry_their_text():
    """The expansion's cards are shuffled into their decks (manual, Setup changes): one in the Market
    is drawn with its printed text, like a base card (data.SETH_CARD_TEXT)."""
    seen = 0
    for seed in range(1, 6):
        for g in seth_positions(3, seed):
            root = ET.fromstring(board_svg(g, seat=0))
            for el in root.iter(NS + "g"):
                name = (el.get("id") or "")[5:]
                if (el.get("id") or "").startswith("card-") and name[:2] in ("BX", "TX", "DX"):
                    assert data.SETH_CARD_TEXT[name][:30] in (el.findtext(NS + "title") or "")
                    seen += 1
    assert seen > 0
