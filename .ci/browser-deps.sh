#!/usr/bin/env bash
# What the browser tests (tests/web/test_browser.py, test_site_offline.py) need: Debian's Chromium,
# the Playwright Python package (which drives /usr/bin/chromium; Playwright's own browser download
# is not used) and the npm pyodide package of web/ (the static site's engine).
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

# The Pyodide runtime of the static site (suanfan site; tests/web/test_site_offline.py): the npm
# package pinned in web/package-lock.json, installed from the npm registry (Node 20 / npm).
if [ -f web/package-lock.json ]; then
    if ! command -v npm >/dev/null; then
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends nodejs npm >/dev/null
    fi
    (cd web && npm ci --no-audit --no-fund --loglevel=error)
    test -f web/node_modules/pyodide/pyodide.asm.wasm
    echo "pyodide (npm): $(node -p 'require("./web/node_modules/pyodide/package.json").version')"
fi
python -c "import playwright.sync_api; print('playwright python package: ok')"
