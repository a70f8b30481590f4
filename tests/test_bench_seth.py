"""`tekhenu bench --seth` (issue 11: "Bench: compiled random playouts with the option on, next to
the base game in the same run"): the figures exist and are positive, the table names them (speed
itself is measured in bench runs, not here)."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from tekhenu_engine.bench import format_table, seth_figures
from tekhenu_engine.cli import app


def test_bench_seth_figures_next_to_the_base_game():
    figs = seth_figures(quick=True)
    for n in (2, 3, 4):
        for tag in ("base", "seth"):
            assert figs[f"seth_bench_{tag}_playouts_per_s_{n}p"] > 0
            assert figs[f"seth_bench_{tag}_decisions_per_game_{n}p"] > 100
        assert figs[f"seth_vs_base_playouts_ratio_{n}p"] > 0
    for name in ("start", "middle"):
        assert figs[f"seth_bench_seth_ismcts_iterations_per_s_2p_{name}"] > 0
        assert figs[f"seth_bench_base_ismcts_iterations_per_s_2p_{name}"] > 0
    keys = ("playouts_per_s", "python_loop_playouts_per_s", "compiled_vs_python_ratio", "playouts_per_s_3p",
            "playouts_per_s_4p", "decisions_per_s", "decisions_per_game_2p", "clone_ns", "state_bytes",
            "decision_vs_clone_ratio", "legal_ns", "apply_ns")
    table = format_table({**{k: 1.0 for k in keys}, **figs})
    assert "Time of Seth: random 3-player games/s" in table and "Time of Seth: ISMCTS iterations/s" in table


def test_bench_help_names_seth():
    r = CliRunner().invoke(app, ["bench", "--help"])
    assert r.exit_code == 0 and "--seth" in r.output


def test_bench_seth_takes_the_runs_games_per_second_instead_of_measuring_them_again(monkeypatch):
    """`tekhenu bench --seth`: the games/s with and without the option are the ones core_figures
    measured in the same run (passed as core=), not a second measurement."""
    import tekhenu_engine.bench as bench

    core = {"playouts_per_s": 1.0, "playouts_per_s_3p": 2.0, "playouts_per_s_4p": 3.0,
            "playouts_per_s_seth": 4.0, "playouts_per_s_seth_3p": 5.0, "playouts_per_s_seth_4p": 6.0}
    monkeypatch.setattr(bench, "compiled_playouts_per_s", lambda *a, **k: pytest.fail("measured again"))
    monkeypatch.setattr(bench, "_iterations_per_s", lambda *a, **k: (7.0, 1.5))
    figs = bench.seth_figures(quick=True, core=core)
    assert [figs[f"seth_bench_base_playouts_per_s_{n}p"] for n in (2, 3, 4)] == [1.0, 2.0, 3.0]
    assert [figs[f"seth_bench_seth_playouts_per_s_{n}p"] for n in (2, 3, 4)] == [4.0, 5.0, 6.0]
    assert figs["seth_vs_base_playouts_ratio_3p"] == 2.5
