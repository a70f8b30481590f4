"""Time of Seth: setup of the Seth board, its dice, the Conquest stack, the new dice and the
Rotation refill.

Each test quotes the sentence of shared/rules/ it checks (manual = time-of-seth-manual.txt,
game help = game-help.txt, which wins a disagreement; FACTS = FACTS.md)."""
from __future__ import annotations

from collections import Counter

import pytest

from seth_positions import no_setup_gains
from positions import auto, clear_player, first_turn, no_cards_in_hand, play, seat, set_dice, step_name, wheel_dice
from tekhenu_engine import GameState, TableOptions, _core, data
from tekhenu_engine.notation import describe_action, format_action, parse_action

K = _core.SETH_CODES
DL_SETH = 7
GRAY, RED, BLUE, GREEN = 4, 5, 6, 7


def seth_board(g: GameState) -> list[int]:
    d = g.to_dict()
    return sorted(d["die_value"][i] for i in range(d["ndice"]) if d["die_loc"][i] == DL_SETH)


def seth_colours(g: GameState) -> set[int]:
    d = g.to_dict()
    return {d["die_colour"][i] for i in range(d["ndice"]) if d["die_loc"][i] == DL_SETH}


def start(players: int, seed: int = 1) -> GameState:
    return first_turn(players, seed, seth=True)


# ============================================================================ setup
@pytest.mark.parametrize("players", [2, 3, 4])
def test_gray_dice_rolled_onto_the_seth_board(players):
    """manual Setup Changes 3: "4 players: return 1 gray die to the box, then take 4 gray dice from
    the bag, roll and place them on the Seth board" / "3 players: ... take 3 gray dice" / "2 players:
    ... take 2 gray dice"."""
    g = start(players)
    assert len(seth_board(g)) == data.SETH_BOARD_DICE[players] == {2: 2, 3: 3, 4: 4}[players]
    assert seth_colours(g) == {GRAY}
    assert all(1 <= v <= 6 for v in seth_board(g))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_three_dice_per_section_after_the_seth_board(players):
    """base-rulebook Setup 8: "For each section around the Obelisk Wheel, draw and roll 3 random
    dice from the draw bag" (the manual changes only step 7, the dice in the bag)."""
    g = start(players)
    assert Counter(sec for sec, _, _ in wheel_dice(g)) == {s: 3 for s in range(6)}
    d = g.to_dict()
    in_play = Counter(d["die_colour"][: d["ndice"]])
    assert in_play[RED] == 2 and in_play[BLUE] == 2 and in_play[GREEN] == 1


def test_the_seth_board_rolls_are_chance_steps_of_the_gray_faces():
    """manual Setup Changes 3: "roll and place them on the Seth board" (a gray die: faces 1-6)."""
    g = GameState.new(3, 1, TableOptions(seth=True, random_horus=False, random_wheel=False))
    auto(g, "CH_SETH_ROLL")
    outs = g.chance_outcomes()
    assert [format_action(a) for a, _ in outs] == [f"roll:g{v}" for v in range(1, 7)]
    assert all(abs(p - 1 / 6) < 1e-12 for _, p in outs)
    play(g, "roll:g6")
    assert describe_action(g, parse_action("roll:g2")).startswith("A gray die is rolled onto the Seth board")


def test_the_top_conquest_tile_is_turned_face_up():
    """manual Setup Changes 6: "Shuffle the Conquest tiles and place them in a stack ... Turn the
    top tile of the stack face up." (the order below it is never in the state: the next tile is
    a chance step over the tiles left)."""
    g = GameState.new(2, 1, TableOptions(seth=True, random_horus=False, random_wheel=False))
    auto(g, "CH_CONQUEST")
    outs = g.chance_outcomes()
    assert [format_action(a) for a, _ in outs] == [f"conquest:CQ{k:02d}" for k in range(1, 13)]
    play(g, "conquest:CQ07")
    cq = g.field("conquest_loc")
    assert cq[6] == K["CQ_FACEUP"] and cq.count(K["CQ_STACK"]) == 11
    assert parse_action("conquest:CQ07") == outs[6][0]


def test_base_setup_unchanged_without_the_option():
    g = first_turn(3, 1)
    assert seth_board(g) == [] and g.field("conquest_loc") == [K["CQ_BOX"]] * 12


# ============================================================================ the new dice
def _turn_with(players: int, dice, **stock):
    g = start(players)
    p = seat(g)
    g = set_dice(g, list(dice) + [("Th", "k", 6), ("Os", "y", 2)])
    g = no_setup_gains(no_cards_in_hand(g))
    stock.setdefault("prod", [2, 2, 2, 2])
    return clear_player(g, p, **stock), p


def _take(g: GameState, tok: str, value: int | None = None) -> GameState:
    play(g, tok)
    if step_name(g) == "D_ADJUST":
        play(g, f"value:{value if value is not None else int(tok[-1])}")
    return g


def test_a_red_die_gains_soldiers_equal_to_its_value_after_scribes():
    """manual Key Concepts: "when selecting a red die, gain as many Soldiers as the value of the
    die." Scribes: "You may use Scribes to change the die value as usual" (the gain is the value
    taken)."""
    g, p = _turn_with(3, [("Ra", "r", 3)], scribes=2, res=[0, 0, 2, 2])
    _take(g, "take:Ra:r3", 4)
    assert g.field("soldiers")[p] == 4 and g.field("priests")[p] == 0
    assert g.field("scribes")[p] == 1


def test_a_blue_die_gains_priests_and_red_blue_are_tainted():
    """manual Key Concepts: "When selecting a blue die, gain Priests in the same way." "Red and blue
    dice are always Tainted, exactly like gray dice." """
    g, p = _turn_with(2, [("Ra", "u", 5)], res=[0, 0, 2, 2])
    _take(g, "take:Ra:u5")
    d = g.to_dict()
    assert d["priests"][p] == 5 and d["taint_sum"][p] == 5 and d["pure_sum"][p] == 0


def test_gains_above_ten_are_lost():
    """manual Key Concepts: "Any amount of Priests or Soldiers gained above 10 is lost." """
    g, p = _turn_with(2, [("Ra", "u", 5)], priests=8, res=[0, 0, 2, 2])
    _take(g, "take:Ra:u5")
    assert g.field("priests")[p] == 10


def test_green_is_pure_and_gains_nothing():
    """game help: "Green is always Pure and gains nothing." """
    g, p = _turn_with(2, [("Ra", "n", 4)], res=[0, 0, 2, 2])
    _take(g, "take:Ra:n4")
    d = g.to_dict()
    assert d["pure_sum"][p] == 4 and d["soldiers"][p] == d["priests"][p] == 0


def test_new_dice_never_become_1_or_6_and_never_produce():
    """manual Key Concepts: "their value cannot be changed into a 1 or a 6"; "They cannot be used to
    Produce Resources." """
    g, p = _turn_with(2, [("Ra", "r", 5)], scribes=4, res=[0, 0, 3, 3])
    play(g, "take:Ra:r5")
    values = sorted(int(t.split(":")[1]) for t in map(format_action, g.legal_actions()))
    assert max(values) == 5 and min(values) >= 2
    play(g, "value:5")
    assert not any(format_action(a).startswith("act:produce") for a in g.legal_actions())


def test_green_never_taken_with_anubis():
    """manual Key Concepts: "Additionally, it cannot be taken with an Anubis Action." """
    g, p = _turn_with(2, [("Ba", "n", 4), ("Ra", "r", 3)], scribes=4)
    toks = [format_action(a) for a in g.legal_actions()]
    assert "anubis:Ra:r3" in toks and not any(t.startswith("anubis:Ba:n") for t in toks)


# ============================================================================ Rotation refill
def _short_board(players: int, keep: int, seed: int = 1) -> GameState:
    """The first turn with only `keep` dice left on the Seth board (the others back in the bag)."""
    g = start(players, seed)
    d = g.to_dict()
    on = [i for i in range(d["ndice"]) if d["die_loc"][i] == DL_SETH]
    for i in on[keep:]:
        d["die_loc"][i] = 0
        d["die_value"][i] = 0
    return GameState._from_dict_trusted(d)


def _to_refill(g: GameState) -> GameState:
    """Play on (first legal choices, sampled chance) to the first draw of a Rotation's refill."""
    for _ in range(20000):
        if g.step().name == "A_REFILL" or (g.step().name == "CH_DIE" and g.field("round") >= 1
                                          and g.step().a == (g.field("arrow") + 2) % 6):
            return g
        if g.is_chance():
            g.apply_chance()
        else:
            g.apply(g.legal_actions()[0])
    raise AssertionError("no Rotation refill reached")


def test_a_gray_die_drawn_for_the_first_shaded_section_refills_the_board():
    """manual Rotation Changes: "if there are fewer than 2/3/4 dice on the Seth board ... after
    drawing dice for the first Shaded section (clockwise from the arrow on the Obelisk Wheel),
    before rolling the dice ... 1. If you drew any gray dice, roll exactly one of them and place it
    on the Seth board. 2. Roll the remaining dice and add them to the Shaded section as normal."
    First Shaded section = arrow + 2 (FACTS light pattern); "performed only once each Rotation"."""
    g = _to_refill(_short_board(2, 0))
    t = g.step()
    assert t.name == "CH_DIE" and t.b == 1 and t.a == (g.field("arrow") + 2) % 6
    sec = t.a
    n_sec = sum(1 for s_, _, _ in wheel_dice(g) if s_ == sec)
    play(g, "roll:g3")
    assert seth_board(g) == [3]
    assert sum(1 for s_, _, _ in wheel_dice(g) if s_ == sec) == n_sec      # not into the section
    assert g.field("seth_flags") & K["SF_REFILLED"]
    play(g, "roll:g4")                   # a second gray die goes into the section
    assert seth_board(g) == [3]
    assert sum(1 for s_, _, _ in wheel_dice(g) if s_ == sec) == n_sec + 1


def test_no_gray_drawn_no_refill():
    """manual Rotation Changes: "If you drew no gray dice for the first Section, the Seth board will
    not be replenished during this Rotation." """
    g = _to_refill(_short_board(3, 1))
    for _ in range(data.PLAYER_COUNT[3]["refill_dice"] if "refill_dice" in data.PLAYER_COUNT[3] else 2):
        if g.step().name != "CH_DIE" or g.step().b != 1:
            break
        non_gray = [a for a, _ in g.chance_outcomes() if not format_action(a).startswith("roll:g")]
        g.apply(non_gray[0])
    assert len(seth_board(g)) == 1
    while g.step().name == "CH_DIE":     # the second Shaded section: never the Seth board
        g.apply(g.chance_outcomes()[-1][0] if not format_action(g.chance_outcomes()[-1][0]).startswith("roll:g")
                else g.chance_outcomes()[0][0])
    assert len(seth_board(g)) == 1


def test_a_full_board_is_not_refilled():
    """manual Rotation Changes: "if there are fewer than 2/3/4 dice on the Seth board"."""
    g = _to_refill(start(4, 2))
    assert len(seth_board(g)) == 4
    while g.step().name == "CH_DIE":
        assert g.step().b == 0
        gray = [a for a, _ in g.chance_outcomes() if format_action(a).startswith("roll:g")]
        g.apply(gray[0] if gray else g.chance_outcomes()[0][0])
    assert len(seth_board(g)) == 4


# ============================================================================ random games
@pytest.mark.parametrize("players", [2, 3, 4])
def test_thousands_of_random_seth_games_keep_the_invariants(players):
    """Issue 11 "Done means": "Thousands of random games per player count with the option on,
    invariants checked after every decision (dice of all 8 colours conserved, Soldiers and Priests
    0-10, Blood never decreases, one Building per region per player, Conquest tiles only on Temple
    spaces)"."""
    r = _core.checked_random_games(players, 2000, seed=40 + players, seth=True)
    assert r["failure"] is None, r["failure"][:3]
    assert r["games"] == 2000


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_seth_games_replay_exactly_and_round_trip(players, seed):
    """Issue 11 "Done means": "exact replay and serialisation round trips"."""
    import random as _random
    g = GameState.new(players, seed, TableOptions(seth=True))
    rnd = _random.Random(seed)
    moves = []
    while not g.is_terminal():
        a = g.sample_chance() if g.is_chance() else rnd.choice(g.legal_actions())
        moves.append(format_action(a))
        g.apply(a)
        if len(moves) % 97 == 0:
            for h in (GameState.from_string(g.to_string()), GameState.from_json(g.to_json())):
                assert h == g
    h = GameState.new(players, seed, TableOptions(seth=True))
    for tok in moves:
        h.apply(parse_action(tok))
    assert h == g and h.returns() == g.returns()
