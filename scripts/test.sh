#!/usr/bin/env bash
# Quickstart, command two: the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
. scripts/env.sh
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
