# Included by _core.pyx: the hook points where cards change the rules, and the Decrees.
#
# Every hook below is called by the rules at the moment its name says. Blessings and
# Technologies (issue "Every card and tile") change what the hooks return; each card is
# data plus, where needed, one small branch here, never a copy of the action it changes.

cdef inline int hook_lg_short(State* s, int p, int cL, int cG) noexcept nogil:
    """Limestone and Granite still owed after own stock (Gold pays the rest)."""
    cdef int short = 0
    if cL > s.res[p][2]:
        short += cL - s.res[p][2]
    if cG > s.res[p][3]:
        short += cG - s.res[p][3]
    return short

cdef int hook_gen_pay(State* s, int p, int* c, int32_t* out) noexcept nogil:
    """Payment options changed by a card; -1 when the plain Gold-for-anything rule applies."""
    return -1

cdef inline void hook_paid(State* s, int p, int spend) noexcept nogil:
    pass

cdef inline int hook_can_pay_statue(State* s, int p, int cost) noexcept nogil:
    return can_pay(s, p, 0, 0, 0, cost)

cdef inline int hook_can_pay_pillar(State* s, int p, int cL, int cG) noexcept nogil:
    return can_pay(s, p, 0, 0, cL, cG)

cdef inline int hook_can_pay_bread(State* s, int p, int cost) noexcept nogil:
    return can_pay(s, p, 0, cost, 0, 0)

cdef inline int hook_can_pay_papyrus(State* s, int p, int n, int purpose) noexcept nogil:
    return can_pay(s, p, n, 0, 0, 0)

cdef inline int hook_papyrus_cost(State* s, int p, int n, int purpose, int flags) noexcept nogil:
    return n

cdef inline int hook_bread_cost(State* s, int p, int n, int flags) noexcept nogil:
    return n

cdef inline int hook_free_lg(State* s, int p, int flags) noexcept nogil:
    return 0

cdef inline int hook_scribe_budget(State* s, int p) noexcept nogil:
    """How many Scribes seat p can spend on the die value (each: +/-1 or 2)."""
    return s.scribes[p]

cdef inline void hook_pay_scribes(State* s, int p, int n) noexcept nogil:
    s.scribes[p] -= n

cdef inline int hook_can_anubis(State* s, int p) noexcept nogil:
    return s.scribes[p] >= 2

cdef inline void hook_pay_anubis(State* s, int p) noexcept nogil:
    s.scribes[p] -= 2

cdef inline int hook_forbidden_ok(State* s, int p) noexcept nogil:
    return 0

cdef inline void hook_take_die(State* s, int p) noexcept nogil:
    pass

cdef inline int hook_die_purity(State* s, int p, int purity) noexcept nogil:
    return purity

cdef inline void hook_die_placed(State* s, int p, int purity) noexcept nogil:
    pass

cdef inline int hook_action_extras(State* s, int p, int32_t* out) noexcept nogil:
    return 0

cdef inline void hook_before_action(State* s, int p, int act) noexcept nogil:
    pass

cdef inline void hook_god_action(State* s, int p, int god, int value, int flags) noexcept nogil:
    pass

cdef inline void hook_horus_bonus(State* s, int q, int god) noexcept nogil:
    pass

cdef inline int hook_hathor_pillar_bonus(State* s, int p) noexcept nogil:
    return 0

cdef inline void hook_produce(State* s, int p, int r, int value, int excess, int flags) noexcept nogil:
    pass

cdef inline void hook_turn_start(State* s, int p) noexcept nogil:
    pass

cdef inline void hook_turn_end(State* s, int p) noexcept nogil:
    pass

cdef inline void hook_maat_faith(State* s, int p) noexcept nogil:
    pass

cdef inline void hook_after_maat(State* s) noexcept nogil:
    pass

cdef int gen_bless(State* s, Task* t, int32_t* out) noexcept nogil:
    return 0

cdef void do_bless(State* s, Task t, int32_t a) noexcept nogil:
    pass

# ----------------------------------------------------------------------------- Decrees
cdef inline int thresholds(int v) noexcept nogil:
    """Happiness thresholds 9/13/16/19/21 reached (not cumulative: the highest counts)."""
    if v >= 21:
        return 5
    if v >= 19:
        return 4
    if v >= 16:
        return 3
    if v >= 13:
        return 2
    if v >= 9:
        return 1
    return 0

cdef int count_techs(State* s, int p) noexcept nogil:
    cdef int c, n = 0
    for c in range(24, 48):
        if s.card_loc[c] == CL_HAND + p:
            n += 1
    return n

cdef int osiris_count(State* s, int p, int lo, int hi) noexcept nogil:
    cdef int r, d, n = 0
    for r in range(6):
        for d in range(lo, hi):
            if s.osiris[r][d] == p:
                n += 1
    return n

cdef int temple_buildings(State* s, int p) noexcept nogil:
    cdef int i, n = 0
    for i in range(nbspaces(s)):
        if s.bspace[i] == p:
            n += 1
    return n

cdef int god_statues(State* s, int p) noexcept nogil:
    cdef int g, k, n = 0
    for g in range(6):
        for k in range(3):
            if s.statue_god[g][k] == p:
                n += 1
    return n

cdef int people_statues(State* s, int p) noexcept nogil:
    cdef int k, n = 0
    for k in range(4):
        if s.people[k] == p:
            n += 1
    return n

cdef int decree_vp(State* s, int p, int d, int* paid) noexcept nogil:
    """VP of Decree D(d+1) for seat p at the end of the game (Appendix: Decree Cards).

    paid[0] is how many Resources D04 has spent (D04 scores before D08)."""
    cdef int v = 0, c, mn, k, stock
    if d == 0:
        return 3 * count_techs(s, p)
    if d == 1:
        k = 0
        for c in range(48, 72):
            if s.card_loc[c] == CL_HAND + p:
                k |= 1 << DECREE_SYM[c - 48]
        return 4 * ((k & 1) + ((k >> 1) & 1) + ((k >> 2) & 1) + ((k >> 3) & 1))
    if d == 2 or d == 22:
        return 0
    if d == 3:
        stock = s.res[p][0] + s.res[p][1] + s.res[p][2] + s.res[p][3] + s.gold[p]
        k = thresholds(s.population[p])
        if k > stock:
            k = stock
        paid[0] = k
        return 4 * k
    if d == 4:
        return 4 * thresholds(s.happiness[p])
    if d == 5:
        mn = 99
        for c in range(s.nseats):
            if s.happiness[c] < mn:
                mn = s.happiness[c]
        return s.happiness[p] - mn
    if d == 6:
        v = 3 * s.scribes[p]
        return v if v < 21 else 21
    if d == 7:
        # D04 is scored first: its Resources are paid with the cheapest first (non-Gold)
        stock = s.res[p][0] + s.res[p][1] + s.res[p][2] + s.res[p][3]
        k = paid[0]
        if k <= stock:
            v = 2 * s.gold[p] + stock - k
        else:
            v = 2 * (s.gold[p] - (k - stock))
        return v if v < 20 else 20
    if d == 8:
        return 3 * osiris_count(s, p, 2, 4)
    if d == 9:
        return 3 * osiris_count(s, p, 0, 2)
    if d == 10:
        return 2 * osiris_count(s, p, 0, 4)
    if d == 11:
        return 3 * temple_buildings(s, p)
    if d == 12:
        return 3 * s.pillars[p]
    if d == 13:
        return 2 * s.statues[p] + 2 * temple_buildings(s, p)
    if d == 14:
        return 2 * s.pillars[p] + 2 * temple_buildings(s, p)
    if d == 15:
        return 4 * god_statues(s, p)
    if d == 16:
        return 2 * s.statues[p] + 2 * s.pillars[p]
    if d == 17:
        return 3 * s.statues[p]
    if d == 18:
        return 5 * people_statues(s, p)
    if d == 19:
        if s.nplayers < 3:
            return 0
        if s.turn_order[0] == p:
            return 10
        if s.turn_order[1] == p:
            return 5
        return 0
    if d == 20:
        return s.buildings[p]
    if d == 21:
        return (s.pure_sum[p] + 1) // 2
    if d == 23:
        return temple_score(s, p, 0)
    return 0

cdef int set_vp(State* s, int p, int x) noexcept nogil:
    """VP of a Decree set (payload of K_DECREES: up to three card ids + 1, 7 bits each)."""
    cdef int ids[3]
    cdef int i, v = 0, paid = 0
    for i in range(3):
        ids[i] = ((x >> (7 * i)) & 0x7F) - 1
    for i in range(3):          # D04 first
        if ids[i] == 48 + 3:
            v += decree_vp(s, p, 3, &paid)
    for i in range(3):
        if ids[i] >= 48 and ids[i] != 48 + 3:
            v += decree_vp(s, p, ids[i] - 48, &paid)
    return v

cdef int gen_decree_sets(State* s, int p, int32_t* out) noexcept nogil:
    """Every scoring set (at most 3 Decrees, one per symbol), the best set first."""
    cdef int by_sym[4][8]
    cdef int nsym[4]
    cdef int val[256]
    cdef int pick[4]
    cdef int i, c, n = 0, a, b, cc, dd, k, x, j, tv
    cdef int32_t tmp
    for i in range(4):
        nsym[i] = 1
        by_sym[i][0] = -1
    for c in range(48, 72):
        if s.card_loc[c] == CL_HAND + p:
            k = DECREE_SYM[c - 48]
            by_sym[k][nsym[k]] = c
            nsym[k] += 1
    for a in range(nsym[0]):
        for b in range(nsym[1]):
            for cc in range(nsym[2]):
                for dd in range(nsym[3]):
                    x = 0
                    k = 0
                    pick[0] = a
                    pick[1] = b
                    pick[2] = cc
                    pick[3] = dd
                    for i in range(4):
                        j = pick[i]
                        if by_sym[i][j] >= 0:
                            if k < 3:
                                x |= (by_sym[i][j] + 1) << (7 * k)
                            k += 1
                    if k > 3 or n >= 256:
                        continue
                    out[n] = mk(K_DECREES, x)
                    val[n] = set_vp(s, p, x)
                    n += 1
    # best first (insertion sort, stable)
    for i in range(1, n):
        j = i
        while j > 0 and val[j] > val[j - 1]:
            tv = val[j]
            val[j] = val[j - 1]
            val[j - 1] = tv
            tmp = out[j]
            out[j] = out[j - 1]
            out[j - 1] = tmp
            j -= 1
    return n

cdef void score_decree_set(State* s, int p, int x) noexcept nogil:
    """Score the chosen set; D04 pays its Resources (cheapest first)."""
    cdef int i, k, paid = 0, r
    cdef int v = set_vp(s, p, x)
    for i in range(3):
        if ((x >> (7 * i)) & 0x7F) - 1 == 48 + 3:
            decree_vp(s, p, 3, &paid)
    k = paid
    for r in range(4):
        while k > 0 and s.res[p][r] > 0:
            s.res[p][r] -= 1
            k -= 1
    s.gold[p] -= k
    add_vp(s, p, v, VP_DECREES)
