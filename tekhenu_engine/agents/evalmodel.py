"""The learned evaluation of the search: training data, the fit, the shipped model file.

The features are computed in compiled code (``_eval.pxi`` in ``_search.pyx``: ``eval_features``,
version :data:`FEATURE_VERSION`); the model is linear: for each table kind (solo engine seat,
solo Botankhamun seat, 2, 3 and 4 players, 2, 3 and 4 players with Time of Seth) the VP a seat still gains to the end of the game is
``weights[row] . features``, and the win probability of a margin *m* is ``sigmoid(m / scale)``.
:func:`train` makes the model from self-play games of the playout policy (compiled, thousands of
games a second) with a ridge least-squares fit in numpy; ``tekhenu train`` calls it and writes
the file that ships in the package (:data:`DEFAULT_MODEL`). docs/search.md, "Learned evaluation".
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import Callable

import numpy as np

from .._core import GameState
from .._search import (EVAL_FEATURE_NAMES, EVAL_FEATURE_VERSION, EVAL_ROWS, eval_features_of,
                       eval_model_loaded, eval_selfplay, eval_set_model)
from ..options import TableOptions

FEATURE_VERSION = EVAL_FEATURE_VERSION
DEFAULT_MODEL = Path(__file__).resolve().parent.parent / "models" / "eval_v1.npz"
# Table kinds of the training games: (players, options, the model rows they train)
TABLES = ((1, TableOptions(difficulty="hard", decree8=True), (0, 1)),
          (2, TableOptions(), (2,)), (3, TableOptions(), (3,)), (4, TableOptions(), (4,)),
          (2, TableOptions(seth=True), (5,)), (3, TableOptions(seth=True), (6,)),
          (4, TableOptions(seth=True), (7,)))


def _table_name(k: int) -> str:
    players, opts, _rows = TABLES[k]
    return ("solo" if players == 1 else f"{players} players") + (" with Time of Seth" if opts.seth else "")


class ModelError(ValueError):
    """A model file that cannot be used with this build (missing, other features, bad shape)."""


def read_npz(path: str | Path, what: str, keys: tuple[str, ...], error: type[ValueError]) -> dict:
    """The arrays of a model file with `keys` among them; `error` naming `what` otherwise (the
    evaluation model here, the playout weights in playoutmodel)."""
    try:
        with np.load(path, allow_pickle=False) as z:
            m = {k: z[k] for k in z.files}
    except (OSError, ValueError) as e:
        raise error(f"cannot read the {what} {path}: {e}") from None
    for k in keys:
        if k not in m:
            raise error(f"{what} {path} lacks {k!r}")
    return m


def load(path: str | Path = DEFAULT_MODEL) -> dict:
    """Read a model file: {'weights' [rows, features], 'scale', 'version', 'names', 'info'}."""
    m = read_npz(path, "evaluation model", ("weights", "scale", "version", "names", "rows"), ModelError)
    version = int(m["version"])
    names = tuple(str(n) for n in m["names"])
    if version != FEATURE_VERSION or names != tuple(EVAL_FEATURE_NAMES):
        raise ModelError(f"evaluation model {path} has feature version {version}, this build "
                         f"computes version {FEATURE_VERSION} (retrain with 'tekhenu train')")
    w = np.asarray(m["weights"], dtype=np.float64)
    if w.shape != (len(EVAL_ROWS), len(EVAL_FEATURE_NAMES)):
        raise ModelError(f"evaluation model {path}: weights of shape {w.shape}")
    out = {"weights": w, "scale": float(m["scale"]), "version": version, "names": names,
           "info": str(m["info"]) if "info" in m else ""}
    for k in ("check_features", "check_values"):
        if k in m:
            out[k] = np.asarray(m[k], dtype=np.float64)
    return out


def check_position() -> GameState:
    """The fixed position a model file carries its features and values for (2 players, seed 11,
    the first legal action 24 times): a build whose features differ from the file's is found."""
    g = GameState.new(2, 11)
    g.resolve_chance()
    for _ in range(24):
        g.apply(g.legal_actions()[0])
        g.resolve_chance()
    return g


def check_figures(weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(features [seats, EV_NF], estimated final VP [seats]) of :func:`check_position`."""
    g = check_position()
    raw = g.to_bytes()
    d = g.to_dict()
    n = d["nseats"]
    feats = np.array([eval_features_of(raw, p) for p in range(n)])
    vp = np.array(d["vp"][:n], dtype=np.float64)
    rows = [2] * n
    return feats, vp + (feats * weights[rows]).sum(axis=1)


def install(path: str | Path = DEFAULT_MODEL) -> dict:
    """Load a model file and make it the search's learned evaluation (all searches of the process)."""
    m = load(path)
    eval_set_model(m["weights"].tolist(), m["scale"])
    return m


def install_default() -> None:
    """Install the shipped model unless a model is already installed."""
    if not eval_model_loaded():
        install(DEFAULT_MODEL)


def collect(games: int, seed: int = 0, every: int = 6,
            log: Callable[[str], None] | None = None) -> dict[int, tuple]:
    """Self-play training data per table kind: {index in TABLES: (X, togo, margin, win, row, game, vp)}.

    The base tables keep the seeds of feature version 1 (``seed * 7919 + players``); a Time of Seth
    table adds 100."""
    out = {}
    for k, (players, opts, _rows) in enumerate(TABLES):
        t = time.perf_counter()
        out[k] = eval_selfplay(players, games, seed * 7919 + players + (100 if opts.seth else 0), opts, every)
        if log:
            log(f"{_table_name(k)}: {games} games, {len(out[k][0])} positions "
                f"in {time.perf_counter() - t:.1f} s")
    return out


def static_weights() -> np.ndarray:
    """The search's hand-made static evaluation (``static_eval``) as weights of these features.

    VP to come = Temple and Happiness VP of the Scorings still to come + 0.5 per Gold + 0.25 per
    Resource and Scribe (+ the Time of Seth terms): the baseline the learned model is compared with.
    """
    names = list(EVAL_FEATURE_NAMES)
    w = np.zeros(len(names))
    for n, v in (("gold", 0.5), ("resources", 0.25), ("scribes", 0.25), ("happiness_vp_to_come", 1.0),
                 ("temple_vp_to_come", 1.0), ("seth_vp_to_come", 1.0), ("soldiers", 0.4), ("priests", 0.25),
                 ("cultists", 1.0), ("artifacts", 1.5)):   # Time of Seth's (seth_static; its Blood term
                                                           # has no feature of its own: it is in the balance)
        w[names.index(n)] = v
    return w


def fit_rows(data: dict[int, tuple], ridge: float = 1.0) -> tuple[np.ndarray, dict]:
    """Ridge least squares of the VP still to come, one weight row per table kind.

    The last fifth of the games of each kind is held out; the report gives the mean squared
    error of the model there against a constant (the mean VP to come).
    """
    nf = len(EVAL_FEATURE_NAMES)
    w = np.zeros((len(EVAL_ROWS), nf))
    report = {}
    for k, (_players, _opts, rows) in enumerate(TABLES):
        X, y, _m, _win, row, game, _vp = data[k]
        test = game >= int(game.max() * 0.8) if len(game) else game.astype(bool)
        for r in rows:
            tr = (row == r) & ~test
            te = (row == r) & test
            A = X[tr]
            # ridge on every weight but the bias (column 0)
            reg = ridge * np.eye(nf)
            reg[0, 0] = 0.0
            w[r] = np.linalg.solve(A.T @ A + reg, A.T @ y[tr])
            pred = X[te] @ w[r]
            mse = float(np.mean((pred - y[te]) ** 2))
            base = float(np.mean((y[te] - y[tr].mean()) ** 2))
            stat = float(np.mean((X[te] @ static_weights() - y[te]) ** 2))
            report[EVAL_ROWS[r]] = {"train": int(tr.sum()), "test": int(te.sum()),
                                    "mse": round(mse, 2), "mse_constant": round(base, 2),
                                    "mse_static": round(stat, 2),
                                    "r2": round(1 - mse / base, 3) if base > 0 else 0.0}
    return w, report


def estimated_margins(data: dict[int, tuple], w: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(estimated margin, won) of every recorded seat of the base tables: its estimated final VP minus
    the best other's (the win scale is the base game's; a Time of Seth row shares it)."""
    margins, wins = [], []
    for k, (players, opts, _rows) in enumerate(TABLES):
        if opts.seth:
            continue
        X, _y, _m, win, row, _game, vp = data[k]
        n = 2 if players == 1 else players
        est = (vp + (X * w[row]).sum(axis=1)).reshape(-1, n)
        for k in range(n):
            others = np.delete(est, k, axis=1).max(axis=1)
            margins.append(est[:, k] - others)
            wins.append(win.reshape(-1, n)[:, k])
    return np.concatenate(margins), np.concatenate(wins)


def fit_scale(data: dict[int, tuple], w: np.ndarray) -> float:
    """The VP scale s of P(win) = sigmoid(estimated margin / s), by maximum likelihood on a grid."""
    m, y = estimated_margins(data, w)
    best, best_ll = 4.0, -np.inf
    for s in np.arange(1.0, 30.01, 0.25):
        p = np.clip(1 / (1 + np.exp(-m / s)), 1e-6, 1 - 1e-6)
        ll = float(np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
        if ll > best_ll:
            best, best_ll = float(s), ll
    return best


def train(out: str | Path = DEFAULT_MODEL, games: int = 4000, seed: int = 1, every: int = 6,
          ridge: float = 1.0, log: Callable[[str], None] | None = None) -> dict:
    """Generate self-play data, fit the model and write it to `out` (a .npz file); returns a report."""
    t = time.perf_counter()
    data = collect(games, seed, every, log)
    w, report = fit_rows(data, ridge)
    scale = fit_scale(data, w)
    info = (f"linear model of the VP to come, feature version {FEATURE_VERSION}; {games} self-play games "
            f"of the heuristic playout per table kind (seed {seed}, every {every}, ridge {ridge})")
    check_features, check_values = check_figures(w)
    np.savez(out, weights=w, scale=np.float64(scale), version=np.int64(FEATURE_VERSION),
             names=np.array(EVAL_FEATURE_NAMES), rows=np.array(EVAL_ROWS), info=np.array(info),
             check_features=check_features, check_values=check_values)
    return {"out": str(out), "scale": scale, "rows": report, "seconds": round(time.perf_counter() - t, 1),
            "info": info}
