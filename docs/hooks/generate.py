"""MkDocs hook: the parts of the site generated from the code at build time, so they cannot drift.

A page asks for a generated part with a marker line ``<!-- generated: NAME ARG... -->``; this hook
replaces the marker with the Markdown NAME produces (an unknown NAME stops the build):

* ``cli`` — every sub-command's ``--help``, walked from :func:`suanfan.cli.build_parser`;
* ``mcr-fans en|zh`` — every MCR fan with its 不计 list and an example hand scored by the engine
  (the hands of ``tests/mcr/test_fans.py``; the build fails if a hand does not count its fan);
* ``riichi-yaku en|zh`` — the riichi yaku table;
* ``presets mcr|riichi`` and ``placements`` — the rule presets and the tournament placement presets
  with their sources.
"""

from __future__ import annotations

import argparse
import ast
import os
import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
MARKER = re.compile(r"^<!-- generated: ([a-z-]+)((?: [a-z-]+)*) -->$", re.M)


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    def replace(m: re.Match[str]) -> str:
        name, args = m.group(1), m.group(2).split()
        make = GENERATORS.get(name)
        if make is None:
            raise ValueError(f"{page.file.src_path}: unknown generated part {name!r}")
        return make(*args)

    return MARKER.sub(replace, markdown)


# --- the command line -------------------------------------------------------------------------

def _subparsers(parser: argparse.ArgumentParser) -> list[tuple[str, argparse.ArgumentParser]]:
    out: list[tuple[str, argparse.ArgumentParser]] = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            seen: set[int] = set()
            for name, sub in action.choices.items():
                if id(sub) not in seen:  # aliases share a parser
                    seen.add(id(sub))
                    out.append((name, sub))
    return out


def cli() -> str:
    os.environ["COLUMNS"] = "100"  # argparse wraps the help to the terminal's width
    from suanfan.cli import build_parser

    parser = build_parser()
    lines = ["## `suanfan`", "", "```text", parser.format_help().rstrip(), "```", ""]

    def walk(prefix: str, p: argparse.ArgumentParser, level: int) -> None:
        for name, sub in _subparsers(p):
            full = f"{prefix} {name}"
            lines.extend([f"{'#' * level} `{full}`", "", "```text", sub.format_help().rstrip(), "```", ""])
            walk(full, sub, level + 1)

    walk("suanfan", parser, 2)
    return "\n".join(lines)


# --- MCR: every fan ---------------------------------------------------------------------------

# The extended fans (mcr-extended), which tests/mcr/test_fans.py leaves to test_extended.py.
_EXTENDED_CASES: list[tuple[str, str, dict[str, Any], str]] = [
    ("heavenly_hand", "123m456p789s123sE E", {"heavenly_hand": True}, "mcr-extended"),
    ("earthly_hand", "123m456p789s123sE E", {"earthly_hand": True, "seat_wind": "S"}, "mcr-extended"),
    ("human_hand", "123m456p789s123sE E", {"human_hand": True, "seat_wind": "S"}, "mcr-extended"),
    ("heavenly_ready", "123m456p789s123sE E", {"heavenly_ready": True}, "mcr-extended"),
    ("all_red_characters", "123m456m789mCCC1m 1m", {}, "mcr-extended"),
    ("eight_flowers", "123m456p789s1234z 12345678f", {}, "mcr-extended"),
    ("earthly_ready", "123m456p789s123sE E", {"earthly_ready": True, "seat_wind": "S"}, "mcr-extended"),
    ("four_gentlemen", "123m456p789s123sE E 1234f", {}, "mcr-extended"),
    ("four_seasons", "123m456p789s123sE E 5678f", {}, "mcr-extended"),
    ("declared_ready_first_round", "123m456p789s123sE E",
     {"declared_ready": True, "declared_ready_first_round": True}, "mcr-extended"),
    ("declared_ready", "123m456p789s123sE E", {"declared_ready": True}, "mcr-extended"),
    ("pair_258", "123m456p789s123s2m 2m", {}, "mcr-extended"),
]


def _fan_cases() -> dict[str, tuple[str, dict[str, Any], str]]:
    """The example hand of each fan: ``CASES`` of tests/mcr/test_fans.py (read as data, not run)."""
    tree = ast.parse((ROOT / "tests" / "mcr" / "test_fans.py").read_text(encoding="utf-8"))
    cases: list[Any] = []
    env = {"S": {"self_drawn": True}}
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) \
                and node.target.id == "CASES" and node.value is not None:
            cases = eval(compile(ast.Expression(node.value), "test_fans.py", "eval"), {}, dict(env))
    if not cases:
        raise ValueError("tests/mcr/test_fans.py has no CASES table")
    out = {c[0]: (c[1], c[2], c[3]) for c in cases}
    out.update({c[0]: (c[1], c[2], c[3]) for c in _EXTENDED_CASES})
    return out


_FLAG_TEXT = {
    "self_drawn": "--self-drawn", "last_tile_of_wall": "--last-tile-of-wall", "kong": "--kong",
    "last_of_kind": "--last-of-kind",
}


def _options(sit: dict[str, Any], rules: str) -> str:
    parts = []
    for k, v in sit.items():
        if v is True:
            parts.append(_FLAG_TEXT.get(k, "--" + k.replace("_", "-")))
        else:
            parts.append(f"--{k.replace('_', '-')} {v}")
    if rules != "mcr":
        parts.append(f"--rules {rules}")
    return " ".join(parts)


# the principles' English names, as `suanfan mcr --lang en` prints them
_PRINCIPLE_EN = {"不重复": "non-repeat", "套算一次": "account once", "disabled": "off under these rules"}


def mcr_fans(lang: str) -> str:
    from suanfan.mcr import FAN_BY_ID, FANS, score

    zh = lang == "zh"
    cases = _fan_cases()
    lines: list[str] = []
    value = None
    for f in FANS:
        if f.value != value:
            value = f.value
            lines.extend([f"## {value} 番" if zh else f"## {value} fan{'s' if value > 1 else ''}", ""])
        if f.id not in cases:
            raise ValueError(f"no example hand for the fan {f.id}")
        hand, sit, rules = cases[f.id]
        r = score(hand, rules=rules, **sit)
        counted = {e.id for e in r.fans}
        if f.id not in counted:
            raise ValueError(f"the example {hand!r} of {f.id} does not count it: {sorted(counted)}")
        title = f"{f.zh}（{f.zh_hant}）{f.en}" if f.zh != f.zh_hant else f"{f.zh} {f.en}"
        lines.extend([f"### {title} {{ #{f.id.replace('_', '-')} }}", ""])
        if rules == "mcr-extended":
            lines.extend(["*仅 `mcr-extended` 预设*" if zh else "*`mcr-extended` preset only*", ""])
        elif rules == "mcr-botzone":
            lines.extend(["*仅 `mcr-botzone` 预设*" if zh else "*`mcr-botzone` preset only*", ""])
        excl = [FAN_BY_ID[e] for e in f.excludes if e in FAN_BY_ID]
        label = "不计" if zh else "不计 (not also counted)"
        names = "、".join(e.zh for e in excl) if zh else ", ".join(f"{e.zh} {e.en}" for e in excl)
        unit = "番" if zh else ("fan" if f.value == 1 else "fans")
        lines.append(f"{f.value} {unit} · **{label}**: {names or '—'}")
        lines.append("")
        opts = _options(sit, rules)
        cmd = f"suanfan mcr '{hand}'" + (f" {opts}" if opts else "")
        lines.extend(["```sh", cmd, "```", ""])
        cells = " + ".join(
            f"{e.name_zh if zh else e.name_en} {e.points}" for e in r.fans)
        lines.append(f"{'计' if zh else 'Counts'}: {cells} = **{r.total}**"
                     + (f"（{'不含花' if zh else 'without flowers'} {r.total_without_flowers}）"
                        if r.total != r.total_without_flowers else ""))
        if r.removed:
            gone = ", ".join(
                f"{x.name_zh if zh else x.name_en} "
                f"({x.principle if zh else _PRINCIPLE_EN.get(x.principle, x.principle)}"
                + (f": {FAN_BY_ID[x.by].zh if zh else FAN_BY_ID[x.by].en}" if x.by in FAN_BY_ID else "")
                + ")" for x in r.removed)
            lines.append("")
            lines.append(f"{'不计' if zh else 'Not counted'}: {gone}")
        lines.append("")
    return "\n".join(lines)


# --- riichi: every yaku -----------------------------------------------------------------------

def riichi_yaku(lang: str) -> str:
    from suanfan.riichi.yaku import TABLE

    zh = lang == "zh"
    head = ("| id | 中文 | 日本語 | English | 门清 | 副露 |" if zh
            else "| id | English | 日本語 | 中文 | closed | open |")
    lines = [head, "|---|---|---|---|---|---|"]
    for y in TABLE:
        if y.yakuman:
            closed = (f"役满 ×{y.yakuman}" if zh else f"yakuman ×{y.yakuman}")
            opened = closed if y.han_open else "—"
        else:
            closed = f"{y.han_closed}"
            opened = f"{y.han_open}" if y.han_open else "—"
        names = (f"{y.name_zh} | {y.name_ja} | {y.name_en}" if zh
                 else f"{y.name_en} | {y.name_ja} | {y.name_zh}")
        lines.append(f"| `{y.id}` | {names} | {closed} | {opened} |")
    return "\n".join(lines)


# --- presets ----------------------------------------------------------------------------------

def _value(v: Any) -> str:
    if isinstance(v, dict):
        return ", ".join(f"{k}={_value(x)}" for k, x in v.items())
    if isinstance(v, (list, tuple)):
        return ", ".join(str(x) for x in v)
    return str(v)


def presets(system: str) -> str:
    lines = ["| preset | date | source | differs |", "|---|---|---|---|"]
    if system == "mcr":
        from suanfan.mcr import PRESETS

        base = PRESETS["mcr"]
        for name, r in PRESETS.items():
            d = _mcr_differences(base, r)
            lines.append(f"| `{name}` | {r.date} | {r.source} | {d or '(the reference)'} |")
    else:
        from suanfan.riichi import PRESETS as RP

        base = RP["default"]
        for name, r in RP.items():
            d = "; ".join(f"{k}={_value(v)}" for k, v in r.differences(base).items()
                          if k not in ("name", "source", "date"))
            lines.append(f"| `{name}` | {r.date} | {r.source} | {d or '(the reference)'} |")
    return "\n".join(lines)


def _mcr_differences(base: Any, r: Any) -> str:
    from suanfan.mcr import FAN_BY_ID

    out = []
    a, b = base.to_dict(), r.to_dict()
    for k in b:
        if k in ("name", "description", "source", "date", "base") or a.get(k) == b[k]:
            continue
        if k == "disabled":
            order = list(FAN_BY_ID)
            on = sorted(set(a[k]) - set(b[k]), key=order.index)
            off = sorted(set(b[k]) - set(a[k]), key=order.index)
            if on:
                out.append("adds " + ", ".join(f"{FAN_BY_ID[i].zh} {FAN_BY_ID[i].value}" for i in on))
            if off:
                out.append("drops " + ", ".join(FAN_BY_ID[i].zh for i in off))
        elif k == "values":
            out.append("values " + ", ".join(f"{FAN_BY_ID[i].zh}={v}" for i, v in b[k].items()))
        else:
            out.append(f"{k}={_value(b[k])}")
    return "; ".join(out)


def placements() -> str:
    from suanfan.tournament import PLACEMENTS

    lines = ["| preset | start | return | oka | uma | ties | sticks left | chombo | source |",
             "|---|---|---|---|---|---|---|---|---|"]
    for name, p in PLACEMENTS.items():
        uma = " / ".join(f"{u:+d}" for u in p.uma)
        lines.append(f"| `{name}` | {p.start} | {p.return_points} | {p.oka} | {uma} | {p.ties} | "
                     f"{p.leftover} | {p.chombo} | {p.source} |")
    return "\n".join(lines)


GENERATORS: dict[str, Any] = {
    "cli": cli,
    "mcr-fans": mcr_fans,
    "riichi-yaku": riichi_yaku,
    "presets": presets,
    "placements": placements,
}
