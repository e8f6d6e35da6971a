"""``suanfan stats ... --html OUT``: one self-contained page (inline CSS and SVG, no script, no
request), viewed in a real browser: Debian's Chromium driven by Playwright from a file:// URL, as
the review's report is. Without Chromium or Playwright the browser test skips — except under CI
(``CI`` set), where it fails."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from suanfan.cli import main
from tests.web.test_browser import CHROMIUM, CHROMIUM_ARGS

DATA = Path(__file__).resolve().parents[1] / "data"
BOTZONE = DATA / "logs" / "botzone"
LOGS = [str(DATA / "tenhou" / "logs" / "dnovikoff" / "pao.xml"),
        str(DATA / "logs" / "mjai" / "double-ron.jsonl"),
        str(BOTZONE / "robbing_kong.txt"), str(BOTZONE / "seat_walls.txt")]


def _skip(why: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"browser tests cannot run under CI: {why} (run .ci/browser-deps.sh)")
    pytest.skip(why)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _skip("the playwright package is not installed")
    if not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
        _skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


def _players(capsys: pytest.CaptureFixture[str]) -> list[dict[str, Any]]:
    assert main(["stats", "--json", *LOGS]) == 0
    players: list[dict[str, Any]] = json.loads(capsys.readouterr().out)["players"]
    return players


def test_page_in_a_browser(browser: Any, tmp_path: Path,
                           capsys: pytest.CaptureFixture[str]) -> None:
    players = _players(capsys)
    riichi = [p for p in players if "system" not in p]
    mcr = [p for p in players if p.get("system") == "mcr"]
    out = tmp_path / "stats.html"
    assert main(["stats", *LOGS, "--html", str(out), "--lang", "en"]) == 0
    assert capsys.readouterr().out.startswith("name ")  # the table is still printed
    page = browser.new_page(viewport={"width": 390, "height": 844})
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(out.as_uri())
    assert all(u.startswith("file:") for u in requests)  # nothing fetched
    assert page.locator("script").count() == 0
    # one riichi section (all these games are four-player), one MCR section
    assert page.locator("section.riichi").count() == 1
    assert page.locator("section.riichi table.stats tr").count() == len(riichi) + 1
    assert page.locator("section.mcr table.stats tr").count() == len(mcr) + 1
    # riichi: the rate chart (4 bars a player) and the placements (one bar per rank reached)
    charts = page.locator("section.riichi svg.chart")
    assert charts.count() == 2
    assert charts.nth(0).locator("rect.bar").count() == 4 * len(riichi)
    placed = sum(1 for p in riichi for n in p["placements"] if n)
    assert charts.nth(1).locator("rect.bar").count() == placed
    # MCR: the rate chart, then one fan chart per seat with wins, one bar per fan
    with_wins = [p for p in mcr if p["wins"]]
    assert page.locator("section.mcr svg.chart").count() == 1 + len(with_wins)
    fans = page.locator("section.mcr .fans svg")
    for i, p in enumerate(with_wins):
        bars = fans.nth(i).locator("rect.bar")
        assert bars.count() == min(len(p["fans"]), 15)
        # a fan in every win is drawn full length (380), one in half of them half as long
        for j, f in enumerate(p["fans"][:15]):
            assert float(bars.nth(j).get_attribute("width")) == pytest.approx(380 * f["rate"],
                                                                              abs=0.06)
    # the first seat's win rate bar, as the browser lays it out, against its 0% neighbour
    first = charts.nth(0).locator("rect.bar")
    box = first.nth(0).bounding_box()
    assert box is not None and box["width"] > 0 and box["height"] > 0
    assert "Fans in the wins of " in page.inner_text("section.mcr")
    # nothing wider than the phone's screen: the tables scroll in their own box
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.close()


def test_page_in_chinese(browser: Any, tmp_path: Path) -> None:
    out = tmp_path / "stats.html"
    assert main(["stats", *LOGS, "--html", str(out), "--lang", "zh"]) == 0
    page = browser.new_page()
    page.goto(out.as_uri())
    assert page.get_attribute("html", "lang") == "zh-Hans"
    text = page.inner_text("body")
    assert "和牌率" in text and "放铳率" in text and "立直率" in text and "顺位分布" in text
    assert "抢杠和 (1)" in page.inner_text("section.mcr")  # seat 2's robbing win
    assert "win rate" not in text
    page.close()


def test_page_to_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", str(BOTZONE / "robbing_kong.txt"), "--html", "-", "--lang", "ja"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("<!doctype html><html lang=ja>") and out.endswith("</html>\n")
    assert "<script" not in out and "http" not in out and "搶槓和" in out
    assert main(["stats", str(BOTZONE / "robbing_kong.txt"), "--html", "-", "--json"]) == 2
    assert "--html -" in capsys.readouterr().err
