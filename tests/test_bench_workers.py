"""bench/workers.py: the bench scripts' map over worker processes, with the misbehaving worker: one
that dies in the middle of a task must stop the map with an error, not hang it (a
``multiprocessing.Pool`` waits for such a task for ever)."""
from __future__ import annotations

import os
import time

import pytest

from bench_scripts import needs, script

pytestmark = needs(script("workers.py"))

import sys  # noqa: E402

sys.path.insert(0, os.path.dirname(script("workers.py")))
from workers import WorkerDied, process_map  # noqa: E402


def square(x: int) -> int:
    time.sleep(0.01 * (x % 3))      # ends out of order
    return x * x


def die_on_three(x: int) -> int:
    if x == 3:
        os._exit(9)                 # as a crash of the compiled core would: no answer, no exception
    return x


def fail_on_two(x: int) -> int:
    if x == 2:
        raise ValueError("task two is bad")
    return x


def slow_after_zero(x: int) -> int:
    if x:
        time.sleep(60)
    return x


def test_results_in_the_order_of_the_tasks():
    assert list(process_map(square, range(20), jobs=2)) == [x * x for x in range(20)]


def test_unordered_gives_every_result_once():
    assert sorted(process_map(square, range(20), jobs=2, ordered=False)) == [x * x for x in range(20)]


def test_a_worker_that_dies_stops_the_map_with_an_error_and_keeps_what_came_before():
    got = []
    t0 = time.monotonic()
    with pytest.raises(WorkerDied, match="die_on_three"):
        for r in process_map(die_on_three, range(10), jobs=2):
            got.append(r)
    assert time.monotonic() - t0 < 60          # an error, not a hang
    assert got == list(range(len(got))) and len(got) <= 3


def test_an_exception_of_the_task_is_raised_as_it_is():
    with pytest.raises(ValueError, match="task two is bad"):
        list(process_map(fail_on_two, range(5), jobs=2))


def test_leaving_early_ends_the_running_workers():
    import multiprocessing
    gen = process_map(slow_after_zero, range(6), jobs=2)
    assert next(gen) == 0                    # the others are running (60 s each) or waiting
    t0 = time.monotonic()
    gen.close()                              # as a `break` or an error in the caller's loop
    assert time.monotonic() - t0 < 30        # not the 60 s of the running tasks
    assert multiprocessing.active_children() == []


def test_jobs_must_be_positive():
    with pytest.raises(ValueError, match="jobs must be at least 1"):
        list(process_map(square, [1], jobs=0))


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="needs Linux /proc")
def test_the_workers_end_when_the_script_is_killed():
    """The misbehaving peer kills a bench script with SIGKILL in the middle of its map (no finally
    runs): its workers end within a second or so, instead of running their 60 s tasks and then
    waiting for new ones for ever."""
    import subprocess

    from procs import survivors, wait_for_children

    code = ("import sys, time; sys.path.insert(0, sys.argv[1]); from workers import process_map\n"
            "def slow(x):\n    time.sleep(60)\n    return x\n"
            "print(list(process_map(slow, range(4), jobs=2)))\n")
    p = subprocess.Popen([sys.executable, "-c", code, os.path.dirname(script("workers.py"))])
    try:
        workers = wait_for_children(p.pid, 2, 30)
        assert len(workers) >= 2, "the map did not start its workers"
        time.sleep(0.5)
    finally:
        p.kill()
        p.wait(30)
    assert not survivors(workers, 10), "a worker outlived the script that started it"
