# Included by _core.pyx: Thoth: which Market sections a seat may take cards from.

cdef inline int thoth_access(State* s, int p, int sec) noexcept nogil:
    return s.market_open[sec] and s.happiness[p] >= THOTH_ACC[sec]

cdef int section_cards(State* s, int sec) noexcept nogil:
    cdef int i, n = 0
    for i in range(SEC_FIRST[sec], SEC_FIRST[sec] + SEC_N[sec]):
        if s.market[i] >= 0:
            n += 1
    return n

cdef int gen_thoth_refresh(State* s, Task* t, int32_t* out) noexcept nogil:
    """D_THOTH_REFRESH: a Market section to take from, or one to refresh for 1 Papyrus."""
    cdef int p = t.p, n = 0, k, c, cost
    c = THOTH_N[t.a - 1]
    cost = 0 if (t.c & F_FREE) else THOTH_COST[t.a - 1]
    if seth_tx05(s, p):                 # Time of Seth's TX05: card by card from several sections (seth/cards.pxi)
        if seth_tx05_cards(s, p) >= c:
            out[n] = mk(K_SECTION, THOTH_TX05)
            n += 1
    else:
        for k in range(4):
            if thoth_access(s, p, k) and section_cards(s, k) >= c:
                out[n] = mk(K_SECTION, k)
                n += 1
    for k in range(4):
        if s.market_open[k] and not (t.b & (1 << k)) and section_cards(s, k) > 0 \
                and ((t.c & F_FREE) or hook_can_pay_papyrus(s, p, cost + 1, 4)):
            out[n] = mk(K_REFRESH, k)
            n += 1
    return n

cdef int gen_thoth_card(State* s, Task* t, int32_t* out) noexcept nogil:
    """D_THOTH_CARD: the cards of the chosen section."""
    cdef int n = 0, i
    if t.a == THOTH_TX05:
        return seth_gen_tx05_card(s, t, out)    # Time of Seth's TX05 (seth/cards.pxi)
    for i in range(SEC_FIRST[t.a], SEC_FIRST[t.a] + SEC_N[t.a]):
        if s.market[i] >= 0:
            out[n] = mk(K_CARD, s.market[i])
            n += 1
    return n

cdef void do_thoth_refresh(State* s, Task t, int32_t a) noexcept nogil:
    """D_THOTH_REFRESH: take from a section (pay its Papyrus) or refresh one."""
    cdef int kind = a >> 24, x = a & 0xFFFFFF, p = t.p
    if kind == K_SECTION:
        push(s, D_THOTH_CARD, p, x, THOTH_N[t.a - 1], 0, 0)
        push_pay(s, p, hook_papyrus_cost(s, p, THOTH_COST[t.a - 1], 4, t.c), 0, 0, 0, t.c)
    else:
        push(s, D_THOTH_REFRESH, p, t.a, t.b | (1 << x), t.c, 0)
        push(s, A_THOTH_DISCARD, p, x, 0, 0, 0)
        push_pay(s, p, 1, 0, 0, 0, t.c)    # D23: free as well

cdef void do_thoth_card(State* s, Task t, int32_t a) noexcept nogil:
    """D_THOTH_CARD: the card goes to hand; the next one is due."""
    cdef int x = a & 0xFFFFFF, p = t.p, i, c = 0
    for i in range(15):
        if s.market[i] == x:
            s.market[i] = -1
            c = seth_tx05_picked(s, &t, i)      # Time of Seth's TX05: the card of one higher (seth/cards.pxi)
    s.card_loc[x] = CL_HAND + p
    if t.b > 1:
        push(s, D_THOTH_CARD, p, t.a, t.b - 1, c, 0)

cdef void run_thoth_discard(State* s, Task t) noexcept nogil:
    """A_THOTH_DISCARD: discard a Market section and draw it anew."""
    cdef int i
    for i in range(SEC_FIRST[t.a], SEC_FIRST[t.a] + SEC_N[t.a]):
        if s.market[i] >= 0:
            s.card_loc[s.market[i]] = CL_DISCARD
            s.market[i] = -1
    for i in range(SEC_FIRST[t.a] + SEC_N[t.a] - 1, SEC_FIRST[t.a] - 1, -1):
        push(s, CH_CARD, -1, MARKET_TYPE[i], 0, i, 0)
