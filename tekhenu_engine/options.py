"""Table options: the one home of every choice a table makes before a game starts.

:class:`TableOptions` is used by :meth:`GameState.new`, the protocol (``position new ...``),
the match runner, the terminal game, bench and the invariant runs. A new option is one
field here (with its protocol word and its bit or value for the core); nothing else parses
or defaults table options.

>>> TableOptions.from_words("difficulty hard decree8".split())
TableOptions(random_horus=True, random_wheel=True, difficulty='hard', decree8=True, random_start=False, seth=False, vizier=False, solo_draw='3+1', solo_artifacts='standard', bot_buildings=10)
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Iterable

DIFFICULTIES: tuple[str, ...] = ("easy", "medium", "hard")
# Solo with Time of Seth (game-help "Solo with Time of Seth", Table options): the variants, standard first.
SOLO_DRAWS: tuple[str, ...] = ("3+1", "2+2", "3+2")
SOLO_ARTIFACTS: tuple[str, ...] = ("standard", "harder", "easier")
BOT_BUILDINGS: tuple[int, ...] = (10, 20)
# option bit name (_core.OPTION_BITS) -> (field, value) of the solo Time of Seth variants
SOLO_BITS: dict[str, tuple[str, Any]] = {
    "solo_draw22": ("solo_draw", "2+2"), "solo_draw32": ("solo_draw", "3+2"),
    "solo_artifacts2": ("solo_artifacts", "harder"), "solo_artifacts4": ("solo_artifacts", "easier"),
    "bot_buildings20": ("bot_buildings", 20),
}


@dataclass(frozen=True)
class TableOptions:
    """Everything a table fixes before a game (besides the player count and the seed).

    random_horus: random Horus tiles (False: the pre-printed layout).
    random_wheel: random wheel start (False: the arrow on Horus).
    difficulty: Botankhamun's level in solo games (easy, medium, hard).
    decree8: solo, Botankhamun's Decrees score 8 VP (the harder variant).
    random_start: Starting cards dealt at random instead of drafted.
    seth: the Time of Seth expansion (2-4 players): the Seth board, its dice, Soldiers, Priests,
        Blood, Conquest tiles and the new cards.
    vizier: the Vizier's Challenge (2 players only; protocol word ``vizier``, option bit OPT_VIZIER).
    solo_draw: solo with Time of Seth, the player's draw of Starting cards + Cultist Powers ("3+1"
        standard, "2+2", "3+2"; keep 2 and 1; protocol ``draw 2+2``).
    solo_artifacts: solo with Time of Seth, Artifacts selected at setup ("standard" 3, "harder" 2,
        "easier" 4; protocol ``artifacts harder``).
    bot_buildings: solo with Time of Seth, Botankhamun's Buildings (10 standard, 20 the second set;
        protocol ``botbuildings 20``).
    """

    random_horus: bool = True
    random_wheel: bool = True
    difficulty: str = "easy"
    decree8: bool = False
    random_start: bool = False
    seth: bool = False
    vizier: bool = False
    solo_draw: str = "3+1"
    solo_artifacts: str = "standard"
    bot_buildings: int = 10

    def __post_init__(self) -> None:
        for f in fields(self):
            v = getattr(self, f.name)
            if f.type in ("bool", bool) and not isinstance(v, bool):
                raise ValueError(f"table option {f.name} must be true or false, not {v!r}")
        if self.difficulty not in DIFFICULTIES:
            raise ValueError(f"difficulty must be one of {', '.join(DIFFICULTIES)}, not {self.difficulty!r}")
        if self.solo_draw not in SOLO_DRAWS:
            raise ValueError(f"solo_draw must be one of {', '.join(SOLO_DRAWS)}, not {self.solo_draw!r}")
        if self.solo_artifacts not in SOLO_ARTIFACTS:
            raise ValueError(f"solo_artifacts must be one of {', '.join(SOLO_ARTIFACTS)}, not {self.solo_artifacts!r}")
        if self.bot_buildings not in BOT_BUILDINGS or isinstance(self.bot_buildings, bool):
            raise ValueError(f"bot_buildings must be one of {', '.join(map(str, BOT_BUILDINGS))}, "
                             f"not {self.bot_buildings!r}")

    def check_players(self, players: int) -> None:
        """A ValueError when these options do not fit a table of ``players`` (1 = solo)."""
        from .data import VIZIER_PLAYERS
        if self.solo_variants() and not (self.seth and players == 1):
            raise ValueError(f"{', '.join(self.solo_variants())}: options of a solo game with Time of Seth "
                             f"(players 1 and seth)")
        if self.vizier and players not in VIZIER_PLAYERS:
            raise ValueError(f"the Vizier's Challenge (vizier) is a 2-player option, not for "
                             f"{'a solo game' if players == 1 else f'{players} players'}")

    def solo_variants(self) -> list[str]:
        """The protocol words of the solo Time of Seth variants that differ from the standard."""
        d = TableOptions()
        return [w for w, f in (("draw", "solo_draw"), ("artifacts", "solo_artifacts"),
                               ("botbuildings", "bot_buildings")) if getattr(self, f) != getattr(d, f)]

    def solo_bits(self, option_bits: dict[str, int]) -> int:
        """The core's option bits of the solo Time of Seth variants (``option_bits``: _core.OPTION_BITS)."""
        return sum(option_bits[b] for b, (f, v) in SOLO_BITS.items() if getattr(self, f) == v)

    @staticmethod
    def solo_fields(options: int, option_bits: dict[str, int]) -> dict[str, Any]:
        """The solo Time of Seth fields read back from the core's option bits."""
        return {f: v for b, (f, v) in SOLO_BITS.items() if options & option_bits[b]}

    # ------------------------------------------------------------------ conversions
    def to_dict(self) -> dict[str, Any]:
        """The options as plain data (for records and JSON)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any] | None) -> "TableOptions":
        """Options from :meth:`to_dict` data; unknown keys are a ValueError naming them."""
        d = dict(d or {})
        known = {f.name for f in fields(cls)}
        bad = sorted(set(d) - known)
        if bad:
            raise ValueError(f"unknown table option(s) {', '.join(bad)} (known: {', '.join(sorted(known))})")
        return cls(**d)

    def with_(self, **changes: Any) -> "TableOptions":
        """A copy with some options changed."""
        return replace(self, **changes)

    # ------------------------------------------------------------------ protocol words
    WORDS = {  # protocol word -> (field, value) for flags, or field for "key value"
        "decree8": ("decree8", True),
        "seth": ("seth", True),
        "vizier": ("vizier", True),
    }

    @classmethod
    def from_words(cls, words: Iterable[str]) -> "TableOptions":
        """Parse the option words of ``position new`` (after players / seat / seed).

        Pairs: ``difficulty <easy|medium|hard>``, ``decrees <4|8>``, ``horus <random|preprinted>``,
        ``wheel <random|fixed>``, ``start <draft|random>``, solo with Time of Seth ``draw <3+1|2+2|3+2>``,
        ``artifacts <standard|harder|easier>``, ``botbuildings <10|20>``; flags: ``decree8``, ``seth``, ``vizier``.
        """
        words = list(words)
        out: dict[str, Any] = {}
        seen: set[str] = set()
        i = 0
        pairs = {
            "difficulty": ("difficulty", {d: d for d in DIFFICULTIES}),
            "decrees": ("decree8", {"4": False, "8": True}),
            "horus": ("random_horus", {"random": True, "preprinted": False}),
            "wheel": ("random_wheel", {"random": True, "fixed": False}),
            "start": ("random_start", {"draft": False, "random": True}),
            "draw": ("solo_draw", {d: d for d in SOLO_DRAWS}),
            "artifacts": ("solo_artifacts", {a: a for a in SOLO_ARTIFACTS}),
            "botbuildings": ("bot_buildings", {str(n): n for n in BOT_BUILDINGS}),
        }
        while i < len(words):
            w = words[i]
            if w in cls.WORDS:
                name, val = cls.WORDS[w]
                if name in seen:
                    raise ValueError(f"game option {w!r} given twice")
                out[name] = val
                seen.add(name)
                i += 1
                continue
            if w not in pairs:
                raise ValueError(f"unknown game option {w!r} (known: {', '.join(cls.word_list())})")
            name, values = pairs[w]
            if name in seen:
                raise ValueError(f"game option {w!r} given twice")
            if i + 1 >= len(words):
                raise ValueError(f"game option {w!r} needs a value")
            v = words[i + 1]
            if v not in values:
                raise ValueError(f"{w} must be one of {', '.join(values)}, not {v!r}")
            out[name] = values[v]
            seen.add(name)
            i += 2
        return cls(**out)

    @classmethod
    def word_list(cls) -> list[str]:
        """Every option word ``position new`` accepts (for error messages and help)."""
        return ["difficulty", "decrees", "horus", "wheel", "start", "draw", "artifacts", "botbuildings", *cls.WORDS]

    def to_words(self) -> list[str]:
        """The shortest ``position new`` words that give these options."""
        d = TableOptions()
        out: list[str] = []
        if self.difficulty != d.difficulty:
            out += ["difficulty", self.difficulty]
        if self.decree8:
            out += ["decree8"]
        if not self.random_horus:
            out += ["horus", "preprinted"]
        if not self.random_wheel:
            out += ["wheel", "fixed"]
        if self.random_start:
            out += ["start", "random"]
        if self.seth:
            out += ["seth"]
        if self.vizier:
            out += ["vizier"]
        if self.solo_draw != d.solo_draw:
            out += ["draw", self.solo_draw]
        if self.solo_artifacts != d.solo_artifacts:
            out += ["artifacts", self.solo_artifacts]
        if self.bot_buildings != d.bot_buildings:
            out += ["botbuildings", str(self.bot_buildings)]
        return out
