"""The scripts of bench/ for the tests that run them: the path of one, the mark that skips a test
module in a copy without bench/ (an installed wheel ships only the package), loading a script
as a module to call its functions, running it, and making the match records it reads."""
from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from types import ModuleType

import pytest

BENCH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench")


def script(name: str) -> str:
    """The path of bench/<name>."""
    return os.path.join(BENCH, name)


def needs(path: str) -> pytest.MarkDecorator:
    """Skip the module's tests when the script at `path` is not in this copy."""
    return pytest.mark.skipif(not os.path.isfile(path), reason="bench/ is not in this copy")


def load(path: str) -> ModuleType:
    """The script at `path` imported as a module (its ``main`` is not run)."""
    name = os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def run(path: str, *args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    """Run the script at `path` with `args` in this Python, its output captured as text."""
    return subprocess.run([sys.executable, path, *args], capture_output=True, text=True, timeout=timeout)


def match(out, *args: str):
    """Play ``tekhenu match ARGS --out OUT --quiet`` in a subprocess and assert that it succeeded;
    returns `out`."""
    p = subprocess.run([sys.executable, "-m", "tekhenu_engine.cli", "match", *args, "--out", str(out), "--quiet"],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    return out


def engine_decisions_by_hand(rec: dict, every: int, take):
    """Replay a solo record by hand, independently of the scripts: ``take(state)`` at every decision of
    the engine's seat 0 whose number k (counting every decision) has k % every == the game's seed %
    every, as the scripts sample them; returns (the values, the final VP)."""
    from tekhenu_engine.match import new_state
    from tekhenu_engine.notation import parse_action
    st = new_state(rec["table"], rec["seed"])
    want, k = [], 0
    for tok in rec["moves"]:
        if not st.is_chance() and not st.is_terminal():
            if st.current_player() == 0 and k % every == rec["seed"] % every:
                want.append(take(st))
            k += 1
        st.apply(parse_action(tok))
    return want, st.returns()

