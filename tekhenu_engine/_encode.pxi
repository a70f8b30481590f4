# Included from _core.pyx (after the rules): the encodings for learning and game-theory users.
#
# 1. The dense action index: a bijection between every action the rules core produces and
#    [0, N) (player decisions) or [0, NC) (chance outcomes). It is built from ONE table,
#    `_enc_kind_payloads()`: for each action kind (named K_* enum members, never raw ints) the
#    sorted list of payloads that kind can carry, derived from the data tables. The index of an
#    action is the offset of its kind plus the rank of its payload in that list; nothing else
#    knows the bit layout of a payload, so a change of the action encoding changes that table
#    only. docs/rl.md documents the layout.
# 2. The observation and information-state tensors (float32, version ENC_OBS_VERSION), written
#    by `enc_state` from an *observation* (GameState.observation(seat): every hidden card is
#    already masked there), so no hidden information can reach a tensor. Player-indexed
#    features are rotated so that row 0 is the observing seat. The strength work (a learned
#    evaluation, issue 13) calls the same `enc_state` (docs/rl.md, "Sharing the encoder").

# ----------------------------------------------------------------------------- dense action index
cdef enum:
    ENC_MAXK = 64            # action kinds are < 64 (the high byte of an action)
    ENC_MAXPAY = 16384       # total payload slots of the table (decisions + chance)

# Two layers: layer 0 is the base game's index (every table without Time of Seth: N 3653), layer 1
# appends, kind after kind, the payloads only Time of Seth produces (its dice colours, the Seth
# board and action, Conquest tiles, Cultists, Artifacts, its cards). A base-game action has the
# same index with or without the option; a table with `seth` has N = layer 0 + layer 1.
cdef int ENC_OFF[2][2][ENC_MAXK]     # [layer][space][kind]: first index of the kind's payloads
cdef int ENC_SIZE[2][2][ENC_MAXK]    # payloads of the kind in the layer (0: none in that space)
cdef int ENC_START[2][2][ENC_MAXK]   # where its sorted payloads start in ENC_PAY
cdef int32_t ENC_PAY[ENC_MAXPAY]     # sorted payloads, kind after kind, layer after layer
cdef int32_t ENC_ACT[2][ENC_MAXPAY]  # [space][index] -> action
cdef int ENC_N[2]                    # N, NC with Time of Seth (both layers)
cdef int ENC_NBASE[2]                # N, NC of every table without Time of Seth (layer 0)
cdef unsigned char ENC_SEEN[ENC_MAXPAY]  # scratch of enc_check_random_games

# The spaces of the kinds: chance outcomes (gen_chance) are indexed in [0, NC), a seat's
# decisions in [0, N). K_DRAFT is both: a drafted Starting card, or one dealt at random
# (random_start). Every other kind is a decision.
_ENC_CHANCE_KINDS = (K_ROLL, K_WHEEL, K_HORUS_TILE, K_TILE, K_DRAW, K_REVEAL, K_FIRST, K_DEBEN,
                     K_TIE, K_BOTDESTINY, K_PYRAMID, K_CONQUEST)
_ENC_BOTH_KINDS = (K_DRAFT,)


def _enc_deck_ids(seth=False):
    """Card ids per deck (Blessings, Technologies, Decrees), in the core's numbering; without
    seth only the base game's rows of data.CARD_DECKS (letters B, T, D), so that the index of a
    base game does not move when the expansion's cards (BX, TX, DX rows) join the decks."""
    if seth:
        return [list(ids) for ids in _data.DECK_IDS]
    base = {first + k for letter, _, first, count in _data.CARD_DECKS if letter in ("B", "T", "D")
            for k in range(count)}
    return [[c for c in ids if c in base] for ids in _data.DECK_IDS]


def _enc_pay_max():
    """The largest single cost the rules ask for (a payment spends exactly its cost)."""
    d = _data
    costs = [max(d.STATUE_COSTS), max(a + b for a, b in d.PILLAR_COSTS),
             max(b[3] for b in d.BUILDING_SPACES), max(d.THOTH_PAPYRUS_FOR_VALUE),
             3]     # Horus: 2 or 3 Papyrus (hook_papyrus_cost in effects/hooks.pxi)
    return max(costs)


def _enc_kind_payloads(seth=False):
    """THE table of the dense index: {kind: sorted payloads}, in kind order.

    Built from the kind enum and the data tables only. Without ``seth`` it is the base game's
    table (5 die colours, 6 God actions, the base cards); with ``seth`` the table of a Time of
    Seth game (8 colours, the Seth action and board, its cards, Conquest tiles, Cultists and
    Artifacts), a superset of the base table. Each list is a superset of the payloads the rules
    can produce (the exhaustive tests check that every legal action and chance outcome is in
    it); docs/rl.md explains every row.
    """
    d = _data
    decks = _enc_deck_ids(seth)
    cards = [c for deck in decks for c in deck]
    ncolours = len(d.DIE_COLOURS) if seth else d.BAG_COLOURS
    ngod = len(d.GODS)
    nres = len(d.RESOURCES)
    nstart = len(d.STARTING_INITIATIVE)
    ndest = len(d.DESTINY_ANKH)
    values = range(1, 7)
    acts = list(range(ngod)) + ([ACT_SETH] if seth else [])   # God actions; Produce is K_PRODUCE
    sections = list(range(ngod)) + ([ACT_SETH] if seth else [])   # wheel sections, the Seth board
    t = {}
    t[K_PASS] = [0]
    t[K_ROLL] = list(range(ncolours * 6))                      # colour*6 + value-1
    t[K_WHEEL] = list(range(ngod))
    t[K_HORUS_TILE] = list(range(ngod))
    t[K_TILE] = list(range(1, d.N_PILLARS + 1))
    t[K_DRAW] = cards
    t[K_REVEAL] = list(range(nstart))
    t[K_FIRST] = list(range(MAXP))
    t[K_DEBEN] = [0, 1]
    t[K_TIE] = list(range(16))                                  # CH_TIE: at most 16 candidates
    t[K_KEEP] = cards
    t[K_DRAFT] = list(range(nstart))
    t[K_DESTINY] = list(range(ndest))
    t[K_GAIN] = list(range(G_NONE))
    # take: take_payload(section, colour, value), plain, without an action or with Anubis
    t[K_TAKE] = sorted([take_payload(sec, col, v) | fl for sec in sections for col in range(ncolours)
                        for v in values for fl in (0, TAKE_NO_ACTION, TAKE_ANUBIS)])
    t[K_VALUE] = list(values)
    t[K_ACT] = acts
    t[K_PRODUCE] = [0] + [1 + r for r in range(nres)]           # the die's colour, or Resource r
    t[K_STATUE] = list(range(1 + len(d.PEOPLE_SPACES)))
    t[K_SPACE] = list(range(NT))
    t[K_ROT] = list(range(4))
    t[K_BUILD] = list(range(len(d.BUILDING_SPACES)))
    t[K_DISTRICT] = list(range(nres))
    t[K_REFRESH] = list(range(len(d.MARKET_SECTIONS)))
    t[K_SECTION] = list(range(len(d.MARKET_SECTIONS)))
    t[K_CARD] = cards
    # pay: P B L G Gold Scribes (3 bits each) + bit 18 (T22 swap); the parts sum to the cost
    m = _enc_pay_max()
    pay = set()
    for a0 in range(m + 1):
        for a1 in range(m + 1 - a0):
            for a2 in range(m + 1 - a0 - a1):
                for a3 in range(m + 1 - a0 - a1 - a2):
                    for au in range(m + 1 - a0 - a1 - a2 - a3):
                        for sc in range(m + 1 - a0 - a1 - a2 - a3 - au):
                            x = a0 | (a1 << 3) | (a2 << 6) | (a3 << 9) | (au << 12) | (sc << 15)
                            pay.add(x)
                            pay.add(x | (1 << 18))
    t[K_PAY] = sorted(pay)
    t[K_FAITH] = list(range(1, 64))     # net + 32: every net Faith -31..+31 the payload can hold
    # bread: Scribes<<8 | Bread<<4 | Gold, parts at most the largest upkeep
    need = sum(b for b, _ in d.BUILDING_ROW)
    t[K_BREAD] = sorted((sc << 8) | (b << 4) | g for b in range(need + 1) for g in range(need + 1 - b)
                        for sc in range(need + 1 - b - g))
    # decrees: at most 3, one per symbol, packed (id+1, 7 bits each) in symbol order
    bysym = [[] for _ in d.DECREE_SYMBOLS]
    for c in decks[2]:
        bysym[DECREE_SYM[c]].append(c)
    sets = [[]]
    for cs in bysym:
        sets = sets + [s + [c] for s in sets for c in cs if len(s) < 3]
    t[K_DECREES] = sorted(sum((c + 1) << (7 * i) for i, c in enumerate(s)) for s in sets)
    # extra: act<<4 | value (the ACT_* codes: gods, Seth, produce-r)
    t[K_EXTRA] = sorted((a << 4) | v for a in acts + [ACT_PRODUCE_RES + r for r in range(nres)] for v in values)
    # bless: card | option<<7 (options: colour*3 + choice is the widest, docs/cards.md)
    t[K_BLESS] = sorted(c | (o << 7) for c in cards for o in range(ncolours * 3))
    t[K_BOTDESTINY] = list(range(ndest))
    t[K_PYRAMID] = list(range(len(d.BOT_GOD_TILES) + len(d.BOT_RESOURCE_TILES)))
    t[K_VZ_DISCARD] = list(range(ndest))                        # Vizier: the Destiny card discarded
    t[K_VIZIER] = sorted({x for row in d.VIZIER_AREAS.values() for x in row})   # Vizier: its area
    if seth:
        # Time of Seth (seth/*.pxi): Cultists and Artifacts revealed (CULT_BASE / ART_BASE + k),
        # a Cultist drafted, an Artifact taken at a Destiny pick (ART_PICK + k), a Soldier or a
        # Priest of a mix, the Conquest tile turned up and its Temple space, Anubis as red/blue,
        # a Cultist's conversion (Resource 0-3, 4 Gold, CONVERT_NONE), an Artifact used
        t[K_REVEAL] += [CULT_BASE + k for k in range(N_CULTISTS)] + [ART_BASE + k for k in range(N_ARTIFACTS)]
        t[K_DRAFT] += [CULT_BASE + k for k in range(N_CULTISTS)]
        t[K_DESTINY] += [ART_PICK + k for k in range(N_ARTIFACTS)]
        t[K_GAIN] += [G_SOL, G_PRI]
        # Horus on the Seth board (seth/horus.pxi): a Statue for the people under a column, in honour of Seth
        t[K_STATUE] += [ST_SETH_PEOPLE + k for k in range(N_SETH_PEOPLE)] + [ST_SETH_GOD]
        # TX02: k Faith paid in place of Soldiers (seth/cards.pxi); Botankhamun's Seth tiles (solo/seth.pxi)
        t[K_PAY] = sorted(set(t[K_PAY]) | {k << PAY_FAITH_SHIFT for k in range(1, 8)})
        t[K_PYRAMID] = list(range(len(d.BOT_GOD_TILES) + len(d.BOT_RESOURCE_TILES) + len(d.BOT_SETH_TILES)))
        t[K_CONQUEST] = list(range(N_CONQUEST))
        t[K_CQSPACE] = list(range(NT))
        t[K_AS] = [1, 2]
        t[K_CONVERT] = list(range(nres + 1)) + [CONVERT_NONE]
        t[K_USE] = list(range(N_ARTIFACTS))
        # BX03/BX04: a Building moved between Osiris and the Seth board (options 1-48); TX05: the
        # Thoth action's cards from several sections (seth/cards.pxi)
        bx = [_card_id(n) for n in ("BX03", "BX04")]
        t[K_BLESS] = sorted(set(t[K_BLESS]) | {c | (o << 7) for c in bx for o in range(1, BX_OPTIONS + 1)})
        t[K_SECTION] += [THOTH_TX05]
    return dict(sorted(t.items()))


def _enc_build():
    """Fill the C tables of the dense index (once at import): layer 0 the base table, layer 1
    what the Time of Seth table adds to each kind, appended after every base index."""
    cdef int k, sp, i, layer, pos = 0
    for sp in range(2):
        ENC_N[sp] = 0
        for layer in range(2):
            for k in range(ENC_MAXK):
                ENC_OFF[layer][sp][k] = 0
                ENC_SIZE[layer][sp][k] = 0
                ENC_START[layer][sp][k] = 0
    base = _enc_kind_payloads(False)
    full = _enc_kind_payloads(True)
    layers = (base, {k: sorted(set(v) - set(base.get(k, ()))) for k, v in full.items()})
    for layer in range(2):
        for k, pays in layers[layer].items():
            if not 0 < k < ENC_MAXK:
                raise ValueError(f"action kind {k} outside the index table")
            if pos + len(pays) > ENC_MAXPAY:
                raise ValueError("dense action table too small")
            for i in range(len(pays)):
                ENC_PAY[pos + i] = pays[i]
            spaces = [0, 1] if k in _ENC_BOTH_KINDS else ([1] if k in _ENC_CHANCE_KINDS else [0])
            for sp in spaces:
                ENC_OFF[layer][sp][k] = ENC_N[sp]
                ENC_SIZE[layer][sp][k] = len(pays)
                ENC_START[layer][sp][k] = pos
                for i in range(len(pays)):
                    ENC_ACT[sp][ENC_N[sp] + i] = mk(k, pays[i])
                ENC_N[sp] += len(pays)
            pos += len(pays)
        if layer == 0:
            ENC_NBASE[0] = ENC_N[0]
            ENC_NBASE[1] = ENC_N[1]

_enc_build()


cdef int enc_index(int32_t a, int sp) noexcept nogil:
    """Dense index of an action in space sp (0 decisions, 1 chance outcomes), -1 if none."""
    cdef int k = (a >> 24) & 0xFF
    cdef int32_t x = a & 0xFFFFFF
    cdef int lo, hi, mid, layer
    if k >= ENC_MAXK:
        return -1
    for layer in range(2):
        if ENC_SIZE[layer][sp][k] == 0:
            continue
        lo = ENC_START[layer][sp][k]
        hi = lo + ENC_SIZE[layer][sp][k] - 1
        while lo <= hi:
            mid = (lo + hi) >> 1
            if ENC_PAY[mid] == x:
                return ENC_OFF[layer][sp][k] + mid - ENC_START[layer][sp][k]
            if ENC_PAY[mid] < x:
                lo = mid + 1
            else:
                hi = mid - 1
    return -1


cdef inline int enc_n(State* s, int sp) noexcept nogil:
    """The size of space sp for this state's table (the Seth layer only with the option)."""
    return ENC_N[sp] if s.options & OPT_SETH else ENC_NBASE[sp]


def _enc_seth(options) -> bool:
    if options is None:
        return False
    if isinstance(options, dict):
        return bool(options.get("seth"))
    return bool(getattr(options, "seth", False))


def num_distinct_actions(options=None):
    """N: the size of the dense index of player decisions for a table with these options (a
    TableOptions, a dict or None). Every base-game option set (and the Vizier's Challenge) has
    the base N; Time of Seth (``seth``) appends its decisions after them (docs/rl.md)."""
    return ENC_N[0] if _enc_seth(options) else ENC_NBASE[0]


def num_chance_outcomes(options=None):
    """NC: the size of the dense index of chance outcomes (Time of Seth appends its own, as above)."""
    return ENC_N[1] if _enc_seth(options) else ENC_NBASE[1]


def action_kind_table():
    """[(kind, chance space?, first index, size)]: the layout of the dense index (docs/rl.md)."""
    return [(k, bool(sp), ENC_OFF[0][sp][k], ENC_SIZE[0][sp][k]) for sp in range(2) for k in range(ENC_MAXK)
            if ENC_SIZE[0][sp][k]]


def action_kind_table_seth():
    """[(kind, chance space?, first index, size)]: what Time of Seth appends to the dense index,
    after the base table (docs/rl.md)."""
    return [(k, bool(sp), ENC_OFF[1][sp][k], ENC_SIZE[1][sp][k]) for sp in range(2) for k in range(ENC_MAXK)
            if ENC_SIZE[1][sp][k]]


def enc_check_random_games(int players, int games, seed=0, int options=3, int difficulty=0):
    """Exhaustive compiled check of the dense index over random games.

    At every step of `games` random games: every legal action (or chance outcome) has an index
    in its space, `index -> action` gives it back, and no two share an index (legal_mask()
    sets exactly those indices; tests/test_encode.py checks it at Python level). options: the core's option bits (default random Horus and wheel);
    difficulty: Botankhamun's level 0-2. Returns (steps, actions checked); raises AssertionError naming
    the first action that fails.
    """
    cdef State s
    cdef uint64_t r = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
    cdef int32_t buf[512]
    cdef double probs[512]
    cdef int g, n, i, j, sp, bad = 0
    cdef int32_t bad_a = 0
    cdef long long steps = 0, checked = 0
    cdef unsigned char* seen = ENC_SEEN
    if True:
        with nogil:
            memset(seen, 0, ENC_MAXPAY)
            for g in range(games):
                init_state(&s, players, options, difficulty, rng_next(&r))
                while s.ntasks and not bad:
                    if current_player(&s) == -1:
                        n = gen_chance(&s, buf, probs)
                        sp = 1
                    else:
                        n = gen_legal(&s, buf)
                        sp = 0
                    if n <= 0:
                        bad = 4
                        break
                    for i in range(n):
                        j = enc_index(buf[i], sp)
                        if j < 0 or j >= enc_n(&s, sp):
                            bad = 1
                        elif ENC_ACT[sp][j] != buf[i]:
                            bad = 2
                        elif seen[j]:
                            bad = 3
                        if bad:
                            bad_a = buf[i]
                            break
                        seen[j] = 1
                        checked += 1
                    for i in range(n):
                        j = enc_index(buf[i], sp)
                        if j >= 0:
                            seen[j] = 0
                    steps += 1
                    if sp == 1:
                        apply_action(&s, sample_chance(&s))
                    else:
                        apply_action(&s, buf[rng_int(&r, n)])
                if bad:
                    break
    if bad:
        why = {1: "has no index in its space", 2: "does not come back from its index",
               3: "shares its index with another legal action", 4: "(a step with no outcome)"}[bad]
        raise AssertionError(f"action {bad_a} (kind {bad_a >> 24}) {why}")
    return steps, checked


# ----------------------------------------------------------------------------- tensors
ENC_OBS_VERSION = 5            # 2: the vizier block; 3: the seth block; 4: the seth VP category at its end;
                               # 5: hidden counts over the deck's size in the table (it was 24 for every table)
cdef enum:
    ENC_TOP_TASKS = 4        # task-stack entries encoded (top first)
    ENC_TASK_TYPES = 100     # task types are 1..99
    ENC_COLOURS = 8          # die colours (base 5, Time of Seth 8)
    ENC_DIE_LOCS = 26        # bag, 6 sections, Seth, pure[4], taint[4], anubis[4], bot[4], hand, box
    ENC_CARD_LOCS = 19       # pile discard box market unknown bottom bot hand[4] pending[4] bottomk[4]
    ENC_MAXBLOCKS = 64

# The cards of the tensors, deck by deck (from _enc_deck_ids, like the action index).
cdef int ENC_NCARD = 0
cdef int ENC_CARD_ID[MAX_CARDS]
cdef int ENC_CARD_DECK[MAX_CARDS]
# Time of Seth's own cards (the BX, TX, DX rows of data.CARD_DECKS) have fixed slots in the seth
# block: ENC_XCARDS of them, so the tensor length does not change when such a row is added.
cdef enum:
    ENC_XCARDS = 16
cdef int ENC_NXCARD = 0
cdef int ENC_XCARD_ID[ENC_XCARDS]
# The size of each deck (B, T, D) without and with Time of Seth (from _enc_deck_ids: 24 each; 28,
# 29, 28): the hidden counts of a deck are divided by it, so that each stays within [0, 1].
cdef double ENC_DECK_SIZE[2][3]


def _enc_cards():
    global ENC_NCARD, ENC_NXCARD
    cdef int n = 0
    for deck, ids in enumerate(_enc_deck_ids()):
        for c in ids:
            ENC_CARD_ID[n] = c
            ENC_CARD_DECK[n] = deck
            n += 1
    ENC_NCARD = n
    for seth in range(2):
        sizes = [len(ids) for ids in _enc_deck_ids(bool(seth))]
        if len(sizes) != 3:
            raise ValueError(f"{len(sizes)} decks: the tensors count hidden cards of 3")
        for deck in range(3):
            ENC_DECK_SIZE[seth][deck] = sizes[deck]
    base = {c for ids in _enc_deck_ids() for c in ids}
    extra = [c for ids in _enc_deck_ids(True) for c in ids if c not in base]
    if len(extra) > ENC_XCARDS:
        raise ValueError(f"{len(extra)} Time of Seth cards: the tensor has {ENC_XCARDS} slots")
    for n, c in enumerate(extra):
        ENC_XCARD_ID[n] = c
    ENC_NXCARD = len(extra)

_enc_cards()


cdef struct Enc:
    float* out
    int n
    int nblocks
    int block_at[ENC_MAXBLOCKS]

cdef inline void e_put(Enc* e, float v) noexcept nogil:
    if e.out != NULL:
        e.out[e.n] = v
    e.n += 1

cdef inline void e_onehot(Enc* e, int v, int n) noexcept nogil:
    """n slots, slot v set (none when v is outside 0..n-1)."""
    cdef int i
    if e.out != NULL:
        for i in range(n):
            e.out[e.n + i] = 0.0
        if 0 <= v < n:
            e.out[e.n + v] = 1.0
    e.n += n

cdef inline void e_bits(Enc* e, int v, int n) noexcept nogil:
    cdef int i
    for i in range(n):
        e_put(e, 1.0 if (v >> i) & 1 else 0.0)

cdef inline void e_block(Enc* e) noexcept nogil:
    if e.nblocks < ENC_MAXBLOCKS:
        e.block_at[e.nblocks] = e.n
    e.nblocks += 1

cdef inline int e_rel(State* s, int p, int seat) noexcept nogil:
    """Seat p as seen from seat (0: itself, 1: next...), -1 for no seat."""
    if p < 0 or p >= s.nseats:
        return -1
    return (p - seat + s.nseats) % s.nseats

cdef inline int e_abs(State* s, int row, int seat) noexcept nogil:
    """The seat in row `row` of a rotated table (-1 for a row past the seats)."""
    if row >= s.nseats:
        return -1
    return (seat + row) % s.nseats

cdef inline int e_card_cat(State* s, int loc, int seat, int memory) noexcept nogil:
    if loc < CL_HAND:
        return loc if loc <= CL_BOT else -1
    if loc < CL_PENDING:
        return 7 + e_rel(s, loc - CL_HAND, seat)
    if loc < CL_BOTTOMK:
        return 11 + e_rel(s, loc - CL_PENDING, seat)
    if loc < CL_BOTTOMK + 4:
        if not memory:
            return CL_UNKNOWN           # "I put it at the bottom" is memory, not a view
        return 15 + e_rel(s, loc - CL_BOTTOMK, seat)
    return -1

cdef inline int e_die_cat(State* s, int loc, int seat) noexcept nogil:
    if 0 <= loc <= DL_SETH:
        return loc                      # bag, sections 1-6, Seth board
    if DL_PURE <= loc < DL_PURE + 4:
        return 8 + e_rel(s, loc - DL_PURE, seat)
    if DL_TAINT <= loc < DL_TAINT + 4:
        return 12 + e_rel(s, loc - DL_TAINT, seat)
    if DL_ANUBIS <= loc < DL_ANUBIS + 4:
        return 16 + e_rel(s, loc - DL_ANUBIS, seat)
    if DL_BOT <= loc < DL_BOT + 4:
        return 20 + e_rel(s, loc - DL_BOT, seat)
    if loc == 98:
        return 24
    if loc == DL_BOX:
        return 25
    return -1

cdef void enc_state(State* s, int seat, int memory, Enc* e) noexcept nogil:
    """Write the tensor of an observation `s` (already masked for `seat`) into e.

    memory=0: the observation tensor (what the seat sees now); memory=1: the information
    state (also what it remembers: the cards it put at the bottom of a deck). The block order
    is `_ENC_BLOCKS` (docs/rl.md); with e.out == NULL only the size and block starts are found.
    """
    cdef int i, j, k, p, c, cat, row, ty, absent, seth
    cdef float cnt[ENC_DIE_LOCS * ENC_COLOURS * 6]
    cdef int hidden[3][16]
    cdef Task* t
    # meta
    e_block(e)
    e_onehot(e, s.nplayers - 1, 4)
    e_put(e, s.round / 16.0)
    e_put(e, s.maat_count / 3.0)
    e_put(e, s.scoring_count / 2.0)
    e_put(e, 1.0 if s.ntasks == 0 else 0.0)
    e_onehot(e, s.arrow, 6)
    e_onehot(e, e_rel(s, current_player(s) if s.ntasks else -1, seat), 4)
    e_onehot(e, e_rel(s, s.first_player, seat), 4)
    e_bits(e, s.options, 4)
    e_onehot(e, s.difficulty, 3)
    # the top of the task stack: what is being decided
    e_block(e)
    for i in range(ENC_TOP_TASKS):
        if i < s.ntasks:
            t = &s.tasks[s.ntasks - 1 - i]
            e_onehot(e, t.type, ENC_TASK_TYPES)
            e_onehot(e, e_rel(s, t.p, seat), 4)
            e_put(e, t.a / 64.0)
            e_put(e, t.b / 64.0)
            e_put(e, t.c / 64.0)
            e_put(e, t.d / 64.0)
        else:
            e_onehot(e, -1, ENC_TASK_TYPES + 4)
            e_onehot(e, -1, 4)
    # the die being used this turn
    e_block(e)
    e_put(e, 1.0 if s.cur_die >= 0 else 0.0)
    e_onehot(e, s.cur_value - 1, 6)
    e_onehot(e, s.cur_section, 7)
    e_onehot(e, s.cur_colour, ENC_COLOURS)
    e_put(e, 1.0 if s.cur_anubis else 0.0)
    # dice: count per (place, colour, value)
    e_block(e)
    for i in range(ENC_DIE_LOCS * ENC_COLOURS * 6):
        cnt[i] = 0.0
    for i in range(s.ndice):
        cat = e_die_cat(s, s.die_loc[i], seat)
        if cat < 0 or not 0 <= s.die_colour[i] < ENC_COLOURS:
            continue
        j = s.die_value[i] - 1
        if j < 0 or j > 5:
            j = 0
        cnt[(cat * ENC_COLOURS + s.die_colour[i]) * 6 + j] += 1.0
    for i in range(ENC_DIE_LOCS * ENC_COLOURS * 6):
        e_put(e, cnt[i])
    # board
    e_block(e)
    for i in range(6):
        e_onehot(e, s.horus_slot_god[i], 6)
    for i in range(6):
        for k in range(4):
            e_onehot(e, e_rel(s, s.statue_god[i][k], seat), 4)
    for k in range(4):
        e_onehot(e, e_rel(s, s.people[k], seat), 4)
        e_put(e, s.people_gold[k] / 4.0)
    for i in range(6):
        for k in range(4):
            e_onehot(e, e_rel(s, s.osiris[i][k], seat), 4)
    e_put(e, s.osiris_row2_gold / 4.0)
    e_block(e)
    for i in range(NT):
        e_onehot(e, s.temple_tile[i], 28)
        e_onehot(e, s.temple_rot[i], 4)
        e_onehot(e, e_rel(s, s.temple_owner[i], seat), 4)
    for i in range(NB):
        e_onehot(e, e_rel(s, s.bspace[i], seat), 4)
    for i in range(3):
        e_onehot(e, s.ra[i], 28)
    for i in range(28):
        e_onehot(e, s.pillar_loc[i], 3)
    # cards
    e_block(e)
    for k in range(ENC_NCARD):
        e_onehot(e, e_card_cat(s, s.card_loc[ENC_CARD_ID[k]], seat, memory), ENC_CARD_LOCS)
    for k in range(ENC_NCARD):
        c = ENC_CARD_ID[k]
        j = -1
        for i in range(NMARKET):
            if s.market[i] == c:
                j = i
        e_onehot(e, j, NMARKET)
    for i in range(4):
        e_put(e, 1.0 if s.market_open[i] else 0.0)
    for ty in range(3):
        for j in range(16):
            hidden[ty][j] = s.hidden_count[ty][j]
    if not memory:
        for k in range(ENC_NCARD):
            if s.card_loc[ENC_CARD_ID[k]] == CL_BOTTOMK + seat:
                hidden[ENC_CARD_DECK[k]][13] += 1
    for ty in range(3):
        for j in range(14):
            # classes 0-3 hand, 4-7 pending, 8-11 known bottom (of seat j%4); 12 pile, 13 bottom
            if j < 12:
                k = (j // 4) * 4 + e_rel(s, j % 4, seat) if j % 4 < s.nseats else j
            else:
                k = j
            cnt[k] = hidden[ty][j] / ENC_DECK_SIZE[1 if s.options & OPT_SETH else 0][ty]
        for j in range(14):
            e_put(e, cnt[j])
    for i in range(12):
        j = s.start_loc[i]
        e_onehot(e, j if j < 2 else (2 + e_rel(s, j - 2, seat) if j < 6 else 6), 7)
    for i in range(4):
        e_onehot(e, e_rel(s, s.destiny_owner[i], seat), 4)
    # players, rotated: row 0 is the observing seat
    e_block(e)
    for row in range(MAXP):
        p = e_abs(s, row, seat)
        k = e.n
        absent = p < 0
        if absent:
            p = 0                   # written, then cleared: every row has the same length
        e_put(e, 1.0)
        e_put(e, 1.0 if is_bot(s, p) else 0.0)
        j = -1
        for i in range(s.nseats):
            if s.turn_order[i] == p:
                j = i
        e_onehot(e, j, 4)
        e_put(e, s.vp[p] / 100.0)
        e_put(e, s.happiness[p] / 21.0)
        e_put(e, s.population[p] / 21.0)
        e_put(e, s.gold[p] / 10.0)
        e_put(e, s.scribes[p] / 10.0)
        e_put(e, s.faith[p] / 10.0)
        for i in range(4):
            e_put(e, s.res[p][i] / 10.0)
        for i in range(4):
            e_put(e, s.prod[p][i] / 6.0)
        e_put(e, s.excess[p] / 10.0)
        e_put(e, s.pure_sum[p] / 30.0)
        e_put(e, s.taint_sum[p] / 30.0)
        e_put(e, s.ndice_board[p] / 10.0)
        e_put(e, s.statues[p] / 6.0)
        e_put(e, s.buildings[p] / 10.0)
        e_put(e, s.pillars[p] / 8.0)
        e_onehot(e, s.destiny[p], 4)
        e_bits(e, s.hap_flags[p], 3)
        e_put(e, s.balance[p] / 10.0)
        e_put(e, s.soldiers[p] / 10.0)
        e_put(e, s.priests[p] / 10.0)
        e_put(e, s.blood[p] / 10.0)
        e_bits(e, s.turn_flags[p], 11)
        for i in range(VP_SETH):       # the seth category is in the seth block (version 4)
            e_put(e, s.breakdown[i][p] / 50.0)
        if absent and e.out != NULL:
            for i in range(k, e.n):
                e.out[i] = 0.0
    # Botankhamun (solo)
    e_block(e)
    for i in range(10):
        e_onehot(e, s.bot_pyramid[i] if s.nplayers == 1 else -1, 10)
    e_onehot(e, s.bot_pos + 1 if s.nplayers == 1 else -1, 11)
    e_put(e, s.bot_turns / 40.0)
    # the Vizier's Challenge (flow/vizier.pxi): all 0 without the option
    e_block(e)
    e_put(e, 1.0 if s.options & OPT_VIZIER else 0.0)
    e_onehot(e, s.vizier_area - 1, NGOD_ACTIONS)
    e_onehot(e, s.vizier_discard - 1, 4)
    for row in range(4):
        p = e_abs(s, row, seat)
        e_put(e, s.vizier_vp[p] / 20.0 if p >= 0 else 0.0)
    # Time of Seth (seth/*.pxi): all 0 without the option. The Seth board's dice are in the dice
    # block (place 7), Soldiers, Priests and Blood in the players block; nothing here is hidden
    # (the Conquest stack is one count, its order is never in the state; Cultists and Artifacts
    # not drawn are "nowhere"; the expansion's cards use the same masked places as the others).
    e_block(e)
    seth = s.options & OPT_SETH
    e_put(e, 1.0 if seth else 0.0)
    for i in range(N_SETH_SPACES):
        e_onehot(e, e_rel(s, s.seth_build[i], seat) if seth else -1, 4)
    for i in range(N_SETH_PEOPLE):
        e_onehot(e, e_rel(s, s.seth_people[i], seat) if seth else -1, 4)
    for i in range(N_SETH_GOD):
        e_onehot(e, e_rel(s, s.seth_god[i], seat) if seth else -1, 4)
    for i in range(N_CONQUEST):           # in the stack / face up / on a Temple space
        j = s.conquest_loc[i]
        e_onehot(e, (0 if j == CQ_STACK else 1 if j == CQ_FACEUP else 2 if j >= CQ_TEMPLE else -1)
                 if seth else -1, 3)
    for i in range(NT):
        e_onehot(e, s.temple_conquest[i] if seth else -1, N_CONQUEST)
    for i in range(N_CULTISTS + N_ARTIFACTS):   # displayed / gone / owned or held by a seat
        j = s.cult_loc[i] if i < N_CULTISTS else s.art_loc[i - N_CULTISTS]
        e_onehot(e, (0 if j == SP_DISPLAY else 1 if j == SP_GONE else
                     2 + e_rel(s, j - SP_SEAT, seat) if j >= SP_SEAT else -1) if seth else -1, 6)
    e_bits(e, s.seth_flags if seth else 0, 4)
    for row in range(4):
        p = e_abs(s, row, seat)
        e_bits(e, s.seth_gate[p] if seth and p >= 0 else 0, GATE_BITS)
    for k in range(ENC_XCARDS):
        c = ENC_XCARD_ID[k] if k < ENC_NXCARD else -1
        e_onehot(e, e_card_cat(s, s.card_loc[c], seat, memory) if seth and c >= 0 else -1, ENC_CARD_LOCS)
        j = -1
        if seth and c >= 0:
            for i in range(NMARKET):
                if s.market[i] == c:
                    j = i
        e_onehot(e, j, NMARKET)
    for row in range(4):                  # the VP category seth per rel seat (version 4)
        p = e_abs(s, row, seat)
        e_put(e, s.breakdown[VP_SETH][p] / 50.0 if seth and p >= 0 else 0.0)
    e_block(e)

# Block names in the order enc_state writes them (docs/rl.md has the details of each).
_ENC_BLOCKS = ("meta", "tasks", "current_die", "dice", "board", "temple", "cards", "players", "botankhamun",
               "vizier", "seth")


cdef int ENC_OBS_SIZE = 0     # set once at import (enc_size_scan)

cdef inline int enc_size() noexcept nogil:
    return ENC_OBS_SIZE

cdef int enc_size_scan() noexcept nogil:
    """Run the encoder without output to find the tensor length."""
    cdef State s
    cdef Enc e
    memset(&s, 0, sizeof(State))
    s.nplayers = 2
    s.nseats = 2
    e.out = NULL
    e.n = 0
    e.nblocks = 0
    enc_state(&s, 0, 0, &e)
    return e.n


ENC_OBS_SIZE = enc_size_scan()


def observation_tensor_size(players=None):
    """Length of the observation and information-state tensors (the same for every player count)."""
    return enc_size()


def observation_layout():
    """[(block, first index, length)] of the tensors (version ENC_OBS_VERSION)."""
    cdef State s
    cdef Enc e
    memset(&s, 0, sizeof(State))
    s.nplayers = 2
    s.nseats = 2
    e.out = NULL
    e.n = 0
    e.nblocks = 0
    enc_state(&s, 0, 0, &e)
    if e.nblocks != len(_ENC_BLOCKS) + 1:
        raise AssertionError("tensor block names do not match enc_state")
    return [(_ENC_BLOCKS[i], e.block_at[i], e.block_at[i + 1] - e.block_at[i]) for i in range(len(_ENC_BLOCKS))]


cdef object enc_tensor(State* masked, int seat, int memory):
    """The tensor of an observation as a numpy float32 array."""
    import numpy as _np
    cdef int n = enc_size()
    arr = _np.zeros(n, dtype=_np.float32)
    cdef float[::1] v = arr
    cdef Enc e
    e.out = &v[0]
    e.n = 0
    e.nblocks = 0
    enc_state(masked, seat, memory, &e)
    return arr


cdef object enc_mask(State* s):
    """Legal mask of the pending step in its space (decisions: N, chance: NC)."""
    import numpy as _np
    cdef int32_t buf[512]
    cdef double probs[512]
    cdef int n = 0, i, sp = 0, j
    if s.ntasks:
        if current_player(s) == -1:
            n = gen_chance(s, buf, probs)
            sp = 1
        else:
            n = gen_legal(s, buf)
    arr = _np.zeros(enc_n(s, sp), dtype=_np.bool_)
    cdef unsigned char[::1] v = arr.view(_np.uint8)
    for i in range(n):
        j = enc_index(buf[i], sp)
        if j >= 0:
            v[j] = 1
    return arr
