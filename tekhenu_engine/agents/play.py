"""Play whole games between agents that see observations only (reused by the match runner)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

from .._core import GameState
from .base import Agent


@dataclass
class GameRecord:
    """A finished (or abandoned) game: enough to reload and replay it."""

    players: int
    seed: int
    options: dict
    actions: list[int]              # every applied action and chance outcome, in order
    final_vp: list[int]
    winner: int                     # seat, -1 if the game did not finish
    agents: list[str] = field(default_factory=list)
    decisions: int = 0

    def replay(self) -> GameState:
        """The final state, rebuilt from the seed, options and action list."""
        state = GameState.new(self.players, self.seed, **self.options)
        for a in self.actions:
            state.apply(a)
        return state


def run_game(agents: Sequence[Agent], players: int = 2, seed: int = 0, *,
             options: dict | None = None, max_decisions: int = 100_000,
             on_decision: Callable[[GameState, int, int], None] | None = None) -> GameRecord:
    """Play one game; agents[seat] decides for seat (solo: agents[0] plays against Botankhamun).

    Each agent gets ``state.observation(seat)`` only. Chance steps are drawn from the game's
    own seeded generator, so a seed and the agents fix the game. An illegal action from an
    agent raises ValueError naming the agent. `options` are table options of
    ``GameState.new`` (random_horus, random_wheel, difficulty, decree8, random_start).
    on_decision(state, seat, action) is called after each agent decision.
    """
    options = dict(options or {})
    state = GameState.new(players, seed, **options)
    actions: list[int] = []
    decisions = 0
    while not state.is_terminal():
        seat = state.current_player()
        if seat == -1:
            actions.append(state.apply_chance())
            continue
        if decisions >= max_decisions:
            break
        agent = agents[seat]
        action = agent.choose(state.observation(seat), seat)
        try:
            state.apply(action)
        except ValueError:
            raise ValueError(f"agent {getattr(agent, 'name', agent)!r} (seat {seat}) chose an illegal action "
                             f"{action!r}") from None
        actions.append(action)
        decisions += 1
        if on_decision is not None:
            on_decision(state, seat, action)
    done = state.is_terminal()
    return GameRecord(players=players, seed=seed, options=options, actions=actions,
                      final_vp=state.returns(), winner=state.winner() if done else -1,
                      agents=[getattr(a, "name", type(a).__name__) for a in agents], decisions=decisions)
