"""The tables the expansion slots into: the card table (decks and id ranges) and the dice table.

The base game only uses the first five colours and the three 24-card decks; these tests check
that the compiled core reads both tables (so a colour with other faces, or a deck with more
ids, plays by its row) while the base game keeps exactly its old behaviour.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from tekhenu_engine import GameState, _core, data
from tekhenu_engine.enums import Kind, Step
from tekhenu_engine.notation import card_id, card_name, format_action

TABLES = _core._tables()


def test_card_table_matches_the_decks():
    # a deck is every row of data.CARD_DECKS with its name; the core loops over its ids (DECK_IDS)
    assert TABLES["DECK_IDS"] == [list(ids) for ids in data.DECK_IDS]
    for k, name in enumerate(data.CARD_TYPES):
        rows = [(first, n) for _, deck, first, n in data.CARD_DECKS if deck == name]
        assert data.DECK_IDS[k] == tuple(sorted(first + j for first, n in rows for j in range(n)))
        assert TABLES["DECK_FIRST"][k] == rows[0][0]
    for letter, deck, first, n in data.CARD_DECKS:
        k = data.CARD_TYPES.index(deck)
        for c in range(first, first + n):
            assert TABLES["CARD_DECK"][c] == k == data.CARD_DECK_OF[c]
            assert card_name(c) == f"{letter}{c - first + 1:02d}"
            assert card_id(card_name(c)) == c
    used = {c for _, _, first, n in data.CARD_DECKS for c in range(first, first + n)}
    assert all(TABLES["CARD_DECK"][c] == -1 for c in range(128) if c not in used)


def test_ids_outside_the_decks_start_in_the_box():
    """Ids the card table does not give a deck (85-127) are no card; Time of Seth's (72-84) start in
    the box without the expansion."""
    loc = GameState.new(3, seed=2).field("card_loc")
    assert all(loc[c] == 2 for c in range(72, 128))
    with pytest.raises(ValueError):
        card_name(85)
    with pytest.raises(ValueError):
        card_id("B25")


def test_dice_table_matches_data():
    for c in range(8):
        assert TABLES["DIE_FACES"][c] == list(data.DIE_FACES[c])
        assert TABLES["DIE_RANGE"][c] == (min(data.DIE_FACES[c]), max(data.DIE_FACES[c]))
        assert TABLES["DIE_PRODUCES"][c] == data.DIE_PRODUCES[c]
        assert TABLES["DIE_ANUBIS"][c] == int(data.DIE_ANUBIS[c])
    assert TABLES["BAG_COLOURS"] == data.BAG_COLOURS == len(data.DICE_PER_COLOUR[2])
    assert TABLES["DIE_VALUES"] == (min(data.DIE_VALUES), max(data.DIE_VALUES))
    # "Red and blue dice are always Tainted, while the green die is always Pure" (ToS setup 4)
    assert [data.PURITY[light][5:] for light in range(3)] == [(1, 1, 0)] * 3


def _die_draw(colours: list[int], rng: int | None = None) -> GameState:
    """The first setup die draw, with the bag's dice recoloured (a test position: a base game
    holds no Time of Seth dice, so it is loaded as trusted)."""
    g = GameState.new(2, seed=1, random_horus=False, random_wheel=False)
    assert g.step()[0] == Step.CH_DIE
    d = g.to_dict()
    if rng is not None:
        d["rng"] = rng
    for i in range(d["ndice"]):
        d["die_colour"][i] = colours[i % len(colours)]
    # private loader on purpose (tests need positions the public one refuses): 63 of 63 loaded here are not consistent, e.g. test_base_dice_roll_uniformly_one_to_six: die_colour: 22 dice of colour yellow, the table has 4
    return GameState._from_dict_trusted(d)


def test_base_dice_roll_uniformly_one_to_six():
    outs = _die_draw([0]).chance_outcomes()
    assert [format_action(a) for a, _ in outs] == [f"roll:y{v}" for v in range(1, 7)]
    assert all(abs(p - 1 / 6) < 1e-12 for _, p in outs)


def test_a_colour_rolls_by_its_faces():
    """Time of Seth: the red die "does not have 1 or 6 faces (it has a second 3 and 4 instead)"."""
    g = _die_draw([5])          # every die in the bag red
    outs = {format_action(a): Fraction(p).limit_denominator(100) for a, p in g.chance_outcomes()}
    assert outs == {"roll:r2": Fraction(1, 6), "roll:r3": Fraction(1, 3), "roll:r4": Fraction(1, 3),
                    "roll:r5": Fraction(1, 6)}
    # the sampler draws from the faces too
    seen = set()
    for seed in range(60):
        h = _die_draw([5], rng=seed * 7919 + 1)
        a = h.sample_chance()
        assert a >> 24 == Kind.ROLL
        seen.add(format_action(a))
    assert seen == set(outs)


def test_mixed_bag_probabilities_follow_counts_and_faces():
    g = _die_draw([0, 7])       # half yellow, half green
    probs = {format_action(a): p for a, p in g.chance_outcomes()}
    assert abs(sum(probs.values()) - 1) < 1e-12
    assert abs(probs["roll:y1"] - 1 / 12) < 1e-12
    assert abs(probs["roll:n3"] - 2 / 12) < 1e-12 and "roll:n1" not in probs


def test_cards_doc_lists_every_id():
    """docs/cards.md lists every card id of the card table, Decrees included."""
    import pathlib
    doc = (pathlib.Path(__file__).resolve().parents[1] / "docs" / "cards.md").read_text()
    for letter, _, first, n in data.CARD_DECKS:
        for k in range(n):
            assert f"| {first + k} | {letter}{k + 1:02d} |" in doc, f"{letter}{k + 1:02d}"


def test_dice_index_is_derived_on_loading():
    """dice_at (dice per bag / wheel section, a bit set) is rebuilt from die_loc when a state
    is loaded, so an edited or old document cannot make it disagree; play keeps it (the
    invariant runs check it after every step: "dice index")."""
    g = GameState.new(2, seed=3)
    g.resolve_chance()
    d = g.to_dict()
    want = [0] * 8
    for i in range(d["ndice"]):
        if 0 <= d["die_loc"][i] <= 6:
            want[d["die_loc"][i]] |= 1 << i
    assert d["dice_at"] == want
    d["dice_at"] = [12345] * 8
    assert GameState.from_dict(d).to_dict()["dice_at"] == want
    r = _core.checked_random_games(2, 20, seed=4)
    assert r["failure"] is None and r["games"] == 20


def test_identical_cards_table():
    """Base rulebook Appendix: Blessings are printed twice (B07/B08 ... B23/B24 are one card): the
    core finds the other copy by the table data.IDENTICAL_CARDS, not by id parity."""
    twin = TABLES["CARD_TWIN"]
    pairs = {(card_id(a), card_id(b)) for a, b in data.IDENTICAL_CARDS}
    for a, b in pairs:
        assert twin[a] == b and twin[b] == a
    paired = {c for ab in pairs for c in ab}
    assert all(twin[c] == -1 for c in range(len(twin)) if c not in paired)


def test_card_kinds_have_their_ranges():
    """Starting, Destiny, Pillar and Time of Seth's Cultist, Artifact and Conquest kinds each have
    an index range of their own (data.CARD_KINDS), loaded into the core's KIND_FIRST / KIND_N."""
    assert TABLES["CARD_KINDS"] == {k: tuple(v) for k, v in data.CARD_KINDS.items()}
    for kind in ("Cultist", "Artifact", "Conquest"):
        assert data.CARD_KINDS[kind][1] == len(data.SETH_DECKS[kind])
    assert data.CARD_KINDS["Starting"][1] == len(data.SETH_DECKS["Starting"])
    assert data.CARD_KINDS["Destiny"][1] == len(_core.GameState.new(2, seed=1).to_dict()["destiny_owner"])
