# Time of Seth: the Seth God Action (K_ACT / ACT_SETH 6) and taking a die from the Seth board
# (included by _core.pyx; docs/seth-rules-digest.md section 4; manual "Seth God Action"; game help
# "Seth - a new action").
#
# The base rules call, with the option on only: gen_take -> seth_gen_take (the Seth board's dice),
# can_god -> seth_can_act, start_god -> seth_start, push_god -> (no Horus bonus of the base gods
# for Seth), scoring -> seth_score; the dispatchers send D_CONQUEST, A_SETH_RES here.
#
# Flow of one Seth action: D_TAKE take:Se:g4 -> D_ADJUST (Scribes) -> A_PLACE_DIE (Tainted side)
# -> D_ACTION act:Se -> A_GOD -> seth_start: D_PAY (the Soldiers) -> A_SETH_RES: the Building,
# the reward (D_GAIN / D_KEEP decisions), 3 VP for a Statue for the people under the column, a
# Blood token, then D_CONQUEST (the face-up tile onto an empty Temple space) and CH_CONQUEST (the
# next tile turned up).

cdef int SR_VP[6][2]          # VP of the 1st / 2nd Building space of each region (data.SETH_REGIONS)
cdef int SR_COLUMN[6]         # column of each region (0 left, 1 right)
cdef int SR_KIND[6]           # reward: 0 gain, 1 split into gain items, 2 draw and keep
cdef int SR_MASK[6]           # split: the gain items (D_GAIN mask)
cdef int SR_TOTAL[6]          # split: how many
cdef int SR_GOLD[6]           # gain: Gold
cdef int SR_SCRIBES[6]        # gain: Scribes
cdef int SR_DECK[6]           # draw and keep: the deck (DECK_*)
cdef int SR_DRAW[6]           # draw and keep: cards drawn (one kept, the others shuffled back)
cdef int SETH_SOLDIERS[5][2]  # Soldiers for the 1st / 2nd Building of a region, by player count
cdef int SETH_COL_VP          # VP for a Statue for the people under the column
cdef int SETH_BLOOD_N         # Blood tokens per Seth action


def _load_seth_action():
    """Copy data.SETH_REGIONS, SETH_BUILD_SOLDIERS ... into the C tables (once at import)."""
    global SETH_COL_VP, SETH_BLOOD_N
    d = _data
    items = {"papyrus": G_P, "bread": G_B, "limestone": G_L, "granite": G_G, "population": G_POP1,
             "happiness": G_HAP1}
    decks = {"Blessing": DECK_BLESSING, "Technology": DECK_TECH, "Decree": DECK_DECREE}
    cdef int r, n
    for r in range(6):
        reg = d.SETH_REGIONS[r]
        SR_VP[r][0], SR_VP[r][1] = reg["vp"]
        SR_COLUMN[r] = reg["column"]
        rw = reg["reward"]
        SR_MASK[r] = SR_TOTAL[r] = SR_GOLD[r] = SR_SCRIBES[r] = SR_DECK[r] = SR_DRAW[r] = 0
        if rw["kind"] == "gain":
            SR_KIND[r] = 0
            SR_GOLD[r] = rw["gains"].get("gold", 0)
            SR_SCRIBES[r] = rw["gains"].get("scribes", 0)
            if set(rw["gains"]) - {"gold", "scribes"}:
                raise ImportError(f"Seth region {reg['name']}: a reward the core cannot give")
        elif rw["kind"] == "split":
            SR_KIND[r] = 1
            for t in rw["tracks"]:
                SR_MASK[r] |= 1 << items[t]
            SR_TOTAL[r] = rw["total"]
        elif rw["kind"] == "draw_keep" and rw["keep"] == 1 and rw["rest"] == "shuffle":
            SR_KIND[r] = 2
            SR_DECK[r] = decks[rw["deck"]]
            SR_DRAW[r] = rw["draw"]
        else:
            raise ImportError(f"Seth region {reg['name']}: a reward the core cannot give")
    for n in range(1, 5):
        SETH_SOLDIERS[n][0], SETH_SOLDIERS[n][1] = d.SETH_BUILD_SOLDIERS[n]
    SETH_COL_VP = d.SETH_COLUMN_STATUE_VP
    SETH_BLOOD_N = d.SETH_BLOOD_PER_ACTION


_load_seth_action()


def _seth_action_tables():
    """The compiled tables of the Seth action (for the single-source tests)."""
    return {"vp": [(SR_VP[r][0], SR_VP[r][1]) for r in range(6)], "column": [SR_COLUMN[r] for r in range(6)],
            "soldiers": {n: (SETH_SOLDIERS[n][0], SETH_SOLDIERS[n][1]) for n in range(1, 5)},
            "column_vp": SETH_COL_VP, "blood": SETH_BLOOD_N}


cdef inline int seth_space(State* s, int r, int p) noexcept nogil:
    """The Building space of region r that seat p builds on, -1 when it cannot: manual "The first
    Building in a region costs 4 Soldiers ... The second Building in that region ... You may not
    place a second Building in a region where you already have a Building." """
    cdef int a = s.seth_build[2 * r], b = s.seth_build[2 * r + 1]
    if a == p or b == p:
        return -1
    if a < 0:
        return 0
    if b < 0:
        return 1
    return -1


cdef inline int seth_soldier_cost(State* s, int r, int p) noexcept nogil:
    """Soldiers the Building of seat p in region r costs (its space's price)."""
    return SETH_SOLDIERS[s.nplayers][seth_space(s, r, p)]


cdef int seth_can_act(State* s, int p, int value, int flags) noexcept nogil:
    """Whether seat p can perform the Seth God Action with a die of this value: a Building left,
    a free space of the region with none of its own there, and the Soldiers for it (Soldiers are
    not Resources: D23's free action still pays them)."""
    cdef int r = value - 1
    if not seth_on(s) or r < 0 or r >= N_SETH_REGIONS:
        return 0
    if s.buildings[p] >= max_buildings(s, p) or seth_space(s, r, p) < 0:
        return 0
    if s.cur_anubis and uses_die(flags):      # the Anubis die may count as red: its Soldiers pay too
        return seth_anubis_soldiers(s, p, value) + seth_soldier_means(s, p) - s.soldiers[p] >= seth_soldier_cost(s, r, p)
    return seth_soldier_means(s, p) >= seth_soldier_cost(s, r, p)     # TX02: Faith too (seth/cards.pxi)


cdef int seth_gen_take(State* s, int p, int32_t* out) noexcept nogil:
    """D_TAKE: the Seth board's dice (manual "select one (gray) die from the Seth board instead of
    taking a die from around the Obelisk Wheel. You may use Scribes to change the die value as
    usual"): one take per colour and value that some reachable value can use for a Seth action;
    and with Anubis (game help "Anubis can take a Seth-board die, for any action, and can perform
    Seth"), like an Anubis die of the wheel (any action, Produce always possible)."""
    cdef int i, n = 0, v, lo, hi, key
    cdef uint64_t seen = 0
    cdef uint32_t m = s.dice_at[DL_SETH]
    cdef int can_anubis = hook_can_anubis(s, p) != 0
    while m:
        i = __builtin_ctz(m)
        m &= m - 1
        key = s.die_colour[i] * 6 + s.die_value[i] - 1
        if seen & ((<uint64_t>1) << key):
            continue
        seen |= (<uint64_t>1) << key
        value_range(s, p, s.die_colour[i], s.die_value[i], &lo, &hi)
        for v in range(lo, hi + 1):
            if seth_take_ok_t14(s, p, v, s.die_colour[i]):
                out[n] = mk(K_TAKE, take_payload(ACT_SETH, s.die_colour[i], s.die_value[i]))
                n += 1
                break
        if can_anubis and DIE_ANUBIS_OK[s.die_colour[i]]:
            out[n] = mk(K_TAKE, take_payload(ACT_SETH, s.die_colour[i], s.die_value[i]) | TAKE_ANUBIS)
            n += 1
    return n


cdef int seth_take_ok(State* s, int p, int v) noexcept nogil:
    """A Seth-board die of value v (after Scribes) can be used for a Seth action now (not with
    Anubis: the die in hand is not counted yet)."""
    cdef int r = v - 1
    if r < 0 or r >= N_SETH_REGIONS or s.buildings[p] >= max_buildings(s, p) or seth_space(s, r, p) < 0:
        return 0
    return seth_soldier_means(s, p) >= seth_soldier_cost(s, r, p)


cdef int seth_take_ok_t14(State* s, int p, int v, int colour) noexcept nogil:
    """seth_take_ok with T14's reach: "Whenever you perform a God Action: You may adjust the value
    of the die up or down by 1 or 2", so a Seth-board die of value v (after Scribes) is usable
    when a value within 2 of it allows the Seth action (the change is then compulsory, D_BLESS
    M_T14), within the die's faces (gray 1-6; red, blue, green 2-5), as can_god_die_col does for
    the other God actions (docs/rules-notes.md "T14 makes a die usable", "T14 and the new dice")."""
    cdef int w, lo, hi
    if seth_take_ok(s, p, v):
        return 1
    if not tech(s, p, 14):
        return 0
    lo = DIE_MIN[colour] if DIE_MIN[colour] > VALUE_MIN else VALUE_MIN
    hi = DIE_MAX[colour] if DIE_MAX[colour] < VALUE_MAX else VALUE_MAX
    for w in range(v - 2, v + 3):
        if w >= lo and w <= hi and seth_take_ok(s, p, w):
            return 1
    return 0


cdef void seth_start(State* s, int p, int value, int flags) noexcept nogil:
    """start_god for Seth: the Soldiers are paid (D_PAY: nothing stands in for them), then the
    action resolves (A_SETH_RES)."""
    cdef int r = value - 1
    push(s, A_SETH_RES, p, value, flags, 0, 0)
    push(s, D_PAY, p, seth_soldier_cost(s, r, p) << COST_SOLDIERS, 0, 0, 0)


cdef int seth_empty_space(State* s, int i) noexcept nogil:
    """A Temple space a Conquest tile may go on: no Pillar and no Conquest tile."""
    return s.temple_tile[i] == 0 and s.temple_conquest[i] < 0


cdef int seth_faceup(State* s) noexcept nogil:
    """The face-up Conquest tile, -1 if none."""
    cdef int t
    for t in range(N_CONQUEST):
        if s.conquest_loc[t] == CQ_FACEUP:
            return t
    return -1


cdef void seth_resolve(State* s, int p, int value, int flags, int moved) noexcept nogil:
    """A_SETH_RES (the Soldiers are paid): manual Seth God Action steps 2-6. moved = 1 + d: not a
    Seth action but BX03/BX04 moving seat p's Building of Osiris row `value`, district d, here
    (seth/cards.pxi): the placement, the reward and the column Statue's VP only (steps 3-4)."""
    cdef int r = value - 1, k = seth_space(s, r, p), i
    # the steps run in reverse order of pushing: the reward's decision, then the Conquest tile
    if not moved and seth_faceup(s) >= 0:
        push(s, CH_CONQUEST, -1, 0, 0, 0, 0)     # "Turn the next Conquest tile in the stack face up."
        push(s, D_CONQUEST, p, 0, 0, 0, 0)       # "place it on any empty space of the Temple Complex"
    # "The leftmost Building of your player board" goes to the region's first free space
    s.seth_build[2 * r + k] = p
    if moved:
        s.osiris[r][moved - 1] = -1              # BX03/BX04: the vacated Osiris space is free again
    else:
        s.buildings[p] += 1
    # "Immediately receive the depicted reward for that region, but not the Victory Points"
    if SR_KIND[r] == 0:
        s.gold[p] += SR_GOLD[r]
        s.scribes[p] += SR_SCRIBES[r]
    elif SR_KIND[r] == 1:
        push(s, D_GAIN, p, SR_MASK[r], SR_TOTAL[r], 0, 0)
    else:
        push(s, D_KEEP, p, SR_DECK[r], 1, 0, 0)   # the others "shuffled back"
        for i in range(SR_DRAW[r]):
            push(s, CH_CARD, -1, SR_DECK[r], 1, p, 0)
    # game help: "If a Statue for the people stands under that region's column" (anyone's): 3 VP
    if s.seth_people[SR_COLUMN[r]] >= 0:
        add_vp(s, p, SETH_COL_VP, VP_SETH)
    # "place a Blood token on the Tainted side of your scales" (BX03/BX04: no Blood, no Conquest tile)
    if not moved:
        s.blood[p] += SETH_BLOOD_N
    fire(s, p, EV_SETH_BUILDING, r, 0, 0)        # Cult04 (sethB): a Building placed on the Seth board
    seth_cultist(s, p, CE_SETH_BUILDING, r)      # Cult04 (seth/cultists.pxi)
    if not moved:
        fire(s, p, EV_SETH_ACTION, -1, value, flags)  # TX01 (sethB): a Seth God Action performed


cdef int gen_conquest(State* s, Task* t, int32_t* out) noexcept nogil:
    """D_CONQUEST: the empty Temple spaces for the face-up Conquest tile."""
    cdef int i, n = 0
    if seth_faceup(s) < 0:
        return 0
    for i in range(NT):
        if seth_empty_space(s, i):
            out[n] = mk(K_CQSPACE, i)
            n += 1
    return n


cdef void do_conquest(State* s, Task t, int32_t a) noexcept nogil:
    """D_CONQUEST: the face-up tile goes onto the space ("You do not gain the benefits of the
    covered space")."""
    cdef int i = a & 0xFFFFFF, c = seth_faceup(s)
    if c < 0:
        return
    s.conquest_loc[c] = CQ_TEMPLE + i
    s.temple_conquest[i] = c


cdef void seth_score(State* s, int p) noexcept nogil:
    """At each Scoring: manual "each player receives Victory Points for all their Buildings on the
    Seth board. The number of Victory Points provided are printed next to each Building space."
    (the VP category VP_SETH, docs/rules-notes.md "VP categories")."""
    cdef int k
    for k in range(N_SETH_SPACES):
        if s.seth_build[k] == p:
            add_vp(s, p, SR_VP[k // 2][k % 2], VP_SETH)
