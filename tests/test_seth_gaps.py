"""Time of Seth, issue 11 part C: the rule gaps of the earlier parts -- T14's window with the new dice,
the once-per-turn gate for the per-action Technologies that are hooks (T05, T12, T13).

Each test quotes the sentence of shared/rules/ it checks (manual = time-of-seth-manual.txt, game help
= game-help.txt, which wins a disagreement; cards = data.CARD_TEXT, the base rulebook's appendix)."""
from __future__ import annotations

import pytest

from positions import first_turn, give_cards, legal, no_cards_in_hand, seat, set_dice, set_player, trigger
from seth_positions import no_setup_gains, table
from tekhenu_engine import GameState, _core, data

EXTRA = int(_core.ENUMS["GOD_FLAGS"]["F_EXTRA"])


def edit(g: GameState, **fields) -> GameState:
    d = g.to_dict()
    d.update(fields)
    return GameState._from_dict_trusted(d)


# ============================================================================ T14 and the new dice
def osiris_only_row_6(colour: str) -> tuple[GameState, int]:
    """A first Time of Seth turn: a die of this colour with value 4 on Osiris (and a spare die), every
    Osiris row but 6 full, the seat to move with T14, no Scribes."""
    g = first_turn(3, 1, seth=True)
    p = seat(g)
    g = no_setup_gains(no_cards_in_hand(set_dice(g, [("Os", colour, 4), ("Th", "k", 6)])))
    a, b = (p + 1) % 3, (p + 2) % 3
    osiris = [[a, a, b, b] for _ in range(5)] + [[-1] * 4]
    g = edit(g, osiris=osiris, buildings=[10 if q in (a, b) else 0 for q in range(4)])
    g = set_player(g, p, happiness=3, scribes=0)
    return give_cards(g, p, "T14"), p


def test_t14_cannot_take_a_new_die_to_6():
    """T14: "Whenever you perform a God Action: You may adjust the value of the die up or down by 1 or
    2."; manual (red, blue, green dice): "their value cannot be changed into a 1 or a 6". A red 4 on
    Osiris with only row 6 free cannot be used (4 + 2 would be 6); a gray 4 can."""
    assert "adjust the value of the die up or down by 1 or 2" in data.CARD_TEXT["T14"]
    g, p = osiris_only_row_6("g")
    assert "take:Os:g4" in legal(g)
    g, p = osiris_only_row_6("r")
    assert "take:Os:r4" not in legal(g)


# ============================================================================ once per turn
def two_actions(card: str | None, steps, seth: bool = True, **stock) -> tuple[int, dict, dict]:
    """A first turn (seth or not) whose stack is two automatic actions of the seat to move, holding
    `card`; the state before and after them (the end of the turn runs on to the next seat's die)."""
    g = table(2, seth)
    p = g.step()[1]
    if card:
        g = give_cards(g, p, card)
    g = set_player(g, p, **stock)
    before = g.to_dict()
    g = trigger(g, *[(name, p, *args) for name, *args in steps], ("A_END_TURN", p))   # runs to the next choice
    return p, before, g.to_dict()


PRODUCE_TWICE = [("A_PRODUCE", 0, 5, EXTRA), ("A_PRODUCE", 0, 5, EXTRA)]   # Papyrus at value 5, twice


@pytest.mark.parametrize("seth,paid", [(True, 1), (False, 2)])
def test_t12_pays_once_per_turn(seth, paid):
    """T12: "Whenever you perform a Produce Resources action: Score 1 Victory Point for every excess
    Resource produced."; manual Key Concepts: "Any effect, bonus, or benefit related to a player
    performing a particular action can only be triggered at most once during that player's turn."
    (two Produce actions at value 5 with Production 2: 3 excess each)"""
    stock = dict(prod=[2, 2, 2, 2])
    p, b0, a0 = two_actions(None, PRODUCE_TWICE, seth, **stock)
    p, b1, a1 = two_actions("T12", PRODUCE_TWICE, seth, **stock)
    assert (a1["vp"][p] - b1["vp"][p]) - (a0["vp"][p] - b0["vp"][p]) == 3 * paid


@pytest.mark.parametrize("seth,paid", [(True, 1), (False, 2)])
def test_t13_extra_resource_once_per_turn(seth, paid):
    """T13: "Additionally, receive 1 Resource of the same type as the one being produced."; game help
    "Any bonus tied to a player performing an action (statue bonuses, per-action Technologies,
    Cultist Powers) pays at most once in that player's turn, even when the action happens twice." """
    stock = dict(prod=[2, 2, 2, 2], res=[0, 0, 0, 0])
    p, b0, a0 = two_actions(None, PRODUCE_TWICE, seth, **stock)
    p, b1, a1 = two_actions("T13", PRODUCE_TWICE, seth, **stock)
    assert a1["res"][p][0] - a0["res"][p][0] == paid


@pytest.mark.parametrize("seth,paid", [(True, 1), (False, 2)])
def test_t05_pays_once_per_turn(seth, paid):
    """T05: "Whenever you perform a Hathor God Action: Score 2 additional Victory Points (for a total
    of 5) for spaces that contain your own Pillars."; once in a turn with the expansion (two Hathor
    Buildings beside lines of 5 own Pillars each)."""
    g = table(2, seth)
    p = g.step()[1]
    # own Pillars on the 5 spaces of row 1 (the line of W1, data.BUILDING_SPACES) and 3 of row 2 (W2)
    spaces = [0, 1, 2, 3, 4, 5, 6, 7]
    tiles, owner = [0] * 25, [-1] * 25
    for k, sp in enumerate(spaces):
        tiles[sp], owner[sp] = k + 1, p
    w1 = [i for i, b in enumerate(data.BUILDING_SPACES) if b[0] == "W1"][0]
    w2 = [i for i, b in enumerate(data.BUILDING_SPACES) if b[0] == "W2"][0]
    hathor = [("A_HATHOR_RES", w1, 1, EXTRA), ("A_HATHOR_RES", w2, 1, EXTRA)]
    gains = []
    for card in (None, "T05"):
        h = edit(g, temple_tile=tiles, temple_owner=owner, pillars=[len(spaces) if q == p else 0 for q in range(4)])
        if card:
            h = give_cards(h, p, card)
        before = h.to_dict()["vp"][p]
        h = trigger(h, *[(name, p, *args) for name, *args in hathor], ("A_END_TURN", p))
        gains.append(h.to_dict()["vp"][p] - before)
    # base: 2 more per own Pillar in both lines (5 + 3); with the expansion only in the first action's
    assert gains[1] - gains[0] == (2 * 5 + 2 * 3 if paid == 2 else 2 * 5)
