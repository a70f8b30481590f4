"""Every component of Tekhenu in one place: dice, wheel, boards, tiles and cards.

This is the **data** layer: plain Python tables, no logic. The compiled rules core
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
DIE_FACES = (1, 2, 3, 4, 5, 6)  # the five base colours: six-sided dice (Components: 26 Dice)

# --------------------------------------------------------------------------- wheel
# Light of the section k steps clockwise from the wheel's arrow.
LIGHT_PATTERN = (0, 0, 1, 2, 2, 1)
# Scorings happen at the 2nd and 4th Maat phase (markers at arrow+4 and arrow+8).
SCORING_MAAT_PHASES = (2, 4)
ROUNDS = 16
MAAT_PHASES = 4  # a Maat phase after every 4th round; the 4th ends the game (Structure of Play)

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
K_POP, K_VP = 7, 8
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

# --------------------------------------------------------------------------- player board
STATUE_COSTS = (4, 3, 2, 2, 3, 4)  # Granite, left to right
STATUE_VP = (0, 1, 3, 6, 10, 15, 21)  # by number built
HAPPINESS_THRESHOLDS = ((9, 3), (13, 6), (16, 9), (19, 12), (21, 15))
BUILDING_ROW = ((0, 0), (1, 0), (0, 2), (1, 0), (0, 3), (1, 0), (0, 4), (2, 0), (0, 5), (2, 0))  # (Bread, VP)
N_BUILDINGS, N_PILLARS_PER_PLAYER, N_STATUES = 10, 8, 6
POPULACE_MAX = 21
START = {"vp": 10, "happiness": 2, "population": 5, "gold": 1, "scribes": 1}
HAPPINESS_REWARDS = (16, 19, 21)  # 1 Gold, 1 Scribe, an extra action with any die value
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
REMOVED_CARDS = ("D03",)  # errata (game-help Implementation notes)
REMOVED_AT_TWO_PLAYERS = ("T16", "D20")  # also solo
D07_MAX_VP = 21  # errata
D08_MAX_VP = 20
STARTING_INITIATIVE = tuple(range(1, 13))  # S01..S12
DESTINY_ANKH = (0, 1, 2, 3)  # A01..A04
T15_ANKH = 5

# --------------------------------------------------------------------------- player counts
PLAYER_COUNT = {
    # statue spaces per god, Temple building spaces, starting cards revealed,
    # Horus bonus on own action, Horus bonus when built, turn-order VP at the end
    1: {"statues_per_god": 1, "building_spaces": 10, "starting_cards": 3, "bonus_own": True,
        "bonus_on_build": False, "turn_order_vp": (3,)},
    2: {"statues_per_god": 1, "building_spaces": 10, "starting_cards": 5, "bonus_own": True,
        "bonus_on_build": False, "turn_order_vp": (3,)},
    3: {"statues_per_god": 2, "building_spaces": 14, "starting_cards": 7, "bonus_own": False,
        "bonus_on_build": True, "turn_order_vp": (3, 2)},
    4: {"statues_per_god": 3, "building_spaces": 18, "starting_cards": 9, "bonus_own": False,
        "bonus_on_build": False, "turn_order_vp": (3, 2)},
}

# --------------------------------------------------------------------------- Botankhamun
BOT_START = {"vp": 10, "happiness": 4, "population": 7}
BOT_ANKH = 4
BOT_MAAT_BALANCE = (3, 2, 1, 1)
# Bonus Botankhamun takes from its own Statues, by Horus slot 1..6: (Scribes, VP).
BOT_HORUS_CHART = ((1, 0), (1, 0), (0, 1), (0, 1), (1, 1), (1, 1))
# The six god tiles then the four resource tiles; a resource tile lists die colours in order.
BOT_GOD_TILES = (0, 1, 2, 3, 4, 5)
BOT_RESOURCE_TILES = ((3, 2, 1, 0), (0, 1, 2, 3), (2, 3, 0, 1), (1, 0, 3, 2))  # G L B P / P B L G / L G P B / B P G L
BOT_PYRAMID_ROWS = (4, 3, 2, 1)
BOT_DIFFICULTIES = ("easy", "medium", "hard")

CARD_TEXT: dict[str, str] = {
    'P01': 'Gain 3 Population.',
    'P02': 'Gain 1 Scribe.',
    'P03': 'Gain 2 Happiness.',
    'P04': 'Score one additional Victory Point for every edge (on the Pillar tile) that matches the edge color of an adjacent Pillar tile or the outer edge of the Temple Complex itself.',
    'P05': 'Score one additional Victory Point for every edge (on the Pillar tile) that matches the edge color of an adjacent Pillar tile or the outer edge of the Temple Complex itself.',
    'P06': 'Score one additional Victory Point per Building (not Statue), belonging to any player, in the same row and column.',
    'P07': 'Score 1 Victory Point.',
    'P08': 'Score 1 Victory Point.',
    'P09': 'Score 1 Victory Point.',
    'P10': 'Perform a Thoth God Action to draw one card as if you had taken a die with value 1.',
    'P11': 'Perform a Thoth God Action to draw one card as if you had taken a die with value 1.',
    'P12': 'Perform a Horus God Action to build one Statue as if you had taken a die with value 1, 2, or 3. (You must still pay the cost of the action as normal.)',
    'P13': 'Draw and keep 1 Decree card from the top of the deck.',
    'P14': 'Draw and keep 1 Decree card from the top of the deck.',
    'P15': 'Perform an Osiris God Action to construct one Building as if you had taken a die with value 3. (You must still lose 1 Happiness as normal.)',
    'P16': 'Gain 2 Gold.',
    'P17': 'Gain 2 Gold.',
    'P18': 'Gain 2 Gold.',
    'P19': 'Receive double the reward shown on the space covered by the Pillar tile (Resources and Faith only).',
    'P20': 'Receive double the reward shown on the space covered by the Pillar tile (Resources and Faith only).',
    'P21': 'Receive double the reward shown on the space covered by the Pillar tile (Resources and Faith only).',
    'P22': 'No effect.',
    'P23': 'No effect.',
    'P24': 'No effect.',
    'P25': 'No effect.',
    'P26': 'No effect.',
    'P27': 'No effect.',
    'S01': 'Initiative Value: 1. Perform an Osiris God Action to construct one Building as if you had taken a die with value 5. You do not suffer any loss of Happiness.',
    'S02': 'Initiative Value: 2. Perform an Osiris God Action to construct one Building (Limestone or Granite quarry only) as if you had taken a die with value 3. You do not suffer any loss of Happiness.',
    'S03': 'Initiative Value: 3. Perform an Osiris God Action to construct one Building (Papyrus or Bread workshop only) as if you had taken a die with value 3. You do not suffer any loss of Happiness.',
    'S04': 'Initiative Value: 4. Gain any 5 Resources (excluding Gold).',
    'S05': 'Initiative Value: 5. Draw 2 Technology cards from the top of the deck. Select one to keep, and shuffle the other card back into the deck.',
    'S06': 'Initiative Value: 6. Draw 2 Blessing cards from the top of the deck. Select one to keep, and shuffle the other card back into the deck.',
    'S07': 'Initiative Value: 7. Gain 2 Scribes and 1 Gold.',
    'S08': 'Initiative Value: 8. Gain 1 Papyrus, 1 Bread, 1 Limestone, and 1 Granite.',
    'S09': 'Initiative Value: 9. Gain a total of 3 Limestone and Granite, in any combination.',
    'S10': 'Initiative Value: 10. Gain a total of 3 Bread and Papyrus, in any combination.',
    'S11': 'Initiative Value: 11. Gain 3 Population and 2 Happiness.',
    'S12': 'Initiative Value: 12. Gain 2 Gold.',
    'A01': 'Ankh Value: 0. Gain 1 Scribe.',
    'A02': 'Ankh Value: 1. Gain 1 Gold.',
    'A03': 'Ankh Value: 2. Gain 1 Population or 1 Happiness.',
    'A04': 'Ankh Value: 3. Gain 1 Faith.',
    'B01': 'Play when performing a Produce Resources action: Gain 4 Limestone.',
    'B02': 'Play when performing a Produce Resources action: Gain 4 Granite.',
    'B03': 'Play when performing a Produce Resources action: Gain 4 Bread.',
    'B04': 'Play when performing a Produce Resources action: Gain 4 Papyrus.',
    'B05': 'Play when performing a Produce Resources action: Gain 3 Gold.',
    'B06': 'Play when performing a Produce Resources action: Gain 2 Scribes.',
    'B07': 'Play at any time during your turn: Gain 3 Population or 3 Happiness.',
    'B08': 'Play at any time during your turn: Gain 3 Population or 3 Happiness.',
    'B09': 'Play when taking a die: Rotate the die to any value of your choice.',
    'B10': 'Play when taking a die: Rotate the die to any value of your choice.',
    'B11': 'Play when taking a die: Treat the die as if it were of a different color. (This would allow you to treat a Forbidden die as if it were Pure or Tainted, or cause a different Resource to be produced, to give just a few examples.) Additionally, you may adjust the value of the die up or down by 1.',
    'B12': 'Play when taking a die: Treat the die as if it were of a different color. (This would allow you to treat a Forbidden die as if it were Pure or Tainted, or cause a different Resource to be produced, to give just a few examples.) Additionally, you may adjust the value of the die up or down by 1.',
    'B13': 'Play when performing a Ra or Horus God Action: You do not have to pay any Limestone or Granite costs associated with this action.',
    'B14': 'Play when performing a Ra or Horus God Action: You do not have to pay any Limestone or Granite costs associated with this action.',
    'B15': 'Play when performing a Bastet or Hathor God Action: You do not have to pay any Papyrus or Bread costs associated with this action.',
    'B16': 'Play when performing a Bastet or Hathor God Action: You do not have to pay any Papyrus or Bread costs associated with this action.',
    'B17': 'Play when taking a die: As an extra action, spend 1 Scribe to perform the God Action associated with a section adjacent to the section from which you took the die. (The adjacent action uses the same die and value as the normal action and does not affect the balance of your scales. You can perform the normal action and the extra action in any order. Your normal action can be either a God Action or an action to Produce Resources. The extra action, however, must be a God Action.)',
    'B18': 'Play when taking a die: As an extra action, spend 1 Scribe to perform the God Action associated with a section adjacent to the section from which you took the die. (The adjacent action uses the same die and value as the normal action and does not affect the balance of your scales. You can perform the normal action and the extra action in any order. Your normal action can be either a God Action or an action to Produce Resources. The extra action, however, must be a God Action.)',
    'B19': 'Play when taking a die: As an extra action, decrease your Happiness and Population by 1 to take the God Action associated with the section opposite from the section from which you took the die. The opposite sections are: Horus and Bastet; Ra and Thoth; Hathor and Osiris. (The opposite action uses the same die and value and does not affect the balance of your scales. Normal and extra actions may be taken in any order; the extra action must be a God Action.)',
    'B20': 'Play when taking a die: As an extra action, decrease your Happiness and Population by 1 to take the God Action associated with the section opposite from the section from which you took the die. The opposite sections are: Horus and Bastet; Ra and Thoth; Hathor and Osiris. (The opposite action uses the same die and value and does not affect the balance of your scales. Normal and extra actions may be taken in any order; the extra action must be a God Action.)',
    'B21': 'Play when performing a Produce Resources action: Take the Produce Resources action twice, each time gaining both the Resources and, if applicable, any excess as Taint.',
    'B22': 'Play when performing a Produce Resources action: Take the Produce Resources action twice, each time gaining both the Resources and, if applicable, any excess as Taint.',
    'B23': 'Play at the start of your turn: Instead of spending 2 Scribes, play this card to perform an Anubis Action as if you had spent two Scribes. (You still need to take a die, and this does not count as an extra action.)',
    'B24': 'Play at the start of your turn: Instead of spending 2 Scribes, play this card to perform an Anubis Action as if you had spent two Scribes. (You still need to take a die, and this does not count as an extra action.)',
    'T01': 'Whenever you perform an Osiris God Action: Score 2 Victory Points.',
    'T02': 'Whenever you perform a Ra God Action: Score 2 Victory Points.',
    'T03': 'Whenever you perform a Thoth God Action: Score 2 Victory Points.',
    'T04': 'Whenever you perform a Horus God Action: Score 2 Victory Points and gain 1 Granite. (You may gain the Granite before performing the action.)',
    'T05': 'Whenever you perform a Hathor God Action: Score 2 additional Victory Points (for a total of 5) for spaces that contain your own Pillars.',
    'T06': 'Whenever you perform a Bastet God Action: Score 2 Victory Points and gain 1 Population and 1 Happiness.',
    'T07': 'Whenever you receive a Horus Bonus from a Statue built in honor of a god: Gain 1 Granite.',
    'T08': 'Whenever you take a die: You may treat Forbidden dice as if they were Pure or Tainted.',
    'T09': 'Whenever you raise a Pillar onto a Pillar tile that has an ability: You always activate the ability, regardless of the position of the Obelisk Wheel.',
    'T10': 'You may use Gold in place of Scribes, and vice versa. If you do this at least once during your turn, score 1 Victory Point.',
    'T11': 'Whenever you perform any action using a die of value 1: Score 2 Victory Points.',
    'T12': 'Whenever you perform a Produce Resources action: Score 1 Victory Point for every excess Resource produced.',
    'T13': 'Whenever you perform a Produce Resources action: You may adjust the value of the die up or down by 1 or 2. Additionally, receive 1 Resource of the same type as the one being produced. (This extra Resource is not subject to excess production penalties.)',
    'T14': 'Whenever you perform a God Action: You may adjust the value of the die up or down by 1 or 2.',
    'T15': 'During each Maat phase: Gain 2 additional Faith. You have a permanent Ankh value of 5.',
    'T16': 'After each Maat phase: If your Maat marker is first in Turn Order, score 2 Victory Points. If your Maat marker is last in Turn Order, gain 1 Gold. Special: Use only in games with 3 or more players.',
    'T17': 'Whenever you perform a Produce Resources action to produce Bread: Score 2 Victory Points. During Scoring: You no longer have to pay any Bread.',
    'T18': 'Whenever you take a Pure die: Score 1 Victory Point.',
    'T19': 'Whenever you take a Tainted die to perform a God Action: You may spend 1 Scribe to also Produce Resources, corresponding to the color and value of the die, before performing your normal action.',
    'T20': 'Whenever you perform a Thoth God Action: Gain 1 Papyrus. (You may gain the Papyrus before performing the action.)',
    'T21': 'Whenever you perform a Hathor God Action: Gain 1 Bread. (You may gain the Bread before performing the action.)',
    'T22': 'You may use Limestone in place of Granite, and vice versa. If you do this at least once during your turn, score 1 Victory Point.',
    'T23': 'Whenever you perform an Anubis Action: Score 3 Victory Points.',
    'T24': 'Whenever you play a Blessing: Gain 1 Gold.',
    'D01': 'Score 3 Victory Points per Technology card you have in play.',
    'D02': 'Score 4 Victory Points per unique Decree symbol you have, including this one.',
    'D03': 'Pay 2 Gold to score one of your other Decrees a second time.',
    'D04': 'Score 4 Victory Points per Happiness threshold your Population marker has reached. (Not cumulative; count only the highest reached.) Special: You must pay 1 Resource for each threshold you wish to score this way. If you cannot or choose not to pay, you may not score points for that threshold. If you also have Decree D08, score D04 first!',
    'D05': 'Score 4 Victory Points per Happiness threshold your Happiness marker has reached. (Not cumulative; count only the highest reached.)',
    'D06': 'Score a number of Victory Points equal to the difference between the position of your Happiness marker and the Happiness marker that is positioned the lowest on the Populace track.',
    'D07': 'Score 3 Victory Points per leftover Scribe you have.',
    'D08': 'Score 2 Victory Points per leftover Gold you have. Score 1 Victory Point per leftover Papyrus, Bread, Limestone, and Granite you have. Special: You can score a maximum of 20 Victory Points from this Decree. If you also have Decree D04, score D04 first!',
    'D09': 'Score 3 Victory Points per quarry (Limestone and Granite) you have constructed within the Osiris action area.',
    'D10': 'Score 3 Victory Points per workshop (Papyrus and Bread) you have constructed within the Osiris action area.',
    'D11': 'Score 2 Victory Points per Building you have constructed within the Osiris action area, whether in the role of a workshop (Papyrus and Bread) or a quarry (Limestone and Granite).',
    'D12': 'Score 3 Victory Points per Building you have constructed around the Temple Complex.',
    'D13': 'Score 3 Victory Points per Pillar you have raised within the Temple Complex.',
    'D14': 'Score 2 Victory Points per Statue you have built (whether in honor of a god or for the people). Score 2 Victory Points per Building you have constructed around the Temple Complex.',
    'D15': 'Score 2 Victory Points per Pillar you have raised within the Temple Complex. Score 2 Victory Points per Building you have constructed around the Temple Complex.',
    'D16': 'Score 4 Victory Points per Statue you built in honor of a god.',
    'D17': 'Score 2 Victory Points per Statue you have built (whether in honor of a god or for the people). Score 2 Victory Points per Pillar you have raised within the Temple Complex.',
    'D18': 'Score 3 Victory Points per Statue you have built (whether in honor of a god or for the people).',
    'D19': 'Score 5 Victory Points per Statue you have built for the people.',
    'D20': 'Score 10 Victory Points if your Maat marker is first in Turn Order. Score 5 Victory Points if your Maat marker is second in Turn Order. Special: Use only in games with 3 or more players.',
    'D21': 'Score 1 Victory Point per Building you have constructed (whether in the Osiris Action Area or around the Temple Complex), and thus is no longer on your player board.',
    'D22': 'Score a number of Victory Points equal to ½ the total value of your Pure dice (rounded up).',
    'D23': 'Before final Scoring, perform any one action as if it had any die value and without paying any Resources associated with the action. (This action does not use a die and does not affect the balance of your scales.)',
    'D24': 'Score the Temple Complex one more time (your own Buildings and Pillars only).',
}
