#!/usr/bin/env bash
# What the browser tests (tests/web/test_browser.py) need: Debian's Chromium and the Playwright
# Python package (which drives /usr/bin/chromium; Playwright's own browser download is not used).
# Run as root inside the activated virtual environment, before `pip install -e '.[dev]'`.
# Set SUANFAN_SCREENSHOT_FONTS=1 to add the CJK fonts the README screenshot needs.
set -euo pipefail

need_apt=()
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
if [ "${SUANFAN_SCREENSHOT_FONTS:-0}" = 1 ] && ! fc-list :lang=zh 2>/dev/null | grep -q .; then
    need_apt+=(fonts-noto-cjk)
fi
if [ "${#need_apt[@]}" -gt 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
fi
/usr/bin/chromium --version

python -m pip install --quiet "playwright>=1.40"
python -c "import playwright.sync_api; print('playwright python package: ok')"
