"""Fit the solo row of the tuned playout policy so that its playouts *predict* the search's games (issue 13).

    python bench/fit_playout_value.py RECORDS.jsonl|DIR [...] --out FILE.npz|--compare [--every 4]
        [--positions 3000] [--playouts 6] [--generations 20] [--population 24] [--elite 6]
        [--seed 81] [--exclude-seed 2073 2601 2602] [--start FILE.npz] [--json]

The shipped solo row (``tekhenu train-playout``) was fitted to *play* well: the largest mean margin of its
own games against Botankhamun. What the search needs from its playouts is different: that the margin a
playout ends with from a position says how that position will really turn out (the twenty-sixth session
measured that one playout explains 9 % of the variance of the margin still to come in the search's own
solo games, and the mean of any number of search iterations 13 %). This is *simulation balancing*
(Silver and Tesauro, 2009): tune the playout policy for the accuracy of its value, not for its strength.

The data are the search's solo games against Botankhamun Hard with 8 VP Decrees in the records (games of
other agents and of the match seeds of --exclude-seed are left out; each game once). At one decision of
the engine's seat in --every (bench/fit_margin.py's positions) it keeps the seat's observation and the
margin still to come in the real game. Games are split by seed into a fitting half and a held-out half,
and --positions of each are drawn.

A candidate row is judged by the squared correlation of the margin to come its playouts predict (the mean
of --playouts playouts from each position, less the position's margin) with the real one, divided by the
split-half reliability of that mean (Spearman-Brown): the share of the real margin's variance that the
*expected* playout margin explains, the quantity a search of many iterations reads, without the noise of
a few playouts. All candidates of a generation play from the same seeds. The fit is the cross-entropy
method of tekhenu_engine.agents.playoutmodel.tune, started from the solo row of --start (the shipped
file by default). The report gives the start's and the fit's held-out explained share, and each row's
mean margin as a player (4,000 seeded solo games). The file written is --start's weights with the new
solo row; measure it in the search with ``tekhenu match --a
"ismcts:iterations=2000:playout_weights=FILE.npz" --b "botankhamun:hard:decree8" ...``. The same
records and arguments write the same file.

``--compare`` fits nothing: on the held-out positions it prints the R² of the real margin to come,
over all positions together and within each round, of 32 playouts of the shipped policy, of the margin
model of ``mix=`` and of both (docs/search.md, "What each lever gained (twenty-seventh session)").
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
import zlib

import numpy as np

from tekhenu_engine._search import playout_margins
from tekhenu_engine.agents import playoutmodel as pm

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fit_margin import games, margin, with_outcome  # noqa: E402  (bench/fit_margin.py: the same games and positions)

ROW = "solo"
PLAYER_GAMES = 4000
PLAYER_SEED = 10_001


def search_games(paths: list[str], exclude_seeds: tuple[int, ...], table: int = 1) -> list[dict]:
    """The finished games of `table` players (1: solo against Botankhamun Hard with 8 VP Decrees) in
    which every side that decides is ``ismcts``."""
    out = []
    for r in games(paths, table, exclude_seeds):
        sides = set(r.get("sides") or ["a"])
        if all(str(r.get(side, "")).startswith("ismcts") for side in sides
               if not str(r.get(side, "")).startswith("botankhamun")):
            out.append(r)
    return out


def positions(recs: list[dict], every: int) -> tuple[list[bytes], np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(the deciding seat's observations, its margin now, the real margin still to come, the round,
    the seat) at the sampled decisions of `recs` (in solo games the engine's seat 0 only)."""
    rows, y = with_outcome(recs, every, lambda st, p: (st.observation(p).to_bytes(), margin(st.returns(), p),
                                                       int(st.field("round")), p))
    obs = [r[0] for r in rows]
    now, rnd, seats = (np.array([r[i] for r in rows], dtype=t) for i, t in ((1, np.float64), (2, np.int64),
                                                                             (3, np.int64)))
    return obs, now, y, rnd, seats


def halves(recs: list[dict]) -> tuple[list[dict], list[dict]]:
    """The games split by a checksum of their seed: (fitting, held out)."""
    fit, held = [], []
    for r in recs:
        (held if zlib.crc32(str(r["seed"]).encode()) % 2 else fit).append(r)
    return fit, held


def draw(data, n: int, seed: int):
    """At most n positions of `data`, drawn without replacement (seeded), in their order."""
    obs = data[0]
    if len(obs) <= n:
        return data
    ix = np.sort(np.random.default_rng(seed).choice(len(obs), n, replace=False))
    return ([obs[i] for i in ix],) + tuple(x[ix] for x in data[1:])


def within_round(x: np.ndarray, rnd: np.ndarray) -> np.ndarray:
    """x less the mean of its round: what sets positions of one stage of the game apart."""
    out = np.array(x, dtype=np.float64)
    for r in np.unique(rnd):
        m = rnd == r
        out[m] -= out[m].mean()
    return out


def explained(weights: np.ndarray, data, playouts: int, seed: int) -> dict:
    """How much of the real margin to come the playouts of `weights` explain on `data`, within each
    round (a search compares moves of one position, so what a playout says about the stage of the
    game, the same for every move, does not count): the squared correlation of the mean of
    `playouts` playouts, the split-half reliability of that mean, and their ratio (the share the
    expected playout margin explains, clipped to [0, 1]); and the playouts' mean bias (their margin to
    come less the real one, over all positions)."""
    obs, now, y, rnd, seats = data
    pm.set_weights(weights)
    h = max(1, playouts // 2)
    a_raw = playout_margins(obs, seats, h, seed=seed) - now
    b_raw = playout_margins(obs, seats, h, seed=seed + 1) - now
    a, b = within_round(a_raw, rnd), within_round(b_raw, rnd)
    mean = (a + b) / 2
    r = float(np.corrcoef(mean, within_round(y, rnd))[0, 1])
    rho = float(np.corrcoef(a, b)[0, 1])
    rel = 2 * rho / (1 + rho) if rho > 0 else 1e-9
    return {"r2": r * abs(r), "reliability": rel,
            "share": float(min(1.0, max(0.0, r * abs(r) / rel))),
            "bias": float(np.mean((a_raw + b_raw) / 2 - y))}


def compare(data, playouts: int = 32, seed: int = 5) -> dict:
    """R² of the real margin to come on `data`, over all positions together and within each round,
    for the mean of `playouts` playouts of the shipped policy, the margin model of ``mix=``
    (tekhenu_engine/models/margin_v1.npz), their best linear combination (fitted on the same
    positions) and the reward of ``mix=0.3``."""
    from tekhenu_engine import GameState
    from tekhenu_engine.agents import marginmodel
    obs, now, y, rnd, seats = data
    mw = marginmodel.load()["weights"]
    lin = np.array([marginmodel.features(GameState.from_bytes(o), int(p), np.float64) @ mw[:-1] + mw[-1]
                    for o, p in zip(obs, seats)])
    pm.install()
    play = playout_margins(obs, seats, playouts, seed=seed) - now

    def r2(x: np.ndarray, yy: np.ndarray) -> float:
        return float(np.corrcoef(x, yy)[0, 1] ** 2)

    out = {}
    for name, f in (("pooled", lambda x: x), ("within_round", lambda x: within_round(x, rnd))):
        yy, a, b = f(y), f(play), f(lin)
        if min(np.var(yy), np.var(a), np.var(b)) == 0:
            raise ValueError("too few positions to compare (none vary within a round); give more games or --every 1")
        A = np.column_stack([a, b, np.ones_like(a)])
        coef = np.linalg.lstsq(A, yy, rcond=None)[0]
        out[name] = {"playouts": round(r2(a, yy), 3), "margin_model": round(r2(b, yy), 3),
                     "both": round(1 - float(np.var(yy - A @ coef)) / float(np.var(yy)), 3),
                     "mix_0.3": round(r2(0.7 * a + 0.3 * b, yy), 3)}
    return out


def player_margin(weights: np.ndarray) -> float:
    """The solo row's mean margin as a player against Botankhamun Hard with 8 VP Decrees."""
    return pm.fitness(ROW, weights, PLAYER_GAMES, PLAYER_SEED)


def fit(start: np.ndarray, data, playouts: int, generations: int, population: int, elite: int,
        seed: int, log=None) -> tuple[np.ndarray, list[dict]]:
    """The cross-entropy method (playoutmodel.cross_entropy, as ``tekhenu train-playout``) over the solo
    row, from --start's row with half the usual spread, judged by :func:`explained`."""
    k = pm.ROWS.index(ROW)

    def score(c: np.ndarray, gseed: int) -> float:
        w = np.array(start, dtype=np.float64)
        w[k] = c
        return explained(w, data, playouts, gseed)["share"]

    history: list[dict] = []

    def report(gen: int, share: np.ndarray, order: np.ndarray, sigma: np.ndarray, seconds: float) -> None:
        h = {"generation": gen, "mean_share": float(share[0]), "best": float(share[order[0]]),
             "elite": float(share[order[:elite]].mean()), "sigma": float(sigma.mean()),
             "seconds": round(seconds, 1)}
        history.append(h)
        if log:
            log(f"generation {gen}: the mean's share {h['mean_share']:.3f}, best {h['best']:.3f}, "
                f"elite {h['elite']:.3f}, spread {h['sigma']:.3f} ({h['seconds']} s)")

    mu = pm.cross_entropy(np.array(start[k], dtype=np.float64), pm.initial_sigma() * 0.5, score,
                          generations, population, elite, seed, report)
    w = np.array(start, dtype=np.float64)
    w[k] = mu
    return w, history


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="fit_playout_value.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("records", nargs="+", help="game records of 'tekhenu match --out', or directories of them")
    ap.add_argument("--out", default=None, help="the weight file to write (.npz; needed unless --compare)")
    ap.add_argument("--every", type=int, default=4, help="one decision of the engine in N (default 4)")
    ap.add_argument("--positions", type=int, default=3000, help="positions of each half (default 3000)")
    ap.add_argument("--playouts", type=int, default=6, help="playouts from each position (default 6)")
    ap.add_argument("--generations", type=int, default=20)
    ap.add_argument("--population", type=int, default=24)
    ap.add_argument("--elite", type=int, default=6)
    ap.add_argument("--seed", type=int, default=81)
    ap.add_argument("--exclude-seed", type=int, nargs="*", default=[2073, 2601, 2602], metavar="SEED",
                    help="leave out the games of these match seeds (default: the goal's and the mix matches')")
    ap.add_argument("--start", default=None, help="the weight file to start from (default: the shipped one)")
    ap.add_argument("--compare", action="store_true",
                    help="fit nothing: print the R² of the margin to come on the held-out positions, pooled and "
                         "within each round, of 32 playouts, the margin model of mix=, both, and mix=0.3 "
                         "(--out is then not written)")
    ap.add_argument("--json", action="store_true", help="print the report as JSON")
    a = ap.parse_args(argv)
    try:
        if not a.compare and not (a.out or "").endswith(".npz"):
            raise ValueError(f"--out must name a .npz file, not {a.out!r}")
        if min(a.every, a.positions, a.generations) < 1 or a.playouts < 2:
            raise ValueError("--every, --positions and --generations must be at least 1, --playouts at least 2")
        if not 2 <= a.elite < a.population:
            raise ValueError("--elite must be at least 2 and below --population")
        start = pm.load(a.start or pm.DEFAULT_MODEL)["weights"]
        recs = search_games(a.records, tuple(a.exclude_seed))
        fit_recs, held_recs = halves(recs)
        if not fit_recs or not held_recs:
            raise ValueError("need finished solo games of the search against Botankhamun Hard with 8 VP "
                             "Decrees in both halves of the seeds; give more games")
        fit_data = draw(positions(fit_recs, a.every), a.positions, a.seed)
        held_data = draw(positions(held_recs, a.every), a.positions, a.seed + 1)
    except (ValueError, pm.PlayoutModelError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if a.compare:
        try:
            rep = compare(held_data)
        except ValueError as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
        print(json.dumps(rep, indent=1) if a.json else
              "\n".join(f"{k}: " + ", ".join(f"{n} {v:.3f}" for n, v in d.items()) for k, d in rep.items()))
        return 0
    log = None if a.json else (lambda s: print(s, flush=True))
    if log:
        log(f"{len(recs)} games of the search ({len(fit_recs)} to fit, {len(held_recs)} held out); "
            f"{len(fit_data[0])} + {len(held_data[0])} positions")
    t0 = time.time()
    W, history = fit(start, fit_data, a.playouts, a.generations, a.population, a.elite, a.seed, log)
    check = 4 * a.playouts
    rep = {"games": len(recs), "positions": [len(fit_data[0]), len(held_data[0])],
           "start": {"held_out": explained(start, held_data, check, 7), "player_margin": player_margin(start)},
           "fitted": {"held_out": explained(W, held_data, check, 7), "player_margin": player_margin(W)},
           "generations": history, "seconds": round(time.time() - t0, 1)}
    info = (f"bench/fit_playout_value.py --every {a.every} --positions {a.positions} --playouts {a.playouts} "
            f"--generations {a.generations} --population {a.population} --elite {a.elite} --seed {a.seed} "
            f"--exclude-seed {' '.join(map(str, a.exclude_seed))}" + (f" --start {a.start}" if a.start else "")
            + f"; held-out share of the margin to come {rep['start']['held_out']['share']:.3f} -> "
            f"{rep['fitted']['held_out']['share']:.3f}; as a player {rep['start']['player_margin']:+.1f} -> "
            f"{rep['fitted']['player_margin']:+.1f}")
    pm.save(W, a.out, info)
    pm.install(a.start or pm.DEFAULT_MODEL)
    if a.json:
        print(json.dumps(rep, indent=1))
    else:
        for name in ("start", "fitted"):
            h = rep[name]["held_out"]
            print(f"{name}: held-out share {h['share']:.3f} (r^2 of {check} playouts {h['r2']:.3f}, reliability "
                  f"{h['reliability']:.3f}, bias {h['bias']:+.1f}); as a player {rep[name]['player_margin']:+.1f}")
        print(f"wrote {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
