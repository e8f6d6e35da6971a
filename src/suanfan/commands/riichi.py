"""``suanfan riichi HAND [flags]``: score a riichi hand; print the yaku, the fu, the limit and
who pays what, or one JSON object (``--json``)."""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Mapping

from ..cli import add_aliases, add_hand_argument, register_command
from ..errors import InvalidArgument
from ..notation import parse_tiles
from .i18n import add_lang_option, lang_of, traditional, words

__all__ = ["add_parser", "run", "warn_digit_pairs"]

def _width(s: str) -> int:
    return sum(2 if ord(c) > 0x2E80 else 1 for c in s)


def _pad(s: str, n: int) -> str:
    return s + " " * max(0, n - _width(s))


def _rules(args: argparse.Namespace) -> object:
    """The preset, three-player (sanma) with ``--players 3``: the preset's own three-player
    variant when there is one (``tenhou`` -> ``tenhou-sanma``), else the preset with
    ``sanma=True``. A three-player preset implies ``--players 3``; ``--nuki`` needs three
    players."""
    from ..riichi import PRESETS, get_rules

    rules = get_rules(args.rules)
    players = args.players if args.players is not None else (3 if rules.sanma else 4)
    if players == 3 and not rules.sanma:
        rules = PRESETS.get(f"{rules.name}-sanma") or rules.replace(name=f"{rules.name}-sanma", sanma=True)
    elif players == 4 and rules.sanma:
        raise InvalidArgument(f"--players 4 with the three-player rules {rules.name!r}")
    if args.nuki and not rules.sanma:
        raise InvalidArgument("--nuki (North tiles set aside) needs a three-player game: --players 3 "
                              "or a three-player preset (tenhou-sanma, mahjongsoul-sanma)")
    return rules


def _indicator_list(text: str | None) -> list[str]:
    """The indicators as read, one tile each (a red five as 0m/0p/0s)."""
    from ..tiles import tile_to_str

    return [tile_to_str(x) for x in parse_tiles(text)] if text else []


def _indicators(text: str | None, t: Mapping[str, str]) -> str:
    return " ".join(_indicator_list(text)) or t["none"]


def warn_digit_pairs(option: str, text: str | None) -> None:
    """A note on stderr when ``text`` has a digit pair such as ``10``: in the notation each digit
    is a tile, so ``10s`` is two indicators, 1s and the red five 0s, not a 'ten'."""
    if not text:
        return
    for group in re.findall(r"\d+[mpsz]", text):
        if "10" in group:
            tiles = " ".join(d + group[-1] for d in group[:-1])
            print(f"suanfan: note: {option} {group} reads as {len(group) - 1} indicators ({tiles}): "
                  "each digit is one tile, 0 a red five", file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    from ..riichi import score

    warn_digit_pairs("--dora", args.dora)
    warn_digit_pairs("--ura-dora", args.ura_dora)

    if args.ura_dora and not (args.riichi or args.double_riichi):
        raise InvalidArgument("--ura-dora counts only with --riichi (or --double-riichi)")

    r = score(
        args.hand, tsumo=args.tsumo, riichi=args.riichi, double_riichi=args.double_riichi,
        ippatsu=args.ippatsu, rinshan=args.rinshan, chankan=args.chankan, haitei=args.haitei,
        houtei=args.houtei, tenhou=args.tenhou, chiihou=args.chiihou, renhou=args.renhou,
        seat_wind=args.seat_wind, round_wind=args.round_wind, dora_indicators=args.dora or "",
        ura_dora_indicators=args.ura_dora or "", honba=args.honba, riichi_sticks=args.riichi_sticks,
        rules=_rules(args), nuki=args.nuki,
    )
    if args.json:  # the same object as the web API's (the text output shows the indicators)
        print(json.dumps(r.to_dict(), ensure_ascii=False))
        return 0
    lang = lang_of(args)
    t = words(lang)
    # the rule tables name each yaku and fu line in English, Japanese and simplified Chinese
    table_lang = {"zh-Hans": "zh", "zh-Hant": "zh"}.get(lang, lang)

    def local(text: str) -> str:
        return traditional(text) if lang == "zh-Hant" else text

    dealer = f"; {t['is_dealer']}" if r.dealer else ""
    print(f"{r.hand}   ({r.rules}; {t['wait']}: {t.get('w_' + r.wait, r.wait)}{dealer}; {' '.join(r.sets)})")
    rows: list[tuple[str, str]] = []
    for y in r.yaku:
        value = (f"{t['yakuman']}×{y.yakuman}" if y.yakuman > 1 else t["yakuman"]) if y.yakuman \
            else f"{y.han} {t['han']}"
        rows.append((local(y.name(table_lang)), value))
    w = max([_width(t["yaku"])] + [_width(a) for a, _ in rows])
    print(t["yaku"])
    for a, b in rows:
        print(f"  {_pad(a, w)}  {b}")
    if not r.yakuman:
        print(f"{t['fu']}:")
        for f in r.fu_breakdown:
            print(f"  {f.fu:>3}  {local(f.text(table_lang))}")
        if r.fu != r.fu_unrounded:
            print(f"  = {r.fu_unrounded} → {r.fu} ({t['rounded']})")
    head = f"{r.yakuman}× {t['yakuman']}" if r.yakuman else f"{r.han} {t['han']} {r.fu} {t['fu_unit']}"
    limit = f" → {t.get('l_' + r.limit, r.limit)}" if r.limit else ""
    if r.limit == "mangan" and not r.yakuman and (r.han, r.fu) in ((4, 30), (3, 60)):
        limit += f" ({t['kiriage']})"
    print(f"{t['total']}: {head}{limit}")
    ura = f"; {t['ura_ind']}: {_indicators(args.ura_dora, t)}" if args.riichi or args.double_riichi else ""
    print(f"{t['dora_ind']}: {_indicators(args.dora, t)}{ura}")
    p = r.payment
    if not p.tsumo:
        line = f"{t['ron']} {p.ron}"
    elif r.dealer:
        line = f"{t['all']} {p.non_dealer}"
    else:
        line = f"{t['dealer']} {p.dealer}, {t['each']} {p.non_dealer}"
    extra = []
    if p.honba:
        extra.append(f"{t['honba']} +{p.honba}")
    if p.sticks:
        extra.append(f"{t['sticks']} +{p.sticks}")
    print(f"{t['pays']}: {line}; {t['receives']} {p.total}" + (f" ({', '.join(extra)})" if extra else ""))
    return 0


@register_command
def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "riichi", help="score a Japanese riichi hand: yaku, fu, limit and payments",
        description="Score a complete riichi hand (the last tile is the winning tile), e.g. "
                    "suanfan riichi '123456m789p34s55s 2s' --riichi --dora 1m",
    )
    add_hand_argument(p, "the complete hand, e.g. '[555z]234567m22p78s 9s'")
    p.add_argument("--tsumo", action="store_true", help="won by self-draw (default: on a discard)")
    p.add_argument("--riichi", action="store_true", help="riichi declared")
    p.add_argument("--double-riichi", action="store_true", help="double riichi (implies riichi)")
    p.add_argument("--ippatsu", action="store_true", help="won within a turn of riichi")
    p.add_argument("--rinshan", action="store_true",
                   help="won on the replacement tile of a kong (or, with --nuki, of a North set aside)")
    p.add_argument("--chankan", action="store_true", help="won by robbing a kong")
    p.add_argument("--haitei", action="store_true", help="self-drawn on the last wall tile")
    p.add_argument("--houtei", action="store_true", help="won on the last discard")
    p.add_argument("--tenhou", action="store_true", help="dealer's win on the deal")
    p.add_argument("--chiihou", action="store_true", help="non-dealer's win on the first draw")
    p.add_argument("--renhou", action="store_true", help="win on a discard before the first draw")
    add_aliases(p, p.add_argument("--seat-wind", default="E",
                                  help="seat wind E S W N (E = dealer; default E)"), "--seat")
    add_aliases(p, p.add_argument("--round-wind", "--prevalent-wind", default="E",
                                  help="round wind E S W N (default E)"), "--round")
    p.add_argument("--dora", default="", help="dora INDICATORS, e.g. 3m7z")
    add_aliases(p, p.add_argument("--ura-dora", default="", help="ura dora indicators (needs --riichi)"),
                "--ura")
    p.add_argument("--honba", type=int, default=0, help="honba counters")
    add_aliases(p, p.add_argument("--riichi-sticks", type=int, default=0, help="riichi sticks on the table"),
                "--sticks")
    p.add_argument("--players", type=int, choices=(3, 4), default=None,
                   help="players at the table (default: 3 for a three-player preset, else 4); 3 plays "
                        "the preset's three-player (sanma) rules")
    p.add_argument("--nuki", type=int, default=0, help="North tiles set aside (needs --players 3)")
    from ..riichi.rules import PRESETS

    p.add_argument("--rules", default="default",
                   help=f"rules preset: {', '.join(PRESETS)} (see `suanfan rules --system riichi`)")
    add_lang_option(p)
    p.add_argument("--json", action="store_true", help="print the result as one JSON object")
    p.set_defaults(func=run)
