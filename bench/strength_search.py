"""Strength of the ISMCTS search against the baselines (and Botankhamun once it exists).

Plays 2-player games between ISMCTS at several iteration budgets and an opponent
(greedy one-step, or flat Monte Carlo with the same number of playouts per decision),
seats alternating between games, seeds fixed so that a run reproduces. Reports the
win rate with a 95% Wilson interval, the mean VP margin with a 95% normal interval,
and an Elo difference. Solo games against Botankhamun (Hard, 8 VP Decrees) are played
with ``--solo`` when the rules core supports solo games.

    python3 bench/strength_search.py --games 100 --budgets 200,1000 --opponents greedy,flatmc --procs 2

``--ismcts "margin_weight=0.5;c_uct=0.25"`` sets options of the ISMCTS under test (to compare
variants on the same seeds), ``--first-game N`` starts at game N (seed 10000+N); with
``--json`` every game is written with both seats' VP breakdowns.
    python3 bench/strength_search.py --solo --opponents "" --games 100 --budgets 2000 --ismcts "c_uct=0.25"
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time

from tekhenu_engine.match import wilson
from tekhenu_engine.agents import FlatMCAgent, GreedyAgent, ISMCTSAgent, RandomAgent, run_game

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from workers import process_map  # noqa: E402  (bench/workers.py: a dead worker stops the run)


def elo(p: float) -> float:
    p = min(max(p, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / p - 1) + 0.0   # never -0.0


def make(spec: str, budget: int, seed: int):
    """An opponent from a spec: greedy, flatmc (same playouts per decision as the budget),
    random, or ismcts[:key=value;...] (e.g. ismcts:playout=random, ismcts:iterations=half
    for half the budget, ismcts:c_uct=0.4)."""
    name, _, opts = spec.partition(":")
    if name == "ismcts":
        kw: dict = {"iterations": budget, "seed": seed + 7777}
        for item in filter(None, opts.split(";")):
            k, _, v = item.partition("=")
            if k == "iterations":
                kw[k] = max(1, budget // 2) if v == "half" else int(v)
            elif k in ("c_uct", "margin_weight"):
                kw[k] = float(v)
            elif k in ("cutoff", "jobs"):
                kw[k] = int(v)
            else:
                kw[k] = v
        return ISMCTSAgent(**kw)
    if name == "greedy":
        return GreedyAgent(seed=seed)
    if name == "flatmc":
        return FlatMCAgent(playouts=budget, seed=seed)
    if name == "random":
        return RandomAgent(seed=seed)
    raise ValueError(f"unknown opponent {spec!r}")


def parse_opts(opts: str) -> dict:
    """ISMCTS keyword arguments from "key=value;key=value" (c_uct as a float, cutoff and jobs
    as ints, everything else as a string)."""
    kw: dict = {}
    for item in filter(None, opts.split(";")):
        k, _, v = item.partition("=")
        kw[k] = float(v) if k in ("c_uct", "margin_weight") else int(v) if k in ("cutoff", "jobs") else v
    return kw


MINE: dict = {}   # options of the ISMCTS under test (--ismcts), set before the pool forks


def play_one(job: tuple[str, int, int, bool]) -> dict:
    opponent, budget, game, solo = job
    seed = 10_000 + game
    if solo:
        rec = run_game([ISMCTSAgent(iterations=budget, seed=game, **MINE)], 1, seed,
                       options={"difficulty": "hard", "decree8": True})
        me, other = 0, 1
    else:
        me = game % 2
        other = 1 - me
        agents = [None, None]
        agents[me] = ISMCTSAgent(iterations=budget, seed=game, **MINE)
        agents[other] = make(opponent, budget, game)
        rec = run_game(agents, 2, seed)
    end = rec.replay()
    return {"opponent": opponent, "budget": budget, "game": game, "win": int(rec.winner == me),
            "vp": rec.final_vp[me], "opp_vp": rec.final_vp[other],
            "breakdown": end.score_breakdown(me), "opp_breakdown": end.score_breakdown(other)}


def summarise(rows: list[dict]) -> dict:
    n = len(rows)
    w = sum(r["win"] for r in rows)
    margins = [r["vp"] - r["opp_vp"] for r in rows]
    mm = sum(margins) / n
    sd = math.sqrt(sum((m - mm) ** 2 for m in margins) / max(n - 1, 1))
    lo, hi = wilson(w, n)
    return {"games": n, "wins": w, "win_rate": w / n, "win_ci95": [lo, hi],
            "mean_vp": sum(r["vp"] for r in rows) / n, "mean_opp_vp": sum(r["opp_vp"] for r in rows) / n,
            "mean_margin": mm, "margin_ci95": [mm - 1.96 * sd / math.sqrt(n), mm + 1.96 * sd / math.sqrt(n)],
            "elo": elo(w / n), "elo_ci95": [elo(lo), elo(hi)]}


def _count(text: str) -> int:
    """A whole number of at least 1 (--games, --procs)."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: give at least 1")
    return n


def _budgets(text: str) -> list[int]:
    """--budgets: comma-separated iteration budgets, each at least 1."""
    try:
        return [_count(b) for b in text.split(",")]
    except argparse.ArgumentTypeError as e:
        raise argparse.ArgumentTypeError(f"{text!r}: iteration budgets, comma-separated ({e})") from None


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=_count, default=100)
    ap.add_argument("--budgets", type=_budgets, default="200,1000",
                    help="ISMCTS iterations per decision, comma-separated")
    ap.add_argument("--opponents", default="greedy,flatmc",
                    help="comma-separated: greedy, flatmc, random, ismcts[:key=value;...]")
    ap.add_argument("--solo", action="store_true", help="also ISMCTS vs Botankhamun Hard, 8 VP Decrees")
    ap.add_argument("--ismcts", default="", help='options of the ISMCTS under test, e.g. "c_uct=0.3;playout=random"')
    ap.add_argument("--first-game", type=int, default=0, help="index of the first game (seeds 10000+index)")
    ap.add_argument("--procs", type=_count, default=1, help="games played in parallel")
    ap.add_argument("--json", default=None, help="write the results to this file")
    args = ap.parse_args(argv)
    budgets = args.budgets
    MINE.update(parse_opts(args.ismcts))
    opponents = [o for o in args.opponents.split(",") if o]
    if args.solo:
        opponents.append("botankhamun-hard-8")
    results = []
    for opp in opponents:
        for b in budgets:
            jobs = [(opp, b, g, opp.startswith("botankhamun")) for g in range(args.first_game, args.first_game + args.games)]
            t0 = time.time()
            rows = []
            for r in process_map(play_one, jobs, args.procs, ordered=False):
                rows.append(r)
                print(f"\r{opp} @ {b}: {len(rows)}/{args.games}", end="", file=sys.stderr, flush=True)
            s = summarise(rows)
            s["rows"] = sorted(rows, key=lambda r: r["game"])
            s.update({"opponent": opp, "budget": b, "seconds": time.time() - t0})
            results.append(s)
            print(f"\rismcts@{b:<6} vs {opp:<20} games {s['games']:4d}  win {s['win_rate']:.1%} "
                  f"[{s['win_ci95'][0]:.1%}, {s['win_ci95'][1]:.1%}]  margin {s['mean_margin']:+.1f} "
                  f"[{s['margin_ci95'][0]:+.1f}, {s['margin_ci95'][1]:+.1f}]  VP {s['mean_vp']:.1f}-{s['mean_opp_vp']:.1f}"
                  f"  Elo {s['elo']:+.0f}  ({s['seconds']:.0f} s)", flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
