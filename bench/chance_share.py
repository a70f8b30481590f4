"""How much of the rest of a game can any evaluation predict? (issue 13)

    python bench/chance_share.py RECORDS.jsonl|DIR [...] [--players 1] [--positions 100] [--continuations 4]
        [--iterations 2000] [--playouts 32] [--every 4] [--seed 1] [--exclude-seed 2073 2601 2602]
        [--jobs 2] [--out FILE.json] [--json]

The twenty-sixth session measured how much of the margin still to come in the search's solo games
against Botankhamun Hard with 8 VP Decrees the playouts and learned values predict. A prediction can
only be as good as the future is decided by the position: the dice still to roll, the cards still to
come and Botankhamun's Deben flips are not. This script measures that ceiling for the search's own
play. It draws --positions decisions of the engine's seat from the games (bench/fit_margin.py's
positions; games of the match seeds --exclude-seed left out) and plays each on --continuations times
to the end from another future consistent with what the seat knows (``observation(seat).resample(seed)``:
the hidden cards dealt again and a new chance generator), the engine's seat by ``ismcts`` with
--iterations a decision (its defaults otherwise), Botankhamun by the rules. With ``--players 2`` (3, 4)
the positions are decisions of either seat of the search's games at that table (every side ``ismcts``)
and every seat plays on by its own search. Then, within each round of the game (a search compares moves
of one position, not stages of the game):

* ``ceiling``: the share of the variance of the margin still to come that lies between positions, 1 -
  (the mean variance of the continuations of one position) / (the variance of all continuations): the
  most any evaluation of the position can explain;
* ``playouts_share``: the share of one continuation's variance that the mean of --playouts playouts of
  the shipped policy explains (read through the continuations' mean, which is less noisy: the squared
  correlation with the mean times the mean's variance over one continuation's), and
  ``playouts_of_ceiling``, that share as a fraction of the ceiling;
* ``playouts_r2_real_game``: the squared correlation of the same playouts with the margin to come in the
  recorded game itself (one more continuation, played by the search that made the record);
* ``stages``: the standard deviations of the margin to come (within one position, and over all
  positions of the stage) in rounds 1-4, 5-8, 9-12 and 13-16.

``--out`` also keeps every position's round, seat, margin then, the real game's final margin and each
continuation's final margin (``data``), to analyse again without playing.

Fixed iterations: deterministic for the arguments, and fine beside other work on the machine.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
import zlib

import numpy as np

from tekhenu_engine import GameState
from tekhenu_engine._search import playout_margins
from tekhenu_engine.agents import playoutmodel
from tekhenu_engine.agents.ismcts import ISMCTSAgent
from tekhenu_engine.agents.play import play_out

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fit_margin import margin  # noqa: E402  (bench/fit_margin.py: the same games and positions)
from fit_playout_value import draw, positions, search_games, within_round  # noqa: E402
from workers import process_map  # noqa: E402  (bench/workers.py: a dead worker stops the run)


def future_seed(i: int, k: int, seed: int) -> int:
    """The seed of continuation k of position i: a checksum, so that no two continuations read
    neighbouring seeds (GameState.resample's generator is the seed times the splitmix64 step)."""
    return zlib.crc32(f"{seed}:{i}:{k}".encode()) * 2654435761 + 1


def _continue(task: tuple[int, int, bytes, int, int, int]) -> tuple[int, int, float]:
    """Play position i's continuation k to the end, every seat that decides by its own search;
    returns (i, k, the final margin of the seat that decided at the position)."""
    i, k, obs, seat, iterations, seed = task
    playoutmodel.install_default()
    st = GameState.from_bytes(obs).resample(future_seed(i, k, seed))
    agents: dict[int, ISMCTSAgent] = {}

    def choose(s: int, o: GameState) -> int:
        if s not in agents:
            agents[s] = ISMCTSAgent(iterations=iterations, seed=future_seed(i, k, seed + 1 + s))
        return agents[s].choose(o, s)

    play_out(st, choose)
    return i, k, float(margin(st.returns(), seat))


def measure(data, continuations: int, iterations: int, playouts: int, seed: int, jobs: int,
            log=None) -> dict:
    """Play the continuations of `data` (positions() drawn) and return the figures (module text)."""
    obs, now, y, rnd, seats = data
    tasks = [(i, k, obs[i], int(seats[i]), iterations, seed) for i in range(len(obs)) for k in range(continuations)]
    fin = np.zeros((len(obs), continuations))
    t0 = time.time()
    for n, (i, k, m) in enumerate(process_map(_continue, tasks, jobs, ordered=False), 1):
        fin[i, k] = m
        if log and n % max(1, len(tasks) // 20) == 0:
            log(f"{n}/{len(tasks)} continuations ({time.time() - t0:.0f} s)")
    togo = fin - now[:, None]                             # the margin still to come of each continuation
    centred = np.column_stack([within_round(togo[:, k], rnd) for k in range(continuations)])
    within = float(np.mean(np.var(togo, axis=1, ddof=1)))
    total = float(np.var(centred))
    if total <= 0:
        raise ValueError("the margins to come do not vary within a round: nothing to measure")
    ceiling = 1.0 - within / total
    playoutmodel.install_default()
    p = within_round(playout_margins(obs, seats, playouts, seed=seed) - now, rnd)
    mean = centred.mean(axis=1)
    # squared correlation with the mean of the continuations, corrected for their noise: the share of
    # one continuation's variance explained is r^2 x var(mean) / var(one), the mean being the less noisy
    r2_mean = float(np.corrcoef(p, mean)[0, 1] ** 2)
    share = r2_mean * float(np.var(mean)) / total
    real = within_round(y, rnd)
    stages = {}
    for lo in range(1, 17, 4):
        m = (rnd >= lo) & (rnd < lo + 4)
        if m.sum() >= 2:
            stages[f"rounds {lo}-{lo + 3}"] = {
                "positions": int(m.sum()),
                "sd_within_position": round(float(np.mean(np.var(togo[m], axis=1, ddof=1))) ** 0.5, 2),
                "sd_all": round(float(np.var(centred[m])) ** 0.5, 2)}
    return {"positions": len(obs), "continuations": continuations, "iterations": iterations,
            "ceiling": round(ceiling, 3), "playouts_share": round(share, 3),
            "playouts_of_ceiling": round(share / ceiling, 3) if ceiling > 0 else None,
            "playouts_r2_real_game": round(float(np.corrcoef(p, real)[0, 1] ** 2), 3),
            "sd_within_position": round(within ** 0.5, 2), "sd_all": round(total ** 0.5, 2),
            "sd_real_games": round(float(np.std(real)), 2),
            "mean_to_come": round(float(togo.mean()), 2), "mean_to_come_real": round(float(y.mean()), 2),
            "stages": stages, "seconds": round(time.time() - t0, 1),
            "data": {"round": rnd.tolist(), "seat": seats.tolist(), "margin_now": now.tolist(),
                     "real_final": (now + y).tolist(), "continuation_finals": fin.tolist()}}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="chance_share.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("records", nargs="+", help="game records of 'tekhenu match --out', or directories of them")
    ap.add_argument("--players", type=int, default=1, choices=(1, 2, 3, 4),
                    help="the table: 1 (solo against Botankhamun Hard with 8 VP Decrees, the default) to 4")
    ap.add_argument("--positions", type=int, default=100)
    ap.add_argument("--continuations", type=int, default=4)
    ap.add_argument("--iterations", type=int, default=2000, help="the search's iterations a decision")
    ap.add_argument("--playouts", type=int, default=32, help="playouts of the shipped policy per position")
    ap.add_argument("--every", type=int, default=4, help="one decision of the engine in N (default 4)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--exclude-seed", type=int, nargs="*", default=[2073, 2601, 2602], metavar="SEED")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", default=None, help="also write the figures to this JSON file")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    a = ap.parse_args(argv)
    try:
        if min(a.positions, a.iterations, a.playouts, a.every, a.jobs) < 1 or a.continuations < 2:
            raise ValueError("--positions, --iterations, --playouts, --every and --jobs must be at least 1, "
                             "--continuations at least 2")
        recs = search_games(a.records, tuple(a.exclude_seed), a.players)
        if not recs:
            raise ValueError(f"no finished {'solo' if a.players == 1 else f'{a.players}-player'} game of the "
                             "search in " + ", ".join(a.records))
        data = draw(positions(recs, a.every), a.positions, a.seed)
        if np.unique(data[3], return_counts=True)[1].max() < 2:
            raise ValueError(f"the {len(data[0])} positions drawn are each alone in their round, so nothing "
                             "varies within a round: draw more (--positions) or from more games")
        log = None if a.json else (lambda s: print(s, flush=True))
        rep = measure(data, a.continuations, a.iterations, a.playouts, a.seed, a.jobs, log)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    rep["games"] = len(recs)
    if a.out:
        with open(a.out, "w") as f:
            json.dump(rep, f, indent=1)
    if a.json:
        print(json.dumps(rep, indent=1))
    else:
        for k, v in rep.items():
            if k != "data":
                print(f"{k}: {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
