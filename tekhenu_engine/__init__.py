"""tekhenu_engine: a strong, fast AI engine for *Tekhenu: Obelisk of the Sun*.

The public API::

    from tekhenu_engine import GameState, TableOptions, format_action, parse_action

    g = GameState.new(2, seed=7, options=TableOptions())
    while not g.is_terminal():
        if g.is_chance():
            g.apply_chance()
        else:
            seat = g.current_player()
            g.apply(g.observation(seat).legal_actions()[0])
    print(g.returns(), g.winner())

Layers (one-way imports): :mod:`tekhenu_engine.data` (tables) -> the rules core
(:class:`GameState`, :mod:`tekhenu_engine.notation`) -> :mod:`tekhenu_engine.agents` ->
the interfaces (protocol, CLI, match runner).
"""
from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version as _version

try:
    __version__: str = _version("tekhenu-engine")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+unknown"

from ._core import CHANCE, STATE_VERSION, TERMINAL, VP_CATEGORIES, GameState, Step
from .errors import HiddenChanceError, StateError, TaskStackOverflow
from .notation import format_action, parse_action
from .options import DIFFICULTIES, TableOptions

__all__ = ["__version__", "GameState", "TableOptions", "DIFFICULTIES", "CHANCE", "TERMINAL",
           "STATE_VERSION", "VP_CATEGORIES", "format_action", "parse_action", "Step", "StateError",
           "HiddenChanceError", "TaskStackOverflow"]
