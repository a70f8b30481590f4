# Included by _core.pyx: the Blessings B01-B24, played through D_BLESS steps (gen_bless / do_bless); the
# moment of a step is its task.a (M_*). A step is only pushed when the seat holds a card usable at
# that moment, so games without cards keep exactly the base game's decisions.

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

cdef void discard_blessing(State* s, int p, int c) noexcept nogil:
    """A played Blessing is discarded; T24 pays 1 Gold for it (a data row, data.TRIGGERS)."""
    s.card_loc[c] = CL_DISCARD
    fire(s, p, EV_BLESSING_DISCARDED, -1, 0, 0)

cdef inline int offered(State* s, int p, int c, int lo) noexcept nogil:
    """Card c is offered: held, not below the step's lowest id, and not the second of an
    identical pair while the first is held (data.IDENTICAL_CARDS: B07/B08, B09/B10, ...)."""
    cdef int twin = CARD_TWIN[c]
    if c < lo or s.card_loc[c] != CL_HAND + p:
        return 0
    if 0 <= twin < c and s.card_loc[twin] == CL_HAND + p:
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
                for col in range(NBAG_COLOURS):     # the colours of the bag (data.BAG_COLOURS)
                    if col == s.cur_colour:
                        continue
                    for d in range(3):
                        v = s.cur_value + d - 1
                        if (v >= DIE_MIN[col] and v <= DIE_MAX[col] and v >= DIE_MIN[s.die_colour[s.cur_die]]
                                and v <= DIE_MAX[s.die_colour[s.cur_die]] and die_ok(s, p, col, v)):
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
        c = BLESS(13) if m == M_FREE_LG else BLESS(15)
        if held(s, p, c):
            out[n] = bl(c, 0)
            n += 1
        elif held(s, p, CARD_TWIN[c]):
            out[n] = bl(CARD_TWIN[c], 0)
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
