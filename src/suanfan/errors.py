"""The exceptions suanfan raises.

Every error a user can provoke is a :class:`MahjongError`, itself a :class:`ValueError`, so one
``except suanfan.MahjongError`` (or ``except ValueError``) catches them all.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["InvalidArgument", "InvalidHand", "LimitExceeded", "MahjongError", "NoYaku", "NotWinning",
           "TileMissing",
           "check_options", "describe"]


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


class InvalidArgument(InvalidHand):
    """An argument of the wrong type or out of its range (a flag that is not a bool, a count out of
    range, an option of another rule system). The message names the argument and what it
    accepts. A subclass of :class:`InvalidHand`, which such errors were before it existed."""


class LimitExceeded(MahjongError):
    """A computation would go beyond the bound it was given (states searched, seconds): the
    message names the bound and how to stay within it."""


def describe(value: object, limit: int = 60) -> str:
    """``repr(value)`` for an error message, cut to ``limit`` characters; an int too large to
    print is named by its size (its repr would raise)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"an int of {value.bit_length()} bits"
    try:
        text = repr(value)
    except Exception:
        text = f"a {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def check_options(what: str, given: Iterable[str], keys: tuple[str, ...]) -> None:
    """Refuse a keyword of ``given`` that is not one of ``keys`` (the options ``what`` takes),
    naming it and listing the options: an option of the other rule system is an error, not
    ignored."""
    for k in given:
        if k not in keys:
            raise InvalidArgument(
                f"{describe(k)} is not a situation option of {what}: the options are {', '.join(keys)}")
