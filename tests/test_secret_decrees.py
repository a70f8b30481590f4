"""bench/secret_decrees.py: what the secret Decrees are worth in recorded games (issue 13; the bound on
the single-observer tree's simplification, docs/search.md "The tree"). Setup 11: "Decrees should be
kept secret from the other players, although you may examine your own Decrees at any time"."""
from __future__ import annotations

import json


from bench_scripts import match, needs, run, script
from tekhenu_engine.match import finished_games, replay

SCRIPT = script("secret_decrees.py")
pytestmark = needs(SCRIPT)


def _run(*args):
    return run(SCRIPT, *args, timeout=120)


def test_figures_follow_the_final_score_breakdown(tmp_path):
    rec = tmp_path / "g.jsonl"
    match(rec, "--a", "random", "--b", "greedy", "--games", "6", "--seed", "3")
    r = _run(str(rec), "--json")
    assert r.returncode == 0, r.stderr
    f = json.loads(r.stdout)
    finals = [replay(g) for _, g in finished_games(str(rec))]
    dec = [g.score_breakdown(p)["decrees"] for g in finals for p in range(g.num_seats)]
    assert f["games"] == 6 and f["decree_vp_mean"] == round(sum(dec) / len(dec), 2)
    # every seat keeps one of its two dealt Decrees at setup (Setup 11) and holds it to the end; any
    # other Decree in hand came from the open Market
    assert f["kept_held"] == 1 and f["decrees_held"] >= 1
    decided = 0
    for g in finals:
        w, ret = g.winner(), g.returns()
        without = [ret[p] - g.score_breakdown(p)["decrees"] for p in range(g.num_seats)]
        decided += any(without[q] > without[w] for q in range(g.num_seats) if q != w)
    assert f["decided_by_decrees"] == decided


def test_solo_and_bad_files_are_one_error_line(tmp_path):
    solo = tmp_path / "s.jsonl"
    match(solo, "--a", "random", "--b", "botankhamun:easy", "--games", "1")
    r = _run(str(solo))
    assert r.returncode == 2 and r.stderr.strip() == f"error: {solo}: no finished game of 2-4 players"
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"seed": 1}\n')
    r = _run(str(bad))
    assert r.returncode == 2 and r.stderr.startswith("error: ") and r.stderr.count("\n") == 1
