"""The one game loop: whole games between agents that see observations only.

:func:`play_out` is the loop every game of the project is played with: :func:`run_game`
(tests, ``bench/``), the match runner (:func:`tekhenu_engine.match.play_game`, and through it
``tekhenu strength``) and engine-seat moves of the terminal game. The referee holds the true
state, draws every chance step with the game's own seeded generator and gives each deciding
seat only ``state.observation(seat)``; an action that is not legal is an :class:`AgentFault`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

from .._core import GameState
from ..notation import format_action
from ..options import TableOptions
from .base import Agent


class AgentFault(ValueError):
    """The agent of ``seat`` failed: it chose an illegal action, crashed, timed out.

    ``reason`` is one line for a person (recorded in match records)."""

    def __init__(self, seat: int, reason: str) -> None:
        super().__init__(reason)
        self.seat = seat
        self.reason = reason


def _token(a: object) -> str:
    try:
        return format_action(int(a))  # type: ignore[arg-type]
    except (ValueError, TypeError, OverflowError):
        return repr(a)


def play_out(state: GameState, choose: Callable[[int, GameState], int], *, max_decisions: int = 100_000,
             on_action: Callable[[GameState, int, int], None] | None = None) -> tuple[list[int], int]:
    """Play ``state`` (in place) to its end; returns (every applied action in order, decisions).

    ``choose(seat, observation)`` answers a decision of ``seat``; chance steps are drawn with the
    state's own generator. An answer that is not a legal action raises :class:`AgentFault`
    naming the seat (the state is unchanged by it). ``on_action(state, seat, action)`` is called
    after every applied action (seat -1 for a chance outcome). The loop stops early after
    ``max_decisions`` decisions (the state is then not terminal).
    """
    actions: list[int] = []
    decisions = 0
    while not state.is_terminal():
        if state.is_chance():
            a = state.apply_chance()
            actions.append(a)
            if on_action is not None:
                on_action(state, -1, a)
            continue
        if decisions >= max_decisions:
            break
        seat = state.current_player()
        a = choose(seat, state.observation(seat))
        if not isinstance(a, int) or a not in state.legal_actions():
            raise AgentFault(seat, f"seat {seat} chose an illegal action {_token(a)}")
        state.apply(a)
        actions.append(a)
        decisions += 1
        if on_action is not None:
            on_action(state, seat, a)
    return actions, decisions


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
        state = GameState.new(self.players, self.seed, TableOptions.from_dict(self.options))
        for a in self.actions:
            state.apply(a)
        return state


def run_game(agents: Sequence[Agent], players: int = 2, seed: int = 0, *,
             options: dict | TableOptions | None = None, max_decisions: int = 100_000,
             on_decision: Callable[[GameState, int, int], None] | None = None) -> GameRecord:
    """Play one game with :func:`play_out`; agents[seat] decides for seat (solo: agents[0]
    plays against Botankhamun).

    A seed and the agents fix the game. An illegal action raises :class:`AgentFault` (a
    ValueError) naming the agent. ``options`` are table options (:class:`TableOptions` or its
    ``to_dict()`` form). on_decision(state, seat, action) is called after each agent decision.
    """
    table = options if isinstance(options, TableOptions) else TableOptions.from_dict(options)
    state = GameState.new(players, seed, table)

    def choose(seat: int, obs: GameState) -> int:
        return agents[seat].choose(obs, seat)

    def on_action(st: GameState, seat: int, a: int) -> None:
        if seat >= 0 and on_decision is not None:
            on_decision(st, seat, a)

    try:
        actions, decisions = play_out(state, choose, max_decisions=max_decisions, on_action=on_action)
    except AgentFault as e:
        agent = agents[e.seat]
        raise AgentFault(e.seat, f"agent {getattr(agent, 'name', agent)!r} (seat {e.seat}): {e.reason}") from None
    done = state.is_terminal()
    return GameRecord(players=players, seed=seed, options=table.to_dict(), actions=actions,
                      final_vp=state.returns(), winner=state.winner() if done else -1,
                      agents=[getattr(a, "name", type(a).__name__) for a in agents], decisions=decisions)
