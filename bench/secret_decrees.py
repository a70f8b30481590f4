"""How much of the score the secret Decrees carry, in recorded games (issue 13).

    python bench/secret_decrees.py RECORDS.jsonl [MORE.jsonl ...] [--json]

The 2-4 player search keeps one tree for every seat (single-observer ISMCTS; docs/search.md, "The
tree"): another seat's Decree keep at setup is hidden from the searching seat ("Decrees should be
kept secret from the other players", Setup 11), so in the tree an opponent plays as if it did not
know its own Decrees. The cost of that simplification is bounded by what those Decrees are worth.
This replays every finished game of `tekhenu match --out` files and reports, per file:

* **Decree VP a seat**: the mean (and standard deviation) of the `decrees` line of the final score
  breakdown, and its share of the seat's VP;
* **Decrees held**: the mean number of Decree cards in a seat's hand at the end, and how many of them
  are the one kept at setup (the hidden choice; the others were taken from the open Market);
* **winner minus runner-up** in Decree VP;
* **decided by Decrees**: the games whose winner, without every seat's Decree VP, would be behind
  another seat.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys

from tekhenu_engine import data
from tekhenu_engine.enums import hand
from tekhenu_engine.match import finished_games, new_state
from tekhenu_engine.notation import CARD_IDS, card_deck, card_name, parse_action

DECREE_DECK = data.CARD_TYPES.index("Decree")   # card_deck() of a Decree


def decree_figures(path: str) -> dict:
    """The figures of the module's docstring over the finished games of one record file.
    ValueError naming the file (and line) when it is not a file of match records, or holds no
    finished game."""
    vp, share, held, kept_held, lead, decided, games = [], [], [], [], [], 0, 0
    for no, r in finished_games(path):
        try:
            if r["table"]["players"] < 2:
                continue                   # solo: no other seat decides, so no Decree is hidden from one
            g = new_state(r["table"], r["seed"])
            kept: dict[int, set[str]] = {}
            for tok in r["moves"]:
                if tok.startswith("keep:D") and not g.is_chance():
                    kept.setdefault(g.current_player(), set()).add(tok.split(":", 1)[1])
                g.apply(parse_action(tok))
            if not g.is_terminal():
                raise ValueError("the moves do not end the game")
        except (ValueError, KeyError, TypeError, AttributeError) as e:
            raise ValueError(f"{path}, line {no}: not a game record of 'tekhenu match --out' ({e})") from None
        n = g.num_seats
        ret = list(g.returns())
        dec = [g.score_breakdown(p)["decrees"] for p in range(n)]
        loc = g.to_dict()["card_loc"]
        for p in range(n):
            decrees = {card_name(c) for c in CARD_IDS if loc[c] == hand(p) and card_deck(c) == DECREE_DECK}
            held.append(len(decrees))
            kept_held.append(len(decrees & kept.get(p, set())))
            vp.append(dec[p])
            share.append(dec[p] / ret[p] if ret[p] else 0.0)
        order = sorted(range(n), key=lambda p: -ret[p])
        lead.append(dec[order[0]] - dec[order[1]])
        without = [ret[p] - dec[p] for p in range(n)]
        w = g.winner()
        if any(without[q] > without[w] for q in range(n) if q != w):
            decided += 1
        games += 1
    if not games:
        raise ValueError(f"{path}: no finished game of 2-4 players")
    return {"file": path, "games": games, "decree_vp_mean": round(statistics.mean(vp), 2),
            "decree_vp_sd": round(statistics.pstdev(vp), 2), "decree_share": round(statistics.mean(share), 3),
            "decrees_held": round(statistics.mean(held), 2), "kept_held": round(statistics.mean(kept_held), 2),
            "winner_minus_runner_up": round(statistics.mean(lead), 2), "decided_by_decrees": decided}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("records", nargs="+")
    ap.add_argument("--json", action="store_true", help="one JSON object a file")
    a = ap.parse_args(argv)
    for path in a.records:
        try:
            f = decree_figures(path)
        except ValueError as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
        if a.json:
            print(json.dumps(f))
            continue
        print(f"{path}: {f['games']} games; Decree VP a seat {f['decree_vp_mean']:.1f} (sd {f['decree_vp_sd']:.1f}, "
              f"{100 * f['decree_share']:.0f} % of its VP); Decrees held {f['decrees_held']:.2f}, of them kept at "
              f"setup {f['kept_held']:.2f}; winner minus runner-up in Decree VP {f['winner_minus_runner_up']:+.1f}; "
              f"decided by Decrees {f['decided_by_decrees']} ({100 * f['decided_by_decrees'] / f['games']:.0f} %)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
