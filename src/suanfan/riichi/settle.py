"""Per-seat settlement of a riichi win: the score change of every seat (RIICHI.md, "Payments").

:func:`settle` turns a :class:`~suanfan.riichi.Result` (scored with the win's honba and riichi
sticks) into the change of each seat's score at the win, the way game logs record it (Tenhou's
``sc``): the riichi sticks on the table go to the winner, and a stick declared this round counts
though its 1000 points left the declarer's score at the declaration (not here).

* Ron: the discarder pays :attr:`Payment.ron` (honba included).
* Tsumo: the dealer pays ``Payment.dealer``, every other player ``Payment.non_dealer``; with three
  players only the two others pay (tsumo loss, as the ``sanma`` rules say).
* Pao (liability) for a hand with daisangen or daisuushii (and suukantsu where the rules in use
  say so: pass ``pao_yaku``): on a tsumo the liable player pays everything, honba included; on a
  ron the liable player and the discarder pay half the hand's value each and the discarder the
  honba (``pao_honba="discarder"``, Tenhou's rule as the riichi wiki's page on sekinin barai and
  Tenhou-based rule sets describe it; ``"liable"`` for rule sets, such as Mahjong Soul's, where
  the liable player pays them); the liable player pays all when it is the discarder. Tenhou's
  logs confirm the tsumo case (a daisangen + tsuuiisou tsumo: the liable player paid all 64900);
  no log of the test data has a pao on a ron.
* A multiple ron: each winner is paid by the discarder; honba and sticks go to the first winner in
  turn order after the discarder (:func:`first_winner`): score the others with ``honba=0`` and
  ``riichi_sticks=0``.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from ..errors import InvalidArgument, describe
from .result import Result

__all__ = ["PAO_YAKU", "first_winner", "settle"]

#: the yakuman that make a player liable (pao) on every preset: big three dragons and big four winds
PAO_YAKU: tuple[str, ...] = ("daisangen", "daisuushii")


def _seat(value: object, what: str, players: int) -> int:
    if type(value) is not int or not 0 <= value < players:
        raise InvalidArgument(f"{what}={describe(value)}: a seat is 0-{players - 1}")
    return value


def first_winner(discarder: object, winners: Iterable[object], players: object = 4) -> int:
    """The winner of a multiple ron who collects the honba and sticks: the first in turn order
    after the discarder."""
    if players not in (3, 4):
        raise InvalidArgument(f"players={describe(players)}: 3 or 4")
    d = _seat(discarder, "discarder", players)
    seats = [_seat(w, "winner", players) for w in winners]
    if not seats or d in seats:
        raise InvalidArgument("a ron needs winners other than the discarder")
    return min(seats, key=lambda s: (s - d) % players)


def settle(result: object, winner: object, discarder: object, dealer: object, players: object = 4,
           pao: object = None, pao_yaku: Collection[str] = PAO_YAKU,
           pao_honba: str = "discarder") -> tuple[int, ...]:
    """The score change of every seat (``players`` numbers, seat 0 first) for ``result`` won by
    ``winner`` from ``discarder`` (``None`` on tsumo) with ``dealer`` the dealer's seat and
    ``pao`` the liable seat, if any. :class:`~suanfan.InvalidArgument` when the seats do not fit
    the result (a dealer win scored as a non-dealer's, a tsumo with a discarder, a pao for a hand
    without a pao yakuman ...). ``pao_honba``: who pays the honba of a ron with a liable player
    other than the discarder, ``"discarder"`` (Tenhou) or ``"liable"``."""
    if pao_honba not in ("discarder", "liable"):
        raise InvalidArgument(f"pao_honba={describe(pao_honba)}: 'discarder' or 'liable'")
    if not isinstance(result, Result):
        raise InvalidArgument(f"result={describe(result)}: give the Result of riichi.score")
    if players not in (3, 4) or type(players) is not int:
        raise InvalidArgument(f"players={describe(players)}: 3 or 4")
    w = _seat(winner, "winner", players)
    de = _seat(dealer, "dealer", players)
    p = result.payment
    if (w == de) != result.dealer:
        raise InvalidArgument(f"winner {w} with dealer {de}: the hand was scored as "
                              f"{'the dealer' if result.dealer else 'a non-dealer'}'s")
    d = -1  # the discarder's seat (-1: a tsumo)
    if discarder is None:
        if not p.tsumo:
            raise InvalidArgument("discarder=None (a tsumo) for a hand scored as a ron")
        if p.payers != players - 1:
            raise InvalidArgument(f"a tsumo paid by {p.payers} players in a {players}-player game: "
                                  "score a three-player game with sanma rules")
    else:
        d = _seat(discarder, "discarder", players)
        if p.tsumo:
            raise InvalidArgument(f"discarder={d} for a hand scored as a tsumo")
        if d == w:
            raise InvalidArgument(f"discarder={d}: the winner does not pay itself")
    out = [0] * players
    out[w] = p.total
    if pao is not None:
        liable = _seat(pao, "pao", players)
        if liable == w:
            raise InvalidArgument(f"pao={liable}: the winner is not liable to itself")
        if not any(y.id in pao_yaku for y in result.yaku):
            raise InvalidArgument(f"pao={liable}: the hand has no yakuman with liability "
                                  f"({', '.join(sorted(pao_yaku))})")
        if discarder is None:
            out[liable] -= p.value + p.honba
        elif liable == discarder:
            out[liable] -= p.ron
        else:
            half = p.value // 2
            honba_liable = p.honba if pao_honba == "liable" else 0
            out[liable] -= half + honba_liable
            out[d] -= p.value - half + p.honba - honba_liable
        return tuple(out)
    if d >= 0:
        out[d] -= p.ron
    else:
        for s in range(players):
            if s != w:
                out[s] -= p.dealer if s == de else p.non_dealer
    return tuple(out)
