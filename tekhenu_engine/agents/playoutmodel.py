"""The tuned playout policy of the search: its weights, the shipped file, and how they are fitted.

The policy itself is compiled (``_policy.pxi`` in ``_search.pyx``): a softmax over a few cheap
features of each legal action (the die's God, whether its God action can be performed, purity,
value; the action; the target of a God action by one ply of a linear value). Its weights, one row
per table kind (:data:`ROWS`), are fitted by :func:`tune` with the cross-entropy method on the
policy's own compiled games: solo, the mean margin against Botankhamun Hard with 8 VP Decrees;
2-4 players, the mean margin against the heuristic playout policy. ``tekhenu train-playout`` calls
it and writes :data:`DEFAULT_MODEL`, which ships in the package. docs/search.md, "The tuned playout
policy".
"""
from __future__ import annotations

import math
import time
from pathlib import Path
from typing import Callable

import numpy as np

from .._search import (PT_PARAM_NAMES, PT_ROW_NAMES, playout_loaded, playout_set_weights,
                       playout_weights, policy_match)
from ..options import TableOptions
from .evalmodel import read_npz

DEFAULT_MODEL = Path(__file__).resolve().parent.parent / "models" / "playout_v1.npz"
ROWS = PT_ROW_NAMES
NAMES = PT_PARAM_NAMES
# The games each row is fitted on: (players, table options)
TABLES = {"solo": (1, TableOptions(difficulty="hard", decree8=True)),
          "players2": (2, TableOptions()), "players3": (3, TableOptions()), "players4": (4, TableOptions())}


class PlayoutModelError(ValueError):
    """A playout weight file that cannot be used with this build (missing, other names, bad shape)."""


def initial_row() -> np.ndarray:
    """The heuristic playout policy written in this policy's terms: the start of every fit."""
    w = np.zeros(len(NAMES))
    ix = {n: i for i, n in enumerate(NAMES)}
    w[ix["take_god6"]] = math.log(4.0)       # a Seth-board die: twice a Pure wheel die
    w[ix["pure"]] = math.log(2.0)
    w[ix["anubis"]] = -math.log(6.0)
    w[ix["keep"]] = math.log(6.0)
    for g in range(7):
        w[ix[f"act{g}"]] = math.log(4.0)
    w[ix["section"]] = math.log(4.0)
    w[ix["gold"]] = 0.5
    w[ix["resources"]] = 0.25
    w[ix["scribes"]] = 0.25
    w[ix["happiness_vp_to_come"]] = 1.0
    w[ix["temple_vp_to_come"]] = 1.0
    w[ix["districts_vp_to_come"]] = 1.0
    w[ix["seth_vp_to_come"]] = 1.0
    w[ix["decrees_vp"]] = 1.0
    return w


def load(path: str | Path = DEFAULT_MODEL) -> dict:
    """Read a weight file: {'weights' [rows, parameters], 'names', 'rows', 'info'}."""
    m = read_npz(path, "playout weights", ("weights", "names", "rows"), PlayoutModelError)
    names = tuple(str(n) for n in m["names"])
    rows = tuple(str(n) for n in m["rows"])
    if names != tuple(NAMES) or rows != tuple(ROWS):
        raise PlayoutModelError(f"playout weights {path} have other parameters than this build "
                                f"(refit with 'tekhenu train-playout')")
    w = np.asarray(m["weights"], dtype=np.float64)
    if w.shape != (len(ROWS), len(NAMES)):
        raise PlayoutModelError(f"playout weights {path}: shape {w.shape}")
    return {"weights": w, "names": names, "rows": rows, "info": str(m["info"]) if "info" in m else ""}


def save(weights: np.ndarray, path: str | Path = DEFAULT_MODEL, info: str = "") -> None:
    """Write a weight file (names and rows of this build)."""
    np.savez(path, weights=np.asarray(weights, dtype=np.float64), names=np.array(NAMES),
             rows=np.array(ROWS), info=np.array(info))


# Which file's weights are installed: a resolved path, or None when they were set as an array
# (playout_set_weights: a fit, a test) or not at all. Agents with their own file (use()) and agents
# with the shipped one share the one compiled table of a process; use() swaps it only when needed.
_installed: str | None = None
_cache: dict[str, np.ndarray] = {}


def _key(path: str | Path) -> str:
    return str(Path(path).expanduser().resolve())


_DEFAULT_KEY = _key(DEFAULT_MODEL)


def install(path: str | Path = DEFAULT_MODEL) -> dict:
    """Load a weight file and install it in the compiled policy."""
    global _installed
    m = load(path)
    playout_set_weights(m["weights"])
    _installed = _key(path)
    _cache[_installed] = m["weights"]
    return m


def install_default() -> None:
    """Install the shipped weights unless some are installed already."""
    if not playout_loaded():
        install(DEFAULT_MODEL)


def check_file(path: str | Path) -> None:
    """PlayoutModelError unless `path` is a weight file this build can use (read once, cached)."""
    key = _key(path)
    if key not in _cache:
        _cache[key] = load(path)["weights"]


def use(path: str | Path | None) -> None:
    """Before a search: make the weights of `path` the installed ones (None: the shipped file, but
    only when another agent's file is installed; weights set as an array are left alone)."""
    global _installed
    if path is None:
        if _installed is None or _installed == _DEFAULT_KEY:
            install_default()
            return
        path = DEFAULT_MODEL
    key = _key(path)
    if key == _installed:
        return
    check_file(path)
    playout_set_weights(_cache[key])
    _installed = key


def set_weights(weights: np.ndarray) -> None:
    """Install weights given as an array (a fit, a measurement): no file is installed any more, so
    an agent without its own file keeps them (:func:`use`)."""
    global _installed
    playout_set_weights(weights)
    _installed = None


def fitness(row: str, weights: np.ndarray, games: int, seed: int,
            opponent: np.ndarray | None = None) -> float:
    """Mean margin of the tuned policy with `weights` (the full [rows, parameters] array) in `games`
    compiled games of table `row`: solo against Botankhamun; 2-4 players in seat 0 against the
    heuristic policy in the other seats (the seats rotate with the game's first player), or, with
    `opponent` (one row of parameters), against the tuned policy with that row."""
    players, opts = TABLES[row]
    set_weights(weights)
    if opponent is not None and players > 1:
        _wins, vps = policy_match(players, games, seed=seed, heuristic_seats=1, policy="tuned",
                                  other="tuned", options=opts, other_row=opponent)
    else:
        _wins, vps = policy_match(players, games, seed=seed, heuristic_seats=1, policy="tuned",
                                  other="heuristic", options=opts)
    return float(vps[0] - max(vps[1:]))


def initial_sigma() -> np.ndarray:
    """The spread a fit starts with: 0.6 for the action weights, 0.25 for the features' VP weights,
    0.5 for the log temperature."""
    s = np.full(len(NAMES), 0.6)
    start = NAMES.index("gold")
    s[start:] = 0.25          # the value weights of the features (VP per unit)
    s[NAMES.index("log_tau")] = 0.5
    return s


def tune(row: str, start: np.ndarray | None = None, generations: int = 30, population: int = 40,
         elite: int = 10, games: int = 1000, seed: int = 1,
         log: Callable[[str], None] | None = None,
         opponent: np.ndarray | None = None) -> tuple[np.ndarray, list[dict]]:
    """Fit one row of the weights by the cross-entropy method (a diagonal Gaussian over the
    parameters; each generation draws `population` candidates, plays each on the same `games`
    seeded games, and refits the Gaussian to the `elite` best). Deterministic for a seed.

    `opponent`: at 2-4 players, fit against the tuned policy with this row instead of the heuristic
    policy (see :func:`fitness`).

    Returns the fitted row (the Gaussian's final mean) and one dict per generation (the mean's and
    the best candidate's fitness, the spread)."""
    if row not in TABLES:
        raise ValueError(f"row must be one of {', '.join(TABLES)}, not {row!r}")
    if not 2 <= elite < population:
        raise ValueError("elite must be at least 2 and below the population")
    k = ROWS.index(row)
    base = playout_weights() if playout_loaded() else np.tile(initial_row(), (len(ROWS), 1))

    def score(c: np.ndarray, gseed: int) -> float:
        w = base.copy()
        w[k] = c
        return fitness(row, w, games, gseed, opponent)

    history: list[dict] = []

    def report(gen: int, fit: np.ndarray, order: np.ndarray, sigma: np.ndarray, seconds: float) -> None:
        h = {"generation": gen, "mean_fitness": float(fit[0]), "best": float(fit[order[0]]),
             "elite_mean": float(fit[order[:elite]].mean()), "sigma": float(sigma.mean()),
             "seconds": seconds}
        history.append(h)
        if log:
            log(f"{row} generation {gen}: mean's margin {h['mean_fitness']:+.2f}, best {h['best']:+.2f}, "
                f"elite {h['elite_mean']:+.2f}, spread {h['sigma']:.3f} ({h['seconds']:.1f} s)")

    mu = cross_entropy(np.array(initial_row() if start is None else start, dtype=np.float64), initial_sigma(),
                       score, generations, population, elite, seed, report)
    base[k] = mu
    set_weights(base)
    return mu, history


def cross_entropy(mu: np.ndarray, sigma: np.ndarray, score: Callable[[np.ndarray, int], float],
                  generations: int, population: int, elite: int, seed: int,
                  report: Callable[[int, np.ndarray, np.ndarray, np.ndarray, float], None] | None = None
                  ) -> np.ndarray:
    """The cross-entropy method over a diagonal Gaussian (mean `mu`, spread `sigma`): each generation
    draws `population` candidates (the first is the mean itself), scores each with
    ``score(candidate, generation seed)`` (higher is better; every candidate of a generation gets the
    same seed, so they are judged on the same games) and refits the Gaussian to the `elite` best, the
    spread kept at 0.7 x theirs + 0.3 x the last, at least 0.02. ``report(generation, scores, order
    best first, new spread, seconds)`` after each generation. Deterministic for a seed; returns the
    final mean."""
    rng = np.random.default_rng(seed)
    for gen in range(generations):
        t0 = time.time()
        gseed = seed * 1000003 + gen * 7919
        cands = mu + sigma * rng.standard_normal((population, len(mu)))
        cands[0] = mu
        fit = np.array([score(c, gseed) for c in cands], dtype=np.float64)
        order = np.argsort(-fit)
        el = cands[order[:elite]]
        mu = el.mean(axis=0)
        sigma = np.maximum(0.7 * el.std(axis=0) + 0.3 * sigma, 0.02)
        if report:
            report(gen, fit, order, sigma, time.time() - t0)
    return mu


# The fit of every row, in order: (row, the row it starts from (None: the heuristic policy),
# generations, games per candidate). The solo row is fitted twice: the second fit starts from the
# first one's mean with the first one's wide spread again (a restart: the spread of one fit shrinks
# within 25 generations, and the restart found 3-4 VP more margin than 45 generations of one fit).
# The 2-player row starts from the solo row, 3 and 4 players from the 2-player row.
PLAN = (("solo", None, 25, 1500), ("solo", "solo", 25, 1500), ("players2", "solo", 25, 1000),
        ("players3", "players2", 15, 600), ("players4", "players2", 15, 400))


def train(out: str | Path = DEFAULT_MODEL, seed: int = 1, scale: float = 1.0,
          log: Callable[[str], None] | None = None) -> dict:
    """Fit every row by :func:`tune` (:data:`PLAN`; `scale` multiplies its games per candidate),
    write the weight file `out` and return a report: per row the held-out mean margin of the fitted
    row and of :func:`initial_row` (the start of a fit: the heuristic policy's weights in this
    policy's terms, with one-ply targets), on 4,000 other seeded games (solo against Botankhamun
    Hard with 8 VP Decrees, 2-4 players against the heuristic policy). The same seed writes the
    same file."""
    t0 = time.time()
    W = np.tile(initial_row(), (len(ROWS), 1))
    set_weights(W)
    rep: dict = {"rows": {}, "seed": seed}
    for i, (row, start, generations, games) in enumerate(PLAN):
        k = ROWS.index(row)
        st = W[ROWS.index(start)].copy() if start else None
        mu, hist = tune(row, start=st, generations=generations, games=max(50, int(games * scale)),
                        seed=seed * 100 + i, log=log)
        W[k] = mu
        held = fitness(row, W, 4000, 10_000 + seed)      # (fitness installs the weights it measures)
        with_initial = W.copy()
        with_initial[k] = initial_row()
        base = fitness(row, with_initial, 4000, 10_000 + seed)
        set_weights(W)
        done = rep["rows"].get(row, {}).get("generations", 0)     # a restart adds its generations
        rep["rows"][row] = {"held_out_margin": round(held, 2), "initial_margin": round(base, 2),
                            "generations": done + generations, "games": games}
        if log:
            log(f"{row}: held-out mean margin {held:+.2f} VP (the initial row's: {base:+.2f})")
    info = (f"tekhenu train-playout --seed {seed}" + (f" --scale {scale}" if scale != 1.0 else "")
            + "; " + "; ".join(f"{r}: {v['held_out_margin']:+.2f} (initial row {v['initial_margin']:+.2f})"
                               for r, v in rep["rows"].items()))
    save(W, out, info)
    rep["out"] = str(out)
    rep["seconds"] = round(time.time() - t0, 1)
    return rep
