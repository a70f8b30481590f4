"""bench/strength_search.py (the first sessions' strength script, before `tekhenu strength`): its
options are refused with a message before any game, and a tiny run plays on two worker processes
(bench/workers.py)."""
from __future__ import annotations

import json

import pytest

from bench_scripts import needs, run, script

SCRIPT = script("strength_search.py")
pytestmark = needs(SCRIPT)


@pytest.mark.parametrize("args, says", [(["--procs", "0"], "--procs: '0': give at least 1"),
                                        (["--games", "x"], "--games: 'x' is not a whole number"),
                                        (["--budgets", "10,0"], "'0': give at least 1"),
                                        (["--budgets", "a"], "iteration budgets, comma-separated")])
def test_bad_options_refused_before_any_game(args, says):
    p = run(SCRIPT, *args, timeout=60)
    assert p.returncode == 2 and says in p.stderr and p.stdout == ""


def test_a_tiny_run_on_two_processes(tmp_path):
    out = tmp_path / "r.json"
    p = run(SCRIPT, "--games", "2", "--budgets", "10", "--opponents", "greedy", "--procs", "2",
            "--json", str(out), timeout=120)
    assert p.returncode == 0, p.stderr
    res = json.loads(out.read_text())
    assert len(res) == 1 and res[0]["games"] == 2 and sorted(r["game"] for r in res[0]["rows"]) == [0, 1]
    assert "-0 " not in p.stdout and "games    2" in p.stdout
