"""Move notation: every action is one whitespace-free token, parsed back exactly.

``parse(format(a)) == a`` for every legal action (and chance outcome). The grammar is
documented in ``docs/notation.md``. Tokens are ``verb:argument``; the verb names the
kind of step, the argument is readable (god and card names, board coordinates).
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from . import data
from ._core import ACTION_CODES as _ACTION_CODES
from ._core import SETH_CODES
from .enums import TAKE_ANUBIS, TAKE_NO_ACTION, CardLoc, DieLoc, make_take, on_wheel, take_fields
from .enums import Kind as K

if TYPE_CHECKING:  # the rules core imports nothing from here; the annotations only name it
    from ._core import GameState

GOD_ABBR = ("Ho", "Ra", "Ha", "Ba", "Th", "Os")
SECTION_ABBR = GOD_ABBR + ("Se",)   # take / act / extra: Se is Time of Seth's Seth board and God action
AREA_ABBR = SECTION_ABBR            # the Vizier's God action areas (data.VIZIER_AREAS) are the same places
COLOUR_LETTERS = data.DIE_LETTERS  # y b w k g r u n
RES = data.RESOURCE_LETTERS  # P B L G
GAIN_NAMES = ("P", "B", "L", "G", "pop", "hap", "2pop", "3faith", "prodP", "prodB", "prodL", "prodG",
              "none", "sol", "pri")   # 12 G_NONE; 13, 14 Time of Seth: 1 Soldier, 1 Priest
# Time of Seth (data.SETH_DECKS): Cultist Powers and Artifacts by index, and where their payloads start
# (K_DRAFT / K_REVEAL: 12 + k a Cultist, 20 + k an Artifact; K_DESTINY: 4 + k an Artifact with its
# Destiny card; K_USE: k; K_CONVERT: Resource 0-3, 4 Gold, 15 no conversion).
CULTIST_NAMES = data.SETH_DECKS["Cultist"]
ARTIFACT_NAMES = data.SETH_DECKS["Artifact"]
_CULT_BASE, _ART_BASE, _ART_PICK, _CONVERT_NONE = 12, 20, 4, 15
CONVERT_NAMES = RES + ("Au",)
STATUE_TARGETS = ("god", "T-row3", "T-col3", "workshops", "quarries")
# Time of Seth (seth/horus.pxi): K_STATUE 5, 6 for the people under the left / right column of the
# Seth board (data.SETH_PEOPLE_SPACES), 7 in honour of Seth
STATUE_TARGETS += tuple(data.SETH_PEOPLE_SPACES) + ("Se",)
BUILD_NAMES = tuple(b[0] for b in data.BUILDING_SPACES)
DEBEN = ("pharaoh", "snake")
# Botankhamun's action tiles: six god tiles, then the resource tiles by their colour order.
BOT_TILE_NAMES = GOD_ABBR[:len(data.BOT_GOD_TILES)] + tuple("".join(RES[c] for c in t) for t in data.BOT_RESOURCE_TILES)
# ... and with Time of Seth (ids 10, 11; solo/seth.pxi): the Seth tile, the Priests and Soldiers tile
BOT_SETH_TILE_ABBR = {"seth": "Se", "priests_soldiers": "PS"}
BOT_TILE_NAMES += tuple(BOT_SETH_TILE_ABBR[t] for t in data.BOT_SETH_TILES)
PAY_PARTS = ("P", "B", "L", "G", "Au", "S")  # S: Scribes paid in place of Gold (T10)
PAY_SWAP = 1 << 18  # T22 substitution used
PAY_FAITH_SHIFT = 19  # Time of Seth's TX02: Faith paid in place of Soldiers (pay:F2)
# Version of the action encoding and of game records. 2: Produce is its own action kind
# (K_PRODUCE), so the ints of "act:produce..." changed; every token is the same as in version 1,
# so a version-1 record (no "notation" field) replays unchanged (upgrade_record).
NOTATION_VERSION = 2
OLD_NOTATION_VERSIONS = (1,)

# Action kinds: the enum of _core.pxd (K_* names, tekhenu_engine.enums.Kind); the verb of a kind is its name in lower
# case without "K_", except the two below.
_VERB_OF_KIND = {"K_HORUS_TILE": "horus", "K_SPACE": "pillar", "K_PRODUCE": "act", "K_VZ_DISCARD": "discard",
                 "K_CQSPACE": "conquest"}
KINDS = {int(k): _VERB_OF_KIND.get("K_" + k.name, k.name.lower()) for k in K}
VERBS = {v: k for k, v in KINDS.items() if k not in (K.PRODUCE, K.CQSPACE)}   # read from their arguments
VERBS["anubis"] = K.TAKE
VERBS["takeonly"] = K.TAKE
VERBS["artifact"] = K.DESTINY          # "artifact:Art05": an Artifact taken at a Destiny pick
# card locations (``card_loc``) and die locations (``die_loc``) by name, from the core's enums
# (tekhenu_engine.enums); the per-seat places are base + seat.
CARD_LOC = {"pile": int(CardLoc.PILE), "discard": int(CardLoc.DISCARD), "box": int(CardLoc.BOX),
            "market": int(CardLoc.MARKET), "unknown": int(CardLoc.UNKNOWN), "bottom": int(CardLoc.BOTTOM),
            "bot": int(CardLoc.BOT), "hand": int(CardLoc.HAND), "pending": int(CardLoc.PENDING),
            "bottom_known": int(CardLoc.BOTTOMK)}
DIE_LOC = {"bag": int(DieLoc.BAG), "wheel": on_wheel(0), "seth": int(DieLoc.SETH), "pure": int(DieLoc.PURE),
           "tainted": int(DieLoc.TAINT), "below": int(DieLoc.ANUBIS), "beside_bot": int(DieLoc.BOT),
           "box": int(DieLoc.BOX)}


# Time of Seth: Conquest tiles by index (data.CONQUEST_TILES: CQ01-CQ12); the colour an Anubis die
# counts as (K_AS 1 red, 2 blue: the die letters)
CONQUEST_IDS = tuple(t["id"] for t in data.CONQUEST_TILES)
AS_NAMES = ("", data.DIE_LETTERS[5], data.DIE_LETTERS[6])
# Time of Seth (seth/cards.pxi): BX03/BX04's K_BLESS options (a Building of Osiris row v, district d, to
# region v: "Os-<d><v>>Se"; of region v to Osiris row v, district d: "Se<v>>Os-<d>") and TX05's
# K_SECTION payload of card-by-card picks from several sections ("section:any")
_BX_TO_SETH, _BX_TO_OSIRIS, _BX_OPTIONS = SETH_CODES["BX_TO_SETH"], SETH_CODES["BX_TO_OSIRIS"], SETH_CODES["BX_OPTIONS"]
_BX_MOVE_CARDS = ("BX03", "BX04")
THOTH_TX05 = SETH_CODES["THOTH_TX05"]


def _bx_move(opt: int) -> tuple[bool, int, int]:
    """BX03/BX04 option -> (to the Seth board, row/region 1-6, district 0-3)."""
    to_seth = opt < _BX_TO_OSIRIS
    x = opt - (_BX_TO_SETH if to_seth else _BX_TO_OSIRIS)
    return to_seth, x // 4 + 1, x % 4


def _bx_option(arg: str) -> int:
    """The BX03/BX04 option of "Os-P4>Se" / "Se4>Os-L"."""
    m = re.fullmatch(r"Os-([PBLG])([1-6])>Se", arg)
    if m:
        return _BX_TO_SETH + 4 * (int(m.group(2)) - 1) + RES.index(m.group(1))
    m = re.fullmatch(r"Se([1-6])>Os-([PBLG])", arg)
    if m:
        return _BX_TO_OSIRIS + 4 * (int(m.group(1)) - 1) + RES.index(m.group(2))
    return _num(arg, 0, 999)


def card_name(c: int) -> str:
    """Name of a card id by the card table data.CARD_DECKS: B01-B24 (0-23), T01-T24 (24-47),
    D01-D24 (48-71)."""
    for letter, _, first, count in data.CARD_DECKS:
        if first <= c < first + count:
            return f"{letter}{c - first + 1:02d}"
    raise ValueError(f"no card {c}")


# every card id of the decks in data.CARD_DECKS (Blessings, Technologies, Decrees), in order
CARD_IDS: tuple[int, ...] = tuple(first + k for _, _, first, count in data.CARD_DECKS for k in range(count))


def card_deck(c: int) -> int:
    """Index of a card's deck in data.CARD_TYPES (0 Blessings, 1 Technologies, 2 Decrees)."""
    if c not in data.CARD_DECK_OF:
        raise ValueError(f"no card {c}")
    return data.CARD_DECK_OF[c]


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
    if act < len(SECTION_ABBR):
        return SECTION_ABBR[act]
    if act == ACT_PRODUCE:
        return "produce"
    if ACT_PRODUCE_RES <= act < ACT_PRODUCE_RES + len(RES):
        return "produce-" + RES[act - ACT_PRODUCE_RES]
    raise ValueError(f"no action code {act}")


def _parse_act(s: str) -> int:
    if s in SECTION_ABBR:
        return SECTION_ABBR.index(s)
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
        if x >= _ART_BASE:
            return f"{v}:{ARTIFACT_NAMES[x - _ART_BASE]}"
        if x >= _CULT_BASE:
            return f"{v}:{CULTIST_NAMES[x - _CULT_BASE]}"
        return f"{v}:S{x + 1:02d}"
    if kind == K.DESTINY and x >= _ART_PICK:
        return f"artifact:{ARTIFACT_NAMES[x - _ART_PICK]}"
    if kind in (K.DESTINY, K.BOTDESTINY, K.VZ_DISCARD):
        return f"{v}:A{x + 1:02d}"
    if kind == K.VIZIER:
        return f"vizier:{AREA_ABBR[x]}"
    if kind == K.USE:
        return f"use:{ARTIFACT_NAMES[x]}"
    if kind == K.CONVERT:
        return "convert:" + ("none" if x == _CONVERT_NONE else CONVERT_NAMES[x])
    if kind in (K.FIRST, K.TIE, K.VALUE, K.ROT):
        return f"{v}:{x}"
    if kind == K.DEBEN:
        return f"deben:{DEBEN[x]}"
    if kind == K.PYRAMID:
        return f"pyramid:{BOT_TILE_NAMES[x]}"
    if kind == K.GAIN:
        return f"gain:{GAIN_NAMES[x]}"
    if kind == K.TAKE:
        verb = "anubis" if x & TAKE_ANUBIS else ("takeonly" if x & TAKE_NO_ACTION else "take")
        sec, col, val = take_fields(x)
        return f"{verb}:{SECTION_ABBR[sec]}:{COLOUR_LETTERS[col]}{val}"
    if kind == K.ACT:
        return f"act:{SECTION_ABBR[x]}"
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
    if kind == K.SECTION and x == THOTH_TX05:
        return f"{v}:any"
    if kind in (K.REFRESH, K.SECTION):
        return f"{v}:{x + 1}"
    if kind == K.PAY:
        parts = [f"{n}{(x >> (3 * i)) & 7}" for i, n in enumerate(PAY_PARTS) if (x >> (3 * i)) & 7]
        swap = "~LG" if x & PAY_SWAP else ""  # T22: Limestone and Granite stood in for each other
        if (x >> PAY_FAITH_SHIFT) & 7:       # TX02: Faith in place of Soldiers
            parts.append(f"F{(x >> PAY_FAITH_SHIFT) & 7}")
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
        name, opt = card_name(x & 0x7F), x >> 7
        if name in _BX_MOVE_CARDS and 1 <= opt <= _BX_OPTIONS:   # Time of Seth: a Building moved
            to_seth, v, d = _bx_move(opt)
            return f"bless:{name}/" + (f"Os-{RES[d]}{v}>Se" if to_seth else f"Se{v}>Os-{RES[d]}")
        return f"bless:{name}" + (f"/{opt}" if opt else "")
    if kind == K.CONQUEST:      # Time of Seth: the Conquest tile turned face up
        return f"conquest:{CONQUEST_IDS[x]}"
    if kind == K.CQSPACE:       # Time of Seth: the Temple space of the face-up Conquest tile
        return f"conquest:r{x // 5 + 1}c{x % 5 + 1}"
    if kind == K.AS:            # Time of Seth: an Anubis die counts as red or blue
        return f"as:{AS_NAMES[x]}"
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
    if kind == K.CONQUEST and arg.startswith("r"):    # conquest:r2c3 places the tile, conquest:CQ07 turns one up
        kind = K.CQSPACE
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
    if kind == K.CONQUEST:
        return CONQUEST_IDS.index(arg)
    if kind == K.AS:
        return AS_NAMES.index(arg) if arg in AS_NAMES[1:] else _fail(arg)
    if kind == K.CQSPACE:
        m = re.fullmatch(r"r([1-5])c([1-5])", arg)
        return (int(m.group(1)) - 1) * 5 + int(m.group(2)) - 1 if m else _fail(arg)
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
        if arg in CULTIST_NAMES:
            return _CULT_BASE + CULTIST_NAMES.index(arg)
        if arg in ARTIFACT_NAMES and kind == K.REVEAL:
            return _ART_BASE + ARTIFACT_NAMES.index(arg)
        m = re.fullmatch(r"S(\d\d)", arg)
        return _num(m.group(1), 1, 12) - 1 if m else _fail(arg)
    if verb == "artifact":
        return _ART_PICK + ARTIFACT_NAMES.index(arg)
    if kind == K.USE:
        return ARTIFACT_NAMES.index(arg)
    if kind == K.CONVERT:
        return _CONVERT_NONE if arg == "none" else CONVERT_NAMES.index(arg)
    if kind in (K.DESTINY, K.BOTDESTINY, K.VZ_DISCARD):
        m = re.fullmatch(r"A(\d\d)", arg)
        return _num(m.group(1), 1, 4) - 1 if m else _fail(arg)
    if kind == K.VIZIER:
        return AREA_ABBR.index(arg)
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
        x = make_take(SECTION_ABBR.index(sec), COLOUR_LETTERS.index(die[0]), _num(die[1], 1, 6))
        return x | (TAKE_ANUBIS if verb == "anubis" else 0) | (TAKE_NO_ACTION if verb == "takeonly" else 0)
    if kind == K.ACT:
        return SECTION_ABBR.index(arg)
    if kind == K.STATUE:
        return STATUE_TARGETS.index(arg)
    if kind == K.SPACE:
        m = re.fullmatch(r"r([1-5])c([1-5])", arg)
        return (int(m.group(1)) - 1) * 5 + int(m.group(2)) - 1 if m else _fail(arg)
    if kind == K.BUILD:
        return BUILD_NAMES.index(arg)
    if kind == K.DISTRICT:
        return RES.index(arg)
    if kind == K.SECTION and arg == "any":
        return THOTH_TX05
    if kind in (K.REFRESH, K.SECTION):
        return _num(arg, 1, 4) - 1
    if kind == K.PAY:
        swap = 0
        if arg.endswith("~LG"):
            arg, swap = arg[:-3], PAY_SWAP
        if arg == "none":
            return swap
        x, pos = 0, 0
        for m in re.finditer(r"(Au|P|B|L|G|S|F)([1-7])", arg):
            if m.start() != pos:
                _fail(arg)
            pos = m.end()
            shift = PAY_FAITH_SHIFT if m.group(1) == "F" else 3 * PAY_PARTS.index(m.group(1))
            x |= int(m.group(2)) << shift
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
        m = re.fullmatch(r"(Ho|Ra|Ha|Ba|Th|Os|Se|produce-[PBLG])([1-6])", arg)
        return (_parse_act(m.group(1)) << 4) | int(m.group(2)) if m else _fail(arg)
    if kind == K.BLESS:
        name, _, opt = arg.partition("/")
        if name in _BX_MOVE_CARDS and opt:
            return card_id(name) | (_bx_option(opt) << 7)
        return card_id(name) | ((_num(opt, 0, 999) << 7) if opt else 0)
    _fail(arg)


def _fail(arg: str) -> int:
    raise ValueError(f"cannot read {arg!r}")


# ----------------------------------------------------------------------------- plain language
# One place for the words people read next to a move token (the terminal game, the SVG picture,
# the replay viewer and the web page all use these).
_GOD_ACTIONS = (
    "build a Statue", "raise a Pillar in the Temple", "construct a Building around the Temple",
    "hold a festival (Happiness and VP)", "take cards from the Market", "construct a Building in a district",
    "construct a Building in the region of the die's value on the Seth board",
)
_GAIN_TEXT = ("1 Papyrus", "1 Bread", "1 Limestone", "1 Granite", "1 Population", "1 Happiness",
              "2 Population", "3 Faith", "+1 Papyrus production", "+1 Bread production",
              "+1 Limestone production", "+1 Granite production", "nothing", "1 Soldier", "1 Priest")
_STATUE_TEXT = ("in honour of the god of the die's Horus slot", "for the people beside Temple row 3",
                "for the people above Temple column 3", "for the people at the workshops",
                "for the people at the quarries",
                "for the people under the Seth board's left column (a free Thoth 1 per region there with a Building)",
                "for the people under the Seth board's right column (a free Thoth 1 per region there with a Building)",
                "in honour of Seth (2 Priests more; 1 Resource whenever another player performs Seth)")
_PAY_TEXT = ("Papyrus", "Bread", "Limestone", "Granite", "Gold", "Scribes (as Gold)")
_STEP_TEXT = {
    "D_KEEP": "Keep one of the cards drawn", "D_DRAFT": "Draft a Starting card",
    "D_DESTINY": "Take a Destiny card", "D_GAIN": "Choose a reward", "D_TAKE": "Take a die from the wheel",
    "D_ADJUST": "Adjust the die's value with Scribes", "D_ACTION": "Choose the action for the die",
    "D_HORUS": "Horus: where the Statue goes", "D_RA_SPACE": "Ra: the Temple space for the Pillar",
    "D_RA_ROT": "Ra: turn the Pillar tile", "D_HATHOR": "Hathor: the Building space",
    "D_OSIRIS": "Osiris: the district", "D_THOTH_REFRESH": "Thoth: refresh a Market section first?",
    "D_THOTH_CARD": "Thoth: take a card", "D_PAY": "Pay the cost", "D_FAITH": "Maat: Faith onto the scales",
    "D_BREAD": "Scoring: feed your Populace (Bread upkeep)", "D_DECREES": "Scoring: the Decrees to score",
    "D_EXTRA": "An extra action", "D_BLESS": "Play a card (or pass)",
    "D_VZ_DISCARD": "Vizier: discard a Destiny card (the other player cannot take it this time)",
    "D_VZ_PLACE": "Vizier: move the Vizier to a God action area",
    "D_SETH_CONVERT": "Cultist Power: convert 1 Resource (or not)",
    "D_ARTIFACT": "Use an Artifact (or pass)", "D_ART_ACTION": "Artifact: the action and its value",
    "D_SETH_GODACT": "A God action without a die (Seth Statue for the people, Conquest tile)",
}
_CONVERT_TO = {"gold": "1 Gold", "scribes": "1 Scribe"}
# the score-breakdown categories (``GameState.score_breakdown`` keys) in words
VP_CATEGORY_NAMES = {
    "districts": "Osiris districts", "temple": "Temple", "statues": "Statues", "happiness": "Happiness",
    "production": "production", "building_row": "Buildings row", "bread": "Bread upkeep",
    "maat": "Maat penalties", "decrees": "Decrees", "turn_order": "turn order", "actions": "during play",
    "bot_cards": "Botankhamun's cards", "seth": "Seth board and action",
}


def vizier_summary(d: dict) -> tuple[str, str] | None:
    """The Vizier's Challenge in words from a state's ``to_dict()``: (where it stands and who scores,
    the Vizier VP so far and the Destiny card discarded at this pick); None without the option.
    The terminal, ``show`` and the SVG picture print these lines."""
    from ._core import OPTION_BITS

    if not d["options"] & OPTION_BITS["vizier"]:
        return None
    area = d["vizier_area"] - 1
    where = "not placed yet" if area < 0 else "on " + (data.GODS[area] if area < len(data.GODS) else "the Seth board")
    first, second = d["turn_order"][0], d["turn_order"][1]
    line1 = f"Vizier {where}: {data.VIZIER_VP} VP to Seat {first} when Seat {second} takes a die there"
    line2 = "Vizier VP so far: " + ", ".join(f"Seat {q} {d['vizier_vp'][q]}" for q in range(d["nseats"]))
    if d["vizier_discard"]:
        line2 += f" | Destiny A{d['vizier_discard']:02d} discarded at this pick"
    return line1, line2


def action_cards(action: int) -> list[int]:
    """Card ids (0-71) an action or chance outcome names (draws, keeps, Thoth takes, Decree sets,
    Blessings); [] for the others."""
    kind, x = action >> 24, action & 0xFFFFFF
    if KINDS.get(kind) in ("draw", "keep", "card"):
        return [x]
    if KINDS.get(kind) == "bless":
        return [x & 0x7F]
    if KINDS.get(kind) == "decrees":
        return [c for c in (((x >> (7 * i)) & 0x7F) - 1 for i in range(3)) if c >= 0]
    return []


_SETH_KINDS = {"BX": "Blessing", "TX": "Technology", "DX": "Decree", "SX": "Starting card",
               "Cult": "Cultist Power", "Art": "Artifact", "CQ": "Conquest tile"}
_SETH_NAMES = {k.upper(): k for k in data.SETH_CARD_TEXT}


def card_text(name: str) -> str:
    """The printed text of a card or tile by its name (B01, T05, D12, S03, A02, P14; Time of Seth's
    BX01, TX03, DX02, SX05, Cult04, Art07, CQ09), from :data:`tekhenu_engine.data.CARD_TEXT` and
    ``data.SETH_CARD_TEXT``; ValueError for a name that is none."""
    key = name.strip().upper()
    if key in _SETH_NAMES:
        key = _SETH_NAMES[key]
        kind = next(v for k, v in _SETH_KINDS.items() if key.startswith(k))
        return f"{key} ({kind}, Time of Seth): {data.SETH_CARD_TEXT[key]}"
    if key not in data.CARD_TEXT:
        raise ValueError(f"no card or tile named {name!r} (cards B01-B24, T01-T24, D01-D24, "
                         f"Starting S01-S12, Destiny A01-A04, Pillar tiles P01-P27)")
    kind = {"B": "Blessing", "T": "Technology", "D": "Decree", "S": "Starting card", "A": "Destiny card",
            "P": "Pillar tile"}[key[0]]
    return f"{key} ({kind}): {data.CARD_TEXT[key]}"


def card_brief(c: int, width: int = 48) -> str:
    """A card's text cut to ``width`` characters (for lists of choices); Time of Seth's BX, TX and
    DX cards from ``data.SETH_CARD_TEXT``."""
    text = data.CARD_TEXT.get(card_name(c)) or data.SETH_CARD_TEXT.get(card_name(c), "")
    if ":" in text and text.index(":") < 60 and not text.startswith("Score"):
        text = text.split(":", 1)[1].strip()
    return text if len(text) <= width else text[: width - 3].rstrip() + "..."


def step_text(state: "GameState") -> str:
    """What the pending decision asks, in plain words ('Take a die from the wheel')."""
    from ._core import STEP_TYPES

    t = state.step_type()
    for name, code in STEP_TYPES.items():
        if code == t and name in _STEP_TEXT:
            step = state.step()
            if name == "D_GAIN" and step and step[3] > 1:  # several rewards, one at a time
                return f"{_STEP_TEXT[name]} ({step[3]} still to choose)"
            return _STEP_TEXT[name]
    if state.is_terminal():
        return "The game is over"
    return "A chance step" if state.is_chance() else "A decision"


def _who(state: "GameState", seat: int, viewer: int | None) -> str:
    if viewer is not None and seat == viewer:
        return "You"
    if state.num_players() == 1 and seat == 1:
        return "Botankhamun"
    return f"Seat {seat}"


def hidden_from(state: "GameState", action: int, viewer: int) -> bool:
    """Whether ``viewer`` may not be told which cards ``action`` names: one of them is unknown to
    the viewer once the action is applied (another seat keeps a Decree, draws one face down,
    scores its hidden Decrees...). ``state`` is the full state before the action."""
    names = action_cards(action)
    if not names:
        return False
    after = state.clone()
    try:
        after.apply(action)
    except ValueError:
        return True
    seen = after.observation(viewer).field("card_loc")
    return any(seen[c] == CARD_LOC["unknown"] for c in names)


def _die_text(state: "GameState", sec: int, col: int, val: int) -> str:
    d = state.to_dict()
    if sec == data.SETH_GOD_INDEX:      # Time of Seth: "All dice on the Seth board are Tainted."
        return f"the {data.DIE_COLOURS[col]} {val} from the Seth board (Tainted)"
    light = data.LIGHT_PATTERN[(sec - d["arrow"]) % 6]
    purity = data.PURITIES[data.PURITY[light][col]]
    return f"the {data.DIE_COLOURS[col]} {val} from {data.GODS[sec]} ({purity})"


def describe_action(state: "GameState", action: int, viewer: int | None = None) -> str:
    """A move in plain language, e.g. 'Take the yellow 5 from Hathor (Pure)'.

    ``state`` is the state the action is played in. With ``viewer`` (a seat), the text is what
    that seat may be told: another seat's hidden choice reads 'Seat 1 keeps a Decree', never the
    card, and the subject is named ('You', 'Seat 1', 'Botankhamun'). Without it, the bare
    imperative for the seat to move (used next to its own choices).
    """
    kind, x = action >> 24, action & 0xFFFFFF
    verb = KINDS.get(kind, "?")
    chance = state.is_chance()
    seat = state.current_player()
    subject = ""
    if viewer is not None and not chance:
        subject = _who(state, seat, viewer)
    if viewer is not None and hidden_from(state, action, viewer):
        n = len(action_cards(action))
        kinds = sorted({data.CARD_TYPES[card_deck(c)] for c in action_cards(action)})
        what = kinds[0] if len(kinds) == 1 else "card"
        if verb == "draw":
            return f"A {what} is drawn face down"
        if verb == "keep":
            return f"{subject} keeps a {what}"
        if verb == "decrees":
            return f"{subject} scores {n} Decree{'s' if n != 1 else ''}"
        if verb == "card":
            return f"{subject} takes a {what} from the Market"
        return f"{subject} makes a hidden choice"
    if kind == K.PRODUCE:
        d = state.to_dict()
        if x == 0:
            col = d["cur_colour"]
            res = data.RESOURCES[col] if col < len(data.RESOURCES) else data.DIE_COLOURS[col]
            text = f"Produce {res} (die value {d['cur_value']})"
        else:
            text = f"Produce {data.RESOURCES[x - 1]} (die value {d['cur_value']})"
    else:
        text = _describe(state, verb, x)
    if chance:
        return text
    if subject:
        return f"{subject}: {text}" if subject != "You" else text
    return text


def _describe(state: "GameState", verb: str, x: int) -> str:  # noqa: C901 - one branch per verb, kept flat
    if verb == "pass":
        return "Pass (do nothing here)"
    if verb == "roll":
        where = " onto the Seth board" if state.step().name == "CH_SETH_ROLL" else ""
        return f"A {data.DIE_COLOURS[x // 6]} die is rolled{where}: {x % 6 + 1}"
    if verb == "as":
        what = "Soldiers" if x == 1 else "Priests"
        return f"The Anubis die counts as {'red' if x == 1 else 'blue'}: gain {what} equal to its value"
    if verb == "conquest" and state.step().name == "D_CONQUEST":
        return f"Put the face-up Conquest tile on Temple space row {x // 5 + 1}, column {x % 5 + 1}"
    if verb == "conquest":
        return f"Conquest tile {CONQUEST_IDS[x]} is turned face up: {data.SETH_CARD_TEXT[CONQUEST_IDS[x]]}"
    if verb == "wheel":
        return f"The wheel's arrow starts on {data.GODS[x]}"
    if verb == "horus":
        return f"The {data.GODS[x]} tile goes on the next Horus slot"
    if verb == "tile":
        return f"Pillar tile P{x:02d} is drawn"
    if verb == "draw":
        return f"{card_name(x)} is drawn: {card_brief(x)}"
    if verb == "reveal":
        if x >= _ART_BASE:
            name = ARTIFACT_NAMES[x - _ART_BASE]
            return f"Artifact {name} is displayed: {_brief_text(name)}"
        if x >= _CULT_BASE:
            name = CULTIST_NAMES[x - _CULT_BASE]
            return f"Cultist Power {name} is displayed: {_brief_text(name)}"
        return f"Starting card {_start_name(state, x)} is revealed"
    if verb == "first":
        return f"Seat {x} starts the draft"
    if verb == "deben":
        return "Botankhamun's Deben shows the " + ("Pharaoh" if x == 0 else "Snake")
    if verb == "tie":
        return f"Botankhamun's tie is broken at random: choice {x + 1}"
    if verb == "pyramid":
        return f"Botankhamun's pyramid gets the {BOT_TILE_NAMES[x]} tile"
    if verb == "botdestiny":
        return f"Botankhamun gets Destiny card A{x + 1:02d}"
    if verb == "keep":
        return f"Keep {card_name(x)}: {card_brief(x)}"
    if verb == "draft":
        if x >= _CULT_BASE:
            name = CULTIST_NAMES[x - _CULT_BASE]
            return f"Take Cultist Power {name}: {_brief_text(name)}"
        name = _start_name(state, x)
        return f"Take Starting card {name}: {_brief_text(name)}"
    if verb == "destiny":
        if x >= _ART_PICK:
            name = ARTIFACT_NAMES[x - _ART_PICK]
            art = data.ARTIFACTS[name]
            return (f"Take Artifact {name} for {art['priests']} Priests, with Destiny card "
                    f"A{art['ankh'] + 1:02d} for its Ankh only: {_brief_text(name)}")
        return f"Take Destiny card A{x + 1:02d}: {_brief_text(f'A{x + 1:02d}')}"
    if verb == "discard":
        return f"Discard Destiny card A{x + 1:02d} (not available to the second player until the next Maat)"
    if verb == "vizier":
        area = data.GODS[x] if x < len(data.GODS) else "the Seth board"
        return (f"Move the Vizier to {area} (the first player scores {data.VIZIER_VP} VP whenever the "
                f"second player takes a die there)")
    if verb == "use":
        name = ARTIFACT_NAMES[x]
        return f"Use {name}: {_brief_text(name, 60)}"
    if verb == "convert":
        if x == _CONVERT_NONE:
            return "Convert nothing"
        step = state.step()
        to = data.CULTISTS[CULTIST_NAMES[step[2]]]["others"]["to"] if step else "gold"
        what = data.RESOURCES[x] if x < len(data.RESOURCES) else "Gold"
        return f"Convert 1 {what} into {_CONVERT_TO[to]}"
    if verb == "gain":
        times = state.step().d if state.step().name == "D_GAIN" else 0
        if times > 1 and x < 4:         # Time of Seth, CQ05: "3 identical resources"
            return f"Gain {times} {data.RESOURCES[x]}"
        return f"Gain {_GAIN_TEXT[x]}" if x < len(_GAIN_TEXT) else "Gain nothing"
    if verb == "take":
        sec, col, val = take_fields(x)
        die = _die_text(state, sec, col, val)
        if x & TAKE_ANUBIS:
            return f"Anubis (2 Scribes): take {die}, any action"
        if x & TAKE_NO_ACTION:
            return f"Take {die} without an action"
        return f"Take {die}"
    if verb == "value":
        return f"Make the die a {x}"
    if verb == "act":
        return f"{(data.GODS + ('Seth',))[x]}: {_GOD_ACTIONS[x]}"
    if verb == "statue":
        return f"Build the Statue {_STATUE_TEXT[x]}"
    if verb == "pillar":
        kind, amount = data.TEMPLE_REWARDS[x]
        return f"Pillar on row {x // 5 + 1}, column {x % 5 + 1} (reward {amount} {data.REWARD_KINDS[kind]})"
    if verb == "rot":
        return "Leave the Pillar tile as drawn" if x == 0 else f"Turn the Pillar tile {x} quarter{'s' if x > 1 else ''} clockwise"
    if verb == "build":
        name, axis, line, bread, _ = data.BUILDING_SPACES[x]
        where = {"W": "left of row", "E": "right of row", "S": "below column", "N": "above column"}[name[0]]
        return f"Building on {name} ({where} {line}, {bread} Bread)"
    if verb == "district":
        return f"Building in the {data.RESOURCES[x]} district"
    if verb == "refresh":
        return f"Pay 1 Papyrus to refresh Market section {x + 1}"
    if verb == "section" and x == THOTH_TX05:
        return "Take the cards one by one from every Market section you have access to (TX05: one may come from the section above)"
    if verb == "section":
        return f"Take cards from Market section {x + 1}"
    if verb == "card":
        return f"Take {card_name(x)}: {card_brief(x)}"
    if verb == "pay":
        parts = [f"{(x >> (3 * i)) & 7} {n}" for i, n in enumerate(_PAY_TEXT) if (x >> (3 * i)) & 7]
        swap = " (Limestone and Granite swapped, T22)" if x & PAY_SWAP else ""
        if (x >> PAY_FAITH_SHIFT) & 7:
            parts.append(f"{(x >> PAY_FAITH_SHIFT) & 7} Faith in place of Soldiers (TX02)")
        return ("Pay " + ", ".join(parts) if parts else "Pay nothing") + swap
    if verb == "faith":
        n = x - 32
        return f"Maat: {n:+d} Faith onto the scales" if n else "Maat: no Faith onto the scales"
    if verb == "bread":
        sc = f" and {x >> 8} Scribes as Gold" if x >> 8 else ""
        return f"Feed the Populace: {(x >> 4) & 0xF} Bread, {x & 0xF} Gold{sc}"
    if verb == "decrees":
        ids = [c for c in (((x >> (7 * i)) & 0x7F) - 1 for i in range(3)) if c >= 0]
        return "Score Decrees " + " + ".join(card_name(c) for c in ids) if ids else "Score no Decree"
    if verb == "extra":
        act, val = x >> 4, x & 0xF
        name = (data.GODS[act] if act < len(data.GODS) else "Produce" if act == ACT_PRODUCE
                else f"Produce {data.RESOURCES[act - ACT_PRODUCE_RES]}")
        return f"Extra action: {name} with value {val}"
    if verb == "bless":
        c, opt = x & 0x7F, x >> 7
        if card_name(c) in _BX_MOVE_CARDS and 1 <= opt <= _BX_OPTIONS:     # Time of Seth: BX03/BX04
            to_seth, v, d = _bx_move(opt)
            region = data.SETH_REGIONS[v - 1]["name"]
            if to_seth:
                return (f"Play {card_name(c)}: move your Building of Osiris row {v} ({data.RESOURCES[d]}) "
                        f"to {region} on the Seth board (its Soldiers; the region's reward)")
            return (f"Play {card_name(c)}: move your Building of {region} on the Seth board to Osiris row {v}, "
                    f"{data.RESOURCES[d]} district (1 Happiness; the row's production and gains)")
        return f"Play {card_name(c)}" + (f" (option {opt})" if opt else "") + f": {card_brief(c)}"
    return verb


def _start_name(state: "GameState", x: int) -> str:
    """The Starting card of place x: SX01-SX12 with Time of Seth, else S01-S12."""
    return f"SX{x + 1:02d}" if _has_seth(state) else f"S{x + 1:02d}"


def _has_seth(state: "GameState") -> bool:
    from ._core import OPTION_BITS

    return bool(state.field("options") & OPTION_BITS.get("seth", 0))


def brief_text(name: str, width: int = 48) -> str:
    """The printed text of a card or tile by name (base or Time of Seth), cut to ``width``
    characters; an Artifact without its cost and Ankh, a Starting or Destiny card without its value."""
    text = data.CARD_TEXT.get(name, "") or data.SETH_CARD_TEXT.get(name, "")
    if name in data.ARTIFACTS:
        text = seth_card_effect(name)
    if text.startswith(("Initiative Value", "Ankh Value")):
        text = text.split(". ", 1)[1] if ". " in text else text
    return text if len(text) <= width else text[: width - 3].rstrip() + "..."


_brief_text = brief_text


def seth_card_effect(name: str) -> str:
    """What a Time of Seth card or tile does, from its printed text (``data.SETH_CARD_TEXT``): an
    Artifact without its cost, its Ankh and the "Remove this card from the game" every Artifact
    prints (its Scribe to pay kept); any other the whole text."""
    text = data.SETH_CARD_TEXT.get(name, "")
    if name in data.ARTIFACTS and "immediately " in text:
        scribe = "pay 1 Scribe, " if data.ARTIFACTS[name]["use_cost"].get("scribes") else ""
        return scribe + text.split("immediately ", 1)[1]
    return text


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
