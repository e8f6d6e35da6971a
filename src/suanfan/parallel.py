"""Run one function over many inputs: in this process, on this machine's cores, or on a Dask
cluster — the results always in input order, with a bounded number of tasks in flight.

``replay``, ``batch`` (and the commands built on them) take ``--jobs N`` (processes on this
machine) and, with the ``dask`` extra (``pip install 'suanfan[dask]'``), ``--scheduler ADDRESS``:
the address of a running ``dask.distributed`` scheduler (``tcp://host:8786``). Each task is a
module-level function and its arguments, pickled to the worker; a worker must be able to import
suanfan (the same version) and, for the log commands, to open the files by the paths given (the
same machine, or a shared file system). The results equal those of one process, in the same order:
only where the work runs changes.

>>> list(ordered_map(pow, [(2, 3), (3, 2)]))
[8, 9]
"""

from __future__ import annotations

import importlib
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any, Final, TypeVar

from .errors import InvalidArgument, MahjongError, describe

__all__ = ["MAX_JOBS", "check_jobs", "ordered_map"]

R = TypeVar("R")

#: the most worker processes ``jobs`` may ask for
MAX_JOBS: Final = 1024
#: how long to wait for a Dask scheduler to answer, in seconds
CONNECT_TIMEOUT: Final = 10.0


def check_jobs(jobs: object) -> int:
    """``jobs`` checked: a whole number of processes 1-1024 (``None``: every core)."""
    if jobs is None:
        return os.cpu_count() or 1
    if type(jobs) is not int or not 1 <= jobs <= MAX_JOBS:
        raise InvalidArgument(f"jobs={describe(jobs)}: give a number of processes 1-{MAX_JOBS}")
    return jobs


def _check_scheduler(scheduler: object) -> str | None:
    if scheduler is None:
        return None
    if not isinstance(scheduler, str) or not scheduler.strip():
        raise InvalidArgument(f"scheduler={describe(scheduler)}: give a Dask scheduler's address, "
                              "such as tcp://127.0.0.1:8786")
    return scheduler.strip()


def ordered_map(fn: Callable[..., R], args: Iterable[tuple[Any, ...]], *, jobs: object = 1,
                scheduler: object = None, ahead: int = 2) -> Iterator[R]:
    """``fn(*a)`` for each tuple ``a`` of ``args``, yielded in the order of ``args``.

    ``jobs`` 1 and no ``scheduler``: here, one after the other. ``jobs`` > 1: that many worker
    processes. ``scheduler``: the address of a Dask distributed scheduler, whose workers run the
    tasks (``jobs`` is then ignored). At most ``ahead`` tasks a worker are in flight, so memory
    stays bounded however long ``args`` is (it is read as results are taken). An exception
    raised by a task is raised here, at its place in the order.
    """
    address = _check_scheduler(scheduler)
    if type(ahead) is not int or ahead < 1:
        raise InvalidArgument(f"ahead={describe(ahead)}: give a whole number of tasks >= 1")
    if address is not None:
        yield from _on_dask(fn, args, address, ahead)
        return
    n = check_jobs(jobs)
    if n == 1:
        for a in args:
            yield fn(*a)
        return
    with ProcessPoolExecutor(max_workers=n) as pool:
        yield from _windowed(pool, fn, args, ahead * n)


def _windowed(pool: Executor, fn: Callable[..., R], args: Iterable[tuple[Any, ...]],
              window: int) -> Iterator[R]:
    pending: deque[Future[R]] = deque()
    try:
        for a in args:
            pending.append(pool.submit(fn, *a))
            if len(pending) >= window:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        for f in pending:
            f.cancel()


def _on_dask(fn: Callable[..., R], args: Iterable[tuple[Any, ...]], address: str,
             ahead: int) -> Iterator[R]:
    try:
        # an optional dependency without type information: used through Any
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise MahjongError("--scheduler needs Dask: pip install 'suanfan[dask]'") from None
    try:
        client: Any = distributed.Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise InvalidArgument(f"scheduler={address!r}: no Dask scheduler answers there ({exc})") from None
    try:
        threads = sum(client.nthreads().values())
        if threads < 1:
            raise InvalidArgument(f"scheduler={address!r}: the cluster has no workers")
        yield from _windowed(client.get_executor(pure=False), fn, args, ahead * threads)
    finally:
        client.close()
