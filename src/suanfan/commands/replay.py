"""``suanfan replay FILE...``: read game logs, re-score every win and compare with the record.

Prints a table (one row per win, differences marked) and a summary, or with ``--json`` one JSON
object per win and a last line ``{"summary": {...}}``. Exit status 0 when every win is
reproduced, 1 when some differ, 2 when a file cannot be read (one line on stderr each; the other
files are still replayed).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import deque
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from ..cli import register_command, whole_number

__all__ = ["add_parser", "replay_file", "run"]

_FORMATS = ("tenhou-xml",)


def _detect(path: str) -> str:
    """The format of a log file, from its first bytes."""
    with open(path, "rb") as f:
        head = f.read(64)
    if head[:2] == b"\x1f\x8b" or head.lstrip()[:9] == b"<mjloggm ":
        return "tenhou-xml"
    return ""


def replay_file(path: str, fmt: str, rules: str | None) -> tuple[list[dict[str, Any]], str | None]:
    """The replayed wins of one file as JSON objects, or the error that made it unreadable."""
    from ..errors import MahjongError
    from ..logs import LogError, read, replay

    try:
        if fmt == "auto":
            fmt = _detect(path)
            if not fmt:
                return [], f"{path}: not a log format suanfan reads ({', '.join(_FORMATS)})"
        game = read(path)
        out = []
        for r in replay(game, rules):
            d = r.to_dict()
            d["file"] = path
            out.append(d)
        return out, None
    except LogError as exc:  # its message names the file by its base name: give the path
        where = "" if exc.index is None else f"event {exc.index} <{exc.tag}>: "
        return [], f"{path}: {where}{exc.detail}"
    except MahjongError as exc:
        return [], f"{path}: {exc}"
    except OSError as exc:
        return [], f"{path}: {exc.strerror or exc}"


def _results(files: list[str], fmt: str, rules: str | None,
             jobs: int) -> Iterator[tuple[list[dict[str, Any]], str | None]]:
    """Each file's results in the order given; with ``jobs`` > 1 spread over processes, at most
    two files a process in flight."""
    if jobs <= 1 or len(files) <= 1:
        for path in files:
            yield replay_file(path, fmt, rules)
        return
    with ProcessPoolExecutor(max_workers=min(jobs, len(files))) as pool:
        window: deque[Future[tuple[list[dict[str, Any]], str | None]]] = deque()
        todo = iter(files)
        for path in todo:
            window.append(pool.submit(replay_file, path, fmt, rules))
            if len(window) >= 2 * jobs:
                yield window.popleft().result()
        while window:
            yield window.popleft().result()


def _score_text(s: dict[str, Any] | None) -> str:
    if s is None:
        return "-"
    head = f"{s['han']}h" + (f"{s['fu']}f" if s["fu"] else "")
    return f"{head} {s['points']} {','.join(str(d) for d in s['deltas'])}"


def run(args: argparse.Namespace) -> int:
    if args.rules is not None:
        from ..riichi import get_rules

        get_rules(args.rules)  # an unknown preset is an error before any file is read
    files: list[str] = args.files
    progress = sys.stderr.isatty()
    games = wins = equal = unreadable = 0
    rows: list[tuple[str, ...]] = []
    for done, (results, error) in enumerate(_results(files, args.format, args.rules, args.jobs), 1):
        if progress:
            print(f"\rreplaying: {done}/{len(files)} files", end="", file=sys.stderr, flush=True)
        if error is not None:
            if progress:
                print(file=sys.stderr)
            print(f"suanfan: error: {error}", file=sys.stderr)
            unreadable += 1
            continue
        games += 1
        for d in results:
            wins += 1
            equal += bool(d["equal"])
            if args.json:
                print(json.dumps(d, ensure_ascii=False))
            else:
                how = "tsumo" if d["from"] is None else f"ron {d['from']}"
                mark = "" if d["equal"] else "≠ " + ",".join(d["differences"])
                rows.append((os.path.basename(d["file"]), d["round"], str(d["winner"]), how,
                             d["hand"], _score_text(d["recorded"]), _score_text(d["scored"]),
                             mark))
    if progress:
        print("\r" + " " * 40 + "\r", end="", file=sys.stderr, flush=True)
    summary = {"games": games, "wins": wins, "equal": equal, "differ": wins - equal,
               "unreadable": unreadable}
    if args.json:
        print(json.dumps({"summary": summary}))
    else:
        head = ("file", "round", "seat", "win", "hand", "recorded", "scored", "")
        table = [head, *rows]
        widths = [max(len(r[i]) for r in table) for i in range(len(head))]
        for r in table:
            print("  ".join(c.ljust(widths[i]) for i, c in enumerate(r)).rstrip())
        print(f"{games} games, {wins} wins: {equal} reproduced, {wins - equal} differ"
              + (f"; {unreadable} files unreadable" if unreadable else ""))
    if unreadable:
        return 2
    return 0 if equal == wins else 1


@register_command
def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "replay", help="re-score every win of game logs and compare with the record",
        description="Read game logs (Tenhou mjlog XML, plain or gzip-compressed), re-score every "
                    "win with the table's rules and compare han, fu, points, yaku and every "
                    "seat's score change with what the log recorded. Exit status 0 when every win "
                    "is reproduced, 1 when some differ, 2 when a file cannot be read.",
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="game log files")
    p.add_argument("--format", choices=("auto", *_FORMATS), default="auto",
                   help="the logs' format (default: detected)")
    p.add_argument("--rules", default=None,
                   help="score with this riichi preset (default: tenhou fitted to each table)")
    p.add_argument("--json", action="store_true",
                   help="one JSON object per win, then a summary line")
    p.add_argument("--jobs", "-j", type=whole_number(1024), default=1,
                   help="processes to spread the files over (default 1)")
    p.set_defaults(func=run)
