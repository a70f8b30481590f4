"""OpenSpiel's Python ISMCTS (or MCTS) plays Tekhenu against this engine.

    python examples/openspiel_vs_engine.py --games 4 --sims 100 --engine-iterations 100
    python examples/openspiel_vs_engine.py --opponent botankhamun --games 4   # solo games

Needs the [openspiel] extra. Against ``engine`` (2 players) the OpenSpiel bot and the engine's
compiled ISMCTS (``tekhenu_engine.agents.ISMCTSAgent``) swap seats every game; against
``botankhamun`` the OpenSpiel bot plays solo games against the automaton (difficulty
``--difficulty``). The OpenSpiel bot sees the game only through the adapter
(``tekhenu_engine.openspiel``): dense actions, information-state strings, the engine's
determiniser as ``resample_from_infostate``; the engine's agent sees ``observation(seat)``.
Prints one line a game and the totals.
"""
from __future__ import annotations

import argparse
import time

import numpy as np

import tekhenu_engine.openspiel as tos
from open_spiel.python.algorithms import ismcts, mcts
from tekhenu_engine.agents.ismcts import ISMCTSAgent


def make_bot(kind: str, game, sims: int, rng: np.random.RandomState):
    """OpenSpiel's ISMCTS or MCTS with one random rollout per leaf."""
    ev = mcts.RandomRolloutEvaluator(1, rng)
    if kind == "ismcts":
        return ismcts.ISMCTSBot(game, ev, uct_c=2.0, max_simulations=sims, random_state=rng)
    return mcts.MCTSBot(game, 2.0, sims, ev, random_state=rng)


def play(game, bot_seat: int, bot, engine: ISMCTSAgent | None, rng: np.random.RandomState) -> tuple:
    """One game; returns (utilities, VP, seconds used by the OpenSpiel bot, by the engine)."""
    s = game.new_initial_state()
    t_bot = t_eng = 0.0
    while not s.is_terminal():
        if s.is_chance_node():
            actions, probs = zip(*s.chance_outcomes())
            s.apply_action(int(rng.choice(actions, p=probs)))
            continue
        p = s.current_player()
        t0 = time.perf_counter()
        if p == bot_seat or engine is None:
            a = bot.step(s)
            t_bot += time.perf_counter() - t0
        else:
            raw = engine.choose(s.gs.observation(p), p)
            a = s.gs.action_index(raw)
            t_eng += time.perf_counter() - t0
        s.apply_action(a)
    return s.returns(), s.gs.returns(), t_bot, t_eng


def main() -> None:
    ap = argparse.ArgumentParser(description="OpenSpiel's ISMCTS/MCTS against this engine")
    ap.add_argument("--opponent", choices=("engine", "botankhamun"), default="engine")
    ap.add_argument("--bot", choices=("ismcts", "mcts"), default="ismcts", help="the OpenSpiel bot")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--sims", type=int, default=100, help="OpenSpiel bot simulations per move")
    ap.add_argument("--engine-iterations", type=int, default=100, help="engine ISMCTS iterations per move")
    ap.add_argument("--difficulty", choices=("easy", "medium", "hard"), default="easy")
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    rng = np.random.RandomState(a.seed)
    if a.opponent == "engine":
        game = tos.load(2)
    else:
        game = tos.load(1, difficulty=a.difficulty)
    wins = 0
    for k in range(a.games):
        bot = make_bot(a.bot, game, a.sims, rng)
        seat = k % 2 if a.opponent == "engine" else 0
        engine = ISMCTSAgent(iterations=a.engine_iterations, seed=a.seed + k) if a.opponent == "engine" else None
        util, vp, t_bot, t_eng = play(game, seat, bot, engine, rng)
        wins += util[seat] > 0
        other = "Botankhamun" if a.opponent == "botankhamun" else "engine"
        print(f"game {k + 1}: OpenSpiel {a.bot} in seat {seat}: {'won' if util[seat] > 0 else 'lost'}, "
              f"VP {vp[seat]} against {other} {vp[1 - seat]}; think time {t_bot:.1f} s vs {t_eng:.1f} s")
    print(f"OpenSpiel {a.bot} ({a.sims} simulations) won {wins} of {a.games} against {a.opponent}")


if __name__ == "__main__":
    main()
