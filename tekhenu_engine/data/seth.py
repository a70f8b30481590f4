"""The Time of Seth expansion: the Seth board, the new dice, tracks, tiles and cards (2-4 players).

Part of the **data** layer (:mod:`tekhenu_engine.data`): plain tables, no logic, no compiled code yet.
The rules core reads these once the expansion is implemented (issue 11); the solo changes live in
:mod:`.solo` (``BOT_SETH_*``) and the Vizier's Challenge in :mod:`.vizier`.

Sources: ``shared/rules/time-of-seth-manual.txt`` (the manual, with its appendix and solo player aid),
``shared/rules/game-help.txt`` ("Time of Seth expansion", "Solo with Time of Seth"; **it wins a
disagreement**) and ``shared/rules/FACTS.md`` (dice faces, Conquest tiles A01-A04/A10-A12, Decree symbols).
Every table is in :data:`SETH_PROVENANCE` (merged into ``data.PROVENANCE``); ``docs/board-data.md``
("Time of Seth") explains each, ``docs/rules-notes.md`` ("Time of Seth") every interpretation and
``docs/seth-rules-digest.md`` the whole rule set for the implementer.

Effect vocabulary (what the trigger layer reads)
------------------------------------------------
Tracks and tokens (``gain`` keys): ``vp papyrus bread limestone granite gold scribes faith population
happiness soldiers priests blood``.  An effect is a dict with a ``kind``:

* ``gain``     -- ``gains``: {track: amount}, all of it.
* ``split``    -- ``tracks``: the tracks, ``total``: the amount, any mix the player chooses.
* ``one_of``   -- ``options``: a tuple of {track: amount}; the player chooses one.
* ``resource`` -- ``n`` of one Resource of the player's choice (``identical``: all n of the same one;
  ``gold``: whether Gold may be chosen).
* ``draw_keep``-- draw ``draw`` cards of ``deck``, keep ``keep``, the rest to ``rest`` ("shuffle" back in,
  or "bottom" of the deck).
* ``draw``     -- the top ``n`` card(s) of ``deck``, kept.
* ``action``   -- perform ``god``'s God action (a name of ``GODS`` or ``"Seth"``; ``"any"``: any action)
  as if with a die of one of ``values``; ``no_die``: no die is taken; further keys restrict it.
* ``convert``  -- the player *may* turn ``n`` of ``from`` (Resources) into ``to``.
* ``production`` -- each production track +``each`` (stops at 6).
* ``hook``     -- ``name``: a rule no field can say (named here, implemented in the rules layer).

A trigger is ``{"event": ..., "once_per_turn": bool, "condition": hook name or None}``; events are in
:data:`SETH_EVENTS`.
"""
from __future__ import annotations

from .base import GODS, HAPPINESS_REWARDS, TOS_DIE_FACES

# --------------------------------------------------------------------------- provenance
SETH_PROVENANCE: dict[str, str] = {
    "SETH_BOARD_SIDE": "printed (manual Setup Changes 1: '1-2 players or 3-4 players')",
    "SETH_TRACK_MAX": "printed (manual Key Concepts: 'Any amount ... gained above 10 is lost'; game-help 'each 0-10')",
    "SETH_TRACK_START": "printed (manual Setup Changes 1: 'places their Soldier and Priest on 0')",
    "SETH_DIE_COLOURS": "printed (manual Setup Changes 3: 'add 2 red, 2 blue, and 1 green die')",
    "SETH_DICE_ADDED": "printed (manual Setup Changes 3)",
    "SETH_DIE_FACES": "reconstructed (FACTS.md Time of Seth: '2 3 3 4 4 5'; the manual prints only 'no 1 or 6 faces (a second 3 and 4 instead)')",
    "SETH_DIE_VALUES": "printed (manual Green/Red and Blue dice: 'cannot be changed into a 1 or a 6')",
    "SETH_DIE_PROPS": "printed (manual Key Concepts Green die, Red and Blue dice; game-help 'What it adds')",
    "SETH_DICE_TO_BOX": "printed (manual Setup Changes 3 A-C)",
    "SETH_DICE_PER_COLOUR": "printed (base-rulebook Components '26 Dice (5 black, 5 white, 5 brown, 5 yellow, 6 gray)' with manual Setup Changes 3)",
    "SETH_BOARD_DICE": "printed (manual Setup Changes 3 A-C; Rotation Changes '2/3/4'; game-help 'Dice on the Seth board, at most 2 3 4')",
    "SETH_REFILL_SECTION": "reconstructed (FACTS.md Light pattern: 'the first Shaded section clockwise from the arrow ... is then arrow+2')",
    "SETH_REGIONS": "printed (game-help Seth table: die, region, column, reward, VP 1st / 2nd Building)",
    "SETH_REGION_SPACES": "printed (manual Seth step 2: 'The first Building ... The second Building in that region'; game-help 'VP, 1st / 2nd Building')",
    "SETH_BUILD_SOLDIERS": "printed (manual Seth step 2; game-help 'Second Building in a region 5 / 3 / 3 Soldiers')",
    "SETH_COLUMN_STATUE_VP": "printed (manual Seth step 4; game-help Seth step 4)",
    "SETH_BLOOD_PER_ACTION": "printed (manual Seth step 5)",
    "BLOOD_TAINT": "printed (manual Maat Phase Changes: 'Each Blood token is worth 1 Taint')",
    "BLOOD_TOKENS": "printed (manual Components lists Blood tokens without a usable count; unlimited like Resource tokens, base Key Concept IV limits only Buildings, Pillars and Statues)",
    "SETH_PEOPLE_SPACES": "printed (manual Horus Changes: 'for the people (below a column of three regions)'; two columns)",
    "SETH_PEOPLE_THOTH_VALUE": "printed (manual Horus Changes: 'a Thoth God Action of value 1 for each of the three regions that contain at least 1 Building')",
    "SETH_GOD_STATUE_SPACES": "printed (game-help 'Statues in honour of Seth 1 / 2 / 3')",
    "SETH_STATUE_PRIESTS": "printed (manual Horus Changes: 'paying 2 Priests in addition to the Granite cost')",
    "SETH_HORUS_BONUS": "printed (manual Horus Changes '1 Resource of your choice'; game-help '(not Gold)' wins)",
    "SETH_EVENTS": "printed (the conditions of the cards and bonuses below; names are the engine's)",
    "SETH_ACTION_STEPS": "printed (manual Seth God Action steps 1-6; game-help Seth steps 1-6)",
    "CONQUEST_TILES": "reconstructed in part (FACTS.md: A01-A04, A10-A12; A05-A09 printed in the manual Appendix); ids CQ01-CQ12",
    "CONQUEST_FACE_UP": "printed (manual Setup Changes 6: 'Turn the top tile of the stack face up')",
    "SETH_SETUP": "printed (manual Setup Changes 8-12; game-help Setup changes)",
    "SETH_DRAFT_PASSES": "printed (manual Setup Changes 10 A-C)",
    "CULTISTS": "printed (manual Appendix: Cultist Cards; manual Key Concepts Cultist Powers)",
    "ARTIFACTS": "printed (manual Appendix: Artifact Cards)",
    "SETH_STARTING": "printed (manual Appendix: New Starting Cards)",
    "SETH_BLESSINGS": "printed (manual Appendix: Blessing Cards)",
    "SETH_TECHNOLOGIES": "printed (manual Appendix: Technology Cards)",
    "SETH_DECREES": "printed (manual Appendix: Decree Cards; symbols reconstructed, FACTS.md Decree symbols)",
    "SETH_TRIGGERS": "printed (manual Appendix: Technology Cards, TX01)",
    "SETH_DECREE_SYMBOL": "reconstructed (FACTS.md Decree symbols: 'DX01 scarab, DX02 eye, DX03 ankh, DX04 lotus')",
    "SETH_CARD_TEXT": "printed (manual Appendix, verbatim; Conquest tiles CQ01-CQ04, CQ10-CQ12 reconstructed, FACTS.md)",
    "SETH_DECKS": "printed (manual Components: 4 Blessing, 5 Technology, 4 Decree, 12 Starting, 7 Cultist, 8 Artifact cards, 12 Conquest tiles)",
}

# --------------------------------------------------------------------------- the Seth board
# Side of the double-sided Seth board by player count (solo = 1, played on the 1-2 player side).
SETH_BOARD_SIDE = {1: "1-2", 2: "1-2", 3: "3-4", 4: "3-4"}
SETH_TRACKS = ("soldiers", "priests")  # red and blue markers; not Resources (game-help)
SETH_TRACK_MIN = 0                     # "You may not spend ... if your corresponding marker would move below 0"
SETH_TRACK_MAX = 10                    # "Any amount of Priests or Soldiers gained above 10 is lost"
SETH_TRACK_START = {"soldiers": 0, "priests": 0}

# --------------------------------------------------------------------------- dice
# Colour indices follow base.DIE_COLOURS: 5 red, 6 blue, 7 green.
SETH_DIE_COLOURS = (5, 6, 7)
SETH_DICE_ADDED = {5: 2, 6: 2, 7: 1}           # into the bag at setup
SETH_DIE_FACES = TOS_DIE_FACES                 # 2 3 3 4 4 5 for each of red, blue, green
SETH_DIE_VALUES = (2, 5)                       # lowest and highest value (Scribes, B09/B10, T13, T14 clamp here)
# Per new colour: purity everywhere (0 Pure, 1 Tainted), can Produce, can be taken with Anubis,
# the track gained when the die is selected (equal to its value) or None.
SETH_DIE_PROPS = {
    5: {"purity": 1, "produce": False, "anubis": True, "gains": "soldiers"},   # red
    6: {"purity": 1, "produce": False, "anubis": True, "gains": "priests"},    # blue
    7: {"purity": 0, "produce": False, "anubis": False, "gains": None},        # green
}
# Dice returned to the box per colour (yellow brown white black gray red blue green), replacing
# base Setup step 7 ("Instead of preparing the dice for the Obelisk wheel according to base game rules").
SETH_DICE_TO_BOX = {
    1: (1, 1, 1, 1, 3, 0, 0, 0),
    2: (1, 1, 1, 1, 3, 0, 0, 0),
    3: (1, 1, 1, 1, 0, 0, 0, 0),
    4: (0, 0, 0, 0, 1, 0, 0, 0),
}
_BASE_DICE = (5, 5, 5, 5, 6, 2, 2, 1)  # the 26 base dice plus the 5 new ones
# Dice in play per colour (bag + Seth board + wheel), by player count.
SETH_DICE_PER_COLOUR = {n: tuple(a - b for a, b in zip(_BASE_DICE, box)) for n, box in SETH_DICE_TO_BOX.items()}
# Gray dice rolled onto the Seth board at setup = the refill threshold = the most it holds after a refill.
SETH_BOARD_DICE = {1: 2, 2: 2, 3: 3, 4: 4}
SETH_BOARD_PURITY = 1       # "All dice on the Seth board are Tainted."
SETH_REFILL_SECTION = 2     # the first Shaded section clockwise from the arrow: arrow + 2
SETH_REFILL_PER_ROTATION = 1  # "roll exactly one of them"; "only once each Rotation"

# --------------------------------------------------------------------------- regions
# value, name, column (0 left, 1 right), reward effect, VP of the 1st and 2nd Building space.
SETH_REGIONS = (
    {"value": 1, "name": "Kush", "column": 0, "vp": (5, 3),
     "reward": {"kind": "split", "tracks": ("happiness", "population"), "total": 2}},
    {"value": 2, "name": "Punt", "column": 0, "vp": (4, 2),
     "reward": {"kind": "gain", "gains": {"gold": 1}}},
    {"value": 3, "name": "Sumer", "column": 0, "vp": (3, 1),
     "reward": {"kind": "split", "tracks": ("papyrus", "bread"), "total": 2}},
    {"value": 4, "name": "Assyria", "column": 1, "vp": (3, 1),
     "reward": {"kind": "split", "tracks": ("limestone", "granite"), "total": 2}},
    {"value": 5, "name": "Canaan", "column": 1, "vp": (2, 1),
     "reward": {"kind": "gain", "gains": {"scribes": 2}}},
    {"value": 6, "name": "Hittites", "column": 1, "vp": (2, 1),
     "reward": {"kind": "draw_keep", "deck": "Technology", "draw": 2, "keep": 1, "rest": "shuffle"}},
)
SETH_REGION_SPACES = 2          # a 1st and a 2nd Building space per region; never two of one player
SETH_COLUMNS = ("left", "right")
# Soldiers for the (1st, 2nd) Building of a region, by player count.
SETH_BUILD_SOLDIERS = {1: (4, 5), 2: (4, 5), 3: (4, 3), 4: (4, 3)}
SETH_COLUMN_STATUE_VP = 3       # a Statue for the people under the column, anyone's
SETH_BLOOD_PER_ACTION = 1
BLOOD_TAINT = 1                 # each Blood token counts -1 at every Maat phase, never returned
BLOOD_TOKENS = None             # not limited (see PROVENANCE)

# --------------------------------------------------------------------------- Horus on the Seth board
SETH_PEOPLE_SPACES = ("Se-left", "Se-right")   # one under each column; no Gold on them (none placed at setup)
SETH_PEOPLE_THOTH_VALUE = 1                    # one Thoth action of value 1 per region of the column with a Building
SETH_GOD_STATUE_SPACES = {1: 1, 2: 1, 3: 2, 4: 3}
SETH_STATUE_PRIESTS = 2                        # in addition to the Granite of the leftmost Statue
# The overlay's bonus: whenever another player performs the Seth God Action (and the base player-count
# extras: 2p also on one's own Seth action, 3p also at once when built; base.PLAYER_COUNT).
SETH_HORUS_BONUS = {"kind": "resource", "n": 1, "identical": True, "gold": False}

# --------------------------------------------------------------------------- events of the trigger layer
SETH_EVENTS = (
    "seth_action",           # a Seth God Action performed (TX01, Seth Horus bonus, Vizier n/a)
    "thoth_action",          # a Thoth God Action performed (base T03; Example 1)
    "statue_people",         # a Statue for the people placed (any of the 4 base and 2 Seth spaces)
    "statue_god",            # a Statue in honour of a god placed (the six gods and Seth)
    "happiness_first_reach", # the Happiness marker reaches a reward space (16/19/21) for the first time
    "seth_building_placed",  # a Building placed on the Seth board (Seth action, BX03/BX04)
    "pillar_raised",         # a Pillar raised in the Temple Complex (Ra, with the space)
    "osiris_building",       # a Workshop or Quarry built in Osiris (Osiris action, BX03/BX04 move)
    "maat_phase",            # during a Maat phase (TX02-TX04)
)

# The Seth God Action, step by step (manual "Seth God Action"; game-help "Seth - a new action").
SETH_ACTION_STEPS = (
    "take a gray die from the Seth board (Scribes as usual; Tainted side of the scales)",
    "the die value selects the region",
    "the leftmost Building of the player board goes there; pay 4 Soldiers (1st) or 3/5 (2nd)",
    "gain the region's reward (its VP come at each Scoring)",
    "3 VP if a Statue for the people stands under the region's column",
    "a Blood token on the Tainted side of the scales",
    "the face-up Conquest tile onto an empty Temple space; turn up the next",
)

# --------------------------------------------------------------------------- Conquest tiles
# id, the manual's id (A01-A12 in the manual and FACTS; CQ so they cannot be taken for the Destiny
# cards A01-A04), printed or reconstructed, the reward under a Pillar (Ra), the Hathor reward
# (None: a crossed-out Hathor icon, nothing), and whether P19-P21 double it (Resources and Faith only).
def _g(**gains: int) -> dict:
    return {"kind": "gain", "gains": gains}


CONQUEST_TILES = (
    {"id": "CQ01", "manual": "A01", "source": "reconstructed", "ra": _g(papyrus=2), "hathor": _g(papyrus=1), "double": True},
    {"id": "CQ02", "manual": "A02", "source": "reconstructed", "ra": _g(bread=2), "hathor": _g(bread=1), "double": True},
    {"id": "CQ03", "manual": "A03", "source": "reconstructed", "ra": _g(limestone=2), "hathor": _g(limestone=1), "double": True},
    {"id": "CQ04", "manual": "A04", "source": "reconstructed", "ra": _g(granite=2), "hathor": _g(granite=1), "double": True},
    {"id": "CQ05", "manual": "A05", "source": "printed",
     "ra": {"kind": "resource", "n": 3, "identical": True, "gold": False},
     "hathor": {"kind": "resource", "n": 1, "identical": True, "gold": False}, "double": True},
    {"id": "CQ06", "manual": "A06", "source": "printed",
     "ra": {"kind": "draw_keep", "deck": "Technology", "draw": 2, "keep": 1, "rest": "shuffle"},
     "hathor": {"kind": "draw", "deck": "Technology", "n": 1}, "double": False},
    {"id": "CQ07", "manual": "A07", "source": "printed",
     "ra": {"kind": "draw_keep", "deck": "Blessing", "draw": 3, "keep": 1, "rest": "shuffle"},
     "hathor": {"kind": "draw", "deck": "Blessing", "n": 1}, "double": False},
    {"id": "CQ08", "manual": "A08", "source": "printed",
     "ra": {"kind": "action", "god": "Thoth", "values": (1,), "no_die": True}, "hathor": None, "double": False},
    {"id": "CQ09", "manual": "A09", "source": "printed",
     "ra": {"kind": "action", "god": "Osiris", "values": (5,), "no_die": True}, "hathor": None, "double": False},
    {"id": "CQ10", "manual": "A10", "source": "reconstructed", "ra": _g(gold=2), "hathor": _g(gold=1), "double": True},
    {"id": "CQ11", "manual": "A11", "source": "reconstructed", "ra": _g(scribes=2), "hathor": _g(scribes=1), "double": False},
    {"id": "CQ12", "manual": "A12", "source": "reconstructed", "ra": _g(faith=3), "hathor": _g(faith=1), "double": True},
)
CONQUEST_FACE_UP = 1   # the top tile of the stack is face up (public); the rest are hidden

# --------------------------------------------------------------------------- setup
SETH_SETUP = {
    "decrees_dealt": 3,            # replaces base step 11 (2 dealt)
    "decrees_kept": 1,             # "discard 2 of the 3 ... to the bottom"; "after the rest of setup"
    "cultists_displayed": {2: 3, 3: 4, 4: 5},
    "artifacts_selected": {2: 5, 3: 6, 4: 7},
    "starting_kept": 2,            # exactly 2 Starting cards ...
    "cultists_kept": 1,            # ... and 1 Cultist Power each
}
# The three passes of the draft (replacing base step 12A): +1 clockwise from the starting player,
# -1 counter-clockwise from the last player, +1 again.
SETH_DRAFT_PASSES = (1, -1, 1)

# --------------------------------------------------------------------------- cards
SETH_DECKS = {
    "Blessing": ("BX01", "BX02", "BX03", "BX04"),
    "Technology": ("TX01", "TX02", "TX03", "TX04", "TX05"),
    "Decree": ("DX01", "DX02", "DX03", "DX04"),
    "Starting": tuple(f"SX{k:02d}" for k in range(1, 13)),
    "Cultist": tuple(f"Cult{k:02d}" for k in range(1, 8)),
    "Artifact": tuple(f"Art{k:02d}" for k in range(1, 9)),
    "Conquest": tuple(f"CQ{k:02d}" for k in range(1, 13)),
}
SETH_DECREE_SYMBOL = {"DX01": 0, "DX02": 1, "DX03": 2, "DX04": 3}  # scarab, eye, ankh, lotus (base.DECREE_SYMBOLS)

_RES = ("papyrus", "bread", "limestone", "granite")

# Blessings: played by the owner in its own turn between actions (see rules-notes), then discarded.
SETH_BLESSINGS = {
    "BX01": {"when": "own_turn", "effect": {"kind": "split", "tracks": ("priests", "soldiers"), "total": 5}},
    "BX02": {"when": "own_turn", "effect": {"kind": "split", "tracks": ("priests", "soldiers"), "total": 5}},
    "BX03": {"when": "own_turn", "effect": {"kind": "hook", "name": "move_building_osiris_seth"}},
    "BX04": {"when": "own_turn", "effect": {"kind": "hook", "name": "move_building_osiris_seth"}},
}
# Technologies: permanent.
SETH_TECHNOLOGIES = {
    "TX01": {"trigger": {"event": "seth_action", "once_per_turn": True, "condition": None},
             "effect": _g(vp=2, priests=2)},
    "TX02": {"trigger": None, "effect": {"kind": "hook", "name": "faith_for_soldiers"},
             "maat": {"kind": "hook", "name": "maat_faith_to_priests"}},
    "TX03": {"trigger": {"event": "maat_phase", "once_per_turn": False, "condition": None},
             "effect": {"kind": "hook", "name": "no_maat_penalty"}},
    "TX04": {"trigger": {"event": "maat_phase", "once_per_turn": False, "condition": None},
             "effect": {"kind": "gain", "gains": {"vp": 1}, "per": "blood"}},
    "TX05": {"trigger": {"event": "thoth_action", "once_per_turn": True, "condition": None},
             "effect": {"kind": "hook", "name": "thoth_any_sections_plus_one"}},
}
# Decrees (final Scoring): VP = vp * count(what); "pair": min(Priests, Soldiers).
SETH_DECREES = {
    "DX01": ({"vp": 2, "per": "priest_soldier_pair"},),
    "DX02": ({"vp": 3, "per": "seth_building"},),
    "DX03": ({"vp": 2, "per": "statue"}, {"vp": 2, "per": "seth_building"}),
    "DX04": ({"vp": 4, "per": "production_at_5_or_6"},),
}
# Starting cards: initiative and the effects received with the Destiny card (setup only).
SETH_STARTING = {
    "SX01": {"initiative": 1, "effects": (
        {"kind": "action", "god": "Osiris", "values": (5,), "no_die": True, "happiness_cost": 0}, _g(soldiers=2))},
    "SX02": {"initiative": 2, "effects": (
        {"kind": "action", "god": "Osiris", "values": (3,), "no_die": True, "happiness_cost": 1,
         "districts": ("limestone", "granite")},
        {"kind": "split", "tracks": ("soldiers", "priests"), "total": 4})},
    "SX03": {"initiative": 3, "effects": (
        {"kind": "action", "god": "Osiris", "values": (3,), "no_die": True, "happiness_cost": 1,
         "districts": ("papyrus", "bread")},
        {"kind": "split", "tracks": ("soldiers", "priests"), "total": 4})},
    "SX04": {"initiative": 4, "effects": (
        {"kind": "split", "tracks": _RES, "total": 5},
        {"kind": "one_of", "options": ({"soldiers": 1}, {"priests": 1})})},
    "SX05": {"initiative": 5, "effects": (_g(scribes=2, priests=4, soldiers=4),)},
    "SX06": {"initiative": 6, "effects": (
        {"kind": "draw_keep", "deck": "Technology", "draw": 2, "keep": 1, "rest": "shuffle"}, _g(priests=3))},
    "SX07": {"initiative": 7, "effects": (
        {"kind": "draw_keep", "deck": "Blessing", "draw": 2, "keep": 1, "rest": "shuffle"}, _g(soldiers=3))},
    "SX08": {"initiative": 8, "effects": (_g(papyrus=1, bread=1, limestone=1, granite=1, soldiers=2, priests=2),)},
    "SX09": {"initiative": 9, "effects": (
        {"kind": "split", "tracks": ("limestone", "granite"), "total": 3},
        {"kind": "split", "tracks": ("soldiers", "priests"), "total": 3})},
    "SX10": {"initiative": 10, "effects": (
        {"kind": "split", "tracks": ("bread", "papyrus"), "total": 3},
        {"kind": "split", "tracks": ("soldiers", "priests"), "total": 3})},
    "SX11": {"initiative": 11, "effects": (_g(population=3, happiness=2, soldiers=4),)},
    "SX12": {"initiative": 12, "effects": (_g(gold=2, priests=4),)},
}
# Cultist Powers: the owner's reward each time the condition is met, then every other player's.
_CONVERT = {"kind": "convert", "n": 1, "from": _RES + ("gold",)}
CULTISTS = {
    "Cult01": {"trigger": {"event": "statue_people", "once_per_turn": True, "condition": None},
               "owner": _g(scribes=1), "others": _g(priests=1)},
    "Cult02": {"trigger": {"event": "statue_god", "once_per_turn": True, "condition": None},
               "owner": _g(happiness=2), "others": _g(population=1)},
    "Cult03": {"trigger": {"event": "happiness_first_reach", "once_per_turn": True, "condition": None,
                           "spaces": HAPPINESS_REWARDS},
               "owner": _g(gold=1), "others": _g(soldiers=1)},
    "Cult04": {"trigger": {"event": "seth_building_placed", "once_per_turn": True, "condition": None},
               "owner": _g(population=2), "others": _g(bread=1)},
    "Cult05": {"trigger": {"event": "pillar_raised", "once_per_turn": True,
                           "condition": "no_other_own_pillar_in_row_and_column"},
               "owner": _g(priests=3), "others": {**_CONVERT, "from": _RES, "to": "gold"}},
    "Cult06": {"trigger": {"event": "osiris_building", "once_per_turn": True, "condition": None},
               "owner": _g(soldiers=3), "others": _g(faith=2)},
    "Cult07": {"trigger": {"event": "pillar_raised", "once_per_turn": True, "condition": "temple_edge_space"},
               "owner": {"kind": "resource", "n": 1, "identical": True, "gold": False},
               "others": {**_CONVERT, "to": "scribes"}},
}
# Artifacts: Priest cost, Ankh (the Destiny card it sits beside), extra cost paid on use, effect.
ARTIFACTS = {
    "Art01": {"priests": 6, "ankh": 0, "use_cost": {},
              "effect": {"kind": "draw_keep", "deck": "Decree", "draw": 2, "keep": 1, "rest": "shuffle"}},
    "Art02": {"priests": 7, "ankh": 0, "use_cost": {},
              "effect": {"kind": "action", "god": "any", "values": (3, 4), "no_die": True}},
    "Art03": {"priests": 6, "ankh": 1, "use_cost": {"scribes": 1},
              "effect": {"kind": "hook", "name": "score_temple_complex"}},
    "Art04": {"priests": 5, "ankh": 1, "use_cost": {}, "effect": {"kind": "production", "each": 1}},
    "Art05": {"priests": 5, "ankh": 2, "use_cost": {},
              "effect": {"kind": "draw_keep", "deck": "Technology", "draw": 2, "keep": 1, "rest": "bottom"}},
    "Art06": {"priests": 4, "ankh": 2, "use_cost": {"scribes": 1}, "effect": _g(happiness=5)},
    "Art07": {"priests": 4, "ankh": 3, "use_cost": {},
              "effect": {"kind": "action", "god": "Seth", "values": (1, 2, 3, 4, 5, 6), "no_die": True}},
    "Art08": {"priests": 3, "ankh": 3, "use_cost": {}, "effect": _g(gold=2)},
}

# --------------------------------------------------------------------------- printed texts
SETH_CARD_TEXT: dict[str, str] = {
    'BX01': 'Gain a total of 5 Priests and Soldiers, in any combination.',
    'BX02': 'Gain a total of 5 Priests and Soldiers, in any combination.',
    'BX03': 'Move one of your Buildings from the Osiris area to the Seth board (or vice versa), paying the associated cost in Soldiers (or Happiness) and gaining corresponding benefits. The Building must remain on the same dice number.',
    'BX04': 'Move one of your Buildings from the Osiris area to the Seth board (or vice versa), paying the associated cost in Soldiers (or Happiness) and gaining corresponding benefits. The Building must remain on the same dice number.',
    'TX01': 'Whenever you perform a Seth God Action: Score 2 Victory Points and gain 2 Priests.',
    'TX02': 'Anytime you must spend a Soldier, you may spend a Faith token instead (it is allowed to pay the cost in Soldiers partially or completely with Faith). During the Maat phase: You may convert unused Faith tokens into Priests instead of returning them to the supply.',
    'TX03': 'During the Maat phase: You do not lose any Victory Points for excess Taint.',
    'TX04': 'During the Maat phase: You gain 1 Victory Point for each Blood token on your player board.',
    'TX05': 'Whenever you perform a Thoth God Action: You are permitted to select cards from any combination of Market segments you have access to AND may select up to 1 card from a Market segment one higher than the ones you have access to. For example, if normally you could select from EITHER the yellow OR the red Market segments, using this Technology you may select cards from the red AND the yellow Market segments, in any combination, plus at most one card from the green segment.',
    'DX01': 'Score 2 Victory Points per pair of leftover Priest and Soldier.',
    'DX02': 'Score 3 Victory Points per Building on the Seth board.',
    'DX03': 'Score 2 Victory Points per Statue and 2 Victory Points per Building on the Seth board.',
    'DX04': 'Score 4 Victory Points per Production marker at 5 or 6.',
    'SX01': 'Initiative Value: 1. Perform an Osiris God Action to construct one Building as if you had taken a die with value 5. You do not suffer any loss of Happiness. Gain 2 Soldiers.',
    'SX02': 'Initiative Value: 2. Perform an Osiris God Action to construct one Building (Limestone or Granite Quarry only) as if you had taken a die with value 3. You must pay 1 Happiness. Gain a total of 4 Soldiers and Priests in any combination.',
    'SX03': 'Initiative Value: 3. Perform an Osiris God Action to construct one Building (Papyrus or Bread Workshop only) as if you had taken a die with value 3. You must pay 1 Happiness. Gain a total of 4 Soldiers and Priests in any combination.',
    'SX04': 'Initiative Value: 4. Gain any 5 Resources (excluding Gold). Gain 1 Soldier or 1 Priest.',
    'SX05': 'Initiative Value: 5. Gain 2 Scribes, 4 Priests, and 4 Soldiers.',
    'SX06': 'Initiative Value: 6. Draw 2 Technology cards from the top of the deck. Select one to keep, and shuffle the other card back into the deck. Gain 3 Priests.',
    'SX07': 'Initiative Value: 7. Draw 2 Blessing cards from the top of the deck. Select one to keep, and shuffle the other card back into the deck. Gain 3 Soldiers.',
    'SX08': 'Initiative Value: 8. Gain 1 Papyrus, 1 Bread, 1 Limestone, 1 Granite, 2 Soldiers, and 2 Priests.',
    'SX09': 'Initiative Value: 9. Gain a total of 3 Limestone and Granite, in any combination. Gain a total of 3 Soldiers and Priests in any combination.',
    'SX10': 'Initiative Value: 10. Gain a total of 3 Bread and Papyrus, in any combination. Gain a total of 3 Soldiers and Priests in any combination.',
    'SX11': 'Initiative Value: 11. Gain 3 Population, 2 Happiness and 4 Soldiers.',
    'SX12': 'Initiative Value: 12. Gain 2 Gold and 4 Priests.',
    'Cult01': 'Whenever you place a Statue for the people, you gain 1 Scribe and every other player gains 1 Priest.',
    'Cult02': 'Whenever you place a Statue for the Gods, you gain 2 Happiness and every other player gains 1 Population.',
    'Cult03': 'Whenever your Happiness marker reaches a space for the first time, you gain 1 Gold and every other player gains 1 Soldier.',
    'Cult04': 'Whenever you place a Building on the Seth board, you gain 2 Population and every other player gains 1 Bread.',
    'Cult05': 'Whenever you build a Pillar in a way that there is no other Pillar of yours in its row OR its column you gain 3 Priests and every other player may convert any 1 Resource into 1 Gold.',
    'Cult06': 'Whenever you build a Quarry or a Workshop, you gain 3 Soldiers and every other player gains 2 Faith tokens.',
    'Cult07': 'Whenever you build a Pillar adjacent to an edge of the Temple Complex, you gain 1 Resource of your choice (except Gold) and every other player may convert any 1 Resource into 1 Scribe.',
    'Art01': 'Cost: 6 Priests. Ankh value: 0. Remove this card from the game to immediately draw 2 Decree cards. Keep one of them and shuffle the other card back into its deck.',
    'Art02': 'Cost: 7 Priests. Ankh value: 0. Remove this card from the game to immediately take an action as if you had chosen a die with a value of 3 or 4 (do not take an actual die though).',
    'Art03': 'Cost: 6 Priests. Ankh value: 1. Remove this card from the game and pay 1 Scribe to immediately score the Temple Complex, following regular scoring rules.',
    'Art04': 'Cost: 5 Priests. Ankh value: 1. Remove this card from the game to immediately increase your production of each resource by 1.',
    'Art05': 'Cost: 5 Priests. Ankh value: 2. Remove this card from the game to immediately draw 2 Technology cards. Keep one of them and place the other at the bottom of the Technologies deck.',
    'Art06': 'Cost: 4 Priests. Ankh value: 2. Remove this card from the game and pay 1 Scribe to immediately gain 5 Happiness.',
    'Art07': 'Cost: 4 Priests. Ankh value: 3. Remove this card from the game to immediately take a Seth God action, as if you draft a die of the value of your choosing.',
    'Art08': 'Cost: 3 Priests. Ankh value: 3. Remove this card from the game to immediately gain 2 Gold.',
    'CQ01': 'Gain 2 Papyrus.',
    'CQ02': 'Gain 2 Bread.',
    'CQ03': 'Gain 2 Limestone.',
    'CQ04': 'Gain 2 Granite.',
    'CQ05': 'Gain 3 identical resources (except Gold).',
    'CQ06': 'Draw 2 Technology cards from the top of the deck. Select one to keep, and shuffle the other card back into the deck.',
    'CQ07': 'Draw 3 Blessing cards from the top of the deck. Select one to keep, and shuffle the remaining two cards back into the deck.',
    'CQ08': 'Perform a Thoth God action as if you took a die of value 1. This tile yields no reward with a Hathor God action.',
    'CQ09': 'Perform an Osiris God action as if you took a die of value 5. This tile yields no reward with a Hathor God action.',
    'CQ10': 'Gain 2 Gold.',
    'CQ11': 'Gain 2 Scribes.',
    'CQ12': 'Gain 3 Faith.',
}
# Names of the six regions by die value, and of the gods with the Seth action (an index past GODS).
SETH_REGION_NAMES = tuple(r["name"] for r in SETH_REGIONS)
SETH_GOD_INDEX = len(GODS)   # 6: the Seth action, next to Horus..Osiris (the Vizier's seventh area)

# --------------------------------------------------------------------------- what the rules core reads
# (setup, draft, Starting cards, Cultists, Artifacts, new cards and the once-per-turn gate: seth/*.pxi)
# Reward kinds of the trigger layer (data.REWARD_KINDS 0-6, then K_POP 7, K_VP 8, K_HAP 9) by the track
# names of the effect vocabulary above, with the two Time of Seth tracks after them.
SETH_REWARD_KIND = {"papyrus": 0, "bread": 1, "limestone": 2, "granite": 3, "gold": 4, "faith": 5,
                    "scribes": 6, "population": 7, "vp": 8, "happiness": 9, "soldiers": 10, "priests": 11}
# The events of the Cultist Powers' conditions (a subset of SETH_EVENTS), in the core's CE_* order.
CULTIST_EVENTS = ("statue_people", "statue_god", "happiness_first_reach", "seth_building_placed",
                  "pillar_raised", "osiris_building")
# Trigger-layer events about a player performing an action: with the expansion, each card's rows of
# these events pay at most once in a turn (manual Key Concepts "Any effect, bonus, or benefit related
# to a player performing a particular action can only be triggered at most once during that player's
# turn"; game help "statue bonuses, per-action Technologies, Cultist Powers"). Horus bonuses and the
# Cultist Powers have their own marks (the gate, seth/gate.pxi).
SETH_GATED_EVENTS = ("god_action", "produce", "die_taken", "seth_action")
# Trigger-layer events whose rows' VP count under the `seth` VP category (every other event's under
# `actions`, VP during play): the VP of performing a Seth God Action, e.g. TX01's 2
# (docs/rules-notes.md "VP categories").
SETH_VP_EVENTS = ("seth_action",)
# The expansion's "on EVENT gain REWARDS" cards as rows of the trigger layer (the format of
# data.TRIGGERS; reward kinds as SETH_REWARD_KIND: 8 VP, 11 Priests). data.TRIGGERS holds them too.
SETH_TRIGGERS = (
    ("TX01", "seth_action", -1, 0, False, False, ((8, 2), (11, 2))),   # "Score 2 Victory Points and gain 2 Priests"
)
