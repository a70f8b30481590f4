"""Solo mode: the tables of the automaton Botankhamun (base-rulebook, Solo Mode)."""
from __future__ import annotations

# --------------------------------------------------------------------------- Botankhamun
BOT_START = {"vp": 10, "happiness": 4, "population": 7, "gold": 0, "scribes": 0, "production": 0}
BOT_ANKH = 4
BOT_N_BUILDINGS = 10   # Buildings Botankhamun owns (a table option may give it more)
BOT_MAAT_BALANCE = (3, 2, 1, 1)
# Bonus Botankhamun takes from its own Statues, by Horus slot 1..6: (Scribes, VP).
BOT_HORUS_CHART = ((1, 0), (1, 0), (0, 1), (0, 1), (1, 1), (1, 1))
# The six god tiles then the four resource tiles; a resource tile lists die colours in order.
BOT_GOD_TILES = (0, 1, 2, 3, 4, 5)
BOT_RESOURCE_TILES = ((3, 2, 1, 0), (0, 1, 2, 3), (2, 3, 0, 1), (1, 0, 3, 2))  # G L B P / P B L G / L G P B / B P G L
BOT_PYRAMID_ROWS = (4, 3, 2, 1)
BOT_DIFFICULTIES = ("easy", "medium", "hard")

# --------------------------------------------------------------------------- Botankhamun with Time of Seth
# time-of-seth-manual "Botankhamun changes" and solo player aid; game-help "Solo with Time of Seth" wins.
# Pyramid: one random god tile and one random resource tile go back to the box; the two new tiles join
# them, 10 in all, the same 10 reshuffled after each Maat phase but the last.
BOT_SETH_TILES = ("seth", "priests_soldiers")
BOT_SETH_PYRAMID_REMOVED = {"god": 1, "resource": 1}
# Seth tile: VP instead of the region's reward; more with a Statue for the people under the column;
# the fallback VP with no Building left (or no region to build in); the region step when its region
# is unavailable (+1, 6 wraps to 1).
BOT_SETH_VP = 2
BOT_SETH_STATUE_VP = 3
BOT_SETH_NO_BUILD_VP = 3
BOT_SETH_REGION_STEP = 1
BOT_SETH_FALLBACK_GOD = 0   # no die on the Seth board: a Horus action (then counter-clockwise)
# Priests and Soldiers tile: the die colours it looks for (red, blue), else the highest Pure die.
BOT_PS_COLOURS = (5, 6)
# Die ranking: red and blue rank this much above their face (still Tainted); green wins a tie among
# Pure dice of one value.  Key: (face + bonus, Pure first, red/blue first, green first), then random.
BOT_DIE_RANK_BONUS = {5: 1, 6: 1}
BOT_GREEN_COLOUR = 7
# Horus: a Statue for the people on the Seth board first if it gives at least this many Thoth actions.
BOT_SETH_PEOPLE_MIN_THOTH = 2
BOT_SETH_STATUE_BONUS = {"vp": 1}    # its Statue to Seth, on either player's Seth action (game help)
BOT_RA_CONQUEST_VP = 2               # a Pillar on a Conquest tile (counted when choosing the space)
# From the player's Cultist Power it gains only Cult02's reward for the others.
BOT_CULTIST_GAINS = {"Cult02": {"population": 1}}
# Difficulty: Buildings placed at setup in random Seth regions (no reward; never two in one region),
# on top of the base adjustments of BOT_DIFFICULTIES.
BOT_SETH_DIFFICULTY_BUILDINGS = {"easy": 0, "medium": 1, "hard": 2}
BOT_N_BUILDINGS_OPTIONS = (10, 20)   # standard, the second set of Buildings
# The player's draw of Starting cards and Cultist Powers (keep 2 and 1): option name -> (Starting, Cultist).
SOLO_SETH_DRAWS = {"3+1": (3, 1), "2+2": (2, 2), "3+2": (3, 2)}
SOLO_SETH_DRAW_DEFAULT = "3+1"
SOLO_SETH_KEEP = (2, 1)
# Artifacts selected at setup: option -> count.
SOLO_ARTIFACTS = {"standard": 3, "harder": 2, "easier": 4}
SOLO_ARTIFACTS_DEFAULT = "standard"

SOLO_SETH_PROVENANCE: dict[str, str] = {
    "BOT_SETH_TILES": "printed (manual Botankhamun Changes, Additional Setup: the Seth and Priests and Soldiers Action tiles)",
    "BOT_SETH_PYRAMID_REMOVED": "printed (manual Additional Setup: 'remove one of them' of the 6 God tiles and of the 4 Resource tiles)",
    "BOT_SETH_VP": "printed (manual Seth Action Tile: 'immediately scores 2 Victory Points (in place of the benefits ...)')",
    "BOT_SETH_STATUE_VP": "printed (manual Seth Action Tile: 'an additional 3 Victory Points (for a total of 5 ...)')",
    "BOT_SETH_NO_BUILD_VP": "printed (manual: 'no Buildings left, it scores 3 VP'; player aid: 'If it cannot build, it scores 3 VP instead')",
    "BOT_SETH_REGION_STEP": "printed (manual: 'the region of value one higher, looping around from 6 to 1')",
    "BOT_SETH_FALLBACK_GOD": "printed (manual: 'If there are no dice available on the Seth board, Botankhamun takes a Horus God action instead')",
    "BOT_PS_COLOURS": "printed (manual Priests and Soldiers Tile: 'the highest-value red or blue die')",
    "BOT_DIE_RANK_BONUS": "printed (manual Evaluating Dice: 'red and blue dice are considered one value higher'; game-help)",
    "BOT_GREEN_COLOUR": "printed (manual Evaluating Dice: 'green dice are considered better than every other Pure die of the same value')",
    "BOT_SETH_PEOPLE_MIN_THOTH": "printed (manual Horus Changes: 'that would give it 2 or 3 Thoth God Actions')",
    "BOT_SETH_STATUE_BONUS": "printed (game-help 'Its Statue to Seth pays it 1 VP'; wins over the manual's '1 VP, 1 Scribe, or 1 VP and 1 Scribe')",
    "BOT_RA_CONQUEST_VP": "printed (manual Ra Changes: 'it scores 2 additional Victory Points')",
    "BOT_CULTIST_GAINS": "printed (game-help: 'From your Cultist Power it gains only Cult02's 1 Population')",
    "BOT_SETH_DIFFICULTY_BUILDINGS": "printed (manual Adjusting the Difficulty Level; game-help Difficulty)",
    "BOT_N_BUILDINGS_OPTIONS": "printed (manual: 'up to 20 Buildings to construct'; game-help '10 (standard) or 20')",
    "SOLO_SETH_DRAWS": "printed (manual Solo Mode Setup; game-help 'Draw 3 and 1 (standard), 2 and 2, or 3 and 2 (easier)')",
    "SOLO_SETH_KEEP": "printed (manual: 'choose 2 Starting cards and 1 Cultist Power for yourself')",
    "SOLO_ARTIFACTS": "printed (manual: 'Randomly select 3 Artifacts ... one fewer or one more'; game-help '3 (standard), 2 (harder) or 4 (easier)')",
}
