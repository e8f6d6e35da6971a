"""Rule options of riichi scoring and the presets of the major platforms and organisations.

Every option here changes a score somewhere; the presets say where each setting comes from.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Literal

from ..errors import InvalidArgument, describe

__all__ = ["PRESETS", "Rules", "get_rules"]

Kazoe = Literal["yakuman", "sanbaiman", "none"]
Renhou = Literal["off", "mangan", "yakuman"]


#: the yes/no options of :class:`Rules`
_SWITCHES = ("open_tanyao", "red_fives", "double_yakuman", "yakuman_stacking", "kiriage", "pinfu_tsumo",
             "ryuuiisou_needs_hatsu", "nagashi_mangan", "sanma")


@dataclass(frozen=True, slots=True)
class Rules:
    """Options of riichi scoring (RIICHI.md, "Rule options and presets").

    * ``open_tanyao`` — tanyao counts on an open hand (kuitan).
    * ``red_fives`` — red fives (``0m 0p 0s``) are dora; when off they are plain fives.
    * ``double_yakuman`` — kokushi 13-sided, pure nine gates, suuankou tanki and daisuushii
      count twice.
    * ``yakuman_stacking`` — several yakuman in one hand add up; when off the hand scores its
      largest single yakuman.
    * ``kazoe`` — what 13+ han of ordinary yaku and dora are worth: ``"yakuman"`` (kazoe
      yakuman), ``"sanbaiman"`` (capped at sanbaiman), ``"none"`` (no cap: 13 han a yakuman,
      26 a double yakuman ...).
    * ``kiriage`` — 4 han 30 fu and 3 han 60 fu are rounded up to mangan.
    * ``pinfu_tsumo`` — pinfu counts on a self-drawn win (20 fu, no tsumo fu); when off a
      pinfu-shaped tsumo gets 2 tsumo fu (30 fu) and no pinfu.
    * ``double_wind_pair_fu`` — fu of a pair of the wind that is both seat and round wind (2 or 4).
    * ``renhou`` — a ron before the winner's first draw: ``"off"``, ``"mangan"`` (a 5-han yaku
      that adds to the others) or ``"yakuman"``.
    * ``ryuuiisou_needs_hatsu`` — all-green requires the green dragon.
    * ``nagashi_mangan`` — nagashi mangan is played.
    * ``honba_points`` — what one honba counter adds to a win (300; on tsumo each payer pays a
      third of it). Some special lobbies pay more (Tenhou's "ratio" lobby 1500).
    * ``sanma`` — three-player game: no 2m–8m, dora after 1m is 9m, a tsumo is paid by the two
      other players only (tsumo loss, as on Tenhou), North tiles may be set aside (nuki dora).
    """

    name: str = "custom"
    open_tanyao: bool = True
    red_fives: bool = True
    double_yakuman: bool = True
    yakuman_stacking: bool = True
    kazoe: Kazoe = "yakuman"
    kiriage: bool = False
    pinfu_tsumo: bool = True
    double_wind_pair_fu: int = 4
    renhou: Renhou = "off"
    ryuuiisou_needs_hatsu: bool = False
    nagashi_mangan: bool = True
    honba_points: int = 300
    sanma: bool = False
    source: str = ""

    def __reduce__(self) -> tuple[Any, ...]:
        # a compiled frozen dataclass does not unpickle field by field: rebuild it
        return (Rules, (self.name, self.open_tanyao, self.red_fives, self.double_yakuman,
                        self.yakuman_stacking, self.kazoe, self.kiriage, self.pinfu_tsumo,
                        self.double_wind_pair_fu, self.renhou, self.ryuuiisou_needs_hatsu,
                        self.nagashi_mangan, self.honba_points, self.sanma, self.source))

    def __post_init__(self) -> None:
        _check_options(asdict(self))

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed (named ``custom`` unless a name is given)."""
        changes.setdefault("name", "custom")
        for k in changes:
            if k not in _FIELDS:
                raise InvalidArgument(f"unknown riichi rules option {describe(k)}: the options are "
                                      f"{', '.join(_FIELDS)}")
        options = {**asdict(self), **changes}
        _check_options(options)
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


_FIELDS = tuple(f.name for f in fields(Rules))


def _check_options(f: dict[str, Any]) -> None:
    """Every option of a riichi rule set checked (InvalidArgument naming the one at fault)."""
    for text, what in ((f["name"], "name"), (f["source"], "source")):
        if not isinstance(text, str):
            raise InvalidArgument(f"rules: {what} must be a string, not {describe(text)}")
    for switch in _SWITCHES:
        if not isinstance(f[switch], bool):
            raise InvalidArgument(f"rules: {switch} must be True or False, "
                                  f"not {describe(f[switch])}")
    if f["kazoe"] not in ("yakuman", "sanbaiman", "none"):
        raise InvalidArgument(f"rules: kazoe must be 'yakuman', 'sanbaiman' or 'none', "
                              f"not {describe(f['kazoe'])}")
    if f["renhou"] not in ("off", "mangan", "yakuman"):
        raise InvalidArgument(f"rules: renhou must be 'off', 'mangan' or 'yakuman', "
                              f"not {describe(f['renhou'])}")
    if type(f["double_wind_pair_fu"]) is not int or f["double_wind_pair_fu"] not in (2, 4):
        raise InvalidArgument(
            f"rules: double_wind_pair_fu must be 2 or 4, not {describe(f['double_wind_pair_fu'])}"
        )
    hp = f["honba_points"]
    if type(hp) is not int or not 0 <= hp <= 30000 or hp % 3:
        raise InvalidArgument(f"rules: honba_points must be a multiple of 3 from 0 to 30000, "
                              f"not {describe(hp)}")


PRESETS: dict[str, Rules] = {
    "default": Rules(
        name="default",
        source="RIICHI.md of the suanfan specification (the common modern Japanese rules).",
    ),
    "tenhou": Rules(
        name="tenhou",
        double_yakuman=False,
        source=(
            "Tenhou (tenhou.net) ranked lobbies: red fives and open tanyao on (as the table's "
            "flags say), no double yakuman but several yakuman add up, kazoe yakuman at 13 han, "
            "no kiriage, no renhou; checked against 474 recorded Tenhou wins "
            "(shared/data/tenhou/wins.jsonl)."
        ),
    ),
    "mahjongsoul": Rules(
        name="mahjongsoul",
        source=(
            "Mahjong Soul (雀魂) ranked matches: three red fives, open tanyao, double yakuman for "
            "kokushi 13-sided, pure nine gates, suuankou tanki and daisuushii, yakuman add up, "
            "kazoe yakuman, no kiriage, no renhou, all-green without hatsu allowed."
        ),
    ),
    "wrc": Rules(
        name="wrc",
        red_fives=False,
        double_yakuman=False,
        yakuman_stacking=False,
        kazoe="sanbaiman",
        kiriage=True,
        renhou="mangan",
        nagashi_mangan=False,
        source=(
            "World Riichi Championship rules 2015 (Sylvain Malbec; errata 2014 forum post): open "
            "tanyao, no red fives, every yakuman single and not cumulative, no kazoe yakuman "
            "(11+ han is sanbaiman), 4-30 / 3-60 rounded to mangan, renhou a 5-han yaku cumulative "
            "with other yaku and dora, no nagashi mangan."
        ),
    ),
    "ema": Rules(
        name="ema",
        red_fives=False,
        double_yakuman=False,
        yakuman_stacking=False,
        kazoe="sanbaiman",
        renhou="mangan",
        nagashi_mangan=False,
        source=(
            "EMA Riichi Competition Rules 2016 (mahjong-europe.org announcement of the revision): "
            "red fives removed, open tanyao, renhou a mangan, daisuushii a single yakuman, 13+ han "
            "a sanbaiman, maximum a single yakuman, nagashi mangan not allowed, 4-30 not rounded "
            "up to mangan."
        ),
    ),
}


def get_rules(rules: object) -> Rules:
    """A preset by name, or the given :class:`Rules`."""
    if isinstance(rules, Rules):
        return rules
    got = PRESETS.get(rules.strip().lower()) if isinstance(rules, str) else None
    if got is None:
        names = ", ".join(PRESETS)
        raise InvalidArgument(f"unknown riichi rules {describe(rules)}: use one of {names} or a Rules object")
    return got
