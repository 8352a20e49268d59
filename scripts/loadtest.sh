#!/usr/bin/env bash
# `kawu-cli loadtest` in one run against one SQLite node and against a two-node cluster on
# PostgreSQL behind HAProxy (scripts/cluster.sh), with the same games and flags; reports each
# one's actions per second, latency and the memory and processor time of every process, then
# each node's mean commit and action time from its /metrics. Each game connects from a loopback
# address of its own (`--loopback-sources`), so the servers keep their per-address limits.
#
#   bash scripts/loadtest.sh --games 200 --seconds 20 --think-ms 300
#
#   bash scripts/loadtest.sh --game qiguo --seats 4 --computers 2 --games 100 --seconds 20
#
# The flags go to `kawu-cli loadtest` (`--help` lists them; `--game qiguo` plays tables of
# `--seats` with `--computers` of them the server's). Builds the binaries first, in release
# unless KAWU_PROFILE names another profile (`dev`: the test build's binaries); with
# KAWU_BIN_DIR it builds nothing and runs the kawu-server and kawu-cli in that folder.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -n "${KAWU_BIN_DIR:-}" ]; then
  target=$KAWU_BIN_DIR
else
  profile=${KAWU_PROFILE:-release}
  cargo build --quiet --profile "$profile" --no-default-features --features server \
    --bin kawu-server --bin kawu-cli
  [ "$profile" = dev ] && profile=debug
  target=${CARGO_TARGET_DIR:-target}/$profile
fi
port=${KAWU_SQLITE_PORT:-17390}
data=$(mktemp -d "${TMPDIR:-/tmp}/kawu-loadtest.XXXXXX")
"$target/kawu-server" --addr "127.0.0.1:$port" --data "$data" \
  --frames-per-second 10000 --frame-burst 10000 >"$data/server.log" 2>&1 &
sqlite_pid=$!
trap 'kill $sqlite_pid 2>/dev/null || true; wait $sqlite_pid 2>/dev/null || true; rm -rf "$data"' EXIT
for _ in $(seq 1 100); do
  curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1 && break
  sleep 0.1
done

# The cluster's nodes keep the normal clock (the load test's games have none anyway) and their
# default limits: each game connects from a loopback address of its own, which HAProxy names
# to the nodes.
KAWU_SERVER_BIN="$target/kawu-server" KAWU_CLUSTER_CLOCK_SECOND=1 \
  bash scripts/cluster.sh bash -c '
    dir=$KAWU_CLUSTER_DIR
    "$0" loadtest \
      --target "sqlite=127.0.0.1:'"$port"'" --process "sqlite/kawu-server=$1" \
      --target "cluster=$KAWU_CLUSTER_LB" \
      --process "cluster/node-a=$(cat "$dir/node-a.pid")" \
      --process "cluster/node-b=$(cat "$dir/node-b.pid")" \
      --process "cluster/haproxy=$(cat "$dir/haproxy.pid")" \
      --process "cluster/postgresql=$(head -n 1 "$dir/pg/data/postmaster.pid")" \
      --loopback-sources "${@:2}"
    # What each node says of its own work (/metrics): the writes of its rooms to the database,
    # from asking to the commit, and its actions, from taking one up to its event stored and
    # sent (no apostrophes here: this is inside single quotes).
    for node in "sqlite=127.0.0.1:'"$port"'" "node-a=$KAWU_CLUSTER_NODE_A" \
      "node-b=$KAWU_CLUSTER_NODE_B"; do
      curl -fsS "http://${node#*=}/metrics" | awk -v node="${node%%=*}" "
        /^kawu_commit_seconds_sum/ { commit += \$2 } /^kawu_commit_seconds_count/ { commits += \$2 }
        /^kawu_action_seconds_sum/ { action += \$2 } /^kawu_action_seconds_count/ { actions += \$2 }
        END { printf \"%s: %d commits, mean %.2f ms; %d actions, mean %.2f ms\\n\", node,
          commits, commits ? 1000 * commit / commits : 0, actions, actions ? 1000 * action / actions : 0 }"
    done
  ' "$target/kawu-cli" "$sqlite_pid" "$@"
