# Included at the end of _core.pyx: the invariants every reachable state keeps, checked in
# compiled code so that thousands of random games can be checked after every decision.

cdef int check_invariants(State* s) noexcept nogil:
    """0 when the state keeps every invariant, else the code of the first broken one.

    1 negative stock, 2 Happiness/Population out of 0 <= H <= P <= 21, 3 VP below 0,
    4 production track out of 0..6, 5 a die in no valid place or dice counts off,
    6 scales sums off, 7 Statue count off, 8 Building count off, 9 Pillar count off,
    10 component limit passed, 11 a card in two places or a market slot wrong,
    12 Pillar tiles misplaced, 13 turn order not a permutation, 14 round count off,
    15 task stack overflow, 19 the dice index (dice_at) off, 25 the Vizier's fields off (set
    without the option; area, discard or VP out of place); Time of Seth (seth_invariants):
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
    if not vizier_fields_ok(s):
        return 25
    return 0


cdef int vizier_fields_ok(State* s) noexcept nogil:
    """The Vizier's fields (flow/vizier.pxi): all 0 without the option; with it a 2-player table, the
    area one of the table's row (or 0 before the first placement, round 0 only), the discard a
    Destiny card nobody holds, and the Vizier VP within the seat's action VP."""
    cdef int p, i, ok
    if not (s.options & OPT_VIZIER):
        if s.vizier_area or s.vizier_discard:
            return 0
        for p in range(4):
            if s.vizier_vp[p]:
                return 0
        return 1
    if s.nplayers != 2:
        return 0
    if s.vizier_area == 0:
        if s.round > 0:
            return 0
    else:
        ok = 0
        for i in range(VZ_ROW_N[vizier_row(s)]):
            if VZ_ROW_AREA[vizier_row(s)][i] == s.vizier_area - 1:
                ok = 1
        if not ok:
            return 0
    if s.vizier_discard < 0 or s.vizier_discard > 4:
        return 0
    if s.vizier_discard and s.destiny_owner[s.vizier_discard - 1] >= 0:
        return 0
    for p in range(4):
        if s.vizier_vp[p] < 0 or s.vizier_vp[p] % VZ_VP or s.vizier_vp[p] > s.breakdown[VP_ACTIONS][p]:
            return 0
        if p >= s.nseats and s.vizier_vp[p]:
            return 0
    return 1


INVARIANT_NAMES = {
    1: "negative stock", 2: "Happiness/Population bounds", 3: "VP below 0", 4: "production track",
    5: "dice conservation", 6: "scales sums", 7: "Statue count", 8: "Building count",
    9: "Pillar count", 10: "component limit", 11: "card places", 12: "Pillar tiles",
    13: "turn order", 14: "round count", 15: "task stack", 19: "dice index",
    20: "Seth-board pieces", 21: "Soldiers/Priests bounds", 22: "Blood decreased", 23: "Conquest tiles",
    24: "Seth dice", 25: "Vizier",
}


def checked_random_games(int players, int games, seed=0, **options):
    """Play random games in compiled code, checking every invariant after every step.

    Returns a dict with games, decisions, chance steps, and the first failure (or None)
    as (game index, step index, invariant name, the state as a GameState). Options: difficulty,
    decree8, random_start, seth, solo_draw, solo_artifacts, bot_buildings, vizier (the games' Vizier VP are returned as vizier_vp, totals of
    seats 0 and 1; vizier_recount_games counts them again step by step).
    """
    cdef State s
    cdef uint64_t r = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
    cdef uint64_t gseed
    cdef int g, code = 0, n, nl, i, step = 0, opts = OPT_RANDOM_HORUS | OPT_RANDOM_WHEEL
    cdef long long decisions = 0, chances = 0
    cdef int32_t buf[512]
    cdef int32_t kept[512]
    cdef int32_t a
    cdef long long vz_total[2]
    vz_total[0] = 0
    vz_total[1] = 0
    cdef int difficulty = DIFFICULTIES[options.get("difficulty", "easy")]
    if options.get("decree8"):
        opts |= OPT_DECREE8
    if options.get("random_start"):
        opts |= OPT_RANDOM_START
    if options.get("vizier"):
        opts |= OPT_VIZIER
    if options.get("seth"):
        opts |= OPT_SETH
    from .options import TableOptions as _TO
    opts |= _TO(**{k: options[k] for k in ("solo_draw", "solo_artifacts", "bot_buildings") if k in options}).solo_bits(OPTION_BITS)
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
                    a = buf[rng_int(&r, n)]
                    nl = apply_action_legal(&s, a, kept)
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
            vz_total[0] += s.vizier_vp[0]
            vz_total[1] += s.vizier_vp[1]
    failure = None
    if code:
        gs = GameState.__new__(GameState)
        (<GameState>gs).st = s
        failure = (g, step, INVARIANT_NAMES.get(code, {16: "no legal action", 17: "game too long", 18: "kept legal list differs", 19: "dice index"}.get(code, str(code))), gs)
    return {"games": g + 1 if code else games, "decisions": decisions, "chances": chances, "failure": failure,
            "vizier_vp": [vz_total[0], vz_total[1]]}


def vizier_recount_games(int games, seed=0, seth=False):
    """Random 2-player Vizier games played one step at a time (every step, also those advance()
    would apply by itself, as advance does: automatic steps run, a step without an outcome is
    dropped), counting the Vizier VP again from the rule's words: every die the second player in
    turn order takes from the Vizier's area gives the first VIZIER_VP. Returns {"games", "takes"
    (dice the second player took from the area), "failure": None or (game, step, counted, state
    vizier_vp)}; with ``seth`` the games have Time of Seth too (the Seth board is area 6; "seth_takes"
    counts the second player's dice taken from it while the Vizier stood there)."""
    cdef State s
    cdef uint64_t r = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
    cdef int g, n, i, step = 0, bad = 0, ty
    cdef int expect[4]
    cdef long long takes = 0, seth_takes = 0
    cdef int opts = OPT_RANDOM_HORUS | OPT_RANDOM_WHEEL | OPT_VIZIER | (OPT_SETH if seth else 0)
    cdef int32_t buf[512]
    cdef double probs[512]
    cdef int32_t a
    cdef Task t
    with nogil:
        for g in range(games):
            init_state(&s, 2, opts, 0, rng_next(&r))
            for i in range(4):
                expect[i] = 0
            step = 0
            while s.ntasks > 0 and not bad:
                ty = s.tasks[s.ntasks - 1].type
                if ty >= A_NEXT_TURN:
                    s.ntasks -= 1
                    t = s.tasks[s.ntasks]
                    run_auto(&s, t)
                elif ty <= CH_LAST:
                    n = gen_chance(&s, buf, probs)
                    if n == 0:
                        s.ntasks -= 1
                    else:
                        apply_one(&s, sample_chance(&s))
                else:
                    n = gen_legal(&s, buf)
                    if n == 0:
                        s.ntasks -= 1
                    else:
                        a = buf[rng_int(&r, n)]
                        if (ty == D_TAKE and (a >> 24) == K_TAKE and s.tasks[s.ntasks - 1].p == s.turn_order[1]
                                and take_section(a) + 1 == s.vizier_area):
                            expect[s.turn_order[0]] += VZ_VP
                            takes += 1
                            if take_section(a) == ACT_SETH:
                                seth_takes += 1
                        apply_one(&s, a)
                step += 1
                for i in range(4):
                    if expect[i] != s.vizier_vp[i]:
                        bad = 1
            if bad:
                break
    failure = None
    if bad:
        failure = (g, step, [expect[i] for i in range(4)], [s.vizier_vp[i] for i in range(4)])
    return {"games": g + 1 if bad else games, "takes": takes, "seth_takes": seth_takes, "failure": failure}
