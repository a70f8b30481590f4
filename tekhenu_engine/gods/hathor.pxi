# Included by _core.pyx: Hathor: Buildings in the Temple.

cdef void resolve_hathor(State* s, int p, int space, int value) noexcept nogil:
    cdef int i, sp, k
    s.bspace[space] = p
    s.buildings[p] += 1
    for i in range(5):
        sp = BS_LINE[space] * 5 + i if BS_AXIS[space] == 0 else i * 5 + BS_LINE[space]
        if s.temple_tile[sp] > 0 and s.temple_tile[sp] <= 27:
            if s.temple_owner[sp] == p:
                add_vp(s, p, 3 + hook_hathor_pillar_bonus(s, p), VP_ACTIONS)
        elif not is_bot(s, p):
            k = TEMPLE_RK[sp]
            if k <= 5:
                gain_reward(s, p, k, 1)
    gain_population(s, p, value)
