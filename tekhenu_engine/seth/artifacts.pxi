# Included by _core.pyx: Time of Seth's Artifacts Art01-Art08 (docs/seth-rules-digest.md sections 7.6
# and 10; manual "Selecting Destiny cards and Artifacts", Appendix: Artifact Cards).
#
# Taking one: at any Destiny pick (setup and every Maat phase) "select an available Destiny card and
# receive its benefits normally OR select an available Artifact by paying its cost in Priests (while
# also taking the Destiny card of the same Ankh value). You may not select an Artifact if the
# corresponding Destiny card is no longer available." "If you select an Artifact, you do not receive
# any benefits printed on the accompanying Destiny card. It only counts for its Ankh value."
#
# Using one: "You may use its effect once during the game, and only during your turn. Once used, the
# Artifact is permanently removed ... you may use multiple Artifacts during the same turn"; game
# help "at any point of your own turn between actions": offered before the die is taken and after
# the turn's action (D_ARTIFACT, moment ART_AT_START / ART_AT_END), again after each use.

cdef enum:
    ART_AT_START = 0
    ART_AT_END = 1
    # effect forms of data.ARTIFACTS
    AF_GAIN = 0                      # reward rows
    AF_PRODUCTION = 1                # each production track + a
    AF_DRAW_KEEP = 2                 # deck a, b cards drawn, keep 1; c: 1 the rest shuffled back, 0 to the bottom
    AF_ACTION = 3                    # any action at a value a..b, no die (Art02)
    AF_SETH = 4                      # a Seth God action at any value, no die (Art07)
    AF_TEMPLE = 5                    # score the Temple Complex (Art03)

cdef int ART_FORM[8]
cdef int ART_A[8]
cdef int ART_B[8]
cdef int ART_C[8]
cdef int ART_NREW[8]
cdef int ART_KIND[8][2]
cdef int ART_N[8][2]


def _load_artifacts():
    """Copy the effects of data.ARTIFACTS into the Artifact tables (costs: _load_seth_setup)."""
    d = _data
    cdef int i, j
    decks = {"Blessing": DECK_BLESSING, "Technology": DECK_TECH, "Decree": DECK_DECREE}
    for i, name in enumerate(d.SETH_DECKS["Artifact"]):
        eff = d.ARTIFACTS[name]["effect"]
        kind = eff["kind"]
        ART_A[i] = ART_B[i] = ART_C[i] = ART_NREW[i] = 0
        if kind == "gain":
            ART_FORM[i] = AF_GAIN
            ART_NREW[i] = len(eff["gains"])
            for j, (t, n) in enumerate(eff["gains"].items()):
                ART_KIND[i][j] = d.SETH_REWARD_KIND[t]
                ART_N[i][j] = n
        elif kind == "production":
            ART_FORM[i] = AF_PRODUCTION
            ART_A[i] = eff["each"]
        elif kind == "draw_keep" and eff["keep"] == 1:
            ART_FORM[i] = AF_DRAW_KEEP
            ART_A[i], ART_B[i] = decks[eff["deck"]], eff["draw"]
            ART_C[i] = {"shuffle": 1, "bottom": 0}[eff["rest"]]
        elif kind == "action" and eff["god"] == "any":
            ART_FORM[i] = AF_ACTION
            ART_A[i], ART_B[i] = min(eff["values"]), max(eff["values"])
        elif kind == "action" and eff["god"] == "Seth":
            ART_FORM[i] = AF_SETH
        elif kind == "hook" and eff["name"] == "score_temple_complex":
            ART_FORM[i] = AF_TEMPLE
        else:
            raise ImportError(f"data.ARTIFACTS[{name!r}]: no rule for {kind!r}")


_load_artifacts()


cdef int seth_gen_destiny_artifacts(State* s, int p, int32_t* out) noexcept nogil:
    """The Artifacts seat p may take at a Destiny pick: displayed, its Destiny card still there
    (destiny_free: with the Vizier not the card the first player discarded at this pick), and
    enough Priests."""
    cdef int k, n = 0
    if not seth_on(s):
        return 0
    for k in range(NART):
        if s.art_loc[k] == SP_DISPLAY and destiny_free(s, ART_ANKH[k]) and s.priests[p] >= ART_PRIESTS[k]:
            out[n] = mk(K_DESTINY, ART_PICK + k)
            n += 1
    return n


cdef int seth_do_destiny(State* s, int p, int x) noexcept nogil:
    """Take Artifact x - ART_PICK with its Destiny card (no benefit of the card); 0 for a Destiny
    card, which the base rule takes."""
    cdef int k = x - ART_PICK
    if x < ART_PICK:
        return 0
    s.priests[p] -= ART_PRIESTS[k]
    s.art_loc[k] = SP_SEAT + p
    s.destiny_owner[ART_ANKH[k]] = p
    s.destiny[p] = ART_ANKH[k]
    return 1


cdef int seth_can_use(State* s, int p, int k) noexcept nogil:
    """Seat p holds Artifact k and can pay what using it costs (Art03, Art06: 1 Scribe)."""
    return s.art_loc[k] == SP_SEAT + p and s.scribes[p] >= ART_USE_SCRIBES[k]


cdef void seth_offer_artifacts(State* s, int p, int moment) noexcept nogil:
    """Offer seat p its Artifacts between actions of its own turn (a D_ARTIFACT step on top)."""
    cdef int k
    if not seth_on(s) or is_bot(s, p):
        return
    for k in range(NART):
        if s.art_loc[k] == SP_SEAT + p:
            push(s, D_ARTIFACT, p, moment, 0, 0, 0)   # "pass" alone is applied by itself
            return
    if seth_bx_split(s, p) >= 0 or seth_bx_move(s, p) >= 0:   # BX01-BX04 at the same moments (seth/cards.pxi)
        push(s, D_ARTIFACT, p, moment, 0, 0, 0)


cdef int gen_artifact(State* s, Task* t, int32_t* out) noexcept nogil:
    """D_ARTIFACT: pass, use a held Artifact, or play BX01-BX04 (seth/cards.pxi)."""
    cdef int k, n = 1
    out[0] = mk(K_PASS, 0)
    for k in range(NART):
        if seth_can_use(s, t.p, k):
            out[n] = mk(K_USE, k)
            n += 1
    return n + seth_gen_blessings(s, t.p, out + n)


cdef int gen_art_action(State* s, Task* t, int32_t* out) noexcept nogil:
    """D_ART_ACTION (t.a: the Artifact). Art02: "take an action as if you had chosen a die with a
    value of 3 or 4 (do not take an actual die though)": any God action, the Seth action included,
    or a Produce action of a Resource of choice. Art07: "take a Seth God action, as if you draft a
    die of the value of your choosing"."""
    cdef int g, v, r, n = 0, lo = ART_A[t.a], hi = ART_B[t.a]
    if ART_FORM[t.a] == AF_SETH:
        for v in range(VALUE_MIN, VALUE_MAX + 1):
            if can_god(s, t.p, ACT_SETH, v, F_EXTRA):
                out[n] = mk(K_EXTRA, (ACT_SETH << 4) | v)
                n += 1
        return n
    for g in range(NGOD_ACTIONS):
        for v in range(lo, hi + 1):
            if can_god(s, t.p, g, v, F_EXTRA):
                out[n] = mk(K_EXTRA, (g << 4) | v)
                n += 1
    for r in range(4):
        for v in range(lo, hi + 1):
            out[n] = mk(K_EXTRA, ((ACT_PRODUCE_RES + r) << 4) | v)
            n += 1
    return n


cdef void seth_use_artifact(State* s, int p, int k, int moment) noexcept nogil:
    """Use Artifact k: it leaves the game, then its effect (Appendix: Artifact Cards); the seat may
    use another one afterwards (D_ARTIFACT again, below the effect's steps)."""
    cdef int r, j, f = ART_FORM[k]
    s.art_loc[k] = SP_GONE
    s.scribes[p] -= ART_USE_SCRIBES[k]
    push(s, D_ARTIFACT, p, moment, 0, 0, 0)
    if f == AF_GAIN:                # Art06: 5 Happiness; Art08: 2 Gold
        for j in range(ART_NREW[k]):
            effect_reward(s, p, ART_KIND[k][j], ART_N[k][j])
    elif f == AF_PRODUCTION:        # Art04: each production +1 (at most the track's end)
        for r in range(4):
            s.prod[p][r] += ART_A[k]
            if s.prod[p][r] > PROD_MAX:
                s.prod[p][r] = PROD_MAX
    elif f == AF_DRAW_KEEP:         # Art01: 2 Decrees, the other shuffled back; Art05: 2 Technologies, the other to the bottom
        push(s, D_KEEP, p, ART_A[k], ART_C[k], 0, 0)
        for j in range(ART_B[k]):
            push(s, CH_CARD, -1, ART_A[k], 1, p, 0)
    elif f == AF_ACTION or f == AF_SETH:   # Art02: any action at 3 or 4; Art07: a Seth action; no die
        push(s, D_ART_ACTION, p, k, 0, 0, 0)
    elif f == AF_TEMPLE:            # Art03: the Temple Complex scored as at a Scoring
        add_vp(s, p, temple_score(s, p, 1), VP_TEMPLE)


cdef void do_artifact(State* s, Task t, int32_t a) noexcept nogil:
    """D_ARTIFACT: pass, or use the Artifact."""
    if (a >> 24) == K_USE:
        seth_use_artifact(s, t.p, a & 0xFFFFFF, t.a)
    elif (a >> 24) == K_BLESS:
        push(s, D_ARTIFACT, t.p, t.a, 0, 0, 0)       # then the next Artifact or Blessing, if any
        seth_play_blessing(s, t.p, a & 0xFFFFFF)


cdef void do_art_action(State* s, Task t, int32_t a) noexcept nogil:
    """D_ART_ACTION: Art02's action, as an extra action (no die)."""
    cdef int x = a & 0xFFFFFF
    push_action(s, t.p, x >> 4, x & 0xF, -1, F_EXTRA)
