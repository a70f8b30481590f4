"""bench/decision_stability.py: does a longer search change the move? (issue 13: "each doubling of
time (0.25, 0.5, 1, 2, 4 s) still gains clearly in self-play"; the brief: "More search time stopped
buying strength. Measure before tuning").

The script is checked on real records of a fast match at tiny budgets: its table, that a run
replays exactly (the searches are deterministic for a seed and a budget), that every choice it
writes is a legal action of the position it names, and the inputs a user gets wrong."""
from __future__ import annotations

import json

import pytest

from bench_scripts import match, needs, run, script
from tekhenu_engine.match import new_state
from tekhenu_engine.notation import parse_action, upgrade_record

SCRIPT = script("decision_stability.py")
pytestmark = needs(SCRIPT)


def _run(*args):
    return run(SCRIPT, *args)


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    path = tmp_path_factory.mktemp("ds") / "games.jsonl"
    return match(path, "--a", "random", "--b", "greedy", "--players", "2", "--games", "2", "--seed", "5")


def test_table_and_choices_on_real_records(records, tmp_path):
    out1, out2 = tmp_path / "a.json", tmp_path / "b.json"
    p = _run(str(records), "--positions", "3", "--budgets", "100,50", "--jobs", "1", "--out", str(out1))
    assert p.returncode == 0, p.stderr
    lines = [ln for ln in p.stdout.splitlines() if ln.startswith("| ")]
    assert [ln.split("|")[1].strip() for ln in lines[1:]] == ["50", "100"]   # sorted budgets
    d = json.loads(out1.read_text())
    assert d["budgets"] == [50, 100] and len(d["positions"]) == 3 and len(d["choices"]) == 3
    for row in d["rows"]:
        assert 0 <= row["same"] <= 3
    assert d["rows"][0]["next"] == 100 and d["rows"][1]["next"] is None
    recs = {r["game"]: upgrade_record(r) for r in map(json.loads, records.read_text().splitlines())}
    for pos, ch in zip(d["positions"], d["choices"]):
        st = new_state(recs[pos["game"]]["table"], recs[pos["game"]]["seed"])
        for tok in recs[pos["game"]]["moves"][:pos["ply"]]:
            st.apply(parse_action(tok))
        assert st.current_player() == pos["seat"]
        legal = set(st.legal_actions())
        assert len(legal) >= 2
        for b in ("50", "100"):
            assert set(ch[b]) <= legal
    # deterministic: the same command gives the same file
    p = _run(str(records), "--positions", "3", "--budgets", "50,100", "--jobs", "2", "--out", str(out2))
    assert p.returncode == 0, p.stderr
    assert json.loads(out2.read_text()) == d


def test_inputs_a_user_gets_wrong(records, tmp_path):
    p = _run(str(records), "--positions", "100000", "--budgets", "50")
    assert p.returncode == 2 and "only" in p.stderr and "decisions" in p.stderr
    p = _run(str(records), "--positions", "2", "--budgets", "50", "--spec-extra", "mast")
    assert p.returncode == 2 and "not key=value" in p.stderr
    bad = tmp_path / "bad.jsonl"
    bad.write_text(records.read_text().splitlines()[0] + "\n{not json\n")
    p = _run(str(bad), "--positions", "2", "--budgets", "50")
    assert p.returncode == 2 and "line 2" in p.stderr
    p = _run(str(tmp_path / "missing.jsonl"), "--positions", "2", "--budgets", "50")
    assert p.returncode == 2 and "missing.jsonl" in p.stderr


@pytest.mark.parametrize("args, message", [
    (["--budgets", "5k"], "not a comma-separated list"),
    (["--budgets", "0,10"], "at least 1 iteration"),
    (["--positions", "0"], "at least 1"),
    (["--spec-extra", "mast=lots"], "not a number"),
    (["--spec-extra", "colour=1"], "does not take"),
    (["--spec-extra", "mast=-1"], "mast must be"),
])
def test_bad_options_are_refused_before_any_search(records, args, message):
    p = _run(str(records), "--positions", "2", *args)
    assert p.returncode == 2 and message in p.stderr, p.stderr
