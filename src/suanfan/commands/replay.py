"""``suanfan replay FILE|DIR... [--files-from LIST]``: read game logs, re-score every win and
compare with the record.

Prints a table (one row per win, differences marked) and a summary, or with ``--json`` one JSON
object per win and a last line ``{"summary": {...}}``. Exit status 0 when every win is
reproduced, 1 when some differ, 2 when a file cannot be read or a round of it cannot (one line on
stderr each; the other files, and the other rounds of a file, are still replayed).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterable, Iterator
from itertools import chain, islice
from typing import Any

from ..cli import add_scheduler_argument, count, register_command, whole_number
from ..errors import MahjongError
from ..parallel import ordered_map
from .logfiles import LogFiles, LogFormats, add_source_arguments, require_sources

__all__ = ["add_parser", "replay_file", "run"]

_NOT_A_LOG = "not a log format suanfan reads"

def replay_file(path: str, fmt: str, rules: str | None,
                strict: bool = True) -> tuple[list[dict[str, Any]], str | None, int]:
    """The replayed wins of one file as JSON objects, the error that made it (or some of its
    games) unreadable, and the number of games read. With ``strict`` false a riichi log is read
    leniently (what ``suanfan replay`` does): a fault loses only the round it is in, whose wins
    are not replayed, and the error has a line for each such round."""
    wins, error, games, _rounds = _replay_file(path, fmt, rules, strict)
    return wins, error, games


def _replay_file(path: str, fmt: str, rules: str | None, strict: bool = False,
                 walls: str = "auto") -> tuple[list[dict[str, Any]], str | None, int, int]:
    """:func:`replay_file`, and the number of rounds unreadable; ``walls`` the walls of a
    Botzone log's matches (:func:`suanfan.logs.botzone.read`)."""
    from ..logs import LogError, detect, read, replay

    try:
        if fmt == "auto":
            with open(path, "rb") as f:
                if detect(f.read(4096)) == "botzone":
                    fmt = "botzone"
        if fmt == "botzone":  # many matches a file: a bad one does not stop the others
            from ..logs.botzone_replay import replay_file as replay_botzone

            wins, errors, games = replay_botzone(path, _rules_for("mcr", rules), walls=walls)
            # a bad match (a round of MCR) loses only itself: counted as an unreadable round
            return wins, "\n".join(errors) or None, games, len(errors)
        game = read(path, None if fmt == "auto" else fmt, strict=strict)
        out = []
        for r in replay(game, _rules_for("riichi", rules)):
            d = r.to_dict()
            d["file"] = path
            out.append(d)
        # each error names the file by its base name: give the path, and the round
        bad = [f"{path}: round {r.label if r.kyoku else f'#{r.index + 1}'}: "
               f"{_after_name(r.error or '', game.file)}" for r in game.unreadable]
        return out, "\n".join(bad) or None, 1, len(bad)
    except LogError as exc:  # its message names the file by its base name: give the path
        where = f"{exc.location}: " if exc.location else ""
        detail = exc.detail
        if detail.startswith(_NOT_A_LOG):  # the riichi readers' formats: replay reads Botzone's too
            detail = f"{_NOT_A_LOG} ({', '.join(f for f in LogFormats() if f != 'auto')})"
        return [], f"{path}: {where}{detail}", 0, 0
    except MahjongError as exc:
        return [], f"{path}: {exc}", 0, 0
    except OSError as exc:
        return [], f"{path}: {exc.strerror or exc}", 0, 0


def _after_name(message: str, name: str) -> str:
    """A LogError's message without the file name it starts with."""
    return message[len(name) + 2:] if message.startswith(f"{name}: ") else message


def _rules_for(system: str, rules: str | None) -> str | None:
    """``--rules`` when it names a preset of ``system``, else the format's default (a preset of
    the other rule system applies to the other logs)."""
    if rules is None:
        return None
    if system == "mcr":
        from ..mcr import PRESETS as MCR_PRESETS

        return rules if rules.strip().lower() in MCR_PRESETS else None
    from ..riichi import PRESETS as RIICHI_PRESETS

    return None if rules.strip().lower() not in RIICHI_PRESETS else rules


def _results(files: Iterable[str], fmt: str, rules: str | None, jobs: int,
             walls: str = "auto", scheduler: str | None = None,
             ) -> Iterator[tuple[list[dict[str, Any]], str | None, int, int]]:
    """Each file's results in the order given; with ``jobs`` > 1 spread over processes, or over
    the workers of the Dask ``scheduler``, at most two files a worker in flight (``files`` is
    read as the results are taken: a directory walk streams into the window)."""
    todo = iter(files)
    first = list(islice(todo, 2))
    if scheduler is None and (jobs <= 1 or len(first) <= 1):
        jobs = 1
    tasks = ((path, fmt, rules, False, walls) for path in chain(first, todo))
    yield from ordered_map(_replay_file, tasks, jobs=jobs, scheduler=scheduler, ahead=2)


def _score_text(s: dict[str, Any] | None) -> str:
    if s is None:
        return "-"
    if "total" in s:  # MCR: the fan total and the settlement
        return f"{s['total']} fan {','.join(str(d) for d in s['deltas'])}"
    # a log may not record every field (tenhou.net/6: no fu for a limit hand; mjai: often only
    # the score changes): "?" for what it lacks
    head = f"{s['han']}h" if "han" in s else "?h"
    head += f"{s['fu']}f" if s.get("fu") else ("" if "fu" in s or "han" not in s else "?f")
    points = str(s["points"]) if "points" in s else "?"
    return f"{head} {points} {','.join(str(d) for d in s['deltas'])}"


def _mark(d: dict[str, Any]) -> str:
    """The last column of a win's row: why the scorer refused the hand, or the fields that
    differ; then the conflicts between the log's events and its record, apart."""
    if "error" in d:
        mark = f"refused: {d['error']}"
    else:
        mark = "" if d["equal"] else "≠ " + ",".join(d["differences"])
    conflicts = d.get("conflicts") or []
    if conflicts:
        more = f" (+{len(conflicts) - 1} more)" if len(conflicts) > 1 else ""
        mark += ("; " if mark else "") + f"conflict: {conflicts[0]}{more}"
    return mark


def run(args: argparse.Namespace) -> int:
    if args.rules is not None:  # an unknown preset is an error before any file is read
        from ..mcr import PRESETS as MCR_PRESETS
        from ..riichi import get_rules

        if args.rules.strip().lower() not in MCR_PRESETS:
            get_rules(args.rules)
    require_sources("replay", args.files, args.files_from)
    files = LogFiles(args.files, args.files_from)
    progress = sys.stderr.isatty()
    games = wins = equal = unreadable = unreadable_rounds = refused = conflicted = 0
    rows: list[tuple[str, ...]] = []
    for done, (results, error, read_games, bad_rounds) in enumerate(
            _results(files, args.format, args.rules, args.jobs, args.walls, args.scheduler), 1):
        if progress:
            print(f"\rreplaying: {done} files", end="", file=sys.stderr, flush=True)
        if error is not None:
            if progress:
                print(file=sys.stderr)
            for line in error.splitlines():
                print(f"suanfan: error: {line}", file=sys.stderr)
            if bad_rounds:
                unreadable_rounds += bad_rounds
            else:
                unreadable += 1
        games += read_games
        for d in results:
            wins += 1
            equal += bool(d["equal"])
            refused += "error" in d
            conflicted += bool(d.get("conflicts"))
            if args.json:
                print(json.dumps(d, ensure_ascii=False))
            else:
                how = "tsumo" if d["from"] is None else f"ron {d['from']}"
                rows.append((os.path.basename(d["file"]), d["round"], str(d["winner"]), how,
                             d["hand"], _score_text(d["recorded"]), _score_text(d["scored"]),
                             _mark(d)))
    if progress:
        print("\r" + " " * 40 + "\r", end="", file=sys.stderr, flush=True)
    summary = {"games": games, "wins": wins, "equal": equal, "differ": wins - equal,
               "refused": refused, "conflicts": conflicted, "unreadable": unreadable,
               "unreadable_rounds": unreadable_rounds, "skipped": files.skipped}
    if args.json:
        print(json.dumps({"summary": summary}))
    else:
        head = ("file", "round", "seat", "win", "hand", "recorded", "scored", "")
        table = [head, *rows]
        widths = [max(len(r[i]) for r in table) for i in range(len(head))]
        for r in table:
            print("  ".join(c.ljust(widths[i]) for i, c in enumerate(r)).rstrip())
        print(f"{count(games, 'game')}, {count(wins, 'win')}: {equal} reproduced, {wins - equal} differ"
              + (f" ({refused} refused by the scorer)" if refused else "")
              + (f"; {conflicted} with conflicts between the events and the record"
                 if conflicted else "")
              + (f"; {count(unreadable, 'file')} unreadable" if unreadable else "")
              + (f"; {count(unreadable_rounds, 'round')} unreadable" if unreadable_rounds else "")
              + (f"; {count(files.skipped, 'file')} skipped: not logs" if files.skipped else ""))
    if unreadable or unreadable_rounds:
        return 2
    return 0 if equal == wins else 1


@register_command
def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "replay", help="re-score every win of game logs and compare with the record",
        description="Read game logs (Tenhou mjlog XML, tenhou.net/6 JSON, mjai JSON Lines, plain "
                    "or gzip-compressed; Botzone MCR text logs), re-score every win with the "
                    "table's rules and compare han, fu, points, yaku and every seat's score change "
                    "(MCR: the fan total, the fans and the Score line) with what the log recorded. "
                    "Exit status 0 when every win is reproduced, 1 when some differ, 2 when a file "
                    "(or a game or round in it) cannot be read: a bad event loses only the round "
                    "it is in, whose wins are not replayed.",
    )
    add_source_arguments(p, "game log files; a directory is walked (recursively, in name order) "
                            "for the files whose first bytes are a log's, the others skipped")
    p.add_argument("--rules", default=None,
                   help="score with this preset: a riichi preset for riichi logs (default: tenhou "
                        "fitted to each table), an MCR preset for Botzone logs (default: "
                        "mcr-botzone)")
    p.add_argument("--walls", choices=("auto", "seat", "shared"), default="auto",
                   help="Botzone logs: the walls the matches were played on: each player's own "
                        "wall of 34 (seat), one wall (shared), or inferred per match (auto, the "
                        "default)")
    p.add_argument("--json", action="store_true",
                   help="one JSON object per win, then a summary line")
    p.add_argument("--jobs", "-j", type=whole_number(1024), default=1,
                   help="processes to spread the files over (default 1)")
    add_scheduler_argument(p)
    p.set_defaults(func=run)
