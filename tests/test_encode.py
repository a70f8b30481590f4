"""The dense action index and the observation tensors (docs/rl.md, tekhenu_engine/_encode.pxi)."""
from __future__ import annotations

import random

import numpy as np
import pytest

from tekhenu_engine import GameState, _core
from tekhenu_engine.notation import format_action

N = _core.num_distinct_actions()
NC = _core.num_chance_outcomes()


def random_states(players: int, games: int, seed: int, every: int = 7, options=None):
    """States along random games (every `every`-th step), chance sampled by the state."""
    rng = random.Random(seed)
    for g in range(games):
        s = GameState.new(players, seed=seed * 1000 + g, options=options)
        k = 0
        while not s.is_terminal():
            if k % every == 0:
                yield s
            k += 1
            if s.is_chance():
                s.apply_chance()
            else:
                s.apply_unchecked(rng.choice(s.legal_actions()))


# ----------------------------------------------------------------------------- dense index
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_compiled_exhaustive_check(players):
    # every legal action and chance outcome of 1500 random games: index in range, back to the
    # same action, no two legal actions sharing an index, at every step
    steps, checked = _core.enc_check_random_games(players, 1500, seed=players)
    assert steps > 1500 * 150 and checked > steps


@pytest.mark.parametrize("options,difficulty", [(0, 0), (8, 2), (4 | 3, 1)])
def test_compiled_check_other_options(options, difficulty):
    # pre-printed Horus / fixed wheel, random Starting cards, decree8 and Botankhamun's levels
    for players in (1, 2, 4):
        steps, checked = _core.enc_check_random_games(players, 300, seed=11 + options, options=options,
                                                      difficulty=difficulty)
        assert checked > steps > 0


def test_index_is_a_bijection_of_the_table():
    g = GameState.new(2, seed=0)
    for chance, n in ((False, N), (True, NC)):
        acts = [g.index_action(i, chance=chance) for i in range(n)]
        assert len(set(acts)) == n
        assert [g.action_index(a, chance=chance) for a in acts] == list(range(n))
        for a in acts:
            format_action(a)     # every indexed action has a token (the notation's grammar)


def test_kind_table_covers_both_spaces_without_gaps():
    rows = _core.action_kind_table()
    for chance, n in ((False, N), (True, NC)):
        spans = sorted((off, size) for _, c, off, size in rows if c == chance)
        pos = 0
        for off, size in spans:
            assert off == pos
            pos += size
        assert pos == n


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_python_level_mask_matches_legal_actions(players):
    for s in random_states(players, 12, seed=players):
        mask = s.legal_mask()
        legal = s.legal_actions()
        assert mask.dtype == np.bool_
        assert mask.shape == ((NC,) if s.is_chance() else (N,))
        idx = sorted(s.action_index(a) for a in legal)   # the space of the pending step
        assert idx == sorted(np.flatnonzero(mask).tolist())
        assert all(s.index_action(s.action_index(a), chance=s.is_chance()) == a for a in legal)


def test_terminal_mask_is_empty_and_bad_indices_are_refused():
    s = GameState.new(2, seed=3)
    s.playout(seed=3)
    assert s.is_terminal() and not s.legal_mask().any()
    with pytest.raises(ValueError, match="outside"):
        s.index_action(N)
    with pytest.raises(ValueError, match="outside"):
        s.index_action(-1)
    with pytest.raises(ValueError, match="no dense index"):
        s.action_index(63 << 24)


# ----------------------------------------------------------------------------- tensors
def test_layout_blocks_tile_the_tensor():
    layout = _core.observation_layout()
    pos = 0
    for _, start, size in layout:
        assert start == pos and size > 0
        pos += size
    assert pos == _core.observation_tensor_size()


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_tensors_hide_every_hidden_thing(players):
    # "resample(seed)" deals every card the seat cannot see (other seats' Decrees, the draw
    # piles, cards drawn for another seat's keep choice) anew and draws a new chance
    # generator: the seat's tensors must not change
    changed = 0
    for s in random_states(players, 3, seed=40 + players, every=25):
        for seat in range(s.num_seats):
            if players == 1 and seat == 1:
                continue
            obs = s.observation_tensor(seat)
            info = s.information_state_tensor(seat)
            assert obs.shape == info.shape == (_core.observation_tensor_size(),)
            assert obs.dtype == np.float32
            view = s.observation(seat)
            for k in range(3):
                full = view.resample(k)
                changed += full.field("card_loc") != s.field("card_loc")
                assert np.array_equal(full.observation_tensor(seat), obs)
                assert np.array_equal(full.information_state_tensor(seat), info)
                assert full.field("rng") != s.field("rng") or s.field("rng") == 0
    if players > 1:
        assert changed > 0  # the resamples did move hidden cards (solo: only the pile is hidden,
        #                     and the pile's order is not in the state, only the generator)


def test_tensors_show_visible_changes():
    s = GameState.new(3, seed=5)
    s.resolve_chance()
    before = s.observation_tensor(0)
    for field, seat_value in (("vp", 1), ("gold", 2), ("happiness", 0)):
        t = s.clone()
        vals = list(t.field(field))
        vals[seat_value] += 1
        t.set_field(field, vals)
        assert not np.array_equal(t.observation_tensor(0), before), field
    # a decision changes the tensor too
    t = s.clone()
    t.apply(t.legal_actions()[0])
    assert not np.array_equal(t.observation_tensor(0), before)


def test_tensor_rows_are_relative_to_the_seat():
    # seat k's own row is row 0: its own VP appear at the same place for every seat
    s = GameState.new(4, seed=9)
    s.resolve_chance()
    players = dict((n, (a, b)) for n, a, b in _core.observation_layout())["players"][0]
    vals = list(s.field("vp"))
    vals[2] = 77
    s.set_field("vp", vals)
    t2 = s.observation_tensor(2)
    t0 = s.observation_tensor(0)
    row = dict((n, (a, b)) for n, a, b in _core.observation_layout())["players"][1] // 4
    vp_at = players + 6     # present, bot, turn position (4), then VP/100
    assert t2[vp_at] == pytest.approx(0.77)
    assert t0[vp_at + 2 * row] == pytest.approx(0.77)


def test_observation_forgets_what_the_information_state_remembers():
    # a seat that sent a Decree to the bottom of the deck knows where it is (information
    # state) but does not see it (observation): find such a position in random games
    found = 0
    for s in random_states(2, 6, seed=77, every=3):
        locs = s.field("card_loc")
        for seat in range(2):
            if 16 + seat in locs:
                o, i = s.observation_tensor(seat), s.information_state_tensor(seat)
                assert not np.array_equal(o, i)
                found += 1
        if found > 3:
            break
    assert found > 0


def test_bad_seat_is_refused():
    s = GameState.new(2, seed=1)
    with pytest.raises(ValueError, match="no seat"):
        s.observation_tensor(2)
    with pytest.raises(ValueError, match="no seat"):
        s.information_state_tensor(-1)


def test_docs_match_the_built_index_and_layout():
    # docs/rl.md states N, NC, the tensor length, the kind table and the block layout
    from pathlib import Path

    from tekhenu_engine.notation import KINDS
    doc = (Path(__file__).resolve().parent.parent / "docs" / "rl.md").read_text()
    assert f"**{N}**" in doc and f"**{NC}**" in doc
    assert f"**{_core.observation_tensor_size()}**" in doc
    for kind, chance, first, size in _core.action_kind_table():
        row = f"| {'chance' if chance else 'decision'} | `{KINDS[kind]}` | {first} | {size} |"
        assert row in doc, row
    for name, first, size in _core.observation_layout():
        assert f"| {name} | {first} | {size} |" in doc, name


def test_base_tables_keep_the_base_index():
    # every table without Time of Seth (the Vizier's Challenge included) has the base game's N, NC
    from tekhenu_engine import TableOptions
    for opts in (None, TableOptions(), TableOptions(vizier=True), {"decree8": True}):
        assert _core.num_distinct_actions(opts) == N
        assert _core.num_chance_outcomes(opts) == NC
