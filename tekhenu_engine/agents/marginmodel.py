"""The margin model of the search's ``mix=`` option: the final VP margin learnt from the search's games.

A linear model of the searching seat's final margin (its VP minus the best other seat's) from the
learned evaluation's features (``_eval.pxi``, version :data:`FEATURE_VERSION`) of that seat and of
the seat now best of the others: estimated final margin = margin now + ``weights . (features of the
seat, features of the other, 1)``. It is fitted with ridge least squares (:func:`fit`) on positions
of recorded solo games of the search against Botankhamun Hard with 8 VP Decrees (``bench/fit_margin.py``
replays them and writes :data:`DEFAULT_MODEL`), so the search uses it in solo games only. With
``mix=w`` the search's reward for the searching seat takes the margin (and its win chance) as
``(1 - w) x the playout's + w x the model's at the leaf``. docs/search.md, "What each lever gained
(twenty-sixth session)".
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from .._core import GameState
from .._search import (EVAL_FEATURE_NAMES, EVAL_FEATURE_VERSION, eval_features_of, margin_model_loaded,
                       margin_set_model, margin_value_of)
from ..options import TableOptions
from .evalmodel import read_npz

FEATURE_VERSION = EVAL_FEATURE_VERSION
NAMES = (tuple(f"seat.{n}" for n in EVAL_FEATURE_NAMES) + tuple(f"other.{n}" for n in EVAL_FEATURE_NAMES)
         + ("constant",))
DEFAULT_MODEL = Path(__file__).resolve().parent.parent / "models" / "margin_v1.npz"
DEFAULT_RIDGE = 0.1


class ModelError(ValueError):
    """A margin model file that cannot be used with this build (missing, other features, bad shape)."""


def features(state: GameState, seat: int, dtype: type = np.float32) -> np.ndarray:
    """The model's inputs without the constant: the features of `seat`, then of the seat now best of
    the others (the lowest seat on a tie), as float32 (the precision the fit reads them in) unless
    `dtype` says otherwise."""
    vp = state.returns()
    other = max((q for q in range(len(vp)) if q != seat), key=lambda q: (vp[q], -q))
    raw = state.to_bytes()
    return np.array(eval_features_of(raw, seat) + eval_features_of(raw, other), dtype=dtype)


def fit(X: np.ndarray, y: np.ndarray, ridge: float = DEFAULT_RIDGE) -> np.ndarray:
    """Ridge least squares of the margin still to come `y` on the features `X` [n, 2 x features]: the
    weights with the constant last (the constant is not penalised). Deterministic."""
    X = np.asarray(X, dtype=np.float64)
    if X.ndim != 2 or X.shape[1] != len(NAMES) - 1 or len(X) != len(y) or len(X) == 0:
        raise ValueError(f"fit needs positions of {len(NAMES) - 1} features and one target each")
    A = np.hstack([X, np.ones((len(X), 1))])
    reg = ridge * np.eye(len(NAMES))
    reg[-1, -1] = 0.0
    return np.linalg.solve(A.T @ A + reg, A.T @ np.asarray(y, dtype=np.float64))


def check_position() -> GameState:
    """The fixed position a model file carries its value for (solo against Botankhamun Hard with 8 VP
    Decrees, seed 11, the first legal action 24 times)."""
    g = GameState.new(1, 11, TableOptions(difficulty="hard", decree8=True))
    g.resolve_chance()
    for _ in range(24):
        g.apply(g.legal_actions()[0])
        g.resolve_chance()
    return g


def check_value(weights: np.ndarray) -> float:
    """The estimated final margin of seat 0 in :func:`check_position` by `weights`, in numpy with the
    features in double precision, as the compiled search reads them."""
    g = check_position()
    vp = g.returns()
    return float(vp[0] - vp[1] + features(g, 0, np.float64) @ weights[:-1] + weights[-1])


def save(weights: np.ndarray, path: str | Path = DEFAULT_MODEL, info: str = "") -> None:
    """Write a model file: the weights, the feature version and names, the check position's value."""
    w = np.asarray(weights, dtype=np.float64)
    if w.shape != (len(NAMES),):
        raise ValueError(f"a margin model has {len(NAMES)} weights, not {w.shape}")
    np.savez(path, weights=w, version=np.int64(FEATURE_VERSION), names=np.array(NAMES),
             check_value=np.float64(check_value(w)), info=np.array(info))


def load(path: str | Path = DEFAULT_MODEL) -> dict:
    """Read a model file: {'weights', 'version', 'names', 'check_value', 'info'}; ModelError naming
    the problem when this build cannot use it."""
    m = read_npz(path, "margin model", ("weights", "version", "names", "check_value"), ModelError)
    version = int(m["version"])
    names = tuple(str(n) for n in m["names"])
    if version != FEATURE_VERSION or names != NAMES:
        raise ModelError(f"margin model {path} has feature version {version}, this build computes "
                         f"version {FEATURE_VERSION} (refit with bench/fit_margin.py)")
    w = np.asarray(m["weights"], dtype=np.float64)
    if w.shape != (len(NAMES),) or not np.isfinite(w).all():
        raise ModelError(f"margin model {path}: weights of shape {w.shape}")
    return {"weights": w, "version": version, "names": names, "check_value": float(m["check_value"]),
            "info": str(m["info"]) if "info" in m else ""}


def install(path: str | Path = DEFAULT_MODEL) -> dict:
    """Load a model file and make it the margin model of every search of the process."""
    m = load(path)
    margin_set_model(m["weights"].tolist())
    return m


def install_default() -> None:
    """Install the shipped model unless a margin model is already installed."""
    if not margin_model_loaded():
        install(DEFAULT_MODEL)


def compiled_value(state: GameState, seat: int) -> float:
    """The installed model's estimated final margin of `seat`, as the search computes it."""
    return margin_value_of(state.to_bytes(), seat)
