"""The ``tekhenu`` command: engine, play, match, analyse, perft, bench, train (typer)."""
from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
import time
from typing import Any, Callable, Iterator, Optional

import typer

from ._core import GameState
from .notation import format_action, parse_action

try:  # typer vendors click (0.20+); older typers use click itself
    from typer._click import exceptions as _cx
except ImportError:  # pragma: no cover
    from click import exceptions as _cx  # type: ignore[no-redef]
# click's Abort (Ctrl-C at a prompt); the click that typer 0.29 vendors has none of its own
_ABORT: tuple[type[BaseException], ...] = tuple(
    a for a in (getattr(_cx, "Abort", None), getattr(typer, "Abort", None)) if isinstance(a, type))


class _App(typer.Typer):
    """The ``tekhenu`` app: a usage error (a missing or malformed option) is one line, ``error: ...
    (see 'tekhenu CMD --help')``, exit status 2, like every other user error of the command."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if kwargs.get("standalone_mode", True) is False:
            return super().__call__(*args, **kwargs)
        kwargs["standalone_mode"] = False
        try:
            rv = super().__call__(*args, **kwargs)
        except _cx.NoArgsIsHelpError as e:
            e.show()
            sys.exit(e.exit_code)
        except _cx.UsageError as e:
            where = e.ctx.command_path if e.ctx is not None else "tekhenu"
            typer.echo(f"error: {' '.join(e.format_message().split())} (see '{where} --help')", err=True)
            sys.exit(e.exit_code)
        except _cx.ClickException as e:
            e.show()
            sys.exit(e.exit_code)
        except _ABORT:
            typer.echo("Aborted!", err=True)
            sys.exit(1)
        except _model_errors() as e:     # a model file missing or of another build: one line
            typer.echo(f"error: {e}", err=True)
            sys.exit(2)
        sys.exit(rv if isinstance(rv, int) else 0)


def _model_errors() -> tuple[type[BaseException], ...]:
    """The errors of the search's model files (the learned evaluation, the tuned playout weights)."""
    try:
        from .agents.evalmodel import ModelError
        from .agents.playoutmodel import PlayoutModelError
    except ImportError:  # pragma: no cover - a build without the search
        return ()
    return (ModelError, PlayoutModelError)


app = _App(add_completion=False, no_args_is_help=True, rich_markup_mode=None,
                  help="Tekhenu: Obelisk of the Sun - an AI engine, its protocol and tools.")


def Flag(*names: str, help: str) -> Any:  # noqa: N802 - reads like typer.Option
    """A boolean option shown as a flag in --help (``--json``, not ``--json <bool>``)."""
    return typer.Option(False, *names, help=help, metavar="", show_default=False)


def _fail(msg: str, code: int = 2) -> None:
    typer.echo(f"error: {msg}", err=True)
    raise typer.Exit(code)


@contextlib.contextmanager
def _stop_on_signals() -> Iterator[list[int]]:
    """While the block runs, SIGINT (Ctrl-C, ``kill -INT``) and SIGTERM (``kill``, ``pkill``) both
    raise KeyboardInterrupt, so that a long command stops the same way for either: with what it has
    done so far and its --jobs processes stopped. The list it yields holds the signal that came (0
    before one does; it is kept as well as raised, so that a KeyboardInterrupt Python drops, one
    raised inside a finaliser, still stops the command); the exit status is 128 + that number.
    The previous handlers are given back after the block. Outside the main thread (a program that
    embeds the command) nothing is installed and the program's own handling stands."""
    stopped = [0]

    def on_signal(signum: int, frame: Any) -> None:
        stopped[0] = signum
        raise KeyboardInterrupt

    old_handlers: dict[int, Any] = {}
    try:
        for sig in (signal.SIGINT, signal.SIGTERM):
            old_handlers[sig] = signal.signal(sig, on_signal)
    except ValueError:            # not the main thread
        old_handlers = {}
    try:
        yield stopped
    finally:
        for sig, handler in old_handlers.items():
            if handler is not None:   # (None: a handler Python cannot restore)
                signal.signal(sig, handler)


def _stop_word(stopped: list[int]) -> str:
    """'terminated' after SIGTERM, 'interrupted' after SIGINT (what the stop message says)."""
    return "terminated" if stopped[0] == signal.SIGTERM else "interrupted"


def _version_callback(value: bool) -> None:
    if value:
        from . import __version__

        typer.echo(f"tekhenu-engine {__version__}")
        raise typer.Exit()


@app.callback()
def _main(version: bool = typer.Option(False, "--version", callback=_version_callback, is_eager=True,
                                       help="print the version and exit", metavar="", show_default=False)) -> None:
    """Tekhenu: Obelisk of the Sun - an AI engine, its protocol and tools."""


# ----------------------------------------------------------------------------- docs
DOCS = {"protocol": "PROTOCOL.md", "notation": "notation.md", "cards": "cards.md", "rules-notes": "rules-notes.md",
        "agents": None}   # None: written from the code (the SPEC reference of agents/registry.py)


def doc_text(name: str) -> str:
    """The text of a packaged document (the wheel carries them; a checkout reads its own), or of
    one the code holds (agents: every SPEC of `tekhenu match` and the engine's Player option, with
    the search's options and their defaults, from the registry's docstring)."""
    from pathlib import Path

    fname = DOCS[name]
    if fname is None:
        import inspect

        from .agents import registry
        return "# Agents: the SPEC strings\n\n" + inspect.cleandoc(registry.__doc__ or "") + "\n"
    here = Path(__file__).resolve().parent
    for p in (here / "docs" / fname, here.parent / ("protocol" if name == "protocol" else "docs") / fname):
        if p.is_file():
            return p.read_text(encoding="utf-8")
    raise FileNotFoundError(f"document {fname} is not installed with this package")


@app.command()
def docs(name: str = typer.Argument("protocol", help=f"one of: {', '.join(DOCS)}")) -> None:
    """Print a document that ships with the package: the protocol spec, the move notation,
    the card list, the rules notes or the agents (every SPEC of `tekhenu match` and its options)."""
    if name not in DOCS:
        _fail(f"unknown document {name!r} (known: {', '.join(DOCS)})")
    try:
        typer.echo(doc_text(name))
    except FileNotFoundError as e:
        _fail(str(e))


# ----------------------------------------------------------------------------- engine
@app.command()
def engine(player: Optional[str] = typer.Option(None, help="Player option (ismcts, greedy, flatmc, random)"),
           iterations: Optional[int] = typer.Option(None, help="Iterations option (budget of a bare go)"),
           movetime: Optional[int] = typer.Option(None, help="Movetime option in ms (budget of a bare go)"),
           threads: Optional[int] = typer.Option(None, help="Threads option"),
           seed: Optional[int] = typer.Option(None, help="Seed option")) -> None:
    """Run the engine protocol on stdin/stdout (the spec: `tekhenu docs protocol`)."""
    from .protocol import Engine, private_stdio, serve

    preset = {k: str(v) for k, v in (("Player", player), ("Iterations", iterations), ("Movetime", movetime),
                                     ("Threads", threads), ("Seed", seed)) if v is not None}
    fin, fout = private_stdio()
    try:
        eng = Engine(fout, preset)
    except ValueError as e:
        _fail(str(e))
    serve(eng, fin)


# ----------------------------------------------------------------------------- play
@app.command()
def play(players: int = typer.Option(2, help="1 for solo against Botankhamun, or 2-4"),
         seat: int = typer.Option(0, help="your seat (solo: always 0)"),
         opponent: str = typer.Option("", help="SPEC of the engine seats (default: the search, 1 s a move)"),
         difficulty: Optional[str] = typer.Option(None, help="Botankhamun: easy, medium or hard (with --players 1; "
                                                  "default hard)"),
         decree8: bool = Flag("--decree8", help="Botankhamun's Decrees score 8 VP (with --players 1)"),
         seth: bool = Flag("--seth", help="play with the Time of Seth expansion (1-4 players; solo: Botankhamun "
                           "with Time of Seth, its variants by --table, e.g. 'draw 2+2 artifacts harder "
                           "botbuildings 20')"),
         vizier: bool = Flag("--vizier", help="the Vizier's Challenge (2 players only)"),
         table: str = typer.Option("", help="more table options as protocol words, e.g. "
                                               "'horus preprinted wheel fixed start random'"),
         seed: int = typer.Option(0, help="seed of the dice and draws")) -> None:
    """Play a game in the terminal against the engine (or Botankhamun in a solo game).

    At a prompt: a choice's number or token, help, card <id>, hint, show, legal, undo, quit.
    """
    from .options import TableOptions
    from .terminal import play as play_terminal

    if players != 1 and (difficulty is not None or decree8):
        _fail("--difficulty and --decree8 set Botankhamun: they need --players 1")
    difficulty = difficulty or "hard"
    try:
        opts = TableOptions.from_words(table.split()).with_(difficulty=difficulty, decree8=decree8)
        if seth:
            opts = opts.with_(seth=True)
        if vizier:
            opts = opts.with_(vizier=True)
        opts.check_players(players)
        code = play_terminal(players, seat, opponent, opts, seed)
    except ValueError as e:
        _fail(str(e))
    except KeyboardInterrupt:
        typer.echo("")
        code = 130
    raise typer.Exit(code)


# ----------------------------------------------------------------------------- pictures
def _load_position(state: Optional[str], record: Optional[str], game: int, move: Optional[int]) -> GameState:
    """A state from a serialised string or a record file (before move N, default the end)."""
    from .match import load_records, replay

    if (state is None) == (record is None):
        _fail("give a serialised state or --record FILE")
    try:
        if state is not None:
            return GameState.from_string(state)
        recs = load_records(record)
        if not 0 <= game < len(recs):
            _fail(f"the file has {len(recs)} records; --game {game} is not one")
        moves = recs[game]["moves"]
        if move is not None and not 0 <= move <= len(moves):
            _fail(f"the game has {len(moves)} moves; --move {move} is not in 0..{len(moves)}")
        replay(recs[game])          # every move of the game can be played (else: which one cannot)
        return replay(recs[game], move)
    except (ValueError, OSError, KeyError, TypeError) as e:
        _fail(f"cannot load the position: {e}")
    raise AssertionError


@app.command()
def render(state: Optional[str] = typer.Argument(None, help="serialised state (tk1:...)"),
           record: Optional[str] = typer.Option(None, help="a game record file (JSON lines from match --out)"),
           game: int = typer.Option(0, help="which record in the file"),
           move: Optional[int] = typer.Option(None, help="the position before this move number (default: the end)"),
           seat: Optional[int] = typer.Option(None, help="draw what this seat sees (default: everything)"),
           arrow: Optional[str] = typer.Option(None, help="a move token to point at (a suggestion)"),
           out: str = typer.Option("board.svg", help="the SVG file to write ('-' for stdout)")) -> None:
    """Draw a position as an SVG picture (the board, every die, Pillar, card and seat board)."""
    from .svg import board_svg

    g = _load_position(state, record, game, move)
    try:
        a = parse_action(arrow) if arrow else None
        svg = board_svg(g, seat=seat, arrow=a)
    except ValueError as e:
        _fail(str(e))
    if out == "-":
        typer.echo(svg)
        return
    _write_out(out, svg)


def _write_out(out: str, text: str) -> None:
    """Write a produced file (a picture, a page); one error line if it cannot be written."""
    try:
        with open(out, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        _fail(f"cannot write {out}: {e}")
    typer.echo(f"wrote {out}")


@app.command()
def replay(file: str = typer.Argument(..., help="game records (JSON lines from tekhenu match --out)"),
           game: int = typer.Option(0, help="which record in the file"),
           seat: Optional[int] = typer.Option(None, help="show the game as this seat saw it"),
           out: str = typer.Option("game.html", help="the HTML file to write")) -> None:
    """Write a self-contained HTML viewer of a recorded game: pictures, moves, VP chart, Scorings."""
    from .match import load_records
    from .viewer import replay_html

    try:
        recs = load_records(file)
    except OSError as e:
        _fail(f"cannot read {file}: {e.strerror or e}")
    except ValueError as e:       # it names the file and the line
        _fail(f"cannot read {e}")
    if not 0 <= game < len(recs):
        _fail(f"the file has {len(recs)} records; --game {game} is not one")
    try:
        html = replay_html(recs[game], seat=seat)
    except (ValueError, KeyError, TypeError) as e:
        _fail(f"cannot replay game {game}: {e}")
    _write_out(out, html)


@app.command()
def serve(host: str = typer.Option("127.0.0.1", help="address to listen on (default: this machine only)"),
          port: int = typer.Option(8765, min=1, max=65535, help="port"),
          iterations: int = typer.Option(300, min=1, help="default engine iterations per move")) -> None:
    """Start the page to play against the engine (1-4 players, solo at every difficulty)."""
    try:
        from .web import serve as run
    except ImportError as e:
        _fail(f"the page needs Flask ({e}): pip install flask")
    typer.echo(f"Tekhenu page on http://{host}:{port}/ (Ctrl-C stops it)")
    run(host=host, port=port, iterations=iterations)


# ----------------------------------------------------------------------------- match
MATCH_HELP = """Play engine against engine, like cutechess-cli / fastchess.

SPEC: ismcts[:iterations=N|:movetime=MS|...], botankhamun:<easy|medium|hard>[:decree8], greedy,
flatmc, random[:seed=N], or cmd:<command line> for an engine speaking the protocol. A cmd: side takes
settings among its words: option.<Name>=<value> (setoption, e.g. option.Threads=2), movetime=MS,
iterations=N, nodes=N, depth=N (added to every go), timeout=S and margin=MS (its move limit), e.g.
--a "cmd:tekhenu engine option.Threads=2 movetime=200". Every kind and option, with the search's
defaults: `tekhenu docs agents`.

Games 2k and 2k+1 share a seed with the seats swapped (a pair). A line per game goes to stderr
(the game's result, then A vs B: W-L-D, Elo with its 95% interval, LOS, the SPRT's LLR); the
summary goes to stdout. A side that crashes, hangs past its move limit (movetime + --timemargin, or
--move-timeout without a movetime), never answers uciok or plays an illegal move loses that game
(the reason is in the record) and is restarted for the next one. With --jobs N, a process of the
match that dies mid-game (killed, or crashed in compiled code) ends the match at once with an error
line; so does an --out file that cannot be written (a full disk). Exit status: 0, or 1 when games
ended in errors, a --jobs process died or --out could not be written, 2 for a usage error,
130 after Ctrl-C, 143 after SIGTERM (`kill`; the summary of the games played is printed in each case;
the --jobs processes stop with the match)."""


@app.command(help=MATCH_HELP)
def match(a: str = typer.Option(..., "--a", help="SPEC of side A"),
          b: str = typer.Option(..., "--b", help="SPEC of side B"),
          players: Optional[int] = typer.Option(None, help="2-4 (default 2; solo when a side is botankhamun)"),
          games: int = typer.Option(10, min=1, help="number of games (the most, with --sprt)"),
          seed: int = typer.Option(0, help="base seed (game i uses a seed derived from it)"),
          jobs: int = typer.Option(1, min=1, help="games played in parallel processes (the same games as 1)"),
          json_out: bool = Flag("--json", help="print the summary as one JSON object"),
          out: Optional[str] = typer.Option(None, help="write every game record to this file (JSON lines); "
                                            "an existing file is refused without --append or --force"),
          append: bool = Flag("--append", help="resume: keep the records in --out and play only the games it lacks"),
          force: bool = Flag("--force", help="overwrite an existing --out"),
          sprt: Optional[str] = typer.Option(None, help="'elo0=0 elo1=10 alpha=0.05 beta=0.05': stop when "
                                             "the SPRT decides"),
          move_timeout: float = typer.Option(30.0, "--move-timeout", min=0.01,
                                             help="seconds a cmd: engine may take for a move without a movetime, "
                                             "and for its handshake"),
          timemargin: int = typer.Option(1000, "--timemargin", min=0,
                                         help="ms added to a cmd: engine's movetime before it is killed"),
          seth: bool = Flag("--seth", help="play with the Time of Seth expansion (1-4 players; a botankhamun "
                            "side: Botankhamun with Time of Seth)"),
          vizier: bool = Flag("--vizier", help="the Vizier's Challenge (2 players only)"),
          table: str = typer.Option("", help="more table options as protocol words, e.g. 'horus preprinted' "
                                    "or, solo with --seth, 'draw 2+2 artifacts harder botbuildings 20' "
                                    "(Botankhamun's level and decree8 come from its SPEC)"),
          quiet: bool = Flag("--quiet", help="no line per game")) -> None:
    import os

    from .options import TableOptions

    from .agents.registry import make_agent, parse_spec
    from .match import (SPRT, MatchConfig, WorkerDied, format_summary, progress_line, resume_records, run_match,
                        summarise)

    test = None
    try:
        options = TableOptions.from_words(table.split())
        options = options.with_(seth=seth or options.seth, vizier=vizier or options.vizier)
        config = MatchConfig(a, b, players, games, seed, move_timeout, timemargin, options)
        config.table()
        for spec in (a, b):
            if parse_spec(spec).kind == "cmd":
                make_agent(spec, start=False)  # settings and the program: checked, not started
            else:
                make_agent(spec)  # an unknown option or an agent this build lacks: say so before playing
        if sprt is not None:
            test = SPRT.parse(sprt)
    except ValueError as e:
        _fail(str(e))
    if append and force:
        _fail("--append and --force exclude each other")
    if (append or force) and not out:
        _fail("--append and --force need --out FILE")
    records: list[dict] = []
    fh = None
    if out:
        exists = os.path.exists(out)
        if exists and not (append or force):
            _fail(f"{out} exists: give --append to resume the match or --force to overwrite it")
        if append and exists:
            try:
                records = resume_records(out, config)
            except ValueError as e:
                _fail(str(e))
        try:
            fh = open(out, "a" if append else "w", encoding="utf-8")
        except OSError as e:
            _fail(f"cannot write {out}: {e.strerror or e}")
    done = {r["game"] for r in records}

    def report(rec: dict | None) -> None:
        if not quiet:
            typer.echo(progress_line(summarise(records, config, test), rec, games), err=True)

    it = run_match(config, jobs, skip=done)
    died = None                   # a --jobs process that died mid-game: the match ends with the summary and status 1
    unwritten = None              # --out could not be written (a full disk): the same
    with _stop_on_signals() as stopped:   # SIGINT or SIGTERM: the summary, status 128 + the signal
        try:
            for rec in it:
                records.append(rec)
                if fh:
                    try:
                        fh.write(json.dumps(rec) + "\n")
                        fh.flush()
                    except OSError as e:
                        unwritten = (f"cannot write game {rec['game'] + 1} to {out}: {e.strerror or e}; the games "
                                     "written before it stand (a last line cut short is not a game: remove it "
                                     "before --append)")
                        break
                report(rec)
                if stopped[0]:
                    break
                if test is not None and test.state(records, config.paired())["decision"]:
                    break
        except KeyboardInterrupt:
            stopped[0] = stopped[0] or signal.SIGINT
        except WorkerDied as e:
            died = str(e)
        finally:
            try:
                it.close()
            except KeyboardInterrupt:
                pass
            if fh:
                try:
                    fh.close()
                except OSError:       # what it could not flush: said above
                    pass
    if stopped[0]:
        typer.echo(f"{_stop_word(stopped)}: the summary of the games played", err=True)
    if died:
        typer.echo(f"error: {died}" + (f"; they are in {out}, and --append resumes the match" if out else "")
                   + "; the summary of the games played", err=True)
    if unwritten:
        typer.echo(f"error: {unwritten}; the summary of the games played", err=True)
    records.sort(key=lambda r: r["game"])
    summary = summarise(records, config, test)
    for r in records:
        if r["error"]:
            typer.echo(f"game {r['game'] + 1}: error: {r['error']}", err=True)
    typer.echo(json.dumps(summary) if json_out else format_summary(summary))
    if stopped[0]:
        raise typer.Exit(128 + int(stopped[0]))
    if summary["errors"] or died or unwritten:
        raise typer.Exit(1)


# ----------------------------------------------------------------------------- analyse
@app.command()
def analyse(state: Optional[str] = typer.Argument(None, help="serialised state (tk1:...)"),
            record: Optional[str] = typer.Option(None, help="a game record file (JSON lines from match --out)"),
            game: int = typer.Option(0, help="which record in the file"),
            move: Optional[int] = typer.Option(None, min=1, help="with --record: analyse the N-th decision of the "
                                               "game (decisions are counted, chance outcomes are not; 1 is the "
                                               "first); default: the last decision"),
            iterations: Optional[int] = typer.Option(None, min=1, help="search iterations"),
            movetime: Optional[int] = typer.Option(None, min=1, help="search time in ms (default 1000)"),
            seed: int = typer.Option(0, help="search seed"),
            jobs: int = typer.Option(1, min=1, help="search processes; one that ends without its tree "
                                     "is reported in a warning line on stderr")) -> None:
    """Analyse a position with the search: every candidate, expected VP, breakdown, principal variation.

    The position is a serialised state, or a decision of a game record: --move N is the N-th
    decision (chance outcomes are not counted); without --move, the last decision of the game."""
    from .agents.registry import make_agent
    from .match import load_records, new_state, play_move
    from .protocol import format_analysis
    from .render import render

    if (state is None) == (record is None):
        _fail("give a serialised state or --record FILE")
    try:
        if state is not None:
            g = GameState.from_string(state)
        else:
            recs = load_records(record)
            if not 0 <= game < len(recs):
                _fail(f"the file has {len(recs)} records; --game {game} is not one")
            rec = recs[game]
            g = new_state(rec["table"], rec["seed"])
            before: list[GameState] = []  # the position before each decision
            for number, tok in enumerate(rec["moves"], 1):   # every move (else: which one cannot be played)
                if not g.is_chance():
                    before.append(g.clone())
                play_move(g, tok, number)
            if not before:
                _fail("the record holds no decision to analyse")
            if move is not None and move > len(before):
                _fail(f"the game has {len(before)} decisions; --move {move} is not one")
            g = before[(move or len(before)) - 1]
    except (ValueError, OSError, KeyError, TypeError) as e:
        _fail(f"cannot load the position: {' '.join(str(e).split())[:200]}")
    if move is not None and record is None:
        _fail("--move needs --record")
    g.resolve_chance()
    if g.is_terminal():
        _fail("the game is over at that point: nothing to analyse")
    p = g.current_player()
    typer.echo(render(g.observation(p), seat=p))
    try:
        agent = make_agent(f"ismcts:jobs={jobs}", seed=seed)
    except ValueError as e:
        _fail(str(e))
    if iterations is None and movetime is None:
        movetime = 1000
    result = agent.search(g.observation(p), p, iterations=iterations, movetime_ms=movetime)
    lost = result.warning()
    if lost:
        typer.echo("warning: " + lost, err=True)
    typer.echo(format_analysis(result, p))


# ----------------------------------------------------------------------------- perft
@app.command()
def perft(players: int = typer.Option(2, help="1 (solo) to 4"), seed: int = typer.Option(0),
          depth: int = typer.Option(3, min=0, max=12), divide: bool = Flag("--divide", help="count per first move"),
          seth: bool = Flag("--seth", help="with the Time of Seth expansion (1-4 players)"),
          vizier: bool = Flag("--vizier", help="the Vizier's Challenge (2 players only)")) -> None:
    """Count action sequences (decisions and chance outcomes) from the first decision of a game."""
    from .options import TableOptions
    from .protocol import perft as count

    try:
        g = GameState.new(players, seed, TableOptions(seth=seth, vizier=vizier))
    except ValueError as e:
        _fail(str(e))
    for d in range(1, depth + 1):
        t0 = time.perf_counter()
        n = count(g, d)
        typer.echo(f"depth {d}: {n} ({time.perf_counter() - t0:.3f} s)")
    if divide and depth > 0:
        for a in g.legal_actions():
            h = g.clone()
            h.apply(a)
            typer.echo(f"  {format_action(a)}: {count(h, depth - 1)}")


# ----------------------------------------------------------------------------- bench
@app.command()
def bench(json_out: bool = Flag("--json", help="print one JSON object"),
          quick: bool = Flag("--quick", help="fewer rounds (a quick look, noisier)"),
          vizier: bool = Flag("--vizier", help="also the Vizier's Challenge figures (2-player playouts, "
                              "a search at its placement)"),
          seth: bool = Flag("--seth", help="also the Time of Seth figures next to the base game in the same "
                            "run (random games/s and decisions a game at 2-4 players, ISMCTS iterations/s)")) -> None:
    """Speed figures of the rules core and the search, each next to its reference.

    Compiled random playouts (2p, 3p, 4p, solo) next to the same loop driven from Python;
    clone, legal-move generation and apply per call; ISMCTS iterations/s (2-player and solo,
    start and middle of a game), the speed-up on all cores, node size and peak memory.
    Every figure is a median over rounds (bench/README.md).
    """
    from .bench import run_bench

    run_bench(json=json_out, quick=quick, vizier=vizier, seth=seth)


@app.command()
def strength(games: int = typer.Option(10, help="games per 2-player pairing"),
             solo_games: int = typer.Option(4, "--solo-games", help="games per pairing against Botankhamun"),
             budgets: str = typer.Option("50,200,800", help="ISMCTS iterations per decision, comma-separated"),
             seed: int = typer.Option(2026, help="base seed (a report reproduces from it)"),
             jobs: int = typer.Option(1, help="games played in parallel processes"),
             out: str = typer.Option(".", help="folder for strength.md and strength.png (default: the current "
                                     "directory; --out docs regenerates the committed report)"),
             goal_games: int = typer.Option(0, "--goal-games", help="games of issue 13's solo goal: "
                                            "ismcts:movetime=1000 against botankhamun:hard:decree8 (0: not run)"),
             movetimes: str = typer.Option("250,500,1000", help="ms per decision of the 2-player time "
                                           "doubling, comma-separated, rising (each against the one below)"),
             time_games: int = typer.Option(0, "--time-games", help="games per step of the time doubling "
                                            "(0: not run)"),
             filed_games: int = typer.Option(0, "--filed-games", help="games of issue 13's 2-player goal: "
                                             "ismcts:movetime=1000 against the engine the issue was filed on, "
                                             "ismcts:movetime=1000:reuse=0:margin_weight=0.1:mast=0:hist=0 (0: not run)"),
             multi_games: int = typer.Option(0, "--multi-games", help="games of the same pairing at 3 and at "
                                             "4 players (each; 0: not run)"),
             records: Optional[str] = typer.Option(None, help="folder of game records, one JSON-lines file a "
                                                   "pairing: every game is written as it ends, and a run "
                                                   "with the same options plays only the games missing "
                                                   "there (resume a long run)"),
             only: Optional[str] = typer.Option(None, help="play only these groups of the run, comma-"
                                                "separated: ladder, goal, filed, multi, time; their games "
                                                "go to --records (required) with the full run's seeds, "
                                                "their table is printed, and no report is written: the "
                                                "same command without --only reads them back"),
             status: bool = Flag("--status", help="play nothing: show, for every pairing of this run, "
                                 "the games --records holds and their result so far"),
             quiet: bool = Flag("--quiet", help="no progress line")) -> None:
    """The strength ladder: regenerate docs/strength.md and its plot docs/strength.png.

    Random, greedy and flat Monte Carlo, ISMCTS at each budget (against greedy, flat MC and the
    budget below) in 2-player games; every agent against Botankhamun at Easy, Medium and Hard
    with 4 and 8 VP Decrees in solo games. Win rates with 95% intervals, mean VP and margin,
    Elo with 95% intervals. The default sizes take a few minutes; larger by option.

    Four groups play at a clock instead, one for each of issue 13's goals (their results depend on
    the machine; give each game a core: --jobs at most the number of cores): --goal-games N the
    solo goal (1 s a decision against Botankhamun Hard, 8 VP Decrees; 100 games take about 50
    minutes with --jobs 2: the search spends on later decisions what obvious ones save, about 62 s
    a game), --filed-games N the 2-player goal (1 s against the engine the issue
    was filed on; 200 games take about 4 hours with --jobs 2), --multi-games N the same at 3 and
    4 players, --time-games N each doubling of --movetimes in 2-player self-play. With --records
    DIR a stopped run resumes: the next run with the same options plays only the games DIR lacks,
    and --only GROUPS plays some groups first (over several sittings, in the order you choose);
    --status shows what DIR holds and what is left.
    A regenerated strength.md keeps the hand-kept sections below its marker line.

    Ctrl-C or SIGTERM (`kill`) stops the run at once, the --jobs processes with it: no report is
    written, the games played stay in --records, and the exit status is 130 (Ctrl-C) or 143
    (SIGTERM). A --jobs process that dies, or a records file or report that cannot be written (a
    full disk), ends the run with one error line and status 1; a bad option or an --out that is a
    file is refused before any game with status 2.
    """
    from .strength import main

    try:
        b = tuple(int(x) for x in budgets.split(",") if x.strip())
    except ValueError:
        _fail(f"--budgets takes whole numbers separated by commas, not {budgets!r}")
    try:
        mt = tuple(int(x) for x in movetimes.split(",") if x.strip())
    except ValueError:
        _fail(f"--movetimes takes whole numbers of ms separated by commas, not {movetimes!r}")
    if not b or min(b) < 1 or games < 1 or solo_games < 0 or jobs < 1:
        _fail("--budgets, --games and --jobs must be positive, --solo-games not negative")
    if min(goal_games, time_games, filed_games, multi_games) < 0:
        _fail("--goal-games, --filed-games, --multi-games and --time-games must not be negative")
    if time_games and (len(mt) < 2 or min(mt) < 1 or list(mt) != sorted(set(mt))):
        _fail(f"--time-games needs at least two rising positive --movetimes, not {movetimes!r}")
    from .match import WorkerDied
    from .strength import ONLY_KEYS, OnlyError, OutError, RecordsError

    groups = tuple(x.strip() for x in only.split(",") if x.strip()) if only is not None else ()
    if only is not None and not groups:
        _fail(f"--only needs at least one group: {', '.join(ONLY_KEYS)}")
    stopped = "no report written" + (f"; the games played are in {records}, and the same command resumes" if records
                                     else " (--records DIR keeps the games played, and the same command then resumes)")
    with _stop_on_signals() as signalled:   # SIGINT or SIGTERM: status 128 + the signal
        try:
            main(games=games, solo_games=solo_games, budgets=b, seed=seed, jobs=jobs, out_dir=out, quiet=quiet,
                 goal_games=goal_games, movetimes=mt, time_games=time_games, filed_games=filed_games,
                 multi_games=multi_games, records=records, only=groups, status=status)
        except (RecordsError, OnlyError, OutError) as e:   # said before any game is played
            _fail(str(e))
        except WorkerDied as e:
            _fail(f"{e}; {stopped}", code=1)
        except OSError as e:      # a records file or the report that cannot be written (a full disk)
            where = f" {e.filename}" if e.filename else ""
            _fail(f"cannot write{where}: {e.strerror or e}; {stopped}", code=1)
        except KeyboardInterrupt:
            signalled[0] = signalled[0] or signal.SIGINT
    if signalled[0]:
        typer.echo(f"\n{_stop_word(signalled)}: {stopped}", err=True)
        raise typer.Exit(128 + signalled[0])


# ----------------------------------------------------------------------------- train
def _fit_report(rep: dict, json_out: bool, what: str, header: str, row: Callable[[str, dict], str]) -> None:
    """A fit's report: one JSON object, or the file written and a table line per model row."""
    if json_out:
        typer.echo(json.dumps(rep, sort_keys=True))
        return
    typer.echo(f"wrote {rep['out']} in {rep['seconds']} s; {what}")
    typer.echo(header)
    for name, r in rep["rows"].items():
        typer.echo(row(name, r))


def _npz_out(out: str) -> None:
    """--out of a model file: an existing folder and a .npz name, else one line and exit 2."""
    folder = os.path.dirname(os.path.abspath(out))
    if not os.path.isdir(folder):
        _fail(f"no folder {folder} for --out")
    if not out.endswith(".npz"):
        _fail("--out must name a .npz file")


@app.command()
def train(out: str = typer.Option("tekhenu_engine/models/eval_v1.npz",
                                  help="model file to write (.npz; the default is the file the package ships)"),
          games: int = typer.Option(20000, min=1, help="self-play games per table kind (solo, 2, 3, 4 players, and 2, 3, 4 with Time of Seth)"),
          seed: int = typer.Option(1, help="base seed (the same seed writes the same model)"),
          every: int = typer.Option(6, min=1, help="record the features at about one decision in EVERY"),
          ridge: float = typer.Option(1.0, min=0.0, help="ridge penalty of the least-squares fit"),
          json_out: bool = Flag("--json", help="print the fit report as one JSON object")) -> None:
    """Train the search's learned evaluation from compiled self-play and write the model file.

    Plays GAMES games of the playout policy per table kind (solo against Botankhamun Hard with
    8 VP Decrees, 2, 3 and 4 players) in compiled code, records the evaluation features of every
    seat, fits a linear model of the VP still to come (ridge least squares, numpy) and the scale
    of the win probability, and writes OUT with the feature version in it. Reports the held-out
    error of the model next to a constant and the hand-made static evaluation (docs/search.md,
    "Learned evaluation"). 20,000 games take about 1.5 minutes and 1.5 GB of memory.
    """
    from .agents.evalmodel import train as fit

    _npz_out(out)
    rep = fit(out, games=games, seed=seed, every=every, ridge=ridge,
              log=None if json_out else (lambda m: typer.echo(m, err=True)))
    _fit_report(rep, json_out, f"win scale {rep['scale']} VP",
                f"{'row':<18} {'positions':>9} {'mse':>8} {'constant':>9} {'static':>9} {'R2':>6}",
                lambda name, r: f"{name:<18} {r['train'] + r['test']:>9} {r['mse']:>8.1f} "
                                f"{r['mse_constant']:>9.1f} {r['mse_static']:>9.1f} {r['r2']:>6.3f}")


@app.command("train-playout")
def train_playout(out: str = typer.Option("tekhenu_engine/models/playout_v1.npz",
                                          help="weight file to write (.npz; the default is the file the package ships)"),
                  seed: int = typer.Option(1, help="base seed (the same seed writes the same file)"),
                  scale: float = typer.Option(1.0, min=0.01, help="multiply the games per candidate (a quick look: 0.1)"),
                  json_out: bool = Flag("--json", help="print the report as one JSON object")) -> None:
    """Fit the search's tuned playout policy and write its weight file.

    For each table kind (solo against Botankhamun Hard with 8 VP Decrees, then 2, 3 and 4 players)
    the cross-entropy method draws candidate weights, plays each on the same seeded compiled games
    (solo: against Botankhamun; 2-4 players: against the heuristic playout policy) and refits to
    the best quarter, generation after generation. Reports each row's held-out mean margin next to
    that of the row a fit starts from (the heuristic policy's weights in this policy's terms;
    docs/search.md, "The tuned playout policy"). About 9 minutes on one core.
    """
    from .agents.playoutmodel import train as fit

    _npz_out(out)
    rep = fit(out, seed=seed, scale=scale, log=None if json_out else (lambda m: typer.echo(m, err=True)))
    _fit_report(rep, json_out, f"{len(rep['rows'])} rows", f"{'row':<10} {'held-out margin':>16} {'initial row':>12}",
                lambda name, r: f"{name:<10} {r['held_out_margin']:>+16.2f} {r['initial_margin']:>+12.2f}")


if __name__ == "__main__":
    app()
