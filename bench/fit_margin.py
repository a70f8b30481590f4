"""Fit the margin model of the search's `mix=` option on recorded solo games (issue 13).

    python bench/fit_margin.py RECORDS.jsonl|DIR [...] --out tekhenu_engine/models/margin_v1.npz
        [--every 4] [--exclude-seed 2073 ...] [--exclude-file FILE ...] [--ridge 0.1]

Replays the finished solo games against Botankhamun Hard with 8 VP Decrees in the records (a directory
is searched for *.jsonl; a game found in two files counts once) and, at one decision of the engine's
seat in --every, takes the learned evaluation's features of that seat and of Botankhamun's
(tekhenu_engine.agents.marginmodel.features) and the margin still to come in the real game; fits ridge
least squares (marginmodel.fit) and writes the model file with the check position's value. Games of
the match seeds given by --exclude-seed (the --seed of `tekhenu match`) are left out, so that a match
on those seeds measures the model on games it was not fitted on; --exclude-file leaves out the games
of the record files named. The games are fitted in the order of their seeds (then their moves), not of
the files that hold them, so the same games and arguments write the same file wherever they are kept.

The shipped model: `python bench/fit_margin.py bench/records --exclude-seed 2073 2601 2602
--exclude-file "bench/records/strength/42-flatmc_playouts=250__vs__botankhamun_hard_decree8.jsonl"
"bench/records/strength/43-ismcts_iterations=250__vs__botankhamun_hard_decree8.jsonl"
"bench/records/strength/44-ismcts_iterations=1000__vs__botankhamun_hard_decree8.jsonl"
"bench/records/strength/45-ismcts_iterations=4000__vs__botankhamun_hard_decree8.jsonl"
--out tekhenu_engine/models/margin_v1.npz` (the goal group's solo seeds, 2073, and the seeds of the
mix matches, docs/search.md "What each lever gained (twenty-sixth session)"; the files left out hold
games replayed after the model was fitted: the flat Monte Carlo games of the thirtieth session, whose
games it was fitted on are in bench/records/strength_flat_old/, and the ladder's search games replayed
with the bank in the forty-second session, whose earlier games are in bench/records/strength_bank0/).
"""
from __future__ import annotations

import argparse
import os
import sys
from typing import Callable, Iterator, TypeVar

import numpy as np

from tekhenu_engine._core import GameState
from tekhenu_engine.agents import marginmodel
from tekhenu_engine.match import finished_games, match_seed_of, new_state
from tekhenu_engine.notation import parse_action

T = TypeVar("T")

def record_files(paths: list[str]) -> list[str]:
    """The files named, and the *.jsonl under every directory named, sorted; ValueError for a path
    that is neither."""
    out = []
    for p in paths:
        if os.path.isdir(p):
            for root, _dirs, files in os.walk(p):
                out += [os.path.join(root, f) for f in files if f.endswith(".jsonl")]
        elif os.path.isfile(p):
            out.append(p)
        else:
            raise ValueError(f"{p}: no such file or directory")
    return sorted(set(out))


def games(paths: list[str], table: int, exclude_seeds: tuple[int, ...] = (),
          exclude_files: tuple[str, ...] = (), by_seed: bool = False) -> list[dict]:
    """The finished games of `table` players (1: solo against Botankhamun Hard with 8 VP Decrees)
    without Time of Seth or the Vizier, each once, except those of the match seeds `exclude_seeds` and
    of the files `exclude_files` (ValueError for one that is not a file); in the order of the sorted
    files, or with `by_seed` sorted by seed, then moves (the fit's order: where the games are kept
    does not change the model; the other scripts keep the files' order their documented runs used)."""
    skip = set()
    for f in exclude_files:
        if not os.path.isfile(f):
            raise ValueError(f"--exclude-file {f}: no such file")
        skip.add(os.path.realpath(f))
    out, seen = [], set()
    for path in record_files(paths):
        if os.path.realpath(path) in skip:
            continue
        for _, r in finished_games(path):
            t = r.get("table")
            if not isinstance(t, dict) or "moves" not in r:     # a record without its moves
                continue
            if int(t["players"]) != table or t.get("seth") or t.get("vizier"):
                continue
            if table == 1 and not (t.get("difficulty") == "hard" and t.get("decree8")):
                continue
            if match_seed_of(int(r["seed"])) in exclude_seeds:
                continue
            key = (r["seed"], tuple(r["moves"]))
            if key not in seen:
                seen.add(key)
                out.append(r)
    if by_seed:
        out.sort(key=lambda r: (int(r["seed"]), r["moves"]))
    return out


def sampled(rec: dict, every: int) -> Iterator[tuple[GameState, int, int]]:
    """(state, deciding seat, decision number) at one decision in `every` of a recorded game (the
    engine's seat only in solo; the phase is the game's seed mod `every`); then (final state, -1, -1).
    The state is the game's own object: read it before the next item."""
    players = int(rec["table"]["players"])
    st = new_state(rec["table"], rec["seed"])
    start = int(rec["seed"]) % every
    k = 0
    for tok in rec["moves"]:
        if not st.is_chance() and not st.is_terminal():
            p = st.current_player()
            if (players > 1 or p == 0) and k % every == start:
                yield st, p, k
            k += 1
        st.apply(parse_action(tok))
    if not st.is_terminal():
        raise ValueError(f"game seed {rec['seed']}: the record does not finish the game")
    yield st, -1, -1


def margin(vp: list[float], seat: int) -> float:
    """`seat`'s VP minus the best other seat's."""
    return vp[seat] - max(v for q, v in enumerate(vp) if q != seat)


def with_outcome(recs: list[dict], every: int, take: Callable[[GameState, int], T]) -> tuple[list[T], np.ndarray]:
    """take(state, seat) at the sampled decisions of `recs` (:func:`sampled`), and the margin still to
    come of that seat at each, in the real game: (the values, [n] float64)."""
    out: list[T] = []
    y: list[float] = []
    for rec in recs:
        rows = []
        for st, p, _k in sampled(rec, every):
            if p < 0:
                fin = st.returns()
                y += [margin(fin, q) - now for q, now in rows]
                break
            rows.append((p, margin(st.returns(), p)))
            out.append(take(st, p))
    return out, np.array(y, dtype=np.float64)


def positions(recs: list[dict], every: int) -> tuple[np.ndarray, np.ndarray]:
    """(features [n, 108] float32, margin still to come [n]) of the sampled decisions of `recs`."""
    X, y = with_outcome(recs, every, marginmodel.features)
    return np.array(X, dtype=np.float32).reshape(-1, len(marginmodel.NAMES) - 1), y


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="fit_margin.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("records", nargs="+", help="game records of 'tekhenu match --out', or directories of them")
    ap.add_argument("--out", required=True, help="the model file to write")
    ap.add_argument("--every", type=int, default=4, help="one decision of the engine in N (default 4)")
    ap.add_argument("--exclude-seed", type=int, nargs="*", default=[], metavar="SEED",
                    help="leave out the games of these match seeds")
    ap.add_argument("--exclude-file", nargs="*", default=[], metavar="FILE",
                    help="leave out the games of these record files")
    ap.add_argument("--ridge", type=float, default=marginmodel.DEFAULT_RIDGE,
                    help=f"ridge penalty (default {marginmodel.DEFAULT_RIDGE:g})")
    a = ap.parse_args(argv)
    if a.every < 1:
        ap.error("--every must be at least 1")
    if not a.ridge >= 0:
        ap.error("--ridge must be at least 0")
    try:
        recs = games(a.records, 1, tuple(a.exclude_seed), tuple(a.exclude_file), by_seed=True)
        if not recs:
            raise ValueError("no finished solo game against Botankhamun Hard with 8 VP Decrees in "
                             + ", ".join(a.records))
        X, y = positions(recs, a.every)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    w = marginmodel.fit(X, y, a.ridge)
    pred = X.astype(np.float64) @ w[:-1] + w[-1]
    r2 = 1.0 - float(np.mean((pred - y) ** 2)) / float(np.var(y))
    info = (f"bench/fit_margin.py: {len(recs)} solo games, {len(y)} positions (every {a.every}), "
            f"seeds {sorted(a.exclude_seed)} left out, ridge {a.ridge:g}; R^2 of the margin to come "
            f"on these positions {r2:.3f}")
    marginmodel.save(w, a.out, info)
    print(info)
    print(f"wrote {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
