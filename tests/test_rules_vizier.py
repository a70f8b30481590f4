"""The Vizier's Challenge (table option ``vizier``, 2 players): the Destiny discard, the Vizier's
placement and its 2 VP (time-of-seth-manual.txt p. 10 "RULE CHANGES"; game-help.txt "Vizier's
Challenge — 2 players"; docs/rules-notes.md "Vizier's Challenge")."""
from __future__ import annotations

import random

import pytest

from positions import (auto, clear_player, f, legal, make_turn, no_cards_in_hand, play, replayed_random_game,
                       set_dice, step_name, step_seat)
from tekhenu_engine import GameState, TableOptions, data, format_action, parse_action
from tekhenu_engine import _core
from tekhenu_engine.errors import StateError
from tekhenu_engine.notation import describe_action
from tekhenu_engine.protocol import ProtocolError, parse_table

VIZ = TableOptions(vizier=True, random_horus=False, random_wheel=False)
ACTIONS = _core.VP_CATEGORIES.index("actions")


def new(seed: int = 1) -> GameState:
    return GameState.new(2, seed, VIZ)


def to_step(g: GameState, name: str) -> GameState:
    return auto(g, name)


# ----------------------------------------------------------------------------- the option
def test_option_word_and_two_players_only():
    """game-help: "A separate table option for 2 players, with or without Time of Seth."; manual:
    "The Vizier is not supported nor needed in solo plays against Botankhamun." """
    assert TableOptions.from_words(["vizier"]).vizier
    assert TableOptions(vizier=True).to_words() == ["vizier"]
    assert GameState.new(2, 1, VIZ).table_options().vizier
    for players in (1, 3, 4):
        with pytest.raises(ValueError, match="2-player option"):
            GameState.new(players, 1, TableOptions(vizier=True))
        with pytest.raises(ProtocolError, match="2-player option"):
            parse_table(f"players {players} vizier".split())
    assert parse_table("players 2 vizier".split())["words"] == ["vizier"]


# ----------------------------------------------------------------------------- the Destiny pick
def test_setup_pick_first_takes_then_discards_second_cannot_take_it():
    """manual: "When selecting Destiny cards (including during initial setup), the first player takes
    one Destiny card ..., then discards a Destiny card. The discarded Destiny card is not available to
    choose from for the second player during this round." """
    g = to_step(new(), "D_DESTINY")
    first, second = f(g, "turn_order")[:2]
    assert step_seat(g) == first and legal(g) == ["destiny:A01", "destiny:A02", "destiny:A03", "destiny:A04"]
    play(g, "destiny:A03")
    g = to_step(g, "D_VZ_DISCARD")
    assert step_seat(g) == first
    assert legal(g) == ["discard:A01", "discard:A02", "discard:A04"]   # a real decision among the rest
    play(g, "discard:A02")
    assert f(g, "vizier_discard") == 2
    g = to_step(g, "D_DESTINY")
    assert step_seat(g) == second and legal(g) == ["destiny:A01", "destiny:A04"]
    play(g, "destiny:A04")
    assert f(g, "destiny")[second] == 3 and f(g, "destiny")[first] == 2
    assert f(g, "destiny_owner")[1] == -1      # discarded, not owned by anyone


def test_setup_placement_any_of_the_six_areas_by_the_first_player():
    """manual: "After the second player has selected a Destiny card (or an Artifact), the first player
    moves the Vizier figure to one of the six God Actions (or seven, if Seth is in play). At the
    beginning of the game, they may place it on any of the Actions" """
    g = to_step(new(), "D_VZ_PLACE")
    first = f(g, "turn_order")[0]
    assert step_seat(g) == first
    assert f(g, "destiny")[f(g, "turn_order")[1]] >= 0          # after the second player's pick
    assert legal(g) == [f"vizier:{a}" for a in ("Ho", "Ra", "Ha", "Ba", "Th", "Os")]
    play(g, "vizier:Th")
    assert f(g, "vizier_area") == 4 + 1
    assert step_name(to_step(g, "D_TAKE")) == "D_TAKE"


def test_area_count_comes_from_the_data_table():
    """manual: "one of the six God Actions (or seven, if Seth is in play)": data.VIZIER_AREAS holds
    both rows; the core loads the base row, and the Seth row once the seth option has its bit."""
    t = _core.vizier_tables()
    assert t["VIZIER_VP"] == data.VIZIER_VP == 2
    assert t["rows"][0] == (0, list(data.VIZIER_AREAS["base"]))
    assert len(data.VIZIER_AREAS["base"]) == 6 and len(data.VIZIER_AREAS["seth"]) == 7
    assert len(t["rows"]) == 1 + ("seth" in _core.OPTION_BITS)


def _to_maat_pick(g: GameState) -> GameState:
    """Play the first Maat period with first choices until the next Destiny pick."""
    g = to_step(g, "D_TAKE")
    while not (step_name(g) == "D_DESTINY" and f(g, "round") == 4):
        if g.is_chance():
            g.apply_chance()
        else:
            g.apply(g.legal_actions()[0])
    return g


def test_after_maat_discard_is_back_and_vizier_must_move():
    """manual: "However, it will be available again during the next Maat phase." and "after each Maat
    phase the Vizier must be moved to a different action area." """
    g = to_step(new(), "D_VZ_DISCARD")
    play(g, "discard:A04")
    g = to_step(g, "D_VZ_PLACE")
    play(g, "vizier:Ra")
    g = _to_maat_pick(g)
    assert f(g, "vizier_discard") == 0
    assert legal(g) == ["destiny:A01", "destiny:A02", "destiny:A03", "destiny:A04"]
    first = f(g, "turn_order")[0]
    assert step_seat(g) == first
    g = to_step(g, "D_VZ_DISCARD")
    assert step_seat(g) == first
    g = to_step(g, "D_VZ_PLACE")
    assert step_seat(g) == first
    assert legal(g) == ["vizier:Ho", "vizier:Ha", "vizier:Ba", "vizier:Th", "vizier:Os"]   # not Ra again


def test_every_pick_of_the_game_has_the_discard_and_the_placement():
    """manual: "When selecting Destiny cards (including during initial setup)": the 4 picks of a game
    (setup and Maat phases 1-3) each have one discard and one placement of the first player."""
    g = new(5)
    rnd = random.Random(5)
    seen = []
    while not g.is_terminal():
        if g.is_chance():
            g.apply_chance()
            continue
        if step_name(g) in ("D_VZ_DISCARD", "D_VZ_PLACE"):
            seen.append((f(g, "round"), step_name(g), g.current_player() == f(g, "turn_order")[0]))
        g.apply(rnd.choice(g.legal_actions()))
    assert [(r, n) for r, n, _ in seen] == [(r, n) for r in (0, 4, 8, 12) for n in ("D_VZ_DISCARD", "D_VZ_PLACE")]
    assert all(ok for _, _, ok in seen)


# ----------------------------------------------------------------------------- the 2 VP
def vizier_turn(area: str, who: str, dice, scribes: int = 0) -> tuple[GameState, int, int]:
    """First turn of a Vizier game, the Vizier on `area`, the turn handed to the first or second
    player in turn order, the wheel holding `dice`. Returns (state, first, second)."""
    g = to_step(new(), "D_VZ_PLACE")
    play(g, f"vizier:{area}")
    g = to_step(g, "D_TAKE")
    first, second = f(g, "turn_order")[:2]
    p = first if who == "first" else second
    g = make_turn(g, p, turn_idx=0 if who == "first" else 1)
    g = set_dice(g, list(dice) + [("Th", "k", 6), ("Os", "y", 2)])
    g = no_cards_in_hand(g)
    g = clear_player(g, p, res=[9, 9, 9, 9], gold=3, scribes=scribes)
    return g, first, second


def _finish_turn(g: GameState, seat: int) -> None:
    while not g.is_terminal() and (g.is_chance() or g.current_player() == seat) and step_name(g) != "D_TAKE":
        if g.is_chance():
            g.apply_chance()
        else:
            g.apply(g.legal_actions()[0])


@pytest.mark.parametrize("action", ["act:Ha", "act:produce"])
def test_second_player_taking_from_the_vizier_area_gives_the_first_2_vp(action):
    """manual: "If the second player takes a die from the area with the Vizier (even for producing
    resources or for an Anubis Action), the first player gains 2 VP." """
    g, first, second = vizier_turn("Ha", "second", [("Ha", "y", 3), ("Ra", "w", 2)])
    vp = f(g, "vp")[:]
    play(g, "take:Ha:y3")
    assert f(g, "vp")[first] == vp[first] + 2
    assert f(g, "vizier_vp")[first] == 2 and f(g, "vizier_vp")[second] == 0
    assert f(g, "breakdown")[ACTIONS][first] == 2
    play(g, *[t for t in legal(g) if t.startswith("value:3")][:1])
    assert action in legal(g)
    play(g, action)
    _finish_turn(g, second)
    assert f(g, "vp")[first] == vp[first] + 2          # once per die, whatever the action


def test_anubis_die_from_the_vizier_area_counts():
    """manual: "(even for producing resources or for an Anubis Action)" """
    g, first, second = vizier_turn("Ho", "second", [("Ho", "k", 4), ("Ha", "y", 3)], scribes=2)
    vp = f(g, "vp")[first]
    play(g, "anubis:Ho:k4")
    assert f(g, "vp")[first] == vp + 2 and f(g, "vizier_vp")[first] == 2


def test_other_areas_and_the_first_player_score_nothing():
    """manual: "The Vizier has no effect on the first player." (and only the Vizier's area counts)"""
    g, first, second = vizier_turn("Ha", "second", [("Ha", "y", 3), ("Ra", "w", 2)])
    vp = f(g, "vp")[:]
    play(g, "take:Ra:w2")
    assert f(g, "vp") == vp and f(g, "vizier_vp") == [0, 0, 0, 0]
    g, first, second = vizier_turn("Ha", "first", [("Ha", "y", 3), ("Ra", "w", 2)])
    vp = f(g, "vp")[:]
    play(g, "take:Ha:y3")
    assert f(g, "vp") == vp and f(g, "vizier_vp") == [0, 0, 0, 0]


def test_without_the_option_nothing_changes():
    """The base game (option off): no discard, no placement, the Vizier's fields stay 0."""
    g = GameState.new(2, 1, random_horus=False, random_wheel=False)
    names = set()
    rnd = random.Random(2)
    while not g.is_terminal():
        if g.is_chance():
            g.apply_chance()
            continue
        names.add(step_name(g))
        g.apply(rnd.choice(g.legal_actions()))
    assert not names & {"D_VZ_DISCARD", "D_VZ_PLACE"}
    assert (f(g, "vizier_area"), f(g, "vizier_discard"), f(g, "vizier_vp")) == (0, 0, [0, 0, 0, 0])


# ----------------------------------------------------------------------------- notation, loading
def test_tokens_round_trip_and_read_in_words():
    for tok in ("discard:A02", "vizier:Ho", "vizier:Os", "vizier:Se"):
        assert format_action(parse_action(tok)) == tok
    g = to_step(new(), "D_VZ_DISCARD")
    text = describe_action(g, parse_action(legal(g)[0]))
    assert text.startswith("Discard Destiny card A0")
    g = to_step(g, "D_VZ_PLACE")
    assert describe_action(g, parse_action("vizier:Ra")).startswith("Move the Vizier to Ra")


def test_saved_states_round_trip_with_the_vizier_fields():
    g, first, second = vizier_turn("Ha", "second", [("Ha", "y", 3), ("Ra", "w", 2)])
    play(g, "take:Ha:y3")
    for h in (GameState.from_string(g.to_string()), GameState.from_json(g.to_json()),
              GameState.from_bytes(g.to_bytes())):
        assert h == g and h.field("vizier_vp")[first] == 2
    obs = g.observation(second)
    assert obs.field("vizier_area") == g.field("vizier_area") and obs.field("vizier_vp") == g.field("vizier_vp")


@pytest.mark.parametrize("field,value,msg", [
    ("vizier_area", 3, "without the vizier option"),
    ("vizier_vp", [2, 0, 0, 0], "without the vizier option"),
])
def test_loader_refuses_vizier_fields_without_the_option(field, value, msg):
    g = auto(GameState.new(2, 1), "D_TAKE")
    d = g.to_dict()
    d[field] = value
    with pytest.raises(StateError, match=msg):
        GameState.from_dict(d)


def test_loader_checks_the_vizier_fields():
    g = to_step(new(), "D_TAKE")
    for changes, fld in (({"vizier_area": 9}, "vizier_area"), ({"vizier_area": 0, "round": 1}, "vizier_area"),
                         ({"vizier_vp": [3, 0, 0, 0]}, "vizier_vp[0]"), ({"vizier_vp": [0, 0, 2, 0]}, "vizier_vp[2]")):
        d = g.to_dict()
        d.update(changes)
        with pytest.raises(StateError) as e:
            GameState.from_dict(d)
        assert e.value.field == fld
    d = g.to_dict()
    d["vizier_discard"] = 1 + d["destiny"][0]                 # a card a seat holds
    with pytest.raises(StateError, match="discarded"):
        GameState.from_dict(d)
    three = auto(GameState.new(3, 1), "D_TAKE").to_dict()
    three["options"] |= _core.OPTION_BITS["vizier"]
    with pytest.raises(StateError, match="3-player"):
        GameState.from_dict(three)


# ----------------------------------------------------------------------------- random games
def test_thousands_of_random_vizier_games_keep_every_invariant():
    """2000 compiled random 2-player games with the Vizier, every invariant after every step."""
    r = _core.checked_random_games(2, 2000, seed=12, vizier=True)
    assert r["failure"] is None, r["failure"][:3]
    assert r["games"] == 2000 and r["decisions"] >= 2000 * 16 * 2
    assert r["vizier_vp"][0] > 0 and r["vizier_vp"][1] > 0


def test_vizier_vp_counted_again_step_by_step():
    """manual: "If the second player takes a die from the area with the Vizier ..., the first player
    gains 2 VP": 3000 random games one step at a time (also the steps with one choice), the VP
    counted from the takes equal State.vizier_vp after every step."""
    r = _core.vizier_recount_games(3000, seed=5)
    assert r["failure"] is None, r["failure"]
    assert r["games"] == 3000 and r["takes"] > 3000


@pytest.mark.slow
def test_many_more_random_vizier_games_keep_every_invariant():
    """The slow marker: 50,000 compiled random Vizier games."""
    r = _core.checked_random_games(2, 50_000, seed=1212, vizier=True)
    assert r["failure"] is None, r["failure"][:3]
    r = _core.vizier_recount_games(50_000, seed=1212)
    assert r["failure"] is None, r["failure"]


def test_random_vizier_games_replay_exactly_and_round_trip():
    """Python-driven games: every state round-trips through to_string, and the recorded tokens
    replay to the same final state."""
    for seed in (1, 2, 3):
        replayed_random_game(2, seed, TableOptions(vizier=True))


def test_dense_action_index_covers_the_vizier_decisions():
    """docs/rl.md: every legal action has an index; the Vizier's kinds sit after the base kinds."""
    steps, checked = _core.enc_check_random_games(2, 200, seed=3, options=3 | _core.OPTION_BITS["vizier"])
    assert steps > 200 * 100 and checked > steps
    kinds = {k: (off, size) for k, sp, off, size in _core.action_kind_table() if not sp}
    K = _core.ACTION_KINDS
    assert kinds[K["K_VZ_DISCARD"]][1] == len(data.DESTINY_ANKH) and kinds[K["K_VIZIER"]][1] == 7


# ----------------------------------------------------------------------------- the search, the CLI
@pytest.mark.parametrize("name", ["D_VZ_DISCARD", "D_VZ_PLACE"])
def test_ismcts_searches_the_discard_and_the_placement(name):
    """issue 12: "the search ... must plan the Vizier's placement and the discard": they are
    decisions of the first player like any other; the search tries every one of them."""
    from tekhenu_engine.agents.ismcts import ISMCTSAgent

    g = to_step(new(3), name)
    seat = g.current_player()
    assert seat == f(g, "turn_order")[0]
    r = ISMCTSAgent(iterations=400, seed=1).search(g.observation(seat), seat)
    assert sorted(c.action for c in r.candidates) == sorted(g.legal_actions())
    assert all(c.visits > 0 for c in r.candidates) and r.best in g.legal_actions()
    assert r.nodes > len(r.candidates)          # the tree goes on past the choice


def test_cli_match_and_perft_with_vizier(tmp_path):
    """`tekhenu match --players 2 --vizier` records the option; `tekhenu perft --vizier` counts it."""
    from typer.testing import CliRunner

    from tekhenu_engine.cli import app
    from tekhenu_engine.match import load_records, replay

    out = tmp_path / "m.jsonl"
    res = CliRunner().invoke(app, ["match", "--a", "random", "--b", "greedy", "--players", "2", "--vizier",
                                   "--games", "2", "--quiet", "--out", str(out)])
    assert res.exit_code == 0, res.output
    recs = load_records(str(out))
    assert [r["table"] for r in recs] == [{"players": 2, "vizier": True}] * 2
    assert all(r["error"] is None and replay(r).returns() == r["vp"] for r in recs)
    assert any(t.startswith("vizier:") for t in recs[0]["moves"])
    res = CliRunner().invoke(app, ["match", "--a", "random", "--b", "random", "--players", "3", "--vizier"])
    assert res.exit_code == 2 and "2-player option" in res.output
    res = CliRunner().invoke(app, ["perft", "--players", "2", "--vizier", "--depth", "1"])
    assert res.exit_code == 0 and "depth 1:" in res.output
    res = CliRunner().invoke(app, ["play", "--players", "1", "--vizier"])
    assert res.exit_code == 2 and "2-player option, not for a solo game" in res.output


# Perft references from the first Destiny pick of seed 1 on the fixed table (first choices up to it):
# with the Vizier, the discard and the placement add sequences from depth 5 on.
PERFT_VIZIER = [4, 8, 16, 38, 86, 260, 1404]


def test_perft_references_with_the_option_on():
    from reference import perft as ref_perft
    from tekhenu_engine.protocol import perft

    g = to_step(new(1), "D_DESTINY")
    assert [perft(g, d) for d in range(1, 8)] == PERFT_VIZIER == [ref_perft(g, d) for d in range(1, 8)]
    base = to_step(GameState.new(2, 1, VIZ.with_(vizier=False)), "D_DESTINY")
    assert [perft(base, d) for d in range(1, 5)] == PERFT_VIZIER[:4]      # the same until the discard
    assert perft(base, 7) != PERFT_VIZIER[6]


def test_bench_vizier_figures():
    """`tekhenu bench --vizier`: Vizier games/s next to the base 2-player games, and a search at the
    placement (the figures exist; speed itself is measured in bench runs, not here)."""
    from tekhenu_engine.bench import format_table, vizier_figures

    figs = vizier_figures(quick=True)
    assert set(figs) == {"vizier_playouts_per_s", "vizier_vs_base_playouts_ratio",
                         "ismcts_iterations_per_s_vizier_place", "ismcts_nodes_per_iteration_vizier_place"}
    assert all(v > 0 for v in figs.values())
    assert "Vizier placement" in format_table({**_base_figs(), **figs})


def _base_figs() -> dict:
    keys = ("playouts_per_s", "python_loop_playouts_per_s", "compiled_vs_python_ratio", "playouts_per_s_3p",
            "playouts_per_s_4p", "decisions_per_s", "decisions_per_game_2p", "clone_ns", "state_bytes",
            "decision_vs_clone_ratio", "legal_ns", "apply_ns")
    return {k: 1.0 for k in keys}


def test_observation_tensor_shows_the_vizier():
    """docs/rl.md, block vizier: nothing of the Vizier is hidden; the tensor has its area, the
    discard and the Vizier VP (rotated to the observing seat); all 0 without the option."""
    import numpy as np

    block = {n: (a, b) for n, a, b in _core.observation_layout()}["vizier"]
    lo, size = block
    base = auto(GameState.new(2, 1), "D_TAKE")
    assert not np.asarray(base.observation_tensor(0))[lo:lo + size].any()
    g, first, second = vizier_turn("Ha", "second", [("Ha", "y", 3), ("Ra", "w", 2)])
    play(g, "take:Ha:y3")
    for seat in (0, 1):
        v = np.asarray(g.observation_tensor(seat))[lo:lo + size]
        assert v[0] == 1.0 and v[1 + 2] == 1.0 and v[1:8].sum() == 1.0      # on Hathor
        rel_first = (first - seat) % 2
        assert v[12 + rel_first] == pytest.approx(2 / 20) and v[12 + 1 - rel_first] == 0.0


def test_pictures_show_the_vizier():
    """The terminal, `show` (render) and the SVG picture show where the Vizier stands, who scores
    and the discard; a game without the option shows none of it."""
    from tekhenu_engine.render import render
    from tekhenu_engine.svg import board_svg
    from tekhenu_engine.terminal import board_text

    g = to_step(new(), "D_VZ_DISCARD")
    play(g, "discard:A04")
    g = to_step(g, "D_VZ_PLACE")
    play(g, "vizier:Ba")
    g = to_step(g, "D_TAKE")
    first, second = f(g, "turn_order")[:2]
    line = f"Vizier on Bastet: 2 VP to Seat {first} when Seat {second} takes a die there"
    assert line in board_text(g, 0) and line in render(g)
    assert "Destiny A04 discarded at this pick" in render(g)
    svg = board_svg(g, seat=0)
    assert 'id="vizier"' in svg and line in svg and "Vizier's Challenge" in svg
    plain = auto(GameState.new(2, 1), "D_TAKE")
    assert "Vizier" not in board_text(plain, 0) + render(plain) + board_svg(plain, seat=0)
