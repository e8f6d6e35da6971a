"""Waits of a ready 13-tile hand, each with the score it would give, and how many remain unseen.

A wait is a tile kind that completes the hand (checked with the shanten tables: the 14 tiles are at
shanten -1) and of which fewer than four are already in the hand. Each wait is scored by the rule
engine with the situation given (``suanfan.mcr.score`` / ``suanfan.riichi.score``). "Unseen" counts
the copies that are neither in the hand (melds included) nor among the ``visible`` tiles (discards,
other players' melds, dora indicators …).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import InvalidHand, check_options
from ..hand import Hand
from ..mcr import winning as mcr_winning
from ..mcr.rules import PRESETS as MCR_PRESETS
from ..notation import parse_hand
from ..riichi import winning as riichi_winning
from ..riichi.rules import PRESETS as RIICHI_PRESETS
from ..shanten import (
    _system,
    hand_counts,
    mcr_shanten_counts,
    riichi_shanten_counts,
    unseen_counts,
    unseen_from,
    visible_counts,
    winning_kinds,
)
from ..shanten import shanten as core_shanten
from ..shanten import shanten_by_form as core_shanten_by_form
from ..tiles import tile_to_str

__all__ = [
    "Wait",
    "WaitTable",
    "check_situation",
    "mcr_waits",
    "riichi_waits",
    "shanten",
    "shanten_by_form",
    "situation_keys",
    "summary",
    "system_name",
    "unseen_counts",
    "visible_counts",
    "wait_table",
    "winning_kinds",
]

#: tiles seen outside the hand: a tile string, a list of tiles (strings or ids), or None
Visible = object


def system_name(system: object) -> str:
    """"mcr" or "riichi" for a rule system's name or the name of one of its presets
    ("tenhou-sanma", "mcr-ema" …)."""
    if isinstance(system, str):
        s = system.strip().lower()
        if s in RIICHI_PRESETS:
            return "riichi"
        if s in MCR_PRESETS:
            return "mcr"
    return _system(system)


def shanten(hand: object, system: object = "mcr") -> int:
    """Shanten of a 13- or 14-tile hand under ``system`` (a rule system or preset name; -1:
    complete, 0: ready or one discard from ready)."""
    return core_shanten(hand, system_name(system))


def shanten_by_form(hand: object, system: object = "mcr") -> dict[str, int | None]:
    """Shanten of each winning form (``None`` where declared melds rule the form out)."""
    return core_shanten_by_form(hand, system_name(system))


def situation_keys(system: str) -> tuple[str, ...]:
    """The keyword arguments the scorer of ``system`` ("mcr" or "riichi") takes besides the hand:
    the situation a wait is scored with."""
    return mcr_winning.SITUATION_KEYS if system == "mcr" else riichi_winning.SITUATION_KEYS


def check_situation(system: str, situation: Mapping[str, Any]) -> None:
    """Refuse a situation keyword the scorer of ``system`` does not take (a riichi flag given to
    an MCR analysis is an error, not ignored)."""
    check_options(system, situation, situation_keys(system))


@dataclass(frozen=True, slots=True)
class Wait:
    """One winning tile: its score under the situation given (``None``: riichi with no yaku)."""

    tile: str
    unseen: int
    result: Any | None
    system: str
    #: MCR, when the situation does not say self-drawn: whether a self-drawn win on this tile
    #: (自摸, maybe 不求人) would reach the minimum. ``None`` when not asked.
    self_drawn_meets_minimum: bool | None = None
    #: MCR, when the situation does not say self-drawn: the total of a self-drawn win on this
    #: tile (``None`` when not asked or when it cannot be self-drawn)
    self_drawn_total: int | None = None

    @property
    def scores(self) -> bool:
        """True when winning on it is a legal win: a yaku (riichi) or the fan minimum (MCR)."""
        if self.result is None:
            return False
        if self.system == "mcr":
            return bool(self.result.meets_minimum)
        return True

    def to_dict(self) -> dict[str, Any]:
        return {
            "tile": self.tile,
            "unseen": self.unseen,
            "scores": self.scores,
            **summary(self.result, self.system),
            **({} if self.self_drawn_meets_minimum is None
               else {"self_drawn_meets_minimum": self.self_drawn_meets_minimum,
                     "self_drawn_total": self.self_drawn_total}),
            "result": None if self.result is None else self.result.to_dict(),
        }


def summary(result: Any | None, system: str) -> dict[str, Any]:
    """The headline figures of a score: MCR fan totals, or riichi han / fu / points."""
    if system == "mcr":
        if result is None:
            return {"total": None, "total_without_flowers": None, "meets_minimum": False}
        return {
            "total": result.total,
            "total_without_flowers": result.total_without_flowers,
            "meets_minimum": result.meets_minimum,
        }
    if result is None:
        return {"han": None, "fu": None, "limit": "", "points": 0, "no_yaku": True}
    return {
        "han": result.han,
        "fu": result.fu,
        "yakuman": result.yakuman,
        "limit": result.limit,
        "points": result.payment.total,
        "no_yaku": False,
    }


@dataclass(frozen=True, slots=True)
class WaitTable:
    """The waits of a 13-tile hand under one rule system, best first by nothing but tile order."""

    hand: str
    system: str
    shanten: int
    waits: tuple[Wait, ...]

    @property
    def unseen(self) -> int:
        """How many winning tiles remain unseen in total."""
        return sum(w.unseen for w in self.waits)

    def to_dict(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "system": self.system,
            "shanten": self.shanten,
            "unseen": self.unseen,
            "waits": [w.to_dict() for w in self.waits],
        }


def _wait_list(
    h: Hand, system: str, visible: Visible, situation: Mapping[str, Any], score: bool = True
) -> tuple[Wait, ...]:
    seen = visible_counts(visible)
    unseen = unseen_from(h, seen)
    out = []
    for k in winning_kinds(h, system):
        result: Any | None = None
        tsumo_ok: bool | None = None
        tsumo_total: int | None = None
        if score:
            hand14 = h.with_winning_tile(k)
            if system == "mcr":
                sit = mcr_winning.wait_situation(h, k, seen, situation, visible is not None)
                result = mcr_winning.score_wait(hand14, sit)
            else:
                sit = dict(situation)
                result = riichi_winning.score_wait(hand14, sit)
            if system == "mcr" and not sit.get("self_drawn"):
                # scored again: self-drawing may add 自摸 / 不求人 but loses 全求人
                try:
                    r2 = mcr_winning.score_wait(hand14, {**sit, "self_drawn": True})
                except InvalidHand:  # e.g. kong=True on a discard is robbing a kong
                    r2 = None
                tsumo_ok = r2 is not None and bool(r2.meets_minimum)
                tsumo_total = None if r2 is None else int(r2.total)
        out.append(Wait(tile_to_str(k), unseen[k], result, system, tsumo_ok, tsumo_total))
    return tuple(out)


def wait_table(
    hand13: object, system: object = "mcr", visible: object = None, **situation: Any
) -> WaitTable:
    """Shanten and every winning tile of a 13-tile hand with its score and unseen count."""
    h = parse_hand(hand13)
    sysname = system_name(system)
    check_situation(sysname, situation)
    if h.is_complete:
        raise InvalidHand(
            "the hand has 14 tiles: waits are for a 13-tile hand (use advise() for discards)"
        )
    counts, n_melds = hand_counts(h)
    fn = riichi_shanten_counts if sysname == "riichi" else mcr_shanten_counts
    s = fn(counts, n_melds)
    waits = _wait_list(h, sysname, visible, situation) if s == 0 else ()
    return WaitTable(str(h), sysname, s, waits)


#: ``{tile: result}`` for each winning tile: the engines' own wait functions
mcr_waits = mcr_winning.score_waits
riichi_waits = riichi_winning.score_waits
