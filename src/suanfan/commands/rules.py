"""``suanfan rules [NAME] [--system mcr|riichi] [--diff A B] [--json]``: the rule sets of both
systems — the presets (name, source, date, what differs from the system's reference), one rule set
in full (MCR: every fan with its value, on or off; riichi: every option), or what differs between
two presets of one system (``--diff``); an MCR user rule set is shown the same way
(``--rules-file``, ``--min-fan``, ``--fan-value``, ``--disable``, ``--enable``)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..cli import register_command
from ..errors import InvalidArgument
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


def _system_of_or_none(name: str) -> str | None:
    try:
        return _system_of(name)
    except InvalidArgument:
        return None


def _riichi_list() -> list[dict[str, Any]]:
    from ..riichi.rules import PRESETS

    ref = PRESETS["default"]
    return [{"name": r.name, "source": r.source, "date": r.date, "differs_from_default": r.differences(ref),
             "rules": r.to_dict()} for r in PRESETS.values()]


def _system_of(name: str) -> str:
    """The rule system of a preset name (mcr or riichi), or InvalidArgument naming both lists."""
    from ..mcr.rules import PRESETS as MCR_PRESETS
    from ..riichi.rules import PRESETS as RIICHI_PRESETS

    key = name.strip().lower()
    if key in MCR_PRESETS:
        return "mcr"
    if key in RIICHI_PRESETS:
        return "riichi"
    raise InvalidArgument(f"unknown preset {name!r}: MCR presets are {', '.join(MCR_PRESETS)}; "
                          f"riichi presets are {', '.join(RIICHI_PRESETS)}")


def diff(a: str, b: str) -> dict[str, Any]:
    """What differs between presets ``a`` and ``b`` of one system: ``{"system", "a", "b",
    "sources", "dates", "differences": {key: [value in a, value in b]}}`` (MCR fan values as
    ``values.<fan id>``, a fan on in one only as ``enabled.<fan id>``)."""
    sa, sb = _system_of(a), _system_of(b)
    if sa != sb:
        raise InvalidArgument(f"--diff {a} {b}: {a!r} is an {sa} preset and {b!r} a {sb} one; "
                              "compare presets of one system")
    out: dict[str, Any] = {}
    if sa == "mcr":
        from ..mcr.rules import get_rules as mcr_rules

        ma, mb = mcr_rules(a), mcr_rules(b)
        for k, v in ma.values.items():
            if mb.values[k] != v:
                out[f"values.{k}"] = [v, mb.values[k]]
        for k in sorted(ma.disabled ^ mb.disabled):
            out[f"enabled.{k}"] = [k not in ma.disabled, k not in mb.disabled]
        da, db = ma.to_dict(), mb.to_dict()
        for k, setting in da.items():
            if k not in ("name", "values", "disabled") and db[k] != setting:
                out[k] = [setting, db[k]]
        about = [(ma.name, ma.source, ma.date), (mb.name, mb.source, mb.date)]
    else:
        from ..riichi.rules import get_rules as riichi_rules

        ra, rb = riichi_rules(a), riichi_rules(b)
        theirs = rb.to_dict()
        out = {k: [v, theirs[k]] for k, v in ra.differences(rb).items()}
        about = [(ra.name, ra.source, ra.date), (rb.name, rb.source, rb.date)]
    return {"system": sa, "a": about[0][0], "b": about[1][0], "sources": [about[0][1], about[1][1]],
            "dates": [about[0][2], about[1][2]], "differences": out}


def _print_diff(d: dict[str, Any], lang: str) -> None:
    from ..mcr.fans import FAN_BY_ID

    a, b = d["a"], d["b"]
    print(f"{d['system']}: {a} ({d['dates'][0]}) vs {b} ({d['dates'][1]})")
    if not d["differences"]:
        print("  (they score alike)")
        return
    rows = []
    for k, (va, vb) in d["differences"].items():
        what, _, fan = k.partition(".")
        if fan:
            label = f"{fan_name(FAN_BY_ID[fan], lang)} [{fan}]" + (" on" if what == "enabled" else "")
            va, vb = (("yes" if va else "no"), ("yes" if vb else "no")) if what == "enabled" else (va, vb)
        else:
            label = k
        rows.append((label, str(va), str(vb)))
    w = max(len("setting"), *(len(r[0]) for r in rows))
    wa = max(len(a), *(len(r[1]) for r in rows))
    print(f"  {'setting':<{w}}  {a:<{wa}}  {b}")
    for label, va, vb in rows:
        print(f"  {label:<{w}}  {va:<{wa}}  {vb}")


def _riichi_one(name: str, as_json: bool) -> int:
    from ..riichi.rules import PRESETS
    from ..riichi.rules import get_rules as riichi_rules

    r = riichi_rules(name)
    d: dict[str, Any] = r.to_dict()
    d["system"] = "riichi"
    d["differs_from_default"] = r.differences(PRESETS["default"])
    if as_json:
        print(json.dumps(d, ensure_ascii=False))
        return 0
    print(f"{r.name} (riichi)")
    print(f"source: {r.source}")
    print(f"date:   {r.date}")
    diffs = "; ".join(f"{k}={v}" for k, v in d["differs_from_default"].items())
    print(f"differs from default: {diffs or '(the reference)'}")
    for k, v in r.to_dict().items():
        if k not in ("name", "source", "date"):
            print(f"  {k} = {v}")
    return 0


def run(args: argparse.Namespace) -> int:
    from ..mcr.rules import PRESETS, get_rules
    from .mcr import build_rules

    custom = bool(args.rules_file or args.min_fan is not None or args.fan_value or args.disable
                  or args.enable)
    if args.diff:
        if args.name is not None or custom:
            raise InvalidArgument("--diff A B compares two presets: give no other preset or change")
        compared = diff(*args.diff)
        if args.json:
            print(json.dumps(compared, ensure_ascii=False))
        else:
            _print_diff(compared, lang_of(args))
        return 0
    if args.name is not None and not custom and _system_of_or_none(args.name) == "riichi":
        return _riichi_one(args.name, args.json)
    ref = get_rules("mcr")
    lang = lang_of(args)
    w = words(lang)
    if args.name is None and not custom:
        presets = [
            {"name": r.name, "source": r.source, "date": r.date, "description": r.description,
             "differs_from_mcr": r.differences(ref), "rules": r.to_dict()}
            for r in PRESETS.values()
        ]
        riichi = _riichi_list()
        if args.json:
            if args.system == "riichi":
                print(json.dumps({"system": "riichi", "default": "default", "presets": riichi},
                                 ensure_ascii=False))
            else:
                print(json.dumps({"system": "mcr", "default": "mcr", "presets": presets,
                                  "riichi": {"default": "default", "presets": riichi}}, ensure_ascii=False))
            return 0
        if args.system != "riichi":
            print(w["r_mcr_presets"])
            for p in presets:
                print(f"{p['name']}")
                print(f"  {w['r_source']}: {p['source']}")
                print(f"  {w['r_date']}: {p['date']}")
                print(f"  {w['r_what']}: {p['description']}")
                print(f"  {w['r_differs']}: {_diff_text(p['differs_from_mcr'], lang)}")
        if args.system != "mcr":
            print(("\n" if args.system is None else "") + w["r_riichi_presets"])
            for q in riichi:
                diffs = "; ".join(f"{k}={v}" for k, v in q["differs_from_default"].items())
                print(f"{q['name']}")
                print(f"  {w['r_source']}: {q['source']}")
                print(f"  {w['r_date']}: {q['date']}")
                print(f"  {w['r_differs']}: {diffs or w['r_reference']}")
        print("\n" + w["r_more"])
        return 0
    args.rules = args.name or "mcr"
    r = build_rules(args)
    d: dict[str, Any] = r.to_dict()
    d["source"] = r.source
    d["date"] = r.date
    d["description"] = r.description
    d["differs_from_mcr"] = r.differences(ref)
    d["fans"] = _fan_rows(r)
    if args.json:
        print(json.dumps(d, ensure_ascii=False))
        return 0
    print(f"{r.name}: {r.description}" if r.description else r.name)
    if r.source:
        print(f"{w['r_source']}: {r.source}")
    if r.date:
        print(f"{w['r_date']}: {r.date}")
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
    p = sub.add_parser("rules", help="the rule presets of both systems: list, show one, compare two",
                       description="List the rule presets (MCR and riichi, with source and date), show "
                                   "one in full, or compare two (--diff A B).")
    p.add_argument("name", nargs="?", default=None,
                   help="a preset to show in full (e.g. mcr-extended, wrc)")
    p.add_argument("--system", choices=("mcr", "riichi"), default=None,
                   help="list only this system's presets (--json: riichi's list alone)")
    p.add_argument("--diff", nargs=2, metavar=("A", "B"),
                   help="what differs between presets A and B (of one system)")
    p.add_argument("--rules-file", metavar="FILE", help="show a JSON rule set instead (see `suanfan mcr`)")
    p.add_argument("--min-fan", type=int, metavar="N", help="another minimum (起和番)")
    p.add_argument("--fan-value", action="append", metavar="FAN=N", help="change a fan's value")
    p.add_argument("--disable", action="append", metavar="FAN", help="switch a fan off")
    p.add_argument("--enable", action="append", metavar="FAN", help="switch a fan on")
    add_lang_option(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)
