#!/usr/bin/env bash
# Builds the browser version of kawu into a folder (default: target/kawu-web) and, with --serve,
# serves it on http://127.0.0.1:8080/ (or --port N).
#
#   bash scripts/build-web.sh [--out DIR] [--serve] [--port N] [--brotli-quality Q] [--worker-only]
#                             [--report]
#
# It builds two wasm modules: the game (kawu_bg.wasm, the Bevy client) and the computer players'
# search (kawu_worker_bg.wasm: rules and AI only, feature `worker`), which a Web Worker runs
# beside the page. --worker-only builds just the search and its worker script, in a minute, for
# the browser test's `worker` part (docs/web.md).
# Needs: the wasm32-unknown-unknown target (added through rustup if missing), wasm-bindgen-cli
# at the version of `wasm-bindgen` in Cargo.lock (installed into ~/.cache/kawu-tools if
# missing), and optionally binaryen's wasm-opt (Debian: binaryen) to shrink the result and
# brotli (Debian: brotli) for the .br files (quality 9 by default: 11 is about 15 % smaller but
# takes minutes on the wasm). docs/web.md describes the folder it writes.
# --report also prints where the optimised modules' bytes are, by section, crate and function
# (scripts/wasm-size-report.py on a copy shrunk with the same flags that keeps the names), as
# the tables of docs/web.md.
set -euo pipefail
cd "$(dirname "$0")/.."

out=""
serve=false
port=8080
brotli_quality=9
worker_only=false
report=false
while [ $# -gt 0 ]; do
    case "$1" in
        --out) out="$2"; shift 2 ;;
        --serve) serve=true; shift ;;
        --port) port="$2"; shift 2 ;;
        --brotli-quality) brotli_quality="$2"; shift 2 ;;
        --worker-only) worker_only=true; shift ;;
        --report) report=true; shift ;;
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
opt_flags=(-Os --enable-bulk-memory --enable-reference-types --enable-nontrapping-float-to-int
    --enable-sign-ext --enable-mutable-globals --enable-multivalue)
# shrink WASM: prints the file to give wasm-bindgen, shrunk by wasm-opt when there is one.
# Shrunk before wasm-bindgen, not after: Debian's binaryen (108) exports the wrong table for the
# externref table wasm-bindgen adds, and the page then fails to start.
# With a second argument `names`, the copy keeps the function names (for the size report).
shrink() {
    local wasm="$1" flags=("${opt_flags[@]}") opt="${1%.wasm}.opt.wasm"
    if [ "${2:-}" = names ]; then
        flags+=(-g)
        opt="${1%.wasm}.names.opt.wasm"
    fi
    if ! command -v wasm-opt > /dev/null; then
        echo "wasm-opt not found (Debian: apt-get install binaryen): $wasm stays unshrunk" >&2
        echo "$wasm"
        return
    fi
    # wasm-opt takes minutes on the game: it runs again only when its input, flags or version
    # changed.
    local key
    key=$( (sha256sum < "$wasm"; echo "${flags[*]}"; wasm-opt --version) \
        | sha256sum | cut -d' ' -f1)
    if [ -f "$opt" ] && [ "$(cat "$opt.key" 2>/dev/null)" = "$key" ]; then
        echo "wasm-opt skipped: $wasm is unchanged" >&2
    else
        rm -f "$opt.key"
        wasm-opt "${flags[@]}" -o "$opt" "$wasm"
        echo "$key" > "$opt.key"
    fi
    echo "$opt"
}

rm -rf "$out"
mkdir -p "$out"
# The search for the Web Worker: the library alone as a cdylib (a cdylib in [lib] would make
# every native build link one), no Bevy, no server.
cargo rustc --lib --crate-type cdylib --profile web --target wasm32-unknown-unknown \
    --no-default-features --features worker
# The game's binary is web/kawu.wasm too: the library's own file in deps/ is the worker's, kept
# under its own name so that wasm-opt's last results of both stay valid.
worker_wasm="$target_dir/wasm32-unknown-unknown/web/kawu_worker.wasm"
cp "$target_dir/wasm32-unknown-unknown/web/deps/kawu.wasm" "$worker_wasm"
worker_wasm=$(shrink "$worker_wasm")
wasm-bindgen --target no-modules --no-typescript --out-dir "$out" --out-name kawu_worker \
    "$worker_wasm"
cp web/think-worker.js "$out/"
modules=(kawu_worker_bg.wasm kawu_worker.js think-worker.js)

if ! $worker_only; then
    # The game.
    cargo build --profile web --target wasm32-unknown-unknown --bin kawu
    wasm=$(shrink "$target_dir/wasm32-unknown-unknown/web/kawu.wasm")
    wasm-bindgen --target web --no-typescript --out-dir "$out" --out-name kawu "$wasm"

    # The page and the app shell around the game. The page learns the wasm's size (its progress
    # bar cannot trust Content-Length when the server sends the file compressed); the page and
    # the service worker learn the build's id, a hash of every file the worker keeps (the sounds
    # too): a new build replaces its cache.
    mkdir -p "$out/icons" "$out/assets/sounds"
    cp web/manifest.webmanifest "$out/"
    cp web/icons/*.png "$out/icons/"
    # The sounds are fetched beside the page once the title is drawn (the game asks for them
    # under assets/, as Bevy's asset server does), not carried in the module.
    cp assets/sounds/*.ogg "$out/assets/sounds/"
    build=$(cat web/index.html "$out"/{kawu.js,kawu_bg.wasm,manifest.webmanifest} \
        "$out"/{kawu_worker.js,kawu_worker_bg.wasm,think-worker.js} "$out"/icons/*.png \
        "$out"/assets/sounds/*.ogg web/sw.js \
        | sha256sum | cut -c1-16)
    sed -e "s/__KAWU_WASM_BYTES__/$(stat -c %s "$out/kawu_bg.wasm")/" \
        -e "s/__KAWU_BUILD__/$build/" web/index.html > "$out/index.html"
    sed "s/__KAWU_BUILD__/$build/" web/sw.js > "$out/sw.js"
    modules=(kawu_bg.wasm kawu.js "${modules[@]}")
fi

# Precompressed copies for servers that can send them (kawu-server --web does), each beside its
# file; a server that cannot simply ignores them. Brotli takes a minute or more on the wasm: the
# last result is kept in the target folder and reused while the file is the same.
kib() { echo "$(( ($1 + 512) / 1024 )) KiB"; }
compressed="$target_dir/kawu-web-compressed"
mkdir -p "$compressed"
# compress FILE EXTENSION COMMAND...: writes $out/FILE.EXTENSION with COMMAND (stdin to stdout).
compress() {
    local file="$1" extension="$2"
    shift 2
    local kept="$compressed/$file.$extension"
    local key
    key="$( (sha256sum < "$out/$file"; echo "$*") | sha256sum | cut -d' ' -f1)"
    if [ ! -f "$kept" ] || [ "$(cat "$kept.key" 2>/dev/null)" != "$key" ]; then
        rm -f "$kept.key"
        "$@" < "$out/$file" > "$kept"
        echo "$key" > "$kept.key"
    fi
    cp "$kept" "$out/$file.$extension"
}
brotli=true
if ! command -v brotli > /dev/null; then
    brotli=false
    echo "brotli not found (Debian: apt-get install brotli): no .br files" >&2
fi
sizes=""
for file in "${modules[@]}"; do
    compress "$file" gz gzip -9 -n -c
    sizes+="  $file $(kib "$(stat -c %s "$out/$file")")"
    sizes+=", gzip -9 $(kib "$(stat -c %s "$out/$file.gz")")"
    if $brotli; then
        compress "$file" br brotli -q "$brotli_quality" -w 24 -c
        sizes+=", brotli -q $brotli_quality $(kib "$(stat -c %s "$out/$file.br")")"
    fi
    sizes+=$'\n'
done
echo "built $out (build ${build:-worker only}) in $(( $(date +%s) - started )) s:"
printf '%s' "$sizes"

if $report; then
    wasm_dir="$target_dir/wasm32-unknown-unknown/web"
    reported=("$wasm_dir/kawu_worker.wasm")
    $worker_only || reported=("$wasm_dir/kawu.wasm" "${reported[@]}")
    for wasm in "${reported[@]}"; do
        python3 scripts/wasm-size-report.py --markdown "$(shrink "$wasm" names)"
    done
fi

if $serve; then
    echo "serving on http://127.0.0.1:$port/ (Ctrl-C stops)"
    exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$out"
fi
