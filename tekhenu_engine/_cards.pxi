# Included by _core.pyx: the hook points where cards change the rules, and the Decrees.
#
# Every hook below is called by the rules at the moment its name says. Blessings and
# Technologies (issue "Every card and tile") change what the hooks return; each card is
# data plus, where needed, one small branch here, never a copy of the action it changes.

# Card ids: 0-23 B01-B24, 24-47 T01-T24 (``has_tech(s, p, k)`` for Tk). Blessings are
# played through ``D_BLESS`` steps (``gen_bless`` / ``do_bless``); the moment of a step is
# its ``task.a`` (``M_*`` below). A step is only pushed when the seat holds a card usable
# at that moment, so games without cards keep exactly the base game's decisions.

cdef enum:
    # D_BLESS moments (task.a)
    M_START = 1       # start of the turn: B07/B08, B23/B24
    M_END = 2         # end of the turn: B07/B08
    M_TAKE = 3        # when taking a die: B09-B12, B17-B20 (b: lowest card id still offered)
    M_T08 = 4         # T08: a Forbidden die goes on the Pure or the Tainted side
    M_PRODUCE = 5     # when producing: B01-B06, B21/B22 (b: lowest card id still offered)
    M_T13 = 6         # T13: adjust the value of a Produce action by 1 or 2
    M_T14 = 7         # T14: adjust the value of a God action by 1 or 2
    M_FREE_LG = 8     # B13/B14 when paying a Ra / Horus cost (b: Limestone, c: Granite)
    M_FREE_PB = 9     # B15/B16 when paying a Bastet / Hathor cost (b: Papyrus, c: Bread)
    M_T10PAY = 10     # T10: how many of b Scribes to pay with Gold
    M_DO_EXTRA = 11   # B17-B20: the extra God action b (c: card), single automatic outcome
    M_T19 = 12        # T19: spend 1 Scribe to Produce before the God action

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
    return s.card_loc[c] == CL_HAND + p and not is_bot(s, p)

cdef inline int tech(State* s, int p, int t) noexcept nogil:
    """Seat p has Technology Tt (t = 1..24) and is not Botankhamun."""
    return s.card_loc[TECH(t)] == CL_HAND + p and not is_bot(s, p)

cdef inline int uses_die(int flags) noexcept nogil:
    """The action uses the turn's die (the normal action or a B17-B20 / T19 extra)."""
    return not (flags & F_EXTRA) or (flags & F_SAMEDIE)

cdef inline void t_vp_once(State* s, int p, int bit) noexcept nogil:
    """T10 / T22: 1 VP the first time the substitution is used in the turn."""
    if not (s.turn_flags[p] & bit):
        s.turn_flags[p] |= bit
        add_vp(s, p, 1, VP_ACTIONS)

cdef void discard_blessing(State* s, int p, int c) noexcept nogil:
    """A played Blessing is discarded; T24 pays 1 Gold for it (a data row, data.TRIGGERS)."""
    s.card_loc[c] = CL_DISCARD
    fire(s, p, EV_BLESSING_DISCARDED, -1, 0, 0)

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
    cdef int w
    if can_god(s, p, god, v, flags):
        return 1
    if uses_die(flags) and tech(s, p, 14):
        for w in range(v - 2, v + 3):
            if w >= VALUE_MIN and w <= VALUE_MAX and can_god(s, p, god, w, flags):
                return 1
    return 0

# ----------------------------------------------------------------------------- payments
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
    if is_bot(s, p) or (not t22 and scr == 0):
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

# ----------------------------------------------------------------------------- Scribes and dice
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
    if is_bot(s, p):
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
        if can_god_die(s, p, s.cur_section, v, 0):
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
    if is_bot(s, p):
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
    if is_bot(s, p):
        return purity
    pur = purity_of(s, s.cur_section, s.cur_colour)
    if pur == 2:
        if s.turn_flags[p] & TF_T08:
            return 1 if (s.turn_flags[p] & TF_T08_TAINT) else 0
        return 1
    return pur

# ----------------------------------------------------------------------------- actions
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
    if is_bot(s, p):
        return 0
    if not (flags & F_CARDS_DONE) and uses_die(flags) and tech(s, p, 14):
        push(s, A_GOD, p, god, value, flags | F_CARDS_DONE, 0)
        push(s, D_BLESS, p, M_T14, 0, 0, 0)
        return 1
    # T01-T04, T06, T11, T20, T21: data rows (data.TRIGGERS) fired through the trigger layer
    fire(s, p, EV_GOD_ACTION, god, value, flags)
    return 0

cdef inline int hook_hathor_pillar_bonus(State* s, int p) noexcept nogil:
    """T05: 2 more VP (5 in all) per own Pillar in the Hathor line."""
    return 2 if tech(s, p, 5) else 0

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
    if (flags & F_CARDS_DONE) or is_bot(s, p):
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
    if is_bot(s, p):
        return
    if tech(s, p, 12) and not (flags & F_FREE):
        add_vp(s, p, excess, VP_ACTIONS)
    if tech(s, p, 13):
        s.res[p][r] += 1
    fire(s, p, EV_PRODUCE, r, value, flags)

# ----------------------------------------------------------------------------- turn and Maat
cdef inline void hook_turn_start(State* s, int p) noexcept nogil:
    """D_TAKE is on top: B07/B08 and B23/B24 may be played first."""
    if is_bot(s, p):
        return
    if s.card_loc[BLESS(7)] == CL_HAND + p or s.card_loc[BLESS(8)] == CL_HAND + p \
            or s.card_loc[BLESS(23)] == CL_HAND + p or s.card_loc[BLESS(24)] == CL_HAND + p:
        push(s, D_BLESS, p, M_START, 0, 0, 0)

cdef inline void hook_turn_end(State* s, int p) noexcept nogil:
    """B07/B08 may also be played after the action, before the turn passes."""
    if is_bot(s, p):
        return
    if s.card_loc[BLESS(7)] == CL_HAND + p or s.card_loc[BLESS(8)] == CL_HAND + p:
        push(s, D_BLESS, p, M_END, 0, 0, 0)

cdef inline void hook_after_maat(State* s) noexcept nogil:
    """The maat_order event: T16 (data rows, data.TRIGGERS) pays the first in the new turn order
    2 VP (subject 0) and the last 1 Gold (subject 1)."""
    fire(s, s.turn_order[0], EV_MAAT_ORDER, 0, 0, 0)
    fire(s, s.turn_order[s.nseats - 1], EV_MAAT_ORDER, 1, 0, 0)

# ----------------------------------------------------------------------------- Blessings
cdef inline int offered(State* s, int p, int c, int lo) noexcept nogil:
    """Card c is offered: held, not below the step's lowest id, and not the second of an
    identical pair while the first is held (B07/B08, B09/B10, ... are the same card)."""
    if c < lo or s.card_loc[c] != CL_HAND + p:
        return 0
    if c >= 7 and (c & 1) and s.card_loc[c - 1] == CL_HAND + p:
        return 0
    return 1

cdef inline int bl(int c, int opt) noexcept nogil:
    return mk(K_BLESS, c | (opt << 7))

cdef int gen_bless(State* s, Task* t, int32_t* out) noexcept nogil:
    """Options of a D_BLESS step: cards usable at its moment, and "pass" where allowed."""
    cdef int p = t.p, n = 0, c, v, col, d, g, side, order, i, lo, hi
    cdef int m = t.a
    if m == M_START or m == M_END:
        out[n] = mk(K_PASS, 0)
        n += 1
        for c in range(6, 8):
            if offered(s, p, c, t.b):
                out[n] = bl(c, 0)
                out[n + 1] = bl(c, 1)
                n += 2
        if m == M_START and not (s.turn_flags[p] & TF_FREE_ANUBIS):
            for c in range(22, 24):
                if offered(s, p, c, t.b):
                    out[n] = bl(c, 0)
                    n += 1
    elif m == M_TAKE:
        if die_ok(s, p, s.cur_colour, s.cur_value):
            out[n] = mk(K_PASS, 0)
            n += 1
        for c in range(8, 20):
            if (c >= 12 and c < 16) or not offered(s, p, c, t.b):
                continue
            if c < 10:
                for v in range(DIE_MIN[s.cur_colour], DIE_MAX[s.cur_colour] + 1):
                    if v != s.cur_value and (DIE_PROD[s.cur_colour] >= 0 or s.cur_anubis or held(s, p, BLESS(11))
                                             or held(s, p, BLESS(12)) or die_ok(s, p, s.cur_colour, v)):
                        out[n] = bl(c, v)
                        n += 1
            elif c < 12:
                for col in range(5):
                    if col == s.cur_colour:
                        continue
                    for d in range(3):
                        v = s.cur_value + d - 1
                        if v >= DIE_MIN[col] and v <= DIE_MAX[col] and die_ok(s, p, col, v):
                            out[n] = bl(c, col * 3 + d)
                            n += 1
            else:
                if c < 18:
                    if hook_scribe_budget(s, p) < 1:
                        continue
                elif s.happiness[p] < 1 or s.population[p] < 1:
                    continue
                for side in range(2 if c < 18 else 1):
                    if c < 18:
                        g = (s.cur_section + (1 if side else 5)) % 6
                    else:
                        g = (s.cur_section + 3) % 6
                    for v in range(1, 7):
                        if can_god(s, p, g, v, F_EXTRA | F_SAMEDIE):
                            break
                    else:
                        continue
                    for order in range(2):
                        out[n] = bl(c, side + 2 * order)
                        n += 1
    elif m == M_T08:
        out[0] = bl(TECH(8), 0)
        out[1] = bl(TECH(8), 1)
        n = 2
    elif m == M_PRODUCE:
        out[n] = mk(K_PASS, 0)
        n += 1
        for c in range(22):
            if (c < 6 or c >= 20) and offered(s, p, c, t.b):
                out[n] = bl(c, 0)
                n += 1
    elif m == M_T13:
        out[n] = mk(K_PASS, 0)
        n += 1
        i = find_task(s, A_PRODUCE)
        if i >= 0:
            for v in range(s.tasks[i].b - 2, s.tasks[i].b + 3):
                if v >= DIE_MIN[s.cur_colour] and v <= DIE_MAX[s.cur_colour] and v != s.tasks[i].b:
                    out[n] = bl(TECH(13), v)
                    n += 1
    elif m == M_T14:
        i = find_task(s, A_GOD)
        if i >= 0 and can_god(s, p, s.tasks[i].a, s.tasks[i].b, s.tasks[i].c):
            out[n] = mk(K_PASS, 0)      # keep the value (only when it allows the action)
            n += 1
        if i >= 0:
            for v in range(s.tasks[i].b - 2, s.tasks[i].b + 3):
                if v >= DIE_MIN[s.cur_colour] and v <= DIE_MAX[s.cur_colour] and v != s.tasks[i].b \
                        and can_god(s, p, s.tasks[i].a, v, s.tasks[i].c):
                    out[n] = bl(TECH(14), v)
                    n += 1
    elif m == M_FREE_LG or m == M_FREE_PB:
        if (m == M_FREE_LG and can_pay(s, p, 0, 0, t.b, t.c)) or \
                (m == M_FREE_PB and can_pay(s, p, t.b, t.c, 0, 0)):
            out[n] = mk(K_PASS, 0)
            n += 1
        c = 12 if m == M_FREE_LG else 14
        if held(s, p, c):
            out[n] = bl(c, 0)
            n += 1
        elif held(s, p, c + 1):
            out[n] = bl(c + 1, 0)
            n += 1
    elif m == M_T10PAY:
        lo = t.b - s.scribes[p]
        if lo < 0:
            lo = 0
        hi = t.b if t.b < s.gold[p] else s.gold[p]
        for v in range(lo, hi + 1):
            out[n] = bl(TECH(10), v)
            n += 1
    elif m == M_DO_EXTRA:
        if can_god_die(s, p, t.b, s.cur_value, F_EXTRA | F_SAMEDIE):
            out[0] = bl(t.c, 0)
            n = 1
    elif m == M_T19:
        out[0] = mk(K_PASS, 0)
        out[1] = bl(TECH(19), 0)
        n = 2
    return n

cdef void do_bless(State* s, Task t, int32_t a) noexcept nogil:
    """Apply a D_BLESS choice (the step is already popped)."""
    cdef int p = t.p, x = a & 0xFFFFFF, c = x & 0x7F, opt = x >> 7, i, g, m = t.a
    if (a >> 24) == K_PASS:
        if m == M_TAKE and needs_t08(s, p):
            push(s, D_BLESS, p, M_T08, 0, 0, 0)
        elif m == M_FREE_LG:
            push_pay(s, p, 0, 0, t.b, t.c, 0)
        elif m == M_FREE_PB:
            push_pay(s, p, t.b, t.c, 0, 0, 0)
        return
    if m == M_START or m == M_END:
        discard_blessing(s, p, c)
        push(s, D_BLESS, p, m, c, 0, 0)
        if c == 6 or c == 7:
            if opt == 0:
                gain_population(s, p, 3)
            else:
                gain_happiness(s, p, 3)
        else:
            s.turn_flags[p] |= TF_FREE_ANUBIS
    elif m == M_TAKE:
        discard_blessing(s, p, c)
        push(s, D_BLESS, p, M_TAKE, c, 0, 0)
        if c < 10:
            s.cur_value = opt
        elif c < 12:
            s.cur_colour = opt // 3
            s.cur_value += opt % 3 - 1
        else:
            if c < 18:
                g = (s.cur_section + (1 if (opt & 1) else 5)) % 6
            else:
                g = (s.cur_section + 3) % 6
                gain_happiness(s, p, -1)      # each track 1 down (Happiness first:
                gain_population(s, p, -1)     # the Population cap must not take a second)
            i = find_task(s, D_ACTION)
            if i >= 0:
                # extra first: just above the normal action (after the die is placed);
                # extra last: just below it (after the normal action is complete)
                insert_task(s, i + 1 if (opt & 2) else i, D_BLESS, p, M_DO_EXTRA, g, c)
            if c < 18:
                settle_scribes(s, p, 1)
    elif m == M_T08:
        s.turn_flags[p] |= TF_T08 | (TF_T08_TAINT if opt else 0)
    elif m == M_PRODUCE:
        discard_blessing(s, p, c)
        push(s, D_BLESS, p, M_PRODUCE, c, 0, 0)
        if c == 0:
            s.res[p][2] += 4
        elif c == 1:
            s.res[p][3] += 4
        elif c == 2:
            s.res[p][1] += 4
        elif c == 3:
            s.res[p][0] += 4
        elif c == 4:
            s.gold[p] += 3
        elif c == 5:
            s.scribes[p] += 2
        else:
            i = find_task(s, A_PRODUCE)
            if i >= 0:
                # the Produce action a second time (below the pending step: runs after it)
                insert_task(s, s.ntasks - 1, A_PRODUCE, p, s.tasks[i].a, s.tasks[i].b, s.tasks[i].c)
    elif m == M_T13:
        i = find_task(s, A_PRODUCE)
        if i >= 0:
            s.tasks[i].b = opt
    elif m == M_T14:
        i = find_task(s, A_GOD)
        if i >= 0:
            s.tasks[i].b = opt
    elif m == M_FREE_LG or m == M_FREE_PB:
        discard_blessing(s, p, c)
    elif m == M_T10PAY:
        s.scribes[p] -= t.b - opt
        s.gold[p] -= opt
        if opt > 0:
            t_vp_once(s, p, TF_T10VP)
    elif m == M_DO_EXTRA:
        push_god(s, p, t.b, s.cur_value, F_EXTRA | F_SAMEDIE)
    elif m == M_T19:
        push(s, A_PRODUCE, p, DIE_PROD[s.cur_colour], s.cur_value, F_EXTRA | F_SAMEDIE, 0)
        settle_scribes(s, p, 1)

# ----------------------------------------------------------------------------- Decrees
cdef inline int thresholds(int v) noexcept nogil:
    """Happiness thresholds (HAPPINESS_THRESHOLDS) reached (not cumulative: the highest counts)."""
    return HAP_LEVEL[v] if 0 <= v < 32 else HAP_LEVEL[31]

cdef int count_techs(State* s, int p) noexcept nogil:
    cdef int c, n = 0
    for c in range(DECK_FIRST[DECK_TECH], DECK_FIRST[DECK_TECH] + DECK_N[DECK_TECH]):
        if s.card_loc[c] == CL_HAND + p:
            n += 1
    return n

cdef int osiris_count(State* s, int p, int lo, int hi) noexcept nogil:
    cdef int r, d, n = 0
    for r in range(6):
        for d in range(lo, hi):
            if s.osiris[r][d] == p:
                n += 1
    return n

cdef int temple_buildings(State* s, int p) noexcept nogil:
    cdef int i, n = 0
    for i in range(nbspaces(s)):
        if s.bspace[i] == p:
            n += 1
    return n

cdef int god_statues(State* s, int p) noexcept nogil:
    cdef int g, k, n = 0
    for g in range(6):
        for k in range(3):
            if s.statue_god[g][k] == p:
                n += 1
    return n

cdef int people_statues(State* s, int p) noexcept nogil:
    cdef int k, n = 0
    for k in range(4):
        if s.people[k] == p:
            n += 1
    return n

cdef int decree_vp(State* s, int p, int d, int* paid) noexcept nogil:
    """VP of Decree D(d+1) for seat p at the end of the game (Appendix: Decree Cards).

    paid[0] is how many Resources D04 has spent (D04 scores before D08)."""
    cdef int v = 0, c, mn, k, stock
    if d == 0:
        return 3 * count_techs(s, p)
    if d == 1:
        k = 0
        for c in range(DECREE(1), DECREE(1) + DECK_N[DECK_DECREE]):
            if s.card_loc[c] == CL_HAND + p:
                k |= 1 << DECREE_SYM[c - DECREE(1)]
        return 4 * ((k & 1) + ((k >> 1) & 1) + ((k >> 2) & 1) + ((k >> 3) & 1))
    if d == 2 or d == 22:
        return 0
    if d == 3:
        stock = s.res[p][0] + s.res[p][1] + s.res[p][2] + s.res[p][3] + s.gold[p]
        k = thresholds(s.population[p])
        if k > stock:
            k = stock
        paid[0] = k
        return 4 * k
    if d == 4:
        return 4 * thresholds(s.happiness[p])
    if d == 5:
        mn = 99
        for c in range(s.nseats):
            if s.happiness[c] < mn:
                mn = s.happiness[c]
        return s.happiness[p] - mn
    if d == 6:
        v = 3 * s.scribes[p]
        return v if v < D07_CAP else D07_CAP
    if d == 7:
        # D04 is scored first: its Resources are paid with the cheapest first (non-Gold)
        stock = s.res[p][0] + s.res[p][1] + s.res[p][2] + s.res[p][3]
        k = paid[0]
        if k <= stock:
            v = 2 * s.gold[p] + stock - k
        else:
            v = 2 * (s.gold[p] - (k - stock))
        return v if v < D08_CAP else D08_CAP
    if d == 8:
        return 3 * osiris_count(s, p, 2, 4)
    if d == 9:
        return 3 * osiris_count(s, p, 0, 2)
    if d == 10:
        return 2 * osiris_count(s, p, 0, 4)
    if d == 11:
        return 3 * temple_buildings(s, p)
    if d == 12:
        return 3 * s.pillars[p]
    if d == 13:
        return 2 * s.statues[p] + 2 * temple_buildings(s, p)
    if d == 14:
        return 2 * s.pillars[p] + 2 * temple_buildings(s, p)
    if d == 15:
        return 4 * god_statues(s, p)
    if d == 16:
        return 2 * s.statues[p] + 2 * s.pillars[p]
    if d == 17:
        return 3 * s.statues[p]
    if d == 18:
        return 5 * people_statues(s, p)
    if d == 19:
        if s.nplayers < 3:
            return 0
        if s.turn_order[0] == p:
            return 10
        if s.turn_order[1] == p:
            return 5
        return 0
    if d == 20:
        return s.buildings[p]
    if d == 21:
        return (s.pure_sum[p] + 1) // 2
    if d == 23:
        return temple_score(s, p, 0)
    return 0

cdef int set_vp(State* s, int p, int x) noexcept nogil:
    """VP of a Decree set (payload of K_DECREES: up to three card ids + 1, 7 bits each)."""
    cdef int ids[3]
    cdef int i, v = 0, paid = 0
    for i in range(3):
        ids[i] = ((x >> (7 * i)) & 0x7F) - 1
    for i in range(3):          # D04 first
        if ids[i] == DECREE(4):
            v += decree_vp(s, p, 3, &paid)
    for i in range(3):
        if ids[i] >= 0 and card_type(ids[i]) == DECK_DECREE and ids[i] != DECREE(4):
            v += decree_vp(s, p, ids[i] - DECREE(1), &paid)
    return v

cdef int gen_decree_sets(State* s, int p, int32_t* out) noexcept nogil:
    """Every scoring set (at most 3 Decrees, one per symbol), the best set first."""
    cdef int by_sym[4][8]
    cdef int nsym[4]
    cdef int val[256]
    cdef int pick[4]
    cdef int i, c, n = 0, a, b, cc, dd, k, x, j, tv
    cdef int32_t tmp
    for i in range(4):
        nsym[i] = 1
        by_sym[i][0] = -1
    for c in range(DECREE(1), DECREE(1) + DECK_N[DECK_DECREE]):
        if s.card_loc[c] == CL_HAND + p:
            k = DECREE_SYM[c - DECREE(1)]
            by_sym[k][nsym[k]] = c
            nsym[k] += 1
    for a in range(nsym[0]):
        for b in range(nsym[1]):
            for cc in range(nsym[2]):
                for dd in range(nsym[3]):
                    x = 0
                    k = 0
                    pick[0] = a
                    pick[1] = b
                    pick[2] = cc
                    pick[3] = dd
                    for i in range(4):
                        j = pick[i]
                        if by_sym[i][j] >= 0:
                            if k < 3:
                                x |= (by_sym[i][j] + 1) << (7 * k)
                            k += 1
                    if k > 3 or n >= 256:
                        continue
                    out[n] = mk(K_DECREES, x)
                    val[n] = set_vp(s, p, x)
                    n += 1
    # best first (insertion sort, stable)
    for i in range(1, n):
        j = i
        while j > 0 and val[j] > val[j - 1]:
            tv = val[j]
            val[j] = val[j - 1]
            val[j - 1] = tv
            tmp = out[j]
            out[j] = out[j - 1]
            out[j - 1] = tmp
            j -= 1
    return n

cdef void score_decree_set(State* s, int p, int x) noexcept nogil:
    """Score the chosen set; D04 pays its Resources (cheapest first)."""
    cdef int i, k, paid = 0, r
    cdef int v = set_vp(s, p, x)
    for i in range(3):
        if ((x >> (7 * i)) & 0x7F) - 1 == DECREE(4):
            decree_vp(s, p, 3, &paid)
    k = paid
    for r in range(4):
        while k > 0 and s.res[p][r] > 0:
            s.res[p][r] -= 1
            k -= 1
    s.gold[p] -= k
    add_vp(s, p, v, VP_DECREES)
