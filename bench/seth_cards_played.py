"""How often random Time of Seth games deal and play BX03/BX04 and TX05 (issue 11).

Plays random games (uniform random decisions, the game's own chance), counts the games in which a
seat held BX03/BX04 or TX05, the BX03/BX04 moves played (to the Seth board / to Osiris), TX05's
`section:any` and card picks (decisions only: a step with one legal choice is applied by itself and
not counted) and the picks from the section one higher, and checks the state loads back
(`from_string`) after every such move.

    python bench/seth_cards_played.py --players 3 --games 300 --seed 1
"""
from __future__ import annotations

import argparse
import json
import random

from tekhenu_engine import GameState, TableOptions, data
from tekhenu_engine.enums import CardLoc
from tekhenu_engine.notation import card_id, format_action

SIZE = [len(s) for s in data.MARKET_SECTIONS]               # the Market's sections, in slot order
FIRST = [sum(SIZE[:k]) for k in range(len(SIZE))]
CL_HAND = int(CardLoc.HAND)


def run(players: int, games: int, seed: int, vizier: bool = False) -> dict:
    """The counts over `games` random games with seth (and the Vizier when asked)."""
    opts = TableOptions(seth=True, vizier=vizier)
    ids = {n: card_id(n) for n in ("BX03", "BX04", "TX05")}
    out = {"players": players, "games": games, "held_bx": 0, "held_tx05": 0, "bx_to_seth": 0,
           "bx_to_osiris": 0, "tx05_section_any": 0, "tx05_card_picks": 0, "tx05_higher_cards": 0,
           "decisions": 0}
    rnd = random.Random(seed)
    for k in range(games):
        g = GameState.new(players, seed * 100_000 + k, opts)
        held_bx = held_tx = False
        while not g.is_terminal():
            if g.is_chance():
                g.apply_chance()
                continue
            st = g.step()
            a = rnd.choice(g.legal_actions())
            tok = format_action(a)
            out["decisions"] += 1
            d = g.to_dict() if st.name == "D_THOTH_CARD" and st.a == 4 else None
            g.apply(a)
            loc = g.field("card_loc")
            held_bx |= any(CL_HAND <= loc[ids[n]] < CL_HAND + 4 for n in ("BX03", "BX04"))
            held_tx |= CL_HAND <= loc[ids["TX05"]] < CL_HAND + 4
            if tok.startswith(("bless:BX03/", "bless:BX04/")):
                out["bx_to_seth" if tok.endswith(">Se") else "bx_to_osiris"] += 1
                assert GameState.from_string(g.to_string()) == g
            elif tok == "section:any":
                out["tx05_section_any"] += 1
            elif d is not None:
                out["tx05_card_picks"] += 1
                slot = d["market"].index(a & 0xFFFFFF)
                sec = next(s for s in range(4) if FIRST[s] <= slot < FIRST[s] + SIZE[s])
                if d["happiness"][st.seat] < data.THOTH_ACCESS[sec]:
                    out["tx05_higher_cards"] += 1
                assert GameState.from_string(g.to_string()) == g
        out["held_bx"] += held_bx
        out["held_tx05"] += held_tx
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--vizier", action="store_true")
    a = ap.parse_args()
    if a.players not in (1, 2, 3, 4) or a.games < 1:
        ap.error(f"--players must be 1 to 4 and --games at least 1 (not {a.players} and {a.games})")
    try:
        out = run(a.players, a.games, a.seed, a.vizier)
    except ValueError as e:     # a table the rules refuse (the Vizier's Challenge is for 2 players)
        ap.error(str(e))
    print(json.dumps(out))


if __name__ == "__main__":
    main()
