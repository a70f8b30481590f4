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
        return 0
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
        return 0
    elif god == 5:
        if s.buildings[p] >= max_buildings(s, p):
            return 0
        if not (flags & F_NOHAP) and s.happiness[p] < 1:
            return 0
        for i in range(4):
            if s.osiris[value - 1][i] < 0 and osiris_allowed(i, flags):
                return 1
        return 0
    return 0

cdef void push_god(State* s, int p, int god, int value, int flags) noexcept nogil:
    """Perform a God action: its steps, then the Horus bonuses it triggers."""
    push_bonus(s, p, god)
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
