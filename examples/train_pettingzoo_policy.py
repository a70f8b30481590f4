"""A short policy-gradient run through the PettingZoo env: a learner against the random agent.

    python examples/train_pettingzoo_policy.py --games 2000 --eval 300     # a few minutes on a CPU

The policy is a masked softmax over the dense action index, logits = b + W x, where x are a
few features of the observation tensor (the learner's own stock row: VP, Happiness,
Population, Gold, Scribes, Faith, the four Resources, scaled as in docs/rl.md) and b, W are
learned by REINFORCE with a running-mean baseline. The return of a game is the learner's
win/loss utility plus its shaped VP reward (``env(shaped=True)``: VP gained / 100). The
learner swaps seats with a uniformly random opponent every game. Before and after training it
plays ``--eval`` games (greedy: the most probable legal action) against the random agent and
prints the win rates and mean VP. docs/rl.md records a measured run.
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from tekhenu_engine import _core
from tekhenu_engine.pettingzoo import env

# the learner's own row of the "players" block (row 0 is the observing seat): offsets from the
# block start of VP, Happiness, Population, Gold, Scribes, Faith and the four Resources
_PLAYERS = {name: start for name, start, _ in _core.observation_layout()}["players"]
FEATURES = np.array([_PLAYERS + 6 + i for i in range(10)])


class Policy:
    """Masked softmax, logits = b + W x (x: FEATURES of the tensor and a constant 1)."""

    def __init__(self, n_actions: int, rng: np.random.Generator) -> None:
        self.b = np.zeros(n_actions)
        self.W = np.zeros((n_actions, len(FEATURES)))
        self.rng = rng

    def probs(self, obs: dict) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        legal = np.flatnonzero(obs["action_mask"])
        x = obs["observation"][FEATURES].astype(np.float64)
        z = self.b[legal] + self.W[legal] @ x
        z = np.exp(z - z.max())
        return legal, z / z.sum(), x

    def act(self, obs: dict, greedy: bool = False) -> tuple[int, tuple]:
        legal, p, x = self.probs(obs)
        k = int(np.argmax(p)) if greedy else int(self.rng.choice(len(legal), p=p))
        return int(legal[k]), (legal, p, x, k)


def play(e, policy: Policy, seat: int, rng: np.random.Generator, seed: int, greedy: bool):
    """One game: the learner in `seat`, the random agent elsewhere. Returns (return, won, VP, trace)."""
    e.reset(seed=seed)
    me = e.possible_agents[seat]
    ret, trace = 0.0, []
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        if agent == me:
            ret += reward
        if term or trunc:
            e.step(None)
            continue
        if agent == me:
            a, step = policy.act(obs, greedy)
            trace.append(step)
        else:
            a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        e.step(a)
    g = e.state_
    return ret, g.winner() == seat, g.returns()[seat], trace


def evaluate(policy: Policy, games: int, seed: int) -> tuple[float, float]:
    e = env(players=2)
    rng = np.random.default_rng(seed)
    wins, vp = 0, 0
    for k in range(games):
        _, won, v, _ = play(e, policy, k % 2, rng, seed + k, greedy=True)
        wins += won
        vp += v
    return wins / games, vp / games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000, help="training games")
    ap.add_argument("--eval", type=int, default=300, help="evaluation games before and after")
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    rng = np.random.default_rng(a.seed)
    policy = Policy(_core.num_distinct_actions(), rng)
    t0 = time.perf_counter()
    w0, vp0 = evaluate(policy, a.eval, seed=10**6)
    print(f"before: win rate {w0:.3f} against random, mean VP {vp0:.1f} ({a.eval} games)")
    e = env(players=2, shaped=True)
    baseline = 0.0
    for k in range(a.games):
        ret, _, _, trace = play(e, policy, k % 2, rng, a.seed + k, greedy=False)
        adv = ret - baseline
        baseline += 0.02 * (ret - baseline)
        for legal, p, x, i in trace:
            g = -p
            g[i] += 1.0
            policy.b[legal] += a.lr * adv * g
            policy.W[legal] += a.lr * adv * np.outer(g, x)
        if (k + 1) % 500 == 0:
            print(f"  {k + 1} games, running mean return {baseline:.3f}, {time.perf_counter() - t0:.0f} s")
    w1, vp1 = evaluate(policy, a.eval, seed=10**6)
    print(f"after {a.games} games: win rate {w1:.3f} against random, mean VP {vp1:.1f} ({a.eval} games)")
    print(f"total {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
