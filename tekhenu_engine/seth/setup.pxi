# Included by _core.pyx: Time of Seth's setup changes (docs/seth-rules-digest.md section 2, items
# 7-14; manual "Setup Changes" 7-12). The base setup (flow/setup.pxi) calls seth_setup_phase()
# (seth_setup_cards) when the `seth` table option is on, after the Seth board's seth_setup_phase; every rule of the expansion's setup is here.
#
# State: Cultist Powers and Artifacts have a place each (State.cult_loc, State.art_loc): SP_BOX not
# drawn, SP_DISPLAY displayed, SP_SEAT + seat held, SP_GONE out of the game (a Cultist nobody
# drafted, a used Artifact). The Starting cards keep start_loc: with `seth` its 12 places are
# SX01-SX12.

cdef int SETH_CULT_SHOWN[5]      # Cultist Powers displayed, by player count
cdef int SETH_ART_SHOWN[5]       # Artifacts displayed, by player count
cdef int SETH_DECREES_DEALT      # Decrees dealt to each seat (the keep is at the very end of setup)
cdef int SETH_START_KEPT, SETH_CULT_KEPT
cdef int SETH_PASS[3]            # the draft's passes: +1 clockwise from the first player, -1 back
cdef int NCULT, NART
cdef int ART_PRIESTS[8]          # an Artifact's cost in Priests ...
cdef int ART_ANKH[8]             # ... the Ankh of the Destiny card it sits beside ...
cdef int ART_USE_SCRIBES[8]      # ... and the Scribes paid when it is used

# K_DRAFT / K_REVEAL payloads: 0-11 a Starting card, CULT_BASE + k Cultist k, ART_BASE + k Artifact k
# (K_REVEAL only); K_DESTINY payloads: 0-3 a Destiny card, ART_PICK + k Artifact k with its card.
cdef enum:
    CULT_BASE = 12
    ART_BASE = 20
    ART_PICK = 4
    REVEAL_START = 0                 # CH_REVEAL task.a: what is revealed
    REVEAL_CULT = 1
    REVEAL_ART = 2
    SETUP_DECREE_KEEP = 7            # A_SETUP phase: the Decree keep of every seat, last of all


def _load_seth_setup():
    """Copy the expansion's setup table (data.SETH_SETUP, SETH_DRAFT_PASSES, ARTIFACTS)."""
    global SETH_DECREES_DEALT, SETH_START_KEPT, SETH_CULT_KEPT, NCULT, NART
    d = _data
    cdef int i
    for i in range(5):
        SETH_CULT_SHOWN[i] = d.SETH_SETUP["cultists_displayed"].get(i, 0)
        SETH_ART_SHOWN[i] = d.SETH_SETUP["artifacts_selected"].get(i, 0)
    SETH_DECREES_DEALT = d.SETH_SETUP["decrees_dealt"]
    SETH_START_KEPT = d.SETH_SETUP["starting_kept"]
    SETH_CULT_KEPT = d.SETH_SETUP["cultists_kept"]
    for i in range(3):
        SETH_PASS[i] = d.SETH_DRAFT_PASSES[i]
    NCULT = len(d.SETH_DECKS["Cultist"])
    NART = len(d.SETH_DECKS["Artifact"])
    if NCULT != N_CULTISTS or NART != N_ARTIFACTS or NCULT > ART_BASE - CULT_BASE:
        raise ImportError("data.SETH_DECKS: the Cultists and Artifacts do not match the core's")
    for i, name in enumerate(d.SETH_DECKS["Artifact"]):
        art = d.ARTIFACTS[name]
        ART_PRIESTS[i] = art["priests"]
        ART_ANKH[i] = d.DESTINY_ANKH.index(art["ankh"])
        ART_USE_SCRIBES[i] = art["use_cost"].get("scribes", 0)


_load_seth_setup()


cdef inline int seth_setup(State* s) noexcept nogil:
    """The expansion's setup applies (the `seth` option; its solo phases are solo_seth_setup)."""
    return seth_on(s)


cdef int seth_setup_cards(State* s, int phase) noexcept nogil:
    """The setup phases the expansion changes; 0 when the base phase runs unchanged.

    Manual Setup Changes 8 "Deal 3 Decree cards to each player ... This replaces step 11 of the
    base game rules"; 10 "Reveal 3/4/5 Cultist Powers" and the three-pass draft; 11 "randomly
    select 5/6/7 Artifacts"; 12 "Unlike in the base game, this selection happens after the rest
    of setup" (game help: "You are dealt 3 Decrees and keep 1 at the very end of setup")."""
    cdef int i, p, k, j, n
    if not seth_setup(s) or s.nplayers == 1:
        return 0                                # solo: solo_seth_setup (solo/seth.pxi)
    if phase == 3:
        push(s, A_SETUP, -1, 4, 0, 0, 0)
        for i in range(SETH_CULT_SHOWN[s.nplayers]):
            push(s, CH_REVEAL, -1, REVEAL_CULT, 0, 0, 0)
        for i in range(PC_START_CARDS[s.nplayers]):
            push(s, CH_REVEAL, -1, REVEAL_START, 0, 0, 0)
        for p in range(s.nseats - 1, -1, -1):
            for k in range(SETH_DECREES_DEALT):
                push(s, CH_CARD, -1, DECK_DECREE, 1, p, 0)
        return 1
    if phase == 4:
        push(s, A_SETUP, -1, 6, 0, 0, 0)        # the draft; the Decree keep waits to the end
        push(s, CH_FIRST, -1, 0, 0, 0, 0)
        return 1
    if phase == 6:
        push(s, A_SETUP, -1, 5, 0, 0, 0)
        n = s.nseats
        for j in range(2, -1, -1):              # pushed last pass first: they run in order
            for k in range(n):
                i = n - 1 - k if SETH_PASS[j] > 0 else k
                push(s, D_DRAFT, (s.first_player + i) % n, 0, 0, 0, 0)
        return 1
    if phase == 5:
        for i in range(NCULT):                  # the Cultists nobody drafted leave the game
            if s.cult_loc[i] == SP_DISPLAY:
                s.cult_loc[i] = SP_GONE
        push(s, A_SETUP, -1, SETUP_DECREE_KEEP, 0, 0, 0)   # at the bottom: then the first turn
        push(s, A_DESTINY_ROUND, -1, 1, 0, 0, 0)
        for i in range(SETH_ART_SHOWN[s.nplayers]):
            push(s, CH_REVEAL, -1, REVEAL_ART, 0, 0, 0)
        push(s, A_INIT_ORDER, -1, 0, 0, 0, 0)
        return 1
    if phase == SETUP_DECREE_KEEP:
        push(s, A_NEXT_TURN, -1, 0, 0, 0, 0)
        for k in range(s.nseats - 1, -1, -1):   # in turn order
            push(s, D_KEEP, s.turn_order[k], DECK_DECREE, 0, 0, 0)
        return 1
    return 0


cdef int seth_gen_reveal(State* s, int what, int32_t* out) noexcept nogil:
    """Outcomes of revealing a Cultist Power (what = REVEAL_CULT) or an Artifact (REVEAL_ART)."""
    cdef int i, n = 0
    if what == REVEAL_CULT:
        for i in range(NCULT):
            if s.cult_loc[i] == SP_BOX:
                out[n] = mk(K_REVEAL, CULT_BASE + i)
                n += 1
    else:
        for i in range(NART):
            if s.art_loc[i] == SP_BOX:
                out[n] = mk(K_REVEAL, ART_BASE + i)
                n += 1
    return n


cdef void seth_do_reveal(State* s, int x) noexcept nogil:
    """A revealed Cultist Power or Artifact goes on display."""
    if x >= ART_BASE:
        s.art_loc[x - ART_BASE] = SP_DISPLAY
    else:
        s.cult_loc[x - CULT_BASE] = SP_DISPLAY


cdef int seth_held_start(State* s, int p) noexcept nogil:
    cdef int i, n = 0
    for i in range(12):
        n += s.start_loc[i] == 2 + p
    return n


cdef int seth_held_cult(State* s, int p) noexcept nogil:
    cdef int i, n = 0
    for i in range(NCULT):
        n += s.cult_loc[i] == SP_SEAT + p
    return n


cdef int seth_gen_draft(State* s, int p, int32_t* out) noexcept nogil:
    """A draft pick: a displayed Starting card or Cultist Power, as long as the seat can still end
    with exactly 2 Starting cards and 1 Cultist Power (manual Setup Changes 10: "You may select
    Starting cards and Cultist Powers in any order, as long as you end up with exactly 2
    Starting cards and 1 Cultist Power")."""
    cdef int i, n = 0
    if seth_held_start(s, p) < SETH_START_KEPT:
        for i in range(12):
            if s.start_loc[i] == 1:
                out[n] = mk(K_DRAFT, i)
                n += 1
    if seth_held_cult(s, p) < SETH_CULT_KEPT:
        for i in range(NCULT):
            if s.cult_loc[i] == SP_DISPLAY:
                out[n] = mk(K_DRAFT, CULT_BASE + i)
                n += 1
    return n


cdef void seth_do_draft(State* s, int p, int x) noexcept nogil:
    if x >= CULT_BASE:
        s.cult_loc[x - CULT_BASE] = SP_SEAT + p
    else:
        s.start_loc[x] = 2 + p


cdef int seth_destiny_round(State* s, int setup) noexcept nogil:
    """At setup, each seat in turn order first receives its Starting cards' rewards, then picks a
    Destiny card or an Artifact (manual Setup Changes 10: "Mark those Soldiers and Priests on
    your player board at the same time you receive any other benefits from your Starting
    cards"; rules-notes "Starting-card rewards before the Destiny pick"). 0: the base round."""
    cdef int k, q
    if s.nplayers == 1:
        return solo_seth_destiny_round(s, setup)   # solo (solo/seth.pxi)
    if not (setup and seth_setup(s)):
        return 0
    for k in range(s.nseats - 1, -1, -1):
        q = s.turn_order[k]
        push(s, D_DESTINY, q, 1, 0, 0, 0)
        push(s, A_REWARDS, q, 1, 0, 0, 0)   # s.destiny[q] < 0: the Starting cards only
    return 1
