# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled rules core of Tekhenu: state, decision steps, move generation and apply.

The game is a stack machine. ``State.tasks`` holds what is left to do; the task on top
is either automatic (run at once), a *chance* step (dice roll, card or tile draw...) or
a *decision* of one seat. :c:func:`advance` runs automatic tasks and auto-applies every
step with a single legal outcome, so a caller only ever sees real choices.

An action is an ``int32``: ``kind << 24 | payload``. :mod:`tekhenu_engine.notation`
turns actions into readable tokens and back.

Card effects hook in at named points (``hook_*`` functions, filled in by the card
effects); Botankhamun's turn is compiled in ``_bot.pxi``.
"""
from libc.string cimport memcpy, memset
from libc.stdint cimport uint64_t, uint32_t, int32_t

cdef extern from *:
    int __builtin_ctz(unsigned int x) nogil
from tekhenu_engine cimport _core
from tekhenu_engine import data as _data
from tekhenu_engine import errors as _errors
from collections import namedtuple as _namedtuple

# ----------------------------------------------------------------------------- enums
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
    A_BOT_DONE = 93     # 93-99: Botankhamun's own automatic steps (_bot.pxi)

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
    K_TAKE = 15       # section<<8 | colour<<4 | value ; bit 15: anubis
    K_VALUE = 16      # value
    K_ACT = 17        # 0-5 god, 6 produce (die colour), 7+r produce resource r (anubis / extra)
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
    K_EXTRA = 30      # action<<4 | value
    K_BLESS = 31      # play a blessing card id
    K_BOTDESTINY = 32 # chance: destiny card
    K_PYRAMID = 33    # chance: Botankhamun action tile 0..9

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
cdef int DECREE_SYM[24]
cdef int OS_PROD[6]
cdef int OS_PAIR[6]
cdef int OS_GAIN[6]
cdef int OS_GOLD[6]
cdef int OS_ANY[6]
cdef int DICE_COUNT[5][5]
cdef int BOT_RES_TILE[4][4]
cdef int BOT_CHART[6][2]
cdef int BOT_BAL[4]

def _load_tables():
    """Copy the data module into the C tables (called once at import)."""
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
    for i in range(24):
        DECREE_SYM[i] = d.DECREE_SYMBOL.get("D%02d" % (i + 1), 3)
    for i in range(6):
        OS_PROD[i], OS_PAIR[i], OS_GAIN[i], OS_GOLD[i], OS_ANY[i], _ = d.OSIRIS_ROWS[i]
    for i in range(1, 5):
        for j in range(5):
            DICE_COUNT[i][j] = d.DICE_PER_COLOUR[i][j]
    for i in range(4):
        for j in range(4):
            BOT_RES_TILE[i][j] = d.BOT_RESOURCE_TILES[i][j]
        BOT_BAL[i] = d.BOT_MAAT_BALANCE[i]
    for i in range(6):
        BOT_CHART[i][0] = d.BOT_HORUS_CHART[i][0]
        BOT_CHART[i][1] = d.BOT_HORUS_CHART[i][1]

_load_tables()

# ----------------------------------------------------------------------------- helpers
cdef inline uint64_t rng_next(uint64_t* r) noexcept nogil:
    """splitmix64."""
    r[0] += <uint64_t>0x9E3779B97F4A7C15
    cdef uint64_t z = r[0]
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EB
    return z ^ (z >> 31)

cdef inline int rng_int(uint64_t* r, int n) noexcept nogil:
    # (x >> 33) < 2**31: the 32-bit remainder is the same number, and a cheaper division
    return <int>(<uint32_t>(rng_next(r) >> 33) % <uint32_t>n)

cdef inline int mk(int kind, int payload) noexcept nogil:
    return (kind << 24) | payload

cdef inline int is_bot(State* s, int p) noexcept nogil:
    return s.nplayers == 1 and p == 1

cdef inline int light_of(State* s, int god) noexcept nogil:
    return LIGHT_AT[s.arrow][god]

cdef inline int purity_of(State* s, int god, int colour) noexcept nogil:
    return PURITY_AT[s.arrow][god][colour]

cdef inline int card_type(int c) noexcept nogil:
    return c // 24

cdef inline int has_card(State* s, int p, int c) noexcept nogil:
    return s.card_loc[c] == CL_HAND + p

cdef inline int has_tech(State* s, int p, int t) noexcept nogil:
    """t = 1..24 for T01..T24."""
    return s.card_loc[23 + t] == CL_HAND + p

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

cdef inline int statue_spaces(State* s) noexcept nogil:
    if s.nplayers <= 2:
        return 1
    return s.nplayers - 1

cdef inline int nbspaces(State* s) noexcept nogil:
    if s.nplayers <= 2:
        return 10
    if s.nplayers == 3:
        return 14
    return 18

cdef void check_market_open(State* s) noexcept nogil:
    """Sections 3 and 4 open the first time any Population reaches 9 and 13."""
    cdef int p, mx = 0
    for p in range(s.nseats):
        if s.population[p] > mx:
            mx = s.population[p]
    if mx >= 9 and not s.market_open[2]:
        s.market_open[2] = 1
        push(s, A_MARKET_OPEN, -1, 2, 0, 0, 0)
    if mx >= 13 and not s.market_open[3]:
        s.market_open[3] = 1
        push(s, A_MARKET_OPEN, -1, 3, 0, 0, 0)

cdef void gain_population(State* s, int p, int n) noexcept nogil:
    s.population[p] += n
    if s.population[p] > 21:
        s.population[p] = 21
    if s.population[p] < 0:
        s.population[p] = 0
    if s.happiness[p] > s.population[p]:
        s.happiness[p] = s.population[p]
    if n > 0:
        check_market_open(s)

cdef void check_hap_rewards(State* s, int p) noexcept nogil:
    """Happiness 16 / 19 / 21 rewards trigger the first time, however reached."""
    if is_bot(s, p):
        return
    if s.happiness[p] >= 16 and not (s.hap_flags[p] & 1):
        s.hap_flags[p] |= 1
        s.gold[p] += 1
    if s.happiness[p] >= 19 and not (s.hap_flags[p] & 2):
        s.hap_flags[p] |= 2
        s.scribes[p] += 1
    if s.happiness[p] >= 21 and not (s.hap_flags[p] & 4):
        s.hap_flags[p] |= 4
        push(s, D_EXTRA, p, 0, 0, 0, 0)

cdef void gain_happiness(State* s, int p, int n) noexcept nogil:
    s.happiness[p] += n
    if s.happiness[p] > s.population[p]:
        s.happiness[p] = s.population[p]
    if s.happiness[p] < 0:
        s.happiness[p] = 0
    if n > 0:
        check_hap_rewards(s, p)

cdef void gain_reward(State* s, int p, int kind, int n) noexcept nogil:
    """Reward kinds of data.REWARD_KINDS plus 7 Population, 8 VP."""
    if kind < 4:
        s.res[p][kind] += n
    elif kind == 4:
        s.gold[p] += n
    elif kind == 5:
        s.faith[p] += n
    elif kind == 6:
        s.scribes[p] += n
    elif kind == 7:
        gain_population(s, p, n)
    elif kind == 8:
        add_vp(s, p, n, VP_ACTIONS)

cdef void apply_gain_item(State* s, int p, int item) noexcept nogil:
    if item < 4:
        s.res[p][item] += 1
    elif item == G_POP1:
        gain_population(s, p, 1)
    elif item == G_HAP1:
        gain_happiness(s, p, 1)
    elif item == G_POP2:
        gain_population(s, p, 2)
    elif item == G_FAITH3:
        s.faith[p] += 3
    elif item >= G_PRODP and item < G_PRODP + 4:
        s.prod[p][item - G_PRODP] += 1
        if s.prod[p][item - G_PRODP] > 6:
            s.prod[p][item - G_PRODP] = 6

include "_cards.pxi"

# ----------------------------------------------------------------------------- payments
cdef inline int can_pay(State* s, int p, int cP, int cB, int cL, int cG) noexcept nogil:
    """Gold stands in for any Resource (Key Concept III)."""
    cdef int short = 0
    if cP > s.res[p][0]:
        short += cP - s.res[p][0]
    if cB > s.res[p][1]:
        short += cB - s.res[p][1]
    short += hook_lg_short(s, p, cL, cG)
    return short <= s.gold[p] + hook_wild_extra(s, p)

cdef inline int pack_cost(int cP, int cB, int cL, int cG) noexcept nogil:
    return cP | (cB << 3) | (cL << 6) | (cG << 9)

cdef int gen_pay(State* s, Task* t, int32_t* out) noexcept nogil:
    """Every way to pay: gold used for each Resource of the cost (T22 adds Limestone<->Granite)."""
    cdef int p = t.p
    cdef int cost = t.a
    cdef int c[4]
    cdef int lo[4]
    cdef int i, g0, g1, g2, g3, n = 0, au
    for i in range(4):
        c[i] = (cost >> (3 * i)) & 7
        lo[i] = c[i] - s.res[p][i]
        if lo[i] < 0:
            lo[i] = 0
    n = hook_gen_pay(s, p, c, out)
    if n >= 0:
        return n
    n = 0
    for g0 in range(lo[0], c[0] + 1):
        for g1 in range(lo[1], c[1] + 1):
            for g2 in range(lo[2], c[2] + 1):
                for g3 in range(lo[3], c[3] + 1):
                    au = g0 + g1 + g2 + g3
                    if au <= s.gold[p]:
                        out[n] = mk(K_PAY, (c[0] - g0) | ((c[1] - g1) << 3) | ((c[2] - g2) << 6)
                                    | ((c[3] - g3) << 9) | (au << 12))
                        n += 1
    return n

cdef void apply_pay(State* s, int p, int spend) noexcept nogil:
    cdef int i
    for i in range(4):
        s.res[p][i] -= (spend >> (3 * i)) & 7
    s.gold[p] -= (spend >> 12) & 7
    hook_paid(s, p, spend)

cdef inline void push_pay(State* s, int p, int cP, int cB, int cL, int cG, int flags) noexcept nogil:
    if flags & F_FREE:
        return
    if cP + cB + cL + cG == 0:
        return
    push(s, D_PAY, p, pack_cost(cP, cB, cL, cG), 0, 0, 0)

# ----------------------------------------------------------------------------- dice
cdef void put_die(State* s, int section, int colour, int value) noexcept nogil:
    """The first die of this colour in the bag goes to the section (found through a bit set
    of the matching dice: a scan without data-dependent branches)."""
    cdef int i
    cdef uint32_t m = 0
    for i in range(s.ndice):
        m |= (<uint32_t>((s.die_loc[i] == DL_BAG) & (s.die_colour[i] == colour))) << i
    if m:
        i = __builtin_ctz(m)
        s.die_loc[i] = section + 1
        s.die_value[i] = value

cdef int find_die(State* s, int section, int colour, int value) noexcept nogil:
    """The first die of this colour and value in the section, -1 if none (as put_die)."""
    cdef int i
    cdef uint32_t m = 0
    for i in range(s.ndice):
        m |= (<uint32_t>((s.die_loc[i] == section + 1) & (s.die_colour[i] == colour)
                         & (s.die_value[i] == value))) << i
    return __builtin_ctz(m) if m else -1

# ----------------------------------------------------------------------------- feasibility
cdef int statue_god_free(State* s, int god) noexcept nogil:
    cdef int k
    for k in range(statue_spaces(s)):
        if s.statue_god[god][k] < 0:
            return k
    return -1

cdef int can_god(State* s, int p, int god, int value, int flags) noexcept nogil:
    """Can seat p perform this God action with this value (costs, spaces, limits)?"""
    cdef int free = flags & F_FREE
    cdef int i, k, n, cost, tile
    if god == 0:
        if s.statues[p] >= 6:
            return 0
        cost = STATUE_COST[s.statues[p]]
        if not free and not hook_can_pay_statue(s, p, cost):
            return 0
        if statue_god_free(s, s.horus_slot_god[value - 1]) >= 0:
            return 1
        for k in range(4):
            if s.people[k] < 0:
                return 1
        return 0
    elif god == 1:
        if s.pillars[p] >= 8:
            return 0
        tile = s.ra[RA_SLOT[value - 1]]
        if tile == 0:
            return 0
        if not free and not hook_can_pay_pillar(s, p, PCOST[tile][0], PCOST[tile][1]):
            return 0
        for i in range(25):
            if s.temple_tile[i] == 0:
                return 1
        return 0
    elif god == 2:
        if s.buildings[p] >= 10:
            return 0
        # paying Bread gets no easier with a dearer space: the cheapest free space decides
        cost = 99
        for i in range(nbspaces(s)):
            if s.bspace[i] < 0 and BS_COST[i] < cost:
                cost = BS_COST[i]
        if cost == 99:
            return 0
        return free or hook_can_pay_bread(s, p, cost)
    elif god == 3:
        return free or hook_can_pay_papyrus(s, p, 2, 3)
    elif god == 4:
        if s.happiness[p] < 1:
            return 0
        n = THOTH_N[value - 1]
        if not free and not hook_can_pay_papyrus(s, p, THOTH_COST[value - 1], 4):
            return 0
        for k in range(4):
            if thoth_access(s, p, k) and section_cards(s, k) >= n:
                return 1
        return 0
    elif god == 5:
        if s.buildings[p] >= 10:
            return 0
        if not (flags & F_NOHAP) and s.happiness[p] < 1:
            return 0
        for i in range(4):
            if s.osiris[value - 1][i] < 0 and osiris_allowed(i, flags):
                return 1
        return 0
    return 0

cdef int RA_SLOT[6]
RA_SLOT[:] = [2, 2, 1, 1, 0, 0]
cdef int THOTH_N[6]
THOTH_N[:] = [1, 1, 2, 2, 3, 3]
cdef int THOTH_COST[6]
THOTH_COST[:] = [0, 0, 2, 2, 3, 3]

cdef inline int osiris_allowed(int d, int flags) noexcept nogil:
    if flags & F_ONLY_LG:
        return d >= 2
    if flags & F_ONLY_PB:
        return d < 2
    return 1

cdef inline int thoth_access(State* s, int p, int sec) noexcept nogil:
    cdef int h = s.happiness[p]
    if not s.market_open[sec]:
        return 0
    if sec == 0:
        return h >= 1
    if sec == 1:
        return h >= 5
    if sec == 2:
        return h >= 9
    return h >= 13

cdef int section_cards(State* s, int sec) noexcept nogil:
    cdef int i, n = 0
    for i in range(SEC_FIRST[sec], SEC_FIRST[sec] + SEC_N[sec]):
        if s.market[i] >= 0:
            n += 1
    return n

cdef int value_range(State* s, int p, int v, int* lo, int* hi) noexcept nogil:
    """Values reachable with the Scribes (and card effects) of seat p."""
    cdef int k = hook_scribe_budget(s, p)
    lo[0] = v - 2 * k
    hi[0] = v + 2 * k
    if lo[0] < 1:
        lo[0] = 1
    if hi[0] > 6:
        hi[0] = 6
    return 0

cdef struct GodMemo:
    int known[6]      # bit v: can_god_die(s, p, god, v, 0) is computed ...
    int ok[6]         # ... and true

cdef inline int can_god_die_memo(State* s, int p, int god, int v, GodMemo* m) noexcept nogil:
    """``can_god_die(s, p, god, v, 0)``, remembered while one list of legal actions is built
    (the state does not change meanwhile; Hathor's and Bastet's do not depend on the value)."""
    cdef int bit = 2 if (god == 2 or god == 3) else (1 << v)
    if not (m.known[god] & bit):
        m.known[god] |= bit
        if can_god_die(s, p, god, v, 0):
            m.ok[god] |= bit
    return m.ok[god] & bit

cdef int die_usable(State* s, int p, int section, int colour, int value, int anubis, GodMemo* m) noexcept nogil:
    cdef int lo, hi, v
    if anubis or colour < 4:
        return 1
    value_range(s, p, value, &lo, &hi)
    for v in range(lo, hi + 1):
        if can_god_die_memo(s, p, section, v, m):
            return 1
    return 0

include "_rules.pxi"
include "_bot.pxi"
include "_encode.pxi"     # dense action index and tensors (docs/rl.md)

# ============================================================================= Python API
import base64 as _b64
import json as _json
import zlib as _zlib

STATE_VERSION = 1
CHANCE = -1
TERMINAL = -2
VP_CATEGORIES = ("districts", "temple", "statues", "happiness", "production", "building_row",
                 "bread", "maat", "decrees", "turn_order", "actions", "bot_cards")
OPTION_BITS = {"random_horus": OPT_RANDOM_HORUS, "random_wheel": OPT_RANDOM_WHEEL,
               "decree8": OPT_DECREE8, "random_start": OPT_RANDOM_START}
DIFFICULTIES = {"easy": 0, "medium": 1, "hard": 2}
# Step (task) types by name, for tests and tools that inspect `GameState.step()`.
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
}

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
                     "TIE_RA": TIE_RA, "TIE_HATHOR": TIE_HATHOR},
    "max_tie": 16,            # candidates bot_resolve_tie can hold
    "faith_offset": 32,       # K_FAITH payload: net Faith + 32 (gen_legal, do_decision)
    "gain_items": G_NONE,     # D_GAIN items 0..G_NONE
    "setup_phases": 7,        # A_SETUP phases 0..6
    "hidden_classes": 16,     # hidden_count columns (0-13 used)
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
    s.version = 1
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
        s.card_loc[c] = CL_BOX if c >= 72 else CL_PILE
    s.card_loc[48 + 2] = CL_BOX                      # D03 removed (errata)
    if nplayers <= 2:
        s.card_loc[24 + 15] = CL_BOX                 # T16
        s.card_loc[48 + 19] = CL_BOX                 # D20
    s.pillar_loc[0] = 2
    n = 0
    for c in range(5):
        for k in range(DICE_COUNT[nplayers][c]):
            s.die_colour[n] = c
            s.die_loc[n] = DL_BAG
            n += 1
    s.ndice = n
    for i in range(n, 32):
        s.die_loc[i] = DL_BOX
    for p in range(s.nseats):
        s.vp[p] = 10
        s.happiness[p] = 2
        s.population[p] = 5
        s.gold[p] = 1
        s.scribes[p] = 1
        for k in range(4):
            s.prod[p][k] = 2
    if nplayers == 1:
        s.happiness[1] = 4
        s.population[1] = 7
        s.gold[1] = 0
        s.scribes[1] = 0
        for k in range(4):
            s.prod[1][k] = 0
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
                            decree8=bool(o & OPT_DECREE8), random_start=bool(o & OPT_RANDOM_START))

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
        cdef int c, n = 0
        for c in range(72):
            if self.st.card_loc[c] == CL_UNKNOWN and (deck < 0 or c // 24 == deck):
                n += 1
        return n

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
        if action not in self.legal_actions():
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
        return {VP_CATEGORIES[i]: self.st.breakdown[i][seat] for i in range(12)}

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
        for c in range(72):
            loc = s.card_loc[c]
            ty = c // 24
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
        cdef uint64_t r = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF) * <uint64_t>0x9E3779B97F4A7C15 + 7
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
        if not 0 <= index < ENC_N[1 if chance else 0]:
            raise ValueError(f"dense index {index} outside [0, {ENC_N[1 if chance else 0]})")
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
        if len(raw) != sizeof(State):
            raise ValueError(f"a state has {sizeof(State)} bytes, not {len(raw)}")
        cdef GameState g = GameState.__new__(GameState)
        memcpy(&g.st, <char*>raw, sizeof(State))
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
            bad(f"version {s.version}, expected {STATE_VERSION}")
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
            if t.type == A_HORUS_RES and not (0 <= t.a <= 4):  # a is the Statue target, not a die value
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
            if t.type == D_PAY and not (0 <= t.a < 4096):
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
        for i in range(10):
            if not (0 <= s.bot_pyramid[i] < 10):
                bad("pyramid")
        if not (-1 <= s.bot_pos < 10):
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


cdef void resample_state(State* s, uint64_t* r) noexcept nogil:
    """Deal the unknown cards of an observation to the hidden places, counts kept."""
    cdef int ty, c, n, i, j, k, cls, tmp
    cdef int pool[24]
    for ty in range(3):
        n = 0
        for c in range(ty * 24, ty * 24 + 24):
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


def random_playouts(int players, int games, seed=0, int difficulty=0):
    """Play `games` random games to the end in compiled code; returns (games, decisions).

    difficulty (0 easy, 1 medium, 2 hard) sets Botankhamun's level in solo games.
    """
    cdef State s
    cdef uint64_t r = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
    cdef int g, n
    cdef long long decisions = 0
    cdef int32_t buf[512]
    with nogil:
        for g in range(games):
            init_state(&s, players, OPT_RANDOM_HORUS | OPT_RANDOM_WHEEL, difficulty, rng_next(&r))
            n = -1 if s.tasks[s.ntasks - 1].type <= CH_LAST else gen_legal(&s, buf)
            while n != 0:
                if n < 0:
                    apply_one(&s, sample_chance(&s))
                else:
                    apply_one(&s, buf[rng_int(&r, n)])
                    decisions += 1
                n = advance_legal(&s, buf)
    return games, decisions


include "_invariants.pxi"
include "_benchkit.pxi"
