"""An oracle experiment: what would knowing the opponent's secret Decree be worth? (issue 13)

    python bench/peek_decrees.py OUT.jsonl [--games 200] [--iterations 2000] [--seed 61] [--jobs 2]

2-player games of two ISMCTS searches with the same options and budget; side A's search is handed
its observation with the other seat's Decrees in hand revealed (everything else stays masked: the
Decree the other seat put back, the draw piles, the chance generator), side B's the plain
observation. The single-observer tree's opponents play as if they did not know their own Decree and
the searching seat samples that Decree uniformly (docs/search.md, "The tree"), so A's result bounds
what a tree keyed on the opponent's Decree, or an inference of it from the opponent's play, could
gain. This is a measurement harness only: A sees what the rules keep secret (Setup 11: "Decrees
should be kept secret from the other players"), and no agent, protocol command or CLI option of the
package can do so.

Games 2k and 2k+1 share a seed (``seed * match.GAME_SEED_STRIDE + k``, as in `tekhenu match`) with
the seats swapped; both searches use the agent seed ``game seed + 11``. The searches run at fixed iterations, so a run replays exactly.
Each finished game is appended to OUT as one JSON line (``game``, ``seed``, ``sides``, ``vp``,
``winner_side``, ``a``, ``b``), and a run on an existing OUT plays only the games it lacks. Compare
with ``python bench/paired_records.py OUT.jsonl``.
"""
from __future__ import annotations

import argparse
import os
import sys

from tekhenu_engine import GameState, data
from tekhenu_engine.agents.ismcts import ISMCTSAgent
from tekhenu_engine.agents.play import play_out
from tekhenu_engine.enums import hand
from tekhenu_engine.match import GAME_SEED_STRIDE
from tekhenu_engine.notation import CARD_IDS, card_deck

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))   # bench/: resumable_run
from resumable_run import Handed, games_done, play_missing  # noqa: E402

DECREE_DECK = data.CARD_TYPES.index("Decree")   # card_deck() of a Decree (masked in other seats' hands)


def peeked_observation(state: GameState, seat: int) -> GameState:
    """``state.observation(seat)`` with the Decrees in the other seats' hands put back where they
    are (their hidden counts lowered to match); every other hidden card stays unknown."""
    d = state.observation(seat).to_dict()
    truth = state.to_dict()["card_loc"]
    for c in CARD_IDS:
        if card_deck(c) != DECREE_DECK:
            continue
        for p in range(state.num_seats):
            if p != seat and truth[c] == hand(p) and d["card_loc"][c] != truth[c]:
                d["card_loc"][c] = truth[c]
                d["hidden_count"][DECREE_DECK][p] -= 1
    return GameState.from_dict(d)


def game_seed(seed: int, game: int) -> int:
    """The seed of game ``game`` of the run with base seed ``seed`` (games 2k and 2k+1 share it)."""
    return seed * GAME_SEED_STRIDE + game // 2


def play(args: tuple[int, int, int]) -> dict:
    """Game ``game`` of the run (seed ``seed``, ``iterations`` a decision) as its record line."""
    game, seed, iterations = args
    gseed = game_seed(seed, game)
    a_seat = game % 2
    state = GameState.new(2, gseed)
    agents = [ISMCTSAgent(iterations=iterations, seed=gseed + 11) for _ in range(2)]

    def choose(seat: int, obs: GameState) -> int:
        if seat == a_seat:
            return agents[seat].choose(Handed(peeked_observation(state, seat)), seat)
        return agents[seat].choose(obs, seat)

    play_out(state, choose)
    sides = ["a", "b"] if a_seat == 0 else ["b", "a"]
    return {"game": game, "seed": gseed, "sides": sides, "vp": list(state.returns()),
            "winner_side": sides[state.winner()],
            "a": f"ismcts:iterations={iterations} seeing the other seat's Decrees",
            "b": f"ismcts:iterations={iterations}"}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", help="JSON-lines file of the games (appended; games it holds are not replayed)")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--iterations", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=61)
    ap.add_argument("--jobs", type=int, default=2, help="games played at once (processes)")
    a = ap.parse_args(argv)
    if a.games < 1 or a.iterations < 1 or a.jobs < 1:
        print("error: --games, --iterations and --jobs must be at least 1", file=sys.stderr)
        return 2

    def of_this_run(r: dict) -> bool:
        return r.get("b") in (None, f"ismcts:iterations={a.iterations}") and r["seed"] == game_seed(a.seed, r["game"])

    try:
        done = games_done(a.out, of_this_run)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    play_missing(a.out, play, [(g, a.seed, a.iterations) for g in range(a.games) if g not in done], a.jobs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
