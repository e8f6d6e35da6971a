"""``POST /api/expected``: the expected values of a riichi hand's discards, bounded in time and size."""

from __future__ import annotations

import json
from typing import Any

import pytest

fastapi = pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from suanfan.analysis import expected_values  # noqa: E402
from suanfan.web import app as web  # noqa: E402
from suanfan.web import engine  # noqa: E402

BODY: dict[str, Any] = {"hand": "127m123567p4678s1z", "dora_indicators": "6p", "shanten_down": False,
                        "tegawari": False}


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(web.app, raise_server_exceptions=False)


def test_answer_is_the_library_s(client: TestClient) -> None:
    r = client.post("/api/expected", json=BODY)
    assert r.status_code == 200, r.text
    got = r.json()
    ev = expected_values(BODY["hand"], "riichi", dora_indicators="6p", shanten_down=False,
                         tegawari=False)
    assert got == json.loads(json.dumps(ev.to_dict()))
    assert [o["discard"] for o in got["options"]] == ["7m", "4s", "1z"]


def test_over_the_limit_is_a_clear_422(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine, "EXPECTED_MAX_STATES", 50)
    r = client.post("/api/expected", json={**BODY, "tegawari": True, "shanten_down": True})
    assert r.status_code == 422
    assert r.json()["error"] == "LimitExceeded"
    assert "50 states" in r.json()["detail"]


@pytest.mark.parametrize("body", [
    {**BODY, "turn": 19},
    {**BODY, "hand": "127m123567p46s1z"},
    {**BODY, "rules": "no-such-preset"},
    {**BODY, "hand": "[123m]567p4678s11z 1z"},
])
def test_bad_requests(client: TestClient, body: dict[str, Any]) -> None:
    r = client.post("/api/expected", json=body)
    assert r.status_code in (400, 422)
    assert "detail" in r.json() and r.json()["error"]
