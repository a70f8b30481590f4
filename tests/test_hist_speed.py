"""bench/hist_speed.py: its command line (the measurement itself is timed, so it is run by hand on an
idle machine, never in a test: "Speed and strength are measured in benchmarks and reports, never in
timed unit tests")."""
from __future__ import annotations

import pytest

from bench_scripts import load, needs, run, script

SCRIPT = script("hist_speed.py")
pytestmark = needs(SCRIPT)


def test_weights_parsed_in_order():
    mod = load(SCRIPT)
    assert mod._weights("20,10") == [20.0, 10.0]
    assert mod._weights("0") == [0.0]


@pytest.mark.parametrize("text, says", [("1,x", "not a comma-separated list"),
                                        ("10,10", "distinct"), ("-1", "at least 0"),
                                        ("nan", "finite"), ("inf,0", "finite"),
                                        ("20,101", "hist must be in [0, 100]")])
def test_bad_weights_refused_before_any_search(text, says):
    p = run(SCRIPT, "--hist", text, timeout=60)
    assert p.returncode == 2
    assert says in p.stderr and "--hist" in p.stderr
    assert p.stdout == ""


def test_help_names_the_option():
    p = run(SCRIPT, "--help", timeout=60)
    assert p.returncode == 0
    assert "--hist" in p.stdout and "default 10,0" in p.stdout
