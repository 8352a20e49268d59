#!/usr/bin/env bash
# Xiangqi perft speed, side by side: kawu-cli against Debian's fairy-stockfish on the same
# positions and depths. Prints one row per position: nodes, seconds and nodes per second of
# each, and the speed ratio. Installs fairy-stockfish if missing.
#   bash scripts/xiangqi-perft-vs-fairy.sh [--quick]
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/kawu-target}"
fairy=/usr/games/fairy-stockfish
if [ ! -x "$fairy" ]; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends fairy-stockfish >/dev/null
fi
cargo build --release --no-default-features --bin kawu-cli -q
kawu="$CARGO_TARGET_DIR/release/kawu-cli"

# FEN and depth: the start position and the harder ones of tests/data/xiangqi-perft.txt.
positions=(
  "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1|5"
  "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1|4"
  "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1|5"
  "2b1ka3/9/b3N4/4n4/9/9/9/4C4/2p6/2BK5 w - - 0 1|6"
  "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1|4"
)
if [ "${1:-}" = "--quick" ]; then positions=("${positions[0]%|*}|4"); fi

seconds() { date +%s.%N; }
printf '%-10s %5s %13s %9s %12s %9s %12s %7s\n' position depth nodes kawu_s kawu_nps fairy_s fairy_nps ratio
index=0
for entry in "${positions[@]}"; do
  fen="${entry%|*}"; depth="${entry##*|}"
  start=$(seconds)
  ours=$("$kawu" xiangqi perft "$fen" "$depth")
  ours_time=$(echo "$(seconds) - $start" | bc -l)
  start=$(seconds)
  theirs=$(printf 'uci\nsetoption name UCI_Variant value xiangqi\nposition fen %s\ngo perft %s\nquit\n' "$fen" "$depth" \
    | "$fairy" | sed -n 's/^Nodes searched: //p')
  theirs_time=$(echo "$(seconds) - $start" | bc -l)
  if [ "$ours" != "$theirs" ]; then
    echo "MISMATCH on $fen depth $depth: kawu $ours, fairy-stockfish $theirs" >&2
    exit 1
  fi
  printf '%-10s %5s %13s %9.2f %12.0f %9.2f %12.0f %6.2fx\n' "#$index" "$depth" "$ours" \
    "$ours_time" "$(echo "$ours / $ours_time" | bc -l)" \
    "$theirs_time" "$(echo "$theirs / $theirs_time" | bc -l)" \
    "$(echo "$theirs_time / $ours_time" | bc -l)"
  index=$((index + 1))
done
