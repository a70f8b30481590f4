"""Rules-core speed (pytest-benchmark): `python -m pytest bench/bench_core.py --benchmark-only`.

Figures are medians over rounds; compare them with the Python-driven reference measured in
the same run (bench/README.md explains each figure).
"""
from __future__ import annotations

import pytest

from tekhenu_engine import _core
from tekhenu_engine.bench import python_loop_game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_compiled_random_playouts(benchmark, players: int) -> None:
    """1000 random games in compiled code per round."""
    result = benchmark.pedantic(_core.random_playouts, args=(players, 1000, 1), rounds=5, iterations=1)
    assert result[0] == 1000
    benchmark.extra_info["games_per_round"] = 1000


def test_python_driven_random_playouts(benchmark) -> None:
    """The reference: 20 random 2-player games driven step by step through the Python API."""
    def run() -> int:
        return sum(python_loop_game(2, seed) for seed in range(20))

    assert benchmark.pedantic(run, rounds=3, iterations=1) == 20
    benchmark.extra_info["games_per_round"] = 20


def test_core_call_costs(benchmark) -> None:
    """Clone, legal-move generation and apply per call on mid-game states."""
    r = benchmark.pedantic(_core.time_core_calls, args=(2, 100000, 0), rounds=3, iterations=1)
    benchmark.extra_info.update({k: v for k, v in r.items() if k != "sink"})
    assert r["state_bytes"] > 0
