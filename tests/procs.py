"""Looking at processes from the tests (Linux /proc): the children of a process, and whether one lives."""
from __future__ import annotations

import os


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
