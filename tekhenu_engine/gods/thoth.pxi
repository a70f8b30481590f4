# Included by _core.pyx: Thoth: which Market sections a seat may take cards from.

cdef inline int thoth_access(State* s, int p, int sec) noexcept nogil:
    return s.market_open[sec] and s.happiness[p] >= THOTH_ACC[sec]

cdef int section_cards(State* s, int sec) noexcept nogil:
    cdef int i, n = 0
    for i in range(SEC_FIRST[sec], SEC_FIRST[sec] + SEC_N[sec]):
        if s.market[i] >= 0:
            n += 1
    return n
