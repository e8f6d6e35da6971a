"""`suanfan site` and the engine the page runs (suanfan.web.engine), without a browser.

The browser half (the site served, offline, 200 hands) is tests/web/test_site_offline.py.
"""

from __future__ import annotations

import json
import os
import random
import re
import struct
import subprocess
import sys
import zipfile
import zlib
from pathlib import Path
from typing import Any

import pytest

from suanfan.errors import MahjongError
from suanfan.mcr.generate import random_hand
from suanfan.web import engine
from suanfan.web.site import PYODIDE_FILES, build_site, icon_png


def _fake_pyodide(tmp: Path, version: str = "314.0.8") -> Path:
    d = tmp / "pyodide"
    d.mkdir()
    for name in (*PYODIDE_FILES, "pyodide.asm.mjs", "pyodide.js", "console.html"):
        (d / name).write_bytes(b"x" * 10)
    (d / "package.json").write_text(json.dumps({"version": version}))
    return d


def test_the_engine_answers_as_the_http_api(tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from suanfan.web.app import app

    client = TestClient(app)
    rng = random.Random(7)
    requests: list[tuple[str, Any]] = []
    for _ in range(20):
        hand, sit = random_hand(rng)
        requests.append(("/api/mcr/score", {"hand": str(hand), **sit}))
    requests += [
        ("/api/riichi/score", {"hand": "123m456p789s1122z 2z", "tsumo": True, "dora_indicators": "1z"}),
        ("/api/riichi/score", {"hand": "123m456p789s1122z 2z"}),  # no yaku: 422
        ("/api/mcr/score", {"hand": "123m"}),  # not a hand: 400
        ("/api/mcr/score", {"hand": "123m456p789s1122z 2z", "colour": "red"}),  # unknown field
        ("/api/mcr/score", {"hand": "[111z1]1234556789m 5m", "rules": "nope"}),  # unknown preset
        ("/api/analyze", {"hand": "[123p1][345s2][999s3]67mEE", "system": "mcr",
                          "situation": {"seat_wind": "S"}}),
        ("/api/analyze", {"hand": "123m456p789s1122z", "rules": "default", "situation": {"riichi": True}}),
        ("/api/analyze", {"hand": "123m456p789s1122z", "system": "mcr", "situation": {"winner": 1}}),
        ("/api/parse", {"hand": "[567m2][999s3]11p345s78s 6s"}),
    ]
    for path, body in requests:
        got = json.loads(engine.answer(path, json.dumps(body)))
        res = client.post(path, json=body)
        if res.status_code == 422 and res.json()["error"] == "ValidationError":
            # the schema's refusal: the engine refuses too, naming the same field
            assert got["status"] == 400 and "colour" in got["body"]["detail"], (path, body)
            continue
        assert (got["status"], got["body"]) == (res.status_code, res.json()), (path, body)
    assert json.loads(engine.answer("/api/rules"))["body"] == client.get("/api/rules").json()
    pic = {"hand": "123m456p789s1122z 2z", "height": 64}
    svg = json.loads(engine.answer("/api/svg", json.dumps(pic)))["body"]
    assert svg == client.get("/api/svg", params=pic).text


def test_a_site_holds_the_page_its_engine_and_a_precaching_worker(tmp_path: Path) -> None:
    pyodide = _fake_pyodide(tmp_path)
    out = tmp_path / "site"
    report = build_site(out, pyodide)
    assert (out / "index.html").is_file() and (out / "static" / "worker.js").is_file()
    # only the Pyodide files the engine loads, not the rest of the distribution
    assert sorted(p.name for p in (out / "pyodide").iterdir()) == sorted({*PYODIDE_FILES, "pyodide.asm.mjs"})
    info = json.loads((out / "engine.json").read_text())
    assert info["pyodide_version"] == "314.0.8"
    wheel = out / info["wheel"]
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
    assert "suanfan/web/engine.py" in names and "suanfan/mcr/__init__.py" in names
    assert not [n for n in names if n.endswith((".so", ".pyc"))]
    sw = (out / "sw.js").read_text()
    precache = json.loads(_line(sw, "PRECACHE"))
    listed = {"index.html" if k == "./" else k for k in precache}
    on_disk = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()} - {"sw.js"}
    assert listed == on_disk == set(report.files) - {"sw.js"}
    manifest = json.loads((out / "manifest.webmanifest").read_text())
    assert {i["sizes"] for i in manifest["icons"]} >= {"192x192", "512x512"}
    version = _line(sw, "VERSION")
    assert version != '"dev"'
    # another Pyodide, another cache name: a visitor's old cache is replaced
    (tmp_path / "b").mkdir()
    other = build_site(tmp_path / "site2", _fake_pyodide(tmp_path / "b", "314.0.9"))
    assert _line((other.out / "sw.js").read_text(), "VERSION") != version
    (pyodide / "pyodide.asm.wasm").write_bytes(b"y" * 10)
    assert _line((build_site(tmp_path / "site3", pyodide).out / "sw.js").read_text(), "VERSION") != version


def _line(sw: str, name: str) -> str:
    m = re.search(rf"^const {name} = (.*);$", sw, re.M)
    assert m is not None, name
    return m.group(1)


def test_icons_are_pngs_of_their_size() -> None:
    for size in (192, 512):
        png = icon_png(size)
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", png[16:24])
        assert (width, height) == (size, size)
        idat = png.index(b"IDAT")
        length = struct.unpack(">I", png[idat - 4:idat])[0]
        assert len(zlib.decompress(png[idat + 4:idat + 4 + length])) == size * (3 * size + 1)


def test_the_site_command_needs_the_pyodide_files(tmp_path: Path) -> None:
    run = [sys.executable, "-m", "suanfan", "site", str(tmp_path / "out")]
    env = {k: v for k, v in os.environ.items() if k != "SUANFAN_PYODIDE"}
    r = subprocess.run(run, capture_output=True, text=True, env=env)
    assert r.returncode == 2 and "--pyodide" in r.stderr and "Traceback" not in r.stderr
    r = subprocess.run([*run, "--pyodide", str(tmp_path)], capture_output=True, text=True, env=env)
    assert r.returncode == 2 and "not a Pyodide distribution" in r.stderr
    r = subprocess.run([*run, "--pyodide", str(_fake_pyodide(tmp_path))], capture_output=True, text=True,
                       env=env)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "out" / "engine.json").is_file()


def test_serve_site_serves_the_site_and_the_api(tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from suanfan.web.app import create_app

    out = tmp_path / "site"
    build_site(out, _fake_pyodide(tmp_path))
    client = TestClient(create_app(site=str(out)))
    assert client.get("/").text == (out / "index.html").read_text()
    assert _line(client.get("/sw.js").text, "VERSION") == _line((out / "sw.js").read_text(), "VERSION")
    assert client.get("/engine.json").json()["wheel"].startswith("wheels/suanfan-")
    info = client.get("/engine.json").json()
    assert client.get("/" + info["wheel"]).content == (out / info["wheel"]).read_bytes()
    assert client.get("/pyodide/pyodide.asm.wasm").status_code == 200
    assert client.get("/api/rules").status_code == 200  # the API stays
    # without a site: the package's page, whose service worker has no precache list
    plain = TestClient(create_app())
    assert _line(plain.get("/sw.js").text, "PRECACHE") == "null"
    assert plain.get("/engine.json").status_code == 404
    with pytest.raises(MahjongError, match=r"engine\.json"):
        create_app(site=str(tmp_path))
