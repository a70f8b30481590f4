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


def test_two_dimensional_fields_have_distinct_or_equal_shapes() -> None:
    """2-D fields sharing a first dimension share the second too: Cython's dict -> struct
    conversion (from_dict, from_json) uses one temporary per first dimension."""
    d = GameState.new(2, seed=1).to_dict()
    shapes: dict[int, set[int]] = {}
    for name, v in d.items():
        if isinstance(v, list) and v and isinstance(v[0], list):
            shapes.setdefault(len(v), set()).add(len(v[0]))
    assert all(len(inner) == 1 for inner in shapes.values()), shapes


def test_json_round_trip_keeps_the_score_breakdown() -> None:
    g = GameState.new(2, seed=3)
    g.playout(1)
    h = GameState.from_json(g.to_json())
    assert [h.score_breakdown(p) for p in range(2)] == [g.score_breakdown(p) for p in range(2)]
    assert h == g
