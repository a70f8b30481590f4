"""The board as an SVG (issue 15, "An SVG picture of any position"): it parses as SVG, the pieces
of every phase are in it, cards hidden from the viewer are not, and a real renderer turns it
into a PNG."""
from __future__ import annotations

import random
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest

from tekhenu_engine import data
from tekhenu_engine._core import STEP_TYPES, GameState
from tekhenu_engine.notation import CARD_LOC, DIE_LOC, card_name, parse_action
from tekhenu_engine.svg import action_target, board_svg

NS = "{http://www.w3.org/2000/svg}"
PHASES = ("D_KEEP", "D_DRAFT", "D_TAKE", "D_RA_SPACE", "D_THOTH_CARD", "D_FAITH", "D_BREAD", "D_DECREES")


def positions(players: int, seed: int = 5) -> dict[str, GameState]:
    """The first state of a random game at each phase's decision, and the end."""
    want = {STEP_TYPES[n]: n for n in PHASES}
    out: dict[str, GameState] = {}
    g = GameState.new(players, seed)
    r = random.Random(seed)
    while not g.is_terminal():
        if g.is_chance():
            g.apply_chance()
            continue
        name = want.get(g.step_type())
        if name and name not in out:
            out[name] = g.clone()
        g.apply(r.choice(g.legal_actions()))
    out["end"] = g
    return out


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    return root


def with_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def ids(root: ET.Element) -> set[str]:
    return {e.get("id") for e in root.iter() if e.get("id")}


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_phase_parses_and_shows_its_pieces(players):
    """'the Obelisk wheel with its light, every die with colour and value, the Temple grid with
    Pillars (owner, tile, edge colours) and Building spaces, Statues and Horus slots, the Osiris
    districts, the Ra display, the Market sections, ... each player's board'"""
    found = positions(players)
    assert {"D_KEEP", "D_TAKE", "end"} <= set(found)
    assert {"D_BREAD", "D_DECREES"} & set(found)  # a Scoring
    for phase, g in found.items():
        root = parse(board_svg(g, seat=0))
        d = g.to_dict()
        n = d["nseats"]
        got = ids(root)
        # the wheel: six sections with their light, the arrow
        for god in ("Ho", "Ra", "Ha", "Ba", "Th", "Os"):
            assert f"sec-{god}" in got, phase
        assert "wheel-arrow" in got
        titles = [t.text for t in root.iter(NS + "title")]
        for god in range(6):
            light = data.LIGHTS[data.LIGHT_PATTERN[(god - d["arrow"]) % 6]]
            assert f"{data.GODS[god]} ({light})" in titles
        # every die on the wheel and on the scales, with colour and value
        wheel = DIE_LOC["wheel"]
        bases = (DIE_LOC["pure"], DIE_LOC["tainted"], DIE_LOC["below"], DIE_LOC["beside_bot"])
        shown = [i for i in range(d["ndice"]) if wheel <= d["die_loc"][i] < wheel + 6
                 or any(base <= d["die_loc"][i] < base + n for base in bases)]
        dice = with_class(root, "die")
        assert sorted((e.get("data-colour"), int(e.get("data-value"))) for e in dice) == sorted(
            (data.DIE_COLOURS[d["die_colour"][i]], d["die_value"][i]) for i in shown), phase
        # the Temple, its Pillars and Building spaces; Osiris; Statues
        assert {f"temple-r{r}c{c}" for r in range(1, 6) for c in range(1, 6)} <= got
        assert len(with_class(root, "pillar")) == sum(1 for o in d["temple_owner"] if o >= 0)
        bspaces = [b for b in data.BUILDING_SPACES if max(players, 2) >= b[4]]
        assert {f"bspace-{b[0]}" for b in bspaces} <= got
        osiris = sum(1 for row in d["osiris"] for o in row if o >= 0)
        assert len(with_class(root, "building")) == osiris + sum(1 for o in d["bspace"] if o >= 0)
        statues = sum(1 for row in d["statue_god"] for o in row if o >= 0) + sum(1 for o in d["people"] if o >= 0)
        assert len(with_class(root, "statue")) == statues
        assert {"district-P", "district-B", "district-L", "district-G", "horus-slots", "ra-0", "ra-1", "ra-2"} <= got
        assert {f"market-sec-{k}" for k in range(1, 5)} <= got
        for c in d["market"]:
            if 0 <= c < 72:
                assert f"card-{card_name(c)}" in got
        # every seat's board with its VP; Botankhamun's pyramid in solo
        assert {f"seat-{p}" for p in range(n)} <= got
        vps = {int(e.get("data-seat")): e.text for e in with_class(root, "vp")}
        assert all(vps[p].startswith(f"{d['vp'][p]} VP") for p in range(n))
        if players == 1:
            assert {"bot-pyramid", "bot-marker"} <= got
        else:
            assert "bot-pyramid" not in got


def test_hidden_cards_are_face_down_for_the_viewer():
    """'cards as seen by the viewer: hidden cards face down' and 'the same picture for an
    observation shows only what that seat sees'"""
    g = positions(3)["D_TAKE"]
    d = g.to_dict()
    hidden = [card_name(c) for c in range(72) if d["card_loc"][c] in (CARD_LOC["hand"] + 1, CARD_LOC["hand"] + 2)
              and c >= 48]
    assert hidden, "the other seats hold Decrees at their first turn"
    full = board_svg(g)
    mine = board_svg(g, seat=0)
    assert board_svg(g.observation(0), seat=0) == mine
    for name in hidden:
        assert f"card-{name}" in full
        assert name not in mine  # neither the card, nor its name, nor its text's tooltip
        assert data.CARD_TEXT[name] not in mine
    backs = with_class(parse(mine), "facedown")
    assert len(backs) == len(hidden)
    own = [card_name(c) for c in range(72) if d["card_loc"][c] == CARD_LOC["hand"]]
    assert all(f"card-{name}" in mine for name in own)


def test_highlights_last_move_and_suggestion_arrow():
    """'Optional highlights (the last move, an arrow for a suggested move)'"""
    g = positions(2)["D_TAKE"]
    take = g.legal_actions()[0]
    root = parse(board_svg(g, seat=0, lastmove=parse_action("pillar:r2c3"), arrow=take))
    got = ids(root)
    assert {"lastmove", "suggestion"} <= got
    assert action_target(take) in got
    plain = ids(parse(board_svg(g, seat=0)))
    assert not {"lastmove", "suggestion"} & plain
    with pytest.raises(ValueError, match="seat"):
        board_svg(g, seat=5)


def _png_renderer():
    if shutil.which("rsvg-convert"):
        return "rsvg-convert"
    try:
        import cairosvg  # noqa: F401
        return "cairosvg"
    except Exception:  # ImportError, or OSError when libcairo is missing
        return None


@pytest.mark.skipif(_png_renderer() is None,
                    reason="no SVG renderer: install librsvg2-bin (rsvg-convert) or cairosvg (.ci/run does)")
@pytest.mark.parametrize("players", [1, 4])
def test_renders_to_a_png_with_a_real_renderer(tmp_path, players):
    """'rendered to PNG with a real renderer (for example librsvg or cairosvg) in a test'"""
    g = positions(players)["D_TAKE"]
    svg_file = tmp_path / "board.svg"
    png = tmp_path / "board.png"
    svg_file.write_text(board_svg(g, seat=0), encoding="utf-8")
    if _png_renderer() == "rsvg-convert":
        subprocess.run(["rsvg-convert", "-w", "1280", str(svg_file), "-o", str(png)], check=True, timeout=60)
    else:
        import cairosvg
        cairosvg.svg2png(url=str(svg_file), write_to=str(png), output_width=1280)
    raw = png.read_bytes()
    assert raw[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(raw[16:20], "big"), int.from_bytes(raw[20:24], "big")
    assert width == 1280 and height > 900
    try:
        from PIL import Image
    except ImportError:
        return
    img = Image.open(png).convert("RGB")
    colours = img.getcolors(maxcolors=1 << 20)
    assert colours and len(colours) > 50  # a picture, not a blank page
