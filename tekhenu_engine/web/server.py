"""The page to play against the engine: a small Flask server (``tekhenu serve``) and its JSON API.

The server holds the true game; the browser only ever gets what the human seat may see: the
picture of that seat's observation, its legal moves with their descriptions, the other seats'
moves as that seat may be told them, Botankhamun's log (public), the engine's hint for the human
seat and, at the end, every seat's score breakdown. The engine's seats are played through the
protocol :class:`~tekhenu_engine.protocol.Engine` that GUIs use, fed the observation of the seat
to move (``position state <observation> seat N``, then ``go``), so the engine too sees only what
its seat may see.

API (JSON in and out; a malformed request gets HTTP 400 with ``{"error": "..."}`` and changes
nothing, a body over MAX_BODY_BYTES (64 KiB) HTTP 413 the same way):

* ``GET  /api/setup``: player counts, difficulties, table options and engine settings.
* ``POST /api/new`` ``{"players": 1-4, "seat": s, "seed": n, "options": {TableOptions fields},
  "iterations": n}``: a new game; returns its view (with ``id``).
* ``GET  /api/game/<id>``: the view.
* ``POST /api/game/<id>/move`` ``{"choice": index}`` or ``{"token": "take:Ha:y5"}``: play the human
  seat's move, then the other seats until the human decides again or the game ends.
* ``POST /api/game/<id>/undo``: back to before the human's last decision.
* ``POST /api/game/<id>/hint`` ``{"iterations": n}``: the engine's top candidates for the human.
"""
from __future__ import annotations

import contextlib
import copy
import secrets
import threading
from dataclasses import fields
from pathlib import Path
from typing import Any, Iterator

from .. import data
from .._core import GameState
from ..agents.registry import available_players
from ..botlog import BotLogRecorder
from ..notation import (CARD_IDS, CARD_LOC, VP_CATEGORY_NAMES, card_name, card_text, describe_action, format_action,
                        hidden_from, step_text)
from ..options import DIFFICULTIES, TableOptions
from ..protocol import Engine
from ..render import seth_cards_of
from ..svg import action_target, board_svg, seat_label

STATIC = Path(__file__).resolve().parent / "static"
MAX_GAMES = 32
MAX_BODY_BYTES = 64 * 1024     # an API request is a few hundred bytes; larger ones are refused (413)
MAX_ITERATIONS = 20000
DEFAULT_ITERATIONS = 300
ENGINE_TIMEOUT_S = 120


class BadRequest(ValueError):
    """A request the server refuses (its message goes back with HTTP 400)."""


class _Lines:
    """A text stream for the protocol engine: collects its lines and signals ``bestmove``."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.done = threading.Event()
        self._lock = threading.Lock()

    def write(self, s: str) -> int:
        with self._lock:
            for line in s.splitlines():
                if line:
                    self.lines.append(line)
                    if line.startswith("bestmove"):
                        self.done.set()
        return len(s)

    def flush(self) -> None:
        pass

    def reset(self) -> None:
        with self._lock:
            self.lines = []
            self.done.clear()


class EngineSeat:
    """The protocol engine playing (or advising) one seat."""

    def __init__(self, iterations: int, seed: int) -> None:
        self.out = _Lines()
        player = "ismcts" if "ismcts" in available_players() else available_players()[0]
        self.engine = Engine(self.out, {"Player": player, "Iterations": str(iterations), "Seed": str(seed),
                                        "Info Lines": "false"})
        self.iterations = iterations

    def ask(self, obs: GameState, seat: int, command: str) -> list[str]:
        """Send the observation as the position, then ``command`` (go / analyse); the reply lines."""
        self.out.reset()
        self.engine.handle(f"position state {obs.to_string()} seat {seat}")
        errors = [x for x in self.out.lines if x.startswith("info string error")]
        if errors:
            raise RuntimeError(errors[0])
        self.out.reset()
        self.engine.handle(command)
        if not self.out.done.wait(ENGINE_TIMEOUT_S):
            self.engine.handle("stop")
            self.out.done.wait(5)
        return list(self.out.lines)

    def best(self, obs: GameState, seat: int) -> str:
        lines = self.ask(obs, seat, f"go iterations {self.iterations}")
        best = [x for x in lines if x.startswith("bestmove ")]
        if not best:
            raise RuntimeError("the engine gave no bestmove: " + "; ".join(lines[-3:]))
        return best[-1].split()[1]

    def close(self) -> None:
        self.engine.handle("quit")


def parse_candidates(lines: list[str], nseats: int) -> list[dict]:
    """The candidate rows of an ``analyse`` reply: token, visits, share, win probability, expected VP."""
    out = []
    for line in lines:
        if not line.startswith("info string "):
            continue
        w = line[len("info string "):].split()
        if len(w) < 5 + nseats or ":" not in w[0] and w[0] != "pass" or not w[1].isdigit():
            continue
        try:
            out.append({"token": w[0], "visits": int(w[1]), "share": float(w[2].rstrip("%")) / 100,
                        "win": float(w[4].rstrip("%")) / 100, "vp": [float(x) for x in w[5:5 + nseats]]})
        except ValueError:
            continue
    return out


class Session:
    """One game on the page: the true state, the human seat, the engine seats and the log."""

    def __init__(self, players: int, seat: int, seed: int, options: TableOptions, iterations: int) -> None:
        self.state = GameState.new(players, seed, options)
        self.players, self.seat, self.seed, self.options = players, seat, seed, options
        self.iterations = iterations
        self.engines: dict[int, EngineSeat] = {}
        self.log: list[dict] = []          # {"who": seat or -1, "text": ...}, as the human may read it
        self.recorder = BotLogRecorder()
        self.undo_stack: list[tuple[GameState, int, BotLogRecorder, list]] = []
        self.last_action: int | None = None
        self.last_state: GameState | None = None  # the state the last move was played in
        self.lock = threading.Lock()
        self.closed = False                # set when the game is evicted (MAX_GAMES): its engines are gone
        self.run()

    # ------------------------------------------------------------------- playing
    def engine_for(self, seat: int) -> EngineSeat:
        if seat not in self.engines:
            self.engines[seat] = EngineSeat(self.iterations, self.seed * 7 + seat + 1)
        return self.engines[seat]

    def apply(self, a: int) -> None:
        g = self.state
        if not g.is_chance():
            self.log.append({"who": g.current_player(), "text": describe_action(g, a, viewer=self.seat),
                             "round": min(g.field("round") + 1, data.ROUNDS)})
            self.last_state, self.last_action = g, a
        before_maat, before_scoring = g.field("maat_count"), g.field("scoring_count")
        after = g.clone()
        after.apply(a)
        self.state = after
        if self.players == 1:
            n = len(self.recorder.lines)
            self.recorder.observe(after)
            for line in self.recorder.lines[n:]:
                self.log.append({"who": 1, "text": "Botankhamun: " + line, "bot": True})
        if after.field("maat_count") > before_maat:
            self.log.append({"who": -1, "text": f"Maat phase {after.field('maat_count')} of 4 begins."})
        if after.field("scoring_count") > before_scoring:
            self.log.append({"who": -1, "text": f"Scoring {after.field('scoring_count')} of 2."})

    def run(self) -> None:
        """Chance steps and the other seats, until the human decides or the game ends."""
        while not self.state.is_terminal():
            g = self.state
            if g.is_chance():
                self.apply(g.sample_chance())
                continue
            p = g.current_player()
            if p == self.seat:
                return
            tok = self.engine_for(p).best(g.observation(p), p)
            a = next((x for x in g.legal_actions() if format_action(x) == tok), None)
            if a is None:
                raise RuntimeError(f"the engine for seat {p} answered {tok!r}, not a legal move")
            self.apply(a)

    def play(self, body: dict) -> None:
        """The human's move from a request body (``choice`` index or ``token``); BadRequest if none."""
        g = self.state
        if g.is_terminal():
            raise BadRequest("the game is over")
        if g.current_player() != self.seat:
            raise BadRequest("it is not your decision")
        legal = g.legal_actions()
        if "choice" in body:
            k = body["choice"]
            if not isinstance(k, int) or isinstance(k, bool):
                raise BadRequest("choice must be a whole number")
            if not 0 <= k < len(legal):
                raise BadRequest(f"choice {k} is out of range: choose 0..{len(legal) - 1}")
            a = legal[k]
        elif "token" in body:
            tok = body["token"]
            if not isinstance(tok, str):
                raise BadRequest("token must be a string")
            a = next((x for x in legal if format_action(x).lower() == tok.strip().lower()), None)
            if a is None:
                raise BadRequest(f"{tok!r} is not a legal move here")
        else:
            raise BadRequest("give 'choice' (a number) or 'token' (a move token)")
        self.undo_stack.append((g, len(self.log), copy.deepcopy(self.recorder),
                                [self.last_action, self.last_state]))
        self.apply(a)
        self.run()

    def undo(self) -> None:
        if not self.undo_stack:
            raise BadRequest("nothing to undo: you have not decided anything yet")
        g, nlog, recorder, last = self.undo_stack.pop()
        self.state = g
        del self.log[nlog:]
        self.recorder = recorder
        self.last_action, self.last_state = last

    def hint(self, iterations: int) -> dict[str, Any]:
        g = self.state
        if g.is_terminal() or g.current_player() != self.seat:
            raise BadRequest("a hint is for your own decision")
        if "ismcts" not in available_players():
            raise BadRequest("this build has no search: no hint")
        eng = self.engine_for(-1)  # the adviser of the human seat, fed only the human's observation
        lines = eng.ask(g.observation(self.seat), self.seat, f"analyse iterations {iterations}")
        legal = g.legal_actions()
        toks = [format_action(a) for a in legal]
        out = []
        for c in parse_candidates(lines, g.num_seats)[:3]:
            if c["token"] in toks:
                k = toks.index(c["token"])
                out.append({"choice": k, "token": c["token"], "text": describe_action(g, legal[k]),
                            "win": round(c["win"], 3), "vp": round(c["vp"][self.seat], 1),
                            "target": action_target(legal[k])})
        svg = board_svg(g.observation(self.seat), seat=self.seat,
                        arrow=legal[out[0]["choice"]] if out else None)
        return {"hint": out, "svg": svg}

    def close(self) -> None:
        self.closed = True
        for e in self.engines.values():
            e.close()

    # ------------------------------------------------------------------- the view
    def view(self) -> dict[str, Any]:
        """What the human seat may see, as JSON data."""
        g = self.state
        obs = g.observation(self.seat)
        d = obs.to_dict()
        over = g.is_terminal()
        mine = g.current_player() == self.seat and not over
        last = self.last_action
        # a last move is outlined only where the human may see it
        if last is not None and self.last_state is not None and hidden_from(self.last_state, last, self.seat):
            last = None
        legal = []
        if mine:
            for k, a in enumerate(g.legal_actions()):
                legal.append({"choice": k, "token": format_action(a), "text": describe_action(g, a),
                              "target": action_target(a)})
        cards = [{"name": card_name(c), "text": card_text(card_name(c)),
                  "pending": d["card_loc"][c] == CARD_LOC["pending"] + self.seat}
                 for c in CARD_IDS if d["card_loc"][c] in (CARD_LOC["hand"] + self.seat,
                                                            CARD_LOC["pending"] + self.seat)]
        cards += [{"name": name, "text": card_text(name), "pending": False}   # Time of Seth (public)
                  for name in seth_cards_of(d, self.seat)]     # empty without the option
        view: dict[str, Any] = {
            "players": self.players, "seat": self.seat, "options": self.options.to_dict(),
            "round": min(d["round"] + 1, data.ROUNDS), "rounds": data.ROUNDS,
            "over": over, "your_turn": mine, "step": step_text(g) if not over else "The game is over",
            "to_move": None if over or g.is_chance() else seat_label(self.players, g.current_player()),
            "vp": list(d["vp"][: d["nseats"]]),
            "names": [seat_label(self.players, p) for p in range(d["nseats"])],
            "svg": board_svg(obs, seat=self.seat, lastmove=last),
            "legal": legal, "log": self.log[-60:], "cards": cards, "can_undo": bool(self.undo_stack),
        }
        if over:
            view["winner"] = g.winner()
            view["breakdown"] = [{"category": VP_CATEGORY_NAMES.get(k, k),
                                  "vp": [g.score_breakdown(p)[k] for p in range(g.num_seats)]}
                                 for k in g.score_breakdown(0)]
            view["breakdown"].append({"category": "start", "vp": [10] * g.num_seats})
            view["breakdown"].append({"category": "total", "vp": g.returns()})
        return view


# ----------------------------------------------------------------------------- the Flask app
def _options_from(body: Any) -> TableOptions:
    if body is None:
        return TableOptions()
    if not isinstance(body, dict):
        raise BadRequest("options must be an object of table options")
    try:
        return TableOptions.from_dict(body)
    except (ValueError, TypeError) as e:
        raise BadRequest(str(e)) from None


def _int_field(body: dict, key: str, default: int, lo: int, hi: int) -> int:
    v = body.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool):
        raise BadRequest(f"{key} must be a whole number")
    if not lo <= v <= hi:
        raise BadRequest(f"{key} must be in {lo}..{hi}, not {v}")
    return v


def create_app(default_iterations: int = DEFAULT_ITERATIONS):
    """The Flask application (one process keeps up to MAX_GAMES games in memory)."""
    from flask import Flask, jsonify, request, send_from_directory

    app = Flask("tekhenu_engine.web", static_folder=None)
    app.config["MAX_CONTENT_LENGTH"] = MAX_BODY_BYTES
    games: dict[str, Session] = {}
    games_lock = threading.Lock()
    app.config["TEKHENU_GAMES"] = games  # for tests and tools: the sessions by id

    def fail(msg: str, code: int = 400):
        return jsonify({"error": msg}), code

    def body() -> dict:
        if not request.data:
            return {}
        js = request.get_json(silent=True)
        if js is None:
            raise BadRequest("the request body is not JSON")
        if not isinstance(js, dict):
            raise BadRequest("the request body must be a JSON object")
        return js

    def session(gid: str) -> Session:
        s = games.get(gid)
        if s is None:
            raise LookupError(f"no game {gid!r}")
        return s

    @contextlib.contextmanager
    def held(gid: str) -> Iterator[Session]:
        """The game, locked for one request; 404 when it is gone (also when a new game evicted it
        while this request waited for it)."""
        s = session(gid)
        with s.lock:
            if s.closed:
                raise LookupError(f"no game {gid!r}")
            yield s

    @app.errorhandler(BadRequest)
    def _bad(e):
        return fail(str(e))

    @app.errorhandler(LookupError)
    def _missing(e):
        return fail(str(e).strip("'\""), 404)

    @app.errorhandler(404)
    def _not_found(e):
        return fail("no such page or API call", 404)

    @app.errorhandler(405)
    def _method(e):
        return fail("this API call does not take that method", 405)

    @app.errorhandler(413)
    def _too_large(e):
        return fail(f"the request body is larger than {MAX_BODY_BYTES} bytes", 413)

    @app.errorhandler(RuntimeError)
    def _engine(e):
        return fail(f"engine error: {e}", 500)

    @app.get("/")
    def index():
        return send_from_directory(STATIC, "index.html")

    @app.get("/static/<path:name>")
    def static_file(name: str):
        return send_from_directory(STATIC, name)

    @app.get("/api/setup")
    def setup():
        return jsonify({
            "players": [1, 2, 3, 4], "difficulties": list(DIFFICULTIES),
            "options": [{"name": f.name, "type": "choice" if f.name == "difficulty" else "bool",
                         "default": getattr(TableOptions(), f.name)} for f in fields(TableOptions)],
            "iterations": default_iterations, "max_iterations": MAX_ITERATIONS,
            "search": "ismcts" in available_players(),
        })

    @app.post("/api/new")
    def new():
        b = body()
        unknown = sorted(set(b) - {"players", "seat", "seed", "options", "iterations"})
        if unknown:
            raise BadRequest(f"unknown field(s) {', '.join(unknown)}")
        players = _int_field(b, "players", 2, 1, 4)
        seat = _int_field(b, "seat", 0, 0, 0 if players == 1 else players - 1)
        seed = _int_field(b, "seed", secrets.randbelow(10**6), 0, 2**31 - 1)
        iterations = _int_field(b, "iterations", default_iterations, 1, MAX_ITERATIONS)
        opts = _options_from(b.get("options"))
        try:
            opts.check_players(players)
        except ValueError as e:
            raise BadRequest(str(e)) from None
        s = Session(players, seat, seed, opts, iterations)
        gid = secrets.token_hex(8)
        with games_lock:
            evicted = [games.pop(next(iter(games))) for _ in range(len(games) - MAX_GAMES + 1)]
            games[gid] = s
        for old in evicted:           # the oldest games; one that is busy ends its request first
            with old.lock:
                old.close()
        return jsonify({"id": gid, **s.view()})

    @app.get("/api/game/<gid>")
    def get(gid: str):
        with held(gid) as s:
            return jsonify({"id": gid, **s.view()})

    @app.post("/api/game/<gid>/move")
    def move(gid: str):
        b = body()
        with held(gid) as s:
            s.play(b)
            return jsonify({"id": gid, **s.view()})

    @app.post("/api/game/<gid>/undo")
    def undo(gid: str):
        body()
        with held(gid) as s:
            s.undo()
            return jsonify({"id": gid, **s.view()})

    @app.post("/api/game/<gid>/hint")
    def hint(gid: str):
        b = body()
        with held(gid) as s:
            iterations = _int_field(b, "iterations", max(200, s.iterations), 1, MAX_ITERATIONS)
            return jsonify({"id": gid, **s.hint(iterations)})

    return app


def serve(host: str = "127.0.0.1", port: int = 8765, iterations: int = DEFAULT_ITERATIONS) -> None:
    """Run the page's server (Flask's own server; a local page for one person)."""
    app = create_app(iterations)
    app.run(host=host, port=port, threaded=True, use_reloader=False)
