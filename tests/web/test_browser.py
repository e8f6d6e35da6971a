"""The calculator page in a real browser: Debian's headless Chromium driven by Playwright.

The page is served by the real app (real engines) on a local port. When Chromium or Playwright is
missing these tests skip — except under CI (the environment variable ``CI`` set), where they fail:
``.ci/browser-deps.sh`` installs both.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

import suanfan

CHROMIUM = os.environ.get("SUANFAN_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def _unavailable(why: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"browser tests cannot run under CI: {why} (run .ci/browser-deps.sh)")
    pytest.skip(why)


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    try:
        import uvicorn

        from suanfan.web.app import app
    except ImportError as exc:
        _unavailable(f"the web extra is missing ({exc})")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            pytest.fail("the test server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the playwright package is not installed")
    if not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
        _unavailable(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def context(browser: Any) -> Iterator[Any]:
    # One context for the module: the tile pictures are cached across tests.
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1,
                              locale="en-US")
    ctx.add_init_script("localStorage.clear()")  # every test starts from a fresh page
    yield ctx
    ctx.close()


@pytest.fixture
def page(context: Any, base_url: str) -> Iterator[Any]:
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.set_default_timeout(10_000)
    pg.goto(base_url + "/")
    pg.wait_for_selector("#palette button[data-tile='1m']")
    yield pg
    pg.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def tap(page: Any, tiles: str) -> None:
    """Tap tiles of the palette one by one: '123m55z' taps 1m 2m 3m 5z 5z."""
    digits: list[str] = []
    for ch in tiles.replace(" ", ""):
        if ch.isdigit():
            digits.append(ch)
        else:
            for d in digits:
                page.click(f"#palette button[data-tile='{d}{ch}']")
            digits = []


def total_text(page: Any) -> str:
    return str(page.inner_text("#total"))


def wait_total(page: Any, value: int) -> None:
    page.wait_for_function(
        "v => { const el = document.getElementById('total'); return el && el.textContent === v; }",
        arg=str(value))


def choose(page: Any, system: str) -> None:
    page.click(f"#system button[data-system={system}]")
    page.wait_for_selector(f"body.sys-{system}")


# -- MCR -----------------------------------------------------------------------------------------
def test_tap_a_hand_toggle_self_drawn_read_the_total(page: Any) -> None:
    choose(page, "mcr")
    hand = "123m456m789m55m77z 7z"
    tap(page, "123456789m55m777z")
    assert page.input_value("#notation") == str(suanfan.parse_hand(hand))
    expected = suanfan.mcr.score(hand).total
    wait_total(page, expected)
    rows = page.inner_text("#result")
    for fan in suanfan.mcr.score(hand).fans:
        assert fan.name_en in rows
    page.click("#opt-self_drawn")
    expected_sd = suanfan.mcr.score(hand, self_drawn=True).total
    assert expected_sd != expected
    wait_total(page, expected_sd)
    assert "Fully Concealed Hand" in page.inner_text("#result")  # 不求人 replaces 门前清
    settle = suanfan.mcr.score(hand, self_drawn=True).settlement(0, None)
    cells = page.locator("#settlement b").all_inner_texts()
    assert [int(c) for c in cells] == list(settle)


def test_claimed_meld_and_flowers(page: Any) -> None:
    choose(page, "mcr")
    page.click("#mode button[data-mode=pung]")
    page.select_option("#from", "3")
    tap(page, "9s")
    page.click("#mode button[data-mode=chow]")
    assert not page.is_visible("#from")  # a chow's digit is not who discarded it
    tap(page, "5m")
    page.click("#mode button[data-mode=tile]")
    tap(page, "11p345s78s6s")
    page.click("#flowers button[data-flower='1']")
    page.click("#flowers button[data-flower='5']")
    hand = "[567m][999s3]11p345s78s 6s 15f"
    assert page.input_value("#notation") == str(suanfan.parse_hand(hand))
    # the meld says who it came from in words, not as the notation's claim digit
    tags = page.locator("#hand-view .meld .tag").all_inner_texts()
    assert any("right" in tag or "下家" in tag for tag in tags), tags
    assert not any(tag.rstrip().endswith(" 3") for tag in tags), tags
    wait_total(page, suanfan.mcr.score(hand).total)
    badge = page.inner_text("#minimum")
    assert ("below" in badge) == (not suanfan.mcr.score(hand).meets_minimum)


def test_the_fan_rows_add_up_to_the_total_with_flowers(page: Any) -> None:
    # issue 15: the flowers were listed twice (the server's 花牌 row and the page's own)
    choose(page, "mcr")
    tap(page, "123456789m55m777z")
    page.click("#flowers button[data-flower='2']")
    page.click("#flowers button[data-flower='7']")
    hand = "123m456m789m55m77z 7z 27f"
    total = suanfan.mcr.score(hand).total
    wait_total(page, total)
    cells = page.locator("#result table.fans tr:not(.sum) td.pts").all_inner_texts()
    assert sum(int(c) for c in cells) == total


def test_clear_starts_a_new_hand_with_a_fresh_situation(page: Any) -> None:
    choose(page, "mcr")
    tap(page, "123456789m55m777z")
    page.click("#opt-self_drawn")
    wait_total(page, suanfan.mcr.score("123m456m789m55m77z 7z", self_drawn=True).total)
    page.click("#clear")
    assert not page.is_checked("#opt-self_drawn input")
    tap(page, "123456789m55m777z")
    wait_total(page, suanfan.mcr.score("123m456m789m55m77z 7z").total)


def test_the_first_example_wins(page: Any) -> None:
    choose(page, "mcr")
    page.click("#example")
    page.wait_for_selector("#minimum")
    assert "below" not in page.inner_text("#minimum")


def test_a_bad_hand_shows_the_library_message(page: Any) -> None:
    choose(page, "mcr")
    bad = "123m456p789s11z2x"
    page.fill("#notation", bad)
    with pytest.raises(suanfan.InvalidHand) as info:
        suanfan.parse_hand(bad)
    page.wait_for_function("() => document.getElementById('message').textContent.length > 0")
    assert page.inner_text("#message") == str(info.value)
    # a complete hand that does not win
    page.fill("#notation", "123m456p789s1357z 2z")
    page.wait_for_selector("#not-winning")
    with pytest.raises(suanfan.NotWinning) as info2:
        suanfan.mcr.score("123m456p789s1357z 2z")
    assert page.inner_text("#message") == str(info2.value)


def test_typing_and_tapping_stay_in_sync(page: Any) -> None:
    choose(page, "mcr")
    page.fill("#notation", "[EEEE]123m456p78s99s 9s")
    page.wait_for_selector("#total")
    # the hand view shows the kong (two backs), the standing tiles and the winning tile
    assert page.locator("#hand-view img[src='/tiles/back.svg']").count() == 2
    assert page.locator("#hand-view button.t").count() == 4 + 10 + 1
    # tapping the winning tile away gives a 13-tile hand: the notation follows, the waits show
    page.click("#hand-view .group.win button")
    assert page.input_value("#notation") == str(suanfan.parse_hand("[EEEE]123m456p78s99s"))
    page.wait_for_selector("#waits")
    waits = suanfan.mcr.waits("[EEEE]123m456p78s99s")
    shown = page.eval_on_selector_all("#waits .wait", "els => els.map(e => e.dataset.wait)")
    assert shown == list(waits)
    # each wait with what it would score
    for tile, result in waits.items():
        text = page.inner_text(f"#waits .wait[data-wait='{tile}']")
        assert (str(result.total) if result is not None else "no fan") in text


def test_language_and_phone_width(page: Any) -> None:
    choose(page, "mcr")
    page.click("#lang")
    assert page.inner_text("#clear") == "清空"
    tap(page, "123456789m55m777z")
    page.wait_for_selector("#total")
    assert "清龙" in page.inner_text("#result")
    page.click("#lang")
    assert page.inner_text("#clear") == "Clear"
    assert "Pure Straight" in page.inner_text("#result")
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, "the page scrolls sideways at phone width"


# -- riichi --------------------------------------------------------------------------------------
def test_riichi_tsumo_points(page: Any) -> None:
    choose(page, "riichi")
    hand = "234m456p678s2255s 5s"
    tap(page, "234m456p678s22555s")
    assert page.input_value("#notation") == str(suanfan.parse_hand(hand))
    wait_total(page, suanfan.riichi.score(hand).payment.total)
    page.click("#opt-tsumo")
    page.click("#opt-riichi")
    page.click("#mode button[data-mode=dora]")  # a tap now adds a dora indicator
    tap(page, "1s")
    assert page.input_value("#dora_indicators") == "1s"
    r = suanfan.riichi.score(hand, tsumo=True, riichi=True, dora_indicators="1s")
    wait_total(page, r.payment.total)
    text = page.inner_text("#result")
    for y in r.yaku:
        assert y.name_en in text
    assert f"{r.han} han" in page.inner_text("#hanfu")


def test_riichi_no_yaku_message(page: Any) -> None:
    choose(page, "riichi")
    page.fill("#notation", "123m456p789s1122z 2z")
    page.wait_for_selector("#not-winning")
    with pytest.raises(suanfan.NoYaku) as info:
        suanfan.riichi.score("123m456p789s1122z 2z")
    assert page.inner_text("#message") == str(info.value)


def test_a_shared_link_restores_hand_and_situation(page: Any, base_url: str) -> None:
    choose(page, "riichi")
    hand = "234m406p678s2255s 5s"
    page.fill("#notation", hand)
    page.click("#opt-tsumo")
    page.click("#seat_wind button[data-wind=S]")
    page.fill("#dora_indicators", "1s")
    r = suanfan.riichi.score(hand, tsumo=True, seat_wind="S", dora_indicators="1s")
    wait_total(page, r.payment.total)
    link = page.url
    assert "#" in link
    other = page.context.new_page()
    try:
        other.goto(base_url + "/")  # a fresh page first, then the shared address
        other.goto(link)
        other.reload()
        other.wait_for_selector("#total")
        wait_total(other, r.payment.total)
        assert other.input_value("#notation") == hand
        assert other.is_checked("#opt-tsumo input")
    finally:
        other.close()


def test_kongs_concealed_and_added(page: Any) -> None:
    choose(page, "mcr")
    page.click("#mode button[data-mode=kong]")
    page.click("#claim button[data-claim=concealed]")
    tap(page, "1z")
    page.click("#claim button[data-claim=promoted]")
    page.select_option("#from", "2")
    tap(page, "7z")
    page.click("#mode button[data-mode=tile]")
    assert not page.is_visible("#claim button[data-claim=promoted]")
    tap(page, "123m456p9s9s")
    hand = "[EEEE][CCCC6]123m456p9s 9s"
    assert page.input_value("#notation") == str(suanfan.parse_hand(hand))
    wait_total(page, suanfan.mcr.score(hand).total)


def test_api_docs_render_offline(page: Any, base_url: str) -> None:
    """Issue 7: OpenAPI docs at /docs, drawn by Swagger UI from local files (no CDN: the browser
    here has no network) and able to read FastAPI's OpenAPI 3.1 document."""
    page.goto(f"{base_url}/docs")
    page.wait_for_selector(".opblock", timeout=15000)
    paths = page.locator(".opblock-summary-path").all_inner_texts()
    assert "/api/mcr/score" in [p.strip() for p in paths]
