# Included by _core.pyx: Botankhamun's versions of the God actions (game help "Solo - Botankhamun").

cdef void bot_act(State* s, int p) noexcept nogil:
    """Its version of the God action of the die's section (never pays, never produces)."""
    cdef int god = s.cur_section, v = s.cur_value
    if god < 0 or god > 6 or v < 1 or v > 6:
        return                              # no die in hand (only in a hand-made state)
    s.bot_log[BL_GOD] = god
    s.bot_log[BL_VP0] = s.vp[p]
    s.bot_log[BL_SCR0] = s.scribes[p]
    s.bot_log[BL_HAP0] = s.happiness[p]
    s.bot_log[BL_POP0] = s.population[p]
    push(s, A_BOT_DONE, p, 0, 0, 0, 0)
    if solo_seth_act(s, p, v):
        return                              # a die of the Seth board: the Seth tile (solo/seth.pxi)
    if god == 0:
        bot_horus(s, p, v)
    elif god == 1:
        bot_ra(s, p, v)
    elif god == 2:
        bot_hathor(s, p, v)
    elif god == 3:
        push_bonus(s, p, 3)
        resolve_bastet(s, p, v)
        s.bot_log[BL_WHAT] = BA_BASTET
    elif god == 4:
        bot_thoth(s, p, v)
    else:
        bot_osiris(s, p, v, s.cur_colour)

cdef void bot_done(State* s, int p) noexcept nogil:
    s.bot_log[BL_VP] = s.vp[p] - s.bot_log[BL_VP0]
    s.bot_log[BL_SCR] = s.scribes[p] - s.bot_log[BL_SCR0]
    s.bot_log[BL_HAP] = s.happiness[p] - s.bot_log[BL_HAP0]
    s.bot_log[BL_POP] = s.population[p] - s.bot_log[BL_POP0]
    s.bot_log[BL_DONE] = 1

cdef void bot_choose(State* s, int p, int purpose, int* cand, int n) noexcept nogil:
    """One candidate: act on it now; several: a random tie-break (chance step) first."""
    if n == 1:
        bot_apply_choice(s, p, purpose, cand[0])
    elif n > 1:
        s.bot_log[BL_TIE] = n
        push(s, CH_TIE, p, n, purpose, 0, 0)

cdef int bot_candidates(State* s, int p, int purpose, int* out) noexcept nogil:
    cdef int n = solo_seth_candidates(s, p, purpose, out)     # Time of Seth's own ties (solo/seth.pxi)
    if n >= 0:
        return n
    if purpose == TIE_DIE:
        return bot_die_candidates(s, out, &s.bot_log[BL_SKIPPED])
    if purpose == TIE_PEOPLE:
        return people_choices(s, p, out)
    if purpose == TIE_TEMPLE:
        return temple_statue_choices(s, p, out)
    if purpose == TIE_RA:
        return ra_choices(s, p, s.cur_value, out)
    if purpose == TIE_HATHOR:
        return hathor_choices(s, p, out)
    return 0

cdef void bot_resolve_tie(State* s, int p, int purpose, int x) noexcept nogil:
    """Outcome x of a random tie-break: the x-th candidate, in the order the rules list them."""
    cdef int cand[16]
    cdef int n = bot_candidates(s, p, purpose, cand)
    if n <= 0:
        return
    if x < 0 or x >= n:
        x = 0
    if purpose == TIE_DIE:
        take_bot_die(s, p, cand[x])
    else:
        bot_apply_choice(s, p, purpose, cand[x])

cdef void bot_apply_choice(State* s, int p, int purpose, int c) noexcept nogil:
    if solo_seth_apply(s, p, purpose, c):
        return                              # Time of Seth's own ties (solo/seth.pxi)
    if purpose == TIE_PEOPLE or purpose == TIE_TEMPLE:
        resolve_horus(s, p, 1 + c, s.cur_value)
        s.bot_log[BL_WHAT] = BA_STATUE_PEOPLE
        s.bot_log[BL_WHERE] = c
    elif purpose == TIE_RA:
        bot_place_pillar(s, p, s.cur_value, c)
    elif purpose == TIE_HATHOR:
        resolve_hathor(s, p, c, s.cur_value)
        s.bot_log[BL_WHAT] = BA_TEMPLE_BUILDING
        s.bot_log[BL_WHERE] = c

# --- Horus
cdef int people_impact(State* s, int p, int k) noexcept nogil:
    """Districts whose control a Statue of p on people space k (2 workshops, 3 quarries) changes."""
    cdef int d, n = 0, before
    for d in range(2 * (k - 2), 2 * (k - 2) + 2):
        before = district_winner(s, d)
        s.people[k] = p
        if district_winner(s, d) != before:
            n += 1
        s.people[k] = -1
    return n

cdef int people_choices(State* s, int p, int* out) noexcept nogil:
    """Free workshop / quarry spaces with the biggest impact on district control (0: none helps)."""
    cdef int k, im, best = 0, n = 0
    for k in range(2, 4):
        if s.people[k] >= 0:
            continue
        im = people_impact(s, p, k)
        if im > best:
            best = im
            n = 0
        if im == best and im > 0:
            out[n] = k
            n += 1
    return n

cdef int temple_statue_choices(State* s, int p, int* out) noexcept nogil:
    """Free Temple Statue spaces lined up with the most of its Pillars."""
    cdef int k, m, best = -1, n = 0
    for k in range(2):
        if s.people[k] >= 0:
            continue
        m = line_own_pillars(s, p, k, 2)
        if m > best:
            best = m
            n = 0
        if m == best:
            out[n] = k
            n += 1
    return n

cdef void bot_horus(State* s, int p, int v) noexcept nogil:
    """Statue for the die's god; else for the people where it most changes district control;
    else at the Temple by its Pillars (3 VP each in line); with no space, 3 VP."""
    cdef int cand[4]
    cdef int g, n
    push_bonus(s, p, 0)
    if solo_seth_horus(s, p, v):
        return                  # Time of Seth: a Statue on the Seth board first (solo/seth.pxi)
    if s.statues[p] < 6:
        g = s.horus_slot_god[v - 1]
        if statue_god_free(s, g) >= 0:
            resolve_horus(s, p, 0, v)
            s.bot_log[BL_WHAT] = BA_STATUE_GOD
            s.bot_log[BL_WHERE] = g
            return
        n = people_choices(s, p, cand)
        if n > 0:
            bot_choose(s, p, TIE_PEOPLE, cand, n)
            return
        n = temple_statue_choices(s, p, cand)
        if n > 0:
            bot_choose(s, p, TIE_TEMPLE, cand, n)
            return
    add_vp(s, p, 3, VP_ACTIONS)
    s.bot_log[BL_WHAT] = BA_HORUS_VP

# --- Ra
cdef inline int touching_edges(State* s, int r, int c) noexcept nogil:
    """Edges of a tile on (r, c) that touch a Pillar tile or the Temple border, any colour."""
    cdef int n = 0
    n += 1 if r == 0 else (1 if 0 < s.temple_tile[(r - 1) * 5 + c] <= 27 else 0)
    n += 1 if r == 4 else (1 if 0 < s.temple_tile[(r + 1) * 5 + c] <= 27 else 0)
    n += 1 if c == 0 else (1 if 0 < s.temple_tile[r * 5 + c - 1] <= 27 else 0)
    n += 1 if c == 4 else (1 if 0 < s.temple_tile[r * 5 + c + 1] <= 27 else 0)
    return n

cdef int ra_choices(State* s, int p, int v, int* out) noexcept nogil:
    """Best empty Temple spaces for the die's tile, unrotated: 1 VP per Building (anyone's)
    in its row and column, 1 per touching edge (any colour, the border too), the slot's
    1-3 VP; ties to a line with one of its Buildings, then to a space not on the Temple's
    edge (the rest is random). Line counts are taken once (the same count as line_buildings)."""
    cdef int slot = RA_SLOT[v - 1], tile = s.ra[slot], sp, key, best = -1, n = 0, r, c, i, ln
    cdef int lines[2][5]      # Buildings per row / column
    cdef int own[2][5]        # its own Buildings per row / column
    if tile == 0 or s.pillars[p] >= N_PILLAR:
        return 0
    for i in range(5):
        lines[0][i] = lines[1][i] = own[0][i] = own[1][i] = 0
    for i in range(nbspaces(s)):
        if s.bspace[i] >= 0:
            lines[BS_AXIS[i]][BS_LINE[i]] += 1
            if s.bspace[i] == p:
                own[BS_AXIS[i]][BS_LINE[i]] += 1
    for sp in range(25):
        if s.temple_tile[sp] != 0:
            continue
        r = sp // 5
        c = sp % 5
        key = (lines[0][r] + lines[1][c] + touching_edges(s, r, c) + 3 - slot + bot_conquest_vp(s, sp)) * 4
        if own[0][r] + own[1][c] > 0:
            key += 2
        if r > 0 and r < 4 and c > 0 and c < 4:
            key += 1
        if key > best:
            best = key
            n = 0
        if key == best and n < 16:
            out[n] = sp
            n += 1
    return n

cdef void bot_place_pillar(State* s, int p, int v, int space) noexcept nogil:
    """Place the tile, score it, slide and refill the display; no reward, no ability."""
    cdef int slot = RA_SLOT[v - 1], tile = s.ra[slot]
    cdef int vp = (line_buildings(s, space, -1) + touching_edges(s, space // 5, space % 5) + 3 - slot
                   + bot_conquest_vp(s, space))     # Time of Seth: 2 VP more on a Conquest tile
    s.temple_tile[space] = tile
    s.temple_rot[space] = 0
    s.temple_owner[space] = p
    s.pillar_loc[tile] = 2
    s.ra[slot] = 0
    s.pillars[p] += 1
    add_vp(s, p, vp, VP_ACTIONS)
    push(s, A_RA_SLIDE, p, 0, 0, 0, 0)
    s.bot_log[BL_WHAT] = BA_PILLAR
    s.bot_log[BL_WHERE] = space
    s.bot_log[BL_EXTRA] = tile

cdef void bot_ra(State* s, int p, int v) noexcept nogil:
    cdef int cand[16]
    cdef int n = ra_choices(s, p, v, cand)
    if n == 0:
        return
    push_bonus(s, p, 1)
    bot_choose(s, p, TIE_RA, cand, n)

# --- Hathor
cdef int hathor_choices(State* s, int p, int* out) noexcept nogil:
    """Free building spaces where its own Pillars in line score it the most."""
    cdef int i, m, best = -1, n = 0
    if s.buildings[p] >= max_buildings(s, p):
        return 0
    for i in range(nbspaces(s)):
        if s.bspace[i] >= 0:
            continue
        m = line_own_pillars(s, p, BS_AXIS[i], BS_LINE[i])
        if m > best:
            best = m
            n = 0
        if m == best:
            out[n] = i
            n += 1
    return n

cdef void bot_hathor(State* s, int p, int v) noexcept nogil:
    cdef int cand[18]
    cdef int n = hathor_choices(s, p, cand)
    if n == 0:
        return
    push_bonus(s, p, 2)
    bot_choose(s, p, TIE_HATHOR, cand, n)

# --- Thoth
cdef void bot_thoth(State* s, int p, int v) noexcept nogil:
    """1-3 cards from the highest section its Happiness opens that holds them all:
    Decrees, then Technologies, then Blessings, leftmost first; face down, no effect."""
    cdef int need = THOTH_N[v - 1], sec = -1, k, j, i, bi, bk, key, packed = 0
    for k in range(3, -1, -1):
        if thoth_access(s, p, k) and section_cards(s, k) >= need:
            sec = k
            break
    if sec < 0:
        return
    push_bonus(s, p, 4)
    for j in range(need):
        bi = -1
        bk = -1
        for i in range(SEC_FIRST[sec], SEC_FIRST[sec] + SEC_N[sec]):
            if s.market[i] < 0:
                continue
            key = card_type(s.market[i]) * 32 + (31 - i)
            if key > bk:
                bk = key
                bi = i
        s.card_loc[s.market[bi]] = CL_BOT
        packed |= (s.market[bi] + 1) << (7 * j)
        s.market[bi] = -1
    s.bot_log[BL_WHAT] = BA_CARDS
    s.bot_log[BL_WHERE] = sec
    s.bot_log[BL_CARDS] = packed

# --- Osiris
cdef void bot_osiris(State* s, int p, int v, int colour) noexcept nogil:
    """Row by the die value, district by its colour (gray: fewest Buildings, leftmost);
    taken spaces move it right (looping), a full row moves it up (looping)."""
    cdef int d0, d, r, rr, dd, cnt, best
    if s.buildings[p] >= max_buildings(s, p):
        return
    if colour < 4:
        d0 = colour
    else:
        d0 = 0
        best = 99
        for d in range(4):
            cnt = 0
            for r in range(6):
                if s.osiris[r][d] >= 0:
                    cnt += 1
            if cnt < best:
                best = cnt
                d0 = d
    for rr in range(6):
        r = (v - 1 - rr + 6) % 6
        for dd in range(4):
            d = (d0 + dd) % 4
            if s.osiris[r][d] < 0:
                push_bonus(s, p, 5)
                resolve_osiris(s, p, r + 1, d, F_NOHAP)
                s.bot_log[BL_WHAT] = BA_OSIRIS
                s.bot_log[BL_WHERE] = r * 4 + d
                return
