"""The page's server (issue 15, "A page to play against the engine"): malformed requests get
HTTP 400 with a JSON message and never change the game; no response ever holds a card hidden from
the human seat; games play to the end with the engine seats played through the protocol Engine."""
from __future__ import annotations

import dataclasses
import json
import random
import re
import xml.etree.ElementTree as ET

import pytest

pytest.importorskip("flask", reason="the page needs Flask (pip install flask)")

from tekhenu_engine import TableOptions, data  # noqa: E402
from tekhenu_engine.notation import CARD_IDS, CARD_LOC, card_name  # noqa: E402
from tekhenu_engine.web.server import create_app, parse_candidates  # noqa: E402

ITER = 8  # a fast engine: the tests check the plumbing, not the strength


@pytest.fixture()
def client():
    app = create_app(ITER)
    c = app.test_client()
    c.games = app.config["TEKHENU_GAMES"]
    return c


def new(client, **body):
    body.setdefault("iterations", ITER)
    r = client.post("/api/new", json=body)
    assert r.status_code == 200, r.get_json()
    return r.get_json()


def hidden_names(session) -> set[str]:
    """Names of the cards the human seat cannot see right now (Time of Seth's BX/TX/DX too)."""
    g = session.state
    seen = g.observation(session.seat).field("card_loc")
    return {card_name(c) for c in CARD_IDS if seen[c] == CARD_LOC["unknown"]}


def leaks(view: dict, hidden: set[str], log_from: int) -> set[str]:
    """Hidden card names a response shows: as a card on the picture (its id or label) or anywhere in
    the rest of the response (other cards' printed texts, which may mention a card, left out)."""
    root = ET.fromstring(view["svg"])
    shown = {e.get("id")[5:] for e in root.iter() if (e.get("id") or "").startswith("card-")}
    shown |= {(e.text or "").strip().rstrip("*") for e in root.iter() if e.tag.endswith("text")}
    rest = {k: view[k] for k in view if k not in ("svg", "log")}
    text = json.dumps(rest, ensure_ascii=False) + json.dumps(view["log"][log_from:], ensure_ascii=False)
    for t in list(data.CARD_TEXT.values()) + list(data.SETH_CARD_TEXT.values()):
        text = text.replace(t, "")
    return {n for n in hidden if n in shown or re.search(rf"\b{n}\b", text)}


def test_setup_lists_players_difficulties_and_every_table_option(client):
    r = client.get("/api/setup").get_json()
    assert r["players"] == [1, 2, 3, 4] and r["difficulties"] == ["easy", "medium", "hard"]
    assert {o["name"] for o in r["options"]} == {f.name for f in dataclasses.fields(TableOptions)}
    assert {"random_horus", "random_wheel", "difficulty", "decree8", "random_start", "seth", "vizier"} <= {o["name"] for o in r["options"]}


@pytest.mark.parametrize("path,body,words", [
    ("/api/new", b"not json", "not JSON"),
    ("/api/new", b"[1, 2]", "JSON object"),
    ("/api/new", {"players": 5}, "players must be in 1..4"),
    ("/api/new", {"players": "two"}, "players must be a whole number"),
    ("/api/new", {"players": 2, "seat": 2}, "seat must be in 0..1"),
    ("/api/new", {"players": 1, "options": {"difficulty": "nightmare"}}, "difficulty must be one of"),
    ("/api/new", {"players": 2, "options": {"colour": "red"}}, "unknown table option"),
    ("/api/new", {"players": 2, "options": {"decree8": "yes"}}, "true or false"),
    ("/api/new", {"players": 2, "options": [1]}, "options must be an object"),
    ("/api/new", {"players": 2, "turbo": 1}, "unknown field"),
    ("/api/new", {"players": 2, "iterations": 0}, "iterations must be in"),
])
def test_malformed_new_game_requests_are_rejected(client, path, body, words):
    """'the page's server rejects malformed requests with a clear error'"""
    kw = {"json": body} if not isinstance(body, bytes) else {"data": body, "content_type": "application/json"}
    r = client.post(path, **kw)
    assert r.status_code == 400
    assert words in r.get_json()["error"]
    assert not client.games


def test_an_oversized_body_is_refused_with_a_clear_error_and_changes_nothing(client):
    """A misbehaving client sends a body far larger than any API call needs: HTTP 413 with a JSON
    error naming the limit, no game created or changed, and the server answers the next call."""
    from tekhenu_engine.web.server import MAX_BODY_BYTES

    huge = b'{"players": 2, "pad": "' + b"x" * (MAX_BODY_BYTES + 10) + b'"}'
    r = client.post("/api/new", data=huge, content_type="application/json")
    assert r.status_code == 413 and str(MAX_BODY_BYTES) in r.get_json()["error"]
    assert not client.games
    v = new(client, players=2, seed=3)
    before = client.get(f"/api/game/{v['id']}").get_json()
    r = client.post(f"/api/game/{v['id']}/move", data=huge, content_type="application/json")
    assert r.status_code == 413
    assert client.get(f"/api/game/{v['id']}").get_json() == before


def test_the_oldest_game_makes_room_for_a_new_one_past_the_limit(client):
    """At most MAX_GAMES games are kept: a new game past the limit ends the oldest one (its engines
    closed), and every other game stays playable."""
    from tekhenu_engine.web.server import MAX_GAMES

    ids = [new(client, players=2, seed=k)["id"] for k in range(MAX_GAMES + 1)]
    assert len(client.games) == MAX_GAMES and ids[0] not in client.games
    assert client.get(f"/api/game/{ids[0]}").status_code == 404
    assert client.get(f"/api/game/{ids[1]}").status_code == 200
    # a request that found its game just before a new one evicted it gets the game's lock after
    # the eviction closed it: it answers 404 (no game), not an error from the closed engines
    client.games[ids[1]].close()
    r = client.post(f"/api/game/{ids[1]}/move", json={"choice": 0})
    assert r.status_code == 404 and "no game" in r.get_json()["error"]
    for s in client.games.values():
        s.close()


def test_malformed_moves_are_rejected_and_change_nothing(client):
    """'... and never changes the game then'"""
    v = new(client, players=2, seed=3)
    gid = v["id"]
    s = client.games[gid]
    before = s.state.to_string()
    bad = [
        ({"choice": len(v["legal"])}, 400, "out of range"),
        ({"choice": -1}, 400, "out of range"),
        ({"choice": True}, 400, "whole number"),
        ({"choice": "0"}, 400, "whole number"),
        ({"token": "take:Xx:y9"}, 400, "not a legal move"),
        ({"token": 7}, 400, "must be a string"),
        ({}, 400, "give 'choice'"),
    ]
    for body, code, words in bad:
        r = client.post(f"/api/game/{gid}/move", json=body)
        assert r.status_code == code and words in r.get_json()["error"], (body, r.get_json())
        assert s.state.to_string() == before
    r = client.post(f"/api/game/{gid}/move", data=b"{oops", content_type="application/json")
    assert r.status_code == 400 and "not JSON" in r.get_json()["error"]
    r = client.post(f"/api/game/{gid}/undo", json={})
    assert r.status_code == 400 and "nothing to undo" in r.get_json()["error"]
    r = client.post(f"/api/game/{gid}/hint", json={"iterations": -5})
    assert r.status_code == 400 and "iterations" in r.get_json()["error"]
    r = client.post("/api/game/nosuchgame/move", json={"choice": 0})
    assert r.status_code == 404 and "no game" in r.get_json()["error"]
    r = client.get(f"/api/game/{gid}/move")
    assert r.status_code == 405 and "error" in r.get_json()
    assert s.state.to_string() == before
    # a token in any case is a move
    tok = v["legal"][0]["token"].upper()
    r = client.post(f"/api/game/{gid}/move", json={"token": tok})
    assert r.status_code == 200 and s.state.to_string() != before


@pytest.mark.parametrize("players,seat,options", [
    (1, 0, {"difficulty": "easy"}),
    (1, 0, {"difficulty": "medium", "decree8": True}),
    (1, 0, {"difficulty": "hard", "random_horus": False, "random_wheel": False}),
    (2, 1, {"random_start": True}),
    (3, 2, {}),
    (4, 0, {"random_horus": False}),
    (3, 1, {"seth": True}),
])
def test_games_to_the_end_without_a_hidden_card_in_any_response(client, players, seat, options):
    """'Only the human seat's view is ever sent to the browser': no response names a card the human
    cannot see; the engine seats move through the protocol Engine; the end has the breakdown."""
    v = new(client, players=players, seat=seat, seed=11, options=options)
    gid = v["id"]
    s = client.games[gid]
    assert s.options.to_dict() == {**s.options.__class__().to_dict(), **options}
    rng = random.Random(players * 10 + seat)
    seen_log = 0
    checked_hidden = 0
    moves = 0
    while True:
        hidden = hidden_names(s)
        assert not leaks(v, hidden, seen_log), moves
        checked_hidden += len(hidden)
        seen_log = len(v["log"]) if len(v["log"]) < 60 else 0
        if v["over"]:
            break
        assert v["your_turn"] and v["legal"]
        if moves == 3:
            r = client.post(f"/api/game/{gid}/hint", json={"iterations": 30}).get_json()
            h = r["hint"]
            assert h and all(0 <= x["win"] <= 1 and x["token"] for x in h)
            assert 'id="suggestion"' in r["svg"] or h[0]["target"] is None
            assert not leaks({"svg": r["svg"], "hint": h, "log": []}, hidden, 0)
        r = client.post(f"/api/game/{gid}/move", json={"choice": rng.randrange(len(v["legal"]))})
        assert r.status_code == 200, r.get_json()
        v = r.get_json()
        moves += 1
    assert checked_hidden > 0
    assert v["winner"] in range(len(v["vp"]))
    total = next(r for r in v["breakdown"] if r["category"] == "total")
    assert total["vp"] == v["vp"] == s.state.returns()
    if players == 1:
        assert any(line.get("bot") for line in s.log)
    else:
        assert s.engines and all(e.engine.pos is not None for e in s.engines.values())


def test_undo_returns_to_before_the_last_decision(client):
    v = new(client, players=1, seed=4)
    gid = v["id"]
    s = client.games[gid]
    before = s.state.to_string()
    v2 = client.post(f"/api/game/{gid}/move", json={"choice": 0}).get_json()
    assert v2["can_undo"]
    v3 = client.post(f"/api/game/{gid}/undo", json={}).get_json()
    assert s.state.to_string() == before and v3["legal"] == v["legal"]


def test_analysis_lines_are_parsed_into_candidates():
    lines = ["info string seat 0: best keep:D04  iterations 79  nodes 10  time 30 ms  win 49.2%  margin -0.0",
             "info string move                    visits  share  reward    win  expected VP (seat 0..)  breakdown",
             "info string keep:D04                  4220  52.9%   0.300  49.4%   37.5  37.6  districts=9.1",
             "info string pass                        10   1.0%   0.100  10.0%   20.0  30.0",
             "bestmove keep:D04"]
    c = parse_candidates(lines, 2)
    assert [x["token"] for x in c] == ["keep:D04", "pass"]
    assert c[0]["visits"] == 4220 and abs(c[0]["win"] - 0.494) < 1e-9 and c[0]["vp"] == [37.5, 37.6]


def test_tekhenu_serve_listens_on_localhost(tmp_path):
    """'tekhenu serve starts a local web server (127.0.0.1 by default)'"""
    import socket
    import subprocess
    import sys
    import time
    import urllib.request

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "tekhenu_engine.cli", "serve", "--port", str(port),
                             "--iterations", "5"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.time() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/setup", timeout=2) as r:
                    setup = json.loads(r.read())
                break
            except OSError:
                if time.time() > deadline or proc.poll() is not None:
                    raise
                time.sleep(0.2)
        assert setup["iterations"] == 5
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as r:
            page = r.read().decode()
        assert "<title>Tekhenu" in page and "/static/app.js" in page
    finally:
        proc.terminate()
        proc.wait(10)
