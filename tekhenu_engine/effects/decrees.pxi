# Included by _core.pyx: the Decrees D01-D24: their VP at the final scoring (decree_vp) and the sets a seat
# may score (gen_decree_sets / score_decree_set).

cdef inline int thresholds(int v) noexcept nogil:
    """Happiness thresholds (HAPPINESS_THRESHOLDS) reached (not cumulative: the highest counts)."""
    return HAP_LEVEL[v] if 0 <= v < 32 else HAP_LEVEL[31]

cdef int count_techs(State* s, int p) noexcept nogil:
    cdef int j, n = 0
    for j in range(DECK_N[DECK_TECH]):
        if s.card_loc[DECK_IDS[DECK_TECH][j]] == CL_HAND + p:
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
    cdef int v = 0, c, mn, k, stock, j
    if d == 0:
        return 3 * count_techs(s, p)
    if d == 1:
        k = 0
        for j in range(DECK_N[DECK_DECREE]):
            c = DECK_IDS[DECK_DECREE][j]
            if s.card_loc[c] == CL_HAND + p:
                k |= 1 << DECREE_SYM[c]
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
        return v if v < D07_CAP else D07_CAP
    if d == 7:
        # D04 is scored first: its Resources are paid with the cheapest first (non-Gold)
        stock = s.res[p][0] + s.res[p][1] + s.res[p][2] + s.res[p][3]
        k = paid[0]
        if k <= stock:
            v = 2 * s.gold[p] + stock - k
        else:
            v = 2 * (s.gold[p] - (k - stock))
        return v if v < D08_CAP else D08_CAP
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
    cdef int i, v = 0, paid = 0, k
    for i in range(3):
        ids[i] = ((x >> (7 * i)) & 0x7F) - 1
    for i in range(3):          # D04 first
        if ids[i] == DECREE(4):
            v += decree_vp(s, p, 3, &paid)
    for i in range(3):
        if ids[i] >= 0 and card_type(ids[i]) == DECK_DECREE and ids[i] != DECREE(4):
            k = seth_decree_vp(s, p, ids[i])    # Time of Seth: DX01-DX04 (seth/cards.pxi)
            v += k if k >= 0 else decree_vp(s, p, ids[i] - DECREE(1), &paid)
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
    for j in range(DECK_N[DECK_DECREE]):
        c = DECK_IDS[DECK_DECREE][j]
        if s.card_loc[c] == CL_HAND + p:
            k = DECREE_SYM[c]
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

cdef inline int max_sum3(int* per_symbol, int fixed, int fixed_vp) noexcept nogil:
    """The largest sum of at most 3 of the four symbols' values (all >= 0); with `fixed` >= 0 that
    symbol is taken at fixed_vp and at most 2 others are added."""
    cdef int i, lo = 1 << 30, total = 0
    for i in range(4):
        if i == fixed:
            continue
        total += per_symbol[i]
        if per_symbol[i] < lo:
            lo = per_symbol[i]
    if fixed >= 0:
        return fixed_vp + total - lo     # the 2 best of the 3 other symbols
    return total - lo                    # the 3 best of 4

cdef int best_decree_vp(State* s, int p) noexcept nogil:
    """VP of the best Decree set seat p could score with the position as it is (the search's
    tuned playout policy reads it): the value of gen_decree_sets' first set, found without
    listing the sets. A set's VP is the sum of its Decrees' (set_vp) except that D08 counts the
    Resources D04 pays, so: the best of the sets without D04 (at most one Decree per symbol, at
    most 3: the 3 best symbols' best Decrees) and, when p holds D04, of the sets with it."""
    cdef int best_without[4]
    cdef int best_with[4]
    cdef int held[32]
    cdef int i, j, c, k, v, nheld = 0, paid0 = 0, paid4 = 0, d04 = DECREE(4), d04_sym = -1, d04_vp = 0
    cdef int a, b
    for i in range(4):
        best_without[i] = 0
        best_with[i] = 0
    for j in range(DECK_N[DECK_DECREE]):
        c = DECK_IDS[DECK_DECREE][j]
        if s.card_loc[c] == CL_HAND + p:
            if c == d04:
                d04_sym = DECREE_SYM[c]
                d04_vp = decree_vp(s, p, 3, &paid4)
            elif nheld < 32:
                held[nheld] = c
                nheld += 1
    for j in range(nheld):
        c = held[j]
        k = DECREE_SYM[c]
        v = seth_decree_vp(s, p, c)     # Time of Seth: DX01-DX04 (seth/cards.pxi)
        if v >= 0:
            a = v
            b = v
        else:
            paid0 = 0
            a = decree_vp(s, p, c - DECREE(1), &paid0)
            b = decree_vp(s, p, c - DECREE(1), &paid4) if d04_sym >= 0 and c == DECREE(8) else a
        if a > best_without[k]:
            best_without[k] = a
        if b > best_with[k]:
            best_with[k] = b
    return max_sum3(best_without, -1, 0) if d04_sym < 0 else max(
        max_sum3(best_without, -1, 0), max_sum3(best_with, d04_sym, d04_vp))


cdef void score_decree_set(State* s, int p, int x) noexcept nogil:
    """Score the chosen set; D04 pays its Resources (cheapest first)."""
    cdef int i, k, paid = 0, r
    cdef int v = set_vp(s, p, x)
    for i in range(3):
        if ((x >> (7 * i)) & 0x7F) - 1 == DECREE(4):
            decree_vp(s, p, 3, &paid)
    k = paid
    for r in range(4):
        while k > 0 and s.res[p][r] > 0:
            s.res[p][r] -= 1
            k -= 1
    s.gold[p] -= k
    add_vp(s, p, v, VP_DECREES)
