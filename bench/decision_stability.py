"""Does a longer search change the move? Decision stability across budgets (issue 13).

    python bench/decision_stability.py RECORDS.jsonl [--positions 60] [--budgets 5000,10000,20000,40000]
                                      [--spec-extra mast=0] [--jobs 2] [--seed 1] [--out FILE.json]

The doubling of time stopped paying at 2 players past 1-2 s a decision (docs/strength.md). This
takes decisions from recorded games of `tekhenu match --out` (a fixed random sample, decisions with
two or more legal actions, of either seat), and searches each from scratch (no tree reuse), twice
at every budget with two different seeds. It reports, per budget B:

* **same**: how often the two searches at B choose the same move (the search's own noise at B);
* **agree with 2B**: how often the first search at B chooses what the second search at 2B
  chooses (two seeds: a search with the seed of the first and twice the budget would repeat the
  first's iterations and agree with it for that reason alone);
* **regret** (VP): the second search of the largest budget judges the first search of every
  budget: its expected margin (the seat's VP minus the best other seat's) for its own choice minus
  that for the move chosen at B (the first search of the largest budget included) (0 when they agree; the
  judge's estimate of a move it visited little is noisy, so read it as a trend across budgets,
  not as a measurement of one move).

If two searches at B already agree with each other about as often as B agrees with 2B, a doubling
changes the move only as much as a new seed would: the extra iterations do not reach a different
decision, and the search's limit is what its playouts value, not its budget. The searches are
deterministic for a seed and a budget, so a run replays exactly.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys

from tekhenu_engine.agents.ismcts import ISMCTSAgent
from tekhenu_engine.match import finished_games, new_state, replay
from tekhenu_engine.notation import parse_action

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from workers import process_map  # noqa: E402  (bench/workers.py: a dead worker stops the run)


def sample_positions(path: str, count: int, seed: int) -> list[tuple[dict, int, int]]:
    """`count` decisions (record, number of moves played before it, seat to decide) drawn at random
    (generator `seed`) among the decisions with two or more legal actions of the finished games in
    `path`. ValueError naming the file and line for a line that is not a game record."""
    candidates = []
    for no, r in finished_games(path):
        try:
            st = new_state(r["table"], r["seed"])
            for k, tok in enumerate(r["moves"]):
                if not st.is_chance() and not st.is_terminal() and len(st.legal_actions()) >= 2:
                    candidates.append((r, k, st.current_player()))
                st.apply(parse_action(tok))
        except (ValueError, KeyError, TypeError, AttributeError) as e:
            raise ValueError(f"{path}, line {no}: not a game record of 'tekhenu match --out' ({e})") from None
    if len(candidates) < count:
        raise ValueError(f"{path}: only {len(candidates)} decisions with two or more legal actions")
    return random.Random(seed).sample(candidates, count)


def _search_position(args: tuple) -> dict:
    """Both searches at every budget of one position: {budget: [(best, {action: expected margin of the
    seat, its VP minus the best other seat's}), ...]}."""
    record, ply, seat, budgets, extra, seed = args
    obs = replay(record, ply).observation(seat)
    out = {}
    for b in budgets:
        runs = []
        for k in range(2):
            agent = ISMCTSAgent(iterations=b, seed=seed * 1000 + k, reuse=False, **extra)
            res = agent.search(obs, seat)
            runs.append((res.best, {c.action: c.expected_vp[seat] - max(v for i, v in enumerate(c.expected_vp) if i != seat)
                                    for c in res.candidates}))
        out[b] = runs
    return out


def parse_extra(text: str) -> dict:
    """'mast=0:c_uct=0.5' -> {'mast': 0.0, 'c_uct': 0.5}: numeric options of ISMCTSAgent, checked by
    building one. ValueError with a message for anything else."""
    extra = {}
    for part in filter(None, text.split(":")):
        key, sep, value = part.partition("=")
        if not sep:
            raise ValueError(f"--spec-extra: {part!r} is not key=value")
        try:
            extra[key] = float(value)
        except ValueError:
            raise ValueError(f"--spec-extra: {key}={value!r} is not a number") from None
    try:
        ISMCTSAgent(iterations=1, **extra)
    except TypeError:
        raise ValueError(f"--spec-extra: an option ISMCTSAgent does not take among {sorted(extra)}") from None
    except ValueError as e:
        raise ValueError(f"--spec-extra: {e}") from None
    return extra


def parse_budgets(text: str) -> list[int]:
    """'5000,10000' -> [5000, 10000], sorted; ValueError unless they are positive whole numbers."""
    try:
        budgets = sorted({int(x) for x in text.split(",")})
    except ValueError:
        raise ValueError(f"--budgets: {text!r} is not a comma-separated list of iteration counts") from None
    if budgets[0] < 1:
        raise ValueError("--budgets: every budget must be at least 1 iteration")
    return budgets


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("records")
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--budgets", default="5000,10000,20000,40000")
    ap.add_argument("--spec-extra", default="", help="ISMCTSAgent options, e.g. mast=0")
    ap.add_argument("--jobs", type=int, default=2, help="positions searched at once (processes)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", help="write the per-position choices here (JSON)")
    a = ap.parse_args(argv)
    try:
        budgets = parse_budgets(a.budgets)
        if a.positions < 1 or a.jobs < 1:
            raise ValueError("--positions and --jobs must be at least 1")
        extra = parse_extra(a.spec_extra)
        positions = sample_positions(a.records, a.positions, a.seed)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    tasks = [(r, k, s, budgets, extra, a.seed + i) for i, (r, k, s) in enumerate(positions)]
    results = []
    for i, res in enumerate(process_map(_search_position, tasks, a.jobs), 1):
        results.append(res)
        print(f"position {i}/{len(tasks)}", file=sys.stderr, flush=True)
    top = budgets[-1]
    rows = []
    for i, b in enumerate(budgets):
        n = len(results)
        same = sum(res[b][0][0] == res[b][1][0] for res in results)
        nxt = budgets[i + 1] if i + 1 < len(budgets) else None
        # the first search at B against the second at 2B: two seeds, so that no iteration is shared
        agree = sum(res[b][0][0] == res[nxt][1][0] for res in results) if nxt else None
        regrets = []
        for res in results:
            judge_best, judge_q = res[top][1]
            choice = res[b][0][0]
            if choice in judge_q and judge_best in judge_q:
                regrets.append(judge_q[judge_best] - judge_q[choice])
        reg = sum(regrets) / len(regrets) if regrets else float("nan")
        rows.append({"budget": b, "positions": n, "same": same, "agree_next": agree, "next": nxt,
                     "regret_vp": round(reg, 3)})
    print(f"{a.records}: {len(results)} positions, options {extra or 'default'}")
    print("| budget | two seeds choose the same | agrees with the next budget | regret (VP, judged by the largest budget's second search) |")
    print("|---:|---|---|---:|")
    for r in rows:
        ag = f"{r['agree_next']} of {r['positions']} ({r['next']})" if r["next"] else "-"
        print(f"| {r['budget']} | {r['same']} of {r['positions']} | {ag} | {r['regret_vp']:.2f} |")
    if a.out:
        with open(a.out, "w") as f:
            json.dump({"records": a.records, "extra": extra, "budgets": budgets, "rows": rows,
                       "positions": [{"game": r["game"], "seed": r["seed"], "ply": k, "seat": s}
                                     for r, k, s in positions],
                       "choices": [{str(b): [x[0] for x in res[b]] for b in budgets} for res in results],
                       "judged_margin": [{str(k): v for k, v in res[top][1][1].items()} for res in results]},
                      f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
