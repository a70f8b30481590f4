"""The trigger layer: "on EVENT gain REWARDS" cards are data rows (data.TRIGGERS) fired by fire().

Rules quoted from the base rulebook, Appendix: Technology Cards, e.g. T01 "Whenever you perform an
Osiris God Action: Score 2 Victory Points", T11 "Whenever you perform any action using a die of
value 1: Score 2 Victory Points".
"""
from __future__ import annotations

import pytest

from tekhenu_engine import GameState, _core, data
from tekhenu_engine.enums import CardLoc, GodFlag
from tekhenu_engine.notation import card_id


def test_effect_table_is_the_data_rows():
    rows = _core._effects()
    assert len(rows) == len(data.TRIGGERS)
    for (ev, cid, god, value, uses, once, rewards), (card, event, dgod, dvalue, duses, donce, drew) in zip(
            rows, data.TRIGGERS):
        assert (cid, data.EVENTS[ev], god, value, bool(uses), bool(once)) == \
               (card_id(card), event, dgod, dvalue, duses, donce)
        assert [tuple(r) for r in rewards] == [tuple(r) for r in drew]


def _holding(card: str, seat: int = 0) -> GameState:
    g = GameState.new(2, seed=5)
    g.resolve_chance()
    d = g.to_dict()
    d["card_loc"][card_id(card)] = CardLoc.HAND + seat
    return GameState._from_dict_trusted(d)


@pytest.mark.parametrize("card,god,gain", [
    ("T01", 5, {"vp": 2}), ("T02", 1, {"vp": 2}), ("T03", 4, {"vp": 2}), ("T20", 4, {"res0": 1}),
    ("T21", 2, {"res1": 1}), ("T04", 0, {"vp": 2, "res3": 1}),
    ("T06", 3, {"vp": 2, "population": 1, "happiness": 1}),
])
def test_god_action_rows(card, god, gain):
    g = _holding(card)
    before = g.to_dict()
    _core._fire(g, 0, "god_action", god, 4)
    after = g.to_dict()
    got = {"vp": after["vp"][0] - before["vp"][0],
           "population": after["population"][0] - before["population"][0],
           "happiness": after["happiness"][0] - before["happiness"][0],
           **{f"res{r}": after["res"][0][r] - before["res"][0][r] for r in range(4)}}
    assert {k: v for k, v in got.items() if v} == gain
    # another god: nothing; another seat: nothing
    other = _holding(card)
    _core._fire(other, 0, "god_action", (god + 1) % 6, 4)
    _core._fire(other, 1, "god_action", god, 4)
    assert other.to_dict()["vp"] == before["vp"] and other.to_dict()["res"] == before["res"]


def test_t11_needs_a_die_of_value_1():
    g = _holding("T11")
    vp = g.field("vp")[0]
    _core._fire(g, 0, "god_action", 2, 2)
    assert g.field("vp")[0] == vp
    _core._fire(g, 0, "god_action", 2, 1, GodFlag.EXTRA)     # an extra action without the die
    assert g.field("vp")[0] == vp
    _core._fire(g, 0, "god_action", 2, 1)
    assert g.field("vp")[0] == vp + 2


def test_once_per_turn_gate(monkeypatch):
    """A row marked once per turn fires at most once in a seat's turn (Time of Seth's gate)."""
    row = ("T03", "god_action", 4, 0, False, True, ((data.K_VP, 5),))
    monkeypatch.setattr(data, "TRIGGERS", (row,))
    try:
        _core._load_effects()
        g = _holding("T03")
        vp = g.field("vp")[0]
        _core._fire(g, 0, "god_action", 4, 3)
        _core._fire(g, 0, "god_action", 4, 3)
        assert g.field("vp")[0] == vp + 5
        d = g.to_dict()
        d["turn_flags"][0] = 0            # a new turn resets the used mask
        g = GameState._from_dict_trusted(d)
        _core._fire(g, 0, "god_action", 4, 3)
        assert g.field("vp")[0] == vp + 10
    finally:
        monkeypatch.undo()
        _core._load_effects()
    assert len(_core._effects()) == len(data.TRIGGERS)


def test_botankhamun_has_no_active_effects():
    g = GameState.new(1, seed=2)
    g.resolve_chance()
    d = g.to_dict()
    d["card_loc"][card_id("T01")] = CardLoc.HAND + 1
    g = GameState._from_dict_trusted(d)
    vp = g.field("vp")[1]
    _core._fire(g, 1, "god_action", 5, 3)
    assert g.field("vp")[1] == vp
