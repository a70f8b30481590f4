"""The strength report: a ladder of agents and budgets, measured the same way every time.

One command regenerates ``docs/strength.md`` and its plot ``docs/strength.png``::

    tekhenu strength                       # default sizes: under 2 minutes on one core
    tekhenu strength --games 24 --solo-games 8 --budgets 250,1000,4000   # the ladder alone
    tekhenu strength ... --goal-games 100 --movetimes 250,500,1000 --time-games 20   # + two of issue 13's goals
    tekhenu strength ... --goal-games 100 --filed-games 200 --multi-games 40 --time-games 40
                         --movetimes 250,500,1000,2000,4000 --records DIR    # all of them (one line), resumable

Each pairing is a match of :mod:`tekhenu_engine.match` (seats alternate in 2-player games;
a Botankhamun side makes solo games with the other side in seat 0) with fixed seeds, so a
report reproduces. For every pairing: win rate of side A with a 95% Wilson interval, mean
VP of both sides, mean margin with a 95% interval, and the Elo of A over B with a 95% interval.

Four optional groups measure at a clock instead of an iteration budget (their results depend on
the machine's speed), one for each of issue 13's goals: the solo goal (``ismcts:movetime=1000``
against Botankhamun Hard with 8 VP Decrees, ``--goal-games``), the 2-player goal (the engine at
1 s a decision against the engine the issue was filed on, :data:`FILED_SPEC`, ``--filed-games``),
the same at 3 and 4 players (``--multi-games``) and the 2-player doubling of time (each movetime
of ``--movetimes`` against the one below, ``--time-games``).

The clock groups take hours (200 games at 1 s a decision are about 4 hours on two cores), so a
run can be **resumed**: with ``--records DIR`` every game's record is written, as it ends, to one
JSON-lines file per pairing in DIR (the format of ``tekhenu match --out``), and a later run with
the same options plays only the games those files lack. A stopped run loses the games in play.

Such a run can also be spread over several sittings in the order one chooses: the same command
with ``--only filed`` (or ``ladder``, ``goal``, ``multi``, ``time``, comma-separated; the keys of
:data:`GROUP_KEYS`) plays only those groups' games into DIR, with the seeds and files of the full
run, and prints their table without writing a report; the full command then reads them back.
``--status`` plays nothing and shows what DIR holds of every pairing, and what is left.

A regenerated ``strength.md`` keeps what follows the line :data:`KEPT_MARKER` of the file it
replaces (hand-kept measurements of earlier sessions).

"""
from __future__ import annotations

import datetime as _dt
import json
import os
import platform
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from .match import MatchConfig, resume_records, run_match, summarise, wilson  # noqa: F401  (wilson: re-exported)
from .options import TableOptions

DEFAULT_BUDGETS = (50, 200, 800)
BOT_TABLES = ("botankhamun:easy", "botankhamun:easy:decree8", "botankhamun:medium",
              "botankhamun:medium:decree8", "botankhamun:hard", "botankhamun:hard:decree8")


class RecordsError(ValueError):
    """A --records file that cannot be resumed: unreadable, or the games of another run."""


class OnlyError(ValueError):
    """An --only or --status that cannot be run: an unknown group, a group not in the run, no --records."""


class OutError(ValueError):
    """An --out folder the report cannot be written to: a file, or a folder that cannot be made."""


@dataclass
class Pairing:
    """One line of the ladder: side A against side B."""

    a: str
    b: str
    games: int
    group: str   # one of GROUPS
    options: TableOptions | None = None   # the table options of its games (None: the base game)
    players: int | None = None            # 3 or 4 for a multi-player pairing (None: 2, or solo with a bot)


SETH_GROUP = "2-player, Time of Seth"
GOAL_GROUP = "solo at 1 s a decision (issue 13's goal)"
FILED_GROUP = "2-player at 1 s a decision against the engine issue 13 was filed on (issue 13's goal)"
MULTI_GROUP = "3 and 4 players at 1 s a decision against the engine issue 13 was filed on"
TIME_GROUP = "2-player, each doubling of time"
GROUPS = ("2-player", "solo", SETH_GROUP, GOAL_GROUP, FILED_GROUP, MULTI_GROUP, TIME_GROUP)
# the short names of --only: each group's key (the ladder's three groups share one)
GROUP_KEYS = {"2-player": "ladder", "solo": "ladder", SETH_GROUP: "ladder", GOAL_GROUP: "goal",
              FILED_GROUP: "filed", MULTI_GROUP: "multi", TIME_GROUP: "time"}
ONLY_KEYS = tuple(dict.fromkeys(GROUP_KEYS.values()))   # ladder, goal, filed, multi, time
_GROUP_OPTION = {"goal": "--goal-games N", "filed": "--filed-games N", "multi": "--multi-games N",
                 "time": "--time-games N and two or more --movetimes"}
# measured at a movetime: they depend on the machine
CLOCK_GROUPS = (GOAL_GROUP, FILED_GROUP, MULTI_GROUP, TIME_GROUP)
GOAL_A = "ismcts:movetime=1000"            # issue 13: "at 1 s a decision on one core"
GOAL_B = "botankhamun:hard:decree8"        # "... against Botankhamun Hard, 8 VP Decrees"
# issue 13: "the new engine at 1 s beats today's engine (`ismcts` at its current defaults, 1 s)":
# the defaults of the day the issue was filed differ from today's in four settings measured since,
# tree reuse (off then), the 2-player margin weight (0.1 then; docs/search.md, "Rewards"),
# move-average sampling (off then; docs/search.md, "Move-average sampling") and progressive history
# (off then; docs/search.md, "Progressive history")
FILED_SPEC = "ismcts:movetime=1000:reuse=0:margin_weight=0.1:mast=0:hist=0"
# strength.md keeps, on regeneration, everything from this line on (hand-kept sections)
KEPT_MARKER = "<!-- kept: tekhenu strength rewrites the report above this line and keeps what follows -->"


def ladder(budgets: tuple[int, ...] = DEFAULT_BUDGETS, games: int = 10, solo_games: int = 4,
           bots: tuple[str, ...] = BOT_TABLES, goal_games: int = 0, movetimes: tuple[int, ...] = (),
           time_games: int = 0, filed_games: int = 0, multi_games: int = 0) -> list[Pairing]:
    """The default ladder: baselines, ISMCTS at each budget, budget doublings, and every agent
    against Botankhamun at each difficulty with 4 and 8 VP Decrees; with goal_games > 0 the solo
    goal (GOAL_A against GOAL_B), with filed_games > 0 the 2-player goal (GOAL_A against
    FILED_SPEC), with multi_games > 0 the same at 3 and at 4 players, and with movetimes (ms,
    rising) and time_games > 0 each movetime against the one below in 2-player games.

    The optional groups come after the ladder, so that asking for one does not change the seeds
    of the pairings before it (pairing i plays with the base seed + i)."""
    isms = [f"ismcts:iterations={b}" for b in budgets]
    flat = f"flatmc:playouts={budgets[0]}"
    out = [Pairing("greedy", "random", games, "2-player"),
           Pairing(flat, "greedy", games, "2-player")]
    for spec in isms:
        out.append(Pairing(spec, "greedy", games, "2-player"))
        out.append(Pairing(spec, flat, games, "2-player"))
    for lo, hi in zip(isms, isms[1:]):
        out.append(Pairing(hi, lo, games, "2-player"))
    for bot in bots:
        for spec in ["random", "greedy", flat] + isms:
            out.append(Pairing(spec, bot, solo_games, "solo"))
    seth = TableOptions(seth=True)   # Time of Seth: the search against greedy at the middle budget
    out.append(Pairing(isms[len(isms) // 2], "greedy", games, SETH_GROUP, seth))
    if goal_games > 0:
        out.append(Pairing(GOAL_A, GOAL_B, goal_games, GOAL_GROUP))
    if filed_games > 0:
        out.append(Pairing(GOAL_A, FILED_SPEC, filed_games, FILED_GROUP))
    if multi_games > 0:
        for players in (3, 4):
            out.append(Pairing(GOAL_A, FILED_SPEC, multi_games, MULTI_GROUP, players=players))
    if time_games > 0:
        for lo, hi in zip(movetimes, movetimes[1:]):
            out.append(Pairing(f"ismcts:movetime={hi}", f"ismcts:movetime={lo}", time_games, TIME_GROUP))
    return out


def pairing_config(p: Pairing, i: int, seed: int) -> MatchConfig:
    """The match of pairing number i of a ladder run with base seed `seed`."""
    return MatchConfig(a=p.a, b=p.b, players=p.players, games=p.games, seed=seed + i,
                       options=p.options or TableOptions())


def records_file(records_dir: Path, p: Pairing, i: int) -> Path:
    """The JSON-lines file of pairing number i's game records in a --records folder."""
    tag = re.sub(r"[^A-Za-z0-9=.,_-]+", "_", f"{p.a}__vs__{p.b}")
    if p.players:
        tag += f"__{p.players}p"
    if p.options and p.options.seth:
        tag += "__seth"
    return records_dir / f"{i:02d}-{tag}.jsonl"


def saved_records(path: Path, cfg: MatchConfig) -> list[dict]:
    """The games of `cfg` already in `path` (none when it does not exist), those numbered below
    cfg.games. RecordsError, naming the file, when it cannot be read or holds another match's games
    (other sides, table or seed: a run with other options or another --seed)."""
    if not path.exists():
        return []
    try:
        recs = resume_records(str(path), cfg)
    except ValueError as e:
        raise RecordsError(str(e)) from None
    by_game = {r["game"]: r for r in recs if r["game"] < cfg.games}
    return [by_game[g] for g in sorted(by_game)]


def _records_folder(records_dir: Path, make: bool) -> None:
    """Check (and with `make`, create) a --records folder: RecordsError when it is a file or
    cannot be made."""
    if records_dir.exists() and not records_dir.is_dir():
        raise RecordsError(f"--records {records_dir} is a file, not a folder")
    if make:
        try:
            records_dir.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise RecordsError(f"cannot make the --records folder {records_dir}: {e.strerror or e}") from None


def _out_folder(out_dir: Path) -> None:
    """Check and make the report's --out folder: OutError when it is a file or cannot be made."""
    if out_dir.exists() and not out_dir.is_dir():
        raise OutError(f"--out {out_dir} is a file, not a folder (the report's strength.md, strength.png "
                       "and strength.json go into it)")
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise OutError(f"cannot make the --out folder {out_dir}: {e.strerror or e}") from None


def run_ladder(pairings: list[Pairing], seed: int = 2026, jobs: int = 1,
               progress: Callable[[str], None] | None = None,
               records_dir: Path | None = None, only: tuple[str, ...] = ()) -> list[dict]:
    """Play every pairing; returns one summary dict per pairing (match summary + Wilson interval).

    With `records_dir`, each pairing's game records are appended to its file there as the games
    end (:func:`records_file`), and the games a file already holds are not played again (every
    file is checked before the first game: RecordsError for one of another run). With `only`
    (keys of :data:`GROUP_KEYS`), only the pairings of those groups are played and returned;
    each keeps its number in the full list, and so its seed and its records file."""
    unknown = sorted(set(only) - set(ONLY_KEYS))
    if unknown:
        raise OnlyError(f"--only: unknown group {', '.join(unknown)} (the groups: {', '.join(ONLY_KEYS)})")
    chosen = [i for i, p in enumerate(pairings) if not only or GROUP_KEYS[p.group] in only]
    configs = {i: pairing_config(pairings[i], i, seed) for i in chosen}
    saved: dict[int, list[dict]] = {i: [] for i in chosen}
    if records_dir is not None:
        _records_folder(records_dir, make=True)
        saved = {i: saved_records(records_file(records_dir, pairings[i], i), configs[i]) for i in chosen}
    rows = []
    total = sum(pairings[i].games - len(saved[i]) for i in chosen)
    done = 0
    t0 = time.perf_counter()
    for i in chosen:
        p, cfg = pairings[i], configs[i]
        recs = list(saved[i])
        fh = open(records_file(records_dir, p, i), "a", encoding="utf-8") if records_dir is not None else None
        try:
            for rec in run_match(cfg, jobs=jobs, skip={r["game"] for r in recs}):
                recs.append(rec)
                if fh:
                    fh.write(json.dumps(rec) + "\n")
                    fh.flush()
                done += 1
                if progress:
                    el = time.perf_counter() - t0
                    eta = el / done * (total - done)
                    progress(f"[{done}/{total}] {p.a} vs {p.b}: game {len(recs)}/{p.games}  "
                             f"elapsed {el:.0f}s, about {eta:.0f}s left")
        finally:
            if fh:
                fh.close()
        rows.append(_row(recs, p, cfg, resumed=len(saved[i])))
    return rows


def _row(recs: list[dict], p: Pairing, cfg: MatchConfig, resumed: int) -> dict:
    """One pairing's summary: the match summary of its records, its Wilson interval, its group."""
    recs = sorted(recs, key=lambda r: r["game"])
    s = summarise(recs, cfg)
    ok = s["games"] - s["errors"]
    s["win_rate"] = s["a"]["wins"] / ok if ok else None
    s["win_ci95"] = wilson(s["a"]["wins"], ok)
    s["group"] = p.group
    s["resumed"] = resumed        # games read from the records file, not played by this run
    s["table"] = cfg.table()      # players and the table options that differ from the defaults
    return s


def records_status(pairings: list[Pairing], seed: int, records_dir: Path) -> list[dict]:
    """How far a resumable run is, without playing: for every pairing its number, group key, the
    games its records file holds and the games it needs, and the summary of those it holds (None
    when it holds none). RecordsError for a file of another run."""
    _records_folder(records_dir, make=False)
    out = []
    for i, p in enumerate(pairings):
        cfg = pairing_config(p, i, seed)
        recs = saved_records(records_file(records_dir, p, i), cfg)
        out.append({"pairing": i, "group": GROUP_KEYS[p.group], "a": p.a, "b": p.b,
                    "players": cfg.table()["players"], "have": len(recs), "need": p.games,
                    "summary": _row(recs, p, cfg, resumed=len(recs)) if recs else None})
    return out


def render_status(status: list[dict]) -> list[str]:
    """:func:`records_status` as a markdown table, with the total of games still to play."""
    lines = ["| # | group | A | B | players | games held | win rate of A [95%] | margin of A [95%] |",
             "|---:|---|---|---|---:|---|---|---|"]
    for st in status:
        s = st["summary"]
        wr = mg = "—"
        if s and s["win_rate"] is not None:
            lo, hi = s["win_ci95"]
            wr = f"{100 * s['win_rate']:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"
        if s and s["a"]["mean_margin"] is not None:
            mg = _margin_cell(s)
        lines.append(f"| {st['pairing']} | {st['group']} | `{st['a']}` | `{st['b']}` | {st['players']} | "
                     f"{st['have']} of {st['need']} | {wr} | {mg} |")
    left = sum(st["need"] - st["have"] for st in status)
    lines.append("")
    lines.append(f"{left} of {sum(st['need'] for st in status)} games still to play")
    return lines


def _git_commit() -> str:
    """The commit of the checkout the report was made from ('unknown' outside git)."""
    import subprocess

    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                             cwd=Path(__file__).resolve().parent, timeout=10)
        return out.stdout.strip() or "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def _fmt(x: float | None, spec: str = "+.1f") -> str:
    return "—" if x is None else format(x, spec)


def _margin_cell(row: dict) -> str:
    """A's mean margin with its 95% interval (when there is one), as a table cell."""
    mci = row.get("margin_ci95")
    return _fmt(row["a"]["mean_margin"]) + (f" [{mci[0]:+.1f}, {mci[1]:+.1f}]" if mci else "")


def _elo_cell(row: dict) -> str:
    """Elo of A over B with its interval, or the 95% bound when A won every game or none."""
    if row.get("elo") is not None:
        lo, hi = row["elo_ci95"]
        return f"{row['elo'] + 0.0:+.0f} [{lo + 0.0:+.0f}, {hi + 0.0:+.0f}]"
    if row.get("elo_bound") is not None:
        sign = ">" if row.get("elo_bound_kind") == "lower" else "<"
        return f"{sign} {row['elo_bound'] + 0.0:+.0f}"
    return "—"


def render_markdown(rows: list[dict], command: str, seconds: float) -> str:
    """docs/strength.md: the table, how it was made, on what machine."""
    when = _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    commit = _git_commit()
    resumed = sum(r.get("resumed", 0) for r in rows)
    total = sum(r["games"] for r in rows)
    lines = [
        "# Strength report",
        "",
        f"Generated by `{command}` on {when} in {seconds / 60:.1f} minutes ("
        + (f"this run's time: {resumed} of the {total} games were read from its record files, played "
           "by an earlier run; " if resumed else "")
        + f"code at commit {commit}), on "
        f"{platform.machine()} / {os.cpu_count()} cores / Python {platform.python_version()} "
        "(a shared machine: speed varies; the ladder's results do not — its budgets are in iterations and "
        "seeds are fixed — but the groups measured at a movetime depend on the machine's speed).",
        "",
        "Win rate of side A (rulebook tie-breaks) with a 95% Wilson interval; mean VP of both sides; mean "
        "margin (A minus B) with a 95% interval; Elo of A over B with a 95% interval (a side that won every "
        "game, or none, has no finite Elo: the cell gives the 95% bound from the Wilson interval, `> +N` or `< -N`). "
        "2-player games alternate seats; 3-4 player games seat the sides alternately around the table, "
        "A first in even games and B first in odd ones; against Botankhamun the games are solo, side A in seat 0; "
        "the Time of Seth pairing plays 2-player games with the expansion (`--seth`).",
        "",
        "![Elo and win rate against the search budget](strength.png)",
        "",
        "The raw figures are in `strength.json`; `python -c \"from tekhenu_engine import strength; "
        "strength.rerender()\"` redraws the plot from them.",
        "",
    ]
    return "\n".join(lines + render_tables(rows))


def render_tables(rows: list[dict]) -> list[str]:
    """The report's tables: one a group, a row a pairing (markdown lines)."""
    lines: list[str] = []
    for group in GROUPS:
        sel = [r for r in rows if r["group"] == group]
        if not sel:
            continue
        lines += [f"## {group}", "",
                  "| A | B | games | errors | A wins | win rate [95%] | mean VP A - B | margin | Elo [95%] |",
                  "|---|---|---:|---:|---:|---|---|---:|---|"]
        for r in sel:
            players = r.get("table", {}).get("players", 2)
            a_cell = f"`{r['a']['spec']}`" + (f" ({players} players)" if players > 2 else "")
            lo, hi = r["win_ci95"]
            wr = "—" if r["win_rate"] is None else f"{100 * r['win_rate']:.0f}% [{100 * lo:.0f}, {100 * hi:.0f}]"
            elo = _elo_cell(r)
            margin = _margin_cell(r)
            lines.append(f"| {a_cell} | `{r['b']['spec']}` | {r['games']} | {r['errors']} | "
                         f"{r['a']['wins']} | {wr} | {_fmt(r['a']['mean_vp'], '.1f')} - "
                         f"{_fmt(r['b']['mean_vp'], '.1f')} | {margin} | {elo} |")
        lines.append("")
    return lines


def _budget_of(spec: str) -> int | None:
    for part in spec.split(":")[1:]:
        if part.startswith("iterations="):
            return int(part.split("=", 1)[1])
    return None


def _elo_or_bound(row: dict) -> tuple[float, float, float, bool] | None:
    """(Elo, low, high, swept) of a row: its Elo and interval, or, when A won every game, the 95%
    lower bound as all three (swept True); None when there is neither."""
    if row.get("elo") is not None:
        return row["elo"], row["elo_ci95"][0], row["elo_ci95"][1], False
    if row.get("elo_bound") is not None and row.get("elo_bound_kind") == "lower":
        b = row["elo_bound"]
        return b, b, b, True
    return None


def _chain(rows: list[dict], budgets: list[int]) -> list[tuple[int, float, float, float, bool]]:
    """Elo of each ISMCTS budget over greedy, chained through the budget steps (each budget
    against the one below), so that sweeps against greedy do not cap the curve: (budget, Elo,
    low, high, bounded), the interval of each step added to the one before. A step that won every
    game counts its 95% lower bound, so the chain is a lower bound from that budget on (bounded)."""
    def find(a: str, b: str) -> tuple[float, float, float, bool] | None:
        return next((e for r in rows if r["a"]["spec"] == a and r["b"]["spec"] == b
                     and r.get("group", "2-player") == "2-player"
                     and (e := _elo_or_bound(r)) is not None), None)

    out: list[tuple[int, float, float, float, bool]] = []
    for i, b in enumerate(budgets):
        spec = f"ismcts:iterations={b}"
        e = find(spec, "greedy") if i == 0 else find(spec, f"ismcts:iterations={budgets[i - 1]}")
        if e is None:
            break
        elo, lo, hi, swept = e
        base, blo, bhi, bounded = (0.0, 0.0, 0.0, False) if i == 0 else out[-1][1:]
        out.append((b, base + elo, blo + lo, bhi + hi, bounded or swept))
    return out


def render_plot(rows: list[dict], path: Path) -> None:
    """A PNG: Elo over greedy against the budget (2-player, direct and chained through the budget
    steps; a direct match won game for game is drawn at its 95% lower bound, an arrow pointing up
    from it) and win rate against each Botankhamun table by budget (solo)."""
    try:
        import matplotlib
    except ImportError:
        raise RuntimeError('the strength plot needs matplotlib: pip install "tekhenu-engine[plot]" '
                           '(or run with --no-plot)') from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import FixedLocator, NullLocator

    budgets = sorted({b for r in rows for b in [_budget_of(r["a"]["spec"])] if b})
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.4))
    direct = sorted(((b, e) for r in rows
                     if r["group"] == "2-player" and r["b"]["spec"] == "greedy"
                     and (b := _budget_of(r["a"]["spec"])) and (e := _elo_or_bound(r)) is not None),
                    key=lambda t: t[0])
    finite = [(b, e) for b, e in direct if not e[3]]
    swept = [(b, e) for b, e in direct if e[3]]
    if finite:
        ax1.errorbar([b for b, _ in finite], [e[0] for _, e in finite],
                     yerr=[[e[0] - e[1] for _, e in finite], [e[2] - e[0] for _, e in finite]],
                     marker="o", capsize=4, linestyle="none",
                     label="direct match against greedy")
    if swept:
        ax1.plot([b for b, _ in swept], [e[0] for _, e in swept], marker="^", linestyle="none",
                 markersize=9, color="tab:blue",
                 label="direct, every game won: at least its 95% lower bound (arrow)")
        for b, e in swept:   # the bound is a floor, not an estimate: an arrow points up from it
            ax1.annotate("", xy=(b, e[0]), xytext=(0, 34), textcoords="offset points",
                         arrowprops={"arrowstyle": "<|-", "color": "tab:blue", "lw": 1.2})
    chain = _chain(rows, budgets)
    if chain:
        ax1.errorbar([c[0] for c in chain], [c[1] for c in chain],
                     yerr=[[c[1] - c[2] for c in chain], [c[3] - c[1] for c in chain]],
                     marker="s", capsize=4, color="tab:orange",
                     label="chained through each budget step"
                     + (" (from a lower bound)" if chain[-1][4] else ""))
    if not (direct or chain):
        ax1.text(0.5, 0.5, "no 2-player budget pairings in this run", ha="center", va="center",
                 transform=ax1.transAxes)
    ax1.set_xlabel("ISMCTS iterations per decision")
    ax1.set_ylabel("Elo over greedy (2-player)")
    ax1.set_title("2-player: strength against the budget")
    if ax1.get_legend_handles_labels()[0]:
        ax1.legend(fontsize=8, loc="upper left")
    bots = sorted({r["b"]["spec"] for r in rows if r["group"] == "solo"})
    for k, bot in enumerate(bots):
        pts = sorted((_budget_of(r["a"]["spec"]), r) for r in rows
                     if r["group"] == "solo" and r["b"]["spec"] == bot and _budget_of(r["a"]["spec"])
                     and r["win_rate"] is not None)
        if pts:   # each line thinner than the one before, so that lines on the same points stay seen
            ax2.plot([b for b, _ in pts], [100 * r["win_rate"] for _, r in pts], marker="o",
                     linewidth=max(1.0, 4.5 - 0.6 * k), markersize=max(4.0, 11 - 1.3 * k),
                     label=bot.replace("botankhamun:", ""))
    ax2.set_ylim(-5, 105)
    ax2.set_xlabel("ISMCTS iterations per decision")
    ax2.set_ylabel("win rate against Botankhamun (%)")
    ax2.set_title("Solo: ISMCTS against Botankhamun")
    if ax2.get_legend_handles_labels()[0]:   # (a run without solo games plots no line)
        ax2.legend(fontsize=8)
    for ax in (ax1, ax2):
        ax.set_xscale("log")
        ax.xaxis.set_major_locator(FixedLocator(budgets))
        ax.xaxis.set_minor_locator(NullLocator())
        ax.set_xticklabels([str(b) for b in budgets])
        ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def write_report(rows: list[dict], out_dir: Path, command: str, seconds: float) -> tuple[Path, Path]:
    """Write strength.md, strength.png and the raw rows (strength.json) into out_dir."""
    out_dir.mkdir(parents=True, exist_ok=True)
    md = out_dir / "strength.md"
    png = out_dir / "strength.png"
    kept = ""
    if md.exists():
        old = md.read_text()
        if KEPT_MARKER in old:
            kept = old[old.index(KEPT_MARKER):]
    md.write_text(render_markdown(rows, command, seconds) + "\n" + (kept or KEPT_MARKER + "\n"))
    (out_dir / "strength.json").write_text(json.dumps(rows, indent=1) + "\n")
    try:
        render_plot(rows, png)
    except RuntimeError as e:  # matplotlib missing: the report and the raw rows are kept
        print(f"warning: {e}; {md} and strength.json were written, the plot was not", file=sys.stderr)
    return md, png


def rerender(out_dir: str = "docs") -> None:
    """Redraw strength.png from the strength.json a run left (no games played)."""
    d = Path(out_dir)
    render_plot(json.loads((d / "strength.json").read_text()), d / "strength.png")


def main(games: int = 10, solo_games: int = 4, budgets: tuple[int, ...] = DEFAULT_BUDGETS,
         seed: int = 2026, jobs: int = 1, out_dir: str = "docs", quiet: bool = False,
         goal_games: int = 0, movetimes: tuple[int, ...] = (), time_games: int = 0,
         filed_games: int = 0, multi_games: int = 0, records: str | None = None,
         only: tuple[str, ...] = (), status: bool = False) -> list[dict]:
    """Run the ladder (and the clock groups asked for) and write the report; progress on stderr.

    records: a folder of game records to write and resume from (:func:`run_ladder`).
    only: play only these groups (keys of :data:`GROUP_KEYS`) into `records`, print their tables
    on stdout and write no report (OnlyError without `records`, or for a group not in the run).
    status: play nothing; print how many games each pairing's records file holds (and their result)."""
    pairings = ladder(budgets, games, solo_games, goal_games=goal_games, movetimes=movetimes,
                      time_games=time_games, filed_games=filed_games, multi_games=multi_games)
    if status:
        if not records:
            raise OnlyError("--status reads the records of a run: it needs --records DIR")
        print("\n".join(render_status(records_status(pairings, seed, Path(records)))))
        return []
    if only:
        if not records:
            raise OnlyError("--only keeps its games for the full run's report: it needs --records DIR")
        present = {GROUP_KEYS[p.group] for p in pairings}
        missing = [k for k in only if k in ONLY_KEYS and k not in present]
        if missing:
            raise OnlyError(f"--only {missing[0]}: the run has no such group (it needs "
                            f"{_GROUP_OPTION[missing[0]]})")
    else:
        _out_folder(Path(out_dir))   # before the games: the report goes there at the end
    t0 = time.perf_counter()

    def progress(msg: str) -> None:
        if not quiet:
            sys.stderr.write("\r\033[K" + msg)
            sys.stderr.flush()

    rows = run_ladder(pairings, seed=seed, jobs=jobs, progress=progress,
                      records_dir=Path(records) if records else None, only=only)
    if not quiet:
        sys.stderr.write("\n")
    if only:
        print("\n".join(render_tables(rows)))
        print(f"no report written (--only): the same command without --only reads these games from {records}")
        return rows
    command = (f"tekhenu strength --games {games} --solo-games {solo_games} "
               f"--budgets {','.join(map(str, budgets))} --seed {seed} --jobs {jobs}"
               + (f" --goal-games {goal_games}" if goal_games else "")
               + (f" --filed-games {filed_games}" if filed_games else "")
               + (f" --multi-games {multi_games}" if multi_games else "")
               + (f" --movetimes {','.join(map(str, movetimes))} --time-games {time_games}"
                  if time_games and len(movetimes) > 1 else "")
               + (f" --records {records}" if records else ""))
    md, png = write_report(rows, Path(out_dir), command, time.perf_counter() - t0)
    if not quiet:
        print(f"wrote {md} and {png}")
    return rows
