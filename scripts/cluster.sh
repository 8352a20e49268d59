#!/usr/bin/env bash
# A throwaway kawu cluster on this machine: PostgreSQL in a temporary folder on its own port,
# two kawu-server nodes on it, linked to each other over TLS on listeners of their own (a
# certificate made by scripts/cluster-cert.sh), HAProxy in front (deploy/haproxy.cfg). Runs the command given
# with the cluster's addresses in its environment, then stops everything (also on failure or
# Ctrl-C) and exits with the command's status. Without a command it waits for Ctrl-C.
#
#   bash scripts/cluster.sh cargo test --no-default-features --features server --test cluster \
#     -- --ignored --test-threads=1
#
# The command sees:
#   KAWU_CLUSTER_LB        HAProxy's address (host:port): clients connect to ws://$it/ws
#   KAWU_CLUSTER_NODE_A/B  each node's own address
#   KAWU_CLUSTER_LINK_A/B  each node's cluster listener (TLS), where the other node links
#   KAWU_CLUSTER_TLS_CA    the authority of the links' certificate (PEM)
#   KAWU_CLUSTER_DIR       the temporary folder: node-a.pid / node-b.pid hold each node's
#                          process id (a killed node is started again, as by a supervisor);
#                          it is the nodes' KAWU_FAILPOINTS folder too (debug builds: a file
#                          `exit-after-commit` holding a room's code ends the node that next
#                          stores an event of that room, between its commit and its notices)
#   KAWU_CLUSTER_GRACE_SECONDS  the nodes' --grace-seconds
#   KAWU_CLUSTER_DATABASE  the nodes' database URL
#   KAWU_TEST_POSTGRES     the PostgreSQL server's URL, for the storage tests' own databases
#
# Needs Debian's postgresql, haproxy and openssl packages. PostgreSQL refuses to run as root:
# as root, its server runs as the `postgres` user the package creates.
# Settings: KAWU_CLUSTER_PORT (first of six ports, default 17400), KAWU_SERVER_BIN (the
# kawu-server binary; default: built here with `cargo build`, KAWU_PROFILE=release for a
# release build), KAWU_CLUSTER_CLOCK_SECOND (the nodes' --clock-second, default 0.02),
# KAWU_CLUSTER_TAKEBACK_WAIT_SECONDS (the nodes' --takeback-wait-seconds, default 1),
# KAWU_CLUSTER_GRACE_SECONDS (the nodes' --grace-seconds, default 10),
# KAWU_CLUSTER_RESTART_SECONDS (how long a killed node stays down, default 3),
# KAWU_CLUSTER_PG_OPTIONS (more `postgres` options, e.g. "-c synchronous_commit=off"),
# KAWU_CLUSTER_NODE_FLAGS (more kawu-server flags for both nodes, e.g. "--max-rooms 20000").
set -euo pipefail
cd "$(dirname "$0")/.."

pg_bin=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
if [ ! -x "$pg_bin/postgres" ]; then
  echo "cluster.sh: PostgreSQL's binaries are not installed (apt-get install postgresql)" >&2
  exit 1
fi
if ! command -v haproxy >/dev/null; then
  echo "cluster.sh: haproxy is not installed (apt-get install haproxy)" >&2
  exit 1
fi
if ! command -v openssl >/dev/null; then
  echo "cluster.sh: openssl is not installed (apt-get install openssl)" >&2
  exit 1
fi

base=${KAWU_CLUSTER_PORT:-17400}
pg_port=$base
port_a=$((base + 1))
port_b=$((base + 2))
lb_port=$((base + 3))
link_a=$((base + 4))
link_b=$((base + 5))

if [ -z "${KAWU_SERVER_BIN:-}" ]; then
  profile=${KAWU_PROFILE:-dev}
  cargo build --quiet --profile "$profile" --no-default-features --features server --bin kawu-server
  target=${CARGO_TARGET_DIR:-target}
  [ "$profile" = dev ] && profile=debug
  KAWU_SERVER_BIN="$target/$profile/kawu-server"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/kawu-cluster.XXXXXX")
chmod 755 "$work"
pids=()

# Runs PostgreSQL's programs as an unprivileged user when this script runs as root.
as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

cleanup() {
  status=$?
  trap - EXIT INT TERM
  touch "$work/stop"
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for name in a b; do
    [ -f "$work/node-$name.pid" ] && kill "$(cat "$work/node-$name.pid")" 2>/dev/null || true
  done
  [ -f "$work/haproxy.pid" ] && kill "$(cat "$work/haproxy.pid")" 2>/dev/null || true
  if [ -f "$work/pg/data/postmaster.pid" ]; then
    as_postgres "$pg_bin/pg_ctl" -D "$work/pg/data" -m fast -w stop >/dev/null 2>&1 || true
  fi
  wait 2>/dev/null || true
  if [ "$status" -ne 0 ]; then
    for log in "$work"/*.log "$work"/pg/log; do
      [ -f "$log" ] || continue
      echo "--- last lines of $log" >&2
      tail -n 20 "$log" >&2
    done
  fi
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# PostgreSQL: a new cluster in the temporary folder, on its own port, its socket there too.
mkdir "$work/pg"
[ "$(id -u)" -eq 0 ] && chown postgres "$work/pg"
as_postgres "$pg_bin/initdb" -D "$work/pg/data" -U kawu --auth=trust -E UTF8 >"$work/initdb.log"
as_postgres "$pg_bin/pg_ctl" -D "$work/pg/data" -l "$work/pg/log" -w \
  -o "-p $pg_port -k $work/pg -c listen_addresses=127.0.0.1 -c max_connections=200 \
      ${KAWU_CLUSTER_PG_OPTIONS:-}" start \
  >/dev/null
"$pg_bin/createdb" -h 127.0.0.1 -p "$pg_port" -U kawu kawu
database="postgres://kawu@127.0.0.1:$pg_port/kawu"

# The links' certificate, for 127.0.0.1.
bash scripts/cluster-cert.sh "$work/tls" 127.0.0.1

# Two nodes, each started again when it dies (as a supervisor such as systemd would).
grace_seconds=${KAWU_CLUSTER_GRACE_SECONDS:-10}
export KAWU_FAILPOINTS="$work"
node() {
  local name=$1 port=$2 link=$3
  while [ ! -e "$work/stop" ]; do
    # The per-address and per-node limits are the defaults: HAProxy names each client in a
    # PROXY protocol header, and the tests connect from addresses of their own (any
    # 127.x.y.z). Only a connection's frame rate is raised: the tests' robots move faster
    # than people.
    "$KAWU_SERVER_BIN" --addr "127.0.0.1:$port" --database "$database" --node "$name" \
      --cluster-listen "127.0.0.1:$link" --cluster-tls-cert "$work/tls/node.pem" \
      --cluster-tls-key "$work/tls/node.key" --cluster-tls-ca "$work/tls/ca.pem" \
      --trusted-proxy 127.0.0.1 --frames-per-second 10000 --frame-burst 10000 \
      ${KAWU_CLUSTER_NODE_FLAGS:-} \
      --clock-second "${KAWU_CLUSTER_CLOCK_SECOND:-0.02}" \
      --takeback-wait-seconds "${KAWU_CLUSTER_TAKEBACK_WAIT_SECONDS:-1}" \
      --grace-seconds "$grace_seconds" \
      >>"$work/node-$name.log" 2>&1 &
    echo $! >"$work/node-$name.pid"
    wait $! || true
    # A while down first, so that its clients must go to the other node.
    [ -e "$work/stop" ] || sleep "${KAWU_CLUSTER_RESTART_SECONDS:-3}"
  done
}
node a "$port_a" "$link_a" &
pids+=($!)
node b "$port_b" "$link_b" &
pids+=($!)

KAWU_LB_ADDR="127.0.0.1:$lb_port" KAWU_NODE_A="127.0.0.1:$port_a" KAWU_NODE_B="127.0.0.1:$port_b" \
  haproxy -f deploy/haproxy.cfg -D -p "$work/haproxy.pid" >"$work/haproxy.log" 2>&1

ready() {
  for _ in $(seq 1 100); do
    curl -fsS "http://$1/health" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "cluster.sh: nothing answers at http://$1/health" >&2
  return 1
}
ready "127.0.0.1:$port_a"
ready "127.0.0.1:$port_b"
ready "127.0.0.1:$lb_port"

export KAWU_CLUSTER_LB="127.0.0.1:$lb_port"
export KAWU_CLUSTER_NODE_A="127.0.0.1:$port_a"
export KAWU_CLUSTER_NODE_B="127.0.0.1:$port_b"
export KAWU_CLUSTER_LINK_A="127.0.0.1:$link_a"
export KAWU_CLUSTER_LINK_B="127.0.0.1:$link_b"
export KAWU_CLUSTER_TLS_CA="$work/tls/ca.pem"
export KAWU_CLUSTER_DIR="$work"
export KAWU_CLUSTER_DATABASE="$database"
export KAWU_CLUSTER_GRACE_SECONDS="$grace_seconds"
export KAWU_TEST_POSTGRES="postgres://kawu@127.0.0.1:$pg_port"
echo "cluster.sh: PostgreSQL on $pg_port, nodes on $port_a and $port_b (links on $link_a and" \
  "$link_b), HAProxy on $lb_port"

if [ $# -eq 0 ]; then
  echo "cluster.sh: up; Ctrl-C stops it"
  while true; do sleep 3600; done
fi
"$@"
