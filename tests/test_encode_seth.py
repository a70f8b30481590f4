"""The dense action index and the tensors with Time of Seth (issue 11, part D; docs/rl.md,
tekhenu_engine/_encode.pxi): the expansion's decisions and outcomes appended after the base
game's index, the seth block of the tensors, and no hidden information in them."""
from __future__ import annotations

import numpy as np
import pytest

from test_encode import random_states
from tekhenu_engine import GameState, TableOptions, _core, data
from tekhenu_engine.notation import format_action

SETH = TableOptions(seth=True)
OPT_SETH = 16
N, NC = _core.num_distinct_actions(), _core.num_chance_outcomes()
NS, NCS = _core.num_distinct_actions(SETH), _core.num_chance_outcomes(SETH)


def seth_states(players: int, games: int, seed: int, every: int = 7):
    """States along random Time of Seth games (every `every`-th step)."""
    return random_states(players, games, seed, every, options=SETH)


def block(name: str) -> tuple[int, int]:
    return {n: (a, b) for n, a, b in _core.observation_layout()}[name]


# ----------------------------------------------------------------------------- dense index
@pytest.mark.parametrize("players", [2, 3, 4])
def test_compiled_exhaustive_check_with_seth(players):
    # every legal action and chance outcome of 1500 random Time of Seth games (the Seth action,
    # its regions, Conquest tiles, Anubis as red/blue, Cultists, Artifacts, the red, blue and
    # green dice, the draft of Cultists and SX cards): an index in its space, back to the same
    # action, no two legal actions sharing an index
    steps, checked = _core.enc_check_random_games(players, 1500, seed=players, options=3 | OPT_SETH)
    assert steps > 1500 * 150 and checked > steps


@pytest.mark.parametrize("players,options", [(1, 3 | OPT_SETH), (2, 3 | OPT_SETH | 32)])
def test_compiled_check_solo_and_vizier_with_seth(players, options):
    # Botankhamun with Time of Seth (its Seth tiles) and the Vizier with Time of Seth
    steps, checked = _core.enc_check_random_games(players, 600, seed=17, options=options)
    assert checked > steps > 600 * 100


def test_seth_appends_to_the_base_index():
    # a base-game action keeps its index with the option on; the expansion's come after N / NC
    assert NS > N and NCS > NC
    base = GameState.new(2, seed=0)
    seth = GameState.new(2, seed=0, options=SETH)
    for chance, n, ns in ((False, N, NS), (True, NC, NCS)):
        acts = [seth.index_action(i, chance=chance) for i in range(ns)]
        assert len(set(acts)) == ns
        assert acts[:n] == [base.index_action(i, chance=chance) for i in range(n)]
        assert [seth.action_index(a, chance=chance) for a in acts] == list(range(ns))
        for a in acts:
            format_action(a)         # every indexed action has a token
    with pytest.raises(ValueError, match="outside"):
        base.index_action(N)         # the Seth layer is not in a base game's range
    first_kind = min(_core.action_kind_table_seth(), key=lambda r: (r[1], r[2]))[0]
    assert seth.index_action(N) >> 24 == first_kind


def test_seth_kind_table_tiles_the_appended_range():
    rows = _core.action_kind_table_seth()
    for chance, n, ns in ((False, N, NS), (True, NC, NCS)):
        spans = sorted((off, size) for _, c, off, size in rows if c == chance)
        pos = n
        for off, size in spans:
            assert off == pos and size > 0
            pos += size
        assert pos == ns


@pytest.mark.parametrize("players", [2, 3, 4])
def test_python_level_mask_with_seth(players):
    for s in seth_states(players, 4, seed=players):
        mask = s.legal_mask()
        legal = s.legal_actions()
        assert mask.shape == ((NCS,) if s.is_chance() else (NS,))
        assert sorted(s.action_index(a) for a in legal) == sorted(np.flatnonzero(mask).tolist())


def test_docs_state_the_seth_layer():
    # docs/rl.md states the Seth N, NC and every appended row of the kind table
    from pathlib import Path

    from tekhenu_engine.notation import KINDS
    doc = (Path(__file__).resolve().parent.parent / "docs" / "rl.md").read_text()
    assert f"**{NS}**" in doc and f"**{NCS}**" in doc
    for kind, chance, first, size in _core.action_kind_table_seth():
        assert f"| {'chance' if chance else 'decision'} | `{KINDS[kind]}` | {first} | {size} |" in doc, kind


def test_adapters_accept_seth():
    assert _core.num_distinct_actions({"seth": True}) == NS
    assert _core.num_chance_outcomes({"seth": True}) == NCS


# ----------------------------------------------------------------------------- tensors
def test_seth_block_is_zero_without_the_option():
    start, size = block("seth")
    for players in (1, 2, 4):
        s = GameState.new(players, seed=3)
        s.resolve_chance()
        for seat in range(players):
            assert not s.observation_tensor(seat)[start:start + size].any()


def test_seth_block_shows_the_seth_pieces():
    # "place a Building from your player board on the corresponding region" (the Seth action), a
    # Statue for the people / in honour of Seth on the Seth board, and "Take the top Conquest tile
    # and place it on any empty space of the Temple Complex": each changes the seth block, and
    # only it (Buildings and Statues also count on the seat's row of the players block)
    start, size = block("seth")
    s = GameState.new(3, seed=5, options=SETH)
    s.resolve_chance()
    before = s.observation_tensor(0)
    assert before[start] == 1.0               # the option is on
    for field, i, v, count in (("seth_build", 4, 1, "buildings"), ("seth_people", 0, 2, "statues"),
                               ("seth_god", 1, 0, "statues"), ("temple_conquest", 7, 3, None)):
        d = s.to_dict()
        d[field][i] = v
        if count:
            d[count][v] += 1
        else:
            d["conquest_loc"][v] = 10 + i     # CQ_TEMPLE + space
        after = GameState.from_dict(d).observation_tensor(0)
        assert not np.array_equal(after[start:start + size], before[start:start + size]), field
        others = np.flatnonzero(after[:start] != before[:start])
        p0, psize = block("players")
        assert all(p0 <= j < p0 + psize for j in others), field


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seth_tensors_hide_every_hidden_thing(players):
    # "Deal 3 random Decrees to each player ... players must discard 2 of the 3 Decrees given to
    # them to the bottom of the Decree deck": the other seats' dealt and kept Decrees, the draw
    # piles (the expansion's cards in them) and the chance generator are dealt anew by
    # resample(k): the seat's tensors must not change. "Shuffle all Conquest tiles and place them
    # in a stack ... Turn the top tile of the stack face up": the order below the face-up tile is
    # never in the state (a chance step turns the next one up), so it cannot reach a tensor.
    changed = 0
    for s in seth_states(players, 3, seed=60 + players, every=23):
        for seat in range(s.num_seats):
            obs = s.observation_tensor(seat)
            info = s.information_state_tensor(seat)
            view = s.observation(seat)
            for k in range(3):
                full = view.resample(k)
                changed += full.field("card_loc") != s.field("card_loc")
                assert np.array_equal(full.observation_tensor(seat), obs)
                assert np.array_equal(full.information_state_tensor(seat), info)
    assert changed > 0


def test_seth_pieces_reach_the_tensor_in_play():
    # along random games the Seth board fills: its Buildings, a Conquest tile on a Temple space,
    # an owned Cultist: the seth block is never all zero past the option bit once they are out
    start, size = block("seth")
    seen = 0
    for s in seth_states(2, 2, seed=9, every=31):
        t = s.observation_tensor(0)[start:start + size]
        built = sum(1 for o in s.field("seth_build") if o >= 0)
        tiles = sum(1 for x in s.field("temple_conquest") if x >= 0)
        if built or tiles:
            assert t[1:].sum() >= built + tiles
            seen += 1
    assert seen > 0
    assert len(data.CONQUEST_TILES) == 12


@pytest.mark.parametrize("players", [2, 4])
def test_hidden_counts_are_over_the_decks_own_size(players):
    """The cards block's hidden counts (per deck x 14 classes, docs/rl.md) are divided by the deck's
    size in the table: 24 in the base game, 28, 29 and 28 with Time of Seth (manual Components:
    "4 Blessing, 5 Technology, 4 Decree" cards added), so each is k / size with k a whole number and
    never above 1 (ENC_OBS_VERSION 5; before, every table was divided by 24 and a Seth pile could
    count more than 1)."""
    assert _core.ENC_OBS_VERSION == 5
    first, _ = block("cards")
    start = first + 72 * 19 + 72 * 15 + 4          # after the per-card places, Market slots and sections
    for options, sizes in ((None, (24, 24, 24)), (SETH, (28, 29, 28))):
        seen_start = False
        for s in random_states(players, 2, seed=5, every=11, options=options):
            for seat in range(players):
                for t in (s.observation_tensor(seat), s.information_state_tensor(seat)):
                    counts = np.asarray(t[start:start + 3 * 14], dtype=np.float64).reshape(3, 14)
                    assert counts.min() >= 0 and counts.max() <= 1
                    whole = counts * np.array(sizes)[:, None]
                    assert np.allclose(whole, np.round(whole), atol=1e-4)
                    total = np.round(whole).sum(axis=1)   # hidden cards of each deck, at most its size
                    assert (total <= np.array(sizes)).all()
                    seen_start = seen_start or total.max() >= 20
        assert seen_start   # positions early enough that most of a deck is hidden
