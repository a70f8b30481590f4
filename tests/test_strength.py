"""The strength report machinery (issue 7): the ladder, its intervals and the written report."""
from __future__ import annotations

from pathlib import Path

from tekhenu_engine import strength


def test_wilson_interval() -> None:
    lo, hi = strength.wilson(8, 10)
    assert 0.44 < lo < 0.5 and 0.94 < hi < 0.98
    assert strength.wilson(0, 0) == (0.0, 1.0)


def test_default_ladder_covers_every_agent_and_table() -> None:
    lad = strength.ladder((100, 400, 1600), games=10, solo_games=4)
    specs = {p.a for p in lad} | {p.b for p in lad}
    assert {"random", "greedy"} <= specs
    assert {f"ismcts:iterations={b}" for b in (100, 400, 1600)} <= specs
    assert any(s.startswith("flatmc") for s in specs)
    assert set(strength.BOT_TABLES) <= specs  # Easy, Medium, Hard with 4 and 8 VP Decrees


def test_tiny_ladder_writes_report_and_plot(tmp_path: Path) -> None:
    pairings = [strength.Pairing("greedy", "random", 2, "2-player"),
                strength.Pairing("ismcts:iterations=10", "greedy", 2, "2-player"),
                strength.Pairing("ismcts:iterations=10", "botankhamun:hard:decree8", 1, "solo")]
    rows = strength.run_ladder(pairings, seed=1)
    assert [r["errors"] for r in rows] == [0, 0, 0]
    assert all(r["games"] == p.games for r, p in zip(rows, pairings))
    md, png = strength.write_report(rows, tmp_path, "test", 1.0)
    text = md.read_text()
    assert "botankhamun:hard:decree8" in text and "strength.png" in text
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_ladder_has_a_time_of_seth_pairing_played_with_the_expansion(tmp_path: Path) -> None:
    """Issue 11: "a 2-player Time of Seth pairing to `tekhenu strength`": the search against greedy
    with the option on; its games are Time of Seth games and the report has its own section."""
    lad = strength.ladder((100, 400, 1600), games=10, solo_games=4)
    (p,) = [p for p in lad if p.group == strength.SETH_GROUP]
    assert p.a == "ismcts:iterations=400" and p.b == "greedy" and p.options.seth
    rows = strength.run_ladder([strength.Pairing("ismcts:iterations=10", "greedy", 2, strength.SETH_GROUP,
                                                 p.options)], seed=3)
    assert rows[0]["games"] == 2      # (errors are counted, not raised: a rules gap is a lost game)
    assert rows[0]["table"].get("seth") is True
    md, _png = strength.write_report(rows, tmp_path, "test", 1.0)
    assert f"## {strength.SETH_GROUP}" in md.read_text()
