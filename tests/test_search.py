"""ISMCTS search: no peeking at hidden information, determinism, budgets and the analysis.

Hidden information in Tekhenu (base rulebook, Setup 11 and "Decree cards"): "Decrees should
be kept secret from the other players, although you may examine your own Decrees at any
time"; the Decree deck is dealt from and the Pillar tiles come from "a face-down stack"
(Setup 3). The search works on the observation of its seat and must give the same answer
whatever the hidden cards and the future rolls are.
"""
from __future__ import annotations

import random
import threading
import time

import pytest

from tekhenu_engine._core import GameState
from tekhenu_engine._search import VP_CATEGORIES, Searcher
from tekhenu_engine.agents import Candidate, ISMCTSAgent, SearchResult

CL_PILE, CL_HAND = 0, 8


def position(players: int = 2, seed: int = 3, decisions: int = 20) -> GameState:
    """A position some decisions into a game (random legal choices), a seat to decide."""
    rng = random.Random(seed)
    s = GameState.new(players, seed)
    made = 0
    while True:
        s.resolve_chance()
        if s.is_terminal():
            raise AssertionError("game ended early")
        if made >= decisions:
            return s
        s.apply(rng.choice(s.legal_actions()))
        made += 1


def hidden_variant(s: GameState, seat: int) -> GameState:
    """The same position with everything `seat` cannot see changed.

    Another seat's kept Decree is swapped with a Decree from the draw pile (deck
    contents), and the chance generator (every future roll, draw and tile) is replaced.
    """
    t = s.clone()
    loc = t.field("card_loc")
    other = next(p for p in range(t.num_seats) if p != seat)
    mine = [c for c in range(48, 72) if loc[c] == CL_HAND + other]
    pile = [c for c in range(48, 72) if loc[c] == CL_PILE]
    assert mine and pile
    loc[mine[0]], loc[pile[0]] = CL_PILE, CL_HAND + other
    t.set_field("card_loc", loc)
    t.set_field("rng", (t.field("rng") * 6364136223846793005 + 12345) % 2**64)
    return t


def figures(r: SearchResult) -> tuple:
    """Everything in a result except the wall time."""
    return (r.best, r.iterations, r.nodes, r.win_prob, r.expected_margin, r.pv, r.pv_seats,
            [(c.action, c.visits, c.mean_reward, c.win_prob, c.expected_vp, c.breakdown) for c in r.candidates])


def test_no_peeking_other_decrees_deck_and_future_rolls():
    """Two states differing only in what the seat cannot see give exactly the same search.

    Rule: "Decrees should be kept secret from the other players" (Setup 11); the deck and
    the future rolls are unknown to everyone.
    """
    s = position()
    seat = s.current_player()
    t = hidden_variant(s, seat)
    assert s != t
    assert s.observation(seat).to_json() == t.observation(seat).to_json()
    agent = ISMCTSAgent(iterations=600, seed=5)
    a = agent.search(s.observation(seat), seat)
    b = agent.search(t.observation(seat), seat)
    assert figures(a) == figures(b)
    # the search masks its input itself: even the full states give the same result
    assert figures(agent.search(s, seat)) == figures(a)
    assert figures(agent.search(t, seat)) == figures(a)


def test_observation_is_idempotent():
    """Masking an observation again changes nothing (the search re-masks what it is given)."""
    s = position()
    seat = s.current_player()
    o = s.observation(seat)
    assert o.observation(seat) == o


def test_deterministic_for_seed_and_iterations():
    """Same seed and iteration budget: the same result (also when the early stop ends it, which it
    does at the same iteration); without the early stop the budget is spent exactly."""
    s = position(seed=11, decisions=30)
    seat = s.current_player()
    r1 = ISMCTSAgent(iterations=500, seed=1).search(s.observation(seat), seat)
    r2 = ISMCTSAgent(iterations=500, seed=1).search(s.observation(seat), seat)
    assert figures(r1) == figures(r2) and r1.iterations <= 500
    r3 = ISMCTSAgent(iterations=500, seed=1, early=False).search(s.observation(seat), seat)
    assert r3.iterations == 500


def test_root_parallel_jobs_merge_and_stay_deterministic():
    """jobs=2: two trees, iterations summed, merged result reproducible."""
    s = position(seed=12, decisions=24)
    seat = s.current_player()
    r1 = ISMCTSAgent(iterations=400, jobs=2, seed=3).search(s.observation(seat), seat)
    r2 = ISMCTSAgent(iterations=400, jobs=2, seed=3).search(s.observation(seat), seat)
    assert r1.iterations == 400
    assert sum(c.visits for c in r1.candidates) == 400
    assert figures(r1) == figures(r2)


def test_root_parallel_trees_draw_from_distant_streams():
    """Worker k's seed is the search's seed + k x 2**40 (64 bits): a Searcher's generator starts at
    seed x splitmix64's step, so seeds 1 apart gave the trees one random stream a draw apart."""
    from tekhenu_engine.agents.ismcts import WORKER_SEED_STRIDE, worker_seed
    assert WORKER_SEED_STRIDE == 1 << 40
    assert [worker_seed(5, k) for k in range(3)] == [5, 5 + (1 << 40), 5 + (2 << 40)]
    assert worker_seed((1 << 64) - 1, 1) == (1 << 40) - 1


def test_resample_seeds_one_apart_deal_unrelated_futures():
    """GameState.resample(seed): the generator state is a hash of the seed, so seeds s and s + 1 are
    not one stream a draw apart: the rolls that follow differ in about as many places as two far
    seeds' do."""
    s = position(seed=12, decisions=24)
    obs = s.observation(s.current_player())

    def rolls(seed):
        g = obs.resample(seed)
        out = []
        while len(out) < 40 and not g.is_terminal():
            if g.is_chance():
                out.append(g.apply_chance())
            else:
                g.apply(g.legal_actions()[0])
        return out

    near = [rolls(k) for k in range(6)]
    assert all(near[k] != near[k + 1] for k in range(5))
    assert all(near[k][1:] != near[k + 1][:-1] for k in range(5))       # not a shifted copy


def test_analysis_candidates_cover_every_legal_action():
    """Every legal action is a candidate with consistent figures; the best is the most visited."""
    s = position(seed=4, decisions=26)
    seat = s.current_player()
    legal = s.legal_actions()
    r = ISMCTSAgent(iterations=800, seed=2, early=False).search(s.observation(seat), seat)   # the whole budget
    assert isinstance(r.candidates[0], Candidate)
    assert sorted(c.action for c in r.candidates) == sorted(legal)
    assert sum(c.visits for c in r.candidates) == r.iterations == 800
    assert abs(sum(c.share for c in r.candidates) - 1.0) < 1e-9
    assert r.best == r.candidates[0].action == max(r.candidates, key=lambda c: c.visits).action
    assert r.pv[0] == r.best and r.pv_seats[0] == seat
    for c in r.candidates:
        assert 0.0 <= c.win_prob <= 1.0 and 0.0 <= c.mean_reward <= 1.0
        assert len(c.expected_vp) == s.num_seats
        assert set(c.breakdown) == set(VP_CATEGORIES)
        # final VP = the 10 VP of the start + the VP gained by category ("VP never below 0"
        # is kept by the breakdown, which records the change actually made)
        assert c.expected_vp[seat] == pytest.approx(10 + sum(c.breakdown.values()), abs=1e-6)
        assert c.token
    assert r.nodes >= len(legal)
    text = r.text()
    assert r.candidates[0].token in text and "pv:" in text


def test_pv_is_grouped_into_whole_turns():
    """The principal variation groups consecutive steps of one seat into one turn."""
    s = position(seed=5, decisions=22)
    seat = s.current_player()
    r = ISMCTSAgent(iterations=1500, seed=0).search(s.observation(seat), seat)
    turns = r.pv_turns()
    assert turns[0][0] == seat
    assert sum(len(t) for _, t in turns) == len(r.pv)
    for (a, _), (b, _) in zip(turns, turns[1:]):
        assert a != b
    assert r.pv_text().startswith(f"seat{seat} ")


def test_other_seats_decree_keep_is_not_in_the_tree():
    """Another seat's choice of Decree to keep is hidden: its edge carries no action.

    Rule (Setup 11): "Each player chooses one to keep ... Decrees should be kept secret".
    """
    s = GameState.new(2, 9)
    s.resolve_chance()
    seat = s.current_player()
    assert s.step()[0] == 20  # keep 1 of 2 Decrees
    r = ISMCTSAgent(iterations=400, seed=0).search(s.observation(seat), seat)
    assert r.pv_seats[:2] == [seat, 1 - seat]
    assert r.pv[1] == -1


def test_reward_win_is_the_win_rate_in_two_player_games():
    """reward="win": the reward of a playout is 1 for a win, 0 for a loss."""
    s = position(seed=6, decisions=40)
    seat = s.current_player()
    r = ISMCTSAgent(iterations=400, seed=0, reward="win").search(s.observation(seat), seat)
    for c in r.candidates:
        assert c.mean_reward == pytest.approx(c.win_prob, abs=1e-5)


def test_margin_weight_zero_is_the_win_reward():
    """The "margin" reward is (1 - w) * win + w * margin term (docs/search.md, "Rewards"):
    with the weight 0 it is the plain win/loss reward, so the two searches are identical."""
    s = position(seed=6, decisions=40)
    seat = s.current_player()
    a = ISMCTSAgent(iterations=300, seed=1, reward="margin", margin_weight=0.0).search(s.observation(seat), seat)
    b = ISMCTSAgent(iterations=300, seed=1, reward="win").search(s.observation(seat), seat)
    assert figures(a) == figures(b)
    c = ISMCTSAgent(iterations=300, seed=1, reward="margin", margin_weight=0.5).search(s.observation(seat), seat)
    assert [x.mean_reward for x in c.candidates] != [x.mean_reward for x in a.candidates]


def _first_decision(players: int, seed: int = 5, **options) -> tuple[bytes, int]:
    """The observation bytes and seat of the first decision of a new game."""
    s = GameState.new(players, seed, **options)
    s.resolve_chance()
    seat = s.current_player()
    return s.observation(seat).to_bytes(), seat


def test_default_margin_weight_by_players():
    """The measured defaults of the margin weight (docs/search.md, "Rewards"): 0.5 against
    Botankhamun, 0.3 at 2 players, 0.1 at 3-4; margin_weight=None takes the table's."""
    from tekhenu_engine._search import MARGIN_WEIGHTS
    for players, options in ((1, {"difficulty": "hard", "decree8": True}), (2, {}), (3, {})):
        weight = MARGIN_WEIGHTS[players]
        obs, seat = _first_decision(players, **options)
        a = Searcher(obs, seat, seed=2)
        a.run(200)
        b = Searcher(obs, seat, seed=2, margin_weight=weight)
        b.run(200)
        assert a.root_stats() == b.root_stats()
        with pytest.raises(ValueError):
            Searcher(obs, seat, margin_weight=1.5)
    assert MARGIN_WEIGHTS == {1: 0.5, 2: 0.3, 3: 0.1, 4: 0.1}


def test_mast_default_by_players_and_checked():
    """Move-average sampling (docs/search.md, "Move-average sampling") won a paired 2-player match at
    1 s and paired 3- and 4-player matches at 2,000 iterations, and measured level with the plain
    search over 500 paired solo games: on (10) by default at 2-4 players, off in solo games;
    mast=None takes the table's,
    mast=0 turns it off anywhere; a weight outside [0, 100] is refused."""
    from tekhenu_engine._search import MAST_WEIGHTS
    assert MAST_WEIGHTS == {1: 0.0, 2: 10.0, 3: 10.0, 4: 10.0}
    assert ISMCTSAgent().mast is None
    for players, options in ((1, {"difficulty": "hard", "decree8": True}), (2, {}), (3, {})):
        obs, seat = _first_decision(players, **options)
        a = Searcher(obs, seat, seed=2)
        a.run(300)
        b = Searcher(obs, seat, seed=2, mast=MAST_WEIGHTS[players])
        b.run(300)
        assert a.root_stats() == b.root_stats()
        on, off = Searcher(obs, seat, seed=2, mast=10.0), Searcher(obs, seat, seed=2, mast=0.0)
        on.run(300)
        off.run(300)
        assert on.root_stats() != off.root_stats()     # the playouts differ with it
        assert a.root_stats() == (off if players == 1 else on).root_stats()
        for bad in (-1.0, 101.0, float("nan")):
            with pytest.raises(ValueError):
                Searcher(obs, seat, mast=bad)
            with pytest.raises(ValueError):
                ISMCTSAgent(mast=bad)


@pytest.mark.parametrize("playout", ["tuned", "heuristic", "random"])
def test_mast_biases_the_playouts_of_every_policy_but_greedy(playout):
    """The averages weigh the tuned, heuristic and uniform policies' choices; `greedy` playouts pick
    a target by one ply and are left alone, so with them mast changes nothing."""
    obs, seat = _first_decision(1, difficulty="hard", decree8=True)
    off = Searcher(obs, seat, seed=4, playout=playout, mast=0.0)
    off.run(300)
    on = Searcher(obs, seat, seed=4, playout=playout, mast=10.0)
    on.run(300)
    assert on.root_stats() != off.root_stats()
    g_off = Searcher(obs, seat, seed=4, playout="greedy", mast=0.0)
    g_off.run(200)
    g_on = Searcher(obs, seat, seed=4, playout="greedy", mast=10.0)
    g_on.run(200)
    assert g_on.root_stats() == g_off.root_stats()


def test_mast_search_hides_nothing_and_is_deterministic():
    """With move-average sampling on at 2 players the search still sees only the observation
    (Setup 11: "Decrees should be kept secret from the other players"): two states differing in
    what the seat cannot see give the same search, and a seed gives the same result, also with
    two root-parallel workers (each with its own averages)."""
    s = position()
    seat = s.current_player()
    t = hidden_variant(s, seat)
    agent = ISMCTSAgent(iterations=500, seed=5, mast=10.0)
    a = agent.search(s.observation(seat), seat)
    assert figures(agent.search(t.observation(seat), seat)) == figures(a)
    assert figures(ISMCTSAgent(iterations=500, seed=5, mast=0.0).search(s.observation(seat), seat)) != figures(a)
    r1 = ISMCTSAgent(iterations=400, jobs=2, seed=3, mast=10.0).search(s.observation(seat), seat)
    r2 = ISMCTSAgent(iterations=400, jobs=2, seed=3, mast=10.0).search(s.observation(seat), seat)
    assert figures(r1) == figures(r2) and r1.iterations == 400


def test_mast_spec_keyword():
    """`tekhenu match`'s SPEC takes mast=X like the agent; a bad value names the option."""
    from tekhenu_engine.agents.registry import make_agent
    assert make_agent("ismcts:iterations=10:mast=0").mast == 0.0
    assert make_agent("ismcts:iterations=10").mast is None     # the table's default
    assert make_agent("ismcts:iterations=10:mast=10").mast == 10.0
    with pytest.raises(ValueError, match="mast"):
        make_agent("ismcts:mast=-3")
    with pytest.raises(ValueError, match="mast"):
        make_agent("ismcts:mast=lots")


@pytest.mark.parametrize("option, attr", [("MAST", "mast"), ("History", "hist")])
def test_protocol_weight_option_reaches_the_search(option, attr):
    """PROTOCOL.md: "MAST | the weight of move-average sampling in the search's playouts, 0 to 100
    (empty: the search's default: 10 at 2-4 players, where it won paired matches, off in solo games,
    where it measured level; 0: off ...)" and "History | the weight of progressive history in the
    search's tree, 0 to 100 (empty: the search's default ...; 0: off ...)"; a bad value is an error
    line and leaves the option as it was."""
    import io

    from tekhenu_engine.protocol import Engine

    out = io.StringIO()
    e = Engine(out=out)
    assert getattr(e.make_player(), attr) is None
    e.handle(f"setoption name {option} value 0")
    assert getattr(e.make_player(), attr) == 0.0
    e.handle(f"setoption name {option} value 12.5")
    assert getattr(e.make_player(), attr) == 12.5
    for bad in ("250", "-1", "101", "nan", "lots"):
        e.handle(f"setoption name {option} value {bad}")
        assert "error" in out.getvalue().splitlines()[-1] and getattr(e.make_player(), attr) == 12.5
    e.handle(f"setoption name {option} value <empty>")
    assert getattr(e.make_player(), attr) is None


def test_bad_options_are_refused():
    with pytest.raises(ValueError):
        ISMCTSAgent(reward="fun")
    with pytest.raises(ValueError):
        ISMCTSAgent(playout="magic")
    with pytest.raises(ValueError):
        ISMCTSAgent(jobs=0)
    obs, seat = _first_decision(2)
    for c in (0.0, -1.0, float("inf"), float("nan")):   # the agent and the Searcher refuse alike
        with pytest.raises(ValueError, match="c_uct"):
            ISMCTSAgent(c_uct=c)
        with pytest.raises(ValueError, match="c_uct"):
            Searcher(obs, seat, c_uct=c)
    s = position()
    with pytest.raises(ValueError):
        ISMCTSAgent(iterations=10).search(s, 1 - s.current_player())


def test_cutoff_static_evaluation():
    """With a cut-off, playouts stop early and the figures are estimates in range."""
    s = position(seed=7, decisions=10)
    seat = s.current_player()
    r = ISMCTSAgent(iterations=300, cutoff=8, seed=0).search(s.observation(seat), seat)
    assert r.iterations == 300
    assert 0.0 <= r.win_prob <= 1.0
    assert all(v > 0 for c in r.candidates for v in c.expected_vp)


def test_time_budget_stop_and_info():
    """movetime ends the search; stop ends it within a few ms; on_info reports periodically."""
    s = position(seed=8, decisions=20)
    seat = s.current_player()
    agent = ISMCTSAgent(seed=0, early=False)     # the whole movetime (the early stop has its own tests)
    r = agent.search(s.observation(seat), seat, movetime_ms=150)
    assert 100 <= r.elapsed_ms < 2000 and r.iterations > 0

    stop = threading.Event()
    infos: list[SearchResult] = []
    threading.Timer(0.3, stop.set).start()
    t0 = time.monotonic()
    r = agent.search(s.observation(seat), seat, movetime_ms=60_000, stop=stop,
                     on_info=infos.append, info_interval_ms=50)
    assert time.monotonic() - t0 < 5.0
    assert r.iterations > 0
    assert len(infos) >= 2
    assert all(isinstance(i, SearchResult) for i in infos)
    assert infos[-1].iterations <= r.iterations


def test_searcher_request_stop_flag():
    """request_stop() from another thread ends run() after the current iteration."""
    s = position(seed=9, decisions=20)
    seat = s.current_player()
    sr = Searcher(s.observation(seat).to_bytes(), seat, seed=1)
    threading.Timer(0.1, sr.request_stop).start()
    t0 = time.monotonic()
    done = sr.run(-1, 30.0)
    assert time.monotonic() - t0 < 5.0 and done > 0


def test_three_and_four_players_each_seat_has_its_reward():
    """3-4 players: a reward per seat; the analysis shows every seat's expected VP."""
    for players in (3, 4):
        s = position(players=players, seed=players, decisions=3 * players)
        seat = s.current_player()
        r = ISMCTSAgent(iterations=300, seed=0).search(s.observation(seat), seat)
        assert all(len(c.expected_vp) == players for c in r.candidates)
        assert r.iterations == 300


def test_clock_budget():
    """A game clock gives more time per decision with more time left, within the time left."""
    from tekhenu_engine.agents.ismcts import clock_budget_ms
    s = position()
    a = clock_budget_ms(60_000, 0, s)
    b = clock_budget_ms(120_000, 0, s)
    c = clock_budget_ms(60_000, 1_000, s)
    assert 0 < a < b <= 60_000
    assert c > a
    assert clock_budget_ms(10, 0, s) <= 5


def test_stop_reaches_the_worker_processes():
    """With jobs=2 a stop request ends every tree, and the merged result comes back."""
    s = position(seed=10, decisions=20)
    seat = s.current_player()
    stop = threading.Event()
    threading.Timer(0.3, stop.set).start()
    t0 = time.monotonic()
    r = ISMCTSAgent(jobs=2, seed=0).search(s.observation(seat), seat, movetime_ms=60_000, stop=stop)
    assert time.monotonic() - t0 < 5.0
    assert r.iterations == sum(c.visits for c in r.candidates) > 0


def test_mast_schedule_options_change_the_search_only_when_set():
    """Two schedules of the move averages (docs/search.md, "Move-average sampling"): mast_half
    (the weight falls as mast x half / (half + iterations)) and mast_freeze (the averages stop
    learning after N iterations of a search). Off (0, the default) they leave the search as it
    was; a half or freeze far beyond the iterations run changes nothing; a small one changes the
    playouts; a negative value, or a freeze that is not a whole number, is refused."""
    from tekhenu_engine.agents.registry import make_agent
    obs, seat = _first_decision(2)
    base = Searcher(obs, seat, seed=2, mast=10.0)
    base.run(300)
    for kw in ({"mast_half": 0.0}, {"mast_freeze": 0}, {"mast_half": 1e12}, {"mast_freeze": 10**9}):
        s = Searcher(obs, seat, seed=2, mast=10.0, **kw)
        s.run(300)
        assert s.root_stats() == base.root_stats(), kw
    for kw in ({"mast_half": 20.0}, {"mast_freeze": 20}):
        s = Searcher(obs, seat, seed=2, mast=10.0, **kw)
        s.run(300)
        assert s.root_stats() != base.root_stats(), kw
    for bad in (-1.0, float("inf"), float("nan")):
        with pytest.raises(ValueError, match="mast_half"):
            Searcher(obs, seat, mast_half=bad)
        with pytest.raises(ValueError, match="mast_half"):
            ISMCTSAgent(mast_half=bad)
    with pytest.raises(ValueError, match="mast_freeze"):
        Searcher(obs, seat, mast_freeze=-1)
    with pytest.raises(ValueError, match="mast_half"):
        make_agent("ismcts:mast_half=-5")
    for bad in (-1, 2.5):
        with pytest.raises(ValueError, match="mast_freeze"):
            ISMCTSAgent(mast_freeze=bad)
    with pytest.raises(ValueError, match="mast_freeze"):
        make_agent("ismcts:mast_freeze=2.5")
    assert make_agent("ismcts:iterations=10:mast_half=20000:mast_freeze=4000").mast_freeze == 4000


def test_a_worker_process_killed_mid_search_is_reported_not_hidden():
    """The misbehaving peer is a search process of jobs=2 killed mid-search (the out-of-memory
    killer, a crash in compiled code): the move comes from the tree that is left, and the result
    says how many trees were lost (``lost_jobs``) instead of passing for a two-tree search."""
    import multiprocessing
    import os
    import signal

    s = position(seed=10, decisions=20)
    seat = s.current_player()

    def kill_workers() -> None:
        for p in multiprocessing.active_children():
            os.kill(p.pid, signal.SIGKILL)
    threading.Timer(0.4, kill_workers).start()
    r = ISMCTSAgent(jobs=2, seed=0).search(s.observation(seat), seat, movetime_ms=1500)
    assert r.lost_jobs == 1
    assert r.best in s.legal_actions()
    assert r.iterations == sum(c.visits for c in r.candidates) > 0
    whole = ISMCTSAgent(jobs=2, seed=0).search(s.observation(seat), seat, iterations=400)
    assert whole.lost_jobs == 0


def test_a_search_stopped_by_ctrl_c_stops_its_other_processes():
    """Ctrl-C (KeyboardInterrupt) in the process that runs a jobs=2 search, here from its progress
    callback: the exception reaches the caller, and the search's other process, which nobody
    will read, is stopped with it instead of searching on to its budget (for ever with no
    budget, under the protocol's go infinite)."""
    import multiprocessing

    s = position(seed=10, decisions=20)
    seat = s.current_player()
    calls = [0]

    def on_info(_result) -> None:
        calls[0] += 1
        if calls[0] == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        ISMCTSAgent(jobs=2, seed=0).search(s.observation(seat), seat, iterations=50_000_000,
                                           on_info=on_info, info_interval_ms=50)
    assert multiprocessing.active_children() == []
