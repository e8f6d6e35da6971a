"""``suanfan mcr HAND [flags]``: score an MCR hand and print a table or JSON."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..cli import add_aliases, add_hand_argument, register_command
from ..errors import InvalidArgument
from ..mcr.situation import parse_wind
from .i18n import add_lang_option, fan_name, lang_of, words

__all__ = ["add_parser", "add_rules_options", "build_rules", "run"]

def _width(s: str) -> int:
    return sum(2 if ord(c) > 0x2E80 else 1 for c in s)


def _pad(s: str, n: int) -> str:
    return s + " " * max(0, n - _width(s))


def build_rules(args: argparse.Namespace) -> Any:
    """The rule set of the command line: ``--rules`` (a preset) or ``--rules-file``, then
    ``--min-fan``, ``--fan-value ID=N``, ``--disable ID`` and ``--enable ID``."""
    from ..errors import InvalidHand
    from ..mcr.rules import get_rules, load_rules
    from .files import open_input

    rules_file = getattr(args, "rules_file", None)
    if rules_file:
        if args.rules not in (None, "mcr"):
            raise InvalidHand("give either --rules or --rules-file (a rules file names its base preset)")
        open_input(rules_file, "--rules-file").close()  # a pipe or a device: refused, not waited on
        r = load_rules(rules_file)
    else:
        r = get_rules(args.rules or "mcr")
    values: dict[str, int] = {}
    for item in getattr(args, "fan_value", None) or ():
        name, sep, val = item.partition("=")
        try:
            n = int(val)
        except ValueError:
            n = -1
        if not sep or n < 0:
            raise InvalidHand(f"--fan-value {item!r}: write FAN=N with N a non-negative integer")
        values[name.strip()] = n
    disabled = list(getattr(args, "disable", None) or ())
    enabled = list(getattr(args, "enable", None) or ())
    min_fan = getattr(args, "min_fan", None)
    if values or disabled or enabled or min_fan is not None:
        r = r.derive(values=values, disabled=disabled, enabled=enabled, min_fan=min_fan)
    return r


def run(args: argparse.Namespace) -> int:
    from ..mcr import score
    from ..mcr.fans import FAN_BY_ID
    from ..mcr.situation import FLAGS

    flags: dict[str, Any] = {f.name: True for f in FLAGS if getattr(args, f.name, False)}
    # not stated (None) unless --self-drawn: 天和 / 地和 / 八花聚顶 are self-drawn
    flags["self_drawn"] = True if args.self_drawn else None
    r = score(
        args.hand, seat_wind=args.seat_wind, prevalent_wind=args.prevalent_wind,
        flowers=args.flowers or 0, rules=build_rules(args), **flags,
    )
    # the seats are the winds: the winner sits at its seat wind; the discarder is given, or the
    # next seat
    winner = r.situation.seat_wind
    if r.situation.self_drawn:
        if args.discarder is not None:
            raise InvalidArgument("--discarder: a self-drawn win has no discarder")
        discarder = None
    elif args.discarder is not None:
        discarder = parse_wind(args.discarder, "discarder")
        if discarder == winner:
            raise InvalidArgument("--discarder is the winner's own seat")
    else:
        discarder = (winner + 1) % 4
    settle = r.settlement(winner, discarder)
    if args.json:
        from ..batch import mcr_json

        print(json.dumps(mcr_json(r, winner, discarder), ensure_ascii=False))
        return 0
    lang = lang_of(args)
    w = words(lang)
    h = (w["fan"], w["uses"], w["value"], w["count"], w["points"])

    def uses(f: Any) -> str:
        return " ".join("+".join(w["hand_word"] if s == "hand" else s for s in u) for u in f.uses)

    rows = [(fan_name(f, lang), uses(f), str(f.value), str(f.count), str(f.points)) for f in r.fans]
    widths = [max([_width(h[i])] + [_width(row[i]) for row in rows]) for i in range(5)]
    form = w.get(f"f_{r.form}", r.form)
    print(f"{r.hand}   ({r.rules}, {form}: {' '.join(r.decomposition)})")
    print("  ".join(_pad(h[i], widths[i]) for i in range(5)).rstrip())
    for row in rows:
        print("  ".join(_pad(row[i], widths[i]) for i in range(5)).rstrip())
    ok = w["met"] if r.meets_minimum else w["false_win"]
    print(f"{w['total']}: {r.total}   ({w['without_flowers']} {r.total_without_flowers}; "
          f"{w['minimum']} {r.min_fan}: {ok})")
    if r.removed:
        names = []
        for x in r.removed:
            nm = fan_name(FAN_BY_ID[x.id], lang)
            why = w.get(f"p_{x.principle}", x.principle) + (
                f": {fan_name(FAN_BY_ID[x.by], lang)}" if x.by else "")
            names.append(f"{nm}×{x.count} ({why})" if x.count > 1 else f"{nm} ({why})")
        print(f"{w['not_counted']}: " + ", ".join(names))
    for note in r.inferred:
        print(f"{w['note']}: {note}")
    winds = w["winds"]
    who = w["self_drawn"] if discarder is None else f"{w['discarder']} {winds[discarder]}"
    print(f"{w['settlement']} ({w['winner']} {winds[winner]}, {who}): "
          + " ".join(f"{winds[i]} {s:+d}" for i, s in enumerate(settle)))
    return 0


def add_rules_options(p: argparse.ArgumentParser) -> None:
    """``--rules``, ``--rules-file``, ``--min-fan``, ``--fan-value``, ``--disable``, ``--enable``."""
    g = p.add_argument_group("rules (see `suanfan rules`)")
    from ..mcr.rules import PRESETS

    g.add_argument("--rules", default="mcr",
                   help="preset: " + ", ".join(f"{n} (default)" if n == "mcr" else n for n in PRESETS))
    g.add_argument("--rules-file", metavar="FILE",
                   help="a JSON rule set: {\"base\": \"mcr\", \"min_fan\": 0, \"values\": {...}, "
                        "\"disable\": [...], \"enable\": [...]}")
    g.add_argument("--min-fan", type=int, metavar="N", help="another minimum (起和番), e.g. 0")
    g.add_argument("--fan-value", action="append", metavar="FAN=N",
                   help="change a fan's value (id, Chinese or English name); repeatable")
    g.add_argument("--disable", action="append", metavar="FAN", help="switch a fan off; repeatable")
    g.add_argument("--enable", action="append", metavar="FAN",
                   help="switch a fan on (e.g. 天和 on top of mcr); repeatable")


@register_command
def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("mcr", help="score a Chinese Official (MCR, 国标麻将) hand")
    add_hand_argument(p, "complete hand, winning tile last, e.g. '[567m2][999s3]11p345s78s 6s'")
    from ..mcr.situation import FLAGS

    for f in FLAGS:  # the situation flags, defined once in suanfan.mcr.situation
        if not f.extended:
            add_aliases(p, p.add_argument(f.option, dest=f.name, action="store_true", help=f.help),
                        *f.aliases)
    add_aliases(p, p.add_argument("--seat-wind", default="E", help="seat wind (门风): E S W N"), "--seat")
    add_aliases(p, p.add_argument("--prevalent-wind", "--round-wind", default="E",
                                  help="prevalent wind (圈风): E S W N"), "--prevalent")
    p.add_argument("--flowers", default=None, help="flower count or flower tiles such as 1258f")
    p.add_argument("--discarder", metavar="WIND",
                   help="the seat (wind E S W N) that discarded the winning tile, for the settlement "
                        "(default: the seat after the winner's)")
    add_rules_options(p)
    g = p.add_argument_group("situation of the mcr-extended rules' extra fans (天和, 报听 …; "
                             "with --rules mcr-extended)")
    for f in FLAGS:
        if f.extended:
            g.add_argument(f.option, dest=f.name, action="store_true", help=f.help)
    add_lang_option(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)
