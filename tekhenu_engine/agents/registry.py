"""Agents by name: the SPEC strings of ``tekhenu match`` and the engine's ``Player`` option.

A SPEC is ``kind[:arg[:arg...]]`` where an arg is ``key=value`` or a bare word:

* ``ismcts`` with ``iterations=N``, ``movetime=MS``, ``c_uct=X``, ``reward=NAME``, ``jobs=N``, ``seed=N``,
  ``eval=static|learned``, ``cutoff=N`` (playout decisions before the evaluation), ``prior=X`` (the
  tree's policy prior), ``reuse=0|1`` (tree reuse within a turn, on by default), ``early=0|1`` (stop as
  soon as the best move can no longer change; default: on in solo games only), ``playout=NAME`` (``auto``, ``tuned``, ``tuned_lite``,
  ``heuristic``, ...), ``margin_weight=X``, ``chance=split|merge`` (chance outcomes in the tree), ``mast=X``
  (move-average sampling in the playouts; 0: off; default: 10 at 2-4 players, off in solo games),
  ``mast_freeze=N`` (the averages stop learning after N iterations of a search; 0: never, the default)
  , ``mast_half=X`` (the averages' weight falls as mast x X / (X + iterations); 0: constant, the default)
  , ``mix=X`` (the weight of the margin model learnt from the search's solo games in the reward; 0:
  off, the default; solo games only), ``playout_weights=FILE`` (a weight file of the tuned playout
  policy that this side's playouts use instead of the shipped one, to measure a refit in a match) and
  ``depth_vp=X`` (VP added to a seat's reward for each of its decisions the playout policy took; 0: off,
  the default), ``hist=X`` (progressive history: the move averages' weight in the tree; 0: off; default:
  10 at 2 players, off otherwise), ``widen=X`` (progressive widening below the root: a node adds a child
  only while fewer than ceil(X x sqrt(visits + 1)) of its children are available; 0: off, the default),
  ``bank=X`` (the budget a decision leaves unspent is carried to the seat's later decisions of the game,
  each getting min(1, X / the decisions it can still expect) of what is saved; turns the early stop on;
  0: off; default: 4 in solo games, off at 2-4 players), ``close=R`` (a decision whose budget ends
  while its second best move has at least R times the visits of the best goes on while that holds,
  drawing on the bank; 0: off, the default), ``front=S`` (the budget of a decision in round r times
  1 + S x (1 - 2 (r - 1) / 15), in (-1, 1): above 0 more early, below 0 more late; 0: off, the
  default) and ``max_nodes=N`` (the tree's node cap, 2,000,000 by default)
  (e.g. ``ismcts:iterations=2000``, ``ismcts:movetime=200``);
* ``botankhamun:<easy|medium|hard>[:decree8]``: not an agent that decides, but the automaton of the
  rules core. A match side that is Botankhamun turns every game into a solo game in which the other
  side plays seat 0 and Botankhamun (seat 1) plays its automatic turns (see :class:`BotankhamunSide`);
* ``greedy[:seed=N]``, ``flatmc[:key=value...]`` (keywords of ``FlatMCAgent``), ``random[:seed=N]``;
* ``cmd:<command line> [setting ...]``: an external engine that speaks the protocol
  (``protocol/PROTOCOL.md``), started once and asked for each decision with
  ``position state <observation> seat <s>`` and ``go``. Words of the command line of the form
  ``option.<Name>=<value>`` (sent as ``setoption`` after the handshake, e.g. ``option.Threads=2``),
  ``movetime=MS``, ``iterations=N``, ``nodes=N``, ``depth=N`` (appended to every ``go``),
  ``timeout=S`` (seconds a move may take when no movetime is given) and ``margin=MS`` (added to a
  movetime before the engine is killed) are settings of the side, not part of the command line.
  Example: ``cmd:tekhenu engine option.Threads=2 movetime=200``.

Everything else after ``cmd:`` is the command line (split like a shell would).
"""
from __future__ import annotations

import inspect
import math
import os
import queue
import re
import shlex
import shutil
import subprocess
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from .._core import DIFFICULTIES, GameState
from ..notation import parse_action
from .base import Agent, RandomAgent

KINDS = ("ismcts", "botankhamun", "greedy", "flatmc", "random", "cmd")
CMD_SETTINGS = ("movetime", "iterations", "nodes", "depth", "timeout", "margin")
_SETTING = re.compile(r"^(option\.[^=]+|" + "|".join(CMD_SETTINGS) + r")=(.+)$")
_UINT = re.compile(r"^[0-9]+$")
_NUMBER = re.compile(r"^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$")
DEFAULT_MOVE_TIMEOUT_S = 30.0   # a move without a movetime may take this long
DEFAULT_MARGIN_MS = 1000        # added to a movetime before the engine is killed
HANDSHAKE_TIMEOUT_S = 10.0      # uci -> uciok, isready -> readyok
QUEUE_LINES = 10_000            # lines buffered from an engine (a flood blocks its writer)


@dataclass
class Spec:
    """A parsed SPEC: its kind, ``key=value`` options and bare words."""

    kind: str
    options: dict[str, str] = field(default_factory=dict)
    words: list[str] = field(default_factory=list)
    text: str = ""


def _short(text: str, n: int = 60) -> str:
    return text if len(text) <= n else text[:n] + "..."


def parse_spec(spec: str) -> Spec:
    """Split a SPEC string; ValueError naming the problem when it is not one.

    For ``cmd:`` the settings words (``option.X=v``, ``movetime=`` ...) go to ``options`` and
    the command line to ``words``."""
    if not isinstance(spec, str) or not spec.strip():
        raise ValueError("an agent SPEC is empty")
    spec = spec.strip()
    kind, _, rest = spec.partition(":")
    if kind not in KINDS:
        raise ValueError(f"unknown agent {_short(kind)!r} in SPEC {_short(spec)!r} (one of {', '.join(KINDS)})")
    out = Spec(kind=kind, text=spec)
    if kind == "cmd":
        try:
            words = shlex.split(rest)
        except ValueError as e:
            raise ValueError(f"cmd: cannot split the command line {_short(rest)!r}: {e}") from None
        for w in words:
            m = _SETTING.match(w) if out.words else None  # the program itself is never a setting
            if m:
                if m.group(1) in out.options:
                    raise ValueError(f"{_short(spec)!r}: setting {m.group(1)!r} given twice")
                out.options[m.group(1)] = m.group(2)
            else:
                out.words.append(w)
        if not out.words:
            raise ValueError("cmd: needs a command line, e.g. 'cmd:tekhenu engine'")
        return out
    for part in filter(None, (p.strip() for p in rest.replace(",", ":").split(":"))):
        if "=" in part:
            k, _, v = part.partition("=")
            if not k or not v:
                raise ValueError(f"bad option {_short(part)!r} in SPEC {_short(spec)!r}")
            out.options[k] = v
        else:
            out.words.append(part)
    return out


class BotankhamunSide:
    """A match side played by the automaton: the games become solo games.

    Botankhamun is part of the rules core (seat 1 of a ``players 1`` game); its turns are
    automatic and its chance steps (Deben flips, random ties) are drawn like every other
    chance step. It never makes a decision, so :meth:`choose` is never called in a correct
    game; it raises if a rules core asks it to.
    """

    name = "botankhamun"

    def __init__(self, difficulty: str = "hard", decree8: bool = False) -> None:
        if difficulty not in DIFFICULTIES:
            raise ValueError(f"Botankhamun difficulty must be one of {', '.join(DIFFICULTIES)}, not {difficulty!r}")
        self.difficulty = difficulty
        self.decree8 = decree8
        self.name = f"botankhamun:{difficulty}" + (":decree8" if decree8 else "")

    def choose(self, observation: GameState, seat: int) -> int:
        raise RuntimeError("Botankhamun's turns are automatic; the rules core asked it for a decision")


class EngineFault(RuntimeError):
    """An external engine misbehaved: it exited, hung, never finished the handshake, sent no
    move or an error. The message is one line naming the engine and what happened."""


def _uint(value: str, what: str, lo: int = 1) -> int:
    if not _UINT.match(value) or int(value) < lo:
        raise ValueError(f"{what} takes a whole number >= {lo}, not {_short(value)!r}")
    return int(value)


def _positive(value: str, what: str) -> float:
    if not _NUMBER.match(value) or not math.isfinite(float(value)) or float(value) <= 0:
        raise ValueError(f"{what} takes a positive number, not {_short(value)!r}")
    return float(value)


class ExternalEngine:
    """An engine in another process, driven over the protocol (the ``cmd:`` SPEC).

    Each decision sends the observation of the deciding seat as ``position state`` (so the
    external engine never sees more than the seat may) and reads ``bestmove``.

    Like cutechess-cli and fastchess, every read has a deadline: the handshake
    (``uci``/``uciok``, ``isready``/``readyok``) gets ``handshake_timeout`` seconds (default: the
    match's ``move_timeout``, else 10 s), a move gets
    ``movetime + margin`` ms when a movetime is set, else ``move_timeout`` seconds. An engine
    that misses a deadline is killed; one that exits, sends an error line or ``bestmove (none)``
    raises :class:`EngineFault`. :meth:`new_game` restarts an engine that is no longer running,
    so one failure costs one game.
    """

    def __init__(self, argv: list[str], settings: dict[str, str] | None = None, *,
                 move_timeout: float | None = None, margin_ms: int | None = None,
                 handshake_timeout: float | None = None, start: bool = True) -> None:
        self.argv = list(argv)
        self.name = "cmd:" + " ".join(argv)
        settings = dict(settings or {})
        self.options = {k[len("option."):]: v for k, v in settings.items() if k.startswith("option.")}
        go = []
        for key in ("movetime", "iterations", "nodes", "depth"):
            if key in settings:
                go += [key, str(_uint(settings[key], f"{self.name}: {key}"))]
        self.go_args = " ".join(go)
        self.movetime_ms = int(settings["movetime"]) if "movetime" in settings else None
        self.move_timeout = _positive(settings["timeout"], f"{self.name}: timeout") if "timeout" in settings \
            else (move_timeout or DEFAULT_MOVE_TIMEOUT_S)
        self.margin_ms = _uint(settings["margin"], f"{self.name}: margin", 0) if "margin" in settings \
            else (DEFAULT_MARGIN_MS if margin_ms is None else margin_ms)
        self.handshake_timeout = handshake_timeout or (move_timeout or HANDSHAKE_TIMEOUT_S)
        self.proc: subprocess.Popen | None = None
        self.lines: queue.Queue = queue.Queue(QUEUE_LINES)
        self.engine_options: set[str] = set()
        self.restarts = 0
        if start:
            self.start()

    # ------------------------------------------------------------------ process
    def alive(self) -> bool:
        """True while the engine process runs."""
        return self.proc is not None and self.proc.poll() is None

    def start(self) -> None:
        """Start the process and complete the handshake (EngineFault when it does not)."""
        self.kill()
        try:
            self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL, text=True, bufsize=1,
                                         encoding="utf-8", errors="replace")
        except OSError as e:
            raise ValueError(f"{self.name}: cannot start the program: {e.strerror or e}") from None
        self.lines = queue.Queue(QUEUE_LINES)
        threading.Thread(target=self._reader, args=(self.proc, self.lines), daemon=True).start()
        self._send("uci")
        lines = self._wait_for("uciok", self.handshake_timeout, "uci")
        self.engine_options = {ln.split(" type ")[0][len("option name "):].strip().lower()
                               for ln in lines if ln.startswith("option name ")}
        for name, value in self.options.items():
            self._send(f"setoption name {name} value {value}")
        self._sync()

    @staticmethod
    def _reader(proc: subprocess.Popen, lines: queue.Queue) -> None:
        assert proc.stdout is not None
        try:
            for line in proc.stdout:
                lines.put(line.rstrip("\r\n"))
        except (OSError, ValueError):
            pass
        lines.put(None)

    def kill(self) -> None:
        """End the process at once (nothing when it is not running)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                pass

    def _send(self, line: str) -> None:
        try:
            assert self.proc is not None and self.proc.stdin is not None
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (OSError, ValueError):
            raise EngineFault(f"{self.name}: the engine exited{self._exit_code()}") from None

    def _exit_code(self) -> str:
        if self.proc is None:
            return ""
        try:
            code = self.proc.wait(0.5)
        except subprocess.TimeoutExpired:
            return ""
        return f" (exit code {code})"

    def _wait_for(self, word: str, timeout: float, what: str) -> list[str]:
        """Lines up to the first starting with ``word``; EngineFault (engine killed) on a timeout
        or at the end of the output."""
        deadline = time.monotonic() + timeout
        lines: list[str] = []
        while True:
            left = deadline - time.monotonic()
            try:
                line = self.lines.get(timeout=max(0.0, left)) if left > 0 else self.lines.get_nowait()
            except queue.Empty:
                self.kill()
                raise EngineFault(f"{self.name}: no {word} within {timeout:g} s after {what} "
                                  f"({len(lines)} other lines); killed") from None
            if line is None:
                raise EngineFault(f"{self.name}: the engine exited{self._exit_code()} before {word}")
            lines.append(line)
            if line.split()[:1] == [word]:
                return lines

    def _sync(self) -> None:
        self._send("isready")
        self._wait_for("readyok", self.handshake_timeout, "isready")

    # ------------------------------------------------------------------ games
    def new_game(self, seed: int | None = None) -> None:
        """Before a game: restart a dead engine, send ``ucinewgame`` (and the game's seed to an
        engine with a Seed option the side does not set), wait for ``readyok``."""
        if not self.alive():
            if self.proc is not None:
                self.restarts += 1
            self.start()
        self._send("ucinewgame")
        if seed is not None and "seed" in self.engine_options and \
                not any(k.lower() == "seed" for k in self.options):
            self._send(f"setoption name Seed value {seed % 2**31}")
        self._sync()

    def move_limit_s(self) -> float:
        """Seconds a move may take before the engine is killed."""
        if self.movetime_ms is not None:
            return (self.movetime_ms + self.margin_ms) / 1000.0
        return self.move_timeout

    def choose(self, observation: GameState, seat: int) -> int:
        if not self.alive():
            raise EngineFault(f"{self.name}: the engine is not running{self._exit_code()}")
        self._send(f"position state {observation.to_string()} seat {seat}")
        self._send(("go " + self.go_args).strip())
        limit = self.move_limit_s()
        lines = self._wait_for("bestmove", limit, "go")
        for line in lines:
            if line.startswith("info string error:"):
                raise EngineFault(f"{self.name}: {_short(line[len('info string '):], 200)}")
        words = lines[-1].split()
        if len(words) < 2 or words[1] == "(none)":
            raise EngineFault(f"{self.name}: bestmove without a move")
        try:
            return parse_action(words[1])
        except ValueError as e:
            raise EngineFault(f"{self.name}: bestmove {_short(words[1])!r} is not a move: {_short(str(e), 120)}") \
                from None

    def close(self) -> None:
        """Send ``quit`` and wait a moment for the process to end, then kill it."""
        if self.alive():
            try:
                self._send("quit")
                assert self.proc is not None
                self.proc.wait(timeout=2)
            except (EngineFault, subprocess.TimeoutExpired):
                pass
        self.kill()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass


# ----------------------------------------------------------------------------- keywords
def _annotation(param: inspect.Parameter) -> str:
    ann = param.annotation
    return ann if isinstance(ann, str) else getattr(ann, "__name__", str(ann))


def _typed(param: inspect.Parameter, key: str, value: str, spec: str) -> Any:
    """``value`` converted to the type the keyword takes; ValueError naming the SPEC and key."""
    ann = _annotation(param)
    if param.default is not inspect.Parameter.empty and param.default is not None:
        kind = type(param.default).__name__
    else:
        kind = "int" if "int" in ann and "float" not in ann else "float" if "float" in ann else \
            "bool" if "bool" in ann else "str"
    if "None" in ann and value.lower() == "none":
        return None
    if kind == "bool":
        if value.lower() not in ("true", "false", "1", "0"):
            raise ValueError(f"{_short(spec)!r}: {key} takes true or false, not {_short(value)!r}")
        return value.lower() in ("true", "1")
    if kind == "int":
        if not re.match(r"^[+-]?[0-9]+$", value):
            raise ValueError(f"{_short(spec)!r}: {key} takes a whole number, not {_short(value)!r}")
        return int(value)
    if kind == "float":
        if not _NUMBER.match(value) or not math.isfinite(float(value)):
            raise ValueError(f"{_short(spec)!r}: {key} takes a number, not {_short(value)!r}")
        return float(value)
    return value


def _keywords(cls: Any, options: dict[str, str], spec: str, aliases: dict[str, str] | None = None) -> dict:
    params = inspect.signature(cls).parameters
    kw = {}
    for k, v in options.items():
        name = (aliases or {}).get(k, k)
        if name not in params:
            raise ValueError(f"{_short(spec)!r}: unknown option {_short(k)!r} (known: {', '.join(sorted(params))})")
        kw[name] = _typed(params[name], k, v, spec)
    return kw


def _with_seed(cls: Any, kw: dict, seed: int | None) -> dict:
    if seed is not None and "seed" not in kw and "seed" in inspect.signature(cls).parameters:
        kw["seed"] = seed
    return kw


def _build(cls: Any, kw: dict, spec: str) -> Any:
    try:
        return cls(**kw)
    except (ValueError, TypeError) as e:
        raise ValueError(f"{_short(spec)!r}: {e}") from None


def check_program(argv: list[str]) -> None:
    """ValueError when the program of a ``cmd:`` command line cannot be found or run."""
    prog = argv[0]
    if os.sep in prog or (os.altsep and os.altsep in prog):
        if not (os.path.isfile(prog) and os.access(prog, os.X_OK)):
            raise ValueError(f"cmd: the program {_short(prog)!r} does not exist or is not executable")
    elif shutil.which(prog) is None:
        raise ValueError(f"cmd: the program {_short(prog)!r} is not on the PATH")


def make_agent(spec: str, seed: int | None = None, *, move_timeout: float | None = None,
               margin_ms: int | None = None, start: bool = True) -> Agent:
    """The agent a SPEC names (see the module docstring). ``seed`` is used unless the SPEC sets one.

    Every bad SPEC is a ValueError with a one-line message. ``move_timeout`` / ``margin_ms`` are
    the defaults of a ``cmd:`` engine's move limit (its SPEC settings win); ``start=False``
    checks a ``cmd:`` SPEC without starting the program."""
    s = parse_spec(spec)
    if s.kind == "random":
        if s.words or set(s.options) - {"seed"}:
            raise ValueError(f"{_short(spec)!r}: random takes only seed=N")
        v = s.options.get("seed")
        if v is not None and not re.match(r"^[+-]?[0-9]+$", v):
            raise ValueError(f"{_short(spec)!r}: seed takes a whole number, not {_short(v)!r}")
        return RandomAgent(int(v) if v is not None else (seed or 0))
    if s.kind == "botankhamun":
        words = list(s.words)
        decree8 = "decree8" in words
        words = [w for w in words if w != "decree8"]
        if len(words) > 1 or s.options:
            raise ValueError(f"{_short(spec)!r}: use botankhamun:<easy|medium|hard>[:decree8]")
        return BotankhamunSide(words[0] if words else "hard", decree8)
    if s.kind == "cmd":
        check_program(s.words)
        return ExternalEngine(s.words, s.options, move_timeout=move_timeout, margin_ms=margin_ms, start=start)
    if s.words:
        raise ValueError(f"{_short(spec)!r}: unexpected word {_short(s.words[0])!r} (options are key=value)")
    opts = dict(s.options)
    if s.kind == "ismcts":
        try:
            from .ismcts import ISMCTSAgent
        except ImportError:
            raise ValueError("the ISMCTS search is not available in this build") from None
        kw = _keywords(ISMCTSAgent, opts, spec, {"movetime": "movetime_ms"})
        return _build(ISMCTSAgent, _with_seed(ISMCTSAgent, kw, seed), spec)
    try:
        from . import baselines
    except ImportError:
        raise ValueError(f"the {s.kind} baseline is not available in this build") from None
    cls = baselines.GreedyAgent if s.kind == "greedy" else baselines.FlatMCAgent
    return _build(cls, _with_seed(cls, _keywords(cls, opts, spec, {"movetime": "movetime_ms"}), seed), spec)


def available_players() -> list[str]:
    """Agent kinds the engine's ``Player`` option can take in this build (search first)."""
    out = []
    try:
        from .ismcts import ISMCTSAgent  # noqa: F401
        out.append("ismcts")
    except ImportError:
        pass
    try:
        from . import baselines  # noqa: F401
        out += ["greedy", "flatmc"]
    except ImportError:
        pass
    return out + ["random"]
