# Included by _core.pyx: the Destiny cards A01-A04 and the setup rewards.

cdef void push_rewards(State* s, int p, int setup) noexcept nogil:
    """Destiny reward, and at setup the rewards of both Starting cards (lowest id first).
    A01, A02 and A04 are data rows (data.TRIGGERS, the destiny event); A03 is a choice."""
    cdef int d = s.destiny[p], i
    if d >= 0 and not fire_source(s, p, EV_DESTINY, d):
        if d == 2:
            push(s, D_GAIN, p, (1 << G_POP1) | (1 << G_HAP1), 1, 0, 0)
    if not setup:
        return
    for i in range(11, -1, -1):
        if s.start_loc[i] == 2 + p:
            s.start_loc[i] = 6
            start_card(s, p, i)
