"""Tekhenu as a PettingZoo AEC environment (``pip install "tekhenu-engine[rl]"``).

::

    from tekhenu_engine.pettingzoo import env
    e = env(players=3, render_mode="ansi")
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are ``player_0`` ... ``player_{n-1}`` (seats of the rules core; solo: only
``player_0``, Botankhamun is part of the environment). Observations are dicts with
``observation`` (the float32 tensor of docs/rl.md, ``GameState.observation_tensor``) and
``action_mask`` (int8 over the dense action index, all zeros for an agent that is not to
move); actions are dense indices (``Discrete(N)``). Chance (dice, cards, tiles, Botankhamun's
draws) is resolved inside ``step`` and ``reset`` by the state's own generator, seeded by
``reset(seed=...)``. Rewards: the win/loss utilities of :mod:`tekhenu_engine.rewards` when the
game ends; with ``shaped=True`` also every VP change of each seat divided by 100 as it happens.
The game always ends (16 rounds), so there is no truncation.
"""
from __future__ import annotations


import numpy as np

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as e:  # pragma: no cover - exercised when the extra is missing
    raise ImportError("tekhenu_engine.pettingzoo needs PettingZoo: pip install 'tekhenu-engine[rl]'") from e

from . import _core
from ._core import GameState
from .options import TableOptions
from .render import render as _render_text
from .rewards import VP_SCALE, win_utilities

ENV_NAME = "tekhenu_v0"


def env(players: int = 2, options: TableOptions | dict | None = None, *, render_mode: str | None = None,
        shaped: bool = False, seat_view: int | None = None) -> "TekhenuEnv":
    """The AEC environment (players 1-4; options: table options; shaped: add VP-change rewards).

    seat_view: the seat whose view "ansi"/"rgb_array" render (None: the whole table).
    """
    return TekhenuEnv(players=players, options=options, render_mode=render_mode, shaped=shaped,
                      seat_view=seat_view)


class TekhenuEnv(AECEnv):
    """Tekhenu as an agent-environment-cycle game (see the module docstring)."""

    metadata = {"render_modes": ["ansi", "rgb_array"], "name": ENV_NAME, "is_parallelizable": False}

    def __init__(self, players: int = 2, options: TableOptions | dict | None = None, *,
                 render_mode: str | None = None, shaped: bool = False, seat_view: int | None = None) -> None:
        super().__init__()
        if players not in (1, 2, 3, 4):
            raise ValueError(f"players must be 1 (solo) to 4, not {players!r}")
        if render_mode not in (None, "ansi", "rgb_array"):
            raise ValueError(f"render_mode must be 'ansi' or 'rgb_array', not {render_mode!r}")
        if isinstance(options, dict):
            options = TableOptions.from_dict(options)
        self.table = options or TableOptions()
        self.players = players
        self.render_mode = render_mode
        self.shaped = shaped
        self.seat_view = seat_view
        self.possible_agents = [f"player_{i}" for i in range(players)]
        n_actions = _core.num_distinct_actions(self.table)
        size = _core.observation_tensor_size()
        self._obs_space = spaces.Dict({
            "observation": spaces.Box(low=-np.inf, high=np.inf, shape=(size,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(n_actions,), dtype=np.int8),
        })
        self._act_space = spaces.Discrete(n_actions)
        self.observation_spaces = {a: self._obs_space for a in self.possible_agents}
        self.action_spaces = {a: self._act_space for a in self.possible_agents}
        self.state_: GameState | None = None
        self._mask: np.ndarray | None = None
        self._seed_rng = np.random.default_rng()

    # --------------------------------------------------------------- spaces
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # --------------------------------------------------------------- the cycle
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game; seed fixes every chance outcome of it (None: a fresh random seed)."""
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
        game_seed = int(self._seed_rng.integers(0, 2**63 - 1))
        self.state_ = GameState.new(self.players, seed=game_seed, options=self.table)
        self.state_.resolve_chance()
        self._mask = None
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._vp = self._vps()
        self._select()

    def _vps(self) -> list[int]:
        return self.state_.returns()[: self.players]

    def _select(self) -> None:
        p = self.state_.current_player()
        if p >= 0:
            self.agent_selection = self.possible_agents[p]

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action (a dense index), then resolve chance."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        g = self.state_
        if action is None:
            raise ValueError(f"{agent} must act (None is only for a finished agent)")
        a = int(action)
        if not (0 <= a < self._act_space.n) or not self._legal()[a]:
            raise ValueError(f"action {a} is not legal for {agent} here")
        self._cumulative_rewards[agent] = 0.0
        g.apply_unchecked(g.index_action(a))
        self._mask = None
        g.resolve_chance()
        self.rewards = {x: 0.0 for x in self.agents}
        if self.shaped:
            vp = self._vps()
            for i, x in enumerate(self.possible_agents):
                self.rewards[x] = (vp[i] - self._vp[i]) / VP_SCALE
            self._vp = vp
        if g.is_terminal():
            for x, u in zip(self.possible_agents, win_utilities(g)):
                self.rewards[x] += u
                self.terminations[x] = True
                self.infos[x] = {"vp": g.returns()[self.possible_agents.index(x)], "winner": g.winner()}
        self._accumulate_rewards()
        self._select()      # at the end: the agent that moved, then the dead steps of every agent

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """{"observation": float32 tensor, "action_mask": int8 mask (zeros unless agent moves)}."""
        seat = self.possible_agents.index(agent)
        g = self.state_
        if not g.is_terminal() and g.current_player() == seat:
            mask = self._legal().view(np.int8).copy()
        else:
            mask = np.zeros(self._act_space.n, dtype=np.int8)
        return {"observation": g.observation_tensor(seat), "action_mask": mask}

    def _legal(self) -> np.ndarray:
        """The legal mask of the current decision (computed once per state)."""
        if self._mask is None:
            self._mask = self.state_.legal_mask()
        return self._mask

    # --------------------------------------------------------------- pictures
    def render(self) -> str | np.ndarray | None:
        """"ansi": the text picture; "rgb_array": the SVG board as an RGB array (needs
        tekhenu_engine.svg and cairosvg); None without a render mode."""
        if self.render_mode is None or self.state_ is None:
            return None
        g = self.state_ if self.seat_view is None else self.state_.observation(self.seat_view)
        if self.render_mode == "ansi":
            return _render_text(g, seat=self.seat_view, legal=False)
        return svg_to_rgb(g, self.seat_view)

    def close(self) -> None:
        pass


def svg_to_rgb(g: GameState, seat: int | None = None) -> np.ndarray:
    """The board picture (tekhenu_engine.svg.board_svg) as an (H, W, 3) uint8 array.

    Raises RuntimeError naming what is missing when the SVG board or the rasteriser
    (cairosvg, with Pillow) is not installed.
    """
    try:
        from . import svg as _svg
    except ImportError:
        raise RuntimeError("render_mode 'rgb_array' needs the SVG board (tekhenu_engine.svg), "
                           "which this installation does not have; use render_mode='ansi'") from None
    try:
        import io

        import cairosvg
        from PIL import Image
    except (ImportError, OSError):
        raise RuntimeError("render_mode 'rgb_array' needs cairosvg and Pillow (pip install cairosvg pillow; "
                           "cairosvg needs the system's libcairo)") from None
    text = _svg.board_svg(g, seat=seat)
    png = cairosvg.svg2png(bytestring=text.encode("utf-8"))
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))
