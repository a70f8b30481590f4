"""Fuzz of loaded states: mutated positions either raise ValueError on load or play to the end.

Run as a script (``python tests/fuzz_states.py --seed 1 --cases 300``) so that a crash of the
compiled core ends this process, not the test run: ``tests/test_validate.py`` starts it in a
subprocess and reports a non-zero exit (a segfault too) or a timeout (a hang) as a failure,
with the last case this script printed. Each case:

1. a state from a seeded random game (1-4 players, random table options) at a random phase;
2. one to three mutations: a counter set inside its range (its bounds included), a field set
   to a random int or an extreme (-2**31, 10**6,
   8323072...), two entries of a list swapped, an entry copied from another, or a task-stack
   edit (a step's field changed, a random step inserted, a step dropped or doubled);
   One case in ten flips random bytes of ``to_bytes()`` and loads with ``from_bytes``.
   One case in five mutates a seat's observation instead (hidden cards unknown); once loaded
   it is searched, must refuse a playout, and is resampled to a full state.
3. ``GameState.from_dict`` (through JSON or the compact string on some cases): a ValueError
   ends the case; otherwise the state is played to the end with random legal moves under a
   step cap, a compiled playout runs on a copy, and on some cases a 50-iteration ISMCTS
   searches its decision (and an observation's refusals are exercised).
"""
from __future__ import annotations

import argparse
import random
import sys
import time

from positions import random_walk
from tekhenu_engine import GameState, TableOptions
from tekhenu_engine._core import STEP_TYPES
from tekhenu_engine.errors import HiddenChanceError
from tekhenu_engine.validate import check_state

STEP_CAP = 20_000
EXTREMES = (-(2 ** 31), -1000000, -2, -1, 0, 1, 2, 5, 6, 7, 12, 16, 17, 21, 22, 27, 28, 64,
            1000, 1000000, 8323072, 2 ** 31 - 1)
SKIP = {"rng"}


def base_state(rng: random.Random) -> GameState:
    """A state of a random game at a random phase (the start, mid-game, the end...)."""
    players = rng.choice((1, 2, 3, 4))
    opts = TableOptions(random_horus=rng.random() < 0.5, random_wheel=rng.random() < 0.5,
                        decree8=rng.random() < 0.3, random_start=rng.random() < 0.3,
                        difficulty=rng.choice(("easy", "medium", "hard")))
    g = GameState.new(players, seed=rng.randrange(1 << 30), options=opts)
    steps = rng.choice((0, 3, 20, 60, 150, 300, 500, 800, 1200, 5000))
    return random_walk(g, rng, steps)


def _paths(v, prefix=()):
    if isinstance(v, list):
        for i, x in enumerate(v):
            yield from _paths(x, prefix + (i,))
    else:
        yield prefix


def _get(d, path):
    for k in path[:-1]:
        d = d[k]
    return d, path[-1]


# counters and the bound a consistent state allows them (validate.limits()): the fuzz sets
# them to values inside their range too, so that extreme but accepted values are played
IN_RANGE = {"vp": "vp_max", "gold": "gold_max", "scribes": "scribes_max", "faith": "faith_max",
            "res": "resource_max", "excess": "excess_max", "balance": "balance_max",
            "prod": "production_max", "happiness": "populace_max", "population": "populace_max"}


def mutate_in_range(d: dict, rng: random.Random) -> str:
    from tekhenu_engine.validate import limits
    k = rng.choice(sorted(IN_RANGE))
    hi = limits()[IN_RANGE[k]]
    lo = -hi if k == "balance" else 0
    p = rng.randrange(min(max(d["nseats"], 1), 4)) if isinstance(d["nseats"], int) else 0
    v = rng.choice((lo, hi, rng.randint(lo, hi)))
    if k in ("res", "prod"):
        d[k][p][rng.randrange(4)] = v
    else:
        d[k][p] = v
    if k == "population":
        d["happiness"][p] = min(d["happiness"][p], v)
        d["market_open"][2] |= int(v >= 9)
        d["market_open"][3] |= int(v >= 13)
    if k == "happiness":
        d["population"][p] = max(d["population"][p], v)
        d["market_open"][2] |= int(d["population"][p] >= 9)
        d["market_open"][3] |= int(d["population"][p] >= 13)
    return f"{k}[{p}]={v} (in range)"


def mutate(d: dict, rng: random.Random) -> str:
    """Apply one random mutation to the state document; returns what it did."""
    r = rng.random()
    if r < 0.3:
        return mutate_tasks(d, rng)
    if r < 0.5:
        return mutate_in_range(d, rng)
    keys = [k for k in d if k not in SKIP and k != "tasks"]
    k = rng.choice(keys)
    v = d[k]
    if not isinstance(v, list):
        new = rng.choice(EXTREMES) if rng.random() < 0.4 else v + rng.randint(-3, 3)
        d[k] = new
        return f"{k}={new}"
    paths = list(_paths(v))
    r = rng.random()
    if r < 0.2 and len(paths) > 1:
        a, b = rng.sample(paths, 2)
        ca, ia = _get(v, a)
        cb, ib = _get(v, b)
        ca[ia], cb[ib] = cb[ib], ca[ia]
        return f"{k}: swap {a} {b}"
    if r < 0.3 and len(paths) > 1:
        a, b = rng.sample(paths, 2)
        ca, ia = _get(v, a)
        cb, ib = _get(v, b)
        ca[ia] = cb[ib]
        return f"{k}{list(a)} = {k}{list(b)}"
    p = rng.choice(paths)
    c, i = _get(v, p)
    new = rng.choice(EXTREMES) if r < 0.55 else c[i] + rng.randint(-3, 3)
    c[i] = new
    return f"{k}{list(p)}={new}"


def mutate_tasks(d: dict, rng: random.Random) -> str:
    tasks = d["tasks"]
    r = rng.random()
    fields = ("type", "p", "a", "b", "c", "d")
    if r < 0.4 and tasks:
        t = rng.choice(tasks)
        f = rng.choice(fields)
        t[f] = rng.choice(EXTREMES) if rng.random() < 0.3 else t[f] + rng.randint(-3, 3)
        return f"task {f}={t[f]}"
    if r < 0.7:
        ty = rng.choice(list(STEP_TYPES.values()))
        t = {"type": ty, "p": rng.randint(-1, 3), "a": rng.randint(0, 6), "b": rng.randint(0, 3),
             "c": rng.randint(0, 3), "d": 0}
        tasks.insert(rng.randint(0, len(tasks)), t)
        d["ntasks"] = len(tasks)
        return f"insert {t}"
    if r < 0.85 and tasks:
        tasks.pop(rng.randrange(len(tasks)))
        d["ntasks"] = len(tasks)
        return "drop a step"
    if tasks:
        tasks.append(dict(tasks[-1]))
        d["ntasks"] = len(tasks)
        return "double the top step"
    d["ntasks"] = rng.randint(-2, 70)
    return f"ntasks={d['ntasks']}"


def load(d: dict, rng: random.Random) -> GameState:
    r = rng.random()
    if r < 0.1:
        import json
        return GameState.from_json(json.dumps(d))
    g = GameState.from_dict(d)
    if r < 0.2:   # the compact form: from_string -> from_bytes
        return GameState.from_string(g.to_string())
    return g


def play_out(g: GameState, rng: random.Random) -> int:
    """Random legal play to the end under the step cap; returns the steps."""
    for n in range(STEP_CAP):
        if g.is_terminal():
            return n
        if g.is_chance():
            g.apply_chance()
        else:
            legal = g.legal_actions()
            assert legal, f"no legal action at {g.step()}"
            g.apply(rng.choice(legal))
    raise AssertionError(f"no end after {STEP_CAP} steps")


def search(g: GameState, seed: int) -> None:
    from tekhenu_engine.agents import ISMCTSAgent
    seat = g.current_player()
    if seat < 0:
        return
    obs = g.observation(seat)
    ISMCTSAgent(iterations=50, seed=seed).search(obs, seat)
    # an observation refuses hidden draws instead of crashing
    try:
        obs.playout(seed)
    except HiddenChanceError:
        pass


def run(seed: int, cases: int, search_every: int) -> dict:
    """Run `cases` fuzz cases from this seed; returns the counts (refused, played, ...)."""
    rng = random.Random(seed)
    stats = {"cases": 0, "refused": 0, "played": 0, "searched": 0, "steps": 0}
    t0 = time.time()
    for case in range(cases):
        g = base_state(rng)
        observed = rng.random() < 0.2 and not g.is_terminal()
        if observed:          # an observation (hidden cards unknown) is a loadable state too
            g = g.observation(rng.randrange(g.num_seats))
        d = g.to_dict()
        what = [mutate(d, rng) for _ in range(rng.choice((1, 1, 2, 3)))]
        raw = None
        if rng.random() < 0.1:       # raw bytes: a few bytes of the struct flipped
            raw = bytearray(g.to_bytes())
            for _ in range(rng.randint(1, 4)):
                raw[rng.randrange(len(raw))] = rng.randrange(256)
            what = ["bytes flipped"]
        print(f"case {seed}:{case} {what}", flush=True)
        stats["cases"] += 1
        try:
            g2 = GameState.from_bytes(bytes(raw)) if raw is not None else load(d, rng)
        except ValueError:
            stats["refused"] += 1
            continue
        stats["played"] += 1
        if observed:
            if search_every and case % search_every == 0:
                search(g2, case)
            try:
                g2.playout(1)
                raise AssertionError("an observation with hidden cards played out")
            except HiddenChanceError:
                pass
            g2 = g2.resample(case)
            check_state(g2.to_dict())   # a consistent observation resamples to a consistent state
        c = g2.clone()
        c.playout(rng.randrange(1 << 30))
        assert c.is_terminal()
        if search_every and case % search_every == 0:
            search(g2, case)
            stats["searched"] += 1
        stats["steps"] += play_out(g2, rng)
    stats["seconds"] = round(time.time() - t0, 2)
    return stats


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cases", type=int, default=200)
    ap.add_argument("--search-every", type=int, default=10)
    a = ap.parse_args(argv)
    stats = run(a.seed, a.cases, a.search_every)
    print("ok", stats, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
