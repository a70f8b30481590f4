"""bench/paired_records.py: the paired comparison of two match record files (issue 13: "Every
variant is judged by a paired match (same seeds, seats alternating) with an interval")."""
from __future__ import annotations

import json


from bench_scripts import needs, run, script

SCRIPT = script("paired_records.py")
pytestmark = needs(SCRIPT)


def _write(path, games):
    with open(path, "w") as f:
        for seed, seat, vp_a, vp_b in games:
            sides = ["a", "b"] if seat == 0 else ["b", "a"]
            vp = [vp_a, vp_b] if seat == 0 else [vp_b, vp_a]
            f.write(json.dumps({"seed": seed, "sides": sides, "vp": vp,
                                "winner_side": "a" if vp_a > vp_b else "b"}) + "\n")


def _run(*args):
    return run(SCRIPT, *args, timeout=60)


def test_paired_difference(tmp_path):
    var, base = tmp_path / "v.jsonl", tmp_path / "b.jsonl"
    _write(var, [(1, 0, 100, 90), (1, 1, 95, 97), (2, 0, 110, 100), (2, 1, 80, 85)])
    _write(base, [(1, 0, 90, 90.5), (1, 1, 95, 99), (2, 0, 100, 100.5), (2, 1, 70, 85)])
    r = _run(str(var), str(base))
    assert r.returncode == 0, r.stderr
    # margins of the variant 10, -2, 10, -5 (mean 3.25); of the baseline -0.5, -4, -0.5, -15 (-5)
    assert "4 games: A wins 2 = 50.0 %" in r.stdout
    assert "paired: margin difference +8.2" in r.stdout
    assert "won by both 0, only the variant 2, only the baseline 0" in r.stdout


def test_three_players_side_against_side(tmp_path):
    # at 3 players `tekhenu match` seats A B A, then B A B: A's margin is the mean VP of A's seats
    # minus the mean VP of B's (the match summary's), not one seat's against the best other, which
    # at A B A would count A's other seat as an opponent
    rec = tmp_path / "3p.jsonl"
    with open(rec, "w") as f:
        f.write(json.dumps({"seed": 5, "sides": ["a", "b", "a"], "vp": [100, 90, 110], "winner_side": "a"}) + "\n")
        f.write(json.dumps({"seed": 5, "sides": ["b", "a", "b"], "vp": [80, 95, 100], "winner_side": "b"}) + "\n")
    r = _run(str(rec), str(rec))
    assert r.returncode == 0, r.stderr
    # margins: (100 + 110) / 2 - 90 = +15 and 95 - (80 + 100) / 2 = +5
    assert "2 games: A wins 1 = 50.0 %" in r.stdout
    assert "margin +10.0" in r.stdout and "VP 100.0 - 90.0" in r.stdout
    assert "common games (2)" in r.stdout and "paired: margin difference +0.0" in r.stdout


def test_bad_input_is_one_error_line(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"seed": 1}\n')
    r = _run(str(bad))
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "line 1: not a record of 'tekhenu match --out'" in r.stderr
    r = _run(str(tmp_path / "missing.jsonl"))
    assert r.returncode == 2 and r.stderr.startswith("error:")
    r = _run("--help")
    assert r.returncode == 0 and "usage: paired_records.py" in r.stdout
