"""Time of Seth's once-per-turn gate (issue 11, part B; docs/seth-rules-digest.md sections 8-9).

Manual, "Triggered effects - rule change": "Any effect, bonus, or benefit related to a player performing
a particular action can only be triggered at most once during that player's turn." Game help: "Any bonus
tied to a player performing an action (statue bonuses, per-action Technologies, Cultist Powers) pays at
most once in that player's turn, even when the action happens twice."

Both worked examples of the manual are played step by step. Their double actions come from the Seth
board (a Statue for the people: two "Thoth 1" actions) and a Conquest tile (an Osiris action), which are
the Seth board's rules; here the same steps are put on the stack exactly as the core pushes a God action
(push_god: the action, then its Horus bonuses), so that the gate itself is what is tested.
"""
from __future__ import annotations

from positions import card, f, set_player, step_name, trigger, CL_HAND, edit
from seth_positions import table
from tekhenu_engine import GameState, data, format_action
from tekhenu_engine.enums import GodFlag

HORUS, THOTH, OSIRIS = 0, 4, 5
EXTRA = int(GodFlag.EXTRA)


def god_action(p: int, god: int, value: int, owed: int) -> list[tuple]:
    """The steps of push_god(p, god, value, F_EXTRA): the action, then the Horus bonus of the
    seats in `owed` (a bit set)."""
    return [("A_GOD", p, god, value, EXTRA), ("A_BONUS", p, god, owed)]


def play_out(g: GameState, p: int, log: list | None = None) -> GameState:
    """Take the first legal choice until the stack is back at a new turn's die choice."""
    for _ in range(200):
        if step_name(g) == "D_TAKE" and g.step()[1] != p:
            return g
        if g.is_chance():
            g.apply_chance()
        else:
            a = g.legal_actions()[0]
            if log is not None:
                log.append((step_name(g), g.step()[1], format_action(a), g.to_dict()))
            g.apply(a)
    raise AssertionError("the turn did not end")


def example2(seth: bool):
    g = table(2, seth)
    p = g.step()[1]
    statue_god = [[-1] * 4 for _ in range(6)]
    statue_god[OSIRIS][0] = p                       # Vivian's Statue at Osiris
    g = edit(g, statue_god=statue_god, statues=[1 if q == p else 0 for q in range(4)])
    g = set_player(g, p, happiness=2, population=5)
    vp0 = f(g, "vp")[p]
    log: list = []
    g = trigger(g, *god_action(p, OSIRIS, 5, 1 << p), *god_action(p, OSIRIS, 5, 1 << p), ("A_END_TURN", p))
    g = play_out(g, p, log)
    return p, vp0, log, g


def test_example_2_the_osiris_bonus_after_the_first_action_and_not_again():
    """MN Example 2: "Vivian takes her first Osiris God Action (going down to 0 Happiness first,
    followed by gaining 2 Happiness from her Statue). She now performs her second Osiris God Action
    (going down to 1 Happiness). The Statue does not provide its bonus a second time." (2 players: a
    Statue's bonus also pays on its owner's own action. The engine's Osiris slot pays 2 VP.)"""
    bonus = data.HORUS_SLOT_BONUS[5][0][0][1]          # slot 6 (Osiris on the fixed table): 2 VP
    p, vp0, log, g = example2(seth=True)
    osiris = [d for name, seat, tok, d in log if name == "D_OSIRIS"]
    assert len(osiris) == 2
    first, second = osiris
    assert first["happiness"][p] == 2 and first["vp"][p] == vp0               # before anything
    assert second["happiness"][p] == 1 and second["vp"][p] == vp0 + bonus    # cost, then the bonus
    assert f(g, "happiness")[p] == 0 and f(g, "vp")[p] == vp0 + bonus         # no second bonus


def test_base_game_pays_the_bonus_for_every_action():
    """Without the expansion the base rules stand (each performance pays the Horus bonus)."""
    bonus = data.HORUS_SLOT_BONUS[5][0][0][1]
    p, vp0, log, g = example2(seth=False)
    assert f(g, "vp")[p] == vp0 + 2 * bonus


def example1(seth: bool):
    g = table(4, seth)
    john = g.step()[1]
    jane = (john + 1) % 4
    # Jane's Statues: Thoth (slot 5: 1 Scribe) and Horus, moved to slot 4 (1 Gold) as in the example
    slots = list(f(g, "horus_slot_god"))
    i, j = slots.index(HORUS), 3
    slots[i], slots[j] = slots[j], slots[i]
    statue_god = [[-1] * 4 for _ in range(6)]
    statue_god[THOTH][0] = jane
    statue_god[HORUS][0] = jane
    g = edit(g, horus_slot_god=slots, statue_god=statue_god,
             statues=[2 if q == jane else 0 for q in range(4)])
    g = set_player(g, john, happiness=6, population=8)   # Market sections 1 and 2 open to him
    d = g.to_dict()
    d["card_loc"][card("T03")] = CL_HAND + john     # "2 VP whenever he performs a Thoth God Action"
    for k, c in enumerate(d["market"]):
        if c == card("T03"):
            d["market"][k] = -1
    g = GameState._from_dict_trusted(d)
    before = g.to_dict()
    owe = 1 << jane
    # Horus (the Statue for the people on the Seth board), then its two "Thoth 1" actions, each with
    # its own bonus, then the Horus bonus after the Horus action
    g = trigger(g, *god_action(john, THOTH, 1, owe), *god_action(john, THOTH, 1, owe),
                ("A_BONUS", john, HORUS, owe), ("A_END_TURN", john))
    log: list = []
    g = play_out(g, john, log)
    return john, jane, before, g.to_dict(), log


def test_example_1_two_thoth_actions_pay_the_technology_and_the_statue_once():
    """MN Example 1: "John immediately performs both Thoth actions (for each action, taking 1 card for
    free, potentially from different Market segments, since those are two separate actions).
    Afterwards, John receives 2 Victory Points from his Technology (only once, even though he performed
    the Thoth God Action twice). Jane receives 1 Gold and 1 Scribe, since both the Horus and Thoth God
    Actions were performed at least once." (T03: "Whenever you perform a Thoth God Action: Score 2
    Victory Points.")"""
    assert "Whenever you perform a Thoth God Action: Score 2 Victory Points" in data.CARD_TEXT["T03"]
    john, jane, before, after, log = example1(seth=True)
    cards = [tok for name, seat, tok, _ in log if name == "D_THOTH_CARD"]
    assert len(cards) == 2                                                    # both actions in full
    assert after["vp"][john] - before["vp"][john] == 2
    assert after["scribes"][jane] - before["scribes"][jane] == 1
    assert after["gold"][jane] - before["gold"][jane] == 1


def test_example_1_without_the_expansion():
    """The base game: T03 and the Thoth Statue pay for each Thoth action."""
    john, jane, before, after, log = example1(seth=False)
    assert after["vp"][john] - before["vp"][john] == 4
    assert after["scribes"][jane] - before["scribes"][jane] == 2
    assert after["gold"][jane] - before["gold"][jane] == 1


def test_the_gate_opens_again_at_every_turn():
    """"at most once during that player's turn": the marks of every seat are cleared when the next
    turn starts (Jane's bonus pays again in the next player's turn)."""
    john, jane, before, after, log = example1(seth=True)
    assert not any(after["seth_gate"])        # the next turn has started: no marks left
    assert after["turn_idx"] >= 0
