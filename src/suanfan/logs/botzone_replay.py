"""Replay Botzone MCR matches: re-score every win with :func:`suanfan.mcr.score` (the
``mcr-botzone`` preset, whose totals are the Botzone judge's), settle it with
:meth:`~suanfan.mcr.MCRResult.settlement` and compare the fan total, the fans and the ``Score``
line with what the log recorded. The situation flags are the reader's (the last tile of the wall
as the judge of the match's walls, per-seat or shared, sets it: see
:mod:`suanfan.logs.botzone`); drawn games have no win to replay."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from typing import Any

from ..errors import MahjongError
from ..game.record import Record
from ..mcr import Rules, get_rules, score
from .botzone import Match, Win, read

__all__ = ["Replayed", "Scored", "replay", "replay_file", "replay_win"]

#: the preset a Botzone log is scored with unless told otherwise
DEFAULT_RULES = "mcr-botzone"


class Scored(Record):
    """An MCR score, recorded or computed: ``total`` (flowers included), ``fans`` the ``(fan id,
    count)`` pairs sorted, ``deltas`` the four seats' score changes."""

    __slots__ = ("deltas", "fans", "total")

    total: int
    fans: tuple[tuple[str, int], ...]
    deltas: tuple[int, ...]

    def __init__(self, total: int, fans: tuple[tuple[str, int], ...],
                 deltas: tuple[int, ...]) -> None:
        self._set(total=total, fans=fans, deltas=deltas)

    def to_dict(self) -> dict[str, Any]:
        return {"total": self.total, "fans": [[f, c] for f, c in self.fans],
                "deltas": list(self.deltas)}


class Replayed(Record):
    """One win replayed: where (``file``, ``match`` id, ``line`` of its ``Hu``), ``winner``,
    ``from_seat`` (who paid the fan total; ``None`` self-drawn), ``hand`` in suanfan notation,
    what the log ``recorded`` and what suanfan ``scored`` (``None`` when scoring failed:
    ``error`` says why), ``differences`` (the fields that differ: ``total``, ``fans``,
    ``deltas``; "error" when scoring failed) and ``equal``; ``conflicts`` within the log, kept
    apart from the differences."""

    __slots__ = ("conflicts", "differences", "equal", "error", "file", "from_seat", "hand", "line",
                 "match", "recorded", "scored", "winner")

    file: str
    match: str
    line: int
    winner: int
    from_seat: int | None
    hand: str
    recorded: Scored
    scored: Scored | None
    error: str | None
    conflicts: tuple[str, ...]
    differences: tuple[str, ...]
    equal: bool

    def __init__(self, file: str, match: str, line: int, winner: int, from_seat: int | None,
                 hand: str, recorded: Scored, scored: Scored | None, error: str | None,
                 conflicts: tuple[str, ...]) -> None:
        diff: list[str] = []
        if scored is None:
            diff.append("error")
        else:
            diff += [f for f in ("total", "fans", "deltas")
                     if getattr(scored, f) != getattr(recorded, f)]
        self._set(file=file, match=match, line=line, winner=winner, from_seat=from_seat,
                  hand=hand, recorded=recorded, scored=scored, error=error, conflicts=conflicts,
                  differences=tuple(diff), equal=not diff)

    def to_dict(self) -> dict[str, Any]:
        """The ``suanfan replay --json`` line: the riichi replay's keys, ``round`` the match id."""
        out: dict[str, Any] = {
            "file": self.file, "round": self.match, "line": self.line, "winner": self.winner,
            "from": self.from_seat, "system": "mcr", "hand": self.hand,
            "recorded": self.recorded.to_dict(),
            "scored": None if self.scored is None else self.scored.to_dict(),
            "equal": self.equal, "differences": list(self.differences),
        }
        if self.error is not None:
            out["error"] = self.error
        if self.conflicts:
            out["conflicts"] = list(self.conflicts)
        return out


def replay_win(win: Win, rules: Rules) -> Replayed:
    """Score one win and compare it with the record."""
    rec = win.recorded
    assert rec is not None
    recorded = Scored(rec.total, rec.fans, rec.deltas)
    scored: Scored | None = None
    error: str | None = None
    try:
        res = score(win.hand, rules=rules, **win.situation())
        merged: dict[str, int] = {}
        for f in res.fans:
            merged[f.id] = merged.get(f.id, 0) + f.count
        scored = Scored(res.total, tuple(sorted(merged.items())),
                        res.settlement(winner=win.seat, discarder=win.from_seat))
    except MahjongError as exc:
        error = f"{type(exc).__name__}: {exc}"
    return Replayed(win.file, win.match, win.line, win.seat, win.from_seat, str(win.hand),
                    recorded, scored, error, win.conflicts)


def replay(matches: Match | Iterable[Match], rules: str | Rules | None = None) -> Iterator[Replayed]:
    """Each win of ``matches`` (one :class:`~suanfan.logs.botzone.Match` or many; bad ones and
    drawn games have none) re-scored with ``rules`` (default ``mcr-botzone``) and compared with
    the log."""
    r = get_rules(DEFAULT_RULES if rules is None else rules)
    for m in [matches] if isinstance(matches, Match) else matches:
        if m.win is not None:
            yield replay_win(m.win, r)


def replay_file(path: str | os.PathLike[str], rules: str | Rules | None = None,
                walls: str = "auto") -> tuple[list[dict[str, Any]], list[str], int]:
    """For ``suanfan replay``: the replayed wins of a log file as JSON objects (``file`` the path
    given), the errors of its bad matches (each naming the path and the line) and the number of
    matches read; ``walls`` as :func:`suanfan.logs.botzone.read` takes it (inferred from each
    match's events by default)."""
    r = get_rules(DEFAULT_RULES if rules is None else rules)
    path_text = os.fspath(path)
    base = os.path.basename(path_text)
    out: list[dict[str, Any]] = []
    errors: list[str] = []
    games = 0
    for m in read(path, walls=walls):
        if m.error is not None:
            errors.append(path_text + m.error[len(base):] if m.error.startswith(base) else m.error)
            continue
        games += 1
        if m.win is not None:
            d = replay_win(m.win, r).to_dict()
            d["file"] = path_text
            out.append(d)
    return out, errors, games
