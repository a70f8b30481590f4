"""The agent interface shared by Botankhamun, ISMCTS and the baselines."""
from __future__ import annotations

import random
from typing import Protocol

from .._core import GameState


class Agent(Protocol):
    """A player: observation of its seat in, one legal action out."""

    name: str

    def choose(self, observation: GameState, seat: int) -> int:
        """Return one of ``observation.legal_actions()`` for the pending decision of ``seat``.

        ``observation`` is ``state.observation(seat)``: hidden information is masked.
        """
        ...


class RandomAgent:
    """Uniformly random legal actions (a baseline and a test opponent)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: GameState, seat: int) -> int:
        return self.rng.choice(observation.legal_actions())
