"""Time of Seth setup (issue 11, part B): the expansion's cards in their decks, 3 Decrees dealt and
the keep at the very end, the 12 SX Starting cards, the Cultist Powers and the three-pass draft, the
turn order, the Artifacts by their Destiny cards, the Starting-card rewards before the Destiny pick
and the Destiny-or-Artifact pick. Each test quotes the manual's "Setup Changes" sentence it checks
(time-of-seth-manual.txt; docs/seth-rules-digest.md section 2)."""
from __future__ import annotations

from collections import Counter

import pytest

from positions import step_name
from tekhenu_engine import GameState, TableOptions, data, format_action, parse_action

CL_PENDING, CL_HAND, CL_BOTTOMK = 12, 8, 16
CULTS = data.SETH_DECKS["Cultist"]
SP_BOX, SP_DISPLAY, SP_GONE, SP_SEAT = 0, 1, 2, 10      # cult_loc / art_loc places (seth/state.pxi)
ARTS = data.SETH_DECKS["Artifact"]


def new(players: int, seed: int = 3, **opts) -> GameState:
    return GameState.new(players, seed, options=TableOptions(seth=True, random_horus=False,
                                                             random_wheel=False, **opts))


def play_setup(g: GameState, choose=None, until: str = "D_TAKE"):
    """Play until `until` is on top: chance steps sampled, decisions by `choose(g, tokens)` (a token)
    or the first legal one. Returns the log of (step name, seat, token)."""
    log = []
    for _ in range(5000):
        name = step_name(g)
        if name == until or g.is_terminal():
            return log
        seat = g.step()[1]
        if g.is_chance():
            tok = format_action(g.apply_chance())
        else:
            toks = [format_action(a) for a in g.legal_actions()]
            tok = (choose(g, toks) if choose else None) or toks[0]
            assert tok in toks, (tok, toks)
            g.apply(parse_action(tok))
        log.append((name, seat, tok))
    raise AssertionError(f"{until} not reached")


def at_draft(players: int, starts: tuple[str, ...], cults: tuple[str, ...], seed: int = 3) -> GameState:
    """A game at its first draft pick whose display is exactly these SX cards and Cultists."""
    g = new(players, seed)
    play_setup(g, until="D_DRAFT")
    d = g.to_dict()
    d["start_loc"] = [1 if f"SX{i + 1:02d}" in starts else 0 for i in range(12)]
    d["cult_loc"] = [SP_DISPLAY if CULTS[i] in cults else SP_BOX for i in range(len(CULTS))]
    return GameState._from_dict_trusted(d)


def prefer(seat: int, *wanted: str):
    """A chooser: `seat` takes the first wanted token that is legal (in order of preference), the
    other seats the first legal token that is not wanted."""
    def choose(g, toks):
        if g.step()[1] == seat:
            return next((w for w in wanted if w in toks), None)
        return next((t for t in toks if t not in wanted), None)
    return choose


@pytest.mark.parametrize("players", [2, 3, 4])
def test_expansion_counts_displayed(players):
    """MN Setup 10: "display 3/4/5 Cultist Power cards in games with 2/3/4 players"; MN Setup 11:
    "Randomly select 5/6/7 Artifacts in a game with 2/3/4 players, and return the remaining
    Artifacts to the game box."; base Setup 12: 5/7/9 Starting cards revealed."""
    g = new(players)
    log = play_setup(g)
    reveals = Counter(t.split(":")[1][:3] for n, _, t in log if t.startswith("reveal:"))
    assert reveals["Cul"] == {2: 3, 3: 4, 4: 5}[players]
    assert reveals["Art"] == {2: 5, 3: 6, 4: 7}[players]
    assert sum(v for k, v in reveals.items() if k.startswith("S")) == {2: 5, 3: 7, 4: 9}[players]
    d = g.to_dict()
    assert sum(1 for x in d["art_loc"] if x) == {2: 5, 3: 6, 4: 7}[players]   # displayed or taken
    assert sum(1 for x in d["cult_loc"] if x) == {2: 3, 3: 4, 4: 5}[players]
    assert sum(1 for x in d["cult_loc"] if x == SP_GONE) == 1                # nobody drafted it


@pytest.mark.parametrize("players", [2, 3, 4])
def test_three_pass_draft_ends_with_two_starting_cards_and_one_cultist(players):
    """MN Setup 10: "A. Beginning with the starting player and proceeding clockwise, each player
    takes 1 card of their choosing. B. Once each player has 1 card, beginning with the last player
    and proceeding counterclockwise, each player takes a second card. C. Repeat the first step of
    this process. When it is your turn to pick, you can select either a Starting card or a Cultist
    Power, as long as you end up with exactly 2 Starting cards and 1 Cultist Power." """
    g = new(players, seed=players + 10)
    # pick a Cultist whenever one is legal: the rule must still force the rest to Starting cards
    log = play_setup(g, lambda g, toks: next((t for t in toks if t.startswith("draft:Cult")), None))
    picks = [(seat, tok) for name, seat, tok in log if name == "D_DRAFT"]
    first = next(int(t.split(":")[1]) for n, _, t in log if n == "CH_FIRST")
    order = [(first + k) % players for k in range(players)]
    assert [seat for seat, _ in picks] == order + order[::-1] + order
    assert all(tok.startswith("draft:Cult") for _, tok in picks[:players])   # first pass: Cultists
    assert not any(tok.startswith("draft:Cult") for _, tok in picks[players:])
    d = g.to_dict()
    for p in range(players):
        assert sum(1 for x in d["cult_loc"] if x == SP_SEAT + p) == 1
    assert sum(1 for x in d["start_loc"] if x >= 2) == 2 * players


def test_draft_two_starting_cards_force_the_cultist():
    """MN Setup 10: "as long as you end up with exactly 2 Starting cards and 1 Cultist Power": a
    seat that took 2 Starting cards may only take a Cultist Power with its third pick."""
    g = new(2, seed=5)
    log = play_setup(g, lambda g, toks: next((t for t in toks if t.startswith("draft:S")), None))
    picks = [(seat, tok) for name, seat, tok in log if name == "D_DRAFT"]
    by_seat = {}
    for seat, tok in picks:
        by_seat.setdefault(seat, []).append(tok)
    for toks in by_seat.values():
        assert [t.startswith("draft:S") for t in toks] == [True, True, False]


def test_turn_order_from_the_sx_initiatives():
    """Base Setup 12B (unchanged): the turn order follows the sum of the two Starting cards'
    initiative values, highest first; SX cards print "Initiative Value: 1" .. "Initiative Value: 12"."""
    for i, name in enumerate(data.SETH_DECKS["Starting"]):
        assert data.SETH_CARD_TEXT[name].startswith(f"Initiative Value: {i + 1}.")
    g = new(3, seed=4)
    log = play_setup(g)
    d = g.to_dict()
    total = Counter()
    for name, seat, tok in log:
        if tok.startswith("draft:S"):
            total[seat] += int(tok[7:])
    order = d["turn_order"][:3]
    assert [total[p] for p in order] == sorted(total.values(), reverse=True)


def test_three_decrees_dealt_and_kept_at_the_very_end():
    """MN Setup 8: "Deal 3 random Decrees to each player. This replaces step 11 of the base game
    rules."; MN Setup 12: "Finally, players must discard 2 of the 3 Decrees given to them to the
    bottom of the Decree deck. Unlike in the base game, this selection happens after the rest of
    setup." (game help: "You are dealt 3 Decrees and keep 1 at the very end of setup")."""
    g = new(3, seed=6)
    log = play_setup(g)
    names = [n for n, _, _ in log]
    keeps = [i for i, (n, _, t) in enumerate(log) if n == "D_KEEP" and t.startswith("keep:D")]
    assert len(keeps) == 3
    assert max(i for i, n in enumerate(names) if n in ("D_DESTINY", "D_DRAFT")) < min(keeps)
    # just before the first keep each seat has its 3 dealt Decrees pending
    h = new(3, seed=6)
    for _, _, tok in log[:keeps[0]]:
        h.apply(parse_action(tok))
    pend = h.to_dict()["card_loc"]
    assert [sum(1 for c in data.DECK_IDS[2] if pend[c] == CL_PENDING + p) for p in range(3)] == [3, 3, 3]
    d = g.to_dict()
    for p in range(3):
        held = [c for c in data.DECK_IDS[2] if d["card_loc"][c] == CL_HAND + p]
        bottom = [c for c in range(128) if d["card_loc"][c] == CL_BOTTOMK + p]
        assert len(held) == 1 and len(bottom) == 2


def test_starting_rewards_before_the_destiny_pick_and_an_artifact_for_priests():
    """MN Setup 10: "Mark those Soldiers and Priests on their respective tracks at the same time you
    receive any other benefits from your Starting cards"; MN "Selecting Destiny Cards and
    Artifacts": "select an available Artifact by paying its cost in Priests (while also taking the
    Destiny card of the same Ankh value) ... If you select an Artifact, you do not receive any
    benefits printed on the accompanying Destiny card. It only counts for its Ankh value." """
    # the first seat takes SX05 (4 Priests) and SX12 (4 Priests): 8 Priests before its Destiny pick
    g = at_draft(2, ("SX01", "SX02", "SX03", "SX05", "SX12"), CULTS[:3])
    p = g.step()[1]
    log = play_setup(g, prefer(p, "draft:S05", "draft:S12"), until="D_DESTINY")
    while g.step()[1] != p:
        g.apply(g.legal_actions()[0])
        log += play_setup(g, None, until="D_DESTINY")
    assert sorted(t for n, s, t in log if n == "D_DRAFT" and s == p)[1:] == ["draft:S05", "draft:S12"]
    d = g.to_dict()
    assert d["priests"][p] == 8 and d["soldiers"][p] == 4 and d["scribes"][p] == 1 + 2
    toks = [format_action(a) for a in g.legal_actions()]
    arts = [t for t in toks if t.startswith("artifact:")]
    assert arts, toks
    art = arts[0][9:]
    k = ARTS.index(art)
    row = data.ARTIFACTS[art]
    before = g.to_dict()
    g.apply(parse_action(arts[0]))
    after = g.to_dict()
    assert after["priests"][p] == before["priests"][p] - row["priests"]
    assert after["art_loc"][k] == SP_SEAT + p
    assert after["destiny"][p] == row["ankh"] and after["destiny_owner"][row["ankh"]] == p
    # no benefit of the Destiny card (A01 Scribe, A02 Gold, A03 choice, A04 Faith)
    assert (after["scribes"][p], after["gold"][p], after["faith"][p]) == \
        (before["scribes"][p], before["gold"][p], before["faith"][p])
    assert step_name(g) != "D_GAIN" or g.step()[1] != p


def test_no_artifact_when_its_destiny_card_is_gone():
    """MN: "You may not select an Artifact if the corresponding Destiny card is no longer
    available." """
    g = new(2, seed=8)
    play_setup(g, until="D_DESTINY")
    d = g.to_dict()
    p = g.step()[1]
    d["priests"][p] = 10
    for ankh in range(4):
        d2 = {**d, "destiny_owner": [1 - p if k == ankh else -1 for k in range(4)],
              "destiny": [ankh if q == 1 - p else -1 for q in range(4)]}
        h = GameState._from_dict_trusted(d2)
        toks = [format_action(a) for a in h.legal_actions()]
        for t in toks:
            if t.startswith("artifact:"):
                assert data.ARTIFACTS[t[9:]]["ankh"] != ankh
        shown = [ARTS[k] for k in range(len(ARTS)) if d["art_loc"][k] == 1]
        assert sorted(t[9:] for t in toks if t.startswith("artifact:")) == \
            sorted(a for a in shown if data.ARTIFACTS[a]["ankh"] != ankh and data.ARTIFACTS[a]["priests"] <= 10)


def test_cultists_have_no_effect_during_setup():
    """MN Setup 10: "Cultist Powers have no effect during setup." SX01's Osiris Building does not
    trigger Cult06 ("Whenever you build a Quarry or a Workshop, you gain 3 Soldiers and every other
    player gains 2 Faith tokens")."""
    g = at_draft(2, ("SX01", "SX04", "SX07", "SX08", "SX11"), ("Cult06", "Cult01", "Cult02"))
    p = g.step()[1]
    log = play_setup(g, prefer(p, "draft:Cult06", "draft:S01"))
    assert {t for n, s, t in log if n == "D_DRAFT" and s == p} >= {"draft:Cult06", "draft:S01"}
    seats = {p}
    p = seats.pop()
    d = g.to_dict()
    assert any(o == p for row in d["osiris"] for o in row)          # SX01 built
    assert d["faith"][1 - p] == 0                                         # no 2 Faith for the other
    assert "Cult06" in data.SETH_CARD_TEXT and "3 Soldiers" in data.SETH_CARD_TEXT["Cult06"]


def test_sx_cards_replace_the_base_starting_cards():
    """MN Setup 9: "Remove the original Starting cards from the game and use the Starting cards
    from Tekhenu: Time of Seth instead." SX05 "Gain 2 Scribes, 4 Priests, and 4 Soldiers." (the base
    S05 draws Technologies instead)."""
    g = new(2, seed=1)
    play_setup(g, until="D_DRAFT")
    d = g.to_dict()
    d["start_loc"] = [2 if i == 4 else (6 if x >= 2 else x) for i, x in enumerate(d["start_loc"])]
    h = GameState._from_dict_trusted(d)
    before = h.to_dict()
    from positions import trigger
    h = trigger(h, ("A_REWARDS", 0, 1))
    after = h.to_dict()
    assert (after["scribes"][0] - before["scribes"][0], after["priests"][0] - before["priests"][0],
            after["soldiers"][0] - before["soldiers"][0]) == (2, 4, 4)


def test_base_setup_unchanged_without_the_option():
    """With the option off the base game plays as before: 2 Decrees dealt and kept before the
    two-pass draft of S01-S12, no Cultist or Artifact."""
    g = GameState.new(3, 3, random_horus=False, random_wheel=False)
    log = play_setup(g)
    assert not any("Cult" in t or "Art" in t for _, _, t in log)
    picks = [s for n, s, t in log if n == "D_DRAFT"]
    assert len(picks) == 6
    d = g.to_dict()
    assert not any(d["cult_loc"]) and not any(d["art_loc"]) and not any(d["seth_gate"])


def test_dealt_decrees_are_hidden_and_the_search_does_not_peek():
    """Base Setup 11 "Decrees should be kept secret from the other players": the 3 Decrees dealt to
    another seat (and its keep) are unknown to a seat; two states that differ only in them give the
    same observation and exactly the same search. Undrawn Cultists and Artifacts are not in the state
    at all (their reveal is a chance step), so nothing else is hidden from the draft."""
    from tekhenu_engine.agents import ISMCTSAgent

    g = new(2, seed=9)
    play_setup(g, until="D_DRAFT")
    seat = g.step()[1]
    other = 1 - seat
    loc = g.field("card_loc")
    theirs = [c for c in data.DECK_IDS[2] if loc[c] == CL_PENDING + other]
    pile = [c for c in data.DECK_IDS[2] if loc[c] == 0]
    assert len(theirs) == 3 and pile
    t = g.clone()
    loc2 = list(loc)
    loc2[theirs[0]], loc2[pile[0]] = 0, CL_PENDING + other
    d = t.to_dict()
    d["card_loc"] = loc2
    t = GameState._from_dict_trusted(d)
    assert g.observation(seat).to_json() == t.observation(seat).to_json()
    assert g.observation(other).to_json() != t.observation(other).to_json()
    agent = ISMCTSAgent(iterations=200, seed=5)
    a = agent.search(g.observation(seat), seat)
    b = agent.search(t.observation(seat), seat)
    assert (a.best, a.iterations, a.pv) == (b.best, b.iterations, b.pv)
    assert [(c.action, c.visits) for c in a.candidates] == [(c.action, c.visits) for c in b.candidates]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_notation_and_words_for_every_new_decision(players):
    """docs/notation.md: parse_action(format_action(a)) == a for every legal action and chance outcome
    of Time of Seth games, and describe_action says each in words (the SX, Cultist and Artifact names
    from data)."""
    import random

    from tekhenu_engine.notation import describe_action

    rng = random.Random(players)
    seen = set()
    for seed in range(3):
        g = new(players, seed=seed)
        for _ in range(400):
            if g.is_terminal():
                break
            acts = [a for a, _ in g.chance_outcomes()] if g.is_chance() else g.legal_actions()
            for a in acts:
                tok = format_action(a)
                assert parse_action(tok) == a, tok
                seen.add(tok)
                text = describe_action(g, a, viewer=0)
                assert text and "?" not in text
            g.apply(rng.choice(acts)) if not g.is_chance() else g.apply_chance()
    for want in ("draft:Cult", "reveal:Cult", "reveal:Art", "gain:sol", "keep:D", "artifact:Art"):
        assert any(t.startswith(want) for t in seen), want


def test_card_texts_come_from_data():
    """The viewer and the terminal read card texts from data (notation.card_text)."""
    from tekhenu_engine.notation import card_text

    for name, txt in data.SETH_CARD_TEXT.items():
        assert card_text(name).endswith(txt)
        assert card_text(name.lower()).endswith(txt)
