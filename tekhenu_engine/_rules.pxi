# Included by _core.pyx: the decision machine (legal moves, chance outcomes, apply, advance)
# and the game flow (setup, turns, Rotation, Maat, Scoring, end).

# ----------------------------------------------------------------------------- god actions
cdef void push_bonus(State* s, int p, int god) noexcept nogil:
    """Snapshot who gets the Horus bonus of this god action; paid after the action."""
    cdef int q, k, mask = 0
    for q in range(s.nseats):
        if q == p and not (s.nplayers <= 2):
            continue
        for k in range(statue_spaces(s)):
            if s.statue_god[god][k] == q:
                mask |= 1 << q
                break
    if mask:
        push(s, A_BONUS, p, god, mask, 0, 0)

cdef void push_god(State* s, int p, int god, int value, int flags) noexcept nogil:
    """Perform a God action: its steps, then the Horus bonuses it triggers."""
    push_bonus(s, p, god)
    push(s, A_GOD, p, god, value, flags, 0)

cdef void start_god(State* s, int p, int god, int value, int flags) noexcept nogil:
    if hook_god_action(s, p, god, value, flags):
        return      # a card decision comes first; A_GOD was pushed again
    if god == 0:
        push(s, D_HORUS, p, value, flags, 0, 0)
    elif god == 1:
        push(s, D_RA_SPACE, p, RA_SLOT[value - 1], flags, 0, 0)
    elif god == 2:
        push(s, D_HATHOR, p, value, flags, 0, 0)
    elif god == 3:
        push(s, A_BASTET_RES, p, value, flags, 0, 0)
        push_pay(s, p, hook_papyrus_cost(s, p, 2, 3, flags), 0, 0, 0, flags)
    elif god == 4:
        push(s, D_THOTH_REFRESH, p, value, 0, flags, 0)
    else:
        push(s, D_OSIRIS, p, value, flags, 0, 0)

cdef void push_action(State* s, int p, int act, int value, int colour, int flags) noexcept nogil:
    """Push the action of an action code (ACT_*): a God action or a Produce action."""
    if act < NGOD_ACTIONS:
        push_god(s, p, act, value, flags)
    elif act == ACT_PRODUCE:
        push(s, A_PRODUCE, p, DIE_PROD[colour], value, flags, 0)
    else:
        push(s, A_PRODUCE, p, act - ACT_PRODUCE_RES, value, flags, 0)

cdef inline int action_code(int32_t a) noexcept nogil:
    """The action code (ACT_*) of a K_ACT or K_PRODUCE action."""
    cdef int x = a & 0xFFFFFF
    if (a >> 24) == K_ACT:
        return x
    return ACT_PRODUCE if x == 0 else ACT_PRODUCE_RES + x - 1

cdef void pay_bonus(State* s, int q, int god) noexcept nogil:
    """Pay seat q the bonus of the Horus slot that shows this god."""
    cdef int k
    for k in range(6):
        if s.horus_slot_god[k] == god:
            break
    if is_bot(s, q):
        bot_horus_bonus(s, q, k)
        return
    fire(s, q, EV_HORUS_BONUS, god, 0, 0)  # T07: a data row (data.TRIGGERS)
    if k == 0:
        push(s, D_GAIN, q, (1 << G_POP2) | (1 << G_FAITH3), 1, 0, 0)
    elif k == 1:
        push(s, D_GAIN, q, (1 << G_P) | (1 << G_B), 1, 0, 0)
    elif k == 2:
        push(s, D_GAIN, q, (1 << G_L) | (1 << G_G), 1, 0, 0)
    elif k == 3:
        s.gold[q] += 1
    elif k == 4:
        s.scribes[q] += 1
    else:
        add_vp(s, q, 2, VP_ACTIONS)

cdef int line_own_pillars(State* s, int p, int axis, int line) noexcept nogil:
    cdef int i, n = 0, sp
    for i in range(5):
        sp = line * 5 + i if axis == 0 else i * 5 + line
        if s.temple_tile[sp] > 0 and s.temple_owner[sp] == p:
            n += 1
    return n

cdef void resolve_horus(State* s, int p, int target, int value) noexcept nogil:
    cdef int g, k, first = 1
    if target == 0:
        g = s.horus_slot_god[value - 1]
        for k in range(statue_spaces(s)):
            if s.statue_god[g][k] == p:
                first = 0      # "a second Statue to the same god does not provide any additional reward"
        k = statue_god_free(s, g)
        s.statue_god[g][k] = p
        s.statues[p] += 1
        if s.nplayers == 3 and first:
            pay_bonus(s, p, g)
    else:
        k = target - 1
        s.people[k] = p
        s.statues[p] += 1
        if s.people_gold[k]:
            s.people_gold[k] = 0
            if not is_bot(s, p):
                s.gold[p] += 1
        if k < 2:
            add_vp(s, p, 3 * line_own_pillars(s, p, k, 2), VP_ACTIONS)

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
    gain_reward(s, p, TEMPLE_RK[space], TEMPLE_RN[space])
    if PLIGHT[tile] >= 0 and (PLIGHT[tile] == light_of(s, 1) or has_tech(s, p, 9)):
        pillar_ability(s, p, tile, space, m)

cdef void pillar_ability(State* s, int p, int tile, int space, int matches) noexcept nogil:
    """Pillar abilities P01-P21 (Appendix: Pillar Tiles). The "gain" ones (P01-P03, P07-P09,
    P16-P18) are data rows (data.TRIGGERS, the pillar event); the rest depend on the board or
    start an action."""
    if fire_source(s, p, EV_PILLAR, tile):
        return
    if tile == 4 or tile == 5:
        add_vp(s, p, matches, VP_ACTIONS)
    elif tile == 6:
        add_vp(s, p, line_buildings(s, space, -1), VP_ACTIONS)
    elif tile == 10 or tile == 11:
        if can_god(s, p, 4, 1, F_EXTRA):
            push_god(s, p, 4, 1, F_EXTRA)
    elif tile == 12:
        push(s, D_EXTRA, p, F_EXTRA, 1, 0, 0)  # Horus with value 1, 2 or 3
    elif tile == 13 or tile == 14:
        push(s, CH_CARD, -1, 2, 2, p, 0)
    elif tile == 15:
        if can_god(s, p, 5, 3, F_EXTRA):
            push_god(s, p, 5, 3, F_EXTRA)
    elif tile <= 21:
        if TEMPLE_RK[space] != 6:
            gain_reward(s, p, TEMPLE_RK[space], TEMPLE_RN[space])

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

cdef void resolve_bastet(State* s, int p, int value) noexcept nogil:
    if is_bot(s, p):
        bot_bastet_people(s, p, value)
    else:
        gain_happiness(s, p, value)
    if value <= 2:
        s.scribes[p] += 2
    elif value <= 4:
        s.scribes[p] += 1

cdef void resolve_osiris(State* s, int p, int row, int d, int flags) noexcept nogil:
    cdef int r = row - 1
    if not (flags & F_NOHAP) and not is_bot(s, p):
        s.happiness[p] -= 1
    s.osiris[r][d] = p
    s.buildings[p] += 1
    if r == 1 and s.osiris_row2_gold:
        s.osiris_row2_gold = 0
        if not is_bot(s, p):
            s.gold[p] += 1
    if is_bot(s, p):
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

cdef void resolve_produce(State* s, int p, int r, int value, int flags) noexcept nogil:
    """Produce: the die value in Resources; above the Production marker is excess (Taint)."""
    if hook_produce_start(s, p, r, value, flags):
        return      # a card decision comes first; A_PRODUCE was pushed again
    cdef int m = s.prod[p][r], gain = value, ex = 0
    if gain > m:
        ex = gain - m
        gain = m
    s.res[p][r] += gain
    if not (flags & F_FREE):
        s.excess[p] += ex
    hook_produce(s, p, r, value, ex, flags)

# ----------------------------------------------------------------------------- decks
cdef void normalise_deck(State* s, int type) noexcept nogil:
    """A deck that runs out takes its discards back, reshuffled."""
    cdef int c, lo = DECK_FIRST[type], hi = DECK_FIRST[type] + DECK_N[type]
    for c in range(lo, hi):
        if s.card_loc[c] == CL_PILE or s.card_loc[c] == CL_BOTTOM or (s.card_loc[c] >= CL_BOTTOMK and s.card_loc[c] < CL_BOTTOMK + 4):
            return
    for c in range(lo, hi):
        if s.card_loc[c] == CL_DISCARD:
            s.card_loc[c] = CL_PILE

cdef int deck_source(State* s, int type, int32_t* out) noexcept nogil:
    cdef int c, n = 0, lo = DECK_FIRST[type], hi = DECK_FIRST[type] + DECK_N[type]
    for c in range(lo, hi):
        if s.card_loc[c] == CL_PILE:
            out[n] = mk(K_DRAW, c)
            n += 1
    if n:
        return n
    for c in range(lo, hi):
        if s.card_loc[c] == CL_BOTTOM or (s.card_loc[c] >= CL_BOTTOMK and s.card_loc[c] < CL_BOTTOMK + 4):
            out[n] = mk(K_DRAW, c)
            n += 1
    return n

cdef void push_market_refill(State* s) noexcept nogil:
    cdef int i
    for i in range(14, -1, -1):
        if s.market_open[MARKET_SEC[i]] and s.market[i] < 0:
            push(s, CH_CARD, -1, MARKET_TYPE[i], 0, i, 0)

# ----------------------------------------------------------------------------- chance
cdef int gen_chance(State* s, int32_t* out, double* probs) noexcept nogil:
    """Outcomes of the chance step on top, with their probabilities."""
    cdef Task* t = &s.tasks[s.ntasks - 1]
    cdef int n = 0, i, c, tot, k
    cdef uint32_t bag
    cdef int cnt[8]
    if t.type == CH_WHEEL:
        for i in range(6):
            out[n] = mk(K_WHEEL, i)
            n += 1
    elif t.type == CH_HORUS:
        for i in range(6):
            for k in range(6):
                if s.horus_slot_god[k] == i:
                    break
            else:
                out[n] = mk(K_HORUS_TILE, i)
                n += 1
    elif t.type == CH_DIE:
        tot = 0
        for c in range(8):
            cnt[c] = 0
        bag = s.dice_at[DL_BAG]
        while bag:
            cnt[s.die_colour[__builtin_ctz(bag)]] += 1
            tot += 1
            bag &= bag - 1
        for c in range(8):
            if cnt[c]:
                for k in range(1, 7):           # one outcome per value its faces show
                    if DIE_MULT[c][k]:
                        out[n] = mk(K_ROLL, c * 6 + k - 1)
                        probs[n] = (cnt[c] * DIE_MULT[c][k]) / (<double>DIE_NFACES[c] * tot)
                        n += 1
        return n
    elif t.type == CH_PILLAR:
        for i in range(1, 28):
            if s.pillar_loc[i] == 0:
                out[n] = mk(K_TILE, i)
                n += 1
    elif t.type == CH_CARD:
        n = deck_source(s, t.a, out)
    elif t.type == CH_REVEAL:
        for i in range(12):
            if s.start_loc[i] == 0:
                out[n] = mk(K_REVEAL, i)
                n += 1
    elif t.type == CH_PICKSTART:
        for i in range(12):
            if s.start_loc[i] == 1:
                out[n] = mk(K_DRAFT, i)
                n += 1
    elif t.type == CH_FIRST:
        for i in range(s.nseats):
            out[n] = mk(K_FIRST, i)
            n += 1
    elif t.type == CH_DEBEN:
        out[0] = mk(K_DEBEN, 0)
        out[1] = mk(K_DEBEN, 1)
        n = 2
    elif t.type == CH_TIE:
        for i in range(t.a):
            out[n] = mk(K_TIE, i)
            n += 1
    elif t.type == CH_BOTDESTINY:
        for i in range(2):
            if s.destiny_owner[i] < 0:
                out[n] = mk(K_BOTDESTINY, i)
                n += 1
    else:
        n = bot_gen_chance(s, t, out)
    for i in range(n):
        probs[i] = 1.0 / n
    return n

cdef int32_t sample_chance(State* s) noexcept nogil:
    """Draw one outcome of the chance step on top with the state's own generator.

    A pure function of the state: the generator moves on when a chance outcome is
    applied (whatever its source), so a replayed game ends in an identical state."""
    cdef int32_t out[64]
    cdef double probs[64]
    cdef Task* t = &s.tasks[s.ntasks - 1]
    cdef uint64_t r = s.rng
    cdef int i, k, n, c, j
    cdef uint32_t bag
    # The k-th of the n candidates (the same pick as the list's k-th entry).
    if t.type == CH_DIE:
        # the dice in the bag as a bit set; the k-th set bit is the die
        bag = s.dice_at[DL_BAG]
        if bag == 0:
            return -1
        k = rng_int(&r, __builtin_popcount(bag))
        while k:
            bag &= bag - 1
            k -= 1
        j = __builtin_ctz(bag)
        c = s.die_colour[j]
        return mk(K_ROLL, c * 6 + DIE_FACE[c][rng_int(&r, DIE_NFACES[c])] - 1)
    # Cards from the pile and Pillar tiles: the same pick as out[rng_int(&r, n)] over the
    # list of gen_chance (ascending ids), without building it: j counts the places whose
    # running count of candidates is still <= k (no data-dependent branch).
    if t.type == CH_CARD:
        n = 0
        for i in range(DECK_FIRST[t.a], DECK_FIRST[t.a] + DECK_N[t.a]):
            n += s.card_loc[i] == CL_PILE
        if n:
            k = rng_int(&r, n)
            c = j = 0
            for i in range(DECK_FIRST[t.a], DECK_FIRST[t.a] + DECK_N[t.a]):
                c += s.card_loc[i] == CL_PILE
                j += c <= k
            return mk(K_DRAW, DECK_FIRST[t.a] + j)
    elif t.type == CH_PILLAR:
        n = 0
        for i in range(1, 28):
            n += s.pillar_loc[i] == 0
        if n == 0:
            return -1
        k = rng_int(&r, n)
        c = j = 0
        for i in range(1, 28):
            c += s.pillar_loc[i] == 0
            j += c <= k
        return mk(K_TILE, 1 + j)
    n = gen_chance(s, out, probs)
    if n <= 0:
        return -1
    return out[rng_int(&r, n)]

# ----------------------------------------------------------------------------- legal moves
cdef int gen_take(State* s, int p, int32_t* out) noexcept nogil:
    cdef uint64_t seen[8]
    cdef GodMemo memo
    cdef int i, n = 0, sec, col, v, pur, anub, key, forbid_ok, base
    cdef uint32_t wheel
    cdef int can_anubis = hook_can_anubis(s, p) != 0
    for i in range(8):
        seen[i] = 0
    memset(&memo, 0, sizeof(GodMemo))
    forbid_ok = hook_forbidden_ok(s, p) != 0
    # the dice on the wheel as a bit set (a branch-free scan), then each of them in order
    wheel = (s.dice_at[1] | s.dice_at[2] | s.dice_at[3] | s.dice_at[4] | s.dice_at[5]
             | s.dice_at[6])
    while wheel:
        i = __builtin_ctz(wheel)
        wheel &= wheel - 1
        sec = s.die_loc[i] - 1
        col = s.die_colour[i]
        v = s.die_value[i]
        key = col * 6 + v - 1
        if seen[sec] & ((<uint64_t>1) << key):
            continue
        seen[sec] |= (<uint64_t>1) << key
        pur = purity_of(s, sec, col)
        # few branches on the dice (they are hard to predict): each option is written,
        # then counted when it is legal
        base = (pur < 2) | forbid_ok
        if base and col >= 4:
            base = die_usable(s, p, sec, col, v, 0, &memo)
        out[n] = mk(K_TAKE, (sec << 8) | (col << 4) | v)
        n += hook_take_ok(s, p, sec, col, v, pur, base) != 0
        out[n] = mk(K_TAKE, (sec << 8) | (col << 4) | v | 0x8000)
        n += can_anubis & DIE_ANUBIS_OK[col]
    if n == 0:
        # No die allows an action: take any Pure or Tainted die without an action.
        for i in range(8):
            seen[i] = 0
        for i in range(s.ndice):
            if s.die_loc[i] < 1 or s.die_loc[i] > 6:
                continue
            sec = s.die_loc[i] - 1
            col = s.die_colour[i]
            v = s.die_value[i]
            key = col * 6 + v - 1
            if seen[sec] & ((<uint64_t>1) << key):
                continue
            seen[sec] |= (<uint64_t>1) << key
            if purity_of(s, sec, col) < 2:
                out[n] = mk(K_TAKE, (sec << 8) | (col << 4) | v | 0x4000)
                n += 1
    if n == 0:
        out[0] = mk(K_PASS, 0)
        n = 1
    return n

cdef int gen_legal(State* s, int32_t* out) noexcept nogil:
    """Legal actions of the decision on top of the task stack."""
    if s.ntasks == 0:
        return 0
    cdef Task* t = &s.tasks[s.ntasks - 1]
    cdef int p = t.p, n = 0, i, k, v, lo, hi, c, g, r, tile, cost, dup, rr, need, b, f
    cdef int e[4][4]
    if t.type == D_TAKE:
        return gen_take(s, p, out)
    elif t.type == D_ADJUST:
        value_range(s, p, s.cur_colour, s.cur_value, &lo, &hi)
        for v in range(lo, hi + 1):
            if s.cur_anubis or DIE_PROD[s.cur_colour] >= 0 or can_god_die(s, p, s.cur_section, v, 0):
                out[n] = mk(K_VALUE, v)
                n += 1
    elif t.type == D_ACTION:
        if s.cur_anubis:
            for g in range(6):
                if can_god_die(s, p, g, s.cur_value, 0):
                    out[n] = mk(K_ACT, g)
                    n += 1
            for r in range(4):
                out[n] = mk(K_PRODUCE, 1 + r)
                n += 1
        else:
            if can_god_die(s, p, s.cur_section, s.cur_value, 0):
                out[n] = mk(K_ACT, s.cur_section)
                n += 1
            if DIE_PROD[s.cur_colour] >= 0:
                out[n] = mk(K_PRODUCE, 0)
                n += 1
        n += hook_action_extras(s, p, out + n)
    elif t.type == D_HORUS:
        if statue_god_free(s, s.horus_slot_god[t.a - 1]) >= 0:
            out[n] = mk(K_STATUE, 0)
            n += 1
        for k in range(4):
            if s.people[k] < 0:
                out[n] = mk(K_STATUE, 1 + k)
                n += 1
    elif t.type == D_RA_SPACE:
        for i in range(25):
            if s.temple_tile[i] == 0 or s.temple_tile[i] > 27:
                out[n] = mk(K_SPACE, i)
                n += 1
    elif t.type == D_RA_ROT:
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
    elif t.type == D_HATHOR:
        for i in range(nbspaces(s)):
            if s.bspace[i] < 0 and ((t.b & F_FREE) or hook_can_pay_bread(s, p, BS_COST[i])):
                out[n] = mk(K_BUILD, i)
                n += 1
    elif t.type == D_OSIRIS:
        for i in range(4):
            if s.osiris[t.a - 1][i] < 0 and osiris_allowed(i, t.b):
                out[n] = mk(K_DISTRICT, i)
                n += 1
    elif t.type == D_THOTH_REFRESH:
        c = THOTH_N[t.a - 1]
        cost = 0 if (t.c & F_FREE) else THOTH_COST[t.a - 1]
        for k in range(4):
            if thoth_access(s, p, k) and section_cards(s, k) >= c:
                out[n] = mk(K_SECTION, k)
                n += 1
        for k in range(4):
            if s.market_open[k] and not (t.b & (1 << k)) and section_cards(s, k) > 0 \
                    and ((t.c & F_FREE) or hook_can_pay_papyrus(s, p, cost + 1, 4)):
                out[n] = mk(K_REFRESH, k)
                n += 1
    elif t.type == D_THOTH_CARD:
        for i in range(SEC_FIRST[t.a], SEC_FIRST[t.a] + SEC_N[t.a]):
            if s.market[i] >= 0:
                out[n] = mk(K_CARD, s.market[i])
                n += 1
    elif t.type == D_PAY:
        return gen_pay(s, t, out)
    elif t.type == D_GAIN:
        for i in range(t.c, 13):
            if t.a & (1 << i):
                out[n] = mk(K_GAIN, i)
                n += 1
    elif t.type == D_FAITH:
        f = s.faith[p]
        b = s.balance[p]
        # every net from -f to +f, those that bring the balance nearest to zero first
        # (at distance k from zero: -b-k, then -b+k)
        for k in range(abs(b) + f + 1):
            v = -b - k
            if v >= -f and v <= f:
                out[n] = mk(K_FAITH, v + 32)
                n += 1
            v = -b + k
            if k > 0 and v >= -f and v <= f:
                out[n] = mk(K_FAITH, v + 32)
                n += 1
            if n == 2 * f + 1:
                break
    elif t.type == D_BREAD:
        # game-help: "Bread is paid automatically. You are only asked if paying would need
        # Gold": all the Bread owed (as far as it goes), then Gold or 3 VP per Bread short.
        need = t.a
        b = min(need, s.res[p][1])
        for g in range(min(need - b, s.gold[p]), -1, -1):
            out[n] = mk(K_BREAD, (b << 4) | g)
            n += 1
        n += hook_bread_upkeep(s, p, need, out + n)
    elif t.type == D_DECREES:
        return gen_decree_sets(s, p, out)
    elif t.type == D_KEEP:
        for c in range(DECK_FIRST[t.a], DECK_FIRST[t.a] + DECK_N[t.a]):
            if s.card_loc[c] == CL_PENDING + p:
                out[n] = mk(K_KEEP, c)
                n += 1
    elif t.type == D_DRAFT:
        for i in range(12):
            if s.start_loc[i] == 1:
                out[n] = mk(K_DRAFT, i)
                n += 1
    elif t.type == D_DESTINY:
        for i in range(4):
            if s.destiny_owner[i] < 0:
                out[n] = mk(K_DESTINY, i)
                n += 1
    elif t.type == D_EXTRA:
        # t.a: flags; t.b == 1: Horus with value 1-3 only (P12)
        if t.b == 1:
            for v in range(1, 4):
                if can_god(s, p, 0, v, t.a):
                    out[n] = mk(K_EXTRA, v)
                    n += 1
        else:
            if t.a & F_FREE:
                out[n] = mk(K_PASS, 0)    # D23 "may" be played
                n += 1
            for g in range(6):
                for v in range(VALUE_MIN, VALUE_MAX + 1):
                    if can_god(s, p, g, v, t.a):
                        out[n] = mk(K_EXTRA, (g << 4) | v)
                        n += 1
            for r in range(4):
                for v in range(VALUE_MIN, VALUE_MAX + 1):
                    out[n] = mk(K_EXTRA, ((ACT_PRODUCE_RES + r) << 4) | v)
                    n += 1
    elif t.type == D_BLESS:
        return gen_bless(s, t, out)
    return n

# ----------------------------------------------------------------------------- apply
cdef void do_decision(State* s, Task t, int32_t a) noexcept nogil:
    cdef int kind = a >> 24, x = a & 0xFFFFFF, p = t.p, i, c, sec, col, v, d
    if t.type == D_TAKE:
        if kind == K_PASS:
            return
        sec = (x >> 8) & 0x3F
        col = (x >> 4) & 0xF
        v = x & 0xF
        i = find_die(s, sec, col, v)
        move_die(s, i, DL_BOX - 1)  # in hand
        s.cur_die = i
        s.cur_section = sec
        s.cur_colour = col
        s.cur_value = v
        s.cur_anubis = 1 if (x & 0x8000) else 0
        if s.cur_anubis:
            hook_pay_anubis(s, p)
        if x & 0x4000:
            push(s, A_PLACE_DIE, p, 0, 0, 0, 0)
            return
        push(s, D_ACTION, p, 0, 0, 0, 0)
        push(s, A_PLACE_DIE, p, 0, 0, 0, 0)
        push(s, D_ADJUST, p, 0, 0, 0, 0)
        hook_take_die(s, p)
    elif t.type == D_ADJUST:
        d = x - s.cur_value
        if d < 0:
            d = -d
        hook_pay_scribes(s, p, (d + 1) // 2)
        s.cur_value = x
    elif t.type == D_ACTION:
        i = action_code(a)
        hook_before_action(s, p, i)
        push_action(s, p, i, s.cur_value, s.cur_colour, 0)
        hook_after_action(s, p, i)
    elif t.type == D_HORUS:
        push(s, A_HORUS_RES, p, x, t.a, t.b, 0)
        if hook_free_lg(s, p, t.b):
            return
        push_pay(s, p, 0, 0, 0, STATUE_COST[s.statues[p]], t.b)
    elif t.type == D_RA_SPACE:
        push(s, D_RA_ROT, p, t.a, x, t.b, 0)
    elif t.type == D_RA_ROT:
        push(s, A_RA_RES, p, t.a, t.b, x, 0)
        if hook_free_lg(s, p, t.c):
            return
        push_pay(s, p, 0, 0, PCOST[s.ra[t.a]][0], PCOST[s.ra[t.a]][1], t.c)
    elif t.type == D_HATHOR:
        push(s, A_HATHOR_RES, p, x, t.a, t.b, 0)
        push_pay(s, p, 0, hook_bread_cost(s, p, BS_COST[x], t.b), 0, 0, t.b)
    elif t.type == D_OSIRIS:
        push(s, A_OSIRIS_RES, p, t.a, x, t.b, 0)
    elif t.type == D_THOTH_REFRESH:
        if kind == K_SECTION:
            push(s, D_THOTH_CARD, p, x, THOTH_N[t.a - 1], 0, 0)
            push_pay(s, p, hook_papyrus_cost(s, p, THOTH_COST[t.a - 1], 4, t.c), 0, 0, 0, t.c)
        else:
            push(s, D_THOTH_REFRESH, p, t.a, t.b | (1 << x), t.c, 0)
            push(s, A_THOTH_DISCARD, p, x, 0, 0, 0)
            push_pay(s, p, 1, 0, 0, 0, t.c)    # D23: free as well
    elif t.type == D_THOTH_CARD:
        for i in range(15):
            if s.market[i] == x:
                s.market[i] = -1
        s.card_loc[x] = CL_HAND + p
        if t.b > 1:
            push(s, D_THOTH_CARD, p, t.a, t.b - 1, 0, 0)
    elif t.type == D_PAY:
        apply_pay(s, p, x)
        if t.a >> COST_SOLDIERS:
            pay_other(s, p, t.a)
    elif t.type == D_GAIN:
        apply_gain_item(s, p, x)
        if t.b > 1:
            push(s, D_GAIN, p, t.a, t.b - 1, x, 0)
    elif t.type == D_FAITH:
        s.balance[p] += x - 32
        s.faith[p] = 0
    elif t.type == D_BREAD:
        s.res[p][1] -= (x >> 4) & 0xF
        s.gold[p] -= x & 0xF
        s.scribes[p] -= (x >> 8) & 0xF      # T10: Scribes in place of Gold
        add_vp(s, p, -3 * (t.a - ((x >> 4) & 0xF) - (x & 0xF) - ((x >> 8) & 0xF)), VP_BREAD)
    elif t.type == D_DECREES:
        score_decree_set(s, p, x)
    elif t.type == D_KEEP:
        for c in range(DECK_FIRST[t.a], DECK_FIRST[t.a] + DECK_N[t.a]):
            if s.card_loc[c] == CL_PENDING + p:
                if c == x:
                    s.card_loc[c] = CL_HAND + p
                elif t.b == 0:
                    s.card_loc[c] = CL_BOTTOMK + p
                else:
                    s.card_loc[c] = CL_PILE
    elif t.type == D_DRAFT:
        s.start_loc[x] = 2 + p
    elif t.type == D_DESTINY:
        s.destiny_owner[x] = p
        s.destiny[p] = x
        push(s, A_REWARDS, p, t.a, 0, 0, 0)
    elif t.type == D_EXTRA:
        if kind == K_PASS:
            return
        if t.b == 1:
            push_god(s, p, 0, x, t.a)
        else:
            push_action(s, p, x >> 4, x & 0xF, -1, t.a | F_EXTRA)
    elif t.type == D_BLESS:
        do_bless(s, t, a)

cdef void do_chance(State* s, Task t, int32_t a) noexcept nogil:
    cdef int x = a & 0xFFFFFF, i
    if t.type == CH_WHEEL:
        s.arrow = x
    elif t.type == CH_HORUS:
        s.horus_slot_god[t.a] = x
    elif t.type == CH_DIE:
        put_die(s, t.a, x // 6, x % 6 + 1)
    elif t.type == CH_PILLAR:
        s.pillar_loc[x] = 1
        if t.a < 3:
            s.ra[t.a] = x
        else:
            bot_place_start_pillar(s, x)
    elif t.type == CH_CARD:
        if t.b == 0:
            s.market[t.c] = x
            s.card_loc[x] = CL_MARKET
        elif t.b == 1:
            s.card_loc[x] = CL_PENDING + t.c
        else:
            s.card_loc[x] = CL_HAND + t.c
    elif t.type == CH_REVEAL:
        s.start_loc[x] = 1
    elif t.type == CH_PICKSTART:
        s.start_loc[x] = 2 + t.p
    elif t.type == CH_FIRST:
        s.first_player = x
    elif t.type == CH_BOTDESTINY:
        s.destiny_owner[x] = t.p
        s.destiny[t.p] = x
    else:
        bot_chance(s, t, x)

cdef void apply_one(State* s, int32_t a) noexcept nogil:
    """Pop the step on top and apply one action or outcome to it (no advance)."""
    cdef Task t = s.tasks[s.ntasks - 1]
    s.ntasks -= 1
    if t.type <= CH_LAST:
        rng_next(&s.rng)
        do_chance(s, t, a)
    else:
        do_decision(s, t, a)

cdef void apply_action(State* s, int32_t a) noexcept nogil:
    """Apply a legal action or chance outcome, then run the game forward to the next choice."""
    cdef int32_t buf[512]
    apply_one(s, a)
    advance_legal(s, buf)

cdef int apply_action_legal(State* s, int32_t a, int32_t* legal) noexcept nogil:
    """apply_action(), keeping what advance() found: -1 a chance step, 0 the end, else the
    number of legal actions of the decision on top, written to legal (as gen_legal would:
    the search uses them instead of generating the list a second time)."""
    apply_one(s, a)
    return advance_legal(s, legal)

cdef int is_legal(State* s, int32_t a) noexcept nogil:
    """Whether a is a legal action (or a possible chance outcome) of the step on top."""
    cdef int32_t buf[512]
    cdef double probs[512]
    cdef int n, i
    if s.ntasks == 0:
        return 0
    if s.tasks[s.ntasks - 1].type <= CH_LAST:
        n = gen_chance(s, buf, probs)
    else:
        n = gen_legal(s, buf)
    for i in range(n):
        if buf[i] == a:
            return 1
    return 0

cdef void advance(State* s) noexcept nogil:
    """Run automatic steps and auto-apply every step with exactly one outcome."""
    cdef int32_t buf[512]
    advance_legal(s, buf)

cdef int chance_single(State* s, int32_t* out) noexcept nogil:
    """How many outcomes the chance step on top has, as 0, 1 (written to out) or 2 (= several).

    A cheap count: the probabilities are only computed when a caller asks for them."""
    cdef Task* t = &s.tasks[s.ntasks - 1]
    cdef double probs[64]
    cdef int i, n = 0, c = -1
    if t.type == CH_DIE:
        return 2 if s.dice_at[DL_BAG] else 0     # several faces
    if t.type == CH_CARD:
        normalise_deck(s, t.a)
        for i in range(DECK_FIRST[t.a], DECK_FIRST[t.a] + DECK_N[t.a]):
            if s.card_loc[i] == CL_PILE:
                n += 1
                c = i
                if n > 1:
                    return 2
        if n == 1:
            out[0] = mk(K_DRAW, c)
            return 1
        return min(gen_chance(s, out, probs), 2)
    if t.type == CH_PILLAR:
        for i in range(1, 28):
            if s.pillar_loc[i] == 0:
                n += 1
                c = i
                if n > 1:
                    return 2
        if n == 1:
            out[0] = mk(K_TILE, c)
        return n
    if t.type == CH_DEBEN:
        return 2
    return min(gen_chance(s, out, probs), 2)

cdef int advance_legal(State* s, int32_t* buf) noexcept nogil:
    """advance(), returning what it stops at: -1 a chance step, 0 the end, else the number
    of legal actions of the decision on top (written to buf)."""
    cdef int n, ty
    cdef Task t
    while True:
        if s.ntasks == 0:
            s.terminal = 1
            return 0
        ty = s.tasks[s.ntasks - 1].type
        if ty >= A_NEXT_TURN:
            s.ntasks -= 1
            t = s.tasks[s.ntasks]
            run_auto(s, t)
            continue
        if ty <= CH_LAST:
            n = chance_single(s, buf)
            if n == 0:
                s.ntasks -= 1
                continue
            if n == 1:
                apply_one(s, buf[0])
                continue
            return -1
        n = gen_legal(s, buf)
        if n == 0:
            s.ntasks -= 1
            continue
        if n == 1:
            apply_one(s, buf[0])
            continue
        return n

# ----------------------------------------------------------------------------- automatic steps
cdef void run_auto(State* s, Task t) noexcept nogil:
    cdef int p = t.p, i, k, q
    if t.type == A_NEXT_TURN:
        s.turn_idx += 1
        if s.turn_idx < s.nseats:
            push(s, A_TURN, s.turn_order[s.turn_idx], 0, 0, 0, 0)
        else:
            s.round += 1
            s.turn_idx = -1
            push(s, A_NEXT_TURN, -1, 0, 0, 0, 0)
            if s.round % ROUNDS_ROT == 0:
                push(s, A_ROTATION, -1, 0, 0, 0, 0)
    elif t.type == A_TURN:
        s.cur_player = p
        s.turn_flags[p] = 0
        s.cur_die = -1
        if is_bot(s, p):
            push(s, A_END_TURN, p, 0, 0, 0, 0)
            bot_turn(s, p)
        else:
            push(s, A_END_TURN, p, 0, 0, 0, 0)
            push(s, D_TAKE, p, 0, 0, 0, 0)
            hook_turn_start(s, p)
    elif t.type == A_PLACE_DIE:
        place_die(s, p)
    elif t.type == A_END_TURN:
        s.cur_die = -1
        push(s, A_NEXT_TURN, -1, 0, 0, 0, 0)
        hook_turn_end(s, p)
        push_market_refill(s)
    elif t.type == A_GOD:
        start_god(s, p, t.a, t.b, t.c)
    elif t.type == A_HORUS_RES:
        resolve_horus(s, p, t.a, t.b)
    elif t.type == A_RA_RES:
        resolve_ra(s, p, t.a, t.b, t.c)
    elif t.type == A_RA_SLIDE:
        ra_slide(s)
    elif t.type == A_HATHOR_RES:
        resolve_hathor(s, p, t.a, t.b)
    elif t.type == A_BASTET_RES:
        resolve_bastet(s, p, t.a)
    elif t.type == A_OSIRIS_RES:
        resolve_osiris(s, p, t.a, t.b, t.c)
    elif t.type == A_PRODUCE:
        resolve_produce(s, p, t.a, t.b, t.c)
    elif t.type == A_THOTH_DISCARD:
        for i in range(SEC_FIRST[t.a], SEC_FIRST[t.a] + SEC_N[t.a]):
            if s.market[i] >= 0:
                s.card_loc[s.market[i]] = CL_DISCARD
                s.market[i] = -1
        for i in range(SEC_FIRST[t.a] + SEC_N[t.a] - 1, SEC_FIRST[t.a] - 1, -1):
            push(s, CH_CARD, -1, MARKET_TYPE[i], 0, i, 0)
    elif t.type == A_MARKET_OPEN:
        for i in range(SEC_FIRST[t.a] + SEC_N[t.a] - 1, SEC_FIRST[t.a] - 1, -1):
            push(s, CH_CARD, -1, MARKET_TYPE[i], 0, i, 0)
    elif t.type == A_BONUS:
        # paid in seat order after the acting seat
        for k in range(s.nseats, 0, -1):
            q = (p + k) % s.nseats
            if t.b & (1 << q):
                pay_bonus(s, q, t.a)
    elif t.type == A_ROTATION:
        s.arrow = (s.arrow + 1) % 6
        push(s, A_REFILL, -1, 0, 0, 0, 0)
        if s.round % ROUNDS_MAAT == 0:
            push(s, A_MAAT, -1, 0, 0, 0, 0)
    elif t.type == A_REFILL:
        k = PC_REFILL[s.nplayers]
        for i in range(k):
            push(s, CH_DIE, -1, (s.arrow + 5) % 6, 0, 0, 0)
        for i in range(k):
            push(s, CH_DIE, -1, (s.arrow + 2) % 6, 0, 0, 0)
    elif t.type == A_MAAT:
        maat_start(s)
    elif t.type == A_MAAT_ORDER:
        maat_order(s)
    elif t.type == A_SCORING:
        scoring(s)
    elif t.type == A_MAAT_END:
        maat_end(s)
    elif t.type == A_DESTINY_ROUND:
        for k in range(s.nseats - 1, -1, -1):
            q = s.turn_order[k]
            if is_bot(s, q):
                if k == 0:
                    push(s, CH_BOTDESTINY, q, 0, 0, 0, 0)
            else:
                push(s, D_DESTINY, q, t.a, 0, 0, 0)
    elif t.type == A_REWARDS:
        push_rewards(s, p, t.a)
    elif t.type == A_FINAL:
        final_scoring(s)
    elif t.type == A_WINNER:
        finish(s)
    elif t.type == A_SETUP:
        setup_phase(s, t.a)
    elif t.type == A_INIT_ORDER:
        init_order(s)
    else:
        bot_auto(s, t)

cdef void place_die(State* s, int p) noexcept nogil:
    """The die goes on the scales: Pure left, Tainted right; an Anubis die below them."""
    cdef int i = s.cur_die, v = s.cur_value, pur
    s.die_value[i] = v
    s.ndice_board[p] += 1
    if s.cur_anubis:
        s.die_loc[i] = DL_ANUBIS + p
        return
    pur = hook_die_purity(s, p, purity_of(s, s.cur_section, s.die_colour[i]))
    if pur == 0:
        s.die_loc[i] = DL_PURE + p
        s.pure_sum[p] += v
    else:
        s.die_loc[i] = DL_TAINT + p
        s.taint_sum[p] += v
    fire(s, p, EV_DIE_TAKEN, pur, 0, 0)  # T18: a data row (data.TRIGGERS)

# ----------------------------------------------------------------------------- Maat
cdef int ankh(State* s, int p) noexcept nogil:
    if is_bot(s, p):
        return BOT_ANKH_V
    if has_tech(s, p, 15):
        return T15_ANKH_V
    return s.destiny[p]

cdef void maat_start(State* s) noexcept nogil:
    cdef int k, p
    s.maat_count += 1
    push(s, A_MAAT_ORDER, -1, 0, 0, 0, 0)
    for p in range(s.nseats):
        if is_bot(s, p):
            bot_maat_balance(s, p)
        else:
            s.balance[p] = s.pure_sum[p] - s.taint_sum[p] - s.excess[p] - s.blood[p]
            fire(s, p, EV_MAAT_FAITH, -1, 0, 0)  # T15: a data row (data.TRIGGERS)
    for k in range(s.nseats - 1, -1, -1):
        p = s.turn_order[k]
        if not is_bot(s, p) and s.faith[p] > 0:
            push(s, D_FAITH, p, 0, 0, 0, 0)

cdef void maat_order(State* s) noexcept nogil:
    cdef int p, i, j, tmp, b, ai, aj
    for p in range(s.nseats):
        if is_bot(s, p):
            continue
        b = s.balance[p]
        for i in range(NMAAT_PEN):          # MAAT_PENALTY, the worst band first
            if b <= MAAT_PEN_AT[i]:
                add_vp(s, p, -MAAT_PEN_VP[i], VP_MAAT)
                break
    # ascending |balance|, ties to the higher Ankh
    for i in range(s.nseats):
        s.turn_order[i] = i
    for i in range(1, s.nseats):
        j = i
        while j > 0:
            ai = abs(s.balance[s.turn_order[j - 1]])
            aj = abs(s.balance[s.turn_order[j]])
            if aj < ai or (aj == ai and ankh(s, s.turn_order[j]) > ankh(s, s.turn_order[j - 1])):
                tmp = s.turn_order[j]
                s.turn_order[j] = s.turn_order[j - 1]
                s.turn_order[j - 1] = tmp
                j -= 1
            else:
                break
    hook_after_maat(s)
    # SCORING_MAAT_PHASES: a Scoring after the 2nd and the 4th (last) Maat phase
    if s.maat_count >= MAAT_LAST:
        push(s, A_FINAL, -1, 0, 0, 0, 0)
    else:
        push(s, A_MAAT_END, -1, 0, 0, 0, 0)
    if SCORING_AT[s.maat_count]:
        push(s, A_SCORING, -1, 0, 0, 0, 0)

cdef void maat_end(State* s) noexcept nogil:
    """Dice back to the bag; excess, Faith and Destiny cards returned; new Destiny picks."""
    cdef int i, p
    for i in range(s.ndice):
        if s.die_loc[i] >= DL_PURE and s.die_loc[i] < DL_BOT + 4:
            move_die(s, i, DL_BAG)
            s.die_value[i] = 0
    for p in range(s.nseats):
        s.pure_sum[p] = 0
        s.taint_sum[p] = 0
        s.excess[p] = 0
        s.ndice_board[p] = 0
        s.faith[p] = 0
        s.destiny[p] = -1
    for i in range(4):
        s.destiny_owner[i] = -1
    if s.nplayers == 1:
        bot_reset_pyramid(s)    # runs after the Destiny picks, as the Solo Maat text orders
    push(s, A_DESTINY_ROUND, -1, 0, 0, 0, 0)

# ----------------------------------------------------------------------------- Scoring
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
        if is_bot(s, p):
            bot_scoring_cards(s, p)
            continue
        for i in range(4):
            if s.prod[p][i] >= PROD_MAX:
                add_vp(s, p, PROD_TOP_VP, VP_PRODUCTION)
        add_vp(s, p, BROW_VP[s.buildings[p]], VP_BUILDROW)
        need = BROW_BREAD[s.buildings[p]]
        if need > 0 and not has_tech(s, p, 17):
            push(s, D_BREAD, p, need, 0, 0, 0)

# ----------------------------------------------------------------------------- the end
cdef void final_scoring(State* s) noexcept nogil:
    cdef int k, p
    push(s, A_WINNER, -1, 0, 0, 0, 0)
    for k in range(s.nseats - 1, -1, -1):
        p = s.turn_order[k]
        if not is_bot(s, p):
            push(s, D_DECREES, p, 0, 0, 0, 0)
    for k in range(s.nseats - 1, -1, -1):
        p = s.turn_order[k]
        if not is_bot(s, p) and has_card(s, p, DECREE(23)):
            push(s, D_EXTRA, p, F_FREE, 0, 0, 0)   # D23: a free action before the final scoring

cdef void finish(State* s) noexcept nogil:
    cdef int p, k
    for k in range(s.nseats):               # PLAYER_COUNT turn_order_vp
        if PC_TURN_VP[s.nplayers][k]:
            add_vp(s, s.turn_order[k], PC_TURN_VP[s.nplayers][k], VP_TURNORDER)
    for p in range(s.nseats):
        if is_bot(s, p):
            bot_final(s, p)
    for p in range(s.nseats):
        s.final_vp[p] = s.vp[p]
    s.terminal = 1
    s.ntasks = 0

cdef int winner(State* s) noexcept nogil:
    """Most VP; ties: most Scribes, then earlier in turn order."""
    cdef int k, p, best = -1
    for k in range(s.nseats):
        p = s.turn_order[k]
        if best < 0 or s.vp[p] > s.vp[best] or (s.vp[p] == s.vp[best] and s.scribes[p] > s.scribes[best]):
            best = p
    return best

# ----------------------------------------------------------------------------- setup
cdef void setup_phase(State* s, int phase) noexcept nogil:
    cdef int i, p, k, n
    if phase == 0:
        push(s, A_SETUP, -1, 1, 0, 0, 0)
        if s.options & OPT_RANDOM_HORUS:
            for i in range(5, -1, -1):
                push(s, CH_HORUS, -1, i, 0, 0, 0)
        else:
            for i in range(6):
                s.horus_slot_god[i] = i
        if s.options & OPT_RANDOM_WHEEL:
            push(s, CH_WHEEL, -1, 0, 0, 0, 0)
        else:
            s.arrow = 0
    elif phase == 1:
        push(s, A_SETUP, -1, 2, 0, 0, 0)
        for i in range(5, -1, -1):
            for k in range(SETUP_DICE):
                push(s, CH_DIE, -1, i, 0, 0, 0)
    elif phase == 2:
        push(s, A_SETUP, -1, 3, 0, 0, 0)
        for i in range(6, -1, -1):
            push(s, CH_CARD, -1, MARKET_TYPE[i], 0, i, 0)
        for i in range(2, -1, -1):
            push(s, CH_PILLAR, -1, i, 0, 0, 0)
    elif phase == 3:
        push(s, A_SETUP, -1, 4, 0, 0, 0)
        n = PC_START_CARDS[s.nplayers]
        for i in range(n):
            push(s, CH_REVEAL, -1, 0, 0, 0, 0)
        for p in range(s.nseats - 1, -1, -1):
            if not is_bot(s, p):
                push(s, CH_CARD, -1, 2, 1, p, 0)
                push(s, CH_CARD, -1, 2, 1, p, 0)
        if s.nplayers == 1:
            bot_setup(s)
    elif phase == 4:
        if s.nplayers == 1:
            push(s, A_SETUP, -1, 5, 0, 0, 0)
            if s.options & OPT_RANDOM_START:
                push(s, CH_PICKSTART, 0, 0, 0, 0, 0)
                push(s, CH_PICKSTART, 0, 0, 0, 0, 0)
            else:
                push(s, D_DRAFT, 0, 0, 0, 0, 0)
                push(s, D_DRAFT, 0, 0, 0, 0, 0)
            push(s, D_KEEP, 0, 2, 0, 0, 0)
            return
        push(s, A_SETUP, -1, 6, 0, 0, 0)
        for p in range(s.nseats - 1, -1, -1):
            push(s, D_KEEP, p, 2, 0, 0, 0)
        push(s, CH_FIRST, -1, 0, 0, 0, 0)
    elif phase == 6:
        push(s, A_SETUP, -1, 5, 0, 0, 0)
        for k in range(s.nseats):       # snake draft: back counter-clockwise
            push(s, D_DRAFT, (s.first_player + k) % s.nseats, 0, 0, 0, 0)
        for k in range(s.nseats - 1, -1, -1):
            push(s, D_DRAFT, (s.first_player + k) % s.nseats, 0, 0, 0, 0)
    elif phase == 5:
        push(s, A_NEXT_TURN, -1, 0, 0, 0, 0)
        push(s, A_DESTINY_ROUND, -1, 1, 0, 0, 0)
        push(s, A_INIT_ORDER, -1, 0, 0, 0, 0)

cdef void init_order(State* s) noexcept nogil:
    """Initial turn order: highest initiative total first; ties to the highest printed card."""
    cdef int tot[4]
    cdef int hi[4]
    cdef int p, i, j, tmp, a, b
    for p in range(4):
        tot[p] = 0
        hi[p] = 0
    for i in range(12):
        if s.start_loc[i] >= 2 and s.start_loc[i] < 6:
            p = s.start_loc[i] - 2
            tot[p] += i + 1
            if i + 1 > hi[p]:
                hi[p] = i + 1
    for i in range(s.nseats):
        s.turn_order[i] = i
    if s.nplayers == 1:
        s.turn_order[0] = 1    # Botankhamun always starts first
        s.turn_order[1] = 0
        s.turn_idx = -1
        return
    for i in range(1, s.nseats):
        j = i
        while j > 0:
            a = s.turn_order[j - 1]
            b = s.turn_order[j]
            if tot[b] > tot[a] or (tot[b] == tot[a] and hi[b] > hi[a]):
                s.turn_order[j - 1] = b
                s.turn_order[j] = a
                j -= 1
            else:
                break
    s.turn_idx = -1

cdef void push_rewards(State* s, int p, int setup) noexcept nogil:
    """Destiny reward, and at setup the rewards of both Starting cards (lowest id first).
    A01, A02 and A04 are data rows (data.TRIGGERS, the destiny event); A03 is a choice."""
    cdef int d = s.destiny[p], i
    if d >= 0 and not fire_source(s, p, EV_DESTINY, d):
        if d == 2:
            push(s, D_GAIN, p, (1 << G_POP1) | (1 << G_HAP1), 1, 0, 0)
    if not setup:
        return
    for i in range(11, -1, -1):
        if s.start_loc[i] == 2 + p:
            s.start_loc[i] = 6
            start_card(s, p, i)

cdef void start_card(State* s, int p, int i) noexcept nogil:
    """Starting cards S01-S12 (Appendix: Starting Cards). The "gain" ones (S07, S08, S11, S12)
    are data rows (data.TRIGGERS, the starting_card event); the rest start an action or a choice."""
    if fire_source(s, p, EV_STARTING_CARD, i):
        return
    if i == 0:
        push_god(s, p, 5, 5, F_NOHAP | F_EXTRA)
    elif i == 1:
        push_god(s, p, 5, 3, F_NOHAP | F_ONLY_LG | F_EXTRA)
    elif i == 2:
        push_god(s, p, 5, 3, F_NOHAP | F_ONLY_PB | F_EXTRA)
    elif i == 3:
        push(s, D_GAIN, p, 0xF, 5, 0, 0)
    elif i == 4 or i == 5:
        push(s, D_KEEP, p, 1 if i == 4 else 0, 1, 0, 0)
        push(s, CH_CARD, -1, 1 if i == 4 else 0, 1, p, 0)
        push(s, CH_CARD, -1, 1 if i == 4 else 0, 1, p, 0)
    elif i == 8:
        push(s, D_GAIN, p, (1 << G_L) | (1 << G_G), 3, 0, 0)
    elif i == 9:
        push(s, D_GAIN, p, (1 << G_P) | (1 << G_B), 3, 0, 0)

# ----------------------------------------------------------------------------- playouts
cdef void playout_random(State* s, uint64_t* r) noexcept nogil:
    """Play uniformly random legal decisions and sampled chance outcomes to the end."""
    cdef int32_t buf[512]
    cdef int n
    if s.ntasks == 0:
        return
    n = -1 if s.tasks[s.ntasks - 1].type <= CH_LAST else gen_legal(s, buf)
    while n != 0:
        if n < 0:
            apply_one(s, sample_chance(s))
        else:
            apply_one(s, buf[rng_int(r, n)])
        n = advance_legal(s, buf)
