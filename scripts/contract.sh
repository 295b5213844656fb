#!/usr/bin/env bash
# The HTTP contract: schemathesis against the OpenAPI document the server serves (generated from
# its route table). Starts the given binary on a free port with a scratch copy of Presets/.
#   scripts/contract.sh [BINARY] [EXAMPLES]   (default .build/debug/workbench, 10 examples per operation)
# Every check runs (--checks all), positive_data_acceptance included: a request the document calls
# valid is one the handler takes, so what a handler refuses the document says (patterns, types,
# ranges). The render socket is a WebSocket, tested in Tests/Integration instead. Requests may take a while on a debug build (30 s timeout):
# going back to the built-in series regenerates 5 million points.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/debug/workbench}
examples=${2:-10}
# make test skips the coverage phase (every boundary of every parameter: minutes on a loaded
# machine); `make contract` runs every phase.
phases=${CONTRACT_PHASES:-examples,coverage,fuzzing,stateful}
scratch=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$scratch"' EXIT
cp -R Presets "$scratch/Presets"
# Only the preset files: a history kept beside them (the database, its marker, backups, lock) is not copied.
rm -rf "$scratch/Presets/.workbench"* "$scratch/Presets/.uploads"
"$binary" serve --port 0 --presets "$scratch/Presets" --public-folder Public >"$scratch/out" 2>"$scratch/err" &
pid=$!
# A debug build on a loaded machine may take a while to load its built-in series: wait up to a minute.
for _ in $(seq 600); do grep -q "serving" "$scratch/out" 2>/dev/null && break; sleep 0.1; done
url=$(grep -o 'http://[^/ ]*' "$scratch/out" | head -1 || true)
[ -n "$url" ] || { echo "contract: the server did not start" >&2; cat "$scratch/err" >&2; exit 1; }
SCHEMATHESIS_HOOKS=contract_hooks PYTHONPATH="$PWD/scripts${PYTHONPATH:+:$PYTHONPATH}" schemathesis --config-file scripts/schemathesis.toml run "$url/api/openapi.json" --max-examples "$examples" -H "Origin: $url" \
  --checks all --exclude-path /api/render/socket --phases "$phases" \
  --generation-deterministic --request-timeout 30 --no-color ${CONTRACT_REPORT:+--report har --report-har-path "$CONTRACT_REPORT"}
