"""Engine-vs-engine matches: games between two agent SPECs, records that replay, Elo with an interval.

A match plays ``games`` games between side A and side B (SPECs of
:mod:`tekhenu_engine.agents.registry`). The referee holds the true state, draws chance
outcomes with the game's seed and gives each agent only the observation of its seat.

Seats: in game ``i`` side A plays the seats ``s`` with ``(s + i) % 2 == 0`` and side B the others,
so in 2-player games the seats alternate, and in 3- and 4-player games the sides interleave
around the table and swap every game. When a side is ``botankhamun:...`` every game is a solo game
(``players 1``): the other side plays seat 0, Botankhamun seat 1 (its turns are automatic).

A game record (one JSON object per line) holds the table options and every action applied
after :meth:`GameState.new` (decisions and chance outcomes) as tokens; :func:`replay` rebuilds
the game from it exactly, whatever the seed.
"""
from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from ._core import GameState
from .agents.registry import BotankhamunSide, make_agent, parse_spec
from .notation import NOTATION_VERSION, format_action, parse_action, upgrade_record
from .options import TableOptions


@dataclass
class MatchConfig:
    """What to play: two SPECs, the player count, the number of games and the base seed."""

    a: str
    b: str
    players: int | None = None
    games: int = 10
    seed: int = 0

    def table(self) -> dict:
        """The table options of every game (solo when a side is Botankhamun)."""
        bots = [parse_spec(s) for s in (self.a, self.b) if parse_spec(s).kind == "botankhamun"]
        if len(bots) == 2:
            raise ValueError("both sides are Botankhamun: a match needs one side that decides")
        if bots:
            if self.players not in (None, 1):
                raise ValueError("a Botankhamun side plays solo games: --players must be 1 or left out")
            bot = make_agent(bots[0].text)
            assert isinstance(bot, BotankhamunSide)
            return {"players": 1, "difficulty": bot.difficulty, "decree8": bot.decree8}
        players = self.players or 2
        if players not in (2, 3, 4):
            raise ValueError(f"--players must be 2, 3 or 4 without a Botankhamun side, not {players}")
        return {"players": players}


def seat_sides(players: int, game: int, bot_side: str | None) -> list[str]:
    """Which side ('a' or 'b') plays each seat in game number ``game``."""
    if players == 1:
        other = "b" if bot_side == "a" else "a"
        return [other, bot_side or "b"]
    return ["a" if (s + game) % 2 == 0 else "b" for s in range(players)]


def new_state(table: dict, seed: int) -> GameState:
    """The first position of a game with the record's table (``players`` plus TableOptions fields)."""
    opts = {k: v for k, v in table.items() if k != "players"}
    return GameState.new(table["players"], seed, TableOptions.from_dict(opts))


def play_game(config: MatchConfig, game: int, agents: dict[str, Any] | None = None) -> dict:
    """Play one game of the match; returns its record (``error`` is set when a side failed)."""
    table = config.table()
    bot_side = next((k for k, s in (("a", config.a), ("b", config.b)) if parse_spec(s).kind == "botankhamun"), None)
    sides = seat_sides(table["players"], game, bot_side)
    seed = config.seed * 1_000_003 + game
    rec: dict[str, Any] = {"notation": NOTATION_VERSION, "game": game, "seed": seed, "table": table, "sides": sides,
                           "a": config.a, "b": config.b, "moves": [], "vp": None, "winner": None,
                           "winner_side": None, "error": None}
    t0 = time.perf_counter()
    own = agents is None  # agents made here are closed here (external engines end with the game)
    try:
        if agents is None:
            agents = {}
            agents["a"] = make_agent(config.a, seed=seed)
            agents["b"] = make_agent(config.b, seed=seed + 1)
        state = new_state(table, seed)
        while not state.is_terminal():
            if state.is_chance():
                a = state.sample_chance()
            else:
                seat = state.current_player()
                side = sides[seat]
                a = agents[side].choose(state.observation(seat), seat)
                if a not in state.legal_actions():
                    raise ValueError(f"side {side} ({agents[side].name}) chose an illegal action "
                                     f"{format_action(a) if a >> 24 else a}")
            state.apply(a)
            rec["moves"].append(format_action(a))
        rec["vp"] = state.returns()
        rec["winner"] = state.winner()
        rec["winner_side"] = sides[rec["winner"]] if rec["winner"] is not None and rec["winner"] >= 0 else None
    except Exception as e:  # an agent's failure is an error of the match, never a crash
        rec["error"] = f"{type(e).__name__}: {e}"
    finally:
        if own:
            for ag in (agents or {}).values():
                if hasattr(ag, "close"):
                    ag.close()
    rec["seconds"] = round(time.perf_counter() - t0, 3)
    return rec


def replay(record: dict) -> GameState:
    """The final state of a recorded game, rebuilt from its table options and move tokens."""
    record = upgrade_record(record)
    state = new_state(record["table"], record["seed"])
    for tok in record["moves"]:
        state.apply(parse_action(tok))
    return state


def _worker(args: tuple[MatchConfig, int]) -> dict:
    config, game = args
    return play_game(config, game)


def run_match(config: MatchConfig, jobs: int = 1,
              on_game: Callable[[dict], None] | None = None) -> Iterator[dict]:
    """Play every game (``jobs`` processes; 1 plays in this process), yielding records as they end.

    Agents are made once per process when jobs is 1 (one external engine process per side).
    """
    config.table()  # validate before starting
    if jobs <= 1:
        agents = None
        try:
            agents = {"a": make_agent(config.a, seed=config.seed), "b": make_agent(config.b, seed=config.seed + 1)}
        except Exception:
            agents = None  # play_game makes (and reports) them per game
        try:
            for g in range(config.games):
                rec = play_game(config, g, agents)
                if on_game:
                    on_game(rec)
                yield rec
        finally:
            for ag in (agents or {}).values():
                if hasattr(ag, "close"):
                    ag.close()
        return
    import multiprocessing as mp
    with mp.get_context("spawn").Pool(jobs) as pool:
        for rec in pool.imap_unordered(_worker, [(config, g) for g in range(config.games)]):
            if on_game:
                on_game(rec)
            yield rec


def elo_from_score(score: float) -> float:
    """Elo difference for an expected score in (0, 1)."""
    return -400.0 * math.log10(1.0 / score - 1.0)


def summarise(records: list[dict], config: MatchConfig) -> dict:
    """The match summary: wins, draws, mean VP and margin per side, Elo of A over B with a 95% interval.

    A game counts a win for the side owning the winning seat (rulebook tie-breaks); a draw only
    when the rules core names no winner. Games with an error are counted in ``errors`` and left out
    of everything else. The score is clamped to half a game from 0 and 1 so that the Elo stays
    finite (a 20-0 sweep reports the Elo of 19.5-0.5).
    """
    ok = [r for r in records if not r["error"]]
    out: dict[str, Any] = {"games": len(records), "errors": len(records) - len(ok), "draws": 0,
                           "a": {"spec": config.a}, "b": {"spec": config.b}}
    margins = []
    for side in ("a", "b"):
        vps = [sum(v for v, s in zip(r["vp"], r["sides"]) if s == side) / r["sides"].count(side) for r in ok]
        out[side].update(wins=sum(1 for r in ok if r["winner_side"] == side),
                         mean_vp=round(sum(vps) / len(vps), 3) if vps else None)
    for r in ok:
        va = [v for v, s in zip(r["vp"], r["sides"]) if s == "a"]
        vb = [v for v, s in zip(r["vp"], r["sides"]) if s == "b"]
        margins.append(sum(va) / len(va) - sum(vb) / len(vb))
    out["draws"] = sum(1 for r in ok if r["winner_side"] is None)
    out["a"]["mean_margin"] = round(sum(margins) / len(margins), 3) if margins else None
    out["b"]["mean_margin"] = round(-sum(margins) / len(margins), 3) if margins else None
    n = len(ok)
    if n:
        points = [1.0 if r["winner_side"] == "a" else 0.0 if r["winner_side"] == "b" else 0.5 for r in ok]
        score = sum(points) / n
        lo_clip, hi_clip = 0.5 / n, 1 - 0.5 / n
        clamp = lambda x: min(max(x, lo_clip), hi_clip)  # noqa: E731
        # the variance of one game's points; a sweep uses the clamped score's variance instead of 0
        var = sum((p - score) ** 2 for p in points) / n or clamp(score) * (1 - clamp(score))
        se = math.sqrt(var / n)
        out["score"] = round(score, 4)
        out["elo"] = round(elo_from_score(clamp(score)), 1)
        out["elo_ci95"] = [round(elo_from_score(clamp(score - 1.96 * se)), 1),
                           round(elo_from_score(clamp(score + 1.96 * se)), 1)]
    else:
        out["score"], out["elo"], out["elo_ci95"] = None, None, None
    out["players"] = config.table()["players"]
    return out


def format_summary(s: dict) -> str:
    """The summary as text for a person."""
    lines = [f"{s['games']} games ({s['players']}-player{' solo' if s['players'] == 1 else ''}), "
             f"{s['errors']} errors, {s['draws']} draws"]
    for side in ("a", "b"):
        d = s[side]
        lines.append(f"  {side.upper()} {d['spec']}: {d['wins']} wins, mean VP {d['mean_vp']}, "
                     f"mean margin {d['mean_margin']}")
    if s["elo"] is not None:
        lines.append(f"  Elo of A over B: {s['elo']:+.1f} (95% interval {s['elo_ci95'][0]:+.1f} .. "
                     f"{s['elo_ci95'][1]:+.1f}), score {s['score']:.3f}")
    return "\n".join(lines)


def load_records(path: str) -> list[dict]:
    """Game records from a JSON-lines file written by ``tekhenu match --out``."""
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]
