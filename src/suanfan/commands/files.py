"""The files the commands read and write, checked before they are used (issue 31):

* an input named on the command line must be a regular file: a named pipe, a device, a socket
  is refused (:class:`~suanfan.errors.InvalidArgument`, exit status 2) before anything could
  block on it: :func:`open_input` opens with ``O_NONBLOCK`` and looks at what it opened. Where a
  command reads a stream (``batch``'s hands, a player list, ``--files-from``) a pipe is
  accepted too, and ``-`` is standard input;
* text is read as UTF-8 in bounded pieces: a line longer than :data:`MAX_LINE_BYTES`, a file
  over its size limit or bytes that are not UTF-8 are refused with the file and line named,
  never read whole into memory;
* an output file is written through a temporary file in its folder, then renamed over it, with
  the permissions the umask gives (0666 less the umask): a half-written file is never left,
  and a symbolic link, a block device, a named pipe or a folder in its place is refused, never
  replaced (:func:`check_output`); a character device such as ``/dev/null`` is written into.
"""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from collections.abc import Iterator
from typing import IO, Final

from ..errors import InvalidArgument

__all__ = ["MAX_LINE_BYTES", "check_output", "file_kind", "lines", "open_input", "open_output",
           "read_text"]

#: the longest line read from a text input (a longer one is refused, not read)
MAX_LINE_BYTES: Final = 256 * 1024

_KINDS: Final = ((stat.S_ISFIFO, "a named pipe"), (stat.S_ISCHR, "a character device"),
                 (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"),
                 (stat.S_ISDIR, "a directory"), (stat.S_ISLNK, "a symbolic link"))


def file_kind(mode: int) -> str:
    """What a file of this ``st_mode`` is, in words ("a named pipe" …; "a regular file")."""
    for test, name in _KINDS:
        if test(mode):
            return name
    return "a regular file" if stat.S_ISREG(mode) else "not a regular file"


def open_input(path: str, what: str = "", streams: bool = False, noun: str = "it") -> IO[bytes]:
    """``path`` opened for reading, in binary; :class:`InvalidArgument` naming it (and ``what``
    it is, e.g. "--files-from") when it cannot be opened or is not a regular file (``streams``:
    or a pipe). Never blocks: the file is opened with ``O_NONBLOCK`` and checked first."""
    name = f"{what} {path}".strip()
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise InvalidArgument(f"{name}: cannot read {noun} ({exc.strerror or exc})") from None
    try:
        mode = os.fstat(fd).st_mode
        if not (stat.S_ISREG(mode) or (streams and stat.S_ISFIFO(mode))):
            raise InvalidArgument(f"{name}: not read: it is {file_kind(mode)}, not a regular file"
                                  + (" (or give '-' and send it on standard input)" if streams else ""))
        if sys.platform != "win32":
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def lines(stream: IO[bytes], name: str, limit: int = MAX_LINE_BYTES) -> Iterator[str]:
    """The lines of ``stream`` (with their newlines) read as UTF-8, at most ``limit`` bytes each:
    :class:`InvalidArgument` naming ``name`` and the line on a longer line or bytes that are not
    UTF-8 (a byte-order mark at the start is dropped)."""
    number = 0
    while True:
        raw = stream.readline(limit + 1)
        if not raw:
            return
        number += 1
        if len(raw) > limit:
            raise InvalidArgument(f"{name}: line {number} is longer than {limit} bytes (not a text "
                                  f"file of lines?): not read")
        if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        try:
            yield raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InvalidArgument(f"{name}: line {number}: not UTF-8 text (byte {exc.start + 1} "
                                  f"of the line is {raw[exc.start]:#04x})") from None


def read_text(stream: IO[bytes], name: str, limit: int) -> str:
    """All of ``stream`` as UTF-8 text (a byte-order mark dropped), at most ``limit`` bytes:
    :class:`InvalidArgument` naming ``name`` (and the line) when it is longer or not UTF-8."""
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise InvalidArgument(f"{name}: longer than {limit} bytes: not read")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InvalidArgument(f"{name}: line {line}: not UTF-8 text (byte {data[exc.start]:#04x}; "
                              f"save it as UTF-8)") from None


def check_output(path: str, force: bool = True) -> bool:
    """Whether ``path`` is a character device (such as ``/dev/null``), written into, not
    replaced; :class:`InvalidArgument` when it cannot be written as an output file: something
    else than a regular file is there (a symbolic link, a block device, a named pipe, a
    folder: never replaced), or a file is and ``force`` is false."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise InvalidArgument(f"cannot write {path}: {exc.strerror or exc}") from None
    if stat.S_ISCHR(st.st_mode):
        return True
    if not stat.S_ISREG(st.st_mode):
        raise InvalidArgument(f"{path} is {file_kind(st.st_mode)}: not replaced (name a regular "
                              f"file, or - for standard output)")
    if not force:
        raise InvalidArgument(f"{path} exists (--force to overwrite it)")
    return False


class _Output:
    """A file being written through a temporary file (see :func:`open_output`)."""

    __slots__ = ("file", "path", "tmp")

    def __init__(self, path: str, device: bool) -> None:
        self.path = path
        self.tmp = ""
        self.file: IO[bytes]
        if device:
            try:
                self.file = open(path, "wb")  # noqa: SIM115 - closed by __exit__
            except OSError as exc:
                raise InvalidArgument(f"cannot write {path}: {exc.strerror or exc}") from None
            return
        folder = os.path.dirname(path) or "."
        try:
            os.makedirs(folder, exist_ok=True)
            fd, self.tmp = tempfile.mkstemp(prefix=".suanfan-", dir=folder)
        except OSError as exc:
            raise InvalidArgument(f"cannot write {path}: {exc.strerror or exc}") from None
        try:
            if sys.platform != "win32":
                mask = os.umask(0)
                os.umask(mask)
                os.fchmod(fd, 0o666 & ~mask)  # what open() would give, not mkstemp's 0600
            self.file = os.fdopen(fd, "wb")
        except BaseException:
            os.close(fd)
            os.unlink(self.tmp)
            raise

    def __enter__(self) -> IO[bytes]:
        return self.file

    def __exit__(self, kind: object, exc: object, tb: object) -> None:
        if not self.tmp:
            self.file.close()
            return
        try:
            self.file.close()
            if kind is None:
                check_output(self.path)  # nothing else took its place meanwhile
                os.replace(self.tmp, self.path)
                return
        except OSError as e:
            os.unlink(self.tmp)
            raise InvalidArgument(f"cannot write {self.path}: {e.strerror or e}") from None
        except BaseException:
            os.unlink(self.tmp)
            raise
        os.unlink(self.tmp)


def open_output(path: str, force: bool = True) -> _Output:
    """A context manager: a binary file to write ``path`` with, renamed over it when the block
    ends without an exception (removed otherwise); :func:`check_output` first (a character
    device is opened and written into)."""
    return _Output(path, check_output(path, force))
