"""Time of Seth's BX03/BX04 (a Building moved between Osiris and the Seth board), TX05 (Thoth from
several Market sections) and T14's reach on the Seth board (seth/cards.pxi, seth/action.pxi).

Each test quotes the card text (data.SETH_CARD_TEXT, the manual's Appendix) or the rule it checks;
the readings are docs/rules-notes.md "BX03/BX04", "TX05" and "T14 and the new dice"."""
from __future__ import annotations

import pytest

from positions import (CL_DISCARD, CL_HAND, CL_MARKET, CL_PILE, clear_player, edit, first_turn, give_cards,
                       legal, no_cards_in_hand, play, seat, set_dice, step_name, trigger)
from seth_positions import gains, holding_cultist, no_setup_gains, seth_board
from tekhenu_engine import GameState, _core, data, parse_action

SPARE = [("Th", "k", 6), ("Os", "y", 2)]
F_EXTRA = _core.CODES["god_flags"]["F_EXTRA"]


def text(name: str) -> str:
    return data.SETH_CARD_TEXT[name]


def seth_first_turn(players: int = 3, board=(3,), dice=(), **stock) -> tuple[GameState, int]:
    """The first turn of a Time of Seth game: the Seth board holds gray dice of these values, the
    wheel `dice` and two spare dice, no cards in hand, nothing from the Starting cards, the seat to
    move exactly `stock`."""
    g = first_turn(players, 1, seth=True)
    p = seat(g)
    g = set_dice(g, list(dice) + SPARE)
    g = no_setup_gains(no_cards_in_hand(seth_board(g, board)))
    stock.setdefault("prod", [2, 2, 2, 2])
    return clear_player(g, p, **stock), p


def seth_vp_category() -> int:
    """The score-breakdown category of the Seth Buildings' VP at Scoring."""
    cats = _core.VP_CATEGORIES
    return cats.index("seth") if "seth" in cats else cats.index("districts")


# ============================================================================ BX03 / BX04
BX_TEXT = ("Move one of your Buildings from the Osiris area to the Seth board (or vice versa), paying the "
           "associated cost in Soldiers (or Happiness) and gaining corresponding benefits. The Building must "
           "remain on the same dice number.")


def between_actions(g: GameState, p: int, moment: int = 0) -> GameState:
    """g at seat p's step between actions (before the die is taken: moment 0; after the action: 1)."""
    if moment == 0:
        return trigger(g, ("D_ARTIFACT", p, 0), ("D_TAKE", p), ("A_END_TURN", p))
    return trigger(g, ("D_ARTIFACT", p, 1), ("A_END_TURN", p))


def osiris_with(p: int, *where) -> list[list[int]]:
    osi = [[-1] * 4 for _ in range(6)]
    for row, district, owner in where:
        osi[row - 1][district] = owner
    return osi


@pytest.mark.parametrize("name", ["BX03", "BX04"])
def test_bx03_bx04_move_an_osiris_building_to_the_seth_board(name):
    """BX03/BX04: "Move one of your Buildings from the Osiris area to the Seth board ..., paying the
    associated cost in Soldiers ... and gaining corresponding benefits. The Building must remain on
    the same dice number." Row 5 (Limestone) -> Canaan (5): 4 Soldiers, Canaan's 2 Scribes, 3 VP for
    the Statue for the people under its column; no Blood, no Conquest tile, not a Seth God Action
    (TX01 does not pay); the Building count stays; the Osiris space is free again; nothing gained
    before is undone."""
    assert text(name) == BX_TEXT
    g, p = seth_first_turn(3, soldiers=4, prod=[2, 2, 4, 2])
    q = (p + 1) % 3
    people = [-1, q]                               # a Statue for the people under the right column
    g = edit(g, osiris=osiris_with(p, (5, 2, p)), buildings=[1 if s == p else 0 for s in range(4)],
             seth_people=people, statues=[1 if s == q else 0 for s in range(4)])
    g = give_cards(g, p, name, "TX01")
    g = between_actions(g, p)
    assert legal(g) == ["pass", f"bless:{name}/Os-L5>Se"]
    before = g.to_dict()
    play(g, f"bless:{name}/Os-L5>Se")             # the 4 Soldiers: one way to pay, applied at once
    after = g.to_dict()
    assert step_name(g) == "D_TAKE"                # on to the die (the card is gone: nothing more to play)
    assert after["seth_build"][2 * 4] == p and after["osiris"][4][2] == -1
    assert after["buildings"][p] == 1
    assert gains(before, after, p) == {"soldiers": -4, "scribes": 2, "vp": 3}
    assert after["blood"][p] == 0 and after["conquest_loc"] == before["conquest_loc"]
    assert after["prod"][p] == [2, 2, 4, 2]        # what row 5 gave stays
    assert after["card_loc"][parse_action(f"bless:{name}") & 0x7F] == CL_DISCARD


def test_bx03_to_the_seth_board_pays_the_free_space_and_keeps_one_building_per_region():
    """manual Seth God Action: "The first Building in a region costs 4 Soldiers to build. The second
    Building in that region costs 3 Soldiers (3-4 players) ... You may not place a second Building in
    a region where you already have a Building." (BX03 pays "the associated cost in Soldiers")"""
    g, p = seth_first_turn(3, soldiers=3)
    q = (p + 1) % 3
    sb = [-1] * 12
    sb[2 * 1] = q                                   # Punt: the second space costs 3
    sb[2 * 2] = p                                   # Sumer: p has its Building there already
    g = edit(g, osiris=osiris_with(p, (2, 0, p), (3, 1, p), (1, 3, p)), seth_build=sb,
             buildings=[4 if s == p else 1 if s == q else 0 for s in range(4)])
    g = give_cards(g, p, "BX03")
    g = between_actions(g, p)
    # row 1 -> Kush needs 4 Soldiers (3 held), row 3 -> Sumer holds p's Building; p's Sumer Building
    # may go to Osiris row 3 (1 Happiness: 3 free districts)
    assert legal(g) == ["pass", "bless:BX03/Os-P2>Se", "bless:BX03/Se3>Os-P", "bless:BX03/Se3>Os-L",
                        "bless:BX03/Se3>Os-G"]
    play(g, "bless:BX03/Os-P2>Se")
    d = g.to_dict()
    assert d["seth_build"][2:4] == [q, p] and d["soldiers"][p] == 0 and d["gold"][p] == 1   # Punt: 1 Gold


def test_bx04_moves_a_seth_building_to_osiris_for_one_happiness():
    """BX04: "Move one of your Buildings from the ... Seth board (or vice versa) [to the Osiris area],
    paying the associated cost in ... Happiness and gaining corresponding benefits. The Building
    must remain on the same dice number." Punt (2) -> Osiris row 2, Bread: 1 Happiness; row 2's
    production (+1 on the Bread track, which stops at 6), its Bread and the row-2 Gold; the Seth
    space is free again (the other player's Building stays on the second space); Cult06 ("Whenever
    you build a Building in the Osiris area") pays its owner."""
    g, p = seth_first_turn(3, happiness=2, population=5, prod=[2, 6, 2, 2])
    q = (p + 1) % 3
    sb = [-1] * 12
    sb[2], sb[3] = p, q
    g = edit(g, seth_build=sb, buildings=[1 if s in (p, q) else 0 for s in range(4)], osiris_row2_gold=1)
    g = holding_cultist(g, p, "Cult06")
    g = give_cards(g, p, "BX04")
    g = between_actions(g, p)
    assert legal(g) == ["pass"] + [f"bless:BX04/Se2>Os-{r}" for r in "PBLG"]
    before = g.to_dict()
    play(g, "bless:BX04/Se2>Os-B")
    after = g.to_dict()
    assert after["osiris"][1][1] == p and after["seth_build"][2:4] == [-1, q]
    assert after["buildings"][p] == 1 and after["osiris_row2_gold"] == 0
    assert after["prod"][p] == [2, 6, 2, 2]        # the Bread track stops at 6
    got = gains(before, after, p)
    assert got["happiness"] == -1 and got["gold"] == 1 and got["res1"] == data.OSIRIS_ROWS[1][2]
    assert got["soldiers"] == data.CULTISTS["Cult06"]["owner"]["gains"]["soldiers"]   # Cult06
    # the vacated first space is the next builder's: 4 Soldiers, the first space's VP
    g2, p2 = seth_first_turn(3, board=(2,), soldiers=4)
    g2 = edit(g2, seth_build=[-1, -1, -1, q if q != p2 else (p2 + 2) % 3] + [-1] * 8,
              buildings=[1 if s == (q if q != p2 else (p2 + 2) % 3) else 0 for s in range(4)])
    play(g2, "take:Se:g2")
    assert g2.to_dict()["seth_build"][2] == p2 and g2.to_dict()["soldiers"][p2] == 0


def test_bx03_needs_the_happiness_and_the_soldiers():
    """BX03: "paying the associated cost in Soldiers (or Happiness)": no move without them (an
    Osiris Building costs 1 Happiness: base "you need at least 1")."""
    g, p = seth_first_turn(3, happiness=0, soldiers=3)
    sb = [-1] * 12
    sb[0] = p
    g = edit(g, seth_build=sb, osiris=osiris_with(p, (4, 0, p)), buildings=[2 if s == p else 0 for s in range(4)])
    g = give_cards(g, p, "BX03")
    g = trigger(g, ("D_ARTIFACT", p, 0), ("D_TAKE", p), ("A_END_TURN", p))
    assert step_name(g) == "D_TAKE"               # nothing to play: the pass was applied at once


def test_bx03_is_played_after_the_action_too_and_the_seth_vp_follow_the_building():
    """BX01-BX04 have no timing printed: "at any point of your own turn between actions" (the
    Artifacts' moments, game help); manual Scoring: "each player receives Victory Points for all
    their Buildings on the Seth board": the moved Building scores its new space, the vacated one
    nothing."""
    g, p = seth_first_turn(3, soldiers=4)
    g = edit(g, osiris=osiris_with(p, (1, 3, p)), buildings=[1 if s == p else 0 for s in range(4)])
    g = give_cards(g, p, "BX03")
    g = between_actions(g, p, moment=1)
    assert g.step()[2] == 1 and "bless:BX03/Os-G1>Se" in legal(g)
    play(g, "bless:BX03/Os-G1>Se")
    while step_name(g) == "D_GAIN":                # Kush: 2 of Happiness / Population
        play(g, legal(g)[0])
    cat = seth_vp_category()
    g = trigger(g, "A_SCORING")
    h = g.to_dict()
    assert h["seth_build"][0] == p and h["osiris"][0][3] == -1
    before = h["breakdown"][cat][p]
    g2 = trigger(GameState._from_dict_trusted(h), "A_SCORING")
    assert g2.to_dict()["breakdown"][cat][p] - before == data.SETH_REGIONS[0]["vp"][0]


def test_bx03_and_bx04_offered_once_when_both_are_held():
    """The two copies of the card are one choice: the lower id is played (seth_bx_move), as BX01/BX02."""
    g, p = seth_first_turn(3, soldiers=4)
    g = edit(g, osiris=osiris_with(p, (6, 0, p)), buildings=[1 if s == p else 0 for s in range(4)])
    g = give_cards(g, p, "BX03", "BX04")
    g = between_actions(g, p)
    assert legal(g) == ["pass", "bless:BX03/Os-P6>Se"]


def test_bx03_cult04_pays_on_the_seth_board():
    """Cult04: "Whenever you place a Building on the Seth board, you gain 2 Population ..." (a
    Building moved there by BX03 is placed on the Seth board: docs/rules-notes.md "Cult04 / Cult06")."""
    g, p = seth_first_turn(3, soldiers=4, population=5)
    g = edit(g, osiris=osiris_with(p, (5, 1, p)), buildings=[1 if s == p else 0 for s in range(4)])
    g = holding_cultist(g, p, "Cult04")
    g = give_cards(g, p, "BX03")
    g = between_actions(g, p)
    before = g.to_dict()
    play(g, "bless:BX03/Os-B5>Se")
    assert gains(before, g.to_dict(), p)["population"] == data.CULTISTS["Cult04"]["owner"]["gains"]["population"]


# ============================================================================ TX05
TX05_TEXT = text("TX05")
FIRST = [0, 3, 7, 11]
SIZE = [3, 4, 4, 4]


def market_with(g: GameState, counts) -> GameState:
    """g with Market section k holding exactly counts[k] cards (its slot types; sections with a count
    open), the rest of each deck in the draw pile."""
    d = g.to_dict()
    loc, mk = d["card_loc"], d["market"]
    for i in range(15):
        if mk[i] >= 0:
            loc[mk[i]] = CL_PILE
            mk[i] = -1
    pile = {t: [c for c in data.DECK_IDS[t] if loc[c] == CL_PILE] for t in range(3)}
    for k, n in enumerate(counts):
        for i in range(FIRST[k], FIRST[k] + n):
            c = pile[data.MARKET_SECTIONS[k][i - FIRST[k]]].pop()
            mk[i], loc[c] = c, CL_MARKET
    d["market_open"] = [1 if n or k < 2 else 0 for k, n in enumerate(counts)]
    return GameState._from_dict_trusted(d)


def section_of(g: GameState, tok: str) -> int:
    c = parse_action(tok) & 0xFFFFFF
    i = g.to_dict()["market"].index(c)
    return next(k for k in range(4) if FIRST[k] <= i < FIRST[k] + SIZE[k])


def thoth_tx05(value: int, hap: int, counts, tx05: bool = True, papyrus: int = 4) -> tuple[GameState, int]:
    g, p = seth_first_turn(2, dice=[("Th", "g", value)], res=[papyrus, 0, 0, 0], happiness=hap,
                           population=max(hap, 5))
    g = market_with(g, counts)
    if tx05:
        g = give_cards(g, p, "TX05")
    return g, p


def test_tx05_cards_from_any_combination_of_sections():
    """TX05: "Whenever you perform a Thoth God Action: You are permitted to select cards from any
    combination of Market segments you have access to": Happiness 5 opens sections 1 and 2; 2 + 2
    cards there, a die of 5 takes 3 (3 Papyrus): none of the two sections holds 3, so only with
    TX05; the cards are picked one at a time from both."""
    assert TX05_TEXT.startswith("Whenever you perform a Thoth God Action: You are permitted to select cards "
                                "from any combination of Market segments you have access to")
    g, p = thoth_tx05(5, 5, [2, 2, 0, 0], tx05=False)
    assert "take:Th:g5" not in legal(g)           # base: "all cards must come from the same section"
    g, p = thoth_tx05(5, 5, [2, 2, 0, 0])
    play(g, "take:Th:g5")
    assert [t for t in legal(g) if t.startswith("section:")] == ["section:any"]
    play(g, "section:any")
    assert g.to_dict()["res"][p][0] == 4 - 3
    picked = []
    while step_name(g) == "D_THOTH_CARD":
        opts = legal(g)
        assert {section_of(g, t) for t in opts} <= {0, 1}
        want = [t for t in opts if section_of(g, t) == len(picked) % 2]
        picked.append(want[0])
        play(g, want[0])
    assert len(picked) == 3
    loc = g.to_dict()["card_loc"]
    assert all(loc[parse_action(t) & 0xFFFFFF] == CL_HAND + p for t in picked)


def test_tx05_at_most_one_card_from_the_section_one_higher():
    """TX05: "AND may select up to 1 card from a Market segment one higher than the ones you have
    access to. For example, if normally you could select from EITHER the yellow OR the red Market
    segments, using this Technology you may select cards from the red AND the yellow Market
    segments, in any combination, plus at most one card from the green segment." Happiness 5
    (sections 1 and 2), section 3 open: one card of section 3 at most."""
    assert "plus at most one card from the green segment" in TX05_TEXT
    g, p = thoth_tx05(5, 5, [3, 4, 4, 0])
    play(g, "take:Th:g5", "section:any")
    opts = legal(g)
    assert {section_of(g, t) for t in opts} == {0, 1, 2}
    third = [t for t in opts if section_of(g, t) == 2]
    play(g, third[0])
    opts = legal(g)
    assert {section_of(g, t) for t in opts} == {0, 1}      # not a second card of section 3
    play(g, opts[0])
    assert {section_of(g, t) for t in legal(g)} == {0, 1}
    play(g, legal(g)[0])
    assert step_name(g) != "D_THOTH_CARD"


def test_tx05_the_section_one_higher_makes_the_action_possible():
    """TX05: "... may select up to 1 card from a Market segment one higher than the ones you have
    access to": Happiness 1-4 opens section 1 only; with 2 cards there a die of 5 (3 cards) is
    possible only with the card from section 2, which must then be one of them."""
    g, p = thoth_tx05(5, 3, [2, 4, 0, 0], tx05=False)
    assert "take:Th:g5" not in legal(g)
    g, p = thoth_tx05(5, 3, [2, 4, 0, 0])
    play(g, "take:Th:g5", "section:any")
    secs = []
    while step_name(g) == "D_THOTH_CARD":
        tok = legal(g)[0]
        secs.append(section_of(g, tok))
        play(g, tok)
    assert sorted(secs) == [0, 0, 1]


def test_tx05_card_of_one_higher_once_per_turn():
    """Manual Key Concepts: "Any effect, bonus, or benefit related to a player performing a particular
    action can only be triggered at most once during that player's turn": TX05's card from the
    section one higher comes once in a turn; a second Thoth action in the same turn (here a free
    Thoth 1) takes from the sections of its access only (docs/rules-notes.md "Once per turn")."""
    g, p = thoth_tx05(1, 5, [3, 4, 4, 0])
    play(g, "take:Th:g1", "section:any")
    third = [t for t in legal(g) if section_of(g, t) == 2]
    play(g, third[0])
    g = trigger(g, ("A_GOD", p, 4, 1, F_EXTRA), ("A_END_TURN", p))
    if step_name(g) == "D_THOTH_REFRESH":
        play(g, "section:any")
    assert step_name(g) == "D_THOTH_CARD"
    assert {section_of(g, t) for t in legal(g)} == {0, 1}
    # ... whereas a first Thoth action of the turn could take it
    g, p = thoth_tx05(1, 5, [3, 4, 4, 0])
    g = trigger(g, ("A_GOD", p, 4, 1, F_EXTRA), ("A_END_TURN", p))
    if step_name(g) == "D_THOTH_REFRESH":
        play(g, "section:any")
    assert {section_of(g, t) for t in legal(g)} == {0, 1, 2}


def test_tx05_the_paid_refresh_still_comes_first():
    """base-rulebook Thoth: "Before selecting cards you take, you may pay 1 Papyrus to discard all
    cards in one section and immediately refill them": with TX05 too, then the picks."""
    g, p = thoth_tx05(3, 5, [3, 4, 0, 0], papyrus=3)
    play(g, "take:Th:g3")
    assert legal(g) == ["section:any", "refresh:1", "refresh:2"]
    old2 = g.to_dict()["market"][3:7]
    play(g, "refresh:2")
    while g.is_chance():
        g.apply_chance()
    # 1 Papyrus paid, 2 left for the cards: "section:any" is the one choice left, applied at once
    d = g.to_dict()
    assert step_name(g) == "D_THOTH_CARD" and d["res"][p][0] == 0
    assert all(d["card_loc"][c] == CL_DISCARD for c in old2)
    assert {section_of(g, t) for t in legal(g)} == {0, 1}


# ============================================================================ T14 on the Seth board
T14_TEXT = "Whenever you perform a God Action: You may adjust the value of the die up or down by 1 or 2."


def test_t14_reaches_a_free_seth_region():
    """T14: "Whenever you perform a God Action: You may adjust the value of the die up or down by 1 or
    2." A Seth-board 3 whose region is full (Sumer: two other Buildings) is taken for the Seth action
    only with T14, which must then move it (to a free region within 2: 1, 2, 4 or 5; docs/rules-notes.md
    "T14 makes a die usable ...")."""
    assert data.CARD_TEXT["T14"] == T14_TEXT
    g, p = seth_first_turn(3, board=(3,), soldiers=4)
    others = [s for s in range(3) if s != p]
    sb = [-1] * 12
    sb[4], sb[5] = others
    g = edit(g, seth_build=sb, buildings=[1 if s in others else 0 for s in range(4)])
    assert "take:Se:g3" not in legal(g)
    g = give_cards(g, p, "T14")
    assert "take:Se:g3" in legal(g)
    play(g, "take:Se:g3")
    while step_name(g) in ("D_ADJUST", "D_ACTION"):
        play(g, "act:Se" if step_name(g) == "D_ACTION" else "value:3")
    assert step_name(g) == "D_BLESS" and legal(g) == ["bless:T14/1", "bless:T14/2", "bless:T14/4", "bless:T14/5"]
    play(g, "bless:T14/5")
    d = g.to_dict()
    assert d["seth_build"][8] == p and d["soldiers"][p] == 0 and d["scribes"][p] == 2   # Canaan


def test_t14_reaches_a_region_without_own_building_but_not_beyond_2():
    """T14 "up or down by 1 or 2": a Seth-board 6 with p's own Buildings in Hittites (6) and Canaan (5)
    reaches Assyria (4) with T14; with Assyria also its own, Sumer (3) is 3 away: not reachable."""
    g, p = seth_first_turn(3, board=(6,), soldiers=4)
    sb = [-1] * 12
    sb[10], sb[8] = p, p                           # p's own Buildings in Hittites and Canaan
    g = edit(g, seth_build=sb, buildings=[2 if s == p else 0 for s in range(4)])
    g = give_cards(g, p, "T14")
    assert "take:Se:g6" in legal(g)
    sb[6] = p
    g = edit(g, seth_build=sb, buildings=[3 if s == p else 0 for s in range(4)])
    assert "take:Se:g6" not in legal(g)


def test_bx03_row_2_building_moved_away_the_state_loads_back():
    """BX03 (Osiris row 2 -> Punt): "Nothing gained before is undone" (docs/rules-notes.md), so the
    row-2 Gold stays taken with row 2 empty again; such a position loads back (from_string)."""
    g, p = seth_first_turn(3, soldiers=4)
    g = edit(g, osiris=osiris_with(p, (2, 0, p)), buildings=[1 if s == p else 0 for s in range(4)],
             osiris_row2_gold=0)
    g = give_cards(g, p, "BX03")
    g = between_actions(g, p)
    play(g, "bless:BX03/Os-P2>Se")
    d = g.to_dict()
    assert all(x < 0 for x in d["osiris"][1]) and d["osiris_row2_gold"] == 0 and d["seth_build"][2] == p
    assert GameState.from_string(g.to_string()) == g


def test_random_games_play_bx03_bx04_and_tx05():
    """Random Time of Seth games (4 players) deal BX03/BX04 and TX05 and play them: moves both ways
    and TX05 picks, every state after them loading back (the count of bench/seth_cards_played.py,
    which asserts the round trips, over 120 games)."""
    import pathlib
    import runpy

    script = pathlib.Path(__file__).resolve().parents[1] / "bench" / "seth_cards_played.py"
    counts = runpy.run_path(str(script))["run"](4, 120, seed=5)
    assert counts["games"] == 120 and counts["decisions"] > 120 * 100
    assert counts["bx_to_seth"] > 0 and counts["bx_to_osiris"] > 0, counts
    assert counts["tx05_card_picks"] > 0 and counts["tx05_higher_cards"] > 0, counts
