"""The calculator's answers as plain functions, without FastAPI or pydantic.

The HTTP API's handlers (:mod:`suanfan.web.app`) and the page's in-browser engine (this package
under Pyodide in a Web Worker, ``static/worker.js``) call the same functions, so that the page and
the API give the same answers: :func:`score`, :func:`analyze`, :func:`parse`, :func:`rules`,
:func:`hand_picture` and :func:`tile_picture`. :func:`answer` is the worker's one entry point: an
API path and its JSON body in, ``{"status": ..., "body": ...}`` out, the body being what the HTTP
API answers (its error shape ``{"error": ..., "detail": ...}`` included).

The request fields and their defaults are the API's (:data:`MCR_FIELDS`, :data:`RIICHI_FIELDS`);
``suanfan.web.app`` checks at import that its pydantic models have exactly these.
"""

from __future__ import annotations

import importlib
import json
import os
from typing import Any, Final

from .. import __version__
from ..errors import InvalidArgument, InvalidHand, LimitExceeded, MahjongError, NotWinning, describe
from ..hand import Hand
from ..notation import format_hand, parse_hand, parse_tile, parse_tiles
from ..svg import back_svg, flower_svg, hand_svg, tile_svg
from ..tiles import tile_to_str

__all__ = [
    "ANALYZE_FIELDS", "DEFAULT_RULES", "EXPECTED_FIELDS", "MCR_FIELDS", "RIICHI_FIELDS", "BadRequest",
    "EngineUnavailable",
    "analyze", "answer", "dora_tiles", "expected", "hand_dict", "hand_picture", "parse", "points_table",
    "rules", "score", "status_of", "tile_picture",
]

#: the fields of a score request of each system with their defaults (``hand`` has none)
MCR_FIELDS: Final[dict[str, Any]] = {
    "self_drawn": None, "last_tile_of_wall": False, "kong": False, "last_of_kind": False,
    "seat_wind": "E", "prevalent_wind": "E", "flowers": 0, "rules": "mcr",
    "heavenly_hand": False, "earthly_hand": False, "human_hand": False, "heavenly_ready": False,
    "earthly_ready": False, "declared_ready": False, "declared_ready_first_round": False,
    "winner": None, "discarder": None,
}
RIICHI_FIELDS: Final[dict[str, Any]] = {
    "tsumo": False, "riichi": False, "double_riichi": False, "ippatsu": False, "rinshan": False,
    "chankan": False, "haitei": False, "houtei": False, "tenhou": False, "chiihou": False,
    "renhou": False, "seat_wind": "E", "round_wind": "E", "dora_indicators": "",
    "ura_dora_indicators": "", "honba": 0, "riichi_sticks": 0, "nuki": 0, "rules": "default",
}
#: the fields of an expected-value request with their defaults (``hand`` has none)
EXPECTED_FIELDS: Final[dict[str, Any]] = {
    "turn": 1, "shanten_down": True, "tegawari": True, "details": True, "seat_wind": "E",
    "round_wind": "E", "dora_indicators": "", "honba": 0, "riichi_sticks": 0, "rules": None,
    "system": "riichi", "model": "reference", "visible": "", "minimum": 8,
}
#: the riichi-only fields of an expected-value request (an MCR request leaves them at default)
_EXPECTED_RIICHI_ONLY: Final = ("dora_indicators", "honba", "riichi_sticks", "details")
#: the bounds of one expected-value search (the HTTP API's; the page's worker can be cancelled)
EXPECTED_MAX_SECONDS: Final = float(os.environ.get("SUANFAN_EXPECTED_SECONDS", "10"))
EXPECTED_MAX_STATES: Final = 400_000
#: the fields of an analysis request with their defaults
ANALYZE_FIELDS: Final[dict[str, Any]] = {"system": None, "rules": None, "situation": {}, "visible": ""}
FIELDS: Final[dict[str, dict[str, Any]]] = {"mcr": MCR_FIELDS, "riichi": RIICHI_FIELDS}
DEFAULT_RULES: Final[dict[str, str]] = {"mcr": "mcr", "riichi": "default"}
#: what the specification names; the engine's own list wins when it has one
SPEC_PRESETS: Final[dict[str, tuple[str, ...]]] = {
    "mcr": ("mcr", "mcr-botzone", "mcr-2006", "mcr-ema", "mcr-extended"),
    "riichi": ("default",),
}


class BadRequest(MahjongError):
    """A request the library cannot serve (an unknown preset, a situation field of the wrong system)."""


class EngineUnavailable(Exception):
    """The rule system's engine is not installed or incomplete (answered with 503)."""


def status_of(exc: MahjongError) -> int:
    """The HTTP status of a library error: a possible hand that does not win is 422, anything
    that is not a possible hand 400; tournament: a conflict 409, no tournament file 404."""
    try:
        from ..tournament import EntryConflict
    except ImportError:  # the in-browser engine has no sqlite3: no tournament there
        pass
    else:
        if isinstance(exc, EntryConflict):
            return 409
    if type(exc).__name__ == "NoTournament":
        return 404
    if isinstance(exc, NotWinning) and not isinstance(exc, InvalidHand):
        return 422
    if isinstance(exc, LimitExceeded):  # a search over the server's bounds
        return 422
    return 400


# -- the engines (imported on first use) ---------------------------------------------------------
def engine(system: str, need: str = "score") -> Any:
    try:
        module = importlib.import_module(f"suanfan.{system}")
    except ImportError as exc:
        raise EngineUnavailable(f"the {system} engine is not available ({exc})") from None
    if not callable(getattr(module, need, None)):
        raise EngineUnavailable(f"the {system} engine is not available (no {need}())")
    return module


def _call(system: str, name: str, *args: Any, **kwargs: Any) -> Any:
    """Call an engine function; a part of the engine that has not landed is a 503, not a 500."""
    fn = getattr(engine(system, name), name)
    try:
        return fn(*args, **kwargs)
    except ImportError as exc:
        raise EngineUnavailable(f"the {system} engine is not available ({exc})") from None


def engine_presets(system: str) -> tuple[str, ...] | None:
    """The preset names the engine knows, when it lists them."""
    try:
        eng = engine(system)
    except EngineUnavailable:
        return None
    for attr in ("PRESETS", "presets", "preset_names"):
        obj = getattr(eng, attr, None)
        if obj is None:
            continue
        if callable(obj) and not isinstance(obj, type):
            try:
                obj = obj()
            except TypeError:
                continue
        if isinstance(obj, dict):
            return tuple(str(k) for k in obj)
        if isinstance(obj, list | tuple | set | frozenset):
            return tuple(str(k) for k in obj)
    return None


def check_rules(system: str, rules: str) -> None:
    known = engine_presets(system)
    if known is not None and rules not in known:
        raise BadRequest(f"unknown {system} preset {rules!r}: one of {', '.join(known)}")


def _result_dict(result: Any) -> Any:
    if result is None:
        return None
    to_dict = getattr(result, "to_dict", None)
    return to_dict() if callable(to_dict) else result


# -- the answers ----------------------------------------------------------------------------------
def score(system: str, request: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/{system}/score``: ``request`` has ``hand`` and every field of
    :data:`MCR_FIELDS` / :data:`RIICHI_FIELDS` (the defaults filled in)."""
    from ..batch import mcr_json

    kwargs = dict(request)
    hand = parse_hand(kwargs.pop("hand"))
    check_rules(system, kwargs["rules"])
    if system != "mcr":
        out = _result_dict(_call(system, "score", hand, **kwargs))
        assert isinstance(out, dict)
        return out
    # MCR: as `suanfan mcr --json`, the result with the settlement of the four seats.
    winner, discarder = kwargs.pop("winner"), kwargs.pop("discarder")
    return mcr_json(_call(system, "score", hand, **kwargs), winner, discarder)


def analysis_system(system: str | None, rules: str | None) -> str:
    """The rule system of an analysis: by default MCR unless ``rules`` names a riichi preset."""
    if system is not None:
        return system
    return "riichi" if rules is not None and not rules.startswith("mcr") else "mcr"


def analyze(hand_text: str, system: str, rules: str, situation: dict[str, Any],
            visible: str = "") -> dict[str, Any]:
    """``POST /api/analyze`` (what ``suanfan analyze --json`` prints): for 13 tiles the wait
    table, for 14 tiles discard advice. ``situation``: only the fields given, checked."""
    sit = dict(situation)
    for name in ("hand", "winner", "discarder"):
        if name in sit:
            if name != "hand":
                raise BadRequest(f"{name} is for the settlement of a score, not for analysis")
            del sit[name]
    sit["rules"] = rules
    hand = parse_hand(hand_text)
    check_rules(system, rules)
    try:
        from .. import analysis
    except ImportError as exc:  # pragma: no cover - the analysis package ships with suanfan
        raise EngineUnavailable(f"the analysis engine is not available ({exc})") from None
    try:
        return analysis.report(hand, system, visible=visible or None, **sit)
    except ImportError as exc:
        raise EngineUnavailable(f"the {system} engine is not available ({exc})") from None


def expected(request: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/expected`` (what ``suanfan analyze --expected --json`` prints), within
    :data:`EXPECTED_MAX_SECONDS` and :data:`EXPECTED_MAX_STATES` (beyond: ``LimitExceeded``)."""
    system = request["system"]
    if system not in ("riichi", "mcr"):
        raise InvalidArgument(f"system={describe(system)}: give 'riichi' or 'mcr'")
    rules = request["rules"] if request["rules"] is not None else DEFAULT_RULES[system]
    check_rules(system, rules)
    try:
        from .. import analysis
    except ImportError as exc:  # pragma: no cover - the analysis package ships with suanfan
        raise EngineUnavailable(f"the analysis engine is not available ({exc})") from None
    common = {"turn": request["turn"], "shanten_down": request["shanten_down"],
              "tegawari": request["tegawari"], "model": request["model"],
              "visible": request["visible"] or None, "seat_wind": request["seat_wind"],
              "rules": rules}
    if system == "mcr":
        for name in _EXPECTED_RIICHI_ONLY:
            if request[name] != EXPECTED_FIELDS[name]:
                raise InvalidArgument(f"{name} is a riichi field; this is an MCR request")
        ev = analysis.expected_values(request["hand"], "mcr", max_seconds=EXPECTED_MAX_SECONDS,
                                      max_states=EXPECTED_MAX_STATES,
                                      prevalent_wind=request["round_wind"],
                                      minimum=request["minimum"], **common)
        return ev.to_dict()
    if request["minimum"] != EXPECTED_FIELDS["minimum"]:
        raise InvalidArgument("minimum is an MCR field; this is a riichi request")
    ev = analysis.expected_values(request["hand"], "riichi", max_seconds=EXPECTED_MAX_SECONDS,
                                  max_states=EXPECTED_MAX_STATES, round_wind=request["round_wind"],
                                  dora_indicators=request["dora_indicators"],
                                  honba=request["honba"], riichi_sticks=request["riichi_sticks"],
                                  details=request["details"], **common)
    return ev.to_dict()


def parse(hand_text: str) -> dict[str, Any]:
    """``POST /api/parse``."""
    return hand_dict(parse_hand(hand_text))


def hand_dict(hand: Hand) -> dict[str, Any]:
    """A hand read into its parts, JSON-ready (what ``POST /api/parse`` answers)."""
    return {
        "hand": str(hand),
        "letters": format_hand(hand, "letters"),
        "complete": hand.is_complete,
        "melds": [
            {
                "text": str(m),
                "kind": m.kind.value,
                "tiles": [tile_to_str(t) for t in m.tiles],
                "source": m.source,
                "concealed": m.concealed,
                "promoted": m.promoted,
            }
            for m in hand.melds
        ],
        "concealed": [tile_to_str(t) for t in hand.concealed],
        "winning_tile": None if hand.winning_tile is None else tile_to_str(hand.winning_tile),
        "flowers": list(hand.flowers),
    }


def preset_flags(system: str) -> dict[str, list[str]]:
    """The situation flags each preset of a rule system uses (for the page's toggles): from the
    rule system's own situation definition, so a flag added there shows up on the page."""
    try:
        eng = engine(system)
    except EngineUnavailable:
        return {}
    if system == "mcr":
        from ..mcr.fans import FAN_BY_ID
        from ..mcr.situation import FLAGS as flags

        return {name: [f.name for f in flags
                       if not f.extended or (f.name in FAN_BY_ID and rules.enabled(f.name))]
                for name, rules in eng.PRESETS.items()}
    from ..riichi.situation import FLAGS as riichi_flags

    return {name: [f for f in riichi_flags if f != "renhou" or rules.renhou != "off"]
            for name, rules in eng.PRESETS.items()}


def field_help() -> dict[str, dict[str, str]]:
    """The description of each situation field (what the API's schema says of it)."""
    from ..mcr.situation import FLAGS as mcr_flags

    mcr = {f.name: f.help + (" (mcr-extended, seed 003)" if f.extended else "") for f in mcr_flags}
    mcr["self_drawn"] += " (unset: not stated; 天和/地和/八花聚顶 imply it)"
    mcr.update({"seat_wind": "门风", "prevalent_wind": "圈风",
                "flowers": "a count 0-8 or flower tiles such as '1258f'"})
    riichi = {"dora_indicators": "tiles, e.g. '3m7z'", "nuki": "North tiles set aside (three-player)"}
    return {"mcr": mcr, "riichi": riichi}


def rules(descriptions: dict[str, dict[str, str]] | None = None) -> dict[str, Any]:
    """``GET /api/rules``: the rule systems, their presets and situation fields
    (``descriptions``: each field's text, by default :func:`field_help`)."""
    helps = field_help() if descriptions is None else descriptions
    systems: dict[str, Any] = {}
    for system, defaults in FIELDS.items():
        known = engine_presets(system)
        fields = {name: {"default": default, "description": helps[system].get(name, "")}
                  for name, default in defaults.items()
                  if name not in ("hand", "rules", "winner", "discarder")}
        try:
            engine(system)
            available = True
        except EngineUnavailable:
            available = False
        systems[system] = {
            "available": available,
            "default": DEFAULT_RULES[system],
            "presets": list(known if known is not None else SPEC_PRESETS[system]),
            "situation": fields,
            "flags": preset_flags(system),
        }
    return {"version": __version__, "systems": systems, "winds": ["E", "S", "W", "N"]}


#: the fu columns of the riichi points table (25: seven pairs; 20: a self-drawn pinfu)
POINTS_FU: Final = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
#: the limit rows of the riichi points table: (the han shown, the han scored with)
POINTS_LIMITS: Final = (("5", 5), ("6–7", 6), ("8–10", 8), ("11–12", 11), ("13+", 13))


def _riichi_rules(rules_name: str) -> Any:
    check_rules("riichi", rules_name)
    return _call("riichi", "get_rules", rules_name)


def _points_cell(han: int, fu: int, yakuman: int, rules: Any) -> dict[str, Any]:
    """What a hand of ``han`` and ``fu`` is paid, by the engine's own payment table
    (:func:`suanfan.riichi.points.payment`): the dealer and a non-dealer, on ron and on tsumo."""
    from ..riichi.points import base_points, payment

    base, limit = base_points(han, fu, yakuman, rules)
    d_ron = payment(base, True, False, 0, 0, rules)
    d_tsumo = payment(base, True, True, 0, 0, rules)
    n_ron = payment(base, False, False, 0, 0, rules)
    n_tsumo = payment(base, False, True, 0, 0, rules)
    # which of the four can happen (RIICHI.md, "Fu and points"): 20 fu only as a self-drawn
    # pinfu (pinfu and tsumo: 2 han at least; not at all without pinfu on a tsumo); 25 fu only as
    # seven pairs (2 han at least, 3 on a tsumo); a closed ron is at least 30 fu
    ron_ok = fu != 20 and (fu != 25 or han >= 2)
    tsumo_ok = (fu != 20 or (han >= 2 and bool(rules.pinfu_tsumo))) and (fu != 25 or han >= 3)
    if yakuman or fu == 0:
        ron_ok = tsumo_ok = True
    return {
        "base": base, "limit": limit,
        "dealer": {"ron": d_ron.ron if ron_ok else None,
                   "tsumo": d_tsumo.non_dealer if tsumo_ok else None,
                   "tsumo_total": d_tsumo.value if tsumo_ok else None},
        "non_dealer": {"ron": n_ron.ron if ron_ok else None,
                       "tsumo_dealer": n_tsumo.dealer if tsumo_ok else None,
                       "tsumo_other": n_tsumo.non_dealer if tsumo_ok else None,
                       "tsumo_total": n_tsumo.value if tsumo_ok else None},
    }


def points_table(rules_name: str = "default") -> dict[str, Any]:
    """``GET /api/riichi/points``: the han + fu → points table of a riichi preset, each cell
    computed by the engine's payment rules (no honba, no sticks). ``rows``: 1 to 4 han, one cell
    per fu of ``fu`` (``None`` where the payment cannot happen, e.g. 20 fu on a ron); ``limits``:
    mangan to yakuman."""
    rules = _riichi_rules(rules_name)
    rows = [{"han": han, "cells": [_points_cell(han, fu, 0, rules) for fu in POINTS_FU]}
            for han in range(1, 5)]
    limits = [{"han": shown, **_points_cell(han, 0, 1 if han >= 13 else 0, rules)}
              for shown, han in POINTS_LIMITS]
    if rules.kazoe != "yakuman":  # 13 han of ordinary yaku: the yakuman row is the yakuman's
        limits[-1] = {"han": "yakuman", **_points_cell(13, 0, 1, rules)}
    return {"rules": rules_name, "sanma": bool(rules.sanma), "fu": list(POINTS_FU), "rows": rows,
            "limits": limits}


def dora_tiles(indicators: str, rules_name: str = "default") -> dict[str, Any]:
    """``GET /api/riichi/dora``: what each indicator tile makes dora under a preset
    (:func:`suanfan.riichi.dora_of_indicator`; three-player rules skip 2m–8m)."""
    from ..tiles import KIND

    rules = _riichi_rules(rules_name)
    try:
        tiles = parse_tiles(indicators) if indicators.strip() else []
    except MahjongError as exc:
        raise InvalidArgument(f"indicators: {exc}") from None
    dora_of = engine("riichi", "dora_of_indicator").dora_of_indicator
    return {"dora": [{"indicator": tile_to_str(t), "dora": tile_to_str(KIND[dora_of(t, bool(rules.sanma))])}
                     for t in tiles]}


def hand_picture(hand_text: str, height: float = 48) -> str:
    """``GET /api/svg``: a hand as an SVG picture."""
    return hand_svg(parse_hand(hand_text), height=height)


def tile_picture(name: str) -> str:
    """``GET /tiles/{name}.svg``: one tile (``back``, a flower ``1f``..``8f``, or any tile)."""
    if name == "back":
        return back_svg()
    if len(name) == 2 and name[1] == "f" and name[0] in "12345678":
        return flower_svg(int(name[0]))
    return tile_svg(parse_tile(name[:16]))


# -- the worker's entry point ----------------------------------------------------------------------
def _checked(body: object, defaults: dict[str, Any], required: tuple[str, ...]) -> dict[str, Any]:
    """``body`` with the defaults filled in; an unknown or missing field is refused as the API's
    schema refuses it."""
    if not isinstance(body, dict):
        raise BadRequest("the request body is a JSON object")
    extra = [k for k in body if k not in defaults and k not in required]
    if extra:
        raise BadRequest("; ".join(f"{k}: Extra inputs are not permitted" for k in extra))
    missing = [k for k in required if k not in body]
    if missing:
        raise BadRequest("; ".join(f"{k}: Field required" for k in missing))
    out = dict(defaults)
    out.update(body)
    return out


def _answer(path: str, body: Any) -> Any:
    if path in ("/api/mcr/score", "/api/riichi/score"):
        system = path.split("/")[2]
        return score(system, _checked(body, FIELDS[system], ("hand",)))
    if path == "/api/analyze":
        req = _checked(body, ANALYZE_FIELDS, ("hand",))
        system = analysis_system(req["system"], req["rules"])
        if system not in FIELDS:
            raise BadRequest(f"system: Input should be 'mcr' or 'riichi', not {system!r}")
        rules_name = req["rules"] if req["rules"] is not None else DEFAULT_RULES[system]
        sit = req["situation"]
        _checked({"hand": req["hand"], **sit}, FIELDS[system], ("hand",))
        return analyze(req["hand"], system, rules_name, sit, req["visible"])
    if path == "/api/expected":
        return expected(_checked(body, EXPECTED_FIELDS, ("hand",)))
    if path == "/api/parse":
        return parse(_checked(body, {}, ("hand",))["hand"])
    if path == "/api/rules":
        return rules()
    if path == "/api/riichi/points":
        return points_table(_checked(body if body is not None else {}, {"rules": "default"}, ())["rules"])
    if path == "/api/riichi/dora":
        req = _checked(body, {"rules": "default"}, ("indicators",))
        return dora_tiles(str(req["indicators"]), str(req["rules"]))
    if path == "/api/svg":
        req = _checked(body, {"height": 48}, ("hand",))
        return hand_picture(req["hand"], float(req["height"]))
    raise BadRequest(f"no such operation {path!r}")


def answer(path: str, body_json: str = "null") -> str:
    """The page's in-browser engine: what the HTTP API answers ``path`` with ``body_json``, as
    JSON ``{"status": <HTTP status>, "body": <the answer>}``; an SVG answer is a string."""
    try:
        status, out = 200, _answer(path, json.loads(body_json))
    except MahjongError as exc:
        status, out = status_of(exc), {"error": type(exc).__name__, "detail": str(exc)}
    except EngineUnavailable as exc:
        status, out = 503, {"error": "EngineUnavailable", "detail": str(exc)}
    except (ValueError, TypeError) as exc:
        status, out = 400, {"error": "InvalidRequest", "detail": str(exc) or type(exc).__name__}
    return json.dumps({"status": status, "body": out}, ensure_ascii=False)
