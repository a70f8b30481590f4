# Included by _core.pyx: costs and the D_PAY step (Gold stands in for any Resource).

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
    return (cP << COST_P) | (cB << COST_B) | (cL << COST_L) | (cG << COST_G)

cdef inline int cost_part(int cost, int shift) noexcept nogil:
    return (cost >> shift) & 7

cdef inline int can_pay_other(State* s, int p, int cost) noexcept nogil:
    """The Soldiers, Priests and Faith of a cost are there (nothing stands in for them)."""
    return (cost_part(cost, COST_SOLDIERS) <= s.soldiers[p] and cost_part(cost, COST_PRIESTS) <= s.priests[p]
            and cost_part(cost, COST_FAITH) <= s.faith[p])

cdef inline void pay_other(State* s, int p, int cost) noexcept nogil:
    s.soldiers[p] -= cost_part(cost, COST_SOLDIERS)
    s.priests[p] -= cost_part(cost, COST_PRIESTS)
    s.faith[p] -= cost_part(cost, COST_FAITH)

cdef int gen_pay(State* s, Task* t, int32_t* out) noexcept nogil:
    """Every way to pay: gold used for each Resource of the cost (T22 adds Limestone<->Granite)."""
    cdef int p = t.p
    cdef int cost = t.a
    cdef int c[4]
    cdef int lo[4]
    cdef int i, g0, g1, g2, g3, n = 0, au
    if cost >> COST_SOLDIERS:
        n = seth_gen_soldier_pay(s, p, cost, out)     # Time of Seth: TX02's Faith (seth/cards.pxi)
        if n >= 0:
            return n
        n = 0
    if cost >> COST_SOLDIERS and not can_pay_other(s, p, cost):
        return 0
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

cdef void do_pay(State* s, Task t, int32_t a) noexcept nogil:
    """D_PAY: spend the chosen Resources and Gold, and what the cost names beside them."""
    cdef int x = a & 0xFFFFFF, p = t.p
    apply_pay(s, p, x)
    if t.a >> COST_SOLDIERS:
        pay_other(s, p, seth_faith_instead(s, p, t.a, x))   # TX02: Faith for Soldiers (seth/cards.pxi)
