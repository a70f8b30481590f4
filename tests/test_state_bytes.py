"""The compiled helpers that take a state as bytes (``GameState.to_bytes()``) refuse anything that is
not one before reading it, and the flat Monte Carlo search hands every iteration to the playout.

The brief: "Every error a user can cause (... malformed position ...) gets a clear message and leaves
the engine running." A helper that checked only the length would read a right-sized block of garbage
as a state (a card id or a task past its table): it must get the rules core's check instead.
"""
from __future__ import annotations

import pytest

from tekhenu_engine import GameState
from tekhenu_engine import _search
from tekhenu_engine.agents import marginmodel
from tekhenu_engine.agents.playoutmodel import install_default as install_playout


def _solo_observation() -> bytes:
    g = GameState.new(1, 3)
    g.resolve_chance()
    return g.observation(0).to_bytes()


def _bad_states(good: bytes) -> list[tuple[bytes, str]]:
    """A state of the wrong size, and one of the right size made of 0xff bytes (its first field,
    the chance generator, is any number; the next ones are not): each a ValueError with its reason."""
    return [(b"xx", "not a state$"), (b"\xff" * len(good), "version|nplayers|nseats|field|state")]


HELPERS = {
    "static_estimate": lambda raw: _search.static_estimate(raw),
    "greedy_choice": lambda raw: _search.greedy_choice(raw, 0, seed=1),
    "policy_choice": lambda raw: _search.policy_choice(raw, 0, seed=1),
    "eval_features_of": lambda raw: _search.eval_features_of(raw, 0),
    "margin_value_of": lambda raw: _search.margin_value_of(raw, 0),
    "playout_decisions": lambda raw: _search.playout_decisions(raw, seed=1),
    "reward_terms": lambda raw: _search.reward_terms(raw, 0.5, [0.0, 0.0]),
    "playout_margins": lambda raw: _search.playout_margins([raw], [0], 1, seed=1),
    "Searcher": lambda raw: _search.Searcher(raw, 0, seed=1),
}


@pytest.mark.parametrize("name", sorted(HELPERS))
def test_a_helper_refuses_what_is_not_a_state(name):
    marginmodel.install_default()
    install_playout()
    good = _solo_observation()
    HELPERS[name](good)                     # a state is read
    for raw, reason in _bad_states(good):
        with pytest.raises(ValueError, match=reason):
            HELPERS[name](raw)
    HELPERS[name](good)                     # and the process goes on


def test_reroot_refuses_what_is_not_a_state():
    good = _solo_observation()
    sr = _search.Searcher(good, 0, seed=1)
    sr.run(50)
    action = max(sr.root_stats(), key=lambda d: d["visits"])["action"]
    before = sr.root_stats()
    for raw, reason in _bad_states(good):
        with pytest.raises(ValueError, match=reason):
            sr.reroot(action, raw)
    assert sr.root_stats() == before        # nothing changed
    g = GameState.from_bytes(good)
    g.apply(action)
    g.resolve_chance()
    if g.current_player() == 0:
        assert sr.reroot(action, g.observation(0).to_bytes()) in (True, False)


def test_policy_choice_refuses_a_position_its_seat_is_not_to_decide():
    """It used to copy any bytes without looking at them: a finished game has no decision, and
    another seat than the one to decide is refused as greedy_choice refuses it."""
    g = GameState.new(1, 4)
    g.playout(4)
    assert g.is_terminal()
    with pytest.raises(ValueError, match="no seat is to decide"):
        _search.policy_choice(g.to_bytes(), 0)
    two = GameState.new(2, 4)
    two.resolve_chance()
    other = 1 - two.current_player()
    with pytest.raises(ValueError, match=f"seat {other} is not to decide"):
        _search.policy_choice(two.to_bytes(), other)


def test_entry_points_refuse_seat_minus_one_at_a_chance_step_and_a_finished_game():
    """current_player is -1 at a chance step: a search or a greedy choice for "seat -1" there used to
    be accepted (the check was only that the two agree) and would run with no seat to search for;
    now the Searcher, greedy_choice, policy_choice and playout_margins refuse it (one check,
    check_decider), and a finished game."""
    g = GameState.new(2, 4)
    assert g.is_chance() and g.current_player() == -1
    chance = g.to_bytes()
    done = GameState.new(1, 4)
    done.playout(4)
    assert done.is_terminal()
    for raw, says in ((chance, "a chance step"), (done.to_bytes(), "the game is over")):
        for seat in (-1, 0):
            with pytest.raises(ValueError, match=f"no seat is to decide in this position \\({says}\\)"):
                _search.Searcher(raw, seat)
            with pytest.raises(ValueError, match=says):
                _search.greedy_choice(raw, seat)
            with pytest.raises(ValueError, match=says):
                _search.policy_choice(raw, seat)
        with pytest.raises(ValueError, match=f"state 0: no seat is to decide in this position \\({says}\\)"):
            _search.playout_margins([raw], [-1], 2)


def test_flat_search_plays_every_iteration_out_with_the_cutoff():
    """flat=True: "no tree below the root, actions tried in turn". Every iteration leaves the tree
    after the root's action, so a cut-off (and mix, depth_vp, the move averages) reaches every
    iteration, not only the first of each action: with cutoff=2 at the start of a solo game no
    iteration reaches the end of the game, so each estimate is the static evaluation two decisions in,
    far below a finished game's VP."""
    obs = _solo_observation()
    start = GameState.from_bytes(obs).returns()[0]
    full = _search.Searcher(obs, 0, seed=2, flat=True, mast=0.0)
    full.run(400)
    cut = _search.Searcher(obs, 0, seed=2, flat=True, mast=0.0, cutoff=2)
    cut.run(400)
    for stats, lo, hi in ((full.root_stats(), 60, 250), (cut.root_stats(), start, start + 40)):
        assert sum(d["visits"] for d in stats) == 400
        for d in stats:
            assert d["visits"] >= 400 // len(stats)          # every action in turn
            assert lo <= d["vp_sum"][0] / d["visits"] <= hi
    assert full.nodes_used == cut.nodes_used == 1 + len(full.root_stats())


def test_search_position_says_when_the_game_ended_first():
    """bench.search_position(players, decisions) walks randomly into a game; a solo walk that long
    ends the game first (random play against Botankhamun): a clear error, not an IndexError."""
    from tekhenu_engine.bench import search_position
    assert not search_position(1, 40, seed=3).is_terminal()
    with pytest.raises(ValueError, match="the game ended after 53 random decisions, before 60"):
        search_position(1, 60, seed=3)
