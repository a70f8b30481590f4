"""Test positions for the Time of Seth cards and setup (issue 11, part B)."""
from __future__ import annotations

from positions import blank, edit, f
from tekhenu_engine import GameState, _core, data

OPT_SETH = _core.OPTION_BITS["seth"]
SP_BOX, SP_DISPLAY, SP_GONE, SP_SEAT = 0, 1, 2, 10      # cult_loc / art_loc places (seth/state.pxi)
CULTS = data.SETH_DECKS["Cultist"]
ARTS = data.SETH_DECKS["Artifact"]


def table(players: int, seth: bool = True) -> GameState:
    """blank(): a first-turn position with an empty board and bare players, with the `seth`
    option bit set (or not)."""
    g = blank(players)
    return edit(g, options=f(g, "options") | OPT_SETH) if seth else g


def gains(before: dict, after: dict, seat: int) -> dict:
    """What seat gained between two to_dict() snapshots (non-zero entries only)."""
    keys = ("vp", "population", "happiness", "gold", "faith", "scribes", "soldiers", "priests")
    got = {k: after[k][seat] - before[k][seat] for k in keys}
    got.update({f"res{r}": after["res"][seat][r] - before["res"][seat][r] for r in range(4)})
    return {k: v for k, v in got.items() if v}


def holding_cultist(g: GameState, seat: int, name: str) -> GameState:
    d = g.to_dict()
    d["cult_loc"] = [SP_GONE if x == SP_SEAT + seat else x for x in d["cult_loc"]]   # one Cultist a seat
    d["cult_loc"][CULTS.index(name)] = SP_SEAT + seat
    return GameState._from_dict_trusted(d)


def holding_artifact(g: GameState, seat: int, name: str) -> GameState:
    d = g.to_dict()
    d["art_loc"][ARTS.index(name)] = SP_SEAT + seat
    return GameState._from_dict_trusted(d)


def no_setup_gains(g: GameState) -> GameState:
    """A copy of g without what the expansion's Starting cards gave at setup: no Buildings in Osiris
    (SX01-SX03), no Soldiers or Priests (for tests of the Seth board that count them from 0)."""
    d = g.to_dict()
    d["osiris"] = [[-1] * 4 for _ in range(6)]
    d["buildings"] = [0] * 4
    d["soldiers"] = [0] * 4
    d["priests"] = [0] * 4
    return GameState._from_dict_trusted(d)


DL_SETH, GRAY = 7, 4     # die_loc of the Seth board; the gray colour (data.DICE_COLOURS)


def put_seth_board(d: dict, values) -> dict:
    """State dict d with a Seth board of exactly gray dice of these values (its dice go back to the
    bag; gray dice from the bag take their places); d is changed and returned."""
    for i in range(d["ndice"]):
        if d["die_loc"][i] == DL_SETH:
            d["die_loc"][i], d["die_value"][i] = 0, 0
    for v in values:
        i = next(i for i in range(d["ndice"]) if d["die_loc"][i] == 0 and d["die_colour"][i] == GRAY)
        d["die_loc"][i], d["die_value"][i] = DL_SETH, v
    return d


def seth_board(g: GameState, values) -> GameState:
    """A copy of g whose Seth board holds exactly gray dice of these values (put_seth_board)."""
    return GameState._from_dict_trusted(put_seth_board(g.to_dict(), values))
