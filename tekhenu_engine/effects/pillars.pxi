# Included by _core.pyx: the abilities of the Pillar tiles P01-P21 (the gain ones are data.TRIGGERS rows).

cdef void pillar_ability(State* s, int p, int tile, int space, int matches) noexcept nogil:
    """Pillar abilities P01-P21 (Appendix: Pillar Tiles). The "gain" ones (P01-P03, P07-P09,
    P16-P18) are data rows (data.TRIGGERS, the pillar event); the rest depend on the board or
    start an action."""
    if fire_source(s, p, EV_PILLAR, tile):
        return
    if tile == 4 or tile == 5:
        add_vp(s, p, matches, VP_ACTIONS)
    elif tile == 6:
        add_vp(s, p, line_buildings(s, space, -1), VP_ACTIONS)
    elif tile == 10 or tile == 11:
        if can_god(s, p, 4, 1, F_EXTRA):
            push_god(s, p, 4, 1, F_EXTRA)
    elif tile == 12:
        push(s, D_EXTRA, p, F_EXTRA, 1, 0, 0)  # Horus with value 1, 2 or 3
    elif tile == 13 or tile == 14:
        push(s, CH_CARD, -1, 2, 2, p, 0)
    elif tile == 15:
        if can_god(s, p, 5, 3, F_EXTRA):
            push_god(s, p, 5, 3, F_EXTRA)
    elif tile <= 21:
        if seth_on(s) and seth_ra_conquest(s, p, space, 1):    # Time of Seth: the covered tile's reward
            pass
        elif TEMPLE_RK[space] != 6:
            gain_reward(s, p, TEMPLE_RK[space], TEMPLE_RN[space])
