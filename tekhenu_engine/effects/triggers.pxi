# Included by _core.pyx: the trigger layer. Effects fire through one point per kind of event: the
# simple "on EVENT gain REWARDS" effects are data rows (data.TRIGGERS) loaded into EFFECT_* tables.
# Held-card events go through fire(): a seat's active effects are the rows of the cards it holds
# (Botankhamun ignores card effects). Source events (a Pillar tile's ability, a Starting card, a
# Destiny card) go through fire_source(): the rows of that one tile or card pay the seat.
#
# A row may be "once per turn": fire() then keeps a per-seat, per-turn used mask (State.turn_flags
# bits from TF_EFFECT_SHIFT, reset at the start of the seat's turn) -- the gate Time of Seth's
# "at most once per turn" cards go through. No base-game row uses it.

cdef enum:
    TF_EFFECT_SHIFT = 16      # turn_flags bits 16..31: once-per-turn effects already used

cdef int NEFFECTS = 0

cdef int EFFECT_EVENT[64]

cdef int EFFECT_CARD[64]       # card id whose holder has the effect (source events: the source)

cdef int EFFECT_GOD[64]        # subject of the event: god, Resource or purity (-1: any)

cdef int EFFECT_VALUE[64]      # die value (0: any)

cdef int EFFECT_USES_DIE[64]   # the action must use the turn's die

cdef int EFFECT_ONCE[64]       # bit of turn_flags (0: no limit)
cdef int EFFECT_GATE[64]       # Time of Seth: bit of seth_gate (0: not gated; seth/gate.pxi)

cdef int EFFECT_NREW[64]

cdef int EFFECT_REW_KIND[64][4]

cdef int EFFECT_REW_N[64][4]

cdef int EVENT_FIRST[NEVENTS]  # rows of an event: EVENT_FIRST[e] .. EVENT_FIRST[e] + EVENT_N[e]

cdef int EVENT_N[NEVENTS]

cdef int EVENT_VP_CAT[NEVENTS] # VP category of the VP a row of the event pays (VP_ACTIONS; data.SETH_VP_EVENTS: VP_SETH)

def _source_id(str event, str name):
    """The number the core stores for the source of a source-event row (data.SOURCE_EVENTS)."""
    letter, first = _data.SOURCE_EVENTS[event]
    if name[:1] != letter or not name[1:].isdigit():
        raise ImportError(f"data.TRIGGERS: {name!r} is not a {letter} card")
    return first + int(name[1:]) - 1

def _load_effects():
    """Copy data.TRIGGERS into the effect tables, grouped by event in data order."""
    global NEFFECTS
    cdef int k = 0, e, j, once = 0
    gated = {}                      # card -> its seth_gate bit (one per card, data.SETH_GATED_EVENTS)
    if len(_data.EVENTS) != NEVENTS:
        raise ImportError("data.EVENTS does not match the core's EV_* events")
    for e, name in enumerate(_data.EVENTS):
        EVENT_FIRST[e] = k
        EVENT_VP_CAT[e] = VP_SETH if name in _data.SETH_VP_EVENTS else VP_ACTIONS
        for card, ev, god, value, uses, once_per_turn, rewards in _data.TRIGGERS:
            if ev != name:
                continue
            if k >= MAX_EFFECTS or len(rewards) > MAX_EFFECT_REWARDS:
                raise ImportError("data.TRIGGERS: too many rows or rewards")
            EFFECT_EVENT[k] = e
            EFFECT_CARD[k] = _source_id(ev, card) if ev in _data.SOURCE_EVENTS else _card_id(card)
            EFFECT_GOD[k] = god
            EFFECT_VALUE[k] = value
            EFFECT_USES_DIE[k] = 1 if uses else 0
            if once_per_turn:
                if once >= 16:
                    raise ImportError("data.TRIGGERS: at most 16 once-per-turn effects")
                EFFECT_ONCE[k] = 1 << (TF_EFFECT_SHIFT + once)
                once += 1
            else:
                EFFECT_ONCE[k] = 0
            EFFECT_GATE[k] = 0
            if name in _data.SETH_GATED_EVENTS:
                if card not in gated:
                    if len(gated) >= GATE_MAX_CARDS:
                        raise ImportError("data.TRIGGERS: too many gated cards for seth_gate")
                    gated[card] = 1 << (GATE_CARD_SHIFT + len(gated))
                EFFECT_GATE[k] = gated[card]
            EFFECT_NREW[k] = len(rewards)
            for j, (kind, n) in enumerate(rewards):
                EFFECT_REW_KIND[k][j] = kind
                EFFECT_REW_N[k][j] = n
            k += 1
        EVENT_N[e] = k - EVENT_FIRST[e]
    NEFFECTS = k

def _effects():
    """The effect table as Python rows (for tests): (event, card id, god, value, uses die,
    once bit, rewards)."""
    return [(EFFECT_EVENT[k], EFFECT_CARD[k], EFFECT_GOD[k], EFFECT_VALUE[k], EFFECT_USES_DIE[k],
             EFFECT_ONCE[k], [(EFFECT_REW_KIND[k][j], EFFECT_REW_N[k][j]) for j in range(EFFECT_NREW[k])])
            for k in range(NEFFECTS)]

_load_effects()

cdef inline void effect_reward(State* s, int p, int kind, int n) noexcept nogil:
    """One reward of an effect row: REWARD_KINDS (0-6), 7 Population, 8 VP, 9 Happiness."""
    effect_reward_cat(s, p, kind, n, VP_ACTIONS)

cdef inline void effect_reward_cat(State* s, int p, int kind, int n, int cat) noexcept nogil:
    """effect_reward with the VP category of a VP reward (EVENT_VP_CAT of the row's event)."""
    if kind == 8:
        add_vp(s, p, n, cat)
    elif kind == 9:
        gain_happiness(s, p, n)
    elif kind >= 10:
        seth_gain_track(s, p, kind - 9, n)      # Time of Seth: 10 Soldiers, 11 Priests (seth/dice.pxi)
    else:
        gain_reward(s, p, kind, n)

cdef void fire(State* s, int p, int event, int god, int value, int flags) noexcept nogil:
    """Fire a held-card event for seat p: every active effect row of the event whose conditions
    hold gives its rewards, in table order (see data.TRIGGERS). `god` is the event's subject."""
    cdef int k, j
    if bot_ignores_cards(s, p):
        return
    for k in range(EVENT_FIRST[event], EVENT_FIRST[event] + EVENT_N[event]):
        if s.card_loc[EFFECT_CARD[k]] != CL_HAND + p:
            continue
        if EFFECT_GOD[k] >= 0 and EFFECT_GOD[k] != god:
            continue
        if EFFECT_VALUE[k] and EFFECT_VALUE[k] != value:
            continue
        if EFFECT_USES_DIE[k] and not uses_die(flags):
            continue
        if EFFECT_ONCE[k]:
            if s.turn_flags[p] & EFFECT_ONCE[k]:
                continue
            s.turn_flags[p] |= EFFECT_ONCE[k]
        if not seth_gate_pass(s, p, EFFECT_GATE[k]):
            continue                            # Time of Seth: once per turn (seth/gate.pxi)
        for j in range(EFFECT_NREW[k]):
            effect_reward_cat(s, p, EFFECT_REW_KIND[k][j], EFFECT_REW_N[k][j], EVENT_VP_CAT[event])

cdef int fire_source(State* s, int p, int event, int source) noexcept nogil:
    """Fire a source event for seat p: the rows of that tile or card (a Pillar tile, a Starting
    card, a Destiny card) give their rewards, in table order. Returns the number of rows fired."""
    cdef int k, j, n = 0
    for k in range(EVENT_FIRST[event], EVENT_FIRST[event] + EVENT_N[event]):
        if EFFECT_CARD[k] != source:
            continue
        n += 1
        for j in range(EFFECT_NREW[k]):
            effect_reward(s, p, EFFECT_REW_KIND[k][j], EFFECT_REW_N[k][j])
    return n
