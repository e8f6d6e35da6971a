"""The tournament pages and their HTTP API, served by ``suanfan serve --tournament FILE``.

Pages: ``/tournament`` (the rounds and tables), ``/tournament/sheet?round=R&table=T`` (a table's
score sheet, to enter hands on a phone), ``/tournament/standings`` (a projector view that
refreshes itself). The API under ``/api/tournament``:

* ``GET /api/tournament`` — the tournament, its rounds and tables;
* ``GET /api/tournament/standings``, ``GET /api/tournament/export.csv`` / ``export.json``;
* ``GET /api/tournament/rounds/{round}/tables/{table}`` — the sheet;
* ``POST …/entries`` ``{"entry": {...}, "number": N}`` — a hand, a draw, a false win, a chombo or
  a penalty (seats as 0-3 or player names); 409 when hand N is entered already;
* ``PUT …/entries/{id}`` ``{"entry": {...}}``, ``DELETE …/entries/{id}`` — kept in the audit trail
  (``GET /api/tournament/audit``);
* ``POST …/end`` — end the session;
* ``GET /api/tournament/me`` — who the token presented belongs to;
* ``GET|POST /api/tournament/tokens``, ``DELETE /api/tournament/tokens/{id}``,
  ``PUT /api/tournament/settings`` — the organiser's: referee tokens, and whether reads are public.

**Access** (``docs/tournament-security.md``): every write needs ``Authorization: Bearer <token>``,
a referee's token allowed at that table or the organiser secret (401 without one or with a wrong
one, with ``WWW-Authenticate: Bearer``; 403 when it is revoked or for other tables); the audit
trail records the token's holder. The ``author`` field of the bodies is still accepted and
ignored. Reads are public unless the organiser sets ``public_reads`` false. An address that sent
:data:`MAX_FAILURES` wrong tokens within :data:`FAILURE_WINDOW` seconds gets 429 with
``Retry-After`` for tokens this process has not verified before. Ids and numbers beyond SQLite's
64-bit integers are refused with 422.

Every write is one SQLite transaction; several tables submitting at once (and several worker
processes) are serialised by the database.
"""

from __future__ import annotations

import ipaddress
import math
import os
import threading
import time
from collections import OrderedDict, deque
from enum import Enum
from importlib import resources
from typing import Annotated, Any, Final

from fastapi import Body, Depends, FastAPI, Path, Query, Request
from fastapi.responses import FileResponse, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException

from ..errors import MahjongError

__all__ = ["ENV", "EXAMPLES", "FAILURE_WINDOW", "MAX_FAILURES", "FailureLimit", "add_routes"]

#: the environment variable that names the tournament file (set by ``suanfan serve --tournament``)
ENV: Final = "SUANFAN_TOURNAMENT"
_STATIC = resources.files("suanfan.web") / "static"
_TAGS: Final[list[str | Enum]] = ["tournament"]
_ADMIN_TAGS: Final[list[str | Enum]] = ["tournament access"]
#: wrong tokens an address may send within :data:`FAILURE_WINDOW` seconds before it gets 429
MAX_FAILURES: Final = 10
FAILURE_WINDOW: Final = 60.0
#: the addresses whose failures are remembered at once (the oldest are forgotten first)
_MAX_CLIENTS: Final = 4096
#: the largest id or number in a path or query (SQLite's integers are signed 64-bit)
_MAX_ID: Final = (1 << 63) - 1
_REALM: Final = 'Bearer realm="suanfan tournament"'


class NoTournament(MahjongError):
    """The server was started without a tournament file (answered with 404)."""


class FailureLimit:
    """The failed token attempts of each client address (IPv6 by its /64) in the last
    ``window`` seconds, at most ``limit`` remembered for each of at most ``clients``
    addresses: bounded memory whatever the traffic."""

    __slots__ = ("_clients", "_failures", "_lock", "limit", "window")

    def __init__(self, limit: int = MAX_FAILURES, window: float = FAILURE_WINDOW,
                 clients: int = _MAX_CLIENTS) -> None:
        self.limit = limit
        self.window = window
        self._clients = clients
        self._failures: OrderedDict[str, deque[float]] = OrderedDict()
        self._lock = threading.Lock()

    @staticmethod
    def key(address: str) -> str:
        if ":" in address:
            try:
                return str(ipaddress.ip_network(f"{address}/64", strict=False))
            except ValueError:
                return address
        return address

    def wait(self, address: str) -> float:
        """Seconds until ``address`` may try a new token again (0: now)."""
        with self._lock:
            times = self._failures.get(self.key(address))
            if times is None or len(times) < self.limit:
                return 0.0
            return max(0.0, times[0] + self.window - time.monotonic())

    def fail(self, address: str) -> None:
        """Count a failed attempt of ``address``."""
        k = self.key(address)
        with self._lock:
            times = self._failures.pop(k, None)
            if times is None:
                times = deque(maxlen=self.limit)
                while len(self._failures) >= self._clients:
                    self._failures.popitem(last=False)
            times.append(time.monotonic())
            self._failures[k] = times

    def __len__(self) -> int:
        return len(self._failures)


class EntryBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    entry: dict[str, Any] = Field(description="the entry: kind (win, fan, draw, false_win, penalty; riichi: "
                                              "win, points, draw, chombo, penalty) and its fields")
    number: int | None = Field(None, ge=1, le=1000,
                               description="the hand it belongs to (default: the hand in play)")
    author: str = Field("", max_length=100, description="ignored, kept for compatibility: the audit trail "
                                                        "records the holder of the token")


class AuthorBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    author: str = Field("", max_length=100, description="ignored, kept for compatibility: the audit "
                                                        "trail records the holder of the token")


class TokenBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    holder: str = Field(min_length=1, max_length=100, description="who holds it (written into the audit "
                                                                  "trail for each write it makes)")
    tables: list[int | str] | str | None = Field(
        None, description="the tables it may write to: table numbers (every round) or 'round.table' "
                          "pairs, e.g. [3, \"2.1\"] or \"3,2.1\"; none: every table")


class SettingsBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    public_reads: bool = Field(description="whether sheets, standings, the audit and the exports may be "
                                           "read without a token")


#: the example bodies of the POST operations (each answers 200 on a seated round 1, with the
#: organiser secret)
EXAMPLES: Final[dict[str, dict[str, Any]]] = {
    "entry": {"entry": {"kind": "draw"}},
    "end": {},
    "token": {"holder": "Referee A", "tables": [1, 2]},
}
_ENTRY_EXAMPLE: Final = Body(openapi_examples={"draw": {"summary": "a drawn hand",
                                                         "value": EXAMPLES["entry"]}})
_END_EXAMPLE: Final = Body(openapi_examples={"end": {"summary": "end the session", "value": EXAMPLES["end"]}})
_TOKEN_EXAMPLE: Final = Body(openapi_examples={"token": {"summary": "a referee for tables 1 and 2",
                                                          "value": EXAMPLES["token"]}})
_WHY: Final = {
    400: "bad input: an unknown player, a seat not at the table, a round or table that does not exist, "
         "a hand that is not possible",
    401: "no token, or one that is not this tournament's (Authorization: Bearer <token>); for reads "
         "only when the organiser has closed them",
    403: "the token is revoked, is for other tables, or is a referee's where the organiser's is needed",
    404: "the server has no tournament file (suanfan serve --tournament FILE)",
    409: "the hand is entered already, or the session has ended",
    413: "the request body is too large",
    422: "a hand that does not win, a body that does not fit the schema, or an id or number out of "
         "range (ids are 1 to 2**63-1)",
    429: f"more than {MAX_FAILURES} wrong tokens from this address in {FAILURE_WINDOW:g} s: retry after "
         "the Retry-After seconds",
    503: "the server is at its limit of requests at once",
}
_Id = Annotated[int, Path(ge=1, le=_MAX_ID, description="a number from 1")]
_Bearer: Final = HTTPBearer(auto_error=False, description=(
    "a referee's token (sfr.…) or the organiser secret (sfo.…); see docs/tournament-security.md"))
_Creds = Annotated[HTTPAuthorizationCredentials | None, Depends(_Bearer)]


def add_routes(api: FastAPI, path: str | None = None, error_model: type[BaseModel] | None = None) -> None:
    """The tournament pages and API on ``api``, for the file ``path`` (default:
    ``$SUANFAN_TOURNAMENT``); ``error_model`` the error answers' model, for the OpenAPI document."""
    from ..tournament import Tournament
    from ..tournament.access import Grant, NotAllowed, NotAuthenticated

    def errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
        model = {"model": error_model} if error_model else {}
        return {s: {**model, "description": _WHY[s]} for s in statuses}

    read = errors(400, 401, 403, 404, 422, 429, 503)
    # reads are public unless the organiser closes them: the bearer token is optional there
    # (an empty requirement beside the bearer one, as OpenAPI writes "optional")
    public: dict[str, Any] = {"security": [{}]}
    write = errors(400, 401, 403, 404, 409, 413, 422, 429, 503)
    admin = errors(400, 401, 403, 404, 413, 422, 429, 503)

    cache: dict[str, Tournament] = {}
    failures = FailureLimit()

    def tournament() -> Tournament:
        p = path if path is not None else os.environ.get(ENV, "")
        if not p:
            raise NoTournament("no tournament: start the server with suanfan serve --tournament FILE")
        t = cache.get(p)
        if t is None:
            t = cache[p] = Tournament(p)
        return t

    def grant(request: Request, creds: HTTPAuthorizationCredentials | None, round: int | None = None,
              table: int | None = None, organiser: bool = False) -> Grant:
        """Who may do this (the token's holder), or the refusal: 401, 403 or 429."""
        t = tournament()
        token = creds.credentials if creds is not None else ""
        if not token:
            raise HTTPException(401, "this needs a token: Authorization: Bearer <token> (a referee's token "
                                     "from the organiser, or the organiser secret)",
                                headers={"WWW-Authenticate": _REALM})
        address = request.client.host if request.client else ""
        wait = failures.wait(address)
        try:
            g = t.authorise(token, round, table, verify=wait == 0)
        except NotAuthenticated as exc:
            if wait:
                seconds = str(math.ceil(wait))
                raise HTTPException(429, f"too many wrong tokens from {address}: retry after {seconds} s",
                                    headers={"Retry-After": seconds}) from None
            failures.fail(address)
            raise HTTPException(401, str(exc),
                                headers={"WWW-Authenticate": _REALM + ', error="invalid_token"'}) from None
        except NotAllowed as exc:
            raise HTTPException(403, str(exc)) from None
        if organiser and not g.organiser:
            raise HTTPException(403, f"the token of {g.holder} is a referee's: this needs the organiser "
                                     "secret")
        return g

    def reader(request: Request, creds: HTTPAuthorizationCredentials | None) -> Tournament:
        t = tournament()
        if not t.public_reads:
            grant(request, creds)
        return t

    def page(name: str) -> FileResponse:
        return FileResponse(str(_STATIC / name), media_type="text/html")

    @api.get("/tournament", include_in_schema=False)
    def tournament_page() -> FileResponse:
        return page("tournament.html")

    @api.get("/tournament/sheet", include_in_schema=False)
    def sheet_page() -> FileResponse:
        return page("sheet.html")

    @api.get("/tournament/standings", include_in_schema=False)
    def standings_page() -> FileResponse:
        return page("standings.html")

    @api.get("/api/tournament", tags=_TAGS, summary="The tournament: its rules, rounds and tables",
             responses=read, openapi_extra=public)
    def info(request: Request, creds: _Creds) -> dict[str, Any]:
        t = reader(request, creds)
        pl = t.placement_rules()
        return {"name": t.name, "system": t.system, "rules": t.rules,
                "placement": pl.to_dict() if pl is not None else None,
                "players": t.players(), "rounds": t.rounds()}

    @api.get("/api/tournament/standings", tags=_TAGS, summary="The standings", responses=read,
             openapi_extra=public)
    def standings(request: Request, creds: _Creds) -> dict[str, Any]:
        t = reader(request, creds)
        return {"name": t.name, "system": t.system, "standings": t.standings(), "rounds": t.rounds()}

    @api.get("/api/tournament/rounds/{round}/tables/{table}", tags=_TAGS, summary="A table's score sheet",
             responses=read, openapi_extra=public)
    def sheet(round: _Id, table: _Id, request: Request, creds: _Creds) -> dict[str, Any]:
        return reader(request, creds).sheet(round, table)

    @api.post("/api/tournament/rounds/{round}/tables/{table}/entries", tags=_TAGS,
              summary="Enter a hand, a draw, a false win, a chombo or a penalty", responses=write)
    def add_entry(round: _Id, table: _Id, body: Annotated[EntryBody, _ENTRY_EXAMPLE],
                  request: Request, creds: _Creds) -> dict[str, Any]:
        g = grant(request, creds, round, table)
        return tournament().add(round, table, body.entry, number=body.number, author=g.holder)

    @api.put("/api/tournament/rounds/{round}/tables/{table}/entries/{entry_id}", tags=_TAGS,
             summary="Change an entry (the sheet is replayed; kept in the audit trail)", responses=write)
    def edit_entry(round: _Id, table: _Id, entry_id: _Id, body: EntryBody,
                   request: Request, creds: _Creds) -> dict[str, Any]:
        g = grant(request, creds, round, table)
        return tournament().edit(round, table, entry_id, body.entry, author=g.holder)

    @api.delete("/api/tournament/rounds/{round}/tables/{table}/entries/{entry_id}", tags=_TAGS,
                summary="Delete an entry (the last hand or an adjustment; kept in the audit trail)",
                responses=write)
    def delete_entry(round: _Id, table: _Id, entry_id: _Id, request: Request, creds: _Creds,
                     author: str = Query("", max_length=100,
                                         description="ignored, kept for compatibility")) -> dict[str, Any]:
        g = grant(request, creds, round, table)
        t = tournament()
        t.delete(round, table, entry_id, author=g.holder)
        return t.sheet(round, table)

    @api.post("/api/tournament/rounds/{round}/tables/{table}/end", tags=_TAGS, summary="End a session",
              responses=write)
    def end(round: _Id, table: _Id, body: Annotated[AuthorBody, _END_EXAMPLE],
            request: Request, creds: _Creds) -> dict[str, Any]:
        g = grant(request, creds, round, table)
        return tournament().end_session(round, table, author=g.holder)

    @api.get("/api/tournament/audit", tags=_TAGS, summary="Who entered, changed or deleted what, and when",
             responses=read, openapi_extra=public)
    def audit(request: Request, creds: _Creds,
              round: int | None = Query(None, ge=1, le=_MAX_ID),
              table: int | None = Query(None, ge=1, le=_MAX_ID)) -> list[dict[str, Any]]:
        return reader(request, creds).audit(round, table)

    @api.get("/api/tournament/export.csv", tags=_TAGS, summary="The results in the EMA layout (CSV)",
             response_class=Response, responses={200: {"content": {"text/csv": {}}}, **read},
             openapi_extra=public)
    def export_csv(request: Request, creds: _Creds) -> Response:
        return Response(reader(request, creds).export_csv(), media_type="text/csv; charset=utf-8")

    @api.get("/api/tournament/export.json", tags=_TAGS, summary="Everything, as JSON", responses=read,
             openapi_extra=public)
    def export_json(request: Request, creds: _Creds) -> dict[str, Any]:
        return reader(request, creds).export_json()

    # -- access: the organiser's ------------------------------------------------------------------
    @api.get("/api/tournament/me", tags=_ADMIN_TAGS, summary="Who the token presented belongs to",
             responses=errors(401, 403, 404, 429, 503))
    def me(request: Request, creds: _Creds) -> dict[str, Any]:
        g = grant(request, creds)
        return {**g.to_dict(), "public_reads": tournament().public_reads}

    @api.get("/api/tournament/tokens", tags=_ADMIN_TAGS,
             summary="The referee tokens (organiser secret only; the tokens themselves are not kept)",
             responses=errors(401, 403, 404, 429, 503))
    def list_tokens(request: Request, creds: _Creds) -> list[dict[str, Any]]:
        grant(request, creds, organiser=True)
        return tournament().tokens()

    @api.post("/api/tournament/tokens", tags=_ADMIN_TAGS,
              summary="Issue a referee token (organiser secret only; the token is shown this once)",
              responses=admin)
    def add_token(body: Annotated[TokenBody, _TOKEN_EXAMPLE], request: Request,
                  creds: _Creds) -> dict[str, Any]:
        grant(request, creds, organiser=True)
        return tournament().add_token(body.holder, body.tables)

    @api.delete("/api/tournament/tokens/{token_id}", tags=_ADMIN_TAGS,
                summary="Revoke a referee token (organiser secret only)", responses=admin)
    def revoke_token(token_id: _Id, request: Request, creds: _Creds) -> dict[str, Any]:
        grant(request, creds, organiser=True)
        return tournament().revoke_token(token_id)

    @api.put("/api/tournament/settings", tags=_ADMIN_TAGS,
             summary="Open or close the reads to those without a token (organiser secret only)",
             responses=admin)
    def settings(body: SettingsBody, request: Request, creds: _Creds) -> dict[str, Any]:
        grant(request, creds, organiser=True)
        t = tournament()
        t.set_public_reads(body.public_reads)
        return {"public_reads": t.public_reads}
