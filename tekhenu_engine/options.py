"""Table options: the one home of every choice a table makes before a game starts.

:class:`TableOptions` is used by :meth:`GameState.new`, the protocol (``position new ...``),
the match runner, the terminal game, bench and the invariant runs. A new option is one
field here (with its protocol word and its bit or value for the core); nothing else parses
or defaults table options.

>>> TableOptions.from_words("difficulty hard decree8".split())
TableOptions(random_horus=True, random_wheel=True, difficulty='hard', decree8=True, random_start=False, seth=False, vizier=False)
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Iterable

DIFFICULTIES: tuple[str, ...] = ("easy", "medium", "hard")


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
    """

    random_horus: bool = True
    random_wheel: bool = True
    difficulty: str = "easy"
    decree8: bool = False
    random_start: bool = False
    seth: bool = False
    vizier: bool = False

    def __post_init__(self) -> None:
        for f in fields(self):
            v = getattr(self, f.name)
            if f.type in ("bool", bool) and not isinstance(v, bool):
                raise ValueError(f"table option {f.name} must be true or false, not {v!r}")
        if self.difficulty not in DIFFICULTIES:
            raise ValueError(f"difficulty must be one of {', '.join(DIFFICULTIES)}, not {self.difficulty!r}")

    def check_players(self, players: int) -> None:
        """A ValueError when these options do not fit a table of ``players`` (1 = solo)."""
        from .data import VIZIER_PLAYERS
        if self.seth and players == 1:
            raise ValueError("the seth option is for 2-4 players (solo Time of Seth is not available yet)")
        if self.seth and self.vizier:
            raise ValueError("the Vizier's Challenge with Time of Seth (vizier and seth together) is not "
                             "available yet: use one of them")
        if self.vizier and players not in VIZIER_PLAYERS:
            raise ValueError(f"the Vizier's Challenge (vizier) is a 2-player option, not for "
                             f"{'a solo game' if players == 1 else f'{players} players'}")

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
        ``wheel <random|fixed>``, ``start <draft|random>``; flags: ``decree8``, ``seth``, ``vizier``.
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
        return ["difficulty", "decrees", "horus", "wheel", "start", *cls.WORDS]

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
        return out
