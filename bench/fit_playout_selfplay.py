"""Refit a row of the tuned playout policy against the tuned policy itself (issue 13: "Iterate").

    python bench/fit_playout_selfplay.py --out FILE.npz [--row players2] [--rounds 1] [--seed 71]
        [--start FILE.npz] [--generations 25] [--games 1000] [--held-out 8000] [--json]

The shipped 2-4 player rows of tekhenu_engine/models/playout_v1.npz were fitted (``tekhenu
train-playout``) in seat 0 against the *heuristic* playout policy. This script fits a row again by the
same cross-entropy method (tekhenu_engine.agents.playoutmodel.tune), but against the tuned policy with
the row it starts from: round 1 starts from the row of --start (the shipped file by default) and plays
against it; round r + 1 starts from round r's row and plays against it (one step of iterated
self-play; round r uses the seed --seed + r - 1). After each round it reports, on --held-out other
seeded games, the new row's mean margin against the row it was fitted against, against the start
file's row and against the heuristic policy, and it writes the start file's weights with the new row
to --out. The same arguments write the same file.

Measure a file in the search with the agent option that reads it, for example
``tekhenu match --a "ismcts:iterations=2000:playout_weights=FILE.npz" --b "ismcts:iterations=2000"
--players 2 ...`` (docs/search.md, "What each lever gained (twenty-seventh session)").
"""
from __future__ import annotations

import argparse
import json
import sys
import time

import numpy as np

from tekhenu_engine.agents import playoutmodel as pm

HELD_OUT_SEED = 20_001


def refit(start: np.ndarray, row: str, rounds: int, seed: int, generations: int, games: int,
          held_out: int, log=None) -> tuple[np.ndarray, list[dict]]:
    """The weights `start` with row `row` refitted `rounds` times against itself (see the module
    text); returns the weights and one report per round."""
    if row not in pm.TABLES or pm.TABLES[row][0] < 2:
        raise ValueError(f"row must be one of players2, players3, players4, not {row!r}")
    k = pm.ROWS.index(row)
    W = np.array(start, dtype=np.float64)
    reports = []
    for r in range(rounds):
        t0 = time.time()
        against = W[k].copy()
        mu, hist = pm.tune(row, start=against, generations=generations, games=games, seed=seed + r,
                           opponent=against, log=log)
        W = W.copy()
        W[k] = mu
        rep = {"round": r + 1, "seed": seed + r,
               "fit_margin": round(hist[-1]["mean_fitness"], 2),
               "held_out_vs_previous": round(pm.fitness(row, W, held_out, HELD_OUT_SEED, opponent=against), 2),
               "held_out_vs_start": round(pm.fitness(row, W, held_out, HELD_OUT_SEED,
                                                     opponent=np.asarray(start)[k]), 2),
               "held_out_vs_heuristic": round(pm.fitness(row, W, held_out, HELD_OUT_SEED), 2),
               "start_vs_heuristic": round(pm.fitness(row, np.asarray(start), held_out, HELD_OUT_SEED), 2),
               "seconds": round(time.time() - t0, 1)}
        reports.append(rep)
        if log:
            log(f"round {r + 1}: held-out margin {rep['held_out_vs_previous']:+.2f} against the row it was "
                f"fitted against, {rep['held_out_vs_start']:+.2f} against the start, "
                f"{rep['held_out_vs_heuristic']:+.2f} against the heuristic policy "
                f"(the start: {rep['start_vs_heuristic']:+.2f})")
    return W, reports


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", required=True, help="the weight file to write (.npz)")
    ap.add_argument("--row", default="players2", help="the row to refit: players2, players3 or players4")
    ap.add_argument("--rounds", type=int, default=1, help="rounds of self-play refitting")
    ap.add_argument("--seed", type=int, default=71, help="seed of round 1 (round r: seed + r - 1)")
    ap.add_argument("--start", default=None, help="the weight file to start from (default: the shipped one)")
    ap.add_argument("--generations", type=int, default=25, help="generations of each round's fit")
    ap.add_argument("--games", type=int, default=1000, help="games per candidate")
    ap.add_argument("--held-out", type=int, default=8000, help="held-out games of each report")
    ap.add_argument("--json", action="store_true", help="print the reports as JSON")
    a = ap.parse_args(argv)
    try:
        if not a.out.endswith(".npz"):
            raise ValueError(f"--out must name a .npz file, not {a.out!r}")
        if a.rounds < 1 or a.generations < 1 or a.games < 1 or a.held_out < 1:
            raise ValueError("--rounds, --generations, --games and --held-out must be at least 1")
        start = pm.load(a.start or pm.DEFAULT_MODEL)["weights"]
        log = None if a.json else (lambda s: print(s, flush=True))
        W, reports = refit(start, a.row, a.rounds, a.seed, a.generations, a.games, a.held_out, log)
    except (ValueError, pm.PlayoutModelError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    info = (f"bench/fit_playout_selfplay.py --row {a.row} --rounds {a.rounds} --seed {a.seed} "
            f"--generations {a.generations} --games {a.games}"
            + (f" --start {a.start}" if a.start else "") + "; "
            + "; ".join(f"round {r['round']}: {r['held_out_vs_previous']:+.2f} against the previous row, "
                        f"{r['held_out_vs_heuristic']:+.2f} against the heuristic policy" for r in reports))
    pm.save(W, a.out, info)
    if a.json:
        print(json.dumps({"out": a.out, "row": a.row, "rounds": reports}, indent=1))
    else:
        print(f"wrote {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
