# Included by _core.pyx: Time of Seth's Starting cards SX01-SX12, which replace S01-S12 (manual Setup
# Changes 9 "Replace the 12 base game Starting cards with the 12 new Starting cards"; Appendix: New
# Starting Cards). start_loc keeps the 12 places (SX01 is place 0), and their initiative is the
# same 1-12 as the base cards', so the turn order rule (init_order) is unchanged. The effects are
# the rows of data.SETH_STARTING, loaded below: gains at once, then the choices in printed order.

cdef enum:
    SX_GAIN = 0
    SX_ACTION = 1                # a God action without a die (god, value, flags)
    SX_CHOICE = 2                # D_GAIN: mask of gain items, count
    SX_DRAW_KEEP = 3             # deck, cards drawn; keep 1, the rest shuffled back
    SX_MAX_EFFECTS = 8

cdef int SX_NEFF[12]
cdef int SX_FORM[12][8]
cdef int SX_A[12][8]             # gain: reward kind; action: god; choice: item mask; draw: deck
cdef int SX_B[12][8]             # gain: amount; action: value; choice: count; draw: cards drawn
cdef int SX_C[12][8]             # action: flags


def _load_seth_starting():
    """Copy data.SETH_STARTING into the SX tables."""
    d = _data
    cdef int i, k
    items = {"papyrus": G_P, "bread": G_B, "limestone": G_L, "granite": G_G, "happiness": G_HAP1,
             "population": G_POP1, "soldiers": G_SOL, "priests": G_PRI}
    decks = {"Blessing": DECK_BLESSING, "Technology": DECK_TECH, "Decree": DECK_DECREE}
    districts = {("limestone", "granite"): F_ONLY_LG, ("papyrus", "bread"): F_ONLY_PB}
    if d.SETH_DECKS["Starting"] != tuple(sorted(d.SETH_STARTING)) or len(d.SETH_STARTING) != 12:
        raise ImportError("data.SETH_STARTING: 12 Starting cards SX01-SX12 expected")
    for i, name in enumerate(d.SETH_DECKS["Starting"]):
        card = d.SETH_STARTING[name]
        if card["initiative"] != i + 1:
            raise ImportError(f"data.SETH_STARTING[{name!r}]: initiative {card['initiative']} is not {i + 1}")
        rows = []
        for eff in card["effects"]:
            kind = eff["kind"]
            if kind == "gain":
                rows += [(SX_GAIN, d.SETH_REWARD_KIND[t], n, 0) for t, n in eff["gains"].items()]
            elif kind == "action":
                flags = F_EXTRA | (F_NOHAP if eff.get("happiness_cost", 1) == 0 else 0)
                flags |= districts.get(tuple(eff.get("districts", ())), 0)
                rows.append((SX_ACTION, d.GODS.index(eff["god"]), eff["values"][0], flags))
            elif kind == "split":
                rows.append((SX_CHOICE, sum(1 << items[t] for t in eff["tracks"]), eff["total"], 0))
            elif kind == "one_of":
                mask = 0
                for opt in eff["options"]:
                    (t, n), = opt.items()
                    if n != 1:
                        raise ImportError(f"data.SETH_STARTING[{name!r}]: one_of of 1 each expected")
                    mask |= 1 << items[t]
                rows.append((SX_CHOICE, mask, 1, 0))
            elif kind == "draw_keep" and eff["keep"] == 1 and eff["rest"] == "shuffle":
                rows.append((SX_DRAW_KEEP, decks[eff["deck"]], eff["draw"], 0))
            else:
                raise ImportError(f"data.SETH_STARTING[{name!r}]: no rule for {kind!r}")
        if len(rows) > SX_MAX_EFFECTS:
            raise ImportError(f"data.SETH_STARTING[{name!r}]: too many effects")
        SX_NEFF[i] = len(rows)
        for k, (form, a, b, c) in enumerate(rows):
            SX_FORM[i][k] = form
            SX_A[i][k] = a
            SX_B[i][k] = b
            SX_C[i][k] = c


_load_seth_starting()


cdef int seth_start_card(State* s, int p, int i) noexcept nogil:
    """With `seth`, Starting card SX(i+1) for seat p: its gains at once, then its choices and
    actions in printed order. 0 without the option (the base card S(i+1) applies)."""
    cdef int k, j
    if not seth_setup(s):
        return 0
    for k in range(SX_NEFF[i]):
        if SX_FORM[i][k] == SX_GAIN:
            effect_reward(s, p, SX_A[i][k], SX_B[i][k])
    for k in range(SX_NEFF[i] - 1, -1, -1):      # pushed last first: they run in printed order
        if SX_FORM[i][k] == SX_ACTION:
            if can_god(s, p, SX_A[i][k], SX_B[i][k], SX_C[i][k]):
                push_god(s, p, SX_A[i][k], SX_B[i][k], SX_C[i][k])
        elif SX_FORM[i][k] == SX_CHOICE:
            push(s, D_GAIN, p, SX_A[i][k], SX_B[i][k], 0, 0)
        elif SX_FORM[i][k] == SX_DRAW_KEEP:
            push(s, D_KEEP, p, SX_A[i][k], 1, 0, 0)
            for j in range(SX_B[i][k]):
                push(s, CH_CARD, -1, SX_A[i][k], 1, p, 0)
    return 1
