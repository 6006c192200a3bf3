#!/usr/bin/env bash
# Builds and starts the desktop app (the UI is built first: the app embeds
# it). The workspace is AURAG_WORKSPACE or ~/.local/share/aurag/default;
# "Open the sample workspace" in the app ingests assets/sample.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
. scripts/env.sh
bash scripts/ui.sh build
cargo build --workspace -q
exec "$CARGO_TARGET_DIR/debug/aurag-app"
