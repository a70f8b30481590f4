# Included from _search.pyx (after _eval.pxi): the tuned playout policy (issue 13, docs/search.md
# "The tuned playout policy").
#
# A softmax policy over cheap features, one weight vector per table kind (PT_ROWS: solo, 2-4
# players). Its weights are not set by hand: `tekhenu train-playout` (agents/playoutmodel.py)
# fits them by the cross-entropy method on the policy's own games against Botankhamun (solo) or
# against the heuristic policy (2-4 players), and they ship in tekhenu_engine/models/playout_v1.npz
# (loaded by tekhenu_engine.agents.playoutmodel).
#
# * taking a die: w = exp(take_god[section] + can_act[section] * (its God action can be performed
#   at the die's value) + pure * (a Pure die) + anubis * (an Anubis take) + value * (value - 3.5));
# * the value after Scribes: exp(keep) for the rolled value, exp(value_step * (v - rolled)) else;
# * the action: exp(act[god]) for a God action, exp(produce) for Produce;
# * a Thoth section exp(section) against 1 for a paid refresh;
# * the target of a God action (a Statue, a Pillar space, a Building space, a district, a card,
#   a Blessing, a gain, a Conquest space) and the keep, draft and Destiny picks: one ply: each
#   choice is applied to a copy and valued by
#   VP + the linear value of PT_NF features of the mover (`pt_features`), minus the best other
#   seat's; w = exp((value - best) / tau), tau = exp(log_tau);
# * the kinds the rules core orders (a payment, Bread at Scoring, a Decree set, Faith): the first;
# * everything else: uniform.
# All of it runs without the GIL and without a Python object.

cdef enum:
    PT_NF = 17            # per-seat features of the one-ply target value (PT_FEATURE_NAMES)
    PT_ROWS = 4           # weight rows: solo, 2, 3, 4 players (ptab_row)
    # offsets into one row of PT_W
    PT_TAKE_GOD = 0       # 7: a die of this section (god 0-5, 6 the Seth board)
    PT_CAN_ACT = 7        # 7: ... whose God action can be performed at its value
    PT_PURE = 14
    PT_ANUBIS = 15
    PT_VALUE = 16
    PT_KEEP = 17
    PT_VSTEP = 18
    PT_ACT = 19           # 7: the God action of this god
    PT_PRODUCE = 26
    PT_SECTION = 27
    PT_LOG_TAU = 28
    PT_FEAT = 29          # PT_NF: weights of the features (their value now), then PT_NF: times time left
    PT_N = 63

PT_FEATURE_NAMES = ("gold", "resources", "production", "scribes", "population", "happy_capped",
                    "happiness_vp_to_come", "temple_vp_to_come", "statues", "buildings", "pillars",
                    "districts_vp_to_come", "cards", "balance", "faith", "seth_vp_to_come",
                    "decrees_vp")
PT_PARAM_NAMES = (tuple(f"take_god{g}" for g in range(7)) + tuple(f"can_act{g}" for g in range(7))
                  + ("pure", "anubis", "value", "keep", "value_step")
                  + tuple(f"act{g}" for g in range(7)) + ("produce", "section", "log_tau")
                  + PT_FEATURE_NAMES + tuple(n + "*time_left" for n in PT_FEATURE_NAMES))
PT_ROW_NAMES = ("solo", "players2", "players3", "players4")
if len(PT_FEATURE_NAMES) != PT_NF or len(PT_PARAM_NAMES) != PT_N or len(PT_ROW_NAMES) != PT_ROWS:
    raise ImportError("playout policy parameter table and its names disagree")

cdef double PT_W[4][63]       # [row][parameter]
cdef int PT_LOADED = 0
# The fit against the tuned policy itself (playoutmodel.fitness with opponent="tuned"): the seats in
# PT_OPP_SEATS play the row PT_OPP_W instead of their table's row. Only policy_match sets it (and
# clears it again); a search never does, so its playouts always read PT_W.
cdef double PT_OPP_W[63]
cdef int PT_OPP_SEATS = 0
cdef int PT_DISTRICT_VP = _data.DISTRICT_MAJORITY_VP

cdef inline int ptab_row(State* s) noexcept nogil:
    return 0 if s.nplayers == 1 else s.nplayers - 1

cdef inline double rng_unit(uint64_t* r) noexcept nogil:
    return (rng_next(r) >> 11) * (1.0 / 9007199254740992.0)

cdef void pt_shared_cards(State* s, int* cards) noexcept nogil:
    cdef int c, q
    for q in range(4):
        cards[q] = 0
    for c in range(MAX_CARDS):
        q = s.card_loc[c] - CL_HAND
        if 0 <= q < 4:
            cards[q] += 1

cdef void pt_shared_temple(State* s, int* temple) noexcept nogil:
    cdef int q
    for q in range(4):
        temple[q] = temple_score(s, q, 1) if q < s.nseats else 0

cdef void pt_shared_districts(State* s, int* districts) noexcept nogil:
    cdef int d, q
    for q in range(4):
        districts[q] = 0
    for d in range(4):
        q = district_winner(s, d)
        if q >= 0:
            districts[q] += 1

cdef void pt_shared(State* s, int* cards, int* temple, int* districts) noexcept nogil:
    """The features each seat reads from shared pieces, for all seats at once: cards in hand,
    Temple VP (with Statues) and district majorities won (pt_features scales the last two)."""
    pt_shared_cards(s, cards)
    pt_shared_temple(s, temple)
    pt_shared_districts(s, districts)

cdef void pt_shared_after(State* c, State* s, int* cards0, int* temple0, int* districts0,
                          int* cards, int* temple, int* districts) noexcept nogil:
    """pt_shared of c, a copy of s after one action, from s's (cards0, temple0, districts0): each
    part is computed again only when the pieces it reads differ (temple_score reads the Building
    spaces, the Statues for the people and the Temple; district_winner the Osiris rows and the
    Statues for the people)."""
    cdef bint same_people = memcmp(c.people, s.people, sizeof(s.people)) == 0
    if memcmp(c.card_loc, s.card_loc, sizeof(s.card_loc)) == 0:
        memcpy(cards, cards0, 4 * sizeof(int))
    else:
        pt_shared_cards(c, cards)
    if (same_people and memcmp(c.bspace, s.bspace, sizeof(s.bspace)) == 0
            and memcmp(c.temple_tile, s.temple_tile, sizeof(s.temple_tile)) == 0
            and memcmp(c.temple_owner, s.temple_owner, sizeof(s.temple_owner)) == 0):
        memcpy(temple, temple0, 4 * sizeof(int))
    else:
        pt_shared_temple(c, temple)
    if same_people and memcmp(c.osiris, s.osiris, sizeof(s.osiris)) == 0:
        memcpy(districts, districts0, 4 * sizeof(int))
    else:
        pt_shared_districts(c, districts)

cdef inline int pt_decrees(State* s, int p) noexcept nogil:
    """The Decree feature of seat p: the VP of its best Decree set now (Botankhamun's are his cards)."""
    return best_decree_vp(s, p) if p == 0 or s.nplayers > 1 else 0

cdef void pt_features(State* s, int p, double* f, int cards, int temple, int districts,
                      int decrees) noexcept nogil:
    """The PT_NF features of seat p (PT_FEATURE_NAMES): its stock and pieces, and what the position
    would score at the Scorings still to come (cards, temple, districts: pt_shared's for p;
    decrees: pt_decrees)."""
    cdef int i, res = 0, prod = 0
    cdef int sl = scorings_left(s)
    for i in range(4):
        res += s.res[p][i]
        prod += s.prod[p][i]
    f[0] = s.gold[p]
    f[1] = res
    f[2] = prod
    f[3] = s.scribes[p]
    f[4] = s.population[p]
    f[5] = s.happiness[p] if s.happiness[p] < s.population[p] else s.population[p]
    f[6] = sl * happiness_vp(s.happiness[p])
    f[7] = sl * temple
    f[8] = s.statues[p]
    f[9] = s.buildings[p]
    f[10] = s.pillars[p]
    f[11] = sl * districts * PT_DISTRICT_VP
    f[12] = cards
    f[13] = s.pure_sum[p] - s.taint_sum[p] - s.excess[p] - s.blood[p]
    f[14] = s.faith[p]
    f[15] = sl * seth_vp_per_scoring(s, p) if s.options & OPT_SETH else 0
    f[16] = decrees

cdef double pt_value(State* s, int p, double* w, int* cards, int* temple, int* districts,
                     int decrees) noexcept nogil:
    """VP of seat p plus the linear value of its features (row w; the shared parts from pt_shared,
    the Decree VP from pt_decrees)."""
    cdef double f[17]
    cdef double v = s.vp[p], t = rounds_left(s) / <double>N_ROUNDS
    cdef int i
    pt_features(s, p, f, cards[p], temple[p], districts[p], decrees)
    for i in range(PT_NF):
        v += (w[PT_FEAT + i] + w[PT_FEAT + PT_NF + i] * t) * f[i]
    return v

cdef void pt_target_weights(State* s, int32_t* legal, int n, double* w, double* out) noexcept nogil:
    """One ply: each target applied to a copy, valued by pt_value (minus the best other seat's);
    out[i] = exp((value_i - best value) / tau). The other seats' Decree VP is read once, on s: the
    mover's choice changes it only through D06 (the lowest Happiness), D19 (the turn order) and
    what the automatic steps up to the next decision do (a Scoring, a Maat phase), and it was a
    sixth of the policy's time (perf)."""
    cdef State c
    cdef int cards0[4]
    cdef int temple0[4]
    cdef int districts0[4]
    cdef int cards[4]
    cdef int temple[4]
    cdef int districts[4]
    cdef int decrees0[4]
    cdef double v, best, vmax = -1e300, tau, x
    cdef int i, q, m = current_player(s)
    tau = exp(w[PT_LOG_TAU])
    pt_shared(s, cards0, temple0, districts0)
    for q in range(s.nseats):
        if q != m:
            decrees0[q] = pt_decrees(s, q)
    for i in range(n):
        memcpy(&c, s, sizeof(State))
        apply_action(&c, legal[i])
        pt_shared_after(&c, s, cards0, temple0, districts0, cards, temple, districts)
        v = pt_value(&c, m, w, cards, temple, districts, pt_decrees(&c, m))
        if c.nseats > 1:
            best = -1e300
            for q in range(c.nseats):
                if q != m:
                    x = pt_value(&c, q, w, cards, temple, districts, decrees0[q])
                    if x > best:
                        best = x
            v -= best
        out[i] = v
        if v > vmax:
            vmax = v
    for i in range(n):
        out[i] = exp((out[i] - vmax) / tau)

cdef int pt_weights(State* s, int32_t* legal, int n, double* out, int lite) noexcept nogil:
    """The tuned policy's weight of each of the n legal actions into out (not normalised); returns
    0, or -1 when the policy takes the first option (the kinds the rules core orders: a payment,
    Bread at Scoring, a Decree set, Faith; out is not written then). With `lite` the targets (the
    one ply, most of the policy's cost) are uniform: `playout="tuned_lite"`."""
    cdef double x
    cdef int i, kind, a, sec, val, p = current_player(s)
    cdef double* w = &PT_W[ptab_row(s)][0]
    if p >= 0 and (PT_OPP_SEATS >> p) & 1:
        w = &PT_OPP_W[0]
    kind = legal[0] >> 24
    if kind == K_PAY or kind == K_BREAD or kind == K_DECREES or kind == K_FAITH:
        return -1
    if greedy_kind(kind) or kind == K_KEEP or kind == K_DRAFT or kind == K_DESTINY:
        if lite:
            for i in range(n):
                out[i] = 1.0
        else:
            pt_target_weights(s, legal, n, w, out)
        return 0
    for i in range(n):
        kind = legal[i] >> 24
        a = legal[i] & 0xFFFFFF
        if kind == K_TAKE:
            if a & TAKE_ANUBIS:
                x = w[PT_ANUBIS]
            else:
                sec = take_section(a)
                val = take_value(a)
                x = w[PT_TAKE_GOD + sec] + w[PT_VALUE] * (val - 3.5)
                if purity_of(s, sec, take_colour(a)) == 0:
                    x += w[PT_PURE]
                if p >= 0 and can_god(s, p, sec, val, 0):
                    x += w[PT_CAN_ACT + sec]
        elif kind == K_VALUE:
            x = w[PT_KEEP] if a == s.cur_value else w[PT_VSTEP] * (a - s.cur_value)
        elif kind == K_ACT:
            x = w[PT_ACT + (a if a < 7 else 6)]
        elif kind == K_PRODUCE:
            x = w[PT_PRODUCE]
        elif kind == K_SECTION:
            x = w[PT_SECTION]
        else:
            x = 0
        if x > 30:
            x = 30
        elif x < -30:
            x = -30
        out[i] = exp(x)
    return 0

cdef int32_t pick_weighted(int32_t* legal, double* wt, int n, uint64_t* r) noexcept nogil:
    """One of the n legal actions, drawn in proportion to the weights wt (one rng_unit draw)."""
    cdef double tot = 0, x
    cdef int i
    for i in range(n):
        tot += wt[i]
    x = rng_unit(r) * tot
    for i in range(n):
        x -= wt[i]
        if x < 0:
            return legal[i]
    return legal[n - 1]

cdef int32_t pt_pick(State* s, int32_t* legal, int n, uint64_t* r, int lite) noexcept nogil:
    """The tuned playout policy: one legal action of the decision on top (n >= 2), drawn in
    proportion to pt_weights (`lite`: uniform targets)."""
    cdef double wt[512]
    if pt_weights(s, legal, n, wt, lite) < 0:
        return legal[0]
    return pick_weighted(legal, wt, n, r)

def playout_set_weights(weights):
    """Install the tuned policy's weights: an array of shape (PT_ROWS, PT_N) (row names
    PT_ROW_NAMES, parameter names PT_PARAM_NAMES)."""
    import numpy as np
    global PT_LOADED
    W = np.asarray(weights, dtype=np.float64)
    if W.shape != (PT_ROWS, PT_N):
        raise ValueError(f"playout weights must have shape ({PT_ROWS}, {PT_N}), not {W.shape}")
    if not np.all(np.isfinite(W)):
        raise ValueError("playout weights must be finite")
    cdef int i, k
    for i in range(PT_ROWS):
        for k in range(PT_N):
            PT_W[i][k] = W[i, k]
    PT_LOADED = 1

def playout_weights():
    """The installed weights of the tuned policy as a (PT_ROWS, PT_N) array."""
    import numpy as np
    return np.array([[PT_W[i][k] for k in range(PT_N)] for i in range(PT_ROWS)])

def playout_loaded():
    """Whether weights of the tuned policy are installed."""
    return bool(PT_LOADED)
