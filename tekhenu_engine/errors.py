"""The exceptions of the public API (rules layer; no imports from the rest of the engine).

* :class:`StateError` (a :class:`ValueError`): a state document that is not a consistent
  position (``GameState.from_dict`` / ``from_json`` / ``from_string`` / ``from_bytes``); its
  ``field`` names the culprit, e.g. ``"faith[0]"`` or ``"tasks[3].a"``.
* :class:`HiddenChanceError` (a :class:`ValueError`): an observation was asked for what it
  cannot know, the outcome of a draw from a pile whose cards are hidden from its seat
  (``sample_chance``, ``apply_chance``, ``resolve_chance``, ``chance_outcomes`` and
  ``legal_actions`` at such a draw; ``playout`` of any observation with hidden cards).
  ``observation.resample(seed)`` gives a full state that can.
* :class:`TaskStackOverflow` (a :class:`RuntimeError`): a step found the task stack full; the
  core dropped a step, so the state is no longer a position of the game. It is an engine bug,
  never the result of a loaded state (those leave room for the largest burst of steps).
"""
from __future__ import annotations

__all__ = ["StateError", "HiddenChanceError", "TaskStackOverflow"]


class StateError(ValueError):
    """A state document the engine refuses to load; ``field`` names the culprit."""

    def __init__(self, field: str, reason: str) -> None:
        self.field = field
        self.reason = reason
        super().__init__(f"impossible state: {field}: {reason}")


class HiddenChanceError(ValueError):
    """An observation cannot sample (or list) the outcomes of a draw from a hidden pile."""


class TaskStackOverflow(RuntimeError):
    """The task stack was full when a step was pushed (the core flags it; an engine bug)."""
