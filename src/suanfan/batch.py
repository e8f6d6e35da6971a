"""Score many hands: JSON Lines in, JSON Lines out, in order, on all cores.

Each input line is one JSON object: ``system`` ("mcr" or "riichi"; the ``system`` argument when
absent), ``hand`` (suanfan's notation) and the keyword arguments of that system's ``score()``
(``self_drawn``, ``seat_wind``, ``rules`` … / ``tsumo``, ``riichi``, ``dora_indicators`` …); an
MCR line may also give ``winner`` and ``discarder`` seats (0-3) for its settlement. Each output
line is what ``suanfan mcr --json`` / ``suanfan riichi --json`` prints for that hand, or
``{"error": <kind>, "detail": <message>, "line": <n>}`` for a line that cannot be scored, which
does not stop the run.

:func:`score_many` does the work for the Python API and ``suanfan batch``: lines go to worker
processes in chunks (at most a few chunks per worker in flight, so memory stays bounded whatever
the input's length) and come back in input order.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from .errors import InvalidArgument, MahjongError, describe
from .parallel import check_jobs, ordered_map

__all__ = ["CHUNK", "mcr_json", "score_blocks", "score_line", "score_many", "score_text"]

#: lines sent to a worker at a time
CHUNK = 200
#: the longest input line read (a hand with its situation is well under a kilobyte)
MAX_LINE = 64 * 1024


def mcr_json(result: Any, winner: object = None, discarder: object = None) -> dict[str, Any]:
    """An MCR result as ``suanfan mcr --json`` prints it: its ``to_dict()`` and the settlement
    of the four seats, numbered by their winds (0-3 for E S W N): ``winner`` (by default the seat
    of the winner's seat wind), ``discarder`` on a discard (by default the seat after the
    winner)."""
    for seat, what in ((winner, "winner"), (discarder, "discarder")):
        if seat is not None and (type(seat) is not int or not 0 <= seat <= 3):
            raise InvalidArgument(f"{what}={describe(seat)}: a seat is 0-3")
    if winner is None:
        winner = result.situation.seat_wind
    assert isinstance(winner, int)
    if result.situation.self_drawn:
        if discarder is not None and discarder != winner:
            raise InvalidArgument("a self-drawn win has no discarder")
        discarder = None
    elif discarder is None:
        discarder = (winner + 1) % 4
    points = result.settlement(winner, discarder)
    out: dict[str, Any] = result.to_dict()
    out["settlement"] = {"winner": winner, "discarder": discarder, "points": list(points)}
    return out


def score_line(obj: object, system: str = "mcr") -> dict[str, Any]:
    """Score one input object (see the module text); raises MahjongError for a bad one."""
    if not isinstance(obj, Mapping):
        raise InvalidArgument(f"a line is one JSON object with a hand, not {describe(obj)}")
    args = dict(obj)
    name = args.pop("system", system)
    if name not in ("mcr", "riichi"):
        raise InvalidArgument(f"system={describe(name)}: use 'mcr' or 'riichi'")
    if "hand" not in args:
        raise InvalidArgument("the line has no 'hand'")
    hand = args.pop("hand")
    if name == "mcr":
        from . import mcr

        winner = args.pop("winner", None)
        discarder = args.pop("discarder", None)
        _check_keys(args, "mcr")
        return mcr_json(mcr.score(hand, **args), winner, discarder)
    from . import riichi

    _check_keys(args, "riichi")
    out: dict[str, Any] = riichi.score(hand, **args).to_dict()
    return out


def _check_keys(args: Mapping[str, object], system: str) -> None:
    from .analysis.waits import situation_keys

    names = situation_keys(system)
    for k in args:
        if k not in names:
            raise InvalidArgument(f"{describe(k)} is not an option of {system}'s score(): "
                                  f"the options are {', '.join(names)}")


def score_text(line: str, system: str = "mcr", number: int = 0) -> str:
    """One input line scored, as one output line (JSON, without the newline)."""
    try:
        if len(line) > MAX_LINE:
            raise InvalidArgument(f"the line is longer than {MAX_LINE} characters")
        try:
            obj = json.loads(line)
        except (ValueError, RecursionError) as exc:
            raise InvalidArgument(f"not a JSON object ({describe(str(exc))})") from None
        out = score_line(obj, system)
    except MahjongError as exc:
        out = {"error": type(exc).__name__, "detail": str(exc), "line": number}
    return json.dumps(out, ensure_ascii=False)


def _score_chunk(lines: list[str], system: str, first: int) -> list[str]:
    return [score_text(line, system, first + i) for i, line in enumerate(lines)]


def _score_block(lines: list[str], system: str, first: int) -> tuple[bytes, int, int]:
    """A chunk scored into one block of output: its lines (each ending in a newline) encoded in
    UTF-8, how many lines, and how many of them are errors. The worker does the joining and the
    encoding, so the process that writes the output only copies bytes."""
    out = _score_chunk(lines, system, first)
    errors = sum(1 for line in out if line.startswith('{"error"'))
    return ("\n".join(out) + "\n").encode("utf-8"), len(out), errors


def _chunks(lines: Iterable[str], size: int) -> Iterator[tuple[int, list[str]]]:
    """(number of the first line, the next ``size`` non-blank lines), lines numbered from 1."""
    chunk: list[str] = []
    first = 0
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        if not chunk:
            first = number
        chunk.append(line.rstrip("\r\n"))
        if len(chunk) >= size:
            yield first, chunk
            chunk = []
    if chunk:
        yield first, chunk


def _check(jobs: int | None, system: str) -> int:
    jobs = check_jobs(jobs)
    if system not in ("mcr", "riichi"):
        raise InvalidArgument(f"system={describe(system)}: use 'mcr' or 'riichi'")
    return jobs


def score_blocks(lines: Iterable[str], jobs: int | None = None, system: str = "mcr",
                 chunk: int = CHUNK, scheduler: str | None = None) -> Iterator[tuple[bytes, int, int]]:
    """The input scored in blocks, in input order: (the output lines of a chunk of input lines,
    UTF-8, each ending in a newline; how many lines; how many are errors). What ``suanfan
    batch`` writes: the workers join and encode, the writer only copies bytes. ``jobs``: worker
    processes (None: every core; 1: this process); ``scheduler``: the address of a Dask
    distributed scheduler whose workers score the chunks instead (:mod:`suanfan.parallel`).
    At most four chunks a worker are in flight: memory bounded whatever the input's length."""
    jobs = _check(jobs, system)
    tasks = ((part, system, first) for first, part in _chunks(lines, chunk))
    yield from ordered_map(_score_block, tasks, jobs=jobs, scheduler=scheduler, ahead=4)


def score_many(lines: Iterable[str], jobs: int | None = None, system: str = "mcr",
               chunk: int = CHUNK, scheduler: str | None = None) -> Iterator[str]:
    """Each non-blank input line scored, as output lines (JSON, without newlines) in input
    order. ``jobs``: worker processes (None: every core; 1: this process)."""
    if _check(jobs, system) == 1 and scheduler is None:
        for first, part in _chunks(lines, chunk):
            yield from _score_chunk(part, system, first)
        return
    for block, _n, _errors in score_blocks(lines, jobs, system, chunk, scheduler):
        # split on newlines only: a JSON line holds no newline, but may hold U+2028 (which
        # str.splitlines would split on)
        yield from block.decode("utf-8").split("\n")[:-1]
