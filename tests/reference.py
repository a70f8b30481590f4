"""Plain-Python references the tests compare the engine's own tools against."""
from __future__ import annotations

from tekhenu_engine._core import GameState


def perft(g: GameState, depth: int) -> int:
    """Number of action sequences (decisions and chance outcomes) of length `depth` from g."""
    if depth == 0 or g.is_terminal():
        return 1
    total = 0
    for a in g.legal_actions():
        h = g.clone()
        h.apply(a)
        total += perft(h, depth - 1)
    return total
