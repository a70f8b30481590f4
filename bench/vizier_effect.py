"""The Vizier's effect on 2-player play, from two match record files of the same match (same
sides, same --seed, same number of games), one played with ``--vizier`` and one without.

Games with the same number are the same seed and seating, so the figures are paired:

* Vizier VP per game (the dice the second player took from the Vizier's area), with a 95% interval;
* the VP margin of the seat that was first in turn order at setup (the Vizier's first owner), with
  and without the Vizier, and the paired difference with its 95% interval;
* that seat's win rate with and without, with Wilson intervals.

Usage: ``python bench/vizier_effect.py WITH.jsonl WITHOUT.jsonl`` (docs/strength.md has a run);
``python bench/vizier_effect.py WITH.jsonl`` prints only the Vizier VP of each side (A, B).
"""
from __future__ import annotations

import math
import statistics
import sys

from tekhenu_engine import GameState
from tekhenu_engine.match import load_records, new_state, replay, wilson
from tekhenu_engine.notation import parse_action


def _first_at_setup(rec: dict) -> int:
    """The first seat in turn order when the first turn starts (replayed up to it)."""
    g: GameState = new_state(rec["table"], rec["seed"])
    for tok in rec["moves"]:
        if g.field("round") == 0 and g.step() is not None and g.step().name == "D_TAKE":
            break
        g.apply(parse_action(tok))
    return g.field("turn_order")[0]


def _mean_ci(xs: list[float]) -> tuple[float, float]:
    m = statistics.fmean(xs)
    h = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    return m, h


def by_side(with_path: str) -> None:
    """Vizier VP per game scored by side A and by side B (the seats each side played)."""
    recs = [r for r in load_records(with_path) if not r.get("error")]
    got = {"a": [], "b": []}
    for r in recs:
        vp = replay(r).field("vizier_vp")
        for side in "ab":
            got[side].append(sum(vp[q] for q, s in enumerate(r["sides"]) if s == side))
    print(f"{len(recs)} games ({with_path}): A {recs[0]['a']}, B {recs[0]['b']}")
    for side in "ab":
        m, h = _mean_ci(got[side])
        print(f"Vizier VP per game scored by side {side.upper()}: {m:.2f} +/- {h:.2f}")


def main(with_path: str, without_path: str) -> None:
    on = {r["game"]: r for r in load_records(with_path) if not r.get("error")}
    off = {r["game"]: r for r in load_records(without_path) if not r.get("error")}
    games = sorted(set(on) & set(off))
    vz, m_on, m_off, diff, w_on, w_off = [], [], [], [], 0, 0
    for k in games:
        a, b = on[k], off[k]
        g = replay(a)
        vz.append(sum(g.field("vizier_vp")))
        fa, fb = _first_at_setup(a), _first_at_setup(b)
        ma = a["vp"][fa] - a["vp"][1 - fa]
        mb = b["vp"][fb] - b["vp"][1 - fb]
        m_on.append(ma)
        m_off.append(mb)
        diff.append(ma - mb)
        w_on += a["winner"] == fa
        w_off += b["winner"] == fb
    n = len(games)
    print(f"{n} paired games ({with_path} vs {without_path})")
    m, h = _mean_ci(vz)
    print(f"Vizier VP per game: {m:.2f} +/- {h:.2f}")
    for name, xs, w in (("with the Vizier", m_on, w_on), ("without", m_off, w_off)):
        m, h = _mean_ci(xs)
        lo, hi = wilson(w, n)
        print(f"first seat at setup, {name}: margin {m:+.2f} +/- {h:.2f}; wins {w}/{n} = {w / n:.1%} "
              f"[{lo:.1%}, {hi:.1%}]")
    m, h = _mean_ci(diff)
    print(f"paired margin difference (with - without): {m:+.2f} +/- {h:.2f}")


if __name__ == "__main__":
    if len(sys.argv) == 2:
        by_side(sys.argv[1])
    elif len(sys.argv) == 3:
        by_side(sys.argv[1])
        main(sys.argv[1], sys.argv[2])
    else:
        sys.exit(__doc__)
