"""``suanfan analyze`` / ``shanten`` / ``waits``: hand analysis on the command line."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..cli import add_aliases, add_hand_argument, register_command
from ..errors import InvalidArgument, InvalidHand
from ..mcr import FAN_BY_ID
from ..notation import parse_hand
from .i18n import add_lang_option, fan_name, lang_of, words

__all__ = ["analyze", "shanten_cmd", "waits_cmd"]

_MCR_FLAGS = ("self_drawn", "last_tile_of_wall", "kong", "last_of_kind", "flowers")
_RIICHI_FLAGS = (
    "tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei",
    "dora_indicators", "ura_dora_indicators", "honba", "riichi_sticks",
)


def _system(args: argparse.Namespace) -> str:
    if args.system:
        return str(args.system)
    rules = getattr(args, "rules", None)
    if rules:
        return "mcr" if rules.lower().startswith("mcr") else "riichi"
    return "mcr"


def _situation(args: argparse.Namespace, system: str) -> dict[str, Any]:
    """Scoring flags for the chosen system; a flag of the other system is an error."""
    own = _MCR_FLAGS if system == "mcr" else _RIICHI_FLAGS
    other = _RIICHI_FLAGS if system == "mcr" else _MCR_FLAGS
    out: dict[str, Any] = {}
    for name in other:
        v = getattr(args, name, None)
        if v not in (None, False):
            flag = "--" + name.replace("_", "-")
            raise InvalidHand(f"{flag} is a {'riichi' if system == 'mcr' else 'MCR'} flag; "
                              f"this is {system} (use --system)")
    for name in own:
        v = getattr(args, name, None)
        if v not in (None, False):
            out[name] = v
    if getattr(args, "seat_wind", None):
        out["seat_wind"] = args.seat_wind
    if getattr(args, "round_wind", None):  # one option for both: MCR's prevalent wind
        out["prevalent_wind" if system == "mcr" else "round_wind"] = args.round_wind
    if getattr(args, "rules", None):
        out["rules"] = args.rules
    return out


def _add_common(p: argparse.ArgumentParser, situation: bool) -> None:
    add_hand_argument(p, "the hand in MPSZ notation, e.g. '[567m2]11p345s78s99m5z'")
    p.add_argument("--system", choices=("mcr", "riichi"),
                   help="rule system (default mcr, or inferred from --rules)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    add_lang_option(p)
    if not situation:
        return
    p.add_argument("--rules", help="rules preset, e.g. mcr, mcr-botzone, default, tenhou")
    p.add_argument("--visible", help="tiles seen outside the hand (discards, melds, indicators)")
    g = p.add_argument_group("situation (MCR)")
    g.add_argument("--self-drawn", action="store_true", help="自摸")
    add_aliases(g, g.add_argument("--last-tile-of-wall", action="store_true", help="妙手回春 / 海底捞月"),
                "--last-tile")
    g.add_argument("--kong", action="store_true", help="杠上开花 / 抢杠和")
    g.add_argument("--last-of-kind", action="store_true", help="和绝张")
    g.add_argument("--flowers", help="flower count or tiles such as 1258f")
    g = p.add_argument_group("situation (riichi)")
    for flag in ("tsumo", "riichi", "double-riichi", "ippatsu", "rinshan", "chankan", "haitei",
                 "houtei"):
        g.add_argument(f"--{flag}", action="store_true")
    g.add_argument("--dora", dest="dora_indicators", help="dora indicators, e.g. 3m7z")
    add_aliases(g, g.add_argument("--ura-dora", dest="ura_dora_indicators", help="ura dora indicators"),
                "--ura")
    g.add_argument("--honba", type=int)
    add_aliases(g, g.add_argument("--riichi-sticks", type=int), "--sticks")
    add_aliases(p, p.add_argument("--seat-wind", help="seat wind E S W N (both systems)"), "--seat")
    add_aliases(p, p.add_argument("--round-wind", "--prevalent-wind", dest="round_wind",
                                  help="round / prevalent wind (圈风) E S W N (both systems)"),
                "--round", "--prevalent")


def _fix_flowers(sit: dict[str, Any]) -> None:
    f = sit.get("flowers")
    if isinstance(f, str) and f.isdigit() and not f.endswith("f"):
        sit["flowers"] = int(f)


def _score_text(d: dict[str, Any], system: str, w: Any) -> str:
    if system == "mcr":
        if d.get("total") is None:
            return str(w["a_no_score"])
        below = f"{w['a_below']} ({d['total_without_flowers']} {w['a_fan']})"
        mark = w["a_ok"] if d["meets_minimum"] else below
        if not d["meets_minimum"] and d.get("self_drawn_meets_minimum"):
            mark += f", {w['a_sd_reaches']}"
        return f"{d['total']} {w['a_fan']}  {mark}"
    if d.get("no_yaku"):
        return str(w["a_no_yaku"])
    if d.get("yakuman"):
        return f"{w.get('l_' + d['limit'], d['limit'])}  {d['points']}"
    lim = f" {w.get('l_' + d['limit'], d['limit'])}" if d.get("limit") else ""
    return f"{d['han']} {w['han']} {d['fu']} {w['fu_unit']}{lim}  {d['points']}"


def _shanten_text(s: int, w: Any) -> str:
    return {-1: f"-1 ({w['a_complete']})", 0: f"0 ({w['a_ready']})"}.get(s, str(s))


def _print_waits(waits: list[dict[str, Any]], system: str, w: Any, indent: str = "  ") -> None:
    for x in waits:
        print(f"{indent}{x['tile']:<3} {w['a_unseen']} {x['unseen']}  {_score_text(x, system, w)}")


def _label(text: str) -> str:
    return text + ":" + " " * max(1, 9 - sum(2 if ord(c) > 0x2E80 else 1 for c in text))


#: the situation keywords that expected values take, by system
_EXPECTED_KEYS = ("seat_wind", "round_wind", "dora_indicators", "honba", "riichi_sticks", "rules")
_EXPECTED_MCR_KEYS = ("seat_wind", "prevalent_wind", "rules")


def _expected(args: argparse.Namespace) -> int:
    """``analyze --expected``: every discard's tenpai and win chances and expected score."""
    from ..analysis import expected_values

    system = _system(args) if args.system or getattr(args, "rules", None) else "riichi"
    sit = _situation(args, system)
    keys = _EXPECTED_MCR_KEYS if system == "mcr" else _EXPECTED_KEYS
    for name in sit:
        if name not in keys:
            flag = "--" + name.replace("_", "-")
            raise InvalidHand(f"{flag} does not apply to --expected (a one-player model of "
                              "self-draws; the model sets the flags of a win)")
    if system == "mcr" and args.minimum is not None:
        sit["minimum"] = args.minimum
    elif args.minimum is not None:
        raise InvalidHand("--minimum is an MCR option (the fans a win needs); this is riichi")
    ev = expected_values(args.hand, system, turn=args.turn, shanten_down=not args.no_shanten_down,
                         tegawari=not args.no_tegawari, max_seconds=args.max_seconds,
                         model=args.model, visible=args.visible or None, **sit)
    if args.json:
        print(json.dumps(ev.to_dict(), ensure_ascii=False))
        return 0
    lang = lang_of(args)
    w = words(lang)
    print(f"{_label(w['a_hand'])}{ev.hand}  ({system})")
    print(f"{_label(w['a_shanten'])}{_shanten_text(ev.shanten, w)}")
    print(f"{_label(w['e_turn'])}{ev.turn}   {w['e_states']} {ev.states}")
    print(w["e_model_table"] if ev.model == "table" else
          w["e_model_mcr"] if system == "mcr" else w["e_model"])
    head = [w["a_discard"], w["a_shanten"], w["a_useful"], w["e_tenpai"], w["e_win"], w["e_score"]]
    if system == "riichi":
        head += [w["e_two_step"], w["e_good"]]
    if ev.model == "table" and system == "riichi":
        head.append(w["e_riichi"])
    rows = [head]
    for o in ev.options:
        row = [
            o.discard or "-", str(o.shanten), str(o.useful_unseen),
            f"{100 * o.tenpai_probability[0]:.2f}", f"{100 * o.win_probability[0]:.2f}",
            f"{o.expected_score[0]:.0f}"]
        if system == "riichi":
            row += ["" if o.two_step is None else str(o.two_step),
                    "" if o.good_shape is None else f"{100 * o.good_shape:.1f}"]
        if ev.model == "table" and system == "riichi":
            row.append("" if o.riichi is None else (w["e_yes"] if o.riichi else w["e_dama"]))
        rows.append(row)
    widths = [max(_width(r[j]) for r in rows) for j in range(len(head))]
    for r in rows:
        print("  " + "  ".join(_pad(x, widths[j], j > 0) for j, x in enumerate(r)))
    if system == "mcr":
        _print_combinations(ev, w, lang)
    return 0


#: the fan combinations shown for each MCR option
_COMBINATIONS_SHOWN = 5


def _print_combinations(ev: Any, w: Any, lang: str) -> None:
    """The fan combinations of each MCR option's wins with their chance at the turn."""
    from ..mcr import FAN_BY_ID

    name_lang = lang if lang in ("en", "zh-Hant") else "zh"
    print(w["e_fans"])
    for o in ev.options:
        if not o.combinations:
            continue
        print(f"  {o.discard or '-'}")
        for fans, p in o.combinations[:_COMBINATIONS_SHOWN]:
            names = " + ".join(FAN_BY_ID[f].name(name_lang) for f in fans)
            print(f"    {100 * p:6.2f}  {names}")
        if len(o.combinations) > _COMBINATIONS_SHOWN:
            print(f"    ... {len(o.combinations) - _COMBINATIONS_SHOWN} {w['e_more']}")


def _width(text: str) -> int:
    return sum(2 if ord(c) > 0x2E80 else 1 for c in text)


def _pad(text: str, width: int, right: bool) -> str:
    gap = " " * (width - _width(text))
    return gap + text if right else text + gap


def analyze(args: argparse.Namespace) -> int:
    from ..analysis import report

    if getattr(args, "expected", False):
        return _expected(args)
    system = _system(args)
    sit = _situation(args, system)
    _fix_flowers(sit)
    d = report(args.hand, system, visible=args.visible, **sit)
    if args.json:
        print(json.dumps(d, ensure_ascii=False))
        return 0
    w = words(lang_of(args))
    forms = d["forms"]
    print(f"{_label(w['a_hand'])}{d['hand']}  ({system})")
    print(f"{_label(w['a_shanten'])}{_shanten_text(d['shanten'], w)}")
    fans = d.get("fan_shanten")
    if fans is not None:
        print(f"{_label(w['a_fan_shanten'])}{_fan_text(fans, w, lang_of(args))}")
    print(f"{_label(w['a_forms'])}{_forms_text(forms, w)}")
    if "options" in d:  # a 14-tile hand: the discard table
        fan_col = f"  {w['a_fan_shanten']}" if fans is not None else ""
        print(f"{w['a_discard']}  {w['a_shanten']}{fan_col}  {w['a_useful']}  {w['a_tiles']}")
        for o in d["options"]:
            tiles = " ".join(f"{u['tile']}×{u['unseen']}" for u in o["useful"])
            fan = ""
            if fans is not None:
                fs = o.get("fan_shanten")
                fan = f"  {'-' if fs is None else fs:>{max(3, _width(w['a_fan_shanten']))}}"
            print(f"  {o['discard']:<6} {o['shanten']:>7}{fan}  {o['useful_unseen']:>6}  {tiles}")
            if o["waits"]:
                _print_waits(o["waits"], system, w, indent=f"           {w['a_wait']} ")
        return 0
    if d["shanten"] == 0:
        print(f"{_label(w['a_waits'])}{len(d['waits'])} {w['a_kinds']}, {d['unseen']} {w['a_unseen_total']}")
        _print_waits(d["waits"], system, w)
    elif "useful" in d:
        total = sum(u["unseen"] for u in d["useful"])
        print(f"{_label(w['a_useful'])}{total} {w['a_tiles']}: "
              + " ".join(f"{u['tile']}×{u['unseen']}" for u in d["useful"]))
    return 0


def _fan_text(f: dict[str, Any], w: Any, lang: str) -> str:
    """The fan-aware shanten and its witness: the exchanges, the ready hand and the win."""
    if f["shanten"] is None:
        return f"{w['a_out_of_reach']} ({f['minimum']} {w['a_fan']})"
    s = f["shanten"]
    head = f"{_shanten_text(s, w)}  ({f['minimum']} {w['a_fan']})"
    if f["total"] is None:
        return head
    how = w["a_by_self_draw"] if f["self_drawn"] else w["a_on_discard"]
    names = " + ".join(fan_name(FAN_BY_ID[x["id"]], lang) for x in f["fans"])
    way = []
    if f["discards"]:
        way.append(f"{w['a_discard']} {''.join(f['discards'])}")
    if f["draws"]:
        way.append(f"{w['a_draw']} {''.join(f['draws'])}")
    steps = f"{w['a_fan_way']} {', '.join(way)} → {f['ready']}, " if way else ""
    return f"{head}  {steps}{w['a_win_on']} {f['winning_tile']} ({how}): {f['total']} {w['a_fan']} {names}"


def _forms_text(forms: dict[str, int | None], w: Any) -> str:
    return "  ".join(f"{w.get('f_' + k, k)} {v}" for k, v in forms.items() if v is not None)


def shanten_cmd(args: argparse.Namespace) -> int:
    from ..analysis import shanten_by_form

    system = _system(args)
    forms = shanten_by_form(args.hand, system)
    s = min(v for v in forms.values() if v is not None)
    if args.json:
        print(json.dumps({"hand": str(parse_hand(args.hand)), "system": system, "shanten": s,
                          "forms": forms}, ensure_ascii=False))
        return 0
    print(s)
    return 0


def waits_cmd(args: argparse.Namespace) -> int:
    from ..analysis import wait_table

    system = _system(args)
    sit = _situation(args, system)
    _fix_flowers(sit)
    hand = parse_hand(args.hand)
    if hand.winning_tile is not None or 3 * len(hand.melds) + len(hand.concealed) >= 14:
        raise InvalidArgument(f"{hand} has 14 tiles: `suanfan waits` takes a 13-tile hand; for what "
                              f"to discard, run `suanfan analyze '{hand}'`")
    table = wait_table(args.hand, system, visible=args.visible, **sit)
    d = table.to_dict()
    if args.json:
        print(json.dumps(d, ensure_ascii=False))
        return 0
    w = words(lang_of(args))
    if table.shanten != 0:
        print(f"{w['a_not_ready']} {table.shanten}")
        return 0
    _print_waits(d["waits"], system, w, indent="")
    return 0


@register_command
def _register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "analyze",
        help="shanten; the waits and their scores, or what to discard",
        description="Analyse a hand: shanten per winning form; for 13 tiles each wait with its "
        "score and unseen count, for 14 tiles each discard with its shanten and useful tiles.",
    )
    _add_common(p, situation=True)
    g = p.add_argument_group("expected values (riichi or MCR; docs/analysis-expected.md)")
    g.add_argument("--expected", action="store_true",
                   help="each discard's tenpai and win chances and expected score to the end of "
                   "the hand (mahjong-cpp v0.9.8's model; the system defaults to riichi, "
                   "--system mcr for MCR with its fan combinations)")
    g.add_argument("--model", choices=("reference", "table"), default="reference",
                   help="reference (mahjong-cpp's, default) or table (discards to the river, the "
                   "tiles really left, riichi or dama by expected score)")
    g.add_argument("--minimum", type=int, help="MCR: the fans a win needs (default 8)")
    g.add_argument("--turn", type=int, default=1, help="the turn the hand is at, 1-18 (default 1)")
    g.add_argument("--no-shanten-down", action="store_true",
                   help="do not explore discards that raise the shanten")
    g.add_argument("--no-tegawari", action="store_true",
                   help="do not explore draws kept though not useful")
    g.add_argument("--max-seconds", type=float, default=60.0,
                   help="stop with an error beyond this many seconds (default 60)")
    p.set_defaults(func=analyze)
    p = sub.add_parser("shanten", help="the shanten number of a 13- or 14-tile hand",
                       description="Shanten: -1 complete, 0 ready. --json adds each form.")
    _add_common(p, situation=False)
    p.add_argument("--rules", help="rules preset (only to infer the system)")
    p.set_defaults(func=shanten_cmd)
    p = sub.add_parser("waits", help="each winning tile of a 13-tile hand with its score",
                       description="The waits of a ready 13-tile hand, each scored under the "
                       "situation given, with the count still unseen.")
    _add_common(p, situation=True)
    p.set_defaults(func=waits_cmd)
