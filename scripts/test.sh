#!/usr/bin/env bash
# Quickstart, command two: the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
. scripts/env.sh
cargo test --workspace --no-fail-fast 2>&1
