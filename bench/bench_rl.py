"""Steps per second through the learning adapters, next to the compiled rules core, in one run.

    python bench/bench_rl.py [--players 2] [--seconds 2]

Rows (random legal moves, chance sampled, games played to the end and restarted):

* core, compiled: ``_core.random_playouts`` (decisions per second, all in C);
* core, Python loop: ``GameState.legal_actions`` / ``apply_unchecked`` / ``resolve_chance``;
* core + tensors: the same loop plus ``legal_mask()`` and ``observation_tensor(seat)`` per decision
  (what an RL training loop needs);
* PettingZoo env: ``env.last()`` + ``env.step(sampled from the mask)`` per decision;
* OpenSpiel game: ``state.legal_actions()`` + ``state.apply_action`` per decision, chance nodes
  resolved with ``chance_outcomes()`` (not counted as steps).

A step is one player decision. The extras [rl] and [openspiel] are needed for the last two rows
(a row is skipped with the reason otherwise). Results are in docs/rl.md.
"""
from __future__ import annotations

import argparse
import random
import time
from typing import Callable

import numpy as np

from tekhenu_engine import GameState, _core


def _timed(fn: Callable[[float], int], seconds: float) -> float:
    t0 = time.perf_counter()
    steps = fn(t0 + seconds)
    return steps / (time.perf_counter() - t0)


def core_compiled(players: int, seconds: float) -> float:
    """Decisions per second of compiled random playouts."""
    games, t0, decisions = 0, time.perf_counter(), 0
    while time.perf_counter() - t0 < seconds:
        g, d = _core.random_playouts(players, 20, seed=games)
        games += g
        decisions += d
    return decisions / (time.perf_counter() - t0)


def core_python(players: int, seconds: float, tensors: bool = False) -> float:
    rng = random.Random(0)

    def run(deadline: float) -> int:
        steps, k = 0, 0
        while time.perf_counter() < deadline:
            g = GameState.new(players, seed=k)
            k += 1
            g.resolve_chance()
            while not g.is_terminal() and time.perf_counter() < deadline:
                if tensors:
                    g.legal_mask()
                    g.observation_tensor(g.current_player())
                g.apply_unchecked(rng.choice(g.legal_actions()))
                g.resolve_chance()
                steps += 1
        return steps
    return _timed(run, seconds)


def pettingzoo_env(players: int, seconds: float) -> float:
    from tekhenu_engine.pettingzoo import env
    e = env(players=players)
    rng = np.random.default_rng(0)

    def run(deadline: float) -> int:
        steps, k = 0, 0
        while time.perf_counter() < deadline:
            e.reset(seed=k)
            k += 1
            for agent in e.agent_iter():
                obs, _, term, trunc, _ = e.last()
                if term or trunc:
                    e.step(None)
                    continue
                e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
                steps += 1
                if time.perf_counter() > deadline:
                    break
        return steps
    return _timed(run, seconds)


def openspiel_game(players: int, seconds: float) -> float:
    import tekhenu_engine.openspiel as tos
    game = tos.load(players)
    rng = np.random.default_rng(0)

    def run(deadline: float) -> int:
        steps = 0
        while time.perf_counter() < deadline:
            s = game.new_initial_state()
            while not s.is_terminal() and time.perf_counter() < deadline:
                if s.is_chance_node():
                    actions, probs = zip(*s.chance_outcomes())
                    s.apply_action(int(rng.choice(actions, p=probs)))
                else:
                    s.apply_action(int(rng.choice(s.legal_actions())))
                    steps += 1
        return steps
    return _timed(run, seconds)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2, help="1 (solo) to 4")
    ap.add_argument("--seconds", type=float, default=2.0, help="time per row")
    a = ap.parse_args()
    if a.players not in (1, 2, 3, 4):
        ap.error(f"--players must be 1 (solo) to 4, not {a.players}")
    if not 0 < a.seconds < float("inf"):
        ap.error(f"--seconds must be a positive number of seconds, not {a.seconds:g}")
    rows = [("core, compiled random playouts", lambda: core_compiled(a.players, a.seconds)),
            ("core, Python loop", lambda: core_python(a.players, a.seconds)),
            ("core + legal_mask + observation_tensor", lambda: core_python(a.players, a.seconds, True)),
            ("PettingZoo env (last + step)", lambda: pettingzoo_env(a.players, a.seconds)),
            ("OpenSpiel game (legal_actions + apply_action)", lambda: openspiel_game(a.players, a.seconds))]
    print(f"players {a.players}, {a.seconds:g} s a row; decisions per second")
    base = None
    for name, fn in rows:
        try:
            v = fn()
        except ImportError as e:
            print(f"  {name:48s} skipped: {e}")
            continue
        base = base or v
        print(f"  {name:48s} {v:12,.0f}   ({v / base:.4f} of the compiled core)")


if __name__ == "__main__":
    main()
