"""The waits of a ready 13-tile riichi hand, each scored by the engine (``suanfan.riichi.waits``).

A wait is a kind that completes the hand (the shanten tables of :mod:`suanfan.shanten`, counting
the real tile supply) and of which fewer than four are in the hand; a wait with no yaku scores None.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ..errors import InvalidHand, NotWinning, check_options
from ..hand import Hand
from ..notation import parse_hand
from ..shanten import unseen_counts, winning_kinds
from ..tiles import tile_to_str
from .engine import score
from .result import Result
from .situation import Situation

__all__ = ["SITUATION_KEYS", "score_wait", "score_waits"]

#: the keywords of :func:`suanfan.riichi.score` besides the hand
SITUATION_KEYS: Final[tuple[str, ...]] = (*Situation.__dataclass_fields__, "rules")


def score_wait(hand14: Hand, situation: Mapping[str, Any]) -> Result | None:
    """The score of a complete hand, or None when it is not one or has no yaku."""
    try:
        return score(hand14, **situation)
    except NotWinning:  # NoYaku is a NotWinning
        return None


def score_waits(hand13: object, visible: object = None, **situation: Any) -> dict[str, Result | None]:
    """``{tile: result or None}`` for each winning tile of the 13-tile hand (None: no yaku)."""
    h = parse_hand(hand13)
    check_options("riichi", situation, SITUATION_KEYS)
    if h.is_complete:
        raise InvalidHand("the hand has 14 tiles: waits are for a 13-tile hand")
    unseen_counts(h, visible)  # checked: tiles, at most four of a kind with the hand's
    return {tile_to_str(k): score_wait(h.with_winning_tile(k), situation) for k in winning_kinds(h, "riichi")}
