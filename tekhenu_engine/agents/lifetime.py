"""Worker processes that end with the process that started them.

A worker (a root-parallel search process, a match process, a bench script's pool worker) whose
parent has ended has no one left to read its result or to tell it to stop; the parent may have
ended in a way no ``finally`` sees (SIGKILL, the out-of-memory killer). :func:`end_with_parent`
makes such a worker end by itself.
"""
from __future__ import annotations

import multiprocessing
import os
import threading
import time
from typing import Callable

CHECK_S = 0.1  # how often the watch looks at the parent


def end_with_parent(parent: int | None = None, before_exit: Callable[[], None] | None = None) -> None:
    """Start a daemon thread that ends this process (``os._exit(1)``) once `parent` has ended,
    however it ended; ``before_exit`` runs first (its errors are ignored: the process goes anyway).

    `parent`: the pid to outlive no longer than CHECK_S; by default the one multiprocessing
    recorded before it started this process (or the parent now). An ended parent is seen as a
    change of ``os.getppid()``: the process is handed to another (init or a subreaper)."""
    if parent is None:
        known = multiprocessing.parent_process()
        parent = known.pid if known is not None and known.pid is not None else os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(CHECK_S)
        if before_exit is not None:
            try:
                before_exit()
            except Exception:
                pass
        os._exit(1)

    threading.Thread(target=watch, name="end-with-parent", daemon=True).start()
