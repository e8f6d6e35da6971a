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
from pathlib import Path
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
    pg.goto(base_url + "/", wait_until="domcontentloaded")  # the tile pictures load meanwhile
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
    page.click("#seat_wind button[data-wind=S]")
    page.click("#clear")
    assert not page.is_checked("#opt-self_drawn input")
    assert "on" in page.get_attribute("#seat_wind button[data-wind=S]", "class")  # the winds stay
    tap(page, "123456789m55m777z")
    wait_total(page, suanfan.mcr.score("123m456m789m55m77z 7z", seat_wind="S").total)
    page.uncheck("#keep-winds")  # unless the setting says otherwise
    page.click("#clear")
    assert "on" in page.get_attribute("#seat_wind button[data-wind=E]", "class")


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
    assert page.locator("#hand-view img[src='tiles/back.svg']").count() == 2
    assert page.locator("#hand-view button.t").count() == 4 + 10 + 1
    # tapping the winning tile selects it; removing it gives a 13-tile hand: the notation
    # follows, the waits show
    page.click("#hand-view .group.win button")
    page.click("#act-remove")
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
    page.select_option("#lang", "zh-Hans")
    assert page.inner_text("#clear") == "清空"
    tap(page, "123456789m55m777z")
    page.wait_for_selector("#total")
    assert "清龙" in page.inner_text("#result")
    page.select_option("#lang", "en")
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
    # the dora mode is not sticky: the next tap is a tile again
    assert "on" in page.get_attribute("#mode button[data-mode=tile]", "class")
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


# -- issue 15: the calculator at the table ------------------------------------------------------
def fill(page: Any, hand: str) -> None:
    page.fill("#notation", hand)


def test_phone_the_score_is_in_view_after_the_14th_tap(page: Any) -> None:
    choose(page, "mcr")
    hand = "123m456m789m55m77z 7z"
    tap(page, "123456789m55m777z")
    wait_total(page, suanfan.mcr.score(hand).total)
    assert page.evaluate("window.scrollY") == 0, "entering the hand scrolled the page"
    box = page.locator("#bar-total").bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844, box
    assert page.inner_text("#bar-total") == str(suanfan.mcr.score(hand).total)
    assert page.locator("#bar-win img[src='tiles/7z.svg']").count() == 1  # the winning tile
    assert "meets" in page.inner_text("#bar-min")
    # the hand tiles are big enough to tell the bamboo apart (they were 19 px wide)
    width = page.locator("#hand-view button.t").first.bounding_box()["width"]
    assert width >= 36, width


def test_discard_advice_for_14_tiles_that_do_not_win(page: Any) -> None:
    from suanfan.analysis import report

    choose(page, "mcr")
    hand = "123m456p789s1357z 2z"
    fill(page, hand)
    page.wait_for_selector("#advice tr[data-discard]")
    options = report(hand, "mcr")["options"]
    rows = page.locator("#advice tr[data-discard]")
    assert [rows.nth(i).get_attribute("data-discard") for i in range(rows.count())] == [
        o["discard"] for o in options]
    first = options[0]
    row = page.locator(f"#advice tr[data-discard='{first['discard']}']")
    assert f"{first['shanten']} from ready" in row.inner_text()
    useful = row.locator(".use")
    assert [(useful.nth(i).get_attribute("data-tile"), int(useful.nth(i).inner_text()))
            for i in range(useful.count())] == [(u["tile"], u["unseen"]) for u in first["useful"]]


def test_choose_the_winning_tile_then_undo_and_redo(page: Any) -> None:
    choose(page, "mcr")
    fill(page, "123m456m789m55m77z 7z")
    wait_total(page, suanfan.mcr.score("123m456m789m55m77z 7z").total)
    # tap the 2m in the hand, make it the winning tile
    page.click("#hand-view .group.standing button[data-tile='2m']")
    page.click("#act-win")
    moved = "13m456m789m55m777z 2m"
    assert page.input_value("#notation") == str(suanfan.parse_hand(moved))
    r = suanfan.mcr.score(moved)
    wait_total(page, r.total)
    assert r.total != suanfan.mcr.score("123m456m789m55m77z 7z").total  # 坎张, not 单钓将
    page.click("#undo")
    assert page.input_value("#notation") == str(suanfan.parse_hand("123m456m789m55m77z 7z"))
    page.click("#redo")
    assert page.input_value("#notation") == str(suanfan.parse_hand(moved))
    # undo a tap
    page.click("#clear")
    tap(page, "1m9p")
    page.click("#undo")
    assert page.input_value("#notation") == "1m"


def test_seen_tiles_change_the_unseen_counts(page: Any) -> None:
    from suanfan.analysis import report

    choose(page, "mcr")
    hand = "[EEEE]123m456p78s99s"
    fill(page, hand)
    page.wait_for_selector("#waits")
    page.click("#mode button[data-mode=seen]")
    tap(page, "6s6s9s")
    assert page.input_value("#visible") == "669s"
    expected = report(hand, "mcr", visible="669s")["waits"]
    for w in expected:
        page.wait_for_function(
            "([t, n]) => { const el = document.querySelector(`#waits .wait[data-wait='${t}']`);"
            " return el && el.textContent.includes(`${n} left`); }", arg=[w["tile"], w["unseen"]])
        # the value of each wait, and of a self-drawn win on it
        text = page.inner_text(f"#waits .wait[data-wait='{w['tile']}']")
        assert f"{w['total']} fan" in text and f"self-drawn {w['self_drawn_total']}" in text


def test_mcr_result_explains_reading_principles_and_false_win(page: Any) -> None:
    choose(page, "mcr")
    hand = "[111z1]1234556789m 5m"
    fill(page, hand)
    r = suanfan.mcr.score(hand)
    wait_total(page, r.total)
    shown = page.eval_on_selector_all("#decomposition .grp", "gs => gs.map(g => g.children.length)")
    assert shown == [len(suanfan.parse_hand(s.strip("[]")).concealed) + (1 if "[" not in s else 0)
                     if False else len(s.strip("[]").rstrip("mpsz")) for s in r.decomposition]
    removed = page.inner_text("#removed")
    assert "Pung of Terminals or Honors" in removed and "non-repeat" in removed
    assert "implied by Prevalent Wind" in removed
    # a win below the minimum: a false win (错和), settled as one
    low = "[567m1]123p456789s1z 1z"
    fill(page, low)
    r2 = suanfan.mcr.score(low)
    assert not r2.meets_minimum
    wait_total(page, r2.total)
    assert page.is_visible("#false-win")
    cells = page.locator("#settlement b").all_inner_texts()
    assert [int(c) for c in cells] == list(r2.settlement(0, 1))
    assert "False win" in page.inner_text("#settlement")


def test_riichi_fu_payment_line_and_dealer(page: Any) -> None:
    choose(page, "riichi")
    hand = "234m456p678s2255s 5s"
    fill(page, hand)
    page.fill("#honba", "2")
    page.fill("#riichi_sticks", "1")
    r = suanfan.riichi.score(hand, honba=2, riichi_sticks=1)
    wait_total(page, r.payment.total)
    assert page.is_visible("#dealer")  # seat East deals
    p = r.payment
    assert page.inner_text("#payment-sum") == (
        f"{p.value} + Honba {p.honba} + Riichi sticks {p.sticks} = {p.total}")
    fu = page.locator("#fu tr[data-fu]")
    assert [fu.nth(i).get_attribute("data-fu") for i in range(fu.count())] == [
        f.id for f in r.fu_breakdown]
    page.click("#seat_wind button[data-wind=S]")
    wait_total(page, suanfan.riichi.score(hand, honba=2, riichi_sticks=1, seat_wind="S").payment.total)
    assert not page.is_visible("#dealer")
    # the waits of 13 tiles, each on a discard and self-drawn
    from suanfan.analysis import report

    page.fill("#honba", "0")
    page.fill("#riichi_sticks", "0")
    fill(page, "123m456p789s2233z")
    page.wait_for_selector("#waits .wait[data-wait='3z']")
    ron = {w["tile"]: w for w in report("123m456p789s2233z", "riichi", seat_wind="S")["waits"]}
    tsumo = {w["tile"]: w for w in report("123m456p789s2233z", "riichi", seat_wind="S", tsumo=True)["waits"]}
    assert ron["3z"]["no_yaku"] and not tsumo["3z"]["no_yaku"] and not ron["2z"]["no_yaku"]
    for tile in ron:
        page.wait_for_function("t => document.querySelector(`#waits .wait[data-wait='${t}']`)"
                               ".textContent.includes('Tsumo')", arg=tile)
        text = page.inner_text(f"#waits .wait[data-wait='{tile}']")
        assert f"Tsumo {tsumo[tile]['points']}" in text
        assert (str(ron[tile]["points"]) if not ron[tile]["no_yaku"] else "no yaku") in text


def test_toggles_are_those_of_the_preset(page: Any) -> None:
    from suanfan.mcr.situation import FLAGS

    choose(page, "mcr")
    ids = "els => els.map(e => e.id.slice(4))"
    assert page.eval_on_selector_all("#toggles .toggle", ids) == [f.name for f in FLAGS if not f.extended]
    page.select_option("#preset", "mcr-extended")
    assert page.eval_on_selector_all("#toggles .toggle", ids) == [f.name for f in FLAGS]
    hand = "123m456m789m55m77z 7z"
    fill(page, hand)
    page.click("#opt-heavenly_hand")
    r = suanfan.mcr.score(hand, heavenly_hand=True, rules="mcr-extended")
    wait_total(page, r.total)
    assert "Heavenly Hand" in page.inner_text("#result")


def test_a_chow_with_a_red_five_and_five_copies_flagged(page: Any) -> None:
    choose(page, "riichi")
    page.click("#mode button[data-mode=chow]")
    page.click("#opt-red")  # the switch "with red five"
    assert page.is_checked("#red-five")
    tap(page, "3p")
    assert page.input_value("#notation") == "[340p]"
    tap(page, "4s")
    assert page.input_value("#notation") == "[340p][406s]"
    # five copies typed are flagged at once, whatever the count
    page.fill("#notation", "11111m")
    page.wait_for_function("() => document.getElementById('message').textContent.includes('5 copies')")


ASCII_WORD = __import__("re").compile(r"[A-Za-z]{2,}")
SIMPLIFIED_ONLY = set("门风龙杠对张听发单顺东无宝灯")
TRADITIONAL_ONLY = set("門風龍槓對張聽發單順東無寶燈")


def test_every_language_every_word(page: Any) -> None:
    """简体, 繁體, English, 日本語: the result of an MCR and a riichi hand, and a server error,
    hold no word of another language (tile notation such as 123m and numbers aside)."""
    cases = [("mcr", "[111z1]1234556789m 5m"), ("riichi", "234m456p678s2255s 5s")]
    for lang in ("zh-Hans", "zh-Hant", "ja", "en"):
        page.select_option("#lang", lang)
        for system, hand in cases:
            choose(page, system)
            fill(page, hand)
            page.wait_for_selector("#total")
            text = page.inner_text("#result") + page.inner_text("#scorebar") + page.inner_text("#situation")
            words = [w for w in ASCII_WORD.findall(text)
                     if not __import__("re").fullmatch(r"[0-9mpsz]+", w)]
            if lang == "en":
                assert not [c for c in text if "\u3040" <= c <= "\u9fff"], (lang, system, text)
                continue
            presets = page.eval_on_selector_all("#preset option", "os => os.map(o => o.value)")
            names = {part for p in presets for part in p.split("-")}  # preset names: identifiers
            words = [w for w in words if w not in names]
            assert not words, (lang, system, words)
            if lang == "zh-Hans":
                assert not TRADITIONAL_ONLY & set(text), (lang, system)
            else:  # 宝 and 灯 are Japanese too
                banned = SIMPLIFIED_ONLY - set("宝灯") if lang == "ja" else SIMPLIFIED_ONLY
                assert not banned & set(text), (lang, system, banned & set(text))
        # a server error in the page's language
        choose(page, "riichi")
        fill(page, "123m456p789s1122z 2z")
        page.wait_for_selector("#not-winning")
        message = page.inner_text("#message")
        if lang != "en":
            assert not ASCII_WORD.findall(message.replace("123m456p789s1122z", "")), (lang, message)
            assert message == page.evaluate(f"SUANFAN_I18N.T['{lang}'].err.no_yaku")
    page.select_option("#lang", "ja")
    choose(page, "riichi")
    fill(page, "234m456p678s2255s 5s")
    page.wait_for_selector("#total")
    assert "断幺九" in page.inner_text("#result") and "翻" in page.inner_text("#hanfu")


def test_share_link_and_picture(page: Any, base_url: str) -> None:
    choose(page, "mcr")
    page.select_option("#lang", "zh-Hant")
    hand = "[111z1]1234556789m 5m"
    fill(page, hand)
    page.click("#opt-self_drawn")
    r = suanfan.mcr.score(hand, self_drawn=True)
    wait_total(page, r.total)
    page.click("#share")
    link = page.input_value("#share-link")
    assert "l=zh-Hant" in link and "f=self_drawn" in link and "h=" in link
    other = page.context.new_page()
    try:
        other.goto(link)
        wait_total(other, r.total)
        assert other.input_value("#lang") == "zh-Hant"
        assert other.inner_text("#clear") == "清空"
    finally:
        other.close()
    with page.expect_download() as info:
        page.click("#picture")
    svg = Path(info.value.path()).read_text(encoding="utf-8")
    assert svg.startswith("<svg") and f"{r.total} 番" in svg and "清龍" in svg


def test_offline_the_page_reloads_and_says_so(browser: Any, base_url: str) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    try:
        pg = ctx.new_page()
        pg.goto(base_url + "/")
        pg.wait_for_selector("#palette button[data-tile='1m']")
        # the service worker is in control once it has stored the page shell
        pg.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=15_000)
        ctx.set_offline(True)
        pg.reload()
        pg.wait_for_selector("#palette button[data-tile='1m']")
        assert pg.is_visible("#offline")
        pg.fill("#notation", "123m456m789m55m77z 7z")
        pg.wait_for_function("() => document.getElementById('message').textContent.startsWith('Offline')")
        ctx.set_offline(False)
        pg.reload()
        pg.fill("#notation", "123m456m789m55m77z 7z")
        wait_total(pg, suanfan.mcr.score("123m456m789m55m77z 7z").total)
        assert not pg.is_visible("#offline")
    finally:
        ctx.close()


# -- to the end of the hand: expected values (riichi) --------------------------------------------
def test_expected_values_table_and_plot(page: Any) -> None:
    """A closed 14-tile riichi hand: one row per discard, each figure that of
    ``suanfan.analysis.expected_values`` to the page's rounding, and the plot of the chosen one."""
    import math

    from suanfan.analysis import expected_values

    choose(page, "riichi")
    hand = "127m123567p4678s1z"  # shanten 1: without shanten-down and tegawari, milliseconds
    fill(page, hand)
    page.fill("#dora_indicators", "6p")
    page.wait_for_selector("#ev:not([hidden])")
    page.uncheck("#ev-sd")
    page.uncheck("#ev-tg")
    page.fill("#ev-turn", "3")
    page.click("#ev-run")
    page.wait_for_selector("#ev-table tr[data-index]")
    ev = expected_values(hand, "riichi", seat_wind="E", round_wind="E", dora_indicators="6p",
                         turn=3, shanten_down=False, tegawari=False)
    rows = page.locator("#ev-table tr[data-index]")
    assert rows.count() == len(ev.options) > 1

    def pct(x: float) -> str:
        return f"{100 * x:.1f}"

    for i, o in enumerate(ev.options):
        row = rows.nth(i)
        assert row.get_attribute("data-discard") == o.discard
        assert row.locator(".ev-tenpai").inner_text() == pct(o.tenpai_probability[0])
        assert row.locator(".ev-win").inner_text() == pct(o.win_probability[0])
        assert int(row.locator(".ev-score").inner_text()) == math.floor(o.expected_score[0] + 0.5)
        assert row.locator(".ev-two").inner_text() == str(o.two_step)
        good = "—" if o.good_shape is None else pct(o.good_shape)
        assert row.locator(".ev-good").inner_text() == good
    # the plot: one point per turn from 3 to 18, for the best discard, then for the one tapped
    plot = page.locator("#ev-plot")
    assert plot.get_attribute("data-discard") == ev.options[0].discard
    for cls in ("ev-win", "ev-score"):
        points = plot.locator(f"polyline.{cls}").get_attribute("points") or ""
        assert len(points.split()) == 16 == len(ev.options[0].win_probability)
    rows.nth(1).click()
    assert page.locator("#ev-plot").get_attribute("data-discard") == ev.options[1].discard
    # every word in the page's language
    page.select_option("#lang", "ja")
    assert page.locator("#ev-table th").nth(3).inner_text() == "和了率"
    assert page.inner_text("#ev-run") == "期待値"
    # another hand: the figures of the last one go; an open or 13-tile hand has no section
    fill(page, "127m123567p4678s2z")
    page.wait_for_function("() => !document.querySelector('#ev-table')")
    fill(page, "127m123567p4678s")
    page.wait_for_selector("#ev", state="hidden")


def test_expected_values_table_for_mcr(page: Any) -> None:
    """A closed 14-tile MCR hand: the table with each option's likeliest fan combination and,
    for the chosen one, its combinations with their chances (``expected_values(hand, "mcr")``)."""
    from suanfan.analysis import expected_values
    from suanfan.mcr import FAN_BY_ID

    choose(page, "mcr")
    hand = "1234567m22p34678s"  # ready: each discard is a wait of its own (8 fans or not)
    fill(page, hand)
    page.wait_for_selector("#ev:not([hidden])")
    page.uncheck("#ev-sd")
    page.uncheck("#ev-tg")
    page.fill("#ev-turn", "10")
    page.click("#ev-run")
    page.wait_for_selector("#ev-table tr[data-index]")
    ev = expected_values(hand, "mcr", turn=10, shanten_down=False, tegawari=False)
    rows = page.locator("#ev-table tr[data-index]")
    assert rows.count() == len(ev.options) > 1
    for i, o in enumerate(ev.options):
        row = rows.nth(i)
        assert row.get_attribute("data-discard") == o.discard
        assert row.locator(".ev-win").inner_text() == f"{100 * o.win_probability[0]:.1f}"
        want = " + ".join(FAN_BY_ID[f].en for f in o.combinations[0][0]) if o.combinations else "—"
        assert row.locator(".ev-combo").inner_text() == want
    combos = page.locator("#ev-combos tr:not(.head)")
    assert combos.count() == min(8, len(ev.options[0].combinations)) > 0
    assert combos.nth(0).locator(".num").inner_text() == f"{100 * ev.options[0].combinations[0][1]:.1f}"
    page.select_option("#lang", "zh-Hans")
    assert page.locator("#ev-table th").nth(5).inner_text() == "番种组合"
    first = " + ".join(FAN_BY_ID[f].zh for f in ev.options[0].combinations[0][0])
    assert rows.nth(0).locator(".ev-combo").inner_text() == first


def test_expected_values_can_be_cancelled(page: Any) -> None:
    """A search still running stops on Cancel (the server's answer is held back, so that the
    search is "long" whatever the machine's speed, and no server time is spent)."""
    held: list[Any] = []
    page.route("**/api/expected", lambda route: held.append(route))
    choose(page, "riichi")
    fill(page, "127m123567p4678s1z")
    page.wait_for_selector("#ev:not([hidden])")
    page.click("#ev-run")
    page.wait_for_selector("#ev-cancel:not([hidden])")
    page.wait_for_function("() => /\\d/.test(document.getElementById('ev-progress').textContent)")
    page.click("#ev-cancel")
    page.wait_for_selector("#ev-run:not([hidden])")
    assert page.inner_text("#ev-progress") == "Cancelled"
    assert page.locator("#ev-table").count() == 0
    assert len(held) == 1
    page.unroute("**/api/expected")


def test_a_bad_character_in_the_pages_language(page: Any) -> None:
    """The library says "'x' at character N" (1-based): the page says the same N in Japanese."""
    import re

    choose(page, "mcr")
    page.select_option("#lang", "ja")
    bad = "123m456p789s1x1z"
    with pytest.raises(suanfan.InvalidHand) as info:
        suanfan.parse_hand(bad)
    m = re.match(r"unexpected '(.)' at character (\d+)", str(info.value))
    assert m, str(info.value)
    page.fill("#notation", bad)
    page.wait_for_function("() => document.getElementById('message').textContent.length > 0")
    assert page.inner_text("#message") == page.evaluate(
        "([c, n]) => SUANFAN_I18N.T.ja.err.char(c, n)", [m[1], int(m[2])])


def test_riichi_waits_write_han_and_fu_as_words(page: Any) -> None:
    """A ready riichi hand's waits say "1 han 40 fu", as the command line does."""
    from suanfan.analysis import report

    choose(page, "riichi")
    hand = "234m456p678s2255s"
    fill(page, hand)
    page.wait_for_selector("#waits [data-wait]")
    for w in report(hand, "riichi")["waits"]:
        r = w["result"]
        note = page.locator(f"#waits [data-wait='{w['tile']}'] .w-note").inner_text()
        assert note.startswith(f"{r['han']} han {r['fu']} fu"), note
