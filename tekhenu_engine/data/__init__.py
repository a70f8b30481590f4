"""Every component of Tekhenu in one place: the **data** layer (plain tables, no logic).

The compiled rules core (:mod:`tekhenu_engine._core`) copies these tables into C arrays
once at import (``_load_tables``), so a value changed here changes the game everywhere;
``tests/test_single_source.py`` checks that no rule constant is typed again in the core.

* :mod:`.base`  -- the base game: dice, wheel, boards, tiles, player board, Maat, Scoring,
  the card decks and the player-count table;
* :mod:`.solo`  -- Botankhamun, the solo automaton;
* :mod:`.cards` -- the printed text of every tile and card;
* :mod:`.seth`  -- the Time of Seth expansion (Seth board, new dice, Conquest tiles, every new card);
  its solo changes are the ``BOT_SETH_*`` / ``SOLO_*`` names of :mod:`.solo`;
* :mod:`.vizier` -- the Vizier's Challenge (2 players).

The expansion's tables are data only until the rules land (issues 11 and 12).

Every name is also available here (``from tekhenu_engine import data; data.ROUNDS``).
Each table is listed in :data:`PROVENANCE` as ``"printed"`` (a rule text gives it) or
``"reconstructed"`` (from ``shared/rules/FACTS.md``); ``docs/board-data.md`` explains them.
"""
from __future__ import annotations

from . import base, seth, solo, vizier
from .base import *  # noqa: F401,F403
from .cards import *  # noqa: F401,F403
from .solo import *  # noqa: F401,F403
from .seth import *  # noqa: F401,F403
from .vizier import *  # noqa: F401,F403

PROVENANCE.update(seth.SETH_PROVENANCE)  # noqa: F405
PROVENANCE.update(vizier.VIZIER_PROVENANCE)  # noqa: F405
PROVENANCE.update(solo.SOLO_SETH_PROVENANCE)  # noqa: F405
# The trigger layer's rows: the base game's, then Time of Seth's (live only while a seat holds the card;
# the expansion's cards are in the box without the `seth` option).
TRIGGERS = base.TRIGGERS + seth.SETH_TRIGGERS  # noqa: F405
