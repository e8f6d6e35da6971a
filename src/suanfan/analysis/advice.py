"""Discard advice for a 14-tile hand (牌理): each discard with its shanten and useful tiles.

For every distinct tile the hand can discard: the shanten of the 13 tiles left, the useful tiles
(进张: draws that lower that shanten) with how many of each remain unseen, and — when the discard
leaves the hand ready — each wait with the score it would give. Options are ordered best first:

0. with ``minimum`` (MCR only): lower fan-aware shanten (:func:`suanfan.mcr.fan_shanten`: the
   fewest exchanges to a ready hand whose win reaches ``minimum`` fans);
1. lower shanten;
2. at shanten 0 under MCR, more unseen winning tiles that reach the 8-fan minimum (a ready hand whose
   waits cannot reach it cannot win);
3. more unseen useful tiles;
4. tile order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import InvalidArgument, InvalidHand, describe
from ..hand import Hand
from ..mcr import UNREACHABLE, fan_shanten
from ..notation import parse_hand
from ..shanten import (
    hand_counts,
    improving_kinds,
    mcr_shanten_counts,
    riichi_shanten_counts,
    unseen_counts,
    visible_counts,
)
from ..tiles import KIND, NUM_KINDS, RED_FIVES, tile_to_str
from .waits import Visible, Wait, _wait_list, check_situation, system_name

__all__ = ["Advice", "DiscardOption", "UsefulTile", "advise", "useful_tiles"]


@dataclass(frozen=True, slots=True)
class UsefulTile:
    """A draw that lowers the shanten, and how many copies remain unseen."""

    tile: str
    unseen: int

    def to_dict(self) -> dict[str, Any]:
        return {"tile": self.tile, "unseen": self.unseen}


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One discard: the shanten after it, its useful tiles, and its waits when ready."""

    discard: str
    shanten: int
    useful: tuple[UsefulTile, ...]
    waits: tuple[Wait, ...] = ()
    #: with ``advise(..., minimum=N)`` (MCR): the fan-aware shanten after the discard
    fan_shanten: int | None = None

    @property
    def useful_unseen(self) -> int:
        """Unseen copies of all useful tiles (the usual 进张 / ukeire figure)."""
        return sum(u.unseen for u in self.useful)

    @property
    def scoring_unseen(self) -> int:
        """When ready: unseen copies of the waits that give a legal win (MCR: reach the minimum)."""
        return sum(w.unseen for w in self.waits if w.scores)

    def to_dict(self) -> dict[str, Any]:
        return {
            "discard": self.discard,
            "shanten": self.shanten,
            "useful_unseen": self.useful_unseen,
            "useful_kinds": len(self.useful),
            "useful": [u.to_dict() for u in self.useful],
            "scoring_unseen": self.scoring_unseen,
            "waits": [w.to_dict() for w in self.waits],
            **({} if self.fan_shanten is None else {"fan_shanten": _fan_value(self.fan_shanten)}),
        }


def _fan_value(s: int) -> int | None:
    """A fan-aware shanten for JSON: ``None`` when the minimum is out of reach."""
    return None if s == UNREACHABLE else s


@dataclass(frozen=True, slots=True)
class Advice:
    """Discard advice for a 14-tile hand under one rule system."""

    hand: str
    system: str
    shanten: int
    options: tuple[DiscardOption, ...]
    #: the minimum the options were ranked by (``advise(..., minimum=N)``), else None
    minimum: int | None = None

    @property
    def best(self) -> DiscardOption:
        return self.options[0]

    def to_dict(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "system": self.system,
            "shanten": self.shanten,
            "complete": self.shanten == -1,
            "options": [o.to_dict() for o in self.options],
            **({} if self.minimum is None else {"minimum": self.minimum}),
        }


def useful_tiles(
    counts: list[int], n_melds: int, own: list[int], system: str
) -> tuple[int, list[int]]:
    """Shanten of a 13-tile hand's standing ``counts`` and the kinds whose draw lowers it.

    ``own``: the hand's counts with melds (a kind held four times cannot be drawn).
    """
    return improving_kinds(counts, n_melds, own, system)


def _discard_ids(h: Hand) -> list[int]:
    """One tile id per kind among the standing tiles; a plain five is discarded before a red one."""
    chosen: dict[int, int] = {}
    for t in h.standing:
        k = KIND[t]
        if k not in chosen or (chosen[k] in RED_FIVES and t not in RED_FIVES):
            chosen[k] = t
    return [chosen[k] for k in sorted(chosen)]


def advise(
    hand14: object,
    system: object = "mcr",
    visible: object = None,
    score_waits: object = True,
    *,
    minimum: object = None,
    **situation: Any,
) -> Advice:
    """Discard advice for a 14-tile hand (see the module text for the order of the options).

    ``visible``: tiles seen outside the hand (discards, others' melds, dora indicators), used for
    the unseen counts. ``situation``: the scoring flags passed to the engine for each wait of a
    ready option (``self_drawn``, ``seat_wind``, ``rules`` … for MCR; ``riichi``, ``tsumo``,
    ``dora_indicators``, ``rules`` … for riichi). ``score_waits=False`` skips the scoring.
    ``minimum`` (MCR): rank by the fan-aware shanten for that many fans first (``None``, the
    default: the plain shanten only).
    """
    h = parse_hand(hand14)
    sysname = system_name(system)
    check_situation(sysname, situation)
    if type(score_waits) is not bool:
        raise InvalidArgument(f"score_waits={describe(score_waits)}: give True or False")
    if not h.is_complete:
        raise InvalidHand(
            "the hand has 13 tiles: discard advice is for a 14-tile hand (use waits for 13 tiles)"
        )
    fan_min = _fan_minimum(minimum, sysname)
    counts, n_melds = hand_counts(h)
    fn = riichi_shanten_counts if sysname == "riichi" else mcr_shanten_counts
    s14 = fn(counts, n_melds)
    own = h.counts
    unseen_all = unseen_counts(h, visible)
    options: list[DiscardOption] = []
    standing = list(h.standing)
    for t in _discard_ids(h):
        k = KIND[t]
        counts[k] = counts[k] - 1
        own[k] = own[k] - 1
        s, kinds = useful_tiles(counts, n_melds, own, sysname)
        counts[k] = counts[k] + 1
        own[k] = own[k] + 1
        # the discarded copy is seen once it is thrown
        useful = tuple(UsefulTile(tile_to_str(u), unseen_all[u]) for u in kinds)
        waits: tuple[Wait, ...] = ()
        if s == 0:
            rest = list(standing)
            rest.remove(t)
            h13 = Hand(h.melds, tuple(rest), None, h.flowers)
            seen = list(_visible_plus(visible, t))
            waits = _wait_list(h13, sysname, seen, situation, score=score_waits)
        fs: int | None = None
        if fan_min:
            rest = list(standing)
            rest.remove(t)
            fs = fan_shanten(Hand(h.melds, tuple(rest), None, h.flowers), fan_min,
                             situation.get("seat_wind", "E"), situation.get("prevalent_wind", "E"),
                             situation.get("rules", "mcr")).shanten
        options.append(DiscardOption(tile_to_str(t), s, useful, waits, fs))

    def key(o: DiscardOption) -> tuple[int, int, int, int, int]:
        scoring = o.scoring_unseen if (sysname == "mcr" and o.shanten == 0 and score_waits) else 0
        fan = o.fan_shanten if o.fan_shanten is not None else 0
        return (fan, o.shanten, -scoring, -o.useful_unseen, KIND[_first_tile(o.discard)])

    options.sort(key=key)
    return Advice(str(h), sysname, s14, tuple(options), fan_min or None)


def _fan_minimum(minimum: object, sysname: str) -> int:
    """The fans ``advise`` ranks by (0: none)."""
    if minimum is None:
        return 0
    if sysname != "mcr":
        raise InvalidArgument(f"minimum={describe(minimum)}: the fan minimum is for MCR")
    if isinstance(minimum, bool) or not isinstance(minimum, int) or not 0 <= minimum <= 1000:
        raise InvalidArgument(f"minimum={describe(minimum)}: give a number of fans 0-1000, or None")
    return minimum


def _visible_plus(visible: Visible, tile: int) -> list[int]:
    counts = visible_counts(visible)
    out = [k for k in range(NUM_KINDS) for _ in range(counts[k])]
    out.append(KIND[tile])
    return out


def _first_tile(text: str) -> int:
    from ..notation import parse_tile

    return parse_tile(text)
