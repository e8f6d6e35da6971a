"""``suanfan stats LOG|DIR... [--player NAME] [--json] [--jobs N] [--scheduler ADDRESS]``:
per-player statistics over riichi game logs (docs/stats.md).

Prints a table, or with ``--json`` one object ``{"players": [...]}``. Exit status 0, or 2 when a
file (or a round of it) cannot be read or ``--player`` names no player of the logs: one line on
stderr each, with the statistics of what could be read."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from itertools import chain, islice

from ..cli import add_scheduler_argument, register_command, whole_number
from ..errors import MahjongError
from ..parallel import ordered_map
from .logfiles import LogFiles, add_source_arguments, require_sources

__all__ = ["add_parser", "count_file", "run"]


def count_file(path: str, fmt: str) -> tuple[list[object], list[str]]:
    """The per-seat counts (:class:`suanfan.stats.Counts`) of one log file and the errors that
    made it (or some of its rounds) unreadable, one line each."""
    from ..logs import LogError, read
    from ..stats import game_counts

    try:
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
            else f"{v:.0f}"
    return str(v)


def run(args: argparse.Namespace) -> int:
    from ..stats import Counts, player_stats

    require_sources("stats", args.files, args.files_from)
    files = LogFiles(args.files, args.files_from)
    counts: list[Counts] = []
    bad = 0
    for results, errors in _results(files, args.format, args.jobs, args.scheduler):
        for line in errors:
            print(f"suanfan: error: {line}", file=sys.stderr)
        bad += len(errors)
        counts.extend(c for c in results if isinstance(c, Counts))
    players = player_stats(counts)
    if args.player is not None:
        players = [p for p in players if p.name == args.player]
        if not players:
            print(f"suanfan: error: --player: {args.player!r} is no player of the logs",
                  file=sys.stderr)
            bad += 1
    rows = [p.to_dict() for p in players]
    if args.json:
        print(json.dumps({"players": rows}, ensure_ascii=False))
    else:
        table = [tuple(h for _, h in _COLUMNS)]
        table += [tuple(_cell(k, r[k]) for k, _ in _COLUMNS) for r in rows]
        widths = [max(len(r[i]) for r in table) for i in range(len(_COLUMNS))]
        for t in table:
            print("  ".join(c.ljust(widths[i]) for i, c in enumerate(t)).rstrip())
    return 2 if bad else 0


@register_command
def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "stats", help="per-player statistics over riichi game logs",
        description="Per-player statistics (games, rounds, wins, deal-ins, riichi, calls, "
                    "draws, tenpai at the draw, rates, average win and deal-in, placements) over "
                    "riichi logs (Tenhou mjlog XML, tenhou.net/6 JSON, mjai JSON Lines): one "
                    "entry per name and table size. Exit status 2 when a file or round cannot "
                    "be read, or --player names no player of the logs.")
    add_source_arguments(p, "riichi game log files; a directory is walked for the logs in it")
    p.add_argument("--player", metavar="NAME", default=None, help="only this player")
    p.add_argument("--json", action="store_true",
                   help='one JSON object {"players": [...]} (docs/stats.md)')
    p.add_argument("--jobs", "-j", type=whole_number(1024), default=1,
                   help="processes to spread the files over (default 1)")
    add_scheduler_argument(p)
    p.set_defaults(func=run)
