# Included by _core.pyx: the Rotation: the Obelisk wheel turns and two sections are refilled.

cdef void run_rotation(State* s, Task t) noexcept nogil:
    """A_ROTATION: turn the Obelisk wheel; refill, and a Maat phase every ROUNDS_MAAT rounds."""
    s.arrow = (s.arrow + 1) % 6
    push(s, A_REFILL, -1, 0, 0, 0, 0)
    if s.round % ROUNDS_MAAT == 0:
        push(s, A_MAAT, -1, 0, 0, 0, 0)

cdef void run_refill(State* s, Task t) noexcept nogil:
    """A_REFILL: draw dice into the two sections the Rotation empties."""
    cdef int i, k, seth = seth_refill_flag(s)   # Time of Seth: these draws may refill the Seth board
    k = PC_REFILL[s.nplayers]
    for i in range(k):
        push(s, CH_DIE, -1, (s.arrow + 5) % 6, 0, 0, 0)
    for i in range(k):
        push(s, CH_DIE, -1, (s.arrow + 2) % 6, seth, 0, 0)
