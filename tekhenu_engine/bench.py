"""The benchmark figures of the rules core (and, when present, the search) in one run.

Every figure is a median over repeated rounds and is printed next to the reference it is
compared with, because a shared machine's absolute speed drifts: ratios measured in the
same run are what survive. Used by ``tekhenu bench`` and ``bench/``.
"""
from __future__ import annotations

import json as _json
import os
import random
import sys
import statistics
import time
from typing import Any, Callable

from . import _core
from ._core import GameState


def _median_rate(fn: Callable[[], int], rounds: int) -> float:
    """Median of (units / seconds) over rounds calls of fn (which returns its unit count)."""
    rates = []
    for _ in range(rounds):
        t = time.perf_counter()
        n = fn()
        rates.append(n / (time.perf_counter() - t))
    return statistics.median(rates)


def compiled_playouts_per_s(players: int, games: int = 2000, rounds: int = 5, seed: int = 0,
                            seth: bool = False) -> float:
    """Random games per second, the whole loop in compiled code (seth: with the Time of Seth option)."""
    it = iter(range(10**9))
    return _median_rate(lambda: _core.random_playouts(players, games, seed + next(it), seth=seth)[0], rounds)


def python_loop_game(players: int, seed: int) -> int:
    """One random game driven step by step from Python through the public API."""
    g = GameState.new(players, seed=seed)
    rnd = random.Random(seed)
    while not g.is_terminal():
        if g.is_chance():
            g.apply(g.sample_chance())
        else:
            g.apply(rnd.choice(g.legal_actions()))
    return 1


def python_loop_playouts_per_s(players: int, games: int = 40, rounds: int = 3, seed: int = 0) -> float:
    """The same random playout driven from Python (the reference of the compiled loop)."""
    it = iter(range(10**9))

    def run() -> int:
        base = next(it) * games
        return sum(python_loop_game(players, seed + base + i) for i in range(games))

    return _median_rate(run, rounds)


def core_figures(quick: bool = False) -> dict[str, Any]:
    """Playouts (2p, 3p, 4p, solo when available), the Python reference, per-call costs."""
    rounds = 3 if quick else 5
    games = 500 if quick else 2000
    out: dict[str, Any] = {}
    out["playouts_per_s"] = compiled_playouts_per_s(2, games, rounds)
    out["playouts_per_s_3p"] = compiled_playouts_per_s(3, games, rounds)
    out["playouts_per_s_4p"] = compiled_playouts_per_s(4, games, rounds)
    out["playouts_per_s_solo"] = compiled_playouts_per_s(1, games, rounds)
    # Time of Seth (the seth option) next to the base game, in the same run
    out["playouts_per_s_seth"] = compiled_playouts_per_s(2, games, rounds, seth=True)
    out["playouts_per_s_seth_3p"] = compiled_playouts_per_s(3, games, rounds, seth=True)
    out["playouts_per_s_seth_4p"] = compiled_playouts_per_s(4, games, rounds, seth=True)
    out["python_loop_playouts_per_s"] = python_loop_playouts_per_s(2, 10 if quick else 40, rounds)
    out["compiled_vs_python_ratio"] = out["playouts_per_s"] / out["python_loop_playouts_per_s"]
    _, decisions = _core.random_playouts(2, games, 12345)
    out["decisions_per_game_2p"] = decisions / games
    out["decisions_per_s"] = out["playouts_per_s"] * out["decisions_per_game_2p"]
    calls = statistics.median(
        [_core.time_core_calls(2, 50000 if quick else 200000, seed)["clone_s"] for seed in range(rounds)])
    per = _core.time_core_calls(2, 50000 if quick else 200000, 99)
    out["clone_ns"] = calls * 1e9
    out["legal_ns"] = per["legal_s"] * 1e9
    out["apply_ns"] = per["apply_s"] * 1e9
    out["state_bytes"] = per["state_bytes"]
    out["decision_vs_clone_ratio"] = (1e9 / out["decisions_per_s"]) / out["clone_ns"]
    return out


def search_position(players: int, decisions: int, seed: int = 1, options: Any = None) -> GameState:
    """The first decision of the first turn (decisions=0) or a position that many random
    decisions later: the start and the middle of a game (options: a TableOptions, e.g. seth)."""
    rng = random.Random(seed)
    s = GameState.new(players, seed, options)
    s.resolve_chance()
    while s.step()[0] != _core.STEP_TYPES["D_TAKE"]:
        s.apply(rng.choice(s.legal_actions()))
        s.resolve_chance()
    for k in range(decisions):
        if s.is_terminal():
            raise ValueError(f"the game ended after {k} random decisions, before {decisions}")
        s.apply(rng.choice(s.legal_actions()))
        s.resolve_chance()
    return s


# The search with the learned evaluation, as measured next to the playout-only search
# (docs/search.md, "Learned evaluation"): playouts cut after these many decisions.
EVAL_CUTOFFS = (20, 40)
BENCH_PRIOR = 0.5    # the prior= of the search measured next to the plain one (docs/search.md)
# the mast= of the search measured next to the one without it where the default is off (solo games);
# at 2-4 players, where the default is on (_search.MAST_WEIGHTS), the row measures it off
BENCH_MAST = 10.0
BENCH_MIX = 0.3      # the mix= of the search (the margin model in the reward; solo games only) next to none
# the playout policies measured next to the default one ("auto": tuned in solo and 2-player games,
# heuristic at 3-4 players; docs/search.md "The tuned playout policy")
BENCH_PLAYOUTS = ("tuned", "heuristic", "greedy_learned")


def _iterations_per_s(s: GameState, iterations: int, rounds: int, **params: Any) -> tuple[float, float]:
    """Median ISMCTS iterations/s on one core, and tree nodes per iteration (params: Searcher's)."""
    from ._search import Searcher

    seat = s.current_player()
    raw = s.observation(seat).to_bytes()
    rates, nodes = [], 0.0
    for r in range(rounds):
        sr = Searcher(raw, seat, seed=r, **params)
        t = time.perf_counter()
        sr.run(iterations)
        rates.append(iterations / (time.perf_counter() - t))
        nodes = sr.nodes_used / iterations
    return statistics.median(rates), nodes


def _peak_memory_mb(movetime_ms: int) -> float:
    """Peak resident memory (MB) a 1-second search adds, measured in fresh processes."""
    import subprocess

    code = ("import resource,sys;from tekhenu_engine.bench import search_position;"
            "from tekhenu_engine.agents import ISMCTSAgent;s=search_position(2,0);"
            "seat=s.current_player();o=s.observation(seat);"
            "ISMCTSAgent(movetime_ms=int(sys.argv[1])).search(o,seat) if int(sys.argv[1]) else None;"
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")
    kb = []
    for ms in (0, movetime_ms):
        out = subprocess.run([sys.executable, "-c", code, str(ms)], capture_output=True, text=True, check=True)
        kb.append(int(out.stdout.split()[-1]))
    return max(0.0, (kb[1] - kb[0]) / 1024.0)


def search_figures(quick: bool = False) -> dict[str, Any]:
    """ISMCTS iterations/s (2-player and solo, start and middle), parallel speed-up, memory."""
    from ._search import HIST_WEIGHTS, MAST_WEIGHTS, Searcher
    from .agents import ISMCTSAgent

    rounds = 3 if quick else 5
    iters = 1000 if quick else 4000
    out: dict[str, Any] = {}
    positions = {"2p_start": (2, 0), "2p_middle": (2, 40)}
    positions.update({"solo_start": (1, 0), "solo_middle": (1, 30)})
    for name, (players, decisions) in positions.items():
        rate, nodes = _iterations_per_s(search_position(players, decisions), iters, rounds)
        out[f"ismcts_iterations_per_s_{name}"] = rate
        out[f"ismcts_nodes_per_iteration_{name}"] = nodes
        for c in EVAL_CUTOFFS:
            rate, _ = _iterations_per_s(search_position(players, decisions), iters, rounds,
                                        eval="learned", cutoff=c)
            out[f"ismcts_eval_cut{c}_iterations_per_s_{name}"] = rate
        rate, _ = _iterations_per_s(search_position(players, decisions), iters, rounds, prior=BENCH_PRIOR)
        out[f"ismcts_prior_iterations_per_s_{name}"] = rate     # the tree's policy prior (issue 13)
        for playout in BENCH_PLAYOUTS:     # each playout policy by name next to the default ("auto")
            rate, _ = _iterations_per_s(search_position(players, decisions), iters, rounds, playout=playout)
            out[f"ismcts_{playout}_iterations_per_s_{name}"] = rate
        if players == 1:     # the margin model of the search's own solo games in the reward (issue 13)
            rate, _ = _iterations_per_s(search_position(players, decisions), iters, rounds, mix=BENCH_MIX)
            out[f"ismcts_mix_iterations_per_s_{name}"] = rate
        if MAST_WEIGHTS[players]:     # move-average sampling in the playouts, toggled from the default
            rate, _ = _iterations_per_s(search_position(players, decisions), iters, rounds, mast=0.0)
            out[f"ismcts_nomast_iterations_per_s_{name}"] = rate
        else:
            rate, _ = _iterations_per_s(search_position(players, decisions), iters, rounds, mast=BENCH_MAST)
            out[f"ismcts_mast_iterations_per_s_{name}"] = rate
        if HIST_WEIGHTS[players]:     # progressive history in the tree, off next to the default (on)
            rate, _ = _iterations_per_s(search_position(players, decisions), iters, rounds, hist=0.0)
            out[f"ismcts_nohist_iterations_per_s_{name}"] = rate
    out["ismcts_iterations_per_s"] = out["ismcts_iterations_per_s_2p_start"]
    s = search_position(2, 0)
    seat = s.current_player()
    obs = s.observation(seat)
    ms = 300 if quick else 1000
    res = ISMCTSAgent(movetime_ms=ms, jobs=1).search(obs, seat)
    one = res.iterations
    out["tree_memory_mb_1s_search"] = res.nodes * Searcher.node_bytes() / 1e6 * 1000 / ms
    cores = os.cpu_count() or 1
    many = ISMCTSAgent(movetime_ms=ms, jobs=cores).search(obs, seat).iterations
    out["ismcts_iterations_1s_one_process"] = one * 1000 / ms
    out["ismcts_iterations_1s_all_cores"] = many * 1000 / ms
    out["parallel_jobs"] = cores
    out["parallel_speedup"] = many / one if one else None
    out["tree_node_bytes"] = Searcher.node_bytes()
    out["peak_memory_mb_1s_search"] = _peak_memory_mb(1000)
    return out


def vizier_figures(quick: bool = False) -> dict[str, Any]:
    """The Vizier's Challenge: compiled random 2-player games/s with the option (next to the same
    count without it, same run) and ISMCTS iterations/s at the Vizier's first placement."""
    from .options import TableOptions

    rounds = 3 if quick else 5
    games = 500 if quick else 2000
    bits = _core.OPTION_BITS
    opts = bits["random_horus"] | bits["random_wheel"] | bits["vizier"]
    it = iter(range(10**9))
    out: dict[str, Any] = {}
    out["vizier_playouts_per_s"] = _median_rate(
        lambda: _core.random_playouts(2, games, 777 + next(it), 0, opts)[0], rounds)
    out["vizier_vs_base_playouts_ratio"] = out["vizier_playouts_per_s"] / compiled_playouts_per_s(2, games, rounds, 777)
    s = GameState.new(2, 1, TableOptions(vizier=True))
    rng = random.Random(1)
    while s.is_chance() or s.step()[0] != _core.STEP_TYPES["D_VZ_PLACE"]:
        if s.is_chance():
            s.apply_chance()
        else:
            s.apply(rng.choice(s.legal_actions()))
    rate, nodes = _iterations_per_s(s, 1000 if quick else 4000, rounds)
    out["ismcts_iterations_per_s_vizier_place"] = rate
    out["ismcts_nodes_per_iteration_vizier_place"] = nodes
    return out


def seth_figures(quick: bool = False, core: dict[str, Any] | None = None) -> dict[str, Any]:
    """Time of Seth next to the base game, in the same run: compiled random games/s and decisions
    per game at 2, 3 and 4 players with the option and without it, and ISMCTS iterations/s at the
    first turn and in the middle of a 2-player game with and without it. core: the figures of
    :func:`core_figures` of this run, whose games/s with and without the option are taken instead
    of measuring them again."""
    from .options import TableOptions

    rounds = 3 if quick else 5
    games = 500 if quick else 2000
    iters = 1000 if quick else 4000
    out: dict[str, Any] = {}
    for n in (2, 3, 4):
        for tag, seth in (("base", False), ("seth", True)):
            key = "playouts_per_s" + ("_seth" if seth else "") + ("" if n == 2 else f"_{n}p")
            out[f"seth_bench_{tag}_playouts_per_s_{n}p"] = (core[key] if core and key in core else
                                                         compiled_playouts_per_s(n, games, rounds, 4242, seth=seth))
            _, decisions = _core.random_playouts(n, games, 4343, seth=seth)
            out[f"seth_bench_{tag}_decisions_per_game_{n}p"] = decisions / games
        out[f"seth_vs_base_playouts_ratio_{n}p"] = (out[f"seth_bench_seth_playouts_per_s_{n}p"]
                                                    / out[f"seth_bench_base_playouts_per_s_{n}p"])
    for name, decisions in (("start", 0), ("middle", 40)):
        for tag, opts in (("base", None), ("seth", TableOptions(seth=True))):
            rate, nodes = _iterations_per_s(search_position(2, decisions, options=opts), iters, rounds)
            out[f"seth_bench_{tag}_ismcts_iterations_per_s_2p_{name}"] = rate
            out[f"seth_bench_{tag}_ismcts_nodes_per_iteration_2p_{name}"] = nodes
    return out


def run_bench(json: bool = False, quick: bool = False, vizier: bool = False, seth: bool = False) -> dict[str, Any]:
    """Measure everything; print a table (or one JSON object) and return the figures.
    vizier: also :func:`vizier_figures`; seth: also :func:`seth_figures`."""
    figs = core_figures(quick=quick)
    figs.update(search_figures(quick=quick))
    if vizier:
        figs.update(vizier_figures(quick=quick))
    if seth:
        figs.update(seth_figures(quick=quick, core=figs))
    if json:
        print(_json.dumps(figs, sort_keys=True))
    else:
        print(format_table(figs))
    return figs


def format_table(f: dict[str, Any]) -> str:
    """The figures as a readable table, each next to its reference."""
    rows = [
        ("random 2-player games/s (compiled)", f"{f['playouts_per_s']:,.0f}",
         f"Python loop {f['python_loop_playouts_per_s']:,.1f}/s  ratio {f['compiled_vs_python_ratio']:,.0f}x"),
        ("random 3-player games/s (compiled)", f"{f['playouts_per_s_3p']:,.0f}", ""),
        ("random 4-player games/s (compiled)", f"{f['playouts_per_s_4p']:,.0f}", ""),
    ]
    if "playouts_per_s_solo" in f:
        rows.append(("random solo games/s (compiled)", f"{f['playouts_per_s_solo']:,.0f}", ""))
    for k, n in (("", 2), ("_3p", 3), ("_4p", 4)):
        if f"playouts_per_s_seth{k}" in f:
            base = f["playouts_per_s" + ("" if n == 2 else f"_{n}p")]
            rows.append((f"random {n}-player Time of Seth games/s", f"{f[f'playouts_per_s_seth{k}']:,.0f}",
                         f"{f[f'playouts_per_s_seth{k}'] / base:.2f}x the base game"))
    rows += [
        ("decisions/s (2-player playouts)", f"{f['decisions_per_s']:,.0f}",
         f"{f['decisions_per_game_2p']:.0f} decisions a game"),
        ("state clone", f"{f['clone_ns']:.0f} ns", f"{f['state_bytes']} bytes; a decision costs "
         f"{f['decision_vs_clone_ratio']:.1f} clones"),
        ("legal-move generation", f"{f['legal_ns']:.0f} ns", ""),
        ("apply (with auto-steps)", f"{f['apply_ns']:.0f} ns", ""),
    ]
    for name, label in (("2p_start", "2-player, first turn"), ("2p_middle", "2-player, middle"),
                        ("solo_start", "solo, first turn"), ("solo_middle", "solo, middle")):
        k = f"ismcts_iterations_per_s_{name}"
        if k in f:
            rows.append((f"ISMCTS iterations/s ({label})", f"{f[k]:,.0f}",
                         f"{f[k] / f['playouts_per_s']:.2f} x random games/s; "
                         f"{f[f'ismcts_nodes_per_iteration_{name}']:.2f} nodes/iteration"))
        beside = [(f"ismcts_eval_cut{c}", f"with learned eval, cut-off {c}", "the playout-only search")
                  for c in EVAL_CUTOFFS]
        beside.append(("ismcts_prior", f"with the policy prior {BENCH_PRIOR}", "the search without it"))
        beside += [(f"ismcts_{p}", f"with {p} playouts", "the default playouts") for p in BENCH_PLAYOUTS]
        beside.append(("ismcts_mast", f"with move-average sampling {BENCH_MAST:g}", "the search without it"))
        beside.append(("ismcts_nomast", "without move-average sampling", "the default search (with it)"))
        beside.append(("ismcts_mix", f"with the margin model, mix {BENCH_MIX:g}", "the search without it"))
        beside.append(("ismcts_nohist", "without progressive history", "the default search (with it)"))
        for key, label, against in beside:     # each next to the search row above it (same run)
            k = f"{key}_iterations_per_s_{name}"
            if k in f:
                base = f[f"ismcts_iterations_per_s_{name}"]
                rows.append((f"  {label}", f"{f[k]:,.0f}", f"{f[k] / base:.2f} x {against} above (same run)"))
    if "seth_vs_base_playouts_ratio_2p" in f:
        for n in (2, 3, 4):
            b, t = f[f"seth_bench_base_playouts_per_s_{n}p"], f[f"seth_bench_seth_playouts_per_s_{n}p"]
            rows.append((f"Time of Seth: random {n}-player games/s", f"{t:,.0f}",
                         f"base game {b:,.0f}/s (same run), ratio {t / b:.2f}; decisions a game "
                         f"{f[f'seth_bench_seth_decisions_per_game_{n}p']:.0f} vs "
                         f"{f[f'seth_bench_base_decisions_per_game_{n}p']:.0f}"))
        for name, label in (("start", "first turn"), ("middle", "middle")):
            b = f[f"seth_bench_base_ismcts_iterations_per_s_2p_{name}"]
            t = f[f"seth_bench_seth_ismcts_iterations_per_s_2p_{name}"]
            rows.append((f"Time of Seth: ISMCTS iterations/s (2-player, {label})", f"{t:,.0f}",
                         f"base game {b:,.0f}/s (same run), ratio {t / b:.2f}; "
                         f"{f[f'seth_bench_seth_ismcts_nodes_per_iteration_2p_{name}']:.2f} nodes/iteration"))
    if "vizier_playouts_per_s" in f:
        rows.append(("random Vizier games/s (compiled)", f"{f['vizier_playouts_per_s']:,.0f}",
                     f"{f['vizier_vs_base_playouts_ratio']:.2f} x the 2-player games without it (same run)"))
        rows.append(("ISMCTS iterations/s (Vizier placement)", f"{f['ismcts_iterations_per_s_vizier_place']:,.0f}",
                     f"{f['ismcts_nodes_per_iteration_vizier_place']:.2f} nodes/iteration"))
    if "parallel_speedup" in f:
        rows.append((f"ISMCTS, {f['parallel_jobs']} processes vs 1", f"{f['parallel_speedup']:.2f} x",
                     f"{f['ismcts_iterations_1s_one_process']:,.0f} -> "
                     f"{f['ismcts_iterations_1s_all_cores']:,.0f} iterations/s"))
        rows.append(("tree node", f"{f['tree_node_bytes']} bytes",
                     f"a 1-second search: tree {f['tree_memory_mb_1s_search']:.1f} MB, "
                     f"peak resident memory +{f['peak_memory_mb_1s_search']:.1f} MB"))
    w = max(len(r[0]) for r in rows)
    return "\n".join(f"{a:<{w}}  {b:>14}  {c}" for a, b, c in rows)
