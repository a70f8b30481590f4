"""Speed of the compiled ISMCTS search (pytest-benchmark).

    python3 -m pytest bench/bench_search.py --benchmark-only       # the figures, median of rounds
    python3 bench/bench_search.py                                  # the same figures as a quick table

Figures: iterations per second on one core for 2-player games at the first decision of the
first turn and in the middle of the game (and solo games once Botankhamun is in the rules
core), next to the compiled random playouts per second of the same position as the floor
of one iteration; memory per tree node; the speed-up of root parallelism (jobs=2 against
jobs=1 at the same wall time).
"""
from __future__ import annotations

import statistics
import time

import pytest

from tekhenu_engine import _core
from tekhenu_engine._core import GameState
from tekhenu_engine._search import Searcher
from tekhenu_engine.agents import ISMCTSAgent
from tekhenu_engine.bench import search_position

ITERATIONS = 4000


position = search_position  # the start and the middle of a game, shared with `tekhenu bench`


POSITIONS = {"2p-start": (2, 0), "2p-middle": (2, 40)}
POSITIONS.update({"solo-start": (1, 0), "solo-middle": (1, 30)})


def iterations_per_s(s: GameState, iterations: int = ITERATIONS) -> float:
    seat = s.current_player()
    sr = Searcher(s.observation(seat).to_bytes(), seat, seed=0)
    t = time.perf_counter()
    sr.run(iterations)
    return iterations / (time.perf_counter() - t)


@pytest.mark.parametrize("name", list(POSITIONS))
def test_ismcts_iterations_per_second(benchmark, name):
    players, decisions = POSITIONS[name]
    s = position(players, decisions)
    seat = s.current_player()
    raw = s.observation(seat).to_bytes()

    def search():
        Searcher(raw, seat, seed=0).run(ITERATIONS)

    benchmark.pedantic(search, rounds=5, iterations=1)
    benchmark.extra_info["iterations_per_s"] = ITERATIONS / benchmark.stats.stats.median
    benchmark.extra_info["node_bytes"] = Searcher.node_bytes()


def test_memory_per_node(benchmark):
    s = position(2, 20)
    seat = s.current_player()
    sr = Searcher(s.observation(seat).to_bytes(), seat, seed=0)
    benchmark.pedantic(lambda: sr.run(2000), rounds=3, iterations=1)
    benchmark.extra_info["node_bytes"] = Searcher.node_bytes()
    benchmark.extra_info["nodes_per_iteration"] = sr.nodes_used / sr.iterations
    assert Searcher.node_bytes() <= 48


def parallel_speedup(movetime_ms: float = 1000) -> tuple[int, int]:
    s = position(2, 20)
    seat = s.current_player()
    one = ISMCTSAgent(jobs=1).search(s.observation(seat), seat, movetime_ms=movetime_ms).iterations
    two = ISMCTSAgent(jobs=2).search(s.observation(seat), seat, movetime_ms=movetime_ms).iterations
    return one, two


def test_root_parallel_speedup(benchmark):
    res = benchmark.pedantic(parallel_speedup, args=(500,), rounds=1, iterations=1)
    benchmark.extra_info["iterations_jobs1"], benchmark.extra_info["iterations_jobs2"] = res
    benchmark.extra_info["speedup"] = res[1] / res[0]


def main() -> None:
    for name, (players, decisions) in POSITIONS.items():
        s = position(players, decisions)
        rates = [iterations_per_s(s) for _ in range(5)]
        t = time.perf_counter()
        n, _ = _core.random_playouts(players if players > 1 else 1, 200, 7)
        floor = n / (time.perf_counter() - t)
        print(f"{name:<12} ISMCTS {statistics.median(rates):9.0f} it/s (median of 5)   "
              f"random full games from the start {floor:8.0f}/s   ratio {statistics.median(rates) / floor:.2f}")
    s = position(2, 20)
    seat = s.current_player()
    sr = Searcher(s.observation(seat).to_bytes(), seat, seed=0)
    sr.run(10000)
    print(f"node {Searcher.node_bytes()} bytes, {sr.nodes_used / sr.iterations:.2f} nodes per iteration, "
          f"{Searcher.node_bytes() * sr.nodes_used / 1e6:.1f} MB after 10000 iterations")
    one, two = parallel_speedup()
    print(f"root parallelism, 1 s: jobs=1 {one} iterations, jobs=2 {two} iterations, speed-up {two / one:.2f}")


if __name__ == "__main__":
    main()
