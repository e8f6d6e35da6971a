"""Rule sets (presets) for MCR scoring.

A :class:`Rules` object is data: fan values, the fans switched on, the minimum, a few switches
and the false-win penalty. Variants are made with :meth:`Rules.derive`, never by forking code.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final

from ..errors import InvalidArgument, MahjongError, describe
from .extended import EXTENDED_IDS
from .fans import BOTZONE_FANS, FAN_BY_ID, FAN_INDEX, FANS

#: seed 003's extended fans present in the table (switched on only in ``mcr-extended``)
_EXTENDED = frozenset(i for i in EXTENDED_IDS if i in FAN_BY_ID)

__all__ = ["PRESETS", "PRESET_SOURCES", "Rules", "fan_id", "get_rules", "load_rules"]

#: the yes/no switches of :class:`Rules` (each read in one place: the rule tables or the situation)
_BOOL_SWITCHES = ("melded_concealed_kong", "green_may_add_flush", "knitted_tile_wait",
                  "fully_concealed_special_forms", "nine_gates_no_terminal_pungs",
                  "melded_kongs_count_concealed", "infer_last_of_kind")
#: everything :meth:`Rules.derive` takes besides fans and the minimum; the last three describe the
#: rule set (they change no score)
_SWITCHES = (*_BOOL_SWITCHES, "base_points", "false_win", "description", "source", "date")
_ABOUT = ("description", "source", "date")
#: the special forms whose 不计 lists (seed 003) name 不求人, and that score it when self-drawn under
#: ``fully_concealed_special_forms``
SPECIAL_FORMS_WITH_FCH: Final[tuple[str, ...]] = ("nine_gates", "seven_shifted_pairs", "thirteen_orphans",
                                 "four_concealed_pungs", "seven_pairs",
                                 "greater_honors_and_knitted_tiles", "lesser_honors_and_knitted_tiles")


def fan_id(name: object) -> str:
    """The fan id of a fan named by id (``chicken_hand``), simplified or traditional Chinese name
    (``无番和`` / ``無番和``) or English name (``Chicken Hand``); InvalidHand if none."""
    key = str(name).strip()
    if key in FAN_BY_ID:
        return key
    low = key.lower().replace("-", "_").replace(" ", "_")
    for f in FANS:
        if key in (f.zh, f.zh_hant) or low in (f.id, f.en.lower().replace("-", "_").replace(" ", "_")):
            return f.id
    raise InvalidArgument(f"unknown fan {name!r}: give its id (e.g. chicken_hand), Chinese or English name")


def _fan_list(fans: object, what: str) -> list[str]:
    """A fan or a list of fans (ids or names), or InvalidHand naming ``what``."""
    if isinstance(fans, str):
        return [fans]
    if isinstance(fans, bytes | Mapping) or not isinstance(fans, Iterable):
        raise InvalidArgument(f"rules: {what} is a list of fans, not {describe(fans)}")
    out = list(fans)
    for k in out:
        if not isinstance(k, str):
            raise InvalidArgument(f"rules: {what} is a list of fans (their ids or names), not {describe(k)}")
    return out


def _freeze(d: Mapping[str, int]) -> Mapping[str, int]:
    return MappingProxyType(dict(d))


#: the largest value a fan, the minimum, the base points or a false-win payment may take
MAX_FAN_VALUE: Final = 999


def _switch(v: object, name: str) -> bool:
    """A yes/no switch of the rules: strictly a bool."""
    if not isinstance(v, bool):
        raise InvalidArgument(f"rules: {name} must be true or false, not {describe(v)}")
    return v


def _false_win(fw: object) -> tuple[int, int]:
    """The false-win payments (claimant pays, each other receives): two amounts."""
    if not (isinstance(fw, tuple | list) and len(fw) == 2):
        raise InvalidArgument(f"rules: false_win is (claimant pays, each other receives), "
                              f"not {describe(fw)}")
    return (_amount(fw[0], "false_win's payment"), _amount(fw[1], "false_win's receipt"))


def _amount(v: object, what: str) -> int:
    """An int 0-MAX_FAN_VALUE (a value, a minimum, a payment), or InvalidHand naming ``what``."""
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= MAX_FAN_VALUE:
        raise InvalidArgument(f"rules: {what} must be an int 0-{MAX_FAN_VALUE}, not {describe(v)}")
    return v


@dataclass(frozen=True, eq=False)
class Rules:
    """An MCR rule set.

    ``values`` maps fan id → value (defaults from the table); ``disabled`` lists fan ids never
    counted; ``min_fan`` is the minimum without flowers (起和番); ``switches``:

    * ``melded_concealed_kong`` — one concealed + one melded kong count 明暗杠 (5) instead of
      暗杠 + 明杠 (Botzone / PyMahjongGB);
    * ``green_may_add_flush`` — seed 000's 2006 note: 绿一色 may also count 清一色, 混一色, 七对;
    * ``knitted_tile_wait`` — wait fans may count when the winning tile is of a kind the
      组合龙 uses but the hand can read it in the remaining set or pair (MCR.md); the Botzone
      engine gives no wait fan whenever the winning tile's kind is in the 组合龙;
    * ``fully_concealed_special_forms`` — a self-drawn 九莲宝灯, 连七对, 十三幺, 四暗刻, 七对,
      七星不靠 or 全不靠 also scores 不求人 (4, which replaces 自摸); seed 003's 不计 lists
      exclude it, the 2006/2014 texts say "自摸和牌加计不求人";
    * ``nine_gates_no_terminal_pungs`` — 九莲宝灯 counts no 幺九刻 at all (also the second one of
      a win on 2, 5 or 8); by default it takes the one 幺九刻 every 九莲宝灯 holds;
    * ``melded_kongs_count_concealed`` — a concealed kong also counts as a melded (明) kong: one
      melded + one concealed kong score 双明杠 + 暗杠 (the 2014 text: 一明杠与一暗杠计6分);
    * ``infer_last_of_kind`` — 和绝张 is counted without the flag when the hand's own melds show
      the other three copies of the winning tile (on by default); off, it needs ``last_of_kind``.

    ``false_win`` is (claimant pays, each other player receives) for a false win.
    """

    name: str = "mcr"
    values: Mapping[str, int] = field(default_factory=lambda: _freeze({}))
    disabled: frozenset[str] = frozenset()
    min_fan: int = 8
    melded_concealed_kong: bool = False
    green_may_add_flush: bool = False
    knitted_tile_wait: bool = True
    base_points: int = 8
    false_win: tuple[int, int] = (30, 10)
    description: str = ""
    #: where the rule set comes from (a seed, the spec, an engine), for ``suanfan rules``
    source: str = ""
    fully_concealed_special_forms: bool = False
    nine_gates_no_terminal_pungs: bool = False
    melded_kongs_count_concealed: bool = False
    infer_last_of_kind: bool = True
    #: when the source was published (or the preset checked); "" for a rule set of one's own
    date: str = ""
    #: the rule set as the engine reads it (:class:`RuleTables`), built once
    tables: RuleTables = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for text, what in ((self.name, "name"), (self.description, "description"), (self.source, "source"),
                           (self.date, "date")):
            if not isinstance(text, str):
                raise InvalidArgument(f"rules: {what} must be a string, not {describe(text)}")
        if not isinstance(self.values, Mapping):
            raise InvalidArgument(f"rules {self.name!r}: values must map fan ids to values, "
                                  f"not {describe(self.values)}")
        vals = {f.id: f.value for f in FANS}
        for k, v in dict(self.values).items():
            if k not in FAN_BY_ID:
                raise InvalidArgument(f"rules {self.name!r}: unknown fan {describe(k)}")
            vals[k] = _amount(v, f"the value of {k}")
        object.__setattr__(self, "values", _freeze(vals))
        if isinstance(self.disabled, str | bytes) or not isinstance(self.disabled, Iterable):
            raise InvalidArgument(f"rules {self.name!r}: disabled must be a list of fans, "
                                  f"not {describe(self.disabled)}")
        for k in self.disabled:
            if k not in FAN_BY_ID:
                raise InvalidArgument(f"rules {self.name!r}: unknown fan {describe(k)}")
        object.__setattr__(self, "disabled", frozenset(self.disabled))
        _amount(self.min_fan, "min_fan")
        _amount(self.base_points, "base_points")
        for switch in _BOOL_SWITCHES:
            _switch(getattr(self, switch), switch)
        if not isinstance(self.false_win, tuple):
            raise InvalidArgument(f"rules: false_win is a tuple, not {describe(self.false_win)}")
        _false_win(self.false_win)
        object.__setattr__(self, "tables", RuleTables(self, vals))

    def __reduce__(self) -> tuple[Any, ...]:
        # the values are a read-only mapping (which does not pickle): rebuild from the fields
        return (Rules, (self.name, dict(self.values), self.disabled, self.min_fan,
                        self.melded_concealed_kong, self.green_may_add_flush, self.knitted_tile_wait,
                        self.base_points, self.false_win, self.description, self.source,
                        self.fully_concealed_special_forms, self.nine_gates_no_terminal_pungs,
                        self.melded_kongs_count_concealed, self.infer_last_of_kind, self.date))

    # -- public helpers --------------------------------------------------------------------------
    def value(self, fan_id: str) -> int:
        return self.values[fan_id]

    def enabled(self, fan_id: str) -> bool:
        return fan_id not in self.disabled

    def derive(
        self,
        name: object = None,
        *,
        values: object = None,
        disabled: object = None,
        enabled: object = None,
        min_fan: object = None,
        **switches: object,
    ) -> Rules:
        """A new rule set: changed values, more fans switched off (``disabled``) or back on
        (``enabled``), another minimum, or changed switches. Every argument is checked before the
        rule set is built (InvalidArgument naming it)."""
        if name is not None and not isinstance(name, str):
            raise InvalidArgument(f"rules: name must be a string, not {describe(name)}")
        vals: dict[str, int] = dict(self.values)
        if values:
            if isinstance(values, str | bytes) or not isinstance(values, Mapping):
                raise InvalidArgument(f"rules: values must map fan ids to values, not {describe(values)}")
            for k, v in values.items():
                fid = fan_id(k)
                vals[fid] = _amount(v, f"the value of {fid}")
        dis = set(self.disabled)
        if disabled:
            dis.update(fan_id(k) for k in _fan_list(disabled, "disable"))
        if enabled:
            dis.difference_update(fan_id(k) for k in _fan_list(enabled, "enable"))
        minimum = self.min_fan if min_fan is None else _amount(min_fan, "min_fan")
        kw: dict[str, object] = {}
        for k, v in switches.items():
            if k not in _SWITCHES:
                raise InvalidArgument(f"unknown rules switch {describe(k)}: the switches are "
                                      f"{', '.join(_SWITCHES)}")
            kw[k] = v
        on = {k: _switch(kw.get(k, getattr(self, k)), k) for k in _BOOL_SWITCHES}
        base_points = _amount(kw.get("base_points", self.base_points), "base_points")
        false_win = _false_win(kw.get("false_win", self.false_win))
        description = kw.get("description", f"{self.name} with changes")
        source = kw.get("source", f"derived from {self.name}")
        date = kw.get("date", "")
        if not isinstance(description, str) or not isinstance(source, str) or not isinstance(date, str):
            raise InvalidArgument("rules: description, source and date are strings")
        return Rules(
            name or f"{self.name}+custom", _freeze(vals), frozenset(dis), minimum,
            on["melded_concealed_kong"], on["green_may_add_flush"], on["knitted_tile_wait"], base_points,
            false_win, description, source, on["fully_concealed_special_forms"],
            on["nine_gates_no_terminal_pungs"], on["melded_kongs_count_concealed"],
            on["infer_last_of_kind"], date,
        )

    def differences(self, other: Rules) -> dict[str, object]:
        """What this rule set changes from ``other``: values, fans switched off / on, minimum,
        switches (an empty dict when they score alike)."""
        out: dict[str, object] = {}
        vals = {k: v for k, v in self.values.items() if other.values.get(k) != v}
        if vals:
            out["values"] = vals
        off = sorted(self.disabled - other.disabled, key=FAN_INDEX.__getitem__)   # table order
        on = sorted(other.disabled - self.disabled, key=FAN_INDEX.__getitem__)
        if off:
            out["disabled"] = off
        if on:
            out["enabled"] = on
        if self.min_fan != other.min_fan:
            out["min_fan"] = self.min_fan
        for k in _SWITCHES:
            if k not in _ABOUT and getattr(self, k) != getattr(other, k):
                v = getattr(self, k)
                out[k] = list(v) if isinstance(v, tuple) else v
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """A rule set from a JSON-ready dict (a rules file): ``base`` (a preset, default "mcr"),
        ``name``, ``min_fan``, ``values`` {fan: value}, ``disable`` / ``enable`` [fans] (changes
        to the base) or ``disabled`` [fans] (the complete list, as :meth:`to_dict` writes it),
        and the switches. Fans may be named by id, Chinese or English name."""
        if not isinstance(data, Mapping):
            raise InvalidArgument("a rules file holds one JSON object")
        known = {"base", "name", "min_fan", "values", "disable", "enable", "disabled", *_SWITCHES}
        unknown = [k for k in data if k not in known]
        if unknown:
            raise InvalidArgument(f"rules: unknown key {describe(unknown[0])}; "
                                  f"the keys are {', '.join(sorted(known))}")
        base = get_rules(data.get("base", "mcr"))
        disabled = data.get("disabled")
        if disabled is not None:
            base = replace(base, disabled=frozenset(fan_id(k) for k in _fan_list(disabled, "disabled")))
        switches = {k: data[k] for k in _SWITCHES if k in data}  # derive checks them
        return base.derive(
            data.get("name") or f"{base.name}+custom",
            values=data.get("values"), disabled=data.get("disable"), enabled=data.get("enable"),
            min_fan=data.get("min_fan"), **switches,
        )

    def to_dict(self) -> dict[str, object]:
        return {
            "name": self.name,
            "min_fan": self.min_fan,
            "values": {k: v for k, v in self.values.items() if v != FAN_BY_ID[k].value},
            "disabled": sorted(self.disabled),
            "melded_concealed_kong": self.melded_concealed_kong,
            "green_may_add_flush": self.green_may_add_flush,
            "knitted_tile_wait": self.knitted_tile_wait,
            "fully_concealed_special_forms": self.fully_concealed_special_forms,
            "nine_gates_no_terminal_pungs": self.nine_gates_no_terminal_pungs,
            "melded_kongs_count_concealed": self.melded_kongs_count_concealed,
            "infer_last_of_kind": self.infer_last_of_kind,
            "base_points": self.base_points,
            "false_win": list(self.false_win),
        }

    def __repr__(self) -> str:
        return f"Rules({self.name!r})"


#: fans below this index are in :attr:`RuleTables.excludes_low`, the others in ``excludes_high``
EXCLUDE_SPLIT: Final = 62


def fan_masks(fans: Iterable[int]) -> tuple[int, int]:
    """Fan indices as the two bit masks of native size the walk reads: fans 0-61, then 62-123."""
    lo = hi = 0
    for f in fans:
        if f < EXCLUDE_SPLIT:
            lo |= 1 << f
        else:
            hi |= 1 << (f - EXCLUDE_SPLIT)
    return lo, hi


class RuleTables:
    """A rule set compiled for the engine: per fan index (:class:`~suanfan.mcr.fans.Fan`) its
    value, whether it is on, and the indices it excludes (不计), plus which of seed 003's
    extended detectors the rule set switches on."""

    __slots__ = (
        "disabled_high",
        "disabled_low",
        "enabled",
        "excludes",
        "excludes_high",
        "excludes_low",
        "extended",
        "flower_value",
        "in_value_order",
        "knitted_tile_wait",
        "melded_concealed_kong",
        "melded_kongs_count_concealed",
        "pair_258",
        "values",
    )

    def __init__(self, rules: Rules, vals: Mapping[str, int]) -> None:
        values = [vals[f.id] for f in FANS]
        disabled = rules.disabled
        if "flower_tiles" in disabled:  # flowers are added outside the walk: off = worth 0
            values[FAN_INDEX["flower_tiles"]] = 0
        self.values: Final[tuple[int, ...]] = tuple(values)
        #: no fan is worth more than one before it in precedence order (a walk's fans are then
        #: highest value first as they are kept)
        self.in_value_order: Final[bool] = all(values[i] >= values[i + 1] for i in range(len(values) - 1))
        self.enabled: Final[tuple[bool, ...]] = tuple(f.id not in disabled for f in FANS)
        excludes: list[tuple[int, ...]] = []
        for f in FANS:
            ex = [FAN_INDEX[e] for e in f.excludes]
            if rules.green_may_add_flush and f.id == "all_green":
                ex.remove(FAN_INDEX["half_flush"])
            if rules.fully_concealed_special_forms and f.id in SPECIAL_FORMS_WITH_FCH:
                ex.remove(FAN_INDEX["fully_concealed_hand"])
            if rules.nine_gates_no_terminal_pungs and f.id == "nine_gates":
                ex.append(FAN_INDEX["pung_of_terminals_or_honors"])
            excludes.append(tuple(ex))
        self.excludes: Final[tuple[tuple[int, ...], ...]] = tuple(excludes)
        # the same as two bit masks of native size: fans 0-61 and 62-123
        low: list[int] = []
        high: list[int] = []
        for fan_excludes in excludes:
            lo, hi = fan_masks(fan_excludes)
            low.append(lo)
            high.append(hi)
        if len(FANS) > 2 * EXCLUDE_SPLIT:
            raise AssertionError("the exclusion masks hold at most 124 fans")
        self.excludes_low: Final[tuple[int, ...]] = tuple(low)
        self.excludes_high: Final[tuple[int, ...]] = tuple(high)
        #: the fans the rules switch off, as the same two masks
        off_low, off_high = fan_masks(i for i, f in enumerate(FANS) if f.id in disabled)
        self.disabled_low: Final[int] = off_low
        self.disabled_high: Final[int] = off_high
        self.flower_value: Final[int] = values[FAN_INDEX["flower_tiles"]]
        self.melded_concealed_kong: Final[bool] = bool(rules.melded_concealed_kong)
        self.knitted_tile_wait: Final[bool] = bool(rules.knitted_tile_wait)
        #: one melded + one concealed kong: 双明杠 + 暗杠 (read in Ctx.kong_fans only)
        self.melded_kongs_count_concealed: Final[bool] = bool(rules.melded_kongs_count_concealed)
        on = [i not in disabled for i in _EXTENDED]
        #: 二五八将 is on (the engine's one per-reading extended detector)
        self.pair_258: Final[bool] = "pair_258" not in disabled
        #: any extended fan on (满江红 and the flower fans are then detected)
        self.extended: Final[bool] = any(on)


MCR = Rules(
    name="mcr", disabled=BOTZONE_FANS | _EXTENDED,
    description="the 81 fans of the competition rules, with the 不计 lists of the published fan "
                "guides and suanfan's documented readings",
    source="《中国麻将竞赛规则》 (Chinese Mahjong Competition Rules, State Sport General "
           "Administration, 1998): its 81-fan table as the 2014 World Mahjong Masters used it, with "
           "the 不计 (exclusion) lists of the published fan guides",
    date="1998",
)
MCR_BOTZONE = MCR.derive(
    "mcr-botzone", enabled=BOTZONE_FANS, melded_concealed_kong=True,
    description="mcr plus 明暗杠 (5): totals identical to PyMahjongGB 1.4 / the Botzone judge",
    source="the Botzone Chinese Standard Mahjong judge (PyMahjongGB 1.4, the fan calculator of "
           "the Botzone platform)",
    date="2020 (PyMahjongGB 1.4)",
)
MCR_2006 = MCR.derive(
    "mcr-2006", green_may_add_flush=True,
    description="mcr with the 2006 edition's note: 绿一色 may also count 清一色, 混一色 and 七对",
    source="《麻将竞赛规则》 (2006 edition), its 绿一色 line: 绿一色 … 可加计清一色、混一色、七对分",
    date="2006",
)
MCR_EMA = MCR.derive(
    "mcr-ema", values={"two_concealed_kongs": 8}, fully_concealed_special_forms=True,
    nine_gates_no_terminal_pungs=True, melded_kongs_count_concealed=True,
    description="mcr with the readings of the English 2006 competition rulebook (the 'Green Book') as "
                "the EMA and mahjongsoft.com apply them: a self-drawn 十三幺/七对/七星不靠 … scores "
                "不求人 (4) instead of 自摸; one melded + one concealed kong = 双明杠 + 暗杠; 九莲宝灯 "
                "counts no 幺九刻; 双暗杠 is 8",
    source="Mahjong Competition Rules, World Mahjong Organization, English edition 2006 (the Green "
           "Book, the EMA's MCR rulebook), with the WMO's 2014 Chinese edition 附件一 (第4/6/7/12/19/"
           "20/34番: 自摸和牌加计不求人; 第57番 双明杠: 一明杠与一暗杠计6分; 第八条 双暗杠 in the 8-point "
           "group) and the WMCC ruling on 九莲宝灯 and terminal pungs (Sloper, column 296, Dec. 2006)",
    date="2006-06 (English edition; 2014 Chinese edition for the clauses cited)",
)
_PRESET_LIST = [MCR, MCR_BOTZONE, MCR_2006, MCR_EMA]
if _EXTENDED:
    MCR_EXTENDED = MCR.derive(
        "mcr-extended", enabled=_EXTENDED,
        description="mcr plus an online platform's extra fans: 天和 88, 地和 64, 人和 48, 天听 32, "
                    "满江红 32, 八花聚顶 32, 地听 16, 梅兰竹菊 4, 春夏秋冬 4, 报听 2, 双报听 2, 二五八将 1",
        source="the extra fans of a Chinese online platform's rules (their definitions and 不计 "
               "lists as its published fan list gives them), on top of the 81",
        date="undated (platform rules)",
    )
    _PRESET_LIST.append(MCR_EXTENDED)

PRESETS: Mapping[str, Rules] = MappingProxyType({r.name: r for r in _PRESET_LIST})
#: preset name → where it comes from
PRESET_SOURCES: Mapping[str, str] = MappingProxyType({r.name: r.source for r in _PRESET_LIST})


#: the largest rules file read (a rule set is a few kilobytes)
MAX_RULES_FILE: Final = 1 << 20


def load_rules(source: object) -> Rules:
    """A rule set from a JSON file (path) or an already loaded dict (see :meth:`Rules.from_dict`).
    A file that cannot be read, is larger than a megabyte, is not UTF-8 JSON or does not describe
    a rule set gives an InvalidHand naming it."""
    if isinstance(source, Mapping):
        return Rules.from_dict(source)
    if not isinstance(source, str | Path):
        raise InvalidArgument(f"rules={describe(source)}: give a preset name, a rules file's path or a dict")
    name = str(source)
    try:
        with open(source, "rb") as f:
            raw = f.read(MAX_RULES_FILE + 1)
    except OSError as exc:
        raise InvalidArgument(f"cannot read rules file {name!r}: {exc.strerror or exc}") from None
    except ValueError as exc:  # e.g. a NUL in the path
        raise InvalidArgument(f"cannot read rules file {describe(name)}: {exc}") from None
    if len(raw) > MAX_RULES_FILE:
        raise InvalidArgument(f"rules file {name!r}: larger than {MAX_RULES_FILE >> 20} MB, not a rule set")
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise InvalidArgument(f"rules file {name!r}: not UTF-8 text (byte {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise InvalidArgument(f"rules file {name!r}: not JSON ({exc.msg}, line {exc.lineno})") from None
    except (ValueError, RecursionError) as exc:  # a number of thousands of digits, deep nesting
        raise InvalidArgument(f"rules file {name!r}: not a rule set ({describe(str(exc))})") from None
    try:
        return Rules.from_dict(data)
    except MahjongError as exc:
        raise InvalidArgument(f"rules file {name!r}: {exc}") from None


def get_rules(rules: object) -> Rules:
    if isinstance(rules, Rules):
        return rules
    if not isinstance(rules, str):
        raise InvalidArgument(f"rules={describe(rules)}: give a preset name or a Rules object")
    r = PRESETS.get(rules.strip().lower())
    if r is None:
        raise InvalidArgument(f"unknown MCR rules {describe(rules)}: presets are {', '.join(PRESETS)}")
    return r
