"""Bench scripts refuse options they cannot use with one message and exit 2, before any game or
timing (bench/bench_rl.py, bench/fingerprint.py, bench/seth_cards_played.py): "Every error a user
can cause ... gets a clear message"; the measurements themselves are not run here."""
from __future__ import annotations

import os

import pytest

from bench_scripts import run, script


def _script(name: str) -> str:
    path = script(name)
    if not os.path.isfile(path):
        pytest.skip("bench/ is not in this copy")
    return path


@pytest.mark.parametrize("name, args, says", [
    ("bench_rl.py", ["--players", "0"], "--players must be 1 (solo) to 4, not 0"),
    ("bench_rl.py", ["--seconds", "-1"], "--seconds must be a positive number of seconds"),
    ("bench_rl.py", ["--seconds", "nan"], "--seconds must be a positive number of seconds"),
    ("fingerprint.py", ["--games", "0"], "--games must be at least 1, not 0"),
    ("fingerprint.py", ["--check", "/nonexistent/digests.json"], "--check: cannot read the digests"),
    ("seth_cards_played.py", ["--players", "7"], "--players must be 1 to 4"),
    ("seth_cards_played.py", ["--games", "0"], "--games at least 1"),
    ("seth_cards_played.py", ["--players", "3", "--vizier"], "is a 2-player option, not for 3 players"),
])
def test_bad_options_refused(name, args, says):
    p = run(_script(name), *args, timeout=60)
    assert p.returncode == 2 and says in p.stderr and "Traceback" not in p.stderr
    assert p.stdout == ""


def test_fingerprint_check_refuses_a_file_that_is_not_digests(tmp_path):
    path = _script("fingerprint.py")
    bad = tmp_path / "list.json"
    bad.write_text("[1, 2]\n")
    p = run(path, "--check", str(bad), timeout=60)
    assert p.returncode == 2 and "is not a file of digests" in p.stderr and p.stdout == ""
