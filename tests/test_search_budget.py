"""Issue 13, a search asked for N iterations runs N iterations.

The bug: `position new players 3 seed S` then `go iterations 200` piped into `tekhenu engine`
answered after one iteration ("winprob 1.000" or 0.000: the one playout's result). The end of the
input was a `quit`, and `quit` "Stops any search" (protocol/PROTOCOL.md), so the search stopped
after its first iteration. PROTOCOL.md now: "The end of the input is a `quit` too, except that a
running finite `go` ... first runs to its end and prints its result"; a search never stops early
on its own ("the position on top always has two or more legal actions").
"""
from __future__ import annotations

import io
import re
import subprocess
import sys

from tekhenu_engine import GameState
from tekhenu_engine.agents import ISMCTSAgent
from tekhenu_engine.protocol import Engine, serve
from test_protocol import ENV, ROOT


def _last_info(text: str) -> str:
    return [ln for ln in text.splitlines() if ln.startswith("info depth")][-1]


def test_go_iterations_at_the_first_decree_keep_runs_them_all_at_the_end_of_input():
    """3 players, the first Decree keep (setup: "Each player chooses one to keep"): a real decision
    with two legal moves; the input ends right after the go."""
    for seed in (1, 2, 3):
        g = GameState.new(3, seed)
        while g.is_chance():          # the engine, given a seed, deals the setup itself
            g.apply_chance()
        assert g.step().name == "D_KEEP" and len(g.legal_actions()) == 2
        out = io.StringIO()
        serve(Engine(out), io.StringIO(f"position new players 3 seed {seed}\ngo iterations 200\n"))
        info = _last_info(out.getvalue())
        assert re.search(r"\biterations 200\b", info), info
        assert out.getvalue().splitlines()[-1].startswith("bestmove keep:")


def test_the_engine_process_searches_its_budget_when_stdin_closes():
    """The same through `tekhenu engine`'s own stdin, closed after the go (printf ... | tekhenu engine)."""
    p = subprocess.run([sys.executable, "-m", "tekhenu_engine.protocol"], cwd=ROOT, env=ENV,
                       input=b"position new players 3 seed 4\ngo iterations 300\n", capture_output=True,
                       timeout=120)
    text = p.stdout.decode()
    assert p.returncode == 0
    assert re.search(r"\biterations 300\b", _last_info(text)), text


def test_an_explicit_quit_still_stops_a_search_at_once():
    """'quit: Stops any search and exits with status 0': the search answers after at least one
    iteration, far short of its budget."""
    out = io.StringIO()
    serve(Engine(out), io.StringIO("position new players 3 seed 1\ngo iterations 100000000\nquit\n"))
    info = _last_info(out.getvalue())
    n = int(re.search(r"\biterations (\d+)\b", info).group(1))
    assert 1 <= n < 100000000
    assert out.getvalue().splitlines()[-1].startswith("bestmove ")


def test_the_agent_runs_the_iterations_it_is_asked_for_at_every_decision_kind():
    """The search itself never stops early: at each of the first decisions of a 3-player game
    (Decree keeps, the Starting-card draft, Destiny picks, the first turns) a search of 150
    iterations reports 150 iterations, whatever the value it finds."""
    g = GameState.new(3, 5)
    agent = ISMCTSAgent(iterations=150, seed=1)
    seen = set()
    for _ in range(12):
        while g.is_chance():
            g.apply_chance()
        seat = g.current_player()
        assert len(g.legal_actions()) >= 2
        r = agent.search(g.observation(seat), seat)
        assert r.iterations == 150
        seen.add(g.step().name)
        g.apply(r.best)
    assert "D_KEEP" in seen and len(seen) >= 3
