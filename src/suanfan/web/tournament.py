"""The tournament pages and their HTTP API, served by ``suanfan serve --tournament FILE``.

Pages: ``/tournament`` (the rounds and tables), ``/tournament/sheet?round=R&table=T`` (a table's
score sheet, to enter hands on a phone), ``/tournament/standings`` (a projector view that
refreshes itself). The API under ``/api/tournament``:

* ``GET /api/tournament`` — the tournament, its rounds and tables;
* ``GET /api/tournament/standings``, ``GET /api/tournament/export.csv`` / ``export.json``;
* ``GET /api/tournament/rounds/{round}/tables/{table}`` — the sheet;
* ``POST …/entries`` ``{"entry": {...}, "number": N, "author": "..."}`` — a hand, a draw, a false
  win, a chombo or a penalty (seats as 0-3 or player names); 409 when hand N is entered already;
* ``PUT …/entries/{id}`` ``{"entry": {...}, "author": "..."}``, ``DELETE …/entries/{id}?author=``
  — kept in the audit trail (``GET /api/tournament/audit``);
* ``POST …/end`` — end the session.

Every write is one SQLite transaction; several tables submitting at once (and several worker
processes) are serialised by the database.
"""

from __future__ import annotations

import os
from enum import Enum
from importlib import resources
from typing import Annotated, Any, Final

from fastapi import Body, FastAPI, Query, Request
from fastapi.responses import FileResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from ..errors import MahjongError

__all__ = ["ENV", "EXAMPLES", "add_routes"]

#: the environment variable that names the tournament file (set by ``suanfan serve --tournament``)
ENV: Final = "SUANFAN_TOURNAMENT"
_STATIC = resources.files("suanfan.web") / "static"
_TAGS: Final[list[str | Enum]] = ["tournament"]


class NoTournament(MahjongError):
    """The server was started without a tournament file (answered with 404)."""


class EntryBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    entry: dict[str, Any] = Field(description="the entry: kind (win, fan, draw, false_win, penalty; riichi: "
                                              "win, points, draw, chombo, penalty) and its fields")
    number: int | None = Field(None, ge=1, le=1000,
                               description="the hand it belongs to (default: the hand in play)")
    author: str = Field("", max_length=100, description="who enters it (kept in the audit trail)")


class AuthorBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    author: str = Field("", max_length=100)


def _author(request: Request, author: str) -> str:
    host = request.client.host if request.client else ""
    who = author.strip() or "web"
    return f"{who} ({host})" if host else who


#: the example bodies of the POST operations (each answers 200 on a seated round 1)
EXAMPLES: Final[dict[str, dict[str, Any]]] = {
    "entry": {"entry": {"kind": "draw"}, "author": "table 1"},
    "end": {"author": "referee"},
}
_ENTRY_EXAMPLE: Final = Body(openapi_examples={"draw": {"summary": "a drawn hand",
                                                         "value": EXAMPLES["entry"]}})
_END_EXAMPLE: Final = Body(openapi_examples={"end": {"summary": "end the session", "value": EXAMPLES["end"]}})
_WHY: Final = {
    400: "bad input: an unknown player, a seat not at the table, a round or table that does not exist, "
         "a hand that is not possible",
    404: "the server has no tournament file (suanfan serve --tournament FILE)",
    409: "the hand is entered already, or the session has ended",
    413: "the request body is too large",
    422: "a hand that does not win, or a body that does not fit the schema",
    503: "the server is at its limit of requests at once",
}


def add_routes(api: FastAPI, path: str | None = None, error_model: type[BaseModel] | None = None) -> None:
    """The tournament pages and API on ``api``, for the file ``path`` (default:
    ``$SUANFAN_TOURNAMENT``); ``error_model`` the error answers' model, for the OpenAPI document."""
    from ..tournament import Tournament

    def errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
        model = {"model": error_model} if error_model else {}
        return {s: {**model, "description": _WHY[s]} for s in statuses}

    read = errors(400, 404, 422, 503)
    write = errors(400, 404, 409, 413, 422, 503)


    cache: dict[str, Tournament] = {}

    def tournament() -> Tournament:
        p = path if path is not None else os.environ.get(ENV, "")
        if not p:
            raise NoTournament("no tournament: start the server with suanfan serve --tournament FILE")
        t = cache.get(p)
        if t is None:
            t = cache[p] = Tournament(p)
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
             responses=read)
    def info() -> dict[str, Any]:
        t = tournament()
        pl = t.placement_rules()
        return {"name": t.name, "system": t.system, "rules": t.rules,
                "placement": pl.to_dict() if pl is not None else None,
                "players": t.players(), "rounds": t.rounds()}

    @api.get("/api/tournament/standings", tags=_TAGS, summary="The standings", responses=read)
    def standings() -> dict[str, Any]:
        t = tournament()
        return {"name": t.name, "system": t.system, "standings": t.standings(), "rounds": t.rounds()}

    @api.get("/api/tournament/rounds/{round}/tables/{table}", tags=_TAGS, summary="A table's score sheet",
             responses=read)
    def sheet(round: int, table: int) -> dict[str, Any]:
        return tournament().sheet(round, table)

    @api.post("/api/tournament/rounds/{round}/tables/{table}/entries", tags=_TAGS,
              summary="Enter a hand, a draw, a false win, a chombo or a penalty", responses=write)
    def add_entry(round: int, table: int, body: Annotated[EntryBody, _ENTRY_EXAMPLE],
                  request: Request) -> dict[str, Any]:
        return tournament().add(round, table, body.entry, number=body.number,
                                author=_author(request, body.author))

    @api.put("/api/tournament/rounds/{round}/tables/{table}/entries/{entry_id}", tags=_TAGS,
             summary="Change an entry (the sheet is replayed; kept in the audit trail)", responses=write)
    def edit_entry(round: int, table: int, entry_id: int, body: EntryBody,
                   request: Request) -> dict[str, Any]:
        return tournament().edit(round, table, entry_id, body.entry, author=_author(request, body.author))

    @api.delete("/api/tournament/rounds/{round}/tables/{table}/entries/{entry_id}", tags=_TAGS,
                summary="Delete an entry (the last hand or an adjustment; kept in the audit trail)",
                responses=write)
    def delete_entry(round: int, table: int, entry_id: int, request: Request,
                     author: str = Query("", max_length=100)) -> dict[str, Any]:
        t = tournament()
        t.delete(round, table, entry_id, author=_author(request, author))
        return t.sheet(round, table)

    @api.post("/api/tournament/rounds/{round}/tables/{table}/end", tags=_TAGS, summary="End a session",
              responses=write)
    def end(round: int, table: int, body: Annotated[AuthorBody, _END_EXAMPLE],
            request: Request) -> dict[str, Any]:
        return tournament().end_session(round, table, author=_author(request, body.author))

    @api.get("/api/tournament/audit", tags=_TAGS, summary="Who entered, changed or deleted what, and when",
             responses=read)
    def audit(round: int | None = None, table: int | None = None) -> list[dict[str, Any]]:
        return tournament().audit(round, table)

    @api.get("/api/tournament/export.csv", tags=_TAGS, summary="The results in the EMA layout (CSV)",
             response_class=Response, responses={200: {"content": {"text/csv": {}}}, **read})
    def export_csv() -> Response:
        return Response(tournament().export_csv(), media_type="text/csv; charset=utf-8")

    @api.get("/api/tournament/export.json", tags=_TAGS, summary="Everything, as JSON", responses=read)
    def export_json() -> dict[str, Any]:
        return tournament().export_json()
