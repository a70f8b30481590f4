"""Time of Seth: the Seth God Action (taking a die from the Seth board, the region, the Building,
its Soldiers, the reward, the column Statue, Blood, the Conquest tile) and the Seth Buildings'
VP at each Scoring, Blood at Maat.

Each test quotes the sentence of shared/rules/ it checks (manual = time-of-seth-manual.txt,
game help = game-help.txt, which wins a disagreement; FACTS = FACTS.md)."""
from __future__ import annotations

import pytest

from seth_positions import GRAY, no_setup_gains, seth_board
from positions import clear_player, first_turn, legal, no_cards_in_hand, play, seat, set_dice, step_name
from tekhenu_engine import GameState, _core, data
from tekhenu_engine.notation import describe_action, format_action, parse_action

K = _core.SETH_CODES
SPARE = [("Th", "k", 6), ("Os", "y", 2)]


def seth_turn(players: int = 3, board=(3,), seed: int = 1, **stock) -> tuple[GameState, int]:
    """The first turn of a Time of Seth game: the Seth board holds gray dice of these values, the
    wheel only two spare dice, the seat to move exactly `stock` (no cards in hand)."""
    g = first_turn(players, seed, seth=True)
    p = seat(g)
    g = set_dice(g, SPARE)
    g = no_setup_gains(no_cards_in_hand(seth_board(g, board)))
    stock.setdefault("prod", [2, 2, 2, 2])
    return clear_player(g, p, **stock), p


def edit(g: GameState, **fields) -> GameState:
    d = g.to_dict()
    d.update(fields)
    return GameState._from_dict_trusted(d)


def seth_take(g: GameState, die: str, value: int | None = None) -> GameState:
    play(g, f"take:Se:{die}")
    if step_name(g) == "D_ADJUST":
        play(g, f"value:{value if value is not None else int(die[1])}")
    if step_name(g) == "D_ACTION":
        play(g, "act:Se")
    return g


# ============================================================================ taking the die
def test_a_seth_board_die_needs_the_soldiers():
    """manual Seth step 2: "The first Building in a region costs 4 Soldiers to build." """
    g, p = seth_turn(board=(3,), soldiers=3)
    assert "take:Se:g3" not in legal(g)
    g, p = seth_turn(board=(3,), soldiers=4)
    assert "take:Se:g3" in legal(g)
    assert describe_action(g, parse_action("take:Se:g3")) == "Take the gray 3 from the Seth board (Tainted)"


def test_the_seth_action_builds_in_the_region_of_the_value():
    """manual: "select one (gray) die from the Seth board ... Select the region on the Seth board
    corresponding to the value of the die. Place the leftmost Building from your player board on
    the first free space" / game help: 3 Sumer; "Immediately receive the depicted reward";
    "place a Blood token on the Tainted side of your scales"; game help "the die goes on the
    Tainted side"."""
    g, p = seth_turn(board=(3,), soldiers=6)
    seth_take(g, "g3")
    d = g.to_dict()
    assert d["seth_build"][2 * 2] == p and d["buildings"][p] == 1
    assert d["soldiers"][p] == 2 and d["blood"][p] == 1
    assert d["taint_sum"][p] == 3 and d["pure_sum"][p] == 0
    # Sumer: "a total of 2 Papyrus and Bread"
    assert step_name(g) == "D_GAIN" and legal(g) == ["gain:P", "gain:B"]
    play(g, "gain:P", "gain:B")
    assert g.to_dict()["res"][p][:2] == [1, 1]


def test_scribes_change_the_region():
    """manual Seth step 1: "You may use Scribes to change the die value as usual." """
    g, p = seth_turn(board=(4,), soldiers=4, scribes=1)
    seth_take(g, "g4", 5)
    d = g.to_dict()
    assert d["seth_build"][2 * 4] == p            # Canaan (5): 2 Scribes
    assert d["scribes"][p] == 2


@pytest.mark.parametrize("players,second", [(2, 5), (3, 3), (4, 3)])
def test_the_second_building_of_a_region_costs_3_or_5(players, second):
    """manual Seth step 2: "The second Building in that region costs 3 Soldiers (3-4 players) or 5
    Soldiers (1-2 players) to build." """
    g, p = seth_turn(players, board=(2,), soldiers=second)
    other = (p + 1) % players
    sb = [-1] * 12
    sb[2] = other
    g = edit(g, seth_build=sb, buildings=[1 if q == other else 0 for q in range(4)])
    seth_take(g, "g2")
    d = g.to_dict()
    assert d["seth_build"][2:4] == [other, p] and d["soldiers"][p] == 0
    assert d["gold"][p] == 1                       # Punt: 1 Gold
    g, p = seth_turn(players, board=(2,), soldiers=second - 1)
    g = edit(g, seth_build=sb, buildings=[1 if q == other else 0 for q in range(4)])
    assert "take:Se:g2" not in legal(g)


def test_never_two_buildings_of_a_player_in_one_region():
    """manual Seth step 2: "You may not place a second Building in a region where you already have
    a Building." """
    g, p = seth_turn(board=(1,), soldiers=10)
    sb = [-1] * 12
    sb[0] = p
    g = edit(g, seth_build=sb, buildings=[1 if q == p else 0 for q in range(4)])
    assert "take:Se:g1" not in legal(g)


def test_a_full_region_is_closed():
    g, p = seth_turn(board=(6,), soldiers=10)
    sb = [-1] * 12
    sb[10], sb[11] = (p + 1) % 3, (p + 2) % 3
    g = edit(g, seth_build=sb, buildings=[1 if q != p else 0 for q in range(3)] + [0])
    assert "take:Se:g6" not in legal(g)


def test_kush_gives_two_of_population_and_happiness():
    """game help Seth table: 1 Kush, "2 Happiness/Population (any mix)"; data SETH_REGIONS."""
    g, p = seth_turn(board=(1,), soldiers=4, population=5, happiness=2)
    seth_take(g, "g1")
    assert legal(g) == ["gain:pop", "gain:hap"]
    play(g, "gain:pop")
    assert legal(g) == ["gain:pop", "gain:hap"]
    play(g, "gain:hap")
    d = g.to_dict()
    assert d["population"][p] == 6 and d["happiness"][p] == 3


def test_hittites_draw_two_technologies_keep_one():
    """game help Seth table: 6 Hittites, "draw 2 Technologies, keep 1, shuffle the other back"."""
    g, p = seth_turn(board=(6,), soldiers=4)
    seth_take(g, "g6")
    assert step_name(g) == "CH_CARD"
    play(g, "draw:T05", "draw:T07")
    assert step_name(g) == "D_KEEP" and legal(g) == ["keep:T05", "keep:T07"]
    play(g, "keep:T07")
    loc = g.to_dict()["card_loc"]
    from tekhenu_engine.notation import card_id
    assert loc[card_id("T07")] == 8 + p and loc[card_id("T05")] == 0


def test_a_statue_for_the_people_under_the_column_gives_3_vp():
    """game help Seth step 4: "If a Statue for the people stands under that region's column,
    3 VP." (anyone's: manual "regardless of its ownership")."""
    g, p = seth_turn(board=(5,), soldiers=4)
    other = (p + 1) % 3
    g = edit(g, seth_people=[-1, other], statues=[1 if q == other else 0 for q in range(4)])
    vp = g.to_dict()["vp"][p]
    seth_take(g, "g5")
    assert g.to_dict()["vp"][p] == vp + 3
    g, p = seth_turn(board=(5,), soldiers=4)
    g = edit(g, seth_people=[other, -1], statues=[1 if q == other else 0 for q in range(4)])
    vp = g.to_dict()["vp"][p]
    seth_take(g, "g5")
    assert g.to_dict()["vp"][p] == vp      # the left column's Statue: nothing for Canaan


# ============================================================================ Conquest tiles
def _with_faceup(g: GameState, tile: int = 6) -> GameState:
    cq = g.to_dict()["conquest_loc"]
    cq = [K["CQ_STACK"] if x == K["CQ_FACEUP"] else x for x in cq]
    cq[tile] = K["CQ_FACEUP"]
    return edit(g, conquest_loc=cq)


def test_the_conquest_tile_goes_onto_an_empty_temple_space_and_the_next_turns_up():
    """manual Seth step 6: "Take the top Conquest tile and place it on any empty space of the
    Temple Complex ... Turn the next Conquest tile in the stack face up. You do not gain the
    benefits of the covered space." """
    g, p = seth_turn(board=(5,), soldiers=4)
    g = _with_faceup(g, 6)
    d = g.to_dict()
    pillars = [i for i in range(25) if d["temple_tile"][i]]
    seth_take(g, "g5")
    assert step_name(g) == "D_CONQUEST"
    spaces = legal(g)
    assert len(spaces) == 25 - len(pillars)
    assert describe_action(g, parse_action("conquest:r2c3")).startswith("Put the face-up Conquest tile")
    res = list(g.to_dict()["res"][p])
    play(g, "conquest:r2c3")
    d = g.to_dict()
    assert d["conquest_loc"][6] == K["CQ_TEMPLE"] + 7 and d["temple_conquest"][7] == 6
    assert d["res"][p] == res
    assert step_name(g) == "CH_CONQUEST"
    outs = [format_action(a) for a, _ in g.chance_outcomes()]
    assert "conquest:CQ07" not in outs and len(outs) == 11
    play(g, "conquest:CQ01")
    assert g.to_dict()["conquest_loc"][0] == K["CQ_FACEUP"]


def test_a_space_with_a_conquest_tile_is_not_empty_for_the_next_one():
    g, p = seth_turn(board=(5,), soldiers=4)
    g = _with_faceup(g, 6)
    cq = g.to_dict()["conquest_loc"]
    cq[2] = K["CQ_TEMPLE"] + 12
    tcq = [-1] * 25
    tcq[12] = 2
    g = edit(g, conquest_loc=cq, temple_conquest=tcq)
    seth_take(g, "g5")
    assert "conquest:r3c3" not in legal(g)


# ============================================================================ Scoring and Maat
def test_seth_buildings_score_their_printed_vp_at_each_scoring():
    """manual Scoring: "each player receives Victory Points for all their Buildings on the Seth
    board. The number of Victory Points provided are printed next to each Building space."
    game help Seth table: Kush 5/3, Punt 4/2 ... (the VP category `seth`, docs/rules-notes.md)."""
    g, p = seth_turn(board=(3,), soldiers=0)
    q = (p + 1) % 3
    sb = [-1] * 12
    sb[0], sb[3] = p, p        # Kush 1st space (5 VP), Punt 2nd space (2 VP)
    sb[2] = q                  # Punt 1st space (4 VP)
    g = edit(g, seth_build=sb, buildings=[2 if x == p else 1 if x == q else 0 for x in range(4)])
    cat = _core.VP_CATEGORIES.index("seth")
    before = g.to_dict()["breakdown"][cat]
    g.push_step(_core.STEP_TYPES["A_SCORING"])
    after = g.to_dict()["breakdown"][cat]
    assert after[p] - before[p] == data.SETH_REGIONS[0]["vp"][0] + data.SETH_REGIONS[1]["vp"][1] == 7
    assert after[q] - before[q] == data.SETH_REGIONS[1]["vp"][0] == 4


def test_blood_is_permanent_taint_at_maat():
    """manual Maat Phase Changes: "Blood tokens count as permanent Taint. Each Blood token is worth
    1 Taint. Blood tokens are not returned to the general supply during Step 7 of the Maat phase." """
    import random
    g = GameState.new(2, 3, seth=True)
    rnd = random.Random(3)
    seen_maat = False
    while not g.is_terminal():
        if g.is_chance():
            g.apply_chance()
            continue
        before = g.to_dict()
        legal_ = g.legal_actions()
        seth = [a for a in legal_ if format_action(a).startswith("take:Se")]
        g.apply(seth[0] if seth else rnd.choice(legal_))
        after = g.to_dict()
        for q in range(2):
            assert after["blood"][q] >= before["blood"][q]
        if after["maat_count"] > before["maat_count"]:
            seen_maat = True
    assert seen_maat


# ============================================================================ perft
# Reference counts of action sequences from one Time of Seth position (the first turn of a 3-player
# game, seed 1, with one gray 3 on the Seth board and 6 Soldiers), recorded when the Seth action was
# implemented, and recorded again when part B (setup cards, Cultists, Artifacts, the gate) joined it:
# the Sumer reward after take:Se:g3 is now a choice at depth 2 (gain:P / gain:B, one unit at a time);
# the compiled protocol perft and the plain-Python reference must both give them.
SETH_PERFT_REF = {1: 3, 2: 8, 3: 42, 4: 367}


def test_perft_with_the_option_on():
    """Issue 11: "perft references with the option on"."""
    from reference import perft
    from tekhenu_engine.protocol import perft as fast
    g, p = seth_turn(board=(3,), soldiers=6)
    assert "take:Se:g3" in legal(g)
    for depth, want in SETH_PERFT_REF.items():
        assert fast(g, depth) == perft(g, depth) == want


# ============================================================================ Anubis
def test_an_anubis_god_action_asks_red_or_blue():
    """manual Anubis Changes: "When using an Anubis Action to perform a God Action immediately choose
    which color the die should represent (red or blue) and gain the corresponding Soldiers or
    Priests, equal to the die value." """
    g, p = seth_turn(board=(3,), soldiers=0, scribes=2, res=[0, 0, 3, 3])
    g = set_dice(g, [("Ra", "k", 4)] + SPARE)
    play(g, "anubis:Ra:k4")
    while step_name(g) == "D_ADJUST":
        play(g, "value:4")
    play(g, "act:Ra")
    assert step_name(g) == "D_SETH_AS" and legal(g) == ["as:r", "as:u"]
    play(g, "as:u")
    assert g.to_dict()["priests"][p] == 4
    assert step_name(g) == "D_RA_SPACE"


def test_anubis_performs_seth_and_may_spend_the_soldiers_just_gained():
    """manual: "The Anubis Action may be used to perform a Seth God Action. If you choose to treat the
    die as red, you may even spend the Soldiers you just gained. Even though the die is placed below
    your scales, you must still place a Blood token"; game help "Anubis can take a Seth-board die,
    for any action, and can perform Seth"."""
    g, p = seth_turn(board=(2,), soldiers=2, scribes=2)
    assert "take:Se:g2" not in legal(g) and "anubis:Se:g2" in legal(g)
    play(g, "anubis:Se:g2")
    while step_name(g) == "D_ADJUST":
        play(g, "value:2")
    assert "act:Se" in legal(g)
    play(g, "act:Se")                    # as:u would leave 2 Soldiers for a cost of 4: as:r is forced
    d = g.to_dict()
    assert d["seth_build"][2] == p and d["soldiers"][p] == 0 and d["blood"][p] == 1
    assert d["gold"][p] == 1             # Punt
    dice = [(d["die_loc"][i], d["die_colour"][i]) for i in range(d["ndice"])]
    assert (30 + p, GRAY) in dice        # below the scales (DL_ANUBIS)


def test_a_state_inside_an_anubis_seth_action_reloads():
    """A position with the Seth action pending (A_GOD of god 6 below the colour choice) is a valid
    state: the search loads such observations (tekhenu match --seth found it)."""
    g, p = seth_turn(board=(2,), soldiers=4, scribes=2)
    play(g, "anubis:Se:g2")
    while step_name(g) == "D_ADJUST":
        play(g, "value:2")
    play(g, "act:Se")
    assert step_name(g) == "D_SETH_AS"
    for h in (GameState.from_string(g.to_string()), GameState.from_json(g.to_json())):
        assert h == g
    obs = g.observation(p)
    assert GameState.from_string(obs.to_string()) == obs
