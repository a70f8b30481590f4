# Included by _core.pyx: the Scoring after Maat phases 2 and 4: districts, Temple, Happiness.

cdef int district_count(State* s, int p, int d) noexcept nogil:
    cdef int r, n = 0
    for r in range(6):
        if s.osiris[r][d] == p:
            n += 1
    if s.people[2 + d // 2] == p:
        n += 1
    return n

cdef int district_top(State* s, int p, int d) noexcept nogil:
    """Height rank of p's topmost piece in district d (0 = the Statue, 1..6 rows)."""
    cdef int r
    if s.people[2 + d // 2] == p:
        return 0
    for r in range(6):
        if s.osiris[r][d] == p:
            return r + 1
    return 99

cdef int district_winner(State* s, int d) noexcept nogil:
    cdef int p, best = -1, bn = 0, n
    for p in range(s.nseats):
        n = district_count(s, p, d)
        if n == 0:
            continue
        if n > bn or (n == bn and district_top(s, p, d) < district_top(s, best, d)):
            best = p
            bn = n
    return best

cdef int temple_score(State* s, int p, int with_statues) noexcept nogil:
    cdef int i, sp, n = 0, r, c
    for i in range(nbspaces(s)):
        if s.bspace[i] == p:
            n += 1
    if with_statues:
        for i in range(2):
            if s.people[i] == p:
                n += 1
    for sp in range(25):
        if s.temple_tile[sp] > 0 and s.temple_tile[sp] <= 27 and s.temple_owner[sp] == p:
            r = sp // 5
            c = sp % 5
            n += line_buildings(s, sp, p)
            if with_statues:
                if s.people[0] == p and r == 2:
                    n += 1
                if s.people[1] == p and c == 2:
                    n += 1
    return n

cdef int happiness_vp(int h) noexcept nogil:
    """Scoring VP of a Happiness (HAPPINESS_THRESHOLDS)."""
    return HAP_VP[h] if 0 <= h < 32 else HAP_VP[31]

cdef void scoring(State* s) noexcept nogil:
    cdef int d, w, k, p, i, need
    s.scoring_count += 1
    for d in range(4):
        w = district_winner(s, d)
        if w >= 0:
            add_vp(s, w, DISTRICT_VP, VP_DISTRICTS)
    for k in range(s.nseats - 1, -1, -1):
        p = s.turn_order[k]
        add_vp(s, p, temple_score(s, p, 1), VP_TEMPLE)
        add_vp(s, p, STATUE_VP[s.statues[p]], VP_STATUES)
        add_vp(s, p, happiness_vp(s.happiness[p]), VP_HAPPINESS)
        if seth_on(s):
            seth_score(s, p)            # Time of Seth: the Seth board's Buildings (seth/action.pxi)
        if bot_scoring_cards(s, p):
            continue
        for i in range(4):
            if s.prod[p][i] >= PROD_MAX:
                add_vp(s, p, PROD_TOP_VP, VP_PRODUCTION)
        add_vp(s, p, BROW_VP[s.buildings[p]], VP_BUILDROW)
        need = BROW_BREAD[s.buildings[p]]
        if need > 0 and not has_tech(s, p, 17):
            push(s, D_BREAD, p, need, 0, 0, 0)

cdef int gen_bread(State* s, Task* t, int32_t* out) noexcept nogil:
    """D_BREAD: how the Bread owed at a Scoring is paid."""
    cdef int p = t.p, n = 0, g, need, b
    # game-help: "Bread is paid automatically. You are only asked if paying would need
    # Gold": all the Bread owed (as far as it goes), then Gold or 3 VP per Bread short.
    need = t.a
    b = min(need, s.res[p][1])
    for g in range(min(need - b, s.gold[p]), -1, -1):
        out[n] = mk(K_BREAD, (b << 4) | g)
        n += 1
    n += hook_bread_upkeep(s, p, need, out + n)
    return n

cdef void do_bread(State* s, Task t, int32_t a) noexcept nogil:
    """D_BREAD: pay the Bread, Gold (or T10's Scribes); 3 VP per Bread short."""
    cdef int x = a & 0xFFFFFF, p = t.p
    s.res[p][1] -= (x >> 4) & 0xF
    s.gold[p] -= x & 0xF
    s.scribes[p] -= (x >> 8) & 0xF      # T10: Scribes in place of Gold
    add_vp(s, p, -3 * (t.a - ((x >> 4) & 0xF) - (x & 0xF) - ((x >> 8) & 0xF)), VP_BREAD)
