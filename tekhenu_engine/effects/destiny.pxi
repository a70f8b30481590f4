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

cdef int gen_destiny(State* s, Task* t, int32_t* out) noexcept nogil:
    """D_DESTINY: the Destiny cards left."""
    cdef int n = 0, i
    for i in range(4):
        if destiny_free(s, i):
            out[n] = mk(K_DESTINY, i)
            n += 1
    return n + seth_gen_destiny_artifacts(s, t.p, out + n)   # or an Artifact (seth/artifacts.pxi)

cdef void do_destiny(State* s, Task t, int32_t a) noexcept nogil:
    """D_DESTINY: take a Destiny card; its rewards follow."""
    cdef int x = a & 0xFFFFFF, p = t.p
    if seth_do_destiny(s, p, x):
        return                          # an Artifact (seth/artifacts.pxi)
    s.destiny_owner[x] = p
    s.destiny[p] = x
    push(s, A_REWARDS, p, t.a, 0, 0, 0)

cdef void run_destiny_round(State* s, Task t) noexcept nogil:
    """A_DESTINY_ROUND: each seat chooses a Destiny card (Botankhamun draws his)."""
    cdef int k, q
    if vizier_destiny_round(s, t.a):
        return
    if seth_destiny_round(s, t.a):
        return                          # Time of Seth at setup (seth/setup.pxi)
    for k in range(s.nseats - 1, -1, -1):
        q = s.turn_order[k]
        if not bot_destiny(s, q, k):
            push(s, D_DESTINY, q, t.a, 0, 0, 0)
