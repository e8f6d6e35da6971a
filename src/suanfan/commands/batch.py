"""``suanfan batch``: score JSON Lines of hands on all cores (see :mod:`suanfan.batch`)."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Iterator
from typing import IO

from ..cli import add_scheduler_argument, register_command, whole_number
from .files import lines, open_input, open_output

__all__ = ["run"]


def _inputs(paths: list[str]) -> Iterator[str]:
    """The lines of each file in turn ("-" or none: standard input), read as UTF-8 in bounded
    pieces (:func:`~suanfan.commands.files.lines`: a line over 256 KiB or bytes that are not
    UTF-8 stop the run with exit status 2); a file must be a regular file or a pipe."""
    for path in paths or ["-"]:
        if path == "-":
            yield from lines(sys.stdin.buffer, "standard input")
            continue
        with open_input(path, streams=True) as f:
            yield from lines(f, path)


class _Progress:
    """Lines done and the rate on stderr, redrawn at most 5 times a second, only on a terminal."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        self.on = stream.isatty()
        self.start = self.last = time.monotonic()
        self.n = 0
        self.errors = 0

    def step(self, lines: int, errors: int) -> None:
        self.n += lines
        self.errors += errors
        if self.on:
            now = time.monotonic()
            if now - self.last >= 0.2:
                self.last = now
                rate = self.n / max(now - self.start, 1e-9)
                self.stream.write(f"\r{self.n} hands, {self.errors} errors, {rate:,.0f}/s ")
                self.stream.flush()

    def done(self) -> None:
        if self.on:
            elapsed = time.monotonic() - self.start
            self.stream.write(f"\r{self.n} hands, {self.errors} errors in {elapsed:.1f} s\n")
            self.stream.flush()


def run(args: argparse.Namespace) -> int:
    if args.output and args.output != "-":
        with open_output(args.output) as out:
            return _score(args, out)
    sys.stdout.flush()  # the bytes go to stdout's buffer, after any text written before
    try:
        return _score(args, sys.stdout.buffer)
    finally:
        sys.stdout.buffer.flush()


def _score(args: argparse.Namespace, out: IO[bytes]) -> int:
    from ..batch import score_blocks

    progress = _Progress(sys.stderr)
    try:
        for block, n, errors in score_blocks(_inputs(args.files), jobs=args.jobs, system=args.system,
                                             scheduler=args.scheduler):
            out.write(block)
            progress.step(n, errors)
    finally:
        progress.done()
    return 1 if progress.errors and args.strict else 0


@register_command
def _register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "batch",
        help="score JSON Lines of hands on every core, in order",
        description="Read one JSON object per line ({\"system\": \"mcr\", \"hand\": \"...\", "
                    "\"self_drawn\": true, ...}: the keyword arguments of score()) and write the "
                    "--json result of each, or {\"error\", \"detail\", \"line\"} for a line that "
                    "cannot be scored, in the same order.",
    )
    p.add_argument("files", nargs="*", metavar="FILE", help="JSON Lines files (default or '-': stdin)")
    p.add_argument("-o", "--output", metavar="FILE", help="write here instead of stdout")
    p.add_argument("--jobs", "-j", type=whole_number(1024), default=os.cpu_count() or 1,
                   help=f"worker processes (default: every core, here {os.cpu_count() or 1})")
    p.add_argument("--system", choices=("mcr", "riichi"), default="mcr",
                   help="the rule system of lines without a 'system' (default mcr)")
    p.add_argument("--strict", action="store_true", help="exit status 1 when any line is an error")
    add_scheduler_argument(p)
    p.set_defaults(func=run)
