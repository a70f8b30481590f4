"""Engine-vs-engine matches: games between two agent SPECs, records that replay, Elo, LOS and SPRT.

A match plays ``games`` games between side A and side B (SPECs of
:mod:`tekhenu_engine.agents.registry`). The referee holds the true state, draws chance
outcomes with the game's seed and gives each agent only the observation of its seat; every
game is played by the one game loop :func:`tekhenu_engine.agents.play.play_out`.

Seats and pairs: in game ``i`` side A plays the seats ``s`` with ``(s + i) % 2 == 0`` and side B
the others, so in 2-player games the seats alternate, and in 3- and 4-player games the sides
interleave around the table and swap every game. Games ``2k`` and ``2k+1`` share one seed (the
same dice and draws with the seatings swapped): a **pair**, which the statistics count as one
pentanomial outcome like fastchess. When a side is ``botankhamun:...`` every game is a solo game
(``players 1``): the other side plays seat 0, Botankhamun seat 1, every game has its own seed.

Seeds, not processes, fix a game: in-process agents are made afresh for every game with seeds
derived from the game's seed, so ``--jobs N`` plays the same games as ``--jobs 1``.

Faults (like cutechess-cli): a side whose agent raises, whose external engine exits, hangs past
its move limit, never completes the handshake or sends an illegal or no move loses the game;
the record keeps the reason (``error``, ``faulty_side``) and the match goes on (an external
engine is restarted for the next game). A process of ``--jobs N`` that dies mid-game (killed,
crashed in compiled code, unable to start) is not a side's fault: the match stops at once with
:class:`WorkerDied`, and the games recorded before it stand.

A game record (one JSON object per line) holds the table options and every action applied
after :meth:`GameState.new` (decisions and chance outcomes) as tokens; :func:`replay` rebuilds
the game from it exactly, whatever the seed.
"""
from __future__ import annotations

import json
import math
import pickle
import signal
import time
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from ._core import GameState
from .agents.lifetime import end_with_parent
from .agents.play import AgentFault, play_out
from .agents.registry import (DEFAULT_MARGIN_MS, DEFAULT_MOVE_TIMEOUT_S, BotankhamunSide, EngineFault, ExternalEngine,
                              make_agent, parse_spec)
from .notation import NOTATION_VERSION, format_action, parse_action, upgrade_record
from .options import TableOptions


@dataclass
class MatchConfig:
    """What to play: two SPECs, the player count, the number of games, the base seed and the
    default move limits of ``cmd:`` engines (seconds without a movetime; ms added to one)."""

    a: str
    b: str
    players: int | None = None
    games: int = 10
    seed: int = 0
    move_timeout: float = DEFAULT_MOVE_TIMEOUT_S
    margin_ms: int = DEFAULT_MARGIN_MS
    options: TableOptions = field(default_factory=TableOptions)

    def _extra(self) -> dict:
        """The table options that differ from the defaults (they join the record's table)."""
        base = TableOptions().to_dict()
        return {k: v for k, v in self.options.to_dict().items() if v != base[k]}

    def table(self) -> dict:
        """The table options of every game (solo when a side is Botankhamun): ``players``, the
        options that differ from the defaults, Botankhamun's level."""
        bots = [parse_spec(s) for s in (self.a, self.b) if parse_spec(s).kind == "botankhamun"]
        if len(bots) == 2:
            raise ValueError("both sides are Botankhamun: a match needs one side that decides")
        if bots:
            if self.players not in (None, 1):
                raise ValueError("a Botankhamun side plays solo games: --players must be 1 or left out")
            bot = make_agent(bots[0].text)
            assert isinstance(bot, BotankhamunSide)
            self.options.check_players(1)
            return {"players": 1, **self._extra(), "difficulty": bot.difficulty, "decree8": bot.decree8}
        players = self.players or 2
        if players not in (2, 3, 4):
            raise ValueError(f"--players must be 2, 3 or 4 without a Botankhamun side, not {players}")
        self.options.check_players(players)
        return {"players": players, **self._extra()}

    def paired(self) -> bool:
        """True when games 2k and 2k+1 are one pair (one seed, seatings swapped): not in solo."""
        return self.table()["players"] != 1

    def same_match(self, record: dict) -> bool:
        """True when ``record`` is a game of this match (for ``--append``)."""
        return (record.get("a"), record.get("b"), record.get("table"), record.get("base_seed")) == \
            (self.a, self.b, self.table(), self.seed)


def seat_sides(players: int, game: int, bot_side: str | None) -> list[str]:
    """Which side ('a' or 'b') plays each seat in game number ``game``."""
    if players == 1:
        other = "b" if bot_side == "a" else "a"
        return [other, bot_side or "b"]
    return ["a" if (s + game) % 2 == 0 else "b" for s in range(players)]


GAME_SEED_STRIDE = 1_000_003   # a game's seed: the match's --seed times this, plus the game (or its pair)


def game_seed(config: MatchConfig, game: int) -> int:
    """The seed of game ``game``: shared by the two games of a pair."""
    return config.seed * GAME_SEED_STRIDE + (game // 2 if config.paired() else game)


def match_seed_of(seed: int) -> int:
    """The ``--seed`` of the match that played a game of seed ``seed`` (:func:`game_seed` inverted)."""
    return seed // GAME_SEED_STRIDE


def new_state(table: dict, seed: int) -> GameState:
    """The first position of a game with the record's table (``players`` plus TableOptions fields)."""
    opts = {k: v for k, v in table.items() if k != "players"}
    return GameState.new(table["players"], seed, TableOptions.from_dict(opts))


def _bot_side(config: MatchConfig) -> str | None:
    return next((k for k, s in (("a", config.a), ("b", config.b)) if parse_spec(s).kind == "botankhamun"), None)


def play_game(config: MatchConfig, game: int, engines: dict[str, Any] | None = None) -> dict:
    """Play one game of the match; returns its record.

    ``engines`` keeps the external (``cmd:``) engines of the sides between games (they are made
    and stored there when missing, and restarted when they died); other agents are made for
    the game. A fault of a side (see the module docstring) scores the game for the other side."""
    table = config.table()
    sides = seat_sides(table["players"], game, _bot_side(config))
    seed = game_seed(config, game)
    rec: dict[str, Any] = {"notation": NOTATION_VERSION, "game": game, "seed": seed, "base_seed": config.seed, "table": table, "sides": sides,
                           "a": config.a, "b": config.b, "moves": [], "vp": None, "winner": None,
                           "winner_side": None, "error": None, "faulty_side": None}
    t0 = time.perf_counter()
    own = engines is None  # engines made here end with the game
    engines = {} if engines is None else engines
    agents: dict[str, Any] = {}
    side = None

    def choose(seat: int, obs: GameState) -> int:
        try:
            return agents[sides[seat]].choose(obs, seat)
        except AgentFault:
            raise
        except EngineFault as e:  # the message names the engine and what happened
            raise AgentFault(seat, str(e)) from None
        except Exception as e:  # the agent's failure, not the referee's
            raise AgentFault(seat, f"{type(e).__name__}: {e}") from None

    try:
        for side, spec, s in (("a", config.a, seed), ("b", config.b, seed + 1)):
            if parse_spec(spec).kind == "cmd":
                eng = engines.get(side)
                if eng is None:
                    eng = engines[side] = make_agent(spec, move_timeout=config.move_timeout,
                                                     margin_ms=config.margin_ms, start=False)
                eng.new_game(s)
                agents[side] = eng
            else:
                agents[side] = make_agent(spec, seed=s)
        side = None
        state = new_state(table, seed)
        try:
            play_out(state, choose, on_action=lambda st, seat, a: rec["moves"].append(format_action(a)))
        except AgentFault as e:
            side = sides[e.seat]
            name = getattr(agents[side], "name", side)
            who = f"side {side}" if e.reason.startswith(str(name)) else f"side {side} ({name})"
            raise AgentFault(e.seat, f"{who}: {e.reason}") from None
        rec["vp"] = state.returns()
        rec["winner"] = state.winner()
        rec["winner_side"] = sides[rec["winner"]] if rec["winner"] is not None and rec["winner"] >= 0 else None
    except Exception as e:  # a side's failure is a lost game, never a crash of the match
        reason = getattr(e, "reason", None) or f"{type(e).__name__}: {e}"
        rec["error"] = " ".join(str(reason).split())[:500]
        if side is not None:
            rec["faulty_side"] = side
            rec["winner_side"] = "b" if side == "a" else "a"
    finally:
        if own:
            for eng in engines.values():
                eng.close()
    rec["seconds"] = round(time.perf_counter() - t0, 3)
    return rec


def play_move(state: GameState, token: str, number: int) -> int:
    """Play move `number` (1 = the first) of a record, given as its token, on `state`; returns the
    action. ValueError naming the move when the token is not a move or cannot be played there
    (the state is then unchanged)."""
    try:
        action = parse_action(token)
    except ValueError as e:
        raise ValueError(f"move {number} ({token!r}) is not a move: {e}") from None
    try:
        state.apply(action)
    except ValueError as e:
        why = "it is not legal there" if str(e).startswith("illegal action") else str(e)
        raise ValueError(f"move {number} ({token!r}) cannot be played in the position the record reaches: "
                         f"{why}") from None
    return action


def replay(record: dict, moves: int | None = None) -> GameState:
    """The state of a recorded game after its first `moves` moves (None: all, the final state),
    rebuilt from its table options and move tokens. ValueError saying what is wrong when the
    record lacks what a replay reads or a move cannot be played (:func:`play_move`)."""
    record = _checked(upgrade_record(record))
    state = new_state(record["table"], record["seed"])
    for number, tok in enumerate(record["moves"][:moves], 1):
        play_move(state, tok, number)
    return state


_ENGINES: dict[str, ExternalEngine] = {}  # the external engines of one pool worker process


def _close_engines() -> None:
    for eng in _ENGINES.values():
        eng.close()


def _worker_init() -> None:
    import atexit

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    atexit.register(_close_engines)
    # ended with its parent however the parent ends (SIGKILL, a SIGTERM that a caller of
    # run_match does not handle), its external engines killed first: before, both workers of a
    # --jobs 2 match killed with SIGKILL searched their games to the end with no one to read them
    end_with_parent(before_exit=_kill_engines)


def _kill_engines() -> None:
    for eng in list(_ENGINES.values()):
        eng.kill()


class WorkerDied(RuntimeError):
    """A process of ``run_match(jobs > 1)`` ended without returning its game: killed (out of memory,
    a signal), crashed in compiled code, or unable to start (a package that does not import). The
    match stops with this error instead of waiting for the game; the games returned so far stand."""


def _exit_reason(code: int | None) -> str:
    """How a process ended, for an error message: its exit status or the signal that killed it."""
    if code is not None and code < 0:
        try:
            return f"was killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"was killed by signal {-code}"
    return f"exited with status {code}"


def _worker_main(config: MatchConfig, conn: Any) -> None:
    """One match process: plays the game numbers the parent sends, sends back (record, None, "") or
    (None, exception, its traceback) for each, and ends at None."""
    _worker_init()
    while (game := conn.recv()) is not None:
        try:
            conn.send((play_game(config, game, _ENGINES), None, ""))
        except Exception as e:             # a referee error: the parent raises it
            where = "".join(traceback.format_exception(e))
            try:
                pickle.dumps(e)
            except Exception:
                e = RuntimeError(where)
            conn.send((None, e, where))


class RemoteTraceback(Exception):
    """The traceback of an exception raised in a match process (the cause of the one re-raised)."""


@dataclass
class _Worker:
    proc: Any
    conn: Any
    game: int | None = None       # the game it plays, None when idle or told to end


def _run_parallel(config: MatchConfig, todo: list[int], jobs: int) -> Iterator[dict]:
    """The games of ``todo`` played by ``jobs`` spawned processes, yielded as they end. The parent
    watches each process as well as its answer, so one that dies mid-game raises WorkerDied at
    once (a process pool would start a new one and wait for that game for ever); stopping the
    iteration, an error or WorkerDied terminate every process at once."""
    import multiprocessing as mp
    from multiprocessing.connection import wait

    ctx = mp.get_context("spawn")
    queue = list(reversed(todo))
    workers: list[_Worker] = []
    try:
        for _ in range(min(jobs, len(todo))):
            mine, theirs = ctx.Pipe()
            proc = ctx.Process(target=_worker_main, args=(config, theirs), daemon=True)
            proc.start()
            theirs.close()
            workers.append(_Worker(proc, mine))
        for w in workers:
            w.game = queue.pop()
            try:
                w.conn.send(w.game)
            except OSError:             # it has ended already (it could not start): the wait says so
                pass
        while any(w.game is not None for w in workers):
            busy = [w for w in workers if w.game is not None]
            wait([w.conn for w in busy] + [w.proc.sentinel for w in busy])
            for w in busy:
                if w.conn.poll():       # its answer (read first: the process may have ended since)
                    try:
                        rec, err, where = w.conn.recv()
                    except (EOFError, OSError):     # the process ended without answering
                        pass
                    else:
                        if err is not None:
                            raise err from RemoteTraceback(f"in the process playing game {w.game + 1}:\n{where}")
                        w.game = queue.pop() if queue else None
                        try:
                            w.conn.send(w.game)
                        except OSError:  # it has ended since: the next wait says so
                            pass
                        yield rec
                        continue
                if not w.proc.is_alive():  # no answer, and it has ended
                    w.proc.join(1.0)
                    raise WorkerDied(f"the process playing game {w.game + 1} {_exit_reason(w.proc.exitcode)} "
                                     "before the game ended (its error, if any, is printed above); the games "
                                     "returned before it stand")
        for w in workers:
            w.proc.join(5.0)
    finally:
        for w in workers:
            if w.proc.is_alive():
                w.proc.terminate()
        for w in workers:
            w.proc.join(5.0)
            if w.proc.is_alive():
                w.proc.kill()
                w.proc.join()
            w.conn.close()


def run_match(config: MatchConfig, jobs: int = 1, skip: set[int] | None = None,
              on_game: Callable[[dict], None] | None = None) -> Iterator[dict]:
    """Play the games of the match that are not in ``skip`` (``jobs`` processes; 1 plays in this
    process), yielding records as they end. Stopping the iteration stops the match.

    External engines are started once per process and side (restarted after a failure). With
    ``jobs > 1`` a process that dies mid-game (killed, crashed, or unable to start) raises
    :class:`WorkerDied` at once; the records yielded before it stand."""
    config.table()  # validate before starting
    todo = [g for g in range(config.games) if g not in (skip or set())]
    if jobs <= 1:
        engines: dict[str, Any] = {}
        try:
            for g in todo:
                rec = play_game(config, g, engines)
                if on_game:
                    on_game(rec)
                yield rec
        finally:
            for eng in engines.values():
                eng.close()
        return
    for rec in _run_parallel(config, todo, jobs):
        if on_game:
            on_game(rec)
        yield rec


# ----------------------------------------------------------------------------- statistics
def elo_from_score(score: float) -> float:
    """Elo difference for an expected score in (0, 1)."""
    return -400.0 * math.log10(1.0 / score - 1.0)


# The summary's figures (VP, margins, Elo, score, LOS) keep 6 decimals: a report that shows them
# with fewer digits (the strength report's "+9.5", "> +77") must round once, from the figure itself;
# a figure rounded here to 1 or 2 decimals and again for display can land on the wrong side
# (9.4537 -> 9.45 -> "+9.4"; Elo 77.46 -> 77.5 -> "+78").
SUMMARY_DECIMALS = 6


def _r(x: float) -> float:
    return round(x, SUMMARY_DECIMALS) + 0.0  # never -0.0


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion k/n."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def mean_ci95(xs: list[float]) -> tuple[float, float, float]:
    """(mean, low, high): the mean of xs with its 95% normal interval (low = high = the mean for
    fewer than 2 values)."""
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, m, m
    h = 1.96 * math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1) / n)
    return m, m - h, m + h


def points_a(rec: dict) -> float | None:
    """Side A's points of a game (1, 1/2, 0), None when it does not count (a referee error)."""
    if rec.get("error") and not rec.get("faulty_side"):
        return None
    return 1.0 if rec["winner_side"] == "a" else 0.0 if rec["winner_side"] == "b" else 0.5


def pentanomial(records: list[dict]) -> list[int]:
    """Counts of pair scores 0, 1/2, 1, 3/2, 2 (side A's points over both games of a pair);
    pairs with a game missing or not counted are left out.

    A pair is games 2k and 2k + 1 of one run (the record's ``base_seed``, the match's ``--seed``;
    a record without it counts as one run), so records of several runs, whose game numbers
    overlap, can be counted together. ValueError when a pair has more than two games (the same
    run's games given twice)."""
    by_pair: dict[tuple, list[float]] = {}
    for r in records:
        p = points_a(r)
        if p is not None:
            by_pair.setdefault((r.get("base_seed"), r["game"] // 2), []).append(p)
    out = [0] * 5
    for (base, k), pts in by_pair.items():
        if len(pts) > 2:
            raise ValueError(f"games {2 * k} and {2 * k + 1} of the run of seed {base}: {len(pts)} records, "
                             "a pair has 2 (the same games given twice?)")
        if len(pts) == 2:
            out[int(round(2 * sum(pts)))] += 1
    return out


@dataclass
class SPRT:
    """A sequential probability ratio test of H0: Elo = elo0 against H1: Elo = elo1 (logistic
    Elo, the generalised SPRT of fastchess and OpenBench: normal approximation of the
    log-likelihood ratio over pair scores when games are paired, game scores otherwise)."""

    elo0: float = 0.0
    elo1: float = 10.0
    alpha: float = 0.05
    beta: float = 0.05

    @classmethod
    def parse(cls, text: str) -> "SPRT":
        """``elo0=0 elo1=10 alpha=0.05 beta=0.05`` (any subset, space or comma separated)."""
        vals: dict[str, float] = {}
        for part in text.replace(",", " ").split():
            k, eq, v = part.partition("=")
            if not eq or k not in ("elo0", "elo1", "alpha", "beta") or k in vals:
                raise ValueError(f"--sprt takes elo0=.. elo1=.. alpha=.. beta=.., not {part[:40]!r}")
            try:
                x = float(v)
            except ValueError:
                raise ValueError(f"--sprt {k} takes a number, not {v[:40]!r}") from None
            if not math.isfinite(x) or not v.isascii():
                raise ValueError(f"--sprt {k} takes a finite number, not {v[:40]!r}")
            vals[k] = x
        s = cls(**vals)
        if not s.elo0 < s.elo1:
            raise ValueError("--sprt needs elo0 < elo1")
        if not (0 < s.alpha < 1 and 0 < s.beta < 1 and s.alpha + s.beta < 1):
            raise ValueError("--sprt needs 0 < alpha, beta and alpha + beta < 1")
        return s

    def bounds(self) -> tuple[float, float]:
        """(lower, upper): H0 is accepted at or below lower, H1 at or above upper."""
        return (math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha))

    def llr(self, counts: list[int], values: list[float]) -> float:
        """The log-likelihood ratio of outcome ``counts`` with scores ``values`` (in [0, 1])."""
        n = sum(counts)
        if n == 0:
            return 0.0
        c = [k + 0.25 for k in counts]  # regularised (a quarter per outcome): a sweep has a variance
        tot = sum(c)
        mean = sum(k * v for k, v in zip(c, values)) / tot
        var = sum(k * (v - mean) ** 2 for k, v in zip(c, values)) / tot
        s0, s1 = (1 / (1 + 10 ** (-e / 400)) for e in (self.elo0, self.elo1))
        return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)

    def state(self, records: list[dict], paired: bool) -> dict:
        """LLR, bounds and the decision ("H0", "H1" or None) of the records so far."""
        if paired:
            counts, values = pentanomial(records), [0.0, 0.25, 0.5, 0.75, 1.0]
        else:
            pts = [p for p in map(points_a, records) if p is not None]
            counts, values = [pts.count(0.0), pts.count(0.5), pts.count(1.0)], [0.0, 0.5, 1.0]
        llr = self.llr(counts, values)
        lo, hi = self.bounds()
        decision = "H1" if llr >= hi else "H0" if llr <= lo else None
        return {"llr": round(llr, 3), "lower": round(lo, 3), "upper": round(hi, 3), "decision": decision,
                "elo0": self.elo0, "elo1": self.elo1, "alpha": self.alpha, "beta": self.beta}


def summarise(records: list[dict], config: MatchConfig, sprt: SPRT | None = None) -> dict:
    """The match summary: W-L-D of A, errors, mean VP and margin per side, Elo of A over B with a
    95% interval, LOS, the pentanomial counts of pairs and the SPRT state.

    A game counts a win for the side owning the winning seat (rulebook tie-breaks), a draw only
    when the rules core names no winner, and a loss for a side that failed (``faulty_side``).
    ``errors`` counts failed games; games with an error that is no side's fault are left out.
    A 100 % (0 %) score has no finite Elo: ``elo`` is None and ``elo_bound`` the 95% lower (upper)
    bound from the Wilson interval (``elo_bound_kind`` "lower" / "upper")."""
    scored = [r for r in records if points_a(r) is not None]
    played = [r for r in scored if not r.get("error")]
    out: dict[str, Any] = {"games": len(records), "errors": sum(1 for r in records if r.get("error")),
                           "a": {"spec": config.a}, "b": {"spec": config.b}}
    pts = [points_a(r) for r in scored]
    w, l_, d = pts.count(1.0), pts.count(0.0), pts.count(0.5)
    out.update(wins=w, losses=l_, draws=d)
    out["errors_by_side"] = {s: sum(1 for r in records if r.get("faulty_side") == s) for s in ("a", "b")}
    margins = []
    for side in ("a", "b"):
        vps = [sum(v for v, s in zip(r["vp"], r["sides"]) if s == side) / r["sides"].count(side) for r in played]
        out[side].update(wins=sum(1 for r in scored if r["winner_side"] == side),
                         mean_vp=_r(sum(vps) / len(vps)) if vps else None)
    for r in played:
        va = [v for v, s in zip(r["vp"], r["sides"]) if s == "a"]
        vb = [v for v, s in zip(r["vp"], r["sides"]) if s == "b"]
        margins.append(sum(va) / len(va) - sum(vb) / len(vb))
    out["a"]["mean_margin"] = _r(sum(margins) / len(margins)) if margins else None
    out["b"]["mean_margin"] = _r(-sum(margins) / len(margins)) if margins else None
    # A's mean margin with its 95% interval (None for fewer than 2 games played)
    out["margin_ci95"] = [_r(x) for x in mean_ci95(margins)[1:]] if len(margins) > 1 else None
    n = len(pts)
    out["score"], out["elo"], out["elo_ci95"], out["elo_bound"], out["elo_bound_kind"] = None, None, None, None, None
    if n:
        score = sum(pts) / n
        out["score"] = _r(score)
        if score in (0.0, 1.0):
            lo, hi = wilson(sum(pts), n)
            out["elo_bound_kind"] = "lower" if score == 1.0 else "upper"
            out["elo_bound"] = _r(elo_from_score(lo if score == 1.0 else hi))
        else:
            var = sum((p - score) ** 2 for p in pts) / n
            se = math.sqrt(var / n)
            out["elo"] = _r(elo_from_score(score))
            lo, hi = score - 1.96 * se, score + 1.96 * se
            wlo, whi = wilson(sum(pts), n)  # where the normal interval leaves (0, 1)
            lo, hi = (lo if lo > 0 else wlo), (hi if hi < 1 else whi)
            out["elo_ci95"] = [_r(elo_from_score(lo)), _r(elo_from_score(hi))]
    out["los"] = _r(0.5 * (1 + math.erf((w - l_) / math.sqrt(2 * (w + l_))))) if w + l_ else None
    out["players"] = config.table()["players"]
    out["paired"] = config.paired()
    if out["paired"]:
        out["pentanomial"] = pentanomial(records)
    if sprt is not None:
        out["sprt"] = sprt.state(records, out["paired"])
    return out


def _elo_text(s: dict) -> str:
    if s["elo"] is not None:
        lo, hi = s["elo_ci95"]
        return f"Elo {s['elo']:+.1f} (95% {lo:+.1f} .. {hi:+.1f})"
    if s["elo_bound"] is not None:
        sign = ">" if s["elo_bound_kind"] == "lower" else "<"
        return f"Elo {sign} {s['elo_bound']:+.1f} (95% bound: {'every' if sign == '>' else 'no'} game won)"
    return "Elo -"


def progress_line(s: dict, rec: dict | None = None, total: int | None = None) -> str:
    """One line for the running match: the game just ended, then ``A vs B: W-L-D``, Elo, LOS, SPRT."""
    head = ""
    if rec is not None:
        res = "error: " + rec["error"] if rec.get("error") else \
            {"a": "A wins", "b": "B wins", None: "draw"}[rec["winner_side"]]
        if rec.get("error") and rec.get("faulty_side"):
            res = f"{rec['faulty_side'].upper()} loses ({rec['error']})"
        head = f"game {rec['game'] + 1}{'/' + str(total) if total else ''}: {res[:200]} | "
    line = f"{head}{s['a']['spec']} vs {s['b']['spec']}: {s['wins']}-{s['losses']}-{s['draws']}  {_elo_text(s)}"
    if s.get("los") is not None:
        line += f"  LOS {100 * s['los']:.1f}%"
    if s.get("sprt"):
        p = s["sprt"]
        line += f"  LLR {p['llr']:+.2f} ({p['lower']:+.2f}, {p['upper']:+.2f})"
    return line


def format_summary(s: dict) -> str:
    """The summary as text for a person."""
    lines = [f"{s['games']} games ({s['players']}-player{' solo' if s['players'] == 1 else ''}), "
             f"{s['errors']} errors, {s['draws']} draws"]
    ci = s.get("margin_ci95")
    for side in ("a", "b"):
        d = s[side]
        margin = "-" if d["mean_margin"] is None else f"{d['mean_margin'] + 0.0:+.2f}"
        if ci and d["mean_margin"] is not None:   # A's interval; B's is its mirror image
            lo, hi = ci if side == "a" else (-ci[1], -ci[0])
            margin += f" (95% {lo + 0.0:+.2f} .. {hi + 0.0:+.2f})"
        vp = "-" if d["mean_vp"] is None else f"{d['mean_vp']:.2f}"
        lines.append(f"  {side.upper()} {d['spec']}: {d['wins']} wins, mean VP {vp}, "
                     f"mean margin {margin}, {s['errors_by_side'][side]} games lost by faults")
    lines.append(f"  A vs B: {s['wins']}-{s['losses']}-{s['draws']} (W-L-D of A)"
                 + (f", score {s['score']:.3f}" if s["score"] is not None else ""))
    lines.append(f"  {_elo_text(s)} of A over B" + (f", LOS {100 * s['los']:.1f}%" if s["los"] is not None else ""))
    if s.get("pentanomial") is not None:
        lines.append(f"  pairs (pentanomial 0-2 points of A): {s['pentanomial']}")
    if s.get("sprt"):
        p = s["sprt"]
        verdict = {"H1": "H1 accepted", "H0": "H0 accepted", None: "undecided"}[p["decision"]]
        lines.append(f"  SPRT elo0={p['elo0']:g} elo1={p['elo1']:g} alpha={p['alpha']:g} beta={p['beta']:g}: "
                     f"LLR {p['llr']:+.2f} (bounds {p['lower']:+.2f}, {p['upper']:+.2f}): {verdict}")
    return "\n".join(lines)


def _checked(record: dict) -> dict:
    """The record, when it has what a replay reads (``table`` with ``players``, a whole-number
    ``seed``, ``moves`` a list of move tokens); ValueError saying what it lacks."""
    table = record.get("table")
    if not isinstance(table, dict) or type(table.get("players")) is not int:
        raise ValueError("it has no 'table' object with a whole-number 'players'")
    if type(record.get("seed")) is not int:
        raise ValueError("it has no whole-number 'seed'")
    moves = record.get("moves")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise ValueError("it has no 'moves' list of move tokens")
    return record


def load_records(path: str) -> list[dict]:
    """Game records from a JSON-lines file written by ``tekhenu match --out``, blank lines skipped,
    in today's notation (:func:`~tekhenu_engine.notation.upgrade_record`). OSError when the file
    cannot be read; ValueError naming the file and the line when a line is not a game record
    (not a JSON object, a notation version this engine does not read, or without the table,
    seed and moves that a replay reads)."""
    records = []
    with open(path, encoding="utf-8") as f:
        for no, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                records.append(_checked(upgrade_record(json.loads(line))))
            except ValueError as e:
                raise ValueError(f"{path}, line {no}: not a game record of 'tekhenu match --out' "
                                 f"({' '.join(str(e).split())[:120]})") from None
    return records


def finished_games(path: str) -> Iterator[tuple[int, dict]]:
    """(line number, record in today's notation) of every game of a ``tekhenu match --out`` file
    that ended without an error, blank lines skipped. ValueError naming the file (and the line) when
    it cannot be read or a line is not a game record."""
    try:
        f = open(path, encoding="utf-8")
    except OSError as e:
        raise ValueError(f"{path}: {e.strerror}") from None
    with f:
        for no, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                r = upgrade_record(json.loads(line))
                failed = r.get("error")
            except (ValueError, KeyError, TypeError, AttributeError) as e:
                raise ValueError(f"{path}, line {no}: not a finished game of 'tekhenu match --out' ({e})") from None
            if not failed:
                yield no, r


def resume_records(path: str, config: MatchConfig) -> list[dict]:
    """The records of a file to resume ``config``'s match from (``--append``): ValueError, naming
    the file, when it cannot be read or holds a game of another match (other sides, table or seed)."""
    try:
        records = load_records(path)
    except OSError as e:
        raise ValueError(f"cannot read {path}: {e.strerror or e}") from None
    except ValueError as e:         # it names the file and the line
        raise ValueError(f"cannot read {e}") from None
    if any(not isinstance(r, dict) or not config.same_match(r) or not isinstance(r.get("game"), int)
           for r in records):
        raise ValueError(f"{path} holds games of another match (sides, table or --seed differ)")
    return records


__all__ = ["MatchConfig", "SPRT", "WorkerDied", "RemoteTraceback", "play_game", "run_match", "replay", "summarise", "format_summary",
           "progress_line", "load_records", "play_move", "finished_games", "resume_records", "new_state", "seat_sides", "game_seed"]
