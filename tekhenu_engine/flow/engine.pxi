# Included by _core.pyx: the decision machine: legal moves (gen_legal), apply (do_decision), the automatic
# steps (run_auto), advance, and the random playout.

cdef int gen_legal(State* s, int32_t* out) noexcept nogil:
    """Legal actions of the decision on top of the task stack."""
    if s.ntasks == 0:
        return 0
    cdef Task* t = &s.tasks[s.ntasks - 1]
    if t.type == D_TAKE:
        return gen_take(s, t.p, out)
    elif t.type == D_ADJUST:
        return gen_adjust(s, t, out)
    elif t.type == D_ACTION:
        return gen_action(s, t, out)
    elif t.type == D_HORUS:
        return gen_horus(s, t, out)
    elif t.type == D_RA_SPACE:
        return gen_ra_space(s, t, out)
    elif t.type == D_RA_ROT:
        return gen_ra_rot(s, t, out)
    elif t.type == D_HATHOR:
        return gen_hathor(s, t, out)
    elif t.type == D_OSIRIS:
        return gen_osiris(s, t, out)
    elif t.type == D_THOTH_REFRESH:
        return gen_thoth_refresh(s, t, out)
    elif t.type == D_THOTH_CARD:
        return gen_thoth_card(s, t, out)
    elif t.type == D_PAY:
        return gen_pay(s, t, out)
    elif t.type == D_GAIN:
        return gen_gain(s, t, out)
    elif t.type == D_FAITH:
        return gen_faith(s, t, out)
    elif t.type == D_BREAD:
        return gen_bread(s, t, out)
    elif t.type == D_DECREES:
        return gen_decree_sets(s, t.p, out)
    elif t.type == D_KEEP:
        return gen_keep(s, t, out)
    elif t.type == D_DRAFT:
        return gen_draft(s, t, out)
    elif t.type == D_DESTINY:
        return gen_destiny(s, t, out)
    elif t.type == D_EXTRA:
        return gen_extra(s, t, out)
    elif t.type == D_BLESS:
        return gen_bless(s, t, out)
    elif t.type == D_VZ_DISCARD:
        return gen_vz_discard(s, t, out)
    elif t.type == D_VZ_PLACE:
        return gen_vz_place(s, t, out)
    elif t.type == D_SETH_CONVERT:
        return gen_seth_convert(s, t, out)     # Time of Seth (seth/cultists.pxi, artifacts.pxi)
    elif t.type == D_ARTIFACT:
        return gen_artifact(s, t, out)
    elif t.type == D_ART_ACTION:
        return gen_art_action(s, t, out)
    elif t.type == D_CONQUEST:
        return gen_conquest(s, t, out)      # Time of Seth (seth/action.pxi)
    elif t.type == D_SETH_AS:
        return gen_seth_as(s, t, out)       # Time of Seth (seth/dice.pxi)
    elif t.type == D_SETH_GODACT:
        return gen_seth_godact(s, t, out)   # Time of Seth (seth/horus.pxi)
    return 0

cdef void do_decision(State* s, Task t, int32_t a) noexcept nogil:
    """Apply the action a of the decision t (popped): each type calls the function of the file it belongs to."""
    if t.type == D_TAKE:
        do_take(s, t, a)
    elif t.type == D_ADJUST:
        do_adjust(s, t, a)
    elif t.type == D_ACTION:
        do_action(s, t, a)
    elif t.type == D_HORUS:
        do_horus(s, t, a)
    elif t.type == D_RA_SPACE:
        do_ra_space(s, t, a)
    elif t.type == D_RA_ROT:
        do_ra_rot(s, t, a)
    elif t.type == D_HATHOR:
        do_hathor(s, t, a)
    elif t.type == D_OSIRIS:
        do_osiris(s, t, a)
    elif t.type == D_THOTH_REFRESH:
        do_thoth_refresh(s, t, a)
    elif t.type == D_THOTH_CARD:
        do_thoth_card(s, t, a)
    elif t.type == D_PAY:
        do_pay(s, t, a)
    elif t.type == D_GAIN:
        do_gain(s, t, a)
    elif t.type == D_FAITH:
        do_faith(s, t, a)
    elif t.type == D_BREAD:
        do_bread(s, t, a)
    elif t.type == D_DECREES:
        score_decree_set(s, t.p, a & 0xFFFFFF)
    elif t.type == D_KEEP:
        do_keep(s, t, a)
    elif t.type == D_DRAFT:
        do_draft(s, t, a)
    elif t.type == D_DESTINY:
        do_destiny(s, t, a)
    elif t.type == D_EXTRA:
        do_extra(s, t, a)
    elif t.type == D_BLESS:
        do_bless(s, t, a)
    elif t.type == D_VZ_DISCARD:
        do_vz_discard(s, t, a)
    elif t.type == D_VZ_PLACE:
        do_vz_place(s, t, a)
    elif t.type == D_SETH_CONVERT:
        do_seth_convert(s, t, a)
    elif t.type == D_ARTIFACT:
        do_artifact(s, t, a)
    elif t.type == D_ART_ACTION:
        do_art_action(s, t, a)
    elif t.type == D_CONQUEST:
        do_conquest(s, t, a)
    elif t.type == D_SETH_AS:
        do_seth_as(s, t, a)
    elif t.type == D_SETH_GODACT:
        do_seth_godact(s, t, a)

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
        for i in range(DECK_N[t.a]):
            if s.card_loc[DECK_IDS[t.a][i]] == CL_PILE:
                n += 1
                c = DECK_IDS[t.a][i]
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
    """Run an automatic step: each type calls the function of the file it belongs to."""
    if t.type == A_NEXT_TURN:
        run_next_turn(s, t)
    elif t.type == A_TURN:
        run_turn(s, t)
    elif t.type == A_PLACE_DIE:
        place_die(s, t.p)
    elif t.type == A_END_TURN:
        run_end_turn(s, t)
    elif t.type == A_GOD:
        start_god(s, t.p, t.a, t.b, t.c)
    elif t.type == A_HORUS_RES:
        resolve_horus(s, t.p, t.a, t.b)
    elif t.type == A_RA_RES:
        resolve_ra(s, t.p, t.a, t.b, t.c)
    elif t.type == A_RA_SLIDE:
        ra_slide(s)
    elif t.type == A_HATHOR_RES:
        resolve_hathor(s, t.p, t.a, t.b)
    elif t.type == A_BASTET_RES:
        resolve_bastet(s, t.p, t.a)
    elif t.type == A_OSIRIS_RES:
        resolve_osiris(s, t.p, t.a, t.b, t.c)
    elif t.type == A_PRODUCE:
        resolve_produce(s, t.p, t.a, t.b, t.c)
    elif t.type == A_THOTH_DISCARD:
        run_thoth_discard(s, t)
    elif t.type == A_MARKET_OPEN:
        run_market_open(s, t)
    elif t.type == A_BONUS:
        run_bonus(s, t)
    elif t.type == A_ROTATION:
        run_rotation(s, t)
    elif t.type == A_REFILL:
        run_refill(s, t)
    elif t.type == A_MAAT:
        maat_start(s)
    elif t.type == A_MAAT_ORDER:
        maat_order(s)
    elif t.type == A_SCORING:
        scoring(s)
    elif t.type == A_MAAT_END:
        maat_end(s)
    elif t.type == A_DESTINY_ROUND:
        run_destiny_round(s, t)
    elif t.type == A_REWARDS:
        push_rewards(s, t.p, t.a)
    elif t.type == A_FINAL:
        final_scoring(s)
    elif t.type == A_WINNER:
        finish(s)
    elif t.type == A_SETUP:
        setup_phase(s, t.a)
    elif t.type == A_INIT_ORDER:
        init_order(s)
    elif t.type == A_SETH_RES:
        seth_resolve(s, t.p, t.a, t.b, t.c)   # Time of Seth (seth/action.pxi)
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
