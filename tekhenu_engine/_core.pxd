# cython: language_level=3
"""C-level declarations of the rules core, shared by the compiled agents."""
from libc.stdint cimport uint64_t, uint32_t, int32_t

cdef enum:
    # format of a saved state (State.version). 4: the breakdown has a 13th row, VP_SETH (a state of
    # formats 1-3 loads with it 0: upgrade_state, GameState.from_bytes / from_dict). 3: the Time of Seth fields appended to the struct
    # (from seth_build on; a format-2 state is format 3 without them, loaded by upgrade_state
    # with the fields as a game without the option has them). 2: the second-generation core
    # (Produce is its own action kind K_PRODUCE, costs may name Soldiers, Priests and Faith);
    # format 1 (the first core) has the format-2 layout up to dice_at and stores no action in a
    # state, so it loads by upgrade_state too.
    STATE_FORMAT = 4

cdef enum:
    MAXP = 4
    MAX_DICE = 32
    MAX_CARDS = 128
    BOT_PYRAMID_SIZE = 10   # places of Botankhamun's pyramid in the State (data.BOT_PYRAMID_ROWS must fit)
    MAX_TASKS = 64
    MAX_LEGAL = 512
    NT = 25        # temple spaces
    NB = 18        # building spaces
    NMARKET = 15

# ----------------------------------------------------------------------------- enums
# Defined once here; _core.pyx exports them to Python (ENUMS, ACTION_KINDS, STEP_TYPES, ...)
# and _search.pyx cimports them.
cdef enum:
    # die locations
    DL_BAG = 0          # 1..6: wheel section god+1; 7: Seth board
    DL_SETH = 7
    DL_PURE = 10        # + seat
    DL_TAINT = 20       # + seat
    DL_ANUBIS = 30      # + seat (below the scales)
    DL_BOT = 40         # + seat (beside Botankhamun's pyramid)
    DL_BOX = 99

cdef enum:
    # card locations
    CL_PILE = 0
    CL_DISCARD = 1
    CL_BOX = 2
    CL_MARKET = 3
    CL_UNKNOWN = 4
    CL_BOTTOM = 5
    CL_BOT = 6          # Botankhamun's face-down pile (cards without effect)
    CL_HAND = 8         # + seat
    CL_PENDING = 12     # + seat
    CL_BOTTOMK = 16     # + seat that knows it

cdef enum:
    # task types: chance steps 1-19, decisions 20-59, automatic 60+
    CH_WHEEL = 1
    CH_HORUS = 2
    CH_DIE = 3
    CH_PILLAR = 4
    CH_CARD = 5
    CH_REVEAL = 6
    CH_FIRST = 7
    CH_DEBEN = 8
    CH_TIE = 9
    CH_BOTDESTINY = 10
    CH_PICKSTART = 11
    CH_PYRAMID = 12     # Botankhamun's pyramid: tile for place task.a
    CH_SETH_ROLL = 13   # Time of Seth: a gray die from the bag rolled onto the Seth board (seth/board.pxi)
    CH_CONQUEST = 14    # Time of Seth: the next Conquest tile turned face up (seth/board.pxi)
    CH_LAST = 19
    D_KEEP = 20
    D_DRAFT = 21
    D_DESTINY = 22
    D_GAIN = 23
    D_TAKE = 24
    D_ADJUST = 25
    D_ACTION = 26
    D_HORUS = 27
    D_RA_SPACE = 28
    D_RA_ROT = 29
    D_HATHOR = 30
    D_OSIRIS = 31
    D_THOTH_REFRESH = 32
    D_THOTH_CARD = 33
    D_PAY = 34
    D_FAITH = 35
    D_BREAD = 36
    D_DECREES = 37
    D_EXTRA = 38
    D_BLESS = 39
    D_VZ_DISCARD = 50   # Vizier's Challenge (flow/vizier.pxi): the first player's Destiny discard
    D_VZ_PLACE = 51     # ... and where the first player moves the Vizier
    D_CONQUEST = 40     # Time of Seth: the Temple space of the face-up Conquest tile (seth/action.pxi)
    D_SETH_AS = 41      # Time of Seth: an Anubis die counts as red or blue (seth/dice.pxi)
    D_LAST = 59
    A_NEXT_TURN = 60
    A_TURN = 61
    A_PLACE_DIE = 62
    A_END_TURN = 63
    A_HORUS_RES = 64
    A_RA_RES = 65
    A_HATHOR_RES = 66
    A_BASTET_RES = 67
    A_THOTH_PAY = 68
    A_OSIRIS_RES = 69
    A_PRODUCE = 70
    A_BONUS = 71
    A_ROTATION = 72
    A_MAAT = 73
    A_MAAT_ORDER = 74
    A_SCORING = 75
    A_MAAT_END = 76
    A_REFILL = 77
    A_FINAL = 78
    A_SETUP = 79
    A_INIT_ORDER = 80
    A_REWARDS = 81
    A_RA_SLIDE = 82
    A_THOTH_DISCARD = 83
    A_KEEP_RETURN = 84
    A_DESTINY_ROUND = 85
    A_BREAD_CHECK = 86
    A_BOT_TURN = 87
    A_BOT_TAKE = 88
    A_BOT_ACT = 89
    A_WINNER = 90
    A_GOD = 91
    A_MARKET_OPEN = 92
    A_BOT_DONE = 93     # 93-99: Botankhamun's own automatic steps (solo/)
    A_SETH_RES = 94     # Time of Seth: the Seth God Action after its Soldiers are paid (seth/action.pxi)

cdef enum:
    # action kinds (high byte of an action)
    K_PASS = 1
    K_ROLL = 2        # chance: colour*6 + value-1
    K_WHEEL = 3       # chance: arrow god
    K_HORUS_TILE = 4  # chance: god for the next slot
    K_TILE = 5        # chance: pillar tile 1..27
    K_DRAW = 6        # chance: card id
    K_REVEAL = 7      # chance: starting card 0..11
    K_FIRST = 8       # chance: seat
    K_DEBEN = 9       # chance: 0 pharaoh, 1 snake
    K_TIE = 10        # chance: index
    K_KEEP = 11       # card id
    K_DRAFT = 12      # starting card 0..11
    K_DESTINY = 13    # destiny 0..3
    K_GAIN = 14       # gain item
    K_TAKE = 15       # take_payload(section, colour, value) | TAKE_NO_ACTION or TAKE_ANUBIS
    K_VALUE = 16      # value
    K_ACT = 17        # God action 0-6 (0-5 the base gods; 6 kept for Seth)
    K_STATUE = 18     # 0 god, 1+k people space k
    K_SPACE = 19      # temple space 0..24
    K_ROT = 20
    K_BUILD = 21      # building space 0..17
    K_DISTRICT = 22
    K_REFRESH = 23    # section
    K_SECTION = 24    # section
    K_CARD = 25       # card id
    K_PAY = 26        # packed spend P,B,L,G,Au (3 bits each)
    K_FAITH = 27      # net faith + 32
    K_BREAD = 28      # bread<<4 | gold
    K_DECREES = 29    # up to 3 card ids + 1 (7 bits each)
    K_EXTRA = 30      # action code (ACT_*) << 4 | value
    K_BLESS = 31      # play a blessing card id
    K_BOTDESTINY = 32 # chance: destiny card
    K_PYRAMID = 33    # chance: Botankhamun action tile 0..9
    K_PRODUCE = 34    # Produce Resources: 0 the die's colour, 1+r Resource r (Anubis / extra)
    K_VZ_DISCARD = 40 # Vizier's Challenge: the Destiny card 0..3 the first player discards
    K_VIZIER = 41     # Vizier's Challenge: the God action area 0..6 (6 the Seth board) it moves to
    K_CONQUEST = 35   # chance: Conquest tile 0..11 turned face up
    K_CQSPACE = 36    # Temple space 0..24 of the face-up Conquest tile
    K_AS = 37         # an Anubis die counts as 1 red (Soldiers) / 2 blue (Priests)

cdef enum:
    # the payload of a K_TAKE action: section << 8 | colour << 4 | value (take_payload), plus one flag
    TAKE_NO_ACTION = 0x4000   # the die is taken without an action (no die allows one)
    TAKE_ANUBIS = 0x8000      # the die is taken with Anubis (2 Scribes: any action)

cdef inline int take_payload(int section, int colour, int value) noexcept nogil:
    """A K_TAKE payload without its flags: the die of `colour` and `value` in wheel `section`
    (ACT_SETH: the Seth board)."""
    return (section << 8) | (colour << 4) | value

cdef inline int take_section(int x) noexcept nogil:
    """The section of a K_TAKE action or payload (a wheel section 0-5, ACT_SETH the Seth board)."""
    return (x >> 8) & 0x3F

cdef inline int take_colour(int x) noexcept nogil:
    """The die colour of a K_TAKE action or payload."""
    return (x >> 4) & 0xF

cdef inline int take_value(int x) noexcept nogil:
    """The die value of a K_TAKE action or payload."""
    return x & 0xF

cdef enum:
    # action codes of push_action and of K_EXTRA payloads: a God (0-6), or Produce
    ACT_SETH = 6          # Time of Seth's 7th God action (no base-game action uses it)
    NGOD_ACTIONS = 7
    ACT_PRODUCE = 7       # Produce with the die's colour
    ACT_PRODUCE_RES = 8   # + r: Produce Resource r (an Anubis die, or an extra action)

cdef enum:
    # a cost (D_PAY task.a): 3 bits per item at these shifts; Gold stands in for the four
    # Resources only, Soldiers, Priests and Faith are paid as they are
    COST_P = 0
    COST_B = 3
    COST_L = 6
    COST_G = 9
    COST_SOLDIERS = 12
    COST_PRIESTS = 15
    COST_FAITH = 18
    COST_BITS = 21
    PAY_FAITH_SHIFT = 19    # K_PAY payload: Faith paid in place of Soldiers (Time of Seth's TX02, 3 bits)

cdef enum:
    # kinds of cards and tiles outside the decks, each with its own index range (data.CARD_KINDS)
    KIND_STARTING = 0
    KIND_DESTINY = 1
    KIND_PILLAR = 2
    KIND_CULTIST = 3
    KIND_ARTIFACT = 4
    KIND_CONQUEST = 5
    NKINDS = 6

cdef enum:
    # trigger layer (effects/triggers.pxi): events, and the sizes of the effect table
    EV_GOD_ACTION = 0          # held-card events (data.HELD_EVENTS), in data order
    EV_PRODUCE = 1
    EV_HORUS_BONUS = 2
    EV_DIE_TAKEN = 3
    EV_BLESSING_DISCARDED = 4
    EV_MAAT_FAITH = 5
    EV_MAAT_ORDER = 6
    EV_SETH_ACTION = 7         # Time of Seth (seth/action.pxi)
    EV_SETH_BUILDING = 8
    EV_PILLAR = 9              # source events (data.SOURCE_EVENTS)
    EV_STARTING_CARD = 10
    EV_DESTINY = 11
    NEVENTS = 12
    MAX_EFFECTS = 64
    MAX_EFFECT_REWARDS = 4

cdef enum:
    # gain items for D_GAIN
    G_P = 0
    G_B = 1
    G_L = 2
    G_G = 3
    G_POP1 = 4
    G_HAP1 = 5
    G_POP2 = 6
    G_FAITH3 = 7
    G_PRODP = 8       # +1 production track P..G (8..11)
    G_NONE = 12
    G_SOL = 13        # Time of Seth: 1 Soldier (seth/starting.pxi, BX01/BX02)
    G_PRI = 14        # Time of Seth: 1 Priest
    G_ITEMS = 15      # gain items 0..G_ITEMS-1

cdef enum:
    # decks (card table data.CARD_DECKS; also the slot types of data.MARKET_SECTIONS)
    DECK_BLESSING = 0
    DECK_TECH = 1
    DECK_DECREE = 2
    NDECKS = 3

cdef enum:
    # VP breakdown categories
    VP_DISTRICTS = 0
    VP_TEMPLE = 1
    VP_STATUES = 2
    VP_HAPPINESS = 3
    VP_PRODUCTION = 4
    VP_BUILDROW = 5
    VP_BREAD = 6
    VP_MAAT = 7
    VP_DECREES = 8
    VP_TURNORDER = 9
    VP_ACTIONS = 10
    VP_BOT = 11
    VP_SETH = 12      # Time of Seth: the Seth board and the Seth God Action (docs/rules-notes.md)
    NVP = 13          # number of VP categories (VP_CATEGORIES)

cdef enum:
    # flags of a god action
    F_NOHAP = 1       # Osiris without the Happiness loss
    F_FREE = 2        # pay no Resources (D23)
    F_ONLY_LG = 4     # Osiris: quarry only
    F_ONLY_PB = 8     # Osiris: workshop only
    F_EXTRA = 16      # not the turn's main action

# options
cdef enum:
    OPT_RANDOM_HORUS = 1
    OPT_RANDOM_WHEEL = 2
    OPT_DECREE8 = 4
    OPT_RANDOM_START = 8
    OPT_SETH = 16           # the Time of Seth expansion (seth/*.pxi)
    OPT_VIZIER = 32         # the Vizier's Challenge (2 players; flow/vizier.pxi)
    OPT_SOLO_DRAW22 = 64    # solo Time of Seth (solo/seth.pxi): the player draws 2 Starting cards + 2 Cultists
    OPT_SOLO_DRAW32 = 128   # ... 3 + 2 (the standard draw is 3 + 1)
    OPT_SOLO_ART2 = 256     # ... 2 Artifacts (harder; standard 3)
    OPT_SOLO_ART4 = 512     # ... 4 Artifacts (easier)
    OPT_BOT20 = 1024        # ... Botankhamun has 20 Buildings (standard 10)

cdef enum:
    # Time of Seth piece locations (State.conquest_loc, cult_loc, art_loc). A pile whose order
    # nobody knows (the Conquest stack below its face-up tile, the undrawn Cultists and
    # Artifacts) is an unordered set: the next one is drawn by a chance step, so no order is
    # ever in the state and an observation has nothing to mask there.
    CQ_BOX = 0              # not in the game (the option off)
    CQ_STACK = 1            # face down in the Conquest stack
    CQ_FACEUP = 2           # the face-up tile on top of the stack
    CQ_TEMPLE = 10          # + Temple space 0..24
    SP_BOX = 0              # Cultist / Artifact: in the box, not drawn (or the option off)
    SP_DISPLAY = 1          # displayed (Cultists: for the draft; Artifacts: beside their Destiny card)
    SP_GONE = 2             # out of the game, face up (a Cultist nobody drafted, a used Artifact)
    SP_SEAT = 10            # + seat: owned (Cultist) / held, not yet used (Artifact)
    N_SETH_REGIONS = 6
    N_SETH_SPACES = 12      # 6 regions x 2 Building spaces (region * 2 + space)
    N_SETH_PEOPLE = 2       # Statues for the people under the left / right column
    N_SETH_GOD = 3          # Statues in honour of Seth (1/2/3 usable at 2/3/4 players)
    N_CONQUEST = 12
    N_CULTISTS = 7
    N_ARTIFACTS = 8

cdef enum:
    # Time of Seth, setup and cards (seth/*.pxi): step types and action kinds, numbered from the
    # top of their ranges so that the Seth board's own steps can take the next free numbers
    D_SETH_CONVERT = 55   # Cult05 / Cult07: another seat may convert 1 Resource (task.a: Cultist)
    D_ARTIFACT = 56       # use an Artifact between actions (task.a: ART_AT_START / ART_AT_END)
    D_ART_ACTION = 57     # Art02: the action at value 3 or 4
    K_CONVERT = 60        # Resource 0-3, 4 Gold, 15 none
    K_USE = 61            # Artifact 0-7

cdef enum:
    # Time of Seth, Horus on the Seth board (seth/horus.pxi): the Statue targets of K_STATUE and
    # A_HORUS_RES past the base ones (0 god, 1-4 people), and the step of each free Thoth action
    ST_SETH_PEOPLE = 5    # 5 / 6: a Statue for the people under the left / right column
    ST_SETH_GOD = 7       # a Statue in honour of Seth
    D_SETH_GODACT = 42    # a God action without a die (a: god, b: value), performed if possible when its
                          # turn comes: each Thoth 1 of a Seth Statue for the people, CQ08 / CQ09

cdef struct Task:
    int type
    int p
    int a
    int b
    int c
    int d

cdef struct State:
    # Two 2-D arrays with the same first dimension must have the same second one: Cython's
    # dict -> struct conversion (from_dict) shares one temporary per first dimension, and
    # a wider row would be written past it (tests/test_serialise.py checks the shapes).
    uint64_t rng          # drives sample_chance only; masked in observations
    int version
    int nplayers          # 1 = solo against Botankhamun (seat 1), else 2-4
    int nseats
    int options
    int difficulty
    int arrow
    int round             # rounds completed
    int turn_idx
    int maat_count
    int scoring_count
    int terminal
    int cur_player
    int first_player
    int turn_order[4]
    # dice
    int ndice
    int die_colour[32]
    int die_value[32]
    int die_loc[32]
    # board
    int horus_slot_god[6]
    int statue_god[6][4]
    int people[4]
    int people_gold[4]
    int osiris[6][4]
    int osiris_row2_gold
    int temple_tile[25]
    int temple_rot[25]
    int temple_owner[25]
    int bspace[18]
    int ra[3]
    int pillar_loc[28]
    # cards
    int card_loc[128]
    int market[15]
    int market_open[4]
    int start_loc[12]
    int destiny_owner[4]
    int hidden_count[3][16]
    # players
    int vp[4]
    int happiness[4]
    int population[4]
    int gold[4]
    int scribes[4]
    int faith[4]
    int res[4][4]
    int prod[4][4]
    int excess[4]
    int pure_sum[4]
    int taint_sum[4]
    int ndice_board[4]
    int statues[4]
    int buildings[4]
    int pillars[4]
    int destiny[4]
    int hap_flags[4]
    int balance[4]
    int soldiers[4]
    int priests[4]
    int blood[4]
    int turn_flags[4]
    int final_vp[4]
    int breakdown[NVP][4]  # [VP category][seat] (format 4: NVP 13; formats 1-3 had 12 rows)
    # current turn
    int cur_die
    int cur_value
    int cur_section
    int cur_anubis
    int cur_colour
    # Botankhamun (see solo/ and docs/botankhamun.md)
    int bot_pyramid[BOT_PYRAMID_SIZE]   # tile per place: rows of 4, 3, 2, 1 from the base, left to right
    int bot_pos           # place of the Progress marker (-1: left of the base)
    int bot_turns         # turns it has played this game
    int bot_log[25]       # its last turn, fields BL_* of solo/botankhamun.pxi
    # task stack
    int ntasks
    int overflow         # 1: a push found the task stack full (the step was dropped); keeps the struct free of padding
    Task tasks[64]
    # derived index (rebuilt by rebuild_dice_index on loading; format 1 ended above): bit i of
    # dice_at[k] is set when die i is in the bag (k = 0), in wheel section k - 1 (k = 1..6) or
    # on the Seth board (k = DL_SETH = 7)
    unsigned int dice_at[8]
    # Time of Seth (format 3; seth/state.pxi). With the option off: every owner -1, every tile
    # and card in the box, and nothing else of the expansion in use. Soldiers, Priests and
    # Blood are the per-seat fields above; the Seth board's dice have die_loc DL_SETH; the three
    # Decrees dealt at setup wait in CL_PENDING + seat (hidden) until the keep at its end (seth/setup.pxi).
    int seth_build[12]      # Building spaces of the Seth board, region * 2 + space: owner seat, -1 empty
    int seth_people[2]      # Statue for the people under the left / right column: owner seat, -1 empty
    int seth_god[3]         # Statues in honour of Seth, spaces 0-2 (1/2/3 used at 2/3/4 players): owner seat, -1 empty
    int conquest_loc[12]    # CQ01-CQ12: CQ_BOX, CQ_STACK, CQ_FACEUP or CQ_TEMPLE + space
    int temple_conquest[25] # the Conquest tile on each Temple space (under a Pillar or not): 0-11, -1 none
    int cult_loc[7]         # Cult01-Cult07: SP_BOX, SP_DISPLAY, SP_GONE or SP_SEAT + seat
    int art_loc[8]          # Art01-Art08: SP_BOX, SP_DISPLAY, SP_GONE (used) or SP_SEAT + seat (held)
    int seth_flags          # per-Rotation / per-action bookkeeping of the expansion (SF_* of seth/state.pxi)
    int seth_gate[4]        # once-per-turn marks of each seat, cleared when any turn starts (seth/gate.pxi)
    # Vizier's Challenge (format 3; OPT_VIZIER, flow/vizier.pxi); 0 is each one's "nothing yet":
    int vizier_area       # 0: not placed yet; else 1 + its God action area = the die location of the area
    int vizier_discard    # 0: none; else 1 + the Destiny card the first player discarded at this pick
    int vizier_vp[4]      # VP each seat scored from the Vizier (counted in breakdown[VP_ACTIONS] too)

cdef int gen_legal(State* s, int32_t* out) noexcept nogil
cdef int gen_chance(State* s, int32_t* out, double* probs) noexcept nogil
cdef void apply_action(State* s, int32_t a) noexcept nogil
cdef int apply_action_legal(State* s, int32_t a, int32_t* legal) noexcept nogil
cdef int is_legal(State* s, int32_t a) noexcept nogil
cdef int32_t sample_chance(State* s) noexcept nogil
cdef void playout_random(State* s, uint64_t* r) noexcept nogil

# --- used by the compiled search (_search.pyx)
cdef void advance(State* s) noexcept nogil
cdef void resample_state(State* s, uint64_t* r) noexcept nogil
cdef int unknown_cards(State* s, int deck) noexcept nogil
cdef int winner(State* s) noexcept nogil
cdef int temple_score(State* s, int p, int with_statues) noexcept nogil
cdef int happiness_vp(int h) noexcept nogil
cdef int can_god(State* s, int p, int god, int value, int flags) noexcept nogil
cdef int district_winner(State* s, int d) noexcept nogil
cdef int best_decree_vp(State* s, int p) noexcept nogil
cdef const int* purity_table() noexcept nogil   # PURITY_AT[arrow][section][colour], 6 x 7 x 8
cdef int chance_visible(State* s, int seat) noexcept nogil
cdef void rebuild_dice_index(State* s) noexcept nogil
cdef int decision_visible(State* s, int seat) noexcept nogil

# ----------------------------------------------------------------------------- inline helpers
# Defined here so that both extension modules (_core and _search) inline them.
cdef inline uint64_t rng_next(uint64_t* r) noexcept nogil:
    """splitmix64."""
    r[0] += <uint64_t>0x9E3779B97F4A7C15
    cdef uint64_t z = r[0]
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EB
    return z ^ (z >> 31)

cdef inline uint64_t seed_state(uint64_t seed, uint64_t salt) noexcept nogil:
    """A generator state for a user's seed: one splitmix64 output of seed x step + salt. (The state
    seed x step + salt itself would make seed s + 1 the stream of seed s one draw later, since
    splitmix64 advances its state by that step.)"""
    cdef uint64_t r = seed * <uint64_t>0x9E3779B97F4A7C15 + salt
    return rng_next(&r)

cdef inline int rng_int(uint64_t* r, int n) noexcept nogil:
    # (x >> 33) < 2**31: the 32-bit remainder is the same number, and a cheaper division
    return <int>(<uint32_t>(rng_next(r) >> 33) % <uint32_t>n)

cdef inline int current_player(State* s) noexcept nogil:
    """Seat to decide, -1 at a chance step, -2 when the game is over."""
    if s.ntasks == 0:
        return -2
    if s.tasks[s.ntasks - 1].type <= CH_LAST:
        return -1
    return s.tasks[s.ntasks - 1].p
