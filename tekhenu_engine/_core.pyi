"""Type stubs of the compiled rules core (tekhenu_engine/_core.pyx)."""
from typing import Any, NamedTuple

import numpy as np

from .options import TableOptions

STATE_VERSION: int
CHANCE: int
TERMINAL: int
DEF_VERSION: int
VP_CATEGORIES: tuple[str, ...]
OPTION_BITS: dict[str, int]
DIFFICULTIES: dict[str, int]
STEP_TYPES: dict[str, int]
STEP_NAMES: dict[int, str]
CODES: dict[str, Any]
SETH_CODES: dict[str, int]
SETH_FIELDS_OFF: dict[str, Any]
SETH_SETUP_ORDER: tuple[tuple[int, str, str], ...]
BOT_LOG_FIELDS: tuple[str, ...]
INVARIANT_NAMES: dict[int, str]
ENC_OBS_VERSION: int
OLD_STATE_VERSIONS: tuple[int, ...]
OLD_NVP: int
SETH_CARDS_OUT_FORMAT3: tuple[str, ...]
APPENDED_FIELDS: dict[str, Any]
VIZIER_FIELDS_OFF: dict[str, Any]
# the enums of _core.pxd by name (tekhenu_engine.enums wraps them as IntEnums)
ENUMS: dict[str, dict[str, int]]
ACTION_KINDS: dict[str, int]
ACTION_CODES: dict[str, int]
CARD_LOCATIONS: dict[str, int]
DIE_LOCATIONS: dict[str, int]
GAIN_ITEMS: dict[str, int]
GOD_FLAGS: dict[str, int]
OPTION_CODES: dict[str, int]
VP_CODES: dict[str, int]
COST_SHIFTS: dict[str, int]
DECKS: dict[str, Any]


class Step(NamedTuple):
    """The pending step: type (an int of STEP_TYPES), seat (-1: none) and four arguments."""
    type: int
    seat: int
    a: int
    b: int
    c: int
    d: int

    @property
    def name(self) -> str:
        """The step type's name, e.g. "D_TAKE"."""


class GameState:
    """A Tekhenu position with an OpenSpiel-style API (mutable, not hashable)."""

    __hash__: None  # type: ignore[assignment]

    @staticmethod
    def new(players: int = 2, seed: int = 0, options: TableOptions | dict[str, Any] | None = None,
            **kw: Any) -> GameState:
        """A new game at its first decision (players 1 = solo, 2-4); ValueError on a bad option."""
    def clone(self) -> GameState:
        """An independent copy."""
    def __copy__(self) -> GameState: ...
    def __eq__(self, other: object) -> bool: ...
    def num_players(self) -> int:
        """Players at the table (1 = solo)."""
    @property
    def num_seats(self) -> int:
        """Seats with pieces on the board (2 in solo)."""
    def table_options(self) -> TableOptions:
        """The table options this game was set up with."""
    def current_player(self) -> int:
        """Seat to decide, CHANCE (-1) at a chance step, TERMINAL (-2) at the end."""
    def is_chance(self) -> bool:
        """True when the next step is a chance event."""
    def is_terminal(self) -> bool:
        """True when the game is over."""
    def step_type(self) -> int:
        """The type of the pending step (0 at the end)."""
    def step(self) -> Step | None:
        """The pending step as a Step named tuple, None at the end."""
    def legal_actions(self) -> list[int]:
        """Legal actions (chance outcomes at a chance step; HiddenChanceError at a hidden draw)."""
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """[(outcome, probability)] at a chance step, [] otherwise (HiddenChanceError at a hidden draw)."""
    def apply(self, action: int) -> None:
        """Apply a legal action or outcome; ValueError (state unchanged) if illegal."""
    def apply_unchecked(self, action: int) -> None:
        """Apply without the legality check (an illegal action is undefined behaviour)."""
    def sample_chance(self) -> int:
        """Draw the pending chance outcome (not applied); ValueError / HiddenChanceError."""
    def apply_chance(self) -> int:
        """Sample and apply the pending chance outcome; returns it."""
    def resolve_chance(self) -> list[int]:
        """Apply sampled outcomes until a seat decides or the game ends; returns them."""
    def returns(self) -> list[int]:
        """VP of every seat."""
    def winner(self) -> int:
        """Winning seat by the rulebook's tie-breaks."""
    def turn_order(self) -> list[int]:
        """Seats in turn order."""
    def score_breakdown(self, seat: int) -> dict[str, int]:
        """VP gained by category so far."""
    def playout(self, seed: int = 0) -> None:
        """Random play to the end in compiled code (HiddenChanceError on an observation)."""
    def observation(self, seat: int) -> GameState:
        """The state as seat sees it (hidden cards unknown, generator masked)."""
    def resample(self, seed: int) -> GameState:
        """A full state consistent with this observation."""
    def to_bytes(self) -> bytes:
        """The raw state (fixed size)."""
    @staticmethod
    def layout() -> tuple[int, int]:
        """(sizeof(State), bytes of its fields)."""
    @staticmethod
    def from_bytes(raw: bytes) -> GameState:
        """Load to_bytes() output; StateError (a ValueError naming the field) when not consistent."""
    def to_string(self) -> str:
        """Compact text form 'tk1:...'."""
    @staticmethod
    def from_string(text: str) -> GameState:
        """Load to_string() output; ValueError / StateError when malformed or not consistent."""
    def to_dict(self) -> dict[str, Any]:
        """Every field of the state as plain Python data."""
    def to_json(self, indent: int | None = None) -> str:
        """A readable JSON document of the state."""
    @staticmethod
    def from_dict(d: dict[str, Any]) -> GameState:
        """Load to_dict() data; StateError (a ValueError naming the field) when not consistent."""
    @staticmethod
    def from_json(text: str) -> GameState:
        """Load to_json() output; ValueError / StateError when malformed or not consistent."""
    def field(self, name: str) -> Any:
        """One field of the state by name (KeyError if unknown)."""
    def push_step(self, type: int, seat: int = -1, a: int = 0, b: int = 0, c: int = 0, d: int = 0) -> None:
        """Push one step and run forward (analysis positions); ValueError, state unchanged, if invalid."""
    def set_field(self, name: str, value: Any) -> None:
        """Overwrite one field; the result is validated as by from_dict."""
    # dense actions and tensors (docs/rl.md)
    def action_index(self, action: int, chance: bool | None = None) -> int:
        """Dense index of a decision in [0, N) or of a chance outcome in [0, NC)."""
    def index_action(self, index: int, chance: bool = False) -> int:
        """The action of a dense index; ValueError if out of range."""
    def legal_mask(self) -> np.ndarray:
        """Bool array over the dense index of the pending step's legal actions or outcomes."""
    def observation_tensor(self, seat: int) -> np.ndarray:
        """float32 features of what seat sees now (no hidden information)."""
    def information_state_tensor(self, seat: int) -> np.ndarray:
        """float32 features of what seat knows (its view plus what it remembers)."""


def take_fields(x: int) -> tuple[int, int, int]:
    """(section, colour, value) of a K_TAKE payload (flags in ACTION_CODES: TAKE_NO_ACTION, TAKE_ANUBIS)."""
def make_take(section: int, colour: int, value: int) -> int:
    """The K_TAKE payload of a die (no flag): the inverse of take_fields."""
def random_playouts(players: int, games: int, seed: int = 0, difficulty: int = 0, options: int = -1) -> tuple[int, int]:
    """Random games in compiled code: (games, decisions)."""
def checked_random_games(players: int, games: int, seed: int = 0, **options: Any) -> dict[str, Any]:
    """Random games with every invariant checked after every step."""
def vizier_recount_games(games: int, seed: int = 0) -> dict[str, Any]:
    """Random Vizier games step by step, the Vizier VP counted again from the takes."""
def vizier_tables() -> dict[str, Any]:
    """The Vizier's C tables: VP, must move, the area rows as (option bit, areas)."""
def time_core_calls(players: int = 2, calls: int = 200000, seed: int = 0) -> dict[str, float]:
    """Seconds per call of clone, legal-move generation and apply."""
def num_distinct_actions(options: Any = None) -> int:
    """N: the size of the dense index of player decisions."""
def num_chance_outcomes(options: Any = None) -> int:
    """NC: the size of the dense index of chance outcomes."""
def action_kind_table() -> list[tuple[int, bool, int, int]]:
    """[(kind, chance space?, first index, size)]: the layout of the dense index."""
def action_kind_table_seth() -> list[tuple[int, bool, int, int]]:
    """[(kind, chance space?, first index, size)]: what Time of Seth appends to the dense index."""
def enc_check_random_games(players: int, games: int, seed: int = 0, options: int = 3,
                           difficulty: int = 0) -> dict[str, Any]:
    """Exhaustive compiled check of the dense index over random games."""
def observation_tensor_size(players: int | None = None) -> int:
    """Length of the observation and information-state tensors."""
def observation_layout() -> list[tuple[str, int, int]]:
    """[(block, first index, length)] of the tensors."""
