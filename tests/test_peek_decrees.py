"""bench/peek_decrees.py: the oracle that hands one search the other seat's secret Decree (issue 13:
what the single-observer tree's simplification could cost, docs/search.md "The tree"). Setup 11:
"Decrees should be kept secret from the other players, although you may examine your own Decrees at
any time" -- the oracle reveals exactly those Decrees and nothing else."""
from __future__ import annotations

import json
import subprocess
import sys


from bench_scripts import load, needs, script
from positions import first_turn
from tekhenu_engine.enums import hand
from tekhenu_engine.notation import CARD_IDS, card_deck

SCRIPT = script("peek_decrees.py")
pytestmark = needs(SCRIPT)


def _module():
    return load(SCRIPT)


def test_only_the_other_seats_hand_decrees_are_revealed():
    mod = _module()
    g = first_turn(2, 5)      # setup done: each seat holds the Decree it kept
    seat = g.current_player()
    truth, plain = g.to_dict(), g.observation(seat).to_dict()
    r = mod.peeked_observation(g, seat)
    peek, dk = r.to_dict(), mod.DECREE_DECK
    theirs = [c for c in CARD_IDS if card_deck(c) == dk and truth["card_loc"][c] == hand(1 - seat)]
    assert theirs and all(plain["card_loc"][c] != hand(1 - seat) for c in theirs)
    changed = [c for c in CARD_IDS if peek["card_loc"][c] != plain["card_loc"][c]]
    assert sorted(changed) == sorted(theirs) and all(peek["card_loc"][c] == truth["card_loc"][c] for c in theirs)
    assert peek["hidden_count"][dk][1 - seat] == plain["hidden_count"][dk][1 - seat] - len(theirs)
    assert [h for k, h in enumerate(peek["hidden_count"]) if k != dk] == \
        [h for k, h in enumerate(plain["hidden_count"]) if k != dk]          # Blessings, Technologies
    assert peek["hidden_count"][dk][8 + 1 - seat] == plain["hidden_count"][dk][8 + 1 - seat]  # the one put back
    # a determinisation of the peeked view always deals the true Decree
    for k in range(5):
        d = r.clone()
        d.resample(k)
        assert all(d.to_dict()["card_loc"][c] == hand(1 - seat) for c in theirs)
    # the agent masks its input again; the wrapper is what gets the peeked state through
    w = mod.Handed(r)
    assert w.observation(seat) is r and w.legal_actions() == g.legal_actions()
    assert r.observation(seat).to_dict()["card_loc"] == plain["card_loc"]


def test_the_run_is_resumable_and_replays(tmp_path):
    out = tmp_path / "p.jsonl"
    cmd = [sys.executable, SCRIPT, str(out), "--games", "2", "--iterations", "30", "--seed", "4", "--jobs", "1"]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    recs = sorted((json.loads(x) for x in out.read_text().splitlines()), key=lambda r: r["game"])
    assert [r["game"] for r in recs] == [0, 1] and recs[0]["seed"] == recs[1]["seed"] == 4 * 1000003
    assert recs[0]["sides"] == ["a", "b"] and recs[1]["sides"] == ["b", "a"]
    assert all(r["winner_side"] == r["sides"][max(range(2), key=lambda s: r["vp"][s])] or r["vp"][0] == r["vp"][1]
               for r in recs)
    before = out.read_text()
    assert subprocess.run(cmd, capture_output=True, text=True, timeout=300).returncode == 0
    assert out.read_text() == before                     # nothing left to play
    again = tmp_path / "q.jsonl"
    assert subprocess.run(cmd[:2] + [str(again)] + cmd[3:], capture_output=True, text=True, timeout=300).returncode == 0
    assert sorted(again.read_text().splitlines()) == sorted(before.splitlines())   # fixed iterations: the same games
    p = subprocess.run(cmd[:3] + ["--games", "2", "--iterations", "31", "--seed", "4"], capture_output=True,
                       text=True, timeout=300)
    assert p.returncode == 2 and "another run" in p.stderr
