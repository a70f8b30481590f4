"""A readable log of Botankhamun's turns in a solo game.

The compiled core keeps the record of Botankhamun's last turn in the state
(``bot_log``, fields named by :data:`tekhenu_engine._core.BOT_LOG_FIELDS`). This module
turns it into text, the way the game help describes its log: "which face the Deben
showed, and which sections a god tile found empty before the one it drew from", then the
die, the action and its result.

>>> entry = last_turn(state)           # doctest: +SKIP
>>> print(describe(entry))             # doctest: +SKIP
Round 2 (turn 2): Deben Snake -> place 2 (base row, 3rd): god tile Ra. ...

:class:`BotLogRecorder` collects one line per turn while a game is played.
"""
from __future__ import annotations

from typing import Any

from . import _core, data
from .enums import take_fields
from .notation import BOT_TILE_NAMES, BUILD_NAMES, card_name

# codes of the "what" field (BA_* in solo/botankhamun.pxi)
NONE, STATUE_GOD, STATUE_PEOPLE, HORUS_VP, PILLAR, TEMPLE_BUILDING, BASTET, CARDS, OSIRIS, NO_DIE = range(10)
SETH_BUILDING, SETH_VP = 10, 11      # Time of Seth (solo/seth.pxi BA_SETH, BA_SETH_VP)
SETH_PEOPLE, SETH_GOD = 12, 13       # ... BA_SETH_PEOPLE, BA_SETH_GOD
SETH_TILE, PS_TILE = 10, 11          # Time of Seth pyramid tiles (solo/seth.pxi BT_SETH, BT_PS)
SKIP_SETH_BOARD = 1 << 6             # the Seth tile found the Seth board empty
ROW_NAMES = ("base row", "second row", "third row", "top")
ORDINALS = ("1st", "2nd", "3rd", "4th")
PEOPLE_NAMES = ("the Temple (row 3)", "the Temple (column 3)", "the workshops", "the quarries")
DISTRICTS = ("Papyrus", "Bread", "Limestone", "Granite")


def last_turn(state: _core.GameState) -> dict[str, Any] | None:
    """Botankhamun's last turn as a dict (None before its first turn or outside solo games).

    Keys: the names of :data:`tekhenu_engine._core.BOT_LOG_FIELDS`, plus ``pyramid`` (the
    tiles of the current pyramid, base row first).
    """
    if state.num_players() != 1:
        return None
    raw = state.field("bot_log")
    entry = dict(zip(_core.BOT_LOG_FIELDS, raw))
    if entry["turn"] == 0:
        return None
    entry["pyramid"] = list(state.field("bot_pyramid"))
    return entry


def place_name(pos: int) -> str:
    """'place 4 (second row, 1st)' for a pyramid place 0-9."""
    starts = (0, 4, 7, 9)
    row = max(r for r in range(4) if starts[r] <= pos)
    return f"place {pos} ({ROW_NAMES[row]}, {ORDINALS[pos - starts[row]]})"


def tile_name(tile: int) -> str:
    """'god tile Ra', 'resource tile G>L>B>P', 'Seth tile' or 'Priests and Soldiers tile'."""
    if tile == SETH_TILE:
        return "Seth tile"
    if tile == PS_TILE:
        return "Priests and Soldiers tile"
    if tile < 6:
        return f"god tile {data.GODS[tile]}"
    return "resource tile " + ">".join(BOT_TILE_NAMES[tile])


def die_name(packed: int) -> str:
    """'the white 5 from Bastet'."""
    sec, col, val = take_fields(packed)
    where = "the Seth board" if sec == len(data.GODS) else data.GODS[sec]
    return f"the {data.DIE_COLOURS[col]} {val} from {where}"


def _action(e: dict[str, Any]) -> str:
    what, where, extra = e["what"], e["where"], e["extra"]
    god = (data.GODS + ("Seth",))[e["god"]] if e["god"] >= 0 else "?"
    if what == NONE:
        return f"{god}: nowhere to go, nothing happens (the die is still taken)"
    if what == STATUE_GOD:
        return f"Horus: Statue in honour of {data.GODS[where]}"
    if what == STATUE_PEOPLE:
        return f"Horus: Statue for the people at {PEOPLE_NAMES[where]}"
    if what == HORUS_VP:
        return "Horus: no Statue space for it, 3 VP instead"
    if what == PILLAR:
        return f"Ra: Pillar P{extra:02d} unrotated on r{where // 5 + 1}c{where % 5 + 1}"
    if what == TEMPLE_BUILDING:
        return f"Hathor: Building on {BUILD_NAMES[where]}"
    if what == BASTET:
        return "Bastet: festival"
    if what == CARDS:
        cards = [card_name(((e["cards"] >> (7 * i)) & 0x7F) - 1) for i in range(3) if (e["cards"] >> (7 * i)) & 0x7F]
        return f"Thoth: took {', '.join(cards)} from Market section {where + 1}, face down"
    if what == OSIRIS:
        return f"Osiris: Building in row {where // 4 + 1} of the {DISTRICTS[where % 4]} district"
    if what == SETH_BUILDING:
        text = f"Seth: Building in {data.SETH_REGION_NAMES[where]} (region {where + 1})"
        if extra >= 0:
            text += f"; the Conquest tile onto r{extra // 5 + 1}c{extra % 5 + 1}"
        return text
    if what == SETH_PEOPLE:
        cards = [card_name(((e["cards"] >> (7 * i)) & 0x7F) - 1) for i in range(3) if (e["cards"] >> (7 * i)) & 0x7F]
        side = ("left", "right")[where]
        return (f"Horus: Statue for the people under the {side} column of the Seth board; Thoth 1 took "
                + (", ".join(cards) if cards else "no card"))
    if what == SETH_GOD:
        return "Horus: Statue in honour of Seth"
    if what == SETH_VP:
        return "Seth: it cannot build there (no Building left or every region closed to it), 3 VP instead"
    return "?"


def describe(e: dict[str, Any]) -> str:
    """One readable line (or a few sentences) for a log entry from :func:`last_turn`."""
    parts = []
    head = f"Round {e['round']} (turn {e['turn']}): "
    if e["deben"] < 0:
        head += "marker onto the bottom-left tile"
    else:
        head += f"Deben {'Pharaoh (up-right)' if e['deben'] == 0 else 'Snake (right)'}"
    parts.append(f"{head} -> {place_name(e['pos'])}: {tile_name(e['tile'])}.")
    if e["skipped"] and e["tile"] == SETH_TILE:
        names = ["the Seth board"] + [data.GODS[g] for g in _ccw_from(data.BOT_SETH_FALLBACK_GOD) if e["skipped"] >> g & 1]
        parts.append("No die it could take on " + ", then in ".join(names) + ": a Horus action instead.")
    elif e["skipped"] and e["tile"] == PS_TILE:
        parts.append("No red or blue die: the highest Pure die instead.")
    elif e["skipped"]:
        if e["tile"] < 6:
            names = [data.GODS[g] for g in _ccw_from(e["tile"]) if e["skipped"] >> g & 1]
            parts.append("No die it could take in " + ", then ".join(names) + ".")
        else:
            order = list(data.BOT_RESOURCE_TILES[e["tile"] - 6]) + [4]
            names = [data.DIE_COLOURS[c] for c in order if e["skipped"] >> c & 1]
            parts.append("No " + ", no ".join(names) + " die it could take.")
    if e["what"] == NO_DIE:
        parts.append("No die at all: the turn passes.")
        return " ".join(parts)
    if e["die"] < 0:
        parts.append("(taking a die)")
        return " ".join(parts)
    took = f"Takes {die_name(e['die'])}"
    if e["die_tie"]:
        took += f" (random among {e['die_tie']} tied dice)"
    parts.append(took + ".")
    if e["god"] < 0:
        return " ".join(parts)
    if not e["done"] and e["tie"] and e["what"] == NONE:
        parts.append(f"{data.GODS[e['god']]}: {e['tie']} equal choices, random tie-break pending.")
        return " ".join(parts)
    act = _action(e)
    if e["tie"]:
        act += f" (random among {e['tie']} equal choices)"
    parts.append(act + ".")
    if e["done"]:
        gains = []
        for key, name in (("vp", "VP"), ("scribes", "Scribes"), ("happiness", "Happiness"),
                          ("population", "Population")):
            if e[key]:
                gains.append(f"{name} {e[key]:+d}")
        parts.append(("Result: " + ", ".join(gains) if gains else "Result: no gain") + ".")
    return " ".join(parts)


def _ccw_from(god: int) -> list[int]:
    return [(god - k) % 6 for k in range(6)]


def describe_last_turn(state: _core.GameState) -> str:
    """The readable log of Botankhamun's last turn ('' when it has not played yet)."""
    e = last_turn(state)
    return describe(e) if e else ""


class BotLogRecorder:
    """Collects one log line per Botankhamun turn: call :meth:`observe` after every apply."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.entries: list[dict[str, Any]] = []
        self._seen = 0

    def observe(self, state: _core.GameState) -> None:
        """Record the last turn once it is complete (and only once)."""
        e = last_turn(state)
        if e and e["done"] and e["turn"] != self._seen:
            self._seen = e["turn"]
            self.entries.append(e)
            self.lines.append(describe(e))
