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
SanmaTsumo = Literal["loss", "split"]


#: the yes/no options of :class:`Rules`
_SWITCHES = ("open_tanyao", "red_fives", "double_yakuman", "yakuman_stacking", "kiriage", "pinfu_tsumo",
             "ryuuiisou_needs_hatsu", "nagashi_mangan", "sanma", "tenhou_double_wait")


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
    * ``sanma_ron_honba`` — what one honba counter adds to a three-player ron (200: Tenhou and
      Mahjong Soul pay a honba on three players as the two payers of a tsumo would, 100 each;
      300 where a house rule pays the four-player amount). A three-player tsumo still costs each
      of the two payers a third of ``honba_points``. Unused with four players.
    * ``sanma`` — three-player game: no 2m–8m, dora after 1m is 9m, a tsumo is paid by the two
      other players only, North tiles may be set aside (nuki dora).
    * ``sanma_tsumo`` — what a three-player tsumo is paid: ``"loss"`` (the two others pay their
      four-player shares and the absent fourth player's share is lost: tsumo loss, as on Tenhou
      and Mahjong Soul) or ``"split"`` (the absent non-dealer's share is split between the two
      payers, each half rounded up to 100: 折半, a common house rule).
    * ``tenhou_double_wait`` — with tenhou the dealt hand has no winning tile, so kokushi, chuuren
      and suuankou count as their double forms (13-sided, pure nine-sided, tanki) when
      ``double_yakuman`` is on (Mahjong Soul); when off they count single (seed 000's 國士無雙
      note: with tenhou the wait is unknown).
    * ``date`` — when the rules the preset follows were published or last checked (``""`` for
      a rule set of one's own).
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
    sanma_tsumo: SanmaTsumo = "loss"
    tenhou_double_wait: bool = False
    date: str = ""
    sanma_ron_honba: int = 200

    def __reduce__(self) -> tuple[Any, ...]:
        # a compiled frozen dataclass does not unpickle field by field: rebuild it
        return (Rules, (self.name, self.open_tanyao, self.red_fives, self.double_yakuman,
                        self.yakuman_stacking, self.kazoe, self.kiriage, self.pinfu_tsumo,
                        self.double_wind_pair_fu, self.renhou, self.ryuuiisou_needs_hatsu,
                        self.nagashi_mangan, self.honba_points, self.sanma, self.source,
                        self.sanma_tsumo, self.tenhou_double_wait, self.date,
                        self.sanma_ron_honba))

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

    def differences(self, other: Rules) -> dict[str, Any]:
        """The options of this rule set that differ from ``other``'s (name, source and date
        aside): ``{option: this value}``; empty when they score alike."""
        mine, theirs = asdict(self), asdict(other)
        return {k: v for k, v in mine.items() if k not in _ABOUT and theirs[k] != v}


_FIELDS = tuple(f.name for f in fields(Rules))
#: the fields that describe a rule set rather than change a score
_ABOUT = ("name", "source", "date")


def _check_options(f: dict[str, Any]) -> None:
    """Every option of a riichi rule set checked (InvalidArgument naming the one at fault)."""
    for text, what in ((f["name"], "name"), (f["source"], "source"), (f["date"], "date")):
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
    if f["sanma_tsumo"] not in ("loss", "split"):
        raise InvalidArgument(f"rules: sanma_tsumo must be 'loss' or 'split', "
                              f"not {describe(f['sanma_tsumo'])}")
    if type(f["double_wind_pair_fu"]) is not int or f["double_wind_pair_fu"] not in (2, 4):
        raise InvalidArgument(
            f"rules: double_wind_pair_fu must be 2 or 4, not {describe(f['double_wind_pair_fu'])}"
        )
    hp = f["honba_points"]
    if type(hp) is not int or not 0 <= hp <= 30000 or hp % 3:
        raise InvalidArgument(f"rules: honba_points must be a multiple of 3 from 0 to 30000, "
                              f"not {describe(hp)}")
    sr = f["sanma_ron_honba"]
    if type(sr) is not int or not 0 <= sr <= 30000:
        raise InvalidArgument(f"rules: sanma_ron_honba must be a whole number from 0 to 30000, "
                              f"not {describe(sr)}")


_WRC_2015 = Rules(
    name="wrc-2015",
    red_fives=False,
    double_yakuman=False,
    yakuman_stacking=False,
    kazoe="sanbaiman",
    kiriage=True,
    renhou="mangan",
    nagashi_mangan=False,
    date="2015-06-16",
    source=(
        "World Riichi Championship rules 2015 (Sylvain Malbec, rule book of 16 June 2015; errata "
        "of the 2014 rules, reachmahjong.com forum, January 2014): open tanyao, no red fives, "
        "every yakuman single and not cumulative, no kazoe yakuman (11+ han is sanbaiman), 4-30 / "
        "3-60 rounded up to mangan, renhou a 5-han yaku cumulative with other yaku and dora, no "
        "nagashi mangan, double-wind pair 4 fu. For results of WRC events before 2022."
    ),
)

PRESETS: dict[str, Rules] = {
    "default": Rules(
        name="default",
        date="2026-11-30",
        source="the common modern Japanese rules as the online platforms play them: red fives, "
               "open tanyao, double yakuman for the 13-sided kokushi, 4-sided suuankou, pure nine "
               "gates and daisuushii, different yakuman add up, kazoe yakuman at 13 han, no "
               "kiriage, no renhou, nagashi mangan, a double-wind pair 4 fu.",
    ),
    "tenhou": Rules(
        name="tenhou",
        double_yakuman=False,
        date="2026-11-30 (checked against the logs)",
        source=(
            "Tenhou (tenhou.net) ranked lobbies: red fives and open tanyao on (as the table's "
            "flags say), no double yakuman but several yakuman add up, kazoe yakuman at 13 han, "
            "no kiriage, no renhou; checked against every win of 145 real Tenhou game logs."
        ),
    ),
    "tenhou-sanma": Rules(
        name="tenhou-sanma",
        double_yakuman=False,
        sanma=True,
        date="2026-12-03 (checked against the logs)",
        source=(
            "Tenhou (tenhou.net) three-player lobbies: the tenhou preset with three players (no "
            "2m-8m, dora after 1m is 9m, North set aside as nuki dora, tsumo loss: a tsumo is paid "
            "by the two others at their four-player shares; a honba adds 200 to a ron and 100 from "
            "each payer to a tsumo, as the logs pay: 2014091101gm-00b9-0000-5ca6b487, a 2600 ron "
            "at 2 honba paid 3000, and 2018110809gm-00b9-0000-00a79b89, a 32000 ron at 2 honba "
            "paid 32400; a win on the tile drawn after a North set aside is rinshan kaihou, as "
            "2024010120gm-00b9-0000-e324b88a records it); reproduces every win of the "
            "three-player Tenhou games in tests/data/tenhou (dnovikoff/sanma2.xml, sanma/)."
        ),
    ),
    "mahjongsoul": Rules(
        name="mahjongsoul",
        tenhou_double_wait=True,
        date="2026-12-01 (secondary sources checked)",
        source=(
            "Mahjong Soul (雀魂) ranked matches: three red fives, open tanyao, double yakuman for "
            "kokushi 13-sided, pure nine gates, suuankou tanki and daisuushii, yakuman add up, "
            "kazoe yakuman, no kiriage, no renhou, all-green without hatsu allowed; with tenhou a "
            "kokushi, chuuren or suuankou counts its double form. The platform's own rule page was "
            "not found: the settings follow secondary sources (mahjongcollege.com: 国士無双十三面 a "
            "double yakuman on 雀魂; riichienv's default_mjsoul preset; InjusticeJudge issue 19 on "
            "tenhou upgrading the three to their double forms)."
        ),
    ),
    "mahjongsoul-sanma": Rules(
        name="mahjongsoul-sanma",
        tenhou_double_wait=True,
        sanma=True,
        date="2026-12-03 (secondary sources checked)",
        source=(
            "Mahjong Soul (雀魂) three-player matches: the mahjongsoul preset with three players "
            "(no 2m-8m, North set aside as nuki dora, tsumo loss as on Tenhou: riichienv's "
            "three-player scoring, majyan-item.com's comparison of Tenhou and 雀魂 three-player "
            "rules; a honba adds 200 to a ron: shinkuan/Akagi pull request 115, checked on a "
            "captured 雀魂 three-player log, 7700 at 1 honba paid 7900). Not independently "
            "confirmed in the platform's own rules."
        ),
    ),
    "wrc": Rules(
        name="wrc",
        red_fives=False,
        double_yakuman=False,
        yakuman_stacking=True,
        kazoe="sanbaiman",
        kiriage=True,
        double_wind_pair_fu=2,
        renhou="mangan",
        nagashi_mangan=False,
        date="2022-03-29",
        source=(
            "World Riichi Championship rules 2022 (WRC committee, 'WRC 2022 Major Rule Changes "
            "Summary' of 29 March 2022, worldriichi.org/wrc-rules, as quoted in "
            "EmeraldCoder/riichi-pointer-js issue 29 and by mahjongbelgium.be on 2 April 2022; "
            "optional-rules extension of 21 June 2022): different yakuman now add up (double, "
            "triple ...) but a yakuman that other rules count double (kokushi 13-sided ...) stays "
            "single; a pair of the double wind gives 2 fu, not 4; 13+ han without a yakuman is "
            "still a sanbaiman; four kongs with 16 dora is still one yakuman (dora never add to a "
            "yakuman); red fives are an optional rule only; rounding 4-30 / 3-60 up to mangan is "
            "kept. Renhou (5 han, cumulative) and no nagashi mangan are the 2015 settings, not "
            "found restated in the 2022 texts. Uma split on ties, pao (daisangen, daisuushii), "
            "head bump and no abortive draws are not scoring options (see README)."
        ),
    ),
    "wrc-2015": _WRC_2015,
    "ema": Rules(
        name="ema",
        red_fives=False,
        double_yakuman=False,
        yakuman_stacking=False,
        kazoe="sanbaiman",
        renhou="mangan",
        nagashi_mangan=False,
        date="2016 (EMA rules revision)",
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
