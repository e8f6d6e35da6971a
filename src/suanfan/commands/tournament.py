"""``suanfan tournament …``: run an MCR or riichi tournament kept in one SQLite file.

``create``, ``players`` (add, import a CSV, list), ``seat`` (the next round), ``hand`` (enter a
hand by its tiles, with the options of ``suanfan mcr`` / ``suanfan riichi``, or by a total; a
draw, a false win, a chombo, a penalty), ``edit`` / ``delete`` (kept in the audit trail),
``sheet``, ``end``, ``standings``, ``history``, ``audit`` and ``export`` (CSV in the EMA results
layout, or JSON); ``secret``, ``token`` (add, list, revoke) and ``reads`` for who may write (and
read) over HTTP (docs/tournament-security.md). The commands work on the file itself, without a
token: whoever holds the file holds the event.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..cli import add_aliases, add_hand_argument, count, register_command
from ..errors import InvalidArgument
from .files import open_input, open_output, read_text
from .i18n import add_lang_option, lang_of, traditional, words
from .riichi import warn_digit_pairs

__all__ = ["add_parser"]

#: the largest player list read (a CSV of 10,000 players is a few hundred kB)
_MAX_CSV = 1_000_000

_MCR_ONLY = ("flowers", "fan", "false_win", "last_tile_of_wall", "kong", "last_of_kind")
_RIICHI_ONLY = ("han", "fu", "yakuman", "chombo", "dora", "ura_dora", "ippatsu", "rinshan", "chankan",
                "haitei", "houtei", "tenhou", "chiihou", "renhou", "double_riichi", "pao", "tenpai")
_RIICHI_FLAGS = ("double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou",
                 "chiihou", "renhou")


def _width(s: str) -> int:
    return sum(2 if ord(c) > 0x2E80 else 1 for c in s)


def _pad(s: str, n: int, right: bool = False) -> str:
    fill = " " * max(0, n - _width(s))
    return fill + s if right else s + fill


def _table(head: list[str], rows: list[list[str]], right: set[int] | None = None) -> str:
    right = right or set()
    widths = [max([_width(head[i])] + [_width(r[i]) for r in rows]) for i in range(len(head))]
    lines = ["  ".join(_pad(head[i], widths[i], i in right) for i in range(len(head))).rstrip()]
    for r in rows:
        lines.append("  ".join(_pad(r[i], widths[i], i in right) for i in range(len(head))).rstrip())
    return "\n".join(lines)


def _open(args: argparse.Namespace) -> Any:
    from ..tournament import Tournament

    return Tournament(args.file)


def _num(x: float | int) -> str:
    if isinstance(x, float) and not x.is_integer():
        return f"{x:+.2f}".rstrip("0")
    return f"{int(x):+d}"


def _pts(x: float | int, signed: bool) -> str:
    """Points for a table: riichi final points signed, MCR table points plain."""
    if signed:
        return _num(x)
    return str(int(x)) if float(x).is_integer() else f"{x:.2f}".rstrip("0")


def _exact_note(names: list[str], shown: list[float], exact: list[str], lang: str = "en") -> str | None:
    """The exact values of the points a table shows rounded (None when none is)."""
    from fractions import Fraction

    odd = [f"{n} {x}" for n, s, x in zip(names, shown, exact, strict=True) if Fraction(x) != Fraction(str(s))]
    if not odd:
        return None
    return words(lang)["s_exact"].format(list=", ".join(odd))


def _dump(obj: object) -> None:
    print(json.dumps(obj, ensure_ascii=False))


# -- the sub-commands -----------------------------------------------------------------------------
_SECRET_NOTE = ("shown this once, only its hash is kept: the organiser's token for `suanfan serve "
                "--tournament` (Authorization: Bearer …); a new one: "
                "`suanfan tournament secret FILE --reset`")


def _create(args: argparse.Namespace) -> int:
    from ..tournament import Tournament

    t = Tournament.create(args.file, args.name, args.system, args.rules, args.placement)
    secret = t.reset_secret()
    extra = f", placement {t.placement}" if t.placement else ""
    print(f"created {t.path}: {t.name} ({t.system}, rules {t.rules}{extra})")
    print(f"organiser secret: {secret}")
    print(f"  ({_SECRET_NOTE})", file=sys.stderr)
    return 0


def _secret(args: argparse.Namespace) -> int:
    t = _open(args)
    if not args.reset:
        state = "set" if t.has_secret() else "not set (give --reset to make one)"
        print(f"{t.path}: the organiser secret is {state}; reads over HTTP are "
              f"{'public' if t.public_reads else 'closed (a token is needed)'}")
        return 0
    print(f"organiser secret: {t.reset_secret()}")
    print(f"  ({_SECRET_NOTE}; the old one no longer works)", file=sys.stderr)
    return 0


def _token(args: argparse.Namespace) -> int:
    t = _open(args)
    if args.action == "add":
        if not args.what:
            raise InvalidArgument("token FILE add NAME: give the holder's name")
        rec = t.add_token(args.what, args.tables)
        if args.json:
            _dump(rec)
            return 0
        where = ", ".join(rec["tables"]) or "every table"
        print(f"token {rec['id']} for {rec['holder']} ({where}): {rec['token']}")
        print("  (shown this once, only its hash is kept; revoke it with `suanfan tournament token FILE "
              f"revoke {rec['id']}`)", file=sys.stderr)
        return 0
    if args.tables is not None:
        raise InvalidArgument("--tables goes with `token FILE add NAME`")
    if args.action == "revoke":
        if not args.what:
            raise InvalidArgument("token FILE revoke ID: give the token's id (see `token FILE list`)")
        try:
            token_id = _number("token id")(args.what)
        except argparse.ArgumentTypeError as exc:
            raise InvalidArgument(str(exc)) from None
        rec = t.revoke_token(token_id)
        if args.json:
            _dump(rec)
        else:
            print(f"token {rec['id']} of {rec['holder']} revoked at {rec['revoked']}")
        return 0
    if args.what:
        raise InvalidArgument(f"token FILE list takes nothing more, not {args.what!r}")
    rows = t.tokens()
    if args.json:
        _dump(rows)
        return 0
    print(_table(["id", "holder", "tables", "created", "revoked"],
                 [[str(r["id"]), r["holder"], ", ".join(r["tables"]) or "all", r["created"],
                   r["revoked"] or ""] for r in rows], {0}))
    return 0


def _reads(args: argparse.Namespace) -> int:
    t = _open(args)
    if args.state is not None:
        t.set_public_reads(args.state == "public")
    print(f"reads over HTTP (sheets, standings, audit, exports): "
          f"{'public' if t.public_reads else 'closed: a referee token or the organiser secret is needed'}")
    return 0


def _players(args: argparse.Namespace) -> int:
    t = _open(args)
    if args.import_csv:
        # UTF-8 (a byte-order mark dropped), a regular file or a pipe, at most 1 MB: else exit 2
        if args.import_csv == "-":
            text = read_text(sys.stdin.buffer, "standard input", _MAX_CSV)
        else:
            with open_input(args.import_csv, streams=True) as f:
                text = read_text(f, args.import_csv, _MAX_CSV)
        print(f"added {count(t.import_players(text), 'player')}", file=sys.stderr)
    for name in args.add or ():
        t.add_player(name, club=args.club or "", team=args.team or "", ema=args.ema or "",
                     country=args.country or "")
    for name in args.out or ():
        t.set_active(name, False)
    for name in args.back or ():
        t.set_active(name, True)
    players = t.players()
    if args.json:
        _dump(players)
        return 0
    print(_table(["#", "name", "club", "team", "EMA", "country", "plays"],
                 [[str(p["id"]), p["name"], p["club"], p["team"], p["ema"], p["country"],
                   "yes" if p["active"] else "no"] for p in players], {0}))
    return 0


def _seat(args: argparse.Namespace) -> int:
    t = _open(args)
    n = t.seat_round(args.method, args.seed)
    rnd = t.rounds()[n - 1]
    if args.json:
        _dump(rnd)
        return 0
    print(f"round {n} ({args.method}):")
    for tb in rnd["tables"]:
        print(f"  table {tb['table']}: " + "  ".join(f"{w} {p}" for w, p in zip("ESWN", tb["players"],
                                                                                 strict=True)))
    return 0


def _entry(args: argparse.Namespace, system: str) -> dict[str, Any]:
    """The entry the hand options describe."""
    given = {k for k in (*_MCR_ONLY, *_RIICHI_ONLY) if getattr(args, k, None) not in (None, False, [])}
    wrong = given & set(_RIICHI_ONLY if system == "mcr" else _MCR_ONLY)
    if wrong:
        opt = "--" + sorted(wrong)[0].replace("_", "-")
        raise InvalidArgument(f"{opt} is not an option of this {system} tournament")
    riichi = list(args.riichi or [])
    if riichi and system == "mcr":
        raise InvalidArgument("--riichi is not an option of this mcr tournament")
    kinds = [k for k, on in (("draw", args.draw), ("false_win", args.false_win), ("chombo", args.chombo),
                             ("penalty", args.penalty)) if on]
    if len(kinds) > 1 or (kinds and (args.hand or args.winner)):
        raise InvalidArgument("give one of: a winning hand (HAND --winner …), --fan/--han, --draw, "
                              "--false-win, --chombo, --penalty")
    if args.draw:
        return {"kind": "draw"} if system == "mcr" else {"kind": "draw", "tenpai": args.tenpai or [],
                                                          "riichi": riichi}
    if args.false_win or args.chombo:
        return {"kind": "false_win" if args.false_win else "chombo", "seat": args.false_win or args.chombo,
                "reason": args.reason or ""}
    if args.penalty:
        who, amount = args.penalty
        try:
            value = int(amount)
        except ValueError:
            raise InvalidArgument(f"--penalty {who} {amount}: the amount is a whole number such as "
                                  "-10") from None
        return {"kind": "penalty", "seat": who, "amount": value, "reason": args.reason or ""}
    if args.winner is None:
        raise InvalidArgument("--winner NAME: who won (or --draw, --false-win, --chombo, --penalty)")
    if args.self_drawn == (args.discarder is not None):
        raise InvalidArgument("give either --discarder NAME or --self-drawn")
    out: dict[str, Any] = {"winner": args.winner, "discarder": args.discarder}
    if system == "riichi":
        out["riichi"] = riichi
    if args.fan is not None or args.han is not None or args.yakuman is not None:
        if args.hand:
            raise InvalidArgument("give either the hand's tiles or its total (--fan / --han), not both")
        if system == "mcr":
            return {"kind": "fan", **out, "fan": args.fan}
        return {"kind": "points", **out, "han": args.han or 0, "yakuman": args.yakuman or 0,
                **({"fu": args.fu} if args.fu is not None else {})}
    if not args.hand:
        raise InvalidArgument("give the winning hand's tiles (HAND) or its total (--fan N / --han N --fu N)")
    if args.fu is not None:
        raise InvalidArgument("--fu goes with --han (a hand given by its tiles is scored from them)")
    out["hand"] = args.hand
    if system == "mcr":
        from ..mcr.situation import FLAGS

        for f in FLAGS:
            if f.name != "self_drawn" and getattr(args, f.name, False):
                out[f.name] = True
        if args.flowers is not None:
            out["flowers"] = int(args.flowers) if args.flowers.isdigit() else args.flowers
        return {"kind": "win", **out}
    for name in _RIICHI_FLAGS:
        if getattr(args, name, False):
            out[name] = True
    out["dora"] = args.dora or ""
    out["ura_dora"] = args.ura_dora or ""
    if args.pao is not None:
        out["pao"] = args.pao
    return {"kind": "win", **out}


def _show_record(t: Any, rec: dict[str, Any], rnd: int, table: int, lang: str) -> None:
    names = t.sheet(rnd, table)["players"]
    w = words(lang)
    print(w["s_record"].format(round=rnd, table=table, number=rec["number"], label=rec["label"])
          + f": {_describe(rec, names, lang)}  [{w['s_entry'].format(id=rec['id'])}]")
    print("  " + "   ".join(f"{n} {d:+d} → {x}" for n, d, x in zip(names, rec["deltas"], rec["totals"],
                                                                    strict=True)))


def _hand(args: argparse.Namespace) -> int:
    t = _open(args)
    warn_digit_pairs("--dora", args.dora)
    warn_digit_pairs("--ura-dora", args.ura_dora)
    rec = t.add(args.round, args.table, _entry(args, t.system), number=args.number, author=args.author or "")
    if args.json:
        _dump(rec)
        return 0
    _show_record(t, rec, args.round, args.table, lang_of(args))
    return 0


def _edit(args: argparse.Namespace) -> int:
    t = _open(args)
    warn_digit_pairs("--dora", args.dora)
    warn_digit_pairs("--ura-dora", args.ura_dora)
    rec = t.edit(args.round, args.table, args.entry_id, _entry(args, t.system), author=args.author or "")
    if args.json:
        _dump(rec)
        return 0
    print(f"entry {args.entry_id} changed; the sheet now:")
    _print_sheet(t.sheet(args.round, args.table), lang_of(args))
    return 0


def _delete(args: argparse.Namespace) -> int:
    t = _open(args)
    t.delete(args.round, args.table, args.entry_id, author=args.author or "")
    print(f"entry {args.entry_id} deleted (kept in the audit trail)", file=sys.stderr)
    return 0


def _names(r: dict[str, Any], lang: str, mcr: bool) -> list[str]:
    """The fan (MCR) or yaku (riichi) names of a scored win in ``lang``, from the stored detail
    (an entry recorded before the other languages were kept falls back to the names it has)."""
    if mcr:
        if lang == "en":
            return list(r.get("fans_en", r["fans"]))
        if lang in ("zh-Hant", "ja"):
            return list(r.get("fans_zh_hant", [traditional(x) for x in r["fans"]]))
        return list(r["fans"])
    if lang == "ja":
        return list(r.get("yaku_ja", r["yaku"]))
    if lang in ("zh-Hans", "zh-Hant") and "yaku_zh" in r:
        return [traditional(x) if lang == "zh-Hant" else x for x in r["yaku_zh"]]
    return list(r["yaku"])


def _han_fu(r: dict[str, Any], lang: str = "en") -> str:
    """"4 han 30 fu", with the limit it pays as (and why, when the rules round it up)."""
    w = words(lang)
    if r["yakuman"]:
        return w["s_yakuman"].format(n=r["yakuman"])
    out = w["s_han_fu"].format(han=r["han"], fu=r["fu"])
    limit = r.get("limit") or ""
    if limit:
        out += f" → {w.get('l_' + limit, limit)}"
        if limit == "mangan" and (r["han"], r["fu"]) in ((4, 30), (3, 60)):
            out += f" ({w['kiriage']})"
    return out


def _describe(rec: dict[str, Any], names: list[str], lang: str = "en") -> str:
    w = words(lang)
    e, d = rec["entry"], rec.get("detail", {})
    kind = e["kind"]
    if kind == "draw":
        if e.get("tenpai") is not None:
            ten = ", ".join(names[s] for s in e["tenpai"]) or w["s_nobody"]
            return w["s_draw_tenpai"].format(who=ten)
        return w["s_draw"]
    why = f" ({e['reason']})" if e.get("reason") else ""
    if kind in ("false_win", "chombo"):
        return w["s_" + kind].format(who=names[e["seat"]], why=why)
    if kind == "penalty":
        return w["s_penalty"].format(amount=f"{e['amount']:+d}", who=names[e["seat"]], why=why)
    self_drawn = e.get("discarder") is None
    if kind == "fan":
        how = w["s_self"] if self_drawn else w["s_from"].format(who=names[e["discarder"]])
        return w["s_fan_total"].format(winner=names[e["winner"]], fan=e["fan"], how=how)
    if kind == "points":
        how = w["s_tsumo"] if self_drawn else w["s_ron_on"].format(who=names[e["discarder"]])
        results = d.get("results") or [e]
        return w["s_points_total"].format(winner=names[e["winner"]], how=how,
                                          hanfu=_han_fu({**e, **results[0]}, lang))
    if "result" in d:  # MCR
        r = d["result"]
        how = w["s_self"] if self_drawn else w["s_from"].format(who=names[e["discarder"]])
        return w["s_mcr_win"].format(winner=names[e["winner"]], hand=r["hand"], how=how, total=r["total"],
                                     fans=", ".join(_names(r, lang, True)))
    parts = []
    for r in d.get("results", ()):
        how = w["s_tsumo"] if self_drawn else w["s_ron_on"].format(who=names[e["discarder"]])
        dora = ""
        if "dora" in r:
            dora = w["s_dora"].format(tiles=" ".join(r["dora"]) or w["none"])
            if r.get("ura_dora"):
                dora += w["s_ura"].format(tiles=" ".join(r["ura_dora"]))
        parts.append(w["s_riichi_win"].format(winner=names[r["winner"]], how=how, hand=r["hand"],
                                              hanfu=_han_fu(r, lang), yaku=", ".join(_names(r, lang, False)),
                                              dora=dora))
    return "; ".join(parts)


def _print_sheet(s: dict[str, Any], lang: str = "en") -> None:
    w = words(lang)
    names = s["players"]
    riichi = s["system"] == "riichi"
    print(w["s_head"].format(round=s["round"], table=s["table"], system=s["system"]) + ": "
          + "  ".join(f"{wind} {n}" for wind, n in zip(w["winds"], names, strict=True)))
    rows = []
    for r in s["entries"]:
        rows.append([str(r["number"]), r["label"], str(r["id"]),
                     *(f"{x:+d}" if x else "·" for x in r["deltas"]), _describe(r, names, lang)])
    if rows:
        print(_table(["#", w["s_col_hand"], w["s_col_entry"], *names, w["s_col_what"]], rows,
                     {0, 3, 4, 5, 6}))
    head = w["s_scores"] if riichi else w["s_totals"]
    print(f"{head}: " + "  ".join(f"{n} {x}" for n, x in zip(names, s["totals"], strict=True)))
    what = w["s_final"] if riichi else w["s_table_points"]
    state = w["s_ended"] if s["ended"] else w["s_next"].format(number=s["next"]["number"],
                                                               label=s["next"]["label"])
    hands = w["s_hand_one"] if s["hands"] == 1 else w["s_hands"].format(n=s["hands"])
    print(f"{what}: " + "  ".join(f"{n} {_pts(x, riichi)}" for n, x in zip(names, s["points"], strict=True))
          + f"   ({hands}, {state})")
    note = _exact_note(names, s["points"], s["points_exact"], lang)
    if note:
        print(note)


def _sheet(args: argparse.Namespace) -> int:
    s = _open(args).sheet(args.round, args.table)
    if args.json:
        _dump(s)
    else:
        _print_sheet(s, lang_of(args))
    return 0


def _end(args: argparse.Namespace) -> int:
    s = _open(args).end_session(args.round, args.table, author=args.author or "")
    if args.json:
        _dump(s)
    else:
        _print_sheet(s, lang_of(args))
    return 0


def _standings(args: argparse.Namespace) -> int:
    t = _open(args)
    rows = t.standings()
    if args.json:
        _dump(rows)
        return 0
    riichi = t.system == "riichi"
    out = []
    for p in rows:
        best = p["best"]
        best_text = ""
        if best:
            unit = "han" if riichi else "fan"
            best_text = f"{best['value']} {unit} (r{best['round']} t{best['table']} #{best['number']})"
        out.append([str(p["rank"]), p["name"], p["club"], str(p["sessions"]), _pts(p["points"], riichi),
                    _num(p["score"]), str(p["firsts"]), str(p["wins"]),
                    str(p["chombo"] if riichi else p["false_wins"]), best_text])
    print(f"{t.name} — standings")
    print(_table(["rank", "name", "club", "played", "points" if riichi else "table pts", "score", "1st",
                  "wins", "chombo" if riichi else "false wins", "best hand"], out, {0, 3, 4, 5, 6, 7, 8}))
    note = _exact_note([p["name"] for p in rows], [p["points"] for p in rows],
                       [p["points_exact"] for p in rows])
    if note:
        print(note)
    return 0


def _history(args: argparse.Namespace) -> int:
    h = _open(args).history(args.name)
    if args.json:
        _dump(h)
        return 0
    print(f"{h['name']}: rank {h['rank']}, {_pts(h['points'], False)} points, score {_num(h['score'])}")
    print(_table(["round", "table", "seat", "score", "place", "points", "opponents"],
                 [[str(s["round"]), str(s["table"]), "ESWN"[s["seat"]], str(s["score"]), str(s["place"]),
                   _num(s["points"]), ", ".join(s["opponents"])] for s in h["sessions"]], {0, 1, 3, 4, 5}))
    return 0


def _audit(args: argparse.Namespace) -> int:
    rows = _open(args).audit(args.round, args.table)
    if args.json:
        for r in rows:
            _dump(r)
        return 0
    for r in rows:
        where = f"r{r['round']} t{r['table']}" + (f" #{r['number']}" if r["number"] else "")
        entry = f" entry {r['entry']}" if r["entry"] else ""
        change = ""
        if r["action"] == "edit":
            before = json.dumps(r["before"], ensure_ascii=False)
            change = f": {before} → {json.dumps(r['after'], ensure_ascii=False)}"
        print(f"{r['at']}  {r['author'] or '-'}  {r['action']}{entry}  {where}{change}")
    return 0


def _export(args: argparse.Namespace) -> int:
    t = _open(args)
    text = t.export_csv() if args.format == "csv" else json.dumps(t.export_json(), ensure_ascii=False,
                                                                   indent=1) + "\n"
    if args.output in (None, "-"):
        sys.stdout.write(text)
    else:  # the umask's permissions; a symbolic link or a block device refused, not replaced
        with open_output(args.output) as f:
            f.write(text.encode("utf-8"))
        print(f"wrote {args.output}", file=sys.stderr)
    return 0


# -- the parser -----------------------------------------------------------------------------------
#: the largest number SQLite stores (ids, rounds, tables are signed 64-bit integers there)
_MAX_ID = (1 << 63) - 1
#: hand numbers, as the HTTP API takes them
_MAX_HAND = 1000


class _Number:
    """An argparse type: a whole number from 1 to ``top`` (so that a number SQLite cannot store
    is refused with exit 2 and a message, not an internal error)."""

    __slots__ = ("top", "what")

    def __init__(self, what: str, top: int) -> None:
        self.what = what
        self.top = top

    def __call__(self, text: str) -> int:
        t = text.strip()
        if not (t.isascii() and t.isdigit() and len(t) <= 20 and 1 <= int(t) <= self.top):
            raise argparse.ArgumentTypeError(f"{self.what} {text!r}: a whole number from 1 to {self.top}")
        return int(t)


def _number(what: str, top: int = _MAX_ID) -> _Number:
    return _Number(what, top)


def _hand_options(p: argparse.ArgumentParser) -> None:
    from ..mcr.situation import FLAGS

    add_hand_argument(p, "the winning hand's tiles, winning tile last (as `suanfan mcr` / `suanfan riichi`)",
                      optional=True)
    p.add_argument("--winner", metavar="NAME", help="who won (a name, or the seat 0-3)")
    p.add_argument("--discarder", metavar="NAME", help="who discarded the winning tile")
    add_aliases(p, p.add_argument("--self-drawn", action="store_true", help="won by self-draw (tsumo)"),
                "--tsumo")
    p.add_argument("--number", type=_number("hand number", _MAX_HAND), metavar="N",
                   help="the hand's number (default: the hand in play)")
    p.add_argument("--author", metavar="WHO", help="who enters it (kept in the audit trail)")
    g = p.add_argument_group("other results")
    g.add_argument("--fan", type=int, metavar="N", help="MCR: a win entered by its fan total")
    g.add_argument("--han", type=int, metavar="N", help="riichi: a win entered by han (with --fu)")
    g.add_argument("--fu", type=int, metavar="N", help="riichi: the fu of a --han win (default 30)")
    g.add_argument("--yakuman", type=int, metavar="N", help="riichi: a win entered as N yakuman")
    g.add_argument("--draw", action="store_true", help="a drawn hand")
    g.add_argument("--tenpai", action="append", metavar="NAME",
                   help="riichi draw: a tenpai player; repeatable")
    g.add_argument("--false-win", metavar="NAME", help="MCR: a false win by NAME (−30, +10 each other)")
    g.add_argument("--chombo", metavar="NAME", help="riichi: a chombo by NAME (the placement's penalty)")
    g.add_argument("--penalty", nargs=2, metavar=("NAME", "AMOUNT"), help="a penalty (signed amount)")
    g.add_argument("--reason", help="why (false win, chombo, penalty)")
    m = p.add_argument_group("MCR situation (as `suanfan mcr`)")
    for f in FLAGS:
        if f.name != "self_drawn":
            m.add_argument(f.option, dest=f.name, action="store_true", help=f.help)
    m.add_argument("--flowers", help="flower count or flower tiles such as 1258f")
    r = p.add_argument_group("riichi situation (as `suanfan riichi`)")
    r.add_argument("--riichi", action="append", metavar="NAME",
                   help="a player who declared riichi in this hand (the winner too); repeatable")
    for name in _RIICHI_FLAGS:
        r.add_argument("--" + name.replace("_", "-"), dest=name, action="store_true")
    r.add_argument("--dora", help="dora indicators, e.g. 3m7z")
    r.add_argument("--ura-dora", help="ura dora indicators")
    r.add_argument("--pao", metavar="NAME",
                   help="the player liable (pao) for a big three dragons / four winds")


def _where(p: argparse.ArgumentParser) -> None:
    p.add_argument("round", type=_number("round"), help="round number")
    p.add_argument("table", type=_number("table"), help="table number")


@register_command
def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    top = sub.add_parser("tournament", help="run a tournament: players, seating, score sheets, standings",
                         description="Run an MCR or riichi tournament kept in one SQLite file: every hand "
                                     "scored from its tiles, standings and exports (README: 'Tournaments').")
    cmds = top.add_subparsers(dest="tournament_command", metavar="COMMAND", parser_class=type(top),
                              required=True)

    def cmd(name: str, help: str, func: Any, where: bool = False,
            json_opt: bool = True) -> argparse.ArgumentParser:
        p = cmds.add_parser(name, help=help, description=help)
        p.add_argument("file", help="the tournament file (SQLite)")
        if where:
            _where(p)
        if json_opt:
            p.add_argument("--json", action="store_true", help="print JSON")
            add_lang_option(p)
        p.set_defaults(func=func)
        return p

    p = cmd("create", "create a tournament file (prints its organiser secret, once)", _create, json_opt=False)
    p.add_argument("--name", required=True, help="the tournament's name")
    p.add_argument("--system", choices=("mcr", "riichi"), default="mcr", help="rule system (default mcr)")
    p.add_argument("--rules", help="scoring preset (default: mcr; riichi: the placement's own rules)")
    p.add_argument("--placement", choices=("ema", "wrc", "mleague", "tenhou"),
                   help="riichi: start points, uma/oka and ties (default wrc)")
    p = cmd("players", "add, import, or list the players", _players)
    p.add_argument("--import", dest="import_csv", metavar="CSV",
                   help="a CSV of players: name[,club,team,ema,country] ('-' for stdin)")
    p.add_argument("--add", action="append", metavar="NAME", help="add a player; repeatable")
    p.add_argument("--club")
    p.add_argument("--team", help="team (team-mates are seated apart)")
    p.add_argument("--ema", help="EMA number")
    p.add_argument("--country")
    p.add_argument("--out", action="append", metavar="NAME", help="leave a player out of the next rounds")
    p.add_argument("--back", action="append", metavar="NAME", help="seat a player again")
    p = cmd("seat", "seat the next round", _seat)
    p.add_argument("--method", choices=("random", "swiss", "snake", "strongest"), default="random",
                   help="random draw, by ranking (swiss), snake, or strongest together (default random)")
    p.add_argument("--seed", type=int, help="seed of the draw (for a reproducible seating)")
    p = cmd("hand", "enter a hand, a draw, a false win, a chombo or a penalty", _hand, where=True)
    _hand_options(p)
    p = cmd("edit", "replace an entry (the sheet is replayed)", _edit, where=True)
    p.add_argument("entry_id", type=_number("entry id"), help="the entry's id (see `sheet`)")
    _hand_options(p)
    p = cmd("delete", "delete an entry (the last hand, or an adjustment)", _delete, where=True,
            json_opt=False)
    p.add_argument("entry_id", type=_number("entry id"), help="the entry's id (see `sheet`)")
    p.add_argument("--author", metavar="WHO", help="who deletes it (kept in the audit trail)")
    cmd("sheet", "show a table's score sheet", _sheet, where=True)
    p = cmd("end", "end a table's session (on time or after its last hand)", _end, where=True)
    p.add_argument("--author", metavar="WHO")
    cmd("standings", "show the standings", _standings)
    p = cmd("history", "a player's sessions", _history)
    p.add_argument("name", help="the player")
    p = cmd("audit", "who entered, changed or deleted what, and when (JSON Lines with --json)", _audit)
    p.add_argument("round", type=_number("round"), nargs="?")
    p.add_argument("table", type=_number("table"), nargs="?")
    p = cmd("export", "export the results: CSV (EMA results layout) or JSON", _export, json_opt=False)
    p.add_argument("--format", choices=("csv", "json"), default="csv")
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE (default: stdout)")
    p = cmd("secret", "the organiser secret of `suanfan serve --tournament`: whether it is set, or a new "
                      "one", _secret, json_opt=False)
    p.add_argument("--reset", action="store_true",
                   help="make a new secret and print it once (the old one stops working)")
    p = cmd("token", "referee tokens for `suanfan serve --tournament`: add NAME [--tables …], list, "
                     "revoke ID", _token)
    p.add_argument("action", choices=("add", "list", "revoke"))
    p.add_argument("what", nargs="?", metavar="NAME|ID", help="add: the holder's name; revoke: the token id")
    p.add_argument("--tables", metavar="LIST",
                   help="add: the tables it may write to, e.g. 3,5 (every round) or 2.1 (round 2 table 1); "
                        "default every table")
    p = cmd("reads", "whether sheets and standings may be read over HTTP without a token", _reads,
            json_opt=False)
    p.add_argument("state", nargs="?", choices=("public", "closed"), help="set it (default: show it)")
