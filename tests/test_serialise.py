"""States serialise to a compact string and to readable JSON, both loading back identically."""
from __future__ import annotations

import json
import random

import pytest

from tekhenu_engine._core import GameState


def states():
    g = GameState.new(4, seed=3)
    rnd = random.Random(3)
    out = [g.clone()]
    while not g.is_terminal():
        if g.is_chance():
            g.apply_chance()
        else:
            g.apply(rnd.choice(g.legal_actions()))
        if rnd.random() < 0.05:
            out.append(g.clone())
    out.append(g.clone())
    return out


def test_string_and_json_round_trip() -> None:
    for g in states():
        s = g.to_string()
        assert s.startswith("tk1:") and " " not in s
        assert GameState.from_string(s) == g
        doc = g.to_json()
        assert isinstance(json.loads(doc), dict)
        assert GameState.from_json(doc) == g


def test_clone_is_independent() -> None:
    g = GameState.new(2, seed=1)
    g.resolve_chance()
    c = g.clone()
    c.apply(c.legal_actions()[0])
    assert c != g


@pytest.mark.parametrize("bad", ["", "tk1:", "tk1:!!!", "xx:abc", "tk1:" + "A" * 40])
def test_malformed_strings_are_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        GameState.from_string(bad)


def test_impossible_values_are_refused() -> None:
    g = GameState.new(2, seed=1)
    d = g.to_dict()
    d["nplayers"] = 7
    with pytest.raises(ValueError):
        GameState.from_dict(d)
    d = g.to_dict()
    d["happiness"][0] = 30
    with pytest.raises(ValueError):
        GameState.from_dict(d)
    with pytest.raises(ValueError):
        GameState.from_json("[1, 2]")
    with pytest.raises(ValueError):
        GameState.from_json("{")


def test_state_struct_has_no_padding() -> None:
    """Equal states must have equal bytes (clone, hashing, the compact string)."""
    size, fields = GameState.layout()
    assert size == fields
