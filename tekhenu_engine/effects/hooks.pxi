# Included by _core.pyx: the hook points where cards change the rules (payments, Scribes, dice, actions,
# turn and Maat). Every hook is called by the rules at the moment its name says; the base game's
# behaviour is what it does with no card in play, a card changes its result with a small branch.

cdef enum:
    # turn_flags bits (reset at the start of every turn)
    TF_T10VP = 1
    TF_T22VP = 2
    TF_FREE_ANUBIS = 4   # B23/B24 played: the next Anubis action costs no Scribes
    TF_T08 = 8           # T08 side chosen for a Forbidden die ...
    TF_T08_TAINT = 16    # ... Tainted (else Pure)
    TF_OWED_SHIFT = 8    # bits 8-10: Scribes owed for an Anubis action (T10: paid with the value change)

cdef enum:
    # god-action flags used by the cards (beside F_* of the core)
    F_CARDS_DONE = 256   # the card decisions of this action are made
    F_SAMEDIE = 512      # an extra action that uses the turn's die (B17-B20, T19)

cdef inline int held(State* s, int p, int c) noexcept nogil:
    """Seat p holds card c (0-based id) and is not Botankhamun (who ignores card effects)."""
    return s.card_loc[c] == CL_HAND + p and not bot_ignores_cards(s, p)

cdef inline int tech(State* s, int p, int t) noexcept nogil:
    """Seat p has Technology Tt (t = 1..24) and is not Botankhamun."""
    return s.card_loc[TECH(t)] == CL_HAND + p and not bot_ignores_cards(s, p)

cdef inline int uses_die(int flags) noexcept nogil:
    """The action uses the turn's die (the normal action or a B17-B20 / T19 extra)."""
    return not (flags & F_EXTRA) or (flags & F_SAMEDIE)

cdef inline void t_vp_once(State* s, int p, int bit) noexcept nogil:
    """T10 / T22: 1 VP the first time the substitution is used in the turn."""
    if not (s.turn_flags[p] & bit):
        s.turn_flags[p] |= bit
        add_vp(s, p, 1, VP_ACTIONS)

cdef inline int owed(State* s, int p) noexcept nogil:
    return (s.turn_flags[p] >> TF_OWED_SHIFT) & 7

cdef void settle_scribes(State* s, int p, int total) noexcept nogil:
    """Pay `total` Scribes; with T10 Gold may stand in for them (a choice when both fit)."""
    cdef int lo, hi
    if total <= 0:
        return
    if not tech(s, p, 10):
        s.scribes[p] -= total
        return
    lo = total - s.scribes[p]
    if lo < 0:
        lo = 0
    hi = total if total < s.gold[p] else s.gold[p]
    if lo >= hi:
        s.scribes[p] -= total - lo
        s.gold[p] -= lo
        if lo > 0:
            t_vp_once(s, p, TF_T10VP)
        return
    push(s, D_BLESS, p, M_T10PAY, total, 0, 0)

cdef int find_task(State* s, int type) noexcept nogil:
    """Index of the topmost task of this type (-1 if none)."""
    cdef int i
    for i in range(s.ntasks - 1, -1, -1):
        if s.tasks[i].type == type:
            return i
    return -1

cdef void insert_task(State* s, int idx, int type, int p, int a, int b, int c) noexcept nogil:
    """Insert a task at stack index idx (it runs after everything above it)."""
    cdef int i
    if s.ntasks >= MAX_TASKS:      # the push guard of _core.push
        s.overflow = 1
        return
    for i in range(s.ntasks, idx, -1):
        s.tasks[i] = s.tasks[i - 1]
    s.ntasks += 1
    s.tasks[idx].type = type
    s.tasks[idx].p = p
    s.tasks[idx].a = a
    s.tasks[idx].b = b
    s.tasks[idx].c = c
    s.tasks[idx].d = 0

cdef inline int can_god_die(State* s, int p, int god, int v, int flags) noexcept nogil:
    """``can_god`` for an action with the turn's die: T14 may still move the value by 1 or 2
    when the God action is performed, so a value within 2 of a feasible one is usable."""
    return can_god_die_col(s, p, god, v, flags, s.cur_colour if s.cur_die >= 0 else -1)

cdef inline int can_god_die_col(State* s, int p, int god, int v, int flags, int col) noexcept nogil:
    """can_god_die for a die of colour col (-1: any): T14's window stays within the values the
    die can show (its faces' range: Time of Seth's red, blue and green 2-5, "their value cannot be
    changed into a 1 or a 6")."""
    cdef int w, lo = VALUE_MIN, hi = VALUE_MAX
    if can_god(s, p, god, v, flags):
        return 1
    if uses_die(flags) and tech(s, p, 14):
        if col >= 0:
            lo = DIE_MIN[col] if DIE_MIN[col] > lo else lo
            hi = DIE_MAX[col] if DIE_MAX[col] < hi else hi
        for w in range(v - 2, v + 3):
            if w >= lo and w <= hi and can_god(s, p, god, w, flags):
                return 1
    return 0

cdef inline int hook_lg_short(State* s, int p, int cL, int cG) noexcept nogil:
    """Limestone and Granite still owed after own stock (Gold pays the rest). T22 pools them."""
    cdef int short = 0
    if tech(s, p, 22):
        short = cL + cG - s.res[p][2] - s.res[p][3]
        return short if short > 0 else 0
    if cL > s.res[p][2]:
        short += cL - s.res[p][2]
    if cG > s.res[p][3]:
        short += cG - s.res[p][3]
    return short

cdef inline int hook_wild_extra(State* s, int p) noexcept nogil:
    """T10: Scribes stand in for Gold, so they pay like Gold for any Resource."""
    if tech(s, p, 10):
        return s.scribes[p]
    return 0

cdef int hook_gen_pay(State* s, int p, int* c, int32_t* out) noexcept nogil:
    """Payment options changed by T22 (Limestone <-> Granite) and T10 (Scribes as Gold).

    -1 when the plain Gold-for-anything rule applies. Payload bits: P B L G (3 each),
    Gold 12-14, Scribes paid as Gold 15-17 (T10), bit 18: T22 substitution used."""
    cdef int t22 = tech(s, p, 22)
    cdef int scr = s.scribes[p] if tech(s, p, 10) else 0
    cdef int a0, a1, l, g, w, sc, tot, lg, lmax, gmax, n = 0, swap
    if bot_ignores_cards(s, p) or (not t22 and scr == 0):
        return -1
    tot = c[0] + c[1] + c[2] + c[3]
    lg = c[2] + c[3]
    for a0 in range(0, (c[0] if c[0] < s.res[p][0] else s.res[p][0]) + 1):
        for a1 in range(0, (c[1] if c[1] < s.res[p][1] else s.res[p][1]) + 1):
            lmax = lg if t22 else c[2]
            if lmax > s.res[p][2]:
                lmax = s.res[p][2]
            for l in range(0, lmax + 1):
                gmax = (lg - l) if t22 else c[3]
                if gmax > s.res[p][3]:
                    gmax = s.res[p][3]
                for g in range(0, gmax + 1):
                    w = tot - a0 - a1 - l - g
                    if w > s.gold[p] + scr:
                        continue
                    swap = 1 if (l > c[2] or g > c[3]) else 0
                    sc = w - s.gold[p]
                    if sc < 0:
                        sc = 0
                    while sc <= scr and sc <= w:
                        out[n] = mk(K_PAY, a0 | (a1 << 3) | (l << 6) | (g << 9) | ((w - sc) << 12)
                                    | (sc << 15) | (swap << 18))
                        n += 1
                        sc += 1
    return n

cdef inline void hook_paid(State* s, int p, int spend) noexcept nogil:
    cdef int sc = (spend >> 15) & 7
    if sc:
        s.scribes[p] -= sc
        t_vp_once(s, p, TF_T10VP)
    if spend & (1 << 18):
        t_vp_once(s, p, TF_T22VP)

cdef int hook_bread_upkeep(State* s, int p, int need, int32_t* out) noexcept nogil:
    """T10 at Scoring: more ways to pay the Bread upkeep, with Scribes in place of Gold
    (payload Scribes << 8 | Bread << 4 | Gold; the base options have no Scribes)."""
    cdef int b, g, sc, n = 0
    if not tech(s, p, 10) or s.scribes[p] == 0:
        return 0
    b = min(need, s.res[p][1])     # Bread in stock is paid automatically (game help)
    for g in range(min(need - b, s.gold[p]), -1, -1):
        for sc in range(min(need - b - g, s.scribes[p]), 0, -1):
            out[n] = mk(K_BREAD, (sc << 8) | (b << 4) | g)
            n += 1
    return n

cdef inline int hook_can_pay_statue(State* s, int p, int cost) noexcept nogil:
    """B13/B14 waive the Granite; T04's Granite may be gained before the action."""
    if held(s, p, BLESS(13)) or held(s, p, BLESS(14)):
        return 1
    if tech(s, p, 4):
        cost -= 1
    return can_pay(s, p, 0, 0, 0, cost)

cdef inline int hook_can_pay_pillar(State* s, int p, int cL, int cG) noexcept nogil:
    if held(s, p, BLESS(13)) or held(s, p, BLESS(14)):
        return 1
    return can_pay(s, p, 0, 0, cL, cG)

cdef inline int hook_can_pay_bread(State* s, int p, int cost) noexcept nogil:
    """B15/B16 waive the Bread; T21's Bread may be gained before the action (not yet gained
    while the action is being chosen, already gained once the Hathor step is on top)."""
    if held(s, p, BLESS(15)) or held(s, p, BLESS(16)):
        return 1
    if tech(s, p, 21) and s.tasks[s.ntasks - 1].type != D_HATHOR:
        cost -= 1
    return can_pay(s, p, 0, cost, 0, 0)

cdef inline int hook_can_pay_papyrus(State* s, int p, int n, int purpose) noexcept nogil:
    """purpose 3 Bastet (B15/B16 waive it), 4 Thoth (T20's Papyrus may come first)."""
    if purpose == 3 and (held(s, p, BLESS(15)) or held(s, p, BLESS(16))):
        return 1
    if purpose == 4 and tech(s, p, 20) and s.tasks[s.ntasks - 1].type != D_THOTH_REFRESH:
        n -= 1
    return can_pay(s, p, n, 0, 0, 0)

cdef inline int hook_papyrus_cost(State* s, int p, int n, int purpose, int flags) noexcept nogil:
    """Bastet's Papyrus: with B15/B16 in hand the seat first decides whether to play one."""
    if purpose == 3 and n > 0 and not (flags & F_FREE) and (held(s, p, BLESS(15)) or held(s, p, BLESS(16))):
        push(s, D_BLESS, p, M_FREE_PB, n, 0, 0)
        return 0
    return n

cdef inline int hook_bread_cost(State* s, int p, int n, int flags) noexcept nogil:
    """Hathor's Bread: with B15/B16 in hand the seat first decides whether to play one."""
    if n > 0 and not (flags & F_FREE) and (held(s, p, BLESS(15)) or held(s, p, BLESS(16))):
        push(s, D_BLESS, p, M_FREE_PB, 0, n, 0)
        return 0
    return n

cdef inline int hook_free_lg(State* s, int p, int flags) noexcept nogil:
    """Horus / Ra cost (the resolution step is on top): B13/B14 may waive it.

    Returns 1 when the payment is handled here (a D_BLESS step decides it)."""
    cdef Task* top = &s.tasks[s.ntasks - 1]
    cdef int cL, cG
    if (flags & F_FREE) or not (held(s, p, BLESS(13)) or held(s, p, BLESS(14))):
        return 0
    if top.type == A_HORUS_RES:
        cL = 0
        cG = STATUE_COST[s.statues[p]]
    elif top.type == A_RA_RES:
        cL = PCOST[s.ra[top.a]][0]
        cG = PCOST[s.ra[top.a]][1]
    else:
        return 0
    if cL + cG == 0:
        return 0
    push(s, D_BLESS, p, M_FREE_LG, cL, cG, 0)
    return 1

cdef inline int hook_scribe_budget(State* s, int p) noexcept nogil:
    """How many Scribes seat p can spend on the die value (each: +/-1 or 2); T10 adds Gold."""
    cdef int k = s.scribes[p]
    if tech(s, p, 10):
        k += s.gold[p]
    return k - owed(s, p)

cdef inline void hook_pay_scribes(State* s, int p, int n) noexcept nogil:
    """Pay the value change (and, with T10, the Anubis Scribes owed) in one go."""
    cdef int o = owed(s, p)
    s.turn_flags[p] &= ~(7 << TF_OWED_SHIFT)
    settle_scribes(s, p, n + o)

cdef inline int hook_can_anubis(State* s, int p) noexcept nogil:
    if s.turn_flags[p] & TF_FREE_ANUBIS:
        return 1
    return hook_scribe_budget(s, p) >= 2

cdef inline void hook_pay_anubis(State* s, int p) noexcept nogil:
    """2 Scribes, or nothing after B23/B24; with T10 paid (Gold or Scribes) with the value change."""
    if s.turn_flags[p] & TF_FREE_ANUBIS:
        s.turn_flags[p] &= ~TF_FREE_ANUBIS
    elif tech(s, p, 10):
        s.turn_flags[p] += 2 << TF_OWED_SHIFT
    else:
        s.scribes[p] -= 2

cdef inline int hook_forbidden_ok(State* s, int p) noexcept nogil:
    """T08: Forbidden dice may be taken as Pure or Tainted."""
    return tech(s, p, 8)

cdef inline int hook_take_ok(State* s, int p, int sec, int col, int v, int pur, int base) noexcept nogil:
    """May seat p take this die for an action (base: the base rules allow it)?

    After B23/B24 only Anubis takes are offered. B11/B12 make any die usable (a colour that
    is Pure or Tainted in the section and can Produce always exists); B09/B10 make a die
    usable when some value allows its God action."""
    cdef int vv
    if s.turn_flags[p] & TF_FREE_ANUBIS:
        return 0
    if base:
        return 1
    if bot_ignores_cards(s, p):
        return 0
    if held(s, p, BLESS(11)) or held(s, p, BLESS(12)):
        return 1
    if (held(s, p, BLESS(9)) or held(s, p, BLESS(10))) and (pur < 2 or tech(s, p, 8)):
        for vv in range(DIE_MIN[col], DIE_MAX[col] + 1):
            if can_god(s, p, sec, vv, 0):
                return 1
    return 0

cdef int die_ok(State* s, int p, int colour, int value) noexcept nogil:
    """The taken die, treated as this colour and value, may be used (not Forbidden, usable)."""
    cdef int pur, lo, hi, v
    if s.cur_anubis:
        return 1
    pur = purity_of(s, s.cur_section, colour)
    if pur == 2 and not tech(s, p, 8):
        return 0
    if DIE_PROD[colour] >= 0:
        return 1
    value_range(s, p, colour, value, &lo, &hi)
    for v in range(lo, hi + 1):
        if can_god_die_col(s, p, s.cur_section, v, 0, colour):
            return 1
    return 0

cdef inline int needs_t08(State* s, int p) noexcept nogil:
    return (not s.cur_anubis and tech(s, p, 8) and not (s.turn_flags[p] & TF_T08)
            and purity_of(s, s.cur_section, s.cur_colour) == 2)

cdef inline int any_take_blessing(State* s, int p) noexcept nogil:
    cdef int c
    for c in range(8, 20):
        if (c < 12 or c >= 16) and s.card_loc[c] == CL_HAND + p:
            return 1
    return 0

cdef inline void hook_take_die(State* s, int p) noexcept nogil:
    """A die was taken for an action (D_ADJUST is on top): T23, then the die-taking cards."""
    if bot_ignores_cards(s, p):
        return
    if s.cur_anubis and tech(s, p, 23):
        add_vp(s, p, 3, VP_ACTIONS)
    if any_take_blessing(s, p):
        push(s, D_BLESS, p, M_TAKE, 0, 0, 0)
    elif needs_t08(s, p):
        push(s, D_BLESS, p, M_T08, 0, 0, 0)

cdef inline int hook_die_purity(State* s, int p, int purity) noexcept nogil:
    """The side of the scales: by the colour the die is treated as (B11/B12) and T08's choice."""
    cdef int pur
    if bot_ignores_cards(s, p):
        return purity
    pur = purity_of(s, s.cur_section, s.cur_colour)
    if pur == 2:
        if s.turn_flags[p] & TF_T08:
            return 1 if (s.turn_flags[p] & TF_T08_TAINT) else 0
        return 1
    return pur

cdef inline int hook_action_extras(State* s, int p, int32_t* out) noexcept nogil:
    return 0

cdef inline void hook_before_action(State* s, int p, int act) noexcept nogil:
    pass

cdef inline void hook_after_action(State* s, int p, int act) noexcept nogil:
    """The action is pushed. T19: with a Tainted die and a God action, Produce first for 1 Scribe."""
    if act < NGOD_ACTIONS and not s.cur_anubis and DIE_PROD[s.cur_colour] >= 0 and tech(s, p, 19) \
            and s.die_loc[s.cur_die] == DL_TAINT + p and hook_scribe_budget(s, p) >= 1:
        push(s, D_BLESS, p, M_T19, 0, 0, 0)

cdef inline int hook_god_action(State* s, int p, int god, int value, int flags) noexcept nogil:
    """A God action starts. T14 first offers its value change (the action is pushed again);
    then the per-action Technologies pay (the god_action event). Returns 1 when the action
    was deferred."""
    if bot_ignores_cards(s, p):
        return 0
    if not (flags & F_CARDS_DONE) and uses_die(flags) and tech(s, p, 14):
        push(s, A_GOD, p, god, value, flags | F_CARDS_DONE, 0)
        push(s, D_BLESS, p, M_T14, 0, 0, 0)
        return 1
    # T01-T04, T06, T11, T20, T21: data rows (data.TRIGGERS) fired through the trigger layer
    fire(s, p, EV_GOD_ACTION, god, value, flags)
    return 0

cdef inline int hook_hathor_pillar_bonus(State* s, int p) noexcept nogil:
    """T05: 2 more VP (5 in all) per own Pillar in the Hathor line (asked once per Hathor action
    with own Pillars in the line; Time of Seth: once per turn, seth/gate.pxi)."""
    return 2 if tech(s, p, 5) and seth_gate_pass(s, p, GATE_T05) else 0

cdef inline int any_produce_blessing(State* s, int p) noexcept nogil:
    cdef int c
    for c in range(6):
        if s.card_loc[c] == CL_HAND + p:
            return 1
    return s.card_loc[BLESS(21)] == CL_HAND + p or s.card_loc[BLESS(22)] == CL_HAND + p

cdef inline int hook_produce_start(State* s, int p, int r, int value, int flags) noexcept nogil:
    """A Produce action starts: T13's value change and the Produce Blessings are decided
    first (the action is pushed again below them). Returns 1 when deferred."""
    cdef int b, t13
    if (flags & F_CARDS_DONE) or bot_ignores_cards(s, p):
        return 0
    b = any_produce_blessing(s, p)
    t13 = uses_die(flags) and tech(s, p, 13)
    if not b and not t13:
        return 0
    push(s, A_PRODUCE, p, r, value, flags | F_CARDS_DONE, 0)
    if b:
        push(s, D_BLESS, p, M_PRODUCE, 0, 0, 0)
    if t13:
        push(s, D_BLESS, p, M_T13, 0, 0, 0)
    return 1

cdef inline void hook_produce(State* s, int p, int r, int value, int excess, int flags) noexcept nogil:
    """After producing: T12 (VP per excess), T13 (+1 Resource, no excess); then the produce
    event (T17 Bread, T11 die of value 1: data rows, data.TRIGGERS)."""
    if bot_ignores_cards(s, p):
        return
    if tech(s, p, 12) and not (flags & F_FREE) and excess > 0 and seth_gate_pass(s, p, GATE_T12):
        add_vp(s, p, excess, VP_ACTIONS)
    if tech(s, p, 13) and seth_gate_pass(s, p, GATE_T13):   # Time of Seth: once per turn (seth/gate.pxi)
        s.res[p][r] += 1
    fire(s, p, EV_PRODUCE, r, value, flags)

cdef inline void hook_turn_start(State* s, int p) noexcept nogil:
    """D_TAKE is on top: B07/B08 and B23/B24 may be played first."""
    if bot_ignores_cards(s, p):
        return
    if s.card_loc[BLESS(7)] == CL_HAND + p or s.card_loc[BLESS(8)] == CL_HAND + p \
            or s.card_loc[BLESS(23)] == CL_HAND + p or s.card_loc[BLESS(24)] == CL_HAND + p:
        push(s, D_BLESS, p, M_START, 0, 0, 0)

cdef inline void hook_turn_end(State* s, int p) noexcept nogil:
    """B07/B08 may also be played after the action, before the turn passes."""
    if bot_ignores_cards(s, p):
        return
    if s.card_loc[BLESS(7)] == CL_HAND + p or s.card_loc[BLESS(8)] == CL_HAND + p:
        push(s, D_BLESS, p, M_END, 0, 0, 0)

cdef inline void hook_after_maat(State* s) noexcept nogil:
    """The maat_order event: T16 (data rows, data.TRIGGERS) pays the first in the new turn order
    2 VP (subject 0) and the last 1 Gold (subject 1)."""
    fire(s, s.turn_order[0], EV_MAAT_ORDER, 0, 0, 0)
    fire(s, s.turn_order[s.nseats - 1], EV_MAAT_ORDER, 1, 0, 0)
