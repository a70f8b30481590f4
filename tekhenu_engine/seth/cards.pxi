# Included by _core.pyx: Time of Seth's Blessings, Technologies and Decrees (manual Setup Changes 7
# "Shuffle all Blessings, Technologies, and Decrees from Tekhenu: Time of Seth into their corresponding
# base game decks"; Appendix). Their ids are rows of the card table (data.CARD_DECKS: BX, TX, DX), so
# every deck loop, the Market, observations and resampling see them; without the `seth` option they
# stay in the box (seth_cards_init). Effects: BX01/BX02 and BX03/BX04 here (played between actions,
# with the Artifacts' step D_ARTIFACT), TX01 a row of the trigger layer (data.SETH_TRIGGERS, the
# seth_action event), TX02 in the Soldier payments (gen_pay, do_pay, the Seth action's legality) and
# at Maat (do_faith), TX03 and TX04 at the Maat phase, TX05 in the Thoth action (gods/thoth.pxi calls
# seth_tx05_*), DX01-DX04 at the final scoring (seth_decree_vp).

cdef enum:
    # K_BLESS options of BX03/BX04 (docs/notation.md "bless:BX03/Os-P4>Se"): the Building of Osiris
    # row v, district d, to Seth region v: BX_TO_SETH + 4 * (v - 1) + d; the Building of region v
    # to Osiris row v, district d: BX_TO_OSIRIS + 4 * (v - 1) + d
    BX_TO_SETH = 1
    BX_TO_OSIRIS = 25
    BX_OPTIONS = 48
    # TX05: the K_SECTION payload and D_THOTH_CARD section of its card-by-card picks from every
    # Market section the seat has access to (and at most one card from the section one higher)
    THOTH_TX05 = 4

cdef int NSETH_CARDS
cdef int SETH_CARD_ID[16]        # every expansion card id (data.SETH_DECKS' Blessings, Technologies, Decrees)
cdef int BX01_ID, BX02_ID, BX03_ID, BX04_ID, TX02_ID, TX03_ID, TX04_ID, TX05_ID
cdef int DX01_ID, DX02_ID, DX03_ID, DX04_ID
cdef int BX_SPLIT                # BX01/BX02: Priests and Soldiers gained in all
cdef int DX_VP[4][2]             # DX01-DX04: VP per counted thing (data.SETH_DECREES), two terms each


def _load_seth_cards():
    """The expansion's card ids from the card table, and their numbers from data/seth.py."""
    global NSETH_CARDS, BX01_ID, BX02_ID, BX03_ID, BX04_ID, TX02_ID, TX03_ID, TX04_ID, TX05_ID
    global DX01_ID, DX02_ID, DX03_ID, DX04_ID, BX_SPLIT
    d = _data
    cdef int i, j
    names = d.SETH_DECKS["Blessing"] + d.SETH_DECKS["Technology"] + d.SETH_DECKS["Decree"]
    if len(names) > 16:
        raise ImportError("data.SETH_DECKS: too many Blessings, Technologies and Decrees")
    NSETH_CARDS = len(names)
    for i, name in enumerate(names):
        SETH_CARD_ID[i] = _card_id(name)
    BX01_ID, BX02_ID, BX03_ID, BX04_ID = (_card_id(f"BX0{k}") for k in range(1, 5))
    TX02_ID, TX03_ID, TX04_ID, TX05_ID = (_card_id(f"TX0{k}") for k in range(2, 6))
    DX01_ID, DX02_ID, DX03_ID, DX04_ID = (_card_id(f"DX0{k}") for k in range(1, 5))
    for a, b in (("BX01", "BX02"), ("BX03", "BX04")):
        if d.SETH_BLESSINGS[a]["effect"] != d.SETH_BLESSINGS[b]["effect"]:
            raise ImportError(f"data.SETH_BLESSINGS: {a} and {b} must be the same card")
    if d.SETH_BLESSINGS["BX03"]["effect"].get("name") != "move_building_osiris_seth" or \
            d.SETH_TECHNOLOGIES["TX05"]["effect"].get("name") != "thoth_any_sections_plus_one":
        raise ImportError("data.SETH_BLESSINGS / SETH_TECHNOLOGIES: BX03/BX04 or TX05 is not the rule here")
    BX_SPLIT = d.SETH_BLESSINGS["BX01"]["effect"]["total"]
    for i in range(4):
        terms = d.SETH_DECREES[f"DX0{i + 1}"]
        for j in range(2):
            DX_VP[i][j] = terms[j]["vp"] if j < len(terms) else 0


_load_seth_cards()


cdef void seth_cards_init(State* s) noexcept nogil:
    """Without the `seth` option the expansion's cards stay in the game box."""
    cdef int i
    if seth_on(s):
        return
    for i in range(NSETH_CARDS):
        s.card_loc[SETH_CARD_ID[i]] = CL_BOX


cdef inline int seth_bx_split(State* s, int p) noexcept nogil:
    """The BX01/BX02 seat p may play now (the lower id first; -1 none)."""
    if held(s, p, BX01_ID):
        return BX01_ID
    if held(s, p, BX02_ID):
        return BX02_ID
    return -1


# BX03/BX04: "Move one of your Buildings from the Osiris area to the Seth board (or vice versa),
# paying the associated cost in Soldiers (or Happiness) and gaining corresponding benefits. The
# Building must remain on the same dice number." (docs/rules-notes.md "BX03/BX04"): Osiris row v
# <-> Seth region v, offered at the Artifacts' two moments of the owner's turn (D_ARTIFACT); each
# legal move, the Building and its target space, is one K_BLESS option (BX_TO_SETH, BX_TO_OSIRIS).

cdef inline int seth_bx_move(State* s, int p) noexcept nogil:
    """The BX03/BX04 seat p may play now (the lower id first; -1 none)."""
    if held(s, p, BX03_ID):
        return BX03_ID
    if held(s, p, BX04_ID):
        return BX04_ID
    return -1


cdef int seth_gen_blessings(State* s, int p, int32_t* out) noexcept nogil:
    """D_ARTIFACT: the expansion's Blessings seat p may play between actions: BX01/BX02 (one
    option), BX03/BX04 (one option per Building it can move and target space)."""
    cdef int c = seth_bx_split(s, p), n = 0, r, d, k
    if c >= 0:
        out[n] = mk(K_BLESS, c)
        n += 1
    c = seth_bx_move(s, p)
    if c < 0:
        return n
    for r in range(N_SETH_REGIONS):
        # to the Seth board: a region without its Building and with a free space, that space's Soldiers
        k = seth_space(s, r, p)
        if k >= 0 and seth_soldier_means(s, p) >= SETH_SOLDIERS[s.nplayers][k]:
            for d in range(4):
                if s.osiris[r][d] == p:
                    out[n] = mk(K_BLESS, c | ((BX_TO_SETH + 4 * r + d) << 7))
                    n += 1
        # to Osiris: a free space of row r + 1, any district, 1 Happiness
        if (s.seth_build[2 * r] == p or s.seth_build[2 * r + 1] == p) and s.happiness[p] >= 1:
            for d in range(4):
                if s.osiris[r][d] < 0:
                    out[n] = mk(K_BLESS, c | ((BX_TO_OSIRIS + 4 * r + d) << 7))
                    n += 1
    return n


cdef void seth_play_blessing(State* s, int p, int x) noexcept nogil:
    """Play the expansion's Blessing of K_BLESS payload x (discarded; T24 pays as for any played
    Blessing): BX01/BX02's mix, or BX03/BX04's move.

    To the Seth board: the Soldiers are paid (D_PAY: TX02's Faith may stand in), then A_SETH_RES
    with c = 1 + district places the Building (seth_resolve: the region's reward, the column
    Statue's 3 VP, Cult04; no Blood, no Conquest tile, not a Seth God Action). To Osiris: 1
    Happiness, then the row's gains as a Building built there (osiris_place: production,
    Resources, the row-2 Gold if still there, Cult06; not an Osiris God Action). Nothing gained
    before is undone; the vacated space is free again."""
    cdef int c = x & 0x7F, o = x >> 7, r, d
    discard_blessing(s, p, c)
    if c == BX01_ID or c == BX02_ID:
        push(s, D_GAIN, p, (1 << G_SOL) | (1 << G_PRI), BX_SPLIT, 0, 0)
    elif o >= BX_TO_OSIRIS:
        r = (o - BX_TO_OSIRIS) // 4
        d = (o - BX_TO_OSIRIS) % 4
        if s.seth_build[2 * r] == p:
            s.seth_build[2 * r] = -1
        else:
            s.seth_build[2 * r + 1] = -1
        s.happiness[p] -= 1
        osiris_place(s, p, r, d)
    else:
        r = (o - BX_TO_SETH) // 4
        d = (o - BX_TO_SETH) % 4
        push(s, A_SETH_RES, p, r + 1, 0, 1 + d, 0)
        push(s, D_PAY, p, seth_soldier_cost(s, r, p) << COST_SOLDIERS, 0, 0, 0)


# TX05: "Whenever you perform a Thoth God Action: You are permitted to select cards from any
# combination of Market segments you have access to AND may select up to 1 card from a Market
# segment one higher than the ones you have access to." (docs/rules-notes.md "TX05"). The holder's
# Thoth action takes its cards one at a time (D_THOTH_CARD with section THOTH_TX05) from every
# section it has access to, one of them at most from the section above the highest of those; that
# card is once per turn (GATE_TX05, seth/gate.pxi). The number of cards and their Papyrus are the
# die's, the paid refresh comes before as in the base game.

cdef inline int seth_tx05(State* s, int p) noexcept nogil:
    """Seat p's Thoth actions follow TX05."""
    return seth_on(s) and held(s, p, TX05_ID)


cdef inline int seth_tx05_higher(State* s, int p) noexcept nogil:
    """The section one higher than the highest one seat p has access to, -1 when TX05 cannot take
    a card from it now (no such section, not open, or its card already taken this turn)."""
    cdef int k, hi = -1
    for k in range(4):
        if thoth_access(s, p, k):
            hi = k
    if hi < 0 or hi + 1 >= 4 or not s.market_open[hi + 1] or not seth_gate_open(s, p, GATE_TX05):
        return -1
    return hi + 1


cdef int seth_tx05_cards(State* s, int p) noexcept nogil:
    """How many cards a TX05 Thoth action of seat p can take now: those of every section it has
    access to, and one of the section above."""
    cdef int k, n = 0, h = seth_tx05_higher(s, p)
    for k in range(4):
        if thoth_access(s, p, k):
            n += section_cards(s, k)
    if h >= 0 and section_cards(s, h) > 0:
        n += 1
    return n


cdef inline int seth_tx05_can(State* s, int p, int need) noexcept nogil:
    """can_god for Thoth: with TX05 the cards may come from several sections (0 without TX05)."""
    return seth_tx05(s, p) and seth_tx05_cards(s, p) >= need


cdef int seth_gen_tx05_card(State* s, Task* t, int32_t* out) noexcept nogil:
    """D_THOTH_CARD of section THOTH_TX05: every card of the sections seat t.p has access to, and
    of the section above unless this action took one from it already (t.c)."""
    cdef int n = 0, k, i, h = -1 if t.c else seth_tx05_higher(s, t.p)
    for k in range(4):
        if thoth_access(s, t.p, k) or k == h:
            for i in range(SEC_FIRST[k], SEC_FIRST[k] + SEC_N[k]):
                if s.market[i] >= 0:
                    out[n] = mk(K_CARD, s.market[i])
                    n += 1
    return n


cdef int seth_tx05_picked(State* s, Task* t, int slot) noexcept nogil:
    """do_thoth_card: the c of the next pick. 1 (and the turn's mark) when the card of this
    Market slot came from the section above the seat's access (TX05's card of one higher)."""
    cdef int k
    if t.a != THOTH_TX05:
        return 0
    for k in range(4):
        if SEC_FIRST[k] <= slot < SEC_FIRST[k] + SEC_N[k] and not thoth_access(s, t.p, k):
            seth_gate_pass(s, t.p, GATE_TX05)
            return 1
    return t.c


cdef int seth_buildings(State* s, int p) noexcept nogil:
    """Buildings of seat p on the Seth board."""
    cdef int i, n = 0
    for i in range(N_SETH_SPACES):
        n += s.seth_build[i] == p
    return n


cdef int seth_decree_vp(State* s, int p, int c) noexcept nogil:
    """DX01-DX04 at the final scoring (Appendix: Decree Cards); -1 for another card."""
    cdef int r, n
    if c == DX01_ID:        # "2 Victory Points per pair of leftover Priest and Soldier"
        return DX_VP[0][0] * (s.priests[p] if s.priests[p] < s.soldiers[p] else s.soldiers[p])
    if c == DX02_ID:        # "3 Victory Points per Building on the Seth board"
        return DX_VP[1][0] * seth_buildings(s, p)
    if c == DX03_ID:        # "2 Victory Points per Statue and 2 Victory Points per Building on the Seth board"
        return DX_VP[2][0] * s.statues[p] + DX_VP[2][1] * seth_buildings(s, p)
    if c == DX04_ID:        # "4 Victory Points per Production marker at 5 or 6"
        n = 0
        for r in range(4):
            n += s.prod[p][r] >= 5
        return DX_VP[3][0] * n
    return -1


cdef void seth_maat_cards(State* s, int p) noexcept nogil:
    """TX04 "During the Maat phase: You gain 1 Victory Point for each Blood token on your player
    board." (when the balance is taken, before the penalty)"""
    if held(s, p, TX04_ID):
        add_vp(s, p, s.blood[p], VP_SETH)


cdef inline int seth_no_taint_penalty(State* s, int p) noexcept nogil:
    """TX03 "During the Maat phase: You do not lose any Victory Points for excess Taint." """
    return held(s, p, TX03_ID)


# TX02: "Anytime you must spend a Soldier, you may spend a Faith token instead (it is allowed to pay
# the cost in Soldiers partially or completely with Faith). During the Maat phase: You may convert
# unused Faith tokens into Priests instead of returning them to the supply."
# A Soldier cost (D_PAY with COST_SOLDIERS: the Seth action) is paid by one option per number k of
# Faith standing in (K_PAY payload bits PAY_FAITH_SHIFT.., token `pay:F2`); without TX02 there is one
# way to pay, as before.

cdef inline int seth_soldier_means(State* s, int p) noexcept nogil:
    """What seat p can spend for a Soldier cost: its Soldiers, and with TX02 its Faith too."""
    if held(s, p, TX02_ID):
        return s.soldiers[p] + s.faith[p]
    return s.soldiers[p]


cdef int seth_gen_soldier_pay(State* s, int p, int cost, int32_t* out) noexcept nogil:
    """gen_pay of a cost of Soldiers only when seat p holds TX02: every split between Soldiers and
    Faith (-1: not such a cost or no TX02, the base gen_pay decides)."""
    cdef int need = cost_part(cost, COST_SOLDIERS), k, n = 0
    if not held(s, p, TX02_ID) or (cost & ((1 << COST_SOLDIERS) - 1)) or (cost >> COST_PRIESTS):
        return -1
    for k in range(need + 1):
        if k <= s.faith[p] and need - k <= s.soldiers[p] and k <= 7:
            out[n] = mk(K_PAY, k << PAY_FAITH_SHIFT)
            n += 1
    return n


cdef inline int seth_faith_instead(State* s, int p, int cost, int spend) noexcept nogil:
    """do_pay: the Faith of a TX02 payment is spent and the Soldier part of the cost shrinks by it."""
    cdef int k = (spend >> PAY_FAITH_SHIFT) & 7
    if k == 0:
        return cost
    s.faith[p] -= k
    return cost - (k << COST_SOLDIERS)


cdef inline void seth_faith_to_priests(State* s, int p, int unused) noexcept nogil:
    """do_faith: with TX02 the unused Faith tokens become Priests (gains above 10 are lost). The
    conversion is never worse than returning them, so it is made whenever it can be."""
    if unused > 0 and held(s, p, TX02_ID):
        seth_gain_track(s, p, 2, unused)
