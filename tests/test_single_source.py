"""One source of truth: every rule constant comes from the data module, every code from one enum.

Two kinds of check:

* the compiled tables (``_core._tables()``, filled by ``_load_tables`` at import) equal the
  tables of :mod:`tekhenu_engine.data`, so the core plays what the data says;
* the compiled sources (``.pyx`` / ``.pxi``) and the Python layers contain no literal copy of
  those tables or codes (the patterns below are the shapes the copies had before the
  second-generation core: "Happiness 16 / 19 / 21", "[2, 2, 1, 1, 0, 0]", "48 + 19" ...).
"""
from __future__ import annotations

import pathlib
import re

import pytest

from tekhenu_engine import _core, data, enums, notation
from tekhenu_engine.notation import card_id

PKG = pathlib.Path(_core.__file__).resolve().parent
# the module files and every included file (gods/, flow/, effects/, solo/)
COMPILED = sorted(set(PKG.glob("*.pyx")) | set(PKG.glob("**/*.pxi")))
TABLES = _core._tables()


def compiled_code() -> dict[str, str]:
    """Every compiled source with comments and docstrings removed (their text may quote rules)."""
    out = {}
    for path in set(COMPILED):
        text = path.read_text()
        text = re.sub(r'"""[\s\S]*?"""', '""', text)
        text = re.sub(r"#[^\n]*", "", text)
        out[path.relative_to(PKG).as_posix()] = text
    return out


# ----------------------------------------------------------------------------- compiled = data
def test_thoth_and_ra_tables_come_from_data():
    # "Thoth table" (game help): cards and Papyrus by die value; Ra: the slot a die value reaches
    assert TABLES["THOTH_CARDS_FOR_VALUE"] == list(data.THOTH_CARDS_FOR_VALUE)
    assert TABLES["THOTH_PAPYRUS_FOR_VALUE"] == list(data.THOTH_PAPYRUS_FOR_VALUE)
    assert TABLES["THOTH_ACCESS"] == list(data.THOTH_ACCESS)
    assert TABLES["RA_SLOT_FOR_VALUE"] == list(data.RA_SLOT_FOR_VALUE)


def test_market_and_happiness_tables_come_from_data():
    assert TABLES["MARKET_OPENS_AT_POPULATION"] == list(data.MARKET_OPENS_AT_POPULATION)
    assert TABLES["HAPPINESS_REWARDS"] == list(data.HAPPINESS_REWARDS)
    for h in range(32):
        vp = max([v for t, v in data.HAPPINESS_THRESHOLDS if h >= t], default=0)
        level = sum(1 for t, _ in data.HAPPINESS_THRESHOLDS if h >= t)
        assert TABLES["HAPPINESS_VP"][h] == vp
        assert TABLES["HAPPINESS_LEVEL"][h] == level


def test_maat_and_scoring_tables_come_from_data():
    assert sorted(TABLES["MAAT_PENALTY"]) == sorted(data.MAAT_PENALTY)
    assert [i for i, x in enumerate(TABLES["SCORING_AT"]) if x] == list(data.SCORING_MAAT_PHASES)
    assert TABLES["MAAT_PHASES"] == data.MAAT_PHASES
    assert TABLES["ROUNDS_PER_ROTATION"] == data.ROUNDS_PER_ROTATION
    assert TABLES["ROUNDS_PER_MAAT"] == data.ROUNDS_PER_MAAT
    # 16 rounds = 4 Maat phases of 4 rounds
    assert data.ROUNDS == data.MAAT_PHASES * data.ROUNDS_PER_MAAT
    assert TABLES["BOT_MAAT_BALANCE"] == list(data.BOT_MAAT_BALANCE)
    assert TABLES["STATUE_VP"] == list(data.STATUE_VP)
    assert TABLES["STATUE_COSTS"] == list(data.STATUE_COSTS)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_player_count_table_comes_from_data(players):
    pc = data.PLAYER_COUNT[players]
    got = TABLES["PLAYER_COUNT"][players]
    for key in ("statues_per_god", "building_spaces", "starting_cards", "refill_dice"):
        assert got[key] == pc[key], key
    assert got["turn_order_vp"] == list(pc["turn_order_vp"]) + [0] * (4 - len(pc["turn_order_vp"]))


def test_starting_values_and_caps_come_from_data():
    for k in ("vp", "happiness", "population", "gold", "scribes"):
        assert TABLES["START"][k] == data.START[k]
        assert TABLES["BOT_START"][k] == data.BOT_START[k]
    assert TABLES["START"]["production"] == data.PRODUCTION_START
    assert TABLES["BOT_START"]["production"] == data.BOT_START["production"]
    assert TABLES["BOT_ANKH"] == data.BOT_ANKH and TABLES["T15_ANKH"] == data.T15_ANKH
    assert TABLES["D07_MAX_VP"] == data.D07_MAX_VP and TABLES["D08_MAX_VP"] == data.D08_MAX_VP
    for k in ("POPULACE_MAX", "PRODUCTION_MAX", "PRODUCTION_MAX_VP", "DISTRICT_MAJORITY_VP", "SCRIBE_STEP",
              "N_BUILDINGS", "BOT_N_BUILDINGS", "N_PILLARS_PER_PLAYER", "N_STATUES", "DICE_PER_SECTION_AT_SETUP"):
        assert TABLES[k] == getattr(data, k), k


def test_removed_cards_come_from_data():
    assert TABLES["REMOVED_CARDS"] == [card_id(n) for n in data.REMOVED_CARDS]
    assert TABLES["REMOVED_AT_TWO_PLAYERS"] == [card_id(n) for n in data.REMOVED_AT_TWO_PLAYERS]


def test_new_game_follows_the_start_table():
    """A game begins with the data's starting values (Setup step 12) for every seat."""
    for players in (1, 2, 3, 4):
        d = _core.GameState.new(players, seed=1).to_dict()
        assert d["vp"][0] == data.START["vp"]
        if players == 1:
            assert d["gold"][1] == data.BOT_START["gold"] and d["scribes"][1] == data.BOT_START["scribes"]


# ----------------------------------------------------------------------------- no literal copy left
# (pattern, what it was a copy of); searched in the compiled sources without comments and docstrings
FORBIDDEN = [
    (r"\[\s*2,\s*2,\s*1,\s*1,\s*0,\s*0\s*\]", "RA_SLOT_FOR_VALUE"),
    (r"\[\s*1,\s*1,\s*2,\s*2,\s*3,\s*3\s*\]", "THOTH_CARDS_FOR_VALUE"),
    (r"\[\s*0,\s*0,\s*2,\s*2,\s*3,\s*3\s*\]", "THOTH_PAPYRUS_FOR_VALUE"),
    (r"h >= (1|5|9|13)\b", "THOTH_ACCESS"),
    (r"mx >= (9|13)\b", "MARKET_OPENS_AT_POPULATION"),
    (r"happiness\[p\] >= (16|19|21)\b", "HAPPINESS_REWARDS"),
    (r"\b(h|v) >= (9|13|16|19|21)\b", "HAPPINESS_THRESHOLDS"),
    (r"return (3|6|9|12|15)\n\s*if h", "HAPPINESS_THRESHOLDS VP"),
    (r"b <= -(3|6|9)\b", "MAAT_PENALTY"),
    (r"maat_count == [24]\b", "SCORING_MAAT_PHASES"),
    (r"VP_TURNORDER\)", None),  # checked below: no literal VP next to it
    (r"nplayers <= 2:\s*return (1|10)\b", "PLAYER_COUNT"),
    (r"2 \* s\.nplayers \+ 1", "PLAYER_COUNT starting_cards"),
    (r"\b(48|24) \+ (2|15|19)\b\)?\]? = CL_BOX", "REMOVED_CARDS"),
    (r"card_loc\[(48 \+ 2|24 \+ 15|48 \+ 19)\]", "REMOVED_CARDS / REMOVED_AT_TWO_PLAYERS"),
    (r"< 21 else 21", "D07_MAX_VP"),
    (r"< 20 else 20", "D08_MAX_VP"),
    (r"\.(vp|happiness|population|gold|scribes)\[(p|1)\] = [1-9]", "START / BOT_START"),
    (r"population\[p\] (<|>) 21", "POPULACE_MAX"),
    (r"happiness\[p\] < 21", "POPULACE_MAX"),
    (r"round % [24] ==", "ROUNDS_PER_ROTATION / ROUNDS_PER_MAAT"),
    (r"(statues|pillars|buildings)\[p\] >= (6|8|10)\b", "N_STATUES / N_PILLARS_PER_PLAYER / N_BUILDINGS"),
    (r"return [45]\n\s*(if|return) (has_tech|s\.destiny)", "BOT_ANKH / T15_ANKH"),
]


@pytest.mark.parametrize("pattern,table", [f for f in FORBIDDEN if f[1]])
def test_no_literal_copy_in_compiled_sources(pattern, table):
    hits = [f"{name}: {m.group(0)!r}" for name, text in compiled_code().items()
            for m in re.finditer(pattern, text)]
    assert not hits, f"literal copy of {table}: {hits}"


def test_turn_order_vp_has_no_literal():
    for name, text in compiled_code().items():
        for m in re.finditer(r"add_vp\([^)]*VP_TURNORDER\)", text):
            assert not re.search(r",\s*\d+\s*,\s*VP_TURNORDER", m.group(0)), (name, m.group(0))


def test_enums_defined_once():
    """K_*, step types, locations and VP categories are declared in _core.pxd only."""
    decl = re.compile(r"^\s+(K_[A-Z_]+|CL_[A-Z]+|DL_[A-Z]+|CH_[A-Z]+|D_[A-Z_]+|A_[A-Z_]+|VP_[A-Z]+) = \d+",
                      re.M)
    where = {}
    for path in sorted(PKG.glob("*.pxd")) + sorted(set(COMPILED)):
        for m in decl.finditer(path.read_text()):
            where.setdefault(m.group(1), []).append(path.relative_to(PKG).as_posix())
    assert where, "no enum found"
    twice = {k: v for k, v in where.items() if len(v) > 1 or v != ["_core.pxd"]}
    assert not twice, twice
    # Python layers: no second table of codes
    py = [p for p in PKG.rglob("*.py")]
    for path in py:
        text = path.read_text()
        assert not re.search(r"^_?CL_[A-Z_, ]+=\s*\d", text, re.M), path
        assert not re.search(r"^_?DL_[A-Z_, ]+=\s*\d", text, re.M), path
        assert "VP_CATEGORIES = (" not in text, path
        assert "TOTAL_ROUNDS = 16" not in text, path
    assert not re.search(r"KINDS = \{\s*1:", (PKG / "notation.py").read_text())


def test_python_enums_match_the_core():
    assert enums.Kind.TAKE == _core.ACTION_KINDS["K_TAKE"]
    assert enums.CardLoc.HAND == _core.CARD_LOCATIONS["CL_HAND"]
    assert enums.Step.D_TAKE == _core.STEP_TYPES["D_TAKE"]
    assert len(enums.VPCat) == len(_core.VP_CATEGORIES)
    # every action kind has a notation verb and back
    for k in enums.Kind:
        # Produce keeps the verb "act" of the God actions; a Conquest tile's space the verb "conquest"
        # of the tile turned up (told apart by the argument: conquest:r2c3 / conquest:CQ07)
        if k not in (enums.Kind.PRODUCE, enums.Kind.CQSPACE):
            assert notation.VERBS[notation.KINDS[k]] == k
    for tok in ("act:produce", "act:produce-G", "act:Ho", "extra:produce-B4", "extra:Os6"):
        assert notation.format_action(notation.parse_action(tok)) == tok
    assert notation.parse_action("act:produce") >> 24 == enums.Kind.PRODUCE
    assert enums.is_chance_step(enums.Step.CH_DIE) and enums.is_decision_step(enums.Step.D_TAKE)
    assert not enums.is_decision_step(enums.Step.A_TURN)


def test_data_package_keeps_the_flat_import():
    from tekhenu_engine.data import base, solo
    assert data.ROUNDS == base.ROUNDS and data.BOT_ANKH == solo.BOT_ANKH
    assert set(data.PROVENANCE) <= set(dir(data)) | {"TOS_DIE_FACES"}


def test_every_step_has_its_home_file():
    """Each step type's legal moves and apply live side by side in one file of the compiled rules
    (validate.STEP_FILES), and its argument checks are a row of validate._arg_specs: both tables
    name every step type the loader accepts, and every named function exists in its file."""
    from tekhenu_engine import validate
    specs = validate._arg_specs(validate.limits(), 2, {"nplayers": 2})
    assert set(validate.STEP_FILES) == set(specs)
    for name, (path, fn) in validate.STEP_FILES.items():
        text = (PKG / path).read_text()
        assert re.search(rf"^cdef [^\n(]*\b{fn}\(", text, re.M), (name, path, fn)
        if name.startswith("D_") and fn.startswith("do_"):
            gen = "gen_" + fn[3:]
            # the legal moves of a decision sit next to its apply (D_TAKE's gen_take, D_BLESS's gen_bless...)
            assert re.search(rf"^cdef int {gen}\(", text, re.M), (name, gen)
