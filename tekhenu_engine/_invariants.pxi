# Included at the end of _core.pyx: the invariants every reachable state keeps, checked in
# compiled code so that thousands of random games can be checked after every decision.

cdef int check_invariants(State* s) noexcept nogil:
    """0 when the state keeps every invariant, else the code of the first broken one.

    1 negative stock, 2 Happiness/Population out of 0 <= H <= P <= 21, 3 VP below 0,
    4 production track out of 0..6, 5 a die in no valid place or dice counts off,
    6 scales sums off, 7 Statue count off, 8 Building count off, 9 Pillar count off,
    10 component limit passed, 11 a card in two places or a market slot wrong,
    12 Pillar tiles misplaced, 13 turn order not a permutation, 14 round count off,
    15 task stack overflow, 19 the dice index (dice_at) off; Time of Seth (seth_invariants):
    20 Seth-board pieces, 21 Soldiers/Priests out of 0..10, 23 Conquest tiles, 24 Seth dice
    (22 Blood decreasing is checked by checked_random_games across steps).
    """
    cdef int p, i, k, g, n, v, seen, code
    cdef int dice_board[4]
    cdef int pure[4]
    cdef int taint[4]
    cdef int st[4]
    cdef int bu[4]
    cdef int pi[4]
    if s.ntasks < 0 or s.ntasks > 60 or s.overflow:
        return 15
    if s.round < 0 or s.round > 16:
        return 14
    for p in range(4):
        dice_board[p] = 0
        pure[p] = 0
        taint[p] = 0
        st[p] = 0
        bu[p] = 0
        pi[p] = 0
    for p in range(s.nseats):
        if s.gold[p] < 0 or s.scribes[p] < 0 or s.faith[p] < 0 or s.excess[p] < 0:
            return 1
        for k in range(4):
            if s.res[p][k] < 0:
                return 1
            if s.prod[p][k] < 0 or s.prod[p][k] > PROD_MAX:
                return 4
        if s.happiness[p] < 0 or s.happiness[p] > s.population[p] or s.population[p] > POP_MAX:
            return 2
        if s.vp[p] < 0:
            return 3
    for i in range(s.ndice):
        v = s.die_loc[i]
        if v == DL_BAG or v == DL_BOX or v == DL_BOX - 1:
            continue
        if 1 <= v <= 7:
            if s.die_value[i] < 1 or s.die_value[i] > 6:
                return 5
            continue
        p = v % 10
        if p >= s.nseats or v < DL_PURE or v >= DL_BOT + 4:
            return 5
        dice_board[p] += 1
        if v // 10 == 1:
            pure[p] += s.die_value[i]
        elif v // 10 == 2:
            taint[p] += s.die_value[i]
    for p in range(s.nseats):
        if dice_board[p] != s.ndice_board[p] or dice_board[p] > 4:
            return 5
        if pure[p] != s.pure_sum[p] or taint[p] != s.taint_sum[p]:
            return 6
    for g in range(6):
        for k in range(4):
            if s.statue_god[g][k] >= 0:
                st[s.statue_god[g][k]] += 1
        for k in range(4):
            if s.osiris[g][k] >= 0:
                bu[s.osiris[g][k]] += 1
    for k in range(4):
        if s.people[k] >= 0:
            st[s.people[k]] += 1
    for k in range(18):
        if s.bspace[k] >= 0:
            bu[s.bspace[k]] += 1
    for k in range(25):
        if s.temple_tile[k] > 0 and s.temple_tile[k] <= 27:
            if s.temple_owner[k] < 0 or s.pillar_loc[s.temple_tile[k]] != 2:
                return 12
            pi[s.temple_owner[k]] += 1
    if seth_on(s):
        code = seth_invariants(s, st, bu)   # Time of Seth (seth/state.pxi): also counts its pieces
        if code:
            return code
    for p in range(s.nseats):
        if st[p] != s.statues[p]:
            return 7
        if bu[p] != s.buildings[p]:
            return 8
        if pi[p] != s.pillars[p]:
            return 9
        if s.statues[p] > N_STATUE or s.buildings[p] > max_buildings(s, p) or s.pillars[p] > N_PILLAR:
            return 10
    for k in range(3):
        if s.ra[k] > 0 and s.pillar_loc[s.ra[k]] != 1:
            return 12
    n = 0
    for k in range(15):
        if s.market[k] >= 0:
            n += 1
            if s.card_loc[s.market[k]] != CL_MARKET or MARKET_TYPE[k] != card_type(s.market[k]):
                return 11
    for i in range(128):
        if s.card_loc[i] == CL_MARKET:
            n -= 1
    if n != 0:
        return 11
    seen = 0
    for k in range(s.nseats):
        seen |= 1 << s.turn_order[k]
    if seen != (1 << s.nseats) - 1:
        return 13
    # the dice index is the dice's places
    cdef unsigned int at[8]
    memset(at, 0, sizeof(at))
    for i in range(s.ndice):
        if 0 <= s.die_loc[i] <= DL_SETH:
            at[s.die_loc[i]] |= (<unsigned int>1) << i
    for k in range(8):
        if at[k] != s.dice_at[k]:
            return 19
    return 0


INVARIANT_NAMES = {
    1: "negative stock", 2: "Happiness/Population bounds", 3: "VP below 0", 4: "production track",
    5: "dice conservation", 6: "scales sums", 7: "Statue count", 8: "Building count",
    9: "Pillar count", 10: "component limit", 11: "card places", 12: "Pillar tiles",
    13: "turn order", 14: "round count", 15: "task stack", 19: "dice index",
    20: "Seth-board pieces", 21: "Soldiers/Priests bounds", 22: "Blood decreased", 23: "Conquest tiles",
    24: "Seth dice",
}


def checked_random_games(int players, int games, seed=0, **options):
    """Play random games in compiled code, checking every invariant after every step.

    Returns a dict with games, decisions, chance steps, and the first failure (or None)
    as (game index, step index, invariant name, the state as a GameState).
    """
    cdef State s
    cdef uint64_t r = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
    cdef uint64_t gseed
    cdef int g, code = 0, n, nl, i, step = 0, opts = OPT_RANDOM_HORUS | OPT_RANDOM_WHEEL
    cdef long long decisions = 0, chances = 0
    cdef int32_t buf[512]
    cdef int32_t kept[512]
    cdef int difficulty = DIFFICULTIES[options.get("difficulty", "easy")]
    if options.get("decree8"):
        opts |= OPT_DECREE8
    if options.get("random_start"):
        opts |= OPT_RANDOM_START
    if options.get("seth"):
        opts |= OPT_SETH
    cdef int blood[4]
    with nogil:
        for g in range(games):
            gseed = rng_next(&r)
            init_state(&s, players, opts, difficulty, gseed)
            step = 0
            code = check_invariants(&s)
            for i in range(4):
                blood[i] = s.blood[i]
            nl = -2
            while s.ntasks > 0 and code == 0:
                if s.tasks[s.ntasks - 1].type <= CH_LAST:
                    nl = apply_action_legal(&s, sample_chance(&s), kept)
                    chances += 1
                else:
                    n = gen_legal(&s, buf)
                    if n <= 0:
                        code = 16
                        break
                    if nl > 0:      # the list apply_action_legal kept is the list gen_legal makes
                        if nl != n:
                            code = 18
                            break
                        for i in range(n):
                            if kept[i] != buf[i]:
                                code = 18
                        if code:
                            break
                    elif nl != -2:
                        code = 18
                        break
                    nl = apply_action_legal(&s, buf[rng_int(&r, n)], kept)
                    decisions += 1
                step += 1
                code = check_invariants(&s)
                for i in range(4):
                    if s.blood[i] < blood[i]:   # Time of Seth: "Blood tokens are not returned"
                        code = 22
                    blood[i] = s.blood[i]
                if step > 5000:
                    code = 17
            if code == 0 and (s.round != MAAT_LAST * ROUNDS_MAAT or not s.terminal
                              or s.scoring_count != NSCORINGS):
                code = 14
            if code:
                break
    failure = None
    if code:
        gs = GameState.__new__(GameState)
        (<GameState>gs).st = s
        failure = (g, step, INVARIANT_NAMES.get(code, {16: "no legal action", 17: "game too long", 18: "kept legal list differs", 19: "dice index"}.get(code, str(code))), gs)
    return {"games": g + 1 if code else games, "decisions": decisions, "chances": chances, "failure": failure}
