"""Every legal action is one whitespace-free token and parses back exactly (docs/notation.md)."""
from __future__ import annotations

import random

import pytest

from tekhenu_engine import notation
from tekhenu_engine._core import GameState


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_round_trips(players: int) -> None:
    kinds = set()
    for seed in range(6):
        g = GameState.new(players, seed=seed)
        rnd = random.Random(seed)
        while not g.is_terminal():
            for a in g.legal_actions():
                tok = notation.format_action(a)
                assert tok and not any(c.isspace() for c in tok)
                assert notation.parse_action(tok) == a, tok
                kinds.add(tok.split(":")[0])
            if g.is_chance():
                g.apply_chance()
            else:
                g.apply(rnd.choice(g.legal_actions()))
    assert {"take", "roll", "draw", "act", "pay", "decrees", "destiny", "draft", "keep"} <= kinds


@pytest.mark.parametrize("tok", ["", "take", "take:Xx:y5", "take:Ho:y7", "pillar:r6c1", "roll:z3",
                                 "pay:Q1", "faith:abc", "decrees:D01+D02+D04+D05", "card:B25",
                                 "bogus:1", "take:Ho:y5 ", "value:0", "extra:Ra9"])
def test_malformed_tokens_raise_clear_errors(tok: str) -> None:
    with pytest.raises(ValueError):
        notation.parse_action(tok)


def test_examples() -> None:
    assert notation.format_action(notation.parse_action("take:Ha:y5")) == "take:Ha:y5"
    assert notation.format_action(notation.parse_action("pay:L1Au2")) == "pay:L1Au2"
    assert notation.card_name(0) == "B01" and notation.card_name(71) == "D24"
