"""The exceptions suanfan raises.

Every error a user can provoke is a :class:`MahjongError`, itself a :class:`ValueError`, so one
``except suanfan.MahjongError`` (or ``except ValueError``) catches them all.
"""

from __future__ import annotations

__all__ = ["InvalidHand", "MahjongError", "NoYaku", "NotWinning", "TileMissing"]


class MahjongError(ValueError):
    """Base class of every error suanfan raises on bad input."""


class InvalidHand(MahjongError):
    """The input is not a possible hand: bad notation, an impossible meld, a fifth copy of a
    tile, a wrong tile count, or a situation that contradicts the hand."""


class NotWinning(MahjongError):
    """The hand is well formed but is not a complete (winning) hand."""


class NoYaku(NotWinning):
    """Riichi: the hand is complete but has no yaku, so it cannot win."""


class TileMissing(InvalidHand, NotWinning):
    """A 13-tile (waiting) hand was given where a complete 14-tile hand is needed.

    It is both an :class:`InvalidHand` (wrong tile count) and a :class:`NotWinning`.
    """
