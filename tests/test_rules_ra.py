"""Ra: raise a Pillar - slot by die, cost, every scoring step, ability, slide and refill."""
from __future__ import annotations

import pytest

from positions import board, f, legal, play, step_name, turn
from tekhenu_engine import data
from tekhenu_engine import notation as N

RICH = dict(res=[0, 0, 9, 9])


def ra_turn(display, value, tiles=None, **stock):
    """A turn with a gray die of `value` on Ra (usable only for Ra) and the Ra display set.

    tiles: {space: (tile, owner)} already in the Temple."""
    g, p = turn([("Ra", "g", value)], **(stock or RICH))
    loc = f(g, "pillar_loc")
    for t in f(g, "ra"):
        loc[t] = 0
    for t in display:
        loc[t] = 1
    tile, owner = f(g, "temple_tile"), f(g, "temple_owner")
    for sp, (t, who) in (tiles or {}).items():
        tile[sp], owner[sp] = t, (p if who == "p" else 1 - p)
        loc[t] = 2
    g = board(g, ra=list(display), pillar_loc=loc, temple_tile=tile, temple_owner=owner)
    return g, p


@pytest.mark.parametrize("value,slot,vp", [(6, 0, 3), (5, 0, 3), (4, 1, 2), (3, 1, 2), (2, 2, 1), (1, 2, 1)])
def test_die_picks_the_tile_and_slot_vp(value, slot, vp):
    """base-rulebook Ra: "(5 or 6 for the leftmost tile, 3 or 4 for the middle tile, and 1 or 2 for
    the rightmost tile)" and step 4: "Score 1, 2, or 3 Victory Points based on the space from
    which you took the Pillar tile" (game-help: "5-6 left (3 VP), 3-4 middle (2 VP), 1-2 right
    (1 VP)"). The centre space r3c3 has no border and no neighbour; it shows 3 Faith."""
    display = [22, 23, 24]
    g, p = ra_turn(display, value)
    vp0 = f(g, "vp")[p]
    play(g, f"take:Ra:g{value}", "pillar:r3c3", "rot:0")
    assert f(g, "temple_tile")[12] == display[slot] and f(g, "temple_owner")[12] == p
    assert f(g, "vp")[p] == vp0 + vp
    assert f(g, "faith")[p] == 3          # the covered reward
    assert f(g, "pillars")[p] == 1


@pytest.mark.parametrize("tile,cost", [(22, (2, 1)), (23, (1, 2)), (24, (3, 0))])
def test_pay_the_tile_cost(tile, cost):
    """base-rulebook Ra: "After paying the required cost (as depicted on the Pillar tile)" (FACTS.md
    Pillar costs: P22 2L+1G, P23 1L+2G, P24 3L)."""
    g, p = ra_turn([tile, 25, 26], 6, res=[0, 0, 5, 5])
    play(g, "take:Ra:g6", "pillar:r3c3")
    if step_name(g) == "D_RA_ROT":
        play(g, "rot:0")
    assert f(g, "res")[p][2:] == [5 - cost[0], 5 - cost[1]]


def test_unaffordable_tile_cannot_be_raised():
    """base-rulebook Key Concept III: "You cannot perform an action that requires the spending of Resources you do
    not have." P24 costs 3 Limestone; 2 Limestone and no Gold are not enough."""
    g, p = ra_turn([24, 25, 26], 6, res=[0, 0, 2, 0])
    assert "take:Ra:g6" not in legal(g)
    g, p = ra_turn([24, 25, 26], 6, res=[0, 0, 2, 0], gold=1)
    assert "take:Ra:g6" in legal(g)


@pytest.mark.parametrize("rot,matches", [(0, 2), (1, 1)])
def test_corner_edges_score_double(rot, matches):
    """base-rulebook Ra step 2: "Score 1 Victory Point for every edge (on the Pillar tile) that
    matches the adjacent edge color of a Pillar tile or the Temple Complex itself. (Note: If you
    place the Pillar tile in one of the corners ..., instead score 2 Victory Points per matching
    edge color.)" and "You may freely rotate the tile". P03 has edges N0 E0 S2 W2; the top-left
    corner's border is 0 above and 2 to the left (FACTS.md edge colours)."""
    g, p = ra_turn([3, 25, 26], 6)
    vp0 = f(g, "vp")[p]
    play(g, "take:Ra:g6", "pillar:r1c1", f"rot:{rot}")
    # corner space r1c1 shows 1 Faith; slot 3 VP; P03 is a Shaded tile and Ra is Sunny
    assert f(g, "vp")[p] == vp0 + 3 + 2 * matches
    assert f(g, "temple_rot")[0] == rot


def test_edge_matching_a_neighbouring_tile():
    """base-rulebook Ra step 2: an edge that matches "the adjacent edge color of a Pillar tile" scores 1 VP.
    P01 (all edges 0) lies at r2c3; P22 (N2 E1 S0 W0) turned twice shows 0 to the north."""
    g, p = ra_turn([22, 25, 26], 6, tiles={7: (1, "q")})
    vp0 = f(g, "vp")[p]
    legal_rots = None
    play(g, "take:Ra:g6", "pillar:r3c3")
    legal_rots = legal(g)
    assert legal_rots == ["rot:0", "rot:1", "rot:2", "rot:3"]
    play(g, "rot:2")
    assert f(g, "vp")[p] == vp0 + 3 + 1


def test_buildings_in_row_and_column_score_not_statues():
    """base-rulebook Ra step 1: "Score 1 Victory Point per Building (not Statue), regardless of
    ownership, in the same row and column." """
    g, p = ra_turn([22, 25, 26], 6)
    bs = f(g, "bspace")
    bs[2] = 1 - p      # W3: left of row 3
    bs[7] = p          # S3: below column 3
    bs[0] = 1 - p      # W1: row 1, not in line
    g = board(g, bspace=bs, people=[1 - p, p, -1, -1])   # Temple Statues in row 3 / column 3
    vp0 = f(g, "vp")[p]
    play(g, "take:Ra:g6", "pillar:r3c3", "rot:0")
    assert f(g, "vp")[p] == vp0 + 3 + 2


@pytest.mark.parametrize("space,field,amount", [("r2c3", "scribes", 1), ("r3c2", "gold", 1),
                                                ("r1c3", "res", 2), ("r5c1", "faith", 1)])
def test_covered_space_reward(space, field, amount):
    """base-rulebook Ra step 3: "Receive the reward shown on the space covered by the Pillar tile."
    (FACTS.md Temple: r2c3 1 Scribe, r3c2 1 Gold, r1c3 2 Granite, r5c1 1 Faith)."""
    g, p = ra_turn([22, 25, 26], 6, res=[0, 0, 9, 9])
    before = f(g, field)[p]
    play(g, "take:Ra:g6", f"pillar:{space}", "rot:0")
    after = f(g, field)[p]
    if field == "res":
        # P22 cost 2 Limestone + 1 Granite; r1c3 gives 2 Granite
        assert after[3] == before[3] - 1 + amount
    else:
        assert after == before + amount


@pytest.mark.parametrize("tile,matches_light", [(7, True), (8, False), (9, False)])
def test_ability_only_when_light_matches(tile, matches_light):
    """base-rulebook Ra step 5: "If the Pillar tile has a Sunny, Shaded, or Dark ability that matches
    the section of the Obelisk Wheel currently aligned with the Ra action area (e.g. both are
    Sunny), immediately activate the ability." P07 (Sunny), P08 (Shaded), P09 (Dark): "Score 1
    Victory Point"; on the fixed table Ra is Sunny."""
    g, p = ra_turn([tile, 25, 26], 6, res=[0, 0, 9, 9])
    vp0 = f(g, "vp")[p]
    play(g, "take:Ra:g6", "pillar:r3c3")
    if step_name(g) == "D_RA_ROT":
        play(g, "rot:0")
    assert f(g, "vp")[p] == vp0 + 3 + (1 if matches_light else 0)


def test_ability_follows_the_light_after_rotation():
    """Ra step 5 "currently aligned": with the arrow on Osiris, Ra lies two sections clockwise of
    the arrow and is Shaded (FACTS.md light pattern), so P08 (Shaded) triggers."""
    g, p = ra_turn([8, 25, 26], 6, res=[0, 0, 9, 9])
    g = board(g, arrow=5)
    vp0 = f(g, "vp")[p]
    play(g, "take:Ra:g6", "pillar:r3c3")
    if step_name(g) == "D_RA_ROT":
        play(g, "rot:0")
    assert f(g, "vp")[p] == vp0 + 3 + 1


def test_slide_right_and_refill_leftmost():
    """base-rulebook Ra step 7: "Slide the remaining Pillar tiles (in the Ra action area) to the
    right, filling any empty spaces, before drawing a new tile from the face-down Pillar tile
    stack to refill the leftmost space." """
    g, p = ra_turn([22, 23, 24], 3)
    play(g, "take:Ra:g3", "pillar:r3c3", "rot:0")
    assert step_name(g) == "CH_PILLAR"
    assert f(g, "ra")[1:] == [22, 24] and f(g, "ra")[0] == 0
    outcomes = legal(g)
    assert "tile:P05" in outcomes and "tile:P22" not in outcomes and "tile:P23" not in outcomes
    play(g, "tile:P05")
    assert f(g, "ra") == [5, 22, 24]


def test_empty_stack_leaves_slot_empty():
    """FACTS.md / game-help: "An empty Pillar stack leaves its Ra slot empty; a die pointing at it
    cannot take Ra." """
    g, p = ra_turn([22, 23, 24], 3)
    loc = f(g, "pillar_loc")
    loc = [2 if x == 0 else x for x in loc]       # every other tile already in the Temple
    g = board(g, pillar_loc=loc)
    play(g, "take:Ra:g3", "pillar:r3c3", "rot:0")
    assert f(g, "ra") == [0, 22, 24]
    g2, p2 = ra_turn([22, 23, 24], 5)
    g2 = board(g2, ra=[0, 22, 24], pillar_loc=loc)
    assert "take:Ra:g5" not in legal(g2)
    g3, _ = ra_turn([22, 23, 24], 1)
    g3 = board(g3, ra=[0, 22, 24], pillar_loc=loc)
    assert "take:Ra:g1" in legal(g3)


def test_only_empty_temple_spaces():
    """base-rulebook Ra: "place the tile onto any empty space within the Temple Complex"."""
    g, p = ra_turn([22, 23, 24], 6, tiles={0: (1, "q"), 12: (2, "p")})
    play(g, "take:Ra:g6")
    spaces = legal(g)
    assert len(spaces) == 23 and "pillar:r1c1" not in spaces and "pillar:r3c3" not in spaces


def test_symmetric_tile_offers_distinct_rotations_only():
    """base-rulebook Ra: "You may freely rotate the tile before placing it." Turns that show the
    same edges are one choice: P04 (N0 E1 S0 W1) has two distinct orientations, P01 (all 0) one."""
    g, p = ra_turn([4, 25, 26], 6)
    play(g, "take:Ra:g6", "pillar:r3c3")
    assert legal(g) == ["rot:0", "rot:1"]
    g, p = ra_turn([1, 25, 26], 6)
    play(g, "take:Ra:g6", "pillar:r3c3")
    assert step_name(g) != "D_RA_ROT" and f(g, "temple_tile")[12] == 1


def test_border_edge_on_a_side_space():
    """base-rulebook Ra step 2: an edge matching "the Temple Complex itself" scores 1 VP away from the corners.
    The top border above column 3 is colour 2 (FACTS.md: top 0 1 2 1 0); P22 shows 2 to the
    north unrotated. r1c3 shows 2 Granite."""
    g, p = ra_turn([22, 25, 26], 6)
    vp0 = f(g, "vp")[p]
    play(g, "take:Ra:g6", "pillar:r1c3", "rot:0")
    assert f(g, "vp")[p] == vp0 + 3 + 1
    g, p = ra_turn([22, 25, 26], 6)
    play(g, "take:Ra:g6", "pillar:r1c3", "rot:1")       # north edge now 0: no match
    assert f(g, "vp")[p] == vp0 + 3


def test_gold_pays_limestone_or_granite_every_way():
    """Key Concept III: "Gold is a "wild" Resource and can be used in place of any other Resource";
    game-help: "When a cost can be paid more than one way ... the game asks how you want to pay".
    P22 costs 2 Limestone + 1 Granite; with 1 Limestone, 1 Granite and 2 Gold."""
    g, p = ra_turn([22, 25, 26], 6, res=[0, 0, 1, 1], gold=2)
    play(g, "take:Ra:g6", "pillar:r3c3", "rot:0")
    assert step_name(g) == "D_PAY"
    assert sorted(legal(g)) == sorted(["pay:L1G1Au1", "pay:L1Au2", "pay:G1Au2"])
    play(g, "pay:L1Au2")
    assert f(g, "res")[p][2:] == [0, 1] and f(g, "gold")[p] == 0


def reference_ra_vp(d, space, tile, rot, slot):
    """Ra steps 1, 2 and 4 written out from the rulebook text (no ability)."""
    r, c = space // 5, space % 5
    nb = {2: 10, 3: 14, 4: 18}[d["nseats"]]
    vp = sum(1 for (name, ax, line, _, _), who in zip(data.BUILDING_SPACES[:nb], d["bspace"])
             if who >= 0 and ((ax == 0 and line == r + 1) or (ax == 1 and line == c + 1)))
    edges = data.PILLAR_EDGES[tile - 1]
    mine = [edges[(k - rot) % 4] for k in range(4)]        # N E S W after turning clockwise
    border = data.BORDER_EDGES
    match = 0
    for k, (dr, dc) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1))):
        nr, nc = r + dr, c + dc
        if not (0 <= nr < 5 and 0 <= nc < 5):
            other = (border["top"][c], border["right"][r], border["bottom"][c], border["left"][r])[k]
        else:
            t2 = d["temple_tile"][nr * 5 + nc]
            if not 1 <= t2 <= 27:
                continue
            e2 = data.PILLAR_EDGES[t2 - 1]
            other = e2[((k + 2) % 4 - d["temple_rot"][nr * 5 + nc]) % 4]
        match += mine[k] == other
    corner = space in (0, 4, 20, 24)
    return vp + match * (2 if corner else 1) + (3, 2, 1)[slot]


def test_ra_scoring_matches_the_rulebook_on_random_boards():
    """base-rulebook Ra steps 1, 2 and 4 ("1 Victory Point per Building (not Statue), regardless of
    ownership, in the same row and column"; "1 Victory Point for every edge ... that matches ...
    (... in one of the corners ..., 2 Victory Points per matching edge color)"; "1, 2, or 3 Victory
    Points based on the space"), recomputed for boards from random games, agree with the engine
    for every space and rotation (tiles whose ability scores VP are left out)."""
    import random
    from positions import no_cards_in_hand
    from tekhenu_engine._core import GameState
    checked = 0
    for k in range(12):
        players = 2 + k % 3
        g = GameState.new(players, 500 + k)
        rng = random.Random(k)
        while not g.is_terminal() and checked < 400 * (k + 1) // 12:
            if g.is_chance():
                g.apply_chance()
                continue
            if step_name(g) == "D_RA_SPACE":
                slot, p = g.step()[2], g.current_player()
                base = no_cards_in_hand(board(g, statue_god=[[-1] * 4 for _ in range(6)]))
                d = base.to_dict()
                tile = d["ra"][slot]
                if not 4 <= tile <= 9:
                    for sp_tok in rng.sample(legal(base), min(4, len(legal(base)))):
                        g1 = base.clone()
                        play(g1, sp_tok)
                        rots = legal(g1) if step_name(g1) == "D_RA_ROT" else ["rot:0"]
                        for rot_tok in rots:
                            g2 = g1.clone()
                            if step_name(g2) == "D_RA_ROT":
                                play(g2, rot_tok)
                            while step_name(g2) == "D_PAY" and g2.current_player() == p:
                                play(g2, legal(g2)[0])
                            space = N.parse_action(sp_tok) & 0xFFFFFF
                            exp = reference_ra_vp(d, space, tile, int(rot_tok[4:]), slot)
                            got = g2.score_breakdown(p)["actions"] - base.score_breakdown(p)["actions"]
                            assert got == exp, (sp_tok, rot_tok, tile)
                            checked += 1
            g.apply(rng.choice(g.legal_actions()))
    assert checked > 100
