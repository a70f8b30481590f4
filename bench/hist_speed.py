"""Iterations a 2-player search reaches in 1 s and 2 s, for several values of one search option.

    python bench/hist_speed.py [RECORDS.jsonl] [--hist 10,0 | --option KEY=V1,V2,...]

Replays the first, third, fifth and seventh game of a 2-player match record (default: the
thirty-fourth session's doubling record) to 15 %, 50 % and 80 % of their moves; at each position
where a seat decides, runs the agent of the SPEC `ismcts:movetime=MS:reuse=0:KEY=V` once for
MS = 1000 and 2000 and each value V, and prints the median iterations of each and the medians of
the per-position ratios (2 s / 1 s; each other value / the first value). `--option KEY=V1,V2,...`
takes any option of the `ismcts` SPEC (`tekhenu match --help`, docs/search.md "Python interface")
but the ones the script sets (the budget, tree reuse, root parallelism) and `bank`, `close` and
`front` (they act across a game's decisions, not in one search): `--option widen=2,0`
measures progressive widening. `--hist W1,W2,...` is `--option hist=W1,W2,...`, the weights of
progressive history, the default 10,0. Run it on an otherwise idle machine (docs/search.md, "What
each lever gained (thirty-fourth session)").
"""
from __future__ import annotations

import argparse
import statistics

from tekhenu_engine._search import check_hist
from tekhenu_engine.agents.ismcts import ISMCTSAgent
from tekhenu_engine.agents.registry import make_agent
from tekhenu_engine.match import finished_games, replay

DEFAULT = "bench/records/doubling/p2_d10_10000_vs_5000_seed3401.jsonl"
MOVETIMES = (1000, 2000)
# the SPEC keys the script sets itself: a value given for one would change what is measured
FIXED = ("iterations", "movetime", "movetime_ms", "reuse", "jobs")
# ... and the ones that act only across the decisions of a game, never within the one search measured
ACROSS_DECISIONS = ("bank", "close", "front")


def agent_for(key: str, value: str, ms: int) -> ISMCTSAgent:
    """The searching agent of one measurement: `ismcts:movetime=ms:reuse=0:key=value` (ValueError
    with the registry's message for a key or value the SPEC refuses)."""
    return make_agent(f"ismcts:movetime={ms}:reuse=0:{key}={value}")


def read_records(path: str) -> list[dict]:
    """The finished games of a `tekhenu match --out` file (`match.finished_games`: in today's
    notation, games that ended in an error left out); ValueError naming the file when it cannot be
    read, a line is not a game record, or it holds fewer than the 7 games the script replays."""
    try:
        records = [r for _, r in finished_games(path)]
    except ValueError as e:
        raise ValueError(f"cannot read the records: {e}") from None
    if not all(isinstance(r.get("moves"), list) for r in records):
        raise ValueError(f"{path}: not a file of game records (tekhenu match --out)")
    if len(records) < 7:
        raise ValueError(f"{path}: {len(records)} games; the script replays games 1, 3, 5 and 7")
    return records


def main(records: list[dict], option: tuple[str, list[str]]) -> None:
    """Measure and print (see the module's docstring) for the values of one option, (KEY, [V1, ...]),
    at positions of `records` (`read_records`)."""
    key, values = option
    runs: dict[tuple[str, int], list[int]] = {}
    for rec in records[:8:2]:
        for frac in (0.15, 0.5, 0.8):
            pos = replay(rec, int(len(rec["moves"]) * frac))
            seat = pos.current_player()
            if seat < 0:            # a chance step: no seat decides here
                continue
            for v in values:
                for ms in MOVETIMES:
                    runs.setdefault((v, ms), []).append(agent_for(key, v, ms).search(pos, seat).iterations)
    for v in values:
        for ms in MOVETIMES:
            its = runs[(v, ms)]
            print(f"{key}={v} movetime={ms}: {len(its)} positions, median {statistics.median(its):.0f} iterations")

    def ratio(a: tuple[str, int], b: tuple[str, int]) -> float:
        return statistics.median(y / x for x, y in zip(runs[a], runs[b]))
    for v in values:
        print(f"{key}={v}: 2 s / 1 s, median ratio {ratio((v, 1000), (v, 2000)):.3f}")
    for ms in MOVETIMES:
        for other in values[1:]:
            print(f"movetime={ms}: {key}={other} / {key}={values[0]}, "
                  f"median ratio {ratio((values[0], ms), (other, ms)):.3f}")


def _weights(text: str) -> tuple[str, list[str]]:
    """--hist: ('hist', the weights as text), at least one, distinct, each one the agent accepts
    (`check_hist`: finite, from 0 to HIST_MAX), so that a bad one stops the script before any search."""
    try:
        ws = [float(x) for x in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a comma-separated list of numbers") from None
    try:
        for w in ws:
            check_hist(w)
    except ValueError as e:
        raise argparse.ArgumentTypeError(f"{text!r}: give distinct finite weights of at least 0 ({e})") from None
    if len(set(ws)) != len(ws):
        raise argparse.ArgumentTypeError(f"{text!r}: give distinct finite weights of at least 0")
    return "hist", [f"{w:g}" for w in ws]


def _option(text: str) -> tuple[str, list[str]]:
    """--option KEY=V1,V2,...: (KEY, [V1, V2, ...]); refused before any search when the form is
    wrong, the key is one the script sets, a value repeats, or the `ismcts` SPEC refuses a value."""
    key, eq, rest = text.partition("=")
    key = key.strip()
    values = [v.strip() for v in rest.split(",")]
    if not eq or not key or not all(values):
        raise argparse.ArgumentTypeError(f"{text!r}: give KEY=V1,V2,... (for example widen=2,0)")
    if key in FIXED:
        raise argparse.ArgumentTypeError(f"{text!r}: the script sets {key} itself (it measures "
                                         f"movetime {' and '.join(map(str, MOVETIMES))} ms without tree reuse)")
    if key in ACROSS_DECISIONS:
        raise argparse.ArgumentTypeError(f"{text!r}: {key} acts across the decisions of a game, not in "
                                         "the single searches measured here (use a match)")
    if len(set(values)) != len(values):
        raise argparse.ArgumentTypeError(f"{text!r}: give distinct values")
    for v in values:
        try:
            agent_for(key, v, MOVETIMES[0])
        except ValueError as e:
            raise argparse.ArgumentTypeError(f"{text!r}: {e}") from None
    return key, values


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("records", nargs="?", default=DEFAULT, help=f"a 2-player match record (default {DEFAULT})")
    which = ap.add_mutually_exclusive_group()
    which.add_argument("--hist", type=_weights, dest="option", metavar="W1,W2,...",
                       help="comma-separated weights of progressive history; ratios are against the first "
                            "(default 10,0); the same as --option hist=W1,W2,...")
    which.add_argument("--option", type=_option, dest="option", metavar="KEY=V1,V2,...",
                       help="KEY=V1,V2,...: an option of the ismcts SPEC and its values, ratios against the "
                            "first (e.g. widen=2,0)")
    ap.set_defaults(option=("hist", ["10", "0"]))
    args = ap.parse_args()
    try:
        recs = read_records(args.records)
    except ValueError as e:
        ap.error(str(e))
    main(recs, args.option)
