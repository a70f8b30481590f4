"""Where the VP of solo games come from, and how soon Botankhamun reaches his Decrees (issue 13).

    python bench/solo_breakdown.py RECORDS.jsonl [MORE.jsonl ...] [--json]

Replays solo match records (``tekhenu match --out``, ``bench/clairvoyant.py``) and prints, per file:

* the mean VP by category (``GameState.score_breakdown``) of the deciding seat and of Botankhamun,
  over all games, the games the deciding seat won and those it lost;
* the Decrees Botankhamun takes a game (cards reaching his face-down pile; each scores 4 VP, or 8 with
  the ``decree8`` option) and the rounds they are taken in;
* the median round in which Botankhamun's Happiness first reaches 9 (the game help, Thoth: "Your
  Happiness opens the sections: ... 9+ section 3", where the first Decree lies; Botankhamun "takes
  1-3 cards from the highest segment its Happiness allows: Decrees first").

The twenty-ninth session used it to read what an oracle that knows the future does to Botankhamun
(docs/search.md, "What each lever gained (twenty-ninth session)").
"""
from __future__ import annotations

import argparse
import collections
import json
import statistics
import sys

from tekhenu_engine import data
from tekhenu_engine.enums import CardLoc
from tekhenu_engine.match import finished_games, new_state
from tekhenu_engine.notation import CARD_IDS, card_deck, parse_action, upgrade_record

DECREES = [c for c in CARD_IDS if card_deck(c) == data.CARD_TYPES.index("Decree")]
BOT_SEAT = 1            # Botankhamun sits in the second seat (the game help, "Play alone against Botankhamun")
NEVER = 99              # the round of a threshold never reached


def game_figures(rec: dict) -> dict:
    """One solo game replayed: the breakdowns of both seats, whether the deciding seat won, the rounds
    Botankhamun took Decrees in, and the round his Happiness first reached 9 (NEVER: not reached)."""
    rec = upgrade_record(rec)
    if int(rec["table"]["players"]) != 1:
        raise ValueError("not a solo game")
    g = new_state(rec["table"], rec["seed"])
    held: set[int] = set()
    taken: list[int] = []
    happy9 = NEVER
    for tok in rec["moves"]:
        g.apply(parse_action(tok))
        if happy9 == NEVER and g.field("happiness")[BOT_SEAT] >= 9:
            happy9 = int(g.field("round"))
        loc = g.field("card_loc")
        now = {c for c in DECREES if loc[c] == int(CardLoc.BOT)}
        taken += [int(g.field("round"))] * len(now - held)
        held = now
    if not g.is_terminal():
        raise ValueError("the moves do not end the game")
    return {"breakdown": [g.score_breakdown(p) for p in range(2)], "won": g.winner() == 0,
            "decree_rounds": taken, "happy9": happy9}


def summary(path: str) -> dict:
    """The figures of one file (see the module docstring)."""
    games = []
    for no, rec in finished_games(path):      # the games that ended without an error
        try:
            games.append(game_figures(rec))
        except (ValueError, KeyError, TypeError) as e:
            raise ValueError(f"{path}, line {no}: {e}") from None
    if not games:
        raise ValueError(f"{path}: no finished solo game")
    cats = sorted(games[0]["breakdown"][0])

    def means(sel: list[dict]) -> dict:
        n = max(len(sel), 1)
        return {c: [sum(g["breakdown"][p][c] for g in sel) / n for p in range(2)] for c in cats}

    rounds = collections.Counter(r for g in games for r in g["decree_rounds"])
    return {"file": path, "games": len(games), "won": sum(g["won"] for g in games),
            "all": means(games), "wins": means([g for g in games if g["won"]]),
            "losses": means([g for g in games if not g["won"]]),
            "bot_decrees_a_game": sum(len(g["decree_rounds"]) for g in games) / len(games),
            "bot_decree_rounds": dict(sorted(rounds.items())),
            "bot_happiness9_median_round": statistics.median(g["happy9"] for g in games)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("records", nargs="+", help="JSON-lines files of solo match records")
    ap.add_argument("--json", action="store_true", help="one JSON object a file instead of the table")
    a = ap.parse_args(argv)
    for path in a.records:
        try:
            s = summary(path)
        except (OSError, ValueError) as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
        if a.json:
            print(json.dumps(s))
            continue
        print(f"{path}: {s['games']} games, the deciding seat won {s['won']}")
        print(f"  {'category':14s} {'seat 0':>7s} {'Botank.':>7s} | {'won: 0':>7s} {'Bot':>7s} | {'lost: 0':>7s} {'Bot':>7s}")
        for c in s["all"]:
            row = [*s["all"][c], *s["wins"][c], *s["losses"][c]]
            print(f"  {c:14s} " + " ".join(f"{x:7.1f}" for x in row[:2]) + " | "
                  + " ".join(f"{x:7.1f}" for x in row[2:4]) + " | " + " ".join(f"{x:7.1f}" for x in row[4:]))
        happy = s["bot_happiness9_median_round"]
        print(f"  Botankhamun: {s['bot_decrees_a_game']:.2f} Decrees a game (by round {s['bot_decree_rounds']}); "
              f"Happiness 9 first reached in round {happy if happy != NEVER else 'never'} (median)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
