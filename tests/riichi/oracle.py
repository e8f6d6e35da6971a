"""Adapter to the `mahjong` package (PyPI, 2.x), the riichi oracle of the differential tests.

Translates a suanfan hand + situation + Rules into the oracle's 136-tile call and its answer
into comparable numbers. Only used by tests and benches (a dev dependency).
"""

from __future__ import annotations

from typing import Any

from mahjong.constants import EAST as M_EAST  # noqa: F401  (import check)
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld as MMeld

from suanfan.hand import Hand, MeldKind
from suanfan.notation import parse_tiles
from suanfan.riichi.rules import Rules
from suanfan.tiles import KIND, RED_MAN

_WIND = {"E": 27, "S": 28, "W": 29, "N": 30}


def comparable(rules: Rules) -> bool:
    """True when the oracle can be set to these rules."""
    return (rules.yakuman_stacking and rules.double_wind_pair_fu == 4
            and not rules.ryuuiisou_needs_hatsu and not rules.sanma)


def options(rules: Rules) -> OptionalRules:
    kazoe = {"yakuman": HandConstants.KAZOE_LIMITED, "sanbaiman": HandConstants.KAZOE_SANBAIMAN,
             "none": HandConstants.KAZOE_NO_LIMIT}[rules.kazoe]
    return OptionalRules(
        has_open_tanyao=rules.open_tanyao, has_aka_dora=rules.red_fives,
        has_double_yakuman=rules.double_yakuman, kazoe_limit=kazoe, kiriage=rules.kiriage,
        fu_for_open_pinfu=True, fu_for_pinfu_tsumo=not rules.pinfu_tsumo,
        renhou_as_yakuman=rules.renhou == "yakuman", limit_to_sextuple_yakuman=False,
    )


class _Ids:
    """Hands out distinct 136-format ids; red fives are copy 0 of their five."""

    def __init__(self) -> None:
        self.used = [0] * 34

    def take(self, t: int) -> int:
        k = KIND[t]
        if t >= RED_MAN:
            return k * 4
        i = 1 + self.used[k] if k < 27 and k % 9 == 4 else self.used[k]
        self.used[k] += 1
        return k * 4 + i


def call(hand: Hand, kw: dict[str, Any], rules: Rules) -> Any:
    ids = _Ids()
    tiles: list[int] = []
    melds: list[MMeld] = []
    for m in hand.melds:
        mt = [ids.take(t) for t in m.tiles]
        tiles.extend(mt)
        if m.kind is MeldKind.CHOW:
            melds.append(MMeld(MMeld.CHI, mt, opened=True))
        elif m.kind is MeldKind.PUNG:
            melds.append(MMeld(MMeld.PON, mt, opened=True))
        elif m.concealed:
            melds.append(MMeld(MMeld.KAN, mt, opened=False))
        elif m.promoted:
            melds.append(MMeld(MMeld.SHOUMINKAN, mt, opened=True))
        else:
            melds.append(MMeld(MMeld.KAN, mt, opened=True))
    for t in hand.concealed:
        tiles.append(ids.take(t))
    assert hand.winning_tile is not None
    win = ids.take(hand.winning_tile)
    tiles.append(win)
    dora = [KIND[t] * 4 for t in parse_tiles(kw.get("dora_indicators", "") or "")]
    ura = [KIND[t] * 4 for t in parse_tiles(kw.get("ura_dora_indicators", "") or "")]
    dr = bool(kw.get("double_riichi"))
    cfg = HandConfig(
        is_tsumo=bool(kw.get("tsumo")), is_riichi=bool(kw.get("riichi")) and not dr,
        is_daburu_riichi=dr, is_ippatsu=bool(kw.get("ippatsu")), is_rinshan=bool(kw.get("rinshan")),
        is_chankan=bool(kw.get("chankan")), is_haitei=bool(kw.get("haitei")),
        is_houtei=bool(kw.get("houtei")), is_tenhou=bool(kw.get("tenhou")),
        is_chiihou=bool(kw.get("chiihou")), is_renhou=bool(kw.get("renhou")),
        player_wind=_WIND[kw.get("seat_wind", "E")], round_wind=_WIND[kw.get("round_wind", "E")],
        kyoutaku_number=kw.get("riichi_sticks", 0), tsumi_number=kw.get("honba", 0),
        options=options(rules),
    )
    return HandCalculator.estimate_hand_value(tiles, win, melds=melds, dora_indicators=dora,
                                              config=cfg, ura_dora_indicators=ura)


def summary(resp: Any, tsumo: bool, dealer: bool) -> tuple[Any, ...]:
    """(han, fu or 0 for yakuman, payments...) of an oracle answer, or ('error', name)."""
    if resp.error:
        return ("error", resp.error)
    c = resp.cost
    yakuman = any(y.is_yakuman for y in resp.yaku)
    fu = 0 if yakuman else resp.fu
    if not tsumo:
        return (resp.han, fu, c["main"] + c["main_bonus"], 0, 0, c["total"])
    if dealer:
        return (resp.han, fu, 0, 0, c["main"] + c["main_bonus"], c["total"])
    return (resp.han, fu, 0, c["main"] + c["main_bonus"], c["additional"] + c["additional_bonus"],
            c["total"])


def ours(result: Any) -> tuple[Any, ...]:
    p = result.payment
    return (result.han, result.fu, p.ron, p.dealer, p.non_dealer, p.total)
