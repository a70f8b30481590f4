"""A readable text picture of a position, for people (``show`` in the protocol, ``tekhenu play``).

Only reads :meth:`GameState.to_dict`; it never changes a state. Pass an observation to
render what one seat may see: hidden cards then show as ``?``.
"""
from __future__ import annotations

from . import data
from ._core import GameState
from .enums import CardLoc as _CL
from .notation import (CARD_IDS, GOD_ABBR, brief_text, card_name, format_action, seth_card_effect,
                       vizier_summary)

_LOC_NAMES = {0: "bag", 7: "Seth", 99: "box", 98: "hand"}
_CL_UNKNOWN, _CL_HAND, _CL_PENDING = _CL.UNKNOWN, _CL.HAND, _CL.PENDING


def _die(colour: int, value: int) -> str:
    return f"{data.DIE_LETTERS[colour]}{value}"


_SP_DISPLAY, _SP_GONE, _SP_SEAT = 1, 2, 10      # cult_loc / art_loc places (seth/state.pxi)
_CQ_STACK, _CQ_FACEUP = 1, 2                    # conquest_loc places
_CULTS, _ARTS = data.SETH_DECKS["Cultist"], data.SETH_DECKS["Artifact"]


def seth_lines(d: dict) -> list[str]:
    """Time of Seth's shared pieces as text lines ([] without the option): the Seth board's
    regions with their Buildings (owner seats), its Statues and dice, the Conquest stack (the
    face-up tile, the count below it) and the tiles on Temple spaces, the Cultist Powers and
    Artifacts on display. Everything here is public."""
    from ._core import OPTION_BITS

    if not d["options"] & OPTION_BITS["seth"]:
        return []
    n = d["nplayers"]
    per = data.SETH_REGION_SPACES
    regions = []
    for k, r in enumerate(data.SETH_REGIONS):
        owners = "".join(str(o) if o >= 0 else "." for o in d["seth_build"][k * per:(k + 1) * per])
        regions.append(f"{r['value']} {r['name']}[{owners}]")
    people = " ".join(f"{col}:{o if o >= 0 else '-'}" for col, o in zip(data.SETH_COLUMNS, d["seth_people"]))
    usable = data.SETH_GOD_STATUE_SPACES.get(n, 0)
    god = "".join(str(o) if o >= 0 else "." for o in d["seth_god"][:usable])
    dice = " ".join(_die(d["die_colour"][i], d["die_value"][i]) for i in range(d["ndice"]) if d["die_loc"][i] == 7)
    up = [data.CONQUEST_TILES[k]["id"] for k, loc in enumerate(d["conquest_loc"]) if loc == _CQ_FACEUP]
    below = sum(1 for loc in d["conquest_loc"] if loc == _CQ_STACK)
    temple = " ".join(f"r{sp // 5 + 1}c{sp % 5 + 1}:{data.CONQUEST_TILES[k]['id']}"
                      for sp, k in enumerate(d["temple_conquest"]) if k >= 0)
    cults = " ".join(_CULTS[k] for k, loc in enumerate(d["cult_loc"]) if loc == _SP_DISPLAY)
    arts = " ".join(_ARTS[k] for k, loc in enumerate(d["art_loc"]) if loc == _SP_DISPLAY)
    lines = [f"Seth board (Buildings by seat): {' '.join(regions)}",
             f"  Statues for the people {people}; in honour of Seth [{god}]; dice {dice or '-'}",
             f"Conquest: face up {up[0] if up else '-'}, {below} face down below it; on the Temple: {temple or '-'}",
             f"On display: Cultist Powers {cults or '-'}; Artifacts {arts or '-'}"]
    # the legend: the printed text of every Time of Seth card or tile named above and on the seats
    # (all public; `card <id>` in the terminal gives the whole text)
    named = up + sorted({data.CONQUEST_TILES[k]["id"] for k in d["temple_conquest"] if k >= 0})
    named += [_CULTS[k] for k, loc in enumerate(d["cult_loc"]) if loc == _SP_DISPLAY or loc >= _SP_SEAT]
    named += [_ARTS[k] for k, loc in enumerate(d["art_loc"]) if loc == _SP_DISPLAY or loc >= _SP_SEAT]
    lines += [f"  {name}: {_legend_text(name, 140 - len(name))}" for name in named]   # at most 2 lines
    return lines


def _legend_text(name: str, width: int) -> str:
    """A Time of Seth card's printed text for the legend (width characters): an Artifact's effect without the
    "Remove this card from the game" every Artifact prints (its cost and Ankh come first)."""
    if name in _ARTS:
        a = data.ARTIFACTS[name]
        text = f"{a['priests']} Priests, Ankh {a['ankh']}: {seth_card_effect(name)}"
        return text if len(text) <= width else text[: width - 3].rstrip() + "..."
    return brief_text(name, width)


def seth_cards_of(d: dict, p: int) -> list[str]:
    """The Cultist Power seat p owns and the Artifacts it holds (public), by name."""
    return ([_CULTS[k] for k, loc in enumerate(d["cult_loc"]) if loc == _SP_SEAT + p]
            + [_ARTS[k] for k, loc in enumerate(d["art_loc"]) if loc == _SP_SEAT + p])


def seth_seat_line(d: dict, p: int) -> str | None:
    """A seat's Time of Seth pieces in one line (None without the option): Soldiers, Priests,
    Blood, its Seth Buildings, its Cultist Power and the Artifacts it holds (all public)."""
    from ._core import OPTION_BITS

    if not d["options"] & OPTION_BITS["seth"]:
        return None
    built = sum(1 for o in d["seth_build"] if o == p)
    cult = " ".join(_CULTS[k] for k, loc in enumerate(d["cult_loc"]) if loc == _SP_SEAT + p)
    arts = " ".join(_ARTS[k] for k, loc in enumerate(d["art_loc"]) if loc == _SP_SEAT + p)
    return (f"Soldiers {d['soldiers'][p]} Priests {d['priests'][p]} Blood {d['blood'][p]} | Seth Buildings {built}"
            f" | Cultist {cult or '-'} | Artifacts {arts or '-'}")


def seat_name(g: GameState, seat: int) -> str:
    """'Seat 0', or 'Botankhamun' for the automaton's seat in a solo game."""
    if g.num_players() == 1 and seat == 1:
        return "Botankhamun"
    return f"Seat {seat}"


def bot_last_turn(g: GameState) -> str | None:
    """Botankhamun's last turn as text (solo games, when the automaton's turn log is built in)."""
    if g.num_players() != 1:
        return None
    try:
        from .botlog import describe, last_turn
    except ImportError:
        return None
    entry = last_turn(g)
    return describe(entry) if entry else None


def render(g: GameState, *, seat: int | None = None, legal: bool = True) -> str:
    """The position as lines of text: round, wheel, dice, Temple, every seat's stock, step.

    seat: mark this seat as 'you' (the picture does not mask anything by itself; render
    ``g.observation(seat)`` to hide what that seat cannot see). legal: list the legal moves.
    """
    d = g.to_dict()
    n = d["nseats"]
    out: list[str] = []
    title = "solo game against Botankhamun" if d["nplayers"] == 1 else f"{d['nplayers']}-player game"
    out.append(f"Tekhenu, {title}; round {min(d['round'] + 1, data.ROUNDS)} of {data.ROUNDS}"
               f"; Maat {d['maat_count']}, scorings {d['scoring_count']}")
    out.append(f"Wheel arrow on {data.GODS[d['arrow']]}; turn order "
               + " > ".join(seat_name(g, p) for p in d["turn_order"][:n]))
    # dice on the wheel
    sections = []
    for god in range(6):
        dice = [_die(d["die_colour"][i], d["die_value"][i]) for i in range(d["ndice"])
                if d["die_loc"][i] == god + 1]
        light = data.LIGHTS[data.LIGHT_PATTERN[(god - d["arrow"]) % 6]]
        sections.append(f"  {data.GODS[god]:<7} ({light:<6}) {' '.join(dice) or '-'}")
    out.append("Dice on the wheel:")
    out.extend(sections)
    bag = sum(1 for i in range(d["ndice"]) if d["die_loc"][i] == 0)
    out.append(f"  dice in the bag: {bag}")
    out.extend(vizier_summary(d) or ())
    out.append("Horus slots: " + " ".join(GOD_ABBR[x] if x >= 0 else "--" for x in d["horus_slot_god"]))
    out.append("Ra display: " + " ".join(f"P{x:02d}" if x else "--" for x in d["ra"]))
    # Temple
    out.append("Temple (tile/owner):")
    for r in range(5):
        cells = []
        for c in range(5):
            k = r * 5 + c
            tile, owner = d["temple_tile"][k], d["temple_owner"][k]
            cells.append(f"P{tile:02d}/{owner}" if tile else ("  ..  " if owner < 0 else f" ../{owner}"))
        out.append("  " + " ".join(f"{x:>6}" for x in cells))
    market = [card_name(c) if c in CARD_IDS else "--" for c in d["market"]]
    out.append("Market: " + " ".join(market))
    out.extend(seth_lines(d))
    # seats
    for p in range(n):
        you = " (you)" if seat == p else ""
        res = " ".join(f"{data.RESOURCE_LETTERS[r]}{d['res'][p][r]}" for r in range(4))
        prod = "".join(str(d["prod"][p][r]) for r in range(4))
        scales = [_die(d["die_colour"][i], d["die_value"][i]) for i in range(d["ndice"])
                  if d["die_loc"][i] in (10 + p, 20 + p, 30 + p, 40 + p)]
        hand = []
        for c in CARD_IDS:
            loc = d["card_loc"][c]
            if loc == _CL_HAND + p:
                hand.append(card_name(c))
            elif loc == _CL_PENDING + p:
                hand.append(card_name(c) + "*")
        hidden = d["hidden_count"]
        unknown = sum(hidden[t][p] + hidden[t][4 + p] for t in range(3))
        if unknown:
            hand.append(f"?x{unknown}")
        out.append(f"{seat_name(g, p)}{you}: {d['vp'][p]} VP | {res} Au{d['gold'][p]} | "
                   f"Scribes {d['scribes'][p]} Faith {d['faith'][p]} | Populace {d['happiness'][p]}/"
                   f"{d['population'][p]} | production {prod} | Statues {d['statues'][p]} "
                   f"Buildings {d['buildings'][p]} Pillars {d['pillars'][p]}")
        out.append(f"    scales: {' '.join(scales) or '-'}; cards: {' '.join(hand) or '-'}")
        line = seth_seat_line(d, p)
        if line:
            out.append("    " + line)
    bot = bot_last_turn(g)
    if bot:
        out.append("Botankhamun's last turn: " + bot)
    # pending step
    cp = g.current_player()
    if cp == -2:
        vps = g.returns()
        out.append("Game over: " + ", ".join(f"{seat_name(g, p)} {vps[p]} VP" for p in range(n))
                   + f"; winner {seat_name(g, g.winner())}")
    elif cp == -1:
        out.append("Next: a chance step")
    else:
        out.append(f"Next: {seat_name(g, cp)} decides")
    if legal and cp != -2:
        out.append("Legal: " + " ".join(format_action(a) for a in g.legal_actions()))
    return "\n".join(out)
