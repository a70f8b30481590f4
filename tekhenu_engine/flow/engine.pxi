# Included by _core.pyx: the decision machine: legal moves (gen_legal), apply (do_decision), the automatic
# steps (run_auto), advance, and the random playout.

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
            if destiny_free(s, i):
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
    elif t.type == D_VZ_DISCARD or t.type == D_VZ_PLACE:
        return vizier_gen(s, t, out)
    return n

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
        vizier_die_taken(s, p, sec)
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
    elif t.type == D_VZ_DISCARD or t.type == D_VZ_PLACE:
        vizier_do(s, t, x)

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
    elif t.type == A_DESTINY_ROUND and s.options & OPT_VIZIER:
        vizier_destiny_round(s, t.a)
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
