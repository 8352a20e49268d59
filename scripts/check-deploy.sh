#!/usr/bin/env bash
# Checks the files of deploy/ as the tools that read them do: `haproxy -c` on
# deploy/haproxy.cfg without and with TLS (a throwaway certificate), and `systemd-analyze
# verify` on the units (kawu-server's path pointed at an existing program), where those tools
# are installed. Any warning fails.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d "${TMPDIR:-/tmp}/kawu-deploy.XXXXXX")
trap 'rm -rf "$work"' EXIT

if command -v haproxy >/dev/null; then
  export KAWU_LB_ADDR=127.0.0.1:18080 KAWU_NODE_A=127.0.0.1:18081 KAWU_NODE_B=127.0.0.1:18082
  haproxy -c -q -f deploy/haproxy.cfg
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 1 \
    -subj /CN=kawu.example -keyout "$work/key.pem" -out "$work/cert.pem" 2>/dev/null
  cat "$work/cert.pem" "$work/key.pem" >"$work/site.pem"
  KAWU_TLS_ADDR=127.0.0.1:18443 KAWU_TLS_CERT="$work/site.pem" \
    haproxy -c -q -f deploy/haproxy.cfg
  echo "check-deploy.sh: deploy/haproxy.cfg is valid, with and without TLS"
else
  echo "check-deploy.sh: no haproxy here: deploy/haproxy.cfg not checked" >&2
fi

if command -v systemd-analyze >/dev/null; then
  # The unit with its drop-in, as systemd reads them together.
  sed 's#^ExecStart=/usr/local/bin/kawu-server#ExecStart=/bin/true#' \
    deploy/systemd/kawu-server@.service deploy/systemd/kawu-server@.service.d/cluster-tls.conf \
    >"$work/kawu-server@a.service"
  units=("$work/kawu-server@a.service")
  if command -v haproxy >/dev/null && id haproxy >/dev/null 2>&1; then
    cp deploy/systemd/kawu-haproxy.service "$work/"
    units+=("$work/kawu-haproxy.service")
  fi
  warnings=$(systemd-analyze verify "${units[@]}" 2>&1 || true)
  if [ -n "$warnings" ]; then
    echo "$warnings" >&2
    exit 1
  fi
  echo "check-deploy.sh: ${#units[@]} systemd units verified"
else
  echo "check-deploy.sh: no systemd-analyze here: the units are not checked" >&2
fi
