# Included by _core.pyx: the Maat phase: Ankh, Faith, balance penalty, the new turn order.

cdef int ankh(State* s, int p) noexcept nogil:
    if bot_has_no_scales(s, p):
        return BOT_ANKH_V
    if has_tech(s, p, 15):
        return T15_ANKH_V
    return s.destiny[p]

cdef void maat_start(State* s) noexcept nogil:
    cdef int k, p
    s.maat_count += 1
    push(s, A_MAAT_ORDER, -1, 0, 0, 0, 0)
    for p in range(s.nseats):
        if not bot_maat_balance(s, p):
            s.balance[p] = s.pure_sum[p] - s.taint_sum[p] - s.excess[p] - s.blood[p]
            fire(s, p, EV_MAAT_FAITH, -1, 0, 0)  # T15: a data row (data.TRIGGERS)
            seth_maat_cards(s, p)                # Time of Seth: TX04 (seth/cards.pxi)
    for k in range(s.nseats - 1, -1, -1):
        p = s.turn_order[k]
        if not bot_gains_no_resources(s, p) and s.faith[p] > 0:
            push(s, D_FAITH, p, 0, 0, 0, 0)

cdef void maat_order(State* s) noexcept nogil:
    cdef int p, i, j, tmp, b, ai, aj
    for p in range(s.nseats):
        if bot_has_no_scales(s, p):
            continue
        b = s.balance[p]
        if b < 0 and seth_no_taint_penalty(s, p):
            continue                        # Time of Seth: TX03 (seth/cards.pxi)
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

cdef int gen_faith(State* s, Task* t, int32_t* out) noexcept nogil:
    """D_FAITH: every net Faith move, those nearest to a balance of zero first."""
    cdef int p = t.p, n = 0, k, v, b, f
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
    return n

cdef void do_faith(State* s, Task t, int32_t a) noexcept nogil:
    """D_FAITH: move the balance; the Faith goes back to the box."""
    cdef int x = a & 0xFFFFFF, p = t.p
    s.balance[p] += x - 32
    seth_faith_to_priests(s, p, s.faith[p] - abs(x - 32))    # Time of Seth: TX02 (seth/cards.pxi)
    s.faith[p] = 0
