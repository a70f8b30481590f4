"""Positions for the card tests: a game at its first turn, edited field by field.

Every helper works on a :class:`GameState` through its public field API
(``to_dict`` / ``set_field``), so a position is always a state the core validates.
Board indices follow ``docs/architecture.md``: gods 0 Horus .. 5 Osiris, die colours
0 yellow 1 brown 2 white 3 black 4 gray, resources 0 P 1 B 2 L 3 G, cards 0-23 B01-B24,
24-47 T01-T24, 48-71 D01-D24.
"""
from __future__ import annotations

from tekhenu_engine._core import STEP_TYPES, GameState
from tekhenu_engine.enums import CardLoc
from tekhenu_engine.notation import card_id, format_action, parse_action

# task types (the enum of _core.pxd)
(D_GAIN, D_TAKE, D_ADJUST, D_ACTION, D_RA_SPACE, D_RA_ROT, D_PAY, D_FAITH, D_BREAD, D_DECREES, D_EXTRA,
 D_BLESS) = (STEP_TYPES[n] for n in ("D_GAIN", "D_TAKE", "D_ADJUST", "D_ACTION", "D_RA_SPACE", "D_RA_ROT",
                                     "D_PAY", "D_FAITH", "D_BREAD", "D_DECREES", "D_EXTRA", "D_BLESS"))
CL_PILE, CL_DISCARD, CL_HAND = CardLoc.PILE, CardLoc.DISCARD, CardLoc.HAND
GODS = ("Ho", "Ra", "Ha", "Ba", "Th", "Os")


def start(players: int = 2, seed: int = 1, arrow: int = 0) -> GameState:
    """A game at the first D_TAKE, fixed Horus tiles (slot k shows god k), no Blessing or
    Technology in any hand, the wheel empty (see :func:`put_die`), the arrow on `arrow`."""
    g = GameState.new(players, seed, random_horus=False, random_wheel=False)
    while g.step()[0] != D_TAKE:
        if g.is_chance():
            g.apply_chance()
        else:
            g.apply(g.legal_actions()[0])
    d = g.to_dict()
    for c in range(48):
        if d["card_loc"][c] >= CL_HAND:
            d["card_loc"][c] = CL_PILE
    for i in range(d["ndice"]):
        if 1 <= d["die_loc"][i] <= 6:
            d["die_loc"][i] = 0
            d["die_value"][i] = 0
    d["arrow"] = arrow
    # every seat back to the printed start (the Starting cards' rewards undone)
    d["osiris"] = [[-1] * 4 for _ in range(6)]
    for p in range(g.num_seats):
        d["buildings"][p] = 0
        d["prod"][p] = [2, 2, 2, 2]
        d["res"][p] = [0, 0, 0, 0]
        d["gold"][p], d["scribes"][p], d["faith"][p] = 1, 1, 0
        d["happiness"][p], d["population"][p], d["vp"][p] = 2, 5, 10
    # private loader on purpose (tests need positions the public one refuses): 121 of 121 loaded here are not consistent, e.g. test_produce_blessing[B01]: tasks: the step on top (D_TAKE) has 1 outcome(s): the game would have run on by itself
    return GameState._from_dict_trusted(d)


def seat(g: GameState) -> int:
    """The seat to decide."""
    return g.current_player()


def edit(g: GameState, **fields) -> GameState:
    """Overwrite whole fields; per-seat fields take {seat: value} dicts."""
    d = g.to_dict()
    for name, value in fields.items():
        if isinstance(value, dict):
            for k, v in value.items():
                d[name][k] = v
        else:
            d[name] = value
    # private loader on purpose (tests need positions the public one refuses): 15 of 17 loaded here are not consistent, e.g. test_t10_scribes_for_bread_upkeep: buildings[0]: 3, but 0 Buildings are on the board
    return GameState._from_dict_trusted(d)


def stock(g: GameState, p: int, *, res=None, gold=None, scribes=None, happiness=None,
          population=None, vp=None, faith=None, prod=None) -> GameState:
    """Set seat p's stock (res and prod as 4-tuples P B L G)."""
    d = g.to_dict()
    for name, v in (("res", res), ("gold", gold), ("scribes", scribes), ("happiness", happiness),
                    ("population", population), ("vp", vp), ("faith", faith), ("prod", prod)):
        if v is not None:
            d[name][p] = list(v) if isinstance(v, tuple) else v
    # private loader on purpose (tests need positions the public one refuses): 115 of 116 loaded here are not consistent, e.g. test_produce_blessing[B01]: tasks: the step on top (D_TAKE) has 1 outcome(s): the game would have run on by itself
    return GameState._from_dict_trusted(d)


def give(g: GameState, p: int, *names: str) -> GameState:
    """Put cards (by name, e.g. "B07", "T13") in seat p's hand."""
    d = g.to_dict()
    for n in names:
        c = card_id(n)
        d["card_loc"][c] = CL_HAND + p
        d["market"] = [-1 if m == c else m for m in d["market"]]
    # private loader on purpose (tests need positions the public one refuses): 66 of 68 loaded here are not consistent, e.g. test_produce_blessing[B01]: tasks: the step on top (D_TAKE) has 1 outcome(s): the game would have run on by itself
    return GameState._from_dict_trusted(d)


def put_die(g: GameState, god: int, colour: int, value: int) -> GameState:
    """Roll a die of this colour from the bag into a wheel section."""
    d = g.to_dict()
    for i in range(d["ndice"]):
        if d["die_loc"][i] == 0 and d["die_colour"][i] == colour:
            d["die_loc"][i] = god + 1
            d["die_value"][i] = value
            # private loader on purpose (tests need positions the public one refuses): 118 of 124 loaded here are not consistent, e.g. test_produce_blessing[B01]: tasks: the step on top (D_TAKE) has 1 outcome(s): the game would have run on by itself
            return GameState._from_dict_trusted(d)
    raise ValueError(f"no die of colour {colour} in the bag")


def tokens(g: GameState) -> list[str]:
    """The legal actions of the pending decision, as notation tokens."""
    return [format_action(a) for a in g.legal_actions()]


def play(g: GameState, *toks: str) -> GameState:
    """Apply tokens in order (chance steps in between are sampled); checked for legality."""
    for t in toks:
        while g.is_chance():
            g.apply_chance()
        legal = tokens(g)
        assert t in legal, f"{t} not legal at step {g.step()}: {legal}"
        g.apply(parse_action(t))
    return g


def finish_turn(g: GameState, p: int, prefer: tuple[str, ...] = ("pass",)) -> GameState:
    """Play seat p's remaining decisions (a preferred token when legal, else the first)."""
    while not g.is_terminal() and (g.is_chance() or (seat(g) == p and g.step()[0] != D_TAKE)):
        if g.is_chance():
            g.apply_chance()
            continue
        legal = tokens(g)
        pick = next((t for t in prefer if t in legal), legal[0])
        g.apply(parse_action(pick))
    return g


def f(g: GameState, name: str, p: int | None = None):
    """A field of the state (one seat's entry when p is given)."""
    v = g.field(name)
    return v if p is None else v[p]


def hand(g: GameState, p: int) -> list[int]:
    """Card ids in seat p's hand."""
    return [c for c, loc in enumerate(g.field("card_loc")) if loc == CL_HAND + p]


def bless_step(g: GameState) -> bool:
    """The pending decision is a D_BLESS step."""
    return g.step() is not None and g.step()[0] == D_BLESS


def turn(g: GameState, dice: list[tuple[int, int, int]], cards: tuple[str, ...] = (), **stock_kw) -> tuple[GameState, int]:
    """The seat to move gets these dice on the wheel, these cards and this stock."""
    p = seat(g)
    for god, colour, value in dice:
        g = put_die(g, god, colour, value)
    if cards:
        g = give(g, p, *cards)
    if stock_kw:
        g = stock(g, p, **stock_kw)
    return g, p
