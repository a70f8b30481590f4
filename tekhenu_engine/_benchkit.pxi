# Included at the end of _core.pyx: compiled micro-benchmark loops (per-call costs without
# Python overhead), used by tekhenu_engine.bench and bench/.
from time import perf_counter as _perf_counter


def _sample_states(int players, int count, seed=0):
    """count mid-game states (at a player decision) from random games, as GameStates."""
    out = []
    cdef State s
    cdef uint64_t r = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
    cdef int32_t buf[512]
    cdef int n, k
    while len(out) < count:
        init_state(&s, players, OPT_RANDOM_HORUS | OPT_RANDOM_WHEEL, 0, rng_next(&r))
        k = 0
        while s.ntasks > 0:
            if s.tasks[s.ntasks - 1].type <= CH_LAST:
                apply_action(&s, sample_chance(&s))
                continue
            k += 1
            if k % 37 == 0 and len(out) < count:
                g = GameState.__new__(GameState)
                (<GameState>g).st = s
                out.append(g)
            n = gen_legal(&s, buf)
            apply_action(&s, buf[rng_int(&r, n)])
    return out


def time_core_calls(int players=2, int calls=200000, seed=0):
    """Seconds per call of clone, legal-move generation and apply on mid-game states."""
    states = _sample_states(players, 64, seed)
    cdef State pool[64]
    cdef State tmp
    cdef int i, n, m = len(states)
    cdef int32_t buf[512]
    cdef long long sink = 0
    for i in range(m):
        pool[i] = (<GameState>states[i]).st
    t0 = _perf_counter()
    with nogil:
        for i in range(calls):
            memcpy(&tmp, &pool[i % m], sizeof(State))
            sink += tmp.ntasks
    t1 = _perf_counter()
    with nogil:
        for i in range(calls):
            sink += gen_legal(&pool[i % m], buf)
    t2 = _perf_counter()
    with nogil:
        for i in range(calls):
            memcpy(&tmp, &pool[i % m], sizeof(State))
            n = gen_legal(&tmp, buf)
            apply_action(&tmp, buf[i % n])
    t3 = _perf_counter()
    clone = (t1 - t0) / calls
    legal = (t2 - t1) / calls
    apply_ = (t3 - t2) / calls - clone - legal
    return {"clone_s": clone, "legal_s": legal, "apply_s": max(apply_, 0.0), "state_bytes": sizeof(State), "sink": sink}
