# Included by _core.pyx: Time of Seth's Cultist Powers Cult01-Cult07 (docs/seth-rules-digest.md
# section 7.5; manual Key Concepts "Cultist Powers", Appendix: Cultist Cards).
#
# MN: "Whenever you meet that condition, gain the reward listed in the middle of the card.
# Afterwards, all other players gain the reward depicted at the bottom of the card. Your Cultist
# Power is never discarded."  The owner first, then every other seat clockwise from the owner; a
# "may convert any 1 Resource" (Cult05, Cult07) is a decision of that seat (D_SETH_CONVERT). Once
# per turn (game help), through the gate (seth/gate.pxi). "Cultist Powers have no effect during
# setup". The rows are data.CULTISTS, loaded below; the base rules fire the events at one named
# call each (seth_cultist(s, seat, CE_*, subject)).

cdef enum:
    # Cultist events (data.CULTIST_EVENTS order)
    CE_STATUE_PEOPLE = 0
    CE_STATUE_GOD = 1
    CE_HAPPINESS_FIRST = 2
    CE_SETH_BUILDING = 3
    CE_PILLAR = 4
    CE_OSIRIS_BUILDING = 5
    NCULT_EVENTS = 6
    # conditions
    CC_NONE = 0
    CC_LONE_PILLAR = 1              # Cult05: no other own Pillar in the row nor in the column
    CC_EDGE_PILLAR = 2              # Cult07: a space on the edge of the Temple Complex
    # reward forms: a gain row, a Resource of choice (not Gold), an optional conversion
    CR_GAIN = 0
    CR_RESOURCE = 1
    CR_CONVERT = 2
    CONVERT_NONE = 15               # K_CONVERT payload: no conversion

cdef int CULT_EVENT[8]
cdef int CULT_COND[8]
cdef int CULT_FORM[8][2]            # [cultist][0 owner, 1 each other seat]
cdef int CULT_NREW[8][2]
cdef int CULT_KIND[8][8]            # [cultist][2 * j + who]: reward kind of effect_reward ...
cdef int CULT_N[8][8]               # ... and its amount
cdef int CULT_FROM[8]               # conversions: bit r set when Resource r (0-3, 4 Gold) may go
cdef int CULT_TO[8]                 # ... and the reward kind it becomes


def _load_cultists():
    """Copy data.CULTISTS into the Cultist tables."""
    d = _data
    cdef int i, j, w
    names = d.SETH_DECKS["Cultist"]
    conds = {None: CC_NONE, "no_other_own_pillar_in_row_and_column": CC_LONE_PILLAR,
             "temple_edge_space": CC_EDGE_PILLAR}
    for i, name in enumerate(names):
        row = d.CULTISTS[name]
        CULT_EVENT[i] = d.CULTIST_EVENTS.index(row["trigger"]["event"])
        CULT_COND[i] = conds[row["trigger"]["condition"]]
        CULT_FROM[i] = 0
        CULT_TO[i] = 0
        for w, who in enumerate(("owner", "others")):
            eff = row[who]
            CULT_NREW[i][w] = 0
            if eff["kind"] == "gain":
                CULT_FORM[i][w] = CR_GAIN
                for j, (track, n) in enumerate(eff["gains"].items()):
                    CULT_KIND[i][2 * j + w] = d.SETH_REWARD_KIND[track]
                    CULT_N[i][2 * j + w] = n
                CULT_NREW[i][w] = len(eff["gains"])
            elif eff["kind"] == "resource":
                CULT_FORM[i][w] = CR_RESOURCE
            elif eff["kind"] == "convert":
                CULT_FORM[i][w] = CR_CONVERT
                for r in eff["from"]:
                    CULT_FROM[i] |= 1 << d.SETH_REWARD_KIND[r]
                CULT_TO[i] = d.SETH_REWARD_KIND[eff["to"]]
            else:
                raise ImportError(f"data.CULTISTS[{name!r}]: no rule for {eff['kind']!r}")


_load_cultists()


cdef int seth_cultist_of(State* s, int p) noexcept nogil:
    """The Cultist Power seat p holds (-1: none)."""
    cdef int k
    for k in range(NCULT):
        if s.cult_loc[k] == SP_SEAT + p:
            return k
    return -1


cdef int seth_lone_pillar(State* s, int p, int space) noexcept nogil:
    """Cult05: no other Pillar of seat p in the row of `space` and none in its column."""
    cdef int i, r = space // 5, c = space % 5
    for i in range(NT):
        if i != space and s.temple_tile[i] > 0 and s.temple_owner[i] == p and (i // 5 == r or i % 5 == c):
            return 0
    return 1


cdef inline int seth_edge_space(int space) noexcept nogil:
    """Cult07: a Temple space adjacent to an edge of the Temple Complex (the 16 outer spaces)."""
    return space // 5 == 0 or space // 5 == 4 or space % 5 == 0 or space % 5 == 4


cdef void seth_cultist_reward(State* s, int q, int k, int w) noexcept nogil:
    """The owner's (w = 0) or another seat's (w = 1) reward of Cultist k, for seat q."""
    cdef int j
    if bot_cultist_share(s, q, k, w):
        return                                      # Botankhamun (solo/hooks.pxi)
    if CULT_FORM[k][w] == CR_GAIN:
        for j in range(CULT_NREW[k][w]):
            effect_reward(s, q, CULT_KIND[k][2 * j + w], CULT_N[k][2 * j + w])
    elif CULT_FORM[k][w] == CR_RESOURCE:
        push(s, D_GAIN, q, 0xF, 1, 0, 0)            # 1 Resource of choice, not Gold
    elif seth_can_convert(s, q, k):
        push(s, D_SETH_CONVERT, q, k, 0, 0, 0)


cdef int seth_can_convert(State* s, int q, int k) noexcept nogil:
    cdef int r
    for r in range(4):
        if CULT_FROM[k] & (1 << r) and s.res[q][r] > 0:
            return 1
    return (CULT_FROM[k] & (1 << 4)) and s.gold[q] > 0


cdef void seth_cultist(State* s, int p, int event, int subject) noexcept nogil:
    """Seat p met a condition (event CE_*; subject: the Temple space of a Pillar): its Cultist
    Power pays p, then every other seat clockwise from p (at most once in the turn)."""
    cdef int k, i, q
    if not seth_on(s) or is_bot(s, p) or (s.round == 0 and s.turn_idx < 0):
        return                                      # no expansion, or setup
    k = seth_cultist_of(s, p)
    if k < 0 or CULT_EVENT[k] != event:
        return
    if CULT_COND[k] == CC_LONE_PILLAR and not seth_lone_pillar(s, p, subject):
        return
    if CULT_COND[k] == CC_EDGE_PILLAR and not seth_edge_space(subject):
        return
    if not seth_gate_pass(s, p, GATE_CULTIST):
        return
    if CULT_FORM[k][0] == CR_GAIN:
        seth_cultist_reward(s, p, k, 0)             # the owner first
    for i in range(1, s.nseats):                    # pushed last seat first: they run clockwise
        q = (p + s.nseats - i) % s.nseats
        seth_cultist_reward(s, q, k, 1)
    if CULT_FORM[k][0] != CR_GAIN:
        seth_cultist_reward(s, p, k, 0)             # a choice: pushed last, so it comes first


cdef int gen_seth_convert(State* s, Task* t, int32_t* out) noexcept nogil:
    """D_SETH_CONVERT: another seat may turn 1 Resource into Gold (Cult05) or a Scribe (Cult07)."""
    cdef int r, n = 1, k = t.a, q = t.p
    out[0] = mk(K_CONVERT, CONVERT_NONE)
    for r in range(4):
        if CULT_FROM[k] & (1 << r) and s.res[q][r] > 0:
            out[n] = mk(K_CONVERT, r)
            n += 1
    if CULT_FROM[k] & (1 << 4) and s.gold[q] > 0:
        out[n] = mk(K_CONVERT, 4)
        n += 1
    return n


cdef void do_seth_convert(State* s, Task t, int32_t a) noexcept nogil:
    """D_SETH_CONVERT: convert the Resource (or Gold), or not."""
    cdef int x = a & 0xFFFFFF
    if x == CONVERT_NONE:
        return
    if x < 4:
        s.res[t.p][x] -= 1
    else:
        s.gold[t.p] -= 1
    effect_reward(s, t.p, CULT_TO[t.a], 1)
