"""Agents: one interface (observation in, legal action out), whole games, no peeking.

Every agent gets ``state.observation(seat)`` only; Decrees "should be kept secret from the
other players" (base rulebook, Setup 11), so an agent's choice may not depend on another
seat's Decrees, on the deck, or on future rolls.
"""
from __future__ import annotations

import random

import pytest

from tekhenu_engine._core import GameState
from tekhenu_engine.agents import (FlatMCAgent, GameRecord, GreedyAgent, ISMCTSAgent, PolicyAgent,
                                   RandomAgent, run_game)

CL_UNKNOWN, CL_HAND = 4, 8


def position(players: int = 2, seed: int = 3, decisions: int = 20) -> GameState:
    rng = random.Random(seed)
    s = GameState.new(players, seed)
    for _ in range(decisions):
        s.resolve_chance()
        s.apply(rng.choice(s.legal_actions()))
    s.resolve_chance()
    return s


def hidden_variant(s: GameState, seat: int) -> GameState:
    """Another seat's Decree swapped with one of the deck, and other future chance draws."""
    t = s.clone()
    loc = t.field("card_loc")
    other = next(p for p in range(t.num_seats) if p != seat)
    mine = [c for c in range(48, 72) if loc[c] == CL_HAND + other]
    pile = [c for c in range(48, 72) if loc[c] == 0]
    loc[mine[0]], loc[pile[0]] = 0, CL_HAND + other
    t.set_field("card_loc", loc)
    t.set_field("rng", (t.field("rng") * 6364136223846793005 + 1) % 2**64)
    return t


AGENTS = [
    lambda: RandomAgent(seed=1),
    lambda: GreedyAgent(seed=1),
    lambda: FlatMCAgent(playouts=60, seed=1),
    lambda: PolicyAgent(seed=1),
    lambda: ISMCTSAgent(iterations=60, seed=1),
]


@pytest.mark.parametrize("make", AGENTS)
def test_agent_returns_a_legal_action(make):
    for seed in range(3):
        s = position(seed=seed, decisions=10 + 7 * seed)
        seat = s.current_player()
        agent = make()
        assert agent.name
        assert agent.choose(s.observation(seat), seat) in s.legal_actions()


@pytest.mark.parametrize("make", AGENTS[1:])
def test_agent_does_not_peek(make):
    """Same observation, different hidden cards and future rolls: the same choice."""
    for seed in range(3):
        s = position(seed=seed, decisions=12 + 5 * seed)
        seat = s.current_player()
        t = hidden_variant(s, seat)
        assert s != t
        assert make().choose(s.observation(seat), seat) == make().choose(t.observation(seat), seat)


def test_run_game_plays_to_the_end_and_replays():
    """A whole 2-player game between baselines ends; its record replays to the same score."""
    rec = run_game([GreedyAgent(seed=0), RandomAgent(seed=0)], players=2, seed=21)
    assert isinstance(rec, GameRecord)
    assert rec.winner in (0, 1)
    assert rec.decisions > 0
    final = rec.replay()
    assert final.is_terminal()
    assert final.returns() == rec.final_vp
    assert final.winner() == rec.winner


def test_run_game_gives_observations_only():
    """Agents never see another seat's Decrees (they are masked as unknown)."""
    seen = []

    class Spy(RandomAgent):
        def choose(self, observation, seat):
            loc = observation.field("card_loc")
            other = [c for c in range(48, 72) if loc[c] in (CL_HAND + q for q in range(4) if q != seat)]
            seen.append(len(other))
            return super().choose(observation, seat)

    run_game([Spy(0), Spy(1)], players=2, seed=5)
    assert seen and all(n == 0 for n in seen)


def test_run_game_refuses_an_illegal_action():
    class Bad:
        name = "bad"

        def choose(self, observation, seat):
            return -5

    with pytest.raises(ValueError, match="bad"):
        run_game([Bad(), Bad()], players=2, seed=1)


@pytest.mark.parametrize("players", [3, 4])
def test_ismcts_plays_multiplayer_games(players):
    """ISMCTS with a small budget plays a whole 3- and 4-player game."""
    agents = [ISMCTSAgent(iterations=15, seed=p) for p in range(players)]
    rec = run_game(agents, players=players, seed=2)
    assert rec.winner in range(players)
    assert rec.replay().returns() == rec.final_vp


def test_playout_policy_beats_uniform_random():
    """The heuristic playout policy is better than uniform random (it is what playouts use)."""
    from tekhenu_engine._search import policy_match
    wins, _ = policy_match(2, 300, seed=1, heuristic_seats=1)
    wins2, _ = policy_match(2, 300, seed=2, heuristic_seats=2)
    assert wins[0] + wins2[1] > 0.6 * 600


def test_solo_game_against_botankhamun():
    """Solo: the engine plays seat 0 and Botankhamun never asks for a decision.

    Game help, Solo: Botankhamun is "an automated opponent that sits in the second seat of a
    2-player game ... Its turns play themselves."
    """
    seats = []
    rec = run_game([ISMCTSAgent(iterations=20, seed=0)], players=1, seed=4,
                   options={"difficulty": "hard", "decree8": True},
                   on_decision=lambda state, seat, action: seats.append(seat))
    assert set(seats) == {0}
    assert rec.winner in (0, 1) and len(rec.final_vp) == 2
    assert rec.replay().returns() == rec.final_vp
