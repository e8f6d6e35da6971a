"""Waits of a ready 13-tile hand, each with the score it would give, and how many remain unseen.

A wait is a tile kind that completes the hand (checked with the shanten tables: the 14 tiles are at
shanten -1) and of which fewer than four are already in the hand. Each wait is scored by the rule
engine with the situation given (``suanfan.mcr.score`` / ``suanfan.riichi.score``). "Unseen" counts
the copies that are neither in the hand (melds included) nor among the ``visible`` tiles (discards,
other players' melds, dora indicators …).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import InvalidArgument, InvalidHand, NotWinning, describe
from ..hand import Hand
from ..notation import parse_hand, parse_tiles
from ..tiles import KIND, NUM_KINDS, tile_to_str
from .shanten import _system, hand_counts, mcr_shanten_counts, meld_kinds, riichi_shanten_counts

__all__ = [
    "Wait",
    "WaitTable",
    "check_situation",
    "mcr_waits",
    "riichi_waits",
    "situation_keys",
    "summary",
    "unseen_counts",
    "visible_counts",
    "wait_table",
    "winning_kinds",
]

#: tiles seen outside the hand: a tile string, a list of tiles (strings or ids), or None
Visible = object


def situation_keys(system: str) -> tuple[str, ...]:
    """The keyword arguments the scorer of ``system`` ("mcr" or "riichi") takes besides the hand:
    the situation a wait is scored with."""
    if system == "mcr":
        from ..mcr.situation import FLAGS

        return (*[f.name for f in FLAGS], "seat_wind", "prevalent_wind", "flowers", "rules")
    from ..riichi.situation import Situation

    return (*Situation.__dataclass_fields__, "rules")


def check_situation(system: str, situation: Mapping[str, Any]) -> None:
    """Refuse a situation keyword the scorer of ``system`` does not take (a riichi flag given to
    an MCR analysis is an error, not ignored)."""
    if not situation:
        return
    keys = situation_keys(system)
    for k in situation:
        if k not in keys:
            raise InvalidArgument(
                f"{describe(k)} is not a situation option of {system}: the options are {', '.join(keys)}")


def visible_counts(visible: object) -> list[int]:
    """Kind counts (34) of tiles seen outside the hand: a tile string such as ``"1m5z0p"`` or ids."""
    counts = [0] * NUM_KINDS
    if visible is None:
        return counts
    if isinstance(visible, bytes | bytearray | Mapping) or not isinstance(visible, str | Iterable):
        raise InvalidArgument(f"visible={describe(visible)}: give tiles such as '1m5z0p' or a list of tiles")
    if isinstance(visible, str):
        tiles = parse_tiles(visible) if visible.strip() else []
    else:
        tiles = []
        for t in visible:
            if isinstance(t, str):
                tiles.extend(parse_tiles(t))
            elif isinstance(t, int) and not isinstance(t, bool) and 0 <= t < len(KIND):
                tiles.append(t)
            else:
                raise InvalidHand(f"visible tile {describe(t)} is not a tile")
    for t in tiles:
        counts[KIND[t]] += 1
    return counts


def unseen_counts(hand: Hand, visible: object = None) -> list[int]:
    """Copies of each kind neither in ``hand`` (melds and winning tile included) nor visible."""
    own = hand.counts
    seen = visible_counts(visible)
    out = []
    for k in range(NUM_KINDS):
        n = 4 - own[k] - seen[k]
        if n < 0:
            raise InvalidHand(
                f"{own[k]} {tile_to_str(k)} in the hand and {seen[k]} visible: there are only 4"
            )
        out.append(n)
    return out


def winning_kinds(hand: Hand, system: str = "mcr") -> list[int]:
    """The kinds that complete a 13-tile ``hand`` (kinds the hand holds four of excluded)."""
    if hand.is_complete:
        raise InvalidHand("the hand is complete (14 tiles): its waits are those of a 13-tile hand")
    counts, n_melds = hand_counts(hand)
    own = hand.counts
    fn = riichi_shanten_counts if _system(system) == "riichi" else mcr_shanten_counts
    out = []
    for k in range(NUM_KINDS):
        if own[k] >= 4:
            continue
        counts[k] += 1
        if fn(counts, n_melds) == -1:
            out.append(k)
        counts[k] -= 1
    return out


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


def _score_one(system: str, hand14: Hand, situation: Mapping[str, Any]) -> Any | None:
    if system == "mcr":
        from .. import mcr

        try:
            return mcr.score(hand14, **situation)
        except NotWinning:
            return None
    from .. import riichi

    try:
        return riichi.score(hand14, **situation)
    except NotWinning:  # NoYaku is a NotWinning
        return None


def _mcr_situation(
    hand: Hand, kind: int, seen: list[int], situation: Mapping[str, Any], visible_given: bool
) -> dict[str, Any]:
    s = dict(situation)
    if visible_given and "last_of_kind" not in s and not s.get("kong", False):
        # 和绝张: the other three copies are on view (discards, melds of others, own melds) and
        # none is among the standing tiles
        melded = meld_kinds(hand)
        standing = sum(1 for t in hand.concealed if KIND[t] == kind)
        if standing == 0 and seen[kind] + melded[kind] == 3:
            s["last_of_kind"] = True
    return s


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
    unseen = unseen_counts(h, visible)
    seen = visible_counts(visible)
    out = []
    for k in winning_kinds(h, system):
        result = None
        tsumo_ok: bool | None = None
        tsumo_total: int | None = None
        if score:
            hand14 = h.with_winning_tile(k)
            if system == "mcr":
                sit = _mcr_situation(h, k, seen, situation, visible is not None)
            else:
                sit = dict(situation)
            result = _score_one(system, hand14, sit)
            if system == "mcr" and not sit.get("self_drawn"):
                # scored again: self-drawing may add 自摸 / 不求人 but loses 全求人
                try:
                    r2 = _score_one(system, hand14, {**sit, "self_drawn": True})
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
    sysname = _system(system)
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


def mcr_waits(hand13: object, visible: object = None, **situation: Any) -> dict[str, Any]:
    """``{tile: suanfan.mcr result}`` for each tile that completes the 13-tile hand (MCR forms).

    A complete hand below the minimum is still a result (``meets_minimum`` False). With
    ``visible`` given and ``last_of_kind`` not, 和绝张 is set for a wait whose other three copies
    are on view (visible tiles and the hand's own melds).
    """
    h = parse_hand(hand13)
    check_situation("mcr", situation)
    if h.is_complete:
        raise InvalidHand("the hand has 14 tiles: waits are for a 13-tile hand")
    return {w.tile: w.result for w in _wait_list(h, "mcr", visible, situation)}


def riichi_waits(hand13: object, visible: object = None, **situation: Any) -> dict[str, Any]:
    """``{tile: suanfan.riichi result or None}`` for each winning tile (None: no yaku)."""
    h = parse_hand(hand13)
    check_situation("riichi", situation)
    if h.is_complete:
        raise InvalidHand("the hand has 14 tiles: waits are for a 13-tile hand")
    return {w.tile: w.result for w in _wait_list(h, "riichi", visible, situation)}

