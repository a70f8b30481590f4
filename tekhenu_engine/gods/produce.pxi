# Included by _core.pyx: the Produce action: Resources and excess.

cdef void resolve_produce(State* s, int p, int r, int value, int flags) noexcept nogil:
    """Produce: the die value in Resources; above the Production marker is excess (Taint)."""
    if hook_produce_start(s, p, r, value, flags):
        return      # a card decision comes first; A_PRODUCE was pushed again
    cdef int m = s.prod[p][r], gain = value, ex = 0
    if gain > m:
        ex = gain - m
        gain = m
    s.res[p][r] += gain
    if not (flags & F_FREE):
        s.excess[p] += ex
    hook_produce(s, p, r, value, ex, flags)
