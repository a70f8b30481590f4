"""Rewards of a Tekhenu game for learning users (shared by the OpenSpiel game and the PettingZoo env).

Win/loss utilities come from the engine's winner (:meth:`GameState.winner`: most VP, then the
rulebook's tie-breaks), per player count (docs/rl.md):

=========  ==============  ==============
players    winner          every other
=========  ==============  ==============
1 (solo)   +1              -1 (Botankhamun won)
2          +1              -1 (zero-sum)
3-4        +1              0 (general-sum)
=========  ==============  ==============

The optional shaped reward is the change of a seat's VP divided by ``VP_SCALE``.
"""
from __future__ import annotations

from ._core import GameState

VP_SCALE = 100.0


def win_utilities(state: GameState) -> list[float]:
    """Win/loss utility of every player (0.0 for all while the game runs)."""
    n = state.num_players()
    if not state.is_terminal():
        return [0.0] * n
    w = state.winner()
    if n <= 2:
        return [1.0 if p == w else -1.0 for p in range(n)]
    return [1.0 if p == w else 0.0 for p in range(n)]


def utility_range(players: int) -> tuple[float, float]:
    """(min, max) of :func:`win_utilities` at this player count."""
    return (-1.0 if players <= 2 else 0.0), 1.0
