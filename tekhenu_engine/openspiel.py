"""Tekhenu as an OpenSpiel game (``pip install "tekhenu-engine[openspiel]"``).

Importing this module registers the game ``"tekhenu"`` with :mod:`pyspiel`::

    import pyspiel
    import tekhenu_engine.openspiel          # registers "tekhenu"
    game = pyspiel.load_game("tekhenu", {"players": 3, "difficulty": "easy"})

The game is sequential, with explicit stochastic chance (every die roll, card and tile draw
is a chance node with its probabilities) and imperfect information. Actions are the dense
indices of the rules core (``GameState.action_index``, docs/rl.md): player actions in
``[0, num_distinct_actions())``, chance outcomes in ``[0, max_chance_outcomes())``.

Utilities (:mod:`tekhenu_engine.rewards`, docs/rl.md): the winner is the engine's (most VP,
then the rulebook's tie-breaks). 2 players: +1 / -1 (zero-sum). 3-4 players: +1 for the
winner, 0 for the others (general-sum). Solo (players=1, against the automaton Botankhamun,
which is part of the environment): +1 for a win, -1 for a loss.

Parameters: ``players`` (1-4, default 2) and every field of
:class:`tekhenu_engine.options.TableOptions` (``random_horus``, ``random_wheel``, ``difficulty``,
``decree8``, ``random_start``, ``vizier``).
"""
from __future__ import annotations

from typing import Any

import numpy as np

try:
    import pyspiel
except ImportError as e:  # pragma: no cover - exercised when the extra is missing
    raise ImportError("tekhenu_engine.openspiel needs OpenSpiel: pip install 'tekhenu-engine[openspiel]'") from e

from . import _core
from ._core import GameState
from .notation import format_action
from .options import TableOptions
from .render import render
from .rewards import utility_range, win_utilities

SHORT_NAME = "tekhenu"
MAX_GAME_LENGTH = 2000          # recorded steps (decisions and chance outcomes); see docs/rl.md

_OPTION_DEFAULTS = TableOptions().to_dict()
DEFAULT_PARAMS: dict[str, Any] = {"players": 2, **_OPTION_DEFAULTS}


def _game_type(players: int) -> "pyspiel.GameType":
    utility = (pyspiel.GameType.Utility.ZERO_SUM if players == 2 else pyspiel.GameType.Utility.GENERAL_SUM)
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="Tekhenu: Obelisk of the Sun",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=4,
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=DEFAULT_PARAMS,
    )


class TekhenuGame(pyspiel.Game):
    """The OpenSpiel game over the compiled rules core."""

    def __init__(self, params: dict | None = None) -> None:
        p = {**DEFAULT_PARAMS, **(params or {})}
        unknown = sorted(set(p) - set(DEFAULT_PARAMS))
        if unknown:
            raise ValueError(f"unknown tekhenu parameter(s): {', '.join(unknown)}")
        players = int(p["players"])
        if players not in (1, 2, 3, 4):
            raise ValueError(f"players must be 1 (solo) to 4, not {players}")
        self.players = players
        self.options = TableOptions.from_dict({k: p[k] for k in _OPTION_DEFAULTS})
        n = players
        info = pyspiel.GameInfo(
            num_distinct_actions=_core.num_distinct_actions(self.options),
            max_chance_outcomes=_core.num_chance_outcomes(self.options),
            num_players=n,
            min_utility=utility_range(n)[0],
            max_utility=utility_range(n)[1],
            utility_sum=0.0 if n == 2 else None,
            max_game_length=MAX_GAME_LENGTH)
        super().__init__(_game_type(players), info, p)
        self._seed = 0

    def new_initial_state(self) -> "TekhenuState":
        """A new game (its chance steps, the setup included, are chance nodes)."""
        return TekhenuState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> "TekhenuObserver":
        """Observation (perfect_recall=False) or information state (perfect_recall=True)."""
        if params:
            raise ValueError(f"tekhenu observers take no parameters, not {params}")
        perfect_recall = bool(iig_obs_type.perfect_recall) if iig_obs_type is not None else False
        return TekhenuObserver(perfect_recall)


class _Core:
    """Holds the GameState: OpenSpiel clones a Python state by deep-copying its attributes,
    and a GameState copies itself with one memcpy (``clone``)."""

    __slots__ = ("gs",)

    def __init__(self, gs: GameState) -> None:
        self.gs = gs

    def __deepcopy__(self, memo) -> "_Core":
        return _Core(self.gs.clone())


class TekhenuState(pyspiel.State):
    """An OpenSpiel state: a :class:`GameState` (``.gs``) plus the dense-index translation."""

    def __init__(self, game: TekhenuGame, gs: GameState | None = None) -> None:
        super().__init__(game)
        self._core = _Core(gs if gs is not None else GameState.new(game.players, seed=0, options=game.options))

    @property
    def gs(self) -> GameState:
        """The rules-core state (read it, do not apply actions to it directly)."""
        return self._core.gs

    # --------------------------------------------------------------- the game
    def current_player(self) -> int:
        """The seat to decide, CHANCE (-1) or TERMINAL (-4, OpenSpiel's id)."""
        if self.gs.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        p = self.gs.current_player()
        return pyspiel.PlayerId.CHANCE if p < 0 else p

    def _legal_actions(self, player: int) -> list[int]:
        return np.flatnonzero(self.gs.legal_mask()).tolist()     # ascending, as OpenSpiel wants

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """[(dense chance index, probability)], sorted by index."""
        return sorted((self.gs.action_index(a, chance=True), p) for a, p in self.gs.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        self.gs.apply_unchecked(self.gs.index_action(action, chance=self.gs.is_chance()))

    def _action_to_string(self, player: int, action: int) -> str:
        return format_action(self.gs.index_action(action, chance=player == pyspiel.PlayerId.CHANCE))

    def is_terminal(self) -> bool:
        return self.gs.is_terminal()

    def returns(self) -> list[float]:
        """Win/loss utilities once the game is over (0 before)."""
        return win_utilities(self.gs)

    def resample_from_infostate(self, player_id: int, probability_sampler=None) -> "TekhenuState":
        """A state of the player's information set: the engine's own determiniser,
        ``observation(player).resample(seed)`` (the seed drawn from the sampler)."""
        u = probability_sampler() if callable(probability_sampler) else np.random.random()
        seed = int(u * (1 << 62))
        return TekhenuState(self.get_game(), self.gs.observation(player_id).resample(seed))

    def __str__(self) -> str:
        return render(self.gs, legal=False)

    # --------------------------------------------------------------- strings for the observer
    def info_string(self, player: int) -> str:
        """Exact text of the player's information state: its observation, serialised."""
        return f"p{player} " + self.gs.observation(player).to_string()

    def obs_string(self, player: int) -> str:
        """Readable text of what the player sees now."""
        return render(self.gs.observation(player), seat=player, legal=False)


class TekhenuObserver:
    """OpenSpiel's PyObserver: the compiled tensors of docs/rl.md."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(_core.observation_tensor_size(), np.float32)
        self.dict = {name: self.tensor[start:start + size] for name, start, size in _core.observation_layout()}

    def set_from(self, state: TekhenuState, player: int) -> None:
        gs = state.gs
        t = gs.information_state_tensor(player) if self.perfect_recall else gs.observation_tensor(player)
        self.tensor[:] = t

    def string_from(self, state: TekhenuState, player: int) -> str:
        return state.info_string(player) if self.perfect_recall else state.obs_string(player)


pyspiel.register_game(_game_type(2), TekhenuGame)


def load(players: int = 2, **options: Any) -> TekhenuGame:
    """The game for a player count and table options (a shortcut of pyspiel.load_game)."""
    return pyspiel.load_game(SHORT_NAME, {"players": players, **options})

