"""``suanfan convert FILE|DIR... --to FORMAT``: write game logs in another format.

A riichi log (Tenhou mjlog XML, tenhou.net/6 JSON, mjai JSON Lines; plain or gzip-compressed; the
format detected or ``--format``) is read into one :class:`suanfan.logs.Game` and written with
:func:`suanfan.logs.tenhou.dumps` (``tenhou-xml``), :func:`suanfan.logs.tenhou6.dumps` or
:func:`suanfan.logs.mjai.dumps`. One log goes to standard output or ``-o OUT`` (gzip-compressed
when OUT ends in ``.gz``); several, or a directory (walked as ``suanfan replay`` walks it, its
sub-folders mirrored), go to ``--output-dir DIR`` as the input's name with the format's extension
(``.xml``, ``.json``, ``.jsonl``). An existing file is not overwritten without ``--force``.

Most mjai logs record no yaku (the original protocol's do), which tenhou.net/6 and mjlog XML
need: each such win is scored with suanfan's riichi engine by the table's rules and the situation
the log gives (:func:`suanfan.logs.fill.fill`), its yaku, han, fu and points written as Tenhou
writes them (a note says how many); the score found must agree with the score changes the log
records, and the written log, read back, must reproduce it, or the conversion fails naming the
win. ``--no-fill`` refuses such a log instead.

What a format cannot hold makes the conversion fail with a clear error (exit status 2, the other
files still converted): a
Botzone log holds MCR matches, which none of the riichi formats can hold (``--to botzone``
re-writes a Botzone log normalised: every match checked, lines stripped, blank lines dropped, LF
line ends). Notes on stderr say what was left out or filled in: the rounds a log ends inside of
(tenhou.net/6 and mjai hold finished rounds only), the fu 0 written for a limit hand whose fu a
tenhou.net/6 log does not record, the special lobbies' rules (kiriage, 1500 a honba: mjlog only).
A log whose every round is unfinished is not written as tenhou.net/6 or mjai (an error).

Every log written is verified first: read back by the target format's own reader and replayed,
it must give the same rounds, wins and scores as the log read (:mod:`suanfan.logs.verify`), or
the conversion fails with an error saying what differs (nothing is written).
"""

from __future__ import annotations

import argparse
import gzip
import os
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Final

from ..cli import register_command
from ..errors import MahjongError
from .files import open_input, open_output
from .logfiles import LogFiles, add_source_arguments, log_format, require_sources

if TYPE_CHECKING:
    from ..logs import Game

__all__ = ["EXTENSIONS", "TARGETS", "add_parser", "convert_file", "output_name", "run", "verify"]

#: the extension of each format written
EXTENSIONS: Final = {"tenhou-xml": ".xml", "tenhou6": ".json", "mjai": ".jsonl", "botzone": ".txt"}
#: the formats ``--to`` takes
TARGETS: Final = tuple(EXTENSIONS)
_RIICHI: Final = "tenhou-xml, tenhou6, mjai"
#: the <GO type> bits of the special lobbies' rules, which only an mjlog holds
_SPECIAL_LOBBY: Final = ((0x200, "kiriage"), (0x400, "1500 a honba"))
#: the formats that hold each win's yaku, han, fu and points
_NEED_SCORES: Final = frozenset({"tenhou-xml", "tenhou6"})


def _writer(to: str) -> Callable[..., str]:
    from ..logs import mjai, tenhou, tenhou6

    return {"tenhou-xml": tenhou.dumps, "tenhou6": tenhou6.dumps, "mjai": mjai.dumps}[to]


def convert_file(path: str, fmt: str, to: str, fill: bool = True) -> tuple[Iterator[str],
                                                                          list[str]]:
    """The log ``path`` (in ``fmt``, ``auto`` to detect it) written in ``to``: the text in chunks,
    and notes on what was left out or filled in. The wins whose score the log does not record
    and ``to`` needs are scored by suanfan (:func:`suanfan.logs.fill.fill`) unless ``fill`` is
    false. :class:`~suanfan.MahjongError` naming the file when it cannot be read or written in
    ``to``; ``OSError`` when it cannot be opened."""
    from ..logs import read

    open_input(path).close()  # a named pipe or a device: refused, never waited on
    if fmt == "auto":
        fmt = log_format(path)
        if not fmt:
            raise MahjongError(f"{path}: not a log format suanfan reads ({_RIICHI}, botzone)")
    if fmt == "botzone":
        if to != "botzone":
            raise MahjongError(f"{path}: a Botzone log holds MCR matches, which the riichi "
                               f"formats ({_RIICHI}) cannot hold (--to botzone re-writes it "
                               "normalised)")
        return _botzone(path), []
    if to == "botzone":
        raise MahjongError(f"{path}: a {fmt} log holds a riichi game, which a Botzone log (MCR "
                           "matches) cannot hold")
    game = read(path, fmt)
    if to != "tenhou-xml" and game.rounds and not any(r.complete for r in game.rounds):
        raise MahjongError(f"{path}: no finished round to write ({to} holds finished rounds "
                           "only)")
    filled = 0
    if fill and to in _NEED_SCORES:
        from ..logs.fill import FillError
        from ..logs.fill import fill as fill_scores

        try:
            game, filled = fill_scores(game)
        except FillError as exc:
            raise MahjongError(f"{path}: cannot be written as {to}: {exc}") from None
    try:
        text = _writer(to)(game)
    except ValueError as exc:
        more = " (without --no-fill its score is filled in)" if not fill else ""
        raise MahjongError(f"{path}: cannot be written as {to}: {exc}{more}") from None
    verify(path, game, text, to)
    notes = []
    if filled:
        _check_filled(path, text, to)
        notes.append(f"{path}: {filled} win{'s' if filled > 1 else ''} with no recorded yaku "
                     f"scored by suanfan (the table's rules; the log's score changes agree)")
    unfinished = sum(1 for r in game.rounds if not r.complete)
    if unfinished and to != "tenhou-xml":
        notes.append(f"{path}: {unfinished} round{'s' if unfinished > 1 else ''} the log ends "
                     f"inside of left out ({to} holds finished rounds only)")
    special = [rule for bit, rule in _SPECIAL_LOBBY if game.rules.go_type & bit]
    if to != "tenhou-xml" and special:
        notes.append(f"{path}: the lobby's own rules (<GO type=\"{game.rules.go_type}\">: "
                     f"{', '.join(special)}) are not in {to}: left out")
    if to == "tenhou-xml":
        from ..logs.tenhou_write import unknown_fu

        n = unknown_fu(game)
        if n:
            notes.append(f"{path}: {n} limit hand{'s' if n > 1 else ''} with no recorded fu "
                         f"(a {fmt} log records none) written with fu 0, which replay does not "
                         "compare")
    return iter([text if text.endswith("\n") else text + "\n"]), notes


def _check_filled(path: str, text: str, to: str) -> None:
    """MahjongError naming the win unless every win of ``text`` (a log whose scores were filled
    in) reads back with a record that suanfan's score reproduces."""
    from ..logs import parse, replay

    for rep in replay(parse(text, os.path.basename(path), to)):
        if not rep.equal:
            raise MahjongError(f"{path}: not written as {to}: the score filled in for the win of "
                               f"seat {rep.winner} at round {rep.round} reads back differently "
                               f"({', '.join(rep.differences)})")


def verify(path: str, game: Game, text: str, to: str) -> None:
    """MahjongError naming ``path`` unless ``text`` (``game`` written in ``to``) reads back with
    the same rounds, wins and scores (:func:`suanfan.logs.verify.round_trip`)."""
    from ..logs.verify import round_trip

    problems = round_trip(game, text, to, os.path.basename(path))
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise MahjongError(f"{path}: not written as {to}: the log written does not read back "
                           f"as the same game: {problems[0]}{more}")


def _botzone(path: str) -> Iterator[str]:
    """A Botzone log checked match by match (a bad one is an error naming it), then its lines
    stripped, without the blank ones."""
    from ..logs import botzone

    for _ in botzone.read(path, strict=True):
        pass
    return _stripped_lines(path)


def _stripped_lines(path: str) -> Iterator[str]:
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line:
                yield line + "\n"


def output_name(path: str, to: str, top: str | None = None) -> str:
    """The name of the converted ``path`` under the output directory: its name without the
    extension (and without ``.gz``), then the format's; under ``top`` (a directory given) its
    folders below ``top`` kept."""
    rel = os.path.relpath(path, top) if top is not None else os.path.basename(path)
    folder, name = os.path.split(rel)
    if name.endswith(".gz"):
        name = name[:-3]
    stem = os.path.splitext(name)[0]
    return os.path.join(folder, (stem or name) + EXTENSIONS[to])


def _write(chunks: Iterator[str], out: str, force: bool) -> None:
    """Write ``chunks`` to ``out`` (``-`` standard output; gzip when it ends in ``.gz``), through
    a temporary file so that a failure leaves no half-written file."""
    if out == "-":
        for chunk in chunks:
            sys.stdout.write(chunk)
        sys.stdout.flush()
        return
    # the umask's permissions; a symbolic link or a device in its place refused, not replaced
    with open_output(out, force) as raw:
        if out.endswith(".gz"):
            with gzip.GzipFile(fileobj=raw, mode="wb", filename="", mtime=0) as g:
                for chunk in chunks:
                    g.write(chunk.encode("utf-8"))
        else:
            for chunk in chunks:
                raw.write(chunk.encode("utf-8"))


def _sources(args: argparse.Namespace) -> Iterator[tuple[LogFiles, str | None]]:
    """Each source of logs, with the directory its files' names are kept below (``None``: the
    base name)."""
    for path in args.files:
        yield LogFiles([path]), path if os.path.isdir(path) else None
    if args.files_from is not None:
        yield LogFiles([], args.files_from), None


def _error(message: str) -> None:
    print(f"suanfan: error: {message}", file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    require_sources("convert", args.files, args.files_from)
    single = (len(args.files) == 1 and args.files_from is None
              and not os.path.isdir(args.files[0]))
    if args.output_dir is None:
        if not single:
            raise MahjongError("convert: several logs (or a directory): give --output-dir DIR")
        chunks, notes = convert_file(args.files[0], args.format, args.to, not args.no_fill)
        _write(chunks, args.output or "-", args.force)
        for note in notes:
            print(f"suanfan: note: {note}", file=sys.stderr)
        return 0
    if args.output is not None:
        raise MahjongError("convert: -o and --output-dir together: give one")
    out_dir = args.output_dir
    if os.path.exists(out_dir) and not os.path.isdir(out_dir):
        raise MahjongError(f"--output-dir {out_dir}: not a directory")
    out_real = os.path.realpath(out_dir) + os.sep
    written: dict[str, str] = {}
    converted = failed = skipped = 0
    for files, top in _sources(args):
        for path in files:
            if os.path.realpath(path).startswith(out_real):
                continue  # a file this command wrote (the output inside an input directory)
            out = os.path.join(out_dir, output_name(path, args.to, top))
            try:
                if out in written:
                    raise MahjongError(f"{out} would be written twice (from {written[out]} and "
                                       f"{path}): convert them apart")
                chunks, notes = convert_file(path, args.format, args.to, not args.no_fill)
                _write(chunks, out, args.force)
            except MahjongError as exc:
                _error(str(exc))
                failed += 1
                continue
            except OSError as exc:
                _error(f"{exc.filename or path}: {exc.strerror or exc}")
                failed += 1
                continue
            written[out] = path
            converted += 1
            for note in notes:
                print(f"suanfan: note: {note}", file=sys.stderr)
        skipped += files.skipped
    print(f"{converted} logs written as {args.to} in {out_dir}"
          + (f"; {failed} failed" if failed else "")
          + (f"; {skipped} files skipped: not logs" if skipped else ""))
    return 2 if failed else 0


@register_command
def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "convert", help="write riichi game logs in another format: mjlog, tenhou6, mjai",
        description="Read riichi game logs (Tenhou mjlog XML, tenhou.net/6 JSON, mjai JSON Lines, "
                    "plain or gzip-compressed; the format detected) and write them in another "
                    "format: one log to standard output or -o OUT, several (or a directory, "
                    "walked for its logs) to --output-dir DIR, named as the input with the "
                    "format's extension (.xml, .json, .jsonl). Most mjai logs record no yaku, "
                    "which the other formats need: each such win is scored by suanfan's riichi "
                    "engine (the table's rules, the log's situation), checked against the log's "
                    "score changes (--no-fill: refused instead); Botzone logs hold MCR "
                    "matches, which the riichi formats cannot hold (--to botzone re-writes one "
                    "normalised). Exit status 2 when a log cannot be converted (the others still "
                    "are).",
    )
    add_source_arguments(p, "game log files; a directory is walked (recursively) for its logs")
    p.add_argument("--to", required=True, choices=TARGETS, help="the format to write")
    p.add_argument("-o", "--output", metavar="OUT", default=None,
                   help="the file to write one log to (default: standard output; .gz: "
                        "gzip-compressed)")
    p.add_argument("--output-dir", metavar="DIR", default=None,
                   help="the folder to write the logs to (created if missing)")
    p.add_argument("--force", action="store_true", help="overwrite existing files")
    p.add_argument("--no-fill", action="store_true",
                   help="refuse a log that records no yaku when the target needs them (tenhou6, "
                        "tenhou-xml), instead of scoring its wins with suanfan's engine")
    p.set_defaults(func=run)
