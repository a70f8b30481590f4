"""Baseline agents for comparison and testing: greedy one-step, flat Monte Carlo, playout policy.

Like every agent they get the observation of their seat and return one legal action;
they determinise what they cannot see exactly like the search does (compiled in
:mod:`tekhenu_engine._search`). :class:`~tekhenu_engine.agents.base.RandomAgent` is the
uniform random baseline.
"""
from __future__ import annotations

from .._core import GameState
from .._search import Searcher, greedy_choice, policy_choice
from .ismcts import search_seed


_seed = search_seed


class GreedyAgent:
    """Greedy one-step: the action with the best immediate VP and resource value.

    Every legal action is applied (on two determinisations of the observation); the seat's
    own remaining steps of that action are completed by the playout policy; the value is
    VP plus the static evaluation's stock and scoring terms (docs/search.md).
    """

    name = "greedy"

    def __init__(self, seed: int = 0, samples: int = 2) -> None:
        self.seed = seed
        self.samples = samples

    def choose(self, observation: GameState, seat: int) -> int:
        obs = observation.observation(seat)
        legal = obs.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return greedy_choice(obs.to_bytes(), seat, _seed(self.seed, obs), self.samples)


class FlatMCAgent:
    """Flat Monte Carlo: determinised playouts from each legal action in turn, best mean reward.

    playouts: the budget per decision (total over all actions); movetime_ms: a time budget
    instead (or as well: whichever ends first). Same playout policy and reward as ISMCTS,
    without a tree below the root, and without move-average sampling (a plain baseline).
    """

    name = "flatmc"

    def __init__(self, playouts: int = 1000, movetime_ms: float | None = None, seed: int = 0,
                 playout: str = "heuristic", reward: str = "auto") -> None:
        if playouts < 1:
            raise ValueError("playouts must be at least 1")
        self.playouts = playouts
        self.movetime_ms = movetime_ms
        self.seed = seed
        self.playout = playout
        self.reward = reward

    def choose(self, observation: GameState, seat: int) -> int:
        obs = observation.observation(seat)
        legal = obs.legal_actions()
        if len(legal) == 1:
            return legal[0]
        sr = Searcher(obs.to_bytes(), seat, seed=_seed(self.seed, obs), reward=self.reward,
                      playout=self.playout, flat=True, mast=0.0)
        if self.movetime_ms is not None:
            sr.run(self.playouts, self.movetime_ms / 1000.0)
        else:
            sr.run(self.playouts)
        stats = sr.root_stats()
        best = max(stats, key=lambda d: (d["reward_sum"] / max(d["visits"], 1), -d["action"]))
        return best["action"]


class PolicyAgent:
    """The ISMCTS playout policy as a player (one cheap weighted choice per decision)."""

    name = "policy"

    def __init__(self, seed: int = 0, playout: str = "heuristic") -> None:
        self.seed = seed
        self.playout = playout

    def choose(self, observation: GameState, seat: int) -> int:
        obs = observation.observation(seat)
        return policy_choice(obs.to_bytes(), seat, _seed(self.seed, obs), self.playout)
