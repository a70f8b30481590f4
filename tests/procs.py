"""Looking at processes from the tests (Linux /proc): the children of a process, whether one lives,
waiting for a process's children to start and for processes to end."""
from __future__ import annotations

import os
import signal
import time
from typing import Callable


def children(pid: int) -> set[int]:
    """The process ids of the children of `pid` (empty when it has ended)."""
    out: set[int] = set()
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return out
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/children") as f:
                out |= {int(x) for x in f.read().split()}
        except OSError:
            pass
    return out


def alive(pid: int) -> bool:
    """True while the process exists and is no zombie."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def wait_for_children(pid: int, count: int = 1, seconds: float = 60.0,
                      keep: Callable[[int], bool] = lambda c: True) -> set[int]:
    """The live children of `pid` that `keep` accepts, once there are `count` of them; what there
    is when `seconds` have passed or `pid` has ended (the caller asserts on the number)."""
    deadline = time.monotonic() + seconds
    found: set[int] = set()
    while len(found) < count and time.monotonic() < deadline and alive(pid):
        time.sleep(0.05)
        found = {c for c in children(pid) if alive(c) and keep(c)}
    return found


def survivors(pids: set[int], seconds: float) -> list[int]:
    """The processes of `pids` still alive after waiting up to `seconds` for all of them to end.
    They are killed (SIGKILL) before being returned, so that a failing test leaves none running."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and any(alive(p) for p in pids):
        time.sleep(0.05)
    left = [p for p in pids if alive(p)]
    for p in left:
        try:
            os.kill(p, signal.SIGKILL)
        except OSError:
            pass
    return left
