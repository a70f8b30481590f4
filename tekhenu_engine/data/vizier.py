"""The Vizier's Challenge: the advanced rules for 2-player games (time-of-seth-manual p. 10;
game-help "Vizier's Challenge - 2 players"), with or without Time of Seth; not used in solo."""
from __future__ import annotations

VIZIER_PROVENANCE: dict[str, str] = {
    "VIZIER_PLAYERS": "printed (manual 'ADVANCED RULES FOR 2-PLAYER GAMES'; game-help 'A separate table option for 2 players')",
    "VIZIER_VP": "printed (manual: 'the first player gains 2 VP')",
    "VIZIER_DISCARDS": "printed (manual: 'the first player takes one Destiny card ... then discards a Destiny card')",
    "VIZIER_AREAS": "printed (manual: 'one of the six God Actions (or seven, if Seth is in play)')",
    "VIZIER_MUST_MOVE": "printed (manual: 'after each Maat phase the Vizier must be moved to a different action area')",
}
VIZIER_PLAYERS = (2,)            # a 2-player table option; "not supported nor needed in solo"
VIZIER_VP = 2                    # to the first player, each time the second takes a die from its area
VIZIER_DISCARDS = 1              # Destiny cards the first player discards after its pick
# Action areas the Vizier may stand on: the six gods (base.GODS order), plus the Seth board (index 6).
VIZIER_AREAS = {"base": (0, 1, 2, 3, 4, 5), "seth": (0, 1, 2, 3, 4, 5, 6)}
VIZIER_MUST_MOVE = True          # after each Maat phase: a different area from where it stands
