"""The base game's components and rule constants: dice, wheel, boards, tiles, scoring tables.

Part of the **data** layer (:mod:`tekhenu_engine.data`): plain Python tables, no logic. The compiled rules core
(:mod:`tekhenu_engine._core`) copies them into C arrays once at import, so a value
changed here changes the game everywhere.

Each table is listed in :data:`PROVENANCE` as ``"printed"`` (a rule text gives it:
``base-rulebook.txt``, ``game-help.txt``, ``time-of-seth-manual.txt``) or
``"reconstructed"`` (printed only on the physical board; the value comes from
``shared/rules/FACTS.md``).  ``docs/board-data.md`` explains every table.

Index conventions used by every layer
-------------------------------------
* Resources: 0 Papyrus, 1 Bread, 2 Limestone, 3 Granite (the Osiris districts left to right).
* Dice colours: 0 yellow, 1 brown, 2 white, 3 black, 4 gray (a coloured die produces the
  resource with the same index); Time of Seth adds 5 red, 6 blue, 7 green.
* Light: 0 Sunny, 1 Shaded, 2 Dark.  Purity: 0 Pure, 1 Tainted, 2 Forbidden.
* Gods / wheel sections (clockwise): 0 Horus, 1 Ra, 2 Hathor, 3 Bastet, 4 Thoth, 5 Osiris.
* Temple spaces: ``(row - 1) * 5 + (col - 1)``, rows top to bottom, columns left to right.
* Edges: 0 North, 1 East, 2 South, 3 West.
"""
from __future__ import annotations

# --------------------------------------------------------------------------- names
RESOURCES = ("Papyrus", "Bread", "Limestone", "Granite")
RESOURCE_LETTERS = ("P", "B", "L", "G")
DIE_COLOURS = ("yellow", "brown", "white", "black", "gray", "red", "blue", "green")
DIE_LETTERS = ("y", "b", "w", "k", "g", "r", "u", "n")
LIGHTS = ("Sunny", "Shaded", "Dark")
PURITIES = ("Pure", "Tainted", "Forbidden")
GODS = ("Horus", "Ra", "Hathor", "Bastet", "Thoth", "Osiris")

# Which table comes from where. "printed": a rule text fixes it; "reconstructed": FACTS.md.
PROVENANCE: dict[str, str] = {
    "PURITY": "printed (base-rulebook Key Concept I; game-help table)",
    "DICE_PER_COLOUR": "printed (base-rulebook Components, Setup step 7)",
    "DICE_PER_SECTION_AT_SETUP": "printed (Setup step 8)",
    "LIGHT_PATTERN": "reconstructed (FACTS.md, Light pattern)",
    "SCORING_MAAT_PHASES": "printed (Structure of Play; FACTS.md)",
    "TEMPLE_REWARDS": "reconstructed (FACTS.md, Temple Complex)",
    "BUILDING_SPACES": "reconstructed (FACTS.md; counts 10/14/18 printed in game-help)",
    "TEMPLE_STATUE_LINES": "reconstructed (FACTS.md)",
    "BORDER_EDGES": "reconstructed (FACTS.md, Edge colours)",
    "PILLAR_EDGES": "reconstructed (FACTS.md, Edge colours)",
    "PILLAR_COSTS": "reconstructed (FACTS.md, Pillar costs)",
    "PILLAR_LIGHT": "printed (base-rulebook Appendix: Pillar Tiles)",
    "HORUS_SLOT_BONUS": "reconstructed (FACTS.md, Horus slots)",
    "OSIRIS_ROWS": "printed (base-rulebook Osiris; game-help table)",
    "STATUE_COSTS": "printed (game-help Horus; FACTS.md)",
    "STATUE_VP": "printed (Scoring step 3)",
    "HAPPINESS_THRESHOLDS": "printed (Scoring step 4)",
    "BUILDING_ROW": "reconstructed (FACTS.md, Player board Building row)",
    "MAAT_PENALTY": "printed (Maat Phase step 4)",
    "MARKET_SECTIONS": "printed (Setup step 10; Empty Sections in the Card Market)",
    "THOTH_ACCESS": "printed (Thoth table)",
    "PLAYER_COUNT": "printed (game-help Player-count differences)",
    "STARTING_INITIATIVE": "printed (Appendix: Starting Cards)",
    "DESTINY_ANKH": "printed (Appendix: Destiny Cards)",
    "DECREE_SYMBOL": "reconstructed (FACTS.md, Decree symbols)",
    "CARD_TEXT": "printed (base-rulebook appendices; errata from game-help)",
    "BOT_RESOURCE_TILES": "reconstructed (FACTS.md, Botankhamun resource tiles)",
    "BOT_HORUS_CHART": "printed (base-rulebook Botankhamun Horus; game-help)",
    "BOT_MAAT_BALANCE": "printed (Solo Maat Phase)",
    "TOS_DIE_FACES": "reconstructed (FACTS.md, Time of Seth)",
    "TRIGGERS": "printed (base-rulebook Appendix: Technology Cards, Pillar Tiles, Starting Cards, Destiny Cards)",
    "DIE_FACES": "printed (base-rulebook Components; time-of-seth-manual Green die, Red and blue dice)",
    "DIE_PRODUCES": "printed (base-rulebook Produce Resources; time-of-seth-manual dice)",
    "DIE_ANUBIS": "printed (time-of-seth-manual: the green die may never be taken with an Anubis Action)",
}

# --------------------------------------------------------------------------- dice
# PURITY[light][colour] -> 0 Pure, 1 Tainted, 2 Forbidden (gray always Tainted; red/blue
# always Tainted and green always Pure in Time of Seth).
PURITY = (
    # yellow brown white black gray red blue green
    (1, 2, 0, 2, 1, 1, 1, 0),  # Sunny
    (0, 0, 1, 1, 1, 1, 1, 0),  # Shaded
    (2, 1, 2, 0, 1, 1, 1, 0),  # Dark
)
# Dice in the bag per colour, by player count (1 = solo, played on the 2-player layout).
DICE_PER_COLOUR = {
    1: (4, 4, 4, 4, 6),
    2: (4, 4, 4, 4, 6),  # one each of yellow, brown, white and black returned to the box
    3: (5, 5, 5, 5, 4),  # two gray dice returned to the box
    4: (5, 5, 5, 5, 6),
}
DICE_PER_SECTION_AT_SETUP = 3
TOS_DIE_FACES = (2, 3, 3, 4, 4, 5)  # red, blue and green dice (Time of Seth)
# The dice table, per colour (index of DIE_COLOURS). Faces (a roll is uniform over the faces; the
# value range is min(faces)..max(faces): Time of Seth's dice "cannot be changed into a 1 or a 6");
# the Resource a die of that colour produces (-1: it cannot Produce); whether an Anubis action
# may take it (the green die may never be); the purity rule is PURITY[light][colour].
DIE_FACES = ((1, 2, 3, 4, 5, 6),) * 5 + (TOS_DIE_FACES,) * 3
DIE_PRODUCES = (0, 1, 2, 3, -1, -1, -1, -1)
DIE_ANUBIS = (True, True, True, True, True, True, True, False)
DIE_VALUES = (1, 2, 3, 4, 5, 6)  # every value a die action can have ("as if any die value")
BAG_COLOURS = 5  # colours in the base game's bag (DICE_PER_COLOUR)

# --------------------------------------------------------------------------- wheel
# Light of the section k steps clockwise from the wheel's arrow.
LIGHT_PATTERN = (0, 0, 1, 2, 2, 1)
# Scorings happen at the 2nd and 4th Maat phase (markers at arrow+4 and arrow+8).
SCORING_MAAT_PHASES = (2, 4)
ROUNDS = 16
ROUNDS_PER_ROTATION = 2  # the wheel turns after every second round ...
ROUNDS_PER_MAAT = 4      # ... and a Maat phase follows every second rotation
MAAT_PHASES = 4          # the game ends after the 4th Maat phase (with its Scoring)

# --------------------------------------------------------------------------- temple
# Reward kinds: 0-3 resources, 4 Gold, 5 Faith, 6 Scribe.
REWARD_KINDS = ("Papyrus", "Bread", "Limestone", "Granite", "Gold", "Faith", "Scribe")
R_P, R_B, R_L, R_G, R_AU, R_F, R_S = range(7)
# (kind, amount) per Temple space, row by row.
TEMPLE_REWARDS = (
    (R_F, 1), (R_L, 1), (R_G, 2), (R_L, 1), (R_F, 1),
    (R_P, 1), (R_B, 2), (R_S, 1), (R_P, 2), (R_B, 1),
    (R_L, 2), (R_AU, 1), (R_F, 3), (R_AU, 1), (R_G, 2),
    (R_B, 1), (R_P, 2), (R_S, 1), (R_B, 2), (R_P, 1),
    (R_F, 1), (R_G, 1), (R_L, 2), (R_G, 1), (R_F, 1),
)
# Building spaces around the Temple: (name, axis 0=row 1=column, line 1-5, Bread cost, min players).
BUILDING_SPACES = (
    ("W1", 0, 1, 2, 1), ("W2", 0, 2, 3, 1), ("W3", 0, 3, 4, 1), ("W4", 0, 4, 3, 1), ("W5", 0, 5, 2, 1),
    ("S1", 1, 1, 2, 1), ("S2", 1, 2, 3, 1), ("S3", 1, 3, 4, 1), ("S4", 1, 4, 3, 1), ("S5", 1, 5, 2, 1),
    ("E1", 0, 1, 3, 3), ("E5", 0, 5, 3, 3), ("N1", 1, 1, 3, 3), ("N5", 1, 5, 3, 3),
    ("E2", 0, 2, 4, 4), ("E4", 0, 4, 4, 4), ("N2", 1, 2, 4, 4), ("N4", 1, 4, 4, 4),
)
# Statue-for-the-people spaces: 0 Temple right of row 3, 1 Temple above column 3,
# 2 workshops (Papyrus + Bread districts), 3 quarries (Limestone + Granite districts).
PEOPLE_SPACES = ("T-row3", "T-col3", "workshops", "quarries")
TEMPLE_STATUE_LINES = ((0, 3), (1, 3))  # (axis, line) of the two Temple Statue spaces
# Border segment colours: top/bottom left to right, left/right top to bottom.
BORDER_EDGES = {"top": (0, 1, 2, 1, 0), "bottom": (0, 1, 2, 1, 0),
                "left": (2, 0, 1, 0, 2), "right": (2, 0, 1, 0, 2)}

# --------------------------------------------------------------------------- pillars
N_PILLARS = 27


def _pillar_edges(k: int) -> tuple[int, int, int, int]:
    n, e, s = (k - 1) // 9, ((k - 1) // 3) % 3, (k - 1) % 3
    return (n, e, s, (n + e + s) % 3)


PILLAR_EDGES = tuple(_pillar_edges(k) for k in range(1, N_PILLARS + 1))  # N, E, S, W
_COST_CYCLE = ((2, 0), (0, 2), (1, 1), (2, 1), (1, 2), (3, 0), (0, 3), (1, 1), (2, 1))
PILLAR_COSTS = tuple(_COST_CYCLE[(k - 1) % 9] for k in range(1, N_PILLARS + 1))  # (Limestone, Granite)
# Light symbol of P01..P27 (-1: no ability, P22-P27).
PILLAR_LIGHT = (0, 2, 1, 0, 2, 1, 0, 1, 2, 2, 0, 1, 0, 2, 1, 1, 0, 2, 0, 1, 2, -1, -1, -1, -1, -1, -1)
RA_SLOT_VP = (3, 2, 1)  # left, middle, right
RA_SLOT_FOR_VALUE = (2, 2, 1, 1, 0, 0)  # die 1-2 right, 3-4 middle, 5-6 left

# --------------------------------------------------------------------------- Horus
# Bonus per Horus slot 1..6: a list of alternatives, each a tuple of (kind, amount);
# kinds as REWARD_KINDS plus 7 Population, 8 VP.
K_POP, K_VP, K_HAP = 7, 8, 9  # (9 Happiness: card rewards)
HORUS_SLOT_BONUS = (
    (((K_POP, 2),), ((R_F, 3),)),  # 2 Population / 3 Faith
    (((R_P, 1),), ((R_B, 1),)),  # 1 Papyrus / 1 Bread
    (((R_L, 1),), ((R_G, 1),)),  # 1 Limestone / 1 Granite
    (((R_AU, 1),),),
    (((R_S, 1),),),
    (((K_VP, 2),),),
)
PREPRINTED_HORUS = (0, 1, 2, 3, 4, 5)  # slot k shows god k (first-game layout)

# --------------------------------------------------------------------------- Osiris
# Per row 1..6: (production on the district, production on the pair, gain of the district,
# gain Gold, production on any track (choice), first-builder Gold).
OSIRIS_ROWS = (
    (1, 0, 1, 0, 0, False),
    (1, 0, 1, 0, 0, True),
    (1, 1, 1, 0, 0, False),
    (1, 1, 1, 1, 0, False),
    (2, 0, 2, 0, 0, False),
    (2, 0, 2, 0, 1, False),
)
PRODUCTION_MAX = 6
PRODUCTION_START = 2
PRODUCTION_MAX_VP = 2    # Scoring: per production track at its top
DISTRICT_MAJORITY_VP = 3  # Scoring: per Osiris district with the most of your pieces

# --------------------------------------------------------------------------- player board
STATUE_COSTS = (4, 3, 2, 2, 3, 4)  # Granite, left to right
STATUE_VP = (0, 1, 3, 6, 10, 15, 21)  # by number built
HAPPINESS_THRESHOLDS = ((9, 3), (13, 6), (16, 9), (19, 12), (21, 15))  # (Happiness, VP at Scoring)
BUILDING_ROW = ((0, 0), (1, 0), (0, 2), (1, 0), (0, 3), (1, 0), (0, 4), (2, 0), (0, 5), (2, 0))  # (Bread, VP)
N_BUILDINGS, N_PILLARS_PER_PLAYER, N_STATUES = 10, 8, 6
POPULACE_MAX = 21
START = {"vp": 10, "happiness": 2, "population": 5, "gold": 1, "scribes": 1}
HAPPINESS_REWARDS = (16, 19, 21)  # 1 Gold, 1 Scribe, an extra action with any die value
HAPPINESS_REWARD_KINDS = ("gold", "scribe", "extra_action")  # what HAPPINESS_REWARDS[i] gives
SCRIBE_STEP = 2          # a Scribe changes a die's value by up to this much
SUPPLY = {"resource": 28, "gold": 25, "scribes": 21, "faith": 16}
# No text limits the VP track, and the engine does not cap a stock at the component supply
# (SUPPLY; the texts do not say what happens when a supply runs out, and heuristic play
# reaches 28 of one Resource). A loaded state is refused above these bounds, far above any
# game (the most seen in random and searched games: about 150 VP, 28 of a Resource).
VP_LIMIT = 999
STOCK_LIMIT = 999

# --------------------------------------------------------------------------- Maat
# (lowest balance of the band, VP lost): -3..-5 -> 1, -6..-8 -> 2, -9 or less -> 3.
MAAT_PENALTY = ((-3, 1), (-6, 2), (-9, 3))

# --------------------------------------------------------------------------- cards
CARD_TYPES = ("Blessing", "Technology", "Decree")
# The decks and their card ids (GameState.card_loc is indexed by card id): (letter, name, first id,
# number of cards). Ids 72-84 are Time of Seth's Blessings, Technologies and Decrees (in the box
# without the `seth` option, data/seth.py SETH_DECKS); 85-127 have no card.
CARD_DECKS = (("B", "Blessing", 0, 24), ("T", "Technology", 24, 24), ("D", "Decree", 48, 24),
              ("BX", "Blessing", 72, 4), ("TX", "Technology", 76, 5), ("DX", "Decree", 81, 4))
# Derived from the rows above: the deck (index in CARD_TYPES) of every card id, and each deck's
# ids in ascending order (the order of draws, of the Market and of resampling). A deck may hold
# several id ranges: a second row with the same deck name (e.g. ("BX", "Blessing", 72, 4), Time of
# Seth's BX01-BX04) joins its cards to that deck; every deck loop of the core reads DECK_IDS.
CARD_DECK_OF = {first + k: CARD_TYPES.index(deck) for _, deck, first, count in CARD_DECKS for k in range(count)}
# Cards printed twice (two copies of one card, base rulebook Appendix: Blessings): a seat holding
# both is offered the card once, the lower id first (gen_bless).
IDENTICAL_CARDS = (("B07", "B08"), ("B09", "B10"), ("B11", "B12"), ("B13", "B14"), ("B15", "B16"),
                   ("B17", "B18"), ("B19", "B20"), ("B21", "B22"), ("B23", "B24"))
# Index ranges of the kinds of cards and tiles outside the three decks, each with its own place
# array in the State (start_loc, destiny_owner, pillar_loc; Time of Seth's Cultists, Artifacts and
# Conquest tiles, data/seth.py SETH_DECKS, get theirs with the expansion): kind -> (first, count).
CARD_KINDS = {"Starting": (0, 12), "Destiny": (0, 4), "Pillar": (1, 27),
              "Cultist": (0, 7), "Artifact": (0, 8), "Conquest": (0, 12)}
DECK_IDS = tuple(tuple(sorted(c for c, t in CARD_DECK_OF.items() if t == k)) for k in range(len(CARD_TYPES)))
# Slot types of the four Market sections (0 Blessing, 1 Technology, 2 Decree).
MARKET_SECTIONS = ((0, 0, 1), (0, 0, 1, 1), (0, 1, 1, 2), (0, 1, 2, 2))
MARKET_OPENS_AT_POPULATION = (0, 0, 9, 13)
# Lowest Happiness that opens sections 1..4 (Happiness 0: no card).
THOTH_ACCESS = (1, 5, 9, 13)
THOTH_CARDS_FOR_VALUE = (1, 1, 2, 2, 3, 3)
THOTH_PAPYRUS_FOR_VALUE = (0, 0, 2, 2, 3, 3)
DECREE_SYMBOLS = ("scarab", "eye", "ankh", "lotus")
DECREE_SYMBOL = {
    **{d: 0 for d in ("D04", "D05", "D06", "D07", "D08", "D22")},
    **{d: 1 for d in ("D09", "D10", "D11", "D12", "D21", "D24")},
    **{d: 2 for d in ("D13", "D14", "D15", "D16", "D17", "D18")},
    **{d: 3 for d in ("D01", "D02", "D03", "D19", "D20", "D23")},
}
# The trigger layer's data rows: "on EVENT gain REWARDS" effects. A row is (card, event, subject or
# -1 for any, die value or 0 for any, whether the action must use the turn's die, once-per-turn,
# rewards as (reward kind, amount): REWARD_KINDS plus K_POP, K_VP, K_HAP). The subject is what the
# event is about: the god (GODS index) of a god_action, the Resource (0-3) of a produce, the
# purity (0 Pure, 1 Tainted) of a die_taken, the place in the new turn order (0 first, 1 last) of
# a maat_order; the other events have none (-1). Rows of a held-card
# event (HELD_EVENTS) are active while their seat holds the card (Botankhamun has none); rows of a
# source event (SOURCE_EVENTS) name the tile or card the event is about (a Pillar tile built with
# its ability, a Starting card revealed, the Destiny card chosen) and give its rewards to the
# seat that gets them. They fire in this order, through the core's fire() / fire_source(); "once
# per turn" is the gate Time of Seth's cards need (a per-seat, per-turn used mask), unused by the
# base game.
HELD_EVENTS = ("god_action", "produce", "horus_bonus", "die_taken", "blessing_discarded", "maat_faith",
               "maat_order",
               # Time of Seth (data.SETH_EVENTS; fired only with the option): a Seth God Action
               # performed (subject -1, value the die's), a Building placed on the Seth board
               # (subject the region, 0-5)
               "seth_action", "seth_building_placed")
# source event -> (letter of its rows' names, the number the core stores for name 1: P01 is Pillar
# tile 1, S01 Starting card 0, A01 Destiny card 0)
SOURCE_EVENTS = {"pillar": ("P", 1), "starting_card": ("S", 0), "destiny": ("A", 0)}
EVENTS = HELD_EVENTS + tuple(SOURCE_EVENTS)
TRIGGERS = (
    # Technologies (base-rulebook Appendix: Technology Cards)
    ("T11", "god_action", -1, 1, True, False, ((K_VP, 2),)),   # "any action using a die of value 1"
    ("T04", "god_action", 0, 0, False, False, ((K_VP, 2), (R_G, 1))),
    ("T02", "god_action", 1, 0, False, False, ((K_VP, 2),)),
    ("T21", "god_action", 2, 0, False, False, ((R_B, 1),)),
    ("T06", "god_action", 3, 0, False, False, ((K_VP, 2), (K_POP, 1), (K_HAP, 1))),
    ("T03", "god_action", 4, 0, False, False, ((K_VP, 2),)),
    ("T20", "god_action", 4, 0, False, False, ((R_P, 1),)),
    ("T01", "god_action", 5, 0, False, False, ((K_VP, 2),)),
    ("T17", "produce", R_B, 0, False, False, ((K_VP, 2),)),     # "Whenever you Produce Bread"
    ("T11", "produce", -1, 1, True, False, ((K_VP, 2),)),       # a Produce action is an action too
    ("T07", "horus_bonus", -1, 0, False, False, ((R_G, 1),)),
    ("T18", "die_taken", 0, 0, False, False, ((K_VP, 1),)),     # "Whenever you take a Pure die"
    ("T24", "blessing_discarded", -1, 0, False, False, ((R_AU, 1),)),
    ("T15", "maat_faith", -1, 0, False, False, ((R_F, 2),)),   # its Ankh 5 is T15_ANKH
    ("T16", "maat_order", 0, 0, False, False, ((K_VP, 2),)),   # "first in Turn Order"
    ("T16", "maat_order", 1, 0, False, False, ((R_AU, 1),)),   # "last in Turn Order"
    # Pillar abilities (base-rulebook Appendix: Pillar Tiles), the "gain" ones
    ("P01", "pillar", -1, 0, False, False, ((K_POP, 3),)),
    ("P02", "pillar", -1, 0, False, False, ((R_S, 1),)),
    ("P03", "pillar", -1, 0, False, False, ((K_HAP, 2),)),
    ("P07", "pillar", -1, 0, False, False, ((K_VP, 1),)),
    ("P08", "pillar", -1, 0, False, False, ((K_VP, 1),)),
    ("P09", "pillar", -1, 0, False, False, ((K_VP, 1),)),
    ("P16", "pillar", -1, 0, False, False, ((R_AU, 2),)),
    ("P17", "pillar", -1, 0, False, False, ((R_AU, 2),)),
    ("P18", "pillar", -1, 0, False, False, ((R_AU, 2),)),
    # Starting cards (base-rulebook Appendix: Starting Cards), the "gain" ones
    ("S07", "starting_card", -1, 0, False, False, ((R_S, 2), (R_AU, 1))),
    ("S08", "starting_card", -1, 0, False, False, ((R_P, 1), (R_B, 1), (R_L, 1), (R_G, 1))),
    ("S11", "starting_card", -1, 0, False, False, ((K_POP, 3), (K_HAP, 2))),
    ("S12", "starting_card", -1, 0, False, False, ((R_AU, 2),)),
    # Destiny cards (base-rulebook Appendix: Destiny Cards), the "gain" ones
    ("A01", "destiny", -1, 0, False, False, ((R_S, 1),)),
    ("A02", "destiny", -1, 0, False, False, ((R_AU, 1),)),
    ("A04", "destiny", -1, 0, False, False, ((R_F, 1),)),
)
REMOVED_CARDS = ("D03",)  # errata (game-help Implementation notes)
REMOVED_AT_TWO_PLAYERS = ("T16", "D20")  # also solo
D07_MAX_VP = 21  # errata
D08_MAX_VP = 20
STARTING_INITIATIVE = tuple(range(1, 13))  # S01..S12
DESTINY_ANKH = (0, 1, 2, 3)  # A01..A04
T15_ANKH = 5

# --------------------------------------------------------------------------- player counts
# refill_dice: dice drawn into each of the two refilled sections at a Rotation.
PLAYER_COUNT = {
    # statue spaces per god, Temple building spaces, starting cards revealed,
    # Horus bonus on own action, Horus bonus when built, turn-order VP at the end
    1: {"statues_per_god": 1, "building_spaces": 10, "starting_cards": 3, "bonus_own": True,
        "bonus_on_build": False, "turn_order_vp": (3,), "refill_dice": 2},
    2: {"statues_per_god": 1, "building_spaces": 10, "starting_cards": 5, "bonus_own": True,
        "bonus_on_build": False, "turn_order_vp": (3,), "refill_dice": 2},
    3: {"statues_per_god": 2, "building_spaces": 14, "starting_cards": 7, "bonus_own": False,
        "bonus_on_build": True, "turn_order_vp": (3, 2), "refill_dice": 3},
    4: {"statues_per_god": 3, "building_spaces": 18, "starting_cards": 9, "bonus_own": False,
        "bonus_on_build": False, "turn_order_vp": (3, 2), "refill_dice": 4},
}
