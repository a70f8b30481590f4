"""The engine protocol: UCI framing over stdin/stdout (specified in ``protocol/PROTOCOL.md``).

Run it with ``tekhenu engine`` or ``python -m tekhenu_engine.protocol``. One command per
line in, replies out. The search runs in a background thread, so ``isready`` and ``stop``
are answered while it thinks. Every line that is not a valid command gets exactly one
``info string error: ...`` reply and changes nothing.
"""
from __future__ import annotations

import os
import random
import sys
import threading
import time
import zlib
from dataclasses import dataclass, field
from typing import Any, Callable, TextIO

from . import data
from ._core import DIFFICULTIES, GameState
from .agents.registry import available_players, make_agent
from .notation import KINDS, format_action, parse_action
from .options import TableOptions
from .render import render, seat_name

ENGINE_NAME = "Tekhenu Engine 0.1"
ENGINE_AUTHOR = "the tekhenu_engine developers"

# action kinds that name cards (see notation.KINDS)
K_DRAW, K_KEEP, K_DECREES, K_BLESS = 6, 11, 29, 31
from .enums import CardLoc as _CL; CL_UNKNOWN, CL_PILE, CL_BOTTOM, CL_HAND, CL_PENDING = _CL.UNKNOWN, _CL.PILE, _CL.BOTTOM, _CL.HAND, _CL.PENDING  # noqa: E702,E501
MAX_PERFT_DEPTH = 8
MAX_SHOWN_LEGAL = 12
INFINITE_MS = 10**9


def _tok(a: int) -> str:
    """A move token; a chance outcome the searching seat cannot see (negative in a pv) is '?'."""
    return "?" if a < 0 else format_action(a)


class ProtocolError(ValueError):
    """A bad command line: its message becomes the one ``info string error:`` reply."""


# ----------------------------------------------------------------------------- options
@dataclass
class Option:
    """One UCI option: name, type (spin/check/combo/string/button), default, bounds, choices."""

    name: str
    type: str
    default: Any = None
    min: int = 0
    max: int = 0
    choices: tuple[str, ...] = ()
    help: str = ""

    def uci_line(self) -> str:
        """The ``option name ... type ...`` line of the handshake."""
        line = f"option name {self.name} type {self.type}"
        if self.type == "button":
            return line
        if self.type == "check":
            return f"{line} default {'true' if self.default else 'false'}"
        if self.type == "string":
            return f"{line} default {self.default or '<empty>'}"
        line += f" default {self.default}"
        if self.type == "spin":
            return f"{line} min {self.min} max {self.max}"
        return line + "".join(f" var {v}" for v in self.choices)

    def parse(self, value: str | None) -> Any:
        """The value a ``setoption`` sets; ProtocolError when it is out of range or malformed."""
        if self.type == "button":
            if value is not None:
                raise ProtocolError(f"option {self.name} is a button and takes no value")
            return None
        if value is None:
            raise ProtocolError(f"option {self.name} needs 'value <x>'")
        if self.type == "spin":
            try:
                v = int(value)
            except ValueError:
                raise ProtocolError(f"option {self.name} takes an integer, not {value!r}") from None
            if not self.min <= v <= self.max:
                raise ProtocolError(f"option {self.name} must be in {self.min}..{self.max}, not {v}")
            return v
        if self.type == "check":
            if value.lower() not in ("true", "false"):
                raise ProtocolError(f"option {self.name} takes true or false, not {value!r}")
            return value.lower() == "true"
        if self.type == "combo":
            for c in self.choices:
                if c.lower() == value.lower():
                    return c
            raise ProtocolError(f"option {self.name} takes one of {', '.join(self.choices)}, not {value!r}")
        return "" if value == "<empty>" else value


def _reward_option() -> Option:
    """The search's reward: a combo of the rewards the search offers (a string without the search)."""
    try:
        from ._search import REWARDS
    except ImportError:
        return Option("Reward", "string", "auto", help="reward of the search (docs/search.md)")
    return Option("Reward", "combo", "auto", choices=tuple(REWARDS), help="reward of the search (docs/search.md)")


def engine_options() -> list[Option]:
    """The options the engine offers (``uci`` lists them in this order)."""
    players = available_players()
    return [
        Option("Player", "combo", players[0], choices=tuple(players),
               help="the agent that answers go: the search or a baseline"),
        Option("Iterations", "spin", 0, 0, 1_000_000_000,
               help="search iterations when go names no budget (0: use Movetime)"),
        Option("Movetime", "spin", 1000, 1, 3_600_000, help="milliseconds when go names no budget"),
        Option("Threads", "spin", 1, 1, 64, help="search processes (root parallelism)"),
        Option("MultiPV", "spin", 1, 1, 32, help="candidate lines in info output"),
        Option("Exploration", "string", "", help="UCT constant (empty: the search's default)"),
        _reward_option(),
        Option("Seed", "spin", 0, 0, 2**31 - 1, help="seed of the search and of engine-drawn chance"),
        Option("Move Overhead", "spin", 30, 0, 5000, help="milliseconds kept back from a clock"),
        Option("Info Interval", "spin", 250, 10, 60_000, help="milliseconds between info lines"),
        Option("Info Lines", "check", True, help="print periodic info lines during a search"),
        Option("Debug Log File", "string", "", help="append every line in and out to this file"),
        Option("Clear Log", "button", help="empty the debug log file"),
        Option("Botankhamun", "combo", "easy", choices=tuple(DIFFICULTIES),
               help="difficulty of solo games whose position does not name one"),
        Option("Botankhamun Decree8", "check", False,
               help="Botankhamun's Decrees score 8 VP in solo games whose position does not say"),
    ]


# ----------------------------------------------------------------------------- positions
@dataclass
class Position:
    """The engine's position: where it started, the moves given, and the state now.

    ``state`` is a full state. In a game with a seed it is the true game (chance outcomes not
    in the move list are drawn by its own generator). In a game fed from outside it is a
    determinisation: masked outcomes (``draw:?``) are filled in consistently with what
    ``seat`` has seen. The search only ever sees ``state.observation(seat to move)``.
    """

    header: tuple
    root: GameState
    state: GameState
    seat: int
    auto: bool
    tokens: list[str] = field(default_factory=list)
    applied: list[int] = field(default_factory=list)
    filled: int = 0
    base: GameState | None = None
    base_applied: int = 0


NEW_KEYS = ("players", "seat", "seed")  # the rest are TableOptions words


def _int(word: str, what: str, lo: int, hi: int) -> int:
    try:
        v = int(word)
    except ValueError:
        raise ProtocolError(f"{what} must be an integer, not {word!r}") from None
    if not lo <= v <= hi:
        raise ProtocolError(f"{what} must be in {lo}..{hi}, not {v}")
    return v


def parse_table(words: list[str]) -> dict:
    """The game of ``position new``: players, seat, seed, and the TableOptions words.

    Returns ``{"players": N, ["seat": S], ["seed": X], "words": [...]}``; the option words
    are checked by :meth:`TableOptions.from_words` (a ProtocolError names a bad one).
    """
    opts: dict[str, Any] = {"words": []}
    i = 0
    while i < len(words):
        key = words[i]
        if key not in NEW_KEYS:
            opts["words"].append(key)
            i += 1
            continue
        if key in opts:
            raise ProtocolError(f"game option {key!r} given twice")
        if i + 1 >= len(words):
            raise ProtocolError(f"game option {key!r} needs a value")
        v = words[i + 1]
        if key == "players":
            opts[key] = _int(v, "players", 1, 4)
        elif key == "seat":
            opts[key] = _int(v, "seat", 0, 3)
        else:
            opts[key] = _int(v, "seed", 0, 2**63 - 1)
        i += 2
    try:
        TableOptions.from_words(opts["words"])
    except ValueError as e:
        msg = str(e)
        if msg.startswith("unknown game option"):
            msg = msg.replace("(known: ", f"(known: {', '.join(NEW_KEYS)}, ")
        raise ProtocolError(msg) from None
    if "players" not in opts:
        raise ProtocolError("position new needs 'players <1-4>'")
    seats = 2 if opts["players"] == 1 else opts["players"]
    if opts.get("seat", 0) >= seats:
        raise ProtocolError(f"seat {opts['seat']} does not exist in a game with {seats} seats")
    return opts


def table_options(opts: dict) -> TableOptions:
    """The :class:`TableOptions` of parsed ``position new`` options."""
    return TableOptions.from_words(opts.get("words", []))


def new_game(opts: dict) -> GameState:
    """The first position of a game with the ``position new`` options."""
    try:
        return GameState.new(opts["players"], opts.get("seed", 0), table_options(opts))
    except ValueError as e:
        raise ProtocolError(f"impossible position: {e}") from None


def cards_named(action: int) -> list[int]:
    """Card ids an action names (draws, keeps, Decree sets, Blessings)."""
    kind, x = action >> 24, action & 0xFFFFFF
    if kind in (K_DRAW, K_KEEP):
        return [x]
    if kind == K_BLESS:
        return [x & 0x7F]
    if kind == K_DECREES:
        return [c for c in (((x >> (7 * i)) & 0x7F) - 1 for i in range(3)) if c >= 0]
    return []


def repair(state: GameState, action: int, seat: int, rng: random.Random) -> GameState | None:
    """A state in which ``action`` is legal, made by moving only cards ``seat`` cannot see.

    Used when an outcome or a decision names a card that the engine's determinisation has put
    elsewhere (for example the engine filled in another seat's masked draw with the card that
    is now drawn openly). A named card hidden from ``seat`` swaps place with a hidden card of
    the same type where the action needs it. None when no such swap makes the action legal.
    """
    names = cards_named(action)
    cp = state.current_player()
    kind = action >> 24
    if not names:
        return None
    if kind == K_DRAW:
        targets = {CL_PILE, CL_BOTTOM}
    elif kind == K_KEEP and cp >= 0:
        targets = {CL_PENDING + cp}
    elif kind in (K_DECREES, K_BLESS) and cp >= 0:
        targets = {CL_HAND + cp}
    else:
        return None
    seen = state.observation(seat).field("card_loc")
    d = state.to_dict()
    for _ in range(20):
        loc = list(d["card_loc"])
        for c in names:
            if loc[c] in targets:
                continue
            if seen[c] != CL_UNKNOWN:
                return None
            ty = c // 24
            partners = [x for x in range(ty * 24, ty * 24 + 24)
                        if x not in names and seen[x] == CL_UNKNOWN and loc[x] in targets]
            if not partners:
                return None
            x = rng.choice(partners)
            loc[c], loc[x] = loc[x], loc[c]
        d2 = dict(d)
        d2["card_loc"] = loc
        try:
            g = GameState.from_dict(d2)
        except ValueError:
            return None
        if action in g.legal_actions():
            return g
    return None


def token_for_seat(state: GameState, action: int, seat: int) -> str:
    """The token of ``action`` as ``seat`` may be told it: ``verb:?`` when it is a chance outcome
    that ``seat`` cannot see (a card drawn into a place hidden from it), else the plain token.

    This is what a referee or a GUI at a real table sends to an engine playing ``seat``.
    """
    tok = format_action(action)
    if not state.is_chance():
        return tok
    names = cards_named(action)
    if not names:
        return tok
    after = state.clone()
    after.apply(action)
    seen = after.observation(seat).field("card_loc")
    if any(seen[c] == CL_UNKNOWN for c in names):
        return tok.split(":")[0] + ":?"
    return tok


def _legal_hint(state: GameState) -> str:
    toks = [format_action(a) for a in state.legal_actions()]
    more = f" ... ({len(toks)} in all)" if len(toks) > MAX_SHOWN_LEGAL else ""
    return " ".join(toks[:MAX_SHOWN_LEGAL]) + more


def apply_moves(pos: Position, tokens: list[str], rng: random.Random) -> None:
    """Apply move tokens to ``pos`` (in place); ProtocolError naming the first bad one.

    Chance outcomes may be given as ``verb:?`` (masked): the engine fills them in. In a game
    with a seed, chance steps the list does not give are drawn by the state's generator.
    """
    state = pos.state
    for i, tok in enumerate(tokens):
        where = f"move {len(pos.tokens) + 1} ({tok!r})"
        if state.is_terminal():
            raise ProtocolError(f"{where}: the game is already over")
        if tok.endswith(":?"):
            if not state.is_chance():
                raise ProtocolError(f"{where}: a masked outcome, but seat {state.current_player()} "
                                    f"decides now (legal: {_legal_hint(state)})")
            verb = tok[:-2]
            outcomes = [(a, p) for a, p in state.chance_outcomes() if KINDS.get(a >> 24) == verb]
            if not outcomes:
                raise ProtocolError(f"{where}: the pending chance step has no {verb!r} outcomes "
                                    f"(outcomes: {_legal_hint(state)})")
            avoid = set()
            for later in tokens[i + 1:]:
                try:
                    avoid.update(cards_named(parse_action(later)))
                except ValueError:
                    pass
            pool = [(a, p) for a, p in outcomes if not set(cards_named(a)) & avoid] or outcomes
            a = rng.choices([a for a, _ in pool], weights=[p for _, p in pool])[0]
            state.apply(a)
            pos.filled += 1
        else:
            try:
                a = parse_action(tok)
            except ValueError as e:
                raise ProtocolError(f"{where}: {e}") from None
            if pos.auto:
                while state.is_chance() and a not in state.legal_actions():
                    pos.applied.append(state.apply_chance())
                if state.is_terminal():
                    raise ProtocolError(f"{where}: the game is already over")
            if a not in state.legal_actions():
                fixed = repair(state, a, pos.seat, rng)
                if fixed is None:
                    who = "a chance step" if state.is_chance() else f"seat {state.current_player()} decides"
                    raise ProtocolError(f"{where} is illegal here: {who}; legal: {_legal_hint(state)}")
                state = pos.state = fixed
                pos.filled += 1
            state.apply(a)
        pos.applied.append(a)
        pos.tokens.append(tok)
    pos.base, pos.base_applied = state.clone(), len(pos.applied)
    if pos.auto:
        pos.applied.extend(state.resolve_chance())


# ----------------------------------------------------------------------------- perft
class Stopped(Exception):
    """Raised inside :func:`perft` when its stop event is set."""


def perft(state: GameState, depth: int, stop: threading.Event | None = None) -> int:
    """Number of action sequences of length ``depth`` (chance outcomes count as actions;
    a game that ends earlier counts once). Raises :class:`Stopped` when ``stop`` is set."""
    if depth == 0 or state.is_terminal():
        return 1
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    if stop is not None and stop.is_set():
        raise Stopped
    n = 0
    for a in actions:
        g = state.clone()
        g.apply_unchecked(a)
        n += perft(g, depth - 1, stop)
    return n


# ----------------------------------------------------------------------------- go parameters
GO_INT_KEYS = {"iterations": "iterations", "nodes": "iterations", "movetime": "movetime",
               "movestogo": "movestogo", "wtime": "time0", "btime": "time1", "winc": "inc0", "binc": "inc1"}


def parse_go(words: list[str]) -> dict:
    """The parameters of ``go`` / ``analyse``; ProtocolError when one is unknown or malformed."""
    out: dict[str, Any] = {}
    i = 0
    while i < len(words):
        w = words[i]
        if w == "infinite":
            out["infinite"] = True
            i += 1
            continue
        key = GO_INT_KEYS.get(w)
        if key is None and w[:-1] in ("time", "inc") and w[-1:] in ("0", "1", "2", "3"):
            key = w
        if key is None:
            raise ProtocolError(f"unknown go parameter {w!r}")
        if i + 1 >= len(words):
            raise ProtocolError(f"go parameter {w!r} needs a number")
        if key in out:
            raise ProtocolError(f"go parameter {w!r} given twice")
        out[key] = _int(words[i + 1], w, 0 if key.startswith(("inc", "time")) else 1, 10**12)
        i += 2
    return out


def budget_from_clock(params: dict, seat: int, round_: int, overhead: int) -> int | None:
    """Milliseconds for this decision from a clock (``time<seat>``/``inc<seat>``), or None."""
    t = params.get(f"time{seat}")
    if t is None:
        return None
    inc = params.get(f"inc{seat}", 0)
    left = params.get("movestogo") or max(10, 5 * (data.ROUNDS - round_))
    ms = t / left + 0.75 * inc - overhead
    return int(max(10, min(ms, max(10, t / 2 - overhead))))


# ----------------------------------------------------------------------------- the engine
class Engine:
    """The protocol state machine: feed it lines with :meth:`handle`; it writes replies to ``out``."""

    def __init__(self, out: TextIO | None = None, preset: dict[str, str] | None = None) -> None:
        self.out = out or sys.stdout
        self._lock = threading.Lock()
        self.options = {o.name.lower(): o for o in engine_options()}
        self.values = {o.name: o.default for o in self.options.values()}
        self.pos: Position | None = None
        self.search_thread: threading.Thread | None = None
        self.stop_event = threading.Event()
        self.go_count = 0
        self.search_infinite = False
        self.log: TextIO | None = None
        for name, value in (preset or {}).items():
            self.set_option(name, value)

    # ------------------------------------------------------------------- output
    def write(self, line: str) -> None:
        """One reply line (thread-safe, flushed)."""
        with self._lock:
            self.out.write(line + "\n")
            self.out.flush()
            if self.log:
                self.log.write("< " + line + "\n")
                self.log.flush()

    def error(self, msg: str) -> None:
        self.write("info string error: " + " ".join(msg.split()))

    # ------------------------------------------------------------------- dispatch
    def handle(self, line: str) -> bool:
        """Process one input line; False after ``quit``."""
        if self.log:
            with self._lock:
                self.log.write("> " + line.rstrip("\n") + "\n")
        words = line.split()
        if not words:
            return True
        cmd, args = words[0], words[1:]
        handler = self.COMMANDS.get(cmd)
        try:
            if handler is None:
                raise ProtocolError(f"unknown command {cmd!r}")
            if self.searching() and cmd not in self.DURING_SEARCH:
                if self.search_infinite:
                    raise ProtocolError(f"{cmd!r} during go infinite (send stop first)")
                self.search_thread.join()  # a finite search: the command waits for its bestmove
            return handler(self, args, line) is not False
        except ProtocolError as e:
            self.error(str(e))
        except Exception as e:  # a bug must not kill the engine or change its position
            self.error(f"internal error in {cmd!r}: {type(e).__name__}: {e}")
        return True

    def searching(self) -> bool:
        return self.search_thread is not None and self.search_thread.is_alive()

    # ------------------------------------------------------------------- UCI commands
    def cmd_uci(self, args: list[str], line: str) -> None:
        if args:
            raise ProtocolError("uci takes no arguments")
        self.write(f"id name {ENGINE_NAME}")
        self.write(f"id author {ENGINE_AUTHOR}")
        for o in self.options.values():
            self.write(o.uci_line())
        self.write("uciok")

    def cmd_isready(self, args: list[str], line: str) -> None:
        if args:
            raise ProtocolError("isready takes no arguments")
        self.write("readyok")

    def cmd_debug(self, args: list[str], line: str) -> None:
        if args not in (["on"], ["off"]):
            raise ProtocolError("debug takes on or off")

    def set_option(self, name: str, value: str | None) -> None:
        """Set an option by name (case-insensitive); ProtocolError when it cannot be set."""
        opt = self.options.get(name.lower())
        if opt is None:
            raise ProtocolError(f"no option named {name!r}")
        v = opt.parse(value)
        if opt.name == "Exploration" and v:
            try:
                if not float(v) > 0:
                    raise ValueError
            except ValueError:
                raise ProtocolError(f"Exploration must be a positive number, not {v!r}") from None
        if opt.name == "Debug Log File":
            if self.log:
                self.log.close()
                self.log = None
            if v:
                try:
                    self.log = open(v, "a", encoding="utf-8")
                except OSError as e:
                    raise ProtocolError(f"cannot open the log file: {e}") from None
        if opt.name == "Clear Log":
            path = self.values["Debug Log File"]
            if path and self.log:
                self.log.seek(0)
                self.log.truncate()
            return
        self.values[opt.name] = v

    def cmd_setoption(self, args: list[str], line: str) -> None:
        if not args or args[0] != "name" or len(args) < 2:
            raise ProtocolError("use: setoption name <id> [value <x>]")
        rest = args[1:]
        if "value" in rest:
            k = rest.index("value")
            name, value = " ".join(rest[:k]), " ".join(rest[k + 1:])
            if not name:
                raise ProtocolError("setoption without an option name")
        else:
            name, value = " ".join(rest), None
        self.set_option(name, value)

    def cmd_ucinewgame(self, args: list[str], line: str) -> None:
        if args:
            raise ProtocolError("ucinewgame takes no arguments")
        self.pos = None
        self.go_count = 0

    def cmd_position(self, args: list[str], line: str) -> None:
        if not args:
            raise ProtocolError("use: position new <options> [moves ...] or position state <string> [moves ...]")
        moves: list[str] = []
        if "moves" in args:
            k = args.index("moves")
            args, moves = args[:k], args[k + 1:]
        kind, rest = args[0], args[1:]
        if kind == "new":
            opts = parse_table(rest)
            if opts["players"] == 1:  # the Botankhamun options are the defaults of a solo table
                if "difficulty" not in opts["words"]:
                    opts["words"] += ["difficulty", self.values["Botankhamun"]]
                if "decrees" not in opts["words"] and "decree8" not in opts["words"] \
                        and self.values["Botankhamun Decree8"]:
                    opts["words"].append("decree8")
            header = ("new", opts["players"], opts.get("seat"), opts.get("seed"),
                      table_options(opts))
            seat, auto = opts.get("seat", 0), "seed" in opts
            make_root = lambda: new_game(opts)  # noqa: E731
        elif kind == "state":
            if not rest:
                raise ProtocolError("position state needs the serialised state")
            text, extra = rest[0], rest[1:]
            sopts: dict[str, int] = {}
            for j in range(0, len(extra), 2):
                key = extra[j]
                if key not in ("seat", "seed") or j + 1 >= len(extra) or key in sopts:
                    raise ProtocolError(f"position state takes seat <n> and seed <n>, not {' '.join(extra)!r}")
                sopts[key] = _int(extra[j + 1], key, 0, 3 if key == "seat" else 2**63 - 1)
            header = ("state", text, tuple(sorted(sopts.items())))
            seat, auto = sopts.get("seat", 0), "seed" in sopts

            def make_root() -> GameState:
                try:
                    g = GameState.from_string(text)
                except ValueError as e:
                    raise ProtocolError(f"impossible position: {e}") from None
                if seat >= g.num_seats:
                    raise ProtocolError(f"seat {seat} does not exist in this {g.num_seats}-seat game")
                if any(loc == CL_UNKNOWN for loc in g.field("card_loc")):
                    g = g.resample(sopts.get("seed", 0))  # an observation: deal its unknowns
                if "seed" in sopts:
                    g.set_field("rng", sopts["seed"])
                return g
        else:
            raise ProtocolError(f"position takes 'new' or 'state', not {kind!r}")
        # continue from the current position when the new list extends it
        old = self.pos
        if old and old.header == header and old.base is not None and moves[:len(old.tokens)] == old.tokens:
            # chance drawn after the old list is drawn again (the same way: the generator is in the state)
            pos = Position(header, old.root, old.base.clone(), seat, auto, list(old.tokens),
                           list(old.applied[:old.base_applied]), old.filled)
            todo = moves[len(old.tokens):]
        else:
            root = make_root()
            pos = Position(header, root, root.clone(), seat, auto)
            todo = moves
        rng = random.Random(zlib.crc32(repr((header, len(pos.tokens))).encode()))
        apply_moves(pos, todo, rng)
        self.pos = pos

    def need_position(self) -> Position:
        if self.pos is None:
            raise ProtocolError("no position (send position new ... or position state ...)")
        return self.pos

    def cmd_go(self, args: list[str], line: str, analysis: bool = False) -> None:
        params = parse_go(args)
        pos = self.need_position()
        state = pos.state
        if state.is_terminal():
            raise ProtocolError("the game is over: no move to search")
        self.go_count += 1
        if state.is_chance():
            rng = random.Random(self.values["Seed"] * 1_000_003 + self.go_count)
            outcomes = state.chance_outcomes()
            a = rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0]
            self.write("info string chance step: outcome drawn by the engine")
            self.write(f"bestmove {format_action(a)}")
            return
        seat = state.current_player()
        obs = state.observation(seat)
        budget_iter = params.get("iterations")
        budget_ms = params.get("movetime")
        clock = budget_from_clock(params, seat, state.field("round"), self.values["Move Overhead"])
        if clock is not None:
            budget_ms = min(budget_ms, clock) if budget_ms else clock
        infinite = params.get("infinite", False)
        if not infinite and budget_iter is None and budget_ms is None:
            if self.values["Iterations"] > 0:
                budget_iter = self.values["Iterations"]
            else:
                budget_ms = self.values["Movetime"]
        agent = self.make_player()
        self.search_infinite = infinite
        self.stop_event = threading.Event()
        self.search_thread = threading.Thread(
            target=self._search, args=(agent, obs, seat, budget_iter, budget_ms, infinite, analysis,
                                       self.stop_event), daemon=True)
        self.search_thread.start()

    def cmd_analyse(self, args: list[str], line: str) -> None:
        self.cmd_go(args, line, analysis=True)

    def make_player(self) -> Any:
        """A fresh agent for the Player option with the search options."""
        kind = self.values["Player"]
        seed = self.values["Seed"] + self.go_count
        if kind == "ismcts":
            spec = f"ismcts:jobs={self.values['Threads']}:reward={self.values['Reward']}"
            if self.values["Exploration"]:
                spec += f":c_uct={self.values['Exploration']}"
            return make_agent(spec, seed=seed)
        return make_agent(kind, seed=seed)

    def cmd_stop(self, args: list[str], line: str) -> None:
        if args:
            raise ProtocolError("stop takes no arguments")
        self.stop_event.set()
        if self.search_thread is not None:
            self.search_thread.join(10)

    def cmd_quit(self, args: list[str], line: str) -> bool:
        self.stop_event.set()
        if self.search_thread is not None:
            self.search_thread.join(10)
        if self.log:
            self.log.close()
            self.log = None
        return False

    # ------------------------------------------------------------------- extensions
    def cmd_legal(self, args: list[str], line: str) -> None:
        if args:
            raise ProtocolError("legal takes no arguments")
        pos = self.need_position()
        self.write(" ".join(["legal"] + [format_action(a) for a in pos.state.legal_actions()]))

    def cmd_show(self, args: list[str], line: str) -> None:
        if args:
            raise ProtocolError("show takes no arguments")
        pos = self.need_position()
        for text_line in render(pos.state.observation(pos.seat), seat=pos.seat).splitlines():
            self.write("info string " + text_line if text_line.strip() else "info string .")
        self.write(f"info string seen by {seat_name(pos.state, pos.seat)}; moves given {len(pos.tokens)}"
                   f", masked outcomes filled in {pos.filled}")

    def cmd_state(self, args: list[str], line: str) -> None:
        if args:
            raise ProtocolError("state takes no arguments")
        pos = self.need_position()
        self.write("state " + pos.state.to_string())

    def cmd_perft(self, args: list[str], line: str) -> None:
        if len(args) != 1:
            raise ProtocolError("use: perft <depth>")
        depth = _int(args[0], "perft depth", 0, MAX_PERFT_DEPTH)
        state = self.need_position().state.clone()
        self.search_infinite = True  # like go infinite: other commands wait for stop or the end
        self.stop_event = threading.Event()
        self.search_thread = threading.Thread(target=self._perft, args=(state, depth, self.stop_event), daemon=True)
        self.search_thread.start()

    def _perft(self, state: GameState, depth: int, stop: threading.Event) -> None:
        """perft in the background thread: one line per first move, then the total."""
        t0 = time.perf_counter()
        total = 0
        stopped = ""
        try:
            if depth == 0 or state.is_terminal():
                total = 1
            else:
                for a in state.legal_actions():
                    g = state.clone()
                    g.apply_unchecked(a)
                    n = perft(g, depth - 1, stop)
                    total += n
                    self.write(f"{format_action(a)}: {n}")
        except Stopped:
            stopped = " stopped"
        ms = int((time.perf_counter() - t0) * 1000)
        self.write(f"nodes {total} time {ms}{stopped}")

    # ------------------------------------------------------------------- the search thread
    def _search(self, agent: Any, obs: GameState, seat: int, iterations: int | None, movetime: int | None,
                infinite: bool, analysis: bool, stop: threading.Event) -> None:
        best = None
        try:
            if hasattr(agent, "search"):
                if infinite:  # no budget: the search runs until stop (a movetime of about 11 days)
                    iterations, movetime = None, INFINITE_MS
                result = agent.search(obs, seat, iterations=iterations, movetime_ms=movetime, stop=stop,
                                      on_info=(lambda r: self._info(r, seat)) if self.values["Info Lines"] else None,
                                      info_interval_ms=self.values["Info Interval"])
                best = result.best
                self._info(result, seat)
                if analysis:
                    self._analysis(result, obs, seat)
            else:
                t0 = time.perf_counter()
                best = agent.choose(obs, seat)
                ms = int((time.perf_counter() - t0) * 1000)
                self.write(f"info time {ms} pv {format_action(best)}")
                if analysis:
                    self.write(f"info string analysis: player {self.values['Player']} gives no statistics")
            if infinite:
                stop.wait()
        except Exception as e:
            self.error(f"search failed: {type(e).__name__}: {e}")
            legal = obs.legal_actions()
            best = best if best in legal else legal[0]
        self.write(f"bestmove {format_action(best)}")

    def _info(self, r: Any, seat: int) -> None:
        """Info lines from a SearchResult (one per MultiPV line)."""
        nps = int(r.iterations * 1000 / r.elapsed_ms) if r.elapsed_ms else 0
        head = f"iterations {r.iterations} nodes {r.nodes} nps {nps} time {int(r.elapsed_ms)}"
        cands = sorted(r.candidates, key=lambda c: -c.visits)[: self.values["MultiPV"]]
        if self.values["MultiPV"] <= 1 or not cands:
            pv = " ".join(_tok(a) for a in r.pv) or format_action(r.best)
            self.write(f"info {head} score cp {int(round(100 * r.expected_margin))} "
                       f"winprob {r.win_prob:.3f} margin {r.expected_margin:.2f} pv {pv}")
            return
        for k, c in enumerate(cands, 1):
            ev = list(c.expected_vp)
            others = [v for i, v in enumerate(ev) if i != seat]
            margin = ev[seat] - max(others) if others and seat < len(ev) else 0.0
            pv = " ".join(_tok(a) for a in r.pv) if c.action == r.best and r.pv else c.token
            self.write(f"info multipv {k} {head} score cp {int(round(100 * margin))} "
                       f"winprob {c.win_prob:.3f} margin {margin:.2f} pv {pv}")

    def _analysis(self, r: Any, obs: GameState, seat: int) -> None:
        """The analysis report (``analyse``): every candidate, expected VP, breakdown, pv."""
        for line in format_analysis(r, seat).splitlines():
            self.write("info string " + line)

    COMMANDS: dict[str, Callable] = {
        "uci": cmd_uci, "isready": cmd_isready, "debug": cmd_debug, "setoption": cmd_setoption,
        "ucinewgame": cmd_ucinewgame, "position": cmd_position, "go": cmd_go, "stop": cmd_stop,
        "quit": cmd_quit, "legal": cmd_legal, "show": cmd_show, "state": cmd_state, "perft": cmd_perft,
        "eval": cmd_analyse, "analyse": cmd_analyse,
    }
    DURING_SEARCH = {"isready", "stop", "quit", "legal", "show", "state", "debug"}


def format_analysis(r: Any, seat: int) -> str:
    """A SearchResult as text: the search's own table when it has one (``text()``), else a summary,
    one line per candidate, the breakdown of the best and the pv."""
    if hasattr(r, "text"):
        return r.text()
    lines = [f"analysis seat {seat} iterations {r.iterations} nodes {r.nodes} time {int(r.elapsed_ms)} "
             f"winprob {r.win_prob:.3f} margin {r.expected_margin:+.2f}"]
    for c in sorted(r.candidates, key=lambda c: -c.visits):
        ev = "/".join(f"{v:.1f}" for v in c.expected_vp)
        lines.append(f"candidate {c.token} visits {c.visits} share {c.share:.3f} reward {c.mean_reward:.3f} "
                     f"winprob {c.win_prob:.3f} vp {ev}")
    best = next((c for c in r.candidates if c.action == r.best), None)
    if best is not None and best.breakdown:
        lines.append("breakdown " + " ".join(f"{k}={v:.1f}" for k, v in best.breakdown.items()))
    lines.append("pv " + (" ".join(_tok(a) for a in r.pv) or format_action(r.best)))
    return "\n".join(lines)


def private_stdio() -> tuple[TextIO, TextIO]:
    """Own file objects on duplicates of file descriptors 0 and 1.

    The engine reads and writes through these, never through ``sys.stdin`` / ``sys.stdout``:
    a search worker process forked while the main thread waits in a read would otherwise
    inherit a locked ``sys.stdin`` (``multiprocessing`` closes it in the child: a deadlock).
    Bytes that are not UTF-8 are read as replacement characters (a bad line, not a crash).
    """
    fin = open(os.dup(sys.stdin.fileno()), "r", encoding="utf-8", errors="replace")
    fout = open(os.dup(sys.stdout.fileno()), "w", encoding="utf-8", errors="replace")
    return fin, fout


def main(argv: list[str] | None = None, *, stdin: TextIO | None = None, stdout: TextIO | None = None,
         preset: dict[str, str] | None = None) -> int:
    """Run the protocol on stdin/stdout until ``quit`` or the end of the input."""
    if stdin is None or stdout is None:
        fin, fout = private_stdio()
        stdin, stdout = stdin or fin, stdout or fout
    serve(Engine(stdout, preset), stdin)
    return 0


def serve(engine: Engine, stdin: TextIO) -> None:
    """Feed ``engine`` the lines of ``stdin`` until ``quit`` (the end of the input quits too)."""
    if hasattr(stdin, "reconfigure"):
        stdin.reconfigure(errors="replace")  # bytes that are not UTF-8 make a bad line, not a crash
    for line in stdin:
        if not engine.handle(line):
            return
    engine.handle("quit")


if __name__ == "__main__":
    sys.exit(main())
