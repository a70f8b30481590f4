# Included by _core.pyx: the God action of a turn: whether a god can act, push_god / start_god.

cdef int can_god(State* s, int p, int god, int value, int flags) noexcept nogil:
    """Can seat p perform this God action with this value (costs, spaces, limits)?"""
    cdef int free = flags & F_FREE
    cdef int i, k, n, cost, tile
    if god == 0:
        if s.statues[p] >= N_STATUE:
            return 0
        cost = STATUE_COST[s.statues[p]]
        if not free and not hook_can_pay_statue(s, p, cost):
            return 0
        if statue_god_free(s, s.horus_slot_god[value - 1]) >= 0:
            return 1
        for k in range(4):
            if s.people[k] < 0:
                return 1
        return seth_horus_space(s, p)           # Time of Seth: the Seth board's Statue spaces
    elif god == 1:
        if s.pillars[p] >= N_PILLAR:
            return 0
        tile = s.ra[RA_SLOT[value - 1]]
        if tile == 0:
            return 0
        if not free and not hook_can_pay_pillar(s, p, PCOST[tile][0], PCOST[tile][1]):
            return 0
        for i in range(25):
            if s.temple_tile[i] == 0:
                return 1
        return 0
    elif god == 2:
        if s.buildings[p] >= max_buildings(s, p):
            return 0
        # paying Bread gets no easier with a dearer space: the cheapest free space decides
        cost = 99
        for i in range(nbspaces(s)):
            if s.bspace[i] < 0 and BS_COST[i] < cost:
                cost = BS_COST[i]
        if cost == 99:
            return 0
        return free or hook_can_pay_bread(s, p, cost)
    elif god == 3:
        return free or hook_can_pay_papyrus(s, p, 2, 3)
    elif god == 4:
        if s.happiness[p] < 1:
            return 0
        n = THOTH_N[value - 1]
        if not free and not hook_can_pay_papyrus(s, p, THOTH_COST[value - 1], 4):
            return 0
        for k in range(4):
            if thoth_access(s, p, k) and section_cards(s, k) >= n:
                return 1
        return seth_tx05_can(s, p, n)           # Time of Seth's TX05: several sections (seth/cards.pxi)
    elif god == 5:
        if s.buildings[p] >= max_buildings(s, p):
            return 0
        if not (flags & F_NOHAP) and s.happiness[p] < 1:
            return 0
        for i in range(4):
            if s.osiris[value - 1][i] < 0 and osiris_allowed(i, flags):
                return 1
        return 0
    elif god == ACT_SETH:
        return seth_can_act(s, p, value, flags)     # Time of Seth (seth/action.pxi)
    return 0

cdef void push_god(State* s, int p, int god, int value, int flags) noexcept nogil:
    """Perform a God action: its steps, then the Horus bonuses it triggers."""
    if god < ACT_SETH:
        push_bonus(s, p, god)
    else:
        seth_push_bonus(s, p)   # Time of Seth: the Statues in honour of Seth (seth/horus.pxi)
    push(s, A_GOD, p, god, value, flags, 0)

cdef void start_god(State* s, int p, int god, int value, int flags) noexcept nogil:
    if hook_god_action(s, p, god, value, flags):
        return      # a card decision comes first; A_GOD was pushed again
    if god == 0:
        push(s, D_HORUS, p, value, flags, 0, 0)
    elif god == 1:
        push(s, D_RA_SPACE, p, RA_SLOT[value - 1], flags, 0, 0)
    elif god == 2:
        push(s, D_HATHOR, p, value, flags, 0, 0)
    elif god == 3:
        push(s, A_BASTET_RES, p, value, flags, 0, 0)
        push_pay(s, p, hook_papyrus_cost(s, p, 2, 3, flags), 0, 0, 0, flags)
    elif god == 4:
        push(s, D_THOTH_REFRESH, p, value, 0, flags, 0)
    elif god == ACT_SETH:
        seth_start(s, p, value, flags)              # Time of Seth (seth/action.pxi)
    else:
        push(s, D_OSIRIS, p, value, flags, 0, 0)

cdef void push_action(State* s, int p, int act, int value, int colour, int flags) noexcept nogil:
    """Push the action of an action code (ACT_*): a God action or a Produce action."""
    if act < NGOD_ACTIONS:
        push_god(s, p, act, value, flags)
    elif act == ACT_PRODUCE:
        push(s, A_PRODUCE, p, DIE_PROD[colour], value, flags, 0)
    else:
        push(s, A_PRODUCE, p, act - ACT_PRODUCE_RES, value, flags, 0)

cdef inline int action_code(int32_t a) noexcept nogil:
    """The action code (ACT_*) of a K_ACT or K_PRODUCE action."""
    cdef int x = a & 0xFFFFFF
    if (a >> 24) == K_ACT:
        return x
    return ACT_PRODUCE if x == 0 else ACT_PRODUCE_RES + x - 1

cdef int gen_action(State* s, Task* t, int32_t* out) noexcept nogil:
    """D_ACTION: the God action of the die's section, Produce, an Anubis die's choice, card extras."""
    cdef int p = t.p, n = 0, g, r
    if s.cur_anubis:
        for g in range(NGOD_ACTIONS if seth_on(s) else 6):     # Time of Seth: Anubis may perform Seth
            if can_god_die(s, p, g, s.cur_value, 0):
                out[n] = mk(K_ACT, g)
                n += 1
        for r in range(4):
            out[n] = mk(K_PRODUCE, 1 + r)
            n += 1
    else:
        if can_god_die(s, p, s.cur_section, s.cur_value, 0):
            out[n] = mk(K_ACT, s.cur_section)
            n += 1
        if DIE_PROD[s.cur_colour] >= 0:
            out[n] = mk(K_PRODUCE, 0)
            n += 1
    n += hook_action_extras(s, p, out + n)
    return n

cdef int gen_extra(State* s, Task* t, int32_t* out) noexcept nogil:
    """D_EXTRA: the extra God actions (any god and value, Produce), or Horus 1-3 (P12)."""
    cdef int p = t.p, n = 0, v, g, r
    # t.a: flags; t.b == 1: Horus with value 1-3 only (P12)
    if t.b == 1:
        for v in range(1, 4):
            if can_god(s, p, 0, v, t.a):
                out[n] = mk(K_EXTRA, v)
                n += 1
    else:
        if t.a & F_FREE:
            out[n] = mk(K_PASS, 0)    # D23 "may" be played
            n += 1
        for g in range(6):
            for v in range(VALUE_MIN, VALUE_MAX + 1):
                if can_god(s, p, g, v, t.a):
                    out[n] = mk(K_EXTRA, (g << 4) | v)
                    n += 1
        for r in range(4):
            for v in range(VALUE_MIN, VALUE_MAX + 1):
                out[n] = mk(K_EXTRA, ((ACT_PRODUCE_RES + r) << 4) | v)
                n += 1
    return n

cdef void do_action(State* s, Task t, int32_t a) noexcept nogil:
    """D_ACTION: perform the chosen action."""
    cdef int p = t.p, i
    i = action_code(a)
    hook_before_action(s, p, i)
    push_action(s, p, i, s.cur_value, s.cur_colour, 0)
    hook_after_action(s, p, i)
    if seth_on(s):
        seth_anubis_action(s, p, i)     # Time of Seth: an Anubis die's colour first (seth/dice.pxi)

cdef void do_extra(State* s, Task t, int32_t a) noexcept nogil:
    """D_EXTRA: start the extra action (or pass)."""
    cdef int kind = a >> 24, x = a & 0xFFFFFF, p = t.p
    if kind == K_PASS:
        return
    if t.b == 1:
        push_god(s, p, 0, x, t.a)
    else:
        push_action(s, p, x >> 4, x & 0xF, -1, t.a | F_EXTRA)

cdef void run_next_turn(State* s, Task t) noexcept nogil:
    """A_NEXT_TURN: the next seat's turn, or a new round (and a Rotation every ROUNDS_ROT rounds)."""
    s.turn_idx += 1
    if s.turn_idx < s.nseats:
        push(s, A_TURN, s.turn_order[s.turn_idx], 0, 0, 0, 0)
    else:
        s.round += 1
        s.turn_idx = -1
        push(s, A_NEXT_TURN, -1, 0, 0, 0, 0)
        if s.round % ROUNDS_ROT == 0:
            push(s, A_ROTATION, -1, 0, 0, 0, 0)

cdef void run_turn(State* s, Task t) noexcept nogil:
    """A_TURN: start a seat's turn (Botankhamun's own turn in solo)."""
    cdef int p = t.p
    s.cur_player = p
    s.turn_flags[p] = 0
    seth_turn_start(s)                  # the once-per-turn gate (seth/gate.pxi)
    s.cur_die = -1
    push(s, A_END_TURN, p, 0, 0, 0, 0)
    if bot_takes_turn(s, p):
        return
    push(s, D_TAKE, p, 0, 0, 0, 0)
    hook_turn_start(s, p)
    seth_offer_artifacts(s, p, ART_AT_START)     # Time of Seth (seth/artifacts.pxi)

cdef void run_end_turn(State* s, Task t) noexcept nogil:
    """A_END_TURN: end the turn, refill the Market."""
    cdef int p = t.p
    s.cur_die = -1
    push(s, A_NEXT_TURN, -1, 0, 0, 0, 0)
    hook_turn_end(s, p)
    seth_offer_artifacts(s, p, ART_AT_END)
    push_market_refill(s)
