#!/usr/bin/env bash
# The browser test: builds the web version (scripts/build-web.sh) and kawu-server, then loads
# the game in Debian's Chromium, headless, through playwright-core (tests/web/browser-test.mjs):
# desktop, online through the server, and a phone held upright. Screenshots and figures land in
# <target dir>/web-screenshots.
set -euo pipefail
cd "$(dirname "$0")/.."
target_dir="${CARGO_TARGET_DIR:-target}"

if ! command -v chromium > /dev/null; then
    echo "installing Debian's chromium" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium > /dev/null
fi
bash scripts/build-web.sh --out "$target_dir/kawu-web"
cargo build --no-default-features --features server --bin kawu-server
(cd tests/web && npm ci --no-audit --no-fund --loglevel=error)
node tests/web/browser-test.mjs "$target_dir/kawu-web" "$target_dir/web-screenshots" \
    "$target_dir/debug/kawu-server"
