# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled rules core of Tekhenu: state, decision steps, move generation and apply.

The game is a stack machine. ``State.tasks`` holds what is left to do; the task on top
is either automatic (run at once), a *chance* step (dice roll, card or tile draw...) or
a *decision* of one seat. :c:func:`advance` runs automatic tasks and auto-applies every
step with a single legal outcome, so a caller only ever sees real choices.

An action is an ``int32``: ``kind << 24 | payload``. :mod:`tekhenu_engine.notation`
turns actions into readable tokens and back.

Card effects hook in at named points (``hook_*`` functions, filled in by the card
effects); Botankhamun's turn is compiled in ``solo/``. The rules are included files, one per
god (``gods/``), per phase of the game flow (``flow/``), per kind of effect (``effects/``).
"""
from libc.string cimport memcpy, memset
from libc.stdint cimport uint64_t, uint32_t, int32_t

cdef extern from *:
    int __builtin_ctz(unsigned int x) nogil
    int __builtin_popcount(unsigned int x) nogil
from tekhenu_engine cimport _core
from tekhenu_engine import data as _data
from tekhenu_engine import errors as _errors
from collections import namedtuple as _namedtuple

# The enums (die and card locations, step types, action kinds, gain items, VP categories,
# god-action flags, option bits) are declared once in _core.pxd; ENUMS below exports them.

DEF_VERSION = 1

# ----------------------------------------------------------------------------- tables
cdef int PURITY[3][8]
cdef int LIGHT_PATTERN[6]
cdef int LIGHT_AT[6][7]       # [arrow][section]: light of a section (7: Seth board, Shaded)
cdef int PURITY_AT[6][7][8]   # [arrow][section][colour]
cdef int TEMPLE_RK[25]
cdef int TEMPLE_RN[25]
cdef int BS_AXIS[18]
cdef int BS_LINE[18]
cdef int BS_COST[18]
cdef int BS_MINP[18]
cdef int BORDER[4][5]      # N (top), E (right), S (bottom), W (left)
cdef int PEDGE[28][4]
cdef int PCOST[28][2]
cdef int PLIGHT[28]
cdef int STATUE_COST[6]
cdef int STATUE_VP[7]
cdef int BROW_BREAD[11]    # cumulative over buildings built
cdef int BROW_VP[11]
cdef int MARKET_TYPE[15]
cdef int MARKET_SEC[15]
cdef int SEC_FIRST[4]
cdef int SEC_N[4]
cdef int DECREE_SYM[MAX_CARDS]    # Decree symbol of a card id (-1: not a Decree)
cdef int DECK_FIRST[3]        # card table: first id of each deck's first row (BLESS(k), TECH(k), DECREE(k)) ...
cdef int DECK_N[3]            # ... its number of cards (every row of the deck) ...
cdef int DECK_IDS[3][MAX_CARDS]  # ... and its card ids, ascending (data.DECK_IDS): every deck loop reads these
cdef int CARD_DECK[128]       # deck of a card id (-1: no card with this id in the game)
cdef int CARD_TWIN[MAX_CARDS]  # the other copy of a card printed twice (data.IDENTICAL_CARDS; -1: none)
cdef int KIND_FIRST[NKINDS]   # index range of each other kind of card or tile (data.CARD_KINDS, KIND_*) ...
cdef int KIND_N[NKINDS]       # ... and its size
cdef int OS_PROD[6]
cdef int OS_PAIR[6]
cdef int OS_GAIN[6]
cdef int OS_GOLD[6]
cdef int OS_ANY[6]
cdef int DICE_COUNT[5][8]     # dice in the bag per colour, by player count
cdef int NBAG_COLOURS         # colours in the base game's bag
cdef int DIE_NFACES[8]        # dice table (data.DIE_FACES ...): faces per colour ...
cdef int DIE_FACE[8][8]       # ... the faces ...
cdef int DIE_MULT[8][8]       # ... how many faces show a value (1..7) ...
cdef int DIE_MIN[8]           # ... the lowest and ...
cdef int DIE_MAX[8]           # ... highest value ...
cdef int DIE_PROD[8]          # ... the Resource it produces (-1: cannot Produce) ...
cdef int DIE_ANUBIS_OK[8]     # ... and whether an Anubis action may take it
cdef int VALUE_MIN, VALUE_MAX # values of an action "as if any die value"
cdef int BOT_RES_TILE[4][4]
cdef int BOT_CHART[6][2]
cdef int BOT_BAL[4]
# rule constants (data.base / data.solo): every number of a rule comes from here
cdef int RA_SLOT[6]           # Ra slot (0 left .. 2 right) for a die value 1..6
cdef int THOTH_N[6]           # cards taken for a die value
cdef int THOTH_COST[6]        # Papyrus paid for a die value
cdef int THOTH_ACC[4]         # lowest Happiness that opens a Market section to Thoth
cdef int MARKET_OPEN_POP[4]   # Population that opens a Market section (0: open at setup)
cdef int HAP_REWARD[3]        # Happiness of the 1 Gold / 1 Scribe / extra-action rewards
cdef int HAP_VP[32]           # Scoring VP for a Happiness (HAPPINESS_THRESHOLDS)
cdef int HAP_LEVEL[32]        # thresholds reached (not cumulative) for a Happiness or Population
cdef int NMAAT_PEN
cdef int MAAT_PEN_AT[8]       # Maat: a balance at most this ...
cdef int MAAT_PEN_VP[8]       # ... loses this many VP (the worst band first)
cdef int SCORING_AT[8]        # 1 if a Scoring follows this Maat phase (1-based)
cdef int MAAT_LAST            # the Maat phase that ends the game
cdef int NSCORINGS            # Scorings in a game
cdef int ROUNDS_ROT           # rounds between two Rotations
cdef int ROUNDS_MAAT          # rounds between two Maat phases
cdef int PC_STATUES[5]        # player-count table: statue spaces per god
cdef int PC_BSPACES[5]        # ... Temple building spaces
cdef int PC_START_CARDS[5]    # ... Starting cards revealed
cdef int PC_REFILL[5]         # ... dice drawn into each refilled section
cdef int PC_TURN_VP[5][4]     # ... turn-order VP at the end, by place
cdef int SETUP_DICE           # dice per section at setup
cdef int START_VP, START_HAP, START_POP, START_GOLD, START_SCRIBES, PROD_START
cdef int BOT_VP, BOT_HAP, BOT_POP, BOT_GOLD, BOT_SCRIBES, BOT_PROD, BOT_ANKH_V, T15_ANKH_V
cdef int POP_MAX, PROD_MAX, PROD_TOP_VP, DISTRICT_VP, SCRIBE_STEP
cdef int N_BUILD, N_BUILD_BOT, N_BUILD_BOT20, N_PILLAR, N_STATUE
cdef int NREMOVED
cdef int REMOVED[16]          # card ids in the box from the start (errata)
cdef int NREMOVED2
cdef int REMOVED2[16]         # ... and also at 1-2 players
cdef int D07_CAP, D08_CAP

_KIND_NAMES = ("Starting", "Destiny", "Pillar", "Cultist", "Artifact", "Conquest")   # KIND_* order (_core.pxd)

def _load_tables():
    """Copy the data module into the C tables (called once at import)."""
    global NBAG_COLOURS, VALUE_MIN, VALUE_MAX, NMAAT_PEN, MAAT_LAST, NSCORINGS, ROUNDS_ROT, ROUNDS_MAAT, SETUP_DICE, START_VP, START_HAP, START_POP
    global START_GOLD, START_SCRIBES, PROD_START, BOT_VP, BOT_HAP, BOT_POP, BOT_GOLD, BOT_SCRIBES, BOT_PROD
    global BOT_ANKH_V, T15_ANKH_V, POP_MAX, PROD_MAX, PROD_TOP_VP, DISTRICT_VP, SCRIBE_STEP
    global N_BUILD, N_BUILD_BOT, N_BUILD_BOT20, N_PILLAR, N_STATUE, NREMOVED, NREMOVED2, D07_CAP, D08_CAP
    d = _data
    cdef int i, j, k
    for i in range(3):
        for j in range(8):
            PURITY[i][j] = d.PURITY[i][j]
    for i in range(6):
        LIGHT_PATTERN[i] = d.LIGHT_PATTERN[i]
    for i in range(6):
        for j in range(7):
            LIGHT_AT[i][j] = d.LIGHT_PATTERN[(j - i + 6) % 6] if j < 6 else 1
            for k in range(8):
                PURITY_AT[i][j][k] = d.PURITY[LIGHT_AT[i][j]][k]
    for i in range(25):
        TEMPLE_RK[i] = d.TEMPLE_REWARDS[i][0]
        TEMPLE_RN[i] = d.TEMPLE_REWARDS[i][1]
    for i in range(18):
        _, BS_AXIS[i], BS_LINE[i], BS_COST[i], BS_MINP[i] = d.BUILDING_SPACES[i]
        BS_LINE[i] -= 1
    for i in range(5):
        BORDER[0][i] = d.BORDER_EDGES["top"][i]
        BORDER[1][i] = d.BORDER_EDGES["right"][i]
        BORDER[2][i] = d.BORDER_EDGES["bottom"][i]
        BORDER[3][i] = d.BORDER_EDGES["left"][i]
    for k in range(27):
        for j in range(4):
            PEDGE[k + 1][j] = d.PILLAR_EDGES[k][j]
        PCOST[k + 1][0] = d.PILLAR_COSTS[k][0]
        PCOST[k + 1][1] = d.PILLAR_COSTS[k][1]
        PLIGHT[k + 1] = d.PILLAR_LIGHT[k]
    for i in range(6):
        STATUE_COST[i] = d.STATUE_COSTS[i]
    for i in range(7):
        STATUE_VP[i] = d.STATUE_VP[i]
    BROW_BREAD[0] = 0
    BROW_VP[0] = 0
    for i in range(10):
        BROW_BREAD[i + 1] = BROW_BREAD[i] + d.BUILDING_ROW[i][0]
        BROW_VP[i + 1] = BROW_VP[i] + d.BUILDING_ROW[i][1]
    k = 0
    for i in range(4):
        SEC_FIRST[i] = k
        SEC_N[i] = len(d.MARKET_SECTIONS[i])
        for j in range(SEC_N[i]):
            MARKET_TYPE[k] = d.MARKET_SECTIONS[i][j]
            MARKET_SEC[k] = i
            k += 1
    for i in range(128):
        CARD_DECK[i] = -1
    for k in range(NDECKS):
        DECK_FIRST[k] = -1
        DECK_N[k] = 0
    symbols = {**d.DECREE_SYMBOL, **d.SETH_DECREE_SYMBOL}
    for i in range(MAX_CARDS):
        DECREE_SYM[i] = -1
    for letter, deck, first, count in d.CARD_DECKS:
        k = d.CARD_TYPES.index(deck)
        if DECK_FIRST[k] < 0:
            DECK_FIRST[k] = first
        for i in range(first, first + count):
            CARD_DECK[i] = k
            if k == DECK_DECREE:
                DECREE_SYM[i] = symbols.get("%s%02d" % (letter, i - first + 1), 3)
    for i in range(MAX_CARDS):
        CARD_TWIN[i] = -1
    for a, b in d.IDENTICAL_CARDS:
        CARD_TWIN[_card_id(a)] = _card_id(b)
        CARD_TWIN[_card_id(b)] = _card_id(a)
    for k, kind in enumerate(_KIND_NAMES):
        KIND_FIRST[k], KIND_N[k] = d.CARD_KINDS[kind]
    for k in range(NDECKS):
        for i in d.DECK_IDS[k]:
            DECK_IDS[k][DECK_N[k]] = i
            DECK_N[k] += 1
    for i in range(6):
        OS_PROD[i], OS_PAIR[i], OS_GAIN[i], OS_GOLD[i], OS_ANY[i], _ = d.OSIRIS_ROWS[i]
    NBAG_COLOURS = d.BAG_COLOURS
    for i in range(1, 5):
        for j in range(8):
            DICE_COUNT[i][j] = d.DICE_PER_COLOUR[i][j] if j < len(d.DICE_PER_COLOUR[i]) else 0
    for i in range(8):
        faces = d.DIE_FACES[i]
        DIE_NFACES[i] = len(faces)
        for j in range(8):
            DIE_FACE[i][j] = faces[j] if j < len(faces) else 0
            DIE_MULT[i][j] = sum(1 for f in faces if f == j)
        DIE_MIN[i] = min(faces)
        DIE_MAX[i] = max(faces)
        DIE_PROD[i] = d.DIE_PRODUCES[i]
        DIE_ANUBIS_OK[i] = 1 if d.DIE_ANUBIS[i] else 0
    VALUE_MIN, VALUE_MAX = min(d.DIE_VALUES), max(d.DIE_VALUES)
    for i in range(4):
        for j in range(4):
            BOT_RES_TILE[i][j] = d.BOT_RESOURCE_TILES[i][j]
        BOT_BAL[i] = d.BOT_MAAT_BALANCE[i]
    for i in range(6):
        BOT_CHART[i][0] = d.BOT_HORUS_CHART[i][0]
        BOT_CHART[i][1] = d.BOT_HORUS_CHART[i][1]

    # rule constants
    for i in range(6):
        RA_SLOT[i] = d.RA_SLOT_FOR_VALUE[i]
        THOTH_N[i] = d.THOTH_CARDS_FOR_VALUE[i]
        THOTH_COST[i] = d.THOTH_PAPYRUS_FOR_VALUE[i]
    for i in range(4):
        THOTH_ACC[i] = d.THOTH_ACCESS[i]
        MARKET_OPEN_POP[i] = d.MARKET_OPENS_AT_POPULATION[i]
    for i in range(3):
        HAP_REWARD[i] = d.HAPPINESS_REWARDS[i]
    for i in range(32):
        HAP_VP[i] = 0
        HAP_LEVEL[i] = 0
        for k, (h, v) in enumerate(d.HAPPINESS_THRESHOLDS):
            if i >= h:
                HAP_VP[i] = v
                HAP_LEVEL[i] = k + 1
    bands = sorted(d.MAAT_PENALTY)          # worst (lowest) balance first
    NMAAT_PEN = len(bands)
    for i in range(NMAAT_PEN):
        MAAT_PEN_AT[i] = bands[i][0]
        MAAT_PEN_VP[i] = bands[i][1]
    MAAT_LAST = d.MAAT_PHASES
    NSCORINGS = len(d.SCORING_MAAT_PHASES)
    for i in range(8):
        SCORING_AT[i] = 1 if i in d.SCORING_MAAT_PHASES else 0
    ROUNDS_ROT = d.ROUNDS_PER_ROTATION
    ROUNDS_MAAT = d.ROUNDS_PER_MAAT
    for i in range(1, 5):
        pc = d.PLAYER_COUNT[i]
        PC_STATUES[i] = pc["statues_per_god"]
        PC_BSPACES[i] = pc["building_spaces"]
        PC_START_CARDS[i] = pc["starting_cards"]
        PC_REFILL[i] = pc["refill_dice"]
        for j in range(4):
            PC_TURN_VP[i][j] = pc["turn_order_vp"][j] if j < len(pc["turn_order_vp"]) else 0
    SETUP_DICE = d.DICE_PER_SECTION_AT_SETUP
    START_VP, START_HAP, START_POP = d.START["vp"], d.START["happiness"], d.START["population"]
    START_GOLD, START_SCRIBES, PROD_START = d.START["gold"], d.START["scribes"], d.PRODUCTION_START
    BOT_VP, BOT_HAP, BOT_POP = d.BOT_START["vp"], d.BOT_START["happiness"], d.BOT_START["population"]
    BOT_GOLD, BOT_SCRIBES, BOT_PROD = d.BOT_START["gold"], d.BOT_START["scribes"], d.BOT_START["production"]
    BOT_ANKH_V, T15_ANKH_V = d.BOT_ANKH, d.T15_ANKH
    POP_MAX, PROD_MAX, PROD_TOP_VP = d.POPULACE_MAX, d.PRODUCTION_MAX, d.PRODUCTION_MAX_VP
    DISTRICT_VP, SCRIBE_STEP = d.DISTRICT_MAJORITY_VP, d.SCRIBE_STEP
    N_BUILD, N_PILLAR, N_STATUE = d.N_BUILDINGS, d.N_PILLARS_PER_PLAYER, d.N_STATUES
    N_BUILD_BOT = d.BOT_N_BUILDINGS
    N_BUILD_BOT20 = max(d.BOT_N_BUILDINGS_OPTIONS)   # solo Time of Seth: the second set (OPT_BOT20)
    NREMOVED = len(d.REMOVED_CARDS)
    for i in range(NREMOVED):
        REMOVED[i] = _card_id(d.REMOVED_CARDS[i])
    NREMOVED2 = len(d.REMOVED_AT_TWO_PLAYERS)
    for i in range(NREMOVED2):
        REMOVED2[i] = _card_id(d.REMOVED_AT_TWO_PLAYERS[i])
    D07_CAP, D08_CAP = d.D07_MAX_VP, d.D08_MAX_VP


def take_fields(int x):
    """(section, colour, value) of a K_TAKE payload (the encoding of _core.pxd's take_payload;
    the flags TAKE_NO_ACTION and TAKE_ANUBIS are in ACTION_CODES)."""
    return take_section(x), take_colour(x), take_value(x)


def make_take(int section, int colour, int value):
    """The K_TAKE payload of a die (no flag): the inverse of take_fields."""
    return take_payload(section, colour, value)


def _card_id(str name):
    """Card id of a deck card's name (data.CARD_DECKS: letter, name, first id, count)."""
    for letter, _, first, count in _data.CARD_DECKS:
        k = name[len(letter):]
        if name.startswith(letter) and k.isdigit() and 1 <= int(k) <= count:
            return first + int(k) - 1
    raise ValueError(f"no card {name!r}")


def _tables():
    """The compiled rule tables as Python data, to check them against the data module
    (tests/test_single_source.py)."""
    cdef int i, j
    return {
        "RA_SLOT_FOR_VALUE": [RA_SLOT[i] for i in range(6)],
        "THOTH_CARDS_FOR_VALUE": [THOTH_N[i] for i in range(6)],
        "THOTH_PAPYRUS_FOR_VALUE": [THOTH_COST[i] for i in range(6)],
        "THOTH_ACCESS": [THOTH_ACC[i] for i in range(4)],
        "MARKET_OPENS_AT_POPULATION": [MARKET_OPEN_POP[i] for i in range(4)],
        "HAPPINESS_REWARDS": [HAP_REWARD[i] for i in range(3)],
        "HAPPINESS_VP": [HAP_VP[i] for i in range(32)],
        "HAPPINESS_LEVEL": [HAP_LEVEL[i] for i in range(32)],
        "MAAT_PENALTY": [(MAAT_PEN_AT[i], MAAT_PEN_VP[i]) for i in range(NMAAT_PEN)],
        "SCORING_AT": [SCORING_AT[i] for i in range(8)],
        "MAAT_PHASES": MAAT_LAST,
        "ROUNDS_PER_ROTATION": ROUNDS_ROT,
        "ROUNDS_PER_MAAT": ROUNDS_MAAT,
        "PLAYER_COUNT": {i: {"statues_per_god": PC_STATUES[i], "building_spaces": PC_BSPACES[i],
                             "starting_cards": PC_START_CARDS[i], "refill_dice": PC_REFILL[i],
                             "turn_order_vp": [PC_TURN_VP[i][j] for j in range(4)]} for i in range(1, 5)},
        "DICE_PER_SECTION_AT_SETUP": SETUP_DICE,
        "START": {"vp": START_VP, "happiness": START_HAP, "population": START_POP, "gold": START_GOLD,
                  "scribes": START_SCRIBES, "production": PROD_START},
        "BOT_START": {"vp": BOT_VP, "happiness": BOT_HAP, "population": BOT_POP, "gold": BOT_GOLD,
                      "scribes": BOT_SCRIBES, "production": BOT_PROD},
        "BOT_ANKH": BOT_ANKH_V, "T15_ANKH": T15_ANKH_V,
        "POPULACE_MAX": POP_MAX, "PRODUCTION_MAX": PROD_MAX, "PRODUCTION_MAX_VP": PROD_TOP_VP,
        "DISTRICT_MAJORITY_VP": DISTRICT_VP, "SCRIBE_STEP": SCRIBE_STEP,
        "N_BUILDINGS": N_BUILD, "BOT_N_BUILDINGS": N_BUILD_BOT, "N_PILLARS_PER_PLAYER": N_PILLAR, "N_STATUES": N_STATUE,
        "REMOVED_CARDS": [REMOVED[i] for i in range(NREMOVED)],
        "REMOVED_AT_TWO_PLAYERS": [REMOVED2[i] for i in range(NREMOVED2)],
        "D07_MAX_VP": D07_CAP, "D08_MAX_VP": D08_CAP,
        "STATUE_COSTS": [STATUE_COST[i] for i in range(6)],
        "STATUE_VP": [STATUE_VP[i] for i in range(7)],
        "BOT_MAAT_BALANCE": [BOT_BAL[i] for i in range(4)],
        "DECK_IDS": [[DECK_IDS[i][j] for j in range(DECK_N[i])] for i in range(NDECKS)],
        "DECK_FIRST": [DECK_FIRST[i] for i in range(NDECKS)],
        "CARD_TWIN": [CARD_TWIN[i] for i in range(MAX_CARDS)],
        "CARD_KINDS": {_KIND_NAMES[k]: (KIND_FIRST[k], KIND_N[k]) for k in range(NKINDS)},
        "CARD_DECK": [CARD_DECK[i] for i in range(MAX_CARDS)],
        "DIE_FACES": [[DIE_FACE[i][j] for j in range(DIE_NFACES[i])] for i in range(8)],
        "DIE_RANGE": [(DIE_MIN[i], DIE_MAX[i]) for i in range(8)],
        "DIE_PRODUCES": [DIE_PROD[i] for i in range(8)],
        "DIE_ANUBIS": [DIE_ANUBIS_OK[i] for i in range(8)],
        "BAG_COLOURS": NBAG_COLOURS,
        "DIE_VALUES": (VALUE_MIN, VALUE_MAX),
    }


_load_tables()

# ----------------------------------------------------------------------------- helpers
cdef inline int mk(int kind, int payload) noexcept nogil:
    return (kind << 24) | payload

cdef inline int is_bot(State* s, int p) noexcept nogil:
    return s.nplayers == 1 and p == 1

cdef inline int light_of(State* s, int god) noexcept nogil:
    return LIGHT_AT[s.arrow][god]

cdef inline int purity_of(State* s, int god, int colour) noexcept nogil:
    return PURITY_AT[s.arrow][god][colour]

cdef const int* purity_table() noexcept nogil:
    """PURITY_AT for the search, which inlines its own purity_of over it."""
    return &PURITY_AT[0][0][0]

cdef inline int card_type(int c) noexcept nogil:
    """Deck of a card id (DECK_*; -1 for an id without a card)."""
    return CARD_DECK[c]

cdef inline int BLESS(int k) noexcept nogil:
    """Card id of Blessing Bk (k = 1..)."""
    return DECK_FIRST[DECK_BLESSING] + k - 1

cdef inline int TECH(int k) noexcept nogil:
    """Card id of Technology Tk."""
    return DECK_FIRST[DECK_TECH] + k - 1

cdef inline int DECREE(int k) noexcept nogil:
    """Card id of Decree Dk."""
    return DECK_FIRST[DECK_DECREE] + k - 1

cdef inline int has_card(State* s, int p, int c) noexcept nogil:
    return s.card_loc[c] == CL_HAND + p

cdef inline int has_tech(State* s, int p, int t) noexcept nogil:
    """t = 1..24 for T01..T24."""
    return s.card_loc[TECH(t)] == CL_HAND + p

cdef inline void push(State* s, int type, int p, int a, int b, int c, int d) noexcept nogil:
    if s.ntasks >= MAX_TASKS:      # never overflow: flag it (the Python API raises TaskStackOverflow)
        s.overflow = 1
        return
    cdef Task* t = &s.tasks[s.ntasks]
    t.type = type
    t.p = p
    t.a = a
    t.b = b
    t.c = c
    t.d = d
    s.ntasks += 1

cdef inline void add_vp(State* s, int p, int n, int cat) noexcept nogil:
    cdef int before = s.vp[p]
    s.vp[p] += n
    if s.vp[p] < 0:
        s.vp[p] = 0
    s.breakdown[cat][p] += s.vp[p] - before

cdef inline int max_buildings(State* s, int p) noexcept nogil:
    """Buildings seat p owns (N_BUILDINGS; Botankhamun's BOT_N_BUILDINGS, 20 with OPT_BOT20)."""
    if is_bot(s, p):
        return N_BUILD_BOT20 if s.options & OPT_BOT20 else N_BUILD_BOT
    return N_BUILD

cdef inline int statue_spaces(State* s) noexcept nogil:
    return PC_STATUES[s.nplayers]

cdef inline int nbspaces(State* s) noexcept nogil:
    return PC_BSPACES[s.nplayers]

# ----------------------------------------------------------------------------- the rules
# (docs/architecture.md, "Layout": one file per god, per phase of the game flow, per kind of effect;
#  Botankhamun in solo/)
include "seth/gate.pxi"          # Time of Seth (seth/): the once-per-turn gate
include "effects/triggers.pxi"
include "effects/hooks.pxi"
include "effects/blessings.pxi"
include "effects/decrees.pxi"
include "flow/gains.pxi"
include "flow/pay.pxi"
include "gods/dice.pxi"
include "flow/turn.pxi"
include "gods/horus.pxi"
include "gods/ra.pxi"
include "gods/hathor.pxi"
include "gods/bastet.pxi"
include "gods/thoth.pxi"
include "gods/osiris.pxi"
include "gods/produce.pxi"
include "effects/pillars.pxi"
include "flow/cards.pxi"
include "flow/chance.pxi"
include "flow/engine.pxi"
include "flow/rotation.pxi"
include "flow/maat.pxi"
include "flow/scoring.pxi"
include "flow/final.pxi"
include "flow/setup.pxi"
include "flow/vizier.pxi"
include "effects/starting.pxi"
include "effects/destiny.pxi"
include "solo/botankhamun.pxi"
include "solo/actions.pxi"
include "solo/hooks.pxi"

include "seth/state.pxi"  # Time of Seth: its fields, tables and dice (docs/seth-rules-digest.md)
include "seth/board.pxi"  # Time of Seth: setup of the Seth board, its dice, the Conquest stack, the refill
include "seth/dice.pxi"   # Time of Seth: the red, blue and green dice
include "seth/action.pxi" # Time of Seth: the Seth God Action, its dice, regions and Conquest tiles
include "seth/conquest.pxi"  # Time of Seth: Conquest tiles under Ra's Pillars and in Hathor's lines
_load_seth_tables()
include "seth/setup.pxi"          # Time of Seth: setup and draft, SX cards, Cultists, Artifacts
include "seth/starting.pxi"
include "seth/cultists.pxi"
include "seth/artifacts.pxi"
include "seth/horus.pxi"          # Time of Seth: Horus on the Seth board
include "seth/cards.pxi"          # Time of Seth: the BX, TX and DX cards
include "solo/seth.pxi"          # Botankhamun with Time of Seth (issue 12)
include "_encode.pxi"     # dense action index and tensors (docs/rl.md)

# ============================================================================= Python API
import base64 as _b64
import json as _json
import zlib as _zlib

STATE_VERSION = STATE_FORMAT
OLD_STATE_VERSIONS = (1, 2, 3)    # formats that still load (upgraded on loading)
# Fields format 3 appended to the struct (after dice_at), with their value in a game without the
# option that uses them: a format-1 or format-2 state loads (from_bytes, from_dict) with these
# values. Keep them in struct order: the Time of Seth's (SETH_FIELDS_OFF), then the Vizier's.
VIZIER_FIELDS_OFF = {"vizier_area": 0, "vizier_discard": 0, "vizier_vp": [0, 0, 0, 0]}
CHANCE = -1
TERMINAL = -2
VP_CATEGORIES = ("districts", "temple", "statues", "happiness", "production", "building_row",
                 "bread", "maat", "decrees", "turn_order", "actions", "bot_cards", "seth")
# Format 4 added the 13th category (VP_SETH); a state of formats 1-3 has the first 12 (its Seth VP
# stay in the categories that format counted them in, docs/rules-notes.md "VP categories").
OLD_NVP = NVP - 1
# The expansion's cards format 3 kept in the box with the option (its SETH_CARDS_OUT, since gone): a
# Time of Seth state saved by format 3 has them there, and loads so (validate: they may be in the box).
SETH_CARDS_OUT_FORMAT3 = ("BX03", "BX04", "TX05")
OPTION_BITS = {"random_horus": OPT_RANDOM_HORUS, "random_wheel": OPT_RANDOM_WHEEL,
               "decree8": OPT_DECREE8, "random_start": OPT_RANDOM_START, "seth": OPT_SETH,
               "vizier": OPT_VIZIER, "solo_draw22": OPT_SOLO_DRAW22, "solo_draw32": OPT_SOLO_DRAW32,
               "solo_artifacts2": OPT_SOLO_ART2, "solo_artifacts4": OPT_SOLO_ART4, "bot_buildings20": OPT_BOT20}
_load_vizier_tables(OPTION_BITS)
APPENDED_FIELDS = {**SETH_FIELDS_OFF, **VIZIER_FIELDS_OFF}
DIFFICULTIES = {"easy": 0, "medium": 1, "hard": 2}
# Python views of the enums of _core.pxd (name -> value); tekhenu_engine.enums wraps them.
DIE_LOCATIONS = {
    "DL_BAG": DL_BAG,
    "DL_SETH": DL_SETH,
    "DL_PURE": DL_PURE,
    "DL_TAINT": DL_TAINT,
    "DL_ANUBIS": DL_ANUBIS,
    "DL_BOT": DL_BOT,
    "DL_BOX": DL_BOX,
}
CARD_LOCATIONS = {
    "CL_PILE": CL_PILE,
    "CL_DISCARD": CL_DISCARD,
    "CL_BOX": CL_BOX,
    "CL_MARKET": CL_MARKET,
    "CL_UNKNOWN": CL_UNKNOWN,
    "CL_BOTTOM": CL_BOTTOM,
    "CL_BOT": CL_BOT,
    "CL_HAND": CL_HAND,
    "CL_PENDING": CL_PENDING,
    "CL_BOTTOMK": CL_BOTTOMK,
}
STEP_TYPES = {
    "CH_WHEEL": CH_WHEEL,
    "CH_HORUS": CH_HORUS,
    "CH_DIE": CH_DIE,
    "CH_PILLAR": CH_PILLAR,
    "CH_CARD": CH_CARD,
    "CH_REVEAL": CH_REVEAL,
    "CH_FIRST": CH_FIRST,
    "CH_DEBEN": CH_DEBEN,
    "CH_TIE": CH_TIE,
    "CH_BOTDESTINY": CH_BOTDESTINY,
    "CH_PICKSTART": CH_PICKSTART,
    "CH_PYRAMID": CH_PYRAMID,
    "CH_SETH_ROLL": CH_SETH_ROLL,
    "CH_CONQUEST": CH_CONQUEST,
    "CH_LAST": CH_LAST,
    "D_KEEP": D_KEEP,
    "D_DRAFT": D_DRAFT,
    "D_DESTINY": D_DESTINY,
    "D_GAIN": D_GAIN,
    "D_TAKE": D_TAKE,
    "D_ADJUST": D_ADJUST,
    "D_ACTION": D_ACTION,
    "D_HORUS": D_HORUS,
    "D_RA_SPACE": D_RA_SPACE,
    "D_RA_ROT": D_RA_ROT,
    "D_HATHOR": D_HATHOR,
    "D_OSIRIS": D_OSIRIS,
    "D_THOTH_REFRESH": D_THOTH_REFRESH,
    "D_THOTH_CARD": D_THOTH_CARD,
    "D_PAY": D_PAY,
    "D_FAITH": D_FAITH,
    "D_BREAD": D_BREAD,
    "D_DECREES": D_DECREES,
    "D_EXTRA": D_EXTRA,
    "D_BLESS": D_BLESS,
    "D_VZ_DISCARD": D_VZ_DISCARD,
    "D_VZ_PLACE": D_VZ_PLACE,
    "D_CONQUEST": D_CONQUEST,
    "D_SETH_AS": D_SETH_AS,
    "D_LAST": D_LAST,
    "A_NEXT_TURN": A_NEXT_TURN,
    "A_TURN": A_TURN,
    "A_PLACE_DIE": A_PLACE_DIE,
    "A_END_TURN": A_END_TURN,
    "A_HORUS_RES": A_HORUS_RES,
    "A_RA_RES": A_RA_RES,
    "A_HATHOR_RES": A_HATHOR_RES,
    "A_BASTET_RES": A_BASTET_RES,
    "A_THOTH_PAY": A_THOTH_PAY,
    "A_OSIRIS_RES": A_OSIRIS_RES,
    "A_PRODUCE": A_PRODUCE,
    "A_BONUS": A_BONUS,
    "A_ROTATION": A_ROTATION,
    "A_MAAT": A_MAAT,
    "A_MAAT_ORDER": A_MAAT_ORDER,
    "A_SCORING": A_SCORING,
    "A_MAAT_END": A_MAAT_END,
    "A_REFILL": A_REFILL,
    "A_FINAL": A_FINAL,
    "A_SETUP": A_SETUP,
    "A_INIT_ORDER": A_INIT_ORDER,
    "A_REWARDS": A_REWARDS,
    "A_RA_SLIDE": A_RA_SLIDE,
    "A_THOTH_DISCARD": A_THOTH_DISCARD,
    "A_KEEP_RETURN": A_KEEP_RETURN,
    "A_DESTINY_ROUND": A_DESTINY_ROUND,
    "A_BREAD_CHECK": A_BREAD_CHECK,
    "A_BOT_TURN": A_BOT_TURN,
    "A_BOT_TAKE": A_BOT_TAKE,
    "A_BOT_ACT": A_BOT_ACT,
    "A_WINNER": A_WINNER,
    "A_GOD": A_GOD,
    "A_MARKET_OPEN": A_MARKET_OPEN,
    "A_BOT_DONE": A_BOT_DONE,
    "D_SETH_CONVERT": D_SETH_CONVERT,
    "D_ARTIFACT": D_ARTIFACT,
    "D_ART_ACTION": D_ART_ACTION,
    "A_SETH_RES": A_SETH_RES,
    "D_SETH_GODACT": D_SETH_GODACT,
}
ACTION_KINDS = {
    "K_PASS": K_PASS,
    "K_ROLL": K_ROLL,
    "K_WHEEL": K_WHEEL,
    "K_HORUS_TILE": K_HORUS_TILE,
    "K_TILE": K_TILE,
    "K_DRAW": K_DRAW,
    "K_REVEAL": K_REVEAL,
    "K_FIRST": K_FIRST,
    "K_DEBEN": K_DEBEN,
    "K_TIE": K_TIE,
    "K_KEEP": K_KEEP,
    "K_DRAFT": K_DRAFT,
    "K_DESTINY": K_DESTINY,
    "K_GAIN": K_GAIN,
    "K_TAKE": K_TAKE,
    "K_VALUE": K_VALUE,
    "K_ACT": K_ACT,
    "K_STATUE": K_STATUE,
    "K_SPACE": K_SPACE,
    "K_ROT": K_ROT,
    "K_BUILD": K_BUILD,
    "K_DISTRICT": K_DISTRICT,
    "K_REFRESH": K_REFRESH,
    "K_SECTION": K_SECTION,
    "K_CARD": K_CARD,
    "K_PAY": K_PAY,
    "K_FAITH": K_FAITH,
    "K_BREAD": K_BREAD,
    "K_DECREES": K_DECREES,
    "K_EXTRA": K_EXTRA,
    "K_BLESS": K_BLESS,
    "K_BOTDESTINY": K_BOTDESTINY,
    "K_PYRAMID": K_PYRAMID,
    "K_PRODUCE": K_PRODUCE,
    "K_VZ_DISCARD": K_VZ_DISCARD,
    "K_VIZIER": K_VIZIER,
    "K_CONVERT": K_CONVERT,
    "K_USE": K_USE,
    "K_CONQUEST": K_CONQUEST,
    "K_CQSPACE": K_CQSPACE,
    "K_AS": K_AS,
}
GAIN_ITEMS = {
    "G_P": G_P,
    "G_B": G_B,
    "G_L": G_L,
    "G_G": G_G,
    "G_POP1": G_POP1,
    "G_HAP1": G_HAP1,
    "G_POP2": G_POP2,
    "G_FAITH3": G_FAITH3,
    "G_PRODP": G_PRODP,
    "G_NONE": G_NONE,
    "G_SOL": G_SOL,
    "G_PRI": G_PRI,
}
VP_CODES = {
    "VP_DISTRICTS": VP_DISTRICTS,
    "VP_TEMPLE": VP_TEMPLE,
    "VP_STATUES": VP_STATUES,
    "VP_HAPPINESS": VP_HAPPINESS,
    "VP_PRODUCTION": VP_PRODUCTION,
    "VP_BUILDROW": VP_BUILDROW,
    "VP_BREAD": VP_BREAD,
    "VP_MAAT": VP_MAAT,
    "VP_DECREES": VP_DECREES,
    "VP_TURNORDER": VP_TURNORDER,
    "VP_ACTIONS": VP_ACTIONS,
    "VP_BOT": VP_BOT,
    "VP_SETH": VP_SETH,
}
GOD_FLAGS = {
    "F_NOHAP": F_NOHAP,
    "F_FREE": F_FREE,
    "F_ONLY_LG": F_ONLY_LG,
    "F_ONLY_PB": F_ONLY_PB,
    "F_EXTRA": F_EXTRA,
}
OPTION_CODES = {
    "OPT_RANDOM_HORUS": OPT_RANDOM_HORUS,
    "OPT_RANDOM_WHEEL": OPT_RANDOM_WHEEL,
    "OPT_DECREE8": OPT_DECREE8,
    "OPT_RANDOM_START": OPT_RANDOM_START,
    "OPT_SETH": OPT_SETH,
    "OPT_VIZIER": OPT_VIZIER,
    "OPT_SOLO_DRAW22": OPT_SOLO_DRAW22,
    "OPT_SOLO_DRAW32": OPT_SOLO_DRAW32,
    "OPT_SOLO_ART2": OPT_SOLO_ART2,
    "OPT_SOLO_ART4": OPT_SOLO_ART4,
    "OPT_BOT20": OPT_BOT20,
}
COST_SHIFTS = {"P": COST_P, "B": COST_B, "L": COST_L, "G": COST_G, "soldiers": COST_SOLDIERS,
               "priests": COST_PRIESTS, "faith": COST_FAITH}
ACTION_CODES = {"ACT_SETH": ACT_SETH, "NGOD_ACTIONS": NGOD_ACTIONS, "ACT_PRODUCE": ACT_PRODUCE,
                "ACT_PRODUCE_RES": ACT_PRODUCE_RES, "TAKE_NO_ACTION": TAKE_NO_ACTION,
                "TAKE_ANUBIS": TAKE_ANUBIS}
DECKS = {"DECK_BLESSING": DECK_BLESSING, "DECK_TECH": DECK_TECH, "DECK_DECREE": DECK_DECREE}
ENUMS = {"DIE_LOCATIONS": DIE_LOCATIONS, "CARD_LOCATIONS": CARD_LOCATIONS, "STEP_TYPES": STEP_TYPES, "ACTION_KINDS": ACTION_KINDS, "GAIN_ITEMS": GAIN_ITEMS, "VP_CODES": VP_CODES, "GOD_FLAGS": GOD_FLAGS, "OPTION_CODES": OPTION_CODES, "DECKS": DECKS,
         "ACTION_CODES": ACTION_CODES, "COST_SHIFTS": COST_SHIFTS}

STEP_NAMES = {v: k for k, v in STEP_TYPES.items() if not k.endswith("_LAST")}


class Step(_namedtuple("Step", "type seat a b c d")):
    """The pending step of a :class:`GameState` (``GameState.step()``): its type (an int of
    :data:`STEP_TYPES`), the seat it belongs to (-1: none) and its four arguments."""
    __slots__ = ()

    @property
    def name(self):
        """The step type's name, e.g. ``"D_TAKE"`` (see :data:`STEP_TYPES`)."""
        return STEP_NAMES.get(self.type, str(self.type))


# Codes of the compiled core that the loader's checks (tekhenu_engine.validate) need.
CODES = {
    "options": dict(OPTION_BITS),
    "die_loc": {"bag": DL_BAG, "seth": DL_SETH, "pure": DL_PURE, "taint": DL_TAINT,
                "anubis": DL_ANUBIS, "bot": DL_BOT, "box": DL_BOX, "hand": DL_BOX - 1},
    "card_loc": {"pile": CL_PILE, "discard": CL_DISCARD, "box": CL_BOX, "market": CL_MARKET,
                 "unknown": CL_UNKNOWN, "bottom": CL_BOTTOM, "bot": CL_BOT, "hand": CL_HAND,
                 "pending": CL_PENDING, "bottomk": CL_BOTTOMK},
    "god_flags": {"F_NOHAP": F_NOHAP, "F_FREE": F_FREE, "F_ONLY_LG": F_ONLY_LG, "F_ONLY_PB": F_ONLY_PB,
                  "F_EXTRA": F_EXTRA, "F_CARDS_DONE": F_CARDS_DONE, "F_SAMEDIE": F_SAMEDIE},
    "turn_flags_mask": TF_T10VP | TF_T22VP | TF_FREE_ANUBIS | TF_T08 | TF_T08_TAINT | (7 << TF_OWED_SHIFT),
    "bless_moments": {"M_START": M_START, "M_END": M_END, "M_TAKE": M_TAKE, "M_T08": M_T08,
                      "M_PRODUCE": M_PRODUCE, "M_T13": M_T13, "M_T14": M_T14, "M_FREE_LG": M_FREE_LG,
                      "M_FREE_PB": M_FREE_PB, "M_T10PAY": M_T10PAY, "M_DO_EXTRA": M_DO_EXTRA,
                      "M_T19": M_T19},
    "tie_purposes": {"TIE_DIE": TIE_DIE, "TIE_PEOPLE": TIE_PEOPLE, "TIE_TEMPLE": TIE_TEMPLE,
                     "TIE_RA": TIE_RA, "TIE_HATHOR": TIE_HATHOR, "TIE_PYR_RES": TIE_PYR_RES,
                     "TIE_PYR_GOD": TIE_PYR_GOD, "TIE_SETH_REGION": TIE_SETH_REGION, "TIE_CONQUEST": TIE_CONQUEST,
                     "TIE_SETH_PEOPLE": TIE_SETH_PEOPLE},
    "max_tie": 16,            # candidates bot_resolve_tie can hold
    "faith_offset": 32,       # K_FAITH payload: net Faith + 32 (gen_legal, do_decision)
    "gain_items": G_ITEMS - 1,  # D_GAIN items 0..G_ITEMS-1 (G_NONE, then Time of Seth's G_SOL, G_PRI)
    "setup_phases": 8,        # A_SETUP phases 0..6, 7 Time of Seth's Decree keep (seth/setup.pxi)
    "hidden_classes": 16,     # hidden_count columns (0-13 used)
    "seth": SETH_CODES,       # Time of Seth piece locations and sizes (seth/state.pxi)
    "bot_seat": BOT,
    "bot_log_n": BL_N,
    "bot_log_fields": BOT_LOG_FIELDS,
    "max_tasks": MAX_TASKS,
    "max_dice": MAX_DICE,
    "max_cards": MAX_CARDS,
    "n_bspaces": NB,
    "vp_categories": VP_CATEGORIES,
}


cdef void init_state(State* s, int nplayers, int options, int difficulty, uint64_t seed) noexcept nogil:
    cdef int i, p, c, k, n
    memset(s, 0, sizeof(State))
    s.version = STATE_FORMAT
    s.nplayers = nplayers
    s.nseats = 2 if nplayers == 1 else nplayers
    s.options = options
    s.difficulty = difficulty
    s.rng = seed * <uint64_t>0x2545F4914F6CDD1D + 1
    s.cur_die = -1
    s.turn_idx = -1
    for i in range(6):
        s.horus_slot_god[i] = -1
        for k in range(4):
            s.statue_god[i][k] = -1
        for k in range(4):
            s.osiris[i][k] = -1
    for i in range(4):
        s.people[i] = -1
        s.people_gold[i] = 1
        s.destiny_owner[i] = -1
        s.destiny[i] = -1
        s.turn_order[i] = i
    s.osiris_row2_gold = 1
    for i in range(25):
        s.temple_owner[i] = -1
    for i in range(18):
        s.bspace[i] = -1
    for i in range(15):
        s.market[i] = -1
    s.market_open[0] = 1
    s.market_open[1] = 1
    for c in range(128):
        s.card_loc[c] = CL_BOX if CARD_DECK[c] < 0 else CL_PILE
    for i in range(NREMOVED):
        s.card_loc[REMOVED[i]] = CL_BOX              # D03 (errata)
    if nplayers <= 2:
        for i in range(NREMOVED2):
            s.card_loc[REMOVED2[i]] = CL_BOX         # T16, D20
    seth_cards_init(s)                               # Time of Seth's cards: in the box without it
    s.pillar_loc[0] = 2
    n = 0
    for c in range(8 if options & OPT_SETH else NBAG_COLOURS):
        for k in range(seth_dice_count(s, nplayers, c)):
            s.die_colour[n] = c
            s.die_loc[n] = DL_BAG
            n += 1
    s.ndice = n
    for i in range(n, 32):
        s.die_loc[i] = DL_BOX
    rebuild_dice_index(s)
    seth_init_state(s)
    for p in range(s.nseats):
        s.vp[p] = START_VP
        s.happiness[p] = START_HAP
        s.population[p] = START_POP
        s.gold[p] = START_GOLD
        s.scribes[p] = START_SCRIBES
        for k in range(4):
            s.prod[p][k] = PROD_START
    if nplayers == 1:
        s.vp[1] = BOT_VP
        s.happiness[1] = BOT_HAP
        s.population[1] = BOT_POP
        s.gold[1] = BOT_GOLD
        s.scribes[1] = BOT_SCRIBES
        for k in range(4):
            s.prod[1][k] = BOT_PROD
    push(s, A_SETUP, -1, 0, 0, 0, 0)
    advance(s)


cdef class GameState:
    """A Tekhenu game position (OpenSpiel-style API over the compiled rules core).

    Create one with :meth:`new`; ask :meth:`current_player` who decides (``-1`` chance,
    ``-2`` game over); list :meth:`legal_actions` (or :meth:`chance_outcomes`) and
    :meth:`apply` one. Actions are ints; :mod:`tekhenu_engine.notation` names them.
    """
    cdef State st

    @staticmethod
    def new(int players=2, seed=0, options=None, **kw):
        """A new game at its first decision.

        players: 2-4, or 1 for solo against Botankhamun. seed: drives :meth:`sample_chance`
        only (every chance step can also be fed from outside). options: a
        :class:`tekhenu_engine.options.TableOptions` (or a dict of its fields); keyword
        arguments (random_horus, random_wheel, difficulty, decree8, random_start) change
        single options. An unknown option is a ValueError.
        """
        from .options import TableOptions
        if players not in (1, 2, 3, 4):
            raise ValueError(f"players must be 1 (solo) to 4, not {players!r}")
        if options is None:
            t = TableOptions()
        elif isinstance(options, TableOptions):
            t = options
        elif isinstance(options, dict):
            t = TableOptions.from_dict(options)
        else:
            raise ValueError(f"options must be a TableOptions or a dict, not {type(options).__name__}")
        if kw:
            t = TableOptions.from_dict({**t.to_dict(), **kw})
        cdef int opts = 0
        if t.random_horus:
            opts |= OPT_RANDOM_HORUS
        if t.random_wheel:
            opts |= OPT_RANDOM_WHEEL
        if t.decree8:
            opts |= OPT_DECREE8
        if t.random_start:
            opts |= OPT_RANDOM_START
        if t.seth:
            opts |= OPT_SETH
        if t.vizier:
            opts |= OPT_VIZIER
        opts |= t.solo_bits(OPTION_BITS)       # solo Time of Seth variants (options.py)
        t.check_players(players)
        difficulty = t.difficulty
        cdef GameState g = GameState.__new__(GameState)
        init_state(&g.st, players, opts, DIFFICULTIES[difficulty], <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
        return g

    def clone(self):
        """An independent copy (one memory copy)."""
        cdef GameState g = GameState.__new__(GameState)
        memcpy(&g.st, &self.st, sizeof(State))
        return g

    def __copy__(self):
        return self.clone()

    def __eq__(self, other):
        if not isinstance(other, GameState):
            return NotImplemented
        return self.to_bytes() == (<GameState>other).to_bytes()

    # A GameState changes in place (apply, playout...): it is not hashable. Use
    # to_bytes() or to_string() as a key.
    __hash__ = None

    # --------------------------------------------------------------- queries
    def num_players(self):
        """Players at the table (1 = solo; OpenSpiel's ``num_players()``)."""
        return self.st.nplayers

    @property
    def num_seats(self):
        """Seats with pieces on the board (2 in solo: you and Botankhamun in seat 1)."""
        return self.st.nseats

    def table_options(self):
        """The :class:`~tekhenu_engine.options.TableOptions` this game was set up with."""
        from .options import DIFFICULTIES as _D, TableOptions
        o = self.st.options
        return TableOptions(random_horus=bool(o & OPT_RANDOM_HORUS), random_wheel=bool(o & OPT_RANDOM_WHEEL),
                            difficulty=_D[self.st.difficulty] if 0 <= self.st.difficulty < 3 else "easy",
                            decree8=bool(o & OPT_DECREE8), random_start=bool(o & OPT_RANDOM_START),
                            seth=bool(o & OPT_SETH), vizier=bool(o & OPT_VIZIER),
                            **TableOptions.solo_fields(o, OPTION_BITS))

    def current_player(self):
        """Seat to decide, CHANCE (-1) at a chance step, TERMINAL (-2) at the end."""
        return current_player(&self.st)

    def is_chance(self):
        """True when the next step is a chance event."""
        return current_player(&self.st) == -1

    def is_terminal(self):
        """True when the game is over."""
        return self.st.ntasks == 0

    def step_type(self):
        """The kind of the pending step (an int of the task enum; 0 when over)."""
        return self.st.tasks[self.st.ntasks - 1].type if self.st.ntasks else 0

    def step(self):
        """The pending step as a :class:`Step` ``(type, seat, a, b, c, d)`` named tuple (its
        ``name`` property gives the step type's name), or None at the end."""
        if self.st.ntasks == 0:
            return None
        cdef Task t = self.st.tasks[self.st.ntasks - 1]
        return Step(t.type, t.p, t.a, t.b, t.c, t.d)

    def legal_actions(self):
        """Legal actions of the pending decision (chance outcomes at a chance step;
        HiddenChanceError at a draw from a pile an observation cannot see)."""
        cdef int32_t buf[512]
        cdef double probs[512]
        cdef int n, i
        if self.st.ntasks == 0:
            return []
        if current_player(&self.st) == -1:
            self._check_chance_known()
            n = gen_chance(&self.st, buf, probs)
        else:
            n = gen_legal(&self.st, buf)
        return [buf[i] for i in range(n)]

    def chance_outcomes(self):
        """[(outcome, probability)] of the pending chance step ([] otherwise)."""
        cdef int32_t buf[512]
        cdef double probs[512]
        cdef int n, i
        if self.st.ntasks == 0 or current_player(&self.st) != -1:
            return []
        self._check_chance_known()
        n = gen_chance(&self.st, buf, probs)
        return [(buf[i], probs[i]) for i in range(n)]

    cdef int _hidden_cards(self, int deck):
        """Cards of this deck (-1: any deck) whose place this state does not know."""
        return unknown_cards(&self.st, deck)

    cdef int _check_chance_known(self) except -1:
        """HiddenChanceError when the chance step on top draws from a pile with hidden cards."""
        cdef Task* t
        if self.st.ntasks == 0:
            return 0
        t = &self.st.tasks[self.st.ntasks - 1]
        if t.type == CH_CARD and 0 <= t.a < 3 and self._hidden_cards(t.a):
            raise _errors.HiddenChanceError(
                f"an observation cannot draw from the {_data.CARD_TYPES[t.a]} pile: its cards are "
                "hidden from this seat (use resample(seed) for a full state)")
        return 0

    cdef int _check_overflow(self) except -1:
        """TaskStackOverflow when a push found the stack full (the core's overflow flag)."""
        if self.st.overflow:
            raise _errors.TaskStackOverflow("the task stack overflowed: a step was dropped (engine bug)")
        return 0

    def apply(self, int action):
        """Apply a legal action or chance outcome; raises ValueError (state unchanged) if illegal."""
        if self.st.ntasks == 0:
            raise ValueError("the game is over")
        if not is_legal(&self.st, action):
            raise ValueError(f"illegal action {action} at this step")
        apply_action(&self.st, action)
        self._check_overflow()

    def apply_unchecked(self, int action):
        """Apply without the legality check (for trusted callers in hot loops: an action that
        is not legal here is undefined behaviour)."""
        apply_action(&self.st, action)

    def sample_chance(self):
        """Draw the pending chance outcome with the state's own generator (not applied).

        ValueError when the step is not a chance step; HiddenChanceError (a ValueError) when an
        observation would draw from a pile whose cards it cannot see."""
        if current_player(&self.st) != -1:
            raise ValueError("not a chance step")
        self._check_chance_known()
        cdef int32_t a = sample_chance(&self.st)
        if a < 0:
            if self._hidden_cards(-1):
                raise _errors.HiddenChanceError("an observation cannot sample this chance step")
            raise ValueError("this chance step has no outcome to sample")
        return a

    def apply_chance(self):
        """Sample and apply the pending chance outcome; returns it (errors as sample_chance)."""
        a = self.sample_chance()
        apply_action(&self.st, a)
        self._check_overflow()
        return a

    def resolve_chance(self):
        """Apply sampled chance outcomes until a seat decides or the game ends; returns them."""
        out = []
        while self.st.ntasks and current_player(&self.st) == -1:
            out.append(self.apply_chance())
        return out

    def returns(self):
        """VP of every seat (final once the game is over)."""
        return [self.st.vp[p] for p in range(self.st.nseats)]

    def winner(self):
        """Winning seat by the rulebook's tie-breaks (most VP, then Scribes, then turn order)."""
        return winner(&self.st)

    def turn_order(self):
        """Seats in turn order."""
        return [self.st.turn_order[i] for i in range(self.st.nseats)]

    def score_breakdown(self, int seat):
        """VP gained by category so far (start 10 VP not included)."""
        return {VP_CATEGORIES[i]: self.st.breakdown[i][seat] for i in range(NVP)}

    def playout(self, seed=0):
        """Play random legal decisions to the end in compiled code (modifies this state).

        HiddenChanceError (state unchanged) on an observation with hidden cards: it could not
        draw from their piles; ``resample(seed)`` first."""
        cdef uint64_t r = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
        if self._hidden_cards(-1):
            raise _errors.HiddenChanceError("an observation with hidden cards cannot be played out: "
                                            "resample(seed) first")
        with nogil:
            playout_random(&self.st, &r)
        self._check_overflow()

    # --------------------------------------------------------------- hidden information
    def observation(self, int seat):
        """The state as seat sees it: other seats' Decrees and hidden draws masked.

        Cards whose place the seat cannot know are marked unknown; the counts of every
        hidden place stay. The chance generator is masked too (it would reveal future
        rolls). :meth:`resample` fills the unknowns back in.
        """
        cdef GameState g = self.clone()
        cdef State* s = &g.st
        cdef int c, loc, ty, cls
        # No reset of hidden_count: a full state has none, and an observation keeps its
        # counts, so the observation of an observation is the observation itself.
        for c in range(MAX_CARDS):
            ty = CARD_DECK[c]
            if ty < 0:
                continue
            loc = s.card_loc[c]
            cls = -1
            if loc == CL_PILE:
                cls = 12
            elif loc == CL_BOTTOM:
                cls = 13
            elif CL_HAND <= loc < CL_HAND + 4:
                if ty == 2 and loc - CL_HAND != seat and not is_bot(s, loc - CL_HAND):
                    cls = loc - CL_HAND
            elif CL_PENDING <= loc < CL_PENDING + 4:
                if loc - CL_PENDING != seat:
                    cls = 4 + loc - CL_PENDING
            elif CL_BOTTOMK <= loc < CL_BOTTOMK + 4:
                if loc - CL_BOTTOMK != seat:
                    cls = 8 + loc - CL_BOTTOMK
            if cls >= 0:
                s.hidden_count[ty][cls] += 1
                s.card_loc[c] = CL_UNKNOWN
        s.rng = 0
        return g

    def resample(self, seed):
        """A full state consistent with this observation: unknown cards dealt at random."""
        cdef GameState g = self.clone()
        cdef State* s = &g.st
        cdef uint64_t r = seed_state(<uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF), 7)
        resample_state(s, &r)
        return g

    # --------------------------------------------------------------- encodings (_encode.pxi, docs/rl.md)
    def action_index(self, int action, chance=None):
        """Dense index of a decision (in [0, N)) or, with chance=True, of a chance outcome (in
        [0, NC)); chance=None: the space of the pending step. ValueError when it has none."""
        if chance is None:
            chance = self.st.ntasks > 0 and current_player(&self.st) == -1
        cdef int j = enc_index(action, 1 if chance else 0)
        if j < 0:
            raise ValueError(f"action {action} has no dense index")
        return j

    def index_action(self, int index, bint chance=False):
        """The action of a dense index (a chance outcome with chance=True); ValueError if out of range."""
        cdef int n = enc_n(&self.st, 1 if chance else 0)
        if not 0 <= index < n:
            raise ValueError(f"dense index {index} outside [0, {n})")
        return ENC_ACT[1 if chance else 0][index]

    def legal_mask(self):
        """numpy bool array over the dense index: the legal actions (N long), or at a chance step
        the possible outcomes (NC long); all False once the game is over."""
        return enc_mask(&self.st)

    def observation_tensor(self, int seat):
        """float32 features of what seat sees now (docs/rl.md; no hidden information)."""
        if not 0 <= seat < self.st.nseats:
            raise ValueError(f"no seat {seat} at this table")
        cdef GameState g = self.observation(seat)
        return enc_tensor(&g.st, seat, 0)

    def information_state_tensor(self, int seat):
        """float32 features of what seat knows (its view plus what it remembers; docs/rl.md)."""
        if not 0 <= seat < self.st.nseats:
            raise ValueError(f"no seat {seat} at this table")
        cdef GameState g = self.observation(seat)
        return enc_tensor(&g.st, seat, 1)

    # --------------------------------------------------------------- serialisation
    def to_bytes(self):
        """The raw state (fixed size; task slots above the stack are zeroed)."""
        cdef State c = self.st
        memset(&c.tasks[c.ntasks], 0, sizeof(Task) * (64 - c.ntasks))
        return (<char*>&c)[:sizeof(State)]

    @staticmethod
    def layout():
        """(sizeof(State), bytes of its fields): equal when the struct has no padding,
        so that equal states have equal bytes."""
        cdef GameState g = GameState.__new__(GameState)
        cdef dict d = g.st
        def count(v):
            if isinstance(v, dict):
                return sum(count(x) for x in v.values())
            if isinstance(v, list):
                return sum(count(x) for x in v)
            return 4
        return sizeof(State), count(d) + 4   # rng is 8 bytes

    @staticmethod
    def from_bytes(bytes raw):
        """Load a state from :meth:`to_bytes` (checked: ValueError when malformed)."""
        cdef State probe
        # formats 1-3 have a breakdown of OLD_NVP rows: their bytes are 4 ints shorter from its end on
        cdef size_t row = sizeof(int) * MAXP
        cdef size_t bd_end = <size_t>(<char*>&probe.breakdown[OLD_NVP][0] - <char*>&probe)
        cdef size_t v1_size = <size_t>(<char*>&probe.dice_at[0] - <char*>&probe) - row   # format 1 ended there
        cdef size_t v2_size = <size_t>(<char*>&probe.seth_build[0] - <char*>&probe) - row   # format 2 ended there
        cdef size_t v3_size = sizeof(State) - row
        if len(raw) not in (sizeof(State), v1_size, v2_size, v3_size):
            raise ValueError(f"a state has {sizeof(State)} bytes, not {len(raw)}")
        cdef GameState g = GameState.__new__(GameState)
        memset(&g.st, 0, sizeof(State))
        memcpy(&g.st, <char*>raw, min(len(raw), 12))    # the rng and the version
        want = {1: v1_size, 2: v2_size, 3: v3_size}.get(g.st.version, sizeof(State))
        if len(raw) != want:
            raise ValueError(f"a state of format {g.st.version} has {want} bytes, not {len(raw)}")
        if g.st.version in OLD_STATE_VERSIONS:
            raw = raw[:bd_end] + bytes(row) + raw[bd_end:]   # the VP_SETH row, 0
        memcpy(&g.st, <char*>raw, len(raw))
        if g.st.version in OLD_STATE_VERSIONS:
            upgrade_state(&g.st)
        rebuild_dice_index(&g.st)
        g._validate()
        return g

    def to_string(self):
        """Compact text form: 'tk1:' + base64 of the compressed state."""
        return "tk1:" + _b64.urlsafe_b64encode(_zlib.compress(self.to_bytes(), 9)).decode("ascii")

    @staticmethod
    def from_string(str text):
        """Load a state from :meth:`to_string` (ValueError when malformed)."""
        if not text.startswith("tk1:"):
            raise ValueError("a serialised state starts with 'tk1:'")
        try:
            raw = _zlib.decompress(_b64.urlsafe_b64decode(text[4:].encode("ascii")))
        except Exception as e:
            raise ValueError(f"not a serialised state: {e}") from None
        return GameState.from_bytes(raw)

    def to_dict(self):
        """Every field of the state as plain Python data."""
        cdef dict d = self.st
        d["tasks"] = d["tasks"][: self.st.ntasks]
        return d

    def to_json(self, indent=None):
        """A readable JSON document of the whole state."""
        return _json.dumps(self.to_dict(), indent=indent)

    @staticmethod
    def from_dict(dict d):
        """Load from :meth:`to_dict` data; a StateError (a ValueError naming the field) when the
        document is malformed or not a consistent position (:mod:`tekhenu_engine.validate`)."""
        cdef GameState g = GameState._from_dict_raw(d)
        g._validate()
        return g

    @staticmethod
    def _from_dict_trusted(dict d):
        """For test positions only: load :meth:`to_dict` data with the memory-safety checks
        but not the consistency checks of :func:`tekhenu_engine.validate.check_state` (a
        hand-built position may break conservation, e.g. Population 12 with the third Market
        section closed). The public loaders never take this path."""
        cdef GameState g = GameState._from_dict_raw(d)
        g._validate_memory()
        return g

    @staticmethod
    def _from_dict_raw(dict d):
        d = dict(d)
        if "reserved" in d and "overflow" not in d:     # the field's name before the push guard
            d["overflow"] = d.pop("reserved")
        if d.get("version") in OLD_STATE_VERSIONS:
            if isinstance(d.get("breakdown"), list) and len(d["breakdown"]) == OLD_NVP:
                d["breakdown"] = list(d["breakdown"]) + [[0] * MAXP]   # format 4's VP_SETH row
            d["version"] = STATE_VERSION      # format 1 has the fields up to tasks (see upgrade_state)
            d.setdefault("dice_at", [0] * 8)
            for k, v in APPENDED_FIELDS.items():   # format 2 ended with dice_at (format 3 has them)
                d.setdefault(k, list(v) if isinstance(v, list) else v)
        try:
            tasks = list(d["tasks"])
            d["tasks"] = tasks + [{"type": 0, "p": 0, "a": 0, "b": 0, "c": 0, "d": 0}] * (64 - len(tasks))
            if len(tasks) > 64:
                raise ValueError("too many tasks")
            st = <State>d
        except (KeyError, TypeError, OverflowError, IndexError) as e:
            raise ValueError(f"malformed state document: {e!r}") from None
        cdef GameState g = GameState.__new__(GameState)
        g.st = st
        rebuild_dice_index(&g.st)
        return g

    @staticmethod
    def from_json(str text):
        """Load from :meth:`to_json` (ValueError when malformed)."""
        try:
            d = _json.loads(text)
        except ValueError as e:
            raise ValueError(f"not JSON: {e}") from None
        if not isinstance(d, dict):
            raise ValueError("a state document is a JSON object")
        return GameState.from_dict(d)

    def _validate(self):
        """Refuse a state that is not consistent: :func:`tekhenu_engine.validate.check_state`
        raises a :class:`~tekhenu_engine.validate.StateError` (a ValueError naming the field)."""
        from .validate import check_state
        if self.st.version != STATE_VERSION:
            raise _errors.StateError("version", f"version {self.st.version}: this engine reads formats "
                                     f"{', '.join(map(str, OLD_STATE_VERSIONS))} and {STATE_VERSION}")
        cdef dict d = self.st
        check_state(d)
        # the state was run forward: the step on top is a real choice (as advance() leaves it)
        cdef int32_t buf[512]
        cdef double probs[512]
        cdef int n, ty
        if self.st.ntasks == 0:
            return
        ty = self.st.tasks[self.st.ntasks - 1].type
        if ty >= A_NEXT_TURN:
            raise _errors.StateError("tasks", f"the step on top ({STEP_NAMES.get(ty, ty)}) is automatic: "
                                     "a loaded state waits for a decision or a chance outcome")
        cdef int q = self.st.tasks[self.st.ntasks - 1].p, k
        if ty <= CH_LAST:
            if ty == CH_CARD and self._hidden_cards(self.st.tasks[self.st.ntasks - 1].a):
                return      # an observation at a hidden draw: its outcomes are unknown
            n = gen_chance(&self.st, buf, probs)
        else:
            if 0 <= q < 4 and (ty == D_KEEP or ty == D_DECREES or ty == D_BLESS):
                for k in range(3):
                    if self.st.hidden_count[k][q] or self.st.hidden_count[k][4 + q] or self.st.hidden_count[k][8 + q]:
                        return  # another seat's choice over cards this observation cannot see
                        # (its pending cards to keep, its Decrees to score)
            n = gen_legal(&self.st, buf)
        if n < 2:
            raise _errors.StateError("tasks", f"the step on top ({STEP_NAMES.get(ty, ty)}) has {n} "
                                     "outcome(s): the game would have run on by itself")

    def _validate_memory(self):
        """The checks of a test position (_from_dict_trusted): only that the compiled code can
        index every value safely; not that the position is consistent."""
        cdef State* s = &self.st
        cdef int i, j
        def bad(msg):
            raise ValueError("impossible state: " + msg)
        if s.version != STATE_VERSION:
            bad(f"version {s.version}: this engine reads formats {', '.join(map(str, OLD_STATE_VERSIONS))} "
                f"and {STATE_VERSION}")
        if s.nplayers not in (1, 2, 3, 4) or s.nseats != (2 if s.nplayers == 1 else s.nplayers):
            bad("player count")
        if not (0 <= s.ntasks <= MAX_TASKS):   # the push guard keeps a full stack safe
            bad("task stack size")
        for i in range(s.ntasks):
            t = s.tasks[i]
            if not (1 <= t.type <= 99) or not (-1 <= t.p < s.nseats):
                bad(f"task {i}")
            if t.type >= 20 and t.type < 60 and t.p < 0:
                bad(f"decision task {i} without a seat")
            if t.type in (D_HORUS, D_HATHOR, D_THOTH_REFRESH, D_OSIRIS, A_BASTET_RES) and not (1 <= t.a <= 6):
                bad(f"task {i} die value")
            if t.type == A_HORUS_RES and not (0 <= t.a <= (ST_SETH_GOD if seth_on(s) else 4)):  # the Statue target
                bad(f"task {i} Statue target")
            if t.type in (D_RA_SPACE, D_RA_ROT, A_RA_RES) and not (0 <= t.a <= 2):
                bad(f"task {i} Ra slot")
            if t.type in (D_THOTH_CARD, A_THOTH_DISCARD, A_MARKET_OPEN) and not (0 <= t.a <= 3):
                bad(f"task {i} market section")
            if t.type == CH_CARD and not (0 <= t.a <= 2 and 0 <= t.c < 15):
                bad(f"task {i} card draw")
            if t.type == CH_DIE and not (0 <= t.a <= 6):
                bad(f"task {i} die section")
            if t.type == CH_TIE and not (0 <= t.a <= 16):
                bad(f"task {i} tie")
            if t.type == CH_PYRAMID and not (0 <= t.a < 10):
                bad(f"task {i} pyramid place")
            if t.type in (CH_PYRAMID, CH_DEBEN, A_BOT_TAKE, A_BOT_ACT, A_BOT_DONE) and s.nplayers != 1:
                bad(f"task {i}: Botankhamun's step outside a solo game")
            if t.type == A_RA_RES and not (0 <= t.b < 25 and 0 <= t.c < 4):
                bad(f"task {i} Ra placement")
            if t.type == A_HATHOR_RES and not (0 <= t.a < 18):
                bad(f"task {i} building space")
            if t.type == A_OSIRIS_RES and not (0 <= t.b < 4):
                bad(f"task {i} district")
            if t.type == D_PAY and not (0 <= t.a < (1 << COST_BITS)):
                bad(f"task {i} cost")
        if not (0 <= s.arrow < 6 and 0 <= s.ndice <= 32 and -1 <= s.turn_idx <= s.nseats):
            bad("wheel, dice or turn")
        for i in range(s.ndice):
            if not (0 <= s.die_colour[i] < 8 and 0 <= s.die_value[i] <= 6):
                bad(f"die {i}")
        for i in range(s.nseats):
            if not (0 <= s.turn_order[i] < s.nseats):
                bad("turn order")
            if not (0 <= s.statues[i] <= 6 and 0 <= s.buildings[i] <= 10 and 0 <= s.pillars[i] <= 8):
                bad(f"pieces of seat {i}")
            if not (-1 <= s.destiny[i] < 4):
                bad(f"destiny of seat {i}")
            if not (0 <= s.happiness[i] <= s.population[i] <= 21):
                bad(f"populace of seat {i}")
            for j in range(4):
                if not (0 <= s.prod[i][j] <= 6) or s.res[i][j] < 0:
                    bad(f"resources of seat {i}")
            if s.gold[i] < 0 or s.scribes[i] < 0 or s.faith[i] < 0 or s.vp[i] < 0:
                bad(f"stock of seat {i}")
        for i in range(6):
            if not (-1 <= s.horus_slot_god[i] < 6):
                bad("Horus tiles")
        for i in range(25):
            if not (0 <= s.temple_tile[i] <= 27 and 0 <= s.temple_rot[i] < 4 and -1 <= s.temple_owner[i] < s.nseats):
                bad(f"temple space {i}")
        for i in range(3):
            if not (0 <= s.ra[i] <= 27):
                bad("Ra display")
        for i in range(15):
            if not (-1 <= s.market[i] < 128):
                bad("market")
        for i in range(128):
            if not (0 <= s.card_loc[i] < 20):
                bad(f"card {i}")
        for i in range(28):
            if not (0 <= s.pillar_loc[i] <= 2):
                bad("pillar tiles")
        for i in range(12):
            if not (0 <= s.start_loc[i] <= 6):
                bad("starting cards")
        for i in range(BOT_PYRAMID_SIZE):
            if not (0 <= s.bot_pyramid[i] < (PYR_TILES_SETH if solo_seth(s) else PYR_N)):
                bad("pyramid")
        if not (-1 <= s.bot_pos < PYR_N):
            bad("pyramid marker")
        if not (-1 <= s.cur_die < 32 and 0 <= s.cur_value <= 6 and 0 <= s.cur_section <= 6 and 0 <= s.cur_colour < 8):
            bad("current die")

    # --------------------------------------------------------------- raw views
    def field(self, str name):
        """One field of the state by name (see docs/state.md)."""
        cdef dict d = self.st
        if name not in d:
            raise KeyError(name)
        return d[name]

    def push_step(self, int type, int seat=-1, int a=0, int b=0, int c=0, int d=0):
        """Push one step onto the task stack and run forward to the next choice.

        For building test and analysis positions (e.g. an automatic step such as a
        Scoring; the game clock may then be off, so the result need not reload). ValueError,
        state unchanged, when the stack is full, the step is not valid
        (:func:`tekhenu_engine.validate.check_steps`) or the values could not be indexed.
        """
        cdef State saved = self.st
        if self.st.ntasks >= 48:
            raise ValueError("task stack full")
        push(&self.st, type, seat, a, b, c, d)
        try:
            self._validate_memory()
            from .validate import check_steps
            check_steps(self.st)
        except ValueError:
            self.st = saved
            raise
        advance(&self.st)
        self._check_overflow()

    def set_field(self, str name, value):
        """Overwrite one field (for building test positions); the result is validated."""
        d = self.to_dict()
        if name not in d:
            raise KeyError(name)
        d[name] = value
        g = GameState.from_dict(d)
        self.st = (<GameState>g).st


cdef void upgrade_state(State* s) noexcept nogil:
    """A state saved by format 1 (the first core), 2 or 3 as format 4.

    Format 2 appends a derived index (dice_at, rebuilt on loading) to the struct; the fields
    of format 1 keep their places. Encodings that changed are not stored in a state
    (actions: Produce became K_PRODUCE) or stored compatibly (a D_PAY cost keeps its four
    Resource fields where they were; the Soldiers, Priests and Faith fields above them are 0).
    Format 3 appends the Time of Seth fields; an older state has no expansion, so they get
    the values of a game without the option (seth_clear_fields). Format 4 adds the breakdown's
    VP_SETH row, which the loaders insert as 0 (a format-3 state keeps its Seth VP in the
    categories format 3 counted them in; its total is unchanged)."""
    if s.version < 3:
        seth_clear_fields(s)
    s.version = STATE_FORMAT
    rebuild_dice_index(s)


cdef int unknown_cards(State* s, int deck) noexcept nogil:
    """How many cards of a deck (DECK_IDS; -1: of any deck) the state does not know the place of: an
    observation's hidden cards, 0 in a full state. The Time of Seth cards count in their decks."""
    cdef int c, j, n = 0
    if deck < 0:
        for c in range(MAX_CARDS):
            if s.card_loc[c] == CL_UNKNOWN:
                n += 1
        return n
    if deck >= NDECKS:
        return 0
    for j in range(DECK_N[deck]):
        if s.card_loc[DECK_IDS[deck][j]] == CL_UNKNOWN:
            n += 1
    return n


cdef void resample_state(State* s, uint64_t* r) noexcept nogil:
    """Deal the unknown cards of an observation to the hidden places, counts kept."""
    cdef int ty, c, n, i, j, k, cls, tmp
    cdef int pool[MAX_CARDS]
    for ty in range(NDECKS):
        n = 0
        for j in range(DECK_N[ty]):
            c = DECK_IDS[ty][j]
            if s.card_loc[c] == CL_UNKNOWN:
                pool[n] = c
                n += 1
        for i in range(n - 1, 0, -1):
            j = rng_int(r, i + 1)
            tmp = pool[i]
            pool[i] = pool[j]
            pool[j] = tmp
        k = 0
        for cls in range(14):
            for i in range(s.hidden_count[ty][cls]):
                if k >= n:
                    break
                c = pool[k]
                k += 1
                if cls < 4:
                    s.card_loc[c] = CL_HAND + cls
                elif cls < 8:
                    s.card_loc[c] = CL_PENDING + cls - 4
                elif cls < 12:
                    s.card_loc[c] = CL_BOTTOMK + cls - 8
                elif cls == 12:
                    s.card_loc[c] = CL_PILE
                else:
                    s.card_loc[c] = CL_BOTTOM
            s.hidden_count[ty][cls] = 0
        while k < n:
            s.card_loc[pool[k]] = CL_PILE
            k += 1
    s.rng = rng_next(r)


# ----------------------------------------------------------------------------- search support
cdef int chance_visible(State* s, int seat) noexcept nogil:
    """Whether seat sees the outcome of the chance step on top (the masking of observation()).

    A card drawn for another seat's keep choice is hidden, and so is a Decree dealt
    into another (human) seat's hand; every other outcome is public.
    """
    cdef Task* t = &s.tasks[s.ntasks - 1]
    if t.type != CH_CARD:
        return 1
    if t.b == 1:
        return t.c == seat
    if t.b == 2 and t.a == 2:
        return t.c == seat or is_bot(s, t.c)
    return 1

cdef int decision_visible(State* s, int seat) noexcept nogil:
    """Whether seat sees which action the seat deciding on top takes.

    Only another seat's choice of which Decree to keep is hidden (the kept Decree goes
    to a hidden hand, the other to a hidden place).
    """
    cdef Task* t = &s.tasks[s.ntasks - 1]
    if t.type == D_KEEP and t.p != seat and t.a == 2:
        return 0
    return 1


def random_playouts(int players, int games, seed=0, int difficulty=0, int options=-1, bint seth=False):
    """Play `games` random games to the end in compiled code; returns (games, decisions).

    difficulty (0 easy, 1 medium, 2 hard) sets Botankhamun's level in solo games; options: the
    core's option bits (default -1: random Horus tiles and wheel); seth adds the Time of Seth
    option (2-4 players).
    """
    if options < 0:
        options = OPT_RANDOM_HORUS | OPT_RANDOM_WHEEL
    if seth:
        options |= OPT_SETH
    cdef State s
    cdef uint64_t r = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
    cdef int g, n
    cdef long long decisions = 0
    cdef int32_t buf[512]
    with nogil:
        for g in range(games):
            init_state(&s, players, options, difficulty, rng_next(&r))
            n = -1 if s.tasks[s.ntasks - 1].type <= CH_LAST else gen_legal(&s, buf)
            while n != 0:
                if n < 0:
                    apply_one(&s, sample_chance(&s))
                else:
                    apply_one(&s, buf[rng_int(&r, n)])
                    decisions += 1
                n = advance_legal(&s, buf)
    return games, decisions



def _fire(GameState g, int seat, str event, int god=-1, int value=0, int flags=0, str source=""):
    """Fire a trigger-layer event for seat on g (for tests of data.TRIGGERS rows). A source
    event (data.SOURCE_EVENTS) takes the tile or card name as `source` (e.g. "P01")."""
    cdef int e = _data.EVENTS.index(event)
    if event in _data.SOURCE_EVENTS:
        return fire_source(&g.st, seat, e, _source_id(event, source))
    fire(&g.st, seat, e, god, value, flags)


def _seth_cultist(GameState g, int seat, str event, int subject=0):
    """Time of Seth: seat meets a Cultist condition (data.CULTIST_EVENTS; subject: the Temple
    space of a Pillar) on g, then the game runs on to its next choice (for tests of data.CULTISTS,
    e.g. Cult04's Seth-board Building)."""
    seth_cultist(&g.st, seat, _data.CULTIST_EVENTS.index(event), subject)
    advance(&g.st)


def _set_vp(GameState g, int seat, int payload):
    """VP of a Decree set (a K_DECREES payload: up to three card ids + 1, 7 bits each) for seat on
    g, as the final scoring counts it (for tests of the Decrees, e.g. DX01-DX04)."""
    return set_vp(&g.st, seat, payload)

def _best_decree_vp(GameState g, int seat):
    """(best_decree_vp, VP of gen_decree_sets' first set) for seat on g: the fast best Decree set
    value the tuned playout policy reads, next to the rules' own listing (for tests)."""
    cdef int32_t out[256]
    cdef int n = gen_decree_sets(&g.st, seat, out)
    return best_decree_vp(&g.st, seat), (set_vp(&g.st, seat, out[0] & 0xFFFFFF) if n > 0 else 0)

include "_invariants.pxi"
include "_benchkit.pxi"
