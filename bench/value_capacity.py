"""Can a learned value over the observation tensor predict a game better than the playouts do? (issue 13)

    python bench/value_capacity.py RECORDS.jsonl|DIR [...] --table 2 --cache DATA.npz
        [--every 4] [--playouts 64] [--deep 256,1024,4096] [--deep-every 4] [--jobs 2] [--seed 1]
        [--hidden 256] [--epochs 30] [--fractions 0.25,0.5,1] [--json]

Every measurement of the search so far says that what limits it is what the playouts tell it, not how
precisely it reads them (docs/search.md, twenty-second and twenty-fifth sessions); the one lever of the
issue left is a change of kind: a value (or policy) learnt from the search's own games over the full
observation tensor, by a network instead of the ninth session's linear model of 54 counts. Before any
of that goes into the compiled search, this script asks whether it can pay at all.

It replays finished games of `tekhenu match --out` (the search's own games: thousands of them are in
bench/records; a directory is searched for *.jsonl, and the games are those bench/fit_margin.py reads:
--table players, solo meaning against Botankhamun Hard with 8 VP Decrees, no Time of Seth or Vizier,
each game once) and, at one decision in --every of the seats that decide (the engine's seat in solo),
records:

* the deciding seat's information-state tensor (docs/rl.md: only what that seat may see) and the
  evaluation's 54 features of that seat and of the best other seat (marginmodel.features);
* the target: the seat's margin still to come (its final VP minus the best other seat's, minus the same
  margin now), from the real game;
* what the search would be told at that position: the margin to come of one playout (a `Searcher` of
  one iteration: a determinisation and the default playout policy), the mean of --playouts iterations
  of a small search (the root's average, the quantity the search's values are made of), and with
  --deep the means of longer searches on one test position in --deep-every.

The games are split by seed into training (80 %), validation (10 %: the ridge penalties, the networks'
early stopping, the weights of the combinations) and test (10 %) by a hash of the seed, and on the test
positions it reports the R^2 of the margin to come, and how often the sign of the predicted final
margin is the real winner's, for: a constant; one playout and the small search (also after the best
a + b x on the training positions, since the playouts' margins are not on the real games' scale);
ridge least squares on the 54+54 features; that value and the small search together; a network (one
hidden layer of --hidden ReLU units, Adam, early stopping) on the features, alone and with the small
search; ridge on the tensor; the network on the tensor. With --deep: the R^2 of each longer search
(best a + b x on those positions), alone and with the ridge value. With --fractions: the ridge and
network fits on the features again on those shares of the training seeds (the learning curve).

The positions are cached in --cache (numpy, float16 tensors, a few GB at --every 1; the same records
and --every/--playouts/--seed/--deep arguments reuse it; delete the file to rebuild). Deterministic
for the same arguments.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time

import numpy as np

from tekhenu_engine._search import Searcher
from tekhenu_engine.agents import evalmodel, marginmodel, playoutmodel

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fit_margin import games, margin, sampled  # noqa: E402  (bench/fit_margin.py: the same games and positions)
from workers import process_map  # noqa: E402  (bench/workers.py: a dead worker stops the run)

SPLIT_TEST = 0.1
SPLIT_VALID = 0.1


def game_part(seed: int) -> int:
    """0 training, 1 validation, 2 test: a fixed hash of the game's seed."""
    h = int.from_bytes(hashlib.sha256(str(seed).encode()).digest()[:8], "big") / 2.0 ** 64
    return 2 if h < SPLIT_TEST else 1 if h < SPLIT_TEST + SPLIT_VALID else 0


def game_rows(task: tuple) -> dict | None:
    """The sampled decisions of one recorded game (see the module docstring); None without any."""
    rec, every, playouts, seed, deep, deep_every = task
    gseed = int(rec["seed"])
    rows: dict[str, list] = {k: [] for k in ("x", "f", "now", "one", "many", "seat", "deep")}
    test = game_part(gseed) == 2
    for st, p, k in sampled(rec, every):
        if p < 0:
            fin = st.returns()
            break
        raw = st.observation(p).to_bytes()
        rows["x"].append(np.asarray(st.information_state_tensor(p), dtype=np.float16))
        rows["f"].append(marginmodel.features(st, p))
        rows["now"].append(margin(st.returns(), p))
        s1 = Searcher(raw, p, seed=seed * 1_000_003 + gseed + 7 * k, max_nodes=4096)
        s1.run(1)
        rows["one"].append(s1.totals()[3])
        sn = Searcher(raw, p, seed=seed * 1_000_003 + gseed + 7 * k + 1, max_nodes=4 * playouts + 64)
        sn.run(playouts)
        it, _, _, msum = sn.totals()
        rows["many"].append(msum / max(1, it))
        dv = [np.nan] * len(deep)
        if test and len(rows["x"]) % deep_every == 1 % deep_every:
            for j, n in enumerate(deep):
                sd = Searcher(raw, p, seed=seed * 1_000_003 + gseed + 7 * k + 2 + j, max_nodes=8 * n + 64)
                sd.run(n)
                it, _, _, msum = sd.totals()
                dv[j] = msum / max(1, it)
        rows["deep"].append(dv)
        rows["seat"].append(p)
    if not rows["x"]:
        return None
    final = np.array([margin(fin, p) for p in rows["seat"]])
    now = np.array(rows["now"], dtype=np.float64)
    return {"x": np.stack(rows["x"]), "f": np.array(rows["f"], dtype=np.float32),
            "y": (final - now).astype(np.float32), "now": now.astype(np.float32),
            "one": (np.array(rows["one"]) - now).astype(np.float32),
            "many": (np.array(rows["many"]) - now).astype(np.float32),
            "deep": (np.array(rows["deep"], dtype=np.float64).reshape(len(now), len(deep))
                     - now[:, None]).astype(np.float32),
            "part": np.full(len(now), game_part(gseed), dtype=np.int8),
            "game": np.full(len(now), gseed, dtype=np.int64)}


def _init() -> None:
    evalmodel.install_default()
    playoutmodel.install_default()


def build(paths: list[str], table: int, every: int, playouts: int, seed: int, jobs: int,
          deep: tuple[int, ...] = (), deep_every: int = 4) -> dict:
    """The positions of every finished game of `table` players in `paths` (solo: the 8 VP Decree
    games against Botankhamun Hard, the goal's table)."""
    tasks = [(r, every, playouts, seed, deep, deep_every) for r in games(paths, table)]
    if not tasks:
        raise ValueError(f"no finished {table}-player game in {', '.join(paths)}")
    t0 = time.time()
    parts = []
    for i, d in enumerate(process_map(game_rows, tasks, jobs, initializer=_init)):
        if d is not None:
            parts.append(d)
        if (i + 1) % 200 == 0:
            print(f"  {i + 1} / {len(tasks)} games, {time.time() - t0:.0f} s", file=sys.stderr)
    return {k: np.concatenate([d[k] for d in parts]) for k in parts[0]}


def r2(pred: np.ndarray, y: np.ndarray) -> float:
    """1 - mean squared error / variance of y."""
    return 1.0 - float(np.mean((pred - y) ** 2)) / float(np.var(y))


def _with_one(X: np.ndarray) -> np.ndarray:
    return np.hstack([X.astype(np.float64), np.ones((len(X), 1))])


def ridge(X: np.ndarray, y: np.ndarray, Xv: np.ndarray, yv: np.ndarray) -> tuple[np.ndarray, float]:
    """Ridge least squares with a constant (not penalised), its penalty chosen on the validation set:
    (weights with the constant last, penalty). X is read in blocks of rows (a tensor of a few hundred
    thousand positions does not fit in memory as float64)."""
    d = X.shape[1] + 1
    G, b = np.zeros((d, d)), np.zeros(d)
    for i in range(0, len(X), 16384):
        A = _with_one(X[i:i + 16384])
        G += A.T @ A
        b += A.T @ y[i:i + 16384]
    best = None
    for lam in (0.1, 1.0, 10.0, 100.0, 1000.0, 10000.0):
        reg = lam * np.eye(d)
        reg[-1, -1] = 0.0
        w = np.linalg.solve(G + reg, b)
        err = float(np.mean((predict_linear(Xv, w) - yv) ** 2))
        if best is None or err < best[0]:
            best = (err, w, lam)
    return best[1], best[2]


def predict_linear(X: np.ndarray, w: np.ndarray) -> np.ndarray:
    """X @ w[:-1] + w[-1], in blocks of rows."""
    return np.concatenate([_with_one(X[i:i + 16384]) @ w for i in range(0, len(X), 16384)])


def column_sd(X: np.ndarray) -> np.ndarray:
    """The standard deviation of every column, in blocks of rows."""
    n, s1, s2 = 0, np.zeros(X.shape[1]), np.zeros(X.shape[1])
    for i in range(0, len(X), 16384):
        B = X[i:i + 16384].astype(np.float64)
        n += len(B)
        s1 += B.sum(axis=0)
        s2 += (B * B).sum(axis=0)
    return np.sqrt(np.maximum(s2 / n - (s1 / n) ** 2, 0.0))


def mlp(X: np.ndarray, y: np.ndarray, Xv: np.ndarray, yv: np.ndarray, hidden: int, epochs: int,
        seed: int, lr: float = 1e-3, decay: float = 1e-4, batch: int = 256):
    """A network of one hidden layer of ReLU units fitted by Adam on the squared error, the epoch with
    the least validation error kept: a function of X -> predictions, and a log of the epochs."""
    rng = np.random.default_rng(seed)
    mu, sd = X.mean(axis=0, dtype=np.float64).astype(np.float32), np.maximum(column_sd(X), 0.1).astype(np.float32)
    ym, ys = float(y.mean()), float(y.std())
    n, d = X.shape
    W1 = (rng.standard_normal((d, hidden)) * np.sqrt(2.0 / d)).astype(np.float32)
    b1 = np.zeros(hidden, np.float32)
    W2 = (rng.standard_normal(hidden) * np.sqrt(1.0 / hidden)).astype(np.float32)
    b2 = np.float32(0.0)
    params = [W1, b1, W2, np.array([b2])]
    m = [np.zeros_like(q) for q in params]
    v = [np.zeros_like(q) for q in params]
    t = 0

    def forward(Z, P):
        h = np.maximum(((Z - mu) / sd).astype(np.float32) @ P[0] + P[1], 0.0)
        return h, h @ P[2] + P[3][0]

    def predict(P):
        def f(Z):
            out = np.empty(len(Z), np.float32)
            for i in range(0, len(Z), 8192):
                out[i:i + 8192] = forward(Z[i:i + 8192], P)[1]
            return out * ys + ym
        return f

    best = (np.inf, None, -1)
    log = []
    yt = ((y - ym) / ys).astype(np.float32)
    for ep in range(epochs):
        order = rng.permutation(n)
        for i in range(0, n, batch):
            idx = order[i:i + batch]
            Z = X[idx]
            Zs = ((Z - mu) / sd).astype(np.float32)
            h = np.maximum(Zs @ params[0] + params[1], 0.0)
            out = h @ params[2] + params[3][0]
            g = (2.0 / len(idx)) * (out - yt[idx])
            gW2 = h.T @ g
            gb2 = np.array([g.sum()], np.float32)
            gh = np.outer(g, params[2]) * (h > 0)
            gW1 = Zs.T @ gh
            gb1 = gh.sum(axis=0)
            grads = [gW1 + decay * params[0], gb1, gW2 + decay * params[2], gb2]
            t += 1
            for j, gr in enumerate(grads):
                m[j] = 0.9 * m[j] + 0.1 * gr
                v[j] = 0.999 * v[j] + 0.001 * gr * gr
                params[j] -= (lr * (m[j] / (1 - 0.9 ** t)) / (np.sqrt(v[j] / (1 - 0.999 ** t)) + 1e-8)).astype(np.float32)
        err = float(np.mean((predict(params)(Xv) - yv) ** 2))
        log.append(err)
        if err < best[0]:
            best = (err, [q.copy() for q in params], ep)
        elif ep - best[2] >= 4:
            break
    return predict(best[1]), {"valid_mse": log, "best_epoch": best[2]}


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="value_capacity.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("records", nargs="+", help="game records of 'tekhenu match --out', or directories of them")
    ap.add_argument("--table", type=int, choices=(1, 2, 3, 4), required=True,
                    help="players of the games to read (1: solo against Botankhamun Hard, 8 VP Decrees)")
    ap.add_argument("--cache", required=True, help="file of the positions (built when missing)")
    ap.add_argument("--every", type=int, default=4, help="one decision in N is read (default 4)")
    ap.add_argument("--playouts", type=int, default=64, help="iterations of the small search (default 64)")
    ap.add_argument("--deep", default="",
                    help="comma-separated iteration counts of longer searches, run on one test position in "
                         "--deep-every (default none): how much more of the game a longer search predicts")
    ap.add_argument("--deep-every", type=int, default=4, help="see --deep (default 4)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the searches and the fits (default 1)")
    ap.add_argument("--jobs", type=int, default=2, help="processes replaying the games (default 2)")
    ap.add_argument("--hidden", type=int, default=256, help="hidden units of the network (default 256)")
    ap.add_argument("--epochs", type=int, default=30, help="most epochs of a network fit (default 30)")
    ap.add_argument("--fractions", default="",
                    help="comma-separated shares of the training seeds, e.g. 0.25,0.5 (default none): "
                         "the learning curve of the values on the features (does more data help?)")
    ap.add_argument("--json", action="store_true", help="print the results as JSON")
    a = ap.parse_args(argv)
    for name in ("every", "playouts", "jobs", "hidden", "epochs", "deep_every"):
        if getattr(a, name) < 1:
            ap.error(f"--{name.replace('_', '-')} must be at least 1")
    try:
        deep = tuple(int(t) for t in a.deep.split(",") if t.strip())
    except ValueError:
        ap.error(f"--deep must be iteration counts separated by commas, not {a.deep!r}")
    if any(n < 1 for n in deep):
        ap.error("--deep: every iteration count must be at least 1")
    try:
        fractions = tuple(float(t) for t in a.fractions.split(",") if t.strip())
    except ValueError:
        ap.error(f"--fractions must be numbers separated by commas, not {a.fractions!r}")
    if any(not 0 < x <= 1 for x in fractions):
        ap.error("--fractions: every share must be in (0, 1]")
    meta = {"records": sorted(os.path.abspath(p) for p in a.records), "table": a.table, "every": a.every,
            "playouts": a.playouts, "seed": a.seed, "deep": list(deep), "deep_every": a.deep_every}
    d = None
    if os.path.exists(a.cache):
        with np.load(a.cache) as z:
            if json.loads(str(z["meta"])) == meta:
                d = {k: z[k] for k in z.files if k != "meta"}
            else:
                print(f"error: {a.cache} holds positions of other arguments; delete it or name another file",
                      file=sys.stderr)
                return 2
    if d is None:
        try:
            d = build(a.records, a.table, a.every, a.playouts, a.seed, a.jobs, deep, a.deep_every)
        except ValueError as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
        tmp = a.cache + ".tmp.npz"
        np.savez(tmp, meta=json.dumps(meta), **d)
        os.replace(tmp, a.cache)
    tr, va, te = (d["part"] == 0), (d["part"] == 1), (d["part"] == 2)
    for mask, name in ((tr, "training"), (va, "validation"), (te, "test")):
        if mask.sum() < 2:
            print(f"error: the games of {len(np.unique(d['game']))} seeds give {int(mask.sum())} {name} positions "
                  f"(the seeds are split 80 / 10 / 10 %); give more games", file=sys.stderr)
            return 2
    y, now = d["y"].astype(np.float64), d["now"].astype(np.float64)
    res = {"positions": {"train": int(tr.sum()), "valid": int(va.sum()), "test": int(te.sum())},
           "games": {"train": len(np.unique(d["game"][tr])), "valid": len(np.unique(d["game"][va])),
                     "test": len(np.unique(d["game"][te]))},
           "sd_margin_to_come": float(y[te].std()), "rows": []}

    def row(name: str, pred: np.ndarray, note: str = "", train_pred: np.ndarray | None = None) -> None:
        fin, real = now[te] + pred, now[te] + y[te]
        out = {"predictor": name, "r2": r2(pred, y[te]),
               "winner_agreement": float(np.mean((fin > 0) == (real > 0))), "note": note}
        if train_pred is not None:     # a + b x fitted on the training positions: the information, not the scale
            b, c = np.polyfit(train_pred, y[tr], 1)
            out["r2_calibrated"] = r2(c + b * pred, y[te])
            out["calibration"] = [float(c), float(b)]
        res["rows"].append(out)

    row("constant (training mean)", np.full(te.sum(), y[tr].mean()))
    for key, name in (("one", "one playout"), ("many", f"mean of {a.playouts} search iterations")):
        row(name, d[key][te].astype(np.float64), train_pred=d[key][tr].astype(np.float64))
    f = d["f"].astype(np.float32)
    w, lam = ridge(f[tr], y[tr], f[va], y[va])
    value = predict_linear(f, w)
    row("ridge on the 54+54 features", value[te], f"penalty {lam:g}")
    many = d["many"].astype(np.float64)

    def with_mean(v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """A learned value `v` and the small search's mean together: (predictions on the test
        positions, the weights of v, the mean and a constant fitted on the validation positions)."""
        A = np.stack([v, many, np.ones(len(y))], axis=1)
        coef = np.linalg.lstsq(A[va], y[va], rcond=None)[0]
        return A[te] @ coef, coef

    pred, coef = with_mean(value)
    row(f"the ridge value and the mean of {a.playouts} together", pred,
        f"{coef[2]:+.2f} + {coef[0]:.3f} x value + {coef[1]:.3f} x mean (fitted on the validation positions)")
    pf, logf = mlp(f[tr], y[tr], f[va], y[va], a.hidden, a.epochs, a.seed)
    row(f"network ({a.hidden} units) on the features", pf(f[te]), f"best epoch {logf['best_epoch'] + 1}")
    pred, coef = with_mean(pf(f).astype(np.float64))
    row(f"the network on the features and the mean of {a.playouts}", pred,
        f"{coef[2]:+.2f} + {coef[0]:.3f} x network + {coef[1]:.3f} x mean (fitted on the validation positions)")
    x = d["x"]
    keep = np.flatnonzero(column_sd(x[tr]) > 0)
    res["tensor_columns_used"] = int(len(keep))
    xs = x[:, keep].astype(np.float32)
    del x, d["x"]                       # a few GB with --every 1
    w, lam = ridge(xs[tr], y[tr], xs[va], y[va])
    row("ridge on the tensor", predict_linear(xs[te], w), f"penalty {lam:g}")
    px, logx = mlp(xs[tr], y[tr], xs[va], y[va], a.hidden, a.epochs, a.seed)
    row(f"network ({a.hidden} units) on the tensor", px(xs[te]), f"best epoch {logx['best_epoch'] + 1}")
    if fractions:                    # the same fits on a share of the training seeds (a fixed shuffle)
        seeds = np.unique(d["game"][tr])
        np.random.default_rng(a.seed).shuffle(seeds)
        res["learning_curve"] = []
        for share in fractions:
            n = max(1, int(len(seeds) * share))
            part = tr & np.isin(d["game"], seeds[:n])
            w, _ = ridge(f[part], y[part], f[va], y[va])
            lin = predict_linear(f, w)
            pnet, _ = mlp(f[part], y[part], f[va], y[va], a.hidden, a.epochs, a.seed)
            net = pnet(f).astype(np.float64)
            out = {"share": share, "seeds": int(n), "positions": int(part.sum())}
            for name, v in (("ridge", lin), ("network", net)):
                out[name] = r2(v[te], y[te])
                out[name + "_with_mean"] = r2(with_mean(v)[0], y[te])
            res["learning_curve"].append(out)
    if deep:
        sub = te & ~np.isnan(d["deep"][:, 0])
        res["deep_positions"] = int(sub.sum())
        res["deep"] = []

        def line(cols: list[np.ndarray]) -> float:
            A = np.stack(cols + [np.ones(int(sub.sum()))], axis=1)
            return r2(A @ np.linalg.lstsq(A, y[sub], rcond=None)[0], y[sub])

        res["deep"].append({"iterations": a.playouts, "r2": line([many[sub]]),
                            "with_value": line([many[sub], value[sub]])})
        for j, n in enumerate(deep):
            dv = d["deep"][sub, j].astype(np.float64)
            res["deep"].append({"iterations": n, "r2": line([dv]), "with_value": line([dv, value[sub]])})
        res["deep_value_alone"] = line([value[sub]])
    if a.json:
        print(json.dumps(res, indent=1))
        return 0
    print(f"{res['positions']['train']} / {res['positions']['valid']} / {res['positions']['test']} positions "
          f"(training / validation / test) from the games of {res['games']['train']} / {res['games']['valid']} / "
          f"{res['games']['test']} seeds; sd of the margin to come on the test positions "
          f"{res['sd_margin_to_come']:.1f} VP; {res['tensor_columns_used']} tensor columns vary")
    print(f"{'predictor':44s} {'R^2':>7s} {'winner':>7s}  notes")
    for r in res["rows"]:
        note = r["note"]
        if "r2_calibrated" in r:
            c, b = r["calibration"]
            note = f"R^2 {r['r2_calibrated']:.3f} as {c:+.2f} + {b:.3f} x (fitted on the training positions)"
        print(f"{r['predictor']:44s} {r['r2']:7.3f} {100 * r['winner_agreement']:6.1f}%  {note}")
    if deep:
        print(f"\nlonger searches, on {res['deep_positions']} test positions (R^2 of the best a + b x on them; "
              f"the ridge value alone {res['deep_value_alone']:.3f}):")
        print(f"{'iterations':>10s} {'R^2':>7s} {'with the value':>15s}")
        for r in res["deep"]:
            print(f"{r['iterations']:10d} {r['r2']:7.3f} {r['with_value']:15.3f}")
    if fractions:
        print(f"\nlearning curve on the features (R^2 on the test positions; 'with the mean': and the mean of "
              f"{a.playouts} iterations):")
        print(f"{'share':>6s} {'seeds':>6s} {'positions':>10s} {'ridge':>7s} {'with the mean':>14s} "
              f"{'network':>8s} {'with the mean':>14s}")
        for r in res["learning_curve"]:
            print(f"{r['share']:6.2f} {r['seeds']:6d} {r['positions']:10d} {r['ridge']:7.3f} "
                  f"{r['ridge_with_mean']:14.3f} {r['network']:8.3f} {r['network_with_mean']:14.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
