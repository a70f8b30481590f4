# Time of Seth: the Seth board at setup, its dice, the Conquest stack and the Rotation refill
# (included by _core.pyx; docs/seth-rules-digest.md sections 2 and 7.3).
#
# The base rules call, with the option on only:
#   setup_phase      -> seth_setup_phase (each base setup phase the expansion changes; sethB adds
#                       the card phases to the same function, in the order of SETH_SETUP_ORDER)
#   run_refill       -> seth_refill_flag (the first Shaded section's draws may refill the board)
#   do_chance CH_DIE -> seth_refill_die  (a gray die drawn for that section goes onto the board)
#   gen_chance / do_chance -> seth_gen_chance / seth_do_chance for CH_SETH_ROLL and CH_CONQUEST.

# The expansion's setup, in order (manual Setup Changes; digest section 2): the base phases of
# setup_phase (0 Horus tiles and wheel, 1 dice, 2 Market and Pillars, 3 Starting cards and
# Decrees, 4 Decree keep and first player, 6 draft back, 5 Destiny picks) with, in phase 1,
# "Instead of preparing the dice for the Obelisk wheel according to base game rules": the gray
# dice rolled onto the Seth board, the 3 dice per section, the top Conquest tile turned up.
SETH_SETUP_ORDER = (
    (1, "seth_board_dice", "manual Setup Changes 3: take 2/3/4 gray dice, roll them onto the Seth board"),
    (1, "wheel_dice", "base Setup 8: 3 dice per section"),
    (1, "conquest_face_up", "manual Setup Changes 6: turn the top tile of the stack face up"),
)


cdef int seth_setup_phase(State* s, int phase) noexcept nogil:
    """The expansion's version of a base setup phase; 1 when it replaced the phase (then the
    base phase does nothing), 0 to play the base phase as printed."""
    cdef int i, k
    if phase == 1:
        # steps run in reverse order of pushing: board dice, then wheel dice, then the Conquest tile
        push(s, A_SETUP, -1, 2, 0, 0, 0)
        push(s, CH_CONQUEST, -1, 0, 0, 0, 0)
        for i in range(5, -1, -1):
            for k in range(SETUP_DICE):
                push(s, CH_DIE, -1, i, 0, 0, 0)
        for k in range(SETH_BOARD_N[s.nplayers]):
            push(s, CH_SETH_ROLL, -1, 0, 0, 0, 0)
        return 1
    return 0


cdef int seth_board_dice(State* s) noexcept nogil:
    """Dice on the Seth board."""
    return __builtin_popcount(s.dice_at[DL_SETH])


cdef int seth_bag_die(State* s, int colour) noexcept nogil:
    """The first die of this colour in the bag, -1 if none."""
    cdef int i
    cdef uint32_t m = s.dice_at[DL_BAG]
    while m:
        i = __builtin_ctz(m)
        if s.die_colour[i] == colour:
            return i
        m &= m - 1
    return -1


cdef int seth_gen_chance(State* s, Task* t, int32_t* out, double* probs) noexcept nogil:
    """Outcomes of the expansion's chance steps with their probabilities (-1: not one of them)."""
    cdef int n = 0, k, i
    if t.type == CH_SETH_ROLL:
        # "take ... gray dice from the bag, roll and place them on the Seth board"
        if seth_bag_die(s, SETH_BOARD_COLOUR) < 0:
            return 0
        for k in range(1, 7):
            if DIE_MULT[SETH_BOARD_COLOUR][k]:
                out[n] = mk(K_ROLL, SETH_BOARD_COLOUR * 6 + k - 1)
                probs[n] = DIE_MULT[SETH_BOARD_COLOUR][k] / <double>DIE_NFACES[SETH_BOARD_COLOUR]
                n += 1
        return n
    if t.type == CH_CONQUEST:
        if seth_faceup(s) >= 0:         # the tile on top is still there (no empty Temple space)
            return 0
        for i in range(N_CONQUEST):
            if s.conquest_loc[i] == CQ_STACK:
                out[n] = mk(K_CONQUEST, i)
                n += 1
        for i in range(n):
            probs[i] = 1.0 / n
        return n
    return -1


cdef void seth_do_chance(State* s, Task t, int x) noexcept nogil:
    """Apply an outcome of CH_SETH_ROLL (a K_ROLL payload) or CH_CONQUEST (a tile)."""
    cdef int i
    if t.type == CH_SETH_ROLL:
        i = seth_bag_die(s, x // 6)
        if i >= 0:
            move_die(s, i, DL_SETH)
            s.die_value[i] = x % 6 + 1
    elif t.type == CH_CONQUEST:
        s.conquest_loc[x] = CQ_FACEUP


cdef int seth_refill_flag(State* s) noexcept nogil:
    """Start of a Rotation's refill: the b argument of the first Shaded section's CH_DIE draws.
    manual Rotation Changes: "if there are fewer than 2/3/4 dice on the Seth board (in a 2/3/4
    player game), after drawing dice for the first Shaded section ... If you drew any gray dice,
    roll exactly one of them and place it on the Seth board ... performed only once each
    Rotation". 1: these draws may refill the board."""
    if not seth_on(s):
        return 0
    s.seth_flags &= ~SF_REFILLED
    return 1 if seth_board_dice(s) < SETH_BOARD_N[s.nplayers] else 0


cdef int seth_refill_die(State* s, Task t, int x) noexcept nogil:
    """A die drawn for the first Shaded section (t.b = 1): the first gray one of this Rotation
    goes onto the Seth board instead (1), any other die into the section as normal (0). The
    draws are colour and value at once: which gray die of those drawn is rolled onto the board
    does not matter (they are alike and each roll is uniform), and "Roll the remaining dice and
    add them to the Shaded section as normal" leaves the section one die short."""
    cdef int i
    if t.b == 0 or x // 6 != SETH_BOARD_COLOUR or (s.seth_flags & SF_REFILLED):
        return 0
    i = seth_bag_die(s, SETH_BOARD_COLOUR)
    if i < 0:
        return 0
    move_die(s, i, DL_SETH)
    s.die_value[i] = x % 6 + 1
    s.seth_flags |= SF_REFILLED
    return 1
