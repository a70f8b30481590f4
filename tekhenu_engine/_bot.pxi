# Included by _core.pyx: Botankhamun, the solo automaton (seat 1 of a solo game).
# Solo games are refused by the Python API until this file implements the automaton.

cdef void bot_setup(State* s) noexcept nogil:
    pass

cdef void bot_place_start_pillar(State* s, int tile) noexcept nogil:
    pass

cdef void bot_chance(State* s, Task t, int x) noexcept nogil:
    pass

cdef void bot_turn(State* s, int p) noexcept nogil:
    pass

cdef void bot_auto(State* s, Task t) noexcept nogil:
    pass

cdef void bot_reset_pyramid(State* s) noexcept nogil:
    pass

cdef void bot_scoring_cards(State* s, int p) noexcept nogil:
    pass

cdef void bot_final(State* s, int p) noexcept nogil:
    pass
