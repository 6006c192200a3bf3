#!/usr/bin/env bash
# Runs the cargo-fuzz targets (fuzz/) for a bounded time each, outside CI's
# default run: `bash scripts/fuzz.sh [SECONDS_PER_TARGET]` (default 300).
# Needs the nightly toolchain; installs cargo-fuzz into the shared cache.
# Crashing inputs are copied into fuzz/regressions/<target>/, which
# tests/fuzz_regressions.rs replays on every test run.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/env.sh
SECS=${1:-300}
TOOLS="$(dirname "$CARGO_TARGET_DIR")/tools"
export PATH="$TOOLS/bin:$PATH"
rustup toolchain list | grep -q nightly || rustup toolchain install nightly --profile minimal
command -v cargo-fuzz >/dev/null || CARGO_TARGET_DIR="$(dirname "$CARGO_TARGET_DIR")/tools-target" cargo install cargo-fuzz --locked --root "$TOOLS"
export CARGO_TARGET_DIR="$(dirname "$CARGO_TARGET_DIR")/fuzz-target"
# Seed corpora: the sample files (first byte = format index) and actions.
mkdir -p fuzz/corpus/ingest fuzz/corpus/actions
i=0
for f in assets/sample/annual_report_excerpt.pdf:0 assets/sample/financials.xlsx:1 assets/sample/operations.db:7; do
  printf "\\x0${f##*:}" | cat - "${f%%:*}" > "fuzz/corpus/ingest/seed$i"; i=$((i+1))
done
printf '\x04Region,2019\nEurope,1210\n' > fuzz/corpus/ingest/seed_csv
printf '\x05Revenue grew 10%% in 2019. Costs were flat.\n' > fuzz/corpus/ingest/seed_txt
printf 'cells t B2:C3' > fuzz/corpus/actions/seed0
printf '{"action":"SelectSentenceIdxs","source":"t","idxs":[0,2]}' > fuzz/corpus/actions/seed1
status=0
for t in ingest actions; do
  echo "fuzz: $t for ${SECS}s" >&2
  # Artifacts of earlier runs are already kept (or fixed): start clean.
  rm -rf "fuzz/artifacts/$t"
  (cd fuzz && cargo +nightly fuzz run --sanitizer none "$t" "corpus/$t" -- -max_total_time="$SECS" -rss_limit_mb=4096 -timeout=30) || status=1
  for a in fuzz/artifacts/"$t"/crash-* fuzz/artifacts/"$t"/oom-*; do
    [ -e "$a" ] && cp "$a" "fuzz/regressions/$t/" && echo "fuzz: kept $a as a regression input" >&2
  done
  # A hang would hang the test suite's replay: kept apart until fixed.
  for a in fuzz/artifacts/"$t"/timeout-*; do
    [ -e "$a" ] && mkdir -p fuzz/known-hangs && cp "$a" fuzz/known-hangs/ && echo "fuzz: kept $a in fuzz/known-hangs/ (not replayed until fixed)" >&2
  done
done
exit $status
