# Included by _core.pyx: Time of Seth's Blessings, Technologies and Decrees (manual Setup Changes 7
# "Shuffle all Blessings, Technologies, and Decrees from Tekhenu: Time of Seth into their corresponding
# base game decks"; Appendix). Their ids are rows of the card table (data.CARD_DECKS: BX, TX, DX), so
# every deck loop, the Market, observations and resampling see them; without the `seth` option they
# stay in the box (seth_cards_init). Effects: BX01/BX02 here (played between actions, with the
# Artifacts' step), TX01 a row of the trigger layer (data.SETH_TRIGGERS, the seth_action event), TX02
# in the Soldier payments (gen_pay, do_pay, the Seth action's legality) and at Maat (do_faith), TX03
# and TX04 at the Maat phase, DX01-DX04 at the final scoring (seth_decree_vp). Not implemented yet,
# so kept in the box (SETH_CARDS_OUT): BX03/BX04 and TX05 (docs/cards.md).

# The expansion's cards the rules core does not implement yet: kept in the game box with the option
# too, so that no card is dealt that would do nothing (docs/cards.md "Time of Seth"; an
# implementation status, not a rule, so not in data/).
SETH_CARDS_OUT = ("BX03", "BX04", "TX05")

cdef int NSETH_CARDS
cdef int SETH_CARD_ID[16]        # every expansion card id (data.SETH_DECKS' Blessings, Technologies, Decrees)
cdef int SETH_CARD_OUT[16]       # 1: not implemented yet, in the box with the option too (SETH_CARDS_OUT)
cdef int BX01_ID, BX02_ID, TX02_ID, TX03_ID, TX04_ID, DX01_ID, DX02_ID, DX03_ID, DX04_ID
cdef int BX_SPLIT                # BX01/BX02: Priests and Soldiers gained in all
cdef int DX_VP[4][2]             # DX01-DX04: VP per counted thing (data.SETH_DECREES), two terms each


def _load_seth_cards():
    """The expansion's card ids from the card table, and their numbers from data/seth.py."""
    global NSETH_CARDS, BX01_ID, BX02_ID, TX02_ID, TX03_ID, TX04_ID, DX01_ID, DX02_ID, DX03_ID, DX04_ID, BX_SPLIT
    d = _data
    cdef int i, j
    names = d.SETH_DECKS["Blessing"] + d.SETH_DECKS["Technology"] + d.SETH_DECKS["Decree"]
    if len(names) > 16:
        raise ImportError("data.SETH_DECKS: too many Blessings, Technologies and Decrees")
    NSETH_CARDS = len(names)
    for i, name in enumerate(names):
        SETH_CARD_ID[i] = _card_id(name)
        SETH_CARD_OUT[i] = 1 if name in SETH_CARDS_OUT else 0
    BX01_ID, BX02_ID = _card_id("BX01"), _card_id("BX02")
    TX02_ID, TX03_ID, TX04_ID = _card_id("TX02"), _card_id("TX03"), _card_id("TX04")
    DX01_ID, DX02_ID, DX03_ID, DX04_ID = (_card_id(f"DX0{k}") for k in range(1, 5))
    if d.SETH_BLESSINGS["BX01"]["effect"] != d.SETH_BLESSINGS["BX02"]["effect"]:
        raise ImportError("data.SETH_BLESSINGS: BX01 and BX02 must be the same card")
    BX_SPLIT = d.SETH_BLESSINGS["BX01"]["effect"]["total"]
    for i in range(4):
        terms = d.SETH_DECREES[f"DX0{i + 1}"]
        for j in range(2):
            DX_VP[i][j] = terms[j]["vp"] if j < len(terms) else 0


_load_seth_cards()


cdef void seth_cards_init(State* s) noexcept nogil:
    """Without the `seth` option the expansion's cards stay in the game box (with it, the cards
    not implemented yet: SETH_CARDS_OUT)."""
    cdef int i
    for i in range(NSETH_CARDS):
        if not seth_on(s) or SETH_CARD_OUT[i]:
            s.card_loc[SETH_CARD_ID[i]] = CL_BOX


cdef inline int seth_bx_split(State* s, int p) noexcept nogil:
    """The BX01/BX02 seat p may play now (the lower id first; -1 none)."""
    if held(s, p, BX01_ID):
        return BX01_ID
    if held(s, p, BX02_ID):
        return BX02_ID
    return -1


cdef void seth_play_bx_split(State* s, int p, int c) noexcept nogil:
    """BX01/BX02: "Gain a total of 5 Priests and Soldiers, in any combination." (discarded)"""
    discard_blessing(s, p, c)           # T24 pays for it as for any played Blessing
    push(s, D_GAIN, p, (1 << G_SOL) | (1 << G_PRI), BX_SPLIT, 0, 0)


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
