"""The end of the game: Decrees (D01-D24 one by one, the set rule, best set first), D23,
turn-order VP and the tie-breaks."""
from __future__ import annotations

import itertools

import pytest

from positions import (blank, f, give_cards, legal, play, step_name, step_seat, trigger)
from tekhenu_engine import data
from tekhenu_engine import notation as N


def decree_value(g, seat, *names):
    """VP that seat scores for exactly this set of Decrees (held: the set's cards only)."""
    g = give_cards(g, seat, *names)
    g = trigger(g, ("D_DECREES", seat))
    assert step_name(g) == "D_DECREES" and step_seat(g) == seat
    tok = "decrees:" + "+".join(names)
    # the token lists the cards in symbol order; find the offered set with these cards
    want = {N.card_id(n) for n in names}
    for t in legal(g):
        if {N.card_id(x) for x in t[8:].split("+") if x != "none"} == want:
            tok = t
            break
    play(g, tok)
    return g.score_breakdown(seat)["decrees"], g


def one(name, players=2, seat=0, **fields):
    return decree_value(blank(players, **fields), seat, name)[0]


def test_d01_per_technology():
    """base-rulebook Appendix: Decree Cards, D01: "Score 3 Victory Points per Technology card you have in play." """
    g = give_cards(blank(), 0, "T01", "T05", "B02")
    assert decree_value(g, 0, "D01")[0] == 6


def test_d02_unique_symbols_including_itself():
    """base-rulebook Appendix: Decree Cards, D02: "Score 4 Victory Points per unique Decree symbol you have, including this one." Held:
    D02 (lotus), D05 and D06 (scarab), D09 (eye) -> 3 symbols (FACTS.md Decree symbols)."""
    g = give_cards(blank(), 0, "D05", "D06", "D09")
    assert decree_value(g, 0, "D02")[0] == 12


def test_d03_removed():
    """game-help Implementation notes: "Decree D03 is removed from the game"."""
    g = blank()
    assert f(g, "card_loc")[N.card_id("D03")] == 2


@pytest.mark.parametrize("pop,res,gold,vp,paid", [(16, [1, 1, 1, 0], 0, 12, 3), (16, [1, 0, 0, 0], 1, 8, 2),
                                                 (8, [5, 0, 0, 0], 0, 0, 0), (21, [0, 0, 0, 9], 0, 20, 5)])
def test_d04_population_thresholds_pay_one_resource_each(pop, res, gold, vp, paid):
    """base-rulebook Appendix: Decree Cards, D04: "Score 4 Victory Points per Happiness threshold your Population marker has reached. (Not
    cumulative; count only the highest reached.) Special: You must pay 1 Resource for each
    threshold you wish to score this way. If you cannot or choose not to pay, you may not score
    points for that threshold." Thresholds 9/13/16/19/21; Gold is a wild Resource."""
    v, g = decree_value(blank(population=[pop, 5, 0, 0], happiness=[2, 2, 0, 0],
                              res=[res, [0] * 4, [0] * 4, [0] * 4], gold=[gold, 0, 0, 0]), 0, "D04")
    assert v == vp
    assert sum(f(g, "res")[0]) + f(g, "gold")[0] == sum(res) + gold - paid


@pytest.mark.parametrize("hap,vp", [(8, 0), (9, 4), (13, 8), (16, 12), (19, 16), (21, 20)])
def test_d05_happiness_thresholds(hap, vp):
    """base-rulebook Appendix: Decree Cards, D05: "Score 4 Victory Points per Happiness threshold your Happiness marker has reached. (Not
    cumulative; count only the highest reached.)" """
    assert one("D05", happiness=[hap, 2, 0, 0], population=[21, 5, 0, 0]) == vp


def test_d06_difference_to_lowest_happiness():
    """base-rulebook Appendix: Decree Cards, D06: "Score a number of Victory Points equal to the difference between the position of your
    Happiness marker and the Happiness marker that is positioned the lowest on the Populace
    track." """
    assert one("D06", players=3, happiness=[11, 4, 7, 0], population=[11, 5, 7, 0]) == 7
    assert one("D06", players=3, seat=1, happiness=[11, 4, 7, 0], population=[11, 5, 7, 0]) == 0


@pytest.mark.parametrize("scribes,vp", [(0, 0), (5, 15), (7, 21), (9, 21)])
def test_d07_scribes_at_most_21(scribes, vp):
    """base-rulebook Appendix: Decree Cards, D07: "Score 3 Victory Points per leftover Scribe you have."; game-help errata: "D07 scores at
    most 21 VP"."""
    assert one("D07", scribes=[scribes, 0, 0, 0]) == vp


@pytest.mark.parametrize("gold,res,vp", [(3, [1, 2, 0, 1], 10), (0, [0, 0, 0, 0], 0), (6, [5, 5, 0, 0], 20)])
def test_d08_gold_and_resources_at_most_20(gold, res, vp):
    """base-rulebook Appendix: Decree Cards, D08: "Score 2 Victory Points per leftover Gold you have. Score 1 Victory Point per leftover
    Papyrus, Bread, Limestone, and Granite you have. Special: You can score a maximum of 20
    Victory Points from this Decree." """
    assert one("D08", gold=[gold, 0, 0, 0], res=[res, [0] * 4, [0] * 4, [0] * 4]) == vp


def test_d04_and_d08_share_a_symbol():
    """D04 / D08: "If you also have Decree D08, score D04 first!" Both carry the scarab (FACTS.md),
    and "no more than one Decree per type" scores, so no offered set holds both."""
    g = give_cards(blank(population=[13, 5, 0, 0], gold=[3, 0, 0, 0]), 0, "D04", "D08")
    g = trigger(g, ("D_DECREES", 0))
    assert sorted(legal(g)) == sorted(["decrees:D04", "decrees:D08", "decrees:none"])
    # D04: 8 VP for 2 Gold; D08: 6 VP for 3 Gold -> D04 first
    assert legal(g)[0] == "decrees:D04"


def osiris(cells):
    os_ = [[-1] * 4 for _ in range(6)]
    for r, d, p in cells:
        os_[r][d] = p
    return os_


OSIRIS_KW = dict(osiris=osiris([(0, 0, 0), (1, 1, 0), (2, 2, 0), (3, 2, 0), (4, 3, 0), (5, 3, 1)]),
                 buildings=[5, 1, 0, 0])


@pytest.mark.parametrize("name,vp", [("D09", 9), ("D10", 6), ("D11", 10)])
def test_d09_d10_d11_osiris_buildings(name, vp):
    """base-rulebook Appendix: Decree Cards, D09: "3 Victory Points per quarry (Limestone and Granite)"; D10: "3 ... per workshop (Papyrus
    and Bread)"; D11: "2 Victory Points per Building you have constructed within the Osiris
    action area". Seat 0: 2 workshops, 3 quarries (the other seat's quarry does not count)."""
    assert one(name, **OSIRIS_KW) == vp


def temple(owner_cells, bs_cells):
    tile, owner, bs = [0] * 25, [-1] * 25, [-1] * 18
    for k, (sp, p) in enumerate(owner_cells):
        tile[sp], owner[sp] = 22 + k, p
    for i, p in bs_cells:
        bs[i] = p
    return dict(temple_tile=tile, temple_owner=owner, bspace=bs)


@pytest.mark.parametrize("name,vp", [("D12", 9), ("D13", 6), ("D14", 12), ("D15", 10)])
def test_d12_d13_d14_d15_temple_pieces(name, vp):
    """base-rulebook Appendix: Decree Cards, D12: "3 Victory Points per Building you have constructed around the Temple Complex"; D13: "3
    ... per Pillar you have raised"; D14: "2 ... per Statue you have built ... 2 ... per Building
    ... around the Temple Complex"; D15: "2 ... per Pillar ... 2 ... per Building around the
    Temple Complex". Seat 0: 3 Buildings around the Temple, 2 Pillars, 3 Statues."""
    kw = temple([(0, 0), (6, 0), (12, 1)], [(0, 0), (5, 0), (9, 0), (3, 1)])
    kw.update(pillars=[2, 1, 0, 0], statues=[3, 0, 0, 0], buildings=[3, 1, 0, 0])
    assert one(name, **kw) == vp


def statues(god_cells, people):
    sg = [[-1] * 4 for _ in range(6)]
    for g_, k, p in god_cells:
        sg[g_][k] = p
    return dict(statue_god=sg, people=people, statues=[len([c for c in god_cells if c[2] == 0])
                                                        + people.count(0), 0, 0, 0])


@pytest.mark.parametrize("name,vp", [("D16", 8), ("D17", 14), ("D18", 12), ("D19", 10)])
def test_d16_d17_d18_d19_statues(name, vp):
    """base-rulebook Appendix: Decree Cards, D16: "4 Victory Points per Statue you built in honor of a god"; D17: "2 ... per Statue ... 2
    ... per Pillar"; D18: "3 ... per Statue you have built (whether in honor of a god or for the
    people)"; D19: "5 ... per Statue you have built for the people". Seat 0: 2 Statues to gods,
    2 for the people, 3 Pillars."""
    kw = statues([(0, 0, 0), (3, 0, 0), (5, 0, 1)], [0, -1, -1, 0])
    kw.update(pillars=[3, 0, 0, 0])
    assert kw["statues"][0] == 4
    assert one(name, **kw) == vp


@pytest.mark.parametrize("place,vp", [(0, 10), (1, 5), (2, 0)])
def test_d20_turn_order_three_players(place, vp):
    """base-rulebook Appendix: Decree Cards, D20: "Score 10 Victory Points if your Maat marker is first in Turn Order. Score 5 Victory
    Points if your Maat marker is second ... Special: Use only in games with 3 or more
    players." (out of the game at 2 players: test_rules_setup)."""
    order = [1, 2, 0]
    seat = order[place]
    assert one("D20", players=3, seat=seat, turn_order=order + [3]) == vp


def test_d21_buildings_constructed():
    """base-rulebook Appendix: Decree Cards, D21: "Score 1 Victory Point per Building you have constructed (whether in the Osiris Action
    Area or around the Temple Complex)"."""
    assert one("D21", buildings=[7, 0, 0, 0]) == 7


@pytest.mark.parametrize("pure,vp", [(0, 0), (7, 4), (12, 6)])
def test_d22_half_pure_dice_rounded_up(pure, vp):
    """base-rulebook Appendix: Decree Cards, D22: "Score a number of Victory Points equal to 1/2 the total value of your Pure dice (rounded
    up)." (the dice on the scales at the last Maat phase)."""
    assert one("D22", pure_sum=[pure, 0, 0, 0]) == vp


def test_d23_free_action_before_final_scoring():
    """base-rulebook Appendix: Decree Cards, D23: "Before final Scoring, perform any one action as if it had any die value and without
    paying any Resources associated with the action. (This action does not use a die and does
    not affect the balance of your scales.)"; game-help Game end: "1. Anyone holding Decree D23
    may play it first, for a free action. 2. Decrees"."""
    g = give_cards(blank(happiness=[5, 2, 0, 0], population=[9, 5, 0, 0]), 1, "D23")
    g = trigger(g, "A_FINAL")
    assert step_name(g) == "D_EXTRA" and step_seat(g) == 1
    opts = legal(g)
    assert "extra:Ba6" in opts                     # Bastet without its 2 Papyrus
    assert "extra:Ra6" in opts or f(g, "ra")[0] == 0
    play(g, "extra:produce-G6")
    # Produce still keeps only up to the Production marker (2); the excess does not reach the
    # scales ("does not affect the balance of your scales")
    assert f(g, "res")[1][3] == 2 and f(g, "excess")[1] == 0
    assert step_name(g) == "D_DECREES"


def test_d24_temple_again_own_buildings_and_pillars():
    """base-rulebook Appendix: Decree Cards, D24: "Score the Temple Complex one more time (your own Buildings and Pillars only)." The Temple
    Statue is left out."""
    kw = temple([(10, 0)], [(2, 0), (5, 0)])
    kw.update(people=[0, -1, -1, -1], statues=[1, 0, 0, 0], pillars=[1, 0, 0, 0], buildings=[2, 0, 0, 0])
    # Buildings around: 2; the Pillar at r3c1: W3 (row 3) + S1 (column 1) = 2
    assert one("D24", **kw) == 4


# ----------------------------------------------------------------------------- the Decree set
def set_vp(g, seat, tok):
    g2 = g.clone()
    play(g2, tok)
    return g2.score_breakdown(seat)["decrees"]


def test_up_to_three_one_per_symbol_best_first():
    """base-rulebook Final Scoring 1: "A player can score up to 3 Decrees total, but no more than one
    Decree per type, indicated by a printed symbol on the card."; game-help: "The Best button picks
    the highest-scoring set for you" (offered first)."""
    g = blank(happiness=[13, 2, 0, 0], population=[16, 5, 0, 0], scribes=[4, 0, 0, 0],
              statues=[2, 0, 0, 0], pillars=[3, 0, 0, 0], buildings=[4, 0, 0, 0],
              **{k: v for k, v in statues([(0, 0, 0)], [0, -1, -1, -1]).items() if k != "statues"})
    held = ["D05", "D07", "D13", "D18", "D21", "D19"]     # scarab x2, ankh x2, eye, lotus
    g = give_cards(g, 0, *held)
    g = trigger(g, ("D_DECREES", 0))
    sets = legal(g)
    sym = {n: data.DECREE_SYMBOL[n] for n in held}
    seen = set()
    for t in sets:
        names = [] if t == "decrees:none" else t[8:].split("+")
        assert len(names) <= 3
        assert len({sym[n] for n in names}) == len(names)
        seen.add(frozenset(names))
    # every admissible set is offered once
    expect = set()
    for k in range(4):
        for combo in itertools.combinations(held, k):
            if len({sym[n] for n in combo}) == k:
                expect.add(frozenset(combo))
    assert seen == expect and len(sets) == len(expect)
    values = [set_vp(g, 0, t) for t in sets]
    assert values[0] == max(values)
    assert values == sorted(values, reverse=True)


# ----------------------------------------------------------------------------- turn order, winner
@pytest.mark.parametrize("players,bonus", [(2, [3, 0]), (3, [3, 2, 0]), (4, [3, 2, 0, 0])])
def test_turn_order_vp_at_the_end(players, bonus):
    """base-rulebook Final Scoring 2: "The player whose Maat marker is first on the Turn Order track
    scores 3 Victory Points. In a 3-player or a 4-player game, the player whose Maat marker is
    second on the Turn Order track scores 2 Victory Points." """
    order = list(range(players - 1, -1, -1)) + list(range(players, 4))
    g = trigger(blank(players, turn_order=order), "A_WINNER")
    assert g.is_terminal()
    for k in range(players):
        assert g.score_breakdown(order[k])["turn_order"] == bonus[k]


def test_winner_most_vp():
    """base-rulebook: "The player with the most Victory Points wins!" """
    g = trigger(blank(3, vp=[20, 25, 21, 0], turn_order=[0, 1, 2, 3]), "A_WINNER")
    # seat 0 gets 3 VP for turn order (23), seat 1 2 VP (27)
    assert g.winner() == 1 and g.returns() == [23, 27, 21]


def test_tie_most_scribes_then_turn_order():
    """base-rulebook: "In the case of a tie, the tied player with the highest total number of Scribes
    is the winner. In the case of a further tie, the tied player whose Maat marker is first on
    the Turn Order track is the winner." """
    g = trigger(blank(3, vp=[17, 20, 20, 0], scribes=[0, 1, 2, 0], turn_order=[0, 1, 2, 3]), "A_WINNER")
    assert g.returns() == [20, 22, 20]
    assert g.winner() == 1
    g = trigger(blank(3, vp=[17, 18, 20, 0], scribes=[0, 1, 2, 0], turn_order=[0, 1, 2, 3]), "A_WINNER")
    assert g.returns() == [20, 20, 20] and g.winner() == 2
    g = trigger(blank(3, vp=[17, 18, 20, 0], scribes=[2, 1, 2, 0], turn_order=[0, 1, 2, 3]), "A_WINNER")
    assert g.winner() == 0


def test_final_scoring_after_fourth_maat():
    """base-rulebook Structure of Play: "2 Scorings = 1 Game" and Scoring: "If this was the second and
    final Scoring: 1. ... Decrees ... 2. The player whose Maat marker is first ... scores 3"."""
    g = blank(maat_count=3, scoring_count=1)
    g = trigger(g, "A_MAAT", "A_REFILL")
    while not g.is_terminal():
        if g.is_chance():
            g.apply_chance()
        else:
            g.apply(g.legal_actions()[0])
    assert f(g, "maat_count") == 4 and f(g, "scoring_count") == 2
    assert sum(g.score_breakdown(p)["turn_order"] for p in range(2)) == 3
    assert f(g, "final_vp")[:2] == g.returns()
