"""``suanfan stats LOG|DIR... [--player NAME] [--json] [--html OUT] [--lang LANG] [--jobs N]
[--scheduler ADDRESS]``: per-player statistics over riichi game logs, and per-seat statistics
over Botzone MCR logs (docs/stats.md).

Prints a table (riichi, then MCR), or with ``--json`` one object ``{"players": [...]}`` (MCR
entries with ``"system": "mcr"``); ``--html OUT`` writes one self-contained page with bar charts
(``-``: standard output, instead of the table). Exit status 0, or 2 when a file (or a round or
match of it) cannot be read or ``--player`` names no player of the logs: one line on stderr each,
with the statistics of what could be read."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from itertools import chain, islice

from ..cli import add_scheduler_argument, register_command, whole_number
from ..errors import MahjongError
from ..parallel import ordered_map
from .i18n import add_lang_option, fan_name, lang_of
from .logfiles import LogFiles, add_source_arguments, require_sources

__all__ = ["add_parser", "count_file", "run"]


def count_file(path: str, fmt: str) -> tuple[list[object], list[str]]:
    """The per-seat counts of one log file (:class:`suanfan.stats.Counts` of a riichi log, or
    :class:`suanfan.stats.mcr.MCRCounts` of a Botzone one, its matches added up per seat) and
    the errors that made it (or some of its rounds or matches) unreadable, one line each."""
    from ..logs import LogError, detect, read
    from ..stats import game_counts

    try:
        if fmt == "auto":  # as suanfan replay detects a Botzone log
            with open(path, "rb") as f:
                if detect(f.read(4096)) == "botzone":
                    fmt = "botzone"
        if fmt == "botzone":
            return _count_botzone(path)
        game = read(path, None if fmt == "auto" else fmt, strict=False)
    except LogError as exc:
        where = f"{exc.location}: " if exc.location else ""
        return [], [f"{path}: {where}{exc.detail}"]
    except MahjongError as exc:
        return [], [f"{path}: {exc}"]
    except OSError as exc:
        return [], [f"{path}: {exc.strerror or exc}"]
    errors = [f"{path}: round {r.label}: {r.error}" for r in game.unreadable]
    return list(game_counts(game)), errors


def _count_botzone(path: str) -> tuple[list[object], list[str]]:
    """A Botzone file's counts, one :class:`~suanfan.stats.mcr.MCRCounts` a seat (a bad match
    counts for nobody: its error names the path and the line)."""
    import os

    from ..logs.botzone import Match
    from ..logs.botzone import read as read_botzone
    from ..mcr import get_rules
    from ..stats.mcr import mcr_stats

    base = os.path.basename(path)
    errors: list[str] = []
    rules = get_rules("mcr-botzone")


    def good() -> Iterator[Match]:  # streamed: memory stays bounded however many matches
        for m in read_botzone(path):
            if m.error is not None:
                errors.append(path + m.error[len(base):] if m.error.startswith(base) else m.error)
            else:
                yield m

    counts: list[object] = list(mcr_stats(good(), rules))
    return counts, errors


def _results(files: LogFiles, fmt: str, jobs: int,
             scheduler: str | None) -> Iterator[tuple[list[object], list[str]]]:
    todo = iter(files)
    first = list(islice(todo, 2))
    if scheduler is None and (jobs <= 1 or len(first) <= 1):
        jobs = 1
    tasks = ((path, fmt) for path in chain(first, todo))
    yield from ordered_map(count_file, tasks, jobs=jobs, scheduler=scheduler, ahead=2)


_COLUMNS = (("name", "name"), ("seats", "p"), ("games", "games"), ("rounds", "rounds"),
            ("win_rate", "win%"), ("deal_in_rate", "deal-in%"), ("riichi_rate", "riichi%"),
            ("call_rate", "call%"), ("tsumo_rate", "tsumo%"), ("draws", "draws"),
            ("tenpai_at_draw", "tenpai"), ("average_win", "avg win"),
            ("average_deal_in", "avg deal-in"), ("average_placement", "avg place"))


def _cell(key: str, v: object) -> str:
    if isinstance(v, float):
        return f"{100 * v:.1f}" if key.endswith("_rate") else f"{v:.2f}" if "placement" in key \
            or "fans" in key else f"{v:.0f}"
    return str(v)


_MCR_COLUMNS = (("name", "seat"), ("games", "games"), ("rounds", "rounds"), ("wins", "wins"),
                ("win_rate", "win%"), ("self_drawn_rate", "self-drawn%"),
                ("deal_in_rate", "deal-in%"), ("draws", "draws"), ("average_fans", "avg fans"),
                ("average_recorded_fans", "avg recorded"), ("fan_differences", "differ"))
_FANS_SHOWN = 8  # fans listed per seat under the MCR table


def _print_table(rows: list[dict[str, object]], columns: tuple[tuple[str, str], ...]) -> None:
    table = [tuple(h for _, h in columns)]
    table += [tuple(_cell(k, r[k]) for k, _ in columns) for r in rows]
    widths = [max(len(r[i]) for r in table) for i in range(len(columns))]
    for t in table:
        print("  ".join(c.ljust(widths[i]) for i, c in enumerate(t)).rstrip())


def _fan_line(row: dict[str, object], lang: str) -> str:
    from ..mcr import FAN_BY_ID

    fans = row["fans"]
    assert isinstance(fans, list)
    parts = []
    for f in fans[:_FANS_SHOWN]:
        fan = FAN_BY_ID.get(f["id"])
        name = fan_name(fan, lang) if fan is not None else str(f["zh"])
        parts.append(f"{name} {f['wins']}")
    more = f", +{len(fans) - _FANS_SHOWN} more" if len(fans) > _FANS_SHOWN else ""
    return f"{row['name']} fans (wins with it, of {row['wins']}): {', '.join(parts) or '-'}{more}"


def run(args: argparse.Namespace) -> int:
    from ..stats import Counts, player_stats
    from ..stats.mcr import MCRCounts, mcr_stats

    require_sources("stats", args.files, args.files_from)
    if args.html == "-" and args.json:
        raise MahjongError("--html -: standard output is the JSON's (give --html a file)")
    files = LogFiles(args.files, args.files_from)
    counts: list[Counts] = []
    mcr: list[MCRCounts] = []
    bad = 0
    for results, errors in _results(files, args.format, args.jobs, args.scheduler):
        for line in errors:
            print(f"suanfan: error: {line}", file=sys.stderr)
        bad += len(errors)
        counts.extend(c for c in results if isinstance(c, Counts))
        mcr.extend(c for c in results if isinstance(c, MCRCounts))
    players = player_stats(counts)
    seats = mcr_stats(mcr)
    if args.player is not None:
        players = [p for p in players if p.name == args.player]
        seats = [p for p in seats if p.name == args.player]
        if not players and not seats:
            print(f"suanfan: error: --player: {args.player!r} is no player of the logs",
                  file=sys.stderr)
            bad += 1
    rows = [p.to_dict() for p in players]
    mcr_rows = [p.to_dict() for p in seats]
    lang = lang_of(args)
    if args.json:
        print(json.dumps({"players": rows + mcr_rows}, ensure_ascii=False))
    elif args.html != "-":
        if rows or not mcr_rows:
            _print_table(rows, _COLUMNS)
        if mcr_rows:
            if rows:
                print()
            _print_table(mcr_rows, _MCR_COLUMNS)
            for r in mcr_rows:
                print(_fan_line(r, lang))
    if args.html is not None:  # after the table: a page that cannot be written loses nothing else
        _write_html(args.html, rows + mcr_rows, lang)
    return 2 if bad else 0


def _write_html(out: str, rows: list[dict[str, object]], lang: str) -> None:
    from ..stats.html import stats_html

    page = stats_html(rows, lang)
    if out == "-":
        sys.stdout.write(page)
        return
    try:
        with open(out, "w", encoding="utf-8") as f:
            f.write(page)
    except OSError as exc:
        raise MahjongError(f"--html: cannot write {out} ({exc.strerror or exc})") from None


@register_command
def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "stats", help="per-player statistics over riichi and Botzone MCR game logs",
        description="Per-player statistics (games, rounds, wins, deal-ins, riichi, calls, "
                    "draws, tenpai at the draw, rates, average win and deal-in, placements) over "
                    "riichi logs (Tenhou mjlog XML, tenhou.net/6 JSON, mjai JSON Lines): one "
                    "entry per name and table size; over Botzone MCR logs, which name no player, "
                    "one entry per seat (games, wins, self-drawn wins, deal-ins, average fans, "
                    "how often each fan appears in the wins). Exit status 2 when a file, round "
                    "or match cannot be read, or --player names no player of the logs.")
    add_source_arguments(p, "riichi or Botzone game log files; a directory is walked for the "
                            "logs in it")
    p.add_argument("--player", metavar="NAME", default=None, help="only this player")
    p.add_argument("--json", action="store_true",
                   help='one JSON object {"players": [...]} (docs/stats.md)')
    p.add_argument("--html", metavar="OUT", default=None,
                   help="also write the statistics as one self-contained HTML page with bar "
                        "charts to OUT (- standard output, instead of the table)")
    add_lang_option(p)
    p.add_argument("--jobs", "-j", type=whole_number(1024), default=1,
                   help="processes to spread the files over (default 1)")
    add_scheduler_argument(p)
    p.set_defaults(func=run)
