"use strict";
// The page: talks to the server's JSON API; the board is the server's SVG of what your seat sees.
let game = null;
let busy = false;

const $ = (id) => document.getElementById(id);

function esc(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[c]));
}

async function api(path, body) {
  const opts = body === undefined ? {} : {method: "POST", headers: {"Content-Type": "application/json"},
                                          body: JSON.stringify(body)};
  const r = await fetch(path, opts);
  const js = await r.json();
  if (!r.ok) throw new Error(js.error || ("HTTP " + r.status));
  return js;
}

function setBusy(on) {
  busy = on;
  $("thinking").hidden = !on;
  document.body.classList.toggle("busy", on);
}

function fillSeats() {
  const n = parseInt($("players").value, 10);
  const seats = n === 1 ? 1 : n;
  $("seat").innerHTML = Array.from({length: seats}, (_, i) => `<option value="${i}">${i}</option>`).join("");
  document.querySelectorAll(".solo").forEach((e) => { e.hidden = n !== 1; });
  document.querySelectorAll(".multi").forEach((e) => { e.hidden = n === 1; });
  document.querySelectorAll(".two").forEach((e) => { e.hidden = n !== 2; });
}

async function start(ev) {
  if (ev) ev.preventDefault();
  $("setup-error").textContent = "";
  const players = parseInt($("players").value, 10);
  const n2 = players === 2;
  const body = {
    players, seat: parseInt($("seat").value, 10), seed: parseInt($("seed").value || "0", 10),
    iterations: parseInt($("iterations").value || "300", 10),
    options: {random_horus: $("random_horus").checked, random_wheel: $("random_wheel").checked,
              random_start: $("random_start").checked, difficulty: $("difficulty").value,
              decree8: $("decree8").checked, vizier: n2 && $("vizier").checked,
              seth: $("seth").checked},
  };
  setBusy(true);
  try {
    game = await api("/api/new", body);
    $("setup").hidden = true;
    $("game").hidden = false;
    show(game);
  } catch (e) {
    $("setup-error").textContent = e.message;
  } finally {
    setBusy(false);
  }
}

async function play(choice) {
  if (busy || !game || !game.your_turn) return;
  $("error").textContent = "";
  $("hints").innerHTML = "";
  setBusy(true);
  try {
    game = await api(`/api/game/${game.id}/move`, {choice});
    show(game);
  } catch (e) {
    $("error").textContent = e.message;
  } finally {
    setBusy(false);
  }
}

async function undo() {
  if (busy || !game) return;
  $("error").textContent = "";
  setBusy(true);
  try { game = await api(`/api/game/${game.id}/undo`, {}); show(game); }
  catch (e) { $("error").textContent = e.message; }
  finally { setBusy(false); }
}

async function hint() {
  if (busy || !game) return;
  $("error").textContent = "";
  setBusy(true);
  try {
    const r = await api(`/api/game/${game.id}/hint`, {});
    $("hints").innerHTML = "<b>Engine's suggestions</b>" + r.hint.map((h) =>
      `<div class="hint" data-choice="${h.choice}">[${h.choice}] <b>${esc(h.token)}</b> - win ${(100 * h.win).toFixed(0)}%, ` +
      `expected ${h.vp.toFixed(1)} VP<br>${esc(h.text)}</div>`).join("");
    document.querySelectorAll("#hints .hint").forEach((e) =>
      e.addEventListener("click", () => play(parseInt(e.dataset.choice, 10))));
    $("board").innerHTML = r.svg;  // the same picture with an arrow at the best suggestion
    bindPlaces(game);
  } catch (e) { $("error").textContent = e.message; }
  finally { setBusy(false); }
}

function show(v) {
  $("board").innerHTML = v.svg;
  const who = v.over ? "Game over" : (v.your_turn ? "Your decision" : `${v.to_move} to move`);
  $("status").textContent = `Round ${v.round} of ${v.rounds} - VP ` +
    v.names.map((n, i) => `${n}${i === v.seat ? " (you)" : ""} ${v.vp[i]}`).join(", ");
  $("turn").textContent = v.over ? "Game over" : `${who}: ${v.step}`;
  const ch = $("choices");
  ch.innerHTML = v.legal.map((m) =>
    `<button class="choice" id="choice-${m.choice}" data-choice="${m.choice}" data-target="${m.target || ""}">` +
    `<span class="tok">[${m.choice}] ${esc(m.token)}</span>${esc(m.text)}</button>`).join("");
  ch.querySelectorAll("button").forEach((b) =>
    b.addEventListener("click", () => play(parseInt(b.dataset.choice, 10))));
  bindPlaces(v);
  showRest(v);
}

// clickable places on the board: a place with one legal move plays it, with several marks them
function bindPlaces(v) {
  const ch = $("choices");
  const byTarget = {};
  v.legal.forEach((m) => { if (m.target) (byTarget[m.target] = byTarget[m.target] || []).push(m.choice); });
  Object.entries(byTarget).forEach(([t, list]) => {
    const el = document.getElementById(t);
    if (!el) return;
    el.classList.add("clickable");
    el.addEventListener("click", () => {
      if (list.length === 1) { play(list[0]); return; }
      ch.querySelectorAll("button").forEach((b) => {
        const on = list.includes(parseInt(b.dataset.choice, 10));
        b.classList.toggle("dim", !on);
        b.classList.toggle("picked", on);
      });
    });
  });
}

function showRest(v) {
  $("undo").disabled = !v.can_undo;
  $("hint").disabled = !v.your_turn;
  $("cards").innerHTML = v.cards.length ? v.cards.map((c) =>
    `<div class="card"><b>${esc(c.name)}${c.pending ? " (drawn: keep or not)" : ""}</b> ${esc(c.text.replace(/^\S+ /, ""))}</div>`).join("")
    : "<i>none</i>";
  $("log").innerHTML = v.log.slice().reverse().map((l) => {
    const cls = l.bot ? "bot" : (l.who === v.seat ? "you" : (l.who < 0 ? "phase" : ""));
    return `<li class="${cls}">${l.round ? "R" + l.round + ": " : ""}${esc(l.text)}</li>`;
  }).join("");
  const res = $("result");
  if (v.over) {
    const head = "<tr><th></th>" + v.names.map((n, i) => `<th>${esc(n)}${i === v.seat ? " (you)" : ""}</th>`).join("") + "</tr>";
    const rows = v.breakdown.filter((r) => r.vp.some((x) => x !== 0)).map((r) =>
      `<tr><td>${esc(r.category)}</td>${r.vp.map((x) => `<td>${x}</td>`).join("")}</tr>`).join("");
    const w = v.winner === v.seat ? "You win!" : `${v.names[v.winner]} wins.`;
    res.innerHTML = `<h3 id="winner">${esc(w)}</h3><table id="breakdown">${head}${rows}</table>`;
  } else {
    res.innerHTML = "";
  }
}

$("players").addEventListener("change", fillSeats);
$("setup-form").addEventListener("submit", start);
$("undo").addEventListener("click", undo);
$("hint").addEventListener("click", hint);
$("newgame").addEventListener("click", () => { $("game").hidden = true; $("setup").hidden = false; });
fillSeats();
