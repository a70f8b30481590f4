# Included from _search.pyx: the learned evaluation (issue 13, docs/search.md "Learned evaluation").
#
# 1. `eval_features`: a compact feature vector of one seat in a state, computed from the C
#    struct without any Python object (version EVAL_FEATURE_VERSION, names EVAL_FEATURE_NAMES).
# 2. `eval_learned`: the estimated final VP of every seat = VP so far + a linear model of the
#    features (one weight row per table kind: solo engine seat, solo Botankhamun seat, 2, 3 and
#    4 players). The weights live in C arrays filled once from the shipped model file
#    (tekhenu_engine/models/eval_v1.npz, loaded by tekhenu_engine.agents.evalmodel).
# 3. `eval_selfplay`: self-play games of the playout policy in compiled code, recording the
#    features of every seat at sampled decisions and the final outcome: the training data of
#    `tekhenu train` (tekhenu_engine/agents/evalmodel.py fits the model with numpy).
#
# 4. `margin_value`: the searching seat's estimated final margin by a linear model of the features
#    of that seat and of the seat now best of the others, fitted on the search's own solo games
#    (bench/fit_margin.py, tekhenu_engine/models/margin_v1.npz, loaded by
#    tekhenu_engine.agents.marginmodel); the search mixes it into a playout's result with `mix=`.
#
# The features read the public part of a state only (VP, stocks, board pieces, the seat's own
# hand counts), so they are the same in an observation and in any determinisation of it.

cdef enum:
    EV_NBASE = 25     # per-seat quantities (the last 5: Time of Seth's, 0 without the option)
    EV_NFIX = 4       # constant, time left, Scorings left, place in the Maat cycle
    EV_NF = 54        # EV_NFIX + EV_NBASE + EV_NBASE (the per-seat quantities times time left)
    EV_ROWS = 8       # solo engine seat, solo Botankhamun seat, 2, 3, 4 players; 2, 3, 4 with Time of Seth
    MV_NF = 109       # the margin model: EV_NF of the seat, EV_NF of the best other seat, constant

EVAL_FEATURE_VERSION = 2    # 2: Time of Seth's pieces (seth_vp_to_come ... artifacts) and rows
_EV_BASE_NAMES = ("gold", "resources", "production", "scribes", "population", "happiness",
                  "happy_capped", "happiness_vp_to_come", "temple_vp_to_come", "statues", "buildings",
                  "pillars", "blessings", "technologies", "decrees", "balance", "faith",
                  "turn_order_place", "vp_margin", "vp_share",
                  "seth_vp_to_come", "soldiers", "priests", "cultists", "artifacts")
EVAL_FEATURE_NAMES = (("bias", "time_left", "scorings_left", "maat_cycle") + _EV_BASE_NAMES
                      + tuple(n + "*time_left" for n in _EV_BASE_NAMES))
EVAL_ROWS = ("solo_engine", "solo_botankhamun", "players2", "players3", "players4",
             "seth_players2", "seth_players3", "seth_players4")
if len(EVAL_FEATURE_NAMES) != EV_NF or len(_EV_BASE_NAMES) != EV_NBASE or len(EVAL_ROWS) != EV_ROWS:
    raise ImportError("evaluation feature table and its names disagree")

cdef double EV_W[8][54]       # [row][feature]
cdef double EV_SCALE = 4.0    # VP scale of the win-probability logistic of a margin
cdef int EV_LOADED = 0
cdef double MV_W[109]         # the margin model's weights (MV_NF)
cdef int MV_LOADED = 0

cdef int EV_CARD_DECK[128]    # deck of a card id: 0 Blessing, 1 Technology, 2 Decree, -1 none

def _ev_card_decks():
    """Fill EV_CARD_DECK from the card table (data.CARD_DECKS: letter, name, first id, count)."""
    from tekhenu_engine import data as _d
    cdef int c
    for c in range(MAX_CARDS):
        EV_CARD_DECK[c] = -1
    for c, k in _d.CARD_DECK_OF.items():     # decks in data.CARD_TYPES order: B, T, D
        EV_CARD_DECK[c] = k

_ev_card_decks()

cdef inline int ev_row(State* s, int p) noexcept nogil:
    """The model row of seat p: solo (engine, Botankhamun), 2-4 players, 2-4 players with Time of
    Seth (a solo game with Time of Seth uses the solo rows until its table joins the training)."""
    if s.nplayers == 1:
        return 0 if p == 0 else 1
    if s.options & OPT_SETH:
        return 3 + s.nplayers
    return s.nplayers

cdef void eval_features(State* s, int p, double* f) noexcept nogil:
    """The EV_NF features of seat p in s (see EVAL_FEATURE_NAMES)."""
    cdef int i, c, q, sl = scorings_left(s), order = 0
    cdef int nb = 0, nt = 0, nd = 0, res = 0, prod = 0
    cdef double t = rounds_left(s) / <double>N_ROUNDS, best = -1e9, tot = 0
    cdef double* b = f + EV_NFIX
    for c in range(MAX_CARDS):    # cards held, by deck (the card table's decks, EV_CARD_DECK)
        if s.card_loc[c] == CL_HAND + p:
            if EV_CARD_DECK[c] == 0:
                nb += 1
            elif EV_CARD_DECK[c] == 1:
                nt += 1
            elif EV_CARD_DECK[c] == 2:
                nd += 1
    for i in range(4):
        res += s.res[p][i]
        prod += s.prod[p][i]
    for i in range(s.nseats):
        if s.turn_order[i] == p:
            order = i
    for q in range(s.nseats):
        tot += s.vp[q]
        if q != p and s.vp[q] > best:
            best = s.vp[q]
    f[0] = 1.0
    f[1] = t
    f[2] = sl
    f[3] = (s.round % ROUNDS_PER_MAAT) / <double>ROUNDS_PER_MAAT
    b[0] = s.gold[p]
    b[1] = res
    b[2] = prod
    b[3] = s.scribes[p]
    b[4] = s.population[p]
    b[5] = s.happiness[p]
    b[6] = s.happiness[p] if s.happiness[p] < s.population[p] else s.population[p]
    b[7] = sl * happiness_vp(s.happiness[p])
    b[8] = sl * temple_score(s, p, 1)
    b[9] = s.statues[p]
    b[10] = s.buildings[p]
    b[11] = s.pillars[p]
    b[12] = nb
    b[13] = nt
    b[14] = nd
    b[15] = s.pure_sum[p] - s.taint_sum[p] - s.excess[p] - s.blood[p]
    b[16] = s.faith[p]
    b[17] = order / <double>(s.nseats - 1 if s.nseats > 1 else 1)
    b[18] = (s.vp[p] - best) if s.nseats > 1 else 0.0
    b[19] = s.vp[p] / tot if tot > 0 else 1.0 / s.nseats
    if s.options & OPT_SETH:       # Time of Seth (Blood is in the balance above); else all 0
        b[20] = sl * seth_vp_per_scoring(s, p)
        b[21] = s.soldiers[p]
        b[22] = s.priests[p]
        b[23] = seth_held(s, p, 0)
        b[24] = seth_held(s, p, 1)
    else:
        b[20] = b[21] = b[22] = b[23] = b[24] = 0
    for i in range(EV_NBASE):
        f[EV_NFIX + EV_NBASE + i] = b[i] * t

cdef void eval_learned(State* s, double* est) noexcept nogil:
    """Estimated final VP of every seat: VP so far plus the model's VP still to come."""
    cdef double f[54]
    cdef double v
    cdef int p, i, r
    for p in range(s.nseats):
        eval_features(s, p, f)
        r = ev_row(s, p)
        v = 0
        for i in range(EV_NF):
            v += EV_W[r][i] * f[i]
        est[p] = s.vp[p] + v

cdef double margin_value(State* s, int p) noexcept nogil:
    """Estimated final margin of seat p against the seat now best of the others (the lowest on a
    tie): the margin now plus the margin model of both seats' features."""
    cdef double fp[54]
    cdef double fo[54]
    cdef int q, o = -1
    cdef double v
    for q in range(s.nseats):
        if q != p and (o < 0 or s.vp[q] > s.vp[o]):
            o = q
    eval_features(s, p, fp)
    eval_features(s, o, fo)
    v = MV_W[2 * EV_NF] + s.vp[p] - s.vp[o]
    for q in range(EV_NF):
        v += MV_W[q] * fp[q] + MV_W[EV_NF + q] * fo[q]
    return v

# ----------------------------------------------------------------------------- Python side
def margin_set_model(weights):
    """Install the margin model (all searches of the process): MV_NF floats, the weights of the
    seat's EVAL_FEATURE_NAMES, then of the best other seat's, then the constant."""
    global MV_LOADED
    cdef int i
    w = [float(x) for x in weights]
    if len(w) != MV_NF:
        raise ValueError(f"the margin model needs {MV_NF} weights, not {len(w)}")
    for i in range(MV_NF):
        MV_W[i] = w[i]
    MV_LOADED = 1

def margin_model_loaded():
    """True once a margin model has been installed with :func:`margin_set_model`."""
    return bool(MV_LOADED)

def margin_value_of(bytes state, int seat):
    """The installed margin model's estimated final margin of `seat` in a state (``to_bytes()``)."""
    cdef State s
    if not MV_LOADED:
        raise ValueError("no margin model installed")
    read_state(state, &s)
    if not 0 <= seat < s.nseats or s.nseats < 2:
        raise ValueError(f"no seat {seat} with another seat in this game")
    return margin_value(&s, seat)

def eval_set_model(weights, double scale):
    """Install a model: `weights` is EV_ROWS rows of EV_NF floats (VP to come), `scale` the win logistic's."""
    global EV_SCALE, EV_LOADED
    cdef int r, i
    rows = [list(map(float, w)) for w in weights]
    if len(rows) != EV_ROWS or any(len(w) != EV_NF for w in rows):
        raise ValueError(f"the model needs {EV_ROWS} rows of {EV_NF} weights")
    if not scale > 0:
        raise ValueError("the win scale must be positive")
    for r in range(EV_ROWS):
        for i in range(EV_NF):
            EV_W[r][i] = rows[r][i]
    EV_SCALE = scale
    EV_LOADED = 1

def eval_model_loaded():
    """True once a model has been installed with :func:`eval_set_model`."""
    return bool(EV_LOADED)

def eval_features_of(bytes state, int seat):
    """The evaluation features of `seat` in a state (``GameState.to_bytes()``) as a list."""
    cdef State s
    cdef double f[54]
    read_state(state, &s)
    if not 0 <= seat < s.nseats:
        raise ValueError(f"no seat {seat} in this game")
    eval_features(&s, seat, f)
    return [f[i] for i in range(EV_NF)]

def eval_estimate(bytes state):
    """Estimated final VP of every seat by the installed model (the search's cut-off value)."""
    cdef State s
    cdef double est[4]
    if len(state) != sizeof(State):
        raise ValueError("not a state")
    if not EV_LOADED:
        raise ValueError("no evaluation model installed")
    memcpy(&s, <char*>state, sizeof(State))
    eval_learned(&s, est)
    return [est[p] for p in range(s.nseats)]

def eval_selfplay(int players, int games, seed=0, options=None, int every=6, str policy="heuristic"):
    """Training data: `games` games of the playout policy, compiled, with the features recorded.

    At one decision in about `every` (random phase) the features of every seat are recorded.
    Returns numpy arrays (X [n, EV_NF], togo [n]: final VP minus VP then, margin [n]: final VP
    minus the best other seat's, win [n]: 1 if the seat won, row [n]: model row, game [n],
    vp [n]: VP then). The rows of one moment are consecutive, one per seat in seat order.
    """
    import numpy as np
    from tekhenu_engine._core import GameState
    cdef State s
    cdef int32_t legal[512]
    cdef uint64_t r = (<uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)) * <uint64_t>0x9E3779B97F4A7C15 + 77
    cdef int g, n, m, p, q, k, start, w, mode = _playout_mode(policy, players)
    cdef double f[54]
    cdef double best
    if every < 1:
        raise ValueError("every must be at least 1")
    cap = games * 4 * (600 // every + 4)
    X = np.zeros((cap, EV_NF), dtype=np.float64)
    vp0 = np.zeros(cap, dtype=np.float64)
    seatv = np.zeros(cap, dtype=np.int32)
    togo = np.zeros(cap, dtype=np.float64)
    margin = np.zeros(cap, dtype=np.float64)
    win = np.zeros(cap, dtype=np.float64)
    row = np.zeros(cap, dtype=np.int32)
    gid = np.zeros(cap, dtype=np.int32)
    cdef double[:, ::1] Xv = X
    cdef double[::1] vpv = vp0
    cdef int[::1] sv = seatv
    cdef int[::1] rv = row
    cdef int nrec = 0
    for g in range(games):
        st = GameState.new(players, int(seed) * 100003 + g, options)
        raw = st.to_bytes()
        memcpy(&s, <char*>raw, sizeof(State))
        start = nrec
        with nogil:
            while s.ntasks > 0:
                m = current_player(&s)
                if m == -1:
                    apply_action(&s, sample_chance(&s))
                    continue
                if rng_int(&r, every) == 0 and nrec + s.nseats <= cap:
                    for p in range(s.nseats):
                        eval_features(&s, p, f)
                        for k in range(EV_NF):
                            Xv[nrec, k] = f[k]
                        vpv[nrec] = s.vp[p]
                        sv[nrec] = p
                        rv[nrec] = ev_row(&s, p)
                        nrec += 1
                n = gen_legal(&s, legal)
                apply_action(&s, policy_pick(&s, legal, n, &r, mode))
        w = winner(&s)
        for k in range(start, nrec):
            p = seatv[k]
            best = -1e9
            for q in range(s.nseats):
                if q != p and s.vp[q] > best:
                    best = s.vp[q]
            togo[k] = s.vp[p] - vp0[k]
            margin[k] = s.vp[p] - best
            win[k] = 1.0 if w == p else 0.0
            gid[k] = g
    return (X[:nrec], togo[:nrec], margin[:nrec], win[:nrec], row[:nrec], gid[:nrec], vp0[:nrec])
