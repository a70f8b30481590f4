"""Agents by name: the SPEC strings of ``tekhenu match`` and the engine's ``Player`` option.

A SPEC is ``kind[:arg[:arg...]]`` where an arg is ``key=value`` or a bare word:

* ``ismcts`` with ``iterations=N``, ``movetime=MS``, ``c_uct=X``, ``reward=NAME``, ``jobs=N``, ``seed=N``
  (e.g. ``ismcts:iterations=2000``, ``ismcts:movetime=200``);
* ``botankhamun:<easy|medium|hard>[:decree8]``: not an agent that decides, but the automaton of the
  rules core. A match side that is Botankhamun turns every game into a solo game in which the other
  side plays seat 0 and Botankhamun (seat 1) plays its automatic turns (see :class:`BotankhamunSide`);
* ``greedy[:seed=N]``, ``flatmc[:key=value...]`` (keywords of ``FlatMCAgent``), ``random[:seed=N]``;
* ``cmd:<command line>``: an external engine that speaks the protocol (``protocol/PROTOCOL.md``),
  started once and asked for each decision with ``position state <observation> seat <s>`` and ``go``.

Everything after ``cmd:`` is the command line (split like a shell would).
"""
from __future__ import annotations

import inspect
import shlex
import subprocess
import threading
from dataclasses import dataclass, field
from typing import Any

from .._core import DIFFICULTIES, GameState
from ..notation import parse_action
from .base import Agent, RandomAgent

KINDS = ("ismcts", "botankhamun", "greedy", "flatmc", "random", "cmd")


@dataclass
class Spec:
    """A parsed SPEC: its kind, ``key=value`` options and bare words."""

    kind: str
    options: dict[str, str] = field(default_factory=dict)
    words: list[str] = field(default_factory=list)
    text: str = ""


def parse_spec(spec: str) -> Spec:
    """Split a SPEC string; ValueError naming the problem when it is not one."""
    if not isinstance(spec, str) or not spec.strip():
        raise ValueError("an agent SPEC is empty")
    spec = spec.strip()
    kind, _, rest = spec.partition(":")
    if kind not in KINDS:
        raise ValueError(f"unknown agent {kind!r} in SPEC {spec!r} (one of {', '.join(KINDS)})")
    out = Spec(kind=kind, text=spec)
    if kind == "cmd":
        if not rest.strip():
            raise ValueError("cmd: needs a command line, e.g. 'cmd:tekhenu engine'")
        out.words = shlex.split(rest)
        return out
    for part in filter(None, (p.strip() for p in rest.replace(",", ":").split(":"))):
        if "=" in part:
            k, _, v = part.partition("=")
            if not k or not v:
                raise ValueError(f"bad option {part!r} in SPEC {spec!r}")
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


class ExternalEngine:
    """An engine in another process, driven over the protocol (the ``cmd:`` SPEC).

    Each decision sends the observation of the deciding seat as ``position state`` (so the
    external engine never sees more than the seat may) and reads ``bestmove``. ``go_args`` is
    appended to ``go`` (e.g. ``"iterations 500"``); empty uses the engine's own defaults.
    """

    def __init__(self, argv: list[str], go_args: str = "", timeout: float = 600.0) -> None:
        self.argv = argv
        self.name = "cmd:" + " ".join(argv)
        self.go_args = go_args
        self.timeout = timeout
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self._send("uci")
        self._wait_for("uciok")
        self._send("isready")
        self._wait_for("readyok")

    def _send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def _readline(self) -> str:
        assert self.proc.stdout is not None
        result: list[str] = []

        def read() -> None:
            result.append(self.proc.stdout.readline())

        t = threading.Thread(target=read, daemon=True)
        t.start()
        t.join(self.timeout)
        if not result:
            raise RuntimeError(f"{self.name}: no answer within {self.timeout:.0f} s")
        if result[0] == "":
            raise RuntimeError(f"{self.name}: the engine exited")
        return result[0].rstrip("\n")

    def _wait_for(self, word: str) -> list[str]:
        lines = []
        while True:
            line = self._readline()
            lines.append(line)
            if line.split()[:1] == [word]:
                return lines

    def choose(self, observation: GameState, seat: int) -> int:
        self._send(f"position state {observation.to_string()} seat {seat}")
        self._send(("go " + self.go_args).strip())
        for line in self._wait_for("bestmove"):
            if line.startswith("info string error:"):
                raise RuntimeError(f"{self.name}: {line[len('info string '):]}")
        words = line.split()
        if len(words) < 2:
            raise RuntimeError(f"{self.name}: bestmove without a move")
        return parse_action(words[1])

    def close(self) -> None:
        """Send ``quit`` and wait for the process to end."""
        if self.proc.poll() is None:
            try:
                self._send("quit")
                self.proc.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass


def _convert(value: str) -> Any:
    for conv in (int, float):
        try:
            return conv(value)
        except ValueError:
            pass
    if value.lower() in ("true", "false"):
        return value.lower() == "true"
    return value


def _keywords(cls: Any, options: dict[str, str], spec: str, aliases: dict[str, str] | None = None) -> dict:
    params = inspect.signature(cls).parameters
    kw = {}
    for k, v in options.items():
        name = (aliases or {}).get(k, k)
        if name not in params:
            raise ValueError(f"{spec!r}: unknown option {k!r} (known: {', '.join(sorted(params))})")
        kw[name] = _convert(v)
    return kw


def _with_seed(cls: Any, kw: dict, seed: int | None) -> dict:
    if seed is not None and "seed" not in kw and "seed" in inspect.signature(cls).parameters:
        kw["seed"] = seed
    return kw


def make_agent(spec: str, seed: int | None = None) -> Agent:
    """The agent a SPEC names (see the module docstring). ``seed`` is used unless the SPEC sets one."""
    s = parse_spec(spec)
    if s.kind == "random":
        if s.words or set(s.options) - {"seed"}:
            raise ValueError(f"{spec!r}: random takes only seed=N")
        return RandomAgent(int(s.options.get("seed", seed or 0)))
    if s.kind == "botankhamun":
        words = list(s.words)
        decree8 = "decree8" in words
        words = [w for w in words if w != "decree8"]
        if len(words) > 1 or s.options:
            raise ValueError(f"{spec!r}: use botankhamun:<easy|medium|hard>[:decree8]")
        return BotankhamunSide(words[0] if words else "hard", decree8)
    if s.kind == "cmd":
        return ExternalEngine(s.words)
    if s.words:
        raise ValueError(f"{spec!r}: unexpected word {s.words[0]!r} (options are key=value)")
    opts = dict(s.options)
    if s.kind == "ismcts":
        try:
            from .ismcts import ISMCTSAgent
        except ImportError:
            raise ValueError("the ISMCTS search is not available in this build") from None
        return ISMCTSAgent(**_with_seed(ISMCTSAgent, _keywords(ISMCTSAgent, opts, spec, {"movetime": "movetime_ms"}), seed))
    try:
        from . import baselines
    except ImportError:
        raise ValueError(f"the {s.kind} baseline is not available in this build") from None
    cls = baselines.GreedyAgent if s.kind == "greedy" else baselines.FlatMCAgent
    return cls(**_with_seed(cls, _keywords(cls, opts, spec, {"movetime": "movetime_ms"}), seed))


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
