"""An oracle experiment: how much stronger is the solo search when it knows the future? (issue 13)

    python bench/clairvoyant.py OUT.jsonl [--a SPEC] [--b BOT] [--games 100] [--seed 2901] [--jobs 2]
        [--oracle all|bot|world|next | --plain | --pimc K]

Solo games of an ISMCTS SPEC (side A, seat 0) against Botankhamun (side B). Side A's search is handed the
full game state and searches it with ``Searcher(oracle="all")``: no determinisation, the state's own chance
generator, so every roll, draw, Pillar tile, Deben flip and tie-break it meets in a line is the one the
game will deal on that line. ``--oracle bot`` sees only Botankhamun's pyramid order and Deben flips to
come (the rest is drawn at random as in any search), ``--oracle world`` everything but those: the two
parts of what the future is worth. ``--oracle next`` sees only his next Deben flip (the first one each
iteration of the search meets). With the future known the game is a deterministic planning problem against
a fixed opponent; the result bounds what any treatment of chance and hidden cards (more
determinisations, a chance model, a better value of the unknown) could add to this search, and
measures how much of the solo margin the dice and cards to come take away. This is a measurement
harness only: no agent, protocol command or CLI option of the package can see the future.

``--pimc K`` is a legal player for comparison: perfect-information Monte Carlo, which deals K futures
from its observation and searches each with the oracle (the budget shared out), voting by visits.

``--plain`` plays the same games with the same agents without the oracle (the baseline; it gives the
records ``tekhenu match --a SPEC --b BOT --games N --seed S --json`` gives, move for move). Tree reuse
is switched off on both (the oracle's observation is the full state, which the reuse check never
matches), so give ``reuse=0`` in SPEC, and a fixed budget (``iterations=``) so that a run replays.
Game k has the match runner's seed ``seed * GAME_SEED_STRIDE + k``;
side A's agent seed is the game's seed, Botankhamun's the seed plus 1 (as in ``tekhenu match``). Each
finished game is appended to OUT as a match record; a run on an existing OUT plays only the games it
lacks. Compare with ``python bench/paired_records.py ORACLE.jsonl PLAIN.jsonl``.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

from tekhenu_engine import GameState
from tekhenu_engine._search import Searcher
from tekhenu_engine.agents.ismcts import ISMCTSAgent, _merge, _run_budget, _snapshot, search_seed, worker_seed
from tekhenu_engine.agents.play import play_out
from tekhenu_engine.agents.registry import make_agent, parse_spec
from tekhenu_engine.match import MatchConfig, game_seed, new_state
from tekhenu_engine.notation import NOTATION_VERSION, format_action

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))   # bench/: resumable_run
from resumable_run import Handed, games_done, play_missing  # noqa: E402


ORACLE_NAMES = {"all": "sees the future",
                "bot": "sees Botankhamun's pyramid order and Deben flips to come",
                "world": "sees the rolls, draws and tiles to come, not Botankhamun's pyramid and flips",
                "next": "sees Botankhamun's next Deben flip"}


class OracleAgent(ISMCTSAgent):
    """An ISMCTSAgent whose Searcher gets ``oracle=`` (it must be handed the full state)."""

    oracle = "all"

    def _params(self) -> dict:
        return {**super()._params(), "oracle": self.oracle}


class PIMCAgent(ISMCTSAgent):
    """Perfect-information Monte Carlo: a legal player (it sees only its observation). Each decision
    deals ``samples`` futures consistent with the observation (``GameState.resample``: the hidden cards
    and a chance generator), searches each one with an oracle Searcher (the budget shared out), and
    plays the action with the most visits over all of them (``_merge``, as for root-parallel trees)."""

    samples = 4

    def choose(self, observation: GameState, seat: int) -> int:
        legal = observation.legal_actions()
        if len(legal) == 1:
            return legal[0]
        obs = observation.observation(seat)
        base = search_seed(self.seed, obs)
        params = {**ISMCTSAgent._params(self), "oracle": "all"}
        total = self.iterations or 1000
        parts = []
        for k in range(self.samples):
            det = obs.resample(worker_seed(base, k))
            sr = Searcher(det.to_bytes(), seat, seed=worker_seed(base, k), **params)
            _run_budget(sr, total // self.samples + (1 if k < total % self.samples else 0), None, lambda: False)
            parts.append(_snapshot(sr))
        self.last = _merge(parts, seat, 0.0)
        return self.last.best


def recast(agent: ISMCTSAgent, cls: type[ISMCTSAgent], **attrs: object) -> ISMCTSAgent:
    """The SPEC's agent as an instance of `cls` (a subclass that changes one thing), with every setting
    of the SPEC kept and `attrs` set."""
    out = cls.__new__(cls)
    out.__dict__.update(agent.__dict__)
    out.__dict__.update(attrs)
    return out


def run_name(spec: str, plain: bool, pimc: int, oracle: str = "all") -> str:
    """Side A's name in the records of a run."""
    if pimc:
        return f"{spec} (perfect-information Monte Carlo over {pimc} sampled futures)"
    return spec if plain else f"{spec} (oracle: {ORACLE_NAMES[oracle]})"


def play(args: tuple[str, str, int, int, bool, int, str]) -> dict:
    """Game ``game`` of the run as its match record."""
    spec_a, spec_b, seed, game, plain, pimc, which = args
    config = MatchConfig(a=spec_a, b=spec_b, seed=seed, games=game + 1)
    table = config.table()
    gseed = game_seed(config, game)
    agent = make_agent(spec_a, seed=gseed)
    bot = make_agent(spec_b, seed=gseed + 1)
    if pimc:
        agent = recast(agent, PIMCAgent, samples=pimc)
    elif not plain:
        agent = recast(agent, OracleAgent, oracle=which)
    state = new_state(table, gseed)
    rec = {"notation": NOTATION_VERSION, "game": game, "seed": gseed, "base_seed": seed, "table": table,
           "sides": ["a", "b"], "a": run_name(spec_a, plain, pimc, which), "b": spec_b,
           "moves": [], "vp": None, "winner": None, "winner_side": None, "error": None, "faulty_side": None}

    def choose(seat: int, obs: GameState) -> int:
        if seat == 0:
            return agent.choose(obs if plain or pimc else Handed(state), seat)
        return bot.choose(obs, seat)

    t0 = time.perf_counter()
    play_out(state, choose, on_action=lambda st, seat, a: rec["moves"].append(format_action(a)))
    rec["vp"] = state.returns()
    rec["winner"] = state.winner()
    rec["winner_side"] = rec["sides"][rec["winner"]]
    rec["seconds"] = round(time.perf_counter() - t0, 3)
    return rec


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", help="JSON-lines file of the games (appended; games it holds are not replayed)")
    ap.add_argument("--a", default="ismcts:iterations=2000:reuse=0", help="side A: an ismcts SPEC with iterations= and reuse=0")
    ap.add_argument("--b", default="botankhamun:hard:decree8", help="side B: a botankhamun SPEC")
    ap.add_argument("--games", type=int, default=100, help="games of the run (game k has the match seed's k-th seed)")
    ap.add_argument("--seed", type=int, default=2901, help="the base seed (tekhenu match --seed)")
    ap.add_argument("--jobs", type=int, default=2, help="games played at once (processes)")
    ap.add_argument("--plain", action="store_true", help="the baseline: the same games without the oracle")
    ap.add_argument("--oracle", choices=sorted(ORACLE_NAMES), default="all",
                    help="what side A's search sees of the future: all of it (the default), only Botankhamun's "
                         "pyramid order and Deben flips (bot), all but those (world), or only his next flip (next)")
    ap.add_argument("--pimc", type=int, default=0, metavar="K",
                    help="side A plays perfect-information Monte Carlo over K sampled futures (a legal player)")
    a = ap.parse_args(argv)
    if a.games < 1 or a.jobs < 1 or a.pimc < 0 or (a.pimc and a.plain):
        print("error: --games and --jobs must be at least 1, --pimc at least 0 and not with --plain",
              file=sys.stderr)
        return 2
    try:
        sa, sb = parse_spec(a.a), parse_spec(a.b)
        if sa.kind != "ismcts" or sb.kind != "botankhamun":
            raise ValueError("--a must be an ismcts SPEC and --b a botankhamun SPEC")
        if sa.options.get("reuse") not in ("0", "false", "False", "no"):
            raise ValueError("--a must switch tree reuse off (reuse=0): the oracle cannot reuse its tree")
        if "iterations" not in sa.options or "movetime" in sa.options:
            raise ValueError("--a must set iterations= and no movetime= (a fixed budget: the runs replay)")
        if "jobs" in sa.options:
            raise ValueError("--a: one process a search (no jobs=)")
        make_agent(a.a)
        MatchConfig(a=a.a, b=a.b).table()
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    name = run_name(a.a, a.plain, a.pimc, a.oracle)
    try:
        done = games_done(a.out, lambda r: r.get("a") == name and r.get("b") == a.b and r.get("base_seed") == a.seed)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    play_missing(a.out, play, [(a.a, a.b, a.seed, g, a.plain, a.pimc, a.oracle)
                               for g in range(a.games) if g not in done], a.jobs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
