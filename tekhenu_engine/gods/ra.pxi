# Included by _core.pyx: Ra: raising Pillars, tile edges, the Ra display.

cdef inline int tile_edge(int tile, int rot, int d) noexcept nogil:
    return PEDGE[tile][(d - rot + 4) % 4]

cdef int edge_matches(State* s, int space, int tile, int rot, int any_colour) noexcept nogil:
    """Matching edges of a tile placed at space (any_colour: count touching edges)."""
    cdef int r = space // 5, c = space % 5, d, nr, nc, e, other, n = 0, nb
    for d in range(4):
        e = tile_edge(tile, rot, d)
        nr = r + (-1 if d == 0 else (1 if d == 2 else 0))
        nc = c + (1 if d == 1 else (-1 if d == 3 else 0))
        if nr < 0 or nr > 4 or nc < 0 or nc > 4:
            if any_colour:
                n += 1
                continue
            other = BORDER[d][c] if (d == 0 or d == 2) else BORDER[d][r]
        else:
            nb = nr * 5 + nc
            if s.temple_tile[nb] <= 0 or s.temple_tile[nb] > 27:
                continue
            if any_colour:
                n += 1
                continue
            other = tile_edge(s.temple_tile[nb], s.temple_rot[nb], (d + 2) % 4)
        if other == e:
            n += 1
    return n

cdef inline int is_corner(int space) noexcept nogil:
    return space == 0 or space == 4 or space == 20 or space == 24

cdef int line_buildings(State* s, int space, int owner) noexcept nogil:
    """Buildings around the Temple in the row and column of space (owner -1: anyone's)."""
    cdef int r = space // 5, c = space % 5, i, n = 0
    for i in range(nbspaces(s)):
        if s.bspace[i] >= 0 and (owner < 0 or s.bspace[i] == owner):
            if (BS_AXIS[i] == 0 and BS_LINE[i] == r) or (BS_AXIS[i] == 1 and BS_LINE[i] == c):
                n += 1
    return n

cdef void resolve_ra(State* s, int p, int slot, int space, int rot) noexcept nogil:
    cdef int tile = s.ra[slot], m, vp
    s.temple_tile[space] = tile
    s.temple_rot[space] = rot
    s.temple_owner[space] = p
    s.pillar_loc[tile] = 2
    s.ra[slot] = 0
    s.pillars[p] += 1
    vp = line_buildings(s, space, -1)
    m = edge_matches(s, space, tile, rot, 0)
    vp += m * (2 if is_corner(space) else 1)
    vp += 3 - slot
    add_vp(s, p, vp, VP_ACTIONS)
    push(s, A_RA_SLIDE, p, 0, 0, 0, 0)
    seth_cultist(s, p, CE_PILLAR, space)            # Cult05 / Cult07 (seth/cultists.pxi)
    if not (seth_on(s) and seth_ra_conquest(s, p, space, 0)):   # Time of Seth: a Conquest tile's reward instead
        gain_reward(s, p, TEMPLE_RK[space], TEMPLE_RN[space])
    if PLIGHT[tile] >= 0 and (PLIGHT[tile] == light_of(s, 1) or has_tech(s, p, 9)):
        pillar_ability(s, p, tile, space, m)

cdef void ra_slide(State* s) noexcept nogil:
    """Slide the remaining tiles right, then refill the leftmost space from the stack."""
    cdef int t[3]
    cdef int i, n = 0
    for i in range(3):
        if s.ra[i] > 0:
            t[n] = s.ra[i]
            n += 1
    for i in range(3):
        s.ra[i] = 0
    for i in range(n):
        s.ra[3 - n + i] = t[i]
    if n < 3:
        push(s, CH_PILLAR, -1, 2 - n, 0, 0, 0)

cdef int gen_ra_space(State* s, Task* t, int32_t* out) noexcept nogil:
    """D_RA_SPACE: the free Temple spaces."""
    cdef int n = 0, i
    for i in range(25):
        if s.temple_tile[i] == 0 or s.temple_tile[i] > 27:
            out[n] = mk(K_SPACE, i)
            n += 1
    return n

cdef int gen_ra_rot(State* s, Task* t, int32_t* out) noexcept nogil:
    """D_RA_ROT: the rotations of the tile that differ in their edges."""
    cdef int n = 0, k, r, tile, dup, rr
    cdef int e[4][4]
    tile = s.ra[t.a]
    for r in range(4):
        for k in range(4):
            e[r][k] = tile_edge(tile, r, k)
        dup = 0
        for rr in range(r):
            if e[rr][0] == e[r][0] and e[rr][1] == e[r][1] and e[rr][2] == e[r][2] and e[rr][3] == e[r][3]:
                dup = 1
        if not dup:
            out[n] = mk(K_ROT, r)
            n += 1
    return n

cdef void do_ra_space(State* s, Task t, int32_t a) noexcept nogil:
    """D_RA_SPACE: the rotation comes next."""
    cdef int x = a & 0xFFFFFF, p = t.p
    push(s, D_RA_ROT, p, t.a, x, t.b, 0)

cdef void do_ra_rot(State* s, Task t, int32_t a) noexcept nogil:
    """D_RA_ROT: resolve after paying the tile's Limestone and Granite."""
    cdef int x = a & 0xFFFFFF, p = t.p
    push(s, A_RA_RES, p, t.a, t.b, x, 0)
    if hook_free_lg(s, p, t.c):
        return
    push_pay(s, p, 0, 0, PCOST[s.ra[t.a]][0], PCOST[s.ra[t.a]][1], t.c)
