"""The `tekhenu` command (issue 6, "The CLI (typer)"): match, play, perft, bench, analyse, engine."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tekhenu_engine._core import GameState
from tekhenu_engine.agents.registry import available_players, make_agent
from tekhenu_engine.cli import app
from tekhenu_engine.notation import format_action
from tekhenu_engine.match import MatchConfig, format_summary, load_records, replay, seat_sides, summarise
from reference import perft

ROOT = Path(__file__).resolve().parent.parent
ENV = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
runner = CliRunner()


def tekhenu(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input, catch_exceptions=False)


def test_match_json_summary_and_records_that_replay(tmp_path):
    """'--json prints that summary as one JSON object with at least the keys games, errors, a and b
    (each with wins, mean_vp), draws, elo, elo_ci95; --out writes every game record (JSON lines)
    that reloads and replays.'"""
    out = tmp_path / "games.jsonl"
    r = tekhenu("match", "--a", "random", "--b", "random:seed=5", "--games", "6", "--seed", "3", "--json",
                "--out", str(out))
    assert r.exit_code == 0, r.output
    summary = json.loads(r.stdout.strip().splitlines()[-1])
    for key in ("games", "errors", "a", "b", "draws", "elo", "elo_ci95"):
        assert key in summary
    assert summary["games"] == 6 and summary["errors"] == 0
    assert summary["a"]["wins"] + summary["b"]["wins"] + summary["draws"] == 6
    lo, hi = summary["elo_ci95"]
    assert lo <= summary["elo"] <= hi
    records = load_records(str(out))
    assert len(records) == 6
    for rec in records:
        final = replay(rec)
        assert final.is_terminal() and final.returns() == rec["vp"] and final.winner() == rec["winner"]
    # 'Seats alternate between games'
    assert [rec["sides"] for rec in records[:2]] == [["a", "b"], ["b", "a"]]


def test_match_four_players_interleaves_the_sides():
    """3- and 4-player matches: the sides sit alternately and swap every game."""
    assert seat_sides(4, 0, None) == ["a", "b", "a", "b"] and seat_sides(4, 1, None) == ["b", "a", "b", "a"]
    r = tekhenu("match", "--a", "random", "--b", "random", "--players", "4", "--games", "2", "--json")
    assert r.exit_code == 0
    assert json.loads(r.stdout.strip().splitlines()[-1])["errors"] == 0


def test_match_against_an_external_engine_over_the_protocol():
    """'cmd:<command line> for any external engine that speaks the protocol'."""
    cmd = f"cmd:{sys.executable} -m tekhenu_engine.cli engine --iterations 30"
    p = subprocess.run([sys.executable, "-m", "tekhenu_engine.cli", "match", "--a", cmd, "--b", "random",
                        "--games", "2", "--json"], cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    summary = json.loads(p.stdout.strip().splitlines()[-1])
    assert summary["errors"] == 0 and summary["games"] == 2


def test_bad_specs_and_options_are_clear_errors():
    """'Every user error gets a clear message' (brief): unknown agents and impossible tables."""
    r = tekhenu("match", "--a", "alphazero", "--b", "random")
    assert r.exit_code == 2 and "unknown agent" in r.output
    r = tekhenu("match", "--a", "random", "--b", "random", "--players", "7")
    assert r.exit_code == 2 and "--players" in r.output
    with pytest.raises(ValueError):
        make_agent("random:seed")
    with pytest.raises(ValueError):
        make_agent("botankhamun:brutal")


def test_botankhamun_side_makes_solo_games():
    """A botankhamun:* side means solo games (players 1): the other side plays seat 0 and
    Botankhamun seat 1, whose turns are automatic."""
    cfg = MatchConfig("random", "botankhamun:hard:decree8", games=1)
    assert cfg.table() == {"players": 1, "difficulty": "hard", "decree8": True}
    assert seat_sides(1, 0, "b") == ["a", "b"] and seat_sides(1, 1, "b") == ["a", "b"]
    with pytest.raises(ValueError):
        MatchConfig("botankhamun:easy", "botankhamun:hard").table()
    with pytest.raises(ValueError):
        MatchConfig("random", "botankhamun:hard", players=2).table()


def test_match_against_botankhamun_runs_without_errors():
    """'tekhenu match --a ismcts:iterations=500 --b botankhamun:hard --games 20 --json ... reports
    zero errors' (here with a quick agent; the full command is a slow test)."""
    r = tekhenu("match", "--a", "random", "--b", "botankhamun:hard", "--games", "4", "--json")
    s = json.loads(r.stdout.strip().splitlines()[-1])
    assert s["errors"] == 0 and s["players"] == 1


@pytest.mark.slow
def test_issue_match_command_reports_zero_errors():
    """The issue's acceptance command."""
    r = tekhenu("match", "--a", "ismcts:iterations=500", "--b", "botankhamun:hard", "--games", "20", "--json")
    assert json.loads(r.stdout.strip().splitlines()[-1])["errors"] == 0


def test_summary_elo_is_symmetric_and_a_sweep_is_a_bound():
    """Elo of A over B with a 95% interval; issue 14: "Elo for a 100 % or 0 % score is reported as
    a bound, not -0.0"."""
    recs = [{"game": i, "error": None, "vp": [40, 30], "sides": ["a", "b"], "winner_side": "a"} for i in range(10)]
    s = summarise(recs, MatchConfig("random", "random"))
    assert s["a"]["wins"] == 10 and s["elo"] is None and s["elo_ci95"] is None
    assert s["elo_bound_kind"] == "lower" and s["elo_bound"] > 0
    assert "Elo > +" in format_summary(s)
    lost = summarise([dict(r, winner_side="b") for r in recs], MatchConfig("random", "random"))
    assert lost["elo_bound_kind"] == "upper" and lost["elo_bound"] == -s["elo_bound"]
    assert "-0.0" not in format_summary(lost) and "Elo < -" in format_summary(lost)
    flipped = [dict(r, winner_side="b") for r in recs[:5]] + recs[5:]
    s2 = summarise(flipped, MatchConfig("random", "random"))
    assert s2["elo"] == 0.0 and str(s2["elo"]) == "0.0" and s2["elo_ci95"][0] == -s2["elo_ci95"][1]
    one = summarise([dict(recs[0], winner_side="b")] + recs[1:], MatchConfig("random", "random"))
    lo, hi = one["elo_ci95"]
    assert lo < one["elo"] < hi and lo is not None and hi is not None


def test_play_a_whole_game_in_the_terminal_with_undo():
    """'tekhenu play: a person plays a full game in the terminal ... with a readable board, the legal
    moves, and undo of the last turn.' The person here always picks the first move, and undoes once."""
    r = tekhenu("play", "--players", "2", "--opponent", "random", "--seed", "3",
                input="0\n0\n0\nundo\nshow\nhelp\nbogus\n" + "0\n" * 600)
    assert r.exit_code == 0
    assert "Undone: back to before your last decision." in r.stdout
    assert "'bogus' is not one of the choices" in r.stdout
    assert "Game over: final score breakdown" in r.stdout and "Your choice - " in r.stdout
    assert "Seat 0 (you)" in r.stdout


def test_play_undo_returns_to_the_same_position():
    """After undo the same choices are offered again (the dice already rolled stay the same)."""
    r = tekhenu("play", "--players", "2", "--opponent", "random", "--seed", "4", input="0\nundo\nquit\n")
    blocks = r.stdout.split("Your choice - ")[1:]
    assert len(blocks) >= 2 and blocks[0].split(">")[0] == blocks[-1].split(">")[0]




def test_perft_command_counts_sequences():
    """'tekhenu perft --players N --seed S --depth D: counts of decision sequences'."""
    r = tekhenu("perft", "--players", "3", "--seed", "2", "--depth", "3")
    assert r.exit_code == 0
    g = GameState.new(3, 2)
    counts = [int(ln.split(": ")[1].split()[0]) for ln in r.stdout.splitlines() if ln.startswith("depth")]
    assert counts == [perft(g, d) for d in (1, 2, 3)]


def test_bench_json_prints_the_figures():
    """'tekhenu bench [--json]': the figures of the rules core next to their reference."""
    r = tekhenu("bench", "--json", "--quick")
    fig = json.loads(r.stdout.strip().splitlines()[-1])
    assert fig["playouts_per_s"] > 0 and fig["python_loop_playouts_per_s"] > 0
    # issue 7: "at least playouts_per_s, python_loop_playouts_per_s, ismcts_iterations_per_s and
    # parallel_speedup"
    assert fig["ismcts_iterations_per_s"] > 0 and fig["parallel_speedup"] > 0
    # issue 13: "`tekhenu bench` shows iterations/s with the evaluation on, next to the playout-only
    # search, in one run"
    assert fig["ismcts_eval_cut40_iterations_per_s_2p_start"] > 0 and fig["ismcts_eval_cut20_iterations_per_s_solo_middle"] > 0
    assert fig["compiled_vs_python_ratio"] == fig["playouts_per_s"] / fig["python_loop_playouts_per_s"]


def test_analyse_needs_a_position_and_reports_problems():
    """'tekhenu analyse: analyse a position (serialised state, or a game record and a move number)'."""
    r = tekhenu("analyse")
    assert r.exit_code == 2 and "serialised state or --record" in r.output
    r = tekhenu("analyse", "tk1:garbage")
    assert r.exit_code == 2 and "cannot load" in r.output


def test_analyse_prints_candidates_and_pv(tmp_path):
    """The analysis of the search issue: every candidate with visits, share, win probability,
    expected VP; the breakdown; the principal variation."""
    g = GameState.new(2, 1)
    g.resolve_chance()
    r = tekhenu("analyse", g.to_string(), "--iterations", "200")
    assert r.exit_code == 0
    analysis = r.stdout.split("Legal:")[1]
    for a in g.legal_actions():  # every candidate, with its figures
        assert format_action(a) in analysis
    assert "visits" in analysis and "pv" in analysis


def test_analyse_warns_when_a_search_process_was_lost(monkeypatch):
    """'No silent failure': an analysis whose search lost a process (``lost_jobs``; killed
    mid-search in tests/test_search.py) says so in a warning line, and still prints the analysis."""
    from tekhenu_engine.agents import ISMCTSAgent
    search = ISMCTSAgent.search

    def losing(self, *args, **kwargs):
        result = search(self, *args, **kwargs)
        result.lost_jobs = 1
        return result
    monkeypatch.setattr(ISMCTSAgent, "search", losing)
    g = GameState.new(2, 1)
    g.resolve_chance()
    r = tekhenu("analyse", g.to_string(), "--iterations", "200", "--jobs", "2")
    assert r.exit_code == 0
    assert "warning: 1 of the search's processes ended without their tree; the move comes from the others" in r.output
    assert "visits" in r.output.split("Legal:")[1]


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="needs Linux /proc")
def test_ctrl_c_on_a_two_process_analysis_ends_it_without_a_traceback():
    """Ctrl-C at a terminal sends SIGINT to the whole foreground group, so to the search's other
    process too: 'Every user error ... never a traceback'. The analysis ends with status 130 and
    no traceback (before, the other process could print its KeyboardInterrupt), and no search
    process is left."""
    import signal
    import time

    from procs import survivors, wait_for_children

    g = GameState.new(2, 1)
    g.resolve_chance()
    p = subprocess.Popen([sys.executable, "-m", "tekhenu_engine.cli", "analyse", g.to_string(), "--iterations",
                          "50000000", "--jobs", "2"], cwd=ROOT, env=ENV, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        workers = wait_for_children(p.pid, 1, 30)
        assert workers, "the analysis did not start its second search process"
        time.sleep(1.0)
        os.killpg(p.pid, signal.SIGINT)
        out, err = p.communicate(timeout=30)
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
    assert p.returncode == 130 and "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert not survivors(workers, 0.5)


def test_engine_command_runs_the_protocol():
    """'tekhenu engine: the protocol on stdio.'"""
    p = subprocess.run([sys.executable, "-m", "tekhenu_engine.cli", "engine", "--player", "random"],
                       input="uci\nisready\nposition new players 2 seed 7\ngo\nquit\n", cwd=ROOT, env=ENV,
                       capture_output=True, text=True, timeout=60)
    lines = p.stdout.splitlines()
    assert "uciok" in lines and "readyok" in lines and lines[-1].startswith("bestmove ")
    p = subprocess.run([sys.executable, "-m", "tekhenu_engine.cli", "engine", "--threads", "0"],
                       input="quit\n", cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and "Threads" in p.stderr


def test_analyse_reads_a_game_record_and_names_bad_ones(tmp_path):
    """'analyse a position (serialised state, or a game record and a move number)': a record from
    'match --out' is read; a record number the file lacks is a clear error."""
    out = tmp_path / "g.jsonl"
    assert tekhenu("match", "--a", "random", "--b", "random", "--games", "1", "--out", str(out)).exit_code == 0
    r = tekhenu("analyse", "--record", str(out), "--game", "3")
    assert r.exit_code == 2 and "1 records" in r.output
    if "ismcts" in available_players():  # issue 14: without --move, the last decision of the game
        r = tekhenu("analyse", "--record", str(out), "--iterations", "20")
        assert r.exit_code == 0 and "visits" in r.stdout
    if "ismcts" in available_players():
        r = tekhenu("analyse", "--record", str(out), "--move", "20", "--iterations", "100")
        assert r.exit_code == 0 and "visits" in r.stdout


def test_play_a_solo_game_against_botankhamun():
    """'tekhenu play: a person plays a full game in the terminal against ... Botankhamun (solo)'."""
    r = tekhenu("play", "--players", "1", "--difficulty", "hard", "--seed", "2", input="0\n" * 800)
    assert r.exit_code == 0
    assert "Game over: final score breakdown" in r.stdout and "Botankhamun: Round" in r.stdout


def test_search_against_botankhamun_quick_match():
    """The acceptance command at a small budget: the search against Botankhamun Hard, no errors."""
    r = tekhenu("match", "--a", "ismcts:iterations=50", "--b", "botankhamun:hard", "--games", "2", "--json")
    s = json.loads(r.stdout.strip().splitlines()[-1])
    assert s["errors"] == 0 and s["games"] == 2 and s["players"] == 1


def test_match_table_sets_the_solo_seth_variants_and_refuses_bad_words(tmp_path):
    """Issue 12: the solo variants with Time of Seth ("the player draws 3 Starting cards + 1 Cultist
    (standard), 2 + 2, or 3 + 2 ...; 3 Artifacts (standard), 2 (harder) or 4 (easier); Botankhamun's
    Buildings 10 (standard) or 20") reach `tekhenu match` by --table; a bad word is one line, exit 2."""
    out = tmp_path / "m.jsonl"
    r = tekhenu("match", "--a", "random", "--b", "botankhamun:hard", "--seth", "--table",
                "draw 2+2 artifacts harder botbuildings 20", "--games", "2", "--quiet", "--out", str(out))
    assert r.exit_code == 0, r.output
    recs = load_records(str(out))
    assert len(recs) == 2 and all(rec["error"] is None for rec in recs)
    assert recs[0]["table"]["solo_draw"] == "2+2" and recs[0]["table"]["solo_artifacts"] == "harder"
    assert recs[0]["table"]["bot_buildings"] == 20 and recs[0]["table"]["seth"] is True
    for table in ("bogus", "draw 2+2"):     # an unknown word; a solo-seth variant without --seth
        r = runner.invoke(app, ["match", "--a", "random", "--b", "botankhamun:hard", "--table", table,
                                "--games", "2"])
        assert r.exit_code == 2 and "Traceback" not in r.output
        assert r.output.strip().startswith("error:") and len(r.output.strip().splitlines()) == 1


def test_docs_agents_lists_every_spec_and_search_option():
    """`tekhenu match --help` points to `tekhenu docs agents`, which prints the SPEC reference from
    the code (so an installed wheel, which carries no docs/search.md, has it): every kind, and every
    keyword of the search under its SPEC name (movetime for movetime_ms)."""
    import inspect

    from tekhenu_engine.agents.ismcts import ISMCTSAgent
    from tekhenu_engine.agents.registry import KINDS
    assert "tekhenu docs agents" in " ".join(tekhenu("match", "--help").stdout.split())
    r = tekhenu("docs", "agents")
    assert r.exit_code == 0
    for kind in KINDS:
        assert kind in r.stdout
    names = {"movetime_ms": "movetime"}
    for key in inspect.signature(ISMCTSAgent).parameters:
        assert f"{names.get(key, key)}=" in r.stdout, key
    bad = runner.invoke(app, ["docs", "nope"])
    assert bad.exit_code == 2 and "agents" in bad.output
