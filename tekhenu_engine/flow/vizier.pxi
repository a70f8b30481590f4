# Included by _core.pyx: the Vizier's Challenge (table option `vizier`, OPT_VIZIER; 2 players, with or
# without Time of Seth). Rules: time-of-seth-manual.txt p. 10 "RULE CHANGES"; game-help.txt
# "Vizier's Challenge — 2 players"; docs/rules-notes.md "Vizier's Challenge". Data: data/vizier.py.
#
# The base rules call three small hooks, one call site each:
#   run_destiny_round (effects/destiny.pxi) -> vizier_destiny_round (the whole pick with the option on)
#   gen_destiny (effects/destiny.pxi)       -> destiny_free (a card the first player discarded is not available)
#   do_take (gods/dice.pxi)                 -> vizier_die_taken (2 VP to the first player)
# and the two new decisions D_VZ_DISCARD / D_VZ_PLACE are gen_vz_discard / do_vz_discard and
# gen_vz_place / do_vz_place here (flow/engine.pxi dispatches to them).
# With the option off none of them changes anything (State.vizier_* stay 0).

cdef int VZ_VP                # VP to the first player per die (data.VIZIER_VP)
cdef int VZ_MUST_MOVE         # after a Maat phase the Vizier moves to a different area
cdef int VZ_NROWS             # rows of the area table: row 0 the base game, then one per option
cdef int VZ_ROW_BIT[4]        # option bit that selects the row (0: the base row)
cdef int VZ_ROW_N[4]          # areas of the row ...
cdef int VZ_ROW_AREA[4][8]    # ... and the areas (0-5 the gods in data.GODS order, 6 the Seth board)


def _load_vizier_tables(option_bits):
    """Copy data/vizier.py into the C tables. ``option_bits``: option field -> bit (OPTION_BITS);
    a row of VIZIER_AREAS other than "base" is used when its option is on (the "seth" row becomes
    live once the `seth` option has its bit; until then only the base row can be selected)."""
    global VZ_VP, VZ_MUST_MOVE, VZ_NROWS
    d = _data
    VZ_VP = d.VIZIER_VP
    VZ_MUST_MOVE = 1 if d.VIZIER_MUST_MOVE else 0
    rows = [("base", 0)] + [(k, option_bits[k]) for k in d.VIZIER_AREAS if k != "base" and k in option_bits]
    VZ_NROWS = len(rows)
    cdef int i, j
    for i, (name, bit) in enumerate(rows):
        VZ_ROW_BIT[i] = bit
        VZ_ROW_N[i] = len(d.VIZIER_AREAS[name])
        for j, a in enumerate(d.VIZIER_AREAS[name]):
            VZ_ROW_AREA[i][j] = a


def vizier_tables():
    """The Vizier's C tables (for tests): VP, must move, and the area rows as (option bit, areas)."""
    return {"VIZIER_VP": VZ_VP, "VIZIER_MUST_MOVE": bool(VZ_MUST_MOVE),
            "rows": [(VZ_ROW_BIT[i], [VZ_ROW_AREA[i][j] for j in range(VZ_ROW_N[i])]) for i in range(VZ_NROWS)]}


cdef inline int vizier_row(State* s) noexcept nogil:
    """The area table row of this table: the last row whose option is on, else the base row."""
    cdef int i, r = 0
    for i in range(1, VZ_NROWS):
        if s.options & VZ_ROW_BIT[i]:
            r = i
    return r


cdef inline int destiny_free(State* s, int i) noexcept nogil:
    """Destiny card i can be picked now: nobody has it and (Vizier) the first player did not discard it
    at this pick. MN: "The discarded Destiny card is not available to choose from for the second
    player during this round." (An Artifact needs its Destiny card free: use this test too.)"""
    return s.destiny_owner[i] < 0 and s.vizier_discard != i + 1


cdef int vizier_destiny_round(State* s, int setup) noexcept nogil:
    """A Destiny pick with the Vizier (setup included): the first player in turn order takes a card
    and discards another, the second player picks among the rest, then the first player moves the
    Vizier. MN: "the first player takes one Destiny card (or Artifact, if playing with the rest of
    this expansion), then discards a Destiny card" and "After the second player has selected a
    Destiny card (or an Artifact), the first player moves the Vizier figure". With Time of Seth at
    setup each seat first receives its Starting cards' rewards (Soldiers, Priests), as
    seth_destiny_round does without the Vizier, so the Priests can pay an Artifact.
    Returns 0 (nothing done) without the option: the base pick runs."""
    if not (s.options & OPT_VIZIER):
        return 0
    cdef int first = s.turn_order[0], second = s.turn_order[1]
    cdef int early = setup and seth_setup(s)   # Time of Seth: Starting-card rewards before the pick
    s.vizier_discard = 0     # "it will be available again during the next Maat phase"
    push(s, D_VZ_PLACE, first, 0, 0, 0, 0)
    push(s, D_DESTINY, second, setup, 0, 0, 0)
    if early:
        push(s, A_REWARDS, second, 1, 0, 0, 0)   # as seth_destiny_round (seth/setup.pxi)
    push(s, D_VZ_DISCARD, first, 0, 0, 0, 0)
    push(s, D_DESTINY, first, setup, 0, 0, 0)
    if early:
        push(s, A_REWARDS, first, 1, 0, 0, 0)
    return 1


cdef int gen_vz_discard(State* s, Task* t, int32_t* out) noexcept nogil:
    """D_VZ_DISCARD: any Destiny card nobody took."""
    cdef int n = 0, i
    for i in range(4):
        if s.destiny_owner[i] < 0:
            out[n] = mk(K_VZ_DISCARD, i)
            n += 1
    return n


cdef void do_vz_discard(State* s, Task t, int32_t a) noexcept nogil:
    """D_VZ_DISCARD: the card is out of this pick (destiny_free)."""
    s.vizier_discard = (a & 0xFFFFFF) + 1


cdef int gen_vz_place(State* s, Task* t, int32_t* out) noexcept nogil:
    """D_VZ_PLACE: an area of the table's row; after a Maat phase not the one where the Vizier stands."""
    cdef int n = 0, i, a, r = vizier_row(s)
    for i in range(VZ_ROW_N[r]):
        a = VZ_ROW_AREA[r][i]
        if VZ_MUST_MOVE and s.vizier_area == a + 1:
            continue
        out[n] = mk(K_VIZIER, a)
        n += 1
    return n


cdef void do_vz_place(State* s, Task t, int32_t a) noexcept nogil:
    """D_VZ_PLACE: the Vizier moves there."""
    s.vizier_area = (a & 0xFFFFFF) + 1


cdef inline void vizier_die_taken(State* s, int p, int section) noexcept nogil:
    """MN: "If the second player takes a die from the area with the Vizier (even for producing
    resources or for an Anubis Action), the first player gains 2 VP. The Vizier has no effect on the
    first player." section: where the die was taken (0-5 a wheel section, 6 the Seth board)."""
    cdef int first
    if s.vizier_area == section + 1 and s.options & OPT_VIZIER:
        first = s.turn_order[0]
        if p != first:
            add_vp(s, first, VZ_VP, VP_ACTIONS)
            s.vizier_vp[first] += VZ_VP
