"""bench/hist_speed.py: its command line (the measurement itself is timed, so it is run by hand on an
idle machine, never in a test: "Speed and strength are measured in benchmarks and reports, never in
timed unit tests"); its plumbing is checked with a fixed-iteration agent in place of the timed one."""
from __future__ import annotations

import os

import pytest

from bench_scripts import load, needs, run, script

SCRIPT = script("hist_speed.py")
pytestmark = needs(SCRIPT)


def test_weights_parsed_in_order():
    mod = load(SCRIPT)
    assert mod._weights("20,10") == ("hist", ["20", "10"])
    assert mod._weights("0") == ("hist", ["0"])
    assert mod._weights("2.50") == ("hist", ["2.5"])


def test_option_parsed_in_order():
    mod = load(SCRIPT)
    assert mod._option("widen=2,0") == ("widen", ["2", "0"])
    assert mod._option(" c_uct = 0.6, 0.4 ") == ("c_uct", ["0.6", "0.4"])
    assert mod._option("playout=heuristic,auto") == ("playout", ["heuristic", "auto"])


@pytest.mark.parametrize("flag, text, says", [
    ("--hist", "1,x", "not a comma-separated list"), ("--hist", "10,10", "distinct"),
    ("--hist", "-1", "at least 0"), ("--hist", "nan", "finite"), ("--hist", "inf,0", "finite"),
    ("--hist", "20,101", "hist must be in [0, 100]"),
    ("--option", "widen", "give KEY=V1,V2,..."), ("--option", "=1,2", "give KEY=V1,V2,..."),
    ("--option", "widen=2,,0", "give KEY=V1,V2,..."), ("--option", "widen=2,2", "distinct"),
    ("--option", "widen=2,x", "widen takes a number, not 'x'"),
    ("--option", "widen=101", "widen must be in [0, 100]"),
    ("--option", "foo=1", "unknown option 'foo'"),
    ("--option", "movetime=500,1000", "the script sets movetime itself"),
    ("--option", "iterations=100", "the script sets iterations itself"),
    ("--option", "reuse=1", "the script sets reuse itself"),
    ("--option", "bank=1,0", "bank acts across the decisions of a game"),
    ("--option", "close=0.5,0", "close acts across the decisions of a game"),
    ("--option", "front=0.5,0", "front acts across the decisions of a game")])
def test_bad_values_refused_before_any_search(flag, text, says):
    p = run(SCRIPT, flag, text, timeout=60)
    assert p.returncode == 2
    assert says in p.stderr and flag in p.stderr
    assert p.stdout == ""


def test_hist_and_option_together_refused():
    p = run(SCRIPT, "--hist", "10,0", "--option", "widen=2,0", timeout=60)
    assert p.returncode == 2 and "not allowed with" in p.stderr and p.stdout == ""


def test_unreadable_records_refused_with_the_file_named(tmp_path):
    mod = load(SCRIPT)
    default = os.path.join(os.path.dirname(SCRIPT), "..", mod.DEFAULT)
    if not os.path.isfile(default):
        pytest.skip("the default record is not in this copy")
    short = tmp_path / "short.jsonl"
    with open(default) as f:
        short.write_text("".join(f.readline() for _ in range(3)))
    other = tmp_path / "other.jsonl"
    other.write_text('{"a": 1}\n')
    (tmp_path / "list.jsonl").write_text("[1, 2]\n")
    for path, says in ((tmp_path / "missing.jsonl", "cannot read the records"),
                       (other, "not a file of game records"),
                       (tmp_path / "list.jsonl", "line 1: not a finished game of 'tekhenu match --out'"),
                       (short, "3 games; the script replays games 1, 3, 5 and 7")):
        p = run(SCRIPT, str(path), timeout=60)
        assert p.returncode == 2 and says in p.stderr and str(path) in p.stderr and p.stdout == ""


def test_help_names_the_options():
    p = run(SCRIPT, "--help", timeout=60)
    assert p.returncode == 0
    assert "--hist" in p.stdout and "default 10,0" in p.stdout
    assert "--option" in p.stdout and "widen=2,0" in p.stdout


def test_the_measurement_loop_with_fixed_iterations(monkeypatch, capsys):
    """main's positions, agents and printed lines, with a 30-iteration agent in place of the timed
    one (the figures then say nothing about speed, only that every line is there)."""
    from tekhenu_engine.agents.registry import make_agent
    mod = load(SCRIPT)
    seen = []

    def agent_for(key, value, ms):
        seen.append((key, value, ms))
        return make_agent(f"ismcts:iterations=30:reuse=0:{key}={value}")
    monkeypatch.setattr(mod, "agent_for", agent_for)
    default = os.path.join(os.path.dirname(SCRIPT), "..", mod.DEFAULT)
    if not os.path.isfile(default):
        pytest.skip("the default record is not in this copy")
    mod.main(mod.read_records(default), ("widen", ["2", "0"]))
    lines = capsys.readouterr().out.splitlines()
    assert {k for k, _, _ in seen} == {"widen"} and {(v, ms) for _, v, ms in seen} == {
        (v, ms) for v in ("2", "0") for ms in (1000, 2000)}
    n = len(seen) // 4
    assert n >= 5          # positions where a seat decides (the docs: five)
    assert lines[:4] == [f"widen={v} movetime={ms}: {n} positions, median 30 iterations"
                         for v in ("2", "0") for ms in (1000, 2000)]
    assert lines[4:6] == ["widen=2: 2 s / 1 s, median ratio 1.000", "widen=0: 2 s / 1 s, median ratio 1.000"]
    assert lines[6:] == ["movetime=1000: widen=0 / widen=2, median ratio 1.000",
                         "movetime=2000: widen=0 / widen=2, median ratio 1.000"]
