# Included by _core.pyx: Population, Happiness (and its rewards), Market opening, gained items.

cdef void check_market_open(State* s) noexcept nogil:
    """Sections 3 and 4 open the first time any Population reaches 9 and 13 (MARKET_OPENS_AT_POPULATION)."""
    cdef int p, sec, mx = 0
    for p in range(s.nseats):
        if s.population[p] > mx:
            mx = s.population[p]
    for sec in range(4):
        if MARKET_OPEN_POP[sec] > 0 and mx >= MARKET_OPEN_POP[sec] and not s.market_open[sec]:
            s.market_open[sec] = 1
            push(s, A_MARKET_OPEN, -1, sec, 0, 0, 0)

cdef void gain_population(State* s, int p, int n) noexcept nogil:
    s.population[p] += n
    if s.population[p] > POP_MAX:
        s.population[p] = POP_MAX
    if s.population[p] < 0:
        s.population[p] = 0
    if s.happiness[p] > s.population[p]:
        s.happiness[p] = s.population[p]
    if n > 0:
        check_market_open(s)

cdef void check_hap_rewards(State* s, int p) noexcept nogil:
    """Happiness 16 / 19 / 21 rewards trigger the first time, however reached."""
    cdef int before = s.hap_flags[p]
    if bot_ignores_rewards(s, p):
        return
    if s.happiness[p] >= HAP_REWARD[0] and not (s.hap_flags[p] & 1):
        s.hap_flags[p] |= 1
        s.gold[p] += 1
    if s.happiness[p] >= HAP_REWARD[1] and not (s.hap_flags[p] & 2):
        s.hap_flags[p] |= 2
        s.scribes[p] += 1
    if s.happiness[p] >= HAP_REWARD[2] and not (s.hap_flags[p] & 4):
        s.hap_flags[p] |= 4
        push(s, D_EXTRA, p, 0, 0, 0, 0)
    if s.hap_flags[p] != before:
        seth_cultist(s, p, CE_HAPPINESS_FIRST, 0)     # Cult03 (seth/cultists.pxi)

cdef void gain_happiness(State* s, int p, int n) noexcept nogil:
    s.happiness[p] += n
    if s.happiness[p] > s.population[p]:
        s.happiness[p] = s.population[p]
    if s.happiness[p] < 0:
        s.happiness[p] = 0
    if n > 0:
        check_hap_rewards(s, p)

cdef void gain_reward(State* s, int p, int kind, int n) noexcept nogil:
    """Reward kinds of data.REWARD_KINDS plus 7 Population, 8 VP."""
    if kind < 4:
        s.res[p][kind] += n
    elif kind == 4:
        s.gold[p] += n
    elif kind == 5:
        s.faith[p] += n
    elif kind == 6:
        s.scribes[p] += n
    elif kind == 7:
        gain_population(s, p, n)
    elif kind == 8:
        add_vp(s, p, n, VP_ACTIONS)

cdef void apply_gain_item(State* s, int p, int item) noexcept nogil:
    if item < 4:
        s.res[p][item] += 1
    elif item == G_POP1:
        gain_population(s, p, 1)
    elif item == G_HAP1:
        gain_happiness(s, p, 1)
    elif item == G_POP2:
        gain_population(s, p, 2)
    elif item == G_FAITH3:
        s.faith[p] += 3
    elif item >= G_PRODP and item < G_PRODP + 4:
        s.prod[p][item - G_PRODP] += 1
        if s.prod[p][item - G_PRODP] > PROD_MAX:
            s.prod[p][item - G_PRODP] = PROD_MAX
    elif item == G_SOL or item == G_PRI:
        seth_gain_track(s, p, 2 if item == G_PRI else 1, 1)   # Time of Seth (seth/dice.pxi)

cdef int gen_gain(State* s, Task* t, int32_t* out) noexcept nogil:
    """D_GAIN: the items of the choice (from t.c on, so a repeated gain is not ordered twice)."""
    cdef int n = 0, i
    for i in range(t.c, G_ITEMS):
        if t.a & (1 << i):
            out[n] = mk(K_GAIN, i)
            n += 1
    return n

cdef void do_gain(State* s, Task t, int32_t a) noexcept nogil:
    """D_GAIN: gain the item; the next one is due."""
    cdef int x = a & 0xFFFFFF, p = t.p, k
    for k in range(t.d if t.d > 1 else 1):      # d > 1: that many of the one item chosen (CQ05)
        apply_gain_item(s, p, x)
    if t.b > 1:
        push(s, D_GAIN, p, t.a, t.b - 1, x, 0)
