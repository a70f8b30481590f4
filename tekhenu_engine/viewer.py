"""The game viewer: one self-contained HTML file that steps through a recorded game.

``tekhenu replay games.jsonl --game K --out game.html`` writes it from a record of
``tekhenu match --out``. The file needs no network: the pictures (one per decision, from
:func:`tekhenu_engine.svg.board_svg`) are stored gzip-compressed in the page and unpacked by
the browser, the VP chart is an inline SVG, and the script is inline.

It shows the picture, the move list in notation with plain-language descriptions
(:func:`tekhenu_engine.notation.describe_action`), the VP of every seat over the game (click the
chart to jump), and the score breakdown at each Scoring and at the end. Keys: left/right arrows
step, Home/End jump.
"""
from __future__ import annotations

import base64
import gzip
import json
from html import escape
from typing import Any

from . import data
from ._core import STEP_TYPES, VP_CATEGORIES, GameState
from .botlog import BotLogRecorder
from .match import new_state, replay
from .notation import VP_CATEGORY_NAMES, describe_action, format_action, parse_action
from .svg import SEAT_COLOURS, BOT_COLOUR, board_svg, seat_label

_PHASE_OVER = {STEP_TYPES["D_TAKE"], STEP_TYPES["D_DESTINY"]}


def _pack(svg: str) -> str:
    return base64.b64encode(gzip.compress(svg.encode("utf-8"), 9)).decode("ascii")


def _breakdown_rows(g: GameState, since: list[dict] | None = None) -> list[dict]:
    rows = []
    for cat in VP_CATEGORIES:
        vals = [g.score_breakdown(p)[cat] - (since[p][cat] if since else 0) for p in range(g.num_seats)]
        if any(vals):
            rows.append({"category": VP_CATEGORY_NAMES.get(cat, cat), "vp": vals})
    return rows


def game_frames(record: dict, seat: int | None = None) -> dict[str, Any]:
    """Replay a record into the viewer's data: frames (one per decision and the end), moves,
    VP series and Scorings. ``seat``: draw every picture as that seat sees it. ValueError, naming
    the move, when the record cannot be replayed (:func:`~tekhenu_engine.match.replay`)."""
    replay(record)                  # every move can be played (else: which one cannot)
    g = new_state(record["table"], record["seed"])
    n = g.num_seats
    players = g.num_players()
    frames: list[dict] = []
    moves: list[dict] = []
    scorings: list[dict] = []
    phase: tuple | None = None
    last: int | None = None
    bot = BotLogRecorder()

    def frame(note: str, upcoming: int | None = None) -> None:
        frames.append({"svg": _pack(board_svg(g, seat=seat, lastmove=last, arrow=upcoming)), "vp": g.returns(),
                       "round": min(g.field("round") + 1, data.ROUNDS), "note": note, "move": len(moves)})

    for tok in record["moves"]:
        a = parse_action(tok)
        if not g.is_chance():
            p = g.current_player()
            frame(f"next: {seat_label(players, p)} {tok}", a)
            moves.append({"frame": len(frames) - 1, "seat": p, "token": format_action(a),
                          "text": describe_action(g, a, viewer=seat),
                          "round": min(g.field("round") + 1, data.ROUNDS)})
            last = a
        before = g.clone()
        g.apply(a)
        if players == 1:
            k = len(bot.lines)
            bot.observe(g)
            for line in bot.lines[k:]:
                moves.append({"frame": len(frames), "seat": 1, "token": "turn", "text": line,
                              "round": min(before.field("round") + 1, data.ROUNDS), "bot": True})
        if g.field("maat_count") > before.field("maat_count"):
            phase = ([before.score_breakdown(p) for p in range(n)], before.field("scoring_count"),
                     g.field("maat_count"))
        if phase is not None and (g.is_terminal() or g.step_type() in _PHASE_OVER):
            bd0, sc0, maat = phase
            phase = None
            if g.field("scoring_count") > sc0:
                scorings.append({"title": f"Scoring {g.field('scoring_count')} (after Maat phase {maat})",
                                 "frame": len(frames), "rows": _breakdown_rows(g, bd0)})
    frame("game over" if g.is_terminal() else "end of the record")
    final = {"title": "Final score breakdown", "frame": len(frames) - 1,
             "rows": _breakdown_rows(g) + [{"category": "start", "vp": [10] * n},
                                           {"category": "total", "vp": g.returns()}]}
    names = [seat_label(players, p) for p in range(n)]
    sides = record.get("sides") or []
    specs = {"a": record.get("a", ""), "b": record.get("b", "")}
    labels = [f"{names[p]}" + (f" ({specs.get(sides[p], sides[p])})" if p < len(sides) else "") for p in range(n)]
    colours = [BOT_COLOUR if players == 1 and p == 1 else SEAT_COLOURS[p] for p in range(n)]
    return {"frames": frames, "moves": moves, "scorings": scorings + [final], "names": labels,
            "colours": colours, "over": g.is_terminal(), "winner": g.winner() if g.is_terminal() else None,
            "title": f"Game {record.get('game', '?')}: " + ("solo against Botankhamun" if players == 1
                                                          else f"{players} players") +
                     f", seed {record.get('seed')}"}


def vp_chart(frames: list[dict], colours: list[str], names: list[str], width: int = 380,
             height: int = 170) -> str:
    """A small inline SVG line chart of every seat's VP over the frames (id vp-chart)."""
    n = len(frames[0]["vp"]) if frames else 0
    top = max([max(f["vp"]) for f in frames] + [10])
    left, bottom, right, topm = 34, 22, 8, 10
    w, h = width - left - right, height - bottom - topm

    def xy(i: int, v: float) -> tuple[float, float]:
        return left + w * i / max(1, len(frames) - 1), topm + h * (1 - v / top)

    parts = [f'<svg id="vp-chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
             f'width="{width}" height="{height}" font-family="DejaVu Sans, sans-serif" font-size="10">',
             f'<rect x="{left}" y="{topm}" width="{w}" height="{h}" fill="#fff" stroke="#999"/>']
    step = 10 if top <= 80 else 20
    for v in range(0, top + 1, step):
        _, y = xy(0, v)
        parts.append(f'<line x1="{left}" y1="{y:.1f}" x2="{left + w}" y2="{y:.1f}" stroke="#eee"/>'
                     f'<text x="{left - 4}" y="{y + 3:.1f}" text-anchor="end">{v}</text>')
    for p in range(n):
        pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in (xy(i, f["vp"][p]) for i, f in enumerate(frames)))
        parts.append(f'<polyline class="vp-line" data-seat="{p}" points="{pts}" fill="none" '
                     f'stroke="{colours[p]}" stroke-width="2"/>')
        parts.append(f'<text x="{left + 6 + p * 90}" y="{height - 6}" fill="{colours[p]}" '
                     f'font-weight="bold">{escape(names[p].split(" (")[0])}</text>')
    parts.append(f'<line id="vp-cursor" x1="{left}" y1="{topm}" x2="{left}" y2="{topm + h}" stroke="#c0392b"/>')
    parts.append(f'<rect id="vp-hit" x="{left}" y="{topm}" width="{w}" height="{h}" fill="transparent"/>')
    parts.append("</svg>")
    return "".join(parts)


_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>__TITLE__</title>
<style>
body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; margin: 0; background: #f4ecd8; color: #222; }
header { background: #3b2f2f; color: #fdf6e3; padding: 6px 14px; display: flex; gap: 16px; align-items: center; }
header h1 { font-size: 17px; margin: 0; }
header button { font-size: 14px; }
main { display: flex; gap: 10px; padding: 8px; align-items: flex-start; }
#board { flex: 1 1 auto; min-width: 0; }
#board svg { width: 100%; height: auto; display: block; }
aside { flex: 0 0 400px; background: #fffdf7; border: 1px solid #c8b89a; border-radius: 6px; padding: 8px;
        font-size: 12px; max-height: calc(100vh - 60px); overflow-y: auto; }
#moves { max-height: 330px; overflow-y: auto; border: 1px solid #ddd; margin: 0; padding: 0 0 0 34px; }
#moves li { cursor: pointer; padding: 1px 2px; }
#moves li.current { background: #f9e79f; font-weight: bold; }
#moves .tok { font-family: "DejaVu Sans Mono", monospace; color: #6d4c41; margin-right: 4px; }
table { border-collapse: collapse; margin: 4px 0 10px; }
td, th { border: 1px solid #ccc; padding: 1px 6px; text-align: right; }
td:first-child { text-align: left; }
.scoring h4 { margin: 6px 0 2px; cursor: pointer; }
#note { font-weight: bold; }
</style></head>
<body>
<header><h1>__TITLE__</h1>
<button id="first" title="Home">|&lt;</button><button id="prev" title="left arrow">&lt;</button>
<span id="pos"></span>
<button id="next" title="right arrow">&gt;</button><button id="last" title="End">&gt;|</button>
<span id="note"></span></header>
<main><div id="board"></div>
<aside><h3>VP over the game</h3>__CHART__
<h3>Moves</h3><ol id="moves" start="1"></ol>
<h3>Scorings</h3><div id="scorings"></div></aside></main>
<script id="game-data" type="application/json">__DATA__</script>
<script>
"use strict";
const G = JSON.parse(document.getElementById("game-data").textContent);
const cache = {};
let cur = 0;
function esc(s) { return String(s).replace(/[&<>"]/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[c])); }
async function unpack(i) {
  if (cache[i]) return cache[i];
  const bytes = Uint8Array.from(atob(G.frames[i].svg), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  cache[i] = await new Response(stream).text();
  return cache[i];
}
async function go(i) {
  cur = Math.max(0, Math.min(G.frames.length - 1, i));
  const f = G.frames[cur];
  try { document.getElementById("board").innerHTML = await unpack(cur); }
  catch (e) { document.getElementById("board").textContent = "This browser cannot unpack the pictures: " + e; }
  document.getElementById("pos").textContent = `${cur + 1} / ${G.frames.length} - round ${f.round} - VP ` + f.vp.join(" / ");
  document.getElementById("note").textContent = f.note;
  document.querySelectorAll("#moves li").forEach((li) => li.classList.toggle("current", +li.dataset.frame === cur));
  const cm = document.querySelector("#moves li.current");
  if (cm) cm.scrollIntoView({block: "nearest"});
  const hit = document.getElementById("vp-hit"), line = document.getElementById("vp-cursor");
  const x = +hit.getAttribute("x") + (+hit.getAttribute("width")) * cur / Math.max(1, G.frames.length - 1);
  line.setAttribute("x1", x); line.setAttribute("x2", x);
}
document.getElementById("moves").innerHTML = G.moves.map((m, k) =>
  `<li data-frame="${m.frame}"><span class="tok">R${m.round} ${esc(G.names[m.seat].split(" (")[0])}: ${esc(m.token)}</span>${esc(m.text)}</li>`).join("");
document.querySelectorAll("#moves li").forEach((li) => li.addEventListener("click", () => go(+li.dataset.frame)));
document.getElementById("scorings").innerHTML = G.scorings.map((s) =>
  `<div class="scoring"><h4 data-frame="${s.frame}">${esc(s.title)}</h4><table><tr><th></th>` +
  G.names.map((n) => `<th>${esc(n.split(" (")[0])}</th>`).join("") + "</tr>" +
  s.rows.map((r) => `<tr><td>${esc(r.category)}</td>` + r.vp.map((v) => `<td>${v}</td>`).join("") + "</tr>").join("") +
  "</table></div>").join("");
document.querySelectorAll(".scoring h4").forEach((h) => h.addEventListener("click", () => go(+h.dataset.frame)));
document.getElementById("first").onclick = () => go(0);
document.getElementById("prev").onclick = () => go(cur - 1);
document.getElementById("next").onclick = () => go(cur + 1);
document.getElementById("last").onclick = () => go(G.frames.length - 1);
document.getElementById("vp-hit").addEventListener("click", (e) => {
  const r = e.target.getBoundingClientRect();
  go(Math.round((e.clientX - r.left) / r.width * (G.frames.length - 1)));
});
document.addEventListener("keydown", (e) => {
  if (e.key === "ArrowRight") go(cur + 1);
  else if (e.key === "ArrowLeft") go(cur - 1);
  else if (e.key === "Home") go(0);
  else if (e.key === "End") go(G.frames.length - 1);
});
go(G.start || 0);
</script></body></html>
"""


def replay_html(record: dict, seat: int | None = None, start: int = 0) -> str:
    """The viewer page of one game record (a string of HTML). ``start``: the frame shown first."""
    d = game_frames(record, seat)
    d["start"] = max(0, min(start, len(d["frames"]) - 1))
    chart = vp_chart(d["frames"], d["colours"], d["names"])
    blob = json.dumps(d, separators=(",", ":")).replace("</", "<\\/")
    return (_PAGE.replace("__TITLE__", escape(d["title"])).replace("__CHART__", chart)
            .replace("__DATA__", blob))
