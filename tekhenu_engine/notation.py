"""Move notation: every action is one whitespace-free token, parsed back exactly.

``parse(format(a)) == a`` for every legal action (and chance outcome). The grammar is
documented in ``docs/notation.md``. Tokens are ``verb:argument``; the verb names the
kind of step, the argument is readable (god and card names, board coordinates).
"""
from __future__ import annotations

import re

from . import data
from ._core import ACTION_CODES as _ACTION_CODES
from .enums import Kind as K

GOD_ABBR = ("Ho", "Ra", "Ha", "Ba", "Th", "Os")
COLOUR_LETTERS = data.DIE_LETTERS  # y b w k g r u n
RES = data.RESOURCE_LETTERS  # P B L G
GAIN_NAMES = ("P", "B", "L", "G", "pop", "hap", "2pop", "3faith", "prodP", "prodB", "prodL", "prodG")
STATUE_TARGETS = ("god", "T-row3", "T-col3", "workshops", "quarries")
BUILD_NAMES = tuple(b[0] for b in data.BUILDING_SPACES)
DEBEN = ("pharaoh", "snake")
# Botankhamun's action tiles: six god tiles, then the resource tiles by their colour order.
BOT_TILE_NAMES = GOD_ABBR + tuple("".join(RES[c] for c in t) for t in data.BOT_RESOURCE_TILES)
PAY_PARTS = ("P", "B", "L", "G", "Au", "S")  # S: Scribes paid in place of Gold (T10)
PAY_SWAP = 1 << 18  # T22 substitution used
# Version of the action encoding and of game records. 2: Produce is its own action kind
# (K_PRODUCE), so the ints of "act:produce..." changed; every token is the same as in version 1,
# so a version-1 record (no "notation" field) replays unchanged (upgrade_record).
NOTATION_VERSION = 2
OLD_NOTATION_VERSIONS = (1,)

# Action kinds: the enum of _core.pxd (K_* names, tekhenu_engine.enums.Kind); the verb of a kind is its name in lower
# case without "K_", except the two below.
_VERB_OF_KIND = {"K_HORUS_TILE": "horus", "K_SPACE": "pillar", "K_PRODUCE": "act"}
KINDS = {int(k): _VERB_OF_KIND.get("K_" + k.name, k.name.lower()) for k in K}
VERBS = {v: k for k, v in KINDS.items() if k != K.PRODUCE}   # "act:produce..." is read as K_PRODUCE
VERBS["anubis"] = K.TAKE
VERBS["takeonly"] = K.TAKE


def card_name(c: int) -> str:
    """Name of a card id by the card table data.CARD_DECKS: B01-B24 (0-23), T01-T24 (24-47),
    D01-D24 (48-71)."""
    for letter, _, first, count in data.CARD_DECKS:
        if first <= c < first + count:
            return f"{letter}{c - first + 1:02d}"
    raise ValueError(f"no card {c}")


def card_id(name: str) -> int:
    """Card id of a card name (the inverse of :func:`card_name`)."""
    m = re.fullmatch(r"([A-Z]+)(\d\d)", name) if isinstance(name, str) else None
    if m:
        for letter, _, first, count in data.CARD_DECKS:
            if m.group(1) == letter and 1 <= int(m.group(2)) <= count:
                return first + int(m.group(2)) - 1
    raise ValueError(f"not a card name: {name!r}")


def _god(x: int) -> str:
    return GOD_ABBR[x]


# Action codes of K_EXTRA payloads (ACT_* of _core.pxd): a God 0-6 (6 kept for Seth),
# 7 Produce with the die's colour, 8 + r Produce Resource r.
ACT_PRODUCE, ACT_PRODUCE_RES = _ACTION_CODES["ACT_PRODUCE"], _ACTION_CODES["ACT_PRODUCE_RES"]


def _act_name(act: int) -> str:
    if act < len(GOD_ABBR):
        return GOD_ABBR[act]
    if act == ACT_PRODUCE:
        return "produce"
    if ACT_PRODUCE_RES <= act < ACT_PRODUCE_RES + len(RES):
        return "produce-" + RES[act - ACT_PRODUCE_RES]
    raise ValueError(f"no action code {act}")


def _parse_act(s: str) -> int:
    if s in GOD_ABBR:
        return GOD_ABBR.index(s)
    if s == "produce":
        return ACT_PRODUCE
    if s.startswith("produce-") and s[8:] in RES:
        return ACT_PRODUCE_RES + RES.index(s[8:])
    raise ValueError(f"not an action name: {s!r}")


def format_action(a: int) -> str:
    """The token of an action or chance outcome."""
    kind, x = a >> 24, a & 0xFFFFFF
    if kind not in KINDS:
        raise ValueError(f"unknown action kind in {a}")
    v = KINDS[kind]
    if kind == K.PASS:
        return "pass"
    if kind == K.ROLL:
        return f"roll:{COLOUR_LETTERS[x // 6]}{x % 6 + 1}"
    if kind in (K.WHEEL, K.HORUS_TILE):
        return f"{v}:{_god(x)}"
    if kind == K.TILE:
        return f"tile:P{x:02d}"
    if kind in (K.DRAW, K.KEEP, K.CARD):
        return f"{v}:{card_name(x)}"
    if kind in (K.REVEAL, K.DRAFT):
        return f"{v}:S{x + 1:02d}"
    if kind in (K.DESTINY, K.BOTDESTINY):
        return f"{v}:A{x + 1:02d}"
    if kind in (K.FIRST, K.TIE, K.VALUE, K.ROT):
        return f"{v}:{x}"
    if kind == K.DEBEN:
        return f"deben:{DEBEN[x]}"
    if kind == K.PYRAMID:
        return f"pyramid:{BOT_TILE_NAMES[x]}"
    if kind == K.GAIN:
        return f"gain:{GAIN_NAMES[x]}"
    if kind == K.TAKE:
        verb = "anubis" if x & 0x8000 else ("takeonly" if x & 0x4000 else "take")
        sec, col, val = (x >> 8) & 0x3F, (x >> 4) & 0xF, x & 0xF
        return f"{verb}:{GOD_ABBR[sec]}:{COLOUR_LETTERS[col]}{val}"
    if kind == K.ACT:
        return f"act:{GOD_ABBR[x]}"
    if kind == K.PRODUCE:   # the same verb as a God action: "act:produce", "act:produce-P"
        return "act:produce" + (f"-{RES[x - 1]}" if x else "")
    if kind == K.STATUE:
        return f"statue:{STATUE_TARGETS[x]}"
    if kind == K.SPACE:
        return f"pillar:r{x // 5 + 1}c{x % 5 + 1}"
    if kind == K.BUILD:
        return f"build:{BUILD_NAMES[x]}"
    if kind == K.DISTRICT:
        return f"district:{RES[x]}"
    if kind in (K.REFRESH, K.SECTION):
        return f"{v}:{x + 1}"
    if kind == K.PAY:
        parts = [f"{n}{(x >> (3 * i)) & 7}" for i, n in enumerate(PAY_PARTS) if (x >> (3 * i)) & 7]
        swap = "~LG" if x & PAY_SWAP else ""  # T22: Limestone and Granite stood in for each other
        return "pay:" + ("".join(parts) if parts else "none") + swap
    if kind == K.FAITH:
        return f"faith:{x - 32:+d}"
    if kind == K.BREAD:
        sc = f",{x >> 8}" if x >> 8 else ""  # Scribes paid as Gold (T10)
        return f"bread:{(x >> 4) & 0xF},{x & 0xF}{sc}"
    if kind == K.DECREES:
        ids = [((x >> (7 * i)) & 0x7F) - 1 for i in range(3)]
        names = [card_name(c) for c in ids if c >= 0]
        return "decrees:" + ("+".join(names) if names else "none")
    if kind == K.EXTRA:
        return f"extra:{_act_name(x >> 4)}{x & 0xF}"
    if kind == K.BLESS:
        return f"bless:{card_name(x & 0x7F)}" + (f"/{x >> 7}" if x >> 7 else "")
    raise ValueError(f"cannot format {a}")


def parse_action(tok: str) -> int:
    """The action of a token; ValueError naming the problem when it is not one."""
    if not isinstance(tok, str) or not tok or any(c.isspace() for c in tok):
        raise ValueError(f"not a move token: {tok!r}")
    verb, _, arg = tok.partition(":")
    if verb not in VERBS:
        raise ValueError(f"unknown move verb {verb!r} in {tok!r}")
    kind = VERBS[verb]
    if kind == K.ACT and arg.startswith("produce"):   # Produce is its own kind, verb "act"
        kind = K.PRODUCE
    try:
        x = _parse_arg(verb, kind, arg)
    except (ValueError, IndexError, KeyError) as e:
        raise ValueError(f"bad argument in move {tok!r}: {e}") from None
    if not 0 <= x < (1 << 24):
        raise ValueError(f"argument out of range in {tok!r}")
    return (kind << 24) | x


def _num(s: str, lo: int, hi: int) -> int:
    if not re.fullmatch(r"[+-]?\d{1,3}", s):
        raise ValueError(f"not a number: {s!r}")
    n = int(s)
    if not lo <= n <= hi:
        raise ValueError(f"{n} not in {lo}..{hi}")
    return n


def _parse_arg(verb: str, kind: int, arg: str) -> int:
    if kind == K.PASS:
        if arg:
            raise ValueError("pass takes no argument")
        return 0
    if kind == K.ROLL:
        return COLOUR_LETTERS.index(arg[0]) * 6 + _num(arg[1:], 1, 6) - 1 if len(arg) == 2 else _fail(arg)
    if kind in (K.WHEEL, K.HORUS_TILE):
        return GOD_ABBR.index(arg)
    if kind == K.TILE:
        m = re.fullmatch(r"P(\d\d)", arg)
        return _num(m.group(1), 1, 27) if m else _fail(arg)
    if kind in (K.DRAW, K.KEEP, K.CARD):
        return card_id(arg)
    if kind in (K.REVEAL, K.DRAFT):
        m = re.fullmatch(r"S(\d\d)", arg)
        return _num(m.group(1), 1, 12) - 1 if m else _fail(arg)
    if kind in (K.DESTINY, K.BOTDESTINY):
        m = re.fullmatch(r"A(\d\d)", arg)
        return _num(m.group(1), 1, 4) - 1 if m else _fail(arg)
    if kind == K.FIRST:
        return _num(arg, 0, 3)
    if kind == K.TIE:
        return _num(arg, 0, 15)
    if kind == K.VALUE:
        return _num(arg, 1, 6)
    if kind == K.ROT:
        return _num(arg, 0, 3)
    if kind == K.DEBEN:
        return DEBEN.index(arg)
    if kind == K.PYRAMID:
        return BOT_TILE_NAMES.index(arg)
    if kind == K.GAIN:
        return GAIN_NAMES.index(arg)
    if kind == K.TAKE:
        sec, _, die = arg.partition(":")
        if len(die) != 2:
            _fail(arg)
        x = (GOD_ABBR.index(sec) << 8) | (COLOUR_LETTERS.index(die[0]) << 4) | _num(die[1], 1, 6)
        return x | (0x8000 if verb == "anubis" else 0) | (0x4000 if verb == "takeonly" else 0)
    if kind == K.ACT:
        return GOD_ABBR.index(arg)
    if kind == K.STATUE:
        return STATUE_TARGETS.index(arg)
    if kind == K.SPACE:
        m = re.fullmatch(r"r([1-5])c([1-5])", arg)
        return (int(m.group(1)) - 1) * 5 + int(m.group(2)) - 1 if m else _fail(arg)
    if kind == K.BUILD:
        return BUILD_NAMES.index(arg)
    if kind == K.DISTRICT:
        return RES.index(arg)
    if kind in (K.REFRESH, K.SECTION):
        return _num(arg, 1, 4) - 1
    if kind == K.PAY:
        swap = 0
        if arg.endswith("~LG"):
            arg, swap = arg[:-3], PAY_SWAP
        if arg == "none":
            return swap
        x, pos = 0, 0
        for m in re.finditer(r"(Au|P|B|L|G|S)([1-7])", arg):
            if m.start() != pos:
                _fail(arg)
            pos = m.end()
            x |= int(m.group(2)) << (3 * PAY_PARTS.index(m.group(1)))
        return x | swap if pos == len(arg) and pos else _fail(arg)
    if kind == K.FAITH:
        return _num(arg, -31, 31) + 32
    if kind == K.BREAD:
        b, _, g = arg.partition(",")
        g, _, sc = g.partition(",")
        return (_num(sc, 1, 15) << 8 if sc else 0) | (_num(b, 0, 15) << 4) | _num(g, 0, 15)
    if kind == K.DECREES:
        if arg == "none":
            return 0
        ids = [card_id(n) for n in arg.split("+")]
        if len(ids) > 3:
            _fail(arg)
        x = 0
        for i, c in enumerate(ids):
            x |= (c + 1) << (7 * i)
        return x
    if kind == K.PRODUCE:
        if arg == "produce":
            return 0
        if arg.startswith("produce-") and arg[8:] in RES:
            return 1 + RES.index(arg[8:])
        _fail(arg)
    if kind == K.EXTRA:
        m = re.fullmatch(r"(Ho|Ra|Ha|Ba|Th|Os|produce-[PBLG])([1-6])", arg)
        return (_parse_act(m.group(1)) << 4) | int(m.group(2)) if m else _fail(arg)
    if kind == K.BLESS:
        name, _, opt = arg.partition("/")
        return card_id(name) | ((_num(opt, 0, 999) << 7) if opt else 0)
    _fail(arg)


def _fail(arg: str) -> int:
    raise ValueError(f"cannot read {arg!r}")


def upgrade_record(record: dict) -> dict:
    """A game record in the current notation version (a record without ``notation`` is version 1).

    Records hold move tokens, which are the same in versions 1 and 2; a record of an unknown
    (newer) version is a ValueError naming it."""
    if not isinstance(record, dict):
        raise ValueError("a game record is a JSON object")
    v = record.get("notation", 1)
    if v == NOTATION_VERSION:
        return record
    if v in OLD_NOTATION_VERSIONS:
        return {**record, "notation": NOTATION_VERSION}
    raise ValueError(f"game record notation version {v!r}: this engine reads versions "
                     f"{', '.join(map(str, OLD_NOTATION_VERSIONS))} and {NOTATION_VERSION}")
