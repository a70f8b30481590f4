"""Time of Seth: Horus on the Seth board (seth/horus.pxi): the Statues for the people under a column
(a free Thoth action of value 1 per region there with a Building) and in honour of Seth (2 Priests
more; 1 Resource of the owner's choice whenever another player performs Seth, with the player-count
extras), the Statue spaces per player count, manual Example 1 step by step.

Each test quotes the sentence of shared/rules/ it checks (manual = time-of-seth-manual.txt, game
help = game-help.txt, which wins a disagreement)."""
from __future__ import annotations

import pytest

from seth_positions import no_setup_gains, seth_board
from positions import clear_player, edit, first_turn, give_cards, hand, legal, no_cards_in_hand, play, seat, \
    set_dice, step_name, step_seat
from tekhenu_engine import GameState, _core
from tekhenu_engine.notation import describe_action, format_action, parse_action

SPARE = [("Th", "k", 6), ("Os", "y", 2)]


def horus_turn(players: int = 3, board=(), seed: int = 1, horus_die: int = 3, **stock) -> tuple[GameState, int]:
    """The first turn of a Time of Seth game: a gray die of this value on Horus (plus two spare
    dice), gray dice of these values on the Seth board, the seat to move holding exactly `stock`
    (4 Granite for the first Statue unless given; no cards in hand; no Soldiers or Priests)."""
    g = first_turn(players, seed, seth=True)
    p = seat(g)
    g = set_dice(g, [("Ho", "g", horus_die)] + SPARE)
    g = no_setup_gains(no_cards_in_hand(seth_board(g, board)))
    stock.setdefault("prod", [2, 2, 2, 2])
    stock.setdefault("res", [0, 0, 0, 4])
    return clear_player(g, p, **stock), p


def to_horus(g: GameState) -> GameState:
    """Take the Horus die and perform Horus (up to the Statue's target)."""
    play(g, "take:Ho:g3")
    if step_name(g) == "D_ADJUST":
        play(g, "value:3")
    if step_name(g) == "D_ACTION":
        play(g, "act:Ho")
    assert step_name(g) == "D_HORUS"
    return g


def pay_all(g: GameState) -> GameState:
    while step_name(g) == "D_PAY":
        play(g, legal(g)[0])
    return g


# ============================================================================ the targets
def test_horus_offers_the_seth_boards_statue_spaces():
    """manual: "You may use the Horus God Action to build a Statue on the Seth board, paying the
    usual Granite cost. You may build a Statue: for the people (below a column of three regions),
    using any die ... In honor of a god ... using any die and paying 2 Priests in addition to the
    Granite cost." """
    g, p = horus_turn(priests=2)
    to_horus(g)
    assert {"statue:Se-left", "statue:Se-right", "statue:Se"} <= set(legal(g))
    assert describe_action(g, parse_action("statue:Se")).startswith("Build the Statue in honour of Seth")
    for tok in ("statue:Se-left", "statue:Se-right", "statue:Se"):
        assert format_action(parse_action(tok)) == tok
    g, p = horus_turn(priests=1)
    to_horus(g)
    assert "statue:Se" not in legal(g) and "statue:Se-left" in legal(g)


def test_without_the_option_horus_has_no_seth_targets():
    """An expansion adds, the base game is unchanged: no Seth board, no Seth Statue spaces."""
    g = first_turn(3, 1)
    p = seat(g)
    g = clear_player(no_cards_in_hand(set_dice(g, [("Ho", "g", 3)] + SPARE)), p, res=[0, 0, 0, 4], priests=5)
    to_horus(g)
    assert not [t for t in legal(g) if t.startswith("statue:Se")]


def test_only_the_seth_spaces_left_still_allow_horus():
    """manual: "You may use the Horus God Action to build a Statue on the Seth board": with every
    base space taken, the Seth board's spaces keep the Horus action possible; with those taken
    too, there is no Horus action."""
    g0, p = horus_turn()
    other = (p + 1) % 3
    full = dict(statue_god=[[other] * 4 for _ in range(6)], people=[other] * 4)
    g = edit(g0, **full)
    assert "take:Ho:g3" in legal(g)
    to_horus(g)
    assert legal(g) == ["statue:Se-left", "statue:Se-right"]
    g = edit(g0, seth_people=[other, other], **full)
    assert "take:Ho:g3" not in legal(g)      # a gray die cannot Produce either


# ============================================================================ for the people
def test_a_statue_for_the_people_gives_one_thoth_1_per_region_with_a_building():
    """manual: "Immediately perform a Thoth God Action of value 1 for each of the three regions that
    contain at least 1 Building, regardless of that Building's ownership. This means you will
    receive 0-3 cards for free." (game help "one free Thoth action of value 1 for each region in
    that column holding a Building, anyone's")."""
    g, p = horus_turn(happiness=2)
    other = (p + 1) % 3
    build = [-1] * 12
    build[0] = other            # Kush (left column)
    build[2], build[3] = p, other   # Punt, both spaces (counts once)
    build[8] = other            # Canaan (right column)
    g = edit(g, seth_build=build, buildings=[2 if q == other else (1 if q == p else 0) for q in range(4)])
    to_horus(g)
    play(g, "statue:Se-left")
    pay_all(g)
    d = g.to_dict()
    assert d["seth_people"][0] == p and d["statues"][p] == 1 and d["res"][p][3] == 0
    got = 0
    while step_name(g) in ("D_THOTH_REFRESH", "D_THOTH_CARD"):
        assert step_seat(g) == p
        if step_name(g) == "D_THOTH_CARD":
            got += 1
        play(g, legal(g)[0])
    assert got == 2 and len(hand(g, p)) == 2        # Kush and Punt; Sumer has none
    assert g.to_dict()["res"][p][0] == 0          # "for free"


def test_a_statue_for_the_people_under_an_empty_column_gives_no_card():
    """manual: "This means you will receive 0-3 cards for free." """
    g, p = horus_turn(happiness=2)
    to_horus(g)
    play(g, "statue:Se-right")
    pay_all(g)
    assert g.to_dict()["seth_people"][1] == p and hand(g, p) == []
    assert step_name(g) not in ("D_THOTH_REFRESH", "D_THOTH_CARD")


def test_example_1_two_thoth_actions_from_different_sections_bonuses_once():
    """manual Example 1: "John decides to build the Statue for the people on the Seth board,
    receiving two "Thoth 1" actions due to Buildings being present in two of the regions. John
    immediately performs both Thoth actions (for each action, taking 1 card for free, potentially
    from different Market segments, since those are two separate actions). Afterwards, John
    receives 2 Victory Points from his Technology (only once, even though he performed the Thoth
    God Action twice). Jane receives 1 Gold and 1 Scribe, since both the Horus and Thoth God
    Actions were performed at least once." (T03: "Whenever you perform a Thoth God Action: Score 2
    Victory Points.")"""
    g, john = horus_turn(players=4, happiness=5)
    jane = (john + 1) % 4
    # Jane's Statues: at Thoth (its Horus slot pays 1 Scribe) and at Horus (its slot pays 1 Gold)
    slots = [3, 1, 2, 0, 4, 5]          # Horus on slot 4 (1 Gold), Thoth on slot 5 (1 Scribe)
    sg = [[-1] * 4 for _ in range(6)]
    sg[0][0] = jane
    sg[4][0] = jane
    build = [-1] * 12
    build[6] = jane                     # Assyria
    build[10] = (john + 2) % 4          # Hittites
    bu = [0] * 4
    bu[jane], bu[(john + 2) % 4] = 1, 1
    g = edit(g, horus_slot_god=slots, statue_god=sg, seth_build=build, buildings=bu,
             statues=[2 if q == jane else 0 for q in range(4)])
    g = give_cards(g, john, "T03")
    before = g.to_dict()
    to_horus(g)
    play(g, "statue:Se-right")
    pay_all(g)
    sections = []
    while step_name(g) in ("D_THOTH_REFRESH", "D_THOTH_CARD"):
        if step_name(g) == "D_THOTH_REFRESH":
            sec = "section:2" if "section:2" in legal(g) and not sections else "section:1"
            sections.append(sec)
            play(g, sec)
        else:
            play(g, legal(g)[0])
    assert sections == ["section:2", "section:1"]     # two separate actions, two Market sections
    after = g.to_dict()
    assert len(hand(g, john, "B") + hand(g, john, "D") + [c for c in hand(g, john, "T") if c != "T03"]) == 2
    assert after["vp"][john] - before["vp"][john] == 2            # T03 once
    assert after["gold"][jane] - before["gold"][jane] == 1         # Horus performed
    assert after["scribes"][jane] - before["scribes"][jane] == 1   # Thoth performed at least once


# ============================================================================ in honour of Seth
def test_a_statue_to_seth_costs_2_priests_more():
    """manual: "using any die and paying 2 Priests in addition to the Granite cost" """
    g, p = horus_turn(priests=3)
    to_horus(g)
    play(g, "statue:Se")
    pay_all(g)
    d = g.to_dict()
    assert d["seth_god"][0] == p and d["statues"][p] == 1
    assert d["priests"][p] == 1 and d["res"][p][3] == 0


@pytest.mark.parametrize("players,spaces", [(2, 1), (3, 2), (4, 3)])
def test_statue_spaces_in_honour_of_seth_by_player_count(players, spaces):
    """game help: "Statues in honour of Seth 1 2 3" (2 / 3 / 4 players)."""
    g, p = horus_turn(players=players, priests=2)
    other = (p + 1) % players
    taken = [other] * (spaces - 1) + [-1] * (3 - spaces + 1)
    g = edit(g, seth_god=taken, statues=[spaces - 1 if q == other else 0 for q in range(4)])
    to_horus(g)
    assert "statue:Se" in legal(g)
    taken = [other] * spaces + [-1] * (3 - spaces)
    g, p = horus_turn(players=players, priests=2)
    g = edit(g, seth_god=taken, statues=[spaces if q == other else 0 for q in range(4)])
    to_horus(g)
    assert "statue:Se" not in legal(g)


def test_a_statue_space_to_seth_beyond_the_player_count_is_refused():
    """game help: "Statues in honour of Seth 1 2 3": a 2-player position with a second one does
    not load."""
    g, p = horus_turn(players=2)
    d = g.to_dict()
    d["seth_god"] = [p, p, -1]
    d["statues"][p] = 2
    with pytest.raises(ValueError, match="seth_god"):
        GameState.from_dict(d)


def seth_action_by(g: GameState, who: int) -> GameState:
    """Hand the turn to seat `who`, with 4 Soldiers and a gray 3 on the Seth board, and let it
    perform the Seth action (Sumer: 2 Papyrus)."""
    d = g.to_dict()
    for t in d["tasks"]:
        if _core.STEP_NAMES[t["type"]] in ("D_TAKE", "A_END_TURN"):
            t["p"] = who
    d["cur_player"] = who
    d["soldiers"][who] = 4
    g = GameState._from_dict_trusted(d)
    play(g, "take:Se:g3")
    if step_name(g) == "D_ADJUST":
        play(g, "value:3")
    if step_name(g) == "D_ACTION":
        play(g, "act:Se")
    while step_name(g) == "D_PAY":
        play(g, legal(g)[0])
    play(g, "gain:P", "gain:P")
    if step_name(g) == "D_CONQUEST":
        play(g, legal(g)[0])
    return g


def test_another_players_seth_action_pays_the_statues_owner_one_resource_of_choice():
    """manual: "every time another player performs the Seth God Action you will receive the bonus
    depicted on the overlay ... (1 Resource of your choice)."; game help "(not Gold)". The choice
    is the owner's."""
    g, p = horus_turn(players=4, board=(3,))
    owner = (p + 1) % 4
    g = edit(g, seth_god=[owner, -1, -1], statues=[1 if q == owner else 0 for q in range(4)])
    g = seth_action_by(g, p)
    while g.is_chance():
        g.apply_chance()
    assert step_name(g) == "D_GAIN" and step_seat(g) == owner
    assert legal(g) == ["gain:P", "gain:B", "gain:L", "gain:G"]
    res = g.to_dict()["res"][owner][2]
    play(g, "gain:L")
    assert g.to_dict()["res"][owner][2] == res + 1


def test_t07_pays_on_the_seth_statues_bonus():
    """T07: "Whenever you receive a Horus Bonus from a Statue built in honor of a god: Gain 1
    Granite." -- the Statue to Seth is one (manual "In honor of a god ... on the Seth board")."""
    g, p = horus_turn(players=4, board=(3,))
    owner = (p + 1) % 4
    g = edit(g, seth_god=[owner, -1, -1], statues=[1 if q == owner else 0 for q in range(4)])
    g = give_cards(g, owner, "T07")
    gr = g.to_dict()["res"][owner][3]
    g = seth_action_by(g, p)
    while g.is_chance():
        g.apply_chance()
    play(g, "gain:P")
    assert g.to_dict()["res"][owner][3] == gr + 1


def test_four_players_own_seth_action_pays_no_bonus():
    """manual: "every time another player performs the Seth God Action" (3-4 players: not one's
    own)."""
    g, p = horus_turn(players=4, board=(3,))
    g = edit(g, seth_god=[p, -1, -1], statues=[1 if q == p else 0 for q in range(4)])
    before = g.to_dict()
    g = seth_action_by(g, p)
    while g.is_chance():
        g.apply_chance()
    assert not (step_name(g) == "D_GAIN" and step_seat(g) == p)
    assert g.to_dict()["res"][p] == [before["res"][p][0] + 2] + before["res"][p][1:]


def test_two_players_own_seth_action_pays_the_bonus_too():
    """manual: "In a 2-player game, also receive this bonus when you perform the Seth God Action
    yourself" """
    g, p = horus_turn(players=2, board=(3,))
    g = edit(g, seth_god=[p, -1, -1], statues=[1 if q == p else 0 for q in range(4)])
    g = seth_action_by(g, p)
    while g.is_chance():
        g.apply_chance()
    assert step_name(g) == "D_GAIN" and step_seat(g) == p and "gain:G" in legal(g)


def test_three_players_get_the_bonus_at_once_but_not_for_a_second_statue():
    """manual: "In a 3-player game, also receive this bonus immediately after building the Statue."
    ... "Building a second Statue to Seth does not provide any additional reward." """
    g, p = horus_turn(players=3, priests=2)
    to_horus(g)
    play(g, "statue:Se")
    pay_all(g)
    assert step_name(g) == "D_GAIN" and step_seat(g) == p and "gain:B" in legal(g)
    play(g, "gain:B")
    assert g.to_dict()["res"][p][1] == 1
    # a second Statue to Seth: nothing at once
    g, p = horus_turn(players=3, priests=2, res=[0, 0, 0, 3])
    g = edit(g, seth_god=[p, -1, -1], statues=[1 if q == p else 0 for q in range(4)])
    to_horus(g)
    play(g, "statue:Se")
    pay_all(g)
    assert g.to_dict()["seth_god"][:2] == [p, p]
    assert not (step_name(g) == "D_GAIN" and step_seat(g) == p)


@pytest.mark.parametrize("players", [2, 4])
def test_two_and_four_players_get_no_bonus_when_building(players):
    """manual: "(but not immediately after building it)" (2 players); the at-once extra is the
    3-player game's only."""
    g, p = horus_turn(players=players, priests=2)
    to_horus(g)
    play(g, "statue:Se")
    pay_all(g)
    assert g.to_dict()["seth_god"][0] == p
    assert not (step_name(g) == "D_GAIN" and step_seat(g) == p)


def test_the_seth_bonus_pays_once_per_turn():
    """manual Key Concepts: "Any effect, bonus, or benefit related to a player performing a
    particular action can only be triggered at most once during that player's turn." (two Seth
    actions in one turn pay the Statue to Seth once: its bit of the gate)."""
    g, p = horus_turn(players=4, board=(3,))
    owner = (p + 1) % 4
    g = edit(g, seth_god=[owner, -1, -1], statues=[1 if q == owner else 0 for q in range(4)],
             seth_gate=[0, 0, 0, 0])
    d = g.to_dict()
    d["seth_gate"][owner] = 1 << 6        # already paid this turn (god 6: Seth)
    g = GameState._from_dict_trusted(d)
    g = seth_action_by(g, p)
    while g.is_chance():
        g.apply_chance()
    assert not (step_name(g) == "D_GAIN" and step_seat(g) == owner)


# ============================================================================ random games
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_build_statues_on_the_seth_board(players):
    """Random games with the option on: every invariant holds after every step (Statue spaces
    within the player count among them), and the Seth board's Statue spaces are used."""
    r = _core.checked_random_games(players, 150, seed=11 + players, seth=True)
    assert r["failure"] is None and r["games"] == 150
    used = 0
    for k in range(30):
        g = GameState.new(players, seed=100 + k, seth=True)
        g.playout(seed=k)
        d = g.to_dict()
        used += sum(x >= 0 for x in d["seth_people"] + d["seth_god"])
    assert used > 0


# ============================================================================ D_SETH_GODACT
def test_a_conquest_tiles_osiris_action_waits_for_the_happiness_it_needs():
    """manual Example 2: "Vivian takes her first Osiris God Action (going down to 0 Happiness first,
    followed by gaining 2 Happiness from her Statue). She now performs her second Osiris God Action"
    -- the tile's action (CQ09 "Perform an Osiris God action as if you took a die of value 5") is
    checked when its turn comes, after the Pillar ability's Osiris action: with 1 Happiness and no
    Statue, there is no second action (base: Osiris needs Happiness to pay)."""
    from positions import set_player, trigger
    from seth_positions import table
    osiris, extra = 5, int(_core.ENUMS["GOD_FLAGS"]["F_EXTRA"])
    for hap, built in ((1, 1), (2, 2)):
        g = table(2)
        p = g.step()[1]
        g = set_player(g, p, happiness=hap, population=5)
        g = trigger(g, ("A_GOD", p, osiris, 3, extra), ("D_SETH_GODACT", p, osiris, 5), ("A_END_TURN", p))
        for _ in range(50):
            if step_name(g) == "D_TAKE" and step_seat(g) != p:
                break
            if g.is_chance():
                g.apply_chance()
            else:
                g.apply(g.legal_actions()[0])
        d = g.to_dict()
        assert d["buildings"][p] == built and d["happiness"][p] == hap - built >= 0
