"""Checks a state document before the rules core loads it (rules layer).

:meth:`GameState.from_dict`, :meth:`~GameState.from_json`, :meth:`~GameState.from_string`
and :meth:`~GameState.from_bytes` call :func:`check_state` on every document; a document
that fails raises :class:`StateError` (a :class:`ValueError`) that names the field, and
nothing is loaded. A document that passes is *consistent*:

* every counter is in its rule range (the ranges come from :mod:`tekhenu_engine.data`);
* pieces are conserved: the Statues, Buildings and Pillars of each seat are those on the
  board, every die of the table is in one legal place and the scales hold what their sums
  say, every card is in one valid place, the Market slots and the cards marked "market"
  agree, every Pillar tile is where the Temple and the Ra display say;
* the game clock agrees with itself (rounds, Maat phases, Scorings, turn order), and
* every step of the task stack is a known step type with a seat and arguments in range,
  the stack is not deeper than the core allows, and it cannot run the game past its end.

Such a state plays to the end (random play, a compiled playout or a search) without a
crash or a hang: ``tests/test_validate.py`` fuzzes it. ``docs/architecture.md`` ("Loading
states safely") lists the rules in prose.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable

from . import data as D
from .errors import StateError

__all__ = ["StateError", "check_state", "limits"]


# ----------------------------------------------------------------------------- limits
@lru_cache(maxsize=None)
def limits() -> dict[str, Any]:
    """The rule ranges a loaded state is checked against, computed from the data module
    and the core's enumerations (a dict, cached)."""
    from . import _core

    codes = _core.CODES
    faces = [v for row in D.DIE_FACES for v in row]
    n_market = sum(len(s) for s in D.MARKET_SECTIONS)
    rounds_per_maat = D.ROUNDS // D.MAAT_PHASES
    lim = {
        "codes": codes,
        "steps": dict(_core.STEP_TYPES),
        "state_version": _core.STATE_VERSION,
        "n_gods": len(D.GODS),
        "die_min": min(faces),
        "die_max": max(faces),
        "n_colours": len(D.DIE_FACES),
        "n_resources": len(D.RESOURCES),
        "n_temple": len(D.TEMPLE_REWARDS),
        "n_bspaces": len(D.BUILDING_SPACES),
        "n_people": len(D.PEOPLE_SPACES),
        "n_osiris_rows": len(D.OSIRIS_ROWS),
        "n_horus_slots": len(D.HORUS_SLOT_BONUS),
        "n_pillar_tiles": D.N_PILLARS,
        "n_ra_slots": len(D.RA_SLOT_VP),
        "n_rotations": len(D.PILLAR_EDGES[0]),   # a square tile: one orientation per edge
        "n_market": n_market,
        "n_sections": len(D.MARKET_SECTIONS),
        "n_card_types": len(D.CARD_TYPES),
        "deck": max(len(ids) for ids in D.DECK_IDS),   # cards in the largest deck (data.DECK_IDS)
        "n_start": len(D.STARTING_INITIATIVE),
        "n_destiny": len(D.DESTINY_ANKH),
        "n_pyramid": sum(D.BOT_PYRAMID_ROWS),
        # tile ids of a solo Time of Seth pyramid (solo/seth.pxi: the Seth and Priests and Soldiers tiles follow)
        "n_pyramid_tiles_seth": len(D.BOT_GOD_TILES) + len(D.BOT_RESOURCE_TILES) + len(D.BOT_SETH_TILES),
        "n_difficulties": len(D.BOT_DIFFICULTIES),
        "rounds": D.ROUNDS,
        "maat_phases": D.MAAT_PHASES,
        "rounds_per_maat": rounds_per_maat,
        "scorings": len(D.SCORING_MAAT_PHASES),
        "dice_on_scales": rounds_per_maat,   # one die a turn, one turn a round, per Maat period
        "populace_max": D.POPULACE_MAX,
        "production_max": D.PRODUCTION_MAX,
        "statues": D.N_STATUES,
        "buildings": D.N_BUILDINGS,
        "pillars": D.N_PILLARS_PER_PLAYER,
        # the engine does not cap stocks at the supply (data.STOCK_LIMIT explains the bound)
        "resource_max": D.STOCK_LIMIT,
        "gold_max": D.STOCK_LIMIT,
        "scribes_max": D.STOCK_LIMIT,
        # Faith: all unused Faith returns at every Maat phase; a Faith action nets -Faith..+Faith
        # and its encoding holds nets down to -offset (K_FAITH: net + offset)
        "faith_max": min(D.STOCK_LIMIT, codes["faith_offset"]),
        "excess_max": D.STOCK_LIMIT,
        "vp_max": D.VP_LIMIT,
        "bread_max": sum(b for b, _ in D.BUILDING_ROW),
        "n_hap_rewards": len(D.HAPPINESS_REWARDS),
        "max_tasks": codes["max_tasks"] - n_market - 1,   # room for the largest burst of pushes
        "blood_max": D.STOCK_LIMIT,   # Blood tokens are not limited (data.BLOOD_TOKENS); one per Seth action
    }
    # |balance| <= the Pure dice + the Tainted dice + the excess + the Faith placed
    lim["balance_max"] = lim["dice_on_scales"] * lim["die_max"] + lim["excess_max"] + lim["faith_max"]
    return lim


def codes_cost_shifts() -> dict[str, int]:
    """Bit positions of the fields of a D_PAY cost (3 bits each; _core.COST_SHIFTS)."""
    from . import _core

    return dict(_core.COST_SHIFTS)


def _card_id(name: str) -> int:
    """Card id of a name such as "D03" (by the card table data.CARD_DECKS)."""
    from .notation import card_id

    return card_id(name)


# ----------------------------------------------------------------------------- helpers
class _Checker:
    """Reads the fields of a state document, each checked for its shape and range."""

    def __init__(self, d: dict[str, Any]) -> None:
        self.d = d

    def get(self, name: str, shape: tuple[int, ...] = ()) -> Any:
        """Field `name`, an int or nested lists of ints of this shape."""
        if name not in self.d:
            raise StateError(name, "missing")
        v = self.d[name]
        _shape_check(name, v, shape)
        return v

    def rng(self, name: str, v: int, lo: int, hi: int) -> None:
        """StateError unless lo <= v <= hi."""
        if not (lo <= v <= hi):
            raise StateError(name, f"{v} is outside {lo}..{hi}")

    def rng_all(self, name: str, shape: tuple[int, ...], lo: int, hi: int) -> list:
        """Field `name` of this shape with every entry in lo..hi."""
        v = self.get(name, shape)
        for idx, x in _items(v):
            if not (lo <= x <= hi):
                raise StateError(f"{name}{idx}", f"{x} is outside {lo}..{hi}")
        return v


def _shape_check(name: str, v: Any, shape: tuple[int, ...]) -> None:
    if not shape:
        if not isinstance(v, int) or isinstance(v, bool):
            raise StateError(name, f"not an integer: {v!r}")
        return
    if not isinstance(v, list) or len(v) != shape[0]:
        raise StateError(name, f"expected a list of {shape[0]}")
    for i, x in enumerate(v):
        _shape_check(f"{name}[{i}]", x, shape[1:])


def _items(v: Any, idx: str = "") -> Iterable[tuple[str, int]]:
    if isinstance(v, list):
        for i, x in enumerate(v):
            yield from _items(x, f"{idx}[{i}]")
    else:
        yield idx, v


# ----------------------------------------------------------------------------- the check
def check_state(d: dict[str, Any]) -> None:
    """Raise :class:`StateError` (naming the field) unless `d` is a consistent state.

    `d` is a full state document as ``GameState.to_dict()`` gives it; its task list may
    hold more entries than ``ntasks`` (only the first ``ntasks`` are steps).
    """
    if not isinstance(d, dict):
        raise StateError("state", "not a dict")
    L = limits()
    c = _Checker(d)
    codes = L["codes"]
    DL, CL = codes["die_loc"], codes["card_loc"]

    # --- table
    c.rng("version", c.get("version"), L["state_version"], L["state_version"])
    c.rng("overflow", c.get("overflow"), 0, 0)
    nplayers = c.get("nplayers")
    c.rng("nplayers", nplayers, 1, max(D.PLAYER_COUNT))
    ns = c.get("nseats")
    if ns != (2 if nplayers == 1 else nplayers):
        raise StateError("nseats", f"{ns} seats at a {nplayers}-player table")
    solo = nplayers == 1
    pc = D.PLAYER_COUNT[nplayers]
    opt_mask = sum(codes["options"].values())
    options = c.get("options")
    if options & ~opt_mask or options < 0:
        raise StateError("options", f"unknown option bits {options:#x}")
    c.rng("difficulty", c.get("difficulty"), 0, L["n_difficulties"] - 1)
    c.rng("arrow", c.get("arrow"), 0, L["n_gods"] - 1)
    seat = (0, ns - 1)
    seat_or_none = (-1, ns - 1)

    # --- players: counters in their rule ranges (every slot; seats beyond nseats too)
    S4 = (4,)
    c.rng_all("vp", S4, 0, L["vp_max"])
    hap = c.rng_all("happiness", S4, 0, L["populace_max"])
    pop = c.rng_all("population", S4, 0, L["populace_max"])
    for p in range(4):
        if hap[p] > pop[p]:
            raise StateError(f"happiness[{p}]", f"Happiness {hap[p]} above Population {pop[p]}")
    c.rng_all("gold", S4, 0, L["gold_max"])
    c.rng_all("scribes", S4, 0, L["scribes_max"])
    c.rng_all("faith", S4, 0, L["faith_max"])
    c.rng_all("res", (4, L["n_resources"]), 0, L["resource_max"])
    c.rng_all("prod", (4, L["n_resources"]), 0, L["production_max"])
    c.rng_all("excess", S4, 0, L["excess_max"])
    statues = c.rng_all("statues", S4, 0, L["statues"])
    buildings = c.rng_all("buildings", S4, 0, max(L["buildings"], D.BOT_N_BUILDINGS_OPTIONS[-1])
                          if options & codes["options"]["bot_buildings20"] else L["buildings"])
    pillars = c.rng_all("pillars", S4, 0, L["pillars"])
    destiny = c.rng_all("destiny", S4, -1, L["n_destiny"] - 1)
    c.rng_all("hap_flags", S4, 0, (1 << L["n_hap_rewards"]) - 1)
    c.rng_all("balance", S4, -L["balance_max"], L["balance_max"])
    seth = bool(options & codes["options"]["seth"])
    for name in ("soldiers", "priests"):     # Time of Seth: 0-10 (none in the base game)
        c.rng_all(name, S4, 0, D.SETH_TRACK_MAX if seth else 0)
    c.rng_all("blood", S4, 0, L["blood_max"] if seth else 0)
    tf = c.rng_all("turn_flags", S4, 0, codes["turn_flags_mask"])
    for p in range(4):
        if tf[p] & ~codes["turn_flags_mask"]:
            raise StateError(f"turn_flags[{p}]", f"unknown bits {tf[p]:#x}")
    final_vp = c.rng_all("final_vp", S4, 0, L["vp_max"])
    c.rng_all("breakdown", (len(codes["vp_categories"]), 4), -L["vp_max"], L["vp_max"])

    # --- clock
    rnd = c.get("round")
    c.rng("round", rnd, 0, L["rounds"])
    maat = c.get("maat_count")
    c.rng("maat_count", maat, 0, L["maat_phases"])
    scoring = c.get("scoring_count")
    c.rng("scoring_count", scoring, 0, L["scorings"])
    c.rng("turn_idx", c.get("turn_idx"), -1, ns - 1)
    c.rng("cur_player", c.get("cur_player"), *seat)
    c.rng("first_player", c.get("first_player"), *seat)
    order = c.get("turn_order", S4)
    if sorted(order[:ns]) != list(range(ns)):
        raise StateError("turn_order", f"{order[:ns]} is not an order of the {ns} seats")
    c.rng("terminal", c.get("terminal"), 0, 1)

    # --- dice
    per_colour = D.SETH_DICE_PER_COLOUR[nplayers] if seth else D.DICE_PER_COLOUR[nplayers]
    ndice = c.get("ndice")
    if ndice != sum(per_colour):
        raise StateError("ndice", f"{ndice} dice, the table has {sum(per_colour)}")
    colour = c.get("die_colour", (codes["max_dice"],))
    value = c.get("die_value", (codes["max_dice"],))
    loc = c.get("die_loc", (codes["max_dice"],))
    count = [0] * L["n_colours"]
    on_board = [0] * 4
    pure = [0] * 4
    taint = [0] * 4
    in_hand = []
    on_seth = 0
    for i in range(codes["max_dice"]):
        f = f"die_loc[{i}]"
        if i >= ndice:
            if loc[i] != DL["box"] or colour[i] != 0 or value[i] != 0:
                raise StateError(f, "a die beyond ndice must stay in the box")
            continue
        c.rng(f"die_colour[{i}]", colour[i], 0, L["n_colours"] - 1)
        count[colour[i]] += 1
        x = loc[i]
        v = value[i]
        if x == DL["bag"]:
            c.rng(f"die_value[{i}]", v, 0, L["die_max"])
            continue
        c.rng(f"die_value[{i}]", v, min(D.DIE_FACES[colour[i]]), max(D.DIE_FACES[colour[i]]))
        if 1 <= x <= L["n_gods"]:
            continue
        if x == DL["seth"]:
            if not seth:
                raise StateError(f, "a die on the Seth board without the seth option")
            if colour[i] != D.DIE_COLOURS.index("gray"):
                raise StateError(f, "only gray dice go onto the Seth board")
            on_seth += 1
            continue
        if x == DL["hand"]:
            in_hand.append(i)
            continue
        kind, p = (x // 10) * 10, x % 10
        if kind not in (DL["pure"], DL["taint"], DL["anubis"], DL["bot"]) or p >= ns:
            raise StateError(f, f"{x} is not a place for a die")
        if kind == DL["bot"] and not (solo and p == codes["bot_seat"]):
            raise StateError(f, "only Botankhamun keeps dice beside a pyramid")
        on_board[p] += 1
        if kind == DL["pure"]:
            pure[p] += v
        elif kind == DL["taint"]:
            taint[p] += v
    for col, n in enumerate(count):
        want = per_colour[col] if col < len(per_colour) else 0
        if n != want:
            raise StateError("die_colour", f"{n} dice of colour {D.DIE_COLOURS[col]}, the table has {want}")
    ndb = c.get("ndice_board", S4)
    ps = c.get("pure_sum", S4)
    tsum = c.get("taint_sum", S4)
    for p in range(4):
        if ndb[p] != on_board[p]:
            raise StateError(f"ndice_board[{p}]", f"{ndb[p]}, but {on_board[p]} dice lie at seat {p}")
        if on_board[p] > L["dice_on_scales"]:
            raise StateError(f"ndice_board[{p}]", f"more than {L['dice_on_scales']} dice in a Maat period")
        if ps[p] != pure[p]:
            raise StateError(f"pure_sum[{p}]", f"{ps[p]}, but the Pure dice show {pure[p]}")
        if tsum[p] != taint[p]:
            raise StateError(f"taint_sum[{p}]", f"{tsum[p]}, but the Tainted dice show {taint[p]}")
    if on_seth > D.SETH_BOARD_DICE[nplayers]:
        raise StateError("die_loc", f"{on_seth} dice on the Seth board, it holds at most {D.SETH_BOARD_DICE[nplayers]}")
    cur_die = c.get("cur_die")
    c.rng("cur_die", cur_die, -1, ndice - 1)
    if len(in_hand) > 1:
        raise StateError("die_loc", "more than one die in hand")
    if in_hand and cur_die != in_hand[0]:
        raise StateError("cur_die", f"{cur_die}, but die {in_hand[0]} is in hand")
    if cur_die >= 0 and loc[cur_die] == DL["bag"]:
        raise StateError("cur_die", f"die {cur_die} is in the bag")
    c.rng("cur_value", c.get("cur_value"), 0, L["die_max"])
    c.rng("cur_section", c.get("cur_section"), 0, D.SETH_GOD_INDEX if seth else L["n_gods"] - 1)
    c.rng("cur_colour", c.get("cur_colour"), 0, len(per_colour) - 1)
    c.rng("cur_anubis", c.get("cur_anubis"), 0, 1)

    # --- board and pieces
    statue_n = [0] * 4
    building_n = [0] * 4
    pillar_n = [0] * 4
    hs = c.rng_all("horus_slot_god", (L["n_horus_slots"],), -1, L["n_gods"] - 1)
    gods = [g for g in hs if g >= 0]
    if len(set(gods)) != len(gods):
        raise StateError("horus_slot_god", f"a god on two Horus slots: {hs}")
    sg = c.rng_all("statue_god", (L["n_gods"], 4), *seat_or_none)
    for g in range(L["n_gods"]):
        for k in range(4):
            if sg[g][k] >= 0:
                if k >= pc["statues_per_god"]:
                    raise StateError(f"statue_god[{g}][{k}]", f"{nplayers} players have "
                                     f"{pc['statues_per_god']} Statue space(s) per god")
                statue_n[sg[g][k]] += 1
    people = c.rng_all("people", (L["n_people"],), *seat_or_none)
    for p in people:
        if p >= 0:
            statue_n[p] += 1
    pgold = c.rng_all("people_gold", (L["n_people"],), 0, 1)
    for k in range(L["n_people"]):
        if not pgold[k] and people[k] < 0:
            raise StateError(f"people_gold[{k}]", "the space's Gold goes to its first Statue, and it has none")
    osiris = c.rng_all("osiris", (L["n_osiris_rows"], L["n_resources"]), *seat_or_none)
    for row in osiris:
        for p in row:
            if p >= 0:
                building_n[p] += 1
    c.rng("osiris_row2_gold", c.get("osiris_row2_gold"), 0, 1)
    # (with Time of Seth, BX03/BX04 may have moved row 2's only Building to the Seth board since)
    if not d["osiris_row2_gold"] and all(p < 0 for p in osiris[1]) \
            and not (d["options"] & codes["options"].get("seth", 0)):
        raise StateError("osiris_row2_gold", "the row-2 Gold goes to its first builder, and row 2 is empty")
    bspace = c.rng_all("bspace", (codes["n_bspaces"],), *seat_or_none)
    for i, p in enumerate(bspace):
        if p >= 0:
            if i >= pc["building_spaces"]:
                raise StateError(f"bspace[{i}]", f"{nplayers} players have {pc['building_spaces']} building spaces")
            building_n[p] += 1
    tile = c.rng_all("temple_tile", (L["n_temple"],), 0, L["n_pillar_tiles"])
    c.rng_all("temple_rot", (L["n_temple"],), 0, L["n_rotations"] - 1)
    owner = c.rng_all("temple_owner", (L["n_temple"],), *seat_or_none)
    ploc = c.rng_all("pillar_loc", (L["n_pillar_tiles"] + 1,), 0, 2)
    if ploc[0] != 2:
        raise StateError("pillar_loc[0]", "slot 0 (no tile) is always 2")
    ra = c.rng_all("ra", (L["n_ra_slots"],), 0, L["n_pillar_tiles"])
    placed = [t for t in tile if t > 0]
    shown = [t for t in ra if t > 0]
    if len(set(placed + shown)) != len(placed) + len(shown):
        raise StateError("temple_tile", "a Pillar tile in two places")
    for sp in range(L["n_temple"]):
        if tile[sp] > 0:
            if owner[sp] < 0:
                raise StateError(f"temple_owner[{sp}]", "a Pillar tile without its Pillar")
            pillar_n[owner[sp]] += 1
        elif owner[sp] >= 0:
            raise StateError(f"temple_owner[{sp}]", "a Pillar on an empty space")
    for k in range(1, L["n_pillar_tiles"] + 1):
        where = 2 if k in placed else 1 if k in shown else 0
        if ploc[k] != where:
            raise StateError(f"pillar_loc[{k}]", f"{ploc[k]}, but the tile is "
                             + ("in the Temple" if where == 2 else "on the Ra display" if where == 1 else "in the stack"))
    _check_seth(c, d, seth, nplayers, ns, statue_n, building_n, L)
    for p in range(4):
        if p >= ns and (statues[p] or buildings[p] or pillars[p]):
            raise StateError(f"statues[{p}]", f"pieces for seat {p} at a {ns}-seat table")
        if statue_n[p] != statues[p]:
            raise StateError(f"statues[{p}]", f"{statues[p]}, but {statue_n[p]} Statues are on the board")
        if building_n[p] != buildings[p]:
            raise StateError(f"buildings[{p}]", f"{buildings[p]}, but {building_n[p]} Buildings are on the board")
        if pillar_n[p] != pillars[p]:
            raise StateError(f"pillars[{p}]", f"{pillars[p]}, but {pillar_n[p]} Pillars are in the Temple")

    # --- cards
    deck_of = D.CARD_DECK_OF        # card id -> deck, by the card table (a deck may have several id ranges)
    card_loc = c.get("card_loc", (codes["max_cards"],))
    removed = {_card_id(n) for n in D.REMOVED_CARDS}
    if not (d["options"] & codes["options"].get("seth", 0)):      # Time of Seth's cards: in the box
        removed |= {_card_id(n) for k in ("Blessing", "Technology", "Decree") for n in D.SETH_DECKS[k]}
    from . import _core
    # a Time of Seth game saved by format 3 kept these out of its decks: they may stay in the box
    may_be_out = {_card_id(n) for n in _core.SETH_CARDS_OUT_FORMAT3} - removed
    if nplayers <= 2:
        removed |= {_card_id(n) for n in D.REMOVED_AT_TWO_PLAYERS}
    unknown = [0] * L["n_card_types"]
    in_market = set()
    for i, x in enumerate(card_loc):
        f = f"card_loc[{i}]"
        if i not in deck_of or i in removed:
            if x != CL["box"]:
                raise StateError(f, "this card is out of the game (in the box)")
            continue
        if x == CL["box"] and i in may_be_out:
            continue
        if x == CL["box"]:
            raise StateError(f, "only removed cards are in the box")
        if x in (CL["pile"], CL["discard"], CL["bottom"]):
            continue
        if x == CL["market"]:
            in_market.add(i)
        elif x == CL["unknown"]:
            unknown[deck_of[i]] += 1
        elif x == CL["bot"]:
            if not solo:
                raise StateError(f, "Botankhamun's pile outside a solo game")
        elif any(CL[k] <= x < CL[k] + ns for k in ("hand", "pending", "bottomk")):
            pass
        else:
            raise StateError(f, f"{x} is not a place for a card at {ns} seats")
    hidden = c.rng_all("hidden_count", (L["n_card_types"], codes["hidden_classes"]), 0, L["deck"])
    for ty in range(L["n_card_types"]):
        for cls in range(codes["hidden_classes"]):
            seat_cls = cls < 12 and cls % 4 >= ns
            if hidden[ty][cls] and (cls >= 14 or seat_cls):
                raise StateError(f"hidden_count[{ty}][{cls}]", "no such hidden place at this table")
        if sum(hidden[ty]) != unknown[ty]:
            raise StateError(f"hidden_count[{ty}]", f"counts {sum(hidden[ty])} hidden cards, "
                             f"{unknown[ty]} are unknown")
    market = c.rng_all("market", (L["n_market"],), -1, max(deck_of))
    mopen = c.rng_all("market_open", (L["n_sections"],), 0, 1)
    slot = 0
    seen_m = set()
    for sec, types in enumerate(D.MARKET_SECTIONS):
        if sec < 2 and not mopen[sec]:
            raise StateError(f"market_open[{sec}]", "sections 1 and 2 are always open")
        opens = D.MARKET_OPENS_AT_POPULATION[sec]
        if opens and max(pop[:ns]) >= opens and not mopen[sec]:
            raise StateError(f"market_open[{sec}]", f"a Population reached {opens}: the section is open")
        for ty in types:
            m = market[slot]
            if m >= 0:
                if not mopen[sec]:
                    raise StateError(f"market[{slot}]", "a card in a closed section")
                if m not in deck_of:
                    raise StateError(f"market[{slot}]", f"no card has the id {m}")
                if deck_of[m] != ty:
                    raise StateError(f"market[{slot}]", f"a {D.CARD_TYPES[deck_of[m]]} on a "
                                     f"{D.CARD_TYPES[ty]} slot")
                if m in seen_m or m not in in_market:
                    raise StateError(f"market[{slot}]", f"card {m} is not in the market once")
                seen_m.add(m)
            slot += 1
    if seen_m != in_market:
        raise StateError("card_loc", f"cards {sorted(in_market - seen_m)} are marked as in the market "
                         "but lie on no slot")
    start = c.rng_all("start_loc", (L["n_start"],), 0, 6)
    for i, x in enumerate(start):
        if 2 <= x < 6 and x - 2 >= ns:
            raise StateError(f"start_loc[{i}]", f"held by seat {x - 2} at a {ns}-seat table")
    _check_seth_cards(c, d, L, ns)
    downer = c.rng_all("destiny_owner", (L["n_destiny"],), *seat_or_none)
    for k, p in enumerate(downer):
        if p >= 0 and destiny[p] != k:
            raise StateError(f"destiny_owner[{k}]", f"seat {p} holds Destiny {destiny[p]}")
    for p in range(4):
        if destiny[p] >= 0 and (p >= ns or downer[destiny[p]] != p):
            raise StateError(f"destiny[{p}]", "the Destiny card is not this seat's")
    _check_vizier(c, d, L, options, nplayers, ns, downer)

    # --- Botankhamun
    ntiles = L["n_pyramid_tiles_seth"] if seth and solo else L["n_pyramid"]
    pyr = c.rng_all("bot_pyramid", (L["n_pyramid"],), 0, ntiles - 1)
    c.rng("bot_pos", c.get("bot_pos"), -1, L["n_pyramid"] - 1)
    c.rng("bot_turns", c.get("bot_turns"), 0, L["rounds"])
    blog = c.get("bot_log", (codes["bot_log_n"],))
    if not solo and (any(pyr) or d["bot_pos"] or d["bot_turns"] or any(blog)):
        raise StateError("bot_pyramid", "Botankhamun's pieces outside a solo game")
    _check_bot_log(blog, L, seth)
    if seth and solo:
        _check_solo_seth(d, pyr, options, L)

    # --- end of the game
    ntasks = c.get("ntasks")
    c.rng("ntasks", ntasks, 0, L["max_tasks"])
    tasks = d.get("tasks")
    if not isinstance(tasks, list) or len(tasks) < ntasks:
        raise StateError("tasks", f"a list of at least ntasks ({ntasks}) steps")
    if ntasks == 0 and not d["terminal"]:
        raise StateError("terminal", "an empty task stack is the end of the game")
    if ntasks > 0 and any(final_vp):
        raise StateError("final_vp", "final VP before the end of the game")
    _check_tasks(tasks[:ntasks], d, L, ns, solo)
    _check_clock(tasks[:ntasks], rnd, maat, L)
    _check_scorings(tasks[:ntasks], maat, scoring, L)
    if not tasks[:ntasks] and (rnd != L["rounds"] or maat != L["maat_phases"]):
        raise StateError("ntasks", f"the game ended after round {rnd} of {L['rounds']}")


def _check_seth(c: _Checker, d: dict[str, Any], seth: bool, nplayers: int, ns: int,
                statue_n: list[int], building_n: list[int], L: dict[str, Any]) -> None:
    """The Time of Seth pieces: Buildings and Statues of the Seth board (counted into each
    seat's pieces), Conquest tiles, Cultist Powers and Artifacts; all unused without the option."""
    K = L["codes"]["seth"]
    seat_or_none = (-1, ns - 1)
    build = c.rng_all("seth_build", (K["N_SETH_SPACES"],), *seat_or_none)
    people = c.rng_all("seth_people", (K["N_SETH_PEOPLE"],), *seat_or_none)
    god = c.rng_all("seth_god", (K["N_SETH_GOD"],), *seat_or_none)
    cq = c.rng_all("conquest_loc", (K["N_CONQUEST"],), K["CQ_BOX"], K["CQ_TEMPLE"] + L["n_temple"] - 1)
    tcq = c.rng_all("temple_conquest", (L["n_temple"],), -1, K["N_CONQUEST"] - 1)
    cult = c.rng_all("cult_loc", (K["N_CULTISTS"],), K["SP_BOX"], K["SP_SEAT"] + ns - 1)
    art = c.rng_all("art_loc", (K["N_ARTIFACTS"],), K["SP_BOX"], K["SP_SEAT"] + ns - 1)
    c.rng("seth_flags", c.get("seth_flags"), 0, K["SF_REFILLED"])
    if not seth:
        for name, v, off in (("seth_build", build, -1), ("seth_people", people, -1), ("seth_god", god, -1),
                             ("conquest_loc", cq, K["CQ_BOX"]), ("temple_conquest", tcq, -1),
                             ("cult_loc", cult, K["SP_BOX"]), ("art_loc", art, K["SP_BOX"])):
            for i, x in enumerate(v):
                if x != off:
                    raise StateError(f"{name}[{i}]", "a Time of Seth piece without the seth option")
        if d["seth_flags"]:
            raise StateError("seth_flags", "Time of Seth bookkeeping without the seth option")
        return
    # one Building of a player per region (manual: "You may not place a second Building in a
    # region where you already have a Building"); the 2nd space may hold one while the 1st is
    # free: BX03/BX04 moved the 1st space's Building back to Osiris (docs/rules-notes.md)
    for r in range(K["N_SETH_REGIONS"]):
        a, b = build[2 * r], build[2 * r + 1]
        if a >= 0 and a == b:
            raise StateError(f"seth_build[{2 * r + 1}]", f"two Buildings of seat {a} in one region")
    for p in build:
        if p >= 0:
            building_n[p] += 1
    for p in people:
        if p >= 0:
            statue_n[p] += 1
    for k, p in enumerate(god):
        if p >= 0:
            if k >= D.SETH_GOD_STATUE_SPACES[nplayers]:
                raise StateError(f"seth_god[{k}]", f"{nplayers} players have {D.SETH_GOD_STATUE_SPACES[nplayers]} "
                                 "Statue space(s) in honour of Seth")
            statue_n[p] += 1
    # Conquest tiles: in the stack, face up on it (at most one) or on a Temple space (only there)
    faceup = 0
    for t, x in enumerate(cq):
        f = f"conquest_loc[{t}]"
        if x == K["CQ_BOX"] or K["CQ_FACEUP"] < x < K["CQ_TEMPLE"]:
            raise StateError(f, f"{x} is not a place for a Conquest tile")
        if x == K["CQ_FACEUP"]:
            faceup += 1
        if x >= K["CQ_TEMPLE"] and tcq[x - K["CQ_TEMPLE"]] != t:
            raise StateError(f, f"on Temple space {x - K['CQ_TEMPLE']}, which shows tile {tcq[x - K['CQ_TEMPLE']]}")
    if faceup > 1:
        raise StateError("conquest_loc", "two face-up Conquest tiles")
    for sp, t in enumerate(tcq):
        if t >= 0 and cq[t] != K["CQ_TEMPLE"] + sp:
            raise StateError(f"temple_conquest[{sp}]", f"tile {t} is not on this space")
    for name, v in (("cult_loc", cult), ("art_loc", art)):
        for i, x in enumerate(v):
            if K["SP_GONE"] < x < K["SP_SEAT"]:
                raise StateError(f"{name}[{i}]", f"{x} is not a place for this card")
def vizier_areas(options: int) -> list[int]:
    """The God action areas the Vizier may stand on at a table with these option bits (the rows
    of data.VIZIER_AREAS: "base", and a row named after an option when that option is on)."""
    bits = limits()["codes"]["options"]
    areas = set(D.VIZIER_AREAS["base"])
    for name, row in D.VIZIER_AREAS.items():
        if name != "base" and name in bits and options & bits[name]:
            areas |= set(row)
    return sorted(areas)


def _check_vizier(c: "_Checker", d: dict[str, Any], L: dict[str, Any], options: int, nplayers: int,
                  ns: int, downer: list[int]) -> None:
    """The Vizier's Challenge fields: all 0 without the option; with it a 2-player table, the Vizier
    on an area of the table once the first round started, the discard a card nobody holds, and
    its VP a multiple of VIZIER_VP within the seat's action VP."""
    on = bool(options & L["codes"]["options"]["vizier"])
    area = c.get("vizier_area")
    disc = c.get("vizier_discard")
    vvp = c.rng_all("vizier_vp", (4,), 0, L["vp_max"])
    if not on:
        for name, v in (("vizier_area", area), ("vizier_discard", disc)):
            if v:
                raise StateError(name, "set without the vizier option")
        if any(vvp):
            raise StateError("vizier_vp", "set without the vizier option")
        return
    if nplayers not in D.VIZIER_PLAYERS:
        raise StateError("options", f"the vizier option at a {nplayers}-player table")
    allowed = vizier_areas(options)
    if area and area - 1 not in allowed:
        raise StateError("vizier_area", f"{area} is not 0 or 1 + an area of {allowed}")
    if not area and d["round"] > 0:
        raise StateError("vizier_area", "the Vizier is not placed after the first round began")
    c.rng("vizier_discard", disc, 0, L["n_destiny"])
    if disc and downer[disc - 1] >= 0:
        raise StateError("vizier_discard", f"Destiny {disc - 1} was discarded but seat {downer[disc - 1]} holds it")
    actions = d["breakdown"][L["codes"]["vp_categories"].index("actions")]
    for p, v in enumerate(vvp):
        if v and (p >= ns or v % D.VIZIER_VP or v > actions[p]):
            raise StateError(f"vizier_vp[{p}]", f"{v} VP from the Vizier (action VP {actions[p]})")


def check_steps(d: dict[str, Any]) -> None:
    """The task-stack part of :func:`check_state` alone: every step known, with a seat and
    arguments in range, and a stack that cannot run the game past its end (used by
    ``GameState.push_step`` on analysis positions, whose clock may be off)."""
    L = limits()
    ntasks = d["ntasks"]
    if not (0 <= ntasks <= L["max_tasks"]):
        raise StateError("ntasks", f"{ntasks} is outside 0..{L['max_tasks']}")
    tasks = d["tasks"][:ntasks]
    _check_tasks(tasks, d, L, d["nseats"], d["nplayers"] == 1)
    if not (0 <= d["maat_count"] <= L["maat_phases"]):
        raise StateError("maat_count", f"{d['maat_count']} is outside 0..{L['maat_phases']}")
    _check_clock(tasks, d["round"], d["maat_count"], L, exact=False)


def _check_seth_cards(c: "_Checker", d: dict[str, Any], L: dict[str, Any], ns: int) -> None:
    """Time of Seth's once-per-turn marks (seth/gate.pxi): none without the expansion."""
    seth = d["options"] & L["codes"]["options"].get("seth", 0)
    gate = c.rng_all("seth_gate", (4,), 0, (1 << 30) - 1)
    if not seth and any(gate):
        raise StateError("seth_gate", "once-per-turn marks without Time of Seth")


def _check_solo_seth(d: dict[str, Any], pyr: list[int], options: int, L: dict[str, Any]) -> None:
    """Botankhamun with Time of Seth: its pyramid holds 10 different tiles once they are drawn (one god
    tile and one resource tile out, the Seth and Priests and Soldiers tiles in); it has no Soldiers,
    Priests or Blood ("Botankhamun never gains or spends Soldiers or Priests, and never takes Blood")."""
    if any(pyr) and sorted(set(pyr)) == sorted(pyr) and len(pyr) == L["n_pyramid"]:
        ngod, nbase = len(D.BOT_GOD_TILES), len(D.BOT_GOD_TILES) + len(D.BOT_RESOURCE_TILES)
        gods, res = sum(t < ngod for t in pyr), sum(ngod <= t < nbase for t in pyr)
        # the Seth tile replaces a resource tile, the Priests and Soldiers tile a god tile (at setup in turn)
        if gods + (nbase + 1 in pyr) != ngod or res + (nbase in pyr) != nbase - ngod:
            raise StateError("bot_pyramid", "a Time of Seth pyramid has 5 god tiles, 3 resource tiles, "
                             "the Seth and the Priests and Soldiers tiles")
    for name in ("soldiers", "priests", "blood"):
        if d[name][1]:
            raise StateError(f"{name}[1]", "Botankhamun never has Soldiers, Priests or Blood")


def _check_bot_log(blog: list[int], L: dict[str, Any], seth: bool = False) -> None:
    """Botankhamun's log of its last turn (display only, but kept in range)."""
    names = L["codes"]["bot_log_fields"]
    hi = {"turn": L["rounds"], "round": L["rounds"], "deben": 1, "pos": L["n_pyramid"] - 1,
          "tile": (L["n_pyramid_tiles_seth"] if seth else L["n_pyramid"]) - 1,
          "god": L["n_gods"] if seth else L["n_gods"] - 1, "done": 1}
    lo = {"deben": -1, "pos": -1, "god": -1}
    for i, v in enumerate(blog):
        name = names[i] if i < len(names) else None
        if name is None:
            if v:
                raise StateError(f"bot_log[{i}]", "unused field not 0")
            continue
        if name in hi and not (lo.get(name, 0) <= v <= hi[name]):
            raise StateError(f"bot_log[{i}]", f"{name} {v} is outside {lo.get(name, 0)}..{hi[name]}")
        if not (-(1 << 30) <= v < (1 << 30)):
            raise StateError(f"bot_log[{i}]", f"{name} {v} is out of range")


# ----------------------------------------------------------------------------- the task stack
# Where each step type's rules live: (file of the compiled rules, its function). A decision D_X has
# its legal moves gen_x and its apply do_x side by side in that file (gen_legal / do_decision in
# flow/engine.pxi only dispatch); an automatic step A_X has run_x or the named function; chance
# steps are listed and applied in flow/chance.pxi (Botankhamun's in solo/botankhamun.pxi). The
# checks of a step's seat and arguments are its row of _arg_specs below, kept in Python next to the
# rest of the loading checks; tests/test_single_source.py checks that both tables name every step.
STEP_FILES: dict[str, tuple[str, str]] = {
    "CH_WHEEL": ("flow/chance.pxi", "do_chance"),
    "CH_HORUS": ("flow/chance.pxi", "do_chance"),
    "CH_DIE": ("flow/chance.pxi", "do_chance"),
    "CH_SETH_ROLL": ("seth/board.pxi", "seth_do_chance"),
    "CH_CONQUEST": ("seth/board.pxi", "seth_do_chance"),
    "D_CONQUEST": ("seth/action.pxi", "do_conquest"),
    "D_SETH_AS": ("seth/dice.pxi", "do_seth_as"),
    "A_SETH_RES": ("seth/action.pxi", "seth_resolve"),
    "CH_PILLAR": ("flow/chance.pxi", "do_chance"),
    "CH_CARD": ("flow/chance.pxi", "do_chance"),
    "CH_REVEAL": ("flow/chance.pxi", "do_chance"),
    "CH_FIRST": ("flow/chance.pxi", "do_chance"),
    "CH_PICKSTART": ("flow/chance.pxi", "do_chance"),
    "CH_BOTDESTINY": ("flow/chance.pxi", "do_chance"),
    "CH_DEBEN": ("solo/botankhamun.pxi", "bot_chance"),
    "CH_TIE": ("solo/botankhamun.pxi", "bot_chance"),
    "CH_PYRAMID": ("solo/botankhamun.pxi", "bot_chance"),
    "D_SETH_CONVERT": ("seth/cultists.pxi", "do_seth_convert"),
    "D_ARTIFACT": ("seth/artifacts.pxi", "do_artifact"),
    "D_ART_ACTION": ("seth/artifacts.pxi", "do_art_action"),
    "D_SETH_GODACT": ("seth/horus.pxi", "do_seth_godact"),
    "D_KEEP": ("flow/cards.pxi", "do_keep"),
    "D_DRAFT": ("flow/setup.pxi", "do_draft"),
    "D_DESTINY": ("effects/destiny.pxi", "do_destiny"),
    "D_GAIN": ("flow/gains.pxi", "do_gain"),
    "D_TAKE": ("gods/dice.pxi", "do_take"),
    "D_ADJUST": ("gods/dice.pxi", "do_adjust"),
    "D_ACTION": ("flow/turn.pxi", "do_action"),
    "D_HORUS": ("gods/horus.pxi", "do_horus"),
    "D_RA_SPACE": ("gods/ra.pxi", "do_ra_space"),
    "D_RA_ROT": ("gods/ra.pxi", "do_ra_rot"),
    "D_HATHOR": ("gods/hathor.pxi", "do_hathor"),
    "D_OSIRIS": ("gods/osiris.pxi", "do_osiris"),
    "D_THOTH_REFRESH": ("gods/thoth.pxi", "do_thoth_refresh"),
    "D_THOTH_CARD": ("gods/thoth.pxi", "do_thoth_card"),
    "D_PAY": ("flow/pay.pxi", "do_pay"),
    "D_FAITH": ("flow/maat.pxi", "do_faith"),
    "D_BREAD": ("flow/scoring.pxi", "do_bread"),
    "D_DECREES": ("effects/decrees.pxi", "score_decree_set"),
    "D_EXTRA": ("flow/turn.pxi", "do_extra"),
    "D_BLESS": ("effects/blessings.pxi", "do_bless"),
    "D_VZ_DISCARD": ("flow/vizier.pxi", "do_vz_discard"),
    "D_VZ_PLACE": ("flow/vizier.pxi", "do_vz_place"),
    "A_NEXT_TURN": ("flow/turn.pxi", "run_next_turn"),
    "A_TURN": ("flow/turn.pxi", "run_turn"),
    "A_PLACE_DIE": ("gods/dice.pxi", "place_die"),
    "A_END_TURN": ("flow/turn.pxi", "run_end_turn"),
    "A_GOD": ("flow/turn.pxi", "start_god"),
    "A_HORUS_RES": ("gods/horus.pxi", "resolve_horus"),
    "A_RA_RES": ("gods/ra.pxi", "resolve_ra"),
    "A_RA_SLIDE": ("gods/ra.pxi", "ra_slide"),
    "A_HATHOR_RES": ("gods/hathor.pxi", "resolve_hathor"),
    "A_BASTET_RES": ("gods/bastet.pxi", "resolve_bastet"),
    "A_OSIRIS_RES": ("gods/osiris.pxi", "resolve_osiris"),
    "A_PRODUCE": ("gods/produce.pxi", "resolve_produce"),
    "A_THOTH_DISCARD": ("gods/thoth.pxi", "run_thoth_discard"),
    "A_MARKET_OPEN": ("flow/cards.pxi", "run_market_open"),
    "A_BONUS": ("gods/horus.pxi", "run_bonus"),
    "A_ROTATION": ("flow/rotation.pxi", "run_rotation"),
    "A_REFILL": ("flow/rotation.pxi", "run_refill"),
    "A_MAAT": ("flow/maat.pxi", "maat_start"),
    "A_MAAT_ORDER": ("flow/maat.pxi", "maat_order"),
    "A_SCORING": ("flow/scoring.pxi", "scoring"),
    "A_MAAT_END": ("flow/maat.pxi", "maat_end"),
    "A_DESTINY_ROUND": ("effects/destiny.pxi", "run_destiny_round"),
    "A_REWARDS": ("effects/destiny.pxi", "push_rewards"),
    "A_FINAL": ("flow/final.pxi", "final_scoring"),
    "A_WINNER": ("flow/final.pxi", "finish"),
    "A_SETUP": ("flow/setup.pxi", "setup_phase"),
    "A_INIT_ORDER": ("flow/setup.pxi", "init_order"),
    "A_BOT_TAKE": ("solo/botankhamun.pxi", "bot_take"),
    "A_BOT_ACT": ("solo/actions.pxi", "bot_act"),
    "A_BOT_DONE": ("solo/actions.pxi", "bot_done"),
}


def _arg_specs(L: dict[str, Any], ns: int, d: dict[str, Any]) -> dict[str, tuple]:
    """Per step type: (seat rule, a, b, c, d) where a seat rule is 'none' (-1), 'seat',
    'bot' or 'human', and each argument is (lo, hi) or a callable check."""
    codes = L["codes"]
    v = (L["die_min"], L["die_max"])
    god = (0, L["n_gods"] - 1)
    # Time of Seth: the Seth God Action is god SETH_GOD_INDEX (6) of A_GOD
    seth = bool(d.get("options", 0) & codes["options"]["seth"])
    seth_god = (0, D.SETH_GOD_INDEX if seth else L["n_gods"] - 1)
    flags = sum(codes["god_flags"].values())
    fl = (0, flags)
    sec = (0, L["n_sections"] - 1)
    slot = (0, L["n_ra_slots"] - 1)
    sp = (0, L["n_temple"] - 1)
    ctype = (0, L["n_card_types"] - 1)
    card = (0, max(D.CARD_DECK_OF))
    z = (0, 0)
    moments = codes["bless_moments"]
    cost_bits = (1 << (max(codes_cost_shifts().values()) + 3)) - 1   # every field of the cost (COST_SHIFTS)
    return {
        "CH_WHEEL": ("none", z, z, z, z),
        "CH_HORUS": ("none", (0, L["n_horus_slots"] - 1), z, z, z),
        "CH_DIE": ("none", god, (0, 1), z, z),   # b 1: a draw that may refill the Seth board
        "CH_SETH_ROLL": ("none", z, z, z, z),
        "CH_CONQUEST": ("none", z, z, z, z),
        "D_CONQUEST": ("human", z, z, z, z),
        "D_SETH_AS": ("human", (0, D.SETH_GOD_INDEX), v, z, z),
        "A_SETH_RES": ("seat", (L["die_min"], L["die_max"]), fl, (0, 4 if seth else 0), z),   # c: BX03/BX04's 1 + district
        "CH_PILLAR": ("none", (0, L["n_ra_slots"] if d["nplayers"] == 1 else L["n_ra_slots"] - 1), z, z, z),
        "CH_CARD": ("none", ctype, (0, 2), (0, L["n_market"] - 1), z),
        "CH_REVEAL": ("none", (0, 2), z, z, z),       # a Starting card, a Cultist, an Artifact
        "CH_FIRST": ("none", z, z, z, z),
        "CH_DEBEN": ("bot", z, z, z, z),
        "CH_TIE": ("bot", (2, codes["max_tie"]), (0, len(codes["tie_purposes"]) - 1), z, z),
        "CH_BOTDESTINY": ("bot", z, z, z, z),
        "CH_PICKSTART": ("human", z, z, z, z),
        "CH_PYRAMID": ("none", (0, L["n_pyramid"] - 1), z, z, z),
        "D_KEEP": ("human", ctype, (0, 1), z, z),
        "D_DRAFT": ("human", z, z, z, z),
        "D_DESTINY": ("human", (0, 1), z, z, z),
        "D_GAIN": ("human", (0, (1 << (codes["gain_items"] + 1)) - 1), (1, 5), (0, codes["gain_items"]),
                   (0, max(t["ra"].get("n", 0) for t in D.CONQUEST_TILES if t["ra"]))),   # d: CQ05's 3 identical
        "D_TAKE": ("human", z, z, z, z),
        "D_ADJUST": ("human", z, z, z, z),
        "D_ACTION": ("human", z, z, z, z),
        "D_HORUS": ("human", v, fl, z, z),
        "D_RA_SPACE": ("human", slot, fl, z, z),
        "D_RA_ROT": ("human", slot, sp, fl, z),
        "D_HATHOR": ("human", v, fl, z, z),
        "D_OSIRIS": ("human", v, fl, z, z),
        "D_THOTH_REFRESH": ("human", v, (0, (1 << L["n_sections"]) - 1), fl, z),
        # Time of Seth's TX05: section 4 = card by card from several sections, c 1 = its card of one higher taken
        "D_THOTH_CARD": ("human", (0, L["n_sections"] if seth else L["n_sections"] - 1),
                         (1, max(D.THOTH_CARDS_FOR_VALUE)), (0, 1 if seth else 0), z),
        "D_PAY": ("human", (1, cost_bits), z, z, z),
        "D_FAITH": ("human", z, z, z, z),
        "D_BREAD": ("human", (1, L["bread_max"]), z, z, z),
        "D_DECREES": ("human", z, z, z, z),
        "D_EXTRA": ("human", fl, (0, 1), z, z),
        "D_BLESS": ("human", (min(moments.values()), max(moments.values())), (0, card[1]), (0, card[1]), z),
        "D_VZ_DISCARD": ("human", z, z, z, z),
        "D_VZ_PLACE": ("human", z, z, z, z),
        "A_NEXT_TURN": ("none", z, z, z, z),
        "A_TURN": ("seat", z, z, z, z),
        "A_PLACE_DIE": ("seat", z, z, z, z),
        "A_END_TURN": ("seat", z, z, z, z),
        "A_HORUS_RES": ("seat", (0, codes["seth"]["ST_SETH_GOD"] if seth else L["n_people"]), v, fl, z),
        "A_RA_RES": ("seat", slot, sp, (0, L["n_rotations"] - 1), z),
        "A_HATHOR_RES": ("seat", (0, codes["n_bspaces"] - 1), v, fl, z),
        "A_BASTET_RES": ("seat", v, fl, z, z),
        "A_OSIRIS_RES": ("seat", v, (0, L["n_resources"] - 1), fl, z),
        "A_PRODUCE": ("seat", (0, L["n_resources"] - 1), v, fl, z),
        "A_BONUS": ("seat", seth_god, (0, (1 << ns) - 1), z, z),     # god 6: a Statue to Seth's bonus
        "A_ROTATION": ("none", z, z, z, z),
        "A_MAAT": ("none", z, z, z, z),
        "A_MAAT_ORDER": ("none", z, z, z, z),
        "A_SCORING": ("none", z, z, z, z),
        "A_MAAT_END": ("none", z, z, z, z),
        "A_REFILL": ("none", z, z, z, z),
        "A_FINAL": ("none", z, z, z, z),
        "A_SETUP": ("none", (0, codes["setup_phases"] - 1), z, z, z),
        "A_INIT_ORDER": ("none", z, z, z, z),
        "A_REWARDS": ("seat", (0, 1), z, z, z),
        "A_RA_SLIDE": ("seat", z, z, z, z),
        "A_THOTH_DISCARD": ("seat", sec, z, z, z),
        "A_DESTINY_ROUND": ("none", (0, 1), z, z, z),
        "A_BOT_TAKE": ("bot", z, z, z, z),
        "A_BOT_ACT": ("bot", z, z, z, z),
        "A_WINNER": ("none", z, z, z, z),
        "A_GOD": ("seat", seth_god, v, fl, z),
        "A_MARKET_OPEN": ("none", (2, L["n_sections"] - 1), z, z, z),
        "A_BOT_DONE": ("bot", z, z, z, z),
        "D_SETH_CONVERT": ("human", (0, len(D.SETH_DECKS["Cultist"]) - 1), z, z, z),
        "D_ARTIFACT": ("human", (0, 1), z, z, z),
        "D_ART_ACTION": ("human", (0, len(D.SETH_DECKS["Artifact"]) - 1), z, z, z),
        "D_SETH_GODACT": ("human", (0, L["n_gods"] - 1), v, z, z),
    }


def _check_tasks(tasks: list, d: dict[str, Any], L: dict[str, Any], ns: int, solo: bool) -> None:
    names = {v: k for k, v in L["steps"].items() if not k.endswith("_LAST")}
    specs = _arg_specs(L, ns, d)
    bot = L["codes"]["bot_seat"]
    for i, t in enumerate(tasks):
        f = f"tasks[{i}]"
        if not isinstance(t, dict):
            raise StateError(f, "not a step")
        vals = []
        for k in ("type", "p", "a", "b", "c", "d"):
            x = t.get(k)
            if not isinstance(x, int) or isinstance(x, bool):
                raise StateError(f"{f}.{k}", f"not an integer: {x!r}")
            vals.append(x)
        ty, p = vals[0], vals[1]
        name = names.get(ty)
        if name is None or name not in specs:
            raise StateError(f"{f}.type", f"{ty} is not a step type")
        rule, *args = specs[name]
        if rule == "none" and p != -1:
            raise StateError(f"{f}.p", f"{name} belongs to no seat (-1), not {p}")
        if rule in ("seat", "human", "bot") and not (0 <= p < ns):
            raise StateError(f"{f}.p", f"{name} needs a seat 0..{ns - 1}, not {p}")
        if rule == "bot" and not (solo and p == bot):
            raise StateError(f"{f}.p", f"{name} is Botankhamun's step (solo, seat {bot})")
        if rule == "human" and solo and p == bot:
            raise StateError(f"{f}.p", f"Botankhamun does not take {name}")
        if name == "CH_PICKSTART" and not solo:
            raise StateError(f"{f}.type", "CH_PICKSTART outside a solo game")
        if name in ("D_VZ_DISCARD", "D_VZ_PLACE") and not d["options"] & L["codes"]["options"]["vizier"]:
            raise StateError(f"{f}.type", f"{name} without the vizier option")
        for k, x, (lo, hi) in zip("abcd", vals[2:], args):
            if not (lo <= x <= hi):
                raise StateError(f"{f}.{k}", f"{name}: {x} is outside {lo}..{hi}")
        a, b, c_ = vals[2], vals[3], vals[4]
        if name == "CH_CARD":
            if b == 0 and _market_type(c_) != a:
                raise StateError(f"{f}.c", f"market slot {c_} does not take card type {a}")
            if b > 0 and not (0 <= c_ < ns):
                raise StateError(f"{f}.c", f"a card for seat {c_} at a {ns}-seat table")
        if name in ("A_SETUP", "A_INIT_ORDER") and i != 0:
            raise StateError(f"{f}.type", f"{name} is only at the bottom of the stack")


@lru_cache(maxsize=None)
def _market_types() -> tuple[int, ...]:
    return tuple(t for sec in D.MARKET_SECTIONS for t in sec)


def _market_type(slot: int) -> int:
    return _market_types()[slot]


def _check_clock(tasks: list, rnd: int, maat: int, L: dict[str, Any], exact: bool = True) -> None:
    """Rounds and Maat phases agree (exact), and the stack cannot run past the last Maat phase:
    a Maat phase after the last one would never end the game (the maat_count 8323072 hang)."""
    steps = L["steps"]
    types = [t["type"] for t in tasks]
    rpm = L["rounds_per_maat"]
    pending = types.count(steps["A_MAAT"])
    if steps["A_ROTATION"] in types and rnd % rpm == 0 and rnd > 0:
        pending += 1
    if pending > 1:
        raise StateError("tasks", "more than one Maat phase pending")
    if maat + pending > L["maat_phases"]:
        raise StateError("maat_count", f"{maat} Maat phase(s) and {pending} pending: the game has "
                         f"{L['maat_phases']}")
    if exact and maat + pending != rnd // rpm:
        raise StateError("maat_count", f"{maat} Maat phase(s) (+{pending} pending) after round {rnd}; "
                         f"a Maat phase follows every {rpm}th round")
    clock = {steps[k] for k in ("A_NEXT_TURN", "A_END_TURN", "A_TURN", "A_ROTATION", "A_MAAT")}
    ending = {steps[k] for k in ("A_MAAT_ORDER", "A_FINAL", "A_WINNER")}
    if maat == L["maat_phases"]:
        top_clock = max((i for i, ty in enumerate(types) if ty in clock), default=-1)
        top_end = max((i for i, ty in enumerate(types) if ty in ending), default=-1)
        if top_clock > top_end:
            raise StateError("tasks", "the game goes on after the last Maat phase (no final scoring above "
                             "the next turn)")


def _check_scorings(tasks: list, maat: int, scoring: int, L: dict[str, Any]) -> None:
    """Scorings happen at the Maat phases of data.SCORING_MAAT_PHASES (in their A_MAAT_ORDER)."""
    steps = L["steps"]
    types = [t["type"] for t in tasks]
    order_pending = steps["A_MAAT_ORDER"] in types or steps["A_MAAT"] in types
    done = sum(1 for m in D.SCORING_MAAT_PHASES if m < maat or (m == maat and not order_pending))
    if scoring != done:
        raise StateError("scoring_count", f"{scoring} Scoring(s) after {maat} Maat phase(s), expected {done}")
