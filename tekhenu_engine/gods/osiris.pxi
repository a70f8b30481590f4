# Included by _core.pyx: Osiris: the districts and production tracks.

cdef inline int osiris_allowed(int d, int flags) noexcept nogil:
    if flags & F_ONLY_LG:
        return d >= 2
    if flags & F_ONLY_PB:
        return d < 2
    return 1

cdef void resolve_osiris(State* s, int p, int row, int d, int flags) noexcept nogil:
    if not (flags & F_NOHAP) and not bot_never_pays(s, p):
        s.happiness[p] -= 1
    s.buildings[p] += 1
    osiris_place(s, p, row - 1, d)

cdef void osiris_place(State* s, int p, int r, int d) noexcept nogil:
    """A Building of seat p stands in row r + 1, district d: the row-2 Gold, Cult06, the production
    and the row's gains (an Osiris action; Time of Seth's BX03/BX04 move one here, seth/cards.pxi)."""
    s.osiris[r][d] = p
    if r == 1 and s.osiris_row2_gold:
        s.osiris_row2_gold = 0
        if not bot_gains_no_resources(s, p):
            s.gold[p] += 1
    seth_cultist(s, p, CE_OSIRIS_BUILDING, 0)        # Cult06 (seth/cultists.pxi)
    if bot_gains_no_resources(s, p):
        return
    s.prod[p][d] += OS_PROD[r]
    if s.prod[p][d] > 6:
        s.prod[p][d] = 6
    if OS_PAIR[r]:
        s.prod[p][d ^ 1] += OS_PAIR[r]
        if s.prod[p][d ^ 1] > 6:
            s.prod[p][d ^ 1] = 6
    s.res[p][d] += OS_GAIN[r]
    s.gold[p] += OS_GOLD[r]
    if OS_ANY[r]:
        push(s, D_GAIN, p, 0xF << G_PRODP, 1, 0, 0)

cdef int gen_osiris(State* s, Task* t, int32_t* out) noexcept nogil:
    """D_OSIRIS: the free districts of the row the die value reaches."""
    cdef int n = 0, i
    for i in range(4):
        if s.osiris[t.a - 1][i] < 0 and osiris_allowed(i, t.b):
            out[n] = mk(K_DISTRICT, i)
            n += 1
    return n

cdef void do_osiris(State* s, Task t, int32_t a) noexcept nogil:
    """D_OSIRIS: resolve in the chosen district."""
    cdef int x = a & 0xFFFFFF, p = t.p
    push(s, A_OSIRIS_RES, p, t.a, x, t.b, 0)
