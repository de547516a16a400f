#!/usr/bin/env bash
# Restarts Vigil's instances one after the other (after an upgrade, or to take new configuration):
# each drains on SIGTERM (HAProxy sends its traffic to the others, its event streams reconnect there
# and are replayed what they missed), starts again, and the next waits until it answers ready.
#   deploy/rolling-restart.sh 5001 5002
set -euo pipefail
[ "$#" -gt 0 ] || { echo "usage: $0 PORT [PORT …]  (the instances, as in vigil@PORT)" >&2; exit 2; }
for port in "$@"; do
  echo "== vigil@${port}: restarting"
  systemctl restart "vigil@${port}"
  for _ in $(seq 1 120); do
    if curl -fsS "http://127.0.0.1:${port}/api/ready" >/dev/null 2>&1; then break; fi
    sleep 1
  done
  curl -fsS "http://127.0.0.1:${port}/api/ready" || { echo "vigil@${port} is not ready: stopping here" >&2; exit 1; }
  echo
  # HAProxy takes an instance back after two good checks (2 s apart).
  sleep 5
done
echo "== done"
