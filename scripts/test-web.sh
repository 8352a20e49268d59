#!/usr/bin/env bash
# The browser test: builds the web version (scripts/build-web.sh) and kawu-server, then loads
# the game in Debian's Chromium, headless, through playwright-core (tests/web/browser-test.mjs):
# the computers' Web Worker against the native search, desktop, online through the server, and
# a phone held upright. Screenshots and figures land in
# <target dir>/web-screenshots.
set -euo pipefail
cd "$(dirname "$0")/.."
target_dir="${CARGO_TARGET_DIR:-target}"

# Debian's Chromium runs the test; binaryen's wasm-opt and brotli make the download the test
# measures (build-web.sh works without them, but the build would not be the one players get).
missing=()
for tool in chromium:chromium wasm-opt:binaryen brotli:brotli; do
    command -v "${tool%%:*}" > /dev/null || missing+=("${tool#*:}")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "installing Debian's ${missing[*]}" >&2
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${missing[@]}" \
        > /dev/null
fi
bash scripts/build-web.sh --out "$target_dir/kawu-web"
# kawu-cli answers natively what the computers' Web Worker answers in the page (its part).
cargo build --no-default-features --features server --bin kawu-server --bin kawu-cli
(cd tests/web && npm ci --no-audit --no-fund --loglevel=error)
node tests/web/browser-test.mjs "$target_dir/kawu-web" "$target_dir/web-screenshots" \
    "$target_dir/debug/kawu-server"
