"""The encodings of the rules core, defined once (the enums of ``_core.pxd``) and named here.

Every layer that needs a code (notation, protocol, render, search, tests) imports it from
this module instead of typing the number again:

* :class:`Kind` -- action kinds (the high byte of an action: ``kind << 24 | payload``);
* :class:`Step` -- step (task) types: chance ``CH_*``, decision ``D_*``, automatic ``A_*``;
* :class:`CardLoc`, :class:`DieLoc` -- places of a card (``card_loc``) and a die (``die_loc``);
  the per-seat places are a base plus the seat (:func:`hand`, :func:`pure` ...);
* :class:`Gain`, :class:`VPCat`, :class:`GodFlag`, :class:`Option` -- gain items of a
  ``D_GAIN`` step, VP breakdown categories, flags of a God action, option bits;
* :class:`Colour`, :class:`God`, :class:`Resource` -- the index conventions of the data layer;
* a die taken (``Kind.TAKE``): :func:`make_take` / :func:`take_fields` and the flags
  :data:`TAKE_NO_ACTION`, :data:`TAKE_ANUBIS`.

The member names are the C names without their prefix (``Kind.TAKE`` is ``K_TAKE``).
"""
from __future__ import annotations

from enum import IntEnum

from . import data
from ._core import ACTION_CODES, ENUMS, VP_CATEGORIES, make_take, take_fields


def _enum(name: str, group: str, prefix: str) -> type[IntEnum]:
    return IntEnum(name, {k[len(prefix):]: v for k, v in ENUMS[group].items()})  # type: ignore[return-value]


Kind = _enum("Kind", "ACTION_KINDS", "K_")
Step = IntEnum("Step", dict(ENUMS["STEP_TYPES"]))  # type: ignore[misc]  # keeps CH_/D_/A_ prefixes
CardLoc = _enum("CardLoc", "CARD_LOCATIONS", "CL_")
DieLoc = _enum("DieLoc", "DIE_LOCATIONS", "DL_")
Gain = _enum("Gain", "GAIN_ITEMS", "G_")
VPCat = _enum("VPCat", "VP_CODES", "VP_")
GodFlag = _enum("GodFlag", "GOD_FLAGS", "F_")
Option = _enum("Option", "OPTION_CODES", "OPT_")
Colour = IntEnum("Colour", {c.upper(): i for i, c in enumerate(data.DIE_COLOURS)})  # type: ignore[misc]
God = IntEnum("God", {g.upper(): i for i, g in enumerate(data.GODS)})  # type: ignore[misc]
Resource = IntEnum("Resource", {r.upper(): i for i, r in enumerate(data.RESOURCES)})  # type: ignore[misc]
# the flags of a K_TAKE payload (make_take / take_fields pack and unpack the rest)
TAKE_NO_ACTION: int = ACTION_CODES["TAKE_NO_ACTION"]
TAKE_ANUBIS: int = ACTION_CODES["TAKE_ANUBIS"]


def is_chance_step(t: int) -> bool:
    """Whether a step type is a chance step."""
    return 1 <= t <= Step.CH_LAST


def is_decision_step(t: int) -> bool:
    """Whether a step type is a decision of one seat."""
    return Step.CH_LAST < t <= Step.D_LAST


def hand(seat: int) -> int:
    """card_loc of a card in seat's hand."""
    return CardLoc.HAND + seat


def pending(seat: int) -> int:
    """card_loc of a card drawn for seat's keep choice."""
    return CardLoc.PENDING + seat


def bottom_known(seat: int) -> int:
    """card_loc of a card at the bottom of its deck that seat knows."""
    return CardLoc.BOTTOMK + seat


def on_wheel(section: int) -> int:
    """die_loc of a die in a wheel section (god index)."""
    return section + 1


__all__ = ["Kind", "Step", "CardLoc", "DieLoc", "Gain", "VPCat", "GodFlag", "Option", "Colour", "God",
           "Resource", "VP_CATEGORIES", "is_chance_step", "is_decision_step", "hand", "pending",
           "bottom_known", "on_wheel", "TAKE_NO_ACTION", "TAKE_ANUBIS", "make_take", "take_fields"]
