"""The log files a command is given: paths (a directory is walked), and a list of paths.

:class:`LogFiles` yields the files one at a time, as they are found, so that a command can start
on the first before the last is known and a tree of 100,000 files costs one directory listing at
a time, not a list of every path:

- a file named on the command line or in the list is yielded as it is (a command reading it
  says what is wrong with it: no such file, not a log ...), unless it is no regular file: a
  named pipe, a device, a socket is refused (:class:`~suanfan.MahjongError`), never opened;
- a directory is walked recursively, the entries of each directory sorted by name (the same
  order on every machine); its files are yielded when their first bytes (gzip looked through)
  are those of a log (:func:`log_format`), the others (README.md, scripts ...) are counted in
  :attr:`LogFiles.skipped`; a file that cannot be opened is yielded (its reader reports it);
  what is no regular file (a named pipe, a device, a socket) is skipped with a note on stderr,
  never opened (a pipe would block the walk forever).
  Symbolic links are followed, but a directory already walked is not walked again (a link loop
  ends there);
- ``--files-from LIST``: one path a line, ``-`` standard input; blank lines and lines starting
  with ``#`` are ignored, surrounding spaces removed; relative paths are from the current
  directory; a directory in the list is walked. A list that cannot be opened (or is a device)
  is an error naming it (:class:`~suanfan.MahjongError`, raised by the constructor, before any
  file is read); so are a line over :data:`MAX_PATH_LINE` characters and bytes that are not
  UTF-8, when they are read.
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import os
import stat
import sys
import zlib
from collections.abc import Callable, Iterator
from typing import IO, Final

from ..errors import MahjongError
from .files import file_kind, open_input

__all__ = ["HEAD_BYTES", "MAX_PATH_LINE", "LogFiles", "LogFormats", "add_source_arguments",
           "log_format", "require_sources"]

#: the longest line of a ``--files-from`` list (a path is at most 4096 bytes on Linux)
MAX_PATH_LINE: Final = 16 * 1024

#: the bytes read of a file to tell its format (more for a JSON file whose "log" key comes late)
HEAD_BYTES: Final = 4096
_JSON_HEAD_BYTES: Final = 1 << 20


def log_format(path: str) -> str:
    """The format of a file from its first bytes (gzip looked through): a key of
    :data:`suanfan.logs.FORMATS`, ``botzone``, or "" when it is not a log. XML counts as an
    mjlog only with a ``<mjloggm`` root in its first bytes (an HTML or SVG file does not), JSON
    Lines as mjai when the first line is a ``start_game`` or ``start_kyoku`` event, JSON as
    tenhou.net/6 when its ``log`` is a list (when the first line is the whole object).
    ``OSError`` when the file cannot be read or is broken gzip data; :class:`~suanfan.MahjongError`
    when it is no regular file (a named pipe, a device: never waited on)."""
    with open_input(path) as raw:
        magic = raw.read(2)
        raw.seek(0)
        try:
            if magic == b"\x1f\x8b":
                with gzip.GzipFile(fileobj=raw) as g:
                    head, fmt = _head(g.read)
            else:
                head, fmt = _head(raw.read)
        except (EOFError, zlib.error) as exc:  # a broken gzip file (BadGzipFile is an OSError)
            raise OSError(f"bad gzip data ({exc})") from None
    if fmt == "tenhou-xml" and b"<mjloggm" not in head:
        return ""
    if fmt in ("mjai", "tenhou6"):  # other JSON (Lines) with a "type" or a "log" key is not
        first = head.lstrip(b"\xef\xbb\xbf \t\r\n").split(b"\n", 1)[0]
        try:
            obj = json.loads(first)
        except ValueError:  # a tenhou.net/6 object over several lines, or longer than the head
            return fmt
        if not isinstance(obj, dict):
            return ""
        if fmt == "mjai" and obj.get("type") not in ("start_game", "start_kyoku"):
            return ""
        if fmt == "tenhou6" and not isinstance(obj.get("log"), list):
            return ""
    return fmt


def _head(read: Callable[[int], bytes]) -> tuple[bytes, str]:
    from ..logs import detect

    head = read(HEAD_BYTES)
    fmt = detect(head)
    if not fmt and head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{"):
        head += read(_JSON_HEAD_BYTES - len(head))
        fmt = detect(head)
    return head, fmt


class LogFiles:
    """The files of ``paths`` and of the list ``files_from`` (a path, ``-`` for ``stdin``), in
    that order; iterate once. ``skipped`` counts the files of walked directories that are not
    logs, ``given`` the files yielded so far."""

    __slots__ = ("_list", "_list_name", "_paths", "given", "skipped")

    def __init__(self, paths: list[str], files_from: str | None = None,
                 stdin: IO[str] | None = None) -> None:
        self._paths = list(paths)
        self._list: IO[str] | None = None
        self._list_name = "" if files_from is None else files_from
        self.skipped = 0
        self.given = 0
        if files_from is not None:
            if files_from == "-":
                self._list = sys.stdin if stdin is None else stdin
            else:
                # a regular file or a pipe (a process substitution, <(find ...)), not a device
                self._list = io.TextIOWrapper(open_input(files_from, "--files-from", streams=True,
                                                         noun="the list"),
                                              encoding="utf-8")

    def __iter__(self) -> Iterator[str]:
        for path in self._paths:
            yield from self._one(path)
        if self._list is None:
            return
        try:
            number = 0
            while True:
                try:
                    line = self._list.readline(MAX_PATH_LINE + 1)
                except (OSError, UnicodeDecodeError) as exc:
                    raise MahjongError(f"--files-from {self._list_name}: line {number + 1}: "
                                       f"cannot read the list ({exc})") from None
                if not line:
                    break
                number += 1
                if len(line) > MAX_PATH_LINE:
                    raise MahjongError(f"--files-from {self._list_name}: line {number} is longer "
                                       f"than {MAX_PATH_LINE} characters: not a list of paths")
                path = line.strip()
                if path and not path.startswith("#"):
                    yield from self._one(path)
        finally:
            if self._list is not sys.stdin:
                self._list.close()

    def _one(self, path: str) -> Iterator[str]:
        try:
            mode = os.stat(path).st_mode
        except (OSError, ValueError):
            mode = stat.S_IFREG  # no such file …: its reader says so
        if stat.S_ISDIR(mode):
            yield from self._walk(path)
            return
        if not stat.S_ISREG(mode):
            raise MahjongError(f"{path}: not read: it is {file_kind(mode)}, not a regular file")
        self.given += 1
        yield path

    def _walk(self, top: str) -> Iterator[str]:
        """The log files under ``top``, depth first, each directory's entries sorted by name (the
        names of the directories being walked are held, not their paths)."""
        seen: set[tuple[int, int]] = set()
        stack: list[tuple[str, Iterator[str]]] = []
        _enter(top, seen, stack)
        while stack:
            folder, names = stack[-1]
            name = next(names, None)
            if name is None:
                stack.pop()
                continue
            path = os.path.join(folder, name)
            try:
                mode = os.stat(path).st_mode
            except OSError:
                mode = stat.S_IFREG  # a broken link …: its reader says why
            if stat.S_ISDIR(mode):
                _enter(path, seen, stack)
                continue
            if not stat.S_ISREG(mode):
                print(f"suanfan: note: {path}: skipped: {file_kind(mode)}, not a regular file",
                      file=sys.stderr)
                self.skipped += 1
                continue
            try:
                fmt = log_format(path)
            except (OSError, MahjongError):
                fmt = "?"  # cannot be read (or broken gzip data): the reader says why
            if fmt:
                self.given += 1
                yield path
            else:
                self.skipped += 1


def _enter(d: str, seen: set[tuple[int, int]], stack: list[tuple[str, Iterator[str]]]) -> None:
    """Push the sorted names of the directory ``d`` on ``stack``, unless it was walked already
    (``seen``: a link back to it)."""
    try:
        st = os.stat(d)
        key = (st.st_dev, st.st_ino)
        if key in seen:
            return
        seen.add(key)
        with os.scandir(d) as it:
            names = sorted(e.name for e in it)
    except OSError as exc:
        raise MahjongError(f"{d}: cannot list the directory ({exc.strerror or exc})") from None
    stack.append((d, iter(names)))


class LogFormats:
    """``auto``, the names of :data:`suanfan.logs.FORMATS` and ``botzone``: the choices of
    ``--format``, looked up when argparse asks (so that building the command line does not import
    the log readers)."""

    def _names(self) -> tuple[str, ...]:
        from ..logs import FORMATS

        return ("auto", *FORMATS, "botzone")

    def __contains__(self, name: object) -> bool:
        return name in self._names()

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())


def add_source_arguments(p: argparse.ArgumentParser, files_help: str) -> None:
    """The arguments that name the logs a command reads: FILE..., ``--files-from LIST`` and
    ``--format``."""
    p.add_argument("files", nargs="*", metavar="FILE", help=files_help)
    p.add_argument("--files-from", metavar="LIST", default=None,
                   help="also the files (or directories) listed in LIST, one a line (- standard "
                        "input; blank lines and # comments ignored)")
    p.add_argument("--format", choices=LogFormats(), default="auto",
                   help="the logs' format (default: detected)")


def require_sources(command: str, files: list[str], files_from: str | None) -> None:
    """:class:`~suanfan.MahjongError` when ``command`` is given no log: neither FILE nor
    ``--files-from``."""
    if not files and files_from is None:
        raise MahjongError(f"{command}: no logs given: name files or directories, or "
                           "--files-from LIST")
