"""Rule sets (presets) for MCR scoring.

A :class:`Rules` object is data: fan values, the fans switched on, the minimum, a few switches
and the false-win penalty. Variants are made with :meth:`Rules.derive`, never by forking code.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from ..errors import InvalidHand
from .fans import BOTZONE_FANS, FAN_BY_ID, FAN_INDEX, FANS

__all__ = ["PRESETS", "Rules", "get_rules"]


def _freeze(d: Mapping[str, int]) -> Mapping[str, int]:
    return MappingProxyType(dict(d))


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
      engine gives no wait fan whenever the winning tile's kind is in the 组合龙.

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

    def __post_init__(self) -> None:
        vals = {f.id: f.value for f in FANS}
        for k, v in dict(self.values).items():
            if k not in FAN_BY_ID:
                raise InvalidHand(f"rules {self.name!r}: unknown fan {k!r}")
            if not isinstance(v, int) or v < 0:
                raise InvalidHand(f"rules {self.name!r}: value of {k} must be a non-negative int")
            vals[k] = v
        object.__setattr__(self, "values", _freeze(vals))
        for k in self.disabled:
            if k not in FAN_BY_ID:
                raise InvalidHand(f"rules {self.name!r}: unknown fan {k!r}")
        object.__setattr__(self, "disabled", frozenset(self.disabled))
        # compiled form used by the scorer: per table index, value and exclusion bit masks
        value_list = tuple(vals[f.id] for f in FANS)
        excl = []
        for f in FANS:
            m = 0
            for e in f.excludes:
                m |= 1 << FAN_INDEX[e]
            excl.append(m)
        if self.green_may_add_flush:
            g = FAN_INDEX["all_green"]
            excl[g] &= ~(1 << FAN_INDEX["half_flush"])
        enabled = 0
        for i, f in enumerate(FANS):
            if f.id not in self.disabled:
                enabled |= 1 << i
        object.__setattr__(self, "_values", value_list)
        object.__setattr__(self, "_excl", tuple(excl))
        object.__setattr__(self, "_enabled", enabled)

    # -- public helpers --------------------------------------------------------------------------
    def value(self, fan_id: str) -> int:
        return self.values[fan_id]

    def enabled(self, fan_id: str) -> bool:
        return fan_id not in self.disabled

    def derive(
        self,
        name: str | None = None,
        *,
        values: Mapping[str, int] | None = None,
        disabled: Iterable[str] | None = None,
        enabled: Iterable[str] | None = None,
        min_fan: int | None = None,
        **switches: object,
    ) -> Rules:
        """A new rule set: changed values, more fans switched off (``disabled``) or back on
        (``enabled``), another minimum, or changed switches."""
        vals = dict(self.values)
        if values:
            vals.update(values)
        dis = set(self.disabled)
        if disabled:
            dis.update(disabled)
        if enabled:
            dis.difference_update(enabled)
        kw: dict[str, object] = {}
        for k, v in switches.items():
            if k not in ("melded_concealed_kong", "green_may_add_flush", "knitted_tile_wait",
                         "base_points", "false_win", "description"):
                raise InvalidHand(f"unknown rules switch {k!r}")
            kw[k] = v
        return replace(
            self, name=name or f"{self.name}+custom", values=_freeze(vals),
            disabled=frozenset(dis), min_fan=self.min_fan if min_fan is None else min_fan,
            **kw,  # type: ignore[arg-type]
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
            "base_points": self.base_points,
            "false_win": list(self.false_win),
        }

    def __repr__(self) -> str:
        return f"Rules({self.name!r})"


MCR = Rules(
    name="mcr", disabled=BOTZONE_FANS,
    description="the 81 fans of the competition rules with the interpretations of MCR.md",
)
MCR_BOTZONE = MCR.derive(
    "mcr-botzone", enabled=BOTZONE_FANS, melded_concealed_kong=True,
    description="mcr plus 明暗杠 (5): totals identical to PyMahjongGB 1.4 / the Botzone judge",
)
MCR_2006 = MCR.derive(
    "mcr-2006", green_may_add_flush=True,
    description="mcr with seed 000's 2006 note: 绿一色 may also count 清一色, 混一色 and 七对",
)

PRESETS: Mapping[str, Rules] = MappingProxyType({
    r.name: r for r in (MCR, MCR_BOTZONE, MCR_2006)
})


def get_rules(rules: str | Rules) -> Rules:
    if isinstance(rules, Rules):
        return rules
    r = PRESETS.get(str(rules).strip().lower())
    if r is None:
        raise InvalidHand(f"unknown MCR rules {rules!r}: presets are {', '.join(PRESETS)}")
    return r
