# Included by _core.pyx: Bastet: Happiness and Scribes.

cdef void resolve_bastet(State* s, int p, int value) noexcept nogil:
    if not bot_bastet_people(s, p, value):
        gain_happiness(s, p, value)
    if value <= 2:
        s.scribes[p] += 2
    elif value <= 4:
        s.scribes[p] += 1
