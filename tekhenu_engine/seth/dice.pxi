# Time of Seth: the red, blue and green dice (included by _core.pyx; digest section 3).
#
# Their faces (2 3 3 4 4 5), purity (red and blue always Tainted, green always Pure), that none of
# them Produces and that green is never taken with Anubis are rows of the dice table
# (data.DIE_FACES, PURITY, DIE_PRODUCES, DIE_ANUBIS), read by the base rules; a value change
# clamps at the table's min / max (value_range, B09/B10, T13, T14), so "their value cannot be
# changed into a 1 or a 6". What is left is the track a red or blue die gains when taken.

cdef int SETH_DIE_TRACK[8]      # per colour: 1 Soldiers, 2 Priests, 0 nothing (data.SETH_DIE_PROPS)


def _load_seth_dice():
    """Copy data.SETH_DIE_PROPS into SETH_DIE_TRACK (called once at import)."""
    cdef int c
    for c in range(8):
        g = _data.SETH_DIE_PROPS.get(c, {}).get("gains")
        SETH_DIE_TRACK[c] = 1 if g == "soldiers" else 2 if g == "priests" else 0


_load_seth_dice()


cdef void seth_gain_track(State* s, int p, int track, int n) noexcept nogil:
    """Soldiers (track 1) or Priests (2) + n, at most SETH_TRACK_HI: manual Key Concepts "Any
    amount of Priests or Soldiers gained above 10 is lost"."""
    if track == 1:
        s.soldiers[p] = s.soldiers[p] + n if s.soldiers[p] + n < SETH_TRACK_HI else SETH_TRACK_HI
    elif track == 2:
        s.priests[p] = s.priests[p] + n if s.priests[p] + n < SETH_TRACK_HI else SETH_TRACK_HI


cdef void seth_die_placed(State* s, int p, int i, int v) noexcept nogil:
    """place_die, with the option on: manual Key Concepts "when selecting a red die, gain as many
    Soldiers as the value of the die. When selecting a blue die, gain Priests in the same way."
    (the value after Scribes: place_die runs after the adjustment). An Anubis die is not counted
    by its own colour (manual: "immediately choose which color the die should represent": the
    decision D_SETH_AS of the God action, below)."""
    if s.cur_anubis:
        return
    seth_gain_track(s, p, SETH_DIE_TRACK[s.die_colour[i]], v)


# --------------------------------------------------------------------------- Anubis with the expansion
# manual Anubis Changes: "When using an Anubis Action to perform a God Action immediately choose which
# color the die should represent (red or blue) and gain the corresponding Soldiers or Priests ... The
# Anubis Action may be used to perform a Seth God Action. If you choose to treat the die as red, you may
# even spend the Soldiers you just gained." The choice is a decision (D_SETH_AS, `as:r` / `as:u`) pushed
# by do_action for every Anubis God action, run before the action; Produce is no God action and asks
# nothing.

cdef inline int seth_anubis_soldiers(State* s, int p, int value) noexcept nogil:
    """The Soldiers seat p can have for an Anubis Seth action of this value (the die as red)."""
    return s.soldiers[p] + value if s.soldiers[p] + value < SETH_TRACK_HI else SETH_TRACK_HI


cdef void seth_anubis_action(State* s, int p, int act) noexcept nogil:
    """do_action, after pushing the action: an Anubis God action first asks the die's colour."""
    if s.cur_anubis and act < NGOD_ACTIONS:
        push(s, D_SETH_AS, p, act, s.cur_value, 0, 0)


cdef int gen_seth_as(State* s, Task* t, int32_t* out) noexcept nogil:
    """D_SETH_AS: the die counts as red (Soldiers) or blue (Priests); for a Seth action blue only
    when the Soldiers are there without the die's."""
    cdef int n = 0
    out[n] = mk(K_AS, 1)
    n += 1
    if t.a != ACT_SETH or seth_soldier_means(s, t.p) >= seth_soldier_cost(s, t.b - 1, t.p):
        out[n] = mk(K_AS, 2)
        n += 1
    return n


cdef void do_seth_as(State* s, Task t, int32_t a) noexcept nogil:
    """D_SETH_AS: gain the Soldiers (as:r) or Priests (as:u) equal to the die's value."""
    seth_gain_track(s, t.p, a & 0xFFFFFF, t.b)
