"""The log formats and their readers: :func:`detect` a log's format from its first bytes,
:func:`parse` or :func:`read` a log in any of them (re-exported by :mod:`suanfan.logs`)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Final

from . import mjai, tenhou, tenhou6
from .tenhou import Game, LogError, read_bytes

__all__ = ["FORMATS", "detect", "parse", "read"]

#: the readers by format name: each takes the log's bytes (decompressed), its name and ``strict``
FORMATS: Final[dict[str, Callable[[bytes, str, bool], Game]]] = {
    "tenhou-xml": tenhou.parse,
    "tenhou6": tenhou6.parse,
    "mjai": mjai.parse,
}


def detect(data: bytes) -> str:
    """The format of a log from its first bytes (decompressed): a key of :data:`FORMATS`,
    "botzone" (MCR; :mod:`suanfan.logs.botzone`), or "" when it is none of them."""
    head = data[:4096].lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"<"):
        return "tenhou-xml"  # XML: the mjlog reader says what is wrong with it, if anything
    if head.startswith(b"{"):
        first = head.split(b"\n", 1)[0]
        try:
            obj = json.loads(first)
        except ValueError:
            obj = None
        if isinstance(obj, dict) and isinstance(obj.get("type"), str):
            return "mjai"
        return "tenhou6" if b'"log"' in data else ""
    if head.startswith(b"Match "):
        return "botzone"
    return ""


def parse(data: bytes | str, name: str = "<log>", format: str | None = None,
          strict: bool = True) -> Game:
    """Read a log given as text or bytes (gzip-compressed or not) in ``format`` (a key of
    :data:`FORMATS`; detected when ``None``).

    ``strict`` (the default) raises :class:`LogError` at the first fault. With ``strict=False``
    a fault inside a round loses that round only: it is kept in :attr:`Game.rounds` with
    :attr:`Round.error` (the LogError's message, naming the file and the event or line), the
    events read up to the fault and no wins (:attr:`Game.unreadable` lists them), and reading
    goes on at the next round. Faults of the whole file (not a log, bad gzip, no ``<GO>``, an
    unparsable tenhou.net/6 document, a file over the size limit) still raise."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    if data[:2] == b"\x1f\x8b":
        data = tenhou.decompress(data, name)
    if format is None:
        format = detect(data)
        if not format:
            raise LogError(name, f"not a log format suanfan reads ({', '.join(FORMATS)})")
    reader = FORMATS.get(format)
    if reader is None and format == "botzone":
        raise LogError(name, "a Botzone log holds MCR matches: read it with suanfan.logs.botzone.read")
    if reader is None:
        raise LogError(name, f"unknown log format {format!r} ({', '.join(FORMATS)})")
    return reader(data, name, strict)


def read(path: str | os.PathLike[str], format: str | None = None, strict: bool = True) -> Game:
    """Read a log file (plain or gzip-compressed) in ``format`` (a key of :data:`FORMATS`;
    detected from the first bytes when ``None``): a :class:`Game`. :class:`LogError` (a
    :class:`~suanfan.MahjongError`) names the file and the event at fault when the log cannot
    be read; ``OSError`` when the file cannot be opened. ``strict=False``: a fault loses only
    the round it is in (see :func:`parse`)."""
    name, data = read_bytes(path)
    return parse(data, name, format, strict)
