"""A misbehaving engine for the match runner's tests: ``python fake_engine.py MODE [N]``.

It speaks enough of the protocol to be a ``cmd:`` side and then fails the way MODE says:

* ``good``     plays a random legal move (the observation it is given decides the legal moves);
* ``crash``    exits with status 3 at the first ``go`` (``crash N``: at the N-th ``go`` of its life);
* ``hang``     never answers ``go`` (but reads on);
* ``flood``    answers ``go`` with endless ``info`` lines and never a ``bestmove``;
* ``garbage``  answers ``go`` with garbage lines and ``bestmove`` of a token that is no move;
* ``nouciok``  never completes the handshake (prints ``id`` lines, no ``uciok``);
* ``illegal``  answers with a well-formed move that is not legal at the step;
* ``silent``   reads everything and prints nothing at all.
"""
from __future__ import annotations

import random
import sys
import time


def main() -> int:
    mode = sys.argv[1] if len(sys.argv) > 1 else "good"
    n_crash = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    from tekhenu_engine import GameState
    from tekhenu_engine.notation import format_action

    rng = random.Random(1)
    state = None
    gos = 0
    out = sys.stdout
    for line in sys.stdin:
        words = line.split()
        if not words or mode == "silent":
            continue
        cmd = words[0]
        if cmd == "uci":
            print("id name fake", flush=True)
            if mode == "nouciok":
                continue
            print("option name Seed type spin default 0 min 0 max 2147483647", flush=True)
            print("uciok", flush=True)
        elif cmd == "isready":
            print("readyok", flush=True)
        elif cmd == "position" and words[1:2] == ["state"]:
            state = GameState.from_string(words[2])
        elif cmd == "go":
            gos += 1
            if mode == "crash" and gos >= n_crash:
                sys.exit(3)
            if mode == "hang":
                continue
            if mode == "flood":
                while True:
                    out.write("info string still thinking\n" * 100)
                    out.flush()
            if mode == "garbage":
                print("\x00\x01 garbage \u2603", flush=True)
                print("bestmove not-a-move!!", flush=True)
                continue
            legal = state.legal_actions()
            if mode == "illegal":
                others = [a for a in GameState.new(2, 0).legal_actions() if a not in legal]
                token = format_action(others[0]) if others else "pass"
                print(f"bestmove {token}", flush=True)
                continue
            print(f"bestmove {format_action(rng.choice(legal))}", flush=True)
        elif cmd == "quit":
            return 0
    time.sleep(0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
