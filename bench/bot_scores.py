"""Botankhamun's scores against two simple baseline players, per difficulty.

    python bench/bot_scores.py [games]        # default 300 games per difficulty and player
    python bench/bot_scores.py [games] --seth # Botankhamun with Time of Seth (and its 20 Buildings)

Baselines: ``random`` (uniformly random legal decisions, the compiled playout) and
``greedy`` (tests/botpos.py: the action with the best VP margin right after it). The table
gives Botankhamun's mean VP, the player's mean VP and Botankhamun's win rate.
"""
from __future__ import annotations

import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))

from botpos import play_solo  # noqa: E402
from tekhenu_engine._core import GameState  # noqa: E402


def random_game(seed: int, difficulty: str, **options) -> GameState:
    g = GameState.new(1, seed, difficulty=difficulty, **options)
    g.playout(seed)
    return g


BASE_ROWS = (("easy", {}), ("medium", {}), ("hard", {}), ("hard", {"decree8": True}))
SETH_ROWS = (("easy", {"seth": True}), ("medium", {"seth": True}), ("hard", {"seth": True}),
             ("hard", {"seth": True, "bot_buildings": 20}))


def report(games: int = 300, seth: bool = False) -> list[tuple]:
    rows = []
    for difficulty, options in (SETH_ROWS if seth else BASE_ROWS):
        for name, fn in (("random", random_game), ("greedy", play_solo)):
            results = [fn(seed, difficulty, **options) for seed in range(games)]
            assert all(g.is_terminal() for g in results)
            bot = [g.returns()[1] for g in results]
            you = [g.returns()[0] for g in results]
            wins = sum(g.winner() == 1 for g in results)
            label = difficulty + "".join(f" {k}" if v is True else f" {k}={v}" for k, v in options.items())
            rows.append((label, name, games, statistics.mean(bot), statistics.stdev(bot),
                         statistics.mean(you), wins / games))
    return rows


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--seth"]
    n = int(args[0]) if args else 300
    print("| difficulty | player | games | Botankhamun mean VP (sd) | player mean VP | Botankhamun wins |")
    print("|---|---|---|---|---|---|")
    for label, name, games, mb, sb, mp, w in report(n, seth="--seth" in sys.argv):
        print(f"| {label} | {name} | {games} | {mb:.1f} ({sb:.1f}) | {mp:.1f} | {100 * w:.1f}% |")
