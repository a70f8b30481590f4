# Included by _core.pyx: Botankhamun's exceptions to the base rules. The base rules never test for
# Botankhamun themselves: where one of his exceptions applies they call a named hook here, which is
# the only place that asks is_bot(). Game help, "Solo - Botankhamun", works to three blanket rules:
#   "It never pays for anything it does."
#   "It never Produces, and gains no Resources or Faith, only VP and Scribes."
#   "It ignores every card effect, Populace track reward, reward under a Pillar tile and Pillar ability."
# Two kinds of hook: a predicate names the exception (the rule skips a step he does not have), a
# hand-over returns 1 when it did his version of the step (the rule then skips its own).

# ----------------------------------------------------------------------------- predicates
cdef inline int bot_ignores_cards(State* s, int p) noexcept nogil:
    """"It ignores every card effect": held cards, the trigger layer and every card hook."""
    return is_bot(s, p)

cdef inline int bot_ignores_rewards(State* s, int p) noexcept nogil:
    """"It ignores every ... Populace track reward, reward under a Pillar tile": the Happiness
    rewards and the Temple rewards a Hathor Building collects."""
    return is_bot(s, p)

cdef inline int bot_gains_no_resources(State* s, int p) noexcept nogil:
    """"It never Produces, and gains no Resources or Faith, only VP and Scribes": no Gold from a
    Statue or Osiris space, no production tracks or Osiris Resources, no Faith to spend at Maat."""
    return is_bot(s, p)

cdef inline int bot_never_pays(State* s, int p) noexcept nogil:
    """"It never pays for anything it does": Osiris costs him no Happiness ("no Happiness cost")."""
    return is_bot(s, p)

cdef inline int bot_has_no_decree(State* s, int p) noexcept nogil:
    """"Botankhamun has no player board and no Decree": no Decrees dealt at setup, none scored as
    a player's at the end (D23 neither)."""
    return is_bot(s, p)

cdef inline int bot_has_no_scales(State* s, int p) noexcept nogil:
    """"Botankhamun has no scales. Its balance is fixed, and its Ankh is always 4": no Maat
    penalty; his Ankh is BOT_ANKH_V."""
    return is_bot(s, p)

# ----------------------------------------------------------------------------- hand-overs
cdef int bot_takes_turn(State* s, int p) noexcept nogil:
    """"Its turns play themselves" (run_turn): his turn instead of D_TAKE."""
    if not is_bot(s, p):
        return 0
    bot_turn(s, p)
    return 1

cdef int bot_horus_bonus(State* s, int p, int k) noexcept nogil:
    """A Horus bonus (slot k) pays Botankhamun by its chart: Scribes and VP (pay_bonus)."""
    if not is_bot(s, p):
        return 0
    s.scribes[p] += BOT_CHART[k][0]
    add_vp(s, p, BOT_CHART[k][1], VP_ACTIONS)
    return 1

cdef int bot_bastet_people(State* s, int p, int value) noexcept nogil:
    """Bastet raises Botankhamun's Happiness one step per value; the step that would pass its
    Population raises Population instead (resolve_bastet)."""
    cdef int i
    if not is_bot(s, p):
        return 0
    for i in range(value):
        if s.happiness[p] < s.population[p]:
            s.happiness[p] += 1
        elif s.population[p] < POP_MAX:
            gain_population(s, p, 1)
    return 1

cdef int bot_maat_balance(State* s, int p) noexcept nogil:
    """At a Maat phase Botankhamun's balance is the printed value of that phase (maat_start)."""
    if not is_bot(s, p):
        return 0
    s.balance[p] = BOT_BAL[s.maat_count - 1]
    return 1

cdef int bot_destiny(State* s, int p, int k) noexcept nogil:
    """"It takes the Gold or Scribe Destiny card at random, without its reward" (run_destiny_round:
    a CH_BOTDESTINY draw when he is first, k = 0, in the turn order)."""
    if not is_bot(s, p):
        return 0
    if k == 0 and not solo_seth_bot_pick(s, p):   # Time of Seth: a Destiny card with an Artifact first
        push(s, CH_BOTDESTINY, p, 0, 0, 0, 0)
    return 1

cdef int bot_seth_statue_bonus(State* s, int q) noexcept nogil:
    """Game help "Solo with Time of Seth": "Its Statue to Seth pays it 1 VP on either player's Seth
    action" (wins over the manual's "1 Victory Point, 1 Scribe, or 1 Victory Point and 1 Scribe"). A
    hand-over (seth_pay_bonus): 1 for Botankhamun."""
    if not is_bot(s, q):
        return 0
    add_vp(s, q, BOT_SETH_BONUS_VP, VP_SETH)
    return 1

cdef int bot_cultist_share(State* s, int q, int k, int w) noexcept nogil:
    """Game help "Solo with Time of Seth": "From your Cultist Power it gains only Cult02's 1
    Population." A hand-over (seth_cultist_reward): 1 for Botankhamun, who gains that or nothing."""
    if not is_bot(s, q):
        return 0
    if w == 1 and k == BOT_CULT_K:
        gain_population(s, q, BOT_CULT_POP)
    return 1
