"""Botankhamun with Time of Seth (table options ``seth`` at players 1; issue 12).

Each test quotes the sentence of shared/rules/ it checks: manual = time-of-seth-manual.txt
("BOTHANKAMUN CHANGES", "SOLO MODE COMPONENTS SETUP"), game help = game-help.txt "Solo with Time of
Seth" (wins a disagreement), FACTS = FACTS.md; docs/seth-rules-digest.md section 11."""
from __future__ import annotations

import copy
import functools
import random

import pytest

from botpos import BOT, CH_DEBEN, CH_TIE, bot_turn, clean_board, play, put_statue, resolve_tie
from seth_positions import ARTS, CULTS, SP_BOX, SP_DISPLAY, SP_SEAT, put_seth_board
from tekhenu_engine import GameState, TableOptions, _core, data, format_action, parse_action
from tekhenu_engine.botlog import describe, last_turn
from tekhenu_engine.enums import make_take
from tekhenu_engine.protocol import parse_table

HO, RA, HA, BA, TH, OS = range(6)
Y, BR, W, K, GR, RED, BLUE, GREEN = range(8)
SETH_TILE, PS_TILE = 10, 11
DL_SETH = 7
SOLO_SETH = TableOptions(seth=True)
K_PYR = _core.STEP_TYPES["CH_PYRAMID"]
TIE_CONQUEST = _core.CODES["tie_purposes"]["TIE_CONQUEST"]


def new(seed: int = 1, **opts) -> GameState:
    return GameState.new(1, seed, TableOptions(seth=True, **opts))


def run_setup(g: GameState, rng: random.Random | None = None) -> GameState:
    """Play to the first D_TAKE (the player's first turn)."""
    rng = rng or random.Random(0)
    return play(g, lambda s: s.step().name == "D_TAKE", rng, prefer_produce=False)


def to_step(g: GameState, name: str) -> GameState:
    """First legal choices and sampled chance until step `name` is on top."""
    while g.step().name != name:
        g.apply_chance() if g.is_chance() else g.apply(g.legal_actions()[0])
    return g


def seth_bot_turn(d: dict, tile: int, dice=(), face: str = "snake", **fields) -> GameState:
    """botpos.bot_turn with `tile` put on the place the Deben face reaches (a Time of Seth pyramid
    lacks one god and one resource tile)."""
    d = copy.deepcopy(d)
    if tile not in d["bot_pyramid"]:
        d["bot_pyramid"][d["bot_pyramid"].index(PS_TILE if tile != PS_TILE else SETH_TILE)] = tile
    return bot_turn(d, tile, dice=dice, face=face, **fields)


@functools.lru_cache(maxsize=None)
def _flip(seed: int, difficulty: str) -> str:
    g = new(seed, difficulty=difficulty)
    play(g, lambda s: s.step_type() == CH_DEBEN, random.Random(seed))
    return g.to_json()


def flip_state(seed: int = 1, difficulty: str = "easy") -> dict:
    """A solo Time of Seth game at Botankhamun's first Deben flip, the board cleared."""
    d = copy.deepcopy(GameState.from_json(_flip(seed, difficulty)).to_dict())
    clean_board(d)
    d["seth_build"] = [-1] * 12
    d["seth_people"] = [-1, -1]
    for sp in range(25):
        if d["temple_conquest"][sp] >= 0:
            d["conquest_loc"][d["temple_conquest"][sp]] = 1      # back on the stack
            d["temple_conquest"][sp] = -1
    return d


def vp(g: GameState, seat: int = BOT) -> int:
    return g.field("vp")[seat]


# ============================================================================ the option
def test_solo_seth_is_a_table_and_its_variants_are_options():
    """game help: "Everything in Solo and above holds, on the 1–2 player side of the Seth board." and
    Table options "Starting cards and Cultist Powers | Draw 3 and 1 (standard), 2 and 2, or 3 and 2
    (easier)"; "Artifacts | 3 (standard), 2 (harder) or 4 (easier)"; "Botankhamun's Buildings | 10
    (standard) or 20"."""
    g = new()
    assert g.table_options().seth and g.num_players() == 1
    t = TableOptions.from_words("seth draw 2+2 artifacts easier botbuildings 20 difficulty hard".split())
    assert (t.solo_draw, t.solo_artifacts, t.bot_buildings) == ("2+2", "easier", 20)
    assert TableOptions.from_words(t.to_words()) == t
    assert GameState.new(1, 3, t).table_options() == t
    assert parse_table("players 1 seth draw 3+2".split())["words"] == ["seth", "draw", "3+2"]
    for bad in (TableOptions(solo_draw="2+2"), TableOptions(seth=True, bot_buildings=20)):
        with pytest.raises(ValueError, match="solo game with Time of Seth"):
            GameState.new(1 if not bad.seth else 2, 1, bad)
    with pytest.raises(ValueError, match="solo_draw must be one of"):
        TableOptions(solo_draw="4+4")
    with pytest.raises(ValueError, match="bot_buildings must be one of"):
        TableOptions(bot_buildings=15)


def test_seth_board_side_and_dice_of_a_solo_table():
    """manual Setup Changes 3: "2 players: return 1 black, 1 white, 1 yellow, 1 brown, and 3 gray dice
    to the game box, then take 2 gray dice" (the 1-2 player side: 2 dice on the Seth board)."""
    g = new(2)
    while g.step().name != "D_DESTINY":                      # before the first turn
        g.apply_chance() if g.is_chance() else g.apply(g.legal_actions()[0])
    d = g.to_dict()
    n = d["ndice"]
    assert tuple(d["die_colour"][:n].count(c) for c in range(8)) == data.SETH_DICE_PER_COLOUR[1]
    assert sum(1 for i in range(n) if d["die_loc"][i] == DL_SETH) == data.SETH_BOARD_DICE[1] == 2


# ============================================================================ the pyramid
def _tiles_ok(pyr) -> bool:
    return (len(set(pyr)) == 10 and sum(t < 6 for t in pyr) == 5 and sum(6 <= t < 10 for t in pyr) == 3
            and SETH_TILE in pyr and PS_TILE in pyr)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_pyramid_loses_a_god_and_a_resource_tile_and_gains_the_two_seth_tiles(seed):
    """manual Additional Setup: "Shuffle all 6 God Action tiles from the base game, and remove one of
    them ... shuffle all 4 Resource tiles from the base game, and remove one of them ... Take the
    Priests and Soldiers Action tile and Seth Botankhamun Action tile and shuffle them together with the
    remaining tiles, creating a stack of 10 tiles." """
    g = run_setup(new(seed))
    assert _tiles_ok(g.field("bot_pyramid"))


def test_removed_tiles_are_chance_steps_and_the_pyramid_is_shuffled():
    """The removals are random (two chance steps of 4 and 6 outcomes), then ten draws place them."""
    g = new(3)
    seen = []
    while g.step().name != "D_TAKE":
        if g.is_chance():
            st = g.step()
            if st.name == "CH_TIE" and st.b in (5, 6):
                seen.append((st.b, len(g.chance_outcomes())))
            g.apply_chance()
        else:
            g.apply(g.legal_actions()[0])
    assert seen == [(5, 4), (6, 6)]


def test_the_same_ten_are_reshuffled_after_each_maat_phase():
    """game help: "The same 10 are reshuffled after each Maat phase." """
    g = run_setup(new(4))
    first = sorted(g.field("bot_pyramid"))
    rng = random.Random(4)
    pyramids = set()
    while not g.is_terminal():
        if g.is_chance():
            g.apply_chance()
        else:
            g.apply(rng.choice(g.legal_actions()))
        if not g.is_terminal() and g.step().name == "D_TAKE":
            assert sorted(g.field("bot_pyramid")) == first
            pyramids.add(tuple(g.field("bot_pyramid")))
    assert len(pyramids) >= 2


# ============================================================================ difficulty
@pytest.mark.parametrize("difficulty,n", [("easy", 0), ("medium", 1), ("hard", 2)])
def test_difficulty_gives_seth_buildings_without_reward(difficulty, n):
    """manual: "For medium difficulty, Botankhamun begins the game with a Building in a randomly
    selected region on the Seth board (it does not receive the reward). ... For hard difficulty ... one
    more Building in a randomly selected region on the Seth board (ignoring the reward as well). Roll a
    die to determine the region, remembering all the restrictions." "All difficulty adjustments ...
    listed in the base game rules can still be applied." """
    for seed in range(1, 6):
        g = to_step(new(seed, difficulty=difficulty), "D_DESTINY")      # setup done, no turn yet
        d = g.to_dict()
        regions = [k // 2 for k in range(12) if d["seth_build"][k] == BOT]
        assert len(regions) == n and len(set(regions)) == n          # never two in one region
        # no region reward (its Statue's chart may have paid Scribes / VP on the player's setup actions)
        assert (d["population"][BOT], d["happiness"][BOT], d["gold"][BOT]) == (
            data.BOT_START["population"], data.BOT_START["happiness"], 0)
        assert 6 not in d["card_loc"]                                   # no card drawn for it
        base_osiris = 2 if difficulty != "easy" else 0
        assert d["buildings"][BOT] == n + base_osiris                 # the base adjustments too


def test_region_roll_is_a_die_over_the_open_regions():
    """"Roll a die to determine the region": 6 outcomes for the first Building, 5 for the second."""
    g = new(2, difficulty="hard")
    counts = []
    while g.step().name != "D_TAKE":
        if g.is_chance():
            st = g.step()
            if st.name == "CH_TIE" and st.b == 7:
                counts.append(len(g.chance_outcomes()))
            g.apply_chance()
        else:
            g.apply(g.legal_actions()[0])
    assert counts == [6, 5]


# ============================================================================ the player's setup
@pytest.mark.parametrize("draw,shown", [("3+1", (3, 1)), ("2+2", (2, 2)), ("3+2", (3, 2))])
def test_the_players_draw_and_keep(draw, shown):
    """manual Solo Mode Components Setup: "Choose between drawing either 3 random Starting cards and 1
    random Cultist Power; or drawing 2 random Starting cards and 2 random Cultist Powers. From these,
    choose 2 Starting cards and 1 Cultist Power for yourself. For more control in the matter, draw 3
    Starting cards and 2 Cultist Powers to pick from." """
    g = new(5, solo_draw=draw)
    while g.step().name != "D_DRAFT":
        g.apply_chance() if g.is_chance() else g.apply(g.legal_actions()[0])
    d = g.to_dict()
    assert (sum(x == 1 for x in d["start_loc"]), sum(x == SP_DISPLAY for x in d["cult_loc"])) == shown
    g = run_setup(g)
    d = g.to_dict()
    assert sum(1 for x in d["cult_loc"] if x == SP_SEAT) == 1
    assert sum(1 for x in d["cult_loc"] if x == SP_DISPLAY) == 0
    assert sum(1 for x in d["start_loc"] if x in (2, 6)) == 2      # its two, resolved at setup


def test_three_decrees_dealt_and_one_kept_at_the_very_end():
    """game help (Time of Seth): "You are dealt 3 Decrees and keep 1 at the very end of setup"; "Everything
    in Solo and above holds" (Botankhamun has no Decree)."""
    g = new(6)
    names = []
    while g.step().name != "D_TAKE":
        names.append(g.step().name)
        if g.step().name == "D_KEEP":
            assert len(g.legal_actions()) == 3 and g.current_player() == 0
        g.apply_chance() if g.is_chance() else g.apply(g.legal_actions()[0])
    decisions = [n for n in names if not n.startswith("CH_")]
    assert decisions[-1] == "D_KEEP" and "D_DESTINY" in decisions
    assert names.index("D_KEEP") > names.index("D_DESTINY")


@pytest.mark.parametrize("variant,n", [("standard", 3), ("harder", 2), ("easier", 4)])
def test_artifacts_selected(variant, n):
    """manual: "Randomly select 3 Artifacts. Return the rest of the Artifacts to the box. You may
    increase or decrease the difficulty level by selecting one fewer or one more Artifact instead." """
    g = run_setup(new(7, solo_artifacts=variant))
    assert sum(1 for x in g.field("art_loc") if x != SP_BOX) == n


# ============================================================================ Destiny
def test_at_setup_it_picks_first_the_lowest_ankh_card_with_an_artifact():
    """manual: "If Botankhamun is first in Turn Order, it picks the lowest Ankh valued Destiny card that
    corresponds to an Artifact (making that Artifact unavailable to you)"; game help: "(always, at
    setup)"; "Otherwise (including in the last step of setup), you may choose any of the four Destiny
    cards or available Artifacts"."""
    for seed in range(1, 8):
        g = new(seed)
        while g.step().name != "D_DESTINY":
            g.apply_chance() if g.is_chance() else g.apply(g.legal_actions()[0])
        d = g.to_dict()
        shown = [k for k in range(len(ARTS)) if d["art_loc"][k] == SP_DISPLAY]
        want = min(data.ARTIFACTS[ARTS[k]]["ankh"] for k in shown)
        assert d["destiny"][BOT] == want and d["destiny_owner"][want] == BOT
        rich = GameState._from_dict_trusted({**d, "priests": [10, 0, 0, 0]})   # enough for any Artifact
        offered = [format_action(a) for a in rich.legal_actions()]
        for k in shown:
            assert (f"artifact:{ARTS[k]}" in offered) == (data.ARTIFACTS[ARTS[k]]["ankh"] != want)
        assert f"destiny:A{want + 1:02d}" not in offered
        assert all(x != 2 for x in d["start_loc"])              # its Starting cards were resolved before


def _maat_pick(art_loc) -> GameState:
    """A Maat-phase Destiny pick with Botankhamun first in turn order (pushed onto a round-5 turn)."""
    g = run_setup(new(3))
    d = g.to_dict()
    d["art_loc"] = art_loc
    d["destiny_owner"] = [-1] * 4
    d["destiny"] = [-1] * 4
    d["turn_order"] = [BOT, 0, 2, 3]
    # private loader on purpose: the Destiny cards are taken back to build the pick
    g = GameState._from_dict_trusted(d)
    g.push_step(_core.STEP_TYPES["A_DESTINY_ROUND"], -1, 0)
    return g


def test_first_at_a_maat_pick_it_takes_the_lowest_ankh_card_with_an_artifact():
    """manual: "If Botankhamun is first in Turn Order, it picks the lowest Ankh valued Destiny card that
    corresponds to an Artifact" """
    art = [2] * len(ARTS)
    art[ARTS.index("Art07")] = SP_DISPLAY          # Ankh 3
    art[ARTS.index("Art05")] = SP_DISPLAY          # Ankh 2
    g = _maat_pick(art)
    assert g.field("destiny")[BOT] == 2 and g.step().name == "D_DESTINY" and g.current_player() == 0


def test_with_no_artifact_left_gold_or_scribe_at_random():
    """manual: "or randomly picks between the Gold and the Scribe Destiny card if no Artifact remains" """
    g = _maat_pick([2] * len(ARTS))
    assert g.step().name == "CH_BOTDESTINY"
    assert sorted(format_action(a) for a, _ in g.chance_outcomes()) == ["botdestiny:A01", "botdestiny:A02"]


# ============================================================================ choosing a die
def test_red_and_blue_rank_one_value_above_their_face_still_tainted():
    """manual Evaluating Dice: "if given the choice between a Pure 6, a Blue 5, and a Tainted 6, its
    preference will be, in order: Pure 6, then Blue 5, and then a Tainted 6." (arrow 0: in the Sunny
    Horus section white is Pure, gray and yellow Tainted)"""
    d = flip_state(1)
    g = seth_bot_turn(d, HO, dice=[(HO, W, 6), (HO, BLUE, 5), (HO, GR, 6)])
    assert last_turn(g)["die"] == make_take(HO, W, 6)
    g = seth_bot_turn(d, HO, dice=[(HO, BLUE, 5), (HO, GR, 6)])
    assert last_turn(g)["die"] == make_take(HO, BLUE, 5)
    g = seth_bot_turn(d, HO, dice=[(HO, RED, 4), (HO, W, 5)])          # red 4 ranks 5 but Tainted: Pure 5 first
    assert last_turn(g)["die"] == make_take(HO, W, 5)
    g = seth_bot_turn(d, HO, dice=[(HO, RED, 4), (HO, Y, 5)])          # both rank 5, Tainted: red first
    assert last_turn(g)["die"] == make_take(HO, RED, 4)


def test_green_beats_any_other_pure_die_of_the_same_value():
    """manual: "green dice are considered better than every other Pure die of the same value." """
    d = flip_state(1)
    g = seth_bot_turn(d, HO, dice=[(HO, Y, 4), (HO, GREEN, 4), (HO, W, 4)])
    assert last_turn(g)["die"] == make_take(HO, GREEN, 4) and last_turn(g)["die_tie"] == 0
    g = seth_bot_turn(d, HO, dice=[(HO, W, 5), (HO, GREEN, 4)])
    assert last_turn(g)["die"] == make_take(HO, W, 5)


# ============================================================================ the Seth tile
def test_seth_tile_takes_the_highest_seth_board_die_and_builds_there_for_2_vp():
    """manual Seth Action Tile: "Botankhamun takes the highest valued die from the Seth board and
    constructs a Building in the corresponding region. ... Regardless of the region, Botankhamun
    immediately scores 2 Victory Points (in place of the benefits normally granted by that region)."
    "Botankhamun does not have to pay any Soldiers ..., nor does Botankhamun receive any Blood tokens"."""
    d = put_seth_board(flip_state(1), [2, 4])
    before = GameState._from_dict_trusted(d)
    g = seth_bot_turn(d, SETH_TILE, dice=[(HO, Y, 3)])
    e = last_turn(g)
    assert e["die"] == make_take(6, GR, 4)
    assert g.field("seth_build")[2 * 3] == BOT                        # region 4 (Assyria), first space
    assert vp(g) == vp(before) + data.BOT_SETH_VP
    assert (g.field("scribes")[BOT], g.field("gold")[BOT]) == (before.field("scribes")[BOT], 0)
    assert g.field("soldiers")[BOT] == 0 and g.field("priests")[BOT] == 0 and g.field("blood")[BOT] == 0
    assert "Seth: Building in Assyria" in describe(e)


def test_seth_tile_with_its_building_there_goes_one_value_up_and_6_wraps_to_1():
    """manual: "If that region already contains one of its Buildings, it places the Building in the
    region of value one higher, looping around from 6 to 1 if necessary." (player aid: also when the
    region is unavailable)"""
    d = put_seth_board(flip_state(1), [6])
    d["seth_build"][10] = BOT
    d["buildings"][BOT] += 1
    g = seth_bot_turn(d, SETH_TILE, dice=[(HO, Y, 3)])
    assert g.field("seth_build")[0] == BOT                            # region 1 (Kush)
    d = put_seth_board(flip_state(1), [3])
    d["seth_build"][4], d["seth_build"][5] = 0, 0                     # Sumer full (hand-made: the player twice)
    g = seth_bot_turn(d, SETH_TILE, dice=[(HO, Y, 3)])
    assert g.field("seth_build")[6] == BOT                            # Assyria


def test_seth_tile_with_a_statue_for_the_people_under_the_column_3_vp_more():
    """manual: "If there is a Statue below the column it just placed a Building in, it receives an
    additional 3 Victory Points (for a total of 5 Victory Points)." """
    d = put_seth_board(flip_state(1), [2])
    column = _core._seth_action_tables()["column"][1]
    d["seth_people"][column] = 0
    before = vp(GameState._from_dict_trusted(d))
    g = seth_bot_turn(d, SETH_TILE, dice=[(HO, Y, 3)])
    assert vp(g) == before + data.BOT_SETH_VP + data.BOT_SETH_STATUE_VP == before + 5
    d["seth_people"][column] = -1
    d["seth_people"][1 - column] = 0
    g = seth_bot_turn(d, SETH_TILE, dice=[(HO, Y, 3)])
    assert vp(g) == before + 2


def test_seth_tile_places_the_conquest_tile_where_a_ra_action_would_score_most():
    """manual: "Then, place the top Conquest tile in the space where Botankhamun would score the most
    during a hypothetical Ra God Action. In case of a tie, pick randomly." (empty Temple: a corner has
    2 border edges; a Building left of row 1 adds 1 to r1c1 and r1c5, one below column 1 to r1c1)"""
    d = put_seth_board(flip_state(1), [5])
    d["bspace"][0] = 0                                           # W1: row 1
    d["buildings"][0] += 1
    g = seth_bot_turn(d, SETH_TILE, dice=[(HO, Y, 3)])
    assert g.step_type() == CH_TIE and g.step().b == TIE_CONQUEST
    assert len(g.chance_outcomes()) == 2
    faceup = g.field("conquest_loc").index(2)
    resolve_tie(g, 1)
    assert g.field("temple_conquest")[4] == faceup              # r1c5, the second candidate
    assert g.step().name == "CH_CONQUEST"                       # "Turn the next Conquest tile ... face up"
    d["bspace"][5] = 0                                           # S1: column 1 too
    d["buildings"][0] += 1
    g = seth_bot_turn(d, SETH_TILE, dice=[(HO, Y, 3)])
    assert g.step_type() != CH_TIE and g.field("temple_conquest")[0] >= 0
    assert last_turn(g)["extra"] == 0 and "Conquest tile onto r1c1" in describe(last_turn(g))


def test_seth_tile_with_no_die_on_the_seth_board_takes_a_horus_action():
    """manual: "If there are no dice available on the Seth board, Botankhamun takes a Horus God action
    instead. If Horus God action is also not available, continuing to the next section
    counterclockwise from there (as explained in the base game solo rules)." """
    d = put_seth_board(flip_state(1), [])
    g = seth_bot_turn(d, SETH_TILE, dice=[(HO, Y, 3), (RA, W, 5)])
    assert last_turn(g)["god"] == HO
    g = seth_bot_turn(d, SETH_TILE, dice=[(OS, Y, 3), (RA, W, 5)])
    e = last_turn(g)
    assert e["god"] == OS and "a Horus action instead" in describe(e)   # Horus empty: counter-clockwise


def test_seth_tile_with_no_building_left_scores_3_vp():
    """manual: "If dice are available on the Seth board, but Bothankhamun has no Buildings left, it
    scores 3 VP and does nothing else." """
    d = put_seth_board(flip_state(1), [4])
    for r in range(6):
        for c in range(4):
            d["osiris"][r][c] = BOT if r * 4 + c < 10 else -1
    d["buildings"][BOT] = 10
    before = vp(GameState._from_dict_trusted(d))
    g = seth_bot_turn(d, SETH_TILE, dice=[(HO, Y, 3)])
    assert vp(g) == before + data.BOT_SETH_NO_BUILD_VP and BOT not in g.field("seth_build")


def test_twenty_buildings_option():
    """game help Table options: "Botankhamun's Buildings | 10 (standard) or 20"."""
    d = put_seth_board(flip_state(1), [4])
    for r in range(6):
        for c in range(4):
            d["osiris"][r][c] = BOT if r * 4 + c < 10 else -1
    d["buildings"][BOT] = 10
    d["options"] |= _core.OPTION_BITS["bot_buildings20"]
    g = seth_bot_turn(d, SETH_TILE, dice=[(HO, Y, 3)])
    assert g.field("seth_build")[6] == BOT and g.field("buildings")[BOT] == 11


# ============================================================================ the Priests and Soldiers tile
def test_priests_and_soldiers_tile_takes_the_highest_red_or_blue_die():
    """manual Priests and Soldiers Tile: "Botankhamun takes the highest-value red or blue die, using all
    the procedures and tiebreakers explained under "Resource Tile" rules of the base game" (then the God
    action of that section)."""
    d = flip_state(1)
    g = seth_bot_turn(d, PS_TILE, dice=[(HO, Y, 6), (RA, RED, 3), (OS, BLUE, 4)])
    e = last_turn(g)
    assert e["die"] == make_take(OS, BLUE, 4) and e["god"] == OS
    put_statue(d, RA, BOT)
    g = seth_bot_turn(d, PS_TILE, dice=[(HO, BLUE, 4), (RA, RED, 4)])
    assert last_turn(g)["die"] == make_take(RA, RED, 4)            # tie: the section with its Statue


def test_priests_and_soldiers_tile_without_red_or_blue_takes_the_highest_pure_die():
    """manual: "If there are no red or blue die available, it takes the highest Pure die instead." """
    d = flip_state(1)
    g = seth_bot_turn(d, PS_TILE, dice=[(HO, GR, 6), (RA, W, 4), (OS, Y, 2)])   # gray: Tainted
    e = last_turn(g)
    assert e["die"] == make_take(RA, W, 4)
    assert "No red or blue die" in describe(e)


def test_priests_and_soldiers_tile_with_no_pure_die_either_takes_the_highest_tainted_die():
    """docs/rules-notes.md "Priests and Soldiers tile": none Pure, the highest Tainted die (the tile's
    "using all the procedures ... under 'Resource Tile'", whose last step takes any die)."""
    d = flip_state(1)
    g = seth_bot_turn(d, PS_TILE, dice=[(HO, GR, 3), (RA, Y, 5)])          # both Tainted in the Sunny sections
    assert last_turn(g)["die"] == make_take(RA, Y, 5)


def test_resource_tile_takes_red_blue_green_at_its_gray_step_red_and_blue_one_value_up():
    """player aid Osiris "Any other color" (the new dice are neither of the tile's four colours) and
    manual Evaluating Dice "red and blue dice are considered one value higher": with no die of the
    tile's colours left, a blue 4 (ranking 5) beats a gray 4 and loses to a gray 6."""
    d = flip_state(1)
    tile = next(t for t in d["bot_pyramid"] if 6 <= t < 10)
    g = seth_bot_turn(d, tile, dice=[(HO, GR, 4), (RA, BLUE, 4)])
    assert last_turn(g)["die"] == make_take(RA, BLUE, 4)
    g = seth_bot_turn(d, tile, dice=[(HO, GR, 6), (RA, BLUE, 4)])
    assert last_turn(g)["die"] == make_take(HO, GR, 6)


def test_it_never_gains_soldiers_or_priests_from_red_and_blue_dice():
    """manual: "Botankhamun never gains or spends Priests or Soldiers." """
    d = flip_state(1)
    g = seth_bot_turn(d, PS_TILE, dice=[(HO, RED, 5)])
    assert g.field("soldiers")[BOT] == 0 and g.field("priests")[BOT] == 0


# ============================================================================ Horus with the Seth board
def _with_regions(d: dict, regions, owner: int = 0) -> dict:
    for r in regions:
        d["seth_build"][2 * r] = owner
        d["buildings"][owner] += 1
    return d


def _column_regions(col: int) -> list[int]:
    return [r for r in range(6) if _core._seth_action_tables()["column"][r] == col]


def test_horus_statue_for_the_people_on_the_seth_board_when_it_gives_2_or_3_thoth_actions():
    """manual Horus God Action—changes: "If Botankhamun can build a Statue for the people on the Seth
    board that would give it 2 or 3 Thoth God Actions, it does so. For each, take the rightmost card
    Botankhamun has access to." """
    d = flip_state(1)
    left = _column_regions(0)
    d = _with_regions(d, left[:2])
    market = list(d["market"])
    g = seth_bot_turn(d, HO, dice=[(HO, W, 2)])
    e = last_turn(g)
    assert e["what"] == 12 and e["where"] == 0 and g.field("seth_people")[0] == BOT
    took = [((e["cards"] >> (7 * i)) & 0x7F) - 1 for i in range(3) if (e["cards"] >> (7 * i)) & 0x7F]
    assert len(took) == 2 and all(g.field("card_loc")[c] == 6 for c in took)   # face down, its pile
    sections, lo = [], 0
    for sec in data.MARKET_SECTIONS:
        sections.append(range(lo, lo + len(sec)))
        lo += len(sec)
    slot = market.index(took[0])
    sec = next(r for r in sections if slot in r)
    assert slot == max(i for i in sec if market[i] >= 0)          # the rightmost card of its section
    assert "Statue for the people under the left column" in describe(e)


def test_horus_with_one_thoth_action_builds_for_the_god_of_the_die_as_before():
    """manual: "Otherwise, it builds a Statue in honor of a God (corresponding to the value of the die,
    as in the base game)." """
    d = _with_regions(flip_state(1), _column_regions(0)[:1])
    g = seth_bot_turn(d, HO, dice=[(HO, W, 2)])
    assert last_turn(g)["what"] == 1 and g.field("seth_people") == [-1, -1]


def test_horus_statue_for_seth_when_the_gods_space_is_taken_then_the_base_fallbacks():
    """manual: "If the corresponding Statue space is already occupied, it builds a Statue for Seth, on
    the Seth board. If the space for the Statue for Seth is already occupied, it builds a Statue for the
    people using the procedure explained in the base game rules." """
    d = flip_state(1)
    g0 = GameState._from_dict_trusted(d)
    god = g0.field("horus_slot_god")[2 - 1]
    d["statue_god"][god][0] = 0
    d["statues"][0] += 1
    g = seth_bot_turn(d, HO, dice=[(HO, W, 2)])
    e = last_turn(g)
    assert e["what"] == 13 and BOT in g.field("seth_god") and "in honour of Seth" in describe(e)
    d["seth_god"][0] = 0
    d["statues"][0] += 1
    g = seth_bot_turn(d, HO, dice=[(HO, W, 2)])
    if g.step_type() == CH_TIE:                                # the base Temple Statue tie
        resolve_tie(g, 0)
    assert last_turn(g)["what"] in (2, 3) and BOT not in g.field("seth_god")     # people / Temple / 3 VP


def test_its_statue_to_seth_pays_1_vp_on_either_players_seth_action():
    """game help: "Its Statue to Seth pays it 1 VP on either player's Seth action." """
    d = put_seth_board(flip_state(1), [3])
    d["seth_god"][0] = BOT
    d["statues"][BOT] += 1
    before = vp(GameState._from_dict_trusted(d))
    g = seth_bot_turn(d, SETH_TILE, dice=[(HO, W, 2)])
    while g.is_chance():
        g.apply_chance()
    assert vp(g) == before + data.BOT_SETH_VP + data.BOT_SETH_STATUE_BONUS["vp"]


def test_the_players_statue_to_seth_pays_when_botankhamun_performs_seth():
    """manual: "every time another player performs the Seth God Action you will receive the bonus ...
    (1 Resource of your choice)" (game help "(not Gold)"); "Bonuses are awarded as if this was a regular
    2-player game" (solo aid)."""
    d = put_seth_board(flip_state(1), [3])
    d["seth_god"][0] = 0
    d["statues"][0] += 1
    g = seth_bot_turn(d, SETH_TILE, dice=[(HO, W, 2)])
    while g.is_chance():
        g.apply_chance()
    assert g.step().name == "D_GAIN" and g.current_player() == 0
    assert sorted(format_action(a) for a in g.legal_actions()) == ["gain:B", "gain:G", "gain:L", "gain:P"]


# ============================================================================ Ra and Hathor
def test_ra_scores_2_vp_more_on_a_conquest_tile_and_counts_it_when_choosing():
    """manual Ra God Action—changes: "If Botankhamun builds a Pillar on top of a Conquest tile, it scores
    2 additional Victory Points. These points are included when calculating which space is the most
    advantageous for it to build on." game help: "and ignores the tile's reward".
    On an empty Temple a corner scores most (2 border edges); with a Conquest tile on the centre the
    centre scores 2 more than its 0 edges: 2, and wins the tie-break of a space off the edge."""
    d = flip_state(1)
    slot_vp = data.RA_SLOT_VP[data.RA_SLOT_FOR_VALUE[6 - 1]]
    g = seth_bot_turn(d, RA, dice=[(RA, Y, 6)])
    assert g.step_type() == CH_TIE                            # the four corners tie
    cq = next(t for t in range(12) if d["conquest_loc"][t] == 1)
    d["conquest_loc"][cq] = 3 + 12
    d["temple_conquest"][12] = cq
    before = GameState._from_dict_trusted(d)
    g = seth_bot_turn(d, RA, dice=[(RA, Y, 6)])
    e = last_turn(g)
    assert e["what"] == 4 and e["where"] == 12
    assert vp(g) - vp(before) == 0 + slot_vp + data.BOT_RA_CONQUEST_VP
    after, was = g.to_dict(), before.to_dict()
    for k in ("gold", "faith", "scribes", "population", "happiness"):      # the tile's reward ignored
        assert after[k][BOT] == was[k][BOT], k
    assert after["res"][BOT] == [0, 0, 0, 0]


def test_hathor_gets_nothing_from_conquest_tiles():
    """game help: "Hathor gets nothing from Conquest tiles." """
    d = flip_state(1)
    # a Conquest tile on every space of row 1: its Building left of row 1 would see them
    for sp in range(5):
        c = [t for t in range(12) if d["conquest_loc"][t] == 1][0]
        d["conquest_loc"][c] = 3 + sp
        d["temple_conquest"][sp] = c
    before = GameState._from_dict_trusted(d).to_dict()
    g = seth_bot_turn(d, HA, dice=[(HA, Y, 3)])
    after = g.to_dict()
    assert last_turn(g)["god"] == HA
    assert after["res"][BOT] == [0, 0, 0, 0] and after["gold"][BOT] == 0 and after["faith"][BOT] == 0
    assert after["scribes"][BOT] == before["scribes"][BOT]


# ============================================================================ Cultists
def _horus_turn_with(cult: str, target: str) -> tuple[int, int]:
    """The player's first turn: Cultist `cult`, a yellow 3 at Horus, Granite; Horus builds `target`.
    Returns what Botankhamun's Population and its Soldiers+Priests+Faith+Gold gained in that turn."""
    from positions import clear_player, no_cards_in_hand, set_dice
    g = run_setup(new(3))
    g = set_dice(g, [("Ho", "y", 3), ("Th", "k", 6)])
    g = no_cards_in_hand(clear_player(g, 0, res=[0, 0, 0, 9], gold=0, scribes=0))
    d = g.to_dict()
    d["cult_loc"] = [2 if x == SP_SEAT else x for x in d["cult_loc"]]
    d["cult_loc"][CULTS.index(cult)] = SP_SEAT
    d["statue_god"] = [[-1] * 4 for _ in range(6)]
    d["people"] = [-1] * 4
    d["statues"] = [0] * 4
    g = GameState._from_dict_trusted(d)     # private loader: the Statues are cleared by hand
    before = g.to_dict()
    for tok in ("take:Ho:y3", "act:Ho", f"statue:{target}"):
        g.apply(parse_action(tok))
    while not g.is_chance():                # a payment or a choice of its own reward
        g.apply(g.legal_actions()[0])
    assert g.step().name == "CH_DEBEN"      # Botankhamun's turn has not acted yet
    after = g.to_dict()
    return (after["population"][BOT] - before["population"][BOT],
            sum(after[k][BOT] - before[k][BOT] for k in ("soldiers", "priests", "faith", "gold")))


@pytest.mark.parametrize("cult,target,expect_pop", [("Cult02", "god", 1), ("Cult01", "workshops", 0)])
def test_from_the_players_cultist_only_cult02s_population(cult, target, expect_pop):
    """game help: "From your Cultist Power it gains only Cult02's 1 Population." (Cult02: "every other
    player gains 1 Population"; Cult01: "every other player gains 1 Priest": not Botankhamun)."""
    pop, other = _horus_turn_with(cult, target)
    assert pop == expect_pop and other == 0


# ============================================================================ scoring
def test_its_seth_buildings_score_at_both_scorings():
    """manual Scoring: "Botankhamun scores Victory Points for its Buildings on the Seth board the same way
    as you do." game help: "Its Seth Buildings score their VP at both Scorings, like yours." """
    g = new(2, difficulty="hard")
    rng = random.Random(2)
    scored = []
    while not g.is_terminal():
        before = g.field("scoring_count")
        builds = [k for k, o in enumerate(g.field("seth_build")) if o == BOT]
        if g.is_chance():
            g.apply_chance()
        else:
            g.apply(rng.choice(g.legal_actions()))
        if g.field("scoring_count") > before:
            scored.append(builds)
    assert len(scored) == 2 and all(scored)
    tables = _core._seth_action_tables()["vp"]
    assert all(sum(tables[k // 2][k % 2] for k in b) > 0 for b in scored)


# ============================================================================ whole games
@pytest.mark.parametrize("opts", [dict(difficulty="easy"), dict(difficulty="medium"), dict(difficulty="hard"),
                                  dict(difficulty="hard", solo_draw="2+2", solo_artifacts="harder"),
                                  dict(difficulty="medium", solo_draw="3+2", solo_artifacts="easier",
                                       bot_buildings=20)])
def test_thousands_of_random_solo_seth_games_keep_every_invariant(opts):
    """1000 compiled random solo games with Time of Seth per difficulty and option, every invariant after
    every step (Botankhamun never has Soldiers, Priests or Blood: checked by the loader below)."""
    r = _core.checked_random_games(1, 1000, seed=41, seth=True, **opts)
    assert r["failure"] is None, r["failure"][:3]
    assert r["games"] == 1000 and r["decisions"] > 1000 * 20


def test_random_solo_seth_games_replay_exactly_and_every_state_loads():
    """Python-driven games: every state round-trips through to_string (the loader checks Botankhamun's
    pyramid and that it has no Soldiers, Priests or Blood), the observation resamples, the tokens
    replay to the same final state, and the log reads every turn."""
    for seed, opts in ((1, {}), (2, dict(difficulty="hard", solo_draw="2+2", bot_buildings=20))):
        g = new(seed, **opts)
        rng = random.Random(seed)
        moves, logs = [], set()
        while not g.is_terminal():
            a = g.sample_chance() if g.is_chance() else rng.choice(g.legal_actions())
            moves.append(format_action(a))
            g.apply(a)
            assert GameState.from_string(g.to_string()) == g
            e = last_turn(g)
            if e and e["done"]:
                text = describe(e)
                assert "?" not in text
                logs.add(e["tile"])
            if not g.is_terminal() and not g.is_chance():
                g.observation(0).resample(seed)
        h = new(seed, **opts)
        for m in moves:
            h.apply(parse_action(m))
        assert h == g and h.returns() == g.returns()
        assert {SETH_TILE, PS_TILE} & logs
        assert any(m in ("pyramid:Se", "pyramid:PS") for m in moves)


def test_the_search_plays_solo_seth_games():
    """The search determinises Botankhamun's pyramid with the new tiles: ISMCTS plays whole games."""
    from tekhenu_engine.agents.registry import make_agent
    agent = make_agent("ismcts:iterations=30")
    g = new(9, difficulty="hard")
    while not g.is_terminal():
        if g.is_chance():
            g.apply_chance()
        else:
            g.apply(agent.choose(g.observation(0), 0))
    assert g.is_terminal() and g.returns()[1] > 0


def test_cli_match_greedy_against_botankhamun_hard_with_seth(tmp_path):
    """Issue 12: "`tekhenu match --a greedy --b botankhamun:hard --seth --games 20` ... run with no
    error" (two games here)."""
    from typer.testing import CliRunner

    from tekhenu_engine.cli import app
    from tekhenu_engine.match import load_records, replay

    out = tmp_path / "m.jsonl"
    res = CliRunner().invoke(app, ["match", "--a", "greedy", "--b", "botankhamun:hard", "--seth", "--games", "2",
                                   "--quiet", "--out", str(out)])
    assert res.exit_code == 0, res.output
    recs = load_records(str(out))
    assert all(r["table"]["seth"] and r["table"]["players"] == 1 for r in recs)
    assert all(r["error"] is None and replay(r).returns() == r["vp"] for r in recs)


def test_a_pending_tie_of_the_seth_people_column_loads_back():
    """Every CH_TIE purpose of the core (TIE_SETH_PEOPLE: the column of Botankhamun's Statue for the
    people on the Seth board, picked at random on a tie) is one the loader knows: a solo Time of
    Seth game round-trips through to_string at every step (seeds where that tie happens)."""
    opts = TableOptions(seth=True)
    for seed in (937, 1031):
        g, rnd = GameState.new(1, seed, opts), random.Random(seed - 900)
        while not g.is_terminal():
            g.apply(g.sample_chance() if g.is_chance() else rnd.choice(g.legal_actions()))
            assert GameState.from_string(g.to_string()) == g
