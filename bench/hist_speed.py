"""Iterations a 2-player search reaches in 1 s and 2 s, with and without progressive history.

    python bench/hist_speed.py [RECORDS.jsonl] [--hist 10,0]

Replays the first, third, fifth and seventh game of a 2-player match record (default: the
thirty-fourth session's doubling record) to 15 %, 50 % and 80 % of their moves; at each position
where a seat decides, runs `ISMCTSAgent(movetime_ms=1000 and 2000, hist=H, reuse=False)` once for
each weight H of `--hist` (default 10 and 0) and prints the median iterations of each and the
medians of the per-position ratios (2 s / 1 s; each other weight / the first weight). Run it on an
otherwise idle machine (docs/search.md, "What each lever gained
(thirty-fourth session)").
"""
from __future__ import annotations

import argparse
import json
import statistics

from tekhenu_engine._search import check_hist
from tekhenu_engine.agents.ismcts import ISMCTSAgent
from tekhenu_engine.match import replay

DEFAULT = "bench/records/doubling/p2_d10_10000_vs_5000_seed3401.jsonl"


def main(path: str, hists: list[float]) -> None:
    """Measure and print (see the module's docstring) for the weights `hists` of progressive history."""
    with open(path) as f:
        records = [json.loads(line) for line in f if line.strip()]
    runs: dict[tuple[float, int], list[int]] = {}
    for rec in records[:8:2]:
        for frac in (0.15, 0.5, 0.8):
            pos = replay(rec, int(len(rec["moves"]) * frac))
            seat = pos.current_player()
            if seat < 0:            # a chance step: no seat decides here
                continue
            for hist in hists:
                for ms in (1000, 2000):
                    agent = ISMCTSAgent(movetime_ms=ms, hist=hist, reuse=False)
                    runs.setdefault((hist, ms), []).append(agent.search(pos, seat).iterations)
    for (hist, ms), its in sorted(runs.items()):
        print(f"hist={hist:g} movetime={ms}: {len(its)} positions, median {statistics.median(its):.0f} iterations")

    def ratio(a: tuple[float, int], b: tuple[float, int]) -> float:
        return statistics.median(y / x for x, y in zip(runs[a], runs[b]))
    for hist in hists:
        print(f"hist={hist:g}: 2 s / 1 s, median ratio {ratio((hist, 1000), (hist, 2000)):.3f}")
    for ms in (1000, 2000):
        for other in hists[1:]:
            print(f"movetime={ms}: hist={other:g} / hist={hists[0]:g}, "
                  f"median ratio {ratio((hists[0], ms), (other, ms)):.3f}")


def _weights(text: str) -> list[float]:
    """The comma-separated weights of --hist: at least one, distinct, each one the agent accepts
    (`check_hist`: finite, from 0 to HIST_MAX), so that a bad one stops the script before any search."""
    try:
        ws = [float(x) for x in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a comma-separated list of numbers") from None
    try:
        for w in ws:
            check_hist(w)
    except ValueError as e:
        raise argparse.ArgumentTypeError(f"{text!r}: give distinct finite weights of at least 0 ({e})") from None
    if len(set(ws)) != len(ws):
        raise argparse.ArgumentTypeError(f"{text!r}: give distinct finite weights of at least 0")
    return ws


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("records", nargs="?", default=DEFAULT, help=f"a 2-player match record (default {DEFAULT})")
    ap.add_argument("--hist", type=_weights, default=[10.0, 0.0],
                    help="comma-separated weights of progressive history; ratios are against the first (default 10,0)")
    args = ap.parse_args()
    main(args.records, args.hist)
