#!/usr/bin/env bash
# Builds the browser version of kawu into a folder (default: target/kawu-web) and, with --serve,
# serves it on http://127.0.0.1:8080/ (or --port N).
#
#   bash scripts/build-web.sh [--out DIR] [--serve] [--port N]
#
# Needs: the wasm32-unknown-unknown target (added through rustup if missing), wasm-bindgen-cli
# at the version of `wasm-bindgen` in Cargo.lock (installed into ~/.cache/kawu-tools if
# missing), and optionally binaryen's wasm-opt (Debian: binaryen) to shrink the result.
set -euo pipefail
cd "$(dirname "$0")/.."

out=""
serve=false
port=8080
while [ $# -gt 0 ]; do
    case "$1" in
        --out) out="$2"; shift 2 ;;
        --serve) serve=true; shift ;;
        --port) port="$2"; shift 2 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done
target_dir="${CARGO_TARGET_DIR:-target}"
# Not target/web: that is where cargo keeps the `web` profile's build scripts and macros.
out="${out:-$target_dir/kawu-web}"
tools="$HOME/.cache/kawu-tools"
export PATH="$tools/bin:$PATH"

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
fi

bindgen_version=$(awk '/^name = "wasm-bindgen"$/ { getline; print }' Cargo.lock | cut -d'"' -f2)
if [ "$(wasm-bindgen --version 2>/dev/null | cut -d' ' -f2)" != "$bindgen_version" ]; then
    echo "installing wasm-bindgen-cli $bindgen_version into $tools" >&2
    cargo install wasm-bindgen-cli --version "$bindgen_version" --root "$tools"
fi

started=$(date +%s)
cargo build --profile web --target wasm32-unknown-unknown --bin kawu
wasm="$target_dir/wasm32-unknown-unknown/web/kawu.wasm"

if command -v wasm-opt > /dev/null; then
    # Shrunk before wasm-bindgen, not after: Debian's binaryen (108) exports the wrong table
    # for the externref table wasm-bindgen adds, and the page then fails to start.
    wasm-opt -Os --enable-bulk-memory --enable-reference-types --enable-nontrapping-float-to-int \
        --enable-sign-ext --enable-mutable-globals --enable-multivalue \
        -o "${wasm%.wasm}.opt.wasm" "$wasm"
    wasm="${wasm%.wasm}.opt.wasm"
else
    echo "wasm-opt not found (Debian: apt-get install binaryen): the .wasm stays unshrunk" >&2
fi
rm -rf "$out"
mkdir -p "$out"
wasm-bindgen --target web --no-typescript --out-dir "$out" --out-name kawu "$wasm"
cp web/index.html "$out/"

size=$(stat -c %s "$out/kawu_bg.wasm")
gzipped=$(gzip -9 -c "$out/kawu_bg.wasm" | wc -c)
echo "built $out in $(( $(date +%s) - started )) s: kawu_bg.wasm $((size / 1024)) KiB, gzipped $((gzipped / 1024)) KiB"

if $serve; then
    echo "serving on http://127.0.0.1:$port/ (Ctrl-C stops)"
    exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$out"
fi
