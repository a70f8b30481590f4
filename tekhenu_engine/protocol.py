"""The engine protocol: UCI framing over stdin/stdout (specified in ``protocol/PROTOCOL.md``).

Run it with ``tekhenu engine`` or ``python -m tekhenu_engine.protocol``. One command per
line in, replies out. The search runs in a background thread, so ``isready`` and ``stop``
are answered while it thinks. Every line that is not a valid command gets exactly one
``info string error: ...`` reply and changes nothing; every ``go`` ends with exactly one
``bestmove`` (``bestmove (none)`` after an error). Besides the UCI core it answers what Stockfish
answers (``go perft``, ``bench``, ``d``, ``go depth/nodes/searchmoves/ponder``, ``ponderhit``,
``UCI_AnalyseMode``) and its own extensions (``legal``, ``show [format]``, ``state [json]``,
``perft``, ``analyse``).
"""
from __future__ import annotations

import json
import os
import random
import re
import sys
import threading
import time
import zlib
from dataclasses import dataclass, field
from typing import Any, Callable, TextIO

from . import data
from ._core import DIFFICULTIES, STEP_TYPES, GameState
from ._search import HIST_MAX, MAST_MAX, check_c_uct, check_hist, check_mast_options
from .agents.registry import available_players, make_agent
from .notation import card_id, card_name, format_action, parse_action
from .enums import CardLoc
from .options import TableOptions
from .render import render, seat_name

ENGINE_NAME = "Tekhenu Engine 0.1"
ENGINE_AUTHOR = "the tekhenu_engine developers"

# actions are read through their notation tokens (verb:argument), never their bit layout: the
# encoding has one home (_core, notation). Verbs of the actions that name cards:
CARD_VERBS = ("draw", "keep", "decrees", "bless")
_CARD_NAME = re.compile(r"\b[BTD][0-9][0-9]\b")


def verb_of(action: int) -> str:
    """The notation verb of an action (``draw``, ``keep``, ``take`` ...)."""
    return format_action(action).partition(":")[0]


CL_PILE, CL_BOTTOM, CL_UNKNOWN = int(CardLoc.PILE), int(CardLoc.BOTTOM), int(CardLoc.UNKNOWN)
CL_HAND, CL_PENDING = int(CardLoc.HAND), int(CardLoc.PENDING)
STEP_NAMES = {v: k for k, v in STEP_TYPES.items() if not k.endswith("_LAST")}
MAX_PERFT_DEPTH = 8
MAX_SHOWN_LEGAL = 12
INFINITE_MS = 10**9
MAX_ERROR_CHARS = 300     # an error line never echoes more of a bad line than this
MAX_ECHO = 40             # a word of the bad line is quoted up to this many characters
DEPTH_CHECK_MS = 20       # how often a go depth N search looks at its principal variation
BENCH_ITERATIONS = 400    # per position of the bench command
JOB_WAIT_S = 0.5          # a command after perft / bench waits this long for it to end
_ASCII_INT = re.compile(r"^[+-]?[0-9]+$")
_ASCII_NUMBER = re.compile(r"^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$")


def _passes(check: Callable[[float], None]) -> Callable[[float], bool]:
    """A test of a value from a check of the search that raises ValueError on a bad one, so that the
    protocol and the search refuse the same values (the search's check is the only place of the range)."""

    def ok(x: float) -> bool:
        try:
            check(x)
        except ValueError:
            return False
        return True

    return ok


# the string options that take a number: the test of its value and how an error names what it must be
_NUMBER_OPTIONS: dict[str, tuple[Callable[[float], bool], str]] = {
    "Exploration": (_passes(check_c_uct), "a positive number"),
    "MAST": (_passes(check_mast_options), f"a number from 0 to {MAST_MAX:g}"),
    "History": (_passes(check_hist), f"a number from 0 to {HIST_MAX:g}"),
}


def _players(state: GameState) -> int:
    """The player count (a property of GameState here, a method in OpenSpiel's style elsewhere)."""
    v = state.num_players()
    return int(v() if callable(v) else v)


def _deck(card: int) -> str | None:
    """The deck letter of a card id (B, T, D), None for an id outside the three decks."""
    try:
        return card_name(card)[0]
    except ValueError:
        return None


def _q(word: str) -> str:
    """A word of a bad line, quoted and cut to a short prefix for an error message."""
    return repr(word if len(word) <= MAX_ECHO else word[:MAX_ECHO] + "...")


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
            if not _ASCII_INT.match(value):  # no inf, nan, 1_000 or non-ASCII digits
                raise ProtocolError(f"option {self.name} takes an integer, not {_q(value)}")
            v = int(value)
            if not self.min <= v <= self.max:
                raise ProtocolError(f"option {self.name} must be in {self.min}..{self.max}, not {v}")
            return v
        if self.type == "check":
            if value.lower() not in ("true", "false"):
                raise ProtocolError(f"option {self.name} takes true or false, not {_q(value)}")
            return value.lower() == "true"
        if self.type == "combo":
            for c in self.choices:
                if c.lower() == value.lower():
                    return c
            raise ProtocolError(f"option {self.name} takes one of {', '.join(self.choices)}, not {_q(value)}")
        return "" if value == "<empty>" else value


def _reward_option() -> Option:
    """The search's reward: a combo of the rewards the search offers (a string without the search)."""
    try:
        from ._search import REWARDS
    except ImportError:
        return Option("Reward", "string", "auto", help="reward of the search (docs/search.md)")
    return Option("Reward", "combo", "auto", choices=tuple(REWARDS), help="reward of the search (docs/search.md)")


def _playout_option() -> Option:
    """The search's playout policy: a combo of the policies the search offers."""
    help_ = "playout policy of the search (auto: the measured default of the table; docs/search.md)"
    try:
        from ._search import PLAYOUTS
    except ImportError:
        return Option("Playout", "string", "auto", help=help_)
    return Option("Playout", "combo", "auto", choices=tuple(PLAYOUTS), help=help_)


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
        Option("Eval", "combo", "static", choices=("static", "learned"),
               help="evaluation at a playout cut-off: static or the learned model (docs/search.md)"),
        Option("Cutoff", "spin", 0, 0, 10_000, help="playout decisions before the evaluation (0: play to the end)"),
        _playout_option(),
        Option("MAST", "string", "", help=f"weight of move-average sampling in the playouts, 0 to {MAST_MAX:g} "
               "(empty: the search's default, 10 at 2-4 players, off in solo games)"),
        Option("History", "string", "", help=f"weight of progressive history in the tree, 0 to {HIST_MAX:g} "
               "(empty: the search's default, 10 at 2 players, off otherwise)"),
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
        Option("Ponder", "check", False, help="UCI: the GUI may send go ponder (always accepted)"),
        Option("UCI_AnalyseMode", "check", False, help="UCI: every go prints the analysis like analyse"),
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
    if not _ASCII_INT.match(word):
        raise ProtocolError(f"{what} must be an integer, not {_q(word)}")
    v = int(word)
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
            raise ProtocolError(f"game option {_q(key)} given twice")
        if i + 1 >= len(words):
            raise ProtocolError(f"game option {_q(key)} needs a value")
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
    try:
        TableOptions.from_words(opts["words"]).check_players(opts["players"])
    except ValueError as e:
        raise ProtocolError(str(e)) from None
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
    """Card ids an action names (draws, keeps, Decree sets, Blessings), read from its token."""
    verb, _, arg = format_action(action).partition(":")
    if verb not in CARD_VERBS:
        return []
    return [card_id(m) for m in _CARD_NAME.findall(arg)]


def repair(state: GameState, action: int, seat: int, rng: random.Random) -> GameState | None:
    """A state in which ``action`` is legal, made by moving only cards ``seat`` cannot see.

    Used when an outcome or a decision names a card that the engine's determinisation has put
    elsewhere (for example the engine filled in another seat's masked draw with the card that
    is now drawn openly). A named card hidden from ``seat`` swaps place with a hidden card of
    the same type where the action needs it. None when no such swap makes the action legal.
    """
    names = cards_named(action)
    cp = state.current_player()
    kind = verb_of(action)
    if not names:
        return None
    if kind == "draw":
        targets = {CL_PILE, CL_BOTTOM}
    elif kind == "keep" and cp >= 0:
        targets = {CL_PENDING + cp}
    elif kind in ("decrees", "bless") and cp >= 0:
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
            deck = _deck(c)
            partners = [x for x in range(len(loc)) if deck is not None and _deck(x) == deck
                        and x not in names and seen[x] == CL_UNKNOWN and loc[x] in targets]
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


def possible_outcomes(state: GameState, seat: int) -> list[int]:
    """The legal moves of the pending step; at a chance step every outcome possible from the view
    of ``seat``.

    In a game fed from outside the state is the engine's determinisation: the pile holds the
    engine's guess of the hidden cards. A card draw may then also be any card ``seat`` has not
    seen, of the deck being drawn, that :func:`repair` can put on the pile (it is accepted as a
    move). The list is sorted by the notation's order of actions."""
    outs = state.legal_actions()
    draws = [a for a in outs if verb_of(a) == "draw"] if state.is_chance() else []
    if not draws:
        return outs
    seen = state.observation(seat).field("card_loc")
    decks = {_deck(c) for a in draws for c in cards_named(a)} - {None}
    have = set(outs)
    rng = random.Random(0)
    for c in range(len(seen)):
        if seen[c] != CL_UNKNOWN or _deck(c) not in decks:
            continue
        a = parse_action("draw:" + card_name(c))
        if a not in have and repair(state, a, seat, rng) is not None:
            have.add(a)
    return sorted(have)


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
        where = f"move {len(pos.tokens) + 1} ({_q(tok)})"
        if state.is_terminal():
            raise ProtocolError(f"{where}: the game is already over")
        if tok.endswith(":?"):
            if not state.is_chance():
                raise ProtocolError(f"{where}: a masked outcome, but seat {state.current_player()} "
                                    f"decides now (legal: {_legal_hint(state)})")
            verb = tok[:-2]
            outcomes = [(a, p) for a, p in state.chance_outcomes() if verb_of(a) == verb]
            if not outcomes:
                raise ProtocolError(f"{where}: the pending chance step has no {_q(verb)} outcomes "
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


GO_KEYWORDS = {"infinite", "ponder", "searchmoves", "depth", "perft", *GO_INT_KEYS} | \
    {f"{w}{k}" for w in ("time", "inc") for k in "0123"}


def parse_go(words: list[str]) -> dict:
    """The parameters of ``go`` / ``analyse``; ProtocolError when one is unknown or malformed.

    ``nodes`` is an iteration budget like ``iterations``; ``depth N`` stops the search when its
    principal variation holds N moves; ``searchmoves`` takes the move tokens up to the next
    keyword; ``infinite`` and ``ponder`` are flags."""
    out: dict[str, Any] = {}
    i = 0
    while i < len(words):
        w = words[i]
        if w in ("infinite", "ponder"):
            if w in out:
                raise ProtocolError(f"go parameter {_q(w)} given twice")
            out[w] = True
            i += 1
            continue
        if w == "searchmoves":
            if "searchmoves" in out:
                raise ProtocolError("go parameter 'searchmoves' given twice")
            j = i + 1
            while j < len(words) and words[j] not in GO_KEYWORDS:
                j += 1
            if j == i + 1:
                raise ProtocolError("go searchmoves needs at least one move")
            out["searchmoves"] = words[i + 1:j]
            i = j
            continue
        key = "depth" if w == "depth" else GO_INT_KEYS.get(w)
        if key is None and w[:-1] in ("time", "inc") and w[-1:] in ("0", "1", "2", "3"):
            key = w
        if key is None:
            raise ProtocolError(f"unknown go parameter {_q(w)}")
        if i + 1 >= len(words):
            raise ProtocolError(f"go parameter {_q(w)} needs a number")
        if key in out:
            raise ProtocolError(f"go parameter {_q(w)} given twice")
        out[key] = _int(words[i + 1], w, 0 if key.startswith(("inc", "time")) else 1, 10**12)
        i += 2
    if out.get("infinite") and out.get("ponder"):
        raise ProtocolError("go takes infinite or ponder, not both")
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
        self.job = ""            # what the background thread does: search, infinite, ponder, perft, bench
        self.ponder_ms: int | None = None
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
        """The one ``info string error:`` line (at most MAX_ERROR_CHARS of the message)."""
        msg = " ".join(msg.split())
        if len(msg) > MAX_ERROR_CHARS:
            msg = msg[:MAX_ERROR_CHARS] + "..."
        self.write("info string error: " + msg)

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
                raise ProtocolError(f"unknown command {_q(cmd)}")
            if self.searching() and cmd not in self.DURING_SEARCH:
                if self.job in ("infinite", "ponder"):
                    raise ProtocolError(f"{_q(cmd)} during go {self.job} (send stop first)")
                if self.job in ("perft", "bench"):  # a short one ends while the command waits
                    self.search_thread.join(JOB_WAIT_S)
                    if self.search_thread.is_alive():
                        raise ProtocolError(f"{_q(cmd)} while {self.job} runs (it did not end within "
                                            f"{JOB_WAIT_S:g} s: send stop first)")
                self.search_thread.join()  # a finite search: the command waits for its bestmove
            return handler(self, args, line) is not False
        except ProtocolError as e:
            self.error(str(e))
            if cmd in self.GO_COMMANDS and not (args[:1] == ["perft"] and cmd == "go") \
                    and not self.searching():
                self.write("bestmove (none)")  # every go ends with one bestmove
        except Exception as e:  # a bug must not kill the engine or change its position
            self.error(f"internal error in {_q(cmd)}: {type(e).__name__}: {e}")
            if cmd in self.GO_COMMANDS and not self.searching():
                self.write("bestmove (none)")
        return True

    def searching(self) -> bool:
        return self.search_thread is not None and self.search_thread.is_alive()

    def finish_at_end_of_input(self) -> None:
        """At the end of the input: let a finite ``go`` (an iteration or time budget) or a perft /
        bench run to its end before ``quit`` stops it, so that ``printf 'position ...\\ngo
        iterations 200\\n' | tekhenu engine`` searches its 200 iterations (without this the
        implicit ``quit`` stopped it after one). ``go infinite`` and ``go ponder`` wait for a
        ``stop`` that can no longer come: ``quit`` ends them."""
        if self.searching() and self.job not in ("infinite", "ponder"):
            self.search_thread.join()

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
            raise ProtocolError(f"no option named {_q(name)}")
        v = opt.parse(value)
        if opt.name in _NUMBER_OPTIONS and v:
            ok, what = _NUMBER_OPTIONS[opt.name]
            if not (_ASCII_NUMBER.match(v) and ok(float(v))):
                raise ProtocolError(f"{opt.name} must be {what}, not {_q(v)}")
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
                    raise ProtocolError(f"position state takes seat <n> and seed <n>, not {_q(' '.join(extra))}")
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
            raise ProtocolError(f"position takes 'new' or 'state', not {_q(kind)}")
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
        if args[:1] == ["perft"] and not analysis:  # Stockfish's go perft N: counts, no bestmove
            if len(args) != 2:
                raise ProtocolError("use: go perft <depth>")
            return self.cmd_perft(args[1:], line, stockfish=True)
        params = parse_go(args)
        pos = self.need_position()
        state = pos.state
        if state.is_terminal():
            raise ProtocolError("the game is over: no move to search")
        analysis = analysis or bool(self.values["UCI_AnalyseMode"])
        allowed = None
        if "searchmoves" in params:
            legal = set(possible_outcomes(state, pos.seat))
            allowed = []
            for tok in params["searchmoves"]:
                try:
                    a = parse_action(tok)
                except ValueError as e:
                    raise ProtocolError(f"searchmoves: {e}") from None
                if a not in legal:
                    raise ProtocolError(f"searchmoves: {_q(tok)} is not legal here (legal: {_legal_hint(state)})")
                allowed.append(a)
        self.go_count += 1
        if state.is_chance():
            rng = random.Random(self.values["Seed"] * 1_000_003 + self.go_count)
            outcomes = [(a, p) for a, p in state.chance_outcomes() if allowed is None or a in allowed]
            if not outcomes:  # searchmoves names outcomes the engine's pile lacks: one of them
                outcomes = [(a, 1.0) for a in allowed or []]
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
        ponder = params.get("ponder", False)
        infinite = params.get("infinite", False) or ponder
        if budget_iter is None and budget_ms is None and (ponder or not infinite):
            if self.values["Iterations"] > 0 and not ponder:
                budget_iter = self.values["Iterations"]
            elif budget_iter is None:
                budget_ms = self.values["Movetime"]
        self.ponder_ms = budget_ms if ponder else None  # after ponderhit the search gets this long
        # the search stops early (when the best move can no longer change) only on a clock's budget:
        # go iterations / movetime / nodes run exactly what they name (docs/search.md, "Budgets")
        from_clock = clock is not None and params.get("movetime") is None and budget_iter is None
        agent = self.make_player(early=from_clock and not infinite)
        self.job = "ponder" if ponder else "infinite" if infinite else "search"
        self.stop_event = threading.Event()
        limits = {"depth": params.get("depth"), "allowed": allowed}
        self.search_thread = threading.Thread(
            target=self._search, args=(agent, obs, seat, None if infinite else budget_iter,
                                       None if infinite else budget_ms, infinite, analysis,
                                       self.stop_event, limits), daemon=True)
        self.search_thread.start()

    def cmd_ponderhit(self, args: list[str], line: str) -> None:
        if args:
            raise ProtocolError("ponderhit takes no arguments")
        if not self.searching() or self.job != "ponder":
            raise ProtocolError("ponderhit without a go ponder")
        self.job = "search"  # the ponder search becomes a normal one with the budget of its go
        stop = self.stop_event
        t = threading.Timer((self.ponder_ms or self.values["Movetime"]) / 1000.0, stop.set)
        t.daemon = True
        t.start()

    def cmd_analyse(self, args: list[str], line: str) -> None:
        self.cmd_go(args, line, analysis=True)

    def make_player(self, early: bool = False) -> Any:
        """A fresh agent for the Player option with the search options (`early`: the search may
        stop as soon as its best move can no longer change, where the search's default does: in
        solo games; otherwise it spends its budget whole)."""
        kind = self.values["Player"]
        seed = self.values["Seed"] + self.go_count
        if kind == "ismcts":
            spec = (f"ismcts:jobs={self.values['Threads']}:reward={self.values['Reward']}"
                    f":playout={self.values['Playout']}" + ("" if early else ":early=0"))
            if self.values["Exploration"]:
                spec += f":c_uct={self.values['Exploration']}"
            if self.values["Eval"] != "static":
                spec += f":eval={self.values['Eval']}"
            if self.values["Cutoff"]:
                spec += f":cutoff={self.values['Cutoff']}"
            if self.values["MAST"]:
                spec += f":mast={self.values['MAST']}"
            if self.values["History"]:
                spec += f":hist={self.values['History']}"
            return make_agent(spec, seed=seed)
        return make_agent(kind, seed=seed)

    def cmd_stop(self, args: list[str], line: str) -> None:
        if args:
            raise ProtocolError("stop takes no arguments")
        self.job = "search" if self.job in ("infinite", "ponder") else self.job
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
        self.write(" ".join(["legal"] + [format_action(a) for a in possible_outcomes(pos.state, pos.seat)]))

    def show_text(self, pos: Position) -> None:
        """``show`` / ``show text`` / ``d``: the board as the engine's seat sees it."""
        for text_line in render(pos.state.observation(pos.seat), seat=pos.seat).splitlines():
            self.write("info string " + text_line if text_line.strip() else "info string .")
        self.write(f"info string seen by {seat_name(pos.state, pos.seat)}; moves given {len(pos.tokens)}"
                   f", masked outcomes filled in {pos.filled}")

    # ``show <format>``: one method per format (a picture format adds an entry here)
    def show_svg(self, pos: Position) -> None:
        """``show svg``: the picture of what the engine's seat sees, as one line ``svg <svg ...>``."""
        from .svg import board_svg

        self.write("svg " + board_svg(pos.state.observation(pos.seat), seat=pos.seat))

    SHOW_FORMATS: dict[str, Callable] = {"text": show_text, "svg": show_svg}

    def cmd_show(self, args: list[str], line: str) -> None:
        fmt = args[0] if args else "text"
        handler = self.SHOW_FORMATS.get(fmt)
        if handler is None or len(args) > 1:
            raise ProtocolError(f"show takes one of {', '.join(self.SHOW_FORMATS)}, not {_q(' '.join(args))}")
        handler(self, self.need_position())

    def cmd_d(self, args: list[str], line: str) -> None:
        if args:
            raise ProtocolError("d takes no arguments (Stockfish's d: the board, as show)")
        self.show_text(self.need_position())

    def status(self, pos: Position) -> dict:
        """The machine-readable state of ``state json``."""
        st = pos.state
        over = st.is_terminal()
        cp = st.current_player()
        step = st.step_type()
        winner = st.winner() if over else None
        return {"to_move": cp if cp >= 0 else None, "chance": bool(st.is_chance()), "terminal": bool(over),
                "step": "over" if over else STEP_NAMES.get(step, str(step)),
                "round": st.field("round"), "vp": st.returns(),
                "winner": winner if winner is not None and winner >= 0 else None,
                "seat": pos.seat, "seats": st.num_seats, "players": _players(st),
                "moves": len(pos.tokens), "legal": len(possible_outcomes(st, pos.seat))}

    def cmd_state(self, args: list[str], line: str) -> None:
        if args not in ([], ["json"]):
            raise ProtocolError(f"state takes nothing or json, not {_q(' '.join(args))}")
        pos = self.need_position()
        if args:
            self.write("state json " + json.dumps(self.status(pos), separators=(",", ":")))
        else:
            self.write("state " + pos.state.to_string())

    def cmd_perft(self, args: list[str], line: str, stockfish: bool = False) -> None:
        if len(args) != 1:
            raise ProtocolError("use: perft <depth>")
        depth = _int(args[0], "perft depth", 0, MAX_PERFT_DEPTH)
        state = self.need_position().state.clone()
        self.job = "perft"  # finite: other commands wait for its nodes line (stop ends it early)
        self.stop_event = threading.Event()
        self.search_thread = threading.Thread(target=self._perft, args=(state, depth, self.stop_event, stockfish),
                                              daemon=True)
        self.search_thread.start()

    def _perft(self, state: GameState, depth: int, stop: threading.Event, stockfish: bool = False) -> None:
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
        if stockfish:
            self.write("")
            self.write(f"Nodes searched: {total}{stopped}")
            self.write("")
        else:
            self.write(f"nodes {total} time {ms}{stopped}")

    def cmd_bench(self, args: list[str], line: str) -> None:
        if len(args) > 1:
            raise ProtocolError("use: bench [iterations per position]")
        iterations = _int(args[0], "bench iterations", 1, 10**7) if args else BENCH_ITERATIONS
        self.job = "bench"
        self.stop_event = threading.Event()
        self.search_thread = threading.Thread(target=self._bench, args=(iterations, self.stop_event), daemon=True)
        self.search_thread.start()

    def _bench(self, iterations: int, stop: threading.Event) -> None:
        """Stockfish's bench: fixed positions, a fixed search each, the total nodes and speed."""
        from .agents.ismcts import ISMCTSAgent

        try:
            self._bench_run(ISMCTSAgent, iterations, stop)
        except Exception as e:
            self.error(f"bench failed: {type(e).__name__}: {e}")

    def _bench_run(self, agent_cls: Any, iterations: int, stop: threading.Event) -> None:
        total_it = total_nodes = 0
        t0 = time.perf_counter()
        for k, g in enumerate(bench_positions(), 1):
            if stop.is_set():
                break
            seat = g.current_player()
            r = agent_cls(iterations=iterations, seed=k).search(g.observation(seat), seat, stop=stop)
            total_it += r.iterations
            total_nodes += r.nodes
            self.write(f"info string bench position {k}: players {_players(g)} round {g.field('round')} "
                       f"iterations {r.iterations} nodes {r.nodes} time {int(r.elapsed_ms)} "
                       f"bestmove {format_action(r.best)}")
        ms = max(1, int((time.perf_counter() - t0) * 1000))
        self.write(f"info string bench total: iterations {total_it} nodes {total_nodes} time {ms} "
                   f"nps {total_it * 1000 // ms}")

    # ------------------------------------------------------------------- the search thread
    def _search(self, agent: Any, obs: GameState, seat: int, iterations: int | None, movetime: int | None,
                infinite: bool, analysis: bool, stop: threading.Event, limits: dict | None = None) -> None:
        """The search of one go; ends with exactly one bestmove line (with ``ponder`` when the
        principal variation predicts the next decision)."""
        limits = limits or {}
        depth, allowed = limits.get("depth"), limits.get("allowed")
        best, ponder = None, None
        try:
            if hasattr(agent, "search"):
                if infinite:  # no budget: the search runs until stop (a movetime of about 11 days)
                    iterations, movetime = None, INFINITE_MS
                last = [time.monotonic()]
                show = self.values["Info Lines"]

                def on_info(r: Any) -> None:
                    now = time.monotonic()
                    if show and (now - last[0]) * 1000 >= self.values["Info Interval"]:
                        last[0] = now
                        self._info(r, seat)
                    if depth is not None and len(r.pv) >= depth:
                        stop.set()

                every = DEPTH_CHECK_MS if depth is not None else self.values["Info Interval"]
                result = agent.search(obs, seat, iterations=iterations, movetime_ms=movetime, stop=stop,
                                      on_info=on_info if (show or depth is not None) else None,
                                      info_interval_ms=every)
                best = result.best
                lost = result.warning()
                if lost:
                    self.write("info string warning: " + lost)
                if allowed is not None and best not in allowed:
                    ranked = [c.action for c in sorted(result.candidates, key=lambda c: -c.visits)
                              if c.action in allowed]
                    best = ranked[0] if ranked else allowed[0]
                self._info(result, seat)
                if analysis:
                    self._analysis(result, obs, seat)
                pv, who = list(result.pv), list(getattr(result, "pv_seats", []))
                if best == result.best and len(pv) >= 2 and len(who) >= 2 and who[1] >= 0 and pv[1] >= 0:
                    ponder = pv[1]
            else:
                t0 = time.perf_counter()
                best = agent.choose(obs, seat)
                if allowed is not None and best not in allowed:
                    best = allowed[0]
                ms = int((time.perf_counter() - t0) * 1000)
                self.write(f"info time {ms} pv {format_action(best)}")
                if analysis:
                    self.write(f"info string analysis: player {self.values['Player']} gives no statistics")
            if infinite:
                stop.wait()
        except Exception as e:
            self.error(f"search failed: {type(e).__name__}: {e}")
            legal = obs.legal_actions()
            best = best if best in legal else (allowed or legal)[0]
        self.write(f"bestmove {format_action(best)}" + (f" ponder {format_action(ponder)}" if ponder else ""))

    def _info(self, r: Any, seat: int) -> None:
        """Info lines from a SearchResult (one per MultiPV line)."""
        nps = int(r.iterations * 1000 / r.elapsed_ms) if r.elapsed_ms else 0
        head = (f"depth {len(r.pv)} iterations {r.iterations} nodes {r.nodes} nps {nps} "
                f"time {int(r.elapsed_ms)}")
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
        "ponderhit": cmd_ponderhit, "quit": cmd_quit, "legal": cmd_legal, "show": cmd_show, "d": cmd_d,
        "state": cmd_state, "perft": cmd_perft, "bench": cmd_bench, "eval": cmd_analyse, "analyse": cmd_analyse,
    }
    GO_COMMANDS = {"go", "analyse", "eval"}  # each ends with exactly one bestmove line
    DURING_SEARCH = {"isready", "stop", "ponderhit", "quit", "legal", "show", "d", "state", "debug"}


def bench_positions() -> list[GameState]:
    """The positions of ``bench``: fixed seeded games (2, 3, 4 players and solo) at their first
    decision and after 40 seeded random decisions."""
    out = []
    for players in (2, 3, 4, 1):
        g = GameState.new(players, 11)
        g.resolve_chance()
        out.append(g.clone())
        rng = random.Random(players)
        for _ in range(40):
            if g.is_terminal():
                break
            g.apply(rng.choice(g.legal_actions()))
            g.resolve_chance()
        if not g.is_terminal():
            out.append(g)
    return out


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
    engine.finish_at_end_of_input()
    engine.handle("quit")


if __name__ == "__main__":
    sys.exit(main())
