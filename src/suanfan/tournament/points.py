"""What a session's result is worth in a tournament: MCR table points and riichi uma/oka.

* :func:`mcr_table_points` — the MCR table points 4/2/1/0 by rank at the table (the Chinese
  competition rules' 标准分 as the EMA MCR rules and the CMH 国标小助手 app give them), tied
  players sharing the points of the places they occupy: two tied first get (4 + 2) / 2 = 3 each.
* :func:`riichi_placement_points` — a hanchan's final points by a :class:`Placement` preset:
  ``(score − return points) / 1000 + uma``, the oka (``4 × (return − start)``) to the first place,
  ties either shared or broken by seat order, as each rulebook says (cited in :data:`PLACEMENTS`).

**Exact, rounded only for display.** The points are computed and added up as exact fractions
(:class:`fractions.Fraction`): :func:`mcr_table_points_exact` and
:func:`riichi_placement_points_exact`. A share of a tie need not be a whole number, nor a
terminating decimal: three players tied first at an MCR table share 4 + 2 + 1 = 7 points, 7/3
each, and their three shares add up to exactly 7. :func:`mcr_table_points` and
:func:`riichi_placement_points` give the same values rounded for display by :func:`round_points`
(to 0.01, halves away from zero: 7/3 shows as 2.33, −50/3 as −16.67); a sum of those rounded
values is not the rounded sum (3 × 2.33 = 6.99), so sessions and standings are added up from
the exact values (:mod:`suanfan.tournament.store`) and rounded once, at the end.
:func:`exact_text` writes an exact value as text that :class:`~fractions.Fraction` reads back:
``"7"``, ``"56.2"`` (a value with a finite decimal expansion), ``"7/3"`` (one without).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Final, Literal

from ..errors import InvalidArgument, describe

__all__ = ["MCR_TABLE_POINTS", "PLACEMENTS", "Placement", "exact_text", "get_placement",
           "mcr_table_points", "mcr_table_points_exact", "placement_ranks", "riichi_placement_points",
           "riichi_placement_points_exact", "round_points"]

#: MCR table points of the four places
MCR_TABLE_POINTS: Final[tuple[int, int, int, int]] = (4, 2, 1, 0)

Ties = Literal["share", "seat"]


def _scores(scores: object, what: str = "scores") -> tuple[int, ...]:
    if not isinstance(scores, Sequence) or isinstance(scores, str) or len(scores) != 4:
        raise InvalidArgument(f"{what}={describe(scores)}: give the four players' scores")
    out = []
    for s in scores:
        if type(s) is not int or abs(s) > 10**9:
            raise InvalidArgument(f"{what}: {describe(s)} is not a whole number of points")
        out.append(s)
    return tuple(out)


def _exact(x: object) -> Fraction:
    """``x`` (a whole number or a fraction; not a bool, not a float) as a Fraction."""
    if isinstance(x, bool) or not isinstance(x, int | Fraction):
        raise InvalidArgument(f"points {describe(x)}: give a whole number or a fractions.Fraction")
    return Fraction(x)


def round_points(x: Fraction | int) -> float:
    """``x`` rounded for display: to 0.01, halves away from zero (not Python's round-half-even).

    >>> round_points(Fraction(7, 3)), round_points(Fraction(-50, 3)), round_points(Fraction(1, 8))
    (2.33, -16.67, 0.13)
    """
    x = _exact(x)
    n = int(abs(x) * 100 + Fraction(1, 2))
    return (n if x >= 0 else -n) / 100


def exact_text(x: Fraction | int) -> str:
    """``x`` written exactly: a whole number, a finite decimal, or a fraction ``n/d`` in lowest
    terms (``Fraction(exact_text(x)) == x``).

    >>> [exact_text(Fraction(n, d)) for n, d in ((7, 1), (281, 5), (-7, 4), (7, 3))]
    ['7', '56.2', '-1.75', '7/3']
    """
    x = _exact(x)
    d = x.denominator
    if d == 1:
        return str(x.numerator)
    twos = fives = 0
    while d % 2 == 0:
        d //= 2
        twos += 1
    while d % 5 == 0:
        d //= 5
        fives += 1
    if d != 1:
        return f"{x.numerator}/{x.denominator}"
    places = max(twos, fives)
    scaled = abs(x) * 10**places
    digits = str(scaled.numerator).rjust(places + 1, "0")
    return f"{'-' if x < 0 else ''}{digits[:-places]}.{digits[-places:]}"


def _shared(scores: tuple[int, ...], bonus: Sequence[Fraction]) -> list[Fraction]:
    """Each player's share of ``bonus`` (by place), tied players splitting their places' bonus."""
    order = sorted(range(len(scores)), key=lambda i: -scores[i])
    out = [Fraction(0)] * len(scores)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and scores[order[j + 1]] == scores[order[i]]:
            j += 1
        share = sum(bonus[i:j + 1], Fraction(0)) / (j - i + 1)
        for k in range(i, j + 1):
            out[order[k]] = share
        i = j + 1
    return out


def placement_ranks(scores: Sequence[int], ties: Ties = "share") -> tuple[int, ...]:
    """The place (1-4) of each player: tied players share the better place (``"share"``), or
    the player nearer the first dealer (seat 0) takes it (``"seat"``)."""
    s = _scores(scores)
    if ties == "seat":
        order = sorted(range(4), key=lambda i: (-s[i], i))
        ranks = [0] * 4
        for place, i in enumerate(order, 1):
            ranks[i] = place
        return tuple(ranks)
    return tuple(1 + sum(1 for o in s if o > x) for x in s)


def mcr_table_points_exact(scores: object) -> tuple[Fraction, ...]:
    """The MCR table points of four session scores, exactly: 4, 2, 1, 0 by rank; tied players
    share the points of the places they occupy equally (two tied first: (4 + 2) / 2 = 3 each;
    three tied first: 7/3 each; all four tied: 7/4 each), as the EMA's MCR tournament rules and
    the Chinese competition rules' 标准分 (4/2/1/0) give them. The four always add up to 7.

    >>> [str(x) for x in mcr_table_points_exact([5, 5, 5, -15])]
    ['7/3', '7/3', '7/3', '0']
    """
    s = _scores(scores)
    return tuple(_shared(s, [Fraction(p) for p in MCR_TABLE_POINTS]))


def mcr_table_points(scores: object) -> tuple[float, ...]:
    """:func:`mcr_table_points_exact` rounded for display (:func:`round_points`). Add up the
    exact values, not these: three tied first show 2.33 each, which add up to 6.99, not 7.

    >>> mcr_table_points([40, -8, 12, -44])
    (4.0, 1.0, 2.0, 0.0)
    >>> mcr_table_points([30, 30, -20, -40])
    (3.0, 3.0, 1.0, 0.0)
    >>> mcr_table_points([5, 5, 5, -15])
    (2.33, 2.33, 2.33, 0.0)
    """
    return tuple(round_points(x) for x in mcr_table_points_exact(scores))


class Placement:
    """How a riichi organisation turns a hanchan's table scores into final points.

    ``start`` and ``return_points`` (the oka, ``4 × (return − start)``, goes to the first place),
    ``uma`` the bonus of places 1-4 in points, ``ties`` how equal scores are placed (``"share"``:
    tied players split the uma and oka of their places; ``"seat"``: the player nearer the first
    dealer ranks higher), ``leftover`` where riichi sticks still on the table at the end go
    (``"first"``: to the first place, split between tied first places when ties are shared;
    ``"lost"``: nobody), ``chombo`` the penalty in points applied to the final result, ``source``
    the rulebook."""

    __slots__ = ("chombo", "leftover", "name", "return_points", "source", "start", "ties", "uma")

    def __init__(self, name: str, start: int, return_points: int, uma: tuple[int, int, int, int],
                 ties: Ties, leftover: Literal["first", "lost"], chombo: int, source: str) -> None:
        if sum(uma) != 0:
            raise InvalidArgument(f"placement {name}: the uma {uma} does not sum to 0")
        if return_points < start:
            raise InvalidArgument(f"placement {name}: return points below the start")
        self.name: Final = name
        self.start: Final = start
        self.return_points: Final = return_points
        self.uma: Final = uma
        self.ties: Final[Ties] = ties
        self.leftover: Final[Literal["first", "lost"]] = leftover
        self.chombo: Final = chombo
        self.source: Final = source

    @property
    def oka(self) -> int:
        """The points the first place gets on top of its uma."""
        return 4 * (self.return_points - self.start)

    def to_dict(self) -> dict[str, object]:
        return {"name": self.name, "start": self.start, "return_points": self.return_points,
                "oka": self.oka, "uma": list(self.uma), "ties": self.ties, "leftover": self.leftover,
                "chombo": self.chombo, "source": self.source}

    def __repr__(self) -> str:
        return f"Placement({self.name!r})"


PLACEMENTS: Final[dict[str, Placement]] = {
    p.name: p for p in (
        Placement(
            "ema", 30000, 30000, (15000, 5000, -5000, -15000), "share", "first", -20000,
            "EMA Riichi Competition Rules 2016: 30,000 to start and no oka; uma +15/+5/-5/-15; "
            "players with the same score share the uma of their places; a chombo is -20 points "
            "on the final score; riichi sticks left at the end go to the first place."),
        Placement(
            "wrc", 30000, 30000, (15000, 5000, -5000, -15000), "share", "first", -20000,
            "World Riichi Championship rules 2022: session score = (points - 30,000) / 1,000 + "
            "uma, uma +15/+5/-5/-15 split between tied players; a chombo is -20 on the overall "
            "score; leftover riichi sticks to the first place."),
        Placement(
            "mleague", 25000, 30000, (30000, 10000, -10000, -30000), "share", "first", -20000,
            "M.LEAGUE rules: 25,000 to start, 30,000 returned (oka +20 to the top), uma "
            "+30/+10/-10/-30 (順位点 +50/+10/-10/-30 with the oka), tied players split it; "
            "chombo -20 points; leftover riichi sticks to the top."),
        Placement(
            "tenhou", 25000, 30000, (20000, 10000, -10000, -20000), "seat", "first", 0,
            "Tenhou ranked games: 25,000 to start, 30,000 returned (oka +20 to the top), uma "
            "+20/+10/-10/-20; equal scores are ranked by seat, the player nearer the first "
            "dealer higher; leftover riichi sticks to the top; no chombo (the client prevents it)."),
    )
}


def get_placement(placement: object) -> Placement:
    """A :data:`PLACEMENTS` preset by name (or the given :class:`Placement`)."""
    if isinstance(placement, Placement):
        return placement
    got = PLACEMENTS.get(placement.strip().lower()) if isinstance(placement, str) else None
    if got is None:
        raise InvalidArgument(f"unknown riichi placement rules {describe(placement)}: "
                              f"one of {', '.join(PLACEMENTS)}")
    return got


def _placement_fractions(scores: tuple[int, ...], p: Placement, leftover: int) -> list[Fraction]:
    raw = [Fraction(s) for s in scores]
    first = [i for i in range(4) if scores[i] == max(scores)]
    if p.ties == "seat":
        first = first[:1]
    if leftover and p.leftover == "first":
        for i in first:
            raw[i] += Fraction(1000 * leftover, len(first))
    bonus = [Fraction(u) for u in p.uma]
    bonus[0] += p.oka
    if p.ties == "share":
        extra = _shared(scores, bonus)
    else:
        ranks = placement_ranks(scores, "seat")
        extra = [bonus[ranks[i] - 1] for i in range(4)]
    return [(raw[i] - p.return_points + extra[i]) / 1000 for i in range(4)]


def riichi_placement_points_exact(scores: object, rules: object = "wrc",
                                  leftover: object = 0) -> tuple[Fraction, ...]:
    """The final points (in thousands) of a hanchan's four table scores (seat 0 the first
    dealer) by a placement preset (``"ema"``, ``"wrc"``, ``"mleague"``, ``"tenhou"`` or a
    :class:`Placement`), exactly; ``leftover`` is the number of riichi sticks still on the table.
    The scores and sticks must add up to four starting scores, and the four results add up to 0.
    Tied players share the uma (and oka) of the places they occupy equally when the preset
    shares ties (EMA, WRC, M.LEAGUE): three tied first under M.LEAGUE share 50 + 10 − 10 = 50,
    50/3 each.

    >>> [str(x) for x in riichi_placement_points_exact([30000, 30000, 30000, 10000], "mleague")]
    ['50/3', '50/3', '50/3', '-50']
    """
    p = get_placement(rules)
    s = _scores(scores)
    if type(leftover) is not int or not 0 <= leftover <= 1000:
        raise InvalidArgument(f"leftover={describe(leftover)}: the riichi sticks left on the table, 0-1000")
    if sum(s) + 1000 * leftover != 4 * p.start:
        raise InvalidArgument(
            f"the scores {list(s)} and {leftover} riichi stick(s) add up to {sum(s) + 1000 * leftover}, "
            f"not the {4 * p.start} of four starting scores of {p.start} ({p.name})")
    return tuple(_placement_fractions(s, p, leftover))


def riichi_placement_points(scores: object, rules: object = "wrc", leftover: object = 0) -> tuple[float, ...]:
    """:func:`riichi_placement_points_exact` rounded for display (:func:`round_points`).

    >>> riichi_placement_points([42000, 31000, 27000, 20000], "wrc")
    (27.0, 6.0, -8.0, -25.0)
    >>> riichi_placement_points([35000, 35000, 20000, 10000], "tenhou")
    (45.0, 15.0, -20.0, -40.0)
    """
    return tuple(round_points(x) for x in riichi_placement_points_exact(scores, rules, leftover))
