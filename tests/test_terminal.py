"""The terminal game (issue 15, "Terminal play fixed"): the opponents' secret cards are never
printed, the board comes after every turn of the other side, one Botankhamun line a turn, the
commands (help, card, hint, show, undo), descriptions beside each choice, Maat and Scoring
summaries, case-insensitive tokens, 80 columns, a "thinking" line, no "round 17 of 16", and a
clear message for a number out of range."""
from __future__ import annotations

import io
import os
import re
import subprocess
import sys

import pytest

from tekhenu_engine.options import TableOptions
from tekhenu_engine.terminal import TerminalGame


def script(lines, then="0", limit=5000):
    """An input function: the given lines, then ``then`` until ``limit`` prompts."""
    it = iter(lines)
    count = [0]

    def inp(prompt: str) -> str:
        count[0] += 1
        if count[0] > limit:
            raise EOFError
        return next(it, then)
    return inp


def run_game(players, lines=(), then="0", seat=0, seed=3, opponent="random", **opts):
    out = io.StringIO()
    g = TerminalGame(players, seat, opponent, TableOptions(**opts), seed, out, script(lines, then))
    code = g.run()
    return code, out.getvalue(), g


def test_solo_game_to_the_end():
    """Solo: one clean log line per Botankhamun turn, the board after its turns, Maat and Scoring
    summaries with the breakdown, the end screen with the breakdown, 80 columns."""
    code, text, g = run_game(1, difficulty="hard")
    assert code == 0 and g.state.is_terminal()
    lines = text.splitlines()
    assert max(len(x) for x in lines) <= 80
    bot = [x for x in lines if x.startswith("Botankhamun: Round")]
    assert len(bot) == g.state.field("bot_turns") == len(set(bot))
    turns = [re.search(r"\(turn (\d+)\)", x).group(1) for x in bot]
    assert turns == [str(k) for k in range(1, len(bot) + 1)]
    assert text.count("== Round ") >= 16  # the board is drawn again after Botankhamun's turns
    assert "round 17" not in text.lower() and "Round 17" not in text
    for k in range(1, 5):
        assert f"-- Maat phase {k} of 4 --" in text
    assert "-- Scoring 1 of 2: VP gained --" in text and "-- Scoring 2 of 2: VP gained --" in text
    assert "== Game over: final score breakdown ==" in text
    total = [x for x in lines if x.strip().startswith("total")][-1].split()[1:]
    assert [int(v) for v in total] == g.state.returns()


def test_three_players_never_see_the_opponents_secret_cards():
    """'Seat 1 plays keep:D17 while its hand shows ?x1': a player must never see them; hidden
    choices read 'Seat 1 keeps a Decree'."""
    code, text, g = run_game(3, seed=5)
    assert code == 0 and g.state.is_terminal()
    others = [x for x in text.splitlines() if re.match(r"Seat [12]\b", x)]
    assert "Seat 1 keeps a Decree" in text and "Seat 2 keeps a Decree" in text
    assert not [x for x in others if re.search(r"keep:|decrees:D|\bD\d\d\b", x)]
    assert "Seat 1 is thinking..." in text
    assert max(len(x) for x in text.splitlines()) <= 80
    # the board's hands: the other seats' Decrees only as a count
    for x in text.splitlines():
        if x.startswith("  cards:") and "face down" in x:
            assert not re.search(r"\bD\d\d\b.*face down", x) or x.count("D") <= 2


def test_commands_help_card_show_out_of_range_tokens_in_any_case():
    lines = ["help", "card d05", "card X99", "card", "show", "99", "-1", "nonsense", "legal"]
    code, text, g = run_game(2, lines + ["quit"])
    assert code == 0
    assert "card <id>" in text and "undo" in text
    assert "D05 (Decree): Score 4 Victory Points per Happiness threshold" in text
    assert "no card or tile named 'X99'" in text
    assert "use: card <id>" in text
    assert "There is no choice 99: choose a number from 0 to" in text
    assert "There is no choice -1" in text
    assert "'nonsense' is not one of the choices" in text
    assert text.count("Your choice - Keep one of the cards drawn:") >= 2
    assert "list index out of range" not in text and "Traceback" not in text
    # an upper-case token is the move
    first = re.search(r"\[0\] (\S+)", text).group(1)
    code, text2, g2 = run_game(2, [first.upper(), "quit"])
    assert g2.undo_stack and text2.count("Your choice - Keep one of the cards drawn:") == 1


def test_descriptions_beside_every_choice():
    code, text, _ = run_game(2, ["quit"])
    choices = [x for x in text.splitlines() if re.match(r"\s+\[\d+\] \S+ ", x)]
    assert choices and all(len(x.split(None, 2)) == 3 for x in choices)
    assert "Keep D" in text


def test_undo_takes_back_the_last_decision():
    """'undo of the player's last decision in a game against the engine'"""
    out = io.StringIO()
    seen = []
    feed = script(["0", "0", "undo", "undo", "undo", "quit"])
    g = TerminalGame(2, 0, "random", TableOptions(), 4, out, lambda p: (seen.append(g.state.to_string()), feed(p))[1])
    g.run()
    text = out.getvalue()
    assert text.count("Undone: back to before your last decision.") == 2
    assert "Nothing to undo" in text
    # prompts: 0 | 0 | undo (back to prompt 2's state) | undo (back to prompt 1's) | undo | quit
    assert seen[3] == seen[1] and seen[4] == seen[0] and seen[5] == seen[0]
    assert seen[2] != seen[1] != seen[0]


def test_hint_lists_the_engines_top_choices():
    from tekhenu_engine.agents.registry import available_players

    if "ismcts" not in available_players():
        pytest.skip("this build has no search")
    out = io.StringIO()
    g = TerminalGame(2, 0, "random", TableOptions(), 4, out, script(["hint", "quit"]))
    g.hint_iterations = 60
    g.run()
    text = out.getvalue()
    assert "thinking... (60 iterations)" in text
    rows = [x for x in text.splitlines() if re.match(r"\s+\[\d\] \S+\s+win\s+\d", x)]
    assert 1 <= len(rows) <= 3 and "expected VP" in rows[0]


def test_bad_settings_are_one_line_errors():
    with pytest.raises(ValueError, match="seat must be 0..0"):
        TerminalGame(1, 1, "", TableOptions(), 0, io.StringIO(), script([]))


def test_the_play_command_through_the_cli():
    """'tekhenu play' is a thin call into the terminal game (stdin script, a real process)."""
    env = {**os.environ, "COLUMNS": "80"}
    cmd = [sys.executable, "-m", "tekhenu_engine.cli", "play", "--players", "2", "--opponent", "random",
           "--seed", "2"]
    r = subprocess.run(cmd, input="help\n0\n0\nshow\nquit\n", capture_output=True, text=True, timeout=120, env=env)
    assert r.returncode == 0, r.stderr
    assert "Type 'help' for commands." in r.stdout and "Bye." in r.stdout
    assert max(len(x) for x in r.stdout.replace("> ", "\n").splitlines()) <= 80
    r = subprocess.run([*cmd[:4], "--players", "1", "--seat", "1"], input="", capture_output=True, text=True,
                       timeout=60, env=env)
    assert r.returncode == 2 and "seat must be 0..0" in r.stderr and "Traceback" not in r.stderr
    r = subprocess.run([*cmd[:4], "--table", "horus sideways"], input="", capture_output=True, text=True,
                       timeout=60, env=env)
    assert r.returncode == 2 and "horus must be one of" in r.stderr
