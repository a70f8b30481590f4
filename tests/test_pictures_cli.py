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
