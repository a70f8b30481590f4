# Included by _core.pyx: the Starting cards S01-S12 (the gain ones are data.TRIGGERS rows).

cdef void start_card(State* s, int p, int i) noexcept nogil:
    """Starting cards S01-S12 (Appendix: Starting Cards). The "gain" ones (S07, S08, S11, S12)
    are data rows (data.TRIGGERS, the starting_card event); the rest start an action or a choice."""
    if seth_start_card(s, p, i) or fire_source(s, p, EV_STARTING_CARD, i):
        return                          # SX01-SX12 with Time of Seth (seth/starting.pxi)
    if i == 0:
        push_god(s, p, 5, 5, F_NOHAP | F_EXTRA)
    elif i == 1:
        push_god(s, p, 5, 3, F_NOHAP | F_ONLY_LG | F_EXTRA)
    elif i == 2:
        push_god(s, p, 5, 3, F_NOHAP | F_ONLY_PB | F_EXTRA)
    elif i == 3:
        push(s, D_GAIN, p, 0xF, 5, 0, 0)
    elif i == 4 or i == 5:
        push(s, D_KEEP, p, 1 if i == 4 else 0, 1, 0, 0)
        push(s, CH_CARD, -1, 1 if i == 4 else 0, 1, p, 0)
        push(s, CH_CARD, -1, 1 if i == 4 else 0, 1, p, 0)
    elif i == 8:
        push(s, D_GAIN, p, (1 << G_L) | (1 << G_G), 3, 0, 0)
    elif i == 9:
        push(s, D_GAIN, p, (1 << G_P) | (1 << G_B), 3, 0, 0)
