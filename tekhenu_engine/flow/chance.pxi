# Included by _core.pyx: chance steps: their outcomes (gen_chance), sampling, and applying one (do_chance).

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
    elif t.type == CH_REVEAL and t.a:
        n = seth_gen_reveal(s, t.a, out)        # Cultists, Artifacts (seth/setup.pxi)
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
    elif t.type == CH_SETH_ROLL or t.type == CH_CONQUEST:
        return seth_gen_chance(s, t, out, probs)    # Time of Seth (seth/board.pxi)
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
        for i in range(DECK_N[t.a]):
            n += s.card_loc[DECK_IDS[t.a][i]] == CL_PILE
        if n:
            k = rng_int(&r, n)
            c = j = 0
            for i in range(DECK_N[t.a]):
                c += s.card_loc[DECK_IDS[t.a][i]] == CL_PILE
                j += c <= k
            return mk(K_DRAW, DECK_IDS[t.a][j])
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

cdef void do_chance(State* s, Task t, int32_t a) noexcept nogil:
    cdef int x = a & 0xFFFFFF, i
    if t.type == CH_WHEEL:
        s.arrow = x
    elif t.type == CH_HORUS:
        s.horus_slot_god[t.a] = x
    elif t.type == CH_DIE:
        if not seth_refill_die(s, t, x):            # Time of Seth: a gray die refills the Seth board
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
    elif t.type == CH_REVEAL and t.a:
        seth_do_reveal(s, x)
    elif t.type == CH_REVEAL:
        s.start_loc[x] = 1
    elif t.type == CH_PICKSTART:
        s.start_loc[x] = 2 + t.p
    elif t.type == CH_FIRST:
        s.first_player = x
    elif t.type == CH_BOTDESTINY:
        s.destiny_owner[x] = t.p
        s.destiny[t.p] = x
    elif t.type == CH_SETH_ROLL or t.type == CH_CONQUEST:
        seth_do_chance(s, t, x)                     # Time of Seth (seth/board.pxi)
    else:
        bot_chance(s, t, x)
