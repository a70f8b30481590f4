"""Issue 11, the search side of Time of Seth: the static evaluation, the learned evaluation's features
and rows, and the playout policy know the expansion's pieces when the option is on (docs/search.md,
"Time of Seth"); with the option off nothing changes.
"""
from __future__ import annotations

import numpy as np
import pytest

from tekhenu_engine import GameState, TableOptions, data, format_action
from tekhenu_engine._search import (EVAL_FEATURE_NAMES, EVAL_ROWS, eval_estimate, eval_features_of,
                                    policy_choice, static_estimate)
from tekhenu_engine.agents import evalmodel

SETH = TableOptions(seth=True)
SETH_FEATURES = ("seth_vp_to_come", "soldiers", "priests", "cultists", "artifacts")


def _seth_game(players: int = 2, seed: int = 3, decisions: int = 60) -> GameState:
    """A Time of Seth game after some decisions of the heuristic playout policy."""
    g = GameState.new(players, seed, SETH)
    k = 0
    while k < decisions and not g.is_terminal():
        if g.is_chance():
            g.apply_chance()
            continue
        g.apply(policy_choice(g.to_bytes(), g.current_player(), seed * 1000 + k))
        k += 1
    while g.is_chance():
        g.apply_chance()
    return g


def _with(g: GameState, **changes) -> GameState:
    """g with seat-0 counters changed (``soldiers=2`` adds 2 Soldiers to seat 0, ...), through the
    public loader (static_estimate reads only states it accepts)."""
    d = g.to_dict()
    for key, add in changes.items():
        d[key][0] += add
    return GameState.from_dict(d)


def test_static_evaluation_counts_the_expansions_pieces():
    """Manual: "each player receives Victory Points for all their Buildings on the Seth board" (each
    Scoring still to come); Soldiers and Priests are worth something; "Each Blood token is worth 1
    Taint" at every Maat phase still to come."""
    g = _seth_game()
    d = g.to_dict()
    base = static_estimate(g.to_bytes())
    scorings_left = 2 - d["scoring_count"]
    maats_left = 4 - d["maat_count"]
    assert static_estimate(_with(g, soldiers=2).to_bytes())[0] == pytest.approx(base[0] + 2 * 0.4)
    priests = 4 if d["priests"][0] + 4 <= data.SETH_TRACK_MAX else -4
    assert static_estimate(_with(g, priests=priests).to_bytes())[0] == pytest.approx(base[0] + priests * 0.25)
    assert static_estimate(_with(g, blood=1).to_bytes())[0] == pytest.approx(base[0] - 0.3 * maats_left)
    # a Building of seat 0 on a free space of the Seth board: that space's VP at each Scoring to come
    k = d["seth_build"].index(-1)
    d["seth_build"][k] = 0
    d["buildings"][0] += 1                  # one more of seat 0's Buildings is out (the loader counts them)
    h = GameState.from_dict(d)
    vp = data.SETH_REGIONS[k // 2]["vp"][k % 2]
    assert static_estimate(h.to_bytes())[0] == pytest.approx(base[0] + scorings_left * vp)
    # the other seat is unchanged by seat 0's pieces
    assert static_estimate(h.to_bytes())[1] == pytest.approx(base[1])


def test_static_evaluation_values_a_statue_in_honour_of_seth():
    """Manual: "every time another player performs the Seth God Action you will receive the bonus
    ... (1 Resource of your choice)"; "In a 2-player game, also receive this bonus when you perform
    the Seth God Action yourself"; "Building a second Statue to Seth does not provide any additional
    reward." The estimate: the 2 Priests it took (0.25 each) plus a Resource (0.25) per Seth action
    still expected of each seat whose action pays it (0.1 a seat and round)."""
    for players in (2, 3):
        g = _seth_game(players, 7, 40)
        d = g.to_dict()
        assert all(x == -1 for x in d["seth_god"])
        base = static_estimate(g.to_bytes())
        rounds_left = 16 - d["round"]
        seats = 2 if players == 2 else players - 1      # 2 players: the owner's own Seth action too
        d["seth_god"][0] = 0
        d["statues"][0] += 1                # one more of seat 0's Statues is out (the loader counts them)
        one = static_estimate(GameState.from_dict(d).to_bytes())
        assert one[0] == pytest.approx(base[0] + 2 * 0.25 + 0.25 * 0.1 * rounds_left * seats)
        assert one[1:] == pytest.approx(base[1:])       # another seat's estimate is unchanged
        if players == 3:                                # a second one adds nothing
            d["seth_god"][1] = 0
            d["statues"][0] += 1
            two = static_estimate(GameState.from_dict(d).to_bytes())
            assert two[0] == pytest.approx(one[0])


def test_static_evaluation_of_the_base_game_ignores_the_fields():
    """With the option off the Seth fields keep their 'off' values: Soldiers given to a base-game state
    make an impossible state, which the public loader and the estimate refuse (before the estimate
    read states unchecked, this test gave one and found the base estimate)."""
    g = GameState.new(2, 5)
    while g.is_chance():
        g.apply_chance()
    d = g.to_dict()
    d["soldiers"][0] += 3
    with pytest.raises(ValueError, match="soldiers"):
        GameState.from_dict(d)
    forged = GameState._from_dict_trusted(d).to_bytes()
    with pytest.raises(ValueError, match="soldiers"):
        static_estimate(forged)
    assert static_estimate(g.to_bytes()) == static_estimate(GameState.from_dict(g.to_dict()).to_bytes())


def test_learned_features_take_the_expansions_pieces():
    """Feature version 2: the Seth Buildings' VP at the Scorings to come, Soldiers, Priests, Cultists
    owned and Artifacts held; all 0 in a base game."""
    for name in SETH_FEATURES:
        assert name in EVAL_FEATURE_NAMES and name + "*time_left" in EVAL_FEATURE_NAMES
    g = _seth_game(3, 4, 80)
    d = g.to_dict()
    for p in range(3):
        f = dict(zip(EVAL_FEATURE_NAMES, eval_features_of(g.to_bytes(), p)))
        assert f["soldiers"] == d["soldiers"][p] and f["priests"] == d["priests"][p]
        assert f["cultists"] == sum(1 for x in d["cult_loc"] if x == 10 + p)
        assert f["artifacts"] == sum(1 for x in d["art_loc"] if x == 10 + p)
        assert f["balance"] == d["pure_sum"][p] - d["taint_sum"][p] - d["excess"][p] - d["blood"][p]
    base = GameState.new(3, 4)
    while base.is_chance():
        base.apply_chance()
    f = dict(zip(EVAL_FEATURE_NAMES, eval_features_of(base.to_bytes(), 1)))
    assert all(f[n] == 0 for n in SETH_FEATURES)


def test_a_seth_game_uses_the_seth_rows_of_the_model():
    """The model has a row per table kind with the expansion (2, 3, 4 players), trained on its games."""
    assert EVAL_ROWS[5:] == ("seth_players2", "seth_players3", "seth_players4")
    m = evalmodel.install()
    g = _seth_game(2, 6, 50)
    raw = g.to_bytes()
    vp = g.to_dict()["vp"]
    for p in range(2):
        want = vp[p] + float(np.dot(m["weights"][5], eval_features_of(raw, p)))
        assert eval_estimate(raw)[p] == pytest.approx(want)
    # the Seth rows are fitted (not the base rows' copy) and give Soldiers a value
    names = list(EVAL_FEATURE_NAMES)
    assert not np.allclose(m["weights"][5], m["weights"][2])
    assert m["weights"][2][names.index("soldiers")] == 0.0     # never seen in a base game


def test_playout_policy_takes_a_seth_board_die_more_often():
    """A Seth-board die is listed only when its Seth action can be paid (Soldiers); the policy gives
    it twice the weight of a Pure wheel die, where the former policy ('heuristic1') weighed it as a
    wheel die."""
    g = None
    for seed in range(1, 40):
        h = _seth_game(2, seed, 40)
        while not h.is_terminal() and not any(format_action(a).startswith("take:Se") for a in h.legal_actions()):
            if h.is_chance():
                h.apply_chance()
            else:
                h.apply(policy_choice(h.to_bytes(), h.current_player(), seed))
        if not h.is_terminal():
            g = h
            break
    assert g is not None
    raw, seat = g.to_bytes(), g.current_player()
    n = 600

    def share(mode: str) -> float:
        picks = [format_action(policy_choice(raw, seat, k, mode)) for k in range(n)]
        return sum(t.startswith("take:Se") for t in picks) / n

    assert share("heuristic") > share("heuristic1") + 0.05
