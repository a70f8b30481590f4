"""How well the learned evaluation predicts the games of `tekhenu match --out` (issue 13).

    python bench/eval_on_records.py RECORDS.jsonl [MORE.jsonl ...] [--fit-on TRAIN.jsonl ...]

The shipped model (tekhenu_engine/models/eval_v1.npz) is fitted on games of the heuristic playout
policy. This replays recorded games (of the search, of Botankhamun, of anything `tekhenu match`
plays) and, at every decision of a seat, compares each seat's VP still to come with the model's
estimate of it: the mean error (bias) and R^2, per seat, and of seat 0's margin still to come (seat
0's VP to come minus the best other seat's). Solo records read seat 0 as the engine and seat 1 as
Botankhamun, each with its model row.

With --fit-on, a linear model of the same features (ridge least squares, the constant not
penalised, one row per seat of a solo table or one row for the seats of a 2-4 player table) is
fitted on the decisions of those records and scored on RECORDS: what the same features give when
the targets come from the search's own games instead of the playout policy's (docs/search.md,
"What each lever gained (ninth session)"). Keep the two sets of games apart (other --seed values)
so that the score is held out.
"""
from __future__ import annotations

import argparse
import sys

import numpy as np

from tekhenu_engine._search import eval_estimate, eval_features_of
from tekhenu_engine.agents import evalmodel
from tekhenu_engine.match import finished_games, new_state
from tekhenu_engine.notation import parse_action


def positions(paths: list[str]) -> dict:
    """The decisions of the games in `paths`: {"X": features [n, seats, F], "vp": VP then [n, seats],
    "final": final VP [n, seats], "est": the shipped model's estimated final VP [n, seats],
    "players": the table's player count}. ValueError naming the file and line for a line that is not
    a finished game record, or for records of different player counts."""
    X, vp, final, est = [], [], [], []
    players = None
    for path in paths:
        for no, r in finished_games(path):
            try:
                n = int(r["table"]["players"])
            except (ValueError, KeyError, TypeError, AttributeError) as e:
                raise ValueError(f"{path}, line {no}: not a finished game of 'tekhenu match --out' ({e})") from None
            if players is None:
                players = n
            elif n != players:
                raise ValueError(f"{path}, line {no}: a {n}-player game among {players}-player games")
            try:
                st = new_state(r["table"], r["seed"])
                seats = 2 if n == 1 else n
                rows = []
                for tok in r["moves"]:
                    if not st.is_chance() and not st.is_terminal():
                        raw = st.to_bytes()
                        rows.append(([eval_features_of(raw, p) for p in range(seats)],
                                     st.returns()[:seats], eval_estimate(raw)[:seats]))
                    st.apply(parse_action(tok))
                if not st.is_terminal():
                    raise ValueError("the game did not finish")
                fin = st.returns()[:seats]
            except (ValueError, KeyError, TypeError, AttributeError) as e:
                raise ValueError(f"{path}, line {no}: not a finished game of 'tekhenu match --out' ({e})") from None
            for feats, v, e in rows:
                X.append(feats)
                vp.append(v)
                est.append(e)
                final.append(fin)
    if not X:
        raise ValueError(f"{', '.join(paths)}: no decision in a finished game")
    return {"X": np.array(X, dtype=np.float64), "vp": np.array(vp, dtype=np.float64),
            "final": np.array(final, dtype=np.float64), "est": np.array(est, dtype=np.float64),
            "players": players}


def bias_r2(pred: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    """(mean of pred - y, 1 - mean squared error / variance of y)."""
    var = float(np.var(y))
    return float(np.mean(pred - y)), (1.0 - float(np.mean((pred - y) ** 2)) / var) if var > 0 else 0.0


def margin_to_come(per_seat: np.ndarray, base: np.ndarray) -> np.ndarray:
    """Seat 0's margin (its VP minus the best other seat's) at the end of `per_seat`, minus at `base`."""
    return (per_seat[:, 0] - per_seat[:, 1:].max(axis=1)) - (base[:, 0] - base[:, 1:].max(axis=1))


def fit(train: dict, ridge: float) -> list[np.ndarray]:
    """Ridge weights of the VP to come: one row per seat in solo, one shared row at 2-4 players."""
    X, y = train["X"], train["final"] - train["vp"]
    nf = X.shape[2]
    reg = ridge * np.eye(nf)
    reg[0, 0] = 0.0
    if train["players"] == 1:
        return [np.linalg.solve(X[:, p].T @ X[:, p] + reg, X[:, p].T @ y[:, p]) for p in range(2)]
    A, b = X.reshape(-1, nf), y.reshape(-1)
    w = np.linalg.solve(A.T @ A + reg, A.T @ b)
    return [w] * X.shape[1]


def report(name: str, pred_final: np.ndarray, d: dict) -> list[str]:
    """Lines of bias and R^2 of the VP to come per seat and of seat 0's margin to come."""
    togo, pred = d["final"] - d["vp"], pred_final - d["vp"]
    out = []
    for p in range(togo.shape[1]):
        label = ("engine (seat 0)", "Botankhamun (seat 1)")[p] if d["players"] == 1 else f"seat {p}"
        b, r2 = bias_r2(pred[:, p], togo[:, p])
        out.append(f"{name}: {label} VP to come: bias {b:+.1f}, R^2 {r2:.3f}")
    b, r2 = bias_r2(margin_to_come(pred_final, d["vp"]), margin_to_come(d["final"], d["vp"]))
    out.append(f"{name}: seat 0's margin to come: bias {b:+.1f}, R^2 {r2:.3f}")
    return out


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="eval_on_records.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("records", nargs="+", help="game records (JSON lines of 'tekhenu match --out')")
    ap.add_argument("--fit-on", nargs="+", metavar="TRAIN", default=None,
                    help="records to fit a model of the same features on (other games than RECORDS)")
    ap.add_argument("--ridge", type=float, default=10.0, help="ridge penalty of the fit (default 10)")
    a = ap.parse_args(argv)
    if not a.ridge >= 0:
        ap.error("--ridge must be at least 0")
    evalmodel.install_default()
    try:
        d = positions(a.records)
        train = positions(a.fit_on) if a.fit_on else None
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if train is not None and train["players"] != d["players"]:
        print(f"error: --fit-on has {train['players']}-player games, RECORDS {d['players']}-player ones",
              file=sys.stderr)
        return 2
    print(f"{len(d['X'])} decisions")
    print("\n".join(report("shipped model", d["est"], d)))
    if train is not None:
        w = fit(train, a.ridge)
        pred = d["vp"] + np.stack([d["X"][:, p] @ w[p] for p in range(d["X"].shape[1])], axis=1)
        print(f"fitted on {len(train['X'])} decisions of --fit-on")
        print("\n".join(report("refit", pred, d)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
