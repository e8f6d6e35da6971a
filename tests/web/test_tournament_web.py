"""The tournament API and pages: errors in the API's one shape, concurrent tables through a real
server, the score sheet and standings in the real browser (Chromium via Playwright), and who may
write: the organiser secret and the referees' tokens (docs/tournament-security.md)."""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient

from suanfan.tournament import Tournament
from suanfan.web.app import create_app

HAND = "[111z1]1234556789m 5m"


@pytest.fixture
def tournament(tmp_path: Path) -> Tournament:
    t = Tournament.create(tmp_path / "t.db", "Web Open")
    t.import_players("name\n" + "".join(f"P{i}\n" for i in range(8)))
    t.seat_round(seed=1)
    return t


@pytest.fixture
def secret(tournament: Tournament) -> str:
    """The organiser secret."""
    return tournament.reset_secret()


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_api(tournament: Tournament, secret: str) -> None:
    client = TestClient(create_app(tournament.path), headers=bearer(secret))
    base = "/api/tournament/rounds/1/tables/1"
    names = client.get(base).json()["players"]
    r = client.post(base + "/entries", json={"entry": {"kind": "win", "winner": names[0], "hand": HAND},
                                             "number": 1, "author": "ann"})
    assert r.status_code == 200 and r.json()["totals"] == [108, -36, -36, -36]
    # the same hand submitted again (a second phone at the table): 409, nothing changed
    r = client.post(base + "/entries", json={"entry": {"kind": "draw"}, "number": 1})
    assert r.status_code == 409 and r.json()["error"] == "EntryConflict"
    r = client.post(base + "/entries", json={"entry": {"kind": "fan", "winner": "Nobody", "fan": 8}})
    assert r.status_code == 400 and "no player named 'Nobody'" in r.json()["detail"]
    r = client.post(base + "/entries", json={"entry": {"kind": "win", "winner": 1, "discarder": 0,
                                                       "hand": "[234m1]456p678s234s5p 5p"}})
    assert r.status_code == 422 and "below the minimum" in r.json()["detail"]
    r = client.post("/api/tournament/rounds/1/tables/9/entries", json={"entry": {"kind": "draw"}})
    assert r.status_code == 400 and "not 9" in r.json()["detail"]
    entry_id = client.get(base).json()["entries"][0]["id"]
    r = client.put(f"{base}/entries/{entry_id}", json={"entry": {"kind": "draw"}, "author": "referee"})
    assert r.status_code == 200
    assert client.get(base).json()["totals"] == [0, 0, 0, 0]
    audit = client.get("/api/tournament/audit", params={"round": 1, "table": 1}).json()
    # the audit names the token's holder, not the author the client claims
    assert [a["action"] for a in audit] == ["add", "edit"]
    assert [a["author"] for a in audit] == ["organiser", "organiser"]
    assert client.delete(f"{base}/entries/{entry_id}").json()["entries"] == []
    assert client.get("/api/tournament/export.csv").text.startswith("Rank,Last name")
    assert len(client.get("/api/tournament/standings").json()["standings"]) == 8
    for page in ("/tournament", "/tournament/sheet", "/tournament/standings"):
        r = client.get(page)
        assert r.status_code == 200 and "content-security-policy" in r.headers


def test_no_tournament() -> None:
    os.environ.pop("SUANFAN_TOURNAMENT", None)
    r = TestClient(create_app()).get("/api/tournament/standings")
    assert r.status_code == 404 and "--tournament" in r.json()["detail"]


@pytest.fixture
def server(tournament: Tournament) -> Iterator[str]:
    import uvicorn

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(create_app(tournament.path), host="127.0.0.1", port=port,
                                        log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the test server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=10)


def test_tables_submit_at_once(server: str, tournament: Tournament) -> None:
    import httpx

    errors: list[Any] = []
    barrier = threading.Barrier(4)
    tokens = {t: tournament.add_token(f"Referee {t}", [t])["token"] for t in (1, 2)}

    def table(t: int, start: int) -> None:
        with httpx.Client(base_url=server, timeout=60, headers=bearer(tokens[t])) as c:
            barrier.wait()
            for n in range(start, start + 4):
                body = {"entry": {"kind": "fan", "winner": n % 4, "fan": 8}, "number": n}
                r = c.post(f"/api/tournament/rounds/1/tables/{t}/entries", json=body)
                if r.status_code != 200:
                    errors.append(r.json())
    # two tables at once, two phones at each entering the same hands 1-4
    threads = [threading.Thread(target=table, args=(t, 1)) for t in (1, 2, 1, 2)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    # the second phone of each table got 409 for each hand the first had entered: never a 500
    assert all(e["error"] == "EntryConflict" for e in errors) and len(errors) == 8
    for t in (1, 2):
        assert tournament.sheet(1, t)["hands"] == 4
        assert {a["author"] for a in tournament.audit(1, t)} == {f"Referee {t}"}
    assert tournament.check() == "ok"


CHROMIUM = os.environ.get("SUANFAN_CHROMIUM", "/usr/bin/chromium")


def test_sheet_in_the_browser(server: str, tournament: Tournament) -> None:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("playwright is missing under CI")
        pytest.skip("the playwright package is not installed")
    if not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
        if os.environ.get("CI"):
            pytest.fail(f"no Chromium at {CHROMIUM} under CI")
        pytest.skip(f"no Chromium at {CHROMIUM}")
    names = tournament.sheet(1, 1)["players"]
    token = tournament.add_token("Ann", [1])["token"]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM,
                                    args=["--headless", "--no-sandbox", "--disable-gpu"])
        page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.set_default_timeout(10_000)
        page.goto(server + "/tournament/sheet?round=1&table=1")
        page.wait_for_selector("#palette button[data-tile='1m']")
        assert page.text_content("#next") == "next: hand 1 (E1)"
        # the hand with the tile picker: 1234556789m 111z, winning tile 5m, self-drawn by seat 0
        for t in ["1m", "2m", "3m", "4m", "5m", "5m", "6m", "7m", "8m", "9m", "1z", "1z", "1z"]:
            page.click(f"#palette button[data-tile='{t}']")
        page.click("[data-key=' ']")
        page.click("#palette button[data-tile='5m']")
        assert page.input_value("#hand") == "1m2m3m4m5m5m6m7m8m9m1z1z1z 5m"
        page.select_option("#winner", "0")
        page.select_option("#discarder", "")
        # no token on this phone yet: the write is refused, and the page asks for one
        page.click("#submit")
        page.wait_for_selector("#token-form:not([hidden])")
        assert "needs a token" in (page.text_content("#token-why") or "")
        assert tournament.sheet(1, 1)["hands"] == 0
        page.fill("#token", token)
        page.click("#token-save")  # kept on the device, and the refused write sent again with it
        try:
            page.wait_for_selector("#entries tbody tr")
        except Exception:
            raise AssertionError(page.text_content("#message")) from None
        page.wait_for_selector("#holder:has-text('entering as Ann (tables 1)')")
        total = int(page.text_content("[data-total='0']") or "0")
        fan = tournament.sheet(1, 1)["entries"][0]["value"]
        assert total == 3 * (8 + fan) and page.text_content("[data-total='1']") == str(-(8 + fan))
        assert page.text_content("#next") == "next: hand 2 (E2)"
        # the token survives a reload: the next write goes through without asking
        page.reload()
        page.wait_for_selector("#holder:has-text('entering as Ann')")
        assert page.is_hidden("#token-form")
        # a hand that does not win: the server's message, and nothing recorded
        page.select_option("#kind", "total")
        page.fill("#fan", "5")
        page.select_option("#winner", "1")
        page.select_option("#discarder", "2")
        page.click("#submit")
        page.wait_for_selector("#message:has-text('below the minimum')")
        assert tournament.sheet(1, 1)["hands"] == 1
        page.fill("#fan", "8")
        page.click("#submit")
        page.locator("#entries tbody tr").nth(1).wait_for()
        assert [a["author"] for a in tournament.audit(1, 1)] == ["Ann", "Ann"]
        # table 2 is not Ann's: refused with the server's reason, the form offered for another token
        page.goto(server + "/tournament/sheet?round=1&table=2")
        page.wait_for_selector("#palette button[data-tile='1m']")
        page.select_option("#kind", "draw")
        page.click("#submit")
        page.wait_for_selector("#token-why:has-text('is for table(s) 1, not round 1 table 2')")
        assert tournament.sheet(1, 2)["hands"] == 0
        # forgetting the token: nothing is kept on the device
        page.click("#token-forget")
        page.wait_for_selector("#holder:has-text('no token on this device')")
        assert page.evaluate("localStorage.getItem('suanfan-tournament-token')") is None
        # the projector view lists every player, the leader first
        page.goto(server + "/tournament/standings")
        page.wait_for_selector("#standings tbody tr")
        assert page.locator("#standings tbody tr").count() == 8
        assert set(page.locator("#standings tbody tr td:nth-child(2)").all_text_contents()) == {
            f"P{i}" for i in range(8)}
        assert names[0] in (page.text_content("#standings") or "")
        assert errors == []
        browser.close()


def test_docs_examples_answer_200(tournament: Tournament, secret: str) -> None:
    # as for the scoring operations: each POST's example body ("Try it out") answers 200 (with the
    # organiser secret, as "Authorize" in /docs sends it)
    client = TestClient(create_app(tournament.path), headers=bearer(secret))
    doc = client.get("/openapi.json").json()
    tried = 0
    for path, ops in doc["paths"].items():
        post = ops.get("post")
        if post and path.startswith("/api/tournament"):
            for example in post["requestBody"]["content"]["application/json"]["examples"].values():
                url = path.replace("{round}", "1").replace("{table}", "1")
                r = client.post(url, json=example["value"])
                assert r.status_code == 200, (path, r.json())
                tried += 1
            assert set(post["responses"]) >= {"200", "400", "401", "403", "404", "422", "429"}
    assert tried == 3
    # every operation states its error answers; every write those of the token check
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            statuses = set(op["responses"])
            if not path.startswith("/api/tournament"):
                continue
            assert {"401", "403", "404", "429", "503"} <= statuses, (method, path, statuses)
            if op.get("parameters") or op.get("requestBody"):
                assert "422" in statuses, (method, path)
            if path.startswith("/api/tournament") and method in ("post", "put", "delete"):
                assert {"401", "403", "422", "429"} <= statuses, (method, path)
                assert op["security"] == [{"HTTPBearer": []}]
            if path.endswith("/entries") or path.endswith("/end"):
                assert "409" in statuses
    assert doc["components"]["securitySchemes"]["HTTPBearer"]["scheme"] == "bearer"


# -- who may write (docs/tournament-security.md), through a real server -----------------------------
def test_tokens_end_to_end(server: str, tournament: Tournament, secret: str) -> None:
    import httpx

    entries = "/api/tournament/rounds/1/tables/{}/entries"
    draw = {"entry": {"kind": "draw"}, "author": "someone else"}
    with httpx.Client(base_url=server, timeout=30) as c:
        # no token, a malformed one, a made-up one: 401 with the challenge, nothing written
        for headers in ({}, {"Authorization": "Basic YTpi"}, bearer("sfr.1.guessed"), bearer("sfo.guessed"),
                        bearer("x" * 5000)):
            r = c.post(entries.format(1), json=draw, headers=headers)
            assert r.status_code == 401 and r.headers["www-authenticate"].startswith("Bearer"), r.text
            assert r.json()["error"] == "Unauthorized"
        # the organiser issues tokens: one for table 1, one for every table
        r = c.post("/api/tournament/tokens", json={"holder": "Ann", "tables": [1]}, headers=bearer(secret))
        assert r.status_code == 200, r.text
        ann = r.json()
        assert ann["tables"] == ["1"] and ann["token"].startswith(f"sfr.{ann['id']}.")
        bob = c.post("/api/tournament/tokens", json={"holder": "Bob", "tables": "2,1.1"},
                     headers=bearer(secret)).json()
        assert bob["tables"] == ["2", "1.1"]
        listed = c.get("/api/tournament/tokens", headers=bearer(secret)).json()
        assert [t["holder"] for t in listed] == ["Ann", "Bob"] and all("token" not in t for t in listed)
        # a referee token that is someone else's, with one character changed: 401
        wrong = ann["token"][:-1] + ("A" if ann["token"][-1] != "A" else "B")
        assert c.post(entries.format(1), json=draw, headers=bearer(wrong)).status_code == 401
        # the referee at their table: written, and the audit names them, not the claimed author
        r = c.post(entries.format(1), json=draw, headers=bearer(ann["token"]))
        assert r.status_code == 200, r.text
        # at another table: 403
        r = c.post(entries.format(2), json=draw, headers=bearer(ann["token"]))
        assert r.status_code == 403 and "not round 1 table 2" in r.json()["detail"]
        assert c.post(entries.format(2), json=draw, headers=bearer(bob["token"])).status_code == 200
        # a referee may not manage tokens or settings
        for method, url, body in [("POST", "/api/tournament/tokens", {"holder": "Eve"}),
                                  ("GET", "/api/tournament/tokens", None),
                                  ("DELETE", f"/api/tournament/tokens/{bob['id']}", None),
                                  ("PUT", "/api/tournament/settings", {"public_reads": False})]:
            r = c.request(method, url, json=body, headers=bearer(ann["token"]))
            assert r.status_code == 403 and "organiser secret" in r.json()["detail"], (method, url)
        # the organiser writes anywhere: edit, delete, end
        entry_id = tournament.sheet(1, 2)["entries"][0]["id"]
        base2 = "/api/tournament/rounds/1/tables/2"
        assert c.put(f"{base2}/entries/{entry_id}", json=draw, headers=bearer(secret)).status_code == 200
        assert c.delete(f"{base2}/entries/{entry_id}?author=x", headers=bearer(secret)).status_code == 200
        # revoked: 403 from then on
        r = c.delete(f"/api/tournament/tokens/{ann['id']}", headers=bearer(secret))
        assert r.status_code == 200 and r.json()["revoked"]
        r = c.post(entries.format(1), json=draw, headers=bearer(ann["token"]))
        assert r.status_code == 403 and "revoked" in r.json()["detail"]
        assert c.post("/api/tournament/rounds/1/tables/1/end", json={}, headers=bearer(bob["token"])
                      ).status_code == 200
        audit = c.get("/api/tournament/audit").json()
        assert [(a["action"], a["table"], a["author"]) for a in audit] == [
            ("add", 1, "Ann"), ("add", 2, "Bob"), ("edit", 2, "organiser"), ("delete", 2, "organiser"),
            ("end", 1, "Bob")]
        assert c.get("/api/tournament/me", headers=bearer(bob["token"])).json() == {
            "holder": "Bob", "role": "referee", "token": bob["id"], "tables": ["2", "1.1"],
            "public_reads": True}
        # reads are public until the organiser closes them
        reads = ["/api/tournament", "/api/tournament/standings", "/api/tournament/rounds/1/tables/1",
                 "/api/tournament/audit", "/api/tournament/export.csv", "/api/tournament/export.json"]
        assert all(c.get(u).status_code == 200 for u in reads)
        r = c.put("/api/tournament/settings", json={"public_reads": "no"}, headers=bearer(secret))
        assert r.status_code == 422 and tournament.public_reads  # true or false, not "no"
        r = c.put("/api/tournament/settings", json={"public_reads": False}, headers=bearer(secret))
        assert r.json() == {"public_reads": False} and not tournament.public_reads
        for u in reads:
            assert c.get(u).status_code == 401, u
            assert c.get(u, headers=bearer(ann["token"])).status_code == 403, u  # revoked
            assert c.get(u, headers=bearer(bob["token"])).status_code == 200, u
        assert c.get("/tournament/standings").status_code == 200  # the page itself; its data asks


def test_wrong_tokens_are_rate_limited(server: str, tournament: Tournament, secret: str) -> None:
    import httpx

    from suanfan.web.tournament import MAX_FAILURES

    known = tournament.add_token("Ann")["token"]
    fresh = tournament.add_token("Bob")["token"]
    url = "/api/tournament/rounds/1/tables/1/entries"
    draw = {"entry": {"kind": "draw"}}
    with httpx.Client(base_url=server, timeout=30) as c:
        assert c.get("/api/tournament/me", headers=bearer(known)).status_code == 200  # verified once
        for i in range(MAX_FAILURES):
            r = c.post(url, json=draw, headers=bearer(f"sfr.1.wrong{i}"))
            assert r.status_code == 401, i
        r = c.post(url, json=draw, headers=bearer("sfr.1.wrong-again"))
        assert r.status_code == 429 and 0 < int(r.headers["retry-after"]) <= 60
        assert r.json()["error"] == "TooManyRequests"
        # a token this server has verified before still works (a venue's clients may share one
        # address); one it has not seen must wait, as a guess does
        assert c.post(url, json=draw, headers=bearer(known)).status_code == 200
        assert c.post(url, json=draw, headers=bearer(fresh)).status_code == 429
        # no token at all is not an attempt: still 401
        assert c.post(url, json=draw).status_code == 401
    assert tournament.sheet(1, 1)["hands"] == 1


def test_failure_limit_memory_is_bounded() -> None:
    from suanfan.web.tournament import FailureLimit

    limit = FailureLimit(limit=3, window=60, clients=100)
    for i in range(1000):
        for _ in range(5):
            limit.fail(f"10.0.{i // 256}.{i % 256}")
    assert len(limit) == 100 and limit.wait("10.0.3.231") > 0 and limit.wait("10.0.0.1") == 0
    # an IPv6 client counts by its /64: changing the last bits does not give new tries
    for i in range(3):
        limit.fail(f"2001:db8::{i + 1}")
    assert limit.wait("2001:db8::ffff") > 0 and limit.wait("2001:db8:0:1::1") == 0


BIG = "99999999999999999999"


def test_ids_out_of_range_are_422_on_one_connection(server: str, secret: str) -> None:
    # ids beyond SQLite's 64-bit integers: 422, never a 500, and the keep-alive connection stays up
    import httpx

    base = "/api/tournament/rounds"
    requests = [("GET", f"{base}/{BIG}/tables/1", None), ("GET", f"{base}/1/tables/{BIG}", None),
                ("GET", f"/api/tournament/audit?round={BIG}", None),
                ("GET", f"/api/tournament/audit?round=1&table={BIG}", None),
                ("GET", f"{base}/0/tables/1", None), ("GET", f"{base}/-1/tables/1", None),
                ("POST", f"{base}/{BIG}/tables/1/entries", {"entry": {"kind": "draw"}}),
                ("POST", f"{base}/1/tables/1/entries", {"entry": {"kind": "draw"}, "number": int(BIG)}),
                ("PUT", f"{base}/1/tables/1/entries/{BIG}", {"entry": {"kind": "draw"}}),
                ("DELETE", f"{base}/1/tables/1/entries/{BIG}", None),
                ("POST", f"{base}/1/tables/{BIG}/end", {}),
                ("DELETE", f"/api/tournament/tokens/{BIG}", None)]
    with httpx.Client(base_url=server, timeout=30, headers=bearer(secret)) as c:
        for method, url, body in requests:
            r = c.request(method, url, json=body)
            assert r.status_code == 422, (method, url, r.status_code, r.text)
            assert r.json()["error"] == "ValidationError" and r.headers.get("connection") != "close"
        # ids in range that do not exist: a clear 400 / 404 naming them
        r = c.get(f"{base}/9223372036854775807/tables/1")
        assert r.status_code == 400 and "no round 9223372036854775807" in r.json()["detail"]
        r = c.post("/api/tournament/tokens", json={"holder": "Ann", "tables": [int(BIG)]})
        assert r.status_code == 400 and "table" in r.json()["detail"]
        assert c.get("/api/tournament/audit?round=9223372036854775807").json() == []


def test_a_real_server_process(tmp_path: Path) -> None:
    # `suanfan tournament create` prints the secret; `suanfan serve --tournament` asks for it on
    # writes, with 422 for out-of-range ids, as a separate process (the file found through the
    # environment variable of its worker)
    import subprocess
    import sys

    import httpx

    db = str(tmp_path / "proc.db")
    made = subprocess.run([sys.executable, "-m", "suanfan", "tournament", "create", db, "--name", "Proc"],
                          capture_output=True, text=True, timeout=60, check=True)
    secret = made.stdout.split("organiser secret: ")[1].split()[0]
    t = Tournament(db)
    t.import_players("name\n" + "".join(f"P{i}\n" for i in range(4)))
    t.seat_round(seed=1)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "suanfan", "serve", "--port", str(port),
                             "--tournament", db], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(url + "/api/tournament", timeout=2)
                break
            except httpx.TransportError:
                assert proc.poll() is None and time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        with httpx.Client(base_url=url, timeout=30) as c:
            write = "/api/tournament/rounds/1/tables/1/entries"
            r = c.post(write, json={"entry": {"kind": "draw"}})
            assert r.status_code == 401 and r.headers["www-authenticate"].startswith("Bearer")
            assert c.post(write, json={"entry": {"kind": "draw"}}, headers=bearer(secret)).status_code == 200
            assert c.get(f"/api/tournament/rounds/{BIG}/tables/1").status_code == 422
            assert c.get(f"/api/tournament/audit?round={BIG}").status_code == 422
            assert c.get("/api/tournament/audit").json()[0]["author"] == "organiser"
    finally:
        proc.terminate()
        proc.wait(timeout=30)
