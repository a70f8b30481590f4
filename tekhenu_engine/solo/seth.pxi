# Included by _core.pyx: Botankhamun with Time of Seth (table options `seth` at players 1; issue 12).
#
# Rules: time-of-seth-manual.txt "BOTHANKAMUN CHANGES" and "SOLO MODE COMPONENTS SETUP", game-help.txt
# "Solo with Time of Seth" (wins a disagreement; FACTS.md lists the slips of the solo aid);
# docs/seth-rules-digest.md section 11; docs/botankhamun.md "With Time of Seth". Data: data/solo.py
# (BOT_SETH_*, SOLO_*).
#
# The base solo files call these, with the option on only (solo_seth(s)):
#   bot_setup            -> solo_seth_bot_setup (the pyramid of 10 out of 12 tiles, Medium/Hard Seth Buildings)
#   push_pyramid / bot_gen_chance / bot_chance -> the pyramid reshuffled from its own 10 tiles
#   bot_die_candidates   -> solo_seth_die_candidates (the Seth tile, the Priests and Soldiers tile)
#   section_best, bot_die_candidates -> bot_die_key (red and blue one value up, green first among Pure)
#   bot_act              -> solo_seth_act (a die from the Seth board: the Seth tile's action)
#   ra_choices / bot_place_pillar -> bot_conquest_vp (2 VP more on a Conquest tile)
#   bot_candidates / bot_apply_choice -> solo_seth_candidates / solo_seth_apply (its random ties)
#   bot_destiny          -> solo_seth_bot_pick (the lowest-Ankh Destiny card with an Artifact)
# and the base / expansion rules call: setup_phase -> solo_seth_setup (the player's draw and keep),
# seth_destiny_round -> solo_seth_destiny_round, seth_cultist_reward -> bot_cultist_share (hooks.pxi).

cdef enum:
    BT_SETH = 10              # pyramid tile ids with Time of Seth: the Seth tile ...
    BT_PS = 11                # ... and the Priests and Soldiers tile (0-5 god tiles, 6-9 resource tiles)
    TIE_PYR_RES = 5           # CH_TIE purposes: the resource tile left out of the pyramid (4)
    TIE_PYR_GOD = 6           # the god tile left out (6)
    TIE_SETH_REGION = 7       # Medium / Hard: the region of a starting Building ("Roll a die")
    TIE_CONQUEST = 8          # the Temple space of the Conquest tile (a tie of the hypothetical Ra)
    TIE_SETH_PEOPLE = 9       # the column of its Statue for the people on the Seth board
    BA_SETH_PEOPLE = 12       # bot_log what: Statue for the people under column `where`, cards in BL_CARDS
    BA_SETH_GOD = 13          # Statue in honour of Seth
    BA_SETH = 10              # bot_log what: Building on the Seth board (where: region, extra: Conquest space)
    BA_SETH_VP = 11           # the Seth tile could not build: 3 VP
    SKIP_SETH_BOARD = 64      # bot_log skipped: the Seth board had no die (bit 6)
    GR_COLOUR = 4             # the gray die (data.DIE_COLOURS)

cdef int BOT_SETH_VP_C, BOT_SETH_STATUE_VP_C, BOT_SETH_NO_BUILD_VP_C, BOT_SETH_STEP_C, BOT_SETH_FALLBACK_C
cdef int BOT_RA_CQ_VP_C
cdef int BOT_SETH_BONUS_VP      # its Statue to Seth: VP on either player's Seth action
cdef int BOT_SETH_MIN_THOTH     # Thoth actions a Statue for the people on the Seth board must give it
cdef int BOT_RANK_BONUS[8]    # per die colour: value steps added for Botankhamun's choice
cdef int BOT_GREEN_C
cdef int BOT_PS_COL[2]
cdef int BOT_CULT_K, BOT_CULT_POP
cdef int SOLO_DRAW_START[3]   # the player's draw by variant: Starting cards, Cultist Powers
cdef int SOLO_DRAW_CULT[3]
cdef int SOLO_ART_N[3]        # Artifacts selected by variant (standard, harder, easier)
cdef int SOLO_SETH_DIFF_BUILD[3]
cdef int PYR_TILES_SETH       # tile ids of a Time of Seth pyramid: 0 .. PYR_TILES_SETH - 1


def _load_solo_seth():
    """Copy the Time of Seth tables of data/solo.py into the C tables (once at import)."""
    global BOT_SETH_VP_C, BOT_SETH_STATUE_VP_C, BOT_SETH_NO_BUILD_VP_C, BOT_SETH_STEP_C, BOT_SETH_FALLBACK_C
    global BOT_RA_CQ_VP_C, BOT_GREEN_C, BOT_CULT_K, BOT_CULT_POP, PYR_TILES_SETH, BOT_SETH_BONUS_VP
    global BOT_SETH_MIN_THOTH
    d = _data
    cdef int i
    BOT_SETH_VP_C = d.BOT_SETH_VP
    BOT_SETH_STATUE_VP_C = d.BOT_SETH_STATUE_VP
    BOT_SETH_NO_BUILD_VP_C = d.BOT_SETH_NO_BUILD_VP
    BOT_SETH_STEP_C = d.BOT_SETH_REGION_STEP
    BOT_SETH_FALLBACK_C = d.BOT_SETH_FALLBACK_GOD
    BOT_RA_CQ_VP_C = d.BOT_RA_CONQUEST_VP
    if set(d.BOT_SETH_STATUE_BONUS) != {"vp"}:
        raise ImportError("data.BOT_SETH_STATUE_BONUS: only VP are compiled")
    BOT_SETH_BONUS_VP = d.BOT_SETH_STATUE_BONUS["vp"]
    BOT_SETH_MIN_THOTH = d.BOT_SETH_PEOPLE_MIN_THOTH
    for i in range(8):
        BOT_RANK_BONUS[i] = d.BOT_DIE_RANK_BONUS.get(i, 0)
    BOT_GREEN_C = d.BOT_GREEN_COLOUR
    BOT_PS_COL[0], BOT_PS_COL[1] = d.BOT_PS_COLOURS
    (name, gains), = d.BOT_CULTIST_GAINS.items()
    if set(gains) != {"population"}:
        raise ImportError("data.BOT_CULTIST_GAINS: only a Population share is compiled")
    BOT_CULT_K = d.SETH_DECKS["Cultist"].index(name)
    BOT_CULT_POP = gains["population"]
    for i, key in enumerate(_SOLO_DRAW_KEYS):
        SOLO_DRAW_START[i], SOLO_DRAW_CULT[i] = d.SOLO_SETH_DRAWS[key]
    for i, key in enumerate(_SOLO_ART_KEYS):
        SOLO_ART_N[i] = d.SOLO_ARTIFACTS[key]
    for i, key in enumerate(d.BOT_DIFFICULTIES):
        SOLO_SETH_DIFF_BUILD[i] = d.BOT_SETH_DIFFICULTY_BUILDINGS[key]
    PYR_TILES_SETH = len(d.BOT_GOD_TILES) + len(d.BOT_RESOURCE_TILES) + len(d.BOT_SETH_TILES)
    if (BT_SETH, BT_PS) != (len(d.BOT_GOD_TILES) + len(d.BOT_RESOURCE_TILES),
                            len(d.BOT_GOD_TILES) + len(d.BOT_RESOURCE_TILES) + 1):
        raise ImportError("solo/seth.pxi: the Seth tiles follow the base tiles (BT_SETH, BT_PS)")
    if (d.BOT_SETH_PYRAMID_REMOVED["god"], d.BOT_SETH_PYRAMID_REMOVED["resource"]) != (1, 1):
        raise ImportError("solo/seth.pxi: one god tile and one resource tile leave the pyramid")


# the option variants in the order of their index (0: standard; the option bits select 1 or 2)
_SOLO_DRAW_KEYS = ("3+1", "2+2", "3+2")
_SOLO_ART_KEYS = ("standard", "harder", "easier")
_load_solo_seth()


def _solo_seth_tables():
    """The compiled tables of Botankhamun with Time of Seth (for the single-source tests)."""
    return {"seth_vp": BOT_SETH_VP_C, "statue_vp": BOT_SETH_STATUE_VP_C, "no_build_vp": BOT_SETH_NO_BUILD_VP_C,
            "ra_conquest_vp": BOT_RA_CQ_VP_C, "rank_bonus": [BOT_RANK_BONUS[i] for i in range(8)],
            "draws": [(SOLO_DRAW_START[i], SOLO_DRAW_CULT[i]) for i in range(3)],
            "artifacts": [SOLO_ART_N[i] for i in range(3)], "buildings20": N_BUILD_BOT20,
            "difficulty_buildings": [SOLO_SETH_DIFF_BUILD[i] for i in range(3)], "pyramid_tiles": PYR_TILES_SETH}


cdef inline int solo_seth(State* s) noexcept nogil:
    """A solo game with Time of Seth."""
    return seth_on(s) and s.nplayers == 1


cdef inline int solo_draw_variant(State* s) noexcept nogil:
    return 1 if s.options & OPT_SOLO_DRAW22 else (2 if s.options & OPT_SOLO_DRAW32 else 0)


cdef inline int solo_art_variant(State* s) noexcept nogil:
    return 1 if s.options & OPT_SOLO_ART2 else (2 if s.options & OPT_SOLO_ART4 else 0)


# ----------------------------------------------------------------------------- setup
cdef int solo_seth_setup(State* s, int phase) noexcept nogil:
    """The solo setup phases Time of Seth changes (1: done; 0: the base phase runs).

    Manual Solo Mode Components Setup: "Choose between drawing either 3 random Starting cards and 1
    random Cultist Power; or drawing 2 random Starting cards and 2 random Cultist Powers. From these,
    choose 2 Starting cards and 1 Cultist Power for yourself. For more control in the matter, draw 3
    Starting cards and 2 Cultist Powers to pick from." "Randomly select 3 Artifacts ... one fewer or
    one more". Game help: "You are dealt 3 Decrees and keep 1 at the very end of setup"."""
    cdef int i, v
    if not solo_seth(s):
        return 0
    if phase == 3:
        push(s, A_SETUP, -1, 4, 0, 0, 0)
        v = solo_draw_variant(s)
        for i in range(SOLO_DRAW_CULT[v]):
            push(s, CH_REVEAL, -1, REVEAL_CULT, 0, 0, 0)
        for i in range(SOLO_DRAW_START[v]):
            push(s, CH_REVEAL, -1, REVEAL_START, 0, 0, 0)
        for i in range(SETH_DECREES_DEALT):
            push(s, CH_CARD, -1, DECK_DECREE, 1, 0, 0)
        bot_setup(s)
        return 1
    if phase == 4:
        push(s, A_SETUP, -1, 5, 0, 0, 0)
        for i in range(SETH_START_KEPT + SETH_CULT_KEPT):
            push(s, D_DRAFT, 0, 0, 0, 0, 0)     # seth_gen_draft: exactly 2 Starting cards and 1 Cultist
        return 1
    if phase == 5:
        for i in range(NCULT):                  # the Cultist not kept leaves the game
            if s.cult_loc[i] == SP_DISPLAY:
                s.cult_loc[i] = SP_GONE
        push(s, A_SETUP, -1, SETUP_DECREE_KEEP, 0, 0, 0)
        push(s, A_DESTINY_ROUND, -1, 1, 0, 0, 0)
        for i in range(SOLO_ART_N[solo_art_variant(s)]):
            push(s, CH_REVEAL, -1, REVEAL_ART, 0, 0, 0)
        push(s, A_INIT_ORDER, -1, 0, 0, 0, 0)
        return 1
    if phase == SETUP_DECREE_KEEP:
        push(s, A_NEXT_TURN, -1, 0, 0, 0, 0)
        push(s, D_KEEP, 0, DECK_DECREE, 0, 0, 0)
        return 1
    return 0


cdef void solo_seth_bot_setup(State* s) noexcept nogil:
    """Botankhamun's Time of Seth setup, run by bot_setup after the base difficulty pieces.

    Manual Additional Setup: "Shuffle all 6 God Action tiles ... remove one of them ... shuffle all
    4 Resource tiles ... remove one of them ... Take the Priests and Soldiers Action tile and Seth
    Botankhamun Action tile and shuffle them together with the remaining tiles, creating a stack of 10
    tiles." The pyramid places first hold the 10 base tiles; the two CH_TIE draws put the Seth tile in
    place of the removed resource tile and the Priests and Soldiers tile in place of the removed god
    tile; the ten CH_PYRAMID draws (pushed by push_pyramid, below these) shuffle them.
    Manual Adjusting the Difficulty Level: "For medium difficulty, Botankhamun begins the game with a
    Building in a randomly selected region on the Seth board (it does not receive the reward). Roll a
    die to determine the region. For hard difficulty ... one more Building ... remembering all the
    restrictions." """
    cdef int k
    for k in range(PYR_N):
        s.bot_pyramid[k] = k
    for k in range(SOLO_SETH_DIFF_BUILD[s.difficulty] - 1, -1, -1):   # the k-th: 6 - k regions left to it
        push(s, CH_TIE, BOT, N_SETH_REGIONS - k, TIE_SETH_REGION, 0, 0)
    push(s, CH_TIE, BOT, len_pyr_god(), TIE_PYR_GOD, 0, 0)
    push(s, CH_TIE, BOT, len_pyr_res(), TIE_PYR_RES, 0, 0)


cdef inline int len_pyr_god() noexcept nogil:
    return BOT_RES0


cdef inline int len_pyr_res() noexcept nogil:
    return PYR_N - BOT_RES0


cdef int BOT_RES0 = len(_data.BOT_GOD_TILES)     # first resource tile id


cdef int solo_seth_candidates(State* s, int p, int purpose, int* out) noexcept nogil:
    """The candidates of its Time of Seth random choices, in a fixed order (-1: not one of them)."""
    cdef int i, n = 0, r
    if purpose == TIE_PYR_RES:
        for i in range(PYR_N - BOT_RES0):
            out[i] = i
        return PYR_N - BOT_RES0
    if purpose == TIE_PYR_GOD:
        for i in range(BOT_RES0):
            out[i] = i
        return BOT_RES0
    if purpose == TIE_SETH_REGION:
        for r in range(N_SETH_REGIONS):
            if seth_space(s, r, p) >= 0:
                out[n] = r
                n += 1
        return n
    if purpose == TIE_CONQUEST:
        return conquest_choices(s, p, out)
    if purpose == TIE_SETH_PEOPLE:
        return seth_people_choices(s, out)
    return -1


cdef int solo_seth_apply(State* s, int p, int purpose, int c) noexcept nogil:
    """Apply candidate c of one of its Time of Seth random choices (0: not one of them)."""
    cdef int k
    if purpose == TIE_PYR_RES:
        for k in range(PYR_N):
            if s.bot_pyramid[k] == BOT_RES0 + c:
                s.bot_pyramid[k] = BT_SETH
        return 1
    if purpose == TIE_PYR_GOD:
        for k in range(PYR_N):
            if s.bot_pyramid[k] == c:
                s.bot_pyramid[k] = BT_PS
        return 1
    if purpose == TIE_SETH_REGION:
        s.seth_build[2 * c + seth_space(s, c, p)] = p     # "it does not receive the reward"
        s.buildings[p] += 1
        return 1
    if purpose == TIE_CONQUEST:
        bot_place_conquest(s, c)
        return 1
    if purpose == TIE_SETH_PEOPLE:
        bot_seth_people(s, p, c)
        return 1
    return 0


# ----------------------------------------------------------------------------- the pyramid
cdef int solo_seth_pyramid_outcomes(State* s, Task* t, int32_t* out) noexcept nogil:
    """CH_PYRAMID with Time of Seth: game help "The same 10 are reshuffled after each Maat phase":
    place t.a gets one of the tiles still at places t.a .. 9 (a shuffle of the pyramid's own tiles)."""
    cdef int k, j, n = 0, dup
    for k in range(t.a, PYR_N):
        dup = 0
        for j in range(t.a, k):
            if s.bot_pyramid[j] == s.bot_pyramid[k]:
                dup = 1
        if not dup:
            out[n] = mk(K_PYRAMID, s.bot_pyramid[k])
            n += 1
    return n


cdef void solo_seth_pyramid_draw(State* s, int place, int tile) noexcept nogil:
    """The drawn tile goes to the place (it swaps with the tile there)."""
    cdef int k
    for k in range(place, PYR_N):
        if s.bot_pyramid[k] == tile:
            s.bot_pyramid[k] = s.bot_pyramid[place]
            s.bot_pyramid[place] = tile
            return


# ----------------------------------------------------------------------------- choosing a die
cdef inline int bot_die_key(State* s, int colour, int value, int pur) noexcept nogil:
    """Its ranking of a die (higher is better). Base: value, then Pure. Time of Seth, manual
    Evaluating Dice: "red and blue dice are considered one value higher ... They are still Tainted,
    so if given the choice between a Pure 6, a Blue 5, and a Tainted 6, its preference will be, in
    order: Pure 6, then Blue 5, and then a Tainted 6." and "green dice are considered better than
    every other Pure die of the same value"."""
    cdef int key = value * 8 + (1 - pur) * 4
    if solo_seth(s):
        key += BOT_RANK_BONUS[colour] * 8
        if BOT_RANK_BONUS[colour]:
            key += 2
        if colour == BOT_GREEN_C:
            key += 1
    return key


cdef inline int bot_res_rank_bonus(State* s, int colour) noexcept nogil:
    """Resource tile: red and blue rank one value above their face (manual Evaluating Dice); 0 in the
    base game."""
    return BOT_RANK_BONUS[colour] if solo_seth(s) else 0


cdef inline int bot_res_bucket(State* s, int colour) noexcept nogil:
    """Resource tile: the step of the colour order a die belongs to. The tile lists the four Resource
    colours, then gray ("If only Gray dice are available, it picks a Gray die"); the new colours are
    "Any other color" (player aid, Osiris) and join the gray step."""
    return colour if colour <= GR_COLOUR else GR_COLOUR


cdef int solo_seth_die_candidates(State* s, int tile, int* out, int* skipped) noexcept nogil:
    """The die the Seth tile or the Priests and Soldiers tile takes (-1: another tile).

    Seth tile, manual: "Botankhamun takes the highest valued die from the Seth board" ... "If there
    are no dice available on the Seth board, Botankhamun takes a Horus God action instead. If Horus
    God action is also not available, continuing to the next section counterclockwise from there".
    Priests and Soldiers tile: "takes the highest-value red or blue die, using all the procedures and
    tiebreakers explained under 'Resource Tile' ... If there are no red or blue die available, it
    takes the highest Pure die instead." (tie-breaks: a section with its Statue, then the higher
    Horus slot; dice still equal that differ in colour: random)."""
    cdef int i, k, n, best = -1, v, sec, col
    cdef uint32_t m
    if tile == BT_SETH:
        m = s.dice_at[DL_SETH]
        while m:
            i = __builtin_ctz(m)
            m &= m - 1
            if s.die_value[i] > best:
                best = s.die_value[i]
                out[0] = i
        if best >= 0:
            return 1                               # gray dice of one value are alike
        skipped[0] |= SKIP_SETH_BOARD
        sec = BOT_SETH_FALLBACK_C
        for k in range(6):
            n = section_best(s, sec, out)
            if n > 0:
                return n
            skipped[0] |= 1 << sec
            sec = (sec + 5) % 6                    # counter-clockwise
        return 0
    if tile != BT_PS:
        return -1
    n = ps_best(s, 1, out)
    if n == 0:
        skipped[0] |= (1 << BOT_PS_COL[0]) | (1 << BOT_PS_COL[1])
        n = ps_best(s, 0, out)
    if n == 0:
        n = ps_best(s, 2, out)                     # no Pure die either: the highest Tainted die
    return n


cdef int ps_best(State* s, int redblue, int* out) noexcept nogil:
    """The best red or blue die of the wheel (redblue 1), the best Pure die (0) or the best die it
    can take (2), by its die key and the Resource tile's section tie-breaks; several only when they
    differ in colour."""
    cdef int i, sec, col, pur, key, best = -1, n = 0, first_col = -1, mixed = 0
    cdef int seckey[6]
    for sec in range(6):
        seckey[sec] = has_statue_in(s, BOT, sec) * 8 + horus_slot_of(s, sec)
    for i in range(s.ndice):
        if s.die_loc[i] < 1 or s.die_loc[i] > 6:
            continue
        sec = s.die_loc[i] - 1
        col = s.die_colour[i]
        pur = purity_of(s, sec, col)
        if pur >= 2:
            continue
        if redblue == 1 and col != BOT_PS_COL[0] and col != BOT_PS_COL[1]:
            continue
        if redblue == 0 and pur != 0:
            continue
        key = (s.die_value[i] if redblue == 1 else bot_die_key(s, col, s.die_value[i], pur)) * 64 + seckey[sec]
        if key > best:
            best = key
            n = 0
            first_col = col
            mixed = 0
        if key == best:
            if col != first_col and not (redblue == 1 and BOT_RANK_BONUS[col] and BOT_RANK_BONUS[first_col]):
                mixed = 1
            if n < 16:
                out[n] = i
                n += 1
    if n > 1 and not mixed:
        return 1
    return n


# ----------------------------------------------------------------------------- the Seth tile's action
cdef int solo_seth_act(State* s, int p, int v) noexcept nogil:
    """Its action with a die from the Seth board (1: done; 0: the die is from the wheel).

    Manual Seth Action Tile: "constructs a Building in the corresponding region. If that region
    already contains one of its Buildings, it places the Building in the region of value one higher,
    looping around from 6 to 1 if necessary. Regardless of the region, Botankhamun immediately scores
    2 Victory Points (in place of the benefits normally granted by that region). If there is a Statue
    below the column it just placed a Building in, it receives an additional 3 Victory Points ...
    Then, place the top Conquest tile in the space where Botankhamun would score the most during a
    hypothetical Ra God Action. In case of a tie, pick randomly." "Botankhamun does not have to pay
    any Soldiers ..., nor does Botankhamun receive any Blood tokens". "If dice are available on the
    Seth board, but Bothankhamun has no Buildings left, it scores 3 VP and does nothing else." Aid: "If
    it cannot build, it scores 3 VP instead" (every region closed to it)."""
    cdef int r, k, rr = -1, n
    cdef int cand[16]
    if s.cur_section != DL_SETH - 1:
        return 0
    if s.buildings[p] < max_buildings(s, p):
        r = v - 1
        for k in range(N_SETH_REGIONS):
            if seth_space(s, (r + k * BOT_SETH_STEP_C) % N_SETH_REGIONS, p) >= 0:
                rr = (r + k * BOT_SETH_STEP_C) % N_SETH_REGIONS
                break
    if rr < 0:
        add_vp(s, p, BOT_SETH_NO_BUILD_VP_C, VP_SETH)
        s.bot_log[BL_WHAT] = BA_SETH_VP
        return 1
    s.seth_build[2 * rr + seth_space(s, rr, p)] = p
    s.buildings[p] += 1
    add_vp(s, p, BOT_SETH_VP_C, VP_SETH)
    if s.seth_people[SR_COLUMN[rr]] >= 0:
        add_vp(s, p, BOT_SETH_STATUE_VP_C, VP_SETH)
    s.bot_log[BL_WHAT] = BA_SETH
    s.bot_log[BL_WHERE] = rr
    seth_push_bonus(s, p)                         # the Statues in honour of Seth pay after the action
    if seth_faceup(s) >= 0:
        push(s, CH_CONQUEST, -1, 0, 0, 0, 0)       # "Turn the next Conquest tile in the stack face up."
        n = conquest_choices(s, p, cand)
        bot_choose(s, p, TIE_CONQUEST, cand, n)
    return 1


cdef int conquest_choices(State* s, int p, int* out) noexcept nogil:
    """Empty Temple spaces (no Pillar, no Conquest tile) where a Pillar of its Ra would score most:
    1 VP per Building in the row and column, 1 per touching edge (the Ra slot's VP is the same
    everywhere). Ties are random ("In case of a tie, pick randomly"): no other tie-break."""
    cdef int sp, key, best = -1, n = 0
    for sp in range(NT):
        if not seth_empty_space(s, sp):
            continue
        key = line_buildings(s, sp, -1) + touching_edges(s, sp // 5, sp % 5)
        if key > best:
            best = key
            n = 0
        if key == best and n < 16:
            out[n] = sp
            n += 1
    return n


cdef void bot_place_conquest(State* s, int sp) noexcept nogil:
    cdef int c = seth_faceup(s)
    if c < 0:
        return
    s.conquest_loc[c] = CQ_TEMPLE + sp
    s.temple_conquest[sp] = c
    s.bot_log[BL_EXTRA] = sp


cdef inline int bot_conquest_vp(State* s, int sp) noexcept nogil:
    """Manual Ra God Action—changes: "If Botankhamun builds a Pillar on top of a Conquest tile, it
    scores 2 additional Victory Points. These points are included when calculating which space is the
    most advantageous for it to build on." (game help: "and ignores the tile's reward")."""
    if solo_seth(s) and s.temple_conquest[sp] >= 0:
        return BOT_RA_CQ_VP_C
    return 0


# ----------------------------------------------------------------------------- Horus
cdef int seth_people_choices(State* s, int* out) noexcept nogil:
    """Free Statue spaces for the people on the Seth board whose column gives it the most Thoth
    actions, at least BOT_SETH_PEOPLE_MIN_THOTH (docs/rules-notes.md: "of the two columns the one with
    more; a tie random")."""
    cdef int k, m, best = -1, n = 0
    for k in range(N_SETH_PEOPLE):
        if s.seth_people[k] >= 0:
            continue
        m = seth_column_regions(s, k)
        if m < BOT_SETH_MIN_THOTH:
            continue
        if m > best:
            best = m
            n = 0
        if m == best:
            out[n] = k
            n += 1
    return n


cdef int solo_seth_horus(State* s, int p, int v) noexcept nogil:
    """Its Horus with the Seth board (1: done; 0: the base Horus goes on). Manual Horus God
    Action—changes: "If Botankhamun can build a Statue for the people on the Seth board that would give
    it 2 or 3 Thoth God Actions, it does so. For each, take the rightmost card Botankhamun has access
    to. Otherwise, it builds a Statue in honor of a God (corresponding to the value of the die, as in
    the base game). If the corresponding Statue space is already occupied, it builds a Statue for Seth,
    on the Seth board. If the space for the Statue for Seth is already occupied, it builds a Statue for
    the people using the procedure explained in the base game rules." It pays nothing (no Granite, no
    Priests)."""
    cdef int cand[2]
    cdef int n, k
    if not solo_seth(s) or s.statues[p] >= N_STATUE:
        return 0
    n = seth_people_choices(s, cand)
    if n > 0:
        bot_choose(s, p, TIE_SETH_PEOPLE, cand, n)
        return 1
    if statue_god_free(s, s.horus_slot_god[v - 1]) >= 0:
        return 0                                   # the base Statue in honour of the die's god
    k = seth_god_free(s)
    if k < 0:
        return 0                                   # the base fallbacks
    s.seth_god[k] = p
    s.statues[p] += 1
    s.bot_log[BL_WHAT] = BA_SETH_GOD
    return 1


cdef void bot_seth_people(State* s, int p, int k) noexcept nogil:
    """Its Statue for the people under column k; then one Thoth action of value 1 per region of the
    column with a Building, each taking "the rightmost card Botankhamun has access to" (the rightmost
    card of the highest Market section its Happiness opens that holds one; face down, no effect)."""
    cdef int j, sec, i, packed = 0, got = 0, n = seth_column_regions(s, k)
    s.seth_people[k] = p
    s.statues[p] += 1
    s.bot_log[BL_WHAT] = BA_SETH_PEOPLE
    s.bot_log[BL_WHERE] = k
    for j in range(n):
        sec = -1
        for i in range(3, -1, -1):
            if thoth_access(s, p, i) and section_cards(s, i) >= 1:
                sec = i
                break
        if sec < 0:
            break
        for i in range(SEC_FIRST[sec] + SEC_N[sec] - 1, SEC_FIRST[sec] - 1, -1):
            if s.market[i] >= 0:
                s.card_loc[s.market[i]] = CL_BOT
                packed |= (s.market[i] + 1) << (7 * got)
                s.market[i] = -1
                got += 1
                break
    if got:
        push_bonus(s, p, 4)                        # the Thoth action's Horus bonuses (once: the gate)
    s.bot_log[BL_CARDS] = packed


# ----------------------------------------------------------------------------- Destiny
cdef int solo_seth_bot_pick(State* s, int p) noexcept nogil:
    """Manual Selecting Destiny cards and Artifacts: "If Botankhamun is first in Turn Order, it picks
    the lowest Ankh valued Destiny card that corresponds to an Artifact (making that Artifact
    unavailable to you), or randomly picks between the Gold and the Scribe Destiny card if no
    Artifact remains." 1: it took one; 0: the random Gold / Scribe pick (CH_BOTDESTINY) follows."""
    cdef int i, k
    if not solo_seth(s):
        return 0
    for i in range(4):
        if s.destiny_owner[i] >= 0:
            continue
        for k in range(NART):
            if s.art_loc[k] == SP_DISPLAY and ART_ANKH[k] == i:
                s.destiny_owner[i] = p
                s.destiny[p] = i
                return 1
    return 0


cdef int solo_seth_destiny_round(State* s, int setup) noexcept nogil:
    """The setup pick of a solo game with Time of Seth (1: done; 0: the base round). Game help:
    "Destiny: when it is first in turn order (always, at setup), it takes the lowest-Ankh Destiny card
    whose Artifact is still available"; manual: "Otherwise (including in the last step of setup), you
    may choose any of the four Destiny cards or available Artifacts". The player receives its
    Starting cards' rewards before its pick, as at 2-4 players (seth_destiny_round)."""
    if not (setup and solo_seth(s)):
        return 0
    push(s, D_DESTINY, 0, 1, 0, 0, 0)
    push(s, A_REWARDS, 0, 1, 0, 0, 0)
    if not solo_seth_bot_pick(s, BOT):
        push(s, CH_BOTDESTINY, BOT, 0, 0, 0, 0)
    return 1
