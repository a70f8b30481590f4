"""Issue 13, the search's strength levers as options: each is off by default and leaves the default
search exactly as it was (its results are what docs/search.md measured); docs/search.md, "What each
lever gained", has the paired matches.

Issue 13: "progressive bias or a PUCT prior from a cheap policy"; "Solo specifics: Botankhamun's
behaviour is fully specified by the rules and his pyramid is face up, so the search can model him
exactly; make sure nothing is lost there."
"""
from __future__ import annotations

import pytest

from positions import random_walk
from tekhenu_engine import GameState, TableOptions, format_action
from tekhenu_engine._search import Searcher, eval_estimate, policy_choice, static_estimate
from tekhenu_engine.agents import ISMCTSAgent, evalmodel


def _at_value_step(seed: int) -> GameState:
    """A 2-player game at its first Scribe adjustment (K_VALUE: keep the value or change it)."""
    g = GameState.new(2, seed)
    while True:
        if g.is_chance():
            g.apply_chance()
            continue
        legal = g.legal_actions()
        if format_action(legal[0]).startswith("value:") and len(legal) >= 3:
            return g
        g.apply(legal[0])


def test_prior_zero_is_the_default_search():
    """prior=0 (the default) is the search as before: the same statistics for the same seed."""
    g = _at_value_step(3)
    seat = g.current_player()
    raw = g.observation(seat).to_bytes()
    a, b = Searcher(raw, seat, seed=5), Searcher(raw, seat, seed=5, prior=0.0)
    a.run(300)
    b.run(300)
    assert a.root_stats() == b.root_stats()
    with pytest.raises(ValueError, match="prior"):
        Searcher(raw, seat, prior=-1.0)
    with pytest.raises(ValueError, match="prior"):
        ISMCTSAgent(prior=-0.5)


def test_prior_expands_the_policys_likely_action_first():
    """With a prior the first expanded child is drawn by the playout policy's weights: at a Scribe
    adjustment the policy keeps the rolled value 3 times in 4 ("a die is kept at its rolled value (no
    Scribe spent) 3 times in 4"), so one iteration mostly tries keeping it; without a prior every
    value is as likely."""
    kept_prior = kept_plain = 0
    seeds = range(60)
    for seed in seeds:
        g = _at_value_step(seed % 6 + 1)
        seat = g.current_player()
        raw = g.observation(seat).to_bytes()
        cur = g.to_dict()["cur_value"]
        for prior, counter in ((1.0, "p"), (0.0, "u")):
            sr = Searcher(raw, seat, seed=seed, prior=prior)
            sr.run(1)
            (child,) = [d for d in sr.root_stats() if d["visits"]]
            kept = format_action(child["action"]) == f"value:{cur}"
            if counter == "p":
                kept_prior += kept
            else:
                kept_plain += kept
    assert kept_prior >= 0.6 * len(seeds)
    assert kept_plain <= 0.5 * len(seeds)


def test_prior_search_plays_legal_moves_through_a_game():
    """A whole solo game with the prior on: every move legal, the game ends."""
    from tekhenu_engine.agents import run_game
    from tekhenu_engine.agents.registry import make_agent
    agent = make_agent("ismcts:iterations=30:prior=0.5", seed=1)
    assert isinstance(agent, ISMCTSAgent) and agent.prior == 0.5
    rec = run_game([agent, agent], players=2, seed=4)
    assert rec is not None


def test_solo_observation_hides_only_the_draw_piles():
    """Botankhamun is public: his pyramid, position, turns and log, his pile, his dice are the same in
    the engine seat's observation as in the full state; only the draw piles (and the chance generator)
    are masked, so a determinisation deals only those and his turns in the playouts are his rules."""
    import random
    for seed in (5, 6, 7):
        g = random_walk(GameState.new(1, seed, TableOptions(difficulty="hard", decree8=True)),
                        random.Random(seed), 250)
        full, obs = g.to_dict(), g.observation(0).to_dict()
        assert {k for k in full if full[k] != obs[k]} <= {"rng", "card_loc", "hidden_count"}
        for k in ("bot_pyramid", "bot_pos", "bot_turns", "bot_log", "die_loc", "die_value"):
            assert full[k] == obs[k]
        masked = {(a, b) for a, b in zip(full["card_loc"], obs["card_loc"]) if a != b}
        assert masked <= {(0, 4)}          # draw pile -> unknown, nothing else


def test_bench_shows_the_prior_next_to_the_plain_search():
    """Issue 13: "`tekhenu bench` shows iterations/s with the evaluation on, next to the playout-only
    search, in one run": the learned evaluation's rows, the prior's, the playout policies' and move-average
    sampling's follow each search row."""
    from tekhenu_engine.bench import BENCH_MAST, BENCH_MIX, BENCH_PLAYOUTS, BENCH_PRIOR, EVAL_CUTOFFS, format_table
    keys = ("playouts_per_s", "python_loop_playouts_per_s", "compiled_vs_python_ratio", "playouts_per_s_3p",
            "playouts_per_s_4p", "decisions_per_s", "decisions_per_game_2p", "clone_ns", "state_bytes",
            "decision_vs_clone_ratio", "legal_ns", "apply_ns")
    f = {k: 1.0 for k in keys}
    f.update({"ismcts_iterations_per_s_solo_start": 100.0, "ismcts_nodes_per_iteration_solo_start": 2.0,
              "ismcts_prior_iterations_per_s_solo_start": 90.0,
              "ismcts_tuned_iterations_per_s_solo_start": 100.0,
              "ismcts_heuristic_iterations_per_s_solo_start": 250.0,
              "ismcts_greedy_learned_iterations_per_s_solo_start": 40.0,
              "ismcts_mast_iterations_per_s_solo_start": 95.0,
              "ismcts_mix_iterations_per_s_solo_start": 101.0})
    f.update({f"ismcts_eval_cut{c}_iterations_per_s_solo_start": 150.0 for c in EVAL_CUTOFFS})
    lines = format_table(f).splitlines()
    i = next(k for k, ln in enumerate(lines) if ln.startswith("ISMCTS iterations/s (solo, first turn)"))
    assert all("with learned eval" in ln for ln in lines[i + 1:i + 1 + len(EVAL_CUTOFFS)])
    assert f"with the policy prior {BENCH_PRIOR}" in lines[i + 1 + len(EVAL_CUTOFFS)]
    assert "0.90 x the search without it" in lines[i + 1 + len(EVAL_CUTOFFS)]
    assert BENCH_PLAYOUTS == ("tuned", "heuristic", "greedy_learned")
    assert "with tuned playouts" in lines[i + 2 + len(EVAL_CUTOFFS)]
    assert "with heuristic playouts" in lines[i + 3 + len(EVAL_CUTOFFS)]
    assert "2.50 x the default playouts above" in lines[i + 3 + len(EVAL_CUTOFFS)]
    assert "with greedy_learned playouts" in lines[i + 4 + len(EVAL_CUTOFFS)]
    assert "0.40 x the default playouts above" in lines[i + 4 + len(EVAL_CUTOFFS)]
    # move-average sampling (mast=) next to the search without it
    assert lines[i + 5 + len(EVAL_CUTOFFS)].lstrip().startswith(f"with move-average sampling {BENCH_MAST:g}")
    assert "0.95 x the search without it above" in lines[i + 5 + len(EVAL_CUTOFFS)]
    # the margin model in the reward (mix=, solo games) next to the search without it
    assert lines[i + 6 + len(EVAL_CUTOFFS)].lstrip().startswith(f"with the margin model, mix {BENCH_MIX:g}")
    assert "1.01 x the search without it above" in lines[i + 6 + len(EVAL_CUTOFFS)]
    # at 2 players move-average sampling is on by default: its row is the search without it
    f.update({"ismcts_iterations_per_s_2p_start": 90.0, "ismcts_nodes_per_iteration_2p_start": 2.0,
              "ismcts_nomast_iterations_per_s_2p_start": 99.0,
              "ismcts_nohist_iterations_per_s_2p_start": 94.5})
    lines = format_table(f).splitlines()
    i = next(k for k, ln in enumerate(lines) if ln.startswith("ISMCTS iterations/s (2-player, first turn)"))
    assert lines[i + 1].lstrip().startswith("without move-average sampling")
    assert "1.10 x the default search (with it) above" in lines[i + 1]
    # progressive history (hist=) is on by default at 2 players too: its row is the search without it
    assert lines[i + 2].lstrip().startswith("without progressive history")
    assert "1.05 x the default search (with it) above" in lines[i + 2]


def _solo_at_take(seed: int) -> GameState:
    """A solo game (Botankhamun Hard, 8 VP Decrees) at the engine's first die take of the game."""
    g = GameState.new(1, seed, TableOptions(difficulty="hard", decree8=True))
    while True:
        if g.is_chance():
            g.apply_chance()
            continue
        legal = g.legal_actions()
        if format_action(legal[0]).startswith("take:"):
            return g
        g.apply(legal[0])


def test_reroot_keeps_the_subtree_of_the_chosen_action():
    """Tree reuse ("keep the subtree between decisions of the same turn"): after a take the same seat
    decides again (the Scribe adjustment or the action); the child of the take becomes the root
    with its visits, and its statistics restart (stat_visits)."""
    g = _solo_at_take(2)
    raw = g.observation(0).to_bytes()
    sr = Searcher(raw, 0, seed=3)
    sr.run(400)
    best = max(sr.root_stats(), key=lambda d: d["visits"])
    nxt = g.clone()
    nxt.apply(best["action"])
    assert not nxt.is_chance() and nxt.current_player() == 0
    assert not sr.reroot(-5, nxt.observation(0).to_bytes())      # no such child: nothing changes
    assert sr.root_stats()[0]["stat_visits"] == sr.root_stats()[0]["visits"]
    assert sr.reroot(best["action"], nxt.observation(0).to_bytes())
    kids = sr.root_stats()
    assert set(d["action"] for d in kids) <= set(nxt.legal_actions())
    assert 0 < sum(d["visits"] for d in kids) <= best["visits"]
    assert all(d["stat_visits"] == 0 for d in kids)
    sr.run(200)
    kids = sr.root_stats()
    assert sum(d["stat_visits"] for d in kids) == 200 and sr.iterations == 200


def test_agent_reuses_its_tree_within_a_turn_and_only_then():
    """reuse=True: the next decision of the same turn starts from the kept subtree (its root children
    hold more visits than the new iterations); a decision after a chance step or another seat's turn
    starts afresh; reuse=False never keeps a tree. reuse=True is the default (docs/search.md "Tree
    reuse": it won a paired 2-player match)."""
    assert ISMCTSAgent().reuse is True
    g = _solo_at_take(4)
    agent = ISMCTSAgent(iterations=300, seed=2, reuse=True, early=False)   # the whole budget each time
    plain = ISMCTSAgent(iterations=300, seed=2, reuse=False, early=False)
    reused = fresh = 0
    for _ in range(14):
        while g.is_chance():
            g.apply_chance()
        if g.is_terminal():
            break
        kept = agent._kept is not None
        r = agent.search(g.observation(0), 0)
        total = sum(c.visits for c in r.candidates)
        assert r.iterations == 300
        if total > 300:
            reused += 1
            assert kept
        else:
            fresh += 1
        assert plain.search(g.observation(0), 0) is not None and plain._kept is None
        g.apply(r.best)
    assert reused >= 3 and fresh >= 1


GREEDY_KINDS = {18, 19, 21, 22, 24, 25, 31, 14, 36}   # K_STATUE ... K_CQSPACE (_core.pxd)


def _at_greedy_target(seed: int, estimate) -> tuple[GameState, list[int]]:
    """A 2-player game at the target of a God action whose targets differ in `estimate` (the mover's
    estimate minus the other seat's), and the targets of the highest value."""
    g = GameState.new(2, seed)
    k = 0
    while not g.is_terminal():
        if g.is_chance():
            g.apply_chance()
            continue
        legal = g.legal_actions()
        # (not K_SECTION 24: there the heuristic weighs a section 4 to a paid refresh's 1)
        if legal[0] >> 24 in GREEDY_KINDS - {24} and len(legal) >= 2:
            m = g.current_player()
            vals = []
            for a in legal:
                h = g.clone()
                h.apply(a)
                est = estimate(h.to_bytes())
                vals.append(est[m] - est[1 - m])
            top = max(vals)
            if min(vals) < top - 0.5:
                return g, [a for a, v in zip(legal, vals) if v > top - 1e-9]
        g.apply(policy_choice(g.to_bytes(), g.current_player(), seed * 997 + k))
        k += 1
    raise AssertionError("no such decision")


@pytest.mark.parametrize("playout,estimate", [("greedy", static_estimate), ("greedy_learned", eval_estimate)])
def test_greedy_playout_takes_the_target_of_the_best_estimate(playout, estimate):
    """Issue 13: "a stronger playout policy: a cheap 1-ply greedy choice ... which die/God action/target
    gives the most immediate VP+resource value". `greedy` (static_eval) and `greedy_learned` (the
    learned evaluation) take the target of a God action after which the mover's estimate minus the
    other seat's is highest 3 times in 4 and the heuristic's choice otherwise; the heuristic, uniform
    over targets, takes it far less often."""
    evalmodel.install()
    for seed in (1, 2, 3):
        g, best = _at_greedy_target(seed, estimate)
        seat, raw = g.current_player(), g.to_bytes()
        n = len(g.legal_actions())
        greedy = sum(policy_choice(raw, seat, s, playout) in best for s in range(400)) / 400
        plain = sum(policy_choice(raw, seat, s, "heuristic") in best for s in range(400)) / 400
        assert greedy > 0.75 + 0.25 * len(best) / n - 0.08
        assert plain < len(best) / n + 0.1 and greedy > plain + 0.4


def _before_a_roll() -> tuple[GameState, int, bytes]:
    """A 2-player position whose turn is followed by a chance step the seat sees (dice rolled or
    cards dealt to the Market), a random walk to the middle of a game (bench.search_position): the
    state, the seat to decide and its observation's bytes."""
    from tekhenu_engine.bench import search_position
    g = search_position(2, 60, 1)
    seat = g.current_player()
    return g, seat, g.observation(seat).to_bytes()


def test_chance_split_is_the_default_search():
    """chance="split" (the default) is the search as before: the same statistics for the same seed."""
    g, seat, raw = _before_a_roll()
    a, b = Searcher(raw, seat, seed=5), Searcher(raw, seat, seed=5, chance="split")
    a.run(500)
    b.run(500)
    assert a.root_stats() == b.root_stats() and a.nodes_used == b.nodes_used


def test_chance_merge_shares_one_edge_for_all_outcomes():
    """chance="merge": the outcomes of a chance step the seat sees share one edge (shown as hidden, "?"),
    so the same iterations build a tree with far fewer nodes that reaches the next turns; in the split
    tree each roll or deal the seat sees is its own edge (docs/search.md, "The tree")."""
    g, seat, raw = _before_a_roll()
    split, merge = Searcher(raw, seat, seed=5), Searcher(raw, seat, seed=5, chance="merge")
    split.run(3000)
    merge.run(3000)
    assert merge.nodes_used < split.nodes_used / 2
    agent = ISMCTSAgent(iterations=3000, chance="merge", reuse=False)
    result = agent.search(g.observation(seat), seat)
    chance_entries = [a for p, a in zip(result.pv_seats, result.pv) if p == -1]
    assert chance_entries and all(a == -1 for a in chance_entries)
    assert result.best in g.legal_actions()
    assert ISMCTSAgent(iterations=3000, chance="merge", reuse=False).search(
        g.observation(seat), seat).best == result.best      # deterministic for a seed


def test_chance_mode_is_checked_and_reaches_the_spec():
    """A bad chance mode is refused with the modes named; the SPEC of `tekhenu match` passes it on."""
    from tekhenu_engine.agents.registry import make_agent
    _, seat, raw = _before_a_roll()
    with pytest.raises(ValueError, match="split, merge"):
        Searcher(raw, seat, chance="open")
    with pytest.raises(ValueError, match="split, merge"):
        ISMCTSAgent(chance="open")
    assert make_agent("ismcts:iterations=100:chance=merge").chance == "merge"
