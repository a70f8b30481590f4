"""Type stubs of the compiled search (tekhenu_engine/_search.pyx)."""
from typing import Any

REWARDS: dict[str, int]
PLAYOUTS: dict[str, int]
MARGIN_WEIGHTS: dict[int, float]
MAST_WEIGHTS: dict[int, float]
MAST_MAX: float
HIST_WEIGHTS: dict[int, float]
HIST_MAX: float
WIDEN_MAX: float
DEPTH_VP_MAX: float
CHANCE_MODES: tuple[str, ...]
ORACLES: tuple[str, ...]
VP_CATEGORIES: tuple[str, ...]
EVALS: dict[str, int]
EVAL_FEATURE_VERSION: int
EVAL_FEATURE_NAMES: tuple[str, ...]
EVAL_ROWS: tuple[str, ...]
AUTO_PLAYOUT: dict[int, str]
PT_FEATURE_NAMES: tuple[str, ...]
PT_PARAM_NAMES: tuple[str, ...]
PT_ROW_NAMES: tuple[str, ...]


class Searcher:
    """One ISMCTS tree for the decision of `seat` in an observation (to_bytes() of it)."""

    iterations: int

    def __init__(self, observation: bytes, seat: int, seed: int = 0, c_uct: float = 0.4,
                 reward: str = "auto", playout: str = "auto", cutoff: int = 0,
                 max_nodes: int = 2000000, flat: bool = False, margin_weight: float | None = None,
                 eval: str = "static", prior: float = 0.0, chance: str = "split",
                 mast: float | None = None, mast_half: float = 0.0, mast_freeze: int = 0,
                 mix: float = 0.0, depth_vp: float = 0.0, oracle: str = "off",
                 hist: float | None = None, widen: float = 0.0) -> None:
        """ValueError when the bytes are not a state, the seat is not to decide, or an option is bad.
        oracle ("off", "all", "bot", "world", "next"; ORACLES) is a measurement harness's switch that needs the
        full game state (bench/clairvoyant.py), never a way to play."""
    @staticmethod
    def node_bytes() -> int:
        """Memory of one tree node in bytes."""
    @property
    def nodes_used(self) -> int:
        """Nodes in the tree."""
    def run(self, max_iterations: int = -1, max_seconds: float = -1.0) -> int:
        """Add iterations (GIL released); returns the iterations run."""
    def request_stop(self) -> None:
        """End a running run() after its current iteration."""
    def top_visits(self) -> tuple[int, int]:
        """Visits of the most and the second most visited root child (0 where there is none)."""
    def root_stats(self) -> list[dict[str, Any]]:
        """Statistics of every child of the root."""
    def reroot(self, action: int, observation: bytes) -> bool:
        """Keep the subtree below the searching seat's action for its next decision (tree reuse)."""
    def totals(self) -> tuple[int, int, float, float]:
        """(iterations, nodes, sum of win chances, sum of margins)."""
    def tree_shape(self) -> list[tuple[int, int, bool]]:
        """(visits, children, whether the children are a visible decision's actions) of every node, root first."""
    def pv(self, max_len: int = 200) -> list[tuple[int, int]]:
        """Most visited line from the root: [(seat or -1, action or -1)]."""


def static_estimate(state: bytes) -> list[float]:
    """The static evaluation's estimated final VP of every seat."""
def reward_terms(state: bytes, margin_weight: float, centre: Any, bonus: Any = None) -> dict[str, list[float]]:
    """The margin reward of every seat as an iteration computes it (with depth_vp='s bonus)."""
def playout_decisions(observation: bytes, seed: int = 0, policy: str = "auto") -> tuple[bytes, list[int]]:
    """A playout to the end: (the final state's bytes, the decisions each seat took)."""
def greedy_choice(observation: bytes, seat: int, seed: int = 0, samples: int = 2) -> int:
    """The greedy one-step action."""
def check_depth_vp(depth_vp: float, mix: float = 0.0) -> None:
    """ValueError unless depth_vp is in [0, DEPTH_VP_MAX] and, when on, mix is off."""
def check_c_uct(c_uct: float) -> None:
    """ValueError unless the UCT exploration constant is a finite number above 0."""
def check_hist(hist: float | None) -> None:
    """ValueError unless the weight of progressive history is in [0, HIST_MAX] (None: the default)."""
def check_widen(widen: float) -> None:
    """ValueError unless the constant of progressive widening is in [0, WIDEN_MAX]."""
def check_mast_options(mast: float | None, mast_half: float = 0.0, mast_freeze: int = 0) -> None:
    """ValueError naming the option unless the move averages' options are valid."""
def playout_reads_tuned_weights(name: str) -> bool:
    """Whether the playout reads the tuned policy's weights ("auto": for some table)."""
def policy_choice(observation: bytes, seat: int, seed: int = 0, playout: str = "heuristic") -> int:
    """One action of the playout policy."""
def playout_margins(states: Any, seats: Any, playouts: int, seed: int = 0,
                    policy: str = "auto") -> Any:
    """Mean final margin of `playouts` playouts from each observation (float64 array)."""
def policy_match(players: int, games: int, seed: int = 0, heuristic_seats: int = 1,
                 policy: str = "heuristic", other: str = "random",
                 options: Any = None, other_row: Any = None) -> tuple[list[int], list[float]]:
    """Games between playout policies: (wins per seat, mean VP per seat); `other_row`: the other
    seats' row of tuned weights (with other="tuned")."""
def eval_set_model(weights: list[list[float]], scale: float) -> None:
    """Install the learned evaluation's weights (EVAL_ROWS rows of EVAL_FEATURE_NAMES) and win scale."""
def eval_model_loaded() -> bool:
    """True once a model is installed."""
def margin_set_model(weights: Any) -> None:
    """Install the margin model: 109 weights (the seat's features, the best other seat's, a constant)."""
def margin_model_loaded() -> bool:
    """True once a margin model is installed."""
def margin_value_of(state: bytes, seat: int) -> float:
    """The installed margin model's estimated final margin of `seat`."""
def eval_features_of(state: bytes, seat: int) -> list[float]:
    """The evaluation features of `seat` in a state."""
def eval_estimate(state: bytes) -> list[float]:
    """Estimated final VP of every seat by the installed model."""
def playout_set_weights(weights: Any) -> None:
    """Install the tuned playout policy's weights: shape (PT_ROW_NAMES, PT_PARAM_NAMES)."""
def playout_weights() -> Any:
    """The installed weights of the tuned playout policy (a numpy array)."""
def playout_loaded() -> bool:
    """True once weights of the tuned playout policy are installed."""
def eval_selfplay(players: int, games: int, seed: int = 0, options: Any = None, every: int = 6,
                  policy: str = "heuristic") -> tuple[Any, ...]:
    """Training data of compiled self-play: (X, togo, margin, win, row, game, vp) numpy arrays."""
