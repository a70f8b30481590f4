"""Solo mode: the tables of the automaton Botankhamun (base-rulebook, Solo Mode)."""
from __future__ import annotations

# --------------------------------------------------------------------------- Botankhamun
BOT_START = {"vp": 10, "happiness": 4, "population": 7, "gold": 0, "scribes": 0, "production": 0}
BOT_ANKH = 4
BOT_N_BUILDINGS = 10   # Buildings Botankhamun owns (a table option may give it more)
BOT_MAAT_BALANCE = (3, 2, 1, 1)
# Bonus Botankhamun takes from its own Statues, by Horus slot 1..6: (Scribes, VP).
BOT_HORUS_CHART = ((1, 0), (1, 0), (0, 1), (0, 1), (1, 1), (1, 1))
# The six god tiles then the four resource tiles; a resource tile lists die colours in order.
BOT_GOD_TILES = (0, 1, 2, 3, 4, 5)
BOT_RESOURCE_TILES = ((3, 2, 1, 0), (0, 1, 2, 3), (2, 3, 0, 1), (1, 0, 3, 2))  # G L B P / P B L G / L G P B / B P G L
BOT_PYRAMID_ROWS = (4, 3, 2, 1)
BOT_DIFFICULTIES = ("easy", "medium", "hard")
