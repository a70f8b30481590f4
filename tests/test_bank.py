"""The search's bank= option (docs/search.md, "Budgets"): "the part of the agent's own budget that a
decision leaves unspent (the early stop) is carried to the seat's later decisions of the game": a
decision searched by `choose` gets its budget plus min(1, bank / the decisions the seat can still
expect) of the amount saved so far, so that "a decision that is forced or obvious should not eat the
full budget" (issue 13) and what it leaves is spent where the search is not sure."""
from __future__ import annotations

import pytest

from tekhenu_engine import GameState
from tekhenu_engine._search import Searcher
from tekhenu_engine.agents.ismcts import (BANK_MAX, BANK_RATES, CLOSE_MAX, EARLY_STRETCH, ISMCTSAgent, _run_budget,
                                         expected_decisions)
from tekhenu_engine.agents.play import play_out
from tekhenu_engine.agents.registry import make_agent
from tekhenu_engine.match import new_state

SOLO = {"players": 1, "difficulty": "hard", "decree8": True}


class Spy:
    """Wraps an agent's `search` to record the budget each call got, the seat's bank before the call,
    the round and the figures of the result."""

    def __init__(self, agent: ISMCTSAgent) -> None:
        self.agent = agent
        self.calls: list[dict] = []
        inner = agent.search

        def search(observation: GameState, seat: int, **kw):
            before = agent.banked(seat)
            r = inner(observation, seat, **kw)
            self.calls.append({"seat": seat, "kw": kw, "before": before, "after": None, "iterations": r.iterations,
                               "elapsed_ms": r.elapsed_ms, "expected": expected_decisions(observation),
                               "round": int(observation.field("round"))})
            return r
        agent.search = search

    def after(self, seat: int) -> None:
        if self.calls and self.calls[-1]["after"] is None:
            self.calls[-1]["after"] = self.agent.banked(seat)


def _play(agent: ISMCTSAgent, seed: int = 7, spy: Spy | None = None, max_decisions: int = 100_000,
          table: dict = SOLO) -> GameState:
    state = new_state(table, seed)

    def choose(seat: int, obs: GameState) -> int:
        a = agent.choose(obs, seat)
        if spy is not None:
            spy.after(seat)
        return a
    play_out(state, choose, max_decisions=max_decisions)
    return state


def test_an_iteration_bank_adds_what_a_decision_leaves_and_spends_its_share():
    """Each searched decision of a solo game gets the budget plus its share of the bank, and the bank
    then holds what it held, plus the budget, minus the iterations the search ran; a game never runs
    more iterations than the budget times its decisions, and the bank is spent: some decisions run
    more than the budget (the early stop alone never does)."""
    base = 400
    agent = ISMCTSAgent(iterations=base, seed=3, bank=4)
    spy = Spy(agent)
    _play(agent, spy=spy)
    calls = spy.calls
    assert len(calls) >= 30
    assert calls[0]["before"] == (0, 0.0)
    for c in calls:
        saved = c["before"][0]
        share = min(1.0, 4 / c["expected"])
        assert c["kw"]["iterations"] == base + int(saved * share)
        assert c["kw"]["movetime_ms"] is None
        assert c["iterations"] <= c["kw"]["iterations"]
        assert c["after"][0] == max(0, saved + base - c["iterations"])
        assert c["after"][1] == 0.0          # no movetime: nothing banked in ms
    assert sum(c["iterations"] for c in calls) <= base * len(calls)
    assert any(c["iterations"] > base for c in calls)
    assert any(c["after"][0] > 0 for c in calls)


def test_the_early_stop_alone_never_exceeds_the_budget():
    """The baseline of the test above: without the bank no decision runs more than the budget."""
    agent = ISMCTSAgent(iterations=400, seed=3, bank=0)
    spy = Spy(agent)
    _play(agent, spy=spy)
    assert all(c["kw"] == {} for c in spy.calls)     # choose searches with the agent's own budget
    assert max(c["iterations"] for c in spy.calls) <= 400
    assert min(c["iterations"] for c in spy.calls) < 400   # the early stop did save some


def test_a_movetime_bank_counts_milliseconds():
    """With a movetime the bank is kept in ms: a decision gets movetime + its share of the bank, and
    the bank then holds what it held plus movetime minus the search's elapsed time (never below 0)."""
    agent = ISMCTSAgent(movetime_ms=20, seed=3, bank=2)
    spy = Spy(agent)
    _play(agent, spy=spy, max_decisions=12)
    assert len(spy.calls) >= 10
    for c in spy.calls:
        saved = c["before"][1]
        assert c["kw"]["iterations"] is None
        assert c["kw"]["movetime_ms"] == pytest.approx(20 + saved * min(1.0, 2 / c["expected"]))
        assert c["after"][1] == pytest.approx(max(0.0, saved + 20 - c["elapsed_ms"]))
        assert c["after"][0] == 0


def test_the_bank_is_deterministic_for_a_seed_and_an_iteration_budget():
    a = _play(ISMCTSAgent(iterations=300, seed=5, bank=4), seed=11)
    b = _play(ISMCTSAgent(iterations=300, seed=5, bank=4), seed=11)
    assert a.returns() == b.returns() and a.to_json() == b.to_json()


def test_a_new_game_starts_with_an_empty_bank():
    """An agent that plays a second game (the terminal game, the web page) starts it with nothing
    banked: the first search of the new game gets the plain budget."""
    agent = ISMCTSAgent(iterations=300, seed=3, bank=4)
    spy = Spy(agent)
    _play(agent, seed=7, spy=spy)
    assert any(c["after"][0] > 0 for c in spy.calls)       # the first game did bank something
    n = len(spy.calls)
    _play(agent, seed=8, spy=spy, max_decisions=3)
    first = spy.calls[n]
    assert first["before"] == (0, 0.0)
    assert first["kw"]["iterations"] == 300


def test_each_seat_has_its_own_bank():
    """One agent playing two seats (the terminal game's engine seats) keeps a bank per seat: what one
    seat saved is never spent by the other."""
    agent = ISMCTSAgent(iterations=1000, seed=3, bank=4)
    spy = Spy(agent)
    _play(agent, seed=9, spy=spy, max_decisions=40, table={"players": 2})
    assert {c["seat"] for c in spy.calls} == {0, 1}
    last = {0: (0, 0.0), 1: (0, 0.0)}
    for c in spy.calls:
        assert c["before"] == last[c["seat"]]
        last[c["seat"]] = c["after"]
    assert last[0] != last[1]


def test_a_search_with_its_own_budget_leaves_the_bank_alone():
    """`search` with a budget of its own (the protocol's go) neither draws on the bank nor adds to it."""
    agent = ISMCTSAgent(iterations=300, seed=3, bank=4)
    state = new_state(SOLO, 7)
    while state.is_chance() or state.current_player() != 0:
        state.apply_chance() if state.is_chance() else state.apply(state.legal_actions()[0])
    agent.search(state.observation(0), 0, iterations=500)
    assert agent.banked(0) == (0, 0.0)


def test_bank_off_is_the_plain_search():
    """bank=0 searches with the agent's budget, as before the option: in solo the early stop alone
    (it is on there by default), every decision within the budget."""
    agent = ISMCTSAgent(iterations=300, seed=5, bank=0)
    spy = Spy(agent)
    _play(agent, seed=11, spy=spy)
    assert all(c["kw"] == {} for c in spy.calls)
    assert agent.banked(0) == (0, 0.0)


def test_the_default_rate_is_the_table_s():
    """bank=None (the default) is the measured rate of the table, BANK_RATES (docs/search.md
    "Budgets": on in solo games, off at 2-4 players), and off where it cannot work: with early=0 or
    jobs above 1 the default yields instead of refusing the agent; a rate given wins everywhere."""
    assert BANK_RATES == {1: 4.0, 2: 0.0, 3: 0.0, 4: 0.0}
    agent = ISMCTSAgent(iterations=300)
    assert [agent.bank_rate(p) for p in (1, 2, 3, 4)] == [4.0, 0.0, 0.0, 0.0]
    assert ISMCTSAgent(iterations=300, early=False).bank_rate(1) == 0.0
    assert ISMCTSAgent(iterations=300, jobs=2).bank_rate(1) == 0.0
    assert [ISMCTSAgent(iterations=300, bank=2).bank_rate(p) for p in (1, 2)] == [2.0, 2.0]
    assert make_agent("ismcts:bank=0").bank_rate(1) == 0.0


def test_the_default_in_solo_is_the_bank_at_the_table_s_rate():
    """A solo game with the default agent is the game of bank=4 move for move; at 2 players the
    default is the game of bank=0 (the plain search)."""
    a = _play(ISMCTSAgent(iterations=300, seed=5), seed=11)
    b = _play(ISMCTSAgent(iterations=300, seed=5, bank=BANK_RATES[1]), seed=11)
    c = _play(ISMCTSAgent(iterations=300, seed=5, bank=0), seed=11)
    assert a.to_json() == b.to_json()
    assert a.to_json() != c.to_json()      # the bank changes the solo game (so the test above tests it)
    two = {"players": 2}
    d = _play(ISMCTSAgent(iterations=300, seed=5), seed=11, table=two, max_decisions=60)
    e = _play(ISMCTSAgent(iterations=300, seed=5, bank=0), seed=11, table=two, max_decisions=60)
    assert d.to_json() == e.to_json()


@pytest.mark.parametrize("kw, message", [
    ({"bank": -1}, f"bank must be in [0, {BANK_MAX:g}]"),
    ({"bank": BANK_MAX + 1}, f"bank must be in [0, {BANK_MAX:g}]"),
    ({"bank": float("nan")}, f"bank must be in [0, {BANK_MAX:g}]"),
    ({"bank": 1, "early": False}, "bank needs the early stop"),
    ({"bank": 1, "jobs": 2}, "bank needs jobs=1"),
])
def test_bad_banks_are_refused(kw, message):
    with pytest.raises(ValueError, match=message.replace("[", r"\[").replace("]", r"\]")):
        ISMCTSAgent(iterations=100, **kw)


@pytest.mark.parametrize("spec, message", [
    ("ismcts:bank=21", "bank must be in"),
    ("ismcts:bank=1:early=0", "bank needs the early stop"),
    ("ismcts:bank=1:jobs=2", "bank needs jobs=1"),
    ("ismcts:bank=x", "bank takes a number"),
])
def test_bad_banks_are_refused_in_a_spec(spec, message):
    with pytest.raises(ValueError, match=message):
        make_agent(spec)


def test_the_bank_turns_the_early_stop_on_at_two_players():
    """The early stop is off at 2-4 players by default; the bank needs it, so bank= turns it on
    there (early=1 says the same)."""
    agent = make_agent("ismcts:iterations=1000:bank=2", seed=1)
    spy = Spy(agent)
    _play(agent, seed=9, spy=spy, max_decisions=16, table={"players": 2})
    assert any(c["iterations"] < c["kw"]["iterations"] for c in spy.calls)


# The option close=R (docs/search.md "Budgets"): "a decision whose budget ends while its two most visited
# moves are close (the second has at least R times the visits of the first) goes on, a stretch at a
# time, for as long as they stay close, drawing on what the seat's earlier decisions saved".

def test_a_close_decision_draws_on_the_bank_and_the_game_stays_within_its_budget():
    """With close, some decisions run past their budget (the bank's share), each by at most the
    rest of the bank (and at most CLOSE_MAX budgets); the bank's accounting is
    the same (what it held, plus the budget, minus the iterations run), so a game still never runs
    more iterations than the budget times its decisions."""
    base = 400
    agent = ISMCTSAgent(iterations=base, seed=3, close=0.5)
    spy = Spy(agent)
    _play(agent, spy=spy)
    calls = spy.calls
    longer = [c for c in calls if c["iterations"] > c["kw"]["iterations"]]
    assert longer
    for c in calls:
        saved = c["before"][0]
        given = c["kw"]["iterations"]
        assert given == base + int(saved * min(1.0, BANK_RATES[1] / c["expected"]))
        extra = c["kw"]["_extra"][0]
        assert extra == min(saved - (given - base), int(CLOSE_MAX * base))
        assert c["iterations"] <= given + extra
        assert c["after"][0] == saved + base - c["iterations"] >= 0
    assert sum(c["iterations"] for c in calls) <= base * len(calls)


def test_close_goes_on_only_while_the_two_best_moves_are_close():
    """The stretch loop itself: a search whose budget ends close goes on until the two best moves are
    no longer close or the extra is spent; with close=0 (off) it ends at its budget."""
    state = new_state(SOLO, 7)
    while state.is_chance() or state.current_player() != 0 or len(state.legal_actions()) < 3:
        state.apply_chance() if state.is_chance() else state.apply(state.legal_actions()[0])
    raw = state.observation(0).to_bytes()

    def run(close: float, extra: int) -> Searcher:
        sr = Searcher(raw, 0, seed=5, **ISMCTSAgent(iterations=300)._params())
        _run_budget(sr, 300, None, lambda: False, close=close, extra_iterations=extra)
        return sr
    assert run(0.0, 1000).iterations == 300
    assert run(0.99, 1000).iterations in (300, 400)   # (a second move this close ends at once)
    sr = run(1e-9, 700)              # any second move with a visit is close: the whole extra runs
    v1, v2 = sr.top_visits()
    assert v2 > 0 and sr.iterations == 1000
    sr = run(0.5, 10_000)
    v1, v2 = sr.top_visits()
    assert sr.iterations == 300 + 10_000 or v2 < 0.5 * v1
    assert (sr.iterations - 300) % EARLY_STRETCH == 0


def test_close_works_without_the_bank_s_share_at_two_players():
    """At 2 players the table's bank rate is 0: close alone turns the early stop on, banks what it
    saves and spends it only on close decisions (no share: every decision gets its plain budget)."""
    agent = ISMCTSAgent(iterations=400, seed=3, close=0.3)
    spy = Spy(agent)
    _play(agent, seed=9, spy=spy, max_decisions=60, table={"players": 2})
    assert all(c["kw"]["iterations"] == 400 for c in spy.calls)
    assert any(c["iterations"] < 400 for c in spy.calls)
    assert any(c["iterations"] > 400 for c in spy.calls)


def test_close_is_deterministic_for_a_seed_and_off_by_default():
    a = _play(ISMCTSAgent(iterations=300, seed=5, close=0.5), seed=11)
    b = _play(ISMCTSAgent(iterations=300, seed=5, close=0.5), seed=11)
    c = _play(ISMCTSAgent(iterations=300, seed=5), seed=11)
    assert a.to_json() == b.to_json() and a.to_json() != c.to_json()
    assert ISMCTSAgent().close == 0.0


@pytest.mark.parametrize("kw, message", [
    ({"close": -0.1}, r"close must be in \[0, 1\)"),
    ({"close": 1.0}, r"close must be in \[0, 1\)"),
    ({"close": float("nan")}, r"close must be in \[0, 1\)"),
    ({"close": 0.5, "early": False}, "close needs the early stop"),
    ({"close": 0.5, "jobs": 2}, "close needs jobs=1"),
])
def test_bad_closes_are_refused(kw, message):
    with pytest.raises(ValueError, match=message):
        ISMCTSAgent(iterations=100, **kw)
    spec = "ismcts:" + ":".join(f"{k}={int(v) if isinstance(v, bool) else v}" for k, v in kw.items())
    with pytest.raises(ValueError, match="close takes a number" if "nan" in spec else message):
        make_agent(spec)


@pytest.mark.parametrize("front", [0.5, -0.5])
def test_front_schedules_the_budget_over_the_rounds(front):
    """front=S: "a decision searched by choose in round r gets the budget times 1 + S x (1 - 2 (r - 1)
    / 15), from 1 + S in the first round to 1 - S in the last (below 0: more late)"; a whole game's
    scheduled budgets come near the plain budget a decision (not exactly: a game has more decisions
    in its early rounds)."""
    base = 400
    agent = ISMCTSAgent(iterations=base, seed=3, front=front, bank=0)
    spy = Spy(agent)
    _play(agent, spy=spy)
    scheduled = []
    for c in spy.calls:
        f = 1 + front * (1 - 2 * (min(max(c["round"], 1), 16) - 1) / 15)
        assert c["kw"]["iterations"] == round(base * f)     # bank=0: no share
        scheduled.append(c["kw"]["iterations"])
    assert max(scheduled) == round(base * (1 + abs(front))) and min(scheduled) == round(base * (1 - abs(front)))
    assert 0.8 * base < sum(scheduled) / len(scheduled) < 1.25 * base
    assert (sum(scheduled) > base * len(scheduled)) == (front > 0)


def test_front_is_off_by_default_and_bad_fronts_are_refused():
    assert ISMCTSAgent().front == 0.0
    for bad in (-1.0, 1.0, float("nan")):
        with pytest.raises(ValueError, match=r"front must be in \(-1, 1\)"):
            ISMCTSAgent(front=bad)
    with pytest.raises(ValueError, match=r"front must be in \(-1, 1\)"):
        make_agent("ismcts:front=1")
