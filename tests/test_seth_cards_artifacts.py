"""Time of Seth's Artifacts Art01-Art08 (seth/artifacts.pxi; data.ARTIFACTS).

Manual "Artifacts": "You may use its effect once during the game, and only during your turn. Once used,
the Artifact is permanently removed from the game ... You may have multiple Artifacts, and you may use
multiple Artifacts during the same turn." Game help: "Use the Artifact once, at any point of your own
turn between actions": before the die is taken and after the action. Taking one at a Destiny pick is in
tests/test_seth_setup.py. Each test quotes its card (data.SETH_CARD_TEXT)."""
from __future__ import annotations

import pytest

from positions import f, set_player, step_name, trigger
from seth_positions import ARTS, SP_GONE, gains, holding_artifact, table
from tekhenu_engine import GameState, data, format_action, parse_action

CL_PILE, CL_HAND, CL_PENDING, CL_BOTTOMK = 0, 8, 12, 16


def text(name: str) -> str:
    return data.SETH_CARD_TEXT[name]


def at_turn_start(*names: str, **stock) -> tuple[GameState, int]:
    """Seat p's turn begins holding these Artifacts: the Artifact step, then the die choice."""
    g = table(2)
    p = g.step()[1]
    for n in names:
        g = holding_artifact(g, p, n)
    if stock:
        g = set_player(g, p, **stock)
    g = trigger(g, ("D_ARTIFACT", p, 0), ("D_TAKE", p), ("A_END_TURN", p))
    return g, p


def toks(g: GameState) -> list[str]:
    return [format_action(a) for a in g.legal_actions()]


def use(g: GameState, name: str) -> GameState:
    assert step_name(g) == "D_ARTIFACT", step_name(g)
    g.apply(parse_action(f"use:{name}"))
    return g


def test_use_between_actions_once_several_in_a_turn():
    """"You may use its effect once during the game, and only during your turn. Once used, the
    Artifact is permanently removed from the game"; "you may use multiple Artifacts during the same
    turn"."""
    g, p = at_turn_start("Art08", "Art04")
    assert toks(g) == ["pass", "use:Art04", "use:Art08"]
    before = g.to_dict()
    use(g, "Art08")
    assert toks(g) == ["pass", "use:Art04"]                   # again, without the used one
    use(g, "Art04")
    assert step_name(g) == "D_TAKE"                           # none left: on to the die
    after = g.to_dict()
    assert after["art_loc"][ARTS.index("Art08")] == SP_GONE and after["art_loc"][ARTS.index("Art04")] == SP_GONE
    assert gains(before, after, p)["gold"] == 2


def test_offered_after_the_action_too():
    """Game help: "at any point of your own turn between actions": also after the turn's action."""
    g = table(2)
    p = g.step()[1]
    g = holding_artifact(g, p, "Art08")
    g = trigger(g, ("A_END_TURN", p))
    assert step_name(g) == "D_ARTIFACT" and g.step()[1] == p and g.step()[2] == 1   # ART_AT_END


def test_art08_two_gold():
    """Art08: "Cost: 3 Priests. Ankh value: 3. Remove this card from the game to immediately gain 2
    Gold." """
    assert text("Art08").endswith("immediately gain 2 Gold.")
    g, p = at_turn_start("Art08")
    before = g.to_dict()
    use(g, "Art08")
    assert gains(before, g.to_dict(), p) == {"gold": 2}


def test_art06_five_happiness_for_a_scribe():
    """Art06: "Remove this card from the game and pay 1 Scribe to immediately gain 5 Happiness." """
    assert "pay 1 Scribe to immediately gain 5 Happiness" in text("Art06")
    g, p = at_turn_start("Art06", scribes=0)
    assert toks(g) == ["pass"] or step_name(g) == "D_TAKE"     # no Scribe: cannot be used
    g, p = at_turn_start("Art06", scribes=1, happiness=2, population=10)
    before = g.to_dict()
    use(g, "Art06")
    assert gains(before, g.to_dict(), p) == {"scribes": -1, "happiness": 5}


def test_art04_production_plus_one_each():
    """Art04: "Remove this card from the game to immediately increase your production of each
    resource by 1." (a track at 6 stays at 6)"""
    assert "increase your production of each resource by 1" in text("Art04")
    g, p = at_turn_start("Art04", prod=[2, 3, 5, 6])
    use(g, "Art04")
    assert f(g, "prod")[p] == [3, 4, 6, 6]


def test_art03_scores_the_temple_for_a_scribe():
    """Art03: "Remove this card from the game and pay 1 Scribe to immediately score the Temple
    Complex, following regular scoring rules." """
    assert "pay 1 Scribe to immediately score the Temple Complex" in text("Art03")
    g = table(2)
    p = g.step()[1]
    d = g.to_dict()
    for sp in (0, 1, 5):                                      # three own Pillars
        d["temple_tile"][sp] = 20 + sp
        d["temple_owner"][sp] = p
    d["pillars"][p] = 3
    d["bspace"][0] = d["bspace"][5] = p                       # two own Buildings by the Temple
    d["buildings"][p] = 2
    d["scribes"][p] = 1
    g = GameState._from_dict_trusted(d)
    g = holding_artifact(g, p, "Art03")
    g2 = g.clone()
    g = trigger(g, ("D_ARTIFACT", p, 0), ("D_TAKE", p), ("A_END_TURN", p))
    before = g.to_dict()
    use(g, "Art03")
    got = gains(before, g.to_dict(), p)
    assert got["scribes"] == -1 and got["vp"] > 0
    # the same VP as the Temple part of a Scoring
    g2 = trigger(g2, ("A_SCORING",))
    assert g.to_dict()["breakdown"][1][p] - before["breakdown"][1][p] == \
        g2.to_dict()["breakdown"][1][p] - before["breakdown"][1][p]


@pytest.mark.parametrize("name,deck,rest", [("Art01", (48, 72), CL_PILE), ("Art05", (24, 48), CL_BOTTOMK)])
def test_art01_art05_draw_two_keep_one(name, deck, rest):
    """Art01: "draw 2 Decree cards. Keep one of them and shuffle the other card back into its deck.";
    Art05: "draw 2 Technology cards. Keep one of them and place the other at the bottom of the
    Technologies deck." """
    assert "draw 2" in text(name) and "Keep one of them" in text(name)
    g, p = at_turn_start(name)
    use(g, name)
    while g.is_chance():
        g.apply_chance()
    assert step_name(g) == "D_KEEP" and g.step()[1] == p
    offered = toks(g)
    assert len(offered) == 2
    g.apply(parse_action(offered[1]))
    loc = g.field("card_loc")
    kept, other = (parse_action(t) & 0xFFFFFF for t in (offered[1], offered[0]))
    assert deck[0] <= kept < deck[1] and loc[kept] == CL_HAND + p
    assert loc[other] == (rest + p if rest == CL_BOTTOMK else rest)


def test_art02_an_action_at_value_3_or_4_without_a_die():
    """Art02: "Remove this card from the game to immediately take an action as if you had chosen a die
    with a value of 3 or 4 (do not take an actual die though)." """
    assert "value of 3 or 4 (do not take an actual die" in text("Art02")
    g, p = at_turn_start("Art02", res=[5, 5, 5, 5], happiness=3)
    dice = f(g, "die_loc")
    use(g, "Art02")
    assert step_name(g) == "D_ART_ACTION"
    offered = toks(g)
    assert offered and all(t.startswith("extra:") and t[-1] in "34" for t in offered)
    assert "extra:Ba3" in offered and "extra:produce-P4" in offered
    g.apply(parse_action("extra:Ba4"))                        # Bastet at value 4
    while step_name(g) != "D_TAKE" and not g.is_chance():
        g.apply(g.legal_actions()[0])
    assert f(g, "die_loc") == dice                            # no die moved


def test_art07_a_seth_action_at_a_value_of_choice():
    """Art07: "Remove this card from the game to immediately take a Seth God action, as if you draft a
    die of the value of your choosing." (no die taken; the Soldiers are paid as usual)"""
    assert "take a Seth God action, as if you draft a die of the value of your choosing" in text("Art07")
    g, p = at_turn_start("Art07", soldiers=4)
    dice = f(g, "die_loc")
    use(g, "Art07")
    assert step_name(g) == "D_ART_ACTION"
    offered = toks(g)
    assert offered == [f"extra:Se{v}" for v in range(1, 7)]
    g.apply(parse_action("extra:Se5"))                        # Canaan
    while step_name(g) not in ("D_TAKE", "D_ARTIFACT") and not g.is_chance():
        g.apply(g.legal_actions()[0])
    while g.is_chance() or step_name(g) not in ("D_TAKE", "D_ARTIFACT"):
        if g.is_chance():
            g.apply_chance()
        else:
            g.apply(g.legal_actions()[0])
    d = g.to_dict()
    assert d["seth_build"][2 * 4] == p and d["soldiers"][p] == 0 and d["blood"][p] == 1
    assert f(g, "die_loc") == dice                            # no die taken (the Seth board's stay)


def test_no_artifact_step_without_the_option():
    g = table(2, seth=False)
    p = g.step()[1]
    g = trigger(g, ("A_END_TURN", p))
    assert step_name(g) != "D_ARTIFACT"
