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
    by its own colour (manual: "immediately choose which color the die should represent"; the
    choice is not implemented yet, so an Anubis die gains nothing)."""
    if s.cur_anubis:
        return
    seth_gain_track(s, p, SETH_DIE_TRACK[s.die_colour[i]], v)
