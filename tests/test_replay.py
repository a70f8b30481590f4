"""Same seed and same actions give the same state; finished games replay from their record.

Issue 2: "Same seed and same actions give the same state; every finished game reloads and
replays from its action list to the same final state and score." Chance events are explicit
steps, so the action list (player decisions and chance outcomes) is the whole game.
"""
from __future__ import annotations

import random

import pytest

from tekhenu_engine import notation
from tekhenu_engine._core import GameState


def play_random(players: int, seed: int) -> tuple[GameState, list[int]]:
    g = GameState.new(players, seed=seed)
    rnd = random.Random(seed * 7 + 1)
    record: list[int] = []
    while not g.is_terminal():
        a = g.sample_chance() if g.is_chance() else rnd.choice(g.legal_actions())
        g.apply(a)
        record.append(a)
    return g, record


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_same_seed_same_actions_same_state(players: int, seed: int) -> None:
    a, rec_a = play_random(players, seed)
    b, rec_b = play_random(players, seed)
    assert rec_a == rec_b
    assert a == b and a.to_bytes() == b.to_bytes()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_replay_from_action_list_without_seed(players: int) -> None:
    """A game replays from its record alone: a fresh game with another seed, fed the outcomes."""
    final, record = play_random(players, 11)
    replay = GameState.new(players, seed=999)
    for a in record:
        replay.apply(a)
    assert replay.is_terminal()
    assert replay.returns() == final.returns()
    assert replay.winner() == final.winner()
    for seat in range(players):
        assert replay.score_breakdown(seat) == final.score_breakdown(seat)


def test_replay_through_notation_tokens() -> None:
    """The record as move tokens (the form the protocol and game files use) replays too."""
    final, record = play_random(2, 5)
    tokens = [notation.format_action(a) for a in record]
    assert all(" " not in t for t in tokens)
    replay = GameState.new(2, seed=0)
    for t in tokens:
        replay.apply(notation.parse_action(t))
    assert replay.returns() == final.returns()


def test_reload_mid_game_and_continue() -> None:
    """A state saved mid-game and reloaded continues exactly like the original."""
    final, record = play_random(3, 21)
    g = GameState.new(3, seed=21)
    for a in record[: len(record) // 2]:
        g.apply(a)
    g2 = GameState.from_string(g.to_string())
    g3 = GameState.from_json(g.to_json())
    for a in record[len(record) // 2:]:
        g2.apply(a)
        g3.apply(a)
    assert g2 == final and g3 == final


def test_illegal_action_leaves_state_unchanged() -> None:
    g = GameState.new(2, seed=4)
    g.resolve_chance()
    before = g.to_bytes()
    with pytest.raises(ValueError):
        g.apply(notation.parse_action("pass") + 12345)
    assert g.to_bytes() == before
