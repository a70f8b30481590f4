# Included by _core.pyx: the end of the game: the final scoring and the winner.

cdef void final_scoring(State* s) noexcept nogil:
    cdef int k, p
    push(s, A_WINNER, -1, 0, 0, 0, 0)
    for k in range(s.nseats - 1, -1, -1):
        p = s.turn_order[k]
        if not bot_has_no_decree(s, p):
            push(s, D_DECREES, p, 0, 0, 0, 0)
    for k in range(s.nseats - 1, -1, -1):
        p = s.turn_order[k]
        if not bot_has_no_decree(s, p) and has_card(s, p, DECREE(23)):
            push(s, D_EXTRA, p, F_FREE, 0, 0, 0)   # D23: a free action before the final scoring

cdef void finish(State* s) noexcept nogil:
    cdef int p, k
    for k in range(s.nseats):               # PLAYER_COUNT turn_order_vp
        if PC_TURN_VP[s.nplayers][k]:
            add_vp(s, s.turn_order[k], PC_TURN_VP[s.nplayers][k], VP_TURNORDER)
    for p in range(s.nseats):
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
