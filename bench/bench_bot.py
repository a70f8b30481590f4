"""Speed of solo games against Botankhamun, next to the 2-player figure of the rules core.

    python -m pytest bench/bench_bot.py --benchmark-only     # pytest-benchmark table
    python bench/bench_bot.py                                # medians and ratios in one run

A solo game is a 2-seat game whose second seat plays itself in compiled code (the pyramid,
the Deben flip, its die choice and actions), so a random solo playout costs about one
2-player playout with half the player decisions.
"""
from __future__ import annotations

import statistics
import sys
import time

import pytest

from tekhenu_engine import _core

GAMES = 1000


@pytest.mark.parametrize("difficulty", [0, 1, 2], ids=["easy", "medium", "hard"])
def test_solo_random_playouts(benchmark, difficulty: int) -> None:
    """1000 random solo games (the player random, Botankhamun by its rules) per round."""
    result = benchmark.pedantic(_core.random_playouts, args=(1, GAMES, 1, difficulty), rounds=5, iterations=1)
    assert result[0] == GAMES
    benchmark.extra_info["games_per_round"] = GAMES


def test_two_player_random_playouts(benchmark) -> None:
    """The reference measured in the same run: 1000 random 2-player games per round."""
    result = benchmark.pedantic(_core.random_playouts, args=(2, GAMES, 1), rounds=5, iterations=1)
    assert result[0] == GAMES
    benchmark.extra_info["games_per_round"] = GAMES


def measure(rounds: int = 7, games: int = GAMES) -> dict[str, float]:
    """Median games per second: solo at each difficulty and 2-player, interleaved rounds."""
    runs: dict[str, list[float]] = {"solo-easy": [], "solo-medium": [], "solo-hard": [], "2p": []}
    for r in range(rounds):
        for name, players, diff in (("solo-easy", 1, 0), ("solo-medium", 1, 1), ("solo-hard", 1, 2), ("2p", 2, 0)):
            t = time.perf_counter()
            _core.random_playouts(players, games, r, diff)
            runs[name].append(games / (time.perf_counter() - t))
    return {k: statistics.median(v) for k, v in runs.items()}


if __name__ == "__main__":
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    res = measure(rounds)
    for k, v in res.items():
        print(f"{k:12s} {v:10.0f} games/s   ratio to 2p {v / res['2p']:.2f}")
