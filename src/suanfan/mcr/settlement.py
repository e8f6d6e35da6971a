"""Settlement of one MCR hand: base 8 plus the fan total (MCR.md, "Settlement").

Settling reads four things of a scored hand (:class:`Scored`: its rule set, situation, fan total
and whether it meets the minimum), so this module sits below the scorer:
:meth:`suanfan.mcr.MCRResult.settlement` settles with it, and it imports nothing of the scorer.
"""

from __future__ import annotations

from typing import Protocol

from ..errors import MahjongError, describe
from .rules import Rules
from .situation import Situation

__all__ = ["Scored", "settle"]


class Scored(Protocol):
    """What settling a hand reads (:class:`suanfan.mcr.MCRResult` has it)."""

    @property
    def rule_set(self) -> Rules: ...
    @property
    def situation(self) -> Situation: ...
    @property
    def total(self) -> int: ...
    @property
    def meets_minimum(self) -> bool: ...


def settle(result: Scored, winner: object = 0, discarder: object = None) -> tuple[int, int, int, int]:
    """Points each of the four seats (0–3) gains (+) or pays (−).

    Self-drawn: each other player pays base + fan. On a discard: the discarder pays base + fan,
    each other player pays base. Flowers count in the fan paid. A false win (below the minimum):
    the claimant pays the rules' penalty to each other player (Botzone judge: −30, +10 each)."""
    if not (isinstance(winner, int) and not isinstance(winner, bool) and 0 <= winner <= 3):
        raise MahjongError(f"winner {describe(winner)} is not a seat 0-3")
    rules = result.rule_set
    base = rules.base_points
    pay, receive = rules.false_win
    sd = result.situation.self_drawn
    if sd:
        if discarder is not None and discarder != winner:
            raise MahjongError("a self-drawn win has no discarder")
    else:
        if discarder is None:
            raise MahjongError("a win on a discard needs the discarder's seat (discarder=0-3)")
        if not (isinstance(discarder, int) and 0 <= discarder <= 3) or discarder == winner:
            raise MahjongError(f"discarder {describe(discarder)} must be a seat 0-3 other than the winner")
    out = [0, 0, 0, 0]
    if not result.meets_minimum:
        for s in range(4):
            out[s] = -pay if s == winner else receive
        return (out[0], out[1], out[2], out[3])
    fan = result.total
    for s in range(4):
        if s == winner:
            continue
        if sd or s == discarder:
            out[s] = -(base + fan)
        else:
            out[s] = -base
    out[winner] = -sum(out)
    return (out[0], out[1], out[2], out[3])
