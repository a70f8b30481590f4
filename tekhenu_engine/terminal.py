"""The terminal game: play Tekhenu against the engine (or Botankhamun) on an 80-column terminal.

``tekhenu play`` is a thin call into :func:`play`. What the player sees is only what their seat
may see: the board is drawn from their observation, and the other seats' moves are told the way
the table would see them ("Seat 1 keeps a Decree", never which). After every turn of the other
side the board is drawn again; Botankhamun's turns come as one log line each
(:class:`~tekhenu_engine.botlog.BotLogRecorder`); Maat phases and Scorings end with a summary of
what they changed, and the game with the score breakdown of every seat.

Commands at a prompt: a move number or token (any case), ``help``, ``card <id>``, ``hint``,
``show``, ``legal``, ``undo`` (take back your last decision), ``quit``.
"""
from __future__ import annotations

import copy
import sys
import textwrap
from dataclasses import dataclass, field
from typing import Callable, TextIO

from . import data
from ._core import STEP_TYPES, VP_CATEGORIES, GameState
from .botlog import BotLogRecorder
from .notation import (CARD_IDS, CARD_LOC, DIE_LOC, GOD_ABBR, VP_CATEGORY_NAMES, card_name, card_text, describe_action,
                       format_action, step_text, vizier_summary)
from .options import TableOptions
from .render import seth_lines, seth_seat_line

WIDTH = 80
HELP = """\
Commands:
  <number> or <token>  play that choice (tokens in any case, e.g. TAKE:HA:Y5)
  help                 this text
  card <id>            the text of a card or tile (B07, T14, D05, S03, A02, P12;
                       Time of Seth: BX01 TX05 DX02 SX04 Cult03 Art07 CQ09)
  hint                 the engine's best choices (win chance, expected VP)
  show                 the board again
  legal                the choices again
  undo                 take back your last decision
  quit                 leave the game"""

_PHASE_OVER = {STEP_TYPES["D_TAKE"], STEP_TYPES["D_DESTINY"]}


def seat_name(g: GameState, seat: int, viewer: int | None = None) -> str:
    """'You', 'Seat 2' or 'Botankhamun'."""
    if viewer is not None and seat == viewer:
        return "You"
    return "Botankhamun" if g.num_players() == 1 and seat == 1 else f"Seat {seat}"


def _fit(s: str, width: int = WIDTH) -> str:
    return s if len(s) <= width else s[: width - 3] + "..."


def _wrap(s: str, indent: str = "  ", width: int = WIDTH) -> list[str]:
    return textwrap.wrap(s, width, subsequent_indent=indent) or [""]


# ----------------------------------------------------------------------------- the board as text
def board_text(g: GameState, seat: int | None = None, width: int = WIDTH) -> str:
    """The position as lines of at most ``width`` columns, drawn from ``seat``'s observation."""
    obs = g.observation(seat) if seat is not None and CARD_LOC["unknown"] not in g.field("card_loc") else g
    d = obs.to_dict()
    n = d["nseats"]
    out: list[str] = []
    title = "solo against Botankhamun" if d["nplayers"] == 1 else f"{d['nplayers']} players"
    vizier = vizier_summary(d) is not None
    if vizier:
        title += ", Vizier's Challenge"
    seth = seth_lines(d)
    if seth:
        title += ", Time of Seth"
    out.extend(_wrap(f"== Round {min(d['round'] + 1, data.ROUNDS)} of {data.ROUNDS} ({title}) | Maat "
                     f"{d['maat_count']} of 4 | Scorings {d['scoring_count']} of 2 ==", "   ", width))
    out.append("Wheel (arrow on " + data.GODS[d["arrow"]] + "):")
    for god in range(6):
        light = data.LIGHT_PATTERN[(god - d["arrow"]) % 6]
        dice = [f"{data.DIE_LETTERS[d['die_colour'][i]]}{d['die_value'][i]}" for i in range(d["ndice"])
                if d["die_loc"][i] == DIE_LOC["wheel"] + god]
        out.append(_fit(f"  {data.GODS[god]:<7} {data.LIGHTS[light]:<6} {' '.join(dice) or '-'}", width))
    out.append("  dice: y yellow, b brown, w white, k black, g gray" + (", r red, u blue, n green" if seth else ""))
    if vizier:
        for line in vizier_summary(d) or ():
            out.extend(_wrap(line, "    ", width))
    out.append("Temple (Pillar owner by seat, . empty)   Building spaces (owner):")
    bnames = [b for b in data.BUILDING_SPACES if max(d["nplayers"], 2) >= b[4]]
    bl = [f"{b[0]}:{d['bspace'][data.BUILDING_SPACES.index(b)] if d['bspace'][data.BUILDING_SPACES.index(b)] >= 0 else '-'}"
          for b in bnames]
    for r in range(5):
        cells = []
        for c in range(5):
            k = r * 5 + c
            owner = d["temple_owner"][k]
            cells.append(f"P{d['temple_tile'][k]:02d}/{owner}" if d["temple_tile"][k] else
                         (" ..  " if owner < 0 else f" ../{owner}"))
        side = " ".join(bl[r * 4:(r + 1) * 4])
        out.append(_fit(f"  r{r + 1} " + " ".join(f"{x:<5}" for x in cells) + "   " + side, width))
    horus = []
    for k in range(6):
        god = d["horus_slot_god"][k]
        owners = "".join(str(o) for o in (d["statue_god"][god] if god >= 0 else []) if o >= 0)
        horus.append(f"{GOD_ABBR[god] if god >= 0 else '--'}[{owners}]")
    people = " ".join(f"{name}:{d['people'][k] if d['people'][k] >= 0 else '-'}"
                      for k, name in enumerate(data.PEOPLE_SPACES))
    out.append(_fit("Horus slots: " + " ".join(horus), width))
    ra = " ".join(f"P{x:02d}" if x else "--" for x in d["ra"])
    out.append(_fit("People's Statues: " + people + f" | Ra: {ra}", width))
    osiris = []
    for r in range(4):
        col = "".join(str(d["osiris"][row][r]) if d["osiris"][row][r] >= 0 else "." for row in range(6))
        osiris.append(f"{data.RESOURCE_LETTERS[r]} {col}")
    out.append(_fit("Osiris districts, rows 1-6 (owner): " + "  ".join(osiris), width))
    slot = 0
    market = []
    for sec, types in enumerate(data.MARKET_SECTIONS):
        cards = []
        for _ in types:
            c = d["market"][slot]
            cards.append(card_name(c) if c in CARD_IDS else "--")
            slot += 1
        shut = "" if d["market_open"][sec] else "(closed)"
        market.append(f"{sec + 1}{shut}: {' '.join(cards)}")
    out.extend(_wrap("Market " + " | ".join(market), "  ", width))
    for line in seth:
        out.extend(_wrap(line, "    ", width))
    for p in range(n):
        bot = d["nplayers"] == 1 and p == 1
        you = " (you)" if p == seat else ""
        name = ("Botankhamun" if bot else f"Seat {p}") + you
        if bot:
            out.append(_fit(f"{name}: {d['vp'][p]} VP | Sc{d['scribes'][p]} | Hap {d['happiness'][p]}"
                            f"/Pop {d['population'][p]} | Statues {d['statues'][p]} Pillars {d['pillars'][p]}"
                            f" Buildings {d['buildings'][p]}", width))
            continue
        res = " ".join(f"{data.RESOURCE_LETTERS[r]}{d['res'][p][r]}" for r in range(4))
        prod = "".join(str(d["prod"][p][r]) for r in range(4))
        out.append(_fit(f"{name}: {d['vp'][p]} VP | {res} Au{d['gold'][p]} Sc{d['scribes'][p]} "
                        f"Fa{d['faith'][p]} | prod {prod} | Hap {d['happiness'][p]}/Pop {d['population'][p]}",
                        width))
        pure = " ".join(f"{data.DIE_LETTERS[d['die_colour'][i]]}{d['die_value'][i]}" for i in range(d["ndice"])
                        if d["die_loc"][i] == DIE_LOC["pure"] + p)
        taint = " ".join(f"{data.DIE_LETTERS[d['die_colour'][i]]}{d['die_value'][i]}" for i in range(d["ndice"])
                         if d["die_loc"][i] == DIE_LOC["tainted"] + p)
        cards = [card_name(c) + ("*" if d["card_loc"][c] == CARD_LOC["pending"] + p else "")
                 for c in CARD_IDS if d["card_loc"][c] in (CARD_LOC["hand"] + p, CARD_LOC["pending"] + p)]
        for t, kind in enumerate(data.CARD_TYPES):
            k = d["hidden_count"][t][p] + d["hidden_count"][t][4 + p]
            if k:
                cards.append(f"{k} {kind}{'s' if k > 1 else ''} face down")
        out.append(_fit(f"  scales Pure {pure or '-'} / Tainted {taint or '-'} | Statues {d['statues'][p]} "
                        f"Pillars {d['pillars'][p]} Buildings {d['buildings'][p]}", width))
        out.extend(_wrap("  cards: " + (" ".join(cards) or "-"), "    ", width))
        line = seth_seat_line(d, p)
        if line:
            out.extend(_wrap("  " + line, "    ", width))
    out.append("  (P B L G Resources, Au Gold, Sc Scribes, Fa Faith, Hap/Pop Populace, * drawn)")
    return "\n".join(out)


def breakdown_table(g: GameState, viewer: int | None = None, since: list[dict] | None = None) -> list[str]:
    """The score breakdown of every seat as lines (categories with any VP; ``since``: only the
    change from those breakdowns)."""
    n = g.num_seats
    bds = [g.score_breakdown(p) for p in range(n)]
    if since is not None:
        bds = [{k: v - since[p][k] for k, v in bd.items()} for p, bd in enumerate(bds)]
    names = [seat_name(g, p, viewer)[:11] for p in range(n)]
    lines = [f"  {'':<20}" + "".join(f"{x:>12}" for x in names)]
    for cat in VP_CATEGORIES:
        if any(bd[cat] for bd in bds):
            lines.append(f"  {VP_CATEGORY_NAMES.get(cat, cat):<20}" + "".join(f"{bd[cat]:>12}" for bd in bds))
    if since is None:
        lines.append(f"  {'start':<20}" + "".join(f"{10:>12}" for _ in range(n)))
        lines.append(f"  {'total':<20}" + "".join(f"{v:>12}" for v in g.returns()))
    return lines


# ----------------------------------------------------------------------------- the game
@dataclass
class _Snapshot:
    state: GameState
    recorder: BotLogRecorder
    bot_printed: int
    phase: tuple | None


@dataclass
class TerminalGame:
    """One game in the terminal. ``inp`` reads a line (like :func:`input`), ``out`` receives text."""

    players: int = 2
    seat: int = 0
    opponent: str = ""
    options: TableOptions = field(default_factory=TableOptions)
    seed: int = 0
    out: TextIO = sys.stdout
    inp: Callable[[str], str] = input
    hint_iterations: int = 400

    def __post_init__(self) -> None:
        self.state = GameState.new(self.players, self.seed, self.options)
        seats = 1 if self.players == 1 else self.players
        if not 0 <= self.seat < seats:
            raise ValueError(f"seat must be 0..{seats - 1}" + (" (solo: 0)" if self.players == 1 else ""))
        self.agent = None
        if self.players > 1:
            from .agents.registry import make_agent

            self.agent = make_agent(self.opponent or default_opponent(), seed=self.seed)
        self.recorder = BotLogRecorder()
        self.undo_stack: list[_Snapshot] = []
        self.phase: tuple | None = None  # (vp, breakdowns, scoring_count) when a Maat phase began
        self.others_moved = True
        self.bot_printed = 0

    # ------------------------------------------------------------------- output
    def say(self, text: str = "") -> None:
        """Write lines (each already at most 80 columns)."""
        self.out.write(text + "\n")
        self.out.flush()

    def wrapped(self, text: str, indent: str = "  ") -> None:
        for line in _wrap(text, indent):
            self.say(line)

    # ------------------------------------------------------------------- applying moves
    def apply(self, a: int) -> None:
        """Apply a move or chance outcome, then report what the player may see of it."""
        before = self.state
        g = before.clone()
        g.apply(a)
        self.state = g
        if g.field("maat_count") > before.field("maat_count"):
            self.phase = (before.returns(), [before.score_breakdown(p) for p in range(before.num_seats)],
                          before.field("scoring_count"), g.field("maat_count"))
        if self.players == 1:
            self.recorder.observe(g)
            while self.bot_printed < len(self.recorder.lines):
                self.wrapped("Botankhamun: " + self.recorder.lines[self.bot_printed], "    ")
                self.bot_printed += 1
                self.others_moved = True
        self.maybe_phase_summary()

    def maybe_phase_summary(self) -> None:
        g = self.state
        if self.phase is None or not (g.is_terminal() or g.step_type() in _PHASE_OVER):
            return
        vp0, bd0, scorings0, maat = self.phase
        self.phase = None
        self.say("")
        self.say(f"-- Maat phase {maat} of 4 --")
        vps = g.returns()
        for p in range(g.num_seats):
            pen = g.score_breakdown(p)["maat"] - bd0[p]["maat"]
            bal = g.field("balance")[p]
            self.say(_fit(f"  {seat_name(g, p, self.seat)}: scales balance {bal:+d}"
                          + (f", Maat penalty {pen} VP" if pen else ", no Maat penalty")))
        order = ", ".join(seat_name(g, p, self.seat) for p in g.turn_order())
        self.wrapped(f"  New turn order: {order}", "    ")
        if g.field("scoring_count") > scorings0:
            self.say(f"-- Scoring {g.field('scoring_count')} of 2: VP gained --")
            for line in breakdown_table(g, self.seat, since=bd0):
                self.say(_fit(line))
        self.say("  VP now: " + ", ".join(f"{seat_name(g, p, self.seat)} {v} ({v - vp0[p]:+d})"
                                          for p, v in enumerate(vps)))
        self.say("")

    # ------------------------------------------------------------------- the loop
    def run(self) -> int:
        """Play to the end (or ``quit`` / end of input); returns an exit code."""
        what = (f"solo against Botankhamun ({self.options.difficulty})" if self.players == 1
                else f"{self.players} players")
        self.say(_fit(f"Tekhenu, {what}; you are Seat {self.seat}. Type 'help' for commands."))
        while not self.state.is_terminal():
            g = self.state
            if g.is_chance():
                self.apply(g.sample_chance())
                continue
            p = g.current_player()
            if p != self.seat:
                self.engine_move(p)
                continue
            if self.others_moved:
                self.say("")
                self.say(board_text(g, self.seat))
                self.others_moved = False
            if not self.human_turn():
                return 0
        self.finish()
        return 0

    def engine_move(self, p: int) -> None:
        g = self.state
        if self.agent is None:
            raise RuntimeError(f"the rules core asks seat {p} for a decision in a solo game")
        self.say(f"{seat_name(g, p)} is thinking...")
        a = self.agent.choose(g.observation(p), p)
        self.wrapped(describe_action(g, a, viewer=self.seat), "    ")
        self.others_moved = True
        self.apply(a)

    def list_choices(self, legal: list[int]) -> None:
        g = self.state
        self.say(_fit(f"Your choice - {step_text(g)}:"))
        toks = [format_action(a) for a in legal]
        w = min(22, max(len(t) for t in toks))
        for i, (a, tok) in enumerate(zip(legal, toks)):
            self.say(_fit(f"  [{i}] {tok:<{w}} {describe_action(g, a)}"))

    def human_turn(self) -> bool:
        """Ask until the player plays a move; False when they quit."""
        legal = self.state.legal_actions()
        self.list_choices(legal)
        while True:
            try:
                line = self.inp("> ").strip()
            except EOFError:
                self.say("")
                return False
            low = line.lower()
            if not low:
                continue
            if low in ("quit", "exit", "q"):
                self.say("Bye.")
                return False
            if low in ("help", "?", "h"):
                self.say(HELP)
                continue
            if low in ("show", "board"):
                self.say(board_text(self.state, self.seat))
                continue
            if low in ("legal", "list", "moves"):
                self.list_choices(legal)
                continue
            if low == "hint":
                self.hint(legal)
                continue
            if low == "undo":
                if self.undo():
                    return True
                continue
            if low.startswith("card"):
                name = line[4:].strip()
                if not name:
                    self.say("use: card <id>, e.g. card D05")
                else:
                    try:
                        self.wrapped(card_text(name))
                    except ValueError as e:
                        self.say(_fit(str(e)))
                continue
            a = self.pick(line, legal)
            if a is None:
                continue
            self.undo_stack.append(_Snapshot(self.state, copy.deepcopy(self.recorder), self.bot_printed,
                                             self.phase))
            self.apply(a)
            return True

    def pick(self, line: str, legal: list[int]) -> int | None:
        """The legal move a typed line names, or None after saying why not."""
        if line.lstrip("-").isdigit():
            k = int(line)
            if not 0 <= k < len(legal):
                self.say(f"There is no choice {k}: choose a number from 0 to {len(legal) - 1}.")
                return None
            return legal[k]
        low = line.lower()
        for a in legal:
            if format_action(a).lower() == low:
                return a
        self.say(_fit(f"'{line}' is not one of the choices: type a number from 0 to {len(legal) - 1},"))
        self.say("a token from the list, or 'help'.")
        return None

    def undo(self) -> bool:
        if not self.undo_stack:
            self.say("Nothing to undo: you have not decided anything yet.")
            return False
        snap = self.undo_stack.pop()
        self.state = snap.state
        self.recorder = snap.recorder
        self.bot_printed = snap.bot_printed
        self.phase = snap.phase
        self.say("Undone: back to before your last decision.")
        self.others_moved = True
        return True

    def hint(self, legal: list[int]) -> None:
        from .agents.registry import available_players, make_agent

        if "ismcts" not in available_players():
            self.say("No hint: this build has no search (ismcts).")
            return
        self.say(f"thinking... ({self.hint_iterations} iterations)")
        agent = make_agent("ismcts", seed=self.seed + 17)
        r = agent.search(self.state.observation(self.seat), self.seat, iterations=self.hint_iterations)
        self.say("Engine's top choices for you:")
        for c in r.candidates[:3]:
            k = legal.index(c.action) if c.action in legal else -1
            ev = c.expected_vp[self.seat] if self.seat < len(c.expected_vp) else 0.0
            self.say(_fit(f"  [{k}] {c.token:<18} win {c.win_prob:5.1%}  expected VP {ev:5.1f}  "
                          f"{describe_action(self.state, c.action)}"))

    def finish(self) -> None:
        g = self.state
        self.say("")
        self.say(board_text(g, self.seat))
        self.say("")
        self.say("== Game over: final score breakdown ==")
        for line in breakdown_table(g, self.seat):
            self.say(_fit(line))
        w = g.winner()
        self.say("You win!" if w == self.seat else f"{seat_name(g, w)} wins.")


def default_opponent() -> str:
    """The search at one second a move when this build has it, else the first player there is."""
    from .agents.registry import available_players

    kinds = available_players()
    return "ismcts:movetime=1000" if "ismcts" in kinds else kinds[0]


def play(players: int = 2, seat: int = 0, opponent: str = "", options: TableOptions | None = None,
         seed: int = 0, out: TextIO | None = None, inp: Callable[[str], str] | None = None) -> int:
    """Play one game in the terminal; returns the exit code. ValueError for a bad setting."""
    game = TerminalGame(players, seat, opponent, options or TableOptions(), seed, out or sys.stdout,
                        inp or input)
    return game.run()
