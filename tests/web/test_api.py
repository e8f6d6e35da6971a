"""The HTTP API with FastAPI's test client, against the real engines.

Every answer is compared with what the library itself says for the same input (the API must print
exactly the engine result's ``to_dict()``), and bad input must be a 4xx carrying the library's
own message — never a 500.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

fastapi = pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import suanfan  # noqa: E402
from suanfan import InvalidHand, MahjongError, NotWinning, parse_hand  # noqa: E402
from suanfan.web.app import MAX_BODY_BYTES, app  # noqa: E402

MCR_HAND = "[567m2][999s3]11p345s78s 6s"
RIICHI_HAND = "123m456p789s1122z 2z"
WAITING = "[123p1][345s2][999s3]67mEE"


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(app, raise_server_exceptions=False)


def _roundtrip(obj: Any) -> Any:
    return json.loads(json.dumps(obj))


def _library_error(fn: Any, *args: Any, **kwargs: Any) -> MahjongError:
    with pytest.raises(MahjongError) as info:
        fn(*args, **kwargs)
    return info.value


def _cli_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> Any:
    from suanfan.cli import main

    capsys.readouterr()
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


# -- scoring -------------------------------------------------------------------------------------
@pytest.mark.parametrize("situation", [
    {},
    {"self_drawn": True},
    {"self_drawn": True, "seat_wind": "S", "prevalent_wind": "W", "flowers": 3},
    {"flowers": "1258f", "last_of_kind": True},
])
def test_mcr_score_is_the_engine_result(client: TestClient, situation: dict[str, Any]) -> None:
    r = client.post("/api/mcr/score", json={"hand": MCR_HAND, **situation})
    assert r.status_code == 200, r.text
    expected = suanfan.mcr.score(MCR_HAND, **situation)
    d = r.json()
    settlement = d.pop("settlement")
    assert d == _roundtrip(expected.to_dict())
    # the seats are numbered by their winds: the winner sits at its seat wind by default
    w = expected.situation.seat_wind
    seats = (w, None) if expected.situation.self_drawn else (w, (w + 1) % 4)
    assert settlement["winner"] == w
    assert settlement["points"] == list(expected.settlement(*seats))
    assert r.json()["total"] == expected.total


@pytest.mark.parametrize(("body", "argv"), [
    ({"hand": MCR_HAND}, [MCR_HAND]),
    ({"hand": MCR_HAND, "self_drawn": True, "flowers": 2, "seat_wind": "N"},
     [MCR_HAND, "--self-drawn", "--flowers", "2", "--seat", "N"]),
    ({"hand": "123m456m789m12p55s 3p", "rules": "mcr-botzone"},
     ["123m456m789m12p55s 3p", "--rules", "mcr-botzone"]),
])
def test_mcr_score_is_the_cli_json(client: TestClient, capsys: pytest.CaptureFixture[str],
                                   body: dict[str, Any], argv: list[str]) -> None:
    r = client.post("/api/mcr/score", json=body)
    assert r.status_code == 200, r.text
    assert r.json() == _cli_json(["mcr", *argv, "--json"], capsys)


def test_mcr_settlement_seats(client: TestClient) -> None:
    d = client.post("/api/mcr/score", json={"hand": MCR_HAND, "winner": 2, "discarder": 0}).json()
    expected = suanfan.mcr.score(MCR_HAND).settlement(winner=2, discarder=0)
    assert d["settlement"] == {"winner": 2, "discarder": 0, "points": list(expected)}
    r = client.post("/api/mcr/score", json={"hand": MCR_HAND, "self_drawn": True, "discarder": 1})
    assert r.status_code == 400


def test_mcr_self_drawn_changes_the_total(client: TestClient) -> None:
    hand = "123m456m789m12p55s 3p"  # concealed: 门前清 on a discard, 不求人 when self-drawn
    a = client.post("/api/mcr/score", json={"hand": hand}).json()
    b = client.post("/api/mcr/score", json={"hand": hand, "self_drawn": True}).json()
    assert a["total"] == suanfan.mcr.score(hand).total
    assert b["total"] == suanfan.mcr.score(hand, self_drawn=True).total
    assert a["total"] != b["total"]


def test_mcr_presets_are_passed_on(client: TestClient) -> None:
    for preset in ("mcr", "mcr-botzone"):
        r = client.post("/api/mcr/score", json={"hand": MCR_HAND, "rules": preset})
        assert r.status_code == 200, r.text
        d = r.json()
        d.pop("settlement")
        assert d == _roundtrip(suanfan.mcr.score(MCR_HAND, rules=preset).to_dict())


@pytest.mark.parametrize("situation", [
    {"tsumo": True},
    {"riichi": True, "dora_indicators": "1z", "honba": 2, "riichi_sticks": 1},
    {"riichi": True, "ippatsu": True, "tsumo": True, "seat_wind": "S", "round_wind": "S"},
])
def test_riichi_score_is_the_engine_result(client: TestClient, situation: dict[str, Any]) -> None:
    r = client.post("/api/riichi/score", json={"hand": RIICHI_HAND, **situation})
    assert r.status_code == 200, r.text
    expected = suanfan.riichi.score(RIICHI_HAND, **situation)
    assert r.json() == _roundtrip(expected.to_dict())
    assert r.json()["payment"]["total"] == expected.payment.total


@pytest.mark.parametrize(("body", "argv"), [
    ({"hand": "234m406p678s2255s 5s", "tsumo": True, "riichi": True},
     ["234m406p678s2255s 5s", "--tsumo", "--riichi"]),
    ({"hand": "234m406p678s2255s 5s", "seat_wind": "S", "dora_indicators": "1s", "honba": 1,
      "riichi_sticks": 2, "rules": "tenhou"},
     ["234m406p678s2255s 5s", "--seat", "S", "--dora", "1s", "--honba", "1", "--sticks", "2",
      "--rules", "tenhou"]),
])
def test_riichi_score_is_the_cli_json(client: TestClient, capsys: pytest.CaptureFixture[str],
                                      body: dict[str, Any], argv: list[str]) -> None:
    r = client.post("/api/riichi/score", json=body)
    assert r.status_code == 200, r.text
    assert r.json() == _cli_json(["riichi", *argv, "--json"], capsys)


# -- analysis ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("body", "argv"), [
    ({"hand": WAITING, "rules": "mcr"}, [WAITING, "--rules", "mcr"]),
    ({"hand": WAITING, "situation": {"self_drawn": True}}, [WAITING, "--self-drawn"]),
    ({"hand": "123m456p789s11z23s", "system": "riichi", "situation": {"riichi": True, "tsumo": True}},
     ["123m456p789s11z23s", "--system", "riichi", "--riichi", "--tsumo"]),
    ({"hand": "123m456p789s11z2s9p", "system": "riichi"}, ["123m456p789s11z2s9p", "--system", "riichi"]),
    ({"hand": MCR_HAND}, [MCR_HAND]),
])
def test_analyze_is_the_cli_json(client: TestClient, capsys: pytest.CaptureFixture[str],
                                 body: dict[str, Any], argv: list[str]) -> None:
    r = client.post("/api/analyze", json=body)
    assert r.status_code == 200, r.text
    assert r.json() == _cli_json(["analyze", *argv, "--json"], capsys)


def test_analyze_waits_carry_the_engine_scores(client: TestClient) -> None:
    d = client.post("/api/analyze", json={"hand": WAITING}).json()
    assert d["system"] == "mcr" and d["shanten"] == suanfan.mcr.shanten(WAITING, minimum=None) == 0
    waits = suanfan.mcr.waits(WAITING)
    assert [w["tile"] for w in d["waits"]] == list(waits) == ["5m", "8m"]
    for w in d["waits"]:
        res = waits[w["tile"]]
        assert w["result"] == (None if res is None else _roundtrip(res.to_dict()))
        kind = suanfan.parse_tile(w["tile"])
        assert w["unseen"] == 4 - parse_hand(WAITING).counts[kind]


def test_analyze_visible_tiles_lower_the_unseen_count(client: TestClient) -> None:
    d = client.post("/api/analyze", json={"hand": WAITING, "visible": "5m5m8m"}).json()
    unseen = {w["tile"]: w["unseen"] for w in d["waits"]}
    assert unseen == {"5m": 2, "8m": 3}


def test_analyze_rejects_situation_of_the_other_system(client: TestClient) -> None:
    r = client.post("/api/analyze", json={"hand": WAITING, "system": "mcr",
                                          "situation": {"tsumo": True}})
    assert r.status_code == 400
    assert "tsumo" in r.json()["detail"]


# -- parse, rules, pictures, pages ----------------------------------------------------------------
def test_parse(client: TestClient) -> None:
    r = client.post("/api/parse", json={"hand": "[EEEE5][567m2]11p345s78s 6s 12f"})
    assert r.status_code == 200
    d = r.json()
    hand = parse_hand("[EEEE5][567m2]11p345s78s 6s 12f")
    assert d["hand"] == str(hand)
    assert d["winning_tile"] == "6s" and d["flowers"] == [1, 2]
    kong = next(m for m in d["melds"] if m["kind"] == "kong")
    assert kong["promoted"] and kong["source"] == 1 and kong["tiles"] == ["1z"] * 4


def test_rules_lists_the_engines_presets(client: TestClient) -> None:
    d = client.get("/api/rules").json()
    assert set(d["systems"]["riichi"]["presets"]) == set(suanfan.riichi.PRESETS)
    mcr_presets = set(d["systems"]["mcr"]["presets"])
    assert {"mcr", "mcr-botzone", "mcr-2006", "mcr-extended"} <= mcr_presets
    assert d["systems"]["mcr"]["available"] and d["systems"]["riichi"]["available"]
    assert "self_drawn" in d["systems"]["mcr"]["situation"]
    assert "dora_indicators" in d["systems"]["riichi"]["situation"]


def test_tile_and_hand_pictures(client: TestClient) -> None:
    r = client.get("/tiles/7z.svg")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    assert "中" in r.text
    assert client.get("/tiles/3f.svg").status_code == 200
    assert client.get("/tiles/back.svg").status_code == 200
    assert client.get("/tiles/0p.svg").status_code == 200
    bad = client.get("/tiles/9z.svg")
    assert bad.status_code == 400 and "9z" in bad.json()["detail"]
    r = client.get("/api/svg", params={"hand": MCR_HAND})
    assert r.status_code == 200 and r.text.startswith("<svg")


def test_page_docs_and_static_files(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    # relative addresses: the same page works at the root and in a static site's sub-folder
    assert '"static/app.js"' in page.text and '"static/style.css"' in page.text
    for name in ("app.js", "style.css"):
        assert client.get(f"/static/{name}").status_code == 200
    assert client.get("/docs").status_code == 200
    paths = client.get("/openapi.json").json()["paths"]
    for p in ("/api/mcr/score", "/api/riichi/score", "/api/analyze", "/api/rules"):
        assert p in paths


# -- bad input ------------------------------------------------------------------------------------
@pytest.mark.parametrize("endpoint", ["/api/mcr/score", "/api/riichi/score", "/api/analyze", "/api/parse"])
@pytest.mark.parametrize("hand", [
    "123m456p789s11z2", "123m456p789s11z2x", "[12m]3m456p789s1122z", "11111m234p567s88z",
])
def test_bad_notation_is_400_with_the_library_message(client: TestClient, endpoint: str, hand: str) -> None:
    r = client.post(endpoint, json={"hand": hand})
    assert r.status_code == 400, r.text
    exc = _library_error(parse_hand, hand)
    assert r.json() == {"error": type(exc).__name__, "detail": str(exc)}


def test_not_winning_is_422_with_the_library_message(client: TestClient) -> None:
    hand = "123m456p789s1357z 2z"
    r = client.post("/api/mcr/score", json={"hand": hand})
    assert r.status_code == 422
    exc = _library_error(suanfan.mcr.score, hand)
    assert isinstance(exc, NotWinning)
    assert r.json()["detail"] == str(exc)
    # riichi: complete but no yaku
    r = client.post("/api/riichi/score", json={"hand": RIICHI_HAND})
    assert r.status_code == 422 and r.json()["error"] == "NoYaku"
    assert r.json()["detail"] == str(_library_error(suanfan.riichi.score, RIICHI_HAND))


def test_thirteen_tiles_to_score_is_400_tile_missing(client: TestClient) -> None:
    r = client.post("/api/mcr/score", json={"hand": WAITING})
    assert r.status_code == 400
    exc = _library_error(suanfan.mcr.score, WAITING)
    assert isinstance(exc, InvalidHand)
    assert r.json() == {"error": type(exc).__name__, "detail": str(exc)}


def test_contradicting_situation_is_400(client: TestClient) -> None:
    body = {"hand": "123m456m789m12p55s 3p", "self_drawn": True, "kong": True}
    r = client.post("/api/mcr/score", json=body)
    assert r.status_code == 400
    exc = _library_error(suanfan.mcr.score, "123m456m789m12p55s 3p", self_drawn=True, kong=True)
    assert r.json()["detail"] == str(exc)


@pytest.mark.parametrize("body", [
    {"hand": MCR_HAND, "selfdrawn": True},          # a typo must not be ignored silently
    {"hand": MCR_HAND, "self_drawn": "perhaps"},
    {"hand": MCR_HAND, "seat_wind": "X"},
    {"hand": MCR_HAND, "flowers": True},            # a bool is not a flower count
    {"hand": 123},
    {},
    [MCR_HAND],
    {"hand": "1m" * 600},
])
def test_schema_violations_are_422(client: TestClient, body: Any) -> None:
    r = client.post("/api/mcr/score", json=body)
    assert r.status_code == 422, r.text
    assert r.json()["error"] == "ValidationError" and r.json()["detail"]


def test_unknown_preset_is_400(client: TestClient) -> None:
    r = client.post("/api/riichi/score", json={"hand": RIICHI_HAND, "tsumo": True, "rules": "nope"})
    assert r.status_code == 400 and "nope" in r.json()["detail"]
    r = client.post("/api/mcr/score", json={"hand": MCR_HAND, "rules": "nope"})
    assert r.status_code == 400 and "nope" in r.json()["detail"]


def test_malformed_json_is_422(client: TestClient) -> None:
    r = client.post("/api/mcr/score", content=b'{"hand": "123', headers={"content-type": "application/json"})
    assert r.status_code == 422


def test_large_bodies_are_refused(client: TestClient) -> None:
    big = json.dumps({"hand": MCR_HAND, "pad": "x" * MAX_BODY_BYTES})
    r = client.post("/api/mcr/score", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413

    def chunks() -> Any:  # no content-length: the stream itself is counted
        for _ in range(MAX_BODY_BYTES // 1000 + 2):
            yield b" " * 1000

    r = client.post("/api/mcr/score", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(hand=st.text(alphabet="0123456789mpszfESWNPFC[], ", max_size=40),
       system=st.sampled_from(["mcr", "riichi"]))
def test_random_input_never_gives_a_500(client: TestClient, hand: str, system: str) -> None:
    for path, body in ((f"/api/{system}/score", {"hand": hand}),
                       ("/api/analyze", {"hand": hand, "system": system})):
        r = client.post(path, json=body)
        assert r.status_code < 500, (path, hand, r.text)
        if r.status_code >= 400:
            assert set(r.json()) == {"error", "detail"}


def test_mcr_extended_flags_reach_the_engine(client: TestClient) -> None:
    """Seed 003's platform fans need their situation flags (天和 …) and flower tiles."""
    body = {"hand": "123m456p789s1122z 2z", "rules": "mcr-extended", "heavenly_hand": True,
            "flowers": "1234f"}
    res = client.post("/api/mcr/score", json=body)
    assert res.status_code == 200, res.text
    want = suanfan.mcr.score("123m456p789s1122z 2z", rules="mcr-extended", heavenly_hand=True,
                             flowers="1234f")
    assert res.json()["total"] == want.total
    names = {f["name_zh"] for f in res.json()["fans"]}
    assert {"天和", "梅兰竹菊"} <= names
    # 天和 is a self-drawn win: an explicit discard contradicts it (InvalidHand -> 400)
    bad = client.post("/api/mcr/score", json={**body, "self_drawn": False})
    assert bad.status_code == 400 and "天和" in bad.json()["detail"]
    # 八花聚顶 wins by itself
    eight = client.post("/api/mcr/score", json={"hand": "123m456p789s1234z 12345678f",
                                                   "rules": "mcr-extended"})
    assert eight.status_code == 200, eight.text
    assert eight.json()["total"] == 40


def test_docs_work_offline(client: TestClient) -> None:
    """Issue 7: OpenAPI docs at /docs. Swagger UI's files come from the swagger-ui-bundle
    package (the web extra), not from a CDN, so the docs work at a table without a network."""
    page = client.get("/docs")
    assert page.status_code == 200
    assert "/docs-assets/swagger-ui-bundle.js" in page.text
    assert "cdn." not in page.text
    js = client.get("/docs-assets/swagger-ui-bundle.js")
    assert js.status_code == 200 and len(js.content) > 100_000
    assert client.get("/docs-assets/swagger-ui.css").status_code == 200
    assert client.get("/openapi.json").json()["info"]["title"].startswith("suanfan")


def test_every_example_of_the_api_docs_answers_200(client: TestClient) -> None:
    # issue 15: "Try it out" failed with the prefilled example on 3 of 4 POST operations
    doc = client.get("/openapi.json").json()
    tried = 0
    for path, ops in doc["paths"].items():
        post = ops.get("post")
        if not post or path.startswith("/api/tournament"):
            continue  # they need a tournament file: tests/web/test_tournament_web.py tries them
        examples = post["requestBody"]["content"]["application/json"]["examples"]
        for example in examples.values():
            r = client.post(path, json=example["value"])
            assert r.status_code == 200, (path, r.json())
            tried += 1
    assert tried == 5  # score (2), analyze, expected, parse


@pytest.mark.parametrize("body", [
    {"hand": MCR_HAND, "self_drawn": "yes"},      # a flag is true or false
    {"hand": MCR_HAND, "self_drawn": 1},
    {"hand": MCR_HAND, "discarder": False},       # a seat is an int (schemathesis found this one)
    {"hand": RIICHI_HAND, "honba": True},
])
def test_the_request_fields_are_strict(client: TestClient, body: dict[str, Any]) -> None:
    path = "/api/riichi/score" if body["hand"] == RIICHI_HAND else "/api/mcr/score"
    r = client.post(path, json=body)
    assert r.status_code == 422 and r.json()["error"] == "ValidationError", r.json()


def test_redoc_is_gone_and_the_page_can_be_installed(client: TestClient) -> None:
    """Issue 15: /redoc loaded its scripts and fonts from the internet (blank offline): removed.
    The page has a web app manifest and a service worker at the root (its scope is the page)."""
    assert client.get("/redoc").status_code == 404
    sw = client.get("/sw.js")
    assert sw.status_code == 200 and sw.headers["content-type"].startswith("text/javascript")
    assert "caches" in sw.text and '"api/"' in sw.text  # the API is never answered from the cache
    manifest = client.get("/manifest.webmanifest")
    assert manifest.status_code == 200 and manifest.json()["start_url"] == "/"
    page = client.get("/").text
    assert 'rel="manifest"' in page and '"static/i18n.js"' in page


def test_rules_name_the_situation_flags_of_each_preset(client: TestClient) -> None:
    """The page's toggles: the flags each preset uses, from the rule systems' definitions."""
    from suanfan.mcr.situation import FLAGS
    from suanfan.riichi.situation import FLAGS as RIICHI_FLAGS

    systems = client.get("/api/rules").json()["systems"]
    mcr = systems["mcr"]["flags"]
    assert mcr["mcr"] == [f.name for f in FLAGS if not f.extended]
    assert mcr["mcr-extended"] == [f.name for f in FLAGS]
    riichi = systems["riichi"]["flags"]
    assert riichi["default"] == [f for f in RIICHI_FLAGS if f != "renhou"]  # renhou off
    assert riichi["wrc"] == list(RIICHI_FLAGS)
