"""The ISMCTS agent: Information Set Monte Carlo Tree Search over the compiled rules core.

The search itself is compiled (:mod:`tekhenu_engine._search`); this module sets budgets,
runs root-parallel workers, merges their trees' root statistics and turns them into an
analysis (:class:`SearchResult`). See ``docs/search.md``.

Typical use::

    agent = ISMCTSAgent(movetime_ms=1000)
    action = agent.choose(state.observation(seat), seat)
    result = agent.search(state.observation(seat), seat, iterations=20000)
    print(result.text())
"""
from __future__ import annotations

import multiprocessing
import signal
import threading
import time
import zlib
from dataclasses import dataclass, field
from typing import Callable

from .. import notation
from .._core import GameState
from .. import data
from .._core import VP_CATEGORIES
from .lifetime import end_with_parent
from .._search import (CHANCE_MODES, EVALS, PLAYOUTS, REWARDS, Searcher, check_c_uct, check_depth_vp,
                       check_hist, check_mast_options, check_widen, playout_reads_tuned_weights)

DEFAULT_ITERATIONS = 1000
CHUNK_S = 0.002  # the longest stretch of compiled search between two looks at `stop` / on_info
EARLY_MIN_ITERATIONS = 200   # early stop (the best move can no longer change): not before this many
EARLY_STRETCH = 100          # ... and, with an iteration budget, only at multiples of this many
BANK_MAX = 20.0              # bank=X: the fastest rate at which a saved budget is spent (docs/search.md)
# bank=None: the measured default rate by players (docs/search.md "Budgets"): on in solo games (it won
# a paired match at 1 s a decision), off at 2-4 players (level in a first 2-player match).
BANK_RATES = {1: 4.0, 2: 0.0, 3: 0.0, 4: 0.0}
CLOSE_MAX = 1.0              # close=R: a close decision draws at most this many budgets from the bank,
CLOSE_STRETCH_S = 0.02       # in stretches of EARLY_STRETCH iterations or of this many seconds
# Root parallelism: worker k's tree is seeded with the search's seed + k x this. A Searcher's generator
# starts at seed x (splitmix64's step), so seeds 1 apart would give trees the same random stream one
# draw apart; 2**40 draws apart, no search comes near the other's numbers.
WORKER_SEED_STRIDE = 1 << 40


@dataclass
class Candidate:
    """One legal action at the root with the figures of the iterations that began with it."""

    action: int
    token: str
    visits: int
    share: float                 # visits / all root visits
    mean_reward: float           # mean reward of the searching seat (see docs/search.md)
    win_prob: float              # share of those iterations the searching seat won
    expected_vp: list[float]     # mean final VP of every seat
    breakdown: dict[str, float]  # mean VP gained by the searching seat per scoring category


@dataclass
class _Bank:
    """What one seat's decisions of its current game have saved of the agent's budget (`bank=`)."""

    players: int                 # the game's seats and the round of the seat's last decision: a game
    round: int                   # with other seats, or an earlier round, is a new one
    iterations: int = 0
    ms: float = 0.0


@dataclass
class SearchResult:
    """The analysis of one decision."""

    best: int
    iterations: int
    nodes: int
    elapsed_ms: float
    win_prob: float
    expected_margin: float       # mean (own VP - best other seat's VP) at the end
    pv: list[int]                # principal variation: actions and visible chance outcomes
    candidates: list[Candidate]  # most visited first
    pv_seats: list[int] = field(default_factory=list)  # seat of each pv entry, -1 for chance
    seat: int = 0
    lost_jobs: int = 0           # search processes (jobs > 1) that ended without sending their tree

    def warning(self) -> str:
        """What the user must know about this search ('' when nothing): the trees lost."""
        if not self.lost_jobs:
            return ""
        return (f"{self.lost_jobs} of the search's processes ended without their tree; "
                "the move comes from the others")

    def pv_turns(self) -> list[tuple[int, list[str]]]:
        """The principal variation grouped into whole turns: [(seat or -1 for chance, tokens)]."""
        turns: list[tuple[int, list[str]]] = []
        for who, a in zip(self.pv_seats, self.pv):
            tok = "?" if a < 0 else notation.format_action(a)
            if turns and turns[-1][0] == who:
                turns[-1][1].append(tok)
            else:
                turns.append((who, [tok]))
        return turns

    def pv_text(self) -> str:
        """The principal variation as text, one whole turn per part."""
        parts = []
        for who, toks in self.pv_turns():
            parts.append(("chance " if who < 0 else f"seat{who} ") + " ".join(toks))
        return " | ".join(parts)

    def text(self, top: int | None = None) -> str:
        """The analysis as a readable table (every candidate unless `top` is given)."""
        lines = [f"seat {self.seat}: best {notation.format_action(self.best)}  iterations {self.iterations}"
                 f"  nodes {self.nodes}  time {self.elapsed_ms:.0f} ms  win {self.win_prob:.1%}"
                 f"  margin {self.expected_margin:+.1f}",
                 f"{'move':<22}{'visits':>8}{'share':>7}{'reward':>8}{'win':>7}  expected VP (seat 0..)  breakdown"]
        for c in self.candidates[:top]:
            vp = " ".join(f"{v:5.1f}" for v in c.expected_vp)
            bd = " ".join(f"{k}={v:.1f}" for k, v in c.breakdown.items() if abs(v) >= 0.05)
            lines.append(f"{c.token:<22}{c.visits:>8}{c.share:>7.1%}{c.mean_reward:>8.3f}{c.win_prob:>7.1%}"
                         f"  {vp}  {bd}")
        lines.append("pv: " + self.pv_text())
        return "\n".join(lines)


TOTAL_ROUNDS = data.ROUNDS  # "over exactly 16 rounds" (game help)
DECISIONS_PER_TURN = 3     # a turn is about three real decisions (die, value, action/target)


def expected_decisions(observation: GameState) -> int:
    """The decisions a seat can still expect in this game: its turns left, about three real
    decisions each, plus two for the Maat and Scoring choices (at least 5)."""
    rounds_left = max(1, TOTAL_ROUNDS - int(observation.field("round")))
    return rounds_left * DECISIONS_PER_TURN + 2


def clock_budget_ms(remaining_ms: float, increment_ms: float, observation: GameState) -> float:
    """Movetime for one decision under a game clock with an increment.

    The time left is spread over the decisions the seat can still expect
    (:func:`expected_decisions`), and most of the increment is added; never more than half of the
    time left, at least 1 ms.
    """
    budget = remaining_ms / expected_decisions(observation) + 0.8 * increment_ms
    return max(1.0, min(budget, 0.5 * remaining_ms))


def worker_seed(base_seed: int, k: int) -> int:
    """The seed of tree k of a root-parallel search whose tree 0 has `base_seed`."""
    return (base_seed + k * WORKER_SEED_STRIDE) & 0xFFFFFFFFFFFFFFFF


def search_seed(seed: int, obs: GameState) -> int:
    """The seed of a search: the agent's seed mixed with a checksum of the position.

    The checksum is taken over the readable form of the state (``to_json``), which holds
    only the position (not the unused task-stack slots or the struct padding that the raw
    bytes carry), so equal observations give equal seeds.
    """
    return (seed * 1_000_003) ^ zlib.crc32(obs.to_json().encode())


def _merge(parts: list[dict], seat: int, elapsed_ms: float) -> SearchResult:
    """Merge the root statistics of one or more trees (root parallelism) into a result."""
    stats: dict[int, dict] = {}
    iterations = nodes = 0
    sum_win = sum_margin = 0.0
    for part in parts:
        iterations += part["iterations"]
        nodes += part["nodes"]
        sum_win += part["sum_win"]
        sum_margin += part["sum_margin"]
        for d in part["root"]:
            m = stats.get(d["action"])
            if m is None:
                stats[d["action"]] = {k: (list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v)
                                      for k, v in d.items()}
                continue
            for k in ("visits", "stat_visits", "avail", "reward_sum", "wins", "margin_sum"):
                m[k] += d[k]
            m["vp_sum"] = [a + b for a, b in zip(m["vp_sum"], d["vp_sum"])]
            m["bd_sum"] = {k: m["bd_sum"][k] + d["bd_sum"][k] for k in m["bd_sum"]}
    total = sum(d["visits"] for d in stats.values()) or 1
    cands = []
    for d in stats.values():
        v = max(d["visits"], 1)
        sv = max(d.get("stat_visits", d["visits"]), 1)   # a re-rooted tree's figures cover fewer
        cands.append(Candidate(
            action=d["action"], token=notation.format_action(d["action"]), visits=d["visits"],
            share=d["visits"] / total, mean_reward=d["reward_sum"] / v, win_prob=d["wins"] / sv,
            expected_vp=[x / sv for x in d["vp_sum"]],
            breakdown={k: d["bd_sum"][k] / sv for k in VP_CATEGORIES},
        ))
    cands.sort(key=lambda c: (-c.visits, -c.mean_reward, c.action))
    # pv: from the tree whose first move is the best and that gave it the most visits
    best = cands[0].action if cands else -1
    pv_part = max(parts, key=lambda p: next((d["visits"] for d in p["root"] if d["action"] == best), -1))
    pv = pv_part["pv"]
    if pv and pv[0][1] != best:
        pv = [(seat, best)]
    it = max(iterations, 1)
    return SearchResult(best=best, iterations=iterations, nodes=nodes, elapsed_ms=elapsed_ms,
                        win_prob=sum_win / it, expected_margin=sum_margin / it,
                        pv=[a for _, a in pv], pv_seats=[w for w, _ in pv], candidates=cands, seat=seat)


def _snapshot(sr: Searcher) -> dict:
    it, nodes, sw, sm = sr.totals()
    return {"iterations": it, "nodes": nodes, "sum_win": sw, "sum_margin": sm,
            "root": sr.root_stats(), "pv": sr.pv()}


def _is_close(sr: Searcher, close: float) -> bool:
    """Whether the second most visited root child has at least `close` times the visits of the first."""
    v1, v2 = sr.top_visits()
    return v1 > 0 and v2 >= close * v1


def _run_budget(sr: Searcher, iterations: int | None, deadline: float | None,
                stop_check: Callable[[], bool], tick: Callable[[], None] | None = None,
                early: bool = False, close: float = 0.0, extra_iterations: int = 0,
                extra_s: float = 0.0) -> None:
    """Run a searcher in short compiled stretches until the budget is spent or stop is asked.

    At least one iteration always runs, so that a search stopped (or out of time) at once still
    has a move to answer with. With `early`, the search also ends when the most visited root child
    is ahead of the second by more visits than the budget left could still add (for a time budget:
    the iterations the rate so far would fit into the time left): the answer can no longer change,
    so an obvious decision does not eat the whole budget (docs/search.md, "Budgets"). With `close`
    above 0, a search whose budget ends while its two most visited moves are close (:func:`_is_close`)
    goes on, a stretch at a time (EARLY_STRETCH iterations, CLOSE_STRETCH_S seconds), for as long as
    they stay close, up to `extra_iterations` more iterations (an iteration budget) or `extra_s` more
    seconds (a time budget); the early stop still ends a stretch that could not change the best move.
    """
    t_start = time.monotonic()
    i_start = sr.iterations
    if sr.iterations == 0:
        sr.run(1, CHUNK_S)
    while True:
        if stop_check():
            return
        left = -1 if iterations is None else iterations - sr.iterations
        now = time.monotonic()
        if left == 0 or (deadline is not None and now >= deadline):
            if close <= 0 or not _is_close(sr, close):
                return
            if left == 0:             # an iteration budget: one stretch more, from the extra
                step = min(EARLY_STRETCH, extra_iterations)
                if step == 0:
                    return
                extra_iterations -= step
                iterations += step
                left = step
            if deadline is not None and now >= deadline:   # a time budget: a stretch of time more
                step_s = min(CLOSE_STRETCH_S, extra_s)
                if step_s <= 0:
                    return
                extra_s -= step_s
                deadline = now + step_s
        done = sr.iterations - i_start
        # an iteration budget looks only at multiples of EARLY_STRETCH iterations, so that a search
        # stays deterministic for a seed and a budget; a time budget looks after every stretch
        if early and done >= EARLY_MIN_ITERATIONS and (deadline is not None or done % EARLY_STRETCH == 0):
            can_add = left
            if deadline is not None:
                by_time = int(done / max(now - t_start, 1e-6) * (deadline - now)) + 1
                can_add = by_time if left < 0 else min(left, by_time)
            if can_add >= 0:           # (an infinite search never stops by itself)
                v1, v2 = sr.top_visits()
                if v1 - v2 > can_add:
                    return
        chunk = CHUNK_S if deadline is None else max(0.0, min(CHUNK_S, deadline - now))
        n = left
        if early and deadline is None:
            n = EARLY_STRETCH - done % EARLY_STRETCH
            if left >= 0:
                n = min(n, left)
        sr.run(n, chunk)
        if tick is not None:
            tick()


def _worker(conn, raw: bytes, seat: int, seed: int, params: dict, iterations: int | None,
            movetime_s: float | None, stop) -> None:
    """A root-parallel worker process: its own tree, root statistics sent back at the end.

    It also ends when its parent ends (a GUI that kills the engine, SIGKILL, during ``go
    infinite``): no one is left to read its tree or to set ``stop``, and before, it searched on
    for ever. It ends then without a word (its parent's stderr may be gone too)."""
    end_with_parent()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C (to the whole group) is the parent's to handle
    sr = Searcher(raw, seat, seed=seed, **params)
    deadline = None if movetime_s is None else time.monotonic() + movetime_s
    _run_budget(sr, iterations, deadline, stop.is_set)
    conn.send(_snapshot(sr))
    conn.close()


def _end_workers(procs: list, mp_stop) -> None:
    """Stop the root-parallel processes of a search that is being abandoned: the stop event, then
    SIGTERM for any still running after a moment, then reap them."""
    if mp_stop is not None:
        mp_stop.set()
    for p, conn in procs:
        p.join(0.5)
        if p.is_alive():
            p.terminate()
        p.join(5.0)
        conn.close()


class ISMCTSAgent:
    """Single-observer ISMCTS with determinisation (compiled), root-parallel over processes.

    iterations / movetime_ms: the default budget per decision (both: whichever ends first;
    neither: 1000 iterations). c_uct: the UCT exploration constant, a finite number above 0 (rewards are in [0, 1]).
    reward: "auto" (= "margin"), "margin", "rank", "win" or "share" (docs/search.md).
    playout: "auto" (the measured choice of the table, _search.AUTO_PLAYOUT: the tuned policy in solo
    and 2-player games, the heuristic one at 3-4 players), "tuned", "tuned_lite", "heuristic", "greedy", "greedy_learned", "happy" or "random" (docs/search.md). margin_weight: the weight of the margin term of
    the "margin" reward (None: the measured default of the table, _search.MARGIN_WEIGHTS: 0.5 in solo games, 0.3 at 2 players, 0.1 at 3-4). cutoff: end playouts after this many decisions with the
    static evaluation (None: play to the end). eval: the evaluation at a cut-off, "static" (the
    hand-made estimate) or "learned" (the shipped linear model, docs/search.md "Learned evaluation").
    prior: weight of the playout policy's prior in the tree (0: off): untried actions are expanded
    in proportion to the policy's weights and each child's score gets prior * weight / max weight /
    (visits + 1) (progressive bias; docs/search.md "The tree").
    reuse: keep the subtree of the chosen action for the seat's next decision when that decision
    follows it directly (the next step of the same turn, no chance step or other seat between;
    jobs=1 only; on by default since it won a paired 2-player match; docs/search.md "Tree reuse").
    early: stop a search (jobs=1) as soon as no budget left could change the most visited move, so
    that an obvious decision does not eat the whole budget; None (the default): on in solo games, off
    at 2-4 players, as measured, and on wherever `bank` is (docs/search.md "Budgets").
    bank: carry the part of the agent's own budget that a decision leaves unspent (the early stop) to
    the seat's later decisions of the game: a decision searched by `choose` gets its budget plus
    min(1, bank / the decisions the seat can still expect) of the amount saved so far, for an
    iteration budget in iterations, for a movetime in ms; so a game never spends more than the budget
    times its decisions. 0: off; None (the default): the measured rate of the table, BANK_RATES: 4 in
    solo games (it won a paired match at 1 s), off at 2-4 players, and off where it cannot work
    (early=0, or jobs above 1). A rate above 0 given explicitly needs the early stop (early=0 is
    refused) and jobs=1. `search` with a budget of its own (the protocol's `go`) neither draws on it
    nor adds to it (docs/search.md "Budgets").
    close: spend the bank where a decision is not sure (0, the default: off): a decision searched by
    `choose` whose budget ends while the second most visited move has at least `close` times the
    visits of the first goes on, a stretch at a time, for as long as that holds, drawing on what the
    bank holds beyond the share it already got (at most CLOSE_MAX budgets); it turns the early stop
    and the bank's accounting on even where the bank's rate is 0 (then the share is 0 and only close
    decisions spend it); early=0 and jobs above 1 are refused (docs/search.md "Budgets").
    front: a schedule of the agent's own budget over the game (0, the default: off; in (-1, 1)): a
    decision searched by `choose` in round r (1-16; the setup's decisions count as round 1) gets the
    budget times 1 + front x (1 - 2 (r - 1) / 15), from 1 + front in the first round to 1 - front in
    the last (below 0: more late); a game has more decisions in its early rounds, so its mean budget
    moves with front a little (measured: +8 % at 0.5, -11 % at -0.5); the bank and close work from
    that budget.
    chance: "split" (the default: every outcome of a chance step the seat sees, a roll of the dice or a
    card dealt to the Market, is an edge of its own) or "merge" (all outcomes of a step share one
    edge, so the tree below it is open-loop and gathers the iterations of every outcome; docs/search.md
    "The tree").
    mast: the weight of move-average sampling in the playouts (0: off): a playout decision weighs each
    action by exp(mast x (the mean reward of the iterations of this search in which the seat took it -
    the seat's mean reward)); None (the default): the measured default of the table,
    _search.MAST_WEIGHTS: 10 at 2 players (it won a paired match at 1 s) and at 3-4 players (it won
    paired matches at 2,000 iterations), off in solo games (level there) (docs/search.md
    "Move-average sampling"). mast_freeze: the averages stop learning after this many iterations of
    a search (0, the default: never). mast_half: the weight falls as mast x mast_half / (mast_half +
    iterations of the search) (0, the default: constant).
    mix: the weight of the margin model (agents/marginmodel.py: the final margin learnt from the
    search's own solo games) against the playout in the searching seat's reward (0, the default: off;
    solo games only; docs/search.md "What each lever gained (twenty-sixth session)").
    playout_weights: a weight file of the tuned playout policy (agents/playoutmodel.py) that this
    agent's playouts use instead of the shipped one (None, the default: the shipped file); to measure
    a refit against the shipped weights in one match (docs/search.md "What each lever gained
    (twenty-seventh session)").
    depth_vp: VP added to each seat's reward for every decision of the seat that the playout policy took
    in the iteration (0, the default: off): the tree plays better than the playouts, so without it a leaf
    deeper in the tree scores more for that alone; what the search reports stays the playouts' VP
    (docs/search.md "What each lever gained (twenty-eighth session)"; measured level, not a default).
    hist: the weight of progressive history in the tree (0: off): an untried action is expanded in the
    order of its move average (the table of mast=, kept even where mast is 0) and a child's score gets
    hist x (its move average - the seat's mean reward) / (visits + 1); None (the default): the measured
    default of the table, _search.HIST_WEIGHTS: 10 at 2 players (it won a paired match), off in solo
    games (level there) and at 3-4 players (no gain in a first 3-player match) (docs/search.md "Progressive history").
    widen: progressive widening below the root (0, the default: off): a decision node other than the
    root adds a child only while it has fewer than ceil(widen x sqrt(visits + 1)) children available,
    in the order above; the root keeps every action (docs/search.md "What each lever gained
    (thirty-ninth session)"; measured level at 2 players, not a default).
    jobs: worker processes (root parallelism); one that ends without sending its tree (killed, or
    crashed) is counted in the result's `lost_jobs`, and the move comes from the other trees.
    seed: every search is deterministic for a seed and an iteration budget.
    """

    name = "ismcts"

    def __init__(self, *, iterations: int | None = None, movetime_ms: float | None = None,
                 c_uct: float = 0.4, reward: str = "auto", playout: str = "auto",
                 cutoff: int | None = None, jobs: int = 1, seed: int = 0,
                 max_nodes: int = 2_000_000, margin_weight: float | None = None,
                 eval: str = "static", prior: float = 0.0, reuse: bool = True, early: bool | None = None,
                 chance: str = "split", mast: float | None = None, mast_half: float = 0.0,
                 mast_freeze: int = 0, mix: float = 0.0, playout_weights: str | None = None,
                 depth_vp: float = 0.0, hist: float | None = None, widen: float = 0.0,
                 bank: float | None = None, close: float = 0.0, front: float = 0.0) -> None:
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if playout not in PLAYOUTS:
            raise ValueError(f"playout must be one of {', '.join(PLAYOUTS)}, not {playout!r}")
        if eval not in EVALS:
            raise ValueError(f"eval must be one of {', '.join(EVALS)}, not {eval!r}")
        if cutoff is not None and cutoff < 0:
            raise ValueError("cutoff must be at least 0")
        if jobs < 1:
            raise ValueError("jobs must be at least 1")
        if not prior >= 0:
            raise ValueError("prior must be at least 0")
        if chance not in CHANCE_MODES:
            raise ValueError(f"chance must be one of {', '.join(CHANCE_MODES)}, not {chance!r}")
        check_mast_options(mast, mast_half, mast_freeze)
        if not 0.0 <= mix <= 1.0:
            raise ValueError("mix must be in [0, 1]")
        if mix > 0 and REWARDS[reward] != REWARDS["margin"]:
            raise ValueError("mix needs the margin reward (reward auto or margin)")
        check_depth_vp(depth_vp, mix)
        check_hist(hist)
        check_widen(widen)
        check_c_uct(c_uct)
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if movetime_ms is not None and movetime_ms <= 0:
            raise ValueError("movetime_ms must be positive")
        if bank is not None and not 0.0 <= bank <= BANK_MAX:
            raise ValueError(f"bank must be in [0, {BANK_MAX:g}]")
        if bank is not None and bank > 0 and early is not None and not early:
            raise ValueError("bank needs the early stop (it is what saves budget): drop early=0")
        if bank is not None and bank > 0 and jobs != 1:
            raise ValueError("bank needs jobs=1 (the early stop runs in one process)")
        if not 0.0 <= close < 1.0:
            raise ValueError("close must be in [0, 1)")
        if close > 0 and early is not None and not early:
            raise ValueError("close needs the early stop (it is what fills the bank): drop early=0")
        if close > 0 and jobs != 1:
            raise ValueError("close needs jobs=1 (the bank works in one process)")
        if not -1.0 < front < 1.0:
            raise ValueError("front must be in (-1, 1)")
        self.iterations = iterations
        self.movetime_ms = movetime_ms
        self.c_uct = c_uct
        self.reward = reward
        self.playout = playout
        self.cutoff = cutoff
        self.jobs = jobs
        self.seed = seed
        self.max_nodes = max_nodes
        self.margin_weight = margin_weight
        self.eval = eval
        self.prior = prior
        self.chance = chance
        self.mast = mast
        self.mast_half = float(mast_half)
        self.mast_freeze = int(mast_freeze)
        self.mix = float(mix)
        self.depth_vp = float(depth_vp)
        self.hist = None if hist is None else float(hist)
        self.widen = float(widen)
        self.reuse = bool(reuse)
        self.early = None if early is None else bool(early)
        self.bank = None if bank is None else float(bank)
        self.close = float(close)
        self.front = float(front)
        self._banks: dict[int, _Bank] = {}   # seat -> what its decisions saved (bank)
        self._kept: tuple[Searcher, str, int] | None = None   # (tree, next observation, action): reuse
        if eval == "learned":
            from .evalmodel import install_default
            install_default()     # a missing or stale model file is refused here, not mid-game
        if self.mix > 0:
            from .marginmodel import install_default as install_margin
            install_margin()      # the shipped margin model, refused here when stale
        if playout_weights is not None and not playout_reads_tuned_weights(playout):
            raise ValueError(f"playout_weights needs a playout that reads the tuned weights, not {playout!r}")
        self.playout_weights = playout_weights
        if playout_reads_tuned_weights(playout):
            from .playoutmodel import check_file, install_default as install_playout
            install_playout()     # the same for the tuned policy's weights
            if playout_weights is not None:
                check_file(playout_weights)   # a missing or stale file is refused here too
        self.last: SearchResult | None = None

    def _params(self) -> dict:
        return {"c_uct": self.c_uct, "reward": self.reward, "playout": self.playout,
                "cutoff": self.cutoff or 0, "max_nodes": self.max_nodes,
                "margin_weight": self.margin_weight, "eval": self.eval, "prior": self.prior,
                "chance": self.chance, "mast": self.mast,
                "mast_half": self.mast_half, "mast_freeze": self.mast_freeze, "mix": self.mix,
                "depth_vp": self.depth_vp, "hist": self.hist, "widen": self.widen}

    def choose(self, observation: GameState, seat: int) -> int:
        """The most visited action after a search with the agent's default budget."""
        legal = observation.legal_actions()
        if len(legal) == 1:
            return legal[0]
        rate = self.bank_rate(observation.num_players())
        banked = rate > 0 or self.close > 0 or self.front != 0
        self.last = self._search_banked(observation, seat, rate) if banked else self.search(observation, seat)
        return self.last.best

    def bank_rate(self, players: int) -> float:
        """The rate of the bank in a game of `players` seats: the option `bank` when given, else the
        table's (BANK_RATES), 0 where the bank cannot work (early=0, or jobs above 1)."""
        if self.bank is not None:
            return self.bank
        if self.early is False or self.jobs != 1:
            return 0.0
        return BANK_RATES[players]

    def _search_banked(self, observation: GameState, seat: int, rate: float) -> SearchResult:
        """A search with the agent's budget (by the schedule `front`) plus its share (at `rate`) of
        what the seat's earlier decisions of this game saved, which it then adds to or draws from (the
        option `bank`; `close` may draw on the rest)."""
        iterations, movetime_ms = self._own_budget()
        players, rnd = observation.num_players(), int(observation.field("round"))
        if self.front != 0:         # the schedule over the game (the option `front`)
            f = 1.0 + self.front * (1.0 - 2.0 * (min(max(rnd, 1), TOTAL_ROUNDS) - 1) / (TOTAL_ROUNDS - 1))
            iterations = None if iterations is None else max(1, round(iterations * f))
            movetime_ms = None if movetime_ms is None else movetime_ms * f
        acct = self._banks.get(seat)
        if acct is None or acct.players != players or rnd < acct.round:    # a new game for this seat
            acct = self._banks[seat] = _Bank(players, rnd)
        acct.round = rnd
        share = min(1.0, rate / expected_decisions(observation))
        drawn_i, drawn_ms = int(acct.iterations * share), acct.ms * share
        extra_i, extra_ms = 0, 0.0
        if self.close > 0:          # a close decision may draw on the rest (the option `close`)
            if iterations is not None:
                extra_i = min(acct.iterations - drawn_i, int(CLOSE_MAX * iterations))
            if movetime_ms is not None:
                extra_ms = min(acct.ms - drawn_ms, CLOSE_MAX * movetime_ms)
        result = self.search(observation, seat,
                             iterations=None if iterations is None else iterations + drawn_i,
                             movetime_ms=None if movetime_ms is None else movetime_ms + drawn_ms,
                             _extra=(extra_i, extra_ms))
        if iterations is not None:
            acct.iterations = max(0, acct.iterations + iterations - result.iterations)
        if movetime_ms is not None:
            acct.ms = max(0.0, acct.ms + movetime_ms - result.elapsed_ms)
        return result

    def _own_budget(self) -> tuple[int | None, float | None]:
        """(iterations, movetime_ms) of the agent's own budget: its defaults, 1000 iterations when
        it has neither."""
        if self.iterations is None and self.movetime_ms is None:
            return DEFAULT_ITERATIONS, None
        return self.iterations, self.movetime_ms

    def banked(self, seat: int) -> tuple[int, float]:
        """(iterations, ms) that `seat`'s decisions of its current game have saved and not yet spent
        (the option `bank`; (0, 0.0) before its first decision)."""
        acct = self._banks.get(seat)
        return (0, 0.0) if acct is None else (acct.iterations, acct.ms)

    def search(self, observation: GameState, seat: int, *, iterations: int | None = None,
               movetime_ms: float | None = None, stop: threading.Event | None = None,
               on_info: Callable[[SearchResult], None] | None = None,
               info_interval_ms: float = 250, _extra: tuple[int, float] = (0, 0.0)) -> SearchResult:
        """Search the decision of `seat` and return the analysis.

        The state is masked with ``observation(seat)`` again (a no-op on an observation), so
        nothing the seat cannot see reaches the search. The seed of the search is the agent's
        seed mixed with a checksum of the observation: equal observations, equal results.
        Budget: `iterations` (total over the jobs) and/or `movetime_ms`, else the agent's
        defaults. `stop` ends the search within a few ms; `on_info` gets the figures so far
        every `info_interval_ms` (from the tree of the calling process).
        """
        obs = observation.observation(seat)
        if obs.current_player() != seat:
            raise ValueError(f"seat {seat} is not to decide in this position")
        if iterations is None and movetime_ms is None:
            iterations, movetime_ms = self._own_budget()
        if playout_reads_tuned_weights(self.playout):
            from .playoutmodel import use
            use(self.playout_weights)   # this agent's weights (another agent may have swapped them)
        raw = obs.to_bytes()
        base_seed = search_seed(self.seed, obs)
        t0 = time.monotonic()
        deadline = None if movetime_ms is None else t0 + movetime_ms / 1000.0
        jobs = self.jobs
        if iterations is not None:
            jobs = max(1, min(jobs, iterations))
        shares = [None] * jobs if iterations is None else \
            [iterations // jobs + (1 if k < iterations % jobs else 0) for k in range(jobs)]
        params = self._params()

        procs = []
        mp_stop = None
        if jobs > 1:
            ctx = multiprocessing.get_context("fork")
            mp_stop = ctx.Event()
            for k in range(1, jobs):
                parent, child = ctx.Pipe(duplex=False)
                p = ctx.Process(target=_worker, daemon=True,
                                args=(child, raw, seat, worker_seed(base_seed, k), params, shares[k],
                                      None if movetime_ms is None else movetime_ms / 1000.0, mp_stop))
                p.start()
                child.close()
                procs.append((p, parent))

        try:
            sr = None
            kept, self._kept = self._kept, None
            if self.reuse and jobs == 1 and kept is not None and kept[1] == obs.to_json() \
                    and kept[0].reroot(kept[2], raw):
                sr = kept[0]             # the subtree of the last decision's move (docs/search.md)
            if sr is None:
                sr = Searcher(raw, seat, seed=base_seed, **params)
            last_info = [t0]

            def stop_check() -> bool:
                if stop is not None and stop.is_set():
                    if mp_stop is not None:
                        mp_stop.set()
                    return True
                return False

            def tick() -> None:
                if on_info is None:
                    return
                now = time.monotonic()
                if (now - last_info[0]) * 1000.0 >= info_interval_ms:
                    last_info[0] = now
                    on_info(_merge([_snapshot(sr)], seat, (now - t0) * 1000.0))

            early = self.early if self.early is not None else (obs.num_players() == 1 or self.close > 0
                                                               or self.bank_rate(obs.num_players()) > 0)
            _run_budget(sr, shares[0], deadline, stop_check, tick, early=early and jobs == 1,
                        close=self.close, extra_iterations=_extra[0], extra_s=_extra[1] / 1000.0)
            parts = [_snapshot(sr)]
            lost = 0
            for p, conn in procs:
                while not conn.poll(0.001):
                    stop_check()            # called for its effect: a stop sets the helpers' stop event
                    if not p.is_alive() and not conn.poll(0):
                        break
                try:
                    part = conn.recv() if conn.poll(0) else None
                except (EOFError, OSError):     # the process ended without sending its tree
                    part = None
                if part is None:
                    lost += 1
                else:
                    parts.append(part)
                p.join()
        except BaseException:
            # Ctrl-C (KeyboardInterrupt) or an error in this process: the other processes would
            # search on with no one to read them (for ever under go infinite); stop them first
            _end_workers(procs, mp_stop)
            raise
        result = _merge(parts, seat, (time.monotonic() - t0) * 1000.0)
        result.lost_jobs = lost
        if self.reuse and jobs == 1:
            nxt = GameState.from_bytes(raw)
            nxt.apply(result.best)
            if not nxt.is_terminal() and not nxt.is_chance() and nxt.current_player() == seat:
                self._kept = (sr, nxt.observation(seat).to_json(), result.best)
        return result
