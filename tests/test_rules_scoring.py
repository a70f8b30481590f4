"""Scoring after the 2nd and 4th Maat phase: districts, Temple, Statues, Happiness, Production,
Building row and Bread upkeep."""
from __future__ import annotations

import pytest

from positions import blank, f, legal, play, step_name, step_seat, trigger
from tekhenu_engine import data


def score(g):
    return trigger(g, "A_SCORING")


def cat(g, seat, name):
    return g.score_breakdown(seat)[name]


def test_district_majority_3vp_statue_counts_in_both():
    """base-rulebook Scoring 1: "For each of the 4 Resource districts ..., count how many game
    pieces (Buildings and Statues) each player has. The player with the most in that district
    scores 3 Victory Points ... (Statues count towards two districts.)" The workshop Statue stands
    over Papyrus and Bread."""
    os_ = [[-1] * 4 for _ in range(6)]
    os_[0][0] = os_[1][0] = 0          # seat 0: two Papyrus workshops
    os_[2][0] = 1                      # seat 1: one Papyrus workshop
    os_[3][1] = 0                      # seat 0: one Bread workshop
    os_[4][1] = 1                      # seat 1: one Bread workshop + the workshop Statue
    g = score(blank(osiris=os_, people=[-1, -1, 1, -1], statues=[0, 1, 0, 0], buildings=[3, 2, 0, 0]))
    # Papyrus: seat 0 2 vs seat 1 2 (building + Statue): tie -> topmost piece: the Statue (seat 1)
    # Bread: seat 0 1 vs seat 1 2 -> seat 1
    assert cat(g, 0, "districts") == 0
    assert cat(g, 1, "districts") == 6


@pytest.mark.parametrize("rows0,rows1,winner", [((2,), (4,), 0), ((5,), (1,), 1), ((3, 5), (4, 6), 0),
                                                ((1, 2), (3,), 0)])
def test_district_tie_goes_to_topmost_piece(rows0, rows1, winner):
    """base-rulebook Scoring 1: "In the case of a tie, the tied player with the topmost game piece
    (Building or Statue) wins the tie." Row 1 is the top row (FACTS.md)."""
    os_ = [[-1] * 4 for _ in range(6)]
    for r in rows0:
        os_[r - 1][2] = 0
    for r in rows1:
        os_[r - 1][2] = 1
    g = score(blank(osiris=os_, buildings=[len(rows0), len(rows1), 0, 0]))
    assert cat(g, winner, "districts") == 3 and cat(g, 1 - winner, "districts") == 0


def test_district_statue_is_topmost():
    """Scoring 1 tie: the quarry Statue stands above row 1 of the Limestone and Granite districts,
    so it beats a row-1 Building (FACTS.md: "a Statue, then the lowest row number")."""
    os_ = [[-1] * 4 for _ in range(6)]
    os_[0][3] = 0                      # seat 0: Granite row 1
    g = score(blank(osiris=os_, people=[-1, -1, -1, 1], statues=[0, 1, 0, 0], buildings=[1, 0, 0, 0]))
    # Granite: 1 - 1, seat 1's Statue is topmost; Limestone: only seat 1
    assert cat(g, 1, "districts") == 6 and cat(g, 0, "districts") == 0


def test_temple_buildings_statues_and_pillars():
    """base-rulebook Scoring 2: "a. Each Building and Statue around the Temple Complex scores 1
    Victory Point. b. Each Pillar within the Temple Complex scores 1 Victory Point per Building and
    Statue (belonging to the player) in the same row and column." """
    bs = [-1] * 18
    bs[2] = 0      # W3 (row 3)
    bs[5] = 0      # S1 (column 1)
    bs[9] = 0      # S5 (column 5)
    bs[0] = 1      # W1 (row 1), the other player's
    tile, owner = [0] * 25, [-1] * 25
    tile[10], owner[10] = 22, 0          # r3c1: row 3 (W3 + Temple Statue) + column 1 (S1) = 3
    tile[0], owner[0] = 23, 0            # r1c1: row 1 (W1 is not own) + column 1 (S1) = 1
    tile[4], owner[4] = 24, 1            # r1c5, the other player's: W1 = 1; 1 own Building around
    g = score(blank(bspace=bs, temple_tile=tile, temple_owner=owner, people=[0, -1, -1, -1],
                    statues=[1, 0, 0, 0], buildings=[3, 1, 0, 0], pillars=[2, 1, 0, 0]))
    assert cat(g, 0, "temple") == 4 + 3 + 1
    assert cat(g, 1, "temple") == 1 + 1


@pytest.mark.parametrize("n,vp", list(enumerate(data.STATUE_VP)))
def test_statues_built(n, vp):
    """base-rulebook Scoring 3: "Each player scores 1/3/6/10/15/21 Victory Points for having built
    1/2/3/4/5/6 Statues." """
    g = score(blank(statues=[n, 0, 0, 0]))
    assert cat(g, 0, "statues") == vp
    assert vp == (0, 1, 3, 6, 10, 15, 21)[n]


@pytest.mark.parametrize("hap,vp", [(8, 0), (9, 3), (12, 3), (13, 6), (15, 6), (16, 9), (18, 9),
                                    (19, 12), (20, 12), (21, 15)])
def test_happiness_thresholds(hap, vp):
    """base-rulebook Scoring 4: "(These symbols are not cumulative. Only count the highest number
    reached - a player scores 3/6/9/12/15 Victory Points for reaching or exceeding Happiness
    9/13/16/19/21.)" """
    g = score(blank(happiness=[hap, 2, 0, 0], population=[21, 5, 0, 0]))
    assert cat(g, 0, "happiness") == vp


def test_production_at_six():
    """base-rulebook Scoring 5: "Each player scores 2 Victory Points per Production marker on the
    topmost ("6") position of its Production Track." """
    g = score(blank(prod=[[6, 5, 6, 6], [2, 2, 2, 2], [2] * 4, [2] * 4]))
    assert cat(g, 0, "production") == 6 and cat(g, 1, "production") == 0


@pytest.mark.parametrize("built", range(11))
def test_building_row_vp_and_bread(built):
    """base-rulebook Scoring 6: "Each player scores the sum of any Victory Points visible on the
    Building row of their player board." and 7: "each player must pay the sum of all Bread amounts
    visible on the Building row". FACTS.md: spaces 1-10 show -, 1B, 2VP, 1B, 3VP, 1B, 4VP, 2B,
    5VP, 2B; building k uncovers space k. Plenty of Bread: paid automatically."""
    row = data.BUILDING_ROW
    vp = sum(v for _, v in row[:built])
    bread = sum(b for b, _ in row[:built])
    g = score(blank(buildings=[built, 0, 0, 0], res=[[0, 9, 0, 0]] + [[0] * 4] * 3))
    assert cat(g, 0, "building_row") == vp
    assert f(g, "res")[0][1] == 9 - bread
    assert cat(g, 0, "bread") == 0
    if built == 10:
        assert vp == 14 and bread == 7


def test_bread_paid_automatically_from_stock():
    """game-help Scoring: "Bread is paid automatically. You are only asked if paying would need
    Gold." (base-rulebook Scoring 7: "pay the sum of all Bread amounts visible")."""
    g = score(blank(buildings=[6, 0, 0, 0], res=[[0, 5, 0, 0]] + [[0] * 4] * 3, gold=[3, 0, 0, 0]))
    assert f(g, "res")[0][1] == 2 and f(g, "gold")[0] == 3
    assert g.is_terminal() or step_name(g) != "D_BREAD"


def test_bread_short_gold_or_3vp_each():
    """base-rulebook Scoring 7: "For each Bread they are unable or unwilling to pay, they lose 3
    Victory Points."; game-help: "You are only asked if paying would need Gold." Gold is a wild
    Resource (Key Concept III)."""
    g = score(blank(buildings=[6, 0, 0, 0], res=[[0, 1, 0, 0]] + [[0] * 4] * 3, gold=[2, 0, 0, 0]))
    assert step_name(g) == "D_BREAD" and step_seat(g) == 0
    assert legal(g) == ["bread:1,2", "bread:1,1", "bread:1,0"]
    vp = f(g, "vp")[0]
    play(g, "bread:1,1")
    assert f(g, "res")[0][1] == 0 and f(g, "gold")[0] == 1
    assert f(g, "vp")[0] == vp - 3 and cat(g, 0, "bread") == -3


def test_bread_unpaid_never_below_zero():
    """base-rulebook Scoring 7: "(No player can go below 0 on the Victory Point track. Any excess negative Victory
    Points are simply ignored.)" 7 Bread short = -21 VP from 12."""
    g = score(blank(buildings=[10, 0, 0, 0], vp=[0, 10, 0, 0]))
    # 14 VP from the Building row, then 7 Bread unpaid: 14 - 21 -> 0
    assert f(g, "vp")[0] == 0


def test_scoring_counts_happiness_of_each_player_separately():
    """base-rulebook Scoring steps 2-7 apply to "each player": both seats score their own categories."""
    g = score(blank(happiness=[9, 13, 0, 0], population=[9, 13, 0, 0], statues=[1, 2, 0, 0]))
    assert (cat(g, 0, "happiness"), cat(g, 1, "happiness")) == (3, 6)
    assert (cat(g, 0, "statues"), cat(g, 1, "statues")) == (1, 3)


# ----------------------------------------------------------------------------- reference check
def reference_scoring(d):
    """Scoring steps 1-6 written out from the rulebook text, for a state document."""
    n = d["nseats"]
    out = {p: {"districts": 0, "temple": 0, "statues": 0, "happiness": 0, "production": 0,
               "building_row": 0} for p in range(n)}
    for dist in range(4):
        statue = d["people"][2 + dist // 2]
        best, best_key = None, None
        for p in range(n):
            rows = [r for r in range(6) if d["osiris"][r][dist] == p]
            cnt = len(rows) + (1 if statue == p else 0)
            if cnt == 0:
                continue
            top = 0 if statue == p else min(rows) + 1
            key = (cnt, -top)
            if best_key is None or key > best_key:
                best, best_key = p, key
        if best is not None:
            out[best]["districts"] += 3
    nb = {2: 10, 3: 14, 4: 18}[n]
    spaces = data.BUILDING_SPACES[:nb]
    for p in range(n):
        around = [(ax, line) for (name, ax, line, _, _), who in zip(spaces, d["bspace"]) if who == p]
        statues = [data.TEMPLE_STATUE_LINES[k] for k in range(2) if d["people"][k] == p]
        t = len(around) + len(statues)
        for sp in range(25):
            if d["temple_owner"][sp] == p and 1 <= d["temple_tile"][sp] <= 27:
                r, c = sp // 5 + 1, sp % 5 + 1
                t += sum(1 for ax, line in around + statues if (ax == 0 and line == r) or (ax == 1 and line == c))
        out[p]["temple"] = t
        out[p]["statues"] = data.STATUE_VP[d["statues"][p]]
        out[p]["happiness"] = max([vp for h, vp in data.HAPPINESS_THRESHOLDS if d["happiness"][p] >= h] + [0])
        out[p]["production"] = 2 * sum(1 for x in d["prod"][p] if x == 6)
        out[p]["building_row"] = sum(v for _, v in data.BUILDING_ROW[:d["buildings"][p]])
    return out


def random_positions(count):
    import random
    from positions import no_cards_in_hand
    from tekhenu_engine._core import GameState
    for k in range(count):
        players = 2 + k % 3
        g = GameState.new(players, 100 + k)
        rng = random.Random(k)
        stop = rng.randrange(20, 16 * players)
        takes = 0
        while not g.is_terminal():
            if g.is_chance():
                g.apply_chance()
                continue
            if step_name(g) == "D_TAKE":
                takes += 1
                if takes == stop:
                    break
            g.apply(rng.choice(g.legal_actions()))
        if not g.is_terminal():
            yield no_cards_in_hand(g)


def test_scoring_matches_the_rulebook_on_random_positions():
    """base-rulebook Scoring steps 1-6 (districts with the topmost-piece tie-break, Temple, Statues,
    Happiness, Production at 6, Building row), recomputed from the text for positions reached in
    random games, agree with the engine's Scoring."""
    checked = 0
    for g in random_positions(45):
        d = g.to_dict()
        exp = reference_scoring(d)
        g2 = score(g)
        for p in range(d["nseats"]):
            got = g2.score_breakdown(p)
            before = g.score_breakdown(p)
            for k, v in exp[p].items():
                assert got[k] - before[k] == v, (k, p, d["osiris"], d["people"])
        checked += 1
    assert checked >= 40
