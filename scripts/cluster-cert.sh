#!/usr/bin/env bash
# A small certificate authority and one certificate for the links between kawu-server nodes
# (their --cluster-tls-cert, --cluster-tls-key and --cluster-tls-ca), made with openssl:
#
#   bash scripts/cluster-cert.sh FOLDER HOST...
#
# writes, in FOLDER:
#   ca.pem    the authority: every node's --cluster-tls-ca
#   ca.key    its key, to sign more later: keep it off the nodes
#   node.pem  a certificate for every HOST (an IP address or a DNS name, as the nodes'
#             --cluster-address names them), valid 825 days: every node's --cluster-tls-cert
#   node.key  its key: every node's --cluster-tls-key
# The scripts/cluster.sh cluster and its tests use one for 127.0.0.1.
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: bash scripts/cluster-cert.sh FOLDER HOST..." >&2
  exit 2
fi
folder=$1
shift
mkdir -p "$folder"
umask 077

names=""
for host in "$@"; do
  if [[ $host =~ ^[0-9.]+$ || $host == *:* ]]; then
    names+="IP:$host,"
  else
    names+="DNS:$host,"
  fi
done

cat >"$folder/ca.cnf" <<CONFIG
[req]
distinguished_name = name
prompt = no
x509_extensions = authority
[name]
CN = kawu cluster authority
[authority]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
CONFIG
cat >"$folder/node.cnf" <<CONFIG
[req]
distinguished_name = name
prompt = no
[name]
CN = kawu node
[node]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = serverAuth
subjectAltName = ${names%,}
CONFIG

openssl req -x509 -config "$folder/ca.cnf" -newkey ec -pkeyopt ec_paramgen_curve:P-256 \
  -nodes -days 3650 -keyout "$folder/ca.key" -out "$folder/ca.pem" 2>/dev/null
openssl req -new -config "$folder/node.cnf" -newkey ec -pkeyopt ec_paramgen_curve:P-256 \
  -nodes -keyout "$folder/node.key" -out "$folder/node.csr" 2>/dev/null
openssl x509 -req -in "$folder/node.csr" -CA "$folder/ca.pem" -CAkey "$folder/ca.key" \
  -CAcreateserial -days 825 -extfile "$folder/node.cnf" -extensions node \
  -out "$folder/node.pem" 2>/dev/null
rm -f "$folder/node.csr" "$folder/ca.cnf" "$folder/node.cnf" "$folder/ca.srl"
# The certificates are public; the keys stay readable by their owner alone.
chmod 644 "$folder/ca.pem" "$folder/node.pem"
