"""Take the README's screenshot of the calculator (docs/screenshot.png) with headless Chromium.

    python tests/web/screenshot.py [--out docs/screenshot.png] [--width 1100] [--taps ...]
    python tests/web/screenshot.py --out docs/screenshot-phone.png --width 390 --height 844 --screen

Starts the app on a free local port, enters a hand by tapping tiles, and saves a PNG.
"""

from __future__ import annotations

import argparse
import socket
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int) -> object:
    import uvicorn

    from suanfan.web.app import app

    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(100):
        if server.started:
            break
        time.sleep(0.05)
    return server


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=str(ROOT / "docs" / "screenshot.png"))
    ap.add_argument("--width", type=int, default=1100)
    ap.add_argument("--height", type=int, default=900)
    ap.add_argument("--system", default="mcr")
    ap.add_argument("--lang", default="zh-Hans", help="zh-Hans, zh-Hant, en or ja")
    ap.add_argument("--taps", default="[111z] 1234556789m 5m",
                    help="what to tap: [..] a claimed chow/pung, plain tiles one by one")
    ap.add_argument("--self-drawn", action="store_true")
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--screen", action="store_true", help="only what is on the screen (not the whole page)")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    port = free_port()
    server = start_server(port)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": args.width, "height": args.height},
                                device_scale_factor=args.scale)
        page.add_init_script(f"localStorage.setItem('suanfan.lang', '{args.lang}');"
                             f"localStorage.setItem('suanfan.system', '{args.system}');")
        page.goto(f"http://127.0.0.1:{port}/")
        for token in args.taps.split():
            if token.startswith("["):
                body = token.strip("[]")
                digits, suit = body[:-1], body[-1]
                mode = "chow" if len(set(digits)) > 1 else ("pung" if len(digits) == 3 else "kong")
                page.click(f"#mode button[data-mode={mode}]")
                page.click(f"#palette button[data-tile='{digits[0]}{suit}']")
                page.click("#mode button[data-mode=tile]")
            else:
                digits, suit = token[:-1], token[-1]
                for d in digits:
                    page.click(f"#palette button[data-tile='{d}{suit}']")
        if args.self_drawn:
            page.click("#opt-self_drawn")
        page.wait_for_selector("#total, #shanten")
        page.wait_for_timeout(400)
        page.screenshot(path=args.out, full_page=not args.screen)
        browser.close()
    server.should_exit = True  # type: ignore[attr-defined]
    print(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
