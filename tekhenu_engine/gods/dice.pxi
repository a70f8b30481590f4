# Included by _core.pyx: the dice: the index of dice by place, moving and finding dice, the value a die may
# take, which dice a seat may take (gen_take), the scales (place_die).

# Dice are found through State.dice_at (a bit set of the dice in the bag, in each wheel
# section and on the Seth board), never by scanning every die; every move of a die to or from those places goes
# through move_die.
cdef void rebuild_dice_index(State* s) noexcept nogil:
    """Recompute dice_at from die_loc (after loading a state)."""
    cdef int i, loc
    memset(s.dice_at, 0, sizeof(s.dice_at))
    for i in range(s.ndice if 0 <= s.ndice <= MAX_DICE else 0):
        loc = s.die_loc[i]
        if 0 <= loc <= DL_SETH:
            s.dice_at[loc] |= (<uint32_t>1) << i

cdef inline void move_die(State* s, int i, int loc) noexcept nogil:
    """Die i goes to location loc (die_loc), keeping dice_at."""
    cdef int old = s.die_loc[i]
    if 0 <= old <= DL_SETH:
        s.dice_at[old] &= ~((<uint32_t>1) << i)
    if 0 <= loc <= DL_SETH:
        s.dice_at[loc] |= (<uint32_t>1) << i
    s.die_loc[i] = loc

cdef void put_die(State* s, int section, int colour, int value) noexcept nogil:
    """The first die of this colour in the bag goes to the section."""
    cdef int i
    cdef uint32_t m = s.dice_at[DL_BAG]
    while m:
        i = __builtin_ctz(m)
        if s.die_colour[i] == colour:
            move_die(s, i, section + 1)
            s.die_value[i] = value
            return
        m &= m - 1

cdef int find_die(State* s, int section, int colour, int value) noexcept nogil:
    """The first die of this colour and value in the section, -1 if none (as put_die)."""
    cdef int i
    cdef uint32_t m = s.dice_at[section + 1]
    while m:
        i = __builtin_ctz(m)
        if s.die_colour[i] == colour and s.die_value[i] == value:
            return i
        m &= m - 1
    return -1

cdef int value_range(State* s, int p, int colour, int v, int* lo, int* hi) noexcept nogil:
    """Values a die of this colour reaches with the Scribes (and card effects) of seat p."""
    cdef int k = hook_scribe_budget(s, p)
    lo[0] = v - SCRIBE_STEP * k
    hi[0] = v + SCRIBE_STEP * k
    if lo[0] < DIE_MIN[colour]:
        lo[0] = DIE_MIN[colour]
    if hi[0] > DIE_MAX[colour]:
        hi[0] = DIE_MAX[colour]
    return 0

cdef struct GodMemo:
    int known[6]      # bit v: can_god_die(s, p, god, v, 0) is computed ...
    int ok[6]         # ... and true

cdef inline int can_god_die_memo(State* s, int p, int god, int v, GodMemo* m) noexcept nogil:
    """``can_god_die(s, p, god, v, 0)``, remembered while one list of legal actions is built
    (the state does not change meanwhile; Hathor's and Bastet's do not depend on the value)."""
    cdef int bit = 2 if (god == 2 or god == 3) else (1 << v)
    if not (m.known[god] & bit):
        m.known[god] |= bit
        if can_god_die(s, p, god, v, 0):
            m.ok[god] |= bit
    return m.ok[god] & bit

cdef int die_usable(State* s, int p, int section, int colour, int value, int anubis, GodMemo* m) noexcept nogil:
    cdef int lo, hi, v
    if anubis or DIE_PROD[colour] >= 0:
        return 1
    value_range(s, p, colour, value, &lo, &hi)
    for v in range(lo, hi + 1):
        if DIE_MIN[colour] > VALUE_MIN or DIE_MAX[colour] < VALUE_MAX:
            if can_god_die_col(s, p, section, v, 0, colour):    # a die of fewer faces: its own T14 window
                return 1
        elif can_god_die_memo(s, p, section, v, m):
            return 1
    return 0

cdef int gen_take(State* s, int p, int32_t* out) noexcept nogil:
    cdef uint64_t seen[8]
    cdef GodMemo memo
    cdef int i, n = 0, sec, col, v, pur, anub, key, forbid_ok, base
    cdef uint32_t wheel
    cdef int can_anubis = hook_can_anubis(s, p) != 0
    for i in range(8):
        seen[i] = 0
    memset(&memo, 0, sizeof(GodMemo))
    forbid_ok = hook_forbidden_ok(s, p) != 0
    # the dice on the wheel as a bit set (a branch-free scan), then each of them in order
    wheel = (s.dice_at[1] | s.dice_at[2] | s.dice_at[3] | s.dice_at[4] | s.dice_at[5]
             | s.dice_at[6])
    while wheel:
        i = __builtin_ctz(wheel)
        wheel &= wheel - 1
        sec = s.die_loc[i] - 1
        col = s.die_colour[i]
        v = s.die_value[i]
        key = col * 6 + v - 1
        if seen[sec] & ((<uint64_t>1) << key):
            continue
        seen[sec] |= (<uint64_t>1) << key
        pur = purity_of(s, sec, col)
        # few branches on the dice (they are hard to predict): each option is written,
        # then counted when it is legal
        base = (pur < 2) | forbid_ok
        if base and col >= 4:
            base = die_usable(s, p, sec, col, v, 0, &memo)
        out[n] = mk(K_TAKE, take_payload(sec, col, v))
        n += hook_take_ok(s, p, sec, col, v, pur, base) != 0
        out[n] = mk(K_TAKE, take_payload(sec, col, v) | TAKE_ANUBIS)
        n += can_anubis & DIE_ANUBIS_OK[col]
    if seth_on(s):
        n += seth_gen_take(s, p, out + n)   # Time of Seth: the Seth board's dice (seth/action.pxi)
    if n == 0:
        # No die allows an action: take any Pure or Tainted die without an action.
        for i in range(8):
            seen[i] = 0
        for i in range(s.ndice):
            if s.die_loc[i] < 1 or s.die_loc[i] > 6:
                continue
            sec = s.die_loc[i] - 1
            col = s.die_colour[i]
            v = s.die_value[i]
            key = col * 6 + v - 1
            if seen[sec] & ((<uint64_t>1) << key):
                continue
            seen[sec] |= (<uint64_t>1) << key
            if purity_of(s, sec, col) < 2:
                out[n] = mk(K_TAKE, take_payload(sec, col, v) | TAKE_NO_ACTION)
                n += 1
    if n == 0:
        out[0] = mk(K_PASS, 0)
        n = 1
    return n

cdef void place_die(State* s, int p) noexcept nogil:
    """The die goes on the scales: Pure left, Tainted right; an Anubis die below them."""
    cdef int i = s.cur_die, v = s.cur_value, pur
    s.die_value[i] = v
    s.ndice_board[p] += 1
    if seth_on(s):
        seth_die_placed(s, p, i, v)     # Time of Seth: red / blue dice gain Soldiers / Priests (seth/dice.pxi)
    if s.cur_anubis:
        s.die_loc[i] = DL_ANUBIS + p
        return
    pur = hook_die_purity(s, p, purity_of(s, s.cur_section, s.die_colour[i]))
    if pur == 0:
        s.die_loc[i] = DL_PURE + p
        s.pure_sum[p] += v
    else:
        s.die_loc[i] = DL_TAINT + p
        s.taint_sum[p] += v
    fire(s, p, EV_DIE_TAKEN, pur, 0, 0)  # T18: a data row (data.TRIGGERS)

cdef int gen_adjust(State* s, Task* t, int32_t* out) noexcept nogil:
    """D_ADJUST: the values the die may be changed to with Scribes."""
    cdef int p = t.p, n = 0, v, lo, hi
    value_range(s, p, s.cur_colour, s.cur_value, &lo, &hi)
    if s.cur_die >= 0:      # after B11/B12 the die itself keeps its faces (Time of Seth dice: never 1 or 6)
        lo = max(lo, DIE_MIN[s.die_colour[s.cur_die]])
        hi = min(hi, DIE_MAX[s.die_colour[s.cur_die]])
    for v in range(lo, hi + 1):
        if s.cur_anubis or DIE_PROD[s.cur_colour] >= 0 or can_god_die(s, p, s.cur_section, v, 0):
            out[n] = mk(K_VALUE, v)
            n += 1
    return n

cdef void do_take(State* s, Task t, int32_t a) noexcept nogil:
    """D_TAKE: take the die into hand (or pass); then the Scribes adjustment, the scales and the action."""
    cdef int kind = a >> 24, x = a & 0xFFFFFF, p = t.p, i, sec, col, v
    if kind == K_PASS:
        return
    sec = take_section(x)
    col = take_colour(x)
    v = take_value(x)
    i = find_die(s, sec, col, v)
    move_die(s, i, DL_BOX - 1)  # in hand
    s.cur_die = i
    s.cur_section = sec
    s.cur_colour = col
    s.cur_value = v
    s.cur_anubis = 1 if (x & TAKE_ANUBIS) else 0
    vizier_die_taken(s, p, sec)
    if s.cur_anubis:
        hook_pay_anubis(s, p)
    if x & TAKE_NO_ACTION:
        push(s, A_PLACE_DIE, p, 0, 0, 0, 0)
        return
    push(s, D_ACTION, p, 0, 0, 0, 0)
    push(s, A_PLACE_DIE, p, 0, 0, 0, 0)
    push(s, D_ADJUST, p, 0, 0, 0, 0)
    hook_take_die(s, p)

cdef void do_adjust(State* s, Task t, int32_t a) noexcept nogil:
    """D_ADJUST: pay the Scribes for the new value."""
    cdef int x = a & 0xFFFFFF, p = t.p, d
    d = x - s.cur_value
    if d < 0:
        d = -d
    hook_pay_scribes(s, p, (d + 1) // 2)
    s.cur_value = x
