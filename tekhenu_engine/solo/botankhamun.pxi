# Included by _core.pyx: Botankhamun, the solo automaton (seat 1 of a solo game).
#
# Rules: base-rulebook.txt "Botankhamun - Solo Mode" and game-help.txt "Solo - Botankhamun"
# (the game help wins where they differ; FACTS.md fixes the pyramid and the resource tiles).
# docs/botankhamun.md maps every rule to the function below that implements it.
#
# A turn of Botankhamun is a short run of steps on the task stack:
#   bot_turn      marker onto the bottom-left tile, or a CH_DEBEN flip (chance)
#   A_BOT_TAKE    die choice by the tile on the marker (CH_TIE when the text says "randomly")
#   A_BOT_ACT     its version of the God action of the die's section (CH_TIE for random ties)
#   A_BONUS       Horus bonuses of the action (the core's push_bonus / pay_bonus)
#   A_BOT_DONE    closes the log of the turn
# Every random choice is a chance step, so a search can determinise it and a GUI can feed it.

cdef enum:
    BOT = 1                 # Botankhamun's seat in a solo game
    # CH_TIE purposes (task.b); the candidates of each are listed in a fixed order
    TIE_DIE = 0             # dice of the god tile's section, in die order
    TIE_PEOPLE = 1          # workshop / quarry Statue spaces
    TIE_TEMPLE = 2          # Temple Statue spaces (row 3, column 3)
    TIE_RA = 3              # Temple spaces, ascending
    TIE_HATHOR = 4          # building spaces, ascending
    # what its action did (bot_log[BL_WHAT])
    BA_NONE = 0             # nowhere to go: the die is still taken
    BA_STATUE_GOD = 1       # where: section of the god
    BA_STATUE_PEOPLE = 2    # where: people space 0-3 (T-row3, T-col3, workshops, quarries)
    BA_HORUS_VP = 3         # no Statue space (or no Statue left): 3 VP
    BA_PILLAR = 4           # where: Temple space, extra: Pillar tile
    BA_TEMPLE_BUILDING = 5  # where: building space
    BA_BASTET = 6
    BA_CARDS = 7            # where: Market section; cards in BL_CARDS
    BA_OSIRIS = 8           # where: (row-1)*4 + district
    BA_NO_DIE = 9           # no Pure or Tainted die it could take
    # fields of bot_log (its last turn)
    BL_TURN = 0             # its turn number this game (0: none yet)
    BL_ROUND = 1            # round of the turn, 1-16
    BL_DEBEN = 2            # -1: first step of a period (no flip), 0 Pharaoh, 1 Snake
    BL_POS = 3              # pyramid place reached
    BL_TILE = 4             # tile there (0-5 god tiles, 6-9 resource tiles)
    BL_SKIPPED = 5          # god tile: bit per section found empty; resource tile: bit per colour
    BL_DIE = 6              # the die as a K_TAKE payload (take_payload), -1 when no die
    BL_DIE_TIE = 7          # dice in a random die tie-break (0: none)
    BL_GOD = 8              # God action performed (-1: none)
    BL_WHAT = 9             # BA_* code
    BL_WHERE = 10
    BL_EXTRA = 11
    BL_TIE = 12             # candidates of a random tie-break inside the action (0: none)
    BL_VP0 = 13             # VP, Scribes, Happiness, Population before the action
    BL_SCR0 = 14
    BL_HAP0 = 15
    BL_POP0 = 16
    BL_VP = 17              # gained by the action and the Horus bonuses it paid itself
    BL_SCR = 18
    BL_HAP = 19
    BL_POP = 20
    BL_CARDS = 21           # cards taken by Thoth: (id+1) in 7 bits each
    BL_DONE = 22            # 1 once the turn is over
    BL_N = 25

# the pyramid (data.BOT_PYRAMID_ROWS: tiles per row from the base; State.bot_pyramid has BOT_PYRAMID_SIZE places)
cdef int PYR_NROWS = len(_data.BOT_PYRAMID_ROWS)

cdef int PYR_N = sum(_data.BOT_PYRAMID_ROWS)

cdef int PYR_ROW_START[8]

for _r in range(PYR_NROWS + 1):
    PYR_ROW_START[_r] = sum(_data.BOT_PYRAMID_ROWS[:_r])

if PYR_N > BOT_PYRAMID_SIZE or len(_data.BOT_GOD_TILES) + len(_data.BOT_RESOURCE_TILES) != PYR_N:
    raise ImportError(f"the pyramid has one place per action tile, at most {BOT_PYRAMID_SIZE} (State.bot_pyramid)")

# Python names of the log fields (tekhenu_engine.botlog renders them)
BOT_LOG_FIELDS = ("turn", "round", "deben", "pos", "tile", "skipped", "die", "die_tie", "god",
                  "what", "where", "extra", "tie", "vp0", "scribes0", "happiness0", "population0",
                  "vp", "scribes", "happiness", "population", "cards", "done")

cdef inline int pyr_row(int pos) noexcept nogil:
    cdef int r = 0
    while r < PYR_NROWS - 1 and pos >= PYR_ROW_START[r + 1]:
        r += 1
    return r

cdef int bot_move(int pos, int face) noexcept nogil:
    """Place reached from pos: Pharaoh (0) up-right into the row above, Snake (1) right.

    Row r (0 = base) holds 4 - r tiles; the tile up-right of (r, i) is (r + 1, i). Four
    turns per Maat period keep every path inside the pyramid (r + i <= 3).
    """
    cdef int r, i
    if pos < 0:
        return 0
    r = pyr_row(pos)
    i = pos - PYR_ROW_START[r]
    if i >= PYR_ROW_START[r + 1] - PYR_ROW_START[r] - 1:
        return pos          # the right edge: no move exists (never reached in 4 turns)
    if face == 0:
        return PYR_ROW_START[r + 1] + i
    return pos + 1

cdef void push_pyramid(State* s) noexcept nogil:
    """Shuffle the 10 tiles into a new pyramid (one draw per place) and reset the marker (with Time
    of Seth the draws shuffle the pyramid's own 10 tiles: solo_seth_pyramid_outcomes)."""
    cdef int k
    s.bot_pos = -1
    for k in range(PYR_N - 1, -1, -1):
        push(s, CH_PYRAMID, -1, k, 0, 0, 0)

cdef int bot_gen_chance(State* s, Task* t, int32_t* out) noexcept nogil:
    """Outcomes of Botankhamun's own chance steps (the pyramid draw); 0 for other types."""
    cdef int n = 0, tile, k, used = 0
    if t.type == CH_PYRAMID and solo_seth(s):
        return solo_seth_pyramid_outcomes(s, t, out)     # solo/seth.pxi
    if t.type == CH_PYRAMID:
        for k in range(t.a):
            used |= 1 << s.bot_pyramid[k]
        for tile in range(PYR_N):
            if not (used >> tile) & 1:
                out[n] = mk(K_PYRAMID, tile)
                n += 1
    return n

cdef void bot_setup(State* s) noexcept nogil:
    """Difficulty pieces (game-help "Table options") and the first pyramid.

    Easy: one Statue in the section whose Horus tile is on slot 1. Medium: also Buildings
    on the row-5 Bread and row-5 Granite Osiris spaces and a Pillar (random tile) on the
    Temple's centre space. Hard: Medium plus a Statue in the section on Horus slot 4.
    """
    cdef int p = BOT
    s.statue_god[s.horus_slot_god[0]][0] = p
    s.statues[p] = 1
    if s.difficulty >= 2:
        s.statue_god[s.horus_slot_god[3]][0] = p
        s.statues[p] += 1
    if s.difficulty >= 1:
        s.osiris[4][1] = p
        s.osiris[4][3] = p
        s.buildings[p] += 2
        push(s, CH_PILLAR, -1, 3, 0, 0, 0)   # drawn tile -> bot_place_start_pillar
    push_pyramid(s)
    if solo_seth(s):
        solo_seth_bot_setup(s)               # Time of Seth: its 10 tiles, Seth Buildings (solo/seth.pxi)

cdef void bot_place_start_pillar(State* s, int tile) noexcept nogil:
    """Medium and Hard: the random Pillar tile goes on the centre space, unrotated, unscored."""
    s.temple_tile[12] = tile
    s.temple_rot[12] = 0
    s.temple_owner[12] = BOT
    s.pillar_loc[tile] = 2
    s.pillars[BOT] += 1

cdef void bot_reset_pyramid(State* s) noexcept nogil:
    """After every Maat phase but the last (maat_end is not reached after the fourth)."""
    push_pyramid(s)

cdef void bot_turn(State* s, int p) noexcept nogil:
    """Start of its turn: move the Progress marker (first step or Deben flip), then take."""
    cdef int i
    for i in range(BL_N):
        s.bot_log[i] = 0
    s.bot_turns += 1
    s.bot_log[BL_TURN] = s.bot_turns
    s.bot_log[BL_ROUND] = s.round + 1
    s.bot_log[BL_DIE] = -1
    s.bot_log[BL_GOD] = -1
    s.bot_log[BL_WHERE] = -1
    s.bot_log[BL_EXTRA] = -1
    push(s, A_BOT_TAKE, p, 0, 0, 0, 0)
    if s.bot_pos < 0:
        s.bot_pos = 0                       # onto the bottom-left tile, no flip
        s.bot_log[BL_DEBEN] = -1
    else:
        push(s, CH_DEBEN, p, 0, 0, 0, 0)

cdef void bot_chance(State* s, Task t, int x) noexcept nogil:
    """Outcomes of the pyramid draw, the Deben flip and the random tie-breaks."""
    if t.type == CH_PYRAMID and solo_seth(s):
        solo_seth_pyramid_draw(s, t.a, x)
    elif t.type == CH_PYRAMID:
        s.bot_pyramid[t.a] = x
    elif t.type == CH_DEBEN:
        s.bot_log[BL_DEBEN] = x
        s.bot_pos = bot_move(s.bot_pos, x)
    elif t.type == CH_TIE:
        bot_resolve_tie(s, t.p, t.b, x)

cdef void bot_auto(State* s, Task t) noexcept nogil:
    if t.type == A_BOT_TAKE:
        bot_take(s, t.p)
    elif t.type == A_BOT_ACT:
        bot_act(s, t.p)
    elif t.type == A_BOT_DONE:
        bot_done(s, t.p)

cdef inline int horus_slot_of(State* s, int god) noexcept nogil:
    cdef int k
    for k in range(6):
        if s.horus_slot_god[k] == god:
            return k
    return -1

cdef inline int has_statue_in(State* s, int p, int god) noexcept nogil:
    cdef int k
    for k in range(statue_spaces(s)):
        if s.statue_god[god][k] == p:
            return 1
    return 0

cdef int section_best(State* s, int sec, int* out) noexcept nogil:
    """God tile in one section: the highest Pure or Tainted die, ties to a Pure die.

    Returns the dice still tied (several only when they differ in colour: identical dice
    give the same result, so no chance step is spent on them); 0 when the section has no
    die it can take.
    """
    cdef int i, v, pur, best = -1, n = 0, col = -1, mixed = 0
    for i in range(s.ndice):
        if s.die_loc[i] != sec + 1:
            continue
        pur = purity_of(s, sec, s.die_colour[i])
        if pur >= 2:
            continue
        v = bot_die_key(s, s.die_colour[i], s.die_value[i], pur)   # value first, then Pure over Tainted
        if v > best:
            best = v
            n = 0
            col = s.die_colour[i]
            mixed = 0
        if v == best:
            if s.die_colour[i] != col:
                mixed = 1
            if n < 16:
                out[n] = i
                n += 1
    if n > 1 and not mixed:
        return 1
    return n

cdef int bot_die_candidates(State* s, int* out, int* skipped) noexcept nogil:
    """The die the tile on the marker takes (several when a random tie-break is due).

    God tile: its section, else the next section counter-clockwise, and so on.
    Resource tile: the highest Pure or Tainted die of the first colour, then the next
    colour, gray only when no coloured die is left; ties to a section where it has a
    Statue, then to the higher-numbered Horus slot (always one die).
    """
    cdef int tile = s.bot_pyramid[s.bot_pos], sec, k, j, col, i, n, key
    cdef int seckey[6]
    cdef int bestkey[5]
    cdef int bestdie[5]
    skipped[0] = 0
    if tile >= PYR_N:                        # Time of Seth: the Seth tile, the Priests and Soldiers tile
        return solo_seth_die_candidates(s, tile, out, skipped)
    if tile < 6:
        sec = tile
        for k in range(6):
            n = section_best(s, sec, out)
            if n > 0:
                return n
            skipped[0] |= 1 << sec
            sec = (sec + 5) % 6            # counter-clockwise
        return 0
    for sec in range(6):
        seckey[sec] = has_statue_in(s, BOT, sec) * 8 + horus_slot_of(s, sec)
    for col in range(5):
        bestkey[col] = -1
        bestdie[col] = -1
    for i in range(s.ndice):                 # one pass: the best die of every colour
        if s.die_loc[i] < 1 or s.die_loc[i] > 6 or (s.die_colour[i] > 4 and not solo_seth(s)):
            continue
        sec = s.die_loc[i] - 1
        col = s.die_colour[i]
        if purity_of(s, sec, col) >= 2:
            continue
        key = (s.die_value[i] + bot_res_rank_bonus(s, col)) * 64 + seckey[sec]
        col = bot_res_bucket(s, col)         # Time of Seth: red, blue, green join the gray step
        if key > bestkey[col]:
            bestkey[col] = key
            bestdie[col] = i
    for j in range(5):
        col = BOT_RES_TILE[tile - 6][j] if j < 4 else 4
        if bestdie[col] >= 0:
            out[0] = bestdie[col]
            return 1
        skipped[0] |= 1 << col
    return 0

cdef void bot_take(State* s, int p) noexcept nogil:
    cdef int cand[16]
    cdef int skipped = 0, n
    if s.bot_pos < 0:
        s.bot_pos = 0
    s.bot_log[BL_POS] = s.bot_pos
    s.bot_log[BL_TILE] = s.bot_pyramid[s.bot_pos]
    n = bot_die_candidates(s, cand, &skipped)
    s.bot_log[BL_SKIPPED] = skipped
    if n == 0:
        s.bot_log[BL_WHAT] = BA_NO_DIE
        s.bot_log[BL_DONE] = 1
        return
    push(s, A_BOT_ACT, p, 0, 0, 0, 0)
    if n == 1:
        take_bot_die(s, p, cand[0])
    else:
        s.bot_log[BL_DIE_TIE] = n
        push(s, CH_TIE, p, n, TIE_DIE, 0, 0)

cdef void take_bot_die(State* s, int p, int i) noexcept nogil:
    cdef int sec = s.die_loc[i] - 1
    move_die(s, i, DL_BOT + p)
    s.ndice_board[p] += 1
    s.cur_die = i
    s.cur_section = sec
    s.cur_colour = s.die_colour[i]
    s.cur_value = s.die_value[i]
    s.cur_anubis = 0
    s.bot_log[BL_DIE] = take_payload(sec, s.die_colour[i], s.die_value[i])

cdef int bot_scoring_cards(State* s, int p) noexcept nogil:
    """Both Scorings: 2 VP per Blessing (then discarded) and per Technology (kept). A hand-over
    (solo/hooks.pxi): 0 for another seat, whose Scoring goes on with production and Bread."""
    cdef int c
    if not is_bot(s, p):
        return 0
    for c in range(MAX_CARDS):
        if s.card_loc[c] == CL_BOT and (card_type(c) == DECK_BLESSING or card_type(c) == DECK_TECH):
            add_vp(s, p, 2, VP_BOT)
            if card_type(c) == DECK_BLESSING:
                s.card_loc[c] = CL_DISCARD
    return 1

cdef void bot_final(State* s, int p) noexcept nogil:
    """End: 4 VP per Decree (8 with the option; no symbol limit, no limit of 3), 1 VP per 2 Scribes
    (finish calls it for every seat: nothing for another seat)."""
    cdef int j, per = 8 if (s.options & OPT_DECREE8) else 4
    if not is_bot(s, p):
        return
    for j in range(DECK_N[DECK_DECREE]):
        if s.card_loc[DECK_IDS[DECK_DECREE][j]] == CL_BOT:
            add_vp(s, p, per, VP_DECREES)
    add_vp(s, p, s.scribes[p] // 2, VP_BOT)
