"""Map a function over tasks in worker processes, for the bench scripts, without hanging when a
worker dies.

A ``multiprocessing.Pool`` replaces a worker that dies in the middle of a task (a crash of the
compiled core, the kernel's out-of-memory killer, a ``kill``) and then waits for that task's
result for ever. ``process_map`` uses ``concurrent.futures.ProcessPoolExecutor`` instead, which
notices the dead process: the script stops at once with ``WorkerDied`` naming the function, and
the results it had already yielded (a script that appends each to a file keeps them) stay.

    from workers import process_map
    for result in process_map(play, tasks, jobs=2):                 # in the order of tasks
        ...
    for result in process_map(play, tasks, jobs=2, ordered=False):  # as they end
        ...

Workers are forked (``fork``, as the scripts' pools were), so they inherit the parent's installed
models and weights; ``initializer`` runs once in each worker before its first task.
"""
from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Callable, Iterable, Iterator

from tekhenu_engine.agents.lifetime import end_with_parent


class WorkerDied(RuntimeError):
    """A worker process ended without answering (killed, crashed); the map stopped."""


def _start_worker(initializer: Callable[[], None] | None, parent: int) -> None:
    """A worker's start: it ends once the process that started the map has ended (killed, even by
    SIGKILL, which no ``finally`` sees: before, its workers ran their tasks to the end and then
    waited for new ones for ever), then the caller's initializer."""
    end_with_parent(parent)
    if initializer is not None:
        initializer()


def process_map(fn: Callable[[Any], Any], tasks: Iterable[Any], jobs: int, *, ordered: bool = True,
                initializer: Callable[[], None] | None = None) -> Iterator[Any]:
    """``fn(task)`` for every task on ``jobs`` forked worker processes, yielded in the order of
    ``tasks`` (``ordered=True``) or as each ends. At most ``2 * jobs`` tasks are handed out at a
    time. An exception raised by ``fn`` is raised here as it is; a worker that dies raises
    ``WorkerDied``. Leaving the loop early (an error, ``break``, Ctrl-C) cancels the tasks not yet
    started and ends the workers; if the calling process is killed, they end within a second."""
    if jobs < 1:
        raise ValueError("jobs must be at least 1")
    todo = iter(tasks)
    ex = ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("fork"),
                             initializer=_start_worker, initargs=(initializer, os.getpid()))
    pending: list[Future] = []      # handed out, in the order of tasks

    def refill() -> None:
        while len(pending) < 2 * jobs:
            try:
                task = next(todo)
            except StopIteration:
                return
            pending.append(ex.submit(fn, task))

    # the worker processes, taken when the first tasks are handed out (a forked executor starts all
    # of them then); at the end, those and any it started since are ended
    procs: list = []
    finished = False
    try:
        refill()
        procs = list((getattr(ex, "_processes", None) or {}).values())
        while pending:
            if ordered:
                f = pending.pop(0)
            else:
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                f = next(g for g in pending if g in done)
                pending.remove(f)
            value = f.result()
            refill()            # a broken pool refuses new tasks too (BrokenProcessPool below)
            yield value
        finished = True
    except BrokenProcessPool as e:   # its text tells a death from a failed initializer
        raise WorkerDied(f"a worker process of {getattr(fn, '__name__', fn)!r} died without "
                         f"answering ({e}); the results so far are kept") from None
    finally:
        if finished:
            ex.shutdown(wait=True)
        else:
            # the executor has no public way to stop a task that is running: end its processes, as
            # a Pool's context manager did, rather than wait for tasks whose results nobody reads;
            # then its shutdown has nothing left to wait for, and reaps what it started meanwhile
            procs = [*procs, *(getattr(ex, "_processes", None) or {}).values()]
            for p in procs:
                p.terminate()
            ex.shutdown(wait=True, cancel_futures=True)
            for p in procs:
                p.join(10)
