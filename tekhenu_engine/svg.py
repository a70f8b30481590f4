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
Statues, Pillars, cards) and, in solo games, Botankhamun's pyramid with its marker.

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
from ._core import OPTION_BITS
from .notation import CARD_IDS, card_deck, CARD_LOC, DIE_LOC, GOD_ABBR, KINDS, card_name, step_text, vizier_summary

OPTION_VIZIER = OPTION_BITS["vizier"]

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
        return f"sec-{GOD_ABBR[(x >> 8) & 0x3F]}"
    if verb == "act" and x < 6:
        return f"sec-{GOD_ABBR[x]}"
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
            if owner >= 0:
                svg.circle(x + CELL / 2, y + CELL - 12, 6, seat_colour(n, owner), extra=f' class="pillar" data-seat="{owner}"')
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
    text = data.CARD_TEXT.get(name, "")
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
               cards_xy: dict) -> float:
    """One seat's board; returns its height."""
    n = d["nplayers"]
    bot = n == 1 and p == 1
    h = SEAT_H
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
        svg.text(x + w - 10, y + h - 6, f"Destiny A{d['destiny'][p] + 1:02d}", 9, "#555", "end")
    if d["options"] & OPTION_VIZIER and d["vizier_vp"][p]:
        svg.text(x + w - 80, y + h - 6, f"Vizier {d['vizier_vp'][p]} VP", 9, VIZIER_FILL, "end")
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
    svg.text(x, y + 205, f"turns played {d['bot_turns']}", 10, "#555")
    svg.end()


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
    # seats: two per row
    y = PLAYER_Y
    wseat = (WIDTH - 30) / 2
    for p in range(n):
        col, row = p % 2, p // 2
        _draw_seat(svg, d, p, 10 + col * (wseat + 10), y + row * (SEAT_H + 10), wseat, seat, cards_xy)
    total_h = y + ((n + 1) // 2) * (SEAT_H + 10) + 4
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
