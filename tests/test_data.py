"""The data module holds every component with its provenance (docs/board-data.md)."""
from __future__ import annotations

from tekhenu_engine import data


def test_every_card_and_tile_has_text() -> None:
    ids = [f"{t}{i:02d}" for t in "BTD" for i in range(1, 25)]
    ids += [f"S{i:02d}" for i in range(1, 13)] + [f"A{i:02d}" for i in range(1, 5)]
    ids += [f"P{i:02d}" for i in range(1, 28)]
    for i in ids:
        assert data.CARD_TEXT[i], i


def test_printed_values() -> None:
    """Values the rule texts print (base-rulebook and game-help)."""
    assert data.STATUE_COSTS == (4, 3, 2, 2, 3, 4)  # "4 / 3 / 2 / 2 / 3 / 4"
    assert data.STATUE_VP[1:] == (1, 3, 6, 10, 15, 21)  # "1/3/6/10/15/21 Victory Points"
    assert [v for _, v in data.HAPPINESS_THRESHOLDS] == [3, 6, 9, 12, 15]
    assert sum(data.DICE_PER_COLOUR[4]) == 26  # "26 Dice (5 black, 5 white, 5 brown, 5 yellow, 6 gray)"
    assert sum(data.DICE_PER_COLOUR[3]) == 24 and sum(data.DICE_PER_COLOUR[2]) == 22
    # "No dice are forbidden in Shaded sections."
    assert 2 not in data.PURITY[1]
    # "Gray dice are always Tainted"
    assert all(row[4] == 1 for row in data.PURITY)


def test_reconstructed_board_follows_facts() -> None:
    assert len(data.TEMPLE_REWARDS) == 25
    assert sum(1 for b in data.BUILDING_SPACES if b[4] <= 2) == 10
    assert sum(1 for b in data.BUILDING_SPACES if b[4] <= 3) == 14
    assert len(data.BUILDING_SPACES) == 18
    assert data.PILLAR_EDGES[0] == (0, 0, 0, 0) and data.PILLAR_EDGES[26] == (2, 2, 2, 0)
    assert data.PILLAR_COSTS[0] == (2, 0) and data.PILLAR_COSTS[9] == (2, 0)
    assert set(data.DECREE_SYMBOL) == {f"D{i:02d}" for i in range(1, 25)}


def test_every_table_has_provenance() -> None:
    for name in data.PROVENANCE:
        assert hasattr(data, name), name
        assert data.PROVENANCE[name].split()[0] in ("printed", "reconstructed"), name
