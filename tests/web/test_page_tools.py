"""What players expect of a calculator app (issue 34, part 5): the dora indicators drawn as tiles
with the dora they made, a PNG of the hand and the phone's share sheet, and the riichi han + fu ->
points table drawn from the engine's own payment table. In a real browser (Debian's Chromium
driven by Playwright, the page served by the real app as in ``test_browser.py``), and the engine's
answers themselves.
"""

from __future__ import annotations

import json
import re
import struct
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from suanfan import parse_hand, parse_tile
from suanfan.errors import MahjongError
from suanfan.riichi import dora_of_indicator, get_rules
from suanfan.riichi import score as riichi_score
from suanfan.riichi.points import base_points, payment
from suanfan.tiles import KIND, tile_to_str
from suanfan.web import engine

from .test_browser import base_url, browser  # noqa: F401  (fixtures)
from .test_site_offline import site  # noqa: F401  (the site fixture)

PHONE = {"width": 390, "height": 844}
LANGS = ("zh-Hans", "zh-Hant", "en", "ja")
RIICHI_HAND = "[1111z]234m406p678s5s 5s"


def _new_page(browser: Any, base_url: str, init: str = "") -> Any:  # noqa: F811
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=1, locale="en-US", has_touch=True,
                              accept_downloads=True)
    ctx.add_init_script("try { localStorage.clear() } catch (e) { /* about:blank */ }" + init)
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.__dict__["_errors"] = errors
    pg.set_default_timeout(10_000)
    pg.__dict__["_base"] = base_url
    return pg


def _open(page: Any, hash_: str) -> None:
    page.goto("about:blank")
    page.goto(page.__dict__["_base"] + "/" + hash_, wait_until="domcontentloaded")
    page.wait_for_selector("#total")


def _close(page: Any) -> None:
    errors = page.__dict__["_errors"]
    page.context.close()
    assert not errors, errors


@pytest.fixture
def page(browser: Any, base_url: str) -> Iterator[Any]:  # noqa: F811
    pg = _new_page(browser, base_url)
    yield pg
    _close(pg)


def _riichi_link(hand: str, **fields: str) -> str:
    q = "&".join(f"{k}={v}" for k, v in fields.items())
    return f"#s=riichi&h={hand.replace(' ', '+')}&{q}&l=en"


# -- dora as tiles -------------------------------------------------------------------------------
@pytest.mark.parametrize("hand_text,rules,dora,ura", [
    (RIICHI_HAND, "default", "3m4z9p", "4s"),
    ("[1111z]123p406p678s5s 5s", "tenhou-sanma", "1m7z", "9m"),  # three players: 1m shows 9m
])
def test_dora_indicators_are_tiles_with_the_dora_they_made(page: Any, hand_text: str, rules: str, dora: str,
                                                           ura: str) -> None:
    _open(page, _riichi_link(hand_text, d=dora, u=ura, f="riichi", r=rules))
    page.wait_for_selector("#dora-tiles .dora-one")
    hand = parse_hand(hand_text)
    sanma = get_rules(rules).sanma
    held = [KIND[t] for t in hand.all_tiles]
    for kind, field in (("dora", dora), ("ura", ura)):
        shown = page.eval_on_selector_all(
            f"#dora-tiles [data-kind={kind}] .dora-one",
            "es => es.map(e => [e.dataset.indicator, e.dataset.dora,"
            " Array.from(e.querySelectorAll('img')).map(i => i.getAttribute('src')),"
            " e.querySelector('.n').textContent])")
        want = []
        for digits, suit in re.findall(r"(\d+)([mpsz])", field):
            for d in digits:
                t = parse_tile(d + suit)
                made = tile_to_str(dora_of_indicator(t, sanma))
                want.append([d + suit, made, [f"tiles/{d + suit}.svg", f"tiles/{made}.svg"],
                             f"×{held.count(KIND[dora_of_indicator(t, sanma)])} in the hand"])
        assert shown == want, (kind, shown)
    # the dora counted in the result are those the tiles say
    r = riichi_score(hand, riichi=True, dora_indicators=dora, ura_dora_indicators=ura, rules=rules)
    notes = page.eval_on_selector_all("#dora-tiles [data-kind=dora] .n", "ns => ns.map(n => n.textContent)")
    counted = sum(int(n) for x in notes for n in re.findall(r"×(\d+)", x))
    assert counted == r.dora


def test_dora_tiles_in_four_languages(page: Any) -> None:
    _open(page, _riichi_link(RIICHI_HAND, d="3m", f="riichi"))
    page.wait_for_selector("#dora-tiles .dora-one")
    for lang in LANGS:
        page.select_option("#lang", lang)
        page.wait_for_selector("#dora-tiles .dora-one")
        text = page.inner_text("#dora-tiles")
        if lang != "en":
            assert not re.findall(r"[A-Za-z]{2,}", text), (lang, text)
            assert page.evaluate(f"SUANFAN_I18N.T['{lang}'].dora") in text


# -- the picture as PNG, and the share sheet -----------------------------------------------------
def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", data[:8]
    w, h = struct.unpack(">II", data[16:24])
    return w, h


def test_the_picture_as_a_png(page: Any) -> None:
    _open(page, "#s=mcr&h=[111z1]1234556789m+5m&l=en")
    with page.expect_download() as info:
        page.click("#picture-png")
    assert info.value.suggested_filename == "suanfan-hand.png"
    data = Path(info.value.path()).read_bytes()
    w, h = _png_size(data)
    svg = engine.hand_picture("[111z1]1234556789m 5m", 64)
    svg_w = float(re.findall(r'width="([\d.]+)"', svg)[0])
    assert w >= 2 * svg_w and h >= 2 * 64, (w, h)  # drawn at twice the size, the score line below
    # drawn, not blank: the PNG holds more than one colour
    assert len(data) > 5000


SHARE_MOCK = """
window.__shared = [];
Object.defineProperty(navigator, 'canShare', {configurable: true, value: (d) => !!(d && d.files)});
Object.defineProperty(navigator, 'share', {configurable: true, value: async (d) => {
  const f = d.files[0];
  const head = new Uint8Array(await f.slice(0, 8).arrayBuffer());
  window.__shared.push({name: f.name, type: f.type, size: f.size, head: Array.from(head), text: d.text});
}});
"""
NO_SHARE = """
Object.defineProperty(navigator, 'share', {configurable: true, value: undefined});
Object.defineProperty(navigator, 'canShare', {configurable: true, value: undefined});
"""


def test_share_opens_the_share_sheet_with_the_png(browser: Any, base_url: str) -> None:  # noqa: F811
    page = _new_page(browser, base_url, SHARE_MOCK)
    try:
        _open(page, "#s=mcr&h=[111z1]1234556789m+5m&l=en")
        page.click("#share-picture")
        page.wait_for_function("() => window.__shared.length === 1")
        shared = page.evaluate("() => window.__shared[0]")
        assert shared["name"] == "suanfan-hand.png" and shared["type"] == "image/png"
        assert bytes(shared["head"]) == b"\x89PNG\r\n\x1a\n" and shared["size"] > 5000
        assert "h=" in shared["text"]  # the share link goes with it
    finally:
        _close(page)


def test_without_web_share_the_png_is_downloaded(browser: Any, base_url: str) -> None:  # noqa: F811
    page = _new_page(browser, base_url, NO_SHARE)
    try:
        _open(page, "#s=mcr&h=[111z1]1234556789m+5m&l=en")
        assert page.evaluate("() => navigator.share === undefined")
        with page.expect_download() as info:
            page.click("#share-picture")
        assert info.value.suggested_filename == "suanfan-hand.png"
        _png_size(Path(info.value.path()).read_bytes())
    finally:
        _close(page)


# -- the han + fu -> points table ----------------------------------------------------------------
def _cell_want(rules_name: str, han: int, fu: int, who: str) -> tuple[int, str]:
    rules = get_rules(rules_name)
    base, _limit = base_points(han, fu, 0, rules)
    dealer = who == "dealer"
    ron = payment(base, dealer, False, 0, 0, rules).ron
    t = payment(base, dealer, True, 0, 0, rules)
    return ron, (f"{t.non_dealer} each" if dealer else f"{t.non_dealer} / {t.dealer}")


def _open_table(page: Any) -> None:
    page.click("#points summary")
    page.wait_for_selector("#points-table td[data-ron]")


@pytest.mark.parametrize("rules", ["default", "wrc"])
def test_the_points_table_is_the_engines_payment_table(page: Any, rules: str) -> None:
    """Every cell of both tables (non-dealer, dealer) is what the engine pays for that han and fu
    (RIICHI.md, "Fu and points"): 1 han 30 fu 1000, 3 han 30 fu 3900; under WRC rules 4 han 30 fu
    is rounded up to mangan (kiriage), under the default ones it is 7700."""
    _open(page, _riichi_link("234m406p678s2255s 5s", r=rules))
    _open_table(page)
    for who in ("non_dealer", "dealer"):
        page.click(f"#points-who button[data-who={who}]")
        page.wait_for_selector(f"#points-table[data-who={who}][data-rules={rules}]")
        cells = page.eval_on_selector_all("#points-table td[data-han]", """ts => ts.map(t =>
            [Number(t.dataset.han), Number(t.dataset.fu), t.dataset.ron === undefined ? null : t.dataset.ron,
             t.dataset.tsumo === undefined ? null : t.dataset.tsumo])""")
        assert len(cells) == 4 * 11
        for han, fu, ron, tsumo in cells:
            want_ron, want_tsumo = _cell_want(rules, han, fu, who)
            if ron:
                assert int(ron) == want_ron, (who, han, fu)
            if tsumo:
                assert tsumo == want_tsumo, (who, han, fu)
            if han >= 2 and fu >= 30:
                assert ron and tsumo, (who, han, fu)  # every real hand of 30 fu and more is in it
        if who == "non_dealer":
            four30 = dict(((h, f), r) for h, f, r, _t in cells)[(4, 30)]
            assert int(four30) == (8000 if rules == "wrc" else 7700)
    # the cells that cannot happen are left out: a ron of 20 fu, 1 han of 25 fu
    assert page.eval_on_selector("#points-table td[data-han='2'][data-fu='20']", "t => t.dataset.ron") == ""
    assert page.is_visible("#points-table td.na[data-han='1'][data-fu='25']")


def test_the_points_table_marks_the_hand_scored(page: Any) -> None:
    hand = "234m406p678s2255s 5s"  # tanyao, red five: 2 han 40 fu, a non-dealer ron 2600
    _open(page, _riichi_link(hand, w="SE"))
    r = riichi_score(parse_hand(hand), seat_wind="S")
    _open_table(page)
    page.wait_for_selector("#points-table td.now")
    now = page.eval_on_selector("#points-table td.now",
                                "t => [Number(t.dataset.han), Number(t.dataset.fu), t.dataset.ron]")
    assert now == [r.han, r.fu, str(r.payment.ron)]


def test_the_points_table_in_four_languages(page: Any) -> None:
    _open(page, _riichi_link("234m406p678s2255s 5s"))
    _open_table(page)
    for lang in LANGS:
        page.select_option("#lang", lang)
        page.wait_for_selector("#points-table")
        text = page.inner_text("#points-card") + page.inner_text(".share-row") + page.inner_text("#skip")
        if lang == "en":
            assert not [c for c in text if "\u3040" <= c <= "\u9fff"], text
        else:
            assert not re.findall(r"(?<![0-9])[A-Za-z]{2,}", text.replace("PNG", "")), (lang, text)


def test_the_engine_answers_the_table_and_the_dora_as_the_http_api() -> None:
    """The page's worker (suanfan.web.engine.answer) and GET /api/riichi/points, /api/riichi/dora
    give the same answers, errors included."""
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from suanfan.web.app import app

    client = TestClient(app)
    for body in ({"rules": "default"}, {"rules": "wrc"}, {"rules": "tenhou-sanma"}, {"rules": "nope"}):
        got = json.loads(engine.answer("/api/riichi/points", json.dumps(body)))
        res = client.get("/api/riichi/points", params=body)
        assert (got["status"], got["body"]) == (res.status_code, res.json()), body
    for body in ({"indicators": "9m4z7z0p"}, {"indicators": "1m9m", "rules": "tenhou-sanma"},
                 {"indicators": "9mx"}):
        got = json.loads(engine.answer("/api/riichi/dora", json.dumps(body)))
        res = client.get("/api/riichi/dora", params=body)
        assert (got["status"], got["body"]) == (res.status_code, res.json()), body
    out = engine.dora_tiles("9m4z7z0p")
    made = [(d["indicator"], d["dora"]) for d in out["dora"]]
    assert made == [("9m", "1m"), ("4z", "1z"), ("7z", "5z"), ("0p", "6p")]  # a red five shows a six
    assert engine.dora_tiles("1m9m", "tenhou-sanma")["dora"][0]["dora"] == "9m"  # sanma: 1m shows 9m
    with pytest.raises(MahjongError, match="indicators: "):
        engine.dora_tiles("9mx")


# -- the first visit downloads each file once (issue 34, part 4) ---------------------------------
def test_the_first_visit_downloads_each_file_once(site: Path, browser: Any) -> None:  # noqa: F811
    """The engine and the service worker used to fetch Pyodide and the wheel each (28.2 MB for a
    14.1 MB site from a plain static server): now each file of the site is sent once, and the site
    still starts offline afterwards."""
    import functools
    import threading
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    sent: dict[str, list[int]] = {}

    class Counting(SimpleHTTPRequestHandler):
        def copyfile(self, source: Any, outputfile: Any) -> None:
            data = source.read()
            sent.setdefault(self.path.split("?")[0], []).append(len(data))
            outputfile.write(data)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Counting, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    # one Playwright a process: the module's browser (test_browser's), a phone's viewport
    context = browser.new_context(viewport=PHONE, device_scale_factor=3, is_mobile=True, has_touch=True,
                                  locale="en-US")
    try:
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{port}/", wait_until="domcontentloaded")
        page.wait_for_function("() => window.suanfanEngine && window.suanfanEngine.info().bootMs != null",
                               timeout=180_000)
        page.wait_for_function("() => window.suanfanEngine.info().precached != null", timeout=120_000)
        twice = {path: n for path, n in sent.items() if len(n) > 1}
        assert not twice, twice
        site_bytes = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
        total = sum(sum(n) for n in sent.values())
        assert total <= site_bytes, (total, site_bytes)
        big = [p for p in sent if p.endswith((".wasm", "python_stdlib.zip", ".whl"))]
        assert len(big) == 3, sorted(sent)  # the engine's big files came from this server, once each
    finally:
        server.shutdown()
        server.server_close()
    context.set_offline(True)  # and everything was kept
    page.reload(wait_until="domcontentloaded")
    page.wait_for_function("() => window.suanfanEngine && window.suanfanEngine.info().bootMs != null",
                           timeout=180_000)
    answer = page.evaluate("() => window.suanfanEngine.call('/api/riichi/points', {rules: 'wrc'})")
    assert answer["status"] == 200 and answer["body"] == engine.points_table("wrc")
    context.close()
