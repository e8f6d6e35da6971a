"""``suanfan review LOG|DIR... --player NAME|--seat N [--json] [--html OUT] [--threshold POINTS]
[--jobs N] [--scheduler ADDRESS]``: every decision of one player of riichi logs, judged by the
exact expected-value search (docs/review.md).

Prints, for each game, the decisions where suanfan would have chosen otherwise and a summary;
``--json`` one JSON object per game (JSON Lines); ``--html OUT`` one self-contained page. Exit
status 0, or 2 when a file (or a round of it) cannot be read or the player is not in a log: one
line on stderr each, with the review of what could be read."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from itertools import chain, islice
from typing import Any

from ..cli import add_scheduler_argument, register_command, whole_number
from ..errors import MahjongError
from ..parallel import ordered_map
from .files import open_output
from .logfiles import LogFiles, add_source_arguments, require_sources

__all__ = ["add_parser", "review_task", "run"]


def review_task(path: str, fmt: str, player: str | None, seat: int | None,
                options: dict[str, Any]) -> tuple[object | None, list[str]]:
    """The :class:`suanfan.review.Review` of one log file (``None`` when it cannot be read or
    the player is not in it) and the error lines."""
    from ..logs import LogError
    from ..review import review_file

    fmt_arg = None if fmt == "auto" else fmt
    try:
        r = review_file(path, player=player, seat=seat, format=fmt_arg, **options)
    except LogError as exc:
        where = f"{exc.location}: " if exc.location else ""
        return None, [f"{path}: {where}{exc.detail}"]
    except MahjongError as exc:
        return None, [f"{path}: {exc}"]
    except OSError as exc:
        return None, [f"{path}: {exc.strerror or exc}"]
    return r, list(r.errors)


def _results(files: LogFiles, args: argparse.Namespace,
             options: dict[str, Any]) -> Iterator[tuple[object | None, list[str]]]:
    todo = iter(files)
    first = list(islice(todo, 2))
    jobs = args.jobs
    if args.scheduler is None and (jobs <= 1 or len(first) <= 1):
        jobs = 1
    tasks = ((p, args.format, args.player, args.seat, options) for p in chain(first, todo))
    yield from ordered_map(review_task, tasks, jobs=jobs, scheduler=args.scheduler, ahead=2)


def _print(r: Any) -> None:
    s = r.summary
    print(f"{r.file}: {r.player} (seat {r.seat})")
    rows = [("round", "turn", "kind", "hand", "played", "suanfan", "lost", "model")]
    for d in r.decisions:
        if d.agree or d.loss is None:
            continue
        rows.append((d.round, str(d.turn), d.kind, d.hand, d.actual, d.best,
                     "" if d.loss is None else f"{d.loss:.0f}", d.model))
    if len(rows) > 1:
        widths = [max(len(x[i]) for x in rows) for i in range(len(rows[0]))]
        for x in rows:
            print("  " + "  ".join(c.ljust(widths[i]) for i, c in enumerate(x)).rstrip())
    print(f"  decisions {s.decisions}, judged in points {s.judged}, agreement "
          f"{100 * s.agreement_rate:.1f}% ({s.agreed} of {s.judged}), losing more than "
          f"{s.threshold:.0f}: {100 * s.big_loss_rate:.1f}% ({s.big_losses}), expected score "
          f"lost {s.expected_loss:.0f} ({s.loss_per_round:.0f} a round over {s.rounds} rounds)")


def run(args: argparse.Namespace) -> int:
    from ..review import Review
    from ..review.html import review_html

    require_sources("review", args.files, args.files_from)
    if (args.player is None) == (args.seat is None):
        print("suanfan: error: review: give either --player NAME or --seat N", file=sys.stderr)
        return 2
    options: dict[str, Any] = {"threshold": args.threshold, "max_shanten": args.max_shanten}
    files = LogFiles(args.files, args.files_from)
    reviews: list[Review] = []
    bad = 0
    for r, errors in _results(files, args, options):
        for line in errors:
            print(f"suanfan: error: {line}", file=sys.stderr)
        bad += len(errors)
        if not isinstance(r, Review):
            continue
        reviews.append(r)
        if args.json:
            print(json.dumps(r.to_dict(), ensure_ascii=False), flush=True)
        elif args.html is None or args.html != "-":
            _print(r)
    if args.html is not None:
        page = review_html(reviews)
        if args.html == "-":
            sys.stdout.write(page)
        else:
            with open_output(args.html) as f:
                f.write(page.encode("utf-8"))
    if not reviews and not bad:
        print("suanfan: error: review: no log found", file=sys.stderr)
        return 2
    return 2 if bad else 0


def _points(text: str) -> float:
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of points") from None
    if not 0 <= x < 1e9:
        raise argparse.ArgumentTypeError(f"{text!r}: give 0 or more points")
    return x


@register_command
def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from ..review import DEFAULT_THRESHOLD, MAX_SHANTEN
    from ..review.mcr import DEFAULT_MCR_THRESHOLD

    p = sub.add_parser(
        "review", help="each decision of a player of riichi or MCR logs, judged",
        description="Every decision of one player (discards, riichi or dama, win or pass, "
                    "calls and kongs offered) of riichi logs (Tenhou mjlog XML, tenhou.net/6 "
                    "JSON, mjai JSON Lines) or Botzone MCR logs (by the fan-aware analysis, each "
                    "match a round): what was played, what suanfan would choose by the exact "
                    "expected-value search with the tiles the player could see removed from "
                    "the wall (weighed by danger when an opponent is in riichi or shows three "
                    "melds), and the expected score lost (docs/review.md). Exit status 2 when a "
                    "file or round cannot be read, or the player is not in a log.")
    add_source_arguments(p, "game log files (riichi, or Botzone MCR); a directory is walked for "
                            "the logs in it")
    who = p.add_mutually_exclusive_group()
    who.add_argument("--player", metavar="NAME", default=None, help="the player reviewed, by name")
    who.add_argument("--seat", type=int, choices=range(4), default=None, metavar="N",
                     help="the player reviewed, by seat: 0 the first dealer, 1-3 the next "
                        "(Botzone: the player number)")
    p.add_argument("--json", action="store_true", help="one JSON object per game (docs/review.md)")
    p.add_argument("--html", metavar="OUT", default=None,
                   help="write one self-contained HTML page (- for standard output)")
    p.add_argument("--threshold", type=_points, default=None, metavar="POINTS",
                   help=f"a choice losing more expected points is a big loss (default "
                        f"{DEFAULT_THRESHOLD:.0f} riichi, {DEFAULT_MCR_THRESHOLD:.0f} MCR)")
    p.add_argument("--max-shanten", type=int, choices=range(4), default=MAX_SHANTEN, metavar="N",
                   help=f"judge exactly hands up to N from ready (0-3, default {MAX_SHANTEN}; "
                        "3 is slow)")
    p.add_argument("--jobs", "-j", type=whole_number(1024), default=1,
                   help="processes to spread the files over (default 1)")
    add_scheduler_argument(p)
    p.set_defaults(func=run)
