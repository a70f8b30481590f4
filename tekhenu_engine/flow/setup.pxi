# Included by _core.pyx: setup: the setup phases and the first turn order.

cdef void setup_phase(State* s, int phase) noexcept nogil:
    cdef int i, p, k, n
    if seth_on(s) and (seth_setup_phase(s, phase) or seth_setup_cards(s, phase) or solo_seth_setup(s, phase)):
        return                          # Time of Seth (seth/board.pxi, seth/setup.pxi; solo: solo/seth.pxi)
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
            if not bot_has_no_decree(s, p):
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

cdef int gen_draft(State* s, Task* t, int32_t* out) noexcept nogil:
    """D_DRAFT: the revealed Starting cards."""
    cdef int n = 0, i
    if seth_setup(s):
        return seth_gen_draft(s, t.p, out)     # with Cultist Powers (seth/setup.pxi)
    for i in range(12):
        if s.start_loc[i] == 1:
            out[n] = mk(K_DRAFT, i)
            n += 1
    return n

cdef void do_draft(State* s, Task t, int32_t a) noexcept nogil:
    """D_DRAFT: the seat takes a Starting card."""
    cdef int x = a & 0xFFFFFF, p = t.p
    if seth_setup(s):
        seth_do_draft(s, p, x)
        return
    s.start_loc[x] = 2 + p
