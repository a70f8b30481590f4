# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Compiled search: single-observer ISMCTS over the decision steps of the rules core.

One :class:`Searcher` holds one tree for one decision of one seat. Every iteration
copies the observation, *determinises* it (the unknown cards are dealt at random with
``resample_state``; future rolls, draws, Deben flips and tie-breaks are chance steps
sampled as they come from the iteration's own generator), descends the tree with UCT
over information sets, adds one node, plays out with a cheap policy (to the end, or to a
cut-off with a static evaluation) and backs up one reward per seat.

Tree nodes live in one flat C array (:c:type:`Node`); no Python object is touched per
iteration. See ``docs/search.md`` for the design and the reward formulas.

The same module holds the compiled parts of the baseline agents (the greedy one-step
choice and the playout policy as an agent).
"""
from libc.stdlib cimport malloc, realloc, free
from libc.string cimport memcmp, memcpy, memset
from libc.math cimport sqrt, log, exp, ceil
from libc.stdint cimport uint64_t, int32_t
from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC

from tekhenu_engine._core cimport *   # State, the enums (K_*, D_*, CH_*, VP_*), inline helpers

cdef enum:
    HIDDEN_KEY = 0x7FFFFFFF   # edge of an outcome or decision the searching seat cannot see
    MAX_PATH = 4096

# the oracle of a measurement harness (Searcher(oracle=); index = ORACLES)
cdef enum:
    O_OFF = 0      # a determinisation of the observation every iteration: how every agent searches
    O_ALL = 1      # the full state's own future: every chance outcome
    O_BOT = 2      # only Botankhamun's pyramid order and Deben flips
    O_WORLD = 3    # every chance outcome but those
    O_NEXT = 4     # only Botankhamun's next Deben flip (the first one an iteration meets)

ORACLES = ("off", "all", "bot", "world", "next")

# reward modes
cdef enum:
    R_MARGIN = 0   # 0.9 * pairwise wins + 0.1 * margin term (2 players: win/loss + margin)
    R_WIN = 1      # pairwise wins only (2 players: 1 win, 0 loss)
    R_SHARE = 2    # VP share

# playout modes
cdef enum:
    P_HEURISTIC = 0
    P_RANDOM = 1
    P_HEURISTIC0 = 2   # the first heuristic (no Pure preference), kept to measure against
    P_HAPPY = 3        # heuristic + Happiness (Bastet) and Population (Hathor) when they pay
    P_HEURISTIC1 = 4   # heuristic without the Seth-board weight (a Seth die weighs as a wheel die), to measure
    P_GREEDY = 5       # heuristic + the target of a God action by one ply of static_eval (3 times in 4)
    P_GREEDYL = 6      # the same by one ply of the learned evaluation (_eval.pxi)
    P_TUNED = 7        # the tuned softmax policy (_policy.pxi), weights from models/playout_v1.npz
    P_TUNEDL = 8       # the same with uniform targets (no one ply): the cheap part of the tuned policy

REWARDS = {"auto": R_MARGIN, "margin": R_MARGIN, "rank": R_MARGIN, "win": R_WIN, "share": R_SHARE}
PLAYOUTS = {"auto": -1, "tuned": P_TUNED, "heuristic": P_HEURISTIC, "random": P_RANDOM,
            "heuristic0": P_HEURISTIC0, "happy": P_HAPPY, "heuristic1": P_HEURISTIC1, "greedy": P_GREEDY,
            "greedy_learned": P_GREEDYL, "tuned_lite": P_TUNEDL}
# "auto": the playout policy a table kind's search uses by default, by the number of players (the
# measured choice: docs/search.md, "The tuned playout policy")
AUTO_PLAYOUT = {1: "tuned", 2: "tuned", 3: "heuristic", 4: "heuristic"}
# the weight of the margin term of R_MARGIN by the number of players (1: solo against Botankhamun;
# the measured defaults: docs/search.md, "Rewards")
MARGIN_WEIGHTS = {1: 0.5, 2: 0.3, 3: 0.1, 4: 0.1}
# the weight of move-average sampling in the playouts by the number of players (0: off; the measured
# defaults: docs/search.md, "Move-average sampling")
MAST_WEIGHTS = {1: 0.0, 2: 10.0, 3: 10.0, 4: 10.0}
MAST_MAX = 100.0    # the largest weight accepted (the bias is clipped at exp(5) whatever the weight)
# the weight of progressive history in the tree by the number of players (0: off; the measured
# defaults: docs/search.md, "Progressive history")
HIST_WEIGHTS = {1: 0.0, 2: 10.0, 3: 0.0, 4: 0.0}
HIST_MAX = 100.0    # the largest weight accepted
# progressive widening below the root (widen=, the constant C of ceil(C x sqrt(visits + 1)); 0: off,
# the default: level at 2 players, docs/search.md "What each lever gained (thirty-ninth session)")
WIDEN_MAX = 100.0   # the largest constant accepted (C x 1 children already at a node's first visit)
# how the tree keys a chance outcome the searching seat sees (index = Searcher.merge_chance): an edge
# per outcome, or one edge for all outcomes of the step (docs/search.md, "The tree")
CHANCE_MODES = ("split", "merge")
from tekhenu_engine._core import VP_CATEGORIES

from tekhenu_engine import data as _data

cdef const int* PURITY_TAB = purity_table()
cdef int POP_MAX = _data.POPULACE_MAX
cdef int N_ROUNDS = _data.ROUNDS
cdef int N_SCORINGS = len(_data.SCORING_MAAT_PHASES)
cdef int ROUNDS_PER_MAAT = _data.ROUNDS_PER_MAAT     # the Maat cycle: a Maat phase every 4 rounds


cdef inline int rounds_left(State* s) noexcept nogil:
    """ROUNDS minus the round number, at least 0: the rounds still to play (the evaluations' time left)."""
    return N_ROUNDS - s.round if s.round < N_ROUNDS else 0


cdef inline int scorings_left(State* s) noexcept nogil:
    """Scorings still to come."""
    return N_SCORINGS - s.scoring_count if s.scoring_count < N_SCORINGS else 0

# Time of Seth in the evaluation and the playouts (docs/search.md, "Time of Seth"); read only when
# the state has the option (OPT_SETH), so the base game's search is unchanged.
cdef int SETH_SPACE_VP[12]      # VP of each Seth-board Building space at each Scoring (region * 2 + space)
cdef double SETH_W_SOLDIER = 0.4   # a Soldier: a quarter of a Seth Building (4 Soldiers) and its VP
cdef double SETH_W_PRIEST = 0.25   # a Priest: towards an Artifact (6-7 Priests)
cdef double SETH_W_BLOOD = 0.3     # a Blood token: 1 Taint at every Maat phase still to come
cdef double SETH_W_CULTIST = 1.0   # a Cultist owned (its Power pays through the game)
cdef double SETH_W_ARTIFACT = 1.5  # an Artifact held, not yet used
cdef int SETH_TAKE_W = 24          # playout weight of a Seth-board die (a wheel die: 12 Pure, 6 Tainted)
cdef double SETH_W_RESOURCE = 0.25  # a Resource (the base stock weight of static_eval)
cdef double SETH_ACTS_PER_ROUND = 0.1   # Seth God Actions of one seat per round (measured: 0.05-0.09)
cdef int SETH_STATUE_PRIESTS = _data.SETH_STATUE_PRIESTS   # Priests a Statue in honour of Seth costs


def _load_seth_search():
    """SETH_SPACE_VP from data.SETH_REGIONS (game help: "VP, 1st / 2nd Building")."""
    if len(_data.SETH_REGIONS) * 2 != N_SETH_SPACES:
        raise ImportError("data.SETH_REGIONS does not match N_SETH_SPACES")
    for r, row in enumerate(_data.SETH_REGIONS):
        for k in range(2):
            SETH_SPACE_VP[2 * r + k] = row["vp"][k]

_load_seth_search()


cdef inline int seth_vp_per_scoring(State* s, int p) noexcept nogil:
    """VP seat p's Buildings on the Seth board give at each Scoring (manual: "each player receives
    Victory Points for all their Buildings on the Seth board")."""
    cdef int k, v = 0
    for k in range(N_SETH_SPACES):
        if s.seth_build[k] == p:
            v += SETH_SPACE_VP[k]
    return v


cdef inline int seth_held(State* s, int p, int artifacts) noexcept nogil:
    """Cultists owned (artifacts = 0) or Artifacts held and unused (1) by seat p."""
    cdef int i, n = 0
    if artifacts:
        for i in range(N_ARTIFACTS):
            if s.art_loc[i] == SP_SEAT + p:
                n += 1
    else:
        for i in range(N_CULTISTS):
            if s.cult_loc[i] == SP_SEAT + p:
                n += 1
    return n


cdef double seth_god_statue_value(State* s, int p) noexcept nogil:
    """What seat p's Statue in honour of Seth is still worth: manual "every time another player
    performs the Seth God Action you will receive the bonus ... (1 Resource of your choice)" ("In a
    2-player game, also ... when you perform the Seth God Action yourself"; solo: "as if this was a
    regular 2-player game", Botankhamun's bonus 1 VP), at SETH_ACTS_PER_ROUND Seth actions of each
    such seat per round still to play, plus the 2 Priests it took (so building it does not lower the
    estimate). "Building a second Statue to Seth does not provide any additional reward": counted once."""
    cdef int k, owns = 0, seats, left = rounds_left(s)
    cdef double bonus = SETH_W_RESOURCE
    for k in range(N_SETH_GOD):
        if s.seth_god[k] == p:
            owns = 1
    if not owns:
        return 0.0
    seats = s.nseats if s.nplayers <= 2 else s.nseats - 1
    if s.nplayers == 1 and p == 1:
        bonus = 1.0
    return SETH_W_PRIEST * SETH_STATUE_PRIESTS + bonus * SETH_ACTS_PER_ROUND * left * seats


cdef double seth_static(State* s, int p, int scorings_left) noexcept nogil:
    """The Time of Seth terms of static_eval for seat p: Seth Building VP at each Scoring still to
    come, Soldiers, Priests, Blood (Taint at each Maat phase still to come), Cultists, Artifacts, a
    Statue in honour of Seth (seth_god_statue_value)."""
    cdef int maats = 4 - s.maat_count
    if maats < 0:
        maats = 0
    return (scorings_left * seth_vp_per_scoring(s, p) + SETH_W_SOLDIER * s.soldiers[p]
            + SETH_W_PRIEST * s.priests[p] - SETH_W_BLOOD * maats * s.blood[p]
            + SETH_W_CULTIST * seth_held(s, p, 0) + SETH_W_ARTIFACT * seth_held(s, p, 1)
            + seth_god_statue_value(s, p))

cdef inline int purity_of(State* s, int god, int colour) noexcept nogil:
    """Purity of a die of this colour in section god (the core's table, inlined here)."""
    return PURITY_TAB[(s.arrow * 7 + god) * 8 + colour]

cdef struct Node:
    int32_t key          # action or visible chance outcome of the edge into this node
    int first_child
    int next_sibling
    int visits
    int avail            # times the edge was available when its parent was visited
    short mover          # seat that chose the edge, -1 for chance
    short slot           # index into the root statistics (children of the root), else -1
    float rsum[4]        # reward sums per seat

cdef struct RootStat:
    double wins          # (estimated) wins of the searching seat
    double margin        # VP of the searching seat minus the best other seat
    double vp[4]
    double bd[NVP]

# ----------------------------------------------------------------------------- helpers
cdef inline double now_s() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec + ts.tv_nsec * 1e-9

cdef void sort_actions(int32_t* a, int n) noexcept nogil:
    cdef int i, j
    cdef int32_t x
    for i in range(1, n):
        x = a[i]
        j = i - 1
        while j >= 0 and a[j] > x:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = x

cdef void sort_actions_w(int32_t* a, int* w, int n) noexcept nogil:
    """sort_actions, carrying each action's weight along."""
    cdef int i, j, y
    cdef int32_t x
    for i in range(1, n):
        x = a[i]
        y = w[i]
        j = i - 1
        while j >= 0 and a[j] > x:
            a[j + 1] = a[j]
            w[j + 1] = w[j]
            j -= 1
        a[j + 1] = x
        w[j + 1] = y

cdef inline int find_sorted(int32_t* a, int n, int32_t x) noexcept nogil:
    cdef int lo = 0, hi = n - 1, mid
    while lo <= hi:
        mid = (lo + hi) >> 1
        if a[mid] == x:
            return mid
        if a[mid] < x:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1

# ----------------------------------------------------------------------------- playout policy
cdef inline bint tuned_mode(int mode) noexcept nogil:
    """The playout modes of the tuned policy (_policy.pxi): they read its weights; P_TUNEDL is lite."""
    return mode == P_TUNED or mode == P_TUNEDL

cdef int32_t policy_pick(State* s, int32_t* legal, int n, uint64_t* r, int mode) noexcept nogil:
    """The playout policy: one legal action of the decision on top.

    Heuristic (cheap, by action kind only): the orderings the rules core already gives
    are used where the first option is the sensible one (least Gold in a payment, the
    most Bread paid at Scoring, the best Decree set, Faith nearest balance); a die is
    kept at its rolled value (no Scribe spent) 3 times in 4; a die that goes to the Pure
    side of the scales is preferred 2:1 to a Tainted one (the balance at Maat); a God
    action is preferred 4:1 to Produce; an Anubis take (2 Scribes) is rare; taking cards
    is preferred 4:1 to paying for a refresh; with Time of Seth a Seth-board die (it is listed
    only when its Seth action is affordable: a Building and its VP at every Scoring) weighs
    SETH_TAKE_W, twice a Pure wheel die. Everything else is uniform.
    ``heuristic0`` is the same without the Pure preference, ``heuristic1`` without the Seth-board
    weight (both kept for measurements).
    """
    cdef int i, x, tot
    cdef int w[512]
    if n <= 1 or mode == P_RANDOM:
        return legal[rng_int(r, n)] if n > 0 else -1
    if tuned_mode(mode):
        return pt_pick(s, legal, n, r, mode == P_TUNEDL)
    if (mode == P_GREEDY or mode == P_GREEDYL) and greedy_kind(legal[0] >> 24) and rng_int(r, 4) != 0:
        return greedy_target(s, legal, n, r, mode == P_GREEDYL)
    tot = policy_weights(s, legal, n, mode, w)
    if tot < 0:
        return legal[0]
    x = rng_int(r, tot)
    for i in range(n):
        x -= w[i]
        if x < 0:
            return legal[i]
    return legal[n - 1]

cdef inline int greedy_kind(int kind) noexcept nogil:
    """The decisions `greedy` playouts choose by one ply of static_eval: the target of a God action
    (a Statue, a Pillar space, a Building space, a district, a Market section or card, a Blessing
    played, a gain, a Conquest space), where the VP and stock it brings show at once."""
    return (kind == K_STATUE or kind == K_SPACE or kind == K_BUILD or kind == K_DISTRICT
            or kind == K_SECTION or kind == K_CARD or kind == K_BLESS or kind == K_GAIN
            or kind == K_CQSPACE)

cdef int32_t greedy_target(State* s, int32_t* legal, int n, uint64_t* r, int learned) noexcept nogil:
    """The legal action after which the mover's estimate (static_eval, or with `learned` the learned
    evaluation) minus the best other seat's is highest (one copy and apply per action; ties at random)."""
    cdef State c
    cdef double est[4]
    cdef double v, bv = -1e300, best
    cdef int i, q, m = current_player(s), nb = 0, pick = 0
    for i in range(n):
        memcpy(&c, s, sizeof(State))
        apply_action(&c, legal[i])
        if learned:
            eval_learned(&c, est)
        else:
            static_eval(&c, est)
        v = est[m]
        best = -1e9
        for q in range(c.nseats):
            if q != m and est[q] > best:
                best = est[q]
        if c.nseats > 1:
            v -= best
        if v > bv + 1e-9:
            bv = v
            pick = i
            nb = 1
        elif v > bv - 1e-9:
            nb += 1
            if rng_int(r, nb) == 0:
                pick = i
    return legal[pick]

cdef int policy_weights(State* s, int32_t* legal, int n, int mode, int* w) noexcept nogil:
    """The playout policy's weight of each of the n legal actions into w; returns their total,
    or -1 when the policy takes the first option (the kinds the rules core orders: a payment, Bread
    at Scoring, a Decree set, a Faith placement; w is not written then). Not for P_RANDOM."""
    cdef int kind, i, x, tot = 0, p, room = 0, wantpop = 0
    kind = legal[0] >> 24
    if kind == K_PAY or kind == K_BREAD or kind == K_DECREES or kind == K_FAITH:
        return -1
    if mode == P_HAPPY:
        p = current_player(s)
        if p >= 0:
            room = s.happiness[p] < s.population[p] and s.happiness[p] < POP_MAX
            wantpop = s.population[p] - s.happiness[p] <= 1 and s.happiness[p] < POP_MAX
    for i in range(n):
        kind = legal[i] >> 24
        x = legal[i] & 0xFFFFFF
        if kind == K_TAKE:
            if x & TAKE_ANUBIS:
                w[i] = 1
            elif take_section(x) == ACT_SETH and mode != P_HEURISTIC1:   # a Seth-board die: a Building
                w[i] = SETH_TAKE_W
            elif mode != P_HEURISTIC0 and purity_of(s, take_section(x), take_colour(x)) == 0:
                w[i] = 12
            else:
                w[i] = 6
            if mode == P_HAPPY and (take_section(x) == 3 and room or take_section(x) == 2 and wantpop):
                w[i] *= 3
        elif kind == K_VALUE:
            w[i] = 3 * (n - 1) if x == s.cur_value else 1
        elif kind == K_ACT:
            w[i] = 4
            if mode == P_HAPPY and (x == 3 and room or x == 2 and wantpop):
                w[i] = 12
        elif kind == K_PRODUCE:
            w[i] = 1
        elif kind == K_SECTION:
            w[i] = 4
        else:
            w[i] = 1
        tot += w[i]
    return tot

cdef int prior_weights(State* s, int32_t* legal, int n, int mode, int* pw) noexcept nogil:
    """The tree prior's integer weights of the n legal actions (prior=): the playout policy's,
    the tuned policy's scaled to 1..1000; -1 for the kinds whose first option the policy takes."""
    cdef double dw[512]
    cdef double mx = 0
    cdef int i
    if tuned_mode(mode):
        if pt_weights(s, legal, n, dw, mode == P_TUNEDL) < 0:
            return -1
        for i in range(n):
            if dw[i] > mx:
                mx = dw[i]
        for i in range(n):
            pw[i] = 1 + <int>(999.0 * dw[i] / mx) if mx > 0 else 1
        return 0
    return policy_weights(s, legal, n, P_HEURISTIC if mode == P_RANDOM else mode, pw)

# ----------------------------------------------------------------------------- move-average sampling
cdef enum:
    MAST_BITS = 14                # the action table of each seat has 2**MAST_BITS slots (hashed)
    MAST_SIZE = 16384
    MAST_REC = 4096               # decisions remembered in one iteration (the rest are not counted)

# Move-average sampling (MAST): the mean reward of each action (hashed) over the iterations of one
# search in which its seat took it, in the tree or in the playout; a playout decision weighs each
# legal action's policy weight by exp(k x (its mean - the seat's mean reward)).
cdef struct Mast:
    double k                      # the weight (> 0)
    double half                   # the weight falls as k x half / (half + iterations) (0: constant)
    long long freeze              # the averages stop learning after this many iterations (0: never)
    float q[4][MAST_SIZE]         # mean reward of the seat over the iterations that took the action
    int nn[4][MAST_SIZE]          # those iterations
    double rs[4]                  # sum of the seat's rewards over all iterations
    long long it                  # iterations counted
    int nrec                      # decisions of the current iteration so far
    int32_t rec_h[MAST_REC]       # their table slots
    int rec_p[MAST_REC]           # their seats

cdef inline int mast_slot(int32_t a) noexcept nogil:
    """The table slot of an action (multiplicative hashing)."""
    return <int>(((<unsigned int>a) * <unsigned int>2654435761) >> (32 - MAST_BITS))

cdef inline void mast_note(Mast* m, int p, int32_t a) noexcept nogil:
    """Remember that seat p took action a in this iteration (m NULL: MAST off)."""
    if m != NULL and p >= 0 and m.nrec < MAST_REC:
        m.rec_h[m.nrec] = mast_slot(a)
        m.rec_p[m.nrec] = p
        m.nrec += 1

cdef int32_t mast_pick(State* s, int32_t* legal, int n, uint64_t* r, int mode, Mast* m) noexcept nogil:
    """policy_pick with every weight of the policy times exp(k x (mean reward of the action - mean
    reward of the seat)), the bias clipped to [-5, 5]; an action not yet taken keeps its weight.
    `greedy` playouts (a target by one ply) are not biased."""
    cdef double wt[512]
    cdef int iw[512]
    cdef double mean, b, k
    cdef int i, h, p
    if n <= 1 or mode == P_GREEDY or mode == P_GREEDYL:
        return policy_pick(s, legal, n, r, mode)
    if tuned_mode(mode):
        if pt_weights(s, legal, n, wt, mode == P_TUNEDL) < 0:
            return legal[0]
    elif mode == P_RANDOM:
        for i in range(n):
            wt[i] = 1.0
    else:
        if policy_weights(s, legal, n, mode, iw) < 0:
            return legal[0]
        for i in range(n):
            wt[i] = iw[i]
    p = current_player(s)
    mean = m.rs[p] / m.it if m.it > 0 else 0.5
    k = m.k * m.half / (m.half + m.it) if m.half > 0 else m.k
    for i in range(n):
        h = mast_slot(legal[i])
        if m.nn[p][h] > 0:
            b = k * (m.q[p][h] - mean)
            if b > 5:
                b = 5
            elif b < -5:
                b = -5
            wt[i] *= exp(b)
    return pick_weighted(legal, wt, n, r)

cdef void mast_update(Mast* m, double* rew, int nseats) noexcept nogil:
    """Add the iteration's rewards to the means of the actions it took, and start the next
    (after `freeze` iterations the averages stay as they are)."""
    cdef int i, p, h
    if m.freeze > 0 and m.it >= m.freeze:
        m.nrec = 0
        return
    for i in range(m.nrec):
        p = m.rec_p[i]
        h = m.rec_h[i]
        m.nn[p][h] += 1
        m.q[p][h] += <float>((rew[p] - m.q[p][h]) / m.nn[p][h])
    for p in range(nseats):
        m.rs[p] += rew[p]
    m.it += 1
    m.nrec = 0

cdef int32_t oracle_chance(State* s, int oracle, uint64_t* r, int* flips) noexcept nogil:
    """The outcome of the chance step on top: the state's own generator's (sample_chance), except
    that under a partial oracle (O_BOT, O_WORLD, O_NEXT) a kind of step the oracle does not see is
    drawn from r instead. Applying the outcome moves the state's generator on either way, so the
    steps the oracle sees still meet the game's own outcomes. flips counts the Deben flips the
    iteration has met (O_NEXT sees the first only)."""
    cdef uint64_t keep
    cdef int32_t a
    cdef int ty
    if oracle < O_BOT:
        return sample_chance(s)
    ty = s.tasks[s.ntasks - 1].type
    if oracle == O_NEXT:
        if ty == CH_DEBEN:
            flips[0] += 1
            if flips[0] == 1:
                return sample_chance(s)
    elif (ty == CH_DEBEN or ty == CH_PYRAMID) == (oracle == O_BOT):
        return sample_chance(s)
    keep = s.rng
    s.rng = rng_next(r)
    a = sample_chance(s)
    s.rng = keep
    return a

cdef int playout(State* s, uint64_t* r, int mode, int cutoff, int32_t* legal, int nl,
                 Mast* mst=NULL, int* decided=NULL, int oracle=O_OFF, int* flips=NULL) noexcept nogil:
    """Play to the end (or `cutoff` decisions, when > 0); returns 1 when the game ended.

    legal holds the nl legal actions of the decision on top when nl > 0 (what the last
    apply_action_legal found), else it is generated here. mst: the search's move averages
    (NULL: the policy alone), which bias the policy and count the decisions taken. decided
    (NULL: not counted): adds to decided[p] each decision of seat p the policy takes. oracle, flips:
    the Searcher's (O_*) and its iteration's count of Deben flips met (oracle_chance; NULL only with
    an oracle that does not count them)."""
    cdef int n, k = 0, m
    cdef int32_t a
    while s.ntasks > 0:
        m = current_player(s)
        if m == -1:
            a = oracle_chance(s, oracle, r, flips)
        else:
            if cutoff > 0 and k >= cutoff:
                return 0
            n = nl if nl > 0 else gen_legal(s, legal)
            if mst != NULL and n > 0:
                # (a table kept for progressive history alone, mast= 0, does not bias the policy)
                a = mast_pick(s, legal, n, r, mode, mst) if mst.k > 0 else policy_pick(s, legal, n, r, mode)
                mast_note(mst, m, a)
            else:
                a = policy_pick(s, legal, n, r, mode) if n > 0 else -1
            if decided != NULL:
                decided[m] += 1
            k += 1
        if a < 0:       # no outcome: cannot happen after advance(); evaluate instead
            return 0
        nl = apply_action_legal(s, a, legal)
    return 1

# ----------------------------------------------------------------------------- evaluation
cdef void static_eval(State* s, double* est) noexcept nogil:
    """Estimated final VP of every seat in an unfinished game.

    VP so far, plus what the position would score at each Scoring still to come (Temple
    with Statues, Statues, Happiness), plus a small value for the stock (Gold 0.5,
    Resources and Scribes 0.25 each). With Time of Seth also ``seth_static``.
    """
    cdef int p, i, left = scorings_left(s)
    cdef double stock
    for p in range(s.nseats):
        est[p] = s.vp[p]
        est[p] += left * (temple_score(s, p, 1) + happiness_vp(s.happiness[p]))
        stock = 0.5 * s.gold[p] + 0.25 * s.scribes[p]
        for i in range(4):
            stock += 0.25 * s.res[p][i]
        est[p] += stock
        if s.options & OPT_SETH:
            est[p] += seth_static(s, p, left)

cdef inline double sigmoid(double x) noexcept nogil:
    return 1.0 / (1.0 + exp(-x))

include "_eval.pxi"
include "_policy.pxi"
EVALS = {"static": 0, "learned": 1}   # the evaluation at a cut-off (docs/search.md)
cdef double MARGIN_SCALE = 10.0   # VP scale of the margin term of the reward (docs/search.md, "Rewards")
cdef double MIX_WIN_SCALE = 5.5   # VP scale of the win chance of the margin model's margin (mix=): the
                                  # learned evaluation's fitted win scale (docs/search.md)

cdef int beats(State* s, int p, int q) noexcept nogil:
    """p ahead of q at the end by the rulebook's order (VP, then Scribes, then turn order)."""
    cdef int k
    if s.vp[p] != s.vp[q]:
        return s.vp[p] > s.vp[q]
    if s.scribes[p] != s.scribes[q]:
        return s.scribes[p] > s.scribes[q]
    for k in range(s.nseats):
        if s.turn_order[k] == p:
            return 1
        if s.turn_order[k] == q:
            return 0
    return 0

cdef void rewards(State* s, int finished, int mode, double mw, double* centre, double* est, double* rew,
                  double* win, double* margin, int evm=0, int mseat=-1, double mix=0.0,
                  double mval=0.0, double* bonus=NULL) noexcept nogil:
    """Reward per seat in rew, final (or estimated) VP in est, win chance in win, margin in margin.

    The margin term of seat p is the logistic of (margin - centre[p]) / 10, where centre[p]
    is the mean margin of p over the search so far ("dynamic komi"): far ahead or far
    behind, a better margin than expected still counts. With mix > 0 (the search's mix=), seat
    mseat's margin and win chance are (1 - mix) x the playout's + mix x the margin model's `mval`
    (read at the leaf), and its estimated VP follow its margin. With bonus (NULL: none; the search's
    depth_vp=), seat p's VP count bonus[p] more in its reward and in `margin` (the centre's), not in
    `est` or `win` (what the search reports): the VP the playout policy's decisions are estimated to
    lose against the tree's.
    """
    cdef int p, q, N = s.nseats
    cdef double pw, best, best0, tot = 0, sc = EV_SCALE if evm else 4.0, mixed_best = 0
    cdef double adj[4]
    if finished:
        for p in range(N):
            est[p] = s.vp[p]
    elif evm:
        eval_learned(s, est)
    else:
        static_eval(s, est)
    for p in range(N):
        adj[p] = est[p] + (bonus[p] if bonus != NULL else 0.0)
    for p in range(N):
        pw = 0
        best = -1e9
        best0 = -1e9
        for q in range(N):
            if q == p:
                continue
            if finished:            # (without a bonus adj is the VP, and this is beats(s, p, q))
                pw += 1.0 if adj[p] > adj[q] else (beats(s, p, q) if adj[p] == adj[q] else 0.0)
            else:
                pw += sigmoid((adj[p] - adj[q]) / sc)
            if adj[q] > best:
                best = adj[q]
            if est[q] > best0:
                best0 = est[q]
        pw /= (N - 1)
        margin[p] = adj[p] - best
        if finished:
            win[p] = 1.0 if winner(s) == p else 0.0
        else:
            win[p] = sigmoid((est[p] - best0) / sc)
        if p == mseat and mix > 0:
            margin[p] = (1.0 - mix) * margin[p] + mix * mval
            pw = (1.0 - mix) * pw + mix * sigmoid(mval / MIX_WIN_SCALE)
            win[p] = (1.0 - mix) * win[p] + mix * sigmoid(mval / MIX_WIN_SCALE)
            mixed_best = best
        if mode == R_WIN:
            rew[p] = pw
        elif mode == R_SHARE:
            rew[p] = 0
        else:
            rew[p] = (1.0 - mw) * pw + mw * sigmoid((margin[p] - centre[p]) / MARGIN_SCALE)
        tot += est[p] if est[p] > 0 else 0
    if mode == R_SHARE:
        for p in range(N):
            rew[p] = (est[p] if est[p] > 0 else 0) / tot if tot > 0 else 1.0 / N
    if mseat >= 0 and mix > 0:       # after the loop: the other seats are scored on the playout's VP
        est[mseat] = mixed_best + margin[mseat]

cdef int read_state(bytes raw, State* out) except -1:
    """Copy a state given as ``to_bytes()`` into `out`: ValueError ("not a state", or the rules core's
    StateError) unless it is a consistent state, before anything reads it."""
    from tekhenu_engine._core import GameState
    if len(raw) != sizeof(State):
        raise ValueError("not a state")
    GameState.from_bytes(raw)
    memcpy(out, <char*>raw, sizeof(State))
    return 0

# ----------------------------------------------------------------------------- the search
cdef void check_decider(State* s, int seat) except *:
    """ValueError unless `seat` is the seat to decide in s: no seat decides at a chance step (-1) or
    once the game is over (-2), and a negative seat never names one."""
    cdef int m = current_player(s)
    if m < 0:
        raise ValueError("no seat is to decide in this position ("
                         + ("a chance step" if m == -1 else "the game is over") + ")")
    if seat != m:
        raise ValueError(f"seat {seat} is not to decide in this position")


cdef class Searcher:
    """One ISMCTS tree for the decision of `seat` in an observation.

    ``run(max_iterations, max_seconds)`` adds iterations (the GIL is released while it
    runs; ``request_stop()`` from another thread ends it after the current iteration).
    ``root_stats()``, ``pv()`` and the counters read the tree. ``flat=True`` makes it a
    flat Monte Carlo search (no tree below the root, actions tried in turn; each iteration
    plays out from its root action, with the same cutoff, mix, depth_vp and move averages).
    """
    cdef State root
    cdef int seat
    cdef Node* nodes
    cdef int nnodes
    cdef int cap
    cdef int max_nodes
    cdef RootStat rstat[512]
    cdef int vis0[512]       # visits each root child had when the tree was re-rooted (reroot)
    cdef int nroot
    cdef uint64_t rng
    cdef double c_uct
    cdef double margin_w     # weight of the margin term in the reward (R_MARGIN)
    cdef Mast* mast          # move-average sampling in the playouts (NULL: off)
    cdef int reward_mode
    cdef int playout_mode
    cdef int cutoff
    cdef int flat
    cdef int eval_mode       # 0: static_eval at a cut-off, 1: the learned evaluation (_eval.pxi)
    cdef double mix          # weight of the margin model in the searching seat's reward (0: off)
    cdef double depth_vp     # VP added to a seat's reward per decision of it the playout policy took (0: off)
    cdef double prior_w      # weight of the playout policy's prior in the tree (0: off; docs/search.md)
    cdef double hist_w       # progressive history: weight of the move averages in the tree (0: off)
    cdef double widen        # progressive widening below the root: ceil(widen x sqrt(visits + 1)) children (0: off)
    cdef int merge_chance    # chance="merge": one edge for every outcome of a chance step (docs/search.md)
    cdef int oracle          # measurement only (O_*): the full state searched as it is, its future seen
    cdef volatile int stop_flag
    cdef public long long iterations
    cdef double sum_win
    cdef double sum_margin
    cdef double msum[4]      # margin sums per seat (the centre of the margin term)
    cdef int path[4096]

    def __cinit__(self):
        self.nodes = NULL
        self.mast = NULL

    def __init__(self, bytes observation, int seat, seed=0, double c_uct=0.4, str reward="auto",
                 str playout="auto", int cutoff=0, int max_nodes=2000000, bint flat=False,
                 margin_weight=None, str eval="static", double prior=0.0, str chance="split",
                 mast=None, double mast_half=0.0, long long mast_freeze=0, double mix=0.0,
                 double depth_vp=0.0, str oracle="off", hist=None, double widen=0.0):
        """observation: ``GameState.observation(seat).to_bytes()`` with `seat` to decide.

        chance: "split" (a chance outcome the seat sees is an edge of its own) or "merge" (every
        outcome of a chance step shares one edge: the tree below is open-loop; docs/search.md).
        mast: the weight of move-average sampling in the playouts (0: off; None: the measured default
        of the table, MAST_WEIGHTS: 10 at 2-4 players, off in solo games; docs/search.md, "Move-average
        sampling"). mast_half: the weight falls as mast x mast_half / (mast_half + iterations of the
        search) (0: constant). mast_freeze: the averages stop learning after this many iterations
        (0: never). mix: the weight of the margin model (margin_set_model; fitted on solo games, so solo
        games only) against the playout in the searching seat's reward (0: off; docs/search.md,
        "What each lever gained (twenty-sixth session)"). depth_vp: VP added to each seat's reward for every
        decision of the seat the playout policy took in the iteration (0: off): the tree plays better than
        the playouts, so without it a leaf deeper in the tree scores more for that alone (docs/search.md,
        "What each lever gained (twenty-eighth session)"). oracle: a measurement harness's switch, not a
        way to play (no agent, protocol command or CLI option sets it; bench/clairvoyant.py does). "off"
        (the default): every iteration searches a determinisation of the observation. Otherwise the state
        given must be the full game state (no hidden card) and is searched as it is, with its own chance
        generator: "all" meets every roll, draw, tile and flip the game will deal on the line searched;
        "bot" only Botankhamun's pyramid order and Deben flips (the rest drawn from the search's own
        generator); "world" everything but those; "next" only Botankhamun's next Deben flip
        (docs/search.md, "What each lever gained (twenty-ninth session)"). hist: the weight of progressive
        history in the tree (0: off; None: the measured default of the table, HIST_WEIGHTS: 10 at 2
        players, off otherwise): an untried action is expanded in the order of its move average (the
        mean reward of the iterations in which the seat took it, the table of mast=), and a child's
        score gets hist x (that average - the seat's mean reward) / (visits + 1); the averages are kept
        even where mast= is 0 (docs/search.md, "Progressive history"). The flat search ignores it.
        widen: progressive widening below the root (0: off, the default): a decision node other than
        the root adds a child only while it has fewer than ceil(widen x sqrt(visits + 1)) children
        available in the iteration's determinisation, and otherwise selects among those by UCT; the
        order in which children are added is the untried actions' order above (policy, move average or
        drawn). The root keeps every action. Level at 2 players (docs/search.md, "What each lever gained
        (thirty-ninth session)"). The flat search ignores it."""
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if playout not in PLAYOUTS:
            raise ValueError(f"playout must be one of {', '.join(PLAYOUTS)}, not {playout!r}")
        read_state(observation, &self.root)
        check_decider(&self.root, seat)
        self.seat = seat
        self.rng = (<uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)) * <uint64_t>0x9E3779B97F4A7C15 + 0x1234567
        check_c_uct(c_uct)
        self.c_uct = c_uct
        if margin_weight is None:       # the measured defaults (docs/search.md, "Rewards")
            margin_weight = MARGIN_WEIGHTS[self.root.nplayers]
        if not 0.0 <= margin_weight <= 1.0:
            raise ValueError("margin_weight must be in [0, 1]")
        self.margin_w = margin_weight
        if mast is None:                # the measured defaults (docs/search.md, "Move-average sampling")
            mast = MAST_WEIGHTS[self.root.nplayers]
        check_mast_options(mast, mast_half, mast_freeze)
        self.reward_mode = REWARDS[reward]
        self.playout_mode = _playout_mode(playout, self.root.nplayers)
        self.cutoff = cutoff if cutoff > 0 else 0
        if eval not in EVALS:
            raise ValueError(f"eval must be one of {', '.join(EVALS)}, not {eval!r}")
        self.eval_mode = EVALS[eval]
        if (self.eval_mode or self.playout_mode == P_GREEDYL) and not EV_LOADED:
            from tekhenu_engine.agents.evalmodel import install_default
            install_default()
        if not prior >= 0.0:
            raise ValueError("prior must be at least 0")
        self.prior_w = prior
        if not 0.0 <= mix <= 1.0:
            raise ValueError("mix must be in [0, 1]")
        if mix > 0 and self.reward_mode != R_MARGIN:
            raise ValueError("mix needs the margin reward (reward auto or margin)")
        if mix > 0 and self.root.nplayers != 1:
            raise ValueError("mix: the margin model is fitted on solo games; this game has "
                             f"{self.root.nplayers} players")
        if mix > 0 and not MV_LOADED:
            from tekhenu_engine.agents.marginmodel import install_default as install_margin
            install_margin()
        self.mix = mix
        check_depth_vp(depth_vp, mix)
        self.depth_vp = depth_vp
        if chance not in CHANCE_MODES:
            raise ValueError(f"chance must be one of {', '.join(CHANCE_MODES)}, not {chance!r}")
        self.merge_chance = CHANCE_MODES.index(chance)
        if oracle not in ORACLES:
            raise ValueError(f"oracle must be one of {', '.join(ORACLES)}, not {oracle!r}")
        self.oracle = ORACLES.index(oracle)
        if self.oracle != O_OFF and unknown_cards(&self.root, -1):    # read_state tied the hidden counts to them
            raise ValueError(f"oracle={oracle!r} needs the full game state, not an observation (it hides cards)")
        self.flat = flat
        if hist is None:                # the measured defaults (docs/search.md, "Progressive history")
            hist = HIST_WEIGHTS[self.root.nplayers]
        check_hist(hist)
        self.hist_w = 0.0 if flat else hist
        check_widen(widen)
        self.widen = 0.0 if flat else widen
        self.max_nodes = max_nodes if max_nodes > 16 else 16
        self.cap = 4096
        self.nodes = <Node*>malloc(self.cap * sizeof(Node))
        if self.nodes == NULL:
            raise MemoryError()
        if mast > 0 or self.hist_w > 0:
            self.mast = <Mast*>malloc(sizeof(Mast))
            if self.mast == NULL:
                raise MemoryError()
            memset(self.mast, 0, sizeof(Mast))
            self.mast.k = mast
            self.mast.half = mast_half
            self.mast.freeze = mast_freeze
        self.nnodes = 0
        self.nroot = 0
        memset(self.rstat, 0, sizeof(self.rstat))
        memset(self.vis0, 0, sizeof(self.vis0))
        self.new_node(-1, -1, -1)
        self.iterations = 0
        self.stop_flag = 0
        self.msum[0] = self.msum[1] = self.msum[2] = self.msum[3] = 0

    def __dealloc__(self):
        if self.nodes != NULL:
            free(self.nodes)
        if self.mast != NULL:
            free(self.mast)

    @staticmethod
    def node_bytes():
        """Memory of one tree node in bytes."""
        return sizeof(Node)

    @property
    def nodes_used(self):
        return self.nnodes

    cdef int new_node(self, int parent, int32_t key, int mover) noexcept nogil:
        cdef Node* nd
        cdef Node* grown
        cdef int i
        if self.nnodes >= self.max_nodes:
            return -1
        if self.nnodes >= self.cap:
            grown = <Node*>realloc(self.nodes, 2 * self.cap * sizeof(Node))
            if grown == NULL:
                return -1
            self.nodes = grown
            self.cap *= 2
        i = self.nnodes
        self.nnodes += 1
        nd = &self.nodes[i]
        nd.key = key
        nd.first_child = -1
        nd.visits = 0
        nd.avail = 0
        nd.mover = mover
        nd.slot = -1
        nd.rsum[0] = nd.rsum[1] = nd.rsum[2] = nd.rsum[3] = 0
        if parent >= 0:
            nd.next_sibling = self.nodes[parent].first_child
            self.nodes[parent].first_child = i
            if parent == 0:
                nd.slot = self.nroot
                self.vis0[nd.slot] = 0
                self.nroot += 1
        else:
            nd.next_sibling = -1
        return i

    cdef int find_child(self, int node, int32_t key, int mover) noexcept nogil:
        cdef int c = self.nodes[node].first_child
        while c >= 0:
            if self.nodes[c].key == key and self.nodes[c].mover == mover:
                return c
            c = self.nodes[c].next_sibling
        return -1

    cdef int select(self, int node, State* s, int m, int32_t* legal, int n, int32_t* chosen) noexcept nogil:
        """Tree policy at a visible decision of seat m: the child to follow, or a new one.

        Returns the child (created when an untried action is picked; then ``chosen``
        holds the action and the return value is ``-2 - child`` to mark the expansion),
        or -1 when the node pool is full (``chosen`` still holds an action).
        """
        cdef int cidx[512]
        cdef int pw[512]
        cdef int i, c, untried = 0, k, best = -1, pmax = 1, h
        cdef double v, bv = -1e300, lg, hmean = 0.5
        cdef Node* nd
        if self.prior_w > 0:
            # the playout policy's weights (before sorting: the first option of an ordered kind)
            k = prior_weights(s, legal, n, self.playout_mode, pw)
            if k < 0:
                for i in range(n):
                    pw[i] = 8 if i == 0 else 1
            for i in range(n):
                if pw[i] > pmax:
                    pmax = pw[i]
            sort_actions_w(legal, pw, n)
        else:
            sort_actions(legal, n)
        for i in range(n):
            cidx[i] = -1
        c = self.nodes[node].first_child
        while c >= 0:
            nd = &self.nodes[c]
            if nd.mover == m:
                i = find_sorted(legal, n, nd.key)
                if i >= 0:
                    cidx[i] = c
                    nd.avail += 1
            c = nd.next_sibling
        for i in range(n):
            if cidx[i] < 0:
                untried += 1
        if self.hist_w > 0 and self.mast.it > 0:
            hmean = self.mast.rs[m] / self.mast.it     # the seat's mean reward (progressive history)
        if untried and self.widen > 0 and node != 0 and \
                n - untried >= <int>ceil(self.widen * sqrt(self.nodes[node].visits + 1.0)):
            untried = 0     # progressive widening: the children so far are enough for the visits
        if untried:
            if self.prior_w > 0 and not self.flat:
                # an untried action drawn by the policy's weights (the likely ones first)
                k = 0
                for i in range(n):
                    if cidx[i] < 0:
                        k += pw[i]
                k = rng_int(&self.rng, k)
                for i in range(n):
                    if cidx[i] < 0:
                        k -= pw[i]
                        if k < 0:
                            break
            elif self.hist_w > 0:
                # progressive history: the untried action with the best move average (ties drawn;
                # an action no iteration took counts as the seat's mean)
                best = -1
                for i in range(n):
                    if cidx[i] < 0:
                        h = mast_slot(legal[i])
                        v = (self.mast.q[m][h] - hmean) if self.mast.nn[m][h] > 0 else 0.0
                        v += 1e-6 * rng_int(&self.rng, 1000)
                        if best < 0 or v > bv:
                            bv = v
                            best = i
                i = best
            else:
                k = rng_int(&self.rng, untried)
                for i in range(n):
                    if cidx[i] < 0:
                        if k == 0:
                            break
                        k -= 1
            chosen[0] = legal[i]
            c = self.new_node(node, legal[i], m)
            if c < 0:
                return -1
            self.nodes[c].avail = 1
            return -2 - c
        for i in range(n):
            if cidx[i] < 0:
                continue        # not yet widened to (progressive widening)
            nd = &self.nodes[cidx[i]]
            if self.flat:
                v = -nd.visits      # flat Monte Carlo: every action in turn
            else:
                v = nd.rsum[m] / nd.visits + self.c_uct * sqrt(log(nd.avail) / nd.visits)
                if self.prior_w > 0:    # progressive bias: the policy's share, fading with visits
                    v += self.prior_w * pw[i] / <double>pmax / (nd.visits + 1)
                if self.hist_w > 0:     # progressive history: the move average's lead, fading with visits
                    h = mast_slot(nd.key)
                    if self.mast.nn[m][h] > 0:
                        v += self.hist_w * (self.mast.q[m][h] - hmean) / (nd.visits + 1)
            if v > bv:
                bv = v
                best = i
        chosen[0] = legal[best]
        return cidx[best]

    cdef void iterate(self) noexcept nogil:
        cdef State s
        cdef int32_t legal[512]
        cdef int32_t a = 0
        cdef int32_t key
        cdef int node = 0, plen = 1, m, n, child, finished, p, k, slot, in_tree = 1
        cdef int nl = -2     # legal actions of the decision on top already in legal (when > 0)
        cdef double est[4]
        cdef double rew[4]
        cdef double win[4]
        cdef double best
        cdef double mval = 0
        cdef double centre[4]
        cdef double marg[4]
        cdef double bonus[4]
        cdef int decided[4]
        cdef Node* nd
        cdef int flips = 0        # Deben flips met (oracle="next" sees the first)
        decided[0] = decided[1] = decided[2] = decided[3] = 0
        memcpy(&s, &self.root, sizeof(State))
        if self.oracle == O_OFF:
            resample_state(&s, &self.rng)
        if self.mast != NULL:
            self.mast.nrec = 0
        self.path[0] = 0
        while s.ntasks > 0 and in_tree:
            if plen >= MAX_PATH - 1:
                break
            m = current_player(&s)
            if m == -1 or not decision_visible(&s, self.seat):
                # chance, or a choice the seat cannot see: sampled, edge keyed by what is seen
                if m == -1:
                    a = oracle_chance(&s, self.oracle, &self.rng, &flips)
                    if a < 0:
                        break
                    key = a if not self.merge_chance and chance_visible(&s, self.seat) else HIDDEN_KEY
                    m = -1
                else:
                    n = nl if nl > 0 else gen_legal(&s, legal)
                    if n <= 0:
                        break
                    a = policy_pick(&s, legal, n, &self.rng, self.playout_mode)
                    key = HIDDEN_KEY
                nl = apply_action_legal(&s, a, legal)
                child = self.find_child(node, key, m)
                if child < 0:
                    child = self.new_node(node, key, m)
                    if child < 0:
                        break
                node = child
                self.path[plen] = node
                plen += 1
                continue
            n = nl if nl > 0 else gen_legal(&s, legal)
            if n <= 0:
                break
            child = self.select(node, &s, m, legal, n, &a)
            mast_note(self.mast, m, a)
            nl = apply_action_legal(&s, a, legal)
            if child == -1:
                break
            if child <= -2:
                child = -2 - child
                in_tree = 0
            node = child
            self.path[plen] = node
            plen += 1
            if self.flat:       # flat Monte Carlo: the playout takes over below the root's action
                in_tree = 0
        if self.mix > 0:          # the margin model reads the leaf, before the playout
            mval = margin_value(&s, self.seat)
        finished = playout(&s, &self.rng, self.playout_mode, self.cutoff, legal, nl, self.mast,
                           decided if self.depth_vp > 0 else NULL, self.oracle, &flips)
        for p in range(4):
            centre[p] = self.msum[p] / self.iterations if self.iterations > 0 else 0.0
            bonus[p] = self.depth_vp * decided[p]
        rewards(&s, finished, self.reward_mode, self.margin_w, centre, est, rew, win, marg, self.eval_mode,
                self.seat, self.mix, mval, bonus if self.depth_vp > 0 else NULL)
        for p in range(s.nseats):
            self.msum[p] += marg[p]
        if self.mast != NULL:
            mast_update(self.mast, rew, s.nseats)
        for k in range(plen):
            nd = &self.nodes[self.path[k]]
            nd.visits += 1
            for p in range(s.nseats):
                nd.rsum[p] += <float>rew[p]
        best = -1e9
        for p in range(s.nseats):
            if p != self.seat and est[p] > best:
                best = est[p]
        self.sum_win += win[self.seat]
        self.sum_margin += est[self.seat] - best
        slot = self.nodes[self.path[1]].slot if plen > 1 else -1
        if slot >= 0:
            self.rstat[slot].wins += win[self.seat]
            self.rstat[slot].margin += est[self.seat] - best
            for p in range(s.nseats):
                self.rstat[slot].vp[p] += est[p]
            for k in range(NVP):
                self.rstat[slot].bd[k] += s.breakdown[k][self.seat]
        self.iterations += 1

    def run(self, long long max_iterations=-1, double max_seconds=-1.0):
        """Add up to max_iterations iterations (-1: no limit) within max_seconds (-1: no limit).

        Stops at once after the current iteration when :meth:`request_stop` is called.
        Returns the number of iterations done by this call.
        """
        cdef long long done = 0
        cdef double deadline = now_s() + max_seconds if max_seconds >= 0 else 1e300
        if max_iterations < 0 and max_seconds < 0:
            raise ValueError("give an iteration or a time budget")
        self.stop_flag = 0
        with nogil:
            while (max_iterations < 0 or done < max_iterations) and not self.stop_flag:
                self.iterate()
                done += 1
                if max_seconds >= 0 and now_s() >= deadline:
                    break
        return done

    def top_visits(self):
        """(visits of the most visited root child, visits of the second), 0 where there is none:
        the search can stop early when no budget left could change which child is most visited."""
        cdef int c = self.nodes[0].first_child
        cdef int v1 = 0, v2 = 0, v
        while c >= 0:
            v = self.nodes[c].visits
            if v > v1:
                v2 = v1
                v1 = v
            elif v > v2:
                v2 = v
            c = self.nodes[c].next_sibling
        return v1, v2

    def request_stop(self):
        """End a running :meth:`run` after its current iteration (safe from another thread)."""
        self.stop_flag = 1

    def root_stats(self):
        """Statistics of every child of the root (the candidates) as dicts."""
        out = []
        cdef int c = self.nodes[0].first_child
        cdef Node* nd
        cdef RootStat* rs
        while c >= 0:
            nd = &self.nodes[c]
            rs = &self.rstat[nd.slot]
            out.append({
                "action": nd.key, "visits": nd.visits, "avail": nd.avail,
                "stat_visits": nd.visits - self.vis0[nd.slot],   # the iterations the sums below cover
                "reward_sum": nd.rsum[self.seat], "wins": rs.wins, "margin_sum": rs.margin,
                "vp_sum": [rs.vp[p] for p in range(self.root.nseats)],
                "bd_sum": {VP_CATEGORIES[k]: rs.bd[k] for k in range(NVP)},
            })
            c = nd.next_sibling
        out.sort(key=lambda d: d["action"])
        return out

    def reroot(self, int32_t action, bytes observation):
        """Keep the subtree below the searching seat's `action` for its next decision (tree reuse).

        `observation` is the seat's observation after `action` (the seat decides again, nothing in
        between). The child of the root reached by `action` becomes the root with its statistics;
        the rest of the tree is dropped. The root children's visits are kept (they steer the next
        selection and the choice of the best move); their win, margin, VP and breakdown figures
        start again (``stat_visits`` counts the iterations they cover). Returns False, and changes
        nothing, when there is no such child or the observation is not the seat's decision.
        """
        cdef int c, k, m, n, i, head
        cdef int* order
        cdef int* newidx
        cdef Node* fresh
        cdef State obs
        read_state(observation, &obs)
        if current_player(&obs) != self.seat:
            return False
        c = self.nodes[0].first_child
        while c >= 0 and not (self.nodes[c].key == action and self.nodes[c].mover == self.seat):
            c = self.nodes[c].next_sibling
        if c < 0 or self.nodes[c].visits == 0:
            return False
        order = <int*>malloc(self.nnodes * sizeof(int))
        newidx = <int*>malloc(self.nnodes * sizeof(int))
        fresh = <Node*>malloc(self.cap * sizeof(Node))
        if order == NULL or newidx == NULL or fresh == NULL:
            free(order)
            free(newidx)
            free(fresh)
            raise MemoryError()
        # the subtree in breadth-first order: order[k] is the old index of new node k
        n = 1
        order[0] = c
        newidx[c] = 0
        head = 0
        while head < n:
            m = self.nodes[order[head]].first_child
            while m >= 0:
                newidx[m] = n
                order[n] = m
                n += 1
                m = self.nodes[m].next_sibling
            head += 1
        for k in range(n):
            fresh[k] = self.nodes[order[k]]
            fresh[k].first_child = newidx[fresh[k].first_child] if fresh[k].first_child >= 0 else -1
            fresh[k].next_sibling = newidx[fresh[k].next_sibling] if (k > 0 and fresh[k].next_sibling >= 0) else -1
            fresh[k].slot = -1
        fresh[0].key = -1
        fresh[0].mover = -1
        free(order)
        free(newidx)
        free(self.nodes)
        self.nodes = fresh
        self.nnodes = n
        memset(self.rstat, 0, sizeof(self.rstat))
        memset(self.vis0, 0, sizeof(self.vis0))
        self.nroot = 0
        m = self.nodes[0].first_child
        while m >= 0:
            if self.nroot < 512:
                self.nodes[m].slot = self.nroot
                self.vis0[self.nroot] = self.nodes[m].visits
                self.nroot += 1
            m = self.nodes[m].next_sibling
        memcpy(&self.root, &obs, sizeof(State))
        self.iterations = 0
        self.sum_win = 0
        self.sum_margin = 0
        self.msum[0] = self.msum[1] = self.msum[2] = self.msum[3] = 0
        return True

    def totals(self):
        """(iterations, nodes, sum of win chances, sum of margins) of the searching seat."""
        return self.iterations, self.nnodes, self.sum_win, self.sum_margin

    def tree_shape(self):
        """(visits, children, decision) of every node, the root first: how wide the tree grew
        (progressive widening's bound, tests). `decision` is True when the node's children are a visible
        decision's actions (their mover is a seat and their key an action), False for chance steps,
        hidden choices and leaves."""
        cdef int i, c, k
        out = []
        for i in range(self.nnodes):
            k = 0
            c = self.nodes[i].first_child
            dec = c >= 0 and self.nodes[c].mover >= 0 and self.nodes[c].key != HIDDEN_KEY
            while c >= 0:
                k += 1
                c = self.nodes[c].next_sibling
            out.append((self.nodes[i].visits, k, bool(dec)))
        return out

    def pv(self, int max_len=200):
        """Most visited line from the root: [(seat or -1 for chance, action or -1 if hidden)]."""
        out = []
        cdef int node = 0, c, best
        cdef int bv
        while len(out) < max_len:
            c = self.nodes[node].first_child
            best = -1
            bv = 0
            while c >= 0:
                if self.nodes[c].visits > bv:
                    bv = self.nodes[c].visits
                    best = c
                c = self.nodes[c].next_sibling
            if best < 0 or bv < 2:
                break
            key = self.nodes[best].key
            out.append((self.nodes[best].mover, -1 if key == HIDDEN_KEY else key))
            node = best
        return out

# ----------------------------------------------------------------------------- baselines
cdef void finish_turn(State* s, int seat, uint64_t* r) noexcept nogil:
    """After a greedy candidate: finish the seat's own pending steps by the playout policy."""
    cdef int32_t legal[512]
    cdef int n, guard = 0, nl = -2
    while s.ntasks > 0 and guard < 64:
        guard += 1
        if current_player(s) == -1:
            nl = apply_action_legal(s, sample_chance(s), legal)
            continue
        if current_player(s) != seat:
            return
        n = nl if nl > 0 else gen_legal(s, legal)
        nl = apply_action_legal(s, policy_pick(s, legal, n, r, P_HEURISTIC), legal)

cdef double value_of(State* s, int p) noexcept nogil:
    """Greedy value: VP plus resource value (the static evaluation without the other seats)."""
    cdef double est[4]
    static_eval(s, est)
    return est[p] + 0.2 * s.population[p] + 0.3 * s.happiness[p]

def static_estimate(bytes state):
    """The static evaluation's estimated final VP of every seat (``GameState.to_bytes()``)."""
    cdef State s
    cdef double est[4]
    read_state(state, &s)
    static_eval(&s, est)
    return [est[p] for p in range(s.nseats)]

def reward_terms(bytes state, double margin_weight, centre, bonus=None):
    """The search's margin reward (``reward="margin"``) of every seat in a state (``to_bytes()``) as
    one iteration computes it at the end of its playout: the final VP when the game is over, the static
    evaluation otherwise. `centre`: each seat's mean margin so far; `bonus`: each seat's VP added to its
    reward (depth_vp= x its decisions in the playout; None: none). Returns {"reward", "win", "margin",
    "est"}, lists by seat: "margin" is the one the reward reads (with the bonus), "win" and "est" what
    the search reports (without it)."""
    cdef State s
    cdef double est[4]
    cdef double rew[4]
    cdef double win[4]
    cdef double marg[4]
    cdef double cen[4]
    cdef double bon[4]
    cdef int p, n
    read_state(state, &s)
    n = s.nseats
    if n < 2:
        raise ValueError("a reward needs two seats")
    if len(centre) != n or (bonus is not None and len(bonus) != n):
        raise ValueError(f"give {n} centres and {n} bonuses (or None)")
    if not 0.0 <= margin_weight <= 1.0:
        raise ValueError("margin_weight must be in [0, 1]")
    for p in range(n):
        cen[p] = centre[p]
        bon[p] = bonus[p] if bonus is not None else 0.0
    rewards(&s, s.ntasks == 0, R_MARGIN, margin_weight, cen, est, rew, win, marg, 0, -1, 0.0, 0.0,
            bon if bonus is not None else NULL)
    return {"reward": [rew[p] for p in range(n)], "win": [win[p] for p in range(n)],
            "margin": [marg[p] for p in range(n)], "est": [est[p] for p in range(n)]}

def playout_decisions(bytes observation, seed=0, str policy="auto"):
    """Play an observation (``to_bytes()``) to the end with the playout policy `policy` as a search's
    playout does, the hidden cards dealt from `seed`: (the final state's bytes, the decisions each seat
    took)."""
    cdef State s
    cdef int32_t legal[512]
    cdef int decided[4]
    cdef uint64_t r
    cdef int mode
    read_state(observation, &s)
    mode = _playout_mode(policy, s.nplayers)
    r = seed_state(<uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF), 0x5EED)
    resample_state(&s, &r)
    decided[0] = decided[1] = decided[2] = decided[3] = 0
    with nogil:
        playout(&s, &r, mode, 0, legal, 0, NULL, decided)
    return (<char*>&s)[:sizeof(State)], [decided[p] for p in range(s.nseats)]

def greedy_choice(bytes observation, int seat, seed=0, int samples=2):
    """The greedy one-step action: best value (VP and resources) after the action.

    Each legal action is applied to `samples` determinisations of the observation, the
    rest of the seat's own steps for that action are completed by the playout policy,
    and the mean value is compared (ties: first in legal order).
    """
    cdef State root, s
    cdef int32_t legal[512]
    cdef int n, i, k
    cdef uint64_t r = (<uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)) * <uint64_t>0x9E3779B97F4A7C15 + 99
    cdef double v, best = -1e300
    cdef int32_t choice
    read_state(observation, &root)
    check_decider(&root, seat)
    n = gen_legal(&root, legal)
    choice = legal[0]
    with nogil:
        for i in range(n):
            v = 0
            for k in range(samples):
                memcpy(&s, &root, sizeof(State))
                resample_state(&s, &r)
                apply_action(&s, legal[i])
                finish_turn(&s, seat, &r)
                v += value_of(&s, seat)
            if v > best + 1e-9:
                best = v
                choice = legal[i]
    return choice

def playout_reads_tuned_weights(str name):
    """Whether the playout `name` reads the tuned policy's weights (a mode of tuned_mode); "auto"
    does when the auto playout of some table does (an agent loads the weights before it knows its
    table)."""
    if name == "auto":
        return any(tuned_mode(PLAYOUTS[n]) for n in AUTO_PLAYOUT.values())
    return name in PLAYOUTS and tuned_mode(PLAYOUTS[name])

def check_mast_options(mast, mast_half=0.0, mast_freeze=0):
    """ValueError naming the option unless the move averages' options are valid: mast in [0,
    MAST_MAX] (None: the table's default, not checked here), mast_half a finite number at least 0,
    mast_freeze a whole number at least 0. The Searcher and ISMCTSAgent both call it."""
    if mast is not None and not 0.0 <= mast <= MAST_MAX:
        raise ValueError(f"mast must be in [0, {MAST_MAX:g}]")
    if not 0 <= mast_half < float("inf"):
        raise ValueError("mast_half must be a number of iterations, at least 0")
    if not (mast_freeze >= 0 and mast_freeze == int(mast_freeze)):
        raise ValueError("mast_freeze must be a whole number of iterations, at least 0")

def check_c_uct(c_uct):
    """ValueError unless the UCT exploration constant is a finite number above 0 (rewards are in [0,
    1]; 0 or less would stop the tree from ever trying again a move that lost once). The Searcher,
    ISMCTSAgent and the protocol's Exploration option all call it."""
    if not 0.0 < c_uct < float("inf"):
        raise ValueError("c_uct must be a finite number above 0")

def check_hist(hist):
    """ValueError unless the weight of progressive history is in [0, HIST_MAX] (None: the table's
    default, not checked here). The Searcher and ISMCTSAgent both call it."""
    if hist is not None and not 0.0 <= hist <= HIST_MAX:
        raise ValueError(f"hist must be in [0, {HIST_MAX:g}]")

def check_widen(widen):
    """ValueError unless the constant of progressive widening is in [0, WIDEN_MAX]. The Searcher
    and ISMCTSAgent both call it."""
    if not 0.0 <= widen <= WIDEN_MAX:
        raise ValueError(f"widen must be in [0, {WIDEN_MAX:g}]")

DEPTH_VP_MAX = 100.0   # the largest depth_vp= (VP per decision of the playout policy)

def check_depth_vp(depth_vp, mix=0.0):
    """ValueError unless depth_vp is in [0, DEPTH_VP_MAX] and, when on, mix is off. The Searcher and
    ISMCTSAgent both call it."""
    if not 0.0 <= depth_vp <= DEPTH_VP_MAX:
        raise ValueError(f"depth_vp must be in [0, {DEPTH_VP_MAX:g}]")
    if depth_vp > 0 and mix > 0:
        raise ValueError("depth_vp and mix cannot be combined")

def _playout_mode(str name, int players=0):
    """The compiled playout mode of a name (PLAYOUTS; "auto": AUTO_PLAYOUT of the players); installs
    the shipped learned model or the tuned policy's weights when the policy reads them and none are
    installed yet."""
    if name not in PLAYOUTS:
        raise ValueError(f"playout must be one of {', '.join(PLAYOUTS)}, not {name!r}")
    if name == "auto":
        if players not in AUTO_PLAYOUT:
            raise ValueError("the playout 'auto' depends on the number of players")
        name = AUTO_PLAYOUT[players]
    if PLAYOUTS[name] == P_GREEDYL and not EV_LOADED:
        from tekhenu_engine.agents.evalmodel import install_default
        install_default()
    if tuned_mode(PLAYOUTS[name]) and not PT_LOADED:
        from tekhenu_engine.agents.playoutmodel import install_default as install_playout
        install_playout()
    return PLAYOUTS[name]

def policy_choice(bytes observation, int seat, seed=0, str playout="heuristic"):
    """One action of the playout policy (to measure the policy as a player)."""
    cdef State root
    cdef int32_t legal[512]
    cdef uint64_t r = (<uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)) * <uint64_t>0x9E3779B97F4A7C15 + 5
    read_state(observation, &root)
    check_decider(&root, seat)
    cdef int n = gen_legal(&root, legal)
    return policy_pick(&root, legal, n, &r, _playout_mode(playout, root.nplayers))

def playout_margins(states, seats, int playouts, seed=0, str policy="auto"):
    """The mean final margin (the seat's VP minus the best other seat's) of `playouts` playouts from
    each state: a list of observations (``to_bytes()``, each at a decision of its seat in `seats`),
    each playout from a fresh determinisation (resample_state) played to the end by the playout
    policy `policy` alone (no tree, no move averages). Returns a float64 array. Deterministic for a
    seed. To measure what the playouts say of a position (bench/fit_playout_value.py)."""
    import numpy as np
    cdef State root, s
    cdef int32_t legal[512]
    cdef int i, k, q, seat, mode, nstates = len(states)
    cdef double tot, best
    cdef uint64_t r = seed_state(<uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF), 17)
    if playouts < 1:
        raise ValueError("playouts must be at least 1")
    if len(seats) != nstates:
        raise ValueError("one seat per state")
    out = np.zeros(nstates, dtype=np.float64)
    cdef double[::1] o = out
    for i in range(nstates):
        raw = states[i]
        if not isinstance(raw, bytes):
            raise ValueError(f"state {i} is not a state")
        try:
            read_state(raw, &root)
        except ValueError as e:       # the rules core's StateError names the field
            raise ValueError(f"state {i} is not a state" + ("" if str(e) == "not a state" else f": {e}")) from None
        seat = int(seats[i])
        try:
            check_decider(&root, seat)
        except ValueError as e:
            raise ValueError(f"state {i}: {e}") from None
        mode = _playout_mode(policy, root.nplayers)
        with nogil:
            tot = 0
            for k in range(playouts):
                memcpy(&s, &root, sizeof(State))
                resample_state(&s, &r)
                playout(&s, &r, mode, 0, legal, 0)
                best = -1e300
                for q in range(s.nseats):
                    if q != seat and s.vp[q] > best:
                        best = s.vp[q]
                tot += s.vp[seat] - best
            o[i] = tot / playouts
    return out

def policy_match(int players, int games, seed=0, int heuristic_seats=1, str policy="heuristic",
                 str other="random", options=None, other_row=None):
    """Games between playout policies: `policy` for the seats in the bit mask, `other` elsewhere.

    Returns (wins per seat, mean VP per seat). Runs entirely in compiled code. `options`: the
    games' TableOptions (e.g. Time of Seth). `other_row`: with `other="tuned"`, the other seats play
    the tuned policy with this row of PT_N weights instead of their table's installed row (the fit
    against the tuned policy itself, playoutmodel.fitness).
    """
    global PT_OPP_SEATS
    cdef uint64_t r = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF) + 11
    cdef int k
    cdef int ma = _playout_mode(policy, players), mb = _playout_mode(other, players)
    if other_row is not None:
        import numpy as np
        row = np.asarray(other_row, dtype=np.float64)
        if mb != P_TUNED or row.shape != (PT_N,) or not np.all(np.isfinite(row)):
            raise ValueError(f"other_row needs other='tuned' and {PT_N} finite weights")
        for k in range(PT_N):
            PT_OPP_W[k] = row[k]
        PT_OPP_SEATS = ~heuristic_seats & 0xF
    try:
        return _policy_games(players, games, seed, heuristic_seats, ma, mb, options, r)
    finally:
        PT_OPP_SEATS = 0

cdef object _policy_games(int players, int games, seed, int heuristic_seats, int ma, int mb, options,
                  uint64_t r):
    from tekhenu_engine._core import GameState
    cdef State s
    cdef int32_t legal[512]
    cdef int g, n, m, p, nl
    wins = [0] * 4
    vps = [0.0] * 4
    for g in range(games):
        st = GameState.new(players, int(seed) * 100003 + g, options)
        raw = st.to_bytes()
        memcpy(&s, <char*>raw, sizeof(State))
        with nogil:
            nl = -2
            while s.ntasks > 0:
                m = current_player(&s)
                if m == -1:
                    nl = apply_action_legal(&s, sample_chance(&s), legal)
                    continue
                n = nl if nl > 0 else gen_legal(&s, legal)
                nl = apply_action_legal(&s, policy_pick(&s, legal, n, &r, ma if (heuristic_seats >> m) & 1 else mb), legal)
        wins[winner(&s)] += 1
        for p in range(s.nseats):
            vps[p] += <double>s.vp[p] / games
    return wins[: s.nseats], vps[: s.nseats]
