"""Rules fingerprint: one digest of what the rules core computes on many seeded random games.

Run ``python bench/fingerprint.py`` before and after a change that must not change the rules
(a speed-up, a refactoring): the digest must stay identical. It hashes, at every step of a few
hundred random 2-, 3- and 4-player games (and solo games when Botankhamun is built):

* the legal actions in order (the order is part of the contract) or, at a chance step, the
  outcomes with their probabilities and the outcome ``sample_chance`` draws;
* the state bytes (``GameState.to_bytes()``) after every applied action;
* at regular steps, the final state of a compiled random playout (``GameState.playout``) from
  that position, and for every game count the totals of ``random_playouts`` (the compiled
  loop's decision count depends on every list length it saw).

Usage: ``python bench/fingerprint.py [--games N] [--verbose]``.
"""
from __future__ import annotations

import argparse
import hashlib
import random
import struct

from tekhenu_engine import _core
from tekhenu_engine._core import GameState


def _ints(values: list[int]) -> bytes:
    return struct.pack(f"<{len(values)}i", *values)


def game_digest(players: int, seed: int, h: "hashlib._Hash", playout_every: int = 25) -> int:
    """Play one seeded random game through the Python API, feeding h; returns its step count."""
    g = GameState.new(players, seed=seed)
    rnd = random.Random(seed * 7919 + players)
    step = 0
    h.update(g.to_bytes())
    while not g.is_terminal():
        if g.is_chance():
            outs = g.chance_outcomes()
            h.update(b"C" + _ints([a for a, _ in outs]))
            h.update(struct.pack(f"<{len(outs)}d", *[pr for _, pr in outs]))
            a = g.sample_chance()
            h.update(_ints([a]))
        else:
            legal = g.legal_actions()
            h.update(b"D" + _ints([g.current_player()] + legal))
            a = rnd.choice(legal)
        if step % playout_every == 0:
            c = g.clone()
            c.playout(seed * 31 + step)
            h.update(b"P" + c.to_bytes())
        g.apply(a)
        h.update(g.to_bytes())
        step += 1
    h.update(_ints(g.returns() + [g.winner()]))
    return step


def fingerprint(games: int = 300, verbose: bool = False) -> str:
    """The digest over `games` games per player count (plus the compiled loops' totals)."""
    h = hashlib.sha256()
    counts = [2, 3, 4]
    counts.insert(0, 1)
    for players in counts:
        sub = hashlib.sha256()
        steps = 0
        for seed in range(games):
            steps += game_digest(players, seed, sub)
        for seed in range(3):
            sub.update(_ints(list(_core.random_playouts(players, 200, seed))))
        res = _core.checked_random_games(players, 50, seed=11)
        sub.update(_ints([res["games"], res["decisions"], res["chances"], res["failure"] is None]))
        if verbose:
            print(f"{players} players: {games} games, {steps} steps, {sub.hexdigest()[:16]}")
        h.update(sub.digest())
    return h.hexdigest()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300, help="games per player count")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    print(fingerprint(args.games, args.verbose))


if __name__ == "__main__":
    main()
