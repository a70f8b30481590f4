"""The Time of Seth, solo-with-Seth and Vizier tables (data only; docs/board-data.md "Time of Seth").

Each test quotes the sentence of shared/rules/ it checks (manual = time-of-seth-manual.txt,
game help = game-help.txt, which wins a disagreement; FACTS = FACTS.md)."""
from __future__ import annotations

import pathlib
import re

import pytest

from tekhenu_engine import data
from tekhenu_engine.data import base, seth, solo, vizier

ROOT = pathlib.Path(__file__).resolve().parent.parent
ALL_IDS = [i for ids in data.SETH_DECKS.values() for i in ids]


# ============================================================================ ids and texts
def test_every_id_once() -> None:
    """Components: "4 BLESSING CARDS", "7 CULTIST CARDS", "5 TECHNOLOGY CARDS", "4 DECREE CARDS",
    "12 STARTING CARDS", "8 ARTIFACT CARDS", "12 CONQUEST TILES"."""
    counts = {k: len(v) for k, v in data.SETH_DECKS.items()}
    assert counts == {"Blessing": 4, "Technology": 5, "Decree": 4, "Starting": 12, "Cultist": 7,
                      "Artifact": 8, "Conquest": 12}
    assert len(ALL_IDS) == len(set(ALL_IDS)) == 52
    assert set(ALL_IDS) == set(data.SETH_CARD_TEXT)
    # one table per deck, each covering exactly its ids
    assert set(data.SETH_BLESSINGS) == set(data.SETH_DECKS["Blessing"])
    assert set(data.SETH_TECHNOLOGIES) == set(data.SETH_DECKS["Technology"])
    assert set(data.SETH_DECREES) == set(data.SETH_DECKS["Decree"]) == set(data.SETH_DECREE_SYMBOL)
    assert set(data.SETH_STARTING) == set(data.SETH_DECKS["Starting"])
    assert set(data.CULTISTS) == set(data.SETH_DECKS["Cultist"])
    assert set(data.ARTIFACTS) == set(data.SETH_DECKS["Artifact"])
    assert [t["id"] for t in data.CONQUEST_TILES] == list(data.SETH_DECKS["Conquest"])


def test_ids_never_clash_with_the_base_game() -> None:
    """Issue 11: "give them an id that cannot be confused with the Destiny cards A01-A04"."""
    assert not set(ALL_IDS) & set(data.CARD_TEXT)
    assert not any(re.fullmatch(r"A\d\d", i) for i in ALL_IDS)
    assert [t["manual"] for t in data.CONQUEST_TILES] == [f"A{k:02d}" for k in range(1, 13)]


def test_no_name_of_the_expansion_shadows_a_base_name() -> None:
    """The flat import (``data.X``) keeps every base value: the expansion only adds names."""
    new = {n for n in dir(seth) + dir(vizier) if n.isupper()}
    shared = {"GODS", "HAPPINESS_REWARDS", "TOS_DIE_FACES"}  # imported from base on purpose
    assert not (new - shared) & {n for n in dir(base) if n.isupper()}
    for n in shared:
        assert getattr(seth, n) is getattr(base, n)


def test_manual_appendix_texts_verbatim() -> None:
    """Every printed card text is the manual's appendix row, word for word."""
    manual = (pathlib.Path("/work/shared/rules/time-of-seth-manual.txt"))
    if not manual.exists():
        pytest.skip("shared/rules is not on this machine")
    text = manual.read_text()
    rows: dict[str, str] = {}
    for line in text.splitlines():
        m = re.match(r"^(\w+\d\d)(?:, (\w+\d\d))? \| (?:\| )?(.+)$", line)
        if m:
            for cid in filter(None, m.group(1, 2)):
                rows[cid] = m.group(3).strip()
    printed = {t["id"]: t["manual"] for t in data.CONQUEST_TILES if t["source"] == "printed"}
    for cid, txt in data.SETH_CARD_TEXT.items():
        if cid.startswith("CQ"):
            if cid in printed:
                assert rows[printed[cid]] == txt, cid
            continue
        assert rows[cid] == txt, cid


def test_reconstructed_conquest_tiles_follow_facts() -> None:
    """FACTS: "A01-A04 and A10-A12 are reconstructed as A01 2 Papyrus, A02 2 Bread, A03 2 Limestone,
    A04 2 Granite, A10 2 Gold, A11 2 Scribes, A12 3 Faith"."""
    want = {"A01": {"papyrus": 2}, "A02": {"bread": 2}, "A03": {"limestone": 2}, "A04": {"granite": 2},
            "A10": {"gold": 2}, "A11": {"scribes": 2}, "A12": {"faith": 3}}
    rec = {t["manual"]: t for t in data.CONQUEST_TILES if t["source"] == "reconstructed"}
    assert set(rec) == set(want)
    for m, gains in want.items():
        assert rec[m]["ra"] == {"kind": "gain", "gains": gains}
        # Hathor: "exactly 1 of each different Resource depicted" (game help: "1 of each different thing")
        assert rec[m]["hathor"] == {"kind": "gain", "gains": {k: 1 for k in gains}}


def test_action_tiles_give_hathor_nothing() -> None:
    """Manual: "no reward, if the Conquest tile shows an action"; A08/A09: "This tile yields no reward
    with a Hathor God action"."""
    for t in data.CONQUEST_TILES:
        assert (t["hathor"] is None) == (t["ra"]["kind"] == "action"), t["id"]
    assert [t["manual"] for t in data.CONQUEST_TILES if t["hathor"] is None] == ["A08", "A09"]
    a08, a09 = data.CONQUEST_TILES[7]["ra"], data.CONQUEST_TILES[8]["ra"]
    assert (a08["god"], a08["values"]) == ("Thoth", (1,)) and (a09["god"], a09["values"]) == ("Osiris", (5,))


# ============================================================================ dice
def test_new_dice_faces_and_purity() -> None:
    """FACTS: "Faces of the red, blue and green dice: 2 3 3 4 4 5". Manual: "Red and blue dice are always
    Tainted, while the green die is always Pure"; "the green die does not have 1 or 6 faces (it has a
    second 3 and 4 instead)"."""
    assert data.SETH_DIE_FACES == (2, 3, 3, 4, 4, 5)
    assert data.SETH_DIE_VALUES == (min(data.SETH_DIE_FACES), max(data.SETH_DIE_FACES)) == (2, 5)
    for c in data.SETH_DIE_COLOURS:
        assert all(row[c] == data.SETH_DIE_PROPS[c]["purity"] for row in data.PURITY), c
    assert [data.DIE_COLOURS[c] for c in data.SETH_DIE_COLOURS] == ["red", "blue", "green"]


def test_new_dice_properties() -> None:
    """Game help: "None of them can Produce"; "Taking one gains Soldiers (red) or Priests (blue) equal to
    its value"; "Green is always Pure and gains nothing. It can never be taken with Anubis"."""
    p = data.SETH_DIE_PROPS
    assert not any(p[c]["produce"] for c in data.SETH_DIE_COLOURS)
    assert (p[5]["gains"], p[6]["gains"], p[7]["gains"]) == ("soldiers", "priests", None)
    assert (p[5]["anubis"], p[6]["anubis"], p[7]["anubis"]) == (True, True, False)


def test_dice_per_player_count() -> None:
    """Manual Setup 3: "add 2 red, 2 blue, and 1 green die"; "in a 4-player game, return 1 gray die to the
    box, then take 4 gray dice"; "in a 3-player game return 1 black, 1 white, 1 yellow, and 1 brown die
    ... then take 3 gray dice"; "in a 2-player game: return 1 black, 1 white, 1 yellow, 1 brown, and 3
    gray dice ... then take 2 gray dice"."""
    assert data.SETH_DICE_ADDED == {5: 2, 6: 2, 7: 1}
    assert data.SETH_DICE_TO_BOX[4] == (0, 0, 0, 0, 1, 0, 0, 0)
    assert data.SETH_DICE_TO_BOX[3] == (1, 1, 1, 1, 0, 0, 0, 0)
    assert data.SETH_DICE_TO_BOX[2] == (1, 1, 1, 1, 3, 0, 0, 0) == data.SETH_DICE_TO_BOX[1]
    assert data.SETH_BOARD_DICE == {1: 2, 2: 2, 3: 3, 4: 4}
    base26 = data.DICE_PER_COLOUR[4] + (2, 2, 1)
    for n in (1, 2, 3, 4):
        inplay = data.SETH_DICE_PER_COLOUR[n]
        assert tuple(a - b for a, b in zip(base26, data.SETH_DICE_TO_BOX[n])) == inplay
        bag = sum(inplay) - data.SETH_BOARD_DICE[n]
        # "draw dice from the bag and add 3 of them to each section"
        assert bag >= 6 * data.DICE_PER_SECTION_AT_SETUP
        assert inplay[4] >= data.SETH_BOARD_DICE[n]  # the Seth board's dice are gray
    assert [sum(data.SETH_DICE_PER_COLOUR[n]) for n in (2, 3, 4)] == [24, 27, 30]


def test_refill_section_is_the_first_shaded_one() -> None:
    """Manual Rotation Changes: "after drawing dice for the first Shaded section (clockwise from the arrow
    on the Obelisk Wheel)"; FACTS: "The 'first Shaded section clockwise from the arrow' ... is then
    arrow+2"."""
    assert data.LIGHT_PATTERN[data.SETH_REFILL_SECTION] == 1
    assert data.LIGHT_PATTERN.index(1) == data.SETH_REFILL_SECTION
    assert data.SETH_REFILL_PER_ROTATION == 1


# ============================================================================ the Seth board
def test_region_table() -> None:
    """Game help: "1 Kush left 2 Happiness / Population, any mix 5 / 3; 2 Punt left 1 Gold 4 / 2; 3 Sumer
    left 2 Papyrus / Bread, any mix 3 / 1; 4 Assyria right 2 Limestone / Granite, any mix 3 / 1; 5 Canaan
    right 2 Scribes 2 / 1; 6 Hittites right Draw 2 Technologies, keep 1 2 / 1"."""
    r = data.SETH_REGIONS
    assert [x["value"] for x in r] == [1, 2, 3, 4, 5, 6]
    assert data.SETH_REGION_NAMES == ("Kush", "Punt", "Sumer", "Assyria", "Canaan", "Hittites")
    assert [x["column"] for x in r] == [0, 0, 0, 1, 1, 1]
    assert [x["vp"] for x in r] == [(5, 3), (4, 2), (3, 1), (3, 1), (2, 1), (2, 1)]
    assert r[0]["reward"] == {"kind": "split", "tracks": ("happiness", "population"), "total": 2}
    assert r[1]["reward"]["gains"] == {"gold": 1}
    assert r[2]["reward"]["tracks"] == ("papyrus", "bread") and r[3]["reward"]["tracks"] == ("limestone", "granite")
    assert r[4]["reward"]["gains"] == {"scribes": 2}
    assert (r[5]["reward"]["deck"], r[5]["reward"]["draw"], r[5]["reward"]["keep"]) == ("Technology", 2, 1)
    assert all(len(x["vp"]) == data.SETH_REGION_SPACES for x in r)


def test_soldier_costs() -> None:
    """Manual: "The first Building in a region costs 4 Soldiers to build. The second Building in that region
    costs 3 Soldiers (3-4 players) or 5 Soldiers (1-2 players) to build." """
    assert data.SETH_BUILD_SOLDIERS == {1: (4, 5), 2: (4, 5), 3: (4, 3), 4: (4, 3)}
    assert all(max(c) <= data.SETH_TRACK_MAX for c in data.SETH_BUILD_SOLDIERS.values())


def test_board_sides_and_statues() -> None:
    """Manual: "with the correct side up corresponding to the current player count (1-2 players or 3-4
    players)"; game help: "Statues in honour of Seth 1 2 3" at 2/3/4 players; manual: "paying 2 Priests in
    addition to the Granite cost"; "for the people (below a column of three regions)"."""
    assert data.SETH_BOARD_SIDE == {1: "1-2", 2: "1-2", 3: "3-4", 4: "3-4"}
    assert data.SETH_GOD_STATUE_SPACES == {1: 1, 2: 1, 3: 2, 4: 3}
    assert data.SETH_STATUE_PRIESTS == 2
    assert len(data.SETH_PEOPLE_SPACES) == len(data.SETH_COLUMNS) == 2
    assert sum(1 for r in data.SETH_REGIONS if r["column"] == 0) == 3
    # one side per player-count band; the costs follow the side
    for n in (1, 2, 3, 4):
        same = [m for m in (1, 2, 3, 4) if data.SETH_BOARD_SIDE[m] == data.SETH_BOARD_SIDE[n]]
        assert {data.SETH_BUILD_SOLDIERS[m] for m in same} == {data.SETH_BUILD_SOLDIERS[n]}


def test_seth_horus_bonus_is_not_gold() -> None:
    """Game help: "whenever another player performs Seth, you gain 1 Resource of your choice (not Gold)"."""
    assert data.SETH_HORUS_BONUS == {"kind": "resource", "n": 1, "identical": True, "gold": False}


def test_tracks_and_blood() -> None:
    """Manual: "Each player places their Soldier and Priest on 0"; "Any amount of Priests or Soldiers gained
    above 10 is lost"; "Each Blood token is worth 1 Taint"."""
    assert data.SETH_TRACK_START == {"soldiers": 0, "priests": 0}
    assert (data.SETH_TRACK_MIN, data.SETH_TRACK_MAX) == (0, 10)
    assert data.BLOOD_TAINT == 1 and data.SETH_BLOOD_PER_ACTION == 1
    assert data.SETH_COLUMN_STATUE_VP == 3 and data.SETH_PEOPLE_THOTH_VALUE == 1
    assert len(data.SETH_ACTION_STEPS) == 7


# ============================================================================ setup
def test_setup_counts() -> None:
    """Manual: "display 3/4/5 Cultist Power cards in games with 2/3/4 players"; "Randomly select 5/6/7
    Artifacts in a game with 2/3/4 players"; "Deal 3 random Decrees to each player"; "players must discard
    2 of the 3 Decrees"; "you end up with exactly 2 Starting cards and 1 Cultist Power"."""
    s = data.SETH_SETUP
    assert s["cultists_displayed"] == {2: 3, 3: 4, 4: 5}
    assert s["artifacts_selected"] == {2: 5, 3: 6, 4: 7}
    assert (s["decrees_dealt"], s["decrees_kept"]) == (3, 1)
    assert (s["starting_kept"], s["cultists_kept"]) == (2, 1)
    assert data.SETH_DRAFT_PASSES == (1, -1, 1)  # "clockwise", "counterclockwise", "Repeat the first step"
    for n in (2, 3, 4):
        # the draft can always end as the rules want: enough of each kind is displayed
        assert data.PLAYER_COUNT[n]["starting_cards"] >= 2 * n
        assert s["cultists_displayed"][n] >= n
        assert s["artifacts_selected"][n] <= len(data.ARTIFACTS)
    assert len(data.SETH_DRAFT_PASSES) == s["starting_kept"] + s["cultists_kept"]


# ============================================================================ cards
def test_starting_initiative() -> None:
    """Appendix, New Starting Cards: "SX01 | Initiative Value: 1." ... "SX12 | Initiative Value: 12."."""
    for k, (cid, row) in enumerate(sorted(data.SETH_STARTING.items()), 1):
        assert row["initiative"] == k
        assert data.SETH_CARD_TEXT[cid].startswith(f"Initiative Value: {k}.")


def test_starting_soldiers_and_priests() -> None:
    """Manual Setup 10: "the new Starting cards also provide starting numbers of Soldiers and Priests". Every
    SX card names Soldiers or Priests, and its data row gains them."""
    for cid, row in data.SETH_STARTING.items():
        tracks = set()
        for e in row["effects"]:
            tracks |= set(e.get("gains", {})) | set(e.get("tracks", ()))
            for o in e.get("options", ()):
                tracks |= set(o)
        assert tracks & {"soldiers", "priests"}, cid
    assert data.SETH_STARTING["SX05"]["effects"][0]["gains"] == {"scribes": 2, "priests": 4, "soldiers": 4}
    # "You must pay 1 Happiness" (SX02, SX03) against SX01's "You do not suffer any loss of Happiness"
    assert [data.SETH_STARTING[c]["effects"][0]["happiness_cost"] for c in ("SX01", "SX02", "SX03")] == [0, 1, 1]


def test_artifacts() -> None:
    """Appendix, Artifact Cards: "Art01 | Cost: 6 Priests. Ankh value: 0." ... "Art08 | Cost: 3 Priests. Ankh
    value: 3."; manual: "matching their Ankh value with the Destiny card's Ankh value"."""
    for cid, a in data.ARTIFACTS.items():
        assert data.SETH_CARD_TEXT[cid].startswith(f"Cost: {a['priests']} Priests. Ankh value: {a['ankh']}.")
        assert a["ankh"] in data.DESTINY_ANKH
        assert a["priests"] <= data.SETH_TRACK_MAX
        assert ("pay 1 Scribe" in data.SETH_CARD_TEXT[cid]) == (a["use_cost"] == {"scribes": 1})
    assert [a["ankh"] for a in data.ARTIFACTS.values()] == [0, 0, 1, 1, 2, 2, 3, 3]
    assert [a["priests"] for a in data.ARTIFACTS.values()] == [6, 7, 6, 5, 5, 4, 4, 3]
    assert data.ARTIFACTS["Art02"]["effect"]["values"] == (3, 4)
    assert data.ARTIFACTS["Art07"]["effect"]["god"] == "Seth"


def test_cultists() -> None:
    """Manual: "Each Cultist Power lists a condition. Whenever you meet that condition, gain the reward
    listed in the middle of the card. Afterwards, all other players gain the reward depicted at the bottom";
    game help: "Any bonus tied to a player performing an action (statue bonuses, per-action Technologies,
    Cultist Powers) pays at most once in that player's turn"."""
    for cid, c in data.CULTISTS.items():
        assert c["trigger"]["event"] in data.SETH_EVENTS, cid
        assert c["trigger"]["once_per_turn"], cid
        assert c["owner"] and c["others"], cid
    assert data.CULTISTS["Cult03"]["trigger"]["spaces"] == data.HAPPINESS_REWARDS == (16, 19, 21)
    # "every other player may convert any 1 Resource into 1 Gold / 1 Scribe": a choice of that seat
    assert data.CULTISTS["Cult05"]["others"]["kind"] == data.CULTISTS["Cult07"]["others"]["kind"] == "convert"
    assert (data.CULTISTS["Cult05"]["others"]["to"], data.CULTISTS["Cult07"]["others"]["to"]) == ("gold", "scribes")
    assert data.CULTISTS["Cult07"]["owner"]["gold"] is False  # "(except Gold)"


def test_technologies_and_decrees() -> None:
    """TX01: "Whenever you perform a Seth God Action: Score 2 Victory Points and gain 2 Priests"; DX03: "Score 2
    Victory Points per Statue and 2 Victory Points per Building on the Seth board"; FACTS: "DX01 scarab, DX02
    eye, DX03 ankh, DX04 lotus"."""
    assert data.SETH_TECHNOLOGIES["TX01"]["effect"]["gains"] == {"vp": 2, "priests": 2}
    assert data.SETH_TECHNOLOGIES["TX01"]["trigger"]["event"] == "seth_action"
    assert data.SETH_DECREES["DX03"] == ({"vp": 2, "per": "statue"}, {"vp": 2, "per": "seth_building"})
    assert [data.DECREE_SYMBOLS[data.SETH_DECREE_SYMBOL[d]] for d in ("DX01", "DX02", "DX03", "DX04")] == \
        ["scarab", "eye", "ankh", "lotus"]
    # one new Decree per symbol (FACTS lists the four on four different symbols)
    assert sorted(data.SETH_DECREE_SYMBOL.values()) == [0, 1, 2, 3]
    for t in data.SETH_TECHNOLOGIES.values():
        assert t["trigger"] is None or t["trigger"]["event"] in data.SETH_EVENTS
    for d, parts in data.SETH_DECREES.items():
        for p in parts:
            assert f"{p['vp']} Victory Points" in data.SETH_CARD_TEXT[d]


def test_blessings() -> None:
    """BX01, BX02: "Gain a total of 5 Priests and Soldiers, in any combination."."""
    for b in ("BX01", "BX02"):
        assert data.SETH_BLESSINGS[b]["effect"] == {"kind": "split", "tracks": ("priests", "soldiers"), "total": 5}
    assert {data.SETH_BLESSINGS[b]["effect"]["name"] for b in ("BX03", "BX04")} == {"move_building_osiris_seth"}


def test_effect_vocabulary() -> None:
    """Every structured effect uses the vocabulary documented in data/seth.py, and every gain names a
    track of that list."""
    kinds = {"gain", "split", "one_of", "resource", "draw_keep", "draw", "action", "convert", "production", "hook"}
    tracks = {"vp", "papyrus", "bread", "limestone", "granite", "gold", "scribes", "faith", "population",
              "happiness", "soldiers", "priests", "blood"}
    effects = [r["reward"] for r in data.SETH_REGIONS] + [data.SETH_HORUS_BONUS]
    effects += [t[k] for t in data.CONQUEST_TILES for k in ("ra", "hathor") if t[k]]
    effects += [b["effect"] for b in data.SETH_BLESSINGS.values()]
    effects += [t["effect"] for t in data.SETH_TECHNOLOGIES.values()]
    effects += [e for s in data.SETH_STARTING.values() for e in s["effects"]]
    effects += [c[k] for c in data.CULTISTS.values() for k in ("owner", "others")]
    effects += [a["effect"] for a in data.ARTIFACTS.values()]
    for e in effects:
        assert e["kind"] in kinds, e
        assert set(e.get("gains", {})) <= tracks, e
        assert set(e.get("tracks", ())) <= tracks, e
        if e["kind"] == "action":
            assert e["god"] in data.GODS + ("Seth", "any"), e
        if e["kind"] in ("draw", "draw_keep"):
            assert e["deck"] in data.CARD_TYPES, e


# ============================================================================ solo and Vizier
def test_bot_pyramid_with_seth() -> None:
    """Manual: "Shuffle all 6 God Action tiles ... remove one of them"; "shuffle all 4 Resource tiles ...
    remove one of them"; "Take the Priests and Soldiers Action tile and Seth Botankhamun Action tile ...
    creating a stack of 10 tiles"."""
    n = (len(data.BOT_GOD_TILES) - data.BOT_SETH_PYRAMID_REMOVED["god"]
         + len(data.BOT_RESOURCE_TILES) - data.BOT_SETH_PYRAMID_REMOVED["resource"] + len(data.BOT_SETH_TILES))
    assert n == sum(data.BOT_PYRAMID_ROWS) == 10


def test_bot_seth_values() -> None:
    """Manual: "Botankhamun immediately scores 2 Victory Points"; "an additional 3 Victory Points (for a total
    of 5 Victory Points)"; "no Buildings left, it scores 3 VP"; "If Botankhamun builds a Pillar on top of a
    Conquest tile, it scores 2 additional Victory Points"; game help: "Its Statue to Seth pays it 1 VP"."""
    assert (data.BOT_SETH_VP, data.BOT_SETH_STATUE_VP, data.BOT_SETH_NO_BUILD_VP) == (2, 3, 3)
    assert data.BOT_SETH_VP + data.BOT_SETH_STATUE_VP == 5
    assert data.BOT_RA_CONQUEST_VP == 2 and data.BOT_SETH_STATUE_BONUS == {"vp": 1}
    assert data.BOT_SETH_REGION_STEP == 1 and data.GODS[data.BOT_SETH_FALLBACK_GOD] == "Horus"
    assert data.BOT_SETH_PEOPLE_MIN_THOTH == 2
    assert data.BOT_CULTIST_GAINS == {"Cult02": data.CULTISTS["Cult02"]["others"]["gains"]}


def test_bot_die_ranking() -> None:
    """Manual: "if given the choice between a Pure 6, a Blue 5, and a Tainted 6, its preference will be, in
    order: Pure 6, then Blue 5, and then a Tainted 6"; "green dice are considered better than every other
    Pure die of the same value"."""
    def key(colour: int, face: int, purity: int) -> tuple:
        return (face + data.BOT_DIE_RANK_BONUS.get(colour, 0), purity == 0,
                colour in data.BOT_DIE_RANK_BONUS, colour == data.BOT_GREEN_COLOUR)
    pure6, blue5, tainted6 = key(2, 6, 0), key(6, 5, 1), key(4, 6, 1)
    assert sorted([tainted6, blue5, pure6], reverse=True) == [pure6, blue5, tainted6]
    assert key(7, 4, 0) > key(0, 4, 0)   # green 4 over a Pure yellow 4
    assert set(data.BOT_PS_COLOURS) == set(data.BOT_DIE_RANK_BONUS) == {5, 6}


def test_solo_options() -> None:
    """Game help: "Draw 3 and 1 (standard), 2 and 2, or 3 and 2 (easier); keep 2 Starting cards and 1 Cultist
    Power"; "Artifacts 3 (standard), 2 (harder) or 4 (easier)"; "Botankhamun's Buildings 10 (standard) or
    20"; "Medium also gives Botankhamun a Building in a random Seth region; Hard, a second one"."""
    assert data.SOLO_SETH_DRAWS == {"3+1": (3, 1), "2+2": (2, 2), "3+2": (3, 2)}
    assert data.SOLO_SETH_DRAW_DEFAULT == "3+1" and data.SOLO_SETH_KEEP == (2, 1)
    for s, c in data.SOLO_SETH_DRAWS.values():
        assert s >= data.SOLO_SETH_KEEP[0] and c >= data.SOLO_SETH_KEEP[1]
    assert data.SOLO_ARTIFACTS == {"standard": 3, "harder": 2, "easier": 4}
    assert data.BOT_N_BUILDINGS_OPTIONS == (data.BOT_N_BUILDINGS, 2 * data.BOT_N_BUILDINGS)
    assert data.BOT_SETH_DIFFICULTY_BUILDINGS == {"easy": 0, "medium": 1, "hard": 2}
    assert tuple(data.BOT_SETH_DIFFICULTY_BUILDINGS) == data.BOT_DIFFICULTIES
    assert max(data.BOT_SETH_DIFFICULTY_BUILDINGS.values()) <= len(data.SETH_REGIONS)


def test_vizier() -> None:
    """Manual: "the first player gains 2 VP"; "one of the six God Actions (or seven, if Seth is in play)";
    "after each Maat phase the Vizier must be moved to a different action area"; "The Vizier is not
    supported nor needed in solo plays"."""
    assert data.VIZIER_VP == 2 and data.VIZIER_DISCARDS == 1 and data.VIZIER_MUST_MOVE
    assert len(data.VIZIER_AREAS["base"]) == 6 and len(data.VIZIER_AREAS["seth"]) == 7
    assert data.VIZIER_AREAS["seth"][-1] == data.SETH_GOD_INDEX
    assert data.VIZIER_PLAYERS == (2,)


# ============================================================================ provenance and docs
def test_every_new_table_has_provenance() -> None:
    """FACTS: "Keep every such value in one data module, mark each table there as printed in the rules or
    reconstructed, and explain the reconstructed ones in docs/board-data.md"."""
    tables = dict(seth.SETH_PROVENANCE) | vizier.VIZIER_PROVENANCE | solo.SOLO_SETH_PROVENANCE
    doc = (ROOT / "docs" / "board-data.md").read_text()
    for name, where in tables.items():
        assert hasattr(data, name), name
        assert data.PROVENANCE[name] == where
        assert where.split()[0] in ("printed", "reconstructed"), name
        assert f"`{name}`" in doc, name


def test_seth_cards_doc_lists_every_id() -> None:
    """docs/seth-cards.md (the data reference until the rules land) has one row per new id with its text."""
    rows = [l for l in (ROOT / "docs" / "seth-cards.md").read_text().splitlines()
            if re.match(r"\| (BX|TX|DX|SX|Cult|Art|CQ)\d\d ", l)]
    assert [r.split("|")[1].strip() for r in rows] == ALL_IDS
    for r in rows:
        cid, text = (c.strip() for c in r.split("|")[1:3])
        assert text == data.SETH_CARD_TEXT[cid].replace("|", "\\|"), cid
