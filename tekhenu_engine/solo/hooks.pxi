# Included by _core.pyx: Botankhamun's exceptions to the base rules: named hooks the base rules call behind
# their is_bot check, one call site each.

# Each is called from one place in the base rules, behind that place's is_bot() check.
cdef void bot_horus_bonus(State* s, int p, int k) noexcept nogil:
    """A Horus bonus (slot k) pays Botankhamun by its chart: Scribes and VP (pay_bonus)."""
    s.scribes[p] += BOT_CHART[k][0]
    add_vp(s, p, BOT_CHART[k][1], VP_ACTIONS)

cdef void bot_bastet_people(State* s, int p, int value) noexcept nogil:
    """Bastet raises Botankhamun's Happiness one step per value; the step that would pass its
    Population raises Population instead (resolve_bastet)."""
    cdef int i
    for i in range(value):
        if s.happiness[p] < s.population[p]:
            s.happiness[p] += 1
        elif s.population[p] < POP_MAX:
            gain_population(s, p, 1)

cdef void bot_maat_balance(State* s, int p) noexcept nogil:
    """At a Maat phase Botankhamun's balance is the printed value of that phase (maat_start)."""
    s.balance[p] = BOT_BAL[s.maat_count - 1]
