"""The text pictures with Time of Seth (issue 11, part D): `render` (protocol `show`) and the
terminal game's `board_text` show the Seth board, the Conquest tiles, the Cultists and Artifacts,
and each seat's Soldiers, Priests and Blood, within 80 columns and from the seat's own view."""
from __future__ import annotations

import random

from positions import random_walk
from tekhenu_engine import GameState, TableOptions, data
from tekhenu_engine.notation import CARD_LOC, card_name
from tekhenu_engine.render import render, seth_lines, seth_seat_line
from tekhenu_engine.terminal import board_text

SETH = TableOptions(seth=True)


def seth_game(players: int, seed: int, steps: int) -> GameState:
    return random_walk(GameState.new(players, seed=seed, options=SETH), random.Random(seed), steps)


def test_seth_lines_name_the_pieces():
    """"Take the top Conquest tile and place it on any empty space of the Temple Complex ... Turn
    the next Conquest tile in the stack face up"; the Buildings on the Seth board's regions; the
    Soldier and Priest tracks and the Blood tokens of each player"""
    g = seth_game(3, seed=0, steps=300)
    d = g.to_dict()
    text = board_text(g, seat=0)
    assert "Time of Seth" in text
    assert all(len(line) <= 80 for line in text.splitlines())
    for r in data.SETH_REGIONS:
        assert r["name"] in text
    for sp, k in enumerate(d["temple_conquest"]):
        if k >= 0:
            assert f"r{sp // 5 + 1}c{sp % 5 + 1}:{data.CONQUEST_TILES[k]['id']}" in text
    up = [data.CONQUEST_TILES[k]["id"] for k, loc in enumerate(d["conquest_loc"]) if loc == 2]
    assert f"face up {up[0]}" in text
    below = [data.CONQUEST_TILES[k]["id"] for k, loc in enumerate(d["conquest_loc"]) if loc == 1]
    assert not any(name in text for name in below)       # the stack below the face-up tile is a count
    for p in range(3):
        line = seth_seat_line(d, p)
        assert f"Soldiers {d['soldiers'][p]} Priests {d['priests'][p]} Blood {d['blood'][p]}" in line
        assert line in render(g)
    assert seth_lines(d)[0] in render(g)


def test_other_seats_dealt_decrees_stay_hidden_in_text():
    """"Deal 3 random Decrees to each player" (kept at the very end of setup): the terminal board
    of seat 0 names its own three, not the others'"""
    g = GameState.new(3, seed=4, options=SETH)
    r = random.Random(4)
    while not any(loc == CARD_LOC["pending"] + 1 for loc in g.field("card_loc")):
        if g.is_chance():
            g.apply_chance()
        else:
            g.apply(r.choice(g.legal_actions()))
    locs = g.field("card_loc")
    text = board_text(g, seat=0)
    for c, loc in enumerate(locs):
        if loc in (CARD_LOC["pending"] + 1, CARD_LOC["pending"] + 2):
            assert card_name(c) not in text
        if loc == CARD_LOC["pending"]:
            assert card_name(c) + "*" in text


def test_base_game_text_has_no_seth_lines():
    g = GameState.new(2, seed=1)
    d = g.to_dict()
    assert seth_lines(d) == [] and seth_seat_line(d, 0) is None
    assert "Soldiers" not in board_text(g, seat=0) and "Seth board" not in render(g)
