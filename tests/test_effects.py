"""The trigger layer: "on EVENT gain REWARDS" cards are data rows (data.TRIGGERS) fired by fire().

Rules quoted from the base rulebook, Appendix: Technology Cards, e.g. T01 "Whenever you perform an
Osiris God Action: Score 2 Victory Points", T11 "Whenever you perform any action using a die of
value 1: Score 2 Victory Points"; Appendix: Pillar Tiles, Starting Cards and Destiny Cards for the
source events (each test below quotes its card from data.CARD_TEXT).
"""
from __future__ import annotations

import pytest

from tekhenu_engine import GameState, _core, data
from tekhenu_engine.enums import CardLoc, GodFlag
from tekhenu_engine.notation import card_id


def test_effect_table_is_the_data_rows():
    rows = _core._effects()
    assert len(rows) == len(data.TRIGGERS)
    # the core groups the rows by event, in data order within an event
    ordered = [t for e in data.EVENTS for t in data.TRIGGERS if t[1] == e]
    for (ev, cid, god, value, uses, once, rewards), (card, event, dgod, dvalue, duses, donce, drew) in zip(
            rows, ordered):
        if event in data.SOURCE_EVENTS:
            letter, first = data.SOURCE_EVENTS[event]
            assert card[0] == letter
            expected = first + int(card[1:]) - 1
        else:
            expected = card_id(card)
        assert (cid, data.EVENTS[ev], god, value, bool(uses), bool(once)) == \
               (expected, event, dgod, dvalue, duses, donce)
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


def _gains(before: dict, after: dict, seat: int = 0) -> dict:
    """What seat gained between two to_dict() snapshots (non-zero entries only)."""
    got = {k: after[k][seat] - before[k][seat]
           for k in ("vp", "population", "happiness", "gold", "faith", "scribes")}
    got.update({f"res{r}": after["res"][seat][r] - before["res"][seat][r] for r in range(4)})
    return {k: v for k, v in got.items() if v}


def _row(card: str, event: str) -> tuple:
    rows = [t for t in data.TRIGGERS if t[0] == card and t[1] == event]
    assert len(rows) == 1, (card, event)
    return rows[0]


@pytest.mark.parametrize("card,event,quote,subject,value,gain", [
    ("T17", "produce", "Whenever you perform a Produce Resources action to produce Bread: Score 2 "
     "Victory Points.", 1, 3, {"vp": 2}),
    ("T11", "produce", "Whenever you perform any action using a die of value 1: Score 2 Victory Points.",
     0, 1, {"vp": 2}),
    ("T07", "horus_bonus", "Gain 1 Granite.", 2, 0, {"res3": 1}),
    ("T18", "die_taken", "Whenever you take a Pure die: Score 1 Victory Point.", 0, 0, {"vp": 1}),
    ("T24", "blessing_discarded", "Gain 1 Gold.", -1, 0, {"gold": 1}),
    ("T15", "maat_faith", "During each Maat phase: Gain 2 additional Faith.", -1, 0, {"faith": 2}),
])
def test_held_card_rows(card, event, quote, subject, value, gain):
    assert quote in data.CARD_TEXT[card]
    assert event in data.HELD_EVENTS
    _row(card, event)
    g = _holding(card)
    before = g.to_dict()
    _core._fire(g, 0, event, subject, value)
    assert _gains(before, g.to_dict()) == gain
    # the other seat does not hold it; without the card nothing fires
    _core._fire(g, 1, event, subject, value)
    assert _gains(before, g.to_dict(), 1) == {}


def test_t16_first_and_last_in_turn_order():
    """T16 "If your Maat marker is first in Turn Order, score 2 Victory Points. If your Maat
    marker is last in Turn Order, gain 1 Gold.": two maat_order rows (subject 0 first, 1 last)."""
    assert "first in Turn Order, score 2 Victory Points" in data.CARD_TEXT["T16"]
    assert "last in Turn Order, gain 1 Gold" in data.CARD_TEXT["T16"]
    assert [t[2] for t in data.TRIGGERS if t[0] == "T16"] == [0, 1]
    g = _holding("T16")
    before = g.to_dict()
    _core._fire(g, 0, "maat_order", 0)
    assert _gains(before, g.to_dict()) == {"vp": 2}
    _core._fire(g, 0, "maat_order", 1)
    assert _gains(before, g.to_dict()) == {"vp": 2, "gold": 1}


def test_subject_filters_of_held_rows():
    """T17 only for Bread, T18 only for a Pure die, T11 only with the turn's die of value 1."""
    for card, event, subject, value, flags in [("T17", "produce", 0, 3, 0), ("T18", "die_taken", 1, 0, 0),
                                               ("T11", "produce", 2, 1, GodFlag.EXTRA),
                                               ("T11", "produce", 2, 2, 0)]:
        g = _holding(card)
        before = g.to_dict()
        _core._fire(g, 0, event, subject, value, flags)
        assert _gains(before, g.to_dict()) == {}, (card, subject, value)


@pytest.mark.parametrize("card,gain", [
    ("P01", {"population": 3}), ("P02", {"scribes": 1}), ("P03", {"happiness": 2}),
    ("P07", {"vp": 1}), ("P08", {"vp": 1}), ("P09", {"vp": 1}),
    ("P16", {"gold": 2}), ("P17", {"gold": 2}), ("P18", {"gold": 2}),
])
def test_pillar_rows(card, gain):
    """E.g. P01 "Gain 3 Population.", P07 "Score 1 Victory Point.", P16 "Gain 2 Gold."."""
    text = data.CARD_TEXT[card]
    assert text.startswith("Gain") or text.startswith("Score 1")
    _row(card, "pillar")
    g = GameState.new(2, seed=5)
    g.resolve_chance()
    d = g.to_dict()
    d["population"][0] = 5      # room for Happiness
    g = GameState._from_dict_trusted(d)
    before = g.to_dict()
    assert _core._fire(g, 0, "pillar", source=card) == 1
    assert _gains(before, g.to_dict()) == gain


@pytest.mark.parametrize("card,gain", [
    ("S07", {"scribes": 2, "gold": 1}), ("S08", {"res0": 1, "res1": 1, "res2": 1, "res3": 1}),
    ("S11", {"population": 3, "happiness": 2}), ("S12", {"gold": 2}),
    ("A01", {"scribes": 1}), ("A02", {"gold": 1}), ("A04", {"faith": 1}),
])
def test_starting_and_destiny_rows(card, gain):
    """E.g. S07 "Gain 2 Scribes and 1 Gold.", A01 "Gain 1 Scribe.", A04 "Gain 1 Faith."."""
    assert "Gain" in data.CARD_TEXT[card]
    event = "starting_card" if card[0] == "S" else "destiny"
    _row(card, event)
    g = GameState.new(2, seed=5)
    g.resolve_chance()
    before = g.to_dict()
    assert _core._fire(g, 0, event, source=card) == 1
    assert _gains(before, g.to_dict()) == gain


@pytest.mark.parametrize("event,card", [("pillar", "P04"), ("pillar", "P10"), ("pillar", "P19"),
                                        ("starting_card", "S01"), ("starting_card", "S04"),
                                        ("destiny", "A03")])
def test_non_gain_sources_have_no_row(event, card):
    """P04 (edges), P10 (an action), P19 (the covered space), S01 (an action), S04 and A03 (a
    choice) depend on the board or ask the seat: they stay hooks in the rules (effects/pillars.pxi)."""
    assert not [t for t in data.TRIGGERS if t[0] == card]
    g = GameState.new(2, seed=5)
    g.resolve_chance()
    assert _core._fire(g, 0, event, source=card) == 0
