"""``suanfan serve``: registered, serves the page and the API, and explains a missing extra."""

from __future__ import annotations

import importlib.util
import json
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from typing import Any

import pytest

from suanfan.cli import build_parser, main


def test_serve_is_listed_and_has_host_and_port(capsys: pytest.CaptureFixture[str]) -> None:
    parser = build_parser()
    args = parser.parse_args(["serve", "--host", "0.0.0.0", "--port", "9001"])
    assert (args.host, args.port) == ("0.0.0.0", 9001)
    defaults = parser.parse_args(["serve"])
    assert (defaults.host, defaults.port) == ("127.0.0.1", 8000)
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "serve" in capsys.readouterr().out


def test_missing_web_extra_is_one_line_and_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from suanfan.commands import web

    real = importlib.util.find_spec

    def find_spec(name: str, *args: Any) -> Any:
        return None if name in ("fastapi", "uvicorn") else real(name, *args)

    monkeypatch.setattr(web.importlib.util, "find_spec", find_spec)
    assert main(["serve"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "pip install 'suanfan[web]'" in err[0]


def _get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def test_serve_runs_the_app() -> None:
    pytest.importorskip("uvicorn")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "suanfan", "serve", "--port", str(port)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                status, body = _get(base + "/api/rules")
                break
            except (urllib.error.URLError, ConnectionError):
                if proc.poll() is not None:
                    pytest.fail("suanfan serve exited: " + proc.stderr.read().decode())  # type: ignore[union-attr]
                if time.monotonic() > deadline:
                    pytest.fail("suanfan serve did not answer within 30 s")
                time.sleep(0.1)
        assert status == 200 and "mcr" in json.loads(body)["systems"]
        status, body = _get(base + "/")
        assert status == 200 and b'"static/app.js"' in body
        req = urllib.request.Request(base + "/api/mcr/score", data=b'{"hand": "123m"}',
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=5)
            raise AssertionError("a bad hand was accepted")
        except urllib.error.HTTPError as e:
            assert e.code == 400
            assert json.loads(e.read())["error"] == "InvalidHand"
    finally:
        proc.terminate()
        proc.wait(timeout=10)
