"""Issue 14, the match runner (cutechess-cli and fastchess are the reference) and the CLI's user errors.

A fake misbehaving engine (tests/fake_engine.py) is driven through `tekhenu match` as a cmd: side;
limits are short so that the suite stays fast.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tekhenu_engine.agents.registry import make_agent, parse_spec
from tekhenu_engine.cli import app
from tekhenu_engine.match import SPRT, MatchConfig, load_records, pentanomial, replay, run_match, summarise

from procs import alive as _alive
from procs import children as _children
from procs import survivors, wait_for_children

ROOT = Path(__file__).resolve().parent.parent
ENV = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
FAKE = f"cmd:{sys.executable} {ROOT / 'tests' / 'fake_engine.py'}"
runner = CliRunner()


def tekhenu(*args: str):
    return runner.invoke(app, list(args), catch_exceptions=False)


def cli(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tekhenu_engine.cli", *args], cwd=ROOT, env=ENV,
                          capture_output=True, text=True, timeout=timeout)


def _summary(stdout: str) -> dict:
    return json.loads(stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("mode,reason", [
    ("crash", "exited (exit code 3)"),
    ("hang", "no bestmove within 3 s"),
    ("flood", "no bestmove within 3 s"),
    ("garbage", "is not a move"),
    ("nouciok", "no uciok within 3 s"),
    ("illegal", "illegal action"),
])
def test_a_faulty_engine_loses_its_games_and_the_match_goes_on(tmp_path, mode, reason):
    """'An external engine (cmd:) that crashes is restarted for the next game; one that hangs, never
    sends uciok, or streams lines without a bestmove is killed after a per-move time limit ..., and
    the game is scored as a loss for the faulty side with the reason recorded; the match goes on.'
    'The exit code is non-zero when games ended in errors.'"""
    out = tmp_path / "g.jsonl"
    t0 = time.monotonic()
    p = cli("match", "--a", f"{FAKE} {mode}", "--b", "random", "--games", "2", "--move-timeout", "3",
            "--json", "--out", str(out))
    elapsed = time.monotonic() - t0
    assert p.returncode == 1, p.stderr
    s = _summary(p.stdout)
    assert s["games"] == 2 and s["errors"] == 2 and s["losses"] == 2 and s["errors_by_side"] == {"a": 2, "b": 0}
    recs = load_records(str(out))
    assert [r["faulty_side"] for r in recs] == ["a", "a"] and all(r["winner_side"] == "b" for r in recs)
    assert all(reason in r["error"] for r in recs), [r["error"] for r in recs]
    assert "BrokenPipe" not in p.stderr and "Traceback" not in p.stderr
    assert elapsed < 60  # two killed games, not 600 s each


def test_a_crashed_engine_is_restarted_for_the_next_game(tmp_path):
    """The fake engine crashes at its 3rd go: every game fails the same way (exit code 3 after two
    moves), so each game had a fresh engine (a dead one would fail at once with a broken pipe)."""
    out = tmp_path / "g.jsonl"
    p = cli("match", "--a", f"{FAKE} crash 3", "--b", "random", "--games", "3", "--move-timeout", "15",
            "--json", "--out", str(out))
    recs = load_records(str(out))
    assert p.returncode == 1 and len(recs) == 3
    for r in recs:  # a dead engine that was not restarted would fail with "not running" at once
        assert "exit code 3" in r["error"] and "before bestmove" in r["error"] and "not running" not in r["error"]
        assert len([t for t in r["moves"] if t.startswith("keep:")]) >= 2  # its first go answered


def test_a_good_fake_engine_plays_whole_games_and_is_the_reference(tmp_path):
    """The same fake engine in its good mode finishes every game without errors (exit code 0)."""
    p = cli("match", "--a", f"{FAKE} good", "--b", "random", "--games", "2", "--json")
    assert p.returncode == 0, p.stderr
    assert _summary(p.stdout)["errors"] == 0


def test_jobs_give_the_same_games_as_one_process():
    """'--jobs N gives the same games as --jobs 1 for the same seed.'"""
    cfg = MatchConfig("greedy", "random", games=4, seed=5)
    one = sorted(run_match(cfg, jobs=1), key=lambda r: r["game"])
    two = sorted(run_match(cfg, jobs=2), key=lambda r: r["game"])
    strip = lambda rs: [{k: v for k, v in r.items() if k != "seconds"} for r in rs]  # noqa: E731
    assert strip(one) == strip(two)


def test_pairs_share_a_seed_with_the_seats_swapped():
    """'paired games (both seatings of one seed) counted as pairs'."""
    recs = list(run_match(MatchConfig("random", "random:seed=3", games=4, seed=1)))
    assert recs[0]["seed"] == recs[1]["seed"] != recs[2]["seed"] == recs[3]["seed"]
    assert recs[0]["sides"] == ["a", "b"] and recs[1]["sides"] == ["b", "a"]
    s = summarise(recs, MatchConfig("random", "random:seed=3", games=4, seed=1))
    assert sum(s["pentanomial"]) == 2


def test_pairs_of_two_runs_counted_together_and_a_run_given_twice_refused():
    """'paired games (both seatings of one seed) counted as pairs': a pair belongs to one run, so
    the records of two runs with other --seed values (their game numbers overlap) are counted pair
    by pair, and the same games given twice are refused instead of silently dropped."""
    one = list(run_match(MatchConfig("greedy", "random", games=4, seed=1)))
    two = list(run_match(MatchConfig("greedy", "random", games=4, seed=2)))
    assert [r["game"] for r in one] == [r["game"] for r in two]
    both = pentanomial(one + two)
    assert both == [a + b for a, b in zip(pentanomial(one), pentanomial(two))] and sum(both) == 4
    sprt = SPRT.parse("elo0=0,elo1=50")
    assert sprt.state(one + two, True)["llr"] != 0.0
    with pytest.raises(ValueError, match="given twice"):
        pentanomial(one + one)


def test_a_line_per_game_with_the_running_score_also_when_piped():
    """'Running score A vs B: W-L-D and Elo with its interval while it runs, also when output is
    piped (a line per game)'."""
    p = cli("match", "--a", "greedy", "--b", "random", "--games", "3")
    lines = [ln for ln in p.stderr.splitlines() if ln.startswith("game ")]
    assert len(lines) == 3
    assert "greedy vs random: 3-0-0" in lines[-1] and "Elo" in lines[-1] and "LOS" in lines[-1]
    assert "-0.0" not in p.stdout + p.stderr


def test_sprt_llr_bounds_and_stopping():
    """'SPRT (--sprt elo0=.. elo1=.. alpha=.. beta=..) with the log-likelihood ratio and its bounds,
    stopping the match when it decides, and LOS'."""
    t = SPRT.parse("elo0=0 elo1=10 alpha=0.05 beta=0.05")
    lo, hi = t.bounds()
    assert round(lo, 3) == -2.944 and round(hi, 3) == 2.944
    assert t.llr([0, 0, 0, 0, 0], [0, .25, .5, .75, 1]) == 0.0
    assert t.llr([0, 0, 10, 0, 0], [0, .25, .5, .75, 1]) < 0 < t.llr([0, 0, 0, 1, 9], [0, .25, .5, .75, 1])
    for bad in ("elo0=5 elo1=1", "alpha=2", "elo0=x", "elo1=inf", "frob=1"):
        with pytest.raises(ValueError):
            SPRT.parse(bad)
    p = cli("match", "--a", "greedy", "--b", "random", "--games", "200", "--sprt", "elo0=0 elo1=50", "--json")
    s = _summary(p.stdout)
    assert p.returncode == 0 and s["sprt"]["decision"] == "H1" and s["games"] < 200
    assert s["sprt"]["llr"] >= s["sprt"]["upper"] and s["games"] >= 6 and s["los"] > 0.5


def test_out_refuses_to_overwrite_and_append_resumes(tmp_path):
    """'--out refuses to overwrite unless told (--append resumes)'; checked before any game."""
    out = tmp_path / "g.jsonl"
    assert tekhenu("match", "--a", "random", "--b", "greedy", "--games", "2", "--out", str(out)).exit_code == 0
    r = tekhenu("match", "--a", "random", "--b", "greedy", "--games", "4", "--out", str(out))
    assert r.exit_code == 2 and "--append" in r.output and len(load_records(str(out))) == 2
    r = tekhenu("match", "--a", "random", "--b", "greedy", "--games", "4", "--out", str(out), "--append", "--json")
    assert r.exit_code == 0 and _summary(r.stdout)["games"] == 4
    recs = load_records(str(out))
    assert sorted(x["game"] for x in recs) == [0, 1, 2, 3] and all(replay(x).is_terminal() for x in recs)
    before = out.read_bytes()
    r = tekhenu("match", "--a", "random", "--b", "greedy", "--games", "4", "--out", str(out), "--append",
                "--json", "--sprt", "elo0=0 elo1=50")
    s = _summary(r.stdout)     # a file holding every game: nothing is played, its summary is printed
    assert r.exit_code == 0 and out.read_bytes() == before and s["games"] == 4
    assert len(s["margin_ci95"]) == 2 and s["sprt"]["lower"] < 0 < s["sprt"]["upper"]
    assert s["a"]["wins"] + s["b"]["wins"] + s["draws"] == 4
    r = tekhenu("match", "--a", "random", "--b", "random", "--games", "4", "--out", str(out), "--append")
    assert r.exit_code == 2 and "another match" in r.output
    assert tekhenu("match", "--a", "random", "--b", "greedy", "--games", "1", "--out", str(out),
                   "--force").exit_code == 0
    assert len(load_records(str(out))) == 1
    r = tekhenu("match", "--a", "random", "--b", "greedy", "--out", str(tmp_path / "no" / "such" / "dir.jsonl"))
    assert r.exit_code == 2 and r.output.startswith("error: cannot write")


@pytest.mark.parametrize("args,words", [
    (["--a", "ismcts:iterations=abc", "--b", "random"], "iterations takes a whole number"),
    (["--a", "ismcts:c_uct=nan", "--b", "random"], "c_uct takes a number"),
    (["--a", "ismcts:iterations=0", "--b", "random"], "iterations must be at least 1"),
    (["--a", "cmd:no-such-program-xyz engine", "--b", "random"], "is not on the PATH"),
    (["--a", "cmd:./nowhere/engine", "--b", "random"], "does not exist"),
    (["--a", "cmd:tekhenu engine movetime=fast", "--b", "random"], "movetime takes a whole number"),
    (["--a", "random", "--b", "random", "--sprt", "elo0=1 elo1=0"], "elo0 < elo1"),
])
def test_user_errors_of_match_are_one_line(args, words):
    """'Every user error is one clear line and a non-zero exit, never a traceback'."""
    r = tekhenu("match", *args)
    assert r.exit_code == 2, r.output
    assert r.output.count("\n") == 1 and r.output.startswith("error: ") and words in r.output, r.output


def test_cmd_settings_are_side_options_and_limits():
    """'Per-side options and limits for cmd: engines (for example option.Threads=2, movetime=,
    iterations=)'."""
    s = parse_spec("cmd:tekhenu engine option.Threads=2 movetime=200 'option.Move Overhead=10'")
    assert s.words == ["tekhenu", "engine"]
    assert s.options == {"option.Threads": "2", "movetime": "200", "option.Move Overhead": "10"}
    eng = make_agent("cmd:tekhenu engine option.Threads=2 movetime=200 margin=300", start=False)
    assert eng.options == {"Threads": "2"} and eng.go_args == "movetime 200" and eng.move_limit_s() == 0.5
    cmd = f"cmd:{sys.executable} -m tekhenu_engine.cli engine option.Threads=1 iterations=20 option.Seed=4"
    p = cli("match", "--a", cmd, "--b", "random", "--games", "1", "--json")
    assert p.returncode == 0 and _summary(p.stdout)["errors"] == 0, p.stderr


def test_ctrl_c_prints_the_summary_of_the_games_played(tmp_path):
    """'Ctrl-C prints the summary of the games played.'"""
    p = subprocess.Popen([sys.executable, "-m", "tekhenu_engine.cli", "match", "--a", "ismcts:iterations=30",
                          "--b", "random", "--games", "500", "--json"], cwd=ROOT, env=ENV,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    seen = ""
    while "game 1/" not in seen and time.monotonic() < deadline:  # wait for the first game's line
        seen += p.stderr.readline()
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 130
    s = _summary(out)
    assert 1 <= s["games"] < 500 and "Traceback" not in err


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")   # the dropped Ctrl-C
def test_a_ctrl_c_that_python_drops_still_ends_the_match(monkeypatch):
    """'Ctrl-C prints the summary of the games played', also when the KeyboardInterrupt is raised
    inside a finaliser, where Python only prints it ("Exception ignored in ..."): the match stops
    after the game in play instead of playing the rest."""
    import tekhenu_engine.match as match_module

    real = match_module.run_match

    class Dropper:
        def __del__(self) -> None:
            os.kill(os.getpid(), signal.SIGINT)   # the handler's KeyboardInterrupt is dropped here

    def run_match_with_a_dropped_ctrl_c(config, jobs=1, skip=None, on_game=None):
        for k, rec in enumerate(real(config, jobs, skip=skip)):
            if k == 0:
                d = Dropper()
                del d
            yield rec

    monkeypatch.setattr(match_module, "run_match", run_match_with_a_dropped_ctrl_c)
    before = signal.getsignal(signal.SIGINT)
    r = runner.invoke(app, ["match", "--a", "random", "--b", "random", "--games", "30", "--json"])
    assert r.exit_code == 130, r.output
    assert _summary(r.stdout)["games"] == 1
    assert "interrupted: the summary of the games played" in r.output
    assert signal.getsignal(signal.SIGINT) is before      # the match gives Ctrl-C back


def test_analyse_and_play_user_errors(tmp_path):
    """'analyse --movetime 0, --move -5' are errors; '--move counts decisions'; without --move the
    last decision is analysed; '--difficulty without --players 1 is an error'."""
    out = tmp_path / "g.jsonl"
    assert tekhenu("match", "--a", "random", "--b", "random", "--games", "1", "--out", str(out)).exit_code == 0
    for bad in (["--movetime", "0"], ["--move", "-5"], ["--move", "100000"], ["--iterations", "0"]):
        r = tekhenu("analyse", "--record", str(out), *bad)
        assert r.exit_code == 2 and "Traceback" not in r.output, (bad, r.output)
    r = tekhenu("analyse", "--record", str(out), "--iterations", "30")
    assert r.exit_code == 0 and "visits" in r.stdout
    r = tekhenu("analyse", "--record", str(out), "--move", "1", "--iterations", "30")
    assert r.exit_code == 0 and "keep:" in r.stdout  # the first decision: which Decree to keep
    r = tekhenu("play", "--players", "2", "--difficulty", "hard")
    assert r.exit_code == 2 and "--players 1" in r.output


def test_help_shows_flags_as_flags_and_states_defaults():
    """'Flags show as flags in --help (not --json <bool>)'; 'strength --out ... stated in help'."""
    for cmd in ("match", "bench", "perft", "strength", "play"):
        text = tekhenu(cmd, "--help").output
        assert "<bool>" not in text and "BOOLEAN" not in text, cmd
    assert "current" in tekhenu("strength", "--help").output
    assert "decisions" in tekhenu("analyse", "--help").output


def test_bench_folder_collects_the_benchmarks():
    """'python -m pytest bench --benchmark-only (the documented benchmark command) runs the
    benchmarks: today it collects nothing and exits 5.'"""
    p = subprocess.run([sys.executable, "-m", "pytest", "bench", "--benchmark-only", "--collect-only", "-q"],
                       cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "bench_core.py::test_compiled_random_playouts" in p.stdout


@pytest.mark.parametrize("args", [["analyse", "--record", "x.jsonl", "--move", "-5"], ["analyse", "--movetime", "0"],
                                  ["match", "--a", "random"], ["match", "--a", "random", "--b", "random", "--games", "x"],
                                  ["frobnicate"]])
def test_usage_errors_are_one_line_from_the_installed_command(args):
    """'Every user error is one clear line and a non-zero exit, never a traceback' - also the errors
    the option parser finds (the `tekhenu` entry point turns click's usage block into one line)."""
    p = cli(*args)
    assert p.returncode == 2 and p.stdout == ""
    lines = p.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "--help" in lines[0], p.stderr


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="needs Linux /proc")
@pytest.mark.parametrize("signum, status, said", [(signal.SIGINT, 130, "interrupted"),
                                                  (signal.SIGTERM, 143, "terminated")])
def test_a_signal_to_the_parent_alone_stops_a_jobs_match_at_once(signum, status, said):
    """The misbehaving peer sends a signal to the parent process only in the middle of long games
    played by --jobs 2 workers: SIGINT (``kill -INT``, not a terminal's Ctrl-C to the whole group) or
    SIGTERM (``kill PID``, what ``kill`` and ``pkill`` send; before, the parent died and left both
    workers searching). 'Exit status ... 130 after Ctrl-C, 143 after SIGTERM (`kill`; the summary of
    the games played is printed in each case; the --jobs processes stop with the match)': at once,
    not when the next game ends, and no worker is left searching."""
    p, workers = _start_and_wait_for_workers(
        ["match", "--a", "ismcts:iterations=500000", "--b", "ismcts:iterations=500000", "--games", "4",
         "--jobs", "2", "--json"])
    try:
        time.sleep(2.0)        # both are inside their first game's searches now
        t = time.monotonic()
        p.send_signal(signum)
        out, err = p.communicate(timeout=30)
        assert time.monotonic() - t < 15, "the match went on after the signal"
    finally:
        if p.poll() is None:
            p.kill()
    assert p.returncode == status and "Traceback" not in err, err
    assert f"{said}: the summary of the games played" in err
    assert _summary(out)["games"] == 0
    assert not survivors(workers, 0.5), "a worker process survived the match"


def _start_and_wait_for_workers(args: list[str]) -> tuple[subprocess.Popen, set[int]]:
    """The command started from the checkout, and the two --jobs processes it spawned once both run."""
    p = subprocess.Popen([sys.executable, "-m", "tekhenu_engine.cli", *args], cwd=ROOT, env=ENV,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    workers = wait_for_children(p.pid, 2, 60, keep=_spawned)
    if len(workers) < 2:
        p.kill()
        p.communicate()
        pytest.fail("the command did not start its two worker processes")
    return p, workers


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="needs Linux /proc")
@pytest.mark.parametrize("side_a", ["ismcts:iterations=500000", f"{FAKE} hang"])
def test_the_jobs_processes_of_a_match_killed_with_sigkill_end_with_it(side_a):
    """The misbehaving peer kills the parent of a `--jobs 2` match with SIGKILL, which no handler
    sees (the kernel's out-of-memory killer, `kill -9`). Each match process watches its parent and
    ends with it ('the --jobs processes stop with the match'); before, both searched their games to
    the end with no one to read them. With an external engine that hangs on `go` (a cmd: side,
    which each match process starts), the engines end too."""
    p, workers = _start_and_wait_for_workers(
        ["match", "--a", side_a, "--b", "ismcts:iterations=500000", "--games", "4", "--jobs", "2",
         "--move-timeout", "120", "--quiet"])
    try:
        time.sleep(2.0)           # both are inside their first game's searches (or waiting on go) now
        engines = {c for w in workers for c in _children(w) if _alive(c)}
        p.kill()
        p.wait(timeout=30)        # (not communicate: a surviving worker holds the pipes open)
    finally:
        if p.poll() is None:
            p.kill()
        p.stdout.close()
        p.stderr.close()
    if "hang" in side_a:
        assert len(engines) == 2, "each match process should have started its external engine"
    assert not survivors(workers | engines, 15), "a worker process or its engine outlived the match"


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="needs Linux /proc")
@pytest.mark.parametrize("signum, status, said", [(signal.SIGINT, 130, "interrupted"),
                                                  (signal.SIGTERM, 143, "terminated")])
def test_a_signal_stops_a_jobs_strength_run_at_once_and_keeps_its_records(tmp_path, signum, status, said):
    """`tekhenu strength --jobs 2` shares the match's processes; the misbehaving peer stops it in the
    middle of the solo goal's first two games (1 s a decision against Botankhamun, about a minute a
    game) with SIGINT or SIGTERM. Its --help: 'Ctrl-C or SIGTERM (`kill`) stops the run at once, the
    --jobs processes with it: no report is written, the games played stay in --records, and the exit
    status is 130 (Ctrl-C) or 143 (SIGTERM)'. Before, SIGTERM killed the parent alone."""
    records = tmp_path / "records"
    p, workers = _start_and_wait_for_workers(
        ["strength", "--only", "goal", "--goal-games", "4", "--records", str(records), "--jobs", "2",
         "--out", str(tmp_path), "--quiet"])
    try:
        time.sleep(2.0)
        t = time.monotonic()
        p.send_signal(signum)
        out, err = p.communicate(timeout=30)
        assert time.monotonic() - t < 15, "the run went on after the signal"
    finally:
        if p.poll() is None:
            p.kill()
    left = survivors(workers, 5)
    assert p.returncode == status and "Traceback" not in err, err
    assert f"{said}: no report written; the games played are in {records}" in err
    assert not left, "a worker process survived the run"
    assert records.is_dir() and not (tmp_path / "strength.md").exists()


def _spawned(pid: int) -> bool:
    """True for a process that multiprocessing spawned (a match worker, not its resource tracker)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return b"spawn_main" in f.read()
    except OSError:
        return False


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="needs Linux /proc")
def test_a_jobs_process_killed_mid_game_ends_the_match_at_once(tmp_path):
    """The misbehaving peer is the match's own --jobs process, killed in the middle of a long game
    (the kernel's out-of-memory killer, a crash in compiled code): MATCH_HELP's 'a process of the
    match that dies mid-game ... ends the match at once with an error line' and 'Exit status: ... 1
    when ... a --jobs process died'. Before, the pool started a new process and waited for the
    lost game for ever."""
    out_file = tmp_path / "m.jsonl"
    p = subprocess.Popen([sys.executable, "-m", "tekhenu_engine.cli", "match", "--a", "ismcts:iterations=500000",
                          "--b", "ismcts:iterations=500000", "--games", "4", "--jobs", "2", "--json",
                          "--out", str(out_file)],
                         cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        workers = wait_for_children(p.pid, 2, 60, keep=_spawned)
        assert len(workers) == 2, "the match did not start its two processes"
        time.sleep(1.0)                         # inside their first games now
        victim = min(workers)
        t = time.monotonic()
        os.kill(victim, signal.SIGKILL)
        out, err = p.communicate(timeout=60)
        assert time.monotonic() - t < 15, "the match waited for the lost game"
    finally:
        if p.poll() is None:
            p.kill()
    assert p.returncode == 1, err
    assert "was killed by SIGKILL before the game ended" in err and "--append resumes" in err, err
    assert "Traceback" not in err, err
    assert _summary(out)["games"] == 0
    assert not survivors(workers, 0.5), "a process of the match survived it"


class _ExitsWhenUnpickled:
    """Unpickled in a spawned process, it ends that process with status 3: a process that cannot
    start (as when the package it imports is broken)."""

    def __reduce__(self):
        return (os._exit, (3,))


def test_a_jobs_process_that_cannot_start_ends_the_match_with_an_error():
    """'With jobs > 1 a process that dies mid-game (killed, crashed, or unable to start) raises
    WorkerDied at once' (run_match). Played in a child interpreter with a time limit: the pool it
    replaces started new processes that died the same way, for ever (4,087 tracebacks in one run)."""
    script = (
        "import os, sys\n"
        "sys.path.insert(0, os.path.join(sys.argv[1], 'tests'))\n"
        "from test_match_runner import _ExitsWhenUnpickled\n"
        "from tekhenu_engine.match import MatchConfig, WorkerDied, run_match\n"
        "cfg = MatchConfig('random', 'random', games=4, seed=1)\n"
        "cfg.poison = _ExitsWhenUnpickled()\n"
        "try:\n"
        "    list(run_match(cfg, jobs=2))\n"
        "except WorkerDied as e:\n"
        "    print('WorkerDied:', e)\n")
    p = subprocess.run([sys.executable, "-c", script, str(ROOT)], cwd=ROOT, env=ENV, capture_output=True,
                       text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert "WorkerDied: the process playing game" in p.stdout and "exited with status 3" in p.stdout, p.stdout


def test_a_referee_error_in_a_jobs_process_reaches_the_caller():
    """An exception of the referee itself (not of a side, which loses its game) in a --jobs
    process is raised by run_match in the caller, as with one process, with the process's own
    traceback as its cause: here a base seed that is no number, which only the game's set-up in
    the process trips over."""
    from tekhenu_engine.match import RemoteTraceback

    cfg = MatchConfig("random", "random", games=2, seed="no number")
    with pytest.raises(TypeError) as one:
        list(run_match(cfg, jobs=1))
    with pytest.raises(TypeError) as two:
        list(run_match(cfg, jobs=2))
    assert str(two.value) == str(one.value)
    cause = two.value.__cause__
    assert isinstance(cause, RemoteTraceback) and "in the process playing game" in str(cause)
    assert "game_seed" in str(cause)


def test_strength_says_where_the_games_are_when_a_process_died(monkeypatch, tmp_path):
    """'no report written; the games played are in DIR, and the same command resumes', with status 1,
    when a --jobs process of the report dies."""
    import tekhenu_engine.strength as strength_module
    from tekhenu_engine.match import WorkerDied

    def dies(**kwargs):
        raise WorkerDied("the process playing game 3 was killed by SIGKILL before the game ended")

    monkeypatch.setattr(strength_module, "main", dies)
    r = runner.invoke(app, ["strength", "--records", str(tmp_path / "recs"), "--jobs", "2"])
    assert r.exit_code == 1, r.output
    assert "killed by SIGKILL" in r.output and "the same command resumes" in r.output, r.output


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (a device that is always full)")
def test_an_out_file_that_cannot_be_written_ends_the_match_with_one_error_line():
    """The misbehaving peer is the disk: --out fills it (/dev/full answers every write with 'No space
    left on device'). MATCH_HELP: 'so does an --out file that cannot be written (a full disk)' and
    exit status 1: one error line naming the file and the game, the summary of the games played,
    no traceback."""
    p = cli("match", "--a", "random", "--b", "random", "--games", "4", "--out", "/dev/full", "--force", "--json")
    assert p.returncode == 1 and "Traceback" not in p.stderr, p.stderr
    errors = [line for line in p.stderr.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1 and "cannot write game 1 to /dev/full: No space left on device" in errors[0]
    assert _summary(p.stdout)["games"] == 1
