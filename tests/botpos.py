"""Position builders for the Botankhamun tests: a solo game stopped at Botankhamun's Deben
flip, with the board, the wheel and the pyramid set to what a test needs."""
from __future__ import annotations

import copy
import functools
import random

from tekhenu_engine import data
from tekhenu_engine._core import STEP_TYPES, GameState
from tekhenu_engine.notation import format_action, parse_action

CH_DEBEN = STEP_TYPES["CH_DEBEN"]
CH_TIE = STEP_TYPES["CH_TIE"]
CH_PYRAMID = STEP_TYPES["CH_PYRAMID"]
HO, RA, HA, BA, TH, OS = range(6)
Y, BR, W, K, GR = range(5)          # die colours yellow brown white black gray
GOD_TILES = {g: g for g in range(6)}
RES_TILES = {"GLBP": 6, "PBLG": 7, "LGPB": 8, "BPGL": 9}
BOT = 1


def purity(arrow: int, section: int, colour: int) -> int:
    """0 Pure, 1 Tainted, 2 Forbidden (data.PURITY with the light pattern from the arrow)."""
    return data.PURITY[data.LIGHT_PATTERN[(section - arrow) % 6]][colour]


def move(pos: int, face: str) -> int:
    """Pyramid place after a Deben face from pos (rows of 4, 3, 2, 1 from the base)."""
    starts = (0, 4, 7, 9)
    row = max(r for r in range(4) if starts[r] <= pos)
    i = pos - starts[row]
    return starts[row + 1] + i if face == "pharaoh" else pos + 1


def play(g: GameState, stop, rng: random.Random, prefer_produce: bool = True) -> GameState:
    """Apply sampled chance outcomes and random player choices until stop(g)."""
    while not stop(g):
        assert not g.is_terminal()
        if g.is_chance():
            g.apply_chance()
            continue
        acts = g.legal_actions()
        if prefer_produce:
            prod = [a for a in acts if format_action(a).startswith("act:produce")]
            acts = prod or acts
        g.apply(rng.choice(acts))
    return g


@functools.lru_cache(maxsize=None)
def _flip(seed: int, difficulty: str, decree8: bool) -> str:
    g = GameState.new(1, seed, difficulty=difficulty, decree8=decree8)
    play(g, lambda s: s.step_type() == CH_DEBEN, random.Random(seed))
    return g.to_json()


def flip_state(seed: int = 1, difficulty: str = "easy", decree8: bool = False) -> dict:
    """The state document of a solo game at Botankhamun's first Deben flip (round 2)."""
    return copy.deepcopy(GameState.from_json(_flip(seed, difficulty, decree8)).to_dict())


def clean_board(d: dict) -> dict:
    """Remove every Statue, Building and Pillar from the board (the Ra display stays)."""
    d["statue_god"] = [[-1] * 4 for _ in range(6)]
    d["people"] = [-1] * 4
    d["people_gold"] = [1] * 4
    d["osiris"] = [[-1] * 4 for _ in range(6)]
    d["osiris_row2_gold"] = 1
    d["bspace"] = [-1] * 18
    for sp in range(25):
        if d["temple_tile"][sp]:
            d["pillar_loc"][d["temple_tile"][sp]] = 0
        d["temple_tile"][sp] = 0
        d["temple_rot"][sp] = 0
        d["temple_owner"][sp] = -1
    for key in ("statues", "buildings", "pillars"):
        d[key] = [0] * 4
    return d


def set_wheel(d: dict, dice) -> dict:
    """Put every wheel die back in the bag, then place the given (section, colour, value) dice."""
    loc, col, val = d["die_loc"], d["die_colour"], d["die_value"]
    for i in range(d["ndice"]):
        if 1 <= loc[i] <= 6:
            loc[i] = 0
            val[i] = 0
    for sec, c, v in dice:
        i = next(i for i in range(d["ndice"]) if loc[i] == 0 and col[i] == c)
        loc[i] = sec + 1
        val[i] = v
    return d


def put_statue(d: dict, god: int, seat: int) -> None:
    d["statue_god"][god][0] = seat
    d["statues"][seat] += 1


def put_pillar(d: dict, space: int, tile: int, seat: int, rot: int = 0) -> None:
    d["temple_tile"][space] = tile
    d["temple_rot"][space] = rot
    d["temple_owner"][space] = seat
    d["pillar_loc"][tile] = 2
    d["pillars"][seat] += 1


def put_osiris(d: dict, row: int, district: int, seat: int) -> None:
    d["osiris"][row - 1][district] = seat
    d["buildings"][seat] += 1


def put_building(d: dict, space: int, seat: int) -> None:
    d["bspace"][space] = seat
    d["buildings"][seat] += 1


def bot_turn(d: dict, tile: int, dice=(), face: str = "snake", arrow: int = 0, **fields) -> GameState:
    """Run Botankhamun's turn from a flip-state document: `tile` on the place the Deben face
    reaches, the wheel holding exactly `dice`, the arrow on `arrow`, `fields` overwritten."""
    d = copy.deepcopy(d)
    dest = move(d["bot_pos"], face)
    pyr = d["bot_pyramid"]
    j = pyr.index(tile)
    pyr[j], pyr[dest] = pyr[dest], pyr[j]
    d["arrow"] = arrow
    set_wheel(d, dice)
    d.update(fields)
    # private loader on purpose (tests need positions the public one refuses): 9 of 68 loaded here are not consistent, e.g. test_horus_temple_statue_when_no_district_changes: temple_tile: a Pillar tile in two places
    g = GameState._from_dict_trusted(d)
    g.apply(parse_action("deben:" + face))
    return g


def resolve_tie(g: GameState, index: int) -> GameState:
    """Feed outcome `index` to the pending random tie-break."""
    assert g.step_type() == CH_TIE
    g.apply(parse_action(f"tie:{index}"))
    return g


def greedy_action(g: GameState, rng: random.Random) -> int:
    """A small greedy baseline for the player: the action that leaves the best VP margin
    over Botankhamun right after it, plus a fifth of a point per step on its Production
    tracks (so that it builds in Osiris), remaining ties at random."""
    acts = g.legal_actions()
    if len(acts) == 1:
        return acts[0]
    best, cands = None, []
    for a in acts:
        h = g.clone()
        h.apply_unchecked(a)
        vp = h.returns()
        v = vp[0] - vp[1] + 0.2 * sum(h.field("prod")[0])
        if best is None or v > best + 1e-9:
            best, cands = v, [a]
        elif abs(v - best) <= 1e-9:
            cands.append(a)
    return rng.choice(cands)


def play_solo(seed: int, difficulty: str, player=greedy_action, **options) -> GameState:
    """A whole solo game: `player(g, rng)` for the player's decisions, sampled chance."""
    g = GameState.new(1, seed, difficulty=difficulty, **options)
    rng = random.Random(seed)
    while not g.is_terminal():
        if g.is_chance():
            g.apply_chance()
        else:
            assert g.current_player() == 0
            g.apply(player(g, rng))
    return g
