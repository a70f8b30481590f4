"""The oracle of the solo search (``Searcher(oracle=...)``, bench/clairvoyant.py; issue 13): a measurement
of what knowing the future is worth, never a way to play.

The game help, Botankhamun's turn: "After that the Deben is flipped like a coin"; the rulebook deals dice
from the bag and cards from the piles at random. The oracle's search meets exactly the flips, rolls and
draws the game itself will deal; a search of an observation (every agent) cannot, and the harness's
legal player (``--pimc``) samples futures from the observation only."""
from __future__ import annotations

import json
import random

import pytest

from bench_scripts import load, needs, run, script
from positions import first_turn
from tekhenu_engine import GameState
from tekhenu_engine._search import Searcher
from tekhenu_engine.match import replay

SCRIPT = script("clairvoyant.py")


def _end_of_first_turn() -> GameState:
    """Solo, seed 5: the engine's last step of its first turn (the Deben flip and dice follow)."""
    g = first_turn(1, 5)
    for tok in (251658806, 16777216, 268435461):
        g.apply(tok)
    assert g.current_player() == 0 and len(g.legal_actions()) > 1
    return g


BOT_STEPS = (8, 12)     # CH_DEBEN, CH_PYRAMID: Botankhamun's flips and pyramid order (what oracle="bot" sees)


def _chance_in_pv(g: GameState, pv: list[tuple[int, int]]) -> list[tuple[int, int, int]]:
    """(step type, the pv's outcome, the game's own outcome) of each chance step along the pv, up to
    and including the first one where they differ (the lines part there)."""
    h, out = g.clone(), []
    for seat, a in pv:
        if seat == -1:
            ty, x = h.step_type(), h.sample_chance()
            out.append((ty, a, x))
            if a not in (-1, x):
                break
            h.apply(x)
        else:
            h.apply(a)
    return out


def _searched(g: GameState, oracle: str, seed: int) -> list[tuple[int, int, int]]:
    sr = Searcher(g.to_bytes(), 0, seed=seed, oracle=oracle)
    sr.run(3000, 30.0)
    return _chance_in_pv(g, sr.pv())


def test_the_oracle_searches_the_games_own_future():
    g = _end_of_first_turn()
    steps = _searched(g, "all", 1)
    assert len(steps) >= 5 and {ty for ty, _, _ in steps} & set(BOT_STEPS)   # a flip among the rolls
    assert all(seen == dealt for _, seen, dealt in steps)
    # without the oracle the same full state is determinised: other futures are searched
    assert any(seen not in (-1, dealt) for seed in range(1, 6) for _, seen, dealt in _searched(g, "off", seed))


def _engine_decisions(seed: int, n: int) -> list[GameState]:
    """n positions of a solo game (seed) played at random where seat 0 chooses among several actions."""
    g, rnd, out = first_turn(1, seed), random.Random(seed), []
    while not g.is_terminal() and len(out) < n:
        if g.is_chance():
            g.apply_chance()
            continue
        legal = g.legal_actions()
        if g.current_player() == 0 and len(legal) > 1 and rnd.random() < 0.3:
            out.append(g.clone())
        g.apply(rnd.choice(legal))
    return out


@pytest.mark.parametrize("oracle", ["bot", "world"])
def test_a_partial_oracle_sees_its_part_of_the_future_only(oracle):
    seen = unseen_differs = 0
    for g in _engine_decisions(5, 12):
        for seed in (1, 2):
            for ty, pv_outcome, dealt in _searched(g, oracle, seed):
                if (ty in BOT_STEPS) == (oracle == "bot"):
                    assert pv_outcome == dealt      # a kind of step this oracle sees: the game's own outcome
                    seen += 1
                else:
                    unseen_differs += pv_outcome not in (-1, dealt)
    assert seen >= 20 and unseen_differs >= 3   # the other kinds are drawn at random, and differ


def test_the_next_flip_oracle_sees_the_first_flip_of_a_line_only():
    """oracle="next": the first Deben flip an iteration meets is the game's own; every other outcome
    (later flips, rolls, draws, tiles) is drawn."""
    first_seen = other_differs = 0
    for g in _engine_decisions(5, 12):
        for seed in (1, 2):
            flips = 0
            for ty, pv_outcome, dealt in _searched(g, "next", seed):
                flips += ty == BOT_STEPS[0]
                if ty == BOT_STEPS[0] and flips == 1:
                    assert pv_outcome == dealt
                    first_seen += 1
                else:
                    other_differs += pv_outcome not in (-1, dealt)
    assert first_seen >= 5 and other_differs >= 3


def test_the_oracle_refuses_an_observation():
    g = _end_of_first_turn()
    with pytest.raises(ValueError, match="full game state"):
        Searcher(g.observation(0).to_bytes(), 0, oracle="all")
    with pytest.raises(ValueError, match="oracle must be one of off, all, bot, world, next"):
        Searcher(g.to_bytes(), 0, oracle="future")


def test_no_agent_or_spec_can_switch_the_oracle_on():
    from tekhenu_engine.agents.ismcts import ISMCTSAgent
    from tekhenu_engine.agents.registry import make_agent
    with pytest.raises(TypeError):
        ISMCTSAgent(oracle="all")  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="unknown option 'oracle'"):
        make_agent("ismcts:oracle=1")


@needs(SCRIPT)
def test_plain_replays_the_match_runner_and_the_oracle_resumes(tmp_path):
    from tekhenu_engine.match import MatchConfig, play_game
    plain, oracle, pimc = tmp_path / "plain.jsonl", tmp_path / "oracle.jsonl", tmp_path / "pimc.jsonl"
    args = ["--a", "ismcts:iterations=30:reuse=0", "--games", "2", "--seed", "4", "--jobs", "1"]
    p = run(SCRIPT, str(plain), *args, "--plain")
    assert p.returncode == 0, p.stderr
    recs = sorted((json.loads(x) for x in plain.read_text().splitlines()), key=lambda r: r["game"])
    config = MatchConfig(a="ismcts:iterations=30:reuse=0", b="botankhamun:hard:decree8", seed=4, games=2)
    for r in recs:
        m = play_game(config, r["game"])
        assert (r["seed"], r["moves"], r["vp"]) == (m["seed"], m["moves"], m["vp"])
    # the oracle's games: legal (they replay), resumable (a second run plays nothing more)
    for out, extra in ((oracle, []), (pimc, ["--pimc", "2"])):
        p = run(SCRIPT, str(out), *args[:-4], "--games", "1", "--seed", "4", "--jobs", "1", *extra)
        assert p.returncode == 0, p.stderr
        p = run(SCRIPT, str(out), *args, *extra)
        assert p.returncode == 0, p.stderr
        recs = sorted((json.loads(x) for x in out.read_text().splitlines()), key=lambda r: r["game"])
        assert [r["game"] for r in recs] == [0, 1]
        for r in recs:
            assert replay(r).returns() == r["vp"] and r["sides"] == ["a", "b"]
    # the file of one run is not continued by another
    p = run(SCRIPT, str(oracle), *args, "--plain")
    assert p.returncode == 2 and "another run" in p.stderr


@needs(SCRIPT)
@pytest.mark.parametrize("extra, message", [
    (["--a", "ismcts:iterations=30"], "reuse=0"),
    (["--a", "ismcts:movetime=100:reuse=0"], "iterations="),
    (["--a", "greedy", "--b", "botankhamun:hard"], "ismcts SPEC"),
    (["--a", "ismcts:iterations=30:reuse=0", "--b", "botankhamun:impossible"], "difficulty must be"),
    (["--plain", "--pimc", "2"], "not with --plain"),
    (["--games", "0"], "at least 1"),
])
def test_the_harness_refuses_what_it_cannot_measure(tmp_path, extra, message):
    p = run(SCRIPT, str(tmp_path / "x.jsonl"), *extra)
    assert p.returncode == 2 and message in p.stderr and "Traceback" not in p.stderr
    assert not (tmp_path / "x.jsonl").exists()


@needs(SCRIPT)
def test_the_legal_player_samples_futures_from_the_observation_only():
    mod = load(SCRIPT)
    g = _end_of_first_turn()
    agent = mod.PIMCAgent(iterations=40, reuse=False, seed=3)
    agent.samples = 2
    # the agent is handed the observation; the true state's generator is masked there
    obs = g.observation(0)
    a = agent.choose(obs, 0)
    assert a in g.legal_actions()
    assert agent.choose(obs, 0) == a                             # deterministic for a seed
    assert agent.last.iterations == 40


BREAKDOWN = script("solo_breakdown.py")
PLAIN_RECORDS = script("records/clairvoyant/solo_2000_r0_plain_seed2601.jsonl")


@needs(BREAKDOWN)
@needs(PLAIN_RECORDS)
def test_the_breakdown_counts_botankhamuns_decrees_as_he_scores_them():
    """The game help, Scoring of Botankhamun: "4 VP per Decree (8 with the option, with no symbol limit
    and no limit of 3)": the Decrees the script sees him take are exactly what he scores for them."""
    mod = load(BREAKDOWN)
    with open(PLAIN_RECORDS) as f:
        recs = [json.loads(next(f)) for _ in range(12)]
    figures = [mod.game_figures(r) for r in recs]
    assert all(r["table"]["decree8"] for r in recs)
    assert all(fg["breakdown"][1]["decrees"] == 8 * len(fg["decree_rounds"]) for fg in figures)
    assert sum(len(fg["decree_rounds"]) for fg in figures) >= 3
    for fg in figures:    # a Decree needs section 3 open to him: Happiness 9 (the game help, Thoth)
        assert all(r >= fg["happy9"] for r in fg["decree_rounds"])


@needs(BREAKDOWN)
def test_the_breakdown_refuses_what_is_not_a_solo_record(tmp_path):
    bad = tmp_path / "p2.jsonl"
    bad.write_text(json.dumps({"notation": 2, "seed": 1, "table": {"players": 2}, "moves": []}) + "\n")
    p = run(BREAKDOWN, str(bad))
    assert p.returncode == 2 and "not a solo game" in p.stderr and "Traceback" not in p.stderr
