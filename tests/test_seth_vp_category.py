"""The VP category `seth` (format 4): every Seth VP is counted there (docs/rules-notes.md "VP
categories"), and nothing else is.

The rule each test quotes is the one that pays the VP; the category is the engine's bookkeeping
(``GameState.score_breakdown``), the total is unchanged (``returns() == 10 + sum(breakdown)``)."""
from __future__ import annotations

import pytest

from positions import f, trigger
from seth_positions import put_seth_board
from test_seth_action import edit, seth_take, seth_turn
from test_seth_cards_decks import holding
from test_solo_seth import BOT, HO, SETH_TILE, W, Y, flip_state, seth_bot_turn
from tekhenu_engine import GameState, TableOptions, _core, data

SETH = _core.VP_CATEGORIES.index("seth")


def delta(before: GameState, after: GameState, seat: int) -> dict[str, int]:
    """The categories that changed for seat, with their change."""
    b, a = before.score_breakdown(seat), after.score_breakdown(seat)
    return {k: a[k] - b[k] for k in a if a[k] != b[k]}


def test_seth_is_the_13th_category_appended():
    """Appended, so every category of format 3 keeps its code."""
    assert _core.VP_CATEGORIES[:12] == ("districts", "temple", "statues", "happiness", "production",
                                        "building_row", "bread", "maat", "decrees", "turn_order", "actions",
                                        "bot_cards")
    assert _core.VP_CATEGORIES[12] == "seth" and SETH == 12 == _core.ENUMS["VP_CODES"]["VP_SETH"]


def test_seth_buildings_at_scoring_count_under_seth():
    """manual Scoring: "each player receives Victory Points for all their Buildings on the Seth board.
    The number of Victory Points provided are printed next to each Building space." """
    g, p = seth_turn(board=(3,), soldiers=0)
    sb = [-1] * 12
    sb[0] = p                                   # Kush, 1st space
    g = edit(g, seth_build=sb, buildings=[1 if x == p else 0 for x in range(4)])
    g2 = g.clone()
    g2.push_step(_core.STEP_TYPES["A_SCORING"])
    d = delta(g, g2, p)
    assert d["seth"] == data.SETH_REGIONS[0]["vp"][0] == 5
    assert "districts" not in d                 # no Osiris district of p's here


def test_the_column_statue_3_vp_count_under_seth():
    """game help Seth step 4: "If a Statue for the people stands under that region's column, 3 VP." """
    g, p = seth_turn(board=(5,), soldiers=4)
    other = (p + 1) % 3
    g = edit(g, seth_people=[-1, other], statues=[1 if q == other else 0 for q in range(4)])
    before = g.clone()
    seth_take(g, "g5")
    d = delta(before, g, p)
    assert d.get("seth") == 3 and "actions" not in d


def test_tx01_vp_count_under_seth():
    """TX01: "Whenever you perform a Seth God Action: Score 2 Victory Points and gain 2 Priests." """
    g, p = holding("TX01")
    before = g.clone()
    _core._fire(g, p, "seth_action", -1, 3)
    assert delta(before, g, p) == {"seth": 2}


def test_tx04_blood_vp_count_under_seth_and_the_penalty_under_maat():
    """TX04: "During the Maat phase: You gain 1 Victory Point for each Blood token on your player
    board." (the Maat penalty of the Taint stays a Maat penalty)"""
    g, p = holding("TX04")
    d = g.to_dict()
    d["blood"][p] = 3
    g = GameState._from_dict_trusted(d)
    g2 = trigger(g, ("A_MAAT",))
    assert delta(g, g2, p) == {"seth": 3, "maat": -dict(data.MAAT_PENALTY)[-3]}


def test_botankhamuns_seth_tile_vp_count_under_seth():
    """manual Seth Action Tile: "Regardless of the region, Botankhamun immediately scores 2 Victory
    Points"; "If there is a Statue below the column it just placed a Building in, it receives an
    additional 3 Victory Points"; "If dice are available on the Seth board, but Bothankhamun has no
    Buildings left, it scores 3 VP and does nothing else." """
    d = put_seth_board(flip_state(1), [2])
    d["seth_people"][_core._seth_action_tables()["column"][1]] = 0
    before = GameState._from_dict_trusted(d)
    g = seth_bot_turn(d, SETH_TILE, dice=[(HO, Y, 3)])
    assert delta(before, g, BOT) == {"seth": data.BOT_SETH_VP + data.BOT_SETH_STATUE_VP}
    d = put_seth_board(flip_state(1), [4])
    for r in range(6):
        for c in range(4):
            d["osiris"][r][c] = BOT if r * 4 + c < 10 else -1
    d["buildings"][BOT] = 10
    before = GameState._from_dict_trusted(d)
    g = seth_bot_turn(d, SETH_TILE, dice=[(HO, Y, 3)])
    assert delta(before, g, BOT) == {"seth": data.BOT_SETH_NO_BUILD_VP}


def test_botankhamuns_statue_to_seth_vp_count_under_seth():
    """game help: "Its Statue to Seth pays it 1 VP on either player's Seth action." """
    d = put_seth_board(flip_state(1), [3])
    d["seth_god"][0] = BOT
    d["statues"][BOT] += 1
    before = GameState._from_dict_trusted(d)
    g = seth_bot_turn(d, SETH_TILE, dice=[(HO, W, 2)])
    while g.is_chance():
        g.apply_chance()
    assert delta(before, g, BOT) == {"seth": data.BOT_SETH_VP + data.BOT_SETH_STATUE_BONUS["vp"]}


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_seth_games_total_is_the_sum_of_the_categories_and_seth_is_used(players):
    """Every VP is in one category: the total is 10 + the breakdown, with Time of Seth too."""
    seen = 0
    for seed in range(4):
        g = GameState.new(players, seed=seed, options=TableOptions(seth=True))
        g.playout(seed + 1)
        for p in range(g.num_seats):
            assert g.returns()[p] == 10 + sum(g.score_breakdown(p).values())
            seen += g.score_breakdown(p)["seth"]
    assert seen > 0


def test_a_base_game_never_scores_seth():
    for players in (1, 2, 3, 4):
        g = GameState.new(players, seed=players)
        g.playout(5)
        assert f(g, "breakdown")[SETH] == [0, 0, 0, 0]
