"""The waits of a ready 13-tile MCR hand, each scored by the engine (``suanfan.mcr.waits``).

A wait is a kind that completes the hand (the shanten tables of :mod:`suanfan.shanten`) and of
which fewer than four are in the hand. With ``visible`` tiles given and ``last_of_kind`` not, 和绝张
is set for a wait whose three other copies are on view (:func:`wait_situation`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ..errors import InvalidHand, NotWinning, check_options
from ..hand import Hand
from ..notation import parse_hand
from ..shanten import meld_kinds, unseen_from, visible_counts, winning_kinds
from ..tiles import KIND, tile_to_str
from .scoring import MCRResult, score
from .situation import FLAGS

__all__ = ["SITUATION_KEYS", "score_wait", "score_waits", "wait_situation"]

#: the keywords of :func:`suanfan.mcr.score` besides the hand: the situation a wait is scored with
SITUATION_KEYS: Final[tuple[str, ...]] = (*[f.name for f in FLAGS], "seat_wind", "prevalent_wind",
                                          "flowers", "rules")


def wait_situation(hand: Hand, kind: int, seen: list[int], situation: Mapping[str, Any],
                   visible_given: bool) -> dict[str, Any]:
    """The situation a win on ``kind`` is scored with: ``situation``, plus 和绝张 when the visible
    tiles were given, ``last_of_kind`` was not, and the other three copies are on view (``seen``
    outside the hand, or in the hand's own melds) with none among the standing tiles."""
    s = dict(situation)
    if visible_given and "last_of_kind" not in s and not s.get("kong", False):
        standing = sum(1 for t in hand.concealed if KIND[t] == kind)
        if standing == 0 and seen[kind] + meld_kinds(hand)[kind] == 3:
            s["last_of_kind"] = True
    return s


def score_wait(hand14: Hand, situation: Mapping[str, Any]) -> MCRResult | None:
    """The score of a complete hand, or None when it is not one."""
    try:
        return score(hand14, **situation)
    except NotWinning:
        return None


def score_waits(hand13: object, visible: object = None, **situation: Any) -> dict[str, MCRResult | None]:
    """``{tile: result}`` for each tile that completes the 13-tile hand (every MCR form). A
    complete hand below the minimum is still a result (``meets_minimum`` False)."""
    h = parse_hand(hand13)
    check_options("mcr", situation, SITUATION_KEYS)
    if h.is_complete:
        raise InvalidHand("the hand has 14 tiles: waits are for a 13-tile hand")
    seen = visible_counts(visible)
    unseen_from(h, seen)  # checked: at most four of a kind with the hand's
    return {tile_to_str(k): score_wait(h.with_winning_tile(k),
                                       wait_situation(h, k, seen, situation, visible is not None))
            for k in winning_kinds(h, "mcr")}
