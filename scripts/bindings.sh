#!/usr/bin/env bash
# Regenerates ui/src/bindings/ (TypeScript) from the Rust types with ts-rs.
# The test suite fails when the committed bindings drift from the Rust types.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/env.sh
AURAG_WRITE_BINDINGS=1 cargo test --workspace -p aurag-app committed_bindings -- --exact bindings::tests::committed_bindings_match_the_rust_types 2>&1 | tail -n 3
ls ui/src/bindings | wc -l | xargs echo "bindings: files in ui/src/bindings:"
