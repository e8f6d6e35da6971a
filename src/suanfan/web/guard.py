"""What stands between the network and the application: a body-size limit, a JSON shape check, a
cap on the requests served at once, and the security headers of every answer.

One pure ASGI middleware (:class:`Guard`), so that each check costs one pass and the refusals use
the API's one error body ``{"error": <kind>, "detail": <message>}``:

* a body over ``max_body`` bytes: **413** (by its ``Content-Length`` or as it arrives);
* a JSON body nested deeper than :data:`MAX_JSON_DEPTH` or with a number longer than
  :data:`MAX_NUMBER_DIGITS` digits: **400**, before any parser sees it (the standard parser
  would recurse or spend quadratic time on such input);
* more than ``max_concurrent`` requests in progress in this process: **503** with
  ``Retry-After: 1`` (a worker answers at once instead of queueing without bound);
* a request still arriving or being served when the server stops (the grace period after
  SIGTERM is over): **503** with ``Retry-After: 1`` (and the connection closed), not a 500;
* ``HEAD`` answered wherever ``GET`` is: served as a GET, its headers sent without the body;
* every answer: ``X-Content-Type-Options: nosniff``, ``X-Frame-Options: DENY``,
  ``Referrer-Policy: no-referrer``; the calculator page also a Content-Security-Policy that
  allows only its own scripts, styles and pictures.
"""

from __future__ import annotations

import asyncio
import json
from typing import Final

from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["MAX_JSON_DEPTH", "MAX_NUMBER_DIGITS", "Guard", "json_shape_error"]

#: JSON bodies nested deeper than this are refused (a request body has depth 2 or 3)
MAX_JSON_DEPTH: Final = 32
#: JSON numbers with more digits than this are refused (every number of the API is small)
MAX_NUMBER_DIGITS: Final = 100

#: the page's policy: its own files only (the tile pictures are its own SVGs)
PAGE_CSP: Final = ("default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
                   "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
_HEADERS: Final = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
]
_PAGE_PATHS: Final = ("/", "/index.html", "/tournament", "/tournament/sheet", "/tournament/standings")


def json_shape_error(body: bytes) -> str | None:
    """Why a JSON body is refused before parsing (too deep, too long a number), or None. One pass
    over the bytes, strings skipped."""
    depth = 0
    digits = 0
    in_string = False
    escaped = False
    for b in body:
        if in_string:
            if escaped:
                escaped = False
            elif b == 0x5C:  # backslash
                escaped = True
            elif b == 0x22:  # quote
                in_string = False
            continue
        if 0x30 <= b <= 0x39:
            digits += 1
            if digits > MAX_NUMBER_DIGITS:
                return f"a number in the JSON body has more than {MAX_NUMBER_DIGITS} digits"
            continue
        digits = 0
        if b == 0x22:
            in_string = True
        elif b in (0x5B, 0x7B):  # [ {
            depth += 1
            if depth > MAX_JSON_DEPTH:
                return f"the JSON body is nested more than {MAX_JSON_DEPTH} levels deep"
        elif b in (0x5D, 0x7D):
            depth -= 1
    return None


def _error_message(status: int, kind: str, detail: str,
                   extra: list[tuple[bytes, bytes]] | None = None) -> tuple[Message, Message]:
    body = json.dumps({"error": kind, "detail": detail}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
               *_HEADERS, *(extra or [])]
    return ({"type": "http.response.start", "status": status, "headers": headers},
            {"type": "http.response.body", "body": body})


class Guard:
    """The pure ASGI middleware of this module (see the module text)."""

    def __init__(self, app: ASGIApp, max_body: int, max_concurrent: int) -> None:
        self.app = app
        self.max_body = max_body
        self.max_concurrent = max_concurrent
        #: requests in progress in this process (the event loop is one thread: no lock needed)
        self.active = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.active >= self.max_concurrent:
            await self._refuse(send, 503, "Overloaded",
                               f"more than {self.max_concurrent} requests at once; retry in a second",
                               [(b"retry-after", b"1")])
            return
        self.active += 1
        started = False

        async def send_noting_start(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self._serve(scope, receive, send_noting_start)
        except asyncio.CancelledError:
            # the server stops (its grace period after SIGTERM is over) while this request is
            # still arriving or being served: a 503, not the server's 500, when nothing is sent yet
            if started:
                raise
            await self._refuse(send, 503, "ShuttingDown", "the server is stopping; retry shortly",
                               [(b"retry-after", b"1"), (b"connection", b"close")])
        finally:
            self.active -= 1

    async def _serve(self, scope: Scope, receive: Receive, send: Send) -> None:
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    too_big = int(value) > self.max_body
                except ValueError:
                    too_big = True
                if too_big:
                    await self._too_big(send)
                    return
        # read the whole (small) body first, counting it, then replay it to the application
        chunks: list[bytes] = []
        received = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                return
            body = message.get("body", b"")
            received += len(body)
            if received > self.max_body:
                await self._too_big(send)
                return
            chunks.append(body)
            if not message.get("more_body", False):
                break
        whole = b"".join(chunks)
        if whole:
            why = json_shape_error(whole)
            if why is not None:
                await self._refuse(send, 400, "InvalidRequest", why)
                return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": whole, "more_body": False}
            return await receive()

        page = scope.get("path") in _PAGE_PATHS
        head = scope.get("method") == "HEAD"
        if head:
            scope = {**scope, "method": "GET"}

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [*message.get("headers", ()), *_HEADERS]
                if page:
                    headers.append((b"content-security-policy", PAGE_CSP.encode()))
                message = {**message, "headers": headers}
            elif head and message["type"] == "http.response.body":
                message = {**message, "body": b""}
            await send(message)

        await self.app(scope, replay, send_with_headers)

    async def _too_big(self, send: Send) -> None:
        await self._refuse(send, 413, "PayloadTooLarge", f"request body over {self.max_body} bytes")

    @staticmethod
    async def _refuse(send: Send, status: int, kind: str, detail: str,
                      extra: list[tuple[bytes, bytes]] | None = None) -> None:
        start, body = _error_message(status, kind, detail, extra)
        await send(start)
        await send(body)
