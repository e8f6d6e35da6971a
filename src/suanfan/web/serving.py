"""How ``suanfan serve`` holds its connections: idle and slow clients are closed after a stated
time, one client address cannot take every connection, and running out of file descriptors is a
refusal and a rate-limited log line, not a lock-out and a log storm (issue 31).

:class:`GuardedH11Protocol` is uvicorn's h11 protocol with these limits (``Config(http=...)``):

* a new connection must send its request headers within ``header_timeout`` seconds (a keep-alive
  connection: within ``keep_alive + header_timeout`` of the previous answer; uvicorn itself
  closes one that sends nothing for ``keep_alive`` seconds), and then its body within
  ``body_timeout`` seconds. Past the time the connection is closed (with a 408 when part of a
  request had arrived). The times are totals, not gaps between bytes: a client trickling one
  byte a second is closed all the same.
* at most ``max_per_client`` connections from one client address, and ``max_connections`` in
  all, per worker process. A connection past a limit makes room by closing the longest-idle
  connection of that address (or of all) that is not in the middle of a request; when every one
  is busy, the new connection is answered 503 (``Retry-After: 1``) and closed.

The limits travel to the worker processes by environment (``SUANFAN_HEADER_TIMEOUT`` …, set by
``suanfan serve``): see :class:`Limits`. :func:`new_event_loop` is the event loop uvicorn runs
(``Config(loop=...)``), whose error handler logs a failed ``accept()`` (no file descriptor left)
once in :data:`LOG_EVERY` seconds with a count, instead of a traceback per attempt.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import time
from dataclasses import dataclass
from typing import Any, Final

from uvicorn.config import Config
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

__all__ = ["LOG_EVERY", "GuardedH11Protocol", "Limits", "new_event_loop"]

#: the same warning is logged at most once in this many seconds (with the count of the others)
LOG_EVERY: Final = 10.0

_ENV: Final = {"header_timeout": "SUANFAN_HEADER_TIMEOUT", "body_timeout": "SUANFAN_BODY_TIMEOUT",
               "max_per_client": "SUANFAN_MAX_PER_CLIENT", "max_connections": "SUANFAN_MAX_CONNECTIONS"}

_logger = logging.getLogger("uvicorn.error")


@dataclass(frozen=True, slots=True)
class Limits:
    """The connection limits of one worker process (the defaults of ``suanfan serve``)."""

    header_timeout: float = 10.0
    body_timeout: float = 10.0
    max_per_client: int = 64
    max_connections: int = 512

    def to_env(self) -> dict[str, str]:
        """The environment variables that carry these limits to the worker processes."""
        return {_ENV[name]: str(getattr(self, name)) for name in _ENV}

    @classmethod
    def from_env(cls) -> Limits:
        """The limits in the environment (a missing or malformed value: the default)."""
        default = cls()
        values: dict[str, Any] = {}
        for name, var in _ENV.items():
            kind = type(getattr(default, name))
            try:
                value = kind(os.environ[var])
            except (KeyError, ValueError):
                continue
            if value > 0:
                values[name] = value
        return cls(**values)


class _RateLimited:
    """Log one warning per key at most every :data:`LOG_EVERY` seconds, counting the others."""

    def __init__(self) -> None:
        self.last: dict[str, float] = {}
        self.skipped: dict[str, int] = {}

    def warn(self, key: str, message: str) -> None:
        now = time.monotonic()
        if now - self.last.get(key, -LOG_EVERY) < LOG_EVERY:
            self.skipped[key] = self.skipped.get(key, 0) + 1
            return
        skipped = self.skipped.pop(key, 0)
        self.last[key] = now
        more = f" (and {skipped} more like it in the last {LOG_EVERY:.0f} s)" if skipped else ""
        _logger.warning("%s%s", message, more)


_log = _RateLimited()


def _loop_error(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    message = str(context.get("message", ""))
    if "out of system resource" in message:  # accept() with no file descriptor left (EMFILE)
        exc = context.get("exception")
        _log.warn("accept", f"cannot accept a connection: {exc or message}; it waits in the queue "
                            f"(lower --max-connections or raise the open-file limit, ulimit -n)")
        return
    loop.default_exception_handler(context)


def new_event_loop() -> asyncio.AbstractEventLoop:
    """The event loop of ``suanfan serve`` (uvicorn ``Config(loop=...)``): asyncio's, whose
    error handler rate-limits the log line of an ``accept()`` that ran out of file descriptors."""
    loop = asyncio.new_event_loop()
    loop.set_exception_handler(_loop_error)
    return loop


def _refusal(status: int, reason: str, kind: str, detail: str) -> bytes:
    body = json.dumps({"error": kind, "detail": detail}).encode()
    head = (f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\n"
            f"content-length: {len(body)}\r\nconnection: close\r\n")
    if status == 503:
        head += "retry-after: 1\r\n"
    return head.encode() + b"\r\n" + body


class _Registry:
    """The open connections of this process, oldest-idle first, and by client address."""

    def __init__(self) -> None:
        self.all: dict[GuardedH11Protocol, None] = {}
        self.by_client: dict[str, dict[GuardedH11Protocol, None]] = {}

    def add(self, conn: GuardedH11Protocol) -> None:
        self.all[conn] = None
        self.by_client.setdefault(conn.client_host, {})[conn] = None

    def remove(self, conn: GuardedH11Protocol) -> None:
        self.all.pop(conn, None)
        mine = self.by_client.get(conn.client_host)
        if mine is not None:
            mine.pop(conn, None)
            if not mine:
                del self.by_client[conn.client_host]

    def touch(self, conn: GuardedH11Protocol) -> None:
        """``conn`` is idle from now on: last in the eviction order."""
        if conn in self.all:
            del self.all[conn]
            self.all[conn] = None
            mine = self.by_client[conn.client_host]
            del mine[conn]
            mine[conn] = None

    @staticmethod
    def evict(among: dict[GuardedH11Protocol, None], spare: GuardedH11Protocol) -> bool:
        """Close the longest-idle connection of ``among`` other than ``spare``; False if all busy."""
        for conn in among:
            if conn is not spare and conn.idle():
                conn.close_now()
                return True
        return False


_registry = _Registry()


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with the limits of the module text."""

    def __init__(self, config: Config, server_state: ServerState,
                 app_state: dict[str, Any], _loop: asyncio.AbstractEventLoop | None = None) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.limits = Limits.from_env()
        self.client_host = ""
        self.deadline: asyncio.TimerHandle | None = None
        #: the request whose body the deadline is for (None: the deadline is for headers)
        self.deadline_cycle: object | None = None
        #: bytes received since the last answer (a partial request, for the 408)
        self.partial = False
        self.registered = False

    # the state of the connection

    def idle(self) -> bool:
        """Not in the middle of a request: waiting for one, or for (the rest of) its headers."""
        return self.cycle is None or self.cycle.response_complete

    def close_now(self, answer: bytes = b"") -> None:
        if self.transport is None or self.transport.is_closing():
            return
        if answer:
            self.transport.write(answer)
        if self.cycle is not None and not self.cycle.response_complete:
            self.cycle.disconnected = True  # the application sees a disconnect, not a 500
            self.cycle.message_event.set()
        self.transport.close()

    def _arm(self, seconds: float, cycle: object | None) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
        self.deadline = self.loop.call_later(seconds, self._timed_out)
        self.deadline_cycle = cycle

    def _disarm(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None
        self.deadline_cycle = None

    def _timed_out(self) -> None:
        self.deadline = None
        if self.deadline_cycle is not None:  # the body did not arrive in time
            cycle = self.cycle
            late = (_refusal(408, "Request Timeout", "RequestTimeout",
                             f"the request body did not arrive within {self.limits.body_timeout:g} s")
                    if cycle is not None and not cycle.response_started else b"")
            if cycle is not None:
                cycle.response_started = True
            self.close_now(late)
        elif self.partial:  # part of the headers, never the rest
            self.close_now(_refusal(408, "Request Timeout", "RequestTimeout",
                                    f"the request headers did not arrive within "
                                    f"{self.limits.header_timeout:g} s"))
        else:
            self.close_now()

    # uvicorn's protocol interface

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        if not isinstance(transport, asyncio.Transport):  # a stream socket's always is
            raise TypeError(f"a stream transport expected, not {type(transport).__name__}")
        super().connection_made(transport)
        self.client_host = self.client[0] if self.client else ""
        _registry.add(self)
        self.registered = True
        self._arm(self.limits.header_timeout, None)
        mine = _registry.by_client[self.client_host]
        if len(mine) > self.limits.max_per_client and not _registry.evict(mine, self):
            _log.warn("per-client", f"refused a connection from {self.client_host}: "
                                    f"{self.limits.max_per_client} connections of it are busy")
            self.close_now(_refusal(503, "Service Unavailable", "Overloaded",
                                    f"more than {self.limits.max_per_client} connections from "
                                    f"this address; retry in a second"))
            return
        if len(_registry.all) > self.limits.max_connections and not _registry.evict(_registry.all, self):
            _log.warn("connections", f"refused a connection: {self.limits.max_connections} "
                                     f"connections are busy")
            self.close_now(_refusal(503, "Service Unavailable", "Overloaded",
                                    f"more than {self.limits.max_connections} connections at once; "
                                    f"retry in a second"))

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self.registered:
            _registry.remove(self)
            self.registered = False
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        before = self.cycle
        super().data_received(data)
        if self.transport.is_closing():
            return
        cycle = self.cycle
        if cycle is None or cycle.response_complete:
            self.partial = self.partial or bool(data)  # still waiting for the whole headers
        elif cycle is not before or self.deadline_cycle is not cycle:
            # a new request: its headers are in; its body has body_timeout to arrive
            self.partial = False
            if cycle.more_body:
                self._arm(self.limits.body_timeout, cycle)
            else:
                self._disarm()
        elif not cycle.more_body:
            self._disarm()  # the whole body is in: the application has the time it needs

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self.transport.is_closing():
            return
        _registry.touch(self)
        if self.cycle is not None and self.cycle.response_complete and self.idle():
            # the next request's headers: uvicorn closes a silent connection after keep_alive s
            self.partial = False
            self._arm(self.timeout_keep_alive + self.limits.header_timeout, None)
