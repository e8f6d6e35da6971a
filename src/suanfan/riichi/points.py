"""Base points, limits and payments (RIICHI.md, "Fu and points").

Base points = fu × 2^(han+2), capped: mangan 2000 (5 han, or base ≥ 2000), haneman 3000
(6–7 han), baiman 4000 (8–10), sanbaiman 6000 (11–12), yakuman 8000 per multiple; kazoe at 13
han by option. A dealer is paid 6 × base, a non-dealer 4 × base, each payment rounded up to 100;
on tsumo a non-dealer winner gets 2 shares from the dealer and 1 from each other player (three
players: the absent player's share is lost, or split between the two payers by ``sanma_tsumo``).
Honba add 300 (100 from each payer on tsumo; ``honba_points``), 200 on a three-player ron
(``sanma_ron_honba``); riichi sticks add 1000 each.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .rules import Rules

__all__ = ["Payment", "base_points", "payment"]

_LIMIT_NAMES = {1: "yakuman", 2: "double yakuman", 3: "triple yakuman", 4: "quadruple yakuman",
                5: "quintuple yakuman", 6: "sextuple yakuman"}


def _yakuman_name(n: int) -> str:
    return _LIMIT_NAMES.get(n, f"{n}x yakuman")


def base_points(han: int, fu: int, yakuman: int, rules: Rules) -> tuple[int, str]:
    """``(base points, limit name)`` of a hand; the name is ``""`` below mangan."""
    if yakuman:
        return 8000 * yakuman, _yakuman_name(yakuman)
    if han >= 13:
        if rules.kazoe == "yakuman":
            return 8000, "kazoe yakuman"
        if rules.kazoe == "none":
            n = han // 13
            return 8000 * n, ("kazoe " + _yakuman_name(n))
        return 6000, "sanbaiman"
    if han >= 11:
        return 6000, "sanbaiman"
    if han >= 8:
        return 4000, "baiman"
    if han >= 6:
        return 3000, "haneman"
    if han >= 5:
        return 2000, "mangan"
    base = fu << (han + 2)
    if base >= 2000:
        return 2000, "mangan"
    if rules.kiriage and ((han == 4 and fu == 30) or (han == 3 and fu == 60)):
        return 2000, "mangan"
    return base, ""


def _up100(x: int) -> int:
    return -(-x // 100) * 100


class Payment(NamedTuple):
    """Who pays what.

    ``ron``: what the discarder pays (honba included); 0 on tsumo. On tsumo ``dealer`` is what
    the dealer pays (0 when the winner is the dealer) and ``non_dealer`` what each other
    player pays, honba included. ``honba`` and ``sticks`` are the points those add to the
    winner's take; ``value`` is the hand's value without them; ``total`` all the winner receives.
    (An immutable named tuple: cheaper to build than a frozen dataclass, same read-only use.)
    """

    tsumo: bool
    ron: int
    dealer: int
    non_dealer: int
    value: int
    honba: int
    sticks: int
    total: int
    payers: int  # how many players pay (1 on ron, 3 on tsumo, 2 on tsumo in sanma)

    def to_dict(self) -> dict[str, Any]:
        return {
            "tsumo": self.tsumo, "ron": self.ron, "dealer": self.dealer,
            "non_dealer": self.non_dealer, "value": self.value, "honba": self.honba,
            "sticks": self.sticks, "total": self.total, "payers": self.payers,
        }


def payment(base: int, dealer: bool, tsumo: bool, honba: int, sticks: int, rules: Rules) -> Payment:
    """The payments of a hand worth ``base`` points."""
    stick_points = 1000 * sticks
    if not tsumo:
        value = _up100(base * (6 if dealer else 4))
        hb = (rules.sanma_ron_honba if rules.sanma else rules.honba_points) * honba
        return Payment(False, value + hb, 0, 0, value, hb, stick_points, value + hb + stick_points, 1)
    others = 2 if rules.sanma else 3
    if dealer:
        each = _up100(2 * base)
        if others == 2 and rules.sanma_tsumo == "split":
            each += _up100(each // 2)  # the absent non-dealer's share split (折半)
        value = each * others
        hb = rules.honba_points // 3 * honba
        return Payment(True, 0, 0, each + hb, value, hb * others, stick_points,
                       value + hb * others + stick_points, others)
    from_dealer = _up100(2 * base)
    from_other = _up100(base)
    if others == 2 and rules.sanma_tsumo == "split":
        # the absent non-dealer's share split between the two payers (折半)
        half = _up100(from_other // 2)
        from_dealer += half
        from_other += half
    value = from_dealer + from_other * (others - 1)
    hb = rules.honba_points // 3 * honba
    return Payment(True, 0, from_dealer + hb, from_other + hb, value, hb * others, stick_points,
                   value + hb * others + stick_points, others)
