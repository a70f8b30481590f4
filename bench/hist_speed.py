"""Iterations a 2-player search reaches in 1 s and 2 s, with and without progressive history.

    python bench/hist_speed.py [RECORDS.jsonl]

Replays the first, third, fifth and seventh game of a 2-player match record (default: the
thirty-fourth session's doubling record) to 15 %, 50 % and 80 % of their moves; at each position
where a seat decides, runs `ISMCTSAgent(movetime_ms=1000 and 2000, hist=10 and 0, reuse=False)` once
and prints the median iterations of each and the medians of the per-position ratios (2 s / 1 s,
without / with). Run it on an otherwise idle machine (docs/search.md, "What each lever gained
(thirty-fourth session)").
"""
from __future__ import annotations

import json
import statistics
import sys

from tekhenu_engine.agents.ismcts import ISMCTSAgent
from tekhenu_engine.match import replay

DEFAULT = "bench/records/doubling/p2_d10_10000_vs_5000_seed3401.jsonl"


def main(path: str) -> None:
    """Measure and print (see the module's docstring)."""
    with open(path) as f:
        records = [json.loads(line) for line in f if line.strip()]
    runs: dict[tuple[float, int], list[int]] = {}
    for rec in records[:8:2]:
        for frac in (0.15, 0.5, 0.8):
            pos = replay(rec, int(len(rec["moves"]) * frac))
            seat = pos.current_player()
            if seat < 0:            # a chance step: no seat decides here
                continue
            for hist in (10.0, 0.0):
                for ms in (1000, 2000):
                    agent = ISMCTSAgent(movetime_ms=ms, hist=hist, reuse=False)
                    runs.setdefault((hist, ms), []).append(agent.search(pos, seat).iterations)
    for (hist, ms), its in sorted(runs.items()):
        print(f"hist={hist:g} movetime={ms}: {len(its)} positions, median {statistics.median(its):.0f} iterations")

    def ratio(a: tuple[float, int], b: tuple[float, int]) -> float:
        return statistics.median(y / x for x, y in zip(runs[a], runs[b]))
    for hist in (10.0, 0.0):
        print(f"hist={hist:g}: 2 s / 1 s, median ratio {ratio((hist, 1000), (hist, 2000)):.3f}")
    for ms in (1000, 2000):
        print(f"movetime={ms}: hist=0 / hist=10, median ratio {ratio((10.0, ms), (0.0, ms)):.3f}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else DEFAULT)
