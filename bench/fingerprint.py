"""Rules fingerprint: one digest of what the rules core computes on many seeded random games.

Run ``python bench/fingerprint.py`` before and after a change that must not change the rules
(a speed-up, a refactoring, a new table option that is off): the digest must stay identical.
It is built from *meaning*, not from memory layout, so it survives a new struct field, a new
action encoding or a renumbered enum:

* the legal actions of every decision in order, as notation tokens (the order is part of
  the contract), and at a chance step the outcomes as tokens with their probabilities and
  the outcome ``sample_chance`` draws;
* after every applied action, the named fields of :data:`FIELDS` (VP, stocks, dice,
  board, cards, Botankhamun...), read from ``GameState.to_dict()`` and turned into
  canonical rows by :func:`canonical` (cards by name, dice by colour name);
* at regular steps, the canonical final state of a compiled random playout from there;
* the final VP and winner.

``--save FILE`` writes the digest per player count as JSON; ``--check FILE`` compares and
exits 1 on a difference (``bench/fingerprint_ref.json`` is the reference recorded before the
second-generation core, at the default 200 games per player count).

Usage: ``python bench/fingerprint.py [--games N] [--verbose] [--save F | --check F]``.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import struct
import sys

from tekhenu_engine import data
from tekhenu_engine._core import VP_CATEGORIES, GameState
from tekhenu_engine.notation import card_name, format_action

# Named state fields that carry rule meaning (not rng, version, option bits, task stack
# layout or bookkeeping fields whose encoding may change).
FIELDS = ("nplayers", "nseats", "difficulty", "arrow", "round", "turn_idx", "maat_count",
          "scoring_count", "first_player", "turn_order", "horus_slot_god", "statue_god", "people",
          "people_gold", "osiris", "osiris_row2_gold", "temple_tile", "temple_rot", "temple_owner",
          "bspace", "ra", "pillar_loc", "market_open", "destiny_owner", "vp", "happiness",
          "population", "gold", "scribes", "faith", "res", "prod", "excess", "pure_sum",
          "taint_sum", "statues", "buildings", "pillars", "destiny", "balance", "final_vp",
          "breakdown", "bot_pyramid", "bot_pos", "bot_turns")
COLOURS = ("yellow", "brown", "white", "black", "gray", "red", "blue", "green")
_SETH_CARDS = {n for k in ("Blessing", "Technology", "Decree") for n in data.SETH_DECKS[k]}
_CL_BOX = 2
_VP_SETH = VP_CATEGORIES.index("seth")


def canonical(g: GameState) -> str:
    """The rule-meaningful content of a state as one text (stable across encodings)."""
    d = g.to_dict()
    if not any(d["breakdown"][_VP_SETH]):
        # format 4 added the `seth` VP category (the 13th row); a game without Seth VP hashes the
        # 12 rows of the reference (bench/fingerprint_ref.json) as before
        d["breakdown"] = d["breakdown"][:_VP_SETH]
    rows = [f"{k}={d[k]}" for k in FIELDS if k in d]
    dice = sorted((COLOURS[c], v, loc) for c, v, loc in
                  zip(d["die_colour"][: d["ndice"]], d["die_value"][: d["ndice"]], d["die_loc"][: d["ndice"]]))
    rows.append(f"dice={dice}")
    cards = []
    for cid, loc in enumerate(d["card_loc"]):
        try:
            name = card_name(cid)
        except (ValueError, IndexError, KeyError):
            continue
        if name in _SETH_CARDS and loc == _CL_BOX:
            continue    # Time of Seth's cards (ids 72-84): in the box, they carry no rule meaning
        cards.append((name, loc))
    rows.append(f"cards={sorted(cards)}")
    rows.append(f"market={[card_name(c) if c >= 0 else '-' for c in d['market']]}")
    rows.append(f"start={d['start_loc']}")
    return "\n".join(rows)


def game_digest(players: int, seed: int, h: "hashlib._Hash", playout_every: int = 25) -> int:
    """Play one seeded random game through the Python API, feeding h; returns its step count."""
    g = GameState.new(players, seed=seed)
    rnd = random.Random(seed * 7919 + players)
    step = 0
    h.update(canonical(g).encode())
    while not g.is_terminal():
        if g.is_chance():
            outs = g.chance_outcomes()
            h.update(("C" + " ".join(format_action(a) for a, _ in outs)).encode())
            h.update(struct.pack(f"<{len(outs)}d", *[pr for _, pr in outs]))
            a = g.sample_chance()
            h.update(format_action(a).encode())
        else:
            legal = g.legal_actions()
            h.update((f"D{g.current_player()} " + " ".join(format_action(x) for x in legal)).encode())
            a = rnd.choice(legal)
        if step % playout_every == 0:
            c = g.clone()
            c.playout(seed * 31 + step)
            h.update(b"P" + canonical(c).encode())
        g.apply(a)
        h.update(canonical(g).encode())
        step += 1
    h.update(f"R{g.returns()} W{g.winner()}".encode())
    return step


def fingerprint(games: int = 200, verbose: bool = False) -> dict[str, str]:
    """The digest per player count (1 = solo) and over all, for `games` games per count."""
    out: dict[str, str] = {}
    total = hashlib.sha256()
    for players in (1, 2, 3, 4):
        sub = hashlib.sha256()
        steps = 0
        for seed in range(games):
            steps += game_digest(players, seed, sub)
        if verbose:
            print(f"{players} players: {games} games, {steps} steps, {sub.hexdigest()[:16]}", flush=True)
        out[str(players)] = sub.hexdigest()
        total.update(sub.digest())
    out["all"] = total.hexdigest()
    out["games"] = str(games)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per player count")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--save", help="write the digests to this JSON file")
    ap.add_argument("--check", help="compare with the digests in this JSON file (exit 1 on a difference)")
    args = ap.parse_args()
    if args.games < 1:
        ap.error(f"--games must be at least 1, not {args.games}")
    ref = None
    if args.check:             # read before the games: a bad file is refused at once
        try:
            with open(args.check) as f:
                ref = json.load(f)
        except (OSError, ValueError) as e:
            ap.error(f"--check: cannot read the digests {args.check}: {e}")
        if not isinstance(ref, dict):
            ap.error(f"--check: {args.check} is not a file of digests (--save writes one)")
    fp = fingerprint(args.games, args.verbose)
    print(json.dumps(fp, indent=1))
    if args.save:
        with open(args.save, "w") as f:
            json.dump(fp, f, indent=1)
            f.write("\n")
    if ref is not None:
        bad = [k for k in ref if fp.get(k) != ref[k]]
        if bad:
            print(f"fingerprint differs for: {', '.join(bad)}", file=sys.stderr)
            sys.exit(1)
        print("fingerprint unchanged")


if __name__ == "__main__":
    main()
