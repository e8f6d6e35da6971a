"""The calculator page for a new user (issue 34, part 5): the keyboard, contrast, what looks
disabled, tile sizes on a phone and clipped text, each in a real browser (Debian's Chromium
driven by Playwright, the page served by the real app as in ``test_browser.py``).

The thresholds are WCAG 2.2's: text contrast at least 4.5:1 (3:1 for large text, 24 px or 18.66 px
bold; SC 1.4.3), non-text contrast 3:1 (SC 1.4.11), one tab stop per composite widget with arrow
keys inside it and a way to bypass repeated blocks (SC 2.1.1, 2.4.1; the ARIA Authoring
Practices' roving tabindex).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .test_browser import base_url, browser, choose, tap  # noqa: F401  (fixtures and helpers)

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
LANGS = ("zh-Hans", "zh-Hant", "en", "ja")
MCR_HAND = "#s=mcr&h=[1111z][7777p]234m567s8m+8m&l=en"  # two concealed kongs: backs on the felt
RIICHI_HAND = "#s=riichi&h=[1111z]234m406p678s5s+5s&d=3m4z&u=4s&f=riichi&l=en"


def _page(browser: Any, base_url: str, viewport: dict[str, int], hash_: str = "") -> Any:  # noqa: F811
    ctx = browser.new_context(viewport=viewport, device_scale_factor=1, locale="en-US",
                              has_touch=viewport is PHONE)
    ctx.add_init_script("try { localStorage.clear() } catch (e) { /* about:blank */ }")
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.__dict__["_errors"] = errors
    pg.set_default_timeout(10_000)
    pg.goto(base_url + "/" + hash_, wait_until="domcontentloaded")
    pg.wait_for_selector("#palette button[data-tile='1m']")
    if hash_:
        pg.wait_for_selector("#total")
    return pg


@pytest.fixture
def phone(browser: Any, base_url: str) -> Iterator[Any]:  # noqa: F811
    pg = _page(browser, base_url, PHONE)
    yield pg
    errors = pg.__dict__["_errors"]
    pg.context.close()
    assert not errors, errors


@pytest.fixture
def desktop(browser: Any, base_url: str) -> Iterator[Any]:  # noqa: F811
    pg = _page(browser, base_url, DESKTOP)
    yield pg
    errors = pg.__dict__["_errors"]
    pg.context.close()
    assert not errors, errors


def show(page: Any, hash_: str) -> None:
    """Open the page on a hand (a fresh load, not a change of the address's hash)."""
    url = page.url.split("#")[0]
    page.goto("about:blank")
    page.goto(url + hash_, wait_until="domcontentloaded")
    page.wait_for_selector("#total")


def active(page: Any) -> str:
    """The focused element, as '#id', 'tag[data-...]' or its tag."""
    return str(page.evaluate("""() => { const a = document.activeElement; if (!a) return '';
        if (a.id) return '#' + a.id;
        const d = Object.entries(a.dataset).filter(([k]) => k !== 'stop' && k !== 'lang')
            .map(([k, v]) => `[data-${k}=${v}]`).join('');
        return a.tagName.toLowerCase() + d; }"""))


# -- the keyboard --------------------------------------------------------------------------------
def test_skip_links_lead_to_the_hand_the_situation_and_the_result(desktop: Any) -> None:
    page = desktop
    show(page, MCR_HAND)
    for n, target in enumerate(("#hand-card", "#situation", "#result-card"), 1):
        page.reload(wait_until="domcontentloaded")  # Tab from the top of the page
        page.wait_for_selector("#total")
        for _ in range(n):
            page.keyboard.press("Tab")
        link = page.evaluate("() => { const a = document.activeElement; const r = a.getBoundingClientRect();"
                             " return [a.getAttribute('href'), r.width, r.height, a.textContent]; }")
        assert link[0] == target and link[1] > 0 and link[2] > 0, link  # shown when focused
        page.keyboard.press("Enter")
        assert active(page) == target
        # not under the sticky header
        assert page.evaluate("""t => document.querySelector(t).getBoundingClientRect().top
            >= document.querySelector('header.top').getBoundingClientRect().bottom - 1""", target)
        # and the next Tab goes on inside that section
        page.keyboard.press("Tab")
        assert page.evaluate("t => document.querySelector(t).contains(document.activeElement)", target)


def _tabs_to(page: Any, selector: str, limit: int = 80) -> int:
    page.reload(wait_until="domcontentloaded")  # Tab from the top of the page
    page.wait_for_selector("#total")
    for n in range(1, limit + 1):
        page.keyboard.press("Tab")
        if page.evaluate("s => document.querySelector(s).contains(document.activeElement)", selector):
            return n
    return limit + 1


def test_the_situation_is_a_few_tab_presses_away(desktop: Any) -> None:
    """The palette (34 tiles), the flowers and the hand are one tab stop each: the situation is
    reached in under 20 presses from the top of the page, skip links included (it took ~53)."""
    page = desktop
    show(page, MCR_HAND)
    n = _tabs_to(page, "#situation")
    assert n <= 20, n
    for grid in ("#palette", "#flowers", "#hand-view", "#seat_wind", "#mode"):
        stops = page.eval_on_selector_all(f"{grid} button", "bs => bs.filter(b => b.tabIndex === 0).length")
        assert stops == 1, grid
    choose(page, "riichi")
    show(page, RIICHI_HAND)
    assert _tabs_to(page, "#situation") <= 20


def test_arrow_keys_move_across_the_tile_grid(desktop: Any) -> None:
    page = desktop
    page.focus("#palette button[data-tile='1m']")
    page.keyboard.press("ArrowRight")
    assert active(page) == "button[data-tile=2m]"
    page.keyboard.press("ArrowDown")
    assert active(page) == "button[data-tile=2p]"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    assert active(page) == "button[data-tile=2z]"
    page.keyboard.press("ArrowUp")
    assert active(page) == "button[data-tile=2s]"
    page.keyboard.press("End")
    assert active(page) == "button[data-tile=7z]"
    page.keyboard.press("Home")
    assert active(page) == "button[data-tile=1m]"
    # the tile reached is the grid's tab stop, and Enter adds it
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    assert page.input_value("#notation") == "22m"
    assert page.eval_on_selector("#palette button[data-tile='2m']", "b => b.tabIndex") == 0
    # the hand's tiles: one stop, arrows across them, and the focus kept when the hand is redrawn
    page.focus("#hand-view button[data-where=standing]")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement.dataset.index") == "1"
    page.keyboard.press("Enter")  # selects it (the hand is drawn again)
    assert page.evaluate("() => document.activeElement.dataset.index") == "1"
    assert page.is_visible("#tile-actions")


def test_arrow_keys_choose_in_the_radio_groups(desktop: Any) -> None:
    page = desktop
    page.focus("#seat_wind button[aria-checked=true]")
    page.keyboard.press("ArrowRight")
    assert page.get_attribute("#seat_wind button[data-wind=S]", "aria-checked") == "true"
    assert active(page) == "button[data-wind=S]"  # still focused after the winds are drawn again
    page.keyboard.press("ArrowRight")
    assert page.get_attribute("#seat_wind button[data-wind=W]", "aria-checked") == "true"
    page.focus("#system button[aria-checked=true]")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("body.sys-riichi")


# -- contrast ------------------------------------------------------------------------------------
CONTRAST_JS = """() => {
  const rgb = (s) => { const m = s.match(/[\\d.]+/g); return m ? m.map(Number) : [0, 0, 0, 0]; };
  const lum = (c) => { const v = c.slice(0, 3).map((x) => { x /= 255;
      return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); });
    return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
  const bgOf = (el) => {  // the first opaque background up the tree (translucent ones blended)
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      const a = c.length > 3 ? c[3] : 1;
      if (a > 0) { layers.push([c, a]); if (a >= 1) break; }
    }
    let out = [255, 255, 255];
    for (const [c, a] of layers.reverse()) out = out.map((x, i) => c[i] * a + x * (1 - a));
    return out;
  };
  const bad = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.textContent.trim()) continue;
    const el = n.parentElement;
    if (!el || el.closest('[hidden], [aria-hidden=true], .skip, option, script, style')) continue;
    if (el.closest('button:disabled, input:disabled, select:disabled')) continue;  // WCAG: inactive
    const r = el.getBoundingClientRect();
    const cs = getComputedStyle(el);
    if (!r.width || !r.height || cs.visibility === 'hidden') continue;
    let op = 1;
    for (let e = el; e; e = e.parentElement) op *= Number(getComputedStyle(e).opacity);
    if (op === 0) continue;
    const fg = rgb(cs.color), bg = bgOf(el);
    const a = (fg.length > 3 ? fg[3] : 1) * op;
    const mixed = fg.slice(0, 3).map((x, i) => x * a + bg[i] * (1 - a));
    const L1 = lum(mixed), L2 = lum(bg);
    const ratio = (Math.max(L1, L2) + 0.05) / (Math.min(L1, L2) + 0.05);
    const px = parseFloat(cs.fontSize), bold = Number(cs.fontWeight) >= 700;
    const large = px >= 24 || (bold && px >= 18.66);
    if (ratio < (large ? 3 : 4.5)) bad.push([n.textContent.trim().slice(0, 40), el.className || el.tagName,
      Math.round(ratio * 100) / 100, px]);
  }
  return bad;
}"""


@pytest.mark.parametrize("hash_", [MCR_HAND, RIICHI_HAND], ids=["mcr", "riichi"])
def test_every_text_meets_wcag_aa_contrast(phone: Any, hash_: str) -> None:
    """Every visible text of the page, the footer and the meld labels on the felt included, has a
    contrast of 4.5:1 with what is behind it (3:1 when large); the footer was 4.3:1."""
    page = phone
    show(page, hash_)
    for lang in LANGS:
        page.select_option("#lang", lang)
        page.wait_for_selector("#total")
        assert page.evaluate(CONTRAST_JS) == [], lang


@pytest.mark.parametrize("scheme,viewport", [("dark", PHONE), ("light", DESKTOP)])
def test_contrast_in_dark_mode_and_on_a_desktop(browser: Any, base_url: str, scheme: str,  # noqa: F811
                                                viewport: dict[str, int]) -> None:
    """The same in the system's dark mode (the header's switch was light green on light green, the
    settlement's minus signs 2.5:1) and at 1280x800 (the header's "suanfan" was 4.0:1)."""
    pg = _page(browser, base_url, viewport)
    pg.emulate_media(color_scheme=scheme)
    try:
        for hash_ in (MCR_HAND, RIICHI_HAND):
            show(pg, hash_)
            assert pg.evaluate(CONTRAST_JS) == [], (scheme, hash_)
    finally:
        pg.context.close()


def test_meld_labels_and_the_footer_are_readable(phone: Any) -> None:
    page = phone
    show(page, MCR_HAND)
    sizes = page.eval_on_selector_all("#hand-view .tag", "ts => ts.filter(t => t.textContent.trim())"
                                      ".map(t => parseFloat(getComputedStyle(t).fontSize))")
    assert sizes and min(sizes) >= 12, sizes  # they were 10.9 px
    assert page.eval_on_selector("footer", "f => parseFloat(getComputedStyle(f).fontSize)") >= 12


def test_unselected_flowers_do_not_look_disabled(phone: Any) -> None:
    page = phone
    page.tap("#flowers button[data-flower='2']")
    look = page.eval_on_selector_all("#flowers button", """bs => bs.map(b => {
        let op = 1;
        for (let e = b.querySelector('img'); e; e = e.parentElement)
          op *= Number(getComputedStyle(e).opacity);
        const cs = getComputedStyle(b);
        return [b.dataset.flower, op, getComputedStyle(b.querySelector('img')).filter, cs.outlineStyle,
                b.getAttribute('aria-pressed')]; })""")
    for flower, opacity, filt, _outline, pressed in look:
        assert opacity == 1 and filt == "none", (flower, opacity, filt)  # they were at 35 %
        assert pressed == ("true" if flower == "2" else "false")
    outlines = {f: o for f, _op, _fl, o, _p in look}
    assert outlines["2"] != "none" and outlines["1"] == "none"  # the chosen one is marked otherwise
    # a tile that is really unavailable still looks so, unlike an unselected flower
    page.tap("#clear")
    tap(page, "1111m")
    assert page.eval_on_selector("#palette button[data-tile='1m']", "b => b.disabled")
    opacity = page.eval_on_selector("#palette button[data-tile='1m']", "b => getComputedStyle(b).opacity")
    assert float(opacity) < 0.5


def test_concealed_kong_backs_stand_out_of_the_felt(phone: Any) -> None:
    """The backs were #1f7a5c on a #2c6e55 felt (1.3:1); their edge now has at least 3:1."""
    page = phone
    show(page, MCR_HAND)
    backs = page.eval_on_selector_all("#hand-view button.back img", """imgs => imgs.map(i => {
        const sh = getComputedStyle(i).boxShadow;
        const felt = getComputedStyle(document.getElementById('hand-view')).backgroundColor;
        return [i.getAttribute('src'), sh, felt]; })""")
    assert len(backs) == 4 and all(src.endswith("back.svg") for src, _s, _f in backs)

    def lum(rgb: list[float]) -> float:
        v = [x / 255 for x in rgb]
        v = [x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4 for x in v]
        return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]

    import re

    for _src, shadow, felt in backs:
        edge = [float(x) for x in re.findall(r"[\d.]+", shadow)[:3]]
        ground = [float(x) for x in re.findall(r"[\d.]+", felt)[:3]]
        a, b = lum(edge), lum(ground)
        assert (max(a, b) + 0.05) / (min(a, b) + 0.05) >= 3, (shadow, felt)


def test_fan_and_fu_tiles_are_at_least_24_px_on_a_phone(phone: Any) -> None:
    page = phone
    show(page, MCR_HAND)
    widths = page.eval_on_selector_all("#result .ftiles img",
                                       "is => is.map(i => i.getBoundingClientRect().width)")
    assert widths and min(widths) >= 24, widths  # they were 16-20 px
    show(page, RIICHI_HAND)
    rows = page.eval_on_selector_all("#fu tr[data-fu]", """rs => rs.map(r => [r.dataset.fu,
        Array.from(r.querySelectorAll('img')).map(i => i.getBoundingClientRect().width),
        parseFloat(getComputedStyle(r.querySelector('td')).fontSize)])""")
    by_id = {fu: (imgs, px) for fu, imgs, px in rows}
    assert len(by_id["closed_kong"][0]) == 4 and min(by_id["closed_kong"][0]) >= 24  # the kong's tiles
    assert len(by_id["tanki"][0]) == 1
    assert min(px for _imgs, px in by_id.values()) >= 12
    # the whole breakdown is in the card, none of it off to the side
    assert page.evaluate("""() => {
        const t = document.getElementById('fu'), c = document.getElementById('result-card');
        const r = t.getBoundingClientRect(), k = c.getBoundingClientRect();
        return r.left >= k.left && r.right <= k.right && t.scrollWidth <= t.clientWidth + 1; }""")


# -- clipped text --------------------------------------------------------------------------------
CLIPPED_JS = """(sels) => {
  const out = [];
  for (const sel of sels) for (const el of document.querySelectorAll(sel)) {
    const r = el.getBoundingClientRect();
    if (!r.width || el.closest('[hidden]')) continue;
    if (el.scrollWidth > el.clientWidth + 1)
      out.push([sel, el.textContent.trim(), 'cut', el.scrollWidth, el.clientWidth]);
    // one line: a text that wraps inside a button or a badge is cut words
    const tops = new Set();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const range = document.createRange(); range.selectNodeContents(n);
      for (const q of range.getClientRects()) if (q.width > 1) tops.add(Math.round(q.top));
    }
    if (el.dataset.oneLine !== undefined && tops.size > 1)
      out.push([sel, el.textContent.trim(), 'wraps', tops.size]);
  }
  return out;
}"""
MARK_JS = """sels => { for (const s of sels)
    for (const el of document.querySelectorAll(s)) el.dataset.oneLine = ''; }"""
ONE_LINE = ["#mode button", "#system button", "#claim button", ".toggle", "#seat_wind button",
            ".share-row button", ".hand-head button"]


def _text_fits_in_select(page: Any) -> list[Any]:
    """The chosen language's name fits in the menu (a select's own scrollWidth says nothing)."""
    return list(page.evaluate("""() => { const s = document.getElementById('lang'), cs = getComputedStyle(s);
        const c = document.createElement('canvas').getContext('2d');
        c.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
        const text = s.options[s.selectedIndex].text, need = c.measureText(text).width;
        // the room left by the padding and the arrow
        const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
        return need <= room ? [] : [[text, need, room]]; }"""))


@pytest.mark.parametrize("system", ["mcr", "riichi"])
def test_no_text_is_cut_or_wrapped_in_four_languages(phone: Any, system: str) -> None:
    page = phone
    show(page, MCR_HAND if system == "mcr" else RIICHI_HAND)
    page.evaluate(MARK_JS, ONE_LINE)
    for lang in LANGS:
        page.select_option("#lang", lang)
        page.wait_for_selector("#total")
        page.evaluate(MARK_JS, ONE_LINE)  # the texts drawn again
        assert _text_fits_in_select(page) == [], lang  # "English" was cut to "Englis"
        cut = page.evaluate(CLIPPED_JS, ["#bar-min", *ONE_LINE, "#points summary"])
        assert cut == [], (lang, cut)  # "meets the 8-fan minim…", "Seen" on two lines
        overflow = page.evaluate("() => getComputedStyle(document.getElementById('bar-min')).textOverflow")
        assert overflow != "ellipsis"
