# Included by _core.pyx: Time of Seth's once-per-turn gate (docs/seth-rules-digest.md section 9).
#
# Manual (Key Concepts): "Any effect, bonus, or benefit related to a player performing a particular
# action can only be triggered at most once during that player's turn."  Game help: "Any bonus tied
# to a player performing an action (statue bonuses, per-action Technologies, Cultist Powers) pays at
# most once in that player's turn, even when the action happens twice."
#
# The key is (beneficiary, effect source, the acting player's turn). Each seat's marks are the bits
# of State.seth_gate[seat]: the Horus bonus of each god's Statues (bits 0-6, god 0-6: Horus ..
# Osiris and Seth), its Cultist Power (bit 7) and each card whose trigger-layer rows are about
# performing an action (bits 8.., one per card: data.SETH_GATED_EVENTS, e.g. T03 or TX01), and the
# per-action Technologies that are hooks (T05, T12, T13: bits 27-29, effects/hooks.pxi; TX05's card
# of one higher: bit 26, seth/cards.pxi). With
# the `seth` table option every seat's marks are cleared at the start of every turn (whoever's turn
# it is); without it nothing here runs and the base game is unchanged.

cdef enum:
    GATE_CULTIST = 1 << 7           # seth_gate bit: the seat's Cultist Power paid this turn
    GATE_CARD_SHIFT = 8             # seth_gate bits 8..25: a gated card's effect paid this turn
    GATE_MAX_CARDS = 18
    GATE_TX05 = 1 << 26             # TX05's card from the Market section one higher (seth/cards.pxi)
    GATE_T05 = 1 << 27              # the per-action Technologies that are hooks, not trigger rows:
    GATE_T12 = 1 << 28              # T05 (Hathor), T12 (Produce: VP per excess), T13 (Produce: the
    GATE_T13 = 1 << 29              # extra Resource); T23 (Anubis) needs none: one Anubis action a turn
    GATE_BITS = 30                  # the bits of seth_gate in use (0-29)


cdef inline void seth_turn_start(State* s) noexcept nogil:
    """A new turn opens the gate again for every seat."""
    cdef int q
    if seth_on(s):
        for q in range(MAXP):
            s.seth_gate[q] = 0


cdef inline int seth_gate_pass(State* s, int q, int bit) noexcept nogil:
    """1 (and the mark set) when the effect of this bit may pay seat q in this turn; 0 when it has
    already paid q in this turn. Always 1 without the `seth` option and outside a turn (nothing
    there is a player performing an action: rules-notes "Once per turn")."""
    if not seth_on(s) or bit == 0 or s.turn_idx < 0:
        return 1                        # no expansion, or no turn (setup, Rotation and Maat phases)
    if s.seth_gate[q] & bit:
        return 0
    s.seth_gate[q] |= bit
    return 1


cdef inline int seth_gate_open(State* s, int q, int bit) noexcept nogil:
    """seth_gate_pass without the mark: whether the effect of this bit may still pay seat q."""
    if not seth_on(s) or bit == 0 or s.turn_idx < 0:
        return 1
    return (s.seth_gate[q] & bit) == 0


cdef inline int seth_bonus_gate(State* s, int god, int mask) noexcept nogil:
    """The seats of `mask` whose Horus bonus of this god still pays in this turn; marks them.

    Manual, Example 2: "The Statue does not provide its bonus a second time."  Without the
    `seth` option every seat of the mask is paid, as in the base game."""
    cdef int q
    if not seth_on(s):
        return mask
    for q in range(s.nseats):
        if mask & (1 << q) and not seth_gate_pass(s, q, 1 << god):
            mask &= ~(1 << q)
    return mask
