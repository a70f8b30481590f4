"""Wrote tests/data/v3_positions.json with the format-3 engine (commit 8c03c5d; kept for the record:
it asserts STATE_VERSION 3, so it only runs on that commit). Usage: python make_v3_positions.py OUT"""
import json, random, sys
from tekhenu_engine import GameState, TableOptions, format_action, _core
assert _core.STATE_VERSION == 3
out = []
def play(players, seed, opts, want_seth_vp):
    g = GameState.new(players, seed=seed, options=opts)
    rnd = random.Random(seed)
    moves = []
    best = None
    while not g.is_terminal():
        if g.is_chance():
            a = g.sample_chance() if hasattr(g, "sample_chance") else None
            outs = g.chance_outcomes()
            a = rnd.choices([o for o, _ in outs], [p for _, p in outs])[0]
        else:
            a = rnd.choice(g.legal_actions())
        moves.append(format_action(a))
        g.apply(a)
        d = g.to_dict()
        if not g.is_terminal() and d["scoring_count"] >= 1 and (not want_seth_vp or any(
                d["seth_build"][k] >= 0 for k in range(12))):
            best = (list(moves), g.clone())
            if d["scoring_count"] >= 2:
                break
    return best
for players, seed, seth in ((2, 3, True), (3, 4, True), (1, 5, True), (4, 6, True), (2, 7, False)):
    opts = TableOptions(seth=seth)
    moves, g = play(players, seed, opts, seth)
    seat = g.current_player() if not g.is_chance() else 0
    c = g.clone(); c.playout(11)
    out.append({"players": players, "seed": seed, "options": opts.to_dict(), "moves": moves,
                "tk1": g.to_string(), "json": g.to_json(),
                "breakdown": [g.score_breakdown(p) for p in range(g.num_seats)],
                "vp": g.returns() if hasattr(g, "returns") else None,
                "obs": g.observation(max(seat, 0)).to_string(),
                "legal": [format_action(a) for a in (g.legal_actions() if not g.is_chance() else [])],
                "playout_vp": c.returns()})
    print(players, seed, seth, len(moves), [g.score_breakdown(p)["districts"] for p in range(g.num_seats)], file=sys.stderr)
json.dump({"written_by": "commit 8c03c5d (STATE_VERSION 3), random play from GameState.new(players, seed, TableOptions(**options)); "
           "each position after the first Scoring (Seth games: with a Building on the Seth board)",
           "positions": out}, open(sys.argv[1], "w"), indent=1)
