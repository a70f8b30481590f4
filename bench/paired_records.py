"""Compare match records of `tekhenu match --out` game by game (issue 13: paired measurements).

    python bench/paired_records.py VARIANT.jsonl [BASELINE.jsonl]

For each file: games, wins of side A with a 95 % Wilson interval, mean margin of A with a 95 % normal
interval, mean VP of A and of the others. The margin is A's VP minus the best other seat's in solo
and 2-player games; at 3-4 players, where each side holds several seats (A B A, then B A B), it is
the mean VP of A's seats minus the mean VP of B's seats (the margin of `tekhenu match`'s summary),
and "VP" is the two means. With a baseline the games are paired by (seed, seats of A): the wins of
each side on the common games, and the mean difference of the margins with its 95 % interval (the
paired test that a solo match against Botankhamun, where nothing else pairs the games, needs).
"""
from __future__ import annotations

import argparse
import json
import sys

from tekhenu_engine.match import mean_ci95 as mean_ci
from tekhenu_engine.match import wilson


def load(path: str) -> dict[tuple[int, tuple[int, ...]], dict]:
    """{(seed, seats of A): {"win": 0/1, "margin", "vp_a", "vp_o"}} of the games that ended without
    an error (the margin as in the module's docstring). ValueError naming the file and line when it
    is not a file of match records."""
    out = {}
    with open(path) as f:
        for no, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                r = json.loads(line)
                if r.get("error"):
                    continue
                sides, vp = r["sides"], r["vp"]
                seats_a = tuple(i for i, s in enumerate(sides) if s == "a")
                seats_b = [i for i, s in enumerate(sides) if s != "a"]
                if len(vp) != len(sides) or not seats_a:
                    raise ValueError("no seat of A, or not one VP a seat")
                if len(sides) <= 2:        # solo (A and Botankhamun) and 2 players
                    vp_a = vp[seats_a[0]]
                    vp_o = max(v for i, v in enumerate(vp) if i != seats_a[0])
                else:                      # 3-4 players: side against side
                    vp_a = sum(vp[i] for i in seats_a) / len(seats_a)
                    vp_o = sum(vp[i] for i in seats_b) / len(seats_b)
                out[(r["seed"], seats_a)] = {"win": int(r["winner_side"] == "a"), "margin": vp_a - vp_o,
                                             "vp_a": vp_a, "vp_o": vp_o}
            except (ValueError, KeyError, TypeError, AttributeError) as e:
                raise ValueError(f"{path}, line {no}: not a record of 'tekhenu match --out' ({e})") from None
    if not out:
        raise ValueError(f"{path}: no game without an error")
    return out


def summary(games: dict) -> str:
    g = list(games.values())
    n = len(g)
    k = sum(x["win"] for x in g)
    lo, hi = wilson(k, n)
    m, mlo, mhi = mean_ci([x["margin"] for x in g])
    va = sum(x["vp_a"] for x in g) / n
    vo = sum(x["vp_o"] for x in g) / n
    return (f"{n} games: A wins {k} = {100 * k / n:.1f} % [{100 * lo:.1f}, {100 * hi:.1f}], "
            f"margin {m:+.1f} [{mlo:+.1f}, {mhi:+.1f}], VP {va:.1f} - {vo:.1f}")


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="paired_records.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("variant", help="records of the variant (tekhenu match --out)")
    ap.add_argument("baseline", nargs="?", help="records of the baseline on the same seeds")
    args = ap.parse_args(argv)
    try:
        var = load(args.variant)
        base = load(args.baseline) if args.baseline else None
    except (OSError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(f"{args.variant}: {summary(var)}")
    if base is not None:
        print(f"{args.baseline}: {summary(base)}")
        common = sorted(set(var) & set(base))
        if common:
            print(f"common games ({len(common)}): variant {summary({k: var[k] for k in common})}")
            print(f"common games ({len(common)}): baseline {summary({k: base[k] for k in common})}")
            d, dlo, dhi = mean_ci([var[k]["margin"] - base[k]["margin"] for k in common])
            both = sum(var[k]["win"] and base[k]["win"] for k in common)
            only_v = sum(var[k]["win"] and not base[k]["win"] for k in common)
            only_b = sum(base[k]["win"] and not var[k]["win"] for k in common)
            print(f"paired: margin difference {d:+.1f} [{dlo:+.1f}, {dhi:+.1f}]; won by both {both}, "
                  f"only the variant {only_v}, only the baseline {only_b}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
