"""What the scripts of bench/ that play their own games share (peek_decrees.py, clairvoyant.py): a
resumable run (which games a JSON-lines file already holds, and playing the others on worker
processes, each record appended as it ends), and the wrapper that hands a search a state it must not
mask again."""
from __future__ import annotations

import json
import os
import sys
from typing import Any, Callable, Iterable

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from workers import process_map  # noqa: E402  (bench/workers.py: a dead worker stops the run)


def games_done(path: str, of_this_run: Callable[[dict], bool]) -> set[int]:
    """The ``game`` numbers the file at `path` holds (none when it does not exist). ValueError with a
    one-line message when a line is a game of another run (`of_this_run` is false) or the file is not
    one of game records."""
    done: set[int] = set()
    try:
        with open(path) as f:
            for no, line in enumerate(f, 1):
                if line.strip():
                    r = json.loads(line)
                    if not of_this_run(r):
                        raise ValueError(f"{path}, line {no}: a game of another run")
                    done.add(r["game"])
    except FileNotFoundError:
        pass
    except (OSError, json.JSONDecodeError, KeyError, TypeError, AttributeError) as e:
        raise ValueError(f"{path}: not a file of this script ({e})") from None
    return done


def play_missing(path: str, play: Callable[[Any], dict], tasks: Iterable[Any], jobs: int) -> None:
    """Play `tasks` with `play` on `jobs` processes (fork), appending each record to `path` as a JSON
    line as soon as it ends, with one line of progress on standard error."""
    with open(path, "a") as f:
        for r in process_map(play, tasks, jobs, ordered=False):
            f.write(json.dumps(r) + "\n")
            f.flush()
            print(f"game {r['game']}: {r['winner_side'].upper()} wins, VP {r['vp']}", file=sys.stderr, flush=True)


class Handed:
    """What such a script hands side A's agent: ``ISMCTSAgent.search`` masks its input again with
    ``observation(seat)``, so this wrapper answers that call with the state it was given (the full
    state for an oracle, a peeked observation for peek_decrees.py)."""

    def __init__(self, state: Any) -> None:
        self.state = state

    def observation(self, seat: int) -> Any:
        return self.state

    def __getattr__(self, name: str) -> Any:
        """Everything else is the state's own (legal_actions, num_players, field: what `choose`
        and the bank read)."""
        if name == "state":            # not set yet (a copy being built): no recursion
            raise AttributeError(name)
        return getattr(self.state, name)
