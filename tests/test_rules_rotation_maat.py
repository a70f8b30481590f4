"""Rotation (every two rounds) and the Maat phase (every two Rotations)."""
from __future__ import annotations

from collections import Counter

import pytest

from positions import (board, f, first_turn, legal, make_turn, no_cards_in_hand, play,
                       set_dice, set_player, step_name, step_seat, trigger, wheel_dice)


def last_turn_of_round(rnd, players=2):
    """The last turn of round rnd+1 (rnd rounds completed), its seat holding 2 Scribes for an
    Anubis die, which does not change the scales."""
    g = no_cards_in_hand(first_turn(players))
    last = f(g, "turn_order")[players - 1]
    g = make_turn(g, last, turn_idx=players - 1, rnd=rnd)
    g = set_dice(g, [("Os", "y", 2), ("Th", "k", 6), ("Ha", "b", 3)])
    g = set_player(g, last, scribes=2)
    return g, last


def finish_turn_anubis(g):
    play(g, "anubis:Os:y2", "act:produce-P")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rotation_after_two_rounds_new_dice_into_shaded(players):
    """base-rulebook Rotation: "1. Rotate the Obelisk Wheel one section clockwise ... 3. For each of
    the two Shaded sections around the Obelisk Wheel (in its new position), draw a number of dice
    equal to the number of players. Roll and add them to that section." With the arrow moved
    from Horus to Ra, the Shaded sections are arrow+2 = Bastet and arrow+5 = Horus (FACTS.md)."""
    g, last = last_turn_of_round(1, players)
    before = Counter(sec for sec, _, _ in wheel_dice(g))
    finish_turn_anubis(g)
    sections = []
    while g.is_chance():
        assert step_name(g) == "CH_DIE"
        sections.append(g.step()[2])
        g.apply_chance()
    assert f(g, "arrow") == 1
    assert f(g, "round") == 2
    assert Counter(sections) == {3: players, 0: players}
    after = Counter(sec for sec, _, _ in wheel_dice(g))
    before[5] -= 1                       # the die just taken
    for sec in range(6):
        assert after[sec] == before[sec] + (players if sec in (0, 3) else 0)


def test_no_rotation_after_odd_round():
    """base-rulebook: "Every two Rounds, the shadow of the Obelisk will rotate." After round 1 the
    wheel stays."""
    g, last = last_turn_of_round(0)
    finish_turn_anubis(g)
    assert f(g, "arrow") == 0 and f(g, "round") == 1
    assert step_name(g) == "D_TAKE"


def test_rotation_draws_fewer_dice_when_bag_short():
    """FACTS.md: "N dice into each Shaded section per Rotation (fewer if the bag is short)"."""
    g, last = last_turn_of_round(1)
    loc = f(g, "die_loc")
    bag = [i for i, x in enumerate(loc) if x == 0]
    for i in bag[1:]:
        loc[i] = 99                      # keep a single die in the bag
    g = board(g, die_loc=loc)
    finish_turn_anubis(g)
    n = 0
    while g.is_chance():
        g.apply_chance()
        n += 1
    assert n == 1 and f(g, "arrow") == 1


def test_maat_after_four_rounds_then_new_dice():
    """base-rulebook Rotation: "2. If the players have 4 dice on their player boards, immediately
    perform a Maat phase. 3. ... draw ... dice"; Maat step 7: "Return all dice from the player
    boards to the draw bag." """
    g, last = last_turn_of_round(3)
    finish_turn_anubis(g)
    # the Maat phase runs (nobody holds Faith), then the Destiny picks
    assert f(g, "maat_count") == 1
    assert step_name(g) == "D_DESTINY"
    locs = f(g, "die_loc")
    assert not any(10 <= x < 44 for x in locs)
    assert f(g, "excess")[:2] == [0, 0] and f(g, "pure_sum")[:2] == [0, 0]


# ----------------------------------------------------------------------------- Maat, built directly
def maat(players=2, pure=None, taint=None, excess=None, faith=None, destiny=None, maat_count=0, **extra):
    g = no_cards_in_hand(first_turn(players))
    pure = pure or [0] * players
    taint = taint or [0] * players
    excess = excess or [0] * players
    faith = faith or [0] * players
    destiny = destiny if destiny is not None else list(range(players))
    owner = [-1] * 4
    for p, d in enumerate(destiny):
        owner[d] = p
    pad = lambda xs: list(xs) + [0] * (4 - len(xs))
    g = board(g, pure_sum=pad(pure), taint_sum=pad(taint), excess=pad(excess), faith=pad(faith),
              destiny=list(destiny) + [-1] * (4 - players), destiny_owner=owner,
              maat_count=maat_count, **extra)
    return trigger(g, "A_MAAT", "A_REFILL")


@pytest.mark.parametrize("pure,taint,excess,balance", [(10, 4, 0, 6), (3, 9, 2, -8), (0, 0, 5, -5)])
def test_balance_pure_minus_tainted_minus_excess(pure, taint, excess, balance):
    """base-rulebook Maat 1: "Everything on the left side (Pure) counts positive, while everything on
    the right side (Tainted) counts negative. a. Each die is worth positive or negative equal to
    its value. b. Each Resource (due to excess production) is worth negative 1." """
    g = maat(pure=[pure, 0], taint=[taint, 0], excess=[excess, 0])
    assert f(g, "balance")[0] == balance


def test_anubis_die_does_not_count():
    """base-rulebook Anubis: "This die does not count towards the balance of your scales during the
    Maat phase." A real Anubis turn before the Maat phase leaves the balance at 0."""
    g, last = last_turn_of_round(3)
    finish_turn_anubis(g)
    assert f(g, "balance")[last] == 0


@pytest.mark.parametrize("balance,loss", [(0, 0), (5, 0), (-1, 0), (-2, 0), (-3, 1), (-5, 1),
                                          (-6, 2), (-8, 2), (-9, 3), (-20, 3)])
def test_vp_loss_table(balance, loss):
    """base-rulebook Maat 4: "-1 to -2: 0; -3 to -5: -1; -6 to -8: -2; -9 or more: -3. Players with 0
    or a positive balance never lose Victory Points." """
    g = maat(pure=[max(balance, 0), 0], taint=[max(-balance, 0), 0])
    assert f(g, "vp")[0] == 10 - loss
    assert g.score_breakdown(0)["maat"] == -loss


def test_vp_never_below_zero_at_maat():
    """base-rulebook Maat 4: "(No player can go below 0 on the Victory Point track. Any excess negative
    Victory Points are simply ignored.)" """
    g = maat(taint=[12, 0], vp=[1, 10, 0, 0])
    assert f(g, "vp")[0] == 0


def test_faith_either_side_unused_lost():
    """base-rulebook Maat 2: "players may place any number of their Faith tokens onto either the
    right or left side of the scales. Each Faith token is worth positive or negative 1"; step 7:
    "All unused Faith tokens are likewise returned." """
    g = maat(pure=[0, 0], taint=[3, 0], faith=[2, 0])
    assert step_name(g) == "D_FAITH" and step_seat(g) == 0
    nets = sorted(int(t[6:]) for t in legal(g))
    assert nets == [-2, -1, 0, 1, 2]
    assert legal(g)[0] == "faith:+2"          # nearest to balance first
    play(g, "faith:+1")
    assert f(g, "balance")[0] == -2 and f(g, "vp")[0] == 10
    assert f(g, "faith")[0] == 0


def test_faith_usable_with_a_large_imbalance():
    """base-rulebook Maat 2: "players may place any number of their Faith tokens onto either the right
    or left side": Faith always moves the balance, however far from zero it is. -10 with 1 Faith
    can become -9 (still 3 VP) and -9 with 3 Faith -6 (2 VP instead of 3)."""
    g = maat(taint=[9, 0], faith=[3, 0])
    assert step_name(g) == "D_FAITH"
    assert sorted(int(t[6:]) for t in legal(g)) == [-3, -2, -1, 0, 1, 2, 3]
    play(g, "faith:+3")
    assert f(g, "balance")[0] == -6 and f(g, "vp")[0] == 10 - 2


def test_turn_order_closest_to_zero_first():
    """base-rulebook Maat 5: "All players place their Maat markers on the Turn Order track in
    ascending order based on their balance. A player with a perfect balance (a value of 0) will
    be first in Turn Order, followed by +/-1, +/-2, and so on." """
    g = maat(players=4, pure=[5, 0, 2, 0], taint=[0, 3, 0, 0], destiny=[0, 1, 2, 3])
    # balances 5, -3, 2, 0
    assert f(g, "turn_order") == [3, 2, 1, 0]


def test_turn_order_tie_to_higher_ankh():
    """base-rulebook Maat 5: "In case of a tie, the tied player who has the highest Ankh value
    (printed on their Destiny card) places their Maat marker first. (A player with balance of +1
    and another with balance of -1 are considered tied, and their Ankh value decides.)" A01-A04:
    Ankh 0-3."""
    g = maat(players=3, pure=[1, 0, 0], taint=[0, 1, 0], destiny=[0, 3, 1])
    # balances +1, -1, 0 -> seat 2 first; +1 (Ankh 0) and -1 (Ankh 3) tie: seat 1 before seat 0
    assert f(g, "turn_order")[:3] == [2, 1, 0]


def test_destiny_repick_in_new_turn_order_with_reward():
    """base-rulebook Maat 8: "Return all Destiny cards to the middle of the table. In the newly
    established Turn Order, each player takes one of the available Destiny cards, receiving the
    reward shown." """
    g = maat(pure=[4, 0], destiny=[2, 3])
    assert f(g, "turn_order")[:2] == [1, 0]
    assert step_name(g) == "D_DESTINY" and step_seat(g) == 1
    assert legal(g) == ["destiny:A01", "destiny:A02", "destiny:A03", "destiny:A04"]
    gold = f(g, "gold")[1]
    play(g, "destiny:A02")
    assert f(g, "gold")[1] == gold + 1 and f(g, "destiny")[1] == 1
    assert step_seat(g) == 0 and "destiny:A02" not in legal(g)
    play(g, "destiny:A04")
    assert f(g, "faith")[0] == 1          # a new Faith for the next Maat phase


def test_maat_clears_excess_and_faith():
    """base-rulebook Maat 7: "Return all excess Resources and Faith tokens from the scales on each
    player board to the general supply." """
    g = maat(excess=[3, 1], faith=[0, 2])
    play(g, legal(g)[0])                  # seat 1 places its Faith
    assert f(g, "excess")[:2] == [0, 0] and f(g, "faith")[:2] == [0, 0]


@pytest.mark.parametrize("maat_count,scoring", [(0, False), (1, True), (2, False), (3, True)])
def test_scoring_after_second_and_fourth_maat(maat_count, scoring):
    """base-rulebook Structure of Play: "2 Maat phases = 1 Scoring"; game-help: "5. After rounds 8
    and 16, Scoring"."""
    g = maat(maat_count=maat_count)
    assert f(g, "maat_count") == maat_count + 1
    assert f(g, "scoring_count") == (1 if scoring else 0)
