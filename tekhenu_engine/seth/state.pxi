# Time of Seth: the expansion's state fields, its tables and its dice (included by _core.pyx).
#
# Every field of the expansion lives at the end of State (format 3, see _core.pxd): the Seth
# board's Building spaces (seth_build), its Statues (seth_people, seth_god), where each Conquest
# tile, Cultist Power and Artifact is (conquest_loc, temple_conquest, cult_loc, art_loc) and
# seth_flags. Soldiers, Priests and Blood are the per-seat counters of the base struct; the
# Seth board's dice have die_loc DL_SETH (indexed by dice_at[DL_SETH]). With the option off
# seth_clear_fields leaves the fields as a base game has them, and nothing else changes.

cdef int SETH_DICE_COUNT[5][8]   # dice in play per colour with the option, by player count (data.SETH_DICE_PER_COLOUR)
cdef int SETH_BOARD_N[5]         # gray dice rolled onto the Seth board at setup / refill threshold
cdef int SETH_TRACK_HI           # Soldiers and Priests: gains above it are lost
cdef int SETH_GOD_SPACES[5]      # Statues in honour of Seth by player count
cdef int SETH_BOARD_COLOUR       # the colour of the Seth board's dice (gray)

cdef enum:
    # seth_flags bits
    SF_REFILLED = 1              # the Seth board was refilled in this Rotation (once each Rotation)


def _load_seth_tables():
    """Copy data/seth.py into the C tables (called once at import, from _load_tables)."""
    global SETH_TRACK_HI, SETH_BOARD_COLOUR
    d = _data
    cdef int i, j
    for i in range(1, 5):
        SETH_BOARD_N[i] = d.SETH_BOARD_DICE[i]
        SETH_GOD_SPACES[i] = d.SETH_GOD_STATUE_SPACES[i]
        for j in range(8):
            SETH_DICE_COUNT[i][j] = d.SETH_DICE_PER_COLOUR[i][j]
    SETH_TRACK_HI = d.SETH_TRACK_MAX
    SETH_BOARD_COLOUR = d.DIE_COLOURS.index("gray")   # "take 4 gray dice from the bag, roll and place them on the Seth board"


def _seth_tables():
    """The compiled Time of Seth tables (for tests/test_single_source.py)."""
    return {
        "SETH_DICE_PER_COLOUR": {i: tuple(SETH_DICE_COUNT[i][j] for j in range(8)) for i in range(1, 5)},
        "SETH_BOARD_DICE": {i: SETH_BOARD_N[i] for i in range(1, 5)},
        "SETH_GOD_STATUE_SPACES": {i: SETH_GOD_SPACES[i] for i in range(1, 5)},
        "SETH_TRACK_MAX": SETH_TRACK_HI,
    }


# The Time of Seth fields as a game without the option has them (and a format-2 state loads
# with them): seth_clear_fields sets the same values in C.
SETH_FIELDS_OFF = {
    "seth_build": [-1] * N_SETH_SPACES,
    "seth_people": [-1] * N_SETH_PEOPLE,
    "seth_god": [-1] * N_SETH_GOD,
    "conquest_loc": [CQ_BOX] * N_CONQUEST,
    "temple_conquest": [-1] * NT,
    "cult_loc": [SP_BOX] * N_CULTISTS,
    "art_loc": [SP_BOX] * N_ARTIFACTS,
    "seth_flags": 0,
    "seth_gate": [0] * 4,
}
SETH_CODES = {
    "CQ_BOX": CQ_BOX, "CQ_STACK": CQ_STACK, "CQ_FACEUP": CQ_FACEUP, "CQ_TEMPLE": CQ_TEMPLE,
    "SP_BOX": SP_BOX, "SP_DISPLAY": SP_DISPLAY, "SP_GONE": SP_GONE, "SP_SEAT": SP_SEAT,
    "N_SETH_REGIONS": N_SETH_REGIONS, "N_SETH_SPACES": N_SETH_SPACES, "N_SETH_PEOPLE": N_SETH_PEOPLE,
    "N_SETH_GOD": N_SETH_GOD, "N_CONQUEST": N_CONQUEST, "N_CULTISTS": N_CULTISTS,
    "N_ARTIFACTS": N_ARTIFACTS, "SF_REFILLED": SF_REFILLED,
    "ST_SETH_PEOPLE": ST_SETH_PEOPLE, "ST_SETH_GOD": ST_SETH_GOD,
    "BX_TO_SETH": BX_TO_SETH, "BX_TO_OSIRIS": BX_TO_OSIRIS, "BX_OPTIONS": BX_OPTIONS,   # seth/cards.pxi
    "THOTH_TX05": THOTH_TX05,
}


cdef inline bint seth_on(State* s) noexcept nogil:
    """Whether the table plays with the Time of Seth expansion."""
    return (s.options & OPT_SETH) != 0


cdef void seth_clear_fields(State* s) noexcept nogil:
    """The expansion's fields as a game without the option has them (SETH_FIELDS_OFF)."""
    cdef int i
    for i in range(N_SETH_SPACES):
        s.seth_build[i] = -1
    for i in range(N_SETH_PEOPLE):
        s.seth_people[i] = -1
    for i in range(N_SETH_GOD):
        s.seth_god[i] = -1
    for i in range(N_CONQUEST):
        s.conquest_loc[i] = CQ_BOX
    for i in range(NT):
        s.temple_conquest[i] = -1
    for i in range(N_CULTISTS):
        s.cult_loc[i] = SP_BOX
    for i in range(N_ARTIFACTS):
        s.art_loc[i] = SP_BOX
    s.seth_flags = 0
    for i in range(4):
        s.seth_gate[i] = 0


cdef int seth_dice_count(State* s, int nplayers, int colour) noexcept nogil:
    """Dice of this colour in play at the table (the expansion's counts with the option:
    manual Setup Changes 3, 'add 2 red, 2 blue, and 1 green die to the bag' and the dice
    returned to the box per player count)."""
    if seth_on(s):
        return SETH_DICE_COUNT[nplayers][colour]
    return DICE_COUNT[nplayers][colour]


cdef int seth_invariants(State* s, int* st, int* bu) noexcept nogil:
    """The expansion's invariants (0 or the code of check_invariants), adding its Statues and
    Buildings to the per-seat counts st / bu: 20 a Seth-board piece off (two Buildings of a seat
    in one region, a Statue space beyond the player count; the second space may hold a Building
    while the first is free, after BX03/BX04 moved one back to Osiris),
    21 Soldiers or Priests out of 0..10, 23 a Conquest tile off the stack and the Temple or the
    two fields disagreeing, 24 the dice per colour or the Seth board's dice off."""
    cdef int p, r, k, i, t, up = 0, n
    cdef int cnt[8]
    for p in range(s.nseats):
        if s.soldiers[p] < 0 or s.soldiers[p] > SETH_TRACK_HI or s.priests[p] < 0 or s.priests[p] > SETH_TRACK_HI:
            return 21
    for r in range(N_SETH_REGIONS):
        if s.seth_build[2 * r + 1] >= 0 and s.seth_build[2 * r] == s.seth_build[2 * r + 1]:
            return 20
    for k in range(N_SETH_SPACES):
        if s.seth_build[k] >= 0:
            if s.seth_build[k] >= s.nseats:
                return 20
            bu[s.seth_build[k]] += 1
    for k in range(N_SETH_PEOPLE):
        if s.seth_people[k] >= 0:
            if s.seth_people[k] >= s.nseats:
                return 20
            st[s.seth_people[k]] += 1
    for k in range(N_SETH_GOD):
        if s.seth_god[k] >= 0:
            if k >= SETH_GOD_SPACES[s.nplayers] or s.seth_god[k] >= s.nseats:
                return 20
            st[s.seth_god[k]] += 1
    for t in range(N_CONQUEST):
        k = s.conquest_loc[t]
        if k == CQ_FACEUP:
            up += 1
        elif k >= CQ_TEMPLE:
            if k - CQ_TEMPLE >= NT or s.temple_conquest[k - CQ_TEMPLE] != t:
                return 23
        elif k != CQ_STACK:
            return 23
    if up > 1:
        return 23
    for i in range(NT):
        if s.temple_conquest[i] >= 0 and s.conquest_loc[s.temple_conquest[i]] != CQ_TEMPLE + i:
            return 23
    for k in range(8):
        cnt[k] = 0
    n = 0
    for i in range(s.ndice):
        cnt[s.die_colour[i]] += 1
        if s.die_loc[i] == DL_SETH:
            n += 1
            if s.die_colour[i] != SETH_BOARD_COLOUR:
                return 24
        elif s.die_colour[i] >= 5 and 1 <= s.die_loc[i] <= 6 and \
                (s.die_value[i] < DIE_MIN[s.die_colour[i]] or s.die_value[i] > DIE_MAX[s.die_colour[i]]):
            return 24
    for k in range(8):
        if cnt[k] != SETH_DICE_COUNT[s.nplayers][k]:
            return 24
    if n > SETH_BOARD_N[s.nplayers]:
        return 24
    return 0


cdef void seth_init_state(State* s) noexcept nogil:
    """The expansion's part of init_state: its fields cleared and, with the option, the
    Conquest tiles in their stack (the face-up tile is turned by the setup's chance step)."""
    cdef int i
    seth_clear_fields(s)
    if not seth_on(s):
        return
    for i in range(N_CONQUEST):
        s.conquest_loc[i] = CQ_STACK
