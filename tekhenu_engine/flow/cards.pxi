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
