"""The structure of play over whole games: rounds, turn order, Rotations, Maat phases, Scorings."""
from __future__ import annotations

import random

import pytest

from positions import f, step_name, step_seat
from tekhenu_engine._core import GameState


def play_logged(players, seed):
    """A random game; returns the log of every die choice: (round, seat, dice on its board,
    arrow, maat phases so far, turn order) and the final state."""
    g = GameState.new(players, seed)
    rng = random.Random(seed)
    log = []
    while not g.is_terminal():
        if g.is_chance():
            g.apply_chance()
            continue
        if step_name(g) == "D_TAKE":
            p = step_seat(g)
            log.append((f(g, "round"), p, f(g, "ndice_board")[p], f(g, "arrow"), f(g, "maat_count"),
                        tuple(f(g, "turn_order")[:players])))
        g.apply(rng.choice(g.legal_actions()))
    return log, g


@pytest.mark.parametrize("players,seed", [(2, 11), (3, 12), (4, 13)])
def test_sixteen_rounds_one_turn_each_in_turn_order(players, seed):
    """base-rulebook Structure of Play: "1 Game = 2 Scorings = 4 Maat phases = 8 Rotations = 16
    Rounds"; "Every Round, players take one turn each, in the order indicated on the Turn Order
    track." """
    log, g = play_logged(players, seed)
    assert len(log) == 16 * players
    for rnd in range(16):
        turns = log[rnd * players:(rnd + 1) * players]
        assert all(t[0] == rnd for t in turns)
        order = turns[0][5]
        assert [t[1] for t in turns] == list(order)
        assert all(t[5] == order for t in turns)


@pytest.mark.parametrize("players,seed", [(2, 21), (3, 22), (4, 23)])
def test_rotation_every_two_rounds_maat_every_four(players, seed):
    """base-rulebook: "Every two Rounds, the shadow of the Obelisk will rotate. Every two Rotations,
    a Maat phase occurs" - "A Maat phase is performed when every player has exactly 4 dice on
    their player board." Each seat has taken (round mod 4) dice at its turn."""
    log, g = play_logged(players, seed)
    start = log[0][3]
    for rnd, p, ndice, arrow, maats, _ in log:
        assert arrow == (start + rnd // 2) % 6
        assert maats == rnd // 4
        assert ndice == rnd % 4
    assert f(g, "arrow") == (start + 8) % 6
    assert f(g, "maat_count") == 4 and f(g, "scoring_count") == 2
    assert g.is_terminal() and f(g, "final_vp")[:players] == g.returns()
    assert all(v >= 0 for v in g.returns())
