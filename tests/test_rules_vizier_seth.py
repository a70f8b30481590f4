"""The Vizier's Challenge with Time of Seth (table options ``vizier`` and ``seth`` together, 2 players):
the Destiny pick offers Artifacts, the Vizier may stand on the Seth board, a Seth-board die of the
second player scores 2 VP (time-of-seth-manual.txt p. 10 "RULE CHANGES"; game-help.txt "Vizier's
Challenge — 2 players"; docs/seth-rules-digest.md section 12)."""
from __future__ import annotations

import pytest

from positions import (auto, clear_player, f, legal, make_turn, no_cards_in_hand, play, replayed_random_game,
                       set_dice, step_name, step_seat)
from seth_positions import ARTS, SP_DISPLAY, no_setup_gains, seth_board
from tekhenu_engine import GameState, TableOptions, _core, data
from tekhenu_engine.protocol import parse_table

VS = TableOptions(vizier=True, seth=True, random_horus=False, random_wheel=False)


def new(seed: int = 1) -> GameState:
    return GameState.new(2, seed, VS)


def test_the_two_options_together_are_a_table():
    """game-help: "A separate table option for 2 players, with or without Time of Seth." """
    VS.check_players(2)
    g = new()
    assert g.table_options().vizier and g.table_options().seth
    assert parse_table("players 2 vizier seth".split())["words"] == ["vizier", "seth"]
    with pytest.raises(ValueError, match="2-player option"):
        GameState.new(3, 1, VS)


def _pick_with_artifact(seed_range=range(1, 200)) -> GameState:
    """The first setup pick of a game where the first player can take an Artifact."""
    for seed in seed_range:
        g = auto(new(seed), "D_DESTINY")
        if any(t.startswith("artifact:") for t in legal(g)):
            return g
    raise AssertionError("no game offers an Artifact at the first pick")


def test_starting_rewards_come_before_the_setup_pick():
    """manual Setup Changes 10: "Mark those Soldiers and Priests on your player board at the same time
    you receive any other benefits from your Starting cards" (before the Destiny pick, as without the
    Vizier): the Starting cards are spent when the first player picks."""
    g = auto(new(3), "D_DESTINY")
    first = f(g, "turn_order")[0]
    assert step_seat(g) == first
    assert all(loc != 2 + first for loc in f(g, "start_loc"))      # its Starting cards are resolved


def test_first_player_may_take_an_artifact_then_discards_a_destiny_card():
    """manual: "the first player takes one Destiny card (or Artifact, if playing with the rest of this
    expansion), then discards a Destiny card." """
    g = _pick_with_artifact()
    first = f(g, "turn_order")[0]
    tok = next(t for t in legal(g) if t.startswith("artifact:"))
    k = ARTS.index(tok.split(":")[1])
    ankh = data.ARTIFACTS[ARTS[k]]["ankh"]
    play(g, tok)
    assert f(g, "destiny_owner")[ankh] == first                    # "while also taking the Destiny card"
    g = auto(g, "D_VZ_DISCARD")
    assert step_seat(g) == first
    assert legal(g) == [f"discard:A{i + 1:02d}" for i in range(4) if i != ankh]


def test_second_player_cannot_take_the_artifact_of_the_discarded_card():
    """manual: "The discarded Destiny card is not available to choose from for the second player during
    this round." and "You may not select an Artifact if the corresponding Destiny card is no longer
    available." """
    g = auto(new(1), "D_DESTINY")
    first, second = f(g, "turn_order")[:2]
    play(g, legal(g)[0])
    g = auto(g, "D_VZ_DISCARD")
    d = g.to_dict()
    shown = [k for k in range(len(ARTS)) if d["art_loc"][k] == SP_DISPLAY]
    free = [i for i in range(4) if d["destiny_owner"][i] < 0]
    ankhs = {data.ARTIFACTS[ARTS[k]]["ankh"] for k in shown} & set(free)
    assert ankhs, "this game shows an Artifact whose Destiny card is free"
    gone = min(ankhs)
    play(g, f"discard:A{gone + 1:02d}")
    g = auto(g, "D_DESTINY")
    assert step_seat(g) == second
    rich = clear_player(g, second, priests=10)
    offered = legal(rich)
    assert f"destiny:A{gone + 1:02d}" not in offered
    for k in shown:
        tok = f"artifact:{ARTS[k]}"
        assert (tok in offered) == (data.ARTIFACTS[ARTS[k]]["ankh"] in set(free) - {gone})


def test_the_vizier_may_stand_on_the_seth_board():
    """manual: "the first player moves the Vizier figure to one of the six God Actions (or seven, if
    Seth is in play)"; game help: "(the Seth board too, with the expansion)" """
    g = auto(new(), "D_VZ_PLACE")
    assert step_seat(g) == f(g, "turn_order")[0]
    assert legal(g) == [f"vizier:{a}" for a in ("Ho", "Ra", "Ha", "Ba", "Th", "Os", "Se")]
    play(g, "vizier:Se")
    assert f(g, "vizier_area") == 6 + 1


def _seth_board_turn(who: str) -> tuple[GameState, int, int]:
    """First turn, the Vizier on the Seth board, the turn of the first or second player, a gray 3 on
    the Seth board, 9 Soldiers."""
    g = auto(new(), "D_VZ_PLACE")
    play(g, "vizier:Se")
    g = auto(g, "D_TAKE")
    first, second = f(g, "turn_order")[:2]
    p = first if who == "first" else second
    g = make_turn(g, p, turn_idx=0 if who == "first" else 1)
    g = set_dice(g, [("Th", "k", 6), ("Os", "y", 2)])
    g = no_setup_gains(no_cards_in_hand(seth_board(g, (3,))))
    return clear_player(g, p, soldiers=9, prod=[2, 2, 2, 2]), first, second


def test_a_seth_board_die_of_the_second_player_scores_2_vp_for_the_first():
    """manual: "If the second player takes a die from the area with the Vizier (even for producing
    resources or for an Anubis Action), the first player gains 2 VP. The Vizier has no effect on the
    first player." """
    g, first, second = _seth_board_turn("second")
    vp = f(g, "vp")[first]
    play(g, "take:Se:g3")
    assert f(g, "vp")[first] == vp + 2 and f(g, "vizier_vp")[first] == 2
    g, first, second = _seth_board_turn("first")
    vp = f(g, "vp")[:]
    play(g, "take:Se:g3")
    assert f(g, "vizier_vp") == [0, 0, 0, 0] and f(g, "vp")[second] == vp[second]


def test_thousands_of_random_vizier_seth_games_keep_every_invariant():
    """2000 compiled random games with both options, every invariant after every step (the Vizier's,
    the Seth board's, Blood never decreasing)."""
    r = _core.checked_random_games(2, 2000, seed=31, vizier=True, seth=True)
    assert r["failure"] is None, r["failure"][:3]
    assert r["games"] == 2000 and r["vizier_vp"][0] > 0 and r["vizier_vp"][1] > 0


def test_vizier_vp_counted_again_step_by_step_with_seth():
    """The Vizier VP recounted from the rule's words in 1000 games with Time of Seth (Seth-board takes
    count for the area of the Seth board)."""
    r = _core.vizier_recount_games(1000, seed=9, seth=True)
    assert r["failure"] is None, r["failure"]
    assert r["games"] == 1000 and r["takes"] > 1000 and r["seth_takes"] > 0


def test_random_vizier_seth_games_replay_exactly_and_round_trip():
    """Python-driven games: every state round-trips through to_string, and the tokens replay."""
    for seed in (1, 2):
        moves = replayed_random_game(2, seed, TableOptions(vizier=True, seth=True))
        assert any(m.startswith("vizier:") for m in moves) and any(m.startswith("discard:") for m in moves)


def test_cli_match_with_vizier_and_seth(tmp_path):
    """`tekhenu match --players 2 --vizier --seth` records both options and replays."""
    from typer.testing import CliRunner

    from tekhenu_engine.cli import app
    from tekhenu_engine.match import load_records, replay

    out = tmp_path / "m.jsonl"
    res = CliRunner().invoke(app, ["match", "--a", "random", "--b", "greedy", "--players", "2", "--vizier",
                                   "--seth", "--games", "2", "--quiet", "--out", str(out)])
    assert res.exit_code == 0, res.output
    recs = load_records(str(out))
    assert [r["table"] for r in recs] == [{"players": 2, "seth": True, "vizier": True}] * 2
    assert all(r["error"] is None and replay(r).returns() == r["vp"] for r in recs)


def test_a_red_blue_or_green_die_treated_as_another_colour_still_never_shows_1_or_6():
    """manual Key Concepts: red, blue and green dice "their value cannot be changed into a 1 or a 6"; game
    help: "(no Scribe takes them to 1 or 6)". B11/B12 let a die count as another colour: the die itself
    keeps its faces (found by `tekhenu match --vizier --seth`: a blue die went to 6 after B11)."""
    from positions import first_turn, give_cards, seat
    g = first_turn(2, 1, seth=True)
    p = seat(g)
    g = set_dice(g, [("Ha", "u", 5), ("Th", "k", 6), ("Os", "y", 2)])
    g = give_cards(no_cards_in_hand(g), p, "B11")
    g = clear_player(g, p, res=[9, 9, 9, 9], gold=3, scribes=3)
    play(g, "take:Ha:u5")
    assert step_name(g) == "D_BLESS"
    offered = legal(g)
    assert "bless:B11/7" in offered                       # white 5 (colour 2 * 3 + 1: the same value)
    assert not any(t.startswith("bless:B11/") and int(t.split("/")[1]) % 3 == 2 for t in offered)   # no 6
    play(g, "bless:B11/6")                                # white 4
    assert step_name(g) == "D_ADJUST"
    assert max(int(t.split(":")[1]) for t in legal(g)) == 5
