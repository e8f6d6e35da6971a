"""``suanfan rules [NAME] [--json]``: the MCR rule sets — the presets (name, source, what differs
from ``mcr``), or one rule set in full (every fan with its value, on or off); a user rule set is
shown the same way (``--rules-file``, ``--min-fan``, ``--fan-value``, ``--disable``, ``--enable``)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..cli import register_command
from .i18n import add_lang_option, fan_name, lang_of, words

__all__ = ["add_parser", "run"]


def _diff_text(d: Any, lang: str) -> str:
    from ..mcr.fans import FAN_BY_ID

    w = words(lang)

    def nm(i: str) -> str:
        return fan_name(FAN_BY_ID[i], lang)

    parts = []
    if "enabled" in d:
        parts.append("+ " + ", ".join(f"{nm(i)} {FAN_BY_ID[i].value}" for i in d["enabled"]))
    if "disabled" in d:
        parts.append("- " + ", ".join(nm(i) for i in d["disabled"]))
    if "values" in d:
        parts.append(f"{w['r_values']} " + ", ".join(f"{nm(i)}={v}" for i, v in d["values"].items()))
    for k, v in d.items():
        if k not in ("enabled", "disabled", "values"):
            parts.append(f"{k}={v}")
    return "; ".join(parts) or w["r_reference"]


def _fan_rows(r: Any) -> list[dict[str, Any]]:
    from ..mcr.fans import FANS

    return [
        {"id": f.id, "name_zh": f.zh, "name_zh_hant": f.zh_hant, "name_en": f.en,
         "value": r.values[f.id], "enabled": f.id not in r.disabled, "excludes": list(f.excludes),
         "source": f.source}
        for f in FANS
    ]


def run(args: argparse.Namespace) -> int:
    from ..mcr.rules import PRESETS, get_rules
    from .mcr import build_rules

    custom = bool(args.rules_file or args.min_fan is not None or args.fan_value or args.disable
                  or args.enable)
    ref = get_rules("mcr")
    lang = lang_of(args)
    w = words(lang)
    if args.name is None and not custom:
        presets = [
            {"name": r.name, "source": r.source, "description": r.description,
             "differs_from_mcr": r.differences(ref), "rules": r.to_dict()}
            for r in PRESETS.values()
        ]
        if args.json:
            print(json.dumps({"system": "mcr", "default": "mcr", "presets": presets}, ensure_ascii=False))
            return 0
        for p in presets:
            print(f"{p['name']}")
            print(f"  {w['r_source']}: {p['source']}")
            print(f"  {w['r_what']}: {p['description']}")
            print(f"  {w['r_differs']}: {_diff_text(p['differs_from_mcr'], lang)}")
        print("\n" + w["r_more"])
        return 0
    args.rules = args.name or "mcr"
    r = build_rules(args)
    d: dict[str, Any] = r.to_dict()
    d["source"] = r.source
    d["description"] = r.description
    d["differs_from_mcr"] = r.differences(ref)
    d["fans"] = _fan_rows(r)
    if args.json:
        print(json.dumps(d, ensure_ascii=False))
        return 0
    print(f"{r.name}: {r.description}" if r.description else r.name)
    if r.source:
        print(f"{w['r_source']}: {r.source}")
    print(f"{w['r_differs_mcr']}: {_diff_text(d['differs_from_mcr'], lang)}")
    print(f"{w['r_minimum']}: {r.min_fan}; {w['r_base']} {r.base_points}; {w['r_false_win']} "
          f"-{r.false_win[0]} / +{r.false_win[1]} {w['r_each']}")
    for f in d["fans"]:
        key = {"en": "name_en", "zh-Hans": "name_zh"}.get(lang, "name_zh_hant")
        name = f[key]
        state = "" if f["enabled"] else f"  ({w['r_off']})"
        print(f"  {f['value']:>3}  {name}  [{f['id']}]{state}")
    return 0


@register_command
def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("rules", help="list the MCR rule presets, or show one rule set in full")
    p.add_argument("name", nargs="?", default=None, help="a preset to show in full (e.g. mcr-extended)")
    p.add_argument("--rules-file", metavar="FILE", help="show a JSON rule set instead (see `suanfan mcr`)")
    p.add_argument("--min-fan", type=int, metavar="N", help="another minimum (起和番)")
    p.add_argument("--fan-value", action="append", metavar="FAN=N", help="change a fan's value")
    p.add_argument("--disable", action="append", metavar="FAN", help="switch a fan off")
    p.add_argument("--enable", action="append", metavar="FAN", help="switch a fan on")
    add_lang_option(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)
