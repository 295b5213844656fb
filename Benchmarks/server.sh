#!/usr/bin/env bash
# Server throughput with wrk (release build): a small static file and a small JSON route of the
# workbench, and a bare libmicrohttpd hello-world built and measured in the same run as baseline.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=.build/release/workbench
OUT=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$OUT"' EXIT
DURATION=${DURATION:-10s}

gcc -O2 -o "$OUT/mhd_hello" Benchmarks/mhd_hello.c $(pkg-config --cflags --libs libmicrohttpd)

"$OUT/mhd_hello" 18181 > "$OUT/hello.log" &
"$BIN" serve --port 18080 --presets "$OUT/presets" > "$OUT/serve.log" &
SERVER=$!
for _ in $(seq 100); do grep -q serving "$OUT/serve.log" 2>/dev/null && grep -q ready "$OUT/hello.log" && break; sleep 0.1; done

rss() { awk '/VmRSS/ {print $2}' /proc/"$1"/status; }
measure() {  # name url
  wrk -t2 -c64 -d"$DURATION" --latency "$2" > "$OUT/wrk.txt"
  local rps p50 p99 errors non2xx
  rps=$(awk '/Requests\/sec/ {print $2}' "$OUT/wrk.txt")
  p50=$(awk '$1=="50%" {print $2}' "$OUT/wrk.txt")
  p99=$(awk '$1=="99%" {print $2}' "$OUT/wrk.txt")
  errors=$(grep -c "Socket errors" "$OUT/wrk.txt" || true)
  non2xx=$(awk '/Non-2xx/ {print $NF}' "$OUT/wrk.txt")
  # The report goes to stderr (reopening /dev/stderr would truncate a redirected log).
  printf "%-40s %10s req/s   p50 %8s   p99 %8s   socket errors: %s   non-2xx: %s\n" "$1" "$rps" "$p50" "$p99" "$errors" "${non2xx:-0}" >&2
  echo "$rps"
}

echo "wrk -t2 -c64 -d$DURATION (release build, same run)"
hello=$(measure "libmicrohttpd hello-world (baseline)" http://127.0.0.1:18181/)
before=$(rss $SERVER)
static=$(measure "workbench static file /favicon.svg" http://127.0.0.1:18080/favicon.svg)
json=$(measure "workbench JSON route /api/live" http://127.0.0.1:18080/api/live)
render=$(measure "workbench chart render /api/render" "http://127.0.0.1:18080/api/render?period=1Y")
after=$(rss $SERVER)
python3 - "$hello" "$static" "$json" "$render" "$before" "$after" <<'PY'
import sys
hello, static, json_, render, before, after = map(float, sys.argv[1:])
print(f"static / hello-world: {static / hello:.2f}×   JSON / hello-world: {json_ / hello:.2f}×   render / hello-world: {render / hello:.3f}×")
print(f"workbench RSS before {before / 1024:.1f} MB, after {after / 1024:.1f} MB (built-in 10-year series resident)")
PY
