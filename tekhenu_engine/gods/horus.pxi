# Included by _core.pyx: Horus: Statues and the Horus bonus.

cdef int statue_god_free(State* s, int god) noexcept nogil:
    cdef int k
    for k in range(statue_spaces(s)):
        if s.statue_god[god][k] < 0:
            return k
    return -1

cdef void push_bonus(State* s, int p, int god) noexcept nogil:
    """Snapshot who gets the Horus bonus of this god action; paid after the action."""
    cdef int q, k, mask = 0
    for q in range(s.nseats):
        if q == p and not (s.nplayers <= 2):
            continue
        for k in range(statue_spaces(s)):
            if s.statue_god[god][k] == q:
                mask |= 1 << q
                break
    if mask:
        push(s, A_BONUS, p, god, mask, 0, 0)

cdef void pay_bonus(State* s, int q, int god) noexcept nogil:
    """Pay seat q the bonus of the Horus slot that shows this god."""
    cdef int k
    if god == ACT_SETH:
        seth_pay_bonus(s, q)        # Time of Seth: a Statue in honour of Seth (seth/horus.pxi)
        return
    for k in range(6):
        if s.horus_slot_god[k] == god:
            break
    if bot_horus_bonus(s, q, k):
        return
    fire(s, q, EV_HORUS_BONUS, god, 0, 0)  # T07: a data row (data.TRIGGERS)
    if k == 0:
        push(s, D_GAIN, q, (1 << G_POP2) | (1 << G_FAITH3), 1, 0, 0)
    elif k == 1:
        push(s, D_GAIN, q, (1 << G_P) | (1 << G_B), 1, 0, 0)
    elif k == 2:
        push(s, D_GAIN, q, (1 << G_L) | (1 << G_G), 1, 0, 0)
    elif k == 3:
        s.gold[q] += 1
    elif k == 4:
        s.scribes[q] += 1
    else:
        add_vp(s, q, 2, VP_ACTIONS)

cdef int line_own_pillars(State* s, int p, int axis, int line) noexcept nogil:
    cdef int i, n = 0, sp
    for i in range(5):
        sp = line * 5 + i if axis == 0 else i * 5 + line
        if s.temple_tile[sp] > 0 and s.temple_owner[sp] == p:
            n += 1
    return n

cdef void resolve_horus(State* s, int p, int target, int value) noexcept nogil:
    cdef int g, k, first = 1
    if seth_resolve_horus(s, p, target):
        return          # Time of Seth: a Statue on the Seth board (seth/horus.pxi)
    if target == 0:
        g = s.horus_slot_god[value - 1]
        for k in range(statue_spaces(s)):
            if s.statue_god[g][k] == p:
                first = 0      # "a second Statue to the same god does not provide any additional reward"
        k = statue_god_free(s, g)
        s.statue_god[g][k] = p
        s.statues[p] += 1
        if s.nplayers == 3 and first:
            pay_bonus(s, p, g)
    else:
        k = target - 1
        s.people[k] = p
        s.statues[p] += 1
        if s.people_gold[k]:
            s.people_gold[k] = 0
            if not bot_gains_no_resources(s, p):
                s.gold[p] += 1
        if k < 2:
            add_vp(s, p, 3 * line_own_pillars(s, p, k, 2), VP_ACTIONS)
    seth_cultist(s, p, CE_STATUE_GOD if target == 0 else CE_STATUE_PEOPLE, 0)   # Cult01 / Cult02

cdef int gen_horus(State* s, Task* t, int32_t* out) noexcept nogil:
    """D_HORUS: a Statue for the god of the Horus slot, or a People statue."""
    cdef int n = 0, k
    if statue_god_free(s, s.horus_slot_god[t.a - 1]) >= 0:
        out[n] = mk(K_STATUE, 0)
        n += 1
    for k in range(4):
        if s.people[k] < 0:
            out[n] = mk(K_STATUE, 1 + k)
            n += 1
    n += seth_gen_horus(s, t, out + n)      # Time of Seth: the Seth board's spaces (seth/horus.pxi)
    return n

cdef void do_horus(State* s, Task t, int32_t a) noexcept nogil:
    """D_HORUS: resolve after paying the Statue's Granite."""
    cdef int x = a & 0xFFFFFF, p = t.p
    push(s, A_HORUS_RES, p, x, t.a, t.b, 0)
    seth_horus_pay(s, p, x)                 # Time of Seth: 2 Priests for a Statue to Seth
    if hook_free_lg(s, p, t.b):
        return
    push_pay(s, p, 0, 0, 0, STATUE_COST[s.statues[p]], t.b)

cdef void run_bonus(State* s, Task t) noexcept nogil:
    """A_BONUS: the Horus bonuses of an action, in seat order after the acting seat."""
    cdef int p = t.p, k, q
    cdef int owed = seth_bonus_gate(s, t.a, t.b)     # Time of Seth: once per turn (seth/gate.pxi)
    # paid in seat order after the acting seat
    for k in range(s.nseats, 0, -1):
        q = (p + k) % s.nseats
        if owed & (1 << q):
            pay_bonus(s, q, t.a)
