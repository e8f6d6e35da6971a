"""The situation of a riichi win: its flags defined once, and the check of the flags against the hand.

:class:`Situation` lists every keyword of :func:`suanfan.riichi.score` but ``rules``, with its
default and its help text (``field.metadata["help"]``), so the CLI options and the web request
models can be generated from it. :func:`check_flags` is the one place that says which flags
contradict the hand or each other; it raises :class:`InvalidHand` naming the flag.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

from ..errors import InvalidArgument, InvalidHand, describe
from .rules import Rules

__all__ = ["FLAGS", "WIND_KINDS", "Situation", "check_flags", "count", "wind"]


def _help(text: str) -> dict[str, str]:
    return {"help": text}


@dataclass
class Situation:
    """The situation of a win: how it was won, the winds, the indicators and the counters."""

    tsumo: bool = field(default=False, metadata=_help("won by self-draw (default: on a discard)"))
    riichi: bool = field(default=False, metadata=_help("riichi declared"))
    double_riichi: bool = field(default=False, metadata=_help("double riichi (implies riichi)"))
    ippatsu: bool = field(default=False, metadata=_help("won within a turn of riichi"))
    rinshan: bool = field(default=False, metadata=_help(
        "won on the replacement tile of a kong (or, three-player, of a North set aside)"))
    chankan: bool = field(default=False, metadata=_help("won by robbing a kong"))
    haitei: bool = field(default=False, metadata=_help("self-drawn on the last wall tile"))
    houtei: bool = field(default=False, metadata=_help("won on the last discard"))
    tenhou: bool = field(default=False, metadata=_help("dealer's win on the deal"))
    chiihou: bool = field(default=False, metadata=_help("non-dealer's win on the first draw"))
    renhou: bool = field(default=False, metadata=_help("win on a discard before the first draw"))
    seat_wind: str | int = field(default="E", metadata=_help("seat wind E S W N (E = dealer)"))
    round_wind: str | int = field(default="E", metadata=_help("round wind E S W N"))
    dora_indicators: str | Iterable[str | int] | None = field(
        default="", metadata=_help("dora INDICATORS, e.g. 3m7z"))
    ura_dora_indicators: str | Iterable[str | int] | None = field(
        default="", metadata=_help("ura dora indicators (count only with riichi)"))
    honba: int = field(default=0, metadata=_help("honba counters"))
    riichi_sticks: int = field(default=0, metadata=_help("riichi sticks on the table"))
    nuki: int = field(default=0, metadata=_help("North tiles set aside (three-player)"))


#: the yes/no flags of a situation, in the order of :func:`suanfan.riichi.score`'s keywords
FLAGS: Final[tuple[str, ...]] = (
    "tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei",
    "houtei", "tenhou", "chiihou", "renhou")

#: the wind kind (27–30) of each name of a wind
WIND_KINDS: Final[dict[str, int]] = {
    "E": 27, "S": 28, "W": 29, "N": 30, "EAST": 27, "SOUTH": 28, "WEST": 29, "NORTH": 30,
    "1Z": 27, "2Z": 28, "3Z": 29, "4Z": 30, "东": 27, "南": 28, "西": 29, "北": 30, "東": 27,
}


def wind(value: str | int, what: str) -> int:
    """The wind kind (27–30) of ``E S W N`` (or East, 1z, 東 ...; or 0–3, 27–30)."""
    if isinstance(value, str):
        w = WIND_KINDS.get(value)
        if w is None:
            w = WIND_KINDS.get(value.strip().upper())
        if w is not None:
            return w
    elif isinstance(value, int) and not isinstance(value, bool):
        if 27 <= value <= 30:
            return value
        if 0 <= value <= 3:
            return 27 + value
    raise InvalidArgument(f"{what} {describe(value)} is not a wind: use E, S, W or N")


def flag(value: object, what: str) -> bool:
    """A situation flag: True or False (or 0 / 1); anything else is an error, not read by its
    truth."""
    if value is True or value is False:
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    raise InvalidArgument(f"{what}={describe(value)}: a situation flag is True or False")


#: the largest honba / riichi-stick count taken (real games stay far below it)
MAX_COUNTER: Final = 999
#: the North tiles a three-player hand can set aside
MAX_NUKI: Final = 4


def count(value: object, what: str, limit: int = MAX_COUNTER) -> int:
    """A counter (honba, riichi sticks, nuki): a whole number 0 to ``limit``."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= limit:
        return value
    raise InvalidArgument(f"{what} must be a whole number 0-{limit}, not {describe(value)}")


def check_flags(
    tsumo: bool, riichi: bool, double_riichi: bool, ippatsu: bool, rinshan: bool, chankan: bool,
    haitei: bool, houtei: bool, tenhou: bool, chiihou: bool, renhou: bool,
    closed: bool, melds: int, kongs: int, dealer: bool, rules: Rules, nuki: int = 0,
) -> None:
    """Raise :class:`InvalidHand` naming the flag when the flags contradict the hand (``closed``,
    ``melds`` and ``kongs`` declared, ``nuki`` North tiles set aside, ``dealer``), each other or
    the rules (seed 000 notes of each yaku). ``riichi`` is already true when ``double_riichi`` is.
    Rinshan kaihou needs a kong, or in a three-player game a North set aside: that too is replaced
    from the dead wall, and a win on the replacement is rinshan (riichi wiki, "Rinshan kaihou" and
    "Sanma"; Tenhou's three-player logs)."""
    if riichi and not closed:
        raise InvalidHand(("double riichi" if double_riichi else "riichi") + " needs a closed hand, "
                          "but the hand has open melds")
    if ippatsu and not riichi:
        raise InvalidHand("ippatsu without riichi: ippatsu is a win within a turn of declaring riichi")
    if rinshan or chankan or haitei or houtei:
        if rinshan and not tsumo:
            raise InvalidHand("rinshan kaihou is a self-drawn win on the replacement tile of a kong (set "
                              "tsumo)")
        if rinshan and not kongs and not (nuki and rules.sanma):
            if nuki:
                raise InvalidHand("rinshan kaihou without a kong: a North set aside is replaced "
                                  "only in three-player rules")
            raise InvalidHand("rinshan kaihou without a kong: the hand declares no kong (and, "
                              "three-player, sets no North aside)")
        if rinshan and ippatsu:
            raise InvalidHand("ippatsu cannot be won on a replacement tile: the kong (or the North "
                              "set aside) ends it (seed 000, 一發 note)")
        if chankan and tsumo:
            raise InvalidHand("chankan (robbing a kong) is a win on another player's tile, not a tsumo")
        if haitei and not tsumo:
            raise InvalidHand("haitei is a self-drawn win on the last wall tile (set tsumo; on a "
                              "discard it is houtei)")
        if houtei and tsumo:
            raise InvalidHand("houtei is a win on the last discard, not a tsumo (the self-drawn one is "
                              "haitei)")
        if haitei and rinshan:
            raise InvalidHand("haitei and rinshan kaihou together: the last wall tile is not a "
                              "replacement tile")
        if houtei and chankan:
            raise InvalidHand("houtei and chankan together: the robbed kong tile is not the last discard")
    if not (tenhou or chiihou or renhou):
        return
    for flag, name in ((tenhou, "tenhou"), (chiihou, "chiihou"), (renhou, "renhou")):
        if not flag:
            continue
        if melds:
            raise InvalidHand(f"{name} is won before any call, but the hand has melds")
        if nuki:
            raise InvalidHand(f"{name} is won before any call, but the hand has set a North aside "
                              "(a nuki ends the first go-around)")
        if riichi or ippatsu:
            raise InvalidHand(f"{name} is won before the first discard: no riichi or ippatsu")
        if rinshan or chankan or haitei or houtei:
            raise InvalidHand(f"{name} cannot be combined with rinshan, chankan, haitei or houtei")
    if tenhou and (not dealer or not tsumo):
        raise InvalidHand("tenhou is the dealer's (seat wind E) self-drawn win on the first draw")
    if chiihou and (dealer or not tsumo):
        raise InvalidHand("chiihou is a non-dealer's self-drawn win on the first draw")
    if renhou and (dealer or tsumo):
        raise InvalidHand("renhou is a non-dealer's win on a discard before the first draw")
    if renhou and rules.renhou == "off":
        raise InvalidHand(f"renhou is not counted under the rules {rules.name!r}")
    if tenhou + chiihou + renhou > 1:
        raise InvalidHand("tenhou, chiihou and renhou exclude each other")
