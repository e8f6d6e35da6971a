"""The HTTP API and the web calculator (FastAPI).

Run it with ``suanfan serve`` or ``uvicorn suanfan.web.app:app``. Endpoints:

* ``POST /api/mcr/score`` — body: ``{"hand": "...", "self_drawn": true, "rules": "mcr", ...}`` with the
  keyword arguments of :func:`suanfan.mcr.score` (and optional ``winner``/``discarder`` seats);
  answer: as ``suanfan mcr --json``, the result's ``to_dict()`` plus its ``settlement``.
* ``POST /api/riichi/score`` — the same for :func:`suanfan.riichi.score` (as ``suanfan riichi --json``).
* ``POST /api/analyze`` — what ``suanfan analyze --json`` prints: for 13 tiles the shanten and each
  wait with what it would score, for 14 tiles discard advice.
* ``POST /api/expected`` — what ``suanfan analyze --expected --json`` prints: each discard of a closed
  riichi hand with its tenpai and win chances and expected score by turn (docs/analysis-expected.md);
  the search is bounded (:data:`EXPECTED_MAX_SECONDS`, :data:`EXPECTED_MAX_STATES`): beyond it a 422
  ``LimitExceeded``.
* ``POST /api/parse`` — a hand read into its parts (melds, standing tiles, winning tile, flowers).
* ``GET /api/rules`` — the rule systems, their presets and situation fields.
* ``GET /tiles/{tile}.svg``, ``GET /api/svg?hand=...`` — suanfan's own tile pictures.
* ``GET /`` — the calculator page (``/manifest.webmanifest`` and the service worker ``/sw.js``
  let it be installed and reopened offline); ``/docs`` — the OpenAPI documentation.

Bad input gets a 4xx answer ``{"error": "InvalidHand", "detail": "<the library's message>"}``: 400 when
the input is not a possible hand, 422 when it is possible but does not win (or the JSON does not
fit the schema), 413 when the body is over :data:`MAX_BODY_BYTES`; 503 if a rule engine is not
installed. Never a traceback.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from http import HTTPStatus
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Final, Literal

from fastapi import Body, FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from .. import __version__
from ..errors import MahjongError
from ..mcr.situation import FLAGS as MCR_FLAGS
from ..notation import MAX_INPUT_LENGTH
from . import engine
from .engine import BadRequest, EngineUnavailable, hand_dict, status_of
from .guard import Guard

__all__ = ["MAX_BODY_BYTES", "MAX_CONCURRENT", "BadRequest", "ErrorBody", "app", "create_app", "hand_dict"]

#: Request bodies larger than this are refused with 413.
MAX_BODY_BYTES = 16 * 1024
#: Requests served at once by one worker process; more are answered 503 with Retry-After.
MAX_CONCURRENT = 64


def _max_concurrent() -> int:
    """:data:`MAX_CONCURRENT`, or ``SUANFAN_MAX_CONCURRENT`` (how ``suanfan serve
    --max-concurrent`` reaches each worker process)."""
    raw = os.environ.get("SUANFAN_MAX_CONCURRENT", "")
    return int(raw) if raw.isdigit() and 0 < int(raw) <= 100_000 else MAX_CONCURRENT

Wind = Literal["E", "S", "W", "N"]
_HAND_EXAMPLE = "[567m2][999s3]11p345s78s 6s"


class _Body(BaseModel):
    # strict: a flag is true or false (not "yes" or 1), a seat or a count an int (not false)
    model_config = ConfigDict(extra="forbid", strict=True)


_FLAG_HELP: dict[str, str] = {f.name: f.help + (" (mcr-extended, seed 003)" if f.extended else "")
                               for f in MCR_FLAGS}


class MCRRequest(_Body):
    """The keyword arguments of ``suanfan.mcr.score``."""

    hand: str = Field(max_length=MAX_INPUT_LENGTH, examples=[_HAND_EXAMPLE],
                      description="the hand in suanfan notation (see NOTATION.md)")
    # the situation flags: names and help texts from suanfan.mcr.situation.FLAGS (checked below)
    self_drawn: bool | None = Field(
        None, description=_FLAG_HELP["self_drawn"] + " (unset: not stated; 天和/地和/八花聚顶 imply it)")
    last_tile_of_wall: bool = Field(False, description=_FLAG_HELP["last_tile_of_wall"])
    kong: bool = Field(False, description=_FLAG_HELP["kong"])
    last_of_kind: bool = Field(False, description=_FLAG_HELP["last_of_kind"])
    seat_wind: Wind = Field("E", description="门风")
    prevalent_wind: Wind = Field("E", description="圈风")
    flowers: StrictInt | StrictStr = Field(0, description="a count 0-8 or flower tiles such as '1258f'")
    rules: str = Field("mcr", max_length=64, description="an MCR preset name")
    heavenly_hand: bool = Field(False, description=_FLAG_HELP["heavenly_hand"])
    earthly_hand: bool = Field(False, description=_FLAG_HELP["earthly_hand"])
    human_hand: bool = Field(False, description=_FLAG_HELP["human_hand"])
    heavenly_ready: bool = Field(False, description=_FLAG_HELP["heavenly_ready"])
    earthly_ready: bool = Field(False, description=_FLAG_HELP["earthly_ready"])
    declared_ready: bool = Field(False, description=_FLAG_HELP["declared_ready"])
    declared_ready_first_round: bool = Field(False, description=_FLAG_HELP["declared_ready_first_round"])
    winner: int | None = Field(None, ge=0, le=3, description=(
        "the winner's seat 0-3 (E S W N), for the settlement (default: the seat of its seat wind)"))
    discarder: int | None = Field(
        None, ge=0, le=3,
        description="the discarder's seat, for the settlement (default: the seat after the winner)")


if set(_FLAG_HELP) - set(MCRRequest.model_fields):
    raise AssertionError("MCRRequest lacks a situation flag of suanfan.mcr.situation.FLAGS")


class RiichiRequest(_Body):
    """The keyword arguments of ``suanfan.riichi.score``."""

    hand: str = Field(max_length=MAX_INPUT_LENGTH, examples=["123m456p789s1122z 2z"],
                      description="the hand in suanfan notation (see NOTATION.md)")
    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    seat_wind: Wind = "E"
    round_wind: Wind = "E"
    dora_indicators: str = Field("", max_length=64, description="tiles, e.g. '3m7z'")
    ura_dora_indicators: str = Field("", max_length=64)
    honba: int = Field(0, ge=0, le=100)
    riichi_sticks: int = Field(0, ge=0, le=100)
    nuki: int = Field(0, ge=0, le=4, description="North tiles set aside (three-player)")
    rules: str = Field("default", max_length=64, description="a riichi preset name")


class AnalyzeRequest(_Body):
    """A hand to analyse under one rule system."""

    hand: str = Field(max_length=MAX_INPUT_LENGTH, examples=["[123p1][345s2][999s3]67mEE"])
    system: Literal["mcr", "riichi"] | None = Field(
        None, description="the rule system; by default MCR unless `rules` names a riichi preset")
    rules: str | None = Field(None, max_length=64, description="a preset name of that system")
    situation: dict[str, bool | int | str] = Field(
        default_factory=dict,
        description="situation fields of that system's score request (e.g. self_drawn, seat_wind)",
    )
    visible: str = Field("", max_length=600,
                         description="tiles seen outside the hand (discards, melds, indicators)")


#: the bounds of one expected-values search on the server (seconds, states in the graph)
EXPECTED_MAX_SECONDS: Final = engine.EXPECTED_MAX_SECONDS
EXPECTED_MAX_STATES: Final = engine.EXPECTED_MAX_STATES


class ExpectedRequest(_Body):
    """A closed riichi or MCR hand (13 or 14 tiles) whose discards are valued to the end of the hand."""

    hand: str = Field(max_length=MAX_INPUT_LENGTH, examples=["127m123567p4678s1z"])
    system: Literal["riichi", "mcr"] = Field("riichi", description="the rule system")
    model: Literal["reference", "table"] = Field(
        "reference", description="reference (mahjong-cpp's) or table (docs/analysis-expected.md)")
    visible: str = Field("", max_length=MAX_INPUT_LENGTH,
                         description="tiles seen on the table, taken out of the wall")
    minimum: int = Field(8, ge=0, le=1000, description="MCR: the fans a win needs")
    turn: int = Field(1, ge=1, le=18, description="the turn the hand is at")
    shanten_down: bool = Field(True, description="explore discards that raise the shanten")
    tegawari: bool = Field(True, description="explore draws kept though not useful")
    details: bool = Field(True, description="two-step counts, improvement tiles, good-shape rates")
    seat_wind: str = Field("E", max_length=8, description="E S W N (E = dealer)")
    round_wind: str = Field("E", max_length=8)
    dora_indicators: str = Field("", max_length=40, description="e.g. 3m7z")
    honba: int = Field(0, ge=0, le=100)
    riichi_sticks: int = Field(0, ge=0, le=100)
    rules: str | None = Field(None, max_length=64,
                              description="a preset name (default: 'default' riichi, 'mcr' MCR)")


#: the example body of each operation in the API docs, each one that "Try it out" answers with 200
EXAMPLES: Final[dict[str, dict[str, Any]]] = {
    "mcr": {"hand": "[111z1]1234556789m 5m", "self_drawn": True, "seat_wind": "E", "rules": "mcr"},
    "riichi": {"hand": "123m456p789s1122z 2z", "tsumo": True, "dora_indicators": "1z"},
    "analyze": {"hand": "[123p1][345s2][999s3]67mEE", "system": "mcr", "situation": {"seat_wind": "S"}},
    "parse": {"hand": _HAND_EXAMPLE},
    "expected": {"hand": "127m123567p4678s1z", "dora_indicators": "6p", "shanten_down": False,
                 "tegawari": False},
}


def _expected(req: ExpectedRequest) -> dict[str, Any]:
    """What ``suanfan analyze --expected --json`` prints, within the server's bounds."""
    return engine.expected(req.model_dump())


def _example(name: str) -> Any:
    return Body(openapi_examples={name: {"summary": "a hand that scores", "value": EXAMPLES[name]}})


class ParseRequest(_Body):
    hand: str = Field(max_length=MAX_INPUT_LENGTH, examples=[_HAND_EXAMPLE])


# -- errors ---------------------------------------------------------------------------------------

def _error(status: int, kind: str, detail: str) -> JSONResponse:
    return JSONResponse({"error": kind, "detail": detail}, status_code=status)


async def _on_mahjong_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, MahjongError)
    return _error(status_of(exc), type(exc).__name__, str(exc))


async def _on_value_error(_request: Request, exc: Exception) -> JSONResponse:
    return _error(400, "InvalidRequest", str(exc) or type(exc).__name__)


def _validation_message(errors: Sequence[Any]) -> str:
    parts = []
    for err in errors:
        loc = ".".join(str(x) for x in err.get("loc", ()) if x != "body")
        msg = str(err.get("msg", "invalid"))
        parts.append(f"{loc}: {msg}" if loc else msg)
    return "; ".join(parts) or "invalid request"


async def _on_validation_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    return _error(422, "ValidationError", _validation_message(exc.errors()))


async def _on_http_error(_request: Request, exc: Exception) -> JSONResponse:
    # 404, 405 ... in the API's one error shape
    assert isinstance(exc, StarletteHTTPException)
    kind = "".join(w.capitalize() for w in HTTPStatus(exc.status_code).phrase.split()) \
        if exc.status_code in HTTPStatus._value2member_map_ else "HTTPError"
    response = _error(exc.status_code, kind, str(exc.detail))
    if exc.headers:
        response.headers.update(exc.headers)
    return response


class ErrorBody(BaseModel):
    """Every error answer of the API."""

    error: str = Field(description="the kind of error: the library's exception (InvalidHand, NotWinning, "
                                   "NoYaku …), ValidationError, PayloadTooLarge, Overloaded …")
    detail: str = Field(description="what is wrong, naming the field, tile or meld at fault")


def _responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The error answers an operation can give, for the OpenAPI document."""
    why = {
        400: "not a possible hand, a bad argument, or a JSON body too deep or with too long a number",
        413: f"the request body is over {MAX_BODY_BYTES} bytes",
        422: "a possible hand that does not win, or a body that does not fit the schema",
        503: "the server is at its limit of requests at once (retry after the Retry-After seconds), "
             "or a rule engine is not installed",
    }
    return {s: {"model": ErrorBody, "description": why[s]} for s in statuses}


_BODY_ERRORS: Final = _responses(400, 413, 422, 503)
_QUERY_ERRORS: Final = _responses(400, 422, 503)


async def _on_unexpected(_request: Request, exc: Exception) -> JSONResponse:
    # A bug, not bad input: still a JSON answer and no traceback for the client.
    return _error(500, "InternalError", f"internal error ({type(exc).__name__}); please report the input")


# -- the answers: suanfan.web.engine's plain functions, which the page's in-browser engine calls too
_REQUEST_MODELS: dict[str, type[_Body]] = {"mcr": MCRRequest, "riichi": RiichiRequest}
for _system, _model in _REQUEST_MODELS.items():
    _defaults = {n: f.default for n, f in _model.model_fields.items() if n != "hand"}
    if _defaults != engine.FIELDS[_system]:
        raise AssertionError(f"the {_system} request's fields differ from suanfan.web.engine's")


async def _on_engine_unavailable(_request: Request, exc: Exception) -> JSONResponse:
    return _error(503, "EngineUnavailable", str(exc))


def _score(system: str, req: _Body) -> dict[str, Any]:
    return engine.score(system, req.model_dump())


def _analyze(req: AnalyzeRequest) -> dict[str, Any]:
    system = engine.analysis_system(req.system, req.rules)
    rules = req.rules if req.rules is not None else engine.DEFAULT_RULES[system]
    try:
        situation = _REQUEST_MODELS[system].model_validate(
            {"hand": req.hand, "rules": rules, **req.situation})
    except ValidationError as exc:
        raise BadRequest(_validation_message(exc.errors())) from None
    # Only what was given, as on the command line (the engines' defaults stand for the rest).
    return engine.analyze(req.hand, system, rules, situation.model_dump(exclude_unset=True), req.visible)


def _rules() -> dict[str, Any]:
    return engine.rules({system: {name: info.description or "" for name, info in model.model_fields.items()}
                         for system, model in _REQUEST_MODELS.items()})


# -- the application ------------------------------------------------------------------------------
_STATIC = resources.files("suanfan.web") / "static"
_SVG = "image/svg+xml"
_CACHE = {"Cache-Control": "public, max-age=86400"}


def create_app(tournament: str | None = None, site: str | None = None) -> FastAPI:
    """A new application (the module-level :data:`app` is one); ``tournament`` the tournament
    file of the /tournament pages (default: ``$SUANFAN_TOURNAMENT``); ``site`` a folder written
    by ``suanfan site`` served at / (default: ``$SUANFAN_SITE``): the page with its in-page
    engine, the API beside it."""
    if site is None:
        site = os.environ.get("SUANFAN_SITE") or None
    api = FastAPI(
        title="suanfan 算番",
        version=__version__,
        docs_url=None,  # served below, from local assets when swagger-ui-bundle is installed
        redoc_url=None,  # ReDoc loads its scripts and fonts from the internet: /docs is enough
        description=(
            "Score mahjong hands exactly by the rules: Chinese Official (MCR) and Japanese riichi. "
            "Hands use suanfan's notation, e.g. `[567m2][999s3]11p345s78s 6s`."
        ),
    )
    api.add_exception_handler(MahjongError, _on_mahjong_error)
    api.add_exception_handler(EngineUnavailable, _on_engine_unavailable)
    api.add_exception_handler(RequestValidationError, _on_validation_error)
    api.add_exception_handler(ValueError, _on_value_error)
    api.add_exception_handler(Exception, _on_unexpected)
    api.add_exception_handler(StarletteHTTPException, _on_http_error)
    api.add_middleware(Guard, max_body=MAX_BODY_BYTES, max_concurrent=_max_concurrent())

    @api.post("/api/mcr/score", tags=["score"], summary="Score a complete hand under MCR",
              responses=_BODY_ERRORS)
    def mcr_score(req: Annotated[MCRRequest, _example("mcr")]) -> dict[str, Any]:
        return _score("mcr", req)

    @api.post("/api/riichi/score", tags=["score"], summary="Score a complete hand under riichi",
              responses=_BODY_ERRORS)
    def riichi_score(req: Annotated[RiichiRequest, _example("riichi")]) -> dict[str, Any]:
        return _score("riichi", req)

    @api.post("/api/analyze", tags=["analysis"],
              summary="Shanten, and for a 13-tile hand each wait with what it would score",
              responses=_BODY_ERRORS)
    def analyze(req: Annotated[AnalyzeRequest, _example("analyze")]) -> dict[str, Any]:
        return _analyze(req)

    @api.post("/api/expected", tags=["analysis"],
              summary="Each discard's tenpai and win chances and expected score by turn (riichi)",
              responses=_BODY_ERRORS)
    def expected(req: Annotated[ExpectedRequest, _example("expected")]) -> dict[str, Any]:
        return _expected(req)

    @api.post("/api/parse", tags=["notation"], summary="Read a hand into its parts",
              responses=_BODY_ERRORS)
    def parse(req: Annotated[ParseRequest, _example("parse")]) -> dict[str, Any]:
        return engine.parse(req.hand)

    @api.get("/api/rules", tags=["rules"],
             summary="Rule systems, presets and situation fields", responses=_responses(503))
    def rules() -> dict[str, Any]:
        return _rules()

    @api.get("/api/riichi/points", tags=["rules"],
             summary="The han + fu -> points table of a riichi preset (dealer / non-dealer, ron / tsumo)",
             responses=_QUERY_ERRORS)
    def riichi_points(rules: str = Query("default", max_length=64)) -> dict[str, Any]:
        return engine.points_table(rules)

    @api.get("/api/riichi/dora", tags=["rules"],
             summary="What each dora indicator makes dora under a riichi preset",
             responses=_QUERY_ERRORS)
    def riichi_dora(indicators: str = Query(max_length=MAX_INPUT_LENGTH),
                    rules: str = Query("default", max_length=64)) -> dict[str, Any]:
        return engine.dora_tiles(indicators, rules)

    @api.get("/api/svg", tags=["pictures"], summary="A hand as an SVG picture",
             response_class=Response, responses={200: {"content": {_SVG: {}}}, **_QUERY_ERRORS})
    def svg_of_hand(hand: str = Query(max_length=MAX_INPUT_LENGTH),
                    height: float = Query(48, gt=0, le=400)) -> Response:
        return Response(engine.hand_picture(hand, height), media_type=_SVG)

    @api.get("/tiles/{name}.svg", tags=["pictures"], summary="One tile as an SVG picture",
             response_class=Response, responses={200: {"content": {_SVG: {}}}, **_QUERY_ERRORS})
    def svg_of_tile(name: str) -> Response:
        body = engine.tile_picture(name)
        return Response(body, media_type=_SVG, headers=_CACHE)

    # the page: the package's own (it asks the API), or a site written by `suanfan site` (its
    # page runs the engine itself); both at / with the service worker at the root (its scope is
    # the whole page; never cached, so that an update is seen)
    page: Any = _STATIC if site is None else Path(site)
    if site is not None and not (page / "engine.json").is_file():
        raise BadRequest(f"{site}: not a folder written by `suanfan site` (no engine.json)")

    @api.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(str(page / "index.html"), media_type="text/html")

    @api.get("/sw.js", include_in_schema=False)
    def service_worker() -> FileResponse:
        return FileResponse(str(page / "sw.js"), media_type="text/javascript",
                            headers={"Cache-Control": "no-cache"})

    @api.get("/manifest.webmanifest", include_in_schema=False)
    def manifest() -> FileResponse:
        return FileResponse(str(page / "manifest.webmanifest"), media_type="application/manifest+json")

    from .tournament import add_routes

    add_routes(api, tournament, ErrorBody)
    api.mount("/static", StaticFiles(directory=str(_STATIC)), name="static")
    _add_docs(api)
    if site is not None:
        # the site's own files (its page scripts, Pyodide, the wheel, icons) after every route
        # above; /static of the package stays for the tournament pages
        for sub in ("pyodide", "wheels", "icons"):
            api.mount(f"/{sub}", StaticFiles(directory=str(page / sub)), name=f"site-{sub}")

        @api.get("/engine.json", include_in_schema=False)
        def engine_json() -> FileResponse:
            return FileResponse(str(page / "engine.json"), media_type="application/json",
                                headers={"Cache-Control": "no-cache"})
    return api


def _swagger_assets() -> str | None:
    """The folder of Swagger UI's own files from the swagger-ui-bundle package (the `web`
    extra), so that /docs works without a network; None when it is not installed."""
    try:
        from swagger_ui_bundle import swagger_ui_path  # type: ignore[import-untyped]
    except ImportError:
        return None
    path = str(swagger_ui_path)
    return path if os.path.isfile(os.path.join(path, "swagger-ui-bundle.js")) else None


def _add_docs(api: FastAPI) -> None:
    """OpenAPI docs at /docs: Swagger UI from local files when available (players score at a
    table without a network), else from FastAPI's default CDN."""
    assets = _swagger_assets()
    title = f"{api.title} — API"
    openapi_url = api.openapi_url or "/openapi.json"
    if assets is not None:
        api.mount("/docs-assets", StaticFiles(directory=assets), name="docs-assets")

    @api.get("/docs", include_in_schema=False)
    def docs() -> HTMLResponse:
        if assets is None:
            return get_swagger_ui_html(openapi_url=openapi_url, title=title)
        return get_swagger_ui_html(
            openapi_url=openapi_url, title=title,
            swagger_js_url="/docs-assets/swagger-ui-bundle.js",
            swagger_css_url="/docs-assets/swagger-ui.css",
            swagger_favicon_url="/docs-assets/favicon-32x32.png",
        )


app = create_app()
