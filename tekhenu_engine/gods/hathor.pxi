# Included by _core.pyx: Hathor: Buildings in the Temple.

cdef void resolve_hathor(State* s, int p, int space, int value) noexcept nogil:
    cdef int i, sp, k, own = 0
    s.bspace[space] = p
    s.buildings[p] += 1
    for i in range(5):
        sp = BS_LINE[space] * 5 + i if BS_AXIS[space] == 0 else i * 5 + BS_LINE[space]
        if s.temple_tile[sp] > 0 and s.temple_tile[sp] <= 27:
            if s.temple_owner[sp] == p:
                own += 1
        elif not bot_ignores_rewards(s, p):
            if seth_on(s) and seth_hathor_conquest(s, p, sp):   # Time of Seth: the tile instead of the space
                continue
            k = TEMPLE_RK[sp]
            if k <= 5:
                gain_reward(s, p, k, 1)
    if own:         # 3 VP per own Pillar in the line, T05 2 more each
        add_vp(s, p, own * (3 + hook_hathor_pillar_bonus(s, p)), VP_ACTIONS)
    gain_population(s, p, value)

cdef int gen_hathor(State* s, Task* t, int32_t* out) noexcept nogil:
    """D_HATHOR: the free building spaces the seat can pay for."""
    cdef int p = t.p, n = 0, i
    for i in range(nbspaces(s)):
        if s.bspace[i] < 0 and ((t.b & F_FREE) or hook_can_pay_bread(s, p, BS_COST[i])):
            out[n] = mk(K_BUILD, i)
            n += 1
    return n

cdef void do_hathor(State* s, Task t, int32_t a) noexcept nogil:
    """D_HATHOR: resolve after paying the space's Bread."""
    cdef int x = a & 0xFFFFFF, p = t.p
    push(s, A_HATHOR_RES, p, x, t.a, t.b, 0)
    push_pay(s, p, 0, hook_bread_cost(s, p, BS_COST[x], t.b), 0, 0, t.b)
