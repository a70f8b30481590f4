"""Setup for 2, 3 and 4 players: dice, cards, Market, Decrees, the Starting-card draft,
the first turn order and the Destiny picks with their rewards."""
from __future__ import annotations

from collections import Counter

import pytest

from positions import (CL_BOX, CL_HAND, CL_MARKET, CL_PILE, auto, card, f, first_turn, hand,
                       legal, play, run, step_name, wheel_dice)
from tekhenu_engine import data
from tekhenu_engine._core import GameState

CL_PENDING, CL_BOTTOMK = 12, 16


def new(players: int, seed: int = 3) -> GameState:
    return GameState.new(players, seed, random_horus=False, random_wheel=False)


@pytest.mark.parametrize("players,counts", [(2, (4, 4, 4, 4, 6)), (3, (5, 5, 5, 5, 4)), (4, (5, 5, 5, 5, 6))])
def test_dice_in_play_per_player_count(players, counts):
    """base-rulebook Setup 7: "For a 4-player game, place all dice into the draw bag. For a
    3-player game, return 2 gray dice to the game box ... For a 2-player game, return 1 each
    of yellow, brown, white, and black (but not gray)". Components: 5 black, 5 white, 5 brown,
    5 yellow, 6 gray."""
    g = first_turn(players)
    n = f(g, "ndice")
    got = Counter(f(g, "die_colour")[:n])
    assert tuple(got[c] for c in range(5)) == counts
    assert all(loc == 99 for loc in f(g, "die_loc")[n:])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_three_dice_per_section_at_setup(players):
    """base-rulebook Setup 8: "For each section around the Obelisk Wheel, draw and roll 3
    random dice from the draw bag, adding them to that section." """
    g = first_turn(players)
    per = Counter(sec for sec, _, _ in wheel_dice(g))
    assert per == {s: 3 for s in range(6)}
    assert all(1 <= v <= 6 for _, _, v in wheel_dice(g))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_t16_d20_out_at_two_players_and_d03_removed(players):
    """base-rulebook Setup 10: "(In a solo or 2-player game, leave Technology T16 and Decree
    D20 in the game box.)"; game-help Implementation notes: "Decree D03 is removed from the
    game". """
    g = first_turn(players)
    loc = f(g, "card_loc")
    assert loc[card("D03")] == CL_BOX
    for name in ("T16", "D20"):
        assert (loc[card(name)] == CL_BOX) == (players == 2)
    assert sum(1 for c in range(72) if loc[c] == CL_BOX) == (3 if players == 2 else 1)


def test_market_sections_at_setup():
    """base-rulebook Setup 10: "The first section should have 2 Blessings and 1 Technology ...
    The following (second) section should have 2 Blessings and 2 Technologies ... Leave the
    third and fourth sections empty." """
    g = first_turn(2)
    m = f(g, "market")
    kinds = ["BTD"[c // 24] if c >= 0 else "-" for c in m]
    assert sorted(kinds[0:3]) == ["B", "B", "T"]
    assert sorted(kinds[3:7]) == ["B", "B", "T", "T"]
    assert kinds[7:] == ["-"] * 8
    assert f(g, "market_open") == [1, 1, 0, 0]
    for c in m[:7]:
        assert f(g, "card_loc")[c] == CL_MARKET


@pytest.mark.parametrize("players", [2, 4])
def test_keep_one_of_two_decrees(players):
    """base-rulebook Setup 11: "Deal 2 Decrees to each player. Each player chooses one to keep,
    discarding the other to the bottom of the Decree deck." """
    g = new(players)
    run(g, "D_KEEP")
    for p in range(players):
        assert step_name(g) == "D_KEEP" and g.current_player() == p
        offered = legal(g)
        assert len(offered) == 2 and all(t.startswith("keep:D") for t in offered)
        play(g, offered[1])
        loc = f(g, "card_loc")
        kept, other = card(offered[1][5:]), card(offered[0][5:])
        assert loc[kept] == CL_HAND + p
        assert loc[other] == CL_BOTTOMK + p   # bottom of the deck, known to its discarder
    for p in range(players):
        assert len(hand(g, p, "D")) == 1


@pytest.mark.parametrize("players,n", [(2, 5), (3, 7), (4, 9)])
def test_starting_cards_revealed_and_snake_draft(players, n):
    """base-rulebook Setup 12: "randomly select 5/7/9 Starting cards for 2/3/4 players" and 12A:
    "Beginning with the starting player and proceeding clockwise, each player takes 1 Starting
    card ... beginning with the last player and proceeding counter-clockwise, each player
    takes a second Starting card." """
    g = new(players)
    log = run(g, "D_DESTINY")
    assert sum(1 for s, _, _ in log if s == "CH_REVEAL") == n
    first = f(g, "first_player")
    seats = [who for s, who, _ in log if s == "D_DRAFT"]
    order = [(first + k) % players for k in range(players)]
    assert seats == order + order[::-1]
    held = Counter(loc for loc in f(g, "start_loc") if loc >= 2)
    assert held == {2 + p: 2 for p in range(players)}


def draft_game(players: int, reveals: list[str], picks: list[str], first: int = 0) -> GameState:
    g = new(players)
    run(g, "D_DESTINY", {"CH_REVEAL": reveals, "CH_FIRST": [f"first:{first}"], "D_DRAFT": picks})
    return g


def test_initial_turn_order_by_initiative():
    """base-rulebook Setup 12B: "Each player sums the initiative values shown on their 2 chosen
    Starting cards ... highest total initiative value is placed first on the Turn Order track". """
    # seat 0 drafts S01 then S02 (3), seat 1 drafts S12 and S11 (23) - snake: 0, 1, 1, 0
    g = draft_game(2, ["reveal:S01", "reveal:S02", "reveal:S11", "reveal:S12", "reveal:S07"],
                   ["draft:S01", "draft:S12", "draft:S11", "draft:S02"])
    assert f(g, "turn_order")[:2] == [1, 0]
    assert g.current_player() == 1     # the Destiny pick follows the new turn order


def test_initial_turn_order_tie_goes_to_highest_printed_card():
    """base-rulebook Setup 12B: "In the case of a tie, the tied player with the highest printed
    initiative value places their Maat marker first." S01+S12 = 13 = S05+S08: S12 wins."""
    g = draft_game(2, ["reveal:S01", "reveal:S12", "reveal:S05", "reveal:S08", "reveal:S07"],
                   ["draft:S05", "draft:S12", "draft:S01", "draft:S08"])
    # seat 0: S05 + S08 = 13; seat 1: S12 + S01 = 13
    assert f(g, "turn_order")[:2] == [1, 0]


def test_destiny_picks_in_turn_order_with_rewards():
    """base-rulebook Setup 12C: "In the newly established Turn Order, each player chooses one of
    the available Destiny cards. Every player receives all rewards shown on their Destiny card
    and Starting cards." A01 "Gain 1 Scribe", A02 "Gain 1 Gold", A04 "Gain 1 Faith";
    S07 "Gain 2 Scribes and 1 Gold", S12 "Gain 2 Gold", S08 "Gain 1 Papyrus, 1 Bread, 1
    Limestone, and 1 Granite", S11 "Gain 3 Population and 2 Happiness". Start: 1 Gold, 1 Scribe,
    Happiness 2, Population 5 (Setup 9G-H)."""
    g = draft_game(3, ["reveal:S07", "reveal:S12", "reveal:S08", "reveal:S11", "reveal:S01",
                       "reveal:S02", "reveal:S03"],
                   ["draft:S12", "draft:S11", "draft:S08", "draft:S07", "draft:S01", "draft:S02"])
    # seat 0: S12+S02 = 14, seat 1: S11+S01 = 12, seat 2: S08+S07 = 15 -> order 2, 0, 1
    assert f(g, "turn_order")[:3] == [2, 0, 1]
    assert g.current_player() == 2
    play(g, "destiny:A02")
    assert f(g, "gold")[2] == 1 + 1 + 1          # start + A02 + S07
    assert f(g, "scribes")[2] == 1 + 2          # start + S07
    assert f(g, "res")[2] == [1, 1, 1, 1]       # S08
    assert g.current_player() == 0
    assert "destiny:A02" not in legal(g)
    play(g, "destiny:A04")
    assert f(g, "faith")[0] == 1 and f(g, "gold")[0] == 1 + 2   # A04; S12
    # S02: an Osiris Building in a quarry, row 3, without the Happiness loss
    assert step_name(g) == "D_OSIRIS" and legal(g) == ["district:L", "district:G"]
    play(g, "district:G")
    assert f(g, "osiris")[2][3] == 0 and f(g, "happiness")[0] == 2
    assert f(g, "prod")[0] == [2, 2, 3, 3] and f(g, "res")[0] == [0, 0, 0, 1]
    assert g.current_player() == 1
    play(g, "destiny:A01")
    assert f(g, "scribes")[1] == 2
    assert f(g, "population")[1] == 8 and f(g, "happiness")[1] == 4   # S11
    # S01: Osiris as with a die of value 5, no Happiness lost
    assert step_name(g) == "D_OSIRIS"
    play(g, "district:P")
    assert f(g, "osiris")[4][0] == 1 and f(g, "happiness")[1] == 4
    assert f(g, "prod")[1][0] == 4 and f(g, "res")[1][0] == 2
    assert step_name(g) == "D_TAKE" and g.current_player() == 2


def test_destiny_a03_and_starting_choices():
    """base-rulebook Appendix (Destiny, Starting cards): A03 "Gain 1 Population or 1 Happiness"; S04 "Gain any 5 Resources (excluding Gold)";
    S09 "Gain a total of 3 Limestone and Granite, in any combination"; S10 the same with Bread
    and Papyrus; S03 "Osiris ... (Papyrus or Bread workshop only) as if ... value 3"."""
    g = draft_game(2, ["reveal:S04", "reveal:S09", "reveal:S10", "reveal:S03", "reveal:S12"],
                   ["draft:S04", "draft:S10", "draft:S09", "draft:S03"])
    # seat 0: S04 + S03 = 7; seat 1: S10 + S09 = 19 -> seat 1 first
    assert f(g, "turn_order")[:2] == [1, 0]
    play(g, "destiny:A03")
    # the three rewards with a choice come in the engine's order; the rules fix none
    seen = []
    while step_name(g) == "D_GAIN":
        opts = legal(g)
        seen.append(opts)
        if opts == ["gain:pop", "gain:hap"]:
            play(g, "gain:pop")
        elif opts == ["gain:P", "gain:B"]:
            play(g, "gain:P", "gain:B")      # the last pick (B) is then forced
        elif opts == ["gain:L", "gain:G"]:
            play(g, "gain:G")                # picks never go back down: G, G, G
        else:
            raise AssertionError(opts)
    assert sorted(map(tuple, seen)) == [("gain:L", "gain:G"), ("gain:P", "gain:B"), ("gain:pop", "gain:hap")]
    assert f(g, "population")[1] == 6
    assert f(g, "res")[1] == [1, 2, 0, 3]
    play(g, "destiny:A04")
    assert f(g, "faith")[0] == 1
    # S03 before S04 (lowest id first): a workshop in row 3
    assert step_name(g) == "D_OSIRIS" and legal(g) == ["district:P", "district:B"]
    play(g, "district:B")
    assert f(g, "happiness")[0] == 2
    assert set(legal(g)) == {"gain:P", "gain:B", "gain:L", "gain:G"}
    play(g, "gain:P", "gain:P", "gain:L", "gain:G")   # the fifth (G) is then forced
    assert f(g, "res")[0] == [2, 1, 1, 2]           # 1 Bread from the Osiris row 3 Building


def test_s05_s06_keep_one_other_back_into_the_deck():
    """base-rulebook Appendix: Starting Cards, S05: "Draw 2 Technology cards from the top of the deck. Select one to keep, and shuffle
    the other card back into the deck." (S06 the same with Blessings.)"""
    g = draft_game(2, ["reveal:S05", "reveal:S06", "reveal:S07", "reveal:S08", "reveal:S12"],
                   ["draft:S05", "draft:S12", "draft:S08", "draft:S06"])
    # seat 0: S05 + S06 = 11; seat 1: S12 + S08 = 20
    play(g, "destiny:A01")
    play(g, "destiny:A02")
    kinds = []
    for _ in range(2):
        auto(g, "D_KEEP")
        assert g.current_player() == 0
        offered = legal(g)
        assert len(offered) == 2
        kinds.append(offered[0][5])
        assert all(t[5] == kinds[-1] for t in offered)
        play(g, offered[1])
        assert f(g, "card_loc")[card(offered[0][5:])] == CL_PILE
        assert f(g, "card_loc")[card(offered[1][5:])] == CL_HAND + 0
    assert sorted(kinds) == ["B", "T"]
    assert len(hand(g, 0, "T")) == 1 and len(hand(g, 0, "B")) == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_starting_stock(players):
    """base-rulebook Setup 9C/F/G/H: Production markers on "2", VP marker on "10", Happiness on
    "2", Population on "5", "Take 1 Gold and 1 Scribe." (checked before any reward)."""
    g = new(players)
    run(g, "D_DESTINY")
    for p in range(players):
        assert f(g, "vp")[p] == 10
        assert f(g, "prod")[p] == [2, 2, 2, 2]
        assert f(g, "statues")[p] == f(g, "buildings")[p] == f(g, "pillars")[p] == 0
    # Only the Destiny and Starting rewards change this; check a seat before its pick
    last = f(g, "turn_order")[players - 1]
    assert f(g, "happiness")[last] == data.START["happiness"]
    assert f(g, "population")[last] == data.START["population"]
    assert f(g, "gold")[last] == 1 and f(g, "scribes")[last] == 1
