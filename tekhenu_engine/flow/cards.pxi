# Included by _core.pyx: the card decks and the Market refill.

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

cdef int gen_keep(State* s, Task* t, int32_t* out) noexcept nogil:
    """D_KEEP: which of the drawn cards to keep."""
    cdef int p = t.p, n = 0, c
    for c in range(DECK_FIRST[t.a], DECK_FIRST[t.a] + DECK_N[t.a]):
        if s.card_loc[c] == CL_PENDING + p:
            out[n] = mk(K_KEEP, c)
            n += 1
    return n

cdef void do_keep(State* s, Task t, int32_t a) noexcept nogil:
    """D_KEEP: keep one card; the others go under the deck (or back into it)."""
    cdef int x = a & 0xFFFFFF, p = t.p, c
    for c in range(DECK_FIRST[t.a], DECK_FIRST[t.a] + DECK_N[t.a]):
        if s.card_loc[c] == CL_PENDING + p:
            if c == x:
                s.card_loc[c] = CL_HAND + p
            elif t.b == 0:
                s.card_loc[c] = CL_BOTTOMK + p
            else:
                s.card_loc[c] = CL_PILE

cdef void run_market_open(State* s, Task t) noexcept nogil:
    """A_MARKET_OPEN: deal the cards of a Market section that opens."""
    cdef int i
    for i in range(SEC_FIRST[t.a] + SEC_N[t.a] - 1, SEC_FIRST[t.a] - 1, -1):
        push(s, CH_CARD, -1, MARKET_TYPE[i], 0, i, 0)
