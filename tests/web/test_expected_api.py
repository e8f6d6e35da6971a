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


MCR_BODY: dict[str, Any] = {"hand": "234m567p345s678s7z", "system": "mcr", "turn": 16,
                            "shanten_down": False, "tegawari": False}


def test_mcr_answer_is_the_library_s(client: TestClient) -> None:
    r = client.post("/api/expected", json=MCR_BODY)
    assert r.status_code == 200, r.text
    ev = expected_values(MCR_BODY["hand"], "mcr", turn=16, shanten_down=False, tegawari=False)
    assert r.json() == json.loads(json.dumps(ev.to_dict()))
    assert r.json()["system"] == "mcr" and r.json()["options"][0]["combinations"]


def test_table_model_and_visible(client: TestClient) -> None:
    body = {"hand": "123456789m1234p5z", "turn": 17, "model": "table", "visible": "144p",
            "seat_wind": "S", "shanten_down": False, "tegawari": False}
    r = client.post("/api/expected", json=body)
    assert r.status_code == 200, r.text
    five = next(o for o in r.json()["options"] if o["discard"] == "5z")
    assert five["useful_unseen"] == 3 and five["riichi"] is False


@pytest.mark.parametrize("body", [
    {**MCR_BODY, "dora_indicators": "1m"},
    {**MCR_BODY, "system": "go"},
    {**MCR_BODY, "rules": "tenhou"},
    {**BODY, "minimum": 16},
    {**BODY, "visible": "1111z"},
    {**BODY, "model": "river"},
])
def test_bad_mcr_and_model_requests(client: TestClient, body: dict[str, Any]) -> None:
    r = client.post("/api/expected", json=body)
    assert r.status_code in (400, 422), r.text
    assert r.json()["error"] and r.json()["detail"]


def test_mcr_through_the_real_server_process() -> None:
    # a real ``suanfan serve`` process, bounded as riichi (SUANFAN_EXPECTED_SECONDS)
    pytest.importorskip("uvicorn")
    import os
    import signal
    import socket
    import subprocess
    import sys
    import time
    import urllib.error
    import urllib.request

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    env = {**os.environ, "SUANFAN_EXPECTED_SECONDS": "0.2"}
    proc = subprocess.Popen([sys.executable, "-m", "suanfan", "serve", "--port", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)

    def post(body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        req = urllib.request.Request(f"http://127.0.0.1:{port}/api/expected",
                                     data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read())

    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/rules", timeout=5).read()
                break
            except (urllib.error.URLError, ConnectionError):
                assert proc.poll() is None and time.monotonic() < deadline, "serve did not start"
                time.sleep(0.1)
        code, got = post(MCR_BODY)
        assert code == 200 and got["system"] == "mcr"
        ev = expected_values(MCR_BODY["hand"], "mcr", turn=16, shanten_down=False, tegawari=False)
        assert got == json.loads(json.dumps(ev.to_dict()))
        # a big MCR search meets the server's time bound: a clear 422, not a 500
        code, got = post({"hand": "12478m3469p268s14z", "system": "mcr"})
        assert code == 422 and got["error"] == "LimitExceeded"
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)
