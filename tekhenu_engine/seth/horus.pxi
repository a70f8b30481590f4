# Time of Seth: Horus on the Seth board (included by _core.pyx; docs/seth-rules-digest.md section 5;
# manual "HORUS GOD ACTION—CHANGES"; game help "Horus on the Seth board").
#
# Manual: "You may use the Horus God Action to build a Statue on the Seth board, paying the usual
# Granite cost. You may build a Statue:
#   * for the people (below a column of three regions), using any die. Immediately perform a Thoth
#     God Action of value 1 for each of the three regions that contain at least 1 Building,
#     regardless of that Building's ownership. This means you will receive 0-3 cards for free.
#   * In honor of a god (on one of the dedicated spaces at the bottom of the Seth board), using any
#     die and paying 2 Priests in addition to the Granite cost. From now on, every time another
#     player performs the Seth God Action you will receive the bonus depicted on the overlay placed
#     on the main board (1 Resource of your choice).
#     - In a 3-player game, also receive this bonus immediately after building the Statue.
#     - In a 2-player game, also receive this bonus when you perform the Seth God Action yourself
#       (but not immediately after building it).
#   Building a second Statue to Seth does not provide any additional reward."
# Game help: "In honour of Seth, with any die and 2 Priests more: whenever another player performs
# Seth, you gain 1 Resource of your choice (not Gold). The player-count extras apply as for the
# other gods."; "Statues in honour of Seth 1 2 3" (2/3/4 players).
#
# The base rules call, with the option on only: gen_horus -> seth_gen_horus (the Seth board's
# Statue spaces), can_god -> seth_horus_space, do_horus -> seth_horus_pay (the 2 Priests),
# resolve_horus -> seth_resolve_horus, push_god -> seth_push_bonus (the Seth action's bonus),
# pay_bonus -> seth_pay_bonus. The Statue targets are K_STATUE / A_HORUS_RES 5, 6 (for the people
# under the left / right column) and 7 (in honour of Seth); each free Thoth action is a D_SETH_GODACT
# step, checked when its turn comes (the first may empty the only Market section the seat reaches;
# the Conquest tiles CQ08 / CQ09 use the same step: a Pillar ability's Osiris action may run first).

cdef int SETH_PRIESTS_STATUE        # Priests a Statue in honour of Seth costs (data.SETH_STATUE_PRIESTS)
cdef int SETH_THOTH_VALUE           # the value of each free Thoth action (data.SETH_PEOPLE_THOTH_VALUE)
cdef int SETH_BONUS_MASK            # the Seth bonus: 1 Resource of choice (D_GAIN items, data.SETH_HORUS_BONUS)


def _load_seth_horus():
    """Copy data.SETH_STATUE_PRIESTS, SETH_PEOPLE_THOTH_VALUE and SETH_HORUS_BONUS into the C tables."""
    global SETH_PRIESTS_STATUE, SETH_THOTH_VALUE, SETH_BONUS_MASK
    d = _data
    b = d.SETH_HORUS_BONUS
    if b["kind"] != "resource" or b["n"] != 1:
        raise ImportError("data.SETH_HORUS_BONUS: a bonus the core cannot give")
    SETH_PRIESTS_STATUE = d.SETH_STATUE_PRIESTS
    SETH_THOTH_VALUE = d.SETH_PEOPLE_THOTH_VALUE
    SETH_BONUS_MASK = (1 << G_P) | (1 << G_B) | (1 << G_L) | (1 << G_G)
    if b["gold"]:
        raise ImportError("data.SETH_HORUS_BONUS: Gold is not a gain item of D_GAIN")
    if len(d.SETH_PEOPLE_SPACES) != N_SETH_PEOPLE or max(d.SETH_GOD_STATUE_SPACES.values()) != N_SETH_GOD:
        raise ImportError("data.SETH_PEOPLE_SPACES / SETH_GOD_STATUE_SPACES do not match the State")


_load_seth_horus()


def _seth_horus_tables():
    """The compiled tables of Horus on the Seth board (for the single-source tests)."""
    return {"priests": SETH_PRIESTS_STATUE, "thoth_value": SETH_THOTH_VALUE, "bonus_mask": SETH_BONUS_MASK}


cdef int seth_god_free(State* s) noexcept nogil:
    """The first free space in honour of Seth (1/2/3 at 2/3/4 players), -1 when all are taken."""
    cdef int k
    for k in range(SETH_GOD_SPACES[s.nplayers]):
        if s.seth_god[k] < 0:
            return k
    return -1


cdef int seth_gen_horus(State* s, Task* t, int32_t* out) noexcept nogil:
    """D_HORUS: the Seth board's Statue spaces ("using any die"): each free space for the people,
    and in honour of Seth while a space is free and the seat has the 2 Priests (Priests are not
    Resources: a free action still pays them)."""
    cdef int n = 0, k
    if not seth_on(s):
        return 0
    for k in range(N_SETH_PEOPLE):
        if s.seth_people[k] < 0:
            out[n] = mk(K_STATUE, ST_SETH_PEOPLE + k)
            n += 1
    if seth_god_free(s) >= 0 and s.priests[t.p] >= SETH_PRIESTS_STATUE:
        out[n] = mk(K_STATUE, ST_SETH_GOD)
        n += 1
    return n


cdef int seth_horus_space(State* s, int p) noexcept nogil:
    """can_god for Horus: whether seat p has a Statue space on the Seth board."""
    cdef int k
    if not seth_on(s):
        return 0
    for k in range(N_SETH_PEOPLE):
        if s.seth_people[k] < 0:
            return 1
    return seth_god_free(s) >= 0 and s.priests[p] >= SETH_PRIESTS_STATUE


cdef void seth_horus_pay(State* s, int p, int target) noexcept nogil:
    """do_horus: a Statue in honour of Seth costs "2 Priests in addition to the Granite cost"
    (paid after the Granite, before the Statue is placed)."""
    if target == ST_SETH_GOD:
        push(s, D_PAY, p, SETH_PRIESTS_STATUE << COST_PRIESTS, 0, 0, 0)


cdef int seth_column_regions(State* s, int col) noexcept nogil:
    """Regions of this column that contain at least 1 Building, anyone's."""
    cdef int r, n = 0
    for r in range(N_SETH_REGIONS):
        if SR_COLUMN[r] == col and (s.seth_build[2 * r] >= 0 or s.seth_build[2 * r + 1] >= 0):
            n += 1
    return n


cdef int seth_resolve_horus(State* s, int p, int target) noexcept nogil:
    """A_HORUS_RES for a Seth-board target (1: done; 0: a base target, not ours)."""
    cdef int k, i, first = 1
    if target < ST_SETH_PEOPLE:
        return 0
    if target < ST_SETH_GOD:
        k = target - ST_SETH_PEOPLE
        s.seth_people[k] = p
        s.statues[p] += 1
        # "Immediately perform a Thoth God Action of value 1 for each of the three regions that
        # contain at least 1 Building" -- each its own action (manual Example 1: "potentially from
        # different Market segments, since those are two separate actions")
        for i in range(seth_column_regions(s, k)):
            push(s, D_SETH_GODACT, p, 4, SETH_THOTH_VALUE, 0, 0)
        seth_cultist(s, p, CE_STATUE_PEOPLE, 0)          # Cult01
        return 1
    for k in range(N_SETH_GOD):
        if s.seth_god[k] == p:
            first = 0   # "Building a second Statue to Seth does not provide any additional reward."
    k = seth_god_free(s)
    s.seth_god[k] = p
    s.statues[p] += 1
    if s.nplayers == 3 and first:
        seth_pay_bonus(s, p)        # "In a 3-player game, also receive this bonus immediately"
    seth_cultist(s, p, CE_STATUE_GOD, 0)                 # Cult02: a Statue for the Gods
    return 1


cdef int gen_seth_godact(State* s, Task* t, int32_t* out) noexcept nogil:
    """D_SETH_GODACT: god t.a's action at value t.b without a die when the seat can perform it now
    (a single outcome, applied by advance), none when it cannot (e.g. the free Thoth 1 when no
    section the seat reaches holds a card, CQ09's Osiris 5 after an earlier Osiris action took the
    last Happiness)."""
    if can_god(s, t.p, t.a, t.b, F_EXTRA):
        out[0] = mk(K_EXTRA, (t.a << 4) | t.b)
        return 1
    return 0


cdef void do_seth_godact(State* s, Task t, int32_t a) noexcept nogil:
    """D_SETH_GODACT: perform the God action (its Horus bonus and card effects as for any action of
    that god; with the once-per-turn gate they pay once: manual Examples 1 and 2)."""
    push_god(s, t.p, t.a, t.b, F_EXTRA)


cdef void seth_push_bonus(State* s, int p) noexcept nogil:
    """push_god for the Seth action: who gets the bonus of a Statue in honour of Seth ("every time
    another player performs the Seth God Action"; 2 players: "also ... when you perform the Seth
    God Action yourself"), paid after the action."""
    cdef int q, k, mask = 0
    for q in range(s.nseats):
        if q == p and not (s.nplayers <= 2):
            continue
        for k in range(SETH_GOD_SPACES[s.nplayers]):
            if s.seth_god[k] == q:
                mask |= 1 << q
                break
    if mask:
        push(s, A_BONUS, p, ACT_SETH, mask, 0, 0)


cdef void seth_pay_bonus(State* s, int q) noexcept nogil:
    """pay_bonus for Seth: "1 Resource of your choice" (game help "(not Gold)"), a decision of the
    Statue's owner; T07 ("a Horus Bonus from a Statue built in honor of a god") fires as for the
    other gods."""
    if bot_seth_statue_bonus(s, q):
        return                      # Botankhamun: 1 VP (solo/hooks.pxi)
    fire(s, q, EV_HORUS_BONUS, ACT_SETH, 0, 0)
    push(s, D_GAIN, q, SETH_BONUS_MASK, 1, 0, 0)
