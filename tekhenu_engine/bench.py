"""The benchmark figures of the rules core (and, when present, the search) in one run.

Every figure is a median over repeated rounds and is printed next to the reference it is
compared with, because a shared machine's absolute speed drifts: ratios measured in the
same run are what survive. Used by ``tekhenu bench`` and ``bench/``.
"""
from __future__ import annotations

import json as _json
import random
import statistics
import time
from typing import Any, Callable

from . import _core
from ._core import GameState


def _median_rate(fn: Callable[[], int], rounds: int) -> float:
    """Median of (units / seconds) over rounds calls of fn (which returns its unit count)."""
    rates = []
    for _ in range(rounds):
        t = time.perf_counter()
        n = fn()
        rates.append(n / (time.perf_counter() - t))
    return statistics.median(rates)


def compiled_playouts_per_s(players: int, games: int = 2000, rounds: int = 5, seed: int = 0) -> float:
    """Random games per second, the whole loop in compiled code."""
    it = iter(range(10**9))
    return _median_rate(lambda: _core.random_playouts(players, games, seed + next(it))[0], rounds)


def python_loop_game(players: int, seed: int) -> int:
    """One random game driven step by step from Python through the public API."""
    g = GameState.new(players, seed=seed)
    rnd = random.Random(seed)
    while not g.is_terminal():
        if g.is_chance():
            g.apply(g.sample_chance())
        else:
            g.apply(rnd.choice(g.legal_actions()))
    return 1


def python_loop_playouts_per_s(players: int, games: int = 40, rounds: int = 3, seed: int = 0) -> float:
    """The same random playout driven from Python (the reference of the compiled loop)."""
    it = iter(range(10**9))

    def run() -> int:
        base = next(it) * games
        return sum(python_loop_game(players, seed + base + i) for i in range(games))

    return _median_rate(run, rounds)


def core_figures(quick: bool = False) -> dict[str, Any]:
    """Playouts (2p, 3p, 4p, solo when available), the Python reference, per-call costs."""
    rounds = 3 if quick else 5
    games = 500 if quick else 2000
    out: dict[str, Any] = {}
    out["playouts_per_s"] = compiled_playouts_per_s(2, games, rounds)
    out["playouts_per_s_3p"] = compiled_playouts_per_s(3, games, rounds)
    out["playouts_per_s_4p"] = compiled_playouts_per_s(4, games, rounds)
    if getattr(_core, "SOLO_SUPPORTED", False):
        out["playouts_per_s_solo"] = compiled_playouts_per_s(1, games, rounds)
    out["python_loop_playouts_per_s"] = python_loop_playouts_per_s(2, 10 if quick else 40, rounds)
    out["compiled_vs_python_ratio"] = out["playouts_per_s"] / out["python_loop_playouts_per_s"]
    _, decisions = _core.random_playouts(2, games, 12345)
    out["decisions_per_game_2p"] = decisions / games
    out["decisions_per_s"] = out["playouts_per_s"] * out["decisions_per_game_2p"]
    calls = statistics.median(
        [_core.time_core_calls(2, 50000 if quick else 200000, seed)["clone_s"] for seed in range(rounds)])
    per = _core.time_core_calls(2, 50000 if quick else 200000, 99)
    out["clone_ns"] = calls * 1e9
    out["legal_ns"] = per["legal_s"] * 1e9
    out["apply_ns"] = per["apply_s"] * 1e9
    out["state_bytes"] = per["state_bytes"]
    out["decision_vs_clone_ratio"] = (1e9 / out["decisions_per_s"]) / out["clone_ns"]
    return out


def run_bench(json: bool = False, quick: bool = False) -> dict[str, Any]:
    """Measure everything; print a table (or one JSON object) and return the figures."""
    figs = core_figures(quick=quick)
    try:  # the search figures, when the search module is present
        from .agents import ismcts  # noqa: F401
        from . import bench_search
        figs.update(bench_search.search_figures(quick=quick))
    except ImportError:
        pass
    if json:
        print(_json.dumps(figs, sort_keys=True))
    else:
        print(format_table(figs))
    return figs


def format_table(f: dict[str, Any]) -> str:
    """The figures as a readable table, each next to its reference."""
    rows = [
        ("random 2-player games/s (compiled)", f"{f['playouts_per_s']:,.0f}",
         f"Python loop {f['python_loop_playouts_per_s']:,.1f}/s  ratio {f['compiled_vs_python_ratio']:,.0f}x"),
        ("random 3-player games/s (compiled)", f"{f['playouts_per_s_3p']:,.0f}", ""),
        ("random 4-player games/s (compiled)", f"{f['playouts_per_s_4p']:,.0f}", ""),
    ]
    if "playouts_per_s_solo" in f:
        rows.append(("random solo games/s (compiled)", f"{f['playouts_per_s_solo']:,.0f}", ""))
    rows += [
        ("decisions/s (2-player playouts)", f"{f['decisions_per_s']:,.0f}",
         f"{f['decisions_per_game_2p']:.0f} decisions a game"),
        ("state clone", f"{f['clone_ns']:.0f} ns", f"{f['state_bytes']} bytes; a decision costs "
         f"{f['decision_vs_clone_ratio']:.1f} clones"),
        ("legal-move generation", f"{f['legal_ns']:.0f} ns", ""),
        ("apply (with auto-steps)", f"{f['apply_ns']:.0f} ns", ""),
    ]
    for k, label in (("ismcts_iterations_per_s", "ISMCTS iterations/s (2p, start)"),):
        if k in f:
            rows.append((label, f"{f[k]:,.0f}", ""))
    w = max(len(r[0]) for r in rows)
    return "\n".join(f"{a:<{w}}  {b:>14}  {c}" for a, b, c in rows)
