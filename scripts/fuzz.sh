#!/usr/bin/env bash
# Builds and runs the libFuzzer harnesses in Fuzz/ (one folder each: harness.swift, `sources`
# listing the repository files it is compiled with, a committed seed corpus/).
#   scripts/fuzz.sh [SECONDS] [NAME…]   fuzz each harness for SECONDS (default 60): new inputs
#                                        go to .build/fuzz/NAME/corpus, crashes to Fuzz/NAME/crashes/
#   scripts/fuzz.sh --seeds [SECONDS] [NAME…]   what `make test` runs: every committed input once,
#                                        then SECONDS (default 3) of mutation from them
# A crash stops with the input's path; copy it into Fuzz/NAME/corpus/ as a regression input once fixed.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

mode=fuzz
if [ "${1:-}" = --seeds ]; then mode=seeds; shift; fi
seconds=${1:-}
if [[ "$seconds" =~ ^[0-9]+$ ]]; then shift; else seconds=$([ $mode = seeds ] && echo 3 || echo 60); fi
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  for dir in Fuzz/*/; do names+=("$(basename "$dir")"); done
fi

out=$root/.build/fuzz
mkdir -p "$out"
flags=(-sanitize=fuzzer,address -parse-as-library -O -wmo -g)
# Swift's own crash handler reads memory in ways AddressSanitizer reports; libFuzzer reports instead.
export SWIFT_BACKTRACE=enable=no
# Compiler output only when it fails (the linker warns about every ASan helper symbol).
quiet() {
  local log; log=$(mktemp)
  if ! "$@" >"$log" 2>&1; then grep -v 'Cannot export local symbol' "$log" >&2; rm -f "$log"; return 1; fi
  rm -f "$log"
}

status=0
for name in "${names[@]}"; do
  dir=Fuzz/$name
  [ -f "$dir/harness.swift" ] || { echo "fuzz: no harness $dir/harness.swift" >&2; exit 2; }
  mapfile -t sources < <(grep -v '^\s*\(#\|$\)' "$dir/sources")
  binary=$out/$name/harness
  mkdir -p "$out/$name/corpus"
  if [ ! -x "$binary" ] || [ -n "$(find "$dir/harness.swift" "$dir/sources" "${sources[@]}" -newer "$binary" | head -1)" ]; then
    echo "fuzz: building $name …"
    # The listed files come from several of the package's modules, ChartEngine's included;
    # compiled here as one, so imports of those modules go. (The harnesses use a few engine
    # files: the whole engine, instrumented as a library of its own, was 2/5 of the step's CPU.)
    copies=$out/$name/sources; rm -rf "$copies"; mkdir -p "$copies"
    for source in "${sources[@]}"; do
      sed -E '/^import (ChartEngine|WorkbenchSupport|HTTPServer|WorkbenchStores|WorkbenchExports|PriceData|WorkbenchApplication)$/d' "$source" > "$copies/$(basename "$source")"
    done
    # In its own folder: with -g, swiftc leaves the harness's module files where it runs.
    (cd "$out/$name" && quiet swiftc "${flags[@]}" -package-name ChartWorkbench "$root/$dir/harness.swift" "$copies"/*.swift -o "$binary")
  fi
  # The first folder receives new inputs; the committed corpus is only read.
  if [ $mode = seeds ]; then
    scratch=$out/$name/seeds; rm -rf "$scratch"; mkdir -p "$scratch/corpus"
    args=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1
          -artifact_prefix="$scratch/" "$scratch/corpus" "$dir/corpus")
  else
    mkdir -p "$dir/crashes"
    args=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1
          -artifact_prefix="$dir/crashes/" "$out/$name/corpus" "$dir/corpus")
  fi
  echo "fuzz: $name for ${seconds}s"
  log=$out/$name/last.log
  if "$binary" "${args[@]}" >"$log" 2>&1; then
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)
    echo "fuzz: $name ok, ${runs:-?} executions"
  else
    echo "fuzz: $name FAILED, see $log" >&2
    grep -E 'ERROR|Fatal error|Test unit written|SUMMARY|deadly signal' "$log" | head -6 >&2
    status=1
  fi
  [ -d "$dir/crashes" ] && rmdir "$dir/crashes" 2>/dev/null || true
done
exit $status
