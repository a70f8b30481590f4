"""The picture commands (issue 15): ``tekhenu render``, ``tekhenu replay`` (a self-contained HTML
viewer), protocol ``show svg``, and the plain-language move descriptions they share."""
from __future__ import annotations

import io
import json
import re
import xml.etree.ElementTree as ET

from typer.testing import CliRunner

from tekhenu_engine import GameState
from tekhenu_engine.cli import app
from tekhenu_engine.match import MatchConfig, play_game
from tekhenu_engine.notation import card_text, describe_action, format_action, parse_action
from tekhenu_engine.protocol import Engine
from tekhenu_engine.viewer import game_frames, replay_html

runner = CliRunner()


def tekhenu(*args, **kw):
    return runner.invoke(app, list(args), **kw)


def records(tmp_path, spec_b="random", games=1):
    out = tmp_path / "games.jsonl"
    recs = [play_game(MatchConfig("random", spec_b, games=games, seed=4), k) for k in range(games)]
    out.write_text("".join(json.dumps(r) + "\n" for r in recs), encoding="utf-8")
    return out, recs


def test_render_a_state_and_a_record_position(tmp_path):
    """'tekhenu render <state|--record F --move N> --out board.svg'"""
    g = GameState.new(2, seed=3)
    out = tmp_path / "b.svg"
    r = tekhenu("render", g.to_string(), "--seat", "1", "--out", str(out))
    assert r.exit_code == 0, r.output
    assert ET.parse(out).getroot().tag.endswith("svg")
    f, recs = records(tmp_path)
    r = tekhenu("render", "--record", str(f), "--move", "30", "--arrow", "pass", "--out", str(out))
    assert r.exit_code == 0 and "wrote" in r.output
    n = len(recs[0]["moves"])
    r = tekhenu("render", "--record", str(f), "--move", str(n + 1))
    assert r.exit_code == 2 and f"the game has {n} moves" in r.output
    r = tekhenu("render", g.to_string(), "--seat", "7")
    assert r.exit_code == 2 and "seat must be 0..1" in r.output
    r = tekhenu("render", "tk1:garbage")
    assert r.exit_code == 2 and "cannot load the position" in r.output
    r = tekhenu("render")
    assert r.exit_code == 2 and "give a serialised state or --record" in r.output
    r = tekhenu("render", g.to_string(), "--out", "-")
    assert r.stdout.startswith("<svg")


def test_replay_writes_one_self_contained_page(tmp_path):
    """'one self-contained HTML file (no network) that steps through a game with the picture, the
    move list in notation with plain-language descriptions, the VP of every seat over time (a small
    chart), and the score breakdown at each Scoring'"""
    f, recs = records(tmp_path, "botankhamun:medium")
    out = tmp_path / "game.html"
    r = tekhenu("replay", str(f), "--game", "0", "--out", str(out))
    assert r.exit_code == 0, r.output
    html = out.read_text(encoding="utf-8")
    assert "<script src" not in html and "<link" not in html and "@import" not in html
    urls = set(re.findall(r"https?://[^\s\"'<>]+", html))
    assert urls <= {"http://www.w3.org/2000/svg"}
    assert 'id="vp-chart"' in html and html.count('class="vp-line"') == 2
    data = json.loads(re.search(r'<script id="game-data" type="application/json">(.*?)</script>', html, re.S)
                      .group(1).replace("<\\/", "</"))
    decisions = [m for m in data["moves"] if not m.get("bot")]
    assert len(data["frames"]) == len(decisions) + 1
    assert [m["token"] for m in decisions] == [t for t in recs[0]["moves"]
                                               if t.split(":")[0] not in ("roll", "draw", "tile", "wheel", "horus",
                                                                          "reveal", "first", "deben", "tie",
                                                                          "pyramid", "botdestiny")][:len(decisions)]
    assert all(m["text"] for m in data["moves"])
    assert any(m.get("bot") and m["text"].startswith("Round") for m in data["moves"])  # Botankhamun's turns
    titles = [s["title"] for s in data["scorings"]]
    assert titles[:2] == ["Scoring 1 (after Maat phase 2)", "Scoring 2 (after Maat phase 4)"]
    assert titles[-1] == "Final score breakdown"
    total = data["scorings"][-1]["rows"][-1]
    assert total["category"] == "total" and total["vp"] == recs[0]["vp"]
    assert data["frames"][-1]["vp"] == recs[0]["vp"]
    r = tekhenu("replay", str(f), "--game", "5")
    assert r.exit_code == 2 and "1 records" in r.output
    r = tekhenu("replay", str(tmp_path / "missing.jsonl"))
    assert r.exit_code == 2 and "cannot read" in r.output


def test_replay_as_a_seat_hides_the_other_seats_cards(tmp_path):
    _, recs = records(tmp_path)
    d = game_frames(recs[0], seat=0)
    hidden = [m for m in d["moves"] if m["seat"] == 1 and "keeps a Decree" in m["text"]]
    assert hidden and not any(re.search(r"\bD\d\d\b", m["text"]) for m in d["moves"] if m["seat"] == 1
                              and m["token"].startswith("keep:D"))
    assert replay_html(recs[0], seat=0).count("<html") == 1


def test_protocol_show_svg():
    out = io.StringIO()
    e = Engine(out)
    e.handle("position new players 3 seat 1 seed 2")
    e.handle("show svg")
    lines = out.getvalue().splitlines()
    svg = [x for x in lines if x.startswith("svg ")]
    assert len(svg) == 1
    root = ET.fromstring(svg[0][4:])
    assert root.tag.endswith("svg") and "seen by Seat 1" in svg[0]
    e.handle("show colour")
    assert "info string error: show takes one of text, svg" in out.getvalue()


def test_descriptions_and_card_texts_come_from_one_place():
    """'Card texts and plain-language move descriptions come from one place (the data module and
    notation)'"""
    assert card_text("d05").startswith("D05 (Decree): Score 4 Victory Points")
    assert card_text("S03").startswith("S03 (Starting card)")
    g = GameState.new(2, seed=1)
    for a in g.legal_actions():
        text = describe_action(g, a)
        assert text and format_action(a) not in text
    take = parse_action("pass")
    assert describe_action(g, take).startswith("Pass")


def test_a_file_that_is_not_a_game_record_is_one_clear_line_naming_its_line(tmp_path):
    """A record file loaded from outside ('Every error a user can cause ... gets a clear message'):
    render, analyse and replay name the file and the line that is not a game record of 'tekhenu
    match --out' and what it lacks, instead of a bare JSON error or a KeyError such as 'moves'."""
    f, recs = records(tmp_path)
    good = json.dumps(recs[0])
    cases = [
        ("not json\n", "line 1: not a game record of 'tekhenu match --out' (Expecting value"),
        (good + "\n\n[1, 2]\n", "line 3: not a game record of 'tekhenu match --out' (a game record is a JSON object)"),
        ('{"game": 0}\n', "line 1: not a game record of 'tekhenu match --out' (it has no 'table' object"),
        (json.dumps({**recs[0], "seed": "7"}) + "\n", "(it has no whole-number 'seed')"),
        (json.dumps({**recs[0], "moves": "pass"}) + "\n", "(it has no 'moves' list of move tokens)"),
        (json.dumps({**recs[0], "notation": 99}) + "\n", "game record notation version 99"),
    ]
    bad = tmp_path / "bad.jsonl"
    for text, said in cases:
        bad.write_text(text, encoding="utf-8")
        for args in (["render", "--record", str(bad), "--out", str(tmp_path / "b.svg")],
                     ["analyse", "--record", str(bad), "--iterations", "10"],
                     ["replay", str(bad), "--out", str(tmp_path / "g.html")]):
            r = tekhenu(*args)
            lines = r.output.strip().splitlines()
            assert r.exit_code == 2 and len(lines) == 1 and lines[0].startswith("error: "), (args, r.output)
            assert f"{bad}, " in lines[0] and said in lines[0], (args, text, r.output)
            assert lines[0].count(str(bad)) == 1, r.output       # the file is named once
    assert not (tmp_path / "b.svg").exists() and not (tmp_path / "g.html").exists()


def test_a_record_whose_move_cannot_be_played_names_that_move(tmp_path):
    """A record edited by hand or written by another program: a token that is not a move, or a
    move that is not legal where the record plays it, is named (its number and token) by render,
    analyse and replay, instead of the core's internal action number."""
    f, recs = records(tmp_path)
    moves = recs[0]["moves"]
    cases = [({**recs[0], "moves": ["nonsense", *moves]}, "move 1 ('nonsense') is not a move"),
             ({**recs[0], "moves": [moves[0], moves[0], *moves[1:]]},
              f"move 2 ({moves[0]!r}) cannot be played in the position the record reaches: it is not legal there")]
    bad = tmp_path / "bad.jsonl"
    for rec, said in cases:
        bad.write_text(json.dumps(rec) + "\n", encoding="utf-8")
        for args in (["render", "--record", str(bad), "--move", "1", "--out", str(tmp_path / "b.svg")],
                     ["analyse", "--record", str(bad), "--iterations", "10"],
                     ["replay", str(bad), "--out", str(tmp_path / "g.html")]):
            r = tekhenu(*args)
            lines = r.output.strip().splitlines()
            assert r.exit_code == 2 and len(lines) == 1 and said in lines[0], (args, r.output)
            assert "Traceback" not in r.output and "illegal action" not in r.output
    assert not (tmp_path / "b.svg").exists() and not (tmp_path / "g.html").exists()
