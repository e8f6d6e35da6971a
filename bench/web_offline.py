"""The static site's budgets (docs/web-offline.md), measured with Playwright and Debian's chromium.

    python bench/web_offline.py [--pyodide web/node_modules/pyodide] [--wheel FILE]

Builds the site (`suanfan site`) in a temporary folder, serves it with Python's ``http.server``
(in this process, counting what it sends) and measures: the bytes of the first visit until every
file is kept (as sent, the files sent twice, and gzip-compressed as a compressing server would
send them), the time from opening a shared link to its score on a desktop (1280x800), the
start offline (server stopped, context offline) to the engine ready and to the score, and on an
iPhone 12 viewport the time from the tap of a hand's last tile to its score. Prints one line each.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import os
import statistics
import tempfile
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

from suanfan.web.site import build_site

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("SUANFAN_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
HAND = "#s=mcr&h=%5B111z1%5D1234556789m+5m&l=en"
TAPS = ["1m", "2m", "3m", "4m", "5m", "5m", "6m", "7m", "8m", "9m", "1z", "1z", "1z", "5m"]

WAIT_TOTAL = "() => { const el = document.getElementById('total'); return el && el.textContent !== ''; }"
WAIT_ENGINE = "() => window.suanfanEngine && window.suanfanEngine.info().bootMs != null"


class _Counting(SimpleHTTPRequestHandler):
    """http.server's handler, recording each body it sends (path -> sizes)."""

    sent: ClassVar[dict[str, list[int]]] = {}

    def copyfile(self, source: Any, outputfile: Any) -> None:
        data = source.read()
        self.sent.setdefault(self.path.split("?")[0], []).append(len(data))
        outputfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:
        pass


def serve(directory: Path) -> tuple[ThreadingHTTPServer, int]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Counting, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, int(server.server_address[1])


def first_and_offline(p: Any, site: Path) -> None:
    server, port = serve(site)
    sent = _Counting.sent
    sent.clear()
    browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    t0 = time.perf_counter()
    page.goto(f"http://127.0.0.1:{port}/{HAND}", wait_until="domcontentloaded")
    page.wait_for_function(WAIT_TOTAL, timeout=120_000)
    first = time.perf_counter() - t0
    page.wait_for_function("() => navigator.serviceWorker.controller != null")
    page.wait_for_function("() => window.suanfanEngine.info().precached != null", timeout=120_000)
    kept = time.perf_counter() - t0
    raw = sum(sum(n) for n in sent.values())
    twice = sorted(path for path, n in sent.items() if len(n) > 1)
    gz = 0
    for url, n in sent.items():
        path = site / (url.lstrip("/") or "index.html")
        if path.is_file():
            gz += len(n) * len(gzip.compress(path.read_bytes(), 6))
    site_bytes = sum(f.stat().st_size for f in site.rglob("*") if f.is_file())
    print(f"first visit: {raw / 1e6:.1f} MB sent by http.server (uncompressed; the site is "
          f"{site_bytes / 1e6:.1f} MB), {gz / 1e6:.1f} MB gzip-compressed; "
          f"{sum(len(n) for n in sent.values())} bodies, fetched twice: {', '.join(twice) or 'none'}; "
          f"every file kept after {kept:.1f} s")
    print(f"first visit (desktop 1280x800, local server): first score after {first:.1f} s "
          f"(engine boot in the worker, ms: {page.evaluate('() => window.suanfanEngine.info().steps')})")
    server.shutdown()
    server.server_close()
    ctx.set_offline(True)
    starts, scores, shells = [], [], []
    for _ in range(3):
        t0 = time.perf_counter()
        page.reload(wait_until="domcontentloaded")
        page.wait_for_selector("#palette button[data-tile='1m']")
        shells.append(time.perf_counter() - t0)
        page.wait_for_function(WAIT_ENGINE, timeout=120_000)
        starts.append(time.perf_counter() - t0)
        page.wait_for_function(WAIT_TOTAL, timeout=60_000)
        scores.append(time.perf_counter() - t0)
        print("  offline boot steps, ms:", page.evaluate("() => window.suanfanEngine.info().steps"))
    print(f"later visit offline: the page takes taps after {statistics.median(shells):.2f} s, "
          f"engine ready {statistics.median(starts):.1f} s, score shown "
          f"{statistics.median(scores):.1f} s after reload (median of 3; "
          f"{', '.join(f'{s:.1f}' for s in scores)})")
    phone(p, browser, ctx, page)
    browser.close()


def phone(p: Any, browser: Any, desktop_ctx: Any, desktop_page: Any) -> None:
    # the same origin's cache: a phone-sized page in the same (offline) context
    page = desktop_ctx.new_page()
    page.set_viewport_size(p.devices["iPhone 12"]["viewport"])
    page.goto(desktop_page.url.split("#")[0], wait_until="domcontentloaded")
    page.wait_for_function(WAIT_ENGINE, timeout=120_000)
    latencies = []
    for _ in range(5):
        page.click("#clear")
        page.click("#system button[data-system=mcr]")
        for tile in TAPS[:-1]:
            page.click(f"#palette button[data-tile='{tile}']")
        page.wait_for_function("() => document.getElementById('waits')", timeout=60_000)
        page.evaluate("""() => {
            window.__done = null;
            new MutationObserver((_, obs) => {
                if (document.getElementById('total')) { window.__done = performance.now(); obs.disconnect(); }
            }).observe(document.getElementById('result'), {childList: true, subtree: true});
            const stamp = () => { window.__tap = performance.now(); };
            document.getElementById('palette').addEventListener('click', stamp, {capture: true, once: true});
        }""")
        page.click(f"#palette button[data-tile='{TAPS[-1]}']")
        page.wait_for_function("() => window.__done != null", timeout=60_000)
        latencies.append(page.evaluate("() => window.__done - window.__tap"))
    print(f"phone viewport (390x844): score {statistics.median(latencies):.0f} ms after the last tap "
          f"(median of 5; {', '.join(f'{x:.0f}' for x in latencies)}; 120 ms of it the page's wait "
          "for more taps)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pyodide", default=str(ROOT / "web" / "node_modules" / "pyodide"))
    ap.add_argument("--wheel")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        report = build_site(tmp, args.pyodide, args.wheel)
        print(f"site: {len(report.files)} files, {report.total_bytes / 1e6:.1f} MB; "
              f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
        with sync_playwright() as p:
            first_and_offline(p, Path(tmp))


if __name__ == "__main__":
    main()
