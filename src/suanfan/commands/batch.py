"""``suanfan batch``: score JSON Lines of hands on all cores (see :mod:`suanfan.batch`)."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Iterator
from typing import IO

from ..cli import add_scheduler_argument, register_command, whole_number
from ..errors import InvalidArgument

__all__ = ["run"]


def _inputs(paths: list[str]) -> Iterator[str]:
    """The lines of each file in turn ("-" or none: standard input), read as UTF-8."""
    for path in paths or ["-"]:
        if path == "-":
            yield from sys.stdin
            continue
        try:
            f = open(path, encoding="utf-8", errors="strict")  # noqa: SIM115 - closed below
        except OSError as exc:
            raise InvalidArgument(f"cannot read {path!r}: {exc.strerror or exc}") from None
        with f:
            try:
                yield from f
            except UnicodeDecodeError as exc:
                raise InvalidArgument(f"{path!r}: not UTF-8 text (byte {exc.start})") from None


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
    from ..batch import score_blocks

    out: IO[bytes] = sys.stdout.buffer
    if args.output and args.output != "-":
        try:
            out = open(args.output, "wb")  # noqa: SIM115 - closed below
        except OSError as exc:
            raise InvalidArgument(f"cannot write {args.output!r}: {exc.strerror or exc}") from None
    else:
        sys.stdout.flush()  # the bytes go to stdout's buffer, after any text written before
    progress = _Progress(sys.stderr)
    try:
        for block, lines, errors in score_blocks(_inputs(args.files), jobs=args.jobs,
                                                 system=args.system, scheduler=args.scheduler):
            out.write(block)
            progress.step(lines, errors)
    finally:
        progress.done()
        if out is not sys.stdout.buffer:
            out.close()
        else:
            out.flush()
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
