"""The board as an SVG picture (pure Python, in the spirit of python-chess's ``chess.svg``).

>>> from tekhenu_engine import GameState
>>> from tekhenu_engine.svg import board_svg
>>> svg = board_svg(GameState.new(2, seed=1), seat=0)      # what seat 0 sees
>>> svg.startswith("<svg")
True

The picture shows the Obelisk wheel with its light and every die (colour and value), the Temple
grid with its Pillars (owner, tile number, edge colours), rewards and Building spaces, the Statue
spaces (Horus slots and the people's), the Osiris districts, the Ra display, the Market sections,
each seat's board (Resources, production, Populace, Faith, Scribes, Gold, scales, Buildings row,
Statues, Pillars, cards) and, in solo games, Botankhamun's pyramid with its marker. With Time of Seth
(the ``seth`` option) a band above the seats shows the Seth board (its 6 regions in 2 columns with
their Building spaces, the Statue for the people under each column, the Statues in honour of Seth,
its dice), the Conquest stack (the face-up tile, the count below it), the Cultist Powers and Artifacts
on display; Conquest tiles lie on their Temple spaces, and each seat's board gains a strip with its
Soldier and Priest tracks, Blood, Seth Buildings, Cultist Power and the Artifacts it holds.

Hidden information: pass ``seat`` to draw what that seat sees (the state's observation), or
pass an observation. Cards unknown to the viewer are drawn face down (only their kind shows).
Highlights: ``lastmove`` outlines where the last move happened, ``arrow`` points at the place of a
suggested move. Clickable places carry element ids (:func:`action_target`), which the web page uses.

It only reads :meth:`GameState.to_dict`; it never changes a state.
"""
from __future__ import annotations

import math
from typing import Iterable
from xml.sax.saxutils import escape

from . import data
from ._core import GameState
from ._core import CODES, OPTION_BITS
from .enums import Kind as K
from .enums import take_fields
from .notation import (ARTIFACT_NAMES, CARD_IDS, CARD_LOC, CULTIST_NAMES, DIE_LOC, GOD_ABBR, KINDS,
                       brief_text, card_deck, card_name, seth_card_effect, step_text, vizier_summary)

OPTION_VIZIER = OPTION_BITS["vizier"]
OPTION_SETH = OPTION_BITS["seth"]
_ST_SETH_PEOPLE, _ST_SETH_GOD = CODES["seth"]["ST_SETH_PEOPLE"], CODES["seth"]["ST_SETH_GOD"]   # K_STATUE targets

WIDTH = 1280
SEAT_COLOURS = ("#2166ac", "#c0392b", "#1e8449", "#8e44ad")
BOT_COLOUR = "#b7950b"
DIE_FILL = ("#f4c430", "#8b5a2b", "#f7f7f2", "#202020", "#9a9a9a", "#d03030", "#3060d0", "#30a050")
DIE_TEXT = ("#000", "#fff", "#000", "#fff", "#000", "#fff", "#fff", "#fff")
LIGHT_FILL = ("#fbe7a1", "#d9cda8", "#8d7f68")  # Sunny, Shaded, Dark
EDGE_FILL = ("#e67e22", "#2e86c1", "#27ae60")   # edge colours 0, 1, 2
CARD_FILL = ("#f9e79f", "#aed6f1", "#d7bde2")   # Blessing, Technology, Decree
RES_FILL = ("#e8dcb5", "#e0a458", "#d5d8dc", "#a04030")
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

# geometry of the parts (x, y of their top-left corners)
WHEEL_C = (215, 265)
WHEEL_R = 190
TEMPLE_O = (520, 115)   # top-left of Temple space r1c1
CELL = 62
OSIRIS_O = (560, 520)
MARKET_O = (900, 70)
PLAYER_Y = 740
SEAT_H = 200
SETH_Y = 732            # Time of Seth: the band of the Seth board, above the seats
SETH_H = 236
SETH_SEAT_H = 36        # Time of Seth: a seat's Soldier / Priest tracks, Blood, Cultist, Artifacts
SETH_FILL = "#7b241c"   # the Seth board's colour


def seat_label(nplayers: int, seat: int) -> str:
    """'Seat 0', or 'Botankhamun' for seat 1 of a solo game."""
    return "Botankhamun" if nplayers == 1 and seat == 1 else f"Seat {seat}"


def seat_colour(nplayers: int, seat: int) -> str:
    """The colour of a seat's pieces."""
    if seat < 0:
        return "none"
    return BOT_COLOUR if nplayers == 1 and seat == 1 else SEAT_COLOURS[seat % 4]


class _Svg:
    """A tiny SVG writer: elements appended as text."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def add(self, s: str) -> None:
        self.parts.append(s)

    def rect(self, x: float, y: float, w: float, h: float, fill: str = "none", stroke: str = "#333",
             sw: float = 1, rx: float = 0, extra: str = "") -> None:
        self.add(f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" fill="{fill}" '
                 f'stroke="{stroke}" stroke-width="{sw}"' + (f' rx="{rx}"' if rx else "") + f"{extra}/>")

    def text(self, x: float, y: float, s: str, size: float = 12, fill: str = "#222", anchor: str = "start",
             weight: str = "normal", extra: str = "") -> None:
        w = f' font-weight="{weight}"' if weight != "normal" else ""
        self.add(f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{fill}" text-anchor="{anchor}"{w}'
                 f'{extra}>{escape(s)}</text>')

    def circle(self, x: float, y: float, r: float, fill: str, stroke: str = "#222", sw: float = 1,
               extra: str = "") -> None:
        self.add(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{fill}" stroke="{stroke}" '
                 f'stroke-width="{sw}"{extra}/>')

    def poly(self, pts: Iterable[tuple[float, float]], fill: str, stroke: str = "#333", sw: float = 1,
             extra: str = "") -> None:
        p = " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
        self.add(f'<polygon points="{p}" fill="{fill}" stroke="{stroke}" stroke-width="{sw}"{extra}/>')

    def group(self, ident: str, cls: str = "place", title: str = "") -> None:
        t = f"<title>{escape(title)}</title>" if title else ""
        self.add(f'<g id="{ident}" class="{cls}">{t}')

    def end(self) -> None:
        self.add("</g>")


# ----------------------------------------------------------------------------- places
def _sector_angle(god: int) -> float:
    """Centre angle (radians, SVG coordinates) of wheel section ``god`` (Horus at the top, clockwise)."""
    return math.radians(-90 + 60 * god)


def _wheel_point(god: int, r: float) -> tuple[float, float]:
    a = _sector_angle(god)
    return WHEEL_C[0] + r * math.cos(a), WHEEL_C[1] + r * math.sin(a)


def _temple_xy(space: int) -> tuple[float, float]:
    return TEMPLE_O[0] + (space % 5) * CELL, TEMPLE_O[1] + (space // 5) * CELL


def _bspace_xy(k: int) -> tuple[float, float]:
    """Top-left corner of Building space k (W left of rows, S below columns, E right, N above)."""
    name, axis, line, _, _ = data.BUILDING_SPACES[k]
    x0, y0 = TEMPLE_O
    side = name[0]
    if side == "W":
        return x0 - 46, y0 + (line - 1) * CELL + 12
    if side == "E":
        return x0 + 5 * CELL + 8, y0 + (line - 1) * CELL + 12
    if side == "S":
        return x0 + (line - 1) * CELL + 12, y0 + 5 * CELL + 8
    return x0 + (line - 1) * CELL + 12, y0 - 46


def _people_xy(k: int) -> tuple[float, float]:
    x0, y0 = TEMPLE_O
    if k == 0:  # right of Temple row 3
        return x0 + 5 * CELL + 8, y0 + 2 * CELL + 12
    if k == 1:  # above Temple column 3
        return x0 + 2 * CELL + 12, y0 - 46
    ox, oy = OSIRIS_O
    return ox + (k - 2) * 2 * 70 + 35, oy - 44  # workshops above P+B, quarries above L+G


def _market_slot_xy(slot: int) -> tuple[float, float]:
    sec, idx = _market_section_of(slot)
    return MARKET_O[0] + 52 + idx * 82, MARKET_O[1] + 30 + sec * 110


def _market_section_of(slot: int) -> tuple[int, int]:
    start = 0
    for sec, types in enumerate(data.MARKET_SECTIONS):
        if slot < start + len(types):
            return sec, slot - start
        start += len(types)
    raise ValueError(f"no market slot {slot}")


def action_target(action: int) -> str | None:
    """The element id of the place an action is about ('temple-r2c3', 'sec-Ha', 'bspace-W3',
    'district-P', 'market-sec-2', 'card-T05', 'people-2', 'horus-god'...), or None."""
    kind, x = action >> 24, action & 0xFFFFFF
    verb = KINDS.get(kind)
    if verb == "take":
        sec = take_fields(x)[0]
        return f"sec-{GOD_ABBR[sec]}" if sec < 6 else "seth-board"
    if verb == "act" and x < 6:
        return f"sec-{GOD_ABBR[x]}"
    if verb == "act" and x == 6:
        return "seth-board"
    if verb == "conquest" and kind == int(K.CQSPACE):
        return f"temple-r{x // 5 + 1}c{x % 5 + 1}"
    if verb == "conquest":
        return "seth-conquest"
    if verb == "use":
        return f"artifact-{ARTIFACT_NAMES[x]}"
    if verb == "vizier" and x < 6:
        return f"sec-{GOD_ABBR[x]}"
    if verb == "pillar":
        return f"temple-r{x // 5 + 1}c{x % 5 + 1}"
    if verb == "build":
        return f"bspace-{data.BUILDING_SPACES[x][0]}"
    if verb == "district":
        return f"district-{data.RESOURCE_LETTERS[x]}"
    if verb in ("section", "refresh"):
        return f"market-sec-{x + 1}"
    if verb in ("card", "keep"):
        return f"card-{card_name(x)}"
    if verb == "bless":
        return f"card-{card_name(x & 0x7F)}"
    if verb == "statue":
        if x >= _ST_SETH_GOD:
            return "seth-god"
        if x >= _ST_SETH_PEOPLE:
            return f"seth-people-{x - _ST_SETH_PEOPLE}"
        return "horus-slots" if x == 0 else f"people-{x - 1}"
    return None


def _target_box(target: str, d: dict) -> tuple[float, float, float, float] | None:
    """Bounding box (x, y, w, h) of a place id, for highlights."""
    if target.startswith("sec-"):
        g = GOD_ABBR.index(target[4:])
        x, y = _wheel_point(g, WHEEL_R * 0.62)
        return x - 48, y - 48, 96, 96
    if target.startswith("temple-"):
        r, c = int(target[8]), int(target[10])
        x, y = _temple_xy((r - 1) * 5 + c - 1)
        return x, y, CELL, CELL
    if target.startswith("bspace-"):
        k = [b[0] for b in data.BUILDING_SPACES].index(target[7:])
        x, y = _bspace_xy(k)
        return x, y, 38, 38
    if target.startswith("district-"):
        k = data.RESOURCE_LETTERS.index(target[9:])
        return OSIRIS_O[0] + k * 70, OSIRIS_O[1], 66, 6 * 28 + 18
    if target.startswith("market-sec-"):
        k = int(target[11:]) - 1
        return MARKET_O[0], MARKET_O[1] + 18 + k * 110, 370, 100
    if target.startswith("card-"):
        c = d["_cards_xy"].get(target[5:])
        return (c[0], c[1], c[2], c[3]) if c else None
    if target.startswith("people-"):
        x, y = _people_xy(int(target[7:]))
        return x, y, 38, 38
    if target == "horus-slots":
        return 20, 555, 390, 80
    if target in ("seth-board", "seth-conquest"):
        return _seth_box(target)
    if target.startswith("seth-people-"):
        return 10 + 10 + int(target[12:]) * 240 + 232 / 2 - 19, SETH_Y + 180, 38, 38
    if target == "seth-god":
        return 500 - 4, SETH_Y + 44, 72, 34
    if target.startswith(("artifact-", "cultist-")):
        c = d["_cards_xy"].get(target)
        return (c[0], c[1], c[2], c[3]) if c else None
    return None


# ----------------------------------------------------------------------------- drawing
def _die(svg: _Svg, x: float, y: float, colour: int, value: int, size: float = 22, ident: str = "") -> None:
    extra = f' class="die" data-colour="{data.DIE_COLOURS[colour]}" data-value="{value}"'
    svg.rect(x, y, size, size, DIE_FILL[colour], "#111", 1.2, rx=4, extra=extra)
    svg.text(x + size / 2, y + size * 0.72, str(value), size * 0.62, DIE_TEXT[colour], "middle", "bold")


def _draw_header(svg: _Svg, g: GameState, d: dict, viewer: int | None) -> None:
    n = d["nplayers"]
    title = "Solo game against Botankhamun" if n == 1 else f"{n}-player game"
    if d["options"] & OPTION_VIZIER:
        title += ", Vizier's Challenge"
    if d["options"] & OPTION_SETH:
        title += ", Time of Seth"
    rnd = min(d["round"] + 1, data.ROUNDS)
    if g.is_terminal():
        status = "game over"
    elif g.is_chance():
        status = "next: a chance step"
    else:
        cp = g.current_player()
        who = "you" if cp == viewer else seat_label(n, cp)
        status = f"next: {who} - {step_text(g)}"
    svg.rect(0, 0, WIDTH, 34, "#3b2f2f", "none")
    svg.text(12, 23, f"Tekhenu - {title} - round {rnd} of {data.ROUNDS} - Maat {d['maat_count']}, "
             f"Scorings {d['scoring_count']}", 15, "#fdf6e3", weight="bold", extra=' id="title"')
    seen = f"  |  seen by {seat_label(n, viewer)}" if viewer is not None else ""
    svg.text(WIDTH - 12, 23, status + seen, 13, "#fdf6e3", "end", extra=' id="status"')


def _draw_wheel(svg: _Svg, d: dict) -> None:
    cx, cy = WHEEL_C
    svg.text(14, 56, "Obelisk wheel", 14, weight="bold")
    for god in range(6):
        light = data.LIGHT_PATTERN[(god - d["arrow"]) % 6]
        a0, a1 = _sector_angle(god) - math.pi / 6, _sector_angle(god) + math.pi / 6
        pts = [(cx, cy)] + [(cx + WHEEL_R * math.cos(a0 + (a1 - a0) * t / 12),
                             cy + WHEEL_R * math.sin(a0 + (a1 - a0) * t / 12)) for t in range(13)]
        svg.group(f"sec-{GOD_ABBR[god]}", "place section", f"{data.GODS[god]} ({data.LIGHTS[light]})")
        svg.poly(pts, LIGHT_FILL[light], "#5d4037", 2)
        lx, ly = _wheel_point(god, WHEEL_R * 0.86)
        txt = "#fff" if light == 2 else "#222"
        svg.text(lx, ly, data.GODS[god], 13, txt, "middle", "bold")
        svg.text(lx, ly + 13, data.LIGHTS[light], 10, txt, "middle")
        dice = [i for i in range(d["ndice"]) if d["die_loc"][i] == DIE_LOC["wheel"] + god]
        # dice in rows of three around 58% of the radius
        mx, my = _wheel_point(god, WHEEL_R * 0.55)
        cols = 3
        rows = (len(dice) + cols - 1) // cols
        for k, i in enumerate(dice):
            r, c = divmod(k, cols)
            inrow = min(cols, len(dice) - r * cols)
            x = mx - inrow * 13 + c * 26
            y = my - rows * 13 + r * 26
            _die(svg, x, y, d["die_colour"][i], d["die_value"][i])
        svg.end()
    svg.circle(cx, cy, 34, "#d4ac0d", "#7d6608", 2)
    svg.text(cx, cy + 4, "Obelisk", 11, "#3b2f2f", "middle", "bold")
    # the arrow: a triangle outside the rim pointing at its section
    ax, ay = _wheel_point(d["arrow"], WHEEL_R + 4)
    a = _sector_angle(d["arrow"])
    tip = (ax, ay)
    base = [(ax + 18 * math.cos(a) + 9 * math.cos(a + math.pi / 2), ay + 18 * math.sin(a) + 9 * math.sin(a + math.pi / 2)),
            (ax + 18 * math.cos(a) - 9 * math.cos(a + math.pi / 2), ay + 18 * math.sin(a) - 9 * math.sin(a + math.pi / 2))]
    svg.poly([tip, *base], "#c0392b", "#641e16", 1.5, extra=' id="wheel-arrow"')
    bag = sum(1 for i in range(d["ndice"]) if d["die_loc"][i] == DIE_LOC["bag"])
    svg.text(20, 478, f"Dice in the bag: {bag}", 12)


VIZIER_FILL = "#6c3483"


def _draw_vizier(svg: _Svg, d: dict) -> None:
    """The Vizier's Challenge: the Vizier figure on the rim of its God action area, and a line under
    the wheel (where it stands, who scores, the Destiny card discarded at this pick)."""
    if not d["options"] & OPTION_VIZIER:
        return
    area = d["vizier_area"] - 1
    if 0 <= area < 6:
        x, y = _wheel_point(area, WHEEL_R * 0.86)
        a = _sector_angle(area) + math.radians(19)
        vx, vy = WHEEL_C[0] + WHEEL_R * 0.84 * math.cos(a), WHEEL_C[1] + WHEEL_R * 0.84 * math.sin(a)
        svg.group("vizier", "vizier", f"the Vizier ({data.GODS[area]})")
        svg.poly([(vx - 9, vy + 12), (vx + 9, vy + 12), (vx + 4, vy - 2), (vx - 4, vy - 2)], VIZIER_FILL, "#1b0f24", 1.2)
        svg.circle(vx, vy - 7, 6, VIZIER_FILL, "#1b0f24", 1.2)
        svg.text(vx, vy + 24, "Vizier", 9, VIZIER_FILL, "middle", "bold")
        svg.end()
    line1, line2 = vizier_summary(d)
    svg.text(128, 56, line1, 10.5, VIZIER_FILL, extra=' id="vizier-line"')
    svg.text(14, 71, line2, 10.5, VIZIER_FILL, extra=' id="vizier-vp"')


def _draw_ra_horus(svg: _Svg, d: dict) -> None:
    n = d["nplayers"]
    # Ra display
    svg.text(20, 505, "Ra display", 13, weight="bold")
    for k in range(3):
        x = 110 + k * 62
        svg.group(f"ra-{k}", "place ra")
        svg.rect(x, 490, 54, 30, "#f5eef8" if d["ra"][k] else "#fafafa", "#6c3483", 1.2, rx=3)
        svg.text(x + 27, 510, f"P{d['ra'][k]:02d}" if d["ra"][k] else "-", 12, anchor="middle")
        svg.text(x + 27, 532, f"{data.RA_SLOT_VP[k]} VP", 9, "#555", "middle")
        svg.end()
    # Horus slots with the Statues built in honour of each god
    svg.text(20, 560, "Horus slots (Statues in honour of the gods)", 13, weight="bold")
    svg.group("horus-slots", "place horus")
    per_god = data.PLAYER_COUNT[n]["statues_per_god"]
    for k in range(6):
        x = 20 + k * 65
        god = d["horus_slot_god"][k]
        svg.rect(x, 570, 60, 62, "#fdebd0", "#935116", 1.2, rx=4)
        svg.text(x + 30, 586, data.GODS[god] if god >= 0 else "?", 11, anchor="middle", weight="bold")
        svg.text(x + 30, 598, f"slot {k + 1}", 9, "#555", "middle")
        for j in range(per_god):
            owner = d["statue_god"][god][j] if god >= 0 else -1
            sx = x + 10 + j * 16 + (3 - per_god) * 8
            if owner >= 0:
                svg.rect(sx, 606, 12, 20, seat_colour(n, owner), "#111", 1, rx=2,
                         extra=f' class="statue" data-seat="{owner}"')
            else:
                svg.rect(sx, 606, 12, 20, "#fff", "#aaa", 1, rx=2)
    svg.end()


def _pillar(svg: _Svg, x: float, y: float, size: float, tile: int, rot: int, owner: int, n: int,
            ident: str = "") -> None:
    edges = data.PILLAR_EDGES[tile - 1]
    shown = [edges[(k - rot) % 4] for k in range(4)]  # N E S W after quarter turns clockwise
    c = (x + size / 2, y + size / 2)
    corners = [(x, y), (x + size, y), (x + size, y + size), (x, y + size)]
    for k in range(4):
        svg.poly([corners[k], corners[(k + 1) % 4], c], EDGE_FILL[shown[k]], "#333", 0.8)
    svg.rect(x + size * 0.2, y + size * 0.2, size * 0.6, size * 0.6, "#fdfefe", "#333", 0.8)
    svg.text(c[0], c[1] - 2, f"P{tile:02d}", size * 0.2, anchor="middle", weight="bold")
    if owner >= 0:
        svg.circle(c[0], c[1] + size * 0.14, size * 0.09, seat_colour(n, owner), "#111", 1,
                   extra=f' class="pillar" data-seat="{owner}"')


def _draw_temple(svg: _Svg, d: dict) -> None:
    n = d["nplayers"]
    x0, y0 = TEMPLE_O
    svg.text(x0 + 2.5 * CELL, 58, "Temple Complex", 14, anchor="middle", weight="bold")
    # border segments
    for k in range(5):
        for side, (bx, by, bw, bh) in (("top", (x0 + k * CELL, y0 - 5, CELL, 5)),
                                       ("bottom", (x0 + k * CELL, y0 + 5 * CELL, CELL, 5)),
                                       ("left", (x0 - 5, y0 + k * CELL, 5, CELL)),
                                       ("right", (x0 + 5 * CELL, y0 + k * CELL, 5, CELL))):
            svg.rect(bx, by, bw, bh, EDGE_FILL[data.BORDER_EDGES[side][k]], "none")
    for space in range(25):
        x, y = _temple_xy(space)
        name = f"r{space // 5 + 1}c{space % 5 + 1}"
        kind, amount = data.TEMPLE_REWARDS[space]
        svg.group(f"temple-{name}", "place temple", f"Temple {name}: reward {amount} {data.REWARD_KINDS[kind]}")
        svg.rect(x, y, CELL, CELL, "#f4ecd8", "#8d6e63", 1)
        tile, owner = d["temple_tile"][space], d["temple_owner"][space]
        if tile:
            _pillar(svg, x + 3, y + 3, CELL - 6, tile, d["temple_rot"][space], owner, n)
        else:
            svg.text(x + CELL / 2, y + CELL / 2 - 2, str(amount), 15, "#6d4c41", "middle", "bold")
            svg.text(x + CELL / 2, y + CELL / 2 + 14, data.REWARD_KINDS[kind], 9.5, "#6d4c41", "middle")
            if owner >= 0 and not (d["options"] & OPTION_SETH and d["temple_conquest"][space] >= 0):
                svg.circle(x + CELL / 2, y + CELL - 12, 6, seat_colour(n, owner), extra=f' class="pillar" data-seat="{owner}"')
        if d["options"] & OPTION_SETH:
            _conquest_on_space(svg, d, space)   # inside the space's group: a click on it is a click on the space
        svg.end()
    # Building spaces
    for k, (name, _axis, _line, bread, minp) in enumerate(data.BUILDING_SPACES):
        if max(n, 2) < minp:
            continue
        x, y = _bspace_xy(k)
        owner = d["bspace"][k]
        svg.group(f"bspace-{name}", "place bspace", f"Building space {name} ({bread} Bread)")
        svg.rect(x, y, 38, 38, seat_colour(n, owner) if owner >= 0 else "#fff", "#5d4037", 1.2, rx=3,
                 extra=f' class="building" data-seat="{owner}"' if owner >= 0 else "")
        svg.text(x + 19, y + 16, name, 11, "#fff" if owner >= 0 else "#333", "middle", "bold")
        svg.text(x + 19, y + 30, f"{bread}B", 9, "#fff" if owner >= 0 else "#666", "middle")
        svg.end()
    # Statues for the people (Temple row 3 and column 3; workshops and quarries are drawn by Osiris)
    for k in (0, 1):
        _people(svg, d, k)


def _people(svg: _Svg, d: dict, k: int) -> None:
    n = d["nplayers"]
    x, y = _people_xy(k)
    owner = d["people"][k]
    svg.group(f"people-{k}", "place people", f"Statue for the people: {data.PEOPLE_SPACES[k]}")
    svg.rect(x, y, 38, 38, "#fff", "#7d3c98", 1.5, rx=19)
    if owner >= 0:
        svg.rect(x + 13, y + 6, 12, 24, seat_colour(n, owner), "#111", 1, rx=2, extra=f' class="statue" data-seat="{owner}"')
    else:
        svg.text(x + 19, y + 23, "St", 10, "#7d3c98", "middle")
    svg.end()


def _draw_osiris(svg: _Svg, d: dict) -> None:
    n = d["nplayers"]
    ox, oy = OSIRIS_O
    svg.text(ox - 12, oy + 13, "Osiris", 14, anchor="end", weight="bold")
    svg.text(ox - 12, oy + 29, "districts", 14, anchor="end", weight="bold")
    for k in (2, 3):
        _people(svg, d, k)
    for r in range(4):
        svg.group(f"district-{data.RESOURCE_LETTERS[r]}", "place district", f"{data.RESOURCES[r]} district")
        x = ox + r * 70
        svg.rect(x, oy, 66, 18, RES_FILL[r], "#555", 1)
        svg.text(x + 33, oy + 13, data.RESOURCES[r], 10, "#222", "middle", "bold")
        for row in range(6):
            y = oy + 18 + row * 28
            owner = d["osiris"][row][r]
            svg.rect(x, y, 66, 28, "#fbfcfc", "#aaa", 1)
            svg.text(x + 4, y + 11, f"row {row + 1}", 8, "#888")
            if owner >= 0:
                svg.rect(x + 40, y + 5, 18, 18, seat_colour(n, owner), "#111", 1, rx=2,
                         extra=f' class="building" data-seat="{owner}"')
        svg.end()


def _draw_market(svg: _Svg, d: dict, cards_xy: dict) -> None:
    mx, my = MARKET_O
    svg.text(mx, my, "Card Market", 14, weight="bold")
    slot = 0
    for sec, types in enumerate(data.MARKET_SECTIONS):
        y = my + 18 + sec * 110
        is_open = bool(d["market_open"][sec])
        svg.group(f"market-sec-{sec + 1}", "place market", f"Market section {sec + 1}")
        svg.rect(mx, y, 370, 100, "#fdfefe" if is_open else "#e5e7e9", "#7f8c8d", 1, rx=4)
        svg.text(mx + 6, y + 16, f"{sec + 1}", 14, "#555", weight="bold")
        svg.text(mx + 6, y + 32, f"H{data.THOTH_ACCESS[sec]}+", 9, "#555")
        if not is_open:
            svg.text(mx + 6, y + 46, "closed", 9, "#922")
        for idx, ty in enumerate(types):
            x, cy = _market_slot_xy(slot)
            c = d["market"][slot]
            if c in CARD_IDS:
                _card(svg, x, cy - 22, c, cards_xy)
            else:
                svg.rect(x, cy - 22, 74, 86, "none", "#bbb", 1, rx=4, extra=' stroke-dasharray="4 3"')
                svg.text(x + 37, cy + 24, data.CARD_TYPES[ty], 9, "#999", "middle")
            slot += 1
        svg.end()


def _wrap(text: str, width: int) -> list[str]:
    words, lines, cur = text.split(), [], ""
    for w in words:
        if len(cur) + len(w) + 1 > width:
            lines.append(cur)
            cur = w
        else:
            cur = (cur + " " + w).strip()
    if cur:
        lines.append(cur)
    return lines


def _card(svg: _Svg, x: float, y: float, c: int, cards_xy: dict, w: float = 74, h: float = 86,
          note: str = "", small: bool = False) -> None:
    name = card_name(c)
    ty = card_deck(c)
    text = data.CARD_TEXT.get(name) or data.SETH_CARD_TEXT.get(name, "")   # a base card, or BX, TX, DX
    cards_xy[name] = (x, y, w, h)
    svg.group(f"card-{name}", "place card", f"{name}: {text}")
    svg.rect(x, y, w, h, CARD_FILL[ty], "#555", 1, rx=5)
    svg.text(x + w / 2, y + 14, name + note, 12, anchor="middle", weight="bold")
    if small:
        svg.text(x + w / 2, y + 34, data.CARD_TYPES[ty][:4] + ".", 9, "#333", "middle")
    else:
        for k, line in enumerate(_wrap(text, 15)[:5]):
            svg.text(x + 4, y + 28 + k * 11, line, 8.2, "#333")
    svg.end()


def _card_back(svg: _Svg, x: float, y: float, ty: int, w: float = 44, h: float = 60, what: str = "") -> None:
    svg.rect(x, y, w, h, "#5d4037", "#3e2723", 1, rx=5, extra=' class="facedown"')
    svg.rect(x + 4, y + 4, w - 8, h - 8, "none", "#d7ccc8", 1, rx=3)
    svg.text(x + w / 2, y + h / 2 + 4, data.CARD_TYPES[ty][0] + "?", 13, "#efebe9", "middle", "bold")
    if what:
        svg.text(x + w / 2, y + h - 8, what, 7, "#efebe9", "middle")


def _draw_seat(svg: _Svg, d: dict, p: int, x: float, y: float, w: float, viewer: int | None,
               cards_xy: dict, h: float = SEAT_H) -> float:
    """One seat's board (h high: Time of Seth adds a strip at its foot); returns its height."""
    n = d["nplayers"]
    bot = n == 1 and p == 1
    col = seat_colour(n, p)
    svg.group(f"seat-{p}", "seat")
    svg.rect(x, y, w, h, "#fffdf7", col, 3, rx=6)
    name = seat_label(n, p) + (" (you)" if viewer == p else "")
    svg.rect(x, y, w, 24, col, "none", 0, rx=6)
    order = list(d["turn_order"][: d["nseats"]]).index(p) + 1
    svg.text(x + 10, y + 17, name, 14, "#fff", weight="bold")
    svg.text(x + w - 10, y + 17, f"{d['vp'][p]} VP  |  turn order {order}", 14, "#fff", "end", "bold",
             extra=f' class="vp" data-seat="{p}"')
    yy = y + 44
    if not bot:
        for r in range(4):
            bx = x + 10 + r * 62
            svg.rect(bx, yy - 14, 56, 42, RES_FILL[r], "#555", 1, rx=3)
            svg.text(bx + 28, yy, data.RESOURCES[r], 9.5, "#222", "middle")
            svg.text(bx + 28, yy + 20, f"{d['res'][p][r]}", 15, "#111", "middle", "bold")
            svg.text(bx + 52, yy + 24, f"+{d['prod'][p][r]}", 9, "#333", "end")
        svg.text(x + 10, yy + 42, "stock (+production)", 9, "#666")
        for k, (label, val) in enumerate((("Gold", d["gold"][p]), ("Scribes", d["scribes"][p]),
                                          ("Faith", d["faith"][p]))):
            svg.text(x + 266, yy - 2 + k * 16, f"{label} {val}", 12)
    else:
        svg.text(x + 10, yy, f"Scribes {d['scribes'][p]}", 12)
        svg.text(x + 10, yy + 18, "Botankhamun keeps no Resources", 10, "#666")
    # Populace, pieces and the Buildings row
    px = x + 350
    svg.text(px, yy - 2, f"Happiness {d['happiness'][p]} / Population {d['population'][p]}", 12)
    bar_w = min(240.0, w - 360)
    svg.rect(px, yy + 4, bar_w, 8, "#eee", "#999", 0.8)
    svg.rect(px, yy + 4, bar_w * d["population"][p] / data.POPULACE_MAX, 8, "#aab7b8", "none")
    svg.rect(px, yy + 4, bar_w * d["happiness"][p] / data.POPULACE_MAX, 8, "#f1c40f", "none")
    for thr, _vp in data.HAPPINESS_THRESHOLDS:
        tx = px + bar_w * thr / data.POPULACE_MAX
        svg.add(f'<line x1="{tx:.1f}" y1="{yy + 2:.1f}" x2="{tx:.1f}" y2="{yy + 14:.1f}" stroke="#555"/>')
    svg.text(px, yy + 30, f"Statues {d['statues'][p]}/{data.N_STATUES}  Pillars {d['pillars'][p]}/"
             f"{data.N_PILLARS_PER_PLAYER}  Buildings {d['buildings'][p]}/{data.N_BUILDINGS}", 11)
    for k in range(data.N_BUILDINGS):
        built = k < d["buildings"][p]
        svg.rect(px + k * 20, yy + 38, 16, 12, "#fff" if built else col, "#555", 0.8, rx=2)
    # scales
    sy = y + 108
    svg.text(x + 10, sy, f"Scales (balance {d['balance'][p]:+d})", 11, weight="bold")
    rows = [(label, [i for i in range(d["ndice"]) if d["die_loc"][i] == base + p])
            for label, base in (("Pure", DIE_LOC["pure"]), ("Tainted", DIE_LOC["tainted"]),
                                ("below", DIE_LOC["below"]), ("beside", DIE_LOC["beside_bot"]))]
    rows = [r for k, r in enumerate(rows) if k < 2 or r[1]]
    for k, (label, dice) in enumerate(rows[:3]):
        ry = sy + 6 + k * 22
        svg.text(x + 10, ry + 14, label, 10, "#555")
        for j, i in enumerate(dice[:8]):
            _die(svg, x + 58 + j * 21, ry, d["die_colour"][i], d["die_value"][i], 18)
    # cards: hand, pending ones (*) and face-down ones
    cx = x + 250
    svg.text(cx, sy, "Cards", 11, weight="bold")
    hand_loc, pend_loc = CARD_LOC["hand"] + p, CARD_LOC["pending"] + p
    k = 0
    per_row = int((w - 260) // 48)
    def slot(k: int) -> tuple[float, float]:
        return cx + (k % per_row) * 48, sy + 6 + (k // per_row) * 0
    for c in CARD_IDS:
        loc = d["card_loc"][c]
        if loc in (hand_loc, pend_loc) and k < per_row:
            _card(svg, *slot(k), c, cards_xy, 44, 64, "*" if loc == pend_loc else "", small=True)
            k += 1
    hidden = d["hidden_count"]
    for ty in range(3):
        for cls, what in ((p, ""), (4 + p, "drawn")):
            for _ in range(hidden[ty][cls]):
                if k < per_row:
                    _card_back(svg, *slot(k), ty, 44, 64, what=what)
                k += 1
    if bot:
        pile = sum(1 for c in CARD_IDS if d["card_loc"][c] == CARD_LOC["bot"])
        svg.text(cx, sy + 24, f"{pile} face down in its pile (no effect)", 10, "#555")
    elif k == 0:
        svg.text(cx, sy + 24, "none", 10, "#999")
    if d["destiny"][p] >= 0:
        svg.text(x + w - 10, y + SEAT_H - 6, f"Destiny A{d['destiny'][p] + 1:02d}", 9, "#555", "end")
    if d["options"] & OPTION_VIZIER and d["vizier_vp"][p]:
        svg.text(x + w - 80, y + SEAT_H - 6, f"Vizier {d['vizier_vp'][p]} VP", 9, VIZIER_FILL, "end")
    svg.end()
    return h


def _draw_pyramid(svg: _Svg, d: dict, x: float, y: float) -> None:
    from .notation import BOT_TILE_NAMES

    svg.group("bot-pyramid", "pyramid")
    svg.text(x, y, "Botankhamun's pyramid", 13, weight="bold")
    starts, rows = (0, 4, 7, 9), data.BOT_PYRAMID_ROWS
    for r, count in enumerate(rows):
        for k in range(count):
            pos = starts[r] + k
            bx = x + 20 + k * 56 + r * 28
            by = y + 150 - r * 40
            tile = d["bot_pyramid"][pos]
            svg.rect(bx, by, 52, 34, "#f9e79f" if tile < 6 else "#d5dbdb", "#7d6608", 1.2, rx=3)
            svg.text(bx + 26, by + 21, BOT_TILE_NAMES[tile] if tile < len(BOT_TILE_NAMES) else "?", 11,
                     anchor="middle", weight="bold")
            if d["bot_pos"] == pos:
                svg.circle(bx + 46, by + 6, 7, BOT_COLOUR, "#111", 1.5, extra=' id="bot-marker"')
    if d["bot_pos"] < 0:
        svg.circle(x + 10, y + 168, 7, BOT_COLOUR, "#111", 1.5, extra=' id="bot-marker"')
    svg.text(x, y + 196, f"turns played {d['bot_turns']}", 10, "#555")
    svg.end()



# ----------------------------------------------------------------------------- Time of Seth
_REWARD_WORDS = {"papyrus": "Papyrus", "bread": "Bread", "limestone": "Limestone", "granite": "Granite",
                 "gold": "Gold", "faith": "Faith", "scribes": "Scribes", "population": "Pop",
                 "happiness": "Hap", "vp": "VP", "soldiers": "Soldiers", "priests": "Priests"}
_SP_DISPLAY, _SP_GONE, _SP_SEAT = 1, 2, 10      # cult_loc / art_loc places (seth/state.pxi)
_CQ_STACK, _CQ_FACEUP, _CQ_TEMPLE = 1, 2, 10    # conquest_loc places


def _reward_short(r: dict | None) -> str:
    """A reward of data.SETH_REGIONS / data.CONQUEST_TILES in a few words."""
    if not r:
        return "nothing"
    kind = r.get("kind")
    if kind == "gain":
        return " ".join(f"+{n} {_REWARD_WORDS.get(k, k)}" for k, n in r["gains"].items())
    if kind == "split":
        return f"{r['total']} of " + "/".join(_REWARD_WORDS.get(k, k) for k in r["tracks"])
    if kind == "draw_keep":
        return f"{r['draw']} {r['deck'][:4]}., keep {r['keep']}"
    if kind == "draw":
        return f"+{r['n']} {r['deck'][:4]}."
    if kind == "action":
        return f"{r.get('god', '')} action".strip()
    return kind or ""


def _seth_box(target: str) -> tuple[float, float, float, float]:
    if target == "seth-conquest":
        return 720, SETH_Y + 28, 150, 96
    return 10, SETH_Y, 700, SETH_H


def _draw_seth_board(svg: _Svg, d: dict, cards_xy: dict) -> None:
    """Time of Seth: the Seth board (its 6 regions in 2 columns with their Building spaces, the
    Statue for the people under each column, the Statues in honour of Seth, its dice), the
    Conquest stack with its face-up tile, the displayed Cultist Powers and Artifacts."""
    n = d["nplayers"]
    x0, y0 = 10, SETH_Y
    svg.group("seth-board", "place seth", "the Seth board")
    svg.rect(x0, y0, 700, SETH_H, "#fbeee6", SETH_FILL, 2, rx=6)
    side = data.SETH_BOARD_SIDE.get(n, "")
    svg.text(x0 + 10, y0 + 19, f"Seth board (side {side} players)", 14, SETH_FILL, weight="bold")
    cw = 232
    for col in range(2):
        cx = x0 + 10 + col * (cw + 8)
        regions = [(k, r) for k, r in enumerate(data.SETH_REGIONS) if r["column"] == col]
        for j, (k, r) in enumerate(regions):
            ry = y0 + 28 + j * 50
            svg.group(f"seth-region-{r['name']}", "place seth-region",
                      f"{r['name']} (die {r['value']}): {_reward_short(r['reward'])}, VP {r['vp'][0]} / {r['vp'][1]}")
            svg.rect(cx, ry, cw, 46, "#fdf2e9", "#a04000", 1, rx=4)
            svg.rect(cx + 4, ry + 4, 20, 20, "#9a9a9a", "#111", 1, rx=3)
            svg.text(cx + 14, ry + 19, str(r["value"]), 12, "#000", "middle", "bold")
            svg.text(cx + 30, ry + 17, r["name"], 12, "#4a1c0b", weight="bold")
            svg.text(cx + 30, ry + 35, _reward_short(r["reward"]), 9.5, "#4a1c0b")
            for sp in range(data.SETH_REGION_SPACES):
                owner = d["seth_build"][k * data.SETH_REGION_SPACES + sp]
                bx = cx + cw - 84 + sp * 42
                svg.rect(bx, ry + 5, 36, 36, seat_colour(n, owner) if owner >= 0 else "#fff", "#5d4037", 1.2, rx=3,
                         extra=f' class="seth-building" data-seat="{owner}"' if owner >= 0 else "")
                svg.text(bx + 18, ry + 27, f"{r['vp'][sp]} VP", 9.5, "#fff" if owner >= 0 else "#777", "middle",
                         "bold")
            svg.end()
        # the Statue for the people under the column
        py = y0 + 28 + 3 * 50 + 2
        owner = d["seth_people"][col]
        svg.group(f"seth-people-{col}", "place seth-people",
                  f"Statue for the people under the {data.SETH_COLUMNS[col]} column")
        svg.rect(cx + cw / 2 - 19, py, 38, 38, "#fff", "#7d3c98", 1.5, rx=19)
        if owner >= 0:
            svg.rect(cx + cw / 2 - 6, py + 6, 12, 24, seat_colour(n, owner), "#111", 1, rx=2,
                     extra=f' class="statue" data-seat="{owner}"')
        else:
            svg.text(cx + cw / 2, py + 23, "St", 10, "#7d3c98", "middle")
        svg.text(cx + cw / 2 + 26, py + 23, f"for the people (+{data.SETH_COLUMN_STATUE_VP} VP a Building)", 9,
                 "#555")
        svg.end()
    # Statues in honour of Seth and the dice on the board
    gx = x0 + 490
    usable = data.SETH_GOD_STATUE_SPACES.get(n, 0)
    svg.text(gx, y0 + 40, "in honour of Seth", 11, SETH_FILL, weight="bold")
    svg.group("seth-god", "place seth-god", f"Statues in honour of Seth ({usable} at {n} players)")
    for k in range(len(d["seth_god"])):
        owner = d["seth_god"][k]
        sx = gx + k * 24
        if k >= usable:
            svg.rect(sx, y0 + 48, 16, 26, "#eee", "#ccc", 1, rx=2, extra=' stroke-dasharray="2 2"')
        elif owner >= 0:
            svg.rect(sx, y0 + 48, 16, 26, seat_colour(n, owner), "#111", 1, rx=2,
                     extra=f' class="statue" data-seat="{owner}"')
        else:
            svg.rect(sx, y0 + 48, 16, 26, "#fff", "#7d3c98", 1, rx=2)
    svg.end()
    dice = [i for i in range(d["ndice"]) if d["die_loc"][i] == DIE_LOC["seth"]]
    svg.text(gx, y0 + 98, f"dice on the board: {len(dice)}", 11, SETH_FILL, weight="bold")
    for k, i in enumerate(dice):
        _die(svg, gx + (k % 4) * 26, y0 + 106 + (k // 4) * 26, d["die_colour"][i], d["die_value"][i])
    blood = sum(d["blood"][: d["nseats"]])
    svg.text(gx, y0 + 182, f"Blood on the scales: {blood}", 10, "#555")
    svg.end()
    # the Conquest stack: the face-up tile and the count below it
    cx, cy = 720, SETH_Y
    svg.rect(cx, cy, 550, SETH_H, "#fdfefe", "#7f8c8d", 1, rx=6)
    svg.group("seth-conquest", "place conquest", "the Conquest stack")
    svg.text(cx + 10, cy + 19, "Conquest stack", 13, weight="bold")
    up = [k for k, loc in enumerate(d["conquest_loc"]) if loc == _CQ_FACEUP]
    below = sum(1 for loc in d["conquest_loc"] if loc == _CQ_STACK)
    if up:
        _conquest_tile(svg, cx + 10, cy + 28, up[0], 70)
    svg.text(cx + 86, cy + 44, "face up", 10, "#555")
    svg.text(cx + 86, cy + 60, f"{below} face down", 10, "#555", extra=' id="conquest-count"')
    svg.text(cx + 86, cy + 76, "below it", 10, "#555")
    svg.end()
    # Cultist Powers and Artifacts on display (owned / held ones are on their seats)
    _seth_card_row(svg, cx + 160, cy + 6, "Cultist Powers", CULTIST_NAMES, d["cult_loc"], cards_xy)
    _seth_card_row(svg, cx + 10, cy + 118, "Artifacts (beside their Destiny cards)", ARTIFACT_NAMES, d["art_loc"],
                   cards_xy, (68, 92))


def _seth_card_row(svg: _Svg, x: float, y: float, title: str, names: tuple, locs: list, cards_xy: dict,
                   size: tuple[float, float] = (52, 72)) -> None:
    svg.text(x, y + 13, title, 12, weight="bold")
    shown = [k for k, loc in enumerate(locs) if loc == _SP_DISPLAY]
    gone = sum(1 for loc in locs if loc == _SP_GONE)
    w, h = size
    for j, k in enumerate(shown[:9]):
        _seth_card(svg, x + j * (w + 4), y + 20, names[k], cards_xy, w, h)
    if not shown:
        svg.text(x, y + 40, "none on display", 10, "#999")
    if gone:
        svg.text(x + 380, y + 13, f"{gone} out of the game", 9, "#777", "end")


def _seth_card(svg: _Svg, x: float, y: float, name: str, cards_xy: dict, w: float = 52, h: float = 72) -> None:
    """A Cultist Power or an Artifact, face up (every one on the table is public)."""
    art = name.startswith("Art")
    kind = "artifact" if art else "cultist"
    ident = f"{kind}-{name}"
    cards_xy[ident] = (x, y, w, h)
    text = data.SETH_CARD_TEXT.get(name, "")
    svg.group(ident, f"place {kind}", f"{name}: {text}")
    svg.rect(x, y, w, h, "#f6ddcc" if art else "#e8daef", "#555", 1, rx=5)
    svg.text(x + w / 2, y + 13, name, 10, anchor="middle", weight="bold")
    if art:
        a = data.ARTIFACTS[name]
        svg.text(x + w / 2, y + 28, f"{a['priests']} Priests", 8.5, "#333", "middle")
        svg.text(x + w / 2, y + 40, f"Ankh {a['ankh']}", 8.5, "#333", "middle")
        for k, line in enumerate(_wrap(seth_card_effect(name), int(w / 4.2))[:int((h - 46) / 8.5)]):
            svg.text(x + 3, y + 52 + k * 8.5, line, 7, "#333")
    else:
        for k, line in enumerate(_wrap(text.replace("Whenever ", ""), 11)[:4]):
            svg.text(x + 3, y + 25 + k * 10, line, 7, "#333")
    svg.end()


def _conquest_tile(svg: _Svg, x: float, y: float, k: int, size: float) -> None:
    """A Conquest tile: its id, the manual's name and its Ra reward (the one a Pillar on it gains)."""
    t = data.CONQUEST_TILES[k]
    svg.group(f"conquest-{t['id']}", "conquest",
              f"{t['id']} (manual {t['manual']}): {data.SETH_CARD_TEXT.get(t['id'], '')} "
              f"(Ra {_reward_short(t['ra'])}; Hathor {_reward_short(t['hathor'])})")
    svg.rect(x, y, size, size, "#f5cba7", SETH_FILL, 1.5, rx=size * 0.12, extra=' class="conquest-tile"')
    svg.text(x + size / 2, y + size * 0.24, t["id"], size * 0.2, SETH_FILL, "middle", "bold")
    for j, line in enumerate(_wrap(_reward_short(t["ra"]), 10)[:3]):
        svg.text(x + size / 2, y + size * (0.46 + j * 0.17), line, size * 0.14, "#4a1c0b", "middle")
    svg.end()


def _draw_seth_seat(svg: _Svg, d: dict, p: int, x: float, y: float, w: float, cards_xy: dict) -> None:
    """A seat's Time of Seth strip: Soldier and Priest tracks (0-10), Blood, its Cultist Power and the
    Artifacts it holds (all public), its Buildings on the Seth board."""
    svg.add(f'<line x1="{x + 8:.1f}" y1="{y:.1f}" x2="{x + w - 8:.1f}" y2="{y:.1f}" stroke="#ddd"/>')
    for j, (label, key, colour) in enumerate((("Soldiers", "soldiers", DIE_FILL[5]),
                                             ("Priests", "priests", DIE_FILL[6]))):
        tx = x + 10 + j * 180
        val = d[key][p]
        svg.text(tx, y + 14, f"{label} {val}", 10.5, weight="bold", extra=f' class="{key}" data-seat="{p}"')
        for k in range(data.SETH_TRACK_MAX):
            svg.rect(tx + 74 + k * 9, y + 5, 8, 10, colour if k < val else "#fff", "#777", 0.6)
    bx = x + 370
    svg.text(bx, y + 14, f"Blood {d['blood'][p]}", 10.5, SETH_FILL, weight="bold", extra=f' class="blood" data-seat="{p}"')
    built = sum(1 for o in d["seth_build"] if o == p)
    svg.text(bx + 64, y + 14, f"Seth Buildings {built}", 10.5)
    mine = [CULTIST_NAMES[k] for k, loc in enumerate(d["cult_loc"]) if loc == _SP_SEAT + p]
    held = [ARTIFACT_NAMES[k] for k, loc in enumerate(d["art_loc"]) if loc == _SP_SEAT + p]
    parts = (["Cultist " + ", ".join(mine)] if mine else []) + (["Artifacts " + ", ".join(held)] if held else [])
    if mine:                              # the Cultist Power's text, as much as the line holds
        parts[0] += ": " + brief_text(mine[0], max(20, 92 - 9 * len(held) - sum(len(x) for x in parts)))
    svg.text(x + 10, y + 30, "  |  ".join(parts) if parts else "no Cultist Power, no Artifact", 10, "#333",
             extra=f' class="seth-cards" data-seat="{p}"')
    for name in mine:                     # the Cultist Power's text (the line above names it)
        svg.group(f"cultist-{name}", "cultist", f"{name}: {data.SETH_CARD_TEXT.get(name, '')}")
        svg.rect(x + 6, y + 19, 8 + 5.6 * len("Cultist " + name), 15, "#fff", "none", 0, extra=' fill-opacity="0"')
        svg.end()
    for k, name in enumerate(held):       # the place of use:ArtNN
        ident = f"artifact-{name}"
        cx, cy, cw, ch = x + w - 58 - k * 50, y + 19, 46, 15
        cards_xy[ident] = (cx, cy, cw, ch)
        svg.group(ident, "place artifact", f"{name}: {data.SETH_CARD_TEXT.get(name, '')}")
        svg.rect(cx, cy, cw, ch, "#f6ddcc", "#555", 1, rx=3)
        svg.text(cx + cw / 2, cy + 11, name, 9, anchor="middle", weight="bold")
        svg.end()


def _conquest_on_space(svg: _Svg, d: dict, space: int) -> None:
    """A Conquest tile on a Temple space: the tile over the printed reward of a space with no
    Pillar, a tag in the corner of a space under a Pillar."""
    k = d["temple_conquest"][space]
    if k < 0:
        return
    x, y = _temple_xy(space)
    if d["temple_tile"][space]:
        t = data.CONQUEST_TILES[k]
        svg.group(f"conquest-{t['id']}", "conquest",
                  f"{t['id']} (manual {t['manual']}), under the Pillar: {data.SETH_CARD_TEXT.get(t['id'], '')}")
        svg.rect(x + CELL - 29, y + 1, 28, 11, "#f5cba7", SETH_FILL, 0.8, rx=2, extra=' class="conquest-tag"')
        svg.text(x + CELL - 15, y + 9.5, t["id"], 7.5, SETH_FILL, "middle", "bold")
        svg.end()
    else:
        _conquest_tile(svg, x + 3, y + 3, k, CELL - 6)
        owner = d["temple_owner"][space]
        if owner >= 0:
            svg.circle(x + CELL / 2, y + CELL - 10, 5, seat_colour(d["nplayers"], owner),
                       extra=f' class="pillar" data-seat="{owner}"')


def _arrow(svg: _Svg, x1: float, y1: float, x2: float, y2: float, colour: str = "#16a085") -> None:
    a = math.atan2(y2 - y1, x2 - x1)
    hx, hy = x2 - 16 * math.cos(a), y2 - 16 * math.sin(a)
    svg.add(f'<line id="suggestion" x1="{x1:.1f}" y1="{y1:.1f}" x2="{hx:.1f}" y2="{hy:.1f}" stroke="{colour}" '
            f'stroke-width="6" stroke-linecap="round" opacity="0.85"/>')
    svg.poly([(x2, y2), (hx + 9 * math.sin(a), hy - 9 * math.cos(a)), (hx - 9 * math.sin(a), hy + 9 * math.cos(a))],
             colour, "none", 0, extra=' opacity="0.85"')


def board_svg(state: GameState, *, seat: int | None = None, lastmove: int | None = None,
              arrow: int | None = None, size: int | None = None) -> str:
    """The position as an SVG document (a string).

    seat: draw what this seat sees (its observation; cards hidden from it face down) and mark it
    'you'. With a state that is already an observation, pass the seat it belongs to. None: draw
    the state as given (a full state shows every card). lastmove: an action to outline on the board.
    arrow: an action (a suggestion) to point at. size: width in pixels (the viewBox is fixed).
    """
    g = state
    if seat is not None:
        if not 0 <= seat < state.num_seats:
            raise ValueError(f"seat must be 0..{state.num_seats - 1}, not {seat}")
        if CARD_LOC["unknown"] not in state.field("card_loc"):
            g = state.observation(seat)
    d = g.to_dict()
    n = d["nseats"]
    cards_xy: dict = {}
    d["_cards_xy"] = cards_xy
    svg = _Svg()
    _draw_header(svg, g, d, seat)
    _draw_wheel(svg, d)
    _draw_vizier(svg, d)
    _draw_ra_horus(svg, d)
    _draw_temple(svg, d)
    _draw_osiris(svg, d)
    _draw_market(svg, d, cards_xy)
    if d["nplayers"] == 1:
        _draw_pyramid(svg, d, 900, 530)
    seth = bool(d["options"] & OPTION_SETH)
    if seth:
        _draw_seth_board(svg, d, cards_xy)
    # seats: two per row
    y = SETH_Y + SETH_H + 10 if seth else PLAYER_Y
    seat_h = SEAT_H + (SETH_SEAT_H if seth else 0)
    wseat = (WIDTH - 30) / 2
    for p in range(n):
        col, row = p % 2, p // 2
        sx, sy = 10 + col * (wseat + 10), y + row * (seat_h + 10)
        _draw_seat(svg, d, p, sx, sy, wseat, seat, cards_xy, seat_h)
        if seth:
            _draw_seth_seat(svg, d, p, sx, sy + SEAT_H - 4, wseat, cards_xy)
    total_h = y + ((n + 1) // 2) * (seat_h + 10) + 4
    # highlights
    if lastmove is not None:
        t = action_target(lastmove)
        box = _target_box(t, d) if t else None
        if box:
            bx, by, bw, bh = box
            svg.rect(bx - 3, by - 3, bw + 6, bh + 6, "none", "#f1c40f", 4, rx=6, extra=' id="lastmove"')
    if arrow is not None:
        t = action_target(arrow)
        box = _target_box(t, d) if t else None
        if box:
            bx, by, bw, bh = box
            tx, ty = bx + bw / 2, by + bh / 2
            if t.startswith("sec-"):  # from outside the rim towards the section's dice
                god = GOD_ABBR.index(t[4:])
                a0 = _sector_angle(god) + math.radians(30)  # beside the god's name, not across it
                sx, sy = WHEEL_C[0] + (WHEEL_R + 36) * math.cos(a0), WHEEL_C[1] + (WHEEL_R + 36) * math.sin(a0)
                tx, ty = _wheel_point(god, WHEEL_R * 0.68)
            else:
                sx, sy = (tx - 90 if tx > 200 else tx + 90), (ty - 70 if ty > 120 else ty + 70)
            _arrow(svg, sx, sy, tx, ty)
    w_attr = f' width="{size}" height="{int(size * total_h / WIDTH)}"' if size else ""
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {total_h}"{w_attr} '
            f'font-family="{FONT}" class="tekhenu-board">'
            f'<rect width="{WIDTH}" height="{total_h}" fill="#fdf6e3"/>')
    return head + "".join(svg.parts) + "</svg>"


def write_svg(path: str, state: GameState, **kw) -> None:
    """Write :func:`board_svg` to a file."""
    with open(path, "w", encoding="utf-8") as f:
        f.write(board_svg(state, **kw))
