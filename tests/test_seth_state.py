"""Time of Seth: the `seth` table option and the expansion's state fields (format 3).

Each test quotes the sentence of shared/rules/ it checks (manual = time-of-seth-manual.txt,
game help = game-help.txt, which wins a disagreement; FACTS = FACTS.md)."""
from __future__ import annotations

from collections import Counter

import pytest

from tekhenu_engine import GameState, TableOptions, _core, data
from tekhenu_engine.errors import StateError

K = _core.SETH_CODES
SETH = TableOptions(seth=True)


def new(players: int, seed: int = 3, **kw) -> GameState:
    return GameState.new(players, seed, SETH.with_(**kw))


def _doc(g: GameState) -> dict:
    return g.to_dict()


# ============================================================================ the option
def test_the_option_word_flag_and_bit():
    """Issue 11: "Everything here is one table option (`seth`), off by default"."""
    assert TableOptions().seth is False
    assert TableOptions.from_words(["seth"]).seth is True
    assert SETH.to_words() == ["seth"]
    assert TableOptions.from_words(SETH.to_words()) == SETH
    assert new(3).table_options() == SETH.with_(random_horus=True)
    assert GameState.new(3, 1).table_options().seth is False
    assert _core.OPTION_BITS["seth"] == _core.OPTION_CODES["OPT_SETH"]
    with pytest.raises(ValueError, match="given twice"):
        TableOptions.from_words(["seth", "seth"])


def test_solo_with_the_option_is_botankhamun_with_time_of_seth():
    """Issue 12 built "the solo Botankhamun changes" (tests/test_solo_seth.py): a solo table takes the
    option."""
    g = GameState.new(1, 1, SETH)
    assert g.table_options().seth and g.num_players() == 1


# ============================================================================ dice in play
@pytest.mark.parametrize("players,counts", [(2, (4, 4, 4, 4, 3, 2, 2, 1)), (3, (4, 4, 4, 4, 6, 2, 2, 1)),
                                            (4, (5, 5, 5, 5, 5, 2, 2, 1))])
def test_dice_of_the_table_per_player_count(players, counts):
    """manual Setup Changes 3: "add 2 red, 2 blue, and 1 green die to the bag. Then: 4 players:
    return 1 gray die to the box ... 3 players: return 1 black, 1 white, 1 yellow, and 1 brown die
    to the box ... 2 players: return 1 black, 1 white, 1 yellow, 1 brown, and 3 gray dice to the
    game box" (gray dice go onto the Seth board from these)."""
    d = _doc(new(players))
    n = d["ndice"]
    got = Counter(d["die_colour"][:n])
    assert tuple(got[c] for c in range(8)) == counts == data.SETH_DICE_PER_COLOUR[players]
    assert all(loc == 99 for loc in d["die_loc"][n:])


def test_compiled_seth_tables_equal_the_data():
    """One source of truth: the core's Time of Seth tables are copied from data/seth.py."""
    t = _core._seth_tables()
    assert t["SETH_DICE_PER_COLOUR"] == {n: data.SETH_DICE_PER_COLOUR[n] for n in range(1, 5)}
    assert t["SETH_BOARD_DICE"] == {n: data.SETH_BOARD_DICE[n] for n in range(1, 5)}
    assert t["SETH_GOD_STATUE_SPACES"] == {n: data.SETH_GOD_STATUE_SPACES[n] for n in range(1, 5)}
    assert t["SETH_TRACK_MAX"] == data.SETH_TRACK_MAX == 10
    assert K["N_CONQUEST"] == len(data.CONQUEST_TILES) and K["N_CULTISTS"] == len(data.CULTISTS)
    assert K["N_ARTIFACTS"] == len(data.ARTIFACTS)
    assert K["N_SETH_SPACES"] == len(data.SETH_REGIONS) * data.SETH_REGION_SPACES
    assert K["N_SETH_PEOPLE"] == len(data.SETH_PEOPLE_SPACES)
    assert K["N_SETH_GOD"] == max(data.SETH_GOD_STATUE_SPACES.values())


# ============================================================================ the fields
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_fields_without_the_option_are_unused(players):
    d = _doc(GameState.new(players, 5))
    for k, v in _core.SETH_FIELDS_OFF.items():
        assert d[k] == v
    assert d["soldiers"] == d["priests"] == d["blood"] == [0] * 4


def test_fields_with_the_option_at_the_start():
    """manual Setup Changes 1: "each player places their Soldier and Priest on 0"; Setup
    Changes 6: "Shuffle the Conquest tiles and place them in a stack" (the face-up tile is
    turned by a chance step)."""
    d = _doc(new(3))
    assert d["soldiers"] == d["priests"] == d["blood"] == [0] * 4
    assert d["conquest_loc"] == [K["CQ_STACK"]] * 12
    assert d["seth_build"] == [-1] * 12 and d["seth_people"] == [-1] * 2 and d["seth_god"] == [-1] * 3
    assert d["temple_conquest"] == [-1] * 25


@pytest.mark.parametrize("players", [2, 3, 4])
def test_round_trips_with_the_option(players):
    g = new(players, seed=players)
    for h in (GameState.from_string(g.to_string()), GameState.from_json(g.to_json()),
              GameState.from_bytes(g.to_bytes())):
        assert h == g and h.to_dict() == g.to_dict()


def test_the_stacks_nobody_knows_are_not_in_the_state():
    """An observation masks nothing of the expansion's pieces: the Conquest stack and the
    undrawn Cultists and Artifacts are unordered sets (drawn by chance steps), so the order
    below the face-up tile is never stored."""
    g = new(2)
    obs = g.observation(1)
    for k in _core.SETH_FIELDS_OFF:
        assert obs.to_dict()[k] == g.to_dict()[k]


# ============================================================================ loading checks
def _with(g: GameState, **changes) -> dict:
    d = g.to_dict()
    for k, v in changes.items():
        d[k] = v
    return d


def _refused(d: dict, field: str) -> None:
    with pytest.raises(StateError) as e:
        GameState.from_dict(d)
    assert e.value.field.startswith(field), e.value.field


def test_a_seth_piece_without_the_option_is_refused():
    g = GameState.new(3, 1)
    _refused(_with(g, seth_build=[0] + [-1] * 11), "seth_build")
    _refused(_with(g, conquest_loc=[K["CQ_STACK"]] * 12), "conquest_loc")
    _refused(_with(g, soldiers=[1, 0, 0, 0]), "soldiers")


def test_soldiers_and_priests_stay_0_to_10():
    """manual Key Concepts: "You may not spend Priests or Soldiers if your corresponding marker
    would move below 0. Any amount of Priests or Soldiers gained above 10 is lost." """
    g = new(3)
    GameState.from_dict(_with(g, soldiers=[10, 0, 0, 0], priests=[0, 10, 0, 0]))
    _refused(_with(g, soldiers=[11, 0, 0, 0]), "soldiers")
    _refused(_with(g, priests=[0, -1, 0, 0]), "priests")


def test_one_building_of_a_player_per_region():
    """manual Seth step 2: "You may not place a second Building in a region where you already
    have a Building." """
    g = new(3)
    d = _with(g, seth_build=[0, 0] + [-1] * 10, buildings=[2, 0, 0, 0])
    _refused(d, "seth_build[1]")


def test_conquest_tiles_only_on_temple_spaces_and_both_fields_agree():
    """manual Seth step 6: "Take the top Conquest tile and place it on any empty space of the
    Temple Complex"."""
    g = new(3)
    cq = [K["CQ_STACK"]] * 12
    cq[4] = K["CQ_TEMPLE"] + 7
    tcq = [-1] * 25
    _refused(_with(g, conquest_loc=cq, temple_conquest=tcq), "conquest_loc[4]")
    tcq[7] = 4
    GameState.from_dict(_with(g, conquest_loc=cq, temple_conquest=tcq))
    cq[4] = 5                        # between face up (2) and the Temple (10+)
    _refused(_with(g, conquest_loc=cq, temple_conquest=[-1] * 25), "conquest_loc[4]")
    two_up = [K["CQ_FACEUP"], K["CQ_FACEUP"]] + [K["CQ_STACK"]] * 10
    _refused(_with(g, conquest_loc=two_up), "conquest_loc")


def test_seth_statues_count_as_the_seats_statues():
    """game help: "Statues in honour of Seth 1 2 3" (at 2 / 3 / 4 players)."""
    g = new(2)
    _refused(_with(g, seth_god=[0, -1, -1]), "statues[0]")
    GameState.from_dict(_with(g, seth_god=[0, -1, -1], statues=[1, 0, 0, 0]))
    _refused(_with(g, seth_god=[-1, 0, -1], statues=[1, 0, 0, 0]), "seth_god[1]")


# ============================================================================ protocol, CLI
def test_protocol_position_new_with_seth():
    """Issue 11: "Protocol `position new players N seth ...`"."""
    from tekhenu_engine.protocol import new_game, parse_table
    g = new_game(parse_table("players 3 seed 5 seth".split()))
    assert g.table_options().seth and g.num_players() == 3
    assert g == GameState.new(3, 5, SETH)
    with pytest.raises(ValueError, match="given twice"):
        parse_table("players 3 seth seth".split())


def test_match_config_carries_the_option():
    """Issue 11: "`tekhenu match --a ismcts --b greedy --players 3 --seth --games 20`"."""
    from tekhenu_engine.match import MatchConfig, new_state
    cfg = MatchConfig("random", "greedy", players=3, options=TableOptions(seth=True))
    assert cfg.table() == {"players": 3, "seth": True}
    assert new_state(cfg.table(), 1).table_options().seth
    assert MatchConfig("random", "greedy", players=3).table() == {"players": 3}
    solo = MatchConfig("random", "botankhamun:hard", options=TableOptions(seth=True)).table()
    assert solo["players"] == 1 and solo["seth"] and new_state(solo, 1).table_options().seth
