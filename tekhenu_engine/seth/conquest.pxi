# Time of Seth: the Conquest tiles' rewards under a Pillar (Ra) and in a Hathor line (included by
# _core.pyx; docs/seth-rules-digest.md section 6; data.CONQUEST_TILES).
#
# The base rules call, with the option on only: resolve_ra -> seth_ra_conquest (the tile's reward
# instead of the printed one), the P19-P21 ability -> seth_ra_conquest again (doubled only when the
# tile's row says so), resolve_hathor -> seth_hathor_conquest. Ra's "empty" space needs no hook: a
# Conquest tile's space has no Pillar tile, so gen_ra_space lists it (MN "Any space containing a
# Conquest tile is still considered empty for purposes of the Ra God Action").

cdef int CQ_KIND[12][2]       # per tile, [0] Ra, [1] Hathor: 0 nothing, 1 gain, 2 resource of choice,
                              # 3 draw and keep 1 (the rest shuffled back), 4 a God action without a die
cdef int CQ_RK[12][2]         # gain: reward kind (data.REWARD_KINDS); draw: deck; action: god
cdef int CQ_RN[12][2]         # gain: amount; resource: how many identical; draw: cards; action: value
cdef int CQ_DOUBLE[12]        # P19-P21 double this tile's Ra reward


def _load_seth_conquest():
    """Copy data.CONQUEST_TILES into the C tables (once at import)."""
    d = _data
    kinds = {"papyrus": 0, "bread": 1, "limestone": 2, "granite": 3, "gold": 4, "faith": 5, "scribes": 6}
    decks = {"Blessing": DECK_BLESSING, "Technology": DECK_TECH, "Decree": DECK_DECREE}
    cdef int t, w
    if len(d.CONQUEST_TILES) != N_CONQUEST:
        raise ImportError("data.CONQUEST_TILES does not match N_CONQUEST")
    for t in range(N_CONQUEST):
        row = d.CONQUEST_TILES[t]
        CQ_DOUBLE[t] = 1 if row["double"] else 0
        for w in range(2):
            e = row["ra" if w == 0 else "hathor"]
            CQ_KIND[t][w] = CQ_RK[t][w] = CQ_RN[t][w] = 0
            if e is None:
                continue
            if e["kind"] == "gain" and len(e["gains"]) == 1:
                (name, n), = e["gains"].items()
                CQ_KIND[t][w], CQ_RK[t][w], CQ_RN[t][w] = 1, kinds[name], n
            elif e["kind"] == "resource" and e["identical"] and not e["gold"]:
                CQ_KIND[t][w], CQ_RN[t][w] = 2, e["n"]
            elif e["kind"] in ("draw_keep", "draw") and e.get("keep", 1) == 1 and e.get("rest", "shuffle") == "shuffle":
                CQ_KIND[t][w], CQ_RK[t][w], CQ_RN[t][w] = 3, decks[e["deck"]], e.get("draw", e.get("n"))
            elif e["kind"] == "action" and e["no_die"] and len(e["values"]) == 1 and e["god"] in d.GODS:
                CQ_KIND[t][w], CQ_RK[t][w], CQ_RN[t][w] = 4, d.GODS.index(e["god"]), e["values"][0]
            else:
                raise ImportError(f"Conquest tile {row['id']}: an effect the core cannot give")


_load_seth_conquest()


def _seth_conquest_tables():
    """The compiled Conquest-tile tables (for the single-source tests)."""
    return [{"ra": (CQ_KIND[t][0], CQ_RK[t][0], CQ_RN[t][0]), "hathor": (CQ_KIND[t][1], CQ_RK[t][1], CQ_RN[t][1]),
             "double": CQ_DOUBLE[t]} for t in range(N_CONQUEST)]


cdef void seth_conquest_reward(State* s, int p, int t, int w) noexcept nogil:
    """Seat p gains Conquest tile t's reward (w 0: under a Pillar, 1: in a Hathor line)."""
    cdef int k = CQ_KIND[t][w], i
    if k == 1:
        gain_reward(s, p, CQ_RK[t][w], CQ_RN[t][w])
    elif k == 2:
        # "Gain 3 identical resources (except Gold)": one choice, d = how many of it
        push(s, D_GAIN, p, (1 << G_P) | (1 << G_B) | (1 << G_L) | (1 << G_G), 1, 0, CQ_RN[t][w])
    elif k == 3:
        if w == 0:      # "Draw 2 ... Select one to keep, and shuffle the other card back into the deck."
            push(s, D_KEEP, p, CQ_RK[t][w], 1, 0, 0)
            for i in range(CQ_RN[t][w]):
                push(s, CH_CARD, -1, CQ_RK[t][w], 1, p, 0)
        else:           # Hathor: "1 card, drawn from the top of the corresponding deck"
            for i in range(CQ_RN[t][w]):
                push(s, CH_CARD, -1, CQ_RK[t][w], 2, p, 0)
    elif k == 4:        # "Perform a Thoth God action as if you took a die of value 1"
        # checked when it comes: a Pillar ability's action runs first (MN Example 2: two Osiris
        # actions, the second only if the first left the Happiness for it)
        push(s, D_SETH_GODACT, p, CQ_RK[t][w], CQ_RN[t][w], 0, 0)


cdef int seth_ra_conquest(State* s, int p, int space, int again) noexcept nogil:
    """A Pillar raised on a Conquest tile: GH "gains the tile's reward instead of the printed one"
    (1: done, the printed reward is not given). again = 1: P19-P21's second time, only for the
    tiles whose row says it doubles."""
    cdef int t = s.temple_conquest[space]
    if t < 0:
        return 0
    if not again or CQ_DOUBLE[t]:
        seth_conquest_reward(s, p, t, 0)
    return 1


cdef int seth_hathor_conquest(State* s, int p, int space) noexcept nogil:
    """A Conquest tile (no Pillar on it) in the Hathor line: GH "1 of each different thing it shows"
    instead of the space's reward; MN "no reward, if the Conquest tile shows an action" (1: done)."""
    cdef int t = s.temple_conquest[space]
    if t < 0:
        return 0
    seth_conquest_reward(s, p, t, 1)
    return 1
