"""Issue 14, the protocol: UCI conventions (Stockfish is the reference behaviour), python-chess's
chess.engine driving the engine, and the examples of protocol/PROTOCOL.md run as written."""
from __future__ import annotations

import json
import re
import time

import pytest

from tekhenu_engine._core import GameState
from tekhenu_engine.protocol import token_for_seat
from test_protocol import ENGINE_CMD, ENV, ROOT, EngineProc


@pytest.fixture
def eng():
    e = EngineProc()
    e.ask("uci", "uciok")
    yield e
    e.close()


def test_every_go_ends_with_exactly_one_bestmove(eng):
    """'go without a position, or at a finished game, never answers bestmove ... Every go ends with
    exactly one bestmove line (bestmove (none) where there is no move), after its info string error:'."""
    for line in ("go movetime 10", "go nodes x", "analyse iterations 5"):
        out = eng.ask(line, "bestmove")
        assert out[0].startswith("info string error: ") and out[-1] == "bestmove (none)"
        assert eng.sync() == []  # exactly one
    # a finished game
    g = GameState.new(2, 4)
    g.playout(4)
    eng.send(f"position state {g.to_string()}")
    out = eng.ask("go iterations 10", "bestmove")
    assert "game is over" in out[0] and out[-1] == "bestmove (none)" and eng.sync() == []


def test_state_json_is_the_machine_readable_status(eng):
    """'A documented machine-readable reply ... with seat to move, step kind, terminal flag, VP per
    seat and the winner'."""
    eng.send("position new players 2 seed 7")
    eng.send("state json")
    line = eng.line()
    assert line.startswith("state json ")
    st = json.loads(line[len("state json "):])
    assert st["to_move"] == 0 and st["step"] == "D_KEEP" and st["terminal"] is False
    assert st["vp"] == [10, 10] and st["winner"] is None and st["chance"] is False
    g = GameState.new(2, 4)
    g.playout(4)
    eng.send(f"position state {g.to_string()}")
    eng.send("state json")
    st = json.loads(eng.line()[len("state json "):])
    assert st["terminal"] and st["step"] == "over" and st["winner"] == g.winner() and st["vp"] == g.returns()
    assert st["to_move"] is None


def test_legal_at_a_draw_lists_every_card_possible_from_the_engines_view(eng):
    """'In a game fed from outside, legal at a card draw sometimes does not list the card actually
    drawn (the engine's own guess of hidden cards) ...; at a chance step legal must list every outcome
    that is possible from the engine's view.' Seat 1 hears of seat 0's two masked Decree draws; at its
    own draw every Decree it has not seen is possible, the real one included."""
    truth = GameState.new(2, 102)
    told = []
    while truth.is_chance():
        a = truth.sample_chance()
        told.append(token_for_seat(truth, a, 1))
        truth.apply(a)
    k = told.index("draw:?")
    eng.send("position new players 2 seat 1 moves " + " ".join(told[:k + 2]))
    legal = eng.legal()
    real = told[k + 2]
    assert real in legal
    view = truth.observation(1)
    unseen = [c for c in range(48, 72) if view.field("card_loc")[c] == 4]
    assert len(legal) >= len(unseen) - 2  # every Decree seat 1 has not seen (bar none of them is hidden)
    for tok in legal:  # each one is accepted as the draw
        eng.send("position new players 2 seat 1 moves " + " ".join(told[:k + 2] + [tok]))
        assert eng.sync() == [], tok


def test_uci_commands_are_answered_not_unknown(eng):
    """'go perft N (Stockfish's form), bench, d, go depth N / go nodes N, go searchmoves ...,
    go ponder / ponderhit, UCI_AnalyseMode. bestmove ... ponder ... where the engine can predict.'"""
    eng.send("position new players 2 seed 7 moves keep:D18")
    out = eng.ask("go perft 2", "Nodes")
    counts = [int(ln.split(": ")[1]) for ln in out if ln.startswith("keep:")]
    assert len(counts) == 2 and out[-1] == f"Nodes searched: {sum(counts)}"
    time.sleep(0.1)
    assert all(ln == "" for ln in eng.sync())  # Stockfish's blank line after the count; no bestmove
    eng.send("d")
    assert eng.sync()[0].startswith("info string ")
    eng.send("position new players 2 seed 7")
    out = eng.ask("go depth 2", "bestmove")
    assert any(re.search(r"\bdepth ([2-9]|\d\d+)\b", ln) for ln in out if ln.startswith("info depth"))
    out = eng.ask("go nodes 50", "bestmove")
    assert re.search(r"iterations 50\b", "\n".join(out))
    out = eng.ask("go iterations 200 searchmoves keep:D22", "bestmove")
    assert out[-1].split()[:2] == ["bestmove", "keep:D22"]
    # ponder: searches until ponderhit, then for the budget of its go
    eng.send("go ponder movetime 100")
    time.sleep(0.2)
    assert not any(ln.startswith("bestmove") for ln in eng.sync())
    out = eng.ask("ponderhit", "bestmove")
    assert out[-1].split()[1] in ("keep:D18", "keep:D22")
    eng.send("go ponder")
    assert eng.ask("stop", "bestmove")[-1].startswith("bestmove keep:")
    eng.send("ponderhit")
    assert eng.line().startswith("info string error: ponderhit without")
    # UCI_AnalyseMode: go prints the analysis table
    eng.send("setoption name UCI_AnalyseMode value true")
    out = eng.ask("go iterations 100", "bestmove")
    assert any("visits" in ln for ln in out)
    eng.send("setoption name UCI_AnalyseMode value false")
    # bestmove ... ponder: the predicted reply, a legal move once bestmove is played
    eng.send("position new players 2 seed 7 moves keep:D18")
    best = eng.ask("go iterations 300", "bestmove")[-1].split()
    assert len(best) == 4 and best[2] == "ponder", best
    eng.send(f"position new players 2 seed 7 moves keep:D18 {best[1]}")
    assert best[3] in eng.legal()
    eng.send("bench 20")
    out = []
    while not out or "bench total" not in out[-1]:
        out.append(eng.line(30))
    assert sum("bench position" in ln for ln in out) >= 4
    assert re.search(r"bench total: iterations \d+ nodes \d+ time \d+ nps \d+", out[-1])


def test_errors_echo_a_short_prefix_and_options_reject_inf_nan_and_other_digits(eng):
    """'An error line echoes at most a short prefix of a bad line'; 'Options reject inf, nan and
    non-ASCII digits'."""
    eng.send("x" * 1_000_000)
    line = eng.line()
    assert line.startswith("info string error: unknown command") and len(line) < 400
    eng.send("position new players 2 seed 7 moves " + "keep:" + "D" * 100_000)
    line = eng.line()
    assert line.startswith("info string error: ") and len(line) < 400
    for name, value in (("Movetime", "inf"), ("Movetime", "nan"), ("Movetime", "\u0661\u0662"),
                        ("Movetime", "１２"), ("Movetime", "1_000"), ("Exploration", "inf"),
                        ("Exploration", "nan"), ("Exploration", "-1"), ("Exploration", "0"), ("Seed", "1e3"),
                        ("MAST", "-1"), ("MAST", "101"), ("MAST", "nan"), ("MAST", "lots")):
        eng.send(f"setoption name {name} value {value}")
        assert eng.line().startswith("info string error: "), (name, value)
    eng.send("setoption name Exploration value 0.7")
    assert eng.sync() == []
    eng.send("setoption name MAST value 0")
    assert eng.sync() == []


def test_a_command_after_a_short_perft_waits_for_it(eng):
    """'A command that arrives while a short perft is still running must not be told during go
    infinite': it runs once the perft has printed its count."""
    eng.send("position new players 2 seed 7 moves keep:D18")
    eng.send("perft 3")
    eng.send("position new players 2 seed 7")
    out = eng.sync()
    assert out[-1].startswith("nodes ") and not any("error" in ln for ln in out)
    assert eng.legal() == ["keep:D18", "keep:D22"]


def test_show_has_a_place_for_formats(eng):
    """show takes an optional format (text today; a picture format joins Engine.SHOW_FORMATS)."""
    eng.send("position new players 2 seed 7")
    eng.send("show text")
    a = eng.sync()
    eng.send("show")
    assert eng.sync() == a and a[0].startswith("info string ")
    eng.send("show nonsense")
    assert eng.line().startswith("info string error: show takes one of text")


chess = pytest.importorskip("chess", reason="python-chess (the test extra) is not installed")


def test_python_chess_play_and_analyse_return_through_the_protocol():
    """'python-chess's play() and analyse() returning through the protocol'. python-chess completes
    the handshake (uci / id / option / uciok, then isready), sends position startpos (refused: not a
    Tekhenu position) and go: the engine answers bestmove (none), so play() returns a result without
    a move instead of timing out, and analyse() returns the error line as its 'string'. (A chess
    client sends ucinewgame and a chess position before every search, so it cannot set a Tekhenu
    position: python-chess is a handshake and framing check.)"""
    import chess.engine

    engine = chess.engine.SimpleEngine.popen_uci(ENGINE_CMD, cwd=str(ROOT), env=ENV, timeout=30)
    try:
        assert engine.id["name"].startswith("Tekhenu")
        assert "Movetime" in engine.options and engine.options["Player"].type == "combo"
        engine.configure({"Movetime": 100, "Info Lines": False})
        t0 = time.monotonic()
        result = engine.play(chess.Board(), chess.engine.Limit(time=0.1))
        assert result.move is None and time.monotonic() - t0 < 10
        info = engine.analyse(chess.Board(), chess.engine.Limit(nodes=50))
        assert info["string"].startswith("error: no position")  # the error line reaches the client
        engine.configure({"Movetime": 50})
        assert engine.play(chess.Board(), chess.engine.Limit(depth=3)).move is None
    finally:
        engine.quit()


# ----------------------------------------------------------------------------- PROTOCOL.md, run
SPEC = ROOT / "protocol" / "PROTOCOL.md"


def _sessions() -> list[list[str]]:
    """The code blocks of the 'Example sessions' section of PROTOCOL.md."""
    text = SPEC.read_text(encoding="utf-8")
    part = text.split("## Example sessions", 1)[1]
    part = part.split("\n## ", 1)[0]
    return [blk.strip("\n").splitlines() for blk in re.findall(r"```\n(.*?)```", part, re.S)]


def _pattern(expected: str) -> re.Pattern:
    return re.compile("^" + ".*".join(re.escape(p) for p in expected.split("...")) + "$")


def _is_periodic(line: str) -> bool:
    return line.startswith("info ") and not line.startswith("info string")


def _run_session(eng: EngineProc, lines: list[str]) -> None:
    steps: list[tuple[str, list[str]]] = []
    for ln in lines:
        if ln.startswith(">"):
            steps.append((ln[2:], []))
        elif ln.startswith("<"):
            steps[-1][1].append(ln[2:] if len(ln) > 1 else "")
    for cmd, expected in steps:
        eng.send(cmd)
        if not expected:
            if cmd.split()[0] not in ("go", "ponderhit"):
                assert [ln for ln in eng.sync() if not _is_periodic(ln)] == [], cmd
            continue
        k = 0
        while k < len(expected):
            want = expected[k]
            if want == "...":  # any lines, up to the one the next pattern matches
                nxt = _pattern(expected[k + 1])
                while not nxt.match(got := eng.line(30)):
                    pass
                k += 2
                continue
            got = eng.line(30)
            if _is_periodic(got) and not _pattern(want).match(got):
                continue    # a periodic info line (a loaded machine searches long enough to print one)
            assert _pattern(want).match(got), (cmd, want, got)
            k += 1


@pytest.mark.parametrize("k", range(len(_sessions())))
def test_the_example_sessions_of_the_spec_run_as_written(k):
    """'The examples in protocol/PROTOCOL.md are run by a test.'"""
    e = EngineProc()
    try:
        _run_session(e, _sessions()[k])
        assert all(_is_periodic(ln) for ln in e.sync())
    finally:
        e.close()


def test_the_uci_reply_of_the_spec_is_the_engines():
    """The handshake listed under '### `uci`' is exactly what the engine prints."""
    text = SPEC.read_text(encoding="utf-8")
    block = re.search(r"### `uci`\n```\n(.*?)```", text, re.S).group(1).strip().splitlines()
    e = EngineProc()
    try:
        assert e.ask("uci", "uciok") == block
    finally:
        e.close()
